/* stp-render-export.c: the timeline as a PNG, SVG or PDF file
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The same renderer as the window, onto a cairo image, SVG or PDF
 * surface: text stays text and rectangles stay vectors in SVG and PDF.
 * Output streams into a temporary file (stp-safe-output.c) that only
 * replaces the target when everything was written.
 */

#define G_LOG_DOMAIN "stp-render-export"

#include "stp-render-export.h"
#include "stp-safe-output.h"

#include <cairo-pdf.h>
#include <cairo-svg.h>

typedef struct
{
  StpOutput     *out;
  GCancellable  *cancellable;
  GError        *error;
} Sink;

static cairo_status_t
write_to_output (void                *closure,
                 const unsigned char *data,
                 unsigned int         length)
{
  Sink *sink = closure;

  if (sink->error != NULL)
    return CAIRO_STATUS_WRITE_ERROR;
  if (!stp_output_write_all (sink->out, data, length, sink->cancellable, &sink->error))
    return CAIRO_STATUS_WRITE_ERROR;
  return CAIRO_STATUS_SUCCESS;
}

gboolean
stp_image_format_from_name (const char     *name,
                            StpImageFormat *format)
{
  g_autofree char *lower = NULL;

  g_return_val_if_fail (name != NULL, FALSE);
  g_return_val_if_fail (format != NULL, FALSE);

  lower = g_ascii_strdown (name, -1);
  if (g_str_has_suffix (lower, ".png"))
    *format = STP_IMAGE_PNG;
  else if (g_str_has_suffix (lower, ".svg"))
    *format = STP_IMAGE_SVG;
  else if (g_str_has_suffix (lower, ".pdf"))
    *format = STP_IMAGE_PDF;
  else
    return FALSE;
  return TRUE;
}

const char *
stp_image_format_to_extension (StpImageFormat format)
{
  switch (format)
    {
    case STP_IMAGE_SVG: return "svg";
    case STP_IMAGE_PDF: return "pdf";
    case STP_IMAGE_PNG:
    default:            return "png";
    }
}

static gboolean
check_surface (cairo_surface_t  *surface,
               Sink             *sink,
               GError          **error)
{
  cairo_status_t status = cairo_surface_status (surface);

  if (sink->error != NULL)
    {
      g_propagate_error (error, g_steal_pointer (&sink->error));
      return FALSE;
    }
  if (status != CAIRO_STATUS_SUCCESS)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED, "Could not draw the image: %s",
                   cairo_status_to_string (status));
      return FALSE;
    }
  return TRUE;
}

gboolean
stp_render_export_image (StpRenderer          *renderer,
                         StpRenderLayout      *layout,
                         const StpRenderView  *view,
                         StpImageFormat        format,
                         GFile                *file,
                         GCancellable         *cancellable,
                         GError              **error)
{
  g_autoptr(StpSafeOutput) out = NULL;
  cairo_surface_t *surface;
  cairo_t *cr;
  Sink sink = { 0 };
  gboolean ok;

  g_return_val_if_fail (renderer != NULL, FALSE);
  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (view->width <= 0 || view->height <= 0 || view->width > 32767 || view->height > 32767)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_ARGUMENT,
                   "An image of %d × %d pixels cannot be made", view->width, view->height);
      return FALSE;
    }

  out = stp_safe_output_open (file, cancellable, error);
  if (out == NULL)
    return FALSE;

  sink.out = stp_safe_output_get_output (out);
  sink.cancellable = cancellable;

  if (format == STP_IMAGE_SVG)
    surface = cairo_svg_surface_create_for_stream (write_to_output, &sink, view->width, view->height);
  else if (format == STP_IMAGE_PDF)
    surface = cairo_pdf_surface_create_for_stream (write_to_output, &sink, view->width, view->height);
  else
    surface = cairo_image_surface_create (CAIRO_FORMAT_RGB24, view->width, view->height);

  cr = cairo_create (surface);
  stp_render_timeline (renderer, cr, view, layout);
  cairo_destroy (cr);

  if (format == STP_IMAGE_PNG && cairo_surface_status (surface) == CAIRO_STATUS_SUCCESS)
    cairo_surface_write_to_png_stream (surface, write_to_output, &sink);
  cairo_surface_finish (surface);

  ok = check_surface (surface, &sink, error);
  cairo_surface_destroy (surface);

  /* Without a commit, the file is left as it was. */
  if (!ok)
    return FALSE;

  return stp_safe_output_commit (out, cancellable, error);
}
