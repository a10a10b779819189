/* test-render-curves.c: flow curves stroked into a mask, against cairo
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * stp_render_stroke_cubics() writes curves into an alpha mask itself on
 * image surfaces.  Each case draws the same curves with it and with
 * cairo_stroke() and compares the two pixel for pixel: the same ink, in
 * the same places, through any scale, offset, clip or group.
 */

#include <cairo.h>
#include <cairo-svg.h>
#include <math.h>
#include <string.h>

#include "stp-render-curves.h"

#define WIDTH  400
#define HEIGHT 300

typedef void (*SetupFunc) (cairo_t *cr);

/* Arrow-like S-curves, and the shapes at their edges: tall, wide,
 * short, straight across, straight down and straight aslant (as the
 * lines of a crowd of arrows are, steep and flat, both ways), and one
 * running off the surface. */
static const StpCubic curves[] = {
  { { 20, 120, 180, 280 }, { 10, 10, 290, 290 } },
  { { 10, 200, 200, 390 }, { 100, 100, 130, 130 } },
  { { 300, 312, 298, 310 }, { 40, 40, 70, 70 } },
  { { 30, 130, 230, 330 }, { 200, 200, 200, 200 } },
  { { 350, 350, 350, 350 }, { 20, 100, 180, 280 } },
  { { 40, 110, 180, 250 }, { 280, 220, 160, 100 } },
  { { -30, 150, 330, 510 }, { 290, 267.5, 245, 222.5 } },
  { { 60, 160, 260, 360 }, { 20, 53, 86, 119 } },
  { { 250, 450, 450, 650 }, { 150, 150, 260, 260 } },
};

static void
no_setup (cairo_t *cr)
{
}

/* HiDPI, an offset view and a clip: the timeline's own setup. */
static void
scaled_and_clipped (cairo_t *cr)
{
  cairo_surface_set_device_scale (cairo_get_target (cr), 2, 2);
  cairo_translate (cr, 13.5, 7.25);
  cairo_scale (cr, 0.75, 0.75);
  cairo_rectangle (cr, 40, 30, 250, 200);
  cairo_clip (cr);
}

/* cairo_push_group() draws onto a surface of the clip's size, offset. */
static void
clipped (cairo_t *cr)
{
  cairo_rectangle (cr, 60.5, 45, 210, 180);
  cairo_clip (cr);
}

static cairo_surface_t *
draw (SetupFunc  setup,
      gboolean   ours,
      gboolean   group,
      double     width,
      double     alpha)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);

  setup (cr);
  if (group)
    {
      clipped (cr);
      cairo_push_group (cr);
    }
  cairo_set_source_rgba (cr, 0, 0, 0, alpha);
  if (ours)
    {
      stp_render_stroke_cubics (cr, curves, G_N_ELEMENTS (curves), width, NULL);
    }
  else
    {
      cairo_set_line_width (cr, width);
      cairo_set_line_cap (cr, CAIRO_LINE_CAP_ROUND);
      for (guint i = 0; i < G_N_ELEMENTS (curves); i++)
        {
          const StpCubic *c = &curves[i];

          cairo_move_to (cr, c->x[0], c->y[0]);
          cairo_curve_to (cr, c->x[1], c->y[1], c->x[2], c->y[2], c->x[3], c->y[3]);
          cairo_stroke (cr);
        }
    }
  if (group)
    {
      cairo_pop_group_to_source (cr);
      cairo_paint (cr);
    }
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

static guint8
alpha_at (cairo_surface_t *surface,
          int              x,
          int              y)
{
  const guint8 *data = cairo_image_surface_get_data (surface);
  guint32 pixel;

  memcpy (&pixel, data + y * cairo_image_surface_get_stride (surface) + x * 4, 4);
  return pixel >> 24;
}

/* The same ink (within 2%), and no pixel more than 30% of full ink
 * apart from cairo's: a curve a pixel off differs by far more. */
static void
assert_like_cairo (SetupFunc setup,
                   gboolean  group,
                   double    width)
{
  cairo_surface_t *ours = draw (setup, TRUE, group, width, 1);
  cairo_surface_t *theirs = draw (setup, FALSE, group, width, 1);
  double ink_ours = 0, ink_theirs = 0;
  int worst = 0;

  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++)
      {
        int a = alpha_at (ours, x, y), b = alpha_at (theirs, x, y);

        ink_ours += a;
        ink_theirs += b;
        worst = MAX (worst, ABS (a - b));
      }

  g_test_message ("width %.1f: ink %.0f against cairo's %.0f, worst pixel %d apart",
                  width, ink_ours / 255, ink_theirs / 255, worst);
  g_assert_cmpfloat (ink_theirs, >, 255 * 100);
  g_assert_cmpfloat (fabs (ink_ours - ink_theirs), <=, 0.02 * ink_theirs);
  g_assert_cmpint (worst, <=, 77);

  cairo_surface_destroy (ours);
  cairo_surface_destroy (theirs);
}

static void
test_like_cairo (void)
{
  const double widths[] = { 1.0, 1.2, 1.6, 2.2, 4.5 };

  for (guint i = 0; i < G_N_ELEMENTS (widths); i++)
    assert_like_cairo (no_setup, FALSE, widths[i]);
}

static void
test_scaled_and_clipped (void)
{
  assert_like_cairo (scaled_and_clipped, FALSE, 1.2);
  assert_like_cairo (scaled_and_clipped, FALSE, 4.5);
}

static void
test_group (void)
{
  assert_like_cairo (no_setup, TRUE, 1.2);
  assert_like_cairo (scaled_and_clipped, TRUE, 2.2);
}

/* Where curves cross or lie on each other, the source is painted once:
 * two curves drawn at half ink are never darker than one. */
static void
test_crossings_once (void)
{
  cairo_surface_t *surface = draw (no_setup, TRUE, FALSE, 2.2, 0.5);
  int darkest = 0;

  for (int y = 0; y < HEIGHT; y++)
    for (int x = 0; x < WIDTH; x++)
      darkest = MAX (darkest, alpha_at (surface, x, y));
  g_assert_cmpint (darkest, >=, 126);
  g_assert_cmpint (darkest, <=, 129);
  cairo_surface_destroy (surface);
}

static cairo_status_t
append_to_string (void                *closure,
                  const unsigned char *data,
                  unsigned int         length)
{
  g_string_append_len (closure, (const char *) data, length);
  return CAIRO_STATUS_SUCCESS;
}

/* An SVG or PDF keeps the curves as curves, not as a picture of them. */
static void
test_vector_stays_paths (void)
{
  g_autoptr(GString) svg = g_string_new (NULL);
  cairo_surface_t *surface = cairo_svg_surface_create_for_stream (append_to_string, svg, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgb (cr, 0, 0, 0);
  stp_render_stroke_cubics (cr, curves, G_N_ELEMENTS (curves), 1.2, NULL);
  cairo_destroy (cr);
  cairo_surface_finish (surface);
  cairo_surface_destroy (surface);

  g_assert_null (strstr (svg->str, "<image"));
  g_assert_nonnull (strstr (svg->str, "<path"));
  g_assert_nonnull (strstr (svg->str, " C "));
}

static cairo_surface_t *
draw_on_scratch (const StpCubic *some,
                 guint           n_some,
                 double          width,
                 GByteArray     *scratch)
{
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  cairo_t *cr = cairo_create (surface);

  cairo_set_source_rgba (cr, 0, 0, 0, 1);
  stp_render_stroke_cubics (cr, some, n_some, width, scratch);
  g_assert_cmpint (cairo_status (cr), ==, CAIRO_STATUS_SUCCESS);
  cairo_destroy (cr);
  cairo_surface_flush (surface);
  return surface;
}

/* A mask kept between frames starts each one clear: a small curve drawn
 * after every curve drawn wide is what it is drawn alone. */
static void
test_scratch_kept (void)
{
  g_autoptr(GByteArray) scratch = g_byte_array_new ();
  cairo_surface_t *wide = draw_on_scratch (curves, G_N_ELEMENTS (curves), 4.5, scratch);
  cairo_surface_t *after = draw_on_scratch (&curves[2], 1, 1.2, scratch);
  cairo_surface_t *alone = draw_on_scratch (&curves[2], 1, 1.2, NULL);
  gsize size = (gsize) cairo_image_surface_get_stride (alone) * HEIGHT;

  g_assert_cmpuint (scratch->len, >, 0);
  g_assert_cmpmem (cairo_image_surface_get_data (after), size, cairo_image_surface_get_data (alone), size);
  g_assert_cmpint (memcmp (cairo_image_surface_get_data (wide), cairo_image_surface_get_data (alone), size), !=, 0);

  cairo_surface_destroy (wide);
  cairo_surface_destroy (after);
  cairo_surface_destroy (alone);
}

/* The distance a click is tested with: on the curve, beside it, and
 * off its ends. */
static void
test_distance (void)
{
  const StpCubic *c = &curves[0];
  double x, y;

  stp_cubic_point (c, 0.5, &x, &y);
  g_assert_cmpfloat_with_epsilon (x, 150, 1e-9);
  g_assert_cmpfloat_with_epsilon (y, 150, 1e-9);
  g_assert_cmpfloat (stp_cubic_distance (c, x, y), <, 0.05);
  g_assert_cmpfloat_with_epsilon (stp_cubic_distance (c, 20, 0), 10, 1e-9);
  g_assert_cmpfloat_with_epsilon (stp_cubic_distance (c, 290, 290), 10, 1e-9);
  g_assert_cmpfloat_with_epsilon (stp_cubic_distance (&curves[3], 200, 207), 7, 1e-9);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/render-curves/like-cairo", test_like_cairo);
  g_test_add_func ("/render-curves/scaled-and-clipped", test_scaled_and_clipped);
  g_test_add_func ("/render-curves/group", test_group);
  g_test_add_func ("/render-curves/crossings-once", test_crossings_once);
  g_test_add_func ("/render-curves/vector-stays-paths", test_vector_stays_paths);
  g_test_add_func ("/render-curves/distance", test_distance);
  g_test_add_func ("/render-curves/scratch-kept", test_scratch_kept);

  return g_test_run ();
}
