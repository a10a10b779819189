/* stp-window.c: one trace per window
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Loading and re-analysis run in a StpLoadTask, one at a time per window:
 * a new one cancels the previous, and a result from a cancelled or
 * superseded task is dropped.  A failure never replaces what is shown:
 * with a trace open it becomes a toast (details on request), without one
 * an error page.
 *
 * The timeline's selection drives the side panel (an AdwFlap that folds
 * over the timeline in narrow windows) with an item's details, the
 * table under the timeline that sums up a selected area, and the range
 * of the summary beside it (stp-window-summary.c).  Links in the panel, the find bar and the memory peak
 * inspector all select through the timeline, so one signal updates all.
 */

#define G_LOG_DOMAIN "stp-window"

#include "config.h"

#include <glib/gi18n.h>

#include "stp-settings.h"
#include "stp-window-private.h"

enum {
  PROP_0,
  PROP_SESSION,
  PROP_LOADING,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

/* win.<key> actions that toggle a setting (win.show-details is the
 * side panel's own: see on_show_details). */
static const char *const setting_actions[] = {
  "show-dataflow", "show-memory", "op-time", "show-flows", "show-all-flows",
  "show-summary", "show-steps", "tensor-lifetimes", "ruler-absolute"
};

G_DEFINE_FINAL_TYPE (StpWindow, stp_window, ADW_TYPE_APPLICATION_WINDOW)

void
stp_window_read_options (StpWindow          *self,
              StpAnalysisOptions *options)
{
  /* Start from the defaults so fields added later are never garbage. */
  *options = (StpAnalysisOptions) STP_ANALYSIS_OPTIONS_INIT;
  /* The viewer shows the TF Ops / Name Scope lines derived from GPU
   * kernels; exports leave them out, as timeline.py does. */
  options->derived_lines = TRUE;
  options->show_dataflow = g_settings_get_boolean (self->settings, "show-dataflow");
  options->show_memory = g_settings_get_boolean (self->settings, "show-memory");
  options->op_time = g_settings_get_enum (self->settings, "op-time");
  options->lifetimes = g_settings_get_enum (self->settings, "tensor-lifetimes");
}

char *
stp_window_display_name (GFile *file)
{
  g_autoptr(GFileInfo) info = NULL;

  info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_DISPLAY_NAME,
                            G_FILE_QUERY_INFO_NONE, NULL, NULL);
  if (info != NULL)
    return g_strdup (g_file_info_get_display_name (info));
  return g_file_get_basename (file);
}

const char *
stp_window_format_label (StpFormat format)
{
  switch (format)
    {
    case STP_FORMAT_STEP_STATS:        return _("StepStats");
    case STP_FORMAT_RUN_METADATA:      return _("RunMetadata");
    case STP_FORMAT_STEP_STATS_TEXT:   return _("StepStats (text)");
    case STP_FORMAT_RUN_METADATA_TEXT: return _("RunMetadata (text)");
    case STP_FORMAT_CHROME_JSON:       return _("Chrome Trace JSON");
    case STP_FORMAT_XSPACE:            return _("XSpace");
    case STP_FORMAT_UNKNOWN:
    default:                           return _("Trace");
    }
}

/* Whether the window's setting action `name` applies now: search and
 * the summary need a trace on screen, the StepStats analysis options
 * (dataflow, memory, op time) and memory peaks a StepStats trace.  A
 * settings action cannot be disabled, so one that does not apply is
 * taken out of the window (its menu items and buttons go insensitive). */
static gboolean
setting_action_applies (const char *name,
                        gboolean    shown,
                        gboolean    step_stats)
{
  if (g_str_equal (name, "show-dataflow") || g_str_equal (name, "show-memory") || g_str_equal (name, "op-time") ||
      g_str_equal (name, "tensor-lifetimes"))
    return shown && step_stats;
  if (g_str_equal (name, "show-summary") || g_str_equal (name, "show-steps"))
    return shown;
  return TRUE;
}

static void
update_page_actions (StpWindow *self)
{
  gboolean shown = stp_session_get_document (self->session) != NULL &&
                   g_strcmp0 (gtk_stack_get_visible_child_name (self->stack), "timeline") == 0;
  gboolean step_stats = shown && stp_trace_is_step_stats (stp_window_get_trace (self));

  for (guint i = 0; i < G_N_ELEMENTS (setting_actions); i++)
    {
      gboolean applies = setting_action_applies (setting_actions[i], shown, step_stats);
      gboolean present = g_action_map_lookup_action (G_ACTION_MAP (self), setting_actions[i]) != NULL;

      if (applies && !present)
        g_action_map_add_action (G_ACTION_MAP (self), self->setting_actions[i]);
      else if (!applies && present)
        g_action_map_remove_action (G_ACTION_MAP (self), setting_actions[i]);
    }
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.show-peaks", step_stats);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.find", shown);
  gtk_widget_set_sensitive (GTK_WIDGET (self->find_button), shown);
  if (!shown)
    gtk_toggle_button_set_active (self->find_button, FALSE);
}

/* ------------------------------------------------------------------ */
/* Results                                                             */

/* A new document: what the widgets bound to the session do not show
 * themselves (the window's title, the page, the file watched). */
static void
on_document_changed (StpWindow *self)
{
  StpDocument *document = stp_session_get_document (self->session);
  StpTrace *trace;
  g_autofree char *name = NULL;
  g_autofree char *subtitle = NULL;
  g_autofree char *count = NULL;
  guint n_slices;

  if (document == NULL)
    return;

  trace = stp_document_get_trace (document);
  n_slices = stp_trace_count_slices (trace);
  count = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u slice", "%u slices", n_slices), n_slices);
  if (trace->parts != NULL)
    {
      /* Several traces: how many, and how their times were lined up. */
      name = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Trace", "%u Traces", trace->parts->len),
                              trace->parts->len);
      subtitle = g_strdup_printf ("%s · %s", stp_renderer_describe_clock (trace), count);
    }
  else
    {
      name = stp_window_display_name (stp_document_get_file (document));
      subtitle = g_strdup_printf ("%s · %s", stp_window_format_label (trace->format), count);
    }
  adw_window_title_set_title (self->window_title, name);
  adw_window_title_set_subtitle (self->window_title, subtitle);
  gtk_window_set_title (GTK_WINDOW (self), name);

  /* A newly loaded file: watch it (re-analysis keeps the same one). */
  if (!stp_document_is_reanalysis (document))
    stp_window_watch_file (self);
  stp_window_update_export_actions (self);
  gtk_stack_set_visible_child_name (self->stack, "timeline");
  update_page_actions (self);
  gtk_widget_grab_focus (GTK_WIDGET (self->timeline));
}

/* AdwStatusPage wraps its title inside a long file name, and Pango
 * then adds a hyphen that the name does not have ("HEAD_CORRU-PTED"):
 * the page's title label (style class "title") breaks without one. */
static void
title_without_hyphens (GtkWidget *widget)
{
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      if (GTK_IS_LABEL (child) && gtk_widget_has_css_class (child, "title"))
        {
          g_autoptr(PangoAttrList) attrs = pango_attr_list_new ();

          pango_attr_list_insert (attrs, pango_attr_insert_hyphens_new (FALSE));
          gtk_label_set_attributes (GTK_LABEL (child), attrs);
        }
      title_without_hyphens (child);
    }
}

void
stp_window_show_error (StpWindow  *self,
            GFile      *file,
            GError     *error)
{
  g_autofree char *name = file ? stp_window_display_name (file) : NULL;

  g_free (self->error_title);
  self->error_title = name ? g_strdup_printf (_("Could Not Open “%s”"), name)
                           : g_strdup (_("Could Not Analyze the Trace"));
  g_free (self->error_message);
  /* Messages quote file names, which may hold any bytes. */
  self->error_message = g_utf8_make_valid (error->message, -1);

  if (stp_session_get_document (self->session) == NULL)
    {
      /* The description is markup; file names are text ("R&D <i>x.json"). */
      g_autofree char *description = g_markup_escape_text (self->error_message, -1);

      adw_status_page_set_title (self->error_page, self->error_title);
      adw_status_page_set_description (self->error_page, description);
      gtk_stack_set_visible_child_name (self->stack, "error");
    }
  else
    {
      /* Keep the trace; say what went wrong without taking over. */
      stp_window_report_error (self, self->error_title, self->error_message);
    }
}

/* The StepStats node of the selected op, or STP_INDEX_NONE. */
guint32
stp_window_selected_node (StpWindow *self)
{
  const StpItemRef *item = stp_timeline_view_get_selected_item (self->timeline);
  const StpSlice *slice;

  if (stp_session_get_document (self->session) == NULL)
    return STP_INDEX_NONE;
  slice = stp_item_get_slice (stp_window_get_trace (self), item);
  if (slice == NULL || !(slice->flags & STP_SLICE_STEP_STATS_NODE))
    return STP_INDEX_NONE;
  return stp_slice_get_node (slice);
}

/* ------------------------------------------------------------------ */
/* Selection, side panel, search, memory peaks                         */

void
stp_window_notify_loading (StpWindow *self)
{
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LOADING]);
}

void
stp_window_toast (StpWindow  *self,
                  const char *title)
{
  /* Toast titles are markup; file names are not. */
  g_autofree char *markup = g_markup_escape_text (title, -1);
  AdwToast *toast = adw_toast_new (markup);

  adw_toast_set_timeout (toast, 3);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* The one way the window reports a failure that leaves what is shown as
 * it was (a reload, a re-analysis, an export): a toast whose Details
 * button shows the message.  Each toast carries its own message, so a
 * later failure does not change what an earlier one's Details show. */
void
stp_window_report_error (StpWindow  *self,
                         const char *title,
                         const char *message)
{
  g_autofree char *valid_title = g_utf8_make_valid (title, -1);
  g_autofree char *valid_message = g_utf8_make_valid (message, -1);
  g_autofree char *markup = g_markup_escape_text (valid_title, -1);
  AdwToast *toast = adw_toast_new (markup);

  /* Messages quote file contents and names: never markup, always UTF-8. */
  adw_toast_set_button_label (toast, _("_Details"));
  adw_toast_set_action_name (toast, "win.show-error");
  adw_toast_set_action_target_value (toast, g_variant_new ("(ss)", valid_title, valid_message));
  adw_toast_set_timeout (toast, 8);
  adw_toast_overlay_add_toast (self->toast_overlay, toast);
}

/* What the details panel and area table (bound to the session) do not
 * show themselves: which side page is up, and the area's drawer. */
static void
on_selection_changed (StpWindow *self)
{
  const StpItemRef *item = stp_session_get_selected_item (self->session);
  const StpArea *area = stp_session_get_selected_area (self->session);
  gboolean items = stp_session_get_selected_items (self->session) != NULL;
  StpTrace *trace = stp_window_get_trace (self);

  gtk_stack_set_visible_child_name (self->side_stack,
                                    trace != NULL && (item->kind != STP_ITEM_NONE || items) ? "details" : "none");

  /* An area's table goes under the timeline, where it has room for its
   * columns (as in chrome://tracing and Perfetto). */
  stp_window_show_drawer_page (self, GTK_WIDGET (self->area_table), trace != NULL && area != NULL);
  if (trace != NULL && area != NULL)
    {
      adw_status_page_set_icon_name (self->side_status, "view-list-symbolic");
      adw_status_page_set_title (self->side_status, _("Area Selected"));
      adw_status_page_set_description (self->side_status,
                                       _("The table under the timeline sums it up by name. Click a row to mark its slices."));
    }
  else
    {
      adw_status_page_set_icon_name (self->side_status, "input-mouse-symbolic");
      adw_status_page_set_title (self->side_status, _("Nothing Selected"));
      adw_status_page_set_description (self->side_status,
                                       _("Click a slice to see its details, or Shift-drag over tracks to sum up an area."));
    }

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.copy",
                                 trace != NULL && (item->kind != STP_ITEM_NONE || items || area != NULL));
}

static void
on_select_item (GObject          *source,
                const StpItemRef *item,
                StpWindow        *self)
{
  stp_timeline_view_select_item (self->timeline, item, STP_REVEAL_SCROLL);
}

/* A link in the details panel: the timeline takes focus back, so its
 * keys work at once (the panel's title would otherwise keep it).  First:
 * the panel is rebuilt for the new item, and a focused widget destroyed
 * inside its scrolled viewport trips GTK. */
static void
on_panel_select_item (GObject          *source,
                      const StpItemRef *item,
                      StpWindow        *self)
{
  gtk_widget_grab_focus (GTK_WIDGET (self->timeline));
  stp_timeline_view_select_item (self->timeline, item, STP_REVEAL_SCROLL);
}

static void
on_match_selected (StpFindBar       *bar,
                   const StpItemRef *item,
                   StpWindow        *self)
{
  stp_timeline_view_select_item (self->timeline, item, STP_REVEAL_SCROLL | STP_REVEAL_ZOOM);
}

static void
on_enable_memory (StpPeaksDialog *dialog,
                  StpWindow      *self)
{
  g_settings_set_boolean (self->settings, "show-memory", TRUE);
}

static void
action_find (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  StpWindow *self = STP_WINDOW (widget);

  if (stp_session_get_document (self->session) != NULL)
    stp_find_bar_set_search_mode (self->find_bar, TRUE);
}

/* Ctrl+C: what the panel shows, as text. */
static void
action_copy (GtkWidget  *widget,
             const char *name,
             GVariant   *param)
{
  StpWindow *self = STP_WINDOW (widget);
  g_autofree char *text = NULL;

  if (stp_session_get_selected_item (self->session)->kind != STP_ITEM_NONE ||
      stp_session_get_selected_items (self->session) != NULL)
    text = stp_details_panel_get_text (self->details_panel);
  else if (stp_session_get_selected_area (self->session) != NULL)
    text = stp_area_table_get_text (self->area_table);

  if (text == NULL || text[0] == '\0')
    return;
  gdk_clipboard_set_text (gtk_widget_get_clipboard (widget), text);
  stp_window_toast (self, _("Copied to the clipboard"));
}

static void
action_show_peaks (GtkWidget  *widget,
                   const char *name,
                   GVariant   *param)
{
  stp_window_show_peaks (STP_WINDOW (widget));
}

/* ------------------------------------------------------------------ */
/* Actions                                                             */

static void
action_cancel_load (GtkWidget  *widget,
                    const char *name,
                    GVariant   *param)
{
  stp_window_cancel_load (STP_WINDOW (widget));
}

static void
action_show_error (GtkWidget  *widget,
                   const char *name,
                   GVariant   *param)
{
  StpWindow *self = STP_WINDOW (widget);
  const char *title, *message;
  GtkWidget *dialog;

  g_variant_get (param, "(&s&s)", &title, &message);
  dialog = adw_message_dialog_new (GTK_WINDOW (self), title, message);
  adw_message_dialog_add_response (ADW_MESSAGE_DIALOG (dialog), "close", _("_Close"));
  gtk_window_present (GTK_WINDOW (dialog));
}

/* ------------------------------------------------------------------ */
/* Public                                                              */

StpWindow *
stp_window_new (GtkApplication *application)
{
  return g_object_new (STP_TYPE_WINDOW, "application", application, NULL);
}

gboolean
stp_window_get_loading (StpWindow *self)
{
  g_return_val_if_fail (STP_IS_WINDOW (self), FALSE);
  return self->task != NULL;
}

gboolean
stp_window_is_empty (StpWindow *self)
{
  g_return_val_if_fail (STP_IS_WINDOW (self), FALSE);
  return stp_session_get_document (self->session) == NULL && self->task == NULL;
}

GFile *
stp_window_get_file (StpWindow *self)
{
  StpDocument *document;

  g_return_val_if_fail (STP_IS_WINDOW (self), NULL);
  document = stp_session_get_document (self->session);
  return document != NULL ? stp_document_get_file (document) : NULL;
}

StpTrace *
stp_window_get_trace (StpWindow *self)
{
  g_return_val_if_fail (STP_IS_WINDOW (self), NULL);
  return stp_session_get_trace (self->session);
}

StpSession *
stp_window_get_session (StpWindow *self)
{
  g_return_val_if_fail (STP_IS_WINDOW (self), NULL);
  return self->session;
}

StpTimelineView *
stp_window_get_timeline_view (StpWindow *self)
{
  g_return_val_if_fail (STP_IS_WINDOW (self), NULL);
  return self->timeline;
}

const char *
stp_window_get_error_message (StpWindow *self)
{
  g_return_val_if_fail (STP_IS_WINDOW (self), NULL);
  return self->error_message;
}

guint
stp_window_get_warning_count (StpWindow *self)
{
  g_return_val_if_fail (STP_IS_WINDOW (self), 0);
  return stp_warnings_popover_get_count (self->warnings_popover);
}

StpDetailsPanel *
stp_window_get_details_panel (StpWindow *self)
{
  g_return_val_if_fail (STP_IS_WINDOW (self), NULL);
  return self->details_panel;
}

StpAreaTable *
stp_window_get_area_table (StpWindow *self)
{
  g_return_val_if_fail (STP_IS_WINDOW (self), NULL);
  return self->area_table;
}

StpFindBar *
stp_window_get_find_bar (StpWindow *self)
{
  g_return_val_if_fail (STP_IS_WINDOW (self), NULL);
  return self->find_bar;
}

StpPeaksDialog *
stp_window_show_peaks (StpWindow *self)
{
  g_return_val_if_fail (STP_IS_WINDOW (self), NULL);

  if (self->peaks_dialog == NULL)
    {
      self->peaks_dialog = stp_peaks_dialog_new (GTK_WINDOW (self), self->session);
      g_object_add_weak_pointer (G_OBJECT (self->peaks_dialog), (gpointer *) &self->peaks_dialog);
      g_signal_connect_object (self->peaks_dialog, "select-item", G_CALLBACK (on_select_item), self, 0);
      g_signal_connect_object (self->peaks_dialog, "enable-memory", G_CALLBACK (on_enable_memory), self, 0);
    }
  gtk_window_present (GTK_WINDOW (self->peaks_dialog));
  return self->peaks_dialog;
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */

static void
stp_window_dispose (GObject *object)
{
  StpWindow *self = (StpWindow *) object;

  if (self->task != NULL)
    stp_window_cancel_load (self);
  if (self->export_task != NULL)
    stp_export_task_cancel (self->export_task);
  if (self->peaks_dialog != NULL)
    gtk_window_destroy (GTK_WINDOW (self->peaks_dialog));
  stp_window_unwatch_file (self);
  /* GLib disconnects a settings action from the window's action group
   * only on removal: left in, it outlives the group and notifies it,
   * freed, when another window changes the setting. */
  for (guint i = 0; i < G_N_ELEMENTS (setting_actions); i++)
    g_action_map_remove_action (G_ACTION_MAP (self), setting_actions[i]);

  gtk_widget_dispose_template (GTK_WIDGET (self), STP_TYPE_WINDOW);

  G_OBJECT_CLASS (stp_window_parent_class)->dispose (object);
}

static void
stp_window_finalize (GObject *object)
{
  StpWindow *self = (StpWindow *) object;

  g_clear_object (&self->settings);
  for (guint i = 0; i < G_N_ELEMENTS (self->setting_actions); i++)
    g_clear_object (&self->setting_actions[i]);
  g_clear_object (&self->show_details);
  g_clear_object (&self->task_file);
  g_clear_pointer (&self->task_files, g_ptr_array_unref);
  g_clear_object (&self->graph_file);
  g_clear_object (&self->session);
  g_clear_object (&self->export_task);
  g_clear_pointer (&self->export_error, g_free);
  g_clear_pointer (&self->error_title, g_free);
  g_clear_pointer (&self->error_message, g_free);

  G_OBJECT_CLASS (stp_window_parent_class)->finalize (object);
}

static gboolean
stp_window_close_request (GtkWindow *window)
{
  StpWindow *self = STP_WINDOW (window);

  /* Closing stops the work. */
  stp_window_cancel_load (self);

  return GTK_WINDOW_CLASS (stp_window_parent_class)->close_request (window);
}

static void
stp_window_get_property (GObject    *object,
                         guint       prop_id,
                         GValue     *value,
                         GParamSpec *pspec)
{
  StpWindow *self = STP_WINDOW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_LOADING:
      g_value_set_boolean (value, stp_window_get_loading (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stp_window_class_init (StpWindowClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);
  GtkWindowClass *window_class = GTK_WINDOW_CLASS (klass);

  object_class->dispose = stp_window_dispose;
  object_class->finalize = stp_window_finalize;
  object_class->get_property = stp_window_get_property;
  window_class->close_request = stp_window_close_request;

  /* The widgets in stp-window.ui bind to it. */
  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, STP_TYPE_SESSION,
                         G_PARAM_READABLE | G_PARAM_STATIC_STRINGS);
  properties[PROP_LOADING] =
    g_param_spec_boolean ("loading", NULL, NULL, FALSE,
                          G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_type_ensure (STP_TYPE_RECENT_LIST);
  g_type_ensure (STP_TYPE_TIMELINE_VIEW);
  g_type_ensure (STP_TYPE_WARNINGS_POPOVER);
  g_type_ensure (STP_TYPE_FIND_BAR);
  g_type_ensure (STP_TYPE_DETAILS_PANEL);
  g_type_ensure (STP_TYPE_AREA_TABLE);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stepscope/Stepscope/stp-window.ui");
  gtk_widget_class_bind_template_child (widget_class, StpWindow, window_title);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, stack);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, toast_overlay);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, loading_page);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, loading_progress);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, error_page);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, recent_list);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, timeline);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, progress_revealer);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, progress_label);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, progress_bar);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, warnings_button);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, warnings_label);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, warnings_popover);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, find_button);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, details_button);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, find_bar);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, flap);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, side_stack);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, side_status);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, paned);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, details_panel);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, area_table);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, export_revealer);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, export_label);
  gtk_widget_class_bind_template_child (widget_class, StpWindow, export_bar);

  gtk_widget_class_install_action (widget_class, "win.cancel-load", NULL, action_cancel_load);
  gtk_widget_class_install_action (widget_class, "win.show-error", "(ss)", action_show_error);
  gtk_widget_class_install_action (widget_class, "win.find", NULL, action_find);
  gtk_widget_class_install_action (widget_class, "win.copy", NULL, action_copy);
  gtk_widget_class_install_action (widget_class, "win.show-peaks", NULL, action_show_peaks);
  stp_window_class_init_export (widget_class);
  stp_window_class_init_monitor (widget_class);
  stp_window_class_init_summary (widget_class);
  stp_window_class_init_graph (widget_class);
  stp_window_class_init_range (widget_class);
  stp_window_class_init_open (widget_class);
  stp_window_class_init_info (widget_class);
  stp_window_class_init_filter (widget_class);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "win.cancel-load", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_f, GDK_CONTROL_MASK, "win.find", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_c, GDK_CONTROL_MASK, "win.copy", NULL);
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_F9, 0, "win.show-details", NULL);
}

/* Settings that cannot be saved still apply; say so the first time the
 * user changes one (not for the window size, which changes by itself). */
static void
on_setting_not_remembered (StpWindow  *self,
                           const char *key)
{
  static gboolean said;
  gboolean user_setting = FALSE;

  for (guint i = 0; i < G_N_ELEMENTS (setting_actions); i++)
    user_setting |= g_str_equal (key, setting_actions[i]);
  user_setting |= g_str_equal (key, "show-details");
  if (said || !user_setting)
    return;
  said = TRUE;
  stp_window_toast (self, _("Settings cannot be saved on this system: changes apply until Stepscope closes"));
}

/* The side panel (F9).  Shown or hidden by the user in a window wide
 * enough for it, it stays so (the setting); a narrow window folds it
 * away, and showing it there puts it over the timeline for the moment
 * only.  The flap's own folding changes it too, so the setting is not
 * bound to it both ways: a resize would have overwritten the choice. */
static void
on_show_details (GSimpleAction *action,
                 GVariant      *value,
                 gpointer       user_data)
{
  StpWindow *self = user_data;
  gboolean shown = g_variant_get_boolean (value);

  if (!adw_flap_get_folded (self->flap))
    g_settings_set_boolean (self->settings, "show-details", shown);
  adw_flap_set_reveal_flap (self->flap, shown);
}

static void
on_flap_reveal_changed (StpWindow *self)
{
  g_simple_action_set_state (self->show_details, g_variant_new_boolean (adw_flap_get_reveal_flap (self->flap)));
}

/* Unfolding reveals the flap; the user's choice says otherwise. */
static void
on_flap_folded_changed (StpWindow *self)
{
  if (!adw_flap_get_folded (self->flap))
    adw_flap_set_reveal_flap (self->flap, g_settings_get_boolean (self->settings, "show-details"));
}

static void
init_show_details (StpWindow *self)
{
  g_settings_bind (self->settings, "show-details", self->flap, "reveal-flap", G_SETTINGS_BIND_GET);
  self->show_details = g_simple_action_new_stateful ("show-details", NULL,
                                                     g_variant_new_boolean (adw_flap_get_reveal_flap (self->flap)));
  g_signal_connect_object (self->show_details, "change-state", G_CALLBACK (on_show_details), self, 0);
  g_action_map_add_action (G_ACTION_MAP (self), G_ACTION (self->show_details));
  g_signal_connect_object (self->flap, "notify::reveal-flap", G_CALLBACK (on_flap_reveal_changed),
                           self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->flap, "notify::folded", G_CALLBACK (on_flap_folded_changed),
                           self, G_CONNECT_SWAPPED);
}

static void
stp_window_init (StpWindow *self)
{
  static const char *const analysis_keys[] = { "show-dataflow", "show-memory", "op-time", "tensor-lifetimes" };

  /* Before the template, whose widgets bind to it. */
  self->session = stp_session_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
  title_without_hyphens (GTK_WIDGET (self->error_page));

  self->settings = stp_settings_new ();
  if (!stp_settings_are_remembered ())
    g_signal_connect_object (self->settings, "changed", G_CALLBACK (on_setting_not_remembered),
                             self, G_CONNECT_SWAPPED);
  stp_window_init_summary (self);
  stp_window_init_keys (self);

  /* win.show-dataflow, win.show-memory, win.op-time, win.show-flows, ... */
  G_STATIC_ASSERT (G_N_ELEMENTS (setting_actions) == G_N_ELEMENTS (self->setting_actions));
  for (guint i = 0; i < G_N_ELEMENTS (setting_actions); i++)
    {
      self->setting_actions[i] = g_settings_create_action (self->settings, setting_actions[i]);
      g_action_map_add_action (G_ACTION_MAP (self), self->setting_actions[i]);
    }
  g_signal_connect_object (self->stack, "notify::visible-child-name", G_CALLBACK (update_page_actions),
                           self, G_CONNECT_SWAPPED);
  for (guint i = 0; i < G_N_ELEMENTS (analysis_keys); i++)
    {
      g_autofree char *signal = g_strdup_printf ("changed::%s", analysis_keys[i]);

      g_signal_connect_object (self->settings, signal, G_CALLBACK (stp_window_on_analysis_option_changed),
                               self, G_CONNECT_SWAPPED);
    }
  g_settings_bind (self->settings, "show-flows", self->timeline, "show-flows", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "show-all-flows", self->timeline, "all-flows", G_SETTINGS_BIND_GET);
  g_settings_bind (self->settings, "label-width", self->timeline, "label-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "ruler-absolute", self->timeline, "absolute-time", G_SETTINGS_BIND_GET);
  init_show_details (self);
  g_object_bind_property (self->find_button, "active", self->find_bar, "search-mode",
                          G_BINDING_BIDIRECTIONAL | G_BINDING_SYNC_CREATE);

  stp_session_watch (self->session, "document", G_CALLBACK (on_document_changed), self);
  stp_session_watch (self->session, "selected-item", G_CALLBACK (on_selection_changed), self);
  stp_session_watch (self->session, "selected-area", G_CALLBACK (on_selection_changed), self);
  stp_session_watch (self->session, "selected-items", G_CALLBACK (on_selection_changed), self);
  g_signal_connect (self->details_panel, "select-item", G_CALLBACK (on_panel_select_item), self);
  g_signal_connect (self->find_bar, "match-selected", G_CALLBACK (on_match_selected), self);
  g_settings_bind (self->settings, "window-width", self, "default-width", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-height", self, "default-height", G_SETTINGS_BIND_DEFAULT);
  g_settings_bind (self->settings, "window-maximized", self, "maximized", G_SETTINGS_BIND_DEFAULT);

  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.cancel-load", FALSE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "win.copy", FALSE);
  stp_window_update_export_actions (self);
  update_page_actions (self);

  stp_window_init_open (self);

  gtk_stack_set_visible_child_name (self->stack, "empty");
}
