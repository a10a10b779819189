/* stp-cli-steps.c: `stepscope-cli steps`: the step table of several
 * traces and the time breakdown of each step (HTA's definitions)
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each input is loaded (a few at once, on worker threads), reduced to
 * its steps and breakdowns, and dropped: the JSON of several inputs is
 * the array of each one's JSON, so per-file runs join into the same
 * result.
 */

#define G_LOG_DOMAIN "stepscope-cli"

#include "stp-cli-steps.h"
#include "stp-cli-compare.h"
#include "stp-cli-inputs.h"
#include "stp-json-writer.h"
#include "stp-merge.h"
#include "stp-step-table.h"
#include "stp-steps.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define EXIT_BAD_INPUT 1
#define EXIT_USAGE     2

typedef struct
{
  char        *name;       /* the device's process, described */
  StpBreakdown whole;      /* HTA's window, this device's kernels only */
  GArray      *steps;      /* StpBreakdown per step */
} DeviceSteps;

typedef struct
{
  char        *file;
  char        *label;      /* stp_trace_dup_part_label(), made distinct */
  gint64       rank;       /* distributedInfo.rank, -1 if none */
  GArray      *steps;      /* StpStepRow */
  StpBreakdown whole;      /* HTA's whole-trace window */
  GArray      *devices;    /* DeviceSteps, when kernels ran on several devices */
} TraceSteps;

static void
trace_steps_free (gpointer data)
{
  TraceSteps *t = data;

  g_array_unref (t->steps);
  for (guint i = 0; i < t->devices->len; i++)
    {
      DeviceSteps *d = &g_array_index (t->devices, DeviceSteps, i);

      g_free (d->name);
      g_array_unref (d->steps);
    }
  g_array_unref (t->devices);
  g_free (t->file);
  g_free (t->label);
  g_free (t);
}

/* HTA merges the kernels of all devices of a rank; with several devices,
 * each one's own breakdown too. */
static void
add_devices (TraceSteps     *t,
             const StpTrace *trace,
             const GArray   *kernels)
{
  g_autoptr(GArray) devices = stp_kernels_devices (kernels);

  t->devices = g_array_new (FALSE, TRUE, sizeof (DeviceSteps));
  if (devices->len < 2)
    return;

  for (guint i = 0; i < devices->len; i++)
    {
      guint32 process = g_array_index (devices, guint32, i);
      DeviceSteps d = { 0 };

      d.name = stp_trace_describe_process (trace, stp_trace_get_process (trace, process));
      stp_breakdown_compute_device (kernels, process, G_MININT64, G_MAXINT64, &d.whole);
      d.steps = g_array_sized_new (FALSE, TRUE, sizeof (StpBreakdown), t->steps->len);
      for (guint j = 0; j < t->steps->len; j++)
        {
          const StpStep *step = &g_array_index (t->steps, StpStepRow, j).step;
          StpBreakdown b;

          stp_breakdown_compute_device (kernels, process, step->start, step->end, &b);
          g_array_append_val (d.steps, b);
        }
      g_array_append_val (t->devices, d);
    }
}

static TraceSteps *
trace_steps_new (const StpTrace *trace)
{
  TraceSteps *t = g_new0 (TraceSteps, 1);
  g_autoptr(GArray) steps = stp_steps_find (trace);
  g_autoptr(GArray) kernels = stp_kernels_collect (trace);

  t->file = g_strdup (trace->filename);
  t->rank = stp_trace_get_rank (trace);
  t->label = stp_trace_dup_part_label (trace);
  t->steps = stp_step_rows_new (steps, kernels, NULL);
  stp_breakdown_compute (kernels, G_MININT64, G_MAXINT64, &t->whole);
  add_devices (t, trace, kernels);
  return t;
}

static double
percent (gint64 part,
         gint64 whole)
{
  return whole > 0 ? 100.0 * part / whole : 0;
}

/* ------------------------------------------------------------------ */
/* JSON                                                                */

static void
json_us (GString *out,
         double   ns)
{
  stp_json_append_double (out, ns / 1000);
}

static void
json_breakdown (GString            *out,
                const StpBreakdown *b)
{
  gboolean first = TRUE;

  g_string_append (out, "{\"window_us\": ");
  json_us (out, b->window);
  g_string_append (out, ", \"kernels\": ");
  g_string_append_printf (out, "%" G_GUINT64_FORMAT, b->n_kernels);
  g_string_append (out, ", \"compute_us\": ");
  json_us (out, b->compute);
  g_string_append (out, ", \"non_compute_us\": ");
  json_us (out, b->non_compute);
  g_string_append (out, ", \"idle_us\": ");
  json_us (out, b->idle);
  g_string_append (out, ", \"compute_pct\": ");
  stp_json_append_double (out, round (100 * percent (b->compute, b->window)) / 100);
  g_string_append (out, ", \"non_compute_pct\": ");
  stp_json_append_double (out, round (100 * percent (b->non_compute, b->window)) / 100);
  g_string_append (out, ", \"idle_pct\": ");
  stp_json_append_double (out, round (100 * percent (b->idle, b->window)) / 100);
  g_string_append (out, ", \"communication_us\": ");
  json_us (out, b->communication);
  g_string_append (out, ", \"memory_us\": ");
  json_us (out, b->memory);
  g_string_append (out, ", \"comm_overlapped_us\": ");
  json_us (out, b->comm_overlapped);
  g_string_append (out, ", \"comp_comm_overlap_pct\": ");
  if (b->communication > 0)
    stp_json_append_double (out, round (100 * percent (b->comm_overlapped, b->communication)) / 100);
  else
    g_string_append (out, "null");
  g_string_append (out, ", \"kernel_types_us\": {");
  for (guint mask = 1; mask < G_N_ELEMENTS (b->by_types); mask++)
    {
      g_autofree char *name = NULL;

      if (b->by_types[mask] == 0)
        continue;
      name = stp_breakdown_types_name (mask);
      g_string_append (out, first ? "" : ", ");
      stp_json_append_string (out, name, strlen (name));
      g_string_append (out, ": ");
      json_us (out, b->by_types[mask]);
      first = FALSE;
    }
  g_string_append (out, "}}");
}

static void
json_trace (GString          *out,
            const StpTrace   *trace,
            const TraceSteps *t)
{
  StpStepSpread s = stp_steps_spread ((const StpStepRow *) t->steps->data, t->steps->len);

  g_string_append (out, "{\n  \"file\": ");
  stp_json_append_string (out, t->file, strlen (t->file));
  g_string_append_printf (out, ",\n  \"format\": \"%s\",\n  \"rank\": ", stp_format_to_string (trace->format));
  if (t->rank >= 0)
    g_string_append_printf (out, "%" G_GINT64_FORMAT, t->rank);
  else
    g_string_append (out, "null");
  g_string_append (out, ",\n  \"label\": ");
  stp_json_append_string (out, t->label, strlen (t->label));
  g_string_append_printf (out, ",\n  \"n_steps\": %u,\n  \"median_us\": ", t->steps->len);
  json_us (out, s.median);
  g_string_append (out, ", \"min_us\": ");
  json_us (out, s.min);
  g_string_append (out, ", \"max_us\": ");
  json_us (out, s.max);
  g_string_append (out, ", \"spread_us\": ");
  json_us (out, s.max - s.min);
  g_string_append (out, ",\n  \"steps\": [");
  for (guint i = 0; i < t->steps->len; i++)
    {
      const StpStepRow *r = &g_array_index (t->steps, StpStepRow, i);

      g_string_append (out, i ? ",\n    {\"name\": " : "\n    {\"name\": ");
      stp_json_append_string (out, r->step.name, strlen (r->step.name));
      g_string_append (out, ", \"number\": ");
      if (r->step.number >= 0)
        g_string_append_printf (out, "%" G_GINT64_FORMAT, r->step.number);
      else
        g_string_append (out, "null");
      g_string_append (out, ", \"start_us\": ");
      json_us (out, (double) stp_time_sub (r->step.start, trace->start_ts));
      g_string_append (out, ", \"dur_us\": ");
      json_us (out, (double) stp_time_sub (r->step.end, r->step.start));
      g_string_append (out, ",\n     \"breakdown\": ");
      json_breakdown (out, &r->breakdown);
      g_string_append (out, "}");
    }
  g_string_append (out, t->steps->len ? "\n  ],\n  \"trace_breakdown\": " : "],\n  \"trace_breakdown\": ");
  json_breakdown (out, &t->whole);
  g_string_append (out, ",\n  \"devices\": [");
  for (guint i = 0; i < t->devices->len; i++)
    {
      const DeviceSteps *d = &g_array_index (t->devices, DeviceSteps, i);

      g_string_append (out, i ? ",\n    {\"device\": " : "\n    {\"device\": ");
      stp_json_append_string (out, d->name, strlen (d->name));
      g_string_append (out, ",\n     \"trace_breakdown\": ");
      json_breakdown (out, &d->whole);
      g_string_append (out, ",\n     \"steps\": [");
      for (guint j = 0; j < d->steps->len; j++)
        {
          g_string_append (out, j ? ",\n       " : "\n       ");
          json_breakdown (out, &g_array_index (d->steps, StpBreakdown, j));
        }
      g_string_append (out, d->steps->len ? "]}" : "]}");
    }
  g_string_append (out, t->devices->len ? "\n  ]\n}\n" : "]\n}\n");
}

static gboolean
collect_trace (StpTrace  *trace,
               GString   *out,
               gpointer  *item,
               GError   **error)
{
  TraceSteps *t = trace_steps_new (trace);

  json_trace (out, trace, t);
  *item = t;
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Text                                                                */

/* Labelled as side by side in the viewer (stp-merge.h). */
static void
unique_labels (GPtrArray *traces)
{
  g_autofree char **labels = g_new0 (char *, traces->len + 1);
  g_autofree const char **files = g_new0 (const char *, traces->len + 1);

  for (guint t = 0; t < traces->len; t++)
    {
      const TraceSteps *ts = g_ptr_array_index (traces, t);

      labels[t] = ts->label;
      files[t] = ts->file;
    }
  stp_part_labels_make_distinct (labels, files, traces->len);
  for (guint t = 0; t < traces->len; t++)
    ((TraceSteps *) g_ptr_array_index (traces, t))->label = labels[t];
}

/* The traces' steps lined up (stp-step-table.h). */
static StpStepTable *
step_table_of (GPtrArray *traces)
{
  StpStepTable *table = stp_step_table_new ();

  for (guint t = 0; t < traces->len; t++)
    {
      const TraceSteps *ts = g_ptr_array_index (traces, t);

      stp_step_table_add (table, ts->label, (const StpStepRow *) ts->steps->data, ts->steps->len);
    }
  return table;
}

static void
text_step_table (GString            *out,
                 const StpStepTable *table)
{
  guint n_traces = stp_step_table_get_n_traces (table);
  const char *rows[] = { "median", "min", "max", "spread" };

  g_string_append (out, "Step durations (ms; * = the slowest trace of the step)\n");
  g_string_append_printf (out, "%-22s", "step");
  for (guint t = 0; t < n_traces; t++)
    {
      g_autofree char *label = stp_cli_printable_name (stp_step_table_get_label (table, t), 13);

      g_string_append_printf (out, " %14s", label);
    }
  g_string_append (out, "  slowest\n");

  for (guint k = 0; k < stp_step_table_get_n_keys (table); k++)
    {
      gint slowest = stp_step_table_get_slowest (table, k);
      const char *name = NULL;
      gint first = -1;
      guint present = 0;

      for (guint t = 0; t < n_traces; t++)
        {
          const StpStepRow *row = stp_step_table_get_cell (table, k, t);

          if (row != NULL)
            {
              name = name ? name : row->step.name;
              first = first < 0 ? (gint) t : first;
              present++;
            }
        }

      {
        g_autofree char *printable = stp_cli_printable_name (name, 22);

        g_string_append_printf (out, "%-22s", printable);
      }
      for (guint t = 0; t < n_traces; t++)
        {
          const StpStepRow *row = stp_step_table_get_cell (table, k, t);

          if (row == NULL)
            g_string_append_printf (out, " %14s", "-");
          else
            g_string_append_printf (out, " %13.3f%s", stp_time_sub (row->step.end, row->step.start) / 1e6,
                                    (gint) t == slowest ? "*" : " ");
        }
      if (slowest < 0 && present > 1)
        g_string_append (out, "  (tie)");
      else
        {
          /* A step only one trace has: that trace is its slowest. */
          g_autofree char *label = stp_cli_printable_name (stp_step_table_get_label (table, slowest >= 0 ? slowest : first), 40);

          g_string_append_printf (out, "  %s", label);
        }
      g_string_append_c (out, '\n');
    }

  for (guint r = 0; r < G_N_ELEMENTS (rows); r++)
    {
      g_string_append_printf (out, "%-22s", rows[r]);
      for (guint t = 0; t < n_traces; t++)
        {
          StpStepSpread s = stp_step_table_get_spread (table, t);
          double v[] = { s.median, s.min, s.max, s.max - s.min };

          if (stp_step_table_get_n_steps (table, t) == 0)
            g_string_append_printf (out, " %14s", "-");
          else
            g_string_append_printf (out, " %13.3f ", v[r] / 1e6);
        }
      g_string_append_c (out, '\n');
    }
}

/* Different step counts are said, with the steps each trace lacks. */
static void
text_mismatches (GString            *out,
                 const StpStepTable *table)
{
  guint n_traces = stp_step_table_get_n_traces (table);
  gboolean header = FALSE;

  for (guint t = 0; t < n_traces; t++)
    {
      g_autofree char *label = stp_cli_printable_name (stp_step_table_get_label (table, t), 60);
      g_autoptr(GString) missing = g_string_new (NULL);
      guint n_missing = 0;

      for (guint k = 0; k < stp_step_table_get_n_keys (table); k++)
        if (stp_step_table_get_cell (table, k, t) == NULL)
          {
            if (n_missing++ < 10)
              g_string_append_printf (missing, "%s%" G_GINT64_FORMAT, missing->len ? ", " : "",
                                      stp_step_table_get_key (table, k));
          }
      if (n_missing == 0)
        continue;
      if (!header)
        {
          g_string_append (out, "\nThe traces have different steps (steps match by number, never guessed):");
          for (guint u = 0; u < n_traces; u++)
            {
              g_autofree char *lu = stp_cli_printable_name (stp_step_table_get_label (table, u), 60);

              g_string_append_printf (out, "%s %s has %u", u ? "," : "", lu, stp_step_table_get_n_steps (table, u));
            }
          g_string_append (out, ".\n");
          header = TRUE;
        }
      g_string_append_printf (out, "  %s lacks step%s %s%s\n", label, n_missing > 1 ? "s" : "",
                              missing->str, n_missing > 10 ? ", …" : "");
    }
}

static void
text_breakdown_row (GString            *out,
                    const char         *trace,
                    const char         *step,
                    const StpBreakdown *b)
{
  g_autofree char *t = stp_cli_printable_name (trace, 14);
  g_autofree char *s = stp_cli_printable_name (step, 22);

  g_string_append_printf (out, "%-14s %-22s %11.3f %7.1f%% %7.1f%% %7.1f%% %11.3f ",
                          t, s, b->window / 1e6, percent (b->compute, b->window),
                          percent (b->non_compute, b->window), percent (b->idle, b->window),
                          b->communication / 1e6);
  if (b->communication > 0)
    g_string_append_printf (out, "%9.1f%%", percent (b->comm_overlapped, b->communication));
  else
    g_string_append_printf (out, "%10s", "-");
  g_string_append_printf (out, " %10.3f %8" G_GUINT64_FORMAT "\n", b->memory / 1e6, b->n_kernels);
}

static void
text_breakdown (GString   *out,
                GPtrArray *traces)
{
  g_string_append (out,
                   "\nGPU time breakdown (Holistic Trace Analysis' definitions; ms and % of the window):\n"
                   "per step, the kernels clipped to the step; \"whole trace\" is HTA's temporal breakdown,\n"
                   "from the first kernel's start to the last kernel's end.\n");
  g_string_append_printf (out, "%-14s %-22s %11s %8s %8s %8s %11s %10s %10s %8s\n",
                          "trace", "step", "window", "compute", "non-comp", "idle", "comm",
                          "comm ovl", "memory", "kernels");
  for (guint t = 0; t < traces->len; t++)
    {
      const TraceSteps *ts = g_ptr_array_index (traces, t);

      for (guint i = 0; i < ts->steps->len; i++)
        {
          const StpStepRow *r = &g_array_index (ts->steps, StpStepRow, i);

          text_breakdown_row (out, ts->label, r->step.name, &r->breakdown);
        }
      text_breakdown_row (out, ts->label, "whole trace", &ts->whole);
      for (guint d = 0; d < ts->devices->len; d++)
        {
          const DeviceSteps *dev = &g_array_index (ts->devices, DeviceSteps, d);
          g_autofree char *label = g_strdup_printf ("whole: %s", dev->name);

          text_breakdown_row (out, ts->label, label, &dev->whole);
        }
    }
}

int
stp_cli_steps_run (int    argc,
                   char **argv)
{
  g_autofree char *output = NULL;
  gboolean json = FALSE;
  const GOptionEntry entries[] = {
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON instead of tables", NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      "Write to FILE instead of standard output", "FILE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("INPUT…");
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) inputs = NULL;
  g_autoptr(GString) out = NULL;
  g_autoptr(GPtrArray) items = g_ptr_array_new ();
  g_autoptr(GPtrArray) traces = g_ptr_array_new_with_free_func (trace_steps_free);
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
  guint n_failed = 0;
  gboolean had_folder = FALSE;
  int status = EXIT_SUCCESS;

  g_option_context_set_summary (context, "The steps of traces side by side, and their GPU time breakdown");
  g_option_context_set_description (context,
    "Finds the steps of each INPUT (files, or folders: every trace in them):\n"
    "PyTorch ProfilerStep#N slices, the XSpace Steps line, or a StepStats as one\n"
    "step.  Prints each step's duration in each trace (steps match by number),\n"
    "the slowest trace of each step, each trace's median, min, max and spread,\n"
    "and steps some traces lack.  Then, per step and trace, Holistic Trace\n"
    "Analysis' time breakdown of the GPU kernels: compute, non-compute and idle\n"
    "time, communication and the share of it overlapped by computation, memory\n"
    "kernels.  --json prints one object per input (an array for several).");
  g_option_context_add_main_entries (context, entries, NULL);

  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("stepscope-cli: %s\nTry “%s --help”.\n", error->message, g_get_prgname ());
      return EXIT_USAGE;
    }
  if (argc < 2)
    {
      g_printerr ("stepscope-cli: no input file given\nTry “%s --help”.\n", g_get_prgname ());
      return EXIT_USAGE;
    }

  inputs = stp_cli_inputs_expand (argv + 1, argc - 1, &had_folder, &error);
  if (inputs == NULL)
    {
      g_printerr ("stepscope-cli: %s\n", error->message);
      return EXIT_BAD_INPUT;
    }

  out = stp_cli_each_input (inputs, inputs->len > 1 || had_folder, &options, TRUE, collect_trace,
                            items, &n_failed);
  for (guint i = 0; i < items->len; i++)
    if (g_ptr_array_index (items, i) != NULL)
      g_ptr_array_add (traces, g_ptr_array_index (items, i));
  unique_labels (traces);
  if (!json)
    {
      g_string_truncate (out, 0);
      if (traces->len > 0)
        {
          g_autoptr(StpStepTable) table = step_table_of (traces);

          text_step_table (out, table);
          text_mismatches (out, table);
          text_breakdown (out, traces);
        }
    }

  if (n_failed > 0)
    status = EXIT_BAD_INPUT;
  /* Nothing read: nothing written (an -o file is left as it was). */
  if (traces->len == 0)
    return status;

  if (!stp_cli_write_output (output, out, &error))
    {
      g_printerr ("stepscope-cli: writing the output: %s\n", error->message);
      return EXIT_BAD_INPUT;
    }
  return status;
}
