/* stp-render-counter.c: counter tracks as filled, stacked step graphs
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each pixel column shows the highest value a series reaches in it, so a
 * spike narrower than a pixel still shows; series of one counter stack
 * (the Allocators memory is one series per allocator).  The allocator
 * maximums the StepStats analysis found are marked at their peak.
 */

#define G_LOG_DOMAIN "stp-render-counter"

#include "stp-render-private.h"

#include <glib/gi18n.h>
#include <math.h>

static guint
first_sample_at_or_after (GArray *samples,
                          gint64  ts)
{
  guint lo = 0, hi = samples->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (samples, StpCounterSample, mid).ts < ts)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* values[c]: the series' highest value in column c, NAN where it has none. */
static void
column_values (StpFrame               *frame,
               const StpCounterSeries *series,
               double                 *values,
               guint                   n_cols)
{
  GArray *samples = series->samples;
  const gint64 *times = stp_frame_column_times (frame);
  guint i = first_sample_at_or_after (samples, frame->t_start);
  double current = i > 0 ? g_array_index (samples, StpCounterSample, i - 1).value : NAN;

  for (guint c = 0; c < n_cols; c++)
    {
      gint64 c_start = times[c];
      gint64 c_end = times[c + 1];
      double top = current;

      while (i < samples->len && g_array_index (samples, StpCounterSample, i).ts < c_end)
        {
          current = g_array_index (samples, StpCounterSample, i).value;
          top = isnan (top) ? current : MAX (top, current);
          i++;
          frame->stats->visited++;
        }

      /* A counter holds its last value until the trace ends. */
      values[c] = c_start > frame->trace->end_ts ? NAN : top;
    }
}

/* Where each column of a series ends on screen, on whole pixels: its
 * value stacked on `base` (the series below), from `edge` (where they
 * end on screen).  A value that is not zero keeps at least a pixel, so
 * a small one still shows.  NAN where the series has no value. */
static void
stack_columns (const double *values,
               const double *base,
               const double *edge,
               double       *tops,
               guint         n_cols,
               double        y_of_zero,
               double        scale)
{
  for (guint c = 0; c < n_cols; c++)
    {
      double y = round (y_of_zero - (base[c] + values[c]) * scale);

      if (y == edge[c] && values[c] != 0)
        y = values[c] > 0 ? edge[c] - 1 : edge[c] + 1;
      tops[c] = isnan (values[c]) ? NAN : y;
    }
}

/* Columns alike side by side make one box: how many boxes a series
 * takes. */
static guint
count_boxes (const double *edge,
             const double *tops,
             guint         n_cols)
{
  guint n = 0;

  for (guint c = 0; c < n_cols; c++)
    if (!isnan (tops[c]) && (c == 0 || tops[c] != tops[c - 1] || edge[c] != edge[c - 1]))
      n++;
  return n;
}

/* The boxes between edge and tops, one per run of columns alike.
 * Boxes on whole pixels fill as fast as slices, where the outline of
 * the same area (thousands of steps to tessellate) or boxes with
 * antialiased edges took 5-10 ms a row. */
static void
add_column_boxes (cairo_t      *cr,
                  double        x_left,
                  const double *edge,
                  const double *tops,
                  guint         n_cols)
{
  guint c = 0;

  while (c < n_cols)
    {
      guint start = c++;

      if (isnan (tops[start]))
        continue;
      while (c < n_cols && tops[c] == tops[start] && edge[c] == edge[start])
        c++;
      cairo_rectangle (cr, x_left + start, tops[start], c - start, edge[start] - tops[start]);
    }
}

/* Past this many boxes a series is written into an image of the row's
 * own, drawn at once.  A busy counter changes at every column, and as
 * boxes (which cairo fills one at a time, about a microsecond each) the
 * 16 counters of a 1M-event trace took 40 ms of a whole-trace frame;
 * written they take 5.  A few boxes are cheaper than an image. */
#define MAX_BOXES 100

typedef struct
{
  cairo_surface_t *image;     /* NULL until a series needs it */
  guint8          *pixels;
  int              stride;
  double           scale_x;   /* device pixels per unit, as the target has them */
  double           scale_y;
  double           top;       /* the image's top, in units */
  int              width;     /* in device pixels */
  int              height;
} ColumnImage;

static void
column_image_create (ColumnImage *ci,
                     cairo_t     *cr,
                     guint        n_cols,
                     double       top,
                     double       bottom)
{
  cairo_surface_get_device_scale (cairo_get_target (cr), &ci->scale_x, &ci->scale_y);
  ci->top = top;
  ci->width = (int) ceil (n_cols * ci->scale_x);
  ci->height = (int) ceil ((bottom - top) * ci->scale_y);
  ci->image = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, MAX (ci->width, 1), MAX (ci->height, 1));
  cairo_surface_set_device_scale (ci->image, ci->scale_x, ci->scale_y);
  cairo_surface_flush (ci->image);
  ci->pixels = cairo_image_surface_get_data (ci->image);
  ci->stride = cairo_image_surface_get_stride (ci->image);
}

/* A colour as the image's pixels hold it: premultiplied ARGB. */
static guint32
premultiplied (const StpColor *color)
{
  double a = CLAMP (color->a, 0, 1);

  return ((guint32) round (a * 255) << 24) |
         ((guint32) round (CLAMP (color->r, 0, 1) * a * 255) << 16) |
         ((guint32) round (CLAMP (color->g, 0, 1) * a * 255) << 8) |
         (guint32) round (CLAMP (color->b, 0, 1) * a * 255);
}

/* Each column between edge and tops (whole units), in colour.  A
 * column past the image (stacked highs of several series can go past
 * the counter's range) is a box on the frame instead. */
static void
column_image_fill (ColumnImage    *ci,
                   StpFrame       *frame,
                   const double   *edge,
                   const double   *tops,
                   guint           n_cols,
                   const StpColor *color)
{
  guint32 pixel = premultiplied (color);
  gboolean boxes = FALSE;

  for (guint c = 0; c < n_cols; c++)
    {
      int x0, x1, y0, y1;

      if (isnan (tops[c]))
        continue;
      y0 = (int) round ((MIN (tops[c], edge[c]) - ci->top) * ci->scale_y);
      y1 = (int) round ((MAX (tops[c], edge[c]) - ci->top) * ci->scale_y);
      if (y0 < 0 || y1 > ci->height)
        {
          cairo_rectangle (frame->cr, frame->x_left + c, tops[c], 1, edge[c] - tops[c]);
          boxes = TRUE;
          continue;
        }
      x0 = (int) (c * ci->scale_x);
      x1 = MIN ((int) ((c + 1) * ci->scale_x), ci->width);
      for (int y = y0; y < y1; y++)
        {
          guint32 *row = (guint32 *) (gpointer) (ci->pixels + (gsize) y * ci->stride);

          for (int x = x0; x < x1; x++)
            row[x] = pixel;
        }
    }

  if (boxes)
    {
      stp_frame_set_color (frame, color);
      cairo_fill (frame->cr);
    }
}

static void
column_image_draw (ColumnImage *ci,
                   cairo_t     *cr,
                   double       x_left)
{
  if (ci->image == NULL)
    return;
  cairo_surface_mark_dirty (ci->image);
  cairo_set_source_surface (cr, ci->image, x_left, ci->top);
  cairo_paint (cr);
  cairo_surface_destroy (ci->image);
}

static void
draw_peak (StpFrame                  *frame,
           const StpAllocatorMaximum *maximum,
           double                     top,
           double                     bottom,
           gboolean                   bytes)
{
  cairo_t *cr = frame->cr;
  double x = round (stp_render_view_time_to_x (frame->view, maximum->ts)) + 0.5;
  g_autofree char *value = NULL;
  g_autofree char *text = NULL;

  if (x < frame->x_left || x > frame->x_right)
    return;

  stp_frame_set_color (frame, &frame->style->peak);
  cairo_save (cr);
  cairo_set_line_width (cr, 1);
  cairo_set_dash (cr, (double[]) { 3, 2 }, 2, 0);
  cairo_move_to (cr, x, top);
  cairo_line_to (cr, x, bottom);
  cairo_stroke (cr);
  cairo_restore (cr);

  cairo_move_to (cr, x - 5, top - 1);
  cairo_line_to (cr, x + 5, top - 1);
  cairo_line_to (cr, x, top + 6);
  cairo_close_path (cr);
  cairo_fill (cr);

  value = stp_format_value (maximum->num_bytes, bytes);
  /* Translators: the highest memory an allocator reached, e.g. "Peak 3.0 KiB" */
  text = g_strdup_printf (_("Peak %s"), value);
  stp_text_cache_draw (frame->renderer->small, cr, text, x + 7, top + 6,
                       frame->x_right - x - 10);
}

static void
draw_hover (StpFrame       *frame,
            const StpTrack *track,
            double          top,
            double          bottom,
            double          y_of_zero,
            double          scale,
            gboolean        bytes)
{
  const StpRenderView *view = frame->view;
  cairo_t *cr = frame->cr;
  gint64 ts = stp_render_view_x_to_time (view, view->hover_x);
  double total = 0, y, w, x;
  gboolean any = FALSE;
  g_autofree char *text = NULL;

  for (guint i = 0; i < track->series->len; i++)
    {
      double value;

      if (stp_counter_series_value_at (g_ptr_array_index (track->series, i), ts, &value, NULL))
        {
          total += value;
          any = TRUE;
        }
    }
  if (!any || ts > frame->trace->end_ts)
    return;

  y = CLAMP (y_of_zero - total * scale, top, bottom);
  stp_frame_set_color (frame, &frame->style->accent);
  cairo_arc (cr, view->hover_x, y, 3.5, 0, 2 * G_PI);
  cairo_fill (cr);

  text = stp_format_value (total, bytes);
  w = stp_text_cache_measure (frame->renderer->small, text) + 10;
  x = view->hover_x + 8;
  if (x + w > frame->x_right)
    x = view->hover_x - 8 - w;

  stp_frame_set_color (frame, &frame->style->accent);
  cairo_rectangle (cr, round (x), round (top + 2), round (w), 16);
  cairo_fill (cr);
  cairo_set_source_rgb (cr, 1, 1, 1);
  stp_text_cache_draw (frame->renderer->small, cr, text, round (x) + 5, round (top + 2) + 8, w);
}

/* The vertical scale of a counter row: top and bottom of the graph, the
 * y of zero and pixels per unit. */
static void
counter_scale (StpFrame     *frame,
               const StpRow *row,
               double       *top,
               double       *bottom,
               double       *y_of_zero,
               double       *scale)
{
  double y = stp_frame_screen_y (frame, row->y);
  double min, max;

  *top = y + 6;
  *bottom = y + row->height - 4;
  stp_render_index_get_counter_range (frame->index, row->track, &min, &max);
  if (max <= min)
    max = min + 1;
  *scale = (*bottom - *top) / (max - min);
  *y_of_zero = *bottom + MIN (min, 0) * *scale;
}

double
stp_render_counter_value_y (StpFrame     *frame,
                            const StpRow *row,
                            double        value)
{
  double top, bottom, y_of_zero, scale;

  counter_scale (frame, row, &top, &bottom, &y_of_zero, &scale);
  return CLAMP (y_of_zero - value * scale, top, bottom);
}

void
stp_render_counter (StpFrame     *frame,
                    const StpRow *row)
{
  const StpTrack *track = stp_trace_get_track (frame->trace, row->track);
  cairo_t *cr = frame->cr;
  guint n_cols = (guint) MAX (0, frame->x_right - frame->x_left);
  double y = stp_frame_screen_y (frame, row->y);
  double top, bottom, scale, y_of_zero;
  gboolean bytes = stp_render_index_is_bytes_counter (frame->index, row->track);
  g_autofree double *values = NULL;
  g_autofree double *base = NULL;
  g_autofree double *edge = NULL;
  g_autofree double *tops = NULL;
  ColumnImage image = { NULL };

  if (n_cols == 0 || track->series == NULL)
    return;

  counter_scale (frame, row, &top, &bottom, &y_of_zero, &scale);

  values = g_new (double, n_cols);
  base = g_new0 (double, n_cols);
  edge = g_new (double, n_cols);
  tops = g_new (double, n_cols);
  for (guint c = 0; c < n_cols; c++)
    edge[c] = round (y_of_zero);

  /* Each series stacks on those before it, in pixels as in value. */
  for (guint si = 0; si < track->series->len; si++)
    {
      const StpCounterSeries *series = g_ptr_array_index (track->series, si);
      StpStr name = track->series->len > 1 ? series->name : track->name;
      guint8 slot = stp_render_index_get_color (frame->index, name);

      column_values (frame, series, values, n_cols);
      stack_columns (values, base, edge, tops, n_cols, y_of_zero, scale);
      if (count_boxes (edge, tops, n_cols) <= MAX_BOXES)
        {
          add_column_boxes (cr, frame->x_left, edge, tops, n_cols);
          stp_frame_set_color (frame, &frame->style->slices[slot]);
          cairo_fill (cr);
        }
      else
        {
          /* A value keeps a pixel past the zero line, whichever way it goes. */
          if (image.image == NULL)
            column_image_create (&image, cr, n_cols, MIN (top, round (y_of_zero)) - 1,
                                 MAX (bottom, round (y_of_zero)) + 1);
          column_image_fill (&image, frame, edge, tops, n_cols, &frame->style->slices[slot]);
        }

      for (guint c = 0; c < n_cols; c++)
        if (!isnan (values[c]))
          {
            base[c] += values[c];
            edge[c] = tops[c];
          }
    }

  column_image_draw (&image, cr, frame->x_left);

  /* The zero line (the top value is in the gutter). */
  stp_frame_set_color (frame, &frame->style->border);
  cairo_rectangle (cr, frame->x_left, round (y_of_zero), n_cols, 1);
  cairo_fill (cr);


  for (guint i = 0; i < frame->trace->allocator_maximums->len; i++)
    {
      const StpAllocatorMaximum *m = &g_array_index (frame->trace->allocator_maximums, StpAllocatorMaximum, i);

      if (m->allocator == track->name)
        draw_peak (frame, m, top, bottom, bytes);
    }

  if (frame->view->hover_x >= frame->x_left && frame->view->hover_x < frame->x_right &&
      frame->view->hover_y >= y && frame->view->hover_y < y + row->height)
    draw_hover (frame, track, top, bottom, y_of_zero, scale, bytes);
}
