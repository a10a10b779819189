/* test-input-path.c: local files opened by path, without GIO's VFS
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "cli-test-util.h"
#include "stp-error.h"
#include "stp-loader.h"

#include <gio/gio.h>
#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>
#include <zlib.h>

static char *
data_file (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "chrome", "catapult", "tracing",
                                "test_data", name, NULL);
}

/* GIO registers its extension points when its VFS is first set up, so
 * "gio-vfs" exists only once some GFile was made.  This must run first:
 * no test before it may make a GFile. */
static void
test_no_vfs (void)
{
  g_autofree char *path = data_file ("trivial_trace.json");
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(GFile) file = NULL;

  g_assert_null (g_io_extension_point_lookup (G_VFS_EXTENSION_POINT_NAME));

  trace = stp_load_path (path, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stp_trace_count_slices (trace), >, 0);
  g_assert_null (g_io_extension_point_lookup (G_VFS_EXTENSION_POINT_NAME));

  /* The probe sees a VFS set up. */
  file = g_file_new_for_path (path);
  g_assert_nonnull (g_io_extension_point_lookup (G_VFS_EXTENSION_POINT_NAME));
}

static void
test_missing (void)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = stp_load_path ("/nonexistent/trace.json", NULL, NULL, NULL,
                                             NULL, &error);
  g_autofree char *expected = g_strdup_printf ("/nonexistent/trace.json: %s", g_strerror (ENOENT));

  g_assert_null (trace);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_cmpstr (error->message, ==, expected);
}

static void
test_folder (void)
{
  g_autofree char *dir = g_dir_make_tmp ("stepscope-XXXXXX", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = stp_load_path (dir, NULL, NULL, NULL, NULL, &error);
  g_autofree char *expected = g_strdup_printf ("%s: this is a folder, not a trace", dir);

  g_assert_null (trace);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
  g_assert_cmpstr (error->message, ==, expected);
  g_rmdir (dir);
}

typedef struct
{
  const char *fifo;
  GBytes     *bytes;
} Feed;

static gpointer
feed_fifo (gpointer data)
{
  Feed *feed = data;
  FILE *out = fopen (feed->fifo, "w");
  gsize len;
  gconstpointer bytes = g_bytes_get_data (feed->bytes, &len);

  g_assert_nonnull (out);
  g_assert_cmpuint (fwrite (bytes, 1, len, out), ==, len);
  fclose (out);
  return NULL;
}

/* Loads `name` from a pipe: `fifo` named `fifo_name` in a new folder. */
static StpTrace *
load_through_fifo (const char  *name,
                   const char  *fifo_name,
                   char       **fifo_out,
                   GError     **error)
{
  g_autofree char *path = data_file (name);
  g_autofree char *dir = g_dir_make_tmp ("stepscope-XXXXXX", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GThread) thread = NULL;
  StpTrace *trace;
  gsize len;
  Feed feed;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  feed.fifo = *fifo_out = g_build_filename (dir, fifo_name, NULL);
  feed.bytes = g_bytes_new_take (g_steal_pointer (&contents), len);
  g_assert_cmpint (mkfifo (feed.fifo, 0600), ==, 0);

  thread = g_thread_new ("feed", feed_fifo, &feed);
  trace = stp_load_path (feed.fifo, NULL, NULL, NULL, NULL, error);
  if (trace == NULL)
    {
      /* The writer waits for a reader that has gone. */
      int fd = open (feed.fifo, O_RDONLY | O_NONBLOCK);

      if (fd >= 0)
        close (fd);
    }
  g_thread_join (g_steal_pointer (&thread));
  g_bytes_unref (feed.bytes);
  g_unlink (feed.fifo);
  g_rmdir (dir);
  return trace;
}

/* A pipe is read as it comes, plain or gzip: the same trace as from
 * the file. */
static void
test_fifo (gconstpointer data)
{
  const char *name = data;
  g_autofree char *path = data_file (name);
  g_autofree char *fifo = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) direct = stp_load_path (path, NULL, NULL, NULL, NULL, &error);
  g_autoptr(StpTrace) piped = NULL;

  g_assert_no_error (error);
  g_assert_cmpuint (stp_trace_count_slices (direct), >, 0);
  piped = load_through_fifo (name, "trace", &fifo, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stp_trace_count_slices (piped), ==, stp_trace_count_slices (direct));
  g_assert_cmpuint (piped->n_seq, ==, direct->n_seq);
  g_assert_cmpstr (piped->filename, ==, fifo);
}

/* A zip is read from its end, which a pipe cannot give: the error says
 * so, rather than call the archive damaged. */
static void
test_fifo_zip (void)
{
  g_autofree char *fifo = NULL;
  g_autofree char *expected = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = load_through_fifo ("simple_trace_zip.zip", "trace.zip", &fifo, &error);

  g_assert_null (trace);
  g_assert_error (error, STP_ERROR, STP_ERROR_INVALID_ARGUMENT);
  expected = g_strdup_printf ("%s: a zip archive cannot be read through a pipe: unzip it first", fifo);
  g_assert_cmpstr (error->message, ==, expected);
}

/* A whole read of gzip data cut short says so, rather than that the
 * format is broken; the same data whole loads. */
static void
test_gzip_cut_short (void)
{
  g_autofree char *source = g_test_build_filename (G_TEST_DIST, "data", "step-stats", "run_meta.pb", NULL);
  g_autofree char *dir = g_dir_make_tmp ("stp-gzip-XXXXXX", NULL);
  g_autofree char *whole = g_build_filename (dir, "whole.pb.gz", NULL);
  g_autofree char *cut = g_build_filename (dir, "cut.pb.gz", NULL);
  g_autofree char *expected = g_strdup_printf ("%s: the compressed data is cut short; the file "
                                               "may have been copied or saved only in part", cut);
  g_autofree char *contents = NULL;
  g_autofree char *packed = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(StpTrace) none = NULL;
  gsize len, packed_len;
  gzFile gz;

  g_assert_true (g_file_get_contents (source, &contents, &len, NULL));
  gz = gzopen (whole, "wb");
  g_assert_cmpint (gzwrite (gz, contents, len), ==, (int) len);
  g_assert_cmpint (gzclose (gz), ==, Z_OK);
  g_assert_true (g_file_get_contents (whole, &packed, &packed_len, NULL));
  g_assert_true (g_file_set_contents (cut, packed, packed_len / 2, NULL));

  trace = stp_load_path (whole, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stp_trace_count_slices (trace), >, 0);

  none = stp_load_path (cut, NULL, NULL, NULL, NULL, &error);
  g_assert_null (none);
  g_assert_error (error, STP_ERROR, STP_ERROR_TRUNCATED);
  g_assert_cmpstr (error->message, ==, expected);

  g_unlink (whole);
  g_unlink (cut);
  g_rmdir (dir);
}

/* The CLI names an input by its absolute path, whether it was given
 * relative, absolute or as a file:// URI.  Only the URI takes a GFile,
 * so only it sets up GIO's VFS, which GIO's debug messages tell. */
static void
test_cli_names (void)
{
  g_autofree char *path = data_file ("trivial_trace.json");
  g_autofree char *dir = g_path_get_dirname (path);
  g_autofree char *absolute = g_canonicalize_filename (path, NULL);
  g_autofree char *uri = g_filename_to_uri (absolute, NULL, NULL);
  g_autofree char *expected = g_strdup_printf ("\"file\": \"%s\"", absolute);
  g_autofree char *cwd = g_get_current_dir ();
  g_auto(GStrv) envp = g_environ_setenv (g_get_environ (), "G_MESSAGES_DEBUG", "all", TRUE);
  const char *args[] = { "trivial_trace.json", "./trivial_trace.json", absolute, uri };

  g_assert_cmpint (chdir (dir), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (args); i++)
    {
      g_auto(Run) run = { 0 };
      gboolean vfs;

      run_cli_with_env (&run, envp, "info", args[i], NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_nonnull (strstr (run.out, expected));
      vfs = strstr (run.out, G_VFS_EXTENSION_POINT_NAME) != NULL;   /* debug goes there */
      g_assert_cmpint (vfs, ==, args[i] == uri);
    }
  g_assert_cmpint (chdir (cwd), ==, 0);
}

/* Outputs are taken as inputs are: each of info's and convert's -o
 * below writes the file, and only the URI sets up GIO's VFS. */
static void
test_cli_outputs (void)
{
  static const char *commands[] = { "info", "convert" };
  g_autofree char *input = data_file ("trivial_trace.json");
  g_autofree char *dir = g_dir_make_tmp ("stp-output-path-XXXXXX", NULL);
  g_autofree char *absolute = g_build_filename (dir, "absolute.json", NULL);
  g_autofree char *by_uri = g_build_filename (dir, "uri.json", NULL);
  g_autofree char *uri = g_filename_to_uri (by_uri, NULL, NULL);
  g_autofree char *cwd = g_get_current_dir ();
  g_auto(GStrv) envp = g_environ_setenv (g_get_environ (), "G_MESSAGES_DEBUG", "all", TRUE);
  const char *outputs[] = { "relative.json", absolute, uri, "-" };
  const char *written[] = { "relative.json", absolute, by_uri, NULL };

  g_assert_cmpint (chdir (dir), ==, 0);
  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    for (guint i = 0; i < G_N_ELEMENTS (outputs); i++)
      {
        g_auto(Run) run = { 0 };
        g_autofree char *contents = NULL;
        gboolean vfs;

        g_test_message ("%s -o %s", commands[c], outputs[i]);
        run_cli_with_env (&run, envp, commands[c], input, "-o", outputs[i], NULL);
        g_assert_cmpint (run.status, ==, 0);
        vfs = strstr (run.out, G_VFS_EXTENSION_POINT_NAME) != NULL;
        g_assert_cmpint (vfs, ==, outputs[i] == uri);

        if (written[i] == NULL)
          continue;
        g_assert_true (g_file_get_contents (written[i], &contents, NULL, NULL));
        g_assert_cmpint (contents[0], ==, '{');
        g_assert_cmpint (g_unlink (written[i]), ==, 0);
      }
  g_assert_cmpint (chdir (cwd), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* --graph is taken as an input is: by path, relative or absolute, and
 * gzip-compressed too, without GIO's VFS; a URI through it.  Each gives
 * the same information, which tells the lifetimes where the graph and
 * timeline.py's labels differ; a missing graph says so by its name. */
static void
test_cli_graph (void)
{
  g_autofree char *graph = g_test_build_filename (G_TEST_DIST, "data", "lifetimes", "graph.pbtxt", NULL);
  g_autofree char *run_meta = g_test_build_filename (G_TEST_DIST, "data", "step-stats", "run_meta.pb", NULL);
  g_autofree char *dir = g_dir_make_tmp ("stp-graph-path-XXXXXX", NULL);
  g_autofree char *absolute = g_build_filename (dir, "graph.pbtxt", NULL);
  g_autofree char *gzipped = g_build_filename (dir, "graph.pbtxt.gz", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.pbtxt", NULL);
  g_autofree char *uri = g_filename_to_uri (absolute, NULL, NULL);
  g_autofree char *expected_error = g_strdup_printf ("%s: %s", missing, g_strerror (ENOENT));
  g_autofree char *contents = NULL;
  g_autofree char *cwd = g_get_current_dir ();
  g_auto(GStrv) envp = g_environ_setenv (g_get_environ (), "G_MESSAGES_DEBUG", "all", TRUE);
  g_autofree char *first = NULL;
  g_auto(Run) gone = { 0 };
  const char *graphs[] = { "graph.pbtxt", absolute, "graph.pbtxt.gz", uri };
  const char *named[] = { absolute, absolute, gzipped, absolute };
  gsize len;
  gzFile gz;

  g_assert_true (g_file_get_contents (graph, &contents, &len, NULL));
  g_assert_true (g_file_set_contents (absolute, contents, len, NULL));
  gz = gzopen (gzipped, "wb");
  g_assert_cmpint (gzwrite (gz, contents, len), ==, (int) len);
  g_assert_cmpint (gzclose (gz), ==, Z_OK);

  g_assert_cmpint (chdir (dir), ==, 0);
  for (guint i = 0; i < G_N_ELEMENTS (graphs); i++)
    {
      g_auto(Run) run = { 0 };
      g_autofree char *out = NULL;
      g_autofree char *graph_member = g_strdup_printf ("\"graph\": \"%s\"", named[i]);
      g_autoptr(GString) same = NULL;
      gboolean vfs;

      g_test_message ("info --graph %s", graphs[i]);
      /* The debug messages go to standard output: the JSON to a file. */
      run_cli_with_env (&run, envp, "info", "--graph", graphs[i], run_meta, "-o", "out.json", NULL);
      g_assert_cmpint (run.status, ==, 0);
      vfs = strstr (run.out, G_VFS_EXTENSION_POINT_NAME) != NULL;
      g_assert_cmpint (vfs, ==, graphs[i] == uri);

      g_assert_true (g_file_get_contents ("out.json", &out, NULL, NULL));
      g_assert_cmpint (g_unlink ("out.json"), ==, 0);
      g_assert_nonnull (strstr (out, graph_member));
      g_assert_nonnull (strstr (out, "\"3 tensors' lifetimes differ from timeline.py's\""));
      /* Else the same information from each. */
      same = g_string_new (out);
      g_string_replace (same, graph_member, "", 1);
      if (i == 0)
        first = g_string_free (g_steal_pointer (&same), FALSE);
      else
        g_assert_cmpstr (same->str, ==, first);
    }

  run_cli (&gone, "info", "--graph", missing, run_meta, NULL);
  g_assert_cmpint (gone.status, ==, 1);
  g_assert_nonnull (strstr (gone.err, expected_error));
  g_assert_cmpstr (gone.out, ==, "");

  g_assert_cmpint (chdir (cwd), ==, 0);
  g_assert_cmpint (g_unlink (absolute), ==, 0);
  g_assert_cmpint (g_unlink (gzipped), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* Each input of several runs with its output in a temporary file, which
 * is unlinked at once: stopping the CLI mid-run leaves nothing in
 * $TMPDIR.  The second input is a pipe nobody writes yet, so its run
 * waits there; once it does, the CLI is killed. */
static void
test_cli_stopped (void)
{
  g_autofree char *trace = data_file ("trivial_trace.json");
  g_autofree char *tmp = g_dir_make_tmp ("stp-tmpdir-XXXXXX", NULL);
  g_autofree char *fifo_dir = g_dir_make_tmp ("stp-fifo-XXXXXX", NULL);
  g_autofree char *fifo = g_build_filename (fifo_dir, "waits", NULL);
  g_auto(GStrv) envp = g_environ_setenv (g_get_environ (), "TMPDIR", tmp, TRUE);
  const char *argv[] = { g_getenv ("STEPSCOPE_CLI"), "info", trace, fifo, NULL };
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) dir = NULL;
  GPid pid;
  int writer = -1;
  int status;

  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  g_assert_true (g_spawn_async (NULL, (char **) argv, envp, G_SPAWN_DO_NOT_REAP_CHILD |
                                G_SPAWN_STDOUT_TO_DEV_NULL | G_SPAWN_STDERR_TO_DEV_NULL,
                                NULL, NULL, &pid, &error));
  g_assert_no_error (error);

  /* A writer may open the pipe once the pipe's run has it open to read. */
  while ((writer = open (fifo, O_WRONLY | O_NONBLOCK)) < 0)
    {
      g_assert_cmpint (errno, ==, ENXIO);
      g_usleep (10000);
    }
  g_assert_cmpint (kill (pid, SIGKILL), ==, 0);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  close (writer);   /* the pipe's run reads an empty input and ends */

  dir = g_dir_open (tmp, 0, &error);
  g_assert_no_error (error);
  g_assert_null (g_dir_read_name (dir));

  g_unlink (fifo);
  g_rmdir (fifo_dir);
  g_rmdir (tmp);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/input-path/no-vfs", test_no_vfs);   /* first: see there */
  g_test_add_func ("/input-path/missing", test_missing);
  g_test_add_func ("/input-path/folder", test_folder);
  g_test_add_data_func ("/input-path/fifo", "trivial_trace.json", test_fifo);
  g_test_add_data_func ("/input-path/fifo-gzip", "simple_trace_gz.gz", test_fifo);
  g_test_add_func ("/input-path/fifo-zip", test_fifo_zip);
  g_test_add_func ("/input-path/gzip-cut-short", test_gzip_cut_short);
  g_test_add_func ("/input-path/cli-names", test_cli_names);
  g_test_add_func ("/input-path/cli-outputs", test_cli_outputs);
  g_test_add_func ("/input-path/cli-graph", test_cli_graph);
  g_test_add_func ("/input-path/cli-stopped", test_cli_stopped);

  return g_test_run ();
}
