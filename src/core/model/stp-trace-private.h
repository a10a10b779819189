/* stp-trace-private.h: model internals shared by stp-trace*.c
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-trace.h"

G_BEGIN_DECLS

gboolean stp_trace_layout (StpTrace      *self,
                           GCancellable  *cancellable,
                           GError       **error);

G_END_DECLS
