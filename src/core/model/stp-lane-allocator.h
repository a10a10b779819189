/* stp-lane-allocator.h: first free lane for intervals, in O(log lanes)
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _StpLaneAllocator StpLaneAllocator;

StpLaneAllocator *stp_lane_allocator_new     (void);
void              stp_lane_allocator_free    (StpLaneAllocator *self);
guint32           stp_lane_allocator_take    (StpLaneAllocator *self,
                                              gint64            start,
                                              gint64            end);
void              stp_lane_allocator_occupy  (StpLaneAllocator *self,
                                              guint32           lane,
                                              gint64            end);
gboolean          stp_lane_allocator_is_free (StpLaneAllocator *self,
                                              guint32           lane,
                                              gint64            start);
guint32           stp_lane_allocator_get_n_lanes (StpLaneAllocator *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpLaneAllocator, stp_lane_allocator_free)

G_END_DECLS
