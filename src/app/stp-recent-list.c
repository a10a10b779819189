/* stp-recent-list.c: the traces opened last, on the start page
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The traces this application opened (GtkRecentManager, which the
 * window fills after each load), newest first.  A row opens its file
 * with a click or Enter through the window's "win.open-uri" action; a
 * file that is gone stays listed, greyed, so the user sees what moved.
 */

#define G_LOG_DOMAIN "stp-recent-list"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "stp-recent-list.h"

struct _StpRecentList
{
  GtkWidget         parent_instance;

  GtkWidget        *box;
  GtkListBox       *list;
  GtkRecentManager *manager;
};

G_DEFINE_FINAL_TYPE (StpRecentList, stp_recent_list, GTK_TYPE_WIDGET)

static gint
compare_newest_first (gconstpointer a,
                      gconstpointer b)
{
  GtkRecentInfo *ia = *(GtkRecentInfo **) a;
  GtkRecentInfo *ib = *(GtkRecentInfo **) b;

  return g_date_time_compare (gtk_recent_info_get_modified (ib), gtk_recent_info_get_modified (ia));
}

/* Ours: the items this application added. */
static GPtrArray *
collect_items (StpRecentList *self)
{
  GPtrArray *items = g_ptr_array_new_with_free_func ((GDestroyNotify) gtk_recent_info_unref);
  GList *all = gtk_recent_manager_get_items (self->manager);
  const char *app = g_get_application_name ();

  for (GList *l = all; l != NULL; l = l->next)
    {
      GtkRecentInfo *info = l->data;

      if (app != NULL && gtk_recent_info_has_application (info, app))
        g_ptr_array_add (items, gtk_recent_info_ref (info));
    }
  g_list_free_full (all, (GDestroyNotify) gtk_recent_info_unref);

  g_ptr_array_sort (items, compare_newest_first);
  if (items->len > STP_RECENT_LIST_MAX)
    g_ptr_array_set_size (items, STP_RECENT_LIST_MAX);
  return items;
}

static GtkWidget *
create_row (GtkRecentInfo *info)
{
  const char *uri = gtk_recent_info_get_uri (info);
  g_autoptr(GFile) file = g_file_new_for_uri (uri);
  g_autoptr(GFile) parent = g_file_get_parent (file);
  g_autofree char *where = parent != NULL ? g_file_get_parse_name (parent) : g_strdup ("");
  /* Only local files are looked at: a network mount may be slow. */
  gboolean missing = g_file_is_native (file) && !g_file_query_exists (file, NULL);
  GtkWidget *row = adw_action_row_new ();

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), gtk_recent_info_get_display_name (info));
  if (missing)
    {
      /* Translators: a recent trace whose file is gone; %s is its folder */
      g_autofree char *subtitle = g_strdup_printf (_("Not found in %s"), where);

      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
      /* Without an action: the actionable would make it sensitive again. */
      gtk_widget_set_sensitive (row, FALSE);
    }
  else
    {
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), where);
      gtk_actionable_set_action_name (GTK_ACTIONABLE (row), "win.open-uri");
      gtk_actionable_set_action_target (GTK_ACTIONABLE (row), "s", uri);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
    }
  gtk_widget_set_tooltip_text (row, uri);
  g_object_set_data_full (G_OBJECT (row), "uri", g_strdup (uri), g_free);
  return row;
}

static void
rebuild (StpRecentList *self)
{
  g_autoptr(GPtrArray) items = collect_items (self);
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);
  for (guint i = 0; i < items->len; i++)
    gtk_list_box_append (self->list, create_row (g_ptr_array_index (items, i)));
  gtk_widget_set_visible (self->box, items->len > 0);
}

GStrv
stp_recent_list_dup_uris (StpRecentList *self)
{
  g_autoptr(GStrvBuilder) builder = g_strv_builder_new ();

  g_return_val_if_fail (STP_IS_RECENT_LIST (self), NULL);

  for (GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (self->list));
       row != NULL; row = gtk_widget_get_next_sibling (row))
    g_strv_builder_add (builder, g_object_get_data (G_OBJECT (row), "uri"));
  return g_strv_builder_end (builder);
}

static void
stp_recent_list_dispose (GObject *object)
{
  StpRecentList *self = STP_RECENT_LIST (object);

  if (self->manager != NULL)
    g_signal_handlers_disconnect_by_func (self->manager, rebuild, self);
  self->manager = NULL;
  g_clear_pointer (&self->box, gtk_widget_unparent);

  G_OBJECT_CLASS (stp_recent_list_parent_class)->dispose (object);
}

static void
stp_recent_list_class_init (StpRecentListClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stp_recent_list_dispose;
  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "recentlist");
}

static void
stp_recent_list_init (StpRecentList *self)
{
  GtkWidget *heading;

  self->box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 6);
  gtk_widget_set_parent (self->box, GTK_WIDGET (self));
  gtk_widget_set_margin_top (self->box, 24);

  /* Translators: the heading of the list of traces opened before */
  heading = gtk_label_new (_("Recent Traces"));
  gtk_label_set_xalign (GTK_LABEL (heading), 0);
  gtk_widget_add_css_class (heading, "heading");
  gtk_box_append (GTK_BOX (self->box), heading);

  self->list = GTK_LIST_BOX (gtk_list_box_new ());
  gtk_list_box_set_selection_mode (self->list, GTK_SELECTION_NONE);
  gtk_widget_add_css_class (GTK_WIDGET (self->list), "boxed-list");
  gtk_accessible_update_property (GTK_ACCESSIBLE (self->list),
                                  GTK_ACCESSIBLE_PROPERTY_LABEL, _("Recent Traces"), -1);
  gtk_box_append (GTK_BOX (self->box), GTK_WIDGET (self->list));

  self->manager = gtk_recent_manager_get_default ();
  g_signal_connect_swapped (self->manager, "changed", G_CALLBACK (rebuild), self);
  rebuild (self);
}

GtkWidget *
stp_recent_list_new (void)
{
  return g_object_new (STP_TYPE_RECENT_LIST, NULL);
}
