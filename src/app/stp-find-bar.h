/* stp-find-bar.h: searching slice names and args
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "stp-search.h"
#include "stp-session.h"

G_BEGIN_DECLS

#define STP_TYPE_FIND_BAR (stp_find_bar_get_type ())

G_DECLARE_FINAL_TYPE (StpFindBar, stp_find_bar, STP, FIND_BAR, GtkWidget)

GtkWidget  *stp_find_bar_new             (void);
/* Searches the session's document, from its selection's time. */
StpSession *stp_find_bar_get_session     (StpFindBar *self);
void        stp_find_bar_set_session     (StpFindBar *self,
                                          StpSession *session);
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
/* Enter and Shift+Enter: the next or previous match, wrapping. */
void        stp_find_bar_step            (StpFindBar *self,
                                          gboolean    backwards);
const char *stp_find_bar_get_status      (StpFindBar *self);

G_END_DECLS
