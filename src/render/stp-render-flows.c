/* stp-render-flows.c: flow arrows of a frame
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A trace can hold hundreds of thousands of flows (a launch to its kernel
 * each); drawn all at once they bury the slices under a dark blanket and
 * cost seconds a frame.  So a frame draws, by default, only what can be
 * read: the flows of the item under the pointer, and those with both
 * ends in view when there are few of them (the selection's come on top,
 * emphasised, from stp-render-highlight.c).  Showing all of them draws
 * those crossing the view, one per pixel column and pair of rows, looking
 * at a bounded number of candidates (every nth when there are more), at
 * most a few thousand, as straight lines when they crowd: the cost
 * follows the window, never the trace.  Candidates come from the
 * flow index (stp-render-flow-index.c), never from a walk over all flows.
 */

#define G_LOG_DOMAIN "stp-render-flows"

#include "stp-render-private.h"
#include "stp-render-curves.h"

#include <math.h>

/* Past this many flows with both ends in view, none of them is drawn by
 * default: they would not be readable. */
#define READABLE_MAX_FLOWS   100
/* Candidates a frame looks at, at most. */
#define MAX_VISITS           20000
/* And when showing all (each is placed on screen). */
#define MAX_VISITS_ALL       3000
/* Arrows a frame draws, at most, when showing all: more are a blanket. */
#define MAX_DRAWN            600
/* Past this many arrows, straight lines instead of curves. */
#define MAX_CURVES           100
/* Past this many arrows, no heads. */
#define MAX_HEADS            300

typedef StpDrawnFlow DrawnFlow;

static gboolean
end_point (StpRenderLayout     *layout,
           const StpRenderView *view,
           const StpFlowEnd    *end,
           gboolean             is_dst,
           double              *x,
           double              *y)
{
  StpTrace *trace = stp_render_layout_get_trace (layout);
  guint32 track = end->track;
  const StpRow *row;
  guint ri;
  gint64 ts = end->ts;

  if (track == STP_INDEX_NONE)
    return FALSE;

  ri = stp_render_layout_get_track_display_row (layout, track);
  if (ri == STP_INDEX_NONE)
    return FALSE;
  row = stp_render_layout_get_row (layout, ri);

  if (row->kind != STP_ROW_TRACK)
    {
      *y = row->y + row->height / 2;
    }
  else if (end->slice != STP_INDEX_NONE)
    {
      const StpSlice *s = stp_track_get_slice (stp_trace_get_track (trace, track), end->slice);

      *y = stp_render_layout_depth_y (row, s->depth) + STP_ROW_SLICE_HEIGHT / 2.0;
      /* An end bound to the next slice points at that slice's start. */
      if (is_dst && s->ts > ts)
        ts = s->ts;
    }
  else
    {
      *y = row->y + row->slices_y + STP_ROW_SLICE_HEIGHT / 2.0;
    }

  *x = stp_render_view_time_to_x (view, ts);
  return TRUE;
}

gboolean
stp_render_flow_points (StpRenderLayout     *layout,
                        const StpRenderView *view,
                        const StpFlow       *flow,
                        double              *x0,
                        double              *y0,
                        double              *x1,
                        double              *y1)
{
  g_return_val_if_fail (layout != NULL, FALSE);
  g_return_val_if_fail (flow != NULL, FALSE);

  if (flow->dst.track == STP_INDEX_NONE)
    return FALSE;

  return end_point (layout, view, &flow->src, FALSE, x0, y0) &&
         end_point (layout, view, &flow->dst, TRUE, x1, y1);
}

/* Moves (x, y) towards (ox, oy) until it is within a width of the
 * timeline area. */
static void
clip_end (StpFrame *frame,
          double   *x,
          double   *y,
          double    ox,
          double    oy)
{
  double margin = frame->x_right - frame->x_left;
  double lo = frame->x_left - margin, hi = frame->x_right + margin;
  double to;

  if (*x >= lo && *x <= hi)
    return;
  to = *x < lo ? lo : hi;
  if (ox != *x)
    *y = *y + (oy - *y) * (to - *x) / (ox - *x);
  *x = to;
}

/* The flow's ends on screen; FALSE if it is not on any row, or wholly
 * outside the timeline area. */
static gboolean
screen_points (StpFrame  *frame,
               guint32    index,
               DrawnFlow *out)
{
  const StpFlow *flow;
  double x0, y0, x1, y1;

  if (index >= frame->trace->flows->len)
    return FALSE;
  flow = &g_array_index (frame->trace->flows, StpFlow, index);
  if (!stp_render_flow_points (frame->layout, frame->view, flow, &x0, &y0, &x1, &y1))
    return FALSE;

  y0 = stp_frame_screen_y (frame, y0);
  y1 = stp_frame_screen_y (frame, y1);
  if ((y0 < frame->y_top && y1 < frame->y_top) || (y0 > frame->y_bottom && y1 > frame->y_bottom))
    return FALSE;
  if ((x0 < frame->x_left && x1 < frame->x_left) || (x0 > frame->x_right && x1 > frame->x_right))
    return FALSE;

  /* An end far off screen (zoomed in on a long flow) is brought in along
   * the line between the ends: cairo takes time over curves thousands of
   * widths long, and nobody sees that part. */
  clip_end (frame, &x0, &y0, x1, y1);
  clip_end (frame, &x1, &y1, x0, y0);

  *out = (DrawnFlow) { index, x0, y0, x1, y1, FALSE };
  return TRUE;
}

static gboolean
inside (StpFrame        *frame,
        const DrawnFlow *d)
{
  return d->y0 >= frame->y_top && d->y0 <= frame->y_bottom && d->y1 >= frame->y_top && d->y1 <= frame->y_bottom &&
         d->x0 >= frame->x_left && d->x0 <= frame->x_right && d->x1 >= frame->x_left && d->x1 <= frame->x_right;
}

/* The arrow's S-curve, leaving and entering horizontally. */
StpCubic
stp_render_flow_curve (double x0,
                       double y0,
                       double x1,
                       double y1)
{
  double dx = MAX (fabs (x1 - x0) / 2, 12);

  return (StpCubic) { { x0, x0 + dx, x1 - dx, x1 }, { y0, y0, y1, y1 } };
}

/* What the arrow is drawn as: its curve, or in a crowd the straight
 * line between its ends (a cubic whose control points lie on it). */
static StpCubic
drawn_shape (const DrawnFlow *d)
{
  double dx = (d->x1 - d->x0) / 3, dy = (d->y1 - d->y0) / 3;

  if (!d->straight)
    return stp_render_flow_curve (d->x0, d->y0, d->x1, d->y1);
  return (StpCubic) { { d->x0, d->x0 + dx, d->x1 - dx, d->x1 }, { d->y0, d->y0 + dy, d->y1 - dy, d->y1 } };
}

static void
stroke_curves (StpFrame *frame,
               GArray   *flows,
               double    width)
{
  g_autoptr(GArray) curves = g_array_sized_new (FALSE, FALSE, sizeof (StpCubic), flows->len);

  for (guint i = 0; i < flows->len; i++)
    {
      StpCubic c = drawn_shape (&g_array_index (flows, DrawnFlow, i));

      g_array_append_val (curves, c);
    }
  stp_render_stroke_cubics (frame->cr, (StpCubic *) curves->data, curves->len, width,
                            frame->renderer->curve_mask);
}

/* An arrow head at the destination and a dot at the source, `scale`
 * times the size, added to the path. */
static void
heads_path (cairo_t *cr,
            double   x0,
            double   y0,
            double   x1,
            double   y1,
            double   scale)
{
  cairo_move_to (cr, x1, y1);
  cairo_line_to (cr, x1 - 7 * scale, y1 - 3.5 * scale);
  cairo_line_to (cr, x1 - 7 * scale, y1 + 3.5 * scale);
  cairo_close_path (cr);
  cairo_new_sub_path (cr);
  cairo_arc (cr, x0, y0, 2 * scale, 0, 2 * G_PI);
  cairo_close_path (cr);
}

/* All of `flows` in one stroke (and one fill for their heads). */
static void
draw_batch (StpFrame       *frame,
            GArray         *flows,
            const StpColor *color,
            double          width,
            gboolean        heads)
{
  cairo_t *cr = frame->cr;
  gboolean crowd = flows->len > MAX_CURVES;

  if (flows->len == 0)
    return;

  /* A crowd: straight lines, and no heads.  (Stroked by cairo, as one
   * path without antialiasing, 500 lines made frames of 15-22 ms.) */
  for (guint i = 0; crowd && i < flows->len; i++)
    g_array_index (flows, DrawnFlow, i).straight = TRUE;
  stp_frame_set_color (frame, color);
  stroke_curves (frame, flows, width);

  if (crowd || !heads)
    return;
  for (guint i = 0; i < flows->len; i++)
    {
      const DrawnFlow *d = &g_array_index (flows, DrawnFlow, i);

      heads_path (cr, d->x0, d->y0, d->x1, d->y1, 1);
    }
  cairo_fill (cr);
}

static void
remember (StpFrame  *frame,
          GArray    *drawn)
{
  g_array_append_vals (frame->renderer->drawn_flows, drawn->data, drawn->len);
  frame->stats->flows += drawn->len;
}

/* One arrow per source pixel column and pair of rows: what more would
 * add is ink on ink. */
/* The bundle an arrow belongs to: its source pixel column and the rows
 * of both ends. */
static guint64
bundle_key (const DrawnFlow *d)
{
  return ((guint64) (guint) (CLAMP (d->x0, -1, 65534) + 1) << 40) |
         ((guint64) ((guint) CLAMP (d->y0, 0, 1048575)) << 20) |
         (guint64) ((guint) CLAMP (d->y1, 0, 1048575));
}

static gint
compare_bundles (gconstpointer a,
                 gconstpointer b)
{
  guint64 ka = bundle_key (a), kb = bundle_key (b);

  return ka < kb ? -1 : ka > kb;
}

static void
collect_all (StpFrame *frame,
             GArray   *candidates,
             GArray   *out)
{
  StpFlowIndex *index = stp_render_index_get_flows (frame->index);
  guint n = stp_flow_index_count (index, STP_FLOW_QUERY_CROSSING, frame->t_start, frame->t_end);
  guint stride = (n + MAX_VISITS_ALL - 1) / MAX_VISITS_ALL;
  guint keep, kept = 0, unique = 0;

  stp_flow_index_collect (index, STP_FLOW_QUERY_CROSSING, frame->t_start, frame->t_end,
                          stride, MAX_VISITS_ALL + 64, candidates);
  for (guint i = 0; i < candidates->len; i++)
    {
      DrawnFlow d;

      if (screen_points (frame, g_array_index (candidates, guint32, i), &d))
        g_array_append_val (out, d);
    }

  /* One arrow per bundle: sorted by bundle (the source column first, so
   * still left to right), the first of each kept. */
  g_array_sort (out, compare_bundles);
  for (guint i = 0; i < out->len; i++)
    if (unique == 0 || bundle_key (&g_array_index (out, DrawnFlow, i)) !=
                       bundle_key (&g_array_index (out, DrawnFlow, unique - 1)))
      g_array_index (out, DrawnFlow, unique++) = g_array_index (out, DrawnFlow, i);
  g_array_set_size (out, unique);

  /* Still too many: every kth, so the whole view keeps its share. */
  if (out->len <= MAX_DRAWN)
    return;
  keep = (out->len + MAX_DRAWN - 1) / MAX_DRAWN;
  for (guint i = 0; i < out->len; i += keep)
    g_array_index (out, DrawnFlow, kept++) = g_array_index (out, DrawnFlow, i);
  g_array_set_size (out, kept);
}

static void
collect_readable (StpFrame *frame,
                  GArray   *candidates,
                  GArray   *out)
{
  StpFlowIndex *index = stp_render_index_get_flows (frame->index);

  /* Zoomed out over thousands, none would be readable. */
  if (stp_flow_index_count (index, STP_FLOW_QUERY_INSIDE, frame->t_start, frame->t_end) > MAX_VISITS ||
      !stp_flow_index_collect (index, STP_FLOW_QUERY_INSIDE, frame->t_start, frame->t_end,
                               1, MAX_VISITS, candidates))
    return;
  for (guint i = 0; i < candidates->len; i++)
    {
      DrawnFlow d;

      if (!screen_points (frame, g_array_index (candidates, guint32, i), &d) || !inside (frame, &d))
        continue;
      if (out->len >= READABLE_MAX_FLOWS)
        {
          g_array_set_size (out, 0);
          return;
        }
      g_array_append_val (out, d);
    }
}

void
stp_render_flows (StpFrame *frame)
{
  const StpRenderHighlights *h = frame->view->highlights;
  g_autoptr(GArray) candidates = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_autoptr(GArray) drawn = g_array_new (FALSE, FALSE, sizeof (DrawnFlow));
  StpColor color = frame->style->flow;

  cairo_save (frame->cr);

  if (frame->view->flags & STP_RENDER_ALL_FLOWS)
    collect_all (frame, candidates, drawn);
  else
    collect_readable (frame, candidates, drawn);

  if (drawn->len > 100)
    color.a *= MAX (0.25, 100.0 / drawn->len);
  draw_batch (frame, drawn, &color, drawn->len > MAX_HEADS ? 1.0 : 1.2, drawn->len <= MAX_HEADS);
  remember (frame, drawn);

  /* The flows of what the pointer is over: readable, over the others. */
  g_array_set_size (drawn, 0);
  for (guint i = 0; h != NULL && i < h->n_hover_flows; i++)
    {
      DrawnFlow d;

      if (screen_points (frame, h->hover_flows[i], &d))
        g_array_append_val (drawn, d);
    }
  draw_batch (frame, drawn, &frame->style->flow, 1.6, TRUE);
  remember (frame, drawn);

  cairo_restore (frame->cr);
}

/* The selection's flows, over everything and whether or not arrows are
 * shown: wider, in the accent colour, on a halo in the background colour
 * that keeps them readable over slices. */
void
stp_render_emphasised_flows (StpFrame      *frame,
                             const guint32 *flows,
                             guint          n_flows)
{
  g_autoptr(GArray) drawn = g_array_new (FALSE, FALSE, sizeof (DrawnFlow));

  for (guint i = 0; i < n_flows; i++)
    {
      DrawnFlow d;

      if (screen_points (frame, flows[i], &d))
        g_array_append_val (drawn, d);
    }

  cairo_save (frame->cr);
  draw_batch (frame, drawn, &frame->style->view_bg, 4.5, FALSE);
  stp_frame_set_color (frame, &frame->style->accent);
  stroke_curves (frame, drawn, 2.2);
  for (guint i = 0; i < drawn->len; i++)
    {
      const DrawnFlow *d = &g_array_index (drawn, DrawnFlow, i);

      heads_path (frame->cr, d->x0, d->y0, d->x1, d->y1, 1.4);
    }
  cairo_fill (frame->cr);
  cairo_restore (frame->cr);
  remember (frame, drawn);
}

guint32
stp_renderer_flow_at (StpRenderer *self,
                      double       x,
                      double       y,
                      double       tolerance)
{
  guint32 best = STP_INDEX_NONE;
  double best_d = tolerance;

  g_return_val_if_fail (self != NULL, STP_INDEX_NONE);

  for (guint i = 0; i < self->drawn_flows->len; i++)
    {
      const DrawnFlow *d = &g_array_index (self->drawn_flows, DrawnFlow, i);
      StpCubic shape;
      double dist;

      if (x < MIN (d->x0, d->x1) - tolerance - 12 || x > MAX (d->x0, d->x1) + tolerance + 12 ||
          y < MIN (d->y0, d->y1) - tolerance || y > MAX (d->y0, d->y1) + tolerance)
        continue;
      shape = drawn_shape (d);
      dist = stp_cubic_distance (&shape, x, y);
      if (dist <= best_d)
        {
          best_d = dist;
          best = d->flow;
        }
    }
  return best;
}
