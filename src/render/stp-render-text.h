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

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpTextCache, stp_text_cache_free)

G_END_DECLS
