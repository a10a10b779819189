/* stp-timeline-selection.c: what the user picks on the timeline canvas
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One item (a slice, instant, object, counter sample or flow) or one area
 * (a time range over the tracks a Shift-drag spans) is selected at a
 * time.  A click takes what is under the pointer; a flow arrow only where
 * it passes over empty space (an arrow ends on a slice, and the slice is
 * what people click there).  Both are references into the model, so they survive zooming,
 * scrolling and collapsing; the renderer draws them (and search matches)
 * from the StpRenderHighlights filled here for every frame.
 *
 * The session holds the selection for every other widget: what is picked
 * here is published to it, and what another widget sets there is taken
 * up here (without moving the view: selecting here is what reveals).
 */

#define G_LOG_DOMAIN "stp-timeline-selection"

#include "config.h"

#include <glib/gi18n.h>
#include <math.h>

#include "stp-timeline-view-private.h"

#define FLOW_TOLERANCE_PX  4.0
#define MIN_AREA_DRAG_PX   3.0
/* Zooming to an item shows it over this share of the width. */
#define ZOOM_ITEM_SHARE    0.4
#define MIN_ZOOM_SPAN_NS   1000


static void
update_actions (StpTimelineView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  gboolean item = self->selected.kind != STP_ITEM_NONE;
  gboolean any = item || self->area != NULL || self->sel_end > self->sel_start;
  gboolean arrows = self->index != NULL;

  /* With a trace shown the arrows are the timeline's: they step from
   * the selection, or (with none) select the first slice in view, and
   * where there is nowhere to go a bell rings.  Disabled, they would go
   * on to GTK, which moves the focus out of the timeline. */
  gtk_widget_action_set_enabled (widget, "timeline.select-previous", arrows);
  gtk_widget_action_set_enabled (widget, "timeline.select-next", arrows);
  gtk_widget_action_set_enabled (widget, "timeline.select-parent", arrows);
  gtk_widget_action_set_enabled (widget, "timeline.select-child", arrows);
  gtk_widget_action_set_enabled (widget, "timeline.clear-selection", any);
  gtk_widget_action_set_enabled (widget, "timeline.fit-selection", any);
}

/* The selection as it is now, told to the session.  The view's state is
 * complete before the first notification, so its own handlers (which
 * compare) find nothing to do. */
static void
publish (StpTimelineView *self)
{
  if (self->session == NULL)
    return;
  stp_session_set_selected_item (self->session, &self->selected);
  stp_session_set_selected_area (self->session, self->area);
  stp_session_set_selected_range (self->session, self->sel_start, self->sel_end);
  stp_session_set_selected_items (self->session, self->selected_set);
  stp_session_set_marked (self->session, self->marked);
}

static void
changed (StpTimelineView *self)
{
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  publish (self);
}

/* A slice's incoming and outgoing flows, from the index (no walk over
 * every flow: a trace can hold hundreds of thousands). */
static void
slice_flows (StpTimelineView  *self,
             const StpItemRef *item,
             GArray           *out)
{
  g_array_set_size (out, 0);
  if (self->index != NULL && item->kind == STP_ITEM_SLICE)
    stp_flow_index_slice_flows (stp_render_index_get_flows (self->index), item->track, item->index, out);
}

/* The flows drawn emphasised: a slice's incoming and outgoing ones, or
 * the selected flow itself. */
static void
update_flows (StpTimelineView *self)
{
  g_array_set_size (self->sel_flows, 0);
  if (stp_timeline_view_get_shown_trace (self) == NULL)
    return;

  if (self->selected.kind == STP_ITEM_FLOW)
    g_array_append_val (self->sel_flows, self->selected.index);
  else
    slice_flows (self, &self->selected, self->sel_flows);
}

/* The slice under the pointer, whose flows are drawn while arrows are
 * shown. */
void
stp_timeline_view_update_hover (StpTimelineView *self)
{
  StpItemRef item = STP_ITEM_REF_NONE;
  StpRenderView view;
  StpHit hit;

  if (self->layout != NULL && self->hover_x >= 0)
    {
      stp_timeline_view_fill_view (self, &view);
      if (stp_render_layout_hit_test (self->layout, &view, self->hover_x, self->hover_y, &hit) &&
          hit.kind == STP_HIT_SLICE)
        item = stp_item_ref_slice (hit.track, hit.index);
    }

  if (item.kind == self->hover_item.kind && item.track == self->hover_item.track &&
      item.index == self->hover_item.index)
    return;

  self->hover_item = item;
  slice_flows (self, &item, self->hover_flows);
}

void
stp_timeline_view_fill_highlights (StpTimelineView *self,
                                   StpRenderView   *view)
{
  StpRenderHighlights *h = &self->highlights;

  h->selected = self->selected;
  h->selected_set = self->selected_set;
  h->area = self->area;
  h->flows = (const guint32 *) self->sel_flows->data;
  h->n_flows = self->sel_flows->len;
  h->hover_flows = (const guint32 *) self->hover_flows->data;
  h->n_hover_flows = self->hover_flows->len;
  h->matches = self->matches;
  h->matches_max_dur = self->matches_max_dur;
  h->marked = self->marked;
  h->marked_max_dur = self->marked_max_dur;
  if (self->session != NULL)
    {
      GArray *markers = stp_session_get_markers (self->session);

      h->markers = (const StpRenderMarker *) markers->data;
      h->n_markers = markers->len;
    }
  view->highlights = h;
}

/* ------------------------------------------------------------------ */
/* Selecting                                                           */

static gboolean
clear_quietly (StpTimelineView *self)
{
  gboolean had = self->selected.kind != STP_ITEM_NONE || self->area != NULL ||
                 self->sel_end > self->sel_start || self->marked != NULL || self->selected_set != NULL;

  self->selected = STP_ITEM_REF_NONE;
  g_clear_pointer (&self->selected_set, g_array_unref);
  g_clear_pointer (&self->area, stp_area_free);
  g_clear_pointer (&self->marked, g_array_unref);
  self->sel_start = self->sel_end = 0;
  g_array_set_size (self->sel_flows, 0);
  return had;
}

void
stp_timeline_view_clear_selection (StpTimelineView *self)
{
  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));

  if (clear_quietly (self))
    changed (self);
}

void
stp_timeline_view_select_item (StpTimelineView  *self,
                               const StpItemRef *item,
                               StpRevealFlags    reveal)
{
  StpTrace *trace;

  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));

  trace = stp_timeline_view_get_shown_trace (self);
  if (item == NULL || item->kind == STP_ITEM_NONE || trace == NULL ||
      !stp_item_ref_is_valid (trace, item))
    {
      stp_timeline_view_clear_selection (self);
      return;
    }

  clear_quietly (self);
  self->selected = *item;
  update_flows (self);
  if (reveal != STP_REVEAL_NONE)
    stp_timeline_view_reveal_item (self, item, reveal);
  changed (self);
}

/* Ctrl+click: the slice joins the selection, or leaves it if it was in
 * it.  One slice left is an ordinary selection; none, nothing. */
void
stp_timeline_view_toggle_item (StpTimelineView  *self,
                               const StpItemRef *item)
{
  g_autoptr(GArray) set = g_array_new (FALSE, FALSE, sizeof (StpItemRef));
  StpTrace *trace;
  gboolean removed = FALSE;

  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));

  trace = stp_timeline_view_get_shown_trace (self);
  if (trace == NULL || item->kind != STP_ITEM_SLICE || !stp_item_ref_is_valid (trace, item))
    return;

  if (self->selected_set != NULL)
    {
      for (guint i = 0; i < self->selected_set->len; i++)
        {
          const StpItemRef *r = &g_array_index (self->selected_set, StpItemRef, i);

          if (stp_item_ref_equal (r, item))
            removed = TRUE;
          else
            g_array_append_val (set, *r);
        }
    }
  else if (self->selected.kind == STP_ITEM_SLICE)
    {
      if (stp_item_ref_equal (&self->selected, item))
        removed = TRUE;
      else
        g_array_append_val (set, self->selected);
    }
  if (!removed)
    g_array_append_val (set, *item);

  if (set->len == 0)
    stp_timeline_view_clear_selection (self);
  else if (set->len == 1)
    stp_timeline_view_select_item (self, &g_array_index (set, StpItemRef, 0), STP_REVEAL_NONE);
  else
    {
      clear_quietly (self);
      self->selected_set = g_steal_pointer (&set);
      changed (self);
    }
}

const StpItemRef *
stp_timeline_view_get_selected_item (StpTimelineView *self)
{
  g_return_val_if_fail (STP_IS_TIMELINE_VIEW (self), NULL);
  return &self->selected;
}

void
stp_timeline_view_select_area (StpTimelineView *self,
                               const StpArea   *area)
{
  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));

  if (area == NULL)
    {
      stp_timeline_view_clear_selection (self);
      return;
    }

  clear_quietly (self);
  self->area = stp_area_copy (area);
  self->sel_start = area->start;
  self->sel_end = area->end;
  changed (self);
}

const StpArea *
stp_timeline_view_get_area (StpTimelineView *self)
{
  g_return_val_if_fail (STP_IS_TIMELINE_VIEW (self), NULL);
  return self->area;
}

static gint64
max_duration (StpTrace *trace,
              GArray   *refs)
{
  gint64 longest = 0;

  for (guint i = 0; refs != NULL && i < refs->len; i++)
    {
      const StpSlice *s = stp_item_get_slice (trace, &g_array_index (refs, StpItemRef, i));

      if (s != NULL)
        longest = MAX (longest, s->dur);
    }
  return longest;
}

/* The search's matches, drawn marked. */
static void
on_matches_changed (StpTimelineView *self)
{
  GArray *matches = stp_session_get_matches (self->session, &self->matches_max_dur);

  if (matches != NULL)
    g_array_ref (matches);
  g_clear_pointer (&self->matches, g_array_unref);
  self->matches = matches;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Another widget set what to show (the timeline's own changes come back
 * here equal, and stop). */
static void
on_visible_range_changed (StpTimelineView *self)
{
  const StpTimeRange *range = stp_session_get_visible_range (self->session);
  gint64 start, end;

  stp_timeline_view_get_visible_range (self, &start, &end);
  if (range != NULL && (range->start != start || range->end != end))
    stp_timeline_view_set_visible_range (self, range->start, range->end);
}

GArray *
stp_timeline_view_get_marked (StpTimelineView *self)
{
  g_return_val_if_fail (STP_IS_TIMELINE_VIEW (self), NULL);
  return self->marked;
}

static void
on_marked_changed (StpTimelineView *self)
{
  GArray *marked = stp_session_get_marked (self->session);
  StpTrace *trace = stp_timeline_view_get_shown_trace (self);

  if (marked == self->marked)
    return;
  if (marked != NULL)
    g_array_ref (marked);
  g_clear_pointer (&self->marked, g_array_unref);
  self->marked = marked;
  self->marked_max_dur = trace != NULL ? max_duration (trace, marked) : 0;
  update_actions (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_selected_item_changed (StpTimelineView *self)
{
  const StpItemRef *item = stp_session_get_selected_item (self->session);

  if (!stp_item_ref_equal (item, &self->selected))
    stp_timeline_view_select_item (self, item, STP_REVEAL_NONE);
}

static void
on_selected_range_changed (StpTimelineView *self)
{
  const StpTimeRange *range = stp_session_get_selected_range (self->session);

  if (range != NULL)
    stp_timeline_view_set_selection (self, range->start, range->end);
  else if (self->sel_end > self->sel_start && self->area == NULL)
    stp_timeline_view_set_selection (self, 0, 0);
}

static void
on_selected_items_changed (StpTimelineView *self)
{
  GArray *items = stp_session_get_selected_items (self->session);

  if (items == self->selected_set)
    return;
  if (items == NULL)
    {
      stp_timeline_view_clear_selection (self);
      return;
    }
  clear_quietly (self);
  self->selected_set = g_array_ref (items);
  changed (self);
}

static void
on_selected_area_changed (StpTimelineView *self)
{
  const StpArea *area = stp_session_get_selected_area (self->session);

  if (stp_area_equal (area, self->area))
    return;
  if (area != NULL)
    stp_timeline_view_select_area (self, area);
  else if (self->area != NULL)
    stp_timeline_view_clear_selection (self);
}

void
stp_timeline_view_watch_session (StpTimelineView *self)
{
  g_signal_connect_object (self->session, "notify::selected-item",
                           G_CALLBACK (on_selected_item_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::selected-area",
                           G_CALLBACK (on_selected_area_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::selected-range",
                           G_CALLBACK (on_selected_range_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::selected-items",
                           G_CALLBACK (on_selected_items_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::markers",
                           G_CALLBACK (gtk_widget_queue_draw), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::marked",
                           G_CALLBACK (on_marked_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::matches",
                           G_CALLBACK (on_matches_changed), self, G_CONNECT_SWAPPED);
  g_signal_connect_object (self->session, "notify::visible-range",
                           G_CALLBACK (on_visible_range_changed), self, G_CONNECT_SWAPPED);
}

void
stp_timeline_view_trace_changed (StpTimelineView *self,
                                 gboolean         keep)
{
  gboolean had = clear_quietly (self);

  self->hover_item = STP_ITEM_REF_NONE;
  g_array_set_size (self->hover_flows, 0);
  g_clear_pointer (&self->matches, g_array_unref);
  self->matches_max_dur = 0;
  update_actions (self);
  if (had)
    publish (self);
}

void
stp_timeline_view_range_changed (StpTimelineView *self)
{
  publish (self);
}

/* ------------------------------------------------------------------ */
/* Bringing an item into view                                          */

static guint32
item_process (StpTrace         *trace,
              const StpItemRef *item)
{
  guint32 track = stp_item_get_track (item);

  if (item->kind == STP_ITEM_OBJECT)
    return g_array_index (trace->objects, StpObject, item->index).process;
  if (item->kind == STP_ITEM_FLOW)
    {
      StpItemRef src = stp_flow_end_ref (&g_array_index (trace->flows, StpFlow, item->index).src);

      track = stp_item_get_track (&src);
    }
  return track != STP_INDEX_NONE ? stp_trace_get_track (trace, track)->process : STP_INDEX_NONE;
}

/* Content y and height of the item's row part. */
static gboolean
item_rows (StpTimelineView  *self,
           const StpItemRef *item,
           double           *y,
           double           *height)
{
  StpTrace *trace = stp_timeline_view_get_shown_trace (self);
  const StpSlice *s = stp_item_get_slice (trace, item);
  guint32 track = stp_item_get_track (item);
  const StpRow *row = NULL;
  guint ri = STP_INDEX_NONE;

  if (item->kind == STP_ITEM_FLOW)
    {
      StpItemRef src = stp_flow_end_ref (&g_array_index (trace->flows, StpFlow, item->index).src);

      track = stp_item_get_track (&src);
      s = stp_item_get_slice (trace, &src);
    }

  if (track != STP_INDEX_NONE)
    ri = stp_render_layout_get_track_display_row (self->layout, track);
  else if (item->kind == STP_ITEM_OBJECT)
    {
      guint32 process = item_process (trace, item);
      guint n = stp_render_layout_get_n_rows (self->layout);

      ri = stp_render_layout_find_process_row (self->layout, process);
      for (guint i = ri == STP_INDEX_NONE ? n : ri + 1; i < n; i++)
        {
          const StpRow *r = stp_render_layout_get_row (self->layout, i);

          if (r->process != process)
            break;
          if (r->kind == STP_ROW_OBJECTS)
            {
              ri = i;
              break;
            }
        }
    }
  else if (stp_render_layout_get_n_rows (self->layout) > 0)
    ri = 0;

  if (ri == STP_INDEX_NONE)
    return FALSE;
  row = stp_render_layout_get_row (self->layout, ri);

  *y = row->y;
  *height = row->height;
  if (row->kind == STP_ROW_TRACK && s != NULL && stp_trace_get_track (trace, track)->kind != STP_TRACK_INSTANTS &&
      item->kind != STP_ITEM_INSTANT)
    {
      *y = stp_render_layout_depth_y (row, s->depth);
      *height = STP_ROW_SLICE_HEIGHT;
    }
  else if (row->kind == STP_ROW_OBJECTS)
    {
      const StpObject *o = &g_array_index (trace->objects, StpObject, item->index);

      *y = row->y + row->slices_y + o->lane * row->lane_height;
      *height = MAX (row->lane_height, 2);
    }
  return TRUE;
}

void
stp_timeline_view_reveal_item (StpTimelineView  *self,
                               const StpItemRef *item,
                               StpRevealFlags    reveal)
{
  StpTrace *trace;
  gint64 start, end, view_start, view_end, span;
  double y, height;

  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));
  g_return_if_fail (item != NULL);

  trace = stp_timeline_view_get_shown_trace (self);
  if (trace == NULL || !stp_item_get_range (trace, item, &start, &end))
    return;

  if (reveal & STP_REVEAL_SCROLL)
    {
      guint32 process = item_process (trace, item);

      if (process != STP_INDEX_NONE && stp_render_layout_get_hidden (self->layout, process))
        stp_timeline_view_set_process_hidden (self, process, FALSE);
      if (process != STP_INDEX_NONE && stp_render_layout_get_collapsed (self->layout, process))
        stp_timeline_view_toggle_process (self, process);
    }

  /* Time */
  stp_timeline_view_get_visible_range (self, &view_start, &view_end);
  span = view_end - view_start;
  if (reveal & STP_REVEAL_ZOOM)
    {
      gint64 want = MAX ((gint64) ((end - start) / ZOOM_ITEM_SHARE), MIN_ZOOM_SPAN_NS);
      gint64 middle = start + (end - start) / 2;

      stp_timeline_view_set_visible_range (self, middle - want / 2, middle - want / 2 + want);
    }
  else if (end > view_end || start < view_start)
    {
      if (end - start > span * 0.9)
        stp_timeline_view_set_view (self, start - span / 20, self->ns_per_px);
      else
        stp_timeline_view_set_view (self, start + (end - start) / 2 - span / 2, self->ns_per_px);
    }

  /* Rows: a pinned one is always in sight; the others scroll under the
   * pinned band, which the scroll value does not count, and under the
   * header of the process at the top (stp_render_layout_get_sticky_header()). */
  if (self->vadjustment != NULL && item_rows (self, item, &y, &height) &&
      y >= stp_render_layout_get_pinned_height (self->layout))
    {
      double value = gtk_adjustment_get_value (self->vadjustment);
      double page = gtk_adjustment_get_page_size (self->vadjustment);

      y -= stp_render_layout_get_pinned_height (self->layout);
      if (y < value + STP_ROW_PROCESS_HEIGHT || y + height > value + page)
        gtk_adjustment_set_value (self->vadjustment, MAX (0, y - page / 3));
    }

  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
stp_timeline_view_get_item_point (StpTimelineView  *self,
                                  const StpItemRef *item,
                                  double           *x,
                                  double           *y)
{
  StpTrace *trace;
  StpRenderView view;
  gint64 start, end;
  double row_y, height, x0, x1;

  g_return_val_if_fail (STP_IS_TIMELINE_VIEW (self), FALSE);
  g_return_val_if_fail (item != NULL, FALSE);

  trace = stp_timeline_view_get_shown_trace (self);
  if (trace == NULL || !stp_item_get_range (trace, item, &start, &end) ||
      !item_rows (self, item, &row_y, &height))
    return FALSE;

  stp_timeline_view_fill_view (self, &view);

  if (item->kind == STP_ITEM_FLOW)
    {
      double fx0, fy0, fx1, fy1;

      if (!stp_render_flow_points (self->layout, &view, &g_array_index (trace->flows, StpFlow, item->index),
                                   &fx0, &fy0, &fx1, &fy1))
        return FALSE;
      *x = (fx0 + fx1) / 2;
      *y = (stp_render_layout_screen_y (self->layout, &view, fy0) +
            stp_render_layout_screen_y (self->layout, &view, fy1)) / 2;
    }
  else
    {
      x0 = MAX (stp_render_view_time_to_x (&view, start), view.gutter_width);
      x1 = MIN (stp_render_view_time_to_x (&view, end), view.width - 1);
      *x = (x0 + x1) / 2;
      *y = stp_render_layout_screen_y (self->layout, &view, row_y + height / 2);
      if (item->kind == STP_ITEM_INSTANT)
        *y = stp_render_layout_screen_y (self->layout, &view,
                                         row_y + STP_ROW_PADDING + (STP_ROW_INSTANT_STRIP - 2) / 2.0);
    }

  return *x >= view.gutter_width && *x < view.width && *y >= view.ruler_height && *y < view.height;
}

/* ------------------------------------------------------------------ */
/* Clicks and areas                                                    */

void
stp_timeline_view_click (StpTimelineView *self,
                         int              n_press,
                         double           x,
                         double           y)
{
  StpTrace *trace = stp_timeline_view_get_shown_trace (self);
  StpRenderView view;
  StpItemRef item = STP_ITEM_REF_NONE;
  StpHit hit;

  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));

  if (trace == NULL)
    return;

  stp_timeline_view_fill_view (self, &view);

  if (stp_render_layout_hit_test (self->layout, &view, x, y, &hit))
    {
      switch (hit.kind)
        {
        case STP_HIT_SLICE:
          item = stp_item_ref_slice (hit.track, hit.index);
          break;
        case STP_HIT_INSTANT:
          if (stp_trace_get_track (trace, hit.track)->kind == STP_TRACK_INSTANTS)
            item = stp_item_ref_slice (hit.track, hit.index);
          else
            item = (StpItemRef) { STP_ITEM_INSTANT, hit.track, hit.index, 0 };
          break;
        case STP_HIT_GLOBAL_INSTANT:
          item = (StpItemRef) { STP_ITEM_GLOBAL_INSTANT, STP_INDEX_NONE, hit.index, 0 };
          break;
        case STP_HIT_COUNTER:
          item = (StpItemRef) { STP_ITEM_COUNTER, hit.track, hit.index, hit.ts };
          break;
        case STP_HIT_OBJECT:
          item = (StpItemRef) { STP_ITEM_OBJECT, STP_INDEX_NONE, hit.index, 0 };
          break;
        case STP_HIT_TRACK_LABEL:
        case STP_HIT_PROCESS:
        case STP_HIT_PART:
        case STP_HIT_RULER:
          return;
        case STP_HIT_TRACK:
        case STP_HIT_NONE:
        default:
          break;
        }
    }

  /* Between slices, an arrow passing within a few pixels: only one the
   * last frame drew, so a click where no arrow shows clears. */
  if (item.kind == STP_ITEM_NONE && x >= view.gutter_width && self->renderer != NULL)
    {
      guint32 flow = stp_renderer_flow_at (self->renderer, x, y, FLOW_TOLERANCE_PX);

      if (flow != STP_INDEX_NONE)
        item = (StpItemRef) { STP_ITEM_FLOW, STP_INDEX_NONE, flow, 0 };
    }

  if (item.kind == STP_ITEM_NONE)
    {
      /* A click on nothing keeps an area: it was probably a missed drag. */
      if (self->area == NULL)
        stp_timeline_view_clear_selection (self);
      return;
    }

  stp_timeline_view_select_item (self, &item, n_press >= 2 ? STP_REVEAL_ZOOM : STP_REVEAL_NONE);
}

static void
add_row_tracks (StpTimelineView *self,
                StpArea         *area,
                guint            ri)
{
  const StpRow *row = stp_render_layout_get_row (self->layout, ri);
  g_autoptr(GArray) folded = NULL;

  if (row->kind == STP_ROW_TRACK)
    {
      stp_area_add_track (area, row->track);
      return;
    }

  /* A collapsed process or input stands for all of its tracks. */
  folded = stp_render_layout_dup_folded_tracks (self->layout, ri);
  for (guint i = 0; i < folded->len; i++)
    stp_area_add_track (area, g_array_index (folded, guint32, i));
}

StpArea *
stp_timeline_view_area_at (StpTimelineView *self,
                           double           x0,
                           double           y0,
                           double           x1,
                           double           y1)
{
  StpRenderView view;
  StpArea *area;
  guint r0, r1, n, n_pinned;
  double c0, c1, band;

  g_return_val_if_fail (STP_IS_TIMELINE_VIEW (self), NULL);

  if (self->layout == NULL)
    return NULL;

  stp_timeline_view_fill_view (self, &view);
  x0 = MAX (x0, view.gutter_width);
  x1 = MAX (x1, view.gutter_width);
  area = stp_area_new (stp_render_view_x_to_time (&view, MIN (x0, x1)),
                       stp_render_view_x_to_time (&view, MAX (x0, x1)));

  n = stp_render_layout_get_n_rows (self->layout);
  if (n == 0)
    return area;

  /* The pinned rows the span crosses on screen... */
  n_pinned = stp_render_layout_get_n_pinned_rows (self->layout);
  band = view.ruler_height + stp_render_layout_get_pinned_height (self->layout);
  for (guint i = 0; i < n_pinned; i++)
    {
      const StpRow *row = stp_render_layout_get_row (self->layout, i);
      double top = stp_render_layout_screen_y (self->layout, &view, row->y);

      if (top < MAX (y0, y1) && top + row->height > MIN (y0, y1))
        add_row_tracks (self, area, i);
    }
  if (MAX (y0, y1) < band)
    return area;

  /* ...and the scrolled ones from under the band down. */
  c0 = MAX (MIN (y0, y1), band) - view.ruler_height + view.scroll_y;
  c1 = MAX (y0, y1) - view.ruler_height + view.scroll_y;
  r0 = stp_render_layout_find_row (self->layout, MAX (c0, 0));
  r1 = stp_render_layout_find_row (self->layout, MIN (c1, stp_render_layout_get_height (self->layout) - 1));
  if (r0 == STP_INDEX_NONE)
    return area;
  if (r1 == STP_INDEX_NONE)
    r1 = n - 1;

  for (guint i = r0; i <= r1 && i < n; i++)
    add_row_tracks (self, area, i);

  return area;
}

gboolean
stp_timeline_view_area_drag_begin (StpTimelineView *self,
                                   GdkModifierType  state,
                                   double           x,
                                   double           y)
{
  StpRenderView view;

  self->drag_area = FALSE;
  if (!(state & GDK_SHIFT_MASK) || self->layout == NULL ||
      x < self->label_width || y < STP_TIMELINE_RULER_HEIGHT)
    return FALSE;

  stp_timeline_view_fill_view (self, &view);
  self->drag_area = TRUE;
  self->drag_anchor_ns = stp_render_view_x_to_time (&view, x);
  self->drag_anchor_y = stp_render_layout_content_y (self->layout, &view, y);
  gtk_widget_set_cursor_from_name (GTK_WIDGET (self), "crosshair");
  return TRUE;
}

static StpArea *
drag_area (StpTimelineView *self,
           double           x,
           double           y)
{
  StpRenderView view;
  double anchor_x, anchor_y;

  stp_timeline_view_fill_view (self, &view);
  anchor_x = stp_render_view_time_to_x (&view, self->drag_anchor_ns);
  anchor_y = stp_render_layout_screen_y (self->layout, &view, self->drag_anchor_y);
  return stp_timeline_view_area_at (self, anchor_x, anchor_y, x, y);
}

void
stp_timeline_view_area_drag_update (StpTimelineView *self,
                                    double           x,
                                    double           y)
{
  /* Drawn as it grows; ::selection-changed comes when the drag ends. */
  clear_quietly (self);
  self->area = drag_area (self, x, y);
  self->sel_start = self->area->start;
  self->sel_end = self->area->end;
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

void
stp_timeline_view_area_drag_end (StpTimelineView *self,
                                 double           x,
                                 double           y)
{
  StpRenderView view;
  g_autoptr(StpArea) area = NULL;
  double anchor_x;

  self->drag_area = FALSE;
  gtk_widget_set_cursor (GTK_WIDGET (self), NULL);

  stp_timeline_view_fill_view (self, &view);
  anchor_x = stp_render_view_time_to_x (&view, self->drag_anchor_ns);
  area = drag_area (self, x, y);

  if (fabs (x - anchor_x) < MIN_AREA_DRAG_PX || area->tracks->len == 0)
    {
      stp_timeline_view_clear_selection (self);
      return;
    }
  stp_timeline_view_select_area (self, area);
}

/* ------------------------------------------------------------------ */
/* Keys                                                                */

static void
action_clear_selection (GtkWidget  *widget,
                        const char *name,
                        GVariant   *param)
{
  stp_timeline_view_clear_selection (STP_TIMELINE_VIEW (widget));
}

/* ------------------------------------------------------------------ */
/* Setup                                                               */

void
stp_timeline_view_init_selection (StpTimelineView *self)
{
  self->selected = STP_ITEM_REF_NONE;
  self->sel_flows = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->hover_item = STP_ITEM_REF_NONE;
  self->hover_flows = g_array_new (FALSE, FALSE, sizeof (guint32));
  update_actions (self);
}

void
stp_timeline_view_finalize_selection (StpTimelineView *self)
{
  g_clear_pointer (&self->area, stp_area_free);
  g_clear_pointer (&self->sel_flows, g_array_unref);
  g_clear_pointer (&self->hover_flows, g_array_unref);
  g_clear_pointer (&self->matches, g_array_unref);
  g_clear_pointer (&self->marked, g_array_unref);
  g_clear_pointer (&self->selected_set, g_array_unref);
}

void
stp_timeline_view_class_init_selection (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "timeline.clear-selection", NULL, action_clear_selection);

  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_Escape, 0, "timeline.clear-selection", NULL);
  /* As in browsers and Perfetto. */
  gtk_widget_class_add_binding_action (widget_class, GDK_KEY_slash, 0, "win.find", NULL);
}
