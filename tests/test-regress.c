/* test-regress.c: every input fuzzing found a bug with, and every test file, through the fuzz checks
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tests/data/regress/ holds the minimized inputs of the fuzzing
 * findings (tests/data/regress/README.md says what each one broke).  A
 * file named <target>-... is replayed through that fuzz target exactly
 * as libFuzzer ran it (the first byte of a chrome-json, pbtext or
 * xspace input selects the wrapping, message type or load flags), and
 * every one also as a file a user opens.  The targets assert a clean
 * error naming the input or a trace that keeps the model's invariants,
 * survives details, summaries, search and peaks, and exports to JSON
 * that loads again (tests/fuzz/fuzz-common.c).
 *
 * The test data of the other tests goes through the same checks: some
 * of the first findings were in files shipped there.
 */

#include "fuzz-common.h"

#include "stp-loader.h"
#include "stp-step-stats.h"
#include "stp-step-stats-analysis.h"
#include "stp-xspace.h"

#include <string.h>

typedef int (*Target) (const guint8 *data, gsize size);

static const struct
{
  const char *prefix;
  Target      target;
} targets[] = {
  { "step-stats-",  fuzz_target_step_stats },
  { "pbtext-",      fuzz_target_pbtext },
  { "chrome-json-", fuzz_target_chrome_json },
  { "xspace-",      fuzz_target_xspace },
  { "loader-",      fuzz_target_loader },
  { "export-",      fuzz_target_export },
};

static GPtrArray *
list_files (const char *dir_path,
            gboolean    recursive)
{
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir_path, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          if (recursive && strcmp (name, "expected") != 0)
            {
              g_autoptr(GPtrArray) sub = list_files (path, TRUE);

              for (guint i = 0; i < sub->len; i++)
                g_ptr_array_add (files, g_strdup (g_ptr_array_index (sub, i)));
            }
          continue;
        }
      if (g_str_has_suffix (name, ".md") || g_str_has_suffix (name, ".txt") ||
          g_str_has_suffix (name, ".pbtxt.expected"))
        continue;
      g_ptr_array_add (files, g_steal_pointer (&path));
    }

  g_ptr_array_sort (files, (GCompareFunc) g_strcmp0);
  return files;
}

static GBytes *
read_file (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *data;
  gsize len;

  g_file_get_contents (path, &data, &len, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (data, len);
}

/* A StepStats through the analysis options. */
static void
check_step_stats_options (GBytes     *bytes,
                          const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(StpStepStats) step_stats = stp_step_stats_load_bytes (bytes, name, NULL, &error);

  if (step_stats == NULL)
    {
      fuzz_check_error (error, name);
      return;
    }

  /* Each op time, with every other option on, then off. */
  for (guint combo = 0; combo < 6; combo++)
    {
      StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
      g_autoptr(StpTrace) trace = NULL;
      gboolean on = combo < 3;

      options.op_time = combo % 3;
      options.show_memory = on;
      options.show_dataflow = on;
      options.derived_lines = on;
      trace = stp_step_stats_analyze (step_stats, &options, NULL, &error);
      if (trace == NULL)
        {
          fuzz_check_error (error, name);
          g_clear_error (&error);
          continue;
        }
      fuzz_check_trace (trace);
    }
}

static void
test_findings (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "regress", NULL);
  g_autoptr(GPtrArray) files = list_files (dir, FALSE);
  guint replayed = 0;

  g_assert_cmpuint (files->len, >, 0);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autofree char *base = g_path_get_basename (path);
      g_autoptr(GBytes) bytes = read_file (path);
      gsize len;
      const guint8 *data = g_bytes_get_data (bytes, &len);

      g_test_message ("%s", base);
      for (guint t = 0; t < G_N_ELEMENTS (targets); t++)
        if (g_str_has_prefix (base, targets[t].prefix))
          {
            targets[t].target (data, len);
            replayed++;
          }
      /* Whatever target found it, it is also a file someone may open. */
      fuzz_target_loader (data, len);
      /* The StepStats target picks analysis options by size: try them all. */
      if (g_str_has_prefix (base, "step-stats-"))
        check_step_stats_options (bytes, base);
    }

  /* Every finding is named after its target. */
  g_assert_cmpuint (replayed, ==, files->len);
}

/* An XSpace with every load flag. */
static void
check_xspace_flags (GBytes *bytes)
{
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);
  g_autofree guint8 *with_flags = g_malloc (len + 1);

  memcpy (with_flags + 1, data, len);
  for (guint flags = 0; flags < 8; flags++)
    {
      with_flags[0] = flags;
      fuzz_target_xspace (with_flags, len + 1);
    }
}

static void
test_data (gconstpointer user_data)
{
  const char *sub = user_data;
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", sub, NULL);
  g_autoptr(GPtrArray) files = list_files (dir, TRUE);

  g_assert_cmpuint (files->len, >, 0);
  for (guint i = 0; i < files->len; i++)
    {
      const char *path = g_ptr_array_index (files, i);
      g_autoptr(GBytes) bytes = read_file (path);
      gsize len;
      const guint8 *data = g_bytes_get_data (bytes, &len);

      g_test_message ("%s", path);
      fuzz_target_loader (data, len);
      if (strcmp (sub, "step-stats") == 0)
        check_step_stats_options (bytes, path);
      else if (strcmp (sub, "xspace") == 0)
        check_xspace_flags (bytes);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  fuzz_init ();

  g_test_add_func ("/regress/findings", test_findings);
  g_test_add_data_func ("/regress/test-data/step-stats", "step-stats", test_data);
  g_test_add_data_func ("/regress/test-data/pbtext", "pbtext", test_data);
  g_test_add_data_func ("/regress/test-data/chrome", "chrome", test_data);
  g_test_add_data_func ("/regress/test-data/xspace", "xspace", test_data);

  return g_test_run ();
}
