/* stp-render-layout.h: rows of the timeline and hit-testing
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The layout places what the trace holds on a vertical axis: in a
 * trace of several inputs a header per input (collapsible) above its
 * processes; a header per process (in the model's process_order, collapsible), then the
 * process's tracks (in its display order, each as tall as its deepest
 * nesting) and its tensor objects.  It knows nothing about drawing; the
 * renderer, the widget and the tests all ask it where things are.
 */

#pragma once

#include "stp-render-index.h"
#include "stp-render-view.h"

G_BEGIN_DECLS

#define STP_ROW_PROCESS_HEIGHT  28
#define STP_ROW_PART_HEIGHT     32
#define STP_ROW_SLICE_HEIGHT    20
#define STP_ROW_PADDING          3
#define STP_ROW_INSTANT_STRIP   12
#define STP_ROW_COUNTER_HEIGHT  56
#define STP_ROW_GLOBAL_HEIGHT   22
#define STP_ROW_OBJECTS_MAX_HEIGHT 240

typedef enum
{
  STP_ROW_PROCESS,   /* a process header */
  STP_ROW_TRACK,     /* one track of a process */
  STP_ROW_OBJECTS,   /* the tensor objects of a process */
  STP_ROW_GLOBAL,    /* global instants */
  STP_ROW_PART,      /* the header of one input of a merged trace: part */
} StpRowKind;

typedef struct
{
  StpRowKind kind;
  guint32    process;       /* index into trace->processes; STP_INDEX_NONE for GLOBAL */
  guint32    track;         /* index into trace->tracks for TRACK, else STP_INDEX_NONE */
  guint32    part;          /* index into trace->parts for PART, else STP_INDEX_NONE */
  double     y;             /* top, in content coordinates (0 = first row) */
  double     height;
  double     slices_y;      /* TRACK: top of depth 0, relative to y */
  double     lane_height;   /* OBJECTS: height of one object lane */
  char      *label;         /* what the gutter shows */
} StpRow;

typedef enum
{
  STP_HIT_NONE,
  STP_HIT_RULER,
  STP_HIT_PROCESS,          /* a process header: process */
  STP_HIT_PART,             /* an input's header in a merged trace: index = part */
  STP_HIT_TRACK_LABEL,      /* the gutter of a track row: track */
  STP_HIT_TRACK,            /* empty space in a track: track */
  STP_HIT_SLICE,            /* track, index into track->slices */
  STP_HIT_INSTANT,          /* track, index into track->instants (THREAD) or track->slices (INSTANTS) */
  STP_HIT_GLOBAL_INSTANT,   /* index into trace->global_instants */
  STP_HIT_COUNTER,          /* track, value = stacked value at ts, index = sample of series 0 */
  STP_HIT_OBJECT,           /* index into trace->objects */
} StpHitKind;

typedef struct
{
  StpHitKind kind;
  guint      row;
  guint32    process;
  guint32    track;
  guint32    index;
  gint64     ts;            /* time under the pointer */
  double     value;
} StpHit;

typedef struct _StpRenderLayout StpRenderLayout;

/* A process that is only a name (Kineto names every GPU pid, timeline.py
 * emits a Tensors process per device) has no rows. */
static inline gboolean
stp_render_process_has_rows (const StpProcess *process)
{
  return process->tracks->len > 0 || process->n_objects > 0;
}

StpRenderLayout *stp_render_layout_new            (StpRenderIndex  *index);
void             stp_render_layout_free           (StpRenderLayout *self);
StpRenderIndex  *stp_render_layout_get_index      (StpRenderLayout *self);
StpTrace        *stp_render_layout_get_trace      (StpRenderLayout *self);

void             stp_render_layout_set_collapsed  (StpRenderLayout *self,
                                                   guint32          process,
                                                   gboolean         collapsed);
gboolean         stp_render_layout_get_collapsed  (StpRenderLayout *self,
                                                   guint32          process);
/* A collapsed input (of a merged trace) shows its header only. */
void             stp_render_layout_set_part_collapsed (StpRenderLayout *self,
                                                   guint32          part,
                                                   gboolean         collapsed);
gboolean         stp_render_layout_get_part_collapsed (StpRenderLayout *self,
                                                   guint32          part);
void             stp_render_layout_set_hidden     (StpRenderLayout *self,
                                                   guint32          process,
                                                   gboolean         hidden);
gboolean         stp_render_layout_get_hidden     (StpRenderLayout *self,
                                                   guint32          process);
guint            stp_render_layout_get_n_hidden   (StpRenderLayout *self);
void             stp_render_layout_set_filter     (StpRenderLayout *self,
                                                   const char      *filter);

/* Pinned tracks: rows [0, n_pinned_rows) of content y [0, pinned
 * height), drawn right under the ruler whatever the scroll; every other
 * row scrolls beneath them.  Content y is then not screen y plus scroll
 * everywhere: convert with screen_y() and content_y(). */
void             stp_render_layout_set_pinned     (StpRenderLayout *self,
                                                   guint32          track,
                                                   gboolean         pinned);
gboolean         stp_render_layout_get_pinned     (StpRenderLayout *self,
                                                   guint32          track);
GArray          *stp_render_layout_get_pinned_tracks (StpRenderLayout *self);
guint            stp_render_layout_get_n_pinned_rows (StpRenderLayout *self);
double           stp_render_layout_get_pinned_height (StpRenderLayout *self);
double           stp_render_layout_screen_y       (StpRenderLayout     *self,
                                                   const StpRenderView *view,
                                                   double               content_y);
double           stp_render_layout_content_y      (StpRenderLayout     *self,
                                                   const StpRenderView *view,
                                                   double               screen_y);
guint            stp_render_layout_first_scrolled_row (StpRenderLayout     *self,
                                                   const StpRenderView *view);

guint            stp_render_layout_get_n_rows     (StpRenderLayout *self);
const StpRow    *stp_render_layout_get_row        (StpRenderLayout *self,
                                                   guint            row);
double           stp_render_layout_get_height     (StpRenderLayout *self);
guint            stp_render_layout_find_row       (StpRenderLayout *self,
                                                   double           content_y);
guint            stp_render_layout_find_track_row (StpRenderLayout *self,
                                                   guint32          track);
/* The row a track is drawn in: its own, or its process header when the
 * process is collapsed (its input's header when that is). */
guint            stp_render_layout_get_track_display_row (StpRenderLayout *self,
                                                   guint32          track);
/* The tracks a collapsed process's or input's header row stands for
 * (guint32; empty for any other row). */
GArray          *stp_render_layout_dup_folded_tracks (StpRenderLayout *self,
                                                   guint            row);
guint            stp_render_layout_find_process_row (StpRenderLayout *self,
                                                   guint32          process);
/* The process header drawn over the top of the scrolled rows, if any
 * (see the renderer), with the screen y of its top. */
guint            stp_render_layout_get_sticky_header (StpRenderLayout     *self,
                                                      const StpRenderView *view,
                                                      double              *screen_y);

/* Content y of the top of a slice row at `depth` in a track row. */
double           stp_render_layout_depth_y        (const StpRow    *row,
                                                   guint            depth);

gboolean         stp_render_layout_hit_test       (StpRenderLayout     *self,
                                                   const StpRenderView *view,
                                                   double               x,
                                                   double               y,
                                                   StpHit              *hit);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpRenderLayout, stp_render_layout_free)

G_END_DECLS
