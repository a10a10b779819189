/* stp-trace-merge.h: several finished traces as one
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-trace.h"

G_BEGIN_DECLS

StpTrace *stp_trace_merge (StpTrace          **parts,
                           guint               n_parts,
                           const char *const  *labels,
                           const gint64       *offsets,
                           const char         *name);

G_END_DECLS
