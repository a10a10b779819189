/* stp-recent-list.h: the traces opened last, on the start page
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

#define STP_TYPE_RECENT_LIST (stp_recent_list_get_type ())
G_DECLARE_FINAL_TYPE (StpRecentList, stp_recent_list, STP, RECENT_LIST, GtkWidget)

/* How many traces the list shows at most. */
#define STP_RECENT_LIST_MAX 8

GtkWidget *stp_recent_list_new          (void);
/* The rows' URIs, newest first (tests). */
GStrv      stp_recent_list_dup_uris     (StpRecentList *self);

G_END_DECLS
