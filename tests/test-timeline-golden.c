/* test-timeline-golden.c: the StepStats analysis against timeline.py
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tests/data/step-stats/expected/ holds what TensorFlow's timeline.py
 * writes for every input and option set (made by
 * tests/tools/make-step-stats-goldens.py).  Stepscope's analysis,
 * exported to Chrome JSON, must give the same events in the same order,
 * and the same allocator maximums.
 */

#include <json-glib/json-glib.h>

#include "export-test-util.h"
#include "stp-loader.h"

typedef struct
{
  const char        *name;
  StpAnalysisOptions options;
} OptionSet;

static const OptionSet option_sets[] = {
  { "default",           { TRUE,  FALSE, STP_OP_TIME_SCHEDULE } },
  { "memory",            { TRUE,  TRUE,  STP_OP_TIME_SCHEDULE } },
  { "nodataflow-memory", { FALSE, TRUE,  STP_OP_TIME_SCHEDULE } },
  { "gpu-memory",        { TRUE,  TRUE,  STP_OP_TIME_GPU } },
  { "all",               { TRUE,  FALSE, STP_OP_TIME_ALL } },
};

typedef struct
{
  char            *input;
  const OptionSet *set;
  StpOpTime        peaks_op_time;
  gboolean         peaks;
} Case;

static void
case_free (gpointer data)
{
  Case *c = data;

  g_free (c->input);
  g_free (c);
}

static char *
data_path (const char *input)
{
  return g_test_build_filename (G_TEST_DIST, "data", "step-stats", input, NULL);
}

static JsonNode *
parse_file (const char *path)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

static StpTrace *
load (const char               *input,
      const StpAnalysisOptions *options)
{
  g_autofree char *path = data_path (input);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  StpTrace *trace;

  trace = stp_load_file (file, options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (trace);
  return trace;
}

static char *
node_to_string (JsonNode *node)
{
  return json_to_string (node, FALSE);
}

static void
assert_same_events (JsonNode   *expected,
                    JsonNode   *actual,
                    const char *what)
{
  JsonArray *e = json_object_get_array_member (json_node_get_object (expected), "traceEvents");
  JsonArray *a = json_object_get_array_member (json_node_get_object (actual), "traceEvents");
  guint n = MIN (json_array_get_length (e), json_array_get_length (a));

  for (guint i = 0; i < n; i++)
    {
      JsonNode *ev = json_array_get_element (e, i);
      JsonNode *av = json_array_get_element (a, i);

      if (!json_node_equal (ev, av))
        {
          g_autofree char *es = node_to_string (ev);
          g_autofree char *as = node_to_string (av);

          g_test_message ("%s: event %u differs\n  timeline.py: %s\n  stepscope:   %s", what, i, es, as);
          g_test_fail ();
          return;
        }
    }

  g_assert_cmpuint (json_array_get_length (a), ==, json_array_get_length (e));
}

static void
test_events (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *expected_name = g_strdup_printf ("%s.%s.json", c->input, c->set->name);
  g_autofree char *expected_path = g_test_build_filename (G_TEST_DIST, "data", "step-stats",
                                                          "expected", expected_name, NULL);
  g_autoptr(JsonNode) expected = parse_file (expected_path);
  g_autoptr(StpTrace) trace = load (c->input, &c->set->options);
  g_autoptr(JsonNode) actual = stp_test_export_json (trace);

  assert_same_events (expected, actual, expected_name);
}

/* Options switched on a loaded trace give what a fresh load gives. */
static void
test_reanalyze (gconstpointer data)
{
  const char *input = data;
  static const StpAnalysisOptions defaults = STP_ANALYSIS_OPTIONS_INIT;
  g_autoptr(StpTrace) first = load (input, &defaults);

  for (guint i = 0; i < G_N_ELEMENTS (option_sets); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(StpTrace) fresh = load (input, &option_sets[i].options);
      g_autoptr(StpTrace) again = stp_trace_reanalyze (first, &option_sets[i].options, NULL, &error);
      g_autoptr(JsonNode) a = NULL;
      g_autoptr(JsonNode) b = NULL;

      g_assert_no_error (error);
      a = stp_test_export_json (fresh);
      b = stp_test_export_json (again);
      assert_same_events (a, b, option_sets[i].name);
    }
}

static void
test_peaks (gconstpointer data)
{
  const Case *c = data;
  g_autofree char *expected_name = g_strdup_printf ("%s.peaks-%s.json", c->input,
                                                    stp_op_time_to_string (c->peaks_op_time));
  g_autofree char *expected_path = g_test_build_filename (G_TEST_DIST, "data", "step-stats",
                                                          "expected", expected_name, NULL);
  g_autoptr(JsonNode) expected = parse_file (expected_path);
  StpAnalysisOptions options = { TRUE, TRUE, c->peaks_op_time };
  g_autoptr(StpTrace) trace = load (c->input, &options);
  JsonObject *peaks = json_node_get_object (expected);
  g_autoptr(GList) allocators = json_object_get_members (peaks);
  GList *l;
  guint i = 0;

  g_assert_cmpuint (trace->allocator_maximums->len, ==, json_object_get_size (peaks));

  /* Same allocators, in timeline.py's order. */
  for (l = allocators; l != NULL; l = l->next, i++)
    {
      const StpAllocatorMaximum *max = &g_array_index (trace->allocator_maximums, StpAllocatorMaximum, i);
      JsonObject *e = json_object_get_object_member (peaks, l->data);
      JsonArray *tensors = json_object_get_array_member (e, "tensors");

      g_assert_cmpstr (stp_trace_str (trace, max->allocator), ==, l->data);
      g_assert_cmpint (max->ts, ==, json_object_get_int_member (e, "timestamp") * 1000);
      g_assert_cmpint (max->num_bytes, ==, json_object_get_int_member (e, "num_bytes"));
      g_assert_cmpuint (max->tensors->len, ==, json_array_get_length (tensors));
      for (guint j = 0; j < max->tensors->len; j++)
        g_assert_cmpstr (stp_trace_str (trace, g_array_index (max->tensors, StpStr, j)), ==,
                         json_array_get_string_element (tensors, j));
    }
}

/* Every dataflow arrow leaves the op that produced the tensor (which
 * ends where the arrow starts) and enters its consumer (which starts
 * where it ends); a bound end is on its op's thread lane, so it is
 * written with the op's pid/tid. */
static void
test_flows_bound (gconstpointer data)
{
  const char *input = data;
  static const StpAnalysisOptions defaults = STP_ANALYSIS_OPTIONS_INIT;
  g_autoptr(StpTrace) trace = load (input, &defaults);

  for (guint i = 0; i < trace->flows->len; i++)
    {
      const StpFlow *f = &g_array_index (trace->flows, StpFlow, i);
      const StpFlowEnd *ends[2] = { &f->src, &f->dst };

      for (guint e = 0; e < 2; e++)
        {
          const StpTrack *bound = stp_trace_get_track (trace, ends[e]->track);
          const StpSlice *slice;

          g_assert_cmpuint (ends[e]->slice, !=, STP_INDEX_NONE);
          g_assert_cmpint (bound->kind, ==, STP_TRACK_THREAD);
          slice = stp_track_get_slice (bound, ends[e]->slice);
          g_assert_true (slice->flags & STP_SLICE_STEP_STATS_NODE);
          if (e == 0)
            g_assert_cmpint (stp_slice_end (slice), ==, MAX (ends[e]->ts, slice->ts));
          else
            g_assert_cmpint (slice->ts, ==, ends[e]->ts);
        }
    }
}

static char **
read_inputs (void)
{
  g_autofree char *path = data_path ("inputs.txt");
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;

  g_file_get_contents (path, &contents, NULL, &error);
  g_assert_no_error (error);
  return g_strsplit (g_strstrip (contents), "\n", -1);
}

int
main (int    argc,
      char **argv)
{
  g_auto(GStrv) inputs = NULL;

  g_test_init (&argc, &argv, NULL);

  inputs = read_inputs ();
  g_assert_cmpuint (g_strv_length (inputs), >=, 10);

  for (guint i = 0; inputs[i] != NULL; i++)
    {
      g_autofree char *path = NULL;

      if (inputs[i][0] == '\0')
        continue;

      for (guint s = 0; s < G_N_ELEMENTS (option_sets); s++)
        {
          Case *c = g_new0 (Case, 1);

          c->input = g_strdup (inputs[i]);
          c->set = &option_sets[s];
          path = g_strdup_printf ("/timeline/events/%s/%s", inputs[i], option_sets[s].name);
          g_test_add_data_func_full (path, c, test_events, case_free);
          g_clear_pointer (&path, g_free);
        }

      for (StpOpTime t = STP_OP_TIME_SCHEDULE; t <= STP_OP_TIME_ALL; t++)
        {
          Case *c = g_new0 (Case, 1);

          c->input = g_strdup (inputs[i]);
          c->peaks = TRUE;
          c->peaks_op_time = t;
          path = g_strdup_printf ("/timeline/peaks/%s/%s", inputs[i], stp_op_time_to_string (t));
          g_test_add_data_func_full (path, c, test_peaks, case_free);
          g_clear_pointer (&path, g_free);
        }

      path = g_strdup_printf ("/timeline/flows-bound/%s", inputs[i]);
      g_test_add_data_func_full (path, g_strdup (inputs[i]), test_flows_bound, g_free);
      g_clear_pointer (&path, g_free);

      path = g_strdup_printf ("/timeline/reanalyze/%s", inputs[i]);
      g_test_add_data_func_full (path, g_strdup (inputs[i]), test_reanalyze, g_free);
    }

  return g_test_run ();
}
