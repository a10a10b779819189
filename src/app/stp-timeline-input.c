/* stp-timeline-input.c: pointer and touch input on the timeline canvas
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Tooltips, the wheel and touchpad, clicks (a right click opens the
 * process menu of stp-timeline-processes.c), drags (panning, a range on
 * the ruler, an area with Shift, the label column's edge) and pinch zoom.  What a click or an area
 * drag selects is decided in stp-timeline-selection.c.
 */

#define G_LOG_DOMAIN "stp-timeline-input"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>

#include "stp-timeline-view-private.h"

#define RULER_HEIGHT   STP_TIMELINE_RULER_HEIGHT
#define PAN_FRACTION   STP_TIMELINE_PAN_FRACTION
/* How near the label column's edge the pointer grabs it. */
#define EDGE_GRAB_PX   4

static gboolean
on_label_edge (StpTimelineView *self,
               double           x)
{
  return fabs (x - self->label_width) <= EDGE_GRAB_PX;
}

/* ------------------------------------------------------------------ */
/* Tooltips                                                            */

static char *
describe_hit (StpTimelineView *self,
              const StpHit    *hit)
{
  StpTrace *trace = stp_render_index_get_trace (self->index);

  switch (hit->kind)
    {
    case STP_HIT_SLICE:
      {
        const StpSlice *s = stp_track_get_slice (stp_trace_get_track (trace, hit->track), hit->index);
        g_autofree char *dur = stp_format_duration (s->dur);
        g_autofree char *start = stp_format_duration (s->ts - trace->start_ts);

        return g_markup_printf_escaped ("<b>%s</b>\n%s\t%s\n%s\t%s", stp_trace_str (trace, s->name),
                                        _("Duration"), dur, _("Start"), start);
      }

    case STP_HIT_INSTANT:
    case STP_HIT_GLOBAL_INSTANT:
      {
        const StpTrack *track = hit->track != STP_INDEX_NONE ? stp_trace_get_track (trace, hit->track) : NULL;
        GArray *array = hit->kind == STP_HIT_GLOBAL_INSTANT ? trace->global_instants
                                                            : stp_track_get_instants (track);
        const StpSlice *s = &g_array_index (array, StpSlice, hit->index);
        g_autofree char *start = stp_format_duration (s->ts - trace->start_ts);

        return g_markup_printf_escaped ("<b>%s</b>\n%s\t%s", stp_trace_str (trace, s->name), _("At"), start);
      }

    case STP_HIT_COUNTER:
      {
        const StpTrack *track = stp_trace_get_track (trace, hit->track);
        gboolean bytes = stp_render_index_is_bytes_counter (self->index, hit->track);
        g_autoptr(GString) text = g_string_new (NULL);
        g_autofree char *name = g_markup_escape_text (stp_trace_str (trace, track->name), -1);
        g_autofree char *total = stp_format_value (hit->value, bytes);

        g_string_append_printf (text, "<b>%s</b>\t%s", name, total);
        for (guint i = 0; track->series->len > 1 && i < track->series->len; i++)
          {
            StpCounterSeries *series = g_ptr_array_index (track->series, i);
            double value;

            if (stp_counter_series_value_at (series, hit->ts, &value, NULL))
              {
                g_autofree char *v = stp_format_value (value, bytes);
                g_autofree char *n = g_markup_escape_text (stp_trace_str (trace, series->name), -1);

                g_string_append_printf (text, "\n%s\t%s", n, v);
              }
          }
        return g_string_free (g_steal_pointer (&text), FALSE);
      }

    case STP_HIT_OBJECT:
      {
        const StpObject *o = &g_array_index (trace->objects, StpObject, hit->index);
        g_autofree char *life = NULL;

        if (o->create_ts != STP_TS_UNKNOWN && o->delete_ts != STP_TS_UNKNOWN)
          life = stp_format_duration (o->delete_ts - o->create_ts);
        return g_markup_printf_escaped ("<b>%s</b>\n%s\t%s", stp_trace_str (trace, o->name),
                                        _("Lifetime"), life ? life : _("until the end"));
      }

    case STP_HIT_PROCESS:
      return g_markup_printf_escaped ("%s", stp_render_layout_get_collapsed (self->layout, hit->process)
                                            ? _("Click to expand") : _("Click to collapse"));

    case STP_HIT_PART:
      return g_markup_printf_escaped ("%s", stp_render_layout_get_part_collapsed (self->layout, hit->index)
                                            ? _("Click to expand") : _("Click to collapse"));

    case STP_HIT_TRACK_LABEL:
      if (hit->row != STP_INDEX_NONE)
        return g_markup_escape_text (stp_render_layout_get_row (self->layout, hit->row)->label, -1);
      return NULL;

    case STP_HIT_NONE:
    case STP_HIT_RULER:
    case STP_HIT_TRACK:
    default:
      return NULL;
    }
}

gboolean
stp_timeline_view_query_tooltip (GtkWidget  *widget,
                                 int         x,
                                 int         y,
                                 gboolean    keyboard,
                                 GtkTooltip *tooltip)
{
  StpTimelineView *self = STP_TIMELINE_VIEW (widget);
  g_autofree char *markup = NULL;
  StpHit hit;

  if (keyboard || !stp_timeline_view_hit_test (self, x, y, &hit))
    return FALSE;

  markup = describe_hit (self, &hit);
  if (markup == NULL)
    return FALSE;

  gtk_tooltip_set_markup (tooltip, markup);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Input                                                               */

static gboolean
on_scroll (GtkEventControllerScroll *controller,
           double                    dx,
           double                    dy,
           StpTimelineView          *self)
{
  GdkModifierType state = gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (controller));
  gboolean wheel = gtk_event_controller_scroll_get_unit (controller) == GDK_SCROLL_UNIT_WHEEL;

  if (self->index == NULL)
    return FALSE;

  if (state & GDK_CONTROL_MASK)
    {
      stp_timeline_view_zoom (self, pow (wheel ? 1.25 : 1.01, -dy), self->hover_x);
      return TRUE;
    }

  if (state & GDK_SHIFT_MASK)
    {
      double delta = dy != 0 ? dy : dx;

      stp_timeline_view_pan (self, wheel ? delta * stp_timeline_view_timeline_width (self) * PAN_FRACTION : delta);
      return TRUE;
    }

  if (dx != 0 && !wheel)
    {
      stp_timeline_view_pan (self, dx);
      if (dy == 0)
        return TRUE;
    }

  /* Plain vertical scrolling is the scrolled window's. */
  return FALSE;
}

static void
on_motion (GtkEventControllerMotion *controller,
           double                    x,
           double                    y,
           StpTimelineView          *self)
{
  self->hover_x = x;
  self->hover_y = y;
  if (!self->drag_resizing)
    gtk_widget_set_cursor_from_name (GTK_WIDGET (self), on_label_edge (self, x) ? "col-resize" : NULL);
  stp_timeline_view_update_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_leave (GtkEventControllerMotion *controller,
          StpTimelineView          *self)
{
  self->hover_x = self->hover_y = -1;
  stp_timeline_view_update_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_pressed (GtkGestureClick *gesture,
            int              n_press,
            double           x,
            double           y,
            StpTimelineView *self)
{
  StpHit hit;

  gtk_widget_grab_focus (GTK_WIDGET (self));

  /* The label column's edge is for resizing (on_drag_begin). */
  if (on_label_edge (self, x))
    return;
  if (!stp_timeline_view_hit_test (self, x, y, &hit))
    return;
  if (hit.kind == STP_HIT_PROCESS)
    stp_timeline_view_toggle_process (self, hit.process);
  else if (hit.kind == STP_HIT_PART)
    stp_timeline_view_toggle_part (self, hit.index);
  else
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

/* A click that did not become a drag selects what is under it. */
static void
on_released (GtkGestureClick *gesture,
             int              n_press,
             double           x,
             double           y,
             StpTimelineView *self)
{
  StpHit hit;

  if (on_label_edge (self, x))
    return;
  if (stp_timeline_view_hit_test (self, x, y, &hit) &&
      (hit.kind == STP_HIT_PROCESS || hit.kind == STP_HIT_PART || hit.kind == STP_HIT_RULER))
    return;
  /* Ctrl+click on a slice adds it to the selection (or takes it out). */
  if ((gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture)) & GDK_CONTROL_MASK) &&
      hit.kind == STP_HIT_SLICE)
    {
      StpItemRef item = stp_item_ref_slice (hit.track, hit.index);

      stp_timeline_view_toggle_item (self, &item);
      return;
    }
  stp_timeline_view_click (self, n_press, x, y);
}

/* A right click: the menu of the process under the pointer. */
static void
on_context_pressed (GtkGestureClick *gesture,
                    int              n_press,
                    double           x,
                    double           y,
                    StpTimelineView *self)
{
  StpHit hit;

  gtk_widget_grab_focus (GTK_WIDGET (self));
  if (!stp_timeline_view_hit_test (self, x, y, &hit) || hit.process == STP_INDEX_NONE)
    return;
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
  stp_timeline_view_popup_process_menu (self, hit.process, hit.track, x, y);
}

static void
on_drag_begin (GtkGestureDrag  *gesture,
               double           x,
               double           y,
               StpTimelineView *self)
{
  StpRenderView view;

  if (self->index == NULL)
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_DENIED);
      return;
    }

  /* The label column's edge: resize it. */
  if (on_label_edge (self, x))
    {
      self->drag_resizing = TRUE;
      self->drag_start_width = self->label_width;
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      return;
    }

  stp_timeline_view_fill_view (self, &view);
  self->drag_start_ns = self->start_ns;
  self->drag_start_v = self->vadjustment ? gtk_adjustment_get_value (self->vadjustment) : 0;

  /* Shift-drag over the rows selects an area. */
  if (stp_timeline_view_area_drag_begin (self, gtk_event_controller_get_current_event_state (GTK_EVENT_CONTROLLER (gesture)), x, y))
    {
      gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
      return;
    }

  self->drag_selecting = y < RULER_HEIGHT && x >= self->label_width;
  self->drag_anchor_ns = stp_render_view_x_to_time (&view, x);

  if (self->drag_selecting)
    stp_timeline_view_set_selection (self, self->drag_anchor_ns, self->drag_anchor_ns);
  else
    gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "grabbing");
}

static void
on_drag_update (GtkGestureDrag  *gesture,
                double           dx,
                double           dy,
                StpTimelineView *self)
{
  double x, y;

  gtk_gesture_drag_get_start_point (gesture, &x, &y);

  if (self->drag_resizing)
    {
      stp_timeline_view_set_label_width (self, self->drag_start_width + (int) lround (dx));
      return;
    }

  if (self->drag_area)
    {
      stp_timeline_view_area_drag_update (self, x + dx, y + dy);
      return;
    }

  if (self->drag_selecting)
    {
      StpRenderView view;

      stp_timeline_view_fill_view (self, &view);
      stp_timeline_view_set_selection (self, self->drag_anchor_ns,
                                       stp_render_view_x_to_time (&view, MAX (x + dx, self->label_width)));
      return;
    }

  if (fabs (dx) + fabs (dy) > 3)
    gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);

  stp_timeline_view_set_view (self, self->drag_start_ns - (gint64) llround (dx * self->ns_per_px), self->ns_per_px);
  if (self->vadjustment != NULL)
    gtk_adjustment_set_value (self->vadjustment, self->drag_start_v - dy);
}

static void
on_drag_end (GtkGestureDrag  *gesture,
             double           dx,
             double           dy,
             StpTimelineView *self)
{
  gtk_widget_set_cursor (GTK_WIDGET (self), NULL);
  self->drag_resizing = FALSE;

  /* A click on the ruler, not a drag: a flag. */
  if (self->drag_selecting && fabs (dx) < 3)
    {
      double x, y;

      gtk_gesture_drag_get_start_point (gesture, &x, &y);
      stp_timeline_view_toggle_flag (self, x);
    }
  self->drag_selecting = FALSE;

  if (self->drag_area)
    {
      double x, y;

      gtk_gesture_drag_get_start_point (gesture, &x, &y);
      stp_timeline_view_area_drag_end (self, x + dx, y + dy);
    }
}

static void
on_zoom_begin (GtkGesture       *gesture,
               GdkEventSequence *sequence,
               StpTimelineView  *self)
{
  double x, y;

  self->pinch_ns_per_px = self->ns_per_px;
  if (!gtk_gesture_get_bounding_box_center (gesture, &x, &y))
    x = self->label_width + stp_timeline_view_timeline_width (self) / 2.0;
  self->pinch_x = x;
}

static void
on_zoom_scale_changed (GtkGestureZoom  *gesture,
                       double           scale,
                       StpTimelineView *self)
{
  if (scale <= 0 || self->pinch_ns_per_px <= 0)
    return;
  stp_timeline_view_zoom (self, self->ns_per_px / (self->pinch_ns_per_px / scale), self->pinch_x);
}

/* ------------------------------------------------------------------ */
/* Setup                                                               */

void
stp_timeline_view_init_input (StpTimelineView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkEventController *controller;
  GtkGesture *gesture;

  controller = gtk_event_controller_scroll_new (GTK_EVENT_CONTROLLER_SCROLL_BOTH_AXES);
  g_signal_connect (controller, "scroll", G_CALLBACK (on_scroll), self);
  gtk_widget_add_controller (widget, controller);

  controller = gtk_event_controller_motion_new ();
  g_signal_connect (controller, "motion", G_CALLBACK (on_motion), self);
  g_signal_connect (controller, "leave", G_CALLBACK (on_leave), self);
  gtk_widget_add_controller (widget, controller);

  gesture = gtk_gesture_click_new ();
  g_signal_connect (gesture, "pressed", G_CALLBACK (on_pressed), self);
  g_signal_connect (gesture, "released", G_CALLBACK (on_released), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_click_new ();
  gtk_gesture_single_set_button (GTK_GESTURE_SINGLE (gesture), GDK_BUTTON_SECONDARY);
  g_signal_connect (gesture, "pressed", G_CALLBACK (on_context_pressed), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_drag_new ();
  g_signal_connect (gesture, "drag-begin", G_CALLBACK (on_drag_begin), self);
  g_signal_connect (gesture, "drag-update", G_CALLBACK (on_drag_update), self);
  g_signal_connect (gesture, "drag-end", G_CALLBACK (on_drag_end), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));

  gesture = gtk_gesture_zoom_new ();
  g_signal_connect (gesture, "begin", G_CALLBACK (on_zoom_begin), self);
  g_signal_connect (gesture, "scale-changed", G_CALLBACK (on_zoom_scale_changed), self);
  gtk_widget_add_controller (widget, GTK_EVENT_CONTROLLER (gesture));
}
