/* test-window.c: the viewer under Xvfb, on real traces
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Runs with GTK_A11Y=test and GSETTINGS_BACKEND=memory (the app brings its
 * own schema).  Screenshots of each state go to
 * STP_SCREENSHOT_DIR (the build directory's tests/viewer/screenshots).
 */

#define G_LOG_DOMAIN "test-window"

#include <adwaita.h>
#include <math.h>
#include <string.h>

#include "stp-loader.h"
#include "stp-settings.h"
#include "stp-timeline-view-private.h"
#include "stp-window.h"
#include "viewer-test-util.h"








static const char *
visible_page (StpWindow *window)
{
  GtkWidget *view = GTK_WIDGET (stp_window_get_timeline_view (window));
  GtkWidget *stack = gtk_widget_get_ancestor (view, GTK_TYPE_STACK);

  return gtk_stack_get_visible_child_name (GTK_STACK (stack));
}

/* The window's find toggle (the header bar's edit-find button). */
static GtkWidget *
find_button (GtkWidget *widget)
{
  if (GTK_IS_TOGGLE_BUTTON (widget) &&
      g_strcmp0 (gtk_button_get_icon_name (GTK_BUTTON (widget)), "edit-find-symbolic") == 0)
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_button (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Which actions the window offers: search and the summary with a trace
 * on screen, the StepStats analysis options with a StepStats trace. */
static void
check_actions (StpWindow *window,
               gboolean   shown,
               gboolean   step_stats)
{
  GActionGroup *group = G_ACTION_GROUP (window);
  GtkWidget *find = find_button (GTK_WIDGET (window));

  g_assert_nonnull (find);
  g_assert_cmpint (gtk_widget_get_sensitive (find), ==, shown);
  g_assert_cmpint (g_action_group_has_action (group, "show-summary"), ==, shown);
  g_assert_cmpint (g_action_group_has_action (group, "show-dataflow"), ==, step_stats);
  g_assert_cmpint (g_action_group_has_action (group, "show-memory"), ==, step_stats);
  g_assert_cmpint (g_action_group_has_action (group, "op-time"), ==, step_stats);
  g_assert_true (g_action_group_has_action (group, "show-flows"));
}

static GtkWidget *
find_type (GtkWidget *widget,
           GType      type)
{
  if (G_TYPE_CHECK_INSTANCE_TYPE (widget, type))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_type (c, type);

      if (found != NULL)
        return found;
    }
  return NULL;
}

static GtkWidget *
find_warnings_button (GtkWidget *widget)
{
  if (GTK_IS_MENU_BUTTON (widget) && gtk_menu_button_get_popover (GTK_MENU_BUTTON (widget)) != NULL &&
      g_str_equal (G_OBJECT_TYPE_NAME (gtk_menu_button_get_popover (GTK_MENU_BUTTON (widget))), "StpWarningsPopover"))
    return widget;
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    {
      GtkWidget *found = find_warnings_button (c);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* Every label under `widget` got the height it needs at its width and
 * is not ellipsized: its text shows whole. */
static void
check_labels_whole (GtkWidget *widget)
{
  if (GTK_IS_LABEL (widget) && gtk_widget_get_visible (widget) && gtk_label_get_label (GTK_LABEL (widget))[0] != '\0')
    {
      int natural;

      gtk_widget_measure (widget, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (widget), NULL, &natural, NULL, NULL);
      g_assert_cmpint (gtk_widget_get_height (widget), >=, natural);
      g_assert_false (pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget))));
    }
  for (GtkWidget *c = gtk_widget_get_first_child (widget); c != NULL; c = gtk_widget_get_next_sibling (c))
    check_labels_whole (c);
}

/* The warnings popover, open, shows every row whole (each as tall as it
 * wants at its width, the list unscrolled), and the button's tooltip
 * does not cover it. */
static void
check_warnings_popover (StpWindow *window,
                        guint      n_warnings)
{
  GtkWidget *button = find_warnings_button (GTK_WIDGET (window));
  GtkWidget *popover, *list;
  guint rows = 0;

  g_assert_nonnull (button);
  popover = GTK_WIDGET (gtk_menu_button_get_popover (GTK_MENU_BUTTON (button)));
  g_assert_cmpstr (G_OBJECT_TYPE_NAME (popover), ==, "StpWarningsPopover");
  g_assert_true (gtk_widget_get_has_tooltip (button));

  gtk_menu_button_popup (GTK_MENU_BUTTON (button));
  settle ();
  settle ();
  g_assert_true (gtk_widget_get_mapped (popover));
  g_assert_false (gtk_widget_get_has_tooltip (button));

  list = find_type (popover, GTK_TYPE_LIST_BOX);
  g_assert_nonnull (list);
  for (GtkWidget *row = gtk_widget_get_first_child (list); row != NULL; row = gtk_widget_get_next_sibling (row))
    {
      check_labels_whole (row);
      rows++;
    }
  g_assert_cmpuint (rows, ==, n_warnings);
  {
    GtkWidget *scrolled = gtk_widget_get_ancestor (list, GTK_TYPE_SCROLLED_WINDOW);
    int natural;

    gtk_widget_measure (list, GTK_ORIENTATION_VERTICAL, gtk_widget_get_width (list), NULL, &natural, NULL, NULL);
    if (natural <= 420)
      g_assert_cmpint (gtk_widget_get_height (scrolled), >=, natural);
  }
  save_screenshot (GTK_WIDGET (window), "warnings-popover");

  gtk_popover_popdown (GTK_POPOVER (popover));
  settle ();
  g_assert_true (gtk_widget_get_has_tooltip (button));
}

/* Every process header and track row is where the layout says, in the
 * model's order, and the widest visible slice of each thread track is
 * found by hit-testing at its middle. */
static void
check_layout (StpWindow *window)
{
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpRenderLayout *layout = stp_timeline_view_get_layout (view);
  StpTrace *trace = stp_window_get_trace (window);
  StpRenderView rv;
  guint n_rows = stp_render_layout_get_n_rows (layout);
  guint process_rank = 0, slices_checked = 0;

  stp_timeline_view_get_render_view (view, &rv);
  g_assert_cmpint (rv.width, >, 400);

  for (guint i = 0; i < n_rows; i++)
    {
      const StpRow *row = stp_render_layout_get_row (layout, i);
      double y = row->y - rv.scroll_y + rv.ruler_height;
      StpHit hit;

      if (y + row->height > rv.height)
        break;

      if (row->kind == STP_ROW_PROCESS)
        {
          while (process_rank < trace->process_order->len &&
                 g_array_index (trace->process_order, guint32, process_rank) != row->process)
            process_rank++;
          g_assert_cmpuint (process_rank, <, trace->process_order->len);

          g_assert_true (stp_timeline_view_hit_test (view, rv.gutter_width + 10, y + row->height / 2, &hit));
          g_assert_cmpint (hit.kind, ==, STP_HIT_PROCESS);
          g_assert_cmpuint (hit.process, ==, row->process);
          continue;
        }

      if (row->kind != STP_ROW_TRACK)
        continue;

      g_assert_true (stp_timeline_view_hit_test (view, 5, y + row->height / 2, &hit));
      g_assert_cmpint (hit.kind, ==, STP_HIT_TRACK_LABEL);
      g_assert_cmpuint (hit.track, ==, row->track);

      {
        const StpTrack *track = stp_trace_get_track (trace, row->track);
        g_autofree char *name = stp_trace_describe_track (trace, track);
        guint32 best = STP_INDEX_NONE;

        g_assert_cmpstr (row->label, ==, name);
        if (track->kind != STP_TRACK_THREAD || track->slices->len == 0)
          continue;

        /* The widest visible part of a depth-0 slice. */
        {
          double best_w = 0, best_x = 0;
          const StpSlice *s;
          gint64 t;

          for (guint32 k = track->depth_starts[0]; k < track->depth_starts[1]; k++)
            {
              const StpSlice *c = stp_track_get_slice (track, k);
              double x0 = MAX (stp_render_view_time_to_x (&rv, c->ts), rv.gutter_width);
              double x1 = MIN (stp_render_view_time_to_x (&rv, stp_slice_end (c)), rv.width - 1);

              if (x1 - x0 > best_w)
                {
                  best_w = x1 - x0;
                  best_x = (x0 + x1) / 2;
                  best = k;
                }
            }
          if (best == STP_INDEX_NONE || best_w < 3)
            continue;

          g_assert_true (stp_timeline_view_hit_test (view, best_x, stp_render_layout_depth_y (row, 0) - rv.scroll_y + rv.ruler_height + 5, &hit));
          g_assert_cmpint (hit.kind, ==, STP_HIT_SLICE);
          g_assert_cmpuint (hit.track, ==, row->track);
          g_assert_cmpuint (hit.index, ==, best);
          s = stp_track_get_slice (track, hit.index);
          g_assert_cmpuint (s->depth, ==, 0);
          t = stp_render_view_x_to_time (&rv, best_x);
          g_assert_cmpint (s->ts, <=, t + 1);
          g_assert_cmpint (stp_slice_end (s), >=, t);
          slices_checked++;
        }
      }
    }

  g_assert_cmpuint (slices_checked, >, 0);
}

static void
test_empty (void)
{
  StpWindow *window = new_window ();

  g_assert_true (stp_window_is_empty (window));
  g_assert_cmpstr (visible_page (window), ==, "empty");
  check_actions (window, FALSE, FALSE);
  save_screenshot (GTK_WIDGET (window), "empty");
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_step_stats (void)
{
  StpWindow *window = new_window ();
  g_autoptr(GFile) file = data_file ("data", "step-stats", "run_meta.pb", NULL);
  StpTrace *trace;

  open_and_wait (window, file);
  trace = stp_window_get_trace (window);
  g_assert_true (stp_trace_is_step_stats (trace));
  g_assert_cmpstr (visible_page (window), ==, "timeline");
  g_assert_true (g_file_equal (stp_window_get_file (window), file));
  check_actions (window, TRUE, TRUE);
  check_layout (window);
  save_screenshot (GTK_WIDGET (window), "step-stats");

  /* Memory on: the analysis runs again, without reading the file, and the
   * new trace has the Allocators counters and tensor objects. */
  {
    g_autoptr(GSettings) settings = stp_settings_new ();
    StpTrace *after;
    gboolean counters = FALSE;

    g_settings_set_boolean (settings, "show-memory", TRUE);
    g_assert_true (stp_window_get_loading (window));
    wait_for (not_loading, window);
    after = stp_window_get_trace (window);
    g_assert_true (after != trace);
    g_assert_cmpuint (after->objects->len, >, 0);
    for (guint i = 0; i < after->tracks->len; i++)
      counters |= stp_trace_get_track (after, i)->kind == STP_TRACK_COUNTER;
    g_assert_true (counters);
    settle ();
    check_layout (window);
    save_screenshot (GTK_WIDGET (window), "step-stats-memory");
    g_settings_reset (settings, "show-memory");
    wait_for (not_loading, window);
  }

  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_chrome_navigation (void)
{
  StpWindow *window = new_window ();
  g_autoptr(GFile) file = data_file ("data", "chrome", "tensorflow_profiling", "profiles", "GPU", "timeline_02_step_0.json", NULL);
  StpTimelineView *view;
  StpTrace *trace;
  gint64 s0, e0, s1, e1;

  open_and_wait (window, file);
  trace = stp_window_get_trace (window);
  g_assert_cmpint (trace->format, ==, STP_FORMAT_CHROME_JSON);
  view = stp_window_get_timeline_view (window);
  check_layout (window);
  save_screenshot (GTK_WIDGET (window), "chrome");

  /* Reset shows the whole trace. */
  stp_timeline_view_get_visible_range (view, &s0, &e0);
  g_assert_cmpint (s0, <=, trace->start_ts);
  g_assert_cmpint (e0, >=, trace->end_ts);

  /* W zooms in around the middle by 1.5. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "timeline.zoom-in", NULL));
  stp_timeline_view_get_visible_range (view, &s1, &e1);
  g_assert_cmpfloat (fabs ((double) (e1 - s1) - (e0 - s0) / 1.5), <, (e0 - s0) * 0.01);
  g_assert_cmpfloat (fabs ((s1 + e1) / 2.0 - (s0 + e0) / 2.0), <, (e0 - s0) * 0.01);

  /* D pans right by a tenth of the view. */
  s0 = s1;
  e0 = e1;
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "timeline.pan-right", NULL));
  stp_timeline_view_get_visible_range (view, &s1, &e1);
  g_assert_cmpfloat (fabs ((double) (s1 - s0) - (e0 - s0) * 0.1), <, (e0 - s0) * 0.01);
  g_assert_cmpint (e1 - s1, ==, e0 - s0);

  /* Down to nanoseconds: the view gets no narrower than its floor, and
   * time stays integral. */
  for (int i = 0; i < 80; i++)
    gtk_widget_activate_action (GTK_WIDGET (view), "timeline.zoom-in", NULL);
  stp_timeline_view_get_visible_range (view, &s1, &e1);
  g_assert_cmpint (e1 - s1, <, 100);
  g_assert_cmpint (e1 - s1, >, 0);
  settle ();
  check_layout (window);

  /* End, then Home. */
  gtk_widget_activate_action (GTK_WIDGET (view), "timeline.go-end", NULL);
  stp_timeline_view_get_visible_range (view, &s1, &e1);
  g_assert_cmpint (e1, >=, trace->end_ts);
  gtk_widget_activate_action (GTK_WIDGET (view), "timeline.go-start", NULL);
  stp_timeline_view_get_visible_range (view, &s1, &e1);
  g_assert_cmpint (s1, <=, trace->start_ts);

  /* A selected range, then F fits it. */
  {
    gint64 a = trace->start_ts + (trace->end_ts - trace->start_ts) / 4;
    gint64 b = trace->start_ts + (trace->end_ts - trace->start_ts) / 2;

    gtk_widget_activate_action (GTK_WIDGET (view), "timeline.reset", NULL);
    stp_timeline_view_set_selection (view, a, b);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "timeline.fit-selection", NULL));
    stp_timeline_view_get_visible_range (view, &s1, &e1);
    g_assert_cmpint (llabs (s1 - a), <=, 1);
    g_assert_cmpint (llabs (e1 - b), <=, (b - a) / 500 + 2);
    save_screenshot (GTK_WIDGET (window), "chrome-zoomed");
  }

  /* 0 resets. */
  gtk_widget_activate_action (GTK_WIDGET (view), "timeline.reset", NULL);
  stp_timeline_view_get_visible_range (view, &s1, &e1);
  g_assert_cmpint (s1, <=, trace->start_ts);
  g_assert_cmpint (e1, >=, trace->end_ts);

  gtk_window_destroy (GTK_WINDOW (window));
}

static GFile *
write_temp (const char *name,
            const char *contents,
            gsize       len)
{
  g_autofree char *dir = g_dir_make_tmp ("stepscope-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);

  g_assert_true (g_file_set_contents (path, contents, len, NULL));
  return g_file_new_for_path (path);
}

static void
test_corrupt (void)
{
  StpWindow *window = new_window ();
  g_autoptr(GFile) good = data_file ("data", "step-stats", "run_meta.pb", NULL);
  g_autoptr(GFile) bad = NULL;
  char garbage[4096];
  StpTrace *before;

  for (guint i = 0; i < sizeof garbage; i++)
    garbage[i] = (char) (i * 7919 % 251);
  bad = write_temp ("corrupt.pb", garbage, sizeof garbage);

  /* Without a trace, the error takes the window. */
  stp_window_open (window, bad);
  wait_for (not_loading, window);
  g_assert_nonnull (stp_window_get_error_message (window));
  g_assert_null (stp_window_get_trace (window));
  g_assert_cmpstr (visible_page (window), ==, "error");
  check_actions (window, FALSE, FALSE);
  save_screenshot (GTK_WIDGET (window), "error");

  /* With one, it stays; the error is a toast. */
  open_and_wait (window, good);
  before = stp_window_get_trace (window);
  stp_window_open (window, bad);
  wait_for (not_loading, window);
  g_assert_nonnull (stp_window_get_error_message (window));
  g_test_message ("error: %s", stp_window_get_error_message (window));
  g_assert_true (stp_window_get_trace (window) == before);
  g_assert_true (g_file_equal (stp_window_get_file (window), good));
  g_assert_cmpstr (visible_page (window), ==, "timeline");
  save_screenshot (GTK_WIDGET (window), "error-toast");

  gtk_window_destroy (GTK_WINDOW (window));
}

/* A Chrome trace big enough to take a while: n complete events. */
static GFile *
write_big_trace (guint n)
{
  GString *json = g_string_new ("{\"traceEvents\":[");
  GFile *file;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (json, "%s{\"ph\":\"X\",\"pid\":1,\"tid\":%u,\"ts\":%u,\"dur\":3,\"name\":\"op%u\",\"args\":{\"i\":%u}}",
                            i ? "," : "", i % 8, i * 2, i % 97, i);
  g_string_append (json, "]}");
  file = write_temp ("big.json", json->str, json->len);
  g_string_free (json, TRUE);
  return file;
}

static void
test_cancel (void)
{
  StpWindow *window = new_window ();
  g_autoptr(GFile) big = write_big_trace (1500000);
  g_autoptr(GFile) small = data_file ("data", "chrome", "tensorflow_profiling", "profiles", "GPU", "timeline_02_step_0.json", NULL);

  /* The progress page, while it lasts (the load may beat the
   * screenshot on a fast machine: the picture is for people, the
   * assertions below do not depend on it). */
  stp_window_open (window, big);
  g_assert_true (stp_window_get_loading (window));
  for (guint i = 0; i < 50 && stp_window_get_loading (window); i++)
    g_main_context_iteration (NULL, FALSE);
  if (stp_window_get_loading (window))
    save_screenshot (GTK_WIDGET (window), "loading");
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
  window = new_window ();

  /* Cancel at once, before the main loop runs: nothing loads, the window
   * stays usable. */
  stp_window_open (window, big);
  g_assert_true (stp_window_get_loading (window));
  stp_window_cancel_load (window);
  g_assert_false (stp_window_get_loading (window));
  g_assert_null (stp_window_get_trace (window));
  g_assert_cmpstr (visible_page (window), ==, "empty");
  settle ();
  g_assert_null (stp_window_get_trace (window));

  /* Opening another file stops the first: the small one wins even though
   * the big one started first. */
  stp_window_open (window, big);
  stp_window_open (window, small);
  wait_for (not_loading, window);
  g_assert_true (g_file_equal (stp_window_get_file (window), small));
  settle ();
  settle ();
  g_assert_true (g_file_equal (stp_window_get_file (window), small));

  /* Closing a window while it loads. */
  stp_window_open (window, big);
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

static void
test_warnings (void)
{
  StpWindow *window = new_window ();
  static const char json[] =
    "{\"traceEvents\":["
    "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":5,\"name\":\"a\"},"
    "{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":9,\"name\":\"b/a/long/scope/name/of/an/op/that/the/popover/must/show/"
    "whole/over/several/lines/without/clipping/it/or/the/next/warning/below/it::and::more::words::here/"
    "scope0/scope1/scope2/scope3/scope4/scope5/scope6/scope7/scope8/scope9/scope10/scope11/scope12\"},"
    "{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":12,\"name\":\"c\"},"
    "{\"ph\":\"Z\",\"pid\":1,\"tid\":1,\"ts\":14,\"name\":\"d\"}]}";
  g_autoptr(GFile) file = write_temp ("warnings.json", json, sizeof json - 1);
  StpTrace *trace;
  guint total = 0;

  open_and_wait (window, file);
  trace = stp_window_get_trace (window);
  for (guint i = 0; i < trace->warnings->len; i++)
    total += g_array_index (trace->warnings, StpWarning, i).count;
  g_assert_cmpuint (total, >, 0);
  g_assert_cmpuint (stp_window_get_warning_count (window), ==, total);
  /* Chrome JSON: no StepStats analysis to set. */
  check_actions (window, TRUE, FALSE);
  check_warnings_popover (window, trace->warnings->len);
  save_screenshot (GTK_WIDGET (window), "warnings");
  gtk_window_destroy (GTK_WINDOW (window));
}

/* A real PyTorch profiler trace from the shared corpus, when it is there
 * (it is too big to copy into tests/data). */
static void
test_kineto_corpus (void)
{
  const char *corpus = g_getenv ("STP_CORPUS_DIR");
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  StpWindow *window;

  if (corpus != NULL)
    path = g_build_filename (corpus, "kineto", "tb_plugin", "samples", "resnet50_num_workers_4",
                             "worker0.1623212756351.pt.trace.json.gz", NULL);
  if (path == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the shared corpus is not there");
      return;
    }

  window = new_window ();
  file = g_file_new_for_path (path);
  open_and_wait (window, file);
  check_layout (window);
  save_screenshot (GTK_WIDGET (window), "kineto");

  /* Zoom into the middle tenth and look again. */
  {
    StpTrace *trace = stp_window_get_trace (window);
    StpTimelineView *view = stp_window_get_timeline_view (window);
    gint64 span = trace->end_ts - trace->start_ts;

    stp_timeline_view_set_visible_range (view, trace->start_ts + span * 45 / 100, trace->start_ts + span * 47 / 100);
    settle ();
    check_layout (window);
    save_screenshot (GTK_WIDGET (window), "kineto-zoomed");
  }
  gtk_window_destroy (GTK_WINDOW (window));
}

/* The labels showing `text` among the visible widgets under `widget`. */
static guint
count_labels_showing (GtkWidget  *widget,
                      const char *text)
{
  guint n = 0;

  if (!gtk_widget_get_visible (widget))
    return 0;
  if (GTK_IS_LABEL (widget) && strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL)
    n++;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    n += count_labels_showing (child, text);
  return n;
}

/* A file name is text, not markup: the error page shows it as it is
 * (before, "R&D <i>x.json" gave a Gtk-WARNING and no explanation). */
static void
test_markup_in_file_name (void)
{
  StpWindow *window = new_window ();
  static const char name[] = "R&D <i>x.json";
  g_autoptr(GFile) bad = write_temp (name, "{\"traceEvents\": [oops", 22);

  stp_window_open (window, bad);
  wait_for (not_loading, window);
  g_assert_cmpstr (visible_page (window), ==, "error");
  g_assert_nonnull (strstr (stp_window_get_error_message (window), name));
  /* The title and the explanation both show it. */
  g_assert_cmpuint (count_labels_showing (GTK_WIDGET (window), name), >=, 2);
  save_screenshot (GTK_WIDGET (window), "error-markup-name");
  gtk_window_destroy (GTK_WINDOW (window));
}

static GtkWidget *
find_named (GtkWidget  *widget,
            const char *name)
{
  if (g_strcmp0 (gtk_widget_get_name (widget), name) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_named (child, name);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The button labelled `label` under `widget`, as a user clicks it. */
static GtkWidget *
find_labelled_button (GtkWidget  *widget,
             const char *label)
{
  if (GTK_IS_BUTTON (widget) && g_strcmp0 (gtk_button_get_label (GTK_BUTTON (widget)), label) == 0)
    return widget;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_labelled_button (child, label);

      if (found != NULL)
        return found;
    }
  return NULL;
}

/* The dialog "Go to Time" opened for `window`, or NULL. */
static AdwMessageDialog *
range_dialog (StpWindow *window)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (ADW_IS_MESSAGE_DIALOG (w) && gtk_window_get_transient_for (w) == GTK_WINDOW (window))
        return ADW_MESSAGE_DIALOG (w);
    }
  return NULL;
}

/* Ctrl+G: a typed start and end (or +duration) becomes the view. */
static void
test_go_to_time (void)
{
  g_autoptr(GFile) file = data_file ("data", "step-stats", "run_meta.pb", NULL);
  StpWindow *window = new_window ();
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpTrace *trace;
  AdwMessageDialog *dialog;
  GtkEditable *from, *to;
  gint64 start, end;

  /* Nothing to go to before a trace is open. */
  gtk_widget_activate_action (GTK_WIDGET (window), "win.go-to-time", NULL);
  g_assert_null (range_dialog (window));
  open_and_wait (window, file);
  trace = stp_window_get_trace (window);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.go-to-time", NULL));
  dialog = range_dialog (window);
  g_assert_nonnull (dialog);
  from = GTK_EDITABLE (find_named (adw_message_dialog_get_extra_child (dialog), "from"));
  to = GTK_EDITABLE (find_named (adw_message_dialog_get_extra_child (dialog), "to"));

  /* Not a time, or an end before the start: Go is off. */
  gtk_editable_set_text (from, "soon");
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "go"));
  gtk_editable_set_text (from, "10 us");
  gtk_editable_set_text (to, "5us");
  g_assert_false (adw_message_dialog_get_response_enabled (dialog, "go"));

  gtk_editable_set_text (to, "+20 µs");
  g_assert_true (adw_message_dialog_get_response_enabled (dialog, "go"));
  g_signal_emit_by_name (find_labelled_button (GTK_WIDGET (dialog), "_Go"), "clicked");
  stp_timeline_view_get_visible_range (view, &start, &end);
  g_assert_cmpint (start, ==, trace->start_ts + 10000);
  g_assert_cmpint (end, ==, trace->start_ts + 30000);
  settle ();
  g_assert_null (range_dialog (window));
  /* The keys work on the timeline again. */
  g_assert_true (gtk_window_get_focus (GTK_WINDOW (window)) == GTK_WIDGET (view));

  /* Opened again, it shows the range as it is, exactly. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.go-to-time", NULL));
  dialog = range_dialog (window);
  from = GTK_EDITABLE (find_named (adw_message_dialog_get_extra_child (dialog), "from"));
  to = GTK_EDITABLE (find_named (adw_message_dialog_get_extra_child (dialog), "to"));
  g_assert_cmpstr (gtk_editable_get_text (from), ==, "10 µs");
  g_assert_cmpstr (gtk_editable_get_text (to), ==, "30 µs");
  g_signal_emit_by_name (find_labelled_button (GTK_WIDGET (dialog), "_Cancel"), "clicked");
  settle ();
  g_assert_null (range_dialog (window));

  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

/* The window transient for `window` of type `type`, or NULL. */
static GtkWindow *
transient_of_type (StpWindow *window,
                   GType      type)
{
  GListModel *toplevels = gtk_window_get_toplevels ();

  for (guint i = 0; i < g_list_model_get_n_items (toplevels); i++)
    {
      g_autoptr(GtkWindow) w = g_list_model_get_item (toplevels, i);

      if (G_TYPE_CHECK_INSTANCE_TYPE (w, type) && gtk_window_get_transient_for (w) == GTK_WINDOW (window))
        return w;
    }
  return NULL;
}

static const char *
info_value (GtkWindow  *info,
            const char *name)
{
  GtkWidget *label = find_named (GTK_WIDGET (info), name);

  g_assert_nonnull (label);
  return gtk_label_get_text (GTK_LABEL (label));
}

/* Trace Information: the file, its contents counted here on our own, and
 * the metadata members the file carries, as the file has them. */
static void
test_trace_information (void)
{
  g_autoptr(GFile) file = data_file ("data", "chrome", "hta", "tests", "data", "trace_filter", "sampled_rank-0.json.gz", NULL);
  g_autoptr(GFile) xspace = data_file ("data", "xspace", "34.83.195.179_6003.xplane.pb", NULL);
  StpWindow *window = new_window ();
  StpTrace *trace;
  GtkWindow *info;
  guint64 slices = 0;
  g_autofree char *slices_text = NULL, *processes_text = NULL, *began = NULL;
  g_autoptr(GDateTime) utc = NULL;
  g_autoptr(GDateTime) local = NULL;

  open_and_wait (window, file);
  trace = stp_window_get_trace (window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-info", NULL));
  info = transient_of_type (window, ADW_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (info);
  save_screenshot (GTK_WIDGET (info), "trace-information");

  for (guint t = 0; t < trace->tracks->len; t++)
    if (stp_trace_get_track (trace, t)->kind == STP_TRACK_THREAD)
      slices += stp_trace_get_track (trace, t)->slices->len;
  slices_text = g_strdup_printf ("%" G_GUINT64_FORMAT, slices);
  processes_text = g_strdup_printf ("%u", trace->processes->len);
  g_assert_cmpuint (slices, >, 0);

  g_assert_cmpstr (info_value (info, "format"), ==, "Chrome Trace JSON");
  g_assert_cmpstr (info_value (info, "slices"), ==, slices_text);
  g_assert_cmpstr (info_value (info, "processes"), ==, processes_text);
  g_assert_true (g_str_has_suffix (info_value (info, "file"), "sampled_rank-0.json.gz"));
  /* The file's own members, as JSON. */
  g_assert_cmpstr (info_value (info, "metadata:schemaVersion"), ==, "1");
  g_assert_nonnull (strstr (info_value (info, "metadata:distributedInfo"), "\"rank\""));
  /* Kineto times are Unix µs: the date it began, where the user is. */
  g_assert_cmpstr (info_value (info, "clock"), ==, "Unix time");
  utc = g_date_time_new_from_unix_utc (trace->start_ts / 1000000000);
  local = g_date_time_to_local (utc);
  began = g_date_time_format (local, "%Y-%m-%d %H:%M:%S %Z");
  g_assert_cmpstr (info_value (info, "began"), ==, began);
  gtk_window_destroy (info);

  /* An XSpace: its planes from the file, on a clock with no date. */
  open_and_wait (window, xspace);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-info", NULL));
  info = transient_of_type (window, ADW_TYPE_PREFERENCES_WINDOW);
  g_assert_nonnull (info);
  save_screenshot (GTK_WIDGET (info), "trace-information-xspace");
  g_assert_cmpstr (info_value (info, "format"), ==, "XSpace");
  g_assert_true (g_str_has_prefix (info_value (info, "metadata:planes"), "/host:CPU, /device:GPU:0, "));
  g_assert_cmpstr (info_value (info, "clock"), ==, "The recording machine's own, not a date");
  g_assert_null (find_named (GTK_WIDGET (info), "began"));
  g_assert_null (find_named (GTK_WIDGET (info), "trace-0"));
  gtk_window_destroy (info);

  /* Two traces side by side: each one's file and format. */
  {
    GFile *both[] = { file, xspace };

    stp_window_open_files (window, both, 2);
    wait_for (not_loading, window);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-info", NULL));
    info = transient_of_type (window, ADW_TYPE_PREFERENCES_WINDOW);
    g_assert_nonnull (info);
    save_screenshot (GTK_WIDGET (info), "trace-information-several");
    g_assert_cmpstr (info_value (info, "files"), ==, "2");
    g_assert_null (find_named (GTK_WIDGET (info), "format"));
    g_assert_true (g_str_has_prefix (info_value (info, "trace-0"), "sampled_rank-0.json.gz · Chrome Trace JSON"));
    g_assert_true (g_str_has_prefix (info_value (info, "trace-1"), "34.83.195.179_6003.xplane.pb · XSpace"));
    /* One records Unix time, the other not: lined up at first steps. */
    g_assert_nonnull (strstr (info_value (info, "trace-1"), "moved"));
  }

  gtk_window_destroy (info);
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

/* The slice under a pointer that stays still while keys zoom: hover
 * (and its flow arrows) follow what is under it now, not what was. */
static void
test_hover_follows_zoom (void)
{
  g_autoptr(GFile) file = data_file ("data", "chrome", "hta", "tests", "data", "trace_filter", "sampled_rank-0.json.gz", NULL);
  StpWindow *window = new_window ();
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpRenderView rv;
  StpHit hit;
  StpItemRef first;
  gboolean found = FALSE, changed = FALSE;

  open_and_wait (window, file);
  stp_timeline_view_fill_view (view, &rv);

  /* A point over a slice. */
  for (double y = rv.ruler_height + 2; y < rv.height && !found; y += 4)
    for (double x = rv.gutter_width + 5; x < rv.width && !found; x += 7)
      if (stp_render_layout_hit_test (stp_timeline_view_get_layout (view), &rv, x, y, &hit) &&
          hit.kind == STP_HIT_SLICE)
        {
          view->hover_x = x;
          view->hover_y = y;
          found = TRUE;
        }
  g_assert_true (found);
  stp_timeline_view_update_hover (view);
  first = view->hover_item;
  g_assert_cmpint (first.kind, ==, STP_ITEM_SLICE);

  for (guint i = 0; i < 24 && !changed; i++)
    {
      StpItemRef expected = STP_ITEM_REF_NONE;

      /* W and D, as the keys do. */
      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), i % 2 ? "timeline.pan-right" : "timeline.zoom-in", NULL));
      stp_timeline_view_fill_view (view, &rv);
      if (stp_render_layout_hit_test (stp_timeline_view_get_layout (view), &rv,
                                      view->hover_x, view->hover_y, &hit) && hit.kind == STP_HIT_SLICE)
        expected = stp_item_ref_slice (hit.track, hit.index);
      g_assert_cmpint (view->hover_item.kind, ==, expected.kind);
      g_assert_cmpuint (view->hover_item.track, ==, expected.track);
      g_assert_cmpuint (view->hover_item.index, ==, expected.index);
      changed = expected.kind != first.kind || expected.index != first.index || expected.track != first.track;
    }
  /* Zooming and panning moved another slice (or none) under the pointer. */
  g_assert_true (changed);

  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

/* The ruler counts from the trace start, or (win.ruler-absolute) shows
 * the times the trace recorded: a PyTorch rank's microseconds since its
 * clock's zero. */
static void
test_recorded_times (void)
{
  g_autoptr(GFile) file = data_file ("data", "chrome", "hta", "tests", "data", "trace_filter",
                                     "sampled_rank-0.json.gz", NULL);
  g_autoptr(GSettings) settings = stp_settings_new ();
  StpWindow *window = new_window ();
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpRenderView rv;
  StpTrace *trace;

  open_and_wait (window, file);
  trace = stp_window_get_trace (window);
  g_assert_cmpint (trace->start_ts, >, 0);
  stp_timeline_view_get_render_view (view, &rv);
  g_assert_cmpint (rv.origin_ns, ==, trace->start_ts);

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.ruler-absolute", NULL));
  g_assert_true (g_settings_get_boolean (settings, "ruler-absolute"));
  g_assert_true (stp_timeline_view_get_absolute_time (view));
  stp_timeline_view_get_render_view (view, &rv);
  g_assert_cmpint (rv.origin_ns, ==, 0);
  settle ();
  save_screenshot (GTK_WIDGET (window), "window-recorded-times");

  g_settings_reset (settings, "ruler-absolute");
  stp_timeline_view_get_render_view (view, &rv);
  g_assert_cmpint (rv.origin_ns, ==, trace->start_ts);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();

  if (g_getenv ("STP_TEST_DARK"))
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);

  viewer_test_init ();

  g_test_add_func ("/window/empty", test_empty);
  g_test_add_func ("/window/step-stats", test_step_stats);
  g_test_add_func ("/window/chrome-navigation", test_chrome_navigation);
  g_test_add_func ("/window/corrupt", test_corrupt);
  g_test_add_func ("/window/markup-in-file-name", test_markup_in_file_name);
  g_test_add_func ("/window/cancel", test_cancel);
  g_test_add_func ("/window/warnings", test_warnings);
  g_test_add_func ("/window/kineto-corpus", test_kineto_corpus);
  g_test_add_func ("/window/go-to-time", test_go_to_time);
  g_test_add_func ("/window/trace-information", test_trace_information);
  g_test_add_func ("/window/hover-follows-zoom", test_hover_follows_zoom);
  g_test_add_func ("/window/recorded-times", test_recorded_times);

  return g_test_run ();
}
