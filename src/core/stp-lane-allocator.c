/* stp-lane-allocator.c: first free row for intervals, in O(log n)
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Intervals arrive sorted by start.  Each lane is busy until the end of
 * its last interval.  take() returns the lowest-numbered lane that is
 * free at the interval's start, or opens a new one.  Busy lanes wait in
 * a heap keyed by the time they free up; free lanes in a heap keyed by
 * their number.  Every interval costs O(log lanes), whatever the input:
 * a million intervals that all overlap cost no more than a million
 * disjoint ones.  A lane is free at `start` when its last interval
 * ended strictly before it, the rule timeline.py uses for its lanes.
 */

#define G_LOG_DOMAIN "stp-lane-allocator"

#include "stp-lane-allocator.h"

typedef struct
{
  gint64  key;
  guint32 lane;
  guint32 version;
} HeapEntry;

struct _StpLaneAllocator
{
  GArray *busy;      /* HeapEntry keyed by free time */
  GArray *idle;      /* HeapEntry keyed by lane number */
  GArray *busy_until; /* gint64 per lane */
  GArray *versions;  /* guint32 per lane */
};

static gboolean
entry_less (const HeapEntry *a,
            const HeapEntry *b)
{
  return a->key < b->key || (a->key == b->key && a->lane < b->lane);
}

static void
heap_push (GArray    *heap,
           HeapEntry  entry)
{
  guint i;

  g_array_append_val (heap, entry);
  i = heap->len - 1;

  while (i > 0)
    {
      guint parent = (i - 1) / 2;
      HeapEntry *e = &g_array_index (heap, HeapEntry, i);
      HeapEntry *p = &g_array_index (heap, HeapEntry, parent);
      HeapEntry tmp;

      if (!entry_less (e, p))
        break;
      tmp = *e; *e = *p; *p = tmp;
      i = parent;
    }
}

static HeapEntry
heap_pop (GArray *heap)
{
  HeapEntry top = g_array_index (heap, HeapEntry, 0);
  guint i = 0;

  g_array_index (heap, HeapEntry, 0) = g_array_index (heap, HeapEntry, heap->len - 1);
  g_array_set_size (heap, heap->len - 1);

  for (;;)
    {
      guint l = 2 * i + 1, r = l + 1, m = i;
      HeapEntry tmp;

      if (l < heap->len && entry_less (&g_array_index (heap, HeapEntry, l),
                                       &g_array_index (heap, HeapEntry, m)))
        m = l;
      if (r < heap->len && entry_less (&g_array_index (heap, HeapEntry, r),
                                       &g_array_index (heap, HeapEntry, m)))
        m = r;
      if (m == i)
        break;
      tmp = g_array_index (heap, HeapEntry, i);
      g_array_index (heap, HeapEntry, i) = g_array_index (heap, HeapEntry, m);
      g_array_index (heap, HeapEntry, m) = tmp;
      i = m;
    }

  return top;
}

StpLaneAllocator *
stp_lane_allocator_new (void)
{
  StpLaneAllocator *self = g_new0 (StpLaneAllocator, 1);

  self->busy = g_array_new (FALSE, FALSE, sizeof (HeapEntry));
  self->idle = g_array_new (FALSE, FALSE, sizeof (HeapEntry));
  self->busy_until = g_array_new (FALSE, FALSE, sizeof (gint64));
  self->versions = g_array_new (FALSE, FALSE, sizeof (guint32));

  return self;
}

void
stp_lane_allocator_free (StpLaneAllocator *self)
{
  if (self == NULL)
    return;

  g_array_unref (self->busy);
  g_array_unref (self->idle);
  g_array_unref (self->busy_until);
  g_array_unref (self->versions);
  g_free (self);
}

static guint32 *
lane_version (StpLaneAllocator *self,
              guint32           lane)
{
  return &g_array_index (self->versions, guint32, lane);
}

/* Move lanes that are free at `start` from the busy heap to the idle one. */
static void
release_until (StpLaneAllocator *self,
               gint64            start)
{
  while (self->busy->len > 0 &&
         g_array_index (self->busy, HeapEntry, 0).key < start)
    {
      HeapEntry e = heap_pop (self->busy);

      if (e.version != *lane_version (self, e.lane))
        continue;   /* the lane was reused since */

      e.key = e.lane;
      heap_push (self->idle, e);
    }
}

void
stp_lane_allocator_occupy (StpLaneAllocator *self,
                           guint32           lane,
                           gint64            end)
{
  HeapEntry e;

  g_return_if_fail (self != NULL);

  while (lane >= self->busy_until->len)
    {
      gint64 never = G_MININT64;
      guint32 zero = 0;

      g_array_append_val (self->busy_until, never);
      g_array_append_val (self->versions, zero);
    }

  (*lane_version (self, lane))++;
  g_array_index (self->busy_until, gint64, lane) = end;

  e.key = end;
  e.lane = lane;
  e.version = *lane_version (self, lane);
  heap_push (self->busy, e);
}

gboolean
stp_lane_allocator_is_free (StpLaneAllocator *self,
                            guint32           lane,
                            gint64            start)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return lane >= self->busy_until->len ||
         g_array_index (self->busy_until, gint64, lane) < start;
}

guint32
stp_lane_allocator_take (StpLaneAllocator *self,
                         gint64            start,
                         gint64            end)
{
  guint32 lane = G_MAXUINT32;

  g_return_val_if_fail (self != NULL, 0);

  release_until (self, start);

  while (self->idle->len > 0)
    {
      HeapEntry e = heap_pop (self->idle);

      /* Skip entries of lanes that were occupied again in the meantime. */
      if (e.version == *lane_version (self, e.lane) &&
          stp_lane_allocator_is_free (self, e.lane, start))
        {
          lane = e.lane;
          break;
        }
    }

  if (lane == G_MAXUINT32)
    lane = self->busy_until->len;

  stp_lane_allocator_occupy (self, lane, end);
  return lane;
}

guint32
stp_lane_allocator_get_n_lanes (StpLaneAllocator *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->busy_until->len;
}
