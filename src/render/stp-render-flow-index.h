/* stp-render-flow-index.h: finding the flows a frame needs without a walk over all
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built once per trace off the UI thread (with the render index): flows
 * by the time span their arrow covers, so a frame finds those crossing
 * its time range by binary search, and flows by the slices they are bound
 * to, so a slice's flows (selected or under the pointer) are found
 * without scanning every flow.
 */

#pragma once

#include <gio/gio.h>

#include "stp-trace.h"

G_BEGIN_DECLS

typedef struct _StpFlowIndex StpFlowIndex;

/* What a frame asks for. */
typedef enum
{
  STP_FLOW_QUERY_CROSSING,   /* the arrow crosses [t0, t1] */
  STP_FLOW_QUERY_INSIDE,     /* both ends lie in [t0, t1] */
} StpFlowQuery;

StpFlowIndex *stp_flow_index_new          (StpTrace      *trace,
                                           GCancellable  *cancellable);
void          stp_flow_index_free         (StpFlowIndex  *self);
gsize         stp_flow_index_get_memory_size (StpFlowIndex *self);

/* How many flows a query looks at (an upper bound on its matches). */
guint         stp_flow_index_count        (StpFlowIndex  *self,
                                           StpFlowQuery   query,
                                           gint64         t0,
                                           gint64         t1);
/* Appends (guint32) the flows matching `query`, looking at every
 * `stride`th candidate only (1: all of them), and at most `max_visits`
 * candidates; returns FALSE when it stopped for that limit. */
gboolean      stp_flow_index_collect      (StpFlowIndex  *self,
                                           StpFlowQuery   query,
                                           gint64         t0,
                                           gint64         t1,
                                           guint          stride,
                                           guint          max_visits,
                                           GArray        *out);
/* Appends (guint32) the flows leaving or entering slice `slice` of `track`. */
void          stp_flow_index_slice_flows  (StpFlowIndex  *self,
                                           guint32        track,
                                           guint32        slice,
                                           GArray        *out);

G_END_DECLS
