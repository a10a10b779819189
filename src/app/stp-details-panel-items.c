/* stp-details-panel-items.c: several slices selected at once
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A Ctrl+click selection sums up as an area does (stp_aggregate_items):
 * how many slices, their total and self time, then a row per name.
 */

#define G_LOG_DOMAIN "stp-details-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "stp-aggregate.h"
#include "stp-details-panel-private.h"
#include "stp-render-view.h"

/* Names listed at most; the rest are counted. */
#define MAX_NAMES 50

static void
add_title (StpDetailsPanel *self,
           const char      *title)
{
  GtkWidget *label = gtk_label_new (title);

  gtk_label_set_xalign (GTK_LABEL (label), 0);
  gtk_label_set_wrap (GTK_LABEL (label), TRUE);
  gtk_widget_add_css_class (label, "title-3");
  gtk_box_append (GTK_BOX (self->box), label);
  g_string_append_printf (self->text, "%s\n", title);
}

void
stp_details_panel_show_items (StpDetailsPanel *self,
                              StpTrace        *trace,
                              GArray          *items)
{
  g_autoptr(GArray) rows = stp_aggregate_items (trace, items);
  g_autofree char *title = NULL;
  g_autofree char *total = NULL;
  g_autofree char *self_total = NULL;
  g_autofree char *count = NULL;
  gint64 sum = 0, self_sum = 0;
  guint n = 0;
  GtkWidget *group;

  for (guint i = 0; i < rows->len; i++)
    {
      const StpAggregateRow *row = &g_array_index (rows, StpAggregateRow, i);

      n += row->count;
      sum = stp_time_add (sum, row->total);
      self_sum = stp_time_add (self_sum, row->self_total);
    }

  title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Slice Selected", "%u Slices Selected", n), n);
  add_title (self, title);

  group = stp_details_panel_add_group (self, NULL);
  count = g_strdup_printf ("%u", n);
  total = stp_format_duration (sum);
  self_total = stp_format_duration (self_sum);
  stp_details_panel_add_property (self, group, _("Slices"), count);
  stp_details_panel_add_property (self, group, _("Total"), total);
  /* Translators: the sum of the slices' self times */
  stp_details_panel_add_property (self, group, _("Self Time"), self_total);

  group = stp_details_panel_add_group (self, _("By Name"));
  /* Longest total first: "3 × 1.2 ms". */
  for (guint i = 0; i < MIN (rows->len, MAX_NAMES); i++)
    {
      const StpAggregateRow *row = &g_array_index (rows, StpAggregateRow, i);
      g_autofree char *duration = stp_format_duration (row->total);
      g_autofree char *value = g_strdup_printf ("%u × %s", row->count, duration);
      g_autofree char *name = stp_aggregate_row_dup_name (row, trace);

      stp_details_panel_add_property (self, group, name, value);
    }
  if (rows->len > MAX_NAMES)
    {
      g_autofree char *more = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u more name", "%u more names",
                                                            rows->len - MAX_NAMES),
                                               rows->len - MAX_NAMES);

      stp_details_panel_add_property (self, group, more, "");
    }
}
