/* stp-timeline-markers.c: markers made on the timeline canvas
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * M marks the selected item's span (named after it) or the selected
 * range; a click on the ruler drops a flag, a marker of no length.  The
 * session keeps them; the renderer draws them from the view.
 */

#define G_LOG_DOMAIN "stp-timeline-markers"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "stp-timeline-view-private.h"

/* How near a click must be to a flag to take it away. */
#define FLAG_TOLERANCE_PX 4.0

/* M: a marker over the selected item's span, named after it, or over
 * the selected range; M again on the same span takes it away. */
void
stp_timeline_view_toggle_marker (StpTimelineView *self)
{
  StpTrace *trace = stp_timeline_view_get_shown_trace (self);
  g_autofree char *label = NULL;
  gint64 start, end;
  int existing;

  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));

  if (trace == NULL || self->session == NULL)
    return;
  if (self->selected.kind != STP_ITEM_NONE && stp_item_get_range (trace, &self->selected, &start, &end))
    {
      const StpSlice *slice = stp_item_get_slice (trace, &self->selected);

      label = g_strdup (slice != NULL ? stp_trace_str (trace, slice->name) : NULL);
    }
  else if (self->sel_end > self->sel_start)
    {
      start = self->sel_start;
      end = self->sel_end;
    }
  else
    return;

  existing = stp_session_find_marker (self->session, start, end);
  if (existing >= 0)
    {
      stp_session_remove_marker (self->session, existing);
      return;
    }
  if (label == NULL || label[0] == '\0')
    {
      g_free (label);
      label = g_strdup_printf (_("Marker %u"), stp_session_get_markers (self->session)->len + 1);
    }
  stp_session_add_marker (self->session, start, end, label);
}

/* A click on the ruler: a flag (a marker of no length) there, or, on a
 * flag, the flag taken away. */
void
stp_timeline_view_toggle_flag (StpTimelineView *self,
                               double           x)
{
  g_autofree char *label = NULL;
  StpRenderView view;
  GArray *markers;

  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));

  if (self->index == NULL || self->session == NULL)
    return;
  stp_timeline_view_fill_view (self, &view);
  markers = stp_session_get_markers (self->session);
  for (guint i = 0; i < markers->len; i++)
    {
      const StpRenderMarker *m = &g_array_index (markers, StpRenderMarker, i);

      if (m->start == m->end && fabs (stp_render_view_time_to_x (&view, m->start) - x) <= FLAG_TOLERANCE_PX)
        {
          stp_session_remove_marker (self->session, i);
          return;
        }
    }
  label = g_strdup_printf (_("Marker %u"), markers->len + 1);
  stp_session_add_marker (self->session, stp_render_view_x_to_time (&view, x),
                          stp_render_view_x_to_time (&view, x), label);
}

static void
action_toggle_marker (GtkWidget  *widget,
                      const char *name,
                      GVariant   *param)
{
  stp_timeline_view_toggle_marker (STP_TIMELINE_VIEW (widget));
}

void
stp_timeline_view_class_init_markers (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "timeline.toggle-marker", NULL, action_toggle_marker);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_m, 0, "timeline.toggle-marker", NULL);
}
