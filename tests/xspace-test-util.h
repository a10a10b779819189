/* xspace-test-util.h: building XSpace wire bytes by hand, for tests
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-trace.h"
#include "stp-xspace.h"

G_BEGIN_DECLS

typedef struct _XPlaneBuilder XPlaneBuilder;

/* Stats: a list of XStat messages, for an event or event metadata. */
typedef GPtrArray XStats;

XStats        *xstats_new        (void);
void           xstats_free       (XStats        *stats);
void           xstats_int        (XStats        *stats,
                                  XPlaneBuilder *plane,
                                  const char    *name,
                                  gint64         value);
void           xstats_uint       (XStats        *stats,
                                  XPlaneBuilder *plane,
                                  const char    *name,
                                  guint64        value);
void           xstats_double     (XStats        *stats,
                                  XPlaneBuilder *plane,
                                  const char    *name,
                                  double         value);
void           xstats_str        (XStats        *stats,
                                  XPlaneBuilder *plane,
                                  const char    *name,
                                  const char    *value);
void           xstats_bytes      (XStats        *stats,
                                  XPlaneBuilder *plane,
                                  const char    *name,
                                  const void    *value,
                                  gsize          len);
/* A ref_value: the value is the name of another stat metadata. */
void           xstats_ref        (XStats        *stats,
                                  XPlaneBuilder *plane,
                                  const char    *name,
                                  const char    *value);
/* A stat whose metadata id the plane does not have. */
void           xstats_unknown    (XStats        *stats,
                                  gint64         metadata_id,
                                  gint64         value);

XPlaneBuilder *xplane_new        (const char    *name,
                                  gint64         id);
void           xplane_free       (XPlaneBuilder *plane);
gint64         xplane_stat_id    (XPlaneBuilder *plane,
                                  const char    *name);
/* Event metadata: by name (same name, same id), with optional display
 * name and stats (taken). */
gint64         xplane_event_id   (XPlaneBuilder *plane,
                                  const char    *name,
                                  const char    *display_name,
                                  XStats        *stats);
void           xplane_begin_line (XPlaneBuilder *plane,
                                  gint64         id,
                                  const char    *name,
                                  gint64         timestamp_ns);
/* stats taken; NULL for none. */
void           xplane_event      (XPlaneBuilder *plane,
                                  gint64         metadata_id,
                                  gint64         offset_ps,
                                  gint64         duration_ps,
                                  XStats        *stats);
void           xplane_end_line   (XPlaneBuilder *plane);
/* Appends the plane as XSpace.planes to space, and frees the builder. */
void           xplane_finish     (XPlaneBuilder *plane,
                                  GByteArray    *space);

StpTrace      *xspace_load       (GByteArray    *space,
                                  StpXSpaceLoadFlags flags);

/* Tracks of a process by name, and the first track of a name in it. */
guint32        find_process      (StpTrace      *trace,
                                  const char    *name);
StpTrack      *find_track        (StpTrace      *trace,
                                  guint32        process,
                                  const char    *name);
/* A track's slices in (ts, depth) order, as "name@ts+dur/depth"
 * joined with spaces (ns). */
char          *describe_slices   (StpTrace      *trace,
                                  StpTrack      *track);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (XPlaneBuilder, xplane_free)

G_END_DECLS
