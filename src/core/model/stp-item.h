/* stp-item.h: a reference to one thing on the timeline, and moving between them
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A selection is a reference into the model (indices, not pointers), so
 * it survives zooming, collapsing and redraws, and costs nothing to keep.
 */

#pragma once

#include "stp-trace.h"

G_BEGIN_DECLS

typedef enum
{
  STP_ITEM_NONE,
  STP_ITEM_SLICE,           /* track, index into track->slices (any track kind but COUNTER) */
  STP_ITEM_INSTANT,         /* track, index into track->instants (THREAD tracks) */
  STP_ITEM_GLOBAL_INSTANT,  /* index into trace->global_instants */
  STP_ITEM_OBJECT,          /* index into trace->objects */
  STP_ITEM_COUNTER,         /* track; ts is the selected time, index the sample of
                             * series 0 in effect then (STP_INDEX_NONE before it) */
  STP_ITEM_FLOW,            /* index into trace->flows */
} StpItemKind;

typedef struct
{
  StpItemKind kind;
  guint32     track;
  guint32     index;
  gint64      ts;
} StpItemRef;

#define STP_ITEM_REF_NONE ((StpItemRef) { STP_ITEM_NONE, STP_INDEX_NONE, STP_INDEX_NONE, 0 })

typedef enum
{
  STP_ITEM_PREVIOUS,        /* the slice before, on the same track and depth */
  STP_ITEM_NEXT,            /* the slice after, on the same track and depth */
  STP_ITEM_PARENT,          /* the enclosing slice */
  STP_ITEM_CHILD,           /* the first slice nested directly inside */
} StpItemDirection;

static inline StpItemRef
stp_item_ref_slice (guint32 track,
                    guint32 index)
{
  return (StpItemRef) { STP_ITEM_SLICE, track, index, 0 };
}

gboolean        stp_item_ref_equal      (const StpItemRef *a,
                                         const StpItemRef *b);
/* Orders references by time, then track, kind and index: a GCompareFunc
 * for arrays of StpItemRef. */
gint            stp_item_ref_compare_by_time (gconstpointer a,
                                              gconstpointer b);
/* Whether the reference points at something in this trace. */
gboolean        stp_item_ref_is_valid   (const StpTrace   *trace,
                                         const StpItemRef *ref);

/* The slice of a SLICE, INSTANT or GLOBAL_INSTANT reference, else NULL. */
const StpSlice *stp_item_get_slice      (const StpTrace   *trace,
                                         const StpItemRef *ref);
/* The time an item covers: a slice's extent, an object's lifetime, a
 * flow from its source to its destination, a counter's selected time. */
gboolean        stp_item_get_range      (const StpTrace   *trace,
                                         const StpItemRef *ref,
                                         gint64           *start,
                                         gint64           *end);
/* The track an item is drawn on, STP_INDEX_NONE for objects, flows and
 * global instants. */
guint32         stp_item_get_track      (const StpItemRef *ref);

gboolean        stp_item_step           (const StpTrace   *trace,
                                         const StpItemRef *ref,
                                         StpItemDirection  direction,
                                         StpItemRef       *out);

/* A slice's duration minus the time its direct children cover (children
 * are the slices one level deeper on the same track within its extent,
 * clipped to it); the number of children in *n_children. */
gint64          stp_slice_self_time     (const StpTrack   *track,
                                         guint32           index,
                                         guint            *n_children);

/* The slice one level up on the same track that holds a SLICE
 * reference's slice, STP_ITEM_REF_NONE at the top. */
StpItemRef      stp_slice_parent        (const StpTrace   *trace,
                                         const StpItemRef *ref);
/* Appends to `children` (StpItemRef) the first `max` slices one level
 * deeper within it (those stp_slice_self_time() counts), in time order. */
void            stp_slice_children      (const StpTrace   *trace,
                                         const StpItemRef *ref,
                                         guint             max,
                                         GArray           *children);

/* Flows (indices into trace->flows) whose destination (incoming) or
 * source (outgoing) is bound to the slice; either array may be NULL. */
void            stp_item_find_flows     (const StpTrace   *trace,
                                         const StpItemRef *ref,
                                         GArray           *incoming,
                                         GArray           *outgoing);

/* The slice a flow end is bound to, as a reference (NONE if unbound). */
StpItemRef      stp_flow_end_ref        (const StpFlowEnd *end);

G_END_DECLS
