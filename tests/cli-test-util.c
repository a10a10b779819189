/* cli-test-util.c: running stepscope-cli from a test
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "cli-test-util.h"

#include <stdarg.h>
#include <sys/wait.h>

void
run_clear (Run *run)
{
  g_free (run->out);
  g_free (run->err);
}

static void
run_cli_valist (Run         *run,
                char       **envp,
                const char  *first,
                va_list      args)
{
  g_autoptr(GPtrArray) argv = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *cli = g_getenv ("STEPSCOPE_CLI");

  g_assert_nonnull (cli);
  g_ptr_array_add (argv, (char *) cli);
  for (const char *arg = first; arg != NULL; arg = va_arg (args, const char *))
    g_ptr_array_add (argv, (char *) arg);
  g_ptr_array_add (argv, NULL);

  g_spawn_sync (NULL, (char **) argv->pdata, envp, G_SPAWN_DEFAULT, NULL, NULL,
                &run->out, &run->err, &run->status, &error);
  g_assert_no_error (error);
  run->status = WIFEXITED (run->status) ? WEXITSTATUS (run->status) : -1;
}

void
run_cli (Run        *run,
         const char *first,
         ...)
{
  va_list args;

  va_start (args, first);
  run_cli_valist (run, NULL, first, args);
  va_end (args);
}

void
run_cli_with_env (Run        *run,
                  char      **envp,
                  const char *first,
                  ...)
{
  va_list args;

  va_start (args, first);
  run_cli_valist (run, envp, first, args);
  va_end (args);
}
