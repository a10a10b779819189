/* test-peaks.c: the memory peak inspector against `stepscope-cli peaks`,
 * timeline.py's own answer and the StepStats outputs
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <json-glib/json-glib.h>
#include <string.h>

#include "stp-loader.h"
#include "stp-peaks.h"

static StpTrace *
load (const char *name,
      StpOpTime   op_time)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "step-stats", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StpAnalysisOptions options = { TRUE, TRUE, op_time };
  g_autoptr(GError) error = NULL;
  StpTrace *trace = stp_load_file (file, &options, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return trace;
}

static JsonObject *
parse_object (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

static JsonObject *
run_cli_peaks (const char *name,
               const char *op_time)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "step-stats", name, NULL);
  const char *cli = g_getenv ("STEPSCOPE_CLI");
  const char *argv[] = { cli, "peaks", "--op-time", op_time, path, NULL };
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  int status;

  g_assert_nonnull (cli);
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out, NULL, &status, &error);
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  return parse_object (out);
}

static gboolean
listed (JsonArray  *tensors,
        const char *name)
{
  for (guint i = 0; i < json_array_get_length (tensors); i++)
    if (g_str_equal (json_array_get_string_element (tensors, i), name))
      return TRUE;
  return FALSE;
}

/* The peaks, allocator by allocator, hold exactly the tensors of the
 * reference (the CLI, or timeline.py's recorded output). */
static void
check_against (GPtrArray  *peaks,
               JsonObject *reference)
{
  g_assert_cmpuint (peaks->len, ==, json_object_get_size (reference));

  for (guint i = 0; i < peaks->len; i++)
    {
      const StpPeak *peak = g_ptr_array_index (peaks, i);
      JsonObject *ref = json_object_get_object_member (reference, peak->allocator);
      JsonArray *tensors;

      g_assert_nonnull (ref);
      tensors = json_object_get_array_member (ref, "tensors");
      g_assert_cmpint (peak->num_bytes, ==, json_object_get_int_member (ref, "num_bytes"));
      g_assert_cmpfloat (peak->ts / 1000.0, ==, json_object_get_double_member (ref, "timestamp"));
      g_assert_cmpuint (peak->tensors->len, ==, json_array_get_length (tensors));
      for (guint k = 0; k < peak->tensors->len; k++)
        g_assert_true (listed (tensors, g_array_index (peak->tensors, StpPeakTensor, k).name));
    }
}

static void
check_peaks (const char *name,
             StpOpTime   op_time)
{
  g_autoptr(StpTrace) trace = load (name, op_time);
  g_autoptr(StpLinks) links = stp_links_new (trace, NULL, NULL);
  g_autoptr(GPtrArray) peaks = stp_peaks_compute (links);
  g_autoptr(JsonObject) cli = run_cli_peaks (name, stp_op_time_to_string (op_time));
  g_autofree char *expected_name = g_strdup_printf ("%s.peaks-%s.json", name, stp_op_time_to_string (op_time));
  g_autofree char *expected_path = g_test_build_filename (G_TEST_DIST, "data", "step-stats", "expected", expected_name, NULL);
  g_autofree char *expected_text = NULL;
  StpStepStats *ss = stp_links_get_step_stats (links);

  g_test_message ("%s, %s: %u allocators", name, stp_op_time_to_string (op_time), peaks->len);
  check_against (peaks, cli);
  if (g_file_get_contents (expected_path, &expected_text, NULL, NULL))
    {
      g_autoptr(JsonObject) expected = parse_object (expected_text);

      check_against (peaks, expected);
    }

  for (guint i = 0; i < peaks->len; i++)
    {
      const StpPeak *peak = g_ptr_array_index (peaks, i);

      for (guint k = 0; k < peak->tensors->len; k++)
        {
          const StpPeakTensor *t = &g_array_index (peak->tensors, StpPeakTensor, k);
          const StpStepStatsNode *node;
          guint output = 0;
          g_autofree char *node_name = NULL;
          guint32 last = STP_INDEX_NONE;

          /* Largest first. */
          if (k > 0)
            g_assert_cmpint (g_array_index (peak->tensors, StpPeakTensor, k - 1).info.requested_bytes, >=,
                             t->info.requested_bytes);

          /* The producer: the last node with an output of that name
           * ("op" for output 0, "op:k" for output k). */
          for (guint32 n = 0; n < ss->nodes->len; n++)
            {
              const StpStepStatsNode *c = &g_array_index (ss->nodes, StpStepStatsNode, n);

              for (guint o = 0; o < c->n_outputs; o++)
                {
                  StpSpan producer = stp_step_stats_node_name (c);
                  g_autofree char *base = g_strndup (producer.str, producer.len);
                  g_autofree char *tensor = o ? g_strdup_printf ("%s:%u", base, o) : g_strdup (base);

                  if (g_str_equal (tensor, t->name))
                    {
                      last = n;
                      output = o;
                      g_free (node_name);
                      node_name = g_steal_pointer (&base);
                    }
                }
            }
          g_assert_cmpuint (t->node, ==, last);
          node = &g_array_index (ss->nodes, StpStepStatsNode, last);
          g_assert_cmpint (t->info.requested_bytes, ==,
                           g_array_index (ss->outputs, StpStepStatsOutput, node->first_output + output).requested_bytes);
          g_assert_cmpstr (t->info.allocator, ==, peak->allocator);
          g_assert_cmpstr (t->producer_name, ==, node_name);
          g_assert_cmpint (t->producer.kind, ==, STP_ITEM_SLICE);
          g_assert_cmpuint (stp_slice_get_node (stp_item_get_slice (trace, &t->producer)), ==, last);
          g_assert_nonnull (t->info.dtype);
          g_assert_nonnull (t->info.shape);

          /* And the object drawn for it. */
          g_assert_cmpuint (t->object, !=, STP_INDEX_NONE);
          g_assert_cmpstr (stp_trace_str (trace, g_array_index (trace->objects, StpObject, t->object).name), ==, t->name);
        }
    }
}

static void
test_run_meta (void)
{
  check_peaks ("run_meta.pb", STP_OP_TIME_SCHEDULE);
  check_peaks ("run_meta.pb", STP_OP_TIME_GPU);
  check_peaks ("run_meta.pb", STP_OP_TIME_ALL);

  /* At the peak the listed tensors add up to it. */
  {
    g_autoptr(StpTrace) trace = load ("run_meta.pb", STP_OP_TIME_SCHEDULE);
    g_autoptr(StpLinks) links = stp_links_new (trace, NULL, NULL);
    g_autoptr(GPtrArray) peaks = stp_peaks_compute (links);

    g_assert_cmpuint (peaks->len, >, 0);
    for (guint i = 0; i < peaks->len; i++)
      {
        const StpPeak *peak = g_ptr_array_index (peaks, i);

        g_assert_cmpuint (peak->tensors->len, >, 0);
        g_assert_cmpint (peak->tensor_bytes, ==, peak->num_bytes);
      }
  }
}

static void
test_other_inputs (void)
{
  const char *names[] = {
    "memory_edges.step_stats.pb", "dataflow_inputs.step_stats.pb",
    "duplicates.run_metadata.pb", "op_time_kernels.run_metadata.pb",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    check_peaks (names[i], STP_OP_TIME_SCHEDULE);
}

/* Without the memory analysis there are no maximums. */
static void
test_no_memory (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "step-stats", "run_meta.pb", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
  g_autoptr(StpTrace) trace = stp_load_file (file, &options, NULL, NULL, NULL, NULL);
  g_autoptr(StpLinks) links = stp_links_new (trace, NULL, NULL);
  g_autoptr(GPtrArray) peaks = stp_peaks_compute (links);

  g_assert_cmpuint (peaks->len, ==, 0);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/peaks/run-meta", test_run_meta);
  g_test_add_func ("/peaks/other-inputs", test_other_inputs);
  g_test_add_func ("/peaks/no-memory", test_no_memory);

  return g_test_run ();
}
