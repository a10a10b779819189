/* known-trace.h: small traces built with the model API for viewer tests
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-trace.h"

G_BEGIN_DECLS

/* Process 1 "Compute": thread 10 "worker" with A [1000,5000) holding
 * B [2000,3000), then C [6000,9000); thread 11 with D [4000,8000) and an
 * instant at 4500.  A flow from thread 10 at 3000 ('s') to thread 11 at
 * 4000 ('f', bound to D).  Process 2 "Allocators": counter "GPU_0_bfc"
 * (0 until 2000, 100 until 7000, then 40) with its allocator maximum at
 * 2000.  Process 3 "Tensors": two objects.  A global instant at 5000. */
StpTrace *known_trace_new    (void);

/* One thread of n slices of `dur` ns every `period` ns from 0. */
StpTrace *known_trace_dense  (guint  n,
                              gint64 dur,
                              gint64 period);

G_END_DECLS
