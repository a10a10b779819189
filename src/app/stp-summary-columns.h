/* stp-summary-columns.h: the summary table's rows, cells and sorters
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "stp-summary-view.h"

G_BEGIN_DECLS

/* A computed summary, shared (reference counted) by the items that
 * point into it. */
typedef struct
{
  StpSummary *summary;
  StpTrace   *trace;        /* what it sums up */
} StpSummaryData;

StpSummaryData      *stp_summary_data_new             (StpSummary       *summary,
                                                       StpTrace         *trace);
void                 stp_summary_data_unref           (StpSummaryData   *data);

#define STP_TYPE_SUMMARY_ITEM (stp_summary_item_get_type ())

G_DECLARE_FINAL_TYPE (StpSummaryItem, stp_summary_item, STP, SUMMARY_ITEM, GObject)

StpSummaryItem      *stp_summary_item_new             (StpSummaryData   *data,
                                                       const StpSummaryRow *row);
const StpSummaryRow *stp_summary_item_get_row         (StpSummaryItem   *self);
const StpSummary    *stp_summary_item_get_summary     (StpSummaryItem   *self);
/* In the order shown (op and device rows); notifies "cumulative". */
double               stp_summary_item_get_cumulative  (StpSummaryItem   *self);
void                 stp_summary_item_set_cumulative  (StpSummaryItem   *self,
                                                       double            cumulative);
/* The cumulative shares of op and device rows (GtkTreeListRows of
 * items), in the order of `rows`. */
void                 stp_summary_item_update_cumulative (GListModel     *rows,
                                                       const StpSummary *summary);
/* The item of a row of the tree model (the tree keeps it alive). */
StpSummaryItem      *stp_summary_item_peek            (GtkTreeListRow   *row);
/* GtkTreeListModelCreateModelFunc: a scope row's children. */
GListModel          *stp_summary_item_create_children (gpointer          item,
                                                       gpointer          user_data);
/* As copied to the clipboard: numbers without units (times in µs,
 * shares in %), the unit in stp_summary_column_copy_title(). */
char                *stp_summary_item_copy_text       (StpSummaryItem   *item,
                                                       StpSummaryColumn  column);
char                *stp_summary_column_copy_title    (StpSummaryColumn  column,
                                                       StpSummaryBy      by);
char                *stp_summary_item_cell_text       (StpSummaryItem   *item,
                                                       StpSummaryColumn  column);

const char          *stp_summary_column_title         (StpSummaryColumn  column,
                                                       StpSummaryBy      by);
/* A column of the table: its cells (the scope tree's names when `tree`)
 * and its sorter. */
GtkColumnViewColumn *stp_summary_column_new           (StpSummaryColumn  column,
                                                       gboolean          tree);

G_END_DECLS
