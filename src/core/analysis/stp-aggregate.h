/* stp-aggregate.h: an area of the timeline summed up by slice name
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A slice is in an area (stp-area.h) at any depth; its whole duration
 * and self time count, as in chrome://tracing and Perfetto.
 */

#pragma once

#include "stp-area.h"
#include "stp-item.h"

G_BEGIN_DECLS

/* Slices are summed up by name, except StepStats kernels timeline.py
 * calls "unknown": by their node's name, as the timeline labels them.
 * Such a row keeps one of its slices to tell the name by. */
typedef struct
{
  StpStr     name;
  guint      count;
  gint64     total;        /* sum of durations */
  gint64     min;
  gint64     max;
  gint64     self_total;   /* sum of self times */
  gboolean   by_node;      /* named by example's node */
  StpItemRef example;
} StpAggregateRow;

typedef enum
{
  STP_AGGREGATE_NAME,
  STP_AGGREGATE_COUNT,
  STP_AGGREGATE_TOTAL,
  STP_AGGREGATE_AVERAGE,
  STP_AGGREGATE_MIN,
  STP_AGGREGATE_MAX,
  STP_AGGREGATE_SELF,
} StpAggregateColumn;

/* Rows (StpAggregateRow), one per name, sorted by total time, longest
 * first; NULL if cancelled. */
GArray   *stp_aggregate_area       (const StpTrace     *trace,
                                    const StpArea      *area,
                                    GCancellable       *cancellable,
                                    GError            **error);
void      stp_aggregate_sort       (GArray             *rows,
                                    const StpTrace     *trace,
                                    StpAggregateColumn  column,
                                    gboolean            descending);
int       stp_aggregate_compare    (const StpAggregateRow *a,
                                    const StpAggregateRow *b,
                                    const StpTrace     *trace,
                                    StpAggregateColumn  column);
gint64    stp_aggregate_row_average (const StpAggregateRow *row);
/* The name a row is shown by. */
char     *stp_aggregate_row_dup_name (const StpAggregateRow *row,
                                      const StpTrace        *trace);

/* The slices among refs (StpItemRef), summed up the same way. */
GArray   *stp_aggregate_items      (const StpTrace     *trace,
                                    GArray             *refs);

/* The slices of the area that `row` sums up (StpItemRef), in time order. */
GArray   *stp_aggregate_collect    (const StpTrace     *trace,
                                    const StpArea      *area,
                                    const StpAggregateRow *row);

G_END_DECLS
