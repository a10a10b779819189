/* stp-trace-merge.c: several finished traces as one
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Ranks of one job, hosts of one XSpace run, or two runs to compare are
 * several files; the viewer, the search, the summary and export all
 * work on one StpTrace.  Merging moves each input's arrays into the new
 * trace instead of copying them: its tracks, slices and raw args blocks
 * change owner, and only what names things is rewritten (strings are
 * interned again in one table, indices, times and input positions are
 * shifted).  Names stay as recorded (analyses read device names such
 * as "/device:GPU:0"); what shows or exports a process puts its input's
 * label before it.  So merging costs about a pass over the events, and the
 * merged trace about the memory of its inputs together.
 *
 * What each input's format keeps for details (its source) stays with it
 * as a StpTracePart; a process knows its part.
 */

#define G_LOG_DOMAIN "stp-trace-merge"

#include "stp-trace-merge.h"
#include "stp-trace-private.h"

/* What runs on from one input to the next: numbers not used yet. */
typedef struct
{
  guint64 flow_id_base;   /* above every earlier input's numeric flow id */
  gint64  next_pid;       /* above every input's numeric pid */
} MergeState;

/* How one input's values become the merged trace's. */
typedef struct
{
  StpStr  *strings;       /* input StpStr -> merged StpStr */
  guint64  raw_base;      /* added to raw references */
  guint32  process_base;
  guint32  track_base;
  guint32  extra_base;
  guint32  object_base;
  guint32  seq_base;
  guint64  flow_id_base;  /* numeric flow ids: distinct between inputs */
  gint64   offset;        /* ns added to times */
  guint32  part;          /* the input's index among the parts */
} Rebase;

static inline StpStr
rebase_str (const Rebase *r,
            StpStr        str)
{
  return r->strings[str];
}

static inline guint32
rebase_index (guint32 base,
              guint32 index)
{
  return index == STP_INDEX_NONE ? index : index + base;
}

static inline guint32
rebase_seq (const Rebase *r,
            guint32       seq)
{
  return seq == STP_SEQ_NONE ? seq : seq + r->seq_base;
}

static inline StpRaw
rebase_raw (const Rebase *r,
            StpRaw        raw)
{
  return raw != STP_RAW_NONE ? raw + r->raw_base : raw;
}

static inline gint64
rebase_ts (const Rebase *r,
           gint64        ts)
{
  return ts == STP_TS_UNKNOWN ? ts : stp_time_add (ts, r->offset);
}

static StpId
rebase_id (const Rebase *r,
           StpId         id,
           guint64       numeric_base)
{
  if (id == STP_ID_NONE)
    return id;
  if (id & STP_ID_IS_RAW)
    return STP_ID_IS_RAW | rebase_str (r, (StpStr) (id & G_MAXUINT32));
  /* A huge id stays as it is rather than turning into a string id. */
  if (id + numeric_base >= STP_ID_IS_RAW)
    return id;
  return id + numeric_base;
}

static void
rebase_slices (const Rebase *r,
               GArray       *slices)
{
  for (guint i = 0; slices != NULL && i < slices->len; i++)
    {
      StpSlice *s = &g_array_index (slices, StpSlice, i);

      s->ts = rebase_ts (r, s->ts);
      s->name = rebase_str (r, s->name);
      s->cat = rebase_str (r, s->cat);
      s->seq = rebase_seq (r, s->seq);
      /* A source event's reference points into its part's source; a
       * StepStats node says which part's nodes it indexes. */
      if (s->flags & STP_SLICE_STEP_STATS_NODE)
        s->args = ((guint64) r->part << 32) | stp_slice_get_node (s);
      else if (!(s->flags & STP_SLICE_SOURCE_EVENT))
        s->args = rebase_raw (r, s->args);
    }
}

static void
move_event_extras (StpTrace     *merged,
                   StpTrace     *part,
                   const Rebase *r)
{
  for (guint i = 0; i < part->event_extras->len; i++)
    {
      StpEventExtra entry = g_array_index (part->event_extras, StpEventExtra, i);

      entry.seq = rebase_seq (r, entry.seq);
      entry.extra = rebase_index (r->extra_base, entry.extra);
      g_array_append_val (merged->event_extras, entry);
    }
}

static void
rebase_series (const Rebase *r,
               StpTrack     *track)
{
  for (guint i = 0; i < track->series->len; i++)
    {
      StpCounterSeries *series = g_ptr_array_index (track->series, i);

      series->name = rebase_str (r, series->name);
      for (guint k = 0; k < series->samples->len; k++)
        {
          StpCounterSample *sample = &g_array_index (series->samples, StpCounterSample, k);

          sample->ts = rebase_ts (r, sample->ts);
          sample->seq = rebase_seq (r, sample->seq);
        }
    }

  if (track->series_index == NULL)
    return;
  g_hash_table_remove_all (track->series_index);
  for (guint i = 0; i < track->series->len; i++)
    {
      StpCounterSeries *series = g_ptr_array_index (track->series, i);

      g_hash_table_insert (track->series_index, GUINT_TO_POINTER (series->name), series);
    }
}

static void
move_tracks (StpTrace     *merged,
             StpTrace     *part,
             const Rebase *r)
{
  g_ptr_array_set_free_func (part->tracks, NULL);
  for (guint i = 0; i < part->tracks->len; i++)
    {
      StpTrack *track = g_ptr_array_index (part->tracks, i);

      track->process += r->process_base;
      track->tid_str = rebase_str (r, track->tid_str);
      track->name = rebase_str (r, track->name);
      track->cat = rebase_str (r, track->cat);
      track->counter_id = rebase_str (r, track->counter_id);
      rebase_slices (r, track->slices);
      rebase_slices (r, track->instants);
      if (track->series != NULL)
        rebase_series (r, track);
      g_ptr_array_add (merged->tracks, track);
    }
  g_ptr_array_set_size (part->tracks, 0);
}

/* A pid no earlier input used, so that processes stay apart on export:
 * a number above every input's (*next_pid), or the label before a
 * string pid. */
static void
make_pid_distinct (StpTrace   *merged,
                   StpProcess *process,
                   const char *label,
                   gint64     *next_pid)
{
  const char *str = stp_trace_str (merged, process->pid_str);
  guint n = 1;

  while (stp_trace_find_process (merged, process->pid, process->pid_str) != STP_INDEX_NONE)
    {
      if (process->pid_str != STP_STR_EMPTY)
        {
          g_autofree char *text = n == 1 ? g_strdup_printf ("%s %s", label, str)
                                         : g_strdup_printf ("%s %s #%u", label, str, n);

          process->pid_str = stp_trace_intern0 (merged, text);
          n++;
        }
      else if (*next_pid < G_MAXINT64)
        process->pid = (*next_pid)++;
      else
        process->pid = process->pid < G_MAXINT64 ? process->pid + 1 : 0;
    }
}

/* One above the largest numeric pid of every input. */
static gint64
first_free_pid (StpTrace **parts,
                guint      n_parts)
{
  gint64 max = 0;

  for (guint i = 0; i < n_parts; i++)
    for (guint k = 0; k < parts[i]->processes->len; k++)
      max = MAX (max, stp_trace_get_process (parts[i], k)->pid);
  return max < G_MAXINT64 ? max + 1 : G_MAXINT64;
}

static void
move_processes (StpTrace     *merged,
                StpTrace     *part,
                const Rebase *r,
                guint32       part_index,
                const char   *label,
                gint64       *next_pid)
{
  g_array_set_clear_func (part->processes, NULL);
  for (guint i = 0; i < part->processes->len; i++)
    {
      StpProcess process = g_array_index (part->processes, StpProcess, i);

      process.pid_str = rebase_str (r, process.pid_str);
      process.name = rebase_str (r, process.name);
      process.labels = rebase_str (r, process.labels);
      process.first_object += r->object_base;
      process.part = part_index;
      for (guint k = 0; k < process.tracks->len; k++)
        g_array_index (process.tracks, guint32, k) += r->track_base;
      make_pid_distinct (merged, &process, label, next_pid);
      g_array_append_val (merged->processes, process);
      stp_trace_index_process (merged, merged->processes->len - 1);
    }
  g_array_set_size (part->processes, 0);

  for (guint i = 0; i < part->process_order->len; i++)
    {
      guint32 index = g_array_index (part->process_order, guint32, i) + r->process_base;

      g_array_append_val (merged->process_order, index);
    }
}

static void
rebase_flow_end (const Rebase *r,
                 StpFlowEnd   *end)
{
  end->ts = rebase_ts (r, end->ts);
  end->track = rebase_index (r->track_base, end->track);
  end->seq = rebase_seq (r, end->seq);
}

/* Returns the largest numeric flow id of the input, after rebasing. */
static guint64
move_flows (StpTrace     *merged,
            StpTrace     *part,
            const Rebase *r)
{
  guint64 max_id = 0;

  for (guint i = 0; i < part->flows->len; i++)
    {
      StpFlow *flow = &g_array_index (part->flows, StpFlow, i);

      rebase_flow_end (r, &flow->src);
      rebase_flow_end (r, &flow->dst);
      flow->name = rebase_str (r, flow->name);
      flow->cat = rebase_str (r, flow->cat);
      flow->id = rebase_id (r, flow->id, r->flow_id_base);
      if (flow->id != STP_ID_NONE && !(flow->id & STP_ID_IS_RAW))
        max_id = MAX (max_id, flow->id);
    }
  g_array_append_vals (merged->flows, part->flows->data, part->flows->len);
  return max_id;
}

static void
move_objects (StpTrace     *merged,
              StpTrace     *part,
              const Rebase *r)
{
  for (guint i = 0; i < part->objects->len; i++)
    {
      StpObject *object = &g_array_index (part->objects, StpObject, i);

      object->name = rebase_str (r, object->name);
      object->cat = rebase_str (r, object->cat);
      object->id = rebase_id (r, object->id, 0);
      object->process += r->process_base;
      object->create_ts = rebase_ts (r, object->create_ts);
      object->delete_ts = rebase_ts (r, object->delete_ts);
      object->create_seq = rebase_seq (r, object->create_seq);
      object->delete_seq = rebase_seq (r, object->delete_seq);
    }
  g_array_append_vals (merged->objects, part->objects->data, part->objects->len);

  for (guint i = 0; i < part->snapshots->len; i++)
    {
      StpSnapshot *snapshot = &g_array_index (part->snapshots, StpSnapshot, i);

      snapshot->object += r->object_base;
      snapshot->ts = rebase_ts (r, snapshot->ts);
      snapshot->seq = rebase_seq (r, snapshot->seq);
      /* Args its format makes keep that format's reference. */
      if (part->source_snapshot_args == NULL)
        snapshot->args = rebase_raw (r, snapshot->args);
    }
  g_array_append_vals (merged->snapshots, part->snapshots->data, part->snapshots->len);
}

static void
move_extras (StpTrace     *merged,
             StpTrace     *part,
             const Rebase *r)
{
  for (guint i = 0; i < part->extras->len; i++)
    {
      StpExtra *extra = &g_array_index (part->extras, StpExtra, i);

      extra->members = rebase_raw (r, extra->members);
      extra->seq = rebase_seq (r, extra->seq);
    }
  g_array_append_vals (merged->extras, part->extras->data, part->extras->len);
}

static gboolean
has_member (StpTrace *merged,
            StpStr    key)
{
  for (guint i = 0; i < merged->metadata->len; i++)
    {
      const StpTraceMetadata *m = &g_array_index (merged->metadata, StpTraceMetadata, i);

      if (m->kind == STP_METADATA_MEMBER && m->key == key)
        return TRUE;
    }
  return FALSE;
}

/* Warnings add up by kind; the trace-wide metadata members of the
 * object form are written once, so the first input's are kept. */
static void
move_notes (StpTrace     *merged,
            StpTrace     *part,
            const Rebase *r)
{
  for (guint i = 0; i < part->warnings->len; i++)
    {
      StpWarning w = g_array_index (part->warnings, StpWarning, i);
      gpointer value;

      w.kind = rebase_str (r, w.kind);
      w.example = rebase_str (r, w.example);
      if (g_hash_table_lookup_extended (merged->warning_index, GUINT_TO_POINTER (w.kind), NULL, &value))
        {
          g_array_index (merged->warnings, StpWarning, GPOINTER_TO_UINT (value)).count += w.count;
          continue;
        }
      g_array_append_val (merged->warnings, w);
      g_hash_table_insert (merged->warning_index, GUINT_TO_POINTER (w.kind),
                           GUINT_TO_POINTER (merged->warnings->len - 1));
    }

  for (guint i = 0; i < part->metadata->len; i++)
    {
      StpTraceMetadata m = g_array_index (part->metadata, StpTraceMetadata, i);

      m.key = rebase_str (r, m.key);
      m.value = rebase_raw (r, m.value);
      if (m.kind == STP_METADATA_MEMBER && has_member (merged, m.key))
        continue;
      g_array_append_val (merged->metadata, m);
    }

  g_array_set_clear_func (part->allocator_maximums, NULL);
  for (guint i = 0; i < part->allocator_maximums->len; i++)
    {
      StpAllocatorMaximum max = g_array_index (part->allocator_maximums, StpAllocatorMaximum, i);

      max.allocator = rebase_str (r, max.allocator);
      max.ts = rebase_ts (r, max.ts);
      for (guint k = 0; max.tensors != NULL && k < max.tensors->len; k++)
        g_array_index (max.tensors, StpStr, k) = rebase_str (r, g_array_index (max.tensors, StpStr, k));
      g_array_append_val (merged->allocator_maximums, max);
    }
  g_array_set_size (part->allocator_maximums, 0);

  if (merged->display_time_unit == STP_STR_EMPTY)
    merged->display_time_unit = rebase_str (r, part->display_time_unit);
}

static StpStr *
map_strings (StpTrace *merged,
             StpTrace *part)
{
  guint n = stp_string_table_count (part->strings);
  StpStr *map = g_new (StpStr, n);

  stp_string_table_reserve (merged->strings, n);
  for (guint i = 0; i < n; i++)
    map[i] = stp_string_table_intern (merged->strings,
                                      stp_string_table_get (part->strings, i),
                                      stp_string_table_get_len (part->strings, i));
  return map;
}

/* Everything but the events: the part's format data changes owner. */
static void
add_part (StpTrace   *merged,
          StpTrace   *trace,
          const char *label,
          gint64      offset,
          guint32     first_process)
{
  StpTracePart part = { 0 };

  part.label = g_strdup (label);
  part.filename = g_strdup (trace->filename);
  part.format = trace->format;
  part.offset = offset;
  part.start_ts = stp_time_add (trace->start_ts, offset);
  part.end_ts = stp_time_add (trace->end_ts, offset);
  part.first_process = first_process;
  part.n_processes = merged->processes->len - first_process;
  part.source = g_steal_pointer (&trace->source);
  part.source_free = trace->source_free;
  part.source_args = trace->source_args;
  part.source_snapshot_args = trace->source_snapshot_args;
  part.lifetimes = g_steal_pointer (&trace->lifetimes);
  g_array_append_val (merged->parts, part);
}

static void
merge_one (StpTrace   *merged,
           StpTrace   *part,
           const char *label,
           gint64      offset,
           MergeState *state)
{
  g_autofree StpStr *strings = map_strings (merged, part);
  guint32 first_process = merged->processes->len;
  Rebase r = {
    .strings = strings,
    .process_base = merged->processes->len,
    .track_base = merged->tracks->len,
    .extra_base = merged->extras->len,
    .object_base = merged->objects->len,
    .seq_base = merged->n_seq,
    .flow_id_base = state->flow_id_base,
    .offset = offset,
    .part = merged->parts->len,
  };
  guint64 max_flow_id;

  r.raw_base = stp_raw_store_adopt (merged->raw, part->raw);

  move_tracks (merged, part, &r);
  move_processes (merged, part, &r, merged->parts->len, label, &state->next_pid);
  max_flow_id = move_flows (merged, part, &r);
  state->flow_id_base = MAX (state->flow_id_base, max_flow_id + 1);
  move_objects (merged, part, &r);
  move_extras (merged, part, &r);
  move_event_extras (merged, part, &r);
  rebase_slices (&r, part->global_instants);
  g_array_append_vals (merged->global_instants, part->global_instants->data,
                       part->global_instants->len);
  move_notes (merged, part, &r);

  merged->n_seq += part->n_seq;
  add_part (merged, part, label, offset, first_process);
}

static StpFormat
common_format (StpTrace **parts,
               guint      n_parts)
{
  for (guint i = 1; i < n_parts; i++)
    if (parts[i]->format != parts[0]->format)
      return STP_FORMAT_UNKNOWN;
  return parts[0]->format;
}

/* Merges n_parts finished traces, each taking labels[i] (what the viewer
 * and the export call it) and offsets[i] (ns added to its times), into
 * a new finished trace.  The parts are consumed: their events move, and
 * each is unreferenced (a part must not be shared). */
StpTrace *
stp_trace_merge (StpTrace          **parts,
                 guint               n_parts,
                 const char *const  *labels,
                 const gint64       *offsets,
                 const char         *name)
{
  g_autoptr(StpTrace) merged = NULL;
  MergeState state = { 0 };
  gboolean first = TRUE;

  g_return_val_if_fail (parts != NULL && n_parts > 0, NULL);
  g_return_val_if_fail (labels != NULL && offsets != NULL, NULL);

  state.next_pid = first_free_pid (parts, n_parts);

  merged = stp_trace_new (common_format (parts, n_parts), name);
  merged->parts = g_array_new (FALSE, TRUE, sizeof (StpTracePart));
  g_array_set_clear_func (merged->parts, (GDestroyNotify) stp_trace_part_clear);

  for (guint i = 0; i < n_parts; i++)
    {
      StpTrace *part = parts[i];

      g_return_val_if_fail (part->finished && part->parts == NULL, NULL);
      g_return_val_if_fail (g_atomic_int_get (&part->ref_count) == 1, NULL);

      if (part->end_ts >= part->start_ts && part->processes->len + part->global_instants->len > 0)
        {
          gint64 start = stp_time_add (part->start_ts, offsets[i]);
          gint64 end = stp_time_add (part->end_ts, offsets[i]);

          merged->start_ts = first ? start : MIN (merged->start_ts, start);
          merged->end_ts = first ? end : MAX (merged->end_ts, end);
          first = FALSE;
        }
      merge_one (merged, part, labels[i], offsets[i], &state);
      stp_trace_unref (part);
      parts[i] = NULL;
    }

  g_array_sort_with_data (merged->global_instants, stp_trace_compare_instants, NULL);
  stp_trace_sort_event_extras (merged);
  stp_trace_index_threads (merged);
  stp_string_table_drop_index (merged->strings);
  merged->finished = TRUE;
  return g_steal_pointer (&merged);
}
