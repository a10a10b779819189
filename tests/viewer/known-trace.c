/* known-trace.c: small traces built with the model API for viewer tests
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "known-trace"

#include "known-trace.h"

static void
add_slice (StpTrace   *trace,
           guint32     track,
           const char *name,
           gint64      ts,
           gint64      dur)
{
  StpSlice *s = stp_trace_add_slice (trace, track);

  s->ts = ts;
  s->dur = dur;
  s->name = stp_trace_intern0 (trace, name);
  s->seq = stp_trace_next_seq (trace);
}

StpTrace *
known_trace_new (void)
{
  StpTrace *trace = stp_trace_new (STP_FORMAT_CHROME_JSON, "known.json");
  guint32 compute = stp_trace_add_process (trace, 1, 0);
  guint32 allocators = stp_trace_add_process (trace, 2, 0);
  guint32 tensors = stp_trace_add_process (trace, 3, 0);
  guint32 t10 = stp_trace_add_thread (trace, compute, 10, 0);
  guint32 t11 = stp_trace_add_thread (trace, compute, 11, 0);
  guint32 counter;
  StpCounterSeries *series;
  StpAllocatorMaximum maximum = { 0 };
  StpSlice *instant;
  StpFlow *flow;
  guint32 object;

  stp_trace_get_process (trace, compute)->name = stp_trace_intern0 (trace, "Compute");
  stp_trace_get_process (trace, allocators)->name = stp_trace_intern0 (trace, "Allocators");
  stp_trace_get_process (trace, tensors)->name = stp_trace_intern0 (trace, "Tensors");
  stp_trace_get_track (trace, t10)->name = stp_trace_intern0 (trace, "worker");

  add_slice (trace, t10, "A", 1000, 4000);
  add_slice (trace, t10, "B", 2000, 1000);
  add_slice (trace, t10, "C", 6000, 3000);
  add_slice (trace, t11, "D", 4000, 4000);

  instant = stp_trace_add_instant (trace, t11);
  instant->ts = 4500;
  instant->name = stp_trace_intern0 (trace, "mark");
  instant->seq = stp_trace_next_seq (trace);

  instant = stp_trace_add_instant (trace, STP_INDEX_NONE);
  instant->ts = 5000;
  instant->name = stp_trace_intern0 (trace, "global");
  instant->seq = stp_trace_next_seq (trace);

  flow = stp_trace_add_flow (trace);
  flow->name = stp_trace_intern0 (trace, "A");
  flow->src.ts = 3000;
  flow->src.track = t10;
  flow->src.phase = 's';
  flow->src.seq = stp_trace_next_seq (trace);
  flow->dst.ts = 4000;
  flow->dst.track = t11;
  flow->dst.phase = 'f';
  flow->dst.seq = stp_trace_next_seq (trace);

  counter = stp_trace_add_track (trace, allocators, STP_TRACK_COUNTER, stp_trace_intern0 (trace, "GPU_0_bfc"));
  series = stp_trace_add_counter_series (trace, counter, stp_trace_intern0 (trace, "GPU_0_bfc"));
  stp_trace_add_counter_sample (trace, series, 0, 0, stp_trace_next_seq (trace));
  stp_trace_add_counter_sample (trace, series, 2000, 100, stp_trace_next_seq (trace));
  stp_trace_add_counter_sample (trace, series, 7000, 40, stp_trace_next_seq (trace));

  maximum.allocator = stp_trace_intern0 (trace, "GPU_0_bfc");
  maximum.ts = 2000;
  maximum.num_bytes = 100;
  maximum.tensors = g_array_new (FALSE, FALSE, sizeof (StpStr));
  g_array_append_val (trace->allocator_maximums, maximum);

  object = stp_trace_add_object (trace, tensors);
  g_array_index (trace->objects, StpObject, object).name = stp_trace_intern0 (trace, "tensor_a");
  g_array_index (trace->objects, StpObject, object).create_ts = 1500;
  g_array_index (trace->objects, StpObject, object).delete_ts = 6000;
  stp_trace_add_snapshot (trace, object, 3000, 10, stp_trace_next_seq (trace), STP_RAW_NONE);
  object = stp_trace_add_object (trace, tensors);
  g_array_index (trace->objects, StpObject, object).name = stp_trace_intern0 (trace, "tensor_b");
  g_array_index (trace->objects, StpObject, object).create_ts = 2500;
  g_array_index (trace->objects, StpObject, object).delete_ts = 8000;

  g_assert_true (stp_trace_finish (trace, NULL, NULL));
  return trace;
}

StpTrace *
known_trace_dense (guint  n,
                   gint64 dur,
                   gint64 period)
{
  StpTrace *trace = stp_trace_new (STP_FORMAT_CHROME_JSON, "dense.json");
  guint32 process = stp_trace_add_process (trace, 1, 0);
  guint32 thread = stp_trace_add_thread (trace, process, 1, 0);
  StpStr names[3] = {
    stp_trace_intern0 (trace, "conv"),
    stp_trace_intern0 (trace, "relu"),
    stp_trace_intern0 (trace, "matmul"),
  };

  for (guint i = 0; i < n; i++)
    {
      StpSlice *s = stp_trace_add_slice (trace, thread);

      s->ts = (gint64) i * period;
      s->dur = dur;
      s->name = names[i % 3];
      s->seq = stp_trace_next_seq (trace);
    }

  g_assert_true (stp_trace_finish (trace, NULL, NULL));
  return trace;
}
