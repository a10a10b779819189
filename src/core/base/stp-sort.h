/* stp-sort.h: sorting what usually comes sorted
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

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

G_END_DECLS
