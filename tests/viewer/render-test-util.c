/* render-test-util.c: reading a drawn frame back in the renderer's tests
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "render-test-util"

#include "render-test-util.h"

#include <math.h>

StpColor
surface_pixel (cairo_surface_t *surface,
               double           x,
               double           y)
{
  const guchar *data = cairo_image_surface_get_data (surface);
  int stride = cairo_image_surface_get_stride (surface);
  guint32 p = *(const guint32 *) (data + (int) y * stride + (int) x * 4);

  return (StpColor) { (p >> 16 & 0xff) / 255.0, (p >> 8 & 0xff) / 255.0, (p & 0xff) / 255.0, 1 };
}

gboolean
color_near (StpColor a,
            StpColor b)
{
  return fabs (a.r - b.r) < 0.02 && fabs (a.g - b.g) < 0.02 && fabs (a.b - b.b) < 0.02;
}

void
draw_from_zero (StpRenderer     *renderer,
                cairo_surface_t *surface,
                StpRenderLayout *layout,
                StpRenderView   *view)
{
  cairo_t *cr;

  stp_render_view_init (view, cairo_image_surface_get_width (surface), cairo_image_surface_get_height (surface));
  view->start_ns = 0;
  view->ns_per_px = 1;
  view->flags = 0;
  cr = cairo_create (surface);
  stp_render_timeline (renderer, cr, view, layout);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
}

double
header_y (StpRenderLayout     *layout,
          const StpRenderView *view,
          guint32              process,
          double               from_bottom)
{
  for (guint i = 0; i < stp_render_layout_get_n_rows (layout); i++)
    {
      const StpRow *row = stp_render_layout_get_row (layout, i);
      double top = row->y - view->scroll_y + view->ruler_height;

      if (row->kind == STP_ROW_PROCESS && row->process == process)
        return from_bottom >= 0 ? top + row->height - from_bottom : top - from_bottom;
    }
  g_assert_not_reached ();
}
