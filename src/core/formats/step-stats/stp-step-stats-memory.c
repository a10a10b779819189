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
#include "stp-buffer.h"
#include "stp-text.h"

/* One change of an allocator's total: 24 bytes (with the name's span,
 * 32), and a 1M-node step holds 1.5M of these.  The tensor is its place
 * (see tensor_places()).  Sorted, each becomes in place its counter's sample
 * (turn_into_samples()), as large: a list and its samples are never
 * held both. */
typedef struct
{
  gint64  time;
  gint64  num_bytes;
  guint32 place;
} Allocation;

G_STATIC_ASSERT (sizeof (Allocation) == sizeof (StpCounterSample));

/* A tensor's name, from its object. */
static inline StpStr
tensor_name (const StpAnalysis *a,
             guint32            place)
{
  return g_array_index (a->trace->objects, StpObject, place).name;
}

static gint
compare_names (gconstpointer pa,
               gconstpointer pb,
               gpointer      analysis)
{
  const StpAnalysis *a = analysis;
  const StpStringTable *strings = a->trace->strings;
  StpStr x = tensor_name (a, *(const guint32 *) pa);
  StpStr y = tensor_name (a, *(const guint32 *) pb);

  return stp_text_compare_bytes (stp_string_table_get (strings, x), stp_string_table_get_len (strings, x),
                                 stp_string_table_get (strings, y), stp_string_table_get_len (strings, y));
}

/* Python sorts (time, bytes, name) tuples.  Where time and bytes tie,
 * the name's order shows nowhere: tied changes add the same amount,
 * so the totals come out the same in any order, and a maximum is never
 * reached inside such a run (each adds more, or none does).  So the
 * name is not compared, and ties may come in any order. */
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

#define INSERTION_MAX 16        /* parts this small are sorted by insertion */
#define CHECK_MIN     65536     /* parts this large look for a cancel first */

/* The state of one sort: what it looks at for a cancel, the error, and
 * where its pivots come from. */
typedef struct
{
  GCancellable  *cancellable;
  GError       **error;
  guint32        random;
} Sorter;

static inline gboolean
sort_cancelled (Sorter *sorter,
                gsize   n)
{
  return n >= CHECK_MIN && g_cancellable_set_error_if_cancelled (sorter->cancellable, sorter->error);
}

static inline void
swap_allocations (Allocation *x,
                  Allocation *y)
{
  Allocation held = *x;

  *x = *y;
  *y = held;
}

static void
insertion_sort (Allocation *v,
                gsize       n)
{
  for (gsize i = 1; i < n; i++)
    {
      Allocation held = v[i];
      gsize j = i;

      for (; j > 0 && compare_allocations (&held, &v[j - 1]) < 0; j--)
        v[j] = v[j - 1];
      v[j] = held;
    }
}

/* xorshift: where each part's pivot is looked for. */
static inline gsize
random_below (guint32 *state,
              gsize    n)
{
  *state ^= *state << 13;
  *state ^= *state >> 17;
  *state ^= *state << 5;
  return *state % n;
}

/* Hoare's partition around the median of three changes from random
 * places, so that no order of the input splits it badly again and
 * again: returns where the second part starts, both parts not empty.
 * Runs of equal changes split evenly. */
static gsize
partition (Allocation *v,
           gsize       n,
           guint32    *random)
{
  gsize mid = n / 2;
  gsize i = 0, j = n - 1;
  Allocation pivot;

  swap_allocations (&v[0], &v[random_below (random, n)]);
  swap_allocations (&v[mid], &v[random_below (random, n)]);
  swap_allocations (&v[n - 1], &v[random_below (random, n)]);
  if (compare_allocations (&v[mid], &v[0]) < 0)
    swap_allocations (&v[mid], &v[0]);
  if (compare_allocations (&v[n - 1], &v[0]) < 0)
    swap_allocations (&v[n - 1], &v[0]);
  if (compare_allocations (&v[n - 1], &v[mid]) < 0)
    swap_allocations (&v[n - 1], &v[mid]);
  pivot = v[mid];

  /* The first and last stop the scans. */
  for (;;)
    {
      while (compare_allocations (&v[i], &pivot) < 0)
        i++;
      while (compare_allocations (&pivot, &v[j]) < 0)
        j--;
      if (i >= j)
        return j + 1;
      swap_allocations (&v[i++], &v[j--]);
    }
}

/* Quicksort, on the smaller part first so that the stack stays short. */
static gboolean
quick_sort (Sorter     *sorter,
            Allocation *v,
            gsize       n)
{
  while (n > INSERTION_MAX)
    {
      gsize split;

      if (sort_cancelled (sorter, n))
        return FALSE;

      split = partition (v, n, &sorter->random);
      if (split < n - split)
        {
          if (!quick_sort (sorter, v, split))
            return FALSE;
          v += split;
          n -= split;
        }
      else
        {
          if (!quick_sort (sorter, v + split, n - split))
            return FALSE;
          n = split;
        }
    }
  insertion_sort (v, n);
  return TRUE;
}

/* In place: a merge sort's copy of the list was the peak of a
 * million-node step with memory shown.  Not qsort(), so that a cancel
 * is seen: a node of 200k outputs allocates them all at one time, and
 * qsort spent 0.1 s ordering them by name without a check
 * (tests/test-cancel.c). */
static gboolean
sort_allocations (StpAnalysis  *a,
                  GArray       *list,
                  GError      **error)
{
  /* Ties come out in an order that shows nowhere (see
   * compare_allocations), so the pivots need not be the same each run. */
  Sorter sorter = { a->cancellable, error, g_random_int () | 1 };

  return quick_sort (&sorter, (Allocation *) list->data, list->len);
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
      StpStr name = tensor_name (a, g_array_index (set, guint32, i));
      g_array_append_val (names, name);
    }
  return names;
}

/* The first change after which the allocator's total is at its highest,
 * as timeline.py keeps it, with that total and its time in max; -1 if
 * the total never rises above 0. */
static gint
find_maximum (GArray              *list,
              StpAllocatorMaximum *max)
{
  gint64 total = 0;
  gint best = -1;

  for (guint i = 0; i < list->len; i++)
    {
      const Allocation *alloc = &g_array_index (list, Allocation, i);

      total = add64 (total, alloc->num_bytes);
      if (total > max->num_bytes)
        {
          max->num_bytes = total;
          max->ts = alloc->time * 1000;
          best = i;
        }
    }
  return best;
}

/* Each change of the sorted list becomes, where it is, the sample of the
 * total after it. */
static gboolean
turn_into_samples (StpAnalysis  *a,
                   GArray       *list,
                   GError      **error)
{
  gint64 total = 0;

  for (guint i = 0; i < list->len; i++)
    {
      Allocation alloc = g_array_index (list, Allocation, i);
      StpCounterSample sample;

      if (i % CANCEL_CHECK_INTERVAL == CANCEL_CHECK_INTERVAL - 1 &&
          g_cancellable_set_error_if_cancelled (a->cancellable, error))
        return FALSE;

      total = add64 (total, alloc.num_bytes);
      sample = (StpCounterSample) { alloc.time * 1000, (double) total,
                                    stp_trace_next_seq (a->trace) };
      memcpy (&g_array_index (list, Allocation, i), &sample, sizeof sample);
    }
  return TRUE;
}

/* The allocator's counter and maximum, from its list of changes, which
 * becomes the counter's samples. */
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
  gint best;

  track = stp_trace_add_track (trace, a->allocators_process, STP_TRACK_COUNTER, allocator);
  stp_trace_get_track (trace, track)->cat = a->cat_memory;
  series = stp_trace_add_counter_series (trace, track, allocator);

  if (!sort_allocations (a, list, error))
    return FALSE;

  best = find_maximum (list, &max);
  max.tensors = best >= 0 ? tensors_at (a, list, best, live) : g_array_new (FALSE, FALSE, sizeof (StpStr));
  g_array_append_val (trace->allocator_maximums, max);

  if (!turn_into_samples (a, list, error))
    return FALSE;
  stp_trace_take_counter_samples (trace, series, g_array_ref (list));
  return TRUE;
}

/* A list of changes, or the NULL left where one was used. */
static void
unref_list (gpointer list)
{
  if (list != NULL)
    g_array_unref (list);
}

/* The tensors (in dict order) by allocator: runs of consecutive
 * tensors that name the same one, and for each allocator, in the order
 * tensors first name it, how many changes its list will hold. */
typedef struct
{
  guint first;      /* the run's first tensor */
  guint list;       /* its allocator's */
} Run;

typedef struct
{
  GArray *runs;         /* Run */
  GArray *allocators;   /* StpStr */
  GArray *counts;       /* guint */
} Groups;

static void
groups_clear (Groups *groups)
{
  g_clear_pointer (&groups->runs, g_array_unref);
  g_clear_pointer (&groups->allocators, g_array_unref);
  g_clear_pointer (&groups->counts, g_array_unref);
}

static inline const StpStepStatsOutput *
tensor_output (StpAnalysis *a,
               guint        place)
{
  return tracker_output (a, &g_array_index (a->trackers, StpTracker, place));
}

/* Each tensor in dict order (tensor_order) by its place: its latest
 * tracker's, which is also its object's and its last use's. */
static GArray *
tensor_places (StpAnalysis *a)
{
  GArray *places = g_array_sized_new (FALSE, FALSE, sizeof (guint32), a->tensor_order->len);

  for (guint i = 0; i < a->tensor_order->len; i++)
    {
      guint32 place = tensor_index (a, g_array_index (a->tensor_order, StpStr, i)) - 1;
      g_array_append_val (places, place);
    }
  return places;
}

/* An allocator's name is interned once per run rather than once per
 * tensor: most tensors name the one the tensor before them named. */
static void
group_by_allocator (StpAnalysis  *a,
                    const GArray *places,
                    Groups       *groups)
{
  g_autoptr(GHashTable) index = g_hash_table_new (NULL, NULL);
  StpSpan last = { NULL, 0 };
  Run run = { 0, 0 };

  groups->runs = g_array_new (FALSE, FALSE, sizeof (Run));
  groups->allocators = g_array_new (FALSE, FALSE, sizeof (StpStr));
  groups->counts = g_array_new (FALSE, FALSE, sizeof (guint));

  for (guint i = 0; i < places->len; i++)
    {
      StpSpan span = stp_step_stats_output_allocator (tensor_output (a, g_array_index (places, guint32, i)));

      if (i == 0 || span.len != last.len || (span.len > 0 && memcmp (span.str, last.str, span.len) != 0))
        {
          StpStr allocator = intern_span (a, span);
          gpointer slot;

          if (!g_hash_table_lookup_extended (index, GUINT_TO_POINTER (allocator), NULL, &slot))
            {
              guint none = 0;

              slot = GUINT_TO_POINTER (groups->allocators->len);
              g_array_append_val (groups->allocators, allocator);
              g_array_append_val (groups->counts, none);
              g_hash_table_insert (index, GUINT_TO_POINTER (allocator), slot);
            }
          run.first = i;
          run.list = GPOINTER_TO_UINT (slot);
          g_array_append_val (groups->runs, run);
          last = span;
        }
      g_array_index (groups->counts, guint, run.list) += 2;
    }
}

/* Each tensor's deletion, and its allocation in its allocator's list.
 * The lists are sized once, with room for the frees too: grown, each
 * was moved in memory again and again, and after a move the
 * development VM charges again for each page at its next use
 * (build/bench/bench-page-costs; bench/README.md, stop 48). */
static GPtrArray *
list_allocations (StpAnalysis  *a,
                  const GArray *places,
                  const Groups *groups)
{
  StpTrace *trace = a->trace;
  GPtrArray *lists = g_ptr_array_new_with_free_func (unref_list);

  for (guint l = 0; l < groups->allocators->len; l++)
    {
      GArray *list = g_array_new (FALSE, FALSE, sizeof (Allocation));

      stp_array_reserve_at_most (list, g_array_index (groups->counts, guint, l));
      g_ptr_array_add (lists, list);
    }

  for (guint r = 0; r < groups->runs->len; r++)
    {
      const Run *run = &g_array_index (groups->runs, Run, r);
      guint end = r + 1 < groups->runs->len ? (run + 1)->first : places->len;
      GArray *list = g_ptr_array_index (lists, run->list);

      for (guint i = run->first; i < end; i++)
        {
          guint32 t = g_array_index (places, guint32, i);
          const StpTracker *tensor = &g_array_index (a->trackers, StpTracker, t);
          const StpStepStatsOutput *output = tracker_output (a, tensor);
          /* Each tracker made the object at its own place. */
          StpObject *object = &g_array_index (trace->objects, StpObject, t);
          Allocation alloc = { node_start (a, tensor->node), output->requested_bytes, t };

          /* Deletions take their seqs in the tensors' order. */
          object->delete_ts = a->last_unref[t] * 1000;
          object->delete_tid = 0;
          object->delete_seq = stp_trace_next_seq (trace);

          g_array_append_val (list, alloc);
        }
    }

  return lists;
}

/* After each list's allocations, the frees: once the trackers are gone,
 * as the lists need no more of them.  The order shows nowhere, as the
 * lists are sorted (see compare_allocations). */
static void
list_frees (StpAnalysis *a,
            GPtrArray   *lists)
{
  for (guint l = 0; l < lists->len; l++)
    {
      GArray *list = g_ptr_array_index (lists, l);
      guint n = list->len;

      for (guint i = 0; i < n; i++)
        {
          Allocation release = g_array_index (list, Allocation, i);

          release.time = a->last_unref[release.place];
          release.num_bytes = -(guint64) release.num_bytes;
          g_array_append_val (list, release);
        }
    }
}

/* _show_memory_counters: tensor deletions, then one cumulative counter
 * per allocator. */
gboolean
stp_step_stats_show_memory_counters (StpAnalysis  *a,
                                   GError      **error)
{
  g_autoptr(GArray) places = tensor_places (a);
  g_autoptr(GPtrArray) lists = NULL;
  g_autofree guint8 *live = g_new0 (guint8, a->trace->objects->len);
  Groups groups = { NULL, NULL, NULL };
  gboolean ok = TRUE;

  /* The counters need nothing else of the tensors' names: the index by
   * name goes before the lists are made. */
  g_clear_pointer (&a->tensors, g_array_unref);
  g_clear_pointer (&a->tensor_order, g_array_unref);

  group_by_allocator (a, places, &groups);
  lists = list_allocations (a, places, &groups);
  g_clear_pointer (&places, g_array_unref);

  /* Nothing reads the trackers again (12 MB of a million-node step):
   * they go before the frees fill the other half of the lists, and
   * the last uses once those are listed. */
  g_clear_pointer (&a->trackers, g_array_unref);
  list_frees (a, lists);
  g_clear_pointer (&a->last_unref, g_free);

  /* Each list becomes its counter's samples. */
  for (guint i = 0; ok && i < groups.allocators->len; i++)
    {
      ok = !g_cancellable_set_error_if_cancelled (a->cancellable, error) &&
           emit_allocator (a, g_array_index (groups.allocators, StpStr, i),
                           g_ptr_array_index (lists, i), live, error);
      unref_list (g_steal_pointer (&g_ptr_array_index (lists, i)));
    }
  groups_clear (&groups);

  return ok;
}
