/* stp-peaks.c: the memory peak inspector's data
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The analysis keeps, per allocator, timeline.py's AllocationMaximum: the
 * time, the bytes and the names of the live tensors.  A tensor name is
 * what timeline.py calls it ("op" or "op:1"), and the latest node that
 * produced that name is the one whose allocation the maximum counted.
 */

#define G_LOG_DOMAIN "stp-peaks"

#include "stp-peaks.h"

#include <string.h>

static void
peak_tensor_clear (gpointer data)
{
  StpPeakTensor *t = data;

  g_free (t->name);
  g_free (t->producer_name);
  g_free (t->producer_op);
  stp_tensor_info_clear (&t->info);
}

void
stp_peak_free (StpPeak *peak)
{
  if (peak == NULL)
    return;
  g_free (peak->allocator);
  g_array_unref (peak->tensors);
  g_free (peak);
}

static gint
compare_tensors (gconstpointer pa,
                 gconstpointer pb)
{
  const StpPeakTensor *a = pa;
  const StpPeakTensor *b = pb;

  if (a->info.requested_bytes != b->info.requested_bytes)
    return a->info.requested_bytes > b->info.requested_bytes ? -1 : 1;
  return strcmp (a->name, b->name);
}

static void
fill_tensor (StpLinks      *links,
             StpStr         name,
             StpPeakTensor *t)
{
  StpTrace *trace = stp_links_get_trace (links);
  StpStepStats *ss = stp_links_get_step_stats (links);
  const char *text = stp_trace_str (trace, name);
  gsize len = stp_string_table_get_len (trace->strings, name);
  guint output = 0;

  t->name = g_strndup (text, len);
  t->node = stp_links_find_producer (links, text, len, &output);
  t->producer = STP_ITEM_REF_NONE;
  t->object = stp_links_find_object (links, name);
  t->info.slot = -1;
  t->info.allocated_bytes = -1;

  if (t->node != STP_INDEX_NONE && ss != NULL)
    {
      const StpStepStatsNode *node = &g_array_index (ss->nodes, StpStepStatsNode, t->node);

      stp_tensor_info_init (&t->info, ss, stp_links_get_output (links, t->node, output));
      t->info.output = output;
      StpSpan node_name = stp_step_stats_node_name (node);

      t->producer_name = g_strndup (node_name.str, node_name.len);
      if (stp_links_get_node_slice (links, t->node, &t->producer))
        t->producer_op = g_strdup (stp_trace_str (trace, stp_item_get_slice (trace, &t->producer)->name));
    }
  t->info.name = g_strdup (t->name);
}

GPtrArray *
stp_peaks_compute (StpLinks *links)
{
  StpTrace *trace;
  GPtrArray *peaks;

  g_return_val_if_fail (links != NULL, NULL);

  trace = stp_links_get_trace (links);
  peaks = g_ptr_array_new_with_free_func ((GDestroyNotify) stp_peak_free);

  for (guint i = 0; i < trace->allocator_maximums->len; i++)
    {
      const StpAllocatorMaximum *max = &g_array_index (trace->allocator_maximums, StpAllocatorMaximum, i);
      StpPeak *peak = g_new0 (StpPeak, 1);

      peak->allocator = g_strdup (stp_trace_str (trace, max->allocator));
      peak->ts = max->ts;
      peak->num_bytes = max->num_bytes;
      peak->tensors = g_array_sized_new (FALSE, TRUE, sizeof (StpPeakTensor), max->tensors->len);
      g_array_set_clear_func (peak->tensors, peak_tensor_clear);

      for (guint j = 0; j < max->tensors->len; j++)
        {
          StpPeakTensor t = { 0 };

          fill_tensor (links, g_array_index (max->tensors, StpStr, j), &t);
          peak->tensor_bytes = stp_time_add (peak->tensor_bytes, t.info.requested_bytes);
          g_array_append_val (peak->tensors, t);
        }

      g_array_sort (peak->tensors, compare_tensors);
      g_ptr_array_add (peaks, peak);
    }

  return peaks;
}
