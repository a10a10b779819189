/* stp-step-table-view.h: the steps of several traces side by side
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "stp-step-table.h"

G_BEGIN_DECLS

#define STP_TYPE_STEP_TABLE_VIEW (stp_step_table_view_get_type ())

G_DECLARE_FINAL_TYPE (StpStepTableView, stp_step_table_view, STP, STEP_TABLE_VIEW, GtkWidget)

void          stp_step_table_view_set_table     (StpStepTableView *self,
                                                 StpStepTable     *table);
StpStepTable *stp_step_table_view_get_table     (StpStepTableView *self);
void          stp_step_table_view_activate      (StpStepTableView *self,
                                                 guint             position);
void          stp_step_table_view_activate_cell (StpStepTableView *self,
                                                 guint             key,
                                                 guint             trace);

G_END_DECLS
