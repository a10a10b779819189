/* test-render-dense.c: more items than pixels: the folded bar from the
 * summary pyramid, instants drawn as a band, every busy column marked
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-render-dense"

#include "known-trace.h"
#include "render-test-util.h"
#include "stp-renderer.h"

/* Zoomed out over 200k slices the bar comes from the summary pyramid:
 * every column of the trace busy, none after it, few buckets read. */
static void
test_folded_activity_dense (void)
{
  g_autoptr(StpTrace) trace = known_trace_dense (200000, 5, 7);
  g_autoptr(StpRenderIndex) index = stp_render_index_new (trace, NULL, NULL);
  g_autoptr(StpRenderLayout) layout = stp_render_layout_new (index);
  g_autoptr(StpRenderer) renderer = stp_renderer_new (NULL, NULL);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1200, 200);
  const StpRenderStyle *style = stp_render_style_get (FALSE);
  StpRenderView view;
  const guchar *data;
  double y, x_end;
  cairo_t *cr;

  stp_render_view_init (&view, 1200, 200);
  view.ns_per_px = 1400000.0 / 800;
  view.flags = 0;
  stp_render_layout_set_collapsed (layout, 0, TRUE);
  cr = cairo_create (surface);
  stp_render_timeline (renderer, cr, &view, layout);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  data = cairo_image_surface_get_data (surface);
  y = activity_y (layout, &view, 0);
  x_end = stp_render_view_time_to_x (&view, trace->end_ts);
  for (int x = view.gutter_width + 1; x < view.width; x++)
    {
      guint32 p = *(const guint32 *) (data + (int) y * cairo_image_surface_get_stride (surface) + 4 * x);
      StpColor c = { (p >> 16 & 0xff) / 255.0, (p >> 8 & 0xff) / 255.0, (p & 0xff) / 255.0, 1 };

      if (x < x_end - 1)
        g_assert_true (color_near (c, style->accent));
      else if (x > x_end + 1)
        g_assert_true (color_near (c, style->header_bg));
    }
  g_assert_cmpuint (stp_renderer_get_stats (renderer)->visited, <, 20 * 1200);
  cairo_surface_destroy (surface);
}

/* Instants closer than a triangle's width draw one band over their
 * columns; one far from the others keeps its triangle, and nothing is
 * drawn in the gap between. */
static void
test_dense_instants (void)
{
  g_autoptr(StpTrace) trace = stp_trace_new (STP_FORMAT_CHROME_JSON, "instants.json");
  guint32 process = stp_trace_add_process (trace, 1, 0);
  guint32 thread = stp_trace_add_thread (trace, process, 1, 0);
  g_autoptr(StpRenderIndex) index = NULL;
  g_autoptr(StpRenderLayout) layout = NULL;
  g_autoptr(StpRenderer) renderer = stp_renderer_new (NULL, NULL);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1200, 200);
  const StpRow *row;
  StpRenderView view;
  const guchar *data;
  int stride, y, band_x0, band_x1, gap_x, lone_x;
  guint32 empty;

  /* 1 ns a pixel: instants every 2 ns from 100 to 500, one at 800. */
  for (gint64 ts = 100; ts <= 800; ts += ts < 500 ? 2 : 300)
    {
      StpSlice *s = stp_trace_add_instant (trace, thread);

      s->ts = ts;
      s->name = stp_trace_intern0 (trace, "tick");
      s->seq = stp_trace_next_seq (trace);
    }
  g_assert_true (stp_trace_finish (trace, NULL, NULL));
  index = stp_render_index_new (trace, NULL, NULL);
  layout = stp_render_layout_new (index);
  row = stp_render_layout_get_row (layout, stp_render_layout_find_track_row (layout, thread));

  draw_from_zero (renderer, surface, layout, &view);

  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  /* Near the strip's top, where both a band and a triangle draw. */
  y = (int) (row->y + view.ruler_height + STP_ROW_PADDING + 2);
  band_x0 = (int) stp_render_view_time_to_x (&view, 100);
  band_x1 = (int) stp_render_view_time_to_x (&view, 498);
  gap_x = (int) stp_render_view_time_to_x (&view, 650);
  lone_x = (int) stp_render_view_time_to_x (&view, 800);
  empty = *(const guint32 *) (data + y * stride + 4 * gap_x);
  for (int x = band_x0; x <= band_x1; x++)
    g_assert_cmphex (*(const guint32 *) (data + y * stride + 4 * x), !=, empty);
  /* One band of one colour, not a smear of outlined triangles. */
  for (int x = band_x0 + 6; x <= band_x1 - 6; x++)
    g_assert_cmphex (*(const guint32 *) (data + y * stride + 4 * x), ==,
                     *(const guint32 *) (data + y * stride + 4 * (band_x0 + 6)));
  g_assert_cmphex (*(const guint32 *) (data + y * stride + 4 * lone_x), !=, empty);
  g_assert_cmphex (*(const guint32 *) (data + y * stride + 4 * (lone_x + 20)), ==, empty);
  g_assert_cmphex (*(const guint32 *) (data + y * stride + 4 * (band_x1 + 20)), ==, empty);
  /* Every instant counted, as marks. */
  g_assert_cmpuint (stp_renderer_get_stats (renderer)->marks, ==, 201 + 1);
  cairo_surface_destroy (surface);
}

/* Every pixel column holding a slice shows something, whether the frame
 * walks slices or reads the summary pyramid. */
static void
check_every_column (StpTrace *trace,
                    double    ns_per_px,
                    gint64    start)
{
  g_autoptr(StpRenderIndex) index = stp_render_index_new (trace, NULL, NULL);
  g_autoptr(StpRenderLayout) layout = stp_render_layout_new (index);
  g_autoptr(StpRenderer) renderer = stp_renderer_new (NULL, NULL);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1200, 200);
  const StpTrack *track = stp_trace_get_track (trace, 0);
  StpRenderView view;
  const guchar *data;
  int stride;
  double y;
  cairo_t *cr;
  guint covered = 0, expected = 0;

  stp_render_view_init (&view, 1200, 200);
  view.start_ns = start;
  view.ns_per_px = ns_per_px;
  view.flags = 0;

  cr = cairo_create (surface);
  stp_render_timeline (renderer, cr, &view, layout);
  cairo_destroy (cr);
  cairo_surface_flush (surface);

  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  y = stp_render_layout_depth_y (stp_render_layout_get_row (layout, stp_render_layout_find_track_row (layout, 0)), 0)
      + view.ruler_height + STP_ROW_SLICE_HEIGHT / 2;

  for (int x = view.gutter_width; x < view.width; x++)
    {
      gint64 t0 = stp_render_view_x_to_time (&view, x);
      gint64 t1 = stp_render_view_x_to_time (&view, x + 1);
      guint32 i = stp_track_find_first_ending_after (track, 0, t0);
      guint32 p = *(const guint32 *) (data + (int) y * stride + 4 * x);
      /* The row's own background, in its top padding, same column. */
      guint32 empty = *(const guint32 *) (data + (int) (y - STP_ROW_SLICE_HEIGHT / 2 - 1) * stride + 4 * x);

      if (i != STP_INDEX_NONE && stp_track_get_slice (track, i)->ts < t1)
        {
          expected++;
          if (p != empty)
            covered++;
        }
    }

  if (g_getenv ("STP_TEST_DUMP"))
    cairo_surface_write_to_png (surface, g_getenv ("STP_TEST_DUMP"));
  g_assert_cmpuint (expected, >, 100);
  g_assert_cmpuint (covered, ==, expected);
  /* And the frame did not walk every slice. */
  g_assert_cmpuint (stp_renderer_get_stats (renderer)->visited, <, 20 * 1200);
  cairo_surface_destroy (surface);
}

static void
test_level_of_detail (void)
{
  /* 200k slices of 1 ns every 7 ns: 1.4 ms of trace. */
  g_autoptr(StpTrace) trace = known_trace_dense (200000, 1, 7);
  g_autoptr(StpRenderIndex) index = stp_render_index_new (trace, NULL, NULL);

  g_assert_nonnull (stp_render_index_get_pyramid (index, 0, 0));
  /* Whole trace over 1000 px: pyramid.  The last column is left empty. */
  check_every_column (trace, 1400000.0 / 990, 0);
  /* ~20 slices per pixel: still the pyramid or walking, both must mark. */
  check_every_column (trace, 150, 100000);
  /* Zoomed in: a few slices per pixel, walked directly. */
  check_every_column (trace, 3.3, 500000);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render/folded-activity-dense", test_folded_activity_dense);
  g_test_add_func ("/render/dense-instants", test_dense_instants);
  g_test_add_func ("/render/level-of-detail", test_level_of_detail);

  return g_test_run ();
}
