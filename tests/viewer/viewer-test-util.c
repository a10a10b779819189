/* viewer-test-util.c: driving the real window in GUI tests
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Screenshots are artefacts for people (STP_SCREENSHOT_DIR), not
 * assertions: a busy machine may not have drawn a frame yet, so saving
 * one waits for it and, at worst, says it could not.
 */

#include "stp-timeline-view-private.h"
#include "viewer-test-util.h"

static char *screenshot_dir;

void
viewer_test_init (void)
{
  const char *dir = g_getenv ("STP_SCREENSHOT_DIR");

  g_free (screenshot_dir);
  screenshot_dir = g_strdup (dir ? dir : g_get_tmp_dir ());
}

/* Iterates the main loop until the condition holds; fails after 60 s. */
void
wait_for (Condition  condition,
          gpointer   data)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  while (!condition (data))
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
      g_usleep (1000);
    }
}

/* Lets pending idles, allocation and drawing run. */
void
settle (void)
{
  gint64 until = g_get_monotonic_time () + 400 * 1000;

  while (g_get_monotonic_time () < until)
    {
      g_main_context_iteration (NULL, FALSE);
      g_usleep (2000);
    }
}

gboolean
not_loading (gpointer window)
{
  return !stp_window_get_loading (window);
}

gboolean
drawn (gpointer window)
{
  StpTimelineView *view = stp_window_get_timeline_view (window);

  return stp_timeline_view_get_frame_count (view) > 0 &&
         gtk_widget_get_width (GTK_WIDGET (view)) > 0;
}

StpWindow *
new_window (void)
{
  StpWindow *window = stp_window_new (NULL);

  gtk_window_set_default_size (GTK_WINDOW (window), 1400, 900);
  gtk_window_present (GTK_WINDOW (window));
  settle ();
  return window;
}

void
open_and_wait (StpWindow *window,
               GFile     *file)
{
  stp_window_open (window, file);
  g_assert_true (stp_window_get_loading (window));
  wait_for (not_loading, window);
  g_assert_null (stp_window_get_error_message (window));
  g_assert_nonnull (stp_window_get_trace (window));
  wait_for (drawn, window);
}

StpWindow *
open_run_meta (void)
{
  g_autoptr(GFile) file = data_file ("data", "step-stats", "run_meta.pb", NULL);
  StpWindow *window = new_window ();

  open_and_wait (window, file);
  settle ();
  return window;
}

static GskRenderNode *
snapshot_widget (GtkWidget *widget)
{
  g_autoptr(GdkPaintable) paintable = gtk_widget_paintable_new (widget);
  GtkSnapshot *snapshot = gtk_snapshot_new ();

  gdk_paintable_snapshot (paintable, snapshot,
                          gtk_widget_get_width (widget), gtk_widget_get_height (widget));
  return gtk_snapshot_free_to_node (snapshot);
}

void
save_screenshot (GtkWidget  *widget,
                 const char *name)
{
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  g_autofree char *file = NULL;
  g_autofree char *path = NULL;
  GskRenderer *renderer;

  for (guint attempt = 0; attempt < 20 && node == NULL; attempt++)
    {
      settle ();
      node = snapshot_widget (widget);
    }

  if (node == NULL)
    {
      g_test_message ("screenshot %s: nothing drawn yet, not saved", name);
      return;
    }

  renderer = gtk_native_get_renderer (gtk_widget_get_native (widget));
  texture = gsk_renderer_render_texture (renderer, node,
                                         &GRAPHENE_RECT_INIT (0, 0,
                                                              gtk_widget_get_width (widget),
                                                              gtk_widget_get_height (widget)));

  g_mkdir_with_parents (screenshot_dir, 0755);
  file = g_strdup_printf ("%s%s.png", name, g_getenv ("STP_TEST_DARK") ? "-dark" : "");
  path = g_build_filename (screenshot_dir, file, NULL);
  if (!gdk_texture_save_to_png (texture, path))
    g_test_message ("screenshot %s: could not write %s", name, path);
  else
    g_test_message ("screenshot: %s", path);
}

/* The widest slice of a thread track on screen, with its middle. */
gboolean
widest_visible (StpWindow  *window,
                guint32     track_index,
                StpItemRef *ref)
{
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpTrace *trace = stp_window_get_trace (window);
  const StpTrack *track = stp_trace_get_track (trace, track_index);
  StpRenderView rv;
  double best = 0;

  stp_timeline_view_get_render_view (view, &rv);
  for (guint32 i = 0; track->slices != NULL && i < track->slices->len; i++)
    {
      const StpSlice *s = stp_track_get_slice (track, i);
      double x0 = MAX (stp_render_view_time_to_x (&rv, s->ts), rv.gutter_width);
      double x1 = MIN (stp_render_view_time_to_x (&rv, stp_slice_end (s)), rv.width - 1);

      if (x1 - x0 > best)
        {
          best = x1 - x0;
          *ref = stp_item_ref_slice (track_index, i);
        }
    }
  return best >= 4;
}

void
click_item (StpWindow        *window,
            const StpItemRef *ref)
{
  StpTimelineView *view = stp_window_get_timeline_view (window);
  double x, y;

  g_assert_true (stp_timeline_view_get_item_point (view, ref, &x, &y));
  stp_timeline_view_click (view, 1, x, y);
  settle ();
}

GtkWidget *
find_widget (GtkWidget     *root,
             gboolean     (*match) (GtkWidget *widget, gconstpointer data),
             gconstpointer  data)
{
  if (match (root, data))
    return root;
  for (GtkWidget *child = gtk_widget_get_first_child (root); child != NULL; child = gtk_widget_get_next_sibling (child))
    {
      GtkWidget *found = find_widget (child, match, data);

      if (found != NULL)
        return found;
    }
  return NULL;
}

StpItemRef
first_slice (StpTrace *trace,
             guint     skip_tracks)
{
  for (guint t = 0; t < trace->tracks->len; t++)
    if (stp_trace_get_track (trace, t)->slices->len > 0 && skip_tracks-- == 0)
      return stp_item_ref_slice (t, 0);
  g_assert_not_reached ();
}

gboolean
empty_point_on_flow (StpTimelineView *view,
                     guint32          index,
                     double          *x,
                     double          *y)
{
  StpTrace *trace = stp_render_index_get_trace (stp_timeline_view_get_index (view));
  const StpFlow *f = &g_array_index (trace->flows, StpFlow, index);
  StpRenderView rv;
  StpCubic curve;
  double x0, y0, x1, y1;

  stp_timeline_view_get_render_view (view, &rv);
  if (!stp_render_flow_points (stp_timeline_view_get_layout (view), &rv, f, &x0, &y0, &x1, &y1))
    return FALSE;
  curve = stp_render_flow_curve (x0, y0 + rv.ruler_height - rv.scroll_y, x1, y1 + rv.ruler_height - rv.scroll_y);
  for (double t = 0.1; t < 0.95; t += 0.05)
    {
      StpHit hit;

      stp_cubic_point (&curve, t, x, y);
      if (!stp_timeline_view_hit_test (view, *x, *y, &hit) || hit.kind == STP_HIT_TRACK)
        return TRUE;
    }
  return FALSE;
}
