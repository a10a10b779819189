/* stp-cli-summary.c: `stepscope-cli summary`, as a table or JSON
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "stepscope-cli"

#include "stp-cli-summary.h"
#include "stp-error.h"
#include "stp-json-writer.h"
#include "stp-text.h"

#include <math.h>
#include <string.h>

#define MAX_NAME_CHARS 60
#define US_LIMIT 9.2e12   /* µs that still fit in int64 nanoseconds, with room */

static gboolean
parse_us (const char  *text,
          gsize        len,
          gint64      *ns,
          GError     **error)
{
  g_autofree char *copy = g_strndup (text, len);
  char *end = NULL;
  double us;

  g_strstrip (copy);
  us = g_ascii_strtod (copy, &end);
  if (copy[0] == '\0' || end == copy || *end != '\0' || !isfinite (us) || fabs (us) > US_LIMIT)
    {
      g_set_error (error, STP_ERROR, STP_ERROR_INVALID_ARGUMENT,
                   "--range: “%s” is not a time in microseconds", copy);
      return FALSE;
    }
  *ns = (gint64) llround (us * 1000.0);
  return TRUE;
}

gboolean
stp_cli_summary_parse_range (const StpTrace  *trace,
                             const char      *text,
                             gint64          *start,
                             gint64          *end,
                             GError         **error)
{
  const char *colon = strchr (text, ':');
  gint64 ns;

  *start = G_MININT64;
  *end = G_MAXINT64;

  if (colon == NULL)
    {
      g_set_error (error, STP_ERROR, STP_ERROR_INVALID_ARGUMENT,
                   "--range must be START:END (microseconds from the trace start), not “%s”", text);
      return FALSE;
    }

  if (colon > text)
    {
      if (!parse_us (text, colon - text, &ns, error))
        return FALSE;
      *start = trace->start_ts + ns;
    }
  if (colon[1] != '\0')
    {
      if (!parse_us (colon + 1, strlen (colon + 1), &ns, error))
        return FALSE;
      *end = trace->start_ts + ns;
    }
  if (*start >= *end)
    {
      g_set_error (error, STP_ERROR, STP_ERROR_INVALID_ARGUMENT,
                   "--range “%s” is empty: END must come after START", text);
      return FALSE;
    }
  return TRUE;
}

static void
effective_range (const StpTrace   *trace,
                 const StpSummary *summary,
                 gint64           *start,
                 gint64           *end)
{
  *start = summary->start == G_MININT64 ? trace->start_ts : summary->start;
  *end = summary->end == G_MAXINT64 ? trace->end_ts : summary->end;
}

/* ------------------------------------------------------------------ */
/* JSON                                                                */

static void
json_key (GString    *out,
          const char *key)
{
  g_string_append_c (out, '"');
  g_string_append (out, key);
  g_string_append (out, "\": ");
}

static void
json_row (GString             *out,
          const StpSummary    *summary,
          const StpSummaryRow *row,
          guint                indent)
{
  g_string_append (out, "{");
  json_key (out, "name");
  stp_json_append_string (out, row->name, strlen (row->name));
  if (row->path != NULL)
    {
      g_string_append (out, ", ");
      json_key (out, "path");
      stp_json_append_string (out, row->path, strlen (row->path));
    }
  g_string_append (out, ", ");
  json_key (out, "time_us");
  stp_json_append_ns_as_us (out, row->time);
  g_string_append (out, ", ");
  json_key (out, "self_time_us");
  stp_json_append_ns_as_us (out, row->self_time);
  if (summary->has_device_split)
    {
      g_string_append (out, ", ");
      json_key (out, "accelerator_time_us");
      stp_json_append_ns_as_us (out, row->accelerator_time);
      g_string_append (out, ", ");
      json_key (out, "cpu_time_us");
      stp_json_append_ns_as_us (out, row->cpu_time);
    }
  g_string_append (out, ", ");
  json_key (out, "percent");
  stp_json_append_double (out, row->percent);
  if (summary->by != STP_SUMMARY_BY_SCOPE)
    {
      g_string_append (out, ", ");
      json_key (out, "cumulative_percent");
      stp_json_append_double (out, row->cumulative_percent);
    }
  g_string_append (out, ", ");
  json_key (out, "occurrences");
  g_string_append_printf (out, "%" G_GUINT64_FORMAT, row->occurrences);
  if (summary->by == STP_SUMMARY_BY_SCOPE)
    {
      g_string_append (out, ", ");
      json_key (out, "self_occurrences");
      g_string_append_printf (out, "%" G_GUINT64_FORMAT, row->self_occurrences);
    }
  if (stp_summary_by_has_average (summary->by))
    {
      g_string_append (out, ", ");
      json_key (out, "average_us");
      stp_json_append_double (out, row->occurrences ? row->time / 1000.0 / row->occurrences : 0);
    }

  if (row->children != NULL && row->children->len > 0)
    {
      g_string_append (out, ", ");
      json_key (out, "children");
      g_string_append (out, "[");
      for (guint i = 0; i < row->children->len; i++)
        {
          g_string_append_printf (out, "%s\n%*s", i ? "," : "", indent + 2, "");
          json_row (out, summary, g_ptr_array_index (row->children, i), indent + 2);
        }
      g_string_append_printf (out, "\n%*s]", indent, "");
    }
  g_string_append (out, "}");
}

GString *
stp_cli_summary_to_json (const StpTrace   *trace,
                         const StpSummary *summary)
{
  GString *out = g_string_new ("{\n  ");
  gint64 start, end;

  effective_range (trace, summary, &start, &end);

  json_key (out, "file");
  stp_json_append_string (out, trace->filename, strlen (trace->filename));
  g_string_append (out, ",\n  ");
  json_key (out, "format");
  g_string_append_printf (out, "\"%s\",\n  ", stp_format_to_string (trace->format));
  json_key (out, "by");
  g_string_append_printf (out, "\"%s\",\n  ", stp_summary_by_to_string (summary->by));
  json_key (out, "order_by");
  g_string_append_printf (out, "\"%s\",\n  ", stp_summary_order_to_string (summary->order));
  json_key (out, "range_us");
  g_string_append (out, "[");
  stp_json_append_ns_as_us (out, stp_time_sub (start, trace->start_ts));
  g_string_append (out, ", ");
  stp_json_append_ns_as_us (out, stp_time_sub (end, trace->start_ts));
  g_string_append (out, "],\n  ");
  json_key (out, "wall_time_us");
  stp_json_append_ns_as_us (out, summary->wall_time);
  g_string_append (out, ",\n  ");
  json_key (out, "busy_time_us");
  stp_json_append_ns_as_us (out, summary->busy_time);
  g_string_append (out, ",\n  ");
  json_key (out, "self_time_us");
  stp_json_append_ns_as_us (out, summary->self_time);
  g_string_append (out, ",\n  ");
  json_key (out, "total_time_us");
  stp_json_append_ns_as_us (out, summary->total_time);
  if (summary->has_device_split)
    {
      g_string_append (out, ",\n  ");
      json_key (out, "accelerator_time_us");
      stp_json_append_ns_as_us (out, summary->accelerator_time);
      g_string_append (out, ",\n  ");
      json_key (out, "cpu_time_us");
      stp_json_append_ns_as_us (out, summary->cpu_time);
    }
  g_string_append (out, ",\n  ");
  json_key (out, "slices");
  g_string_append_printf (out, "%" G_GUINT64_FORMAT ",\n  ", summary->n_slices);
  json_key (out, "rows");
  g_string_append (out, "[");
  for (guint i = 0; i < summary->rows->len; i++)
    {
      g_string_append (out, i ? ",\n    " : "\n    ");
      json_row (out, summary, g_ptr_array_index (summary->rows, i), 4);
    }
  g_string_append (out, summary->rows->len ? "\n  ]\n}\n" : "]\n}\n");
  return out;
}

/* ------------------------------------------------------------------ */
/* Text                                                                */

/* tfprof's units: 1.37sec, 618.97ms, 12.50us, 800ns. */
static char *
format_time (gint64 ns)
{
  double v = (double) ns;

  if (fabs (v) >= 1e9)
    return g_strdup_printf ("%.2fsec", v / 1e9);
  if (fabs (v) >= 1e6)
    return g_strdup_printf ("%.2fms", v / 1e6);
  if (fabs (v) >= 1e3)
    return g_strdup_printf ("%.2fus", v / 1e3);
  return g_strdup_printf ("%" G_GINT64_FORMAT "ns", ns);
}

/* A name from the trace, escaped for the terminal (escape sequences,
 * newlines, invalid UTF-8) and cut to the column. */
static char *
shorten (const char *name,
         guint       indent)
{
  g_autofree char *escaped = stp_text_escape (name, -1, 0);
  glong chars = g_utf8_strlen (escaped, -1);
  GString *out = g_string_new (NULL);

  g_string_append_printf (out, "%*s", indent, "");
  if (chars <= MAX_NAME_CHARS)
    g_string_append (out, escaped);
  else
    {
      const char *cut = g_utf8_offset_to_pointer (escaped, MAX_NAME_CHARS - 3);

      g_string_append_len (out, escaped, cut - escaped);
      g_string_append (out, "...");
    }
  return g_string_free (out, FALSE);
}

typedef struct
{
  GPtrArray *cells;    /* char*, n_columns per line */
  guint      n_columns;
} Table;

static void
table_add (Table *table,
           char  *cell)
{
  g_ptr_array_add (table->cells, cell);
}

static void
add_row_cells (Table               *table,
               const StpSummary    *summary,
               const StpSummaryRow *row,
               guint                indent)
{
  table_add (table, shorten (row->name, indent));
  table_add (table, format_time (row->time));
  table_add (table, format_time (row->self_time));
  table_add (table, g_strdup_printf ("%.2f%%", row->percent));
  if (summary->by != STP_SUMMARY_BY_SCOPE)
    table_add (table, g_strdup_printf ("%.2f%%", row->cumulative_percent));
  if (summary->has_device_split)
    {
      table_add (table, format_time (row->accelerator_time));
      table_add (table, format_time (row->cpu_time));
    }
  table_add (table, g_strdup_printf ("%" G_GUINT64_FORMAT, row->occurrences));
  if (stp_summary_by_has_average (summary->by))
    table_add (table, row->occurrences ? format_time (row->time / (gint64) row->occurrences) : g_strdup ("-"));

  for (guint i = 0; row->children != NULL && i < row->children->len; i++)
    add_row_cells (table, summary, g_ptr_array_index (row->children, i), indent + 2);
}

GString *
stp_cli_summary_to_text (const StpTrace   *trace,
                         const StpSummary *summary)
{
  g_autoptr(GString) out = g_string_new (NULL);
  g_autofree char *total = format_time (summary->total_time);
  g_autofree char *wall = format_time (summary->wall_time);
  g_autofree char *busy = format_time (summary->busy_time);
  g_autofree char *self = format_time (summary->self_time);
  g_autofree char *from = NULL, *to = NULL;
  g_autofree char *filename = NULL;
  g_autofree guint *widths = NULL;
  Table table = { g_ptr_array_new_with_free_func (g_free), 0 };
  const char *first = summary->by == STP_SUMMARY_BY_OP ? "Op type"
                      : summary->by == STP_SUMMARY_BY_SCOPE ? "Scope"
                      : summary->by == STP_SUMMARY_BY_TRACE ? "Trace" : "Device";
  gint64 start, end;

  effective_range (trace, summary, &start, &end);
  from = format_time (stp_time_sub (start, trace->start_ts));
  to = format_time (stp_time_sub (end, trace->start_ts));

  filename = stp_text_escape (trace->filename, -1, 0);
  g_string_append_printf (out, "%s (%s): by %s, ordered by %s, from %s to %s after the trace start\n",
                          filename, stp_format_to_string (trace->format),
                          stp_summary_by_to_string (summary->by),
                          stp_summary_order_to_string (summary->order), from, to);
  /* Say what each number is: the span, the union, the sums. */
  g_string_append_printf (out, "Wall span %s, busy %s (when any counted slice runs); "
                          "summed time %s in %" G_GUINT64_FORMAT " slices (nested slices again inside their parents), "
                          "summed self time %s", wall, busy, total, summary->n_slices, self);
  if (summary->has_device_split)
    {
      g_autofree char *accel = format_time (summary->accelerator_time);
      g_autofree char *cpu = format_time (summary->cpu_time);

      g_string_append_printf (out, "; summed time on accelerators %s, on CPUs %s", accel, cpu);
    }
  g_string_append (out, "\n\n");

  table_add (&table, g_strdup (first));
  table_add (&table, g_strdup (summary->by == STP_SUMMARY_BY_SCOPE ? "Total"
                              : stp_summary_by_is_busy_time (summary->by) ? "Busy" : "Time"));
  table_add (&table, g_strdup ("Self"));
  table_add (&table, g_strdup ("%"));
  if (summary->by != STP_SUMMARY_BY_SCOPE)
    table_add (&table, g_strdup ("Cum. %"));
  if (summary->has_device_split)
    {
      table_add (&table, g_strdup ("Accelerator"));
      table_add (&table, g_strdup ("CPU"));
    }
  table_add (&table, g_strdup ("Count"));
  if (stp_summary_by_has_average (summary->by))
    table_add (&table, g_strdup ("Average"));
  table.n_columns = table.cells->len;

  for (guint i = 0; i < summary->rows->len; i++)
    add_row_cells (&table, summary, g_ptr_array_index (summary->rows, i), 0);

  widths = g_new0 (guint, table.n_columns);
  for (guint i = 0; i < table.cells->len; i++)
    widths[i % table.n_columns] = MAX (widths[i % table.n_columns],
                                       g_utf8_strlen (g_ptr_array_index (table.cells, i), -1));

  /* The name left-aligned, numbers right-aligned. */
  for (guint i = 0; i < table.cells->len; i++)
    {
      const char *cell = g_ptr_array_index (table.cells, i);
      guint column = i % table.n_columns;
      guint pad = widths[column] - g_utf8_strlen (cell, -1);

      if (column == 0)
        g_string_append_printf (out, "%s%*s", cell, pad, "");
      else
        g_string_append_printf (out, "  %*s%s", pad, "", cell);
      if (column == table.n_columns - 1)
        g_string_append_c (out, '\n');
    }

  g_ptr_array_unref (table.cells);
  return g_steal_pointer (&out);
}
