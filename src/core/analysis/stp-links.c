/* stp-links.c: what points at what in a trace, for details and the inspector
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Tensor names resolve as in timeline.py's _show_compute: an input is
 * looked up as written, and if no node produced that name, as the part
 * before a "/_" (a Send/Recv pair inserted by partitioning).  For links
 * shown to the user a leading "^" (a control input) is dropped as well.
 *
 * Among several traces side by side each StepStats has its own nodes:
 * the links of a merged trace hold one set per input, each over that
 * input's processes only (stp_links_for_process()).
 */

#define G_LOG_DOMAIN "stp-links"

#include "stp-links.h"
#include "stp-loader.h"
#include "stp-step-stats-labels.h"

#include <string.h>

#define CANCEL_CHECK_INTERVAL 16384
/* Below this many nodes a second thread costs more than it saves. */
#define PARALLEL_MIN_NODES    16384

/* A node name's place in the names' table: its hash, and the latest
 * node of that name + 1 (0: an empty slot).  The names stay where the
 * StepStats holds them. */
typedef struct
{
  guint32 hash;
  guint32 node;
} NameSlot;

struct _StpLinks
{
  gint          ref_count;
  StpTrace     *trace;
  StpStepStats *ss;
  const struct _StpLifetimes *lifetimes;  /* the trace's, or its input's */
  guint32       first_process;  /* the processes linked: [first, end) */
  guint32       end_process;
  GPtrArray    *parts;          /* merged trace: StpLinks* per input */

  StpItemRef   *node_slices;   /* per node */
  NameSlot     *names;         /* every node name once */
  guint32       n_names;       /* slots: a power of two */
  guint32      *earlier;       /* per node: the one of that name before it, or NONE */
  guint32      *starts;        /* per output of the StepStats, and one more: */
  guint32      *consumers;     /* its consuming nodes start there, in node order */
  GHashTable   *objects;       /* StpStr -> object index + 1 */
};

G_DEFINE_BOXED_TYPE (StpLinks, stp_links, stp_links_ref, stp_links_unref)

static inline const StpStepStatsNode *
get_node (StpLinks *self,
          guint32   node)
{
  return &g_array_index (self->ss->nodes, StpStepStatsNode, node);
}

/* The slot of the node name, or the empty one where it would go. */
static NameSlot *
find_name (StpLinks   *self,
           const char *name,
           gsize       len,
           guint32     hash)
{
  guint32 i = hash & (self->n_names - 1);

  for (;; i = (i + 1) & (self->n_names - 1))
    {
      NameSlot *slot = &self->names[i];
      StpSpan other;

      if (slot->node == 0)
        return slot;
      if (slot->hash != hash)
        continue;
      other = stp_step_stats_node_name (get_node (self, slot->node - 1));
      if (other.len == len && (len == 0 || memcmp (other.str, name, len) == 0))
        return slot;
    }
}

static void
index_names (StpLinks *self)
{
  guint32 n_nodes = self->ss->nodes->len;

  self->n_names = 16;
  while (self->n_names < 2 * (guint64) n_nodes)
    self->n_names *= 2;
  self->names = g_new0 (NameSlot, self->n_names);
  self->earlier = g_new (guint32, MAX (1, n_nodes));

  for (guint32 i = 0; i < n_nodes; i++)
    {
      StpSpan name = stp_step_stats_node_name (get_node (self, i));
      guint32 hash = stp_string_table_hash (name.str, name.len);
      NameSlot *slot = find_name (self, name.str, name.len, hash);

      self->earlier[i] = slot->node != 0 ? slot->node - 1 : STP_INDEX_NONE;
      slot->hash = hash;
      slot->node = i + 1;
    }
}

/* The latest node called name that has an output k, or NONE. */
static guint32
latest_with_output (StpLinks   *self,
                    const char *name,
                    gsize       len,
                    guint64     k)
{
  NameSlot *slot = find_name (self, name, len, stp_string_table_hash (name, len));
  guint32 node = slot->node != 0 ? slot->node - 1 : STP_INDEX_NONE;

  while (node != STP_INDEX_NONE && get_node (self, node)->n_outputs <= k)
    node = self->earlier[node];
  return node;
}

/* "name:k" with k written as %u writes it, k > 0: where name ends. */
static gboolean
split_output (const char *tensor,
              gsize       len,
              gsize      *name_len,
              guint64    *k)
{
  gsize colon = len;

  while (colon > 0 && g_ascii_isdigit (tensor[colon - 1]))
    colon--;
  if (colon == 0 || colon == len || tensor[colon - 1] != ':' || tensor[colon] == '0' ||
      len - colon > 10)
    return FALSE;

  *k = 0;
  for (gsize i = colon; i < len; i++)
    *k = *k * 10 + (tensor[i] - '0');
  *name_len = colon - 1;
  return *k <= G_MAXUINT32;
}

/* The output producing a tensor called exactly that: output 0 of the
 * latest node so named, or output k of the latest node called the
 * name before ":k", whichever came later (timeline.py's rule: the
 * latest production of the name).  FALSE if none does. */
static gboolean
find_output (StpLinks   *self,
             const char *tensor,
             gsize       len,
             guint32    *node,
             guint      *output)
{
  guint32 whole = latest_with_output (self, tensor, len, 0);
  guint32 split = STP_INDEX_NONE;
  gsize name_len;
  guint64 k;

  if (split_output (tensor, len, &name_len, &k))
    split = latest_with_output (self, tensor, name_len, k);

  if (split != STP_INDEX_NONE && (whole == STP_INDEX_NONE || split > whole))
    {
      *node = split;
      *output = k;
    }
  else
    {
      *node = whole;
      *output = 0;
    }
  return *node != STP_INDEX_NONE;
}

/* As _show_compute resolves an input: as written, else before "/_". */
static gboolean
resolve (StpLinks   *self,
         const char *input,
         gsize       len,
         guint32    *node,
         guint      *output)
{
  if (find_output (self, input, len, node, output))
    return TRUE;

  for (gsize j = len; j >= 2; j--)
    if (input[j - 2] == '/' && input[j - 1] == '_')
      return j - 2 > 0 && find_output (self, input, j - 2, node, output);

  return FALSE;
}

/* Resolving the inputs of nodes [first, end): a share of the nodes,
 * on a thread of its own. */
typedef struct
{
  StpLinks     *self;
  guint32       first;
  guint32       end;
  GCancellable *cancellable;
  GArray       *uses;       /* guint32 pairs: (output, consuming node), in node order */
  gboolean      cancelled;
} ResolveJob;

/* Whether node i already reads output o: an op reading one tensor
 * twice consumes it once.  Its uses are the last few appended. */
static gboolean
already_reads (GArray  *uses,
               guint    first_use,
               guint32  o)
{
  for (guint u = first_use; u < uses->len; u++)
    if (g_array_index (uses, guint32, 2 * u) == o)
      return TRUE;
  return FALSE;
}

static gpointer
resolve_inputs (gpointer data)
{
  ResolveJob *job = data;
  StpLinks *self = job->self;
  g_autoptr(GArray) inputs = g_array_new (FALSE, FALSE, sizeof (StpSpan));

  for (guint32 i = job->first; i < job->end; i++)
    {
      const StpStepStatsNode *node = get_node (self, i);
      const StpStepStatsDevice *device = &g_array_index (self->ss->devices, StpStepStatsDevice,
                                                         node->device);
      StpSpan name, op, list, node_name, label;
      guint first_use = job->uses->len;

      if ((i - job->first) % CANCEL_CHECK_INTERVAL == 0 && g_cancellable_is_cancelled (job->cancellable))
        {
          job->cancelled = TRUE;
          break;
        }

      /* GPU kernels and RecvTensor have no inputs in timeline.py. */
      if (device->gpu_tracer)
        continue;
      node_name = stp_step_stats_node_name (node);
      label = stp_step_stats_node_label (node);
      if (node_name.len == 10 && memcmp (node_name.str, "RecvTensor", 10) == 0)
        continue;
      if (!stp_step_stats_parse_op_label (label.str, label.len, &name, &op, &list))
        continue;

      stp_step_stats_split_inputs (list, inputs);
      for (guint k = 0; k < inputs->len; k++)
        {
          StpSpan input = g_array_index (inputs, StpSpan, k);
          guint32 producer, use[2];
          guint output;

          if (!resolve (self, input.str, input.len, &producer, &output))
            continue;
          use[0] = get_node (self, producer)->first_output + output;
          use[1] = i;
          if (!already_reads (job->uses, first_use, use[0]))
            g_array_append_val (job->uses, use);
        }
    }

  return NULL;
}

/* Every op's inputs resolved, then each output's consumers gathered in
 * one array, output after output.  Resolving is most of the links'
 * time, a few cache misses per input, and reads only the names' table:
 * on a big step, the second half of the nodes goes to another core. */
static gboolean
index_consumers (StpLinks      *self,
                 GCancellable  *cancellable,
                 GError       **error)
{
  guint32 n_nodes = self->ss->nodes->len;
  guint32 n_outputs = self->ss->outputs->len;
  guint32 half = n_nodes >= PARALLEL_MIN_NODES ? n_nodes / 2 : n_nodes;
  ResolveJob jobs[2] = {
    { self, 0, half, cancellable, g_array_new (FALSE, FALSE, 2 * sizeof (guint32)), FALSE },
    { self, half, n_nodes, cancellable, g_array_new (FALSE, FALSE, 2 * sizeof (guint32)), FALSE },
  };
  GThread *thread = NULL;
  g_autofree guint32 *next = NULL;

  if (half < n_nodes)
    thread = g_thread_try_new ("stp-links", resolve_inputs, &jobs[1], NULL);
  resolve_inputs (&jobs[0]);
  if (thread != NULL)
    g_thread_join (thread);
  else
    resolve_inputs (&jobs[1]);

  if (jobs[0].cancelled || jobs[1].cancelled)
    {
      g_array_unref (jobs[0].uses);
      g_array_unref (jobs[1].uses);
      g_cancellable_set_error_if_cancelled (cancellable, error);
      return FALSE;
    }

  /* Each output's consumers counted, then placed: the first half's
   * uses before the second's keeps them in node order. */
  self->starts = g_new0 (guint32, n_outputs + 1);
  next = g_new (guint32, MAX (1, n_outputs));
  for (guint j = 0; j < G_N_ELEMENTS (jobs); j++)
    for (guint u = 0; u < jobs[j].uses->len; u++)
      self->starts[g_array_index (jobs[j].uses, guint32, 2 * u) + 1]++;
  for (guint32 o = 0; o < n_outputs; o++)
    {
      self->starts[o + 1] += self->starts[o];
      next[o] = self->starts[o];
    }
  self->consumers = g_new (guint32, MAX (1, self->starts[n_outputs]));
  for (guint j = 0; j < G_N_ELEMENTS (jobs); j++)
    {
      for (guint u = 0; u < jobs[j].uses->len; u++)
        {
          const guint32 *use = &g_array_index (jobs[j].uses, guint32, 2 * u);

          self->consumers[next[use[0]]++] = use[1];
        }
      g_array_unref (jobs[j].uses);
    }
  return TRUE;
}

static void
index_slices (StpLinks *self)
{
  StpTrace *trace = self->trace;

  for (guint32 n = 0; n < self->ss->nodes->len; n++)
    self->node_slices[n] = STP_ITEM_REF_NONE;

  for (guint32 t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      if (track->process < self->first_process || track->process >= self->end_process)
        continue;
      for (guint32 i = 0; track->slices != NULL && i < track->slices->len; i++)
        {
          const StpSlice *s = stp_track_get_slice (track, i);

          if ((s->flags & STP_SLICE_STEP_STATS_NODE) && stp_slice_get_node (s) < self->ss->nodes->len)
            self->node_slices[stp_slice_get_node (s)] = stp_item_ref_slice (t, i);
        }
    }
}

/* Links over processes [first, end) of trace, whose StepStats (or NULL)
 * is ss. */
static StpLinks *
links_new (StpTrace                   *trace,
           StpStepStats               *ss,
           const struct _StpLifetimes *lifetimes,
           guint32                     first,
           guint32                     end,
           GCancellable               *cancellable,
           GError                    **error)
{
  g_autoptr(StpLinks) self = g_new0 (StpLinks, 1);

  self->ref_count = 1;
  self->trace = stp_trace_ref (trace);
  self->lifetimes = lifetimes;
  self->first_process = first;
  self->end_process = end;
  self->objects = g_hash_table_new (NULL, NULL);

  for (guint32 i = 0; i < trace->objects->len; i++)
    {
      const StpObject *o = &g_array_index (trace->objects, StpObject, i);

      if (o->process >= first && o->process < end)
        g_hash_table_insert (self->objects, GUINT_TO_POINTER (o->name), GUINT_TO_POINTER (i + 1));
    }

  if (ss != NULL)
    {
      self->ss = stp_step_stats_ref (ss);
      self->node_slices = g_new (StpItemRef, MAX (1, self->ss->nodes->len));

      index_slices (self);
      index_names (self);
      if (!index_consumers (self, cancellable, error))
        return NULL;
    }

  return g_steal_pointer (&self);
}

StpLinks *
stp_links_new (StpTrace      *trace,
               GCancellable  *cancellable,
               GError       **error)
{
  g_autoptr(StpLinks) self = NULL;

  g_return_val_if_fail (trace != NULL, NULL);

  if (trace->parts == NULL)
    return links_new (trace, stp_trace_is_step_stats (trace) ? trace->source : NULL, trace->lifetimes,
                      0, trace->processes->len, cancellable, error);

  /* Each input's links cover its processes; these, none (the details
   * ask stp_links_for_process() for an item's). */
  self = links_new (trace, NULL, NULL, 0, 0, cancellable, error);
  self->parts = g_ptr_array_new_with_free_func ((GDestroyNotify) stp_links_unref);
  for (guint p = 0; p < trace->parts->len; p++)
    {
      const StpTracePart *part = &g_array_index (trace->parts, StpTracePart, p);
      StpLinks *links = links_new (trace, stp_trace_part_is_step_stats (part) ? part->source : NULL, part->lifetimes,
                                   part->first_process, part->first_process + part->n_processes,
                                   cancellable, error);

      if (links == NULL)
        return NULL;
      g_ptr_array_add (self->parts, links);
    }
  return g_steal_pointer (&self);
}

/* The links of a process's own trace: of its input among several, else
 * these. */
StpLinks *
stp_links_for_process (StpLinks *self,
                       guint32   process)
{
  g_return_val_if_fail (self != NULL, NULL);

  if (self->parts == NULL || process >= self->trace->processes->len)
    return self;
  return g_ptr_array_index (self->parts, stp_trace_get_process (self->trace, process)->part);
}

/* Tensor lifetimes from the graph of these links' StepStats, or NULL. */
const struct _StpLifetimes *
stp_links_get_lifetimes (StpLinks *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->lifetimes;
}

StpLinks *
stp_links_ref (StpLinks *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
stp_links_unref (StpLinks *self)
{
  if (self == NULL || !g_atomic_int_dec_and_test (&self->ref_count))
    return;

  g_free (self->names);
  g_free (self->earlier);
  g_free (self->starts);
  g_free (self->consumers);
  g_free (self->node_slices);
  g_clear_pointer (&self->objects, g_hash_table_unref);
  g_clear_pointer (&self->ss, stp_step_stats_unref);
  g_clear_pointer (&self->parts, g_ptr_array_unref);
  stp_trace_unref (self->trace);
  g_free (self);
}

StpTrace *
stp_links_get_trace (StpLinks *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->trace;
}

StpStepStats *
stp_links_get_step_stats (StpLinks *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->ss;
}

gboolean
stp_links_get_node_slice (StpLinks   *self,
                          guint32     node,
                          StpItemRef *out)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (self->ss == NULL || node >= self->ss->nodes->len)
    return FALSE;
  *out = self->node_slices[node];
  return out->kind != STP_ITEM_NONE;
}

guint32
stp_links_find_producer (StpLinks   *self,
                         const char *input,
                         gsize       len,
                         guint      *output)
{
  guint32 node;
  guint k;

  g_return_val_if_fail (self != NULL, STP_INDEX_NONE);
  g_return_val_if_fail (input != NULL || len == 0, STP_INDEX_NONE);

  if (self->ss == NULL)
    return STP_INDEX_NONE;

  if (!resolve (self, input, len, &node, &k) &&
      !(len > 1 && input[0] == '^' && resolve (self, input + 1, len - 1, &node, &k)))
    return STP_INDEX_NONE;

  if (output != NULL)
    *output = k;
  return node;
}

const guint32 *
stp_links_get_consumers (StpLinks   *self,
                         const char *tensor,
                         gsize       len,
                         guint      *n_consumers)
{
  guint32 node, first;
  guint k;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (n_consumers != NULL, NULL);

  *n_consumers = 0;
  if (self->ss == NULL || !find_output (self, tensor, len, &node, &k))
    return NULL;

  first = get_node (self, node)->first_output + k;
  *n_consumers = self->starts[first + 1] - self->starts[first];
  return *n_consumers > 0 ? self->consumers + self->starts[first] : NULL;
}

guint32
stp_links_find_object (StpLinks *self,
                       StpStr    name)
{
  guint index;

  g_return_val_if_fail (self != NULL, STP_INDEX_NONE);

  index = GPOINTER_TO_UINT (g_hash_table_lookup (self->objects, GUINT_TO_POINTER (name)));
  return index > 0 ? index - 1 : STP_INDEX_NONE;
}

const StpStepStatsOutput *
stp_links_get_output (StpLinks *self,
                      guint32   node,
                      guint     output)
{
  const StpStepStatsNode *n;

  g_return_val_if_fail (self != NULL, NULL);

  if (self->ss == NULL || node >= self->ss->nodes->len)
    return NULL;
  n = &g_array_index (self->ss->nodes, StpStepStatsNode, node);
  if (output >= n->n_outputs)
    return NULL;
  return &g_array_index (self->ss->outputs, StpStepStatsOutput, n->first_output + output);
}
