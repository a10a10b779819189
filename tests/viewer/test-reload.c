/* test-reload.c: the shown trace is the user's until they ask for another
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under Xvfb, like test-window.c.  A load that is cancelled leaves the
 * trace that was shown; a file rewritten or removed on disk while it
 * is open brings a notice, never a silent reload: the trace stays as it
 * was loaded until Reload (win.reload), and a reload that fails keeps
 * it too.
 */

#define G_LOG_DOMAIN "test-reload"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "stp-window.h"
#include "viewer-test-util.h"

/* A Chrome trace of n complete events on one thread. */
static char *
trace_json (guint n)
{
  GString *json = g_string_new ("{\"traceEvents\":[");

  for (guint i = 0; i < n; i++)
    g_string_append_printf (json, "%s{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":%u,\"dur\":5,\"name\":\"op%u\"}",
                            i ? "," : "", i * 10, i);
  g_string_append (json, "]}");
  return g_string_free (json, FALSE);
}

static gboolean
has_notice (gpointer window)
{
  return stp_window_get_file_notice (window) != NULL;
}

static gboolean
notice_says_removed (gpointer window)
{
  const char *notice = stp_window_get_file_notice (window);

  return notice != NULL && strstr (notice, "removed") != NULL;
}

static gboolean
has_error (gpointer window)
{
  return stp_window_get_error_message (window) != NULL;
}

/* Rewrites the file in place, as a profiler appending to it would. */
static void
rewrite_in_place (const char *path,
                  const char *text)
{
  FILE *f = fopen (path, "w");

  g_assert_nonnull (f);
  fputs (text, f);
  fclose (f);
}

static void
test_file_changed (void)
{
  g_autofree char *dir = g_dir_make_tmp ("stepscope-reload-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "trace.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autofree char *two = trace_json (2);
  g_autofree char *three = trace_json (3);
  g_autofree char *four = trace_json (4);
  StpWindow *window = new_window ();
  StpTrace *before;

  g_assert_true (g_file_set_contents (path, two, -1, NULL));
  open_and_wait (window, file);
  before = stp_window_get_trace (window);
  g_assert_cmpuint (stp_trace_count_slices (before), ==, 2);
  settle ();
  g_assert_null (stp_window_get_file_notice (window));

  /* Replaced by another file (a temporary renamed over it). */
  g_assert_true (g_file_set_contents (path, three, -1, NULL));
  wait_for (has_notice, window);
  g_test_message ("notice: %s", stp_window_get_file_notice (window));
  g_assert_nonnull (strstr (stp_window_get_file_notice (window), "trace.json"));
  save_screenshot (GTK_WIDGET (window), "file-changed");

  /* Nothing is re-read by itself. */
  settle ();
  settle ();
  g_assert_false (stp_window_get_loading (window));
  g_assert_true (stp_window_get_trace (window) == before);
  g_assert_cmpuint (stp_trace_count_slices (stp_window_get_trace (window)), ==, 2);

  /* Reload reads what is there now, and the notice goes. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL));
  g_assert_true (stp_window_get_loading (window));
  wait_for (not_loading, window);
  g_assert_null (stp_window_get_error_message (window));
  g_assert_true (stp_window_get_trace (window) != before);
  g_assert_cmpuint (stp_trace_count_slices (stp_window_get_trace (window)), ==, 3);
  g_assert_null (stp_window_get_file_notice (window));
  before = stp_window_get_trace (window);

  /* Written in place. */
  rewrite_in_place (path, four);
  wait_for (has_notice, window);
  settle ();
  g_assert_true (stp_window_get_trace (window) == before);

  /* Removed: the notice says so, and a reload that fails keeps the trace. */
  g_assert_cmpint (g_unlink (path), ==, 0);
  wait_for (notice_says_removed, window);
  g_test_message ("notice: %s", stp_window_get_file_notice (window));
  g_assert_true (stp_window_get_trace (window) == before);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.reload", NULL));
  wait_for (not_loading, window);
  wait_for (has_error, window);
  g_test_message ("reload: %s", stp_window_get_error_message (window));
  g_assert_true (stp_window_get_trace (window) == before);
  g_assert_true (g_file_equal (stp_window_get_file (window), file));
  g_assert_cmpuint (stp_trace_count_slices (stp_window_get_trace (window)), ==, 3);

  gtk_window_destroy (GTK_WINDOW (window));
  g_rmdir (dir);
}

/* Cancelling a load while a trace is shown keeps that trace. */
static void
test_cancel_keeps_trace (void)
{
  g_autofree char *dir = g_dir_make_tmp ("stepscope-reload-XXXXXX", NULL);
  g_autofree char *small_path = g_build_filename (dir, "small.json", NULL);
  g_autofree char *big_path = g_build_filename (dir, "big.json", NULL);
  g_autoptr(GFile) small = g_file_new_for_path (small_path);
  g_autoptr(GFile) big = g_file_new_for_path (big_path);
  g_autofree char *small_json = trace_json (5);
  g_autofree char *big_json = trace_json (1000000);
  StpWindow *window = new_window ();
  StpTrace *before;

  g_assert_true (g_file_set_contents (small_path, small_json, -1, NULL));
  g_assert_true (g_file_set_contents (big_path, big_json, -1, NULL));
  open_and_wait (window, small);
  before = stp_window_get_trace (window);

  stp_window_open (window, big);
  g_assert_true (stp_window_get_loading (window));
  /* The thread reads while the main loop waits, so its result (if it
   * is already done) cannot have been delivered before the cancel. */
  g_usleep (100 * 1000);
  stp_window_cancel_load (window);
  g_assert_false (stp_window_get_loading (window));
  settle ();
  settle ();
  g_assert_true (stp_window_get_trace (window) == before);
  g_assert_true (g_file_equal (stp_window_get_file (window), small));
  g_assert_null (stp_window_get_error_message (window));

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (small_path);
  g_unlink (big_path);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  viewer_test_init ();

  g_test_add_func ("/reload/file-changed", test_file_changed);
  g_test_add_func ("/reload/cancel-keeps-trace", test_cancel_keeps_trace);

  return g_test_run ();
}
