/* stp-area-table.c: a selected area, summed up by slice name
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The aggregation runs on a worker thread (an area can span millions of
 * slices); a newer area cancels it.  The table is a GtkColumnView whose
 * column sorters compare with stp_aggregate_compare(), so every column
 * sorts, ties by name.  It sums up the session's selected area; a click
 * on a row marks that name's slices in the session, and closing clears
 * the area.
 */

#define G_LOG_DOMAIN "stp-area-table"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "stp-area-table.h"
#include "stp-column.h"
#include "stp-render-view.h"
#include "stp-worker.h"

/* One row of the table, as a list item. */
#define STP_TYPE_AREA_ROW (stp_area_row_get_type ())
G_DECLARE_FINAL_TYPE (StpAreaRow, stp_area_row, STP, AREA_ROW, GObject)

struct _StpAreaRow
{
  GObject         parent_instance;
  StpAggregateRow row;
  StpTrace       *trace;
};

G_DEFINE_FINAL_TYPE (StpAreaRow, stp_area_row, G_TYPE_OBJECT)

static void
stp_area_row_finalize (GObject *object)
{
  g_clear_pointer (&STP_AREA_ROW (object)->trace, stp_trace_unref);
  G_OBJECT_CLASS (stp_area_row_parent_class)->finalize (object);
}

static void
stp_area_row_class_init (StpAreaRowClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = stp_area_row_finalize;
}

static void
stp_area_row_init (StpAreaRow *self)
{
}

struct _StpAreaTable
{
  GtkWidget       parent_instance;

  /* Template */
  GtkWidget      *box;
  GtkWidget      *summary;
  GtkWidget      *spinner;
  GtkWidget      *hint;
  GtkWidget      *view;
  GListStore     *store;
  GtkSortListModel *sorted;
  GtkColumnViewColumn *columns[STP_AGGREGATE_SELF + 1];

  StpSession     *session;
  StpTrace       *trace;         /* what the rows sum up */
  StpArea        *area;
  StpWorker       worker;        /* sums up the area */
};

enum {
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];


G_DEFINE_FINAL_TYPE (StpAreaTable, stp_area_table, GTK_TYPE_WIDGET)

/* As shown: self time next to the total. */
static const StpAggregateColumn display_order[] = {
  STP_AGGREGATE_NAME, STP_AGGREGATE_COUNT, STP_AGGREGATE_TOTAL, STP_AGGREGATE_SELF,
  STP_AGGREGATE_AVERAGE, STP_AGGREGATE_MIN, STP_AGGREGATE_MAX,
};

static const char *
column_title (StpAggregateColumn column)
{
  switch (column)
    {
    case STP_AGGREGATE_NAME:    return _("Name");
    case STP_AGGREGATE_COUNT:   return _("Count");
    case STP_AGGREGATE_TOTAL:   return _("Total");
    /* Translators: a short column header, the average duration */
    case STP_AGGREGATE_AVERAGE: return _("Avg");
    case STP_AGGREGATE_MIN:     return _("Min");
    case STP_AGGREGATE_MAX:     return _("Max");
    /* Translators: a short column header, the total self time */
    case STP_AGGREGATE_SELF:    return _("Self");
    default:                    return "";
    }
}

static char *
cell_text (const StpAreaRow    *item,
           StpAggregateColumn   column)
{
  const StpAggregateRow *row = &item->row;

  switch (column)
    {
    case STP_AGGREGATE_NAME:    return stp_aggregate_row_dup_name (row, item->trace);
    case STP_AGGREGATE_COUNT:   return g_strdup_printf ("%u", row->count);
    case STP_AGGREGATE_TOTAL:   return stp_format_duration (row->total);
    case STP_AGGREGATE_AVERAGE: return stp_format_duration (stp_aggregate_row_average (row));
    case STP_AGGREGATE_MIN:     return stp_format_duration (row->min);
    case STP_AGGREGATE_MAX:     return stp_format_duration (row->max);
    case STP_AGGREGATE_SELF:    return stp_format_duration (row->self_total);
    default:                    return g_strdup ("");
    }
}

/* A cell as copied: durations in µs without a unit. */
static char *
copy_text (const StpAreaRow   *item,
           StpAggregateColumn  column)
{
  const StpAggregateRow *row = &item->row;

  switch (column)
    {
    case STP_AGGREGATE_TOTAL:   return stp_format_us_number (row->total);
    case STP_AGGREGATE_AVERAGE: return stp_format_us_number (stp_aggregate_row_average (row));
    case STP_AGGREGATE_MIN:     return stp_format_us_number (row->min);
    case STP_AGGREGATE_MAX:     return stp_format_us_number (row->max);
    case STP_AGGREGATE_SELF:    return stp_format_us_number (row->self_total);
    default:                    return cell_text (item, column);
    }
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            gpointer                  user_data)
{
  StpAggregateColumn column = GPOINTER_TO_INT (user_data);

  gtk_list_item_set_child (list_item, stp_cell_label_new (column == STP_AGGREGATE_NAME ? STP_CELL_TEXT
                                                                                       : STP_CELL_NUMBER));
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           gpointer                  user_data)
{
  StpAreaRow *item = gtk_list_item_get_item (list_item);
  g_autofree char *text = cell_text (item, GPOINTER_TO_INT (user_data));
  GtkWidget *label = gtk_list_item_get_child (list_item);

  gtk_label_set_label (GTK_LABEL (label), text);
  if (GPOINTER_TO_INT (user_data) == STP_AGGREGATE_NAME)
    gtk_widget_set_tooltip_text (label, text);
}

static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  const StpAreaRow *ra = a;
  const StpAreaRow *rb = b;

  return stp_ordering_from_int (stp_aggregate_compare (&ra->row, &rb->row, ra->trace, GPOINTER_TO_INT (user_data)));
}

static void
add_column (StpAreaTable       *self,
            StpAggregateColumn  column)
{
  GtkColumnViewColumn *col = stp_column_new (column_title (column), column, G_CALLBACK (setup_cell),
                                             G_CALLBACK (bind_cell), NULL, compare_rows);

  gtk_column_view_column_set_expand (col, column == STP_AGGREGATE_NAME);
  gtk_column_view_append_column (GTK_COLUMN_VIEW (self->view), col);
  self->columns[column] = col;
  g_object_unref (col);
}

static void
on_activate (GtkColumnView *view,
             guint          position,
             StpAreaTable  *self)
{
  g_autoptr(StpAreaRow) item = g_list_model_get_item (G_LIST_MODEL (self->sorted), position);
  g_autoptr(GArray) refs = NULL;

  /* Its slices are marked on the timeline. */
  if (item == NULL || self->trace == NULL)
    return;
  refs = stp_aggregate_collect (self->trace, self->area, &item->row);
  stp_session_set_marked (self->session, refs);
}

/* ------------------------------------------------------------------ */
/* Aggregating                                                         */

typedef struct
{
  StpTrace *trace;
  StpArea  *area;
} Job;

static void
job_free (Job *job)
{
  stp_trace_unref (job->trace);
  stp_area_free (job->area);
  g_free (job);
}

static void
aggregate_thread (GTask        *task,
                  gpointer      source_object,
                  gpointer      task_data,
                  GCancellable *cancellable)
{
  Job *job = task_data;
  GError *error = NULL;
  GArray *rows = stp_aggregate_area (job->trace, job->area, cancellable, &error);

  if (rows == NULL)
    g_task_return_error (task, error);
  else
    g_task_return_pointer (task, rows, (GDestroyNotify) g_array_unref);
}

static void
update_summary (StpAreaTable *self,
                GArray       *rows)
{
  guint slices = 0;
  g_autofree char *span = stp_format_duration (self->area->end - self->area->start);
  g_autofree char *names = NULL;
  g_autofree char *counts = NULL;
  g_autofree char *text = NULL;

  for (guint i = 0; i < rows->len; i++)
    slices += g_array_index (rows, StpAggregateRow, i).count;

  counts = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u slice", "%u slices", slices), slices);
  names = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u track", "%u tracks", self->area->tracks->len),
                           self->area->tracks->len);
  text = g_strdup_printf ("%s · %s · %s", counts, names, span);
  gtk_label_set_label (GTK_LABEL (self->summary), text);
}

static void
on_aggregated (gpointer      owner,
               GAsyncResult *result)
{
  StpAreaTable *self = owner;
  g_autoptr(GArray) rows = g_task_propagate_pointer (G_TASK (result), NULL);

  if (rows == NULL)
    return;

  gtk_spinner_stop (GTK_SPINNER (self->spinner));
  gtk_widget_set_visible (self->spinner, FALSE);

  for (guint i = 0; i < rows->len; i++)
    {
      StpAreaRow *item = g_object_new (STP_TYPE_AREA_ROW, NULL);

      item->row = g_array_index (rows, StpAggregateRow, i);
      item->trace = stp_trace_ref (self->trace);
      g_list_store_append (self->store, item);
      g_object_unref (item);
    }

  update_summary (self, rows);
  gtk_widget_set_visible (self->hint, rows->len > 0);
}

static void
on_selected_area_changed (StpAreaTable *self)
{
  StpTrace *trace = stp_session_get_trace (self->session);
  const StpArea *area = stp_session_get_selected_area (self->session);
  Job *job;

  stp_worker_cancel (&self->worker);
  g_list_store_remove_all (self->store);
  g_clear_pointer (&self->area, stp_area_free);
  g_clear_pointer (&self->trace, stp_trace_unref);
  gtk_label_set_label (GTK_LABEL (self->summary), "");
  gtk_widget_set_visible (self->hint, FALSE);

  if (trace == NULL || area == NULL)
    return;

  self->trace = stp_trace_ref (trace);
  self->area = stp_area_copy (area);
  gtk_widget_set_visible (self->spinner, TRUE);
  gtk_spinner_start (GTK_SPINNER (self->spinner));

  job = g_new0 (Job, 1);
  job->trace = stp_trace_ref (trace);
  job->area = stp_area_copy (area);

  stp_worker_run (&self->worker, self, "[stepscope] aggregate area",
                  aggregate_thread, job, (GDestroyNotify) job_free, on_aggregated);
}

StpSession *
stp_area_table_get_session (StpAreaTable *self)
{
  g_return_val_if_fail (STP_IS_AREA_TABLE (self), NULL);
  return self->session;
}

void
stp_area_table_set_session (StpAreaTable *self,
                            StpSession   *session)
{
  g_return_if_fail (STP_IS_AREA_TABLE (self));
  g_return_if_fail (session == NULL || STP_IS_SESSION (session));

  if (!stp_session_replace (&self->session, session, self))
    return;
  if (session != NULL)
    stp_session_watch (session, "selected-area", G_CALLBACK (on_selected_area_changed), self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

gboolean
stp_area_table_is_busy (StpAreaTable *self)
{
  g_return_val_if_fail (STP_IS_AREA_TABLE (self), FALSE);
  return stp_worker_is_busy (&self->worker);
}

guint
stp_area_table_get_n_rows (StpAreaTable *self)
{
  g_return_val_if_fail (STP_IS_AREA_TABLE (self), 0);
  return g_list_model_get_n_items (G_LIST_MODEL (self->sorted));
}

const StpAggregateRow *
stp_area_table_get_row (StpAreaTable *self,
                        guint         position)
{
  g_autoptr(StpAreaRow) item = NULL;

  g_return_val_if_fail (STP_IS_AREA_TABLE (self), NULL);

  item = g_list_model_get_item (G_LIST_MODEL (self->sorted), position);
  /* The store keeps the item alive. */
  return item != NULL ? &item->row : NULL;
}

void
stp_area_table_sort_by (StpAreaTable       *self,
                        StpAggregateColumn  column,
                        gboolean            descending)
{
  g_return_if_fail (STP_IS_AREA_TABLE (self));
  g_return_if_fail (column <= STP_AGGREGATE_SELF);

  gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (self->view), self->columns[column],
                                  descending ? GTK_SORT_DESCENDING : GTK_SORT_ASCENDING);
}

void
stp_area_table_activate (StpAreaTable *self,
                         guint         position)
{
  g_return_if_fail (STP_IS_AREA_TABLE (self));
  g_signal_emit_by_name (self->view, "activate", position);
}

char *
stp_area_table_get_text (StpAreaTable *self)
{
  GString *text = g_string_new (NULL);
  guint n;

  g_return_val_if_fail (STP_IS_AREA_TABLE (self), NULL);

  /* Numbers as numbers, the unit in the header: a spreadsheet sums them. */
  for (guint c = 0; c < G_N_ELEMENTS (display_order); c++)
    g_string_append_printf (text, "%s%s%s", c ? "\t" : "", column_title (display_order[c]),
                            display_order[c] == STP_AGGREGATE_NAME || display_order[c] == STP_AGGREGATE_COUNT
                            ? "" : " (µs)");
  g_string_append_c (text, '\n');

  n = g_list_model_get_n_items (G_LIST_MODEL (self->sorted));
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(StpAreaRow) item = g_list_model_get_item (G_LIST_MODEL (self->sorted), i);

      for (guint c = 0; c < G_N_ELEMENTS (display_order); c++)
        {
          g_autofree char *cell = copy_text (item, display_order[c]);

          g_string_append_printf (text, "%s%s", c ? "\t" : "", cell);
        }
      g_string_append_c (text, '\n');
    }

  return g_string_free (text, FALSE);
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */

GtkWidget *
stp_area_table_new (void)
{
  return g_object_new (STP_TYPE_AREA_TABLE, NULL);
}

static void
stp_area_table_dispose (GObject *object)
{
  StpAreaTable *self = STP_AREA_TABLE (object);

  stp_worker_cancel (&self->worker);
  stp_session_replace (&self->session, NULL, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), STP_TYPE_AREA_TABLE);
  G_OBJECT_CLASS (stp_area_table_parent_class)->dispose (object);
}

static void
stp_area_table_finalize (GObject *object)
{
  StpAreaTable *self = STP_AREA_TABLE (object);

  g_clear_object (&self->store);
  g_clear_object (&self->sorted);
  g_clear_pointer (&self->area, stp_area_free);
  g_clear_pointer (&self->trace, stp_trace_unref);
  G_OBJECT_CLASS (stp_area_table_parent_class)->finalize (object);
}

static void
stp_area_table_get_property (GObject    *object,
                             guint       prop_id,
                             GValue     *value,
                             GParamSpec *pspec)
{
  StpAreaTable *self = STP_AREA_TABLE (object);

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
stp_area_table_set_property (GObject      *object,
                             guint         prop_id,
                             const GValue *value,
                             GParamSpec   *pspec)
{
  StpAreaTable *self = STP_AREA_TABLE (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      stp_area_table_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

/* Done with the area: it is no longer selected. */
static void
on_close (StpAreaTable *self)
{
  if (self->session != NULL)
    stp_session_set_selected_area (self->session, NULL);
}

static void
stp_area_table_class_init (StpAreaTableClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stp_area_table_dispose;
  object_class->finalize = stp_area_table_finalize;
  object_class->get_property = stp_area_table_get_property;
  object_class->set_property = stp_area_table_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, STP_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stepscope/Stepscope/stp-area-table.ui");
  gtk_widget_class_bind_template_child (widget_class, StpAreaTable, box);
  gtk_widget_class_bind_template_child (widget_class, StpAreaTable, summary);
  gtk_widget_class_bind_template_child (widget_class, StpAreaTable, spinner);
  gtk_widget_class_bind_template_child (widget_class, StpAreaTable, hint);
  gtk_widget_class_bind_template_child (widget_class, StpAreaTable, view);
  gtk_widget_class_bind_template_callback (widget_class, on_close);
  gtk_widget_class_bind_template_callback (widget_class, on_activate);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "areatable");
}

static void
stp_area_table_init (StpAreaTable *self)
{
  g_autoptr(GtkSingleSelection) selection = NULL;

  gtk_widget_init_template (GTK_WIDGET (self));

  self->store = g_list_store_new (STP_TYPE_AREA_ROW);
  self->sorted = gtk_sort_list_model_new (G_LIST_MODEL (g_object_ref (self->store)),
                                          g_object_ref (gtk_column_view_get_sorter (GTK_COLUMN_VIEW (self->view))));
  selection = gtk_single_selection_new (G_LIST_MODEL (g_object_ref (self->sorted)));
  gtk_single_selection_set_autoselect (selection, FALSE);
  gtk_single_selection_set_can_unselect (selection, TRUE);
  gtk_column_view_set_model (GTK_COLUMN_VIEW (self->view), GTK_SELECTION_MODEL (selection));

  for (guint c = 0; c < G_N_ELEMENTS (display_order); c++)
    add_column (self, display_order[c]);
  gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (self->view), self->columns[STP_AGGREGATE_TOTAL],
                                  GTK_SORT_DESCENDING);
}
