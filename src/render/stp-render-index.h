/* stp-render-index.h: what the renderer precomputes once per trace
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built off the UI thread right after loading, read-only afterwards: the
 * colour of every name, and for every long depth run of slices a
 * pyramid of coarser buckets, so a zoomed-out frame costs one lookup per pixel column
 * instead of a walk over millions of slices; and the flows by time span
 * and by slice.
 */

#pragma once

#include <gio/gio.h>

#include "stp-trace.h"
#include "stp-render-flow-index.h"

G_BEGIN_DECLS

#define STP_PYRAMID_MAX_LEVELS 48

/* Bucket b of level l covers [origin + (b << (shift + l)),
 * origin + ((b + 1) << (shift + l))).  For each bucket: the longest slice
 * that intersects it, with its duration and colour, and how much of the
 * bucket is busy (0..255, never 0 when something is there): a zoomed-out
 * frame reads only these, not the slices. */
typedef struct
{
  guint32 longest;     /* index into the track's slices, STP_INDEX_NONE if empty */
  float   dur;         /* its duration, so a frame need not read the slice */
  guint8  coverage;
  guint8  color;       /* its name's palette index */
  guint16 reserved;
} StpPyramidBucket;

typedef struct
{
  gint64            origin;
  guint             shift;
  guint             n_levels;
  guint32           len[STP_PYRAMID_MAX_LEVELS];
  StpPyramidBucket *buckets[STP_PYRAMID_MAX_LEVELS];
} StpRunPyramid;

typedef struct _StpRenderIndex StpRenderIndex;

GType                 stp_render_index_get_type     (void) G_GNUC_CONST;
#define STP_TYPE_RENDER_INDEX (stp_render_index_get_type ())

StpRenderIndex       *stp_render_index_new          (StpTrace       *trace,
                                                     GCancellable   *cancellable,
                                                     GError        **error);
StpRenderIndex       *stp_render_index_ref          (StpRenderIndex *self);
void                  stp_render_index_unref        (StpRenderIndex *self);
StpTrace             *stp_render_index_get_trace    (StpRenderIndex *self);
/* Flows by time span and by bound slice (stp-render-flow-index.h). */
StpFlowIndex         *stp_render_index_get_flows    (StpRenderIndex *self);
guint8                stp_render_index_get_color    (StpRenderIndex *self,
                                                     StpStr          name);
const StpRunPyramid  *stp_render_index_get_pyramid  (StpRenderIndex *self,
                                                     guint32         track,
                                                     guint16         depth);
/* The highest and lowest value a counter track's stacked series reach. */
void                  stp_render_index_get_counter_range (StpRenderIndex *self,
                                                     guint32         track,
                                                     double         *min,
                                                     double         *max);
gboolean              stp_render_index_is_bytes_counter (StpRenderIndex *self,
                                                     guint32         track);
gsize                 stp_render_index_get_memory_size (StpRenderIndex *self);

/* Exposed for tests: the minimum run length that gets a pyramid. */
#define STP_PYRAMID_MIN_SLICES 1024

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpRenderIndex, stp_render_index_unref)

G_END_DECLS
