/* stp-frame-pixels.h: the pixels the timeline is drawn into, kept between frames
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

typedef struct _StpFramePixels StpFramePixels;

StpFramePixels *stp_frame_pixels_new            (GdkGLContext   *context);
StpFramePixels *stp_frame_pixels_new_for_native (GtkNative      *native);
void            stp_frame_pixels_free           (StpFramePixels *self);
cairo_t        *stp_frame_pixels_begin          (StpFramePixels *self,
                                                 int             width,
                                                 int             height,
                                                 int             scale);
GdkTexture     *stp_frame_pixels_end            (StpFramePixels *self,
                                                 cairo_t        *cr);
/* Whether the last frame had to make a GL texture; then
 * stp_frame_pixels_make_spare(), once GTK has drawn that frame, makes
 * the next frame's, if GTK still shows every one there is. */
gboolean        stp_frame_pixels_wants_spare    (StpFramePixels *self);
void            stp_frame_pixels_make_spare     (StpFramePixels *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpFramePixels, stp_frame_pixels_free)

G_END_DECLS
