/* stp-render-highlight.c: the selection, a selected area and search matches
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Drawn over the frame's content by the one renderer, so an exported
 * image shows them as the window does.  Search matches are found by a
 * binary search in their time order (looking back by the longest match,
 * for those that started off screen) and thinned to one mark per pixel
 * column and row, so a frame costs what is visible, not the match count.
 */

#define G_LOG_DOMAIN "stp-render-highlight"

#include "stp-render-private.h"

#include <math.h>

#define MAX_MATCH_MARKS 20000

/* The first row of a process's objects. */
static const StpRow *
objects_row (StpFrame *frame,
             guint32   process)
{
  guint ri = stp_render_layout_find_process_row (frame->layout, process);
  guint n = stp_render_layout_get_n_rows (frame->layout);

  if (ri == STP_INDEX_NONE || stp_render_layout_get_collapsed (frame->layout, process))
    return ri != STP_INDEX_NONE ? stp_render_layout_get_row (frame->layout, ri) : NULL;

  for (guint i = ri + 1; i < n; i++)
    {
      const StpRow *row = stp_render_layout_get_row (frame->layout, i);

      if (row->process != process)
        break;
      if (row->kind == STP_ROW_OBJECTS)
        return row;
    }
  return NULL;
}

static const StpRow *
global_row (StpFrame *frame)
{
  const StpRow *row;

  if (stp_render_layout_get_n_rows (frame->layout) == 0)
    return NULL;
  row = stp_render_layout_get_row (frame->layout, 0);
  return row->kind == STP_ROW_GLOBAL ? row : NULL;
}

/* Where an item is drawn, on screen: a rectangle for slices and objects,
 * a marker box for instants and counters.  FALSE if it has no row. */
static gboolean
item_rect (StpFrame         *frame,
           const StpItemRef *ref,
           StpRect          *rect,
           gboolean         *is_marker)
{
  StpTrace *trace = frame->trace;
  const StpRenderView *view = frame->view;
  const StpSlice *s = stp_item_get_slice (trace, ref);
  const StpRow *row = NULL;
  gint64 start, end;
  double x0, x1;

  *is_marker = FALSE;
  if (!stp_item_get_range (trace, ref, &start, &end))
    return FALSE;

  if (ref->kind == STP_ITEM_GLOBAL_INSTANT)
    row = global_row (frame);
  else if (ref->kind == STP_ITEM_OBJECT)
    row = objects_row (frame, g_array_index (trace->objects, StpObject, ref->index).process);
  else if (ref->track != STP_INDEX_NONE)
    {
      guint ri = stp_render_layout_get_track_display_row (frame->layout, ref->track);

      row = ri != STP_INDEX_NONE ? stp_render_layout_get_row (frame->layout, ri) : NULL;
    }
  if (row == NULL)
    return FALSE;

  x0 = stp_render_view_time_to_x (view, start);
  x1 = stp_render_view_time_to_x (view, end);

  /* In a collapsed process or input, a mark on its header. */
  if (row->kind == STP_ROW_PROCESS || row->kind == STP_ROW_PART)
    {
      *rect = (StpRect) { x0, stp_frame_screen_y (frame, row->y) + 5, MAX (x1 - x0, 2), row->height - 10 };
      *is_marker = s == NULL || s->dur <= 0;
      return TRUE;
    }

  switch (ref->kind)
    {
    case STP_ITEM_SLICE:
      if (stp_trace_get_track (trace, ref->track)->kind == STP_TRACK_INSTANTS)
        {
          *rect = (StpRect) { x0 - STP_ROW_INSTANT_STRIP / 2.0, stp_frame_screen_y (frame, row->y) + row->slices_y,
                              STP_ROW_INSTANT_STRIP, STP_ROW_INSTANT_STRIP };
          *is_marker = TRUE;
        }
      else
        *rect = (StpRect) { x0, stp_frame_screen_y (frame, stp_render_layout_depth_y (row, s->depth)),
                            x1 - x0, STP_ROW_SLICE_HEIGHT - 1 };
      return TRUE;

    case STP_ITEM_INSTANT:
      *rect = (StpRect) { x0 - (STP_ROW_INSTANT_STRIP - 2) / 2.0, stp_frame_screen_y (frame, row->y) + STP_ROW_PADDING,
                          STP_ROW_INSTANT_STRIP - 2, STP_ROW_INSTANT_STRIP - 2 };
      *is_marker = TRUE;
      return TRUE;

    case STP_ITEM_GLOBAL_INSTANT:
      *rect = (StpRect) { x0 - 8, stp_frame_screen_y (frame, row->y) + row->slices_y,
                          16, STP_ROW_GLOBAL_HEIGHT - 2 * STP_ROW_PADDING };
      *is_marker = TRUE;
      return TRUE;

    case STP_ITEM_OBJECT:
      {
        const StpObject *o = &g_array_index (trace->objects, StpObject, ref->index);
        double h = MAX (1, row->lane_height - (row->lane_height > 4 ? 2 : 0));

        *rect = (StpRect) { x0, stp_frame_screen_y (frame, row->y) + row->slices_y + o->lane * row->lane_height,
                            x1 - x0, h };
        return TRUE;
      }

    case STP_ITEM_COUNTER:
      *rect = (StpRect) { x0, stp_frame_screen_y (frame, row->y), 0, row->height };
      *is_marker = TRUE;
      return TRUE;

    case STP_ITEM_NONE:
    case STP_ITEM_FLOW:
    default:
      return FALSE;
    }
}

static void
outline (cairo_t       *cr,
         const StpRect *r,
         double         width)
{
  double x0 = floor (r->x), x1 = ceil (r->x + MAX (r->w, 1));
  double y0 = floor (r->y), y1 = ceil (r->y + r->h);

  cairo_set_line_width (cr, width);
  cairo_rectangle (cr, x0 - width / 2, y0 - width / 2, x1 - x0 + width, y1 - y0 + width);
  cairo_stroke (cr);
}

static void
draw_area (StpFrame      *frame,
           const StpArea *area)
{
  const StpRenderView *view = frame->view;
  guint n_rows = stp_render_layout_get_n_rows (frame->layout);
  double x0 = MAX (stp_render_view_time_to_x (view, area->start), frame->x_left - 1);
  double x1 = MIN (stp_render_view_time_to_x (view, area->end), frame->x_right + 1);
  double top = G_MAXDOUBLE, bottom = -G_MAXDOUBLE;

  if (x1 < frame->x_left || x0 > frame->x_right)
    return;
  x1 = MAX (x1, x0 + 1);

  stp_frame_set_color (frame, &frame->style->area);
  for (guint i = stp_frame_first_row (frame); i < n_rows; i = stp_frame_next_row (frame, i))
    {
      const StpRow *row = stp_render_layout_get_row (frame->layout, i);
      double y = stp_frame_screen_y (frame, row->y);
      gboolean in = FALSE;

      if (y > frame->y_bottom)
        break;

      if (row->kind == STP_ROW_TRACK)
        in = stp_area_has_track (area, row->track);
      else if ((row->kind == STP_ROW_PROCESS && stp_render_layout_get_collapsed (frame->layout, row->process)) ||
               (row->kind == STP_ROW_PART && stp_render_layout_get_part_collapsed (frame->layout, row->part)))
        {
          g_autoptr(GArray) tracks = stp_render_layout_dup_folded_tracks (frame->layout, i);

          for (guint j = 0; !in && j < tracks->len; j++)
            in = stp_area_has_track (area, g_array_index (tracks, guint32, j));
        }

      if (!in)
        continue;
      cairo_rectangle (frame->cr, x0, y, x1 - x0, row->height);
      top = MIN (top, y);
      bottom = MAX (bottom, y + row->height);
    }
  cairo_fill (frame->cr);

  if (top < bottom)
    {
      stp_frame_set_color (frame, &frame->style->accent);
      cairo_rectangle (frame->cr, floor (x0), top, 1, bottom - top);
      cairo_rectangle (frame->cr, floor (x1), top, 1, bottom - top);
      cairo_fill (frame->cr);
    }
}

static void
draw_matches (StpFrame       *frame,
              GArray         *matches,
              gint64          max_dur,
              const StpColor *color)
{
  g_autoptr(GHashTable) last_col = g_hash_table_new (NULL, NULL);
  gint64 from = frame->t_start - MAX (max_dur, 0);
  guint lo = 0, hi = matches->len, drawn = 0;
  cairo_t *cr = frame->cr;

  if (from > frame->t_start)   /* overflow */
    from = G_MININT64;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (matches, StpItemRef, mid).ts < from)
        lo = mid + 1;
      else
        hi = mid;
    }

  stp_frame_set_color (frame, color);
  for (guint i = lo; i < matches->len && drawn < MAX_MATCH_MARKS; i++)
    {
      const StpItemRef *ref = &g_array_index (matches, StpItemRef, i);
      StpRect r;
      gboolean marker;
      gpointer key, value;
      double col;

      if (ref->ts > frame->t_end)
        break;
      if (!item_rect (frame, ref, &r, &marker))
        continue;
      if (r.x + r.w < frame->x_left || r.y > frame->y_bottom || r.y + r.h < frame->y_top)
        continue;

      /* One mark per pixel column per row. */
      key = GINT_TO_POINTER ((int) floor (r.y) + 1);
      col = CLAMP (floor (r.x), frame->x_left - 4, frame->x_right + 4);
      if (r.w < 3 && g_hash_table_lookup_extended (last_col, key, NULL, &value) &&
          col <= GPOINTER_TO_INT (value))
        continue;
      g_hash_table_insert (last_col, key,
                           GINT_TO_POINTER ((int) CLAMP (floor (r.x + MAX (r.w, 1)), frame->x_left - 4, frame->x_right + 4)));

      if (r.w < 3)
        {
          /* Too narrow for an outline: a bar across the row. */
          cairo_rectangle (cr, col - 1, r.y - 1, 3, r.h + 2);
          cairo_fill (cr);
        }
      else
        outline (cr, &r, 2);
      drawn++;
    }
}

static void
draw_selected (StpFrame         *frame,
               const StpItemRef *ref)
{
  cairo_t *cr = frame->cr;
  StpRect r;
  gboolean marker;

  if (ref->kind == STP_ITEM_NONE || ref->kind == STP_ITEM_FLOW || !item_rect (frame, ref, &r, &marker))
    return;

  if (ref->kind == STP_ITEM_COUNTER)
    {
      guint ri = stp_render_layout_get_track_display_row (frame->layout, ref->track);
      const StpRow *row = stp_render_layout_get_row (frame->layout, ri);
      const StpTrack *track = stp_trace_get_track (frame->trace, ref->track);
      double x = round (r.x) + 0.5, total = 0;
      gboolean any = FALSE;

      stp_frame_set_color (frame, &frame->style->accent);
      cairo_set_line_width (cr, 1.5);
      cairo_move_to (cr, x, r.y + 2);
      cairo_line_to (cr, x, r.y + r.h - 2);
      cairo_stroke (cr);

      if (row->kind != STP_ROW_TRACK)
        return;
      for (guint i = 0; track->series != NULL && i < track->series->len; i++)
        {
          double value;

          if (stp_counter_series_value_at (g_ptr_array_index (track->series, i), ref->ts, &value, NULL))
            {
              total += value;
              any = TRUE;
            }
        }
      if (!any)
        return;
      stp_frame_set_color (frame, &frame->style->view_bg);
      cairo_arc (cr, x, stp_render_counter_value_y (frame, row, total), 5.5, 0, 2 * G_PI);
      cairo_fill (cr);
      stp_frame_set_color (frame, &frame->style->accent);
      cairo_arc (cr, x, stp_render_counter_value_y (frame, row, total), 4, 0, 2 * G_PI);
      cairo_fill (cr);
      return;
    }

  /* A halo, then the accent: readable on any slice colour. */
  if (marker && r.w < 3)
    {
      r.x -= 3;
      r.w = 6;
    }
  stp_frame_set_color (frame, &frame->style->view_bg);
  outline (cr, &r, 5);
  stp_frame_set_color (frame, &frame->style->accent);
  outline (cr, &r, 2.5);
}

/* Markers: a tinted band across every row (a line for an instant),
 * drawn under the selection. */
static void
draw_markers (StpFrame                  *frame,
              const StpRenderHighlights *h)
{
  StpColor band = frame->style->accent, edge = frame->style->accent;

  band.a = 0.10;
  edge.a = 0.7;
  for (guint i = 0; i < h->n_markers; i++)
    {
      const StpRenderMarker *m = &h->markers[i];
      double x0, x1;

      if (m->end < frame->t_start || m->start > frame->t_end)
        continue;
      x0 = floor (MAX (stp_render_view_time_to_x (frame->view, m->start), frame->x_left - 1));
      x1 = floor (MIN (stp_render_view_time_to_x (frame->view, m->end), frame->x_right + 1));
      if (x1 > x0 + 1)
        {
          stp_frame_set_color (frame, &band);
          cairo_rectangle (frame->cr, x0, frame->y_top, x1 - x0, frame->y_bottom - frame->y_top);
          cairo_fill (frame->cr);
        }
      stp_frame_set_color (frame, &edge);
      cairo_rectangle (frame->cr, x0, frame->y_top, 1, frame->y_bottom - frame->y_top);
      if (x1 > x0 + 1)
        cairo_rectangle (frame->cr, x1, frame->y_top, 1, frame->y_bottom - frame->y_top);
      cairo_fill (frame->cr);
    }
}

/* Each marker's label in a tab on the ruler, at its start. */
void
stp_render_marker_labels (StpFrame *frame)
{
  const StpRenderHighlights *h = frame->view->highlights;
  /* Under the tick labels, over the ticks: a flag on the time axis. */
  double height = 13, top = frame->view->ruler_height - height - 1;

  if (h == NULL || h->n_markers == 0)
    return;

  cairo_save (frame->cr);
  cairo_rectangle (frame->cr, frame->x_left, 0, frame->x_right - frame->x_left, frame->view->ruler_height);
  cairo_clip (frame->cr);
  for (guint i = 0; i < h->n_markers; i++)
    {
      const StpRenderMarker *m = &h->markers[i];
      double x = floor (stp_render_view_time_to_x (frame->view, m->start));
      double w;

      if (m->end < frame->t_start || m->start > frame->t_end || m->label == NULL)
        continue;
      x = MAX (x, frame->x_left);
      w = MIN (stp_text_cache_measure (frame->renderer->small, m->label) + 8, 200);
      stp_frame_set_color (frame, &frame->style->accent);
      cairo_rectangle (frame->cr, x, top, w, height);
      cairo_fill (frame->cr);
      cairo_set_source_rgb (frame->cr, 1, 1, 1);
      stp_text_cache_draw (frame->renderer->small, frame->cr, m->label, x + 4, top + height / 2, w - 8);
    }
  cairo_restore (frame->cr);
}

void
stp_render_highlights (StpFrame *frame)
{
  const StpRenderHighlights *h = frame->view->highlights;

  if (h == NULL)
    return;

  cairo_save (frame->cr);
  cairo_rectangle (frame->cr, frame->x_left, frame->y_top, frame->x_right - frame->x_left, frame->y_bottom - frame->y_top);
  cairo_clip (frame->cr);

  if (h->n_markers > 0)
    draw_markers (frame, h);
  if (h->area != NULL)
    draw_area (frame, h->area);
  if (h->matches != NULL && h->matches->len > 0)
    draw_matches (frame, h->matches, h->matches_max_dur, &frame->style->match);
  if (h->marked != NULL && h->marked->len > 0)
    draw_matches (frame, h->marked, h->marked_max_dur, &frame->style->accent);
  if (h->n_flows > 0)
    stp_render_emphasised_flows (frame, h->flows, h->n_flows);
  draw_selected (frame, &h->selected);
  for (guint i = 0; h->selected_set != NULL && i < h->selected_set->len; i++)
    draw_selected (frame, &g_array_index (h->selected_set, StpItemRef, i));

  cairo_restore (frame->cr);
}
