/* stp-peaks-dialog.c: the memory peak inspector
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A window beside the timeline (not modal: a click on a tensor selects
 * it there), one page per allocator: the peak from the analysis, then the
 * tensors live at that moment, largest first, with their size, type,
 * shape and producing op, in a sortable table.
 */

#define G_LOG_DOMAIN "stp-peaks-dialog"

#include "config.h"

#include <glib/gi18n.h>
#include <inttypes.h>

#include "stp-column.h"
#include "stp-loader.h"
#include "stp-peaks-dialog.h"
#include "stp-render-view.h"

/* A listed tensor. */
#define STP_TYPE_PEAK_ROW (stp_peak_row_get_type ())
G_DECLARE_FINAL_TYPE (StpPeakRow, stp_peak_row, STP, PEAK_ROW, GObject)

struct _StpPeakRow
{
  GObject        parent_instance;
  StpPeak       *peak;       /* owned by the dialog's peaks */
  guint          index;
};

G_DEFINE_FINAL_TYPE (StpPeakRow, stp_peak_row, G_TYPE_OBJECT)

static void
stp_peak_row_class_init (StpPeakRowClass *klass)
{
}

static void
stp_peak_row_init (StpPeakRow *self)
{
}

static const StpPeakTensor *
peak_row_tensor (StpPeakRow *row)
{
  return &g_array_index (row->peak->tensors, StpPeakTensor, row->index);
}

typedef enum
{
  COLUMN_TENSOR,
  COLUMN_SIZE,
  COLUMN_SHARE,
  COLUMN_TYPE,
  COLUMN_SHAPE,
  COLUMN_OP,
  COLUMN_OP_TYPE,
  N_COLUMNS
} Column;

struct _StpPeaksDialog
{
  AdwWindow       parent_instance;

  /* Template */
  AdwWindowTitle *title;
  GtkWidget      *switcher_title;
  AdwViewStack   *stack;
  GtkWidget      *status;
  GtkWidget      *status_button;

  StpSession     *session;
  StpLinks       *links;          /* the session's document's */
  GPtrArray      *peaks;          /* StpPeak */
  GPtrArray      *views;          /* GtkColumnView per page */
  GPtrArray      *models;         /* GtkSortListModel per page */
};

enum {
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SELECT_ITEM,
  ENABLE_MEMORY,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (StpPeaksDialog, stp_peaks_dialog, ADW_TYPE_WINDOW)

static char *
cell_text (const StpPeakTensor *t,
           gint64               peak_num_bytes,
           Column               column)
{
  switch (column)
    {
    case COLUMN_TENSOR: return g_strdup (t->name);
    case COLUMN_SIZE:   return g_format_size_full (MAX (t->info.requested_bytes, 0), G_FORMAT_SIZE_IEC_UNITS);
    case COLUMN_SHARE:  return g_strdup_printf ("%.1f %%", peak_num_bytes > 0 ? 100.0 * t->info.requested_bytes / peak_num_bytes : 0.0);
    case COLUMN_TYPE:   return g_strdup (t->info.dtype ? t->info.dtype : "");
    case COLUMN_SHAPE:  return g_strdup (t->info.shape ? t->info.shape : "");
    case COLUMN_OP:     return g_strdup (t->producer_name ? t->producer_name : "");
    case COLUMN_OP_TYPE: return g_strdup (t->producer_op ? t->producer_op : "");
    case N_COLUMNS:
    default:            return g_strdup ("");
    }
}

static void
setup_cell (GtkSignalListItemFactory *factory,
            GtkListItem              *list_item,
            gpointer                  user_data)
{
  Column column = GPOINTER_TO_INT (user_data);
  StpCellKind kind = column == COLUMN_SIZE || column == COLUMN_SHARE ? STP_CELL_NUMBER
                     : column == COLUMN_TENSOR ? STP_CELL_NAME
                     : STP_CELL_TEXT;
  GtkWidget *label = stp_cell_label_new (kind);

  /* Shapes are numbers too, but read from the left. */
  if (column == COLUMN_SHAPE)
    gtk_widget_add_css_class (label, "numeric");
  gtk_list_item_set_child (list_item, label);
}

static void
bind_cell (GtkSignalListItemFactory *factory,
           GtkListItem              *list_item,
           gpointer                  user_data)
{
  StpPeakRow *row = gtk_list_item_get_item (list_item);
  const StpPeakTensor *t = peak_row_tensor (row);
  g_autofree char *text = cell_text (t, row->peak->num_bytes, GPOINTER_TO_INT (user_data));
  GtkWidget *label = gtk_list_item_get_child (list_item);

  gtk_label_set_label (GTK_LABEL (label), text);
  if (GPOINTER_TO_INT (user_data) == COLUMN_SIZE)
    {
      g_autofree char *exact = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%" PRId64 " byte",
                                                             "%" PRId64 " bytes", t->info.requested_bytes),
                                                (int64_t) t->info.requested_bytes);
      gtk_widget_set_tooltip_text (label, exact);
    }
  else
    gtk_widget_set_tooltip_text (label, text);
}

static int
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  const StpPeakTensor *ta = peak_row_tensor ((StpPeakRow *) a);
  const StpPeakTensor *tb = peak_row_tensor ((StpPeakRow *) b);
  Column column = GPOINTER_TO_INT (user_data);
  int r;

  if (column == COLUMN_SIZE || column == COLUMN_SHARE)
    r = ta->info.requested_bytes < tb->info.requested_bytes ? -1 : ta->info.requested_bytes > tb->info.requested_bytes;
  else
    {
      g_autofree char *x = cell_text (ta, 0, column);
      g_autofree char *y = cell_text (tb, 0, column);

      r = g_strcmp0 (x, y);
    }
  if (r == 0)
    r = g_strcmp0 (ta->name, tb->name);
  return stp_ordering_from_int (r);
}

static const char *
column_title (Column column)
{
  switch (column)
    {
    case COLUMN_TENSOR: return _("Tensor");
    case COLUMN_SIZE:   return _("Size");
    /* Translators: a column header, the tensor's part of the peak */
    case COLUMN_SHARE:  return _("Share");
    case COLUMN_TYPE:   return _("Type");
    case COLUMN_SHAPE:  return _("Shape");
    case COLUMN_OP:     return _("Produced By");
    case COLUMN_OP_TYPE: return _("Op");
    case N_COLUMNS:
    default:            return "";
    }
}

static void
select_tensor (StpPeaksDialog      *self,
               const StpPeakTensor *t)
{
  StpItemRef item = t->producer;

  /* The tensor's lifetime bar if memory is drawn, else its op. */
  if (t->object != STP_INDEX_NONE)
    item = (StpItemRef) { STP_ITEM_OBJECT, STP_INDEX_NONE, t->object, 0 };
  if (item.kind != STP_ITEM_NONE)
    g_signal_emit (self, signals[SELECT_ITEM], 0, &item);
}

static void
on_activate (GtkColumnView  *view,
             guint           position,
             StpPeaksDialog *self)
{
  GListModel *model = G_LIST_MODEL (gtk_column_view_get_model (view));
  g_autoptr(StpPeakRow) row = g_list_model_get_item (model, position);

  if (row != NULL)
    select_tensor (self, peak_row_tensor (row));
}

/* The allocator's counter sample at its peak. */
static void
on_show_peak (GtkButton      *button,
              StpPeaksDialog *self)
{
  StpPeak *peak = g_object_get_data (G_OBJECT (button), "peak");
  StpTrace *trace = stp_links_get_trace (self->links);

  for (guint32 t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);
      const StpCounterSeries *series;
      StpItemRef item = { STP_ITEM_COUNTER, t, STP_INDEX_NONE, peak->ts };

      if (track->kind != STP_TRACK_COUNTER || !g_str_equal (stp_trace_str (trace, track->name), peak->allocator))
        continue;
      series = g_ptr_array_index (track->series, 0);
      for (guint i = 0; i < series->samples->len && g_array_index (series->samples, StpCounterSample, i).ts <= peak->ts; i++)
        item.index = i;
      g_signal_emit (self, signals[SELECT_ITEM], 0, &item);
      return;
    }
}

static GtkWidget *
build_page (StpPeaksDialog *self,
            StpPeak        *peak)
{
  StpTrace *trace = stp_links_get_trace (self->links);
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 0);
  GtkWidget *header = gtk_box_new (GTK_ORIENTATION_HORIZONTAL, 18);
  GtkWidget *titles = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  GtkWidget *bytes, *caption, *button, *scroller, *view;
  GListStore *store = g_list_store_new (STP_TYPE_PEAK_ROW);
  GtkSortListModel *sorted;
  GtkSelectionModel *selection;
  g_autofree char *size = g_format_size_full (MAX (peak->num_bytes, 0), G_FORMAT_SIZE_IEC_UNITS);
  g_autofree char *at = stp_format_time_exact (peak->ts - trace->start_ts);
  g_autofree char *text = NULL;

  bytes = gtk_label_new (size);
  gtk_widget_add_css_class (bytes, "title-1");
  gtk_widget_add_css_class (bytes, "numeric");
  gtk_label_set_xalign (GTK_LABEL (bytes), 0);

  /* Translators: "Peak of GPU_0_bfc at +70.1 µs · 4 live tensors" */
  text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "Peak of %s at +%s · %u live tensor",
                                       "Peak of %s at +%s · %u live tensors", peak->tensors->len),
                          peak->allocator, at, peak->tensors->len);
  caption = gtk_label_new (text);
  gtk_widget_add_css_class (caption, "dim-label");
  gtk_label_set_xalign (GTK_LABEL (caption), 0);
  gtk_label_set_wrap (GTK_LABEL (caption), TRUE);
  gtk_box_append (GTK_BOX (titles), bytes);
  gtk_box_append (GTK_BOX (titles), caption);
  gtk_widget_set_hexpand (titles, TRUE);

  button = gtk_button_new_with_mnemonic (_("_Show on Timeline"));
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "pill");
  g_object_set_data (G_OBJECT (button), "peak", peak);
  g_signal_connect (button, "clicked", G_CALLBACK (on_show_peak), self);

  gtk_box_append (GTK_BOX (header), titles);
  gtk_box_append (GTK_BOX (header), button);
  gtk_widget_set_margin_start (header, 24);
  gtk_widget_set_margin_end (header, 24);
  gtk_widget_set_margin_top (header, 24);
  gtk_widget_set_margin_bottom (header, 18);
  gtk_box_append (GTK_BOX (box), header);

  for (guint i = 0; i < peak->tensors->len; i++)
    {
      StpPeakRow *row = g_object_new (STP_TYPE_PEAK_ROW, NULL);

      row->peak = peak;
      row->index = i;
      g_list_store_append (store, row);
      g_object_unref (row);
    }

  view = gtk_column_view_new (NULL);
  sorted = gtk_sort_list_model_new (G_LIST_MODEL (store),
                                    g_object_ref (gtk_column_view_get_sorter (GTK_COLUMN_VIEW (view))));
  selection = GTK_SELECTION_MODEL (gtk_single_selection_new (G_LIST_MODEL (g_object_ref (sorted))));
  gtk_single_selection_set_autoselect (GTK_SINGLE_SELECTION (selection), FALSE);
  gtk_single_selection_set_can_unselect (GTK_SINGLE_SELECTION (selection), TRUE);
  gtk_column_view_set_model (GTK_COLUMN_VIEW (view), selection);
  g_object_unref (selection);
  gtk_column_view_set_single_click_activate (GTK_COLUMN_VIEW (view), TRUE);
  gtk_widget_add_css_class (view, "data-table");
  g_signal_connect (view, "activate", G_CALLBACK (on_activate), self);

  for (Column c = COLUMN_TENSOR; c < N_COLUMNS; c++)
    {
      GtkColumnViewColumn *col = stp_column_new (column_title (c), c, G_CALLBACK (setup_cell),
                                                 G_CALLBACK (bind_cell), NULL, compare_rows);

      gtk_column_view_column_set_expand (col, c == COLUMN_TENSOR || c == COLUMN_OP);
      gtk_column_view_append_column (GTK_COLUMN_VIEW (view), col);
      if (c == COLUMN_SIZE)
        gtk_column_view_sort_by_column (GTK_COLUMN_VIEW (view), col, GTK_SORT_DESCENDING);
      g_object_unref (col);
    }

  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), view);
  gtk_widget_set_vexpand (scroller, TRUE);
  gtk_box_append (GTK_BOX (box), scroller);

  g_ptr_array_add (self->views, view);
  g_ptr_array_add (self->models, sorted);
  return box;
}

static void
show_status (StpPeaksDialog *self,
             const char     *title,
             const char     *description,
             gboolean        offer_memory)
{
  adw_status_page_set_title (ADW_STATUS_PAGE (self->status), title);
  adw_status_page_set_description (ADW_STATUS_PAGE (self->status), description);
  gtk_widget_set_visible (self->status_button, offer_memory);
  adw_view_stack_set_visible_child (self->stack, self->status);
}

static void
clear_pages (StpPeaksDialog *self)
{
  GtkSelectionModel *pages = adw_view_stack_get_pages (self->stack);

  for (guint i = g_list_model_get_n_items (G_LIST_MODEL (pages)); i > 0; i--)
    {
      g_autoptr(AdwViewStackPage) page = g_list_model_get_item (G_LIST_MODEL (pages), i - 1);
      GtkWidget *child = adw_view_stack_page_get_child (page);

      if (child != self->status)
        adw_view_stack_remove (self->stack, child);
    }
  g_object_unref (pages);
  g_ptr_array_set_size (self->views, 0);
  g_ptr_array_set_size (self->models, 0);
}

static void
on_document_changed (StpPeaksDialog *self)
{
  StpDocument *document = stp_session_get_document (self->session);
  StpLinks *links = document != NULL ? stp_document_get_links (document) : NULL;
  StpTrace *trace;

  clear_pages (self);
  g_clear_pointer (&self->peaks, g_ptr_array_unref);
  if (links != NULL)
    stp_links_ref (links);
  g_clear_pointer (&self->links, stp_links_unref);
  self->links = links;
  adw_window_title_set_subtitle (self->title, NULL);
  gtk_widget_set_visible (self->switcher_title, FALSE);
  gtk_widget_set_visible (GTK_WIDGET (self->title), TRUE);

  if (links == NULL)
    {
      show_status (self, _("No Trace"), _("Open a trace to see its memory peaks."), FALSE);
      return;
    }

  trace = stp_links_get_trace (links);
  {
    g_autofree char *name = g_path_get_basename (trace->filename);

    adw_window_title_set_subtitle (self->title, name);
    adw_view_switcher_title_set_subtitle (ADW_VIEW_SWITCHER_TITLE (self->switcher_title), name);
  }

  if (!stp_trace_is_step_stats (trace))
    {
      show_status (self, _("No Memory Peaks"),
                   _("Memory peaks come from the memory analysis of TensorFlow StepStats (RunMetadata): "
                     "when each allocator held the most, and which tensors it held then."), FALSE);
      return;
    }

  if (trace->allocator_maximums->len == 0)
    {
      if (trace->objects->len == 0)
        show_status (self, _("Memory Analysis Is Off"),
                     _("Turn on the memory analysis to find when each allocator peaked and the tensors it held."),
                     TRUE);
      else
        show_status (self, _("No Allocations"), _("No op of this step allocated memory."), FALSE);
      return;
    }

  self->peaks = stp_peaks_compute (links);
  for (guint i = 0; i < self->peaks->len; i++)
    {
      StpPeak *peak = g_ptr_array_index (self->peaks, i);
      GtkWidget *page = build_page (self, peak);
      AdwViewStackPage *stack_page = adw_view_stack_add_titled (self->stack, page, peak->allocator, peak->allocator);

      adw_view_stack_page_set_icon_name (stack_page, "media-flash-symbolic");
      if (i == 0)
        adw_view_stack_set_visible_child (self->stack, page);
    }

  /* Several allocators: switch between them in the header. */
  gtk_widget_set_visible (self->switcher_title, self->peaks->len > 1);
  gtk_widget_set_visible (GTK_WIDGET (self->title), self->peaks->len <= 1);
}

GPtrArray *
stp_peaks_dialog_get_peaks (StpPeaksDialog *self)
{
  g_return_val_if_fail (STP_IS_PEAKS_DIALOG (self), NULL);
  return self->peaks;
}

guint
stp_peaks_dialog_get_page (StpPeaksDialog *self)
{
  const char *name;

  g_return_val_if_fail (STP_IS_PEAKS_DIALOG (self), 0);

  name = adw_view_stack_get_visible_child_name (self->stack);
  for (guint i = 0; self->peaks != NULL && i < self->peaks->len; i++)
    if (g_strcmp0 (((StpPeak *) g_ptr_array_index (self->peaks, i))->allocator, name) == 0)
      return i;
  return G_MAXUINT;
}

void
stp_peaks_dialog_set_page (StpPeaksDialog *self,
                           guint           allocator)
{
  g_return_if_fail (STP_IS_PEAKS_DIALOG (self));
  g_return_if_fail (self->peaks != NULL && allocator < self->peaks->len);

  adw_view_stack_set_visible_child_name (self->stack,
                                         ((StpPeak *) g_ptr_array_index (self->peaks, allocator))->allocator);
}

guint
stp_peaks_dialog_get_n_rows (StpPeaksDialog *self)
{
  guint page;

  g_return_val_if_fail (STP_IS_PEAKS_DIALOG (self), 0);

  page = stp_peaks_dialog_get_page (self);
  if (page == G_MAXUINT)
    return 0;
  return g_list_model_get_n_items (g_ptr_array_index (self->models, page));
}

const StpPeakTensor *
stp_peaks_dialog_get_row (StpPeaksDialog *self,
                          guint           position)
{
  g_autoptr(StpPeakRow) row = NULL;
  guint page;

  g_return_val_if_fail (STP_IS_PEAKS_DIALOG (self), NULL);

  page = stp_peaks_dialog_get_page (self);
  if (page == G_MAXUINT)
    return NULL;
  row = g_list_model_get_item (g_ptr_array_index (self->models, page), position);
  return row != NULL ? peak_row_tensor (row) : NULL;
}

void
stp_peaks_dialog_activate (StpPeaksDialog *self,
                           guint           position)
{
  guint page;

  g_return_if_fail (STP_IS_PEAKS_DIALOG (self));

  page = stp_peaks_dialog_get_page (self);
  g_return_if_fail (page != G_MAXUINT);
  g_signal_emit_by_name (g_ptr_array_index (self->views, page), "activate", position);
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */

/* Lists the peaks of the session's document, whichever it is. */
StpPeaksDialog *
stp_peaks_dialog_new (GtkWindow  *parent,
                      StpSession *session)
{
  g_return_val_if_fail (STP_IS_SESSION (session), NULL);

  return g_object_new (STP_TYPE_PEAKS_DIALOG,
                       "transient-for", parent,
                       "session", session,
                       NULL);
}

static void
stp_peaks_dialog_constructed (GObject *object)
{
  StpPeaksDialog *self = STP_PEAKS_DIALOG (object);

  G_OBJECT_CLASS (stp_peaks_dialog_parent_class)->constructed (object);
  stp_session_watch (self->session, "document", G_CALLBACK (on_document_changed), self);
}

static void
stp_peaks_dialog_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  StpPeaksDialog *self = STP_PEAKS_DIALOG (object);

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
stp_peaks_dialog_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  StpPeaksDialog *self = STP_PEAKS_DIALOG (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      self->session = g_value_dup_object (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stp_peaks_dialog_dispose (GObject *object)
{
  gtk_widget_dispose_template (GTK_WIDGET (object), STP_TYPE_PEAKS_DIALOG);
  G_OBJECT_CLASS (stp_peaks_dialog_parent_class)->dispose (object);
}

static void
stp_peaks_dialog_finalize (GObject *object)
{
  StpPeaksDialog *self = STP_PEAKS_DIALOG (object);

  g_clear_pointer (&self->views, g_ptr_array_unref);
  g_clear_pointer (&self->models, g_ptr_array_unref);
  g_clear_pointer (&self->peaks, g_ptr_array_unref);
  g_clear_pointer (&self->links, stp_links_unref);
  g_clear_object (&self->session);
  G_OBJECT_CLASS (stp_peaks_dialog_parent_class)->finalize (object);
}

static void
on_status_button (StpPeaksDialog *self)
{
  g_signal_emit (self, signals[ENABLE_MEMORY], 0);
}

static void
stp_peaks_dialog_class_init (StpPeaksDialogClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->constructed = stp_peaks_dialog_constructed;
  object_class->dispose = stp_peaks_dialog_dispose;
  object_class->finalize = stp_peaks_dialog_finalize;
  object_class->get_property = stp_peaks_dialog_get_property;
  object_class->set_property = stp_peaks_dialog_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, STP_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_CONSTRUCT_ONLY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * StpPeaksDialog::select-item:
   * @item: (type gpointer): the StpItemRef to select on the timeline
   */
  signals[SELECT_ITEM] =
    g_signal_new ("select-item", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);
  /**
   * StpPeaksDialog::enable-memory:
   *
   * The user asked for the memory analysis.
   */
  signals[ENABLE_MEMORY] =
    g_signal_new ("enable-memory", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "window.close", NULL);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stepscope/Stepscope/stp-peaks-dialog.ui");
  gtk_widget_class_bind_template_child (widget_class, StpPeaksDialog, title);
  gtk_widget_class_bind_template_child (widget_class, StpPeaksDialog, switcher_title);
  gtk_widget_class_bind_template_child (widget_class, StpPeaksDialog, stack);
  gtk_widget_class_bind_template_child (widget_class, StpPeaksDialog, status);
  gtk_widget_class_bind_template_child (widget_class, StpPeaksDialog, status_button);
  gtk_widget_class_bind_template_callback (widget_class, on_status_button);
}

static void
stp_peaks_dialog_init (StpPeaksDialog *self)
{
  self->views = g_ptr_array_new ();
  self->models = g_ptr_array_new_with_free_func (g_object_unref);
  gtk_widget_init_template (GTK_WIDGET (self));
}
