/* stepscope-cli.c: Stepscope's command-line tool
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Exit status: 0 on success, 1 when an input is bad, 2 on bad usage.
 */

#define G_LOG_DOMAIN "stepscope-cli"

#include "config.h"

#include <gio/gio.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "stp-buffer.h"
#include "stp-chrome-writer.h"
#include "stp-error.h"
#include "stp-file-map.h"
#include "stp-json-writer.h"
#include "stp-loader.h"
#include "stp-merge.h"
#include "stp-safe-output.h"
#include "stp-text.h"
#include "stp-cli-compare.h"
#include "stp-cli-info.h"
#include "stp-cli-inputs.h"
#include "stp-cli-steps.h"
#include "stp-cli-lifetimes.h"
#include "stp-cli-summary.h"

#define EXIT_BAD_INPUT 1
#define EXIT_USAGE     2

typedef struct
{
  const char *name;
  const char *parameter;
  const char *summary;
  int       (*run) (int argc, char **argv);
} Command;

static gboolean opt_show_memory;
static gboolean opt_no_dataflow;
static char    *opt_op_time;
static char    *opt_output;
static gboolean opt_derived_lines;
static char    *opt_by;
static char    *opt_order_by;
static char    *opt_range;
static gboolean opt_json;

static const GOptionEntry timeline_entries[] = {
  { "show-memory", 0, 0, G_OPTION_ARG_NONE, &opt_show_memory,
    "Add tensor objects and allocator memory counters (timeline.py's show_memory)", NULL },
  { "no-dataflow", 0, 0, G_OPTION_ARG_NONE, &opt_no_dataflow,
    "Leave out the dataflow arrows between producer and consumer ops", NULL },
  { "op-time", 0, 0, G_OPTION_ARG_STRING, &opt_op_time,
    "How StepStats ops are timed: schedule (default), gpu or all", "WHEN" },
  { "derived-lines", 0, 0, G_OPTION_ARG_NONE, &opt_derived_lines,
    "Add TensorFlow Name Scope and Ops lines above StepStats GPU kernels (never exported)", NULL },
  { NULL }
};

static const GOptionEntry summary_entries[] = {
  { "by", 0, 0, G_OPTION_ARG_STRING, &opt_by,
    "Sum up by op type (default), name scope, device or trace", "op|scope|device|trace" },
  { "order-by", 0, 0, G_OPTION_ARG_STRING, &opt_order_by,
    "Sort by time (default), occurrence count or name", "time|count|name" },
  { "range", 0, 0, G_OPTION_ARG_STRING, &opt_range,
    "Only [START, END), in microseconds from the trace start (either may be left out)", "START:END" },
  { "json", 0, 0, G_OPTION_ARG_NONE, &opt_json,
    "Print JSON instead of a table", NULL },
  { NULL }
};

static const GOptionEntry op_time_entries[] = {
  { "op-time", 0, 0, G_OPTION_ARG_STRING, &opt_op_time,
    "How StepStats ops are timed: schedule (default), gpu or all", "WHEN" },
  { NULL }
};

static const GOptionEntry output_entries[] = {
  { "output", 'o', 0, G_OPTION_ARG_FILENAME, &opt_output,
    "Write to FILE instead of standard output", "FILE" },
  { NULL }
};

/* Every message goes to the terminal escaped: it quotes file names,
 * zip entries and names from the trace (stp-text.h). */
static void
print_error (const char *format,
             ...) G_GNUC_PRINTF (1, 2);

static void
print_error (const char *format,
             ...)
{
  g_autofree char *message = NULL;
  g_autofree char *escaped = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  escaped = stp_text_escape (message, -1, 4000);
  g_printerr ("stepscope-cli: %s\n", escaped);
}

static int
usage_error (GOptionContext *context,
             const char     *message)
{
  print_error ("%s", message);
  g_printerr ("Try “%s --help”.\n", g_get_prgname ());
  return EXIT_USAGE;
}

static int
input_error (GError *error)
{
  print_error ("%s", error->message);
  return g_error_matches (error, STP_ERROR, STP_ERROR_INVALID_ARGUMENT) ? EXIT_USAGE : EXIT_BAD_INPUT;
}

/* Parses the options of one command; leaves the single INPUT in *input. */
static int
parse_command (GOptionContext  *context,
               int             *argc,
               char          ***argv,
               const char     **input)
{
  g_autoptr(GError) error = NULL;

  if (!g_option_context_parse (context, argc, argv, &error))
    return usage_error (context, error->message);

  if (*argc != 2)
    return usage_error (context, *argc < 2 ? "no input file given" : "only one input file, please");

  *input = (*argv)[1];
  return 0;
}

static int
timeline_options (GOptionContext     *context,
                  StpAnalysisOptions *options)
{
  options->show_dataflow = !opt_no_dataflow;
  options->show_memory = opt_show_memory;
  options->op_time = STP_OP_TIME_SCHEDULE;
  options->derived_lines = opt_derived_lines;

  if (opt_op_time != NULL && !stp_op_time_from_string (opt_op_time, &options->op_time))
    {
      g_autofree char *message =
        g_strdup_printf ("--op-time must be schedule, gpu or all, not “%s”", opt_op_time);
      return usage_error (context, message);
    }

  return stp_cli_lifetimes_options (options);
}

/* Every -o goes through the same path as an export (stp_cli_write_output()):
 * a temporary file renamed over FILE when complete, so a failed write
 * (a full disk) keeps the old FILE; devices and pipes are written in
 * place.  A failed write names the file: exit status 1. */
static int
output_error (const GError *error)
{
  if (opt_output != NULL && !g_str_equal (opt_output, "-"))
    print_error ("%s: %s", opt_output, error->message);
  else
    print_error ("writing the output: %s", error->message);
  return EXIT_BAD_INPUT;
}

static char *opt_clock;

static const GOptionEntry merge_entries[] = {
  { "clock", 0, 0, G_OPTION_ARG_STRING, &opt_clock,
    "Several inputs: on their common clock, each moved to start its first step with "
    "the first input's, or auto (the common clock when they share one)", "common|first-step|auto" },
  { NULL }
};

/* Several inputs (or a folder) as one trace: each input's processes
 * named after it.  A bad input is reported and left out; *n_failed
 * counts them. */
static StpTrace *
load_merged (GPtrArray                *inputs,
             const StpAnalysisOptions *options,
             StpMergeClock             clock,
             guint                    *n_failed,
             GError                  **error)
{
  g_autoptr(GPtrArray) traces = g_ptr_array_new_with_free_func ((GDestroyNotify) stp_trace_unref);

  for (guint i = 0; i < inputs->len; i++)
    {
      g_autoptr(GError) local_error = NULL;
      StpTrace *trace = stp_cli_load (g_ptr_array_index (inputs, i), options, &local_error);

      if (trace == NULL)
        {
          print_error ("%s", local_error->message);
          (*n_failed)++;
          continue;
        }
      g_ptr_array_add (traces, trace);
    }

  if (traces->len == 0)
    {
      g_set_error_literal (error, STP_ERROR, STP_ERROR_EMPTY, "none of the inputs could be read");
      return NULL;
    }
  return stp_traces_merge (traces, clock, NULL);
}

static int
run_convert (int    argc,
             char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("INPUT…");
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) inputs = NULL;
  StpMergeClock clock = STP_MERGE_CLOCK_AUTO;
  StpAnalysisOptions options;
  gboolean had_folder;
  guint n_failed = 0;
  const char *input;
  int status;

  g_option_context_set_summary (context, "Write traces as Chrome Trace Event JSON");
  g_option_context_set_description (context,
    "Writes INPUT (any format Stepscope reads) as Chrome Trace Event JSON.\n"
    "For StepStats the output is the same, event for event, as TensorFlow's\n"
    "timeline.py generate_chrome_trace_format() with the same options.\n"
    "\n"
    "Several inputs, or a folder, are written as one trace: each input's\n"
    "processes keep distinct pids and are named after it (the rank, the host\n"
    "or the file name). An input that cannot be read is reported and left out,\n"
    "and the exit status is then 1.");
  g_option_context_add_main_entries (context, timeline_entries, NULL);
  g_option_context_add_main_entries (context, stp_cli_lifetime_entries, NULL);
  g_option_context_add_main_entries (context, merge_entries, NULL);
  g_option_context_add_main_entries (context, output_entries, NULL);

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (context, error->message);
  if (argc < 2)
    return usage_error (context, "no input file given");
  if ((status = timeline_options (context, &options)) != 0)
    return status;
  if (opt_clock != NULL && !stp_merge_clock_from_string (opt_clock, &clock))
    {
      g_autofree char *message =
        g_strdup_printf ("--clock must be common, first-step or auto, not “%s”", opt_clock);
      return usage_error (context, message);
    }

  inputs = stp_cli_inputs_expand (argv + 1, argc - 1, &had_folder, &error);
  if (inputs == NULL)
    return input_error (error);
  input = g_ptr_array_index (inputs, 0);

  if (inputs->len == 1)
    trace = stp_cli_load (input, &options, &error);
  else
    trace = load_merged (inputs, &options, clock, &n_failed, &error);
  if (trace == NULL)
    return input_error (error);
  if (!stp_cli_lifetimes_check (trace, input))
    return EXIT_BAD_INPUT;

  if (opt_output != NULL && !g_str_equal (opt_output, "-"))
    {
      g_autoptr(StpSafeOutput) safe = stp_cli_open_output (opt_output, &error);

      /* Through a temporary file: a failed export leaves the old one. */
      if (safe == NULL ||
          !stp_chrome_writer_write (trace, stp_safe_output_get_output (safe), NULL, NULL, NULL, &error) ||
          !stp_safe_output_commit (safe, NULL, &error))
        {
          print_error ("%s: %s", opt_output, error->message);
          return EXIT_BAD_INPUT;
        }
    }
  else
    {
      StpOutput out;

      stp_output_init_fd (&out, STDOUT_FILENO);
      if (!stp_chrome_writer_write (trace, &out, NULL, NULL, NULL, &error))
        {
          print_error ("writing the output: %s", error->message);
          return EXIT_BAD_INPUT;
        }
    }

  return n_failed > 0 ? EXIT_BAD_INPUT : EXIT_SUCCESS;
}

static int
run_peaks (int    argc,
           char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("INPUT");
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  StpAnalysisOptions options;
  const char *input;
  int status;

  g_option_context_set_summary (context, "Print a StepStats' allocator memory peaks, as JSON");
  g_option_context_set_description (context,
    "Prints the peak memory of each allocator of a StepStats as JSON:\n"
    "{\"<allocator>\": {\"timestamp\": T, \"num_bytes\": N, \"tensors\": [...]}}\n"
    "T in microseconds; the tensors live at the peak, sorted by name.\n"
    "These are timeline.py's allocator maximums.");
  g_option_context_add_main_entries (context, op_time_entries, NULL);
  g_option_context_add_main_entries (context, stp_cli_lifetime_entries, NULL);
  g_option_context_add_main_entries (context, output_entries, NULL);

  if ((status = parse_command (context, &argc, &argv, &input)) != 0 ||
      (status = timeline_options (context, &options)) != 0)
    return status;

  options.show_memory = TRUE;
  options.show_dataflow = TRUE;

  trace = stp_cli_load (input, &options, &error);
  if (trace == NULL)
    return input_error (error);

  if (!stp_trace_is_step_stats (trace))
    {
      print_error ("%s: allocator peaks need a StepStats or RunMetadata, this is a %s trace",
                   input, stp_format_to_string (trace->format));
      return EXIT_BAD_INPUT;
    }
  if (!stp_cli_lifetimes_check (trace, input))
    return EXIT_BAD_INPUT;

  g_string_append_c (out, '{');
  for (guint i = 0; i < trace->allocator_maximums->len; i++)
    {
      const StpAllocatorMaximum *max = &g_array_index (trace->allocator_maximums, StpAllocatorMaximum, i);

      g_string_append (out, i ? ",\n  " : "\n  ");
      stp_json_append_string (out, stp_trace_str (trace, max->allocator),
                              stp_string_table_get_len (trace->strings, max->allocator));
      g_string_append (out, ": {\"timestamp\": ");
      stp_json_append_ns_as_us (out, max->ts);
      g_string_append (out, ", \"num_bytes\": ");
      stp_json_append_int (out, max->num_bytes);
      g_string_append (out, ", \"tensors\": [");
      for (guint j = 0; j < max->tensors->len; j++)
        {
          StpStr name = g_array_index (max->tensors, StpStr, j);

          if (j > 0)
            g_string_append (out, ", ");
          stp_json_append_string (out, stp_trace_str (trace, name),
                                  stp_string_table_get_len (trace->strings, name));
        }
      g_string_append_c (out, ']');
      stp_cli_lifetimes_append_peak (out, trace, max);
      g_string_append_c (out, '}');
    }
  g_string_append (out, trace->allocator_maximums->len ? "\n}\n" : "}\n");

  if (!stp_cli_write_output (opt_output, out, &error))
    return output_error (error);

  return EXIT_SUCCESS;
}

static int
run_info (int    argc,
          char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("INPUT");
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) out = NULL;
  StpAnalysisOptions options;
  const char *input;
  int status;

  g_option_context_set_summary (context, "Describe what a trace holds, as JSON");
  g_option_context_set_description (context,
    "Prints what was loaded from INPUT as JSON: its format, processes and\n"
    "their tracks, events by kind, flows, counters, objects, the time range\n"
    "and the warnings found while loading.");
  g_option_context_add_main_entries (context, timeline_entries, NULL);
  g_option_context_add_main_entries (context, stp_cli_lifetime_entries, NULL);
  g_option_context_add_main_entries (context, output_entries, NULL);

  if ((status = parse_command (context, &argc, &argv, &input)) != 0 ||
      (status = timeline_options (context, &options)) != 0)
    return status;

  trace = stp_cli_load (input, &options, &error);
  if (trace == NULL)
    return input_error (error);
  if (!stp_cli_lifetimes_check (trace, input))
    return EXIT_BAD_INPUT;

  out = stp_cli_info_describe (trace);
  if (!stp_cli_write_output (opt_output, out, &error))
    return output_error (error);

  return EXIT_SUCCESS;
}

static int
run_summary (int    argc,
             char **argv)
{
  g_autoptr(GOptionContext) context = g_option_context_new ("INPUT");
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(StpSummary) summary = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) out = NULL;
  StpAnalysisOptions options;
  StpSummaryBy by = STP_SUMMARY_BY_OP;
  StpSummaryOrder order = STP_SUMMARY_ORDER_TIME;
  gint64 start = G_MININT64, end = G_MAXINT64;
  const char *input;
  int status;

  g_option_context_set_summary (context, "Sum up time by op type, name scope or device (tfprof's views)");
  g_option_context_set_description (context,
    "Sums up where the time of INPUT went, as tfprof's op, scope and device\n"
    "views: per op type its time, share, cumulative share, self time (without\n"
    "the counted slices nested in it), occurrences and average; name scopes as\n"
    "a tree of total and self time; devices (processes).  StepStats and XSpace\n"
    "split accelerator (GPU kernel) from CPU time.  Each occurrence counts its\n"
    "own duration, clipped to --range; derived lines never count.\n"
    "--range START:END is in microseconds from the trace start (the earliest\n"
    "event), END excluded; \"100:\" runs to the end.  Times in the table use\n"
    "tfprof's units; --json gives microseconds.");
  g_option_context_add_main_entries (context, summary_entries, NULL);
  g_option_context_add_main_entries (context, timeline_entries, NULL);
  g_option_context_add_main_entries (context, output_entries, NULL);

  if ((status = parse_command (context, &argc, &argv, &input)) != 0 ||
      (status = timeline_options (context, &options)) != 0)
    return status;

  if (opt_by != NULL && !stp_summary_by_from_string (opt_by, &by))
    {
      g_autofree char *message = g_strdup_printf ("--by must be op, scope, device or trace, not “%s”", opt_by);
      return usage_error (context, message);
    }
  if (opt_order_by != NULL && !stp_summary_order_from_string (opt_order_by, &order))
    {
      g_autofree char *message =
        g_strdup_printf ("--order-by must be time, count or name, not “%s”", opt_order_by);
      return usage_error (context, message);
    }
  if (opt_range != NULL && strchr (opt_range, ':') == NULL)
    {
      g_autofree char *message =
        g_strdup_printf ("--range must be START:END in microseconds, not “%s”", opt_range);
      return usage_error (context, message);
    }

  trace = stp_cli_load (input, &options, &error);
  if (trace == NULL)
    return input_error (error);

  if (opt_range != NULL && !stp_cli_summary_parse_range (trace, opt_range, &start, &end, &error))
    return usage_error (context, error->message);

  summary = stp_summary_new (trace, by, order, start, end, NULL, &error);
  if (summary == NULL)
    return input_error (error);

  out = opt_json ? stp_cli_summary_to_json (trace, summary) : stp_cli_summary_to_text (trace, summary);
  if (!stp_cli_write_output (opt_output, out, &error))
    return output_error (error);

  return EXIT_SUCCESS;
}

/* Several inputs or a folder: the command once per input, joined. */
static int
run_info_each (int    argc,
               char **argv)
{
  static const GOptionEntry *const groups[] = {
    timeline_entries, stp_cli_lifetime_entries, output_entries, NULL
  };

  return stp_cli_run_each (argc, argv, groups, TRUE, run_info);
}

static int
run_summary_each (int    argc,
                  char **argv)
{
  static const GOptionEntry *const groups[] = {
    summary_entries, timeline_entries, output_entries, NULL
  };

  return stp_cli_run_each (argc, argv, groups, FALSE, run_summary);
}

static const Command commands[] = {
  { "compare", "A B",  "Compare two traces name by name (op, kernel, scope, device)", stp_cli_compare_run },
  { "convert", "INPUT…", "Write traces as Chrome Trace Event JSON (several as one)", run_convert },
  { "info",    "INPUT…", "Describe what traces hold, as JSON", run_info_each },
  { "peaks",   "INPUT", "Print a StepStats' allocator memory peaks, as JSON", run_peaks },
  { "steps",   "INPUT…", "The steps of traces side by side, and their GPU time breakdown (HTA)", stp_cli_steps_run },
  { "summary", "INPUT…", "Sum up time by op type, name scope or device (tfprof's views)", run_summary_each },
};

static void
print_help (FILE *stream)
{
  fprintf (stream,
           "Usage:\n"
           "  stepscope-cli COMMAND [OPTION…] INPUT…\n"
           "\n"
           "Reads TensorFlow StepStats/RunMetadata (binary or text format),\n"
           "TensorFlow/JAX XSpace and Chrome Trace Event JSON (plain, gzip or zip).\n"
           "\n"
           "Commands:\n");
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    fprintf (stream, "  %-10s %s\n", commands[i].name, commands[i].summary);
  fprintf (stream,
           "\n"
           "info, summary and steps take several inputs and folders (every trace in\n"
           "them): each input is read on its own and the JSON outputs join in an array.\n"
           "Run “stepscope-cli COMMAND --help” for the options of a command.\n"
           "Exit status: 0 on success, 1 for a bad input, 2 for bad usage.\n");
}

int
main (int    argc,
      char **argv)
{
  stp_buffer_fix_mmap_threshold ();
  setlocale (LC_ALL, "");

  /* Inputs are mapped rather than copied: a conversion ends anyway, and
   * says so, if an input is truncated while it runs. */
  stp_file_map_enable ("stepscope-cli", EXIT_BAD_INPUT);
  /* An interrupted -o leaves no temporary file behind. */
  stp_safe_output_clean_on_signals ();

  if (argc < 2)
    {
      print_help (stderr);
      return EXIT_USAGE;
    }

  if (g_str_equal (argv[1], "--help") || g_str_equal (argv[1], "-h") ||
      g_str_equal (argv[1], "help"))
    {
      print_help (stdout);
      return EXIT_SUCCESS;
    }

  if (g_str_equal (argv[1], "--version"))
    {
      printf ("stepscope-cli %s\n", PACKAGE_VERSION);
      return EXIT_SUCCESS;
    }

  /* "" names the current folder to GIO, whose every trace would load:
   * an unset shell variable, most likely. */
  for (int i = 2; i < argc; i++)
    if (argv[i][0] == '\0')
      {
        print_error ("an empty argument is not a file name (is a shell variable unset?)");
        return EXIT_USAGE;
      }

  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    if (g_str_equal (argv[1], commands[i].name))
      {
        g_autofree char *prgname = g_strdup_printf ("stepscope-cli %s", commands[i].name);

        /* The usage line of the command's --help and its errors. */
        g_set_prgname (prgname);
        return commands[i].run (argc - 1, argv + 1);
      }

  print_error ("unknown command “%s”", argv[1]);
  print_help (stderr);
  return EXIT_USAGE;
}
