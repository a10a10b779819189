/* stp-summary-view.h: the tfprof-style summary of the trace or a range
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "stp-session.h"
#include "stp-summary.h"

G_BEGIN_DECLS

#define STP_TYPE_SUMMARY_VIEW (stp_summary_view_get_type ())

G_DECLARE_FINAL_TYPE (StpSummaryView, stp_summary_view, STP, SUMMARY_VIEW, GtkWidget)

typedef enum
{
  STP_SUMMARY_COLUMN_NAME,
  STP_SUMMARY_COLUMN_TIME,
  STP_SUMMARY_COLUMN_SELF,
  STP_SUMMARY_COLUMN_PERCENT,
  STP_SUMMARY_COLUMN_CUMULATIVE,
  STP_SUMMARY_COLUMN_ACCELERATOR,
  STP_SUMMARY_COLUMN_CPU,
  STP_SUMMARY_COLUMN_COUNT,
  STP_SUMMARY_COLUMN_AVERAGE,
  STP_SUMMARY_N_COLUMNS,
} StpSummaryColumn;

GtkWidget           *stp_summary_view_new            (void);
/* Sums up the session's document, on a worker thread while the view is
 * on screen. */
StpSession          *stp_summary_view_get_session    (StpSummaryView   *self);
void                 stp_summary_view_set_session    (StpSummaryView   *self,
                                                      StpSession       *session);
/* The range in trace nanoseconds; start >= end is the whole trace. */
void                 stp_summary_view_set_range      (StpSummaryView   *self,
                                                      gint64            start,
                                                      gint64            end);
void                 stp_summary_view_set_by         (StpSummaryView   *self,
                                                      StpSummaryBy      by);
StpSummaryBy         stp_summary_view_get_by         (StpSummaryView   *self);
/* Computing, about to, or collecting the slices of an activated row. */
gboolean             stp_summary_view_is_busy        (StpSummaryView   *self);
/* The summary shown, NULL before the first result. */
const StpSummary    *stp_summary_view_get_summary    (StpSummaryView   *self);
/* The rows as shown: sorted as the user sorted them, scope rows with
 * their expanded children. */
guint                stp_summary_view_get_n_rows     (StpSummaryView   *self);
const StpSummaryRow *stp_summary_view_get_row        (StpSummaryView   *self,
                                                      guint             position);
/* The cumulative share shown for a row (op and device rows): of the
 * rows above it in the order shown, and itself. */
double               stp_summary_view_get_cumulative (StpSummaryView   *self,
                                                      guint             position);
void                 stp_summary_view_set_expanded   (StpSummaryView   *self,
                                                      guint             position,
                                                      gboolean          expanded);
gboolean             stp_summary_view_get_column_visible (StpSummaryView   *self,
                                                      StpSummaryColumn  column);
/* Sorts by a column, as a click on its header would. */
void                 stp_summary_view_sort_by        (StpSummaryView   *self,
                                                      StpSummaryColumn  column,
                                                      gboolean          descending);
/* Activates a row, as a click would: ::mark-slices follows. */
void                 stp_summary_view_activate       (StpSummaryView   *self,
                                                      guint             position);
/* The rows shown as tab-separated text, header first. */
char                *stp_summary_view_get_text       (StpSummaryView   *self);

G_END_DECLS
