/* stp-render-view.c: time on screen, ruler ticks and time formatting
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "stp-render-view"

#include "stp-render-view.h"

#include <math.h>
#include <string.h>

void
stp_render_view_init (StpRenderView *view,
                      int            width,
                      int            height)
{
  g_return_if_fail (view != NULL);

  *view = (StpRenderView) {
    .width = width,
    .height = height,
    .gutter_width = 200,
    .ruler_height = 32,
    .ns_per_px = 1.0,
    .hover_x = -1,
    .hover_y = -1,
    .flags = STP_RENDER_SHOW_FLOWS,
  };
}

int
stp_render_view_get_timeline_width (const StpRenderView *view)
{
  return MAX (1, view->width - view->gutter_width);
}

/* The difference is taken in integers and only then scaled, so precision
 * follows the zoom, not the distance from the epoch. */
double
stp_render_view_time_to_x (const StpRenderView *view,
                           gint64               ts)
{
  gint64 delta;

  if (ts >= view->start_ns)
    delta = (ts - view->start_ns) < 0 ? G_MAXINT64 : ts - view->start_ns;
  else
    delta = (ts - view->start_ns) > 0 ? G_MININT64 : ts - view->start_ns;

  return view->gutter_width + (double) delta / view->ns_per_px;
}

gint64
stp_render_view_x_to_time (const StpRenderView *view,
                           double               x)
{
  double delta = floor ((x - view->gutter_width) * view->ns_per_px);

  delta = CLAMP (delta, -4e18, 4e18);
  return view->start_ns + (gint64) delta;
}

gint64
stp_render_view_get_end (const StpRenderView *view)
{
  return stp_render_view_x_to_time (view, view->width);
}

void
stp_render_view_fit (StpRenderView *view,
                     gint64         start,
                     gint64         end)
{
  int w = stp_render_view_get_timeline_width (view);

  if (end <= start)
    end = start + 1;
  view->start_ns = start;
  view->ns_per_px = (double) (end - start) / w;
}

gint64
stp_render_tick_step (double  ns_per_px,
                      double  min_spacing_px,
                      int    *n_minor)
{
  static const int mantissas[] = { 1, 2, 5 };
  gint64 decade = 1;

  for (;;)
    {
      for (guint i = 0; i < G_N_ELEMENTS (mantissas); i++)
        {
          gint64 step = decade * mantissas[i];

          if (step / ns_per_px >= min_spacing_px || step >= G_MAXINT64 / 100)
            {
              if (n_minor != NULL)
                *n_minor = mantissas[i] == 2 ? 4 : 5;
              return step;
            }
        }
      decade *= 10;
    }
}

typedef struct
{
  gint64      scale;
  const char *unit;
} Unit;

static const Unit units[] = {
  { 1, "ns" },
  { 1000, "µs" },
  { 1000000, "ms" },
  { 1000000000, "s" },
};

static const Unit *
unit_for (gint64 magnitude)
{
  const Unit *unit = &units[0];

  for (guint i = 0; i < G_N_ELEMENTS (units); i++)
    if (magnitude >= units[i].scale)
      unit = &units[i];

  return unit;
}

char *
stp_format_time (gint64 ns,
                 gint64 step)
{
  const Unit *unit;
  int decimals = 0;

  if (step <= 0)
    return stp_format_duration (ns);

  /* The unit follows the step (500 µs steps read as 0.5 ms, 1 ms, 1.5 ms);
   * decimals show the step's precision. */
  unit = unit_for (step * 2);
  for (gint64 s = step; s % unit->scale != 0 && decimals < 9; s *= 10)
    decimals++;

  if (ns == 0)
    return g_strdup_printf ("0 %s", unit->unit);
  return g_strdup_printf ("%.*f %s", decimals, (double) ns / unit->scale, unit->unit);
}

char *
stp_format_duration (gint64 ns)
{
  gint64 magnitude = ns < 0 ? -ns : ns;
  const Unit *unit = unit_for (magnitude);
  double value = (double) ns / unit->scale;
  double abs_value = fabs (value);
  int decimals;

  if (unit->scale == 1)
    return g_strdup_printf ("%" G_GINT64_FORMAT " ns", ns);

  decimals = abs_value >= 100 ? 1 : abs_value >= 10 ? 2 : 3;
  return g_strdup_printf ("%.*f %s", decimals, value, unit->unit);
}

char *
stp_format_value (double   value,
                  gboolean bytes)
{
  static const char *byte_units[] = { "B", "KiB", "MiB", "GiB", "TiB", "PiB" };
  static const char *si_units[] = { "", "k", "M", "G", "T", "P" };
  double base = bytes ? 1024 : 1000;
  double abs_value = fabs (value);
  guint i = 0;

  while (abs_value >= base && i + 1 < G_N_ELEMENTS (byte_units))
    {
      abs_value /= base;
      value /= base;
      i++;
    }

  if (bytes)
    return i == 0 ? g_strdup_printf ("%.0f B", value)
                  : g_strdup_printf ("%.*f %s", abs_value >= 100 ? 0 : 1, value, byte_units[i]);

  if (i == 0 && value == floor (value))
    return g_strdup_printf ("%.0f", value);
  return g_strdup_printf ("%.*f%s", abs_value >= 100 ? 0 : abs_value >= 10 ? 1 : 2, value, si_units[i]);
}

char *
stp_format_time_exact (gint64 ns)
{
  guint64 magnitude = ns < 0 ? -(guint64) ns : (guint64) ns;
  const Unit *unit = unit_for (magnitude > G_MAXINT64 ? G_MAXINT64 : (gint64) magnitude);
  guint64 whole = magnitude / unit->scale;
  guint64 frac = magnitude % unit->scale;
  int digits = 0;
  g_autoptr(GString) text = g_string_new (ns < 0 ? "-" : "");

  g_string_append_printf (text, "%" G_GUINT64_FORMAT, whole);
  for (gint64 s = unit->scale; s > 1; s /= 10)
    digits++;
  if (frac != 0)
    {
      char buf[16];

      g_snprintf (buf, sizeof buf, "%0*" G_GUINT64_FORMAT, digits, frac);
      for (int i = digits - 1; i > 0 && buf[i] == '0'; i--)
        buf[i] = '\0';
      g_string_append_printf (text, ".%s", buf);
    }
  g_string_append_printf (text, " %s", unit->unit);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

gboolean
stp_parse_time (const char *text,
                gint64     *ns)
{
  static const struct { const char *unit; double scale; } suffixes[] = {
    { "ns", 1 }, { "us", 1e3 }, { "µs", 1e3 }, { "ms", 1e6 }, { "s", 1e9 }, { "", 1e6 },
  };
  g_autofree char *copy = NULL;
  char *end;
  double value;

  g_return_val_if_fail (ns != NULL, FALSE);

  if (text == NULL)
    return FALSE;
  copy = g_strstrip (g_strdup (text));
  /* The C locale's decimal point whatever the user's locale. */
  value = g_ascii_strtod (copy, &end);
  if (end == copy || !isfinite (value))
    return FALSE;
  while (g_ascii_isspace (*end))
    end++;

  for (guint i = 0; i < G_N_ELEMENTS (suffixes); i++)
    if (g_ascii_strcasecmp (end, suffixes[i].unit) == 0 || strcmp (end, suffixes[i].unit) == 0)
      {
        double scaled = value * suffixes[i].scale;

        if (fabs (scaled) >= 9.2e18)
          return FALSE;
        *ns = (gint64) llround (scaled);
        return TRUE;
      }
  return FALSE;
}

char *
stp_format_us_number (gint64 ns)
{
  char buf[G_ASCII_DTOSTR_BUF_SIZE];
  char *text;
  gsize len;

  /* Three decimals are the ns; the zeros at the end say nothing. */
  text = g_strdup (g_ascii_formatd (buf, sizeof buf, "%.3f", ns / 1000.0));
  len = strlen (text);
  while (len > 0 && text[len - 1] == '0')
    text[--len] = '\0';
  if (len > 0 && text[len - 1] == '.')
    text[--len] = '\0';
  return text;
}
