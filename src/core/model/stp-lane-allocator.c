/* stp-lane-allocator.c: first free lane for intervals, in O(log lanes)
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each lane is busy until the end of its last interval; a lane is free
 * at `start` when that end is strictly before it (timeline.py's rule).
 * take() returns the lowest-numbered free lane, or opens a new one.
 *
 * A first-fit scan over the lanes, as timeline.py does, is quadratic when
 * many intervals overlap.  Here a tree of minimum ends over the lanes
 * finds the same lane in O(log lanes), whatever the order intervals
 * arrive in: the timeline.py port assigns in node order, sealing a trace
 * in start order, and both share this one allocator.
 */

#define G_LOG_DOMAIN "stp-lane-allocator"

#include "stp-lane-allocator.h"

/* Ends of lanes that do not exist yet: never free. */
#define NO_LANE G_MAXINT64
/* The end of a lane opened by occupy() beyond the last: always free. */
#define NEVER_BUSY G_MININT64

struct _StpLaneAllocator
{
  gint64 *min;      /* min[1] is the root; leaves at [capacity, 2 * capacity) */
  guint   capacity; /* a power of two */
  guint32 n_lanes;
};

static void
fill_inner_nodes (StpLaneAllocator *self)
{
  for (guint i = self->capacity - 1; i >= 1; i--)
    self->min[i] = MIN (self->min[2 * i], self->min[2 * i + 1]);
}

static void
grow_to (StpLaneAllocator *self,
         guint32           n_lanes)
{
  guint old_capacity = self->capacity;
  gint64 *old = self->min;

  if (n_lanes <= self->capacity)
    return;

  while (self->capacity < n_lanes)
    self->capacity *= 2;
  self->min = g_new (gint64, 2 * self->capacity);
  for (guint i = 0; i < 2 * self->capacity; i++)
    self->min[i] = NO_LANE;
  for (guint lane = 0; lane < self->n_lanes; lane++)
    self->min[self->capacity + lane] = old[old_capacity + lane];
  fill_inner_nodes (self);

  g_free (old);
}

static void
set_end (StpLaneAllocator *self,
         guint32           lane,
         gint64            end)
{
  guint i = self->capacity + lane;

  self->min[i] = end;
  for (i /= 2; i >= 1; i /= 2)
    self->min[i] = MIN (self->min[2 * i], self->min[2 * i + 1]);
}

StpLaneAllocator *
stp_lane_allocator_new (void)
{
  StpLaneAllocator *self = g_new0 (StpLaneAllocator, 1);

  self->capacity = 16;
  self->min = g_new (gint64, 2 * self->capacity);
  for (guint i = 0; i < 2 * self->capacity; i++)
    self->min[i] = NO_LANE;

  return self;
}

void
stp_lane_allocator_free (StpLaneAllocator *self)
{
  if (self == NULL)
    return;

  g_free (self->min);
  g_free (self);
}

/* Marks `lane` busy until `end`, opening it (and any lanes before it,
 * free) if it does not exist yet. */
void
stp_lane_allocator_occupy (StpLaneAllocator *self,
                           guint32           lane,
                           gint64            end)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (lane < G_MAXUINT32 / 2);

  if (lane >= self->n_lanes)
    {
      grow_to (self, lane + 1);
      while (self->n_lanes < lane)
        set_end (self, self->n_lanes++, NEVER_BUSY);
      self->n_lanes = lane + 1;
    }
  set_end (self, lane, end);
}

gboolean
stp_lane_allocator_is_free (StpLaneAllocator *self,
                            guint32           lane,
                            gint64            start)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return lane >= self->n_lanes || self->min[self->capacity + lane] < start;
}

guint32
stp_lane_allocator_take (StpLaneAllocator *self,
                         gint64            start,
                         gint64            end)
{
  guint32 lane;
  guint i = 1;

  g_return_val_if_fail (self != NULL, 0);

  if (self->min[1] < start)
    {
      /* Descend to the leftmost lane that ended before start. */
      while (i < self->capacity)
        i = self->min[2 * i] < start ? 2 * i : 2 * i + 1;
      lane = i - self->capacity;
    }
  else
    {
      lane = self->n_lanes;
    }

  stp_lane_allocator_occupy (self, lane, end);
  return lane;
}

guint32
stp_lane_allocator_get_n_lanes (StpLaneAllocator *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->n_lanes;
}
