/* test-chrome-stepstats.c: TensorFlow's own output loads as its StepStats
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every StepStats in tests/data/step-stats/ is analysed (timeline.py's
 * rules), exported as Chrome JSON, and the export loaded by the JSON
 * loader: both models must show the same processes, tracks, slices with
 * their args, flows (s+t pairs and what they bind to), objects with
 * snapshots and counters.  Only how each loader stores things (flags,
 * extras, where args come from) may differ.
 */

#define G_LOG_DOMAIN "test-chrome-stepstats"

#include <string.h>

#include "export-test-util.h"
#include "stp-error.h"
#include "stp-loader.h"
#include "test-chrome-common.h"

static void
test_same_model (gconstpointer data)
{
  const char *path = data;
  gboolean show_memory = g_str_has_suffix (g_test_get_path (), "/memory");
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) step_stats = NULL;
  g_autoptr(GBytes) json = NULL;
  g_autoptr(StpTrace) loaded = NULL;
  g_autoptr(GPtrArray) want = NULL;
  g_autoptr(GPtrArray) got = NULL;

  /* show_memory adds tensor objects, snapshots and memory counters */
  options.show_memory = show_memory;
  step_stats = stp_load_file (file, &options, NULL, NULL, NULL, &error);
  if (step_stats == NULL)
    {
      /* inputs that are errors on purpose are the StepStats tests' business */
      g_test_skip (error->message);
      return;
    }
  g_assert_cmpint (step_stats->format, !=, STP_FORMAT_CHROME_JSON);

  json = stp_test_export (step_stats);

  loaded = stp_test_load_string (g_bytes_get_data (json, NULL), g_bytes_get_size (json), &error);
  if (loaded == NULL && g_error_matches (error, STP_ERROR, STP_ERROR_EMPTY))
    {
      /* Only where there was none to write. */
      g_assert_cmpuint (stp_trace_count_slices (step_stats), ==, 0);
      g_test_skip ("no events");
      return;
    }
  g_assert_no_error (error);
  g_assert_cmpuint (loaded->warnings->len, ==, 0);

  want = stp_test_describe_relaxed (step_stats);
  got = stp_test_describe_relaxed (loaded);
  g_assert_true (stp_test_lines_equal (want, got));
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *dir = NULL;
  g_autoptr(GDir) d = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  g_test_init (&argc, &argv, NULL);

  dir = g_test_build_filename (G_TEST_DIST, "data", "step-stats", NULL);
  d = g_dir_open (dir, 0, NULL);
  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    if (g_str_has_suffix (name, ".pb") || g_str_has_suffix (name, ".pbtxt"))
      g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc) stp_test_compare_strings);

  for (guint i = 0; i < names->len; i++)
    {
      for (int memory = 0; memory <= 1; memory++)
        {
          g_autofree char *test_path = g_strdup_printf ("/chrome-json/step-stats/%s/%s",
                                                        (char *) names->pdata[i],
                                                        memory ? "memory" : "default");
          g_test_add_data_func_full (test_path, g_build_filename (dir, names->pdata[i], NULL),
                                     test_same_model, g_free);
        }
    }

  return g_test_run ();
}
