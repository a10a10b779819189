/* stp-renderer.c: the one function that draws a timeline
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A frame: backgrounds, then the visible rows' content (slice rectangles
 * collected per colour and filled in one go, then their names), flows
 * over them, overlays (selection, hover), the gutter with row names and
 * the ruler on top.
 */

#define G_LOG_DOMAIN "stp-renderer"

#include "stp-render-private.h"
#include "stp-details.h"

#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>

#define GUTTER_INDENT 26
/* A folded process's activity graph: its margins in the header. */
#define ACTIVITY_TOP    5
#define ACTIVITY_BOTTOM 3

StpRenderer *
stp_renderer_new (const PangoFontDescription *font,
                  const cairo_font_options_t *options)
{
  StpRenderer *self = g_new0 (StpRenderer, 1);
  g_autoptr(PangoFontDescription) base = NULL;
  g_autoptr(PangoFontDescription) bold = NULL;
  g_autoptr(PangoFontDescription) small = NULL;
  int size;

  base = font != NULL ? pango_font_description_copy (font) : pango_font_description_from_string ("Cantarell 10");
  if (pango_font_description_get_size (base) <= 0)
    pango_font_description_set_size (base, 10 * PANGO_SCALE);
  size = pango_font_description_get_size (base);

  /* Slice names a point smaller than the UI text, as in other viewers
   * (GTK may hand over an absolute size in pixels). */
  small = pango_font_description_copy (base);
  if (pango_font_description_get_size_is_absolute (base))
    pango_font_description_set_absolute_size (small, MAX (size * 0.9, 8 * PANGO_SCALE));
  else
    pango_font_description_set_size (small, MAX (size - PANGO_SCALE, 6 * PANGO_SCALE));
  bold = pango_font_description_copy (base);
  pango_font_description_set_weight (bold, PANGO_WEIGHT_BOLD);

  self->text = stp_text_cache_new (base, options);
  self->bold = stp_text_cache_new (bold, options);
  self->small = stp_text_cache_new (small, options);
  self->font = font != NULL ? pango_font_description_copy (font) : NULL;
  self->font_options = options != NULL ? cairo_font_options_copy (options) : NULL;

  for (guint i = 0; i < STP_N_SLOTS; i++)
    self->rects[i] = g_array_new (FALSE, FALSE, sizeof (StpRect));
  for (guint i = 0; i < STP_PALETTE_SIZE; i++)
    self->tris[i] = g_array_new (FALSE, FALSE, sizeof (StpRect));
  self->labels = g_array_new (FALSE, FALSE, sizeof (StpLabel));
  self->drawn_flows = g_array_new (FALSE, FALSE, sizeof (StpDrawnFlow));
  self->curve_mask = g_byte_array_new ();

  return self;
}

gboolean
stp_renderer_made_for (StpRenderer                *self,
                       const PangoFontDescription *font,
                       const cairo_font_options_t *options)
{
  g_return_val_if_fail (self != NULL, FALSE);

  if (font == NULL || self->font == NULL)
    {
      if (font != self->font)
        return FALSE;
    }
  else if (!pango_font_description_equal (font, self->font))
    return FALSE;

  if (options == NULL || self->font_options == NULL)
    return options == self->font_options;
  return cairo_font_options_equal (options, self->font_options);
}

void
stp_renderer_free (StpRenderer *self)
{
  if (self == NULL)
    return;

  for (guint i = 0; i < STP_N_SLOTS; i++)
    g_array_unref (self->rects[i]);
  for (guint i = 0; i < STP_PALETTE_SIZE; i++)
    g_array_unref (self->tris[i]);
  g_array_unref (self->labels);
  g_array_unref (self->drawn_flows);
  g_byte_array_unref (self->curve_mask);
  stp_text_cache_free (self->text);
  stp_text_cache_free (self->bold);
  stp_text_cache_free (self->small);
  g_clear_pointer (&self->font, pango_font_description_free);
  g_clear_pointer (&self->font_options, cairo_font_options_destroy);
  g_free (self);
}

const StpRenderStats *
stp_renderer_get_stats (StpRenderer *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return &self->stats;
}

StpColor
stp_render_slice_color (StpRenderLayout *layout,
                        StpStr           name,
                        gboolean         dark)
{
  guint8 slot = stp_render_index_get_color (stp_render_layout_get_index (layout), name);

  return stp_render_style_get (dark)->slices[slot];
}

static void
fill (StpFrame       *frame,
      const StpColor *color,
      double          x,
      double          y,
      double          w,
      double          h)
{
  stp_frame_set_color (frame, color);
  cairo_rectangle (frame->cr, x, y, w, h);
  cairo_fill (frame->cr);
}

/* Fills every colour's rectangles with one path each, then the names. */
void
stp_frame_flush (StpFrame *frame)
{
  cairo_t *cr = frame->cr;

  for (guint slot = 0; slot < STP_N_SLOTS; slot++)
    {
      GArray *rects = frame->rects[slot];

      if (rects->len == 0)
        continue;

      if (slot >= STP_SLOT_MERGED)
        stp_frame_set_color (frame, &frame->style->merged[slot - STP_SLOT_MERGED]);
      else
        stp_frame_set_color (frame, &frame->style->slices[slot]);

      for (guint i = 0; i < rects->len; i++)
        {
          const StpRect *r = &g_array_index (rects, StpRect, i);
          cairo_rectangle (cr, r->x, r->y, r->w, r->h);
        }
      cairo_fill (cr);
      g_array_set_size (rects, 0);
    }

  for (guint slot = 0; slot < STP_PALETTE_SIZE; slot++)
    {
      GArray *tris = frame->tris[slot];

      if (tris->len == 0)
        continue;

      stp_frame_set_color (frame, &frame->style->slices[slot]);
      for (guint i = 0; i < tris->len; i++)
        {
          const StpRect *t = &g_array_index (tris, StpRect, i);

          cairo_move_to (cr, t->x - t->w / 2, t->y);
          cairo_line_to (cr, t->x + t->w / 2, t->y);
          cairo_line_to (cr, t->x, t->y + t->h);
          cairo_close_path (cr);
        }
      cairo_fill_preserve (cr);
      stp_frame_set_color (frame, &frame->style->dim_fg);
      cairo_set_line_width (cr, 0.6);
      cairo_stroke (cr);
      g_array_set_size (tris, 0);
    }

  for (guint i = 0; i < frame->labels->len; i++)
    {
      const StpLabel *label = &g_array_index (frame->labels, StpLabel, i);
      g_autofree char *shown = label->slice != NULL ? stp_details_shown_name (frame->trace, label->slice) : NULL;

      stp_frame_set_color (frame, &frame->style->slice_text[label->slot]);
      if (stp_text_cache_draw_name (frame->renderer->small, cr,
                                    shown ? shown : stp_trace_str (frame->trace, label->name),
                                    label->x, label->y, label->w) > 0)
        frame->stats->labels++;
    }
  g_array_set_size (frame->labels, 0);
}

static void
draw_expander (StpFrame *frame,
               double    x,
               double    y,
               gboolean  collapsed)
{
  cairo_t *cr = frame->cr;

  stp_frame_set_color (frame, &frame->style->dim_fg);
  if (collapsed)
    {
      cairo_move_to (cr, x - 2.5, y - 4.5);
      cairo_line_to (cr, x + 3, y);
      cairo_line_to (cr, x - 2.5, y + 4.5);
    }
  else
    {
      cairo_move_to (cr, x - 4.5, y - 2.5);
      cairo_line_to (cr, x, y + 3);
      cairo_line_to (cr, x + 4.5, y - 2.5);
    }
  cairo_close_path (cr);
  cairo_fill (cr);
}

/* A process's header with its top at screen y. */
static void
draw_process_header (StpFrame     *frame,
                     const StpRow *row,
                     double        y)
{
  const StpProcess *process = stp_trace_get_process (frame->trace, row->process);
  double cy = y + row->height / 2;
  gboolean collapsed = stp_render_layout_get_collapsed (frame->layout, row->process);
  double w;
  g_autofree char *info = NULL;

  fill (frame, &frame->style->header_bg, 0, y, frame->view->width, row->height);
  fill (frame, &frame->style->border, 0, y + row->height - 1, frame->view->width, 1);
  if (row->y > 0)
    fill (frame, &frame->style->border, 0, y, frame->view->width, 1);

  /* Folded, its header says when the process was busy (as Perfetto's). */
  if (collapsed)
    {
      cairo_save (frame->cr);
      cairo_rectangle (frame->cr, frame->x_left, y, frame->x_right - frame->x_left, row->height);
      cairo_clip (frame->cr);
      stp_render_process_activity (frame, row, y + row->height - ACTIVITY_BOTTOM,
                                   row->height - ACTIVITY_TOP - ACTIVITY_BOTTOM);
      cairo_restore (frame->cr);
    }

  draw_expander (frame, 13, cy, collapsed);

  stp_frame_set_color (frame, &frame->style->fg);
  w = stp_text_cache_draw (frame->renderer->bold, frame->cr, row->label, GUTTER_INDENT, cy,
                           frame->view->width - GUTTER_INDENT - 8);

  if (process->pid_str != STP_STR_EMPTY)
    info = g_strdup_printf ("pid %s", stp_trace_str (frame->trace, process->pid_str));
  else
    info = g_strdup_printf ("pid %" G_GINT64_FORMAT, process->pid);
  stp_frame_set_color (frame, &frame->style->dim_fg);
  stp_text_cache_draw (frame->renderer->small, frame->cr, info, GUTTER_INDENT + w + 10, cy,
                       frame->view->width - GUTTER_INDENT - w - 18);
}

/* Which clock the times of several traces side by side are on (what
 * the ruler, the window and Trace Information say). */
const char *
stp_renderer_describe_clock (const StpTrace *trace)
{
  g_return_val_if_fail (trace != NULL && trace->parts != NULL, NULL);

  return trace->parts_aligned ? _("Aligned at first steps") : _("Common clock");
}

/* How many processes an input shows, and how far its times were moved
 * to line its first step up with the first input's. */
static char *
describe_part (const StpTrace     *trace,
               const StpTracePart *part)
{
  g_autofree char *offset = NULL;
  guint n = 0;

  for (guint32 p = part->first_process; p < part->first_process + part->n_processes; p++)
    {
      const StpProcess *process = stp_trace_get_process (trace, p);

      n += stp_render_process_has_rows (process);
    }
  if (!trace->parts_aligned || part->offset == 0)
    /* Translators: how many processes one of several traces has */
    return g_strdup_printf (ngettext ("%u process", "%u processes", n), n);

  offset = stp_format_duration (ABS (part->offset));
  /* Translators: how many processes one of several traces has, and how
   * far it was moved in time to line its first step up with the others */
  return g_strdup_printf (ngettext ("%u process · moved %s%s", "%u processes · moved %s%s", n),
                          n, part->offset < 0 ? "−" : "+", offset);
}

/* An input of a merged trace: a band across the whole width, in the
 * accent colour, with its label (and how many processes it has). */
static void
draw_part_header (StpFrame     *frame,
                  const StpRow *row)
{
  const StpTracePart *part = &g_array_index (frame->trace->parts, StpTracePart, row->part);
  double y = stp_frame_screen_y (frame, row->y);
  double cy = y + row->height / 2;
  gboolean collapsed = stp_render_layout_get_part_collapsed (frame->layout, row->part);
  g_autofree char *info = NULL;
  double w;

  fill (frame, &frame->style->header_bg, 0, y, frame->view->width, row->height);
  fill (frame, &frame->style->accent, 0, y, 4, row->height);
  fill (frame, &frame->style->accent, 0, y + row->height - 2, frame->view->width, 2);
  draw_expander (frame, 13, cy, collapsed);

  stp_frame_set_color (frame, &frame->style->fg);
  w = stp_text_cache_draw (frame->renderer->bold, frame->cr, row->label, GUTTER_INDENT, cy,
                           frame->view->width - GUTTER_INDENT - 8);
  info = describe_part (frame->trace, part);
  stp_frame_set_color (frame, &frame->style->dim_fg);
  stp_text_cache_draw (frame->renderer->small, frame->cr, info, GUTTER_INDENT + w + 10, cy,
                       frame->view->width - GUTTER_INDENT - w - 18);
}

static void
draw_row_label (StpFrame     *frame,
                const StpRow *row)
{
  double y = stp_frame_screen_y (frame, row->y);
  double cy = y + MIN (row->height, row->slices_y + STP_ROW_SLICE_HEIGHT + STP_ROW_PADDING) / 2;

  if (row->kind == STP_ROW_TRACK)
    {
      const StpTrack *track = stp_trace_get_track (frame->trace, row->track);

      if (track->kind == STP_TRACK_COUNTER)
        {
          double min, max;
          g_autofree char *value = NULL;

          /* Name, and under it the top of the value scale. */
          cy = y + row->height / 2 - 8;
          stp_render_index_get_counter_range (frame->index, row->track, &min, &max);
          value = stp_format_value (max, stp_render_index_is_bytes_counter (frame->index, row->track));
          stp_frame_set_color (frame, &frame->style->dim_fg);
          stp_text_cache_draw (frame->renderer->small, frame->cr, value, GUTTER_INDENT, cy + 17,
                               frame->view->gutter_width - GUTTER_INDENT - 8);
        }
    }

  stp_frame_set_color (frame, row->kind == STP_ROW_OBJECTS ? &frame->style->dim_fg : &frame->style->fg);
  stp_text_cache_draw (frame->renderer->text, frame->cr, row->label, GUTTER_INDENT, cy,
                       frame->view->gutter_width - GUTTER_INDENT - 8);
}

/* Rows [first, end) of those on screen from `top` to `bottom`: their
 * contents clipped to the timeline area, then headers and names. */
static void
draw_row_range (StpFrame *frame,
                guint     first,
                guint     end,
                double    top,
                double    bottom)
{
  const StpRenderView *view = frame->view;
  StpRenderLayout *layout = frame->layout;
  cairo_t *cr = frame->cr;

  cairo_save (cr);
  cairo_rectangle (cr, frame->x_left, top, frame->x_right - frame->x_left, bottom - top);
  cairo_clip (cr);

  for (guint i = first; i < end; i++)
    {
      const StpRow *row = stp_render_layout_get_row (layout, i);
      double y = stp_frame_screen_y (frame, row->y);

      if (y > bottom)
        break;

      frame->stats->rows++;
      if (row->kind != STP_ROW_PROCESS && row->kind != STP_ROW_PART && (i % 2) == 1)
        fill (frame, &frame->style->alt_bg, frame->x_left, y, frame->x_right - frame->x_left, row->height);

      switch (row->kind)
        {
        case STP_ROW_TRACK:
          if (stp_trace_get_track (frame->trace, row->track)->kind == STP_TRACK_COUNTER)
            stp_render_counter (frame, row);
          else
            stp_render_track (frame, row);
          break;
        case STP_ROW_OBJECTS:
          stp_render_objects (frame, row);
          break;
        case STP_ROW_GLOBAL:
          stp_render_global_instants (frame, row);
          break;
        case STP_ROW_PROCESS:
        default:
          break;
        }
    }

  stp_frame_flush (frame);
  cairo_restore (cr);

  /* Headers and names, over everything in their rows. */
  cairo_save (cr);
  cairo_rectangle (cr, 0, top, view->width, bottom - top);
  cairo_clip (cr);
  fill (frame, &frame->style->border, frame->x_left - 1, top, 1, bottom - top);

  for (guint i = first; i < end; i++)
    {
      const StpRow *row = stp_render_layout_get_row (layout, i);

      if (stp_frame_screen_y (frame, row->y) > bottom)
        break;
      if (row->kind == STP_ROW_PROCESS)
        draw_process_header (frame, row, stp_frame_screen_y (frame, row->y));
      else if (row->kind == STP_ROW_PART)
        draw_part_header (frame, row);
      else
        draw_row_label (frame, row);
    }
  cairo_restore (cr);
}

/* Where the rows the scroll moves begin on screen: under the ruler and
 * the pinned band. */
static double
scrolled_top (const StpFrame *frame)
{
  return MIN (frame->y_top + frame->pinned_height, frame->y_bottom);
}

/* The rows the scroll shows, then the pinned ones over them in their
 * band under the ruler, with a line to tell what does not scroll. */
static void
draw_rows (StpFrame *frame)
{
  StpRenderLayout *layout = frame->layout;
  double band = scrolled_top (frame);

  draw_row_range (frame, frame->first_scrolled, stp_render_layout_get_n_rows (layout), band, frame->y_bottom);
  if (frame->n_pinned == 0)
    return;
  draw_row_range (frame, 0, frame->n_pinned, frame->y_top, band);
  fill (frame, &frame->style->accent, 0, band - 2, frame->view->width, 2);
}

/* The header of the process at the top of the scrolled rows, over
 * them, when its own row has scrolled away (see
 * stp_render_layout_get_sticky_header()). */
static void
draw_sticky_header (StpFrame *frame)
{
  double band = scrolled_top (frame);
  double y;
  guint header = stp_render_layout_get_sticky_header (frame->layout, frame->view, &y);

  if (header == STP_INDEX_NONE)
    return;

  cairo_save (frame->cr);
  cairo_rectangle (frame->cr, 0, band, frame->view->width, frame->y_bottom - band);
  cairo_clip (frame->cr);
  draw_process_header (frame, stp_render_layout_get_row (frame->layout, header), y);
  cairo_restore (frame->cr);
}

/* Global instants cross every row. */
static void
draw_global_lines (StpFrame *frame)
{
  GArray *instants = frame->trace->global_instants;
  double last = -1;

  stp_frame_set_color (frame, &frame->style->instant);
  for (guint i = 0; i < instants->len; i++)
    {
      const StpSlice *s = &g_array_index (instants, StpSlice, i);
      double x;

      if (s->ts < frame->t_start)
        continue;
      if (s->ts > frame->t_end)
        break;
      x = floor (stp_render_view_time_to_x (frame->view, s->ts));
      if (x == last)
        continue;
      last = x;
      cairo_rectangle (frame->cr, x, frame->y_top, 1, frame->y_bottom - frame->y_top);
    }
  cairo_fill (frame->cr);
}

static void
draw_grid (StpFrame *frame,
           gint64    step)
{
  const StpRenderView *view = frame->view;
  gint64 rel = frame->t_start - view->origin_ns;
  gint64 first = (rel / step) * step - (rel < 0 && rel % step ? step : 0);

  stp_frame_set_color (frame, &frame->style->border);
  for (gint64 t = first; view->origin_ns + t <= frame->t_end; t += step)
    {
      double x = floor (stp_render_view_time_to_x (view, view->origin_ns + t));

      if (x >= frame->x_left)
        cairo_rectangle (frame->cr, x, frame->y_top, 1, frame->y_bottom - frame->y_top);
    }
  cairo_fill (frame->cr);
}

static void
draw_ruler (StpFrame *frame,
            gint64    step,
            int       n_minor)
{
  const StpRenderView *view = frame->view;
  cairo_t *cr = frame->cr;
  double h = view->ruler_height;
  gint64 rel = frame->t_start - view->origin_ns;
  gint64 first = (rel / step) * step - (rel < 0 && rel % step ? step : 0);
  gint64 minor = MAX (1, step / n_minor);
  gint64 base = 0;

  fill (frame, &frame->style->header_bg, 0, 0, view->width, h);
  fill (frame, &frame->style->border, 0, h - 1, view->width, 1);

  /* Far from the start at a fine zoom, ticks count from a base shown in
   * the gutter, so labels stay short.  Traces side by side say there
   * which clock their times are on. */
  if (llabs (first) / step >= 10000 || frame->trace->parts != NULL)
    {
      g_autofree char *text = NULL;
      const char *clock = NULL;

      if (frame->trace->parts != NULL)
        clock = stp_renderer_describe_clock (frame->trace);
      if (llabs (first) / step >= 10000)
        {
          gint64 coarse = step * 10000;
          g_autofree char *at = NULL;

          base = (first / coarse) * coarse;
          at = stp_format_time (base, coarse / 10);
          text = g_strdup_printf ("%s%s+%s", clock ? clock : "", clock ? " · " : "", at);
        }
      else
        text = g_strdup (clock);
      stp_frame_set_color (frame, &frame->style->dim_fg);
      stp_text_cache_draw (frame->renderer->small, cr, text, 8, h / 2, view->gutter_width - 16);
    }

  cairo_save (cr);
  cairo_rectangle (cr, frame->x_left, 0, frame->x_right - frame->x_left, h);
  cairo_clip (cr);

  stp_frame_set_color (frame, &frame->style->dim_fg);
  for (gint64 t = first; view->origin_ns + t <= frame->t_end + step; t += minor)
    {
      double x = floor (stp_render_view_time_to_x (view, view->origin_ns + t));
      gboolean major = ((t % step) + step) % step == 0;

      cairo_rectangle (cr, x, major ? h - 12 : h - 5, 1, major ? 11 : 4);
    }
  cairo_fill (cr);

  stp_frame_set_color (frame, &frame->style->fg);
  for (gint64 t = first; view->origin_ns + t <= frame->t_end; t += step)
    {
      double x = floor (stp_render_view_time_to_x (view, view->origin_ns + t));
      g_autofree char *text = NULL;

      if (x < frame->x_left)
        continue;
      text = stp_format_time (t - base, step);
      stp_text_cache_draw (frame->renderer->small, cr, text, x + 4, h / 2 - 3,
                           step / view->ns_per_px - 8);
    }

  /* The selected range and its duration. */
  if (view->sel_end > view->sel_start)
    {
      double x0 = MAX (stp_render_view_time_to_x (view, view->sel_start), frame->x_left - 1);
      double x1 = MIN (stp_render_view_time_to_x (view, view->sel_end), frame->x_right + 1);
      g_autofree char *text = stp_format_duration (view->sel_end - view->sel_start);
      double tw = stp_text_cache_measure (frame->renderer->small, text) + 12;
      double cx = (x0 + x1) / 2;

      fill (frame, &frame->style->accent, x0, h - 4, MAX (1, x1 - x0), 3);
      fill (frame, &frame->style->accent, round (cx - tw / 2), 3, round (tw), h - 10);
      cairo_set_source_rgb (cr, 1, 1, 1);
      stp_text_cache_draw (frame->renderer->small, cr, text, round (cx - tw / 2) + 6, 3 + (h - 10) / 2, tw);
    }
  cairo_restore (cr);
}

static void
draw_overlays (StpFrame *frame)
{
  const StpRenderView *view = frame->view;

  if (view->sel_end > view->sel_start)
    {
      double x0 = MAX (stp_render_view_time_to_x (view, view->sel_start), frame->x_left - 1);
      double x1 = MIN (stp_render_view_time_to_x (view, view->sel_end), frame->x_right + 1);

      /* An area tints its own tracks (stp-render-highlight.c). */
      if (x1 > frame->x_left && x0 < frame->x_right &&
          (view->highlights == NULL || view->highlights->area == NULL))
        {
          fill (frame, &frame->style->selection, x0, frame->y_top, x1 - x0, frame->y_bottom - frame->y_top);
          fill (frame, &frame->style->accent, floor (x0), frame->y_top, 1, frame->y_bottom - frame->y_top);
          fill (frame, &frame->style->accent, floor (x1), frame->y_top, 1, frame->y_bottom - frame->y_top);
        }
    }

  if (view->hover_x >= frame->x_left && view->hover_x < frame->x_right && view->hover_y >= 0)
    {
      StpColor line = frame->style->fg;

      line.a = 0.3;
      fill (frame, &line, floor (view->hover_x), frame->y_top, 1, frame->y_bottom - frame->y_top);
    }
}

/* Saves the context and clips it to the timeline's area, right of the
 * names and under the ruler; restore when done. */
static void
clip_to_timeline (StpFrame *frame)
{
  cairo_save (frame->cr);
  cairo_rectangle (frame->cr, frame->x_left, frame->y_top,
                   frame->x_right - frame->x_left, frame->y_bottom - frame->y_top);
  cairo_clip (frame->cr);
}

const gint64 *
stp_frame_column_times (StpFrame *frame)
{
  if (frame->column_ts == NULL)
    {
      guint n_cols = (guint) MAX (0, frame->x_right - frame->x_left);

      frame->column_ts = g_new (gint64, n_cols + 1);
      for (guint c = 0; c <= n_cols; c++)
        frame->column_ts[c] = stp_render_view_x_to_time (frame->view, frame->x_left + c);
    }
  return frame->column_ts;
}

void
stp_render_timeline (StpRenderer         *self,
                     cairo_t             *cr,
                     const StpRenderView *view,
                     StpRenderLayout     *layout)
{
  StpFrame frame = { 0 };
  gint64 step;
  int n_minor;

  g_return_if_fail (self != NULL);
  g_return_if_fail (cr != NULL);
  g_return_if_fail (view != NULL);
  g_return_if_fail (view->ns_per_px > 0);

  memset (&self->stats, 0, sizeof self->stats);
  g_array_set_size (self->drawn_flows, 0);

  frame.renderer = self;
  frame.cr = cr;
  frame.view = view;
  frame.layout = layout;
  frame.style = stp_render_style_get (view->flags & STP_RENDER_DARK);
  frame.stats = &self->stats;
  frame.x_left = view->gutter_width;
  frame.x_right = MAX (view->width, view->gutter_width + 1);
  frame.y_top = view->ruler_height;
  frame.y_bottom = view->height;
  frame.t_start = stp_render_view_x_to_time (view, frame.x_left);
  frame.t_end = stp_render_view_x_to_time (view, frame.x_right);
  memcpy (frame.rects, self->rects, sizeof frame.rects);
  memcpy (frame.tris, self->tris, sizeof frame.tris);
  frame.labels = self->labels;

  cairo_save (cr);
  fill (&frame, &frame.style->window_bg, 0, 0, frame.x_left, view->height);
  fill (&frame, &frame.style->view_bg, frame.x_left, 0, frame.x_right - frame.x_left, view->height);

  step = stp_render_tick_step (view->ns_per_px, 100, &n_minor);

  if (layout != NULL)
    {
      frame.index = stp_render_layout_get_index (layout);
      frame.trace = stp_render_layout_get_trace (layout);
      frame.pinned_height = stp_render_layout_get_pinned_height (layout);
      frame.n_pinned = stp_render_layout_get_n_pinned_rows (layout);
      frame.first_scrolled = stp_render_layout_first_scrolled_row (layout, view);
      if (frame.first_scrolled == STP_INDEX_NONE)
        frame.first_scrolled = stp_render_layout_get_n_rows (layout);

      clip_to_timeline (&frame);
      draw_grid (&frame, step);
      cairo_restore (cr);

      draw_rows (&frame);

      clip_to_timeline (&frame);
      draw_global_lines (&frame);
      if (view->flags & STP_RENDER_SHOW_FLOWS)
        stp_render_flows (&frame);
      stp_render_highlights (&frame);
      cairo_restore (cr);

      draw_sticky_header (&frame);

      clip_to_timeline (&frame);
      draw_overlays (&frame);
      cairo_restore (cr);
    }

  draw_ruler (&frame, step, n_minor);
  stp_render_marker_labels (&frame);
  cairo_restore (cr);
  g_free (frame.column_ts);
}
