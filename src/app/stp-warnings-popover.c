/* stp-warnings-popover.c: what the loader warned about, with counts
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "stp-warnings-popover"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>

#include "stp-warnings-popover.h"

struct _StpWarningsPopover
{
  GtkPopover  parent_instance;

  GtkLabel   *summary;
  GtkListBox *list;
};

G_DEFINE_FINAL_TYPE (StpWarningsPopover, stp_warnings_popover, GTK_TYPE_POPOVER)

static void
stp_warnings_popover_class_init (StpWarningsPopoverClass *klass)
{
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stepscope/Stepscope/stp-warnings-popover.ui");
  gtk_widget_class_bind_template_child (widget_class, StpWarningsPopover, summary);
  gtk_widget_class_bind_template_child (widget_class, StpWarningsPopover, list);
}

static void
stp_warnings_popover_init (StpWarningsPopover *self)
{
  gtk_widget_init_template (GTK_WIDGET (self));
}

GtkWidget *
stp_warnings_popover_new (void)
{
  return g_object_new (STP_TYPE_WARNINGS_POPOVER, NULL);
}

guint
stp_warnings_popover_set_trace (StpWarningsPopover *self,
                                StpTrace           *trace)
{
  GtkWidget *child;
  guint total = 0;
  g_autofree char *summary = NULL;

  g_return_val_if_fail (STP_IS_WARNINGS_POPOVER (self), 0);

  while ((child = gtk_widget_get_first_child (GTK_WIDGET (self->list))) != NULL)
    gtk_list_box_remove (self->list, child);

  for (guint i = 0; trace != NULL && i < trace->warnings->len; i++)
    {
      const StpWarning *w = &g_array_index (trace->warnings, StpWarning, i);
      GtkWidget *row = adw_action_row_new ();
      GtkWidget *count;
      g_autofree char *count_text = g_strdup_printf ("%u", w->count);

      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), stp_trace_str (trace, w->kind));
      adw_action_row_set_subtitle (ADW_ACTION_ROW (row), stp_trace_str (trace, w->example));
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 3);
      count = gtk_label_new (count_text);
      gtk_widget_add_css_class (count, "numeric");
      gtk_widget_add_css_class (count, "dim-label");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), count);
      gtk_list_box_append (self->list, row);
      total += w->count;
    }

  summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u warning while loading", "%u warnings while loading", total), total);
  gtk_label_set_label (self->summary, summary);

  return total;
}
