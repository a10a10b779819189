/* xtest-util.c: real key presses and pointer events through the X server
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "xtest-util"

#include "xtest-util.h"

#include <gdk/x11/gdkx.h>
#include <dlfcn.h>
#include <math.h>

#include "viewer-test-util.h"

typedef int (*FakeKeyFunc) (Display *display, unsigned int keycode, int is_press, unsigned long delay);
typedef KeyCode (*KeysymToKeycodeFunc) (Display *display, KeySym keysym);
typedef int (*SetInputFocusFunc) (Display *display, Window focus, int revert_to, Time time);
typedef int (*FlushFunc) (Display *display);
typedef int (*FakeMotionFunc) (Display *display, int screen, int x, int y, unsigned long delay);
typedef int (*FakeButtonFunc) (Display *display, unsigned int button, int is_press, unsigned long delay);
typedef int (*TranslateFunc) (Display *display, Window src, Window dest, int x, int y,
                              int *dest_x, int *dest_y, Window *child);

/* Xlib comes with GTK, XTest on its own: both looked up at run time, so
 * the build needs neither (nor the Flatpak). */
static FakeKeyFunc fake_key;
static KeysymToKeycodeFunc keysym_to_keycode;
static SetInputFocusFunc set_input_focus;
static FlushFunc flush;
static FakeMotionFunc fake_motion;
static FakeButtonFunc fake_button;
static TranslateFunc translate;

static gboolean
load_xtest (void)
{
  void *xtst, *x11;

  if (fake_key != NULL)
    return TRUE;
  if (!GDK_IS_X11_DISPLAY (gdk_display_get_default ()))
    return FALSE;
  xtst = dlopen ("libXtst.so.6", RTLD_LAZY | RTLD_LOCAL);
  x11 = dlopen ("libX11.so.6", RTLD_LAZY | RTLD_LOCAL);
  if (xtst == NULL || x11 == NULL)
    return FALSE;
  keysym_to_keycode = (KeysymToKeycodeFunc) dlsym (x11, "XKeysymToKeycode");
  set_input_focus = (SetInputFocusFunc) dlsym (x11, "XSetInputFocus");
  flush = (FlushFunc) dlsym (x11, "XFlush");
  fake_key = (FakeKeyFunc) dlsym (xtst, "XTestFakeKeyEvent");
  fake_motion = (FakeMotionFunc) dlsym (xtst, "XTestFakeMotionEvent");
  fake_button = (FakeButtonFunc) dlsym (xtst, "XTestFakeButtonEvent");
  translate = (TranslateFunc) dlsym (x11, "XTranslateCoordinates");
  if (keysym_to_keycode == NULL || set_input_focus == NULL || flush == NULL || fake_key == NULL ||
      fake_motion == NULL || fake_button == NULL || translate == NULL)
    {
      fake_key = NULL;
      return FALSE;
    }
  return TRUE;
}

gboolean
xtest_ready (void)
{
  if (load_xtest ())
    return TRUE;
  g_test_skip ("no XTest");
  return FALSE;
}

static Display *
x_display (void)
{
  return gdk_x11_display_get_xdisplay (gdk_display_get_default ());
}

void
xtest_focus (GtkWindow *window)
{
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window)));

  set_input_focus (x_display (), xid, RevertToParent, CurrentTime);
}

void
xtest_key (guint    keysym,
           gboolean press)
{
  KeyCode code = keysym_to_keycode (x_display (), keysym);

  g_assert_cmpuint (code, !=, 0);
  fake_key (x_display (), code, press, 0);
}

void
xtest_flush (void)
{
  flush (x_display ());
}

void
xtest_press (GtkWindow *window,
             guint      keysym)
{
  xtest_focus (window);
  xtest_key (keysym, TRUE);
  xtest_key (keysym, FALSE);
  xtest_flush ();
  settle ();
}

void
xtest_move_pointer (GtkWidget *widget,
                    double     x,
                    double     y)
{
  GtkNative *native = gtk_widget_get_native (widget);
  Display *display = x_display ();
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (native));
  Window child;
  double wx, wy, sx, sy;
  int rx, ry;

  g_assert_true (gtk_widget_translate_coordinates (widget, GTK_WIDGET (native), x, y, &wx, &wy));
  gtk_native_get_surface_transform (native, &sx, &sy);
  translate (display, xid, DefaultRootWindow (display), (int) lround (wx + sx), (int) lround (wy + sy),
             &rx, &ry, &child);
  fake_motion (display, -1, rx, ry, 0);
  flush (display);
  settle ();
}

void
xtest_button (guint    button,
              gboolean press)
{
  fake_button (x_display (), button, press, 0);
  xtest_flush ();
  settle ();
}
