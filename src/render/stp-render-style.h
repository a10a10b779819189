/* stp-render-style.h: colours of the timeline, light and dark
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct
{
  double r, g, b, a;
} StpColor;

/* Slices take one of these colours by a hash of their name, so a name
 * keeps its colour across traces, runs and machines. */
#define STP_PALETTE_SIZE 20

typedef struct
{
  StpColor window_bg;      /* gutter */
  StpColor view_bg;        /* rows */
  StpColor alt_bg;         /* every other track */
  StpColor header_bg;      /* process headers, ruler */
  StpColor fg;
  StpColor dim_fg;
  StpColor border;
  StpColor accent;
  StpColor selection;
  StpColor area;           /* tracks of a selected area */
  StpColor match;          /* search matches */
  StpColor flow;
  StpColor instant;
  StpColor peak;
  StpColor counter_line;
  StpColor slices[STP_PALETTE_SIZE];
  StpColor merged[STP_PALETTE_SIZE];   /* marks standing for sub-pixel slices */
  StpColor slice_text[STP_PALETTE_SIZE];
} StpRenderStyle;

const StpRenderStyle *stp_render_style_get (gboolean dark);

guint8   stp_render_color_index (const char *name);

G_END_DECLS
