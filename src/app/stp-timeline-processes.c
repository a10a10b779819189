/* stp-timeline-processes.c: which processes and threads the timeline shows
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A right click on a process (its header, or any of its rows) opens a
 * menu: hide it, show only it, show every process again; on a track, pin
 * it to the top too.  H hides the selection's process, Shift+H shows
 * all and P pins (or unpins) the selection's track, as the menu says.
 * What is folded, hidden or pinned is kept per file while the window is
 * open: a re-analysis, or opening the file again, shows it as left; a
 * file opened for the first time shows everything.  Going to something in a
 * hidden process (a search match, a link) shows its process again.  A
 * filter shows only the threads (or whole processes) whose name has its
 * text.
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

/* A pinned track keeps a row right under the ruler whatever the scroll
 * (stp-render-layout.h). */
void
stp_timeline_view_set_track_pinned (StpTimelineView *self,
                                    guint32          track,
                                    gboolean         pinned)
{
  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));

  if (self->layout == NULL || track >= stp_render_layout_get_trace (self->layout)->tracks->len)
    return;
  stp_render_layout_set_pinned (self->layout, track, pinned);
  layout_changed (self);
}

gboolean
stp_timeline_view_get_track_pinned (StpTimelineView *self,
                                    guint32          track)
{
  g_return_val_if_fail (STP_IS_TIMELINE_VIEW (self), FALSE);

  if (self->layout == NULL || track >= stp_render_layout_get_trace (self->layout)->tracks->len)
    return FALSE;
  return stp_render_layout_get_pinned (self->layout, track);
}

static void
toggle_pinned (StpTimelineView *self,
               guint32          track)
{
  stp_timeline_view_set_track_pinned (self, track, !stp_timeline_view_get_track_pinned (self, track));
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
action_toggle_pinned (GtkWidget  *widget,
                      const char *name,
                      GVariant   *param)
{
  toggle_pinned (STP_TIMELINE_VIEW (widget), g_variant_get_uint32 (param));
}

static void
action_toggle_selected_pinned (GtkWidget  *widget,
                               const char *name,
                               GVariant   *param)
{
  StpTimelineView *self = STP_TIMELINE_VIEW (widget);
  guint32 track = stp_item_get_track (&self->selected);

  if (self->layout != NULL && track != STP_INDEX_NONE)
    toggle_pinned (self, track);
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

/* The menu of the process (and track, if any) under (x, y). */
void
stp_timeline_view_popup_process_menu (StpTimelineView *self,
                                      guint32          process,
                                      guint32          track,
                                      double           x,
                                      double           y)
{
  g_autoptr(GMenu) menu = g_menu_new ();
  g_autoptr(GMenu) section = g_menu_new ();
  GdkRectangle point = { (int) x, (int) y, 1, 1 };

  if (track != STP_INDEX_NONE)
    {
      g_autoptr(GMenu) pin_section = g_menu_new ();
      g_autoptr(GMenuItem) pin = g_menu_item_new (stp_timeline_view_get_track_pinned (self, track)
                                                  ? _("_Unpin Track") : _("_Pin Track to Top"), NULL);

      g_menu_item_set_action_and_target_value (pin, "timeline.toggle-pinned", g_variant_new_uint32 (track));
      g_menu_append_item (pin_section, pin);
      g_menu_append_section (menu, NULL, G_MENU_MODEL (pin_section));
    }

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
  g_clear_pointer (&self->row_states, g_hash_table_unref);
  g_clear_pointer (&self->layout_uris, g_free);
}

/* A track by what it is rather than by index, which another analysis
 * of the file may change. */
typedef struct
{
  StpTrackKind kind;
  guint32      process;
  gint64       tid;
  guint32      lane;
  char        *tid_str;
  char        *name;
} TrackKey;

/* What the user did to one file's rows. */
typedef struct
{
  GArray *collapsed;   /* gboolean per process */
  GArray *hidden;      /* gboolean per process */
  GArray *pinned;      /* TrackKey, in the order pinned */
} RowState;

static void
track_key_clear (gpointer data)
{
  TrackKey *key = data;

  g_free (key->tid_str);
  g_free (key->name);
}

static void
row_state_free (gpointer data)
{
  RowState *state = data;

  g_array_unref (state->collapsed);
  g_array_unref (state->hidden);
  g_array_unref (state->pinned);
  g_free (state);
}

static RowState *
row_state_save (StpRenderLayout *layout)
{
  StpTrace *trace = stp_render_layout_get_trace (layout);
  GArray *pinned = stp_render_layout_get_pinned_tracks (layout);
  RowState *state = g_new0 (RowState, 1);

  state->collapsed = g_array_new (FALSE, FALSE, sizeof (gboolean));
  state->hidden = g_array_new (FALSE, FALSE, sizeof (gboolean));
  state->pinned = g_array_new (FALSE, FALSE, sizeof (TrackKey));
  g_array_set_clear_func (state->pinned, track_key_clear);
  for (guint i = 0; i < trace->processes->len; i++)
    {
      gboolean collapsed = stp_render_layout_get_collapsed (layout, i);
      gboolean hidden = stp_render_layout_get_hidden (layout, i);

      g_array_append_val (state->collapsed, collapsed);
      g_array_append_val (state->hidden, hidden);
    }
  for (guint i = 0; i < pinned->len; i++)
    {
      const StpTrack *track = stp_trace_get_track (trace, g_array_index (pinned, guint32, i));
      TrackKey key = { track->kind, track->process, track->tid, track->lane,
                       g_strdup (stp_trace_str (trace, track->tid_str)),
                       g_strdup (stp_trace_str (trace, track->name)) };

      g_array_append_val (state->pinned, key);
    }
  return state;
}

static guint32
find_track (StpTrace       *trace,
            const TrackKey *key)
{
  const StpProcess *process;

  if (key->process >= trace->processes->len)
    return STP_INDEX_NONE;
  process = stp_trace_get_process (trace, key->process);
  for (guint i = 0; i < process->tracks->len; i++)
    {
      guint32 t = g_array_index (process->tracks, guint32, i);
      const StpTrack *track = stp_trace_get_track (trace, t);

      if (track->kind == key->kind && track->tid == key->tid && track->lane == key->lane &&
          g_str_equal (stp_trace_str (trace, track->tid_str), key->tid_str) &&
          g_str_equal (stp_trace_str (trace, track->name), key->name))
        return t;
    }
  return STP_INDEX_NONE;
}

/* Another analysis of a file has the same processes, so indices hold
 * for them; tracks are found again by what they are. */
static void
row_state_apply (const RowState  *state,
                 StpRenderLayout *layout)
{
  StpTrace *trace = stp_render_layout_get_trace (layout);

  for (guint i = 0; i < MIN (state->collapsed->len, trace->processes->len); i++)
    {
      stp_render_layout_set_collapsed (layout, i, g_array_index (state->collapsed, gboolean, i));
      stp_render_layout_set_hidden (layout, i, g_array_index (state->hidden, gboolean, i));
    }
  for (guint i = 0; i < state->pinned->len; i++)
    {
      guint32 track = find_track (trace, &g_array_index (state->pinned, TrackKey, i));

      if (track != STP_INDEX_NONE)
        stp_render_layout_set_pinned (layout, track, TRUE);
    }
}

/* The layout is about to go: what the user did to its rows is kept
 * under its file for as long as the window is open. */
void
stp_timeline_view_save_rows (StpTimelineView *self,
                             StpRenderLayout *layout,
                             const char      *uri)
{
  if (self->row_states == NULL)
    self->row_states = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, row_state_free);
  g_hash_table_replace (self->row_states, g_strdup (uri), row_state_save (layout));
}

/* A layout of a file seen before (re-analysed, or opened again): its
 * rows as the user left them. */
void
stp_timeline_view_restore_rows (StpTimelineView *self,
                                StpRenderLayout *layout,
                                const char      *uri)
{
  const RowState *state = self->row_states ? g_hash_table_lookup (self->row_states, uri) : NULL;

  if (state != NULL)
    row_state_apply (state, layout);
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
  gtk_widget_class_install_action (widget_class, "timeline.toggle-pinned", "u", action_toggle_pinned);
  gtk_widget_class_install_action (widget_class, "timeline.toggle-selected-pinned", NULL,
                                   action_toggle_selected_pinned);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_h, 0, "timeline.hide-selected-process", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_H, GDK_SHIFT_MASK, "timeline.show-all-processes", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_p, 0, "timeline.toggle-selected-pinned", NULL);
}
