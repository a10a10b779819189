/* stp-loader.h: open any trace file Stepscope reads
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-input.h"
#include "stp-timeline.h"
#include "stp-trace.h"

G_BEGIN_DECLS

/* Called from the loading thread: `stage` is a short translatable-free
 * identifier ("read", "parse", "analyze", "layout"); done/total are bytes
 * for reading and parsing, items otherwise; total may be 0 if unknown. */
typedef void (*StpProgressFunc) (const char *stage,
                                 guint64     done,
                                 guint64     total,
                                 gpointer    user_data);

StpTrace *stp_load_file       (GFile                    *file,
                               const StpTimelineOptions *options,
                               StpProgressFunc           progress,
                               gpointer                  user_data,
                               GCancellable             *cancellable,
                               GError                  **error);

/* The same on an input already open (a file, or bytes in memory);
 * `name` is what errors and the trace call it. */
StpTrace *stp_load_input      (StpInput                 *input,
                               const char               *name,
                               const StpTimelineOptions *options,
                               StpProgressFunc           progress,
                               gpointer                  user_data,
                               GCancellable             *cancellable,
                               GError                  **error);

/* StepStats traces keep their input: re-run the analysis with other
 * options without reading the file again.  Other traces are returned
 * as they are (with a new reference). */
StpTrace *stp_trace_reanalyze (StpTrace                 *trace,
                               const StpTimelineOptions *options,
                               GCancellable             *cancellable,
                               GError                  **error);

gboolean  stp_trace_is_step_stats (const StpTrace       *trace);

G_END_DECLS
