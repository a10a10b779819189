/* test-steps.c: the steps under the timeline
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The table must show what `stepscope-cli steps --json` says of the same
 * file (steps and their HTA breakdown), and a row must select and show
 * its step.
 */

#include "config.h"

#include <json-glib/json-glib.h>
#include <stdlib.h>

#include "viewer-test-util.h"

static gboolean
steps_idle (gpointer window)
{
  return !stp_steps_view_is_busy (stp_window_get_steps_view (window));
}

/* `stepscope-cli steps --json FILE`: the file's object. */
static JsonObject *
cli_steps (const char *path)
{
  const char *argv[] = { g_getenv ("STEPSCOPE_CLI"), "steps", "--json", path, NULL };
  g_autofree char *out = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonNode *root;
  int status;

  g_assert_nonnull (argv[0]);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL,
                               &out, NULL, &status, NULL));
  g_assert_cmpint (status, ==, 0);
  g_assert_true (json_parser_load_from_data (parser, out, -1, NULL));
  root = json_parser_get_root (parser);
  if (JSON_NODE_HOLDS_ARRAY (root))
    root = json_array_get_element (json_node_get_array (root), 0);
  return json_object_ref (json_node_get_object (root));
}

static void
show_steps_tab (StpStepsView *view)
{
  gtk_stack_set_visible_child (GTK_STACK (gtk_widget_get_parent (GTK_WIDGET (view))), GTK_WIDGET (view));
  settle ();
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (view)));
}

static StpWindow *
open_with_steps (GFile *file)
{
  StpWindow *window = new_window ();

  open_and_wait (window, file);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-steps", NULL));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (stp_window_get_steps_view (window))));
  wait_for (steps_idle, window);
  return window;
}

/* Two PyTorch ranks' ProfilerSteps, with kernels: the CLI's numbers. */
static void
test_kineto (void)
{
  g_autoptr(GFile) file = data_file ("data", "chrome", "hta", "tests", "data", "trace_filter",
                                     "sampled_rank-0.json.gz", NULL);
  g_autoptr(JsonObject) cli = cli_steps (g_file_peek_path (file));
  StpWindow *window = open_with_steps (file);
  StpStepsView *view = stp_window_get_steps_view (window);
  StpSession *session = stp_window_get_session (window);
  JsonArray *steps = json_object_get_array_member (cli, "steps");
  StpTrace *trace = stp_window_get_trace (window);
  gint64 start, end;

  g_assert_cmpuint (stp_steps_view_get_n_rows (view), ==, json_array_get_length (steps));
  g_assert_cmpuint (stp_steps_view_get_n_rows (view), >, 1);
  g_assert_true (stp_steps_view_has_kernels (view));
  for (guint i = 0; i < json_array_get_length (steps); i++)
    {
      JsonObject *want = json_array_get_object_element (steps, i);
      JsonObject *bd = json_object_get_object_member (want, "breakdown");
      const StpStep *step = stp_steps_view_get_step (view, i);
      const StpBreakdown *got = stp_steps_view_get_breakdown (view, i);

      g_assert_cmpstr (step->name, ==, json_object_get_string_member (want, "name"));
      /* The CLI writes whole µs. */
      g_assert_cmpint (llabs ((step->end - step->start) / 1000 - json_object_get_int_member (want, "dur_us")), <=, 1);
      g_assert_cmpuint (got->n_kernels, ==, json_object_get_int_member (bd, "kernels"));
      g_assert_cmpint (llabs (got->compute / 1000 - json_object_get_int_member (bd, "compute_us")), <=, 1);
      g_assert_cmpint (llabs (got->non_compute / 1000 - json_object_get_int_member (bd, "non_compute_us")), <=, 1);
      g_assert_cmpint (llabs (got->idle / 1000 - json_object_get_int_member (bd, "idle_us")), <=, 1);
      g_assert_cmpint (llabs (got->comm_overlapped / 1000 - json_object_get_int_member (bd, "comm_overlapped_us")), <=, 1);
    }
  save_screenshot (GTK_WIDGET (window), "steps-kineto");

  /* A row selects its step (the summary's range) and shows it. */
  stp_steps_view_activate (view, 1);
  g_assert_nonnull (stp_session_get_selected_range (session));
  g_assert_cmpint (stp_session_get_selected_range (session)->start, ==, stp_steps_view_get_step (view, 1)->start);
  g_assert_cmpint (stp_session_get_selected_range (session)->end, ==, stp_steps_view_get_step (view, 1)->end);
  settle ();
  stp_timeline_view_get_visible_range (stp_window_get_timeline_view (window), &start, &end);
  g_assert_cmpint (start, <=, stp_steps_view_get_step (view, 1)->start);
  g_assert_cmpint (end, >=, stp_steps_view_get_step (view, 1)->end);
  g_assert_cmpint (end - start, <, trace->end_ts - trace->start_ts);

  /* Closing hides it and the setting. */
  g_signal_emit_by_name (view, "close");
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (view)));
  {
    g_autoptr(GVariant) state = g_action_get_state (g_action_map_lookup_action (G_ACTION_MAP (window), "show-steps"));

    g_assert_false (g_variant_get_boolean (state));
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A StepStats is one step, the whole trace; a trace without steps says
 * what a step is, and takes the ranges marked in it as its steps. */
static void
test_one_and_none (void)
{
  g_autoptr(GFile) step_stats = data_file ("data", "step-stats", "run_meta.pb", NULL);
  g_autoptr(GFile) chrome = data_file ("data", "chrome", "catapult", "tracing", "test_data", "simple_trace.json", NULL);
  StpWindow *window = open_with_steps (step_stats);
  StpStepsView *view = stp_window_get_steps_view (window);
  StpTrace *trace = stp_window_get_trace (window);

  g_assert_cmpuint (stp_steps_view_get_n_rows (view), ==, 1);
  g_assert_cmpint (stp_steps_view_get_step (view, 0)->start, ==, trace->start_ts);
  g_assert_cmpint (stp_steps_view_get_step (view, 0)->end, ==, trace->end_ts);

  /* Another file in the same window: its own steps, none. */
  open_and_wait (window, chrome);
  wait_for (steps_idle, window);
  g_assert_cmpuint (stp_steps_view_get_n_rows (view), ==, 0);
  save_screenshot (GTK_WIDGET (window), "steps-none");

  /* There, ranges marked with M are the steps, in time order, named
   * after their markers; a flag (no length) is not one. */
  trace = stp_window_get_trace (window);
  stp_session_add_marker (stp_window_get_session (window), trace->start_ts + 40, trace->start_ts + 60, "second");
  stp_session_add_marker (stp_window_get_session (window), trace->start_ts, trace->start_ts + 20, "first");
  stp_session_add_marker (stp_window_get_session (window), trace->start_ts + 30, trace->start_ts + 30, "flag");
  /* The markers' list took the drawer: back to the steps' tab, as a
   * user would, where they are found. */
  g_assert_false (gtk_widget_get_mapped (GTK_WIDGET (view)));
  show_steps_tab (view);
  wait_for (steps_idle, window);
  g_assert_cmpuint (stp_steps_view_get_n_rows (view), ==, 2);
  g_assert_cmpstr (stp_steps_view_get_step (view, 0)->name, ==, "first");
  g_assert_cmpint (stp_steps_view_get_step (view, 0)->start, ==, trace->start_ts);
  g_assert_cmpint (stp_steps_view_get_step (view, 0)->end, ==, trace->start_ts + 20);
  g_assert_cmpstr (stp_steps_view_get_step (view, 1)->name, ==, "second");
  save_screenshot (GTK_WIDGET (window), "steps-marked");
  /* More markers leave the tab being read in front. */
  stp_session_add_marker (stp_window_get_session (window), trace->start_ts + 70, trace->start_ts + 80, "third");
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (view)));
  wait_for (steps_idle, window);
  g_assert_cmpuint (stp_steps_view_get_n_rows (view), ==, 3);
  stp_session_remove_marker (stp_window_get_session (window), 3);
  stp_session_remove_marker (stp_window_get_session (window), 1);
  wait_for (steps_idle, window);
  g_assert_cmpuint (stp_steps_view_get_n_rows (view), ==, 1);
  g_assert_cmpstr (stp_steps_view_get_step (view, 0)->name, ==, "second");

  /* A trace with steps of its own keeps them, markers or not. */
  open_and_wait (window, step_stats);
  wait_for (steps_idle, window);
  trace = stp_window_get_trace (window);
  stp_session_add_marker (stp_window_get_session (window), trace->start_ts, trace->start_ts + 10, "mine");
  show_steps_tab (view);
  wait_for (steps_idle, window);
  g_assert_cmpuint (stp_steps_view_get_n_rows (view), ==, 1);
  g_assert_cmpint (stp_steps_view_get_step (view, 0)->end, ==, trace->end_ts);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  viewer_test_init ();
  g_test_add_func ("/steps/kineto", test_kineto);
  g_test_add_func ("/steps/one-and-none", test_one_and_none);
  return g_test_run ();
}
