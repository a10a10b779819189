/* stp-track-find.c: a track's slices by time
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The slices of one depth of a sealed track do not overlap, so a run
 * is sorted by end as by start: what is at or after a time is found by
 * a search on ends.
 */

#define G_LOG_DOMAIN "stp-trace"

#include "stp-trace.h"

static inline gboolean
ends_after (const StpTrack *track,
            guint32         index,
            gint64          ts)
{
  return stp_slice_end (stp_track_get_slice (track, index)) > ts;
}

/* The first index in [lo, hi) whose slice ends after ts, hi if none. */
static guint32
first_ending_after_in (const StpTrack *track,
                       guint32         lo,
                       guint32         hi,
                       gint64          ts)
{
  while (lo < hi)
    {
      guint32 mid = lo + (hi - lo) / 2;

      if (ends_after (track, mid, ts))
        hi = mid;
      else
        lo = mid + 1;
    }
  return lo;
}

guint32
stp_track_find_first_ending_after (const StpTrack *track,
                                   guint16         depth,
                                   gint64          ts)
{
  guint32 end, found;

  g_return_val_if_fail (track != NULL, STP_INDEX_NONE);

  if (track->depth_starts == NULL || depth > track->max_depth)
    return STP_INDEX_NONE;

  end = track->depth_starts[depth + 1];
  found = first_ending_after_in (track, track->depth_starts[depth], end, ts);
  return found < end ? found : STP_INDEX_NONE;
}

guint32
stp_track_find_first_ending_after_from (const StpTrack *track,
                                        guint16         depth,
                                        gint64          ts,
                                        guint32        *hint)
{
  guint32 lo, hi, end, bound, found;
  guint32 step = 1;

  g_return_val_if_fail (track != NULL, STP_INDEX_NONE);
  g_return_val_if_fail (hint != NULL, STP_INDEX_NONE);

  if (track->depth_starts == NULL || depth > track->max_depth)
    return STP_INDEX_NONE;

  lo = track->depth_starts[depth];
  hi = end = track->depth_starts[depth + 1];
  bound = CLAMP (*hint, lo, hi);

  /* Bring [lo, hi) in around the answer by doubling steps from the
   * hint: leftwards if the hint's slice ends after ts... */
  if (bound == hi || ends_after (track, bound, ts))
    {
      while (bound - lo >= step && ends_after (track, bound - step, ts))
        {
          bound -= step;
          step *= 2;
        }
      if (bound - lo >= step)
        lo = bound - step + 1;
      hi = bound;
    }
  else
    {
      /* ...else rightwards. */
      while (bound + step < hi && !ends_after (track, bound + step, ts))
        {
          bound += step;
          step *= 2;
        }
      lo = bound + 1;
      hi = MIN (bound + step, hi);
    }

  found = first_ending_after_in (track, lo, hi, ts);
  *hint = found;
  return found < end ? found : STP_INDEX_NONE;
}

guint32
stp_track_find_slice_at (const StpTrack *track,
                         guint16         depth,
                         gint64          ts)
{
  guint32 index = stp_track_find_first_ending_after (track, depth, ts);

  if (index == STP_INDEX_NONE)
    return STP_INDEX_NONE;
  if (stp_track_get_slice (track, index)->ts > ts)
    return STP_INDEX_NONE;
  return index;
}
