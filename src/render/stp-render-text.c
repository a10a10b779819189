/* stp-render-text.c: shaped labels, cached, elided to a width
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "stp-render-text"

#include "stp-render-text.h"

#include <pango/pangocairo.h>
#include <string.h>

#define MAX_ENTRIES 50000

typedef struct
{
  PangoFont        *font;
  PangoGlyphString *glyphs;
  double            width;
} Run;

typedef struct
{
  GArray *runs;     /* Run, in visual order for left-to-right text */
  double  width;
} Entry;

struct _StpTextCache
{
  PangoContext *context;
  GHashTable   *entries;    /* char* -> Entry* */
  Entry        *ellipsis;
  double        ascent;
  double        descent;
};

static void
run_clear (gpointer data)
{
  Run *run = data;

  g_clear_object (&run->font);
  g_clear_pointer (&run->glyphs, pango_glyph_string_free);
}

static void
entry_free (gpointer data)
{
  Entry *entry = data;

  g_array_unref (entry->runs);
  g_free (entry);
}

/* No label is wider than a screen: shaping a longer text (a hostile
 * trace's megabyte of name) only costs time and glyph memory. */
#define MAX_SHAPED 4096

static Entry *
shape (StpTextCache *self,
       const char   *text)
{
  Entry *entry = g_new0 (Entry, 1);
  int len = strnlen (text, MAX_SHAPED + 1);
  GList *items;

  if (len > MAX_SHAPED)
    {
      const char *cut = g_utf8_find_prev_char (text, text + MAX_SHAPED + 1);

      len = cut != NULL ? cut - text : MAX_SHAPED;
    }

  entry->runs = g_array_new (FALSE, TRUE, sizeof (Run));
  g_array_set_clear_func (entry->runs, run_clear);

  if (!g_utf8_validate (text, len, NULL))
    return entry;

  items = pango_itemize (self->context, text, 0, len, NULL, NULL);
  for (GList *l = items; l != NULL; l = l->next)
    {
      PangoItem *item = l->data;
      Run run = { 0 };

      run.glyphs = pango_glyph_string_new ();
      pango_shape_full (text + item->offset, item->length, text, len, &item->analysis, run.glyphs);
      run.font = g_object_ref (item->analysis.font);
      run.width = pango_glyph_string_get_width (run.glyphs) / (double) PANGO_SCALE;
      entry->width += run.width;
      g_array_append_val (entry->runs, run);
      pango_item_free (item);
    }
  g_list_free (items);

  return entry;
}

StpTextCache *
stp_text_cache_new (const PangoFontDescription *font,
                    const cairo_font_options_t *options)
{
  StpTextCache *self = g_new0 (StpTextCache, 1);
  PangoFontMetrics *metrics;

  self->context = pango_font_map_create_context (pango_cairo_font_map_get_default ());
  pango_context_set_font_description (self->context, font);
  pango_context_set_round_glyph_positions (self->context, FALSE);
  if (options != NULL)
    pango_cairo_context_set_font_options (self->context, options);

  metrics = pango_context_get_metrics (self->context, font, NULL);
  self->ascent = pango_font_metrics_get_ascent (metrics) / (double) PANGO_SCALE;
  self->descent = pango_font_metrics_get_descent (metrics) / (double) PANGO_SCALE;
  pango_font_metrics_unref (metrics);

  self->entries = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, entry_free);
  self->ellipsis = shape (self, "…");

  return self;
}

void
stp_text_cache_free (StpTextCache *self)
{
  if (self == NULL)
    return;

  g_hash_table_unref (self->entries);
  entry_free (self->ellipsis);
  g_object_unref (self->context);
  g_free (self);
}

static Entry *
lookup (StpTextCache *self,
        const char   *text)
{
  Entry *entry = g_hash_table_lookup (self->entries, text);

  if (entry == NULL)
    {
      if (g_hash_table_size (self->entries) >= MAX_ENTRIES)
        g_hash_table_remove_all (self->entries);
      entry = shape (self, text);
      g_hash_table_insert (self->entries, g_strdup (text), entry);
    }

  return entry;
}

double
stp_text_cache_measure (StpTextCache *self,
                        const char   *text)
{
  return lookup (self, text)->width;
}

double
stp_text_cache_get_height (StpTextCache *self)
{
  return self->ascent + self->descent;
}

static double
draw_runs (cairo_t *cr,
           Entry   *entry,
           double   x,
           double   baseline,
           double   max_width)
{
  double start = x;

  for (guint i = 0; i < entry->runs->len && max_width > 0; i++)
    {
      Run *run = &g_array_index (entry->runs, Run, i);
      PangoGlyphString part = *run->glyphs;
      double width = 0;

      if (run->width > max_width)
        {
          /* Cut between glyphs; `part` shares the run's glyph array. */
          part.num_glyphs = 0;
          while (part.num_glyphs < run->glyphs->num_glyphs)
            {
              double w = run->glyphs->glyphs[part.num_glyphs].geometry.width / (double) PANGO_SCALE;

              if (width + w > max_width)
                break;
              width += w;
              part.num_glyphs++;
            }
        }
      else
        width = run->width;

      cairo_move_to (cr, x, baseline);
      pango_cairo_show_glyph_string (cr, run->font, &part);
      x += width;
      max_width -= run->width;
    }

  return x - start;
}

double
stp_text_cache_draw (StpTextCache *self,
                     cairo_t      *cr,
                     const char   *text,
                     double        x,
                     double        y_center,
                     double        max_width)
{
  Entry *entry;
  double baseline = y_center + (self->ascent - self->descent) / 2;

  if (text == NULL || *text == '\0' || max_width <= 0)
    return 0;

  entry = lookup (self, text);
  if (entry->width <= max_width)
    {
      draw_runs (cr, entry, x, baseline, entry->width);
      return entry->width;
    }

  /* Elide: as much as fits before an ellipsis, at least one glyph. */
  {
    double room = max_width - self->ellipsis->width;
    double first = 0;

    if (entry->runs->len > 0)
      {
        Run *run = &g_array_index (entry->runs, Run, 0);

        /* At least two characters before an ellipsis, or nothing. */
        for (int g = 0; g < MIN (run->glyphs->num_glyphs, 2); g++)
          first += run->glyphs->glyphs[g].geometry.width / (double) PANGO_SCALE;
      }

    if (room < first || room <= 0)
      return 0;

    room = draw_runs (cr, entry, x, baseline, room);
    return room + draw_runs (cr, self->ellipsis, x + room, baseline, self->ellipsis->width);
  }
}

/* ------------------------------------------------------------------ */
/* Names of slices */

static double
glyph_width (const Run *run,
             int        g)
{
  return run->glyphs->glyphs[g].geometry.width / (double) PANGO_SCALE;
}

/* The width of the whole glyphs from the start of the runs within room. */
static double
head_within (const Entry *entry,
             double       room)
{
  double width = 0;

  for (guint i = 0; i < entry->runs->len; i++)
    {
      const Run *run = &g_array_index (entry->runs, Run, i);

      for (int g = 0; g < run->glyphs->num_glyphs; g++)
        {
          if (width + glyph_width (run, g) > room)
            return width;
          width += glyph_width (run, g);
        }
    }
  return width;
}

/* The width of the whole glyphs at the end of a one-run text within
 * room, and the first of them. */
static double
tail_within (const Entry *entry,
             double       room,
             int         *first)
{
  const Run *run = &g_array_index (entry->runs, Run, 0);
  double width = 0;
  int g = run->glyphs->num_glyphs;

  while (g > 0 && width + glyph_width (run, g - 1) <= room)
    width += glyph_width (run, --g);
  *first = g;
  return width;
}

/* A middle cut keeps at least this much of a name's end. */
#define MIN_TAIL_GLYPHS 3

void
stp_text_cache_fit_name (StpTextCache *self,
                         const char   *name,
                         double        max_width,
                         StpTextFit   *fit)
{
  const char *limit, *p = name;
  Entry *entry;
  double room, least;

  memset (fit, 0, sizeof *fit);
  if (name == NULL || *name == '\0' || max_width <= 0)
    return;

  entry = lookup (self, name);
  /* Namespaces lead a name; `::` inside arguments or templates does not. */
  limit = name + strcspn (name, "(< ");
  for (;;)
    {
      const char *sep;

      if (entry->width <= max_width)
        {
          fit->width = entry->width;
          return;
        }
      sep = strstr (p, "::");
      if (sep == NULL || sep >= limit || sep[2] == '\0')
        break;
      p = sep + 2;
      fit->skip = p - name;
      entry = lookup (self, p);
    }

  /* At least two characters before an ellipsis, or nothing. */
  room = max_width - self->ellipsis->width;
  least = 0;
  if (entry->runs->len > 0)
    {
      const Run *run = &g_array_index (entry->runs, Run, 0);

      for (int g = 0; g < MIN (run->glyphs->num_glyphs, 2); g++)
        least += glyph_width (run, g);
    }
  if (entry->runs->len == 0 || room <= 0 || room < least)
    {
      fit->skip = 0;
      return;
    }

  fit->elided = TRUE;
  if (entry->runs->len == 1)
    {
      int first;

      const Run *run = &g_array_index (entry->runs, Run, 0);

      /* The middle goes: as much of the end as of the start.  An end of
       * one or two characters says nothing ("Co…D"): then the end goes. */
      fit->head = head_within (entry, MAX (room / 2, least));
      fit->tail = tail_within (entry, room - fit->head, &first);
      if (run->glyphs->num_glyphs - first < MIN_TAIL_GLYPHS)
        {
          fit->head = head_within (entry, room);
          fit->tail = 0;
        }
    }
  else
    fit->head = head_within (entry, room);
  fit->width = fit->head + self->ellipsis->width + fit->tail;
}

static void
draw_tail (cairo_t     *cr,
           const Entry *entry,
           double       x,
           double       baseline,
           double       room)
{
  const Run *run = &g_array_index (entry->runs, Run, 0);
  PangoGlyphString part = *run->glyphs;
  int first;

  tail_within (entry, room, &first);
  part.glyphs += first;
  part.log_clusters += first;
  part.num_glyphs -= first;
  cairo_move_to (cr, x, baseline);
  pango_cairo_show_glyph_string (cr, run->font, &part);
}

double
stp_text_cache_draw_name (StpTextCache *self,
                          cairo_t      *cr,
                          const char   *name,
                          double        x,
                          double        y_center,
                          double        max_width)
{
  double baseline = y_center + (self->ascent - self->descent) / 2;
  StpTextFit fit;
  Entry *entry;

  stp_text_cache_fit_name (self, name, max_width, &fit);
  if (fit.width <= 0)
    return 0;

  entry = lookup (self, name + fit.skip);
  if (!fit.elided)
    return draw_runs (cr, entry, x, baseline, entry->width);

  x += draw_runs (cr, entry, x, baseline, fit.head);
  x += draw_runs (cr, self->ellipsis, x, baseline, self->ellipsis->width);
  if (fit.tail > 0)
    draw_tail (cr, entry, x, baseline, fit.tail);
  return fit.width;
}
