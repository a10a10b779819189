/* stp-buffer.h: large buffers backed by huge pages
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* For programs, before anything is allocated: freed blocks of 128 KiB
 * and more go back to the system (see stp-buffer.c). */
void    stp_buffer_fix_mmap_threshold (void);

/* Large buffers are mapped in at once: callers fill them. */
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

/* Maps a large range that is about to be written in with one call
 * rather than a page fault per page (see stp-buffer.c).  Never changes
 * its contents; does nothing for small ranges or on old kernels. */
void    stp_buffer_populate (gpointer data,
                             gsize    size);

/* Makes room for n elements in an array created without clearing, in
 * memory advised for huge pages and mapped in now: for arrays that are
 * about to be filled to n. */
void    stp_array_reserve   (GArray *array,
                             guint   n);
/* The same for at most n elements, of which maybe far fewer are used:
 * nothing is mapped in until stp_array_populate_ahead(). */
void    stp_array_reserve_at_most (GArray *array,
                                   guint   n);
/* Room for n elements in an array created without clearing, and
 * nothing more: no memory is touched or advised.  For an array whose
 * final length is only estimated as it fills. */
void    stp_array_make_room       (GArray *array,
                                   guint   n);
/* Maps in the next n elements past the array's length, within the
 * `reserved` of stp_array_reserve_at_most(), while it fills. */
void    stp_array_populate_ahead  (GArray *array,
                                   guint   reserved,
                                   guint   n);
/* Gives back the memory past the array's length, within `reserved`:
 * what was mapped in ahead of a fill that stopped short of its bound.
 * The array keeps its room; the pages come back as zeros if used. */
void    stp_array_release_unused  (GArray *array,
                                   guint   reserved);

G_END_DECLS
