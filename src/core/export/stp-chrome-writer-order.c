/* stp-chrome-writer-order.c: the writer's events, in the input's order
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The model keeps events in per-track arrays sorted for drawing; each
 * remembers its position in the input (seq).  Here every event the
 * export writes gets a reference at its seq, so that the writer can go
 * through them in the input's order.
 */

#define G_LOG_DOMAIN "stp-chrome-writer"

#include "stp-chrome-writer-order.h"
#include "stp-buffer.h"
#include "stp-error.h"
#include "stp-sort.h"

#include <string.h>

#define CANCEL_CHECK_INTERVAL 65536

/* The order being built, and the cancel it looks at every so many
 * events: a cancel must stop a 10M-event export within a frame or two. */
typedef struct
{
  StpExportOrder *order;
  GCancellable   *cancellable;
  guint           until_check;
} Builder;

/* Events the model made up (no seq) go after the input's events. */
static void
index_ref (Builder *b,
           guint32  seq,
           Ref      ref)
{
  if (seq < b->order->refs->len)
    g_array_index (b->order->refs, Ref, seq) = ref;
  else
    g_array_append_val (b->order->unordered, ref);
}

/* Counts the loops' steps, whichever loop takes them. */
static inline gboolean
cancelled (Builder *b)
{
  if (G_LIKELY (--b->until_check > 0))
    return FALSE;
  b->until_check = CANCEL_CHECK_INTERVAL;
  return g_cancellable_is_cancelled (b->cancellable);
}

static void
index_slices (Builder        *b,
              const StpTrace *trace,
              GArray         *slices,
              RefKind         kind,
              guint32         first)
{
  for (guint i = 0; slices != NULL && i < slices->len && !cancelled (b); i++)
    {
      const StpSlice *s = &g_array_index (slices, StpSlice, i);
      Ref ref = { kind, first + i };

      /* Lines an analysis derived (XSpace, StepStats derived_lines) are
       * made again on load: the export keeps to what was read. */
      if (s->flags & STP_SLICE_DERIVED)
        continue;
      index_ref (b, s->seq, ref);

      /* A slice read from a pair (B/E, b/e, S/F) remembers where its end was. */
      if (kind == REF_SLICE && (s->flags & STP_SLICE_HAS_EXTRA) &&
          !(s->flags & STP_SLICE_UNCLOSED) &&
          (s->flags & (STP_SLICE_FROM_BEGIN | STP_SLICE_ASYNC | STP_SLICE_ASYNC_LEGACY)))
        {
          guint32 extra = stp_trace_get_slice_extra (trace, s);
          const StpExtra *e = &g_array_index (trace->extras, StpExtra, extra);
          Ref end = { REF_SLICE_END, first + i };

          if (e->flags & STP_EXTRA_END_SEQ)
            index_ref (b, e->seq, end);
        }
    }
}

static gint
compare_counter_entries (gconstpointer a,
                         gconstpointer b,
                         gpointer      user_data)
{
  const CounterEntry *x = a, *y = b;

  if (x->seq != y->seq)
    return x->seq < y->seq ? -1 : 1;
  if (x->track != y->track)
    return x->track < y->track ? -1 : 1;
  if (x->series != y->series)
    return x->series < y->series ? -1 : 1;
  return x->sample < y->sample ? -1 : x->sample > y->sample;
}

/* A counter track's samples as entries, and one ref per C event: the
 * first entry of each run of one seq. */
static void
index_counters (Builder        *b,
                const StpTrack *track,
                guint32         t)
{
  GArray *counters = b->order->counters;
  const CounterEntry *entries;
  guint start = counters->len;

  for (guint s = 0; s < track->series->len; s++)
    {
      const StpCounterSeries *series = g_ptr_array_index (track->series, s);

      for (guint i = 0; i < series->samples->len; i++)
        {
          CounterEntry e = { g_array_index (series->samples, StpCounterSample, i).seq, t, s, i };
          g_array_append_val (counters, e);
        }
    }

  entries = (const CounterEntry *) counters->data;
  /* A track of one series sampled in input order (every StepStats
   * allocator, most Chrome counters) is sorted already. */
  stp_sort_unless_sorted ((CounterEntry *) entries + start, counters->len - start,
                          sizeof (CounterEntry), compare_counter_entries, NULL);
  for (guint i = start; i < counters->len; i++)
    {
      gboolean alone = entries[i].seq >= b->order->refs->len;
      Ref ref = { alone ? REF_COUNTER_ALONE : REF_COUNTER, i };

      if (!alone && i > start && entries[i - 1].seq == entries[i].seq)
        continue;
      index_ref (b, entries[i].seq, ref);
    }
}

/* A counter of one series: each sample is an event of its own, but
 * for a key given twice in one event, whose first value is written
 * (the samples of one event are next to each other, in the order read). */
static void
index_samples (Builder        *b,
               const StpTrack *track,
               guint32         first)
{
  const StpCounterSeries *series = g_ptr_array_index (track->series, 0);
  const GArray *refs = b->order->refs;

  for (guint i = 0; i < series->samples->len && !cancelled (b); i++)
    {
      guint32 seq = g_array_index (series->samples, StpCounterSample, i).seq;
      Ref ref = { REF_SAMPLE, first + i };

      if (seq < refs->len && g_array_index (refs, Ref, seq).kind != REF_NONE)
        continue;
      index_ref (b, seq, ref);
    }
}

/* A counter of one series writes each sample as an event of its own;
 * one of several, the samples each C event set (index_counters()). */
static gboolean
is_one_series_counter (const StpTrack *track)
{
  return track->kind == STP_TRACK_COUNTER && track->series->len == 1;
}

static void
index_events (Builder        *b,
              StpTrace       *trace)
{
  const StpExportOrder *order = b->order;

  for (guint t = 0; t < trace->tracks->len && !cancelled (b); t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      /* What an analysis made (a derived counter) is not the input's. */
      if (track->derived)
        continue;
      if (is_one_series_counter (track))
        index_samples (b, track, order->first_sample[t]);
      else if (track->kind == STP_TRACK_COUNTER)
        index_counters (b, track, t);
      else
        {
          if (track->kind != STP_TRACK_INSTANTS)
            index_slices (b, trace, track->slices, REF_SLICE, order->first_slice[t]);
          index_slices (b, trace, stp_track_get_instants (track), REF_INSTANT, order->first_instant[t]);
        }
    }

  index_slices (b, trace, trace->global_instants, REF_GLOBAL_INSTANT, 0);

  for (guint i = 0; i < trace->flows->len && !cancelled (b); i++)
    {
      const StpFlow *f = &g_array_index (trace->flows, StpFlow, i);
      Ref src = { REF_FLOW_SRC, i };
      Ref dst = { REF_FLOW_DST, i };

      /* v2 flows live on their slices, not as events of their own. */
      if (f->src.track != STP_INDEX_NONE && f->src.phase != 0)
        index_ref (b, f->src.seq, src);
      if (f->dst.track != STP_INDEX_NONE && f->dst.phase != 0)
        index_ref (b, f->dst.seq, dst);
    }

  for (guint i = 0; i < trace->objects->len && !cancelled (b); i++)
    {
      const StpObject *o = &g_array_index (trace->objects, StpObject, i);
      Ref create = { REF_OBJECT_CREATE, i };
      Ref delete = { REF_OBJECT_DELETE, i };

      if (o->create_ts != STP_TS_UNKNOWN)
        index_ref (b, o->create_seq, create);
      if (o->delete_ts != STP_TS_UNKNOWN)
        index_ref (b, o->delete_seq, delete);
    }

  for (guint i = 0; i < trace->snapshots->len && !cancelled (b); i++)
    {
      Ref ref = { REF_OBJECT_SNAPSHOT, i };
      index_ref (b, g_array_index (trace->snapshots, StpSnapshot, i).seq, ref);
    }
}

/* The events a track has of each kind that is numbered across tracks,
 * as index_events() indexes them. */
static guint
track_slices (const StpTrack *track)
{
  if (track->kind == STP_TRACK_INSTANTS || track->slices == NULL)
    return 0;
  return track->slices->len;
}

static guint
track_instants (const StpTrack *track)
{
  GArray *instants = stp_track_get_instants (track);

  return instants != NULL ? instants->len : 0;
}

static guint
track_samples (const StpTrack *track)
{
  const StpCounterSeries *series;

  if (!is_one_series_counter (track))
    return 0;
  series = g_ptr_array_index (track->series, 0);
  return series->samples->len;
}

/* The entries of counters of several series: one a sample. */
static guint64
count_entries (const StpTrace *trace)
{
  guint64 n = 0;

  for (guint t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      if (track->kind == STP_TRACK_COUNTER && !is_one_series_counter (track))
        for (guint s = 0; s < track->series->len; s++)
          n += ((const StpCounterSeries *) g_ptr_array_index (track->series, s))->samples->len;
    }
  return n;
}

/* firsts[t]: where track t's events of one kind are numbered from,
 * and firsts[n_tracks] how many there are; FALSE past REF_MAX_INDEX. */
static gboolean
number_events (const StpTrace *trace,
               guint         (*count) (const StpTrack *),
               guint32        *firsts)
{
  guint64 total = 0;

  for (guint t = 0; t < trace->tracks->len; t++)
    {
      firsts[t] = total;
      total += count (stp_trace_get_track (trace, t));
      if (total > REF_MAX_INDEX)
        return FALSE;
    }
  firsts[trace->tracks->len] = total;
  return TRUE;
}

/* Numbers the events on tracks across the tracks (first_slice and its
 * kin, which stp_export_order_locate() reads), and says whether every
 * event can be told in a Ref: 268M of one kind would take some 40 GB of
 * model, a bound no real trace meets. */
static gboolean
number_track_events (StpExportOrder  *order,
                     StpTrace        *trace,
                     GError         **error)
{
  guint n = trace->tracks->len + 1;

  order->n_tracks = trace->tracks->len;
  order->first_slice = g_new (guint32, n);
  order->first_instant = g_new (guint32, n);
  order->first_sample = g_new (guint32, n);

  if (number_events (trace, track_slices, order->first_slice) &&
      number_events (trace, track_instants, order->first_instant) &&
      number_events (trace, track_samples, order->first_sample) &&
      trace->flows->len <= REF_MAX_INDEX && trace->objects->len <= REF_MAX_INDEX &&
      trace->snapshots->len <= REF_MAX_INDEX && trace->global_instants->len <= REF_MAX_INDEX &&
      count_entries (trace) <= REF_MAX_INDEX)
    return TRUE;

  g_set_error (error, STP_ERROR, STP_ERROR_LIMIT,
               "the trace has more than %u events of one kind, the most an export holds",
               REF_MAX_INDEX);
  return FALSE;
}

gboolean
stp_export_order_build (StpExportOrder  *order,
                        StpTrace        *trace,
                        GCancellable    *cancellable,
                        GError         **error)
{
  Builder b = { order, cancellable, CANCEL_CHECK_INTERVAL };

  if (!number_track_events (order, trace, error))
    return FALSE;

  order->refs = g_array_new (FALSE, FALSE, sizeof (Ref));
  stp_array_reserve (order->refs, trace->n_seq);
  g_array_set_size (order->refs, trace->n_seq);
  if (trace->n_seq > 0)
    memset (order->refs->data, 0, (gsize) trace->n_seq * sizeof (Ref));
  order->unordered = g_array_new (FALSE, FALSE, sizeof (Ref));
  order->counters = g_array_new (FALSE, FALSE, sizeof (CounterEntry));
  index_events (&b, trace);
  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}

void
stp_export_order_clear (StpExportOrder *order)
{
  g_clear_pointer (&order->refs, g_array_unref);
  g_clear_pointer (&order->unordered, g_array_unref);
  g_clear_pointer (&order->counters, g_array_unref);
  g_clear_pointer (&order->first_slice, g_free);
  g_clear_pointer (&order->first_instant, g_free);
  g_clear_pointer (&order->first_sample, g_free);
}

/* The track whose numbers hold `number`: firsts[t] <= number < firsts[t + 1]. */
static guint32
track_of (const guint32 *firsts,
          guint          n_tracks,
          guint32        number)
{
  guint lo = 0, hi = n_tracks;

  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (firsts[mid] <= number)
        lo = mid;
      else
        hi = mid;
    }
  return lo;
}

/* For an event numbered across tracks, its track and its index there;
 * FALSE for the others, whose index is their own. */
gboolean
stp_export_order_locate (const StpExportOrder *order,
                         const Ref            *ref,
                         guint32              *track,
                         guint32              *index)
{
  const guint32 *firsts;

  switch ((RefKind) ref->kind)
    {
    case REF_SLICE:
    case REF_SLICE_END:
      firsts = order->first_slice;
      break;
    case REF_INSTANT:
      firsts = order->first_instant;
      break;
    case REF_SAMPLE:
      firsts = order->first_sample;
      break;
    default:
      return FALSE;
    }

  *track = track_of (firsts, order->n_tracks, ref->index);
  *index = ref->index - firsts[*track];
  return TRUE;
}
