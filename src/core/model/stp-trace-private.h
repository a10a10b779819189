/* stp-trace-private.h: model internals shared by stp-trace*.c
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-trace.h"

G_BEGIN_DECLS

gboolean stp_trace_seal (StpTrace      *self,
                           GCancellable  *cancellable,
                           GError       **error);

/* Instants in time order, then input order (a GCompareDataFunc). */
gint     stp_trace_compare_instants (gconstpointer a,
                                     gconstpointer b,
                                     gpointer      user_data);

/* stp-trace-nest.c: nests the slices of every thread and async track,
 * appends a track for each extra lane, and fills thread_lanes (track
 * index -> GArray of its lanes' track indices).  FALSE if cancelled. */
gboolean stp_trace_nest_slices (StpTrace      *self,
                                GHashTable    *thread_lanes,
                                GCancellable  *cancellable,
                                GError       **error);
/* Orders a track's slices by depth and sets its depth runs. */
void     stp_track_seal_depths (StpTrack      *self);

/* stp-trace-flows.c: thread_lanes maps a thread track to its lanes
 * (GArray of guint32 track indices), as stp_trace_seal() made them. */
void     stp_trace_bind_flows (StpTrace   *self,
                               GHashTable *thread_lanes);

/* For a merge, which adds processes and tracks whole. */
void     stp_trace_index_process (StpTrace *self,
                                  guint32   index);
void     stp_trace_index_threads (StpTrace *self);

/* stp-trace-args.c: the event extras in seq order, for lookups. */
void     stp_trace_sort_event_extras (StpTrace *self);

/* Frees what a part owns (set as the clear function of trace->parts). */
void     stp_trace_part_clear (StpTracePart *part);

G_END_DECLS
