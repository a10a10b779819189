/* stp-details-panel-rows.c: how one property and a title look
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Helpers of the details panel: a property row, and the title.
 */

#define G_LOG_DOMAIN "stp-details-panel"

#include "config.h"

#include <glib/gi18n.h>
#include <string.h>

#include "stp-details-panel-private.h"

/* A preferences row (so groups put it in their boxed list) holding a
 * dim label and a selectable value; labels share one width per panel. */
GtkWidget *
stp_details_panel_property_row (GtkSizeGroup *labels,
                                const char   *label,
                                const char   *value,
                                gboolean      monospace)
{
  GtkWidget *row = adw_preferences_row_new ();
  /* Long values (device paths, labels) go under their label, full width. */
  gboolean stacked = g_utf8_strlen (value, -1) > 32;
  GtkWidget *box = gtk_box_new (stacked ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL,
                                stacked ? 3 : 12);
  GtkWidget *name = gtk_label_new (label);
  GtkWidget *text = gtk_label_new (value);
  g_autoptr(PangoAttrList) no_hyphens = pango_attr_list_new ();

  pango_attr_list_insert (no_hyphens, pango_attr_insert_hyphens_new (FALSE));

  gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), FALSE);
  gtk_widget_add_css_class (row, "property-row");
  gtk_widget_set_margin_start (box, 12);
  gtk_widget_set_margin_end (box, 12);
  gtk_widget_set_margin_top (box, 8);
  gtk_widget_set_margin_bottom (box, 8);

  gtk_label_set_xalign (GTK_LABEL (name), 0);
  gtk_label_set_yalign (GTK_LABEL (name), 0);
  gtk_label_set_max_width_chars (GTK_LABEL (name), 11);
  gtk_label_set_wrap (GTK_LABEL (name), TRUE);
  gtk_widget_add_css_class (name, "dim-label");
  if (labels != NULL && !stacked)
    gtk_size_group_add_widget (labels, name);

  gtk_label_set_xalign (GTK_LABEL (text), 0);
  gtk_label_set_yalign (GTK_LABEL (text), 0);
  gtk_label_set_wrap (GTK_LABEL (text), TRUE);
  gtk_label_set_wrap_mode (GTK_LABEL (text), PANGO_WRAP_WORD_CHAR);
  /* A value broken inside a word gets no hyphen: "CUD-AGenerator" or a
   * number with a dash in it would misquote the trace. */
  gtk_label_set_attributes (GTK_LABEL (text), no_hyphens);
  gtk_label_set_selectable (GTK_LABEL (text), TRUE);
  gtk_label_set_max_width_chars (GTK_LABEL (text), 30);
  gtk_widget_set_hexpand (text, TRUE);
  if (monospace)
    gtk_widget_add_css_class (text, "monospace");

  gtk_box_append (GTK_BOX (box), name);
  gtk_box_append (GTK_BOX (box), text);
  gtk_list_box_row_set_child (GTK_LIST_BOX_ROW (row), box);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), label);
  gtk_accessible_update_property (GTK_ACCESSIBLE (row), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
  return row;
}

/* Longest run of a title kept on one line, in characters: about the
 * panel's width in the title font. */
#define TITLE_MAX_RUN 30

/* Whether a title may break after byte `i`: after "::", '<', ',', '/',
 * a space (C++ and Python names, scopes, paths). */
static gboolean
title_break_after (const char *name,
                   gsize       i)
{
  char c = name[i];

  if (c == ':')
    return i > 0 && name[i - 1] == ':';
  return c == '<' || c == ',' || c == '/' || c == ' ';
}

/* Lines a wrapped title may take: a GPU kernel's C++ name can run to
 * thousands of characters, and filled the panel. */
#define TITLE_MAX_LINES 4

/* Titles wrap only between the parts of a name, never inside a word
 * ("s-tatistics"): breaks are disallowed inside each part.  A part too
 * long for a line makes the title one line, ellipsized in the middle
 * (selecting it still copies the whole name); a name too long for
 * TITLE_MAX_LINES ends in an ellipsis.  Returns whether the title is
 * sure to show the whole name: a name of two lines' worth at most,
 * which leaves room for the breaks between parts and for larger text. */
gboolean
stp_details_panel_set_title_wrap (GtkLabel   *label,
                                  const char *name)
{
  g_autoptr(PangoAttrList) attrs = pango_attr_list_new ();
  gsize len = strlen (name), start = 0;
  glong longest = 0;

  for (gsize i = 0; i <= len; i++)
    {
      if (i < len && !title_break_after (name, i))
        continue;
      {
        gsize end = i < len ? i + 1 : len;
        PangoAttribute *attr = pango_attr_allow_breaks_new (FALSE);

        attr->start_index = start;
        attr->end_index = end;
        pango_attr_list_insert (attrs, attr);
        longest = MAX (longest, g_utf8_strlen (name + start, end - start));
        start = end;
      }
    }

  if (longest > TITLE_MAX_RUN)
    {
      gtk_label_set_wrap (label, FALSE);
      gtk_label_set_ellipsize (label, PANGO_ELLIPSIZE_MIDDLE);
      gtk_widget_set_tooltip_text (GTK_WIDGET (label), name);
      return FALSE;
    }
  gtk_label_set_wrap (label, TRUE);
  gtk_label_set_wrap_mode (label, PANGO_WRAP_WORD_CHAR);
  gtk_label_set_attributes (label, attrs);
  gtk_label_set_ellipsize (label, PANGO_ELLIPSIZE_END);
  gtk_label_set_lines (label, TITLE_MAX_LINES);
  if (g_utf8_strlen (name, -1) <= 2 * TITLE_MAX_RUN)
    return TRUE;
  gtk_widget_set_tooltip_text (GTK_WIDGET (label), name);
  return FALSE;
}

/* The name as the panel's title, and the kind of item under it. */
gboolean
stp_details_panel_add_header (StpDetailsPanel *self,
                              const char      *kind)
{
  const StpDetails *d = self->details;
  const char *name = d->name[0] ? d->name : _("Unnamed");
  GtkWidget *box = gtk_box_new (GTK_ORIENTATION_VERTICAL, 4);
  GtkWidget *title = gtk_label_new (name);
  GtkWidget *subtitle = gtk_label_new (kind);
  gboolean whole;

  whole = stp_details_panel_set_title_wrap (GTK_LABEL (title), name);
  gtk_label_set_selectable (GTK_LABEL (title), TRUE);
  gtk_label_set_xalign (GTK_LABEL (title), 0);
  gtk_widget_add_css_class (title, "title-3");
  gtk_label_set_xalign (GTK_LABEL (subtitle), 0);
  gtk_widget_add_css_class (subtitle, "dim-label");
  gtk_box_append (GTK_BOX (box), title);
  gtk_box_append (GTK_BOX (box), subtitle);
  gtk_box_append (GTK_BOX (self->box), box);

  g_string_append_printf (self->text, "%s\n%s\n", d->name, kind);
  return whole;
}

/* The name in full where the title cut it short, after the facts a
 * glance looks for: a kernel's name can fill pages.  The text to copy
 * has it already, from the title. */
void
stp_details_panel_add_whole_name (StpDetailsPanel *self,
                                  GtkWidget       *group)
{
  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                             stp_details_panel_property_row (self->labels, _("Name"), self->details->name, FALSE));
}

const char *
stp_details_panel_find_value (GtkWidget  *root,
                              const char *label)
{
  if (gtk_widget_has_css_class (root, "property-row"))
    {
      GtkWidget *box = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (root));
      GtkWidget *name = gtk_widget_get_first_child (box);

      if (g_strcmp0 (gtk_label_get_text (GTK_LABEL (name)), label) == 0)
        return gtk_label_get_text (GTK_LABEL (gtk_widget_get_next_sibling (name)));
      return NULL;
    }
  /* Nested args are not fields of the item. */
  if (ADW_IS_EXPANDER_ROW (root))
    return NULL;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      const char *value = stp_details_panel_find_value (child, label);

      if (value != NULL)
        return value;
    }
  return NULL;
}
