/* stp-window.h: one trace per window
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "stp-area-table.h"
#include "stp-compare-view.h"
#include "stp-details-panel.h"
#include "stp-find-bar.h"
#include "stp-links.h"
#include "stp-peaks-dialog.h"
#include "stp-markers-view.h"
#include "stp-steps-view.h"
#include "stp-summary-view.h"
#include "stp-timeline-view.h"

G_BEGIN_DECLS

#define STP_TYPE_WINDOW (stp_window_get_type ())

G_DECLARE_FINAL_TYPE (StpWindow, stp_window, STP, WINDOW, AdwApplicationWindow)

StpWindow       *stp_window_new               (GtkApplication *application);
void             stp_window_open              (StpWindow      *self,
                                               GFile          *file);
void             stp_window_open_files        (StpWindow      *self,
                                               GFile * const  *files,
                                               guint           n_files);
void             stp_window_add_files         (StpWindow      *self,
                                               GFile * const  *files,
                                               guint           n_files);
void             stp_window_open_files_on_clock (StpWindow    *self,
                                               GFile * const  *files,
                                               guint           n_files,
                                               StpMergeClock   clock);
void             stp_window_compare           (StpWindow      *self,
                                               GFile          *baseline,
                                               GFile          *other);
void             stp_window_open_with_graph   (StpWindow      *self,
                                               GFile          *file,
                                               GFile          *graph_file);
void             stp_window_cancel_load       (StpWindow      *self);
gboolean         stp_window_get_loading       (StpWindow      *self);
gboolean         stp_window_is_empty          (StpWindow      *self);
GFile           *stp_window_get_file          (StpWindow      *self);
StpTrace        *stp_window_get_trace         (StpWindow      *self);
/* What is shown and selected: the widgets of the window bind to it. */
StpSession      *stp_window_get_session       (StpWindow      *self);
StpTimelineView *stp_window_get_timeline_view (StpWindow      *self);
/* The message of the last failed load, NULL after a success. */
const char      *stp_window_get_error_message (StpWindow      *self);
guint            stp_window_get_warning_count (StpWindow      *self);
/* While the notice that the open file changed (or went away) on disk
 * is shown, its title, else NULL.  The trace is never re-read until the
 * user asks (win.reload). */
const char      *stp_window_get_file_notice   (StpWindow      *self);

StpDetailsPanel *stp_window_get_details_panel (StpWindow      *self);
StpCompareView  *stp_window_get_compare_view  (StpWindow      *self);
StpAreaTable    *stp_window_get_area_table    (StpWindow      *self);
StpFindBar      *stp_window_get_find_bar      (StpWindow      *self);
/* The summary under the timeline (shown by the win.show-summary action). */
StpSummaryView  *stp_window_get_summary_view  (StpWindow      *self);
/* The markers under the timeline, while there are any. */
StpMarkersView  *stp_window_get_markers_view  (StpWindow      *self);
/* The steps under the timeline (win.show-steps). */
StpStepsView    *stp_window_get_steps_view    (StpWindow      *self);
/* Opens (or raises) the memory peak inspector of this window. */
StpPeaksDialog  *stp_window_show_peaks        (StpWindow      *self);

/* Export what is loaded as Chrome Trace JSON on a worker thread (for
 * StepStats, as `stepscope-cli convert` with the current options). */
void             stp_window_export_json       (StpWindow      *self,
                                               GFile          *file);
gboolean         stp_window_get_exporting     (StpWindow      *self);
/* The last export's error, NULL if it succeeded. */
const char      *stp_window_get_export_error  (StpWindow      *self);
/* The timeline as PNG, SVG or PDF (by the name's extension): what is on
 * screen, or with `selection` the selected range with every row. */
gboolean         stp_window_export_image      (StpWindow      *self,
                                               GFile          *file,
                                               gboolean        selection,
                                               GError        **error);

G_END_DECLS
