/* stp-window-keys.c: keys that reach the timeline wherever focus is
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The timeline's keys (W/A/S/D, F, the arrows) are its own bindings, so
 * they act only while it has focus; after a link in the details panel or
 * the main menu, focus sits elsewhere (a selectable title, a button) and
 * they were lost until a click.  The window catches them first and hands
 * them to the timeline unless something that reads keys has focus: a text
 * entry, a menu, or (for the arrows) a list moving its own cursor; the
 * timeline then has focus, for the keys that follow.
 *
 * F8 toggles the summary; GtkPaned binds F8 to its handle, and the
 * timeline sits in a paned, so the window takes F8 before the paned does.
 */

#define G_LOG_DOMAIN "stp-window-keys"

#include "config.h"

#include "stp-window-private.h"

static gboolean
is_letter_key (guint keyval)
{
  switch (gdk_keyval_to_lower (keyval))
    {
    case GDK_KEY_w:
    case GDK_KEY_a:
    case GDK_KEY_s:
    case GDK_KEY_d:
    case GDK_KEY_f:
      return TRUE;
    default:
      return FALSE;
    }
}

static gboolean
is_arrow_key (guint keyval)
{
  switch (keyval)
    {
    case GDK_KEY_Left:
    case GDK_KEY_Right:
    case GDK_KEY_Up:
    case GDK_KEY_Down:
    case GDK_KEY_KP_Left:
    case GDK_KEY_KP_Right:
    case GDK_KEY_KP_Up:
    case GDK_KEY_KP_Down:
      return TRUE;
    default:
      return FALSE;
    }
}

/* Whether the focused widget reads this key itself. */
static gboolean
focus_wants_key (GtkWidget *focus,
                 guint      keyval)
{
  if (focus == NULL)
    return FALSE;
  if (GTK_IS_EDITABLE (focus) || GTK_IS_TEXT_VIEW (focus) ||
      gtk_widget_get_ancestor (focus, GTK_TYPE_EDITABLE) != NULL ||
      gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER) != NULL)
    return TRUE;
  /* A selectable label (the panel's title, a value) would move an
   * invisible cursor: the timeline's use of the arrows wins. */
  if (GTK_IS_LABEL (focus))
    return FALSE;
  if (is_arrow_key (keyval) &&
      (gtk_widget_get_ancestor (focus, GTK_TYPE_LIST_VIEW) != NULL ||
       gtk_widget_get_ancestor (focus, GTK_TYPE_COLUMN_VIEW) != NULL ||
       gtk_widget_get_ancestor (focus, GTK_TYPE_GRID_VIEW) != NULL ||
       gtk_widget_get_ancestor (focus, GTK_TYPE_LIST_BOX) != NULL))
    return TRUE;
  return FALSE;
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                StpWindow             *self)
{
  GtkWidget *timeline = GTK_WIDGET (self->timeline);
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (self));

  if ((state & (GDK_CONTROL_MASK | GDK_ALT_MASK | GDK_SUPER_MASK)) != 0)
    return FALSE;
  if (!is_letter_key (keyval) && !is_arrow_key (keyval))
    return FALSE;
  if (!gtk_widget_is_drawable (timeline) || stp_timeline_view_get_index (self->timeline) == NULL)
    return FALSE;
  if (focus != NULL && (focus == timeline || gtk_widget_is_ancestor (focus, timeline)))
    return FALSE;
  if (focus_wants_key (focus, keyval))
    return FALSE;

  /* The timeline takes focus too: the key may change the selection, and
   * the details panel then rebuilds, destroying a focused title there
   * (which trips GTK inside a scrolled viewport). */
  gtk_widget_grab_focus (timeline);
  return gtk_event_controller_key_forward (controller, timeline);
}

void
stp_window_init_keys (StpWindow *self)
{
  GtkEventController *keys = gtk_event_controller_key_new ();
  GtkEventController *shortcuts = gtk_shortcut_controller_new ();

  gtk_event_controller_set_propagation_phase (keys, GTK_PHASE_CAPTURE);
  g_signal_connect (keys, "key-pressed", G_CALLBACK (on_key_pressed), self);
  gtk_widget_add_controller (GTK_WIDGET (self), keys);

  gtk_event_controller_set_propagation_phase (shortcuts, GTK_PHASE_CAPTURE);
  gtk_shortcut_controller_add_shortcut (GTK_SHORTCUT_CONTROLLER (shortcuts),
                                        gtk_shortcut_new (gtk_keyval_trigger_new (GDK_KEY_F8, 0),
                                                          gtk_named_action_new ("win.show-summary")));
  gtk_widget_add_controller (GTK_WIDGET (self), shortcuts);
}
