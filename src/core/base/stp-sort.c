/* stp-sort.c: sorting what usually comes sorted
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Counter samples, objects and their snapshots mostly arrive in the
 * order the model keeps them in, and a merge sort of sorted data still
 * compares n log n / 2 times.  A node of 200k outputs spent 0.1 s
 * sorting tensors already in order, without looking for a cancel
 * (tests/test-cancel.c); one pass tells.
 */

#define G_LOG_DOMAIN "stp-sort"

#include "stp-sort.h"

/* Sorts the n elements at base, stably (g_qsort_with_data), unless
 * they already are in order: the same result, one pass instead. */
void
stp_sort_unless_sorted (gpointer         base,
                        guint            n,
                        gsize            size,
                        GCompareDataFunc compare,
                        gpointer         user_data)
{
  const char *p = base;

  for (guint i = 1; i < n; i++)
    {
      if (compare (p + (i - 1) * size, p + i * size, user_data) > 0)
        {
          g_qsort_with_data (base, n, size, compare, user_data);
          return;
        }
    }
}
