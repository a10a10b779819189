/* stp-summary-view.c: the tfprof-style summary of the trace or a range
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * stp_summary_new() by op type, scope or device runs on a worker thread
 * while the view is on screen; a newer request (another trace, range or
 * grouping) cancels the running one, and range changes wait a moment so
 * a drag on the ruler computes once it settles.  One GtkColumnView shows
 * every grouping: its model is a GtkTreeListModel (scope rows expand to
 * their children, op and device rows have none) sorted per level by a
 * GtkTreeListRowSorter around the column view's sorter, so every column
 * sorts (stp-summary-columns.c).  The cumulative share follows the order
 * shown.  Selecting a row (a click, the arrow keys) collects its slices
 * (stp_summary_collect(), on a thread too) and hands them to the window
 * in ::mark-slices; activating it (Enter) does so again.
 */

#define G_LOG_DOMAIN "stp-summary-view"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <string.h>

#include "stp-render-view.h"
#include "stp-summary-columns.h"
#include "stp-loader.h"
#include "stp-worker.h"

/* A range change waits this long for the next one (a ruler drag). */
#define RANGE_DELAY_MS 150

struct _StpSummaryView
{
  GtkWidget            parent_instance;

  /* Template */
  GtkWidget           *box;
  GtkWidget           *by_op;
  GtkWidget           *by_scope;
  GtkWidget           *by_device;
  GtkWidget           *by_trace;      /* shown with several traces side by side */
  GtkWidget           *by_buttons[STP_SUMMARY_BY_TRACE + 1];   /* the four, by StpSummaryBy */
  GtkWidget           *info;
  GtkWidget           *hint;
  GtkWidget           *spinner;
  GtkWidget           *content;
  GtkWidget           *empty;
  GtkWidget           *view;
  GtkColumnViewColumn *columns[STP_SUMMARY_N_COLUMNS];
  GtkColumnViewColumn *scope_column;
  GListStore          *roots;
  GtkTreeListModel    *tree;
  GtkSortListModel    *sorted;
  GtkSelectionModel   *selection;
  StpSummaryItem      *marked_item;   /* whose slices were last marked */

  StpSession          *session;
  StpTrace            *trace;      /* the session's document's */
  StpSummaryBy         by;
  gint64               start;
  gint64               end;
  StpSummaryData      *data;          /* what is shown */

  gboolean             dirty;         /* the request changed since the last result */
  guint                update_source;
  StpWorker            summarizer;    /* sums up the trace or range */
  StpWorker            collector;     /* finds a row's slices, to mark them */
};

enum {
  PROP_0,
  PROP_SESSION,
  PROP_BY,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  MARK_SLICES,
  CLOSE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (StpSummaryView, stp_summary_view, GTK_TYPE_WIDGET)

static void
on_sorted_items_changed (GListModel     *model,
                         guint           position,
                         guint           removed,
                         guint           added,
                         StpSummaryView *self)
{
  if (self->data != NULL)
    stp_summary_item_update_cumulative (model, self->data->summary);
}

/* ------------------------------------------------------------------ */
/* Showing a result                                                    */

static void
update_columns (StpSummaryView *self)
{
  const StpSummary *summary = self->data->summary;
  gboolean scope = summary->by == STP_SUMMARY_BY_SCOPE;

  gtk_column_view_column_set_visible (self->columns[STP_SUMMARY_COLUMN_NAME], !scope);
  gtk_column_view_column_set_visible (self->scope_column, scope);
  gtk_column_view_column_set_title (self->columns[STP_SUMMARY_COLUMN_NAME],
                                    stp_summary_column_title (STP_SUMMARY_COLUMN_NAME, summary->by));
  gtk_column_view_column_set_title (self->columns[STP_SUMMARY_COLUMN_TIME],
                                    stp_summary_column_title (STP_SUMMARY_COLUMN_TIME, summary->by));
  gtk_column_view_column_set_visible (self->columns[STP_SUMMARY_COLUMN_CUMULATIVE], !scope);
  gtk_column_view_column_set_visible (self->columns[STP_SUMMARY_COLUMN_AVERAGE],
                                      stp_summary_by_has_average (summary->by));
  gtk_column_view_column_set_visible (self->columns[STP_SUMMARY_COLUMN_ACCELERATOR], summary->has_device_split);
  gtk_column_view_column_set_visible (self->columns[STP_SUMMARY_COLUMN_CPU], summary->has_device_split);
}

static char *
relative_time (StpSummaryView *self,
               gint64          ts)
{
  g_autofree char *offset = stp_format_duration (ts - self->trace->start_ts);

  return g_strdup_printf ("+%s", offset);
}

/* What the summary counts, for the headline's tooltip: the title's
 * slice count is every slice, the summary's only these. */
static const char *
counted_what (const StpTrace *trace)
{
  if (trace->format == STP_FORMAT_XSPACE)
    return _("Counted: the events of device planes and the TensorFlow or JAX ops of host planes.\n"
             "The profiler’s derived lines (Steps, XLA Modules, TensorFlow Ops), other host events\n"
             "and instants are not counted, so there are fewer than the title’s slices.");
  if (stp_trace_is_step_stats (trace))
    return _("Counted: the ops, and the GPU kernels of “stream:all” devices.\n"
             "Numbered streams and memcpy devices repeat those kernels and are not counted,\n"
             "nor are derived slices.");
  return _("Counted: every slice; instants are not.");
}

static void
update_info (StpSummaryView *self)
{
  const StpSummary *summary = self->data->summary;
  g_autofree char *range = NULL;
  g_autofree char *wall = stp_format_duration (summary->wall_time);
  g_autofree char *busy = stp_format_duration (summary->busy_time);
  g_autofree char *total = stp_format_duration (summary->total_time);
  g_autofree char *self_time = stp_format_duration (summary->self_time);
  g_autofree char *amount = NULL;
  g_autofree char *counted = NULL;
  g_autofree char *text = NULL;
  g_autofree char *tooltip = NULL;
  guint n = (guint) MIN (summary->n_slices, G_MAXUINT);
  guint all = stp_trace_count_slices (self->trace);

  if (summary->start == G_MININT64 && summary->end == G_MAXINT64)
    range = g_strdup (_("Whole trace"));
  else
    {
      g_autofree char *from = relative_time (self, summary->start);
      g_autofree char *to = relative_time (self, summary->end);

      /* Translators: a time range from the trace start, e.g. “From +1.20 ms to +3.40 ms” */
      range = g_strdup_printf (_("From %s to %s"), from, to);
    }

  if (n != all && summary->start == G_MININT64 && summary->end == G_MAXINT64)
    /* Translators: slices the summary counts of all the trace's slices */
    counted = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u of %u slice counted", "%u of %u slices counted", all), n, all);
  else
    counted = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u slice", "%u slices", n), n);

  /* Translators: the range's wall span, its busy time (union of the
   * slices), the counted slices, their summed time and summed self time */
  amount = g_strdup_printf (_("%s wall · %s busy · %s: %s summed, %s self"), wall, busy, counted, total, self_time);
  if (summary->has_device_split && summary->total_time > 0)
    {
      g_autofree char *accel = stp_format_duration (summary->accelerator_time);
      g_autofree char *cpu = stp_format_duration (summary->cpu_time);

      /* Translators: the summed time on accelerators (GPUs, TPUs) and on CPUs */
      text = g_strdup_printf (_("%s · %s · accelerator %s, CPU %s"), range, amount, accel, cpu);
    }
  else
    text = g_strdup_printf ("%s · %s", range, amount);

  tooltip = g_strdup_printf ("%s\n\n%s\n%s\n%s\n%s\n%s\n\n%s", text,
                             _("Wall: the span of the range."),
                             _("Busy: the time at least one counted slice runs; overlaps count once."),
                             _("Summed: every slice’s duration added; a nested slice counts again inside its parent."),
                             _("Self: summed time without the nested slices."),
                             stp_summary_by_is_busy_time (summary->by)
                             ? _("A device’s (or trace’s) time is its threads’ busy time, added over its threads; nested slices count once.")
                             : _("A row’s time is its slices’ durations added."),
                             counted_what (self->trace));
  gtk_label_set_label (GTK_LABEL (self->info), text);
  gtk_widget_set_tooltip_text (self->info, tooltip);
}

static void
update_empty (StpSummaryView *self)
{
  const StpSummary *summary = self->data->summary;
  gboolean whole = summary->start == G_MININT64 && summary->end == G_MAXINT64;

  if (summary->rows->len > 0)
    {
      gtk_stack_set_visible_child_name (GTK_STACK (self->content), "table");
      return;
    }
  adw_status_page_set_title (ADW_STATUS_PAGE (self->empty),
                             whole ? _("Nothing to Sum Up") : _("Nothing in This Range"));
  adw_status_page_set_description (ADW_STATUS_PAGE (self->empty),
                                   whole ? _("The trace has no ops or slices that count.")
                                         : _("No op ran in the selected range. Select another range, or press Escape for the whole trace."));
  gtk_stack_set_visible_child_name (GTK_STACK (self->content), "empty");
}

/* The spinner turns while anything is pending or running. */
static void
update_spinner (StpSummaryView *self)
{
  gboolean busy = stp_summary_view_is_busy (self);

  gtk_widget_set_visible (self->spinner, busy);
  if (busy)
    gtk_spinner_start (GTK_SPINNER (self->spinner));
  else
    gtk_spinner_stop (GTK_SPINNER (self->spinner));
}

static void
show_summary (StpSummaryView *self,
              StpSummary     *summary)
{
  g_autoptr(GPtrArray) items = g_ptr_array_new_with_free_func (g_object_unref);

  g_clear_object (&self->marked_item);
  g_clear_pointer (&self->data, stp_summary_data_unref);
  self->data = stp_summary_data_new (summary, self->trace);

  for (guint i = 0; i < summary->rows->len; i++)
    g_ptr_array_add (items, stp_summary_item_new (self->data, g_ptr_array_index (summary->rows, i)));

  update_columns (self);
  g_list_store_splice (self->roots, 0, g_list_model_get_n_items (G_LIST_MODEL (self->roots)),
                       items->pdata, items->len);
  update_info (self);
  update_empty (self);
  gtk_widget_set_visible (self->hint, summary->rows->len > 0);
}

/* ------------------------------------------------------------------ */
/* Computing                                                           */

typedef struct
{
  StpTrace     *trace;
  StpSummaryBy  by;
  gint64        start;
  gint64        end;
} Job;

static void
job_free (Job *job)
{
  stp_trace_unref (job->trace);
  g_free (job);
}

static void
summarize_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  Job *job = task_data;
  GError *error = NULL;
  StpSummary *summary = stp_summary_new (job->trace, job->by, STP_SUMMARY_ORDER_TIME,
                                         job->start, job->end, cancellable, &error);

  if (summary == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, summary, (GDestroyNotify) stp_summary_free);
}

static void
on_summarized (gpointer      owner,
               GAsyncResult *result)
{
  StpSummaryView *self = owner;
  g_autoptr(GError) error = NULL;
  StpSummary *summary = g_task_propagate_pointer (G_TASK (result), &error);

  update_spinner (self);

  if (summary == NULL)
    {
      g_warning ("Could not sum up the trace: %s", error->message);
      gtk_label_set_label (GTK_LABEL (self->info), error->message);
      return;
    }

  show_summary (self, summary);
}

static void
cancel_running (StpSummaryView *self)
{
  stp_worker_cancel (&self->summarizer);
}

static gboolean
run_update (gpointer user_data)
{
  StpSummaryView *self = user_data;
  Job *job;

  self->update_source = 0;
  self->dirty = FALSE;
  cancel_running (self);
  if (self->trace == NULL)
    {
      update_spinner (self);
      return G_SOURCE_REMOVE;
    }

  job = g_new0 (Job, 1);
  job->trace = stp_trace_ref (self->trace);
  job->by = self->by;
  job->start = self->start < self->end ? self->start : G_MININT64;
  job->end = self->start < self->end ? self->end : G_MAXINT64;

  stp_worker_run (&self->summarizer, self, "[stepscope] summary",
                  summarize_thread, job, (GDestroyNotify) job_free, on_summarized);
  update_spinner (self);
  return G_SOURCE_REMOVE;
}

/* The request changed: compute it (after `delay` ms) once on screen. */
static void
queue_update (StpSummaryView *self,
              guint           delay)
{
  self->dirty = TRUE;
  cancel_running (self);
  g_clear_handle_id (&self->update_source, g_source_remove);

  if (self->trace == NULL || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    {
      update_spinner (self);
      return;
    }

  self->update_source = g_timeout_add (delay, run_update, self);
  update_spinner (self);
}

/* ------------------------------------------------------------------ */
/* A row's slices                                                      */

typedef struct
{
  StpTrace      *trace;
  StpSummaryBy   by;
  StpSummaryRow  row;      /* name, path and process, copied */
  gint64         start;
  gint64         end;
} CollectJob;

static void
collect_job_free (CollectJob *job)
{
  stp_trace_unref (job->trace);
  g_free (job->row.name);
  g_free (job->row.path);
  g_free (job);
}

static void
collect_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  CollectJob *job = task_data;
  GError *error = NULL;
  GArray *refs = stp_summary_collect (job->trace, job->by, &job->row, job->start, job->end,
                                      cancellable, &error);

  if (refs == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, refs, (GDestroyNotify) g_array_unref);
}

static void
on_collected (gpointer      owner,
              GAsyncResult *result)
{
  StpSummaryView *self = owner;
  g_autoptr(GArray) refs = g_task_propagate_pointer (G_TASK (result), NULL);

  update_spinner (self);
  if (refs != NULL)
    g_signal_emit (self, signals[MARK_SLICES], 0, refs);
}

/* Collects the row's slices on a thread, for ::mark-slices. */
static void
mark_item (StpSummaryView *self,
           StpSummaryItem *item)
{
  const StpSummary *summary = stp_summary_item_get_summary (item);
  const StpSummaryRow *row = stp_summary_item_get_row (item);
  CollectJob *job;

  if (self->trace == NULL)
    return;

  g_set_object (&self->marked_item, item);

  job = g_new0 (CollectJob, 1);
  job->trace = stp_trace_ref (self->trace);
  job->by = summary->by;
  job->row.name = g_strdup (row->name);
  job->row.path = g_strdup (row->path);
  job->row.process = row->process;
  job->start = summary->start;
  job->end = summary->end;

  stp_worker_run (&self->collector, self, "[stepscope] summary row slices",
                  collect_thread, job, (GDestroyNotify) collect_job_free, on_collected);
  update_spinner (self);
}

/* A click or the arrow keys select a row: mark its slices. */
static void
on_selected_changed (GtkSingleSelection *selection,
                     GParamSpec         *pspec,
                     StpSummaryView     *self)
{
  StpSummaryItem *item = stp_summary_item_peek (gtk_single_selection_get_selected_item (selection));

  /* A sort moves the selected row and a new result drops it: nothing
   * new to mark. */
  if (item == NULL || item == self->marked_item)
    return;
  mark_item (self, item);
}

/* Enter or a double click: select it, or (selected) mark and zoom
 * again, back to its slices after panning away. */
static void
on_activate (GtkColumnView  *view,
             guint           position,
             StpSummaryView *self)
{
  g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (self->sorted), position);
  StpSummaryItem *item = stp_summary_item_peek (row);

  if (item == NULL)
    return;
  if (item == self->marked_item)
    mark_item (self, item);
  else
    gtk_selection_model_select_item (self->selection, position, TRUE);
}

/* ------------------------------------------------------------------ */
/* Public                                                              */

GtkWidget *
stp_summary_view_new (void)
{
  return g_object_new (STP_TYPE_SUMMARY_VIEW, NULL);
}

static void
clear_rows (StpSummaryView *self)
{
  g_clear_object (&self->marked_item);
  g_list_store_remove_all (self->roots);
  g_clear_pointer (&self->data, stp_summary_data_unref);
  gtk_label_set_label (GTK_LABEL (self->info), "");
  gtk_widget_set_visible (self->hint, FALSE);
  gtk_stack_set_visible_child_name (GTK_STACK (self->content), "table");
}

static void
on_document_changed (StpSummaryView *self)
{
  StpTrace *trace = stp_session_get_trace (self->session);

  if (trace == self->trace)
    return;

  stp_worker_cancel (&self->collector);
  g_clear_pointer (&self->trace, stp_trace_unref);
  self->trace = trace != NULL ? stp_trace_ref (trace) : NULL;
  self->start = self->end = 0;
  /* A row per trace is worth a button only with several side by side
   * (the one shown stays, should the setting ask for it). */
  gtk_widget_set_visible (self->by_trace, (trace != NULL && trace->parts != NULL) ||
                                          self->by == STP_SUMMARY_BY_TRACE);
  /* Rows of another trace mean nothing here. */
  clear_rows (self);
  queue_update (self, 0);
}

/* The selected range, or the whole trace. */
static void
on_selected_range_changed (StpSummaryView *self)
{
  const StpTimeRange *range = stp_session_get_selected_range (self->session);

  stp_summary_view_set_range (self, range ? range->start : 0, range ? range->end : 0);
}

StpSession *
stp_summary_view_get_session (StpSummaryView *self)
{
  g_return_val_if_fail (STP_IS_SUMMARY_VIEW (self), NULL);
  return self->session;
}

void
stp_summary_view_set_session (StpSummaryView *self,
                              StpSession     *session)
{
  g_return_if_fail (STP_IS_SUMMARY_VIEW (self));
  g_return_if_fail (session == NULL || STP_IS_SESSION (session));

  if (!stp_session_replace (&self->session, session, self))
    return;
  if (session != NULL)
    {
      stp_session_watch (session, "document", G_CALLBACK (on_document_changed), self);
      stp_session_watch (session, "selected-range", G_CALLBACK (on_selected_range_changed), self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

void
stp_summary_view_set_range (StpSummaryView *self,
                            gint64          start,
                            gint64          end)
{
  g_return_if_fail (STP_IS_SUMMARY_VIEW (self));

  if (start >= end)
    start = end = 0;
  if (start == self->start && end == self->end)
    return;
  self->start = start;
  self->end = end;
  queue_update (self, RANGE_DELAY_MS);
}

void
stp_summary_view_set_by (StpSummaryView *self,
                         StpSummaryBy    by)
{
  g_return_if_fail (STP_IS_SUMMARY_VIEW (self));
  g_return_if_fail (by <= STP_SUMMARY_BY_TRACE);

  if (by == self->by)
    return;
  self->by = by;
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->by_buttons[by]), TRUE);
  queue_update (self, 0);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_BY]);
}

StpSummaryBy
stp_summary_view_get_by (StpSummaryView *self)
{
  g_return_val_if_fail (STP_IS_SUMMARY_VIEW (self), STP_SUMMARY_BY_OP);
  return self->by;
}

gboolean
stp_summary_view_is_busy (StpSummaryView *self)
{
  g_return_val_if_fail (STP_IS_SUMMARY_VIEW (self), FALSE);
  return self->update_source != 0 || stp_worker_is_busy (&self->summarizer) ||
         stp_worker_is_busy (&self->collector);
}

const StpSummary *
stp_summary_view_get_summary (StpSummaryView *self)
{
  g_return_val_if_fail (STP_IS_SUMMARY_VIEW (self), NULL);
  return self->data != NULL ? self->data->summary : NULL;
}

guint
stp_summary_view_get_n_rows (StpSummaryView *self)
{
  g_return_val_if_fail (STP_IS_SUMMARY_VIEW (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->sorted));
}

static StpSummaryItem *
get_item (StpSummaryView *self,
          guint           position)
{
  g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (self->sorted), position);

  return stp_summary_item_peek (row);
}

const StpSummaryRow *
stp_summary_view_get_row (StpSummaryView *self,
                          guint           position)
{
  StpSummaryItem *item;

  g_return_val_if_fail (STP_IS_SUMMARY_VIEW (self), NULL);

  item = get_item (self, position);
  return item != NULL ? stp_summary_item_get_row (item) : NULL;
}

double
stp_summary_view_get_cumulative (StpSummaryView *self,
                                 guint           position)
{
  StpSummaryItem *item;

  g_return_val_if_fail (STP_IS_SUMMARY_VIEW (self), 0);

  item = get_item (self, position);
  return item != NULL ? stp_summary_item_get_cumulative (item) : 0;
}

void
stp_summary_view_set_expanded (StpSummaryView *self,
                               guint           position,
                               gboolean        expanded)
{
  g_autoptr(GtkTreeListRow) row = NULL;

  g_return_if_fail (STP_IS_SUMMARY_VIEW (self));

  row = g_list_model_get_item (G_LIST_MODEL (self->sorted), position);
  if (row != NULL)
    gtk_tree_list_row_set_expanded (row, expanded);
}

gboolean
stp_summary_view_get_column_visible (StpSummaryView   *self,
                                     StpSummaryColumn  column)
{
  g_return_val_if_fail (STP_IS_SUMMARY_VIEW (self), FALSE);
  g_return_val_if_fail (column < STP_SUMMARY_N_COLUMNS, FALSE);

  if (column == STP_SUMMARY_COLUMN_NAME)
    return TRUE;
  return gtk_column_view_column_get_visible (self->columns[column]);
}

void
stp_summary_view_sort_by (StpSummaryView   *self,
                          StpSummaryColumn  column,
                          gboolean          descending)
{
  GtkColumnViewColumn *col;

  g_return_if_fail (STP_IS_SUMMARY_VIEW (self));
  g_return_if_fail (column < STP_SUMMARY_N_COLUMNS);

  col = self->columns[column];
  if (column == STP_SUMMARY_COLUMN_NAME && gtk_column_view_column_get_visible (self->scope_column))
    col = self->scope_column;
  /* This column alone, not the latest of several. */
  gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (self->view), NULL, GTK_SORT_ASCENDING);
  gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (self->view), col,
                                  descending ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING);
}

void
stp_summary_view_activate (StpSummaryView *self,
                           guint           position)
{
  g_return_if_fail (STP_IS_SUMMARY_VIEW (self));
  g_signal_emit_by_name (self->view, "activate", position);
}

char *
stp_summary_view_get_text (StpSummaryView *self)
{
  const StpSummary *summary;
  GString *text;
  guint n;

  g_return_val_if_fail (STP_IS_SUMMARY_VIEW (self), NULL);

  summary = stp_summary_view_get_summary (self);
  if (summary == NULL)
    return g_strdup ("");

  text = g_string_new (NULL);
  /* Numbers as numbers, the unit in the header: a spreadsheet sums them. */
  for (StpSummaryColumn c = 0; c < STP_SUMMARY_N_COLUMNS; c++)
    if (stp_summary_view_get_column_visible (self, c))
      {
        g_autofree char *title = stp_summary_column_copy_title (c, summary->by);

        g_string_append_printf (text, "%s%s", c ? "\t" : "", title);
      }
  g_string_append_c (text, '\n');

  n = stp_summary_view_get_n_rows (self);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (G_LIST_MODEL (self->sorted), i);
      g_autoptr(StpSummaryItem) item = gtk_tree_list_row_get_item (row);

      for (StpSummaryColumn c = 0; c < STP_SUMMARY_N_COLUMNS; c++)
        {
          g_autofree char *cell = NULL;

          if (!stp_summary_view_get_column_visible (self, c))
            continue;
          cell = stp_summary_item_copy_text (item, c);
          if (c == STP_SUMMARY_COLUMN_NAME)
            g_string_append_printf (text, "%*s%s", 2 * gtk_tree_list_row_get_depth (row), "", cell);
          else
            g_string_append_printf (text, "\t%s", cell);
        }
      g_string_append_c (text, '\n');
    }
  return g_string_free (text, FALSE);
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */

static void
stp_summary_view_map (GtkWidget *widget)
{
  StpSummaryView *self = STP_SUMMARY_VIEW (widget);

  GTK_WIDGET_CLASS (stp_summary_view_parent_class)->map (widget);

  /* Hidden, it only noted what changed. */
  if (self->dirty && self->update_source == 0 && !stp_worker_is_busy (&self->summarizer))
    queue_update (self, 0);
}

static void
stp_summary_view_dispose (GObject *object)
{
  StpSummaryView *self = STP_SUMMARY_VIEW (object);

  cancel_running (self);
  stp_worker_cancel (&self->collector);
  stp_session_replace (&self->session, NULL, self);
  g_clear_handle_id (&self->update_source, g_source_remove);
  gtk_widget_dispose_template (GTK_WIDGET (self), STP_TYPE_SUMMARY_VIEW);
  G_OBJECT_CLASS (stp_summary_view_parent_class)->dispose (object);
}

static void
stp_summary_view_finalize (GObject *object)
{
  StpSummaryView *self = STP_SUMMARY_VIEW (object);

  g_clear_object (&self->marked_item);
  g_clear_object (&self->selection);
  g_clear_object (&self->sorted);
  g_clear_object (&self->tree);
  g_clear_object (&self->roots);
  g_clear_pointer (&self->data, stp_summary_data_unref);
  g_clear_pointer (&self->trace, stp_trace_unref);
  G_OBJECT_CLASS (stp_summary_view_parent_class)->finalize (object);
}

static void
stp_summary_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  StpSummaryView *self = STP_SUMMARY_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_BY:
      g_value_set_enum (value, self->by);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stp_summary_view_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  StpSummaryView *self = STP_SUMMARY_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      stp_summary_view_set_session (self, g_value_get_object (value));
      break;
    case PROP_BY:
      stp_summary_view_set_by (self, g_value_get_enum (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Ctrl+C in the table: the rows as text, for a spreadsheet. */
static void
action_copy (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  StpSummaryView *self = STP_SUMMARY_VIEW (widget);
  g_autofree char *text = NULL;
  GtkWidget *overlay;

  if (self->data == NULL)
    return;
  text = stp_summary_view_get_text (self);
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);

  overlay = gtk_widget_get_ancestor (widget, ADW_TYPE_TOAST_OVERLAY);
  if (overlay != NULL)
    {
      AdwToast *toast = adw_toast_new (_("Summary copied to the clipboard"));

      adw_toast_set_timeout (toast, 3);
      adw_toast_overlay_add_toast (ADW_TOAST_OVERLAY (overlay), toast);
    }
}

static void
on_close (StpSummaryView *self)
{
  g_signal_emit (self, signals[CLOSE], 0);
}

static void
on_by_toggled (StpSummaryView  *self,
               GtkToggleButton *button)
{
  if (!gtk_toggle_button_get_active (button))
    return;
  for (StpSummaryBy by = STP_SUMMARY_BY_OP; by <= STP_SUMMARY_BY_TRACE; by++)
    if (self->by_buttons[by] == GTK_WIDGET (button))
      stp_summary_view_set_by (self, by);
}

static GtkColumnViewColumn *
add_column (StpSummaryView   *self,
            StpSummaryColumn  column,
            gboolean          tree)
{
  GtkColumnViewColumn *col = stp_summary_column_new (column, tree);

  gtk_column_view_append_column (GTK_COLUMN_VIEW (self->view), col);
  g_object_unref (col);
  /* The view keeps it. */
  return col;
}

static void
stp_summary_view_class_init (StpSummaryViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stp_summary_view_dispose;
  object_class->finalize = stp_summary_view_finalize;
  object_class->get_property = stp_summary_view_get_property;
  object_class->set_property = stp_summary_view_set_property;
  widget_class->map = stp_summary_view_map;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, STP_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_BY] =
    g_param_spec_enum ("by", NULL, NULL, STP_TYPE_SUMMARY_BY, STP_SUMMARY_BY_OP,
                       G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * StpSummaryView::mark-slices:
   * @refs: (element-type StpItemRef): the activated row's slices, in time order
   */
  signals[MARK_SLICES] =
    g_signal_new ("mark-slices", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ARRAY);
  /**
   * StpSummaryView::close:
   *
   * The user is done with the summary.
   */
  signals[CLOSE] =
    g_signal_new ("close", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_install_action (widget_class, "summary.copy", NULL, action_copy);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK, "summary.copy", NULL);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stepscope/Stepscope/stp-summary-view.ui");
  gtk_widget_class_bind_template_child (widget_class, StpSummaryView, box);
  gtk_widget_class_bind_template_child (widget_class, StpSummaryView, by_op);
  gtk_widget_class_bind_template_child (widget_class, StpSummaryView, by_scope);
  gtk_widget_class_bind_template_child (widget_class, StpSummaryView, by_device);
  gtk_widget_class_bind_template_child (widget_class, StpSummaryView, by_trace);
  gtk_widget_class_bind_template_child (widget_class, StpSummaryView, info);
  gtk_widget_class_bind_template_child (widget_class, StpSummaryView, hint);
  gtk_widget_class_bind_template_child (widget_class, StpSummaryView, spinner);
  gtk_widget_class_bind_template_child (widget_class, StpSummaryView, content);
  gtk_widget_class_bind_template_child (widget_class, StpSummaryView, empty);
  gtk_widget_class_bind_template_child (widget_class, StpSummaryView, view);
  gtk_widget_class_bind_template_callback (widget_class, on_by_toggled);
  gtk_widget_class_bind_template_callback (widget_class, on_close);
  gtk_widget_class_bind_template_callback (widget_class, on_activate);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "summaryview");
}

static void
stp_summary_view_init (StpSummaryView *self)
{
  GtkSorter *row_sorter;

  gtk_widget_init_template (GTK_WIDGET (self));
  self->by_buttons[STP_SUMMARY_BY_OP] = self->by_op;
  self->by_buttons[STP_SUMMARY_BY_SCOPE] = self->by_scope;
  self->by_buttons[STP_SUMMARY_BY_DEVICE] = self->by_device;
  self->by_buttons[STP_SUMMARY_BY_TRACE] = self->by_trace;

  /* Roots -> tree (scope children) -> sorted per level -> selection. */
  self->roots = g_list_store_new (STP_TYPE_SUMMARY_ITEM);
  self->tree = gtk_tree_list_model_new (G_LIST_MODEL (g_object_ref (self->roots)), FALSE, FALSE,
                                        stp_summary_item_create_children, NULL, NULL);
  row_sorter = GTK_SORTER (gtk_tree_list_row_sorter_new (g_object_ref (gtk_column_view_get_sorter (GTK_COLUMN_VIEW (self->view)))));
  self->sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->tree)), row_sorter);
  g_signal_connect (self->sorted, "items-changed", G_CALLBACK (on_sorted_items_changed), self);
  self->selection = GTK_SELECTION_MODEL (gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->sorted))));
  gtk_single_selection_set_autoselect (GTK_SINGLE_SELECTION (self->selection), FALSE);
  gtk_single_selection_set_can_unselect (GTK_SINGLE_SELECTION (self->selection), TRUE);
  g_signal_connect (self->selection, "notify::selected", G_CALLBACK (on_selected_changed), self);
  gtk_column_view_set_model (GTK_COLUMN_VIEW (self->view), self->selection);

  /* Two name columns, one shown: a plain one and the scope tree's. */
  self->columns[STP_SUMMARY_COLUMN_NAME] = add_column (self, STP_SUMMARY_COLUMN_NAME, FALSE);
  self->scope_column = add_column (self, STP_SUMMARY_COLUMN_NAME, TRUE);
  gtk_column_view_column_set_visible (self->scope_column, FALSE);
  for (StpSummaryColumn c = STP_SUMMARY_COLUMN_NAME + 1; c < STP_SUMMARY_N_COLUMNS; c++)
    self->columns[c] = add_column (self, c, FALSE);
  gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (self->view), self->columns[STP_SUMMARY_COLUMN_TIME],
                                  GTK_SORT_DESCENDING);
}
