/* stp-timeline-view.h: the timeline canvas
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "stp-aggregate.h"
#include "stp-item.h"
#include "stp-renderer.h"
#include "stp-session.h"

G_BEGIN_DECLS

#define STP_TYPE_TIMELINE_VIEW (stp_timeline_view_get_type ())

G_DECLARE_FINAL_TYPE (StpTimelineView, stp_timeline_view, STP, TIMELINE_VIEW, GtkWidget)

GtkWidget       *stp_timeline_view_new               (void);
/* The view draws the session's document and keeps its selected item,
 * area and marked slices (stp-timeline-selection.c). */
StpSession      *stp_timeline_view_get_session       (StpTimelineView *self);
/* The width of the track labels' column, in pixels. */
int              stp_timeline_view_get_label_width   (StpTimelineView *self);
void             stp_timeline_view_set_label_width   (StpTimelineView *self,
                                                      int              width);
void             stp_timeline_view_set_session       (StpTimelineView *self,
                                                      StpSession      *session);
StpRenderIndex  *stp_timeline_view_get_index         (StpTimelineView *self);
StpRenderLayout *stp_timeline_view_get_layout        (StpTimelineView *self);
void             stp_timeline_view_get_render_view   (StpTimelineView *self,
                                                      StpRenderView   *view);
gboolean         stp_timeline_view_hit_test          (StpTimelineView *self,
                                                      double           x,
                                                      double           y,
                                                      StpHit          *hit);
void             stp_timeline_view_set_visible_range (StpTimelineView *self,
                                                      gint64           start,
                                                      gint64           end);
void             stp_timeline_view_get_visible_range (StpTimelineView *self,
                                                      gint64          *start,
                                                      gint64          *end);
void             stp_timeline_view_set_selection     (StpTimelineView *self,
                                                      gint64           start,
                                                      gint64           end);
gboolean         stp_timeline_view_get_selection     (StpTimelineView *self,
                                                      gint64          *start,
                                                      gint64          *end);
void             stp_timeline_view_zoom              (StpTimelineView *self,
                                                      double           factor,
                                                      double           anchor_x);
void             stp_timeline_view_toggle_part       (StpTimelineView *self,
                                                      guint32          part);
void             stp_timeline_view_toggle_process    (StpTimelineView *self,
                                                      guint32          process);
/* A hidden process has no rows (stp-timeline-processes.c). */
void             stp_timeline_view_set_process_hidden (StpTimelineView *self,
                                                       guint32          process,
                                                       gboolean         hidden);
gboolean         stp_timeline_view_get_process_hidden (StpTimelineView *self,
                                                       guint32          process);
void             stp_timeline_view_set_track_pinned (StpTimelineView *self,
                                                     guint32          track,
                                                     gboolean         pinned);
gboolean         stp_timeline_view_get_track_pinned (StpTimelineView *self,
                                                     guint32          track);
/* Only threads, or processes, whose name has `filter` (case aside);
 * NULL or "" for all. */
const char      *stp_timeline_view_get_track_filter  (StpTimelineView *self);
void             stp_timeline_view_set_track_filter  (StpTimelineView *self,
                                                      const char      *filter);
gboolean         stp_timeline_view_get_show_flows    (StpTimelineView *self);
/* A trace is about to load: what drawing needs comes first. */
void             stp_timeline_view_prepare           (StpTimelineView *self);
void             stp_timeline_view_set_show_flows    (StpTimelineView *self,
                                                      gboolean         show_flows);
gboolean         stp_timeline_view_get_absolute_time (StpTimelineView *self);
void             stp_timeline_view_set_absolute_time (StpTimelineView *self,
                                                      gboolean         absolute_time);
gboolean         stp_timeline_view_get_all_flows     (StpTimelineView *self);
void             stp_timeline_view_set_all_flows     (StpTimelineView *self,
                                                      gboolean         all_flows);

/* Selection: one item, or an area (a time range over tracks), kept in
 * the session.  Selecting here also reveals. */
typedef enum
{
  STP_REVEAL_NONE   = 0,
  STP_REVEAL_SCROLL = 1 << 0,   /* scroll and pan until it is on screen, expanding its process */
  STP_REVEAL_ZOOM   = 1 << 1,   /* zoom to it, centred, with room around it */
} StpRevealFlags;

void              stp_timeline_view_select_item       (StpTimelineView  *self,
                                                       const StpItemRef *item,
                                                       StpRevealFlags    reveal);
const StpItemRef *stp_timeline_view_get_selected_item (StpTimelineView  *self);
/* M: marks the selected item's span or range in the session, or takes
 * the marker of that span away. */
void              stp_timeline_view_toggle_marker     (StpTimelineView  *self);
/* A click on the ruler at x: a flag there, or a flag there taken away. */
void              stp_timeline_view_toggle_flag       (StpTimelineView  *self,
                                                       double            x);
/* Adds a slice to the selection (Ctrl+click), or takes it out. */
void              stp_timeline_view_toggle_item       (StpTimelineView  *self,
                                                       const StpItemRef *item);
void              stp_timeline_view_select_area       (StpTimelineView  *self,
                                                       const StpArea    *area);
const StpArea    *stp_timeline_view_get_area          (StpTimelineView  *self);
void              stp_timeline_view_clear_selection   (StpTimelineView  *self);
void              stp_timeline_view_reveal_item       (StpTimelineView  *self,
                                                       const StpItemRef *item,
                                                       StpRevealFlags    reveal);
/* The area a drag from (x0, y0) to (x1, y1), widget coordinates, spans. */
StpArea          *stp_timeline_view_area_at           (StpTimelineView  *self,
                                                       double            x0,
                                                       double            y0,
                                                       double            x1,
                                                       double            y1);
/* Where an item is drawn (its middle, widget coordinates); FALSE if
 * not on screen. */
gboolean          stp_timeline_view_get_item_point    (StpTimelineView  *self,
                                                       const StpItemRef *item,
                                                       double           *x,
                                                       double           *y);
/* What a click at (x, y) in the canvas does: selects what is there (a
 * flow arrow within a few pixels of empty space), or clears; a double
 * click also zooms to it. */
void              stp_timeline_view_click             (StpTimelineView  *self,
                                                       int               n_press,
                                                       double            x,
                                                       double            y);
/* The slices drawn marked: the session's (StpItemRef), NULL if none. */
GArray           *stp_timeline_view_get_marked        (StpTimelineView  *self);
/* Draws the view as it is (or over [start, end) with every row when
 * start < end) into a PNG, SVG or PDF file. */
gboolean          stp_timeline_view_export_image      (StpTimelineView  *self,
                                                       GFile            *file,
                                                       gint64            start,
                                                       gint64            end,
                                                       GError          **error);

G_END_DECLS
