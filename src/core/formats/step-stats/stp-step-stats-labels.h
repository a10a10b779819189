/* stp-step-stats-labels.h: what a StepStats node's timeline_label says
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * timeline.py reads an op's name, type and inputs, and a GPU kernel's
 * name and op, out of the free text TensorFlow writes in timeline_label.
 * The StepStats analysis, the summary and the links between ops all read
 * them the same way, with these.
 */

#pragma once

#include "stp-step-stats.h"

G_BEGIN_DECLS

gboolean stp_step_stats_parse_op_label     (const char *label,
                                          gsize       len,
                                          StpSpan    *name,
                                          StpSpan    *op,
                                          StpSpan    *inputs);
void     stp_step_stats_split_inputs       (StpSpan     inputs,
                                          GArray     *out);
void     stp_step_stats_parse_kernel_label (const char *label,
                                          gsize       label_len,
                                          StpSpan     node_name,
                                          StpSpan    *name,
                                          StpSpan    *op);

G_END_DECLS
