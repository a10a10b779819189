/* test-timeline-units.c: the pieces of the timeline.py port
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "stp-lane-allocator.h"
#include "stp-step-stats-labels.h"
#include "stp-trace.h"

static char *
span_dup (StpSpan span)
{
  return g_strndup (span.str, span.len);
}

typedef struct
{
  const char *label;
  const char *name;     /* NULL: no match */
  const char *op;
  const char *inputs;   /* joined with '|' */
} LabelCase;

/* What Python's re.match(r'(.*) = (.*)\((.*)\)', label) gives. */
static const LabelCase label_cases[] = {
  { "a = MatMul(b, c)", "a", "MatMul", "b|c" },
  { "x = NoOp()", "x", "NoOp", "" },
  { "x = Foo", NULL },
  { "Foo(a)", NULL },
  { "a = b = Op(c(d), e)", "a = b", "Op(c", "d)|e" },
  { "n = Op(a)trailing", "n", "Op", "a" },
  { "n = Op(a) and (b)", "n", "Op(a) and ", "b" },
  { "first\nn = Op(a)", NULL },
  { "n = Op(a\n)", NULL },
  { "n = Op(a)\nmore = X(y)", "n", "Op", "a" },
  { " = (x)", "", "", "x" },
  { "n = Op(a,b, c)", "n", "Op", "a,b|c" },
  { "n = Op(, )", "n", "Op", "|" },
  { "n =  Op(a)", "n", " Op", "a" },
  { "n=Op(a)", NULL },
  { "", NULL },
};

static void
test_op_label (void)
{
  g_autoptr(GArray) parts = g_array_new (FALSE, FALSE, sizeof (StpSpan));

  for (guint i = 0; i < G_N_ELEMENTS (label_cases); i++)
    {
      const LabelCase *c = &label_cases[i];
      StpSpan name, op, inputs;
      gboolean ok = stp_step_stats_parse_op_label (c->label, strlen (c->label), &name, &op, &inputs);
      g_autoptr(GString) joined = g_string_new (NULL);

      g_test_message ("label %u: %s", i, c->label);
      g_assert_cmpint (ok, ==, c->name != NULL);
      if (!ok)
        continue;

      {
        g_autofree char *n = span_dup (name);
        g_autofree char *o = span_dup (op);

        g_assert_cmpstr (n, ==, c->name);
        g_assert_cmpstr (o, ==, c->op);
      }

      stp_step_stats_split_inputs (inputs, parts);
      for (guint k = 0; k < parts->len; k++)
        {
          g_autofree char *p = span_dup (g_array_index (parts, StpSpan, k));

          if (k > 0)
            g_string_append_c (joined, '|');
          g_string_append (joined, p);
        }
      g_assert_cmpstr (joined->str, ==, c->inputs);
    }
}

typedef struct
{
  const char *label;
  const char *node_name;
  const char *name;
  const char *op;
} KernelCase;

static const KernelCase kernel_cases[] = {
  { "void k<1>(float*) @@conv1/Conv2D:Conv2D#id=3#", "n:x", "conv1/Conv2D", "Conv2D" },
  { "kernel @@a:b", "node:Op", "node", "Op" },            /* no '#' */
  { "#x @@a:b#", "node:Op", "node", "Op" },               /* '#' before "@@" */
  { "k @@#", "node:Op", "node", "Op" },                   /* empty annotation */
  { "k @@x#", "node", "x", "unknown" },                   /* no ':' */
  { "k @@:op#", "node", "", "op" },
  { "k @@a:b:c#", "node", "a", "b" },
  { "", "plain", "plain", "unknown" },
  { "", "", "", "unknown" },
  { "MEMCPYHtoD", "edge_1_x:MEMCPYHtoD", "edge_1_x", "MEMCPYHtoD" },
};

static void
test_kernel_label (void)
{
  for (guint i = 0; i < G_N_ELEMENTS (kernel_cases); i++)
    {
      const KernelCase *c = &kernel_cases[i];
      StpSpan node = { c->node_name, strlen (c->node_name) };
      StpSpan name, op;
      g_autofree char *n = NULL;
      g_autofree char *o = NULL;

      stp_step_stats_parse_kernel_label (c->label, strlen (c->label), node, &name, &op);
      n = span_dup (name);
      o = span_dup (op);
      g_assert_cmpstr (n, ==, c->name);
      g_assert_cmpstr (o, ==, c->op);
    }
}

/* timeline.py's _assign_lanes, literally: a linear scan. */
static guint
naive_lane (GArray *lanes,
            gint64  start,
            gint64  end)
{
  for (guint i = 0; i < lanes->len; i++)
    if (start > g_array_index (lanes, gint64, i))
      {
        g_array_index (lanes, gint64, i) = end;
        return i;
      }

  g_array_append_val (lanes, end);
  return lanes->len - 1;
}

/* The timeline.py port's lanes: one allocator, started with timeline.py's
 * lane that ended at 0, in node order (unsorted starts). */
static void
test_lane_first_fit_unsorted (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (42);

  for (guint round = 0; round < 50; round++)
    {
      g_autoptr(StpLaneAllocator) tree = stp_lane_allocator_new ();
      g_autoptr(GArray) lanes = g_array_new (FALSE, FALSE, sizeof (gint64));
      gint64 zero = 0;
      guint n = g_rand_int_range (rand, 1, 2000);
      gint64 spread = g_rand_int_range (rand, 1, 5000);

      g_array_append_val (lanes, zero);
      stp_lane_allocator_occupy (tree, 0, 0);

      for (guint i = 0; i < n; i++)
        {
          /* Unsorted starts, some negative, some zero-length. */
          gint64 start = g_rand_int_range (rand, -50, spread);
          gint64 end = start + g_rand_int_range (rand, 0, 200);

          g_assert_cmpuint (stp_lane_allocator_take (tree, start, end), ==, naive_lane (lanes, start, end));
        }
    }
}

/* The model's lane allocator: lowest lane free strictly before start. */
static void
test_lane_allocator (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);

  for (guint round = 0; round < 50; round++)
    {
      g_autoptr(StpLaneAllocator) alloc = stp_lane_allocator_new ();
      g_autoptr(GArray) busy = g_array_new (FALSE, FALSE, sizeof (gint64));
      gint64 start = 0;
      guint n = g_rand_int_range (rand, 1, 2000);

      for (guint i = 0; i < n; i++)
        {
          gint64 end;
          guint expected = busy->len;

          start += g_rand_int_range (rand, 0, 20);
          end = start + g_rand_int_range (rand, 0, 300);

          for (guint l = 0; l < busy->len; l++)
            if (g_array_index (busy, gint64, l) < start)
              {
                expected = l;
                break;
              }
          if (expected == busy->len)
            g_array_append_val (busy, end);
          else
            g_array_index (busy, gint64, expected) = end;

          g_assert_cmpuint (stp_lane_allocator_take (alloc, start, end), ==, expected);
        }
    }
}

/* Finishing a trace nests slices, and moves overlapping ones to extra
 * lanes: within a lane, each depth is disjoint and every slice lies
 * within a slice one level up. */
static void
test_overlap_lanes (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (3);
  g_autoptr(StpTrace) trace = stp_trace_new (STP_FORMAT_UNKNOWN, "random");
  g_autoptr(GError) error = NULL;
  guint32 process = stp_trace_add_process (trace, 1, 0);
  guint32 thread = stp_trace_add_thread (trace, process, 1, 0);
  const guint n = 5000;
  guint total = 0;
  StpProcess *p;

  for (guint i = 0; i < n; i++)
    {
      StpSlice *s = stp_trace_add_slice (trace, thread);

      s->ts = g_rand_int_range (rand, 0, 100000);
      s->dur = g_rand_int_range (rand, 0, 3) == 0 ? 0 : g_rand_int_range (rand, 1, 5000);
      s->seq = stp_trace_next_seq (trace);
    }

  g_assert_true (stp_trace_finish (trace, NULL, &error));
  g_assert_no_error (error);

  p = stp_trace_get_process (trace, process);
  g_assert_cmpuint (p->tracks->len, >, 1);

  for (guint t = 0; t < p->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, g_array_index (p->tracks, guint32, t));

      g_assert_cmpint (track->tid, ==, 1);
      total += track->slices->len;

      for (guint d = 0; d <= track->max_depth; d++)
        for (guint i = track->depth_starts[d]; i < track->depth_starts[d + 1]; i++)
          {
            const StpSlice *s = stp_track_get_slice (track, i);

            g_assert_cmpuint (s->depth, ==, d);
            if (i > track->depth_starts[d])
              {
                const StpSlice *prev = stp_track_get_slice (track, i - 1);
                g_assert_cmpint (stp_slice_end (prev), <=, s->ts);
              }
            if (d > 0 && s->dur > 0)
              {
                guint32 parent = stp_track_find_slice_at (track, d - 1, s->ts);
                const StpSlice *ps;

                g_assert_cmpuint (parent, !=, STP_INDEX_NONE);
                ps = stp_track_get_slice (track, parent);
                g_assert_cmpint (ps->ts, <=, s->ts);
                g_assert_cmpint (stp_slice_end (ps), >=, stp_slice_end (s));
              }
          }
    }

  /* Nothing lost. */
  g_assert_cmpuint (total, ==, n);
}

/* Searching a depth run from a hint finds what a scan finds, from any
 * hint: before the run, inside it, past it, and the last answer (which
 * it leaves as the hint), with times moving both ways. */
static void
test_find_from_hint (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autoptr(StpTrace) trace = stp_trace_new (STP_FORMAT_UNKNOWN, "random");
  guint32 process = stp_trace_add_process (trace, 1, 0);
  guint32 thread = stp_trace_add_thread (trace, process, 1, 0);
  const StpTrack *track;
  guint checked = 0;

  for (guint i = 0; i < 3000; i++)
    {
      StpSlice *s = stp_trace_add_slice (trace, thread);

      s->ts = g_rand_int_range (rand, 0, 100000);
      s->dur = g_rand_int_range (rand, 0, 4) == 0 ? 0 : g_rand_int_range (rand, 1, 3000);
      s->seq = stp_trace_next_seq (trace);
    }
  g_assert_true (stp_trace_finish (trace, NULL, NULL));
  track = stp_trace_get_track (trace, thread);
  g_assert_cmpuint (track->max_depth, >, 0);

  for (guint d = 0; d <= track->max_depth; d++)
    {
      guint32 lo = track->depth_starts[d], hi = track->depth_starts[d + 1];
      guint32 last = lo;

      for (gint64 step = 0; step < 2200; step++)
        {
          /* Forwards, then backwards through the trace. */
          gint64 ts = step < 1100 ? step * 97 - 50 : (2200 - step) * 97 - 20;
          guint32 expected = lo, hints[] = { 0, lo, (lo + hi) / 2, hi, hi + 10, last };

          while (expected < hi && stp_slice_end (stp_track_get_slice (track, expected)) <= ts)
            expected++;
          for (guint h = 0; h < G_N_ELEMENTS (hints); h++)
            {
              guint32 hint = hints[h];
              guint32 found = stp_track_find_first_ending_after_from (track, d, ts, &hint);

              g_assert_cmpuint (found, ==, expected < hi ? expected : STP_INDEX_NONE);
              g_assert_cmpuint (hint, ==, expected);
              checked++;
            }
          g_assert_cmpuint (stp_track_find_first_ending_after (track, d, ts), ==,
                            expected < hi ? expected : STP_INDEX_NONE);
          last = expected;
        }
    }
  g_assert_cmpuint (checked, >, 0);
}

/* A new object has nothing set but its process and unknown times,
 * whatever memory its array grew into (meson sets MALLOC_PERTURB_). */
static void
test_added_object_empty (void)
{
  g_autoptr(StpTrace) trace = stp_trace_new (STP_FORMAT_UNKNOWN, "objects");
  guint32 process = stp_trace_add_process (trace, 1, 0);

  for (guint i = 0; i < 5000; i++)
    {
      guint32 index = stp_trace_add_object (trace, process);
      const StpObject *o = &g_array_index (trace->objects, StpObject, index);

      g_assert_cmpuint (index, ==, i);
      g_assert_cmpuint (o->process, ==, process);
      g_assert_cmpint (o->create_ts, ==, STP_TS_UNKNOWN);
      g_assert_cmpint (o->delete_ts, ==, STP_TS_UNKNOWN);
      g_assert_cmpuint (o->name, ==, STP_STR_EMPTY);
      g_assert_cmpuint (o->cat, ==, STP_STR_EMPTY);
      g_assert_cmpuint (o->id, ==, 0);
      g_assert_cmpint (o->create_tid, ==, 0);
      g_assert_cmpint (o->delete_tid, ==, 0);
      g_assert_cmpuint (o->lane, ==, 0);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/timeline/op-label", test_op_label);
  g_test_add_func ("/timeline/kernel-label", test_kernel_label);
  g_test_add_func ("/timeline/lane-first-fit-unsorted", test_lane_first_fit_unsorted);
  g_test_add_func ("/trace/lane-allocator", test_lane_allocator);
  g_test_add_func ("/trace/overlap-lanes", test_overlap_lanes);
  g_test_add_func ("/trace/find-from-hint", test_find_from_hint);
  g_test_add_func ("/trace/added-object-empty", test_added_object_empty);

  return g_test_run ();
}
