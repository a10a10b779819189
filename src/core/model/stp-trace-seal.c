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

/* The first snapshot of an object at or after `object`, once they are
 * sorted by object: each object's are found where they begin rather
 * than kept in it, 8 bytes an object. */
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

/* Objects are ordered by process, then start: their creation, or else
 * their first snapshot.  Snapshots' times are looked up only for
 * objects never created, which are few, so most traces keep none. */
typedef struct
{
  const StpTrace *trace;
  gint64         *first_snapshot_ts;   /* per object, or NULL if all were created */
} ObjectOrder;

static gint64 *
first_snapshot_times (const StpTrace *self)
{
  gint64 *first_ts;
  guint i;

  for (i = 0; i < self->objects->len; i++)
    if (g_array_index (self->objects, StpObject, i).create_ts == STP_TS_UNKNOWN)
      break;
  if (i == self->objects->len)
    return NULL;

  first_ts = g_new (gint64, self->objects->len);
  for (i = 0; i < self->objects->len; i++)
    first_ts[i] = STP_TS_UNKNOWN;
  for (i = 0; i < self->snapshots->len; i++)
    {
      const StpSnapshot *s = &g_array_index (self->snapshots, StpSnapshot, i);

      if (first_ts[s->object] == STP_TS_UNKNOWN || s->ts < first_ts[s->object])
        first_ts[s->object] = s->ts;
    }
  return first_ts;
}

static gint64
object_start (const ObjectOrder *order,
              guint32            index)
{
  const StpObject *o = &g_array_index (order->trace->objects, StpObject, index);

  if (o->create_ts != STP_TS_UNKNOWN)
    return o->create_ts;
  if (order->first_snapshot_ts[index] != STP_TS_UNKNOWN)
    return order->first_snapshot_ts[index];
  return order->trace->start_ts;
}

/* The same start, once objects and snapshots are in place. */
static gint64
placed_object_start (const StpTrace *self,
                     guint32         index)
{
  const StpObject *o = &g_array_index (self->objects, StpObject, index);
  guint32 first;

  if (o->create_ts != STP_TS_UNKNOWN)
    return o->create_ts;
  first = first_snapshot_from (self, index);
  if (first < self->snapshots->len && g_array_index (self->snapshots, StpSnapshot, first).object == index)
    return g_array_index (self->snapshots, StpSnapshot, first).ts;
  return self->start_ts;
}

static gint
compare_objects (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  const ObjectOrder *order = user_data;
  guint32 ia = *(const guint32 *) a;
  guint32 ib = *(const guint32 *) b;
  const StpObject *oa = &g_array_index (order->trace->objects, StpObject, ia);
  const StpObject *ob = &g_array_index (order->trace->objects, StpObject, ib);
  gint64 sa, sb;

  if (oa->process != ob->process)
    return oa->process < ob->process ? -1 : 1;
  sa = object_start (order, ia);
  sb = object_start (order, ib);
  if (sa != sb)
    return sa < sb ? -1 : 1;
  if (oa->create_seq != ob->create_seq)
    return oa->create_seq < ob->create_seq ? -1 : 1;
  return ia < ib ? -1 : (ia > ib);
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

/* The snapshots grouped by object, each object's by time.  Counted by
 * object and moved once, in place: a sort would copy them all, since
 * GLib's copies elements of 32 bytes and less whole (2.5 MB at a
 * 100k-node step with memory shown), where elements over 32 bytes
 * take it 16 bytes each. */
static void
place_snapshots (StpTrace *self)
{
  StpSnapshot *snapshots = (StpSnapshot *) self->snapshots->data;
  guint n = self->snapshots->len;
  g_autofree guint32 *ends = NULL;
  g_autofree guint32 *from = NULL;

  if (stp_sort_is_sorted (snapshots, n, sizeof (StpSnapshot), compare_snapshots, NULL))
    return;

  /* ends[o]: where object o's snapshots start, then end as they come. */
  ends = g_new0 (guint32, self->objects->len + 1);
  for (guint i = 0; i < n; i++)
    ends[snapshots[i].object + 1]++;
  for (guint o = 0; o < self->objects->len; o++)
    ends[o + 1] += ends[o];
  from = g_new (guint32, n);
  for (guint i = 0; i < n; i++)
    from[ends[snapshots[i].object]++] = i;
  g_clear_pointer (&ends, g_free);
  stp_permute (snapshots, n, sizeof (StpSnapshot), from, sizeof (guint32));

  /* Within an object, by time: usually so already. */
  for (guint i = 0, j; i < n; i = j)
    {
      for (j = i + 1; j < n && snapshots[j].object == snapshots[i].object; j++)
        ;
      if (j - i > 1)
        stp_sort_unless_sorted (snapshots + i, j - i, sizeof (StpSnapshot), compare_snapshots, NULL);
    }
}

/* The objects in order, and their snapshots after them.  Sorted as
 * indices, not as keys of their own: keys of 24 bytes and the sort's
 * copy of them were the peak of sealing a 100k-node step with memory
 * shown. */
static void
sort_objects (StpTrace *self)
{
  guint n = self->objects->len;
  ObjectOrder order = { self, first_snapshot_times (self) };
  g_autofree guint32 *from = g_new (guint32, n);
  g_autofree guint32 *remap = NULL;

  for (guint i = 0; i < n; i++)
    from[i] = i;
  stp_sort_unless_sorted (from, n, sizeof (guint32), compare_objects, &order);
  g_clear_pointer (&order.first_snapshot_ts, g_free);

  remap = g_new (guint32, n);
  for (guint i = 0; i < n; i++)
    remap[from[i]] = i;
  for (guint i = 0; i < self->snapshots->len; i++)
    {
      StpSnapshot *s = &g_array_index (self->snapshots, StpSnapshot, i);
      s->object = remap[s->object];
    }
  g_clear_pointer (&remap, g_free);

  /* In place: a copy of the objects was the peak of sealing a
   * million-node step with memory shown. */
  stp_permute (self->objects->data, n, sizeof (StpObject), from, sizeof (guint32));
  g_clear_pointer (&from, g_free);
  place_snapshots (self);
}

static void
place_objects (StpTrace *self)
{
  guint n = self->objects->len;

  if (n == 0)
    return;

  sort_objects (self);

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
          gint64 start = placed_object_start (self, j);
          gint64 end = o->delete_ts != STP_TS_UNKNOWN ? o->delete_ts : G_MAXINT64;

          o->lane = stp_lane_allocator_take (alloc, start, MAX (start, end));
        }
      p->n_objects = j - i;
      p->n_object_lanes = stp_lane_allocator_get_n_lanes (alloc);
      i = j;
    }
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
