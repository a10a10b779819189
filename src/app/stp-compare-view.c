/* stp-compare-view.c: how a trace differs from its baseline
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * After Compare With…, a table under the timeline with the columns of
 * `stepscope-cli compare`: per op (or kernel) name, its count, time and
 * mean in the baseline A and in B, the difference B - A and the ratio B / A,
 * largest difference first.  Only Slower keeps what took longer in B.
 * Enter or a double click on a row marks the name's slices in both
 * traces (::mark-slices) and the window shows them.
 */

#define G_LOG_DOMAIN "stp-compare-view"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "stp-column.h"
#include "stp-compare-view.h"
#include "stp-render-view.h"
#include "stp-summary.h"
#include "stp-worker.h"

/* A row of the comparison, as a list item; the document owns the row. */
#define STP_TYPE_COMPARE_ITEM (stp_compare_item_get_type ())
G_DECLARE_FINAL_TYPE (StpCompareItem, stp_compare_item, STP, COMPARE_ITEM, GObject)

struct _StpCompareItem
{
  GObject              parent_instance;
  const StpCompareRow *row;
};

G_DEFINE_FINAL_TYPE (StpCompareItem, stp_compare_item, G_TYPE_OBJECT)

static void
stp_compare_item_class_init (StpCompareItemClass *klass)
{
}

static void
stp_compare_item_init (StpCompareItem *self)
{
}

typedef enum
{
  COLUMN_NAME,
  COLUMN_COUNT_A,
  COLUMN_COUNT_B,
  COLUMN_TIME_A,
  COLUMN_TIME_B,
  COLUMN_MEAN_A,
  COLUMN_MEAN_B,
  COLUMN_DIFF,
  COLUMN_RATIO,
  N_COLUMNS,
} Column;

struct _StpCompareView
{
  GtkWidget          parent_instance;

  /* Template */
  GtkWidget         *box;
  GtkWidget         *info;
  GtkWidget         *by;
  GtkWidget         *only_slower;
  GtkWidget         *view;

  GListStore        *store;
  GtkFilterListModel *filtered;
  GtkCustomFilter   *filter;
  StpSession        *session;
  StpDocument       *document;     /* what the rows are of */
  StpWorker          collector;    /* a row's slices, to mark them */
};

enum {
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  MARK_SLICES,
  CLOSE,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (StpCompareView, stp_compare_view, GTK_TYPE_WIDGET)

/* The ways the drop-down offers, in its order. */
static const StpCompareBy ways[] = { STP_COMPARE_BY_OP, STP_COMPARE_BY_KERNEL };

/* ------------------------------------------------------------------ */
/* Cells                                                               */

static const char *
column_title (Column column)
{
  switch (column)
    {
    case COLUMN_NAME:    return _("Name");
    /* Translators: A is the baseline trace, B the one compared with it */
    case COLUMN_COUNT_A: return _("Count A");
    case COLUMN_COUNT_B: return _("Count B");
    case COLUMN_TIME_A:  return _("Time A");
    case COLUMN_TIME_B:  return _("Time B");
    /* Translators: time divided by count, in A and in B */
    case COLUMN_MEAN_A:  return _("Mean A");
    case COLUMN_MEAN_B:  return _("Mean B");
    /* Translators: time in B minus time in A */
    case COLUMN_DIFF:    return _("B − A");
    /* Translators: time in B divided by time in A */
    case COLUMN_RATIO:   return _("B / A");
    case N_COLUMNS:
    default:             return "";
    }
}

static char *
format_signed_duration (double ns)
{
  g_autofree char *abs = stp_format_duration ((gint64) fabs (ns));

  return g_strdup_printf ("%s%s", ns > 0 ? "+" : ns < 0 ? "−" : "", abs);
}

static char *
cell_text (const StpCompareRow *row,
           Column               column)
{
  switch (column)
    {
    case COLUMN_NAME:    return g_strdup (row->name);
    case COLUMN_COUNT_A: return row->in_a ? g_strdup_printf ("%g", row->count_a) : g_strdup ("—");
    case COLUMN_COUNT_B: return row->in_b ? g_strdup_printf ("%g", row->count_b) : g_strdup ("—");
    case COLUMN_TIME_A:  return row->in_a ? stp_format_duration ((gint64) row->time_a) : g_strdup ("—");
    case COLUMN_TIME_B:  return row->in_b ? stp_format_duration ((gint64) row->time_b) : g_strdup ("—");
    case COLUMN_MEAN_A:  return row->in_a ? stp_format_duration ((gint64) row->mean_a) : g_strdup ("—");
    case COLUMN_MEAN_B:  return row->in_b ? stp_format_duration ((gint64) row->mean_b) : g_strdup ("—");
    case COLUMN_DIFF:    return format_signed_duration (row->diff);
    case COLUMN_RATIO:
      if (!row->in_a)
        /* Translators: a name only the second trace has */
        return g_strdup (_("only in B"));
      if (!row->in_b)
        return g_strdup (_("only in A"));
      return isnan (row->ratio) ? g_strdup ("—") : g_strdup_printf ("%.2f×", row->ratio);
    case N_COLUMNS:
    default:             return g_strdup ("");
    }
}

static double
cell_value (const StpCompareRow *row,
            Column               column)
{
  switch (column)
    {
    case COLUMN_COUNT_A: return row->count_a;
    case COLUMN_COUNT_B: return row->count_b;
    case COLUMN_TIME_A:  return row->time_a;
    case COLUMN_TIME_B:  return row->time_b;
    case COLUMN_MEAN_A:  return row->mean_a;
    case COLUMN_MEAN_B:  return row->mean_b;
    case COLUMN_RATIO:   return isnan (row->ratio) ? G_MAXDOUBLE : row->ratio;
    case COLUMN_DIFF:
    case COLUMN_NAME:
    case N_COLUMNS:
    default:             return row->diff;
    }
}

static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  const StpCompareRow *ra = ((const StpCompareItem *) a)->row;
  const StpCompareRow *rb = ((const StpCompareItem *) b)->row;
  Column column = GPOINTER_TO_INT (user_data);
  double va, vb;

  if (column == COLUMN_NAME)
    return stp_ordering_from_int (g_strcmp0 (ra->name, rb->name));
  va = cell_value (ra, column);
  vb = cell_value (rb, column);
  return stp_ordering_from_int ((va > vb) - (va < vb));
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            gpointer                  user_data)
{
  gboolean text = GPOINTER_TO_INT (user_data) == COLUMN_NAME;

  gtk_list_item_set_child (list_item, stp_cell_label_new (text ? STP_CELL_NAME : STP_CELL_NUMBER));
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           gpointer                  user_data)
{
  StpCompareItem *item = gtk_list_item_get_item (list_item);
  g_autofree char *text = cell_text (item->row, GPOINTER_TO_INT (user_data));
  GtkWidget *label = gtk_list_item_get_child (list_item);

  gtk_label_set_label (GTK_LABEL (label), text);
  /* A name longer than its room shows whole on hover, as in the summary. */
  if (GPOINTER_TO_INT (user_data) == COLUMN_NAME)
    gtk_widget_set_tooltip_text (label, text);
}

/* ------------------------------------------------------------------ */
/* Rows                                                                */

static StpCompareBy
current_by (StpCompareView *self)
{
  guint selected = gtk_drop_down_get_selected (GTK_DROP_DOWN (self->by));

  return ways[MIN (selected, G_N_ELEMENTS (ways) - 1)];
}

static gboolean
is_slower (gpointer item,
           gpointer user_data)
{
  return ((StpCompareItem *) item)->row->diff > 0;
}

static void
fill (StpCompareView *self)
{
  const StpCompare *compare = self->document ? stp_document_get_compare (self->document, current_by (self)) : NULL;
  g_autofree char *info = NULL;

  g_list_store_remove_all (self->store);
  gtk_label_set_label (GTK_LABEL (self->info), "");
  if (compare == NULL)
    return;

  for (guint i = 0; i < compare->rows->len; i++)
    {
      g_autoptr(StpCompareItem) item = g_object_new (STP_TYPE_COMPARE_ITEM, NULL);

      item->row = g_ptr_array_index (compare->rows, i);
      g_list_store_append (self->store, item);
    }
  {
    g_autofree char *a = stp_format_duration ((gint64) compare->total_a);
    g_autofree char *b = stp_format_duration ((gint64) compare->total_b);

    /* Translators: the totals of the baseline (A) and the other trace (B),
     * and how many names only one of them has */
    info = g_strdup_printf (_("A %s · B %s · %u only in A · %u only in B"), a, b,
                            compare->n_only_a, compare->n_only_b);
  }
  gtk_label_set_label (GTK_LABEL (self->info), info);
}

static void
on_by_changed (StpCompareView *self)
{
  fill (self);
}

static void
on_only_slower_toggled (StpCompareView *self)
{
  gboolean only = gtk_toggle_button_get_active (GTK_TOGGLE_BUTTON (self->only_slower));

  gtk_filter_list_model_set_filter (self->filtered, only ? GTK_FILTER (self->filter) : NULL);
}

static void
on_document_changed (StpCompareView *self)
{
  StpDocument *document = self->session ? stp_session_get_document (self->session) : NULL;

  if (document == self->document)
    return;
  stp_worker_cancel (&self->collector);
  g_set_object (&self->document, document);
  fill (self);
}

/* ------------------------------------------------------------------ */
/* Marking a row's slices                                              */

typedef struct
{
  StpTrace *trace;
  char     *name;
} Job;

static void
job_free (Job *job)
{
  stp_trace_unref (job->trace);
  g_free (job->name);
  g_free (job);
}

/* The name's ops in both traces: a summary row by op of that name. */
static void
collect_thread (GTask        *task,
                gpointer      source_object,
                gpointer      task_data,
                GCancellable *cancellable)
{
  Job *job = task_data;
  StpSummaryRow row = { .name = job->name };
  GError *error = NULL;
  GArray *refs = stp_summary_collect (job->trace, STP_SUMMARY_BY_OP, &row, G_MININT64, G_MAXINT64,
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
  g_autoptr(GArray) refs = g_task_propagate_pointer (G_TASK (result), NULL);

  if (refs != NULL)
    g_signal_emit (owner, signals[MARK_SLICES], 0, refs);
}

static void
mark_row (StpCompareView      *self,
          const StpCompareRow *row)
{
  Job *job;

  if (self->document == NULL)
    return;
  job = g_new0 (Job, 1);
  job->trace = stp_trace_ref (stp_document_get_trace (self->document));
  job->name = g_strdup (row->name);
  stp_worker_run (&self->collector, self, "[stepscope] compare row slices", collect_thread,
                  job, (GDestroyNotify) job_free, on_collected);
}

static void
on_activate (GtkColumnView  *view,
             guint           position,
             StpCompareView *self)
{
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (view));
  g_autoptr(StpCompareItem) item = g_list_model_get_item (model, position);

  if (item != NULL)
    mark_row (self, item->row);
}

static void
on_close (StpCompareView *self)
{
  g_signal_emit (self, signals[CLOSE], 0);
}

/* ------------------------------------------------------------------ */
/* Public                                                              */

void
stp_compare_view_set_session (StpCompareView *self,
                              StpSession     *session)
{
  g_return_if_fail (STP_IS_COMPARE_VIEW (self));
  g_return_if_fail (session == NULL || STP_IS_SESSION (session));

  if (!stp_session_replace (&self->session, session, self))
    return;
  if (session != NULL)
    stp_session_watch (session, "document", G_CALLBACK (on_document_changed), self);
  else
    on_document_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

StpSession *
stp_compare_view_get_session (StpCompareView *self)
{
  g_return_val_if_fail (STP_IS_COMPARE_VIEW (self), NULL);
  return self->session;
}

/* The rows shown, in their order (filtered and sorted). */
guint
stp_compare_view_get_n_rows (StpCompareView *self)
{
  g_return_val_if_fail (STP_IS_COMPARE_VIEW (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (self->view))));
}

const StpCompareRow *
stp_compare_view_get_row (StpCompareView *self,
                          guint           position)
{
  g_autoptr(StpCompareItem) item = NULL;

  g_return_val_if_fail (STP_IS_COMPARE_VIEW (self), NULL);
  item = g_list_model_get_item (G_LIST_MODEL (gtk_column_view_get_model (GTK_COLUMN_VIEW (self->view))),
                                position);
  /* The document keeps the row. */
  return item != NULL ? item->row : NULL;
}

void
stp_compare_view_set_by (StpCompareView *self,
                         StpCompareBy    by)
{
  g_return_if_fail (STP_IS_COMPARE_VIEW (self));

  for (guint i = 0; i < G_N_ELEMENTS (ways); i++)
    if (ways[i] == by)
      gtk_drop_down_set_selected (GTK_DROP_DOWN (self->by), i);
}

void
stp_compare_view_set_only_slower (StpCompareView *self,
                                  gboolean        only_slower)
{
  g_return_if_fail (STP_IS_COMPARE_VIEW (self));
  gtk_toggle_button_set_active (GTK_TOGGLE_BUTTON (self->only_slower), only_slower);
}

void
stp_compare_view_activate (StpCompareView *self,
                           guint           position)
{
  g_return_if_fail (STP_IS_COMPARE_VIEW (self));
  on_activate (GTK_COLUMN_VIEW (self->view), position, self);
}

gboolean
stp_compare_view_is_busy (StpCompareView *self)
{
  g_return_val_if_fail (STP_IS_COMPARE_VIEW (self), FALSE);
  return stp_worker_is_busy (&self->collector);
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */

static void
stp_compare_view_dispose (GObject *object)
{
  StpCompareView *self = STP_COMPARE_VIEW (object);

  stp_worker_cancel (&self->collector);
  stp_session_replace (&self->session, NULL, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), STP_TYPE_COMPARE_VIEW);
  G_OBJECT_CLASS (stp_compare_view_parent_class)->dispose (object);
}

static void
stp_compare_view_finalize (GObject *object)
{
  StpCompareView *self = STP_COMPARE_VIEW (object);

  g_clear_object (&self->store);
  g_clear_object (&self->filtered);
  g_clear_object (&self->filter);
  g_clear_object (&self->document);
  G_OBJECT_CLASS (stp_compare_view_parent_class)->finalize (object);
}

static void
stp_compare_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  StpCompareView *self = STP_COMPARE_VIEW (object);

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
stp_compare_view_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  StpCompareView *self = STP_COMPARE_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      stp_compare_view_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stp_compare_view_class_init (StpCompareViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stp_compare_view_dispose;
  object_class->finalize = stp_compare_view_finalize;
  object_class->get_property = stp_compare_view_get_property;
  object_class->set_property = stp_compare_view_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, STP_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * StpCompareView::mark-slices:
   * @refs: (element-type StpItemRef): the row's slices in both traces
   */
  signals[MARK_SLICES] =
    g_signal_new ("mark-slices", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_ARRAY);
  signals[CLOSE] =
    g_signal_new ("close", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stepscope/Stepscope/stp-compare-view.ui");
  gtk_widget_class_bind_template_child (widget_class, StpCompareView, box);
  gtk_widget_class_bind_template_child (widget_class, StpCompareView, info);
  gtk_widget_class_bind_template_child (widget_class, StpCompareView, by);
  gtk_widget_class_bind_template_child (widget_class, StpCompareView, only_slower);
  gtk_widget_class_bind_template_child (widget_class, StpCompareView, view);
  gtk_widget_class_bind_template_callback (widget_class, on_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_close);
  gtk_widget_class_bind_template_callback (widget_class, on_by_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_only_slower_toggled);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "compareview");
}

static void
stp_compare_view_init (StpCompareView *self)
{
  g_autoptr(GtkSingleSelection) selection = NULL;
  GtkSortListModel *sorted;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->store = g_list_store_new (STP_TYPE_COMPARE_ITEM);
  self->filter = gtk_custom_filter_new (is_slower, NULL, NULL);
  self->filtered = gtk_filter_list_model_new (G_LIST_MODEL (g_object_ref (self->store)), NULL);
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->filtered)),
                                    g_object_ref (gtk_column_view_get_sorter (GTK_COLUMN_VIEW (self->view))));
  selection = gtk_single_selection_new (G_LIST_MODEL (sorted));
  gtk_single_selection_set_autoselect (selection, FALSE);
  gtk_single_selection_set_can_unselect (selection, TRUE);
  gtk_column_view_set_model (GTK_COLUMN_VIEW (self->view), GTK_SELECTION_MODEL (selection));

  for (Column c = 0; c < N_COLUMNS; c++)
    {
      g_autoptr(GtkColumnViewColumn) col = stp_column_new (column_title (c), c, G_CALLBACK (setup_cell),
                                                           G_CALLBACK (bind_cell), NULL, compare_rows);

      gtk_column_view_column_set_expand (col, c == COLUMN_NAME);
      gtk_column_view_append_column (GTK_COLUMN_VIEW (self->view), col);
    }
}
