/* stp-render-slices.c: slices, instants and objects of a frame
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Level of detail: within a depth run, slices are sorted by start and by
 * end, so the first visible one is a binary search away and everything
 * inside one pixel column can be skipped with a galloping search once the
 * column is marked.  Zoomed out further than the run's finest bucket,
 * each column is answered by the pyramid instead: one or two buckets name
 * the longest slice there, drawn whole if it is wide, as a mark if not.
 */

#define G_LOG_DOMAIN "stp-render-slices"

#include "stp-render-private.h"

#include <math.h>
#include <string.h>

static inline gint64
slice_end (const StpTrack *track,
           guint32         i)
{
  return stp_slice_end (stp_track_get_slice (track, i));
}

/* The first index in [lo, hi) whose slice ends after t; starts small
 * because the next visible slice is usually close. */
static guint32
gallop_ending_after (const StpTrack *track,
                     guint32         lo,
                     guint32         hi,
                     gint64          t)
{
  guint32 prev, step = 1, bound = hi;

  if (lo >= hi || slice_end (track, lo) > t)
    return lo;

  prev = lo;
  for (;;)
    {
      guint32 next = prev + step;

      if (next >= hi || next < prev)
        break;
      if (slice_end (track, next) > t)
        {
          bound = next;
          break;
        }
      prev = next;
      step *= 2;
    }

  lo = prev + 1;
  while (lo < bound)
    {
      guint32 mid = lo + (bound - lo) / 2;

      if (slice_end (track, mid) <= t)
        lo = mid + 1;
      else
        bound = mid;
    }
  return lo;
}

static void
mark_flush (StpFrame *frame)
{
  if (!frame->mark_open)
    return;

  g_array_append_val (frame->rects[frame->mark_slot], frame->mark);
  frame->mark_open = FALSE;
}

/* Marks pixel columns [c0, c1] as holding merged slices.  Neighbouring
 * marks of one density grow one rectangle (up to MAX_MARK_PX, so colours
 * still vary along a dense stretch) in the colour of the longest slice
 * among them: a few hundred rectangles per row rather than one per
 * column. */
#define MAX_MARK_PX 12

static void
mark_columns (StpFrame *frame,
              guint     slot,
              gint64    dur,
              double    c0,
              double    c1,
              double    y,
              double    h)
{
  gboolean merged = slot >= STP_SLOT_MERGED;

  c0 = MAX (c0, frame->x_left);
  c1 = MIN (c1, frame->x_right - 1);
  if (c1 < c0)
    return;

  frame->stats->marks++;

  if (frame->mark_open && frame->mark.y == y &&
      (frame->mark_slot >= STP_SLOT_MERGED) == merged &&
      c0 <= frame->mark.x + frame->mark.w &&
      c1 + 1 - frame->mark.x <= MAX_MARK_PX)
    {
      frame->mark.w = MAX (frame->mark.w, c1 + 1 - frame->mark.x);
      if (dur > frame->mark_dur)
        {
          frame->mark_slot = slot;
          frame->mark_dur = dur;
        }
      return;
    }

  mark_flush (frame);
  frame->mark_open = TRUE;
  frame->mark_slot = slot;
  frame->mark_dur = dur;
  frame->mark = (StpRect) { c0, y, c1 + 1 - c0, h };
}

void
stp_frame_add_rect (StpFrame *frame,
                    guint     slot,
                    double    x0,
                    double    x1,
                    double    y,
                    double    h)
{
  StpRect rect;

  /* Pixel-aligned, at least one pixel, never far outside the canvas. */
  x0 = round (MAX (x0, frame->x_left - 2));
  x1 = round (MIN (x1, frame->x_right + 2));
  if (x1 < x0 + 1)
    x1 = x0 + 1;

  rect = (StpRect) { x0, y, x1 - x0, h };
  g_array_append_val (frame->rects[slot], rect);
}

static void
draw_slice (StpFrame       *frame,
            const StpSlice *s,
            double          x0,
            double          x1,
            double          y)
{
  guint8 slot = stp_render_index_get_color (frame->index, s->name);
  double h = STP_ROW_SLICE_HEIGHT - 1;

  stp_frame_add_rect (frame, slot, x0, x1, y, h);
  frame->stats->slices++;

  /* Names stay visible while their slice runs off the left edge. */
  x0 = MAX (round (x0), frame->x_left);
  x1 = MIN (round (x1), frame->x_right);
  if (x1 - x0 >= STP_MIN_LABEL_PX && s->name != STP_STR_EMPTY)
    {
      StpLabel label = { x0 + 4, y + h / 2, x1 - x0 - 8, s->name, slot, s };

      g_array_append_val (frame->labels, label);
    }
}

static void
draw_run_direct (StpFrame       *frame,
                 const StpTrack *track,
                 guint           depth,
                 double          y)
{
  guint32 hi = track->depth_starts[depth + 1];
  guint32 i = stp_track_find_first_ending_after (track, depth, frame->t_start);
  double last_marked = -1;

  if (i == STP_INDEX_NONE)
    return;

  while (i < hi)
    {
      const StpSlice *s = stp_track_get_slice (track, i);
      double x0, x1, c0, c1;

      frame->stats->visited++;
      if (s->ts > frame->t_end)
        break;

      x0 = stp_render_view_time_to_x (frame->view, s->ts);
      x1 = stp_render_view_time_to_x (frame->view, stp_slice_end (s));
      if (x1 - x0 >= STP_MIN_SLICE_PX)
        {
          draw_slice (frame, s, x0, x1, y);
          i++;
          continue;
        }

      /* Too narrow to see: mark its columns, skip what else ends there. */
      c0 = floor (x0);
      c1 = floor (x1);
      if (c1 > last_marked)
        {
          mark_columns (frame, STP_SLOT_MERGED + stp_render_index_get_color (frame->index, s->name),
                        s->dur, MAX (c0, last_marked + 1), c1, y, STP_ROW_SLICE_HEIGHT - 1);
          last_marked = c1;
        }
      i = gallop_ending_after (track, i + 1, hi, stp_render_view_x_to_time (frame->view, c1 + 1) - 1);
    }

  mark_flush (frame);
}

static void
draw_run_pyramid (StpFrame            *frame,
                  const StpTrack      *track,
                  guint                depth,
                  const StpRunPyramid *pyramid,
                  guint                level,
                  double               y)
{
  const StpRenderView *view = frame->view;
  guint shift = pyramid->shift + level;
  const StpPyramidBucket *buckets = pyramid->buckets[level];
  guint32 len = pyramid->len[level];
  guint32 last_wide = STP_INDEX_NONE;
  double x = frame->x_left;
  double origin_x = stp_render_view_time_to_x (view, pyramid->origin);
  double min_dur = STP_MIN_SLICE_PX * view->ns_per_px;

  if (origin_x > x)
    x = floor (origin_x);

  while (x < frame->x_right)
    {
      gint64 t0 = stp_render_view_x_to_time (view, x);
      gint64 t1 = stp_render_view_x_to_time (view, x + 1);
      guint64 b0, b1;
      const StpPyramidBucket *best = NULL;
      guint8 cover = 0;

      if (t1 <= pyramid->origin)
        {
          x++;
          continue;
        }

      b0 = t0 > pyramid->origin ? (guint64) (t0 - pyramid->origin) >> shift : 0;
      b1 = (guint64) (t1 - 1 - pyramid->origin) >> shift;
      if (b0 >= len)
        break;
      b1 = MIN (b1, len - 1);

      /* Only the buckets: the slices stay untouched unless one is wide. */
      for (guint64 b = b0; b <= b1; b++)
        {
          const StpPyramidBucket *bucket = &buckets[b];

          frame->stats->visited++;
          if (bucket->longest == STP_INDEX_NONE)
            continue;
          if (best == NULL || bucket->dur > best->dur)
            best = bucket;
          cover = MAX (cover, bucket->coverage);
        }

      if (best == NULL)
        {
          x++;
          continue;
        }

      if (best->dur >= min_dur || best->longest == last_wide)
        {
          guint32 index = best->longest;
          const StpSlice *s;
          double x0, x1;

          if (index == last_wide)
            {
              /* The wide slice ends in this column: what follows it here? */
              index = stp_track_find_first_ending_after (track, depth, slice_end (track, index) - 1);
              if (index == last_wide)
                index = index + 1 < track->depth_starts[depth + 1] ? index + 1 : STP_INDEX_NONE;
              if (index == STP_INDEX_NONE || stp_track_get_slice (track, index)->ts >= t1)
                {
                  x++;
                  continue;
                }
            }

          s = stp_track_get_slice (track, index);
          x0 = stp_render_view_time_to_x (view, s->ts);
          x1 = stp_render_view_time_to_x (view, stp_slice_end (s));
          if (x1 - x0 >= STP_MIN_SLICE_PX)
            {
              mark_flush (frame);
              draw_slice (frame, s, x0, x1, y);
              last_wide = index;
              x = MAX (x + 1, floor (x1));
              continue;
            }
          mark_columns (frame, STP_SLOT_MERGED + stp_render_index_get_color (frame->index, s->name),
                        s->dur, x, x, y, STP_ROW_SLICE_HEIGHT - 1);
          x++;
          continue;
        }

      /* Busy columns take the full colour, sparse ones the merged tint. */
      mark_columns (frame, cover >= 128 ? best->color : STP_SLOT_MERGED + best->color,
                    (gint64) best->dur, x, x, y, STP_ROW_SLICE_HEIGHT - 1);
      x++;
    }

  mark_flush (frame);
}

static void
draw_run (StpFrame       *frame,
          guint32         track_index,
          const StpTrack *track,
          guint           depth,
          double          y)
{
  const StpRunPyramid *pyramid = stp_render_index_get_pyramid (frame->index, track_index, depth);

  if (track->depth_starts[depth] == track->depth_starts[depth + 1])
    return;

  if (pyramid != NULL)
    {
      /* The coarsest level whose buckets are still narrower than a pixel. */
      int level = (int) floor (log2 (frame->view->ns_per_px)) - (int) pyramid->shift - 1;

      if (level >= 0)
        {
          draw_run_pyramid (frame, track, depth, pyramid,
                            MIN ((guint) level, pyramid->n_levels - 1), y);
          return;
        }
    }

  draw_run_direct (frame, track, depth, y);
}

/* Instants closer than a triangle's width, as one band over their
 * columns: overlapping triangles would read as a smear anyway, and each
 * costs an antialiased outline (thousands of them made a zoomed-out
 * frame of the 1M-event trace slow). */
typedef struct
{
  double first;   /* column of the first instant, or -G_MAXDOUBLE for none */
  double last;    /* column of the last */
  guint8 slot;    /* colour of the first */
} InstantRun;

static void
instant_run_flush (StpFrame   *frame,
                   InstantRun *run,
                   double      top,
                   double      size)
{
  StpRect tri;

  if (run->first == -G_MAXDOUBLE)
    return;
  if (run->last == run->first)
    {
      tri = (StpRect) { run->first + 0.5, top, size, size };
      g_array_append_val (frame->tris[run->slot], tri);
    }
  else
    stp_frame_add_rect (frame, run->slot, run->first + 0.5 - size / 2, run->last + 0.5 + size / 2,
                        top, size * 0.6);
  run->first = -G_MAXDOUBLE;
}

/* Instants are small triangles; several in one column draw one, and
 * runs of close ones a band. */
static void
draw_instants (StpFrame *frame,
               GArray   *instants,
               double    top,
               double    size)
{
  guint lo = 0, hi = instants->len;
  double last_col = -G_MAXDOUBLE;
  InstantRun run = { -G_MAXDOUBLE, -G_MAXDOUBLE, 0 };

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (instants, StpSlice, mid).ts < frame->t_start)
        lo = mid + 1;
      else
        hi = mid;
    }

  for (guint i = lo; i < instants->len; i++)
    {
      const StpSlice *s = &g_array_index (instants, StpSlice, i);
      double x;

      frame->stats->visited++;
      if (s->ts > frame->t_end)
        break;
      if (s->flags & STP_SLICE_FOLDED)
        continue;

      x = floor (stp_render_view_time_to_x (frame->view, s->ts));
      if (x <= last_col)
        {
          /* Jump to the next column. */
          gint64 next = stp_render_view_x_to_time (frame->view, last_col + 1);

          while (i + 1 < instants->len && g_array_index (instants, StpSlice, i + 1).ts < next)
            i++;
          continue;
        }

      last_col = x;
      frame->stats->marks++;
      if (run.first != -G_MAXDOUBLE && x - run.last < size)
        {
          run.last = x;
          continue;
        }
      instant_run_flush (frame, &run, top, size);
      run = (InstantRun) { x, x, stp_render_index_get_color (frame->index, s->name) };
    }
  instant_run_flush (frame, &run, top, size);
}

void
stp_render_track (StpFrame     *frame,
                  const StpRow *row)
{
  const StpTrack *track = stp_trace_get_track (frame->trace, row->track);
  double y = stp_frame_screen_y (frame, row->y);

  if (track->kind == STP_TRACK_INSTANTS)
    {
      draw_instants (frame, track->slices, y + row->slices_y, STP_ROW_INSTANT_STRIP);
      return;
    }

  if (track->instants != NULL && track->instants->len > 0)
    draw_instants (frame, track->instants, y + STP_ROW_PADDING, STP_ROW_INSTANT_STRIP - 2);

  if (track->depth_starts == NULL)
    return;

  for (guint d = 0; d <= track->max_depth; d++)
    {
      double dy = y + row->slices_y + d * STP_ROW_SLICE_HEIGHT;

      if (dy > frame->y_bottom)
        break;
      if (dy + STP_ROW_SLICE_HEIGHT < frame->y_top)
        continue;
      draw_run (frame, row->track, track, d, dy);
    }
}

/* A lifetime bar tall and wide enough carries its tensor's name. */
static void
add_object_label (StpFrame        *frame,
                  const StpObject *o,
                  double           x0,
                  double           x1,
                  double           y,
                  double           h,
                  guint8           slot)
{
  x0 = MAX (round (x0), frame->x_left);
  x1 = MIN (round (x1), frame->x_right);
  if (x1 - x0 >= STP_MIN_LABEL_PX && o->name != STP_STR_EMPTY &&
      h + 2 >= stp_text_cache_get_height (frame->renderer->small))
    {
      StpLabel label = { x0 + 3, y + h / 2, x1 - x0 - 6, o->name, slot, NULL };

      g_array_append_val (frame->labels, label);
    }
}

void
stp_render_objects (StpFrame     *frame,
                    const StpRow *row)
{
  const StpProcess *process = stp_trace_get_process (frame->trace, row->process);
  guint n_lanes = MAX (1, process->n_object_lanes);
  g_autofree double *last_col = g_new (double, n_lanes);
  double top = stp_frame_screen_y (frame, row->y) + row->slices_y;
  double h = MAX (1, row->lane_height - (row->lane_height > 4 ? 2 : 0));
  const StpColor *tick = &frame->style->fg;

  for (guint i = 0; i < n_lanes; i++)
    last_col[i] = -G_MAXDOUBLE;

  for (guint i = process->first_object; i < process->first_object + process->n_objects; i++)
    {
      const StpObject *o = &g_array_index (frame->trace->objects, StpObject, i);
      gint64 start = o->create_ts != STP_TS_UNKNOWN ? o->create_ts : frame->trace->start_ts;
      gint64 end = o->delete_ts != STP_TS_UNKNOWN ? o->delete_ts : frame->trace->end_ts;
      double y = top + o->lane * row->lane_height;
      double x0, x1;
      guint n_snapshots;
      guint32 first;
      guint8 slot;

      frame->stats->visited++;
      if (o->lane >= n_lanes || end < frame->t_start || y > frame->y_bottom || y + h < frame->y_top)
        continue;
      /* Objects are sorted by start within their process. */
      if (start > frame->t_end)
        break;

      x0 = stp_render_view_time_to_x (frame->view, start);
      x1 = stp_render_view_time_to_x (frame->view, end);
      if (floor (x1) <= last_col[o->lane])
        continue;
      last_col[o->lane] = floor (x1);

      slot = stp_render_index_get_color (frame->index, o->name);
      stp_frame_add_rect (frame, x1 - x0 >= 1 ? slot : STP_SLOT_MERGED + slot,
                          x0, x1, y, h);
      frame->stats->slices++;
      add_object_label (frame, o, x0, x1, y, h, slot);

      /* Snapshots: a dark tick each, where they fall. */
      if (x1 - x0 >= 3 && (n_snapshots = stp_trace_get_object_snapshots (frame->trace, i, &first)) > 0)
        {
          stp_frame_set_color (frame, tick);
          for (guint k = 0; k < n_snapshots; k++)
            {
              const StpSnapshot *snap = &g_array_index (frame->trace->snapshots, StpSnapshot, first + k);
              double sx = round (stp_render_view_time_to_x (frame->view, snap->ts));

              if (sx >= frame->x_left && sx < frame->x_right)
                cairo_rectangle (frame->cr, sx - 1, y, 2, h);
            }
          cairo_fill (frame->cr);
        }
    }
}

void
stp_render_global_instants (StpFrame     *frame,
                            const StpRow *row)
{
  double y = stp_frame_screen_y (frame, row->y) + row->slices_y;

  draw_instants (frame, frame->trace->global_instants, y, STP_ROW_GLOBAL_HEIGHT - 2 * STP_ROW_PADDING);
}

/* ------------------------------------------------------------------ */
/* A folded process's activity                                         */

/* The pyramid level whose buckets are narrower than a pixel, or -1 when
 * the slices themselves are few enough a column (as draw_run decides). */
static int
pyramid_level (StpFrame            *frame,
               const StpRunPyramid *pyramid)
{
  int level;

  if (pyramid == NULL)
    return -1;
  level = (int) floor (log2 (frame->view->ns_per_px)) - (int) pyramid->shift - 1;
  return level >= 0 ? MIN (level, (int) pyramid->n_levels - 1) : -1;
}

/* Sets busy[c] for the columns c of the timeline area (n of them) where
 * some depth-0 slice of the track runs: from the pyramid's buckets when
 * zoomed out, else from the slices in view, so the cost is bounded by
 * the columns or the visible slices, not by the track. */
static void
mark_busy (StpFrame       *frame,
           guint32         track_index,
           const StpTrack *track,
           guint8         *busy,
           int             n)
{
  const StpRenderView *view = frame->view;
  const StpRunPyramid *pyramid;
  int level;

  if (track->kind == STP_TRACK_COUNTER || track->slices->len == 0 ||
      track->depth_starts[0] == track->depth_starts[1])
    return;

  pyramid = stp_render_index_get_pyramid (frame->index, track_index, 0);
  level = pyramid_level (frame, pyramid);
  if (level >= 0)
    {
      guint shift = pyramid->shift + level;
      const gint64 *times = stp_frame_column_times (frame);

      for (int c = 0; c < n; c++)
        {
          gint64 t0 = times[c];
          gint64 t1 = times[c + 1];
          guint64 b0, b1;

          if (busy[c] || t1 <= pyramid->origin)
            continue;
          b0 = t0 > pyramid->origin ? (guint64) (t0 - pyramid->origin) >> shift : 0;
          b1 = (guint64) (t1 - 1 - pyramid->origin) >> shift;
          if (b0 >= pyramid->len[level])
            break;
          b1 = MIN (b1, pyramid->len[level] - 1);
          for (guint64 b = b0; b <= b1 && !busy[c]; b++)
            {
              frame->stats->visited++;
              busy[c] = pyramid->buckets[level][b].longest != STP_INDEX_NONE;
            }
        }
      return;
    }

  for (guint32 i = stp_track_find_first_ending_after (track, 0, frame->t_start);
       i != STP_INDEX_NONE && i < track->depth_starts[1]; i++)
    {
      const StpSlice *s = stp_track_get_slice (track, i);
      double c0, c1;

      frame->stats->visited++;
      if (s->ts >= frame->t_end)
        break;
      c0 = floor (stp_render_view_time_to_x (view, s->ts) - frame->x_left);
      c1 = ceil (stp_render_view_time_to_x (view, stp_slice_end (s)) - frame->x_left);
      c0 = CLAMP (c0, 0, n - 1);
      c1 = CLAMP (MAX (c1, c0 + 1), 1, n);
      memset (busy + (int) c0, 1, (int) c1 - (int) c0);
    }
}

/* As Perfetto's folded process: per column, the share of the process's
 * threads busy then, drawn as bars rising from the header's bottom. */
void
stp_render_process_activity (StpFrame     *frame,
                             const StpRow *row,
                             double        bottom,
                             double        height)
{
  const StpProcess *process = stp_trace_get_process (frame->trace, row->process);
  int n = (int) (frame->x_right - frame->x_left);
  g_autofree guint8 *busy = NULL;
  g_autofree guint32 *count = NULL;
  guint n_tracks = 0;
  int run = 0;

  if (n <= 0)
    return;
  busy = g_malloc (n);
  count = g_new0 (guint32, n + 1);
  for (guint i = 0; i < process->tracks->len; i++)
    {
      guint32 t = g_array_index (process->tracks, guint32, i);
      const StpTrack *track = stp_trace_get_track (frame->trace, t);

      if (track->kind == STP_TRACK_COUNTER || track->depth_starts == NULL ||
          track->depth_starts[0] == track->depth_starts[1])
        continue;
      n_tracks++;
      memset (busy, 0, n);
      mark_busy (frame, t, track, busy, n);
      for (int c = 0; c < n; c++)
        count[c] += busy[c];
    }
  if (n_tracks == 0)
    return;

  /* One rectangle a run of columns with the same count. */
  stp_frame_set_color (frame, &frame->style->accent);
  for (int c = 1; c <= n; c++)
    {
      if (c < n && count[c] == count[run])
        continue;
      if (count[run] > 0)
        {
          double h = MAX (1, round (height * count[run] / n_tracks));

          cairo_rectangle (frame->cr, frame->x_left + run, bottom - h, c - run, h);
        }
      run = c;
    }
  cairo_fill (frame->cr);
}
