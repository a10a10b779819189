/* test-first-run.c: the viewer as a new user first starts it
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Straight from the build directory, with nothing installed, a new HOME,
 * no GSETTINGS_* and no session bus: the README's first command.  Settings
 * are found and kept without a session bus, and where they cannot be kept
 * a change still applies and the window says so once.
 *
 * Each settings case runs in a subprocess, since the settings' schema and
 * backend are chosen once per process.
 */

#define G_LOG_DOMAIN "test-first-run"

#include <adwaita.h>
#include <signal.h>
#include <string.h>
#include <sys/wait.h>

#include "stp-settings.h"
#include "stp-window.h"
#include "viewer-test-util.h"

/* What a fresh login without a desktop session has: no bus, no settings
 * variables; the display is restored after the settings are resolved. */
static void
forget_the_session (void)
{
  g_unsetenv ("DBUS_SESSION_BUS_ADDRESS");
  g_unsetenv ("GSETTINGS_BACKEND");
  g_unsetenv ("GSETTINGS_SCHEMA_DIR");
  g_unsetenv ("XDG_RUNTIME_DIR");
}

static gboolean
still_running (GPid pid)
{
  int status;

  return waitpid (pid, &status, WNOHANG) == 0;
}

/* The app binary, as the README runs it, on the trace it names. */
static void
test_clean_environment (void)
{
  g_autofree char *home = g_dir_make_tmp ("stepscope-home-XXXXXX", NULL);
  g_autofree char *trace = g_test_build_filename (G_TEST_DIST, "data", "step-stats", "run_meta.pb", NULL);
  const char *app = g_getenv ("STEPSCOPE");
  g_autofree char *home_var = g_strconcat ("HOME=", home, NULL);
  g_autofree char *display_var = g_strconcat ("DISPLAY=", g_getenv ("DISPLAY"), NULL);
  g_autofree char *xauth_var = g_strconcat ("XAUTHORITY=", g_getenv ("XAUTHORITY") ?: "", NULL);
  const char *argv[] = { app, trace, NULL };
  const char *envp[] = { home_var, "PATH=/usr/bin:/bin", display_var, xauth_var, "GDK_BACKEND=x11", NULL };
  g_autoptr(GError) error = NULL;
  g_autofree char *err_text = NULL;
  gint64 until;
  int err_fd;
  GPid pid;

  g_assert_nonnull (app);
  g_assert_nonnull (g_getenv ("DISPLAY"));
  g_assert_true (g_spawn_async_with_pipes (NULL, (char **) argv, (char **) envp, G_SPAWN_DO_NOT_REAP_CHILD,
                                           NULL, NULL, &pid, NULL, NULL, &err_fd, &error));
  g_assert_no_error (error);

  /* Up after five seconds: it did not abort on a missing schema. */
  until = g_get_monotonic_time () + 5 * G_USEC_PER_SEC;
  while (g_get_monotonic_time () < until)
    {
      g_assert_true (still_running (pid));
      g_usleep (100 * 1000);
    }

  kill (pid, SIGTERM);
  waitpid (pid, NULL, 0);
  g_spawn_close_pid (pid);
  {
    g_autoptr(GIOChannel) channel = g_io_channel_unix_new (err_fd);

    g_io_channel_set_close_on_unref (channel, TRUE);
    g_io_channel_read_to_end (channel, &err_text, NULL, NULL);
  }
  g_test_message ("stderr: %s", err_text ? err_text : "");
  g_assert_null (strstr (err_text ?: "", "CRITICAL"));
  g_assert_null (strstr (err_text ?: "", "-ERROR"));
  g_assert_null (strstr (err_text ?: "", "not installed"));
}

/* An empty argument, as an unset shell variable gives, is refused: GIO
 * would take it for the current folder and open every trace under it. */
static void
test_empty_argument (void)
{
  const char *argv[] = { g_getenv ("STEPSCOPE"), "", NULL };
  /* No display: the refusal comes first, and a viewer that took the
   * folder would stop at once rather than wait with a window. */
  g_auto(GStrv) envp = g_environ_unsetenv (g_environ_unsetenv (g_get_environ (), "DISPLAY"),
                                           "WAYLAND_DISPLAY");
  g_autoptr(GError) error = NULL;
  g_autofree char *err_text = NULL;
  int status = 0;

  g_assert_nonnull (argv[0]);
  g_assert_true (g_spawn_sync (NULL, (char **) argv, envp, G_SPAWN_DEFAULT, NULL, NULL,
                               NULL, &err_text, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, 1);
  g_assert_nonnull (strstr (err_text, "empty argument"));
}

/* Without a session bus, settings go to a keyfile and stay. */
static void
no_bus_write (void)
{
  g_autoptr(GSettings) settings = NULL;
  g_autofree char *keyfile = NULL;
  g_autofree char *contents = NULL;

  forget_the_session ();
  g_unsetenv ("DISPLAY");
  settings = stp_settings_new ();
  g_assert_true (stp_settings_are_remembered ());
  g_assert_false (g_settings_get_boolean (settings, "show-memory"));
  g_settings_set_boolean (settings, "show-memory", TRUE);
  g_settings_sync ();
  g_assert_true (g_settings_get_boolean (settings, "show-memory"));

  keyfile = g_build_filename (g_get_user_config_dir (), "glib-2.0", "settings", "keyfile", NULL);
  g_assert_true (g_file_get_contents (keyfile, &contents, NULL, NULL));
  g_assert_nonnull (strstr (contents, "show-memory=true"));
}

static void
no_bus_read (void)
{
  g_autoptr(GSettings) settings = NULL;

  forget_the_session ();
  g_unsetenv ("DISPLAY");
  settings = stp_settings_new ();
  g_assert_true (g_settings_get_boolean (settings, "show-memory"));
}

static void
test_no_bus (void)
{
  g_autofree char *config = NULL;

  if (g_test_subprocess ())
    {
      if (g_str_equal (g_getenv ("STP_TEST_STAGE"), "write"))
        no_bus_write ();
      else
        no_bus_read ();
      return;
    }

  /* Written by one process, read back by the next. */
  config = g_dir_make_tmp ("stepscope-config-XXXXXX", NULL);
  g_setenv ("XDG_CONFIG_HOME", config, TRUE);
  g_setenv ("STP_TEST_STAGE", "write", TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_setenv ("STP_TEST_STAGE", "read", TRUE);
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_unsetenv ("XDG_CONFIG_HOME");
  g_unsetenv ("STP_TEST_STAGE");
}

static gboolean
has_toast (GtkWidget *widget)
{
  if (g_str_equal (G_OBJECT_TYPE_NAME (widget), "AdwToastWidget"))
    return TRUE;
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child; child = gtk_widget_get_next_sibling (child))
    if (has_toast (child))
      return TRUE;
  return FALSE;
}

/* Settings that cannot be saved: a toggle applies and the window says so. */
static void
unsaveable_window (void)
{
  g_autofree char *display = g_strdup (g_getenv ("DISPLAY"));
  g_autoptr(GSettings) settings = NULL;
  StpWindow *window;

  forget_the_session ();
  g_unsetenv ("DISPLAY");
  g_setenv ("XDG_CONFIG_HOME", "/dev/null/config", TRUE);
  g_assert_false (stp_settings_are_remembered ());
  g_setenv ("DISPLAY", display, TRUE);

  gtk_init ();
  adw_init ();
  viewer_test_init ();
  window = new_window ();
  settings = stp_settings_new ();
  g_assert_false (has_toast (GTK_WIDGET (window)));

  /* The details panel is shown by default; its toggle is there on every page. */
  g_assert_true (g_settings_get_boolean (settings, "show-details"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-details", NULL));
  settle ();
  g_assert_false (g_settings_get_boolean (settings, "show-details"));
  g_assert_true (has_toast (GTK_WIDGET (window)));
  gtk_window_destroy (GTK_WINDOW (window));
}

static void
test_unsaveable (void)
{
  if (g_test_subprocess ())
    {
      unsaveable_window ();
      return;
    }
  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_passed ();
  g_test_trap_assert_stderr ("*Settings cannot be saved*");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/first-run/clean-environment", test_clean_environment);
  g_test_add_func ("/first-run/empty-argument", test_empty_argument);
  g_test_add_func ("/first-run/no-bus", test_no_bus);
  g_test_add_func ("/first-run/unsaveable", test_unsaveable);

  return g_test_run ();
}
