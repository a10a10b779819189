/* stp-find-bar.h: searching slice names and args
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "stp-search.h"

G_BEGIN_DECLS

#define STP_TYPE_FIND_BAR (stp_find_bar_get_type ())

G_DECLARE_FINAL_TYPE (StpFindBar, stp_find_bar, STP, FIND_BAR, GtkWidget)

GtkWidget  *stp_find_bar_new             (void);
void        stp_find_bar_set_trace       (StpFindBar *self,
                                          StpTrace   *trace);
void        stp_find_bar_set_search_mode (StpFindBar *self,
                                          gboolean    search_mode);
gboolean    stp_find_bar_get_search_mode (StpFindBar *self);
void        stp_find_bar_set_query       (StpFindBar *self,
                                          const char *query);
/* Whether names or args are still being searched. */
gboolean    stp_find_bar_is_busy         (StpFindBar *self);
/* StpItemRef in time order (NULL without a query); the view marks them. */
GArray     *stp_find_bar_get_matches     (StpFindBar *self);
gint64      stp_find_bar_get_max_duration (StpFindBar *self);
/* The match stepped to last, G_MAXUINT if none. */
guint       stp_find_bar_get_current     (StpFindBar *self);
/* Where the first step starts (the selection's time). */
void        stp_find_bar_set_anchor      (StpFindBar *self,
                                          gint64      ts);
/* Enter and Shift+Enter: the next or previous match, wrapping. */
void        stp_find_bar_step            (StpFindBar *self,
                                          gboolean    backwards);
const char *stp_find_bar_get_status      (StpFindBar *self);

G_END_DECLS
