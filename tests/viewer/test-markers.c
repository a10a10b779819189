/* test-markers.c: M marks the selection, the list shows and removes
 * markers, and they are drawn (and exported)
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "stp-settings.h"
#include "viewer-test-util.h"

static StpItemRef
first_thread_slice (StpTrace *trace)
{
  for (guint t = 0; t < trace->tracks->len; t++)
    if (stp_trace_get_track (trace, t)->kind == STP_TRACK_THREAD && stp_trace_get_track (trace, t)->slices->len > 0)
      return stp_item_ref_slice (t, 0);
  g_assert_not_reached ();
}

static void
toggle_marker (StpTimelineView *view)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "timeline.toggle-marker", NULL));
}

/* The image the window exports, as a surface. */
static cairo_surface_t *
export_png (StpWindow  *window,
            const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;

  g_assert_true (stp_window_export_image (window, file, FALSE, &error));
  g_assert_no_error (error);
  return cairo_image_surface_create_from_png (path);
}

/* Pixels that differ between two images of one size. */
static guint
n_different (cairo_surface_t *a,
             cairo_surface_t *b)
{
  int h = cairo_image_surface_get_height (a), stride = cairo_image_surface_get_stride (a);
  const guchar *pa = cairo_image_surface_get_data (a);
  const guchar *pb = cairo_image_surface_get_data (b);
  guint n = 0;

  g_assert_cmpint (cairo_image_surface_get_width (a), ==, cairo_image_surface_get_width (b));
  g_assert_cmpint (h, ==, cairo_image_surface_get_height (b));
  for (int y = 0; y < h; y++)
    for (int x = 0; x < stride; x += 4)
      n += memcmp (pa + y * stride + x, pb + y * stride + x, 4) != 0;
  return n;
}

static void
test_markers (void)
{
  g_autoptr(GFile) file = data_file ("data", "step-stats", "run_meta.pb", NULL);
  g_autoptr(GSettings) settings = stp_settings_new ();
  g_autofree char *dir = g_dir_make_tmp ("stepscope-markers-XXXXXX", NULL);
  g_autofree char *plain_png = g_build_filename (dir, "plain.png", NULL);
  g_autofree char *marked_png = g_build_filename (dir, "marked.png", NULL);
  StpWindow *window = new_window ();
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpSession *session = stp_window_get_session (window);
  StpMarkersView *list = stp_window_get_markers_view (window);
  cairo_surface_t *plain, *marked;
  const StpRenderMarker *m;
  StpTrace *trace;
  StpItemRef slice;
  gint64 start, end, vs, ve;

  open_and_wait (window, file);
  trace = stp_window_get_trace (window);
  slice = first_thread_slice (trace);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (list)));

  /* A marker far before the trace: the list shows (so the timeline has
   * its final size for both images), nothing is drawn. */
  stp_session_add_marker (session, trace->start_ts - 10000000000, trace->start_ts - 9000000000, "far");
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (list)));
  settle ();
  plain = export_png (window, plain_png);

  /* M on a slice: a marker over its span, named after it. */
  stp_timeline_view_select_item (view, &slice, STP_REVEAL_NONE);
  toggle_marker (view);
  g_assert_cmpuint (stp_session_get_markers (session)->len, ==, 2);
  m = &g_array_index (stp_session_get_markers (session), StpRenderMarker, 1);
  g_assert_true (stp_item_get_range (trace, &slice, &start, &end));
  g_assert_cmpint (m->start, ==, start);
  g_assert_cmpint (m->end, ==, end);
  g_assert_cmpstr (m->label, ==, stp_trace_str (trace, stp_item_get_slice (trace, &slice)->name));
  g_assert_cmpuint (stp_markers_view_get_n_rows (list), ==, 2);

  /* It is drawn, and exported. */
  settle ();
  marked = export_png (window, marked_png);
  g_assert_cmpuint (n_different (plain, marked), >, 100);
  save_screenshot (GTK_WIDGET (window), "markers");

  /* M on a range without an item: "Marker 3". */
  stp_timeline_view_clear_selection (view);
  stp_timeline_view_set_selection (view, trace->start_ts + 1000, trace->start_ts + 3000);
  toggle_marker (view);
  g_assert_cmpuint (stp_session_get_markers (session)->len, ==, 3);
  g_assert_cmpstr (g_array_index (stp_session_get_markers (session), StpRenderMarker, 2).label, ==, "Marker 3");

  /* A row selects its marker's range and shows it. */
  stp_timeline_view_clear_selection (view);
  stp_timeline_view_set_visible_range (view, trace->end_ts - 100, trace->end_ts);
  stp_markers_view_activate (list, 2);
  g_assert_nonnull (stp_session_get_selected_range (session));
  g_assert_cmpint (stp_session_get_selected_range (session)->start, ==, trace->start_ts + 1000);
  stp_timeline_view_get_visible_range (view, &vs, &ve);
  g_assert_cmpint (vs, <=, trace->start_ts + 1000);
  g_assert_cmpint (ve, >=, trace->start_ts + 3000);

  /* M again on the same slice takes its marker away. */
  stp_timeline_view_select_item (view, &slice, STP_REVEAL_NONE);
  toggle_marker (view);
  g_assert_cmpuint (stp_session_get_markers (session)->len, ==, 2);
  g_assert_cmpstr (g_array_index (stp_session_get_markers (session), StpRenderMarker, 1).label, ==, "Marker 3");

  /* A re-analysis of the file keeps them; another file does not. */
  g_settings_set_boolean (settings, "show-memory", TRUE);
  wait_for (not_loading, window);
  g_assert_cmpuint (stp_session_get_markers (session)->len, ==, 2);
  g_settings_reset (settings, "show-memory");
  wait_for (not_loading, window);

  /* The list's remove, then nothing left to list. */
  stp_markers_view_remove (list, 1);
  stp_markers_view_remove (list, 0);
  g_assert_cmpuint (stp_session_get_markers (session)->len, ==, 0);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (list)));

  stp_timeline_view_select_item (view, &slice, STP_REVEAL_NONE);
  toggle_marker (view);
  open_and_wait (window, file);
  g_assert_cmpuint (stp_session_get_markers (session)->len, ==, 0);

  cairo_surface_destroy (plain);
  cairo_surface_destroy (marked);
  g_unlink (plain_png);
  g_unlink (marked_png);
  g_rmdir (dir);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  viewer_test_init ();
  g_test_add_func ("/markers/mark-list-export", test_markers);
  return g_test_run ();
}
