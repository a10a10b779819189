/* test-compare.c: comparing traces, finding steps and HTA's breakdown
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * On Holistic Trace Analysis' own test traces: its diff pair
 * (trace_compare base vs test, whose op differences its
 * tests/test_trace_diff.py states), two ranks of one job
 * (trace_filter), and the breakdown its analyzers give for those ranks
 * (tests/data/steps/hta-breakdown.json, from
 * tests/tools/make-hta-breakdown.py); then `stepscope-cli compare` and
 * `steps` and several inputs for `info` and `summary`.
 */

#include <json-glib/json-glib.h>
#include <glib/gstdio.h>
#include <math.h>
#include <string.h>

#include "cli-test-util.h"
#include "stp-compare.h"
#include "stp-error.h"
#include "stp-loader.h"
#include "stp-steps.h"
#include "stp-summary.h"

#define US 1000
#define HTA_DATA "chrome", "hta", "tests", "data"

static StpTrace *
load (const char *first,
      ...)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  StpTrace *trace;
  va_list ap;

  g_ptr_array_add (parts, (char *) g_test_get_dir (G_TEST_DIST));
  g_ptr_array_add (parts, (char *) "data");
  va_start (ap, first);
  for (const char *p = first; p != NULL; p = va_arg (ap, const char *))
    g_ptr_array_add (parts, (char *) p);
  va_end (ap);
  g_ptr_array_add (parts, NULL);

  path = g_build_filenamev ((char **) parts->pdata);
  file = g_file_new_for_path (path);
  trace = stp_load_file (file, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

#define load_base() load (HTA_DATA, "trace_compare", "base", "base.json.gz", NULL)
#define load_test() load (HTA_DATA, "trace_compare", "test", "test.json.gz", NULL)
#define load_rank(n) load (HTA_DATA, "trace_filter", n ? "sampled_rank-1.json.gz" : "sampled_rank-0.json.gz", NULL)

static StpCompare *
compare (const StpTrace *a,
         const StpTrace *b,
         StpCompareBy    by,
         gboolean        per_step,
         gint64          step_a,
         gint64          step_b)
{
  StpCompareOptions options = { by, per_step, step_a, step_b };
  g_autoptr(GError) error = NULL;
  StpCompare *c = stp_compare_new (a, b, &options, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (c);
  return c;
}

static GHashTable *
kernel_names (const StpTrace *trace)
{
  g_autoptr(GArray) kernels = stp_kernels_collect (trace);
  GHashTable *names = g_hash_table_new (g_str_hash, g_str_equal);

  for (guint i = 0; i < kernels->len; i++)
    g_hash_table_add (names, (char *) stp_trace_str (trace, g_array_index (kernels, StpKernel, i).name));
  return names;
}

/* ------------------------------------------------------------------ */
/* HTA's diff pair                                                     */

/* test_trace_diff.py, test_ops_diff: iteration 1010 of both, CPU ops:
 * added, deleted, unchanged (counts); none increased or decreased. */
static void
test_hta_ops_diff (void)
{
  g_autoptr(StpTrace) base = load_base ();
  g_autoptr(StpTrace) test = load_test ();
  g_autoptr(StpCompare) c = compare (base, test, STP_COMPARE_BY_OP, FALSE, 1010, 1010);
  g_autoptr(GHashTable) kernels_a = kernel_names (base);
  g_autoptr(GHashTable) kernels_b = kernel_names (test);
  const char *added[] = { "AddmmBackward0", "All2All_Pooled_Req", "CatBackward0" };
  const char *deleted[] = { "nccl:all_reduce" };
  const char *unchanged[] = { "ProfilerStep#1010", "aten::as_strided", "aten::empty",
                              "cudaEventQuery", "cudaLaunchKernel" };
  guint cpu_rows = 0;

  g_assert_cmpuint (c->n_steps_a, ==, 2);
  g_assert_cmpuint (c->n_steps_b, ==, 2);

  for (guint i = 0; i < G_N_ELEMENTS (added); i++)
    {
      const StpCompareRow *row = stp_compare_lookup (c, added[i]);

      g_assert_nonnull (row);
      g_assert_true (!row->in_a && row->in_b);
      g_assert_cmpfloat (row->count_a, ==, 0);
      g_assert_cmpfloat (row->count_b, >, 0);
    }
  for (guint i = 0; i < G_N_ELEMENTS (deleted); i++)
    {
      const StpCompareRow *row = stp_compare_lookup (c, deleted[i]);

      g_assert_nonnull (row);
      g_assert_true (row->in_a && !row->in_b);
    }
  for (guint i = 0; i < G_N_ELEMENTS (unchanged); i++)
    {
      const StpCompareRow *row = stp_compare_lookup (c, unchanged[i]);

      g_assert_nonnull (row);
      g_assert_true (row->in_a && row->in_b);
      g_assert_cmpfloat (row->count_a, ==, row->count_b);
    }

  /* Every other name is a GPU kernel, which HTA's CPU view leaves out. */
  for (guint i = 0; i < c->rows->len; i++)
    {
      const StpCompareRow *row = g_ptr_array_index (c->rows, i);

      if (g_hash_table_contains (kernels_a, row->name) || g_hash_table_contains (kernels_b, row->name))
        continue;
      cpu_rows++;
    }
  g_assert_cmpuint (cpu_rows, ==, G_N_ELEMENTS (added) + G_N_ELEMENTS (deleted) + G_N_ELEMENTS (unchanged));
}

/* test_get_ops_summary: the base's CPU ops of iteration 1010, counts
 * and total durations (µs). */
static void
test_hta_ops_summary (void)
{
  g_autoptr(StpTrace) base = load_base ();
  g_autoptr(StpCompare) c = compare (base, base, STP_COMPARE_BY_OP, FALSE, 1010, 1010);
  const struct { const char *name; double total_us; } expected[] = {
    { "ProfilerStep#1010", 122149 }, { "aten::as_strided", 0 }, { "aten::empty", 0 },
    { "cudaEventQuery", 4 }, { "cudaLaunchKernel", 4 }, { "nccl:all_reduce", 67 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (expected); i++)
    {
      const StpCompareRow *row = stp_compare_lookup (c, expected[i].name);

      g_assert_nonnull (row);
      g_assert_cmpfloat (row->count_a, ==, 1);
      g_assert_cmpfloat (row->time_a, ==, expected[i].total_us * US);
    }
}

/* ------------------------------------------------------------------ */
/* Properties                                                          */

static void
assert_all_zero (const StpCompare *c)
{
  g_assert_cmpuint (c->n_only_a, ==, 0);
  g_assert_cmpuint (c->n_only_b, ==, 0);
  g_assert_cmpuint (c->rows->len, >, 0);
  g_assert_cmpfloat (c->total_a, ==, c->total_b);
  g_assert_cmpfloat (c->total_a, >, 0);
  for (guint i = 0; i < c->rows->len; i++)
    {
      const StpCompareRow *row = g_ptr_array_index (c->rows, i);

      g_assert_true (row->in_a && row->in_b);
      g_assert_cmpfloat (row->diff, ==, 0);
      g_assert_cmpfloat (row->count_a, ==, row->count_b);
      if (row->time_a > 0)
        g_assert_cmpfloat (row->ratio, ==, 1);
      else
        g_assert_true (isnan (row->ratio));
    }
}

static void
test_self (void)
{
  g_autoptr(StpTrace) rank = load_rank (0);

  for (StpCompareBy by = STP_COMPARE_BY_OP; by <= STP_COMPARE_BY_DEVICE; by++)
    for (int per_step = 0; per_step < 2; per_step++)
      {
        g_autoptr(StpCompare) c = compare (rank, rank, by, per_step, -1, -1);

        assert_all_zero (c);
      }
}

/* Whole-trace sums are the summary's, name by name; B vs A is A vs B
 * turned around; kernels sum up to the kernels' time. */
static void
test_ranks (void)
{
  g_autoptr(StpTrace) r0 = load_rank (0);
  g_autoptr(StpTrace) r1 = load_rank (1);
  g_autoptr(StpCompare) c = compare (r0, r1, STP_COMPARE_BY_OP, FALSE, -1, -1);
  g_autoptr(StpCompare) back = compare (r1, r0, STP_COMPARE_BY_OP, FALSE, -1, -1);
  g_autoptr(StpCompare) kernels = compare (r0, r1, STP_COMPARE_BY_KERNEL, FALSE, -1, -1);
  g_autoptr(StpSummary) s0 = stp_summary_new (r0, STP_SUMMARY_BY_OP, STP_SUMMARY_ORDER_NAME,
                                              G_MININT64, G_MAXINT64, NULL, NULL);
  g_autoptr(GArray) k1 = stp_kernels_collect (r1);
  double kernel_time = 0, previous = INFINITY;

  g_assert_cmpfloat (c->total_a, ==, s0->total_time);
  for (guint i = 0; i < s0->rows->len; i++)
    {
      const StpSummaryRow *srow = g_ptr_array_index (s0->rows, i);
      const StpCompareRow *row = stp_compare_lookup (c, srow->name);

      g_assert_nonnull (row);
      g_assert_cmpfloat (row->count_a, ==, srow->occurrences);
      g_assert_cmpfloat (row->time_a, ==, srow->time);
    }

  g_assert_cmpuint (c->rows->len, ==, back->rows->len);
  g_assert_cmpuint (c->n_only_a, ==, back->n_only_b);
  for (guint i = 0; i < c->rows->len; i++)
    {
      const StpCompareRow *row = g_ptr_array_index (c->rows, i);
      const StpCompareRow *other = stp_compare_lookup (back, row->name);

      g_assert_cmpfloat (row->diff, ==, -other->diff);
      g_assert_cmpfloat (row->count_a, ==, other->count_b);
      /* Largest difference first. */
      g_assert_cmpfloat (fabs (row->diff), <=, previous);
      previous = fabs (row->diff);
    }

  for (guint i = 0; i < k1->len; i++)
    kernel_time += g_array_index (k1, StpKernel, i).end - g_array_index (k1, StpKernel, i).start;
  g_assert_cmpfloat (kernels->total_b, ==, kernel_time);
  g_assert_cmpfloat (kernels->count_b, ==, k1->len);
}

/* A StepStats and a Chrome trace of another program: every name is in
 * one of them only. */
static void
test_nothing_in_common (void)
{
  g_autoptr(StpTrace) a = load ("step-stats", "run_meta.pb", NULL);
  g_autoptr(StpTrace) b = load_base ();
  g_autoptr(StpCompare) c = compare (a, b, STP_COMPARE_BY_OP, FALSE, -1, -1);

  g_assert_cmpuint (c->n_only_a, >, 0);
  g_assert_cmpuint (c->n_only_b, >, 0);
  g_assert_cmpuint (c->n_only_a + c->n_only_b, ==, c->rows->len);
  for (guint i = 0; i < c->rows->len; i++)
    {
      const StpCompareRow *row = g_ptr_array_index (c->rows, i);

      g_assert_true (row->in_a != row->in_b);
      g_assert_cmpfloat (row->diff, ==, row->time_b - row->time_a);
    }
}

/* --steps: the base's two steps against the StepStats' one; a step a
 * trace lacks is an error naming it, never another step. */
static void
test_step_counts (void)
{
  g_autoptr(StpTrace) a = load ("step-stats", "run_meta.pb", NULL);
  g_autoptr(StpTrace) b = load_base ();
  g_autoptr(StpTrace) none = load ("chrome", "catapult", "tracing", "test_data", "flow_simple.json", NULL);
  g_autoptr(StpCompare) c = compare (a, b, STP_COMPARE_BY_OP, TRUE, -1, -1);
  g_autoptr(GError) error = NULL;
  StpCompareOptions missing = { STP_COMPARE_BY_OP, FALSE, 1010, 1011 };
  StpCompareOptions per_step = { STP_COMPARE_BY_OP, TRUE, -1, -1 };
  const StpCompareRow *step;

  g_assert_cmpuint (c->n_steps_a, ==, 1);
  g_assert_cmpuint (c->n_steps_b, ==, 2);
  /* Each ProfilerStep#N is in one of the two steps: median 0.5. */
  step = stp_compare_lookup (c, "ProfilerStep#1010");
  g_assert_nonnull (step);
  g_assert_cmpfloat (step->count_b, ==, 0.5);
  g_assert_cmpfloat (step->time_b, ==, 122149.0 * US / 2);

  g_assert_null (stp_compare_new (b, b, &missing, NULL, &error));
  g_assert_error (error, STP_ERROR, STP_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "no step 1011"));
  g_clear_error (&error);

  g_assert_null (stp_compare_new (b, none, &per_step, NULL, &error));
  g_assert_error (error, STP_ERROR, STP_ERROR_INVALID_ARGUMENT);
  g_assert_nonnull (strstr (error->message, "flow_simple.json: no steps found"));
}

/* ------------------------------------------------------------------ */
/* Steps and the breakdown                                             */

static void
test_steps_found (void)
{
  g_autoptr(StpTrace) base = load_base ();
  g_autoptr(StpTrace) ss = load ("step-stats", "run_meta.pb", NULL);
  g_autoptr(StpTrace) xspace = load ("xspace", "34.83.195.179_6003.xplane.pb", NULL);
  g_autoptr(GArray) steps = stp_steps_find (base);
  g_autoptr(GArray) ss_steps = stp_steps_find (ss);
  g_autoptr(GArray) x_steps = stp_steps_find (xspace);
  const StpStep *s;

  /* LabeledTrace.iterations() of test_trace_diff.py: [1009, 1010]. */
  g_assert_cmpuint (steps->len, ==, 2);
  s = &g_array_index (steps, StpStep, 0);
  g_assert_cmpint (s->number, ==, 1009);
  g_assert_cmpint (s->end - s->start, ==, 100298 * US);
  s = &g_array_index (steps, StpStep, 1);
  g_assert_cmpint (s->number, ==, 1010);
  g_assert_cmpint (s->end - s->start, ==, 122149 * US);
  g_assert_cmpint (stp_steps_lookup (steps, 1010), ==, 1);
  g_assert_cmpint (stp_steps_lookup (steps, 7), ==, -1);

  g_assert_cmpuint (ss_steps->len, ==, 1);
  s = &g_array_index (ss_steps, StpStep, 0);
  g_assert_cmpint (s->start, ==, ss->start_ts);
  g_assert_cmpint (s->end, ==, ss->end_ts);

  /* The capture's Steps line (derived from its group ids). */
  g_assert_cmpuint (x_steps->len, >, 0);
  for (guint i = 0; i < x_steps->len; i++)
    {
      s = &g_array_index (x_steps, StpStep, i);
      g_assert_cmpint (s->end, >, s->start);
      g_assert_cmpint (s->start, >=, xspace->start_ts);
      g_assert_cmpint (s->end, <=, xspace->end_ts);
    }
}

static void
test_kernel_types (void)
{
  g_assert_cmpint (stp_kernel_type_of_name ("ncclKernel_AllReduce_RING_LL_Sum_float(ncclWorkElem)"), ==, STP_KERNEL_COMMUNICATION);
  g_assert_cmpint (stp_kernel_type_of_name ("void ncclKernel_SendRecv(x)"), ==, STP_KERNEL_COMMUNICATION);
  g_assert_cmpint (stp_kernel_type_of_name ("Memcpy HtoD (Pinned -> Device)"), ==, STP_KERNEL_MEMORY);
  g_assert_cmpint (stp_kernel_type_of_name ("Memset (Device)"), ==, STP_KERNEL_MEMORY);
  g_assert_cmpint (stp_kernel_type_of_name ("void at::native::vectorized_elementwise_kernel<4>"), ==, STP_KERNEL_COMPUTATION);
  g_assert_cmpint (stp_kernel_type_of_name ("cudaStreamSynchronize"), ==, STP_KERNEL_OTHER);
  g_assert_cmpint (stp_kernel_type_of_name ("Stream Wait Event"), ==, STP_KERNEL_OTHER);
  g_assert_cmpint (stp_kernel_type_of_name ("cudaLaunchKernel"), ==, STP_KERNEL_OTHER);
}

static gint64
member_us (JsonObject *o,
           const char *name)
{
  return (gint64) llround (json_object_get_double_member (o, name) * US);
}

/* The whole-trace breakdown is HTA's get_temporal_breakdown,
 * get_comm_comp_overlap and kernel type breakdown, to the µs. */
static void
test_hta_breakdown (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "steps", "hta-breakdown.json", NULL);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonArray *expected;

  json_parser_load_from_file (parser, path, &error);
  g_assert_no_error (error);
  expected = json_node_get_array (json_parser_get_root (parser));
  g_assert_cmpuint (json_array_get_length (expected), ==, 2);

  for (guint r = 0; r < 2; r++)
    {
      JsonObject *e = json_array_get_object_element (expected, r);
      g_autoptr(StpTrace) trace = load_rank (r);
      g_autoptr(GArray) kernels = stp_kernels_collect (trace);
      JsonObject *types = json_object_get_object_member (e, "kernel_type_us");
      g_autoptr(GList) names = json_object_get_members (types);
      StpBreakdown b;
      guint n_types = 0;

      stp_breakdown_compute (kernels, G_MININT64, G_MAXINT64, &b);
      g_assert_cmpuint (b.n_kernels, ==, json_object_get_int_member (e, "kernels"));
      g_assert_cmpint (b.window, ==, member_us (e, "kernel_time_us"));
      g_assert_cmpint (b.idle, ==, member_us (e, "idle_time_us"));
      g_assert_cmpint (b.compute, ==, member_us (e, "compute_time_us"));
      g_assert_cmpint (b.non_compute, ==, member_us (e, "non_compute_time_us"));
      g_assert_cmpfloat (round (10000.0 * b.comm_overlapped / b.communication) / 100, ==,
                         json_object_get_double_member (e, "comp_comm_overlap_pctg"));

      for (guint mask = 1; mask < G_N_ELEMENTS (b.by_types); mask++)
        if (b.by_types[mask] != 0)
          {
            g_autofree char *name = stp_breakdown_types_name (mask);

            g_assert_true (json_object_has_member (types, name));
            g_assert_cmpint (b.by_types[mask], ==, member_us (types, name));
            n_types++;
          }
      g_assert_cmpuint (n_types, ==, g_list_length (names));
    }
}

/* A step's window: busy + idle = the step; nothing outside counts. */
static void
test_step_breakdown (void)
{
  g_autoptr(StpTrace) trace = load_rank (1);
  g_autoptr(GArray) steps = stp_steps_find (trace);
  g_autoptr(GArray) kernels = stp_kernels_collect (trace);
  StpBreakdown whole, sum = { 0 };

  g_assert_cmpuint (steps->len, ==, 2);
  stp_breakdown_compute (kernels, G_MININT64, G_MAXINT64, &whole);
  for (guint i = 0; i < steps->len; i++)
    {
      const StpStep *s = &g_array_index (steps, StpStep, i);
      StpBreakdown b;

      stp_breakdown_compute (kernels, s->start, s->end, &b);
      g_assert_cmpint (b.window, ==, s->end - s->start);
      g_assert_cmpint (b.busy + b.idle, ==, b.window);
      g_assert_cmpint (b.compute + b.non_compute, ==, b.busy);
      g_assert_cmpint (b.comm_overlapped, <=, b.communication);
      g_assert_cmpint (b.compute, >, 0);
      sum.compute += b.compute;
      sum.busy += b.busy;
    }
  /* The steps do not overlap and lie within the kernels' span. */
  g_assert_cmpint (sum.compute, <=, whole.compute);
  g_assert_cmpint (sum.busy, <=, whole.busy);
}

/* Per device: each device's kernels only; together they are the trace's. */
static void
test_device_breakdown (void)
{
  g_autoptr(StpTrace) trace = load ("xspace", "34.83.195.179_6003.xplane.pb", NULL);
  g_autoptr(GArray) kernels = stp_kernels_collect (trace);
  g_autoptr(GArray) devices = stp_kernels_devices (kernels);
  g_autoptr(StpTrace) rank = load_rank (0);
  g_autoptr(GArray) rank_kernels = stp_kernels_collect (rank);
  g_autoptr(GArray) rank_devices = stp_kernels_devices (rank_kernels);
  StpBreakdown whole;
  guint64 n = 0;
  gint64 busy = 0;

  stp_breakdown_compute (kernels, G_MININT64, G_MAXINT64, &whole);
  g_assert_cmpuint (devices->len, >, 1);
  for (guint i = 0; i < devices->len; i++)
    {
      guint32 process = g_array_index (devices, guint32, i);
      StpBreakdown b;

      g_assert_true (g_str_has_prefix (stp_trace_str (trace, stp_trace_get_process (trace, process)->name),
                                       "/device:"));
      stp_breakdown_compute_device (kernels, process, G_MININT64, G_MAXINT64, &b);
      g_assert_cmpint (b.busy, <=, whole.busy);
      g_assert_cmpint (b.window, <=, whole.window);
      g_assert_cmpint (b.busy + b.idle, ==, b.window);
      n += b.n_kernels;
      busy += b.busy;
    }
  g_assert_cmpuint (n, ==, whole.n_kernels);
  g_assert_cmpuint (n, ==, kernels->len);
  /* Devices that run at once overlap: their sum is at least the union. */
  g_assert_cmpint (busy, >=, whole.busy);

  /* A Kineto rank with one GPU. */
  g_assert_cmpuint (rank_devices->len, ==, 1);
}

static void
collect_files (const char *dir,
               GPtrArray  *out)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        collect_files (path, out);
      else if (!g_str_has_suffix (name, ".md") && !g_str_has_suffix (name, ".txt"))
        g_ptr_array_add (out, g_steal_pointer (&path));
    }
}

/* Every trace in tests/data (the fuzzers' regressions too) against
 * itself, whole and per step, and its breakdowns: no crash, nothing
 * different, and the breakdown adds up. */
static void
test_every_trace_against_itself (void)
{
  g_autoptr(GPtrArray) files = g_ptr_array_new_with_free_func (g_free);
  const char *dirs[] = { "chrome", "regress", "step-stats", "xspace", "pbtext" };
  guint n_loaded = 0;

  for (guint i = 0; i < G_N_ELEMENTS (dirs); i++)
    {
      g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", dirs[i], NULL);

      collect_files (dir, files);
    }

  for (guint i = 0; i < files->len; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_path (g_ptr_array_index (files, i));
      g_autoptr(StpTrace) trace = stp_load_file (file, NULL, NULL, NULL, NULL, NULL);
      g_autoptr(GArray) steps = NULL;
      g_autoptr(GArray) kernels = NULL;
      StpBreakdown b;

      if (trace == NULL)
        continue;
      n_loaded++;
      steps = stp_steps_find (trace);
      kernels = stp_kernels_collect (trace);
      stp_breakdown_compute (kernels, G_MININT64, G_MAXINT64, &b);
      g_assert_cmpint (b.busy + b.idle, ==, b.window);
      g_assert_cmpint (b.idle, >=, 0);
      for (guint s = 0; s < steps->len; s++)
        {
          const StpStep *step = &g_array_index (steps, StpStep, s);

          stp_breakdown_compute (kernels, step->start, step->end, &b);
          g_assert_cmpint (b.idle, >=, 0);
          g_assert_cmpint (b.compute, <=, b.busy);
        }

      for (StpCompareBy by = STP_COMPARE_BY_OP; by <= STP_COMPARE_BY_DEVICE; by++)
        for (int per_step = 0; per_step < (steps->len > 0 ? 2 : 1); per_step++)
          {
            g_autoptr(StpCompare) c = compare (trace, trace, by, per_step, -1, -1);

            g_assert_cmpuint (c->n_only_a + c->n_only_b, ==, 0);
            for (guint r = 0; r < c->rows->len; r++)
              g_assert_cmpfloat (((StpCompareRow *) g_ptr_array_index (c->rows, r))->diff, ==, 0);
          }
    }
  g_assert_cmpuint (n_loaded, >, 100);
}

/* ------------------------------------------------------------------ */
/* The command line                                                    */

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "chrome", "hta", "tests", "data", name, NULL);
}

static JsonNode *
parse (const char *text)
{
  g_autoptr(GError) error = NULL;
  JsonNode *node = json_from_string (text, &error);

  g_assert_no_error (error);
  return node;
}

static void
test_cli_compare (void)
{
  g_autofree char *base = data_path ("trace_compare/base/base.json.gz");
  g_autofree char *test = data_path ("trace_compare/test/test.json.gz");
  g_auto(Run) table = { 0 };
  g_auto(Run) json = { 0 };
  g_auto(Run) bad_by = { 0 };
  g_auto(Run) one = { 0 };
  g_auto(Run) no_step = { 0 };
  g_auto(Run) missing = { 0 };
  g_autoptr(JsonNode) root = NULL;
  JsonObject *o;
  JsonArray *only_b;

  run_cli (&table, "compare", "--step", "1010", base, test, NULL);
  g_assert_cmpint (table.status, ==, 0);
  g_assert_nonnull (strstr (table.out, "Over step 1010 of A and step 1010 of B"));
  g_assert_nonnull (strstr (table.out, "All2All_Pooled_Req"));
  g_assert_nonnull (strstr (table.out, "1 only in A, 3 only in B"));

  run_cli (&json, "compare", "--json", "--step", "1010", base, test, NULL);
  g_assert_cmpint (json.status, ==, 0);
  root = parse (json.out);
  o = json_node_get_object (root);
  g_assert_cmpstr (json_object_get_string_member (o, "by"), ==, "op");
  only_b = json_object_get_array_member (o, "only_in_b");
  g_assert_cmpuint (json_array_get_length (only_b), ==, 3);
  g_assert_cmpstr (json_array_get_string_element (json_object_get_array_member (o, "only_in_a"), 0),
                   ==, "nccl:all_reduce");
  /* The largest difference first: All2All_Pooled_Req, 311 µs more. */
  g_assert_cmpstr (json_object_get_string_member (json_array_get_object_element (
                     json_object_get_array_member (o, "rows"), 0), "name"), ==, "All2All_Pooled_Req");

  run_cli (&bad_by, "compare", "--by", "colour", base, test, NULL);
  g_assert_cmpint (bad_by.status, ==, 2);
  run_cli (&one, "compare", base, NULL);
  g_assert_cmpint (one.status, ==, 2);
  run_cli (&missing, "compare", base, "/nonexistent/trace.json", NULL);
  g_assert_cmpint (missing.status, ==, 1);
  g_assert_nonnull (strstr (missing.err, "trace.json"));
  g_assert_cmpstr (missing.out, ==, "");
  run_cli (&no_step, "compare", "--step", "1010:4", base, test, NULL);
  g_assert_cmpint (no_step.status, ==, 2);
  g_assert_nonnull (strstr (no_step.err, "no step 4"));
}

static void
test_cli_steps (void)
{
  g_autofree char *folder = data_path ("trace_filter");
  g_autofree char *base = data_path ("trace_compare/base/base.json.gz");
  g_auto(Run) table = { 0 };
  g_auto(Run) json = { 0 };
  g_auto(Run) mismatch = { 0 };
  g_autoptr(JsonNode) root = NULL;
  JsonArray *traces;

  run_cli (&table, "steps", folder, NULL);
  g_assert_cmpint (table.status, ==, 0);
  g_assert_nonnull (strstr (table.out, "rank 0"));
  g_assert_nonnull (strstr (table.out, "rank 1"));
  g_assert_nonnull (strstr (table.out, "ProfilerStep#551"));
  /* Rank 1's step 552 took 630.639 ms, rank 0's 622.928: rank 1 is slowest. */
  g_assert_nonnull (strstr (table.out, "630.639*"));
  g_assert_null (strstr (table.out, "different steps"));

  run_cli (&json, "steps", "--json", folder, NULL);
  g_assert_cmpint (json.status, ==, 0);
  root = parse (json.out);
  traces = json_node_get_array (root);
  g_assert_cmpuint (json_array_get_length (traces), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      JsonObject *t = json_array_get_object_element (traces, i);

      g_assert_cmpint (json_object_get_int_member (t, "rank"), ==, i);
      g_assert_cmpint (json_object_get_int_member (t, "n_steps"), ==, 2);
    }

  run_cli (&mismatch, "steps", folder, base, NULL);
  g_assert_cmpint (mismatch.status, ==, 0);
  g_assert_nonnull (strstr (mismatch.out, "different steps"));
  g_assert_nonnull (strstr (mismatch.out, "lacks steps 1009, 1010"));
  g_assert_nonnull (strstr (mismatch.out, "lacks steps 551, 552"));
}

/* info and summary: a folder and several files, each as on its own. */
static void
test_cli_many (void)
{
  g_autofree char *folder = data_path ("trace_filter");
  g_autofree char *r0 = data_path ("trace_filter/sampled_rank-0.json.gz");
  g_autofree char *r1 = data_path ("trace_filter/sampled_rank-1.json.gz");
  g_autofree char *empty = g_dir_make_tmp ("stepscope-test-XXXXXX", NULL);
  g_autofree char *not_trace = g_build_filename (empty, "notes.txt", NULL);
  g_auto(Run) info = { 0 };
  g_auto(Run) one = { 0 };
  g_auto(Run) summary = { 0 };
  g_auto(Run) single = { 0 };
  g_auto(Run) none = { 0 };
  g_auto(Run) bad = { 0 };
  g_autoptr(JsonNode) root = NULL, first = NULL;
  g_autoptr(JsonNode) root_summary = NULL;
  g_autoptr(JsonNode) single_summary = NULL;

  run_cli (&info, "info", folder, NULL);
  g_assert_cmpint (info.status, ==, 0);
  root = parse (info.out);
  g_assert_cmpuint (json_array_get_length (json_node_get_array (root)), ==, 2);
  run_cli (&one, "info", r0, NULL);
  first = parse (one.out);
  g_assert_true (json_node_equal (json_array_get_element (json_node_get_array (root), 0), first));

  run_cli (&summary, "summary", "--json", "--by", "device", r0, r1, NULL);
  g_assert_cmpint (summary.status, ==, 0);
  run_cli (&single, "summary", "--json", "--by", "device", r1, NULL);
  root_summary = parse (summary.out);
  single_summary = parse (single.out);
  g_assert_true (json_node_equal (json_array_get_element (json_node_get_array (root_summary), 1),
                                  single_summary));

  g_assert_true (g_file_set_contents (not_trace, "[section]\nkey=value\n", -1, NULL));
  run_cli (&none, "summary", empty, NULL);
  g_assert_cmpint (none.status, ==, 1);
  g_assert_nonnull (strstr (none.err, "no trace in this folder"));

  /* A folder of one trace (and a file that is none): an array of one. */
  {
    g_autofree char *contents = NULL;
    g_autofree char *copy = g_build_filename (empty, "rank.json.gz", NULL);
    g_auto(Run) one_trace = { 0 };
    g_autoptr(JsonNode) array = NULL;
    gsize len;

    g_assert_true (g_file_get_contents (r0, &contents, &len, NULL));
    g_assert_true (g_file_set_contents (copy, contents, len, NULL));
    run_cli (&one_trace, "steps", "--json", empty, NULL);
    g_assert_cmpint (one_trace.status, ==, 0);
    array = parse (one_trace.out);
    g_assert_true (JSON_NODE_HOLDS_ARRAY (array));
    g_assert_cmpuint (json_array_get_length (json_node_get_array (array)), ==, 1);
    g_unlink (copy);
  }

  /* A bad file among good ones: reported, the others still summed up. */
  run_cli (&bad, "summary", "--json", r0, not_trace, NULL);
  g_assert_cmpint (bad.status, ==, 1);
  g_assert_nonnull (strstr (bad.err, "notes.txt"));
  g_assert_nonnull (strstr (bad.out, "sampled_rank-0.json.gz"));

  g_unlink (not_trace);
  g_rmdir (empty);
}

static gint
compare_lines (gconstpointer a,
               gconstpointer b,
               gpointer      unused)
{
  return strcmp (*(char * const *) a, *(char * const *) b);
}

/* Its lines in sorted order: runs at once may say things in any order. */
static char *
sorted_lines (const char *text)
{
  g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

  g_qsort_with_data (lines, g_strv_length (lines), sizeof (char *), compare_lines, NULL);
  return g_strjoinv ("\n", lines);
}

/* Runs at once (STEPSCOPE_CLI_THREADS) join their outputs in input
 * order, exactly as one run at a time does, a bad input among them. */
static void
test_cli_many_at_once (void)
{
  g_autofree char *r0 = data_path ("trace_filter/sampled_rank-0.json.gz");
  g_autofree char *r1 = data_path ("trace_filter/sampled_rank-1.json.gz");
  g_autofree char *dir = g_dir_make_tmp ("stepscope-test-XXXXXX", NULL);
  g_autofree char *not_trace = g_build_filename (dir, "notes.txt", NULL);
  g_auto(GStrv) one = g_environ_setenv (g_get_environ (), "STEPSCOPE_CLI_THREADS", "1", TRUE);
  g_auto(GStrv) three = g_environ_setenv (g_get_environ (), "STEPSCOPE_CLI_THREADS", "3", TRUE);
  const char *commands[][2] = { { "info", NULL }, { "summary", "--json" }, { "summary", "--by=device" } };

  g_assert_true (g_file_set_contents (not_trace, "[section]\nkey=value\n", -1, NULL));
  for (guint c = 0; c < G_N_ELEMENTS (commands); c++)
    {
      g_auto(Run) serial = { 0 };
      g_auto(Run) parallel = { 0 };
      g_autofree char *serial_err = NULL;
      g_autofree char *parallel_err = NULL;
      /* The option, or (for a command without one) one more input. */
      const char *first = commands[c][1] != NULL ? commands[c][1] : r1;

      g_test_message ("%s %s", commands[c][0], first);
      run_cli_with_env (&serial, one, commands[c][0], first, r0, not_trace, r1, r0, r1, NULL);
      run_cli_with_env (&parallel, three, commands[c][0], first, r0, not_trace, r1, r0, r1, NULL);
      g_assert_cmpint (serial.status, ==, 1);
      g_assert_cmpint (parallel.status, ==, serial.status);
      g_assert_cmpstr (parallel.out, ==, serial.out);
      g_assert_nonnull (strstr (serial.err, "notes.txt"));
      serial_err = sorted_lines (serial.err);
      parallel_err = sorted_lines (parallel.err);
      g_assert_cmpstr (parallel_err, ==, serial_err);
    }

  /* A usage error, the same for every input, is said once. */
  {
    g_auto(Run) usage = { 0 };
    const char *said;

    run_cli_with_env (&usage, three, "summary", "--by", "colour", r0, r1, r0, r1, NULL);
    g_assert_cmpint (usage.status, ==, 2);
    g_assert_cmpstr (usage.out, ==, "");
    said = strstr (usage.err, "colour");
    g_assert_nonnull (said);
    g_assert_null (strstr (said + 1, "colour"));
  }

  g_unlink (not_trace);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/compare/hta-ops-diff", test_hta_ops_diff);
  g_test_add_func ("/compare/hta-ops-summary", test_hta_ops_summary);
  g_test_add_func ("/compare/self", test_self);
  g_test_add_func ("/compare/ranks", test_ranks);
  g_test_add_func ("/compare/nothing-in-common", test_nothing_in_common);
  g_test_add_func ("/compare/step-counts", test_step_counts);
  g_test_add_func ("/compare/every-trace-against-itself", test_every_trace_against_itself);
  g_test_add_func ("/steps/found", test_steps_found);
  g_test_add_func ("/steps/kernel-types", test_kernel_types);
  g_test_add_func ("/steps/hta-breakdown", test_hta_breakdown);
  g_test_add_func ("/steps/step-breakdown", test_step_breakdown);
  g_test_add_func ("/steps/device-breakdown", test_device_breakdown);
  g_test_add_func ("/cli/compare", test_cli_compare);
  g_test_add_func ("/cli/steps", test_cli_steps);
  g_test_add_func ("/cli/many", test_cli_many);
  g_test_add_func ("/cli/many-at-once", test_cli_many_at_once);

  return g_test_run ();
}
