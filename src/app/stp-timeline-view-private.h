/* stp-timeline-view-private.h: the canvas' state, shared by its files
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StpTimelineView is one class in three files: stp-timeline-view.c (view,
 * scrolling, zoom, drawing, actions), stp-timeline-input.c (tooltips,
 * wheel, clicks, drags, pinch) and stp-timeline-selection.c (what the user
 * picks: items, areas, search matches, and the keys for it).
 */

#pragma once

#include "stp-frame-pixels.h"
#include "stp-timeline-view.h"

G_BEGIN_DECLS

/* The track labels' column: its width is the label-width property, which
 * the window binds to a setting; dragging its edge changes it. */
#define STP_TIMELINE_LABEL_WIDTH_DEFAULT 220
#define STP_TIMELINE_LABEL_WIDTH_MIN     120
#define STP_TIMELINE_LABEL_WIDTH_MAX     640
#define STP_TIMELINE_RULER_HEIGHT 30
#define STP_TIMELINE_PAN_FRACTION 0.1

struct _StpTimelineView
{
  GtkWidget        parent_instance;

  StpSession      *session;           /* what is shown and selected */
  GtkWidget       *process_menu;      /* stp-timeline-processes.c */
  char            *track_filter;
  GHashTable      *row_states;        /* file URI -> what the user did to its rows */
  char            *layout_uris;       /* the files of the layout shown, a URI a line */
  StpRenderIndex  *index;             /* the session's document's */
  StpRenderLayout *layout;
  StpRenderer     *renderer;
  StpFramePixels  *pixels;            /* what the renderer draws into */

  gint64           start_ns;
  double           ns_per_px;
  gint64           sel_start;
  gint64           sel_end;
  double           hover_x;
  double           hover_y;
  int              label_width;
  gboolean         show_flows;
  gboolean         all_flows;
  gboolean         absolute_time;     /* the ruler's zero: 0 rather than the trace start */
  guint            frame_count;
  guint            renderers_made;
  guint            prepare_source;    /* stp_timeline_view_prepare()'s idle */
  guint            spare_source;      /* stp_frame_pixels_make_spare()'s idle */

  GtkAdjustment   *hadjustment;
  GtkAdjustment   *vadjustment;
  guint            hscroll_policy : 1;
  guint            vscroll_policy : 1;
  gboolean         updating_adjustments;

  /* Gestures */
  gint64           drag_start_ns;
  double           drag_start_v;
  gint64           drag_anchor_ns;
  gboolean         drag_selecting;
  gboolean         drag_area;
  gboolean         drag_resizing;     /* the label column's edge */
  int              drag_start_width;
  double           drag_anchor_y;     /* content y */
  double           pinch_ns_per_px;
  double           pinch_x;

  /* Selection (stp-timeline-selection.c) */
  StpItemRef       selected;
  GArray          *selected_set;      /* StpItemRef: two or more slices picked with Ctrl, or NULL */
  StpArea         *area;
  GArray          *sel_flows;         /* guint32: the selection's flows */
  StpItemRef       hover_item;        /* the slice under the pointer */
  GArray          *hover_flows;       /* guint32: its flows */
  GArray          *matches;           /* StpItemRef, search matches */
  gint64           matches_max_dur;
  GArray          *marked;            /* StpItemRef, picked in the area table */
  gint64           marked_max_dur;
  StpRenderHighlights highlights;
};

/* stp-timeline-view.c */
int      stp_timeline_view_timeline_width  (StpTimelineView *self);
void     stp_timeline_view_set_view        (StpTimelineView *self,
                                            gint64           start_ns,
                                            double           ns_per_px);
void     stp_timeline_view_fill_view       (StpTimelineView *self,
                                            StpRenderView   *view);
void     stp_timeline_view_update_adjustments (StpTimelineView *self);
void     stp_timeline_view_pan             (StpTimelineView *self,
                                            double           pixels);

/* The trace shown, or NULL before there is one. */
static inline StpTrace *
stp_timeline_view_get_shown_trace (StpTimelineView *self)
{
  return self->index != NULL ? stp_render_index_get_trace (self->index) : NULL;
}

/* stp-timeline-input.c */
void     stp_timeline_view_init_input      (StpTimelineView *self);
gboolean stp_timeline_view_query_tooltip   (GtkWidget       *widget,
                                            int              x,
                                            int              y,
                                            gboolean         keyboard,
                                            GtkTooltip      *tooltip);

/* stp-timeline-selection.c */
void     stp_timeline_view_init_selection     (StpTimelineView *self);
void     stp_timeline_view_finalize_selection (StpTimelineView *self);
void     stp_timeline_view_class_init_selection (GtkWidgetClass *widget_class);
void     stp_timeline_view_watch_session      (StpTimelineView *self);

/* stp-timeline-stepping.c */
void     stp_timeline_view_class_init_stepping (GtkWidgetClass *widget_class);

/* stp-timeline-navigation.c */
void     stp_timeline_view_class_init_navigation (GtkWidgetClass *widget_class);
void     stp_timeline_view_reset_view         (StpTimelineView *self);

/* stp-timeline-markers.c */
void     stp_timeline_view_class_init_markers (GtkWidgetClass *widget_class);

/* stp-timeline-processes.c */
void     stp_timeline_view_class_init_processes (GtkWidgetClass *widget_class);
void     stp_timeline_view_dispose_processes  (StpTimelineView *self);
void     stp_timeline_view_processes_changed  (StpTimelineView *self);
void     stp_timeline_view_save_rows          (StpTimelineView *self,
                                               StpRenderLayout *layout,
                                               const char      *uri);
void     stp_timeline_view_restore_rows       (StpTimelineView *self,
                                               StpRenderLayout *layout,
                                               const char      *uri);
void     stp_timeline_view_popup_process_menu (StpTimelineView *self,
                                               guint32          process,
                                               guint32          track,
                                               double           x,
                                               double           y);
void     stp_timeline_view_fill_highlights    (StpTimelineView *self,
                                               StpRenderView   *view);
void     stp_timeline_view_update_hover       (StpTimelineView *self);
void     stp_timeline_view_trace_changed      (StpTimelineView *self,
                                               gboolean         keep);
void     stp_timeline_view_range_changed      (StpTimelineView *self);
gboolean stp_timeline_view_area_drag_begin    (StpTimelineView *self,
                                               GdkModifierType  state,
                                               double           x,
                                               double           y);
void     stp_timeline_view_area_drag_update   (StpTimelineView *self,
                                               double           x,
                                               double           y);
void     stp_timeline_view_area_drag_end      (StpTimelineView *self,
                                               double           x,
                                               double           y);

/* For tests: how many frames the view has drawn, how many times it
 * made its renderer (once, until its fonts change), and the pixels it
 * draws frames into (NULL until made; never with GTK's Cairo renderer). */
guint           stp_timeline_view_get_frame_count    (StpTimelineView *self);
guint           stp_timeline_view_get_renderers_made (StpTimelineView *self);
StpFramePixels *stp_timeline_view_get_pixels         (StpTimelineView *self);

G_END_DECLS
