/* test-graph.c: a GraphDef beside a StepStats in the window
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `stepscope run_meta graph.pbtxt` (stp_window_open_with_graph) takes
 * tensor lifetimes from the graph; the "tensor-lifetimes" setting
 * re-analyses with the same graph; reopening the file keeps it, another
 * file drops it; a gzip-compressed graph serves as well; a GraphDef
 * alone says what it is.
 */

#include <glib/gstdio.h>
#include <string.h>

#include "stp-lifetimes.h"
#include "stp-settings.h"
#include "viewer-test-util.h"

static const StpLifetimes *
lifetimes_of (StpWindow *window)
{
  StpTrace *trace = stp_window_get_trace (window);

  g_assert_nonnull (trace);
  return trace->lifetimes;
}

static void
test_graph_beside (void)
{
  g_autoptr(GSettings) settings = stp_settings_new ();
  g_autoptr(GFile) run_meta = data_file ("data", "step-stats", "run_meta.pb", NULL);
  g_autoptr(GFile) text = data_file ("data", "step-stats", "run_meta.step_stats.pbtxt", NULL);
  g_autoptr(GFile) graph = data_file ("data", "lifetimes", "graph.pbtxt", NULL);
  StpWindow *window = new_window ();
  const StpLifetimes *lifetimes;

  /* The default is the graph, when there is one. */
  g_settings_reset (settings, "tensor-lifetimes");
  g_settings_set_boolean (settings, "show-memory", TRUE);
  stp_window_open_with_graph (window, run_meta, graph);
  wait_for (not_loading, window);
  lifetimes = lifetimes_of (window);
  g_assert_nonnull (lifetimes);
  g_assert_cmpint (lifetimes->mode, ==, STP_LIFETIMES_GRAPH);
  g_assert_false (lifetimes->graph->from_partitions);
  g_assert_cmpuint (lifetimes->n_from_graph, ==, 5);

  /* The setting re-analyses with the same graph. */
  g_settings_set_enum (settings, "tensor-lifetimes", STP_LIFETIMES_LABELS);
  settle ();
  wait_for (not_loading, window);
  lifetimes = lifetimes_of (window);
  g_assert_nonnull (lifetimes);
  g_assert_cmpint (lifetimes->mode, ==, STP_LIFETIMES_LABELS);
  g_assert_cmpuint (lifetimes->n_from_graph, ==, 0);
  g_assert_cmpuint (lifetimes->n_differ, ==, 3);
  g_settings_reset (settings, "tensor-lifetimes");
  settle ();
  wait_for (not_loading, window);

  /* The same file again keeps its graph; another file drops it. */
  stp_window_open (window, run_meta);
  wait_for (not_loading, window);
  g_assert_nonnull (lifetimes_of (window));
  g_assert_cmpint (lifetimes_of (window)->mode, ==, STP_LIFETIMES_GRAPH);
  stp_window_open (window, text);
  wait_for (not_loading, window);
  g_assert_null (lifetimes_of (window));

  g_settings_reset (settings, "show-memory");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A gzip-compressed copy of `source` in `dir`. */
static GFile *
gzip_copy (GFile      *source,
           const char *dir)
{
  g_autoptr(GZlibCompressor) gzip = g_zlib_compressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP, -1);
  g_autoptr(GFile) copy = g_file_new_build_filename (dir, "graph.pbtxt.gz", NULL);
  g_autoptr(GFileOutputStream) file_out = NULL;
  g_autoptr(GOutputStream) out = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *contents = NULL;
  gsize len;

  g_assert_true (g_file_load_contents (source, NULL, &contents, &len, NULL, &error));
  file_out = g_file_replace (copy, NULL, FALSE, G_FILE_CREATE_NONE, NULL, &error);
  g_assert_no_error (error);
  out = g_converter_output_stream_new (G_OUTPUT_STREAM (file_out), G_CONVERTER (gzip));
  g_assert_true (g_output_stream_write_all (out, contents, len, NULL, NULL, &error));
  g_assert_true (g_output_stream_close (out, NULL, &error));
  return g_steal_pointer (&copy);
}

/* The same with the graph gzip-compressed. */
static void
test_graph_gzip (void)
{
  g_autoptr(GSettings) settings = stp_settings_new ();
  g_autoptr(GFile) run_meta = data_file ("data", "step-stats", "run_meta.pb", NULL);
  g_autoptr(GFile) graph = data_file ("data", "lifetimes", "graph.pbtxt", NULL);
  g_autofree char *dir = g_dir_make_tmp ("stp-graph-XXXXXX", NULL);
  g_autoptr(GFile) gzipped = gzip_copy (graph, dir);
  StpWindow *window = new_window ();
  const StpLifetimes *lifetimes;

  g_settings_reset (settings, "tensor-lifetimes");
  stp_window_open_with_graph (window, run_meta, gzipped);
  wait_for (not_loading, window);
  g_assert_null (stp_window_get_error_message (window));
  lifetimes = lifetimes_of (window);
  g_assert_nonnull (lifetimes);
  g_assert_cmpint (lifetimes->mode, ==, STP_LIFETIMES_GRAPH);
  g_assert_cmpuint (lifetimes->n_from_graph, ==, 5);

  gtk_window_destroy (GTK_WINDOW (window));
  g_assert_true (g_file_delete (gzipped, NULL, NULL));
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_graph_alone (void)
{
  g_autoptr(GFile) graph = data_file ("data", "lifetimes", "graph.pbtxt", NULL);
  StpWindow *window = new_window ();

  stp_window_open (window, graph);
  wait_for (not_loading, window);
  g_assert_null (stp_window_get_trace (window));
  g_assert_nonnull (stp_window_get_error_message (window));
  g_assert_nonnull (strstr (stp_window_get_error_message (window),
                            "this is a TensorFlow GraphDef, the model's graph, not a trace"));

  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int    argc,
      char **argv)
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  viewer_test_init ();

  g_test_add_func ("/graph/beside", test_graph_beside);
  g_test_add_func ("/graph/gzip", test_graph_gzip);
  g_test_add_func ("/graph/alone", test_graph_alone);

  return g_test_run ();
}
