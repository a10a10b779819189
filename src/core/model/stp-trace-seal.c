/* stp-trace-seal.c: sealing a trace (sorting, lanes, depths, flows)
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Loaders append events in input order.  Finishing a trace sorts every
 * track, nests its slices, moves slices that overlap without nesting to
 * extra lanes of the same thread (so nothing is lost or drawn on top of
 * something else; stp-trace-nest.c), binds flow ends to slices, gives
 * objects rows, and orders processes and tracks for display.  Every
 * step is deterministic and near-linear, whatever the input.
 */

#define G_LOG_DOMAIN "stp-trace-seal"

#include "stp-trace-private.h"
#include "stp-buffer.h"
#include "stp-lane-allocator.h"
#include "stp-sort.h"

#include <string.h>

/* Most inputs are already in order (StepStats always is): a linear
 * check saves the O(n log n) sort. */
static void
sort_slices_unless_sorted (GArray           *slices,
                           GCompareDataFunc  compare)
{
  stp_sort_unless_sorted (slices->data, slices->len, sizeof (StpSlice), compare, NULL);
}

/* ------------------------------------------------------------------ */
/* Time range                                                          */

typedef struct
{
  gint64   min;
  gint64   max;
  gboolean any;
} Range;

static inline void
range_add (Range  *range,
           gint64  start,
           gint64  end)
{
  if (start == STP_TS_UNKNOWN)
    return;
  if (!range->any || start < range->min)
    range->min = start;
  if (!range->any || end > range->max)
    range->max = end;
  range->any = TRUE;
}

static void
range_add_slices (Range  *range,
                  GArray *slices)
{
  for (guint i = 0; slices && i < slices->len; i++)
    {
      const StpSlice *s = &g_array_index (slices, StpSlice, i);

      range_add (range, s->ts, (s->flags & STP_SLICE_UNCLOSED) ? s->ts : stp_slice_end (s));
    }
}

static void
compute_time_range (StpTrace *self)
{
  Range range = { 0 };

  for (guint i = 0; i < self->tracks->len; i++)
    {
      StpTrack *track = stp_trace_get_track (self, i);

      range_add_slices (&range, track->slices);
      range_add_slices (&range, track->instants);

      for (guint j = 0; track->series && j < track->series->len; j++)
        {
          StpCounterSeries *series = g_ptr_array_index (track->series, j);

          for (guint k = 0; k < series->samples->len; k++)
            {
              gint64 ts = g_array_index (series->samples, StpCounterSample, k).ts;
              range_add (&range, ts, ts);
            }
        }
    }

  range_add_slices (&range, self->global_instants);

  for (guint i = 0; i < self->objects->len; i++)
    {
      const StpObject *o = &g_array_index (self->objects, StpObject, i);

      range_add (&range, o->create_ts, o->create_ts);
      range_add (&range, o->delete_ts, o->delete_ts);
    }

  for (guint i = 0; i < self->snapshots->len; i++)
    {
      gint64 ts = g_array_index (self->snapshots, StpSnapshot, i).ts;
      range_add (&range, ts, ts);
    }

  for (guint i = 0; i < self->flows->len; i++)
    {
      const StpFlow *f = &g_array_index (self->flows, StpFlow, i);

      if (f->src.track != STP_INDEX_NONE)
        range_add (&range, f->src.ts, f->src.ts);
      if (f->dst.track != STP_INDEX_NONE)
        range_add (&range, f->dst.ts, f->dst.ts);
    }

  self->start_ts = range.any ? range.min : 0;
  self->end_ts = range.any ? range.max : 0;
}

/* Slices left open (B without E, X without dur) run to the trace end. */
static void
close_unclosed (StpTrace *self)
{
  for (guint i = 0; i < self->tracks->len; i++)
    {
      StpTrack *track = stp_trace_get_track (self, i);

      for (guint j = 0; track->slices && j < track->slices->len; j++)
        {
          StpSlice *s = stp_track_get_slice (track, j);

          if (s->flags & STP_SLICE_UNCLOSED)
            s->dur = MAX (0, stp_time_sub (self->end_ts, s->ts));
        }
    }
}

gint
stp_trace_compare_instants (gconstpointer a,
                            gconstpointer b,
                            gpointer      user_data)
{
  const StpSlice *sa = a;
  const StpSlice *sb = b;

  if (sa->ts != sb->ts)
    return sa->ts < sb->ts ? -1 : 1;
  if (sa->seq != sb->seq)
    return sa->seq < sb->seq ? -1 : 1;
  return 0;
}

static gint
compare_samples (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  const StpCounterSample *sa = a;
  const StpCounterSample *sb = b;

  if (sa->ts != sb->ts)
    return sa->ts < sb->ts ? -1 : 1;
  return 0;   /* stable: same time keeps input order */
}

static void
seal_counter (StpTrack *track)
{
  for (guint i = 0; i < track->series->len; i++)
    {
      StpCounterSeries *series = g_ptr_array_index (track->series, i);

      stp_sort_unless_sorted (series->samples->data, series->samples->len, sizeof (StpCounterSample),
                              compare_samples, NULL);
      series->min = series->max = 0;

      for (guint j = 0; j < series->samples->len; j++)
        {
          double v = g_array_index (series->samples, StpCounterSample, j).value;

          if (j == 0 || v < series->min)
            series->min = v;
          if (j == 0 || v > series->max)
            series->max = v;
        }
    }
}

/* ------------------------------------------------------------------ */
/* Objects                                                             */

static gint64
object_start (const StpTrace  *self,
              const StpObject *o,
              gint64           first_snapshot)
{
  if (o->create_ts != STP_TS_UNKNOWN)
    return o->create_ts;
  if (first_snapshot != STP_TS_UNKNOWN)
    return first_snapshot;
  return self->start_ts;
}

typedef struct
{
  guint32 index;
  guint32 process;
  gint64  start;
  guint32 seq;
} ObjectKey;

static gint
compare_object_keys (gconstpointer a,
                     gconstpointer b,
                     gpointer      user_data)
{
  const ObjectKey *ka = a;
  const ObjectKey *kb = b;

  if (ka->process != kb->process)
    return ka->process < kb->process ? -1 : 1;
  if (ka->start != kb->start)
    return ka->start < kb->start ? -1 : 1;
  if (ka->seq != kb->seq)
    return ka->seq < kb->seq ? -1 : 1;
  return ka->index < kb->index ? -1 : (ka->index > kb->index);
}

static gint
compare_snapshots (gconstpointer a,
                   gconstpointer b,
                   gpointer      user_data)
{
  const StpSnapshot *sa = a;
  const StpSnapshot *sb = b;

  if (sa->object != sb->object)
    return sa->object < sb->object ? -1 : 1;
  if (sa->ts != sb->ts)
    return sa->ts < sb->ts ? -1 : 1;
  if (sa->seq != sb->seq)
    return sa->seq < sb->seq ? -1 : 1;
  return 0;
}

static void
place_objects (StpTrace *self)
{
  guint n = self->objects->len;
  g_autoptr(GArray) keys = NULL;
  g_autofree gint64 *first_snap = NULL;
  g_autofree guint32 *remap = NULL;

  /* Nothing to place, and no keys: their array's data is NULL. */
  if (n == 0)
    return;

  keys = g_array_sized_new (FALSE, FALSE, sizeof (ObjectKey), n);
  first_snap = g_new (gint64, n);
  remap = g_new (guint32, n);

  for (guint i = 0; i < n; i++)
    first_snap[i] = STP_TS_UNKNOWN;
  for (guint i = 0; i < self->snapshots->len; i++)
    {
      const StpSnapshot *s = &g_array_index (self->snapshots, StpSnapshot, i);

      if (first_snap[s->object] == STP_TS_UNKNOWN || s->ts < first_snap[s->object])
        first_snap[s->object] = s->ts;
    }

  for (guint i = 0; i < n; i++)
    {
      const StpObject *o = &g_array_index (self->objects, StpObject, i);
      ObjectKey key = { i, o->process, object_start (self, o, first_snap[i]), o->create_seq };

      g_array_append_val (keys, key);
    }
  g_clear_pointer (&first_snap, g_free);
  stp_sort_unless_sorted (keys->data, keys->len, sizeof (ObjectKey), compare_object_keys, NULL);

  for (guint i = 0; i < n; i++)
    remap[g_array_index (keys, ObjectKey, i).index] = i;

  for (guint i = 0; i < self->snapshots->len; i++)
    {
      StpSnapshot *s = &g_array_index (self->snapshots, StpSnapshot, i);
      s->object = remap[s->object];
    }
  /* In place: a copy of the objects was the peak of sealing a
   * million-node step with memory shown. */
  stp_permute (self->objects->data, n, sizeof (StpObject),
               (guint32 *) (keys->data + G_STRUCT_OFFSET (ObjectKey, index)), sizeof (ObjectKey));
  stp_sort_unless_sorted (self->snapshots->data, self->snapshots->len, sizeof (StpSnapshot),
                          compare_snapshots, NULL);

  /* Rows: each process packs its objects' lifetimes first-fit. */
  for (guint i = 0; i < n;)
    {
      guint32 process = g_array_index (self->objects, StpObject, i).process;
      StpProcess *p = stp_trace_get_process (self, process);
      g_autoptr(StpLaneAllocator) alloc = stp_lane_allocator_new ();
      guint j;

      p->first_object = i;
      for (j = i; j < n && g_array_index (self->objects, StpObject, j).process == process; j++)
        {
          StpObject *o = &g_array_index (self->objects, StpObject, j);
          gint64 start = g_array_index (keys, ObjectKey, j).start;
          gint64 end = o->delete_ts != STP_TS_UNKNOWN ? o->delete_ts : G_MAXINT64;

          o->lane = stp_lane_allocator_take (alloc, start, MAX (start, end));
        }
      p->n_objects = j - i;
      p->n_object_lanes = stp_lane_allocator_get_n_lanes (alloc);
      i = j;
    }
}

/* The first snapshot of an object at or after `object`: they lie
 * sorted by object (place_objects), so each object's are found where
 * they begin rather than kept in it, 8 bytes an object. */
static guint32
first_snapshot_from (const StpTrace *self,
                     guint32         object)
{
  guint32 low = 0, high = self->snapshots->len;

  while (low < high)
    {
      guint32 mid = low + (high - low) / 2;

      if (g_array_index (self->snapshots, StpSnapshot, mid).object < object)
        low = mid + 1;
      else
        high = mid;
    }
  return low;
}

guint
stp_trace_get_object_snapshots (const StpTrace *self,
                                guint32         object,
                                guint32        *first)
{
  guint32 start, end;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (self->finished, 0);

  start = first_snapshot_from (self, object);
  end = object < G_MAXUINT32 ? first_snapshot_from (self, object + 1) : self->snapshots->len;
  if (first != NULL)
    *first = start;
  return end - start;
}

/* ------------------------------------------------------------------ */
/* Display order                                                       */

static gint
compare_ids (gint64          num_a,
             StpStr          str_a,
             gint64          num_b,
             StpStr          str_b,
             const StpTrace *self)
{
  /* Numeric ids first, then string ids by text. */
  if ((str_a != 0) != (str_b != 0))
    return str_a != 0 ? 1 : -1;
  if (str_a != 0)
    return strcmp (stp_trace_str (self, str_a), stp_trace_str (self, str_b));
  return num_a < num_b ? -1 : (num_a > num_b);
}

static gint
compare_processes (gconstpointer a,
                   gconstpointer b,
                   gpointer      user_data)
{
  StpTrace *self = user_data;
  const StpProcess *pa = stp_trace_get_process (self, *(const guint32 *) a);
  const StpProcess *pb = stp_trace_get_process (self, *(const guint32 *) b);
  gint32 sa = pa->has_sort_index ? pa->sort_index : 0;
  gint32 sb = pb->has_sort_index ? pb->sort_index : 0;

  if (sa != sb)
    return sa < sb ? -1 : 1;
  return compare_ids (pa->pid, pa->pid_str, pb->pid, pb->pid_str, self);
}

static gint
kind_rank (StpTrackKind kind)
{
  switch (kind)
    {
    case STP_TRACK_COUNTER:  return 0;
    case STP_TRACK_INSTANTS: return 1;
    case STP_TRACK_ASYNC:    return 2;
    case STP_TRACK_THREAD:
    default:                 return 3;
    }
}

static gint
compare_tracks (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  StpTrace *self = user_data;
  const StpTrack *ta = stp_trace_get_track (self, *(const guint32 *) a);
  const StpTrack *tb = stp_trace_get_track (self, *(const guint32 *) b);
  gint r;

  if (kind_rank (ta->kind) != kind_rank (tb->kind))
    return kind_rank (ta->kind) - kind_rank (tb->kind);

  if (ta->kind == STP_TRACK_THREAD)
    {
      gint32 sa = ta->has_sort_index ? ta->sort_index : 0;
      gint32 sb = tb->has_sort_index ? tb->sort_index : 0;

      if (sa != sb)
        return sa < sb ? -1 : 1;
      r = compare_ids (ta->tid, ta->tid_str, tb->tid, tb->tid_str, self);
      if (r != 0)
        return r;
    }
  else if (ta->name != tb->name)
    {
      r = strcmp (stp_trace_str (self, ta->name), stp_trace_str (self, tb->name));
      if (r != 0)
        return r;
    }

  if (ta->lane != tb->lane)
    return ta->lane < tb->lane ? -1 : 1;
  return *(const guint32 *) a < *(const guint32 *) b ? -1 : 1;
}

static void
order_for_display (StpTrace *self)
{
  g_array_set_size (self->process_order, 0);

  for (guint i = 0; i < self->processes->len; i++)
    {
      StpProcess *p = stp_trace_get_process (self, i);

      g_array_append_val (self->process_order, i);
      g_array_sort_with_data (p->tracks, compare_tracks, self);
    }

  g_array_sort_with_data (self->process_order, compare_processes, self);
}

/* ------------------------------------------------------------------ */

gboolean
stp_trace_seal (StpTrace      *self,
                  GCancellable  *cancellable,
                  GError       **error)
{
  g_autoptr(GHashTable) thread_lanes = NULL;
  guint n_tracks;

  compute_time_range (self);
  close_unclosed (self);

  thread_lanes = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  n_tracks = self->tracks->len;

  /* Threads first: their extra lanes are appended as tracks. */
  if (!stp_trace_nest_slices (self, thread_lanes, cancellable, error))
    return FALSE;

  for (guint i = 0; i < n_tracks; i++)
    {
      StpTrack *track = stp_trace_get_track (self, i);

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;

      switch (track->kind)
        {
        case STP_TRACK_THREAD:
        case STP_TRACK_ASYNC:
          break;

        case STP_TRACK_INSTANTS:
          sort_slices_unless_sorted (track->slices, stp_trace_compare_instants);
          for (guint j = 0; j < track->slices->len; j++)
            stp_track_get_slice (track, j)->depth = 0;
          stp_track_seal_depths (track);
          break;

        case STP_TRACK_COUNTER:
          seal_counter (track);
          break;

        default:
          g_assert_not_reached ();
        }
    }

  sort_slices_unless_sorted (self->global_instants, stp_trace_compare_instants);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  stp_trace_bind_flows (self, thread_lanes);
  place_objects (self);
  order_for_display (self);

  return TRUE;
}
