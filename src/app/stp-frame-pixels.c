/* stp-frame-pixels.c: the pixels the timeline is drawn into, kept between frames
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * gtk_snapshot_append_cairo() records the drawing, and GTK's renderer
 * replays the recording onto a new image surface of the widget's size
 * every frame, then copies that into a texture.  The timeline is a
 * fresh full-size picture each frame, so here it is drawn once, straight
 * into pixels that are kept, and handed to GTK as a texture.
 *
 * A texture must not change while GTK may still use it (the renderer
 * keeps the last frame's nodes), so a buffer is only drawn into again
 * once its texture has been let go; until then another one is used.
 */

#define G_LOG_DOMAIN "stp-frame-pixels"

#include "stp-frame-pixels.h"

typedef struct
{
  guint8 *data;
  int     width;    /* in device pixels */
  int     height;
  int     stride;
  gint    in_use;   /* atomic: a texture still shows it */
} Buffer;

struct _StpFramePixels
{
  GPtrArray *buffers;   /* Buffer, each an atomic rc box */
  Buffer    *drawing;   /* between begin and end */
};

static void
buffer_clear (gpointer data)
{
  Buffer *buffer = data;

  g_free (buffer->data);
}

static void
buffer_release (gpointer data)
{
  g_atomic_rc_box_release_full (data, buffer_clear);
}

/* The texture's bytes are let go: the buffer can be drawn into again. */
static void
buffer_returned (gpointer data)
{
  Buffer *buffer = data;

  g_atomic_int_set (&buffer->in_use, FALSE);
  buffer_release (buffer);
}

StpFramePixels *
stp_frame_pixels_new (void)
{
  StpFramePixels *self = g_new0 (StpFramePixels, 1);

  self->buffers = g_ptr_array_new_with_free_func (buffer_release);
  return self;
}

void
stp_frame_pixels_free (StpFramePixels *self)
{
  if (self == NULL)
    return;

  g_ptr_array_unref (self->buffers);
  g_free (self);
}

/* An unused buffer of this size; buffers of another size go. */
static Buffer *
unused_buffer (StpFramePixels *self,
               int             width,
               int             height)
{
  Buffer *buffer;

  for (guint i = self->buffers->len; i > 0; i--)
    {
      buffer = g_ptr_array_index (self->buffers, i - 1);
      if (buffer->width != width || buffer->height != height)
        g_ptr_array_remove_index_fast (self->buffers, i - 1);
    }
  for (guint i = 0; i < self->buffers->len; i++)
    {
      buffer = g_ptr_array_index (self->buffers, i);
      if (!g_atomic_int_get (&buffer->in_use))
        return buffer;
    }

  buffer = g_atomic_rc_box_new0 (Buffer);
  buffer->width = width;
  buffer->height = height;
  buffer->stride = cairo_format_stride_for_width (CAIRO_FORMAT_ARGB32, width);
  buffer->data = g_malloc ((gsize) buffer->stride * height);
  g_ptr_array_add (self->buffers, buffer);
  return buffer;
}

/* A Cairo context on pixels of `width` x `height` logical pixels at
 * `scale`; the caller draws every pixel (nothing is cleared). */
cairo_t *
stp_frame_pixels_begin (StpFramePixels *self,
                        int             width,
                        int             height,
                        int             scale)
{
  cairo_surface_t *surface;
  cairo_t *cr;

  g_return_val_if_fail (self->drawing == NULL, NULL);

  self->drawing = unused_buffer (self, width * scale, height * scale);
  surface = cairo_image_surface_create_for_data (self->drawing->data, CAIRO_FORMAT_ARGB32,
                                                 self->drawing->width, self->drawing->height,
                                                 self->drawing->stride);
  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  cairo_surface_destroy (surface);
  return cr;
}

/* What was drawn since begin, as a texture that keeps its buffer. */
GdkTexture *
stp_frame_pixels_end (StpFramePixels *self,
                      cairo_t        *cr)
{
  Buffer *buffer = g_steal_pointer (&self->drawing);
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (buffer != NULL, NULL);

  cairo_surface_flush (cairo_get_target (cr));
  cairo_destroy (cr);

  g_atomic_int_set (&buffer->in_use, TRUE);
  bytes = g_bytes_new_with_free_func (buffer->data, (gsize) buffer->stride * buffer->height,
                                      buffer_returned, g_atomic_rc_box_acquire (buffer));
  /* Cairo's ARGB32 is GDK's default memory format. */
  return gdk_memory_texture_new (buffer->width, buffer->height, GDK_MEMORY_DEFAULT,
                                 bytes, buffer->stride);
}
