/* stp-cli-summary.h: `stepscope-cli summary`, as a table or JSON
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-summary.h"
#include "stp-trace.h"

G_BEGIN_DECLS

/* START:END in microseconds from the trace start, either side may be
 * empty ("100:", ":2.5"); into the trace's nanoseconds. */
gboolean stp_cli_summary_parse_range (const StpTrace   *trace,
                                      const char       *text,
                                      gint64           *start,
                                      gint64           *end,
                                      GError          **error);

GString *stp_cli_summary_to_text     (const StpTrace   *trace,
                                      const StpSummary *summary);
GString *stp_cli_summary_to_json     (const StpTrace   *trace,
                                      const StpSummary *summary);

G_END_DECLS
