/* stp-cli-inputs.h: several inputs and folders for stepscope-cli
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-safe-output.h"
#include "stp-step-stats-analysis.h"
#include "stp-trace.h"

G_BEGIN_DECLS

/* A trace, or a GraphDef, named on the command line: a local path is
 * read without GIO, a URI through it. */
StpTrace  *stp_cli_load          (const char                *arg,
                                  const StpAnalysisOptions  *options,
                                  GError                   **error);
StpGraph  *stp_cli_load_graph    (const char                *arg,
                                  GError                   **error);

/* The files named, with each folder replaced by the traces in it and
 * its subfolders (recognised by content, in name order).  A folder
 * without any trace is an error naming it.  *had_folder: whether any
 * argument was a folder (its output is then an array, even of one). */
GPtrArray *stp_cli_inputs_expand (char   **args,
                                  int      n_args,
                                  gboolean *had_folder,
                                  GError **error);

/* What one input gives: its JSON or text, appended to out, and an item
 * of the caller's (or NULL).  Runs on a worker thread. */
typedef gboolean (*StpCliEachFunc) (StpTrace  *trace,
                                    GString   *out,
                                    gpointer  *item,
                                    GError   **error);

/* Loads the inputs, a few at a time on worker threads (at most one per
 * core: only the traces being read are in memory), and appends what
 * func makes of each, in input order.  One input (several FALSE) gives
 * func's output as it is; several give a JSON array of them (json), or
 * each under a "==> FILE <==" header.  A bad input does not stop the others: its
 * error goes to standard error, and into the JSON array as
 * {"file": ..., "error": ...}.  *n_failed counts them.  items, if not
 * NULL, receives each input's item (NULL for a bad input), in order. */
GString   *stp_cli_each_input    (GPtrArray                *inputs,
                                  gboolean                  several,
                                  const StpAnalysisOptions *options,
                                  gboolean                  json,
                                  StpCliEachFunc            func,
                                  GPtrArray                *items,
                                  guint                    *n_failed);

/* An -o argument opened as stp_cli_load() takes an input: a local
 * path without GIO, a URI through it. */
StpSafeOutput *stp_cli_open_output (const char  *arg,
                                    GError     **error);
/* To standard output, or to `output` through a temporary file renamed
 * when complete ("-" is standard output). */
gboolean   stp_cli_write_output  (const char    *output,
                                  const GString *text,
                                  GError       **error);

G_END_DECLS

G_BEGIN_DECLS

typedef int (*StpCliRunFunc) (int    argc,
                              char **argv);

/* Runs a one-input command (argv[0] its name) on each input of a
 * command line that names several inputs or a folder, exactly as if
 * it were run once per input (several at a time, as many as
 * stp_cli_each_input() reads at once), and joins the outputs: a JSON array
 * with --json (the objects in input order), else each output under a
 * "==> FILE <==" header; -o FILE receives the whole.  A bad input is
 * reported on standard error and does not stop the others (status 1).
 * One input that is not a folder: run (argc, argv) as it is.
 * option_groups: the command's option entries, a NULL-terminated list
 * of arrays (to tell an option's value from an input); always_json: the command prints
 * JSON without --json. */
int        stp_cli_run_each      (int                 argc,
                                  char              **argv,
                                  const GOptionEntry *const *option_groups,
                                  gboolean            always_json,
                                  StpCliRunFunc       run);

G_END_DECLS
