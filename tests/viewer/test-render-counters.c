/* test-render-counters.c: counters drawn, pixel by pixel: stacked
 * series, busy columns and runs of equal values
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-render-counters"

#include "render-test-util.h"
#include "stp-renderer.h"

/* A trace of one counter with two series, "GPU_0_bfc" below "cpu". */
static StpTrace *
two_series_counter (guint32           *track,
                    StpCounterSeries **below,
                    StpCounterSeries **above)
{
  StpTrace *trace = stp_trace_new (STP_FORMAT_CHROME_JSON, "memory.json");
  guint32 process = stp_trace_add_process (trace, 1, 0);

  *track = stp_trace_add_track (trace, process, STP_TRACK_COUNTER, stp_trace_intern0 (trace, "memory"));
  *below = stp_trace_add_counter_series (trace, *track, stp_trace_intern0 (trace, "GPU_0_bfc"));
  *above = stp_trace_add_counter_series (trace, *track, stp_trace_intern0 (trace, "cpu"));
  return trace;
}

/* The counter of two_series_counter(), its samples added, laid out:
 * its row and the colours of its two series. */
typedef struct
{
  StpRenderIndex  *index;
  StpRenderLayout *layout;
  const StpRow    *row;
  StpColor         below;
  StpColor         above;
} CounterView;

static void
counter_view_init (CounterView            *view,
                   StpTrace               *trace,
                   guint32                 track,
                   const StpCounterSeries *below,
                   const StpCounterSeries *above)
{
  g_assert_true (stp_trace_finish (trace, NULL, NULL));
  view->index = stp_render_index_new (trace, NULL, NULL);
  view->layout = stp_render_layout_new (view->index);
  view->row = stp_render_layout_get_row (view->layout, stp_render_layout_find_track_row (view->layout, track));
  view->below = stp_render_slice_color (view->layout, below->name, FALSE);
  view->above = stp_render_slice_color (view->layout, above->name, FALSE);
  g_assert_false (color_near (view->below, view->above));
}

static void
counter_view_clear (CounterView *view)
{
  g_clear_pointer (&view->layout, stp_render_layout_free);
  g_clear_pointer (&view->index, stp_render_index_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (CounterView, counter_view_clear)

/* Two stacked series: each column's boxes meet with no gap, the second
 * starting where the first ends, and a value far below a pixel still
 * shows as one. */
static void
test_counter_stacked (void)
{
  guint32 track;
  StpCounterSeries *low, *high;
  g_autoptr(StpTrace) trace = two_series_counter (&track, &low, &high);
  g_auto(CounterView) counter = { NULL };
  g_autoptr(StpRenderer) renderer = stp_renderer_new (NULL, NULL);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1200, 300);
  StpRenderView view;
  double x_tiny, x_full, row_top, y;
  int n_low, n_high;

  /* At 1 ns a pixel: "GPU_0_bfc" (low) is 1 from 100 ns, changes every
   * 2 ns from 400 ns, and is 500000 from 800 ns on; "cpu" (high) is
   * 500000 throughout (a last sample ends the trace at 1000 ns), which
   * makes 1000000 the graph's top. */
  stp_trace_add_counter_sample (trace, low, 100, 1, stp_trace_next_seq (trace));
  for (gint64 ts = 400; ts < 800; ts += 2)
    stp_trace_add_counter_sample (trace, low, ts, 250000 + (ts % 7) * 1000, stp_trace_next_seq (trace));
  stp_trace_add_counter_sample (trace, low, 800, 500000, stp_trace_next_seq (trace));
  stp_trace_add_counter_sample (trace, high, 100, 500000, stp_trace_next_seq (trace));
  stp_trace_add_counter_sample (trace, high, 1000, 500000, stp_trace_next_seq (trace));
  counter_view_init (&counter, trace, track, low, high);

  draw_from_zero (renderer, surface, counter.layout, &view);

  x_tiny = stp_render_view_time_to_x (&view, 200) + 0.5;
  x_full = stp_render_view_time_to_x (&view, 900) + 0.5;
  row_top = counter.row->y + view.ruler_height;

  /* Up from the row's bottom, the tiny value's pixel comes first, then
   * straight above it the other series. */
  for (y = row_top + counter.row->height - 1; y > row_top; y--)
    if (color_near (surface_pixel (surface, x_tiny, y), counter.below) ||
        color_near (surface_pixel (surface, x_tiny, y), counter.above))
      break;
  g_assert_true (color_near (surface_pixel (surface, x_tiny, y), counter.below));
  g_assert_true (color_near (surface_pixel (surface, x_tiny, y - 1), counter.above));

  /* Where both are 500000 they split the graph in two, with no pixel of
   * the background or of a blend of the two where they meet. */
  for (y = row_top + counter.row->height - 1; y > row_top; y--)
    if (color_near (surface_pixel (surface, x_full, y), counter.below))
      break;
  for (n_low = 0; color_near (surface_pixel (surface, x_full, y), counter.below); y--)
    n_low++;
  for (n_high = 0; color_near (surface_pixel (surface, x_full, y), counter.above); y--)
    n_high++;
  g_assert_cmpint (n_low, >, 10);
  g_assert_cmpint (ABS (n_low - n_high), <=, 1);
  cairo_surface_destroy (surface);
}

/* Heights of the runs of `color` up from the row's bottom at device
 * column x: the first run's, and whether the next pixel up is `above`. */
static int
run_height (cairo_surface_t *surface,
            int              x,
            int              bottom,
            int              top,
            StpColor         color,
            StpColor         above,
            gboolean        *above_next)
{
  int y = bottom, n = 0;

  while (y > top && !color_near (surface_pixel (surface, x, y), color))
    y--;
  while (y > top && color_near (surface_pixel (surface, x, y), color))
    {
      n++;
      y--;
    }
  *above_next = color_near (surface_pixel (surface, x, y), above);
  return n;
}

/* A busy counter (past a hundred boxes the renderer writes a series
 * into an image of its own), 100 and 300 in turn for four columns each,
 * with a steady series stacked on it, at device scales 1 and 2: in every
 * column the first series is as tall as its value, and the second sits
 * right on it.  (A column shows the highest value in it, so the first
 * column of each 100 still shows the 300 before it.) */
static void
test_counter_busy (void)
{
  guint32 track;
  StpCounterSeries *busy, *steady;
  g_autoptr(StpTrace) trace = two_series_counter (&track, &busy, &steady);
  g_auto(CounterView) counter = { NULL };
  g_autoptr(StpRenderer) renderer = stp_renderer_new (NULL, NULL);

  for (gint64 ts = 0; ts < 1000; ts += 4)
    stp_trace_add_counter_sample (trace, busy, ts, ts % 8 ? 300 : 100, stp_trace_next_seq (trace));
  stp_trace_add_counter_sample (trace, steady, 0, 100, stp_trace_next_seq (trace));
  stp_trace_add_counter_sample (trace, steady, 1000, 100, stp_trace_next_seq (trace));
  counter_view_init (&counter, trace, track, busy, steady);

  for (int scale = 1; scale <= 2; scale++)
    {
      cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1200 * scale, 300 * scale);
      StpRenderView view;
      int heights[2] = { 0, 0 };
      double row_top;

      cairo_surface_set_device_scale (surface, scale, scale);
      draw_from_zero (renderer, surface, counter.layout, &view);
      row_top = counter.row->y + view.ruler_height;

      for (gint64 ts = 100; ts < 900; ts++)
        for (int dx = 0; dx < scale && ts % 8 != 0; dx++)
          {
            int x = (int) stp_render_view_time_to_x (&view, ts) * scale + dx;
            int high = ts % 8 >= 4;
            gboolean on_it;
            int h = run_height (surface, x, (int) ((row_top + counter.row->height) * scale) - 1,
                                (int) (row_top * scale), counter.below, counter.above, &on_it);

            g_assert_true (on_it);
            if (heights[high] == 0)
              heights[high] = h;
            g_assert_cmpint (h, ==, heights[high]);
          }
      g_test_message ("scale %d: %d and %d pixels", scale, heights[0], heights[1]);
      g_assert_cmpint (heights[0], >=, 5 * scale);
      g_assert_cmpint (ABS (heights[1] - 3 * heights[0]), <=, 2 * scale);
      cairo_surface_destroy (surface);
    }
}

/* Columns alike are drawn as runs: each column's heights, where series
 * start late, hold their values for long, change at once (the top of
 * the stack staying where it was), fall to zero and end with the trace.
 * Columns where a value changes show the higher one, so they are left
 * out. */
static void
test_counter_runs (void)
{
  /* From, to (ns, both in), and the two heights in units of 100. */
  static const struct { gint64 from, to; int below, above; } spans[] = {
    { 1, 49, 0, 3 }, { 51, 298, 1, 3 }, { 301, 498, 2, 2 }, { 501, 598, 2, 1 },
    { 601, 698, 0, 1 }, { 701, 800, 1, 1 }, { 801, 900, 0, 0 },
  };
  guint32 track;
  StpCounterSeries *below, *above;
  g_autoptr(StpTrace) trace = two_series_counter (&track, &below, &above);
  g_auto(CounterView) counter = { NULL };
  g_autoptr(StpRenderer) renderer = stp_renderer_new (NULL, NULL);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1200, 300);
  StpRenderView view;
  int unit, row_top, row_bottom;
  gboolean next;

  stp_trace_add_counter_sample (trace, below, 50, 100, stp_trace_next_seq (trace));
  stp_trace_add_counter_sample (trace, below, 300, 200, stp_trace_next_seq (trace));
  stp_trace_add_counter_sample (trace, below, 600, 0, stp_trace_next_seq (trace));
  stp_trace_add_counter_sample (trace, below, 700, 100, stp_trace_next_seq (trace));
  stp_trace_add_counter_sample (trace, above, 0, 300, stp_trace_next_seq (trace));
  stp_trace_add_counter_sample (trace, above, 299, 200, stp_trace_next_seq (trace));
  stp_trace_add_counter_sample (trace, above, 500, 100, stp_trace_next_seq (trace));
  stp_trace_add_counter_sample (trace, above, 800, 100, stp_trace_next_seq (trace));
  counter_view_init (&counter, trace, track, below, above);

  draw_from_zero (renderer, surface, counter.layout, &view);
  row_top = (int) (counter.row->y + view.ruler_height);
  row_bottom = row_top + (int) counter.row->height - 1;
  unit = run_height (surface, (int) stp_render_view_time_to_x (&view, 100), row_bottom, row_top,
                     counter.below, counter.above, &next);
  g_assert_cmpint (unit, >=, 5);

  for (guint i = 0; i < G_N_ELEMENTS (spans); i++)
    for (gint64 ts = spans[i].from; ts <= spans[i].to; ts++)
      {
        int x = (int) stp_render_view_time_to_x (&view, ts);
        int h_below = run_height (surface, x, row_bottom, row_top, counter.below, counter.above, &next);
        int h_above = run_height (surface, x, row_bottom, row_top, counter.above, counter.below, &next);

        /* Each edge is rounded to a pixel on its own: k units are k
         * measured units, give or take k + 1 pixels; none is none. */
        if (ABS (h_below - spans[i].below * unit) > (spans[i].below ? spans[i].below + 1 : 0) ||
            ABS (h_above - spans[i].above * unit) > (spans[i].above ? spans[i].above + 1 : 0))
          g_error ("at %" G_GINT64_FORMAT " ns: heights %d and %d, expected %d and %d units of %d",
                   ts, h_below, h_above, spans[i].below, spans[i].above, unit);
      }
  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/counter-stacked", test_counter_stacked);
  g_test_add_func ("/render/counter-busy", test_counter_busy);
  g_test_add_func ("/render/counter-runs", test_counter_runs);

  return g_test_run ();
}
