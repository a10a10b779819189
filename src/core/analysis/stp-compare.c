/* stp-compare.c: where two traces differ, name by name
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each side becomes a table of name -> (count, time): from
 * stp_summary_new() for ops, scopes and devices, from the kernels of
 * stp-steps.h for kernels.  With per-step medians each step of a side
 * is summed up on its own and the medians taken name by name.
 */

#define G_LOG_DOMAIN "stp-compare"

#include "stp-compare.h"
#include "stp-error.h"
#include "stp-steps.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

typedef struct
{
  double count;
  double time;
} Stat;

/* One side, over one range: name -> Stat*, and its totals. */
typedef struct
{
  GHashTable *stats;
  Stat        total;
} Side;

static void
side_init (Side *side)
{
  side->stats = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  side->total.count = side->total.time = 0;
}

static void
side_clear (Side *side)
{
  g_clear_pointer (&side->stats, g_hash_table_unref);
}

static void
side_add (Side       *side,
          const char *name,
          double      count,
          double      time)
{
  Stat *stat = g_hash_table_lookup (side->stats, name);

  if (stat == NULL)
    {
      stat = g_new0 (Stat, 1);
      g_hash_table_insert (side->stats, g_strdup (name), stat);
    }
  stat->count += count;
  stat->time += time;
}

static void
add_scope_rows (Side      *side,
                GPtrArray *rows)
{
  for (guint i = 0; rows != NULL && i < rows->len; i++)
    {
      const StpSummaryRow *row = g_ptr_array_index (rows, i);

      side_add (side, row->path != NULL ? row->path : row->name, row->occurrences, row->time);
      add_scope_rows (side, row->children);
    }
}

static gboolean
side_fill_from_summary (Side           *side,
                        const StpTrace *trace,
                        StpSummaryBy    by,
                        gint64          start,
                        gint64          end,
                        GCancellable   *cancellable,
                        GError        **error)
{
  g_autoptr(StpSummary) summary = NULL;

  /* A step of no length (a ProfilerStep with "dur": 0) holds nothing. */
  if (end <= start)
    return !g_cancellable_set_error_if_cancelled (cancellable, error);

  summary = stp_summary_new (trace, by, STP_SUMMARY_ORDER_NAME, start, end, cancellable, error);
  if (summary == NULL)
    return FALSE;

  if (by == STP_SUMMARY_BY_SCOPE)
    add_scope_rows (side, summary->rows);
  else
    for (guint i = 0; i < summary->rows->len; i++)
      {
        const StpSummaryRow *row = g_ptr_array_index (summary->rows, i);

        side_add (side, row->name, row->occurrences, row->time);
      }

  /* A scope's time holds its subtree: the summary's own totals count
   * each occurrence once. */
  side->total.count = summary->n_slices;
  side->total.time = summary->total_time;
  return TRUE;
}

static void
side_fill_from_kernels (Side           *side,
                        const StpTrace *trace,
                        const GArray   *kernels,
                        gint64          start,
                        gint64          end)
{
  for (guint i = 0; i < kernels->len; i++)
    {
      const StpKernel *k = &g_array_index (kernels, StpKernel, i);
      gint64 time;

      if (k->start >= end)
        break;
      if (k->end < start || (k->end == start && k->end > k->start))
        continue;
      time = stp_time_sub (MIN (k->end, end), MAX (k->start, start));
      side_add (side, stp_trace_str (trace, k->name), 1, time);
      side->total.count += 1;
      side->total.time += time;
    }
}

static const StpSummaryBy summary_by[] = {
  [STP_COMPARE_BY_OP] = STP_SUMMARY_BY_OP,
  [STP_COMPARE_BY_SCOPE] = STP_SUMMARY_BY_SCOPE,
  [STP_COMPARE_BY_DEVICE] = STP_SUMMARY_BY_DEVICE,
};

static gboolean
side_fill (Side           *side,
           const StpTrace *trace,
           const GArray   *kernels,
           StpCompareBy    by,
           gint64          start,
           gint64          end,
           GCancellable   *cancellable,
           GError        **error)
{
  side_init (side);
  if (by == STP_COMPARE_BY_KERNEL)
    {
      side_fill_from_kernels (side, trace, kernels, start, end);
      return TRUE;
    }
  return side_fill_from_summary (side, trace, summary_by[by], start, end, cancellable, error);
}

static gint
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median (double *values,
        guint   n)
{
  if (n == 0)
    return 0;
  qsort (values, n, sizeof (double), compare_doubles);
  return n % 2 ? values[n / 2] : (values[n / 2 - 1] + values[n / 2]) / 2;
}

/* Medians over the steps, name by name (0 where a step lacks it). */
static void
side_median (Side       *out,
             const Side *steps,
             guint       n_steps)
{
  g_autofree double *counts = g_new (double, MAX (n_steps, 1));
  g_autofree double *times = g_new (double, MAX (n_steps, 1));
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer name;

  side_init (out);
  for (guint s = 0; s < n_steps; s++)
    {
      g_hash_table_iter_init (&iter, steps[s].stats);
      while (g_hash_table_iter_next (&iter, &name, NULL))
        g_hash_table_add (names, name);
    }

  g_hash_table_iter_init (&iter, names);
  while (g_hash_table_iter_next (&iter, &name, NULL))
    {
      for (guint s = 0; s < n_steps; s++)
        {
          const Stat *stat = g_hash_table_lookup (steps[s].stats, name);

          counts[s] = stat ? stat->count : 0;
          times[s] = stat ? stat->time : 0;
        }
      side_add (out, name, median (counts, n_steps), median (times, n_steps));
    }

  for (guint s = 0; s < n_steps; s++)
    {
      counts[s] = steps[s].total.count;
      times[s] = steps[s].total.time;
    }
  out->total.count = median (counts, n_steps);
  out->total.time = median (times, n_steps);
}

static gboolean
side_build (Side                    *side,
            const StpTrace          *trace,
            const StpCompareOptions *options,
            gint64                   step_number,
            guint                   *n_steps,
            GCancellable            *cancellable,
            GError                 **error)
{
  g_autoptr(GArray) steps = stp_steps_find (trace);
  g_autoptr(GArray) kernels = NULL;
  gboolean ok = TRUE;

  *n_steps = steps->len;
  if (options->by == STP_COMPARE_BY_KERNEL)
    kernels = stp_kernels_collect (trace);

  if (step_number >= 0)
    {
      gint index = stp_steps_lookup (steps, step_number);
      const StpStep *step;

      if (index < 0)
        {
          g_set_error (error, STP_ERROR, STP_ERROR_INVALID_ARGUMENT,
                       "%s: no step %" G_GINT64_FORMAT " (the trace has %u step%s)",
                       trace->filename, step_number, steps->len, steps->len == 1 ? "" : "s");
          return FALSE;
        }
      step = &g_array_index (steps, StpStep, index);
      return side_fill (side, trace, kernels, options->by, step->start, step->end, cancellable, error);
    }

  if (!options->per_step)
    return side_fill (side, trace, kernels, options->by, G_MININT64, G_MAXINT64, cancellable, error);

  if (steps->len == 0)
    {
      g_set_error (error, STP_ERROR, STP_ERROR_INVALID_ARGUMENT,
                   "%s: no steps found (PyTorch ProfilerStep#N slices, an XSpace Steps line "
                   "or a StepStats), so per-step medians cannot be taken", trace->filename);
      return FALSE;
    }

  {
    g_autofree Side *per_step = g_new0 (Side, steps->len);
    guint filled = 0;

    for (; filled < steps->len && ok; filled++)
      {
        const StpStep *step = &g_array_index (steps, StpStep, filled);

        ok = side_fill (&per_step[filled], trace, kernels, options->by, step->start, step->end,
                        cancellable, error);
      }
    if (ok)
      side_median (side, per_step, steps->len);
    for (guint s = 0; s < filled; s++)
      side_clear (&per_step[s]);
  }
  return ok;
}

static void
row_free (gpointer data)
{
  StpCompareRow *row = data;

  g_free (row->name);
  g_free (row);
}

void
stp_compare_free (StpCompare *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_free (self);
}

static gint
compare_rows (gconstpointer pa,
              gconstpointer pb)
{
  const StpCompareRow *a = *(StpCompareRow * const *) pa;
  const StpCompareRow *b = *(StpCompareRow * const *) pb;
  double da = fabs (a->diff), db = fabs (b->diff);

  if (da != db)
    return da > db ? -1 : 1;
  return strcmp (a->name, b->name);
}

static StpCompareRow *
row_new (const char *name,
         const Stat *a,
         const Stat *b)
{
  StpCompareRow *row = g_new0 (StpCompareRow, 1);

  row->name = g_strdup (name);
  row->in_a = a != NULL;
  row->in_b = b != NULL;
  row->count_a = a ? a->count : 0;
  row->count_b = b ? b->count : 0;
  row->time_a = a ? a->time : 0;
  row->time_b = b ? b->time : 0;
  row->mean_a = row->count_a > 0 ? row->time_a / row->count_a : 0;
  row->mean_b = row->count_b > 0 ? row->time_b / row->count_b : 0;
  row->diff = row->time_b - row->time_a;
  row->ratio = row->time_a != 0 ? row->time_b / row->time_a : NAN;
  return row;
}

static void
join (StpCompare *self,
      const Side *a,
      const Side *b)
{
  GHashTableIter iter;
  gpointer name, stat;

  g_hash_table_iter_init (&iter, a->stats);
  while (g_hash_table_iter_next (&iter, &name, &stat))
    {
      StpCompareRow *row = row_new (name, stat, g_hash_table_lookup (b->stats, name));

      self->n_only_a += !row->in_b;
      g_ptr_array_add (self->rows, row);
    }
  g_hash_table_iter_init (&iter, b->stats);
  while (g_hash_table_iter_next (&iter, &name, &stat))
    if (!g_hash_table_contains (a->stats, name))
      {
        g_ptr_array_add (self->rows, row_new (name, NULL, stat));
        self->n_only_b++;
      }

  self->total_a = a->total.time;
  self->total_b = b->total.time;
  self->count_a = a->total.count;
  self->count_b = b->total.count;
  g_ptr_array_sort (self->rows, compare_rows);
}

StpCompare *
stp_compare_new (const StpTrace          *a,
                 const StpTrace          *b,
                 const StpCompareOptions *options,
                 GCancellable            *cancellable,
                 GError                 **error)
{
  static const StpCompareOptions defaults = STP_COMPARE_OPTIONS_INIT;
  g_autoptr(StpCompare) self = NULL;
  Side side_a = { 0 }, side_b = { 0 };
  gboolean ok;

  g_return_val_if_fail (a != NULL && b != NULL, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  if (options == NULL)
    options = &defaults;

  self = g_new0 (StpCompare, 1);
  self->options = *options;
  self->rows = g_ptr_array_new_with_free_func (row_free);

  ok = side_build (&side_a, a, options, options->step_a, &self->n_steps_a, cancellable, error) &&
       side_build (&side_b, b, options, options->step_b, &self->n_steps_b, cancellable, error);
  if (ok)
    join (self, &side_a, &side_b);
  side_clear (&side_a);
  side_clear (&side_b);

  return ok ? g_steal_pointer (&self) : NULL;
}

const StpCompareRow *
stp_compare_lookup (const StpCompare *self,
                    const char       *name)
{
  g_return_val_if_fail (self != NULL && name != NULL, NULL);

  for (guint i = 0; i < self->rows->len; i++)
    {
      const StpCompareRow *row = g_ptr_array_index (self->rows, i);

      if (g_str_equal (row->name, name))
        return row;
    }
  return NULL;
}

static const char * const by_names[] = { "op", "kernel", "scope", "device" };

const char *
stp_compare_by_to_string (StpCompareBy by)
{
  g_return_val_if_fail (by < G_N_ELEMENTS (by_names), NULL);
  return by_names[by];
}

gboolean
stp_compare_by_from_string (const char   *str,
                            StpCompareBy *by)
{
  g_return_val_if_fail (str != NULL && by != NULL, FALSE);

  for (guint i = 0; i < G_N_ELEMENTS (by_names); i++)
    if (g_str_equal (str, by_names[i]))
      {
        *by = i;
        return TRUE;
      }
  return FALSE;
}
