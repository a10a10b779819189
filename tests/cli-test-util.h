/* cli-test-util.h: running stepscope-cli from a test
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* What a run printed and its exit status (-1 if it did not exit). */
typedef struct
{
  int   status;
  char *out;
  char *err;
} Run;

void run_clear (Run *run);

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Run, run_clear)

/* Runs $STEPSCOPE_CLI with the arguments up to NULL (none at all
 * when `first` is NULL). */
void run_cli   (Run        *run,
                const char *first,
                ...);
/* The same in the environment envp (NULL: this process's). */
void run_cli_with_env (Run        *run,
                       char      **envp,
                       const char *first,
                       ...);

G_END_DECLS
