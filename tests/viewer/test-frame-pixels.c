/* test-frame-pixels.c: a frame handed to GTK keeps its pixels
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The timeline draws each frame into pixels it keeps and hands them to
 * GTK as a texture.  While GTK holds a texture, the next frame must go
 * elsewhere, or the last frame would change under it.
 */

#include "stp-frame-pixels.h"

#define WIDTH  40
#define HEIGHT 30

/* A frame of one colour, as the renderer draws it: every pixel. */
static GdkTexture *
draw_frame (StpFramePixels *pixels,
            int             scale,
            double          red)
{
  cairo_t *cr = stp_frame_pixels_begin (pixels, WIDTH, HEIGHT, scale);

  cairo_set_source_rgb (cr, red, 0.5, 1.0 - red);
  cairo_paint (cr);
  return stp_frame_pixels_end (pixels, cr);
}

/* The red of the texture's pixel (x, y), 0-255. */
static guint
red_at (GdkTexture *texture,
        int         x,
        int         y)
{
  int width = gdk_texture_get_width (texture);
  int height = gdk_texture_get_height (texture);
  g_autofree guint8 *data = g_malloc ((gsize) width * height * 4);

  gdk_texture_download (texture, data, width * 4);
  /* GDK_MEMORY_DEFAULT: B, G, R, A in memory on little-endian */
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
  return data[(y * width + x) * 4 + 2];
#else
  return data[(y * width + x) * 4 + 1];
#endif
}

static void
test_held_frame_kept (void)
{
  g_autoptr(StpFramePixels) pixels = stp_frame_pixels_new ();
  g_autoptr(GdkTexture) first = draw_frame (pixels, 1, 1.0);
  g_autoptr(GdkTexture) second = NULL;
  g_autoptr(GdkTexture) third = NULL;

  g_assert_cmpint (gdk_texture_get_width (first), ==, WIDTH);
  g_assert_cmpint (gdk_texture_get_height (first), ==, HEIGHT);
  g_assert_cmpuint (red_at (first, 3, 4), ==, 255);

  /* The first is still held: the second is drawn elsewhere. */
  second = draw_frame (pixels, 1, 0.0);
  g_assert_cmpuint (red_at (second, 3, 4), ==, 0);
  g_assert_cmpuint (red_at (first, 3, 4), ==, 255);

  /* Let go of the first: a third frame may reuse its pixels, and the
   * second still shows what it showed. */
  g_clear_object (&first);
  third = draw_frame (pixels, 1, 1.0);
  g_assert_cmpuint (red_at (third, WIDTH - 1, HEIGHT - 1), ==, 255);
  g_assert_cmpuint (red_at (second, WIDTH - 1, HEIGHT - 1), ==, 0);
}

static void
test_scale (void)
{
  g_autoptr(StpFramePixels) pixels = stp_frame_pixels_new ();
  g_autoptr(GdkTexture) texture = NULL;
  cairo_t *cr = stp_frame_pixels_begin (pixels, WIDTH, HEIGHT, 2);

  /* Drawn in logical pixels: the left half red, on 2x the pixels. */
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 1, 0, 0);
  cairo_rectangle (cr, 0, 0, WIDTH / 2, HEIGHT);
  cairo_fill (cr);
  texture = stp_frame_pixels_end (pixels, cr);

  g_assert_cmpint (gdk_texture_get_width (texture), ==, 2 * WIDTH);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, 2 * HEIGHT);
  g_assert_cmpuint (red_at (texture, WIDTH - 1, 2 * HEIGHT - 1), ==, 255);
  g_assert_cmpuint (red_at (texture, WIDTH, 0), ==, 0);
}

/* The pixels may go before GTK lets go of the last frame. */
static void
test_texture_outlives_pixels (void)
{
  StpFramePixels *pixels = stp_frame_pixels_new ();
  g_autoptr(GdkTexture) texture = draw_frame (pixels, 1, 1.0);

  stp_frame_pixels_free (pixels);
  g_assert_cmpuint (red_at (texture, 0, 0), ==, 255);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/frame-pixels/held-frame-kept", test_held_frame_kept);
  g_test_add_func ("/frame-pixels/scale", test_scale);
  g_test_add_func ("/frame-pixels/texture-outlives-pixels", test_texture_outlives_pixels);
  return g_test_run ();
}
