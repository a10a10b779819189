/* stp-chrome-json-events.c: the Chrome JSON loader's phase rules
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One function per phase turns a cut-up event into model entries, as
 * the Trace Event Format document describes them and as chrome://tracing
 * (catapult's trace_event_importer) and Perfetto import them:
 *
 * - X: a slice on its thread; without "dur" it runs to the trace end.
 * - B/E, b/e/n, S/T/F/p, s/t/f: kept as records and paired in timestamp
 *   order once everything is read (stp-chrome-json-match.c).
 * - i/I/R: instants, by "s": "g" global, "p" on the process, else on
 *   the thread.  P: samples, kept as thread instants.
 * - C: one counter track per (process, name, id), a series per args key;
 *   numbers and numeric strings count, anything else is a warning.
 * - N/O/D: objects per (process, name, id), with snapshots.
 * - M: process and thread names, sort indexes and labels; other M events
 *   and unknown phases are kept whole for export, with a warning.
 *
 * Members the model has no field for are kept verbatim as an StpExtra,
 * so export writes them back (tts, tdur, cname, id2, bind_id, ...).
 */

#define G_LOG_DOMAIN "stp-chrome-json"

#include "stp-chrome-json-private.h"
#include "stp-buffer.h"

#include <string.h>

#include "stp-json-writer.h"

#define CONSUMED_SLICE (KEY_BIT (KEY_PH) | KEY_BIT (KEY_TS) | KEY_BIT (KEY_PID) | \
                        KEY_BIT (KEY_TID) | KEY_BIT (KEY_NAME) | KEY_BIT (KEY_CAT) | \
                        KEY_BIT (KEY_ARGS))

/* v2 flows (bind_id, flow_in, flow_out) on a slice. */
static void
maybe_v2_flow (StpChromeLoader      *self,
               const StpChromeEvent *event,
               guint32               track,
               gint64                ts,
               guint32               seq)
{
  const StpChromeMember *bind = stp_chrome_event_get (event, KEY_BIND_ID);
  StpChromeV2Record rec;

  if (bind == NULL)
    return;

  rec.seq = seq;
  rec.track = track;
  rec.ts = ts;
  rec.id = stp_chrome_member_id (self, bind);
  rec.key = stp_string_table_intern (self->keys, bind->value, bind->end - bind->value);
  rec.flow_in = stp_chrome_member_is_true (stp_chrome_event_get (event, KEY_FLOW_IN));
  rec.flow_out = stp_chrome_member_is_true (stp_chrome_event_get (event, KEY_FLOW_OUT));
  if (!rec.flow_in && !rec.flow_out)
    {
      stp_trace_warn (self->trace, "flow-without-direction",
                      "an event with \"bind_id\" but neither flow_in nor flow_out");
      return;
    }
  g_array_append_val (self->v2, rec);
}

/* ------------------------------------------------------------------ */
/* Phases                                                              */

/* Slices of a thread before its array is sized for the rest of the
 * file (160 KB of them), and again at each doubling past its room. */
#define SIZE_AT   4096
/* At most this many times the slices it has: an early rate may be far
 * off, and room is sized again if it runs out. */
#define SIZE_GROW 64

/* A thread's array of slices is sized for as many more as the rest of
 * the file holds at the rate so far, an eighth more: grown by doubling,
 * the array was moved in memory again and again, and on the development
 * VM the first use of each page after a move costs 0.4-6.2 µs by the
 * moment (build/bench/bench-page-costs): the loads of both generated
 * traces were 5-8% slower (bench/README.md, stop 48).  Room never used
 * is address space, not memory. */
static void
size_for_rest_of_file (StpChromeLoader *self,
                       GArray          *slices)
{
  guint n = slices->len;
  double expected;

  if (n < SIZE_AT || (n & (n - 1)) != 0 || self->file_size == 0 || self->file_position == 0)
    return;

  expected = (double) n * self->file_size / MIN (self->file_position, self->file_size) * 9 / 8;
  stp_array_make_room (slices, (guint) MIN (expected, (double) n * SIZE_GROW));
}

static void
on_complete (StpChromeLoader      *self,
             const StpChromeEvent *event)
{
  const StpChromeMember *dur = stp_chrome_event_get (event, KEY_DUR);
  guint32 track, seq;
  StpRaw args, extra;
  StpSlice *s;
  gint64 ts, d = 0;
  guint16 flags = 0;

  if (!stp_chrome_event_ts (self, event, &ts))
    return;

  if (dur == NULL)
    flags = STP_SLICE_UNCLOSED;
  else if (!stp_chrome_member_ts (dur, &d))
    {
      stp_trace_warn (self->trace, "invalid-dur",
                      "an X event with \"dur\": %.*s runs to the end of the trace",
                      (int) MIN (dur->end - dur->value, 40), dur->value);
      flags = STP_SLICE_UNCLOSED;
      d = 0;
    }

  track = stp_chrome_thread_of (self, event);
  seq = stp_trace_next_seq (self->trace);
  args = stp_chrome_add_args (self, event);
  extra = stp_chrome_extra_members (self, event, CONSUMED_SLICE | KEY_BIT (KEY_DUR));

  size_for_rest_of_file (self, stp_trace_get_track (self->trace, track)->slices);
  s = stp_trace_add_slice (self->trace, track);
  s->ts = ts;
  s->dur = d;
  s->name = stp_chrome_intern_value (self, stp_chrome_event_get (event, KEY_NAME));
  s->cat = stp_chrome_intern_value (self, stp_chrome_event_get (event, KEY_CAT));
  s->seq = seq;
  s->flags = flags;
  s->args = args;
  if (extra != STP_RAW_NONE)
    stp_trace_set_slice_extra (self->trace, s, stp_chrome_add_extra (self, 'X', extra));

  maybe_v2_flow (self, event, track, ts, seq);
}

static GArray *
be_records (StpChromeLoader *self,
            guint32          track)
{
  GArray *records;

  if (track >= self->be->len)
    g_ptr_array_set_size (self->be, track + 1);
  records = g_ptr_array_index (self->be, track);
  if (records == NULL)
    {
      records = g_array_new (FALSE, FALSE, sizeof (StpChromeRecord));
      self->be->pdata[track] = records;
    }
  return records;
}

static void
fill_record (StpChromeLoader      *self,
             const StpChromeEvent *event,
             StpChromeRecord      *rec,
             gint64                ts,
             guint32               consumed,
             gboolean              keep_args)
{
  StpRaw args = keep_args ? stp_chrome_add_args (self, event) : STP_RAW_NONE;
  StpRaw extra = stp_chrome_extra_members (self, event, consumed);

  memset (rec, 0, sizeof *rec);
  rec->ts = ts;
  rec->seq = stp_trace_next_seq (self->trace);
  rec->name = stp_chrome_intern_value (self, stp_chrome_event_get (event, KEY_NAME));
  rec->cat = stp_chrome_intern_value (self, stp_chrome_event_get (event, KEY_CAT));
  rec->args = args;
  rec->extra = extra;
  rec->phase = event->phase;
}

static void
on_begin_end (StpChromeLoader      *self,
              const StpChromeEvent *event)
{
  StpChromeRecord rec;
  guint32 track;
  gint64 ts;

  if (!stp_chrome_event_ts (self, event, &ts))
    return;

  track = stp_chrome_thread_of (self, event);
  if (event->phase == 'B')
    fill_record (self, event, &rec, ts, CONSUMED_SLICE, TRUE);
  else   /* E: its args stay with its other members */
    fill_record (self, event, &rec, ts, CONSUMED_SLICE & ~KEY_BIT (KEY_ARGS), FALSE);
  rec.track = track;
  g_array_append_val (be_records (self, track), rec);

  if (event->phase == 'B')
    maybe_v2_flow (self, event, track, ts, rec.seq);
}

static guint32
process_instants (StpChromeLoader *self,
                  guint32          process)
{
  gpointer value;
  guint32 track;

  if (g_hash_table_lookup_extended (self->instant_tracks, GUINT_TO_POINTER (process), NULL, &value))
    return GPOINTER_TO_UINT (value);

  track = stp_trace_add_track (self->trace, process, STP_TRACK_INSTANTS, STP_STR_EMPTY);
  g_hash_table_insert (self->instant_tracks, GUINT_TO_POINTER (process), GUINT_TO_POINTER (track));
  return track;
}

static void
on_instant (StpChromeLoader      *self,
            const StpChromeEvent *event)
{
  const StpChromeMember *scope = stp_chrome_event_get (event, KEY_S);
  char s = 't';
  guint32 track, seq;
  StpRaw args, extra;
  StpSlice *slice;
  gint64 ts;

  if (!stp_chrome_event_ts (self, event, &ts))
    return;

  if (event->phase != 'P' && stp_chrome_is_string (scope) && scope->end - scope->value == 3)
    s = scope->value[1];
  if (s != 'g' && s != 'p' && s != 't')
    {
      stp_trace_warn (self->trace, "instant-scope",
                      "an instant with scope %.*s is drawn on its thread",
                      (int) MIN (scope->end - scope->value, 20), scope->value);
      s = 't';
    }

  if (s == 'g')
    track = STP_INDEX_NONE;
  else if (s == 'p')
    track = process_instants (self, stp_chrome_process_of (self, event));
  else
    track = stp_chrome_thread_of (self, event);

  seq = stp_trace_next_seq (self->trace);
  args = stp_chrome_add_args (self, event);
  extra = stp_chrome_extra_members (self, event,
                                    CONSUMED_SLICE | (event->phase == 'P' ? 0 : KEY_BIT (KEY_S)));

  slice = stp_trace_add_instant (self->trace, track);
  slice->ts = ts;
  slice->name = stp_chrome_intern_value (self, stp_chrome_event_get (event, KEY_NAME));
  slice->cat = stp_chrome_intern_value (self, stp_chrome_event_get (event, KEY_CAT));
  slice->seq = seq;
  slice->args = args;
  if (event->phase == 'P')
    slice->flags |= STP_SLICE_SAMPLE;
  /* I and R come back as they were; i and P need no extra to say so. */
  if (extra != STP_RAW_NONE || event->phase == 'I' || event->phase == 'R')
    stp_trace_set_slice_extra (self->trace, slice, stp_chrome_add_extra (self, event->phase, extra));
  if (event->phase == 'i' && stp_chrome_is_memory_event (event))
    stp_chrome_memory_sample (self, event, slice);
}

gboolean
stp_chrome_args_get (const StpChromeEvent *event,
                     const char           *name,
                     StpChromeMember      *out)
{
  StpChromeObjectIter iter;
  StpChromeMember key;
  gsize len = strlen (name);

  if (!stp_chrome_object_iter_init (&iter, stp_chrome_event_get (event, KEY_ARGS)))
    return FALSE;
  while (stp_chrome_object_iter_next (&iter, &key, out))
    if (!key.escaped && (gsize) (key.end - key.value - 2) == len &&
        memcmp (key.value + 1, name, len) == 0)
      return TRUE;
  return FALSE;
}

/* "a\x1fb\x1f": the start of a counter's or object's lookup key,
 * without printf.  These keys are C strings in hash tables; a flow's
 * key, only compared, takes the ids' bytes instead (on_flow). */
static void
append_key_ids (GString *key,
                guint32  a,
                guint32  b)
{
  stp_json_append_int (key, a);
  stp_json_append_c (key, '\x1f');
  stp_json_append_int (key, b);
  stp_json_append_c (key, '\x1f');
}

static guint32
counter_track (StpChromeLoader      *self,
               const StpChromeEvent *event,
               guint32               process)
{
  const StpChromeMember *name = stp_chrome_event_get (event, KEY_NAME);
  const StpChromeMember *id = stp_chrome_event_get (event, KEY_ID);
  StpStr name_id = stp_chrome_intern_value (self, name);
  StpStr id_id = stp_chrome_intern_value (self, id);
  GString *key = self->scratch;
  gpointer value;
  guint32 track;

  g_string_truncate (key, 0);
  append_key_ids (key, process, name_id);
  stp_json_append_int (key, id_id);
  if (g_hash_table_lookup_extended (self->counters, key->str, NULL, &value))
    return GPOINTER_TO_UINT (value);

  track = stp_trace_add_track (self->trace, process, STP_TRACK_COUNTER, name_id);
  stp_trace_get_track (self->trace, track)->counter_id = id_id;
  stp_trace_get_track (self->trace, track)->cat =
    stp_chrome_intern_value (self, stp_chrome_event_get (event, KEY_CAT));
  g_hash_table_insert (self->counters, g_strdup (key->str), GUINT_TO_POINTER (track));
  return track;
}

static void
on_counter (StpChromeLoader      *self,
            const StpChromeEvent *event)
{
  StpChromeObjectIter iter;
  StpChromeMember key, value;
  guint32 track, seq;
  guint n = 0;
  gint64 ts;

  if (!stp_chrome_event_ts (self, event, &ts))
    return;
  if (!stp_chrome_object_iter_init (&iter, stp_chrome_event_get (event, KEY_ARGS)))
    {
      stp_trace_warn (self->trace, "counter-without-values",
                      "a C event without args was skipped");
      return;
    }

  /* The track and seq come with the first value: a C event without one
   * leaves nothing behind. */
  track = seq = STP_INDEX_NONE;

  while (stp_chrome_object_iter_next (&iter, &key, &value))
    {
      StpCounterSeries *series;
      double v;

      /* One event may hold a million series; the load ends at the
       * next event once cancelled. */
      if ((n & 0x1fff) == 0x1fff && g_cancellable_is_cancelled (self->cancellable))
        break;
      if (!stp_json_parse_double (value.value, value.end - value.value, &v))
        {
          stp_trace_warn (self->trace, "counter-value",
                          "a counter value %.*s is not a number",
                          (int) MIN (value.end - value.value, 40), value.value);
          continue;
        }
      if (track == STP_INDEX_NONE)
        {
          track = counter_track (self, event, stp_chrome_process_of (self, event));
          seq = stp_trace_next_seq (self->trace);
        }
      series = stp_trace_add_counter_series (self->trace, track,
                                             stp_chrome_intern_value (self, &key));
      stp_trace_add_counter_sample (self->trace, series, ts, v, seq);
      n++;
    }

  if (n == 0)
    stp_trace_warn (self->trace, "counter-without-values",
                    "a C event without numeric args was skipped");
}

static void
keep_event (StpChromeLoader      *self,
            const StpChromeEvent *event,
            StpStr                key)
{
  stp_trace_add_event_metadata (self->trace, key, event->start, event->end - event->start);
}

static void
on_metadata (StpChromeLoader      *self,
             const StpChromeEvent *event)
{
  const StpChromeMember *name_member = stp_chrome_event_get (event, KEY_NAME);
  StpStr name = stp_chrome_intern_value (self, name_member);
  const char *n = stp_trace_str (self->trace, name);
  StpChromeMember value;
  gint64 index;

  if (strcmp (n, "process_name") == 0 && stp_chrome_args_get (event, "name", &value) && stp_chrome_is_string (&value))
    {
      StpProcess *p = stp_trace_get_process (self->trace, stp_chrome_process_of (self, event));
      p->name = stp_chrome_intern_value (self, &value);
    }
  else if (strcmp (n, "process_labels") == 0 && stp_chrome_args_get (event, "labels", &value) && stp_chrome_is_string (&value))
    {
      StpProcess *p = stp_trace_get_process (self->trace, stp_chrome_process_of (self, event));
      p->labels = stp_chrome_intern_value (self, &value);
    }
  else if (strcmp (n, "process_sort_index") == 0 && stp_chrome_args_get (event, "sort_index", &value) &&
           stp_json_parse_int64 (value.value, value.end - value.value, &index))
    {
      StpProcess *p = stp_trace_get_process (self->trace, stp_chrome_process_of (self, event));
      p->sort_index = CLAMP (index, G_MININT32, G_MAXINT32);
      p->has_sort_index = TRUE;
    }
  else if (strcmp (n, "thread_name") == 0 && stp_chrome_args_get (event, "name", &value) && stp_chrome_is_string (&value))
    {
      StpTrack *t = stp_trace_get_track (self->trace, stp_chrome_thread_of (self, event));
      t->name = stp_chrome_intern_value (self, &value);
    }
  else if (strcmp (n, "thread_sort_index") == 0 && stp_chrome_args_get (event, "sort_index", &value) &&
           stp_json_parse_int64 (value.value, value.end - value.value, &index))
    {
      StpTrack *t = stp_trace_get_track (self->trace, stp_chrome_thread_of (self, event));
      t->sort_index = CLAMP (index, G_MININT32, G_MAXINT32);
      t->has_sort_index = TRUE;
    }
  else
    {
      /* num_cpus, trace_buffer_overrun, ...: nothing to draw, kept for export */
      keep_event (self, event, name);
    }
}

/* Objects are told apart by (process, name, id): timeline.py numbers
 * tensors with ids it reuses for other names, and a freed address may
 * come back as an object of another type. */
static void
object_key (StpChromeLoader       *self,
            GString               *key,
            guint32                process,
            const StpChromeEvent  *event,
            const StpChromeMember *id)
{
  StpStr name = stp_chrome_intern_value (self, stp_chrome_event_get (event, KEY_NAME));

  g_string_truncate (key, 0);
  append_key_ids (key, process, name);
  if (id != NULL)
    g_string_append_len (key, id->value, id->end - id->value);
}

static guint32
object_lookup (StpChromeLoader      *self,
               guint32               process,
               const StpChromeEvent *event,
               gboolean              remove)
{
  const StpChromeMember *id = stp_chrome_event_get (event, KEY_ID);
  GString *key = self->scratch;
  gpointer value;

  object_key (self, key, process, event, id);
  if (!g_hash_table_lookup_extended (self->objects, key->str, NULL, &value))
    return STP_INDEX_NONE;
  if (remove)
    g_hash_table_remove (self->objects, key->str);
  return GPOINTER_TO_UINT (value);
}

static guint32
object_new (StpChromeLoader      *self,
            guint32               process,
            const StpChromeEvent *event,
            gboolean              live)
{
  const StpChromeMember *id = stp_chrome_event_get (event, KEY_ID);
  guint32 index = stp_trace_add_object (self->trace, process);
  StpObject *o = &g_array_index (self->trace->objects, StpObject, index);

  o->name = stp_chrome_intern_value (self, stp_chrome_event_get (event, KEY_NAME));
  o->cat = stp_chrome_intern_value (self, stp_chrome_event_get (event, KEY_CAT));
  o->id = id ? stp_chrome_member_id (self, id) : STP_ID_NONE;

  if (live)
    {
      GString *key = self->scratch;

      object_key (self, key, process, event, id);
      g_hash_table_insert (self->objects, g_strdup (key->str), GUINT_TO_POINTER (index));
    }
  return index;
}

static gint64
numeric_tid (StpChromeLoader      *self,
             const StpChromeEvent *event)
{
  const StpChromeMember *tid = stp_chrome_event_get (event, KEY_TID);
  gint64 v = 0;

  if (tid != NULL && !stp_json_parse_int64 (tid->value, tid->end - tid->value, &v))
    v = 0;
  return v;
}

static void
on_object (StpChromeLoader      *self,
           const StpChromeEvent *event)
{
  guint32 process, object;
  StpObject *o;
  gint64 ts;

  if (!stp_chrome_event_ts (self, event, &ts))
    return;
  if (stp_chrome_event_get (event, KEY_ID) == NULL)
    stp_trace_warn (self->trace, "object-without-id", "an object event without \"id\"");

  process = stp_chrome_process_of (self, event);

  switch (event->phase)
    {
    case 'N':
      if (object_lookup (self, process, event, TRUE) != STP_INDEX_NONE)
        stp_trace_warn (self->trace, "object-recreated",
                        "an object was created again before it was deleted");
      object = object_new (self, process, event, TRUE);
      o = &g_array_index (self->trace->objects, StpObject, object);
      o->create_ts = ts;
      o->create_tid = numeric_tid (self, event);
      o->create_seq = stp_trace_next_seq (self->trace);
      {
        StpRaw extra = stp_chrome_extra_members (self, event,
                                                 (CONSUMED_SLICE & ~KEY_BIT (KEY_ARGS)) | KEY_BIT (KEY_ID));
        if (extra != STP_RAW_NONE)
          stp_trace_set_object_extra (self->trace, o, stp_chrome_add_extra (self, 'N', extra));
      }
      break;

    case 'O':
      object = object_lookup (self, process, event, FALSE);
      if (object == STP_INDEX_NONE)
        object = object_new (self, process, event, TRUE);
      {
        StpRaw args = stp_chrome_add_args (self, event);

        stp_trace_add_snapshot (self->trace, object, ts, numeric_tid (self, event),
                                stp_trace_next_seq (self->trace), args);
      }
      break;

    case 'D':
      object = object_lookup (self, process, event, TRUE);
      if (object == STP_INDEX_NONE)
        {
          stp_trace_warn (self->trace, "object-delete-without-create",
                          "an object was deleted that was never created");
          object = object_new (self, process, event, FALSE);
        }
      o = &g_array_index (self->trace->objects, StpObject, object);
      o->delete_ts = ts;
      o->delete_tid = numeric_tid (self, event);
      o->delete_seq = stp_trace_next_seq (self->trace);
      break;

    default:
      g_assert_not_reached ();
    }
}

static void
on_flow (StpChromeLoader      *self,
         const StpChromeEvent *event)
{
  const StpChromeMember *id = stp_chrome_event_get (event, KEY_ID);
  const StpChromeMember *bp = stp_chrome_event_get (event, KEY_BP);
  guint32 consumed = (CONSUMED_SLICE & ~KEY_BIT (KEY_ARGS)) | KEY_BIT (KEY_ID) | KEY_BIT (KEY_BP);
  StpChromeRecord rec;
  GString *key = self->scratch;
  guint32 track;
  gint64 ts;

  if (!stp_chrome_event_ts (self, event, &ts))
    return;
  if (id == NULL)
    {
      id = stp_chrome_event_get (event, KEY_ID2);
      consumed |= KEY_BIT (KEY_ID2);
    }
  if (id == NULL)
    {
      stp_trace_warn (self->trace, "flow-without-id", "a flow event without \"id\" was skipped");
      return;
    }
  if (bp != NULL && !(stp_chrome_is_string (bp) && bp->end - bp->value == 3 && bp->value[1] == 'e'))
    {
      /* Only "e" is defined; keep anything else as it was. */
      consumed &= ~KEY_BIT (KEY_BP);
      bp = NULL;
    }

  track = stp_chrome_thread_of (self, event);
  fill_record (self, event, &rec, ts, consumed, FALSE);
  rec.track = track;
  rec.id = stp_chrome_member_id (self, id);
  rec.binding = bp != NULL ? 'e' : 0;

  /* Flows pair by (cat, name, id), as Perfetto's v1 flows do.  The key
   * is only compared: cat and name go in as their ids' bytes, which are
   * of one length and need no separator. */
  g_string_truncate (key, 0);
  stp_json_append_len (key, (const char *) &rec.cat, sizeof rec.cat);
  stp_json_append_len (key, (const char *) &rec.name, sizeof rec.name);
  stp_json_append_len (key, id->value, id->end - id->value);
  rec.key = stp_string_table_intern (self->keys, key->str, key->len);

  g_array_append_val (self->flows, rec);
}

/* The async key: nestable events pair by (cat, id) with id2 local ids
 * scoped to the process, legacy S/T/F/p by (name, id), both within
 * "scope" if given.  A global id may join events of several processes
 * on the track of the first, so each event keeps its own pid and tid
 * among its members. */
static void
on_async (StpChromeLoader      *self,
          const StpChromeEvent *event)
{
  const StpChromeMember *id = stp_chrome_event_get (event, KEY_ID);
  const StpChromeMember *id2 = stp_chrome_event_get (event, KEY_ID2);
  const StpChromeMember *scope = stp_chrome_event_get (event, KEY_SCOPE);
  gboolean legacy = strchr ("STFp", event->phase) != NULL;
  GString *key = self->keybuf;
  StpChromeRecord rec;
  guint32 process;
  gint64 ts;

  if (!stp_chrome_event_ts (self, event, &ts))
    return;

  process = stp_chrome_process_of (self, event);
  g_string_truncate (key, 0);
  g_string_append_c (key, legacy ? 'L' : 'N');
  g_string_append_c (key, '\x1f');
  if (scope != NULL)
    g_string_append_len (key, scope->value, scope->end - scope->value);
  g_string_append_c (key, '\x1f');

  if (id != NULL)
    {
      g_string_append_c (key, 'i');
      g_string_append_len (key, id->value, id->end - id->value);
    }
  else if (id2 != NULL)
    {
      StpChromeObjectIter iter;
      StpChromeMember k, v;

      if (stp_chrome_object_iter_init (&iter, id2) && stp_chrome_object_iter_next (&iter, &k, &v))
        {
          if (k.end - k.value == 7 && memcmp (k.value, "\"local\"", 7) == 0)
            {
              g_string_append_c (key, 'l');
              stp_json_append_int (key, process);
              g_string_append_c (key, ':');
            }
          else
            g_string_append_c (key, 'g');
          g_string_append_len (key, v.value, v.end - v.value);
        }
      else
        id2 = NULL;
    }

  if (id == NULL && id2 == NULL)
    {
      stp_trace_warn (self->trace, "async-without-id",
                      "an async '%c' event without \"id\" or \"id2\" was skipped", event->phase);
      return;
    }

  fill_record (self, event, &rec, ts,
               event->phase == 'e' || event->phase == 'F'
               ? KEY_BIT (KEY_PH) | KEY_BIT (KEY_TS) | KEY_BIT (KEY_NAME) | KEY_BIT (KEY_CAT)
               : KEY_BIT (KEY_PH) | KEY_BIT (KEY_TS) |
                 KEY_BIT (KEY_NAME) | KEY_BIT (KEY_CAT) | KEY_BIT (KEY_ARGS),
               event->phase != 'e' && event->phase != 'F');
  rec.track = process;

  /* The key goes last: fill_record used the scratch strings. */
  g_string_append_c (key, '\x1f');
  stp_json_append_int (key, legacy ? rec.name : rec.cat);
  rec.key = stp_string_table_intern (self->keys, key->str, key->len);

  g_array_append_val (self->async, rec);
}

void
stp_chrome_dispatch (StpChromeLoader      *self,
                     const StpChromeEvent *event)
{
  switch (event->phase)
    {
    case 'X':
      on_complete (self, event);
      break;
    case 'B':
    case 'E':
      on_begin_end (self, event);
      break;
    case 'i':
    case 'I':
    case 'R':
    case 'P':
      on_instant (self, event);
      break;
    case 'C':
      on_counter (self, event);
      break;
    case 'M':
      on_metadata (self, event);
      break;
    case 'N':
    case 'O':
    case 'D':
      on_object (self, event);
      break;
    case 's':
    case 't':
    case 'f':
      on_flow (self, event);
      break;
    case 'b':
    case 'e':
    case 'n':
    case 'S':
    case 'T':
    case 'F':
    case 'p':
      on_async (self, event);
      break;
    default:
      {
        char ph[2] = { event->phase, '\0' };

        stp_trace_warn (self->trace, "unknown-phase",
                        "events of phase '%c' are kept for export but not drawn", event->phase);
        keep_event (self, event, stp_trace_intern0 (self->trace, ph));
      }
      break;
    }
}
