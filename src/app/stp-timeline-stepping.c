/* stp-timeline-stepping.c: the arrow keys, from one item to the next
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Left and Right step along the selected item's track, Up to the slice
 * around it and Down to the first one inside (stp_item_step()).  With
 * nothing selected, any arrow selects the first slice in view, so that
 * the keyboard can start there; before, the key went on to GTK, which
 * moved the focus out of the timeline.
 */

#define G_LOG_DOMAIN "stp-timeline-stepping"

#include "config.h"

#include "stp-timeline-view-private.h"

/* The first slice in view at depth 0 of the topmost thread row that
 * has one: pinned rows first, then the rows scrolled to. */
static gboolean
find_first_in_view (StpTimelineView *self,
                    StpItemRef      *out)
{
  StpTrace *trace = stp_timeline_view_get_shown_trace (self);
  StpRenderView view;
  guint n_pinned, first, n_rows;
  gint64 t0, t1;

  if (trace == NULL || self->layout == NULL)
    return FALSE;

  stp_timeline_view_fill_view (self, &view);
  t0 = stp_render_view_x_to_time (&view, view.gutter_width);
  t1 = stp_render_view_x_to_time (&view, view.width);
  n_pinned = stp_render_layout_get_n_pinned_rows (self->layout);
  first = stp_render_layout_first_scrolled_row (self->layout, &view);
  n_rows = stp_render_layout_get_n_rows (self->layout);

  for (guint k = 0; k < n_rows; k++)
    {
      guint ri = k < n_pinned ? k : first + (k - n_pinned);
      const StpRow *row;
      const StpTrack *track;
      guint32 i;

      if (ri >= n_rows)
        break;
      row = stp_render_layout_get_row (self->layout, ri);
      if (row->kind != STP_ROW_TRACK)
        continue;
      track = stp_trace_get_track (trace, row->track);
      if (track->kind != STP_TRACK_THREAD)
        continue;
      i = stp_track_find_first_ending_after (track, 0, t0);
      if (i != STP_INDEX_NONE && stp_track_get_slice (track, i)->ts <= t1)
        {
          *out = stp_item_ref_slice (row->track, i);
          return TRUE;
        }
    }
  return FALSE;
}

static void
step (StpTimelineView  *self,
      StpItemDirection  direction)
{
  StpTrace *trace = stp_timeline_view_get_shown_trace (self);
  StpItemRef next;
  gboolean found;

  if (trace == NULL)
    return;

  /* With nothing selected, an arrow starts from what is in view rather
   * than move the focus out of the timeline. */
  if (self->selected.kind == STP_ITEM_NONE)
    found = find_first_in_view (self, &next);
  else
    found = stp_item_step (trace, &self->selected, direction, &next);

  if (found)
    stp_timeline_view_select_item (self, &next, STP_REVEAL_SCROLL);
  else
    gtk_widget_error_bell (GTK_WIDGET (self));
}

static void
action_select_previous (GtkWidget  *widget,
                        const char *name,
                        GVariant   *param)
{
  step (STP_TIMELINE_VIEW (widget), STP_ITEM_PREVIOUS);
}

static void
action_select_next (GtkWidget  *widget,
                    const char *name,
                    GVariant   *param)
{
  step (STP_TIMELINE_VIEW (widget), STP_ITEM_NEXT);
}

static void
action_select_parent (GtkWidget  *widget,
                      const char *name,
                      GVariant   *param)
{
  step (STP_TIMELINE_VIEW (widget), STP_ITEM_PARENT);
}

static void
action_select_child (GtkWidget  *widget,
                     const char *name,
                     GVariant   *param)
{
  step (STP_TIMELINE_VIEW (widget), STP_ITEM_CHILD);
}

void
stp_timeline_view_class_init_stepping (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "timeline.select-previous", NULL, action_select_previous);
  gtk_widget_class_install_action (widget_class, "timeline.select-next", NULL, action_select_next);
  gtk_widget_class_install_action (widget_class, "timeline.select-parent", NULL, action_select_parent);
  gtk_widget_class_install_action (widget_class, "timeline.select-child", NULL, action_select_child);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Left, 0, "timeline.select-previous", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Right, 0, "timeline.select-next", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Up, 0, "timeline.select-parent", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Down, 0, "timeline.select-child", NULL);
}
