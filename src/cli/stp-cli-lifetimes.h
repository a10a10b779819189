/* stp-cli-lifetimes.h: --lifetimes and --graph for stepscope-cli
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-loader.h"

G_BEGIN_DECLS

extern const GOptionEntry stp_cli_lifetime_entries[];

/* Sets options->lifetimes and options->graph (loaded from --graph)
 * from the command line; on failure prints why and returns the exit
 * status (2 for bad usage, 1 for a bad graph file), else 0. */
int      stp_cli_lifetimes_options (StpAnalysisOptions *options);

/* After loading: --graph and --lifetimes=graph need a StepStats, and
 * graph lifetimes need a graph.  Prints why not and returns FALSE. */
gboolean stp_cli_lifetimes_check   (const StpTrace     *trace,
                                    const char         *input);

/* ", \"lifetimes\": ..." members for one peak of `peaks`, with graph
 * lifetimes: the mode and where the labels and the graph disagree
 * about the tensors live at the peak. */
void     stp_cli_lifetimes_append_peak (GString                   *out,
                                        const StpTrace            *trace,
                                        const StpAllocatorMaximum *max);

/* `info`'s "lifetimes" member (with its trailing ",\n"), when the
 * trace has a graph. */
void     stp_cli_lifetimes_append_info (GString        *out,
                                        const StpTrace *trace);

G_END_DECLS
