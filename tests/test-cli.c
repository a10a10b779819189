/* test-cli.c: stepscope-cli's interface, which users script
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <json-glib/json-glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "cli-test-util.h"
#include "stp-loader.h"

static char *
data_path (const char *input)
{
  return g_test_build_filename (G_TEST_DIST, "data", "step-stats", input, NULL);
}

static JsonNode *
parse (const char *text)
{
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  return json_node_copy (json_parser_get_root (parser));
}

static void
test_help (void)
{
  g_auto(Run) top = { 0 };
  g_auto(Run) convert = { 0 };

  run_cli (&top, "--help", NULL);
  g_assert_cmpint (top.status, ==, 0);
  g_assert_nonnull (strstr (top.out, "convert"));
  g_assert_nonnull (strstr (top.out, "peaks"));
  g_assert_nonnull (strstr (top.out, "info"));

  run_cli (&convert, "convert", "--help", NULL);
  g_assert_cmpint (convert.status, ==, 0);
  for (const char *const *o = (const char *const[]) { "--show-memory", "--no-dataflow", "--op-time", "--output", NULL }; *o; o++)
    g_assert_nonnull (strstr (convert.out, *o));
}

static void
test_usage_errors (void)
{
  g_autofree char *input = data_path ("run_meta.pb");
  g_auto(Run) none = { 0 };
  g_auto(Run) unknown = { 0 };
  g_auto(Run) no_input = { 0 };
  g_auto(Run) bad_op_time = { 0 };
  g_auto(Run) two_inputs = { 0 };
  g_auto(Run) empty = { 0 };

  run_cli (&none, NULL);
  g_assert_cmpint (none.status, ==, 2);
  run_cli (&unknown, "frobnicate", input, NULL);
  g_assert_cmpint (unknown.status, ==, 2);
  g_assert_nonnull (strstr (unknown.err, "frobnicate"));
  run_cli (&no_input, "convert", NULL);
  g_assert_cmpint (no_input.status, ==, 2);
  run_cli (&bad_op_time, "convert", "--op-time=sometimes", input, NULL);
  g_assert_cmpint (bad_op_time.status, ==, 2);
  g_assert_nonnull (strstr (bad_op_time.err, "sometimes"));
  /* Several inputs are one trace (test-merge.c); a clock it does not
   * know is a usage error. */
  run_cli (&two_inputs, "convert", "--clock=wall", input, input, NULL);
  g_assert_cmpint (two_inputs.status, ==, 2);
  g_assert_nonnull (strstr (two_inputs.err, "wall"));
  /* "" would be the current folder, every trace under it loaded: an
   * unset shell variable, most likely. */
  run_cli (&empty, "info", input, "", NULL);
  g_assert_cmpint (empty.status, ==, 2);
  g_assert_nonnull (strstr (empty.err, "empty argument"));
  g_assert_cmpstr (empty.out, ==, "");
}

static void
test_bad_input (void)
{
  g_autofree char *text = g_test_build_filename (G_TEST_DIST, "data", "step-stats", "README.md", NULL);
  g_auto(Run) missing = { 0 };
  g_auto(Run) garbage = { 0 };

  run_cli (&missing, "convert", "/nonexistent/trace.pb", NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "/nonexistent/trace.pb"));
  g_assert_cmpstr (missing.out, ==, "");

  run_cli (&garbage, "info", text, NULL);
  g_assert_cmpint (garbage.status, ==, 1);
  g_assert_nonnull (strstr (garbage.err, "README.md"));
}

/* -o writes the same document as standard output, and the export parses. */
static void
test_convert_output (void)
{
  g_autofree char *input = data_path ("run_meta.pb");
  g_autofree char *dir = g_dir_make_tmp ("stepscope-cli-XXXXXX", NULL);
  g_autofree char *out_path = g_build_filename (dir, "out.json", NULL);
  g_autofree char *written = NULL;
  g_auto(Run) to_stdout = { 0 };
  g_auto(Run) to_file = { 0 };
  g_autoptr(JsonNode) root = NULL;

  run_cli (&to_stdout, "convert", "--show-memory", input, NULL);
  g_assert_cmpint (to_stdout.status, ==, 0);
  run_cli (&to_file, "convert", "--show-memory", "-o", out_path, input, NULL);
  g_assert_cmpint (to_file.status, ==, 0);

  g_assert_true (g_file_get_contents (out_path, &written, NULL, NULL));
  g_assert_cmpstr (written, ==, to_stdout.out);

  root = parse (written);
  g_assert_true (json_object_has_member (json_node_get_object (root), "traceEvents"));

  g_unlink (out_path);
  g_rmdir (dir);
}

static void
test_peaks (void)
{
  g_autofree char *input = data_path ("run_meta.pb");
  g_autofree char *expected_path = g_test_build_filename (G_TEST_DIST, "data", "step-stats", "expected",
                                                          "run_meta.pb.peaks-schedule.json", NULL);
  g_autofree char *expected_text = NULL;
  g_autoptr(JsonNode) expected = NULL;
  g_autoptr(JsonNode) actual = NULL;
  g_auto(Run) run = { 0 };

  run_cli (&run, "peaks", input, NULL);
  g_assert_cmpint (run.status, ==, 0);

  g_assert_true (g_file_get_contents (expected_path, &expected_text, NULL, NULL));
  expected = parse (expected_text);
  actual = parse (run.out);
  g_assert_true (json_node_equal (expected, actual));
}

/* info's numbers are the model's. */
static void
test_info (void)
{
  g_autofree char *input = data_path ("run_meta.pb");
  g_autoptr(GFile) file = g_file_new_for_path (input);
  StpAnalysisOptions options = { TRUE, TRUE, STP_OP_TIME_SCHEDULE };
  g_autoptr(StpTrace) trace = stp_load_file (file, &options, NULL, NULL, NULL, NULL);
  g_autoptr(JsonNode) root = NULL;
  JsonObject *info, *events;
  g_auto(Run) run = { 0 };

  g_assert_nonnull (trace);
  run_cli (&run, "info", "--show-memory", input, NULL);
  g_assert_cmpint (run.status, ==, 0);

  root = parse (run.out);
  info = json_node_get_object (root);
  events = json_object_get_object_member (info, "events");

  g_assert_cmpstr (json_object_get_string_member (info, "format"), ==, "run-metadata");
  g_assert_cmpuint (json_array_get_length (json_object_get_array_member (info, "processes")), ==,
                    trace->processes->len);
  g_assert_cmpint (json_object_get_int_member (events, "slices"), ==, stp_trace_count_slices (trace));
  g_assert_cmpint (json_object_get_int_member (events, "object_snapshots"), ==, trace->snapshots->len);
  g_assert_cmpint (json_object_get_int_member (json_object_get_object_member (info, "flows"), "count"), ==,
                   trace->flows->len);
  g_assert_cmpint (json_object_get_int_member (info, "objects"), ==, trace->objects->len);

  /* What the file says about itself: the devices every "<device>
   * Compute" process is named after. */
  {
    JsonArray *processes = json_object_get_array_member (info, "processes");
    const char *devices = json_object_get_string_member (json_object_get_object_member (info, "metadata"),
                                                         "devices");
    guint computes = 0;

    for (guint i = 0; i < json_array_get_length (processes); i++)
      {
        const char *name = json_object_get_string_member (json_array_get_object_element (processes, i), "name");

        if (g_str_has_suffix (name, " Compute"))
          {
            g_autofree char *device = g_strndup (name, strlen (name) - strlen (" Compute"));

            g_assert_nonnull (strstr (devices, device));
            computes++;
          }
      }
    g_assert_cmpuint (computes, >, 2);
  }
  /* A StepStats times its ops in Unix µs: the clock says when. */
  g_assert_true (json_object_get_boolean_member (json_object_get_object_member (info, "clock"), "unix_time"));
  g_assert_true (g_str_has_prefix (json_object_get_string_member (json_object_get_object_member (info, "clock"),
                                                                  "start"), "20"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli/help", test_help);
  g_test_add_func ("/cli/usage-errors", test_usage_errors);
  g_test_add_func ("/cli/bad-input", test_bad_input);
  g_test_add_func ("/cli/convert-output", test_convert_output);
  g_test_add_func ("/cli/peaks", test_peaks);
  g_test_add_func ("/cli/info", test_info);

  return g_test_run ();
}
