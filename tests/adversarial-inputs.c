/* adversarial-inputs.c: traces built to be worst cases
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by bench/bench-adversarial (how long they take) and
 * tests/test-cancel (how soon a cancelled load of them stops).
 */

#include "adversarial-inputs.h"

#include <string.h>

#include "stp-wire.h"

/* A fixed sequence, so every run sees the same input. */
static guint32
next_random (guint32 *state)
{
  *state = *state * 1664525u + 1013904223u;
  return *state >> 8;
}

GBytes *
adversarial_staggered (guint n)
{
  GString *out = g_string_sized_new ((gsize) n * 64);

  /* Event i spans [i, i + n + 1) µs: it starts inside every earlier one
   * and ends after all of them. */
  g_string_append (out, "{\"traceEvents\":[\n");
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":%u,\"dur\":%u,\"name\":\"op%u\"}",
                            i ? ",\n" : "", i, n + 1, i % 97);
  g_string_append (out, "\n]}\n");
  return g_string_free_to_bytes (out);
}

GBytes *
adversarial_same_ts (guint n)
{
  GString *out = g_string_sized_new ((gsize) n * 64);
  guint32 state = 1;

  g_string_append (out, "{\"traceEvents\":[\n");
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":%u,\"name\":\"op%u\"}",
                            i ? ",\n" : "", 1 + next_random (&state) % 1000, i % 97);
  g_string_append (out, "\n]}\n");
  return g_string_free_to_bytes (out);
}

GBytes *
adversarial_unbalanced (guint n)
{
  GString *out = g_string_sized_new ((gsize) n * 64);

  g_string_append (out, "{\"traceEvents\":[\n");
  for (guint i = 0; i < n; i++)
    {
      /* B B E B B E ...: the E never names the B it ends. */
      gboolean end = i % 3 == 2;

      g_string_append_printf (out, "%s{\"ph\":\"%c\",\"pid\":1,\"tid\":1,\"ts\":%u,\"name\":\"%s%u\"}",
                              i ? ",\n" : "", end ? 'E' : 'B', i, end ? "end" : "begin", i % 89);
    }
  g_string_append (out, "\n]}\n");
  return g_string_free_to_bytes (out);
}

GBytes *
adversarial_step_stats (guint n)
{
  g_autoptr(GByteArray) device = g_byte_array_sized_new ((gsize) n * 48);
  g_autoptr(GByteArray) node = g_byte_array_new ();
  GByteArray *out = g_byte_array_sized_new ((gsize) n * 48 + 64);
  static const char device_name[] = "/job:localhost/replica:0/task:0/device:CPU:0";

  stp_wire_put_bytes (device, 1, device_name, sizeof device_name - 1);
  for (guint i = 0; i < n; i++)
    {
      g_autofree char *name = g_strdup_printf ("op%u", i);
      g_autofree char *label = g_strdup_printf ("op%u = Add(op%u, op%u)", i, i / 2, i / 3);

      /* NodeExecStats: name, all_start_micros, op_start/op_end/all_end
       * rel micros, timeline_label, thread_id; every op overlaps every
       * other one without nesting. */
      g_byte_array_set_size (node, 0);
      stp_wire_put_bytes (node, 1, name, strlen (name));
      stp_wire_put_tag (node, 2, STP_WIRE_VARINT);
      stp_wire_put_varint (node, 1000000 + i);
      stp_wire_put_tag (node, 3, STP_WIRE_VARINT);
      stp_wire_put_varint (node, 0);
      stp_wire_put_tag (node, 4, STP_WIRE_VARINT);
      stp_wire_put_varint (node, n + 1);
      stp_wire_put_tag (node, 5, STP_WIRE_VARINT);
      stp_wire_put_varint (node, n + 1);
      stp_wire_put_bytes (node, 8, label, strlen (label));
      stp_wire_put_tag (node, 10, STP_WIRE_VARINT);
      stp_wire_put_varint (node, 1);
      stp_wire_put_bytes (device, 2, node->data, node->len);
    }

  /* A bare StepStats: dev_stats = 1. */
  stp_wire_put_bytes (out, 1, device->data, device->len);
  return g_byte_array_free_to_bytes (out);
}

/* One C event whose args hold N keys: N series of one counter (a
 * linear search per key was quadratic: 200k keys took 48 s). */
GBytes *
adversarial_counter_keys (guint n)
{
  GString *out = g_string_sized_new ((gsize) n * 16);

  g_string_append (out, "[{\"ph\":\"C\",\"name\":\"c\",\"pid\":1,\"ts\":1,\"args\":{");
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s\"k%u\":%u", i ? "," : "", i, i);
  g_string_append (out, "}}]\n");
  return g_string_free_to_bytes (out);
}

/* N samples of one series at one timestamp (the exporter searched the
 * run of equal times for each sample: quadratic). */
GBytes *
adversarial_counter_same_ts (guint n)
{
  GString *out = g_string_sized_new ((gsize) n * 64);

  g_string_append (out, "[\n");
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s{\"ph\":\"C\",\"name\":\"c\",\"pid\":1,\"ts\":5,\"args\":{\"v\":%u}}",
                            i ? ",\n" : "", i);
  g_string_append (out, "\n]\n");
  return g_string_free_to_bytes (out);
}

/* N "X" events, every name distinct, every one on its own thread: one
 * string per event, one track per event. */
GBytes *
adversarial_distinct (guint n)
{
  GString *out = g_string_sized_new ((gsize) n * 64);

  g_string_append (out, "[\n");
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s{\"ph\":\"X\",\"pid\":1,\"tid\":%u,\"ts\":%u,\"dur\":1,\"name\":\"n%u\"}",
                            i ? ",\n" : "", i, i, i);
  g_string_append (out, "\n]\n");
  return g_string_free_to_bytes (out);
}

/* N async b/e pairs, all with one id and name, all at one time. */
GBytes *
adversarial_async_one_id (guint n)
{
  GString *out = g_string_sized_new ((gsize) n * 64);

  g_string_append (out, "[\n");
  for (guint i = 0; i < n; i++)
    g_string_append_printf (out, "%s{\"ph\":\"%c\",\"pid\":1,\"tid\":1,\"ts\":0,\"id\":\"0x1\",\"cat\":\"c\",\"name\":\"a\"}",
                            i ? ",\n" : "", i % 2 ? 'e' : 'b');
  g_string_append (out, "\n]\n");
  return g_string_free_to_bytes (out);
}

/* A StepStats with one node of N outputs, analysed with memory
 * (allocator counters at one time: the exporter's quadratic scan, 200k
 * outputs took 11.8 s, 1M over 300 s). */
GBytes *
adversarial_step_stats_outputs (guint n)
{
  g_autoptr(GByteArray) device = g_byte_array_new ();
  g_autoptr(GByteArray) node = g_byte_array_sized_new ((gsize) n * 32);
  g_autoptr(GByteArray) output = g_byte_array_new ();
  g_autoptr(GByteArray) tensor = g_byte_array_new ();
  g_autoptr(GByteArray) alloc = g_byte_array_new ();
  GByteArray *out = g_byte_array_new ();
  static const char device_name[] = "/job:localhost/replica:0/task:0/device:CPU:0";

  stp_wire_put_bytes (node, 1, "big", 3);
  stp_wire_put_tag (node, 2, STP_WIRE_VARINT);
  stp_wire_put_varint (node, 1000);
  stp_wire_put_tag (node, 5, STP_WIRE_VARINT);
  stp_wire_put_varint (node, 10);
  stp_wire_put_bytes (node, 8, "big = Foo()", 11);
  for (guint i = 0; i < n; i++)
    {
      /* NodeOutput { slot, tensor_description { dtype,
       * allocation_description { requested, allocated, allocator,
       * allocation_id, ptr } } } */
      g_byte_array_set_size (alloc, 0);
      stp_wire_put_tag (alloc, 1, STP_WIRE_VARINT);
      stp_wire_put_varint (alloc, 64);
      stp_wire_put_tag (alloc, 2, STP_WIRE_VARINT);
      stp_wire_put_varint (alloc, 64);
      stp_wire_put_bytes (alloc, 3, "cpu", 3);
      stp_wire_put_tag (alloc, 4, STP_WIRE_VARINT);
      stp_wire_put_varint (alloc, i + 1);
      stp_wire_put_tag (alloc, 6, STP_WIRE_VARINT);
      stp_wire_put_varint (alloc, 4096 + i * 64);
      g_byte_array_set_size (tensor, 0);
      stp_wire_put_tag (tensor, 1, STP_WIRE_VARINT);
      stp_wire_put_varint (tensor, 1);
      stp_wire_put_bytes (tensor, 4, alloc->data, alloc->len);
      g_byte_array_set_size (output, 0);
      stp_wire_put_tag (output, 1, STP_WIRE_VARINT);
      stp_wire_put_varint (output, i);
      stp_wire_put_bytes (output, 3, tensor->data, tensor->len);
      stp_wire_put_bytes (node, 7, output->data, output->len);
    }
  stp_wire_put_bytes (device, 1, device_name, sizeof device_name - 1);
  stp_wire_put_bytes (device, 2, node->data, node->len);
  stp_wire_put_bytes (out, 1, device->data, device->len);
  return g_byte_array_free_to_bytes (out);
}

const AdversarialCase adversarial_cases[] = {
  { "staggered",       adversarial_staggered, FALSE },
  { "same-ts",         adversarial_same_ts, FALSE },
  { "unbalanced",      adversarial_unbalanced, FALSE },
  { "step-stats",      adversarial_step_stats, FALSE },
  { "counter-keys",    adversarial_counter_keys, FALSE },
  { "counter-same-ts", adversarial_counter_same_ts, FALSE },
  { "distinct",        adversarial_distinct, FALSE },
  { "async-one-id",    adversarial_async_one_id, FALSE },
  { "ss-outputs",      adversarial_step_stats_outputs, TRUE },
};
const guint adversarial_n_cases = G_N_ELEMENTS (adversarial_cases);
