/* stp-lifetimes.c: StepStats tensor lifetimes from the executed graph
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The result of stp-step-stats-lifetimes.c, as kept on the trace for the
 * details panel, `stepscope-cli info` and `peaks`.
 */

#define G_LOG_DOMAIN "stp-lifetimes"

#include "stp-lifetimes.h"

const char *
stp_lifetime_mode_to_string (StpLifetimeMode mode)
{
  return mode == STP_LIFETIMES_GRAPH ? "graph" : "labels";
}

gboolean
stp_lifetime_mode_from_string (const char      *str,
                               StpLifetimeMode *mode)
{
  g_return_val_if_fail (str != NULL, FALSE);
  g_return_val_if_fail (mode != NULL, FALSE);

  if (g_str_equal (str, "graph"))
    *mode = STP_LIFETIMES_GRAPH;
  else if (g_str_equal (str, "labels"))
    *mode = STP_LIFETIMES_LABELS;
  else
    return FALSE;

  return TRUE;
}

void
stp_lifetimes_free (StpLifetimes *self)
{
  if (self == NULL)
    return;

  g_clear_pointer (&self->graph, stp_graph_unref);
  g_array_unref (self->tensors);
  g_array_unref (self->uses);
  g_hash_table_unref (self->by_name);
  g_free (self);
}

const StpLifetime *
stp_lifetimes_lookup (const StpLifetimes *self,
                      StpStr              name)
{
  guint index;

  g_return_val_if_fail (self != NULL, NULL);

  index = GPOINTER_TO_UINT (g_hash_table_lookup (self->by_name, GUINT_TO_POINTER (name)));
  return index != 0 ? &g_array_index (self->tensors, StpLifetime, index - 1) : NULL;
}

char *
stp_lifetimes_summary (const StpLifetimes *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return g_strdup_printf ("%u tensors' lifetimes differ from timeline.py's", self->n_differ);
}
