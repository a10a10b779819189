/* stp-render-curves.h: thin curves, stroked fast on image surfaces
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <cairo.h>
#include <glib.h>

G_BEGIN_DECLS

/* A cubic Bézier curve: from p0 to p3, pulled towards p1 and p2. */
typedef struct
{
  double x[4];
  double y[4];
} StpCubic;

void   stp_cubic_point          (const StpCubic *c,
                                 double          t,
                                 double         *x,
                                 double         *y);
double stp_cubic_distance       (const StpCubic *c,
                                 double          px,
                                 double          py);

void stp_render_stroke_cubics (cairo_t        *cr,
                               const StpCubic *cubics,
                               guint           n_cubics,
                               double          width,
                               GByteArray     *scratch);

G_END_DECLS
