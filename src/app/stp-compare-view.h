/* stp-compare-view.h: how a trace differs from its baseline
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "stp-compare.h"
#include "stp-session.h"

G_BEGIN_DECLS

#define STP_TYPE_COMPARE_VIEW (stp_compare_view_get_type ())

G_DECLARE_FINAL_TYPE (StpCompareView, stp_compare_view, STP, COMPARE_VIEW, GtkWidget)

/* The comparison of the session's document (stp_document_get_compare). */
StpSession          *stp_compare_view_get_session     (StpCompareView *self);
void                 stp_compare_view_set_session     (StpCompareView *self,
                                                       StpSession     *session);
void                 stp_compare_view_set_by          (StpCompareView *self,
                                                       StpCompareBy    by);
void                 stp_compare_view_set_only_slower (StpCompareView *self,
                                                       gboolean        only_slower);
guint                stp_compare_view_get_n_rows      (StpCompareView *self);
const StpCompareRow *stp_compare_view_get_row         (StpCompareView *self,
                                                       guint           position);
void                 stp_compare_view_activate        (StpCompareView *self,
                                                       guint           position);
gboolean             stp_compare_view_is_busy         (StpCompareView *self);

G_END_DECLS
