/* stp-safe-output.h: writing a file that appears whole or not at all
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "stp-output.h"

G_BEGIN_DECLS

typedef struct _StpSafeOutput StpSafeOutput;

/* Opens `target` for writing through a temporary file in its folder:
 * nothing shows under the target's name until stp_safe_output_commit()
 * renames it there, and stp_safe_output_abort() (or freeing without
 * committing) removes it, keeping whatever the target was. */
StpSafeOutput *stp_safe_output_open_path  (const char     *path,
                                           GCancellable   *cancellable,
                                           GError        **error);
/* A file with a local path is written as by _open_path(), without
 * GIO; a remote one is replaced through GIO. */
StpSafeOutput *stp_safe_output_open       (GFile          *target,
                                           GCancellable   *cancellable,
                                           GError        **error);
StpOutput     *stp_safe_output_get_output (StpSafeOutput  *self);
gboolean       stp_safe_output_commit     (StpSafeOutput  *self,
                                           GCancellable   *cancellable,
                                           GError        **error);
void           stp_safe_output_abort      (StpSafeOutput  *self);
void           stp_safe_output_free       (StpSafeOutput  *self);

/* For command-line tools: on SIGINT, SIGTERM and SIGHUP, removes the
 * temporary files being written, then dies of the signal. */
void           stp_safe_output_clean_on_signals (void);
/* Whether a file name is one of our temporaries (".NAME.XXXXXX.part"). */
gboolean       stp_safe_output_is_temp_name     (const char *name);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpSafeOutput, stp_safe_output_free)

G_END_DECLS
