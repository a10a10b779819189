/* stp-application.c: the Stepscope application
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `stepscope a.json b.json` (or a folder) opens the traces side by side
 * in one window, and a second launch hands its files to the running
 * instance, in a window of their own.  A GraphDef after a StepStats goes
 * with it: `stepscope run_meta graph.pbtxt` opens one trace.
 */

#define G_LOG_DOMAIN "stp-application"

#include "config.h"

#include <glib/gi18n.h>

#include "stp-application.h"
#include "stp-graph.h"
#include "stp-window.h"

struct _StpApplication
{
  AdwApplication parent_instance;
};

G_DEFINE_FINAL_TYPE (StpApplication, stp_application, ADW_TYPE_APPLICATION)

StpApplication *
stp_application_new (void)
{
  return g_object_new (STP_TYPE_APPLICATION,
                       "application-id", APPLICATION_ID,
                       "flags", G_APPLICATION_HANDLES_OPEN,
                       "resource-base-path", "/io/github/stepscope/Stepscope",
                       NULL);
}

/* "" names the current folder to GIO, whose every trace would open: an
 * unset shell variable, most likely. */
static gboolean
stp_application_local_command_line (GApplication   *app,
                                    char         ***arguments,
                                    int            *exit_status)
{
  char **argv = *arguments;

  for (int i = 1; argv[i] != NULL; i++)
    if (argv[i][0] == '\0')
      {
        g_printerr ("stepscope: %s\n", _("an empty argument is not a file name (is a shell variable unset?)"));
        *exit_status = 1;
        return TRUE;
      }

  return G_APPLICATION_CLASS (stp_application_parent_class)->local_command_line (app, arguments, exit_status);
}

static void
stp_application_activate (GApplication *app)
{
  GtkWindow *window = gtk_application_get_active_window (GTK_APPLICATION (app));

  if (window == NULL)
    window = GTK_WINDOW (stp_window_new (GTK_APPLICATION (app)));
  gtk_window_present (window);
}

static void
stp_application_open (GApplication  *app,
                      GFile        **files,
                      int            n_files,
                      const char    *hint)
{
  GtkWindow *active = gtk_application_get_active_window (GTK_APPLICATION (app));
  StpWindow *window;

  /* An empty window takes the files; otherwise a new one. */
  if (STP_IS_WINDOW (active) && stp_window_is_empty (STP_WINDOW (active)))
    window = STP_WINDOW (active);
  else
    window = stp_window_new (GTK_APPLICATION (app));

  /* `stepscope run_meta graph.pbtxt`: a GraphDef after a trace goes
   * with it (a GraphDef alone opens, and says what it is).  Several
   * traces, or a folder of them, are one window's, side by side. */
  if (n_files == 2 && stp_graph_sniff_file (files[1]) && !stp_graph_sniff_file (files[0]))
    stp_window_open_with_graph (window, files[0], files[1]);
  else
    stp_window_open_files (window, files, n_files);
  gtk_window_present (GTK_WINDOW (window));
}

static void
action_new_window (GSimpleAction *action,
                   GVariant      *param,
                   gpointer       user_data)
{
  gtk_window_present (GTK_WINDOW (stp_window_new (GTK_APPLICATION (user_data))));
}

static void
action_about (GSimpleAction *action,
              GVariant      *param,
              gpointer       user_data)
{
  GtkApplication *app = user_data;
  static const char *developers[] = { "The Stepscope developers", NULL };
  GtkWidget *about;

  about = g_object_new (ADW_TYPE_ABOUT_WINDOW,
                        "transient-for", gtk_application_get_active_window (app),
                        "application-name", _("Stepscope"),
                        "application-icon", APPLICATION_ID,
                        "developer-name", _("The Stepscope developers"),
                        "version", PACKAGE_VERSION,
                        "comments", _("A timeline viewer for machine-learning traces: TensorFlow StepStats, profiler XSpace and Chrome Trace Event JSON."),
                        "developers", developers,
                        /* Translators: your name and e-mail, one translator a line */
                        "translator-credits", _("translator-credits"),
                        "copyright", "© 2026 The Stepscope developers",
                        "license-type", GTK_LICENSE_GPL_3_0,
                        NULL);
  gtk_window_present (GTK_WINDOW (about));
}

static void
action_quit (GSimpleAction *action,
             GVariant      *param,
             gpointer       user_data)
{
  GList *windows = gtk_application_get_windows (GTK_APPLICATION (user_data));

  /* Closing each window cancels its load. */
  for (GList *l = g_list_copy (windows), *it = l; it != NULL; it = it->next)
    {
      gtk_window_close (it->data);
      if (it->next == NULL)
        g_list_free (l);
    }
}

static void
stp_application_startup (GApplication *app)
{
  static const GActionEntry entries[] = {
    { "new-window", action_new_window },
    { "about", action_about },
    { "quit", action_quit },
  };
  static const char *new_window_accels[] = { "<Control>n", NULL };
  static const char *quit_accels[] = { "<Control>q", NULL };
  static const char *close_accels[] = { "<Control>w", NULL };

  G_APPLICATION_CLASS (stp_application_parent_class)->startup (app);

  g_action_map_add_action_entries (G_ACTION_MAP (app), entries, G_N_ELEMENTS (entries), app);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.new-window", new_window_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "app.quit", quit_accels);
  gtk_application_set_accels_for_action (GTK_APPLICATION (app), "window.close", close_accels);
}

static void
stp_application_class_init (StpApplicationClass *klass)
{
  GApplicationClass *app_class = G_APPLICATION_CLASS (klass);

  app_class->local_command_line = stp_application_local_command_line;
  app_class->activate = stp_application_activate;
  app_class->open = stp_application_open;
  app_class->startup = stp_application_startup;
}

static void
stp_application_init (StpApplication *self)
{
}
