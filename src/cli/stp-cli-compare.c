/* stp-cli-compare.c: `stepscope-cli compare`, as a table or JSON
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "stepscope-cli"

#include "stp-cli-compare.h"
#include "stp-cli-inputs.h"
#include "stp-error.h"
#include "stp-json-writer.h"
#include "stp-loader.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#define EXIT_BAD_INPUT 1
#define EXIT_USAGE     2
#define MAX_NAME_CHARS 48

char *
stp_cli_printable_name (const char *name,
                        guint       max_chars)
{
  g_autofree char *valid = g_utf8_make_valid (name, -1);
  GString *out = g_string_new (NULL);
  guint n = 0;

  for (const char *p = valid; *p != '\0'; p = g_utf8_next_char (p))
    {
      gunichar c = g_utf8_get_char (p);

      if (n == max_chars - 1 && g_utf8_strlen (p, -1) > 1)
        {
          g_string_append (out, "…");
          break;
        }
      if (g_unichar_iscntrl (c) || c == 0x7f)
        g_string_append_c (out, '?');
      else
        g_string_append_unichar (out, c);
      n++;
    }
  return g_string_free (out, FALSE);
}

static void
append_padded (GString    *out,
               const char *text,
               guint       width)
{
  glong chars = g_utf8_strlen (text, -1);

  g_string_append (out, text);
  for (glong i = chars; i < (glong) width; i++)
    g_string_append_c (out, ' ');
}

static void
append_count (GString *out,
              double   count)
{
  if (count == floor (count))
    g_string_append_printf (out, " %9.0f", count);
  else
    g_string_append_printf (out, " %9.1f", count);
}

static void
append_ratio (GString *out,
              double   ratio)
{
  if (isnan (ratio))
    g_string_append_printf (out, " %8s", "-");
  else
    g_string_append_printf (out, " %7.2fx", ratio);
}

static const char *
side_of (const StpCompareRow *row)
{
  return row->in_a && row->in_b ? "both" : row->in_a ? "A" : "B";
}

static void
describe_scope (GString          *out,
                const StpCompare *compare)
{
  const StpCompareOptions *o = &compare->options;

  if (o->step_a >= 0)
    g_string_append_printf (out, "Over step %" G_GINT64_FORMAT " of A and step %" G_GINT64_FORMAT " of B",
                            o->step_a, o->step_b);
  else if (o->per_step)
    g_string_append (out, "Per-step medians (count and time of each name in a step, the median over the trace's steps)");
  else
    g_string_append (out, "Over the whole traces");
  g_string_append_printf (out, "; steps found: %u in A, %u in B", compare->n_steps_a, compare->n_steps_b);
  if (compare->n_steps_a != compare->n_steps_b)
    g_string_append (out, " (different step counts: each side's own steps are used, none matched up)");
  g_string_append (out, ".\n");
}

GString *
stp_cli_compare_to_text (const StpTrace   *a,
                         const StpTrace   *b,
                         const StpCompare *compare)
{
  GString *out = g_string_new (NULL);
  g_autofree char *name_a = stp_cli_printable_name (a->filename, 200);
  g_autofree char *name_b = stp_cli_printable_name (b->filename, 200);

  g_string_append_printf (out, "A: %s (%s)\nB: %s (%s)\nBy %s.  ",
                          name_a, stp_format_to_string (a->format),
                          name_b, stp_format_to_string (b->format),
                          stp_compare_by_to_string (compare->options.by));
  describe_scope (out, compare);
  g_string_append (out, "Times in µs; diff = B - A, ratio = B / A; sorted by the size of the difference.\n\n");

  append_padded (out, "name", MAX_NAME_CHARS);
  g_string_append_printf (out, " %-4s %9s %9s %12s %12s %10s %10s %12s %8s\n",
                          "in", "count A", "count B", "total A", "total B", "mean A", "mean B",
                          "diff", "ratio");

  for (guint i = 0; i < compare->rows->len; i++)
    {
      const StpCompareRow *row = g_ptr_array_index (compare->rows, i);
      g_autofree char *name = stp_cli_printable_name (row->name, MAX_NAME_CHARS);

      append_padded (out, name, MAX_NAME_CHARS);
      g_string_append_printf (out, " %-4s", side_of (row));
      append_count (out, row->count_a);
      append_count (out, row->count_b);
      g_string_append_printf (out, " %12.1f %12.1f %10.2f %10.2f %+12.1f",
                              row->time_a / 1000, row->time_b / 1000,
                              row->mean_a / 1000, row->mean_b / 1000, row->diff / 1000);
      append_ratio (out, row->ratio);
      g_string_append_c (out, '\n');
    }

  g_string_append_c (out, '\n');
  append_padded (out, "total", MAX_NAME_CHARS);
  g_string_append_printf (out, " %-4s", "");
  append_count (out, compare->count_a);
  append_count (out, compare->count_b);
  g_string_append_printf (out, " %12.1f %12.1f %10s %10s %+12.1f",
                          compare->total_a / 1000, compare->total_b / 1000, "", "",
                          (compare->total_b - compare->total_a) / 1000);
  append_ratio (out, compare->total_a != 0 ? compare->total_b / compare->total_a : NAN);
  g_string_append_printf (out, "\n%u names in both, %u only in A, %u only in B.\n",
                          compare->rows->len - compare->n_only_a - compare->n_only_b,
                          compare->n_only_a, compare->n_only_b);
  return out;
}

static void
json_us (GString *out,
         double   ns)
{
  stp_json_append_double (out, ns / 1000);
}

static void
json_side (GString        *out,
           const StpTrace *trace,
           guint           n_steps,
           gint64          step)
{
  g_string_append (out, "{\"file\": ");
  stp_json_append_string (out, trace->filename, strlen (trace->filename));
  g_string_append_printf (out, ", \"format\": \"%s\", \"steps\": %u, \"step\": ",
                          stp_format_to_string (trace->format), n_steps);
  if (step >= 0)
    g_string_append_printf (out, "%" G_GINT64_FORMAT, step);
  else
    g_string_append (out, "null");
  g_string_append (out, "}");
}

static void
json_names (GString          *out,
            const StpCompare *compare,
            gboolean          a)
{
  gboolean first = TRUE;

  g_string_append_c (out, '[');
  for (guint i = 0; i < compare->rows->len; i++)
    {
      const StpCompareRow *row = g_ptr_array_index (compare->rows, i);

      if (a ? row->in_b : row->in_a)
        continue;
      g_string_append (out, first ? "" : ", ");
      stp_json_append_string (out, row->name, strlen (row->name));
      first = FALSE;
    }
  g_string_append_c (out, ']');
}

GString *
stp_cli_compare_to_json (const StpTrace   *a,
                         const StpTrace   *b,
                         const StpCompare *compare)
{
  GString *out = g_string_new ("{\n  \"a\": ");

  json_side (out, a, compare->n_steps_a, compare->options.step_a);
  g_string_append (out, ",\n  \"b\": ");
  json_side (out, b, compare->n_steps_b, compare->options.step_b);
  g_string_append_printf (out, ",\n  \"by\": \"%s\",\n  \"per_step_medians\": %s,\n  \"totals\": {\"count_a\": ",
                          stp_compare_by_to_string (compare->options.by),
                          compare->options.per_step ? "true" : "false");
  stp_json_append_double (out, compare->count_a);
  g_string_append (out, ", \"count_b\": ");
  stp_json_append_double (out, compare->count_b);
  g_string_append (out, ", \"time_a_us\": ");
  json_us (out, compare->total_a);
  g_string_append (out, ", \"time_b_us\": ");
  json_us (out, compare->total_b);
  g_string_append (out, ", \"diff_us\": ");
  json_us (out, compare->total_b - compare->total_a);
  g_string_append (out, ", \"ratio\": ");
  stp_json_append_double (out, compare->total_a != 0 ? compare->total_b / compare->total_a : NAN);
  g_string_append (out, "},\n  \"only_in_a\": ");
  json_names (out, compare, TRUE);
  g_string_append (out, ",\n  \"only_in_b\": ");
  json_names (out, compare, FALSE);
  g_string_append (out, ",\n  \"rows\": [");

  for (guint i = 0; i < compare->rows->len; i++)
    {
      const StpCompareRow *row = g_ptr_array_index (compare->rows, i);

      g_string_append (out, i ? ",\n    {\"name\": " : "\n    {\"name\": ");
      stp_json_append_string (out, row->name, strlen (row->name));
      g_string_append_printf (out, ", \"in\": \"%s\", \"count_a\": ",
                              row->in_a && row->in_b ? "both" : row->in_a ? "a" : "b");
      stp_json_append_double (out, row->count_a);
      g_string_append (out, ", \"count_b\": ");
      stp_json_append_double (out, row->count_b);
      g_string_append (out, ", \"time_a_us\": ");
      json_us (out, row->time_a);
      g_string_append (out, ", \"time_b_us\": ");
      json_us (out, row->time_b);
      g_string_append (out, ", \"mean_a_us\": ");
      json_us (out, row->mean_a);
      g_string_append (out, ", \"mean_b_us\": ");
      json_us (out, row->mean_b);
      g_string_append (out, ", \"diff_us\": ");
      json_us (out, row->diff);
      g_string_append (out, ", \"ratio\": ");
      stp_json_append_double (out, row->ratio);
      g_string_append (out, "}");
    }
  g_string_append (out, compare->rows->len ? "\n  ]\n}\n" : "]\n}\n");
  return out;
}

static int
usage_error (const char *message)
{
  g_printerr ("stepscope-cli: %s\n", message);
  g_printerr ("Try “%s --help”.\n", g_get_prgname ());
  return EXIT_USAGE;
}

static gboolean
parse_steps (const char *text,
             gint64     *step_a,
             gint64     *step_b)
{
  const char *colon = strchr (text, ':');
  g_autofree char *first = g_strndup (text, colon ? (gsize) (colon - text) : strlen (text));
  guint64 a, b;

  if (!g_ascii_string_to_unsigned (first, 10, 0, G_MAXINT64, &a, NULL))
    return FALSE;
  b = a;
  if (colon != NULL && !g_ascii_string_to_unsigned (colon + 1, 10, 0, G_MAXINT64, &b, NULL))
    return FALSE;
  *step_a = a;
  *step_b = b;
  return TRUE;
}

int
stp_cli_compare_run (int    argc,
                     char **argv)
{
  g_autofree char *by = NULL, *step = NULL, *output = NULL;
  gboolean per_step = FALSE, json = FALSE;
  const GOptionEntry entries[] = {
    { "by", 0, 0, G_OPTION_ARG_STRING, &by,
      "Compare op types (default), GPU kernels, name scopes or devices", "op|kernel|scope|device" },
    { "steps", 0, 0, G_OPTION_ARG_NONE, &per_step,
      "Per-step medians instead of whole-trace sums", NULL },
    { "step", 0, 0, G_OPTION_ARG_STRING, &step,
      "Only step N of both traces, or step N of A and M of B", "N[:M]" },
    { "json", 0, 0, G_OPTION_ARG_NONE, &json, "Print JSON instead of a table", NULL },
    { "output", 'o', 0, G_OPTION_ARG_FILENAME, &output,
      "Write to FILE instead of standard output", "FILE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("A B");
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) a = NULL, b = NULL;
  g_autoptr(StpCompare) compare = NULL;
  g_autoptr(GString) out = NULL;
  StpCompareOptions options = STP_COMPARE_OPTIONS_INIT;

  g_option_context_set_summary (context, "Compare two traces name by name");
  g_option_context_set_description (context,
    "Sums up A (the baseline) and B as `summary` does (by op type, name scope\n"
    "or device) or their GPU kernels by name, and lists per name the count,\n"
    "total and mean time in A and in B, the difference B - A and the ratio\n"
    "B / A, largest difference first; names only in A or only in B; and the\n"
    "totals.  Steps are PyTorch ProfilerStep#N slices, an XSpace Steps line,\n"
    "or a whole StepStats.  --steps takes, per name, the median over each\n"
    "trace's steps of its count and time in a step.  --step 12:11 compares\n"
    "step 12 of A with step 11 of B.  Times in microseconds.");
  g_option_context_add_main_entries (context, entries, NULL);

  if (!g_option_context_parse (context, &argc, &argv, &error))
    return usage_error (error->message);
  if (argc != 3)
    return usage_error (argc < 3 ? "compare needs two inputs, A and B" : "compare takes two inputs, A and B");
  if (by != NULL && !stp_compare_by_from_string (by, &options.by))
    {
      g_autofree char *message = g_strdup_printf ("--by must be op, kernel, scope or device, not “%s”", by);
      return usage_error (message);
    }
  if (step != NULL && !parse_steps (step, &options.step_a, &options.step_b))
    {
      g_autofree char *message = g_strdup_printf ("--step must be N or N:M (step numbers), not “%s”", step);
      return usage_error (message);
    }
  if (step != NULL && per_step)
    return usage_error ("--step and --steps do not go together");
  options.per_step = per_step;

  if ((a = stp_cli_load (argv[1], NULL, &error)) == NULL ||
      (b = stp_cli_load (argv[2], NULL, &error)) == NULL)
    {
      g_printerr ("stepscope-cli: %s\n", error->message);
      return EXIT_BAD_INPUT;
    }

  compare = stp_compare_new (a, b, &options, NULL, &error);
  if (compare == NULL)
    {
      g_printerr ("stepscope-cli: %s\n", error->message);
      return g_error_matches (error, STP_ERROR, STP_ERROR_INVALID_ARGUMENT) && step != NULL
             ? EXIT_USAGE : EXIT_BAD_INPUT;
    }

  out = json ? stp_cli_compare_to_json (a, b, compare) : stp_cli_compare_to_text (a, b, compare);
  if (!stp_cli_write_output (output, out, &error))
    {
      g_printerr ("stepscope-cli: writing the output: %s\n", error->message);
      return EXIT_BAD_INPUT;
    }
  return EXIT_SUCCESS;
}
