/* test-step-stats-index.c: a big step read by two threads, as one
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Steps are made here, field by field, in sizes read by one thread and
 * by two; every node and output must come out as written, and a
 * corrupt node must be reported as the first error in the file's order.
 */

#include <string.h>

#include "stp-error.h"
#include "stp-step-stats.h"
#include "stp-wire.h"

#define N_DEVICES 3

/* Field numbers of step_stats.proto, allocation_description.proto and
 * tensor_description.proto, as written below. */
enum
{
  NODE_NAME = 1, NODE_ALL_START_MICROS = 2, NODE_OUTPUT = 7, NODE_LABEL = 8,
  NODE_THREAD_ID = 10, OUTPUT_SLOT = 1, OUTPUT_DESCRIPTION = 3, DESCRIPTION_DTYPE = 1,
  DESCRIPTION_ALLOCATION = 4, ALLOCATION_REQUESTED = 1, ALLOCATION_ALLOCATOR = 3,
};

typedef struct
{
  guint        n_nodes;        /* in all */
  const guint *bad;            /* nodes written with a field cut short */
  guint        n_bad;
  gboolean     bad_graph;      /* a partition graph cut short */
  gboolean     graph_first;    /* the graph before the step, not after */
} Shape;

static guint
n_outputs_of (guint node)
{
  return node % 4;
}

static gint64
requested_of (guint node,
              guint output)
{
  return (gint64) node * 10 + output;
}

/* The marker just before node i's cut field, when it has one. */
static char *
marker_of (guint node)
{
  return g_strdup_printf ("CUT-HERE-%u:", node);
}

static void
put_output (GByteArray *node,
            guint       i,
            guint       j)
{
  g_autoptr(GByteArray) output = g_byte_array_new ();
  g_autoptr(GByteArray) description = g_byte_array_new ();
  g_autoptr(GByteArray) allocation = g_byte_array_new ();
  g_autofree char *allocator = g_strdup_printf ("allocator_%u", j);

  stp_wire_put_tag (allocation, ALLOCATION_REQUESTED, STP_WIRE_VARINT);
  stp_wire_put_varint (allocation, requested_of (i, j));
  stp_wire_put_bytes (allocation, ALLOCATION_ALLOCATOR, allocator, strlen (allocator));

  stp_wire_put_tag (output, OUTPUT_SLOT, STP_WIRE_VARINT);
  stp_wire_put_varint (output, j);
  if (i % 5 == 0 && j == 0)
    {
      /* The description in two occurrences, which merge. */
      g_autoptr(GByteArray) first = g_byte_array_new ();

      stp_wire_put_tag (first, DESCRIPTION_DTYPE, STP_WIRE_VARINT);
      stp_wire_put_varint (first, 1);
      stp_wire_put_bytes (output, OUTPUT_DESCRIPTION, first->data, first->len);
    }
  stp_wire_put_bytes (description, DESCRIPTION_ALLOCATION, allocation->data, allocation->len);
  stp_wire_put_bytes (output, OUTPUT_DESCRIPTION, description->data, description->len);
  stp_wire_put_bytes (node, NODE_OUTPUT, output->data, output->len);
}

static void
put_node (GByteArray  *device,
          guint        i,
          const Shape *shape)
{
  g_autoptr(GByteArray) node = g_byte_array_new ();
  g_autofree char *name = g_strdup_printf ("node_%u", i);
  g_autofree char *label = g_strdup_printf ("node_%u = NoOp()", i);

  stp_wire_put_bytes (node, NODE_NAME, name, strlen (name));
  stp_wire_put_tag (node, NODE_ALL_START_MICROS, STP_WIRE_VARINT);
  stp_wire_put_varint (node, G_GUINT64_CONSTANT (1600000000000000) + i);
  for (guint j = 0; j < n_outputs_of (i); j++)
    put_output (node, i, j);
  stp_wire_put_bytes (node, NODE_LABEL, label, strlen (label));
  stp_wire_put_tag (node, NODE_THREAD_ID, STP_WIRE_VARINT);
  stp_wire_put_varint (node, i % 7);

  for (guint k = 0; k < shape->n_bad; k++)
    if (shape->bad[k] == i)
      {
        g_autofree char *marker = marker_of (i);

        /* An unknown field, then one that claims more than the node holds. */
        stp_wire_put_bytes (node, 99, marker, strlen (marker));
        stp_wire_put_tag (node, 98, STP_WIRE_LEN);
        stp_wire_put_varint (node, 1000);
      }

  stp_wire_put_bytes (device, 2, node->data, node->len);
}

/* A RunMetadata of N_DEVICES devices sharing the nodes, and a graph. */
static GBytes *
make_run_metadata (const Shape *shape)
{
  g_autoptr(GByteArray) step_stats = g_byte_array_new ();
  g_autoptr(GByteArray) graph = g_byte_array_new ();
  GByteArray *run_metadata = g_byte_array_new ();
  guint i = 0;

  for (guint d = 0; d < N_DEVICES; d++)
    {
      g_autoptr(GByteArray) device = g_byte_array_new ();
      g_autofree char *device_name = g_strdup_printf ("/job:localhost/replica:0/task:0/device:CPU:%u", d);
      guint end = shape->n_nodes * (d + 1) / N_DEVICES;

      stp_wire_put_bytes (device, 1, device_name, strlen (device_name));
      for (; i < end; i++)
        put_node (device, i, shape);
      stp_wire_put_bytes (step_stats, 1, device->data, device->len);
    }
  /* GraphDef { node { name: "g" } }, or a node that claims too much. */
  stp_wire_put_bytes (graph, 1, "\x0a\x01g", 3);
  if (shape->bad_graph)
    {
      stp_wire_put_tag (graph, 1, STP_WIRE_LEN);
      stp_wire_put_varint (graph, 1000);
    }

  if (shape->graph_first)
    stp_wire_put_bytes (run_metadata, 3, graph->data, graph->len);
  stp_wire_put_bytes (run_metadata, 1, step_stats->data, step_stats->len);
  if (!shape->graph_first)
    stp_wire_put_bytes (run_metadata, 3, graph->data, graph->len);

  return g_byte_array_free_to_bytes (run_metadata);
}

/* Device d holds nodes [n * d / N_DEVICES, n * (d + 1) / N_DEVICES). */
static guint
device_of (guint node,
           guint n_nodes)
{
  guint d = 0;

  while (node >= n_nodes * (d + 1) / N_DEVICES)
    d++;
  return d;
}

static gboolean
span_is (StpSpan     span,
         const char *text)
{
  return span.len == strlen (text) && memcmp (span.str, text, span.len) == 0;
}

static void
check_nodes (const StpStepStats *ss,
             guint               n_nodes)
{
  guint i = 0;

  g_assert_cmpuint (ss->devices->len, ==, N_DEVICES);
  g_assert_cmpuint (ss->nodes->len, ==, n_nodes);
  for (guint d = 0; d < N_DEVICES; d++)
    {
      const StpStepStatsDevice *device = &g_array_index (ss->devices, StpStepStatsDevice, d);

      g_assert_cmpuint (device->first_node, ==, i);
      g_assert_cmpuint (device->n_nodes, ==, n_nodes * (d + 1) / N_DEVICES - i);
      i += device->n_nodes;
    }

  for (i = 0; i < n_nodes; i++)
    {
      const StpStepStatsNode *node = &g_array_index (ss->nodes, StpStepStatsNode, i);
      g_autofree char *name = g_strdup_printf ("node_%u", i);
      g_autofree char *label = g_strdup_printf ("node_%u = NoOp()", i);

      g_assert_true (span_is (stp_step_stats_node_name (node), name));
      g_assert_true (span_is (stp_step_stats_node_label (node), label));
      g_assert_cmpint (node->all_start_micros, ==, G_GINT64_CONSTANT (1600000000000000) + i);
      g_assert_cmpuint (node->thread_id, ==, i % 7);
      g_assert_cmpuint (node->device, ==, device_of (i, n_nodes));
      g_assert_cmpuint (node->n_outputs, ==, n_outputs_of (i));

      for (guint j = 0; j < node->n_outputs; j++)
        {
          const StpStepStatsOutput *output = &g_array_index (ss->outputs, StpStepStatsOutput,
                                                             node->first_output + j);
          g_autofree char *allocator = g_strdup_printf ("allocator_%u", j);
          StpSpan allocator_span = { output->description + output->allocator_at, output->allocator_len };

          g_assert_cmpint (output->requested_bytes, ==, requested_of (i, j));
          g_assert_true (span_is (allocator_span, allocator));
        }
    }
}

/* Sizes on both sides of the two-thread threshold (1 MiB, about 12,900
 * of these nodes), and odd ones. */
static void
test_every_node (void)
{
  static const guint sizes[] = { 3, 1000, 12000, 14000, 14001, 30001 };

  for (guint s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      Shape shape = { sizes[s], NULL, 0, FALSE, FALSE };
      g_autoptr(GBytes) bytes = make_run_metadata (&shape);
      g_autoptr(GError) error = NULL;
      g_autoptr(StpStepStats) ss = stp_step_stats_load_bytes (bytes, "made.pb", NULL, &error);

      g_test_message ("%u nodes, %" G_GSIZE_FORMAT " bytes", sizes[s], g_bytes_get_size (bytes));
      g_assert_no_error (error);
      check_nodes (ss, sizes[s]);
    }
}

/* A step of nodes much smaller than the index's guess of their size
 * (a name and a start only), big enough for two threads: they run out
 * of room in the nodes array, and one thread reads it all again. */
static void
test_small_nodes (void)
{
  const guint n = 150000;
  g_autoptr(GByteArray) device = g_byte_array_new ();
  g_autoptr(GByteArray) step_stats = g_byte_array_new ();
  g_autoptr(GByteArray) run_metadata = g_byte_array_new ();
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(StpStepStats) ss = NULL;
  const StpStepStatsDevice *d;

  stp_wire_put_bytes (device, 1, "cpu", 3);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GByteArray) node = g_byte_array_new ();

      stp_wire_put_bytes (node, NODE_NAME, "a", 1);
      stp_wire_put_tag (node, NODE_ALL_START_MICROS, STP_WIRE_VARINT);
      stp_wire_put_varint (node, i);
      stp_wire_put_bytes (device, 2, node->data, node->len);
    }
  stp_wire_put_bytes (step_stats, 1, device->data, device->len);
  stp_wire_put_bytes (run_metadata, 1, step_stats->data, step_stats->len);
  bytes = g_byte_array_free_to_bytes (g_steal_pointer (&run_metadata));
  g_assert_cmpuint (g_bytes_get_size (bytes), >, 1024 * 1024);

  ss = stp_step_stats_load_bytes (bytes, "small.pb", NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (ss->devices->len, ==, 1);
  d = &g_array_index (ss->devices, StpStepStatsDevice, 0);
  g_assert_cmpuint (d->first_node, ==, 0);
  g_assert_cmpuint (d->n_nodes, ==, n);
  g_assert_cmpuint (ss->nodes->len, ==, n);
  for (guint i = 0; i < n; i++)
    {
      const StpStepStatsNode *node = &g_array_index (ss->nodes, StpStepStatsNode, i);

      g_assert_true (span_is (stp_step_stats_node_name (node), "a"));
      g_assert_cmpint (node->all_start_micros, ==, i);
      g_assert_cmpuint (node->n_outputs, ==, 0);
    }
}

/* The error names the byte of the cut field of `first`. */
static void
assert_fails_at (const Shape *shape,
                 guint        first)
{
  g_autoptr(GBytes) bytes = make_run_metadata (shape);
  g_autoptr(GError) error = NULL;
  g_autoptr(StpStepStats) ss = stp_step_stats_load_bytes (bytes, "made.pb", NULL, &error);
  g_autofree char *marker = marker_of (first);
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);
  const guint8 *at = memmem (data, len, marker, strlen (marker));
  g_autofree char *where = NULL;

  g_assert_null (ss);
  g_assert_error (error, STP_ERROR, STP_ERROR_TRUNCATED);
  g_assert_nonnull (at);
  where = g_strdup_printf ("field 98 at byte %" G_GSIZE_FORMAT " claims", (gsize) (at - data) + strlen (marker));
  if (strstr (error->message, where) == NULL)
    g_error ("expected \"%s\" in: %s", where, error->message);
}

/* With nodes cut in either half, or the graph after them, the error is
 * the one a single walk meets first. */
static void
test_first_error (void)
{
  static const guint late[] = { 29000 };
  static const guint both[] = { 100, 29000 };
  static const guint two_late[] = { 20000, 29000 };
  static const guint small[] = { 4000, 5000 };

  {
    Shape shape = { 30000, late, 1, FALSE, FALSE };
    assert_fails_at (&shape, 29000);
  }
  {
    Shape shape = { 30000, both, 2, FALSE, FALSE };
    assert_fails_at (&shape, 100);
  }
  {
    Shape shape = { 30000, two_late, 2, TRUE, FALSE };
    assert_fails_at (&shape, 20000);
  }
  {
    Shape shape = { 30000, late, 1, TRUE, FALSE };
    assert_fails_at (&shape, 29000);
  }
  {
    Shape shape = { 6000, small, 2, TRUE, FALSE };
    assert_fails_at (&shape, 4000);
  }

  /* A graph before the step: its error comes first. */
  {
    Shape shape = { 30000, late, 1, TRUE, TRUE };
    g_autoptr(GBytes) bytes = make_run_metadata (&shape);
    g_autoptr(GError) error = NULL;
    g_autoptr(StpStepStats) ss = stp_step_stats_load_bytes (bytes, "made.pb", NULL, &error);

    g_assert_null (ss);
    g_assert_error (error, STP_ERROR, STP_ERROR_TRUNCATED);
    g_assert_nonnull (strstr (error->message, "field 1 at byte "));
    g_assert_null (strstr (error->message, "field 98"));
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/step-stats-index/every-node", test_every_node);
  g_test_add_func ("/step-stats-index/first-error", test_first_error);
  g_test_add_func ("/step-stats-index/small-nodes", test_small_nodes);

  return g_test_run ();
}
