/* stp-step-table-view.c: the steps of several traces side by side
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A row per step (lined up by number across the traces open side by
 * side), a column per trace with the step's duration there, the slowest
 * trace of each step in bold and marked, and under them each trace's
 * median and spread: the table `stepscope-cli steps` prints.  Enter or a
 * double click on a row selects the step in every trace; a double click
 * on a cell selects it in that trace only.
 */

#define G_LOG_DOMAIN "stp-step-table-view"

#include "config.h"

#include <glib/gi18n.h>

#include "stp-column.h"
#include "stp-render-view.h"
#include "stp-step-table-view.h"

/* What a row shows: a step (its key), or a summary of every trace. */
typedef enum
{
  ROW_STEP,
  ROW_MEDIAN,
  ROW_SPREAD,
} RowKind;

#define STP_TYPE_STEP_KEY_ITEM (stp_step_key_item_get_type ())
G_DECLARE_FINAL_TYPE (StpStepKeyItem, stp_step_key_item, STP, STEP_KEY_ITEM, GObject)

struct _StpStepKeyItem
{
  GObject parent_instance;
  RowKind kind;
  guint   key;
};

G_DEFINE_FINAL_TYPE (StpStepKeyItem, stp_step_key_item, G_TYPE_OBJECT)

static void
stp_step_key_item_class_init (StpStepKeyItemClass *klass)
{
}

static void
stp_step_key_item_init (StpStepKeyItem *self)
{
}

struct _StpStepTableView
{
  GtkWidget      parent_instance;

  GtkWidget     *scroller;
  GtkColumnView *view;
  GListStore    *store;
  StpStepTable  *table;
};

enum {
  RANGE_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (StpStepTableView, stp_step_table_view, GTK_TYPE_WIDGET)

/* The column of trace t is number t + 1; column 0 names the step. */
#define TRACE_OF_COLUMN(c) ((guint) (c) - 1)

static char *
step_name (StpStepTableView     *self,
           const StpStepKeyItem *item)
{
  switch (item->kind)
    {
    case ROW_MEDIAN:
      return g_strdup (_("Median"));
    case ROW_SPREAD:
      /* Translators: the longest step minus the shortest */
      return g_strdup (_("Spread"));
    case ROW_STEP:
    default:
      for (guint t = 0; t < stp_step_table_get_n_traces (self->table); t++)
        {
          const StpStepRow *row = stp_step_table_get_cell (self->table, item->key, t);

          if (row != NULL)
            return g_strdup (row->step.name);
        }
      return g_strdup ("");
    }
}

static char *
cell_text (StpStepTableView     *self,
           const StpStepKeyItem *item,
           guint                 trace)
{
  StpStepSpread spread;
  const StpStepRow *row;

  if (item->kind != ROW_STEP)
    {
      if (stp_step_table_get_n_steps (self->table, trace) == 0)
        return g_strdup ("—");
      spread = stp_step_table_get_spread (self->table, trace);
      return stp_format_duration ((gint64) (item->kind == ROW_MEDIAN ? spread.median : spread.max - spread.min));
    }

  row = stp_step_table_get_cell (self->table, item->key, trace);
  if (row == NULL)
    /* Translators: a trace that has no such step */
    return g_strdup (_("none"));
  return stp_format_duration (stp_time_sub (row->step.end, row->step.start));
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            gpointer                  user_data);

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           gpointer                  user_data)
{
  StpStepTableView *self = g_object_get_data (G_OBJECT (factory), "stp-view");
  StpStepKeyItem *item = gtk_list_item_get_item (list_item);
  GtkWidget *label = gtk_list_item_get_child (list_item);
  int column = GPOINTER_TO_INT (user_data);
  g_autofree char *name = step_name (self, item);
  g_autofree char *text = column == 0 ? g_strdup (name) : cell_text (self, item, TRACE_OF_COLUMN (column));
  gboolean slowest = column > 0 && item->kind == ROW_STEP &&
                     stp_step_table_get_slowest (self->table, item->key) == (gint) TRACE_OF_COLUMN (column);
  g_autofree char *tooltip = slowest ? g_strdup_printf (_("The slowest trace of %s"), name) : NULL;

  /* Not by colour alone. */
  if (slowest)
    {
      g_autofree char *marked = g_strdup_printf ("▲ %s", text);

      gtk_label_set_label (GTK_LABEL (label), marked);
    }
  else
    gtk_label_set_label (GTK_LABEL (label), text);
  gtk_widget_set_tooltip_text (label, tooltip);
  if (slowest)
    gtk_widget_add_css_class (label, "slowest-step");
  else
    gtk_widget_remove_css_class (label, "slowest-step");
  if (item->kind != ROW_STEP)
    gtk_widget_add_css_class (label, "dim-label");
  else
    gtk_widget_remove_css_class (label, "dim-label");
  g_object_set_data (G_OBJECT (label), "stp-item", item);
}

/* The range of the step of key in one trace, or over all of them
 * (trace G_MAXUINT); FALSE if there is none. */
static gboolean
step_range (StpStepTableView *self,
            guint             key,
            guint             trace,
            gint64           *start,
            gint64           *end)
{
  gboolean any = FALSE;

  for (guint t = 0; t < stp_step_table_get_n_traces (self->table); t++)
    {
      const StpStepRow *row = stp_step_table_get_cell (self->table, key, t);

      if (row == NULL || (trace != G_MAXUINT && t != trace))
        continue;
      *start = any ? MIN (*start, row->step.start) : row->step.start;
      *end = any ? MAX (*end, row->step.end) : row->step.end;
      any = TRUE;
    }
  return any;
}

static void
activate_range (StpStepTableView *self,
                guint             key,
                guint             trace)
{
  gint64 start, end;

  if (step_range (self, key, trace, &start, &end))
    g_signal_emit (self, signals[RANGE_ACTIVATED], 0, start, end);
}

/* A double click on a cell: that trace's step. */
static void
on_cell_pressed (GtkGestureClick *gesture,
                 int              n_press,
                 double           x,
                 double           y,
                 gpointer         user_data)
{
  GtkWidget *label = gtk_event_controller_get_widget (GTK_EVENT_CONTROLLER (gesture));
  StpStepTableView *self = STP_STEP_TABLE_VIEW (gtk_widget_get_ancestor (label, STP_TYPE_STEP_TABLE_VIEW));
  StpStepKeyItem *item = g_object_get_data (G_OBJECT (label), "stp-item");
  int column = GPOINTER_TO_INT (user_data);

  if (n_press != 2 || item == NULL || item->kind != ROW_STEP || column == 0)
    return;
  activate_range (self, item->key, TRACE_OF_COLUMN (column));
  gtk_gesture_set_state (GTK_GESTURE (gesture), GTK_EVENT_SEQUENCE_CLAIMED);
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            gpointer                  user_data)
{
  int column = GPOINTER_TO_INT (user_data);
  GtkWidget *label = stp_cell_label_new (column == 0 ? STP_CELL_NAME : STP_CELL_NUMBER);
  GtkGesture *click = gtk_gesture_click_new ();

  g_signal_connect (click, "pressed", G_CALLBACK (on_cell_pressed), user_data);
  gtk_widget_add_controller (label, GTK_EVENT_CONTROLLER (click));
  gtk_list_item_set_child (list_item, label);
}

/* Enter or a double click on a row: the step in every trace. */
static void
on_activate (GtkColumnView    *view,
             guint             position,
             StpStepTableView *self)
{
  g_autoptr(StpStepKeyItem) item = g_list_model_get_item (G_LIST_MODEL (self->store), position);

  if (item != NULL && item->kind == ROW_STEP)
    activate_range (self, item->key, G_MAXUINT);
}

static void
clear_columns (StpStepTableView *self)
{
  GListModel *columns = gtk_column_view_get_columns (self->view);

  while (g_list_model_get_n_items (columns) > 0)
    {
      g_autoptr(GtkColumnViewColumn) column = g_list_model_get_item (columns, 0);

      gtk_column_view_remove_column (self->view, column);
    }
}

static void
add_column (StpStepTableView *self,
            const char       *title,
            int               index)
{
  g_autoptr(GtkColumnViewColumn) column = stp_column_new (title, index, G_CALLBACK (setup_cell),
                                                          G_CALLBACK (bind_cell), NULL, NULL);
  GtkListItemFactory *factory = gtk_column_view_column_get_factory (column);

  g_object_set_data (G_OBJECT (factory), "stp-view", self);
  gtk_column_view_column_set_expand (column, index == 0);
  gtk_column_view_append_column (self->view, column);
}

static void
append_row (StpStepTableView *self,
            RowKind           kind,
            guint             key)
{
  g_autoptr(StpStepKeyItem) item = g_object_new (STP_TYPE_STEP_KEY_ITEM, NULL);

  item->kind = kind;
  item->key = key;
  g_list_store_append (self->store, item);
}

/* Shows table (taken); NULL empties the view. */
void
stp_step_table_view_set_table (StpStepTableView *self,
                               StpStepTable     *table)
{
  g_return_if_fail (STP_IS_STEP_TABLE_VIEW (self));

  g_list_store_remove_all (self->store);
  clear_columns (self);
  g_clear_pointer (&self->table, stp_step_table_free);
  self->table = table;
  if (table == NULL)
    return;

  add_column (self, _("Step"), 0);
  for (guint t = 0; t < stp_step_table_get_n_traces (table); t++)
    add_column (self, stp_step_table_get_label (table, t), t + 1);
  for (guint k = 0; k < stp_step_table_get_n_keys (table); k++)
    append_row (self, ROW_STEP, k);
  append_row (self, ROW_MEDIAN, 0);
  append_row (self, ROW_SPREAD, 0);
}

StpStepTable *
stp_step_table_view_get_table (StpStepTableView *self)
{
  g_return_val_if_fail (STP_IS_STEP_TABLE_VIEW (self), NULL);
  return self->table;
}

/* What Enter on row `position` does (rows: the steps, then the median
 * and the spread). */
void
stp_step_table_view_activate (StpStepTableView *self,
                              guint             position)
{
  g_return_if_fail (STP_IS_STEP_TABLE_VIEW (self));
  on_activate (self->view, position, self);
}

/* What a double click on the cell of key in trace does. */
void
stp_step_table_view_activate_cell (StpStepTableView *self,
                                   guint             key,
                                   guint             trace)
{
  g_return_if_fail (STP_IS_STEP_TABLE_VIEW (self));
  activate_range (self, key, trace);
}

static void
stp_step_table_view_dispose (GObject *object)
{
  StpStepTableView *self = STP_STEP_TABLE_VIEW (object);

  g_clear_pointer (&self->scroller, gtk_widget_unparent);
  G_OBJECT_CLASS (stp_step_table_view_parent_class)->dispose (object);
}

static void
stp_step_table_view_finalize (GObject *object)
{
  StpStepTableView *self = STP_STEP_TABLE_VIEW (object);

  g_clear_object (&self->store);
  g_clear_pointer (&self->table, stp_step_table_free);
  G_OBJECT_CLASS (stp_step_table_view_parent_class)->finalize (object);
}

static void
stp_step_table_view_class_init (StpStepTableViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stp_step_table_view_dispose;
  object_class->finalize = stp_step_table_view_finalize;

  /**
   * StpStepTableView::range-activated:
   * @start: ns, trace time
   * @end: ns
   *
   * A step was chosen, in one trace or in all of them.
   */
  signals[RANGE_ACTIVATED] =
    g_signal_new ("range-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 2, G_TYPE_INT64, G_TYPE_INT64);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "steptableview");
}

static void
stp_step_table_view_init (StpStepTableView *self)
{
  g_autoptr(GtkNoSelection) selection = NULL;

  self->store = g_list_store_new (STP_TYPE_STEP_KEY_ITEM);
  selection = gtk_no_selection_new (G_LIST_MODEL (g_object_ref (self->store)));
  self->view = GTK_COLUMN_VIEW (gtk_column_view_new (GTK_SELECTION_MODEL (g_steal_pointer (&selection))));
  gtk_widget_add_css_class (GTK_WIDGET (self->view), "data-table");
  g_signal_connect (self->view, "activate", G_CALLBACK (on_activate), self);

  self->scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (self->scroller), GTK_WIDGET (self->view));
  gtk_widget_set_parent (self->scroller, GTK_WIDGET (self));
}
