/* stp-output.h: where written bytes go
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* A descriptor (a local file, standard output), or any other
 * GOutputStream (a remote file, memory in tests). */
typedef struct
{
  GOutputStream *stream;   /* NULL for a descriptor */
  int            fd;       /* the descriptor, else -1 */
} StpOutput;

void     stp_output_init_fd     (StpOutput      *self,
                                 int             fd);
void     stp_output_init_stream (StpOutput      *self,
                                 GOutputStream  *stream);
gboolean stp_output_write_all   (StpOutput      *self,
                                 const void     *data,
                                 gsize           len,
                                 GCancellable   *cancellable,
                                 GError        **error);

/* A writer's error from errno, for the caller to name the file: sets
 * `error` and returns FALSE. */
gboolean stp_output_set_errno_error (GError **error,
                                     int      saved_errno);

G_END_DECLS
