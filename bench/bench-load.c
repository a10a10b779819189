/* bench-load.c: load a trace with the core and report time and memory
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-load FILE...
 * Prints one line per file: seconds, MB/s of the uncompressed data,
 * peak RSS (getrusage, of the whole process so far), the model's own
 * size, and counts.  Run one file per process to measure its peak.
 */

#define G_LOG_DOMAIN "bench-load"

#include "stp-loader.h"

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

int
main (int    argc,
      char **argv)
{
  int status = 0;

  if (argc < 2)
    {
      g_printerr ("usage: %s FILE...\n", argv[0]);
      return 2;
    }

  for (int i = 1; i < argc; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (argv[i]);
      g_autoptr(GError) error = NULL;
      g_autoptr(GFileInfo) info = NULL;
      g_autoptr(StpTrace) trace = NULL;
      struct rusage usage;
      gint64 start, end;
      guint64 size;

      info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, 0, NULL, NULL);
      size = info ? g_file_info_get_size (info) : 0;

      start = g_get_monotonic_time ();
      trace = stp_load_file (file, NULL, NULL, NULL, NULL, &error);
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
