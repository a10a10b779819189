/* stp-timeline-processes.c: which processes and threads the timeline shows
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A right click on a process (its header, or any of its rows) opens a
 * menu: hide it, show only it, show every process again.  H hides the
 * selection's process and Shift+H shows all, as the menu says.  What is
 * hidden stays hidden through a re-analysis of the same file; a newly
 * opened file shows everything.  Going to something in a hidden process
 * (a search match, a link) shows its process again.  A filter shows only
 * the threads (or whole processes) whose name has its text.
 */

#define G_LOG_DOMAIN "stp-timeline-processes"

#include "config.h"

#include <glib/gi18n.h>

#include "stp-timeline-view-private.h"

static void
layout_changed (StpTimelineView *self)
{
  gboolean any = self->layout != NULL && stp_render_layout_get_n_hidden (self->layout) > 0;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "timeline.show-all-processes", any);
  stp_timeline_view_update_adjustments (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Whether the process has rows of its own to show (a process that is
 * only a name has none, hidden or not). */
static gboolean
has_rows (StpTrace *trace,
          guint32   process)
{
  const StpProcess *p = stp_trace_get_process (trace, process);

  return p->tracks->len > 0 || p->n_objects > 0;
}

void
stp_timeline_view_set_process_hidden (StpTimelineView *self,
                                      guint32          process,
                                      gboolean         hidden)
{
  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));

  if (self->layout == NULL || process >= stp_render_layout_get_trace (self->layout)->processes->len)
    return;
  stp_render_layout_set_hidden (self->layout, process, hidden);
  layout_changed (self);
}

gboolean
stp_timeline_view_get_process_hidden (StpTimelineView *self,
                                      guint32          process)
{
  g_return_val_if_fail (STP_IS_TIMELINE_VIEW (self), FALSE);

  if (self->layout == NULL || process >= stp_render_layout_get_trace (self->layout)->processes->len)
    return FALSE;
  return stp_render_layout_get_hidden (self->layout, process);
}

/* Every other process hidden, this one shown. */
static void
show_only (StpTimelineView *self,
           guint32          process)
{
  StpTrace *trace = stp_render_layout_get_trace (self->layout);

  for (guint32 i = 0; i < trace->processes->len; i++)
    stp_render_layout_set_hidden (self->layout, i, i != process && has_rows (trace, i));
  layout_changed (self);
}

static void
show_all (StpTimelineView *self)
{
  StpTrace *trace = stp_render_layout_get_trace (self->layout);

  for (guint32 i = 0; i < trace->processes->len; i++)
    stp_render_layout_set_hidden (self->layout, i, FALSE);
  layout_changed (self);
}

/* The process of the selected item, or STP_INDEX_NONE. */
static guint32
selected_process (StpTimelineView *self)
{
  StpTrace *trace = stp_render_layout_get_trace (self->layout);
  guint32 track = stp_item_get_track (&self->selected);

  if (self->selected.kind == STP_ITEM_OBJECT)
    return g_array_index (trace->objects, StpObject, self->selected.index).process;
  if (track != STP_INDEX_NONE)
    return stp_trace_get_track (trace, track)->process;
  return STP_INDEX_NONE;
}

static void
action_hide_process (GtkWidget  *widget,
                     const char *name,
                     GVariant   *param)
{
  StpTimelineView *self = STP_TIMELINE_VIEW (widget);

  if (self->layout != NULL)
    stp_timeline_view_set_process_hidden (self, g_variant_get_uint32 (param), TRUE);
}

static void
action_show_only_process (GtkWidget  *widget,
                          const char *name,
                          GVariant   *param)
{
  StpTimelineView *self = STP_TIMELINE_VIEW (widget);
  guint32 process = g_variant_get_uint32 (param);

  if (self->layout != NULL && process < stp_render_layout_get_trace (self->layout)->processes->len)
    show_only (self, process);
}

static void
action_hide_selected_process (GtkWidget  *widget,
                              const char *name,
                              GVariant   *param)
{
  StpTimelineView *self = STP_TIMELINE_VIEW (widget);
  guint32 process;

  if (self->layout == NULL || (process = selected_process (self)) == STP_INDEX_NONE)
    return;
  stp_timeline_view_set_process_hidden (self, process, TRUE);
}

static void
action_show_all_processes (GtkWidget  *widget,
                           const char *name,
                           GVariant   *param)
{
  StpTimelineView *self = STP_TIMELINE_VIEW (widget);

  if (self->layout != NULL)
    show_all (self);
}

/* The menu of the process under (x, y). */
void
stp_timeline_view_popup_process_menu (StpTimelineView *self,
                                      guint32          process,
                                      double           x,
                                      double           y)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) section = g_menu_new ();
  GdkRectangle point = { (int) x, (int) y, 1, 1 };

  g_autoptr(GMenuItem) hide = g_menu_item_new (_("_Hide Process"), NULL);
  g_autoptr(GMenuItem) only = g_menu_item_new (_("Show _Only This Process"), NULL);

  g_menu_item_set_action_and_target_value (hide, "timeline.hide-process", g_variant_new_uint32 (process));
  g_menu_item_set_action_and_target_value (only, "timeline.show-only-process", g_variant_new_uint32 (process));
  g_menu_append_item (section, hide);
  g_menu_append_item (section, only);
  g_menu_append_section (menu, NULL, G_MENU_MODEL (section));
  g_menu_append (menu, _("Show _All Processes"), "timeline.show-all-processes");

  if (self->process_menu == NULL)
    {
      self->process_menu = gtk_popover_menu_new_from_model (NULL);
      gtk_popover_set_has_arrow (GTK_POPOVER (self->process_menu), FALSE);
      gtk_widget_set_halign (self->process_menu, GTK_ALIGN_START);
      gtk_widget_set_parent (self->process_menu, GTK_WIDGET (self));
    }
  gtk_popover_menu_set_menu_model (GTK_POPOVER_MENU (self->process_menu), G_MENU_MODEL (menu));
  gtk_popover_set_pointing_to (GTK_POPOVER (self->process_menu), &point);
  gtk_popover_popup (GTK_POPOVER (self->process_menu));
}

const char *
stp_timeline_view_get_track_filter (StpTimelineView *self)
{
  g_return_val_if_fail (STP_IS_TIMELINE_VIEW (self), NULL);
  return self->track_filter;
}

void
stp_timeline_view_set_track_filter (StpTimelineView *self,
                                    const char      *filter)
{
  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));

  if (filter != NULL && filter[0] == '\0')
    filter = NULL;
  if (g_strcmp0 (filter, self->track_filter) == 0)
    return;
  g_free (self->track_filter);
  self->track_filter = g_strdup (filter);
  if (self->layout != NULL)
    stp_render_layout_set_filter (self->layout, filter);
  layout_changed (self);
}

void
stp_timeline_view_dispose_processes (StpTimelineView *self)
{
  g_clear_pointer (&self->process_menu, gtk_widget_unparent);
  g_clear_pointer (&self->track_filter, g_free);
}

/* A new layout: the filter still holds. */
void
stp_timeline_view_processes_changed (StpTimelineView *self)
{
  if (self->layout != NULL)
    stp_render_layout_set_filter (self->layout, self->track_filter);
  layout_changed (self);
}

void
stp_timeline_view_class_init_processes (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "timeline.hide-process", "u", action_hide_process);
  gtk_widget_class_install_action (widget_class, "timeline.show-only-process", "u", action_show_only_process);
  gtk_widget_class_install_action (widget_class, "timeline.hide-selected-process", NULL,
                                   action_hide_selected_process);
  gtk_widget_class_install_action (widget_class, "timeline.show-all-processes", NULL, action_show_all_processes);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, 0, "timeline.hide-selected-process", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_H, GDK_SHIFT_MASK, "timeline.show-all-processes", NULL);
}
