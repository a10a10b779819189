/* stp-timeline-private.h: pieces of the timeline.py port, for tests
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-timeline.h"

G_BEGIN_DECLS

gboolean stp_timeline_parse_op_label     (const char *label,
                                          gsize       len,
                                          StpSpan    *name,
                                          StpSpan    *op,
                                          StpSpan    *inputs);
void     stp_timeline_split_inputs       (StpSpan     inputs,
                                          GArray     *out);
void     stp_timeline_parse_kernel_label (const char *label,
                                          gsize       label_len,
                                          StpSpan     node_name,
                                          StpSpan    *name,
                                          StpSpan    *op);

/* Derived lines above the GPU kernels (options->derived_lines);
 * compute_process[d] is the process of StepStats device d. */
void     stp_timeline_derive_gpu_lines   (StpTrace           *trace,
                                          const StpStepStats *step_stats,
                                          const guint32      *compute_process);

/* timeline.py's lanes: each node goes to the first lane whose last end
 * is before its start, in node order.  O(log lanes) per node. */
typedef struct _StpLaneTree StpLaneTree;

StpLaneTree *stp_lane_tree_new    (void);
void         stp_lane_tree_free   (StpLaneTree *tree);
guint32      stp_lane_tree_assign (StpLaneTree *tree,
                                   gint64       start,
                                   gint64       end);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpLaneTree, stp_lane_tree_free)

G_END_DECLS
