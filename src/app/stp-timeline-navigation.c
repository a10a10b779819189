/* stp-timeline-navigation.c: where the timeline looks
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The view's time is kept as integer nanoseconds plus a scale, never in
 * the adjustment's doubles: the horizontal adjustment only mirrors it
 * (in nanoseconds from the trace start) for the scrollbar, and rows
 * scroll through the vertical adjustment in pixels, under the pinned
 * rows.  Zoom and pan by key or pointer, fit, go to either end; what is
 * shown is published to the session as its visible range.
 */

#define G_LOG_DOMAIN "stp-timeline-navigation"

#include "config.h"

#include <math.h>

#include "stp-timeline-view-private.h"

#define MIN_NS_PER_PX  0.01   /* a nanosecond 100 px wide */
#define ZOOM_STEP      1.5
#define PAN_FRACTION   STP_TIMELINE_PAN_FRACTION

/* ------------------------------------------------------------------ */
/* View state                                                          */

int
stp_timeline_view_timeline_width (StpTimelineView *self)
{
  return MAX (1, gtk_widget_get_width (GTK_WIDGET (self)) - self->label_width);
}

static void
trace_bounds (StpTimelineView *self,
              gint64          *lower,
              gint64          *upper)
{
  StpTrace *trace = stp_render_index_get_trace (self->index);
  gint64 span = MAX (1, trace->end_ts - trace->start_ts);
  gint64 pad = MAX (1, span / 100);

  *lower = trace->start_ts - pad;
  *upper = trace->end_ts + pad;
}

void
stp_timeline_view_update_adjustments (StpTimelineView *self)
{
  int height = gtk_widget_get_height (GTK_WIDGET (self));

  self->updating_adjustments = TRUE;

  if (self->hadjustment != NULL)
    {
      if (self->index != NULL)
        {
          StpTrace *trace = stp_render_index_get_trace (self->index);
          gint64 lower, upper;
          double page = self->ns_per_px * stp_timeline_view_timeline_width (self);

          trace_bounds (self, &lower, &upper);
          gtk_adjustment_configure (self->hadjustment,
                                    (double) (self->start_ns - trace->start_ts),
                                    (double) (lower - trace->start_ts),
                                    MAX ((double) (upper - trace->start_ts),
                                         (double) (self->start_ns - trace->start_ts) + page),
                                    page * 0.1, page * 0.9, page);
        }
      else
        gtk_adjustment_configure (self->hadjustment, 0, 0, 0, 0, 0, 0);
    }

  if (self->vadjustment != NULL)
    {
      /* Pinned rows do not scroll: the rest scrolls under them. */
      double pinned = self->layout ? stp_render_layout_get_pinned_height (self->layout) : 0;
      double content = self->layout ? stp_render_layout_get_height (self->layout) - pinned + 24 : 0;
      double page = MAX (0, height - STP_TIMELINE_RULER_HEIGHT - pinned);
      double value = CLAMP (gtk_adjustment_get_value (self->vadjustment), 0, MAX (0, content - page));

      gtk_adjustment_configure (self->vadjustment, value, 0, MAX (content, page),
                                STP_ROW_SLICE_HEIGHT * 2, page * 0.9, page);
    }

  self->updating_adjustments = FALSE;
}

/* What the view shows is the session's, for every other widget. */
static void
publish_visible_range (StpTimelineView *self)
{
  gint64 start, end;

  if (self->session == NULL)
    return;
  stp_timeline_view_get_visible_range (self, &start, &end);
  stp_session_set_visible_range (self->session, start, end);
}

/* Keeps the view within the trace (plus a margin) and the zoom within
 * [whole trace, MIN_NS_PER_PX], then redraws. */
void
stp_timeline_view_set_view (StpTimelineView *self,
                            gint64           start_ns,
                            double           ns_per_px)
{
  gint64 lower, upper;
  double max_ns_per_px;
  gint64 visible;

  if (self->index == NULL)
    return;

  trace_bounds (self, &lower, &upper);
  max_ns_per_px = (double) (upper - lower) / stp_timeline_view_timeline_width (self);
  ns_per_px = CLAMP (ns_per_px, MIN_NS_PER_PX, MAX (max_ns_per_px, MIN_NS_PER_PX));
  visible = (gint64) ceil (ns_per_px * stp_timeline_view_timeline_width (self));

  if (start_ns > upper - visible)
    start_ns = upper - visible;
  if (start_ns < lower)
    start_ns = lower;

  self->start_ns = start_ns;
  self->ns_per_px = ns_per_px;

  stp_timeline_view_update_adjustments (self);
  /* The pointer has not moved, but what lies under it has (a key zoomed
   * or panned): its flows follow. */
  stp_timeline_view_update_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  publish_visible_range (self);
}

void
stp_timeline_view_zoom (StpTimelineView *self,
                        double           factor,
                        double           anchor_x)
{
  gint64 anchor;
  double ns_per_px;

  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));

  if (self->index == NULL || factor <= 0)
    return;

  if (anchor_x < self->label_width)
    anchor_x = self->label_width + stp_timeline_view_timeline_width (self) / 2.0;

  /* The time under the anchor stays under it. */
  {
    StpRenderView view;

    stp_timeline_view_fill_view (self, &view);
    anchor = stp_render_view_x_to_time (&view, anchor_x);
  }
  ns_per_px = self->ns_per_px / factor;
  ns_per_px = MAX (ns_per_px, MIN_NS_PER_PX);
  stp_timeline_view_set_view (self, anchor - (gint64) llround ((anchor_x - self->label_width) * ns_per_px), ns_per_px);
}

void
stp_timeline_view_pan (StpTimelineView *self,
                       double           pixels)
{
  stp_timeline_view_set_view (self, self->start_ns + (gint64) llround (pixels * self->ns_per_px), self->ns_per_px);
}

void
stp_timeline_view_reset_view (StpTimelineView *self)
{
  gint64 lower, upper;

  if (self->index == NULL)
    return;

  trace_bounds (self, &lower, &upper);
  stp_timeline_view_set_view (self, lower, (double) (upper - lower) / stp_timeline_view_timeline_width (self));
}

void
stp_timeline_view_set_visible_range (StpTimelineView *self,
                                     gint64           start,
                                     gint64           end)
{
  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));

  if (end <= start)
    end = start + 1;
  stp_timeline_view_set_view (self, start, (double) (end - start) / stp_timeline_view_timeline_width (self));
}

void
stp_timeline_view_get_visible_range (StpTimelineView *self,
                                     gint64          *start,
                                     gint64          *end)
{
  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));

  if (start != NULL)
    *start = self->start_ns;
  if (end != NULL)
    *end = self->start_ns + (gint64) llround (self->ns_per_px * stp_timeline_view_timeline_width (self));
}

/* ------------------------------------------------------------------ */
/* Actions                                                             */

static double
anchor_x (StpTimelineView *self)
{
  return self->hover_x >= self->label_width ? self->hover_x : -1;
}

static void
action_zoom_in (GtkWidget  *widget,
                const char *name,
                GVariant   *param)
{
  StpTimelineView *self = STP_TIMELINE_VIEW (widget);
  stp_timeline_view_zoom (self, ZOOM_STEP, anchor_x (self));
}

static void
action_zoom_out (GtkWidget  *widget,
                 const char *name,
                 GVariant   *param)
{
  StpTimelineView *self = STP_TIMELINE_VIEW (widget);
  stp_timeline_view_zoom (self, 1 / ZOOM_STEP, anchor_x (self));
}

static void
action_pan_left (GtkWidget  *widget,
                 const char *name,
                 GVariant   *param)
{
  StpTimelineView *self = STP_TIMELINE_VIEW (widget);
  stp_timeline_view_pan (self, -stp_timeline_view_timeline_width (self) * PAN_FRACTION);
}

static void
action_pan_right (GtkWidget  *widget,
                  const char *name,
                  GVariant   *param)
{
  StpTimelineView *self = STP_TIMELINE_VIEW (widget);
  stp_timeline_view_pan (self, stp_timeline_view_timeline_width (self) * PAN_FRACTION);
}

static void
action_reset (GtkWidget  *widget,
              const char *name,
              GVariant   *param)
{
  stp_timeline_view_reset_view (STP_TIMELINE_VIEW (widget));
}

static void
action_fit_selection (GtkWidget  *widget,
                      const char *name,
                      GVariant   *param)
{
  StpTimelineView *self = STP_TIMELINE_VIEW (widget);

  if (self->sel_end > self->sel_start)
    stp_timeline_view_set_visible_range (self, self->sel_start, self->sel_end);
  else if (self->selected.kind != STP_ITEM_NONE)
    stp_timeline_view_reveal_item (self, &self->selected, STP_REVEAL_ZOOM);
}

static void
action_go_start (GtkWidget  *widget,
                 const char *name,
                 GVariant   *param)
{
  StpTimelineView *self = STP_TIMELINE_VIEW (widget);

  if (self->index != NULL)
    stp_timeline_view_set_view (self, G_MININT64 / 2, self->ns_per_px);
}

static void
action_go_end (GtkWidget  *widget,
               const char *name,
               GVariant   *param)
{
  StpTimelineView *self = STP_TIMELINE_VIEW (widget);

  if (self->index != NULL)
    stp_timeline_view_set_view (self, G_MAXINT64 / 2, self->ns_per_px);
}

/* ------------------------------------------------------------------ */
/* Setup                                                               */

void
stp_timeline_view_class_init_navigation (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "timeline.zoom-in", NULL, action_zoom_in);
  gtk_widget_class_install_action (widget_class, "timeline.zoom-out", NULL, action_zoom_out);
  gtk_widget_class_install_action (widget_class, "timeline.pan-left", NULL, action_pan_left);
  gtk_widget_class_install_action (widget_class, "timeline.pan-right", NULL, action_pan_right);
  gtk_widget_class_install_action (widget_class, "timeline.reset", NULL, action_reset);
  gtk_widget_class_install_action (widget_class, "timeline.fit-selection", NULL, action_fit_selection);
  gtk_widget_class_install_action (widget_class, "timeline.go-start", NULL, action_go_start);
  gtk_widget_class_install_action (widget_class, "timeline.go-end", NULL, action_go_end);

  /* As in chrome://tracing and Perfetto. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_w, 0, "timeline.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_s, 0, "timeline.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_a, 0, "timeline.pan-left", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_d, 0, "timeline.pan-right", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_plus, GDK_CONTROL_MASK, "timeline.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_equal, GDK_CONTROL_MASK, "timeline.zoom-in", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_minus, GDK_CONTROL_MASK, "timeline.zoom-out", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_0, 0, "timeline.reset", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_KP_0, 0, "timeline.reset", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, 0, "timeline.fit-selection", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Home, 0, "timeline.go-start", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_End, 0, "timeline.go-end", NULL);
}
