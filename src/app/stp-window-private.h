/* stp-window-private.h: the window's state, shared by its files
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StpWindow is one class in five files: stp-window.c (loading, the
 * selection and its panels, search, the peak inspector),
 * stp-window-summary.c (the drawer under the timeline and the summary in
 * it), stp-window-export.c (exporting JSON and images),
 * stp-window-monitor.c (noticing the open file change on disk); and
 * stp-window-graph.c (a GraphDef beside a StepStats).
 */

#pragma once

#include "stp-area-table.h"
#include "stp-compare-view.h"
#include "stp-details-panel.h"
#include "stp-export-task.h"
#include "stp-find-bar.h"
#include "stp-load-task.h"
#include "stp-markers-view.h"
#include "stp-peaks-dialog.h"
#include "stp-recent-list.h"
#include "stp-steps-view.h"
#include "stp-summary-view.h"
#include "stp-warnings-popover.h"
#include "stp-window.h"

G_BEGIN_DECLS

struct _StpWindow
{
  AdwApplicationWindow  parent_instance;

  /* Template */
  AdwWindowTitle       *window_title;
  GtkStack             *stack;
  AdwToastOverlay      *toast_overlay;
  AdwStatusPage        *loading_page;
  GtkProgressBar       *loading_progress;
  AdwStatusPage        *error_page;
  StpRecentList        *recent_list;   /* on the start page */
  StpTimelineView      *timeline;
  GtkRevealer          *progress_revealer;
  GtkLabel             *progress_label;
  GtkProgressBar       *progress_bar;
  GtkMenuButton        *warnings_button;
  GtkLabel             *warnings_label;
  StpWarningsPopover   *warnings_popover;
  GtkToggleButton      *find_button;
  GtkToggleButton      *details_button;
  StpFindBar           *find_bar;
  GtkSearchBar         *track_filter_bar;   /* stp-window-filter.c */
  GtkEditable          *track_filter_entry;
  AdwFlap              *flap;
  GtkStack             *side_stack;
  AdwStatusPage        *side_status;
  GtkPaned             *paned;
  StpDetailsPanel      *details_panel;
  StpAreaTable         *area_table;
  GtkWidget            *drawer;        /* under the timeline: the summary and the area table */
  GtkWidget            *drawer_tabs;
  GtkStack             *drawer_stack;
  StpSummaryView       *summary_view;
  StpStepsView         *steps_view;
  StpCompareView       *compare_view;
  StpMarkersView       *markers_view;
  GtkRevealer          *export_revealer;
  GtkLabel             *export_label;
  GtkProgressBar       *export_bar;

  StpSession           *session;       /* the document shown, what is selected */
  GSettings            *settings;
  GAction              *setting_actions[9]; /* win.show-dataflow ...: see setting_actions */
  GSimpleAction        *show_details;       /* win.show-details: the side panel shown */
  StpLoadTask          *task;          /* the running load or re-analysis */
  GFile                *task_file;     /* what it loads (the first), NULL for re-analysis */
  GPtrArray            *task_files;    /* GFile: all it loads, NULL for re-analysis */
  char                 *error_title;
  char                 *error_message;

  GFileMonitor         *monitor;       /* on `file`, see stp-window-monitor.c */
  AdwToast             *changed_toast; /* "changed on disk", while shown */

  StpPeaksDialog       *peaks_dialog;
  StpExportTask        *export_task;
  char                 *export_error;
  GFile                *graph_file;    /* the GraphDef beside `file`, see stp-window-graph.c */
};

/* stp-window.c */
void stp_window_toast (StpWindow  *self,
                       const char *title);
void stp_window_read_options (StpWindow          *self,
                              StpAnalysisOptions *options);
char *stp_window_display_name (GFile *file);
void stp_window_show_error (StpWindow *self,
                            GFile     *file,
                            GError    *error);
/* The StepStats node of the selected op, or STP_INDEX_NONE. */
guint32 stp_window_selected_node (StpWindow *self);
void stp_window_notify_loading (StpWindow *self);

/* stp-window-load.c */
void stp_window_on_analysis_option_changed (StpWindow  *self,
                                            const char *key);
void stp_window_report_error (StpWindow  *self,
                              const char *title,
                              const char *message);

/* stp-window-summary.c */
void stp_window_class_init_summary (GtkWidgetClass *widget_class);
void stp_window_init_summary (StpWindow *self);
void stp_window_show_drawer_page (StpWindow *self,
                                  GtkWidget *page,
                                  gboolean   show);

/* stp-window-keys.c */
void stp_window_init_keys (StpWindow *self);

/* stp-window-monitor.c */
void stp_window_class_init_monitor (GtkWidgetClass *widget_class);
void stp_window_watch_file (StpWindow *self);
void stp_window_unwatch_file (StpWindow *self);

/* stp-window-graph.c */
void stp_window_class_init_graph (GtkWidgetClass *widget_class);
void stp_window_keep_graph (StpWindow   *self,
                            StpLoadTask *task,
                            GFile       *file);

const char *stp_window_format_label (StpFormat format);

/* stp-window-filter.c */
void stp_window_class_init_filter (GtkWidgetClass *widget_class);

/* stp-window-open.c */
void stp_window_class_init_open (GtkWidgetClass *widget_class);
void stp_window_init_open (StpWindow *self);

/* stp-window-info.c */
void stp_window_class_init_info (GtkWidgetClass *widget_class);

/* stp-window-range.c */
void stp_window_class_init_range (GtkWidgetClass *widget_class);

/* stp-window-export.c */
void stp_window_class_init_export (GtkWidgetClass *widget_class);
void stp_window_update_export_actions (StpWindow *self);

G_END_DECLS
