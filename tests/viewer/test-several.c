/* test-several.c: several traces side by side in one window
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "config.h"

#include <glib/gstdio.h>
#include <string.h>

#include "stp-application.h"
#include "stp-compare-view.h"
#include "stp-document.h"
#include "stp-loader.h"
#include "stp-merge.h"
#include "stp-step-table-view.h"
#include "stp-steps.h"
#include "stp-timeline-view-private.h"
#include "viewer-test-util.h"

#define RANKS "chrome", "hta", "tests", "data", "trace_filter"

static void
open_files_and_wait (StpWindow *window,
                     GFile     *a,
                     GFile     *b,
                     GFile     *c)
{
  GFile *files[] = { a, b, c };

  stp_window_open_files (window, files, c != NULL ? 3 : 2);
  wait_for (not_loading, window);
  wait_for (drawn, window);
}

/* Whether a label under widget shows exactly text (a toast's title). */
static gboolean
shows_label (GtkWidget  *widget,
             const char *text)
{
  if (GTK_IS_LABEL (widget) && g_strcmp0 (gtk_label_get_text (GTK_LABEL (widget)), text) == 0)
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (shows_label (child, text))
      return TRUE;
  return FALSE;
}

/* Each input has one header row, and every row under it up to the next
 * is of its processes. */
static void
assert_grouped (StpRenderLayout *layout,
                const StpTrace  *trace)
{
  guint32 part = STP_INDEX_NONE;
  guint n_headers = 0;

  for (guint i = 0; i < stp_render_layout_get_n_rows (layout); i++)
    {
      const StpRow *row = stp_render_layout_get_row (layout, i);

      if (row->kind == STP_ROW_PART)
        {
          g_assert_cmpuint (row->part, ==, n_headers);
          part = row->part;
          n_headers++;
          g_assert_true (g_str_has_prefix (row->label, g_array_index (trace->parts, StpTracePart, part).label));
        }
      else if (row->process != STP_INDEX_NONE)
        g_assert_cmpuint (stp_trace_get_process (trace, row->process)->part, ==, part);
    }
  g_assert_cmpuint (n_headers, ==, trace->parts->len);
}

static guint
find_part_row (StpRenderLayout *layout,
               guint32          part)
{
  for (guint i = 0; i < stp_render_layout_get_n_rows (layout); i++)
    {
      const StpRow *row = stp_render_layout_get_row (layout, i);

      if (row->kind == STP_ROW_PART && row->part == part)
        return i;
    }
  g_assert_not_reached ();
}

static gboolean
summary_idle (gpointer window)
{
  StpSummaryView *view = stp_window_get_summary_view (window);

  return !stp_summary_view_is_busy (view) && stp_summary_view_get_summary (view) != NULL;
}

static void
test_side_by_side (void)
{
  g_autoptr(GFile) rank0 = data_file ("data", RANKS, "sampled_rank-0.json.gz", NULL);
  g_autoptr(GFile) rank1 = data_file ("data", RANKS, "sampled_rank-1.json.gz", NULL);
  StpWindow *window = new_window ();
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpRenderLayout *layout;
  const StpTracePart *first;
  StpTrace *trace;
  guint header, n_rows;

  open_files_and_wait (window, rank0, rank1, NULL);
  trace = stp_window_get_trace (window);
  g_assert_nonnull (trace->parts);
  g_assert_cmpuint (trace->parts->len, ==, 2);
  g_assert_cmpstr (gtk_window_get_title (GTK_WINDOW (window)), ==, "2 Traces");
  g_assert_false (shows_label (GTK_WIDGET (window), "1 trace could not be opened"));
  layout = stp_timeline_view_get_layout (view);
  assert_grouped (layout, trace);
  save_screenshot (GTK_WIDGET (window), "several-traces");

  /* Collapsed, the first input is its header: its tracks are drawn
   * there, and an area over it takes them all. */
  first = &g_array_index (trace->parts, StpTracePart, 0);
  n_rows = stp_render_layout_get_n_rows (layout);
  header = find_part_row (layout, 0);
  stp_timeline_view_toggle_part (view, 0);
  g_assert_true (stp_render_layout_get_part_collapsed (layout, 0));
  g_assert_cmpuint (stp_render_layout_get_n_rows (layout), <, n_rows);
  assert_grouped (layout, trace);
  for (guint32 p = first->first_process; p < first->first_process + first->n_processes; p++)
    {
      const StpProcess *process = stp_trace_get_process (trace, p);

      g_assert_cmpuint (stp_render_layout_find_process_row (layout, p), ==, STP_INDEX_NONE);
      for (guint k = 0; k < process->tracks->len; k++)
        g_assert_cmpuint (stp_render_layout_get_track_display_row (layout, g_array_index (process->tracks, guint32, k)),
                          ==, header);
    }
  {
    g_autoptr(GArray) folded = stp_render_layout_dup_folded_tracks (layout, header);
    guint expected = 0;

    for (guint32 p = first->first_process; p < first->first_process + first->n_processes; p++)
      expected += stp_trace_get_process (trace, p)->tracks->len;
    g_assert_cmpuint (folded->len, ==, expected);
  }
  save_screenshot (GTK_WIDGET (window), "several-traces-collapsed");

  stp_timeline_view_toggle_part (view, 0);
  g_assert_cmpuint (stp_render_layout_get_n_rows (layout), ==, n_rows);

  /* The summary by trace: a row per trace. */
  {
    StpSummaryView *summary = stp_window_get_summary_view (window);

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-summary", NULL));
    stp_summary_view_set_by (summary, STP_SUMMARY_BY_TRACE);
    settle ();
    wait_for (summary_idle, window);
    g_assert_cmpuint (stp_summary_view_get_n_rows (summary), ==, 2);
    g_assert_cmpstr (stp_summary_view_get_row (summary, 0)->name, ==,
                     g_array_index (trace->parts, StpTracePart, stp_summary_view_get_row (summary, 0)->process).label);
    save_screenshot (GTK_WIDGET (window), "several-traces-summary");
    stp_summary_view_set_by (summary, STP_SUMMARY_BY_OP);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-summary", NULL));
  }

  /* A reload opens both again. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL));
  wait_for (not_loading, window);
  g_assert_true (stp_window_get_trace (window) != trace);
  g_assert_cmpuint (stp_window_get_trace (window)->parts->len, ==, 2);

  /* On request, lined up at their first steps; the ruler and the toggle
   * say so, and back. */
  {
    GActionGroup *actions = G_ACTION_GROUP (window);
    g_autoptr(GArray) steps0 = NULL;
    g_autoptr(GArray) steps1 = NULL;
    g_autoptr(GVariant) state = NULL;

    g_assert_true (g_action_group_get_action_enabled (actions, "align-first-steps"));
    g_action_group_change_action_state (actions, "align-first-steps", g_variant_new_boolean (TRUE));
    wait_for (not_loading, window);
    trace = stp_window_get_trace (window);
    g_assert_cmpint (stp_trace_get_merge_clock (trace), ==, STP_MERGE_CLOCK_FIRST_STEP);
    steps0 = stp_steps_find_in_part (trace, 0);
    steps1 = stp_steps_find_in_part (trace, 1);
    g_assert_cmpint (g_array_index (steps0, StpStep, 0).start, ==, g_array_index (steps1, StpStep, 0).start);
    state = g_action_group_get_action_state (actions, "align-first-steps");
    g_assert_true (g_variant_get_boolean (state));
    save_screenshot (GTK_WIDGET (window), "several-traces-aligned");

    /* A reload keeps them so. */
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL));
    wait_for (not_loading, window);
    g_assert_cmpint (stp_trace_get_merge_clock (stp_window_get_trace (window)), ==, STP_MERGE_CLOCK_FIRST_STEP);

    g_action_group_change_action_state (actions, "align-first-steps", g_variant_new_boolean (FALSE));
    wait_for (not_loading, window);
    g_assert_cmpint (stp_trace_get_merge_clock (stp_window_get_trace (window)), ==, STP_MERGE_CLOCK_COMMON);
  }

  /* One trace: nothing to line up. */
  open_and_wait (window, rank0);
  g_assert_false (g_action_group_get_action_enabled (G_ACTION_GROUP (window), "align-first-steps"));

  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
steps_idle (gpointer window)
{
  return !stp_steps_view_is_busy (stp_window_get_steps_view (window));
}

/* The Steps page: each trace's steps as rows, named after their trace,
 * and the steps lined up across the traces above them. */
static void
test_steps (void)
{
  g_autoptr(GFile) rank0 = data_file ("data", RANKS, "sampled_rank-0.json.gz", NULL);
  g_autoptr(GFile) rank1 = data_file ("data", RANKS, "sampled_rank-1.json.gz", NULL);
  StpWindow *window = new_window ();
  StpStepsView *steps = stp_window_get_steps_view (window);
  StpSession *session = stp_window_get_session (window);
  StpStepTableView *side;
  StpStepTable *table;
  g_autoptr(StpStepTable) expected = NULL;
  const StpTimeRange *range;
  StpTrace *trace;

  open_files_and_wait (window, rank0, rank1, NULL);
  trace = stp_window_get_trace (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-steps", NULL));
  gtk_stack_set_visible_child (GTK_STACK (gtk_widget_get_parent (GTK_WIDGET (steps))), GTK_WIDGET (steps));
  settle ();
  wait_for (steps_idle, window);

  /* Rows: every step of each trace, with its own kernels' breakdown. */
  expected = stp_step_table_new_for_trace (trace, NULL);
  g_assert_cmpuint (stp_steps_view_get_n_rows (steps), ==,
                    stp_step_table_get_n_steps (expected, 0) + stp_step_table_get_n_steps (expected, 1));
  g_assert_cmpuint (stp_steps_view_get_n_rows (steps), ==, 4);

  side = STP_STEP_TABLE_VIEW (stp_steps_view_get_side_by_side (steps));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (side)));
  table = stp_step_table_view_get_table (side);
  g_assert_cmpuint (stp_step_table_get_n_traces (table), ==, 2);
  g_assert_cmpuint (stp_step_table_get_n_keys (table), ==, stp_step_table_get_n_keys (expected));
  for (guint k = 0; k < stp_step_table_get_n_keys (table); k++)
    {
      g_assert_cmpint (stp_step_table_get_slowest (table, k), ==, stp_step_table_get_slowest (expected, k));
      for (guint t = 0; t < 2; t++)
        {
          const StpStepRow *a = stp_step_table_get_cell (table, k, t);
          const StpStepRow *b = stp_step_table_get_cell (expected, k, t);

          g_assert_cmpint (a->step.start, ==, b->step.start);
          g_assert_cmpint (a->breakdown.busy, ==, b->breakdown.busy);
        }
    }
  save_screenshot (GTK_WIDGET (window), "several-traces-steps");

  /* A row: the step in both traces; a cell: in that trace only. */
  stp_step_table_view_activate (side, 0);
  range = stp_session_get_selected_range (session);
  g_assert_cmpint (range->start, ==, MIN (stp_step_table_get_cell (table, 0, 0)->step.start,
                                   stp_step_table_get_cell (table, 0, 1)->step.start));
  g_assert_cmpint (range->end, ==, MAX (stp_step_table_get_cell (table, 0, 0)->step.end,
                                 stp_step_table_get_cell (table, 0, 1)->step.end));
  stp_step_table_view_activate_cell (side, 1, 1);
  range = stp_session_get_selected_range (session);
  g_assert_cmpint (range->start, ==, stp_step_table_get_cell (table, 1, 1)->step.start);
  g_assert_cmpint (range->end, ==, stp_step_table_get_cell (table, 1, 1)->step.end);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-steps", NULL));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
compare_idle (gpointer window)
{
  return !stp_compare_view_is_busy (stp_window_get_compare_view (window));
}

static StpTrace *
load_alone (GFile *file)
{
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
  g_autoptr(GError) error = NULL;
  StpTrace *trace = stp_load_file (file, &options, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return trace;
}

static gboolean
has_tooltip (GtkWidget     *widget,
             gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && g_strcmp0 (gtk_widget_get_tooltip_text (widget), text) == 0;
}

/* Compare With…: HTA's diff pair, baseline above, first steps lined up,
 * and the table of `stepscope-cli compare` under them. */
static void
test_compare (void)
{
  g_autoptr(GFile) base = data_file ("data", "chrome", "hta", "tests", "data", "trace_compare", "base",
                                     "base.json.gz", NULL);
  g_autoptr(GFile) test = data_file ("data", "chrome", "hta", "tests", "data", "trace_compare", "test",
                                     "test.json.gz", NULL);
  g_autoptr(StpTrace) a = load_alone (base);
  g_autoptr(StpTrace) b = load_alone (test);
  StpCompareOptions by_op = STP_COMPARE_OPTIONS_INIT;
  StpCompareOptions by_kernel = STP_COMPARE_OPTIONS_INIT;
  g_autoptr(StpCompare) ops = NULL;
  g_autoptr(StpCompare) kernels = NULL;
  StpWindow *window = new_window ();
  StpCompareView *view = stp_window_get_compare_view (window);
  StpSession *session = stp_window_get_session (window);
  const StpCompareRow *row = NULL;
  GArray *marked;
  StpTrace *trace;
  guint slower = 0, n_a = 0, n_b = 0;

  ops = stp_compare_new (a, b, &by_op, NULL, NULL);
  by_kernel.by = STP_COMPARE_BY_KERNEL;
  kernels = stp_compare_new (a, b, &by_kernel, NULL, NULL);

  open_and_wait (window, test);
  g_assert_null (stp_window_get_trace (window)->parts);
  stp_window_compare (window, base, test);
  wait_for (not_loading, window);
  trace = stp_window_get_trace (window);
  g_assert_nonnull (trace->parts);
  g_assert_cmpuint (trace->parts->len, ==, 2);
  g_assert_true (g_str_has_suffix (g_array_index (trace->parts, StpTracePart, 0).filename, "base.json.gz"));
  g_assert_cmpint (stp_trace_get_merge_clock (trace), ==, STP_MERGE_CLOCK_FIRST_STEP);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (view)));

  /* The rows of stp_compare_new() on the two files, in its order. */
  g_assert_cmpuint (stp_compare_view_get_n_rows (view), ==, ops->rows->len);
  for (guint i = 0; i < ops->rows->len; i++)
    {
      const StpCompareRow *want = g_ptr_array_index (ops->rows, i);

      row = stp_compare_view_get_row (view, i);
      g_assert_cmpstr (row->name, ==, want->name);
      g_assert_cmpfloat (row->diff, ==, want->diff);
      slower += want->diff > 0;
    }
  save_screenshot (GTK_WIDGET (window), "compare-with");
  /* The first row's name, squeezed or not, is whole on hover. */
  settle ();
  g_assert_nonnull (find_widget (GTK_WIDGET (view), has_tooltip, stp_compare_view_get_row (view, 0)->name));

  stp_compare_view_set_only_slower (view, TRUE);
  g_assert_cmpuint (stp_compare_view_get_n_rows (view), ==, slower);
  for (guint i = 0; i < slower; i++)
    g_assert_cmpfloat (stp_compare_view_get_row (view, i)->diff, >, 0);
  stp_compare_view_set_only_slower (view, FALSE);

  stp_compare_view_set_by (view, STP_COMPARE_BY_KERNEL);
  g_assert_cmpuint (stp_compare_view_get_n_rows (view), ==, kernels->rows->len);
  g_assert_cmpstr (stp_compare_view_get_row (view, 0)->name, ==,
                   ((StpCompareRow *) g_ptr_array_index (kernels->rows, 0))->name);
  stp_compare_view_set_by (view, STP_COMPARE_BY_OP);

  /* A row in both: its slices are marked, in both traces. */
  for (guint i = 0; i < stp_compare_view_get_n_rows (view); i++)
    if (stp_compare_view_get_row (view, i)->in_a && stp_compare_view_get_row (view, i)->in_b)
      {
        row = stp_compare_view_get_row (view, i);
        stp_compare_view_activate (view, i);
        break;
      }
  g_assert_nonnull (row);
  wait_for (compare_idle, window);
  settle ();
  marked = stp_session_get_marked (session);
  g_assert_nonnull (marked);
  g_assert_cmpuint (marked->len, >, 0);
  for (guint i = 0; i < marked->len; i++)
    {
      const StpItemRef *ref = &g_array_index (marked, StpItemRef, i);
      const StpSlice *slice = stp_item_get_slice (trace, ref);
      guint32 part = stp_trace_get_process (trace, stp_trace_get_track (trace, ref->track)->process)->part;

      g_assert_cmpstr (stp_trace_str (trace, slice->name), ==, row->name);
      n_a += part == 0;
      n_b += part == 1;
    }
  g_assert_cmpuint (n_a, >, 0);
  g_assert_cmpuint (n_b, >, 0);

  /* A baseline that cannot be read: the error names it, and the
   * comparison shown stays. */
  {
    g_autofree char *path = g_build_filename (g_get_tmp_dir (), "stepscope-broken-baseline.json", NULL);
    g_autoptr(GFile) bad = g_file_new_for_path (path);

    g_assert_true (g_file_set_contents (path, "{\"traceEvents\": [{\"ph\":", -1, NULL));
    stp_window_compare (window, bad, test);
    wait_for (not_loading, window);
    g_assert_true (stp_window_get_trace (window) == trace);
    g_assert_nonnull (strstr (stp_window_get_error_message (window), "stepscope-broken-baseline.json"));
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (view)));
    g_unlink (path);
  }

  /* Another file: no comparison any more. */
  open_and_wait (window, base);
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (view)));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A file that cannot be read is left out, and a toast says so. */
static void
test_one_bad (void)
{
  g_autoptr(GFile) rank0 = data_file ("data", RANKS, "sampled_rank-0.json.gz", NULL);
  g_autoptr(GFile) rank1 = data_file ("data", RANKS, "sampled_rank-1.json.gz", NULL);
  g_autofree char *path = g_build_filename (g_get_tmp_dir (), "stepscope-broken-rank.json", NULL);
  g_autoptr(GFile) bad = g_file_new_for_path (path);
  g_autofree char *rank0_uri = g_file_get_uri (rank0);
  g_autofree char *bad_uri = g_file_get_uri (bad);
  StpWindow *window = new_window ();
  StpTrace *trace;
  GPtrArray *files;

  g_assert_true (g_file_set_contents (path, "[{\"ph\":\"X\",", -1, NULL));
  open_files_and_wait (window, rank0, bad, rank1);
  trace = stp_window_get_trace (window);
  g_assert_nonnull (trace);
  g_assert_cmpuint (trace->parts->len, ==, 2);
  g_assert_true (shows_label (GTK_WIDGET (window), "1 trace could not be opened"));
  save_screenshot (GTK_WIDGET (window), "several-traces-one-bad");

  /* What is left out is neither a recent trace nor opened again with
   * the others. */
  files = stp_document_get_files (stp_session_get_document (stp_window_get_session (window)));
  g_assert_cmpuint (files->len, ==, 2);
  g_assert_true (g_file_equal (files->pdata[0], rank0));
  g_assert_true (g_file_equal (files->pdata[1], rank1));
  g_assert_true (gtk_recent_manager_has_item (gtk_recent_manager_get_default (), rank0_uri));
  g_assert_false (gtk_recent_manager_has_item (gtk_recent_manager_get_default (), bad_uri));

  /* All bad: the error page names them. */
  open_files_and_wait (window, bad, bad, NULL);
  g_assert_nonnull (stp_window_get_error_message (window));
  g_assert_nonnull (strstr (stp_window_get_error_message (window), "stepscope-broken-rank.json"));

  g_unlink (path);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A folder opens as every trace in it. */
static void
test_folder (void)
{
  g_autoptr(GFile) folder = data_file ("data", RANKS, NULL);
  StpWindow *window = new_window ();
  GFile *files[] = { folder };
  StpTrace *trace;

  stp_window_open_files (window, files, 1);
  wait_for (not_loading, window);
  trace = stp_window_get_trace (window);
  g_assert_nonnull (trace);
  g_assert_nonnull (trace->parts);
  g_assert_cmpuint (trace->parts->len, ==, 2);
  g_assert_true (g_str_has_suffix (g_array_index (trace->parts, StpTracePart, 0).filename, "sampled_rank-0.json.gz"));

  /* A folder without any trace says so, naming it. */
  {
    g_autofree char *empty = g_dir_make_tmp ("stepscope-no-trace-XXXXXX", NULL);
    g_autoptr(GFile) folder_file = g_file_new_for_path (empty);
    GFile *none[] = { folder_file };

    stp_window_open_files (window, none, 1);
    wait_for (not_loading, window);
    g_assert_true (stp_window_get_trace (window) == trace);
    g_assert_nonnull (strstr (stp_window_get_error_message (window), "no trace in this folder"));
    g_assert_nonnull (strstr (stp_window_get_error_message (window), empty));
    g_rmdir (empty);
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
has_window (gpointer app)
{
  GList *windows = gtk_application_get_windows (app);

  return windows != NULL && stp_window_get_trace (windows->data) != NULL &&
         !stp_window_get_loading (windows->data);
}

/* `stepscope A B`: one window, the two side by side. */
static void
test_command_line (void)
{
  g_autoptr(GFile) rank0 = data_file ("data", RANKS, "sampled_rank-0.json.gz", NULL);
  g_autoptr(GFile) rank1 = data_file ("data", RANKS, "sampled_rank-1.json.gz", NULL);
  g_autoptr(StpApplication) app = stp_application_new ();
  g_autoptr(GError) error = NULL;
  GFile *files[] = { rank0, rank1 };
  StpWindow *window;

  g_application_set_flags (G_APPLICATION (app), G_APPLICATION_HANDLES_OPEN | G_APPLICATION_NON_UNIQUE);
  g_assert_true (g_application_register (G_APPLICATION (app), NULL, &error));
  g_assert_no_error (error);
  g_application_open (G_APPLICATION (app), files, 2, "");
  wait_for (has_window, app);

  g_assert_cmpuint (g_list_length (gtk_application_get_windows (GTK_APPLICATION (app))), ==, 1);
  window = gtk_application_get_windows (GTK_APPLICATION (app))->data;
  g_assert_cmpuint (stp_window_get_trace (window)->parts->len, ==, 2);
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

/* Add Traces: one shown, another added beside it. */
static void
test_add (void)
{
  g_autoptr(GFile) rank0 = data_file ("data", RANKS, "sampled_rank-0.json.gz", NULL);
  g_autoptr(GFile) rank1 = data_file ("data", RANKS, "sampled_rank-1.json.gz", NULL);
  StpWindow *window = new_window ();
  StpTrace *trace;

  open_and_wait (window, rank0);
  g_assert_null (stp_window_get_trace (window)->parts);
  stp_window_add_files (window, &rank1, 1);
  wait_for (not_loading, window);
  trace = stp_window_get_trace (window);
  g_assert_nonnull (trace->parts);
  g_assert_cmpuint (trace->parts->len, ==, 2);
  g_assert_true (g_str_has_suffix (g_array_index (trace->parts, StpTracePart, 0).filename, "sampled_rank-0.json.gz"));
  g_assert_true (g_str_has_suffix (g_array_index (trace->parts, StpTracePart, 1).filename, "sampled_rank-1.json.gz"));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  /* Recent traces go to a data folder of the test's own, read once:
   * set it before GTK. */
  g_autofree char *data_home = g_dir_make_tmp ("stp-several-XXXXXX", NULL);

  g_setenv ("XDG_DATA_HOME", data_home, TRUE);
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  viewer_test_init ();

  g_test_add_func ("/several/side-by-side", test_side_by_side);
  g_test_add_func ("/several/one-bad", test_one_bad);
  g_test_add_func ("/several/folder", test_folder);
  g_test_add_func ("/several/add", test_add);
  g_test_add_func ("/several/command-line", test_command_line);
  g_test_add_func ("/several/steps", test_steps);
  g_test_add_func ("/several/compare", test_compare);

  return g_test_run ();
}
