/* bench-render.c: frame times of the timeline renderer on big traces
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Builds traces of 1M and 10M slices with the model API (threads of
 * nested ops with a few hundred names, as a training step looks), then
 * renders 1920x1080 frames onto an image surface from the whole trace
 * down to a few hundred nanoseconds, panning between frames, and prints
 * the median and worst frame time per zoom level.
 *
 *   bench-render [--slices 1000000,10000000] [--frames 30] [--png DIR]
 *   bench-render --trace FILE [--frames 30] [--png DIR]
 *
 * --trace draws a trace file as Stepscope opens it (flows and counters
 * included) instead of the generated ones.
 */

#define G_LOG_DOMAIN "bench-render"

#include <locale.h>
#include <stdlib.h>

#include "stp-buffer.h"
#include "stp-loader.h"
#include "stp-renderer.h"

#define WIDTH  1920
#define HEIGHT 1080

static StpTrace *
generate (guint n_slices)
{
  StpTrace *trace = stp_trace_new (STP_FORMAT_CHROME_JSON, "bench");
  const guint n_processes = 4, n_threads = 8;
  guint per_thread = n_slices / (n_processes * n_threads);
  StpStr names[300];
  GRand *rand = g_rand_new_with_seed (42);

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_autofree char *name = g_strdup_printf ("op_%u/%s", i,
                                               (const char *[]) { "Conv2D", "MatMul", "Relu", "BiasAdd", "AddN" }[i % 5]);
      names[i] = stp_trace_intern0 (trace, name);
    }

  for (guint p = 0; p < n_processes; p++)
    {
      guint32 process = stp_trace_add_process (trace, p + 1, 0);
      g_autofree char *pname = g_strdup_printf ("/device:GPU:%u Compute", p);

      stp_trace_get_process (trace, process)->name = stp_trace_intern0 (trace, pname);

      for (guint t = 0; t < n_threads; t++)
        {
          guint32 track = stp_trace_add_thread (trace, process, t, 0);
          gint64 ts = g_rand_int_range (rand, 0, 1000);
          guint made = 0;

          /* Steps of a parent holding 1-3 children, some with a child. */
          while (made < per_thread)
            {
              guint n_children = g_rand_int_range (rand, 1, 4);
              StpSlice *parent = stp_trace_add_slice (trace, track);

              parent->name = names[g_rand_int_range (rand, 0, G_N_ELEMENTS (names))];
              parent->seq = stp_trace_next_seq (trace);
              made++;
              ts += 50;

              for (guint c = 0; c < n_children && made < per_thread; c++)
                {
                  gint64 dur = g_rand_int_range (rand, 200, 4000);
                  StpSlice *child = stp_trace_add_slice (trace, track);

                  child->ts = ts;
                  child->dur = dur;
                  child->name = names[g_rand_int_range (rand, 0, G_N_ELEMENTS (names))];
                  child->seq = stp_trace_next_seq (trace);
                  made++;

                  if (made < per_thread && g_rand_boolean (rand))
                    {
                      StpSlice *leaf = stp_trace_add_slice (trace, track);

                      leaf->ts = ts + dur / 4;
                      leaf->dur = dur / 2;
                      leaf->name = names[g_rand_int_range (rand, 0, G_N_ELEMENTS (names))];
                      leaf->seq = stp_trace_next_seq (trace);
                      made++;
                    }
                  ts += dur + g_rand_int_range (rand, 10, 300);
                }

              /* The parent's times are set below (it has dur 0 until then). */
              ts += g_rand_int_range (rand, 100, 2000);
            }
        }
    }

  /* Parents: fix their times now that the children are placed. */
  for (guint i = 0; i < trace->tracks->len; i++)
    {
      StpTrack *track = stp_trace_get_track (trace, i);
      StpSlice *parent = NULL;
      gint64 end = 0;

      for (guint j = 0; j < track->slices->len; j++)
        {
          StpSlice *s = stp_track_get_slice (track, j);

          if (s->dur == 0)
            {
              if (parent != NULL)
                parent->dur = end - parent->ts + 20;
              parent = s;
              parent->ts = (j + 1 < track->slices->len) ? stp_track_get_slice (track, j + 1)->ts - 30 : end;
              end = parent->ts;
            }
          else
            end = MAX (end, stp_slice_end (s));
        }
      if (parent != NULL)
        parent->dur = MAX (1, end - parent->ts + 20);
    }

  g_rand_free (rand);
  g_assert_true (stp_trace_finish (trace, NULL, NULL));
  return trace;
}

static int
compare_doubles (const void *a,
                 const void *b)
{
  double da = *(const double *) a, db = *(const double *) b;
  return da < db ? -1 : da > db;
}

static void
bench (StpTrace    *trace,
       const char  *label,
       guint        n_frames,
       const char  *png_dir)
{
  g_autoptr(StpRenderIndex) index = NULL;
  g_autoptr(StpRenderLayout) layout = NULL;
  g_autoptr(StpRenderer) renderer = stp_renderer_new (NULL, NULL);
  cairo_surface_t *surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  gint64 t0;
  double span;
  static const double zooms[] = { 1, 10, 100, 1000, 10000, 100000, 1000000 };

  t0 = g_get_monotonic_time ();
  index = stp_render_index_new (trace, NULL, NULL);
  g_print ("render index %.2f s, %.1f MB (model %.0f MB)\n",
           (g_get_monotonic_time () - t0) / 1e6,
           stp_render_index_get_memory_size (index) / 1e6,
           stp_trace_get_memory_size (trace) / 1e6);
  layout = stp_render_layout_new (index);
  span = (double) (trace->end_ts - trace->start_ts);

  g_print ("%-12s %-14s %10s %10s %10s %10s %8s\n", "zoom", "visible", "median ms", "worst ms",
           "slices", "marks", "labels");

  for (guint z = 0; z < G_N_ELEMENTS (zooms); z++)
    {
      g_autofree double *times = g_new (double, n_frames);
      g_autofree char *visible = NULL;
      StpRenderView view;
      const StpRenderStats *stats = stp_renderer_get_stats (renderer);
      guint slices = 0, marks = 0, labels = 0;

      stp_render_view_init (&view, WIDTH, HEIGHT);
      view.origin_ns = trace->start_ts;
      stp_render_view_fit (&view, trace->start_ts, trace->end_ts);
      view.ns_per_px /= zooms[z];
      /* Start in the middle and pan a tenth of the view per frame. */
      view.start_ns = trace->start_ts + (gint64) (span / 2 - span / zooms[z] / 2);
      visible = stp_format_duration ((gint64) (view.ns_per_px * (WIDTH - view.gutter_width)));

      for (guint f = 0; f < n_frames + 2; f++)
        {
          cairo_t *cr = cairo_create (surface);
          gint64 start = g_get_monotonic_time ();

          stp_render_timeline (renderer, cr, &view, layout);
          cairo_surface_flush (surface);
          if (f >= 2)   /* the first frames warm the label cache */
            times[f - 2] = (g_get_monotonic_time () - start) / 1000.0;
          cairo_destroy (cr);

          slices = stats->slices;
          marks = stats->marks;
          labels = stats->labels;
          view.start_ns += (gint64) (view.ns_per_px * (WIDTH - view.gutter_width) / 10) * (zooms[z] == 1 ? 0 : 1);
        }

      if (png_dir != NULL)
        {
          g_autofree char *name = g_strdup_printf ("%s/bench-%s-zoom-%g.png", png_dir, label, zooms[z]);
          cairo_surface_write_to_png (surface, name);
        }

      qsort (times, n_frames, sizeof (double), compare_doubles);
      g_print ("%-12g %-14s %10.2f %10.2f %10u %10u %8u\n", zooms[z], visible,
               times[n_frames / 2], times[n_frames - 1], slices, marks, labels);
    }

  cairo_surface_destroy (surface);
}

int
main (int   argc,
      char *argv[])
{
  g_autofree char *slices = NULL;
  g_autofree char *png_dir = NULL;
  g_autofree char *trace_file = NULL;
  int frames = 30;
  GOptionEntry entries[] = {
    { "slices", 0, 0, G_OPTION_ARG_STRING, &slices, "Trace sizes, comma-separated", "N,N" },
    { "frames", 0, 0, G_OPTION_ARG_INT, &frames, "Frames per zoom level", "N" },
    { "png", 0, 0, G_OPTION_ARG_FILENAME, &png_dir, "Write the last frame of each level here", "DIR" },
    { "trace", 0, 0, G_OPTION_ARG_FILENAME, &trace_file, "Draw this trace file instead", "FILE" },
    { NULL }
  };
  g_autoptr(GOptionContext) context = g_option_context_new ("- timeline renderer frame times");
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) sizes = NULL;

  stp_buffer_fix_mmap_threshold ();
  setlocale (LC_ALL, "");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      g_printerr ("%s\n", error->message);
      return 1;
    }

  g_print ("Frames of %dx%d onto a cairo image surface; %d frames per zoom level, panning.\n",
           WIDTH, HEIGHT, frames);
  if (trace_file != NULL)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (trace_file);
      g_autoptr(StpTrace) trace = NULL;
      g_autofree char *label = g_file_get_basename (file);
      gint64 t0 = g_get_monotonic_time ();

      trace = stp_load_file (file, NULL, NULL, NULL, NULL, &error);
      if (trace == NULL)
        {
          g_printerr ("%s\n", error->message);
          return 1;
        }
      g_print ("\n%s, %u slices: loaded in %.1f s; ", label, stp_trace_count_slices (trace),
               (g_get_monotonic_time () - t0) / 1e6);
      bench (trace, label, MAX (frames, 3), png_dir);
      return 0;
    }

  sizes = g_strsplit (slices ? slices : "1000000,10000000", ",", -1);
  for (guint i = 0; sizes[i] != NULL; i++)
    {
      gint64 t0 = g_get_monotonic_time ();
      guint n = g_ascii_strtoull (sizes[i], NULL, 10);
      g_autoptr(StpTrace) trace = generate (n);
      g_autofree char *label = g_strdup_printf ("%u", n);

      g_print ("\n%u slices: generated and finished in %.1f s; ", stp_trace_count_slices (trace),
               (g_get_monotonic_time () - t0) / 1e6);
      bench (trace, label, MAX (frames, 3), png_dir);
    }

  return 0;
}
