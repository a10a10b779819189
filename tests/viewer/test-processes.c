/* test-processes.c: hiding processes, showing only one, showing all
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "stp-settings.h"
#include "viewer-test-util.h"

/* How many rows the layout gives the process (its header included). */
static guint
rows_of (StpTimelineView *view,
         guint32          process)
{
  StpRenderLayout *layout = stp_timeline_view_get_layout (view);
  guint n = 0;

  for (guint i = 0; i < stp_render_layout_get_n_rows (layout); i++)
    n += stp_render_layout_get_row (layout, i)->process == process;
  return n;
}

static void
activate (StpTimelineView *view,
          const char      *action,
          guint32          process)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), action, "u", process));
}

static void
show_all (StpTimelineView *view)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "timeline.show-all-processes", NULL));
}

static void
test_hide_and_show (void)
{
  g_autoptr(GFile) file = data_file ("data", "step-stats", "run_meta.pb", NULL);
  g_autoptr(GSettings) settings = stp_settings_new ();
  StpWindow *window = new_window ();
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpRenderLayout *layout;
  StpTrace *trace;
  guint32 first, second;
  guint n_rows;
  StpItemRef slice = STP_ITEM_REF_NONE;

  open_and_wait (window, file);
  trace = stp_window_get_trace (window);
  layout = stp_timeline_view_get_layout (view);
  n_rows = stp_render_layout_get_n_rows (layout);
  first = stp_render_layout_get_row (layout, 0)->process;
  g_assert_cmpint (stp_render_layout_get_row (layout, 0)->kind, ==, STP_ROW_PROCESS);
  second = STP_INDEX_NONE;
  for (guint i = 1; i < n_rows && second == STP_INDEX_NONE; i++)
    if (stp_render_layout_get_row (layout, i)->kind == STP_ROW_PROCESS)
      second = stp_render_layout_get_row (layout, i)->process;
  g_assert_cmpuint (second, !=, STP_INDEX_NONE);

  /* Hidden: no rows, the rest unchanged. */
  activate (view, "timeline.hide-process", first);
  g_assert_true (stp_timeline_view_get_process_hidden (view, first));
  g_assert_cmpuint (rows_of (view, first), ==, 0);
  g_assert_cmpuint (rows_of (view, second), >, 0);
  g_assert_cmpint (stp_render_layout_get_row (stp_timeline_view_get_layout (view), 0)->process, ==, second);

  /* Show all undoes it. */
  show_all (view);
  g_assert_false (stp_timeline_view_get_process_hidden (view, first));
  g_assert_cmpuint (stp_render_layout_get_n_rows (stp_timeline_view_get_layout (view)), ==, n_rows);

  /* Only this one: every other process with rows is hidden. */
  activate (view, "timeline.show-only-process", second);
  for (guint i = 0; i < stp_render_layout_get_n_rows (stp_timeline_view_get_layout (view)); i++)
    {
      const StpRow *row = stp_render_layout_get_row (stp_timeline_view_get_layout (view), i);

      /* The global instants' row belongs to no process. */
      g_assert_true (row->process == second || row->kind == STP_ROW_GLOBAL);
    }
  save_screenshot (GTK_WIDGET (window), "processes-only-one");

  /* A re-analysis of the file keeps what is hidden. */
  g_settings_set_boolean (settings, "show-memory", TRUE);
  wait_for (not_loading, window);
  g_assert_true (stp_window_get_trace (window) != trace);
  g_assert_true (stp_timeline_view_get_process_hidden (view, first));
  g_assert_false (stp_timeline_view_get_process_hidden (view, second));
  trace = stp_window_get_trace (window);

  /* Going to a slice of a hidden process shows the process again. */
  for (guint i = 0; i < stp_trace_get_process (trace, first)->tracks->len && slice.kind == STP_ITEM_NONE; i++)
    {
      guint32 t = g_array_index (stp_trace_get_process (trace, first)->tracks, guint32, i);

      if (stp_trace_get_track (trace, t)->kind == STP_TRACK_THREAD && stp_trace_get_track (trace, t)->slices->len > 0)
        slice = stp_item_ref_slice (t, 0);
    }
  g_assert_cmpint (slice.kind, ==, STP_ITEM_SLICE);
  stp_timeline_view_select_item (view, &slice, STP_REVEAL_SCROLL);
  g_assert_false (stp_timeline_view_get_process_hidden (view, first));

  /* H hides the selection's process. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "timeline.hide-selected-process", NULL));
  g_assert_true (stp_timeline_view_get_process_hidden (view, first));

  /* Another file shows everything. */
  open_and_wait (window, file);
  g_assert_false (stp_timeline_view_get_process_hidden (view, first));

  g_settings_reset (settings, "show-memory");
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
filter_is (gpointer data)
{
  StpTimelineView *view = stp_window_get_timeline_view (data);
  const char *want = g_object_get_data (data, "want-filter");

  return g_strcmp0 (stp_timeline_view_get_track_filter (view), want) == 0;
}

/* Ctrl+Shift+F's bar keeps the threads whose name has its text, or a
 * whole process whose name has it, case aside; closing it shows all. */
static void
test_filter (void)
{
  g_autoptr(GFile) file = data_file ("data", "chrome", "hta", "tests", "data", "trace_filter",
                                     "sampled_rank-0.json.gz", NULL);
  StpWindow *window = new_window ();
  StpTimelineView *view = stp_window_get_timeline_view (window);
  GtkWidget *entry;
  StpRenderLayout *layout;
  guint n_rows, n_streams = 0;

  open_and_wait (window, file);
  layout = stp_timeline_view_get_layout (view);
  n_rows = stp_render_layout_get_n_rows (layout);
  for (guint i = 0; i < n_rows; i++)
    {
      const StpRow *row = stp_render_layout_get_row (layout, i);

      n_streams += row->kind == STP_ROW_TRACK && strstr (row->label, "stream") != NULL;
    }
  g_assert_cmpuint (n_streams, >, 0);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.filter-tracks", NULL));
  entry = gtk_window_get_focus (GTK_WINDOW (window));
  g_assert_true (GTK_IS_TEXT (entry));

  /* Threads by name: only the streams, under their process. */
  gtk_editable_set_text (GTK_EDITABLE (gtk_widget_get_ancestor (entry, GTK_TYPE_SEARCH_ENTRY)), "STREAM");
  g_object_set_data (G_OBJECT (window), "want-filter", (gpointer) "STREAM");
  wait_for (filter_is, window);
  layout = stp_timeline_view_get_layout (view);
  {
    guint tracks = 0;

    for (guint i = 0; i < stp_render_layout_get_n_rows (layout); i++)
      {
        const StpRow *row = stp_render_layout_get_row (layout, i);

        g_assert_true (row->kind == STP_ROW_PROCESS || row->kind == STP_ROW_TRACK);
        if (row->kind == STP_ROW_TRACK)
          {
            g_assert_nonnull (strstr (row->label, "stream"));
            tracks++;
          }
      }
    g_assert_cmpuint (tracks, ==, n_streams);
  }
  save_screenshot (GTK_WIDGET (window), "processes-filter");

  /* Nothing has it: no rows. */
  gtk_editable_set_text (GTK_EDITABLE (gtk_widget_get_ancestor (entry, GTK_TYPE_SEARCH_ENTRY)), "no such thread");
  g_object_set_data (G_OBJECT (window), "want-filter", (gpointer) "no such thread");
  wait_for (filter_is, window);
  g_assert_cmpuint (stp_render_layout_get_n_rows (stp_timeline_view_get_layout (view)), ==, 0);

  /* Closing the bar shows everything again, and the timeline has the keys. */
  gtk_search_bar_set_search_mode (GTK_SEARCH_BAR (gtk_widget_get_ancestor (entry, GTK_TYPE_SEARCH_BAR)), FALSE);
  g_assert_null (stp_timeline_view_get_track_filter (view));
  g_assert_cmpuint (stp_render_layout_get_n_rows (stp_timeline_view_get_layout (view)), ==, n_rows);
  g_assert_true (gtk_widget_has_focus (GTK_WIDGET (view)));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  viewer_test_init ();
  g_test_add_func ("/processes/hide-and-show", test_hide_and_show);
  g_test_add_func ("/processes/filter", test_filter);
  return g_test_run ();
}
