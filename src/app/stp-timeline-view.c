/* stp-timeline-view.c: the timeline canvas
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A GtkScrollable whose snapshot hands the whole canvas to the renderer.
 * Where it looks (time, scale, scroll) is stp-timeline-navigation.c's;
 * what the user picks, stp-timeline-selection.c's; pointer input,
 * stp-timeline-input.c's; which rows show, stp-timeline-processes.c's.
 */

#define G_LOG_DOMAIN "stp-timeline-view"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <math.h>
#include <pango/pangocairo.h>

#include "stp-render-export.h"
#include "stp-timeline-view-private.h"


enum {
  PROP_0,
  PROP_SESSION,
  PROP_LABEL_WIDTH,
  PROP_SHOW_FLOWS,
  PROP_ALL_FLOWS,
  PROP_ABSOLUTE_TIME,
  N_PROPS,

  /* GtkScrollable */
  PROP_HADJUSTMENT = N_PROPS,
  PROP_VADJUSTMENT,
  PROP_HSCROLL_POLICY,
  PROP_VSCROLL_POLICY,
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE_WITH_CODE (StpTimelineView, stp_timeline_view, GTK_TYPE_WIDGET,
                               G_IMPLEMENT_INTERFACE (GTK_TYPE_SCROLLABLE, NULL))

/* ------------------------------------------------------------------ */
/* Render view                                                         */

void
stp_timeline_view_fill_view (StpTimelineView *self,
                             StpRenderView   *view)
{
  GtkWidget *widget = GTK_WIDGET (self);

  stp_render_view_init (view, gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  view->gutter_width = self->label_width;
  view->ruler_height = STP_TIMELINE_RULER_HEIGHT;
  view->start_ns = self->start_ns;
  view->ns_per_px = self->ns_per_px;
  view->scroll_y = self->vadjustment ? gtk_adjustment_get_value (self->vadjustment) : 0;
  view->sel_start = self->sel_start;
  view->sel_end = self->sel_end;
  view->hover_x = self->hover_x;
  view->hover_y = self->hover_y;
  view->flags = 0;
  /* The ruler counts from the trace start, or the time as recorded. */
  if (self->index != NULL && !self->absolute_time)
    view->origin_ns = stp_render_index_get_trace (self->index)->start_ts;
  else
    view->origin_ns = 0;
  if (self->show_flows)
    view->flags |= STP_RENDER_SHOW_FLOWS;
  if (self->show_flows && self->all_flows)
    view->flags |= STP_RENDER_ALL_FLOWS;
  if (adw_style_manager_get_dark (adw_style_manager_get_default ()))
    view->flags |= STP_RENDER_DARK;
  stp_timeline_view_fill_highlights (self, view);
}

/* ------------------------------------------------------------------ */
/* Selection                                                           */

void
stp_timeline_view_set_selection (StpTimelineView *self,
                                 gint64           start,
                                 gint64           end)
{
  gboolean was;
  gint64 old_start, old_end;

  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));

  was = self->sel_end > self->sel_start;
  old_start = self->sel_start;
  old_end = self->sel_end;
  self->sel_start = MIN (start, end);
  self->sel_end = MAX (start, end);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "timeline.fit-selection",
                                 self->sel_end > self->sel_start || self->selected.kind != STP_ITEM_NONE);
  gtk_widget_action_set_enabled (GTK_WIDGET (self), "timeline.clear-selection",
                                 self->sel_end > self->sel_start || self->selected.kind != STP_ITEM_NONE ||
                                 self->area != NULL);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  /* An empty range (a click on the ruler) is no range: say so once. */
  if ((was || self->sel_end > self->sel_start) &&
      (old_start != self->sel_start || old_end != self->sel_end))
    stp_timeline_view_range_changed (self);
}

gboolean
stp_timeline_view_get_selection (StpTimelineView *self,
                                 gint64          *start,
                                 gint64          *end)
{
  g_return_val_if_fail (STP_IS_TIMELINE_VIEW (self), FALSE);

  if (start != NULL)
    *start = self->sel_start;
  if (end != NULL)
    *end = self->sel_end;
  return self->sel_end > self->sel_start;
}

/* ------------------------------------------------------------------ */
/* Public                                                              */

GtkWidget *
stp_timeline_view_new (void)
{
  return g_object_new (STP_TYPE_TIMELINE_VIEW, NULL);
}

/* A re-analysis keeps the view where it is; the rows are as the user
 * left them in those files (stp-timeline-processes.c), `key` naming
 * them. */
static void
set_index (StpTimelineView *self,
           StpRenderIndex  *index,
           const char      *key,
           gboolean         keep_view)
{
  g_autoptr(StpRenderLayout) old = NULL;

  if (index == self->index)
    return;

  old = g_steal_pointer (&self->layout);
  if (old != NULL && self->layout_uris != NULL)
    stp_timeline_view_save_rows (self, old, self->layout_uris);
  g_clear_pointer (&self->index, stp_render_index_unref);
  g_clear_pointer (&self->layout_uris, g_free);

  if (index != NULL)
    {
      self->index = stp_render_index_ref (index);
      self->layout = stp_render_layout_new (index);
      self->layout_uris = g_strdup (key);
      if (self->layout_uris != NULL)
        stp_timeline_view_restore_rows (self, self->layout, self->layout_uris);
    }

  if (!keep_view)
    {
      self->sel_start = self->sel_end = 0;
      if (self->vadjustment != NULL)
        gtk_adjustment_set_value (self->vadjustment, 0);
      stp_timeline_view_reset_view (self);
    }
  else
    stp_timeline_view_set_view (self, self->start_ns, self->ns_per_px);

  /* The selection pointed into the old trace. */
  stp_timeline_view_trace_changed (self, keep_view);
  stp_timeline_view_processes_changed (self);

  stp_timeline_view_update_adjustments (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
on_document_changed (StpTimelineView *self)
{
  StpDocument *document = self->session ? stp_session_get_document (self->session) : NULL;
  g_autofree char *key = document != NULL ? stp_document_dup_uris (document) : NULL;

  set_index (self, document ? stp_document_get_index (document) : NULL, key,
             document != NULL && stp_document_is_reanalysis (document));
}

int
stp_timeline_view_get_label_width (StpTimelineView *self)
{
  g_return_val_if_fail (STP_IS_TIMELINE_VIEW (self), STP_TIMELINE_LABEL_WIDTH_DEFAULT);
  return self->label_width;
}

/* The time at the timeline's left edge stays; the span shown changes. */
void
stp_timeline_view_set_label_width (StpTimelineView *self,
                                   int              width)
{
  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));

  width = CLAMP (width, STP_TIMELINE_LABEL_WIDTH_MIN, STP_TIMELINE_LABEL_WIDTH_MAX);
  if (width == self->label_width)
    return;
  self->label_width = width;
  stp_timeline_view_update_adjustments (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_LABEL_WIDTH]);
}

StpSession *
stp_timeline_view_get_session (StpTimelineView *self)
{
  g_return_val_if_fail (STP_IS_TIMELINE_VIEW (self), NULL);
  return self->session;
}

void
stp_timeline_view_set_session (StpTimelineView *self,
                               StpSession      *session)
{
  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));
  g_return_if_fail (session == NULL || STP_IS_SESSION (session));

  if (!stp_session_replace (&self->session, session, self))
    return;
  if (session != NULL)
    {
      g_signal_connect_object (session, "notify::document", G_CALLBACK (on_document_changed),
                               self, G_CONNECT_SWAPPED);
      stp_timeline_view_watch_session (self);
    }
  on_document_changed (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

StpRenderIndex *
stp_timeline_view_get_index (StpTimelineView *self)
{
  g_return_val_if_fail (STP_IS_TIMELINE_VIEW (self), NULL);
  return self->index;
}

StpRenderLayout *
stp_timeline_view_get_layout (StpTimelineView *self)
{
  g_return_val_if_fail (STP_IS_TIMELINE_VIEW (self), NULL);
  return self->layout;
}

void
stp_timeline_view_get_render_view (StpTimelineView *self,
                                   StpRenderView   *view)
{
  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));
  g_return_if_fail (view != NULL);

  stp_timeline_view_fill_view (self, view);
}

gboolean
stp_timeline_view_hit_test (StpTimelineView *self,
                            double           x,
                            double           y,
                            StpHit          *hit)
{
  StpRenderView view;

  g_return_val_if_fail (STP_IS_TIMELINE_VIEW (self), FALSE);

  if (self->layout == NULL)
    return FALSE;

  stp_timeline_view_fill_view (self, &view);
  return stp_render_layout_hit_test (self->layout, &view, x, y, hit);
}

void
stp_timeline_view_toggle_process (StpTimelineView *self,
                                  guint32          process)
{
  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));

  if (self->layout == NULL)
    return;

  stp_render_layout_set_collapsed (self->layout, process,
                                   !stp_render_layout_get_collapsed (self->layout, process));
  stp_timeline_view_update_adjustments (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

/* Collapses one input of several, or expands it again. */
void
stp_timeline_view_toggle_part (StpTimelineView *self,
                               guint32          part)
{
  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));

  if (self->layout == NULL)
    return;

  stp_render_layout_set_part_collapsed (self->layout, part,
                                        !stp_render_layout_get_part_collapsed (self->layout, part));
  stp_timeline_view_update_adjustments (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

gboolean
stp_timeline_view_get_show_flows (StpTimelineView *self)
{
  g_return_val_if_fail (STP_IS_TIMELINE_VIEW (self), FALSE);
  return self->show_flows;
}

void
stp_timeline_view_set_show_flows (StpTimelineView *self,
                                  gboolean         show_flows)
{
  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));

  show_flows = !!show_flows;
  if (self->show_flows == show_flows)
    return;

  self->show_flows = show_flows;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SHOW_FLOWS]);
}

gboolean
stp_timeline_view_get_all_flows (StpTimelineView *self)
{
  g_return_val_if_fail (STP_IS_TIMELINE_VIEW (self), FALSE);
  return self->all_flows;
}

/* All flows crossing the view rather than only readable ones (with
 * show-flows). */
void
stp_timeline_view_set_all_flows (StpTimelineView *self,
                                 gboolean         all_flows)
{
  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));

  all_flows = !!all_flows;
  if (self->all_flows == all_flows)
    return;

  self->all_flows = all_flows;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ALL_FLOWS]);
}

gboolean
stp_timeline_view_get_absolute_time (StpTimelineView *self)
{
  g_return_val_if_fail (STP_IS_TIMELINE_VIEW (self), FALSE);
  return self->absolute_time;
}

/* The ruler shows time as recorded (TRUE) or from the trace start. */
void
stp_timeline_view_set_absolute_time (StpTimelineView *self,
                                     gboolean         absolute_time)
{
  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));

  absolute_time = !!absolute_time;
  if (self->absolute_time == absolute_time)
    return;

  self->absolute_time = absolute_time;
  gtk_widget_queue_draw (GTK_WIDGET (self));
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_ABSOLUTE_TIME]);
}

guint
stp_timeline_view_get_frame_count (StpTimelineView *self)
{
  g_return_val_if_fail (STP_IS_TIMELINE_VIEW (self), 0);
  return self->frame_count;
}

guint
stp_timeline_view_get_renderers_made (StpTimelineView *self)
{
  g_return_val_if_fail (STP_IS_TIMELINE_VIEW (self), 0);

  return self->renderers_made;
}

StpFramePixels *
stp_timeline_view_get_pixels (StpTimelineView *self)
{
  g_return_val_if_fail (STP_IS_TIMELINE_VIEW (self), NULL);

  return self->pixels;
}

/* ------------------------------------------------------------------ */
/* Drawing                                                             */

static void ensure_renderer (StpTimelineView *self);

/* Tall enough for every row, within what image surfaces allow. */
#define MAX_EXPORT_HEIGHT 16384

gboolean
stp_timeline_view_export_image (StpTimelineView  *self,
                                GFile            *file,
                                gint64            start,
                                gint64            end,
                                GError          **error)
{
  StpRenderView view;
  StpImageFormat format;
  g_autofree char *name = NULL;

  g_return_val_if_fail (STP_IS_TIMELINE_VIEW (self), FALSE);
  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (self->layout == NULL)
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_INITIALIZED, _("No trace is open"));
      return FALSE;
    }

  name = g_file_get_basename (file);
  if (!stp_image_format_from_name (name, &format))
    format = STP_IMAGE_PNG;

  ensure_renderer (self);
  stp_timeline_view_fill_view (self, &view);
  view.hover_x = view.hover_y = -1;

  if (start < end)
    {
      /* The range over the whole width, and every row. */
      view.scroll_y = 0;
      view.height = (int) MIN (ceil (stp_render_layout_get_height (self->layout)) + view.ruler_height,
                               MAX_EXPORT_HEIGHT);
      stp_render_view_fit (&view, start, end);
    }

  return stp_render_export_image (self->renderer, self->layout, &view, format, file, NULL, error);
}

/* The GL renderer replays a Cairo node onto a new surface and copies
 * that into a texture every frame; pixels drawn once and handed over as
 * a texture save that (a 1M-event trace's median frame under Xvfb: 17.5
 * to 11.8 ms, and to 5.9 ms uploaded into a GL texture of our own: see
 * stp-frame-pixels.c).  The Cairo renderer instead draws a texture
 * through a copy and a padded pattern, twice as slow as replaying the
 * node onto the window, so there the node stays. */
static gboolean
draws_with_cairo (GtkWidget *widget)
{
  GtkNative *native = gtk_widget_get_native (widget);

  return native != NULL && GSK_IS_CAIRO_RENDERER (gtk_native_get_renderer (native));
}

/* The pixels a frame is drawn into and, where GTK draws with GL, their
 * GL context (5 ms to make under Xvfb).  They need the window, not the
 * view, realized: while a trace loads the view is on a hidden page. */
static void
ensure_pixels (StpTimelineView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);
  GtkNative *native = gtk_widget_get_native (widget);

  if (self->pixels == NULL && native != NULL && gtk_widget_get_realized (GTK_WIDGET (native)) &&
      !draws_with_cairo (widget))
    self->pixels = stp_frame_pixels_new_for_native (native);
}

static void
ensure_renderer (StpTimelineView *self)
{
  PangoContext *context;
  const cairo_font_options_t *options;

  if (self->renderer != NULL)
    return;

  context = gtk_widget_get_pango_context (GTK_WIDGET (self));
  options = pango_cairo_context_get_font_options (context);
  self->renderer = stp_renderer_new (pango_context_get_font_description (context), options);
  self->renderers_made++;
}

static gboolean
prepare_idle (gpointer user_data)
{
  StpTimelineView *self = user_data;

  self->prepare_source = 0;
  ensure_renderer (self);
  ensure_pixels (self);
  return G_SOURCE_REMOVE;
}

/* After GTK has drawn a frame that made a texture (see
 * stp_frame_pixels_make_spare()), between frames. */
static gboolean
spare_idle (gpointer user_data)
{
  StpTimelineView *self = user_data;

  self->spare_source = 0;
  if (self->pixels != NULL)
    stp_frame_pixels_make_spare (self->pixels);
  return G_SOURCE_REMOVE;
}

/* The renderer (its fonts and text caches: 4-6 ms under Xvfb) and the
 * pixels are made while the trace loads, when the main thread has
 * nothing else to do, rather than in the first frame after the load. */
void
stp_timeline_view_prepare (StpTimelineView *self)
{
  g_return_if_fail (STP_IS_TIMELINE_VIEW (self));

  if ((self->renderer == NULL || self->pixels == NULL) && self->prepare_source == 0)
    self->prepare_source = g_idle_add_full (G_PRIORITY_LOW, prepare_idle, self, NULL);
}

static void
stp_timeline_view_snapshot (GtkWidget   *widget,
                            GtkSnapshot *snapshot)
{
  StpTimelineView *self = STP_TIMELINE_VIEW (widget);
  int width = gtk_widget_get_width (widget);
  int height = gtk_widget_get_height (widget);
  g_autoptr(GdkTexture) texture = NULL;
  StpRenderView view;
  cairo_t *cr;

  if (self->layout == NULL || width <= 0 || height <= 0)
    return;

  ensure_renderer (self);
  stp_timeline_view_fill_view (self, &view);

  if (draws_with_cairo (widget))
    {
      cr = gtk_snapshot_append_cairo (snapshot, &GRAPHENE_RECT_INIT (0, 0, width, height));
      stp_render_timeline (self->renderer, cr, &view, self->layout);
      cairo_destroy (cr);
    }
  else
    {
      ensure_pixels (self);
      cr = stp_frame_pixels_begin (self->pixels, width, height, gtk_widget_get_scale_factor (widget));
      stp_render_timeline (self->renderer, cr, &view, self->layout);
      texture = stp_frame_pixels_end (self->pixels, cr);
      gtk_snapshot_append_texture (snapshot, texture, &GRAPHENE_RECT_INIT (0, 0, width, height));
      if (stp_frame_pixels_wants_spare (self->pixels) && self->spare_source == 0)
        self->spare_source = g_idle_add_full (G_PRIORITY_DEFAULT_IDLE, spare_idle, self, NULL);
    }

  self->frame_count++;
}

/* The pixels' GL context was made for the window's surface, which goes
 * once its widgets are unrealized. */
static void
stp_timeline_view_unrealize (GtkWidget *widget)
{
  StpTimelineView *self = STP_TIMELINE_VIEW (widget);

  g_clear_pointer (&self->pixels, stp_frame_pixels_free);

  GTK_WIDGET_CLASS (stp_timeline_view_parent_class)->unrealize (widget);
}

static void
stp_timeline_view_size_allocate (GtkWidget *widget,
                                 int        width,
                                 int        height,
                                 int        baseline)
{
  StpTimelineView *self = STP_TIMELINE_VIEW (widget);

  /* Keep the scale: a wider window shows more time. */
  if (self->index != NULL)
    stp_timeline_view_set_view (self, self->start_ns, self->ns_per_px);
  stp_timeline_view_update_adjustments (self);
}

static void
stp_timeline_view_css_changed (GtkWidget         *widget,
                               GtkCssStyleChange *change)
{
  StpTimelineView *self = STP_TIMELINE_VIEW (widget);

  GTK_WIDGET_CLASS (stp_timeline_view_parent_class)->css_changed (widget, change);

  /* Fonts may have changed: shape labels again.  Most style changes
   * (focus, hover, the window's backdrop) keep them, and the renderer
   * with its shaped labels stays: made again, it cost the next frame
   * 15 ms more. */
  if (self->renderer != NULL)
    {
      PangoContext *context = gtk_widget_get_pango_context (widget);

      if (!stp_renderer_made_for (self->renderer, pango_context_get_font_description (context),
                                  pango_cairo_context_get_font_options (context)))
        g_clear_pointer (&self->renderer, stp_renderer_free);
    }
  gtk_widget_queue_draw (widget);
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */

static void
on_adjustment_changed (GtkAdjustment   *adjustment,
                       StpTimelineView *self)
{
  if (self->updating_adjustments)
    return;

  if (adjustment == self->hadjustment && self->index != NULL)
    {
      StpTrace *trace = stp_render_index_get_trace (self->index);

      stp_timeline_view_set_view (self, trace->start_ts + (gint64) llround (gtk_adjustment_get_value (adjustment)),
                self->ns_per_px);
      return;
    }

  stp_timeline_view_update_hover (self);
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
set_adjustment (StpTimelineView  *self,
                GtkAdjustment   **slot,
                GtkAdjustment    *adjustment)
{
  if (*slot == adjustment)
    return;

  if (*slot != NULL)
    {
      g_signal_handlers_disconnect_by_func (*slot, on_adjustment_changed, self);
      g_clear_object (slot);
    }

  if (adjustment == NULL)
    adjustment = gtk_adjustment_new (0, 0, 0, 0, 0, 0);
  *slot = g_object_ref_sink (adjustment);
  g_signal_connect (adjustment, "value-changed", G_CALLBACK (on_adjustment_changed), self);
  stp_timeline_view_update_adjustments (self);
}

static void
on_dark_changed (StpTimelineView *self)
{
  gtk_widget_queue_draw (GTK_WIDGET (self));
}

static void
stp_timeline_view_dispose (GObject *object)
{
  StpTimelineView *self = (StpTimelineView *) object;

  if (self->hadjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->hadjustment, on_adjustment_changed, self);
  if (self->vadjustment != NULL)
    g_signal_handlers_disconnect_by_func (self->vadjustment, on_adjustment_changed, self);
  g_clear_object (&self->hadjustment);
  g_clear_object (&self->vadjustment);
  g_clear_handle_id (&self->prepare_source, g_source_remove);
  g_clear_handle_id (&self->spare_source, g_source_remove);
  g_signal_handlers_disconnect_by_func (adw_style_manager_get_default (), on_dark_changed, self);
  stp_session_replace (&self->session, NULL, self);
  stp_timeline_view_dispose_processes (self);

  G_OBJECT_CLASS (stp_timeline_view_parent_class)->dispose (object);
}

static void
stp_timeline_view_finalize (GObject *object)
{
  StpTimelineView *self = (StpTimelineView *) object;

  g_clear_pointer (&self->layout, stp_render_layout_free);
  g_clear_pointer (&self->index, stp_render_index_unref);
  g_clear_pointer (&self->renderer, stp_renderer_free);
  g_clear_pointer (&self->pixels, stp_frame_pixels_free);
  stp_timeline_view_finalize_selection (self);

  G_OBJECT_CLASS (stp_timeline_view_parent_class)->finalize (object);
}

static void
stp_timeline_view_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  StpTimelineView *self = STP_TIMELINE_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_LABEL_WIDTH:
      g_value_set_int (value, self->label_width);
      break;
    case PROP_SHOW_FLOWS:
      g_value_set_boolean (value, self->show_flows);
      break;
    case PROP_ALL_FLOWS:
      g_value_set_boolean (value, self->all_flows);
      break;
    case PROP_ABSOLUTE_TIME:
      g_value_set_boolean (value, self->absolute_time);
      break;
    case PROP_HADJUSTMENT:
      g_value_set_object (value, self->hadjustment);
      break;
    case PROP_VADJUSTMENT:
      g_value_set_object (value, self->vadjustment);
      break;
    case PROP_HSCROLL_POLICY:
      g_value_set_enum (value, self->hscroll_policy);
      break;
    case PROP_VSCROLL_POLICY:
      g_value_set_enum (value, self->vscroll_policy);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stp_timeline_view_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  StpTimelineView *self = STP_TIMELINE_VIEW (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      stp_timeline_view_set_session (self, g_value_get_object (value));
      break;
    case PROP_LABEL_WIDTH:
      stp_timeline_view_set_label_width (self, g_value_get_int (value));
      break;
    case PROP_SHOW_FLOWS:
      stp_timeline_view_set_show_flows (self, g_value_get_boolean (value));
      break;
    case PROP_ALL_FLOWS:
      stp_timeline_view_set_all_flows (self, g_value_get_boolean (value));
      break;
    case PROP_ABSOLUTE_TIME:
      stp_timeline_view_set_absolute_time (self, g_value_get_boolean (value));
      break;
    case PROP_HADJUSTMENT:
      set_adjustment (self, &self->hadjustment, g_value_get_object (value));
      break;
    case PROP_VADJUSTMENT:
      set_adjustment (self, &self->vadjustment, g_value_get_object (value));
      break;
    case PROP_HSCROLL_POLICY:
      self->hscroll_policy = g_value_get_enum (value);
      break;
    case PROP_VSCROLL_POLICY:
      self->vscroll_policy = g_value_get_enum (value);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stp_timeline_view_class_init (StpTimelineViewClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stp_timeline_view_dispose;
  object_class->finalize = stp_timeline_view_finalize;
  object_class->get_property = stp_timeline_view_get_property;
  object_class->set_property = stp_timeline_view_set_property;

  widget_class->snapshot = stp_timeline_view_snapshot;
  widget_class->unrealize = stp_timeline_view_unrealize;
  widget_class->size_allocate = stp_timeline_view_size_allocate;
  widget_class->css_changed = stp_timeline_view_css_changed;
  widget_class->query_tooltip = stp_timeline_view_query_tooltip;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, STP_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_LABEL_WIDTH] =
    g_param_spec_int ("label-width", NULL, NULL,
                      STP_TIMELINE_LABEL_WIDTH_MIN, STP_TIMELINE_LABEL_WIDTH_MAX, STP_TIMELINE_LABEL_WIDTH_DEFAULT,
                      G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SHOW_FLOWS] =
    g_param_spec_boolean ("show-flows", NULL, NULL, TRUE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ALL_FLOWS] =
    g_param_spec_boolean ("all-flows", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_ABSOLUTE_TIME] =
    g_param_spec_boolean ("absolute-time", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  g_object_class_override_property (object_class, PROP_HADJUSTMENT, "hadjustment");
  g_object_class_override_property (object_class, PROP_VADJUSTMENT, "vadjustment");
  g_object_class_override_property (object_class, PROP_HSCROLL_POLICY, "hscroll-policy");
  g_object_class_override_property (object_class, PROP_VSCROLL_POLICY, "vscroll-policy");

  stp_timeline_view_class_init_navigation (widget_class);
  stp_timeline_view_class_init_selection (widget_class);
  stp_timeline_view_class_init_stepping (widget_class);
  stp_timeline_view_class_init_processes (widget_class);
  stp_timeline_view_class_init_markers (widget_class);

  gtk_widget_class_set_css_name (widget_class, "timeline");
  gtk_widget_class_set_accessible_role (widget_class, GTK_ACCESSIBLE_ROLE_IMG);
}

static void
stp_timeline_view_init (StpTimelineView *self)
{
  GtkWidget *widget = GTK_WIDGET (self);

  self->ns_per_px = 1;
  self->label_width = STP_TIMELINE_LABEL_WIDTH_DEFAULT;
  self->hover_x = self->hover_y = -1;
  self->show_flows = TRUE;
  stp_timeline_view_init_selection (self);

  gtk_widget_set_focusable (widget, TRUE);
  gtk_widget_set_has_tooltip (widget, TRUE);
  gtk_widget_set_overflow (widget, GTK_OVERFLOW_HIDDEN);
  gtk_widget_action_set_enabled (widget, "timeline.fit-selection", FALSE);
  gtk_accessible_update_property (GTK_ACCESSIBLE (self), GTK_ACCESSIBLE_PROPERTY_LABEL, _("Timeline"), -1);

  stp_timeline_view_init_input (self);

  g_signal_connect_object (adw_style_manager_get_default (), "notify::dark",
                           G_CALLBACK (on_dark_changed), self, G_CONNECT_SWAPPED);
}
