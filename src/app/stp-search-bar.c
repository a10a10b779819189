/* stp-search-bar.c: search bars that take keys as soon as they open
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "stp-search-bar"

#include "config.h"

#include "stp-search-bar.h"

/* Opens the bar at once rather than sliding it down.  While it slides,
 * its entry has focus but is not mapped yet, and GTK drops the keys it
 * gets: Ctrl+F and a query typed at once lost the query.  GtkSearchBar
 * keeps its revealer as its first child and has no setting for it.  The
 * slide comes back for closing: without one a hidden revealer keeps its
 * child's height, and a closed bar left an empty band. */
void
stp_search_bar_open (GtkSearchBar *bar)
{
  GtkWidget *revealer;
  GtkRevealerTransitionType transition;

  g_return_if_fail (GTK_IS_SEARCH_BAR (bar));

  revealer = gtk_widget_get_first_child (GTK_WIDGET (bar));
  if (!GTK_IS_REVEALER (revealer))
    {
      gtk_search_bar_set_search_mode (bar, TRUE);
      return;
    }

  transition = gtk_revealer_get_transition_type (GTK_REVEALER (revealer));
  gtk_revealer_set_transition_type (GTK_REVEALER (revealer), GTK_REVEALER_TRANSITION_TYPE_NONE);
  gtk_search_bar_set_search_mode (bar, TRUE);
  gtk_revealer_set_transition_type (GTK_REVEALER (revealer), transition);
}
