/* stp-step-table.c: the steps of several traces side by side
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Ranks of one job run the same steps; two runs of one model too.  The
 * table lines their steps up by number so that a slow step, or a slow
 * rank, shows: `stepscope-cli steps` prints it, and the viewer's Steps
 * page shows it for the traces open side by side.
 */

#define G_LOG_DOMAIN "stp-step-table"

#include "stp-step-table.h"

#include <stdlib.h>

typedef struct
{
  char   *label;
  GArray *rows;      /* StpStepRow, names owned */
  GHashTable *by_key; /* key -> row index + 1 */
} Column;

struct _StpStepTable
{
  GArray *columns;   /* Column */
  GArray *keys;      /* gint64, sorted; NULL until asked for */
};

static void
column_clear (gpointer data)
{
  Column *c = data;

  for (guint i = 0; i < c->rows->len; i++)
    g_free (g_array_index (c->rows, StpStepRow, i).step.name);
  g_array_unref (c->rows);
  g_hash_table_unref (c->by_key);
  g_free (c->label);
}

static gint
compare_doubles (gconstpointer a,
                 gconstpointer b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static void
step_row_clear (gpointer data)
{
  g_free (((StpStepRow *) data)->step.name);
}

GArray *
stp_step_rows_new (GArray       *steps,
                   const GArray *kernels,
                   GCancellable *cancellable)
{
  GArray *rows;

  g_return_val_if_fail (steps != NULL && kernels != NULL, NULL);

  rows = g_array_sized_new (FALSE, TRUE, sizeof (StpStepRow), steps->len);
  g_array_set_clear_func (rows, step_row_clear);
  for (guint i = 0; i < steps->len && !g_cancellable_is_cancelled (cancellable); i++)
    {
      StpStepRow row = { g_array_index (steps, StpStep, i) };

      g_array_index (steps, StpStep, i).name = NULL;
      stp_breakdown_compute (kernels, row.step.start, row.step.end, &row.breakdown);
      g_array_append_val (rows, row);
    }
  return rows;
}

StpStepSpread
stp_steps_spread (const StpStepRow *rows,
                  guint             n)
{
  g_autofree double *d = NULL;
  StpStepSpread s = { 0, 0, 0 };

  if (n == 0)
    return s;
  d = g_new (double, n);
  for (guint i = 0; i < n; i++)
    d[i] = (double) stp_time_sub (rows[i].step.end, rows[i].step.start);
  qsort (d, n, sizeof (double), compare_doubles);
  s.median = n % 2 ? d[n / 2] : (d[n / 2 - 1] + d[n / 2]) / 2;
  s.min = d[0];
  s.max = d[n - 1];
  return s;
}

StpStepTable *
stp_step_table_new (void)
{
  StpStepTable *self = g_new0 (StpStepTable, 1);

  self->columns = g_array_new (FALSE, TRUE, sizeof (Column));
  g_array_set_clear_func (self->columns, column_clear);
  return self;
}

void
stp_step_table_free (StpStepTable *self)
{
  if (self == NULL)
    return;
  g_array_unref (self->columns);
  g_clear_pointer (&self->keys, g_array_unref);
  g_free (self);
}

static gint64
row_key (const StpStepRow *row,
         guint             position)
{
  return row->step.number >= 0 ? row->step.number : (gint64) position;
}

void
stp_step_table_add (StpStepTable     *self,
                    const char       *label,
                    const StpStepRow *rows,
                    guint             n_rows)
{
  Column c;

  g_return_if_fail (self != NULL);
  g_return_if_fail (rows != NULL || n_rows == 0);

  c.label = g_strdup (label);
  c.rows = g_array_sized_new (FALSE, TRUE, sizeof (StpStepRow), n_rows);
  c.by_key = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  for (guint i = 0; i < n_rows; i++)
    {
      StpStepRow row = rows[i];
      gint64 key = row_key (&row, i);

      row.step.name = g_strdup (row.step.name);
      g_array_append_val (c.rows, row);
      /* A number seen twice keeps its first step. */
      if (!g_hash_table_contains (c.by_key, &key))
        g_hash_table_insert (c.by_key, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (i + 1));
    }
  g_array_append_val (self->columns, c);
  g_clear_pointer (&self->keys, g_array_unref);
}

/* One input's steps, each with the breakdown of its kernels. */
static void
add_input (StpStepTable   *self,
           const StpTrace *trace,
           guint32         part,
           const char     *label,
           GCancellable   *cancellable)
{
  g_autoptr(GArray) steps = stp_steps_find_in_part (trace, part);
  g_autoptr(GArray) kernels = stp_kernels_collect_in_part (trace, part);
  g_autoptr(GArray) rows = stp_step_rows_new (steps, kernels, cancellable);

  stp_step_table_add (self, label, (const StpStepRow *) rows->data, rows->len);
}

StpStepTable *
stp_step_table_new_for_trace (const StpTrace *trace,
                              GCancellable   *cancellable)
{
  StpStepTable *self = stp_step_table_new ();

  g_return_val_if_fail (trace != NULL, self);

  if (trace->parts == NULL)
    {
      g_autofree char *label = g_path_get_basename (trace->filename);

      add_input (self, trace, STP_INDEX_NONE, label, cancellable);
      return self;
    }
  for (guint p = 0; p < trace->parts->len; p++)
    add_input (self, trace, p, g_array_index (trace->parts, StpTracePart, p).label, cancellable);
  return self;
}

guint
stp_step_table_get_n_traces (const StpStepTable *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->columns->len;
}

static const Column *
column (const StpStepTable *self,
        guint               trace)
{
  return &g_array_index (self->columns, Column, trace);
}

const char *
stp_step_table_get_label (const StpStepTable *self,
                          guint               trace)
{
  g_return_val_if_fail (self != NULL && trace < self->columns->len, NULL);
  return column (self, trace)->label;
}

guint
stp_step_table_get_n_steps (const StpStepTable *self,
                            guint               trace)
{
  g_return_val_if_fail (self != NULL && trace < self->columns->len, 0);
  return column (self, trace)->rows->len;
}

StpStepSpread
stp_step_table_get_spread (const StpStepTable *self,
                           guint               trace)
{
  const Column *c;

  g_return_val_if_fail (self != NULL && trace < self->columns->len, (StpStepSpread) { 0 });
  c = column (self, trace);
  return stp_steps_spread ((const StpStepRow *) c->rows->data, c->rows->len);
}

static gint
compare_keys (gconstpointer a,
              gconstpointer b)
{
  gint64 x = *(const gint64 *) a, y = *(const gint64 *) b;

  return (x > y) - (x < y);
}

static GArray *
keys (const StpStepTable *table)
{
  StpStepTable *self = (StpStepTable *) table;
  g_autoptr(GHashTable) seen = NULL;

  if (self->keys != NULL)
    return self->keys;

  seen = g_hash_table_new (g_int64_hash, g_int64_equal);
  self->keys = g_array_new (FALSE, FALSE, sizeof (gint64));
  for (guint t = 0; t < self->columns->len; t++)
    {
      GHashTableIter iter;
      gpointer key;

      g_hash_table_iter_init (&iter, column (self, t)->by_key);
      while (g_hash_table_iter_next (&iter, &key, NULL))
        if (g_hash_table_add (seen, key))
          g_array_append_val (self->keys, *(gint64 *) key);
    }
  g_array_sort (self->keys, compare_keys);
  return self->keys;
}

guint
stp_step_table_get_n_keys (const StpStepTable *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return keys (self)->len;
}

gint64
stp_step_table_get_key (const StpStepTable *self,
                        guint               key)
{
  g_return_val_if_fail (self != NULL && key < keys (self)->len, -1);
  return g_array_index (keys (self), gint64, key);
}

const StpStepRow *
stp_step_table_get_cell (const StpStepTable *self,
                         guint               key,
                         guint               trace)
{
  const Column *c;
  gint64 k;
  guint index;

  g_return_val_if_fail (self != NULL && trace < self->columns->len, NULL);
  g_return_val_if_fail (key < keys (self)->len, NULL);

  c = column (self, trace);
  k = g_array_index (keys (self), gint64, key);
  index = GPOINTER_TO_UINT (g_hash_table_lookup (c->by_key, &k));
  return index > 0 ? &g_array_index (c->rows, StpStepRow, index - 1) : NULL;
}

gint
stp_step_table_get_slowest (const StpStepTable *self,
                            guint               key)
{
  gint64 slowest = -1;
  gint slowest_trace = -1;
  guint present = 0;
  gboolean tied = FALSE;

  g_return_val_if_fail (self != NULL, -1);

  for (guint t = 0; t < self->columns->len; t++)
    {
      const StpStepRow *row = stp_step_table_get_cell (self, key, t);
      gint64 dur;

      if (row == NULL)
        continue;
      present++;
      dur = stp_time_sub (row->step.end, row->step.start);
      if (dur > slowest)
        slowest = dur, slowest_trace = t, tied = FALSE;
      else if (dur == slowest)
        tied = TRUE;
    }
  return present > 1 && !tied ? slowest_trace : -1;
}
