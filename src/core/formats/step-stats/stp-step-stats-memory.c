/* stp-step-stats-memory.c: timeline.py's memory counters
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * _show_memory_counters, for stp-step-stats-analysis.c: one cumulative
 * counter per allocator, its maximum and the tensors live then.
 */

#define G_LOG_DOMAIN "stp-step-stats-analysis"

#include "stp-step-stats-analysis-state.h"
#include "stp-text.h"

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
