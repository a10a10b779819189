/* stp-file-map.h: mapping whole input files, for one-shot tools
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Lets stp_input_read_all() map plain files instead of copying them.
 * Only for a process that may end when an input is truncated on disk
 * while it is mapped: reading the mapping then faults (SIGBUS), and
 * this prints "PROGRAM: FILE: the file was truncated while it was being
 * read" on stderr and exits with `exit_status`.  The viewer, which keeps
 * traces open for hours, copies them instead. */
void      stp_file_map_enable     (const char *program,
                                   int         exit_status);
gboolean  stp_file_map_is_enabled (void);

/* The first `size` bytes of the open file `fd`, mapped read-only, or
 * NULL when they cannot be (then read them).  The fd may be closed
 * afterwards. */
GBytes   *stp_file_map_fd         (int         fd,
                                   gsize       size,
                                   const char *display_name);

G_END_DECLS
