/* test-pointer.c: the pointer, with real clicks and drags through the X
 * server, where flow arrows crowd, and the renderer behind the timeline
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Events are sent with the XTest extension (xtest-util.c); without it
 * the tests that need it are skipped.
 */

#define G_LOG_DOMAIN "test-pointer"

#include <adwaita.h>
#include <math.h>
#include <unistd.h>

#include "stp-render-view.h"
#include "stp-settings.h"
#include "stp-timeline-view-private.h"
#include "stp-window.h"
#include "viewer-test-util.h"
#include "xtest-util.h"

/* A trace with more flows than are readable at once: 300 launches 100 ms
 * apart, each with a flow to its kernel 50 ms later. */
static GFile *
write_dense_flows (void)
{
  g_autoptr(GString) json = g_string_new ("{\"traceEvents\": [\n");
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  int fd = g_file_open_tmp ("stp-dense-flows-XXXXXX.json", &path, &error);

  g_assert_no_error (error);
  close (fd);
  for (guint i = 0; i < 300; i++)
    {
      double ts = i * 100000.0;

      g_string_append_printf (json,
        "{\"ph\": \"X\", \"name\": \"launch\", \"pid\": 1, \"tid\": 1, \"ts\": %.1f, \"dur\": 1000},\n"
        "{\"ph\": \"X\", \"name\": \"kernel\", \"pid\": 1, \"tid\": 2, \"ts\": %.1f, \"dur\": 1000},\n"
        "{\"ph\": \"s\", \"id\": %u, \"name\": \"launch\", \"cat\": \"ac2g\", \"pid\": 1, \"tid\": 1, \"ts\": %.1f},\n"
        "{\"ph\": \"f\", \"bp\": \"e\", \"id\": %u, \"name\": \"launch\", \"cat\": \"ac2g\", \"pid\": 1, \"tid\": 2, \"ts\": %.1f},\n",
        ts, ts + 50000, i, ts + 500, i, ts + 50500);
    }
  g_string_append (json, "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"args\": {\"name\": \"dense\"}}]}\n");
  g_assert_true (g_file_set_contents (path, json->str, json->len, &error));
  return g_file_new_for_path (path);
}

/* Where flows crowd, none is drawn by default, and a click on empty
 * space clears the selection instead of picking one of them; zoomed in
 * to a few, a click on a drawn arrow selects it. */
static void
test_click_empty_clears (void)
{
  g_autoptr(GFile) file = write_dense_flows ();
  StpWindow *window = new_window ();
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpTrace *trace;
  StpItemRef slice = stp_item_ref_slice (0, 10);
  StpItemRef flow = { STP_ITEM_FLOW, STP_INDEX_NONE, 150, 0 };
  double x, y;
  gint64 start;

  open_and_wait (window, file);
  g_file_delete (file, NULL, NULL);
  trace = stp_window_get_trace (window);
  g_assert_cmpuint (trace->flows->len, ==, 300);
  g_assert_true (stp_timeline_view_get_show_flows (view));

  stp_timeline_view_select_item (view, &slice, STP_REVEAL_NONE);
  settle ();
  g_assert_true (empty_point_on_flow (view, 150, &x, &y));
  stp_timeline_view_click (view, 1, x, y);
  settle ();
  g_assert_cmpint (stp_timeline_view_get_selected_item (view)->kind, ==, STP_ITEM_NONE);

  /* Flows 149..151 in view: drawn, and clickable. */
  start = g_array_index (trace->flows, StpFlow, 149).src.ts;
  stp_timeline_view_set_visible_range (view, start - 10000000, start + 250000000);
  settle ();
  g_assert_true (empty_point_on_flow (view, 150, &x, &y));
  stp_timeline_view_click (view, 1, x, y);
  settle ();
  g_assert_true (stp_item_ref_equal (stp_timeline_view_get_selected_item (view), &flow));
  save_screenshot (GTK_WIDGET (window), "keys-readable-flows");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The track labels' column: dragging its edge resizes it, the width is
 * remembered, and a press on the edge of a process header does not fold
 * the process. */
static void
test_resize_labels (void)
{
  g_autoptr(GSettings) settings = stp_settings_new ();
  StpWindow *window;
  StpTimelineView *view;
  StpRenderView rv;
  int before;
  double y;

  if (!xtest_ready ())
    return;
  window = open_run_meta ();
  view = stp_window_get_timeline_view (window);
  before = stp_timeline_view_get_label_width (view);
  g_assert_cmpint (before, ==, g_settings_get_int (settings, "label-width"));

  /* The first process's header row, where a click folds it. */
  stp_timeline_view_get_render_view (view, &rv);
  y = rv.ruler_height + 8;
  g_assert_false (stp_render_layout_get_collapsed (stp_timeline_view_get_layout (view), 0));

  xtest_move_pointer (GTK_WIDGET (view), before, y);
  xtest_button (1, TRUE);
  xtest_move_pointer (GTK_WIDGET (view), before + 40, y);
  xtest_move_pointer (GTK_WIDGET (view), before + 100, y);
  xtest_button (1, FALSE);

  g_assert_cmpint (stp_timeline_view_get_label_width (view), ==, before + 100);
  g_assert_cmpint (g_settings_get_int (settings, "label-width"), ==, before + 100);
  g_assert_false (stp_render_layout_get_collapsed (stp_timeline_view_get_layout (view), 0));
  stp_timeline_view_get_render_view (view, &rv);
  g_assert_cmpint (rv.gutter_width, ==, before + 100);
  save_screenshot (GTK_WIDGET (window), "keys-wide-labels");
  gtk_window_destroy (GTK_WINDOW (window));

  /* A new window starts at the remembered width. */
  window = new_window ();
  g_assert_cmpint (stp_timeline_view_get_label_width (stp_window_get_timeline_view (window)), ==, before + 100);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "label-width");
}

/* Ctrl+click with the real keyboard and pointer: a second slice joins
 * the selection. */
static void
test_ctrl_click (void)
{
  StpWindow *window;
  StpTimelineView *view;
  StpSession *session;
  StpRenderView rv;
  StpHit hit;
  StpItemRef first;
  double x, y, x2 = -1, y2 = -1;

  if (!xtest_ready ())
    return;
  window = open_run_meta ();
  view = stp_window_get_timeline_view (window);
  session = stp_window_get_session (window);

  /* Two slices on screen: the first one found, then one on another row. */
  stp_timeline_view_get_render_view (view, &rv);
  for (y = rv.ruler_height + 2; y < rv.height && x2 < 0; y += 4)
    for (x = rv.gutter_width + 2; x < rv.width && x2 < 0; x += 3)
      if (stp_timeline_view_hit_test (view, x, y, &hit) && hit.kind == STP_HIT_SLICE)
        {
          StpItemRef item = stp_item_ref_slice (hit.track, hit.index);

          if (stp_session_get_selected_item (session)->kind == STP_ITEM_NONE)
            {
              stp_timeline_view_select_item (view, &item, STP_REVEAL_NONE);
              first = item;
            }
          else if (item.track != first.track)
            {
              x2 = x;
              y2 = y;
            }
        }
  g_assert_cmpfloat (x2, >=, 0);

  xtest_move_pointer (GTK_WIDGET (view), x2, y2);
  xtest_focus (GTK_WINDOW (window));
  xtest_key (GDK_KEY_Control_L, TRUE);
  xtest_flush ();
  xtest_button (1, TRUE);
  xtest_button (1, FALSE);
  xtest_key (GDK_KEY_Control_L, FALSE);
  xtest_flush ();
  settle ();

  g_assert_nonnull (stp_session_get_selected_items (session));
  g_assert_cmpuint (stp_session_get_selected_items (session)->len, ==, 2);
  g_assert_true (stp_item_ref_equal (&g_array_index (stp_session_get_selected_items (session), StpItemRef, 0), &first));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A click on the ruler drops a flag there, a click on the flag takes it
 * away, and a drag on the ruler still selects a range. */
static void
test_ruler_flag (void)
{
  StpWindow *window;
  StpTimelineView *view;
  StpSession *session;
  StpRenderView rv;
  const StpRenderMarker *m;
  double x;
  gint64 start, end;

  if (!xtest_ready ())
    return;
  window = open_run_meta ();
  view = stp_window_get_timeline_view (window);
  session = stp_window_get_session (window);
  stp_timeline_view_get_render_view (view, &rv);
  x = rv.gutter_width + (rv.width - rv.gutter_width) / 3.0;

  xtest_move_pointer (GTK_WIDGET (view), x, rv.ruler_height / 2.0);
  xtest_button (1, TRUE);
  xtest_button (1, FALSE);
  g_assert_cmpuint (stp_session_get_markers (session)->len, ==, 1);
  m = &g_array_index (stp_session_get_markers (session), StpRenderMarker, 0);
  g_assert_cmpint (m->start, ==, m->end);
  g_assert_cmpfloat (fabs (stp_render_view_time_to_x (&rv, m->start) - x), <=, 1);
  g_assert_false (stp_timeline_view_get_selection (view, NULL, NULL));

  /* A drag selects a range and drops nothing. */
  xtest_move_pointer (GTK_WIDGET (view), x + 100, rv.ruler_height / 2.0);
  xtest_button (1, TRUE);
  xtest_move_pointer (GTK_WIDGET (view), x + 160, rv.ruler_height / 2.0);
  xtest_move_pointer (GTK_WIDGET (view), x + 220, rv.ruler_height / 2.0);
  xtest_button (1, FALSE);
  g_assert_true (stp_timeline_view_get_selection (view, &start, &end));
  g_assert_cmpint (end, >, start);
  g_assert_cmpuint (stp_session_get_markers (session)->len, ==, 1);

  /* On the flag: gone. */
  xtest_move_pointer (GTK_WIDGET (view), x + 1, rv.ruler_height / 2.0);
  xtest_button (1, TRUE);
  xtest_button (1, FALSE);
  g_assert_cmpuint (stp_session_get_markers (session)->len, ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A right click on a process's row opens its menu: hide it, show only
 * it, show all; Escape closes it and keys reach the timeline again. */
static void
test_process_menu (void)
{
  StpWindow *window;
  StpTimelineView *view;
  StpRenderView rv;
  StpHit hit;
  GMenuModel *model, *section;
  g_autoptr(GVariant) target = NULL;
  double x, y;

  if (!xtest_ready ())
    return;
  window = open_run_meta ();
  view = stp_window_get_timeline_view (window);
  stp_timeline_view_get_render_view (view, &rv);
  x = rv.gutter_width + 100;
  y = rv.ruler_height + STP_ROW_PROCESS_HEIGHT + 10;
  g_assert_true (stp_timeline_view_hit_test (view, x, y, &hit));
  g_assert_cmpuint (hit.process, !=, STP_INDEX_NONE);

  xtest_move_pointer (GTK_WIDGET (view), x, y);
  xtest_button (3, TRUE);
  xtest_button (3, FALSE);
  g_assert_nonnull (view->process_menu);
  g_assert_true (gtk_widget_get_visible (view->process_menu));
  save_screenshot (GTK_WIDGET (window), "keys-process-menu");

  /* On a track: pin it (the track), then hide or show only (the
   * process), then show all. */
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (view->process_menu));
  g_assert_cmpuint (hit.track, !=, STP_INDEX_NONE);
  g_assert_cmpint (g_menu_model_get_n_items (model), ==, 3);
  section = g_menu_model_get_item_link (model, 0, G_MENU_LINK_SECTION);
  target = g_menu_model_get_item_attribute_value (section, 0, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE_UINT32);
  g_assert_nonnull (target);
  g_assert_cmpuint (g_variant_get_uint32 (target), ==, hit.track);
  g_clear_pointer (&target, g_variant_unref);
  g_object_unref (section);
  section = g_menu_model_get_item_link (model, 1, G_MENU_LINK_SECTION);
  target = g_menu_model_get_item_attribute_value (section, 0, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE_UINT32);
  g_assert_nonnull (target);
  g_assert_cmpuint (g_variant_get_uint32 (target), ==, hit.process);
  g_object_unref (section);

  xtest_press (GTK_WINDOW (window), GDK_KEY_Escape);
  g_assert_false (gtk_widget_get_visible (view->process_menu));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The renderer and the pixels (with GL, their GL context) are made
 * while a trace loads, on an idle, though the timeline is on a hidden
 * page then, and the first frame after the load draws with them. */
static void
test_renderer_made_while_loading (void)
{
  g_autoptr(GFile) file = data_file ("data", "step-stats", "run_meta.pb", NULL);
  StpWindow *window = new_window ();
  StpTimelineView *view = stp_window_get_timeline_view (window);
  gboolean cairo = GSK_IS_CAIRO_RENDERER (gtk_native_get_renderer (GTK_NATIVE (window)));
  StpFramePixels *pixels;

  settle ();
  g_assert_cmpuint (stp_timeline_view_get_renderers_made (view), ==, 0);
  g_assert_null (stp_timeline_view_get_pixels (view));

  stp_timeline_view_prepare (view);
  g_assert_cmpuint (stp_timeline_view_get_renderers_made (view), ==, 0);
  settle ();
  g_assert_false (gtk_widget_get_realized (GTK_WIDGET (view)));
  g_assert_cmpuint (stp_timeline_view_get_renderers_made (view), ==, 1);
  pixels = stp_timeline_view_get_pixels (view);
  if (!cairo)
    g_assert_nonnull (pixels);
  g_assert_cmpuint (stp_timeline_view_get_frame_count (view), ==, 0);

  open_and_wait (window, file);
  wait_for (drawn, window);
  g_assert_cmpuint (stp_timeline_view_get_frame_count (view), >, 0);
  g_assert_cmpuint (stp_timeline_view_get_renderers_made (view), ==, 1);
  g_assert_true (stp_timeline_view_get_pixels (view) == pixels);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A style change that keeps the fonts (in the app: the focus ring
 * coming and going) keeps the renderer and its shaped labels; one that
 * changes the font size makes a new renderer. */
static void
test_style_keeps_renderer (void)
{
  StpWindow *window = open_run_meta ();
  StpTimelineView *view = stp_window_get_timeline_view (window);
  GtkWidget *widget = GTK_WIDGET (view);
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();
  PangoContext *context;
  guint made, frames;

  gtk_css_provider_load_from_data (css, "timeline.tinted { color: #c01c28; }"
                                        "timeline.big { font-size: 23px; }", -1);
  gtk_style_context_add_provider_for_display (gtk_widget_get_display (widget), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_USER);
  wait_for (drawn, window);
  settle ();
  made = stp_timeline_view_get_renderers_made (view);
  g_assert_cmpuint (made, >=, 1);

  for (guint i = 0; i < 3; i++)
    {
      frames = stp_timeline_view_get_frame_count (view);
      gtk_widget_add_css_class (widget, "tinted");
      settle ();
      gtk_widget_remove_css_class (widget, "tinted");
      settle ();
      g_assert_cmpuint (stp_timeline_view_get_frame_count (view), >, frames);
    }
  g_assert_cmpuint (stp_timeline_view_get_renderers_made (view), ==, made);

  frames = stp_timeline_view_get_frame_count (view);
  gtk_widget_add_css_class (widget, "big");
  settle ();
  g_assert_cmpuint (stp_timeline_view_get_frame_count (view), >, frames);
  g_assert_cmpuint (stp_timeline_view_get_renderers_made (view), ==, made + 1);
  context = gtk_widget_get_pango_context (widget);
  g_assert_cmpint (pango_font_description_get_size (pango_context_get_font_description (context)), ==, 23 * PANGO_SCALE);
  g_assert_true (stp_renderer_made_for (view->renderer, pango_context_get_font_description (context),
                                        pango_cairo_context_get_font_options (context)));

  gtk_style_context_remove_provider_for_display (gtk_widget_get_display (widget), GTK_STYLE_PROVIDER (css));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  viewer_test_init ();

  g_test_add_func ("/pointer/click-empty-clears", test_click_empty_clears);
  g_test_add_func ("/pointer/resize-labels", test_resize_labels);
  g_test_add_func ("/pointer/process-menu", test_process_menu);
  g_test_add_func ("/pointer/ctrl-click", test_ctrl_click);
  g_test_add_func ("/pointer/ruler-flag", test_ruler_flag);
  g_test_add_func ("/pointer/renderer-made-while-loading", test_renderer_made_while_loading);
  g_test_add_func ("/pointer/style-keeps-renderer", test_style_keeps_renderer);

  return g_test_run ();
}
