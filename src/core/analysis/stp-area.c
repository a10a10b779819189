/* stp-area.c: a time range over a set of tracks
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "stp-area"

#include <string.h>

#include "stp-area.h"

StpArea *
stp_area_new (gint64 start,
              gint64 end)
{
  StpArea *area = g_new0 (StpArea, 1);

  area->start = MIN (start, end);
  area->end = MAX (start, end);
  area->tracks = g_array_new (FALSE, FALSE, sizeof (guint32));
  return area;
}

StpArea *
stp_area_copy (const StpArea *area)
{
  StpArea *copy;

  g_return_val_if_fail (area != NULL, NULL);

  copy = stp_area_new (area->start, area->end);
  g_array_append_vals (copy->tracks, area->tracks->data, area->tracks->len);
  return copy;
}

/* The same range over the same tracks; NULL equals only NULL. */
gboolean
stp_area_equal (const StpArea *a,
                const StpArea *b)
{
  if (a == NULL || b == NULL)
    return a == b;
  return a->start == b->start && a->end == b->end && a->tracks->len == b->tracks->len &&
         memcmp (a->tracks->data, b->tracks->data, a->tracks->len * sizeof (guint32)) == 0;
}

void
stp_area_free (StpArea *area)
{
  if (area == NULL)
    return;
  g_array_unref (area->tracks);
  g_free (area);
}

static gboolean
find_track (const StpArea *area,
            guint32        track,
            guint         *position)
{
  guint lo = 0, hi = area->tracks->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      guint32 t = g_array_index (area->tracks, guint32, mid);

      if (t == track)
        {
          *position = mid;
          return TRUE;
        }
      if (t < track)
        lo = mid + 1;
      else
        hi = mid;
    }

  *position = lo;
  return FALSE;
}

void
stp_area_add_track (StpArea *area,
                    guint32  track)
{
  guint position;

  g_return_if_fail (area != NULL);

  if (!find_track (area, track, &position))
    g_array_insert_val (area->tracks, position, track);
}

gboolean
stp_area_has_track (const StpArea *area,
                    guint32        track)
{
  guint position;

  g_return_val_if_fail (area != NULL, FALSE);
  return find_track (area, track, &position);
}

gboolean
stp_area_contains (const StpArea  *area,
                   const StpSlice *slice)
{
  g_return_val_if_fail (area != NULL, FALSE);
  g_return_val_if_fail (slice != NULL, FALSE);

  if (slice->dur > 0)
    return slice->ts < area->end && stp_slice_end (slice) > area->start;
  return slice->ts >= area->start && slice->ts < area->end;
}
