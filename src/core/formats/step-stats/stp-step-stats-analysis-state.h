/* stp-step-stats-analysis-state.h: the state of one timeline.py analysis
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Shared by stp-step-stats-analysis.c (pids, lanes, ops, the driver),
 * stp-step-stats-dataflow.c (ops in order, the dataflow),
 * stp-step-stats-tensors.c (tensors) and stp-step-stats-memory.c (memory
 * counters, maximums).
 */

#pragma once

#include "stp-step-stats-analysis.h"

#include <string.h>

G_BEGIN_DECLS

#define CANCEL_CHECK_INTERVAL 4096           /* ~10 ms of ops on a slow machine */

/* timeline.py's _TensorTracker and _flow_starts entry, reduced to what
 * cannot be found again from the producing node (its times, device,
 * lane, and the output's size and allocator): a million of these are
 * filled per million ops.  Only the memory counters and the graph's
 * lifetimes read when a tensor was last used, so that is kept apart,
 * in a->last_unref, only for them. */
typedef struct
{
  StpStr  name;
  guint32 object_id;    /* timeline.py's id */
  guint32 node;         /* the producer */
  guint32 output;       /* which of its outputs */
} StpTracker;

G_STATIC_ASSERT (sizeof (StpTracker) == 16);

/* One analysis: its input, options, the trace it builds and what it
 * keeps per node, per tensor and per batch on the way. */
typedef struct
{
  StpStepStats             *ss;
  const StpAnalysisOptions *options;
  GCancellable             *cancellable;
  StpTrace                 *trace;

  /* Per node, when op_time may move the nodes' times (node_start()
   * reads them); with the schedule's times, NULL and the nodes' own. */
  gint64                   *start;
  gint64                   *end_rel;
  guint32                  *lane;
  guint32                  *node_seq;   /* the seq of each node's op */
  guint32                  *node_slice; /* where each node's op is in its track */
  GHashTable               *lane_sizes; /* compute process -> GArray of ops per lane, to size tracks */
  GHashTable               *lane_tracks; /* process -> GArray of tracks by lane */
  guint32                   last_process;
  GArray                   *last_tracks;

  guint32                   allocators_process;
  guint32                  *compute_process;  /* per device */
  guint32                  *tensors_process;

  GArray                   *trackers;      /* StpTracker, every production; sized once */
  gint64                   *last_unref;    /* per tracker, with memory shown or a graph, else NULL */
  GArray                   *tensors;       /* guint32 by StpStr: latest tracker + 1, or 0 */
  guint                     n_tensors;     /* distinct names: len(timeline.py's _tensors) */
  GArray                   *tensor_order;  /* StpStr, dict order */
  guint32                   next_flow_id;
  guint                     max_flows;     /* flows reserved for (2 per node) */

  /* How many trackers the tensors' thread has made, for the ops' thread,
   * which makes their objects meanwhile. */
  GMutex                    tracked_lock;
  GCond                     tracked_cond;
  guint                     n_tracked;
  gboolean                  tracking_done;

  GString                  *scratch;
  GString                  *tensor_names;  /* a batch's "name:index" */
  StpStringTable           *op_names;    /* the ops' names until they are placed */
  GArray                   *op_name_ids; /* StpStr by op_names id, 0 if not yet interned */
  StpStr                    cat_op;
  StpStr                    cat_tensor;
  StpStr                    cat_dataflow;
  StpStr                    cat_memory;

  StpGraph                 *graph;       /* lifetimes from the graph, if any */
  GArray                   *label_uses;  /* guint32 pairs (tracker, consumer node), with a graph */
} StpAnalysis;

static inline const StpStepStatsNode *
get_node (const StpAnalysis *a,
          guint              i)
{
  return &g_array_index (a->ss->nodes, StpStepStatsNode, i);
}

/* A node's time after op_time, in µs.  Once the dataflow's state is
 * dropped, moved times have a start but no duration. */
static inline gint64
node_start (const StpAnalysis *a,
            guint              i)
{
  return a->start != NULL ? a->start[i] : get_node (a, i)->all_start_micros;
}

static inline gint64
node_duration (const StpAnalysis *a,
               guint              i)
{
  return a->start != NULL ? a->end_rel[i] : get_node (a, i)->all_end_rel_micros;
}

static inline gint64
node_end (const StpAnalysis *a,
          guint              i)
{
  return (gint64) ((guint64) node_start (a, i) + (guint64) node_duration (a, i));
}

static inline guint32
node_device (const StpAnalysis *a,
             guint              i)
{
  return g_array_index (a->ss->nodes, StpStepStatsNode, i).device;
}

static inline const StpStepStatsDevice *
get_device (const StpAnalysis *a,
            guint              i)
{
  return &g_array_index (a->ss->devices, StpStepStatsDevice, i);
}

static inline StpStr
intern_span (StpAnalysis *a,
             StpSpan      span)
{
  return stp_trace_intern (a->trace, span.str, span.len);
}

static inline gboolean
is_recv_tensor (const StpStepStatsNode *node)
{
  StpSpan name = stp_step_stats_node_name (node);

  return name.len == 10 && memcmp (name.str, "RecvTensor", 10) == 0;
}

/* Wrapping arithmetic: timeline.py has unbounded ints, C has UB. */
static inline gint64
add64 (gint64 a,
       gint64 b)
{
  return (gint64) ((guint64) a + (guint64) b);
}

/* The output a tracker tracks: its size and allocator are there. */
static inline const StpStepStatsOutput *
tracker_output (const StpAnalysis *a,
                const StpTracker  *tracker)
{
  return &g_array_index (a->ss->outputs, StpStepStatsOutput,
                         get_node (a, tracker->node)->first_output + tracker->output);
}

/* A tracker's place in a->trackers (and in a->last_unref). */
static inline guint32
tracker_place (const StpAnalysis *a,
               const StpTracker  *tracker)
{
  return tracker - &g_array_index (a->trackers, StpTracker, 0);
}

static inline guint
tensor_index (StpAnalysis *a,
              StpStr       name)
{
  return name < a->tensors->len ? g_array_index (a->tensors, guint32, name) : 0;
}

/* stp-step-stats-analysis.c */
void        stp_step_stats_describe_node        (const StpStepStats     *ss,
                                                 const StpStepStatsNode *node,
                                                 StpSpan                *name,
                                                 StpSpan                *op,
                                                 GArray                 *inputs);
guint32     stp_step_stats_lane_track           (StpAnalysis  *a,
                                                 guint32       process,
                                                 guint32       lane);

/* stp-step-stats-dataflow.c */
gboolean    stp_step_stats_show_dataflow        (StpAnalysis  *a,
                                                 GError      **error);

/* stp-step-stats-tensors.c */
void        stp_step_stats_append_snapshot_args (gpointer           source,
                                                 const StpSnapshot *snapshot,
                                                 GString           *out);
gboolean    stp_step_stats_analyze_tensors      (StpAnalysis  *a,
                                               GError      **error);
gboolean    stp_step_stats_emit_tensor_objects  (StpAnalysis  *a);
StpTracker *stp_step_stats_lookup_tensor        (StpAnalysis  *a,
                                               const char   *name,
                                               gsize         len,
                                               StpStr       *id_out);

/* stp-step-stats-memory.c */
gboolean    stp_step_stats_show_memory_counters (StpAnalysis  *a,
                                               GError      **error);

/* Derived lines above the GPU kernels (options->derived_lines);
 * compute_process[d] is the process of StepStats device d. */
void     stp_step_stats_derive_gpu_lines   (StpTrace           *trace,
                                          const StpStepStats *step_stats,
                                          const guint32      *compute_process);
/* stp-step-stats-lifetimes.c */
StpLifetimes *stp_step_stats_graph_lifetimes    (StpAnalysis  *a);

G_END_DECLS
