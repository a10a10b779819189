/* main.c: stepscope [FILE...]
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "stepscope"

#include "config.h"

#include <glib/gi18n.h>
#include <locale.h>

#include "stp-application.h"
#include "stp-buffer.h"
#include "stp-settings.h"

int
main (int   argc,
      char *argv[])
{
  g_autoptr(StpApplication) app = NULL;
  g_autoptr(GError) error = NULL;

  stp_buffer_fix_mmap_threshold ();
  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, LOCALEDIR);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_set_application_name (_("Stepscope"));

  if (!stp_settings_check (&error))
    {
      g_printerr ("stepscope: %s\n", error->message);
      return 1;
    }

  app = stp_application_new ();
  return g_application_run (G_APPLICATION (app), argc, argv);
}
