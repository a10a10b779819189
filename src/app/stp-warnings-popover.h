/* stp-warnings-popover.h: what the loader warned about, with counts
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "stp-trace.h"

G_BEGIN_DECLS

#define STP_TYPE_WARNINGS_POPOVER (stp_warnings_popover_get_type ())

G_DECLARE_FINAL_TYPE (StpWarningsPopover, stp_warnings_popover, STP, WARNINGS_POPOVER, GtkPopover)

GtkWidget *stp_warnings_popover_new       (void);
/* Lists trace->warnings; returns the total count. */
guint      stp_warnings_popover_set_trace (StpWarningsPopover *self,
                                           StpTrace           *trace);

G_END_DECLS
