/* test-links.c: what points at what in a StepStats (stp-links.h)
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Producers and consumers against timeline.py's rule done the plain
 * way, on the StepStats of tests/data and one written here.
 */

#include <glib/gstdio.h>
#include <string.h>

#include "stp-links.h"
#include "stp-loader.h"
#include "stp-step-stats-labels.h"

/* The rule done the plain way: a table from every output's name ("op",
 * "op:1") to the latest output of that name in node order, and each
 * name's consumers as the ops' labels read it. */
typedef struct
{
  guint32  node;
  guint    output;
  GArray  *consumers;   /* guint32 nodes */
} RefProducer;

static void
ref_producer_free (gpointer data)
{
  RefProducer *p = data;

  g_array_unref (p->consumers);
  g_free (p);
}

static char *
span_dup (StpSpan span)
{
  return g_strndup (span.str != NULL ? span.str : "", span.len);
}

static RefProducer *
ref_resolve (GHashTable *produced,
             const char *input)
{
  RefProducer *p = g_hash_table_lookup (produced, input);
  const char *cut = g_strrstr (input, "/_");

  if (p == NULL && cut != NULL && cut != input)
    {
      g_autofree char *before = g_strndup (input, cut - input);

      p = g_hash_table_lookup (produced, before);
    }
  return p;
}

static GHashTable *
ref_links (StpStepStats *ss)
{
  GHashTable *produced = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, ref_producer_free);
  g_autoptr(GArray) inputs = g_array_new (FALSE, FALSE, sizeof (StpSpan));

  for (guint32 i = 0; i < ss->nodes->len; i++)
    {
      const StpStepStatsNode *node = &g_array_index (ss->nodes, StpStepStatsNode, i);
      g_autofree char *name = span_dup (stp_step_stats_node_name (node));

      for (guint k = 0; k < node->n_outputs; k++)
        {
          char *key = k > 0 ? g_strdup_printf ("%s:%u", name, k) : g_strdup (name);
          RefProducer *p = g_hash_table_lookup (produced, key);

          if (p == NULL)
            {
              p = g_new0 (RefProducer, 1);
              p->consumers = g_array_new (FALSE, FALSE, sizeof (guint32));
              g_hash_table_insert (produced, key, p);
            }
          else
            g_free (key);
          p->node = i;
          p->output = k;
        }
    }

  for (guint32 i = 0; i < ss->nodes->len; i++)
    {
      const StpStepStatsNode *node = &g_array_index (ss->nodes, StpStepStatsNode, i);
      StpSpan label = stp_step_stats_node_label (node), name, op, list;
      g_autofree char *node_name = span_dup (stp_step_stats_node_name (node));

      if (g_array_index (ss->devices, StpStepStatsDevice, node->device).gpu_tracer ||
          g_str_equal (node_name, "RecvTensor") ||
          !stp_step_stats_parse_op_label (label.str, label.len, &name, &op, &list))
        continue;
      stp_step_stats_split_inputs (list, inputs);
      for (guint k = 0; k < inputs->len; k++)
        {
          g_autofree char *input = span_dup (g_array_index (inputs, StpSpan, k));
          RefProducer *p = ref_resolve (produced, input);

          if (p != NULL && (p->consumers->len == 0 ||
                            g_array_index (p->consumers, guint32, p->consumers->len - 1) != i))
            g_array_append_val (p->consumers, i);
        }
    }
  return produced;
}

static void
assert_links_as_ref (StpLinks   *links,
                     GHashTable *produced,
                     const char *tensor)
{
  RefProducer *p = ref_resolve (produced, tensor[0] == '^' ? tensor + 1 : tensor);
  RefProducer *exact = g_hash_table_lookup (produced, tensor);
  guint output = G_MAXUINT, n_consumers;
  guint32 node = stp_links_find_producer (links, tensor, strlen (tensor), &output);
  const guint32 *consumers = stp_links_get_consumers (links, tensor, strlen (tensor), &n_consumers);

  if (p == NULL)
    g_assert_cmpuint (node, ==, STP_INDEX_NONE);
  else
    {
      g_assert_cmpuint (node, ==, p->node);
      g_assert_cmpuint (output, ==, p->output);
    }

  if (exact == NULL || exact->consumers->len == 0)
    {
      g_assert_null (consumers);
      g_assert_cmpuint (n_consumers, ==, 0);
    }
  else
    g_assert_cmpmem (consumers, n_consumers * sizeof (guint32),
                     exact->consumers->data, exact->consumers->len * sizeof (guint32));
}

/* Names as a graph may repeat them: "a" twice, a node called "a:1"
 * after a's second output and "f:1" before f's, "g" with two outputs
 * then with one; inputs through "^", "/_" and ":k". */
static const char links_pbtxt[] =
  "step_stats { dev_stats { device: \"/job:localhost/replica:0/task:0/device:CPU:0\"\n"
  "  node_stats { node_name: \"f:1\" all_start_micros: 1 all_end_rel_micros: 1\n"
  "    output { tensor_description { dtype: DT_FLOAT } }\n"
  "    timeline_label: \"f:1 = Const()\" }\n"
  "  node_stats { node_name: \"g\" all_start_micros: 2 all_end_rel_micros: 1\n"
  "    output { tensor_description { dtype: DT_FLOAT } } output { tensor_description { dtype: DT_FLOAT } }\n"
  "    timeline_label: \"g = Const()\" }\n"
  "  node_stats { node_name: \"f\" all_start_micros: 3 all_end_rel_micros: 1\n"
  "    output { tensor_description { dtype: DT_FLOAT } } output { tensor_description { dtype: DT_FLOAT } }\n"
  "    timeline_label: \"f = Const()\" }\n"
  "  node_stats { node_name: \"g\" all_start_micros: 4 all_end_rel_micros: 1\n"
  "    output { tensor_description { dtype: DT_FLOAT } }\n"
  "    timeline_label: \"g = Const()\" }\n"
  "  node_stats { node_name: \"h\" all_start_micros: 5 all_end_rel_micros: 1\n"
  "    timeline_label: \"h = NoOp(f:1, g:1, g, f, g:2)\" }\n"
  "  node_stats { node_name: \"a\" all_start_micros: 10 all_end_rel_micros: 5\n"
  "    output { tensor_description { dtype: DT_FLOAT } } output { tensor_description { dtype: DT_FLOAT } }\n"
  "    timeline_label: \"a = Const()\" }\n"
  "  node_stats { node_name: \"a:1\" all_start_micros: 20 all_end_rel_micros: 5\n"
  "    output { tensor_description { dtype: DT_FLOAT } }\n"
  "    timeline_label: \"a:1 = Const()\" }\n"
  "  node_stats { node_name: \"b\" all_start_micros: 30 all_end_rel_micros: 5\n"
  "    output { tensor_description { dtype: DT_FLOAT } }\n"
  "    timeline_label: \"b = Add(a, a:1, a:1, ^a, a/_3, c:2, a:0, a:01)\" }\n"
  "  node_stats { node_name: \"a\" all_start_micros: 40 all_end_rel_micros: 5\n"
  "    output { tensor_description { dtype: DT_FLOAT } }\n"
  "    timeline_label: \"a = Const()\" }\n"
  "  node_stats { node_name: \"c\" all_start_micros: 50 all_end_rel_micros: 5\n"
  "    output { tensor_description { dtype: DT_FLOAT } } output { tensor_description { dtype: DT_FLOAT } }\n"
  "    output { tensor_description { dtype: DT_FLOAT } }\n"
  "    timeline_label: \"c = Mul(a, b, a:1, d)\" }\n"
  "  node_stats { node_name: \"d\" all_start_micros: 60 all_end_rel_micros: 5\n"
  "    timeline_label: \"d = NoOp(c:2, c:1, c)\" }\n"
  "  node_stats { node_name: \"e\" all_start_micros: 70 all_end_rel_micros: 5\n"
  "    timeline_label: \"e = NoOp(c:2, b, a)\" }\n"
  "} }\n";

/* Checks every name produced in the StepStats at path, and every input
 * as a label writes it; returns how many. */
static guint
check_links (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = stp_load_file (file, &options, NULL, NULL, NULL, &error);
  g_autoptr(StpLinks) links = NULL;
  g_autoptr(GHashTable) produced = NULL;
  g_autoptr(GArray) inputs = g_array_new (FALSE, FALSE, sizeof (StpSpan));
  StpStepStats *ss;
  GHashTableIter iter;
  gpointer key;
  guint checked = 0;

  g_assert_no_error (error);
  links = stp_links_new (trace, NULL, &error);
  g_assert_no_error (error);
  ss = stp_links_get_step_stats (links);
  g_assert_nonnull (ss);
  produced = ref_links (ss);

  g_hash_table_iter_init (&iter, produced);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    {
      assert_links_as_ref (links, produced, key);
      checked++;
    }
  for (guint32 i = 0; i < ss->nodes->len; i++)
    {
      StpSpan label = stp_step_stats_node_label (&g_array_index (ss->nodes, StpStepStatsNode, i));
      StpSpan name, op, list;

      if (!stp_step_stats_parse_op_label (label.str, label.len, &name, &op, &list))
        continue;
      stp_step_stats_split_inputs (list, inputs);
      for (guint k = 0; k < inputs->len; k++)
        {
          g_autofree char *input = span_dup (g_array_index (inputs, StpSpan, k));

          assert_links_as_ref (links, produced, input);
          checked++;
        }
    }
  assert_links_as_ref (links, produced, "no such node");
  assert_links_as_ref (links, produced, "");
  return checked;
}

static void
test_links (void)
{
  const char *files[][2] = {
    { "step-stats", "run_meta.pb" },
    { "step-stats", "duplicates.run_metadata.pb" },
    { "step-stats", "dataflow_inputs.step_stats.pb" },
    { "step-stats", "labels.run_metadata.pb" },
    { "step-stats", "unicode_names.step_stats.pb" },
    { "lifetimes", "generated.run_metadata.pb" },
    { NULL, NULL },
  };
  g_autofree char *dir = g_dir_make_tmp ("stepscope-links-XXXXXX", NULL);
  g_autofree char *crafted = g_build_filename (dir, "links.pbtxt", NULL);
  guint checked = 0;

  g_assert_true (g_file_set_contents (crafted, links_pbtxt, -1, NULL));
  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autofree char *path = files[f][0] != NULL
        ? g_test_build_filename (G_TEST_DIST, "data", files[f][0], files[f][1], NULL)
        : g_strdup (crafted);

      checked += check_links (path);
    }
  g_assert_cmpuint (checked, >, 500);

  g_unlink (crafted);
  g_rmdir (dir);
}

/* A step big enough that the links resolve its inputs on two threads,
 * half the nodes each: names repeat (the last eighth reuse the first
 * ones), and ops read outputs from anywhere in the step, some twice,
 * as written, through "^", "/_" and ":k". */
static char *
big_step_pbtxt (guint n_nodes)
{
  GString *text = g_string_new ("step_stats { dev_stats { device: \"/job:localhost/replica:0/task:0/device:CPU:0\"\n");
  g_autoptr(GRand) rand = g_rand_new_with_seed (1729);
  const char *forms[] = { "n%u", "n%u:1", "^n%u", "n%u/_7", "n%u:2" };

  for (guint i = 0; i < n_nodes; i++)
    {
      guint name = i % (n_nodes - n_nodes / 8);
      guint n_outputs = g_rand_int_range (rand, 0, 4);
      guint n_inputs = g_rand_int_range (rand, 0, 5);

      g_string_append_printf (text, "  node_stats { node_name: \"n%u\" all_start_micros: %u all_end_rel_micros: 1\n",
                              name, i);
      for (guint k = 0; k < n_outputs; k++)
        g_string_append (text, "    output { tensor_description { dtype: DT_FLOAT } }\n");
      g_string_append_printf (text, "    timeline_label: \"n%u = Op(", name);
      for (guint k = 0; k < n_inputs; k++)
        {
          guint from = g_rand_int_range (rand, 0, n_nodes - n_nodes / 8);

          if (k > 0)
            g_string_append (text, ", ");
          g_string_append_printf (text, forms[g_rand_int_range (rand, 0, G_N_ELEMENTS (forms))], from);
          if (g_rand_int_range (rand, 0, 8) == 0)
            g_string_append_printf (text, ", n%u", from);
        }
      g_string_append (text, ")\" }\n");
    }
  g_string_append (text, "} }\n");
  return g_string_free (text, FALSE);
}

static void
test_links_big (void)
{
  const guint n_nodes = 40000;
  g_autofree char *dir = g_dir_make_tmp ("stepscope-links-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "big.pbtxt", NULL);
  g_autofree char *text = big_step_pbtxt (n_nodes);

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_assert_cmpuint (check_links (path), >, 2 * n_nodes);

  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/links/as-timeline-py", test_links);
  g_test_add_func ("/links/big-step", test_links_big);

  return g_test_run ();
}
