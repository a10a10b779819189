/* test-summary.c: tfprof-style summaries, against sums over the model
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every number a summary gives is recomputed here from the trace's
 * slices (and their args), with the rules of stp-summary.h written out
 * again in the plainest way; then `stepscope-cli summary`.
 */

#include <json-glib/json-glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "cli-test-util.h"
#include "stp-chrome-json.h"
#include "stp-derived-line.h"
#include "stp-error.h"
#include "stp-loader.h"
#include "stp-summary.h"

/* Nesting: outer > inner > a/c on pid 1; another outer and a zero-length
 * slice on pid 2; an instant (never counted).  Times in µs. */
static const char chrome_trace[] =
  "{\"traceEvents\":["
  "{\"ph\":\"X\",\"name\":\"outer\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":100},"
  "{\"ph\":\"X\",\"name\":\"a/b/inner\",\"pid\":1,\"tid\":1,\"ts\":10,\"dur\":20},"
  "{\"ph\":\"X\",\"name\":\"a/b/inner\",\"pid\":1,\"tid\":1,\"ts\":40,\"dur\":30},"
  "{\"ph\":\"X\",\"name\":\"a/c\",\"pid\":1,\"tid\":1,\"ts\":50,\"dur\":10},"
  "{\"ph\":\"i\",\"name\":\"mark\",\"pid\":1,\"tid\":1,\"ts\":5,\"s\":\"t\"},"
  "{\"ph\":\"X\",\"name\":\"outer\",\"pid\":2,\"tid\":7,\"ts\":200,\"dur\":50},"
  "{\"ph\":\"X\",\"name\":\"zero\",\"pid\":2,\"tid\":7,\"ts\":300,\"dur\":0}"
  "]}";

#define US 1000

static StpTrace *
load_chrome (void)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static (chrome_trace, strlen (chrome_trace));
  g_autoptr(GError) error = NULL;
  g_autoptr(StpInput) input = stp_input_new_for_bytes (bytes, "nested.json", &error);
  StpTrace *trace;

  g_assert_no_error (error);
  trace = stp_chrome_json_load (input, "nested.json", NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

static StpTrace *
load_path (const char               *path,
           const StpAnalysisOptions *options)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  StpTrace *trace = stp_load_file (file, options, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return trace;
}

static StpSummary *
summarize (StpTrace        *trace,
           StpSummaryBy     by,
           StpSummaryOrder  order,
           gint64           start,
           gint64           end)
{
  g_autoptr(GError) error = NULL;
  StpSummary *summary = stp_summary_new (trace, by, order, start, end, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (summary);
  return summary;
}

static const StpSummaryRow *
find_row (GPtrArray  *rows,
          const char *name)
{
  for (guint i = 0; rows != NULL && i < rows->len; i++)
    {
      const StpSummaryRow *row = g_ptr_array_index (rows, i);

      if (g_str_equal (row->name, name))
        return row;
    }
  return NULL;
}

static const StpSummaryRow *
get_row (GPtrArray  *rows,
         const char *name)
{
  const StpSummaryRow *row = find_row (rows, name);

  if (row == NULL)
    g_error ("no row “%s”", name);
  return row;
}

static gint64
clip (const StpSlice *s,
      gint64          start,
      gint64          end)
{
  gint64 a = MAX (s->ts, start), b = MIN (stp_slice_end (s), end);

  return MAX (b - a, 0);
}

/* Sums that hold for every summary: rows add up to the total, shares to
 * 100%, scope totals to their self time plus their children's. */
static void
check_consistent (const StpSummary *summary,
                  GPtrArray        *rows,
                  gboolean          top)
{
  gint64 sum = 0;
  double percent = 0;

  for (guint i = 0; i < rows->len; i++)
    {
      const StpSummaryRow *row = g_ptr_array_index (rows, i);

      sum += row->time;
      percent += row->percent;
      g_assert_cmpint (row->accelerator_time + row->cpu_time, ==, row->time);
      if (summary->by == STP_SUMMARY_BY_SCOPE)
        {
          gint64 children = 0;
          guint64 occurrences = 0;

          for (guint c = 0; row->children != NULL && c < row->children->len; c++)
            {
              const StpSummaryRow *child = g_ptr_array_index (row->children, c);

              children += child->time;
              occurrences += child->occurrences;
            }
          g_assert_cmpint (row->time, ==, row->self_time + children);
          g_assert_cmpuint (row->occurrences, ==, row->self_occurrences + occurrences);
          if (row->children != NULL)
            check_consistent (summary, row->children, FALSE);
        }
      else
        {
          g_assert_cmpint (row->self_time, <=, row->time);
          gint64 base = summary->by == STP_SUMMARY_BY_DEVICE ? summary->self_time : summary->total_time;

          g_assert_cmpfloat_with_epsilon (row->cumulative_percent, 100.0 * sum / MAX (base, 1), 1e-9);
        }

      /* Sorted as asked. */
      if (i > 0)
        {
          const StpSummaryRow *prev = g_ptr_array_index (rows, i - 1);

          if (summary->order == STP_SUMMARY_ORDER_TIME)
            g_assert_cmpint (prev->time, >=, row->time);
          else if (summary->order == STP_SUMMARY_ORDER_COUNT)
            g_assert_cmpuint (prev->occurrences, >=, row->occurrences);
          else
            g_assert_cmpint (strcmp (prev->name, row->name), <, 0);
        }
    }

  if (top && summary->by == STP_SUMMARY_BY_DEVICE)
    {
      /* Device rows: each thread's outermost occurrences, nesting once. */
      g_assert_cmpint (sum, ==, summary->self_time);
      g_assert_cmpint (summary->accelerator_time + summary->cpu_time, ==, summary->total_time);
      if (rows->len > 0 && summary->self_time > 0)
        g_assert_cmpfloat_with_epsilon (percent, 100.0, 1e-6);
    }
  else if (top)
    {
      g_assert_cmpint (sum, ==, summary->total_time);
      g_assert_cmpint (summary->accelerator_time + summary->cpu_time, ==, summary->total_time);
      if (rows->len > 0 && summary->total_time > 0)
        g_assert_cmpfloat_with_epsilon (percent, 100.0, 1e-6);
    }
}

static void
test_chrome_nested (void)
{
  g_autoptr(StpTrace) trace = load_chrome ();
  g_autoptr(StpSummary) op = summarize (trace, STP_SUMMARY_BY_OP, STP_SUMMARY_ORDER_TIME, G_MININT64, G_MAXINT64);
  g_autoptr(StpSummary) by_count = summarize (trace, STP_SUMMARY_BY_OP, STP_SUMMARY_ORDER_COUNT, G_MININT64, G_MAXINT64);
  g_autoptr(StpSummary) by_name = summarize (trace, STP_SUMMARY_BY_OP, STP_SUMMARY_ORDER_NAME, G_MININT64, G_MAXINT64);
  g_autoptr(StpSummary) scope = summarize (trace, STP_SUMMARY_BY_SCOPE, STP_SUMMARY_ORDER_TIME, G_MININT64, G_MAXINT64);
  g_autoptr(StpSummary) device = summarize (trace, STP_SUMMARY_BY_DEVICE, STP_SUMMARY_ORDER_TIME, G_MININT64, G_MAXINT64);
  const StpSummaryRow *row;
  gint64 model_total = 0;

  /* The total: every slice of the model, whole (no instants). */
  for (guint t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      for (guint i = 0; track->slices != NULL && i < track->slices->len; i++)
        model_total += stp_track_get_slice (track, i)->dur;
    }
  g_assert_cmpint (op->total_time, ==, model_total);
  g_assert_cmpint (op->total_time, ==, 210 * US);
  g_assert_cmpuint (op->n_slices, ==, 6);
  g_assert_false (op->has_device_split);
  check_consistent (op, op->rows, TRUE);

  /* Each occurrence counts whole; self time loses the counted slices
   * nested directly inside. */
  row = get_row (op->rows, "outer");
  g_assert_cmpint (row->time, ==, 150 * US);
  g_assert_cmpint (row->self_time, ==, (50 + 50) * US);
  g_assert_cmpuint (row->occurrences, ==, 2);
  row = get_row (op->rows, "a/b/inner");
  g_assert_cmpint (row->time, ==, 50 * US);
  g_assert_cmpint (row->self_time, ==, 40 * US);
  row = get_row (op->rows, "zero");
  g_assert_cmpint (row->time, ==, 0);
  g_assert_cmpuint (row->occurrences, ==, 1);
  g_assert_cmpstr (((StpSummaryRow *) g_ptr_array_index (op->rows, 0))->name, ==, "outer");

  check_consistent (by_count, by_count->rows, TRUE);
  check_consistent (by_name, by_name->rows, TRUE);
  g_assert_cmpstr (((StpSummaryRow *) g_ptr_array_index (by_name->rows, 0))->name, ==, "a/b/inner");

  /* Scopes: names split at '/'. */
  check_consistent (scope, scope->rows, TRUE);
  row = get_row (scope->rows, "a");
  g_assert_cmpint (row->time, ==, 60 * US);
  g_assert_cmpint (row->self_time, ==, 0);
  g_assert_cmpstr (get_row (row->children, "b")->path, ==, "a/b");
  g_assert_cmpint (get_row (get_row (row->children, "b")->children, "inner")->self_time, ==, 50 * US);
  g_assert_cmpint (get_row (row->children, "c")->time, ==, 10 * US);
  g_assert_cmpint (get_row (scope->rows, "outer")->self_time, ==, 150 * US);

  /* A device is busy with its outermost slices: outer's 100 µs on pid 1,
   * not 160 with the nested ones added again. */
  check_consistent (device, device->rows, TRUE);
  g_assert_cmpint (get_row (device->rows, "Process 1")->time, ==, 100 * US);
  g_assert_cmpuint (get_row (device->rows, "Process 1")->occurrences, ==, 4);
  g_assert_cmpint (get_row (device->rows, "Process 2")->time, ==, 50 * US);

  /* The headline's numbers: wall span 0..300 µs, busy 100 + 50 µs,
   * summed self time the same, summed inclusive time 210 µs. */
  for (StpSummary *sum = op; sum != NULL; sum = sum == op ? scope : sum == scope ? device : NULL)
    {
      g_assert_cmpint (sum->wall_time, ==, 300 * US);
      g_assert_cmpint (sum->busy_time, ==, 150 * US);
      g_assert_cmpint (sum->self_time, ==, 150 * US);
      g_assert_cmpint (sum->total_time, ==, 210 * US);
    }
}

/* Two threads of one process overlap: busy time is their union, the
 * device row adds both threads' outermost slices, nothing nested twice. */
static void
test_busy_union (void)
{
  static const char json[] =
    "{\"traceEvents\":["
    "{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":100},"
    "{\"ph\":\"X\",\"name\":\"b\",\"pid\":1,\"tid\":1,\"ts\":10,\"dur\":40},"
    "{\"ph\":\"X\",\"name\":\"c\",\"pid\":1,\"tid\":2,\"ts\":50,\"dur\":100},"
    "{\"ph\":\"X\",\"name\":\"d\",\"pid\":2,\"tid\":1,\"ts\":400,\"dur\":100}"
    "]}";
  g_autoptr(GBytes) bytes = g_bytes_new_static (json, strlen (json));
  g_autoptr(GError) error = NULL;
  g_autoptr(StpInput) input = stp_input_new_for_bytes (bytes, "busy.json", &error);
  g_autoptr(StpTrace) trace = stp_chrome_json_load (input, "busy.json", NULL, NULL, NULL, &error);
  g_autoptr(StpSummary) device = NULL;
  g_autoptr(StpSummary) range = NULL;

  g_assert_no_error (error);
  device = summarize (trace, STP_SUMMARY_BY_DEVICE, STP_SUMMARY_ORDER_TIME, G_MININT64, G_MAXINT64);
  check_consistent (device, device->rows, TRUE);
  g_assert_cmpint (device->wall_time, ==, 500 * US);
  g_assert_cmpint (device->busy_time, ==, (150 + 100) * US);
  g_assert_cmpint (device->self_time, ==, 300 * US);
  g_assert_cmpint (device->total_time, ==, 340 * US);
  g_assert_cmpint (get_row (device->rows, "Process 1")->time, ==, 200 * US);
  g_assert_cmpint (get_row (device->rows, "Process 2")->time, ==, 100 * US);

  /* A range clips all of them: [20, 450) µs. */
  range = summarize (trace, STP_SUMMARY_BY_OP, STP_SUMMARY_ORDER_TIME,
                     trace->start_ts + 20 * US, trace->start_ts + 450 * US);
  g_assert_cmpint (range->wall_time, ==, 430 * US);
  g_assert_cmpint (range->busy_time, ==, (130 + 50) * US);
  g_assert_cmpint (range->self_time, ==, (80 + 100 + 50) * US);
}

/* A range clips every occurrence, and leaves out what misses it. */
static void
test_chrome_range (void)
{
  g_autoptr(StpTrace) trace = load_chrome ();
  gint64 start = trace->start_ts + 45 * US, end = trace->start_ts + 60 * US;
  g_autoptr(StpSummary) op = summarize (trace, STP_SUMMARY_BY_OP, STP_SUMMARY_ORDER_TIME, start, end);
  g_autoptr(StpSummary) empty = NULL;
  g_autoptr(GError) error = NULL;
  gint64 model = 0;

  for (guint t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      for (guint i = 0; track->slices != NULL && i < track->slices->len; i++)
        model += clip (stp_track_get_slice (track, i), start, end);
    }
  g_assert_cmpint (op->total_time, ==, model);
  g_assert_cmpint (op->total_time, ==, 40 * US);
  check_consistent (op, op->rows, TRUE);
  g_assert_cmpint (get_row (op->rows, "outer")->time, ==, 15 * US);
  g_assert_cmpint (get_row (op->rows, "outer")->self_time, ==, 0);
  g_assert_cmpint (get_row (op->rows, "a/b/inner")->self_time, ==, 5 * US);
  g_assert_null (find_row (op->rows, "zero"));

  empty = stp_summary_new (trace, STP_SUMMARY_BY_OP, STP_SUMMARY_ORDER_TIME, end, start, NULL, &error);
  g_assert_null (empty);
  g_assert_error (error, STP_ERROR, STP_ERROR_INVALID_ARGUMENT);
}

/* The args of a slice as a JSON object (NULL if none). */
static JsonObject *
args_of (StpTrace       *trace,
         const StpSlice *slice,
         JsonParser     *parser)
{
  g_autofree char *args = stp_trace_dup_args (trace, NULL, slice);

  if (args == NULL || !json_parser_load_from_data (parser, args, -1, NULL))
    return NULL;
  return json_node_get_object (json_parser_get_root (parser));
}

/* "scope/name:Type" with TensorFlow's name and type characters. */
static gboolean
tf_op_type (const char  *full,
            const char **type)
{
  const char *colon = strchr (full, ':');

  /* [A-Za-z0-9.][A-Za-z0-9_./>-]*:[A-Z_][A-Za-z0-9_]* */
  if (colon == NULL || colon == full || !(g_ascii_isupper (colon[1]) || colon[1] == '_') ||
      !(g_ascii_isalnum (full[0]) || full[0] == '.'))
    return FALSE;
  for (const char *p = full; p < colon; p++)
    if (!(g_ascii_isalnum (*p) || strchr ("_./>-", *p)))
      return FALSE;
  for (const char *p = colon + 1; *p; p++)
    if (!(g_ascii_isalnum (*p) || *p == '_'))
      return FALSE;
  *type = colon + 1;
  return TRUE;
}

/* The real capture: accelerator time is what the GPU planes' lines hold
 * (not the profiler's derived lines), CPU time the host events named
 * after ops; per op type, the kernels' "level 0" and the host events'
 * names. */
static void
test_xspace (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "xspace",
                                                 "34.83.195.179_6003.xplane.pb", NULL);
  g_autoptr(StpTrace) trace = load_path (path, NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  gint64 start = trace->start_ts + 1800000 * US, end = trace->start_ts + 1925000 * US;
  g_autoptr(StpSummary) op = summarize (trace, STP_SUMMARY_BY_OP, STP_SUMMARY_ORDER_TIME, G_MININT64, G_MAXINT64);
  g_autoptr(StpSummary) device = summarize (trace, STP_SUMMARY_BY_DEVICE, STP_SUMMARY_ORDER_NAME, start, end);
  g_autoptr(StpSummary) scope = summarize (trace, STP_SUMMARY_BY_SCOPE, STP_SUMMARY_ORDER_COUNT, G_MININT64, G_MAXINT64);
  gint64 accel = 0, cpu = 0, cast_accel = 0, cast_cpu = 0;
  g_autoptr(GHashTable) device_time = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  guint64 cast_cpu_count = 0;

  for (guint t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);
      const char *pname = stp_trace_str (trace, stp_trace_get_process (trace, track->process)->name);
      const char *tname = stp_trace_str (trace, track->name);
      gboolean on_device = g_str_has_prefix (pname, "/device:");
      gboolean view = g_str_equal (tname, "Steps") || g_str_equal (tname, "TensorFlow Ops") ||
                      g_str_equal (tname, "TensorFlow Name Scope") || g_str_equal (tname, "XLA Modules");

      if (track->slices == NULL || (on_device && view))
        continue;
      for (guint i = 0; i < track->slices->len; i++)
        {
          const StpSlice *s = stp_track_get_slice (track, i);
          JsonObject *args = args_of (trace, s, parser);
          const char *type = NULL;
          gboolean counted;
          gint64 *in_range;

          if (on_device)
            {
              const char *level0 = args && json_object_has_member (args, "level 0")
                                   ? json_object_get_string_member (args, "level 0") : NULL;

              counted = TRUE;
              accel += s->dur;
              if (level0 != NULL && tf_op_type (level0, &type) && g_str_equal (type, "Cast"))
                cast_accel += s->dur;
            }
          else
            {
              const char *full = args && json_object_has_member (args, "long_name")
                                 ? json_object_get_string_member (args, "long_name")
                                 : stp_trace_str (trace, s->name);

              counted = tf_op_type (full, &type);
              if (counted)
                cpu += s->dur;
              if (counted && g_str_equal (type, "Cast"))
                {
                  cast_cpu += s->dur;
                  cast_cpu_count++;
                }
            }

          if (!counted || clip (s, start, end) == 0)
            continue;
          in_range = g_hash_table_lookup (device_time, pname);
          if (in_range == NULL)
            {
              in_range = g_new0 (gint64, 1);
              g_hash_table_insert (device_time, g_strdup (pname), in_range);
            }
          *in_range += clip (s, start, end);
        }
    }

  g_assert_true (op->has_device_split);
  check_consistent (op, op->rows, TRUE);
  g_assert_cmpint (op->accelerator_time, ==, accel);
  g_assert_cmpint (op->cpu_time, ==, cpu);
  g_assert_cmpint (get_row (op->rows, "Cast")->accelerator_time, ==, cast_accel);
  g_assert_cmpint (get_row (op->rows, "Cast")->cpu_time, ==, cast_cpu);
  g_assert_cmpuint (get_row (op->rows, "Cast")->occurrences, ==, cast_cpu_count);
  g_assert_cmpint (cast_accel, >, 0);

  check_consistent (device, device->rows, TRUE);
  g_assert_cmpuint (device->rows->len, ==, g_hash_table_size (device_time));
  for (guint i = 0; i < device->rows->len; i++)
    {
      const StpSummaryRow *row = g_ptr_array_index (device->rows, i);

      g_assert_cmpint (row->time, ==, *(gint64 *) g_hash_table_lookup (device_time, row->name));
    }

  check_consistent (scope, scope->rows, TRUE);
  g_assert_cmpint (scope->total_time, ==, op->total_time);
  /* Top-level scopes are the replicas (and ops without a scope). */
  g_assert_nonnull (find_row (scope->rows, "replica_4"));
  g_assert_nonnull (find_row (scope->rows, "replica_6"));
}

/* StepStats: CPU time on the devices that are not the GPU tracer's,
 * accelerator time on stream:all, kernels counted with the op of their
 * node name; stream:7 and memcpy repeat kernels and do not count. */
static void
test_step_stats (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "step-stats",
                                                 "gpu_kernel_labels.run_metadata.pb", NULL);
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(StpSummary) op = NULL;
  g_autoptr(StpSummary) device = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GHashTable) cpu_op_types = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  gint64 accel = 0, cpu = 0, conv_accel = 0, conv_cpu = 0;

  /* With derived lines too: they must not count. */
  options.derived_lines = TRUE;
  trace = load_path (path, &options);
  op = summarize (trace, STP_SUMMARY_BY_OP, STP_SUMMARY_ORDER_TIME, G_MININT64, G_MAXINT64);
  device = summarize (trace, STP_SUMMARY_BY_DEVICE, STP_SUMMARY_ORDER_TIME, G_MININT64, G_MAXINT64);

  for (guint pass = 0; pass < 2; pass++)
    for (guint t = 0; t < trace->tracks->len; t++)
      {
        const StpTrack *track = stp_trace_get_track (trace, t);
        const char *pname = stp_trace_str (trace, stp_trace_get_process (trace, track->process)->name);
        gboolean kernels = strstr (pname, "/stream:all") != NULL;

        if (track->slices == NULL || strstr (pname, "/memcpy") ||
            (strstr (pname, "/stream:") && !kernels))
          continue;
        for (guint i = 0; i < track->slices->len; i++)
          {
            const StpSlice *s = stp_track_get_slice (track, i);
            JsonObject *args;
            const char *node;

            if (s->flags & STP_SLICE_DERIVED)
              continue;
            args = args_of (trace, s, parser);
            node = json_object_get_string_member (args, "name");
            if (pass == 0 && !kernels)
              {
                g_hash_table_insert (cpu_op_types, g_strdup (node), g_strdup (stp_trace_str (trace, s->name)));
                cpu += s->dur;
                if (g_str_equal (stp_trace_str (trace, s->name), "Conv2D"))
                  conv_cpu += s->dur;
              }
            else if (pass == 1 && kernels)
              {
                const char *type = g_hash_table_lookup (cpu_op_types, node);

                accel += s->dur;
                if (g_strcmp0 (type ? type : stp_trace_str (trace, s->name), "Conv2D") == 0)
                  conv_accel += s->dur;
              }
          }
      }

  check_consistent (op, op->rows, TRUE);
  g_assert_cmpint (op->cpu_time, ==, cpu);
  g_assert_cmpint (op->accelerator_time, ==, accel);
  g_assert_cmpint (get_row (op->rows, "Conv2D")->cpu_time, ==, conv_cpu);
  g_assert_cmpint (get_row (op->rows, "Conv2D")->accelerator_time, ==, conv_accel);
  /* One execution of conv1/Conv2D, with its kernel. */
  g_assert_cmpuint (get_row (op->rows, "Conv2D")->occurrences, ==, 1);
  g_assert_cmpint (conv_accel, ==, 30 * US);

  check_consistent (device, device->rows, TRUE);
  g_assert_null (find_row (device->rows, "/gpu:0/stream:7 Compute"));
  g_assert_null (find_row (device->rows, "/gpu:0/memcpy Compute"));
  g_assert_cmpint (get_row (device->rows, "/device:GPU:0/stream:all Compute")->time, ==, accel);
}

/* ------------------------------------------------------------------ */
/* The slices of a row                                                 */

/* Every row's slices, clipped to the range, add up to its time; each
 * counted slice is in exactly one row (op, device) or under one root
 * (scope); they come in time order. */
static guint64
check_collect_rows (StpTrace         *trace,
                    const StpSummary *summary,
                    GPtrArray        *rows,
                    GHashTable       *seen)
{
  guint64 n = 0;

  for (guint r = 0; r < rows->len; r++)
    {
      const StpSummaryRow *row = g_ptr_array_index (rows, r);
      g_autoptr(GError) error = NULL;
      g_autoptr(GArray) refs = stp_summary_collect (trace, summary->by, row, summary->start,
                                                    summary->end, NULL, &error);
      gint64 time = 0;
      /* Device rows: the union of each track's slices (a track's busy
       * time), swept in time order; key track + 1 -> covered until. */
      g_autoptr(GHashTable) covered = g_hash_table_new_full (NULL, NULL, NULL, g_free);

      g_assert_no_error (error);
      g_assert_nonnull (refs);
      for (guint i = 0; i < refs->len; i++)
        {
          const StpItemRef *ref = &g_array_index (refs, StpItemRef, i);
          const StpSlice *s = stp_item_get_slice (trace, ref);
          gpointer key = GSIZE_TO_POINTER (((gsize) ref->track << 32 | ref->index) + 1);

          g_assert_cmpint (ref->kind, ==, STP_ITEM_SLICE);
          g_assert_nonnull (s);
          g_assert_false (s->flags & (STP_SLICE_DERIVED | STP_SLICE_INSTANT));
          if (summary->by == STP_SUMMARY_BY_DEVICE)
            {
              gint64 a = MAX (s->ts, summary->start), b = MIN (stp_slice_end (s), summary->end);
              gint64 *until = g_hash_table_lookup (covered, GUINT_TO_POINTER (ref->track + 1));

              if (until == NULL)
                {
                  until = g_new (gint64, 1);
                  *until = G_MININT64;
                  g_hash_table_insert (covered, GUINT_TO_POINTER (ref->track + 1), until);
                }
              if (b > MAX (a, *until))
                time += b - MAX (a, *until);
              *until = MAX (*until, b);
            }
          else
            time += clip (s, summary->start, summary->end);
          if (i > 0)
            g_assert_cmpint (stp_item_get_slice (trace, ref - 1)->ts, <=, s->ts);
          if (seen != NULL)
            {
              g_assert_false (g_hash_table_contains (seen, key));
              g_hash_table_add (seen, key);
            }
          if (summary->by == STP_SUMMARY_BY_DEVICE)
            g_assert_cmpuint (stp_trace_get_track (trace, ref->track)->process, ==, row->process);
        }
      g_assert_cmpint (time, ==, row->time);
      n += refs->len;
    }
  return n;
}

static void
check_collect (StpTrace *trace,
               gint64    start,
               gint64    end)
{
  for (StpSummaryBy by = STP_SUMMARY_BY_OP; by <= STP_SUMMARY_BY_DEVICE; by++)
    {
      g_autoptr(StpSummary) summary = summarize (trace, by, STP_SUMMARY_ORDER_TIME, start, end);
      g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);

      g_assert_cmpuint (check_collect_rows (trace, summary, summary->rows, seen), ==, summary->n_slices);
      for (guint r = 0; by == STP_SUMMARY_BY_SCOPE && r < summary->rows->len; r++)
        {
          const StpSummaryRow *row = g_ptr_array_index (summary->rows, r);

          if (row->children != NULL)
            check_collect_rows (trace, summary, row->children, NULL);
        }
    }
}

static void
test_collect (void)
{
  g_autoptr(StpTrace) chrome = load_chrome ();
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "step-stats",
                                                 "gpu_kernel_labels.run_metadata.pb", NULL);
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
  g_autoptr(StpTrace) step_stats = NULL;
  g_autoptr(StpSummary) op = NULL;
  g_autoptr(GArray) refs = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;

  check_collect (chrome, G_MININT64, G_MAXINT64);
  check_collect (chrome, chrome->start_ts + 45 * US, chrome->start_ts + 60 * US);

  /* "a/b/inner" is under the scope "a", not "a/c"'s sibling "a/b/in". */
  op = summarize (chrome, STP_SUMMARY_BY_SCOPE, STP_SUMMARY_ORDER_TIME, G_MININT64, G_MAXINT64);
  refs = stp_summary_collect (chrome, STP_SUMMARY_BY_SCOPE, get_row (op->rows, "a"),
                              G_MININT64, G_MAXINT64, NULL, NULL);
  g_assert_cmpuint (refs->len, ==, 3);
  g_clear_pointer (&refs, g_array_unref);

  options.derived_lines = TRUE;
  step_stats = load_path (path, &options);
  check_collect (step_stats, G_MININT64, G_MAXINT64);
  check_collect (step_stats, step_stats->start_ts + 20 * US, step_stats->start_ts + 60 * US);

  /* Conv2D: its op on the GPU's compute device and its kernel. */
  g_clear_pointer (&op, stp_summary_free);
  op = summarize (step_stats, STP_SUMMARY_BY_OP, STP_SUMMARY_ORDER_TIME, G_MININT64, G_MAXINT64);
  refs = stp_summary_collect (step_stats, STP_SUMMARY_BY_OP, get_row (op->rows, "Conv2D"),
                              G_MININT64, G_MAXINT64, NULL, NULL);
  g_assert_cmpuint (refs->len, ==, 2);

  g_cancellable_cancel (cancellable);
  g_clear_pointer (&refs, g_array_unref);
  refs = stp_summary_collect (step_stats, STP_SUMMARY_BY_OP, get_row (op->rows, "Conv2D"),
                              G_MININT64, G_MAXINT64, cancellable, &error);
  /* Small traces finish before the first check: either answer is fine,
   * but a NULL comes with the error. */
  if (refs == NULL)
    g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* ------------------------------------------------------------------ */
/* stepscope-cli summary                                               */

static char *
write_chrome_file (void)
{
  g_autoptr(GError) error = NULL;
  char *path = NULL;
  int fd = g_file_open_tmp ("stepscope-summary-XXXXXX.json", &path, &error);

  g_assert_no_error (error);
  close (fd);
  g_file_set_contents (path, chrome_trace, -1, &error);
  g_assert_no_error (error);
  return path;
}

static JsonObject *
parse_json (const char *text,
            JsonParser *parser)
{
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

static void
test_cli_json (void)
{
  g_autofree char *path = write_chrome_file ();
  g_autoptr(StpTrace) trace = load_chrome ();
  g_autoptr(StpSummary) core = summarize (trace, STP_SUMMARY_BY_OP, STP_SUMMARY_ORDER_COUNT, G_MININT64, G_MAXINT64);
  g_auto(Run) run = { 0 };
  g_auto(Run) ranged = { 0 };
  g_auto(Run) scope = { 0 };
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(JsonParser) parser2 = json_parser_new ();
  g_autoptr(JsonParser) parser3 = json_parser_new ();
  JsonObject *o;
  JsonArray *rows;

  run_cli (&run, "summary", "--json", "--order-by", "count", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  o = parse_json (run.out, parser);
  g_assert_cmpstr (json_object_get_string_member (o, "by"), ==, "op");
  g_assert_cmpstr (json_object_get_string_member (o, "order_by"), ==, "count");
  g_assert_cmpfloat (json_object_get_double_member (o, "total_time_us"), ==, 210);
  g_assert_cmpfloat (json_object_get_double_member (o, "wall_time_us"), ==, 300);
  g_assert_cmpfloat (json_object_get_double_member (o, "busy_time_us"), ==, 150);
  g_assert_cmpfloat (json_object_get_double_member (o, "self_time_us"), ==, 150);
  g_assert_false (json_object_has_member (o, "accelerator_time_us"));
  rows = json_object_get_array_member (o, "rows");
  g_assert_cmpuint (json_array_get_length (rows), ==, core->rows->len);
  for (guint i = 0; i < core->rows->len; i++)
    {
      const StpSummaryRow *row = g_ptr_array_index (core->rows, i);
      JsonObject *r = json_array_get_object_element (rows, i);

      g_assert_cmpstr (json_object_get_string_member (r, "name"), ==, row->name);
      g_assert_cmpfloat (json_object_get_double_member (r, "time_us") * US, ==, row->time);
      g_assert_cmpfloat (json_object_get_double_member (r, "self_time_us") * US, ==, row->self_time);
      g_assert_cmpint (json_object_get_int_member (r, "occurrences"), ==, row->occurrences);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (r, "percent"), row->percent, 1e-9);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (r, "average_us"),
                                      row->time / 1000.0 / row->occurrences, 1e-9);
    }

  /* µs from the trace start, END excluded. */
  run_cli (&ranged, "summary", "--json", "--range", "45:60", path, NULL);
  g_assert_cmpint (ranged.status, ==, 0);
  o = parse_json (ranged.out, parser2);
  g_assert_cmpfloat (json_object_get_double_member (o, "total_time_us"), ==, 40);
  g_assert_cmpfloat (json_array_get_double_element (json_object_get_array_member (o, "range_us"), 1), ==, 60);

  run_cli (&scope, "summary", "--json", "--by", "scope", path, NULL);
  g_assert_cmpint (scope.status, ==, 0);
  o = parse_json (scope.out, parser3);
  rows = json_object_get_array_member (o, "rows");
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *r = json_array_get_object_element (rows, i);

      if (g_str_equal (json_object_get_string_member (r, "name"), "a"))
        {
          JsonArray *children = json_object_get_array_member (r, "children");

          g_assert_cmpfloat (json_object_get_double_member (r, "time_us"), ==, 60);
          g_assert_cmpuint (json_array_get_length (children), ==, 2);
        }
    }

  g_unlink (path);
}

/* The table: a header, then aligned columns (every line as wide). */
static void
test_cli_text (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "xspace",
                                                 "34.83.195.179_6003.xplane.pb", NULL);
  const char *views[] = { "op", "scope", "device" };

  for (guint v = 0; v < G_N_ELEMENTS (views); v++)
    {
      g_auto(Run) run = { 0 };
      g_auto(GStrv) lines = NULL;
      glong width = -1;
      guint n = 0;

      run_cli (&run, "summary", "--by", views[v], path, NULL);
      g_assert_cmpint (run.status, ==, 0);
      lines = g_strsplit (run.out, "\n", -1);
      g_assert_nonnull (strstr (lines[0], "xspace"));
      g_assert_nonnull (strstr (lines[1], "accelerator"));
      g_assert_cmpstr (lines[2], ==, "");
      for (guint i = 3; lines[i] != NULL && lines[i][0] != '\0'; i++, n++)
        {
          glong w = g_utf8_strlen (lines[i], -1);

          if (width < 0)
            width = w;
          g_assert_cmpint (w, ==, width);
        }
      g_assert_cmpuint (n, >, 2);
      g_assert_true (g_str_has_prefix (lines[3], v == 0 ? "Op type" : v == 1 ? "Scope" : "Device"));
      /* A device's time is its busy union: no per-run average of it. */
      g_assert_true ((strstr (lines[3], "Busy") != NULL) == (v == 2));
      g_assert_true ((strstr (lines[3], "Average") != NULL) == (v == 0));
    }
}

/* Exit 2 for bad usage, 1 for a bad input; messages on stderr. */
static void
test_cli_errors (void)
{
  g_autofree char *path = write_chrome_file ();
  g_autofree char *corrupt = g_test_build_filename (G_TEST_DIST, "data", "xspace",
                                                    "tpu_inference_2.xplane.HEAD_CORRUPTED_utf8mangled.head64k.pb", NULL);
  const struct { const char *a, *b; int status; const char *message; } cases[] = {
    { "--by", "ops", 2, "--by must be op, scope, device or trace" },
    { "--order-by", "size", 2, "--order-by must be time, count or name" },
    { "--range", "abc", 2, "--range must be START:END" },
    { "--range", "x:5", 2, "is not a time in microseconds" },
    { "--range", "60:45", 2, "is empty" },
    { "--range", "10:10", 2, "is empty" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_auto(Run) run = { 0 };

      run_cli (&run, "summary", cases[i].a, cases[i].b, path, NULL);
      g_assert_cmpint (run.status, ==, cases[i].status);
      g_assert_nonnull (strstr (run.err, cases[i].message));
      g_assert_cmpstr (run.out, ==, "");
    }

  {
    g_auto(Run) run = { 0 };

    run_cli (&run, "summary", corrupt, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "corrupt XSpace"));
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, "summary", "/nonexistent/trace.json", NULL);
    g_assert_cmpint (run.status, ==, 1);
  }
  {
    g_auto(Run) run = { 0 };

    run_cli (&run, "summary", NULL);
    g_assert_cmpint (run.status, ==, 2);
  }

  g_unlink (path);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/summary/chrome-nested", test_chrome_nested);
  g_test_add_func ("/summary/chrome-range", test_chrome_range);
  g_test_add_func ("/summary/busy-union", test_busy_union);
  g_test_add_func ("/summary/xspace", test_xspace);
  g_test_add_func ("/summary/step-stats", test_step_stats);
  g_test_add_func ("/summary/collect", test_collect);
  g_test_add_func ("/summary/cli-json", test_cli_json);
  g_test_add_func ("/summary/cli-text", test_cli_text);
  g_test_add_func ("/summary/cli-errors", test_cli_errors);

  return g_test_run ();
}
