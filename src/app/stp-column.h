/* stp-column.h: the columns of Stepscope's tables
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef enum
{
  STP_CELL_TEXT,     /* left-aligned, cut in the middle when narrow */
  STP_CELL_NAME,     /* the same, with room kept for a short name whole */
  STP_CELL_NUMBER,   /* right-aligned, tabular figures */
} StpCellKind;

GtkColumnViewColumn *stp_column_new       (const char        *title,
                                           int                column,
                                           GCallback          setup,
                                           GCallback          bind,
                                           GCallback          unbind,
                                           GCompareDataFunc   compare);
GtkWidget           *stp_cell_label_new   (StpCellKind        kind);
GtkOrdering          stp_ordering_from_int (int               r);

G_END_DECLS
