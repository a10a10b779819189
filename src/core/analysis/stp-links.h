/* stp-links.h: what points at what in a trace, for details and the inspector
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built once per trace (off the UI thread: it walks every node), read-only
 * afterwards.  For a StepStats trace: the op slice of every node, the
 * node that produces each tensor name (timeline.py's rule: the latest
 * production of that name), and the nodes that consume it; for any trace,
 * the tensor object of each name.
 */

#pragma once

#include "stp-item.h"
#include "stp-step-stats.h"

G_BEGIN_DECLS

typedef struct _StpLinks StpLinks;

GType         stp_links_get_type          (void) G_GNUC_CONST;
#define STP_TYPE_LINKS (stp_links_get_type ())

StpLinks     *stp_links_new               (StpTrace     *trace,
                                           GCancellable *cancellable,
                                           GError      **error);
StpLinks     *stp_links_ref               (StpLinks     *self);
void          stp_links_unref             (StpLinks     *self);
StpTrace     *stp_links_get_trace         (StpLinks     *self);

/* Among several traces, the links of the one process belongs to (a
 * StepStats' nodes are its own); otherwise self. */
StpLinks     *stp_links_for_process       (StpLinks     *self,
                                           guint32       process);
const struct _StpLifetimes *stp_links_get_lifetimes (StpLinks *self);

/* The StepStats the trace was analysed from, or NULL. */
StpStepStats *stp_links_get_step_stats    (StpLinks     *self);

/* The op slice drawn for node `node`; FALSE if it has none. */
gboolean      stp_links_get_node_slice    (StpLinks     *self,
                                           guint32       node,
                                           StpItemRef   *out);

/* The node producing a tensor, by its name as timeline labels write
 * inputs ("op", "op:1", "^op" for a control input, "op/_12" for a value
 * that came through a Send/Recv pair); *output (may be NULL) is the
 * index of the output among the node's outputs.  STP_INDEX_NONE if no
 * node produces it. */
guint32       stp_links_find_producer     (StpLinks     *self,
                                           const char   *input,
                                           gsize         len,
                                           guint        *output);

/* The nodes that read a tensor (by its exact name: "op" or "op:1"), in
 * node order, *n_consumers of them; NULL if none. */
const guint32 *stp_links_get_consumers    (StpLinks     *self,
                                           const char   *tensor,
                                           gsize         len,
                                           guint        *n_consumers);

/* The tensor object named `name` (the last one, as names repeat), or
 * STP_INDEX_NONE. */
guint32       stp_links_find_object       (StpLinks     *self,
                                           StpStr        name);

/* The output of `node` at `output`, or NULL. */
const StpStepStatsOutput *stp_links_get_output (StpLinks  *self,
                                           guint32       node,
                                           guint         output);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpLinks, stp_links_unref)

G_END_DECLS
