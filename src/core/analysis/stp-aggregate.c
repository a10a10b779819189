/* stp-aggregate.c: an area of the timeline summed up by slice name
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each depth run of a track is sorted by start and by end, so the slices
 * of an area are found by one binary search per run and a walk over
 * exactly the slices inside: the cost follows the area, not the trace.
 */

#define G_LOG_DOMAIN "stp-aggregate"

#include "stp-aggregate.h"
#include "stp-details.h"

#include <string.h>

#define CANCEL_CHECK_INTERVAL 65536

typedef void (*SliceFunc) (const StpTrack *track,
                           guint32         track_index,
                           guint32         index,
                           gpointer        user_data);

/* Calls func for every slice of the area, run by run. */
static gboolean
foreach_slice (const StpTrace  *trace,
               const StpArea   *area,
               SliceFunc        func,
               gpointer         user_data,
               GCancellable    *cancellable,
               GError         **error)
{
  guint visited = 0;

  for (guint t = 0; t < area->tracks->len; t++)
    {
      guint32 ti = g_array_index (area->tracks, guint32, t);
      const StpTrack *track;

      if (ti >= trace->tracks->len)
        continue;
      track = stp_trace_get_track (trace, ti);
      if (track->kind == STP_TRACK_COUNTER || track->slices == NULL || track->slices->len == 0)
        continue;

      for (guint d = 0; d <= (track->depth_starts ? track->max_depth : 0); d++)
        {
          guint32 hi = track->depth_starts ? track->depth_starts[d + 1] : track->slices->len;
          guint32 i;

          /* The first slice ending at or after the start (a zero-length
           * one there counts); slices ending exactly there are skipped. */
          if (track->depth_starts != NULL)
            i = stp_track_find_first_ending_after (track, d, area->start == G_MININT64 ? area->start : area->start - 1);
          else
            i = 0;

          for (; i != STP_INDEX_NONE && i < hi; i++)
            {
              const StpSlice *s = stp_track_get_slice (track, i);

              if (s->ts >= area->end)
                {
                  if (track->depth_starts != NULL)
                    break;
                  continue;
                }
              if (++visited % CANCEL_CHECK_INTERVAL == 0 &&
                  g_cancellable_set_error_if_cancelled (cancellable, error))
                return FALSE;
              if (stp_area_contains (area, s))
                func (track, ti, i, user_data);
            }
        }
    }

  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}

typedef struct
{
  const StpTrace *trace;
  GHashTable     *by_name;    /* StpStr -> row index + 1 */
  GHashTable     *by_node;    /* node name (owned) -> row index + 1 */
  GArray         *rows;
} Aggregation;

static void
aggregation_init (Aggregation    *agg,
                  const StpTrace *trace)
{
  agg->trace = trace;
  agg->by_name = g_hash_table_new (NULL, NULL);
  agg->by_node = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  agg->rows = g_array_new (FALSE, FALSE, sizeof (StpAggregateRow));
}

static void
aggregation_clear (Aggregation *agg)
{
  g_hash_table_unref (agg->by_name);
  g_hash_table_unref (agg->by_node);
}

/* The row of a slice, made if it is the first of its name. */
static StpAggregateRow *
row_of (Aggregation    *agg,
        const StpSlice *s,
        guint32         track_index,
        guint32         index)
{
  char *node = stp_details_shown_name (agg->trace, s);
  GHashTable *table = node != NULL ? agg->by_node : agg->by_name;
  gpointer key = node != NULL ? (gpointer) node : GUINT_TO_POINTER (s->name);
  guint position = GPOINTER_TO_UINT (g_hash_table_lookup (table, key));

  if (position == 0)
    {
      StpAggregateRow fresh = { s->name, 0, 0, G_MAXINT64, G_MININT64, 0, node != NULL,
                                stp_item_ref_slice (track_index, index) };

      g_array_append_val (agg->rows, fresh);
      position = agg->rows->len;
      g_hash_table_insert (table, node != NULL ? g_steal_pointer (&node) : key, GUINT_TO_POINTER (position));
    }
  g_free (node);
  return &g_array_index (agg->rows, StpAggregateRow, position - 1);
}

static void
aggregate_slice (const StpTrack *track,
                 guint32         track_index,
                 guint32         index,
                 gpointer        user_data)
{
  Aggregation *agg = user_data;
  const StpSlice *s = stp_track_get_slice (track, index);
  gint64 dur = MAX (s->dur, 0);
  gint64 self = stp_slice_self_time (track, index, NULL);
  StpAggregateRow *row = row_of (agg, s, track_index, index);

  row->count++;
  /* Saturating: a hostile trace sums past gint64. */
  row->total = stp_time_add (row->total, dur);
  row->self_total = stp_time_add (row->self_total, self);
  row->min = MIN (row->min, dur);
  row->max = MAX (row->max, dur);
}

GArray *
stp_aggregate_area (const StpTrace  *trace,
                    const StpArea   *area,
                    GCancellable    *cancellable,
                    GError         **error)
{
  Aggregation agg;
  gboolean ok;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (area != NULL, NULL);

  aggregation_init (&agg, trace);
  ok = foreach_slice (trace, area, aggregate_slice, &agg, cancellable, error);
  aggregation_clear (&agg);
  if (!ok)
    {
      g_array_unref (agg.rows);
      return NULL;
    }

  stp_aggregate_sort (agg.rows, trace, STP_AGGREGATE_TOTAL, TRUE);
  return agg.rows;
}

/* The slices among `refs` (StpItemRef; other kinds are left out), summed
 * up by name as an area is: for a selection of several slices. */
GArray *
stp_aggregate_items (const StpTrace *trace,
                     GArray         *refs)
{
  Aggregation agg;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (refs != NULL, NULL);

  aggregation_init (&agg, trace);
  for (guint i = 0; i < refs->len; i++)
    {
      const StpItemRef *ref = &g_array_index (refs, StpItemRef, i);

      if (ref->kind == STP_ITEM_SLICE && stp_item_ref_is_valid (trace, ref))
        aggregate_slice (stp_trace_get_track (trace, ref->track), ref->track, ref->index, &agg);
    }
  aggregation_clear (&agg);
  stp_aggregate_sort (agg.rows, trace, STP_AGGREGATE_TOTAL, TRUE);
  return agg.rows;
}

gint64
stp_aggregate_row_average (const StpAggregateRow *row)
{
  g_return_val_if_fail (row != NULL, 0);
  return row->count > 0 ? row->total / (gint64) row->count : 0;
}

char *
stp_aggregate_row_dup_name (const StpAggregateRow *row,
                            const StpTrace        *trace)
{
  char *node;

  g_return_val_if_fail (row != NULL, NULL);
  g_return_val_if_fail (trace != NULL, NULL);

  if (row->by_node && (node = stp_details_shown_name (trace, stp_item_get_slice (trace, &row->example))) != NULL)
    return node;
  return g_strdup (stp_trace_str (trace, row->name));
}

static int
cmp64 (gint64 a,
       gint64 b)
{
  return a < b ? -1 : a > b;
}

static int
compare_names (const StpTrace        *trace,
               const StpAggregateRow *a,
               const StpAggregateRow *b)
{
  g_autofree char *name_a = NULL;
  g_autofree char *name_b = NULL;

  if (!a->by_node && !b->by_node)
    return a->name == b->name ? 0 : strcmp (stp_trace_str (trace, a->name), stp_trace_str (trace, b->name));
  name_a = stp_aggregate_row_dup_name (a, trace);
  name_b = stp_aggregate_row_dup_name (b, trace);
  return strcmp (name_a, name_b);
}

int
stp_aggregate_compare (const StpAggregateRow *a,
                       const StpAggregateRow *b,
                       const StpTrace        *trace,
                       StpAggregateColumn     column)
{
  int r;

  switch (column)
    {
    case STP_AGGREGATE_COUNT:   r = cmp64 (a->count, b->count); break;
    case STP_AGGREGATE_TOTAL:   r = cmp64 (a->total, b->total); break;
    case STP_AGGREGATE_AVERAGE: r = cmp64 (stp_aggregate_row_average (a), stp_aggregate_row_average (b)); break;
    case STP_AGGREGATE_MIN:     r = cmp64 (a->min, b->min); break;
    case STP_AGGREGATE_MAX:     r = cmp64 (a->max, b->max); break;
    case STP_AGGREGATE_SELF:    r = cmp64 (a->self_total, b->self_total); break;
    case STP_AGGREGATE_NAME:
    default:                    r = 0; break;
    }

  /* Ties (and the name column) go by name, so the order is stable. */
  return r != 0 ? r : compare_names (trace, a, b);
}

typedef struct
{
  const StpTrace     *trace;
  StpAggregateColumn  column;
  gboolean            descending;
} SortData;

static gint
sort_rows (gconstpointer a,
           gconstpointer b,
           gpointer      user_data)
{
  const SortData *data = user_data;
  int r = stp_aggregate_compare (a, b, data->trace, data->column);

  return data->descending ? -r : r;
}

void
stp_aggregate_sort (GArray             *rows,
                    const StpTrace     *trace,
                    StpAggregateColumn  column,
                    gboolean            descending)
{
  SortData data = { trace, column, descending };

  g_return_if_fail (rows != NULL);
  g_return_if_fail (trace != NULL);

  g_array_sort_with_data (rows, sort_rows, &data);
}

typedef struct
{
  const StpTrace *trace;
  StpStr          name;
  char           *node;   /* the row's node name, or NULL */
  GArray         *refs;
} Collection;

static void
collect_slice (const StpTrack *track,
               guint32         track_index,
               guint32         index,
               gpointer        user_data)
{
  Collection *c = user_data;
  const StpSlice *s = stp_track_get_slice (track, index);
  g_autofree char *node = NULL;
  StpItemRef ref;

  if (s->name != c->name)
    return;
  /* "unknown" kernels of another node are another row. */
  node = stp_details_shown_name (c->trace, s);
  if (g_strcmp0 (node, c->node) != 0)
    return;
  ref = stp_item_ref_slice (track_index, index);
  ref.ts = stp_track_get_slice (track, index)->ts;
  g_array_append_val (c->refs, ref);
}

GArray *
stp_aggregate_collect (const StpTrace        *trace,
                       const StpArea         *area,
                       const StpAggregateRow *row)
{
  Collection c;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (area != NULL, NULL);
  g_return_val_if_fail (row != NULL, NULL);

  c.trace = trace;
  c.name = row->name;
  c.node = row->by_node ? stp_details_shown_name (trace, stp_item_get_slice (trace, &row->example)) : NULL;
  c.refs = g_array_new (FALSE, FALSE, sizeof (StpItemRef));
  foreach_slice (trace, area, collect_slice, &c, NULL, NULL);
  g_free (c.node);
  g_array_sort (c.refs, stp_item_ref_compare_by_time);
  return c.refs;
}
