/* stp-sort.h: sorting what usually comes sorted
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Whether the n elements at base are in compare's order: one pass. */
gboolean stp_sort_is_sorted (gconstpointer    base,
                             guint            n,
                             gsize            size,
                             GCompareDataFunc compare,
                             gpointer         user_data);
void stp_sort_unless_sorted (gpointer         base,
                             guint            n,
                             gsize            size,
                             GCompareDataFunc compare,
                             gpointer         user_data);
/* The same order, where compare orders first by the gint64 at
 * key_offset in each element (stp-sort.c). */
void stp_sort_by_key        (gpointer         base,
                             guint            n,
                             gsize            size,
                             gsize            key_offset,
                             GCompareDataFunc compare,
                             gpointer         user_data);

/* Sorts by the gint64 at key_offset in each element alone; elements
 * with equal keys keep their order. */
void stp_sort_stable_by_key (gpointer         base,
                             guint            n,
                             gsize            size,
                             gsize            key_offset);

/* Puts the element at index from[i] at i for every i, moving each
 * element once.  The indices are read `from_stride` bytes apart (a
 * field of an array of records, say) and used up: each is left
 * G_MAXUINT32. */
void stp_permute            (gpointer         base,
                             guint            n,
                             gsize            size,
                             guint32         *from,
                             gsize            from_stride);

G_END_DECLS
