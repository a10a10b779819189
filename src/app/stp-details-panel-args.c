/* stp-details-panel-args.c: the args of a slice, as a tree
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Objects and arrays become expander rows (small ones open), values
 * "key: value" rows; the text copy indents them the same way.
 */

#define G_LOG_DOMAIN "stp-details-panel"

#include "config.h"

#include <glib/gi18n.h>

#include "stp-details-panel-private.h"

/* A container shows at most this many members; the rest are counted. */
#define MAX_ARG_CHILDREN 200
/* Containers this small start expanded. */
#define EXPAND_ARGS_UP_TO 8

/* ------------------------------------------------------------------ */
/* Args                                                                */

static guint
count_args (const StpArg *arg)
{
  return arg->children != NULL ? arg->children->len : 0;
}

static char *
container_summary (const StpArg *arg)
{
  guint n = count_args (arg);

  if (arg->kind == STP_ARG_ARRAY)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u item", "%u items", n), n);
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u member", "%u members", n), n);
}

static void add_arg (StpDetailsPanel *self,
                     GtkWidget       *parent,
                     const StpArg    *arg,
                     guint            depth);

static void
add_arg_children (StpDetailsPanel *self,
                  GtkWidget       *parent,
                  const StpArg    *arg,
                  guint            depth)
{
  guint n = count_args (arg);

  for (guint i = 0; i < MIN (n, MAX_ARG_CHILDREN); i++)
    add_arg (self, parent, g_ptr_array_index (arg->children, i), depth + 1);

  if (n > MAX_ARG_CHILDREN)
    {
      g_autofree char *more = g_strdup_printf (_("%u more not shown"), n - MAX_ARG_CHILDREN);
      GtkWidget *row = stp_details_panel_property_row (NULL, "…", more, FALSE);

      if (ADW_IS_EXPANDER_ROW (parent))
        adw_expander_row_add_row (ADW_EXPANDER_ROW (parent), row);
      else
        adw_preferences_group_add (ADW_PREFERENCES_GROUP (parent), row);
    }
}

static void
add_arg (StpDetailsPanel *self,
         GtkWidget       *parent,
         const StpArg    *arg,
         guint            depth)
{
  g_autofree char *indent = g_strnfill (2 * depth, ' ');
  GtkWidget *row;

  if (arg->kind == STP_ARG_OBJECT || arg->kind == STP_ARG_ARRAY)
    {
      g_autofree char *summary = container_summary (arg);

      row = adw_expander_row_new ();
      adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
      adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), arg->key);
      adw_expander_row_set_subtitle (ADW_EXPANDER_ROW (row), summary);
      adw_expander_row_set_expanded (ADW_EXPANDER_ROW (row), count_args (arg) <= EXPAND_ARGS_UP_TO);
      g_string_append_printf (self->text, "%s%s:\n", indent, arg->key);
      add_arg_children (self, row, arg, depth);
    }
  else
    {
      row = stp_details_panel_property_row (depth == 0 ? self->labels : NULL, arg->key, arg->value,
                                            arg->kind == STP_ARG_NUMBER);
      g_string_append_printf (self->text, "%s%s: %s\n", indent, arg->key, arg->value);
    }

  if (ADW_IS_EXPANDER_ROW (parent))
    adw_expander_row_add_row (ADW_EXPANDER_ROW (parent), row);
  else
    adw_preferences_group_add (ADW_PREFERENCES_GROUP (parent), row);
}

void
stp_details_panel_add_args (StpDetailsPanel *self,
          const char      *title)
{
  const StpDetails *d = self->details;
  GtkWidget *group;

  if (d->args == NULL && d->args_error == NULL)
    return;

  group = stp_details_panel_add_group (self, title);
  if (d->args == NULL)
    {
      stp_details_panel_add_property (self, group, _("Error"), d->args_error);
      return;
    }
  if (d->args->kind == STP_ARG_OBJECT)
    add_arg_children (self, group, d->args, 0);
  else
    add_arg (self, group, d->args, 0);
}

