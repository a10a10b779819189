/* stp-renderer.h: the one function that draws a timeline
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Draws onto any cairo_t (the widget's snapshot, an image surface for
 * export and the benchmark, PDF or SVG), with Pango for text and nothing
 * from GTK.  A frame touches only what is visible: rows by binary search
 * in the layout, slices by binary search per depth run, and zoomed-out
 * runs through the index's pyramids; slices narrower than a pixel
 * merge into marks, so every pixel column holding an event shows one.
 */

#pragma once

#include <cairo.h>
#include <pango/pango.h>

#include "stp-area.h"
#include "stp-item.h"
#include "stp-render-curves.h"
#include "stp-render-layout.h"
#include "stp-render-style.h"
#include "stp-render-view.h"

G_BEGIN_DECLS

typedef struct _StpRenderer StpRenderer;

/* What the last frame drew, for tests and the benchmark. */
typedef struct
{
  guint rows;          /* rows drawn */
  guint slices;        /* slices drawn as their own rectangle */
  guint marks;         /* merged marks standing for sub-pixel slices */
  guint labels;        /* names drawn */
  guint flows;         /* flow arrows drawn */
  guint visited;       /* slices or buckets looked at */
} StpRenderStats;

/* What the user picked, drawn over the timeline by the renderer (so image
 * export shows it too).  All of it is borrowed for the frame. */
/* A marked span (start < end) or instant (start == end), with a label. */
typedef struct
{
  gint64      start;
  gint64      end;
  const char *label;
} StpRenderMarker;

struct _StpRenderHighlights
{
  StpItemRef     selected;        /* outlined; kind NONE for nothing */
  GArray        *selected_set;    /* StpItemRef, outlined too (a Ctrl+click selection), or NULL */
  const StpArea *area;            /* tinted on its tracks, or NULL */
  const guint32 *flows;           /* flows drawn emphasised (even when arrows are hidden) */
  guint          n_flows;
  const guint32 *hover_flows;     /* flows of the item under the pointer (drawn with arrows shown) */
  guint          n_hover_flows;
  GArray        *matches;         /* StpItemRef search matches in time order, or NULL */
  gint64         matches_max_dur; /* the longest match, to find those starting off screen */
  GArray        *marked;          /* StpItemRef picked from the area table, in time order, or NULL */
  gint64         marked_max_dur;
  const StpRenderMarker *markers; /* bands across every row, labelled on the ruler */
  guint          n_markers;
};

StpRenderer *stp_renderer_new       (const PangoFontDescription *font,
                                     const cairo_font_options_t *options);
void         stp_renderer_free      (StpRenderer          *self);
/* Whether the renderer was made with this font and these options: if
 * not, its shaped labels are the wrong ones. */
gboolean     stp_renderer_made_for  (StpRenderer                *self,
                                     const PangoFontDescription *font,
                                     const cairo_font_options_t *options);
void         stp_render_timeline    (StpRenderer          *self,
                                     cairo_t              *cr,
                                     const StpRenderView  *view,
                                     StpRenderLayout      *layout);
const StpRenderStats *stp_renderer_get_stats (StpRenderer *self);

/* Where a flow's ends are drawn (content coordinates for y); FALSE if an
 * end is not on any row. */
gboolean     stp_render_flow_points (StpRenderLayout      *layout,
                                     const StpRenderView  *view,
                                     const StpFlow        *flow,
                                     double               *x0,
                                     double               *y0,
                                     double               *x1,
                                     double               *y1);

/* The S-curve an arrow between those ends is drawn as (uncrowded). */
StpCubic     stp_render_flow_curve  (double                x0,
                                     double                y0,
                                     double                x1,
                                     double                y1);

/* The flow whose arrow passes within `tolerance` pixels of (x, y), the
 * closest; STP_INDEX_NONE if none.  Only arrows the last frame drew
 * count: a click where none is drawn finds nothing. */
guint32      stp_renderer_flow_at   (StpRenderer          *self,
                                     double                x,
                                     double                y,
                                     double                tolerance);

/* The colour a slice name is drawn in. */
StpColor     stp_render_slice_color (StpRenderLayout      *layout,
                                     StpStr                name,
                                     gboolean              dark);

/* Several traces side by side: "Common clock" or "Aligned at first
 * steps", as the ruler says it. */
const char  *stp_renderer_describe_clock (const StpTrace *trace);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpRenderer, stp_renderer_free)

G_END_DECLS
