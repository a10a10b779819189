/* stp-step-stats-dataflow.c: timeline.py's _show_compute, ops in order and the dataflow into each
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The ops were added by the analysis (stp-step-stats-analysis.c) while
 * the tensors were tracked; here each gets its seq and its name in the
 * trace's table, in op order, and each input that names a tensor gets
 * a flow from the op that produced it, unless both ran on one lane.
 */

#define G_LOG_DOMAIN "stp-step-stats-analysis"

#include "stp-step-stats-analysis-state.h"
#include "stp-buffer.h"

/* The op's name in the trace's table, interned in op order as _emit_op
 * would; a name too long to keep whole is interned at every use, so the
 * trace warns as often. */
static StpStr
op_name_id (StpAnalysis *a,
            StpStr       local)
{
  const char *str = stp_string_table_get (a->op_names, local);
  gsize len = stp_string_table_get_len (a->op_names, local);
  StpStr *id;

  if (len > STP_MAX_NAME_LEN)
    return stp_trace_intern (a->trace, str, len);

  if (local >= a->op_name_ids->len)
    g_array_set_size (a->op_name_ids, stp_string_table_count (a->op_names));
  id = &g_array_index (a->op_name_ids, StpStr, local);
  if (*id == STP_STR_EMPTY && len > 0)
    *id = stp_trace_intern (a->trace, str, len);
  return *id;
}

static void
place_op (StpAnalysis *a,
          guint        i,
          guint32      process)
{
  const StpTrack *track = stp_trace_get_track (a->trace, stp_step_stats_lane_track (a, process, a->lane[i]));
  StpSlice *slice = &g_array_index (track->slices, StpSlice, a->node_slice[i]);

  slice->seq = stp_trace_next_seq (a->trace);
  slice->name = op_name_id (a, slice->name);
  a->node_seq[i] = slice->seq;
}

static void
emit_flow (StpAnalysis      *a,
           const StpTracker *tensor,
           StpStr            name,
           guint             consumer,
           guint32           process,
           guint32           tid)
{
  StpTrace *trace = a->trace;
  StpFlow *flow = stp_trace_add_flow (trace);

  flow->name = name;
  flow->cat = a->cat_dataflow;
  flow->id = a->next_flow_id++;

  /* The ends bind to the producer's and consumer's ops; the producer's
   * op may come later, so its node index is turned into the op's seq
   * once all ops exist (see bind_flows_to_ops). */
  flow->src.ts = node_end (a, tensor->node) * 1000;
  flow->src.track = stp_step_stats_lane_track (a, a->compute_process[node_device (a, tensor->node)],
                                a->lane[tensor->node]);
  flow->src.seq = stp_trace_next_seq (trace);
  flow->src.phase = 's';
  flow->src.binding = 'q';
  flow->src.slice = tensor->node;

  flow->dst.ts = node_start (a, consumer) * 1000;
  flow->dst.track = stp_step_stats_lane_track (a, process, tid);
  flow->dst.seq = stp_trace_next_seq (trace);
  flow->dst.phase = 't';
  flow->dst.binding = 'q';
  flow->dst.slice = a->node_seq[consumer];
}

static void
bind_flows_to_ops (StpAnalysis *a)
{
  for (guint i = 0; i < a->trace->flows->len; i++)
    {
      StpFlow *flow = &g_array_index (a->trace->flows, StpFlow, i);

      flow->src.slice = a->node_seq[flow->src.slice];
    }
}

/* The tracker of the tensor called name (id from a lookup), if any. */
static inline StpTracker *
tracker_of (StpAnalysis *a,
            StpStr       id)
{
  guint index = id != STP_STR_INVALID ? tensor_index (a, id) : 0;

  return index != 0 ? &g_array_index (a->trackers, StpTracker, index - 1) : NULL;
}

/* An input that names no tensor may come through a Send/Recv pair
 * inserted by partitioning: the value then appears to come from the
 * node before the "/_". */
static StpTracker *
lookup_partitioned_input (StpAnalysis *a,
                          StpSpan      input,
                          StpStr      *id)
{
  for (gsize j = input.len; j >= 2; j--)
    if (input.str[j - 2] == '/' && input.str[j - 1] == '_')
      {
        if (j - 2 > 0)
          input.len = j - 2;
        break;
      }

  return stp_step_stats_lookup_tensor (a, input.str, input.len, id);
}

/* The inputs of a batch of nodes, looked up in one call. */
static void
look_up_batch (StpAnalysis *a,
               guint        first,
               guint        n,
               gboolean     skip_all)
{
  GArray *queries = a->queries;

  g_array_set_size (queries, 0);
  for (guint j = 0; j < n; j++)
    {
      const StpStepStatsNode *node = get_node (a, first + j);
      StpSpan name, op;

      a->batch_inputs[j] = queries->len;
      if (skip_all || is_recv_tensor (node))
        continue;

      stp_step_stats_describe_node (a->ss, node, &name, &op, a->inputs);
      for (guint k = 0; k < a->inputs->len; k++)
        {
          StpStringQuery q = { 0 };

          q.str = g_array_index (a->inputs, StpSpan, k).str;
          q.len = g_array_index (a->inputs, StpSpan, k).len;
          g_array_append_val (queries, q);
        }
    }
  a->batch_inputs[n] = queries->len;

  stp_string_table_lookup_many (a->trace->strings, (StpStringQuery *) queries->data, queries->len);
}

/* The dataflow into node i, whose inputs are the batch's queries
 * [first, end). */
static void
show_inputs (StpAnalysis *a,
             guint        i,
             guint32      process,
             guint        first,
             guint        end)
{
  gint64 end_time = node_end (a, i);
  guint32 tid = a->lane[i];

  for (guint k = first; k < end; k++)
    {
      const StpStringQuery *q = &g_array_index (a->queries, StpStringQuery, k);
      StpStr input_name = q->id;
      StpTracker *tensor = tracker_of (a, input_name);

      if (tensor == NULL)
        {
          StpSpan input = { q->str, q->len };
          tensor = lookup_partitioned_input (a, input, &input_name);
        }

      if (tensor == NULL)
        continue;

      if (a->last_unref != NULL)
        {
          gint64 *last_unref = &a->last_unref[tracker_place (a, tensor)];

          *last_unref = MAX (*last_unref, end_time - 1);
        }

      /* Kept only with a graph, to compare the two. */
      if (G_UNLIKELY (a->label_uses != NULL))
        {
          guint32 use[2] = { tracker_place (a, tensor), i };
          g_array_append_vals (a->label_uses, use, 2);
        }

      if (a->options->show_dataflow &&
          (a->compute_process[node_device (a, tensor->node)] != process ||
           a->lane[tensor->node] != tid))
        emit_flow (a, tensor, input_name, i, process, tid);
    }
}

/* _show_compute: ops in order, and the dataflow into each op. */
static gboolean
show_compute (StpAnalysis  *a,
              GError      **error)
{
  guint since_check = 0;

  for (guint d = 0; d < a->ss->devices->len; d++)
    {
      const StpStepStatsDevice *device = get_device (a, d);
      guint32 process = a->compute_process[d];
      gboolean is_gputrace = device->gpu_tracer;
      guint end = device->first_node + device->n_nodes;

      for (guint first = device->first_node; first < end; first += LOOKUP_BATCH)
        {
          guint n = MIN (LOOKUP_BATCH, end - first);

          since_check += n;
          if (since_check >= CANCEL_CHECK_INTERVAL)
            {
              since_check = 0;
              if (g_cancellable_set_error_if_cancelled (a->cancellable, error))
                return FALSE;
            }

          look_up_batch (a, first, n, is_gputrace);

          for (guint j = 0; j < n; j++)
            {
              place_op (a, first + j, process);
              show_inputs (a, first + j, process, a->batch_inputs[j], a->batch_inputs[j + 1]);
            }
        }
    }

  return TRUE;
}

gboolean
stp_step_stats_show_dataflow (StpAnalysis  *a,
                              GError      **error)
{
  gboolean ok = show_compute (a, error);

  stp_array_release_unused (a->trace->flows, a->max_flows);
  if (ok)
    bind_flows_to_ops (a);
  return ok;
}
