/* stp-step-stats-tensors.c: timeline.py's tensors and memory counters
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * _analyze_tensors (a tensor object per output, tracked by name for the
 * dataflow) and _show_memory_counters (one cumulative counter per
 * allocator, its maximum and the tensors live then), for stp-step-stats-analysis.c;
 * and the tensors' snapshot args, made when they are shown or exported.
 */

#define G_LOG_DOMAIN "stp-step-stats-analysis"

#include "stp-step-stats-analysis-state.h"
#include "stp-json-writer.h"
#include "stp-text.h"

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

static void
emit_tensor_object (StpAnalysis              *a,
                    StpTracker               *tracker,
                    const StpStepStatsOutput *output,
                    guint32                   tid,
                    gint64                    end_time)
{
  StpTrace *trace = a->trace;
  StpObject *object;

  tracker->object = stp_trace_add_object (trace, a->tensors_process[node_device (a, tracker->node)]);
  object = &g_array_index (trace->objects, StpObject, tracker->object);
  object->name = tracker->name;
  object->cat = a->cat_tensor;
  object->id = tracker->object_id;
  object->create_ts = a->start[tracker->node] * 1000;
  object->create_tid = tid;
  object->create_seq = stp_trace_next_seq (trace);

  stp_trace_add_source_snapshot (trace, tracker->object, (end_time - 1) * 1000, tid,
                                 stp_trace_next_seq (trace),
                                 output - &g_array_index (a->ss->outputs, StpStepStatsOutput, 0));
}

/* Outputs whose names are interned together, as the dataflow looks its
 * inputs up (stp-step-stats-analysis.c): their cache misses overlap. */
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
              StpStr       name,
              StpStr       allocator)
{
  const StpStepStatsNode *node = get_node (a, i);
  const StpStepStatsOutput *output =
    &g_array_index (a->ss->outputs, StpStepStatsOutput, node->first_output + k);
  gint64 end_time = add64 (a->start[i], a->end_rel[i]);
  StpTracker tracker = { 0 };

  tracker.name = name;
  tracker.object = STP_INDEX_NONE;
  tracker.object_id = a->n_tensors;
  tracker.allocator = allocator;
  tracker.num_bytes = output->requested_bytes;
  tracker.last_unref = end_time;
  tracker.node = i;
  tracker.output = k;

  if (tensor_index (a, name) == 0)
    {
      g_array_append_val (a->tensor_order, name);
      a->n_tensors++;
    }

  if (a->options->show_memory)
    emit_tensor_object (a, &tracker, output, a->lane[i], end_time);

  g_array_append_val (a->trackers, tracker);
  set_tensor_index (a, name, a->trackers->len);
}

/* Interns the batch's names and allocators in the order one output at
 * a time would, then tracks each tensor. */
static void
flush_tensors (StpAnalysis *a,
               GArray      *pending)
{
  StpStringQuery queries[2 * TENSOR_BATCH];
  guint n = pending->len;

  g_assert (n <= TENSOR_BATCH);

  for (guint j = 0; j < n; j++)
    {
      const PendingTensor *p = &g_array_index (pending, PendingTensor, j);
      const StpStepStatsNode *node = get_node (a, p->node);
      const StpStepStatsOutput *output =
        &g_array_index (a->ss->outputs, StpStepStatsOutput, node->first_output + p->output);

      StpSpan allocator = stp_step_stats_output_allocator (output);

      queries[2 * j].str = p->output == 0 ? stp_step_stats_node_name (node).str : a->tensor_names->str + p->name_at;
      queries[2 * j].len = p->name_len;
      queries[2 * j + 1].str = allocator.str;
      queries[2 * j + 1].len = allocator.len;
    }

  stp_trace_intern_many (a->trace, queries, 2 * n);

  for (guint j = 0; j < n; j++)
    {
      const PendingTensor *p = &g_array_index (pending, PendingTensor, j);

      track_tensor (a, p->node, p->output, queries[2 * j].id, queries[2 * j + 1].id);
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

/* _analyze_tensors: every output of every node becomes a tensor. */
gboolean
stp_step_stats_analyze_tensors (StpAnalysis  *a,
                              GError      **error)
{
  g_autoptr(GArray) pending = g_array_sized_new (FALSE, FALSE, sizeof (PendingTensor), TENSOR_BATCH);
  guint work = 0;

  /* Nearly every output has a name of its own. */
  stp_string_table_reserve (a->trace->strings, a->ss->outputs->len);

  for (guint d = 0; d < a->ss->devices->len; d++)
    {
      const StpStepStatsDevice *device = get_device (a, d);

      for (guint i = device->first_node; i < device->first_node + device->n_nodes; i++)
        {
          /* Counted in outputs: one node may have a million. */
          for (guint k = 0; k < get_node (a, i)->n_outputs; k++, work++)
            {
              if (work % CANCEL_CHECK_INTERVAL == 0 &&
                  g_cancellable_set_error_if_cancelled (a->cancellable, error))
                return FALSE;
              add_pending_tensor (a, pending, i, k);
            }
        }
    }
  flush_tensors (a, pending);

  return TRUE;
}

/* A tensor's name as its bytes, so that sorting by name reads no table. */
/* One change of an allocator's total: 24 bytes (with the name's span,
 * 32), and a 1M-node step holds 1.5M of these twice over while they
 * are sorted.  The tensor is its place in tensor_order. */
typedef struct
{
  gint64  time;
  gint64  num_bytes;
  guint32 place;
} Allocation;

static gint
compare_names (gconstpointer pa,
               gconstpointer pb,
               gpointer      analysis)
{
  const StpAnalysis *a = analysis;
  const StpStringTable *strings = a->trace->strings;
  StpStr x = g_array_index (a->tensor_order, StpStr, *(const guint32 *) pa);
  StpStr y = g_array_index (a->tensor_order, StpStr, *(const guint32 *) pb);

  return stp_text_compare_bytes (stp_string_table_get (strings, x), stp_string_table_get_len (strings, x),
                                 stp_string_table_get (strings, y), stp_string_table_get_len (strings, y));
}

/* Python sorts (time, bytes, name) tuples.  Where time and bytes tie,
 * the name's order shows nowhere: tied changes add the same amount,
 * so the totals come out the same in any order, and a maximum is never
 * reached inside such a run (each adds more, or none does).  So the
 * name is not compared, and the sort keeps ties in tensor order. */
static inline gint
compare_allocations (const Allocation *x,
                     const Allocation *y)
{
  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  if (x->num_bytes != y->num_bytes)
    return x->num_bytes < y->num_bytes ? -1 : 1;
  return 0;
}

/* Merges the sorted runs from[lo, mid) and from[mid, hi) into to[lo, hi). */
static void
merge_allocations (const Allocation *from,
                   Allocation       *to,
                   guint             lo,
                   guint             mid,
                   guint             hi)
{
  guint i = lo, j = mid, k = lo;

  while (i < mid && j < hi)
    to[k++] = compare_allocations (&from[j], &from[i]) < 0 ? from[j++] : from[i++];
  while (i < mid)
    to[k++] = from[i++];
  while (j < hi)
    to[k++] = from[j++];
}

/* A merge sort of our own rather than qsort(), so that a cancel is seen
 * between passes: a node of 200k outputs allocates them all at one time,
 * and qsort spent 0.1 s ordering them by name without a check
 * (tests/test-cancel.c). */
static gboolean
sort_allocations (StpAnalysis  *a,
                  GArray       *list,
                  GError      **error)
{
  guint n = list->len;
  g_autofree Allocation *buffer = NULL;
  Allocation *from = (Allocation *) list->data;
  Allocation *to;

  if (n < 2)
    return TRUE;

  buffer = g_new (Allocation, n);
  to = buffer;
  for (guint width = 1; width < n; width *= 2)
    {
      Allocation *done;

      if (g_cancellable_set_error_if_cancelled (a->cancellable, error))
        return FALSE;
      for (guint lo = 0; lo < n; lo += 2 * width)
        merge_allocations (from, to, lo, MIN (lo + width, n), MIN (lo + 2 * width, n));
      done = to;
      to = from;
      from = done;
    }
  if (from != (Allocation *) list->data)
    memcpy (list->data, from, (gsize) n * sizeof (Allocation));
  return TRUE;
}

/* The maximum's tensor set, in name order: replay the allocations up to
 * the maximum, rather than copying the set at every new maximum as
 * timeline.py does (quadratic when memory only grows).  `live` is a
 * flag per tensor, all FALSE before and after. */
static GArray *
tensors_at (StpAnalysis *a,
            GArray      *list,
            gint         until,
            guint8      *live)
{
  g_autoptr(GArray) set = g_array_new (FALSE, FALSE, sizeof (guint32));
  GArray *names;

  for (gint i = 0; i <= until; i++)
    {
      const Allocation *alloc = &g_array_index (list, Allocation, i);

      live[alloc->place] = alloc->num_bytes >= 0;
    }
  /* Each live tensor once, leaving every flag FALSE again. */
  for (gint i = 0; i <= until; i++)
    {
      guint32 place = g_array_index (list, Allocation, i).place;

      if (live[place])
        g_array_append_val (set, place);
      live[place] = FALSE;
    }
  if (set->len > 0)
    g_qsort_with_data (set->data, set->len, sizeof (guint32), compare_names, a);

  names = g_array_sized_new (FALSE, FALSE, sizeof (StpStr), set->len);
  for (guint i = 0; i < set->len; i++)
    {
      guint32 place = g_array_index (set, guint32, i);
      g_array_append_val (names, g_array_index (a->tensor_order, StpStr, place));
    }
  return names;
}

static gboolean
emit_allocator (StpAnalysis  *a,
                StpStr        allocator,
                GArray       *list,
                guint8       *live,
                GError      **error)
{
  StpTrace *trace = a->trace;
  StpAllocatorMaximum max = { allocator, 0, 0, NULL };
  StpCounterSeries *series;
  guint32 track;
  gint64 total = 0;
  gint best = -1;

  track = stp_trace_add_track (trace, a->allocators_process, STP_TRACK_COUNTER, allocator);
  stp_trace_get_track (trace, track)->cat = a->cat_memory;
  series = stp_trace_add_counter_series (trace, track, allocator);

  if (!sort_allocations (a, list, error))
    return FALSE;

  for (guint i = 0; i < list->len; i++)
    {
      const Allocation *alloc = &g_array_index (list, Allocation, i);

      if (i % CANCEL_CHECK_INTERVAL == CANCEL_CHECK_INTERVAL - 1 &&
          g_cancellable_set_error_if_cancelled (a->cancellable, error))
        return FALSE;

      total = add64 (total, alloc->num_bytes);
      if (total > max.num_bytes)
        {
          max.num_bytes = total;
          max.ts = alloc->time * 1000;
          best = i;
        }

      stp_trace_add_counter_sample (trace, series, alloc->time * 1000, (double) total,
                                    stp_trace_next_seq (trace));
    }

  max.tensors = best >= 0 ? tensors_at (a, list, best, live) : g_array_new (FALSE, FALSE, sizeof (StpStr));
  g_array_append_val (trace->allocator_maximums, max);
  return TRUE;
}

/* _show_memory_counters: tensor deletions, then one cumulative counter
 * per allocator. */
gboolean
stp_step_stats_show_memory_counters (StpAnalysis  *a,
                                   GError      **error)
{
  StpTrace *trace = a->trace;
  g_autoptr(GHashTable) index = g_hash_table_new (NULL, NULL);
  g_autoptr(GPtrArray) lists = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
  g_autoptr(GArray) allocators = g_array_new (FALSE, FALSE, sizeof (StpStr));
  g_autofree guint8 *live = g_new0 (guint8, a->tensor_order->len);
  gboolean ok = TRUE;

  for (guint i = 0; i < a->tensor_order->len; i++)
    {
      StpStr name = g_array_index (a->tensor_order, StpStr, i);
      guint t = tensor_index (a, name);
      const StpTracker *tensor = &g_array_index (a->trackers, StpTracker, t - 1);
      StpObject *object = &g_array_index (trace->objects, StpObject, tensor->object);
      Allocation alloc = { a->start[tensor->node], tensor->num_bytes, i };
      gpointer slot;
      GArray *list;

      object->delete_ts = tensor->last_unref * 1000;
      object->delete_tid = 0;
      object->delete_seq = stp_trace_next_seq (trace);

      if (!g_hash_table_lookup_extended (index, GUINT_TO_POINTER (tensor->allocator), NULL, &slot))
        {
          g_ptr_array_add (lists, g_array_new (FALSE, FALSE, sizeof (Allocation)));
          g_array_append_val (allocators, tensor->allocator);
          slot = GUINT_TO_POINTER (lists->len - 1);
          g_hash_table_insert (index, GUINT_TO_POINTER (tensor->allocator), slot);
        }
      list = g_ptr_array_index (lists, GPOINTER_TO_UINT (slot));

      g_array_append_val (list, alloc);
      alloc.time = tensor->last_unref;
      alloc.num_bytes = -(guint64) tensor->num_bytes;
      g_array_append_val (list, alloc);
    }

  for (guint i = 0; ok && i < allocators->len; i++)
    {
      ok = !g_cancellable_set_error_if_cancelled (a->cancellable, error) &&
           emit_allocator (a, g_array_index (allocators, StpStr, i),
                           g_ptr_array_index (lists, i), live, error);
    }

  return ok;
}
