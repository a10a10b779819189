/* stp-loader.h: open any trace file Stepscope reads
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-input.h"
#include "stp-progress.h"
#include "stp-step-stats-analysis.h"
#include "stp-trace.h"

G_BEGIN_DECLS

StpTrace *stp_load_file       (GFile                    *file,
                               const StpAnalysisOptions *options,
                               StpProgressFunc           progress,
                               gpointer                  user_data,
                               GCancellable             *cancellable,
                               GError                  **error);
StpTrace *stp_load_path       (const char               *path,
                               const StpAnalysisOptions *options,
                               StpProgressFunc           progress,
                               gpointer                  user_data,
                               GCancellable             *cancellable,
                               GError                  **error);

/* The same on an input already open (a file, or bytes in memory);
 * `name` is what errors and the trace call it. */
StpTrace *stp_load_input      (StpInput                 *input,
                               const char               *name,
                               const StpAnalysisOptions *options,
                               StpProgressFunc           progress,
                               gpointer                  user_data,
                               GCancellable             *cancellable,
                               GError                  **error);

/* StepStats traces keep their input: re-run the analysis with other
 * options without reading the file again.  Other traces are returned
 * as they are (with a new reference). */
StpTrace *stp_trace_reanalyze (StpTrace                 *trace,
                               const StpAnalysisOptions *options,
                               GCancellable             *cancellable,
                               GError                  **error);

gboolean  stp_trace_is_step_stats (const StpTrace       *trace);
gboolean  stp_trace_part_is_step_stats (const StpTracePart *part);
/* The StepStats a STP_SLICE_STEP_STATS_NODE slice's node is of (its
 * part's, among several traces), or NULL. */
gpointer  stp_trace_get_node_source (const StpTrace       *trace,
                                     const StpSlice       *slice);

gboolean  stp_loader_sniff_file   (GFile                *file);
gboolean  stp_loader_find_traces  (GFile                *folder,
                                   GPtrArray            *out,
                                   GError              **error);

G_END_DECLS
