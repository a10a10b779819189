/* stp-step-stats-dataflow.c: timeline.py's _show_compute, ops in order and the dataflow into each
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The ops were added by the analysis (stp-step-stats-analysis.c) while
 * the tensors were tracked; here each gets its seq and its name in the
 * trace's table, in op order, and each input that names a tensor gets
 * a flow from the op that produced it, unless both ran on one lane.
 *
 * Finding which tensor an input names (parsing the op's label, then a
 * lookup among the tensors' names) was half of the dataflow's time at
 * 1M nodes, while the other core idled.  It needs nothing the flows
 * change, so a second thread does it ahead of this one, a slot of ops
 * at a time; the ops' names are interned first, so that the table of
 * names does not change while that thread reads it.
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

static StpSlice *
op_slice (StpAnalysis *a,
          guint        i,
          guint32      process)
{
  const StpTrack *track = stp_trace_get_track (a->trace, stp_step_stats_lane_track (a, process, a->lane[i]));

  return &g_array_index (track->slices, StpSlice, a->node_slice[i]);
}

/* Every op's name in the trace's table, in op order. */
static void
intern_op_names (StpAnalysis *a)
{
  for (guint d = 0; d < a->ss->devices->len; d++)
    {
      const StpStepStatsDevice *device = get_device (a, d);
      guint32 process = a->compute_process[d];

      for (guint i = device->first_node; i < device->first_node + device->n_nodes; i++)
        {
          StpSlice *slice = op_slice (a, i, process);

          slice->name = op_name_id (a, slice->name);
        }
    }
}

static void
place_op (StpAnalysis *a,
          guint        i,
          guint32      process)
{
  StpSlice *slice = op_slice (a, i, process);

  slice->seq = stp_trace_next_seq (a->trace);
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

/* Ops whose inputs are found together: the lookups in one loop, the
 * CPU overlaps their cache misses (one op at a time, the dataflow took
 * 5-16% longer: bench/README.md, stop 53).  Three slots keep the
 * lookahead thread ahead with a few tens of KB of queries. */
#define SLOT_OPS 512
#define N_SLOTS  3

typedef struct
{
  GArray *queries;                /* StpStringQuery: the slot's inputs */
  guint   inputs[SLOT_OPS + 1];   /* each op's first query */
} Slot;

/* The slots, filled in op order by the lookahead thread (or by this
 * one where there is none) and used in that order. */
typedef struct
{
  StpAnalysis *a;
  Slot         slots[N_SLOTS];
  GArray      *spans;             /* the filling thread's inputs of an op */
  GThread     *thread;
  GMutex       lock;
  GCond        changed;
  guint        n_filled;
  guint        n_used;
  gboolean     stop;
} Lookahead;

/* The ops of a slot. */
typedef struct
{
  guint device;
  guint first;
  guint n;        /* 0 before the first slot */
} SlotOps;

/* The inputs of the slot's ops, looked up in one loop (none on a GPU
 * tracer's device: timeline.py draws no dataflow there). */
static void
fill_slot (StpAnalysis   *a,
           Slot          *slot,
           GArray        *spans,
           const SlotOps *ops)
{
  GArray *queries = slot->queries;
  gboolean skip_all = get_device (a, ops->device)->gpu_tracer;

  g_array_set_size (queries, 0);
  for (guint j = 0; j < ops->n; j++)
    {
      const StpStepStatsNode *node = get_node (a, ops->first + j);
      StpSpan name, op;

      slot->inputs[j] = queries->len;
      if (skip_all || is_recv_tensor (node))
        continue;

      stp_step_stats_describe_node (a->ss, node, &name, &op, spans);
      for (guint k = 0; k < spans->len; k++)
        {
          StpStringQuery q = { 0 };

          q.str = g_array_index (spans, StpSpan, k).str;
          q.len = g_array_index (spans, StpSpan, k).len;
          g_array_append_val (queries, q);
        }
    }
  slot->inputs[ops->n] = queries->len;

  stp_string_table_lookup_many (a->trace->strings, (StpStringQuery *) queries->data, queries->len);
}

/* The next slot's ops, in op order: device after device (their nodes
 * are so), SLOT_OPS at a time, fewer at a device's end.  Start from
 * { 0 }. */
static gboolean
next_slot (StpAnalysis *a,
           SlotOps     *ops)
{
  ops->first += ops->n;
  for (; ops->device < a->ss->devices->len; ops->device++)
    {
      const StpStepStatsDevice *device = get_device (a, ops->device);
      guint end = device->first_node + device->n_nodes;

      if (ops->first < end)
        {
          ops->n = MIN (SLOT_OPS, end - ops->first);
          return TRUE;
        }
    }
  return FALSE;
}

static gpointer
look_ahead (gpointer data)
{
  Lookahead *la = data;
  StpAnalysis *a = la->a;
  SlotOps ops = { 0 };

  while (next_slot (a, &ops))
    {
      guint k;

      g_mutex_lock (&la->lock);
      while (la->n_filled - la->n_used == N_SLOTS && !la->stop)
        g_cond_wait (&la->changed, &la->lock);
      k = la->n_filled;
      if (la->stop)
        {
          g_mutex_unlock (&la->lock);
          return NULL;
        }
      g_mutex_unlock (&la->lock);

      fill_slot (a, &la->slots[k % N_SLOTS], la->spans, &ops);

      g_mutex_lock (&la->lock);
      la->n_filled++;
      g_cond_signal (&la->changed);
      g_mutex_unlock (&la->lock);
    }
  return NULL;
}

static void
lookahead_start (Lookahead   *la,
                 StpAnalysis *a)
{
  *la = (Lookahead) { .a = a };
  for (guint k = 0; k < N_SLOTS; k++)
    la->slots[k].queries = g_array_new (FALSE, FALSE, sizeof (StpStringQuery));
  la->spans = g_array_new (FALSE, FALSE, sizeof (StpSpan));
  g_mutex_init (&la->lock);
  g_cond_init (&la->changed);
  /* A step of one slot gains nothing from a thread. */
  if (a->ss->nodes->len > SLOT_OPS)
    la->thread = g_thread_try_new ("stp-lookahead", look_ahead, la, NULL);
}

/* The slot of ops, once it is filled. */
static Slot *
lookahead_take (Lookahead     *la,
                const SlotOps *ops)
{
  Slot *slot;

  if (la->thread == NULL)
    {
      fill_slot (la->a, &la->slots[0], la->spans, ops);
      return &la->slots[0];
    }

  g_mutex_lock (&la->lock);
  while (la->n_filled == la->n_used)
    g_cond_wait (&la->changed, &la->lock);
  slot = &la->slots[la->n_used % N_SLOTS];
  g_mutex_unlock (&la->lock);
  return slot;
}

/* The slot taken last is used up: its room can be filled again. */
static void
lookahead_release (Lookahead *la)
{
  if (la->thread == NULL)
    return;

  g_mutex_lock (&la->lock);
  la->n_used++;
  g_cond_signal (&la->changed);
  g_mutex_unlock (&la->lock);
}

static void
lookahead_finish (Lookahead *la)
{
  if (la->thread != NULL)
    {
      g_mutex_lock (&la->lock);
      la->stop = TRUE;
      g_cond_signal (&la->changed);
      g_mutex_unlock (&la->lock);
      g_thread_join (la->thread);
    }
  for (guint k = 0; k < N_SLOTS; k++)
    g_array_unref (la->slots[k].queries);
  g_array_unref (la->spans);
  g_mutex_clear (&la->lock);
  g_cond_clear (&la->changed);
}

/* The dataflow into node i, whose inputs are queries [first, end). */
static void
show_inputs (StpAnalysis          *a,
             guint                 i,
             guint32               process,
             const StpStringQuery *queries,
             guint                 first,
             guint                 end)
{
  gint64 end_time = node_end (a, i);
  guint32 tid = a->lane[i];

  for (guint k = first; k < end; k++)
    {
      const StpStringQuery *q = &queries[k];
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
  Lookahead la;
  SlotOps ops = { 0 };
  guint since_check = 0;
  gboolean ok = TRUE;

  intern_op_names (a);
  lookahead_start (&la, a);

  while (next_slot (a, &ops))
    {
      guint32 process = a->compute_process[ops.device];
      Slot *slot;

      since_check += ops.n;
      if (since_check >= CANCEL_CHECK_INTERVAL)
        {
          since_check = 0;
          if (g_cancellable_set_error_if_cancelled (a->cancellable, error))
            {
              ok = FALSE;
              break;
            }
        }

      slot = lookahead_take (&la, &ops);
      for (guint j = 0; j < ops.n; j++)
        {
          place_op (a, ops.first + j, process);
          show_inputs (a, ops.first + j, process, (const StpStringQuery *) slot->queries->data,
                       slot->inputs[j], slot->inputs[j + 1]);
        }
      lookahead_release (&la);
    }

  lookahead_finish (&la);
  return ok;
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
