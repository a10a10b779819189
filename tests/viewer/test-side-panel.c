/* test-side-panel.c: the details panel beside the timeline, in the real
 * window under Xvfb
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The panel is the flap of an AdwFlap that folds it away in narrow
 * windows: the summary must not fold it at the window's first size, and
 * F9's choice must outlast the window's resizes.  Beside it, the tables
 * under the timeline (summary, comparison, steps) keep their names
 * readable.
 */

#define G_LOG_DOMAIN "test-side-panel"

#include <adwaita.h>

#include "stp-compare-view.h"
#include "stp-settings.h"
#include "stp-steps-view.h"
#include "stp-window.h"
#include "viewer-test-util.h"

static gboolean
is_flap (GtkWidget     *widget,
         gconstpointer  data)
{
  return ADW_IS_FLAP (widget);
}

/* A table's name cell in view (text cells are cut in the middle). */
static gboolean
is_name_cell (GtkWidget *widget)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         gtk_label_get_ellipsize (GTK_LABEL (widget)) == PANGO_ELLIPSIZE_MIDDLE;
}

/* The name cells in view: how many, and how many of those
 * with `max_chars` characters or fewer are cut short. */
static void
count_cut_names (GtkWidget *widget,
                 guint      max_chars,
                 guint     *n_short,
                 guint     *n_cut)
{
  if (is_name_cell (widget) &&
      g_utf8_strlen (gtk_label_get_text (GTK_LABEL (widget)), -1) <= max_chars)
    {
      *n_short += 1;
      *n_cut += pango_layout_is_ellipsized (gtk_label_get_layout (GTK_LABEL (widget)));
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    count_cut_names (child, max_chars, n_short, n_cut);
}

/* At the window's first size, the summary (F8) sits under the timeline
 * with the details panel still beside both: the summary's natural width
 * (its full names and header) used to fold the panel away. */
static void
test_summary_beside_details (void)
{
  g_autoptr(GFile) file = data_file ("data", "chrome", "hta", "tests", "data", "critical_path", "end_to_end",
                                     "simple_add", "output", "overlaid_critical_path_trace.json.gz", NULL);
  g_autoptr(GSettings) settings = stp_settings_new ();
  StpWindow *window = stp_window_new (NULL);
  StpSession *session = stp_window_get_session (window);
  StpItemRef item;
  AdwFlap *flap;
  int width, height;

  /* The size the settings give a new window (new_window() makes it
   * bigger). */
  gtk_window_get_default_size (GTK_WINDOW (window), &width, &height);
  g_assert_cmpint (width, ==, g_settings_get_int (settings, "window-width"));
  g_assert_cmpint (height, ==, g_settings_get_int (settings, "window-height"));
  gtk_window_present (GTK_WINDOW (window));
  open_and_wait (window, file);
  item = first_slice (stp_window_get_trace (window), 0);
  flap = ADW_FLAP (find_widget (GTK_WIDGET (window), is_flap, NULL));
  g_assert_false (adw_flap_get_folded (flap));

  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-summary", NULL));
  settle ();
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (stp_window_get_summary_view (window))));
  g_assert_false (adw_flap_get_folded (flap));
  g_assert_true (adw_flap_get_reveal_flap (flap));
  stp_session_set_selected_item (session, &item);
  settle ();
  g_assert_nonnull (stp_details_panel_get_details (stp_window_get_details_panel (window)));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (stp_window_get_details_panel (window))));
  save_screenshot (GTK_WIDGET (window), "window-summary-beside-details");

  g_settings_reset (settings, "show-summary");
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

/* The width of the widest name cell in view; one of them in *label. */
static int
widest_name (GtkWidget  *widget,
             GtkWidget **label)
{
  int width = 0;

  if (is_name_cell (widget))
    {
      width = gtk_widget_get_width (widget);
      *label = widget;
    }
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    width = MAX (width, widest_name (child, label));
  return width;
}

/* n characters of label's font, as GtkLabel counts them for its
 * width-chars. */
static int
chars_width (GtkWidget *label,
             int        n)
{
  PangoFontMetrics *metrics = pango_context_get_metrics (gtk_widget_get_pango_context (label), NULL, NULL);
  int one = MAX (pango_font_metrics_get_approximate_char_width (metrics),
                 pango_font_metrics_get_approximate_digit_width (metrics));

  pango_font_metrics_unref (metrics);
  return PANGO_PIXELS (one * n);
}

/* At the window's first size, beside the details panel, a summary with
 * its most columns (XProf's GPU trace: accelerator and CPU time) keeps
 * its names readable and scrolls sideways instead: its columns of
 * numbers used to leave the names a few letters ("Rand…form"). */
static void
test_summary_names (void)
{
  g_autoptr(GFile) file = data_file ("data", "xspace", "34.83.195.179_6003.xplane.pb", NULL);
  g_autoptr(GFile) short_names = data_file ("data", "step-stats", "run_meta.pb", NULL);
  g_autoptr(GSettings) settings = stp_settings_new ();
  StpWindow *window = stp_window_new (NULL);
  guint n_short = 0, n_cut = 0;
  GtkWidget *label = NULL;
  int width;
  AdwFlap *flap;

  gtk_window_present (GTK_WINDOW (window));
  open_and_wait (window, file);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-summary", NULL));
  settle ();
  flap = ADW_FLAP (find_widget (GTK_WIDGET (window), is_flap, NULL));
  g_assert_false (adw_flap_get_folded (flap));
  g_assert_true (adw_flap_get_reveal_flap (flap));
  save_screenshot (GTK_WIDGET (window), "window-summary-names");
  count_cut_names (GTK_WIDGET (stp_window_get_summary_view (window)), 15, &n_short, &n_cut);
  g_assert_cmpuint (n_short, >=, 5);
  g_assert_cmpuint (n_cut, ==, 0);

  /* Short names (run_meta.pb's, ten characters at most) take no more
   * room than they need, which the numbers, squeezed, can use. */
  open_and_wait (window, short_names);
  settle ();
  width = widest_name (GTK_WIDGET (stp_window_get_summary_view (window)), &label);
  g_assert_nonnull (label);
  g_assert_cmpint (width, >, 0);
  g_assert_cmpint (width, <, chars_width (label, 15));

  g_settings_reset (settings, "show-summary");
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

/* The same for the comparison of HTA's diff pair, whose eight columns
 * of numbers left its names about 120 pixels ("cudaMe…yAsync"). */
static void
test_compare_names (void)
{
  g_autoptr(GFile) base = data_file ("data", "chrome", "hta", "tests", "data", "trace_compare", "base",
                                     "base.json.gz", NULL);
  g_autoptr(GFile) test = data_file ("data", "chrome", "hta", "tests", "data", "trace_compare", "test",
                                     "test.json.gz", NULL);
  StpWindow *window = stp_window_new (NULL);
  guint n_short = 0, n_cut = 0;
  AdwFlap *flap;

  gtk_window_present (GTK_WINDOW (window));
  stp_window_compare (window, base, test);
  wait_for (not_loading, window);
  settle ();
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (stp_window_get_compare_view (window))));
  flap = ADW_FLAP (find_widget (GTK_WIDGET (window), is_flap, NULL));
  g_assert_false (adw_flap_get_folded (flap));
  g_assert_true (adw_flap_get_reveal_flap (flap));
  save_screenshot (GTK_WIDGET (window), "window-compare-names");
  count_cut_names (GTK_WIDGET (stp_window_get_compare_view (window)), 15, &n_short, &n_cut);
  g_assert_cmpuint (n_short, >=, 5);
  g_assert_cmpuint (n_cut, ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

static gboolean
steps_idle (gpointer window)
{
  return !stp_steps_view_is_busy (stp_window_get_steps_view (window));
}

/* The same for the steps of HTA's two ranks: the breakdown's Step column
 * showed "Pro… 51" for ProfilerStep#551. */
static void
test_steps_names (void)
{
  g_autoptr(GFile) rank0 = data_file ("data", "chrome", "hta", "tests", "data", "trace_filter",
                                      "sampled_rank-0.json.gz", NULL);
  g_autoptr(GFile) rank1 = data_file ("data", "chrome", "hta", "tests", "data", "trace_filter",
                                      "sampled_rank-1.json.gz", NULL);
  GFile *files[] = { rank0, rank1 };
  StpWindow *window = stp_window_new (NULL);
  guint n_short = 0, n_cut = 0;

  gtk_window_present (GTK_WINDOW (window));
  stp_window_open_files (window, files, G_N_ELEMENTS (files));
  wait_for (not_loading, window);
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-steps", NULL));
  wait_for (steps_idle, window);
  settle ();
  save_screenshot (GTK_WIDGET (window), "window-steps-names");
  count_cut_names (GTK_WIDGET (stp_window_get_steps_view (window)), 16, &n_short, &n_cut);
  g_assert_cmpuint (n_short, >=, 6);
  g_assert_cmpuint (n_cut, ==, 0);

  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

static gboolean
is_details_button (GtkWidget     *widget,
                   gconstpointer  data)
{
  return GTK_IS_TOGGLE_BUTTON (widget) &&
         g_strcmp0 (gtk_actionable_get_action_name (GTK_ACTIONABLE (widget)), "win.show-details") == 0;
}

/* F9 in a wide window is the user's choice, kept however the window is
 * resized; in a narrow one (the flap folded) it shows the panel over
 * the timeline for the moment only.  Folding is forced here through the
 * fold policy, as a narrow window folds it. */
static void
test_details_choice_kept (void)
{
  g_autoptr(GFile) file = data_file ("data", "step-stats", "run_meta.pb", NULL);
  g_autoptr(GSettings) settings = stp_settings_new ();
  StpWindow *window = new_window ();
  AdwFlap *flap = ADW_FLAP (find_widget (GTK_WIDGET (window), is_flap, NULL));
  GtkToggleButton *button;

  open_and_wait (window, file);
  g_assert_false (adw_flap_get_folded (flap));
  g_assert_true (adw_flap_get_reveal_flap (flap));

  /* Hidden by the user, it stays hidden through a fold and an unfold. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-details", NULL));
  g_assert_false (adw_flap_get_reveal_flap (flap));
  g_assert_false (g_settings_get_boolean (settings, "show-details"));
  adw_flap_set_fold_policy (flap, ADW_FLAP_FOLD_POLICY_ALWAYS);
  settle ();
  g_assert_true (adw_flap_get_folded (flap));
  adw_flap_set_fold_policy (flap, ADW_FLAP_FOLD_POLICY_AUTO);
  settle ();
  g_assert_false (adw_flap_get_folded (flap));
  g_assert_false (adw_flap_get_reveal_flap (flap));
  g_assert_false (g_settings_get_boolean (settings, "show-details"));

  /* Shown again, a fold hides it without changing the choice, and the
   * unfold brings it back. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-details", NULL));
  g_assert_true (adw_flap_get_reveal_flap (flap));
  g_assert_true (g_settings_get_boolean (settings, "show-details"));
  adw_flap_set_fold_policy (flap, ADW_FLAP_FOLD_POLICY_ALWAYS);
  settle ();
  g_assert_false (adw_flap_get_reveal_flap (flap));
  g_assert_true (g_settings_get_boolean (settings, "show-details"));

  /* Folded, F9 shows it (its button pressed) and hides it, for now. */
  button = GTK_TOGGLE_BUTTON (find_widget (GTK_WIDGET (window), is_details_button, NULL));
  g_assert_false (gtk_toggle_button_get_active (button));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-details", NULL));
  g_assert_true (adw_flap_get_reveal_flap (flap));
  g_assert_true (gtk_toggle_button_get_active (button));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-details", NULL));
  g_assert_false (adw_flap_get_reveal_flap (flap));
  g_assert_true (g_settings_get_boolean (settings, "show-details"));
  adw_flap_set_fold_policy (flap, ADW_FLAP_FOLD_POLICY_AUTO);
  settle ();
  g_assert_true (adw_flap_get_reveal_flap (flap));

  g_settings_reset (settings, "show-details");
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  viewer_test_init ();

  g_test_add_func ("/side-panel/summary-beside-details", test_summary_beside_details);
  g_test_add_func ("/side-panel/summary-names", test_summary_names);
  g_test_add_func ("/side-panel/compare-names", test_compare_names);
  g_test_add_func ("/side-panel/steps-names", test_steps_names);
  g_test_add_func ("/side-panel/details-choice-kept", test_details_choice_kept);

  return g_test_run ();
}
