/* stp-window-export.c: exporting Chrome Trace JSON and images
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Both go through GtkFileChooserNative (GTK 4 confirms overwriting).
 * JSON streams on a worker thread with progress in an OSD bar and can be
 * cancelled; the writer replaces the file only on success.  Images are
 * one frame of the same renderer as the window, drawn on the main thread
 * (a frame is milliseconds) onto an image, SVG or PDF surface.
 */

#define G_LOG_DOMAIN "stp-window-export"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "stp-render-export.h"
#include "stp-window-private.h"

void
stp_window_update_export_actions (StpWindow *self)
{
  gboolean loaded = stp_window_get_trace (self) != NULL;

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-json", loaded && self->export_task == NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.export-image", loaded);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-export", self->export_task != NULL);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.find", loaded);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-peaks", loaded);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.go-to-time", loaded);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-info", loaded);
}

/* "run_meta.pb" -> "run_meta.<ext>", never the input's own name. */
static char *
suggested_name (StpWindow  *self,
                const char *extension)
{
  g_autofree char *base = stp_window_get_file (self) ? g_file_get_basename (stp_window_get_file (self)) : g_strdup ("trace");
  g_autofree char *stem = NULL;
  char *dot;

  if (g_str_has_suffix (base, ".gz"))
    base[strlen (base) - 3] = '\0';
  stem = g_strdup (base);
  if ((dot = strrchr (stem, '.')) != NULL && dot != stem)
    *dot = '\0';

  if (g_strcmp0 (extension, "json") == 0 && stp_window_get_file (self) != NULL)
    {
      g_autofree char *plain = g_strdup_printf ("%s.%s", stem, extension);
      g_autofree char *original = g_file_get_basename (stp_window_get_file (self));

      if (g_str_equal (plain, original))
        return g_strdup_printf ("%s-export.%s", stem, extension);
    }
  return g_strdup_printf ("%s.%s", stem, extension);
}

static void
set_folder (StpWindow      *self,
            GtkFileChooser *chooser)
{
  g_autoptr(GFile) parent = stp_window_get_file (self) ? g_file_get_parent (stp_window_get_file (self)) : NULL;

  if (parent != NULL)
    gtk_file_chooser_set_current_folder (chooser, parent, NULL);
}

/* ------------------------------------------------------------------ */
/* Chrome Trace JSON                                                   */

static void
on_export_progress (StpExportTask *task,
                    GParamSpec    *pspec,
                    StpWindow     *self)
{
  double fraction = stp_export_task_get_fraction (task);

  if (task != self->export_task)
    return;
  if (fraction >= 0)
    gtk_progress_bar_set_fraction (self->export_bar, fraction);
  else
    gtk_progress_bar_pulse (self->export_bar);
}

static void
on_export_done (GObject      *source,
                GAsyncResult *result,
                gpointer      user_data)
{
  g_autoptr(StpWindow) self = user_data;
  StpExportTask *task = STP_EXPORT_TASK (source);
  g_autoptr(GError) error = NULL;
  g_autofree char *name = stp_window_display_name (stp_export_task_get_file (task));

  if (task != self->export_task)
    return;

  g_clear_pointer (&self->export_error, g_free);
  if (!stp_export_task_run_finish (task, result, &error))
    {
      if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        {
          g_autofree char *title = g_strdup_printf (_("Could Not Export “%s”"), name);

          self->export_error = g_strdup (error->message);
          stp_window_report_error (self, title, error->message);
        }
      else
        self->export_error = g_strdup (error->message);
    }
  else
    {
      /* Translators: a file was written */
      g_autofree char *title = g_strdup_printf (_("Exported “%s”"), name);

      stp_window_toast (self, title);
    }

  g_signal_handlers_disconnect_by_func (task, on_export_progress, self);
  g_clear_object (&self->export_task);
  gtk_revealer_set_reveal_child (self->export_revealer, FALSE);
  stp_window_update_export_actions (self);
}

void
stp_window_export_json (StpWindow *self,
                        GFile     *file)
{
  StpTrace *trace;
  g_autofree char *name = NULL;
  g_autofree char *text = NULL;

  g_return_if_fail (STP_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  trace = stp_window_get_trace (self);
  if (trace == NULL || self->export_task != NULL)
    return;

  name = stp_window_display_name (file);
  /* Translators: shown while a file is written */
  text = g_strdup_printf (_("Exporting “%s”"), name);
  gtk_label_set_label (self->export_label, text);
  gtk_progress_bar_set_fraction (self->export_bar, 0);
  gtk_revealer_set_reveal_child (self->export_revealer, TRUE);
  g_clear_pointer (&self->export_error, g_free);

  self->export_task = stp_export_task_new (trace, file);
  g_signal_connect (self->export_task, "notify::fraction", G_CALLBACK (on_export_progress), self);
  stp_window_update_export_actions (self);
  stp_export_task_run_async (self->export_task, on_export_done, g_object_ref (self));
}

gboolean
stp_window_get_exporting (StpWindow *self)
{
  g_return_val_if_fail (STP_IS_WINDOW (self), FALSE);
  return self->export_task != NULL;
}

const char *
stp_window_get_export_error (StpWindow *self)
{
  g_return_val_if_fail (STP_IS_WINDOW (self), NULL);
  return self->export_error;
}

static void
on_json_chooser_response (GtkNativeDialog *chooser,
                          int              response,
                          StpWindow       *self)
{
  if (response == GTK_RESPONSE_ACCEPT)
    {
      g_autoptr(GFile) file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));

      if (file != NULL)
        stp_window_export_json (self, file);
    }
  g_object_unref (chooser);
}

static void
action_export_json (GtkWidget  *widget,
                    const char *name,
                    GVariant   *param)
{
  StpWindow *self = STP_WINDOW (widget);
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();
  g_autofree char *suggested = suggested_name (self, "json");

  chooser = gtk_file_chooser_native_new (_("Export Chrome Trace JSON"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  gtk_file_filter_set_name (filter, _("Chrome Trace JSON"));
  gtk_file_filter_add_pattern (filter, "*.json");
  gtk_file_filter_add_mime_type (filter, "application/json");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), filter);
  set_folder (self, GTK_FILE_CHOOSER (chooser));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), suggested);

  g_signal_connect (chooser, "response", G_CALLBACK (on_json_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
action_cancel_export (GtkWidget  *widget,
                      const char *name,
                      GVariant   *param)
{
  StpWindow *self = STP_WINDOW (widget);

  if (self->export_task != NULL)
    stp_export_task_cancel (self->export_task);
}

/* ------------------------------------------------------------------ */
/* Images                                                              */

/* The time the selection spans: a range, an area or an item. */
static gboolean
selection_range (StpWindow *self,
                 gint64    *start,
                 gint64    *end)
{
  StpTrace *trace = stp_window_get_trace (self);
  const StpItemRef *item = stp_timeline_view_get_selected_item (self->timeline);

  if (stp_timeline_view_get_selection (self->timeline, start, end))
    return TRUE;
  if (trace != NULL && item->kind != STP_ITEM_NONE && stp_item_get_range (trace, item, start, end))
    {
      /* A little room on both sides, so the item reads in context. */
      gint64 pad = MAX ((*end - *start) / 10, 1000);

      *start -= pad;
      *end += pad;
      return TRUE;
    }
  return FALSE;
}

gboolean
stp_window_export_image (StpWindow  *self,
                         GFile      *file,
                         gboolean    selection,
                         GError    **error)
{
  gint64 start = 0, end = 0;

  g_return_val_if_fail (STP_IS_WINDOW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (selection && !selection_range (self, &start, &end))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT, _("Nothing is selected"));
      return FALSE;
    }
  return stp_timeline_view_export_image (self->timeline, file, start, end, error);
}

static void
on_image_chooser_response (GtkNativeDialog *chooser,
                           int              response,
                           StpWindow       *self)
{
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *basename = NULL;
  g_autofree char *display = NULL;
  const char *range;
  StpImageFormat format;

  if (response != GTK_RESPONSE_ACCEPT || (file = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser))) == NULL)
    {
      g_object_unref (chooser);
      return;
    }

  /* No extension: the one of the chosen file type. */
  basename = g_file_get_basename (file);
  if (!stp_image_format_from_name (basename, &format))
    {
      GtkFileFilter *filter = gtk_file_chooser_get_filter (GTK_FILE_CHOOSER (chooser));
      g_autofree char *named = NULL;
      g_autoptr(GFile) parent = g_file_get_parent (file);

      format = filter ? GPOINTER_TO_INT (g_object_get_data (G_OBJECT (filter), "format")) : STP_IMAGE_PNG;
      named = g_strdup_printf ("%s.%s", basename, stp_image_format_to_extension (format));
      g_set_object (&file, g_file_get_child (parent, named));
    }

  range = gtk_file_chooser_get_choice (GTK_FILE_CHOOSER (chooser), "range");
  display = stp_window_display_name (file);
  if (stp_window_export_image (self, file, g_strcmp0 (range, "selection") == 0, &error))
    {
      g_autofree char *title = g_strdup_printf (_("Exported “%s”"), display);

      stp_window_toast (self, title);
    }
  else
    {
      g_autofree char *title = g_strdup_printf (_("Could Not Export “%s”"), display);

      stp_window_report_error (self, title, error->message);
    }
  g_object_unref (chooser);
}

static void
add_image_filter (GtkFileChooser *chooser,
                  const char     *name,
                  const char     *mime_type,
                  const char     *pattern,
                  StpImageFormat  format)
{
  g_autoptr(GtkFileFilter) filter = gtk_file_filter_new ();

  gtk_file_filter_set_name (filter, name);
  gtk_file_filter_add_mime_type (filter, mime_type);
  gtk_file_filter_add_pattern (filter, pattern);
  g_object_set_data (G_OBJECT (filter), "format", GINT_TO_POINTER (format));
  gtk_file_chooser_add_filter (chooser, filter);
}

static void
action_export_image (GtkWidget  *widget,
                     const char *name,
                     GVariant   *param)
{
  StpWindow *self = STP_WINDOW (widget);
  GtkFileChooserNative *chooser;
  g_autofree char *suggested = suggested_name (self, "png");
  gint64 start, end;

  chooser = gtk_file_chooser_native_new (_("Export Image"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_SAVE, _("_Export"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  add_image_filter (GTK_FILE_CHOOSER (chooser), _("PNG Image"), "image/png", "*.png", STP_IMAGE_PNG);
  add_image_filter (GTK_FILE_CHOOSER (chooser), _("SVG Image"), "image/svg+xml", "*.svg", STP_IMAGE_SVG);
  add_image_filter (GTK_FILE_CHOOSER (chooser), _("PDF Document"), "application/pdf", "*.pdf", STP_IMAGE_PDF);

  if (selection_range (self, &start, &end))
    {
      static const char *ids[] = { "visible", "selection", NULL };
      const char *labels[] = { _("What Is Shown"), _("The Selected Range"), NULL };

      gtk_file_chooser_add_choice (GTK_FILE_CHOOSER (chooser), "range", _("Export"), ids, labels);
      gtk_file_chooser_set_choice (GTK_FILE_CHOOSER (chooser), "range", "visible");
    }

  set_folder (self, GTK_FILE_CHOOSER (chooser));
  gtk_file_chooser_set_current_name (GTK_FILE_CHOOSER (chooser), suggested);
  g_signal_connect (chooser, "response", G_CALLBACK (on_image_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

void
stp_window_class_init_export (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.export-json", NULL, action_export_json);
  gtk_widget_class_install_action (widget_class, "win.export-image", NULL, action_export_image);
  gtk_widget_class_install_action (widget_class, "win.cancel-export", NULL, action_cancel_export);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_e, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.export-json", NULL);
}
