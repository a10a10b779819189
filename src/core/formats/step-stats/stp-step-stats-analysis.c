/* stp-step-stats-analysis.c: TensorFlow timeline.py's StepStats analysis
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A port of timeline.py's Timeline.analyze_step_stats(): the same
 * processes, lanes, ops, dataflow, tensor objects, memory counters and
 * allocator maximums, in the same order, so that exporting the result
 * gives timeline.py's Chrome trace event for event.  Its quirks are kept
 * on purpose (they are what users already see): tensor ids count
 * distinct names, a device listed twice takes its last pids, a tensor
 * is freed when its last consumer ends minus one microsecond.
 *
 * Times stay in microseconds, as in timeline.py, until they enter the
 * model (nanoseconds).
 */

#define G_LOG_DOMAIN "stp-step-stats-analysis"

#include "stp-step-stats-analysis-state.h"
#include "stp-step-stats-labels.h"
#include "stp-buffer.h"
#include "stp-error.h"
#include "stp-json-writer.h"
#include "stp-lane-allocator.h"

#include <string.h>

#define US_LIMIT (G_MAXINT64 / 1000 - 1)

const char *
stp_op_time_to_string (StpOpTime op_time)
{
  switch (op_time)
    {
    case STP_OP_TIME_GPU: return "gpu";
    case STP_OP_TIME_ALL: return "all";
    case STP_OP_TIME_SCHEDULE:
    default:              return "schedule";
    }
}

gboolean
stp_op_time_from_string (const char *str,
                         StpOpTime  *op_time)
{
  g_return_val_if_fail (str != NULL, FALSE);
  g_return_val_if_fail (op_time != NULL, FALSE);

  if (g_str_equal (str, "schedule"))
    *op_time = STP_OP_TIME_SCHEDULE;
  else if (g_str_equal (str, "gpu"))
    *op_time = STP_OP_TIME_GPU;
  else if (g_str_equal (str, "all"))
    *op_time = STP_OP_TIME_ALL;
  else
    return FALSE;

  return TRUE;
}

/* Filled for every node or output: mapped in at once (see
 * stp-buffer.c). */
static gpointer
filled_array (guint n,
              gsize element_size)
{
  gsize size = ((gsize) n + 1) * element_size;
  gpointer array = g_malloc (size);

  stp_buffer_populate (array, size);
  return array;
}

/* The nodes' times, to be moved by preprocess_op_time().  The schedule's
 * times are read from the nodes instead (1.6 MB less at a 100k-node
 * step's peak). */
static void
copy_node_times (StpAnalysis *a)
{
  guint n = a->ss->nodes->len;

  a->start = filled_array (n, sizeof (gint64));
  a->end_rel = filled_array (n, sizeof (gint64));
  for (guint i = 0; i < n; i++)
    {
      a->start[i] = get_node (a, i)->all_start_micros;
      a->end_rel[i] = get_node (a, i)->all_end_rel_micros;
    }
}

/* _preprocess_op_time: ops on /job devices take their kernels' times. */
static void
preprocess_op_time (StpAnalysis *a)
{
  g_autoptr(GHashTable) gpu_start = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  StpOpTime op_time = a->options->op_time;

  for (guint d = 0; d < a->ss->devices->len; d++)
    {
      const StpStepStatsDevice *device = get_device (a, d);

      if (!stp_span_contains (device->name, "/stream:all"))
        continue;

      for (guint i = device->first_node; i < device->first_node + device->n_nodes; i++)
        {
          const StpStepStatsNode *kernel = get_node (a, i);
          StpSpan label = stp_step_stats_node_label (kernel);
          StpSpan name, op;
          gint64 start = node_start (a, i);
          gint64 end = node_end (a, i);
          gint64 *span;
          StpStr key;

          stp_step_stats_parse_kernel_label (label.str, label.len,
                                             stp_step_stats_node_name (kernel), &name, &op);
          key = intern_span (a, name);
          span = g_hash_table_lookup (gpu_start, GUINT_TO_POINTER (key));
          if (span == NULL)
            {
              span = g_new (gint64, 2);
              span[0] = start;
              span[1] = end;
              g_hash_table_insert (gpu_start, GUINT_TO_POINTER (key), span);
            }
          else
            {
              span[0] = MIN (span[0], start);
              span[1] = MAX (span[1], end);
            }
        }
    }

  for (guint d = 0; d < a->ss->devices->len; d++)
    {
      const StpStepStatsDevice *device = get_device (a, d);

      if (stp_span_contains (device->name, "/stream:all") || !stp_span_contains (device->name, "/job"))
        continue;

      for (guint i = device->first_node; i < device->first_node + device->n_nodes; i++)
        {
          StpSpan node_name = stp_step_stats_node_name (get_node (a, i));
          StpStr key;
          gint64 *span;
          gint64 end;

          if (!stp_string_table_lookup (a->trace->strings, node_name.str, node_name.len, &key))
            continue;
          span = g_hash_table_lookup (gpu_start, GUINT_TO_POINTER (key));
          if (span == NULL)
            continue;

          end = MAX (span[1], node_end (a, i));
          if (op_time == STP_OP_TIME_GPU)
            a->start[i] = span[0];
          a->end_rel[i] = end - a->start[i];
        }
    }
}

static gboolean
check_time_range (StpAnalysis  *a,
                  GError      **error)
{
  for (guint i = 0; i < a->ss->nodes->len; i++)
    {
      gint64 start = node_start (a, i);
      gint64 end = node_end (a, i);

      if (start < -US_LIMIT || start > US_LIMIT || end < -US_LIMIT || end > US_LIMIT)
        {
          g_set_error (error, STP_ERROR, STP_ERROR_LIMIT,
                       "%s: node %u has times out of range (start %" G_GINT64_FORMAT
                       " µs, end %" G_GINT64_FORMAT " µs)",
                       a->ss->filename, i, start, end);
          return FALSE;
        }
    }

  return TRUE;
}

/* _allocate_pids: Allocators, then Compute and Tensors per device.  A
 * device listed twice keeps the pids of its last listing. */
static void
allocate_pids (StpAnalysis *a)
{
  g_autoptr(GHashTable) by_name = g_hash_table_new (NULL, NULL);
  StpTrace *trace = a->trace;
  guint n = a->ss->devices->len;
  gint64 pid = 0;

  a->allocators_process = stp_trace_add_process (trace, pid++, 0);
  stp_trace_get_process (trace, a->allocators_process)->name = stp_trace_intern0 (trace, "Allocators");

  a->compute_process = g_new (guint32, n);
  a->tensors_process = g_new (guint32, n);

  for (guint d = 0; d < n; d++)
    {
      StpSpan dev = get_device (a, d)->name;
      guint32 compute = stp_trace_add_process (trace, pid++, 0);
      guint32 tensors = stp_trace_add_process (trace, pid++, 0);

      /* Device names are bytes (they may even hold a NUL). */
      g_string_truncate (a->scratch, 0);
      g_string_append_len (a->scratch, dev.str, dev.len);
      stp_json_append_literal (a->scratch, " Compute");
      stp_trace_get_process (trace, compute)->name =
        stp_trace_intern (trace, a->scratch->str, a->scratch->len);

      g_string_truncate (a->scratch, dev.len);
      stp_json_append_literal (a->scratch, " Tensors");
      stp_trace_get_process (trace, tensors)->name =
        stp_trace_intern (trace, a->scratch->str, a->scratch->len);

      g_hash_table_insert (by_name, GUINT_TO_POINTER (intern_span (a, dev)), GUINT_TO_POINTER (d));
    }

  for (guint d = 0; d < n; d++)
    {
      StpStr name = intern_span (a, get_device (a, d)->name);
      guint last = GPOINTER_TO_UINT (g_hash_table_lookup (by_name, GUINT_TO_POINTER (name)));

      /* Process d lives at index 1 + 2d (Allocators is 0). */
      a->compute_process[d] = 1 + 2 * last;
      a->tensors_process[d] = 2 + 2 * last;
    }
}

static void
assign_lanes (StpAnalysis *a)
{
  for (guint d = 0; d < a->ss->devices->len; d++)
    {
      const StpStepStatsDevice *device = get_device (a, d);
      gpointer process = GUINT_TO_POINTER (a->compute_process[d]);
      g_autoptr(StpLaneAllocator) lanes = stp_lane_allocator_new ();
      GArray *sizes = g_hash_table_lookup (a->lane_sizes, process);

      /* timeline.py starts with one lane that ended at 0. */
      stp_lane_allocator_occupy (lanes, 0, 0);

      /* A device listed twice shares its process, and its counts. */
      if (sizes == NULL)
        {
          sizes = g_array_new (FALSE, TRUE, sizeof (guint));
          g_hash_table_insert (a->lane_sizes, process, sizes);
        }

      for (guint i = device->first_node; i < device->first_node + device->n_nodes; i++)
        {
          guint lane = stp_lane_allocator_take (lanes, node_start (a, i), node_end (a, i));

          a->lane[i] = lane;
          if (lane >= sizes->len)
            g_array_set_size (sizes, lane + 1);
          g_array_index (sizes, guint, lane)++;
        }
    }
}

/* What timeline.py's _emit_op shows of a node: the event name (the op),
 * the "name" arg and the inputs (none for GPU kernels and RecvTensor;
 * not split when inputs is NULL). */
void
stp_step_stats_describe_node (const StpStepStats     *ss,
                              const StpStepStatsNode *node,
                              StpSpan                *name,
                              StpSpan                *op,
                              GArray                 *inputs)
{
  static const char recv[] = "RecvTensor";
  static const char unknown[] = "unknown";
  const StpStepStatsDevice *device = &g_array_index (ss->devices, StpStepStatsDevice, node->device);
  StpSpan node_name = stp_step_stats_node_name (node);
  StpSpan label = stp_step_stats_node_label (node);

  *name = node_name;
  if (inputs != NULL)
    g_array_set_size (inputs, 0);

  if (device->gpu_tracer)
    {
      stp_step_stats_parse_kernel_label (label.str, label.len, node_name, name, op);
    }
  else if (is_recv_tensor (node))
    {
      op->str = recv;
      op->len = sizeof recv - 1;
    }
  else
    {
      StpSpan parsed_name, parsed_inputs;

      if (stp_step_stats_parse_op_label (label.str, label.len, &parsed_name, op, &parsed_inputs))
        {
          if (inputs != NULL)
            stp_step_stats_split_inputs (parsed_inputs, inputs);
        }
      else
        {
          op->str = unknown;
          op->len = sizeof unknown - 1;
        }
    }
}

static GPrivate scratch_inputs = G_PRIVATE_INIT ((GDestroyNotify) g_array_unref);

/* The op's args, {"name": ..., "op": ..., "input0": ...}, made when
 * shown or exported rather than kept for every op.  Called once per op
 * on export, so it reuses a per-thread list instead of allocating. */
static void
append_node_args (gpointer        source,
                  const StpSlice *slice,
                  GString        *out)
{
  StpStepStats *ss = source;
  GArray *inputs = g_private_get (&scratch_inputs);
  StpSpan name, op;

  g_return_if_fail (stp_slice_get_node (slice) < ss->nodes->len);

  if (inputs == NULL)
    {
      inputs = g_array_new (FALSE, FALSE, sizeof (StpSpan));
      g_private_set (&scratch_inputs, inputs);
    }

  stp_step_stats_describe_node (ss, &g_array_index (ss->nodes, StpStepStatsNode, stp_slice_get_node (slice)),
                                &name, &op, inputs);

  stp_json_append_literal (out, "{\"name\":");
  stp_json_append_string (out, name.str, name.len);
  stp_json_append_literal (out, ",\"op\":");
  stp_json_append_string (out, op.str, op.len);

  for (guint k = 0; k < inputs->len; k++)
    {
      StpSpan input = g_array_index (inputs, StpSpan, k);

      stp_json_append_literal (out, ",\"input");
      stp_json_append_int (out, k);
      stp_json_append_literal (out, "\":");
      stp_json_append_string (out, input.str, input.len);
    }

  stp_json_append_c (out, '}');
}

guint32
stp_step_stats_lane_track (StpAnalysis *a,
                           guint32      process,
                           guint32      lane)
{
  GArray *tracks;
  guint32 none = STP_INDEX_NONE;

  /* Consecutive ops are mostly on one device. */
  if (process == a->last_process && a->last_tracks != NULL)
    tracks = a->last_tracks;
  else
    {
      tracks = g_hash_table_lookup (a->lane_tracks, GUINT_TO_POINTER (process));
      if (tracks == NULL)
        {
          tracks = g_array_new (FALSE, FALSE, sizeof (guint32));
          g_hash_table_insert (a->lane_tracks, GUINT_TO_POINTER (process), tracks);
        }
      a->last_process = process;
      a->last_tracks = tracks;
    }
  while (lane >= tracks->len)
    g_array_append_val (tracks, none);
  if (g_array_index (tracks, guint32, lane) == STP_INDEX_NONE)
    {
      guint32 track = stp_trace_add_thread (a->trace, process, lane, 0);
      GArray *sizes = g_hash_table_lookup (a->lane_sizes, GUINT_TO_POINTER (process));

      if (sizes != NULL && lane < sizes->len)
        stp_array_reserve (stp_trace_get_track (a->trace, track)->slices,
                           g_array_index (sizes, guint, lane));
      g_array_index (tracks, guint32, lane) = track;
    }

  return g_array_index (tracks, guint32, lane);
}

/* Every lane's track, made in the order the ops first use them, before
 * ops are added from another thread than the tensors' (see
 * analyze_in_parallel). */
static gboolean
add_lane_tracks (StpAnalysis *a)
{
  for (guint d = 0; d < a->ss->devices->len; d++)
    {
      const StpStepStatsDevice *device = get_device (a, d);

      for (guint i = device->first_node; i < device->first_node + device->n_nodes; i++)
        {
          /* Ops that all overlap make a lane, and a track, each. */
          if (i % CANCEL_CHECK_INTERVAL == 0 && g_cancellable_is_cancelled (a->cancellable))
            return FALSE;
          stp_step_stats_lane_track (a, a->compute_process[d], a->lane[i]);
        }
    }
  return TRUE;
}

/* _emit_op, except for what depends on the dataflow: an op's seq comes
 * after the flows of the ops before it, and its name is interned in the
 * trace's table later (the tensors' thread fills that one meanwhile), so
 * the dataflow (stp-step-stats-dataflow.c) finishes the ops in order. */
static gboolean
emit_ops (StpAnalysis *a)
{
  for (guint d = 0; d < a->ss->devices->len; d++)
    {
      const StpStepStatsDevice *device = get_device (a, d);
      guint32 process = a->compute_process[d];

      for (guint i = device->first_node; i < device->first_node + device->n_nodes; i++)
        {
          guint32 track = stp_step_stats_lane_track (a, process, a->lane[i]);
          StpSpan name, op;
          StpSlice *slice;

          if (i % CANCEL_CHECK_INTERVAL == 0 && g_cancellable_is_cancelled (a->cancellable))
            return FALSE;

          stp_step_stats_describe_node (a->ss, get_node (a, i), &name, &op, NULL);

          slice = stp_trace_add_slice (a->trace, track);
          slice->ts = node_start (a, i) * 1000;
          slice->dur = node_duration (a, i) * 1000;
          slice->name = stp_string_table_intern (a->op_names, op.str, op.len);
          slice->cat = a->cat_op;
          slice->seq = STP_SEQ_NONE;
          slice->flags = STP_SLICE_STEP_STATS_NODE;
          slice->args = i;   /* the node, see stp_slice_get_node() */
          a->node_slice[i] = stp_trace_get_track (a->trace, track)->slices->len - 1;
        }
    }

  return TRUE;
}

typedef struct
{
  StpAnalysis *a;
  gboolean  ok;
  GError   *error;
} TensorsJob;

static gpointer
analyze_tensors_thread (gpointer data)
{
  TensorsJob *job = data;

  job->ok = stp_step_stats_analyze_tensors (job->a, &job->error);
  return NULL;
}

/* _analyze_tensors and the ops of _show_compute share nothing they
 * write (the ops get their names from a table of their own), so on a
 * big step they run at the same time, a quarter of the analysis.  Then
 * the ops' thread makes the tensors' objects as they are tracked. */
static gboolean
analyze_in_parallel (StpAnalysis  *a,
                     GError      **error)
{
  TensorsJob job = { a, FALSE, NULL };
  GThread *thread;
  gboolean ops_done;

  if (!add_lane_tracks (a))
    return !g_cancellable_set_error_if_cancelled (a->cancellable, error);

  thread = g_thread_try_new ("stp-tensors", analyze_tensors_thread, &job, NULL);
  if (thread == NULL)
    analyze_tensors_thread (&job);
  ops_done = emit_ops (a) && stp_step_stats_emit_tensor_objects (a);
  if (thread != NULL)
    g_thread_join (thread);

  if (!job.ok)
    {
      g_propagate_error (error, job.error);
      return FALSE;
    }

  return ops_done || !g_cancellable_set_error_if_cancelled (a->cancellable, error);
}

/* The graph of the lifetimes: the one given, else the RunMetadata's
 * partition graphs.  With either, the labels' uses are kept, to tell
 * where the two disagree whatever the mode.  Broken partition graphs
 * cost the graph, not the trace: the rest is timeline.py's as before. */
static void
use_graph (StpAnalysis *a)
{
  if (a->options->graph != NULL)
    a->graph = stp_graph_ref (a->options->graph);
  else if (a->ss->partition_graphs->len > 0)
    {
      g_autoptr(GError) error = NULL;

      a->graph = stp_graph_new_from_step_stats (a->ss, &error);
      if (a->graph == NULL)
        stp_trace_warn (a->trace, "bad-partition-graph",
                        "%s (tensor lifetimes stay timeline.py's)", error->message);
    }

  /* A graph without nodes (an empty partition) says nothing. */
  if (a->graph != NULL && a->graph->nodes->len == 0)
    g_clear_pointer (&a->graph, stp_graph_unref);

  if (a->graph != NULL)
    a->label_uses = g_array_new (FALSE, FALSE, sizeof (guint32));
}

/* What only the ops, the dataflow and the graph's lifetimes needed
 * (over 12 MB of a million-node step): gone before the memory counters,
 * the analysis's own peak. */
static void
drop_dataflow_state (StpAnalysis *a)
{
  g_clear_pointer (&a->end_rel, g_free);
  g_clear_pointer (&a->lane, g_free);
  g_clear_pointer (&a->node_seq, g_free);
  g_clear_pointer (&a->node_slice, g_free);
  g_clear_pointer (&a->op_names, stp_string_table_free);
  g_clear_pointer (&a->op_name_ids, g_array_unref);
  g_clear_pointer (&a->lane_sizes, g_hash_table_unref);
  g_clear_pointer (&a->lane_tracks, g_hash_table_unref);
  if (a->scratch != NULL)
    g_string_free (g_steal_pointer (&a->scratch), TRUE);
  if (a->tensor_names != NULL)
    g_string_free (g_steal_pointer (&a->tensor_names), TRUE);
}

static void
analysis_clear (StpAnalysis *a)
{
  drop_dataflow_state (a);
  g_clear_pointer (&a->start, g_free);
  g_clear_pointer (&a->compute_process, g_free);
  g_clear_pointer (&a->tensors_process, g_free);
  g_clear_pointer (&a->trackers, g_array_unref);
  g_clear_pointer (&a->last_unref, g_free);
  g_clear_pointer (&a->tensors, g_array_unref);
  g_clear_pointer (&a->tensor_order, g_array_unref);
  g_clear_pointer (&a->graph, stp_graph_unref);
  g_clear_pointer (&a->label_uses, g_array_unref);
  g_clear_pointer (&a->trace, stp_trace_unref);
  g_mutex_clear (&a->tracked_lock);
  g_cond_clear (&a->tracked_cond);
}

/* The devices the step ran on, by the names the file gives them, for
 * the information page. */
static void
describe_devices (StpAnalysis *a)
{
  g_autoptr(GString) names = g_string_new (NULL);

  for (guint d = 0; d < a->ss->devices->len; d++)
    {
      const StpStepStatsDevice *device = &g_array_index (a->ss->devices, StpStepStatsDevice, d);

      if (names->len > 0)
        g_string_append (names, ", ");
      g_string_append_len (names, device->name.str, MIN (device->name.len, 200));
    }
  if (names->len > 0)
    stp_trace_add_description (a->trace, "devices", names->str);
}

StpTrace *
stp_step_stats_analyze (StpStepStats              *step_stats,
                      const StpAnalysisOptions  *options,
                      GCancellable              *cancellable,
                      GError                   **error)
{
  g_autoptr(GTimer) timer = g_timer_new ();
  StpAnalysis a = { 0 };
  guint n;
  StpTrace *result = NULL;

  g_return_val_if_fail (step_stats != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);

  n = step_stats->nodes->len;
  a.ss = step_stats;
  a.options = options;
  a.cancellable = cancellable;
  g_mutex_init (&a.tracked_lock);
  g_cond_init (&a.tracked_cond);
  a.trace = stp_trace_new (step_stats->format, step_stats->filename);
  a.lane = filled_array (n, sizeof (guint32));
  a.node_seq = filled_array (n, sizeof (guint32));
  a.node_slice = filled_array (n, sizeof (guint32));
  a.op_names = stp_string_table_new ();
  a.op_name_ids = g_array_new (FALSE, TRUE, sizeof (StpStr));
  a.lane_sizes = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  a.lane_tracks = g_hash_table_new_full (NULL, NULL, NULL, (GDestroyNotify) g_array_unref);
  a.trackers = g_array_new (FALSE, FALSE, sizeof (StpTracker));
  a.tensors = g_array_new (FALSE, TRUE, sizeof (guint32));
  a.tensor_order = g_array_new (FALSE, FALSE, sizeof (StpStr));
  a.scratch = g_string_sized_new (256);
  a.tensor_names = g_string_sized_new (4096);
  a.cat_op = stp_trace_intern0 (a.trace, "Op");
  a.cat_tensor = stp_trace_intern0 (a.trace, "Tensor");
  a.cat_dataflow = stp_trace_intern0 (a.trace, "DataFlow");
  a.cat_memory = stp_trace_intern0 (a.trace, "Memory");

  stp_trace_set_source (a.trace, stp_step_stats_ref (step_stats),
                        (GDestroyNotify) stp_step_stats_unref);
  a.trace->source_args = append_node_args;
  a.trace->source_snapshot_args = stp_step_stats_append_snapshot_args;
  describe_devices (&a);

  if (options->op_time != STP_OP_TIME_SCHEDULE)
    {
      copy_node_times (&a);
      preprocess_op_time (&a);
    }

  if (!check_time_range (&a, error))
    goto out;

  use_graph (&a);

  allocate_pids (&a);
  assign_lanes (&a);

  /* The room below is the analysis' largest allocation, not begun
   * after a cancel: where malloc fills new memory (the tests'
   * MALLOC_PERTURB_), no cancel can stop it. */
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    goto out;

  /* Sized once: filling these is most of the analysis' memory. */
  stp_array_reserve (a.trackers, step_stats->outputs->len);
  if (options->show_memory || a.graph != NULL)
    a.last_unref = filled_array (step_stats->outputs->len, sizeof (gint64));
  a.max_flows = n * 2;
  stp_array_reserve_at_most (a.trace->flows, a.max_flows);
  /* With memory shown, an object and a snapshot a tensor: grown as
   * they filled, each doubling moved them whole. */
  if (options->show_memory)
    {
      stp_array_reserve_at_most (a.trace->objects, step_stats->outputs->len);
      stp_array_reserve_at_most (a.trace->snapshots, step_stats->outputs->len);
    }

  g_debug ("%s: prepared in %.3f s", a.ss->filename, g_timer_elapsed (timer, NULL));
  g_timer_start (timer);
  if (!analyze_in_parallel (&a, error))
    goto out;
  g_debug ("%s: tensors and ops in %.3f s", a.ss->filename, g_timer_elapsed (timer, NULL));
  g_timer_start (timer);
  if (!stp_step_stats_show_dataflow (&a, error))
    goto out;
  g_debug ("%s: dataflow in %.3f s", a.ss->filename, g_timer_elapsed (timer, NULL));
  g_timer_start (timer);

  /* Before the memory counters, which take the lifetimes it sets. */
  if (a.graph != NULL)
    a.trace->lifetimes = stp_step_stats_graph_lifetimes (&a);
  drop_dataflow_state (&a);

  if (options->derived_lines)
    stp_step_stats_derive_gpu_lines (a.trace, step_stats, a.compute_process);

  if (options->show_memory && !stp_step_stats_show_memory_counters (&a, error))
    goto out;

  /* The analysis's own arrays go before the trace is sealed, which
   * needs room of its own: with them, that was the peak of a big step. */
  result = g_steal_pointer (&a.trace);
  analysis_clear (&a);
  if (!stp_trace_finish (result, cancellable, error))
    g_clear_pointer (&result, stp_trace_unref);
  else
    g_debug ("%s: finished in %.3f s", step_stats->filename, g_timer_elapsed (timer, NULL));
  return result;

out:
  analysis_clear (&a);
  return NULL;
}
