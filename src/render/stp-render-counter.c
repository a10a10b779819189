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

/* Columns alike side by side are kept as one run, so a row costs what
 * its changes cost, not what its width does: zoomed in, a counter holds
 * one value across the frame.  A run lasts until the next one starts;
 * a row has at most one per column. */
typedef struct
{
  guint  start;
  double value;      /* the series' highest value there, NAN for none */
} ValueRun;

/* How the series below end on screen: the sum of their values, and
 * the y where the stack ends. */
typedef struct
{
  guint  start;
  double base;
  double edge;
} StackRun;

/* A box to fill: columns [start, end) between top and edge. */
typedef struct
{
  guint  start;
  guint  end;
  double top;
  double edge;
} Box;

/* The first column from `from` whose end is past ts (n_cols if none).
 * It is most often a column or two ahead, so the search gallops from
 * `from` before it halves. */
static guint
column_holding (const gint64 *times,
                guint         from,
                guint         n_cols,
                gint64        ts)
{
  guint lo = from, hi = from, step = 1;

  /* Every column before lo ends at or before ts; hi is n_cols or ends past it. */
  while (hi < n_cols && times[hi + 1] <= ts)
    {
      lo = hi + 1;
      hi = MIN (from + step, n_cols);
      step *= 2;
    }
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (times[mid + 1] <= ts)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

/* A row's runs, in arrays of a run per column. */
typedef struct
{
  ValueRun *values;
  StackRun *stack;       /* the series below */
  StackRun *next_stack;  /* with this one */
  Box      *boxes;
  guint     n_values;
  guint     n_stack;
  guint     n_next_stack;
  guint     n_boxes;
} Runs;

static void
add_value_run (Runs   *runs,
               guint   start,
               double  value)
{
  runs->values[runs->n_values++] = (ValueRun) { start, value };
}

/* The series' highest value in each column, as runs: a column with
 * samples takes the highest of them and of the value it starts with,
 * one without holds the last value before it. */
static void
column_values (StpFrame               *frame,
               const StpCounterSeries *series,
               Runs                   *runs,
               guint                   n_cols)
{
  GArray *samples = series->samples;
  const gint64 *times = stp_frame_column_times (frame);
  guint i = first_sample_at_or_after (samples, frame->t_start);
  double current = i > 0 ? g_array_index (samples, StpCounterSample, i - 1).value : NAN;
  /* A counter holds its last value until the trace ends: the columns
   * that start after it have none. */
  guint n_valued = times[0] > frame->trace->end_ts ? 0 :
                   MIN (column_holding (times, 0, n_cols, frame->trace->end_ts) + 1, n_cols);
  guint c = 0;

  runs->n_values = 0;

  while (c < n_valued)
    {
      double top = current;

      if (i < samples->len && g_array_index (samples, StpCounterSample, i).ts < times[c + 1])
        {
          while (i < samples->len && g_array_index (samples, StpCounterSample, i).ts < times[c + 1])
            {
              current = g_array_index (samples, StpCounterSample, i).value;
              top = isnan (top) ? current : MAX (top, current);
              i++;
              frame->stats->visited++;
            }
          add_value_run (runs, c++, top);
        }
      else
        {
          add_value_run (runs, c, current);
          c = i < samples->len ? column_holding (times, c, n_cols, g_array_index (samples, StpCounterSample, i).ts)
                               : n_cols;
        }
    }
  if (n_valued < n_cols)
    add_value_run (runs, n_valued, NAN);
}

static void
add_stack_run (StackRun *stack,
               guint    *n_stack,
               guint     start,
               double    base,
               double    edge)
{
  StackRun *last = *n_stack > 0 ? &stack[*n_stack - 1] : NULL;

  if (last == NULL || last->base != base || last->edge != edge)
    stack[(*n_stack)++] = (StackRun) { start, base, edge };
}

static void
add_box (Runs   *runs,
         guint   start,
         guint   end,
         double  top,
         double  edge)
{
  Box *last = runs->n_boxes > 0 ? &runs->boxes[runs->n_boxes - 1] : NULL;

  if (last != NULL && last->end == start && last->top == top && last->edge == edge)
    last->end = end;
  else
    runs->boxes[runs->n_boxes++] = (Box) { start, end, top, edge };
}

/* A series stacked on those below (`stack`, which it then tops): the
 * boxes between where they end and where it ends, on whole pixels.  A
 * value that is not zero keeps at least a pixel, so a small one still
 * shows.  Columns without a value leave the stack as it was. */
static void
stack_series (Runs   *runs,
              guint   n_cols,
              double  y_of_zero,
              double  scale)
{
  guint a = 0, b = 0, pos = 0;
  StackRun *swap;

  runs->n_next_stack = 0;
  runs->n_boxes = 0;
  while (pos < n_cols)
    {
      const ValueRun *v = &runs->values[a];
      const StackRun *s = &runs->stack[b];
      guint v_end = a + 1 < runs->n_values ? v[1].start : n_cols;
      guint s_end = b + 1 < runs->n_stack ? s[1].start : n_cols;
      guint end = MIN (v_end, s_end);

      if (isnan (v->value))
        add_stack_run (runs->next_stack, &runs->n_next_stack, pos, s->base, s->edge);
      else
        {
          double y = round (y_of_zero - (s->base + v->value) * scale);

          if (y == s->edge && v->value != 0)
            y = v->value > 0 ? s->edge - 1 : s->edge + 1;
          add_box (runs, pos, end, y, s->edge);
          add_stack_run (runs->next_stack, &runs->n_next_stack, pos, s->base + v->value, y);
        }

      pos = end;
      a += v_end == end;
      b += s_end == end;
    }

  swap = runs->stack;
  runs->stack = runs->next_stack;
  runs->next_stack = swap;
  runs->n_stack = runs->n_next_stack;
}

/* Boxes on whole pixels fill as fast as slices, where the outline of
 * the same area (thousands of steps to tessellate) or boxes with
 * antialiased edges took 5-10 ms a row. */
static void
add_boxes (cairo_t    *cr,
           double      x_left,
           const Runs *runs)
{
  for (guint i = 0; i < runs->n_boxes; i++)
    {
      const Box *box = &runs->boxes[i];

      cairo_rectangle (cr, x_left + box->start, box->top, box->end - box->start, box->edge - box->top);
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

/* Each box (whole units), in colour.  A box past the image (stacked
 * highs of several series can go past the counter's range) is drawn on
 * the frame instead. */
static void
column_image_fill (ColumnImage    *ci,
                   StpFrame       *frame,
                   const Runs     *runs,
                   const StpColor *color)
{
  guint32 pixel = premultiplied (color);
  gboolean outside = FALSE;

  for (guint i = 0; i < runs->n_boxes; i++)
    {
      const Box *box = &runs->boxes[i];
      int y0 = (int) round ((MIN (box->top, box->edge) - ci->top) * ci->scale_y);
      int y1 = (int) round ((MAX (box->top, box->edge) - ci->top) * ci->scale_y);
      int x0 = (int) (box->start * ci->scale_x);
      int x1 = MIN ((int) (box->end * ci->scale_x), ci->width);

      if (y0 < 0 || y1 > ci->height)
        {
          cairo_rectangle (frame->cr, frame->x_left + box->start, box->top,
                           box->end - box->start, box->edge - box->top);
          outside = TRUE;
          continue;
        }
      for (int y = y0; y < y1; y++)
        {
          guint32 *row = (guint32 *) (gpointer) (ci->pixels + (gsize) y * ci->stride);

          for (int x = x0; x < x1; x++)
            row[x] = pixel;
        }
    }

  if (outside)
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
  g_autofree ValueRun *values = NULL;
  g_autofree StackRun *stack = NULL;
  g_autofree StackRun *next_stack = NULL;
  g_autofree Box *boxes = NULL;
  Runs runs = { NULL };
  ColumnImage image = { NULL };

  if (n_cols == 0 || track->series == NULL)
    return;

  counter_scale (frame, row, &top, &bottom, &y_of_zero, &scale);

  runs.values = values = g_new (ValueRun, n_cols);
  runs.stack = stack = g_new (StackRun, n_cols);
  runs.next_stack = next_stack = g_new (StackRun, n_cols);
  runs.boxes = boxes = g_new (Box, n_cols);
  add_stack_run (runs.stack, &runs.n_stack, 0, 0, round (y_of_zero));

  /* Each series stacks on those before it, in pixels as in value. */
  for (guint si = 0; si < track->series->len; si++)
    {
      const StpCounterSeries *series = g_ptr_array_index (track->series, si);
      StpStr name = track->series->len > 1 ? series->name : track->name;
      guint8 slot = stp_render_index_get_color (frame->index, name);

      column_values (frame, series, &runs, n_cols);
      stack_series (&runs, n_cols, y_of_zero, scale);
      if (runs.n_boxes <= MAX_BOXES)
        {
          add_boxes (cr, frame->x_left, &runs);
          stp_frame_set_color (frame, &frame->style->slices[slot]);
          cairo_fill (cr);
        }
      else
        {
          /* A value keeps a pixel past the zero line, whichever way it goes. */
          if (image.image == NULL)
            column_image_create (&image, cr, n_cols, MIN (top, round (y_of_zero)) - 1,
                                 MAX (bottom, round (y_of_zero)) + 1);
          column_image_fill (&image, frame, &runs, &frame->style->slices[slot]);
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
