/* bench-load.c: load a trace with the core and report time and memory
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-load FILE...
 *        bench-load --merge FILE...
 * Prints one line per file: seconds, MB/s of the uncompressed data,
 * peak RSS (getrusage, of the whole process so far), the model's own
 * size, and counts.  Run one file per process to measure its peak.
 * --merge loads the files one after the other and merges them, as the
 * viewer opens several side by side, then builds their step table:
 * one line with the load, merge and step table times.
 */

#define G_LOG_DOMAIN "bench-load"

#include "stp-buffer.h"
#include "stp-loader.h"
#include "stp-merge.h"
#include "stp-step-table.h"

#include <glib/gstdio.h>
#include <sys/resource.h>

static void
print_counts (StpTrace *trace)
{
  guint instants = trace->global_instants->len;
  guint samples = 0;

  for (guint i = 0; i < trace->tracks->len; i++)
    {
      StpTrack *t = stp_trace_get_track (trace, i);

      if (t->instants)
        instants += t->instants->len;
      if (t->kind == STP_TRACK_INSTANTS)
        instants += t->slices->len;
      for (guint j = 0; t->series && j < t->series->len; j++)
        samples += ((StpCounterSeries *) g_ptr_array_index (t->series, j))->samples->len;
    }

  g_print ("  events %u, processes %u, tracks %u, slices %u, instants %u, "
           "flows %u, counter samples %u, objects %u, warnings %u\n",
           trace->n_seq, trace->processes->len, trace->tracks->len,
           stp_trace_count_slices (trace), instants, trace->flows->len,
           samples, trace->objects->len, trace->warnings->len);
  for (guint i = 0; i < trace->warnings->len; i++)
    {
      StpWarning *w = &g_array_index (trace->warnings, StpWarning, i);
      g_print ("  warning %s x%u: %s\n", stp_trace_str (trace, w->kind), w->count,
               stp_trace_str (trace, w->example));
    }
}

/* The viewer's way with several files: one at a time, then merged. */
static int
load_merged (int    n_files,
             char **files)
{
  g_autoptr(GPtrArray) traces = g_ptr_array_new_with_free_func ((GDestroyNotify) stp_trace_unref);
  g_autoptr(StpTrace) merged = NULL;
  g_autoptr(StpStepTable) table = NULL;
  gint64 start, loaded, merged_at, tabled;
  struct rusage usage;

  start = g_get_monotonic_time ();
  for (int i = 0; i < n_files; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (files[i]);
      g_autoptr(GError) error = NULL;
      StpTrace *trace = stp_load_file (file, NULL, NULL, NULL, NULL, &error);

      if (trace == NULL)
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      g_ptr_array_add (traces, trace);
    }
  loaded = g_get_monotonic_time ();
  merged = stp_traces_merge (traces, STP_MERGE_CLOCK_AUTO, NULL);
  merged_at = g_get_monotonic_time ();
  table = stp_step_table_new_for_trace (merged, NULL);
  tabled = g_get_monotonic_time ();

  getrusage (RUSAGE_SELF, &usage);
  g_print ("merged %d files: load=%.3f s merge=%.3f s step_table=%.3f s (%u steps) peak_rss=%ld model=%" G_GSIZE_FORMAT "\n",
           n_files, (loaded - start) / 1e6, (merged_at - loaded) / 1e6, (tabled - merged_at) / 1e6,
           stp_step_table_get_n_keys (table), usage.ru_maxrss * 1024L, stp_trace_get_memory_size (merged));
  return 0;
}

int
main (int    argc,
      char **argv)
{
  int status = 0;

  stp_buffer_fix_mmap_threshold ();

  if (argc < 2)
    {
      g_printerr ("usage: %s [--merge] FILE...\n", argv[0]);
      return 2;
    }
  if (g_str_equal (argv[1], "--merge"))
    return load_merged (argc - 2, argv + 2);

  for (int i = 1; i < argc; i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(StpTrace) trace = NULL;
      struct rusage usage;
      GStatBuf st;
      gint64 start, end;
      guint64 size;

      /* By path, as stepscope-cli loads it. */
      size = g_stat (argv[i], &st) == 0 ? (guint64) st.st_size : 0;
      start = g_get_monotonic_time ();
      trace = stp_load_path (argv[i], NULL, NULL, NULL, NULL, &error);
      end = g_get_monotonic_time ();

      if (trace == NULL)
        {
          g_printerr ("%s\n", error->message);
          status = 1;
          continue;
        }

      getrusage (RUSAGE_SELF, &usage);
      /* machine-readable first line: file seconds bytes peak_rss_bytes model_bytes */
      g_print ("%s seconds=%.3f file_bytes=%" G_GUINT64_FORMAT " peak_rss=%ld model=%" G_GSIZE_FORMAT "\n",
               argv[i], (end - start) / 1e6, size, usage.ru_maxrss * 1024L,
               stp_trace_get_memory_size (trace));
      if (g_getenv ("BENCH_QUIET") == NULL)
        print_counts (trace);
    }

  return status;
}
