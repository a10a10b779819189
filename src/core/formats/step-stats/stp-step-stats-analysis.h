/* stp-step-stats-analysis.h: TensorFlow timeline.py's StepStats analysis
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-lifetimes.h"
#include "stp-step-stats.h"
#include "stp-trace.h"

G_BEGIN_DECLS

typedef enum
{
  STP_OP_TIME_SCHEDULE,   /* as scheduled on the host (timeline.py's default) */
  STP_OP_TIME_GPU,        /* the span of the op's kernels on the GPU */
  STP_OP_TIME_ALL,        /* from scheduling to the end of the last kernel */
} StpOpTime;

typedef struct
{
  gboolean  show_dataflow;
  gboolean  show_memory;
  StpOpTime op_time;
  /* Not in timeline.py: "TensorFlow Name Scope" and "TensorFlow Ops"
   * lines above each GPU's kernels, merged from their "@@name:op"
   * labels as the TF profiler does (stp-step-stats-derived.c).  Exports
   * leave derived slices out, so they stay timeline.py's either way;
   * off by default so the model (info, summaries) does too. */
  gboolean  derived_lines;
  /* Not in timeline.py: tensor lifetimes (objects, memory counters and
   * peaks) from the graph rather than the labels.  The graph is
   * RunMetadata.partition_graphs, or `graph` (borrowed) when set. */
  StpLifetimeMode lifetimes;
  StpGraph       *graph;
} StpAnalysisOptions;

/* timeline.py's generate_chrome_trace_format() defaults. */
#define STP_ANALYSIS_OPTIONS_INIT { TRUE, FALSE, STP_OP_TIME_SCHEDULE, FALSE, STP_LIFETIMES_LABELS, NULL }

const char *stp_op_time_to_string   (StpOpTime                 op_time);
gboolean    stp_op_time_from_string (const char               *str,
                                     StpOpTime                *op_time);

StpTrace   *stp_step_stats_analyze    (StpStepStats             *step_stats,
                                     const StpAnalysisOptions *options,
                                     GCancellable             *cancellable,
                                     GError                  **error);

G_END_DECLS
