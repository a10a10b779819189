/* bench-timeline-view.c: frame times of the real timeline widget
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Opens a trace the way the viewer does (StpLoadTask on a worker, then
 * the index into an StpTimelineView in a 1920x1080 window), then zooms
 * from the whole trace in by 1.5x per frame down to ~100 ns, panning at
 * each level, and back out, flows on.  Every frame's main-thread time is
 * taken from the frame clock's before-paint to the end of its paint
 * (snapshot and GSK's render: all the main thread does for a frame),
 * as CPU time of the main thread and as wall time; and the same view
 * drawn by the renderer alone onto an image surface, which is the part
 * Stepscope controls (under Xvfb GTK composites in software).
 *
 *   bench-timeline-view [--all-flows] [--select] [--png FILE [--png-level N]] TRACE
 *
 * --png saves the widget as drawn at zoom level N (0: the whole trace;
 * each level is 1.5x closer), after its pans.  The zooms begin once the
 * main loop is idle after the first frame, as a user's first input
 * would come.
 *
 * Prints the time to the first frame, then per zoom level the worst
 * frame, the worst and median over all frames, and the first frame
 * after the load and the first zoom apart from the others.  See
 * README.md.
 */

#define G_LOG_DOMAIN "bench-timeline-view"

#include <adwaita.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "stp-buffer.h"
#include "stp-load-task.h"
#include "stp-renderer.h"
#include "stp-timeline-view-private.h"

#define WIDTH  1920
#define HEIGHT 1080
#define MIN_NS_PER_PX 0.05
#define PANS_PER_LEVEL 3

typedef struct
{
  GtkWidget      *window;
  StpTimelineView *view;
  GMainLoop      *loop;
  gint64          t_open;
  double          first_frame_s;
  double          first_frame_ms; /* its main-thread time */
  gboolean        loaded;
  gboolean        all_flows;
  gboolean        select;
  const char     *png;
  guint           png_level;

  /* the frame being measured */
  double          cpu0;
  gint64          wall0;
  guint           frames_seen;

  /* the script: a step per frame */
  guint           step;
  guint           level;
  gboolean        zooming_out;
  GArray         *cpu_ms;        /* double, per frame */
  GArray         *wall_ms;
  GArray         *level_of;      /* guint */
  GArray         *draw_ms;       /* double: the renderer alone, same view */
  GArray         *flows_drawn;   /* guint */
  StpRenderer    *renderer;
  cairo_surface_t *surface;
} Bench;

static double
thread_cpu_s (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_THREAD_CPUTIME_ID, &ts);
  return ts.tv_sec + ts.tv_nsec / 1e9;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return x < y ? -1 : x > y;
}

static void
on_update (GdkFrameClock *clock,
           Bench         *b)
{
  b->cpu0 = thread_cpu_s ();
  b->wall0 = g_get_monotonic_time ();
}

/* Selects a slice that has flows, near the middle of the trace, so the
 * emphasised flows are drawn too. */
static void
select_slice_with_flows (Bench *b)
{
  StpRenderIndex *index = stp_timeline_view_get_index (b->view);
  StpTrace *trace = stp_render_index_get_trace (index);

  for (guint i = trace->flows->len / 2; i < trace->flows->len; i++)
    {
      const StpFlow *f = &g_array_index (trace->flows, StpFlow, i);

      if (f->src.track != STP_INDEX_NONE && f->src.slice != STP_INDEX_NONE)
        {
          StpItemRef ref = stp_item_ref_slice (f->src.track, f->src.slice);

          stp_timeline_view_select_item (b->view, &ref, STP_REVEAL_NONE);
          return;
        }
    }
}

static void next_step (Bench *b);

static gboolean
begin_steps (gpointer user_data)
{
  Bench *b = user_data;

  if (b->select)
    select_slice_with_flows (b);
  next_step (b);
  return G_SOURCE_REMOVE;
}

static void
on_after_paint (GdkFrameClock *clock,
                Bench         *b)
{
  double cpu = (thread_cpu_s () - b->cpu0) * 1000;
  double wall = (g_get_monotonic_time () - b->wall0) / 1000.0;
  guint frame_count = stp_timeline_view_get_frame_count (b->view);

  if (!b->loaded || frame_count == b->frames_seen)
    return;
  b->frames_seen = frame_count;

  /* The same view drawn by the renderer alone onto an image surface:
   * what the frame costs without GTK's compositing (which, under Xvfb,
   * is llvmpipe or cairo in software). */
  {
    StpRenderView view;
    cairo_t *cr = cairo_create (b->surface);
    double t0;
    guint flows;

    stp_timeline_view_get_render_view (b->view, &view);
    t0 = thread_cpu_s ();
    stp_render_timeline (b->renderer, cr, &view, stp_timeline_view_get_layout (b->view));
    cairo_surface_flush (b->surface);
    t0 = (thread_cpu_s () - t0) * 1000;
    cairo_destroy (cr);
    flows = stp_renderer_get_stats (b->renderer)->flows;
    if (b->first_frame_s != 0)
      {
        g_array_append_val (b->draw_ms, t0);
        g_array_append_val (b->flows_drawn, flows);
      }
  }

  if (b->first_frame_s == 0)
    {
      b->first_frame_s = (g_get_monotonic_time () - b->t_open) / 1e6;
      b->first_frame_ms = cpu;
      /* A user looks at the trace before zooming: the zooms begin once
       * the main loop has nothing else to do, as the first input would. */
      g_idle_add_full (G_PRIORITY_LOW, begin_steps, b, NULL);
      return;
    }

  g_array_append_val (b->cpu_ms, cpu);
  g_array_append_val (b->wall_ms, wall);
  g_array_append_val (b->level_of, b->level);
  next_step (b);
}

static void
save_png (Bench *b)
{
  GdkPaintable *paintable = gtk_widget_paintable_new (GTK_WIDGET (b->view));
  g_autoptr(GtkSnapshot) snapshot = gtk_snapshot_new ();
  g_autoptr(GskRenderNode) node = NULL;
  g_autoptr(GdkTexture) texture = NULL;
  GskRenderer *renderer = gtk_native_get_renderer (GTK_NATIVE (b->window));

  gdk_paintable_snapshot (paintable, snapshot, gtk_widget_get_width (GTK_WIDGET (b->view)),
                          gtk_widget_get_height (GTK_WIDGET (b->view)));
  node = gtk_snapshot_free_to_node (g_steal_pointer (&snapshot));
  texture = gsk_renderer_render_texture (renderer, node, NULL);
  gdk_texture_save_to_png (texture, b->png);
  g_object_unref (paintable);
}

/* One change of view per frame: zoom in a step at a time, panning a few
 * times at each level, then zoom back out. */
static void
next_step (Bench *b)
{
  GtkWidget *widget = GTK_WIDGET (b->view);
  gint64 start, end;
  double ns_per_px;

  stp_timeline_view_get_visible_range (b->view, &start, &end);
  ns_per_px = (double) (end - start) / (WIDTH - 220);

  if (b->step % (PANS_PER_LEVEL + 1) != PANS_PER_LEVEL)
    {
      gtk_widget_activate_action (widget, b->step % 2 ? "timeline.pan-left" : "timeline.pan-right", NULL);
      b->step++;
      return;
    }
  b->step++;

  if (b->png != NULL && !b->zooming_out && b->level == b->png_level)
    save_png (b);
  if (!b->zooming_out && ns_per_px > MIN_NS_PER_PX * 1.5)
    {
      b->level++;
      gtk_widget_activate_action (widget, "timeline.zoom-in", NULL);
      return;
    }
  b->zooming_out = TRUE;
  if (b->level > 0)
    {
      b->level--;
      gtk_widget_activate_action (widget, "timeline.zoom-out", NULL);
      return;
    }
  g_main_loop_quit (b->loop);
}

static void
on_loaded (GObject      *source,
           GAsyncResult *result,
           gpointer      user_data)
{
  Bench *b = user_data;
  g_autoptr(GError) error = NULL;
  g_autoptr(StpDocument) document = stp_load_task_run_finish (STP_LOAD_TASK (source), result, &error);
  g_autoptr(StpSession) session = NULL;

  if (document == NULL)
    {
      g_printerr ("%s\n", error->message);
      exit (1);
    }
  g_print ("loaded in %.2f s (worker thread); renderers made before the first frame: %u\n",
           (g_get_monotonic_time () - b->t_open) / 1e6, stp_timeline_view_get_renderers_made (b->view));
  b->loaded = TRUE;
  /* As the window does: the view shows its session's document. */
  session = stp_session_new ();
  stp_session_set_document (session, document);
  stp_timeline_view_set_session (b->view, session);
}

static void
report (Bench *b)
{
  guint n = b->cpu_ms->len, levels = 0;
  g_autofree double *sorted = g_memdup2 (b->cpu_ms->data, n * sizeof (double));
  double worst_cpu = 0, worst_wall = 0;
  guint over = 0;

  for (guint i = 0; i < n; i++)
    levels = MAX (levels, g_array_index (b->level_of, guint, i) + 1);

  g_print ("level  frames  widget frame: worst cpu ms  worst wall ms  |  renderer alone: worst ms  flows drawn (max)\n");
  for (guint l = 0; l < levels; l++)
    {
      double wc = 0, ww = 0, wd = 0;
      guint count = 0, flows = 0;

      for (guint i = 0; i < n; i++)
        if (g_array_index (b->level_of, guint, i) == l)
          {
            wc = MAX (wc, g_array_index (b->cpu_ms, double, i));
            ww = MAX (ww, g_array_index (b->wall_ms, double, i));
            wd = MAX (wd, g_array_index (b->draw_ms, double, i));
            flows = MAX (flows, g_array_index (b->flows_drawn, guint, i));
            count++;
          }
      g_print ("%5u  %6u  %26.2f  %13.2f  |  %24.2f  %17u\n", l, count, wc, ww, wd, flows);
    }

  for (guint i = 0; i < n; i++)
    {
      worst_cpu = MAX (worst_cpu, g_array_index (b->cpu_ms, double, i));
      worst_wall = MAX (worst_wall, g_array_index (b->wall_ms, double, i));
      over += g_array_index (b->cpu_ms, double, i) > 16.0;
    }
  qsort (sorted, n, sizeof (double), compare_doubles);
  g_print ("frames %u: widget frame main-thread cpu median %.2f ms, worst %.2f ms (wall worst %.2f ms); "
           "%u over 16 ms\n", n, n ? sorted[n / 2] : 0, worst_cpu, worst_wall, over);
  /* The first frames also set up GL (shaders, glyph caches, textures),
   * once per window: shown apart so that the others can be told. */
  if (n > 1)
    {
      double rest = 0;

      for (guint i = 1; i < n; i++)
        rest = MAX (rest, g_array_index (b->cpu_ms, double, i));
      g_print ("the frame after the load %.2f ms (not in the figures above); "
               "the first zoom %.2f ms; the worst of the others %.2f ms\n",
               b->first_frame_ms, g_array_index (b->cpu_ms, double, 0), rest);
    }
  memcpy (sorted, b->draw_ms->data, n * sizeof (double));
  qsort (sorted, n, sizeof (double), compare_doubles);
  over = 0;
  for (guint i = 0; i < n; i++)
    over += sorted[i] > 16.0;
  g_print ("renderer alone (same views, 1920x1080 image surface): median %.2f ms, worst %.2f ms; %u over 16 ms\n",
           n ? sorted[n / 2] : 0, n ? sorted[n - 1] : 0, over);
  g_print ("first frame %.2f s after opening\n", b->first_frame_s);
}

int
main (int   argc,
      char *argv[])
{
  Bench b = { 0 };
  g_autoptr(GFile) file = NULL;
  g_autoptr(StpLoadTask) task = NULL;
  StpAnalysisOptions options = { .show_dataflow = TRUE, .show_memory = FALSE };
  GtkWidget *scroller;
  GdkFrameClock *clock;
  const char *path = NULL;

  stp_buffer_fix_mmap_threshold ();
  setlocale (LC_ALL, "");
  for (int i = 1; i < argc; i++)
    {
      if (g_str_equal (argv[i], "--all-flows"))
        b.all_flows = TRUE;
      else if (g_str_equal (argv[i], "--select"))
        b.select = TRUE;
      else if (g_str_equal (argv[i], "--png") && i + 1 < argc)
        b.png = argv[++i];
      else if (g_str_equal (argv[i], "--png-level") && i + 1 < argc)
        b.png_level = atoi (argv[++i]);
      else
        path = argv[i];
    }
  if (path == NULL)
    {
      g_printerr ("usage: bench-timeline-view [--all-flows] [--select] [--png FILE [--png-level N]] TRACE\n");
      return 2;
    }

  adw_init ();
  b.loop = g_main_loop_new (NULL, FALSE);
  b.cpu_ms = g_array_new (FALSE, FALSE, sizeof (double));
  b.wall_ms = g_array_new (FALSE, FALSE, sizeof (double));
  b.level_of = g_array_new (FALSE, FALSE, sizeof (guint));
  b.draw_ms = g_array_new (FALSE, FALSE, sizeof (double));
  b.flows_drawn = g_array_new (FALSE, FALSE, sizeof (guint));
  b.renderer = stp_renderer_new (NULL, NULL);
  b.surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);

  b.window = gtk_window_new ();
  gtk_window_set_default_size (GTK_WINDOW (b.window), WIDTH, HEIGHT);
  gtk_window_set_decorated (GTK_WINDOW (b.window), FALSE);
  /* Scrolled as the window has it (stp-window.ui): the horizontal bar
   * always there, so zooming in does not make it appear. */
  scroller = gtk_scrolled_window_new ();
  gtk_scrolled_window_set_policy (GTK_SCROLLED_WINDOW (scroller), GTK_POLICY_ALWAYS, GTK_POLICY_AUTOMATIC);
  b.view = STP_TIMELINE_VIEW (stp_timeline_view_new ());
  stp_timeline_view_set_show_flows (b.view, TRUE);
  stp_timeline_view_set_all_flows (b.view, b.all_flows);
  gtk_scrolled_window_set_child (GTK_SCROLLED_WINDOW (scroller), GTK_WIDGET (b.view));
  gtk_window_set_child (GTK_WINDOW (b.window), scroller);
  gtk_window_present (GTK_WINDOW (b.window));

  clock = gtk_widget_get_frame_clock (b.window);
  g_signal_connect (clock, "before-paint", G_CALLBACK (on_update), &b);
  g_signal_connect_after (clock, "after-paint", G_CALLBACK (on_after_paint), &b);

  g_print ("%s, %s flows, %s\n", path, b.all_flows ? "all" : "readable (default)",
           b.select ? "a slice with flows selected" : "nothing selected");
  file = g_file_new_for_commandline_arg (path);
  b.t_open = g_get_monotonic_time ();
  task = stp_load_task_new_load (file, &options);
  stp_load_task_run_async (task, on_loaded, &b);
  stp_timeline_view_prepare (b.view);   /* as the window does */

  g_main_loop_run (b.loop);
  report (&b);
  return 0;
}
