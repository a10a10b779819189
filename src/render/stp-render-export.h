/* stp-render-export.h: the timeline as a PNG, SVG or PDF file
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "stp-renderer.h"

G_BEGIN_DECLS

typedef enum
{
  STP_IMAGE_PNG,
  STP_IMAGE_SVG,
  STP_IMAGE_PDF,
} StpImageFormat;

/* The format a file name's extension asks for; FALSE if none. */
gboolean stp_image_format_from_name (const char          *name,
                                     StpImageFormat      *format);
const char *stp_image_format_to_extension (StpImageFormat format);

/* Draws one frame of `view` (its size is the image's, in pixels or
 * points) with the renderer into `file`, replacing it only on success. */
gboolean stp_render_export_image    (StpRenderer         *renderer,
                                     StpRenderLayout     *layout,
                                     const StpRenderView *view,
                                     StpImageFormat       format,
                                     GFile               *file,
                                     GCancellable        *cancellable,
                                     GError             **error);

G_END_DECLS
