/* test-frame-pixels.c: a frame handed to GTK keeps its pixels
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The timeline draws each frame into pixels it keeps and hands them to
 * GTK as a texture: a memory texture, or where GTK draws with GL, a GL
 * texture of its own.  While GTK holds a texture, the next frame must go
 * elsewhere, or the last frame would change under it.
 *
 * Each case runs both ways; the GL ones need a display where GTK draws
 * with GL (Xvfb has Mesa's llvmpipe) and are skipped otherwise.  Meson
 * runs them three times: with desktop GL; with OpenGL ES
 * (GDK_DEBUG=gl-gles), where the texture swaps red and blue as it is
 * sampled; and with OpenGL ES 2 (Mesa's MESA_GLES_VERSION_OVERRIDE),
 * whose textures take BGRA bytes through an extension.  --gl-es=MAJOR
 * makes a GL case fail unless the context is OpenGL ES of that version,
 * so that a driver ignoring the override cannot pass for it.
 */

#include "stp-frame-pixels.h"

#include <epoxy/gl.h>
#include <gsk/gl/gskglrenderer.h>
#include <string.h>

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

static GtkWidget *window;

/* The red of the texture's pixel (x, y), 0-255, as GTK draws it: a GL
 * texture is drawn by the window's renderer, which samples it, and
 * what that drew is read. */
static guint
red_at (GdkTexture *texture,
        int         x,
        int         y)
{
  int width = gdk_texture_get_width (texture);
  int height = gdk_texture_get_height (texture);
  g_autofree guint8 *data = g_malloc ((gsize) width * height * 4);
  g_autoptr(GdkTexture) drawn = NULL;

  if (GDK_IS_GL_TEXTURE (texture))
    {
      g_autoptr(GskRenderNode) node = gsk_texture_node_new (texture, &GRAPHENE_RECT_INIT (0, 0, width, height));

      drawn = gsk_renderer_render_texture (gtk_native_get_renderer (GTK_NATIVE (window)), node, NULL);
      g_assert_cmpint (gdk_texture_get_width (drawn), ==, width);
      texture = drawn;
    }
  gdk_texture_download (texture, data, width * 4);
  /* GDK_MEMORY_DEFAULT: B, G, R, A in memory on little-endian */
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
  return data[(y * width + x) * 4 + 2];
#else
  return data[(y * width + x) * 4 + 1];
#endif
}

static int expected_gl_es;   /* --gl-es=MAJOR, or 0 */

/* The GL a context of the window's has, as a test message; with
 * --gl-es, that it is OpenGL ES of that major version.  FALSE where
 * frames cannot be GL textures: OpenGL ES 2 without BGRA textures. */
static gboolean
check_gl_version (void)
{
  g_autoptr(GdkGLContext) context = NULL;
  g_autoptr(GError) error = NULL;
  int major, minor;

  context = gdk_surface_create_gl_context (gtk_native_get_surface (GTK_NATIVE (window)), &error);
  g_assert_no_error (error);
  gdk_gl_context_realize (context, &error);
  g_assert_no_error (error);
  gdk_gl_context_make_current (context);
  gdk_gl_context_get_version (context, &major, &minor);
  g_test_message ("%s %d.%d", gdk_gl_context_get_use_es (context) ? "OpenGL ES" : "OpenGL",
                  major, minor);
  if (expected_gl_es != 0)
    {
      g_assert_true (gdk_gl_context_get_use_es (context));
      g_assert_cmpint (major, ==, expected_gl_es);
    }
  return !gdk_gl_context_get_use_es (context) || major >= 3 ||
         epoxy_has_gl_extension ("GL_EXT_texture_format_BGRA8888");
}

/* Pixels for a memory texture (data NULL) or a GL one, NULL and the
 * case skipped if GTK does not draw with GL here. */
static StpFramePixels *
new_pixels (gconstpointer gl)
{
  if (gl == NULL)
    return stp_frame_pixels_new (NULL);

  if (window == NULL)
    {
      g_test_skip ("no display");
      return NULL;
    }
  if (!GSK_IS_GL_RENDERER (gtk_native_get_renderer (GTK_NATIVE (window))))
    {
      g_test_skip ("GTK does not draw with GL here");
      return NULL;
    }
  if (!check_gl_version ())
    {
      g_test_skip ("OpenGL ES 2 without BGRA textures: frames are memory textures");
      return NULL;
    }
  return stp_frame_pixels_new_for_native (GTK_NATIVE (window));
}

/* The texture is of the kind asked for: a GL one is drawn by GTK as it
 * is, without going through memory. */
static void
assert_kind (GdkTexture    *texture,
             gconstpointer  gl)
{
  if (gl != NULL)
    g_assert_true (GDK_IS_GL_TEXTURE (texture));
  else
    g_assert_true (GDK_IS_MEMORY_TEXTURE (texture));
}

static void
test_held_frame_kept (gconstpointer gl)
{
  g_autoptr(StpFramePixels) pixels = new_pixels (gl);
  g_autoptr(GdkTexture) first = NULL;
  g_autoptr(GdkTexture) second = NULL;
  g_autoptr(GdkTexture) third = NULL;

  if (pixels == NULL)
    return;

  first = draw_frame (pixels, 1, 1.0);
  assert_kind (first, gl);
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

/* A frame that had to make a GL texture asks for a spare; made while
 * GTK still holds that frame, it takes the next frame, which then
 * makes none. */
static void
test_spare_texture (gconstpointer gl)
{
  g_autoptr(StpFramePixels) pixels = new_pixels (gl);
  g_autoptr(GdkTexture) first = NULL;
  g_autoptr(GdkTexture) second = NULL;
  g_autoptr(GdkTexture) third = NULL;

  if (pixels == NULL)
    return;

  /* Memory textures are new each frame: nothing to make ahead. */
  first = draw_frame (pixels, 1, 1.0);
  g_assert_true (stp_frame_pixels_wants_spare (pixels) == (gl != NULL));
  stp_frame_pixels_make_spare (pixels);
  g_assert_false (stp_frame_pixels_wants_spare (pixels));

  second = draw_frame (pixels, 1, 0.0);
  g_assert_false (stp_frame_pixels_wants_spare (pixels));
  g_assert_cmpuint (red_at (second, 3, 4), ==, 0);
  g_assert_cmpuint (red_at (first, 3, 4), ==, 255);

  /* Both held: the third frame makes a texture again. */
  third = draw_frame (pixels, 1, 1.0);
  g_assert_true (stp_frame_pixels_wants_spare (pixels) == (gl != NULL));
  g_assert_cmpuint (red_at (third, 3, 4), ==, 255);
  g_assert_cmpuint (red_at (second, 3, 4), ==, 0);
}

static void
test_scale (gconstpointer gl)
{
  g_autoptr(StpFramePixels) pixels = new_pixels (gl);
  g_autoptr(GdkTexture) texture = NULL;
  cairo_t *cr;

  if (pixels == NULL)
    return;

  cr = stp_frame_pixels_begin (pixels, WIDTH, HEIGHT, 2);

  /* Drawn in logical pixels: the left half red, on 2x the pixels. */
  cairo_set_source_rgb (cr, 0, 0, 0);
  cairo_paint (cr);
  cairo_set_source_rgb (cr, 1, 0, 0);
  cairo_rectangle (cr, 0, 0, WIDTH / 2, HEIGHT);
  cairo_fill (cr);
  texture = stp_frame_pixels_end (pixels, cr);

  assert_kind (texture, gl);
  g_assert_cmpint (gdk_texture_get_width (texture), ==, 2 * WIDTH);
  g_assert_cmpint (gdk_texture_get_height (texture), ==, 2 * HEIGHT);
  g_assert_cmpuint (red_at (texture, WIDTH - 1, 2 * HEIGHT - 1), ==, 255);
  g_assert_cmpuint (red_at (texture, WIDTH, 0), ==, 0);
}

/* A tall frame, in bands of rows: whatever pieces the upload goes in,
 * each row lands where it was drawn. */
static void
test_tall_frame (gconstpointer gl)
{
  g_autoptr(StpFramePixels) pixels = new_pixels (gl);
  g_autoptr(GdkTexture) texture = NULL;
  const int width = 64, height = 4096, band = 100;
  cairo_t *cr;

  if (pixels == NULL)
    return;

  cr = stp_frame_pixels_begin (pixels, width, height, 1);
  for (int y = 0; y < height; y += band)
    {
      double red = (y / band) % 2 == 0 ? 1.0 : 0.0;

      cairo_set_source_rgb (cr, red, 0.5, 1.0 - red);
      cairo_rectangle (cr, 0, y, width, band);
      cairo_fill (cr);
    }
  texture = stp_frame_pixels_end (pixels, cr);

  assert_kind (texture, gl);
  for (int y = 0; y < height; y += band / 2)
    g_assert_cmpuint (red_at (texture, width / 2, y), ==, (y / band) % 2 == 0 ? 255 : 0);
}

/* A frame wider than GL's largest texture still shows what was drawn:
 * GL would leave the texture empty. */
static void
test_wider_than_gl (gconstpointer gl)
{
  g_autoptr(StpFramePixels) pixels = new_pixels (gl);
  g_autoptr(GdkTexture) texture = NULL;
  int max_size = 0;
  cairo_t *cr;

  if (pixels == NULL)
    return;
  if (gl == NULL)
    {
      g_test_skip ("memory textures have no such limit");
      return;
    }

  /* new_pixels() left a context of the window's current. */
  glGetIntegerv (GL_MAX_TEXTURE_SIZE, &max_size);
  g_test_message ("GL_MAX_TEXTURE_SIZE %d", max_size);
  g_assert_cmpint (max_size, >, 0);

  cr = stp_frame_pixels_begin (pixels, max_size + 1, 2, 1);
  cairo_set_source_rgb (cr, 1, 0.5, 0);
  cairo_paint (cr);
  texture = stp_frame_pixels_end (pixels, cr);

  g_assert_cmpint (gdk_texture_get_width (texture), ==, max_size + 1);
  g_assert_cmpuint (red_at (texture, max_size, 1), ==, 255);
  g_assert_cmpuint (red_at (texture, 0, 0), ==, 255);
}

/* The pixels may go before GTK lets go of the last frame. */
static void
test_texture_outlives_pixels (gconstpointer gl)
{
  StpFramePixels *pixels = new_pixels (gl);
  g_autoptr(GdkTexture) texture = NULL;

  if (pixels == NULL)
    return;

  texture = draw_frame (pixels, 1, 1.0);
  stp_frame_pixels_free (pixels);
  g_assert_cmpuint (red_at (texture, 0, 0), ==, 255);
}

int
main (int    argc,
      char **argv)
{
  const char *ways[] = { "memory", "gl" };

  g_test_init (&argc, &argv, NULL);
  for (int i = 1; i < argc; i++)
    if (g_str_has_prefix (argv[i], "--gl-es="))
      expected_gl_es = (int) g_ascii_strtoll (argv[i] + strlen ("--gl-es="), NULL, 10);

  if (gtk_init_check ())
    {
      window = gtk_window_new ();
      gtk_widget_realize (window);
    }

  for (guint i = 0; i < G_N_ELEMENTS (ways); i++)
    {
      gconstpointer gl = i == 1 ? ways[i] : NULL;
      g_autofree char *held = g_strdup_printf ("/frame-pixels/%s/held-frame-kept", ways[i]);
      g_autofree char *scale = g_strdup_printf ("/frame-pixels/%s/scale", ways[i]);
      g_autofree char *outlives = g_strdup_printf ("/frame-pixels/%s/texture-outlives-pixels", ways[i]);
      g_autofree char *tall = g_strdup_printf ("/frame-pixels/%s/tall-frame", ways[i]);
      g_autofree char *wide = g_strdup_printf ("/frame-pixels/%s/wider-than-gl", ways[i]);
      g_autofree char *spare = g_strdup_printf ("/frame-pixels/%s/spare-texture", ways[i]);

      g_test_add_data_func (held, gl, test_held_frame_kept);
      g_test_add_data_func (scale, gl, test_scale);
      g_test_add_data_func (outlives, gl, test_texture_outlives_pixels);
      g_test_add_data_func (tall, gl, test_tall_frame);
      g_test_add_data_func (wide, gl, test_wider_than_gl);
      g_test_add_data_func (spare, gl, test_spare_texture);
    }
  return g_test_run ();
}
