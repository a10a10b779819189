/* render-test-util.h: reading a drawn frame back in the renderer's tests
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-renderer.h"

G_BEGIN_DECLS

/* The colour of the pixel at (x, y) of an ARGB32 image surface. */
StpColor surface_pixel  (cairo_surface_t     *surface,
                         double               x,
                         double               y);
/* Whether two colours match within rounding. */
gboolean color_near     (StpColor             a,
                         StpColor             b);
/* Draws the whole surface at 1 ns a pixel from time 0, flows off. */
void     draw_from_zero (StpRenderer         *renderer,
                         cairo_surface_t     *surface,
                         StpRenderLayout     *layout,
                         StpRenderView       *view);
/* Screen y in a process's header, from_bottom px above its bottom edge
 * (or below its top, negative). */
double   header_y       (StpRenderLayout     *layout,
                         const StpRenderView *view,
                         guint32              process,
                         double               from_bottom);

/* The y of a folded process's activity bar. */
#define activity_y(layout, view, process) header_y (layout, view, process, 4)

G_END_DECLS
