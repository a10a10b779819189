/* stp-trace-info.h: what a trace holds, counted
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The figures `stepscope-cli info` prints and the viewer's Trace
 * Information page shows, from one place.
 */

#pragma once

#include "stp-trace.h"

G_BEGIN_DECLS

typedef struct
{
  guint64 slices;           /* on thread tracks */
  guint64 async_slices;
  guint64 instants;         /* thread, process and global */
  guint64 counter_samples;
  guint64 counter_tracks;
  guint64 counter_series;
  guint   thread_tracks;    /* one a thread and lane */
  guint   flows;
  guint   bound_flows;      /* both ends on a slice */
  guint   flow_events;      /* s/t/f events (a chain's middle step once) */
  guint   objects;
  guint   snapshots;
} StpTraceCounts;

void  stp_trace_count          (const StpTrace *trace,
                                StpTraceCounts *counts);

/* The file's own metadata members ("schemaVersion", "distributedInfo",
 * ...) as pairs of key and JSON text, in file order; events the model
 * keeps whole are left out. */
GPtrArray *stp_trace_dup_metadata (const StpTrace *trace);

/* TRUE when the trace's times plus *offset_ns are Unix time (ns since
 * 1970, UTC): StepStats and most Kineto traces.  FALSE for a clock of
 * the recording machine (time since boot, Chrome's traces), where no
 * date can be told. */
gboolean   stp_trace_get_wall_clock (const StpTrace *trace,
                                     gint64         *offset_ns);
GDateTime *stp_wall_clock_to_date_time (gint64 unix_ns);

G_END_DECLS
