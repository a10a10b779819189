/* stp-render-text.h: shaped labels, cached, elided to a width
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A frame can draw thousands of slice names: each distinct text is shaped
 * once (Pango) and then drawn as glyphs, cut at any width with an
 * ellipsis, without laying anything out again.
 */

#pragma once

#include <cairo.h>
#include <pango/pango.h>

G_BEGIN_DECLS

typedef struct _StpTextCache StpTextCache;

StpTextCache *stp_text_cache_new        (const PangoFontDescription *font,
                                         const cairo_font_options_t *options);
void          stp_text_cache_free       (StpTextCache *self);
double        stp_text_cache_measure    (StpTextCache *self,
                                         const char   *text);
double        stp_text_cache_get_height (StpTextCache *self);
/* Draws text with its left edge at x, vertically centred on y_center,
 * elided to max_width; returns the width drawn (0 if nothing fits). */
double        stp_text_cache_draw       (StpTextCache *self,
                                         cairo_t      *cr,
                                         const char   *text,
                                         double        x,
                                         double        y_center,
                                         double        max_width);

/* How a name fits a width: whole, without its leading namespaces
 * ("aten::"), or cut in the middle ("convol…ackward") so that both its
 * start and its end (a step number, a suffix) stay readable. */
typedef struct
{
  gsize    skip;         /* bytes of leading namespaces left out */
  gboolean elided;       /* cut in the middle */
  double   head;         /* width before the ellipsis (elided) */
  double   tail;         /* width after it (elided) */
  double   width;        /* all drawn; 0 when nothing fits */
} StpTextFit;

void          stp_text_cache_fit_name   (StpTextCache *self,
                                         const char   *name,
                                         double        max_width,
                                         StpTextFit   *fit);
/* Draws a slice's name as stp_text_cache_fit_name() fits it; returns
 * the width drawn. */
double        stp_text_cache_draw_name  (StpTextCache *self,
                                         cairo_t      *cr,
                                         const char   *name,
                                         double        x,
                                         double        y_center,
                                         double        max_width);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpTextCache, stp_text_cache_free)

G_END_DECLS
