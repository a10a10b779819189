/* trace-test-util.h: what a trace tells about itself, for tests
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-trace.h"

G_BEGIN_DECLS

/* How many times the trace warned of kind; 0 if never. */
guint stp_test_warning_count (StpTrace   *trace,
                              const char *kind);

G_END_DECLS
