/* test-step-stats.c: reading StepStats and RunMetadata, and bad input
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include <glib/gstdio.h>

#include "stp-error.h"
#include "stp-loader.h"
#include "stp-step-stats.h"
#include "stp-step-stats-analysis.h"
#include "stp-trace-info.h"
#include "stp-wire.h"

static GBytes *
read_data (const char *input)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "step-stats", input, NULL);
  g_autoptr(GError) error = NULL;
  char *contents = NULL;
  gsize len = 0;

  g_file_get_contents (path, &contents, &len, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (contents, len);
}

static StpStepStats *
load_data (const char *input)
{
  g_autoptr(GBytes) bytes = read_data (input);
  g_autoptr(GError) error = NULL;
  StpStepStats *ss = stp_step_stats_load_bytes (bytes, input, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (ss);
  return ss;
}

static char *
describe_tensor (const StpStepStats       *ss,
                 const StpStepStatsOutput *output)
{
  GString *text = g_string_new (NULL);

  stp_step_stats_append_tensor_description (ss, output, text);
  return g_string_free (text, FALSE);
}

static gboolean
span_equal (StpSpan a,
            StpSpan b)
{
  return a.len == b.len && (a.len == 0 || memcmp (a.str, b.str, a.len) == 0);
}

static void
test_formats (void)
{
  struct { const char *input; StpFormat format; } cases[] = {
    { "run_meta.pb", STP_FORMAT_RUN_METADATA },
    { "run_meta.bare_step_stats.pb", STP_FORMAT_STEP_STATS },
    { "run_meta.step_stats.pbtxt", STP_FORMAT_RUN_METADATA_TEXT },
    { "tensorboard_run_metadata.pbtxt", STP_FORMAT_RUN_METADATA_TEXT },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(StpStepStats) ss = load_data (cases[i].input);
      g_assert_cmpint (ss->format, ==, cases[i].format);
    }
}

/* The text RunMetadata without its outer "step_stats { ... }": a bare
 * StepStats in text format, as str(step_stats) prints it. */
static GBytes *
unwrap_text_step_stats (void)
{
  g_autoptr(GBytes) text = read_data ("run_meta.step_stats.pbtxt");
  const char *data = g_bytes_get_data (text, NULL);
  const char *open = strchr (data, '{');
  const char *close = strrchr (data, '}');

  g_assert_true (g_str_has_prefix (data, "step_stats {"));
  g_assert_true (close > open);
  return g_bytes_new (open + 1, close - (open + 1));
}

static void
test_bare_text (void)
{
  g_autoptr(GBytes) bytes = unwrap_text_step_stats ();
  g_autoptr(GError) error = NULL;
  g_autoptr(StpStepStats) ss = stp_step_stats_load_bytes (bytes, "bare.pbtxt", NULL, &error);
  g_autoptr(StpStepStats) rm = load_data ("run_meta.pb");

  g_assert_no_error (error);
  g_assert_cmpint (ss->format, ==, STP_FORMAT_STEP_STATS_TEXT);
  g_assert_cmpuint (ss->nodes->len, ==, rm->nodes->len);
  g_assert_cmpuint (ss->outputs->len, ==, rm->outputs->len);
}

/* The binary RunMetadata, its bare StepStats and its text format are one
 * StepStats: the same devices and nodes, field for field. */
static void
test_three_encodings (void)
{
  g_autoptr(StpStepStats) rm = load_data ("run_meta.pb");
  g_autoptr(StpStepStats) bare = load_data ("run_meta.bare_step_stats.pb");
  g_autoptr(StpStepStats) text = load_data ("run_meta.step_stats.pbtxt");
  StpStepStats *others[] = { bare, text };

  g_assert_cmpuint (rm->devices->len, ==, 7);
  g_assert_cmpuint (rm->nodes->len, ==, 54);

  for (guint o = 0; o < G_N_ELEMENTS (others); o++)
    {
      StpStepStats *ss = others[o];

      g_assert_cmpuint (ss->devices->len, ==, rm->devices->len);
      g_assert_cmpuint (ss->nodes->len, ==, rm->nodes->len);
      g_assert_cmpuint (ss->outputs->len, ==, rm->outputs->len);

      for (guint i = 0; i < rm->devices->len; i++)
        g_assert_true (span_equal (g_array_index (ss->devices, StpStepStatsDevice, i).name,
                                   g_array_index (rm->devices, StpStepStatsDevice, i).name));

      for (guint i = 0; i < rm->nodes->len; i++)
        {
          const StpStepStatsNode *a = &g_array_index (rm->nodes, StpStepStatsNode, i);
          const StpStepStatsNode *b = &g_array_index (ss->nodes, StpStepStatsNode, i);

          g_assert_cmpuint (a->device, ==, b->device);
          g_assert_cmpint (a->all_start_micros, ==, b->all_start_micros);
          g_assert_cmpint (a->all_end_rel_micros, ==, b->all_end_rel_micros);
          {
            StpStepStatsNodeTimes ta, tb;

            stp_step_stats_node_get_times (a, &ta);
            stp_step_stats_node_get_times (b, &tb);
            g_assert_cmpint (ta.op_start_rel_micros, ==, tb.op_start_rel_micros);
            g_assert_cmpint (ta.op_end_rel_micros, ==, tb.op_end_rel_micros);
            g_assert_cmpint (ta.scheduled_micros, ==, tb.scheduled_micros);
          }
          g_assert_true (span_equal (stp_step_stats_node_name (a), stp_step_stats_node_name (b)));
          g_assert_true (span_equal (stp_step_stats_node_label (a), stp_step_stats_node_label (b)));
          g_assert_cmpuint (a->n_outputs, ==, b->n_outputs);
        }

      for (guint i = 0; i < rm->outputs->len; i++)
        {
          const StpStepStatsOutput *a = &g_array_index (rm->outputs, StpStepStatsOutput, i);
          const StpStepStatsOutput *b = &g_array_index (ss->outputs, StpStepStatsOutput, i);
          g_autofree char *da = describe_tensor (rm, a);
          g_autofree char *db = describe_tensor (ss, b);

          g_assert_cmpint (a->requested_bytes, ==, b->requested_bytes);
          g_assert_true (span_equal (stp_step_stats_output_allocator (a), stp_step_stats_output_allocator (b)));
          g_assert_cmpstr (da, ==, db);
        }
    }
}

/* The snapshot string, for a tensor of the real run_meta.  It is
 * appended to what the buffer holds, as the analysis reuses one. */
static void
test_describe_tensor (void)
{
  g_autoptr(StpStepStats) rm = load_data ("run_meta.pb");
  g_autoptr(GString) text = g_string_new ("before");
  const StpStepStatsOutput *out = NULL;
  g_autofree char *desc = NULL;

  for (guint i = 0; i < rm->outputs->len && out == NULL; i++)
    if (g_array_index (rm->outputs, StpStepStatsOutput, i).requested_bytes == 1152)
      out = &g_array_index (rm->outputs, StpStepStatsOutput, i);
  g_assert_nonnull (out);

  stp_step_stats_append_tensor_description (rm, out, text);
  desc = describe_tensor (rm, out);
  g_assert_cmpstr (text->str + strlen ("before"), ==, desc);
  g_assert_true (g_str_has_prefix (text->str, "before"));
  g_assert_true (g_str_has_prefix (desc, "dtype: DT_FLOAT\nshape {\n  dim {\n    size: 2\n  }\n"));
  g_assert_nonnull (strstr (desc, "allocation_description {\n  requested_bytes: 1152\n"
                                  "  allocated_bytes: 1280\n  allocator_name: \"GPU_0_bfc\"\n"));
  g_assert_true (g_str_has_suffix (desc, "}\n"));
}

static void
assert_error_names_file (GError     *error,
                         const char *name)
{
  g_assert_nonnull (error);
  g_assert_true (error->domain == STP_ERROR);
  g_assert_true (g_str_has_prefix (error->message, name));
  g_assert_cmpuint (strlen (error->message), >, strlen (name) + 10);
}

static void
test_empty (void)
{
  g_autoptr(GBytes) bytes = g_bytes_new_static ("", 0);
  g_autoptr(GError) error = NULL;
  g_autoptr(StpStepStats) ss = stp_step_stats_load_bytes (bytes, "empty.pb", NULL, &error);

  g_assert_null (ss);
  g_assert_error (error, STP_ERROR, STP_ERROR_EMPTY);
  assert_error_names_file (error, "empty.pb");
}

/* Every prefix of a real file either parses (a cut at a field boundary
 * is a smaller valid message) or fails with an error naming the file. */
static void
test_truncated (void)
{
  const char *inputs[] = { "run_meta.pb", "run_meta.step_stats.pbtxt" };

  for (guint f = 0; f < G_N_ELEMENTS (inputs); f++)
    {
      g_autoptr(GBytes) whole = read_data (inputs[f]);
      gsize len = g_bytes_get_size (whole);
      guint failures = 0;

      for (gsize cut = 1; cut < len; cut++)
        {
          g_autoptr(GBytes) part = g_bytes_new_from_bytes (whole, 0, cut);
          g_autoptr(GError) error = NULL;
          g_autoptr(StpStepStats) ss = stp_step_stats_load_bytes (part, "cut.pb", NULL, &error);

          if (ss == NULL)
            {
              assert_error_names_file (error, "cut.pb");
              failures++;
            }
        }

      /* Cuts inside a field are most cuts. */
      g_assert_cmpuint (failures, >, len / 2);
    }
}

/* The first bytes of a binary StepStats or RunMetadata are taken for
 * one (a folder's listing reads only those), and a file cut short says
 * that it ends early rather than that it is no trace. */
static void
test_cut_short (void)
{
  const char *inputs[] = {
    "run_meta.pb", "run_meta.bare_step_stats.pb", "labels.run_metadata.pb",
    "lanes.step_stats.pb", "unicode_names.step_stats.pb", "memory_edges.step_stats.pb",
  };

  for (guint f = 0; f < G_N_ELEMENTS (inputs); f++)
    {
      g_autoptr(GBytes) whole = read_data (inputs[f]);
      gsize len;
      const guint8 *data = g_bytes_get_data (whole, &len);
      StpFormat format, whole_format;
      guint ends_early = 0;

      g_assert_true (stp_step_stats_sniff (data, len, &whole_format));

      /* From the second level's tag and length on. */
      for (gsize cut = 8; cut < len; cut++)
        {
          g_autoptr(GBytes) part = g_bytes_new_from_bytes (whole, 0, cut);
          g_autoptr(GError) error = NULL;
          g_autoptr(StpStepStats) ss = NULL;

          if (!stp_step_stats_sniff (data, cut, &format))
            g_error ("%s: the first %" G_GSIZE_FORMAT " bytes are not taken for a trace",
                     inputs[f], cut);
          g_assert_cmpint (format, ==, whole_format);

          ss = stp_step_stats_load_bytes (part, "cut.pb", NULL, &error);
          if (ss != NULL)
            continue;
          g_assert_error (error, STP_ERROR, STP_ERROR_TRUNCATED);
          if (strstr (error->message, "cut.pb: the file ends early, inside a ") == NULL)
            g_error ("%s cut at %" G_GSIZE_FORMAT ": %s", inputs[f], cut, error->message);
          ends_early++;
        }
      g_assert_cmpuint (ends_early, >, len / 2);
    }
}

/* A head is judged as the reader judges the whole file: what it refuses
 * for another reason than a cut is no trace, even in the first bytes. */
static void
test_cut_short_strict (void)
{
  g_autoptr(GBytes) whole = read_data ("run_meta.pb");
  gsize len;
  const guint8 *data = g_bytes_get_data (whole, &len);
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  StpFormat format;

  /* Field 2^32 + 1, length-delimited: a field number past protobuf's
   * 2^29 - 1, which as 32 bits would read as step_stats. */
  g_assert_cmpuint (data[0], ==, 0x0a);
  stp_wire_put_varint (bytes, ((G_GUINT64_CONSTANT (1) << 32) + 1) << 3 | STP_WIRE_LEN);
  g_byte_array_append (bytes, data + 1, 200);
  g_assert_false (stp_step_stats_sniff (bytes->data, bytes->len, &format));

  /* After a bare StepStats' first device, a tag of 40 bytes: too long
   * a varint, not one the end cut. */
  {
    g_autoptr(GBytes) bare = read_data ("lanes.step_stats.pb");
    const guint8 *b = g_bytes_get_data (bare, &len);
    StpWireReader reader;
    StpWireField f;
    gsize device_end;

    stp_wire_reader_init (&reader, b, len, 0);
    g_assert_true (stp_wire_next (&reader, &f, NULL));
    device_end = f.bytes + f.len - b;
    g_assert_cmpuint (device_end, <, len);

    g_byte_array_set_size (bytes, 0);
    g_byte_array_append (bytes, b, device_end);
    g_assert_true (stp_step_stats_sniff (bytes->data, bytes->len, &format));
    for (guint i = 0; i < 40; i++)
      {
        static const guint8 more = 0xff;
        g_byte_array_append (bytes, &more, 1);
      }
    g_assert_false (stp_step_stats_sniff (bytes->data, bytes->len, &format));
  }
}

/* A RunMetadata larger than what a folder's listing reads of each
 * file: 20,000 nodes, about 600 KB. */
static GBytes *
make_big_run_metadata (void)
{
  g_autoptr(GByteArray) device = g_byte_array_new ();
  g_autoptr(GByteArray) step_stats = g_byte_array_new ();
  GByteArray *run_metadata = g_byte_array_new ();

  stp_wire_put_bytes (device, 1, "/job:localhost/replica:0/task:0/device:CPU:0", 44);
  for (guint i = 0; i < 20000; i++)
    {
      g_autoptr(GByteArray) node = g_byte_array_new ();
      g_autofree char *name = g_strdup_printf ("node_%u", i);
      g_autofree char *label = g_strdup_printf ("node_%u = NoOp()", i);

      stp_wire_put_bytes (node, 1, name, strlen (name));
      stp_wire_put_tag (node, 2, STP_WIRE_VARINT);
      stp_wire_put_varint (node, 1000 + i);
      stp_wire_put_bytes (node, 8, label, strlen (label));
      stp_wire_put_bytes (device, 2, node->data, node->len);
    }
  stp_wire_put_bytes (step_stats, 1, device->data, device->len);
  stp_wire_put_bytes (run_metadata, 1, step_stats->data, step_stats->len);
  return g_byte_array_free_to_bytes (run_metadata);
}

static void
test_big_in_folder (void)
{
  g_autoptr(GBytes) bytes = make_big_run_metadata ();
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("stepscope-XXXXXX", &error);
  g_autofree char *path = NULL;
  g_autoptr(GFile) folder = NULL;
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(StpStepStats) ss = NULL;

  g_assert_no_error (error);
  path = g_build_filename (dir, "step.pb", NULL);
  g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
  g_assert_no_error (error);
  g_assert_cmpuint (g_bytes_get_size (bytes), >, 512 * 1024);

  folder = g_file_new_for_path (dir);
  g_assert_true (stp_loader_find_traces (folder, found, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (found->len, ==, 1);
  g_assert_cmpstr (g_ptr_array_index (found, 0), ==, path);

  ss = stp_step_stats_load_bytes (bytes, path, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ss->nodes->len, ==, 20000);

  g_unlink (path);
  g_rmdir (dir);
}

/* Text files in a folder are listed as the loader reads them: a field
 * of RunMetadata or StepStats first, however it is laid out, and not a
 * file that only starts with such a word. */
static void
test_text_in_folder (void)
{
  g_autoptr(GBytes) text = read_data ("run_meta.step_stats.pbtxt");
  gsize len;
  const char *body = g_bytes_get_data (text, &len);
  const char *after_name;
  static const struct { const char *name; const char *head; gboolean listed; } files[] = {
    { "brace.pbtxt", "step_stats {", TRUE },
    { "newline.pbtxt", "step_stats\n{", TRUE },
    { "comment.pbtxt", "# saved by hand\nstep_stats:\n  {", TRUE },
    { "angle.pbtxt", "step_stats <", TRUE },
    { "prose.txt", "step_stats is what TensorFlow records {", FALSE },
    { "ini.txt", "step_stats = 1\n{", FALSE },
    { "other-field.txt", "node_stats {", FALSE },
  };
  g_autoptr(GError) error = NULL;
  g_autofree char *dir = g_dir_make_tmp ("stepscope-XXXXXX", &error);
  g_autoptr(GFile) folder = g_file_new_for_path (dir);
  g_autoptr(GPtrArray) found = g_ptr_array_new_with_free_func (g_free);
  guint n_listed = 0;

  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (body, "step_stats {"));
  after_name = body + strlen ("step_stats {");

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autofree char *path = g_build_filename (dir, files[f].name, NULL);
      g_autofree char *contents = g_strconcat (files[f].head, after_name, NULL);

      /* The angle bracket closes as it opens. */
      if (g_str_has_suffix (files[f].head, "<"))
        contents[strlen (contents) - 2] = '>';
      g_file_set_contents (path, contents, -1, &error);
      g_assert_no_error (error);
      n_listed += files[f].listed;
    }

  g_assert_true (stp_loader_find_traces (folder, found, &error));
  g_assert_no_error (error);
  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autofree char *path = g_build_filename (dir, files[f].name, NULL);
      gboolean listed = FALSE;

      for (guint i = 0; i < found->len; i++)
        listed |= g_str_equal (g_ptr_array_index (found, i), path);
      if (listed != files[f].listed)
        g_error ("%s %s listed", files[f].name, listed ? "was" : "was not");

      /* What is listed loads. */
      if (listed)
        {
          g_autoptr(GFile) file = g_file_new_for_path (path);
          g_autoptr(StpTrace) trace = stp_load_file (file, NULL, NULL, NULL, NULL, &error);

          g_assert_no_error (error);
          g_assert_nonnull (trace);
        }
      g_unlink (path);
    }
  g_assert_cmpuint (found->len, ==, n_listed);
  g_rmdir (dir);
}

static void
test_random_bytes (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (1234);

  for (guint i = 0; i < 2000; i++)
    {
      gsize len = g_rand_int_range (rand, 1, 512);
      guint8 *data = g_malloc (len);
      g_autoptr(GBytes) bytes = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(StpStepStats) ss = NULL;

      for (gsize j = 0; j < len; j++)
        data[j] = g_rand_int (rand);
      /* Half of them start like a StepStats, to get past the first check. */
      if (i % 2)
        data[0] = 0x0a;

      bytes = g_bytes_new_take (data, len);
      ss = stp_step_stats_load_bytes (bytes, "random.pb", NULL, &error);
      if (ss == NULL)
        assert_error_names_file (error, "random.pb");
    }
}

static void
test_json_as_protobuf (void)
{
  static const char json[] = "{\"traceEvents\": [{\"ph\": \"X\", \"name\": \"a\", \"ts\": 1, \"dur\": 2}]}";
  g_autoptr(GBytes) bytes = g_bytes_new_static (json, sizeof json - 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(StpStepStats) ss = stp_step_stats_load_bytes (bytes, "trace.json", NULL, &error);

  g_assert_null (ss);
  g_assert_error (error, STP_ERROR, STP_ERROR_UNKNOWN_FORMAT);
  assert_error_names_file (error, "trace.json");
  /* In words a user reads, with what is supported, then the detail. */
  g_assert_nonnull (strstr (error->message, "not a supported trace"));
  g_assert_nonnull (strstr (error->message, "Chrome Trace Event JSON"));
  g_assert_nonnull (strstr (error->message, "at byte 0"));
}

static void
test_text_garbage (void)
{
  static const char text[] = "This is a README,\nnot a trace.\n";
  g_autoptr(GBytes) bytes = g_bytes_new_static (text, sizeof text - 1);
  g_autoptr(GError) error = NULL;
  g_autoptr(StpStepStats) ss = stp_step_stats_load_bytes (bytes, "README", NULL, &error);

  g_assert_null (ss);
  assert_error_names_file (error, "README");
  g_assert_error (error, STP_ERROR, STP_ERROR_UNKNOWN_FORMAT);
  g_assert_nonnull (strstr (error->message, "not a supported trace"));
  g_assert_nonnull (strstr (error->message, "line 1"));
}

/* Messages of our types that hold nothing to show are not traces: a
 * RunMetadata of partition graphs alone, in binary and text format. */
static void
test_no_trace_content (void)
{
  static const char text[] = "partition_graphs {\n}\n";
  static const guint8 binary[] = { 0x12, 0x00 };    /* partition_graphs, empty */
  const struct { const void *data; gsize len; } inputs[] = {
    { text, sizeof text - 1 }, { binary, sizeof binary },
  };

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autoptr(GBytes) bytes = g_bytes_new_static (inputs[i].data, inputs[i].len);
      g_autoptr(GError) error = NULL;
      g_autoptr(StpStepStats) ss = stp_step_stats_load_bytes (bytes, "graphs.pb", NULL, &error);

      g_assert_null (ss);
      g_assert_error (error, STP_ERROR, STP_ERROR_EMPTY);
      assert_error_names_file (error, "graphs.pb");
      g_assert_nonnull (strstr (error->message, "not a trace: the file is a RunMetadata without step_stats"));
    }
}

/* A RunMetadata whose step_stats is not a StepStats: the message says
 * which field, at which byte. */
static void
test_wrong_shape (void)
{
  g_autoptr(GByteArray) wire = g_byte_array_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(StpStepStats) ss = NULL;

  stp_wire_put_tag (wire, 1, STP_WIRE_VARINT);
  stp_wire_put_varint (wire, 17);
  bytes = g_byte_array_free_to_bytes (g_steal_pointer (&wire));

  ss = stp_step_stats_load_bytes (bytes, "odd.pb", NULL, &error);
  g_assert_null (ss);
  g_assert_nonnull (strstr (error->message, "field 1 at byte 0 is not a message"));
}

static void
test_wire_reader (void)
{
  /* A length that runs past the end, reported with its offset. */
  static const guint8 past_end[] = { 0x08, 0x01, 0x12, 0x7f, 'a' };
  static const guint8 long_varint[] = { 0x08, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01 };
  StpWireReader reader;
  StpWireField field;
  g_autoptr(GError) error = NULL;

  stp_wire_reader_init (&reader, past_end, sizeof past_end, 100);
  g_assert_true (stp_wire_next (&reader, &field, &error));
  g_assert_cmpuint (field.number, ==, 1);
  g_assert_cmpuint (field.value, ==, 1);
  g_assert_false (stp_wire_next (&reader, &field, &error));
  g_assert_error (error, STP_ERROR, STP_ERROR_TRUNCATED);
  g_assert_nonnull (strstr (error->message, "at byte 102"));
  g_clear_error (&error);

  stp_wire_reader_init (&reader, long_varint, sizeof long_varint, 0);
  g_assert_false (stp_wire_next (&reader, &field, &error));
  g_assert_error (error, STP_ERROR, STP_ERROR_TRUNCATED);
}

/* Varints of every length, each read both as the last bytes of its
 * buffer and with a field of ten bytes after it (read next): the reader
 * checks bounds a byte at a time in the first case, not in the second. */
static void
test_wire_varints (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (17);

  for (guint bits = 0; bits <= 64; bits++)
    for (guint k = 0; k < 8; k++)
      {
        guint64 top = bits == 64 ? G_MAXUINT64 : (G_GUINT64_CONSTANT (1) << bits) - 1;
        guint64 value = k == 0 ? top : k == 1 && bits < 64 ? top + 1
                        : (((guint64) g_rand_int (rand) << 32) | g_rand_int (rand)) & top;
        g_autoptr(GByteArray) wire = g_byte_array_new ();
        static const guint8 ones[] = { 0x78, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x01 };
        StpWireReader reader;
        StpWireField field;

        stp_wire_put_tag (wire, 1, STP_WIRE_VARINT);
        stp_wire_put_varint (wire, value);

        stp_wire_reader_init (&reader, wire->data, wire->len, 0);
        g_assert_true (stp_wire_next (&reader, &field, NULL));
        g_assert_cmpuint (field.value, ==, value);
        g_assert_cmpuint (reader.pos, ==, wire->len);

        /* Field 15: a nine-byte varint, every byte but its last all ones. */
        g_byte_array_append (wire, ones, sizeof ones);
        stp_wire_reader_init (&reader, wire->data, wire->len, 0);
        g_assert_true (stp_wire_next (&reader, &field, NULL));
        g_assert_cmpuint (field.number, ==, 1);
        g_assert_cmpuint (field.value, ==, value);
        g_assert_true (stp_wire_next (&reader, &field, NULL));
        g_assert_cmpuint (field.number, ==, 15);
        g_assert_cmpuint (field.value, ==, G_GUINT64_CONSTANT (0x1ffffffffffffff));
        g_assert_false (stp_wire_next (&reader, &field, NULL));
      }
}

static void
test_load_file_errors (void)
{
  g_autoptr(GFile) missing = g_file_new_for_path ("/nonexistent/run_meta.pb");
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = stp_load_file (missing, NULL, NULL, NULL, NULL, &error);

  g_assert_null (trace);
  g_assert_nonnull (error);
  g_assert_nonnull (strstr (error->message, "/nonexistent/run_meta.pb"));
}

static void
test_cancel (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "step-stats", "run_meta.pb", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = NULL;

  g_cancellable_cancel (cancellable);
  trace = stp_load_file (file, NULL, NULL, NULL, cancellable, &error);
  g_assert_null (trace);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* The devices, as the information page shows them, and the clock: a
 * StepStats times its ops in Unix µs, so the trace began at its
 * earliest all_start_micros.  Both read here from the text form with
 * plain string scanning, not through the loader. */
static void
test_devices_and_clock (void)
{
  g_autoptr(GBytes) text = read_data ("run_meta.step_stats.pbtxt");
  g_auto(GStrv) lines = g_strsplit (g_bytes_get_data (text, NULL), "\n", -1);
  g_autoptr(GString) devices = g_string_new (NULL);
  g_autoptr(StpStepStats) ss = load_data ("run_meta.step_stats.pbtxt");
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GDateTime) began = NULL;
  g_autoptr(GDateTime) second = NULL;
  g_autoptr(GDateTime) expected = NULL;
  g_autofree char *shown = NULL;
  gint64 earliest = G_MAXINT64, offset = -1;

  for (guint i = 0; lines[i] != NULL; i++)
    {
      const char *line = g_strstrip (lines[i]);

      if (g_str_has_prefix (line, "device: \""))
        g_string_append_printf (devices, "%s%.*s", devices->len ? ", " : "",
                                (int) strlen (line) - 10, line + 9);
      else if (g_str_has_prefix (line, "all_start_micros: "))
        earliest = MIN (earliest, g_ascii_strtoll (line + 18, NULL, 10));
    }
  g_assert_cmpuint (devices->len, >, 0);

  trace = stp_step_stats_analyze (ss, &options, NULL, &error);
  g_assert_no_error (error);
  shown = stp_trace_dup_metadata_value (trace, STP_METADATA_DESCRIPTION, "devices");
  g_assert_cmpstr (shown, ==, devices->str);

  g_assert_true (stp_trace_get_wall_clock (trace, &offset));
  g_assert_cmpint (offset, ==, 0);
  began = stp_wall_clock_to_date_time (trace->start_ts);
  second = g_date_time_new_from_unix_utc (earliest / 1000000);
  expected = g_date_time_add (second, earliest % 1000000);
  g_assert_true (g_date_time_equal (began, expected));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/step-stats/formats", test_formats);
  g_test_add_func ("/step-stats/three-encodings", test_three_encodings);
  g_test_add_func ("/step-stats/bare-text", test_bare_text);
  g_test_add_func ("/step-stats/describe-tensor", test_describe_tensor);
  g_test_add_func ("/step-stats/devices-and-clock", test_devices_and_clock);
  g_test_add_func ("/step-stats/bad/empty", test_empty);
  g_test_add_func ("/step-stats/bad/truncated", test_truncated);
  g_test_add_func ("/step-stats/bad/cut-short", test_cut_short);
  g_test_add_func ("/step-stats/bad/cut-short-strict", test_cut_short_strict);
  g_test_add_func ("/step-stats/big-in-folder", test_big_in_folder);
  g_test_add_func ("/step-stats/text-in-folder", test_text_in_folder);
  g_test_add_func ("/step-stats/bad/random-bytes", test_random_bytes);
  g_test_add_func ("/step-stats/bad/json-as-protobuf", test_json_as_protobuf);
  g_test_add_func ("/step-stats/bad/no-trace-content", test_no_trace_content);
  g_test_add_func ("/step-stats/bad/text-garbage", test_text_garbage);
  g_test_add_func ("/step-stats/bad/wrong-shape", test_wrong_shape);
  g_test_add_func ("/step-stats/bad/missing-file", test_load_file_errors);
  g_test_add_func ("/step-stats/cancel", test_cancel);
  g_test_add_func ("/wire/reader", test_wire_reader);
  g_test_add_func ("/wire/varints", test_wire_varints);

  return g_test_run ();
}
