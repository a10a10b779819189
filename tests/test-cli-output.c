/* test-cli-output.c: every -o of stepscope-cli keeps what the user has
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A write that fails (here: a file size limit, as a full disk) exits 1
 * and leaves the old file as it was, for every command; devices are
 * accepted by every command; an interrupted convert leaves no temporary
 * file; stale temporaries of a killed run are removed by the next
 * export, and nothing else is.
 */

#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <utime.h>

#include "cli-test-util.h"

static const char *commands[] = { "info", "summary", "peaks", "convert" };

static char *
input_path (void)
{
  return g_test_build_filename (G_TEST_DIST, "data", "step-stats", "run_meta.pb", NULL);
}

static GPtrArray *
list_dir (const char *path)
{
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) dir = g_dir_open (path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  return names;
}

/* The child writes at most 100 bytes a file: writes past it fail with
 * EFBIG, as they would with ENOSPC on a full disk. */
static void
limit_file_size (gpointer data)
{
  struct rlimit limit = { 100, 100 };

  signal (SIGXFSZ, SIG_IGN);
  setrlimit (RLIMIT_FSIZE, &limit);
}

static void
test_failed_write_keeps_file (void)
{
  g_autofree char *input = input_path ();
  const char *cli = g_getenv ("STEPSCOPE_CLI");

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_autofree char *dir = g_dir_make_tmp ("stp-cli-output-XXXXXX", NULL);
      g_autofree char *target = g_build_filename (dir, "out.json", NULL);
      g_autofree char *contents = NULL;
      g_autofree char *err = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(GPtrArray) names = NULL;
      const char *argv[] = { cli, commands[i], input, "-o", target, NULL };
      int status;

      g_test_message ("%s", commands[i]);
      g_assert_true (g_file_set_contents (target, "the old file", -1, NULL));
      g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_STDOUT_TO_DEV_NULL, limit_file_size, NULL,
                    NULL, &err, &status, &error);
      g_assert_no_error (error);
      g_assert_true (WIFEXITED (status));
      g_assert_cmpint (WEXITSTATUS (status), ==, 1);
      g_assert_nonnull (strstr (err, target));

      g_assert_true (g_file_get_contents (target, &contents, NULL, NULL));
      g_assert_cmpstr (contents, ==, "the old file");
      names = list_dir (dir);
      g_assert_cmpuint (names->len, ==, 1);

      g_unlink (target);
      g_rmdir (dir);
    }
}

static void
test_devices (void)
{
  g_autofree char *input = input_path ();

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(Run) run = { 0 };

      run_cli (&run, commands[i], input, "-o", "/dev/null", NULL);
      g_assert_cmpint (run.status, ==, 0);
    }
}

/* A Chrome trace big enough that its export takes a while. */
static char *
write_big_trace (const char *dir)
{
  g_autoptr(GString) text = g_string_new ("[");
  char *path = g_build_filename (dir, "big.json", NULL);

  for (guint i = 0; i < 1000000; i++)
    g_string_append_printf (text, "%s{\"ph\":\"X\",\"pid\":1,\"tid\":%u,\"ts\":%u,\"dur\":1,\"name\":\"e%u\"}",
                            i ? ",\n" : "", i % 7, i, i % 101);
  g_string_append (text, "]\n");
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  return path;
}

static gboolean
has_temp (const char *dir)
{
  g_autoptr(GPtrArray) names = list_dir (dir);

  for (guint i = 0; i < names->len; i++)
    if (g_str_has_suffix (names->pdata[i], ".part"))
      return TRUE;
  return FALSE;
}

/* Starts a convert of INPUT to TARGET in DIR and returns its pid once
 * its temporary file is there, or 0 if it finished first: a busy
 * machine can keep this process from running through the whole write.
 * Finishing any other way than well fails the test. */
static GPid
start_export (const char *input,
              const char *dir,
              const char *target)
{
  const char *argv[] = { g_getenv ("STEPSCOPE_CLI"), "convert", input, "-o", target, NULL };
  g_autoptr(GError) error = NULL;
  GPid pid;
  int status;

  g_spawn_async (NULL, (char **) argv, NULL, G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL,
                 NULL, NULL, &pid, &error);
  g_assert_no_error (error);

  for (guint i = 0; i < 60000; i++)
    {
      if (has_temp (dir))
        return pid;
      if (waitpid (pid, &status, WNOHANG) == pid)
        {
          g_assert_true (WIFEXITED (status));
          g_assert_cmpint (WEXITSTATUS (status), ==, 0);
          return 0;
        }
      g_usleep (1000);
    }
  g_assert_not_reached ();
}

static void
test_interrupted (gconstpointer data)
{
  int signum = GPOINTER_TO_INT (data);
  g_autofree char *in_dir = g_dir_make_tmp ("stp-cli-input-XXXXXX", NULL);
  g_autofree char *dir = g_dir_make_tmp ("stp-cli-output-XXXXXX", NULL);
  g_autofree char *input = write_big_trace (in_dir);
  g_autofree char *target = g_build_filename (dir, "out.json", NULL);
  g_autoptr(GPtrArray) names = NULL;
  GPid pid = 0;
  int status;

  /* Interrupt it while the temporary file is being written.  The write
   * takes 0.4 s and more, but a lost race is tried again, a few times. */
  for (guint attempt = 0; attempt < 5 && pid == 0; attempt++)
    {
      pid = start_export (input, dir, target);
      if (pid == 0)
        {
          g_test_message ("the convert finished before its temporary file was seen");
          g_assert_cmpint (g_unlink (target), ==, 0);
        }
    }
  g_assert_cmpint (pid, !=, 0);
  kill (pid, signum);
  g_assert_cmpint (waitpid (pid, &status, 0), ==, pid);
  g_assert_true (WIFSIGNALED (status));
  g_assert_cmpint (WTERMSIG (status), ==, signum);

  names = list_dir (dir);
  g_assert_cmpuint (names->len, ==, 0);

  g_unlink (input);
  g_rmdir (in_dir);
  g_rmdir (dir);
}

static void
touch (const char *path,
       gint64      age_seconds)
{
  struct utimbuf times;

  g_assert_true (g_file_set_contents (path, "x", -1, NULL));
  times.actime = times.modtime = g_get_real_time () / G_USEC_PER_SEC - age_seconds;
  g_assert_cmpint (utime (path, &times), ==, 0);
}

/* After a SIGKILL, the next export to the folder removes our old
 * temporaries, and nothing else: not a recent one (a live export),
 * not names of another pattern. */
static void
test_stale_temps (void)
{
  static const struct { const char *name; gint64 age; gboolean kept; } files[] = {
    { ".out.json.a1b2c3.part", 7200, FALSE },
    { ".other.pb.000000.part", 7200, FALSE },
    { ".out.json.d4e5f6.part", 10, TRUE },
    { "out.json.a1b2c3.part", 7200, TRUE },
    { ".out.json.a1b2c3.partial", 7200, TRUE },
    { ".out.json.A1B2C3.part", 7200, TRUE },
    { ".out.json.a1b2.part", 7200, TRUE },
    { ".goutputstream-AB12CD", 7200, TRUE },
    { "notes.txt", 7200, TRUE },
  };
  g_autofree char *dir = g_dir_make_tmp ("stp-cli-output-XXXXXX", NULL);
  g_autofree char *input = input_path ();
  g_autofree char *target = g_build_filename (dir, "out.json", NULL);
  g_auto(Run) run = { 0 };

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (dir, files[i].name, NULL);
      touch (path, files[i].age);
    }

  run_cli (&run, "info", input, "-o", target, NULL);
  g_assert_cmpint (run.status, ==, 0);
  g_assert_true (g_file_test (target, G_FILE_TEST_IS_REGULAR));

  for (guint i = 0; i < G_N_ELEMENTS (files); i++)
    {
      g_autofree char *path = g_build_filename (dir, files[i].name, NULL);

      g_test_message ("%s", files[i].name);
      g_assert_cmpint (g_file_test (path, G_FILE_TEST_EXISTS), ==, files[i].kept);
      g_unlink (path);
    }
  g_unlink (target);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli-output/failed-write-keeps-file", test_failed_write_keeps_file);
  g_test_add_func ("/cli-output/devices", test_devices);
  g_test_add_data_func ("/cli-output/interrupted/sigint", GINT_TO_POINTER (SIGINT), test_interrupted);
  g_test_add_data_func ("/cli-output/interrupted/sigterm", GINT_TO_POINTER (SIGTERM), test_interrupted);
  g_test_add_func ("/cli-output/stale-temps", test_stale_temps);

  return g_test_run ();
}
