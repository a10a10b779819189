/* stp-render-style.c: colours of the timeline, light and dark
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Built on the GNOME palette (and libadwaita's view, window and headerbar
 * colours) so the canvas sits well in an Adwaita window: light shades with
 * dark text in the light style, deep shades with white text in the dark.
 */

#define G_LOG_DOMAIN "stp-render-style"

#include "stp-render-style.h"

#include <string.h>

#define RGB(hex) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0, 1.0 }
#define RGBA(hex, alpha) { ((hex) >> 16 & 0xff) / 255.0, ((hex) >> 8 & 0xff) / 255.0, ((hex) & 0xff) / 255.0, alpha }

/* Interleaved hues so neighbouring indices differ strongly. */
static const guint32 light_slices[STP_PALETTE_SIZE] = {
  0x99c1f1, 0x8ff0a4, 0xffbe6f, 0xdc8add, 0xf9f06b,
  0x93ddc2, 0xf99fa0, 0xcdab8f, 0xb7c4d4, 0xf5a3c7,
  0x62a0ea, 0x57e389, 0xffa348, 0xc889d6, 0xf8e45c,
  0x6cc6b2, 0xf66151, 0xc29b78, 0x9aaec3, 0xe97fb0,
};

static const guint32 dark_slices[STP_PALETTE_SIZE] = {
  0x1c5fb4, 0x26804c, 0xb85a00, 0x7d3a92, 0x9a7d00,
  0x1b7a8a, 0xb02a32, 0x7a5632, 0x4d6379, 0xa8457a,
  0x2a6ccb, 0x1e6e3d, 0xa04a14, 0x66348a, 0x8b6a06,
  0x146a70, 0x9a1d2b, 0x654629, 0x3d5166, 0x8e3866,
};

static StpRenderStyle styles[2];

static void
init_style (StpRenderStyle *style,
            gboolean        dark)
{
  static const StpRenderStyle light = {
    .window_bg = RGB (0xfafafa),
    .view_bg = RGB (0xffffff),
    .alt_bg = RGB (0xf6f6f7),
    .header_bg = RGB (0xebebed),
    .fg = RGBA (0x000000, 0.8),
    .dim_fg = RGBA (0x000000, 0.55),
    .border = RGBA (0x000000, 0.13),
    .accent = RGB (0x1c71d8),
    .selection = RGBA (0x3584e4, 0.16),
    .area = RGBA (0x3584e4, 0.22),
    .match = RGB (0xe5a50a),
    .flow = RGBA (0x241f31, 0.55),
    .instant = RGB (0xe01b24),
    .peak = RGB (0xc01c28),
    .counter_line = RGB (0x1a5fb4),
  };
  static const StpRenderStyle dark_style = {
    .window_bg = RGB (0x242424),
    .view_bg = RGB (0x1e1e1e),
    .alt_bg = RGB (0x232325),
    .header_bg = RGB (0x303030),
    .fg = RGB (0xffffff),
    .dim_fg = RGBA (0xffffff, 0.6),
    .border = RGBA (0xffffff, 0.15),
    .accent = RGB (0x78aeed),
    .selection = RGBA (0x78aeed, 0.2),
    .area = RGBA (0x78aeed, 0.26),
    .match = RGB (0xf8e45c),
    .flow = RGBA (0xf6f5f4, 0.6),
    .instant = RGB (0xff7b63),
    .peak = RGB (0xff7b63),
    .counter_line = RGB (0x99c1f1),
  };
  const guint32 *slices = dark ? dark_slices : light_slices;

  *style = dark ? dark_style : light;

  for (guint i = 0; i < STP_PALETTE_SIZE; i++)
    {
      StpColor c = RGB (slices[i]);
      StpColor m = c;

      style->slices[i] = c;
      /* Merged marks: the same hue washed towards the background, opaque
       * so that filling them stays a plain pixel fill. */
      m.r = 0.6 * c.r + 0.4 * style->view_bg.r;
      m.g = 0.6 * c.g + 0.4 * style->view_bg.g;
      m.b = 0.6 * c.b + 0.4 * style->view_bg.b;
      style->merged[i] = m;
      style->slice_text[i] = dark ? (StpColor) RGB (0xffffff) : (StpColor) RGBA (0x000000, 0.85);
    }
}

const StpRenderStyle *
stp_render_style_get (gboolean dark)
{
  static gsize initialized = 0;

  if (g_once_init_enter (&initialized))
    {
      init_style (&styles[0], FALSE);
      init_style (&styles[1], TRUE);
      g_once_init_leave (&initialized, 1);
    }

  return &styles[dark ? 1 : 0];
}

/* FNV-1a of the text: stable everywhere, unlike interned ids. */
guint8
stp_render_color_index (const char *name)
{
  guint32 hash = 2166136261u;

  if (name == NULL)
    return 0;

  for (const guchar *p = (const guchar *) name; *p; p++)
    {
      hash ^= *p;
      hash *= 16777619u;
    }

  return hash % STP_PALETTE_SIZE;
}
