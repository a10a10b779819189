/* stp-details-panel.h: the side panel's view of one selected item
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "stp-details.h"
#include "stp-session.h"

G_BEGIN_DECLS

#define STP_TYPE_DETAILS_PANEL (stp_details_panel_get_type ())

G_DECLARE_FINAL_TYPE (StpDetailsPanel, stp_details_panel, STP, DETAILS_PANEL, GtkWidget)

GtkWidget        *stp_details_panel_new          (void);
/* Shows the session's selected item. */
StpSession       *stp_details_panel_get_session  (StpDetailsPanel  *self);
void              stp_details_panel_set_session  (StpDetailsPanel  *self,
                                                  StpSession       *session);
const StpDetails *stp_details_panel_get_details  (StpDetailsPanel  *self);
/* Everything shown, as plain text ("Label: value" lines). */
char             *stp_details_panel_get_text     (StpDetailsPanel  *self);

/* How a panel title wraps: between the parts of a name only, in a few
 * lines at most.  Returns whether it shows the whole name. */
gboolean         stp_details_panel_set_title_wrap   (GtkLabel         *label,
                                                     const char       *name);

G_END_DECLS
