/* test-lifetimes.c: tensor lifetimes from the executed graph
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Against tests/tools/graph-lifetimes.py, which computes them from the
 * files on its own (expected outputs in tests/data/lifetimes/): a
 * generated RunMetadata with partition_graphs (multi-output ops, control
 * edges, Send/Recv across devices, graph nodes that never ran, ops
 * missing from the graph), and the real run_meta with the real
 * graph.pbtxt, in text and binary, beside a binary and a text StepStats.
 */

#include <json-glib/json-glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <zlib.h>

#include "cli-test-util.h"
#include "stp-details.h"
#include "stp-error.h"
#include "stp-graph.h"
#include "stp-loader.h"
#include "stp-pbtext.h"

#include "tensorflow.pb-c.h"

static char *
data_path (const char *dir,
           const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", dir, name, NULL);
}

static StpGraph *
load_graph (const char *name)
{
  g_autofree char *path = data_path ("lifetimes", name);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  StpGraph *graph = stp_graph_load_file (file, NULL, &error);

  g_assert_no_error (error);
  return graph;
}

static StpTrace *
load_trace (const char      *dir,
            const char      *name,
            StpLifetimeMode  mode,
            StpGraph        *graph)
{
  g_autofree char *path = data_path (dir, name);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
  g_autoptr(GError) error = NULL;
  StpTrace *trace;

  options.show_memory = TRUE;
  options.lifetimes = mode;
  options.graph = graph;
  trace = stp_load_file (file, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

static JsonObject *
load_expected (const char *name)
{
  g_autofree char *path = data_path ("lifetimes", name);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_mapped_file (parser, path, &error);
  g_assert_no_error (error);
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

/* A finished trace has no index of its strings: they are searched. */
static StpStr
lookup_str (const StpTrace *trace,
            const char     *str)
{
  for (StpStr id = 0; id < stp_string_table_count (trace->strings); id++)
    if (strcmp (stp_trace_str (trace, id), str) == 0)
      return id;
  g_assert_not_reached ();
}

static const StpObject *
object_named (const StpTrace *trace,
              StpStr          name)
{
  for (guint i = 0; i < trace->objects->len; i++)
    if (g_array_index (trace->objects, StpObject, i).name == name)
      return &g_array_index (trace->objects, StpObject, i);
  g_assert_not_reached ();
}

/* "name ran remote" of each graph consumer, sorted. */
static gint
compare_lines (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

static char *
graph_uses (const StpTrace    *trace,
            const StpLifetime *lt)
{
  const StpLifetimes *lifetimes = trace->lifetimes;
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint u = lt->first_use; u < lt->first_use + lt->n_uses; u++)
    {
      const StpTensorUse *use = &g_array_index (lifetimes->uses, StpTensorUse, u);
      const StpGraphNode *node;

      if (!(use->flags & STP_USE_BY_GRAPH))
        continue;
      node = &g_array_index (lifetimes->graph->nodes, StpGraphNode, use->graph_node);
      g_ptr_array_add (lines, g_strdup_printf ("%.*s %d %d", (int) node->name.len, node->name.str,
                                               (use->flags & STP_USE_RAN) != 0,
                                               (use->flags & STP_USE_REMOTE) != 0));
    }
  g_ptr_array_sort (lines, compare_lines);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (out, "%s\n", (char *) g_ptr_array_index (lines, i));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static char *
expected_uses (JsonArray *consumers)
{
  g_autoptr(GPtrArray) lines = g_ptr_array_new_with_free_func (g_free);
  g_autoptr(GString) out = g_string_new (NULL);

  for (guint i = 0; i < json_array_get_length (consumers); i++)
    {
      JsonArray *c = json_array_get_array_element (consumers, i);

      g_ptr_array_add (lines, g_strdup_printf ("%s %d %d", json_array_get_string_element (c, 0),
                                               json_array_get_boolean_element (c, 1),
                                               json_array_get_boolean_element (c, 2)));
    }
  g_ptr_array_sort (lines, compare_lines);
  for (guint i = 0; i < lines->len; i++)
    g_string_append_printf (out, "%s\n", (char *) g_ptr_array_index (lines, i));
  return g_string_free (g_steal_pointer (&out), FALSE);
}

static void
check_tensors (const StpTrace *trace,
               JsonArray      *tensors)
{
  g_assert_nonnull (trace->lifetimes);
  g_assert_cmpuint (trace->lifetimes->tensors->len, ==, json_array_get_length (tensors));

  for (guint i = 0; i < json_array_get_length (tensors); i++)
    {
      JsonObject *e = json_array_get_object_element (tensors, i);
      const char *name = json_object_get_string_member (e, "name");
      StpStr id = lookup_str (trace, name);
      const StpLifetime *lt = stp_lifetimes_lookup (trace->lifetimes, id);
      gboolean in_graph = json_object_get_boolean_member (e, "in_graph");
      gint64 end = json_object_get_int_member (e, "end_us");
      const StpObject *object = object_named (trace, id);

      g_test_message ("%s", name);
      g_assert_nonnull (lt);
      g_assert_cmpint (lt->start_us, ==, json_object_get_int_member (e, "start_us"));
      g_assert_cmpint (lt->end_us, ==, end);
      g_assert_cmpint (!!(lt->flags & STP_LIFETIME_IN_GRAPH), ==, in_graph);
      g_assert_cmpint (!!(lt->flags & STP_LIFETIME_FROM_GRAPH), ==, in_graph);
      /* What the timeline draws and the memory graph sums. */
      g_assert_cmpint (object->create_ts, ==, lt->start_us * 1000);
      g_assert_cmpint (object->delete_ts, ==, end * 1000);

      if (in_graph)
        {
          g_autofree char *got = graph_uses (trace, lt);
          g_autofree char *want = expected_uses (json_object_get_array_member (e, "consumers"));

          g_assert_cmpint (!!(lt->flags & STP_LIFETIME_UNUSED), ==,
                           json_object_get_boolean_member (e, "unused"));
          g_assert_cmpint (lt->graph_end_us, ==, end);
          g_assert_cmpstr (got, ==, want);
        }
    }
}

static void
check_peaks (const StpTrace *trace,
             JsonObject     *peaks)
{
  g_assert_cmpuint (trace->allocator_maximums->len, ==, json_object_get_size (peaks));

  for (guint i = 0; i < trace->allocator_maximums->len; i++)
    {
      const StpAllocatorMaximum *max = &g_array_index (trace->allocator_maximums, StpAllocatorMaximum, i);
      JsonObject *e = json_object_get_object_member (peaks, stp_trace_str (trace, max->allocator));
      JsonArray *names = json_object_get_array_member (e, "tensors");

      g_assert_cmpint (max->ts, ==, json_object_get_int_member (e, "timestamp") * 1000);
      g_assert_cmpint (max->num_bytes, ==, json_object_get_int_member (e, "num_bytes"));
      g_assert_cmpuint (max->tensors->len, ==, json_array_get_length (names));
      for (guint j = 0; j < max->tensors->len; j++)
        g_assert_cmpstr (stp_trace_str (trace, g_array_index (max->tensors, StpStr, j)), ==,
                         json_array_get_string_element (names, j));
    }
}

static void
check_against (const StpTrace *trace,
               const char     *expected_name)
{
  g_autoptr(JsonObject) expected = load_expected (expected_name);

  g_assert_cmpint (trace->lifetimes->mode, ==, STP_LIFETIMES_GRAPH);
  check_tensors (trace, json_object_get_array_member (expected, "tensors"));
  check_peaks (trace, json_object_get_object_member (expected, "peaks"));
}

/* partition_graphs of a binary RunMetadata. */
static void
test_generated (void)
{
  g_autoptr(StpTrace) trace = load_trace ("lifetimes", "generated.run_metadata.pb", STP_LIFETIMES_GRAPH, NULL);
  const StpLifetimes *lifetimes = trace->lifetimes;
  guint remote = 0, not_ran = 0;

  check_against (trace, "generated.run_metadata.pb.expected.json");

  /* The cases the generator makes are there. */
  g_assert_true (lifetimes->graph->from_partitions);
  g_assert_cmpuint (lifetimes->graph->n_partitions, ==, 5);
  g_assert_cmpuint (lifetimes->graph->n_transfers, >, 0);
  g_assert_cmpuint (lifetimes->n_not_in_graph, >, 0);
  g_assert_cmpuint (lifetimes->n_unused, >, 0);
  g_assert_cmpuint (lifetimes->n_differ, >, 0);
  g_assert_cmpuint (lifetimes->n_disagree, >, 0);
  for (guint u = 0; u < lifetimes->uses->len; u++)
    {
      guint32 flags = g_array_index (lifetimes->uses, StpTensorUse, u).flags;

      remote += (flags & STP_USE_REMOTE) != 0;
      not_ran += (flags & STP_USE_BY_GRAPH) && !(flags & STP_USE_RAN);
    }
  g_assert_cmpuint (remote, >, 0);
  g_assert_cmpuint (not_ran, >, 0);
}

/* The same RunMetadata in text format (partition_graphs with attrs). */
static void
test_generated_text (void)
{
  g_autofree char *path = data_path ("lifetimes", "generated.run_metadata.pb");
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GBytes) text_bytes = NULL;
  g_autoptr(StpInput) input = NULL;
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
  g_autofree char *contents = NULL;
  gsize len;

  g_file_get_contents (path, &contents, &len, &error);
  g_assert_no_error (error);
  g_assert_true (stp_pbtext_print (&tensorflow__run_metadata__descriptor, (const guint8 *) contents,
                                   len, text, &error));
  g_assert_no_error (error);
  g_assert_nonnull (strstr (text->str, "key: \"tensor_name\""));

  text_bytes = g_bytes_new (text->str, text->len);
  input = stp_input_new_for_bytes (text_bytes, "generated.pbtxt", &error);
  g_assert_no_error (error);
  options.show_memory = TRUE;
  options.lifetimes = STP_LIFETIMES_GRAPH;
  trace = stp_load_input (input, "generated.pbtxt", &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  g_assert_cmpint (trace->format, ==, STP_FORMAT_RUN_METADATA_TEXT);
  check_against (trace, "generated.run_metadata.pb.expected.json");
}

/* The real graph.pbtxt (the model's GraphDef, not the executed one)
 * beside the real run_meta, binary and text, in both encodings. */
static void
test_real (void)
{
  const char *graphs[] = { "graph.pbtxt", "graph.graphdef.pb" };
  const char *inputs[] = { "run_meta.pb", "run_meta.step_stats.pbtxt", "run_meta.bare_step_stats.pb" };

  for (guint g = 0; g < G_N_ELEMENTS (graphs); g++)
    for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
      {
        g_autoptr(StpGraph) graph = load_graph (graphs[g]);
        g_autoptr(StpTrace) trace = load_trace ("step-stats", inputs[i], STP_LIFETIMES_GRAPH, graph);

        g_test_message ("%s beside %s", graphs[g], inputs[i]);
        g_assert_cmpuint (graph->nodes->len, ==, 31);
        g_assert_false (graph->from_partitions);
        check_against (trace, "run_meta.graph.expected.json");
        /* The optimizer replaced DW/read with DW: timeline.py's labels
         * name Conv2D, the model's graph does not. */
        g_assert_cmpuint (trace->lifetimes->n_disagree, >, 0);
      }
}

/* Labels (the default) stay timeline.py's even with a graph, which
 * then only says where the two differ. */
static void
test_labels_unchanged (void)
{
  g_autoptr(StpTrace) plain = load_trace ("step-stats", "run_meta.pb", STP_LIFETIMES_LABELS, NULL);
  g_autoptr(StpGraph) graph = load_graph ("graph.pbtxt");
  g_autoptr(StpTrace) labels = load_trace ("step-stats", "run_meta.pb", STP_LIFETIMES_LABELS, graph);
  g_autoptr(StpTrace) by_graph = load_trace ("step-stats", "run_meta.pb", STP_LIFETIMES_GRAPH, graph);
  guint differ = 0, changed = 0;

  g_assert_null (plain->lifetimes);
  g_assert_nonnull (labels->lifetimes);
  g_assert_cmpint (labels->lifetimes->mode, ==, STP_LIFETIMES_LABELS);
  g_assert_cmpuint (labels->objects->len, ==, plain->objects->len);
  for (guint i = 0; i < plain->objects->len; i++)
    {
      const StpObject *a = &g_array_index (plain->objects, StpObject, i);
      const StpObject *b = &g_array_index (labels->objects, StpObject, i);
      const StpObject *c = &g_array_index (by_graph->objects, StpObject, i);
      const StpLifetime *lt = stp_lifetimes_lookup (labels->lifetimes, b->name);

      g_assert_cmpint (a->delete_ts, ==, b->delete_ts);
      g_assert_cmpint (lt->end_us * 1000, ==, b->delete_ts);
      g_assert_cmpint (lt->labels_end_us, ==, lt->end_us);
      g_assert_false (lt->flags & STP_LIFETIME_FROM_GRAPH);
      differ += (lt->flags & STP_LIFETIME_DIFFERS) != 0;
      changed += c->delete_ts != b->delete_ts;
    }
  g_assert_cmpuint (differ, ==, labels->lifetimes->n_differ);
  g_assert_cmpuint (differ, >, 0);
  g_assert_cmpuint (changed, >, 0);

  g_assert_cmpuint (plain->allocator_maximums->len, ==, labels->allocator_maximums->len);
  for (guint i = 0; i < plain->allocator_maximums->len; i++)
    {
      const StpAllocatorMaximum *a = &g_array_index (plain->allocator_maximums, StpAllocatorMaximum, i);
      const StpAllocatorMaximum *b = &g_array_index (labels->allocator_maximums, StpAllocatorMaximum, i);

      g_assert_cmpint (a->ts, ==, b->ts);
      g_assert_cmpint (a->num_bytes, ==, b->num_bytes);
    }
}

/* Re-analysis (another op time, another mode) keeps a graph given beside. */
static void
test_reanalyze_keeps_graph (void)
{
  g_autoptr(StpGraph) graph = load_graph ("graph.pbtxt");
  g_autoptr(StpTrace) trace = load_trace ("step-stats", "run_meta.pb", STP_LIFETIMES_LABELS, graph);
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
  g_autoptr(StpTrace) again = NULL;
  g_autoptr(GError) error = NULL;

  options.show_memory = TRUE;
  options.lifetimes = STP_LIFETIMES_GRAPH;
  again = stp_trace_reanalyze (trace, &options, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (again->lifetimes);
  g_assert_true (again->lifetimes->graph == graph);
  check_against (again, "run_meta.graph.expected.json");
}

/* The details of a tensor say which mode made its lifetime and list
 * its consumers, by the graph and by the labels, linked to their ops. */
static void
test_details (void)
{
  g_autoptr(StpGraph) graph = load_graph ("graph.pbtxt");
  g_autoptr(StpTrace) trace = load_trace ("step-stats", "run_meta.pb", STP_LIFETIMES_GRAPH, graph);
  g_autoptr(StpLinks) links = NULL;
  g_autoptr(StpDetails) details = NULL;
  g_autoptr(GError) error = NULL;
  StpStr dw = lookup_str (trace, "DW");
  StpItemRef item = { STP_ITEM_OBJECT, STP_INDEX_NONE, STP_INDEX_NONE, 0 };
  const StpDetailsLifetime *lifetime;
  guint found = 0;

  links = stp_links_new (trace, NULL, &error);
  g_assert_no_error (error);
  item.index = object_named (trace, dw) - &g_array_index (trace->objects, StpObject, 0);
  details = stp_details_new (trace, links, &item);
  lifetime = details->lifetime;

  g_assert_nonnull (lifetime);
  g_assert_true (lifetime->from_graph);
  g_assert_true (lifetime->in_graph);
  g_assert_true (lifetime->unused);
  g_assert_true (lifetime->differs);
  g_assert_true (lifetime->disagrees);
  g_assert_cmpint (lifetime->graph_end, ==, details->end);
  g_assert_cmpint (lifetime->labels_end, >, lifetime->graph_end);

  for (guint i = 0; i < lifetime->consumers->len; i++)
    {
      const StpDetailsConsumer *c = &g_array_index (lifetime->consumers, StpDetailsConsumer, i);

      if (g_str_equal (c->name, "DW/Assign") || g_str_equal (c->name, "DW/read"))
        {
          /* In the graph, never ran: no op to link to. */
          g_assert_true (c->by_graph && !c->by_label);
          g_assert_cmpint (c->op.kind, ==, STP_ITEM_NONE);
          found++;
        }
      else if (g_str_equal (c->name, "Conv2D"))
        {
          const StpSlice *s;

          g_assert_true (!c->by_graph && c->by_label);
          g_assert_cmpint (c->op.kind, ==, STP_ITEM_SLICE);
          s = stp_item_get_slice (trace, &c->op);
          g_assert_cmpstr (stp_trace_str (trace, s->name), ==, "Conv2D");
          found++;
        }
    }
  g_assert_cmpuint (found, ==, 3);
  g_assert_cmpuint (lifetime->consumers->len, ==, 3);
}

/* A broken partition graph costs the graph, not the trace. */
static void
test_bad_partition_graph (void)
{
  static const char run_metadata[] =
    "\x0a\x13"                                   /* step_stats */
    "\x0a\x11\x0a\x06/cpu:0"                       /* dev_stats, device */
    "\x12\x07\x0a\x01" "a\x10\x01\x28\x02"           /* node_stats a, 1 + 2 µs */
    "\x1a\x06\x0a\x04\x0a\x10" "ab";                 /* a node whose name runs past its end */
  g_autoptr(GBytes) bytes = g_bytes_new_static (run_metadata, sizeof run_metadata - 1);
  g_autoptr(StpInput) input = NULL;
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
  const StpWarning *warning;

  options.lifetimes = STP_LIFETIMES_GRAPH;
  input = stp_input_new_for_bytes (bytes, "broken-graph.pb", &error);
  g_assert_no_error (error);
  trace = stp_load_input (input, "broken-graph.pb", &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  g_assert_cmpint (trace->format, ==, STP_FORMAT_RUN_METADATA);
  g_assert_null (trace->lifetimes);
  g_assert_cmpuint (trace->warnings->len, ==, 1);
  warning = &g_array_index (trace->warnings, StpWarning, 0);
  g_assert_cmpstr (stp_trace_str (trace, warning->kind), ==, "bad-partition-graph");
  g_assert_nonnull (strstr (stp_trace_str (trace, warning->example), "broken-graph.pb: corrupt partition graph 0"));
}

/* A GraphDef alone is recognised and explained, not an empty trace. */
static void
test_graph_alone (void)
{
  const char *graphs[] = { "graph.pbtxt", "graph.graphdef.pb" };

  for (guint g = 0; g < G_N_ELEMENTS (graphs); g++)
    {
      g_autofree char *path = data_path ("lifetimes", graphs[g]);
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(StpTrace) trace = stp_load_file (file, NULL, NULL, NULL, NULL, &error);

      g_assert_null (trace);
      g_assert_error (error, STP_ERROR, STP_ERROR_UNKNOWN_FORMAT);
      g_assert_true (g_str_has_prefix (error->message, path));
      g_assert_nonnull (strstr (error->message, "this is a TensorFlow GraphDef, the model's graph, not a trace"));
      g_assert_nonnull (strstr (error->message, "open it beside a RunMetadata"));
    }
}

/* Neither a trace nor random bytes pass for a GraphDef. */
static void
test_graph_sniff (void)
{
  const char *not_graphs[] = { "run_meta.pb", "run_meta.step_stats.pbtxt", "run_meta.bare_step_stats.pb",
                               "tensorboard_run_metadata.pbtxt" };
  static const guchar graph[] = "\x0a\x0e\x0a\x05" "Const\x12\x05" "Const";
  g_autoptr(GBytes) bytes = g_bytes_new_static ("dev_stats { }", 13);
  g_autoptr(GError) error = NULL;

  for (guint i = 0; i < G_N_ELEMENTS (not_graphs); i++)
    {
      g_autofree char *path = data_path ("step-stats", not_graphs[i]);
      g_autofree char *contents = NULL;
      gsize len;

      g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
      g_assert_false (stp_graph_sniff ((const guint8 *) contents, len));
    }
  g_assert_true (stp_graph_sniff (graph, sizeof graph - 1));
  g_assert_true (stp_graph_sniff ((const guint8 *) "# a graph\nnode {\n}\n", 19));
  g_assert_true (stp_graph_sniff ((const guint8 *) "versions { producer: 1 }", 24));
  g_assert_false (stp_graph_sniff ((const guint8 *) "nodes {}", 8));
  g_assert_false (stp_graph_sniff ((const guint8 *) "\x0a\x03\x08\x01\x10", 5));
  /* StepStats {dev_stats {device: "x"}} reads as a node named "x" too. */
  g_assert_false (stp_graph_sniff ((const guint8 *) "\x0a\x03\x0a\x01x", 5));
  /* RunMetadata {step_stats {dev_stats {device: "/cpu:0"}}} */
  g_assert_false (stp_graph_sniff ((const guint8 *) "\x0a\x0a\x0a\x08\x0a\x06/cpu:0", 12));

  g_assert_null (stp_graph_load_bytes (bytes, "x.pbtxt", &error));
  g_assert_error (error, STP_ERROR, STP_ERROR_UNKNOWN_FORMAT);
  g_assert_cmpstr (error->message, ==, "x.pbtxt: not a TensorFlow GraphDef (binary or text format)");
}

/* A GraphDef file, plain or gzip-compressed, is told from a trace by
 * its first bytes and loads to the same graph; a missing file is none. */
static void
test_graph_file (void)
{
  g_autofree char *path = data_path ("lifetimes", "graph.pbtxt");
  g_autofree char *trace_path = data_path ("step-stats", "run_meta.pb");
  g_autofree char *dir = g_dir_make_tmp ("stp-graph-XXXXXX", NULL);
  g_autofree char *gzipped = g_build_filename (dir, "graph.pbtxt.gz", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.pbtxt", NULL);
  g_autofree char *contents = NULL;
  g_autoptr(GFile) plain_file = g_file_new_for_path (path);
  g_autoptr(GFile) gz_file = g_file_new_for_path (gzipped);
  g_autoptr(GFile) trace_file = g_file_new_for_path (trace_path);
  g_autoptr(GFile) missing_file = g_file_new_for_path (missing);
  g_autoptr(StpGraph) plain = load_graph ("graph.pbtxt");
  g_autoptr(StpGraph) from_gz = NULL;
  g_autoptr(GError) error = NULL;
  gsize len;
  gzFile gz;

  g_assert_true (g_file_get_contents (path, &contents, &len, NULL));
  gz = gzopen (gzipped, "wb");
  g_assert_cmpint (gzwrite (gz, contents, len), ==, (int) len);
  g_assert_cmpint (gzclose (gz), ==, Z_OK);

  g_assert_true (stp_graph_sniff_file (plain_file));
  g_assert_true (stp_graph_sniff_file (gz_file));
  g_assert_false (stp_graph_sniff_file (trace_file));
  g_assert_false (stp_graph_sniff_file (missing_file));

  from_gz = stp_graph_load_file (gz_file, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (from_gz->nodes->len, ==, plain->nodes->len);
  g_assert_cmpuint (from_gz->nodes->len, >, 0);

  g_assert_null (stp_graph_load_file (missing_file, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_true (g_str_has_prefix (error->message, missing));
  g_clear_error (&error);

  /* Cut short, the gzip graph says so. */
  {
    g_autofree char *packed = NULL;
    g_autofree char *cut = g_build_filename (dir, "cut.pbtxt.gz", NULL);
    g_autoptr(GFile) cut_file = g_file_new_for_path (cut);
    gsize packed_len;

    g_assert_true (g_file_get_contents (gzipped, &packed, &packed_len, NULL));
    g_assert_true (g_file_set_contents (cut, packed, packed_len / 2, NULL));
    g_assert_null (stp_graph_load_file (cut_file, NULL, &error));
    g_assert_error (error, STP_ERROR, STP_ERROR_TRUNCATED);
    g_assert_true (g_str_has_prefix (error->message, cut));
    g_assert_nonnull (strstr (error->message, "the compressed data is cut short"));
    g_assert_cmpint (g_unlink (cut), ==, 0);
  }

  g_assert_cmpint (g_unlink (gzipped), ==, 0);
  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

static void
test_parse_input (void)
{
  static const struct { const char *input; gboolean tensor; const char *node; guint32 output; } cases[] = {
    { "a", TRUE, "a", 0 },
    { "a:0", TRUE, "a", 0 },
    { "a:12", TRUE, "a", 12 },
    { "scope/a:1", TRUE, "scope/a", 1 },
    { "^a", FALSE, NULL, 0 },
    { "^a:1", FALSE, NULL, 0 },
    { "", FALSE, NULL, 0 },
    { "a:b", TRUE, "a:b", 0 },
    { "a:", TRUE, "a:", 0 },
    { "a:1x", TRUE, "a:1x", 0 },
    { "a:1:2", TRUE, "a:1", 2 },
    { "a:1234567890", TRUE, "a:1234567890", 0 },   /* no output has that index */
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      StpSpan input = { cases[i].input, strlen (cases[i].input) };
      StpSpan node = { NULL, 0 };
      guint32 output = 99;
      gboolean tensor = stp_graph_parse_input (input, &node, &output);

      g_test_message ("%s", cases[i].input);
      g_assert_cmpint (tensor, ==, cases[i].tensor);
      if (!tensor)
        continue;
      g_assert_cmpmem (node.str, node.len, cases[i].node, strlen (cases[i].node));
      g_assert_cmpuint (output, ==, cases[i].output);
    }
}

static void
test_cli (void)
{
  g_autofree char *run_meta = data_path ("step-stats", "run_meta.pb");
  g_autofree char *graph = data_path ("lifetimes", "graph.pbtxt");
  g_autofree char *generated = data_path ("lifetimes", "generated.run_metadata.pb");
  g_autofree char *chrome = data_path ("chrome", "catapult/tracing/test_data/simple_trace.json");

  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "peaks", "--lifetimes=graph", run_meta, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "no partition_graphs; give the GraphDef with --graph FILE"));
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "convert", "--lifetimes=both", run_meta, NULL);
    g_assert_cmpint (run.status, ==, 2);
    g_assert_nonnull (strstr (run.err, "--lifetimes must be labels or graph, not “both”"));
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "convert", "--graph", run_meta, run_meta, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "not a TensorFlow GraphDef"));
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "info", "--graph", graph, chrome, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "need a StepStats or RunMetadata"));
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "info", graph, NULL);
    g_assert_cmpint (run.status, ==, 1);
    g_assert_nonnull (strstr (run.err, "this is a TensorFlow GraphDef"));
  }
  {
    g_auto(Run) run = { 0 };
    run_cli (&run, "info", "--graph", graph, run_meta, NULL);
    g_assert_cmpint (run.status, ==, 0);
    g_assert_nonnull (strstr (run.out, "\"summary\": \"3 tensors' lifetimes differ from timeline.py's\""));
  }
  {
    /* Graph peaks say where labels and graph disagree. */
    g_auto(Run) run = { 0 };
    g_autoptr(JsonParser) parser = json_parser_new ();
    g_autoptr(GError) error = NULL;
    g_autoptr(JsonObject) expected = load_expected ("generated.run_metadata.pb.expected.json");
    JsonObject *peaks, *cpu;

    run_cli (&run, "peaks", "--lifetimes=graph", generated, NULL);
    g_assert_cmpint (run.status, ==, 0);
    json_parser_load_from_data (parser, run.out, -1, &error);
    g_assert_no_error (error);
    peaks = json_node_get_object (json_parser_get_root (parser));
    cpu = json_object_get_object_member (peaks, "cpu");
    g_assert_cmpstr (json_object_get_string_member (cpu, "lifetimes"), ==, "graph");
    g_assert_true (json_object_has_member (cpu, "disagreements"));
    g_assert_cmpint (json_object_get_int_member (cpu, "num_bytes"), ==,
                     json_object_get_int_member (json_object_get_object_member (
                       json_object_get_object_member (expected, "peaks"), "cpu"), "num_bytes"));
  }
  {
    /* The default stays timeline.py's, byte for byte. */
    g_auto(Run) plain = { 0 };
    g_auto(Run) labels = { 0 };
    run_cli (&plain, "convert", "--show-memory", run_meta, NULL);
    run_cli (&labels, "convert", "--show-memory", "--graph", graph, run_meta, NULL);
    g_assert_cmpint (plain.status, ==, 0);
    g_assert_cmpstr (plain.out, ==, labels.out);
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/lifetimes/generated", test_generated);
  g_test_add_func ("/lifetimes/generated-text", test_generated_text);
  g_test_add_func ("/lifetimes/real", test_real);
  g_test_add_func ("/lifetimes/labels-unchanged", test_labels_unchanged);
  g_test_add_func ("/lifetimes/reanalyze", test_reanalyze_keeps_graph);
  g_test_add_func ("/lifetimes/details", test_details);
  g_test_add_func ("/lifetimes/bad-partition-graph", test_bad_partition_graph);
  g_test_add_func ("/lifetimes/graph-alone", test_graph_alone);
  g_test_add_func ("/lifetimes/graph-sniff", test_graph_sniff);
  g_test_add_func ("/lifetimes/graph-file", test_graph_file);
  g_test_add_func ("/lifetimes/parse-input", test_parse_input);
  g_test_add_func ("/lifetimes/cli", test_cli);

  return g_test_run ();
}
