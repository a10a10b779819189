/* test-inspect.c: selection, the details panel, areas, search, the memory
 * peak inspector and export, in the real window under Xvfb
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * (StepStats ops, their links, tensors and counters: test-inspect-ops.c.)
 * Every expectation is computed here from the model (the trace and the
 * StepStats index), from `stepscope-cli` (STEPSCOPE_CLI) or from
 * timeline.py's recorded output, never written in.  Screenshots of each
 * state go to STP_SCREENSHOT_DIR.
 */

#define G_LOG_DOMAIN "test-inspect"

#include <adwaita.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "stp-details-panel-private.h"
#include "stp-loader.h"
#include "stp-search.h"
#include "stp-step-stats.h"
#include "stp-settings.h"
#include "stp-window.h"
#include "viewer-test-util.h"

/* ------------------------------------------------------------------ */

/* Up and Down on a nested trace, against a brute-force parent search. */
static void
test_keyboard_nesting (void)
{
  g_autoptr(GFile) file = data_file ("data", "chrome", "hta", "tests", "data", "trace_filter", "sampled_rank-1.json.gz", NULL);
  StpWindow *window = new_window ();
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpTrace *trace;
  guint checked = 0;

  open_and_wait (window, file);
  trace = stp_window_get_trace (window);

  for (guint32 t = 0; t < trace->tracks->len && checked < 20; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      if (track->kind != STP_TRACK_THREAD || track->max_depth == 0)
        continue;
      for (guint32 i = track->depth_starts[1]; i < track->slices->len && checked < 20; i += 7)
        {
          const StpSlice *s = stp_track_get_slice (track, i);
          StpItemRef ref = stp_item_ref_slice (t, i);
          guint32 parent = STP_INDEX_NONE;

          for (guint32 j = 0; j < track->slices->len; j++)
            {
              const StpSlice *p = stp_track_get_slice (track, j);

              if (p->depth + 1 == s->depth && p->ts <= s->ts && stp_slice_end (p) >= stp_slice_end (s))
                parent = j;
            }
          g_assert_cmpuint (parent, !=, STP_INDEX_NONE);

          stp_timeline_view_select_item (view, &ref, STP_REVEAL_SCROLL);
          /* The panel links the parent, and the link selects it. */
          if (checked < 3)
            {
              StpDetailsPanel *panel = stp_window_get_details_panel (window);
              GArray *links = stp_details_panel_get_links (panel);
              g_autofree char *text = stp_details_panel_get_text (panel);
              guint n = 0;

              while (n < links->len && !(g_array_index (links, StpItemRef, n).kind == STP_ITEM_SLICE &&
                                         g_array_index (links, StpItemRef, n).index == parent))
                n++;
              g_assert_cmpuint (n, <, links->len);
              g_assert_nonnull (strstr (text, "Parent\n"));
              stp_details_panel_activate_link (panel, n);
              g_assert_cmpuint (stp_timeline_view_get_selected_item (view)->index, ==, parent);
              stp_timeline_view_select_item (view, &ref, STP_REVEAL_SCROLL);
            }
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "timeline.select-parent", NULL));
          g_assert_cmpuint (stp_timeline_view_get_selected_item (view)->index, ==, parent);
          g_assert_cmpstr (stp_details_panel_get_details (stp_window_get_details_panel (window))->name, ==,
                           stp_trace_str (trace, stp_track_get_slice (track, parent)->name));

          /* Down: the parent's first child, one level deeper, inside it. */
          g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "timeline.select-child", NULL));
          {
            const StpSlice *c = stp_track_get_slice (track, stp_timeline_view_get_selected_item (view)->index);
            const StpSlice *p = stp_track_get_slice (track, parent);

            g_assert_cmpuint (c->depth, ==, p->depth + 1);
            g_assert_cmpint (c->ts, >=, p->ts);
            g_assert_cmpint (c->ts, <=, s->ts);
          }
          checked++;
        }
    }
  g_assert_cmpuint (checked, >, 0);
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

typedef struct
{
  guint  count;
  gint64 total, min, max;
} Expected;

static gboolean
table_ready (gpointer data)
{
  return !stp_area_table_is_busy (stp_window_get_area_table (data));
}

static void
test_area (void)
{
  g_autoptr(GFile) file = data_file ("data", "chrome", "hta", "tests", "data", "trace_filter", "sampled_rank-1.json.gz", NULL);
  StpWindow *window = new_window ();
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpAreaTable *table = stp_window_get_area_table (window);
  StpRenderLayout *layout;
  StpTrace *trace;
  StpRenderView rv;
  g_autoptr(StpArea) area = NULL;
  g_autoptr(GHashTable) expected = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  double x0, x1, y0, y1;
  guint n;

  open_and_wait (window, file);
  trace = stp_window_get_trace (window);
  layout = stp_timeline_view_get_layout (view);
  stp_timeline_view_get_render_view (view, &rv);

  /* A Shift-drag from 30 % to 70 % of the width, over the first rows. */
  x0 = rv.gutter_width + (rv.width - rv.gutter_width) * 0.3;
  x1 = rv.gutter_width + (rv.width - rv.gutter_width) * 0.7;
  y0 = rv.ruler_height + 10;
  y1 = MIN (rv.height - 10, rv.ruler_height + stp_render_layout_get_height (layout) * 0.6);
  area = stp_timeline_view_area_at (view, x0, y0, x1, y1);

  /* Its tracks are the track rows the drag spans (collapsed processes
   * stand for all theirs). */
  {
    guint spanned = 0;

    for (guint i = 0; i < stp_render_layout_get_n_rows (layout); i++)
      {
        const StpRow *row = stp_render_layout_get_row (layout, i);
        double top = row->y - rv.scroll_y + rv.ruler_height;

        if (row->kind != STP_ROW_TRACK || top + row->height <= y0 || top > y1)
          continue;
        g_assert_true (stp_area_has_track (area, row->track));
        spanned++;
      }
    g_assert_cmpuint (area->tracks->len, ==, spanned);
    g_assert_cmpuint (spanned, >, 0);
  }
  g_assert_cmpint (area->start, ==, stp_render_view_x_to_time (&rv, x0));
  g_assert_cmpint (area->end, ==, stp_render_view_x_to_time (&rv, x1));

  stp_timeline_view_select_area (view, area);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (table)));
  wait_for (table_ready, window);

  /* The model, slice by slice. */
  for (guint t = 0; t < area->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, g_array_index (area->tracks, guint32, t));

      for (guint32 i = 0; track->kind != STP_TRACK_COUNTER && i < track->slices->len; i++)
        {
          const StpSlice *s = stp_track_get_slice (track, i);
          gboolean in = s->dur > 0 ? s->ts < area->end && stp_slice_end (s) > area->start
                                   : s->ts >= area->start && s->ts < area->end;
          Expected *e;

          if (!in)
            continue;
          e = g_hash_table_lookup (expected, GUINT_TO_POINTER (s->name));
          if (e == NULL)
            {
              e = g_new0 (Expected, 1);
              e->min = G_MAXINT64;
              g_hash_table_insert (expected, GUINT_TO_POINTER (s->name), e);
            }
          e->count++;
          e->total += s->dur;
          e->min = MIN (e->min, s->dur);
          e->max = MAX (e->max, s->dur);
        }
    }

  n = stp_area_table_get_n_rows (table);
  g_assert_cmpuint (n, ==, g_hash_table_size (expected));
  g_assert_cmpuint (n, >, 1);
  for (guint i = 0; i < n; i++)
    {
      const StpAggregateRow *row = stp_area_table_get_row (table, i);
      Expected *e = g_hash_table_lookup (expected, GUINT_TO_POINTER (row->name));

      g_assert_nonnull (e);
      g_assert_cmpuint (row->count, ==, e->count);
      g_assert_cmpint (row->total, ==, e->total);
      g_assert_cmpint (row->min, ==, e->min);
      g_assert_cmpint (row->max, ==, e->max);
      if (i > 0)
        g_assert_cmpint (stp_area_table_get_row (table, i - 1)->total, >=, row->total);
    }
  save_screenshot (GTK_WIDGET (window), "inspect-area");

  /* Copied, durations are numbers in µs, the unit in the header. */
  {
    g_autofree char *text = stp_area_table_get_text (table);
    g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

    g_assert_cmpstr (lines[0], ==, "Name\tCount\tTotal (µs)\tSelf (µs)\tAvg (µs)\tMin (µs)\tMax (µs)");
    for (guint i = 0; i < n; i++)
      {
        g_auto(GStrv) cells = g_strsplit (lines[i + 1], "\t", -1);
        const StpAggregateRow *row = stp_area_table_get_row (table, i);

        g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[2], NULL) * 1000, row->total, 0.5);
        g_assert_cmpfloat_with_epsilon (g_ascii_strtod (cells[5], NULL) * 1000, row->min, 0.5);
      }
  }

  /* Any column sorts, both ways. */
  stp_area_table_sort_by (table, STP_AGGREGATE_COUNT, FALSE);
  for (guint i = 1; i < n; i++)
    g_assert_cmpuint (stp_area_table_get_row (table, i - 1)->count, <=, stp_area_table_get_row (table, i)->count);
  stp_area_table_sort_by (table, STP_AGGREGATE_NAME, TRUE);
  for (guint i = 1; i < n; i++)
    g_assert_cmpint (strcmp (stp_trace_str (trace, stp_area_table_get_row (table, i - 1)->name),
                             stp_trace_str (trace, stp_area_table_get_row (table, i)->name)), >=, 0);

  /* A row marks its slices. */
  {
    const StpAggregateRow *row = stp_area_table_get_row (table, 0);
    guint count = row->count;
    StpStr name = row->name;
    GArray *marked;

    stp_area_table_activate (table, 0);
    settle ();
    marked = stp_timeline_view_get_marked (view);
    g_assert_nonnull (marked);
    g_assert_cmpuint (marked->len, ==, count);
    for (guint i = 0; i < marked->len; i++)
      g_assert_cmpuint (stp_item_get_slice (trace, &g_array_index (marked, StpItemRef, i))->name, ==, name);
  }

  /* The area stays through a zoom. */
  gtk_widget_activate_action (GTK_WIDGET (view), "timeline.zoom-in", NULL);
  g_assert_true (stp_timeline_view_get_area (view) != NULL);

  gtk_widget_activate_action (GTK_WIDGET (view), "timeline.clear-selection", NULL);
  g_assert_null (stp_timeline_view_get_area (view));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (table)));
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

static gboolean
search_done (gpointer data)
{
  StpFindBar *bar = stp_window_get_find_bar (data);

  return !stp_find_bar_is_busy (bar) && stp_find_bar_get_matches (bar) != NULL;
}

static gboolean
json_has (JsonNode   *node,
          const char *folded)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObjectIter iter;
        JsonNode *child;

        json_object_iter_init (&iter, json_node_get_object (node));
        while (json_object_iter_next (&iter, NULL, &child))
          if (json_has (child, folded))
            return TRUE;
        return FALSE;
      }
    case JSON_NODE_ARRAY:
      for (guint i = 0; i < json_array_get_length (json_node_get_array (node)); i++)
        if (json_has (json_array_get_element (json_node_get_array (node), i), folded))
          return TRUE;
      return FALSE;
    case JSON_NODE_VALUE:
      if (json_node_get_value_type (node) == G_TYPE_STRING)
        {
          g_autofree char *value = g_utf8_casefold (json_node_get_string (node), -1);
          return strstr (value, folded) != NULL;
        }
      return FALSE;
    case JSON_NODE_NULL:
    default:
      return FALSE;
    }
}

static void
test_search (void)
{
  g_autoptr(GFile) file = data_file ("data", "step-stats", "run_meta.pb", NULL);
  StpWindow *window = new_window ();
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpFindBar *bar = stp_window_get_find_bar (window);
  StpTrace *trace;
  GArray *matches;
  guint expected = 0;
  const char *query = "conv2d";

  open_and_wait (window, file);
  trace = stp_window_get_trace (window);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.find", NULL));
  g_assert_true (stp_find_bar_get_search_mode (bar));
  stp_find_bar_set_query (bar, "CONV2D");
  wait_for (search_done, window);
  matches = stp_find_bar_get_matches (bar);

  /* Names and args, counted here with json-glib. */
  for (guint32 t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      for (guint32 i = 0; track->slices != NULL && i < track->slices->len; i++)
        {
          const StpSlice *s = stp_track_get_slice (track, i);
          g_autofree char *name = g_utf8_casefold (stp_trace_str (trace, s->name), -1);
          g_autofree char *args = stp_trace_dup_args (trace, track, s);
          g_autoptr(JsonParser) parser = json_parser_new ();
          gboolean hit = strstr (name, query) != NULL;

          if (!hit && args != NULL && json_parser_load_from_data (parser, args, -1, NULL))
            hit = json_has (json_parser_get_root (parser), query);
          expected += hit;
        }
    }
  g_assert_cmpuint (matches->len, ==, expected);
  g_assert_cmpuint (expected, >, 3);
  {
    g_autofree char *status = g_strdup_printf ("%u matches", expected);
    g_assert_cmpstr (stp_find_bar_get_status (bar), ==, status);
  }

  /* Enter steps through them in time order, zooming to each. */
  for (guint k = 0; k < 3; k++)
    {
      const StpItemRef *m = &g_array_index (matches, StpItemRef, k);
      const StpSlice *s = stp_item_get_slice (trace, m);
      gint64 start, end;
      g_autofree char *status = g_strdup_printf ("%u of %u", k + 1, matches->len);

      stp_find_bar_step (bar, FALSE);
      g_assert_cmpuint (stp_find_bar_get_current (bar), ==, k);
      g_assert_true (stp_item_ref_equal (stp_timeline_view_get_selected_item (view), m));
      stp_timeline_view_get_visible_range (view, &start, &end);
      g_assert_cmpint (start, <=, s->ts);
      g_assert_cmpint (end, >=, stp_slice_end (s));
      g_assert_cmpint (end - start, <=, MAX (stp_slice_end (s) - s->ts, 1000) * 3);
      g_assert_cmpstr (stp_find_bar_get_status (bar), ==, status);
    }
  save_screenshot (GTK_WIDGET (window), "inspect-search");

  /* Shift+Enter goes back; from the first it wraps to the last. */
  stp_find_bar_step (bar, TRUE);
  g_assert_cmpuint (stp_find_bar_get_current (bar), ==, 1);
  stp_find_bar_step (bar, TRUE);
  stp_find_bar_step (bar, TRUE);
  g_assert_cmpuint (stp_find_bar_get_current (bar), ==, matches->len - 1);

  /* Closing the bar takes the marks away. */
  stp_find_bar_set_search_mode (bar, FALSE);
  settle ();
  g_assert_null (stp_find_bar_get_matches (bar));
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

static JsonObject *
cli_json (const char *const *argv)
{
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  int status;

  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_true (json_parser_load_from_data (parser, out, -1, NULL));
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

static gboolean
peaks_listed (gpointer data)
{
  return stp_peaks_dialog_get_peaks (data) != NULL;
}

/* run_meta.pb in the window, with the find bar open: its entry's text,
 * which has focus. */
static GtkWidget *
open_with_find_bar (StpWindow *window)
{
  g_autoptr(GFile) file = data_file ("data", "step-stats", "run_meta.pb", NULL);
  GtkWidget *text;

  open_and_wait (window, file);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.find", NULL));
  settle ();
  text = GTK_WIDGET (gtk_root_get_focus (GTK_ROOT (window)));
  g_assert_true (GTK_IS_TEXT (text));
  return text;
}

/* A search's results reach the window through its main loop only: a
 * window whose loop is not running for a while (here, the test's own
 * thread asleep while the search runs) sees nothing change until it
 * runs again, and then the first match is selected. */
static void
test_matches_on_main_loop (void)
{
  StpWindow *window = new_window ();
  StpFindBar *bar = stp_window_get_find_bar (window);
  StpSession *session = stp_window_get_session (window);
  GtkWidget *text = open_with_find_bar (window);

  gtk_editable_set_text (GTK_EDITABLE (text), "conv2d");
  g_signal_emit_by_name (text, "activate");   /* Return */
  g_usleep (500 * 1000);   /* a search of 54 ops is done by far */
  g_assert_true (stp_find_bar_is_busy (bar));
  g_assert_cmpint (stp_session_get_selected_item (session)->kind, ==, STP_ITEM_NONE);

  wait_for (search_done, window);
  g_assert_cmpint (stp_session_get_selected_item (session)->kind, !=, STP_ITEM_NONE);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Return as soon as the query is typed, before the entry's typing delay
 * has started a search, and so before any match: not lost.  The first
 * match is selected when it comes, as it would be once they are in;
 * Return with nothing to find still rings the bell. */
static void
test_return_before_matches (void)
{
  StpWindow *window = new_window ();
  StpFindBar *bar = stp_window_get_find_bar (window);
  StpSession *session = stp_window_get_session (window);
  GtkWidget *text = open_with_find_bar (window);
  g_autoptr(StpSearch) search = NULL;
  g_autoptr(GArray) names = NULL;
  const StpItemRef *selected;

  search = stp_search_new (stp_session_get_trace (session), "conv2d");
  names = stp_search_run (search, STP_SEARCH_NAMES, NULL, NULL, NULL);
  g_assert_cmpuint (names->len, >, 0);

  gtk_editable_set_text (GTK_EDITABLE (text), "conv2d");
  g_signal_emit_by_name (text, "activate");   /* Return */
  g_assert_true (stp_find_bar_is_busy (bar));
  g_assert_cmpint (stp_session_get_selected_item (session)->kind, ==, STP_ITEM_NONE);

  wait_for (search_done, window);
  selected = stp_session_get_selected_item (session);
  g_assert_cmpint (selected->kind, ==, g_array_index (names, StpItemRef, 0).kind);
  g_assert_cmpuint (selected->track, ==, g_array_index (names, StpItemRef, 0).track);
  g_assert_cmpuint (selected->index, ==, g_array_index (names, StpItemRef, 0).index);

  /* Nothing to find: nothing pending, nothing selected anew. */
  gtk_editable_set_text (GTK_EDITABLE (text), "nothing-like-this");
  g_signal_emit_by_name (text, "activate");   /* Return */
  wait_for (search_done, window);
  settle ();
  g_assert_cmpuint (stp_find_bar_get_matches (bar)->len, ==, 0);
  g_assert_cmpuint (stp_session_get_selected_item (session)->index, ==, g_array_index (names, StpItemRef, 0).index);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_peaks (void)
{
  g_autoptr(GSettings) gs = stp_settings_new ();
  g_autoptr(GFile) file = data_file ("data", "step-stats", "run_meta.pb", NULL);
  const char *cli = g_getenv ("STEPSCOPE_CLI");
  const char *argv[] = { cli, "peaks", g_file_peek_path (file), NULL };
  g_autoptr(JsonObject) reference = NULL;
  g_autofree char *expected_path = g_test_build_filename (G_TEST_DIST, "data", "step-stats", "expected",
                                                          "run_meta.pb.peaks-schedule.json", NULL);
  g_autofree char *expected_text = NULL;
  StpWindow *window = new_window ();
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpPeaksDialog *dialog;
  StpTrace *trace;
  guint32 node;

  g_assert_nonnull (cli);
  reference = cli_json (argv);

  /* Memory off: the inspector offers to turn it on, and then lists. */
  open_and_wait (window, file);
  trace = stp_window_get_trace (window);
  {
    /* An op selected now stays selected through the re-analysis. */
    StpItemRef op = STP_ITEM_REF_NONE;

    for (guint32 t = 0; t < trace->tracks->len && op.kind == STP_ITEM_NONE; t++)
      if (stp_trace_get_track (trace, t)->kind == STP_TRACK_THREAD && stp_trace_get_track (trace, t)->slices->len > 1)
        op = stp_item_ref_slice (t, 1);
    stp_timeline_view_select_item (view, &op, STP_REVEAL_NONE);
    node = stp_slice_get_node (stp_item_get_slice (trace, &op));
  }
  dialog = stp_window_show_peaks (window);
  settle ();
  g_assert_null (stp_peaks_dialog_get_peaks (dialog));
  g_assert_cmpuint (stp_peaks_dialog_get_page (dialog), ==, G_MAXUINT);
  save_screenshot (GTK_WIDGET (dialog), "inspect-peaks-off");
  g_signal_emit_by_name (dialog, "enable-memory");
  g_assert_true (g_settings_get_boolean (gs, "show-memory"));
  wait_for (not_loading, window);
  wait_for (peaks_listed, dialog);
  settle ();
  g_assert_true (stp_window_get_trace (window) != trace);
  trace = stp_window_get_trace (window);
  g_assert_cmpint (stp_timeline_view_get_selected_item (view)->kind, ==, STP_ITEM_SLICE);
  g_assert_cmpuint (stp_slice_get_node (stp_item_get_slice (trace, stp_timeline_view_get_selected_item (view))), ==, node);

  /* The allocators and tensors `stepscope-cli peaks` prints, largest first. */
  g_assert_cmpuint (stp_peaks_dialog_get_peaks (dialog)->len, ==, json_object_get_size (reference));
  for (guint a = 0; a < stp_peaks_dialog_get_peaks (dialog)->len; a++)
    {
      const StpPeak *peak = g_ptr_array_index (stp_peaks_dialog_get_peaks (dialog), a);
      JsonObject *ref = json_object_get_object_member (reference, peak->allocator);
      JsonArray *tensors = json_object_get_array_member (ref, "tensors");
      guint n;

      stp_peaks_dialog_set_page (dialog, a);
      n = stp_peaks_dialog_get_n_rows (dialog);
      g_assert_cmpint (peak->num_bytes, ==, json_object_get_int_member (ref, "num_bytes"));
      g_assert_cmpuint (n, ==, json_array_get_length (tensors));
      for (guint i = 0; i < n; i++)
        {
          const StpPeakTensor *t = stp_peaks_dialog_get_row (dialog, i);
          gboolean listed = FALSE;

          for (guint k = 0; k < json_array_get_length (tensors); k++)
            listed |= g_str_equal (json_array_get_string_element (tensors, k), t->name);
          g_assert_true (listed);
          if (i > 0)
            g_assert_cmpint (stp_peaks_dialog_get_row (dialog, i - 1)->info.requested_bytes, >=,
                             t->info.requested_bytes);
        }
    }

  /* timeline.py's own answer agrees. */
  g_assert_true (g_file_get_contents (expected_path, &expected_text, NULL, NULL));
  {
    g_autoptr(JsonParser) parser = json_parser_new ();
    JsonObject *expected;

    g_assert_true (json_parser_load_from_data (parser, expected_text, -1, NULL));
    expected = json_node_get_object (json_parser_get_root (parser));
    stp_peaks_dialog_set_page (dialog, 0);
    g_assert_cmpuint (stp_peaks_dialog_get_n_rows (dialog), ==,
                      json_array_get_length (json_object_get_array_member (
                        json_object_get_object_member (expected,
                          ((StpPeak *) g_ptr_array_index (stp_peaks_dialog_get_peaks (dialog), 0))->allocator),
                        "tensors")));
  }
  save_screenshot (GTK_WIDGET (dialog), "inspect-peaks");

  /* A click on a tensor selects its lifetime on the timeline. */
  {
    const StpPeakTensor *t = stp_peaks_dialog_get_row (dialog, 0);
    const StpItemRef *selected;

    stp_peaks_dialog_activate (dialog, 0);
    settle ();
    selected = stp_timeline_view_get_selected_item (view);
    g_assert_cmpint (selected->kind, ==, STP_ITEM_OBJECT);
    g_assert_cmpstr (stp_trace_str (trace, g_array_index (trace->objects, StpObject, selected->index).name), ==, t->name);
    save_screenshot (GTK_WIDGET (window), "inspect-peak-tensor");
  }

  g_settings_reset (gs, "show-memory");
  wait_for (not_loading, window);
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

static gboolean
not_exporting (gpointer data)
{
  return !stp_window_get_exporting (data);
}

static void
test_export_json (void)
{
  g_autoptr(GFile) file = data_file ("data", "step-stats", "run_meta.pb", NULL);
  g_autofree char *dir = g_dir_make_tmp ("stepscope-export-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "run_meta.json", NULL);
  g_autoptr(GFile) out = g_file_new_for_path (path);
  const char *cli = g_getenv ("STEPSCOPE_CLI");
  const char *argv[] = { cli, "convert", g_file_peek_path (file), NULL };
  g_autofree char *expected = NULL;
  g_autofree char *written = NULL;
  gsize expected_len, written_len;
  StpWindow *window = new_window ();
  StpWindow *again;
  int status;

  open_and_wait (window, file);
  g_assert_true (g_file_set_contents (path, "old contents", -1, NULL));
  stp_window_export_json (window, out);
  g_assert_true (stp_window_get_exporting (window));
  wait_for (not_exporting, window);
  g_assert_null (stp_window_get_export_error (window));

  /* Byte for byte what `stepscope-cli convert` writes with these options. */
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &expected, NULL, &status, NULL));
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  expected_len = strlen (expected);
  g_assert_true (g_file_get_contents (path, &written, &written_len, NULL));
  g_assert_cmpuint (written_len, ==, expected_len);
  g_assert_true (memcmp (written, expected, expected_len) == 0);

  /* And it opens again, with the same slices. */
  again = new_window ();
  open_and_wait (again, out);
  g_assert_cmpuint (stp_trace_count_slices (stp_window_get_trace (again)), ==,
                    stp_trace_count_slices (stp_window_get_trace (window)));
  g_assert_cmpuint (stp_window_get_trace (again)->flows->len, ==, stp_window_get_trace (window)->flows->len);

  /* Exporting into a directory that is not there fails cleanly. */
  {
    g_autofree char *bad_path = g_build_filename (dir, "missing", "x.json", NULL);
    g_autoptr(GFile) bad = g_file_new_for_path (bad_path);

    stp_window_export_json (window, bad);
    wait_for (not_exporting, window);
    g_assert_nonnull (stp_window_get_export_error (window));
    /* A failed export is not a failed load: the trace stays, unblamed. */
    g_assert_null (stp_window_get_error_message (window));
  }

  gtk_window_destroy (GTK_WINDOW (again));
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

/* Distinct colours in a PNG, and its size. */
static guint
png_colours (const char *path,
             int        *width,
             int        *height)
{
  cairo_surface_t *surface = cairo_image_surface_create_from_png (path);
  g_autoptr(GHashTable) colours = g_hash_table_new (NULL, NULL);
  const guchar *data;
  int stride;

  g_assert_cmpint (cairo_surface_status (surface), ==, CAIRO_STATUS_SUCCESS);
  *width = cairo_image_surface_get_width (surface);
  *height = cairo_image_surface_get_height (surface);
  data = cairo_image_surface_get_data (surface);
  stride = cairo_image_surface_get_stride (surface);
  for (int y = 0; y < *height; y++)
    for (int x = 0; x < *width; x++)
      g_hash_table_add (colours, GUINT_TO_POINTER (*(const guint32 *) (data + y * stride + x * 4) & 0xffffff));
  cairo_surface_destroy (surface);
  return g_hash_table_size (colours);
}

static void
test_export_image (void)
{
  g_autoptr(GFile) file = data_file ("data", "chrome", "tensorflow_profiling", "profiles", "GPU", "timeline_02_step_0.json", NULL);
  g_autofree char *dir = g_dir_make_tmp ("stepscope-image-XXXXXX", NULL);
  StpWindow *window = new_window ();
  StpTimelineView *view = stp_window_get_timeline_view (window);
  const char *names[] = { "shown.png", "shown.svg", "shown.pdf", "range.png" };

  open_and_wait (window, file);

  /* Select something so the image shows the highlight, and a range for
   * the second PNG. */
  {
    StpTrace *trace = stp_window_get_trace (window);
    StpItemRef ref;

    for (guint32 t = 0; t < trace->tracks->len; t++)
      if (stp_trace_get_track (trace, t)->kind == STP_TRACK_THREAD && widest_visible (window, t, &ref))
        break;
    click_item (window, &ref);
    g_assert_cmpint (stp_timeline_view_get_selected_item (view)->kind, ==, STP_ITEM_SLICE);
  }

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *path = g_build_filename (dir, names[i], NULL);
      g_autoptr(GFile) out = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autofree char *contents = NULL;
      gsize len;

      g_assert_true (stp_window_export_image (window, out, i == 3, &error));
      g_assert_no_error (error);
      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));

      if (g_str_has_suffix (names[i], ".png"))
        {
          int width, height;
          guint colours = png_colours (path, &width, &height);

          g_test_message ("%s: %d × %d, %u colours", names[i], width, height, colours);
          g_assert_cmpint (width, ==, gtk_widget_get_width (GTK_WIDGET (view)));
          if (i == 0)
            g_assert_cmpint (height, ==, gtk_widget_get_height (GTK_WIDGET (view)));
          else
            g_assert_cmpint (height, ==, MIN (16384, (int) ceil (stp_render_layout_get_height (stp_timeline_view_get_layout (view))) + 30));
          g_assert_cmpuint (colours, >, 50);
        }
      else if (g_str_has_suffix (names[i], ".svg"))
        {
          g_assert_true (g_str_has_prefix (contents, "<?xml"));
          g_assert_nonnull (strstr (contents, "<svg"));
          g_assert_nonnull (strstr (contents, "</svg>"));
          g_assert_cmpuint (len, >, 20000);
        }
      else
        {
          g_assert_true (g_str_has_prefix (contents, "%PDF-"));
          g_assert_nonnull (g_strstr_len (contents + len - MIN (len, 64), MIN (len, 64), "%%EOF"));
          g_assert_cmpuint (len, >, 5000);
        }
    }

  /* A failed export leaves no file behind and says why. */
  {
    g_autofree char *path = g_build_filename (dir, "missing", "x.png", NULL);
    g_autoptr(GFile) out = g_file_new_for_path (path);
    g_autoptr(GError) error = NULL;

    g_assert_false (stp_window_export_image (window, out, FALSE, &error));
    g_assert_nonnull (error);
  }

  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

/* The pictures for the app's metadata (data/screenshots/), with the
 * details panel open: a PyTorch trace from the shared corpus (skipped when
 * it is not there) and the memory view of a StepStats. */
static void
test_appstream_screenshots (void)
{
  const char *corpus = g_getenv ("STP_CORPUS_DIR");
  g_autofree char *path = corpus ? g_build_filename (corpus, "kineto", "tb_plugin", "samples", "resnet50_num_workers_4",
                                                     "worker0.1623212756351.pt.trace.json.gz", NULL) : NULL;
  g_autoptr(GSettings) gs = stp_settings_new ();

  /* StepStats with memory: the first Conv2D op selected. */
  {
    g_autoptr(GFile) file = data_file ("data", "step-stats", "run_meta.pb", NULL);
    StpWindow *window = new_window ();
    StpTrace *trace;

    g_settings_set_boolean (gs, "show-memory", TRUE);
    open_and_wait (window, file);
    trace = stp_window_get_trace (window);
    for (guint32 t = 0; t < trace->tracks->len; t++)
      {
        const StpTrack *track = stp_trace_get_track (trace, t);

        for (guint32 i = 0; track->slices != NULL && i < track->slices->len; i++)
          if (g_str_equal (stp_trace_str (trace, stp_track_get_slice (track, i)->name), "Conv2D") &&
              stp_track_get_slice (track, i)->dur > 1000000)
            {
              StpItemRef ref = stp_item_ref_slice (t, i);

              stp_timeline_view_select_item (stp_window_get_timeline_view (window), &ref, STP_REVEAL_NONE);
            }
      }
    g_assert_cmpint (stp_timeline_view_get_selected_item (stp_window_get_timeline_view (window))->kind, ==, STP_ITEM_SLICE);
    save_screenshot (GTK_WIDGET (window), "appstream-stepstats");
    g_settings_reset (gs, "show-memory");
    wait_for (not_loading, window);
    gtk_window_destroy (GTK_WINDOW (window));
    settle ();
  }

  if (path == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the shared corpus is not there");
      return;
    }

  /* PyTorch: a host-to-device copy, its launch and the arrow between. */
  {
    g_autoptr(GFile) file = g_file_new_for_path (path);
    StpWindow *window = new_window ();
    StpTimelineView *view = stp_window_get_timeline_view (window);
    StpTrace *trace;
    StpItemRef pick = STP_ITEM_REF_NONE;

    open_and_wait (window, file);
    trace = stp_window_get_trace (window);
    for (guint32 t = 0; t < trace->tracks->len && pick.kind == STP_ITEM_NONE; t++)
      {
        const StpTrack *track = stp_trace_get_track (trace, t);

        for (guint32 i = 0; track->slices != NULL && i < track->slices->len; i++)
          {
            StpItemRef ref = stp_item_ref_slice (t, i);
            g_autoptr(GArray) out = g_array_new (FALSE, FALSE, sizeof (guint32));

            if (!g_str_equal (stp_trace_str (trace, stp_track_get_slice (track, i)->name), "cudaLaunchKernel") ||
                stp_track_get_slice (track, i)->ts < trace->start_ts + (trace->end_ts - trace->start_ts) / 2)
              continue;
            stp_item_find_flows (trace, &ref, NULL, out);
            if (out->len > 0)
              {
                pick = ref;
                break;
              }
          }
      }
    g_assert_cmpint (pick.kind, ==, STP_ITEM_SLICE);
    {
      const StpSlice *s = stp_item_get_slice (trace, &pick);

      stp_timeline_view_select_item (view, &pick, STP_REVEAL_SCROLL);
      stp_timeline_view_set_visible_range (view, s->ts - 1500000, s->ts + 2500000);
    }
    save_screenshot (GTK_WIDGET (window), "appstream-pytorch");
    gtk_window_destroy (GTK_WINDOW (window));
    settle ();
  }
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  if (g_getenv ("STP_TEST_DARK"))
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);

  viewer_test_init ();

  g_test_add_func ("/inspect/keyboard-nesting", test_keyboard_nesting);
  g_test_add_func ("/inspect/area", test_area);
  g_test_add_func ("/inspect/search", test_search);
  g_test_add_func ("/inspect/return-before-matches", test_return_before_matches);
  g_test_add_func ("/inspect/matches-on-main-loop", test_matches_on_main_loop);
  g_test_add_func ("/inspect/peaks", test_peaks);
  g_test_add_func ("/inspect/export-json", test_export_json);
  g_test_add_func ("/inspect/export-image", test_export_image);
  g_test_add_func ("/inspect/appstream-screenshots", test_appstream_screenshots);

  return g_test_run ();
}
