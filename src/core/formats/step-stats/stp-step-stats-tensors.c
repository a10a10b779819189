/* stp-step-stats-tensors.c: timeline.py's tensors
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * _analyze_tensors (a tensor object per output, tracked by name for the
 * dataflow), for stp-step-stats-analysis.c; and the tensors' snapshot
 * args, made when they are shown or exported.  The memory counters are
 * in stp-step-stats-memory.c.
 */

#define G_LOG_DOMAIN "stp-step-stats-analysis"

#include "stp-step-stats-analysis-state.h"
#include "stp-json-writer.h"

static void
set_tensor_index (StpAnalysis *a,
                  StpStr       name,
                  guint        index)
{
  if (name >= a->tensors->len)
    g_array_set_size (a->tensors, MAX (name + 1, a->tensors->len * 2));
  g_array_index (a->tensors, guint32, name) = index;
}

StpTracker *
stp_step_stats_lookup_tensor (StpAnalysis *a,
                            const char  *name,
                            gsize        len,
                            StpStr      *id_out)
{
  StpStr id;
  guint index;

  if (!stp_string_table_lookup (a->trace->strings, name, len, &id))
    return NULL;
  *id_out = id;
  index = tensor_index (a, id);
  if (index == 0)
    return NULL;
  return &g_array_index (a->trackers, StpTracker, index - 1);
}

static void
free_text (gpointer text)
{
  g_string_free (text, TRUE);
}

/* Each exporting thread's buffer for a description. */
static GPrivate tensor_text = G_PRIVATE_INIT (free_text);

/* Drops every '"' from s in place (timeline.py removes them from the
 * description); returns the new length.  A run at a time: a description
 * is a few hundred bytes with a handful of quotes. */
static gsize
remove_quotes (char  *s,
               gsize  len)
{
  char *end = s + len;
  char *out = memchr (s, '"', len);
  char *p;

  if (out == NULL)
    return len;

  for (p = out + 1; p < end; )
    {
      char *quote = memchr (p, '"', end - p);
      gsize run = (quote ? quote : end) - p;

      memmove (out, p, run);
      out += run;
      if (quote == NULL)
        break;
      p = quote + 1;
    }
  return out - s;
}

/* A tensor's snapshot args, made from its output when they are shown
 * or exported rather than kept for every tensor: timeline.py's
 * {"snapshot": {"tensor_description": str(description)}}, with the
 * description's quotes removed as timeline.py removes them. */
void
stp_step_stats_append_snapshot_args (gpointer           source,
                                     const StpSnapshot *snapshot,
                                     GString           *out)
{
  StpStepStats *ss = source;
  GString *text = g_private_get (&tensor_text);
  gsize kept;

  if (text == NULL)
    {
      text = g_string_sized_new (256);
      g_private_set (&tensor_text, text);
    }
  g_string_truncate (text, 0);
  if (snapshot->args < ss->outputs->len)
    stp_step_stats_append_tensor_description (ss, &g_array_index (ss->outputs, StpStepStatsOutput,
                                                                  snapshot->args), text);
  kept = remove_quotes (text->str, text->len);

  stp_json_append_literal (out, "{\"snapshot\":{\"tensor_description\":");
  stp_json_append_string (out, text->str, kept);
  stp_json_append_literal (out, "}}");
}

/* The object and snapshot of the tracker at place, whose place among
 * the objects is the same (the memory counters find it so). */
static void
emit_tensor_object (StpAnalysis *a,
                    guint        place)
{
  StpTrace *trace = a->trace;
  const StpTracker *tracker = &g_array_index (a->trackers, StpTracker, place);
  guint32 tid = a->lane[tracker->node];
  guint32 index = stp_trace_add_object (trace, a->tensors_process[node_device (a, tracker->node)]);
  StpObject *object = &g_array_index (trace->objects, StpObject, index);

  g_assert (index == place);
  object->name = tracker->name;
  object->cat = a->cat_tensor;
  object->id = tracker->object_id;
  object->create_ts = node_start (a, tracker->node) * 1000;
  object->create_tid = tid;
  object->create_seq = stp_trace_next_seq (trace);

  /* The args are made from the output when asked for (see StpSnapshot). */
  stp_trace_add_snapshot (trace, index, (node_end (a, tracker->node) - 1) * 1000, tid,
                          stp_trace_next_seq (trace),
                          tracker_output (a, tracker) - &g_array_index (a->ss->outputs, StpStepStatsOutput, 0));
}

/* With memory shown, the tensors' objects and snapshots, on the ops'
 * thread as the tensors' thread tracks them.  Made on the tensors'
 * thread, they had the ops' thread wait 46 ms of a 100k-node step's
 * 0.36 s (120 ms of the serving one's 0.74 s).  Only this thread takes
 * seqs meanwhile, in the trackers' order, as timeline.py's would be.
 * FALSE if cancelled. */
gboolean
stp_step_stats_emit_tensor_objects (StpAnalysis *a)
{
  guint place = 0;
  gboolean last = FALSE;

  if (!a->options->show_memory)
    return TRUE;

  while (!last)
    {
      guint n;

      g_mutex_lock (&a->tracked_lock);
      while (a->n_tracked == place && !a->tracking_done)
        g_cond_wait (&a->tracked_cond, &a->tracked_lock);
      n = a->n_tracked;
      last = a->tracking_done;
      g_mutex_unlock (&a->tracked_lock);

      for (; place < n; place++)
        {
          if (place % CANCEL_CHECK_INTERVAL == 0 && g_cancellable_is_cancelled (a->cancellable))
            return FALSE;
          emit_tensor_object (a, place);
        }
    }
  return TRUE;
}

/* Tells the objects' thread how far the trackers go.  Their array was
 * sized once for every output, so what it reads never moves. */
static void
report_tracked (StpAnalysis *a,
                gboolean     done)
{
  g_mutex_lock (&a->tracked_lock);
  a->n_tracked = a->trackers->len;
  a->tracking_done = done;
  g_cond_signal (&a->tracked_cond);
  g_mutex_unlock (&a->tracked_lock);
}

/* Outputs whose names are interned together, in one call, as the
 * dataflow looks its inputs up (SLOT_OPS): one at a time, the
 * tensors took 2-6% longer. */
#define TENSOR_BATCH 64

/* A tensor in the batch: its producer and output index, and where its
 * name is (its own span for output 0, else in a->tensor_names). */
typedef struct
{
  guint32 node;
  guint32 output;
  gsize   name_at;
  gsize   name_len;
} PendingTensor;

static void
track_tensor (StpAnalysis *a,
              guint        i,
              guint        k,
              StpStr       name)
{
  StpTracker tracker = { name, a->n_tensors, i, k };

  if (tensor_index (a, name) == 0)
    {
      g_array_append_val (a->tensor_order, name);
      a->n_tensors++;
    }

  if (a->last_unref != NULL)
    a->last_unref[a->trackers->len] = node_end (a, i);

  g_array_append_val (a->trackers, tracker);
  set_tensor_index (a, name, a->trackers->len);
}

/* Interns the batch's names in the order one output at a time would,
 * then tracks each tensor. */
static void
flush_tensors (StpAnalysis *a,
               GArray      *pending)
{
  StpStringQuery queries[TENSOR_BATCH];
  guint n = pending->len;

  g_assert (n <= TENSOR_BATCH);

  for (guint j = 0; j < n; j++)
    {
      const PendingTensor *p = &g_array_index (pending, PendingTensor, j);
      const StpStepStatsNode *node = get_node (a, p->node);

      queries[j].str = p->output == 0 ? stp_step_stats_node_name (node).str : a->tensor_names->str + p->name_at;
      queries[j].len = p->name_len;
    }

  stp_trace_intern_many (a->trace, queries, n);

  for (guint j = 0; j < n; j++)
    {
      const PendingTensor *p = &g_array_index (pending, PendingTensor, j);

      track_tensor (a, p->node, p->output, queries[j].id);
    }

  g_array_set_size (pending, 0);
  g_string_truncate (a->tensor_names, 0);
}

/* "name:index" (output 0 is the node's name) into a->tensor_names. */
static void
add_pending_tensor (StpAnalysis *a,
                    GArray      *pending,
                    guint        i,
                    guint        k)
{
  const StpStepStatsNode *node = get_node (a, i);
  StpSpan node_name = stp_step_stats_node_name (node);
  PendingTensor p = { i, k, a->tensor_names->len, node_name.len };

  if (k > 0)
    {
      char digits[12];
      guint n = 0;

      /* Without printf: half the outputs of a big step. */
      do
        digits[n++] = '0' + k % 10;
      while ((k /= 10) > 0);

      g_string_append_len (a->tensor_names, node_name.str, node_name.len);
      g_string_append_c (a->tensor_names, ':');
      while (n > 0)
        g_string_append_c (a->tensor_names, digits[--n]);
      p.name_len = a->tensor_names->len - p.name_at;
    }

  g_array_append_val (pending, p);
  if (pending->len == TENSOR_BATCH)
    flush_tensors (a, pending);
}

/* The bytes of ":1" to ":n-1": the names of a node's outputs after the
 * first are its own name and these. */
static guint64
suffix_bytes (guint64 n)
{
  guint64 bytes = 0;

  for (guint64 low = 1, digits = 1; low < n; low *= 10, digits++)
    bytes += (MIN (n, low * 10) - low) * (1 + digits);
  return bytes;
}

/* The bytes of every output's name, each with its NUL. */
static guint64
names_bytes (StpAnalysis *a)
{
  guint64 bytes = 0;

  for (guint i = 0; i < a->ss->nodes->len; i++)
    {
      const StpStepStatsNode *node = get_node (a, i);

      bytes += (guint64) node->n_outputs * (stp_step_stats_node_name (node).len + 1) +
               suffix_bytes (node->n_outputs);
    }
  return bytes;
}

/* _analyze_tensors: every output of every node becomes a tensor. */
static gboolean
track_all (StpAnalysis  *a,
           GError      **error)
{
  g_autoptr(GArray) pending = g_array_sized_new (FALSE, FALSE, sizeof (PendingTensor), TENSOR_BATCH);
  guint work = 0;

  /* Nearly every output has a name of its own, so the names' bytes are
   * known: a 100k-node serving step's 9 MB of them went into 256 KiB
   * chunks, a page fault at a time (2,200 of its 5,000 faults). */
  stp_string_table_reserve (a->trace->strings, a->ss->outputs->len);
  stp_string_table_reserve_bytes (a->trace->strings, MIN (names_bytes (a), G_MAXSIZE));

  for (guint d = 0; d < a->ss->devices->len; d++)
    {
      const StpStepStatsDevice *device = get_device (a, d);

      for (guint i = device->first_node; i < device->first_node + device->n_nodes; i++)
        {
          /* Counted in outputs: one node may have a million. */
          for (guint k = 0; k < get_node (a, i)->n_outputs; k++, work++)
            {
              if (work % CANCEL_CHECK_INTERVAL == 0)
                {
                  if (g_cancellable_set_error_if_cancelled (a->cancellable, error))
                    return FALSE;
                  report_tracked (a, FALSE);
                }
              add_pending_tensor (a, pending, i, k);
            }
        }
    }
  flush_tensors (a, pending);

  return TRUE;
}

gboolean
stp_step_stats_analyze_tensors (StpAnalysis  *a,
                              GError      **error)
{
  gboolean ok = track_all (a, error);

  report_tracked (a, TRUE);
  return ok;
}
