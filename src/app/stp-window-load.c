/* stp-window-load.c: loading traces into the window, and what it shows
 * while they load
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One file, several side by side, a comparison, a file with its graph
 * or a re-analysis: each is a StpLoadTask on the worker, with its
 * progress in the loading page (or, over a trace already shown, in the
 * bar at the bottom), and ends in a new document for the session or an
 * error the window reports.
 */

#define G_LOG_DOMAIN "stp-window-load"

#include "config.h"

#include <glib/gi18n.h>

#include "stp-window-private.h"

static const char *
stage_label (const char *stage)
{
  if (g_strcmp0 (stage, "read") == 0)
    return _("Reading");
  if (g_strcmp0 (stage, "parse") == 0)
    return _("Parsing");
  if (g_strcmp0 (stage, "analyze") == 0)
    return _("Analyzing");
  if (g_strcmp0 (stage, "seal") == 0)
    return _("Nesting slices");
  if (g_strcmp0 (stage, "index") == 0)
    return _("Preparing the timeline");
  if (g_strcmp0 (stage, "compare") == 0)
    return _("Comparing");
  if (g_strcmp0 (stage, "merge") == 0)
    return _("Putting the traces together");
  return _("Loading");
}

/* ------------------------------------------------------------------ */
/* Progress                                                            */

static void
on_task_progress (StpLoadTask *task,
                  GParamSpec  *pspec,
                  StpWindow   *self)
{
  double fraction = stp_load_task_get_fraction (task);
  const char *stage = stage_label (stp_load_task_get_stage (task));
  g_autofree char *text = NULL;
  g_autofree char *which = NULL;
  guint n_files, file = stp_load_task_get_file_number (task, &n_files);

  if (task != self->task)
    return;

  /* Translators: which of several traces is being read */
  which = file > 0 ? g_strdup_printf (_("%s, trace %u of %u"), stage, file, n_files) : g_strdup (stage);
  if (fraction >= 0)
    text = g_strdup_printf ("%s — %.0f %%", which, fraction * 100);
  else
    text = g_steal_pointer (&which);

  gtk_progress_bar_set_text (self->loading_progress, text);
  if (fraction >= 0)
    {
      gtk_progress_bar_set_fraction (self->loading_progress, fraction);
      gtk_progress_bar_set_fraction (self->progress_bar, fraction);
    }
  else
    {
      gtk_progress_bar_pulse (self->loading_progress);
      gtk_progress_bar_pulse (self->progress_bar);
    }
  gtk_widget_set_tooltip_text (GTK_WIDGET (self->progress_bar), text);
}

/* "Loading “file”", or how many files. */
static char *
loading_title (StpWindow *self)
{
  g_autofree char *name = self->task_file ? stp_window_display_name (self->task_file) : NULL;
  guint n = self->task_files ? self->task_files->len : 1;

  if (n > 1)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Loading %u Trace", "Loading %u Traces", n), n);
  return name ? g_strdup_printf (_("Loading “%s”"), name) : g_strdup (_("Loading…"));
}

static void
set_loading_ui (StpWindow *self,
                gboolean   loading)
{
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-load", loading);

  if (!loading)
    {
      gtk_revealer_set_reveal_child (self->progress_revealer, FALSE);
      return;
    }

  gtk_progress_bar_set_fraction (self->loading_progress, 0);
  gtk_progress_bar_set_fraction (self->progress_bar, 0);
  gtk_progress_bar_set_text (self->loading_progress, stage_label (stp_load_task_get_stage (self->task)));

  if (stp_session_get_document (self->session) == NULL)
    {
      g_autofree char *title = loading_title (self);

      adw_status_page_set_title (self->loading_page, title);
      gtk_stack_set_visible_child_name (self->stack, "loading");
    }
  else
    {
      g_autofree char *text = self->task_file ? loading_title (self) : g_strdup (_("Analyzing…"));

      gtk_label_set_label (self->progress_label, text);
      gtk_revealer_set_reveal_child (self->progress_revealer, TRUE);
    }
}


/* ------------------------------------------------------------------ */
/* Results                                                             */

static void
add_recent (StpDocument *document)
{
  GPtrArray *files = stp_document_get_files (document);

  for (guint i = 0; i < files->len; i++)
    {
      g_autofree char *uri = g_file_get_uri (g_ptr_array_index (files, i));

      gtk_recent_manager_add_item (gtk_recent_manager_get_default (), uri);
    }
}

/* Traces of several that were left out: one toast names them all. */
static void
report_failures (StpWindow          *self,
                 const char * const *failures)
{
  guint n = g_strv_length ((char **) failures);
  g_autofree char *title = NULL;
  g_autofree char *message = NULL;

  if (n == 0)
    return;
  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u trace could not be opened",
                                        "%u traces could not be opened", n), n);
  message = g_strjoinv ("\n", (char **) failures);
  stp_window_report_error (self, title, message);
}

static void
on_task_done (GObject      *source,
              GAsyncResult *result,
              gpointer      user_data)
{
  g_autoptr(StpWindow) self = user_data;
  StpLoadTask *task = STP_LOAD_TASK (source);
  g_autoptr(StpDocument) document = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = NULL;
  gboolean reanalysis;
  guint32 node;

  document = stp_load_task_run_finish (task, result, &error);

  /* A newer task took over, or the window went away: drop this. */
  if (task != self->task)
    return;

  reanalysis = self->task_file == NULL;
  file = g_steal_pointer (&self->task_file);
  g_clear_pointer (&self->task_files, g_ptr_array_unref);
  g_signal_handlers_disconnect_by_func (task, on_task_progress, self);
  g_clear_object (&self->task);
  set_loading_ui (self, FALSE);
  stp_window_notify_loading (self);

  if (document != NULL)
    {
      g_clear_pointer (&self->error_message, g_free);
      /* Re-analysis makes new slices: keep the selected op by its node. */
      node = reanalysis ? stp_window_selected_node (self) : STP_INDEX_NONE;
      stp_session_set_document (self->session, document);
      if (node != STP_INDEX_NONE)
        {
          StpItemRef item;

          if (stp_links_get_node_slice (stp_document_get_links (document), node, &item))
            stp_timeline_view_select_item (self->timeline, &item, STP_REVEAL_NONE);
        }
      if (!reanalysis)
        add_recent (document);
      report_failures (self, stp_load_task_get_failures (task));
      return;
    }

  if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    {
      if (stp_session_get_document (self->session) == NULL)
        gtk_stack_set_visible_child_name (self->stack, "empty");
      return;
    }

  g_message ("%s", error->message);
  stp_window_show_error (self, reanalysis ? NULL : file, error);
}

/* files: what it loads, none for a re-analysis. */
static void
start_task (StpWindow     *self,
            StpLoadTask   *task,
            GFile * const *files,
            guint          n_files)
{
  GFile *first = n_files > 0 ? files[0] : NULL;

  stp_window_cancel_load (self);

  self->task = g_object_ref (task);
  g_set_object (&self->task_file, first);
  if (n_files > 0)
    {
      self->task_files = g_ptr_array_new_with_free_func (g_object_unref);
      for (guint i = 0; i < n_files; i++)
        g_ptr_array_add (self->task_files, g_object_ref (files[i]));
    }
  g_signal_connect (task, "notify::fraction", G_CALLBACK (on_task_progress), self);
  g_signal_connect (task, "notify::stage", G_CALLBACK (on_task_progress), self);

  set_loading_ui (self, TRUE);
  stp_window_notify_loading (self);

  stp_load_task_run_async (task, on_task_done, g_object_ref (self));
  stp_timeline_view_prepare (self->timeline);
}

void
stp_window_open (StpWindow *self,
                 GFile     *file)
{
  g_return_if_fail (STP_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));

  stp_window_open_files (self, &file, 1);
}

/* Several files, or folders of traces, as one trace (stp-merge.h): a
 * file that cannot be read is left out, and named in a toast. */
void
stp_window_open_files (StpWindow     *self,
                       GFile * const *files,
                       guint          n_files)
{
  stp_window_open_files_on_clock (self, files, n_files, STP_MERGE_CLOCK_AUTO);
}

/* The same, lined up as asked. */
void
stp_window_open_files_on_clock (StpWindow     *self,
                                GFile * const *files,
                                guint          n_files,
                                StpMergeClock  clock)
{
  g_autoptr(StpLoadTask) task = NULL;
  StpAnalysisOptions options;

  g_return_if_fail (STP_IS_WINDOW (self));
  g_return_if_fail (files != NULL && n_files > 0);

  stp_window_read_options (self, &options);
  task = stp_load_task_new_load_files (files, n_files, &options);
  stp_load_task_set_clock (task, clock);
  /* A graph goes with one StepStats. */
  if (n_files == 1)
    stp_window_keep_graph (self, task, files[0]);
  else
    g_clear_object (&self->graph_file);
  start_task (self, task, files, n_files);
}

/* baseline and other, one above the other with their first steps
 * lined up, and how they differ name by name in the drawer. */
void
stp_window_compare (StpWindow *self,
                    GFile     *baseline,
                    GFile     *other)
{
  g_autoptr(StpLoadTask) task = NULL;
  StpAnalysisOptions options;

  g_return_if_fail (STP_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (baseline) && G_IS_FILE (other));

  stp_window_read_options (self, &options);
  GFile *files[] = { baseline, other };

  task = stp_load_task_new_compare (baseline, other, &options);
  g_clear_object (&self->graph_file);
  start_task (self, task, files, 2);
}

/* Opens file with the GraphDef graph_file beside it (stp-window-graph.c):
 * tensor lifetimes from its graph. */
void
stp_window_open_with_graph (StpWindow *self,
                            GFile     *file,
                            GFile     *graph_file)
{
  g_autoptr(StpLoadTask) task = NULL;
  StpAnalysisOptions options;

  g_return_if_fail (STP_IS_WINDOW (self));
  g_return_if_fail (G_IS_FILE (file));
  g_return_if_fail (G_IS_FILE (graph_file));

  stp_window_read_options (self, &options);
  task = stp_load_task_new_load (file, &options);
  g_set_object (&self->graph_file, graph_file);
  stp_load_task_set_graph_file (task, graph_file);
  start_task (self, task, &file, 1);
}

void
stp_window_cancel_load (StpWindow *self)
{
  g_return_if_fail (STP_IS_WINDOW (self));

  if (self->task == NULL)
    return;

  /* Its result, when the thread notices, is dropped in on_task_done(). */
  stp_load_task_cancel (self->task);
  g_signal_handlers_disconnect_by_func (self->task, on_task_progress, self);
  g_clear_object (&self->task);
  g_clear_object (&self->task_file);
  g_clear_pointer (&self->task_files, g_ptr_array_unref);
  set_loading_ui (self, FALSE);
  if (stp_session_get_document (self->session) == NULL &&
      g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "loading") == 0)
    gtk_stack_set_visible_child_name (self->stack, "empty");
  stp_window_notify_loading (self);
}

/* StepStats options changed: re-run the analysis on what is loaded. */
void
stp_window_on_analysis_option_changed (StpWindow  *self,
                            const char *key)
{
  StpAnalysisOptions options;
  g_autoptr(StpLoadTask) task = NULL;

  if (self->task != NULL && self->task_files != NULL)
    {
      /* Files are loading: load them again with the new options. */
      g_autoptr(GPtrArray) files = g_ptr_array_ref (self->task_files);

      stp_window_open_files (self, (GFile **) files->pdata, files->len);
      return;
    }

  if (stp_window_get_trace (self) == NULL || !stp_trace_is_step_stats (stp_window_get_trace (self)))
    return;

  stp_window_read_options (self, &options);
  task = stp_load_task_new_reanalyze (stp_session_get_document (self->session), &options);
  start_task (self, task, NULL, 0);
}
