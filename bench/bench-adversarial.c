/* bench-adversarial.c: load times of traces built to be worst cases
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-adversarial [--runs R] [--case NAME] [N...]
 *        (default N: 250000 1000000; every case unless --case)
 *
 * Builds each input in memory and loads it through stp_load_input()
 * (parse, B/E matching, StepStats analysis, lanes, nesting, flows), R
 * times (default 1), keeping the best:
 *
 *   staggered   Chrome JSON, N "X" events on one thread, each starting
 *               inside the one before and ending after it, all of them
 *               overlapping: nothing nests, so every event needs its
 *               own lane (N lanes)
 *   same-ts     Chrome JSON, N "X" events on one thread all at ts 0 with
 *               durations from a fixed pseudo-random sequence: one sort
 *               key, nesting as deep as STP_MAX_DEPTH, then more lanes
 *   unbalanced  Chrome JSON, N "B"/"E" events on one thread, two B for
 *               each E, the E names not matching: unmatched ends,
 *               begins left open to the trace end, thousands deep
 *   step-stats  a binary StepStats with N ops on one device and thread,
 *               all overlapping (timeline.py's lane search is quadratic
 *               here; ours is a min-tree)
 *   counter-keys     one C event whose args hold N keys: N series
 *   counter-same-ts  N samples of one series, all at one time
 *   distinct         N "X" events, every name and thread distinct
 *   async-one-id     N b/e events, one id and name, all at one time
 *   ss-outputs       a StepStats node with N outputs, analysed with
 *                    memory (N allocations at one time)
 *
 * Each is then exported (to memory) and summed up by op, as a user
 * converting it or opening the summary would wait for; the load, that
 * and their total are printed in wall seconds, and the process's CPU
 * seconds (every thread) beside them: on a shared machine wall time
 * also counts other people's work.
 *
 * and prints seconds per case and N, and, when several N are given, how
 * the time grows from the smallest N to each larger one against the
 * growth of N: near-linear is ~4x for 4x the events (a quadratic step
 * would be ~16x).  Exit status 1 when a case takes longer than the
 * bound, BOUND_PER_EVENT per event: see bench/README.md.
 */

#define G_LOG_DOMAIN "bench-adversarial"

#include "adversarial-inputs.h"
#include "stp-chrome-writer.h"
#include "stp-error.h"
#include "stp-loader.h"
#include "stp-summary.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>


/* The time bound (bench/README.md): 5 s per million events on the
 * 2-core development machine, a few times what a case takes there, and
 * far below what a quadratic step would need at 1M. */
#define BOUND_PER_EVENT 5e-6


static double
load_once (const AdversarialCase *c,
           GBytes     *bytes,
           StpTrace  **out)
{
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
  g_autoptr(GError) error = NULL;
  g_autoptr(StpInput) input = NULL;
  StpTrace *trace;
  gint64 start, end;

  options.show_memory = c->show_memory;
  start = g_get_monotonic_time ();
  input = stp_input_new_for_bytes (bytes, "adversarial", &error);
  g_assert_no_error (error);
  trace = stp_load_input (input, "adversarial", &options, NULL, NULL, NULL, &error);
  end = g_get_monotonic_time ();
  if (trace == NULL)
    g_error ("%s", error->message);

  *out = trace;
  return (end - start) / 1e6;
}

/* What else a user waits for: an export (to a file, as a user's goes,
 * then deleted) and the op summary.  A growing memory stream would
 * measure the kernel zeroing its fresh pages instead: a third of the
 * time of the largest export. */
static double
export_and_summarize (StpTrace *trace)
{
  g_autoptr(GFileIOStream) io = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(StpSummary) summary = NULL;
  g_autoptr(GError) error = NULL;
  gint64 start = g_get_monotonic_time ();
  StpOutput output;

  file = g_file_new_tmp ("bench-adversarial-XXXXXX.json", &io, &error);
  if (file == NULL)
    g_error ("export: %s", error->message);
  stp_output_init_stream (&output, g_io_stream_get_output_stream (G_IO_STREAM (io)));
  if (!stp_chrome_writer_write (trace, &output, NULL, NULL, NULL, &error))
    g_error ("export: %s", error->message);
  g_io_stream_close (G_IO_STREAM (io), NULL, NULL);
  g_file_delete (file, NULL, NULL);
  summary = stp_summary_new (trace, STP_SUMMARY_BY_OP, STP_SUMMARY_ORDER_TIME,
                             trace->start_ts, MAX (trace->end_ts, trace->start_ts + 1), NULL, &error);
  if (summary == NULL && error != NULL && !g_error_matches (error, STP_ERROR, STP_ERROR_EMPTY))
    g_error ("summary: %s", error->message);
  return (g_get_monotonic_time () - start) / 1e6;
}

static guint
max_depth (const StpTrace *trace)
{
  guint depth = 0;

  for (guint i = 0; i < trace->tracks->len; i++)
    depth = MAX (depth, stp_trace_get_track (trace, i)->max_depth);
  return depth;
}

/* User and system time of every thread of the process so far. */
static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 +
         usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

/* Loads case `c` with n events `runs` times; prints its line and
 * returns the best time. */
static double
run_case (const AdversarialCase *c,
          guint       n,
          guint       runs)
{
  g_autoptr(GBytes) bytes = c->generate (n);
  double best = G_MAXDOUBLE, best_load = G_MAXDOUBLE, best_rest = G_MAXDOUBLE;
  double best_cpu = G_MAXDOUBLE;
  guint tracks = 0, depth = 0, warnings = 0;

  for (guint r = 0; r < runs; r++)
    {
      g_autoptr(StpTrace) trace = NULL;
      double cpu0 = cpu_seconds ();
      double load = load_once (c, bytes, &trace);
      double rest = export_and_summarize (trace);

      /* The machine is shared: CPU time says what wall time may not. */
      best_cpu = MIN (best_cpu, cpu_seconds () - cpu0);
      best = MIN (best, load + rest);
      best_load = MIN (best_load, load);
      best_rest = MIN (best_rest, rest);
      tracks = trace->tracks->len;
      depth = max_depth (trace);
      warnings = 0;
      for (guint w = 0; w < trace->warnings->len; w++)
        warnings += g_array_index (trace->warnings, StpWarning, w).count;
    }

  g_print ("%-15s %9u %9.1f %7.3f %7.3f %7.3f %7.3f %8u %9u %8u\n", c->name, n,
           g_bytes_get_size (bytes) / 1e6, best_load, best_rest, best, best_cpu,
           tracks, depth, warnings);
  return best;
}

int
main (int    argc,
      char **argv)
{
  g_autoptr(GArray) sizes = g_array_new (FALSE, FALSE, sizeof (guint));
  guint runs = 1;
  const char *only = NULL;
  g_autofree double *seconds = NULL;
  guint over_bound = 0;

  for (int i = 1; i < argc; i++)
    {
      if (strcmp (argv[i], "--runs") == 0 && i + 1 < argc)
        {
          int r = atoi (argv[++i]);

          runs = MAX (1, r);
        }
      else if (strcmp (argv[i], "--case") == 0 && i + 1 < argc)
        only = argv[++i];
      else
        {
          guint n = strtoul (argv[i], NULL, 10);

          if (n == 0)
            {
              g_printerr ("usage: %s [--runs R] [--case NAME] [N...]\n", argv[0]);
              return 2;
            }
          g_array_append_val (sizes, n);
        }
    }
  if (sizes->len == 0)
    {
      guint defaults[] = { 250000, 1000000 };
      g_array_append_vals (sizes, defaults, G_N_ELEMENTS (defaults));
    }
  if (sizes->len > 16)
    g_error ("at most 16 sizes");
  /* A line as soon as a case is done, also into a pipe or a file. */
  setvbuf (stdout, NULL, _IOLBF, 0);
  seconds = g_new0 (double, adversarial_n_cases * 16);

  g_print ("%-15s %9s %9s %7s %7s %7s %7s %8s %9s %8s\n",
           "case", "N", "input MB", "load s", "exp+sum", "total s", "CPU s", "tracks", "max depth", "warnings");
  for (guint c = 0; c < adversarial_n_cases; c++)
    {
      if (only != NULL && strcmp (only, adversarial_cases[c].name) != 0)
        continue;

      for (guint s = 0; s < sizes->len; s++)
        {
          guint n = g_array_index (sizes, guint, s);

          seconds[c * 16 + s] = run_case (&adversarial_cases[c], n, runs);
          if (seconds[c * 16 + s] > n * BOUND_PER_EVENT)
            over_bound++;
        }
    }

  if (sizes->len > 1)
    {
      guint n0 = g_array_index (sizes, guint, 0);

      g_print ("\ngrowth from N = %u (time ratio / size ratio; near-linear ~1, quadratic ~N ratio)\n", n0);
      for (guint c = 0; c < adversarial_n_cases; c++)
        for (guint s = 1; s < sizes->len && (only == NULL || strcmp (only, adversarial_cases[c].name) == 0); s++)
          {
            guint n = g_array_index (sizes, guint, s);
            double size_ratio = (double) n / n0;
            double time_ratio = seconds[c * 16 + s] / MAX (seconds[c * 16], 1e-6);

            g_print ("%-15s %9u: time x%.2f for events x%.2f (%.2f)\n", adversarial_cases[c].name, n,
                     time_ratio, size_ratio, time_ratio / size_ratio);
          }
    }

  {
    struct rusage usage;

    getrusage (RUSAGE_SELF, &usage);
    g_print ("\npeak RSS %.0f MB\n", usage.ru_maxrss / 1024.0);
  }

  g_print ("bound: %.1f s per million events: %s\n", BOUND_PER_EVENT * 1e6,
           over_bound == 0 ? "every case within it" : "OVER in some cases");
  return over_bound == 0 ? 0 : 1;
}
