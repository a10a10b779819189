/* stp-trace-info.c: what a trace holds, counted
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "stp-trace-info"

#include "stp-trace-info.h"
#include "stp-json-writer.h"

#include <string.h>

static void
count_track (const StpTrack *track,
             StpTraceCounts *counts)
{
  if (track->kind == STP_TRACK_COUNTER)
    {
      for (guint i = 0; i < track->series->len; i++)
        counts->counter_samples += ((const StpCounterSeries *) g_ptr_array_index (track->series, i))->samples->len;
      counts->counter_tracks++;
      counts->counter_series += track->series->len;
      return;
    }

  if (track->kind == STP_TRACK_INSTANTS)
    counts->instants += track->slices->len;
  else if (track->kind == STP_TRACK_ASYNC)
    counts->async_slices += track->slices->len;
  else
    {
      counts->slices += track->slices->len;
      counts->thread_tracks++;
    }
  if (track->instants != NULL)
    counts->instants += track->instants->len;
}

/* The seq of a flow end that came from an event of its own, else
 * STP_SEQ_NONE. */
static inline guint32
event_seq (const StpFlowEnd *end)
{
  return end->phase != 0 ? end->seq : STP_SEQ_NONE;
}

/* Flow events: the middle step of a chain is one event shared by two
 * flows, so events are counted once, by their seq, in a bitmap (a
 * hash set took as long as the rest of `info`). */
static guint
count_flow_events (const StpTrace *trace)
{
  guint32 max_seq = 0;
  g_autofree guint8 *seen = NULL;
  guint n = 0;

  for (guint i = 0; i < trace->flows->len; i++)
    {
      const StpFlow *f = &g_array_index (trace->flows, StpFlow, i);

      if (event_seq (&f->src) != STP_SEQ_NONE)
        max_seq = MAX (max_seq, f->src.seq);
      if (event_seq (&f->dst) != STP_SEQ_NONE)
        max_seq = MAX (max_seq, f->dst.seq);
    }

  seen = g_new0 (guint8, max_seq / 8 + 1);
  for (guint i = 0; i < trace->flows->len; i++)
    {
      const StpFlow *f = &g_array_index (trace->flows, StpFlow, i);
      guint32 seqs[2] = { event_seq (&f->src), event_seq (&f->dst) };

      for (guint e = 0; e < 2; e++)
        {
          guint8 bit = 1 << (seqs[e] % 8);

          if (seqs[e] == STP_SEQ_NONE || (seen[seqs[e] / 8] & bit))
            continue;
          seen[seqs[e] / 8] |= bit;
          n++;
        }
    }
  return n;
}

void
stp_trace_count (const StpTrace *trace,
                 StpTraceCounts *counts)
{
  g_return_if_fail (trace != NULL && counts != NULL);

  memset (counts, 0, sizeof *counts);
  for (guint i = 0; i < trace->tracks->len; i++)
    count_track (stp_trace_get_track (trace, i), counts);
  counts->instants += trace->global_instants->len;

  for (guint i = 0; i < trace->flows->len; i++)
    {
      const StpFlow *f = &g_array_index (trace->flows, StpFlow, i);

      if (f->src.slice != STP_INDEX_NONE && f->dst.slice != STP_INDEX_NONE)
        counts->bound_flows++;
    }
  counts->flows = trace->flows->len;
  counts->flow_events = count_flow_events (trace);
  counts->objects = trace->objects->len;
  counts->snapshots = trace->snapshots->len;
}

GPtrArray *
stp_trace_dup_metadata (const StpTrace *trace)
{
  GPtrArray *pairs = g_ptr_array_new_with_free_func (g_free);

  g_return_val_if_fail (trace != NULL, pairs);

  /* The model keeps this one apart (it is read when drawing); shown as
   * the file has it, JSON, like the other members. */
  if (trace->display_time_unit != STP_STR_EMPTY)
    {
      GString *unit = g_string_new (NULL);

      stp_json_append_string (unit, stp_trace_str (trace, trace->display_time_unit),
                              strlen (stp_trace_str (trace, trace->display_time_unit)));
      g_ptr_array_add (pairs, g_strdup ("displayTimeUnit"));
      g_ptr_array_add (pairs, g_string_free (unit, FALSE));
    }
  for (guint i = 0; i < trace->metadata->len; i++)
    {
      const StpTraceMetadata *m = &g_array_index (trace->metadata, StpTraceMetadata, i);

      if (m->kind == STP_METADATA_EVENT)
        continue;
      g_ptr_array_add (pairs, g_strdup (stp_trace_str (trace, m->key)));
      g_ptr_array_add (pairs, stp_trace_dup_raw (trace, m->value, NULL));
    }
  return pairs;
}

/* 2000-01-01 and 2100-01-01 in Unix ns.  A monotonic clock reading that
 * large would mean a machine up for thirty years: a time in this range
 * can only be wall-clock time. */
#define WALL_CLOCK_MIN G_GINT64_CONSTANT (946684800000000000)
#define WALL_CLOCK_MAX G_GINT64_CONSTANT (4102444800000000000)

/* Kineto writes its times relative to "baseTimeNanoseconds", the Unix
 * time it started counting from; 0 when there is none. */
static gint64
base_time_ns (const StpTrace *trace)
{
  g_autofree char *value = stp_trace_dup_metadata_value (trace, STP_METADATA_MEMBER, "baseTimeNanoseconds");
  gint64 base;
  char *end;

  if (value == NULL)
    return 0;
  base = g_ascii_strtoll (value, &end, 10);
  if (end == value || *end != '\0' || base < 0 || base > WALL_CLOCK_MAX)
    return 0;
  return base;
}

gboolean
stp_trace_get_wall_clock (const StpTrace *trace,
                          gint64         *offset_ns)
{
  gint64 offset;

  g_return_val_if_fail (trace != NULL, FALSE);

  offset = base_time_ns (trace);
  if (offset_ns != NULL)
    *offset_ns = offset;
  /* Both within the range: an offset of up to 2100 plus any time would
   * overflow otherwise. */
  return trace->start_ts >= WALL_CLOCK_MIN - offset && trace->start_ts < WALL_CLOCK_MAX - offset;
}

/* A Unix time in ns as a UTC date, to the µs (GDateTime's resolution). */
GDateTime *
stp_wall_clock_to_date_time (gint64 unix_ns)
{
  g_autoptr(GDateTime) seconds = g_date_time_new_from_unix_utc (unix_ns / G_GINT64_CONSTANT (1000000000));

  if (seconds == NULL)
    return NULL;
  return g_date_time_add (seconds, (unix_ns % G_GINT64_CONSTANT (1000000000)) / 1000);
}
