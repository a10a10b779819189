/* bench-adversarial.c: load times of traces built to be worst cases
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Usage: bench-adversarial [--runs R] [--case NAME] [N...]
 *        (default N: 250000 1000000; every case unless --case)
 *
 * Builds each input in memory and loads it through stp_load_input()
 * (parse, B/E matching, StepStats analysis, lanes, nesting, flows:
 * everything a user waits for), R times (default 1), keeping the best:
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
 *
 * and prints seconds per case and N, and, when several N are given, how
 * the time grows from the smallest N to each larger one against the
 * growth of N: near-linear is ~4x for 4x the events (a quadratic step
 * would be ~16x).  Exit status 1 when a case takes longer than the
 * bound, BOUND_PER_EVENT per event: see bench/README.md.
 */

#define G_LOG_DOMAIN "bench-adversarial"

#include "stp-loader.h"
#include "stp-wire.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

typedef GBytes *(*Generator) (guint n);

/* The time bound (bench/README.md): 5 s per million events on the
 * 2-core development machine, a few times what a case takes there, and
 * far below what a quadratic step would need at 1M. */
#define BOUND_PER_EVENT 5e-6

/* A fixed sequence, so every run sees the same input. */
static guint32
next_random (guint32 *state)
{
  *state = *state * 1664525u + 1013904223u;
  return *state >> 8;
}

static GBytes *
gen_staggered (guint n)
{
  GString *out = g_string_sized_new ((gsize) n * 64);

  /* Event i spans [i, i + n + 1) µs: it starts inside every earlier one
   * and ends after all of them. */
  g_string_append (out, "{\"traceEvents\":[\n");
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":%u,\"dur\":%u,\"name\":\"op%u\"}",
                            i ? ",\n" : "", i, n + 1, i % 97);
  g_string_append (out, "\n]}\n");
  return g_string_free_to_bytes (out);
}

static GBytes *
gen_same_ts (guint n)
{
  GString *out = g_string_sized_new ((gsize) n * 64);
  guint32 state = 1;

  g_string_append (out, "{\"traceEvents\":[\n");
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":%u,\"name\":\"op%u\"}",
                            i ? ",\n" : "", 1 + next_random (&state) % 1000, i % 97);
  g_string_append (out, "\n]}\n");
  return g_string_free_to_bytes (out);
}

static GBytes *
gen_unbalanced (guint n)
{
  GString *out = g_string_sized_new ((gsize) n * 64);

  g_string_append (out, "{\"traceEvents\":[\n");
  for (guint i = 0; i < n; i++)
    {
      /* B B E B B E ...: the E never names the B it ends. */
      gboolean end = i % 3 == 2;

      g_string_append_printf (out, "%s{\"ph\":\"%c\",\"pid\":1,\"tid\":1,\"ts\":%u,\"name\":\"%s%u\"}",
                              i ? ",\n" : "", end ? 'E' : 'B', i, end ? "end" : "begin", i % 89);
    }
  g_string_append (out, "\n]}\n");
  return g_string_free_to_bytes (out);
}

static GBytes *
gen_step_stats (guint n)
{
  g_autoptr(GByteArray) device = g_byte_array_sized_new ((gsize) n * 48);
  g_autoptr(GByteArray) node = g_byte_array_new ();
  GByteArray *out = g_byte_array_sized_new ((gsize) n * 48 + 64);
  static const char device_name[] = "/job:localhost/replica:0/task:0/device:CPU:0";

  stp_wire_put_bytes (device, 1, device_name, sizeof device_name - 1);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("op%u", i);
      g_autofree char *label = g_strdup_printf ("op%u = Add(op%u, op%u)", i, i / 2, i / 3);

      /* NodeExecStats: name, all_start_micros, op_start/op_end/all_end
       * rel micros, timeline_label, thread_id; every op overlaps every
       * other one without nesting. */
      g_byte_array_set_size (node, 0);
      stp_wire_put_bytes (node, 1, name, strlen (name));
      stp_wire_put_tag (node, 2, STP_WIRE_VARINT);
      stp_wire_put_varint (node, 1000000 + i);
      stp_wire_put_tag (node, 3, STP_WIRE_VARINT);
      stp_wire_put_varint (node, 0);
      stp_wire_put_tag (node, 4, STP_WIRE_VARINT);
      stp_wire_put_varint (node, n + 1);
      stp_wire_put_tag (node, 5, STP_WIRE_VARINT);
      stp_wire_put_varint (node, n + 1);
      stp_wire_put_bytes (node, 8, label, strlen (label));
      stp_wire_put_tag (node, 10, STP_WIRE_VARINT);
      stp_wire_put_varint (node, 1);
      stp_wire_put_bytes (device, 2, node->data, node->len);
    }

  /* A bare StepStats: dev_stats = 1. */
  stp_wire_put_bytes (out, 1, device->data, device->len);
  return g_byte_array_free_to_bytes (out);
}

typedef struct
{
  const char *name;
  Generator   generate;
} Case;

static const Case cases[] = {
  { "staggered",  gen_staggered },
  { "same-ts",    gen_same_ts },
  { "unbalanced", gen_unbalanced },
  { "step-stats", gen_step_stats },
};

static double
load_once (GBytes   *bytes,
           StpTrace **out)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(StpInput) input = NULL;
  StpTrace *trace;
  gint64 start, end;

  start = g_get_monotonic_time ();
  input = stp_input_new_for_bytes (bytes, "adversarial", &error);
  g_assert_no_error (error);
  trace = stp_load_input (input, "adversarial", NULL, NULL, NULL, NULL, &error);
  end = g_get_monotonic_time ();
  if (trace == NULL)
    g_error ("%s", error->message);

  *out = trace;
  return (end - start) / 1e6;
}

static guint
max_depth (const StpTrace *trace)
{
  guint depth = 0;

  for (guint i = 0; i < trace->tracks->len; i++)
    depth = MAX (depth, stp_trace_get_track (trace, i)->max_depth);
  return depth;
}

/* Loads case `c` with n events `runs` times; prints its line and
 * returns the best time. */
static double
run_case (const Case *c,
          guint       n,
          guint       runs)
{
  g_autoptr(GBytes) bytes = c->generate (n);
  double best = G_MAXDOUBLE;
  guint tracks = 0, depth = 0, warnings = 0;

  for (guint r = 0; r < runs; r++)
    {
      g_autoptr(StpTrace) trace = NULL;
      double t = load_once (bytes, &trace);

      best = MIN (best, t);
      tracks = trace->tracks->len;
      depth = max_depth (trace);
      warnings = 0;
      for (guint w = 0; w < trace->warnings->len; w++)
        warnings += g_array_index (trace->warnings, StpWarning, w).count;
    }

  g_print ("%-11s %9u %10.1f %8.3f %8u %9u %8u\n", c->name, n,
           g_bytes_get_size (bytes) / 1e6, best, tracks, depth, warnings);
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
  seconds = g_new0 (double, G_N_ELEMENTS (cases) * 16);

  g_print ("%-11s %9s %10s %8s %8s %9s %8s\n",
           "case", "N", "input MB", "seconds", "tracks", "max depth", "warnings");
  for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
    {
      if (only != NULL && strcmp (only, cases[c].name) != 0)
        continue;

      for (guint s = 0; s < sizes->len; s++)
        {
          guint n = g_array_index (sizes, guint, s);

          seconds[c * 16 + s] = run_case (&cases[c], n, runs);
          if (seconds[c * 16 + s] > n * BOUND_PER_EVENT)
            over_bound++;
        }
    }

  if (sizes->len > 1)
    {
      guint n0 = g_array_index (sizes, guint, 0);

      g_print ("\ngrowth from N = %u (time ratio / size ratio; near-linear ~1, quadratic ~N ratio)\n", n0);
      for (guint c = 0; c < G_N_ELEMENTS (cases); c++)
        for (guint s = 1; s < sizes->len && (only == NULL || strcmp (only, cases[c].name) == 0); s++)
          {
            guint n = g_array_index (sizes, guint, s);
            double size_ratio = (double) n / n0;
            double time_ratio = seconds[c * 16 + s] / MAX (seconds[c * 16], 1e-6);

            g_print ("%-11s %9u: time x%.2f for events x%.2f (%.2f)\n", cases[c].name, n,
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
