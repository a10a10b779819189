/* stp-trace-seal.c: sealing a trace (sorting, lanes, depths, flows)
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Loaders append events in input order.  Finishing a trace sorts every
 * track, nests its slices, moves slices that overlap without nesting to
 * extra lanes of the same thread (so nothing is lost or drawn on top of
 * something else), binds flow ends to slices, gives objects rows, and
 * orders processes and tracks for display.  Every step is deterministic
 * and near-linear, whatever the input.
 */

#define G_LOG_DOMAIN "stp-trace-seal"

#include "stp-trace-private.h"
#include "stp-buffer.h"
#include "stp-lane-allocator.h"
#include "stp-sort.h"

#include <string.h>

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

/* ------------------------------------------------------------------ */
/* Slices: lanes and depths                                            */

static gint
compare_by_start (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  const StpSlice *sa = a;
  const StpSlice *sb = b;
  gint64 ea, eb;

  if (sa->ts != sb->ts)
    return sa->ts < sb->ts ? -1 : 1;

  /* Longer first, so a parent comes before the children it encloses. */
  ea = stp_slice_end (sa);
  eb = stp_slice_end (sb);
  if (ea != eb)
    return ea > eb ? -1 : 1;

  if (sa->seq != sb->seq)
    return sa->seq < sb->seq ? -1 : 1;
  return 0;
}

static gint
compare_by_depth (gconstpointer a,
                  gconstpointer b,
                  gpointer      user_data)
{
  const StpSlice *sa = a;
  const StpSlice *sb = b;

  if (sa->depth != sb->depth)
    return sa->depth < sb->depth ? -1 : 1;
  if (sa->ts != sb->ts)
    return sa->ts < sb->ts ? -1 : 1;
  if (sa->seq != sb->seq)
    return sa->seq < sb->seq ? -1 : 1;
  return 0;
}

/* Most inputs are already in order per track (StepStats lanes always
 * are): a linear check saves the O(n log n) sort. */
static void
sort_slices_unless_sorted (GArray           *slices,
                           GCompareDataFunc  compare)
{
  stp_sort_unless_sorted (slices->data, slices->len, sizeof (StpSlice), compare, NULL);
}

/* A lane's slices come in start order with their depths set; taking
 * them depth by depth, each in the order it came, gives the order
 * compare_by_depth() wants in linear time, where a sort made n log n
 * comparisons (4% of the instructions of HTA's control load).  The
 * check after it keeps any other input right. */
static void
order_by_depth (GArray *slices,
                guint   max_depth)
{
  g_autofree guint32 *next = NULL;
  g_autofree StpSlice *ordered = NULL;
  guint n = slices->len;

  if (n < 2)
    return;

  next = g_new0 (guint32, max_depth + 1);
  for (guint i = 0; i < n; i++)
    {
      guint16 depth = g_array_index (slices, StpSlice, i).depth;

      if (depth < max_depth)
        next[depth + 1]++;
    }
  for (guint d = 1; d <= max_depth; d++)
    next[d] += next[d - 1];

  ordered = g_new (StpSlice, n);
  for (guint i = 0; i < n; i++)
    {
      const StpSlice *s = &g_array_index (slices, StpSlice, i);

      ordered[next[s->depth]++] = *s;
    }
  memcpy (slices->data, ordered, n * sizeof (StpSlice));
  sort_slices_unless_sorted (slices, compare_by_depth);
}

typedef struct
{
  GArray *slices;   /* StpSlice placed in this lane */
  GArray *stack;    /* StpSlice* ... as (ts, end) pairs of open slices */
} Lane;

typedef struct
{
  gint64 ts;
  gint64 end;
} Open;

/* The lane allocator frees a lane for starts after `busy_until`; a slice
 * with a duration no longer blocks the instant it ends. */
static inline gint64
busy_until (const StpSlice *s)
{
  return s->dur > 0 ? stp_slice_end (s) - 1 : stp_slice_end (s);
}

static void
lane_pop_ended (Lane   *lane,
                gint64  ts)
{
  while (lane->stack->len > 0)
    {
      const Open *top = &g_array_index (lane->stack, Open, lane->stack->len - 1);
      gboolean has_dur = top->end > top->ts;

      if (top->end < ts || (has_dur && top->end == ts))
        g_array_set_size (lane->stack, lane->stack->len - 1);
      else
        break;
    }
}

/* Returns the depth the slice gets in this lane, or -1 if it does not
 * nest (-2 if it would, but deeper than STP_MAX_DEPTH). */
static gint
lane_fit (Lane           *lane,
          const StpSlice *s)
{
  const Open *top;

  lane_pop_ended (lane, s->ts);
  if (lane->stack->len == 0)
    return 0;

  top = &g_array_index (lane->stack, Open, lane->stack->len - 1);
  if (top->end >= stp_slice_end (s))
    return lane->stack->len < STP_MAX_DEPTH ? (gint) lane->stack->len : -2;

  return -1;
}

static void
lane_place (Lane     *lane,
            StpSlice *s,
            guint     depth)
{
  Open open = { s->ts, stp_slice_end (s) };

  s->depth = depth;
  g_array_append_val (lane->slices, *s);
  g_array_append_val (lane->stack, open);
}

static void
seal_depths (StpTrack *track)
{
  guint max_depth = 0;

  for (guint i = 0; i < track->slices->len; i++)
    max_depth = MAX (max_depth, stp_track_get_slice (track, i)->depth);
  if (max_depth > 0)
    order_by_depth (track->slices, max_depth);

  track->max_depth = max_depth;
  if (track->depth_starts != track->depth_bounds)
    g_free (track->depth_starts);
  /* Most tracks are flat: their two bounds live in the track, which
   * spares an allocation per track (a model of 1M lanes frees faster). */
  if (max_depth == 0)
    track->depth_starts = track->depth_bounds;
  else
    track->depth_starts = g_new0 (guint32, max_depth + 2);

  /* depth_starts[d] = first slice of depth d; a depth with no slice is an
   * empty run. */
  for (guint d = 0, i = 0; d <= max_depth + 1; d++)
    {
      while (i < track->slices->len && stp_track_get_slice (track, i)->depth < d)
        i++;
      track->depth_starts[d] = i;
    }
}

/* Sorted by start, each slice starts once the one before has ended (a
 * zero-length slice at the same instant would nest, so it does not count). */
static gboolean
slices_are_disjoint (GArray *slices)
{
  for (guint i = 1; i < slices->len; i++)
    {
      const StpSlice *prev = &g_array_index (slices, StpSlice, i - 1);
      const StpSlice *s = &g_array_index (slices, StpSlice, i);

      if (s->ts < stp_slice_end (prev) || (s->ts == stp_slice_end (prev) && prev->dur <= 0))
        return FALSE;
    }
  return TRUE;
}

static void
lanes_clear (GArray *lanes)
{
  for (guint l = 0; l < lanes->len; l++)
    {
      g_array_unref (g_array_index (lanes, Lane, l).slices);
      g_array_unref (g_array_index (lanes, Lane, l).stack);
    }
  g_array_set_size (lanes, 0);
}

/* Whether to stop: checked every few thousand slices, so that a single
 * track of millions stops within milliseconds of a cancel. */
static inline gboolean
cancelled_every (guint         i,
                 GCancellable *cancellable)
{
  return (i & 0x1fff) == 0 && g_cancellable_is_cancelled (cancellable);
}

/* Splits the slices of one track into properly nested lanes; returns
 * the tracks of the extra lanes (appended to the trace).  FALSE if
 * cancelled: the trace is then only fit to be freed. */
static gboolean
split_track (StpTrace     *self,
             guint32       track_index,
             GArray       *lane_tracks,
             GCancellable *cancellable)
{
  StpTrack *track = stp_trace_get_track (self, track_index);
  g_autoptr(StpLaneAllocator) alloc = stp_lane_allocator_new ();
  g_autoptr(GArray) lanes = g_array_new (FALSE, TRUE, sizeof (Lane));
  GArray *input = track->slices;
  guint32 prev = 0;

  sort_slices_unless_sorted (input, compare_by_start);

  /* Slices that follow each other without overlapping (every StepStats
   * lane) need neither stacks nor extra lanes. */
  if (slices_are_disjoint (input))
    {
      for (guint i = 0; i < input->len; i++)
        g_array_index (input, StpSlice, i).depth = 0;
      seal_depths (track);
      g_array_append_val (lane_tracks, track_index);
      return TRUE;
    }

  for (guint i = 0; i < input->len; i++)
    {
      StpSlice *s = &g_array_index (input, StpSlice, i);
      guint32 candidates[2] = { 0, prev };
      guint32 chosen = G_MAXUINT32;
      gboolean too_deep = FALSE;
      gint depth = -1;

      if (cancelled_every (i, cancellable))
        {
          lanes_clear (lanes);
          return FALSE;
        }

      /* Nest in lane 0 if possible, else beside the previous slice, else
       * in the lowest lane that is free, else in a new lane. */
      for (guint c = 0; c < G_N_ELEMENTS (candidates) && depth < 0; c++)
        {
          if (candidates[c] >= lanes->len)
            continue;
          depth = lane_fit (&g_array_index (lanes, Lane, candidates[c]), s);
          if (depth >= 0)
            chosen = candidates[c];
          too_deep |= depth == -2;
        }

      if (depth < 0)
        {
          /* Too deep to draw nested: on a row of its own, never lost. */
          if (too_deep)
            stp_trace_warn (self, "deep-nesting",
                            "slices nested more than %d deep on a thread were put on extra rows",
                            STP_MAX_DEPTH);
          chosen = stp_lane_allocator_take (alloc, s->ts, busy_until (s));
          if (chosen >= lanes->len)
            {
              Lane fresh;

              fresh.slices = g_array_new (FALSE, FALSE, sizeof (StpSlice));
              fresh.stack = g_array_new (FALSE, FALSE, sizeof (Open));
              g_array_append_val (lanes, fresh);
            }
          lane_pop_ended (&g_array_index (lanes, Lane, chosen), s->ts);
          depth = 0;
        }
      else if (depth == 0)
        {
          stp_lane_allocator_occupy (alloc, chosen, busy_until (s));
        }

      lane_place (&g_array_index (lanes, Lane, chosen), s, depth);
      prev = chosen;
    }

  /* Lane 0 keeps the track; further lanes become tracks of the same tid. */
  for (guint l = 0; l < lanes->len; l++)
    {
      Lane *lane = &g_array_index (lanes, Lane, l);
      StpTrack *target;
      guint32 target_index;

      if (l > 0 && cancelled_every (l, cancellable))
        {
          /* The lanes before l are tracks now, the trace frees them. */
          g_array_remove_range (lanes, 0, l);
          lanes_clear (lanes);
          return FALSE;
        }

      if (l == 0)
        {
          target_index = track_index;
          target = track;
          g_array_unref (target->slices);
          target->slices = lane->slices;
        }
      else
        {
          target_index = stp_trace_add_track (self, track->process, track->kind, track->name);
          target = stp_trace_get_track (self, target_index);
          /* add_track may have moved the array: reload the original. */
          track = stp_trace_get_track (self, track_index);
          target->tid = track->tid;
          target->tid_str = track->tid_str;
          target->lane = l;
          target->sort_index = track->sort_index;
          target->has_sort_index = track->has_sort_index;
          g_array_unref (target->slices);
          target->slices = lane->slices;
        }

      g_array_unref (lane->stack);
      seal_depths (target);
      g_array_append_val (lane_tracks, target_index);
    }

  if (lanes->len == 0)
    {
      seal_depths (track);
      g_array_append_val (lane_tracks, track_index);
    }
  return TRUE;
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
  g_autoptr(GArray) keys = g_array_sized_new (FALSE, FALSE, sizeof (ObjectKey), n);
  g_autofree gint64 *first_snap = g_new (gint64, n + 1);
  g_autofree guint32 *remap = g_new (guint32, n + 1);
  g_autoptr(GArray) sorted = g_array_sized_new (FALSE, TRUE, sizeof (StpObject), n);

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
  stp_sort_unless_sorted (keys->data, keys->len, sizeof (ObjectKey), compare_object_keys, NULL);

  for (guint i = 0; i < n; i++)
    {
      const ObjectKey *key = &g_array_index (keys, ObjectKey, i);

      remap[key->index] = i;
      g_array_append_val (sorted, g_array_index (self->objects, StpObject, key->index));
    }
  g_array_set_size (self->objects, 0);
  g_array_append_vals (self->objects, sorted->data, sorted->len);

  for (guint i = 0; i < self->snapshots->len; i++)
    {
      StpSnapshot *s = &g_array_index (self->snapshots, StpSnapshot, i);
      s->object = remap[s->object];
    }
  stp_sort_unless_sorted (self->snapshots->data, self->snapshots->len, sizeof (StpSnapshot),
                          compare_snapshots, NULL);

  for (guint i = 0; i < self->snapshots->len; i++)
    {
      const StpSnapshot *s = &g_array_index (self->snapshots, StpSnapshot, i);
      StpObject *o = &g_array_index (self->objects, StpObject, s->object);

      if (o->n_snapshots++ == 0)
        o->first_snapshot = i;
    }

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

  for (guint i = 0; i < n_tracks; i++)
    {
      StpTrack *track = stp_trace_get_track (self, i);

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;

      switch (track->kind)
        {
        case STP_TRACK_THREAD:
        case STP_TRACK_ASYNC:
          {
            GArray *lanes = g_array_new (FALSE, FALSE, sizeof (guint32));

            if (!split_track (self, i, lanes, cancellable))
              {
                g_array_unref (lanes);
                g_cancellable_set_error_if_cancelled (cancellable, error);
                return FALSE;
              }
            track = stp_trace_get_track (self, i);
            if (track->instants != NULL)
              sort_slices_unless_sorted (track->instants, stp_trace_compare_instants);
            g_hash_table_insert (thread_lanes, GUINT_TO_POINTER (i), lanes);
          }
          break;

        case STP_TRACK_INSTANTS:
          sort_slices_unless_sorted (track->slices, stp_trace_compare_instants);
          for (guint j = 0; j < track->slices->len; j++)
            stp_track_get_slice (track, j)->depth = 0;
          seal_depths (track);
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
