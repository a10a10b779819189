/* stp-cli-info.c: `stepscope-cli info`, what a trace holds as JSON
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "stepscope-cli"

#include "stp-cli-info.h"

#include <string.h>
#include "stp-json-writer.h"
#include "stp-cli-lifetimes.h"
#include "stp-trace-info.h"


static void
append_str (GString        *out,
            const StpTrace *trace,
            StpStr          id)
{
  stp_json_append_string (out, stp_trace_str (trace, id),
                          stp_string_table_get_len (trace->strings, id));
}

static void
append_id (GString        *out,
           const StpTrace *trace,
           gint64          num,
           StpStr          str)
{
  if (str != STP_STR_EMPTY)
    append_str (out, trace, str);
  else
    stp_json_append_int (out, num);
}

static const char *
kind_name (StpTrackKind kind)
{
  switch (kind)
    {
    case STP_TRACK_THREAD:   return "thread";
    case STP_TRACK_ASYNC:    return "async";
    case STP_TRACK_COUNTER:  return "counter";
    case STP_TRACK_INSTANTS: return "instants";
    default:                 return "unknown";
    }
}

static void
append_track (GString        *out,
              const StpTrace *trace,
              const StpTrack *track)
{
  g_autofree char *name = stp_trace_describe_track (trace, track);

  g_string_append (out, "{\"kind\": \"");
  g_string_append (out, kind_name (track->kind));
  g_string_append (out, "\"");

  if (track->kind == STP_TRACK_THREAD)
    {
      g_string_append (out, ", \"tid\": ");
      append_id (out, trace, track->tid, track->tid_str);
      g_string_append_printf (out, ", \"lane\": %u", track->lane);
    }

  g_string_append (out, ", \"name\": ");
  stp_json_append_string (out, name, strlen (name));

  if (track->kind == STP_TRACK_COUNTER)
    {
      g_string_append (out, ", \"series\": [");
      for (guint i = 0; i < track->series->len; i++)
        {
          const StpCounterSeries *series = g_ptr_array_index (track->series, i);

          g_string_append (out, i ? ", {\"name\": " : "{\"name\": ");
          append_str (out, trace, series->name);
          g_string_append_printf (out, ", \"samples\": %u, \"min\": ", series->samples->len);
          stp_json_append_double (out, series->min);
          g_string_append (out, ", \"max\": ");
          stp_json_append_double (out, series->max);
          g_string_append_c (out, '}');
        }
      g_string_append_c (out, ']');
    }
  else
    {
      g_string_append_printf (out, ", \"slices\": %u, \"max_depth\": %u",
                              track->slices->len, track->max_depth);
      if (track->instants != NULL)
        g_string_append_printf (out, ", \"instants\": %u", track->instants->len);
    }

  g_string_append_c (out, '}');
}

static void
append_processes (GString        *out,
                  const StpTrace *trace)
{
  g_string_append (out, "  \"processes\": [");

  for (guint i = 0; i < trace->process_order->len; i++)
    {
      const StpProcess *p = stp_trace_get_process (trace, g_array_index (trace->process_order, guint32, i));
      g_autofree char *name = stp_trace_describe_process (trace, p);

      g_string_append (out, i ? ",\n    {\"pid\": " : "\n    {\"pid\": ");
      append_id (out, trace, p->pid, p->pid_str);
      g_string_append (out, ", \"name\": ");
      stp_json_append_string (out, name, strlen (name));
      g_string_append_printf (out, ", \"objects\": %u, \"tracks\": [", p->n_objects);

      for (guint j = 0; j < p->tracks->len; j++)
        {
          const StpTrack *track = stp_trace_get_track (trace, g_array_index (p->tracks, guint32, j));

          g_string_append (out, j ? ",\n      " : "\n      ");
          append_track (out, trace, track);
        }
      g_string_append (out, p->tracks->len ? "\n    ]}" : "]}");
    }

  g_string_append (out, trace->process_order->len ? "\n  ],\n" : "],\n");
}

static void
append_warnings (GString        *out,
                 const StpTrace *trace)
{
  g_string_append (out, "  \"warnings\": [");
  for (guint i = 0; i < trace->warnings->len; i++)
    {
      const StpWarning *w = &g_array_index (trace->warnings, StpWarning, i);

      g_string_append (out, i ? ",\n    {\"kind\": " : "\n    {\"kind\": ");
      append_str (out, trace, w->kind);
      g_string_append_printf (out, ", \"count\": %u, \"example\": ", w->count);
      append_str (out, trace, w->example);
      g_string_append_c (out, '}');
    }
  g_string_append (out, trace->warnings->len ? "\n  ]\n" : "]\n");
}

/* "metadata": what the file says about itself, as the information page
 * shows it: a JSON member as its JSON (strict), a binary format's
 * description (XSpace hostnames, RunMetadata devices) as a string. */
static void
append_metadata (GString        *out,
                 const StpTrace *trace)
{
  gboolean first = TRUE;

  g_string_append (out, "  \"metadata\": {");
  for (guint i = 0; i < trace->metadata->len; i++)
    {
      const StpTraceMetadata *m = &g_array_index (trace->metadata, StpTraceMetadata, i);
      const char *key = stp_trace_str (trace, m->key);
      g_autofree char *value = NULL;
      gsize len;

      if (m->kind == STP_METADATA_EVENT)
        continue;
      value = stp_trace_dup_raw (trace, m->value, &len);
      if (value == NULL)
        continue;
      g_string_append (out, first ? "" : ", ");
      stp_json_append_string (out, key, strlen (key));
      g_string_append (out, ": ");
      if (m->kind != STP_METADATA_MEMBER || !stp_json_append_strict (out, value, len, FALSE))
        stp_json_append_string (out, value, len);
      first = FALSE;
    }
  g_string_append (out, "},\n");
}

/* "clock": whether times are Unix time, and then when the trace began. */
static void
append_clock (GString        *out,
              const StpTrace *trace)
{
  g_autoptr(GDateTime) start = NULL;
  g_autofree char *iso = NULL;
  gint64 offset;

  if (!stp_trace_get_wall_clock (trace, &offset))
    {
      g_string_append (out, "  \"clock\": {\"unix_time\": false},\n");
      return;
    }
  start = stp_wall_clock_to_date_time (trace->start_ts + offset);
  iso = start ? g_date_time_format_iso8601 (start) : NULL;
  g_string_append_printf (out, "  \"clock\": {\"unix_time\": true, \"offset_ns\": %" G_GINT64_FORMAT, offset);
  if (iso != NULL)
    {
      g_string_append (out, ", \"start\": ");
      stp_json_append_string (out, iso, strlen (iso));
    }
  g_string_append (out, "},\n");
}

GString *
stp_cli_info_describe (const StpTrace *trace)
{
  GString *out = g_string_new (NULL);
  StpTraceCounts counts;

  g_string_append (out, "{\n  \"file\": ");
  stp_json_append_string (out, trace->filename, strlen (trace->filename));
  g_string_append_printf (out, ",\n  \"format\": \"%s\",\n", stp_format_to_string (trace->format));

  append_processes (out, trace);
  stp_trace_count (trace, &counts);

  g_string_append_printf (out,
                          "  \"events\": {\"slices\": %" G_GUINT64_FORMAT
                          ", \"async_slices\": %" G_GUINT64_FORMAT
                          ", \"instants\": %" G_GUINT64_FORMAT
                          ", \"counter_samples\": %" G_GUINT64_FORMAT
                          ", \"flow_events\": %u, \"object_snapshots\": %u, \"input_events\": %u},\n",
                          counts.slices, counts.async_slices, counts.instants,
                          counts.counter_samples, counts.flow_events, counts.snapshots, trace->n_seq);
  g_string_append_printf (out, "  \"flows\": {\"count\": %u, \"bound\": %u},\n",
                          counts.flows, counts.bound_flows);
  g_string_append_printf (out, "  \"counters\": {\"tracks\": %" G_GUINT64_FORMAT
                          ", \"series\": %" G_GUINT64_FORMAT "},\n",
                          counts.counter_tracks, counts.counter_series);
  g_string_append_printf (out, "  \"objects\": %u,\n", counts.objects);
  g_string_append (out, "  \"time_range\": {\"start_us\": ");
  stp_json_append_ns_as_us (out, trace->start_ts);
  g_string_append (out, ", \"end_us\": ");
  stp_json_append_ns_as_us (out, trace->end_ts);
  g_string_append (out, ", \"duration_us\": ");
  stp_json_append_span_as_us (out, stp_time_span (trace->start_ts, trace->end_ts));
  g_string_append (out, "},\n");
  append_clock (out, trace);
  append_metadata (out, trace);
  g_string_append_printf (out, "  \"allocator_maximums\": %u,\n", trace->allocator_maximums->len);
  stp_cli_lifetimes_append_info (out, trace);
  append_warnings (out, trace);
  g_string_append (out, "}\n");

  return out;
}
