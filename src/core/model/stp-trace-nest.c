/* stp-trace-nest.c: nesting each thread's slices, and lanes for the rest
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each thread's slices are sorted by start and nested: a slice goes in
 * the slice that encloses it, and one that overlaps without nesting goes
 * to another lane of the thread, which becomes a track of its own.
 * Threads are independent until their lanes become tracks, so a large
 * trace nests them on two threads (nest_track()) and then adds the
 * lanes' tracks in track order, as one thread would (attach_lanes()).
 */

#define G_LOG_DOMAIN "stp-trace-seal"

#include "stp-trace-private.h"
#include "stp-lane-allocator.h"
#include "stp-sort.h"

#include <string.h>

/* Below this many slices a second thread costs more than it saves. */
#define PARALLEL_MIN_SLICES 16384

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
  stp_sort_unless_sorted (slices->data, slices->len, sizeof (StpSlice), compare_by_depth, NULL);
}

typedef struct
{
  gint64 ts;
  gint64 end;
} Open;

typedef struct
{
  GArray *slices;     /* StpSlice placed in this lane; NULL for the first
                       * lane, whose slices stay in the track's array */
  Open   *open;       /* the slices still open, innermost last */
  guint   n_open;
  guint   max_open;
} Lane;

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
  while (lane->n_open > 0)
    {
      const Open *top = &lane->open[lane->n_open - 1];
      gboolean has_dur = top->end > top->ts;

      if (top->end < ts || (has_dur && top->end == ts))
        lane->n_open--;
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
  if (lane->n_open == 0)
    return 0;

  top = &lane->open[lane->n_open - 1];
  if (top->end >= stp_slice_end (s))
    return lane->n_open < STP_MAX_DEPTH ? (gint) lane->n_open : -2;

  return -1;
}

static void
lane_place (Lane     *lane,
            StpSlice *s,
            guint     depth)
{
  s->depth = depth;
  if (lane->slices != NULL)
    g_array_append_val (lane->slices, *s);

  if (lane->n_open == lane->max_open)
    {
      lane->max_open = MAX (16, lane->max_open * 2);
      lane->open = g_renew (Open, lane->open, lane->max_open);
    }
  lane->open[lane->n_open++] = (Open) { s->ts, stp_slice_end (s) };
}

/* Orders a lane's slices by depth; returns the deepest. */
static guint
order_depths (GArray *slices)
{
  guint max_depth = 0;

  for (guint i = 0; i < slices->len; i++)
    max_depth = MAX (max_depth, g_array_index (slices, StpSlice, i).depth);
  if (max_depth > 0)
    order_by_depth (slices, max_depth);
  return max_depth;
}

/* The track's depth runs, its slices being in depth order. */
static void
set_depth_starts (StpTrack *track,
                  guint     max_depth)
{
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

void
stp_track_seal_depths (StpTrack *track)
{
  set_depth_starts (track, order_depths (track->slices));
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
      Lane *lane = &g_array_index (lanes, Lane, l);

      g_clear_pointer (&lane->slices, g_array_unref);
      g_free (lane->open);
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

/* What nesting one thread made, before its extra lanes become tracks. */
typedef struct
{
  guint32    track;
  GPtrArray *extra;        /* GArray of StpSlice for each lane after the first,
                            * NULL once it is a track's */
  GArray    *max_depths;   /* guint, each lane's deepest depth, the first included */
  guint      n_too_deep;   /* slices put on another lane for nesting too deep */
} Nest;

static void
nest_clear (Nest *nest)
{
  for (guint i = 0; nest->extra != NULL && i < nest->extra->len; i++)
    g_clear_pointer (&g_ptr_array_index (nest->extra, i), g_array_unref);
  g_clear_pointer (&nest->extra, g_ptr_array_unref);
  g_clear_pointer (&nest->max_depths, g_array_unref);
}

/* The first lane's slices, the first n_first of the track's, stay in
 * its array; when many went to other lanes, an array of their own gives
 * the room of those back. */
static void
keep_first_lane (StpTrack *track,
                 guint     n_first)
{
  GArray *slices = track->slices;

  if (slices->len - n_first > slices->len / 4)
    {
      track->slices = g_array_sized_new (FALSE, FALSE, sizeof (StpSlice), n_first);
      g_array_append_vals (track->slices, slices->data, n_first);
      g_array_unref (slices);
    }
  else
    g_array_set_size (slices, n_first);
}

/* Nests one track's slices into lanes: the first lane becomes the
 * track's slices, the others wait in nest->extra.  Touches nothing but
 * the track's slices and instants.  FALSE if cancelled. */
static gboolean
nest_track (StpTrack     *track,
            Nest         *nest,
            GCancellable *cancellable)
{
  g_autoptr(StpLaneAllocator) alloc = NULL;
  g_autoptr(GArray) lanes = NULL;
  GArray *input = track->slices;
  guint n_first = 0;   /* the first lane's slices, moved down the input */
  guint32 prev = 0;
  guint max_depth;

  nest->extra = g_ptr_array_new ();
  nest->max_depths = g_array_new (FALSE, FALSE, sizeof (guint));

  stp_sort_by_key (input->data, input->len, sizeof (StpSlice), G_STRUCT_OFFSET (StpSlice, ts),
                   compare_by_start, NULL);
  if (track->instants != NULL)
    stp_sort_unless_sorted (track->instants->data, track->instants->len, sizeof (StpSlice),
                            stp_trace_compare_instants, NULL);

  /* Slices that follow each other without overlapping (every StepStats
   * lane) need neither stacks nor extra lanes. */
  if (slices_are_disjoint (input))
    {
      for (guint i = 0; i < input->len; i++)
        g_array_index (input, StpSlice, i).depth = 0;
      max_depth = order_depths (input);
      g_array_append_val (nest->max_depths, max_depth);
      return TRUE;
    }

  alloc = stp_lane_allocator_new ();
  lanes = g_array_new (FALSE, TRUE, sizeof (Lane));
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
          nest->n_too_deep += too_deep;
          chosen = stp_lane_allocator_take (alloc, s->ts, busy_until (s));
          if (chosen >= lanes->len)
            {
              Lane fresh = { 0 };

              if (lanes->len > 0)
                fresh.slices = g_array_new (FALSE, FALSE, sizeof (StpSlice));
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
      /* The first lane's slices move down the track's own array, never
       * past slice i (those still to place stay as they are): a second
       * array the track's size would double its memory. */
      if (chosen == 0)
        g_array_index (input, StpSlice, n_first++) = *s;
      prev = chosen;
    }

  /* Lane 0 keeps the track; the others wait to become tracks. */
  for (guint l = 0; l < lanes->len; l++)
    {
      Lane *lane = &g_array_index (lanes, Lane, l);

      if (l > 0 && cancelled_every (l, cancellable))
        {
          /* The lanes before l are handed on already. */
          g_array_remove_range (lanes, 0, l);
          lanes_clear (lanes);
          return FALSE;
        }

      g_clear_pointer (&lane->open, g_free);
      if (l == 0)
        {
          keep_first_lane (track, n_first);
          max_depth = order_depths (track->slices);
        }
      else
        {
          max_depth = order_depths (lane->slices);
          g_ptr_array_add (nest->extra, g_steal_pointer (&lane->slices));
        }
      g_array_append_val (nest->max_depths, max_depth);
    }
  return TRUE;
}

/* The track's depth runs, and a track for each of its extra lanes,
 * appended to the trace; lane_tracks gets them all, the track first. */
static void
attach_lanes (StpTrace *self,
              Nest     *nest,
              GArray   *lane_tracks)
{
  StpTrack *track = stp_trace_get_track (self, nest->track);

  for (guint i = 0; i < nest->n_too_deep; i++)
    stp_trace_warn (self, "deep-nesting",
                    "slices nested more than %d deep on a thread were put on extra rows",
                    STP_MAX_DEPTH);

  set_depth_starts (track, g_array_index (nest->max_depths, guint, 0));
  g_array_append_val (lane_tracks, nest->track);

  for (guint l = 1; l < nest->max_depths->len; l++)
    {
      guint32 target_index = stp_trace_add_track (self, track->process, track->kind, track->name);
      StpTrack *target = stp_trace_get_track (self, target_index);

      /* add_track may have moved the array: reload the original. */
      track = stp_trace_get_track (self, nest->track);
      target->tid = track->tid;
      target->tid_str = track->tid_str;
      target->lane = l;
      target->sort_index = track->sort_index;
      target->has_sort_index = track->has_sort_index;
      g_array_unref (target->slices);
      target->slices = g_steal_pointer (&g_ptr_array_index (nest->extra, l - 1));
      set_depth_starts (target, g_array_index (nest->max_depths, guint, l));
      g_array_append_val (lane_tracks, target_index);
    }
}

typedef struct
{
  StpTrace     *trace;
  Nest         *nests;
  guint         n_nests;
  gint          next;        /* atomic: the next nest to take */
  gint          cancelled;   /* atomic */
  GCancellable *cancellable;
} NestJob;

static gpointer
nest_some (gpointer data)
{
  NestJob *job = data;

  for (;;)
    {
      guint i = g_atomic_int_add (&job->next, 1);
      Nest *nest;

      if (i >= job->n_nests || g_atomic_int_get (&job->cancelled))
        break;
      /* Many small tracks (a lane per op) pass no check of their own. */
      if (cancelled_every (i, job->cancellable))
        {
          g_atomic_int_set (&job->cancelled, TRUE);
          break;
        }
      nest = &job->nests[i];
      if (!nest_track (stp_trace_get_track (job->trace, nest->track), nest, job->cancellable))
        g_atomic_int_set (&job->cancelled, TRUE);
    }
  return NULL;
}

gboolean
stp_trace_nest_slices (StpTrace      *self,
                       GHashTable    *thread_lanes,
                       GCancellable  *cancellable,
                       GError       **error)
{
  g_autofree Nest *nests = g_new0 (Nest, MAX (1, self->tracks->len));
  NestJob job = { self, nests, 0, 0, FALSE, cancellable };
  guint64 n_slices = 0;
  gboolean ok;

  for (guint i = 0; i < self->tracks->len; i++)
    {
      StpTrack *track = stp_trace_get_track (self, i);

      if (track->kind != STP_TRACK_THREAD && track->kind != STP_TRACK_ASYNC)
        continue;
      nests[job.n_nests++].track = i;
      n_slices += track->slices->len;
    }

  if (n_slices >= PARALLEL_MIN_SLICES && job.n_nests > 1)
    {
      GThread *thread = g_thread_new ("stp-nest", nest_some, &job);

      nest_some (&job);
      g_thread_join (thread);
    }
  else if (job.n_nests > 0)
    nest_some (&job);

  /* nest_track() stops only for a cancel; a cancel after it is as good. */
  ok = !job.cancelled && !g_cancellable_is_cancelled (cancellable);
  for (guint i = 0; ok && i < job.n_nests; i++)
    {
      GArray *lanes;

      if (cancelled_every (i + 1, cancellable))
        {
          ok = FALSE;
          break;
        }
      lanes = g_array_new (FALSE, FALSE, sizeof (guint32));

      attach_lanes (self, &nests[i], lanes);
      g_hash_table_insert (thread_lanes, GUINT_TO_POINTER (nests[i].track), lanes);
    }
  if (!ok)
    g_cancellable_set_error_if_cancelled (cancellable, error);

  for (guint i = 0; i < job.n_nests; i++)
    nest_clear (&nests[i]);
  return ok;
}
