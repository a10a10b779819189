/* stp-window-summary.c: the window's drawer under the timeline, and the
 * summary in it
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under the timeline sits a drawer with four pages: the summary
 * (toggled by the show-summary setting, F8), the steps (show-steps), the
 * markers and the table of a selected area (each shown while there is
 * one); tabs switch between those open.  The summary follows the session's selected time
 * range (a drag on the ruler, an area's range, a step), the whole trace
 * without one; its rows mark their slices on the timeline and zoom to
 * them.  A step's row selects its range and zooms to it.
 */

#define G_LOG_DOMAIN "stp-window-summary"

#include "config.h"

#include "stp-window-private.h"

/* Fitting marked slices leaves this share of the width around them. */
#define FIT_MARGIN 0.05
#define MIN_FIT_SPAN_NS 1000
#define DRAWER_HEIGHT 320

/* Opening: room for a dozen rows, the rest stays the timeline's. */
static void
size_drawer (StpWindow *self)
{
  gtk_paned_set_position (self->paned, MAX (120, gtk_widget_get_height (GTK_WIDGET (self->paned)) - DRAWER_HEIGHT));
}

static void
on_first_allocation (StpWindow *self)
{
  if (gtk_widget_get_height (GTK_WIDGET (self->paned)) <= 0)
    return;
  g_signal_handlers_disconnect_by_func (self->paned, on_first_allocation, self);
  size_drawer (self);
}

void
stp_window_show_drawer_page (StpWindow *self,
                             GtkWidget *page,
                             gboolean   show)
{
  GtkWidget *pages[] = { GTK_WIDGET (self->summary_view), GTK_WIDGET (self->steps_view),
                         GTK_WIDGET (self->compare_view), GTK_WIDGET (self->markers_view),
                         GTK_WIDGET (self->area_table) };
  gboolean was_open = gtk_widget_get_visible (self->drawer);
  guint n_shown = 0;

  gtk_widget_set_visible (page, show);
  if (show)
    gtk_stack_set_visible_child (self->drawer_stack, page);

  for (guint i = 0; i < G_N_ELEMENTS (pages); i++)
    n_shown += gtk_widget_get_visible (pages[i]);
  gtk_widget_set_visible (self->drawer_tabs, n_shown > 1);
  gtk_widget_set_visible (self->drawer, n_shown > 0);

  if (!was_open && n_shown > 0)
    {
      if (gtk_widget_get_height (GTK_WIDGET (self->paned)) > 0)
        size_drawer (self);
      else
        /* Open at start: once the window has its size. */
        g_signal_connect_object (self->paned, "notify::max-position", G_CALLBACK (on_first_allocation),
                                 self, G_CONNECT_SWAPPED);
    }
}

/* A summary row: mark its slices and fit them in the view. */
static void
on_mark_slices (StpSummaryView *view,
                GArray         *refs,
                StpWindow      *self)
{
  StpTrace *trace = stp_window_get_trace (self);
  gint64 first = G_MAXINT64, last = G_MININT64, margin;

  stp_session_set_marked (self->session, refs);
  if (trace == NULL || refs->len == 0)
    return;

  for (guint i = 0; i < refs->len; i++)
    {
      gint64 start, end;

      if (stp_item_get_range (trace, &g_array_index (refs, StpItemRef, i), &start, &end))
        {
          first = MIN (first, start);
          last = MAX (last, end);
        }
    }
  if (first > last)
    return;

  last = MAX (last, first + MIN_FIT_SPAN_NS);
  margin = (gint64) ((last - first) * FIT_MARGIN);
  stp_session_set_visible_range (self->session, first - margin, last + margin);
  /* Down to the first of them, opening its process if collapsed. */
  stp_timeline_view_reveal_item (self->timeline, &g_array_index (refs, StpItemRef, 0), STP_REVEAL_SCROLL);
}

static void
on_show_summary_changed (StpWindow *self)
{
  stp_window_show_drawer_page (self, GTK_WIDGET (self->summary_view),
                               g_settings_get_boolean (self->settings, "show-summary"));
}

static void
on_summary_close (StpSummaryView *view,
                  StpWindow      *self)
{
  g_settings_set_boolean (self->settings, "show-summary", FALSE);
}

static void
on_show_steps_changed (StpWindow *self)
{
  stp_window_show_drawer_page (self, GTK_WIDGET (self->steps_view),
                               g_settings_get_boolean (self->settings, "show-steps"));
}

static void
on_steps_close (StpWindow *self)
{
  g_settings_set_boolean (self->settings, "show-steps", FALSE);
}

/* A step: its range is selected (the summary sums it up); show it. */
static void
on_step_activated (StpWindow *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self->timeline), "timeline.fit-selection", NULL);
}

/* The markers' list is there while there are markers.  It comes to
 * the front with the first one only: marking more (steps, say) leaves
 * the tab the user reads where it is. */
static void
on_markers_changed (StpWindow *self)
{
  gboolean any = stp_session_get_markers (self->session)->len > 0;

  if (gtk_widget_get_visible (GTK_WIDGET (self->markers_view)) != any)
    stp_window_show_drawer_page (self, GTK_WIDGET (self->markers_view), any);
}

static void
on_marker_activated (StpWindow *self)
{
  gtk_widget_activate_action (GTK_WIDGET (self->timeline), "timeline.fit-selection", NULL);
}

/* A comparison brings its table to the front; another document takes
 * it away. */
static void
on_document_changed (StpWindow *self)
{
  StpDocument *document = stp_session_get_document (self->session);
  gboolean comparison = document != NULL && stp_document_is_comparison (document);

  if (comparison || gtk_widget_get_visible (GTK_WIDGET (self->compare_view)))
    stp_window_show_drawer_page (self, GTK_WIDGET (self->compare_view), comparison);
}

static void
on_compare_close (StpWindow *self)
{
  stp_window_show_drawer_page (self, GTK_WIDGET (self->compare_view), FALSE);
}

StpCompareView *
stp_window_get_compare_view (StpWindow *self)
{
  g_return_val_if_fail (STP_IS_WINDOW (self), NULL);
  return self->compare_view;
}

StpMarkersView *
stp_window_get_markers_view (StpWindow *self)
{
  g_return_val_if_fail (STP_IS_WINDOW (self), NULL);
  return self->markers_view;
}

StpStepsView *
stp_window_get_steps_view (StpWindow *self)
{
  g_return_val_if_fail (STP_IS_WINDOW (self), NULL);
  return self->steps_view;
}

StpSummaryView *
stp_window_get_summary_view (StpWindow *self)
{
  g_return_val_if_fail (STP_IS_WINDOW (self), NULL);
  return self->summary_view;
}

void
stp_window_class_init_summary (GtkWidgetClass *widget_class)
{
  g_type_ensure (STP_TYPE_SUMMARY_VIEW);
  g_type_ensure (STP_TYPE_STEPS_VIEW);
  g_type_ensure (STP_TYPE_MARKERS_VIEW);
  g_type_ensure (STP_TYPE_COMPARE_VIEW);

  gtk_widget_class_bind_template_child (widget_class, StpWindow, drawer);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, drawer_tabs);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, drawer_stack);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, summary_view);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, steps_view);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, markers_view);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, compare_view);
  /* F8: stp-window-keys.c */
}

void
stp_window_init_summary (StpWindow *self)
{
  /* win.show-summary is one of the window's setting actions. */
  g_signal_connect_object (self->settings, "changed::show-summary", G_CALLBACK (on_show_summary_changed),
                           self, G_CONNECT_SWAPPED);
  g_settings_bind (self->settings, "summary-by", self->summary_view, "by", G_SETTINGS_BIND_DEFAULT);
  on_show_summary_changed (self);
  g_signal_connect_object (self->settings, "changed::show-steps", G_CALLBACK (on_show_steps_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->steps_view, "close", G_CALLBACK (on_steps_close), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->steps_view, "step-activated", G_CALLBACK (on_step_activated),
                           self, G_CONNECT_SWAPPED);
  on_show_steps_changed (self);
  g_signal_connect_object (self->session, "notify::markers", G_CALLBACK (on_markers_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->markers_view, "marker-activated", G_CALLBACK (on_marker_activated),
                           self, G_CONNECT_SWAPPED);

  g_signal_connect (self->summary_view, "mark-slices", G_CALLBACK (on_mark_slices), self);
  g_signal_connect (self->summary_view, "close", G_CALLBACK (on_summary_close), self);
  g_signal_connect (self->compare_view, "mark-slices", G_CALLBACK (on_mark_slices), self);
  g_signal_connect_object (self->compare_view, "close", G_CALLBACK (on_compare_close), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::document", G_CALLBACK (on_document_changed),
                           self, G_CONNECT_SWAPPED);
}
