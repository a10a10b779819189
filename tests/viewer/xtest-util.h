/* xtest-util.h: real key presses and pointer events through the X server
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Events sent with the XTest extension (as xdotool does) take GTK's
 * whole path: capture from the window down to the focused widget, its
 * bindings, then back up.  libXtst is opened at run time; without it
 * (or without an X display) a test is skipped.
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

/* TRUE if events can be sent; otherwise the test is marked skipped. */
gboolean xtest_ready        (void);
/* Gives window the X input focus. */
void     xtest_focus        (GtkWindow *window);
/* A key pressed or released, sent at the next xtest_flush (): keys
 * flushed at once reach GTK in one go, before any frame. */
void     xtest_key          (guint      keysym,
                             gboolean   press);
void     xtest_flush        (void);
/* A key pressed and released in window, and GTK done with it. */
void     xtest_press        (GtkWindow *window,
                             guint      keysym);
/* The pointer moved to (x, y) in widget's coordinates. */
void     xtest_move_pointer (GtkWidget *widget,
                             double     x,
                             double     y);
void     xtest_button       (guint      button,
                             gboolean   press);

G_END_DECLS
