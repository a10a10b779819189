/* test-processes.c: hiding processes, showing only one, showing all
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <string.h>

#include "stp-renderer.h"
#include "stp-settings.h"
#include "stp-timeline-view-private.h"
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
  g_autoptr(GFile) other = data_file ("data", "chrome", "catapult", "tracing", "test_data", "webview.json.gz", NULL);
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

  /* A file opened for the first time shows everything; going back to
   * this one shows it as it was left. */
  open_and_wait (window, other);
  for (guint32 i = 0; i < stp_window_get_trace (window)->processes->len; i++)
    g_assert_false (stp_timeline_view_get_process_hidden (view, i));
  open_and_wait (window, file);
  g_assert_true (stp_timeline_view_get_process_hidden (view, first));
  g_assert_false (stp_timeline_view_get_process_hidden (view, second));

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

/* The view as the widget would draw it now, into an image. */
static cairo_surface_t *
draw_view (StpTimelineView *view)
{
  g_autoptr(StpRenderer) renderer = stp_renderer_new (NULL, NULL);
  StpRenderView rv;
  cairo_surface_t *surface;
  cairo_t *cr;

  stp_timeline_view_fill_view (view, &rv);
  surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, rv.width, rv.height);
  cr = cairo_create (surface);
  stp_render_timeline (renderer, cr, &rv, stp_timeline_view_get_layout (view));
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* Whether the rectangle [x0, x1) x [y0, y1) of two images of one size
 * is the same. */
static gboolean
same_rect (cairo_surface_t *a,
           cairo_surface_t *b,
           int              x0,
           int              x1,
           int              y0,
           int              y1)
{
  int stride = cairo_image_surface_get_stride (a);

  for (int y = y0; y < y1; y++)
    if (memcmp (cairo_image_surface_get_data (a) + y * stride + x0 * 4,
                cairo_image_surface_get_data (b) + y * stride + x0 * 4, (gsize) (x1 - x0) * 4) != 0)
      return FALSE;
  return TRUE;
}

/* The last thread track with slices, far down the rows. */
static guint32
last_thread (StpTimelineView *view)
{
  StpRenderLayout *layout = stp_timeline_view_get_layout (view);
  StpTrace *trace = stp_render_layout_get_trace (layout);

  for (guint i = stp_render_layout_get_n_rows (layout); i-- > 0;)
    {
      const StpRow *row = stp_render_layout_get_row (layout, i);

      if (row->kind == STP_ROW_TRACK && stp_trace_get_track (trace, row->track)->kind == STP_TRACK_THREAD &&
          stp_trace_get_track (trace, row->track)->slices->len > 0)
        return row->track;
    }
  g_assert_not_reached ();
}

/* A pinned track leaves its process for a band under the ruler that
 * the scroll does not move: drawn there at any scroll, hit there, and
 * the rest scrolls beneath it.  P pins the selection's track, the menu
 * names the action, a re-analysis keeps it, unpinning puts it back. */
static void
test_pin (void)
{
  g_autoptr(GFile) file = data_file ("data", "chrome", "catapult", "tracing", "test_data", "webview.json.gz", NULL);
  g_autoptr(GFile) run_meta = data_file ("data", "step-stats", "run_meta.pb", NULL);
  g_autoptr(GSettings) settings = stp_settings_new ();
  StpWindow *window = new_window ();
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpTrace *trace;
  GtkAdjustment *vadj;
  StpRenderLayout *layout;
  StpRenderView rv;
  StpHit hit;
  guint32 track;
  guint n_rows, own_row;
  double band;
  cairo_surface_t *top, *bottom;
  g_autofree char *name = NULL;

  open_and_wait (window, file);
  layout = stp_timeline_view_get_layout (view);
  n_rows = stp_render_layout_get_n_rows (layout);
  track = last_thread (view);
  own_row = stp_render_layout_find_track_row (layout, track);
  name = g_strdup (stp_render_layout_get_row (layout, own_row)->label);
  vadj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadj), >, gtk_adjustment_get_page_size (vadj));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "timeline.toggle-pinned", "u", track));
  g_assert_true (stp_timeline_view_get_track_pinned (view, track));
  layout = stp_timeline_view_get_layout (view);
  /* The same number of rows: it moved to the top, named with its process. */
  g_assert_cmpuint (stp_render_layout_get_n_rows (layout), ==, n_rows);
  g_assert_cmpuint (stp_render_layout_find_track_row (layout, track), ==, 0);
  g_assert_true (g_str_has_prefix (stp_render_layout_get_row (layout, 0)->label, name));
  g_assert_nonnull (strstr (stp_render_layout_get_row (layout, 0)->label, " · "));
  band = stp_render_layout_get_pinned_height (layout);
  g_assert_cmpfloat (band, ==, stp_render_layout_get_row (layout, 1)->y);
  settle ();
  save_screenshot (GTK_WIDGET (window), "processes-pinned-top");

  /* Scrolled to the end: the band is drawn and hit as before, the rows
   * under it are not. */
  stp_timeline_view_fill_view (view, &rv);
  top = draw_view (view);
  gtk_adjustment_set_value (vadj, gtk_adjustment_get_upper (vadj) - gtk_adjustment_get_page_size (vadj));
  g_assert_cmpfloat (gtk_adjustment_get_value (vadj), >, 0);
  bottom = draw_view (view);
  g_assert_true (same_rect (top, bottom, 0, rv.width, rv.ruler_height, rv.ruler_height + band));
  g_assert_false (same_rect (top, bottom, 0, rv.width, rv.ruler_height + band, rv.height));
  g_assert_true (stp_timeline_view_hit_test (view, rv.gutter_width + 10, rv.ruler_height + band / 2, &hit));
  g_assert_cmpuint (hit.track, ==, track);
  g_assert_true (stp_timeline_view_hit_test (view, rv.gutter_width + 10, rv.ruler_height + band + 2, &hit));
  g_assert_cmpuint (hit.row, >, 1);
  settle ();
  save_screenshot (GTK_WIDGET (window), "processes-pinned-scrolled");
  cairo_surface_destroy (top);
  cairo_surface_destroy (bottom);

  /* P on a selected slice of the pinned track unpins it: back in its place. */
  {
    StpItemRef slice = stp_item_ref_slice (track, 0);

    stp_timeline_view_select_item (view, &slice, STP_REVEAL_NONE);
  }
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "timeline.toggle-selected-pinned", NULL));
  g_assert_false (stp_timeline_view_get_track_pinned (view, track));
  layout = stp_timeline_view_get_layout (view);
  g_assert_cmpuint (stp_render_layout_find_track_row (layout, track), ==, own_row);
  g_assert_cmpfloat (stp_render_layout_get_pinned_height (layout), ==, 0);

  /* A re-analysis of the same file keeps it pinned; so does opening it
   * again after another. */
  open_and_wait (window, run_meta);
  trace = stp_window_get_trace (window);
  track = last_thread (view);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "timeline.toggle-pinned", "u", track));
  g_settings_set_boolean (settings, "show-memory", TRUE);
  wait_for (not_loading, window);
  g_assert_true (stp_window_get_trace (window) != trace);
  g_assert_true (stp_timeline_view_get_track_pinned (view, track));
  g_assert_cmpuint (stp_render_layout_find_track_row (stp_timeline_view_get_layout (view), track), ==, 0);
  g_settings_reset (settings, "show-memory");
  wait_for (not_loading, window);
  open_and_wait (window, file);
  g_assert_cmpfloat (stp_render_layout_get_pinned_height (stp_timeline_view_get_layout (view)), ==, 0);
  open_and_wait (window, run_meta);
  g_assert_true (stp_timeline_view_get_track_pinned (view, track));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The header of the process with the most rows under it of those
 * another header follows, and the row of that next header. */
static guint
tallest_process (StpRenderLayout *layout,
                 guint           *next_out)
{
  guint n = stp_render_layout_get_n_rows (layout);
  guint best = STP_INDEX_NONE, header = STP_INDEX_NONE;
  double tallest = 0;

  for (guint i = 0; i < n; i++)
    {
      const StpRow *row = stp_render_layout_get_row (layout, i);

      if (row->kind != STP_ROW_PROCESS && row->kind != STP_ROW_PART)
        continue;
      if (header != STP_INDEX_NONE && row->y - stp_render_layout_get_row (layout, header)->y > tallest)
        {
          tallest = row->y - stp_render_layout_get_row (layout, header)->y;
          best = header;
          *next_out = i;
        }
      header = row->kind == STP_ROW_PROCESS ? i : STP_INDEX_NONE;
    }
  g_assert_cmpuint (best, !=, STP_INDEX_NONE);
  return best;
}

/* Scrolled past its own row, the header of the process whose threads
 * are at the top stays there over them: drawn as in its own place, hit
 * as the header, pushed up by the next one; and a selection under it
 * scrolls out from under it. */
static void
test_sticky_header (void)
{
  g_autoptr(GFile) file = data_file ("data", "chrome", "hta", "tests", "data", "trace_filter", "sampled_rank-0.json.gz", NULL);
  StpWindow *window = new_window ();
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpRenderLayout *layout;
  GtkAdjustment *vadj;
  const StpRow *header_row, *track_row = NULL;
  StpRenderView rv;
  StpHit hit;
  guint header, next = 0, track_ri;
  double y;
  cairo_surface_t *own, *sticky;

  /* Short, so that a process is taller than the page. */
  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 320);
  open_and_wait (window, file);
  layout = stp_timeline_view_get_layout (view);
  vadj = gtk_scrollable_get_vadjustment (GTK_SCROLLABLE (view));
  header = tallest_process (layout, &next);
  header_row = stp_render_layout_get_row (layout, header);
  for (track_ri = header + 1; track_row == NULL && track_ri < next; track_ri++)
    if (stp_render_layout_get_row (layout, track_ri)->kind == STP_ROW_TRACK &&
        stp_trace_get_track (stp_window_get_trace (window),
                             stp_render_layout_get_row (layout, track_ri)->track)->slices->len > 0)
      track_row = stp_render_layout_get_row (layout, track_ri);
  g_assert_nonnull (track_row);
  g_assert_cmpfloat (stp_render_layout_get_row (layout, next)->y - header_row->y, >, 3 * STP_ROW_PROCESS_HEIGHT);
  g_assert_cmpfloat (gtk_adjustment_get_upper (vadj) - gtk_adjustment_get_page_size (vadj), >,
                     stp_render_layout_get_row (layout, next)->y);

  /* In its own row at the top, nothing is drawn over it. */
  gtk_adjustment_set_value (vadj, header_row->y);
  stp_timeline_view_fill_view (view, &rv);
  g_assert_cmpuint (stp_render_layout_get_sticky_header (layout, &rv, &y), ==, STP_INDEX_NONE);
  own = draw_view (view);

  /* Scrolled past it, it is drawn at the top as it was, and hit there;
   * its threads go on under it. */
  gtk_adjustment_set_value (vadj, header_row->y + STP_ROW_PROCESS_HEIGHT + 10);
  stp_timeline_view_fill_view (view, &rv);
  g_assert_cmpuint (stp_render_layout_get_sticky_header (layout, &rv, &y), ==, header);
  g_assert_cmpfloat (y, ==, rv.ruler_height);
  sticky = draw_view (view);
  g_assert_true (same_rect (own, sticky, 0, rv.gutter_width, rv.ruler_height,
                            rv.ruler_height + STP_ROW_PROCESS_HEIGHT));
  g_assert_true (stp_timeline_view_hit_test (view, 10, rv.ruler_height + 5, &hit));
  g_assert_cmpint (hit.kind, ==, STP_HIT_PROCESS);
  g_assert_cmpuint (hit.row, ==, header);
  g_assert_true (stp_timeline_view_hit_test (view, 10, rv.ruler_height + STP_ROW_PROCESS_HEIGHT + 1, &hit));
  g_assert_cmpint (hit.kind, ==, STP_HIT_TRACK_LABEL);
  g_assert_cmpuint (hit.process, ==, header_row->process);
  settle ();
  save_screenshot (GTK_WIDGET (window), "processes-sticky-header");
  cairo_surface_destroy (own);
  cairo_surface_destroy (sticky);

  /* The next header, 10 pixels under the top, pushes it up. */
  gtk_adjustment_set_value (vadj, stp_render_layout_get_row (layout, next)->y - 10);
  stp_timeline_view_fill_view (view, &rv);
  g_assert_cmpuint (stp_render_layout_get_sticky_header (layout, &rv, &y), ==, header);
  g_assert_cmpfloat (y, ==, rv.ruler_height + 10 - STP_ROW_PROCESS_HEIGHT);
  g_assert_true (stp_timeline_view_hit_test (view, 10, rv.ruler_height + 5, &hit));
  g_assert_cmpuint (hit.row, ==, header);
  g_assert_true (stp_timeline_view_hit_test (view, 10, rv.ruler_height + 12, &hit));
  g_assert_cmpuint (hit.row, ==, next);

  /* A slice selected in a thread under it is scrolled into sight below it. */
  gtk_adjustment_set_value (vadj, track_row->y - 5);
  {
    StpItemRef slice = stp_item_ref_slice (track_row->track, 0);

    stp_timeline_view_select_item (view, &slice, STP_REVEAL_SCROLL);
  }
  g_assert_cmpfloat (track_row->y, >=, gtk_adjustment_get_value (vadj) + STP_ROW_PROCESS_HEIGHT);

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
  g_test_add_func ("/processes/pin", test_pin);
  g_test_add_func ("/processes/sticky-header", test_sticky_header);
  return g_test_run ();
}
