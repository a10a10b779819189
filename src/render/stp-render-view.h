/* stp-render-view.h: what part of a trace a frame shows, and time on screen
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef enum
{
  STP_RENDER_DARK       = 1 << 0,  /* dark style (AdwStyleManager:dark) */
  STP_RENDER_SHOW_FLOWS = 1 << 1,  /* draw flow arrows: the hovered item's, and those with
                                    * both ends in view when few enough to read */
  STP_RENDER_ALL_FLOWS  = 1 << 2,  /* with SHOW_FLOWS: every flow crossing the view, thinned
                                    * to one per pixel column and pair of rows */
} StpRenderFlags;

/* Selection and search marks (stp-renderer.h); NULL draws none. */
typedef struct _StpRenderHighlights StpRenderHighlights;

/* A frame: the canvas is `width` x `height` pixels; the left `gutter_width`
 * pixels hold track names and the top `ruler_height` pixels the ruler.
 * Time runs from `start_ns` at x = gutter_width at `ns_per_px`; rows are
 * scrolled by `scroll_y` pixels.  Times are 64-bit nanoseconds, so a view
 * can go from a whole day down to single nanoseconds without rounding. */
typedef struct
{
  int            width;
  int            height;
  int            gutter_width;
  int            ruler_height;
  gint64         start_ns;
  double         ns_per_px;
  double         scroll_y;
  gint64         origin_ns;     /* the ruler's zero: the trace start */
  gint64         sel_start;     /* a selected time range; none unless sel_end > sel_start */
  gint64         sel_end;
  double         hover_x;       /* pointer position, < 0 if none */
  double         hover_y;
  StpRenderFlags flags;
  const StpRenderHighlights *highlights;
} StpRenderView;

void   stp_render_view_init      (StpRenderView       *view,
                                  int                  width,
                                  int                  height);
double stp_render_view_time_to_x (const StpRenderView *view,
                                  gint64               ts);
gint64 stp_render_view_x_to_time (const StpRenderView *view,
                                  double               x);
gint64 stp_render_view_get_end   (const StpRenderView *view);
int    stp_render_view_get_timeline_width (const StpRenderView *view);
void   stp_render_view_fit       (StpRenderView       *view,
                                  gint64               start,
                                  gint64               end);

/* Ruler ticks: the 1-2-5 step (ns) whose spacing is at least
 * `min_spacing_px`, and its minor subdivisions. */
gint64 stp_render_tick_step      (double               ns_per_px,
                                  double               min_spacing_px,
                                  int                 *n_minor);

/* "12.5 ms" with the unit and decimals that `step` (the ruler step, or 0
 * for a free-standing duration with 3 significant digits) needs. */
char  *stp_format_time           (gint64               ns,
                                  gint64               step);
char  *stp_format_duration       (gint64               ns);
/* Exact to the nanosecond, in the largest unit that keeps it whole
 * before the point: "4.085 ms", "1.000000001 s", "12 ns". */
char  *stp_format_time_exact     (gint64               ns);
char  *stp_format_value          (double               value,
                                  gboolean             bytes);
/* A duration in µs as a plain number for spreadsheets ("1234.5", exact
 * to the ns, the C locale's point): copied tables say "(µs)" above. */
char  *stp_format_us_number      (gint64               ns);
/* A time typed by a user, "12.5 ms", "300us", "300 µs", "2s", "40 ns"
 * (a bare number is in milliseconds), into ns; FALSE if it is not one. */
gboolean stp_parse_time          (const char          *text,
                                  gint64              *ns);

G_END_DECLS
