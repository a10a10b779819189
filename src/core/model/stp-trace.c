/* stp-trace.c: the one trace model every format loads into
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "stp-trace"

#include "stp-trace.h"
#include "stp-lifetimes.h"
#include "stp-trace-private.h"

#include <stdarg.h>
#include <string.h>

G_DEFINE_BOXED_TYPE (StpTrace, stp_trace, stp_trace_ref, stp_trace_unref)

/* Processes and threads are found by (pid or pid string) and
 * (process, tid or tid string); the key packs both cases. */
typedef struct
{
  gint64  num;
  guint32 str;
  guint32 owner;
} IdKey;

static guint
id_key_hash (gconstpointer data)
{
  const IdKey *key = data;

  return (guint) (key->num ^ (key->num >> 32)) * 31u
         + key->str * 17u + key->owner;
}

static gboolean
id_key_equal (gconstpointer a,
              gconstpointer b)
{
  const IdKey *ka = a;
  const IdKey *kb = b;

  return ka->num == kb->num && ka->str == kb->str && ka->owner == kb->owner;
}

static IdKey *
id_key_new (gint64  num,
            guint32 str,
            guint32 owner)
{
  IdKey *key = g_new (IdKey, 1);

  /* A string id ignores the number, so "1" and 1 stay different ids. */
  key->num = str ? 0 : num;
  key->str = str;
  key->owner = owner;
  return key;
}

const char *
stp_format_to_string (StpFormat format)
{
  switch (format)
    {
    case STP_FORMAT_STEP_STATS:        return "step-stats";
    case STP_FORMAT_RUN_METADATA:      return "run-metadata";
    case STP_FORMAT_STEP_STATS_TEXT:   return "step-stats-text";
    case STP_FORMAT_RUN_METADATA_TEXT: return "run-metadata-text";
    case STP_FORMAT_CHROME_JSON:       return "chrome-json";
    case STP_FORMAT_XSPACE:            return "xspace";
    case STP_FORMAT_UNKNOWN:
    default:                           return "unknown";
    }
}

static void
process_clear (gpointer data)
{
  StpProcess *process = data;

  g_clear_pointer (&process->tracks, g_array_unref);
}

static void
series_free (gpointer data)
{
  StpCounterSeries *series = data;

  g_clear_pointer (&series->samples, g_array_unref);
  g_free (series);
}

static void
track_free (gpointer data)
{
  StpTrack *track = data;

  g_clear_pointer (&track->slices, g_array_unref);
  g_clear_pointer (&track->instants, g_array_unref);
  g_clear_pointer (&track->series, g_ptr_array_unref);
  g_clear_pointer (&track->series_index, g_hash_table_unref);
  if (track->depth_starts != track->depth_bounds)
    g_free (track->depth_starts);
  g_free (track);
}

void
stp_trace_part_clear (StpTracePart *part)
{
  if (part->source_free != NULL && part->source != NULL)
    part->source_free (part->source);
  part->source = NULL;
  g_clear_pointer (&part->lifetimes, stp_lifetimes_free);
  g_clear_pointer (&part->label, g_free);
  g_clear_pointer (&part->filename, g_free);
}

static void
allocator_maximum_clear (gpointer data)
{
  StpAllocatorMaximum *max = data;

  g_clear_pointer (&max->tensors, g_array_unref);
}

StpTrace *
stp_trace_new (StpFormat   format,
               const char *filename)
{
  StpTrace *self = g_new0 (StpTrace, 1);

  self->ref_count = 1;
  self->format = format;
  self->filename = g_strdup (filename ? filename : "");
  self->strings = stp_string_table_new ();
  self->raw = stp_raw_store_new ();
  self->processes = g_array_new (FALSE, TRUE, sizeof (StpProcess));
  g_array_set_clear_func (self->processes, process_clear);
  self->process_order = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->tracks = g_ptr_array_new_with_free_func (track_free);
  self->flows = g_array_new (FALSE, FALSE, sizeof (StpFlow));
  self->objects = g_array_new (FALSE, FALSE, sizeof (StpObject));
  self->snapshots = g_array_new (FALSE, FALSE, sizeof (StpSnapshot));
  self->global_instants = g_array_new (FALSE, TRUE, sizeof (StpSlice));
  self->extras = g_array_new (FALSE, TRUE, sizeof (StpExtra));
  self->event_extras = g_array_new (FALSE, FALSE, sizeof (StpEventExtra));
  self->warnings = g_array_new (FALSE, TRUE, sizeof (StpWarning));
  self->metadata = g_array_new (FALSE, TRUE, sizeof (StpTraceMetadata));
  self->allocator_maximums = g_array_new (FALSE, TRUE, sizeof (StpAllocatorMaximum));
  g_array_set_clear_func (self->allocator_maximums, allocator_maximum_clear);
  self->process_index = g_hash_table_new_full (id_key_hash, id_key_equal, g_free, NULL);
  self->thread_index = g_hash_table_new_full (id_key_hash, id_key_equal, g_free, NULL);
  self->warning_index = g_hash_table_new (NULL, NULL);
  self->start_ts = 0;
  self->end_ts = 0;

  return self;
}

StpTrace *
stp_trace_ref (StpTrace *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
stp_trace_unref (StpTrace *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;

  if (self->source_free != NULL && self->source != NULL)
    self->source_free (self->source);
  g_clear_pointer (&self->lifetimes, stp_lifetimes_free);
  g_clear_pointer (&self->parts, g_array_unref);

  g_array_unref (self->processes);
  g_array_unref (self->process_order);
  g_ptr_array_unref (self->tracks);
  g_array_unref (self->flows);
  g_array_unref (self->objects);
  g_array_unref (self->snapshots);
  g_array_unref (self->global_instants);
  g_array_unref (self->extras);
  g_array_unref (self->event_extras);
  g_array_unref (self->warnings);
  g_array_unref (self->metadata);
  g_array_unref (self->allocator_maximums);
  g_hash_table_unref (self->process_index);
  g_hash_table_unref (self->thread_index);
  g_hash_table_unref (self->warning_index);
  stp_string_table_free (self->strings);
  stp_raw_store_free (self->raw);
  g_free (self->filename);
  g_free (self);
}

/* A name too long to keep is cut, with a warning. */
static inline gsize
name_len (StpTrace   *self,
          const char *str,
          gsize       len)
{
  gsize cut = STP_MAX_NAME_LEN;

  if (G_LIKELY (len <= STP_MAX_NAME_LEN))
    return len;

  /* At a character boundary, if it is UTF-8 at all. */
  while (cut > STP_MAX_NAME_LEN - 4 && ((guchar) str[cut] & 0xc0) == 0x80)
    cut--;
  stp_trace_warn (self, "long-name",
                  "a name of %" G_GSIZE_FORMAT " bytes was cut to its first %" G_GSIZE_FORMAT,
                  len, cut);
  return cut;
}

StpStr
stp_trace_intern (StpTrace   *self,
                  const char *str,
                  gsize       len)
{
  g_return_val_if_fail (self != NULL, STP_STR_EMPTY);

  return stp_string_table_intern (self->strings, str, name_len (self, str, len));
}

void
stp_trace_intern_many (StpTrace       *self,
                       StpStringQuery *queries,
                       guint           n)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (queries != NULL || n == 0);

  for (guint k = 0; k < n; k++)
    queries[k].len = name_len (self, queries[k].str, queries[k].len);
  stp_string_table_intern_many (self->strings, queries, n);
}

StpStr
stp_trace_intern0 (StpTrace   *self,
                   const char *str)
{
  g_return_val_if_fail (self != NULL, STP_STR_EMPTY);

  return stp_trace_intern (self, str, str ? strlen (str) : 0);
}

guint32
stp_trace_find_process (const StpTrace *self,
                        gint64          pid,
                        StpStr          pid_str)
{
  IdKey key = { pid_str ? 0 : pid, pid_str, 0 };
  gpointer value;

  g_return_val_if_fail (self != NULL, STP_INDEX_NONE);

  if (!g_hash_table_lookup_extended (self->process_index, &key, NULL, &value))
    return STP_INDEX_NONE;
  return GPOINTER_TO_UINT (value);
}

guint32
stp_trace_add_process (StpTrace *self,
                       gint64    pid,
                       StpStr    pid_str)
{
  StpProcess process = { 0 };
  guint32 index;

  g_return_val_if_fail (self != NULL, STP_INDEX_NONE);
  g_return_val_if_fail (!self->finished, STP_INDEX_NONE);

  index = stp_trace_find_process (self, pid, pid_str);
  if (index != STP_INDEX_NONE)
    return index;

  process.pid = pid_str ? 0 : pid;
  process.pid_str = pid_str;
  process.tracks = g_array_new (FALSE, FALSE, sizeof (guint32));
  g_array_append_val (self->processes, process);
  index = self->processes->len - 1;

  g_hash_table_insert (self->process_index,
                       id_key_new (pid, pid_str, 0),
                       GUINT_TO_POINTER (index));
  return index;
}

static StpTrack *
track_new (guint32      process,
           StpTrackKind kind,
           StpStr       name)
{
  StpTrack *track = g_new0 (StpTrack, 1);

  track->kind = kind;
  track->process = process;
  track->name = name;

  if (kind == STP_TRACK_COUNTER)
    track->series = g_ptr_array_new_with_free_func (series_free);
  else
    track->slices = g_array_new (FALSE, FALSE, sizeof (StpSlice));

  if (kind == STP_TRACK_THREAD)
    track->instants = g_array_new (FALSE, FALSE, sizeof (StpSlice));

  return track;
}

guint32
stp_trace_add_track (StpTrace     *self,
                     guint32       process,
                     StpTrackKind  kind,
                     StpStr        name)
{
  StpProcess *p;
  guint32 index;

  g_return_val_if_fail (self != NULL, STP_INDEX_NONE);
  g_return_val_if_fail (!self->finished, STP_INDEX_NONE);
  g_return_val_if_fail (process < self->processes->len, STP_INDEX_NONE);

  g_ptr_array_add (self->tracks, track_new (process, kind, name));
  index = self->tracks->len - 1;

  p = stp_trace_get_process (self, process);
  g_array_append_val (p->tracks, index);

  return index;
}

guint32
stp_trace_find_thread (const StpTrace *self,
                       guint32         process,
                       gint64          tid,
                       StpStr          tid_str)
{
  IdKey key = { tid_str ? 0 : tid, tid_str, process };
  gpointer value;

  g_return_val_if_fail (self != NULL, STP_INDEX_NONE);

  if (!g_hash_table_lookup_extended (self->thread_index, &key, NULL, &value))
    return STP_INDEX_NONE;
  return GPOINTER_TO_UINT (value);
}

/* Makes stp_trace_find_process() find process `index` (a merge adds
 * processes whole). */
void
stp_trace_index_process (StpTrace *self,
                         guint32   index)
{
  const StpProcess *process = stp_trace_get_process (self, index);

  g_hash_table_insert (self->process_index,
                       id_key_new (process->pid, process->pid_str, 0),
                       GUINT_TO_POINTER (index));
}

/* Makes stp_trace_find_thread() find every thread's first lane. */
void
stp_trace_index_threads (StpTrace *self)
{
  for (guint i = 0; i < self->tracks->len; i++)
    {
      const StpTrack *track = stp_trace_get_track (self, i);

      if (track->kind == STP_TRACK_THREAD && track->lane == 0)
        g_hash_table_insert (self->thread_index,
                             id_key_new (track->tid, track->tid_str, track->process),
                             GUINT_TO_POINTER (i));
    }
}

guint32
stp_trace_add_thread (StpTrace *self,
                      guint32   process,
                      gint64    tid,
                      StpStr    tid_str)
{
  StpTrack *track;
  guint32 index;

  g_return_val_if_fail (self != NULL, STP_INDEX_NONE);

  index = stp_trace_find_thread (self, process, tid, tid_str);
  if (index != STP_INDEX_NONE)
    return index;

  index = stp_trace_add_track (self, process, STP_TRACK_THREAD, STP_STR_EMPTY);
  g_return_val_if_fail (index != STP_INDEX_NONE, STP_INDEX_NONE);

  track = stp_trace_get_track (self, index);
  track->tid = tid_str ? 0 : tid;
  track->tid_str = tid_str;

  g_hash_table_insert (self->thread_index,
                       id_key_new (tid, tid_str, process),
                       GUINT_TO_POINTER (index));
  return index;
}

static StpSlice *
append_slice (GArray *array)
{
  StpSlice *slice;

  g_array_set_size (array, array->len + 1);
  slice = &g_array_index (array, StpSlice, array->len - 1);
  memset (slice, 0, sizeof *slice);
  slice->seq = STP_SEQ_NONE;

  return slice;
}

StpSlice *
stp_trace_add_slice (StpTrace *self,
                     guint32   track)
{
  StpTrack *t;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (!self->finished, NULL);
  g_return_val_if_fail (track < self->tracks->len, NULL);

  t = stp_trace_get_track (self, track);
  g_return_val_if_fail (t->slices != NULL, NULL);

  return append_slice (t->slices);
}

StpSlice *
stp_trace_add_instant (StpTrace *self,
                       guint32   track)
{
  StpSlice *slice;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (!self->finished, NULL);

  if (track == STP_INDEX_NONE)
    {
      slice = append_slice (self->global_instants);
    }
  else
    {
      StpTrack *t;

      g_return_val_if_fail (track < self->tracks->len, NULL);
      t = stp_trace_get_track (self, track);

      if (t->kind == STP_TRACK_THREAD)
        slice = append_slice (t->instants);
      else if (t->kind == STP_TRACK_INSTANTS)
        slice = append_slice (t->slices);
      else
        g_return_val_if_reached (NULL);
    }

  slice->flags = STP_SLICE_INSTANT;
  return slice;
}

StpCounterSeries *
stp_trace_add_counter_series (StpTrace *self,
                              guint32   track,
                              StpStr    name)
{
  StpCounterSeries *series;
  StpTrack *t;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (track < self->tracks->len, NULL);

  t = stp_trace_get_track (self, track);
  g_return_val_if_fail (t->kind == STP_TRACK_COUNTER, NULL);

  /* A few series are searched; a C event may hold 200,000 keys. */
  if (t->series_index != NULL)
    {
      series = g_hash_table_lookup (t->series_index, GUINT_TO_POINTER (name));
      if (series != NULL)
        return series;
    }
  else
    for (guint i = 0; i < t->series->len; i++)
      {
        series = g_ptr_array_index (t->series, i);
        if (series->name == name)
          return series;
      }

  series = g_new0 (StpCounterSeries, 1);
  series->name = name;
  series->samples = g_array_new (FALSE, FALSE, sizeof (StpCounterSample));
  g_ptr_array_add (t->series, series);

  if (t->series_index == NULL && t->series->len > 16)
    {
      t->series_index = g_hash_table_new (NULL, NULL);
      for (guint i = 0; i < t->series->len; i++)
        {
          StpCounterSeries *s = g_ptr_array_index (t->series, i);

          g_hash_table_insert (t->series_index, GUINT_TO_POINTER (s->name), s);
        }
    }
  else if (t->series_index != NULL)
    g_hash_table_insert (t->series_index, GUINT_TO_POINTER (name), series);

  return series;
}

gboolean
stp_counter_series_value_at (const StpCounterSeries *series,
                             gint64                  ts,
                             double                 *value,
                             guint32                *sample)
{
  g_return_val_if_fail (series != NULL, FALSE);

  guint lo = 0, hi = series->samples->len;

  /* The first sample after ts; the one before it holds at ts. */
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (series->samples, StpCounterSample, mid).ts <= ts)
        lo = mid + 1;
      else
        hi = mid;
    }

  if (lo == 0)
    return FALSE;

  *value = g_array_index (series->samples, StpCounterSample, lo - 1).value;
  if (sample != NULL)
    *sample = lo - 1;
  return TRUE;
}

void
stp_trace_add_counter_sample (StpTrace         *self,
                              StpCounterSeries *series,
                              gint64            ts,
                              double            value,
                              guint32           seq)
{
  StpCounterSample sample = { ts, value, seq };

  g_return_if_fail (self != NULL);
  g_return_if_fail (series != NULL);

  g_array_append_val (series->samples, sample);
}

void
stp_trace_take_counter_samples (StpTrace         *self,
                                StpCounterSeries *series,
                                GArray           *samples)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (series != NULL && series->samples->len == 0);
  g_return_if_fail (g_array_get_element_size (samples) == sizeof (StpCounterSample));

  g_array_unref (series->samples);
  series->samples = samples;
}

StpFlow *
stp_trace_add_flow (StpTrace *self)
{
  StpFlow *flow;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (!self->finished, NULL);

  g_array_set_size (self->flows, self->flows->len + 1);
  flow = &g_array_index (self->flows, StpFlow, self->flows->len - 1);
  memset (flow, 0, sizeof *flow);
  flow->src.track = flow->dst.track = STP_INDEX_NONE;
  flow->src.slice = flow->dst.slice = STP_INDEX_NONE;
  flow->src.seq = flow->dst.seq = STP_SEQ_NONE;

  return flow;
}

guint32
stp_trace_add_object (StpTrace *self,
                      guint32   process)
{
  StpObject *object;

  g_return_val_if_fail (self != NULL, STP_INDEX_NONE);
  g_return_val_if_fail (!self->finished, STP_INDEX_NONE);
  g_return_val_if_fail (process < self->processes->len, STP_INDEX_NONE);

  g_array_set_size (self->objects, self->objects->len + 1);
  object = &g_array_index (self->objects, StpObject, self->objects->len - 1);
  memset (object, 0, sizeof *object);
  object->process = process;
  object->create_ts = STP_TS_UNKNOWN;
  object->delete_ts = STP_TS_UNKNOWN;
  object->create_seq = STP_SEQ_NONE;
  object->delete_seq = STP_SEQ_NONE;

  return self->objects->len - 1;
}

void
stp_trace_add_snapshot (StpTrace *self,
                        guint32   object,
                        gint64    ts,
                        gint64    tid,
                        guint32   seq,
                        guint64   args)
{
  StpSnapshot snapshot = { 0 };

  g_return_if_fail (self != NULL);
  g_return_if_fail (!self->finished);
  g_return_if_fail (object < self->objects->len);

  snapshot.object = object;
  snapshot.ts = ts;
  snapshot.tid = tid;
  snapshot.seq = seq;
  snapshot.args = args;
  g_array_append_val (self->snapshots, snapshot);
}

guint32
stp_trace_add_extra (StpTrace   *self,
                     gchar       phase,
                     const char *members,
                     gsize       len)
{
  StpExtra extra = { 0 };

  g_return_val_if_fail (self != NULL, STP_INDEX_NONE);

  extra.members = stp_raw_store_add (self->raw, members, len);
  extra.seq = STP_SEQ_NONE;
  extra.phase = phase;
  g_array_append_val (self->extras, extra);

  return self->extras->len - 1;
}

/* For loaders that store the members themselves (one raw fragment
 * shared by two extras, an end seq, a pair). */
guint32
stp_trace_add_extra_full (StpTrace       *self,
                          const StpExtra *extra)
{
  g_return_val_if_fail (self != NULL, STP_INDEX_NONE);
  g_return_val_if_fail (extra != NULL, STP_INDEX_NONE);

  g_array_append_vals (self->extras, extra, 1);
  return self->extras->len - 1;
}

guint
stp_trace_add_args_file (StpTrace *self,
                         int       fd)
{
  g_return_val_if_fail (self != NULL, 0);

  if (fd < 0)
    return 0;
  return stp_raw_store_add_file (self->raw, fd, self->filename);
}

gboolean
stp_trace_check_files (const StpTrace  *self,
                       GError         **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return stp_raw_store_check (self->raw, error);
}

StpRaw
stp_trace_add_raw_from_file (StpTrace *self,
                             guint     file,
                             guint64   offset,
                             gsize     len)
{
  g_return_val_if_fail (self != NULL, STP_RAW_NONE);

  return stp_raw_store_add_from_file (self->raw, file, offset, len);
}

StpRaw
stp_trace_add_raw (StpTrace   *self,
                   const char *bytes,
                   gsize       len)
{
  g_return_val_if_fail (self != NULL, STP_RAW_NONE);

  return stp_raw_store_add (self->raw, bytes, len);
}

static void
add_metadata (StpTrace        *self,
              StpMetadataKind  kind,
              StpStr           key,
              const char      *value,
              gsize            len)
{
  StpTraceMetadata md = { key, kind, stp_raw_store_add (self->raw, value, len) };

  g_array_append_val (self->metadata, md);
}

void
stp_trace_add_metadata (StpTrace   *self,
                        StpStr      key,
                        const char *value,
                        gsize       len)
{
  g_return_if_fail (self != NULL);

  add_metadata (self, STP_METADATA_MEMBER, key, value, len);
}

/* A whole event kept verbatim (an M event of another name, an unknown
 * phase), written back among the events on export. */
void
stp_trace_add_event_metadata (StpTrace   *self,
                              StpStr      key,
                              const char *event,
                              gsize       len)
{
  g_return_if_fail (self != NULL);

  add_metadata (self, STP_METADATA_EVENT, key, event, len);
}

/* What a binary format says about itself, as text for the information
 * page; export leaves it out (it was never JSON). */
void
stp_trace_add_description (StpTrace   *self,
                           const char *key,
                           const char *text)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (key != NULL && text != NULL);

  add_metadata (self, STP_METADATA_DESCRIPTION, stp_trace_intern0 (self, key), text, strlen (text));
}

/* The value of the first metadata of `kind` named `key` (a member's
 * JSON, a description's text), or NULL. */
char *
stp_trace_dup_metadata_value (const StpTrace  *self,
                              StpMetadataKind  kind,
                              const char      *key)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (key != NULL, NULL);

  for (guint i = 0; i < self->metadata->len; i++)
    {
      const StpTraceMetadata *m = &g_array_index (self->metadata, StpTraceMetadata, i);

      if (m->kind == kind && g_str_equal (stp_trace_str (self, m->key), key))
        return stp_trace_dup_raw (self, m->value, NULL);
    }
  return NULL;
}

void
stp_trace_warn (StpTrace   *self,
                const char *kind,
                const char *format,
                ...)
{
  StpStr kind_id;
  gpointer value;

  g_return_if_fail (self != NULL);
  g_return_if_fail (kind != NULL);

  /* Warnings come in runs of one kind (15,242 flow ends without a
   * start in HTA's control trace): the latest kind is tried first. */
  if (self->last_warning < self->warnings->len)
    {
      StpWarning *w = &g_array_index (self->warnings, StpWarning, self->last_warning);

      if (strcmp (stp_trace_str (self, w->kind), kind) == 0)
        {
          w->count++;
          return;
        }
    }

  kind_id = stp_string_table_intern0 (self->strings, kind);

  if (g_hash_table_lookup_extended (self->warning_index,
                                    GUINT_TO_POINTER (kind_id), NULL, &value))
    {
      StpWarning *w = &g_array_index (self->warnings, StpWarning, GPOINTER_TO_UINT (value));

      w->count++;
      self->last_warning = GPOINTER_TO_UINT (value);
    }
  else
    {
      StpWarning w = { kind_id, 1, STP_STR_EMPTY };
      g_autofree char *example = NULL;
      va_list args;

      va_start (args, format);
      example = g_strdup_vprintf (format, args);
      va_end (args);

      w.example = stp_string_table_intern0 (self->strings, example);
      g_array_append_val (self->warnings, w);
      g_hash_table_insert (self->warning_index,
                           GUINT_TO_POINTER (kind_id),
                           GUINT_TO_POINTER (self->warnings->len - 1));
      self->last_warning = self->warnings->len - 1;
    }
}

guint32
stp_trace_next_seq (StpTrace *self)
{
  g_return_val_if_fail (self != NULL, STP_SEQ_NONE);

  return self->n_seq++;
}

void
stp_trace_set_source (StpTrace       *self,
                      gpointer        source,
                      GDestroyNotify  source_free)
{
  g_return_if_fail (self != NULL);

  if (self->source_free != NULL && self->source != NULL)
    self->source_free (self->source);

  self->source = source;
  self->source_free = source_free;
}

guint
stp_trace_count_slices (const StpTrace *self)
{
  guint n = 0;

  g_return_val_if_fail (self != NULL, 0);

  for (guint i = 0; i < self->tracks->len; i++)
    {
      const StpTrack *track = stp_trace_get_track (self, i);

      if (track->kind == STP_TRACK_THREAD || track->kind == STP_TRACK_ASYNC)
        n += track->slices->len;
    }

  return n;
}

gsize
stp_trace_get_memory_size (const StpTrace *self)
{
  gsize size;

  g_return_val_if_fail (self != NULL, 0);

  size = stp_string_table_get_size (self->strings)
         + stp_raw_store_get_size (self->raw)
         + self->flows->len * sizeof (StpFlow)
         + self->objects->len * sizeof (StpObject)
         + self->snapshots->len * sizeof (StpSnapshot)
         + self->extras->len * sizeof (StpExtra)
         + self->event_extras->len * sizeof (StpEventExtra);

  for (guint i = 0; i < self->tracks->len; i++)
    {
      const StpTrack *track = stp_trace_get_track (self, i);

      if (track->slices != NULL)
        size += track->slices->len * sizeof (StpSlice);
      if (track->instants != NULL)
        size += track->instants->len * sizeof (StpSlice);
      if (track->series != NULL)
        for (guint j = 0; j < track->series->len; j++)
          {
            const StpCounterSeries *series = g_ptr_array_index (track->series, j);
            size += series->samples->len * sizeof (StpCounterSample);
          }
    }

  return size;
}

gboolean
stp_trace_finish (StpTrace      *self,
                  GCancellable  *cancellable,
                  GError       **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (!self->finished, FALSE);

  if (!stp_trace_seal (self, cancellable, error))
    return FALSE;
  stp_trace_sort_event_extras (self);
  /* Nothing is looked up by name in a finished trace. */
  stp_string_table_drop_index (self->strings);

  self->finished = TRUE;
  return TRUE;
}
