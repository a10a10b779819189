/* stp-summary-columns.c: the summary table's rows, cells and sorters
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A row of the table is an StpSummaryItem: a row of an StpSummary, which
 * its items share (StpSummaryData), and the cumulative share it has in
 * the order shown.  Each column's factory makes its cells (a tree
 * expander for scope names, a bar beside the share) and its sorter
 * compares rows ascending by the column, ties as stepscope-cli breaks
 * them once the column view turns the order round.
 */

#define G_LOG_DOMAIN "stp-summary-columns"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "stp-column.h"
#include "stp-render-view.h"
#include "stp-summary-columns.h"

static void
stp_summary_data_clear (gpointer data)
{
  g_clear_pointer (&((StpSummaryData *) data)->summary, stp_summary_free);
  g_clear_pointer (&((StpSummaryData *) data)->trace, stp_trace_unref);
}

StpSummaryData *
stp_summary_data_new (StpSummary *summary,
                      StpTrace   *trace)
{
  StpSummaryData *data = g_rc_box_new0 (StpSummaryData);

  data->summary = summary;
  data->trace = stp_trace_ref (trace);
  return data;
}

void
stp_summary_data_unref (StpSummaryData *data)
{
  g_rc_box_release_full (data, stp_summary_data_clear);
}

/* ------------------------------------------------------------------ */
/* One row, as a list item                                             */

struct _StpSummaryItem
{
  GObject              parent_instance;
  StpSummaryData      *data;
  const StpSummaryRow *row;
  double               cumulative;   /* in the order shown */
};

enum {
  ITEM_PROP_0,
  ITEM_PROP_CUMULATIVE,
  ITEM_N_PROPS
};

static GParamSpec *item_properties[ITEM_N_PROPS];

G_DEFINE_FINAL_TYPE (StpSummaryItem, stp_summary_item, G_TYPE_OBJECT)

static void
stp_summary_item_finalize (GObject *object)
{
  g_clear_pointer (&STP_SUMMARY_ITEM (object)->data, stp_summary_data_unref);
  G_OBJECT_CLASS (stp_summary_item_parent_class)->finalize (object);
}

static void
stp_summary_item_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  switch (prop_id)
    {
    case ITEM_PROP_CUMULATIVE:
      g_value_set_double (value, STP_SUMMARY_ITEM (object)->cumulative);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stp_summary_item_class_init (StpSummaryItemClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = stp_summary_item_finalize;
  object_class->get_property = stp_summary_item_get_property;

  item_properties[ITEM_PROP_CUMULATIVE] =
    g_param_spec_double ("cumulative", NULL, NULL, 0, G_MAXDOUBLE, 0,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, ITEM_N_PROPS, item_properties);
}

static void
stp_summary_item_init (StpSummaryItem *self)
{
}

StpSummaryItem *
stp_summary_item_new (StpSummaryData      *data,
                      const StpSummaryRow *row)
{
  StpSummaryItem *item = g_object_new (STP_TYPE_SUMMARY_ITEM, NULL);

  item->data = g_rc_box_acquire (data);
  item->row = row;
  item->cumulative = row->cumulative_percent;
  return item;
}

const StpSummaryRow *
stp_summary_item_get_row (StpSummaryItem *self)
{
  g_return_val_if_fail (STP_IS_SUMMARY_ITEM (self), NULL);
  return self->row;
}

const StpSummary *
stp_summary_item_get_summary (StpSummaryItem *self)
{
  g_return_val_if_fail (STP_IS_SUMMARY_ITEM (self), NULL);
  return self->data->summary;
}

double
stp_summary_item_get_cumulative (StpSummaryItem *self)
{
  g_return_val_if_fail (STP_IS_SUMMARY_ITEM (self), 0);
  return self->cumulative;
}

void
stp_summary_item_set_cumulative (StpSummaryItem *self,
                                 double          cumulative)
{
  if (self->cumulative == cumulative)
    return;
  self->cumulative = cumulative;
  g_object_notify_by_pspec (G_OBJECT (self), item_properties[ITEM_PROP_CUMULATIVE]);
}

const char *
stp_summary_column_title (StpSummaryColumn column,
              StpSummaryBy     by)
{
  switch (column)
    {
    case STP_SUMMARY_COLUMN_NAME:
      if (by == STP_SUMMARY_BY_TRACE)
        return _("Trace");
      return by == STP_SUMMARY_BY_DEVICE ? _("Device") : by == STP_SUMMARY_BY_SCOPE ? _("Scope") : _("Op Type");
    case STP_SUMMARY_COLUMN_TIME:
      /* Translators: a column header; scope rows count their whole subtree */
      /* Translators: a column header; a device's busy time, nesting counted once */
      return by == STP_SUMMARY_BY_SCOPE ? _("Total") : stp_summary_by_is_busy_time (by) ? _("Busy") : _("Time");
    /* Translators: a column header, the time not spent in nested ops */
    case STP_SUMMARY_COLUMN_SELF:        return _("Self");
    /* Translators: a column header, the share of the summed time */
    case STP_SUMMARY_COLUMN_PERCENT:     return _("Share");
    /* Translators: a column header, the share of this row and those above */
    case STP_SUMMARY_COLUMN_CUMULATIVE:  return _("Cumulative");
    /* Translators: a column header, time on GPUs or TPUs */
    case STP_SUMMARY_COLUMN_ACCELERATOR: return _("Accelerator");
    case STP_SUMMARY_COLUMN_CPU:         return _("CPU");
    /* Translators: a column header, how many times an op ran */
    case STP_SUMMARY_COLUMN_COUNT:       return _("Count");
    /* Translators: a column header, the average time of one run */
    case STP_SUMMARY_COLUMN_AVERAGE:     return _("Average");
    case STP_SUMMARY_N_COLUMNS:
    default:                             return "";
    }
}

static char *
format_percent (double percent)
{
  /* Translators: a share in percent; use your language's spacing */
  return g_strdup_printf (_("%.2f %%"), percent);
}

char *
stp_summary_item_cell_text (StpSummaryItem   *item,
           StpSummaryColumn  column)
{
  const StpSummaryRow *row = item->row;

  switch (column)
    {
    case STP_SUMMARY_COLUMN_NAME:        return g_strdup (row->name);
    case STP_SUMMARY_COLUMN_TIME:        return stp_format_duration (row->time);
    case STP_SUMMARY_COLUMN_SELF:        return stp_format_duration (row->self_time);
    case STP_SUMMARY_COLUMN_PERCENT:     return format_percent (row->percent);
    case STP_SUMMARY_COLUMN_CUMULATIVE:  return format_percent (item->cumulative);
    case STP_SUMMARY_COLUMN_ACCELERATOR:
      return row->accelerator_time ? stp_format_duration (row->accelerator_time) : g_strdup ("—");
    case STP_SUMMARY_COLUMN_CPU:
      return row->cpu_time ? stp_format_duration (row->cpu_time) : g_strdup ("—");
    case STP_SUMMARY_COLUMN_COUNT:
      return g_strdup_printf ("%" G_GUINT64_FORMAT, row->occurrences);
    case STP_SUMMARY_COLUMN_AVERAGE:
      return row->occurrences ? stp_format_duration (row->time / (gint64) row->occurrences) : g_strdup ("—");
    case STP_SUMMARY_N_COLUMNS:
    default:
      return g_strdup ("");
    }
}

char *
stp_summary_column_copy_title (StpSummaryColumn column,
                               StpSummaryBy     by)
{
  const char *title = stp_summary_column_title (column, by);

  switch (column)
    {
    case STP_SUMMARY_COLUMN_NAME:
    case STP_SUMMARY_COLUMN_COUNT:
      return g_strdup (title);
    case STP_SUMMARY_COLUMN_PERCENT:
    case STP_SUMMARY_COLUMN_CUMULATIVE:
      return g_strdup_printf ("%s (%%)", title);
    default:
      return g_strdup_printf ("%s (µs)", title);
    }
}

static char *
copy_percent (double percent)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];

  return g_strdup (g_ascii_formatd (buf, sizeof buf, "%.2f", percent));
}

char *
stp_summary_item_copy_text (StpSummaryItem   *item,
                            StpSummaryColumn  column)
{
  const StpSummaryRow *row = item->row;

  switch (column)
    {
    case STP_SUMMARY_COLUMN_TIME:        return stp_format_us_number (row->time);
    case STP_SUMMARY_COLUMN_SELF:        return stp_format_us_number (row->self_time);
    case STP_SUMMARY_COLUMN_PERCENT:     return copy_percent (row->percent);
    case STP_SUMMARY_COLUMN_CUMULATIVE:  return copy_percent (item->cumulative);
    case STP_SUMMARY_COLUMN_ACCELERATOR: return stp_format_us_number (row->accelerator_time);
    case STP_SUMMARY_COLUMN_CPU:         return stp_format_us_number (row->cpu_time);
    case STP_SUMMARY_COLUMN_AVERAGE:
      return row->occurrences ? stp_format_us_number (row->time / (gint64) row->occurrences) : g_strdup ("");
    case STP_SUMMARY_COLUMN_NAME:
    case STP_SUMMARY_COLUMN_COUNT:
    case STP_SUMMARY_N_COLUMNS:
    default:
      return stp_summary_item_cell_text (item, column);
    }
}

void
stp_summary_item_update_cumulative (GListModel       *rows,
                                    const StpSummary *summary)
{
  double total;
  gint64 sum = 0, base;
  guint n;

  g_return_if_fail (G_IS_LIST_MODEL (rows));
  g_return_if_fail (summary != NULL);

  if (summary->by == STP_SUMMARY_BY_SCOPE)
    return;

  /* Device rows share out the summed self time (see stp-summary.h). */
  base = stp_summary_by_is_busy_time (summary->by) ? summary->self_time : summary->total_time;
  total = base > 0 ? (double) base : 1.0;
  n = g_list_model_get_n_items (rows);
  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GtkTreeListRow) row = g_list_model_get_item (rows, i);
      StpSummaryItem *item = stp_summary_item_peek (row);

      sum += item->row->time;
      stp_summary_item_set_cumulative (item, 100.0 * sum / total);
    }
}

/* The row's item; the tree keeps it alive. */
StpSummaryItem *
stp_summary_item_peek (GtkTreeListRow *row)
{
  StpSummaryItem *item = row != NULL ? gtk_tree_list_row_get_item (row) : NULL;

  if (item != NULL)
    g_object_unref (item);
  return item;
}

static StpSummaryItem *
list_item_get_summary_item (GtkListItem *list_item)
{
  return stp_summary_item_peek (gtk_list_item_get_item (list_item));
}

/* ------------------------------------------------------------------ */
/* Cells                                                               */

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            gpointer                  user_data)
{
  StpSummaryColumn column = GPOINTER_TO_INT (user_data);
  GtkWidget *label = stp_cell_label_new (column == STP_SUMMARY_COLUMN_NAME ? STP_CELL_NAME : STP_CELL_NUMBER);

  if (column == STP_SUMMARY_COLUMN_NAME)
    {
      gtk_list_item_set_child (list_item, label);
      return;
    }

  if (column == STP_SUMMARY_COLUMN_PERCENT)
    {
      /* The share as a bar too: the big rows stand out at a glance. */
      GtkWidget *box = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 8);
      GtkWidget *bar = gtk_level_bar_new_for_interval (0, 100);

      gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_LOW);
      gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_HIGH);
      gtk_level_bar_remove_offset_value (GTK_LEVEL_BAR (bar), GTK_LEVEL_BAR_OFFSET_FULL);
      gtk_widget_set_size_request (bar, 48, -1);
      gtk_widget_set_valign (bar, GTK_ALIGN_CENTER);
      gtk_widget_add_css_class (bar, "share-bar");
      gtk_label_set_width_chars (GTK_LABEL (label), 8);
      gtk_widget_set_hexpand (label, TRUE);
      gtk_box_append (GTK_BOX (box), bar);
      gtk_box_append (GTK_BOX (box), label);
      gtk_list_item_set_child (list_item, box);
      return;
    }

  gtk_list_item_set_child (list_item, label);
}

static void
setup_scope_cell (GtkSignalListItemFactory *factory,
                  GtkListItem              *list_item,
                  gpointer                  user_data)
{
  GtkWidget *expander = gtk_tree_expander_new ();
  GtkWidget *label = stp_cell_label_new (STP_CELL_NAME);

  gtk_tree_expander_set_child (GTK_TREE_EXPANDER (expander), label);
  gtk_list_item_set_child (list_item, expander);
}

/* Names can be empty (a scope of "/name", an op without one). */
static void
set_name_label (GtkWidget  *label,
                const char *name,
                const char *tooltip)
{
  gboolean empty = name[0] == '\0';

  gtk_label_set_use_markup (GTK_LABEL (label), FALSE);
  gtk_label_set_label (GTK_LABEL (label), empty ? _("(no name)") : name);
  gtk_widget_set_tooltip_text (label, empty ? NULL : tooltip);
  if (empty)
    gtk_widget_add_css_class (label, "dim-label");
  else
    gtk_widget_remove_css_class (label, "dim-label");
}

/* Devices as on the timeline: processes of the same name differ by pid. */
static void
set_device_label (GtkWidget      *label,
                  StpSummaryItem *item)
{
  const StpTrace *trace = item->data->trace;
  const StpProcess *process = stp_trace_get_process (trace, item->row->process);
  g_autofree char *pid = process->pid_str != STP_STR_EMPTY
                         ? g_strdup (stp_trace_str (trace, process->pid_str))
                         : g_strdup_printf ("%" G_GINT64_FORMAT, process->pid);
  g_autofree char *markup = g_markup_printf_escaped ("%s  <span alpha=\"55%%\" size=\"small\">pid %s</span>",
                                                     item->row->name, pid);
  g_autofree char *tooltip = g_strdup_printf ("%s (pid %s)", item->row->name, pid);

  gtk_widget_remove_css_class (label, "dim-label");
  gtk_label_set_markup (GTK_LABEL (label), markup);
  gtk_widget_set_tooltip_text (label, tooltip);
}

static void
on_cumulative_changed (StpSummaryItem *item,
                       GParamSpec     *pspec,
                       GtkLabel       *label)
{
  g_autofree char *text = stp_summary_item_cell_text (item, STP_SUMMARY_COLUMN_CUMULATIVE);

  gtk_label_set_label (label, text);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           gpointer                  user_data)
{
  StpSummaryColumn column = GPOINTER_TO_INT (user_data);
  StpSummaryItem *item = list_item_get_summary_item (list_item);
  g_autofree char *text = stp_summary_item_cell_text (item, column);
  GtkWidget *child = gtk_list_item_get_child (list_item);

  if (column == STP_SUMMARY_COLUMN_PERCENT)
    {
      gtk_level_bar_set_value (GTK_LEVEL_BAR (gtk_widget_get_first_child (child)),
                               CLAMP (item->row->percent, 0, 100));
      child = gtk_widget_get_last_child (child);
    }

  if (column == STP_SUMMARY_COLUMN_NAME)
    {
      if (item->data->summary->by == STP_SUMMARY_BY_DEVICE && item->row->process != STP_INDEX_NONE)
        set_device_label (child, item);
      else
        set_name_label (child, item->row->name, text);
      return;
    }
  gtk_label_set_label (GTK_LABEL (child), text);
  if (column == STP_SUMMARY_COLUMN_CUMULATIVE)
    g_signal_connect_object (item, "notify::cumulative", G_CALLBACK (on_cumulative_changed), child, 0);
}

static void
unbind_cell (GtkSignalListItemFactory *factory,
             GtkListItem              *list_item,
             gpointer                  user_data)
{
  StpSummaryItem *item = list_item_get_summary_item (list_item);

  if (item != NULL && GPOINTER_TO_INT (user_data) == STP_SUMMARY_COLUMN_CUMULATIVE)
    g_signal_handlers_disconnect_by_func (item, on_cumulative_changed, gtk_list_item_get_child (list_item));
}

static void
bind_scope_cell (GtkSignalListItemFactory *factory,
                 GtkListItem              *list_item,
                 gpointer                  user_data)
{
  GtkTreeListRow *row = gtk_list_item_get_item (list_item);
  StpSummaryItem *item = stp_summary_item_peek (row);
  GtkWidget *expander = gtk_list_item_get_child (list_item);
  GtkWidget *label = gtk_tree_expander_get_child (GTK_TREE_EXPANDER (expander));

  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (expander), row);
  set_name_label (label, item->row->name, item->row->path);
}

static void
unbind_scope_cell (GtkSignalListItemFactory *factory,
                   GtkListItem              *list_item,
                   gpointer                  user_data)
{
  gtk_tree_expander_set_list_row (GTK_TREE_EXPANDER (gtk_list_item_get_child (list_item)), NULL);
}

/* ------------------------------------------------------------------ */
/* Sorting                                                             */

static int
compare_int (gint64 a,
             gint64 b)
{
  return a < b ? -1 : a > b;
}

/* Ascending by the column; ties the reverse of stepscope-cli's order
 * (time, then name), so that the descending sort a column view makes
 * of it breaks ties as the CLI does. */
static int
compare_items (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  const StpSummaryRow *ra = ((const StpSummaryItem *) a)->row;
  const StpSummaryRow *rb = ((const StpSummaryItem *) b)->row;
  int r = 0;

  switch ((StpSummaryColumn) GPOINTER_TO_INT (user_data))
    {
    case STP_SUMMARY_COLUMN_NAME:
      r = strcmp (ra->name, rb->name);
      if (r == 0)
        r = compare_int (ra->process, rb->process);
      return r < 0 ? GTK_ORDERING_SMALLER : r > 0 ? GTK_ORDERING_LARGER : GTK_ORDERING_EQUAL;
    case STP_SUMMARY_COLUMN_SELF:
      r = compare_int (ra->self_time, rb->self_time);
      break;
    case STP_SUMMARY_COLUMN_CUMULATIVE:
      /* The longest row comes first in a rising cumulative share. */
      r = -compare_int (ra->time, rb->time);
      break;
    case STP_SUMMARY_COLUMN_ACCELERATOR:
      r = compare_int (ra->accelerator_time, rb->accelerator_time);
      break;
    case STP_SUMMARY_COLUMN_CPU:
      r = compare_int (ra->cpu_time, rb->cpu_time);
      break;
    case STP_SUMMARY_COLUMN_COUNT:
      r = ra->occurrences < rb->occurrences ? -1 : ra->occurrences > rb->occurrences;
      break;
    case STP_SUMMARY_COLUMN_AVERAGE:
      r = compare_int (ra->occurrences ? ra->time / (gint64) ra->occurrences : 0,
                       rb->occurrences ? rb->time / (gint64) rb->occurrences : 0);
      break;
    case STP_SUMMARY_COLUMN_TIME:
    case STP_SUMMARY_COLUMN_PERCENT:
    case STP_SUMMARY_N_COLUMNS:
    default:
      break;
    }

  if (r == 0)
    r = compare_int (ra->time, rb->time);
  if (r == 0)
    r = -strcmp (ra->name, rb->name);
  if (r == 0)
    r = -compare_int (ra->process, rb->process);
  return stp_ordering_from_int (r);
}

GListModel *
stp_summary_item_create_children (gpointer item,
                 gpointer user_data)
{
  StpSummaryItem *parent = item;
  GPtrArray *children = parent->row->children;
  GListStore *store;

  if (children == NULL || children->len == 0)
    return NULL;

  store = g_list_store_new (STP_TYPE_SUMMARY_ITEM);
  for (guint i = 0; i < children->len; i++)
    {
      g_autoptr(StpSummaryItem) child = stp_summary_item_new (parent->data, g_ptr_array_index (children, i));

      g_list_store_append (store, child);
    }
  return G_LIST_MODEL (store);
}

GtkColumnViewColumn *
stp_summary_column_new (StpSummaryColumn column,
                        gboolean         tree)
{
  const char *title;
  GtkColumnViewColumn *col;

  g_return_val_if_fail (column < STP_SUMMARY_N_COLUMNS, NULL);
  g_return_val_if_fail (!tree || column == STP_SUMMARY_COLUMN_NAME, NULL);

  title = stp_summary_column_title (column, tree ? STP_SUMMARY_BY_SCOPE : STP_SUMMARY_BY_OP);
  if (tree)
    col = stp_column_new (title, column, G_CALLBACK (setup_scope_cell), G_CALLBACK (bind_scope_cell),
                          G_CALLBACK (unbind_scope_cell), compare_items);
  else
    col = stp_column_new (title, column, G_CALLBACK (setup_cell), G_CALLBACK (bind_cell),
                          G_CALLBACK (unbind_cell), compare_items);
  if (column == STP_SUMMARY_COLUMN_NAME)
    gtk_column_view_column_set_expand (col, TRUE);
  return col;
}
