/* stp-cli-compare.h: `stepscope-cli compare`
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-compare.h"

G_BEGIN_DECLS

int      stp_cli_compare_run     (int                argc,
                                  char             **argv);

GString *stp_cli_compare_to_text (const StpTrace    *a,
                                  const StpTrace    *b,
                                  const StpCompare  *compare);
GString *stp_cli_compare_to_json (const StpTrace    *a,
                                  const StpTrace    *b,
                                  const StpCompare  *compare);

/* A name fit for a terminal: control characters become '?', and it is
 * cut (with "…") past max_chars characters. */
char    *stp_cli_printable_name  (const char        *name,
                                  guint              max_chars);

G_END_DECLS
