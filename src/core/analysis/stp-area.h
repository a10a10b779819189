/* stp-area.h: a time range over a set of tracks
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What a Shift+drag selects.  A slice is in it when it is on one of the
 * tracks and intersects the range (a zero-length slice when it lies
 * within it).
 */

#pragma once

#include "stp-item.h"

G_BEGIN_DECLS

typedef struct
{
  gint64   start;
  gint64   end;
  GArray  *tracks;      /* guint32 trace->tracks indices, sorted, unique */
} StpArea;

StpArea  *stp_area_new             (gint64              start,
                                    gint64              end);
StpArea  *stp_area_copy            (const StpArea      *area);
void      stp_area_free            (StpArea            *area);
gboolean  stp_area_equal           (const StpArea      *a,
                                    const StpArea      *b);
void      stp_area_add_track       (StpArea            *area,
                                    guint32             track);
gboolean  stp_area_has_track       (const StpArea      *area,
                                    guint32             track);
gboolean  stp_area_contains        (const StpArea      *area,
                                    const StpSlice     *slice);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpArea, stp_area_free)

G_END_DECLS
