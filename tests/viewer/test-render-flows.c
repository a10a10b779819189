/* test-render-flows.c: which flow arrows a frame draws, and finding them
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A trace shaped like a profile's launches: a CPU thread of 1 µs ops,
 * each launching a kernel on a GPU stream 400 ns later, a flow from each
 * op to its kernel, and a few flows spanning milliseconds.
 */

#define G_LOG_DOMAIN "test-render-flows"

#include "stp-renderer.h"

#define N_OPS      20000
#define N_LONG     7
#define WIDTH      1000
#define HEIGHT     600

typedef struct
{
  StpTrace        *trace;
  StpRenderIndex  *index;
  StpRenderLayout *layout;
  StpRenderer     *renderer;
  cairo_surface_t *surface;
  StpRenderView    view;
  StpRenderHighlights highlights;
} Fixture;

static void
add_slice (StpTrace *trace,
           guint32   track,
           gint64    ts,
           gint64    dur)
{
  StpSlice *s = stp_trace_add_slice (trace, track);

  s->ts = ts;
  s->dur = dur;
  s->name = stp_trace_intern0 (trace, track == 0 ? "launch" : "kernel");
  s->seq = stp_trace_next_seq (trace);
}

static void
add_flow (StpTrace *trace,
          guint32   src_track,
          gint64    src_ts,
          guint32   dst_track,
          gint64    dst_ts)
{
  StpFlow *flow = stp_trace_add_flow (trace);

  flow->name = stp_trace_intern0 (trace, "launch");
  flow->src.ts = src_ts;
  flow->src.track = src_track;
  flow->src.phase = 's';
  flow->src.seq = stp_trace_next_seq (trace);
  flow->dst.ts = dst_ts;
  flow->dst.track = dst_track;
  flow->dst.phase = 'f';
  flow->dst.seq = stp_trace_next_seq (trace);
}

/* A trace of one process with two threads, tids 1 and 2. */
static StpTrace *
two_threads_new (const char *name,
                 guint32    *cpu,
                 guint32    *gpu)
{
  StpTrace *trace = stp_trace_new (STP_FORMAT_CHROME_JSON, name);
  guint32 process = stp_trace_add_process (trace, 1, 0);

  *cpu = stp_trace_add_thread (trace, process, 1, 0);
  *gpu = stp_trace_add_thread (trace, process, 2, 0);
  return trace;
}

static StpTrace *
launches_new (void)
{
  guint32 cpu, gpu;
  StpTrace *trace = two_threads_new ("launches", &cpu, &gpu);

  g_assert_cmpuint (cpu, ==, 0);
  for (guint i = 0; i < N_OPS; i++)
    {
      add_slice (trace, cpu, i * 1000, 900);
      add_slice (trace, gpu, i * 1000 + 500, 400);
    }
  for (guint i = 0; i < N_OPS; i++)
    add_flow (trace, cpu, i * 1000 + 100, gpu, i * 1000 + 500);
  /* Long ones, across a few milliseconds each. */
  for (guint i = 0; i < N_LONG; i++)
    add_flow (trace, cpu, i * 2000000 + 200, gpu, i * 2000000 + 3000500);

  g_assert_true (stp_trace_finish (trace, NULL, NULL));
  return trace;
}

/* The launches' flows in a shuffled order, as a merge or a trace
 * written out of order gives them: the index sorts what it finds. */
static StpTrace *
shuffled_new (void)
{
  guint32 cpu, gpu;
  StpTrace *trace = two_threads_new ("shuffled", &cpu, &gpu);
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autofree guint *order = g_new (guint, N_OPS + N_LONG);

  for (guint i = 0; i < N_OPS; i++)
    {
      add_slice (trace, cpu, i * 1000, 900);
      add_slice (trace, gpu, i * 1000 + 500, 400);
    }
  for (guint i = 0; i < N_OPS + N_LONG; i++)
    order[i] = i;
  for (guint i = N_OPS + N_LONG; i > 1; i--)
    {
      guint j = g_rand_int_range (rand, 0, i);
      guint t = order[i - 1];

      order[i - 1] = order[j];
      order[j] = t;
    }
  for (guint k = 0; k < N_OPS + N_LONG; k++)
    {
      guint i = order[k];

      if (i < N_OPS)
        add_flow (trace, cpu, i * 1000 + 100, gpu, i * 1000 + 500);
      else
        add_flow (trace, cpu, (i - N_OPS) * 2000000 + 200, gpu, (i - N_OPS) * 2000000 + 3000500);
    }

  g_assert_true (stp_trace_finish (trace, NULL, NULL));
  return trace;
}

/* 120 steep arrows side by side, from one thread down to the next. */
static StpTrace *
crowd_new (void)
{
  guint32 cpu, gpu;
  StpTrace *trace = two_threads_new ("crowd", &cpu, &gpu);

  for (guint i = 0; i < 120; i++)
    {
      add_slice (trace, cpu, i * 10000, 1000);
      add_slice (trace, gpu, i * 10000 + 5000, 1000);
      add_flow (trace, cpu, i * 10000 + 500, gpu, i * 10000 + 5000);
    }
  g_assert_true (stp_trace_finish (trace, NULL, NULL));
  return trace;
}

typedef StpTrace *(*TraceNew) (void);

static const TraceNew with_crowd = crowd_new;
static const TraceNew with_shuffled = shuffled_new;

/* data: a TraceNew for the trace, or NULL for launches_new()'s. */
static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  const TraceNew *trace_new = data;

  f->trace = trace_new != NULL ? (*trace_new) () : launches_new ();
  f->index = stp_render_index_new (f->trace, NULL, NULL);
  f->layout = stp_render_layout_new (f->index);
  f->renderer = stp_renderer_new (NULL, NULL);
  f->surface = cairo_image_surface_create (CAIRO_FORMAT_ARGB32, WIDTH, HEIGHT);
  stp_render_view_init (&f->view, WIDTH, HEIGHT);
  f->view.origin_ns = f->trace->start_ts;
  f->view.flags = STP_RENDER_SHOW_FLOWS;
  f->view.highlights = &f->highlights;
  f->highlights.selected = STP_ITEM_REF_NONE;
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

static guint
render (Fixture *f)
{
  cairo_t *cr = cairo_create (f->surface);

  stp_render_timeline (f->renderer, cr, &f->view, f->layout);
  cairo_destroy (cr);
  return stp_renderer_get_stats (f->renderer)->flows;
}

/* The middle of a flow's curve, on screen. */
static void
flow_middle (Fixture *f,
             guint32  index,
             double  *x,
             double  *y)
{
  double x0, y0, x1, y1;

  g_assert_true (stp_render_flow_points (f->layout, &f->view,
                                         &g_array_index (f->trace->flows, StpFlow, index),
                                         &x0, &y0, &x1, &y1));
  *x = (x0 + x1) / 2;
  *y = (y0 + y1) / 2 - f->view.scroll_y + f->view.ruler_height;
}

static int
compare_u32 (gconstpointer a,
             gconstpointer b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;

  return x < y ? -1 : x > y;
}

/* The index answers as a walk over every flow would. */
static void
test_index (Fixture       *f,
            gconstpointer  data)
{
  StpFlowIndex *index = stp_render_index_get_flows (f->index);
  static const gint64 windows[][2] = {
    { 0, 5000 }, { 1234, 1734 }, { 2999000, 3001000 }, { -100, 0 }, { 19999000, 30000000 },
    { 500, 500 }, { 0, G_MAXINT64 - 1 }, { 4000000, 4100000 },
  };

  for (guint w = 0; w < G_N_ELEMENTS (windows); w++)
    for (int q = STP_FLOW_QUERY_CROSSING; q <= STP_FLOW_QUERY_INSIDE; q++)
      {
        gint64 t0 = windows[w][0], t1 = windows[w][1];
        g_autoptr(GArray) got = g_array_new (FALSE, FALSE, sizeof (guint32));
        g_autoptr(GArray) want = g_array_new (FALSE, FALSE, sizeof (guint32));

        g_assert_true (stp_flow_index_collect (index, q, t0, t1, 1, G_MAXUINT, got));
        g_assert_cmpuint (stp_flow_index_count (index, q, t0, t1), >=, got->len);
        for (guint32 i = 0; i < f->trace->flows->len; i++)
          {
            const StpFlow *flow = &g_array_index (f->trace->flows, StpFlow, i);
            gint64 lo = MIN (flow->src.ts, flow->dst.ts), hi = MAX (flow->src.ts, flow->dst.ts);

            if (q == STP_FLOW_QUERY_CROSSING ? (lo <= t1 && hi >= t0) : (lo >= t0 && hi <= t1))
              g_array_append_val (want, i);
          }
        g_array_sort (got, compare_u32);
        g_assert_cmpuint (got->len, ==, want->len);
        g_assert_cmpmem (got->data, got->len * 4, want->data, want->len * 4);
      }

  /* A visit limit stops the query, and says so. */
  {
    g_autoptr(GArray) got = g_array_new (FALSE, FALSE, sizeof (guint32));

    g_assert_false (stp_flow_index_collect (index, STP_FLOW_QUERY_CROSSING, 0, G_MAXINT64 - 1, 1, 100, got));
    g_assert_cmpuint (got->len, <=, 100);
  }
}

/* A slice's flows, in flow order, as a walk over every flow finds them. */
static void
test_slice_flows_walk (Fixture       *f,
                       gconstpointer  data)
{
  StpFlowIndex *index = stp_render_index_get_flows (f->index);

  for (guint32 track = 0; track < 2; track++)
    for (guint32 slice = 0; slice < N_OPS; slice += 97)
      {
        g_autoptr(GArray) got = g_array_new (FALSE, FALSE, sizeof (guint32));
        g_autoptr(GArray) want = g_array_new (FALSE, FALSE, sizeof (guint32));

        stp_flow_index_slice_flows (index, track, slice, got);
        for (guint32 i = 0; i < f->trace->flows->len; i++)
          {
            const StpFlow *flow = &g_array_index (f->trace->flows, StpFlow, i);

            if ((flow->src.track == track && flow->src.slice == slice) ||
                (flow->dst.track == track && flow->dst.slice == slice))
              g_array_append_val (want, i);
          }
        g_assert_cmpuint (want->len, >, 0);
        g_assert_cmpuint (got->len, ==, want->len);
        g_assert_cmpmem (got->data, got->len * 4, want->data, want->len * 4);
      }
}

static void
test_slice_flows (Fixture       *f,
                  gconstpointer  data)
{
  StpFlowIndex *index = stp_render_index_get_flows (f->index);
  g_autoptr(GArray) out = g_array_new (FALSE, FALSE, sizeof (guint32));

  /* Op 5 launches flow 5; kernel 5 receives it. */
  stp_flow_index_slice_flows (index, 0, 5, out);
  g_assert_cmpuint (out->len, ==, 1);
  g_assert_cmpuint (g_array_index (out, guint32, 0), ==, 5);
  g_array_set_size (out, 0);
  stp_flow_index_slice_flows (index, 1, 5, out);
  g_assert_cmpuint (out->len, ==, 1);
  g_assert_cmpuint (g_array_index (out, guint32, 0), ==, 5);

  /* Op 0 also starts the first long flow. */
  g_array_set_size (out, 0);
  stp_flow_index_slice_flows (index, 0, 0, out);
  g_assert_cmpuint (out->len, ==, 2);
}

/* By default a frame with thousands of flows in view draws none of them,
 * and a click there finds none; zoomed in to a few, it draws those and a
 * click on one finds it. */
static void
test_readable (Fixture       *f,
               gconstpointer  data)
{
  double x, y;
  guint drawn;

  stp_render_view_fit (&f->view, f->trace->start_ts, f->trace->end_ts);
  g_assert_cmpuint (render (f), ==, 0);
  flow_middle (f, N_OPS / 2, &x, &y);
  g_assert_cmpuint (stp_renderer_flow_at (f->renderer, x, y, 4), ==, STP_INDEX_NONE);

  /* Ops 100..104 and their kernels: five flows wholly in view. */
  stp_render_view_fit (&f->view, 100000, 104950);
  drawn = render (f);
  g_assert_cmpuint (drawn, ==, 5);
  flow_middle (f, 102, &x, &y);
  g_assert_cmpuint (stp_renderer_flow_at (f->renderer, x, y, 4), ==, 102);

  /* Arrows off: nothing, and nothing to click. */
  f->view.flags = 0;
  g_assert_cmpuint (render (f), ==, 0);
  g_assert_cmpuint (stp_renderer_flow_at (f->renderer, x, y, 4), ==, STP_INDEX_NONE);
}

/* The hovered item's flows and the selection's are drawn at any zoom. */
static void
test_hover_and_selection (Fixture       *f,
                          gconstpointer  data)
{
  guint32 hover[] = { 7000 };
  guint32 selected[] = { 9000 };
  double x, y;

  stp_render_view_fit (&f->view, 6000000, 10000000);
  f->highlights.hover_flows = hover;
  f->highlights.n_hover_flows = 1;
  g_assert_cmpuint (render (f), ==, 1);
  flow_middle (f, 7000, &x, &y);
  g_assert_cmpuint (stp_renderer_flow_at (f->renderer, x, y, 4), ==, 7000);

  f->highlights.flows = selected;
  f->highlights.n_flows = 1;
  g_assert_cmpuint (render (f), ==, 2);

  /* With arrows off, only the selection's. */
  f->view.flags = 0;
  g_assert_cmpuint (render (f), ==, 1);
}

/* Showing all: arrows crossing the view, at most about one per pixel
 * column (and pair of rows) however many flows there are. */
static void
test_all (Fixture       *f,
          gconstpointer  data)
{
  int columns = stp_render_view_get_timeline_width (&f->view);
  guint drawn;

  f->view.flags = STP_RENDER_SHOW_FLOWS | STP_RENDER_ALL_FLOWS;
  stp_render_view_fit (&f->view, f->trace->start_ts, f->trace->end_ts);
  drawn = render (f);
  g_assert_cmpuint (drawn, >=, columns / 2);
  g_assert_cmpuint (drawn, <=, 2 * columns + N_LONG);

  /* Zoomed in, each of the few in view is drawn, the long ones crossing
   * it included. */
  stp_render_view_fit (&f->view, 4000000, 4004950);
  g_assert_cmpuint (render (f), ==, 5 + 2);
}

/* Showing all, a crowd of arrows is drawn as straight lines, and a
 * click finds an arrow on its line, a quarter of the way along, where
 * its curve would be pixels away. */
static void
test_crowd_hit (Fixture       *f,
                gconstpointer  data)
{
  f->view.flags = STP_RENDER_SHOW_FLOWS | STP_RENDER_ALL_FLOWS;
  stp_render_view_fit (&f->view, 0, 1200000);
  g_assert_cmpuint (render (f), ==, 120);

  for (guint i = 10; i < 110; i++)
    {
      double x0, y0, x1, y1, x, y;

      g_assert_true (stp_render_flow_points (f->layout, &f->view, &g_array_index (f->trace->flows, StpFlow, i),
                                             &x0, &y0, &x1, &y1));
      x = x0 + (x1 - x0) / 4;
      y = y0 + (y1 - y0) / 4 - f->view.scroll_y + f->view.ruler_height;
      g_assert_cmpuint (stp_renderer_flow_at (f->renderer, x, y, 1.5), ==, i);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add ("/render-flows/index", Fixture, NULL, fixture_set_up, test_index, fixture_tear_down);
  g_test_add ("/render-flows/index-shuffled", Fixture, &with_shuffled, fixture_set_up, test_index,
              fixture_tear_down);
  g_test_add ("/render-flows/slice-flows", Fixture, NULL, fixture_set_up, test_slice_flows, fixture_tear_down);
  g_test_add ("/render-flows/slice-flows-shuffled", Fixture, &with_shuffled, fixture_set_up,
              test_slice_flows_walk, fixture_tear_down);
  g_test_add ("/render-flows/readable", Fixture, NULL, fixture_set_up, test_readable, fixture_tear_down);
  g_test_add ("/render-flows/hover-and-selection", Fixture, NULL, fixture_set_up, test_hover_and_selection,
              fixture_tear_down);
  g_test_add ("/render-flows/all", Fixture, NULL, fixture_set_up, test_all, fixture_tear_down);
  g_test_add ("/render-flows/crowd-hit", Fixture, &with_crowd, fixture_set_up, test_crowd_hit, fixture_tear_down);

  return g_test_run ();
}
