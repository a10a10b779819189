/* stp-render-private.h: one frame's state, shared by the renderer's files
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-renderer.h"
#include "stp-render-text.h"

G_BEGIN_DECLS

#define STP_SLOT_MERGED   STP_PALETTE_SIZE
#define STP_N_SLOTS       (2 * STP_PALETTE_SIZE)

/* Slices at least this wide are drawn as themselves, narrower ones merge. */
#define STP_MIN_SLICE_PX  1.0
/* Room a name needs inside its slice before it is drawn at all. */
#define STP_MIN_LABEL_PX  24.0

typedef struct
{
  double x, y, w, h;
} StpRect;

/* A flow arrow as a frame drew it, for hit-testing. */
typedef struct
{
  guint32  flow;
  float    x0, y0, x1, y1;  /* screen */
  gboolean straight;        /* a line, in a crowd, rather than a curve */
} StpDrawnFlow;

typedef struct
{
  double  x;
  double  y;          /* vertical centre */
  double  w;          /* room */
  StpStr  name;
  guint8  slot;
  const StpSlice *slice;    /* NULL for an object's name */
} StpLabel;

typedef struct
{
  StpRenderer           *renderer;
  cairo_t               *cr;
  const StpRenderView   *view;
  StpRenderLayout       *layout;
  StpRenderIndex        *index;
  StpTrace              *trace;
  const StpRenderStyle  *style;
  StpRenderStats        *stats;

  gint64                 t_start;   /* time at the timeline's left edge */
  gint64                 t_end;     /* and right edge */
  double                 x_left;    /* timeline area, screen */
  double                 x_right;
  double                 y_top;     /* rows area, screen */
  double                 y_bottom;
  double                 pinned_height;   /* the layout's band of pinned rows */
  guint                  n_pinned;        /* rows [0, n_pinned) are in it */
  guint                  first_scrolled;  /* first row the scroll shows, or n_rows */

  GArray                *rects[STP_N_SLOTS];  /* StpRect */
  GArray                *tris[STP_PALETTE_SIZE]; /* StpRect: x = centre, y = top, w = size */
  GArray                *labels;              /* StpLabel */
  gint64                *column_ts;           /* each column's start time and the end's, once a counter needs them */

  /* A merged mark being extended column by column. */
  gboolean               mark_open;
  guint8                 mark_slot;
  gint64                 mark_dur;
  StpRect                mark;
} StpFrame;

struct _StpRenderer
{
  StpTextCache   *text;
  StpTextCache   *bold;
  StpTextCache   *small;
  PangoFontDescription *font;          /* as asked for, NULL for the default */
  cairo_font_options_t *font_options;  /* nullable */
  StpRenderStats  stats;
  GArray         *rects[STP_N_SLOTS];
  GArray         *tris[STP_PALETTE_SIZE];
  GArray         *labels;
  GArray         *drawn_flows; /* the last frame's flow arrows, for stp_renderer_flow_at() */
  GByteArray     *curve_mask;  /* the flows' mask, its pages kept between frames */
};

/* As stp_render_layout_screen_y(), inline: it runs per slice. */
static inline double
stp_frame_screen_y (const StpFrame *frame,
                    double          content_y)
{
  if (content_y < frame->pinned_height)
    return content_y + frame->view->ruler_height;
  return content_y - frame->view->scroll_y + frame->view->ruler_height;
}

/* The rows on screen, in order: the pinned ones, then those the scroll
 * shows.  for (i = stp_frame_first_row (f); i < n_rows; i = stp_frame_next_row (f, i)) */
static inline guint
stp_frame_first_row (const StpFrame *frame)
{
  return frame->n_pinned > 0 ? 0 : frame->first_scrolled;
}

static inline guint
stp_frame_next_row (const StpFrame *frame,
                    guint           i)
{
  return i + 1 == frame->n_pinned ? MAX (i + 1, frame->first_scrolled) : i + 1;
}

static inline void
stp_frame_set_color (StpFrame       *frame,
                     const StpColor *color)
{
  cairo_set_source_rgba (frame->cr, color->r, color->g, color->b, color->a);
}

/* The time at each column's start of the timeline area, and at the
 * last one's end: worked out once a frame, for whatever goes column by
 * column (counters, folded processes). */
const gint64 *stp_frame_column_times (StpFrame *frame);

void stp_frame_add_rect   (StpFrame     *frame,
                           guint         slot,
                           double        x0,
                           double        x1,
                           double        y,
                           double        h);
void stp_frame_flush      (StpFrame     *frame);

/* A folded process's activity: per column, the share of its tracks
 * where some top-level slice runs, as bars `height` tall at most, rising
 * from `bottom` (stp-render-slices.c). */
void stp_render_process_activity (StpFrame     *frame,
                                  const StpRow *row,
                                  double        bottom,
                                  double        height);
void stp_render_track     (StpFrame     *frame,
                           const StpRow *row);
void stp_render_objects   (StpFrame     *frame,
                           const StpRow *row);
void stp_render_counter   (StpFrame     *frame,
                           const StpRow *row);
void stp_render_global_instants (StpFrame     *frame,
                           const StpRow *row);
void stp_render_flows     (StpFrame     *frame);
void stp_render_emphasised_flows (StpFrame      *frame,
                           const guint32 *flows,
                           guint          n_flows);
void stp_render_highlights (StpFrame    *frame);
void stp_render_marker_labels (StpFrame *frame);
/* Where a counter track row draws a value: its screen y. */
double stp_render_counter_value_y (StpFrame     *frame,
                           const StpRow *row,
                           double        value);

G_END_DECLS
