/* test-render.c: the timeline renderer on a known trace, pixel by pixel
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-render"

#include <math.h>
#include <string.h>

#include "known-trace.h"
#include "render-test-util.h"
#include "stp-render-text.h"
#include "stp-renderer.h"

typedef struct
{
  StpTrace        *trace;
  StpRenderIndex  *index;
  StpRenderLayout *layout;
  StpRenderer     *renderer;
  cairo_surface_t *surface;
  StpRenderView    view;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  f->trace = known_trace_new ();
  f->index = stp_render_index_new (f->trace, NULL, NULL);
  f->layout = stp_render_layout_new (f->index);
  f->renderer = stp_renderer_new (NULL, NULL);
  f->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, 1000, 600);
  stp_render_view_init (&f->view, 1000, 600);
  f->view.origin_ns = f->trace->start_ts;
  /* 1000 ns .. 11000 ns over the 800 px timeline: 12.5 ns per pixel. */
  stp_render_view_fit (&f->view, 0, 10000);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  cairo_surface_destroy (f->surface);
  stp_renderer_free (f->renderer);
  stp_render_layout_free (f->layout);
  stp_render_index_unref (f->index);
  stp_trace_unref (f->trace);
}

static void
render (Fixture *f)
{
  cairo_t *cr = cairo_create (f->surface);

  stp_render_timeline (f->renderer, cr, &f->view, f->layout);
  cairo_destroy (cr);
  cairo_surface_flush (f->surface);
}

static StpColor
pixel (Fixture *f,
       double   x,
       double   y)
{
  return surface_pixel (f->surface, x, y);
}

static double
luminance (StpColor c)
{
  return 0.2126 * c.r + 0.7152 * c.g + 0.0722 * c.b;
}

/* Screen y of the middle of a slice row. */
static double
depth_center (Fixture *f,
              guint32  track,
              guint    depth)
{
  guint ri = stp_render_layout_find_track_row (f->layout, track);
  const StpRow *row;

  g_assert_cmpuint (ri, !=, STP_INDEX_NONE);
  row = stp_render_layout_get_row (f->layout, ri);
  return stp_render_layout_depth_y (row, depth) - f->view.scroll_y + f->view.ruler_height
         + STP_ROW_SLICE_HEIGHT / 2.0;
}

static guint32
find_thread (StpTrace *trace,
             gint64    pid,
             gint64    tid)
{
  guint32 process = stp_trace_find_process (trace, pid, 0);

  return stp_trace_find_thread (trace, process, tid, 0);
}

static void
test_layout_rows (Fixture       *f,
                  gconstpointer  data)
{
  guint32 t10 = find_thread (f->trace, 1, 10);
  const StpRow *row;
  guint n = stp_render_layout_get_n_rows (f->layout);
  guint processes = 0;

  /* Global row, then per process a header and its rows, in process_order. */
  row = stp_render_layout_get_row (f->layout, 0);
  g_assert_cmpint (row->kind, ==, STP_ROW_GLOBAL);

  for (guint i = 0; i < n; i++)
    {
      row = stp_render_layout_get_row (f->layout, i);
      if (i > 0)
        g_assert_cmpfloat (row->y, ==, stp_render_layout_get_row (f->layout, i - 1)->y +
                                       stp_render_layout_get_row (f->layout, i - 1)->height);
      if (row->kind == STP_ROW_PROCESS)
        {
          g_assert_cmpuint (row->process, ==, g_array_index (f->trace->process_order, guint32, processes));
          processes++;
        }
    }
  g_assert_cmpuint (processes, ==, f->trace->processes->len);

  /* A track is as tall as its nesting: A holds B, so two depths. */
  row = stp_render_layout_get_row (f->layout, stp_render_layout_find_track_row (f->layout, t10));
  g_assert_cmpstr (row->label, ==, "worker");
  g_assert_cmpfloat (row->height, ==, 2 * STP_ROW_SLICE_HEIGHT + 2 * STP_ROW_PADDING);

  /* Collapsing a process hides its tracks and moves what follows up. */
  {
    double before = stp_render_layout_get_height (f->layout);
    guint32 compute = stp_trace_find_process (f->trace, 1, 0);

    stp_render_layout_set_collapsed (f->layout, compute, TRUE);
    g_assert_cmpuint (stp_render_layout_find_track_row (f->layout, t10), ==, STP_INDEX_NONE);
    g_assert_cmpfloat (stp_render_layout_get_height (f->layout), <, before);
    stp_render_layout_set_collapsed (f->layout, compute, FALSE);
    g_assert_cmpfloat (stp_render_layout_get_height (f->layout), ==, before);
  }
}

static void
test_slice_pixels (Fixture       *f,
                   gconstpointer  data)
{
  guint32 t10 = find_thread (f->trace, 1, 10);
  guint32 t11 = find_thread (f->trace, 1, 11);
  double y0 = depth_center (f, t10, 0);
  double y1 = depth_center (f, t10, 1);
  double xa = stp_render_view_time_to_x (&f->view, 1500);
  double xb = stp_render_view_time_to_x (&f->view, 2500);
  double xd = stp_render_view_time_to_x (&f->view, 7000);
  StpColor bg = stp_render_style_get (FALSE)->view_bg;
  StpHit hit;

  render (f);

  /* A at depth 0, B nested under it at depth 1, each in its name's colour. */
  g_assert_true (color_near (pixel (f, xa, y0 + 6), stp_render_slice_color (f->layout, stp_trace_intern0 (f->trace, "A"), FALSE)));
  g_assert_true (color_near (pixel (f, xb, y1 + 6), stp_render_slice_color (f->layout, stp_trace_intern0 (f->trace, "B"), FALSE)));
  /* Before A: nothing. */
  g_assert_true (color_near (pixel (f, stp_render_view_time_to_x (&f->view, 500), y0), bg));
  /* D on the other thread. */
  g_assert_true (color_near (pixel (f, xd, depth_center (f, t11, 0) + 6),
                             stp_render_slice_color (f->layout, stp_trace_intern0 (f->trace, "D"), FALSE)));

  /* Hit-testing agrees with what is drawn. */
  g_assert_true (stp_render_layout_hit_test (f->layout, &f->view, xa, y0, &hit));
  g_assert_cmpint (hit.kind, ==, STP_HIT_SLICE);
  g_assert_cmpuint (hit.track, ==, t10);
  g_assert_cmpstr (stp_trace_str (f->trace, stp_track_get_slice (stp_trace_get_track (f->trace, t10), hit.index)->name), ==, "A");

  g_assert_true (stp_render_layout_hit_test (f->layout, &f->view, xb, y1, &hit));
  g_assert_cmpint (hit.kind, ==, STP_HIT_SLICE);
  g_assert_cmpstr (stp_trace_str (f->trace, stp_track_get_slice (stp_trace_get_track (f->trace, t10), hit.index)->name), ==, "B");

  g_assert_true (stp_render_layout_hit_test (f->layout, &f->view, 10, y0, &hit));
  g_assert_cmpint (hit.kind, ==, STP_HIT_TRACK_LABEL);
  g_assert_true (stp_render_layout_hit_test (f->layout, &f->view, 500, 5, &hit));
  g_assert_cmpint (hit.kind, ==, STP_HIT_RULER);

  /* Dark style: the same slice in the dark palette. */
  f->view.flags |= STP_RENDER_DARK;
  render (f);
  g_assert_true (color_near (pixel (f, xa, y0 + 6), stp_render_slice_color (f->layout, stp_trace_intern0 (f->trace, "A"), TRUE)));
  g_assert_true (color_near (pixel (f, stp_render_view_time_to_x (&f->view, 500), y0), stp_render_style_get (TRUE)->view_bg));
}

/* The selection and search marks, drawn by the renderer itself. */
static void
test_highlights (Fixture       *f,
                 gconstpointer  data)
{
  const StpRenderStyle *style = stp_render_style_get (FALSE);
  guint32 t10 = find_thread (f->trace, 1, 10);
  guint32 t11 = find_thread (f->trace, 1, 11);
  const StpTrack *track10 = stp_trace_get_track (f->trace, t10);
  guint32 a = STP_INDEX_NONE, b = STP_INDEX_NONE;
  StpRenderHighlights h = { STP_ITEM_REF_NONE };
  double ya = depth_center (f, t10, 0);
  double yb = depth_center (f, t10, 1);
  double xa0 = floor (stp_render_view_time_to_x (&f->view, 1000));
  double xb0 = floor (stp_render_view_time_to_x (&f->view, 2000));
  double x_inside = stp_render_view_time_to_x (&f->view, 1500);
  StpColor a_color = stp_render_slice_color (f->layout, stp_trace_intern0 (f->trace, "A"), FALSE);
  StpColor before_outline, before_match;

  for (guint32 i = 0; i < track10->slices->len; i++)
    {
      const char *name = stp_trace_str (f->trace, stp_track_get_slice (track10, i)->name);

      if (g_str_equal (name, "A"))
        a = i;
      else if (g_str_equal (name, "B"))
        b = i;
    }
  g_assert_cmpuint (a, !=, STP_INDEX_NONE);
  g_assert_cmpuint (b, !=, STP_INDEX_NONE);

  render (f);
  before_outline = pixel (f, xa0 - 1, ya);
  before_match = pixel (f, xb0 - 1, yb);
  g_assert_false (color_near (before_outline, style->accent));

  /* A selected: outlined in the accent colour, still filled with its own. */
  h.selected = stp_item_ref_slice (t10, a);
  f->view.highlights = &h;
  render (f);
  g_assert_true (color_near (pixel (f, xa0 - 1, ya), style->accent));
  g_assert_true (color_near (pixel (f, x_inside, ya + 4), a_color));

  /* B a search match: outlined in the match colour. */
  h.selected = STP_ITEM_REF_NONE;
  h.matches = g_array_new (FALSE, FALSE, sizeof (StpItemRef));
  {
    StpItemRef m = stp_item_ref_slice (t10, b);

    m.ts = stp_track_get_slice (track10, b)->ts;
    g_array_append_val (h.matches, m);
    h.matches_max_dur = stp_track_get_slice (track10, b)->dur;
  }
  render (f);
  g_assert_true (color_near (pixel (f, xb0 - 1, yb), style->match));
  g_assert_false (color_near (before_match, style->match));
  /* Only B: A's edge is as before. */
  g_assert_true (color_near (pixel (f, xa0 - 1, ya), before_outline));
  g_clear_pointer (&h.matches, g_array_unref);

  /* The selection's flow is drawn even with arrows off. */
  {
    const StpFlow *flow = &g_array_index (f->trace->flows, StpFlow, 0);
    guint32 flows[] = { 0 };
    double x0, y0, x1, y1, mx, my;

    g_assert_true (stp_render_flow_points (f->layout, &f->view, flow, &x0, &y0, &x1, &y1));
    /* The S-curve's middle. */
    mx = (x0 + x1) / 2;
    my = (y0 + y1) / 2 - f->view.scroll_y + f->view.ruler_height;
    f->view.flags &= ~STP_RENDER_SHOW_FLOWS;
    h.flows = NULL;
    h.n_flows = 0;
    render (f);
    g_assert_false (color_near (pixel (f, mx, my), style->accent));
    h.flows = flows;
    h.n_flows = 1;
    render (f);
    g_assert_true (color_near (pixel (f, mx, my), style->accent) ||
                   color_near (pixel (f, mx, my + 1), style->accent) ||
                   color_near (pixel (f, mx, my - 1), style->accent));
    h.n_flows = 0;
    g_assert_cmpuint (stp_renderer_get_stats (f->renderer)->flows, ==, 1);
  }

  /* An area over thread 11 from 6000 to 9000: its row is tinted there,
   * thread 10's row is not, nor thread 11's row outside the range. */
  {
    g_autoptr(StpArea) area = stp_area_new (6000, 9000);
    guint ri = stp_render_layout_find_track_row (f->layout, t11);
    const StpRow *row = stp_render_layout_get_row (f->layout, ri);
    double strip_y = row->y + STP_ROW_PADDING + 2 - f->view.scroll_y + f->view.ruler_height;
    double x_in = stp_render_view_time_to_x (&f->view, 8500);
    double x_out = stp_render_view_time_to_x (&f->view, 9500);
    StpColor in_before, out_before, other_before;

    h.flows = NULL;
    render (f);
    in_before = pixel (f, x_in, strip_y);
    out_before = pixel (f, x_out, strip_y);
    other_before = pixel (f, x_in, depth_center (f, t10, 0));

    stp_area_add_track (area, t11);
    h.area = area;
    render (f);
    g_assert_false (color_near (pixel (f, x_in, strip_y), in_before));
    g_assert_true (color_near (pixel (f, x_out, strip_y), out_before));
    g_assert_true (color_near (pixel (f, x_in, depth_center (f, t10, 0)), other_before));
    h.area = NULL;
  }

  f->view.highlights = NULL;
}

static void
test_flow_arrow (Fixture       *f,
                 gconstpointer  data)
{
  const StpFlow *flow = &g_array_index (f->trace->flows, StpFlow, 0);
  guint32 t10 = find_thread (f->trace, 1, 10);
  guint32 t11 = find_thread (f->trace, 1, 11);
  double x0, y0, x1, y1;
  StpColor d;

  /* The flow leaves B (deepest slice at 3000 ends there: A or B) and
   * ends on D, which starts at 4000. */
  g_assert_true (stp_render_flow_points (f->layout, &f->view, flow, &x0, &y0, &x1, &y1));
  g_assert_cmpfloat_with_epsilon (x0, stp_render_view_time_to_x (&f->view, 3000), 0.01);
  g_assert_cmpfloat_with_epsilon (x1, stp_render_view_time_to_x (&f->view, 4000), 0.01);
  g_assert_cmpfloat_with_epsilon (y1 - f->view.scroll_y + f->view.ruler_height, depth_center (f, t11, 0), 0.01);
  g_assert_cmpuint (flow->src.track, ==, t10);

  f->view.flags |= STP_RENDER_SHOW_FLOWS;
  render (f);

  /* The head, just left of the end, is drawn dark over the light slices;
   * so is the dot at the start. */
  y1 = y1 - f->view.scroll_y + f->view.ruler_height;
  y0 = y0 - f->view.scroll_y + f->view.ruler_height;
  g_assert_cmpfloat (luminance (pixel (f, x1 - 2, y1)), <, 0.5);
  g_assert_cmpfloat (luminance (pixel (f, x0, y0)), <, 0.5);

  /* Without flows, the same pixel is the slice's colour again. */
  f->view.flags &= ~STP_RENDER_SHOW_FLOWS;
  render (f);
  d = pixel (f, x1 + 3, y1);
  g_assert_true (color_near (d, stp_render_slice_color (f->layout, stp_trace_intern0 (f->trace, "D"), FALSE)));
  g_assert_cmpfloat (luminance (pixel (f, x0, y0)), >, 0.5);
}

static void
test_counter (Fixture       *f,
              gconstpointer  data)
{
  guint32 allocators = stp_trace_find_process (f->trace, 2, 0);
  const StpProcess *p = stp_trace_get_process (f->trace, allocators);
  guint32 track = g_array_index (p->tracks, guint32, 0);
  const StpRow *row = stp_render_layout_get_row (f->layout, stp_render_layout_find_track_row (f->layout, track));
  double top = row->y - f->view.scroll_y + f->view.ruler_height;
  double bottom = top + row->height;
  StpColor fill = stp_render_slice_color (f->layout, stp_trace_intern0 (f->trace, "GPU_0_bfc"), FALSE);
  double x_full = stp_render_view_time_to_x (&f->view, 4000);
  double x_low = stp_render_view_time_to_x (&f->view, 8000);
  StpHit hit;

  render (f);

  /* At 100 (the maximum) the graph fills nearly the whole row; at 40 only
   * the lower part. */
  g_assert_true (color_near (pixel (f, x_full, top + 12), fill));
  g_assert_true (color_near (pixel (f, x_low, bottom - 8), fill));
  g_assert_false (color_near (pixel (f, x_low, top + 14), fill));

  g_assert_true (stp_render_layout_hit_test (f->layout, &f->view, x_low, bottom - 8, &hit));
  g_assert_cmpint (hit.kind, ==, STP_HIT_COUNTER);
  g_assert_cmpfloat (hit.value, ==, 40);

  /* The allocator maximum is marked at its peak time in the peak colour. */
  {
    double xp = round (stp_render_view_time_to_x (&f->view, 2000));

    g_assert_true (color_near (pixel (f, xp, top + 7), stp_render_style_get (FALSE)->peak));
  }
}

static void
test_objects (Fixture       *f,
              gconstpointer  data)
{
  guint32 tensors = stp_trace_find_process (f->trace, 3, 0);
  guint ri = STP_INDEX_NONE;
  StpHit hit;

  for (guint i = 0; i < stp_render_layout_get_n_rows (f->layout); i++)
    if (stp_render_layout_get_row (f->layout, i)->kind == STP_ROW_OBJECTS)
      ri = i;
  g_assert_cmpuint (ri, !=, STP_INDEX_NONE);
  g_assert_cmpuint (stp_render_layout_get_row (f->layout, ri)->process, ==, tensors);

  {
    const StpRow *row = stp_render_layout_get_row (f->layout, ri);
    double y = row->y + row->slices_y + row->lane_height / 2 - f->view.scroll_y + f->view.ruler_height;
    double x = stp_render_view_time_to_x (&f->view, 2000);

    render (f);
    g_assert_true (color_near (pixel (f, x, y), stp_render_slice_color (f->layout, stp_trace_intern0 (f->trace, "tensor_a"), FALSE)));
    g_assert_true (stp_render_layout_hit_test (f->layout, &f->view, x, y, &hit));
    g_assert_cmpint (hit.kind, ==, STP_HIT_OBJECT);
    g_assert_cmpstr (stp_trace_str (f->trace, g_array_index (f->trace->objects, StpObject, hit.index).name), ==, "tensor_a");
  }

  /* One lane is tall enough for a name: the bar's start carries it. */
  {
    const StpRow *row = stp_render_layout_get_row (f->layout, ri);
    const StpObject *o = &g_array_index (f->trace->objects, StpObject, hit.index);
    StpColor bar = stp_render_slice_color (f->layout, o->name, FALSE);
    double y0 = row->y + row->slices_y - f->view.scroll_y + f->view.ruler_height;
    double x0 = MAX (stp_render_view_time_to_x (&f->view, o->create_ts), f->view.gutter_width);
    double x1 = MIN (x0 + 40, stp_render_view_time_to_x (&f->view, o->delete_ts));
    guint text = 0;

    g_assert_cmpfloat (row->lane_height, >=, 12);
    for (double y = y0 + 2; y < y0 + row->lane_height - 2; y++)
      for (double x = x0 + 3; x < x1; x++)
        text += !color_near (pixel (f, x, y), bar);
    g_assert_cmpuint (text, >, 10);
  }
}

/* A folded process's header graphs the share of its threads busy:
 * Compute's thread 10 runs A [1000,5000) and C [6000,9000), thread 11
 * D [4000,8000): half its height at 3000, all of it at 4500. */
static void
test_folded_activity (Fixture       *f,
                      gconstpointer  data)
{
  const StpRenderStyle *style = stp_render_style_get (FALSE);
  guint32 compute = stp_trace_find_process (f->trace, 1, 0);
  double low, high;

  /* Open: no graph, its rows say it. */
  render (f);
  g_assert_true (color_near (pixel (f, stp_render_view_time_to_x (&f->view, 3000), activity_y (f->layout, &f->view, compute)),
                             style->header_bg));

  stp_render_layout_set_collapsed (f->layout, compute, TRUE);
  low = activity_y (f->layout, &f->view, compute);
  high = header_y (f->layout, &f->view, compute, -7);
  render (f);
  for (gint64 t = 1100; t < 9000; t += 400)
    g_assert_true (color_near (pixel (f, stp_render_view_time_to_x (&f->view, t), low), style->accent));
  g_assert_true (color_near (pixel (f, stp_render_view_time_to_x (&f->view, 500), low), style->header_bg));
  g_assert_true (color_near (pixel (f, stp_render_view_time_to_x (&f->view, 9600), low), style->header_bg));
  g_assert_true (color_near (pixel (f, stp_render_view_time_to_x (&f->view, 4500), high), style->accent));
  g_assert_true (color_near (pixel (f, stp_render_view_time_to_x (&f->view, 3000), high), style->header_bg));
}

/* Folded instants (drawn by a derived counter) get no strip, no
 * triangles and no hits; a thread's other instants keep theirs. */
static void
test_folded_instants (void)
{
  g_autoptr(StpTrace) trace = stp_trace_new (STP_FORMAT_CHROME_JSON, "folded.json");
  guint32 process = stp_trace_add_process (trace, 1, 0);
  guint32 folded_only = stp_trace_add_thread (trace, process, 1, 0);
  guint32 mixed = stp_trace_add_thread (trace, process, 2, 0);
  g_autoptr(StpRenderIndex) index = NULL;
  g_autoptr(StpRenderLayout) layout = NULL;
  const StpRow *a, *b;
  StpRenderView view;
  StpHit hit;

  for (guint i = 0; i < 2; i++)
    {
      StpSlice *s = stp_trace_add_instant (trace, i == 0 ? folded_only : mixed);

      s->ts = 1000;
      s->name = stp_trace_intern0 (trace, "[memory]");
      s->seq = stp_trace_next_seq (trace);
      s->flags |= STP_SLICE_FOLDED;
    }
  {
    StpSlice *s = stp_trace_add_instant (trace, mixed);

    s->ts = 5000;
    s->name = stp_trace_intern0 (trace, "mark");
    s->seq = stp_trace_next_seq (trace);
  }
  g_assert_true (stp_trace_finish (trace, NULL, NULL));
  index = stp_render_index_new (trace, NULL, NULL);
  layout = stp_render_layout_new (index);

  a = stp_render_layout_get_row (layout, stp_render_layout_find_track_row (layout, folded_only));
  b = stp_render_layout_get_row (layout, stp_render_layout_find_track_row (layout, mixed));
  g_assert_cmpfloat (a->slices_y, ==, STP_ROW_PADDING);
  g_assert_cmpfloat (b->slices_y, ==, STP_ROW_PADDING + STP_ROW_INSTANT_STRIP);

  stp_render_view_init (&view, 1000, 400);
  stp_render_view_fit (&view, 0, 10000);
  g_assert_true (stp_render_layout_hit_test (layout, &view, stp_render_view_time_to_x (&view, 1000),
                                             b->y + view.ruler_height + 4, &hit));
  g_assert_cmpint (hit.kind, !=, STP_HIT_INSTANT);
  g_assert_true (stp_render_layout_hit_test (layout, &view, stp_render_view_time_to_x (&view, 5000),
                                             b->y + view.ruler_height + 4, &hit));
  g_assert_cmpint (hit.kind, ==, STP_HIT_INSTANT);
}

static void
test_ticks (void)
{
  int minor;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *c = NULL;
  g_autofree char *d = NULL;

  g_assert_cmpint (stp_render_tick_step (1.0, 100, &minor), ==, 100);
  g_assert_cmpint (stp_render_tick_step (3.0, 100, &minor), ==, 500);
  g_assert_cmpint (stp_render_tick_step (1500.0, 100, &minor), ==, 200000);
  g_assert_cmpint (minor, ==, 4);
  g_assert_cmpint (stp_render_tick_step (0.01, 100, &minor), ==, 1);

  a = stp_format_time (200000, 200000);
  g_assert_cmpstr (a, ==, "200 µs");
  b = stp_format_time (1500000, 500000);
  g_assert_cmpstr (b, ==, "1.5 ms");
  c = stp_format_time (3000000000, 1000000000);
  g_assert_cmpstr (c, ==, "3 s");
  d = stp_format_duration (1234567);
  g_assert_cmpstr (d, ==, "1.235 ms");
}

/* Zoom down to single nanoseconds far from zero keeps integer time. */
static void
test_precision (void)
{
  StpRenderView view;
  gint64 far = G_GINT64_CONSTANT (1700000000000000000);

  stp_render_view_init (&view, 1000, 100);
  view.start_ns = far;
  view.ns_per_px = 0.1;   /* 10 px per ns */
  g_assert_cmpint (stp_render_view_x_to_time (&view, view.gutter_width + 15), ==, far + 1);
  g_assert_cmpfloat_with_epsilon (stp_render_view_time_to_x (&view, far + 7), view.gutter_width + 70, 1e-6);
}

/* Names that do not fit lose their namespaces first, then their middle,
 * so that "aten::" and a step number's digits are not what is left. */
static void
test_fit_name (void)
{
  g_autoptr(PangoFontDescription) font = pango_font_description_from_string ("Sans 9");
  g_autoptr(StpTextCache) cache = stp_text_cache_new (font, NULL);
  double whole = stp_text_cache_measure (cache, "aten::convolution_backward");
  double bare = stp_text_cache_measure (cache, "convolution_backward");
  double step = stp_text_cache_measure (cache, "ProfilerStep#12");
  double digits = stp_text_cache_measure (cache, "12");
  StpTextFit fit;

  g_assert_cmpfloat (bare, <, whole);

  stp_text_cache_fit_name (cache, "aten::convolution_backward", whole, &fit);
  g_assert_cmpuint (fit.skip, ==, 0);
  g_assert_false (fit.elided);
  g_assert_cmpfloat (fit.width, ==, whole);

  stp_text_cache_fit_name (cache, "aten::convolution_backward", (bare + whole) / 2, &fit);
  g_assert_cmpuint (fit.skip, ==, strlen ("aten::"));
  g_assert_false (fit.elided);
  g_assert_cmpfloat (fit.width, ==, bare);

  /* Too narrow even without it: the start and the end of the bare name. */
  stp_text_cache_fit_name (cache, "aten::convolution_backward", bare * 0.6, &fit);
  g_assert_cmpuint (fit.skip, ==, strlen ("aten::"));
  g_assert_true (fit.elided);
  g_assert_cmpfloat (fit.head, >, 0);
  g_assert_cmpfloat (fit.tail, >, 0);
  g_assert_cmpfloat (fit.width, <=, bare * 0.6);

  /* Nested namespaces go one at a time. */
  stp_text_cache_fit_name (cache, "torch::autograd::AccumulateGrad",
                           stp_text_cache_measure (cache, "autograd::AccumulateGrad"), &fit);
  g_assert_cmpuint (fit.skip, ==, strlen ("torch::"));

  /* `::` inside the arguments is not a namespace of the name. */
  stp_text_cache_fit_name (cache, "f(at::Tensor)", stp_text_cache_measure (cache, "f(at::Tensor)") - 1, &fit);
  g_assert_cmpuint (fit.skip, ==, 0);
  g_assert_true (fit.elided);

  /* A step keeps its number. */
  stp_text_cache_fit_name (cache, "ProfilerStep#12", step * 0.75, &fit);
  g_assert_true (fit.elided);
  g_assert_cmpfloat (fit.tail, >=, digits);

  /* Room for less than two characters and the ellipsis: nothing. */
  stp_text_cache_fit_name (cache, "ProfilerStep#12", 4, &fit);
  g_assert_cmpfloat (fit.width, ==, 0);

  /* Too narrow for three characters of the end: the end goes ("Con…",
   * not "Co…D"). */
  {
    double narrow = stp_text_cache_measure (cache, "Conv") + stp_text_cache_measure (cache, "…");

    stp_text_cache_fit_name (cache, "Conv2D", narrow, &fit);
    g_assert_true (fit.elided);
    g_assert_cmpfloat (fit.tail, ==, 0);
    g_assert_cmpfloat (fit.head, >=, stp_text_cache_measure (cache, "Co"));
  }
}

/* Times as users type them. */
static void
test_parse_time (void)
{
  const struct { const char *text; gint64 ns; } good[] = {
    { "12.5 ms", 12500000 }, { "300us", 300000 }, { "300 µs", 300000 }, { "2s", 2000000000 },
    { " 40 ns ", 40 }, { "1.5", 1500000 }, { "0", 0 }, { "1e3 ns", 1000 }, { "4 MS", 4000000 },
  };
  const char *bad[] = { "", "ms", "soon", "12 parsecs", "nan", "1e300 s", NULL };
  gint64 ns;

  for (guint i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_assert_true (stp_parse_time (good[i].text, &ns));
      g_assert_cmpint (ns, ==, good[i].ns);
    }
  for (guint i = 0; bad[i] != NULL; i++)
    g_assert_false (stp_parse_time (bad[i], &ns));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/render/layout-rows", Fixture, NULL, fixture_set_up, test_layout_rows, fixture_tear_down);
  g_test_add ("/render/slice-pixels", Fixture, NULL, fixture_set_up, test_slice_pixels, fixture_tear_down);
  g_test_add ("/render/flow-arrow", Fixture, NULL, fixture_set_up, test_flow_arrow, fixture_tear_down);
  g_test_add ("/render/highlights", Fixture, NULL, fixture_set_up, test_highlights, fixture_tear_down);
  g_test_add ("/render/counter", Fixture, NULL, fixture_set_up, test_counter, fixture_tear_down);
  g_test_add ("/render/objects", Fixture, NULL, fixture_set_up, test_objects, fixture_tear_down);
  g_test_add ("/render/folded-activity", Fixture, NULL, fixture_set_up, test_folded_activity, fixture_tear_down);
  g_test_add_func ("/render/folded-instants", test_folded_instants);
  g_test_add_func ("/render/ticks", test_ticks);
  g_test_add_func ("/render/fit-name", test_fit_name);
  g_test_add_func ("/render/parse-time", test_parse_time);
  g_test_add_func ("/render/precision", test_precision);

  return g_test_run ();
}
