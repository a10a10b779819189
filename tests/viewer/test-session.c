/* test-session.c: the window's widgets follow its session, both ways
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "stp-details-panel-private.h"
#include "stp-render-view.h"
#include "stp-session.h"
#include "viewer-test-util.h"

/* The first slice of the trace's first track that has one. */
static StpItemRef
first_slice (StpTrace *trace,
             guint     skip_tracks)
{
  for (guint t = 0; t < trace->tracks->len; t++)
    if (stp_trace_get_track (trace, t)->slices->len > 0 && skip_tracks-- == 0)
      return stp_item_ref_slice (t, 0);
  g_assert_not_reached ();
}

static gboolean
area_table_idle (gpointer window)
{
  return !stp_area_table_is_busy (stp_window_get_area_table (window));
}

/* Whatever sets the session's selection, the timeline draws it and the
 * details panel and area table show it; what the timeline picks lands
 * in the session. */
static void
test_widgets_follow (void)
{
  g_autoptr(GFile) file = data_file ("data", "step-stats", "run_meta.pb", NULL);
  StpWindow *window = new_window ();
  StpTimelineView *timeline = stp_window_get_timeline_view (window);
  StpSession *session = stp_window_get_session (window);
  StpTrace *trace;
  StpItemRef item, other;
  gint64 start, end;

  open_and_wait (window, file);
  trace = stp_window_get_trace (window);
  g_assert_true (stp_session_get_trace (session) == trace);
  g_assert_true (stp_timeline_view_get_index (timeline) == stp_document_get_index (stp_session_get_document (session)));

  /* Session -> timeline and details panel. */
  item = first_slice (trace, 0);
  stp_session_set_selected_item (session, &item);
  g_assert_true (stp_item_ref_equal (stp_timeline_view_get_selected_item (timeline), &item));
  g_assert_nonnull (stp_details_panel_get_details (stp_window_get_details_panel (window)));
  g_assert_true (stp_item_ref_equal (&stp_details_panel_get_details (stp_window_get_details_panel (window))->item, &item));

  /* Timeline -> session (and the panel follows). */
  other = first_slice (trace, 1);
  stp_timeline_view_select_item (timeline, &other, STP_REVEAL_NONE);
  g_assert_true (stp_item_ref_equal (stp_session_get_selected_item (session), &other));
  g_assert_true (stp_item_ref_equal (&stp_details_panel_get_details (stp_window_get_details_panel (window))->item, &other));

  /* An area replaces the item everywhere; the area table sums it up. */
  {
    g_autoptr(StpArea) area = stp_area_new (trace->start_ts, trace->end_ts);

    stp_area_add_track (area, item.track);
    stp_session_set_selected_area (session, area);
    g_assert_true (stp_area_equal (stp_timeline_view_get_area (timeline), area));
    g_assert_cmpint (stp_session_get_selected_item (session)->kind, ==, STP_ITEM_NONE);
    g_assert_null (stp_details_panel_get_details (stp_window_get_details_panel (window)));
    g_assert_nonnull (stp_session_get_selected_range (session));
    g_assert_cmpint (stp_session_get_selected_range (session)->start, ==, area->start);
    wait_for (area_table_idle, window);
    g_assert_cmpuint (stp_area_table_get_n_rows (stp_window_get_area_table (window)), >, 0);

    /* A row of the area table marks its slices, through the session. */
    stp_area_table_activate (stp_window_get_area_table (window), 0);
    g_assert_nonnull (stp_session_get_marked (session));
    g_assert_true (stp_timeline_view_get_marked (timeline) == stp_session_get_marked (session));
  }

  /* Clearing the area in the session clears the timeline's. */
  stp_session_set_selected_area (session, NULL);
  g_assert_null (stp_timeline_view_get_area (timeline));
  g_assert_cmpuint (stp_area_table_get_n_rows (stp_window_get_area_table (window)), ==, 0);

  /* A time range, either way. */
  stp_session_set_selected_range (session, trace->start_ts + 2000, trace->start_ts + 1000);
  g_assert_true (stp_timeline_view_get_selection (timeline, &start, &end));
  g_assert_cmpint (start, ==, trace->start_ts + 1000);
  g_assert_cmpint (end, ==, trace->start_ts + 2000);
  stp_timeline_view_set_selection (timeline, trace->start_ts, trace->start_ts + 5000);
  g_assert_cmpint (stp_session_get_selected_range (session)->end, ==, trace->start_ts + 5000);
  gtk_widget_activate_action (GTK_WIDGET (timeline), "timeline.clear-selection", NULL);
  g_assert_null (stp_session_get_selected_range (session));

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
on_notify (GObject    *session,
           GParamSpec *pspec,
           GString    *order)
{
  g_string_append_printf (order, "%s ", pspec->name);
}

/* Opening another file: the selection is cleared before the document
 * changes, so no widget sees it pointing into the new trace. */
static void
test_new_document_clears (void)
{
  g_autoptr(GFile) file = data_file ("data", "step-stats", "run_meta.pb", NULL);
  StpWindow *window = new_window ();
  StpSession *session = stp_window_get_session (window);
  g_autoptr(GString) order = g_string_new (NULL);
  StpDocument *first;
  StpItemRef item;

  open_and_wait (window, file);
  first = stp_session_get_document (session);
  item = first_slice (stp_session_get_trace (session), 0);
  stp_session_set_selected_item (session, &item);
  stp_session_set_selected_range (session, 10, 20);

  g_signal_connect (session, "notify", G_CALLBACK (on_notify), order);
  open_and_wait (window, file);
  g_signal_handlers_disconnect_by_func (session, on_notify, order);

  g_assert_true (stp_session_get_document (session) != first);
  g_assert_false (stp_document_is_reanalysis (stp_session_get_document (session)));
  /* Once each (in whichever order the widgets' own clearing nests
   * them), and the document last. */
  g_assert_true (g_str_equal (order->str, "selected-item selected-range document ") ||
                 g_str_equal (order->str, "selected-range selected-item document "));
  g_assert_cmpint (stp_session_get_selected_item (session)->kind, ==, STP_ITEM_NONE);
  g_assert_null (stp_session_get_selected_range (session));
  g_assert_cmpint (stp_timeline_view_get_selected_item (stp_window_get_timeline_view (window))->kind, ==, STP_ITEM_NONE);
  g_assert_null (stp_details_panel_get_details (stp_window_get_details_panel (window)));
  g_assert_cmpfloat (stp_document_get_load_seconds (stp_session_get_document (session)), >, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Ctrl+click picks several slices: the session holds them, the panel
 * sums them up, and taking them out one by one ends in one, then none. */
static void
test_several_slices (void)
{
  g_autoptr(GFile) file = data_file ("data", "step-stats", "run_meta.pb", NULL);
  StpWindow *window = new_window ();
  StpTimelineView *timeline = stp_window_get_timeline_view (window);
  StpSession *session = stp_window_get_session (window);
  StpDetailsPanel *panel = stp_window_get_details_panel (window);
  StpTrace *trace;
  StpItemRef a, b, c;
  g_autofree char *total = NULL;
  g_autofree char *text = NULL;
  gint64 sum;

  open_and_wait (window, file);
  trace = stp_window_get_trace (window);
  a = first_slice (trace, 0);
  b = first_slice (trace, 1);
  c = first_slice (trace, 2);

  stp_timeline_view_select_item (timeline, &a, STP_REVEAL_NONE);
  stp_timeline_view_toggle_item (timeline, &b);
  g_assert_cmpint (stp_session_get_selected_item (session)->kind, ==, STP_ITEM_NONE);
  g_assert_nonnull (stp_session_get_selected_items (session));
  g_assert_cmpuint (stp_session_get_selected_items (session)->len, ==, 2);
  g_assert_cmpstr (stp_details_panel_lookup (panel, "Slices"), ==, "2");

  stp_timeline_view_toggle_item (timeline, &c);
  g_assert_cmpuint (stp_session_get_selected_items (session)->len, ==, 3);
  g_assert_cmpstr (stp_details_panel_lookup (panel, "Slices"), ==, "3");
  sum = stp_item_get_slice (trace, &a)->dur + stp_item_get_slice (trace, &b)->dur + stp_item_get_slice (trace, &c)->dur;
  total = stp_format_duration (sum);
  g_assert_cmpstr (stp_details_panel_lookup (panel, "Total"), ==, total);
  text = stp_details_panel_get_text (panel);
  g_assert_nonnull (strstr (text, "3 Slices Selected"));
  save_screenshot (GTK_WIDGET (window), "session-several-slices");

  /* Out again, one by one. */
  stp_timeline_view_toggle_item (timeline, &b);
  g_assert_cmpuint (stp_session_get_selected_items (session)->len, ==, 2);
  stp_timeline_view_toggle_item (timeline, &a);
  g_assert_null (stp_session_get_selected_items (session));
  g_assert_true (stp_item_ref_equal (stp_session_get_selected_item (session), &c));
  g_assert_nonnull (stp_details_panel_get_details (panel));
  stp_timeline_view_toggle_item (timeline, &c);
  g_assert_cmpint (stp_session_get_selected_item (session)->kind, ==, STP_ITEM_NONE);
  g_assert_null (stp_session_get_selected_items (session));

  /* A plain selection replaces several. */
  stp_timeline_view_select_item (timeline, &a, STP_REVEAL_NONE);
  stp_timeline_view_toggle_item (timeline, &b);
  stp_timeline_view_select_item (timeline, &c, STP_REVEAL_NONE);
  g_assert_null (stp_session_get_selected_items (session));
  g_assert_true (stp_item_ref_equal (stp_session_get_selected_item (session), &c));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  viewer_test_init ();
  g_test_add_func ("/session/widgets-follow", test_widgets_follow);
  g_test_add_func ("/session/new-document-clears", test_new_document_clears);
  g_test_add_func ("/session/several-slices", test_several_slices);
  return g_test_run ();
}
