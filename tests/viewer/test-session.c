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
#include "stp-timeline-view-private.h"
#include "viewer-test-util.h"

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
  /* The selection once each (in whichever order the widgets' own
   * clearing nests them), before the document; the visible range goes
   * with the old document and comes back, the new one's, once the
   * timeline shows it (from within the document's notification). */
  {
    g_auto(GStrv) names = g_strsplit (g_strstrip (order->str), " ", -1);
    guint n = g_strv_length (names);
    int at_item = -1, range = -1, document = -1, cleared = -1;

    for (guint i = 0; i < n; i++)
      {
        if (g_str_equal (names[i], "selected-item"))
          {
            g_assert_cmpint (at_item, ==, -1);
            at_item = i;
          }
        else if (g_str_equal (names[i], "selected-range"))
          {
            g_assert_cmpint (range, ==, -1);
            range = i;
          }
        else if (g_str_equal (names[i], "document"))
          {
            g_assert_cmpint (document, ==, -1);
            document = i;
          }
        else
          {
            g_assert_cmpstr (names[i], ==, "visible-range");
            if (cleared == -1)
              cleared = i;
          }
      }
    g_assert_cmpint (at_item, >=, 0);
    g_assert_cmpint (range, >=, 0);
    g_assert_cmpint (cleared, >, MAX (at_item, range));
    g_assert_cmpint (document, >, cleared);
    g_assert_cmpuint (n, ==, 5);
  }
  g_assert_nonnull (stp_session_get_visible_range (session));
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

static gboolean
search_done (gpointer window)
{
  StpFindBar *bar = stp_window_get_find_bar (window);

  return !stp_find_bar_is_busy (bar) && stp_find_bar_get_matches (bar) != NULL;
}

/* The find bar's matches reach the timeline through the session, and
 * go when the query is cleared or another file opens. */
static void
test_matches (void)
{
  g_autoptr(GFile) file = data_file ("data", "step-stats", "run_meta.pb", NULL);
  StpWindow *window = new_window ();
  StpSession *session = stp_window_get_session (window);
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpFindBar *bar = stp_window_get_find_bar (window);
  GArray *matches;
  gint64 longest = -1;

  open_and_wait (window, file);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.find", NULL));
  stp_find_bar_set_query (bar, "conv2d");
  wait_for (search_done, window);
  matches = stp_session_get_matches (session, &longest);
  g_assert_nonnull (matches);
  g_assert_cmpuint (matches->len, >, 0);
  g_assert_true (matches == stp_find_bar_get_matches (bar));
  g_assert_cmpint (longest, ==, stp_find_bar_get_max_duration (bar));
  g_assert_true (view->matches == matches);
  g_assert_cmpint (view->matches_max_dur, ==, longest);

  stp_find_bar_set_query (bar, "");
  settle ();
  g_assert_null (stp_session_get_matches (session, NULL));
  g_assert_null (view->matches);

  stp_find_bar_set_query (bar, "conv2d");
  wait_for (search_done, window);
  g_assert_nonnull (view->matches);
  open_and_wait (window, file);
  g_assert_true (stp_session_get_matches (session, NULL) != matches);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* What the timeline shows is the session's visible range: zooming
 * writes it, and setting it moves the timeline (within the trace). */
static void
test_visible_range (void)
{
  g_autoptr(GFile) file = data_file ("data", "step-stats", "run_meta.pb", NULL);
  StpWindow *window = new_window ();
  StpSession *session = stp_window_get_session (window);
  StpTimelineView *view = stp_window_get_timeline_view (window);
  const StpTimeRange *range;
  StpTrace *trace;
  gint64 start, end, whole_start, whole_end;

  g_assert_null (stp_session_get_visible_range (session));
  open_and_wait (window, file);
  trace = stp_window_get_trace (window);
  range = stp_session_get_visible_range (session);
  g_assert_nonnull (range);
  stp_timeline_view_get_visible_range (view, &whole_start, &whole_end);
  g_assert_cmpint (range->start, ==, whole_start);
  g_assert_cmpint (range->end, ==, whole_end);
  g_assert_cmpint (whole_start, <=, trace->start_ts);
  g_assert_cmpint (whole_end, >=, trace->end_ts);

  /* W zooms in: the session follows. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "timeline.zoom-in", NULL));
  stp_timeline_view_get_visible_range (view, &start, &end);
  g_assert_cmpint (end - start, <, whole_end - whole_start);
  range = stp_session_get_visible_range (session);
  g_assert_cmpint (range->start, ==, start);
  g_assert_cmpint (range->end, ==, end);

  /* Set on the session: the timeline shows it, to the pixel. */
  stp_session_set_visible_range (session, trace->start_ts + 1000, trace->start_ts + 21000);
  stp_timeline_view_get_visible_range (view, &start, &end);
  g_assert_cmpint (start, ==, trace->start_ts + 1000);
  g_assert_cmpint (llabs (end - (trace->start_ts + 21000)), <=, 1 + (gint64) (20000.0 / 100));
  range = stp_session_get_visible_range (session);
  g_assert_cmpint (range->start, ==, start);
  g_assert_cmpint (range->end, ==, end);

  /* Past the trace's end: clamped, and the session says what is shown. */
  stp_session_set_visible_range (session, trace->end_ts + 1000000000, trace->end_ts + 2000000000);
  stp_timeline_view_get_visible_range (view, &start, &end);
  g_assert_cmpint (start, <, trace->end_ts);
  range = stp_session_get_visible_range (session);
  g_assert_cmpint (range->start, ==, start);
  g_assert_cmpint (range->end, ==, end);
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
  g_test_add_func ("/session/matches", test_matches);
  g_test_add_func ("/session/visible-range", test_visible_range);
  return g_test_run ();
}
