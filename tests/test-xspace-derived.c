/* test-xspace-derived.c: the derived lines' merge rules, on hand-built planes
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each case builds XSpace wire bytes and checks the derived lines event
 * for event ("name@ts+dur/depth", ns), worked out by hand from seed
 * 003's rules.
 */

#include <json-glib/json-glib.h>
#include <string.h>

#include "export-test-util.h"
#include "stp-derived-line.h"
#include "stp-loader.h"
#include "xspace-test-util.h"

#define GPU_LINE 1

static void
assert_line (StpTrace   *trace,
             const char *plane,
             const char *line,
             const char *expected)
{
  StpTrack *track = find_track (trace, find_process (trace, plane), line);
  g_autofree char *got = describe_slices (trace, track);

  if (expected == NULL)
    {
      g_assert_null (track);
      return;
    }
  g_assert_nonnull (track);
  g_assert_cmpstr (got, ==, expected);
  for (guint i = 0; i < track->slices->len; i++)
    {
      const StpSlice *s = stp_track_get_slice (track, i);

      g_assert_cmpuint (s->flags & STP_SLICE_DERIVED, !=, 0);
      g_assert_cmpuint (s->seq, ==, STP_SEQ_NONE);
    }
}

static JsonObject *
slice_args (StpTrace       *trace,
            const StpSlice *slice,
            JsonParser     *parser)
{
  g_autofree char *args = stp_trace_dup_args (trace, NULL, slice);
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (args);
  json_parser_load_from_data (parser, args, -1, &error);
  g_assert_no_error (error);
  return json_node_get_object (json_parser_get_root (parser));
}

/* A kernel: kernel_details, a group, and a tf_op (or none). */
static void
kernel (XPlaneBuilder *plane,
        const char    *kernel_name,
        gint64         offset_ps,
        gint64         duration_ps,
        gint64         group,
        const char    *tf_op)
{
  XStats *stats = xstats_new ();
  gint64 meta = xplane_event_id (plane, kernel_name, NULL, NULL);

  xstats_str (stats, plane, "kernel_details", "regs:32 grid:1,1,1");
  if (group >= 0)
    xstats_int (stats, plane, "group_id", group);
  if (tf_op != NULL)
    xstats_ref (stats, plane, "tf_op", tf_op);   /* as the profiler stores it */
  xplane_event (plane, meta, offset_ps, duration_ps, stats);
}

/* TensorFlow Ops: same op, same group and a new kernel merge; a kernel
 * seen before, another op or another group start a new event; a new step
 * forgets the name scopes (Steps > XLA Modules > Name Scope > Ops). */
static void
test_tf_ops_merge (void)
{
  g_autoptr(GByteArray) space = g_byte_array_new ();
  g_autoptr(StpTrace) trace = NULL;
  XPlaneBuilder *gpu = xplane_new ("/device:GPU:0", 1);
  XStats *memcpy_stats = xstats_new ();

  xplane_begin_line (gpu, GPU_LINE, "Stream #1(Compute)", 1000);
  kernel (gpu, "k1", 0, 1000, 1, "m/a/MatMul_1:MatMul");
  kernel (gpu, "k2", 2000, 1000, 1, "m/a/MatMul_1:MatMul");   /* merges */
  kernel (gpu, "k1", 4000, 1000, 1, "m/a/MatMul_1:MatMul");   /* k1 again: new */
  kernel (gpu, "k2", 6000, 1000, 1, "m/b/Add:AddV2");
  kernel (gpu, "k3", 8000, 1000, 2, "m/b/Add:AddV2");         /* group 2: new */
  /* A memcpy: a step event, no op. */
  xstats_int (memcpy_stats, gpu, "group_id", 2);
  xstats_ref (memcpy_stats, gpu, "tf_op", "m/b/Add:AddV2");
  xplane_event (gpu, xplane_event_id (gpu, "MemcpyHtoD", NULL, NULL), 10000, 500, memcpy_stats);
  xplane_end_line (gpu);
  xplane_finish (gpu, space);

  trace = xspace_load (space, STP_XSPACE_LOAD_DEFAULT);

  assert_line (trace, "/device:GPU:0", "TensorFlow Ops",
               "MatMul@1000+3/0 MatMul@1004+1/0 AddV2@1006+1/0 AddV2@1008+1/0");
  assert_line (trace, "/device:GPU:0", "TensorFlow Name Scope",
               "m@1000+3/0 a@1000+3/1 m@1004+3/0 a@1004+1/1 b@1006+1/1 m@1008+1/0 b@1008+1/1");
  /* 10500 ps ends at 1010 ns: both ends round down. */
  assert_line (trace, "/device:GPU:0", "Steps", "1@1000+7/0 2@1008+2/0");
  assert_line (trace, "/device:GPU:0", "XLA Modules", NULL);

  /* The op's full name and group are its args. */
  {
    StpTrack *ops = find_track (trace, find_process (trace, "/device:GPU:0"), "TensorFlow Ops");
    g_autoptr(JsonParser) parser = json_parser_new ();
    JsonObject *args = slice_args (trace, stp_track_get_slice (ops, 0), parser);

    g_assert_cmpstr (json_object_get_string_member (args, "long_name"), ==, "m/a/MatMul_1:MatMul");
    g_assert_cmpint (json_object_get_int_member (args, "group_id"), ==, 1);
  }

  /* Derived tracks sit above the stream, in the profiler's order. */
  {
    const StpProcess *p = stp_trace_get_process (trace, find_process (trace, "/device:GPU:0"));
    const char *expected[] = { "Steps", "TensorFlow Name Scope", "TensorFlow Ops", "Stream #1(Compute)" };

    g_assert_cmpuint (p->tracks->len, ==, G_N_ELEMENTS (expected));
    for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
      g_assert_cmpstr (stp_trace_str (trace, stp_trace_get_track (trace, g_array_index (p->tracks, guint32, i))->name),
                       ==, expected[i]);
  }
}

/* A shorter name forgets the deeper levels (the seed's rules); TF 2.2-2.3
 * let them run on across it and merged by name only. */
static void
test_name_scope_levels (void)
{
  StpXSpaceLoadFlags flags[] = { STP_XSPACE_LOAD_DEFAULT, STP_XSPACE_LOAD_LEGACY_RULES };
  const char *expected[] = {
    /* x: k1 k2 k3 merge, k1 again opens new x and y; "x/B" (one level)
     * ends y, so k3's y is new. */
    "x@0+3/0 y@0+1/1 y@2+1/1 z@2+1/2 x@3+2/0 y@3+2/1",
    /* Legacy: by name only, and y runs on across "x/B". */
    "x@0+5/0 y@0+5/1 z@2+1/2",
  };

  for (guint f = 0; f < G_N_ELEMENTS (flags); f++)
    {
      g_autoptr(GByteArray) space = g_byte_array_new ();
      g_autoptr(StpTrace) trace = NULL;
      XPlaneBuilder *gpu = xplane_new ("/device:GPU:0", 1);

      xplane_begin_line (gpu, GPU_LINE, "Stream", 0);
      kernel (gpu, "k1", 0, 1000, -1, "x/y/A:MatMul");
      kernel (gpu, "k2", 1000, 1000, -1, "x/B:Add");
      kernel (gpu, "k3", 2000, 1000, -1, "x/y/z/C:Mul");
      /* k1 again: the seed's rules start new x and y events. */
      kernel (gpu, "k1", 3000, 1000, -1, "x/y/D:Sub");
      kernel (gpu, "k4", 4000, 1000, -1, "x/y/E:Neg");
      xplane_end_line (gpu);
      xplane_finish (gpu, space);

      trace = xspace_load (space, flags[f]);
      assert_line (trace, "/device:GPU:0", "TensorFlow Name Scope", expected[f]);
      /* No group: ops still merge by name; none repeats here. */
      assert_line (trace, "/device:GPU:0", "TensorFlow Ops",
                   "MatMul@0+1/0 Add@1+1/0 Mul@2+1/0 Sub@3+1/0 Neg@4+1/0");
      assert_line (trace, "/device:GPU:0", "Steps", NULL);
    }
}

/* XLA kernels: modules merge by name alone; HLO ops nest by "::" and
 * restart under a new module; an XLA kernel makes no TF op event. */
static void
test_xla_lines (void)
{
  g_autoptr(GByteArray) space = g_byte_array_new ();
  g_autoptr(StpTrace) trace = NULL;
  XPlaneBuilder *gpu = xplane_new ("/device:GPU:0", 1);
  const struct { const char *kernel, *module, *hlo; gint64 group; } k[] = {
    { "k1", "cluster_1", "fusion.1::add.2", 1 },
    { "k2", "cluster_1", "fusion.1::mul.3", 1 },
    { "k3", "cluster_1", "fusion.1::mul.3", 2 },   /* another group: new ops */
    { "k4", "cluster_2", "fusion.1::add.2", 2 },   /* another module: new ops */
  };

  xplane_begin_line (gpu, GPU_LINE, "Stream", 0);
  for (guint i = 0; i < G_N_ELEMENTS (k); i++)
    {
      XStats *stats = xstats_new ();

      xstats_str (stats, gpu, "kernel_details", "regs:1");
      xstats_int (stats, gpu, "group_id", k[i].group);
      xstats_str (stats, gpu, "hlo_module", k[i].module);
      xstats_str (stats, gpu, "hlo_op", k[i].hlo);
      xstats_str (stats, gpu, "tf_op", "ignored/Op:MatMul");
      xplane_event (gpu, xplane_event_id (gpu, k[i].kernel, NULL, NULL), i * 10000, 10000, stats);
    }
  xplane_end_line (gpu);
  xplane_finish (gpu, space);

  trace = xspace_load (space, STP_XSPACE_LOAD_DEFAULT);
  /* Modules merge whatever the group, but a new step forgets them. */
  assert_line (trace, "/device:GPU:0", "XLA Modules", "cluster_1@0+20/0 cluster_1@20+10/0 cluster_2@30+10/0");
  assert_line (trace, "/device:GPU:0", "XLA Ops",
               "fusion.1@0+20/0 add.2@0+10/1 mul.3@10+10/1 fusion.1@20+10/0 mul.3@20+10/1 "
               "fusion.1@30+10/0 add.2@30+10/1");
  assert_line (trace, "/device:GPU:0", "Steps", "1@0+20/0 2@20+20/0");
  assert_line (trace, "/device:GPU:0", "TensorFlow Ops", NULL);
}

/* Launch Stats: host events with group, device and correlation ids, per
 * device and group; names starting with "cu" are left out. */
static void
test_launch_stats (void)
{
  g_autoptr(GByteArray) space = g_byte_array_new ();
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  XPlaneBuilder *host = xplane_new ("/host:CPU", 0);
  XPlaneBuilder *gpu = xplane_new ("/device:GPU:0", 1);
  const struct { const char *name; gint64 offset, duration, group, device; gboolean correlation; } e[] = {
    { "LaunchKernel", 0, 2000, 7, 0, TRUE },
    { "LaunchKernel", 5000, 4000, 7, 0, TRUE },
    { "cuEventRecord", 20000, 8000, 7, 0, TRUE },     /* a "cu" call */
    { "LaunchKernel", 30000, 8000, 7, 0, FALSE },     /* no correlation id */
    { "LaunchKernel", 40000, 8000, 7, 3, TRUE },      /* no GPU 3 */
    { "LaunchKernel", 50000, 1000, 8, 0, TRUE },
  };
  StpTrack *track;
  JsonObject *args;

  xplane_begin_line (host, 12, "tf_Compute", 500);
  for (guint i = 0; i < G_N_ELEMENTS (e); i++)
    {
      XStats *stats = xstats_new ();

      xstats_int (stats, host, "group_id", e[i].group);
      xstats_uint (stats, host, "device_id", e[i].device);
      if (e[i].correlation)
        xstats_uint (stats, host, "correlation_id", 100 + i);
      xplane_event (host, xplane_event_id (host, e[i].name, NULL, NULL), e[i].offset, e[i].duration, stats);
    }
  /* The step's name, from a root event of the group. */
  {
    XStats *stats = xstats_new ();

    xstats_int (stats, host, "group_id", 7);
    xstats_str (stats, host, "step_name", "train 7");
    xplane_event (host, xplane_event_id (host, "train", NULL, NULL), 0, 60000, stats);
  }
  xplane_end_line (host);
  xplane_finish (host, space);

  xplane_begin_line (gpu, GPU_LINE, "Stream", 0);
  kernel (gpu, "k1", 600000, 1000, 7, NULL);
  xplane_end_line (gpu);
  xplane_finish (gpu, space);

  trace = xspace_load (space, STP_XSPACE_LOAD_DEFAULT);
  assert_line (trace, "/device:GPU:0", "Launch Stats",
               "Launch Stats for train 7@500+9/0 Launch Stats for 8@550+1/0");

  track = find_track (trace, find_process (trace, "/device:GPU:0"), "Launch Stats");
  args = slice_args (trace, stp_track_get_slice (track, 0), parser);
  g_assert_cmpint (json_object_get_int_member (args, "group_id"), ==, 7);
  g_assert_cmpint (json_object_get_int_member (args, "num_launches"), ==, 2);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (args, "max_launch_time_us"), 0.004, 1e-12);
  g_assert_cmpfloat_with_epsilon (json_object_get_double_member (args, "avg_launch_time_us"), 0.003, 1e-12);
  assert_line (trace, "/host:CPU", "Launch Stats", NULL);
}

/* TPU planes: TF op lines from the tf_op stats (of the event metadata
 * here), leaving out asynchronous events; no Steps. */
static void
test_tpu (void)
{
  g_autoptr(GByteArray) space = g_byte_array_new ();
  g_autoptr(StpTrace) trace = NULL;
  XPlaneBuilder *tpu = xplane_new ("/device:TPU:0", 2);
  XStats *meta_stats = xstats_new ();
  XStats *async_stats = xstats_new ();
  XStats *group_stats = xstats_new ();
  gint64 fusion, copy;

  xstats_str (meta_stats, tpu, "tf_op", "model/dense/MatMul:MatMul");
  fusion = xplane_event_id (tpu, "fusion.7", NULL, meta_stats);
  copy = xplane_event_id (tpu, "copy-start", NULL, NULL);

  xplane_begin_line (tpu, 2, "XLA Ops", 100);
  xstats_int (group_stats, tpu, "group_id", 3);
  xplane_event (tpu, fusion, 0, 2000, group_stats);
  xstats_str (async_stats, tpu, "tf_op", "model/copy:Identity");
  xstats_int (async_stats, tpu, "is_async", 1);
  xplane_event (tpu, copy, 2000, 1000, async_stats);
  xplane_end_line (tpu);
  xplane_finish (tpu, space);

  trace = xspace_load (space, STP_XSPACE_LOAD_DEFAULT);
  assert_line (trace, "/device:TPU:0", "TensorFlow Ops", "MatMul@100+2/0");
  assert_line (trace, "/device:TPU:0", "TensorFlow Name Scope", "model@100+2/0 dense@100+2/1");
  assert_line (trace, "/device:TPU:0", "Steps", NULL);
}

/* Lines the file already has are not made again (unless asked). */
static void
test_existing_lines (void)
{
  g_autoptr(GByteArray) space = g_byte_array_new ();
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(StpTrace) again = NULL;
  XPlaneBuilder *gpu = xplane_new ("/device:GPU:0", 1);
  guint32 process;
  guint n_ops = 0, n_derived_ops = 0;
  const StpProcess *p;

  xplane_begin_line (gpu, GPU_LINE, "Stream", 0);
  kernel (gpu, "k1", 0, 1000, 1, "a/Op:MatMul");
  xplane_end_line (gpu);
  xplane_begin_line (gpu, STP_DERIVED_TID_MIN + STP_DERIVED_TF_OPS, "TensorFlow Ops", 0);
  xplane_event (gpu, xplane_event_id (gpu, "a/Op:MatMul", "MatMul", NULL), 0, 1000, NULL);
  xplane_end_line (gpu);
  xplane_finish (gpu, space);

  trace = xspace_load (space, STP_XSPACE_LOAD_DEFAULT);
  process = find_process (trace, "/device:GPU:0");
  p = stp_trace_get_process (trace, process);
  for (guint i = 0; i < p->tracks->len; i++)
    {
      StpTrack *track = stp_trace_get_track (trace, g_array_index (p->tracks, guint32, i));

      if (g_str_equal (stp_trace_str (trace, track->name), "TensorFlow Ops"))
        {
          n_ops++;
          /* The file's line: read from the input, above the stream. */
          g_assert_cmpuint (stp_track_get_slice (track, 0)->flags & STP_SLICE_DERIVED, ==, 0);
          g_assert_true (track->has_sort_index);
          g_assert_cmpint (track->sort_index, <, 0);
        }
    }
  g_assert_cmpuint (n_ops, ==, 1);
  assert_line (trace, "/device:GPU:0", "TensorFlow Name Scope", "a@0+1/0");

  again = xspace_load (space, STP_XSPACE_LOAD_REDERIVE);
  p = stp_trace_get_process (again, find_process (again, "/device:GPU:0"));
  for (guint i = 0; i < p->tracks->len; i++)
    {
      StpTrack *track = stp_trace_get_track (again, g_array_index (p->tracks, guint32, i));

      if (g_str_equal (stp_trace_str (again, track->name), "TensorFlow Ops") &&
          (stp_track_get_slice (track, 0)->flags & STP_SLICE_DERIVED))
        n_derived_ops++;
    }
  g_assert_cmpuint (n_derived_ops, ==, 1);
}

/* The StepStats option: TF op lines from the "@@name:op" kernel labels of
 * stream:all, as timeline.py parses them; the export is unchanged. */
static void
test_step_stats_option (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "step-stats",
                                                 "gpu_kernel_labels.run_metadata.pb", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StpAnalysisOptions plain = STP_ANALYSIS_OPTIONS_INIT;
  StpAnalysisOptions derived = STP_ANALYSIS_OPTIONS_INIT;
  g_autoptr(StpTrace) a = NULL;
  g_autoptr(StpTrace) b = NULL;
  g_autoptr(GBytes) export_a = NULL;
  g_autoptr(GBytes) export_b = NULL;
  g_autoptr(GError) error = NULL;
  const char *compute = "/device:GPU:0/stream:all Compute";
  const gint64 t0 = G_GINT64_CONSTANT (1600000000000000000);
  g_autofree char *expected = NULL;

  derived.derived_lines = TRUE;
  a = stp_load_file (file, &plain, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  b = stp_load_file (file, &derived, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  g_assert_null (find_track (a, find_process (a, compute), "TensorFlow Ops"));
  /* Kernels with an op: "conv1/Conv2D:Conv2D" (40 us), "MatMul_1:MatMul",
   * the node names of "Relu:Relu" and "Add:AddV2" (their annotation is
   * not used, as timeline.py), "Mul:Mul"; "x" has no op, "pad @@:Pad"
   * no name and "plain kernel label" no annotation. */
  expected = g_strdup_printf ("Conv2D@%" G_GINT64_FORMAT "+30000/0 MatMul@%" G_GINT64_FORMAT "+5000/0 "
                              "Relu@%" G_GINT64_FORMAT "+2000/0 AddV2@%" G_GINT64_FORMAT "+2000/0 "
                              "Mul@%" G_GINT64_FORMAT "+2000/0",
                              t0 + 40000, t0 + 72000, t0 + 78000, t0 + 81000, t0 + 84000);
  assert_line (b, compute, "TensorFlow Ops", expected);
  g_free (expected);
  expected = g_strdup_printf ("conv1@%" G_GINT64_FORMAT "+30000/0", t0 + 40000);
  assert_line (b, compute, "TensorFlow Name Scope", expected);
  /* Only stream:all: numbered streams repeat its kernels (here even
   * under another name for the GPU). */
  g_assert_null (find_track (b, find_process (b, "/gpu:0/stream:7 Compute"), "TensorFlow Ops"));

  /* Both exports are timeline.py's: the stream's process, no derived line. */
  export_a = stp_test_export (a);
  export_b = stp_test_export (b);
  g_assert_true (g_bytes_equal (export_a, export_b));
  g_assert_nonnull (g_strstr_len (g_bytes_get_data (export_b, NULL), g_bytes_get_size (export_b),
                                  "\"name\":\"/device:GPU:0/stream:all Compute\""));
  g_assert_null (g_strstr_len (g_bytes_get_data (export_b, NULL), g_bytes_get_size (export_b),
                               "TensorFlow Ops"));
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/xspace-derived/tf-ops-merge", test_tf_ops_merge);
  g_test_add_func ("/xspace-derived/name-scope-levels", test_name_scope_levels);
  g_test_add_func ("/xspace-derived/xla-lines", test_xla_lines);
  g_test_add_func ("/xspace-derived/launch-stats", test_launch_stats);
  g_test_add_func ("/xspace-derived/tpu", test_tpu);
  g_test_add_func ("/xspace-derived/existing-lines", test_existing_lines);
  g_test_add_func ("/xspace-derived/step-stats-option", test_step_stats_option);

  return g_test_run ();
}
