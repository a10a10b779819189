/* test-memory-counters.c: the allocators' counters of a big step
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A StepStats of many ops, each with one output of a few sizes, at a
 * few thousand times: so most changes of an allocator's total tie with
 * others, in time or in time and size.  Its counters and maximums are
 * checked against timeline.py's rule, worked out here from what the
 * test wrote: every tensor is allocated when its op starts and freed
 * when it ends (nothing consumes it), and the changes are summed in
 * (time, bytes) order.  And an allocator whose name is too long to keep.
 */

#include <string.h>

#include "stp-loader.h"
#include "stp-wire.h"
#include "trace-test-util.h"

#define N_OPS 150000

typedef struct
{
  gint64  time;
  gint64  bytes;     /* negative when freed */
  guint32 op;
} Change;

typedef struct
{
  guint32 start[N_OPS];
  guint32 dur[N_OPS];
  guint32 bytes[N_OPS];
  guint8  allocator[N_OPS];
} Step;

static const char *allocators[] = { "cpu", "GPU_0_bfc" };

/* A fixed sequence, so every run sees the same step. */
static guint32
next_random (guint32 *state)
{
  *state = *state * 1664525u + 1013904223u;
  return *state >> 8;
}

static void
put_output (GByteArray *node,
            guint32     bytes,
            const char *allocator)
{
  g_autoptr(GByteArray) alloc = g_byte_array_new ();
  g_autoptr(GByteArray) tensor = g_byte_array_new ();
  g_autoptr(GByteArray) output = g_byte_array_new ();

  /* NodeOutput { slot, tensor_description { dtype,
   * allocation_description { requested, allocated, allocator } } } */
  stp_wire_put_tag (alloc, 1, STP_WIRE_VARINT);
  stp_wire_put_varint (alloc, bytes);
  stp_wire_put_tag (alloc, 2, STP_WIRE_VARINT);
  stp_wire_put_varint (alloc, bytes);
  stp_wire_put_bytes (alloc, 3, allocator, strlen (allocator));
  stp_wire_put_tag (tensor, 1, STP_WIRE_VARINT);
  stp_wire_put_varint (tensor, 1);
  stp_wire_put_bytes (tensor, 4, alloc->data, alloc->len);
  stp_wire_put_tag (output, 1, STP_WIRE_VARINT);
  stp_wire_put_varint (output, 0);
  stp_wire_put_bytes (output, 3, tensor->data, tensor->len);
  stp_wire_put_bytes (node, 7, output->data, output->len);
}

static GBytes *
make_step (Step *step)
{
  static const guint32 sizes[] = { 0, 64, 64, 256, 4096 };
  static const char device_name[] = "/job:localhost/replica:0/task:0/device:CPU:0";
  g_autoptr(GByteArray) device = g_byte_array_new ();
  g_autoptr(GByteArray) node = g_byte_array_new ();
  GByteArray *out = g_byte_array_new ();
  guint32 state = 7;

  stp_wire_put_bytes (device, 1, device_name, sizeof device_name - 1);
  for (guint i = 0; i < N_OPS; i++)
    {
      g_autofree char *name = g_strdup_printf ("op%u", i);
      g_autofree char *label = g_strdup_printf ("op%u = Foo()", i);

      step->start[i] = 1000 + next_random (&state) % 5000;
      step->dur[i] = next_random (&state) % 3;
      step->bytes[i] = sizes[next_random (&state) % G_N_ELEMENTS (sizes)];
      step->allocator[i] = next_random (&state) % G_N_ELEMENTS (allocators);

      /* NodeExecStats: name, all_start_micros, all_end_rel_micros,
       * output, timeline_label, thread_id. */
      g_byte_array_set_size (node, 0);
      stp_wire_put_bytes (node, 1, name, strlen (name));
      stp_wire_put_tag (node, 2, STP_WIRE_VARINT);
      stp_wire_put_varint (node, step->start[i]);
      stp_wire_put_tag (node, 5, STP_WIRE_VARINT);
      stp_wire_put_varint (node, step->dur[i]);
      put_output (node, step->bytes[i], allocators[step->allocator[i]]);
      stp_wire_put_bytes (node, 8, label, strlen (label));
      stp_wire_put_tag (node, 10, STP_WIRE_VARINT);
      stp_wire_put_varint (node, 1);
      stp_wire_put_bytes (device, 2, node->data, node->len);
    }

  /* A bare StepStats: dev_stats = 1. */
  stp_wire_put_bytes (out, 1, device->data, device->len);
  return g_byte_array_free_to_bytes (out);
}

static gint
compare_changes (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  const Change *x = a, *y = b;

  if (x->time != y->time)
    return x->time < y->time ? -1 : 1;
  return x->bytes < y->bytes ? -1 : x->bytes > y->bytes;
}

static const StpCounterSeries *
allocator_series (StpTrace   *trace,
                  const char *allocator)
{
  for (guint t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      if (track->kind == STP_TRACK_COUNTER && strcmp (stp_trace_str (trace, track->name), allocator) == 0)
        return g_ptr_array_index (track->series, 0);
    }
  return NULL;
}

static const StpAllocatorMaximum *
allocator_maximum (StpTrace   *trace,
                   const char *allocator)
{
  for (guint i = 0; i < trace->allocator_maximums->len; i++)
    {
      const StpAllocatorMaximum *max = &g_array_index (trace->allocator_maximums, StpAllocatorMaximum, i);

      if (strcmp (stp_trace_str (trace, max->allocator), allocator) == 0)
        return max;
    }
  return NULL;
}

static gint
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The tensors live after changes[0..last], by name. */
static GPtrArray *
live_names (GArray *changes,
            gint    last)
{
  g_autofree gboolean *live = g_new0 (gboolean, N_OPS);
  GPtrArray *names = g_ptr_array_new_with_free_func (g_free);

  for (gint i = 0; i <= last; i++)
    {
      const Change *c = &g_array_index (changes, Change, i);

      live[c->op] = c->bytes >= 0;
    }
  for (guint op = 0; op < N_OPS; op++)
    if (live[op])
      g_ptr_array_add (names, g_strdup_printf ("op%u", op));
  g_ptr_array_sort (names, compare_strings);
  return names;
}

static void
check_allocator (StpTrace   *trace,
                 const Step *step,
                 guint       allocator)
{
  const char *name = allocators[allocator];
  const StpCounterSeries *series = allocator_series (trace, name);
  const StpAllocatorMaximum *max = allocator_maximum (trace, name);
  g_autoptr(GArray) changes = g_array_new (FALSE, FALSE, sizeof (Change));
  g_autoptr(GPtrArray) expected_live = NULL;
  gint64 total = 0, best_total = 0;
  gint best = -1;

  for (guint op = 0; op < N_OPS; op++)
    {
      Change alloc = { step->start[op], step->bytes[op], op };
      Change free = { (gint64) step->start[op] + step->dur[op], -(gint64) step->bytes[op], op };

      if (step->allocator[op] != allocator)
        continue;
      g_array_append_val (changes, alloc);
      g_array_append_val (changes, free);
    }
  g_qsort_with_data (changes->data, changes->len, sizeof (Change), compare_changes, NULL);

  g_assert_nonnull (series);
  g_assert_cmpuint (series->samples->len, ==, changes->len);
  for (guint i = 0; i < changes->len; i++)
    {
      const Change *c = &g_array_index (changes, Change, i);
      const StpCounterSample *sample = &g_array_index (series->samples, StpCounterSample, i);

      total += c->bytes;
      g_assert_cmpint (sample->ts, ==, c->time * 1000);
      g_assert_cmpfloat (sample->value, ==, (double) total);
      if (total > best_total)
        {
          best_total = total;
          best = i;
        }
    }

  g_assert_nonnull (max);
  g_assert_cmpint (best, >=, 0);
  g_assert_cmpint (max->num_bytes, ==, best_total);
  g_assert_cmpint (max->ts, ==, g_array_index (changes, Change, best).time * 1000);

  /* The tensors live at the maximum, in name order. */
  expected_live = live_names (changes, best);
  g_assert_cmpuint (max->tensors->len, ==, expected_live->len);
  for (guint i = 0; i < max->tensors->len; i++)
    g_assert_cmpstr (stp_trace_str (trace, g_array_index (max->tensors, StpStr, i)), ==,
                     g_ptr_array_index (expected_live, i));
}

static void
test_many_ties (void)
{
  g_autofree Step *step = g_new0 (Step, 1);
  g_autoptr(GBytes) bytes = make_step (step);
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
  g_autoptr(GError) error = NULL;
  g_autoptr(StpInput) input = stp_input_new_for_bytes (bytes, "ties.pb", &error);
  g_autoptr(StpTrace) trace = NULL;

  g_assert_no_error (error);
  options.show_memory = TRUE;
  trace = stp_load_input (input, "ties.pb", &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  for (guint a = 0; a < G_N_ELEMENTS (allocators); a++)
    check_allocator (trace, step, a);
}

/* An allocator named by more than a name may hold, in three runs of
 * tensors between another allocator's: one counter, under the name cut
 * between characters, with all of its tensors; warned about once a run,
 * not once a tensor. */
static void
test_long_allocator_name (void)
{
  static const char device_name[] = "/job:localhost/replica:0/task:0/device:CPU:0";
  static const guint32 bytes[] = { 100, 200, 50, 400, 60, 800 };
  static const gboolean on_long[] = { TRUE, TRUE, FALSE, TRUE, FALSE, TRUE };
  gsize long_len = STP_MAX_NAME_LEN + 10;
  g_autofree char *long_name = g_malloc (long_len + 1);
  g_autoptr(GByteArray) device = g_byte_array_new ();
  g_autoptr(GByteArray) step = g_byte_array_new ();
  g_autoptr(GBytes) data = NULL;
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
  g_autoptr(GError) error = NULL;
  g_autoptr(StpInput) input = NULL;
  g_autoptr(StpTrace) trace = NULL;
  const StpCounterSeries *series = NULL;

  /* "é" is two bytes, so the cut falls inside one unless moved. */
  for (gsize i = 0; i + 1 < long_len; i += 2)
    memcpy (long_name + i, "\xc3\xa9", 2);
  long_name[long_len] = '\0';

  stp_wire_put_bytes (device, 1, device_name, sizeof device_name - 1);
  for (guint i = 0; i < G_N_ELEMENTS (bytes); i++)
    {
      g_autoptr(GByteArray) node = g_byte_array_new ();
      g_autofree char *name = g_strdup_printf ("op%u", i);

      stp_wire_put_bytes (node, 1, name, strlen (name));
      stp_wire_put_tag (node, 2, STP_WIRE_VARINT);
      stp_wire_put_varint (node, 10 * (i + 1));
      stp_wire_put_tag (node, 5, STP_WIRE_VARINT);
      stp_wire_put_varint (node, 5);
      put_output (node, bytes[i], on_long[i] ? long_name : "cpu");
      stp_wire_put_bytes (device, 2, node->data, node->len);
    }
  stp_wire_put_bytes (step, 1, device->data, device->len);
  data = g_bytes_new (step->data, step->len);

  input = stp_input_new_for_bytes (data, "long.pb", &error);
  g_assert_no_error (error);
  options.show_memory = TRUE;
  trace = stp_load_input (input, "long.pb", &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  for (guint t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);
      const char *name = stp_trace_str (trace, track->name);

      if (track->kind != STP_TRACK_COUNTER || strcmp (name, "cpu") == 0)
        continue;
      g_assert_null (series);
      g_assert_cmpuint (strlen (name), <=, STP_MAX_NAME_LEN);
      g_assert_cmpuint (strlen (name), >, STP_MAX_NAME_LEN - 4);
      g_assert_true (g_utf8_validate (name, -1, NULL));
      g_assert_true (strncmp (name, long_name, strlen (name)) == 0);
      series = g_ptr_array_index (track->series, 0);
    }

  /* Each tensor lives from its op's start to its end. */
  g_assert_nonnull (series);
  g_assert_cmpuint (series->samples->len, ==, 8);
  for (guint i = 0, k = 0; i < G_N_ELEMENTS (bytes); i++)
    {
      const StpCounterSample *samples = &g_array_index (series->samples, StpCounterSample, k);

      if (!on_long[i])
        continue;
      g_assert_cmpint (samples[0].ts, ==, 10 * (i + 1) * 1000);
      g_assert_cmpfloat (samples[0].value, ==, (double) bytes[i]);
      g_assert_cmpint (samples[1].ts, ==, (10 * (i + 1) + 5) * 1000);
      g_assert_cmpfloat (samples[1].value, ==, 0.0);
      k += 2;
    }
  g_assert_cmpuint (stp_test_warning_count (trace, "long-name"), ==, 3);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/memory-counters/many-ties", test_many_ties);
  g_test_add_func ("/memory-counters/long-allocator-name", test_long_allocator_name);

  return g_test_run ();
}
