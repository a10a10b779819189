/* test-keys.c: the keyboard, with real key presses through the X server,
 * and clicks where flow arrows crowd
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Keys are pressed with the XTest extension (as xdotool does), so they
 * take GTK's whole path: capture from the window down to the focused
 * widget, its bindings, then back up.  libXtst is opened at run time;
 * without it (or without an X display) the tests are skipped.
 */

#define G_LOG_DOMAIN "test-keys"

#include <adwaita.h>
#include <gdk/x11/gdkx.h>
#include <dlfcn.h>
#include <math.h>
#include <unistd.h>

#include "stp-details-panel-private.h"
#include "stp-details-panel.h"
#include "stp-render-view.h"
#include "stp-settings.h"
#include "stp-timeline-view-private.h"
#include "stp-window.h"
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
have_xtest (void)
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

/* Presses and releases a key (with Shift when `shift`), with the window
 * holding the X input focus, and lets GTK handle it. */
static void
press (GtkWindow *window,
       guint      keysym)
{
  Display *display = gdk_x11_display_get_xdisplay (gdk_display_get_default ());
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window)));
  KeyCode code = keysym_to_keycode (display, keysym);

  g_assert_cmpuint (code, !=, 0);
  set_input_focus (display, xid, RevertToParent, CurrentTime);
  fake_key (display, code, True, 0);
  fake_key (display, code, False, 0);
  flush (display);
  settle ();
}

static gboolean
summary_shown (StpWindow *window)
{
  g_autoptr(GVariant) state = g_action_group_get_action_state (G_ACTION_GROUP (window), "show-summary");

  return g_variant_get_boolean (state);
}

static gboolean
timeline_has_focus (StpWindow *window)
{
  GtkWidget *focus = gtk_root_get_focus (GTK_ROOT (window));

  return focus == GTK_WIDGET (stp_window_get_timeline_view (window));
}

static double
visible_span (StpTimelineView *view)
{
  gint64 start, end;

  stp_timeline_view_get_visible_range (view, &start, &end);
  return (double) (end - start);
}

static gint64
view_start (StpTimelineView *view)
{
  gint64 start;

  stp_timeline_view_get_visible_range (view, &start, NULL);
  return start;
}

static gboolean
is_selectable_label (GtkWidget     *widget,
                     gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_label_get_selectable (GTK_LABEL (widget)) &&
         gtk_widget_get_mapped (widget);
}

static gboolean
is_main_menu_button (GtkWidget     *widget,
                     gconstpointer  data)
{
  return GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_primary (GTK_MENU_BUTTON (widget));
}

static StpWindow *
open_run_meta (void)
{
  g_autoptr(GFile) file = data_file ("data", "step-stats", "run_meta.pb", NULL);
  StpWindow *window = new_window ();

  open_and_wait (window, file);
  settle ();
  return window;
}

/* The same for a test that sends keys through XTest: NULL, the test
 * skipped, where the X server has no XTest. */
static StpWindow *
open_run_meta_for_keys (void)
{
  if (!have_xtest ())
    {
      g_test_skip ("no XTest");
      return NULL;
    }
  return open_run_meta ();
}

/* A slice with input links, selected; its details shown. */
static void
select_op_with_links (StpWindow *window)
{
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpDetailsPanel *panel = stp_window_get_details_panel (window);
  StpTrace *trace = stp_window_get_trace (window);

  for (guint32 t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      for (guint32 i = 0; track->slices != NULL && i < track->slices->len; i++)
        {
          StpItemRef ref = stp_item_ref_slice (t, i);

          stp_timeline_view_select_item (view, &ref, STP_REVEAL_SCROLL);
          settle ();
          if (stp_details_panel_get_links (panel)->len > 0 &&
              g_array_index (stp_details_panel_get_links (panel), StpItemRef, 0).kind == STP_ITEM_SLICE)
            return;
        }
    }
  g_assert_not_reached ();
}

/* F8 toggles the summary while the timeline has focus (GtkPaned's own
 * F8 binding would take it otherwise). */
static void
test_f8 (void)
{
  StpWindow *window;

  window = open_run_meta_for_keys ();
  if (window == NULL)
    return;
  gtk_widget_grab_focus (GTK_WIDGET (stp_window_get_timeline_view (window)));
  settle ();
  g_assert_true (timeline_has_focus (window));
  g_assert_false (summary_shown (window));

  press (GTK_WINDOW (window), XK_F8);
  g_assert_true (summary_shown (window));
  press (GTK_WINDOW (window), XK_F8);
  g_assert_false (summary_shown (window));

  gtk_window_destroy (GTK_WINDOW (window));
}

/* After a link in the details panel, the timeline has focus and its keys
 * work; with the panel's title focused (its text selected), they still
 * reach the timeline. */
static void
test_after_link (void)
{
  StpWindow *window;
  StpTimelineView *view;
  StpDetailsPanel *panel;
  StpItemRef target, before;
  GtkWidget *label;
  double span;
  gint64 start;

  window = open_run_meta_for_keys ();
  if (window == NULL)
    return;
  view = stp_window_get_timeline_view (window);
  panel = stp_window_get_details_panel (window);
  select_op_with_links (window);

  /* Following a link hands focus back to the timeline. */
  label = find_widget (GTK_WIDGET (panel), is_selectable_label, NULL);
  g_assert_nonnull (label);
  gtk_widget_grab_focus (label);
  settle ();
  g_assert_false (timeline_has_focus (window));
  target = g_array_index (stp_details_panel_get_links (panel), StpItemRef, 0);
  stp_details_panel_activate_link (panel, 0);
  settle ();
  g_assert_true (stp_item_ref_equal (stp_timeline_view_get_selected_item (view), &target));
  g_assert_true (timeline_has_focus (window));

  span = visible_span (view);
  press (GTK_WINDOW (window), XK_w);
  g_assert_cmpfloat (visible_span (view), <, span);

  /* The title focused with its text selected, as a click on it leaves it. */
  label = find_widget (GTK_WIDGET (panel), is_selectable_label, NULL);
  g_assert_nonnull (label);
  gtk_widget_grab_focus (label);
  gtk_label_select_region (GTK_LABEL (label), 0, -1);
  settle ();
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == label);

  span = visible_span (view);
  press (GTK_WINDOW (window), XK_w);
  g_assert_cmpfloat (visible_span (view), <, span);
  g_assert_true (timeline_has_focus (window));
  start = view_start (view);
  press (GTK_WINDOW (window), XK_d);
  g_assert_cmpint (view_start (view), >, start);
  start = view_start (view);
  press (GTK_WINDOW (window), XK_a);
  g_assert_cmpint (view_start (view), <, start);
  span = visible_span (view);
  press (GTK_WINDOW (window), XK_s);
  g_assert_cmpfloat (visible_span (view), >, span);

  /* The arrows step the selection along its track. */
  before = *stp_timeline_view_get_selected_item (view);
  press (GTK_WINDOW (window), XK_Right);
  g_assert_false (stp_item_ref_equal (stp_timeline_view_get_selected_item (view), &before));
  g_assert_cmpuint (stp_timeline_view_get_selected_item (view)->track, ==, before.track);
  press (GTK_WINDOW (window), XK_Left);
  g_assert_true (stp_item_ref_equal (stp_timeline_view_get_selected_item (view), &before));

  /* F fits the selection. */
  span = visible_span (view);
  press (GTK_WINDOW (window), XK_f);
  g_assert_cmpfloat (visible_span (view), !=, span);

  gtk_window_destroy (GTK_WINDOW (window));
}

/* The first depth-0 slice in the visible range on the topmost thread
 * row that has one, found by a walk over every row and slice. */
static gboolean
first_slice_in_view (StpTimelineView *view,
                     StpItemRef      *out)
{
  StpRenderLayout *layout = stp_timeline_view_get_layout (view);
  StpTrace *trace = stp_render_layout_get_trace (layout);
  gint64 start, end;

  stp_timeline_view_get_visible_range (view, &start, &end);
  for (guint r = 0; r < stp_render_layout_get_n_rows (layout); r++)
    {
      const StpRow *row = stp_render_layout_get_row (layout, r);
      const StpTrack *track;

      if (row->kind != STP_ROW_TRACK)
        continue;
      track = stp_trace_get_track (trace, row->track);
      if (track->kind != STP_TRACK_THREAD || track->slices == NULL)
        continue;
      for (guint32 i = 0; i < track->slices->len; i++)
        {
          const StpSlice *s = stp_track_get_slice (track, i);

          if (s->depth == 0 && stp_slice_end (s) > start && s->ts <= end)
            {
              *out = stp_item_ref_slice (row->track, i);
              return TRUE;
            }
        }
    }
  return FALSE;
}

/* With nothing selected, an arrow selects the first slice in view, and
 * the focus stays on the timeline (it used to move to the widget below);
 * on an item with nowhere to go, too. */
static void
test_arrow_from_nothing (void)
{
  StpWindow *window;
  StpTimelineView *view;
  StpItemRef want;
  guint keys[] = { XK_Down, XK_Right, XK_Up, XK_Left };

  window = open_run_meta_for_keys ();
  if (window == NULL)
    return;
  view = stp_window_get_timeline_view (window);
  gtk_widget_grab_focus (GTK_WIDGET (view));
  settle ();
  /* The summary under the timeline: where GTK moved the focus to. */
  press (GTK_WINDOW (window), XK_F8);
  g_assert_true (summary_shown (window));

  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    {
      stp_timeline_view_clear_selection (view);
      settle ();
      g_assert_cmpint (stp_timeline_view_get_selected_item (view)->kind, ==, STP_ITEM_NONE);
      g_assert_true (first_slice_in_view (view, &want));
      press (GTK_WINDOW (window), keys[k]);
      g_assert_true (stp_item_ref_equal (stp_timeline_view_get_selected_item (view), &want));
      g_assert_true (timeline_has_focus (window));
    }

  /* A flow has no enclosing or inner slice: Up and Down ring the bell,
   * and the flow stays selected with the focus. */
  g_assert_cmpuint (stp_window_get_trace (window)->flows->len, >, 0);
  want = (StpItemRef) { STP_ITEM_FLOW, STP_INDEX_NONE, 0, 0 };
  stp_timeline_view_select_item (view, &want, STP_REVEAL_NONE);
  settle ();
  press (GTK_WINDOW (window), XK_Up);
  press (GTK_WINDOW (window), XK_Down);
  g_assert_true (stp_item_ref_equal (stp_timeline_view_get_selected_item (view), &want));
  g_assert_true (timeline_has_focus (window));


  gtk_window_destroy (GTK_WINDOW (window));
}

/* After the main menu opens and closes (Escape), W/A/S/D still move the
 * timeline; in the search entry they are typed instead. */
static void
test_after_menu_and_in_entry (void)
{
  StpWindow *window;
  StpTimelineView *view;
  GtkWidget *button;
  double span;
  gint64 start;

  window = open_run_meta_for_keys ();
  if (window == NULL)
    return;
  view = stp_window_get_timeline_view (window);
  button = find_widget (GTK_WIDGET (window), is_main_menu_button, NULL);
  g_assert_nonnull (button);

  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  settle ();
  gtk_menu_button_popdown (GTK_MENU_BUTTON (button));
  gtk_widget_grab_focus (button);
  settle ();
  g_assert_false (timeline_has_focus (window));

  span = visible_span (view);
  press (GTK_WINDOW (window), XK_w);
  g_assert_cmpfloat (visible_span (view), <, span);
  start = view_start (view);
  press (GTK_WINDOW (window), XK_d);
  g_assert_cmpint (view_start (view), >, start);

  /* In the search entry a "w" is text. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.find", NULL));
  settle ();
  g_assert_true (GTK_IS_TEXT (gtk_root_get_focus (GTK_ROOT (window))));
  span = visible_span (view);
  press (GTK_WINDOW (window), XK_w);
  g_assert_cmpfloat (visible_span (view), ==, span);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (gtk_root_get_focus (GTK_ROOT (window)))), ==, "w");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A shortcut that opens a search bar (Ctrl+F, or Ctrl+Shift+F for the
 * tracks) and a query typed at once, as a fast typist does: every key
 * after it is the query's, none moves the timeline, and the bar that
 * stays closed takes no room. */
static void
type_after_shortcut (gboolean shift)
{
  static const guint keys[] = { XK_w, XK_a, XK_s, XK_d };
  StpWindow *window;
  StpTimelineView *view;
  Display *display;
  GtkWidget *focus, *find_bar, *other_bar;
  double span;
  gint64 start;

  window = open_run_meta_for_keys ();
  if (window == NULL)
    return;
  view = stp_window_get_timeline_view (window);
  display = gdk_x11_display_get_xdisplay (gdk_display_get_default ());
  g_assert_true (timeline_has_focus (window));
  span = visible_span (view);
  start = view_start (view);
  /* Both bars closed take no room: the find bar, then the filter. */
  find_bar = GTK_WIDGET (stp_window_get_find_bar (window));
  other_bar = shift ? find_bar : gtk_widget_get_next_sibling (find_bar);
  g_assert_cmpint (gtk_widget_get_height (find_bar), ==, 0);
  g_assert_cmpint (gtk_widget_get_height (gtk_widget_get_next_sibling (find_bar)), ==, 0);

  /* One flush: GTK sees the keys in one go, before any frame. */
  set_input_focus (display, gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window))),
                   RevertToParent, CurrentTime);
  fake_key (display, keysym_to_keycode (display, XK_Control_L), True, 0);
  if (shift)
    fake_key (display, keysym_to_keycode (display, XK_Shift_L), True, 0);
  fake_key (display, keysym_to_keycode (display, XK_f), True, 0);
  fake_key (display, keysym_to_keycode (display, XK_f), False, 0);
  if (shift)
    fake_key (display, keysym_to_keycode (display, XK_Shift_L), False, 0);
  fake_key (display, keysym_to_keycode (display, XK_Control_L), False, 0);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      fake_key (display, keysym_to_keycode (display, keys[i]), True, 0);
      fake_key (display, keysym_to_keycode (display, keys[i]), False, 0);
    }
  flush (display);
  settle ();

  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (GTK_IS_TEXT (focus));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (focus)), ==, "wasd");
  g_assert_cmpfloat (visible_span (view), ==, span);
  g_assert_cmpint (view_start (view), ==, start);
  g_assert_cmpint (gtk_widget_get_height (other_bar), ==, 0);

  /* Escape closes it, and it gives its room back. */
  press (GTK_WINDOW (window), XK_Escape);
  settle ();
  g_assert_cmpint (gtk_widget_get_height (find_bar), ==, 0);
  g_assert_cmpint (gtk_widget_get_height (gtk_widget_get_next_sibling (find_bar)), ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_typed_after_find (void)
{
  type_after_shortcut (FALSE);
}

static void
test_typed_after_filter (void)
{
  type_after_shortcut (TRUE);
}

/* A trace with more flows than are readable at once: 300 launches 100 ms
 * apart, each with a flow to its kernel 50 ms later. */
static GFile *
write_dense_flows (void)
{
  g_autoptr(GString) json = g_string_new ("{\"traceEvents\": [\n");
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  int fd = g_file_open_tmp ("stp-dense-flows-XXXXXX.json", &path, &error);

  g_assert_no_error (error);
  close (fd);
  for (guint i = 0; i < 300; i++)
    {
      double ts = i * 100000.0;

      g_string_append_printf (json,
        "{\"ph\": \"X\", \"name\": \"launch\", \"pid\": 1, \"tid\": 1, \"ts\": %.1f, \"dur\": 1000},\n"
        "{\"ph\": \"X\", \"name\": \"kernel\", \"pid\": 1, \"tid\": 2, \"ts\": %.1f, \"dur\": 1000},\n"
        "{\"ph\": \"s\", \"id\": %u, \"name\": \"launch\", \"cat\": \"ac2g\", \"pid\": 1, \"tid\": 1, \"ts\": %.1f},\n"
        "{\"ph\": \"f\", \"bp\": \"e\", \"id\": %u, \"name\": \"launch\", \"cat\": \"ac2g\", \"pid\": 1, \"tid\": 2, \"ts\": %.1f},\n",
        ts, ts + 50000, i, ts + 500, i, ts + 50500);
    }
  g_string_append (json, "{\"ph\": \"M\", \"name\": \"process_name\", \"pid\": 1, \"args\": {\"name\": \"dense\"}}]}\n");
  g_assert_true (g_file_set_contents (path, json->str, json->len, &error));
  return g_file_new_for_path (path);
}

/* A point on flow `index`'s curve over empty track space, if any. */
static gboolean
empty_point_on_flow (StpTimelineView *view,
                     guint32          index,
                     double          *px,
                     double          *py)
{
  StpTrace *trace = stp_render_index_get_trace (stp_timeline_view_get_index (view));
  const StpFlow *f = &g_array_index (trace->flows, StpFlow, index);
  StpRenderView rv;
  double x0, y0, x1, y1;

  stp_timeline_view_get_render_view (view, &rv);
  if (!stp_render_flow_points (stp_timeline_view_get_layout (view), &rv, f, &x0, &y0, &x1, &y1))
    return FALSE;
  y0 += rv.ruler_height - rv.scroll_y;
  y1 += rv.ruler_height - rv.scroll_y;
  for (double t = 0.1; t < 0.95; t += 0.05)
    {
      /* The renderer's S-curve, leaving and entering horizontally. */
      double dx = MAX (fabs (x1 - x0) / 2, 12), u = 1 - t;
      double x = u * u * u * x0 + 3 * u * u * t * (x0 + dx) + 3 * u * t * t * (x1 - dx) + t * t * t * x1;
      double y = u * u * u * y0 + 3 * u * u * t * y0 + 3 * u * t * t * y1 + t * t * t * y1;
      StpHit hit;

      if (stp_timeline_view_hit_test (view, x, y, &hit) && hit.kind != STP_HIT_TRACK)
        continue;
      *px = x;
      *py = y;
      return TRUE;
    }
  return FALSE;
}

/* Where flows crowd, none is drawn by default, and a click on empty
 * space clears the selection instead of picking one of them; zoomed in
 * to a few, a click on a drawn arrow selects it. */
static void
test_click_empty_clears (void)
{
  g_autoptr(GFile) file = write_dense_flows ();
  StpWindow *window = new_window ();
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpTrace *trace;
  StpItemRef slice = stp_item_ref_slice (0, 10);
  StpItemRef flow = { STP_ITEM_FLOW, STP_INDEX_NONE, 150, 0 };
  double x, y;
  gint64 start;

  open_and_wait (window, file);
  g_file_delete (file, NULL, NULL);
  trace = stp_window_get_trace (window);
  g_assert_cmpuint (trace->flows->len, ==, 300);
  g_assert_true (stp_timeline_view_get_show_flows (view));

  stp_timeline_view_select_item (view, &slice, STP_REVEAL_NONE);
  settle ();
  g_assert_true (empty_point_on_flow (view, 150, &x, &y));
  stp_timeline_view_click (view, 1, x, y);
  settle ();
  g_assert_cmpint (stp_timeline_view_get_selected_item (view)->kind, ==, STP_ITEM_NONE);

  /* Flows 149..151 in view: drawn, and clickable. */
  start = g_array_index (trace->flows, StpFlow, 149).src.ts;
  stp_timeline_view_set_visible_range (view, start - 10000000, start + 250000000);
  settle ();
  g_assert_true (empty_point_on_flow (view, 150, &x, &y));
  stp_timeline_view_click (view, 1, x, y);
  settle ();
  g_assert_true (stp_item_ref_equal (stp_timeline_view_get_selected_item (view), &flow));
  save_screenshot (GTK_WIDGET (window), "keys-readable-flows");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Moves the real pointer to (x, y) in `widget`'s coordinates. */
static void
move_pointer (GtkWidget *widget,
              double     x,
              double     y)
{
  GtkNative *native = gtk_widget_get_native (widget);
  Display *display = gdk_x11_display_get_xdisplay (gdk_display_get_default ());
  Window xid = gdk_x11_surface_get_xid (gtk_native_get_surface (native));
  Window root = DefaultRootWindow (display);
  Window child;
  double wx, wy, sx, sy;
  int rx, ry;

  g_assert_true (gtk_widget_translate_coordinates (widget, GTK_WIDGET (native), x, y, &wx, &wy));
  gtk_native_get_surface_transform (native, &sx, &sy);
  translate (display, xid, root, (int) lround (wx + sx), (int) lround (wy + sy), &rx, &ry, &child);
  fake_motion (display, -1, rx, ry, 0);
  flush (display);
  settle ();
}

static void
pointer_button_n (guint    button,
                  gboolean press)
{
  Display *display = gdk_x11_display_get_xdisplay (gdk_display_get_default ());

  fake_button (display, button, press, 0);
  flush (display);
  settle ();
}

static void
pointer_button (gboolean press)
{
  pointer_button_n (1, press);
}

/* The track labels' column: dragging its edge resizes it, the width is
 * remembered, and a press on the edge of a process header does not fold
 * the process. */
static void
test_resize_labels (void)
{
  g_autoptr(GSettings) settings = stp_settings_new ();
  StpWindow *window;
  StpTimelineView *view;
  StpRenderView rv;
  int before;
  double y;

  window = open_run_meta_for_keys ();
  if (window == NULL)
    return;
  view = stp_window_get_timeline_view (window);
  before = stp_timeline_view_get_label_width (view);
  g_assert_cmpint (before, ==, g_settings_get_int (settings, "label-width"));

  /* The first process's header row, where a click folds it. */
  stp_timeline_view_get_render_view (view, &rv);
  y = rv.ruler_height + 8;
  g_assert_false (stp_render_layout_get_collapsed (stp_timeline_view_get_layout (view), 0));

  move_pointer (GTK_WIDGET (view), before, y);
  pointer_button (TRUE);
  move_pointer (GTK_WIDGET (view), before + 40, y);
  move_pointer (GTK_WIDGET (view), before + 100, y);
  pointer_button (FALSE);

  g_assert_cmpint (stp_timeline_view_get_label_width (view), ==, before + 100);
  g_assert_cmpint (g_settings_get_int (settings, "label-width"), ==, before + 100);
  g_assert_false (stp_render_layout_get_collapsed (stp_timeline_view_get_layout (view), 0));
  stp_timeline_view_get_render_view (view, &rv);
  g_assert_cmpint (rv.gutter_width, ==, before + 100);
  save_screenshot (GTK_WIDGET (window), "keys-wide-labels");
  gtk_window_destroy (GTK_WINDOW (window));

  /* A new window starts at the remembered width. */
  window = new_window ();
  g_assert_cmpint (stp_timeline_view_get_label_width (stp_window_get_timeline_view (window)), ==, before + 100);
  gtk_window_destroy (GTK_WINDOW (window));
  g_settings_reset (settings, "label-width");
}

/* Ctrl+click with the real keyboard and pointer: a second slice joins
 * the selection. */
static void
test_ctrl_click (void)
{
  Display *display;
  StpWindow *window;
  StpTimelineView *view;
  StpSession *session;
  StpRenderView rv;
  StpHit hit;
  StpItemRef first;
  KeyCode control;
  double x, y, x2 = -1, y2 = -1;

  window = open_run_meta_for_keys ();
  if (window == NULL)
    return;
  view = stp_window_get_timeline_view (window);
  session = stp_window_get_session (window);
  display = gdk_x11_display_get_xdisplay (gdk_display_get_default ());
  control = keysym_to_keycode (display, GDK_KEY_Control_L);

  /* Two slices on screen: the first one found, then one on another row. */
  stp_timeline_view_get_render_view (view, &rv);
  for (y = rv.ruler_height + 2; y < rv.height && x2 < 0; y += 4)
    for (x = rv.gutter_width + 2; x < rv.width && x2 < 0; x += 3)
      if (stp_timeline_view_hit_test (view, x, y, &hit) && hit.kind == STP_HIT_SLICE)
        {
          StpItemRef item = stp_item_ref_slice (hit.track, hit.index);

          if (stp_session_get_selected_item (session)->kind == STP_ITEM_NONE)
            {
              stp_timeline_view_select_item (view, &item, STP_REVEAL_NONE);
              first = item;
            }
          else if (item.track != first.track)
            {
              x2 = x;
              y2 = y;
            }
        }
  g_assert_cmpfloat (x2, >=, 0);

  move_pointer (GTK_WIDGET (view), x2, y2);
  set_input_focus (display, gdk_x11_surface_get_xid (gtk_native_get_surface (GTK_NATIVE (window))),
                   RevertToParent, CurrentTime);
  fake_key (display, control, True, 0);
  flush (display);
  pointer_button (TRUE);
  pointer_button (FALSE);
  fake_key (display, control, False, 0);
  flush (display);
  settle ();

  g_assert_nonnull (stp_session_get_selected_items (session));
  g_assert_cmpuint (stp_session_get_selected_items (session)->len, ==, 2);
  g_assert_true (stp_item_ref_equal (&g_array_index (stp_session_get_selected_items (session), StpItemRef, 0), &first));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A click on the ruler drops a flag there, a click on the flag takes it
 * away, and a drag on the ruler still selects a range. */
static void
test_ruler_flag (void)
{
  StpWindow *window;
  StpTimelineView *view;
  StpSession *session;
  StpRenderView rv;
  const StpRenderMarker *m;
  double x;
  gint64 start, end;

  window = open_run_meta_for_keys ();
  if (window == NULL)
    return;
  view = stp_window_get_timeline_view (window);
  session = stp_window_get_session (window);
  stp_timeline_view_get_render_view (view, &rv);
  x = rv.gutter_width + (rv.width - rv.gutter_width) / 3.0;

  move_pointer (GTK_WIDGET (view), x, rv.ruler_height / 2.0);
  pointer_button (TRUE);
  pointer_button (FALSE);
  g_assert_cmpuint (stp_session_get_markers (session)->len, ==, 1);
  m = &g_array_index (stp_session_get_markers (session), StpRenderMarker, 0);
  g_assert_cmpint (m->start, ==, m->end);
  g_assert_cmpfloat (fabs (stp_render_view_time_to_x (&rv, m->start) - x), <=, 1);
  g_assert_false (stp_timeline_view_get_selection (view, NULL, NULL));

  /* A drag selects a range and drops nothing. */
  move_pointer (GTK_WIDGET (view), x + 100, rv.ruler_height / 2.0);
  pointer_button (TRUE);
  move_pointer (GTK_WIDGET (view), x + 160, rv.ruler_height / 2.0);
  move_pointer (GTK_WIDGET (view), x + 220, rv.ruler_height / 2.0);
  pointer_button (FALSE);
  g_assert_true (stp_timeline_view_get_selection (view, &start, &end));
  g_assert_cmpint (end, >, start);
  g_assert_cmpuint (stp_session_get_markers (session)->len, ==, 1);

  /* On the flag: gone. */
  move_pointer (GTK_WIDGET (view), x + 1, rv.ruler_height / 2.0);
  pointer_button (TRUE);
  pointer_button (FALSE);
  g_assert_cmpuint (stp_session_get_markers (session)->len, ==, 0);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A right click on a process's row opens its menu: hide it, show only
 * it, show all; Escape closes it and keys reach the timeline again. */
static void
test_process_menu (void)
{
  StpWindow *window;
  StpTimelineView *view;
  StpRenderView rv;
  StpHit hit;
  GMenuModel *model, *section;
  g_autoptr(GVariant) target = NULL;
  double x, y;

  window = open_run_meta_for_keys ();
  if (window == NULL)
    return;
  view = stp_window_get_timeline_view (window);
  stp_timeline_view_get_render_view (view, &rv);
  x = rv.gutter_width + 100;
  y = rv.ruler_height + STP_ROW_PROCESS_HEIGHT + 10;
  g_assert_true (stp_timeline_view_hit_test (view, x, y, &hit));
  g_assert_cmpuint (hit.process, !=, STP_INDEX_NONE);

  move_pointer (GTK_WIDGET (view), x, y);
  pointer_button_n (3, TRUE);
  pointer_button_n (3, FALSE);
  g_assert_nonnull (view->process_menu);
  g_assert_true (gtk_widget_get_visible (view->process_menu));
  save_screenshot (GTK_WIDGET (window), "keys-process-menu");

  /* On a track: pin it (the track), then hide or show only (the
   * process), then show all. */
  model = gtk_popover_menu_get_menu_model (GTK_POPOVER_MENU (view->process_menu));
  g_assert_cmpuint (hit.track, !=, STP_INDEX_NONE);
  g_assert_cmpint (g_menu_model_get_n_items (model), ==, 3);
  section = g_menu_model_get_item_link (model, 0, G_MENU_LINK_SECTION);
  target = g_menu_model_get_item_attribute_value (section, 0, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE_UINT32);
  g_assert_nonnull (target);
  g_assert_cmpuint (g_variant_get_uint32 (target), ==, hit.track);
  g_clear_pointer (&target, g_variant_unref);
  g_object_unref (section);
  section = g_menu_model_get_item_link (model, 1, G_MENU_LINK_SECTION);
  target = g_menu_model_get_item_attribute_value (section, 0, G_MENU_ATTRIBUTE_TARGET, G_VARIANT_TYPE_UINT32);
  g_assert_nonnull (target);
  g_assert_cmpuint (g_variant_get_uint32 (target), ==, hit.process);
  g_object_unref (section);

  press (GTK_WINDOW (window), GDK_KEY_Escape);
  g_assert_false (gtk_widget_get_visible (view->process_menu));
  gtk_window_destroy (GTK_WINDOW (window));
}

static gboolean
is_list_box_row (GtkWidget     *widget,
                 gconstpointer  data)
{
  return GTK_IS_LIST_BOX_ROW (widget);
}

static gboolean
is_shown_popover (GtkWidget     *widget,
                  gconstpointer  data)
{
  return GTK_IS_POPOVER (widget) && gtk_widget_get_visible (widget);
}

/* Keys alone rename a marker: F2 on its row opens its name, selected,
 * typing replaces it and Return keeps it; the list and the session say
 * the new name.  A blank name is refused. */
static void
test_rename_marker (void)
{
  StpWindow *window;
  StpSession *session;
  StpMarkersView *list;
  GtkWidget *row, *focus;
  StpTrace *trace;

  window = open_run_meta_for_keys ();
  if (window == NULL)
    return;
  session = stp_window_get_session (window);
  list = stp_window_get_markers_view (window);
  trace = stp_window_get_trace (window);
  stp_session_add_marker (session, trace->start_ts, trace->start_ts, "Flag 1");
  settle ();
  row = find_widget (GTK_WIDGET (list), is_list_box_row, NULL);
  g_assert_nonnull (row);
  gtk_list_box_select_row (GTK_LIST_BOX (gtk_widget_get_parent (row)), GTK_LIST_BOX_ROW (row));
  g_assert_true (gtk_widget_grab_focus (row));

  press (GTK_WINDOW (window), GDK_KEY_F2);
  focus = gtk_root_get_focus (GTK_ROOT (gtk_widget_get_native (row)));
  g_assert_nonnull (gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER));
  save_screenshot (GTK_WIDGET (window), "keys-rename-marker");
  for (const char *c = "warmup"; *c != '\0'; c++)
    press (GTK_WINDOW (window), gdk_unicode_to_keyval (*c));
  press (GTK_WINDOW (window), GDK_KEY_Return);

  g_assert_cmpstr (g_array_index (stp_session_get_markers (session), StpRenderMarker, 0).label, ==, "warmup");
  row = find_widget (GTK_WIDGET (list), is_list_box_row, NULL);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "warmup");
  g_assert_null (find_widget (GTK_WIDGET (window), is_shown_popover, NULL));

  /* A name of blanks would leave nothing to tell the marker by: the
   * popover closes and the name stays. */
  gtk_list_box_select_row (GTK_LIST_BOX (gtk_widget_get_parent (row)), GTK_LIST_BOX_ROW (row));
  g_assert_true (gtk_widget_grab_focus (row));
  press (GTK_WINDOW (window), GDK_KEY_F2);
  press (GTK_WINDOW (window), GDK_KEY_space);
  press (GTK_WINDOW (window), GDK_KEY_space);
  press (GTK_WINDOW (window), GDK_KEY_Return);
  g_assert_cmpstr (g_array_index (stp_session_get_markers (session), StpRenderMarker, 0).label, ==, "warmup");
  g_assert_null (find_widget (GTK_WIDGET (window), is_shown_popover, NULL));
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The renderer and the pixels (with GL, their GL context) are made
 * while a trace loads, on an idle, though the timeline is on a hidden
 * page then, and the first frame after the load draws with them. */
static void
test_renderer_made_while_loading (void)
{
  g_autoptr(GFile) file = data_file ("data", "step-stats", "run_meta.pb", NULL);
  StpWindow *window = new_window ();
  StpTimelineView *view = stp_window_get_timeline_view (window);
  gboolean cairo = GSK_IS_CAIRO_RENDERER (gtk_native_get_renderer (GTK_NATIVE (window)));
  StpFramePixels *pixels;

  settle ();
  g_assert_cmpuint (stp_timeline_view_get_renderers_made (view), ==, 0);
  g_assert_null (stp_timeline_view_get_pixels (view));

  stp_timeline_view_prepare (view);
  g_assert_cmpuint (stp_timeline_view_get_renderers_made (view), ==, 0);
  settle ();
  g_assert_false (gtk_widget_get_realized (GTK_WIDGET (view)));
  g_assert_cmpuint (stp_timeline_view_get_renderers_made (view), ==, 1);
  pixels = stp_timeline_view_get_pixels (view);
  if (!cairo)
    g_assert_nonnull (pixels);
  g_assert_cmpuint (stp_timeline_view_get_frame_count (view), ==, 0);

  open_and_wait (window, file);
  wait_for (drawn, window);
  g_assert_cmpuint (stp_timeline_view_get_frame_count (view), >, 0);
  g_assert_cmpuint (stp_timeline_view_get_renderers_made (view), ==, 1);
  g_assert_true (stp_timeline_view_get_pixels (view) == pixels);
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A style change that keeps the fonts (in the app: the focus ring
 * coming and going) keeps the renderer and its shaped labels; one that
 * changes the font size makes a new renderer. */
static void
test_style_keeps_renderer (void)
{
  StpWindow *window = open_run_meta ();
  StpTimelineView *view = stp_window_get_timeline_view (window);
  GtkWidget *widget = GTK_WIDGET (view);
  g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();
  PangoContext *context;
  guint made, frames;

  gtk_css_provider_load_from_data (css, "timeline.tinted { color: #c01c28; }"
                                        "timeline.big { font-size: 23px; }", -1);
  gtk_style_context_add_provider_for_display (gtk_widget_get_display (widget), GTK_STYLE_PROVIDER (css),
                                              GTK_STYLE_PROVIDER_PRIORITY_USER);
  wait_for (drawn, window);
  settle ();
  made = stp_timeline_view_get_renderers_made (view);
  g_assert_cmpuint (made, >=, 1);

  for (guint i = 0; i < 3; i++)
    {
      frames = stp_timeline_view_get_frame_count (view);
      gtk_widget_add_css_class (widget, "tinted");
      settle ();
      gtk_widget_remove_css_class (widget, "tinted");
      settle ();
      g_assert_cmpuint (stp_timeline_view_get_frame_count (view), >, frames);
    }
  g_assert_cmpuint (stp_timeline_view_get_renderers_made (view), ==, made);

  frames = stp_timeline_view_get_frame_count (view);
  gtk_widget_add_css_class (widget, "big");
  settle ();
  g_assert_cmpuint (stp_timeline_view_get_frame_count (view), >, frames);
  g_assert_cmpuint (stp_timeline_view_get_renderers_made (view), ==, made + 1);
  context = gtk_widget_get_pango_context (widget);
  g_assert_cmpint (pango_font_description_get_size (pango_context_get_font_description (context)), ==, 23 * PANGO_SCALE);
  g_assert_true (stp_renderer_made_for (view->renderer, pango_context_get_font_description (context),
                                        pango_cairo_context_get_font_options (context)));

  gtk_style_context_remove_provider_for_display (gtk_widget_get_display (widget), GTK_STYLE_PROVIDER (css));
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  viewer_test_init ();

  g_test_add_func ("/keys/f8", test_f8);
  g_test_add_func ("/keys/after-link", test_after_link);
  g_test_add_func ("/keys/arrow-from-nothing", test_arrow_from_nothing);
  g_test_add_func ("/keys/after-menu-and-in-entry", test_after_menu_and_in_entry);
  g_test_add_func ("/keys/typed-after-find", test_typed_after_find);
  g_test_add_func ("/keys/typed-after-filter", test_typed_after_filter);
  g_test_add_func ("/pointer/click-empty-clears", test_click_empty_clears);
  g_test_add_func ("/pointer/resize-labels", test_resize_labels);
  g_test_add_func ("/pointer/process-menu", test_process_menu);
  g_test_add_func ("/pointer/ctrl-click", test_ctrl_click);
  g_test_add_func ("/pointer/ruler-flag", test_ruler_flag);
  g_test_add_func ("/keys/rename-marker", test_rename_marker);
  g_test_add_func ("/pointer/renderer-made-while-loading", test_renderer_made_while_loading);
  g_test_add_func ("/pointer/style-keeps-renderer", test_style_keeps_renderer);

  return g_test_run ();
}
