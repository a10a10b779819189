/* test-dataflow.c: the dataflow of a step of many ops
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The analysis finds the tensors that ops consume a slot of ops at a
 * time, on a thread of its own (stp-step-stats-dataflow.c), so a step
 * of a few ops never crosses from one slot to the next.  This one has
 * two devices of N_OPS ops each.  Every op of the first makes two
 * outputs; the second's op k consumes "opk" (the first's op k, output
 * 0), "op(k-1):1" (output 1 of the op before it) and a name nothing
 * made.  Each device runs its ops one after the other, on one lane, so
 * timeline.py's rule gives exactly one arrow for each tensor crossing
 * devices, in the consumers' order: from its producer's end to its
 * consumer's start.
 */

#include <string.h>

#include "stp-loader.h"
#include "stp-wire.h"

#define N_OPS 1300   /* slots of 512: two whole and a part, on each device */

/* Start of op k on the first device, in µs; each lasts 5. */
static gint64
producer_start (guint k)
{
  return 1000 + 10 * (gint64) k;
}

/* The second device's op k starts once the first's op k has ended. */
static gint64
consumer_start (guint k)
{
  return producer_start (k) + 6;
}

static void
put_op (GByteArray *device,
        const char *name,
        gint64      start,
        gint64      duration,
        const char *label,
        guint       n_outputs)
{
  g_autoptr(GByteArray) node = g_byte_array_new ();

  /* NodeExecStats: name, all_start_micros, all_end_rel_micros,
   * outputs (NodeOutput { slot }), timeline_label, thread_id. */
  stp_wire_put_bytes (node, 1, name, strlen (name));
  stp_wire_put_tag (node, 2, STP_WIRE_VARINT);
  stp_wire_put_varint (node, start);
  stp_wire_put_tag (node, 5, STP_WIRE_VARINT);
  stp_wire_put_varint (node, duration);
  for (guint slot = 0; slot < n_outputs; slot++)
    {
      guint8 output[2] = { 0x08, slot };   /* slot = 1, a varint */

      stp_wire_put_bytes (node, 7, output, sizeof output);
    }
  stp_wire_put_bytes (node, 8, label, strlen (label));
  stp_wire_put_tag (node, 10, STP_WIRE_VARINT);
  stp_wire_put_varint (node, 1);
  stp_wire_put_bytes (device, 2, node->data, node->len);
}

static GBytes *
make_step (void)
{
  static const char *names[] = {
    "/job:localhost/replica:0/task:0/device:CPU:0",
    "/job:localhost/replica:0/task:0/device:GPU:0",
  };
  GByteArray *out = g_byte_array_new ();

  for (guint d = 0; d < G_N_ELEMENTS (names); d++)
    {
      g_autoptr(GByteArray) device = g_byte_array_new ();

      stp_wire_put_bytes (device, 1, names[d], strlen (names[d]));
      for (guint k = 0; k < N_OPS; k++)
        {
          g_autofree char *name = g_strdup_printf ("%s%u", d == 0 ? "op" : "use", k);
          g_autofree char *label = NULL;

          if (d == 0)
            label = g_strdup_printf ("%s = Split(x)", name);
          else if (k == 0)
            label = g_strdup_printf ("%s = Add(op0, ghost0)", name);
          else
            label = g_strdup_printf ("%s = Add(op%u, op%u:1, ghost%u)", name, k, k - 1, k);
          put_op (device, name, d == 0 ? producer_start (k) : consumer_start (k),
                  d == 0 ? 5 : 2, label, d == 0 ? 2 : 0);
        }
      /* A bare StepStats: dev_stats = 1. */
      stp_wire_put_bytes (out, 1, device->data, device->len);
    }
  return g_byte_array_free_to_bytes (out);
}

static void
assert_flow (StpTrace   *trace,
             guint       index,
             const char *name,
             guint       producer,
             guint       consumer)
{
  const StpFlow *flow = &g_array_index (trace->flows, StpFlow, index);

  g_assert_cmpstr (stp_trace_str (trace, flow->name), ==, name);
  g_assert_cmpint (flow->src.ts, ==, (producer_start (producer) + 5) * 1000);
  g_assert_cmpint (flow->dst.ts, ==, consumer_start (consumer) * 1000);
}

static void
test_many_ops (void)
{
  static const StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
  g_autoptr(GBytes) bytes = make_step ();
  g_autoptr(GError) error = NULL;
  g_autoptr(StpInput) input = stp_input_new_for_bytes (bytes, "many-ops.pb", &error);
  g_autoptr(StpTrace) trace = NULL;
  guint f = 0;

  g_assert_no_error (error);
  trace = stp_load_input (input, "many-ops.pb", &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (trace);

  g_assert_cmpuint (trace->flows->len, ==, 2 * N_OPS - 1);
  for (guint k = 0; k < N_OPS; k++)
    {
      g_autofree char *output0 = g_strdup_printf ("op%u", k);

      assert_flow (trace, f++, output0, k, k);
      if (k > 0)
        {
          g_autofree char *output1 = g_strdup_printf ("op%u:1", k - 1);

          assert_flow (trace, f++, output1, k - 1, k);
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/dataflow/many-ops", test_many_ops);
  return g_test_run ();
}
