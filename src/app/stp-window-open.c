/* stp-window-open.c: how a trace gets into the window
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Open dialog (Ctrl+O), a row of the start page's recent traces,
 * and files dropped on the window: each ends in stp_window_open().
 */

#define G_LOG_DOMAIN "stp-window-open"

#include "config.h"

#include <glib/gi18n.h>

#include "stp-window-private.h"

static void
on_chooser_response (GtkNativeDialog *chooser,
                     int              response,
                     StpWindow       *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (file != NULL)
        stp_window_open (self, file);
    }
  g_object_unref (chooser);
}

static void
add_filter (GtkFileChooser *chooser,
            const char     *name,
            const char     *const *patterns)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  for (guint i = 0; patterns[i] != NULL; i++)
    gtk_file_filter_add_pattern (filter, patterns[i]);
  gtk_file_chooser_add_filter (chooser, filter);
}

/* A trace from the start page's recent list. */
static void
action_open_uri (GtkWidget  *widget,
                 const char *name,
                 GVariant   *param)
{
  g_autoptr(GFile) file = g_file_new_for_uri (g_variant_get_string (param, NULL));

  stp_window_open (STP_WINDOW (widget), file);
}

static void
action_open (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  StpWindow *self = STP_WINDOW (widget);
  GtkFileChooserNative *chooser;
  static const char *const traces[] = {
    "*.json", "*.json.gz", "*.trace", "*.trace.gz", "*.pb", "*.pb.gz", "*.pbtxt",
    "*.xplane.pb", "run_meta*", "*.runmeta", "*.step_stats", NULL
  };
  static const char *const chrome[] = { "*.json", "*.json.gz", "*.trace", "*.trace.gz", NULL };
  static const char *const tensorflow[] = { "*.pb", "*.pb.gz", "*.pbtxt", "*.xplane.pb", "run_meta*", "*.runmeta", NULL };
  static const char *const all[] = { "*", NULL };

  chooser = gtk_file_chooser_native_new (_("Open Trace"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  add_filter (GTK_FILE_CHOOSER (chooser), _("All Traces"), traces);
  add_filter (GTK_FILE_CHOOSER (chooser), _("Chrome Trace JSON"), chrome);
  add_filter (GTK_FILE_CHOOSER (chooser), _("TensorFlow (StepStats, RunMetadata, XSpace)"), tensorflow);
  /* StepStats files often have no extension at all. */
  add_filter (GTK_FILE_CHOOSER (chooser), _("All Files"), all);

  g_signal_connect (chooser, "response", G_CALLBACK (on_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         StpWindow     *self)
{
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;

  files = gdk_file_list_get_files (g_value_get_boxed (value));
  if (files == NULL)
    return FALSE;

  /* The first here, any others each in a window of their own. */
  stp_window_open (self, files->data);
  if (files->next != NULL)
    {
      GPtrArray *rest = g_ptr_array_new ();

      for (GSList *l = files->next; l != NULL; l = l->next)
        g_ptr_array_add (rest, l->data);
      g_application_open (G_APPLICATION (gtk_window_get_application (GTK_WINDOW (self))),
                          (GFile **) rest->pdata, rest->len, "");
      g_ptr_array_unref (rest);
    }
  g_slist_free (files);
  return TRUE;
}

void
stp_window_class_init_open (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.open", NULL, action_open);
  gtk_widget_class_install_action (widget_class, "win.open-uri", "s", action_open_uri);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
}

void
stp_window_init_open (StpWindow *self)
{
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_signal_connect (target, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));
}
