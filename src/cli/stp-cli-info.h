/* stp-cli-info.h: `stepscope-cli info`
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-trace.h"

G_BEGIN_DECLS

GString *stp_cli_info_describe (const StpTrace *trace);

G_END_DECLS
