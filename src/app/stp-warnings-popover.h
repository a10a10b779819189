/* stp-warnings-popover.h: what the loader warned about, with counts
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

#include "stp-session.h"

G_BEGIN_DECLS

#define STP_TYPE_WARNINGS_POPOVER (stp_warnings_popover_get_type ())

G_DECLARE_FINAL_TYPE (StpWarningsPopover, stp_warnings_popover, STP, WARNINGS_POPOVER, GtkPopover)

GtkWidget  *stp_warnings_popover_new         (void);
/* Lists the warnings of the session's document. */
StpSession *stp_warnings_popover_get_session (StpWarningsPopover *self);
void        stp_warnings_popover_set_session (StpWarningsPopover *self,
                                              StpSession         *session);
/* How many warnings in all (a kind counts each time it was given). */
guint       stp_warnings_popover_get_count   (StpWarningsPopover *self);

G_END_DECLS
