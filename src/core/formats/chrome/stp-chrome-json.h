/* stp-chrome-json.h: the Chrome Trace Event JSON loader
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-input.h"
#include "stp-progress.h"
#include "stp-trace.h"

G_BEGIN_DECLS

/* Whether the first bytes of a (decompressed) input look like JSON. */
gboolean  stp_chrome_json_sniff (const guint8     *data,
                                 gsize             len);

/* Streams the whole input into a finished trace.  Problems inside the
 * trace become counted warnings (stp_trace_warn); only an input that is
 * not a trace, or holds no event, is an error. */
StpTrace *stp_chrome_json_load  (StpInput         *input,
                                 const char       *display_name,
                                 StpProgressFunc   progress,
                                 gpointer          user_data,
                                 GCancellable     *cancellable,
                                 GError          **error);

G_END_DECLS
