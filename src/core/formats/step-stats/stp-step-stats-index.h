/* stp-step-stats-index.h: one walk over a StepStats' wire bytes
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-step-stats.h"

G_BEGIN_DECLS

/* Fills the devices, nodes, outputs and graphs of a StepStats whose
 * wire and format are set.  Only stp-step-stats.c calls it. */
gboolean stp_step_stats_index (StpStepStats  *self,
                               GCancellable  *cancellable,
                               GError       **error);

G_END_DECLS
