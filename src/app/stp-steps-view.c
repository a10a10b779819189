/* stp-steps-view.c: the steps of the trace, and where their GPU time went
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A table under the timeline, a row per training step (PyTorch's
 * ProfilerStep#N, XSpace's Steps line, a StepStats' one step) with its
 * duration and, when the trace has GPU kernels, Holistic Trace
 * Analysis' breakdown of the step: busy and idle, compute and the rest,
 * and how much communication compute overlapped (the numbers of
 * `stepscope-cli steps`).  Found on a worker thread while the table is
 * on screen; a row selects its step, whose range the summary then sums
 * up, and zooms to it.
 *
 * With several traces open side by side, each one's steps are rows
 * (with a Trace column), and a second table above lines the steps up
 * across the traces (stp-step-table-view.c).
 */

#define G_LOG_DOMAIN "stp-steps-view"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "stp-column.h"
#include "stp-render-view.h"
#include "stp-step-table-view.h"
#include "stp-steps-view.h"
#include "stp-worker.h"

typedef struct
{
  StpStep      step;        /* name owned */
  StpBreakdown breakdown;
  guint32      part;        /* of several traces, the one it is of; else STP_INDEX_NONE */
} Row;

/* One row of the table, as a list item. */
#define STP_TYPE_STEP_ITEM (stp_step_item_get_type ())
G_DECLARE_FINAL_TYPE (StpStepItem, stp_step_item, STP, STEP_ITEM, GObject)

struct _StpStepItem
{
  GObject     parent_instance;
  Row         row;
  gint64      trace_start;
  const char *trace_label;  /* the part's, while the view holds its trace */
};

G_DEFINE_FINAL_TYPE (StpStepItem, stp_step_item, G_TYPE_OBJECT)

static void
stp_step_item_finalize (GObject *object)
{
  g_free (STP_STEP_ITEM (object)->row.step.name);
  G_OBJECT_CLASS (stp_step_item_parent_class)->finalize (object);
}

static void
stp_step_item_class_init (StpStepItemClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = stp_step_item_finalize;
}

static void
stp_step_item_init (StpStepItem *self)
{
}

struct _StpStepsView
{
  GtkWidget         parent_instance;

  /* Template */
  GtkWidget        *box;
  GtkWidget        *info;
  GtkWidget        *spinner;
  GtkWidget        *content;
  GtkWidget        *empty;
  GtkWidget        *view;
  GtkWidget        *side_by_side;

  GtkColumnViewColumn *columns[STP_STEPS_N_COLUMNS];
  GListStore       *store;
  GtkSortListModel *sorted;
  StpSession       *session;
  StpTrace         *trace;        /* what the rows are of */
  StpWorker         worker;
  gboolean          dirty;        /* the rows are not of `trace` yet */
  gboolean          own_steps;    /* the rows are the trace's steps, not markers */
  gboolean          has_kernels;
};

enum {
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  STEP_ACTIVATED,
  CLOSE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (StpStepsView, stp_steps_view, GTK_TYPE_WIDGET)

/* ------------------------------------------------------------------ */
/* Cells                                                               */

static const char *
column_title (StpStepsColumn column)
{
  switch (column)
    {
    case STP_STEPS_COLUMN_NAME:        return _("Step");
    /* Translators: which of the traces open side by side */
    case STP_STEPS_COLUMN_TRACE:       return _("Trace");
    case STP_STEPS_COLUMN_START:       return _("Start");
    case STP_STEPS_COLUMN_DURATION:    return _("Duration");
    /* Translators: time some GPU kernel ran (Holistic Trace Analysis) */
    case STP_STEPS_COLUMN_BUSY:        return _("GPU Busy");
    /* Translators: time no GPU kernel ran */
    case STP_STEPS_COLUMN_IDLE:        return _("GPU Idle");
    case STP_STEPS_COLUMN_COMPUTE:     return _("Compute");
    /* Translators: GPU time in communication, memory and other kernels */
    case STP_STEPS_COLUMN_NON_COMPUTE: return _("Non-Compute");
    /* Translators: the share of communication time that computation overlapped */
    case STP_STEPS_COLUMN_OVERLAP:     return _("Comm. Overlapped");
    case STP_STEPS_COLUMN_KERNELS:     return _("Kernels");
    case STP_STEPS_N_COLUMNS:
    default:                           return "";
    }
}

static char *
percent_of (gint64 part,
            gint64 whole)
{
  if (whole <= 0)
    return g_strdup ("—");
  return g_strdup_printf ("%.1f %%", 100.0 * part / whole);
}

static char *
cell_text (const StpStepItem *item,
           StpStepsColumn     column)
{
  const StpBreakdown *b = &item->row.breakdown;

  switch (column)
    {
    case STP_STEPS_COLUMN_NAME:        return g_strdup (item->row.step.name);
    case STP_STEPS_COLUMN_TRACE:       return g_strdup (item->trace_label ? item->trace_label : "");
    case STP_STEPS_COLUMN_START:       return stp_format_duration (item->row.step.start - item->trace_start);
    case STP_STEPS_COLUMN_DURATION:    return stp_format_duration (item->row.step.end - item->row.step.start);
    case STP_STEPS_COLUMN_BUSY:        return stp_format_duration (b->busy);
    case STP_STEPS_COLUMN_IDLE:        return stp_format_duration (b->idle);
    case STP_STEPS_COLUMN_COMPUTE:     return stp_format_duration (b->compute);
    case STP_STEPS_COLUMN_NON_COMPUTE: return stp_format_duration (b->non_compute);
    case STP_STEPS_COLUMN_OVERLAP:     return percent_of (b->comm_overlapped, b->communication);
    case STP_STEPS_COLUMN_KERNELS:     return g_strdup_printf ("%" G_GUINT64_FORMAT, b->n_kernels);
    case STP_STEPS_N_COLUMNS:
    default:                           return g_strdup ("");
    }
}

/* What a column sorts by. */
static double
cell_value (const StpStepItem *item,
            StpStepsColumn     column)
{
  const StpBreakdown *b = &item->row.breakdown;

  switch (column)
    {
    case STP_STEPS_COLUMN_DURATION:    return item->row.step.end - item->row.step.start;
    case STP_STEPS_COLUMN_BUSY:        return b->busy;
    case STP_STEPS_COLUMN_IDLE:        return b->idle;
    case STP_STEPS_COLUMN_COMPUTE:     return b->compute;
    case STP_STEPS_COLUMN_NON_COMPUTE: return b->non_compute;
    case STP_STEPS_COLUMN_OVERLAP:     return b->communication > 0 ? (double) b->comm_overlapped / b->communication : -1;
    case STP_STEPS_COLUMN_KERNELS:     return b->n_kernels;
    case STP_STEPS_COLUMN_TRACE:       return item->row.part;
    case STP_STEPS_COLUMN_NAME:
    case STP_STEPS_COLUMN_START:
    case STP_STEPS_N_COLUMNS:
    default:                           return item->row.step.start;
    }
}

static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  double va = cell_value (a, GPOINTER_TO_INT (user_data));
  double vb = cell_value (b, GPOINTER_TO_INT (user_data));

  /* Ties in time order. */
  if (va == vb)
    {
      va = ((const StpStepItem *) a)->row.step.start;
      vb = ((const StpStepItem *) b)->row.step.start;
    }
  return stp_ordering_from_int ((va > vb) - (va < vb));
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            gpointer                  user_data)
{
  StpStepsColumn column = GPOINTER_TO_INT (user_data);
  StpCellKind kind = column == STP_STEPS_COLUMN_NAME ? STP_CELL_NAME
                     : column == STP_STEPS_COLUMN_TRACE ? STP_CELL_TEXT
                     : STP_CELL_NUMBER;

  gtk_list_item_set_child (list_item, stp_cell_label_new (kind));
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           gpointer                  user_data)
{
  g_autofree char *text = cell_text (gtk_list_item_get_item (list_item), GPOINTER_TO_INT (user_data));

  gtk_label_set_label (GTK_LABEL (gtk_list_item_get_child (list_item)), text);
}

/* ------------------------------------------------------------------ */
/* Finding the steps                                                   */

typedef struct
{
  GArray       *rows;          /* Row */
  gboolean      has_kernels;
  gboolean      own_steps;     /* the trace's, not markers */
  StpStepTable *table;         /* several traces: their steps lined up */
} Result;

static void
result_free (Result *result)
{
  for (guint i = 0; i < result->rows->len; i++)
    g_free (g_array_index (result->rows, Row, i).step.name);
  g_array_unref (result->rows);
  g_clear_pointer (&result->table, stp_step_table_free);
  g_free (result);
}

/* What a search for steps works on: the trace, and the session's
 * markers of some length, which are the steps of a trace that has none
 * of its own. */
typedef struct
{
  StpTrace *trace;
  GArray   *marked;   /* StpStep, names owned */
} Job;

static void
job_free (Job *job)
{
  for (guint i = 0; i < job->marked->len; i++)
    g_free (g_array_index (job->marked, StpStep, i).name);
  g_array_unref (job->marked);
  stp_trace_unref (job->trace);
  g_free (job);
}

/* The steps of one input (part; STP_INDEX_NONE: the trace), each with
 * the breakdown of the input's own kernels, appended to rows. */
static gboolean
add_steps (const StpTrace *trace,
           guint32         part,
           GArray         *marked,
           GArray         *rows,
           GCancellable   *cancellable)
{
  g_autoptr(GArray) steps = stp_steps_find_in_part (trace, part);
  g_autoptr(GArray) kernels = stp_kernels_collect_in_part (trace, part);
  g_autoptr(GArray) found = NULL;

  if (steps->len == 0 && marked != NULL)
    {
      for (guint i = 0; i < marked->len; i++)
        {
          StpStep step = g_array_index (marked, StpStep, i);

          step.name = g_strdup (step.name);
          g_array_append_val (steps, step);
        }
      stp_steps_sort (steps);
    }

  found = stp_step_rows_new (steps, kernels, cancellable);
  for (guint i = 0; i < found->len; i++)
    {
      StpStepRow *r = &g_array_index (found, StpStepRow, i);
      Row row = { r->step, r->breakdown, part };

      /* The rows take the names. */
      r->step.name = NULL;
      g_array_append_val (rows, row);
    }
  return kernels->len > 0;
}

/* Several traces: each one's rows as a column of the step table. */
static StpStepTable *
table_of (const StpTrace *trace,
          GArray         *rows)
{
  StpStepTable *table = stp_step_table_new ();

  for (guint p = 0; p < trace->parts->len; p++)
    {
      g_autoptr(GArray) of_part = g_array_new (FALSE, TRUE, sizeof (StpStepRow));

      for (guint i = 0; i < rows->len; i++)
        {
          const Row *row = &g_array_index (rows, Row, i);
          StpStepRow r = { row->step, row->breakdown };

          if (row->part == p)
            g_array_append_val (of_part, r);
        }
      stp_step_table_add (table, g_array_index (trace->parts, StpTracePart, p).label,
                          (const StpStepRow *) of_part->data, of_part->len);
    }
  return table;
}

static void
find_thread (GTask        *task,
             gpointer      source_object,
             gpointer      task_data,
             GCancellable *cancellable)
{
  Job *job = task_data;
  StpTrace *trace = job->trace;
  Result *result = g_new0 (Result, 1);

  result->rows = g_array_new (FALSE, TRUE, sizeof (Row));
  if (trace->parts == NULL)
    result->has_kernels = add_steps (trace, STP_INDEX_NONE, NULL, result->rows, cancellable);
  else
    for (guint p = 0; p < trace->parts->len; p++)
      result->has_kernels |= add_steps (trace, p, NULL, result->rows, cancellable);
  result->own_steps = result->rows->len > 0;

  /* No steps of its own: the marked ranges are the steps. */
  if (!result->own_steps)
    add_steps (trace, STP_INDEX_NONE, job->marked, result->rows, cancellable);
  if (trace->parts != NULL && result->own_steps)
    result->table = table_of (trace, result->rows);
  g_task_return_pointer (task, result, (GDestroyNotify) result_free);
}

static void
update_columns (StpStepsView *self)
{
  for (StpStepsColumn c = STP_STEPS_COLUMN_BUSY; c < STP_STEPS_N_COLUMNS; c++)
    gtk_column_view_column_set_visible (self->columns[c], self->has_kernels);
  gtk_column_view_column_set_visible (self->columns[STP_STEPS_COLUMN_TRACE],
                                      self->trace != NULL && self->trace->parts != NULL);
}

static void
show_empty (StpStepsView *self)
{
  adw_status_page_set_title (ADW_STATUS_PAGE (self->empty), _("No Steps"));
  adw_status_page_set_description (ADW_STATUS_PAGE (self->empty),
                                   _("Steps are PyTorch’s ProfilerStep#N slices, the Steps line of an XSpace, "
                                     "or a whole TensorFlow StepStats. In other traces, a range marked with M "
                                     "is a step."));
  gtk_stack_set_visible_child_name (GTK_STACK (self->content), "empty");
}

static void
on_found (gpointer      owner,
          GAsyncResult *result)
{
  StpStepsView *self = owner;
  Result *found = g_task_propagate_pointer (G_TASK (result), NULL);
  g_autofree char *info = NULL;

  gtk_widget_set_visible (self->spinner, FALSE);
  gtk_spinner_stop (GTK_SPINNER (self->spinner));
  if (found == NULL)
    return;

  self->has_kernels = found->has_kernels;
  self->own_steps = found->own_steps;
  for (guint i = 0; i < found->rows->len; i++)
    {
      StpStepItem *item = g_object_new (STP_TYPE_STEP_ITEM, NULL);

      item->row = g_array_index (found->rows, Row, i);
      item->trace_start = self->trace->start_ts;
      if (item->row.part != STP_INDEX_NONE)
        item->trace_label = g_array_index (self->trace->parts, StpTracePart, item->row.part).label;
      g_array_index (found->rows, Row, i).step.name = NULL;
      g_list_store_append (self->store, item);
      g_object_unref (item);
    }
  update_columns (self);
  gtk_widget_set_visible (self->side_by_side, found->table != NULL);
  stp_step_table_view_set_table (STP_STEP_TABLE_VIEW (self->side_by_side), g_steal_pointer (&found->table));

  info = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u step", "%u steps", found->rows->len), found->rows->len);
  gtk_label_set_label (GTK_LABEL (self->info), found->rows->len > 0 ? info : "");
  if (found->rows->len == 0)
    show_empty (self);
  else
    gtk_stack_set_visible_child_name (GTK_STACK (self->content), "table");
  result_free (found);
}

/* On screen, with rows not of the document's trace: find them. */
static void
update (StpStepsView *self)
{
  GArray *markers = self->session ? stp_session_get_markers (self->session) : NULL;
  Job *job;

  if (!self->dirty || !gtk_widget_get_mapped (GTK_WIDGET (self)))
    return;
  self->dirty = FALSE;
  if (self->trace == NULL)
    return;

  job = g_new0 (Job, 1);
  job->trace = stp_trace_ref (self->trace);
  job->marked = g_array_new (FALSE, FALSE, sizeof (StpStep));
  for (guint i = 0; markers != NULL && i < markers->len; i++)
    {
      const StpRenderMarker *m = &g_array_index (markers, StpRenderMarker, i);
      StpStep step = { g_strdup (m->label), -1, m->start, m->end };

      if (m->end > m->start)
        g_array_append_val (job->marked, step);
      else
        g_free (step.name);
    }

  gtk_widget_set_visible (self->spinner, TRUE);
  gtk_spinner_start (GTK_SPINNER (self->spinner));
  stp_worker_run (&self->worker, self, "[stepscope] steps", find_thread,
                  job, (GDestroyNotify) job_free, on_found);
}

/* A trace without steps of its own takes its markers as steps. */
static void
on_markers_changed (StpStepsView *self)
{
  /* Rows of the trace's own steps stay what they are. */
  if (self->trace == NULL || (self->own_steps && !self->dirty && !stp_worker_is_busy (&self->worker)))
    return;
  stp_worker_cancel (&self->worker);
  g_list_store_remove_all (self->store);
  self->dirty = TRUE;
  update (self);
}

static void
on_document_changed (StpStepsView *self)
{
  StpTrace *trace = self->session ? stp_session_get_trace (self->session) : NULL;

  if (trace == self->trace)
    return;
  stp_worker_cancel (&self->worker);
  gtk_widget_set_visible (self->spinner, FALSE);
  g_list_store_remove_all (self->store);
  gtk_label_set_label (GTK_LABEL (self->info), "");
  gtk_stack_set_visible_child_name (GTK_STACK (self->content), "table");
  gtk_widget_set_visible (self->side_by_side, FALSE);
  stp_step_table_view_set_table (STP_STEP_TABLE_VIEW (self->side_by_side), NULL);
  g_clear_pointer (&self->trace, stp_trace_unref);
  self->trace = trace != NULL ? stp_trace_ref (trace) : NULL;
  self->own_steps = FALSE;
  self->dirty = TRUE;
  update (self);
}

/* Enter or a double click: the step's range is selected and shown. */
static void
on_activate (GtkColumnView *view,
             guint          position,
             StpStepsView  *self)
{
  g_autoptr(StpStepItem) item = g_list_model_get_item (G_LIST_MODEL (self->sorted), position);

  if (item == NULL || self->session == NULL)
    return;
  stp_session_set_selected_range (self->session, item->row.step.start, item->row.step.end);
  g_signal_emit (self, signals[STEP_ACTIVATED], 0);
}

/* A step of the traces side by side, in one of them or in all. */
static void
on_range_activated (StpStepsView *self,
                    gint64        start,
                    gint64        end)
{
  if (self->session == NULL)
    return;
  stp_session_set_selected_range (self->session, start, end);
  g_signal_emit (self, signals[STEP_ACTIVATED], 0);
}

static void
on_close (StpStepsView *self)
{
  g_signal_emit (self, signals[CLOSE], 0);
}

/* ------------------------------------------------------------------ */
/* Public                                                              */

StpSession *
stp_steps_view_get_session (StpStepsView *self)
{
  g_return_val_if_fail (STP_IS_STEPS_VIEW (self), NULL);
  return self->session;
}

void
stp_steps_view_set_session (StpStepsView *self,
                            StpSession   *session)
{
  g_return_if_fail (STP_IS_STEPS_VIEW (self));
  g_return_if_fail (session == NULL || STP_IS_SESSION (session));

  if (!stp_session_replace (&self->session, session, self))
    return;
  if (session != NULL)
    {
      stp_session_watch (session, "document", G_CALLBACK (on_document_changed), self);
      stp_session_watch (session, "markers", G_CALLBACK (on_markers_changed), self);
    }
  else
    on_document_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

gboolean
stp_steps_view_is_busy (StpStepsView *self)
{
  g_return_val_if_fail (STP_IS_STEPS_VIEW (self), FALSE);
  return self->dirty || stp_worker_is_busy (&self->worker);
}

guint
stp_steps_view_get_n_rows (StpStepsView *self)
{
  g_return_val_if_fail (STP_IS_STEPS_VIEW (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->sorted));
}

static StpStepItem *
peek_item (StpStepsView *self,
           guint         position)
{
  g_autoptr(StpStepItem) item = g_list_model_get_item (G_LIST_MODEL (self->sorted), position);

  /* The store keeps it. */
  return item;
}

const StpStep *
stp_steps_view_get_step (StpStepsView *self,
                         guint         position)
{
  StpStepItem *item;

  g_return_val_if_fail (STP_IS_STEPS_VIEW (self), NULL);
  item = peek_item (self, position);
  return item != NULL ? &item->row.step : NULL;
}

const StpBreakdown *
stp_steps_view_get_breakdown (StpStepsView *self,
                              guint         position)
{
  StpStepItem *item;

  g_return_val_if_fail (STP_IS_STEPS_VIEW (self), NULL);
  item = peek_item (self, position);
  return item != NULL ? &item->row.breakdown : NULL;
}

gboolean
stp_steps_view_has_kernels (StpStepsView *self)
{
  g_return_val_if_fail (STP_IS_STEPS_VIEW (self), FALSE);
  return self->has_kernels;
}

GtkWidget *
stp_steps_view_get_side_by_side (StpStepsView *self)
{
  g_return_val_if_fail (STP_IS_STEPS_VIEW (self), NULL);
  return self->side_by_side;
}

void
stp_steps_view_activate (StpStepsView *self,
                         guint         position)
{
  g_return_if_fail (STP_IS_STEPS_VIEW (self));
  on_activate (GTK_COLUMN_VIEW (self->view), position, self);
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */

static void
stp_steps_view_map (GtkWidget *widget)
{
  GTK_WIDGET_CLASS (stp_steps_view_parent_class)->map (widget);
  update (STP_STEPS_VIEW (widget));
}

static void
stp_steps_view_dispose (GObject *object)
{
  StpStepsView *self = STP_STEPS_VIEW (object);

  stp_worker_cancel (&self->worker);
  stp_session_replace (&self->session, NULL, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), STP_TYPE_STEPS_VIEW);
  G_OBJECT_CLASS (stp_steps_view_parent_class)->dispose (object);
}

static void
stp_steps_view_finalize (GObject *object)
{
  StpStepsView *self = STP_STEPS_VIEW (object);

  g_clear_object (&self->store);
  g_clear_object (&self->sorted);
  g_clear_pointer (&self->trace, stp_trace_unref);
  G_OBJECT_CLASS (stp_steps_view_parent_class)->finalize (object);
}

static void
stp_steps_view_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  StpStepsView *self = STP_STEPS_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stp_steps_view_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  StpStepsView *self = STP_STEPS_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      stp_steps_view_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stp_steps_view_class_init (StpStepsViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stp_steps_view_dispose;
  object_class->finalize = stp_steps_view_finalize;
  object_class->get_property = stp_steps_view_get_property;
  object_class->set_property = stp_steps_view_set_property;
  widget_class->map = stp_steps_view_map;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, STP_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * StpStepsView::step-activated:
   *
   * A row was activated: its step is the session's selected range.
   */
  signals[STEP_ACTIVATED] =
    g_signal_new ("step-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);
  /**
   * StpStepsView::close:
   *
   * The user is done with the steps.
   */
  signals[CLOSE] =
    g_signal_new ("close", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stepscope/Stepscope/stp-steps-view.ui");
  gtk_widget_class_bind_template_child (widget_class, StpStepsView, box);
  gtk_widget_class_bind_template_child (widget_class, StpStepsView, info);
  gtk_widget_class_bind_template_child (widget_class, StpStepsView, spinner);
  gtk_widget_class_bind_template_child (widget_class, StpStepsView, content);
  gtk_widget_class_bind_template_child (widget_class, StpStepsView, empty);
  gtk_widget_class_bind_template_child (widget_class, StpStepsView, view);
  gtk_widget_class_bind_template_child (widget_class, StpStepsView, side_by_side);
  gtk_widget_class_bind_template_callback (widget_class, on_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_range_activated);
  gtk_widget_class_bind_template_callback (widget_class, on_close);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "stepsview");
}

static void
stp_steps_view_init (StpStepsView *self)
{
  g_autoptr(GtkSingleSelection) selection = NULL;
  GtkSorter *sorter;

  g_type_ensure (STP_TYPE_STEP_TABLE_VIEW);
  gtk_widget_init_template (GTK_WIDGET (self));

  self->store = g_list_store_new (STP_TYPE_STEP_ITEM);
  sorter = gtk_column_view_get_sorter (GTK_COLUMN_VIEW (self->view));
  self->sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->store)), g_object_ref (sorter));
  selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->sorted)));
  /* A selected row would look like the selected step: none until one is. */
  gtk_single_selection_set_autoselect (selection, FALSE);
  gtk_single_selection_set_can_unselect (selection, TRUE);
  gtk_column_view_set_model (GTK_COLUMN_VIEW (self->view), GTK_SELECTION_MODEL (selection));

  for (StpStepsColumn c = 0; c < STP_STEPS_N_COLUMNS; c++)
    {
      GtkColumnViewColumn *col = stp_column_new (column_title (c), c, G_CALLBACK (setup_cell),
                                                 G_CALLBACK (bind_cell), NULL, compare_rows);

      gtk_column_view_column_set_expand (col, c == STP_STEPS_COLUMN_NAME);
      gtk_column_view_append_column (GTK_COLUMN_VIEW (self->view), col);
      self->columns[c] = col;
      g_object_unref (col);
    }
  update_columns (self);
}
