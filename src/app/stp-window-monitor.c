/* stp-window-monitor.c: noticing that the open file changed on disk
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A trace being rewritten (a profiler still running, a new step saved
 * over the old one) is never re-read behind the user's back: what is
 * shown stays as it was loaded, and a toast says the file changed, with
 * a Reload button (win.reload) that opens it again like any other load:
 * a reload that fails or is cancelled leaves the shown trace in place.
 * (A plain Chrome JSON trace's args are read from the file when shown:
 * rewritten in place, the details say they are gone.)
 */

#define G_LOG_DOMAIN "stp-window"

#include "config.h"

#include <glib/gi18n.h>

#include "stp-window-private.h"

static void
on_toast_dismissed (AdwToast  *toast,
                    StpWindow *self)
{
  if (self->changed_toast == toast)
    self->changed_toast = NULL;
}

static void
show_notice (StpWindow *self,
             gboolean   exists)
{
  g_autofree char *name = g_file_get_basename (stp_window_get_file (self));
  g_autofree char *title = NULL;
  g_autofree char *markup = NULL;
  AdwToast *toast;

  if (exists)
    /* Translators: a toast when the open trace file was rewritten */
    title = g_strdup_printf (_("“%s” changed on disk"), name);
  else
    /* Translators: a toast when the open trace file was deleted or moved away */
    title = g_strdup_printf (_("“%s” was removed from disk"), name);
  markup = g_markup_escape_text (title, -1);

  /* One notice at a time: the latest state of the file. */
  if (self->changed_toast != NULL)
    adw_toast_dismiss (self->changed_toast);

  toast = adw_toast_new (markup);
  adw_toast_set_timeout (toast, 0);
  adw_toast_set_priority (toast, ADW_TOAST_PRIORITY_HIGH);
  if (exists)
    {
      adw_toast_set_button_label (toast, _("_Reload"));
      adw_toast_set_action_name (toast, "win.reload");
    }
  g_signal_connect_object (toast, "dismissed", G_CALLBACK (on_toast_dismissed), self, 0);
  self->changed_toast = toast;
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

static void
on_file_changed (GFileMonitor      *monitor,
                 GFile             *file,
                 GFile             *other,
                 GFileMonitorEvent  event,
                 StpWindow         *self)
{
  switch (event)
    {
    /* A write is done (CHANGED events come while it goes on). */
    case G_FILE_MONITOR_EVENT_CHANGES_DONE_HINT:
    /* Replaced by another file, as editors and g_file_set_contents() do. */
    case G_FILE_MONITOR_EVENT_CREATED:
    case G_FILE_MONITOR_EVENT_MOVED_IN:
    case G_FILE_MONITOR_EVENT_RENAMED:
    case G_FILE_MONITOR_EVENT_DELETED:
    case G_FILE_MONITOR_EVENT_MOVED_OUT:
      if (stp_window_get_file (self) != NULL)
        show_notice (self, g_file_query_exists (stp_window_get_file (self), NULL));
      break;

    case G_FILE_MONITOR_EVENT_CHANGED:
    case G_FILE_MONITOR_EVENT_ATTRIBUTE_CHANGED:
    case G_FILE_MONITOR_EVENT_PRE_UNMOUNT:
    case G_FILE_MONITOR_EVENT_UNMOUNTED:
    case G_FILE_MONITOR_EVENT_MOVED:
    default:
      break;
    }
}

void
stp_window_watch_file (StpWindow *self)
{
  g_autoptr(GError) error = NULL;

  stp_window_unwatch_file (self);
  if (stp_window_get_file (self) == NULL)
    return;

  /* WATCH_MOVES: a file saved over ours by a rename is one RENAMED
   * event (or MOVED_IN) rather than a DELETED and a CREATED. */
  self->monitor = g_file_monitor_file (stp_window_get_file (self), G_FILE_MONITOR_WATCH_MOVES, NULL, &error);
  if (self->monitor == NULL)
    {
      /* Some file systems cannot be watched: not worth bothering anyone. */
      g_debug ("Cannot watch %s: %s", g_file_peek_path (stp_window_get_file (self)), error->message);
      return;
    }
  g_signal_connect_object (self->monitor, "changed", G_CALLBACK (on_file_changed), self, 0);
}

void
stp_window_unwatch_file (StpWindow *self)
{
  if (self->monitor != NULL)
    {
      g_signal_handlers_disconnect_by_func (self->monitor, on_file_changed, self);
      g_file_monitor_cancel (self->monitor);
      g_clear_object (&self->monitor);
    }
  if (self->changed_toast != NULL)
    adw_toast_dismiss (self->changed_toast);
  self->changed_toast = NULL;
}

const char *
stp_window_get_file_notice (StpWindow *self)
{
  g_return_val_if_fail (STP_IS_WINDOW (self), NULL);

  return self->changed_toast != NULL ? adw_toast_get_title (self->changed_toast) : NULL;
}

static void
reload_action (GtkWidget  *widget,
               const char *action_name,
               GVariant   *parameter)
{
  StpWindow *self = STP_WINDOW (widget);
  GPtrArray *files;

  if (stp_window_get_file (self) == NULL)
    return;
  if (self->changed_toast != NULL)
    adw_toast_dismiss (self->changed_toast);
  files = stp_document_get_files (stp_session_get_document (self->session));
  if (stp_document_is_comparison (stp_session_get_document (self->session)))
    stp_window_compare (self, files->pdata[0], files->pdata[1]);
  else
    stp_window_open_files_on_clock (self, (GFile **) files->pdata, files->len,
                                    stp_document_get_clock (stp_session_get_document (self->session)));
}

void
stp_window_class_init_monitor (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.reload", NULL, reload_action);
}
