/* test-chrome-roundtrip.c: load, export, load gives the same model
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every trace in tests/data/chrome/ is loaded, written back with the
 * Chrome writer and loaded again; the two models must hold the same
 * events, args, extras, flows, counters, objects and metadata, compared
 * field by field (stp_test_describe), ignoring only seq numbers.
 * Export then import again must also give the same bytes.
 */

#define G_LOG_DOMAIN "test-chrome-roundtrip"

#include <string.h>

#include "export-test-util.h"
#include "stp-loader.h"
#include "test-chrome-common.h"

static void
test_roundtrip (gconstpointer data)
{
  const char *path = data;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) first = stp_load_file (file, NULL, NULL, NULL, NULL, &error);
  g_autoptr(StpTrace) second = NULL;
  g_autoptr(StpTrace) third = NULL;
  g_autoptr(GBytes) exported = NULL;
  g_autoptr(GBytes) again = NULL;

  g_assert_no_error (error);
  exported = stp_test_export (first);
  second = stp_test_load_string (g_bytes_get_data (exported, NULL), g_bytes_get_size (exported), &error);
  g_assert_no_error (error);
  g_assert_true (stp_test_traces_equal (first, second));

  /* Nothing is lost or added by a second trip either. */
  again = stp_test_export (second);
  third = stp_test_load_string (g_bytes_get_data (again, NULL), g_bytes_get_size (again), &error);
  g_assert_no_error (error);
  g_assert_true (stp_test_traces_equal (second, third));
  g_assert_true (g_bytes_equal (exported, again));
}

static void
add_tree (const char *root,
          const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc) stp_test_compare_strings);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, names->pdata[i], NULL);
      g_autofree char *test_path = NULL;

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          add_tree (root, path);
          continue;
        }
      if (strstr (path, "dashboard_test_points") || strstr (path, "google_cloud_trace") ||
          !(g_str_has_suffix (path, ".json") || g_str_has_suffix (path, ".gz") ||
            g_str_has_suffix (path, ".zip")))
        continue;

      test_path = g_strdup_printf ("/chrome-json/roundtrip/%s", path + strlen (root) + 1);
      g_test_add_data_func_full (test_path, g_strdup (path), test_roundtrip, g_free);
    }
}

int
main (int    argc,
      char **argv)
{
  g_autofree char *data = NULL;

  g_test_init (&argc, &argv, NULL);

  data = g_test_build_filename (G_TEST_DIST, "data", "chrome", NULL);
  add_tree (data, data);

  return g_test_run ();
}
