/* stp-prefault.h: mapping memory in on another core, ahead of its writer
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _StpPrefault StpPrefault;

/* Maps [data, data + size) in from a helper thread (see stp-buffer.c
 * for why), at most `ahead` bytes past what the writer last reported
 * with stp_prefault_advance(); G_MAXSIZE maps it all in as fast as it
 * can.  Mapping pages in never changes them, so the writer fills the
 * range meanwhile.  NULL, which the other functions accept, when the
 * range is too small to be worth a thread or no thread could start.
 * The range must stay allocated until stp_prefault_finish(). */
StpPrefault *stp_prefault_start   (gpointer     data,
                                   gsize        size,
                                   gsize        ahead);
/* The writer has filled the first `done` bytes. */
void         stp_prefault_advance (StpPrefault *self,
                                   gsize        done);
/* Stops the helper, waits for it and frees it. */
void         stp_prefault_finish  (StpPrefault *self);

G_END_DECLS
