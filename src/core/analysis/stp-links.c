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

typedef struct
{
  guint32 node;
  guint32 output;
  GArray *consumers;   /* guint32 nodes, or NULL */
} Producer;

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
  GStringChunk *names;
  GHashTable   *produced;      /* tensor name -> Producer index + 1 */
  GArray       *producers;     /* Producer */
  GHashTable   *objects;       /* StpStr -> object index + 1 */
};

G_DEFINE_BOXED_TYPE (StpLinks, stp_links, stp_links_ref, stp_links_unref)

static Producer *
lookup (StpLinks   *self,
        const char *name,
        gsize       len)
{
  char stack[256];
  g_autofree char *heap = NULL;
  char *key = stack;
  guint index;

  if (self->produced == NULL)
    return NULL;

  if (len >= sizeof stack)
    key = heap = g_malloc (len + 1);
  memcpy (key, name, len);
  key[len] = '\0';

  index = GPOINTER_TO_UINT (g_hash_table_lookup (self->produced, key));
  return index > 0 ? &g_array_index (self->producers, Producer, index - 1) : NULL;
}

/* As _show_compute resolves an input: as written, else before "/_". */
static Producer *
resolve (StpLinks   *self,
         const char *input,
         gsize       len)
{
  Producer *p = lookup (self, input, len);

  if (p != NULL)
    return p;

  for (gsize j = len; j >= 2; j--)
    if (input[j - 2] == '/' && input[j - 1] == '_')
      {
        if (j - 2 > 0)
          return lookup (self, input, j - 2);
        break;
      }

  return NULL;
}

static void
index_outputs (StpLinks *self)
{
  GString *name = g_string_new (NULL);

  for (guint32 i = 0; i < self->ss->nodes->len; i++)
    {
      const StpStepStatsNode *node = &g_array_index (self->ss->nodes, StpStepStatsNode, i);

      for (guint32 k = 0; k < node->n_outputs; k++)
        {
          Producer p = { i, k, NULL };
          char *key;
          guint existing;

          g_string_truncate (name, 0);
          StpSpan node_name = stp_step_stats_node_name (node);

          g_string_append_len (name, node_name.str, node_name.len);
          if (k > 0)
            g_string_append_printf (name, ":%u", k);

          /* The latest production of a name wins, as in timeline.py. */
          existing = GPOINTER_TO_UINT (g_hash_table_lookup (self->produced, name->str));
          if (existing > 0)
            {
              g_array_index (self->producers, Producer, existing - 1).node = i;
              g_array_index (self->producers, Producer, existing - 1).output = k;
              continue;
            }

          key = g_string_chunk_insert_len (self->names, name->str, name->len);
          g_array_append_val (self->producers, p);
          g_hash_table_insert (self->produced, key, GUINT_TO_POINTER (self->producers->len));
        }
    }

  g_string_free (name, TRUE);
}

static gboolean
index_consumers (StpLinks      *self,
                 GCancellable  *cancellable,
                 GError       **error)
{
  g_autoptr(GArray) inputs = g_array_new (FALSE, FALSE, sizeof (StpSpan));

  for (guint32 i = 0; i < self->ss->nodes->len; i++)
    {
      const StpStepStatsNode *node = &g_array_index (self->ss->nodes, StpStepStatsNode, i);
      const StpStepStatsDevice *device = &g_array_index (self->ss->devices, StpStepStatsDevice,
                                                         node->device);
      StpSpan name, op, list, node_name, label;

      if (i % CANCEL_CHECK_INTERVAL == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;

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
          Producer *p = resolve (self, input.str, input.len);

          if (p == NULL)
            continue;
          if (p->consumers == NULL)
            p->consumers = g_array_new (FALSE, FALSE, sizeof (guint32));
          /* An op reading one tensor twice consumes it once. */
          if (p->consumers->len == 0 ||
              g_array_index (p->consumers, guint32, p->consumers->len - 1) != i)
            g_array_append_val (p->consumers, i);
        }
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
      self->names = g_string_chunk_new (4096);
      self->produced = g_hash_table_new (g_str_hash, g_str_equal);
      self->producers = g_array_new (FALSE, FALSE, sizeof (Producer));

      index_slices (self);
      index_outputs (self);
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

  if (self->producers != NULL)
    {
      for (guint i = 0; i < self->producers->len; i++)
        g_clear_pointer (&g_array_index (self->producers, Producer, i).consumers, g_array_unref);
      g_array_unref (self->producers);
    }
  g_clear_pointer (&self->produced, g_hash_table_unref);
  if (self->names != NULL)
    g_string_chunk_free (self->names);
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
  Producer *p;

  g_return_val_if_fail (self != NULL, STP_INDEX_NONE);
  g_return_val_if_fail (input != NULL || len == 0, STP_INDEX_NONE);

  if (self->ss == NULL)
    return STP_INDEX_NONE;

  p = resolve (self, input, len);
  if (p == NULL && len > 1 && input[0] == '^')
    p = resolve (self, input + 1, len - 1);
  if (p == NULL)
    return STP_INDEX_NONE;

  if (output != NULL)
    *output = p->output;
  return p->node;
}

const GArray *
stp_links_get_consumers (StpLinks   *self,
                         const char *tensor,
                         gsize       len)
{
  Producer *p;

  g_return_val_if_fail (self != NULL, NULL);

  p = lookup (self, tensor, len);
  return p != NULL && p->consumers != NULL && p->consumers->len > 0 ? p->consumers : NULL;
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
