/* bench-search.c: searching a trace's names and args, as Ctrl+F does
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-search FILE QUERY...
 * Loads FILE by path, then runs each QUERY over names and args (the
 * viewer's search) and prints its time, its matches, and the process's
 * read() calls and bytes so far (/proc/self/io): args of a plain file
 * are read again from it, and of a compressed one decompressed.
 */

#define G_LOG_DOMAIN "bench-search"

#include "stp-buffer.h"
#include "stp-loader.h"
#include "stp-search.h"

#include <string.h>

/* The process's read() calls and bytes so far. */
static void
read_counts (guint64 *calls,
             guint64 *bytes)
{
  g_autofree char *text = NULL;
  const char *p;

  *calls = *bytes = 0;
  if (!g_file_get_contents ("/proc/self/io", &text, NULL, NULL))
    return;
  if ((p = strstr (text, "syscr: ")) != NULL)
    *calls = g_ascii_strtoull (p + 7, NULL, 10);
  if ((p = strstr (text, "rchar: ")) != NULL)
    *bytes = g_ascii_strtoull (p + 7, NULL, 10);
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = NULL;
  gint64 start;

  stp_buffer_fix_mmap_threshold ();

  if (argc < 3)
    {
      g_printerr ("usage: %s FILE QUERY...\n", argv[0]);
      return 2;
    }

  start = g_get_monotonic_time ();
  trace = stp_load_path (argv[1], NULL, NULL, NULL, NULL, &error);
  if (trace == NULL)
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }
  g_print ("%s: loaded in %.3f s\n", argv[1], (g_get_monotonic_time () - start) / 1e6);

  for (int i = 2; i < argc; i++)
    {
      StpSearch *search = stp_search_new (trace, argv[i]);
      guint64 calls0, bytes0, calls1, bytes1;
      GArray *matches;

      read_counts (&calls0, &bytes0);
      start = g_get_monotonic_time ();
      matches = stp_search_run (search, STP_SEARCH_NAMES | STP_SEARCH_ARGS, NULL, NULL, &error);
      g_assert_no_error (error);
      read_counts (&calls1, &bytes1);
      g_print ("\"%s\": %.3f s, %u matches, %" G_GUINT64_FORMAT " reads of %.1f MB\n",
               argv[i], (g_get_monotonic_time () - start) / 1e6, matches->len,
               calls1 - calls0, (bytes1 - bytes0) / 1e6);
      g_array_unref (matches);
      stp_search_free (search);
    }
  return 0;
}
