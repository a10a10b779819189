/* stp-cli-inputs.h: several inputs and folders for stepscope-cli
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-timeline.h"
#include "stp-trace.h"

G_BEGIN_DECLS

/* The files named, with each folder replaced by the traces in it and
 * its subfolders (recognised by content, in name order).  A folder
 * without any trace is an error naming it. */
GPtrArray *stp_cli_inputs_expand (char   **args,
                                  int      n_args,
                                  GError **error);

/* What one input gives: its JSON or text, appended to out. */
typedef gboolean (*StpCliEachFunc) (StpTrace  *trace,
                                    GString   *out,
                                    gpointer   user_data,
                                    GError   **error);

/* Loads each input in turn (one at a time: only its result is kept)
 * and appends what func makes of it.  One input gives func's output as
 * it is; several give a JSON array of them (json), or each under a
 * "==> FILE <==" header.  A bad input does not stop the others: its
 * error goes to standard error, and into the JSON array as
 * {"file": ..., "error": ...}.  *n_failed counts them. */
GString   *stp_cli_each_input    (GPtrArray                *inputs,
                                  const StpTimelineOptions *options,
                                  gboolean                  json,
                                  StpCliEachFunc            func,
                                  gpointer                  user_data,
                                  guint                    *n_failed);

/* To standard output, or to `output` through a temporary file renamed
 * when complete ("-" is standard output). */
gboolean   stp_cli_write_output  (const char    *output,
                                  const GString *text,
                                  GError       **error);

G_END_DECLS
