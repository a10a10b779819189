/* stp-column.c: the columns of Stepscope's tables
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The area table, the summary and the memory peaks are column views of
 * the same kind: a label per cell, every column resizable and sortable
 * by a comparison that knows the column.  What differs, each table says
 * in its setup, bind and compare functions; the wiring is here.
 */

#define G_LOG_DOMAIN "stp-column"

#include "stp-column.h"

/* "ReadVariableOp", "aten::convolution", "cudaMemcpyAsync" whole. */
#define NAME_MIN_CHARS 18

/**
 * stp_column_new:
 * @column: passed to @setup, @bind, @unbind and @compare as their data
 * @unbind: (nullable): for cells that connect to their item
 *
 * Returns: (transfer full): a resizable column sorted by @compare (if not NULL)
 */
GtkColumnViewColumn *
stp_column_new (const char       *title,
                int               column,
                GCallback         setup,
                GCallback         bind,
                GCallback         unbind,
                GCompareDataFunc  compare)
{
  GtkListItemFactory *factory = gtk_signal_list_item_factory_new ();
  g_autoptr(GtkSorter) sorter = NULL;
  GtkColumnViewColumn *col;

  g_signal_connect (factory, "setup", setup, GINT_TO_POINTER (column));
  g_signal_connect (factory, "bind", bind, GINT_TO_POINTER (column));
  if (unbind != NULL)
    g_signal_connect (factory, "unbind", unbind, GINT_TO_POINTER (column));

  col = gtk_column_view_column_new (title, factory);
  if (compare != NULL)
    {
      sorter = GTK_SORTER (gtk_custom_sorter_new (compare, GINT_TO_POINTER (column), NULL));
      gtk_column_view_column_set_sorter (col, sorter);
    }
  gtk_column_view_column_set_resizable (col, TRUE);
  return col;
}

/* A table's names are what its rows are read by: where the columns of
 * numbers leave them too little room, the table scrolls sideways rather
 * than cut a name to a few letters.  A short name asks for its own
 * width only, so that a table of short names keeps its numbers in view. */
static void
keep_name_room (GtkLabel   *label,
                GParamSpec *pspec,
                gpointer    user_data)
{
  glong chars = g_utf8_strlen (gtk_label_get_text (label), -1);

  gtk_label_set_width_chars (label, (int) MIN (chars, NAME_MIN_CHARS));
}

GtkWidget *
stp_cell_label_new (StpCellKind kind)
{
  GtkWidget *label = gtk_label_new (NULL);

  if (kind == STP_CELL_NUMBER)
    {
      gtk_label_set_xalign (GTK_LABEL (label), 1);
      gtk_widget_add_css_class (label, "numeric");
    }
  else
    {
      gtk_label_set_xalign (GTK_LABEL (label), 0);
      gtk_label_set_ellipsize (GTK_LABEL (label), PANGO_ELLIPSIZE_MIDDLE);
    }
  if (kind == STP_CELL_NAME)
    g_signal_connect (label, "notify::label", G_CALLBACK (keep_name_room), NULL);
  return label;
}

GtkOrdering
stp_ordering_from_int (int r)
{
  return r < 0 ? GTK_ORDERING_SMALLER : r > 0 ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
}
