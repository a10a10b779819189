/* stp-trace-flows.c: binding flow ends to slices, when sealing a trace
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A flow's ends name a thread and a time (or, Chrome's "bp":"e" and
 * phase-less ends, the event they came with): each is bound to the
 * slice it belongs to, once the tracks are sorted and split into lanes.
 */

#define G_LOG_DOMAIN "stp-trace-flows"

#include "stp-trace-private.h"
#include "stp-buffer.h"

#include <string.h>

/* Where the last search in each depth run of each track ended.  Flows
 * come in about time order, so an end's slice is usually at or just
 * past the last one found on its track: a search that starts there and
 * doubles its steps looks at a few slices where a binary search over
 * the run looked at a dozen, each a cache miss. */
typedef struct
{
  guint32 *first;   /* per track: its depth 0's place in `at` */
  guint32 *at;      /* per track and depth: a slice index in the run */
} Hints;

static void
hints_init (Hints          *hints,
            const StpTrace *trace)
{
  guint n = 0;

  hints->first = g_new (guint32, trace->tracks->len);
  for (guint t = 0; t < trace->tracks->len; t++)
    {
      hints->first[t] = n;
      n += stp_trace_get_track (trace, t)->max_depth + 1;
    }
  hints->at = g_new0 (guint32, n);
}

static void
hints_clear (Hints *hints)
{
  g_clear_pointer (&hints->first, g_free);
  g_clear_pointer (&hints->at, g_free);
}

/* The deepest slice holding ts, preferring one that has not ended yet
 * over one ending exactly at ts (a flow from a producer starts where the
 * producer ends). */
static gboolean
find_enclosing (const StpTrace *self,
                GArray         *lanes,
                gint64          ts,
                Hints          *hints,
                guint32        *out_track,
                guint32        *out_slice)
{
  gint best_score = -1;

  for (guint l = 0; l < lanes->len; l++)
    {
      guint32 ti = g_array_index (lanes, guint32, l);
      const StpTrack *track = stp_trace_get_track (self, ti);

      /* Deepest first: once a depth has a slice, a shallower one
       * cannot score more. */
      for (gint d = track->max_depth; track->depth_starts && d * 2 + 1 > best_score; d--)
        {
          guint32 idx = stp_track_find_first_ending_after_from (track, d, ts == G_MININT64 ? ts : ts - 1,
                                                                &hints->at[hints->first[ti] + d]);
          const StpSlice *s;
          gint score;

          if (idx == STP_INDEX_NONE)
            continue;
          s = stp_track_get_slice (track, idx);

          /* The run is sorted: if this one ends at ts, the next may start at it. */
          if (stp_slice_end (s) == ts && s->ts < ts &&
              idx + 1 < track->depth_starts[d + 1] &&
              stp_track_get_slice (track, idx + 1)->ts == ts)
            s = stp_track_get_slice (track, ++idx);

          if (s->ts > ts)
            continue;

          score = d * 2 + (stp_slice_end (s) > ts || s->dur == 0 ? 1 : 0);
          if (score > best_score)
            {
              best_score = score;
              *out_track = ti;
              *out_slice = idx;
            }
        }
    }

  return best_score >= 0;
}

/* The first slice starting at or after ts (shallowest on ties). */
static gboolean
find_next (const StpTrace *self,
           GArray         *lanes,
           gint64          ts,
           guint32        *out_track,
           guint32        *out_slice)
{
  gboolean found = FALSE;
  gint64 best_ts = 0;
  guint best_depth = 0;

  for (guint l = 0; l < lanes->len; l++)
    {
      guint32 ti = g_array_index (lanes, guint32, l);
      const StpTrack *track = stp_trace_get_track (self, ti);

      for (guint d = 0; track->depth_starts && d <= track->max_depth; d++)
        {
          guint32 lo = track->depth_starts[d];
          guint32 hi = track->depth_starts[d + 1];
          const StpSlice *s;

          while (lo < hi)
            {
              guint32 mid = lo + (hi - lo) / 2;

              if (stp_track_get_slice (track, mid)->ts < ts)
                lo = mid + 1;
              else
                hi = mid;
            }

          if (lo >= track->depth_starts[d + 1])
            continue;

          s = stp_track_get_slice (track, lo);
          if (!found || s->ts < best_ts || (s->ts == best_ts && d < best_depth))
            {
              found = TRUE;
              best_ts = s->ts;
              best_depth = d;
              *out_track = ti;
              *out_slice = lo;
            }
        }
    }

  return found;
}

typedef struct
{
  guint32 track;
  guint32 index;
} SliceRef;

/* The slices by seq, for flow ends that name their slice by it.  Most
 * seqs are other events' (a step's flows outnumber its ops), so a slice
 * is found in two steps: a bit per seq says whether it is a slice's,
 * and the slices before it count its place among the slices' refs.  A
 * ref per seq took 8 bytes for each, 2.7 MB for a 100k-node step's
 * 100k ops, and every page of it was filled.  From the first slice's
 * seq to the last's: what has seqs of its own after them (a step's
 * memory counters and deletions) takes no room. */
typedef struct
{
  guint32   first;
  guint32   n;        /* seqs from first */
  guint64  *bits;     /* bit k: seq first + k is a slice's */
  guint32  *before;   /* per word of bits: the slices before it */
  SliceRef *refs;     /* per slice's seq, in seq order */
  guint32   n_refs;
} SliceIndex;

#define BITS_PER_WORD 64

/* Where the ref of the slice with this seq is, or G_MAXUINT32 if no
 * slice has it. */
static guint32
slice_index_place (const SliceIndex *index,
                   guint32           seq)
{
  /* Unsigned: a seq before the first is far past the end. */
  guint32 k = seq - index->first;
  guint64 word, below;

  if (index->bits == NULL || k >= index->n)
    return G_MAXUINT32;
  word = index->bits[k / BITS_PER_WORD];
  if (!(word >> (k % BITS_PER_WORD) & 1))
    return G_MAXUINT32;
  below = word & ((G_GUINT64_CONSTANT (1) << (k % BITS_PER_WORD)) - 1);
  return index->before[k / BITS_PER_WORD] + __builtin_popcountll (below);
}

static void
slice_index_clear (SliceIndex *index)
{
  g_clear_pointer (&index->bits, g_free);
  g_clear_pointer (&index->before, g_free);
  stp_buffer_free ((guint8 *) index->refs, (gsize) index->n_refs * sizeof (SliceRef));
  index->refs = NULL;
}

static void
bind_end (StpTrace   *self,
          StpFlowEnd *end,
          GHashTable *thread_lanes,
          SliceIndex *by_seq,
          Hints      *hints)
{
  guint32 track = STP_INDEX_NONE, slice = STP_INDEX_NONE;
  GArray *lanes;

  if (end->track == STP_INDEX_NONE)
    return;

  if (end->phase == 0 || end->binding == 'q')
    {
      /* v2 flows name their slice by its seq; so do loaders that know. */
      guint32 seq = end->phase == 0 ? end->seq : end->slice;
      guint32 place = slice_index_place (by_seq, seq);

      if (place != G_MAXUINT32)
        {
          track = by_seq->refs[place].track;
          slice = by_seq->refs[place].index;
        }
    }
  else if ((lanes = g_hash_table_lookup (thread_lanes, GUINT_TO_POINTER (end->track))) != NULL)
    {
      if (end->phase == 'f' && end->binding != 'e')
        find_next (self, lanes, end->ts, &track, &slice);
      else
        find_enclosing (self, lanes, end->ts, hints, &track, &slice);
    }

  /* Bound: the end is on the lane of its slice.  Else it stays on its
   * thread, bound to nothing. */
  end->slice = STP_INDEX_NONE;
  if (track != STP_INDEX_NONE && slice != STP_INDEX_NONE)
    {
      end->track = track;
      end->slice = slice;
    }
}

/* The seq of a slice, if it was read from the input. */
static inline gboolean
input_seq (const StpTrace *self,
           const StpTrack *track,
           guint           i,
           guint32        *seq)
{
  *seq = stp_track_get_slice (track, i)->seq;
  return *seq < self->n_seq;
}

static void
index_slices_by_seq (StpTrace   *self,
                     SliceIndex *by_seq)
{
  guint32 first = G_MAXUINT32, last = 0, seq;
  guint n_words;

  for (guint t = 0; t < self->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (self, t);

      for (guint i = 0; track->slices && i < track->slices->len; i++)
        if (input_seq (self, track, i, &seq))
          {
            first = MIN (first, seq);
            last = MAX (last, seq);
          }
    }
  if (first > last)
    return;

  by_seq->first = first;
  by_seq->n = last - first + 1;
  n_words = by_seq->n / BITS_PER_WORD + 1;
  by_seq->bits = g_new0 (guint64, n_words);
  by_seq->before = g_new (guint32, n_words);

  for (guint t = 0; t < self->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (self, t);

      for (guint i = 0; track->slices && i < track->slices->len; i++)
        if (input_seq (self, track, i, &seq))
          by_seq->bits[(seq - first) / BITS_PER_WORD] |= G_GUINT64_CONSTANT (1) << ((seq - first) % BITS_PER_WORD);
    }
  for (guint w = 0; w < n_words; w++)
    {
      by_seq->before[w] = by_seq->n_refs;
      by_seq->n_refs += __builtin_popcountll (by_seq->bits[w]);
    }

  /* Two slices with one seq (a broken input) leave the later one. */
  by_seq->refs = (SliceRef *) stp_buffer_alloc ((gsize) by_seq->n_refs * sizeof (SliceRef));
  for (guint t = 0; t < self->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (self, t);

      for (guint i = 0; track->slices && i < track->slices->len; i++)
        if (input_seq (self, track, i, &seq))
          by_seq->refs[slice_index_place (by_seq, seq)] = (SliceRef) { t, i };
    }
}

/* Flows bind one by one, each end reading the tracks and writing only
 * itself; past this many, half of them are bound on a second thread. */
#define PARALLEL_MIN_FLOWS 8192

typedef struct
{
  StpTrace   *trace;
  GHashTable *thread_lanes;   /* only looked up */
  SliceIndex *by_seq;
  guint       start;
  guint       end;
} BindRange;

static gpointer
bind_range (gpointer data)
{
  BindRange *range = data;
  Hints hints;

  hints_init (&hints, range->trace);
  for (guint i = range->start; i < range->end; i++)
    {
      StpFlow *f = &g_array_index (range->trace->flows, StpFlow, i);

      bind_end (range->trace, &f->src, range->thread_lanes, range->by_seq, &hints);
      bind_end (range->trace, &f->dst, range->thread_lanes, range->by_seq, &hints);
    }
  hints_clear (&hints);
  return NULL;
}

void
stp_trace_bind_flows (StpTrace   *self,
                      GHashTable *thread_lanes)
{
  SliceIndex by_seq = { 0 };
  BindRange first, second;
  GThread *thread;

  for (guint i = 0; i < self->flows->len; i++)
    {
      const StpFlow *f = &g_array_index (self->flows, StpFlow, i);

      if (f->src.phase == 0 || f->dst.phase == 0 ||
          f->src.binding == 'q' || f->dst.binding == 'q')
        {
          index_slices_by_seq (self, &by_seq);
          break;
        }
    }

  first = (BindRange) { self, thread_lanes, &by_seq, 0, self->flows->len };
  if (self->flows->len < PARALLEL_MIN_FLOWS)
    bind_range (&first);
  else
    {
      second = first;
      first.end = second.start = self->flows->len / 2;
      thread = g_thread_new ("stp-bind-flows", bind_range, &second);
      bind_range (&first);
      g_thread_join (thread);
    }
  slice_index_clear (&by_seq);
}
