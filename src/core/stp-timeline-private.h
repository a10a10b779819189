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

G_END_DECLS
