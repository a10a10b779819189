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

  StpSession *session;
  guint       count;

  GtkLabel   *summary;
  GtkListBox *list;
  GtkScrolledWindow *scrolled;
};

#define LIST_WIDTH      360   /* the box's width-request in the .ui: the list's width */
#define LIST_MAX_HEIGHT 420

enum {
  PROP_0,
  PROP_SESSION,
  PROP_COUNT,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (StpWarningsPopover, stp_warnings_popover, GTK_TYPE_POPOVER)

/* The button's tooltip would pop up over the list's heading (both hang
 * below the button): none while the list is open. */
static void
stp_warnings_popover_map (GtkWidget *widget)
{
  GtkWidget *button = gtk_widget_get_parent (widget);

  GTK_WIDGET_CLASS (stp_warnings_popover_parent_class)->map (widget);
  if (button != NULL)
    gtk_widget_set_has_tooltip (button, FALSE);
}

static void
stp_warnings_popover_unmap (GtkWidget *widget)
{
  GtkWidget *button = gtk_widget_get_parent (widget);

  if (button != NULL)
    gtk_widget_set_has_tooltip (button, TRUE);
  GTK_WIDGET_CLASS (stp_warnings_popover_parent_class)->unmap (widget);
}

static void
stp_warnings_popover_dispose (GObject *object)
{
  StpWarningsPopover *self = STP_WARNINGS_POPOVER (object);

  stp_warnings_popover_set_session (self, NULL);
  G_OBJECT_CLASS (stp_warnings_popover_parent_class)->dispose (object);
}

static void
stp_warnings_popover_get_property (GObject    *object,
                                   guint       prop_id,
                                   GValue     *value,
                                   GParamSpec *pspec)
{
  StpWarningsPopover *self = STP_WARNINGS_POPOVER (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_COUNT:
      g_value_set_uint (value, self->count);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stp_warnings_popover_set_property (GObject      *object,
                                   guint         prop_id,
                                   const GValue *value,
                                   GParamSpec   *pspec)
{
  StpWarningsPopover *self = STP_WARNINGS_POPOVER (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      stp_warnings_popover_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stp_warnings_popover_class_init (StpWarningsPopoverClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stp_warnings_popover_dispose;
  object_class->get_property = stp_warnings_popover_get_property;
  object_class->set_property = stp_warnings_popover_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, STP_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_COUNT] =
    g_param_spec_uint ("count", NULL, NULL, 0, G_MAXUINT, 0,
                       G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  widget_class->map = stp_warnings_popover_map;
  widget_class->unmap = stp_warnings_popover_unmap;

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stepscope/Stepscope/stp-warnings-popover.ui");
  gtk_widget_class_bind_template_child (widget_class, StpWarningsPopover, summary);
  gtk_widget_class_bind_template_child (widget_class, StpWarningsPopover, list);
  gtk_widget_class_bind_template_child (widget_class, StpWarningsPopover, scrolled);
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

static void
on_document_changed (StpWarningsPopover *self)
{
  StpTrace *trace = stp_session_get_trace (self->session);
  GtkWidget *child;
  guint total = 0;
  g_autofree char *summary = NULL;

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
      /* Every warning whole: no line limit (0), the list scrolls instead. */
      adw_action_row_set_title_lines (ADW_ACTION_ROW (row), 0);
      adw_action_row_set_subtitle_lines (ADW_ACTION_ROW (row), 0);
      count = gtk_label_new (count_text);
      gtk_widget_add_css_class (count, "numeric");
      gtk_widget_add_css_class (count, "dim-label");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), count);
      gtk_list_box_append (self->list, row);
      total += w->count;
    }

  /* As tall as the rows wrapped at the list's own width, up to a limit
   * (then it scrolls).  GtkScrolledWindow's propagate-natural-height
   * measured them at another width and cut the rows off. */
  {
    int natural = 0;

    gtk_widget_measure (GTK_WIDGET (self->list), GTK_ORIENTATION_VERTICAL, LIST_WIDTH, NULL, &natural, NULL, NULL);
    gtk_scrolled_window_set_min_content_height (self->scrolled, MIN (natural, LIST_MAX_HEIGHT));
  }

  summary = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u warning while loading", "%u warnings while loading", total), total);
  gtk_label_set_label (self->summary, summary);

  if (total != self->count)
    {
      self->count = total;
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_COUNT]);
    }
}

StpSession *
stp_warnings_popover_get_session (StpWarningsPopover *self)
{
  g_return_val_if_fail (STP_IS_WARNINGS_POPOVER (self), NULL);
  return self->session;
}

void
stp_warnings_popover_set_session (StpWarningsPopover *self,
                                  StpSession         *session)
{
  g_return_if_fail (STP_IS_WARNINGS_POPOVER (self));
  g_return_if_fail (session == NULL || STP_IS_SESSION (session));

  if (!stp_session_replace (&self->session, session, self))
    return;
  if (session != NULL)
    stp_session_watch (session, "document", G_CALLBACK (on_document_changed), self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

guint
stp_warnings_popover_get_count (StpWarningsPopover *self)
{
  g_return_val_if_fail (STP_IS_WARNINGS_POPOVER (self), 0);
  return self->count;
}
