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
 *
 * When GTK draws with GL, each frame is copied into a GL texture of our
 * own instead, and handed over as that.  GTK would otherwise make a new
 * texture for every frame and convert each pixel on the way: under
 * Xvfb (llvmpipe) that was 5 ms of a 1920x1080 frame's 11, and with
 * OpenGL ES, where GTK 4.8 converts on the CPU, most of a 30 ms frame.
 * The pixels can then be drawn into again at once, since the upload
 * copies them; the GL textures are kept and reused as buffers are.
 *
 * OpenGL ES takes BGRA uploads only with an extension, whose textures
 * GTK 4.8 cannot read back.  From ES 3.0 on, Cairo's bytes go in as
 * RGBA instead, and the texture swaps red and blue back as it is
 * sampled; gdk_texture_download() does not sample, so it would see
 * them swapped.  OpenGL ES 2 has no swizzles, so there the extension
 * is used where the driver has it (Mesa always does), and memory
 * textures where not.  GTK downloads a GL texture of ours only to cut
 * one larger than GL allows into tiles, and such frames go as memory
 * textures (stp_frame_pixels_end()).
 */

#define G_LOG_DOMAIN "stp-frame-pixels"

#include "stp-frame-pixels.h"

#include <epoxy/gl.h>
#include <gsk/gl/gskglrenderer.h>

/* What buffers and GL textures share, each an atomic rc box: the size
 * of the frame they hold, whether GTK still shows it, and how the last
 * reference lets go of what they hold. */
typedef struct
{
  int            width;    /* in device pixels */
  int            height;
  gint           in_use;   /* atomic: a GdkTexture still shows it */
  GDestroyNotify clear;
} Slot;

typedef struct
{
  Slot    slot;
  guint8 *data;
  int     stride;
} Buffer;

/* How Cairo's pixels go into GL textures. */
typedef enum
{
  UPLOAD_BGRA,       /* desktop GL takes them as they are */
  UPLOAD_SWIZZLED,   /* OpenGL ES 3: as RGBA bytes, sampled with red and blue swapped */
  UPLOAD_BGRA_EXT,   /* OpenGL ES 2: as they are, through GL_EXT_texture_format_BGRA8888 */
} Upload;

/* A GL texture in the context that made it. */
typedef struct
{
  Slot          slot;
  GdkGLContext *context;
  guint         id;
} Texture;

struct _StpFramePixels
{
  GdkGLContext *context;   /* uploads go here; NULL: memory textures */
  Upload        upload;
  int           max_texture_size;
  GPtrArray    *buffers;   /* Buffer, each an atomic rc box */
  GPtrArray    *textures;  /* Texture, each an atomic rc box */
  Buffer       *drawing;   /* between begin and end */
  gboolean      made_texture;  /* the last frame made its GL texture */
};

static void
buffer_clear (gpointer data)
{
  Buffer *buffer = data;

  g_free (buffer->data);
}

static void
slot_release (gpointer data)
{
  Slot *slot = data;

  g_atomic_rc_box_release_full (slot, slot->clear);
}

/* GTK let go of the frame: what held it can take the next one. */
static void
slot_returned (gpointer data)
{
  Slot *slot = data;

  g_atomic_int_set (&slot->in_use, FALSE);
  slot_release (slot);
}

/* The last GdkTexture showing it, or the pixels, let go: the GL
 * texture goes, with whatever context was current put back, since GTK
 * may let go of a frame in the middle of its own drawing. */
static void
texture_clear (gpointer data)
{
  Texture *texture = data;
  GdkGLContext *current = gdk_gl_context_get_current ();

  if (current != NULL)
    g_object_ref (current);
  gdk_gl_context_make_current (texture->context);
  glDeleteTextures (1, &texture->id);
  if (current != NULL)
    gdk_gl_context_make_current (current);
  else
    gdk_gl_context_clear_current ();
  g_clear_object (&current);
  g_object_unref (texture->context);
}

/* Whether frames can be GL textures of this context, which is current,
 * and how they go in.  Texture swizzles came with OpenGL ES 3.0; they,
 * and the extension's BGRA bytes, are Cairo's pixels only where those
 * are little-endian words. */
static gboolean
upload_for (GdkGLContext *context,
            Upload       *upload)
{
  int major, minor;

  if (!gdk_gl_context_get_use_es (context))
    {
      *upload = UPLOAD_BGRA;
      return TRUE;
    }
  if (G_BYTE_ORDER != G_LITTLE_ENDIAN)
    return FALSE;
  /* GTK 4.8 tells the version once the context has been current. */
  gdk_gl_context_get_version (context, &major, &minor);
  if (major >= 3)
    *upload = UPLOAD_SWIZZLED;
  else if (epoxy_has_gl_extension ("GL_EXT_texture_format_BGRA8888"))
    *upload = UPLOAD_BGRA_EXT;
  else
    return FALSE;
  return TRUE;
}

/* With a realized context that can take them, frames are handed over
 * as GL textures of that context; otherwise as memory textures. */
StpFramePixels *
stp_frame_pixels_new (GdkGLContext *context)
{
  StpFramePixels *self;

  g_return_val_if_fail (context == NULL || GDK_IS_GL_CONTEXT (context), NULL);

  self = g_new0 (StpFramePixels, 1);
  if (context != NULL)
    {
      gdk_gl_context_make_current (context);
      if (upload_for (context, &self->upload))
        {
          self->context = g_object_ref (context);
          glGetIntegerv (GL_MAX_TEXTURE_SIZE, &self->max_texture_size);
        }
      else
        g_debug ("frames go to GTK as memory textures: OpenGL ES without texture swizzles or BGRA textures");
    }
  self->buffers = g_ptr_array_new_with_free_func (slot_release);
  self->textures = g_ptr_array_new_with_free_func (slot_release);
  return self;
}

/* A GL context for the native's frames, if GTK draws it with GL. */
static GdkGLContext *
gl_context_for (GtkNative *native)
{
  g_autoptr(GdkGLContext) context = NULL;
  g_autoptr(GError) error = NULL;

  if (!GSK_IS_GL_RENDERER (gtk_native_get_renderer (native)))
    return NULL;

  context = gdk_surface_create_gl_context (gtk_native_get_surface (native), &error);
  if (context == NULL || !gdk_gl_context_realize (context, &error))
    {
      g_debug ("frames go to GTK as memory textures: %s", error->message);
      return NULL;
    }
  return g_steal_pointer (&context);
}

StpFramePixels *
stp_frame_pixels_new_for_native (GtkNative *native)
{
  g_autoptr(GdkGLContext) context = NULL;

  g_return_val_if_fail (GTK_IS_NATIVE (native), NULL);

  context = gl_context_for (native);
  return stp_frame_pixels_new (context);
}

void
stp_frame_pixels_free (StpFramePixels *self)
{
  if (self == NULL)
    return;

  g_ptr_array_unref (self->buffers);
  g_ptr_array_unref (self->textures);
  g_clear_object (&self->context);
  g_free (self);
}

/* An unused Buffer or Texture of this size in `pool`, or NULL; those
 * of another size go. */
static gpointer
unused_slot (GPtrArray *pool,
             int        width,
             int        height)
{
  Slot *slot;

  for (guint i = pool->len; i > 0; i--)
    {
      slot = g_ptr_array_index (pool, i - 1);
      if (slot->width != width || slot->height != height)
        g_ptr_array_remove_index_fast (pool, i - 1);
    }
  for (guint i = 0; i < pool->len; i++)
    {
      slot = g_ptr_array_index (pool, i);
      if (!g_atomic_int_get (&slot->in_use))
        return slot;
    }
  return NULL;
}

static Buffer *
unused_buffer (StpFramePixels *self,
               int             width,
               int             height)
{
  Buffer *buffer = unused_slot (self->buffers, width, height);

  if (buffer != NULL)
    return buffer;

  buffer = g_atomic_rc_box_new0 (Buffer);
  buffer->slot.width = width;
  buffer->slot.height = height;
  buffer->slot.clear = buffer_clear;
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
                                                 self->drawing->slot.width, self->drawing->slot.height,
                                                 self->drawing->stride);
  cairo_surface_set_device_scale (surface, scale, scale);
  cr = cairo_create (surface);
  cairo_surface_destroy (surface);
  return cr;
}

/* How GL is to read Cairo's pixels (format and type) for this kind of
 * upload, and the internal format of the textures they go into.  That
 * is unsized where GL allows, so that the driver may keep the pixels as
 * they come: asked for RGBA8, Mesa converts each one. */
static GLint
gl_format (Upload  upload,
           GLenum *format,
           GLenum *type)
{
  switch (upload)
    {
    case UPLOAD_BGRA:
      *format = GL_BGRA;
      *type = GL_UNSIGNED_INT_8_8_8_8_REV;
      return GL_RGBA;
    case UPLOAD_SWIZZLED:
      *format = GL_RGBA;
      *type = GL_UNSIGNED_BYTE;
      return GL_RGBA;
    case UPLOAD_BGRA_EXT:
    default:
      *format = GL_BGRA_EXT;
      *type = GL_UNSIGNED_BYTE;
      return GL_BGRA_EXT;
    }
}

static Texture *
unused_texture (StpFramePixels *self,
                int             width,
                int             height)
{
  Texture *texture = unused_slot (self->textures, width, height);
  GLenum format, type;
  GLint internal;

  if (texture != NULL)
    return texture;

  self->made_texture = TRUE;
  texture = g_atomic_rc_box_new0 (Texture);
  texture->slot.width = width;
  texture->slot.height = height;
  texture->slot.clear = texture_clear;
  texture->context = g_object_ref (self->context);
  glGenTextures (1, &texture->id);
  glBindTexture (GL_TEXTURE_2D, texture->id);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MIN_FILTER, GL_LINEAR);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_MAG_FILTER, GL_LINEAR);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_S, GL_CLAMP_TO_EDGE);
  glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_WRAP_T, GL_CLAMP_TO_EDGE);
  internal = gl_format (self->upload, &format, &type);
  glTexImage2D (GL_TEXTURE_2D, 0, internal, width, height, 0, format, type, NULL);
  if (self->upload == UPLOAD_SWIZZLED)
    {
      glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_R, GL_BLUE);
      glTexParameteri (GL_TEXTURE_2D, GL_TEXTURE_SWIZZLE_B, GL_RED);
    }
  g_ptr_array_add (self->textures, texture);
  return texture;
}

static void
copy_into (StpFramePixels *self,
           const Buffer   *buffer,
           const Texture  *texture)
{
  GLenum format, type;

  glBindTexture (GL_TEXTURE_2D, texture->id);
  /* Cairo's ARGB32 is a native-endian 32-bit word per pixel, in rows
   * of 4 x width bytes: what GL reads unless told otherwise. */
  g_assert (buffer->stride == buffer->slot.width * 4);
  gl_format (self->upload, &format, &type);
  glTexSubImage2D (GL_TEXTURE_2D, 0, 0, 0, buffer->slot.width, buffer->slot.height,
                   format, type, buffer->data);
  /* GTK draws it from its own context. */
  glFlush ();
}

/* Copies the buffer into a GL texture that GTK can draw directly. */
static GdkTexture *
upload (StpFramePixels *self,
        Buffer         *buffer)
{
  Texture *texture;

  gdk_gl_context_make_current (self->context);
  self->made_texture = FALSE;
  texture = unused_texture (self, buffer->slot.width, buffer->slot.height);
  copy_into (self, buffer, texture);

  g_atomic_int_set (&texture->slot.in_use, TRUE);
  return gdk_gl_texture_new (self->context, texture->id, texture->slot.width, texture->slot.height,
                             slot_returned, g_atomic_rc_box_acquire (texture));
}

/* What was drawn since begin, as a texture that keeps its pixels. */
GdkTexture *
stp_frame_pixels_end (StpFramePixels *self,
                      cairo_t        *cr)
{
  Buffer *buffer = g_steal_pointer (&self->drawing);
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (buffer != NULL, NULL);

  cairo_surface_flush (cairo_get_target (cr));
  cairo_destroy (cr);

  /* A frame larger than a GL texture can be (OpenGL ES 2 promises 64
   * pixels, the Raspberry Pi 3 takes 2048) goes as a memory texture,
   * which GTK cuts into tiles. */
  if (self->context != NULL &&
      buffer->slot.width <= self->max_texture_size && buffer->slot.height <= self->max_texture_size)
    return upload (self, buffer);

  g_atomic_int_set (&buffer->slot.in_use, TRUE);
  bytes = g_bytes_new_with_free_func (buffer->data, (gsize) buffer->stride * buffer->slot.height,
                                      slot_returned, g_atomic_rc_box_acquire (buffer));
  /* Cairo's ARGB32 is GDK's default memory format. */
  return gdk_memory_texture_new (buffer->slot.width, buffer->slot.height, GDK_MEMORY_DEFAULT,
                                 bytes, buffer->stride);
}

gboolean
stp_frame_pixels_wants_spare (StpFramePixels *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->made_texture;
}

/* The driver maps a texture's memory in at its first upload: 23-28 ms
 * of a 1920x1080 frame under llvmpipe, against 0.6 ms for a texture
 * it had before.  GTK shows a frame until the next one is drawn, so
 * the frame after a first one (or one of a new size) would make and
 * fill a second texture, and pay that again. */
void
stp_frame_pixels_make_spare (StpFramePixels *self)
{
  const Buffer *buffer;

  g_return_if_fail (self != NULL);

  if (!self->made_texture || self->buffers->len == 0)
    return;

  /* The last frame's pixels, of the size the next frame will be. */
  buffer = g_ptr_array_index (self->buffers, self->buffers->len - 1);
  gdk_gl_context_make_current (self->context);
  if (unused_slot (self->textures, buffer->slot.width, buffer->slot.height) == NULL)
    {
      g_debug ("a spare texture of %dx%d", buffer->slot.width, buffer->slot.height);
      copy_into (self, buffer, unused_texture (self, buffer->slot.width, buffer->slot.height));
    }
  self->made_texture = FALSE;
}
