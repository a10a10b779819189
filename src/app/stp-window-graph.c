/* stp-window-graph.c: a TensorFlow GraphDef beside a StepStats
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `stepscope run_meta graph.pbtxt` and "Add Graph…" load a StepStats
 * with a GraphDef, whose graph then gives the tensors' lifetimes (see
 * src/core/formats/step-stats/stp-step-stats-lifetimes.c; the "tensor-lifetimes" setting picks
 * it or timeline.py's labels).  The graph stays with its file across
 * reloads and re-analyses, and goes when another file is opened.
 */

#define G_LOG_DOMAIN "stp-window-graph"

#include "config.h"

#include <glib/gi18n.h>

#include "stp-window-private.h"

/* Called by stp_window_open(): the same file again (a reload, new
 * options while it loads) keeps its graph; another file drops it. */
void
stp_window_keep_graph (StpWindow   *self,
                       StpLoadTask *task,
                       GFile       *file)
{
  if (self->graph_file == NULL)
    return;

  if ((stp_window_get_file (self) != NULL && g_file_equal (file, stp_window_get_file (self))) ||
      (self->task_file != NULL && g_file_equal (file, self->task_file)))
    stp_load_task_set_graph_file (task, self->graph_file);
  else
    g_clear_object (&self->graph_file);
}

static void
on_graph_chosen (GtkNativeDialog *chooser,
                 int              response,
                 StpWindow       *self)
{
  g_autoptr(GFile) graph = NULL;

  if (response == GTK_RESPONSE_ACCEPT)
    graph = gtk_file_chooser_get_file (GTK_FILE_CHOOSER (chooser));
  g_object_unref (chooser);

  if (graph == NULL)
    return;

  /* Loading: start again with the graph.  Loaded: load the file again
   * with it (the graph is read on the worker thread, with the trace). */
  if (self->task != NULL && self->task_file != NULL)
    stp_window_open_with_graph (self, self->task_file, graph);
  else if (stp_window_get_trace (self) != NULL && stp_trace_is_step_stats (stp_window_get_trace (self)))
    stp_window_open_with_graph (self, stp_window_get_file (self), graph);
  else
    stp_window_toast (self, _("A graph goes with a TensorFlow StepStats or RunMetadata: open one first"));
}

static void
action_add_graph (GtkWidget  *widget,
                  const char *name,
                  GVariant   *param)
{
  StpWindow *self = STP_WINDOW (widget);
  GtkFileChooserNative *chooser;
  g_autoptr(GtkFileFilter) graphs = gtk_file_filter_new ();
  g_autoptr(GtkFileFilter) all = gtk_file_filter_new ();

  chooser = gtk_file_chooser_native_new (_("Add Graph"), GTK_WINDOW (self),
                                         GTK_FILE_CHOOSER_ACTION_OPEN, _("_Add"), _("_Cancel"));
  gtk_native_dialog_set_modal (GTK_NATIVE_DIALOG (chooser), TRUE);

  gtk_file_filter_set_name (graphs, _("TensorFlow GraphDef"));
  gtk_file_filter_add_pattern (graphs, "*.pbtxt");
  gtk_file_filter_add_pattern (graphs, "*.pb");
  gtk_file_filter_add_pattern (graphs, "*.pbtxt.gz");
  gtk_file_filter_add_pattern (graphs, "*.pb.gz");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), graphs);
  gtk_file_filter_set_name (all, _("All Files"));
  gtk_file_filter_add_pattern (all, "*");
  gtk_file_chooser_add_filter (GTK_FILE_CHOOSER (chooser), all);

  g_signal_connect (chooser, "response", G_CALLBACK (on_graph_chosen), self);
  gtk_native_dialog_show (GTK_NATIVE_DIALOG (chooser));
}

void
stp_window_class_init_graph (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.add-graph", NULL, action_add_graph);
}
