/* stp-markers-view.c: the session's markers, as a list
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Under the timeline while there are markers (M on the timeline makes
 * them, a click on the ruler drops a flag): a row each with its label,
 * start and length, a button that renames it (F2 too) and one that
 * removes it (Delete too).  Activating a row selects the marker's
 * range, which the window then shows.
 */

#define G_LOG_DOMAIN "stp-markers-view"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "stp-markers-view.h"
#include "stp-render-view.h"

struct _StpMarkersView
{
  GtkWidget   parent_instance;

  /* Template */
  GtkWidget  *box;
  GtkListBox *list;

  StpSession *session;
};

enum {
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  MARKER_ACTIVATED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (StpMarkersView, stp_markers_view, GTK_TYPE_WIDGET)

static const StpRenderMarker *
get_marker (StpMarkersView *self,
            guint           position)
{
  GArray *markers = self->session ? stp_session_get_markers (self->session) : NULL;

  return markers != NULL && position < markers->len ? &g_array_index (markers, StpRenderMarker, position) : NULL;
}

static void
on_remove_clicked (GtkButton      *button,
                   StpMarkersView *self)
{
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (button), GTK_TYPE_LIST_BOX_ROW);

  stp_markers_view_remove (self, gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row)));
}

static void
on_name_activate (GtkEntry       *entry,
                  StpMarkersView *self)
{
  GtkWidget *row = gtk_widget_get_ancestor (GTK_WIDGET (entry), GTK_TYPE_LIST_BOX_ROW);
  GtkWidget *popover = gtk_widget_get_ancestor (GTK_WIDGET (entry), GTK_TYPE_POPOVER);
  g_autofree char *name = g_strstrip (g_strdup (gtk_editable_get_text (GTK_EDITABLE (entry))));

  gtk_popover_popdown (GTK_POPOVER (popover));
  /* An empty name would leave nothing to tell the marker by. */
  if (*name != '\0' && row != NULL)
    stp_session_rename_marker (self->session, gtk_list_box_row_get_index (GTK_LIST_BOX_ROW (row)), name);
}

/* The rename button: a popover with the name, selected, to type over. */
static GtkWidget *
rename_button (StpMarkersView        *self,
               const StpRenderMarker *marker)
{
  GtkWidget *button = gtk_menu_button_new ();
  GtkWidget *popover = gtk_popover_new ();
  GtkWidget *entry = gtk_entry_new ();

  gtk_widget_set_name (button, "rename");
  gtk_widget_set_name (entry, "marker-name");
  gtk_editable_set_text (GTK_EDITABLE (entry), marker->label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (entry), GTK_ACCESSIBLE_PROPERTY_LABEL,
                                  _("Marker Name"), -1);
  g_signal_connect (entry, "activate", G_CALLBACK (on_name_activate), self);
  gtk_popover_set_child (GTK_POPOVER (popover), entry);
  gtk_popover_set_default_widget (GTK_POPOVER (popover), entry);
  gtk_menu_button_set_icon_name (GTK_MENU_BUTTON (button), "document-edit-symbolic");
  gtk_menu_button_set_popover (GTK_MENU_BUTTON (button), popover);
  gtk_widget_set_valign (button, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (button, "flat");
  gtk_widget_set_tooltip_text (button, _("Rename the Marker"));
  return button;
}

static GtkWidget *
marker_row (StpMarkersView        *self,
            const StpRenderMarker *marker,
            gint64                 origin)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *remove = gtk_button_new_from_icon_name ("user-trash-symbolic");
  GtkWidget *rename;
  g_autofree char *start = stp_format_duration (marker->start - origin);
  g_autofree char *length = stp_format_duration (marker->end - marker->start);
  g_autofree char *subtitle = marker->end > marker->start ? g_strdup_printf (_("at %s, %s long"), start, length)
                                                          : g_strdup_printf (_("at %s"), start);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), marker->label);
  adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
  gtk_widget_set_valign (remove, GTK_ALIGN_CENTER);
  gtk_widget_add_css_class (remove, "flat");
  gtk_widget_set_tooltip_text (remove, _("Remove the Marker"));
  g_signal_connect (remove, "clicked", G_CALLBACK (on_remove_clicked), self);
  rename = rename_button (self, marker);
  g_object_set_data (G_OBJECT (row), "rename-button", rename);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), rename);
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), remove);
  return row;
}

static void
on_markers_changed (StpMarkersView *self)
{
  StpTrace *trace = self->session ? stp_session_get_trace (self->session) : NULL;
  GArray *markers = self->session ? stp_session_get_markers (self->session) : NULL;
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  for (guint i = 0; markers != NULL && i < markers->len; i++)
    gtk_list_box_append (self->list, marker_row (self, &g_array_index (markers, StpRenderMarker, i),
                                                 trace != NULL ? trace->start_ts : 0));
}

static void
on_row_activated (StpMarkersView *self,
                  GtkListBoxRow  *row)
{
  stp_markers_view_activate (self, gtk_list_box_row_get_index (row));
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                StpMarkersView        *self)
{
  GtkListBoxRow *row = gtk_list_box_get_selected_row (self->list);

  if (row == NULL)
    return FALSE;
  if (keyval == GDK_KEY_F2)
    return stp_markers_view_rename (self, gtk_list_box_row_get_index (row));
  if (keyval != GDK_KEY_Delete && keyval != GDK_KEY_KP_Delete)
    return FALSE;
  stp_markers_view_remove (self, gtk_list_box_row_get_index (row));
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Public                                                              */

StpSession *
stp_markers_view_get_session (StpMarkersView *self)
{
  g_return_val_if_fail (STP_IS_MARKERS_VIEW (self), NULL);
  return self->session;
}

void
stp_markers_view_set_session (StpMarkersView *self,
                              StpSession     *session)
{
  g_return_if_fail (STP_IS_MARKERS_VIEW (self));
  g_return_if_fail (session == NULL || STP_IS_SESSION (session));

  if (!stp_session_replace (&self->session, session, self))
    return;
  if (session != NULL)
    stp_session_watch (session, "markers", G_CALLBACK (on_markers_changed), self);
  else
    on_markers_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

guint
stp_markers_view_get_n_rows (StpMarkersView *self)
{
  GArray *markers;

  g_return_val_if_fail (STP_IS_MARKERS_VIEW (self), 0);
  markers = self->session ? stp_session_get_markers (self->session) : NULL;
  return markers != NULL ? markers->len : 0;
}

void
stp_markers_view_activate (StpMarkersView *self,
                           guint           position)
{
  const StpRenderMarker *marker;

  g_return_if_fail (STP_IS_MARKERS_VIEW (self));

  if ((marker = get_marker (self, position)) == NULL)
    return;
  /* An instant selects nothing to fit: a microsecond around it. */
  if (marker->end > marker->start)
    stp_session_set_selected_range (self->session, marker->start, marker->end);
  else
    stp_session_set_selected_range (self->session, marker->start - 500, marker->start + 500);
  g_signal_emit (self, signals[MARKER_ACTIVATED], 0);
}

/* Opens the name of the marker at `position` for typing; FALSE if there
 * is no such marker. */
gboolean
stp_markers_view_rename (StpMarkersView *self,
                         guint           position)
{
  GtkListBoxRow *row;
  GtkWidget *button;

  g_return_val_if_fail (STP_IS_MARKERS_VIEW (self), FALSE);

  if (get_marker (self, position) == NULL ||
      (row = gtk_list_box_get_row_at_index (self->list, position)) == NULL ||
      (button = g_object_get_data (G_OBJECT (row), "rename-button")) == NULL)
    return FALSE;
  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  return TRUE;
}

void
stp_markers_view_remove (StpMarkersView *self,
                         guint           position)
{
  g_return_if_fail (STP_IS_MARKERS_VIEW (self));

  if (get_marker (self, position) != NULL)
    stp_session_remove_marker (self->session, position);
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */

static void
stp_markers_view_dispose (GObject *object)
{
  StpMarkersView *self = STP_MARKERS_VIEW (object);

  stp_session_replace (&self->session, NULL, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), STP_TYPE_MARKERS_VIEW);
  G_OBJECT_CLASS (stp_markers_view_parent_class)->dispose (object);
}

static void
stp_markers_view_get_property (GObject    *object,
                               guint       prop_id,
                               GValue     *value,
                               GParamSpec *pspec)
{
  StpMarkersView *self = STP_MARKERS_VIEW (object);

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
stp_markers_view_set_property (GObject      *object,
                               guint         prop_id,
                               const GValue *value,
                               GParamSpec   *pspec)
{
  StpMarkersView *self = STP_MARKERS_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      stp_markers_view_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stp_markers_view_class_init (StpMarkersViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stp_markers_view_dispose;
  object_class->get_property = stp_markers_view_get_property;
  object_class->set_property = stp_markers_view_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, STP_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * StpMarkersView::marker-activated:
   *
   * A row was activated: its marker is the session's selected range.
   */
  signals[MARKER_ACTIVATED] =
    g_signal_new ("marker-activated", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 0);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stepscope/Stepscope/stp-markers-view.ui");
  gtk_widget_class_bind_template_child (widget_class, StpMarkersView, box);
  gtk_widget_class_bind_template_child (widget_class, StpMarkersView, list);
  gtk_widget_class_bind_template_callback (widget_class, on_row_activated);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "markersview");
}

static void
stp_markers_view_init (StpMarkersView *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();

  gtk_widget_init_template (GTK_WIDGET (self));
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self->list), keys);
}
