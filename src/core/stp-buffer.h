/* stp-buffer.h: large buffers backed by huge pages
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

guint8 *stp_buffer_alloc    (gsize   size);
/* Whether a buffer of this size is a fresh mapping (so zero-filled)
 * rather than malloc'd memory. */
gboolean stp_buffer_is_mapped (gsize size);
void    stp_buffer_free     (guint8 *buffer,
                             gsize   size);
/* Hands the buffer (of `size` bytes, `len` used) to a GBytes. */
GBytes *stp_buffer_to_bytes (guint8 *buffer,
                             gsize   size,
                             gsize   len);

/* Makes room for n elements in an array created without clearing, in
 * memory advised for huge pages, so that filling it does not fault
 * page by page. */
void    stp_array_reserve   (GArray *array,
                             guint   n);

G_END_DECLS
