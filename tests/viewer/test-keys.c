/* test-keys.c: the keyboard, with real key presses through the X server
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Keys are pressed with the XTest extension (xtest-util.c), so they take
 * GTK's whole path to the focused widget; without XTest the tests are
 * skipped.
 */

#define G_LOG_DOMAIN "test-keys"

#include <adwaita.h>
#include <gdk/x11/gdkx.h>

#include "stp-details-panel-private.h"
#include "stp-details-panel.h"
#include "stp-timeline-view-private.h"
#include "stp-window.h"
#include "viewer-test-util.h"
#include "xtest-util.h"

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

  if (!xtest_ready ())
    return;
  window = open_run_meta ();
  gtk_widget_grab_focus (GTK_WIDGET (stp_window_get_timeline_view (window)));
  settle ();
  g_assert_true (timeline_has_focus (window));
  g_assert_false (summary_shown (window));

  xtest_press (GTK_WINDOW (window), XK_F8);
  g_assert_true (summary_shown (window));
  xtest_press (GTK_WINDOW (window), XK_F8);
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

  if (!xtest_ready ())
    return;
  window = open_run_meta ();
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
  xtest_press (GTK_WINDOW (window), XK_w);
  g_assert_cmpfloat (visible_span (view), <, span);

  /* The title focused with its text selected, as a click on it leaves it. */
  label = find_widget (GTK_WIDGET (panel), is_selectable_label, NULL);
  g_assert_nonnull (label);
  gtk_widget_grab_focus (label);
  gtk_label_select_region (GTK_LABEL (label), 0, -1);
  settle ();
  g_assert_true (gtk_root_get_focus (GTK_ROOT (window)) == label);

  span = visible_span (view);
  xtest_press (GTK_WINDOW (window), XK_w);
  g_assert_cmpfloat (visible_span (view), <, span);
  g_assert_true (timeline_has_focus (window));
  start = view_start (view);
  xtest_press (GTK_WINDOW (window), XK_d);
  g_assert_cmpint (view_start (view), >, start);
  start = view_start (view);
  xtest_press (GTK_WINDOW (window), XK_a);
  g_assert_cmpint (view_start (view), <, start);
  span = visible_span (view);
  xtest_press (GTK_WINDOW (window), XK_s);
  g_assert_cmpfloat (visible_span (view), >, span);

  /* The arrows step the selection along its track. */
  before = *stp_timeline_view_get_selected_item (view);
  xtest_press (GTK_WINDOW (window), XK_Right);
  g_assert_false (stp_item_ref_equal (stp_timeline_view_get_selected_item (view), &before));
  g_assert_cmpuint (stp_timeline_view_get_selected_item (view)->track, ==, before.track);
  xtest_press (GTK_WINDOW (window), XK_Left);
  g_assert_true (stp_item_ref_equal (stp_timeline_view_get_selected_item (view), &before));

  /* F fits the selection. */
  span = visible_span (view);
  xtest_press (GTK_WINDOW (window), XK_f);
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

  if (!xtest_ready ())
    return;
  window = open_run_meta ();
  view = stp_window_get_timeline_view (window);
  gtk_widget_grab_focus (GTK_WIDGET (view));
  settle ();
  /* The summary under the timeline: where GTK moved the focus to. */
  xtest_press (GTK_WINDOW (window), XK_F8);
  g_assert_true (summary_shown (window));

  for (guint k = 0; k < G_N_ELEMENTS (keys); k++)
    {
      stp_timeline_view_clear_selection (view);
      settle ();
      g_assert_cmpint (stp_timeline_view_get_selected_item (view)->kind, ==, STP_ITEM_NONE);
      g_assert_true (first_slice_in_view (view, &want));
      xtest_press (GTK_WINDOW (window), keys[k]);
      g_assert_true (stp_item_ref_equal (stp_timeline_view_get_selected_item (view), &want));
      g_assert_true (timeline_has_focus (window));
    }

  /* A flow has no enclosing or inner slice: Up and Down ring the bell,
   * and the flow stays selected with the focus. */
  g_assert_cmpuint (stp_window_get_trace (window)->flows->len, >, 0);
  want = (StpItemRef) { STP_ITEM_FLOW, STP_INDEX_NONE, 0, 0 };
  stp_timeline_view_select_item (view, &want, STP_REVEAL_NONE);
  settle ();
  xtest_press (GTK_WINDOW (window), XK_Up);
  xtest_press (GTK_WINDOW (window), XK_Down);
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

  if (!xtest_ready ())
    return;
  window = open_run_meta ();
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
  xtest_press (GTK_WINDOW (window), XK_w);
  g_assert_cmpfloat (visible_span (view), <, span);
  start = view_start (view);
  xtest_press (GTK_WINDOW (window), XK_d);
  g_assert_cmpint (view_start (view), >, start);

  /* In the search entry a "w" is text. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.find", NULL));
  settle ();
  g_assert_true (GTK_IS_TEXT (gtk_root_get_focus (GTK_ROOT (window))));
  span = visible_span (view);
  xtest_press (GTK_WINDOW (window), XK_w);
  g_assert_cmpfloat (visible_span (view), ==, span);
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (gtk_root_get_focus (GTK_ROOT (window)))), ==, "w");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* Ctrl+F, or Ctrl+Shift+F for the tracks' filter, pressed and released,
 * sent at the next xtest_flush (). */
static void
queue_find_shortcut (gboolean shift)
{
  xtest_key (XK_Control_L, TRUE);
  if (shift)
    xtest_key (XK_Shift_L, TRUE);
  xtest_key (XK_f, TRUE);
  xtest_key (XK_f, FALSE);
  if (shift)
    xtest_key (XK_Shift_L, FALSE);
  xtest_key (XK_Control_L, FALSE);
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
  GtkWidget *focus, *find_bar, *other_bar;
  double span;
  gint64 start;

  if (!xtest_ready ())
    return;
  window = open_run_meta ();
  view = stp_window_get_timeline_view (window);
  g_assert_true (timeline_has_focus (window));
  span = visible_span (view);
  start = view_start (view);
  /* Both bars closed take no room: the find bar, then the filter. */
  find_bar = GTK_WIDGET (stp_window_get_find_bar (window));
  other_bar = shift ? find_bar : gtk_widget_get_next_sibling (find_bar);
  g_assert_cmpint (gtk_widget_get_height (find_bar), ==, 0);
  g_assert_cmpint (gtk_widget_get_height (gtk_widget_get_next_sibling (find_bar)), ==, 0);

  /* One flush: GTK sees the keys in one go, before any frame. */
  xtest_focus (GTK_WINDOW (window));
  queue_find_shortcut (shift);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      xtest_key (keys[i], TRUE);
      xtest_key (keys[i], FALSE);
    }
  xtest_flush ();
  settle ();

  focus = gtk_root_get_focus (GTK_ROOT (window));
  g_assert_true (GTK_IS_TEXT (focus));
  g_assert_cmpstr (gtk_editable_get_text (GTK_EDITABLE (focus)), ==, "wasd");
  g_assert_cmpfloat (visible_span (view), ==, span);
  g_assert_cmpint (view_start (view), ==, start);
  g_assert_cmpint (gtk_widget_get_height (other_bar), ==, 0);

  /* Escape closes it, and it gives its room back. */
  xtest_press (GTK_WINDOW (window), XK_Escape);
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

static gboolean
track_filter_applied (gpointer view)
{
  return g_strcmp0 (stp_timeline_view_get_track_filter (view), "stream") == 0;
}

/* Return in the track filter keeps the filter and gives the keys back
 * to the timeline: W zooms the tracks that are left (before, the keys
 * went on into the entry, "streamww", and hid every track). */
static void
test_filter_return (void)
{
  static const guint typed[] = { XK_s, XK_t, XK_r, XK_e, XK_a, XK_m };
  StpWindow *window;
  StpTimelineView *view;
  guint rows;
  double span;

  if (!xtest_ready ())
    return;
  window = open_run_meta ();
  view = stp_window_get_timeline_view (window);
  rows = stp_render_layout_get_n_rows (stp_timeline_view_get_layout (view));

  xtest_focus (GTK_WINDOW (window));
  queue_find_shortcut (TRUE);
  xtest_flush ();
  settle ();
  for (guint i = 0; i < G_N_ELEMENTS (typed); i++)
    xtest_press (GTK_WINDOW (window), typed[i]);
  xtest_press (GTK_WINDOW (window), XK_Return);
  wait_for (track_filter_applied, view);
  settle ();

  g_assert_true (timeline_has_focus (window));
  g_assert_cmpuint (stp_render_layout_get_n_rows (stp_timeline_view_get_layout (view)), <, rows);
  g_assert_cmpuint (stp_render_layout_get_n_rows (stp_timeline_view_get_layout (view)), >, 0);
  span = visible_span (view);
  xtest_press (GTK_WINDOW (window), XK_w);
  g_assert_cmpfloat (visible_span (view), <, span);
  g_assert_cmpstr (stp_timeline_view_get_track_filter (view), ==, "stream");

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

  if (!xtest_ready ())
    return;
  window = open_run_meta ();
  session = stp_window_get_session (window);
  list = stp_window_get_markers_view (window);
  trace = stp_window_get_trace (window);
  stp_session_add_marker (session, trace->start_ts, trace->start_ts, "Flag 1");
  settle ();
  row = find_widget (GTK_WIDGET (list), is_list_box_row, NULL);
  g_assert_nonnull (row);
  gtk_list_box_select_row (GTK_LIST_BOX (gtk_widget_get_parent (row)), GTK_LIST_BOX_ROW (row));
  g_assert_true (gtk_widget_grab_focus (row));

  xtest_press (GTK_WINDOW (window), GDK_KEY_F2);
  focus = gtk_root_get_focus (GTK_ROOT (gtk_widget_get_native (row)));
  g_assert_nonnull (gtk_widget_get_ancestor (focus, GTK_TYPE_POPOVER));
  save_screenshot (GTK_WIDGET (window), "keys-rename-marker");
  for (const char *c = "warmup"; *c != '\0'; c++)
    xtest_press (GTK_WINDOW (window), gdk_unicode_to_keyval (*c));
  xtest_press (GTK_WINDOW (window), GDK_KEY_Return);

  g_assert_cmpstr (g_array_index (stp_session_get_markers (session), StpRenderMarker, 0).label, ==, "warmup");
  row = find_widget (GTK_WIDGET (list), is_list_box_row, NULL);
  g_assert_cmpstr (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (row)), ==, "warmup");
  g_assert_null (find_widget (GTK_WIDGET (window), is_shown_popover, NULL));

  /* A name of blanks would leave nothing to tell the marker by: the
   * popover closes and the name stays. */
  gtk_list_box_select_row (GTK_LIST_BOX (gtk_widget_get_parent (row)), GTK_LIST_BOX_ROW (row));
  g_assert_true (gtk_widget_grab_focus (row));
  xtest_press (GTK_WINDOW (window), GDK_KEY_F2);
  xtest_press (GTK_WINDOW (window), GDK_KEY_space);
  xtest_press (GTK_WINDOW (window), GDK_KEY_space);
  xtest_press (GTK_WINDOW (window), GDK_KEY_Return);
  g_assert_cmpstr (g_array_index (stp_session_get_markers (session), StpRenderMarker, 0).label, ==, "warmup");
  g_assert_null (find_widget (GTK_WIDGET (window), is_shown_popover, NULL));
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
  g_test_add_func ("/keys/filter-return", test_filter_return);
  g_test_add_func ("/keys/rename-marker", test_rename_marker);

  return g_test_run ();
}
