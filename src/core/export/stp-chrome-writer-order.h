/* stp-chrome-writer-order.h: the writer's events, in the input's order
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "stp-trace.h"

G_BEGIN_DECLS

/* What an event of the export is, and where it is in the model. */
typedef enum
{
  REF_NONE,
  REF_SLICE,
  REF_INSTANT,
  REF_GLOBAL_INSTANT,
  REF_FLOW_SRC,
  REF_FLOW_DST,
  REF_COUNTER,
  REF_COUNTER_ALONE,    /* a sample without a seq of its own */
  REF_SAMPLE,           /* a sample of a counter of one series */
  REF_OBJECT_CREATE,
  REF_OBJECT_SNAPSHOT,
  REF_OBJECT_DELETE,
  REF_SLICE_END,        /* the E, e or F that ended a slice read from a pair */
} RefKind;

/* One event of the export, kept for every seq of the trace: 4 bytes,
 * as a 1M-node StepStats with memory shown has 7.3M events (8 bytes
 * took 29 MB more at that export's peak).  Events on a track (slices,
 * their ends, instants, samples) are numbered across the tracks, each
 * track's after the one before (stp_export_order_locate() finds them);
 * the others are their index in the trace. */
typedef struct
{
  guint32 kind  : 4;    /* RefKind */
  guint32 index : 28;
} Ref;

#define REF_MAX_INDEX ((1u << 28) - 1)

G_STATIC_ASSERT (sizeof (Ref) == 4);

/* A sample of a counter of several series, in an array sorted by
 * (seq, track, series, sample): the samples one C event set are a run
 * of it.  A counter of one series needs no entries: each of its
 * samples is an event (REF_SAMPLE). */
typedef struct
{
  guint32 seq;
  guint32 track;
  guint32 series;
  guint32 sample;
} CounterEntry;

/* Every event to write, by its seq, then those without one. */
typedef struct
{
  GArray  *refs;          /* Ref, indexed by seq */
  GArray  *unordered;     /* Ref, events the model made up */
  GArray  *counters;      /* CounterEntry */
  guint    n_tracks;
  guint32 *first_slice;   /* per track and one past: where its slices' numbers start */
  guint32 *first_instant;
  guint32 *first_sample;
} StpExportOrder;

gboolean stp_export_order_build (StpExportOrder  *order,
                                 StpTrace        *trace,
                                 GCancellable    *cancellable,
                                 GError         **error);
void     stp_export_order_clear (StpExportOrder  *order);
gboolean stp_export_order_locate (const StpExportOrder *order,
                                  const Ref            *ref,
                                  guint32              *track,
                                  guint32              *index);

static inline guint
stp_export_order_len (const StpExportOrder *order)
{
  return order->refs->len + order->unordered->len;
}

static inline const Ref *
stp_export_order_get (const StpExportOrder *order,
                      guint                 i)
{
  return i < order->refs->len ? &g_array_index (order->refs, Ref, i)
                              : &g_array_index (order->unordered, Ref, i - order->refs->len);
}

G_END_DECLS
