/* stp-lane-tree.c: timeline.py's first-fit lanes in O(log lanes)
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * timeline.py scans its lanes in order for the first one whose last end
 * is before the node's start: O(lanes) per node, quadratic when many
 * ops overlap.  A tree of minimum ends over the lanes finds the same
 * lane in O(log lanes).  Nodes arrive in input order, not sorted.
 */

#define G_LOG_DOMAIN "stp-lane-tree"

#include "stp-timeline-private.h"

struct _StpLaneTree
{
  gint64 *min;      /* min[1] is the root; leaves at [capacity, 2 * capacity) */
  guint   capacity; /* a power of two */
  guint   n_lanes;
};

static void
lane_tree_set (StpLaneTree *tree,
               guint        lane,
               gint64       end)
{
  guint i = tree->capacity + lane;

  tree->min[i] = end;
  for (i /= 2; i >= 1; i /= 2)
    tree->min[i] = MIN (tree->min[2 * i], tree->min[2 * i + 1]);
}

static void
lane_tree_grow (StpLaneTree *tree)
{
  guint old_capacity = tree->capacity;
  gint64 *old = tree->min;

  tree->capacity *= 2;
  tree->min = g_new (gint64, 2 * tree->capacity);
  for (guint i = 0; i < 2 * tree->capacity; i++)
    tree->min[i] = G_MAXINT64;

  for (guint lane = 0; lane < tree->n_lanes; lane++)
    tree->min[tree->capacity + lane] = old[old_capacity + lane];
  for (guint i = tree->capacity - 1; i >= 1; i--)
    tree->min[i] = MIN (tree->min[2 * i], tree->min[2 * i + 1]);

  g_free (old);
}

StpLaneTree *
stp_lane_tree_new (void)
{
  StpLaneTree *tree = g_new0 (StpLaneTree, 1);

  tree->capacity = 16;
  tree->min = g_new (gint64, 2 * tree->capacity);
  for (guint i = 0; i < 2 * tree->capacity; i++)
    tree->min[i] = G_MAXINT64;

  /* timeline.py starts with one lane that ended at 0. */
  tree->n_lanes = 1;
  lane_tree_set (tree, 0, 0);

  return tree;
}

void
stp_lane_tree_free (StpLaneTree *tree)
{
  if (tree == NULL)
    return;

  g_free (tree->min);
  g_free (tree);
}

guint32
stp_lane_tree_assign (StpLaneTree *tree,
                      gint64       start,
                      gint64       end)
{
  guint i = 1;
  guint lane;

  g_return_val_if_fail (tree != NULL, 0);

  if (tree->min[1] < start)
    {
      /* Descend to the leftmost leaf that ended before start. */
      while (i < tree->capacity)
        i = tree->min[2 * i] < start ? 2 * i : 2 * i + 1;
      lane = i - tree->capacity;
    }
  else
    {
      if (tree->n_lanes == tree->capacity)
        lane_tree_grow (tree);
      lane = tree->n_lanes++;
    }

  lane_tree_set (tree, lane, end);
  return lane;
}
