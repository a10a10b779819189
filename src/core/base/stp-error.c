/* stp-error.c
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "stp-error"

#include "stp-error.h"

G_DEFINE_QUARK (stp-error-quark, stp_error)

void
stp_error_set_unsupported (GError     **error,
                           const char  *filename,
                           const char  *detail)
{
  g_set_error (error, STP_ERROR, STP_ERROR_UNKNOWN_FORMAT,
               "%s: not a supported trace. Stepscope opens TensorFlow StepStats and "
               "RunMetadata (binary protobuf or text format), XSpace (*.xplane.pb) and "
               "Chrome Trace Event JSON (plain, gzip or zip). (%s)",
               filename, detail);
}

void
stp_error_set_no_trace (GError     **error,
                        const char  *filename,
                        const char  *message_type,
                        const char  *missing)
{
  g_set_error (error, STP_ERROR, STP_ERROR_EMPTY,
               "%s: not a trace: the file is a %s without %s, so it holds nothing to show "
               "(a trace is a StepStats or RunMetadata with step stats, an XSpace with "
               "planes, or Chrome Trace Event JSON)",
               filename, message_type, missing);
}
