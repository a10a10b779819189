/* stp-window-filter.c: filtering the timeline's tracks by name
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Ctrl+Shift+F (Filter Tracks… in the main menu) opens a bar over the
 * timeline whose text keeps only the threads, or whole processes, whose
 * name has it.  Return goes back to the timeline with the filter kept;
 * closing the bar shows every track again.
 */

#define G_LOG_DOMAIN "stp-window-filter"

#include "config.h"

#include "stp-search-bar.h"
#include "stp-window-private.h"

static void
on_track_filter_changed (StpWindow *self)
{
  stp_timeline_view_set_track_filter (self->timeline, gtk_editable_get_text (self->track_filter_entry));
}

/* Return keeps the filter and gives the keys back to the timeline, to
 * move through the tracks that are left. */
static void
on_track_filter_activate (StpWindow *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self->timeline));
}

static void
on_track_filter_mode (StpWindow *self)
{
  if (gtk_search_bar_get_search_mode (self->track_filter_bar))
    return;
  gtk_editable_set_text (self->track_filter_entry, "");
  stp_timeline_view_set_track_filter (self->timeline, NULL);
  gtk_widget_grab_focus (GTK_WIDGET (self->timeline));
}

static void
action_filter_tracks (GtkWidget  *widget,
                      const char *name,
                      GVariant   *param)
{
  StpWindow *self = STP_WINDOW (widget);

  stp_search_bar_open (self->track_filter_bar);
  gtk_widget_grab_focus (GTK_WIDGET (self->track_filter_entry));
}

void
stp_window_class_init_filter (GtkWidgetClass *widget_class)
{
  gtk_widget_class_bind_template_child (widget_class, StpWindow, track_filter_bar);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, track_filter_entry);
  gtk_widget_class_bind_template_callback (widget_class, on_track_filter_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_track_filter_mode);
  gtk_widget_class_bind_template_callback (widget_class, on_track_filter_activate);

  gtk_widget_class_install_action (widget_class, "win.filter-tracks", NULL, action_filter_tracks);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.filter-tracks", NULL);
}
