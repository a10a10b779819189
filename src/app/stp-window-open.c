/* stp-window-open.c: how a trace gets into the window
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Open dialog (Ctrl+O), a row of the start page's recent traces,
 * and files dropped on the window: each ends in stp_window_open_files().
 * Several files chosen or dropped at once open side by side in the
 * window; Add Traces (Ctrl+Shift+O) opens them beside what is shown,
 * and Align Traces at First Steps opens them again lined up otherwise.
 */

#define G_LOG_DOMAIN "stp-window-open"

#include "config.h"

#include <glib/gi18n.h>

#include "stp-window-private.h"

/* The files chosen; when adding, after those shown. */
static void
on_chooser_response (GtkNativeDialog *chooser,
                     int              response,
                     StpWindow       *self)
{
  gboolean adding = GPOINTER_TO_INT (g_object_get_data (G_OBJECT (chooser), "stp-adding"));
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GListModel) chosen = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    chosen = gtk_file_chooser_get_files (GTK_FILE_CHOOSER (chooser));
  g_object_unref (chooser);
  if (chosen == NULL || g_list_model_get_n_items (chosen) == 0)
    return;

  for (guint i = 0; i < g_list_model_get_n_items (chosen); i++)
    g_ptr_array_add (files, g_list_model_get_item (chosen, i));
  if (adding)
    stp_window_add_files (self, (GFile **) files->pdata, files->len);
  else
    stp_window_open_files (self, (GFile **) files->pdata, files->len);
}

/* More files beside those shown (all of them opened again, as one). */
void
stp_window_add_files (StpWindow     *self,
                      GFile * const *files,
                      guint          n_files)
{
  StpDocument *document = stp_session_get_document (self->session);
  g_autoptr(GPtrArray) all = g_ptr_array_new_with_free_func (g_object_unref);

  g_return_if_fail (STP_IS_WINDOW (self));

  if (document != NULL)
    {
      GPtrArray *shown = stp_document_get_files (document);

      for (guint i = 0; i < shown->len; i++)
        g_ptr_array_add (all, g_object_ref (g_ptr_array_index (shown, i)));
    }
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (all, g_object_ref (files[i]));
  if (all->len > 0)
    stp_window_open_files (self, (GFile **) all->pdata, all->len);
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
choose_traces (StpWindow *self,
               gboolean   adding)
{
  GtkFileChooserNative *chooser;
  static const char *const traces[] = {
    "*.json", "*.json.gz", "*.trace", "*.trace.gz", "*.pb", "*.pb.gz", "*.pbtxt",
    "*.xplane.pb", "run_meta*", "*.runmeta", "*.step_stats", NULL
  };
  static const char *const chrome[] = { "*.json", "*.json.gz", "*.trace", "*.trace.gz", NULL };
  static const char *const tensorflow[] = { "*.pb", "*.pb.gz", "*.pbtxt", "*.xplane.pb", "run_meta*", "*.runmeta", NULL };
  static const char *const all[] = { "*", NULL };

  chooser = gtk_file_chooser_native_new (adding ? _("Add Traces") : _("Open Traces"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN,
                                         adding ? _("_Add") : _("_Open"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  /* Several at once open side by side: the ranks of a job, two runs. */
  gtk_file_chooser_set_select_multiple (GTK_FILE_CHOOSER (chooser), TRUE);
  g_object_set_data (G_OBJECT (chooser), "stp-adding", GINT_TO_POINTER (adding));
  add_filter (GTK_FILE_CHOOSER (chooser), _("All Traces"), traces);
  add_filter (GTK_FILE_CHOOSER (chooser), _("Chrome Trace JSON"), chrome);
  add_filter (GTK_FILE_CHOOSER (chooser), _("TensorFlow (StepStats, RunMetadata, XSpace)"), tensorflow);
  /* StepStats files often have no extension at all. */
  add_filter (GTK_FILE_CHOOSER (chooser), _("All Files"), all);

  g_signal_connect (chooser, "response", G_CALLBACK (on_chooser_response), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
on_baseline_chosen (GtkNativeDialog *chooser,
                    int              response,
                    StpWindow       *self)
{
  g_autoptr(GFile) baseline = NULL;
  GFile *shown = stp_window_get_file (self);

  if (response == GTK_RESPONSE_ACCEPT)
    baseline = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_object_unref (chooser);
  if (baseline != NULL && shown != NULL)
    {
      g_autoptr(GFile) other = g_object_ref (shown);

      stp_window_compare (self, baseline, other);
    }
}

/* Compare With…: another trace is the baseline the one shown is
 * compared with. */
static void
action_compare_with (GtkWidget  *widget,
                     const char *name,
                     GVariant   *param)
{
  StpWindow *self = STP_WINDOW (widget);
  GtkFileChooserNative *chooser;

  if (stp_window_get_file (self) == NULL)
    return;
  chooser = gtk_file_chooser_native_new (_("Choose the Baseline"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Compare"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);
  g_signal_connect (chooser, "response", G_CALLBACK (on_baseline_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

static void
action_open (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  choose_traces (STP_WINDOW (widget), FALSE);
}

static void
action_add_traces (GtkWidget  *widget,
                   const char *name,
                   GVariant   *param)
{
  choose_traces (STP_WINDOW (widget), TRUE);
}

static gboolean
on_drop (GtkDropTarget *target,
         const GValue  *value,
         double         x,
         double         y,
         StpWindow     *self)
{
  g_autoptr(GPtrArray) array = g_ptr_array_new ();
  GSList *files;

  if (!G_VALUE_HOLDS (value, GDK_TYPE_FILE_LIST))
    return FALSE;

  files = gdk_file_list_get_files (g_value_get_boxed (value));
  if (files == NULL)
    return FALSE;

  /* Files and folders dropped together open together, side by side. */
  for (GSList *l = files; l != NULL; l = l->next)
    g_ptr_array_add (array, l->data);
  stp_window_open_files (self, (GFile **) array->pdata, array->len);
  g_slist_free (files);
  return TRUE;
}

/* Traces side by side on their common clock, or moved to line up their
 * first steps: opened again the other way. */
static void
on_align_change_state (GSimpleAction *action,
                       GVariant      *value,
                       gpointer       user_data)
{
  StpWindow *self = user_data;
  StpDocument *document = stp_session_get_document (self->session);
  GPtrArray *files;

  if (document == NULL || stp_document_is_comparison (document))
    return;
  files = stp_document_get_files (document);
  if (files->len < 2)
    return;
  g_simple_action_set_state (action, value);
  stp_window_open_files_on_clock (self, (GFile **) files->pdata, files->len,
                                  g_variant_get_boolean (value) ? STP_MERGE_CLOCK_FIRST_STEP
                                                                : STP_MERGE_CLOCK_COMMON);
}

/* The toggle says how the traces shown are lined up, and is there for
 * traces side by side only (a comparison is always lined up). */
static void
on_document_changed (StpWindow *self)
{
  GAction *action = g_action_map_lookup_action (G_ACTION_MAP (self), "align-first-steps");
  StpDocument *document = stp_session_get_document (self->session);
  StpTrace *trace = document != NULL ? stp_document_get_trace (document) : NULL;
  gboolean several = trace != NULL && trace->parts != NULL && !stp_document_is_comparison (document);

  g_simple_action_set_enabled (G_SIMPLE_ACTION (action), several);
  g_simple_action_set_state (G_SIMPLE_ACTION (action),
                             g_variant_new_boolean (trace != NULL && trace->parts_aligned));
}

void
stp_window_class_init_open (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.open", NULL, action_open);
  gtk_widget_class_install_action (widget_class, "win.open-uri", "s", action_open_uri);
  gtk_widget_class_install_action (widget_class, "win.add-traces", NULL, action_add_traces);
  gtk_widget_class_install_action (widget_class, "win.compare-with", NULL, action_compare_with);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_o, GDK_CONTROL_MASK, "win.open", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_O, GDK_CONTROL_MASK | GDK_SHIFT_MASK,
                                       "win.add-traces", NULL);
}

void
stp_window_init_open (StpWindow *self)
{
  GtkDropTarget *target = gtk_drop_target_new (GDK_TYPE_FILE_LIST, GDK_ACTION_COPY);

  g_autoptr(GSimpleAction) align = g_simple_action_new_stateful ("align-first-steps", NULL,
                                                                g_variant_new_boolean (FALSE));

  g_signal_connect (target, "drop", G_CALLBACK (on_drop), self);
  gtk_widget_add_controller (GTK_WIDGET (self), GTK_EVENT_CONTROLLER (target));

  g_signal_connect (align, "change-state", G_CALLBACK (on_align_change_state), self);
  g_simple_action_set_enabled (align, FALSE);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (align));
  g_signal_connect_object (self->session, "notify::document", G_CALLBACK (on_document_changed),
                           self, G_CONNECT_SWAPPED);
}
