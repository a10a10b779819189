/* stp-markers-view.h: the session's markers, as a list
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "stp-session.h"

G_BEGIN_DECLS

#define STP_TYPE_MARKERS_VIEW (stp_markers_view_get_type ())

G_DECLARE_FINAL_TYPE (StpMarkersView, stp_markers_view, STP, MARKERS_VIEW, GtkWidget)

/* A row a marker, in the order they were made.  Activating one selects
 * its range in the session and emits ::marker-activated; Delete removes
 * the selected one. */
StpSession *stp_markers_view_get_session (StpMarkersView *self);
void        stp_markers_view_set_session (StpMarkersView *self,
                                          StpSession     *session);
guint       stp_markers_view_get_n_rows  (StpMarkersView *self);
void        stp_markers_view_activate    (StpMarkersView *self,
                                          guint           position);
void        stp_markers_view_remove      (StpMarkersView *self,
                                          guint           position);
gboolean    stp_markers_view_rename      (StpMarkersView *self,
                                          guint           position);

G_END_DECLS
