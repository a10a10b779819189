/* test-aggregate.c: an area summed up by name, against a brute-force count
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "stp-aggregate.h"
#include "stp-details.h"
#include "stp-loader.h"

static StpTrace *
load (const char *dir,
      const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
  g_autoptr(GError) error = NULL;
  StpTrace *trace = stp_load_file (file, &options, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return trace;
}

typedef struct
{
  guint  count;
  gint64 total, min, max, self;
} Expected;

/* What a slice is summed up by: its name, but for a StepStats kernel
 * timeline.py calls "unknown", its node's name (if it has one). */
static char *
row_key (StpTrace       *trace,
         const StpSlice *s)
{
  g_autofree char *node = NULL;

  if ((s->flags & STP_SLICE_STEP_STATS_NODE) && g_str_equal (stp_trace_str (trace, s->name), "unknown") &&
      (node = stp_details_node_name (trace, s)) != NULL && *node != '\0')
    return g_strconcat ("node:", node, NULL);
  return g_strconcat ("name:", stp_trace_str (trace, s->name), NULL);
}

/* Every slice of every listed track, tested one by one. */
static GHashTable *
brute_force (StpTrace *trace,
             StpArea  *area)
{
  GHashTable *by_name = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint t = 0; t < area->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, g_array_index (area->tracks, guint32, t));

      if (track->kind == STP_TRACK_COUNTER)
        continue;
      for (guint32 i = 0; i < track->slices->len; i++)
        {
          const StpSlice *s = stp_track_get_slice (track, i);
          gint64 end = s->ts + MAX (s->dur, 0);
          gboolean in = s->dur > 0 ? s->ts < area->end && end > area->start
                                   : s->ts >= area->start && s->ts < area->end;
          g_autofree char *key = NULL;
          Expected *e;
          gint64 covered = 0, self;

          if (!in)
            continue;

          for (guint32 j = 0; j < track->slices->len; j++)
            {
              const StpSlice *c = stp_track_get_slice (track, j);
              gint64 c_end = c->ts + MAX (c->dur, 0);

              if (c->depth == s->depth + 1 && c->ts < end && c_end > s->ts)
                covered += MIN (c_end, end) - MAX (c->ts, s->ts);
            }
          self = MAX (0, MAX (s->dur, 0) - covered);

          key = row_key (trace, s);
          e = g_hash_table_lookup (by_name, key);
          if (e == NULL)
            {
              e = g_new0 (Expected, 1);
              e->min = G_MAXINT64;
              e->max = G_MININT64;
              g_hash_table_insert (by_name, g_strdup (key), e);
            }
          e->count++;
          e->total += MAX (s->dur, 0);
          e->self += self;
          e->min = MIN (e->min, MAX (s->dur, 0));
          e->max = MAX (e->max, MAX (s->dur, 0));
        }
    }

  return by_name;
}

static void
check_area (StpTrace *trace,
            StpArea  *area)
{
  g_autoptr(GHashTable) expected = brute_force (trace, area);
  g_autoptr(GArray) rows = stp_aggregate_area (trace, area, NULL, NULL);
  guint total_count = 0;

  g_assert_nonnull (rows);
  g_assert_cmpuint (rows->len, ==, g_hash_table_size (expected));

  for (guint i = 0; i < rows->len; i++)
    {
      const StpAggregateRow *row = &g_array_index (rows, StpAggregateRow, i);
      g_autofree char *key = row_key (trace, stp_item_get_slice (trace, &row->example));
      g_autofree char *shown = stp_aggregate_row_dup_name (row, trace);
      Expected *e = g_hash_table_lookup (expected, key);
      g_autoptr(GArray) refs = NULL;

      g_assert_nonnull (e);
      /* Shown by the node's name, or by its own. */
      g_assert_cmpstr (shown, ==, strchr (key, ':') + 1);
      g_assert_cmpuint (row->count, ==, e->count);
      g_assert_cmpint (row->total, ==, e->total);
      g_assert_cmpint (row->min, ==, e->min);
      g_assert_cmpint (row->max, ==, e->max);
      g_assert_cmpint (row->self_total, ==, e->self);
      g_assert_cmpint (stp_aggregate_row_average (row), ==, e->total / e->count);
      total_count += row->count;

      /* Longest total first. */
      if (i > 0)
        g_assert_cmpint (g_array_index (rows, StpAggregateRow, i - 1).total, >=, row->total);

      /* The row's slices, in time order, all with its name. */
      refs = stp_aggregate_collect (trace, area, row);
      g_assert_cmpuint (refs->len, ==, row->count);
      for (guint k = 0; k < refs->len; k++)
        {
          const StpItemRef *ref = &g_array_index (refs, StpItemRef, k);
          const StpSlice *s = stp_item_get_slice (trace, ref);

          g_autofree char *slice_key = row_key (trace, s);

          g_assert_cmpuint (s->name, ==, row->name);
          g_assert_cmpstr (slice_key, ==, key);
          g_assert_true (stp_area_has_track (area, ref->track));
          if (k > 0)
            g_assert_cmpint (g_array_index (refs, StpItemRef, k - 1).ts, <=, s->ts);
        }
    }

  g_test_message ("%u names, %u slices", rows->len, total_count);
}

static StpArea *
thread_area (StpTrace *trace,
             gint64    start,
             gint64    end,
             guint     every)
{
  StpArea *area = stp_area_new (start, end);

  for (guint32 t = 0; t < trace->tracks->len; t += every)
    stp_area_add_track (area, t);
  return area;
}

static void
test_areas (void)
{
  const char *files[][2] = {
    { "chrome", "hta/tests/data/trace_filter/sampled_rank-1.json.gz" },
    { "chrome", "catapult/tracing/test_data/webview.json.gz" },
    { "step-stats", "run_meta.pb" },
    /* Kernels timeline.py calls "unknown", of two named nodes. */
    { "step-stats", "gpu_kernel_labels.run_metadata.pb" },
  };

  for (guint f = 0; f < G_N_ELEMENTS (files); f++)
    {
      g_autoptr(StpTrace) trace = load (files[f][0], files[f][1]);
      gint64 span = trace->end_ts - trace->start_ts;

      g_test_message ("%s", files[f][1]);
      {
        g_autoptr(StpArea) all = thread_area (trace, trace->start_ts, trace->end_ts + 1, 1);
        g_autoptr(GArray) rows = stp_aggregate_area (trace, all, NULL, NULL);
        guint by_node = 0;

        check_area (trace, all);
        for (guint i = 0; i < rows->len; i++)
          by_node += g_array_index (rows, StpAggregateRow, i).by_node;
        if (strstr (files[f][1], "gpu_kernel_labels") != NULL)
          g_assert_cmpuint (by_node, ==, 2);
      }
      {
        g_autoptr(StpArea) middle = thread_area (trace, trace->start_ts + span / 3, trace->start_ts + span / 2, 1);
        check_area (trace, middle);
      }
      {
        g_autoptr(StpArea) some = thread_area (trace, trace->start_ts + span / 5, trace->end_ts - span / 4, 2);
        check_area (trace, some);
      }
      {
        g_autoptr(StpArea) empty = thread_area (trace, trace->end_ts + 10, trace->end_ts + 20, 1);
        g_autoptr(GArray) rows = stp_aggregate_area (trace, empty, NULL, NULL);

        g_assert_cmpuint (rows->len, ==, 0);
      }
    }
}

/* Several selected slices sum up as the area holding exactly them: every
 * slice of every thread, against the whole trace's area; other kinds of
 * item are left out. */
static void
test_items (void)
{
  g_autoptr(StpTrace) trace = load ("chrome", "hta/tests/data/trace_filter/sampled_rank-1.json.gz");
  g_autoptr(StpArea) all = thread_area (trace, G_MININT64 / 2, G_MAXINT64 / 2, 1);
  g_autoptr(GArray) by_area = stp_aggregate_area (trace, all, NULL, NULL);
  g_autoptr(GArray) refs = g_array_new (FALSE, FALSE, sizeof (StpItemRef));
  g_autoptr(GArray) by_items = NULL;
  StpItemRef none = STP_ITEM_REF_NONE;

  for (guint32 t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      if (track->kind == STP_TRACK_COUNTER)
        continue;
      for (guint32 i = 0; i < track->slices->len; i++)
        {
          StpItemRef ref = stp_item_ref_slice (t, i);

          g_array_append_val (refs, ref);
        }
    }
  g_array_append_val (refs, none);
  g_assert_cmpuint (refs->len, >, 1000);

  by_items = stp_aggregate_items (trace, refs);
  g_assert_cmpuint (by_items->len, ==, by_area->len);
  for (guint i = 0; i < by_area->len; i++)
    {
      const StpAggregateRow *a = &g_array_index (by_area, StpAggregateRow, i);
      const StpAggregateRow *b = &g_array_index (by_items, StpAggregateRow, i);

      g_assert_cmpuint (a->name, ==, b->name);
      g_assert_cmpuint (a->count, ==, b->count);
      g_assert_cmpint (a->total, ==, b->total);
      g_assert_cmpint (a->self_total, ==, b->self_total);
      g_assert_cmpint (a->min, ==, b->min);
      g_assert_cmpint (a->max, ==, b->max);
    }

  /* Two slices of one name: one row of two. */
  {
    g_autoptr(GArray) two = g_array_new (FALSE, FALSE, sizeof (StpItemRef));
    g_autoptr(GArray) rows = NULL;
    const StpItemRef *first = &g_array_index (refs, StpItemRef, 0);

    g_array_append_val (two, *first);
    g_array_append_val (two, *first);
    rows = stp_aggregate_items (trace, two);
    g_assert_cmpuint (rows->len, ==, 1);
    g_assert_cmpuint (g_array_index (rows, StpAggregateRow, 0).count, ==, 2);
  }
}

static void
test_sort (void)
{
  g_autoptr(StpTrace) trace = load ("chrome", "hta/tests/data/trace_filter/sampled_rank-1.json.gz");
  g_autoptr(StpArea) area = thread_area (trace, trace->start_ts, trace->end_ts + 1, 1);
  g_autoptr(GArray) rows = stp_aggregate_area (trace, area, NULL, NULL);

  g_assert_cmpuint (rows->len, >, 2);

  for (StpAggregateColumn column = STP_AGGREGATE_NAME; column <= STP_AGGREGATE_SELF; column++)
    for (int descending = 0; descending <= 1; descending++)
      {
        stp_aggregate_sort (rows, trace, column, descending);
        for (guint i = 1; i < rows->len; i++)
          {
            const StpAggregateRow *a = &g_array_index (rows, StpAggregateRow, i - 1);
            const StpAggregateRow *b = &g_array_index (rows, StpAggregateRow, i);
            gint64 va = 0, vb = 0;

            switch (column)
              {
              case STP_AGGREGATE_NAME:
                va = strcmp (stp_trace_str (trace, a->name), stp_trace_str (trace, b->name));
                break;
              case STP_AGGREGATE_COUNT: va = a->count; vb = b->count; break;
              case STP_AGGREGATE_TOTAL: va = a->total; vb = b->total; break;
              case STP_AGGREGATE_AVERAGE: va = a->total / a->count; vb = b->total / b->count; break;
              case STP_AGGREGATE_MIN: va = a->min; vb = b->min; break;
              case STP_AGGREGATE_MAX: va = a->max; vb = b->max; break;
              case STP_AGGREGATE_SELF: va = a->self_total; vb = b->self_total; break;
              default: g_assert_not_reached ();
              }
            if (descending)
              g_assert_cmpint (va, >=, vb);
            else
              g_assert_cmpint (va, <=, vb);
          }
      }
}

static void
test_cancel (void)
{
  g_autoptr(StpTrace) trace = load ("chrome", "catapult/tracing/test_data/webview.json.gz");
  g_autoptr(StpArea) area = thread_area (trace, trace->start_ts, trace->end_ts + 1, 1);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  GArray *rows;

  g_cancellable_cancel (cancellable);
  rows = stp_aggregate_area (trace, area, cancellable, &error);
  g_assert_null (rows);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/aggregate/areas", test_areas);
  g_test_add_func ("/aggregate/sort", test_sort);
  g_test_add_func ("/aggregate/items", test_items);
  g_test_add_func ("/aggregate/cancel", test_cancel);

  return g_test_run ();
}
