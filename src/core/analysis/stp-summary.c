/* stp-summary.c: tfprof-style summaries of a trace (by op type, scope, device)
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * tfprof's op, scope and device views (seed 004) over any loaded trace:
 * which slices are op occurrences and of which type depends on the
 * format (see stp-summary.h).  One pass over each track in start order
 * keeps a stack of the counted slices still open, so a slice's self time
 * loses exactly the occurrences nested directly inside it.
 */

#define G_LOG_DOMAIN "stp-summary"

#include "stp-summary.h"
#include "stp-derived-line.h"
#include "stp-error.h"
#include "stp-loader.h"
#include "stp-step-stats.h"
#include "stp-tf-op.h"
#include "stp-step-stats-labels.h"
#include "stp-xspace.h"

#include <stdlib.h>
#include <string.h>

#define CANCEL_CHECK_INTERVAL 65536

/* An accumulating row: the public row first, so freeing it frees all. */
typedef struct
{
  StpSummaryRow row;
  guint64       cpu_occurrences;
  guint64       accelerator_occurrences;
  GHashTable   *children;     /* scope: name -> Acc* */
} Acc;

typedef enum
{
  DEVICE_CPU,
  DEVICE_ACCELERATOR,
  DEVICE_SKIP,
} DeviceKind;

typedef struct
{
  gboolean    counted;
  gboolean    accelerator;
  gboolean    split;       /* the full name has '/'-separated scopes */
  GString    *type;
  GString    *full;
} Occurrence;

typedef struct
{
  const StpTrace *trace;
  StpSummary     *summary;
  GCancellable   *cancellable;

  const StpStepStats *ss;     /* StepStats traces */
  guint8         *device_kind; /* per StepStats device */
  GHashTable     *op_of_node;  /* node name -> StpStr op type */

  GHashTable     *rows;        /* op/device: key -> Acc* */
  GArray         *busy;        /* Interval: the outermost occurrences */
  Acc            *root;        /* scope tree */
  Occurrence      occ;
} Summarizer;

typedef struct
{
  gint64  ts;
  gint64  end;
  guint16 depth;
  Acc    *acc;
} Open;

typedef struct
{
  gint64  start;
  gint64  end;
} Interval;

static Acc *
acc_new (const char *name,
         gsize       len)
{
  Acc *acc = g_new0 (Acc, 1);

  acc->row.name = g_strndup (name, len);
  acc->row.process = STP_INDEX_NONE;
  return acc;
}

static void
row_free (gpointer data)
{
  StpSummaryRow *row = data;

  g_free (row->name);
  g_free (row->path);
  g_clear_pointer (&row->children, g_ptr_array_unref);
  g_free (row);
}

void
stp_summary_free (StpSummary *self)
{
  if (self == NULL)
    return;
  g_clear_pointer (&self->rows, g_ptr_array_unref);
  g_free (self);
}

/* ------------------------------------------------------------------ */
/* Which slices are occurrences                                        */

static gboolean
span_has (StpSpan     s,
          const char *needle)
{
  gsize n = strlen (needle);

  for (gsize i = 0; i + n <= s.len; i++)
    if (memcmp (s.str + i, needle, n) == 0)
      return TRUE;
  return FALSE;
}

/* tfprof: kernels count on "stream:all" (numbered streams repeat them),
 * op executions on the other devices; memcpy devices are not counted.
 * A StepStats without any "stream:all" counts its numbered streams. */
static void
classify_step_stats_devices (Summarizer *s)
{
  const StpStepStats *ss = s->ss;
  gboolean any_all = FALSE;

  for (guint d = 0; d < ss->devices->len && !any_all; d++)
    any_all = span_has (g_array_index (ss->devices, StpStepStatsDevice, d).name, "/stream:all");

  s->device_kind = g_new0 (guint8, ss->devices->len + 1);
  for (guint d = 0; d < ss->devices->len; d++)
    {
      StpSpan name = g_array_index (ss->devices, StpStepStatsDevice, d).name;
      DeviceKind kind = DEVICE_CPU;

      if (span_has (name, "/stream:"))
        kind = (!any_all || span_has (name, "/stream:all")) ? DEVICE_ACCELERATOR : DEVICE_SKIP;
      else if (span_has (name, "/memcpy"))
        kind = DEVICE_SKIP;

      s->device_kind[d] = kind;
    }
}

static const StpStepStatsNode *
node_of (const Summarizer *s,
         const StpSlice   *slice)
{
  if (!(slice->flags & STP_SLICE_STEP_STATS_NODE) || stp_slice_get_node (slice) >= s->ss->nodes->len)
    return NULL;
  return &g_array_index (s->ss->nodes, StpStepStatsNode, stp_slice_get_node (slice));
}

/* The op type of each op execution by node name, for its kernels. */
static void
index_step_stats_ops (Summarizer *s)
{
  const StpTrace *trace = s->trace;

  s->op_of_node = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (guint t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      for (guint i = 0; track->slices != NULL && i < track->slices->len; i++)
        {
          const StpSlice *slice = stp_track_get_slice (track, i);
          const StpStepStatsNode *node = node_of (s, slice);
          StpSpan node_name;
          char *key;

          if (node == NULL || s->device_kind[node->device] != DEVICE_CPU)
            continue;
          /* A node without a name has a NULL span: g_strndup would give NULL. */
          node_name = stp_step_stats_node_name (node);
          key = g_strndup (node_name.str ? node_name.str : "", node_name.len);
          if (g_hash_table_contains (s->op_of_node, key))
            g_free (key);
          else
            g_hash_table_insert (s->op_of_node, key, GUINT_TO_POINTER (slice->name));
        }
    }
}

static void
set_str (GString    *out,
         const char *str,
         gsize       len)
{
  g_string_truncate (out, 0);
  g_string_append_len (out, str, len);
}

static void
classify_step_stats (Summarizer     *s,
                     const StpSlice *slice)
{
  const StpStepStatsNode *node = node_of (s, slice);
  const StpTrace *trace = s->trace;
  Occurrence *occ = &s->occ;
  StpSpan node_name;

  if (node == NULL || s->device_kind[node->device] == DEVICE_SKIP)
    return;
  node_name = stp_step_stats_node_name (node);

  occ->counted = TRUE;
  occ->split = TRUE;
  set_str (occ->type, stp_trace_str (trace, slice->name),
           stp_string_table_get_len (trace->strings, slice->name));

  if (s->device_kind[node->device] == DEVICE_CPU)
    {
      set_str (occ->full, node_name.str, node_name.len);
      return;
    }

  occ->accelerator = TRUE;
  {
    StpSpan label = stp_step_stats_node_label (node);
    StpSpan name, op;
    gpointer type;

    stp_step_stats_parse_kernel_label (label.str, label.len, node_name, &name, &op);
    set_str (occ->full, name.str, name.len);
    if (g_hash_table_lookup_extended (s->op_of_node, occ->full->str, NULL, &type))
      set_str (occ->type, stp_trace_str (trace, GPOINTER_TO_UINT (type)),
               stp_string_table_get_len (trace->strings, GPOINTER_TO_UINT (type)));
  }
}

static void
set_from_tf_op (Occurrence *occ,
                const char *full,
                gsize       len,
                gboolean    need_op)
{
  StpTfOp op;

  stp_tf_op_parse (full, len, &op);
  if (!stp_tf_op_is_op (&op))
    {
      if (!need_op)
        {
          occ->counted = TRUE;
          set_str (occ->full, full, len);
          g_string_truncate (occ->type, 0);
          stp_tf_op_append_event_name (&op, occ->type);
        }
      return;
    }

  occ->counted = TRUE;
  occ->split = TRUE;
  set_str (occ->full, op.name.str, op.name.len);
  g_string_truncate (occ->type, 0);
  stp_tf_op_append_event_name (&op, occ->type);
}

static void
classify_xspace (Summarizer     *s,
                 const StpSlice *slice)
{
  const StpTrace *trace = s->trace;
  Occurrence *occ = &s->occ;
  StpXSpaceEventInfo info;
  StpTfOp op;

  if (!stp_xspace_event_info (trace, slice, &info))
    return;

  /* On the host only events named after an op run it (allocations
   * carry a tf_op stat too). */
  if (info.tf_op != NULL && info.on_device)
    {
      set_from_tf_op (occ, info.tf_op, info.tf_op_len, FALSE);
    }
  else
    {
      stp_tf_op_parse (info.name, info.name_len, &op);
      if (stp_tf_op_is_op (&op))
        set_from_tf_op (occ, info.name, info.name_len, TRUE);
      else if (info.on_device)
        {
          /* A kernel without a TF op: its own (shown) name. */
          occ->counted = TRUE;
          set_str (occ->type, stp_trace_str (trace, slice->name),
                   stp_string_table_get_len (trace->strings, slice->name));
          g_string_assign (occ->full, occ->type->str);
        }
    }
  occ->accelerator = occ->counted && info.on_device;
}

static void
classify_other (Summarizer     *s,
                const StpSlice *slice)
{
  const StpTrace *trace = s->trace;
  Occurrence *occ = &s->occ;

  occ->counted = TRUE;
  set_str (occ->type, stp_trace_str (trace, slice->name),
           stp_string_table_get_len (trace->strings, slice->name));
  g_string_assign (occ->full, occ->type->str);
  occ->split = stp_tf_op_is_node_name (occ->full->str, occ->full->len);
}

static void
classify (Summarizer     *s,
          const StpSlice *slice)
{
  Occurrence *occ = &s->occ;

  occ->counted = occ->accelerator = occ->split = FALSE;
  if (slice->flags & (STP_SLICE_DERIVED | STP_SLICE_INSTANT))
    return;

  if (s->ss != NULL)
    classify_step_stats (s, slice);
  else if (s->trace->format == STP_FORMAT_XSPACE)
    classify_xspace (s, slice);
  else
    classify_other (s, slice);
}

/* XSpace device planes: the profiler's derived lines and the TPU's
 * views of the same time (Steps, XLA Modules) would count it twice. */
static gboolean
track_counts (const Summarizer *s,
              const StpTrack   *track)
{
  const StpTrace *trace = s->trace;
  const StpProcess *process;
  const char *pname, *tname;

  if (track->kind != STP_TRACK_THREAD && track->kind != STP_TRACK_ASYNC)
    return FALSE;
  if (trace->format != STP_FORMAT_XSPACE)
    return TRUE;
  if (stp_derived_kind_of_id (track->tid) >= 0)
    return FALSE;

  process = stp_trace_get_process (trace, track->process);
  pname = stp_trace_str (trace, process->name);
  if (!g_str_has_prefix (pname, "/device:"))
    return TRUE;

  tname = stp_trace_str (trace, track->name);
  for (guint k = 0; k < STP_N_DERIVED_KINDS; k++)
    if (k != STP_DERIVED_XLA_OPS && g_str_equal (tname, stp_derived_kind_line_name (k)))
      return FALSE;
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Accumulating                                                        */

static Acc *
lookup_row (Summarizer *s,
            const char *key)
{
  Acc *acc = g_hash_table_lookup (s->rows, key);

  if (acc == NULL)
    {
      acc = acc_new (key, strlen (key));
      g_hash_table_insert (s->rows, g_strdup (key), acc);
    }
  return acc;
}

/* The row of a device or an input (index: of the process or part),
 * made with its name the first time.  A summary groups one way only,
 * so the two never share the table. */
static Acc *
indexed_row (Summarizer  *s,
             guint32      index,
             char       *(*dup_name) (const StpTrace *trace, guint32 index))
{
  char *key = g_strdup_printf ("%u", index);
  Acc *acc = g_hash_table_lookup (s->rows, key);

  if (acc == NULL)
    {
      g_autofree char *name = dup_name (s->trace, index);

      acc = acc_new (name, strlen (name));
      acc->row.process = index;
      g_hash_table_insert (s->rows, key, acc);
    }
  else
    g_free (key);
  return acc;
}

static char *
dup_device_name (const StpTrace *trace,
                 guint32         process)
{
  return stp_trace_describe_process (trace, stp_trace_get_process (trace, process));
}

/* An input is named as the timeline's headers name it. */
static char *
dup_input_name (const StpTrace *trace,
                guint32         part)
{
  if (trace->parts != NULL)
    return g_strdup (g_array_index (trace->parts, StpTracePart, part).label);
  return g_path_get_basename (trace->filename);
}

/* The input a track is of: its part of several traces, else 0. */
static guint32
part_of (const StpTrace *trace,
         const StpTrack *track)
{
  return trace->parts != NULL ? stp_trace_get_process (trace, track->process)->part : 0;
}

static Acc *
scope_node (Summarizer *s,
            const char *full,
            gsize       len,
            gboolean    split)
{
  Acc *node = s->root;
  const char *p = full, *end = full + len;

  for (;;)
    {
      const char *slash = split ? memchr (p, '/', end - p) : NULL;
      gsize part = (slash ? slash : end) - p;
      g_autofree char *name = g_strndup (p, part);
      Acc *child;

      if (node->children == NULL)
        node->children = g_hash_table_new (g_str_hash, g_str_equal);
      child = g_hash_table_lookup (node->children, name);
      if (child == NULL)
        {
          child = acc_new (p, part);
          child->row.path = g_strndup (full, (slash ? slash : end) - full);
          g_hash_table_insert (node->children, child->row.name, child);
        }
      node = child;
      if (slash == NULL)
        return node;
      p = slash + 1;
    }
}

static void
add_time (Acc     *acc,
          gint64   time,
          gboolean accelerator)
{
  /* Hostile inputs sum to more than gint64 holds: saturate. */
  acc->row.time = stp_time_add (acc->row.time, time);
  acc->row.self_time = stp_time_add (acc->row.self_time, time);
  if (accelerator)
    {
      acc->row.accelerator_time = stp_time_add (acc->row.accelerator_time, time);
      acc->accelerator_occurrences++;
    }
  else
    {
      acc->row.cpu_time = stp_time_add (acc->row.cpu_time, time);
      acc->cpu_occurrences++;
    }
}

static gint
compare_start (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  const StpTrack *track = user_data;
  const StpSlice *sa = stp_track_get_slice (track, *(const guint32 *) a);
  const StpSlice *sb = stp_track_get_slice (track, *(const guint32 *) b);

  if (sa->ts != sb->ts)
    return sa->ts < sb->ts ? -1 : 1;
  return sa->depth < sb->depth ? -1 : (sa->depth > sb->depth);
}

/* Whether a slice counts in [start, end): it overlaps it, or it is
 * zero-length inside it. */
static inline gboolean
in_range (const StpSlice *slice,
          gint64          start,
          gint64          end)
{
  gint64 slice_end = stp_slice_end (slice);

  if (MIN (slice_end, end) > MAX (slice->ts, start))
    return TRUE;
  return slice_end == slice->ts && slice->ts >= start && slice->ts < end;
}

static gboolean
summarize_track (Summarizer     *s,
                 guint32         track_index,
                 GArray         *stack,
                 GError        **error)
{
  const StpTrace *trace = s->trace;
  const StpTrack *track = stp_trace_get_track (trace, track_index);
  StpSummary *summary = s->summary;
  Acc *device_acc = NULL;
  g_autofree guint32 *order = NULL;
  guint n = track->slices->len;

  order = g_new (guint32, n + 1);
  for (guint i = 0; i < n; i++)
    order[i] = i;
  g_qsort_with_data (order, n, sizeof (guint32), compare_start, (gpointer) track);
  g_array_set_size (stack, 0);

  for (guint i = 0; i < n; i++)
    {
      const StpSlice *slice = stp_track_get_slice (track, order[i]);
      gint64 end = stp_slice_end (slice);
      gint64 clipped = stp_time_sub (MIN (end, summary->end), MAX (slice->ts, summary->start));
      Open open;
      Acc *acc = NULL;
      gboolean nested;

      if (i % CANCEL_CHECK_INTERVAL == CANCEL_CHECK_INTERVAL - 1 &&
          g_cancellable_set_error_if_cancelled (s->cancellable, error))
        return FALSE;

      if (!in_range (slice, summary->start, summary->end))
        continue;
      clipped = MAX (clipped, 0);

      classify (s, slice);
      if (!s->occ.counted)
        continue;

      summary->n_slices++;
      summary->total_time = stp_time_add (summary->total_time, clipped);
      if (s->occ.accelerator)
        summary->accelerator_time = stp_time_add (summary->accelerator_time, clipped);
      else
        summary->cpu_time = stp_time_add (summary->cpu_time, clipped);

      switch (summary->by)
        {
        case STP_SUMMARY_BY_OP:
          acc = lookup_row (s, s->occ.type->str);
          break;
        case STP_SUMMARY_BY_DEVICE:
          if (device_acc == NULL)
            device_acc = indexed_row (s, track->process, dup_device_name);
          acc = device_acc;
          break;
        case STP_SUMMARY_BY_TRACE:
          if (device_acc == NULL)
            device_acc = indexed_row (s, part_of (s->trace, track), dup_input_name);
          acc = device_acc;
          break;
        case STP_SUMMARY_BY_SCOPE:
        default:
          acc = scope_node (s, s->occ.full->str, s->occ.full->len, s->occ.split);
          break;
        }
      /* The nearest enclosing occurrence on this track, if any. */
      while (stack->len > 0)
        {
          const Open *top = &g_array_index (stack, Open, stack->len - 1);

          if (top->ts <= slice->ts && end <= top->end && top->depth < slice->depth)
            break;
          g_array_set_size (stack, stack->len - 1);
        }
      nested = stack->len > 0;

      /* Summed self time is the outermost occurrences' time; they are
       * also what the track is busy with. */
      if (!nested)
        {
          Interval busy = { MAX (slice->ts, summary->start), MAX (slice->ts, summary->start) + clipped };

          summary->self_time = stp_time_add (summary->self_time, clipped);
          g_array_append_val (s->busy, busy);
        }

      /* A device's (or trace's) row counts a nested occurrence, but not
       * its time again. */
      add_time (acc, stp_summary_by_is_busy_time (summary->by) && nested ? 0 : clipped, s->occ.accelerator);

      if (nested && summary->by == STP_SUMMARY_BY_OP)
        {
          Acc *parent = g_array_index (stack, Open, stack->len - 1).acc;

          parent->row.self_time = stp_time_sub (parent->row.self_time, clipped);
        }

      open.ts = slice->ts;
      open.end = end;
      open.depth = slice->depth;
      open.acc = acc;
      g_array_append_val (stack, open);
    }

  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Sorting and finishing                                               */

static gint
compare_intervals (gconstpointer a,
                   gconstpointer b)
{
  const Interval *ia = a, *ib = b;

  if (ia->start != ib->start)
    return ia->start < ib->start ? -1 : 1;
  return 0;
}

/* The wall span of the range within the trace, and the union of the
 * outermost occurrences of every track. */
static void
finish_times (StpSummary     *self,
              const StpTrace *trace,
              GArray         *busy)
{
  gint64 covered = G_MININT64;

  self->wall_time = MAX (stp_time_sub (MIN (self->end, trace->end_ts), MAX (self->start, trace->start_ts)), 0);
  g_array_sort (busy, compare_intervals);
  for (guint i = 0; i < busy->len; i++)
    {
      const Interval *iv = &g_array_index (busy, Interval, i);
      gint64 from = MAX (iv->start, covered);

      if (iv->end > from)
        self->busy_time = stp_time_add (self->busy_time, iv->end - from);
      covered = MAX (covered, iv->end);
    }
}

static gint
compare_rows (gconstpointer a,
              gconstpointer b,
              gpointer      user_data)
{
  const StpSummaryRow *ra = *(StpSummaryRow * const *) a;
  const StpSummaryRow *rb = *(StpSummaryRow * const *) b;
  StpSummaryOrder order = GPOINTER_TO_INT (user_data);

  if (order == STP_SUMMARY_ORDER_COUNT && ra->occurrences != rb->occurrences)
    return ra->occurrences > rb->occurrences ? -1 : 1;
  if (order != STP_SUMMARY_ORDER_NAME && ra->time != rb->time)
    return ra->time > rb->time ? -1 : 1;
  return strcmp (ra->name, rb->name);
}

static void
sort_rows (GPtrArray       *rows,
           StpSummaryOrder  order)
{
  g_ptr_array_sort_with_data (rows, compare_rows, GINT_TO_POINTER (order));
  for (guint i = 0; i < rows->len; i++)
    {
      StpSummaryRow *row = g_ptr_array_index (rows, i);

      if (row->children != NULL)
        sort_rows (row->children, order);
    }
}

static void
compute_percents (StpSummary *self,
                  GPtrArray  *rows,
                  gboolean    cumulative)
{
  gint64 base = stp_summary_by_is_busy_time (self->by) ? self->self_time : self->total_time;
  double total = base > 0 ? (double) base : 1.0;
  gint64 sum = 0;

  for (guint i = 0; i < rows->len; i++)
    {
      StpSummaryRow *row = g_ptr_array_index (rows, i);

      sum = stp_time_add (sum, row->time);
      row->percent = 100.0 * row->time / total;
      row->cumulative_percent = cumulative ? 100.0 * sum / total : 0;
      if (row->children != NULL)
        compute_percents (self, row->children, FALSE);
    }
}

void
stp_summary_sort (StpSummary      *self,
                  StpSummaryOrder  order)
{
  g_return_if_fail (self != NULL);

  self->order = order;
  sort_rows (self->rows, order);
  compute_percents (self, self->rows, self->by != STP_SUMMARY_BY_SCOPE);
}

static guint64
own_occurrences (const Acc *acc)
{
  return acc->cpu_occurrences > 0 ? acc->cpu_occurrences : acc->accelerator_occurrences;
}

/* Scope rows: subtree totals; self_* keep the node's own ops. */
static StpSummaryRow *
finish_scope (Acc *acc)
{
  StpSummaryRow *row = &acc->row;

  row->self_time = row->time;
  row->self_occurrences = own_occurrences (acc);
  row->occurrences = row->self_occurrences;

  if (acc->children != NULL)
    {
      GHashTableIter iter;
      gpointer value;

      row->children = g_ptr_array_new_with_free_func (row_free);
      g_hash_table_iter_init (&iter, acc->children);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        {
          StpSummaryRow *child = finish_scope (value);

          row->time = stp_time_add (row->time, child->time);
          row->accelerator_time = stp_time_add (row->accelerator_time, child->accelerator_time);
          row->cpu_time = stp_time_add (row->cpu_time, child->cpu_time);
          row->occurrences += child->occurrences;
          g_ptr_array_add (row->children, child);
        }
      g_clear_pointer (&acc->children, g_hash_table_unref);
    }

  return row;
}

static void
summarizer_init (Summarizer     *s,
                 const StpTrace *trace,
                 GCancellable   *cancellable)
{
  s->trace = trace;
  s->cancellable = cancellable;
  s->occ.type = g_string_new (NULL);
  s->occ.full = g_string_new (NULL);

  if (stp_trace_is_step_stats (trace))
    {
      s->ss = trace->source;
      classify_step_stats_devices (s);
      index_step_stats_ops (s);
    }
}

static void
summarizer_clear (Summarizer *s)
{
  g_clear_pointer (&s->op_of_node, g_hash_table_unref);
  g_clear_pointer (&s->device_kind, g_free);
  g_string_free (s->occ.type, TRUE);
  g_string_free (s->occ.full, TRUE);
}

StpSummary *
stp_summary_new (const StpTrace   *trace,
                 StpSummaryBy      by,
                 StpSummaryOrder   order,
                 gint64            start,
                 gint64            end,
                 GCancellable     *cancellable,
                 GError          **error)
{
  g_autoptr(StpSummary) self = g_new0 (StpSummary, 1);
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (Open));
  Summarizer s = { 0 };
  gboolean ok = TRUE;

  g_return_val_if_fail (trace != NULL, NULL);

  self->by = by;
  self->start = start;
  self->end = end;
  self->rows = g_ptr_array_new_with_free_func (row_free);
  self->has_device_split = trace->format == STP_FORMAT_XSPACE || stp_trace_is_step_stats (trace);

  if (start >= end)
    {
      g_set_error (error, STP_ERROR, STP_ERROR_INVALID_ARGUMENT,
                   "the range is empty: it must end after it starts");
      return NULL;
    }

  summarizer_init (&s, trace, cancellable);
  s.summary = self;
  s.rows = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  s.root = acc_new ("", 0);
  s.busy = g_array_new (FALSE, FALSE, sizeof (Interval));

  for (guint p = 0; p < trace->process_order->len && ok; p++)
    {
      const StpProcess *process =
        stp_trace_get_process (trace, g_array_index (trace->process_order, guint32, p));

      for (guint t = 0; t < process->tracks->len && ok; t++)
        {
          guint32 ti = g_array_index (process->tracks, guint32, t);

          if (track_counts (&s, stp_trace_get_track (trace, ti)) &&
              stp_trace_get_track (trace, ti)->slices != NULL)
            ok = summarize_track (&s, ti, stack, error);
        }
    }

  if (ok)
    finish_times (self, trace, s.busy);

  if (ok && by == STP_SUMMARY_BY_SCOPE)
    {
      StpSummaryRow *root = finish_scope (s.root);

      /* The roots are the top-level scopes; the empty root goes. */
      if (root->children != NULL)
        g_ptr_array_extend_and_steal (self->rows, g_steal_pointer (&root->children));
      row_free (root);
      s.root = NULL;
    }
  else if (ok)
    {
      GHashTableIter iter;
      gpointer value;

      g_hash_table_iter_init (&iter, s.rows);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        {
          Acc *acc = value;

          acc->row.occurrences = by == STP_SUMMARY_BY_OP
                                 ? own_occurrences (acc)
                                 : acc->cpu_occurrences + acc->accelerator_occurrences;
          g_ptr_array_add (self->rows, &acc->row);
        }
    }
  else
    {
      GHashTableIter iter;
      gpointer value;

      g_hash_table_iter_init (&iter, s.rows);
      while (g_hash_table_iter_next (&iter, NULL, &value))
        row_free (value);
    }

  if (s.root != NULL)
    row_free (finish_scope (s.root));
  g_hash_table_unref (s.rows);   /* frees the keys; the rows moved or went */
  g_array_unref (s.busy);
  summarizer_clear (&s);

  if (!ok)
    return NULL;

  stp_summary_sort (self, order);
  return g_steal_pointer (&self);
}

/* ------------------------------------------------------------------ */
/* The slices of a row                                                 */

/* A scope row holds its own ops and everything under its path. */
static gboolean
occurrence_in_scope (const Occurrence *occ,
                     const char       *path,
                     gsize             path_len)
{
  const char *full = occ->full->str;

  if (occ->full->len < path_len || memcmp (full, path, path_len) != 0)
    return FALSE;
  return occ->full->len == path_len || (occ->split && full[path_len] == '/');
}

static gboolean
occurrence_in_row (const Summarizer    *s,
                   StpSummaryBy         by,
                   const StpTrack      *track,
                   const StpSummaryRow *row)
{
  switch (by)
    {
    case STP_SUMMARY_BY_OP:
      return g_str_equal (s->occ.type->str, row->name);
    case STP_SUMMARY_BY_DEVICE:
      return track->process == row->process;
    case STP_SUMMARY_BY_TRACE:
      return part_of (s->trace, track) == row->process;
    case STP_SUMMARY_BY_SCOPE:
    default:
      return occurrence_in_scope (&s->occ, row->path, strlen (row->path));
    }
}

GArray *
stp_summary_collect (const StpTrace      *trace,
                     StpSummaryBy         by,
                     const StpSummaryRow *row,
                     gint64               start,
                     gint64               end,
                     GCancellable        *cancellable,
                     GError             **error)
{
  g_autoptr(GArray) refs = NULL;
  Summarizer s = { 0 };
  guint64 seen = 0;
  gboolean ok = TRUE;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (row != NULL, NULL);
  g_return_val_if_fail (by != STP_SUMMARY_BY_SCOPE || row->path != NULL, NULL);

  refs = g_array_new (FALSE, FALSE, sizeof (StpItemRef));
  summarizer_init (&s, trace, cancellable);

  for (guint32 t = 0; t < trace->tracks->len && ok; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      if (!track_counts (&s, track) || track->slices == NULL)
        continue;
      if ((by == STP_SUMMARY_BY_DEVICE && track->process != row->process) ||
          (by == STP_SUMMARY_BY_TRACE && part_of (trace, track) != row->process))
        continue;

      for (guint32 i = 0; i < track->slices->len; i++)
        {
          const StpSlice *slice = stp_track_get_slice (track, i);

          if (++seen % CANCEL_CHECK_INTERVAL == 0 &&
              g_cancellable_set_error_if_cancelled (cancellable, error))
            {
              ok = FALSE;
              break;
            }
          if (!in_range (slice, start, end))
            continue;
          classify (&s, slice);
          if (s.occ.counted && occurrence_in_row (&s, by, track, row))
            {
              StpItemRef ref = stp_item_ref_slice (t, i);

              ref.ts = slice->ts;
              g_array_append_val (refs, ref);
            }
        }
    }

  summarizer_clear (&s);
  if (!ok)
    return NULL;
  g_array_sort (refs, stp_item_ref_compare_by_time);
  return g_steal_pointer (&refs);
}
