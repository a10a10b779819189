/* stp-window-range.c: going to a time range typed by the user
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * "Go to Time…" (Ctrl+G): a start and an end, or a duration after
 * "+", both from the trace start as the ruler counts ("12.5 ms",
 * "300 µs", "+2 ms"); the timeline then shows exactly that range.
 */

#define G_LOG_DOMAIN "stp-window-range"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "stp-window-private.h"

typedef struct
{
  GtkEntry *from;
  GtkEntry *to;
} RangeEntries;

/* [start, end) in trace time from the two texts; FALSE if either is
 * not a time or the range is empty. */
static gboolean
parse_range (StpWindow  *self,
             const char *from,
             const char *to,
             gint64     *start,
             gint64     *end)
{
  StpTrace *trace = stp_window_get_trace (self);
  gint64 a, b;

  if (trace == NULL || !stp_parse_time (from, &a))
    return FALSE;
  to += strspn (to, " ");
  if (to[0] == '+')
    {
      if (!stp_parse_time (to + 1, &b))
        return FALSE;
      b = stp_time_add (a, b);
    }
  else if (!stp_parse_time (to, &b))
    return FALSE;
  if (b <= a)
    return FALSE;

  *start = stp_time_add (trace->start_ts, a);
  *end = stp_time_add (trace->start_ts, b);
  return TRUE;
}

static void
on_entry_changed (AdwMessageDialog *dialog)
{
  RangeEntries *entries = g_object_get_data (G_OBJECT (dialog), "entries");
  StpWindow *self = STP_WINDOW (gtk_window_get_transient_for (GTK_WINDOW (dialog)));
  gint64 start, end;

  adw_message_dialog_set_response_enabled (dialog, "go",
                                           parse_range (self, gtk_editable_get_text (GTK_EDITABLE (entries->from)),
                                                        gtk_editable_get_text (GTK_EDITABLE (entries->to)),
                                                        &start, &end));
}

static void
on_response (AdwMessageDialog *dialog,
             const char       *response,
             StpWindow        *self)
{
  RangeEntries *entries = g_object_get_data (G_OBJECT (dialog), "entries");
  gint64 start, end;

  if (g_strcmp0 (response, "go") == 0 &&
      parse_range (self, gtk_editable_get_text (GTK_EDITABLE (entries->from)),
                   gtk_editable_get_text (GTK_EDITABLE (entries->to)), &start, &end))
    {
      stp_session_set_visible_range (self->session, start, end);
      gtk_widget_grab_focus (GTK_WIDGET (self->timeline));
    }
}

static GtkEntry *
add_entry (GtkGrid    *grid,
           int         row,
           const char *label,
           const char *name,
           const char *text,
           const char *placeholder)
{
  GtkWidget *title = gtk_label_new_with_mnemonic (label);
  GtkWidget *entry = gtk_entry_new ();

  gtk_label_set_xalign (GTK_LABEL (title), 1);
  gtk_label_set_mnemonic_widget (GTK_LABEL (title), entry);
  gtk_widget_set_name (entry, name);
  gtk_widget_set_hexpand (entry, TRUE);
  gtk_editable_set_text (GTK_EDITABLE (entry), text);
  gtk_entry_set_placeholder_text (GTK_ENTRY (entry), placeholder);
  gtk_entry_set_activates_default (GTK_ENTRY (entry), TRUE);
  gtk_grid_attach (grid, title, 0, row, 1, 1);
  gtk_grid_attach (grid, entry, 1, row, 1, 1);
  return GTK_ENTRY (entry);
}

static void
action_go_to_time (GtkWidget  *widget,
                   const char *name,
                   GVariant   *param)
{
  StpWindow *self = STP_WINDOW (widget);
  StpTrace *trace = stp_window_get_trace (self);
  RangeEntries *entries = g_new0 (RangeEntries, 1);
  GtkWidget *grid = gtk_grid_new ();
  g_autofree char *from = NULL, *to = NULL;
  gint64 start, end;
  AdwMessageDialog *dialog;

  if (trace == NULL)
    return;

  /* Filled with what is shown now, exactly, to edit. */
  stp_timeline_view_get_visible_range (self->timeline, &start, &end);
  from = stp_format_time_exact (stp_time_sub (start, trace->start_ts));
  to = stp_format_time_exact (stp_time_sub (end, trace->start_ts));

  gtk_grid_set_row_spacing (GTK_GRID (grid), 6);
  gtk_grid_set_column_spacing (GTK_GRID (grid), 12);
  /* Translators: where a time range starts, from the trace start */
  entries->from = add_entry (GTK_GRID (grid), 0, _("_From"), "from", from, _("e.g. 12.5 ms"));
  /* Translators: where it ends; "+" makes it a duration */
  entries->to = add_entry (GTK_GRID (grid), 1, _("_To"), "to", to, _("e.g. 20 ms, or +2 ms"));

  dialog = ADW_MESSAGE_DIALOG (adw_message_dialog_new (GTK_WINDOW (self), _("Go to Time"),
                                                       _("Times count from the start of the trace.")));
  adw_message_dialog_set_extra_child (dialog, grid);
  adw_message_dialog_add_responses (dialog, "cancel", _("_Cancel"), "go", _("_Go"), NULL);
  adw_message_dialog_set_response_appearance (dialog, "go", ADW_RESPONSE_SUGGESTED);
  adw_message_dialog_set_default_response (dialog, "go");
  adw_message_dialog_set_close_response (dialog, "cancel");
  g_object_set_data_full (G_OBJECT (dialog), "entries", entries, g_free);
  g_signal_connect_swapped (entries->from, "changed", G_CALLBACK (on_entry_changed), dialog);
  g_signal_connect_swapped (entries->to, "changed", G_CALLBACK (on_entry_changed), dialog);
  g_signal_connect_object (dialog, "response", G_CALLBACK (on_response), self, 0);
  gtk_window_present (GTK_WINDOW (dialog));
  gtk_widget_grab_focus (GTK_WIDGET (entries->from));
}

void
stp_window_class_init_range (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.go-to-time", NULL, action_go_to_time);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_g, GDK_CONTROL_MASK, "win.go-to-time", NULL);
}
