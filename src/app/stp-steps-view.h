/* stp-steps-view.h: the steps of the trace, and where their GPU time went
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "stp-session.h"
#include "stp-steps.h"

G_BEGIN_DECLS

#define STP_TYPE_STEPS_VIEW (stp_steps_view_get_type ())

G_DECLARE_FINAL_TYPE (StpStepsView, stp_steps_view, STP, STEPS_VIEW, GtkWidget)

typedef enum
{
  STP_STEPS_COLUMN_NAME,
  STP_STEPS_COLUMN_TRACE,     /* which of several traces open side by side */
  STP_STEPS_COLUMN_START,
  STP_STEPS_COLUMN_DURATION,
  STP_STEPS_COLUMN_BUSY,
  STP_STEPS_COLUMN_IDLE,
  STP_STEPS_COLUMN_COMPUTE,
  STP_STEPS_COLUMN_NON_COMPUTE,
  STP_STEPS_COLUMN_OVERLAP,
  STP_STEPS_COLUMN_KERNELS,
  STP_STEPS_N_COLUMNS,
} StpStepsColumn;

/* The steps of the session's document (stp_steps_find()), found on a
 * worker thread while the view is on screen.  Activating a row selects
 * the step's time range in the session and emits ::step-activated. */
StpSession      *stp_steps_view_get_session (StpStepsView *self);
void             stp_steps_view_set_session (StpStepsView *self,
                                             StpSession   *session);
gboolean         stp_steps_view_is_busy     (StpStepsView *self);
/* The rows in time order, and each one's kernel breakdown (all zero
 * when the trace has no kernels). */
guint            stp_steps_view_get_n_rows  (StpStepsView *self);
const StpStep   *stp_steps_view_get_step    (StpStepsView *self,
                                             guint         position);
const StpBreakdown *stp_steps_view_get_breakdown (StpStepsView *self,
                                                  guint         position);
gboolean         stp_steps_view_has_kernels (StpStepsView *self);
/* The steps of several traces lined up (hidden for one trace). */
GtkWidget       *stp_steps_view_get_side_by_side (StpStepsView *self);
void             stp_steps_view_activate    (StpStepsView *self,
                                             guint         position);

G_END_DECLS
