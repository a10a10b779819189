/* stp-chrome-writer.c: writing a trace as Chrome Trace Event JSON
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model keeps events in per-track arrays sorted for drawing; every
 * event also remembers its position in the input (seq).  The writer
 * orders events by seq (stp-chrome-writer-order.c) and writes them
 * back in that order, after the metadata events, so a StepStats
 * analysis comes out exactly as timeline.py orders it.  Output is streamed in blocks: the document is
 * never built in memory.
 */

#define G_LOG_DOMAIN "stp-chrome-writer"

#include "stp-chrome-writer.h"
#include "stp-chrome-writer-order.h"
#include "stp-chrome-writer-sink.h"
#include "stp-buffer.h"
#include "stp-json-writer.h"
#include "stp-safe-output.h"

#include <string.h>

/* Events per block handed to the sink: ~37 KB of StepStats, up to
 * ~75 KB where tensors' snapshots crowd.  Four blocks are held at once:
 * with 2048 events a block, a 30k-node conversion with memory shown
 * peaked 1.5 MB higher, and with 16384 one without memory 14 MB higher,
 * while a 1M-node step converted no faster either way.  With 512, a
 * 100k-node step with memory shown peaked 0.2-0.3 MB higher, just over
 * 3x its input; 256 cost no time once each thread wrote its own blocks
 * (bench/README.md, stop 53). */
#define FORMAT_CHUNK 256

/* One formatting thread's state (the trace itself is only read). */
typedef struct
{
  StpTrace             *trace;
  const StpExportOrder *order;
  const GArray         *counters;  /* CounterEntry */
  GString              *buf;
  guint64               written;
} Writer;

/* Escaping as it goes is as fast as copying a cached literal: names
 * are short, and most of a large trace's names are written once or
 * twice, so a cache would mostly hold memory. */
static inline void
put_str (Writer *w,
         StpStr  id)
{
  stp_json_append_string (w->buf, stp_trace_str (w->trace, id),
                          stp_string_table_get_len (w->trace->strings, id));
}

static void
put_id_value (Writer   *w,
              gint64    num,
              StpStr    str)
{
  if (str != STP_STR_EMPTY)
    put_str (w, str);
  else
    stp_json_append_int (w->buf, num);
}

/* JSON from the input (args, unknown members, metadata), written as
 * strict JSON whatever it holds; bytes that are not JSON even leniently
 * become a string rather than breaking the export. */
static void
put_json (Writer     *w,
          const char *bytes,
          gsize       len)
{
  if (!stp_json_append_strict (w->buf, bytes, len, FALSE))
    stp_json_append_string (w->buf, bytes, len);
}

static void
put_raw_value (Writer *w,
               StpRaw  raw)
{
  gsize len;
  const char *bytes = stp_raw_store_peek (w->trace->raw, raw, &len);

  if (bytes != NULL)
    put_json (w, bytes, len);
  else
    stp_json_append_literal (w->buf, "null");
}

/* ,"k":v,... from a list of members kept raw. */
static void
put_raw_members (Writer *w,
                 StpRaw  raw)
{
  gsize len;
  const char *bytes = stp_raw_store_peek (w->trace->raw, raw, &len);
  gsize mark = w->buf->len;

  if (bytes == NULL)
    return;
  stp_json_append_c (w->buf, ',');
  if (stp_json_append_strict (w->buf, bytes, len, TRUE))
    {
      /* Members of nothing but spaces. */
      if (w->buf->len - (mark + 1) == strspn (w->buf->str + mark + 1, " \t\r\n"))
        g_string_truncate (w->buf, mark);
      return;
    }
  stp_json_append_literal (w->buf, "\"stepscope_unparsed_members\":");
  stp_json_append_string (w->buf, bytes, len);
}

static void
put_event_id (Writer *w,
              StpId   id)
{
  if (id == STP_ID_NONE)
    return;

  stp_json_append_literal (w->buf, ",\"id\":");
  if (id & STP_ID_IS_RAW)
    {
      StpStr raw = (StpStr) (id & G_MAXUINT32);
      put_json (w, stp_trace_str (w->trace, raw),
                stp_string_table_get_len (w->trace->strings, raw));
    }
  else
    stp_json_append_int (w->buf, (gint64) id);
}

/* Starts an event: {"ph":..,"cat":..,"name":..,"pid":..,"tid":..,"ts":.. */
static void
begin_event (Writer               *w,
             char                  ph,
             StpStr                cat,
             StpStr                name,
             const StpProcess     *process,
             gint64                tid,
             StpStr                tid_str,
             gint64                ts)
{
  GString *b = w->buf;

  stp_json_append_literal (b, ",\n{\"ph\":\"");
  stp_json_append_c (b, ph);
  stp_json_append_literal (b, "\",\"cat\":");
  put_str (w, cat);
  stp_json_append_literal (b, ",\"name\":");
  put_str (w, name);
  if (process != NULL)
    {
      stp_json_append_literal (b, ",\"pid\":");
      put_id_value (w, process->pid, process->pid_str);
      stp_json_append_literal (b, ",\"tid\":");
      put_id_value (w, tid, tid_str);
    }
  stp_json_append_literal (b, ",\"ts\":");
  stp_json_append_ns_as_us (b, ts);
  w->written++;
}

static void
put_raw_member (Writer     *w,
                const char *key,
                StpRaw      raw)
{
  if (raw == STP_RAW_NONE)
    return;

  g_string_append_printf (w->buf, ",\"%s\":", key);
  put_raw_value (w, raw);
}

static void
put_args (Writer         *w,
          const StpTrack *track,
          const StpSlice *s)
{
  gsize mark = w->buf->len;

  stp_json_append_literal (w->buf, ",\"args\":");
  /* Args read from a file, written strict; a format's own are. */
  if (!(s->flags & (STP_SLICE_STEP_STATS_NODE | STP_SLICE_SOURCE_EVENT)) && s->args != STP_RAW_NONE)
    put_raw_value (w, s->args);
  else if (!stp_trace_append_args (w->trace, track, s, w->buf))
    g_string_truncate (w->buf, mark);
}

static void
put_extra (Writer  *w,
           guint32  extra)
{
  const StpExtra *e;

  if (extra == STP_INDEX_NONE || extra >= w->trace->extras->len)
    return;

  e = &g_array_index (w->trace->extras, StpExtra, extra);
  if (e->members == STP_RAW_NONE)
    return;

  put_raw_members (w, e->members);
}

/* The extra holding the members of a paired event's end (E, e, F, or a
 * flow's destination), if it had any. */
static const StpExtra *
end_extra (Writer  *w,
           guint32  extra)
{
  const StpExtra *e;

  if (extra == STP_INDEX_NONE || extra + 1 >= w->trace->extras->len)
    return NULL;
  e = &g_array_index (w->trace->extras, StpExtra, extra);
  return (e->flags & STP_EXTRA_HAS_END) ? e + 1 : NULL;
}

static void
put_members (Writer         *w,
             const StpExtra *e)
{
  if (e == NULL || e->members == STP_RAW_NONE)
    return;
  put_raw_members (w, e->members);
}

/* The phase an extra remembers (I, R, T, p, ...), else the fallback. */
static char
extra_phase (Writer  *w,
             guint32  extra,
             char     fallback)
{
  if (extra == STP_INDEX_NONE || extra >= w->trace->extras->len)
    return fallback;
  return g_array_index (w->trace->extras, StpExtra, extra).phase ?: fallback;
}

static inline const StpProcess *
track_process (Writer         *w,
               const StpTrack *track)
{
  return stp_trace_get_process (w->trace, track->process);
}

/* Async slices (b/e/n, S/T/p/F) keep their pid, tid, id and scope
 * among their members: a global id may join several processes. */
static void
write_async_event (Writer         *w,
                   const StpTrack *track,
                   const StpSlice *s,
                   char            phase,
                   gint64          ts)
{
  GString *b = w->buf;
  char ph[2] = { phase, '\0' };

  stp_json_append_literal (b, ",\n{\"ph\":\"");
  g_string_append (b, ph);
  stp_json_append_literal (b, "\",\"cat\":");
  put_str (w, s->cat);
  stp_json_append_literal (b, ",\"name\":");
  put_str (w, s->name);
  stp_json_append_literal (b, ",\"ts\":");
  stp_json_append_ns_as_us (b, ts);
  w->written++;
  put_extra (w, stp_trace_get_slice_extra (w->trace, s));
  put_args (w, track, s);
  stp_json_append_c (b, '}');
}

/* The E, e or F that ended a slice read from a pair, written where it
 * was read (at equal timestamps the input order decides the pairing). */
static void
write_slice_end (Writer         *w,
                 const StpTrack *track,
                 const StpSlice *s)
{
  const StpProcess *p = track_process (w, track);
  GString *b = w->buf;

  stp_json_append_literal (b, ",\n{\"ph\":\"");
  if (s->flags & STP_SLICE_FROM_BEGIN)
    {
      stp_json_append_literal (b, "E\",\"pid\":");
      put_id_value (w, p->pid, p->pid_str);
      stp_json_append_literal (b, ",\"tid\":");
      put_id_value (w, track->tid, track->tid_str);
    }
  else
    {
      /* e and F pair by name; their pid and tid are among their members */
      g_string_append_c (b, (s->flags & STP_SLICE_ASYNC_LEGACY) ? 'F' : 'e');
      stp_json_append_literal (b, "\",\"cat\":");
      put_str (w, s->cat);
      stp_json_append_literal (b, ",\"name\":");
      put_str (w, s->name);
    }
  stp_json_append_literal (b, ",\"ts\":");
  stp_json_append_ns_as_us (b, stp_slice_end (s));
  w->written++;
  put_members (w, end_extra (w, stp_trace_get_slice_extra (w->trace, s)));
  stp_json_append_c (b, '}');
}

static void
write_slice (Writer         *w,
             const StpTrack *track,
             const StpSlice *s)
{
  gboolean begin_only = (s->flags & STP_SLICE_FROM_BEGIN) && (s->flags & STP_SLICE_UNCLOSED);

  if (s->flags & (STP_SLICE_ASYNC | STP_SLICE_ASYNC_LEGACY))
    {
      char fallback = (s->flags & STP_SLICE_ASYNC_LEGACY) ? 'S'
                      : (s->flags & STP_SLICE_INSTANT) ? 'n' : 'b';
      char phase = extra_phase (w, stp_trace_get_slice_extra (w->trace, s), fallback);

      /* a step past (p) is written where it happened: at the slice's end */
      write_async_event (w, track, s, phase, phase == 'p' ? stp_slice_end (s) : s->ts);
      return;
    }

  /* A closed B/E slice: the B here, its E where it was read. */
  if ((s->flags & STP_SLICE_FROM_BEGIN) && !(s->flags & STP_SLICE_UNCLOSED))
    begin_only = TRUE;

  begin_event (w, begin_only ? 'B' : 'X', s->cat, s->name, track_process (w, track),
               track->tid, track->tid_str, s->ts);

  if (!begin_only && !(s->flags & STP_SLICE_UNCLOSED))
    {
      stp_json_append_literal (w->buf, ",\"dur\":");
      stp_json_append_ns_as_us (w->buf, s->dur);
    }

  put_extra (w, stp_trace_get_slice_extra (w->trace, s));
  put_args (w, track, s);
  stp_json_append_c (w->buf, '}');
}

static void
write_instant (Writer         *w,
               const StpTrack *track,
               const StpSlice *s)
{
  const char *scope = track == NULL ? "g" : track->kind == STP_TRACK_INSTANTS ? "p" : "t";
  /* I and R come back as they were read, samples as P (without a scope) */
  guint32 extra = stp_trace_get_slice_extra (w->trace, s);
  char ph = extra_phase (w, extra, (s->flags & STP_SLICE_SAMPLE) ? 'P' : 'i');

  begin_event (w, ph, s->cat, s->name, track ? track_process (w, track) : NULL,
               track ? track->tid : 0, track ? track->tid_str : 0, s->ts);
  if (!(s->flags & STP_SLICE_SAMPLE))
    g_string_append_printf (w->buf, ",\"s\":\"%s\"", scope);
  put_extra (w, extra);
  put_args (w, track, s);
  stp_json_append_c (w->buf, '}');
}

static void
write_flow_end (Writer           *w,
                const StpFlow    *flow,
                const StpFlowEnd *end)
{
  const StpTrack *track = stp_trace_get_track (w->trace, end->track);
  guint32 extra;

  begin_event (w, end->phase, flow->cat, flow->name, track_process (w, track),
               track->tid, track->tid_str, end->ts);
  put_event_id (w, flow->id);
  if (end->binding == 'e')
    stp_json_append_literal (w->buf, ",\"bp\":\"e\"");
  /* the flow's extra holds its source's members, then its destination's */
  extra = stp_trace_get_flow_extra (w->trace, flow);
  if (end == &flow->src)
    put_extra (w, extra);
  else
    put_members (w, end_extra (w, extra));
  stp_json_append_c (w->buf, '}');
}

/* {"ph":"C",...,"args":{ of one of a counter's events. */
static void
begin_counter (Writer         *w,
               const StpTrack *track,
               gint64          ts)
{
  begin_event (w, 'C', track->cat, track->name, track_process (w, track),
               track->tid, track->tid_str, ts);
  if (track->counter_id != STP_STR_EMPTY)
    {
      stp_json_append_literal (w->buf, ",\"id\":");
      put_str (w, track->counter_id);
    }
  stp_json_append_literal (w->buf, ",\"args\":{");
}

static void
put_sample (Writer                 *w,
            const StpCounterSeries *series,
            guint                   sample)
{
  put_str (w, series->name);
  stp_json_append_c (w->buf, ':');
  stp_json_append_double (w->buf, g_array_index (series->samples, StpCounterSample, sample).value);
}

/* One C event of a counter of several series: the run of entries from
 * `first` with its seq (one entry alone for a sample the model made up
 * without a seq).  Before, each event searched every series for its
 * samples by time: quadratic with many series, or many samples at one
 * time (issue 19). */
static void
write_counter (Writer   *w,
               guint     first,
               gboolean  alone)
{
  const CounterEntry *entries = (const CounterEntry *) w->counters->data;
  const CounterEntry *e = &entries[first];
  const StpTrack *track = stp_trace_get_track (w->trace, e->track);
  const StpCounterSeries *series = g_ptr_array_index (track->series, e->series);
  guint32 previous = G_MAXUINT32;

  begin_counter (w, track, g_array_index (series->samples, StpCounterSample, e->sample).ts);
  for (guint i = first; i < w->counters->len; i++)
    {
      const CounterEntry *f = &entries[i];

      if (f->seq != e->seq || f->track != e->track || (alone && i > first))
        break;
      /* A key given twice in one event: its first value, as read. */
      if (f->series == previous)
        continue;
      if (previous != G_MAXUINT32)
        stp_json_append_c (w->buf, ',');
      previous = f->series;
      put_sample (w, g_ptr_array_index (track->series, f->series), f->sample);
    }
  stp_json_append_literal (w->buf, "}}");
}

/* One C event of a counter of one series. */
static void
write_sample (Writer         *w,
              const StpTrack *track,
              guint           sample)
{
  const StpCounterSeries *series = g_ptr_array_index (track->series, 0);

  begin_counter (w, track, g_array_index (series->samples, StpCounterSample, sample).ts);
  put_sample (w, series, sample);
  stp_json_append_literal (w->buf, "}}");
}

/* A snapshot's args: read from a file, or made by its format. */
static void
put_snapshot_args (Writer            *w,
                   const StpSnapshot *snapshot)
{
  gsize mark = w->buf->len;

  if (!stp_trace_snapshot_args_are_made (w->trace, snapshot))
    {
      put_raw_member (w, "args", snapshot->args);
      return;
    }

  stp_json_append_literal (w->buf, ",\"args\":");
  if (!stp_trace_append_snapshot_args (w->trace, snapshot, w->buf))
    g_string_truncate (w->buf, mark);
}

/* An object's N, O (with its snapshot) or D. */
static void
write_object_event (Writer            *w,
                    const char        *ph,
                    const StpObject   *object,
                    gint64             ts,
                    gint64             tid,
                    const StpSnapshot *snapshot)
{
  const StpProcess *process = stp_trace_get_process (w->trace, object->process);

  begin_event (w, ph[0], object->cat, object->name, process, tid, 0, ts);
  put_event_id (w, object->id);
  if (ph[0] == 'N')
    put_extra (w, stp_trace_get_object_extra (w->trace, object));
  if (snapshot != NULL)
    put_snapshot_args (w, snapshot);
  stp_json_append_c (w->buf, '}');
}

static void
write_ref (Writer    *w,
           const Ref *ref)
{
  StpTrace *trace = w->trace;
  const StpTrack *track = NULL;
  guint32 t, index = ref->index;

  if (stp_export_order_locate (w->order, ref, &t, &index))
    track = stp_trace_get_track (trace, t);

  switch ((RefKind) ref->kind)
    {
    case REF_SLICE:
      write_slice (w, track, stp_track_get_slice (track, index));
      break;

    case REF_INSTANT:
      write_instant (w, track, &g_array_index (stp_track_get_instants (track), StpSlice, index));
      break;

    case REF_GLOBAL_INSTANT:
      write_instant (w, NULL, &g_array_index (trace->global_instants, StpSlice, index));
      break;

    case REF_FLOW_SRC:
    case REF_FLOW_DST:
      {
        const StpFlow *flow = &g_array_index (trace->flows, StpFlow, index);
        write_flow_end (w, flow, ref->kind == REF_FLOW_SRC ? &flow->src : &flow->dst);
      }
      break;

    case REF_COUNTER:
    case REF_COUNTER_ALONE:
      write_counter (w, index, ref->kind == REF_COUNTER_ALONE);
      break;

    case REF_SAMPLE:
      write_sample (w, track, index);
      break;

    case REF_OBJECT_CREATE:
      {
        const StpObject *o = &g_array_index (trace->objects, StpObject, index);
        write_object_event (w, "N", o, o->create_ts, o->create_tid, NULL);
      }
      break;

    case REF_OBJECT_SNAPSHOT:
      {
        const StpSnapshot *s = &g_array_index (trace->snapshots, StpSnapshot, index);
        const StpObject *o = &g_array_index (trace->objects, StpObject, s->object);
        write_object_event (w, "O", o, s->ts, s->tid, s);
      }
      break;

    case REF_OBJECT_DELETE:
      {
        const StpObject *o = &g_array_index (trace->objects, StpObject, index);
        write_object_event (w, "D", o, o->delete_ts, o->delete_tid, NULL);
      }
      break;

    case REF_SLICE_END:
      write_slice_end (w, track, stp_track_get_slice (track, index));
      break;

    case REF_NONE:
    default:
      break;
    }
}

static void
write_metadata_event (Writer           *w,
                      const char       *name,
                      const StpProcess *process,
                      const StpTrack   *thread,
                      const char       *key,
                      StpStr            str_value,
                      gint32            int_value)
{
  GString *b = w->buf;

  stp_json_append_literal (b, ",\n{\"name\":\"");
  g_string_append (b, name);
  stp_json_append_literal (b, "\",\"ph\":\"M\",\"pid\":");
  put_id_value (w, process->pid, process->pid_str);
  if (thread != NULL)
    {
      stp_json_append_literal (b, ",\"tid\":");
      put_id_value (w, thread->tid, thread->tid_str);
    }
  g_string_append_printf (b, ",\"args\":{\"%s\":", key);
  if (key[0] == 's')   /* sort_index */
    stp_json_append_int (b, int_value);
  else
    put_str (w, str_value);
  stp_json_append_literal (b, "}}");
}

/* Several inputs in one file: each process named after its input, so
 * that whoever reads the file can tell them apart. */
static void
write_part_process_name (Writer           *w,
                         const StpProcess *process)
{
  g_autofree char *name = stp_trace_describe_process (w->trace, process);

  stp_json_append_literal (w->buf, ",\n{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":");
  put_id_value (w, process->pid, process->pid_str);
  stp_json_append_literal (w->buf, ",\"args\":{\"name\":");
  stp_json_append_string (w->buf, name, strlen (name));
  stp_json_append_literal (w->buf, "}}");
}

/* Metadata first, in process order, as timeline.py writes it. */
static void
write_metadata (Writer *w)
{
  StpTrace *trace = w->trace;

  for (guint i = 0; i < trace->processes->len; i++)
    {
      const StpProcess *p = stp_trace_get_process (trace, i);

      if (trace->parts != NULL)
        write_part_process_name (w, p);
      else if (p->name != STP_STR_EMPTY)
        write_metadata_event (w, "process_name", p, NULL, "name", p->name, 0);
      if (p->has_sort_index)
        write_metadata_event (w, "process_sort_index", p, NULL, "sort_index", 0, p->sort_index);
      if (p->labels != STP_STR_EMPTY)
        write_metadata_event (w, "process_labels", p, NULL, "labels", p->labels, 0);
    }

  for (guint t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);
      const StpProcess *p = stp_trace_get_process (trace, track->process);

      if (track->kind != STP_TRACK_THREAD || track->lane != 0)
        continue;
      /* A track of derived slices (see index_slices) is not written. */
      if (track->slices->len > 0 && (stp_track_get_slice (track, 0)->flags & STP_SLICE_DERIVED))
        continue;
      if (track->name != STP_STR_EMPTY)
        write_metadata_event (w, "thread_name", p, track, "name", track->name, 0);
      if (track->has_sort_index)
        write_metadata_event (w, "thread_sort_index", p, track, "sort_index", 0, track->sort_index);
    }

  /* Events kept whole: M events of other names, unknown phases. */
  for (guint i = 0; i < trace->metadata->len; i++)
    {
      const StpTraceMetadata *md = &g_array_index (trace->metadata, StpTraceMetadata, i);

      const char *bytes;
      gsize len, mark = w->buf->len;

      if (md->kind != STP_METADATA_EVENT)
        continue;
      bytes = stp_raw_store_peek (trace->raw, md->value, &len);
      stp_json_append_literal (w->buf, ",\n");
      /* An event kept whole is an object, or it is left out. */
      if (bytes == NULL || bytes[0] != '{' ||
          !stp_json_append_strict (w->buf, bytes, len, FALSE))
        g_string_truncate (w->buf, mark);
    }
}

static void
write_trace_metadata (Writer *w)
{
  StpTrace *trace = w->trace;

  if (trace->display_time_unit != STP_STR_EMPTY)
    {
      stp_json_append_literal (w->buf, ",\"displayTimeUnit\":");
      put_str (w, trace->display_time_unit);
    }

  for (guint i = 0; i < trace->metadata->len; i++)
    {
      const StpTraceMetadata *md = &g_array_index (trace->metadata, StpTraceMetadata, i);

      if (md->kind != STP_METADATA_MEMBER)
        continue;
      stp_json_append_c (w->buf, ',');
      put_str (w, md->key);
      stp_json_append_c (w->buf, ':');
      put_raw_value (w, md->value);
    }
}

typedef struct
{
  StpTrace *trace;
  StpExportOrder order;
  Writer    writer;                                  /* head and tail */
  Writer    workers[STP_CHROME_WRITER_SINK_WORKERS]; /* chunks */
} Job;

static void
format_head (gpointer  data,
             GString  *out)
{
  Job *job = data;

  job->writer.buf = out;
  write_metadata (&job->writer);
}

static guint64
format_chunk (gpointer  data,
              guint     worker,
              GString  *out,
              guint     chunk)
{
  Job *job = data;
  Writer *w = &job->workers[worker];
  guint n = stp_export_order_len (&job->order);
  guint end = MIN (n, (chunk + 1) * FORMAT_CHUNK);
  guint64 before;

  w->buf = out;
  before = w->written;

  for (guint i = chunk * FORMAT_CHUNK; i < end; i++)
    write_ref (w, stp_export_order_get (&job->order, i));

  return w->written - before;
}

static void
format_tail (gpointer  data,
             GString  *out)
{
  Job *job = data;

  job->writer.buf = out;
  stp_json_append_literal (out, "\n]");
  write_trace_metadata (&job->writer);
  stp_json_append_literal (out, "}\n");
}

/* Events are formatted in chunks by two threads, each writing its own
 * in order, so a big export keeps both cores busy.  Every event is
 * written after a comma; the sink drops the first one. */
gboolean
stp_chrome_writer_write (StpTrace         *trace,
                         StpOutput        *out,
                         StpProgressFunc   progress,
                         gpointer          user_data,
                         GCancellable     *cancellable,
                         GError          **error)
{
  g_autoptr(GTimer) timer = g_timer_new ();
  StpChromeWriterSinkFuncs funcs = { format_head, format_chunk, format_tail };
  Job job = { 0 };
  guint n_events, n_chunks;
  gboolean ok;

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  /* Args read again from a file that changed would be others. */
  if (!stp_trace_check_files (trace, error))
    return FALSE;

  job.trace = trace;
  if (!stp_export_order_build (&job.order, trace, cancellable, error))
    {
      stp_export_order_clear (&job.order);
      return FALSE;
    }
  g_debug ("indexed %u events by seq in %.3f s", job.order.refs->len, g_timer_elapsed (timer, NULL));
  job.writer.trace = trace;
  for (guint i = 0; i < STP_CHROME_WRITER_SINK_WORKERS; i++)
    {
      job.workers[i].trace = trace;
      job.workers[i].order = &job.order;
      job.workers[i].counters = job.order.counters;
    }

  n_events = stp_export_order_len (&job.order);
  n_chunks = (n_events + FORMAT_CHUNK - 1) / FORMAT_CHUNK;
  ok = stp_chrome_writer_sink_run (out, &funcs, &job, n_chunks, n_events,
                                   progress, user_data, cancellable, error) &&
       stp_trace_check_files (trace, error);
  g_debug ("exported %u events in %.3f s", n_events, g_timer_elapsed (timer, NULL));

  stp_export_order_clear (&job.order);
  return ok;
}

gboolean
stp_chrome_writer_write_file (StpTrace         *trace,
                              GFile            *file,
                              StpProgressFunc   progress,
                              gpointer          user_data,
                              GCancellable     *cancellable,
                              GError          **error)
{
  g_autoptr(StpSafeOutput) out = NULL;

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  /* Through a temporary file: a failed or cancelled export never leaves
   * half a file, and keeps the one it would have replaced. */
  out = stp_safe_output_open (file, cancellable, error);
  if (out == NULL)
    return FALSE;

  if (!stp_chrome_writer_write (trace, stp_safe_output_get_output (out), progress, user_data,
                                cancellable, error))
    return FALSE;

  return stp_safe_output_commit (out, cancellable, error);
}
