/* stp-cli-steps.h: `stepscope-cli steps`
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

int stp_cli_steps_run (int    argc,
                       char **argv);

G_END_DECLS
