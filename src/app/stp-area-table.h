/* stp-area-table.h: a selected area, summed up by slice name
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "stp-aggregate.h"
#include "stp-session.h"

G_BEGIN_DECLS

#define STP_TYPE_AREA_TABLE (stp_area_table_get_type ())

G_DECLARE_FINAL_TYPE (StpAreaTable, stp_area_table, STP, AREA_TABLE, GtkWidget)

GtkWidget    *stp_area_table_new        (void);
/* Sums up the session's selected area on a worker thread; a row
 * activated marks its slices in the session. */
StpSession   *stp_area_table_get_session (StpAreaTable  *self);
void          stp_area_table_set_session (StpAreaTable  *self,
                                          StpSession    *session);
gboolean      stp_area_table_is_busy    (StpAreaTable   *self);
/* The rows as shown (sorted as the user sorted them). */
guint         stp_area_table_get_n_rows (StpAreaTable   *self);
const StpAggregateRow *stp_area_table_get_row (StpAreaTable *self,
                                         guint           position);
/* Sorts by a column, as a click on its header would. */
void          stp_area_table_sort_by    (StpAreaTable      *self,
                                         StpAggregateColumn column,
                                         gboolean           descending);
/* Activates a row, as a click or Enter would. */
void          stp_area_table_activate   (StpAreaTable   *self,
                                         guint           position);
/* The table as tab-separated text, header first. */
char         *stp_area_table_get_text   (StpAreaTable   *self);

G_END_DECLS
