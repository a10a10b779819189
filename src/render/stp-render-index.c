/* stp-render-index.c: what the renderer precomputes once per trace
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "stp-render-index"

#include "stp-render-index.h"
#include "stp-render-style.h"
#include "stp-render-flow-index.h"

#include <string.h>

typedef struct
{
  StpRunPyramid **depths;   /* max_depth + 1 entries, NULL where the run is short */
  guint           n_depths;
  double          min;      /* counters: stacked range */
  double          max;
  gboolean        bytes;
} TrackIndex;

struct _StpRenderIndex
{
  gint        ref_count;
  StpTrace   *trace;
  guint8     *colors;       /* per interned string */
  guint       n_colors;
  TrackIndex *tracks;
  StpFlowIndex *flows;
  gsize       memory;
};

G_DEFINE_BOXED_TYPE (StpRenderIndex, stp_render_index, stp_render_index_ref, stp_render_index_unref)

static void
pyramid_free (StpRunPyramid *pyramid)
{
  if (pyramid == NULL)
    return;
  for (guint l = 0; l < pyramid->n_levels; l++)
    g_free (pyramid->buckets[l]);
  g_free (pyramid);
}

static void
set_coverage (StpRunPyramid *pyramid,
              guint          level,
              const guint64 *busy)
{
  guint64 width = G_GUINT64_CONSTANT (1) << (pyramid->shift + level);
  StpPyramidBucket *buckets = pyramid->buckets[level];

  for (guint32 b = 0; b < pyramid->len[level]; b++)
    {
      guint64 c;

      if (buckets[b].longest == STP_INDEX_NONE)
        {
          buckets[b].coverage = 0;
          continue;
        }
      c = width > G_MAXUINT64 / 255 ? busy[b] / (width / 255) : (busy[b] * 255 + width - 1) / width;
      buckets[b].coverage = CLAMP (c, 1, 255);
    }
}

static void
set_longest (StpPyramidBucket *bucket,
             const StpTrack   *track,
             const guint8     *colors,
             guint             n_colors,
             guint32           index)
{
  const StpSlice *s = stp_track_get_slice (track, index);

  bucket->longest = index;
  bucket->dur = (float) MAX (s->dur, 0);
  bucket->color = s->name < n_colors ? colors[s->name] : 0;
}

/* Level 0 has about one bucket per eight slices: coarse enough to be
 * small, fine enough that a view zoomed in past it has only a few slices
 * per pixel to walk. */
static StpRunPyramid *
build_pyramid (const StpTrack *track,
               guint32         lo,
               guint32         hi,
               const guint8   *colors,
               guint           n_colors)
{
  StpRunPyramid *pyramid = g_new0 (StpRunPyramid, 1);
  const StpSlice *first = stp_track_get_slice (track, lo);
  gint64 last_end = stp_slice_end (stp_track_get_slice (track, hi - 1));
  guint64 span = (guint64) (last_end - first->ts) + 1;
  guint64 target = MAX (1, (hi - lo) / 8);
  g_autofree guint64 *busy = NULL;
  StpPyramidBucket *buckets;
  guint32 len;

  pyramid->origin = first->ts;
  while ((span >> pyramid->shift) > target)
    pyramid->shift++;

  len = (guint32) (((span - 1) >> pyramid->shift) + 1);
  pyramid->len[0] = len;
  buckets = pyramid->buckets[0] = g_new0 (StpPyramidBucket, len);
  for (guint32 b = 0; b < len; b++)
    buckets[b].longest = STP_INDEX_NONE;
  busy = g_new0 (guint64, len);

  for (guint32 i = lo; i < hi; i++)
    {
      const StpSlice *s = stp_track_get_slice (track, i);
      guint64 st = (guint64) (s->ts - pyramid->origin);
      guint64 en = (guint64) (stp_slice_end (s) - pyramid->origin);
      guint64 b0 = st >> pyramid->shift;
      guint64 b1 = (en > st ? en - 1 : st) >> pyramid->shift;

      for (guint64 b = b0; b <= b1 && b < len; b++)
        {
          guint64 bs = b << pyramid->shift;
          guint64 be = bs + (G_GUINT64_CONSTANT (1) << pyramid->shift);

          busy[b] += MIN (en, be) - MAX (st, bs);
          if (buckets[b].longest == STP_INDEX_NONE || MAX (s->dur, 0) > buckets[b].dur)
            set_longest (&buckets[b], track, colors, n_colors, i);
        }
    }

  set_coverage (pyramid, 0, busy);
  pyramid->n_levels = 1;

  /* Each level halves the one below: busy time adds, the longest wins. */
  while (pyramid->len[pyramid->n_levels - 1] > 1 && pyramid->n_levels < STP_PYRAMID_MAX_LEVELS)
    {
      guint l = pyramid->n_levels;
      guint32 below = pyramid->len[l - 1];
      guint32 n = (below + 1) / 2;
      const StpPyramidBucket *lb = pyramid->buckets[l - 1];
      StpPyramidBucket *up = g_new0 (StpPyramidBucket, n);

      for (guint32 b = 0; b < n; b++)
        {
          const StpPyramidBucket *a = &lb[2 * b];
          const StpPyramidBucket *c = 2 * b + 1 < below ? &lb[2 * b + 1] : NULL;

          busy[b] = busy[2 * b] + (c != NULL ? busy[2 * b + 1] : 0);
          if (a->longest == STP_INDEX_NONE || (c != NULL && c->longest != STP_INDEX_NONE && c->dur > a->dur))
            a = c != NULL ? c : a;
          up[b] = *a;
        }

      pyramid->len[l] = n;
      pyramid->buckets[l] = up;
      set_coverage (pyramid, l, busy);
      pyramid->n_levels++;
    }

  return pyramid;
}

static gsize
pyramid_size (const StpRunPyramid *pyramid)
{
  gsize size = sizeof *pyramid;

  for (guint l = 0; l < pyramid->n_levels; l++)
    size += pyramid->len[l] * sizeof (StpPyramidBucket);
  return size;
}

/* The stacked total over time: walk the series' samples in time order. */
static void
counter_range (const StpTrack *track,
               double         *out_min,
               double         *out_max)
{
  guint n = track->series->len;
  g_autofree guint *pos = g_new0 (guint, n);
  g_autofree double *current = g_new0 (double, n);
  double min = 0, max = 0;

  if (n > 64)
    {
      for (guint i = 0; i < n; i++)
        {
          const StpCounterSeries *series = g_ptr_array_index (track->series, i);

          min += MIN (series->min, 0);
          max += MAX (series->max, 0);
        }
      *out_min = min;
      *out_max = max;
      return;
    }

  for (;;)
    {
      gint best = -1;
      gint64 best_ts = 0;
      double total = 0;

      for (guint i = 0; i < n; i++)
        {
          const StpCounterSeries *series = g_ptr_array_index (track->series, i);

          if (pos[i] < series->samples->len)
            {
              gint64 ts = g_array_index (series->samples, StpCounterSample, pos[i]).ts;

              if (best < 0 || ts < best_ts)
                {
                  best = i;
                  best_ts = ts;
                }
            }
        }
      if (best < 0)
        break;

      /* Take every sample at this time before looking at the total. */
      for (guint i = 0; i < n; i++)
        {
          const StpCounterSeries *series = g_ptr_array_index (track->series, i);

          while (pos[i] < series->samples->len &&
                 g_array_index (series->samples, StpCounterSample, pos[i]).ts == best_ts)
            current[i] = g_array_index (series->samples, StpCounterSample, pos[i]++).value;
        }

      for (guint i = 0; i < n; i++)
        total += current[i];
      min = MIN (min, total);
      max = MAX (max, total);
    }

  *out_min = min;
  *out_max = max;
}

static gboolean
looks_like_bytes (StpTrace       *trace,
                  const StpTrack *track)
{
  const StpProcess *process = stp_trace_get_process (trace, track->process);
  const char *name = stp_trace_str (trace, track->name);

  if (process->name != STP_STR_EMPTY &&
      g_strcmp0 (stp_trace_str (trace, process->name), "Allocators") == 0)
    return TRUE;

  for (guint i = 0; i < trace->allocator_maximums->len; i++)
    {
      const StpAllocatorMaximum *m = &g_array_index (trace->allocator_maximums, StpAllocatorMaximum, i);

      if (m->allocator == track->name)
        return TRUE;
    }

  return strstr (name, "bytes") != NULL || strstr (name, "Bytes") != NULL ||
         strstr (name, "memory") != NULL || strstr (name, "Memory") != NULL;
}

StpRenderIndex *
stp_render_index_new (StpTrace      *trace,
                      GCancellable  *cancellable,
                      GError       **error)
{
  g_autoptr(StpRenderIndex) self = NULL;

  g_return_val_if_fail (trace != NULL, NULL);

  self = g_new0 (StpRenderIndex, 1);
  self->ref_count = 1;
  self->trace = stp_trace_ref (trace);

  self->n_colors = stp_string_table_count (trace->strings);
  self->colors = g_new (guint8, MAX (1, self->n_colors));
  for (guint i = 0; i < self->n_colors; i++)
    self->colors[i] = stp_render_color_index (stp_trace_str (trace, i));
  self->memory = self->n_colors;

  self->tracks = g_new0 (TrackIndex, trace->tracks->len);
  for (guint t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);
      TrackIndex *ti = &self->tracks[t];

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;

      if (track->kind == STP_TRACK_COUNTER)
        {
          counter_range (track, &ti->min, &ti->max);
          ti->bytes = looks_like_bytes (trace, track);
          continue;
        }

      if (track->depth_starts == NULL || track->slices == NULL || track->slices->len == 0)
        continue;

      ti->n_depths = track->max_depth + 1;
      ti->depths = g_new0 (StpRunPyramid *, ti->n_depths);
      for (guint d = 0; d < ti->n_depths; d++)
        {
          guint32 lo = track->depth_starts[d];
          guint32 hi = track->depth_starts[d + 1];

          if (hi - lo < STP_PYRAMID_MIN_SLICES || track->kind == STP_TRACK_INSTANTS)
            continue;
          ti->depths[d] = build_pyramid (track, lo, hi, self->colors, self->n_colors);
          self->memory += pyramid_size (ti->depths[d]);
        }
    }

  self->flows = stp_flow_index_new (trace, cancellable);
  self->memory += stp_flow_index_get_memory_size (self->flows);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  return g_steal_pointer (&self);
}

StpRenderIndex *
stp_render_index_ref (StpRenderIndex *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
stp_render_index_unref (StpRenderIndex *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;

  for (guint t = 0; self->tracks != NULL && t < self->trace->tracks->len; t++)
    {
      for (guint d = 0; d < self->tracks[t].n_depths; d++)
        pyramid_free (self->tracks[t].depths[d]);
      g_free (self->tracks[t].depths);
    }
  g_free (self->tracks);
  stp_flow_index_free (self->flows);
  g_free (self->colors);
  stp_trace_unref (self->trace);
  g_free (self);
}

StpTrace *
stp_render_index_get_trace (StpRenderIndex *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->trace;
}

StpFlowIndex *
stp_render_index_get_flows (StpRenderIndex *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return self->flows;
}

guint8
stp_render_index_get_color (StpRenderIndex *self,
                            StpStr          name)
{
  return name < self->n_colors ? self->colors[name] : 0;
}

const StpRunPyramid *
stp_render_index_get_pyramid (StpRenderIndex *self,
                              guint32         track,
                              guint16         depth)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (track < self->trace->tracks->len, NULL);

  if (depth >= self->tracks[track].n_depths)
    return NULL;
  return self->tracks[track].depths[depth];
}

void
stp_render_index_get_counter_range (StpRenderIndex *self,
                                    guint32         track,
                                    double         *min,
                                    double         *max)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (track < self->trace->tracks->len);

  *min = self->tracks[track].min;
  *max = self->tracks[track].max;
}

gboolean
stp_render_index_is_bytes_counter (StpRenderIndex *self,
                                   guint32         track)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (track < self->trace->tracks->len, FALSE);

  return self->tracks[track].bytes;
}

gsize
stp_render_index_get_memory_size (StpRenderIndex *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->memory;
}
