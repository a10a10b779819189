/* test-recent.c: the start page lists the traces opened before
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A trace opened in one window is listed, newest first, on the start
 * page of the next; a listed file that is gone is greyed; a row opens
 * its trace.  The recent list lives in a data folder of the test's own.
 */

#include <glib/gstdio.h>

#include "stp-window-private.h"
#include "viewer-test-util.h"

static char *data_home;

typedef struct
{
  StpWindow  *window;
  const char *first;
  const char *second;
} Expected;

/* The window's recent list starts with `first`, then `second`. */
static gboolean
listed (gpointer data)
{
  Expected *e = data;
  g_auto(GStrv) uris = stp_recent_list_dup_uris (e->window->recent_list);

  return g_strv_length (uris) >= 2 &&
         g_strcmp0 (uris[0], e->first) == 0 && g_strcmp0 (uris[1], e->second) == 0;
}

static GtkWidget *
row_at (StpWindow *window,
        guint      n)
{
  GtkWidget *row = gtk_widget_get_first_child (GTK_WIDGET (window->recent_list));

  /* recentlist > box > (heading, list) */
  row = gtk_widget_get_first_child (gtk_widget_get_last_child (row));
  while (row != NULL && n-- > 0)
    row = gtk_widget_get_next_sibling (row);
  return row;
}

static void
test_recent_traces (void)
{
  g_autoptr(GFile) trace = data_file ("data", "step-stats", "run_meta.pb", NULL);
  g_autofree char *trace_uri = g_file_get_uri (trace);
  g_autofree char *gone = g_build_filename (data_home, "moved-away.json", NULL);
  g_autofree char *gone_uri = g_filename_to_uri (gone, NULL, NULL);
  const char *groups[] = { NULL };
  GtkRecentData recent = { NULL, NULL, (char *) "application/json",
                           (char *) g_get_application_name (), (char *) "stepscope %u",
                           (char **) groups, FALSE };
  StpWindow *first = new_window ();
  StpWindow *second;
  Expected expected;
  g_autoptr(GFile) shown = NULL;

  /* A fresh data folder: nothing listed, and no empty heading either. */
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_first_child (GTK_WIDGET (first->recent_list))));

  open_and_wait (first, trace);
  /* Then a file that has since gone. */
  g_usleep (1100 * 1000);   /* the list orders by modification, in seconds */
  g_assert_true (gtk_recent_manager_add_full (gtk_recent_manager_get_default (), gone_uri, &recent));

  second = new_window ();
  expected = (Expected) { second, gone_uri, trace_uri };
  wait_for (listed, &expected);
  g_assert_true (gtk_widget_get_visible (gtk_widget_get_first_child (GTK_WIDGET (second->recent_list))));
  g_assert_false (gtk_widget_get_sensitive (row_at (second, 0)));
  g_assert_true (gtk_widget_get_sensitive (row_at (second, 1)));
  save_screenshot (GTK_WIDGET (second), "recent-traces");

  /* A row opens its trace. */
  gtk_widget_activate (row_at (second, 1));
  g_assert_true (stp_window_get_loading (second));
  wait_for (not_loading, second);
  shown = stp_window_get_file (second) ? g_object_ref (stp_window_get_file (second)) : NULL;
  g_assert_nonnull (shown);
  g_assert_true (g_file_equal (shown, trace));

  gtk_window_destroy (GTK_WINDOW (first));
  gtk_window_destroy (GTK_WINDOW (second));
}

int
main (int    argc,
      char **argv)
{
  /* GtkRecentManager reads the data folder once: set it before GTK. */
  data_home = g_dir_make_tmp ("stp-recent-XXXXXX", NULL);
  g_setenv ("XDG_DATA_HOME", data_home, TRUE);

  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  viewer_test_init ();

  g_test_add_func ("/recent/traces", test_recent_traces);

  return g_test_run ();
}
