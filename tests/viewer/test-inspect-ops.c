/* test-inspect-ops.c: a StepStats op, its links, tensors and counters
 * in the details panel, in the real window under Xvfb
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each case opens run_meta.pb with memory shown and checks one thing a
 * user does there against the model (the trace and its StepStats
 * index), never against values written in.  Screenshots go to
 * STP_SCREENSHOT_DIR.
 */

#define G_LOG_DOMAIN "test-inspect-ops"

#include <adwaita.h>
#include <string.h>

#include "stp-details-panel-private.h"
#include "stp-step-stats.h"
#include "stp-settings.h"
#include "stp-window.h"
#include "tensorflow.pb-c.h"
#include "viewer-test-util.h"

static const char *
side_page (StpWindow *window)
{
  GtkWidget *panel = GTK_WIDGET (stp_window_get_details_panel (window));

  return gtk_stack_get_visible_child_name (GTK_STACK (gtk_widget_get_ancestor (panel, GTK_TYPE_STACK)));
}

static char *
span_dup (StpSpan span)
{
  return g_strndup (span.str, span.len);
}

static char *
relative (StpTrace *trace,
          gint64    ts)
{
  g_autofree char *t = stp_format_time_exact (ts - trace->start_ts);

  return g_strdup_printf ("+%s", t);
}


/* The last node (in node order) with an output named `tensor`. */
static guint32
model_producer (StpStepStats *ss,
                const char   *tensor)
{
  guint32 found = STP_INDEX_NONE;

  for (guint32 n = 0; n < ss->nodes->len; n++)
    {
      const StpStepStatsNode *node = &g_array_index (ss->nodes, StpStepStatsNode, n);
      g_autofree char *name = span_dup (stp_step_stats_node_name (node));

      for (guint k = 0; k < node->n_outputs; k++)
        {
          g_autofree char *out = k ? g_strdup_printf ("%s:%u", name, k) : g_strdup (name);

          if (g_str_equal (out, tensor))
            found = n;
        }
    }
  return found;
}

/* The panel shows what the model says about a StepStats op. */
static void
check_op_panel (StpWindow        *window,
                const StpItemRef *ref)
{
  StpTrace *trace = stp_window_get_trace (window);
  StpStepStats *ss = trace->source;
  StpDetailsPanel *panel = stp_window_get_details_panel (window);
  const StpSlice *s = stp_item_get_slice (trace, ref);
  const StpStepStatsNode *node = &g_array_index (ss->nodes, StpStepStatsNode, stp_slice_get_node (s));
  const StpTrack *track = stp_trace_get_track (trace, ref->track);
  g_autofree char *node_name = span_dup (stp_step_stats_node_name (node));
  g_autofree char *device = span_dup (g_array_index (ss->devices, StpStepStatsDevice, node->device).name);
  g_autofree char *label = span_dup (stp_step_stats_node_label (node));
  g_autofree char *duration = stp_format_time_exact (s->dur);
  g_autofree char *start = relative (trace, s->ts);
  g_autofree char *process = stp_trace_describe_process (trace, stp_trace_get_process (trace, track->process));
  g_autofree char *thread = stp_trace_describe_track (trace, track);
  g_auto(GStrv) inputs = NULL;
  Tensorflow__NodeExecStats *msg;
  gint64 scheduled_micros;
  GArray *links;

  g_assert_cmpstr (side_page (window), ==, "details");
  g_assert_nonnull (stp_details_panel_get_details (panel));
  g_assert_cmpstr (stp_details_panel_get_details (panel)->name, ==, stp_trace_str (trace, s->name));
  g_assert_cmpstr (stp_details_panel_lookup (panel, "Node"), ==, node_name);
  g_assert_cmpstr (stp_details_panel_lookup (panel, "Op"), ==, stp_trace_str (trace, s->name));
  g_assert_cmpstr (stp_details_panel_lookup (panel, "Device"), ==, device);
  g_assert_cmpstr (stp_details_panel_lookup (panel, "Process"), ==, process);
  g_assert_cmpstr (stp_details_panel_lookup (panel, "Thread"), ==, thread);
  g_assert_cmpstr (stp_details_panel_lookup (panel, "Start"), ==, start);
  g_assert_true (g_str_has_prefix (stp_details_panel_lookup (panel, "Duration"), duration));
  g_assert_true (g_str_has_prefix (stp_details_panel_lookup (panel, "Self Time"), duration));
  if (label[0] != '\0')
    g_assert_cmpstr (stp_details_panel_lookup (panel, "Label"), ==, label);

  /* Scheduled: TensorFlow's GPU tracer writes nanoseconds into
   * scheduled_micros of stream kernels and copies; the other devices microseconds.
   * Either way a time near the op, never a wrapped product.  The value
   * is read with protobuf-c, apart from the index's own reader. */
  msg = tensorflow__node_exec_stats__unpack (NULL, node->message_len, (const guint8 *) node->message);
  g_assert_nonnull (msg);
  scheduled_micros = msg->scheduled_micros;
  tensorflow__node_exec_stats__free_unpacked (msg, NULL);
  if (scheduled_micros != 0)
    {
      gboolean stream = strstr (device, "/stream:") != NULL || strstr (device, "/memcpy") != NULL;
      gint64 want_ns = stream ? scheduled_micros : scheduled_micros * 1000;
      gint64 rel = want_ns - trace->start_ts;
      g_autofree char *t = stp_format_time_exact (rel);
      g_autofree char *want = rel < 0 ? g_strdup (t) : g_strdup_printf ("+%s", t);
      const char *shown = stp_details_panel_lookup (panel, "Scheduled");

      g_test_message ("%s scheduled %s", node_name, shown);
      g_assert_nonnull (shown);
      g_assert_true (g_str_has_prefix (shown, want));
      g_assert_cmpint (ABS (want_ns - s->ts), <, 1000000);
    }

  /* The inputs, from the label "name = Op(a, b)", link to their producers. */
  if (strstr (label, " = ") != NULL && strchr (label, '(') != NULL && strstr (device, "/stream:") == NULL)
    {
      g_autofree char *list = g_strndup (strchr (label, '(') + 1, strrchr (label, ')') - strchr (label, '(') - 1);

      inputs = list[0] ? g_strsplit (list, ", ", -1) : g_new0 (char *, 1);
    }
  else
    inputs = g_new0 (char *, 1);

  links = stp_details_panel_get_links (panel);
  for (guint k = 0, link = 0; inputs[k] != NULL; k++)
    {
      guint32 producer = model_producer (ss, inputs[k]);

      if (producer == STP_INDEX_NONE)
        continue;
      g_assert_cmpuint (link, <, links->len);
      g_assert_cmpuint (stp_slice_get_node (stp_item_get_slice (trace, &g_array_index (links, StpItemRef, link))), ==, producer);
      link++;
    }
}


/* ------------------------------------------------------------------ */

typedef struct
{
  GSettings *settings;
  StpWindow *window;
  StpTrace  *trace;
} Fixture;

static void
fixture_set_up (Fixture       *f,
                gconstpointer  data)
{
  g_autoptr(GFile) file = data_file ("data", "step-stats", "run_meta.pb", NULL);

  f->settings = stp_settings_new ();
  g_settings_set_boolean (f->settings, "show-memory", TRUE);
  f->window = new_window ();
  open_and_wait (f->window, file);
  f->trace = stp_window_get_trace (f->window);
}

static void
fixture_tear_down (Fixture       *f,
                   gconstpointer  data)
{
  g_settings_reset (f->settings, "show-memory");
  gtk_window_destroy (GTK_WINDOW (f->window));
  settle ();
  g_clear_object (&f->settings);
}

/* The widest Conv2D on screen, the op most of the cases look at. */
static StpItemRef
widest_conv (Fixture *f)
{
  for (guint32 t = 0; t < f->trace->tracks->len; t++)
    {
      StpItemRef ref;

      if (stp_trace_get_track (f->trace, t)->kind == STP_TRACK_THREAD && widest_visible (f->window, t, &ref) &&
          g_str_equal (stp_trace_str (f->trace, stp_item_get_slice (f->trace, &ref)->name), "Conv2D"))
        return ref;
    }
  g_assert_not_reached ();
}

/* A click on the widest op of every compute track: the panel says what
 * the model says about it. */
static void
test_ops (Fixture       *fixture,
          gconstpointer  data)
{
  StpWindow *window = fixture->window;
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpTrace *trace = fixture->trace;
  guint ops_checked = 0;

  g_assert_cmpstr (side_page (window), ==, "none");
  /* Click the widest op of every compute track; the panel follows. */
  for (guint32 t = 0; t < trace->tracks->len; t++)
    {
      StpItemRef ref;

      if (stp_trace_get_track (trace, t)->kind != STP_TRACK_THREAD || !widest_visible (window, t, &ref))
        continue;
      click_item (window, &ref);
      g_test_message ("clicked %d/%u/%u, selected %d/%u/%u", ref.kind, ref.track, ref.index,
                      stp_timeline_view_get_selected_item (view)->kind, stp_timeline_view_get_selected_item (view)->track,
                      stp_timeline_view_get_selected_item (view)->index);
      g_assert_true (stp_item_ref_equal (stp_timeline_view_get_selected_item (view), &ref));
      check_op_panel (window, &ref);
      ops_checked++;

    }
  g_assert_cmpuint (ops_checked, >, 2);
}


static void
test_flow_ends (Fixture       *fixture,
                gconstpointer  data)
{
  StpWindow *window = fixture->window;
  StpDetailsPanel *panel = stp_window_get_details_panel (window);
  StpTrace *trace = fixture->trace;

  /* A flow's row names and times the other end: the producer's panel
   * lists the consumer and when the arrow arrives there, and back. */
  {
    const StpFlow *f = &g_array_index (trace->flows, StpFlow, 0);
    StpItemRef src = stp_flow_end_ref (&f->src), dst = stp_flow_end_ref (&f->dst);
    g_autofree char *dst_at = relative (trace, f->dst.ts);
    g_autofree char *src_at = relative (trace, f->src.ts);
    g_autofree char *to = g_strdup_printf ("\n%s: %s · received at %s\n", stp_trace_str (trace, stp_item_get_slice (trace, &dst)->name),
                                           stp_trace_str (trace, f->name), dst_at);
    g_autofree char *from = g_strdup_printf ("\n%s: %s · sent at %s\n", stp_trace_str (trace, stp_item_get_slice (trace, &src)->name),
                                             stp_trace_str (trace, f->name), src_at);
    g_autofree char *src_text = NULL;
    g_autofree char *dst_text = NULL;

    g_assert_cmpint (f->src.ts, !=, f->dst.ts);
    click_item (window, &src);
    src_text = stp_details_panel_get_text (panel);
    g_assert_nonnull (strstr (src_text, to));
    click_item (window, &dst);
    dst_text = stp_details_panel_get_text (panel);
    g_assert_nonnull (strstr (dst_text, from));
  }
}


static void
test_copy (Fixture       *fixture,
           gconstpointer  data)
{
  StpWindow *window = fixture->window;
  StpDetailsPanel *panel = stp_window_get_details_panel (window);
  StpItemRef conv = widest_conv (fixture);

  click_item (window, &conv);
  save_screenshot (GTK_WIDGET (window), "inspect-details");
  /* Ctrl+C copies what the panel shows. */
  {
    g_autofree char *text = stp_details_panel_get_text (panel);
    GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (window));
    GdkContentProvider *content;
    GValue value = G_VALUE_INIT;

    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.copy", NULL));
    content = gdk_clipboard_get_content (clipboard);
    g_assert_nonnull (content);
    g_value_init (&value, G_TYPE_STRING);
    g_assert_true (gdk_content_provider_get_value (content, &value, NULL));
    g_assert_cmpstr (g_value_get_string (&value), ==, text);
    g_assert_nonnull (strstr (text, "Conv2D"));
    g_assert_nonnull (strstr (text, "Duration: "));
    g_value_unset (&value);
  }
}


static void
test_conv_peak (Fixture       *fixture,
                gconstpointer  data)
{
  StpWindow *window = fixture->window;
  StpDetailsPanel *panel = stp_window_get_details_panel (window);
  StpTrace *trace = fixture->trace;
  StpItemRef conv = widest_conv (fixture);

  click_item (window, &conv);
  /* Conv2D's own peak on GPU_0_bfc (its temporary buffers included) is
   * above the allocator track's, which counts output tensors only: the
   * panel says so on both sides. */
  {
    const StpDetails *d = stp_details_panel_get_details (panel);
    g_autofree char *text = stp_details_panel_get_text (panel);
    double track_max = 0;

    g_assert_nonnull (d->node);
    g_assert_cmpuint (d->node->memory->len, ==, 1);
    for (guint32 t = 0; t < trace->tracks->len; t++)
      {
        const StpTrack *track = stp_trace_get_track (trace, t);

        if (track->kind == STP_TRACK_COUNTER)
          for (guint k = 0; k < track->series->len; k++)
            track_max = MAX (track_max, ((StpCounterSeries *) g_ptr_array_index (track->series, k))->max);
      }
    g_assert_cmpfloat (g_array_index (d->node->memory, StpDetailsMemory, 0).peak_bytes, >, track_max);
    g_assert_nonnull (strstr (text, "temporary buffers included"));
  }
}


static void
test_input_link (Fixture       *fixture,
                 gconstpointer  data)
{
  StpWindow *window = fixture->window;
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpDetailsPanel *panel = stp_window_get_details_panel (window);
  StpItemRef conv = widest_conv (fixture);

  click_item (window, &conv);
  /* An input link selects its producer. */
  {
    GArray *links = stp_details_panel_get_links (panel);
    StpItemRef target;

    g_assert_cmpuint (links->len, >, 0);
    target = g_array_index (links, StpItemRef, 0);
    stp_details_panel_activate_link (panel, 0);
    settle ();
    g_assert_true (stp_item_ref_equal (stp_timeline_view_get_selected_item (view), &target));
    check_op_panel (window, &target);
  }
}


static void
test_step_keys (Fixture       *fixture,
                gconstpointer  data)
{
  StpWindow *window = fixture->window;
  StpTimelineView *view = stp_window_get_timeline_view (window);
  guint32 gpu_track = widest_conv (fixture).track;

  /* Keys: Right and Left step along the track. */
  {
    StpItemRef start = stp_item_ref_slice (gpu_track, 1);
    StpItemRef expected = stp_item_ref_slice (gpu_track, 2);

    stp_timeline_view_select_item (view, &start, STP_REVEAL_SCROLL);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "timeline.select-next", NULL));
    g_assert_true (stp_item_ref_equal (stp_timeline_view_get_selected_item (view), &expected));
    check_op_panel (window, &expected);
    g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "timeline.select-previous", NULL));
    g_assert_true (stp_item_ref_equal (stp_timeline_view_get_selected_item (view), &start));
  }
}


static void
test_tensor (Fixture       *fixture,
             gconstpointer  data)
{
  StpWindow *window = fixture->window;
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpDetailsPanel *panel = stp_window_get_details_panel (window);
  StpTrace *trace = fixture->trace;

  /* A tensor object: its size from the StepStats output that made it. */
  {
    guint32 index = 0;
    const StpObject *o;
    StpItemRef ref;
    guint32 producer;
    g_autofree char *size = NULL;
    const StpStepStatsNode *node;
    StpStepStats *ss = trace->source;

    /* The longest-lived one, easiest to hit. */
    for (guint32 i = 1; i < trace->objects->len; i++)
      {
        const StpObject *a = &g_array_index (trace->objects, StpObject, i);
        const StpObject *b = &g_array_index (trace->objects, StpObject, index);

        if (a->delete_ts - a->create_ts > b->delete_ts - b->create_ts)
          index = i;
      }
    o = &g_array_index (trace->objects, StpObject, index);
    ref = (StpItemRef) { STP_ITEM_OBJECT, STP_INDEX_NONE, index, 0 };
    click_item (window, &ref);
    g_assert_true (stp_item_ref_equal (stp_timeline_view_get_selected_item (view), &ref));
    producer = model_producer (ss, stp_trace_str (trace, o->name));
    g_assert_cmpuint (producer, !=, STP_INDEX_NONE);
    node = &g_array_index (ss->nodes, StpStepStatsNode, producer);
    {
      gint64 bytes = g_array_index (ss->outputs, StpStepStatsOutput, node->first_output).requested_bytes;
      g_autofree char *exact = g_strdup_printf ("(%" G_GINT64_FORMAT " bytes)", bytes);

      g_assert_nonnull (strstr (stp_details_panel_lookup (panel, "Size"), exact));
    }
    size = relative (trace, o->create_ts);
    g_assert_cmpstr (stp_details_panel_lookup (panel, "Created"), ==, size);
    save_screenshot (GTK_WIDGET (window), "inspect-tensor");

    /* It survives zooming and collapsing. */
    gtk_widget_activate_action (GTK_WIDGET (view), "timeline.zoom-in", NULL);
    gtk_widget_activate_action (GTK_WIDGET (view), "timeline.zoom-out", NULL);
    stp_timeline_view_toggle_process (view, o->process);
    settle ();
    g_assert_true (stp_item_ref_equal (stp_timeline_view_get_selected_item (view), &ref));
    g_assert_cmpstr (stp_details_panel_get_details (panel)->name, ==, stp_trace_str (trace, o->name));
    stp_timeline_view_toggle_process (view, o->process);
    settle ();
  }
}


static void
test_counter (Fixture       *fixture,
              gconstpointer  data)
{
  StpWindow *window = fixture->window;
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpDetailsPanel *panel = stp_window_get_details_panel (window);
  StpTrace *trace = fixture->trace;

  /* The memory counter at a sample. */
  for (guint32 t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);
      const StpCounterSeries *series;
      const StpCounterSample *sample;
      StpItemRef ref;
      double x, y;

      if (track->kind != STP_TRACK_COUNTER)
        continue;
      series = g_ptr_array_index (track->series, 0);
      sample = &g_array_index (series->samples, StpCounterSample, series->samples->len / 2);
      ref = (StpItemRef) { STP_ITEM_COUNTER, t, 0, sample->ts };
      g_assert_true (stp_timeline_view_get_item_point (view, &ref, &x, &y));
      stp_timeline_view_click (view, 1, x + 1, y);
      settle ();
      g_assert_cmpint (stp_timeline_view_get_selected_item (view)->kind, ==, STP_ITEM_COUNTER);
      g_assert_cmpuint (stp_timeline_view_get_selected_item (view)->track, ==, t);
      {
        g_autofree char *max = g_format_size_full ((guint64) series->max, G_FORMAT_SIZE_IEC_UNITS);

        g_autofree char *text = stp_details_panel_get_text (panel);

        g_assert_true (g_str_has_prefix (stp_details_panel_lookup (panel, "Maximum"), max));
        g_assert_nonnull (strstr (text, "Temporary buffers are not included"));
      }
    }
}


static void
test_flow_click (Fixture       *fixture,
                 gconstpointer  data)
{
  StpWindow *window = fixture->window;
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpDetailsPanel *panel = stp_window_get_details_panel (window);
  StpTrace *trace = fixture->trace;

  /* The dataflow arrow, clicked where it crosses empty space. */
  {
    StpItemRef flow = { STP_ITEM_FLOW, STP_INDEX_NONE, 0, 0 };
    const StpFlow *f = &g_array_index (trace->flows, StpFlow, 0);
    double x, y;

    g_assert_cmpuint (trace->flows->len, >, 0);
    g_assert_true (empty_point_on_flow (view, 0, &x, &y));
    stp_timeline_view_click (view, 1, x, y);
    settle ();
    g_assert_true (stp_item_ref_equal (stp_timeline_view_get_selected_item (view), &flow));
    g_assert_cmpstr (stp_details_panel_get_details (panel)->name, ==, stp_trace_str (trace, f->name));
    save_screenshot (GTK_WIDGET (window), "inspect-flow");
  }
}


static void
test_escape (Fixture       *fixture,
             gconstpointer  data)
{
  StpWindow *window = fixture->window;
  StpTimelineView *view = stp_window_get_timeline_view (window);
  StpItemRef conv = widest_conv (fixture);

  click_item (window, &conv);
  /* Escape clears. */
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "timeline.clear-selection", NULL));
  g_assert_cmpint (stp_timeline_view_get_selected_item (view)->kind, ==, STP_ITEM_NONE);
  g_assert_cmpstr (side_page (window), ==, "none");
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  viewer_test_init ();

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/inspect-ops/panel", test_ops);
  ADD ("/inspect-ops/flow-ends", test_flow_ends);
  ADD ("/inspect-ops/copy", test_copy);
  ADD ("/inspect-ops/conv-peak", test_conv_peak);
  ADD ("/inspect-ops/input-link", test_input_link);
  ADD ("/inspect-ops/step-keys", test_step_keys);
  ADD ("/inspect-ops/tensor", test_tensor);
  ADD ("/inspect-ops/counter", test_counter);
  ADD ("/inspect-ops/flow-click", test_flow_click);
  ADD ("/inspect-ops/escape", test_escape);
#undef ADD

  return g_test_run ();
}
