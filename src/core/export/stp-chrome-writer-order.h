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
  REF_SAMPLE,           /* a sample of a counter of one series */
  REF_OBJECT_CREATE,
  REF_OBJECT_SNAPSHOT,
  REF_OBJECT_DELETE,
  REF_SLICE_END,        /* the E, e or F that ended a slice read from a pair */
} RefKind;

/* One event of the export, kept for every seq of the trace: 8 bytes,
 * as a 1M-node StepStats with memory shown has 7.3M events (12 bytes
 * took 28 MiB more at that export's peak). */
typedef struct
{
  guint32 kind  : 4;    /* RefKind */
  guint32 alone : 1;    /* REF_COUNTER: a sample without a seq of its own */
  guint32 track : 27;   /* REF_SLICE, REF_INSTANT, REF_SLICE_END, REF_SAMPLE */
  guint32 index;        /* the slice, instant, flow, object, snapshot,
                         * counter entry or sample */
} Ref;

#define REF_MAX_TRACK ((1u << 27) - 1)

G_STATIC_ASSERT (sizeof (Ref) == 8);

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
  GArray *refs;        /* Ref, indexed by seq */
  GArray *unordered;   /* Ref, events the model made up */
  GArray *counters;    /* CounterEntry */
} StpExportOrder;

gboolean stp_export_order_build (StpExportOrder  *order,
                                 StpTrace        *trace,
                                 GCancellable    *cancellable,
                                 GError         **error);
void     stp_export_order_clear (StpExportOrder  *order);

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
