/* stp-chrome-writer.h: writing a trace as Chrome Trace Event JSON
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-output.h"
#include "stp-progress.h"
#include "stp-trace.h"

G_BEGIN_DECLS

gboolean stp_chrome_writer_write      (StpTrace         *trace,
                                       StpOutput        *out,
                                       StpProgressFunc   progress,
                                       gpointer          user_data,
                                       GCancellable     *cancellable,
                                       GError          **error);

/* Writes to a temporary file renamed over `file` only on success. */
gboolean stp_chrome_writer_write_file (StpTrace         *trace,
                                       GFile            *file,
                                       StpProgressFunc   progress,
                                       gpointer          user_data,
                                       GCancellable     *cancellable,
                                       GError          **error);

G_END_DECLS
