/* test-merge.c: several traces as one (stp_traces_merge)
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each merged trace is checked against its inputs loaded again on their
 * own: every process, track, slice, args object and flow of input i is
 * in the merged trace, at its own place, moved by the input's offset.
 */

#include <json-glib/json-glib.h>
#include <glib/gstdio.h>
#include <string.h>

#include "cli-test-util.h"
#include "stp-chrome-writer.h"
#include "stp-details.h"
#include "stp-links.h"
#include "stp-loader.h"
#include "stp-merge.h"
#include "stp-step-table.h"
#include "stp-steps.h"
#include "stp-summary.h"
#include "stp-trace-info.h"

#define RANKS "chrome/hta/tests/data/trace_filter/sampled_rank-"
#define BASE  "chrome/hta/tests/data/trace_compare/base/base.json.gz"
#define TEST  "chrome/hta/tests/data/trace_compare/test/test.json.gz"
#define XSPACE "xspace/34.83.195.179_6003.xplane.pb"

static StpTrace *
load_with_memory (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
  StpTrace *trace;

  options.show_memory = TRUE;
  trace = stp_load_file (file, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

/* The item ref of the merged trace for one of the input's. */
static StpItemRef
moved_ref (StpItemRef ref,
           guint32    track_base,
           guint32    object_base)
{
  if (ref.kind == STP_ITEM_OBJECT)
    ref.index += object_base;
  else if (ref.track != STP_INDEX_NONE)
    ref.track += track_base;
  return ref;
}

static void
assert_same_refs (const StpItemRef *got,
                  StpItemRef        want,
                  guint32           track_base,
                  guint32           object_base)
{
  StpItemRef moved = moved_ref (want, track_base, object_base);

  g_assert_cmpint (got->kind, ==, moved.kind);
  if (got->kind == STP_ITEM_NONE)
    return;
  g_assert_cmpuint (got->track, ==, moved.track);
  g_assert_cmpuint (got->index, ==, moved.index);
}

/* Among several StepStats, each op's inputs and each tensor's producer
 * and consumers are its own trace's, as when it is opened alone. */

/* A tensor's snapshots made from its own input's bytes, not another's;
 * returns how many had args. */
static guint
assert_same_snapshot_args (StpTrace *original,
                           guint32   object,
                           StpTrace *merged,
                           guint32   moved)
{
  guint32 first, moved_first;
  guint n_snapshots = stp_trace_get_object_snapshots (original, object, &first);
  guint n = 0;

  g_assert_cmpuint (stp_trace_get_object_snapshots (merged, moved, &moved_first), ==, n_snapshots);
  for (guint k = 0; k < n_snapshots; k++)
    {
      g_autoptr(GString) want = g_string_new (NULL);
      g_autoptr(GString) got = g_string_new (NULL);
      gboolean has = stp_trace_append_snapshot_args (original, &g_array_index (original->snapshots, StpSnapshot,
                                                                                first + k), want);

      g_assert_cmpint (has, ==, stp_trace_append_snapshot_args (merged, &g_array_index (merged->snapshots, StpSnapshot,
                                                                                         moved_first + k), got));
      g_assert_cmpstr (got->str, ==, want->str);
      n += has && want->len > 0;
    }

  return n;
}

static void
test_step_stats_links (void)
{
  const char *names[] = { "step-stats/dataflow_inputs.step_stats.pb", "step-stats/memory_edges.step_stats.pb" };
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify) stp_trace_unref);
  g_autoptr(GPtrArray) originals = g_ptr_array_new_with_free_func ((GDestroyNotify) stp_trace_unref);
  g_autoptr(StpTrace) merged = NULL;
  g_autoptr(StpLinks) links = NULL;
  guint32 track_base = 0, object_base = 0;
  guint n_inputs = 0, n_objects = 0, n_snapshot_args = 0;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_ptr_array_add (parts, load_with_memory (names[i]));
      g_ptr_array_add (originals, load_with_memory (names[i]));
    }
  merged = stp_traces_merge (parts, STP_MERGE_CLOCK_COMMON, NULL);
  links = stp_links_new (merged, NULL, NULL);
  g_assert_nonnull (links);

  for (guint p = 0; p < originals->len; p++)
    {
      StpTrace *original = originals->pdata[p];
      g_autoptr(StpLinks) alone = stp_links_new (original, NULL, NULL);

      for (guint32 t = 0; t < original->tracks->len; t++)
        {
          const StpTrack *track = stp_trace_get_track (original, t);

          for (guint32 i = 0; track->slices != NULL && i < track->slices->len; i++)
            {
              StpItemRef ref = stp_item_ref_slice (t, i);
              StpItemRef moved = moved_ref (ref, track_base, object_base);
              g_autoptr(StpDetails) want = stp_details_new (original, alone, &ref);
              g_autoptr(StpDetails) got = stp_details_new (merged, links, &moved);

              g_assert_cmpint (want->node != NULL, ==, got->node != NULL);
              if (want->node == NULL)
                continue;
              g_assert_cmpstr (got->node->node_name, ==, want->node->node_name);
              g_assert_cmpuint (got->node->inputs->len, ==, want->node->inputs->len);
              for (guint k = 0; k < want->node->inputs->len; k++)
                {
                  const StpDetailsInput *a = &g_array_index (got->node->inputs, StpDetailsInput, k);
                  const StpDetailsInput *b = &g_array_index (want->node->inputs, StpDetailsInput, k);

                  g_assert_cmpuint (a->node, ==, b->node);
                  assert_same_refs (&a->producer, b->producer, track_base, object_base);
                  n_inputs += b->producer.kind != STP_ITEM_NONE;
                }
            }
        }

      for (guint32 o = 0; o < original->objects->len; o++)
        {
          StpItemRef ref = { STP_ITEM_OBJECT, STP_INDEX_NONE, o, 0 };
          StpItemRef moved = moved_ref (ref, track_base, object_base);
          g_autoptr(StpDetails) want = stp_details_new (original, alone, &ref);
          g_autoptr(StpDetails) got = stp_details_new (merged, links, &moved);

          g_assert_cmpuint (got->producer_node, ==, want->producer_node);
          assert_same_refs (&got->producer, want->producer, track_base, object_base);
          g_assert_cmpuint (got->consumers->len, ==, want->consumers->len);
          n_objects += want->producer_node != STP_INDEX_NONE;
          n_snapshot_args += assert_same_snapshot_args (original, o, merged, o + object_base);
        }

      track_base += original->tracks->len;
      object_base += original->objects->len;
    }

  /* The inputs had producers drawn to find, and tensors theirs. */
  g_assert_cmpuint (n_inputs, >, 0);
  g_assert_cmpuint (n_objects, >, 0);
  g_assert_cmpuint (n_snapshot_args, >, 0);
}

/* A StepStats with memory shown merged with Chrome traces with
 * objects: each snapshot's args are made or read as its own input's
 * were, the StepStats' by their format, the Chrome traces' as read. */
static void
test_snapshot_args_by_input (void)
{
  /* A Chrome trace on each side: the StepStats' references would move
   * if they were taken for raw args, and the last trace's raw args must. */
  const char *names[] = { "chrome/catapult/tracing/test_data/quads_with_render_passes.json",
                          "step-stats/memory_edges.step_stats.pb",
                          "chrome/catapult/tracing/test_data/gpu_state_trace.json" };
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify) stp_trace_unref);
  g_autoptr(GPtrArray) originals = g_ptr_array_new_with_free_func ((GDestroyNotify) stp_trace_unref);
  g_autoptr(StpTrace) merged = NULL;
  guint32 object_base = 0;

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      g_ptr_array_add (parts, load_with_memory (names[i]));
      g_ptr_array_add (originals, load_with_memory (names[i]));
    }
  merged = stp_traces_merge (parts, STP_MERGE_CLOCK_COMMON, NULL);

  for (guint p = 0; p < originals->len; p++)
    {
      StpTrace *original = originals->pdata[p];
      guint n_made = 0, n_with_args = 0;

      g_assert_cmpuint (original->objects->len, >, 0);
      for (guint32 o = 0; o < original->objects->len; o++)
        {
          guint32 first;
          guint n = stp_trace_get_object_snapshots (merged, o + object_base, &first);

          n_with_args += assert_same_snapshot_args (original, o, merged, o + object_base);
          for (guint k = 0; k < n; k++)
            n_made += stp_trace_snapshot_args_are_made (merged, &g_array_index (merged->snapshots, StpSnapshot,
                                                                                 first + k));
        }

      g_assert_cmpuint (n_with_args, >, 0);
      /* StepStats makes its tensors' args; Chrome's were read. */
      if (original->format == STP_FORMAT_CHROME_JSON)
        g_assert_cmpuint (n_made, ==, 0);
      else
        g_assert_cmpuint (n_made, ==, original->snapshots->len);
      object_base += original->objects->len;
    }
}

static StpTrace *
load_path (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
  StpTrace *trace = stp_load_file (file, &options, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return trace;
}

/* A file of tests/data. */
static StpTrace *
load (const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", name, NULL);

  return load_path (path);
}

/* Loads the names twice: once to merge, once to check against. */
static StpTrace *
merge_files (const char *const *names,
             StpMergeClock      clock,
             StpMergeClock     *used,
             GPtrArray         *originals)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify) stp_trace_unref);

  for (guint i = 0; names[i] != NULL; i++)
    {
      g_ptr_array_add (parts, load (names[i]));
      g_ptr_array_add (originals, load (names[i]));
    }
  return stp_traces_merge (parts, clock, used);
}

static char *
args_or_empty (const StpTrace *trace,
               const StpTrack *track,
               const StpSlice *slice)
{
  char *args = stp_trace_dup_args (trace, track, slice);

  return args != NULL ? args : g_strdup ("");
}

static void
assert_slices_moved (const StpTrace *merged,
                     const StpTrack *got,
                     const StpTrace *original,
                     const StpTrack *want,
                     gint64          offset)
{
  guint n = want->slices != NULL ? want->slices->len : 0;

  g_assert_cmpuint (got->slices != NULL ? got->slices->len : 0, ==, n);
  for (guint i = 0; i < n; i++)
    {
      const StpSlice *a = stp_track_get_slice (got, i);
      const StpSlice *b = stp_track_get_slice (want, i);
      g_autofree char *args_a = args_or_empty (merged, got, a);
      g_autofree char *args_b = args_or_empty (original, want, b);

      g_assert_cmpint (a->ts, ==, b->ts + offset);
      g_assert_cmpint (a->dur, ==, b->dur);
      g_assert_cmpuint (a->depth, ==, b->depth);
      g_assert_cmpstr (stp_trace_str (merged, a->name), ==, stp_trace_str (original, b->name));
      g_assert_cmpstr (stp_trace_str (merged, a->cat), ==, stp_trace_str (original, b->cat));
      g_assert_cmpstr (args_a, ==, args_b);
    }
}

/* The steps and GPU breakdown of an input, found in the merged trace,
 * are the input's own, moved. */
static void
assert_steps_moved (const StpTrace *merged,
                    guint32         part,
                    const StpTrace *original,
                    gint64          offset)
{
  g_autoptr(GArray) got = stp_steps_find_in_part (merged, part);
  g_autoptr(GArray) want = stp_steps_find (original);
  g_autoptr(GArray) got_kernels = stp_kernels_collect_in_part (merged, part);
  g_autoptr(GArray) want_kernels = stp_kernels_collect (original);

  g_assert_cmpuint (got->len, ==, want->len);
  g_assert_cmpuint (got_kernels->len, ==, want_kernels->len);
  for (guint i = 0; i < want->len; i++)
    {
      const StpStep *a = &g_array_index (got, StpStep, i);
      const StpStep *b = &g_array_index (want, StpStep, i);
      StpBreakdown ba, bb;

      g_assert_cmpstr (a->name, ==, b->name);
      g_assert_cmpint (a->number, ==, b->number);
      g_assert_cmpint (a->start, ==, b->start + offset);
      g_assert_cmpint (a->end, ==, b->end + offset);
      stp_breakdown_compute (got_kernels, a->start, a->end, &ba);
      stp_breakdown_compute (want_kernels, b->start, b->end, &bb);
      g_assert_cmpint (ba.busy, ==, bb.busy);
      g_assert_cmpint (ba.compute, ==, bb.compute);
      g_assert_cmpint (ba.comm_overlapped, ==, bb.comm_overlapped);
      g_assert_cmpuint (ba.n_kernels, ==, bb.n_kernels);
    }
}

/* Every input's processes, tracks, slices and flows are in the merged
 * trace, in the input's range, named after it and moved by its offset. */
static void
assert_merge_of (const StpTrace *merged,
                 GPtrArray      *originals)
{
  g_autoptr(GHashTable) pids = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GHashTable) str_pids = g_hash_table_new (g_str_hash, g_str_equal);
  guint32 track_base = 0, flow_base = 0;
  gsize memory = 0;

  g_assert_nonnull (merged->parts);
  g_assert_cmpuint (merged->parts->len, ==, originals->len);

  for (guint p = 0; p < originals->len; p++)
    {
      const StpTrace *original = g_ptr_array_index (originals, p);
      const StpTracePart *part = &g_array_index (merged->parts, StpTracePart, p);

      g_assert_cmpuint (part->n_processes, ==, original->processes->len);
      for (guint k = 0; k < original->processes->len; k++)
        {
          const StpProcess *got = stp_trace_get_process (merged, part->first_process + k);
          const StpProcess *want = stp_trace_get_process (original, k);
          g_autofree char *want_described = stp_trace_describe_process (original, want);
          g_autofree char *described = stp_trace_describe_process (merged, got);
          g_autofree char *prefix = g_strdup_printf ("%s · ", part->label);

          /* Names stay as recorded; what shows them puts the label first. */
          g_assert_cmpuint (got->part, ==, p);
          g_assert_cmpstr (stp_trace_str (merged, got->name), ==, stp_trace_str (original, want->name));
          g_assert_true (g_str_has_prefix (described, prefix));
          if (want->name != STP_STR_EMPTY)
            g_assert_cmpstr (described + strlen (prefix), ==, want_described);
          g_assert_cmpuint (got->tracks->len, ==, want->tracks->len);
          /* Pids, numbers or strings, are distinct over the whole trace. */
          if (got->pid_str == STP_STR_EMPTY)
            {
              g_assert_false (g_hash_table_contains (pids, &got->pid));
              g_hash_table_add (pids, (gpointer) &got->pid);
            }
          else
            {
              const char *str = stp_trace_str (merged, got->pid_str);

              g_assert_false (g_hash_table_contains (str_pids, str));
              g_hash_table_add (str_pids, (gpointer) str);
            }
        }

      for (guint t = 0; t < original->tracks->len; t++)
        {
          const StpTrack *got = stp_trace_get_track (merged, track_base + t);
          const StpTrack *want = stp_trace_get_track (original, t);

          g_assert_cmpuint (got->process, ==, part->first_process + want->process);
          g_assert_cmpstr (stp_trace_str (merged, got->name), ==, stp_trace_str (original, want->name));
          assert_slices_moved (merged, got, original, want, part->offset);
        }

      for (guint f = 0; f < original->flows->len; f++)
        {
          const StpFlow *got = &g_array_index (merged->flows, StpFlow, flow_base + f);
          const StpFlow *want = &g_array_index (original->flows, StpFlow, f);

          g_assert_cmpuint (got->src.track, ==, track_base + want->src.track);
          g_assert_cmpint (got->src.ts, ==, want->src.ts + part->offset);
          if (want->dst.track != STP_INDEX_NONE)
            g_assert_cmpuint (got->dst.track, ==, track_base + want->dst.track);
        }

      assert_steps_moved (merged, p, original, part->offset);

      track_base += original->tracks->len;
      flow_base += original->flows->len;
      memory += stp_trace_get_memory_size (original);
    }

  g_assert_cmpuint (merged->tracks->len, ==, track_base);
  g_assert_cmpuint (merged->flows->len, ==, flow_base);
  /* The events moved; nothing was copied twice.  Strings shared between
   * inputs are kept once, so the merge may be smaller. */
  g_assert_cmpuint (stp_trace_get_memory_size (merged), <=, memory + memory / 50);
}

/* "rank N" from the file's distributedInfo, read here with json-glib. */
static char *
expected_rank_label (const StpTrace *trace)
{
  g_autofree char *info = stp_trace_dup_metadata_value (trace, STP_METADATA_MEMBER, "distributedInfo");
  g_autoptr(JsonNode) node = NULL;
  g_autoptr(GError) error = NULL;

  g_assert_nonnull (info);
  node = json_from_string (info, &error);
  g_assert_no_error (error);
  return g_strdup_printf ("rank %" G_GINT64_FORMAT,
                          json_object_get_int_member (json_node_get_object (node), "rank"));
}

static void
test_ranks (void)
{
  const char *names[] = { RANKS "0.json.gz", RANKS "1.json.gz", NULL };
  g_autoptr(GPtrArray) originals = g_ptr_array_new_with_free_func ((GDestroyNotify) stp_trace_unref);
  g_autoptr(StpTrace) merged = NULL;
  StpMergeClock used;
  gint64 base[2];
  gboolean wall[2];

  merged = merge_files (names, STP_MERGE_CLOCK_AUTO, &used, originals);
  assert_merge_of (merged, originals);

  /* Two ranks of one job record Unix time and overlap: the common clock. */
  for (guint i = 0; i < 2; i++)
    {
      const StpTrace *original = g_ptr_array_index (originals, i);
      g_autofree char *label = expected_rank_label (original);

      g_assert_cmpstr (g_array_index (merged->parts, StpTracePart, i).label, ==, label);
      wall[i] = stp_trace_get_wall_clock (original, &base[i]);
    }
  g_assert_true (wall[0] && wall[1]);
  g_assert_cmpint (used, ==, STP_MERGE_CLOCK_COMMON);
  g_assert_cmpint (stp_trace_get_merge_clock (merged), ==, STP_MERGE_CLOCK_COMMON);
  g_assert_cmpint (g_array_index (merged->parts, StpTracePart, 1).offset, ==, base[1] - base[0]);
  g_assert_cmpint (merged->start_ts, ==,
                   MIN (((StpTrace *) originals->pdata[0])->start_ts,
                        ((StpTrace *) originals->pdata[1])->start_ts + base[1] - base[0]));
}

/* Two runs recorded apart, lined up at their first steps. */
static void
test_first_step (void)
{
  const char *names[] = { BASE, TEST, NULL };
  g_autoptr(GPtrArray) originals = g_ptr_array_new_with_free_func ((GDestroyNotify) stp_trace_unref);
  g_autoptr(StpTrace) merged = NULL;
  g_autoptr(GArray) steps0 = NULL;
  g_autoptr(GArray) steps1 = NULL;
  StpMergeClock used;

  merged = merge_files (names, STP_MERGE_CLOCK_FIRST_STEP, &used, originals);
  assert_merge_of (merged, originals);
  g_assert_cmpint (used, ==, STP_MERGE_CLOCK_FIRST_STEP);
  g_assert_cmpint (stp_trace_get_merge_clock (merged), ==, STP_MERGE_CLOCK_FIRST_STEP);

  steps0 = stp_steps_find (originals->pdata[0]);
  steps1 = stp_steps_find (originals->pdata[1]);
  g_assert_cmpuint (steps0->len, >, 0);
  g_assert_cmpuint (steps1->len, >, 0);
  g_assert_cmpint (g_array_index (merged->parts, StpTracePart, 0).offset, ==, 0);
  g_assert_cmpint (g_array_index (steps1, StpStep, 0).start +
                   g_array_index (merged->parts, StpTracePart, 1).offset, ==,
                   g_array_index (steps0, StpStep, 0).start);
}

/* XSpace slices take their args from their own input's bytes. */
static void
test_xspace_sources (void)
{
  const char *names[] = { XSPACE, XSPACE, NULL };
  g_autoptr(GPtrArray) originals = g_ptr_array_new_with_free_func ((GDestroyNotify) stp_trace_unref);
  g_autoptr(StpTrace) merged = NULL;
  const StpTracePart *a, *b;
  StpMergeClock used;

  merged = merge_files (names, STP_MERGE_CLOCK_AUTO, &used, originals);
  assert_merge_of (merged, originals);

  /* One file twice: the same label, told apart. */
  a = &g_array_index (merged->parts, StpTracePart, 0);
  b = &g_array_index (merged->parts, StpTracePart, 1);
  g_assert_cmpstr (a->label, !=, b->label);
  g_assert_true (g_str_has_prefix (b->label, a->label));
  g_assert_nonnull (a->source);
  g_assert_nonnull (b->source);
  g_assert_true (a->source != b->source);
  g_assert_null (merged->source);
}

/* The step table of a merged trace: a column per input, whose cells
 * are its steps, the slowest per step, and each input's median. */
static void
test_step_table (void)
{
  const char *names[] = { RANKS "0.json.gz", RANKS "1.json.gz", NULL };
  g_autoptr(GPtrArray) originals = g_ptr_array_new_with_free_func ((GDestroyNotify) stp_trace_unref);
  g_autoptr(StpTrace) merged = merge_files (names, STP_MERGE_CLOCK_AUTO, NULL, originals);
  g_autoptr(StpStepTable) table = stp_step_table_new_for_trace (merged, NULL);
  guint n_cells = 0;

  g_assert_cmpuint (stp_step_table_get_n_traces (table), ==, 2);
  for (guint t = 0; t < 2; t++)
    {
      g_autoptr(GArray) steps = stp_steps_find (originals->pdata[t]);
      g_autofree double *durations = g_new (double, steps->len);
      StpStepSpread spread = stp_step_table_get_spread (table, t);

      g_assert_cmpstr (stp_step_table_get_label (table, t), ==,
                       g_array_index (merged->parts, StpTracePart, t).label);
      g_assert_cmpuint (stp_step_table_get_n_steps (table, t), ==, steps->len);
      for (guint i = 0; i < steps->len; i++)
        durations[i] = g_array_index (steps, StpStep, i).end - g_array_index (steps, StpStep, i).start;
      /* Two steps each: the median is their mean. */
      g_assert_cmpuint (steps->len, ==, 2);
      g_assert_cmpfloat (spread.median, ==, (durations[0] + durations[1]) / 2);
      g_assert_cmpfloat (spread.min, ==, MIN (durations[0], durations[1]));
    }

  for (guint k = 0; k < stp_step_table_get_n_keys (table); k++)
    {
      gint64 longest = -1;
      gint slowest = -1;

      for (guint t = 0; t < 2; t++)
        {
          const StpStepRow *row = stp_step_table_get_cell (table, k, t);
          g_autoptr(GArray) steps = stp_steps_find (originals->pdata[t]);
          gint i = stp_steps_lookup (steps, stp_step_table_get_key (table, k));

          g_assert_cmpint (i >= 0, ==, row != NULL);
          if (row == NULL)
            continue;
          n_cells++;
          g_assert_cmpstr (row->step.name, ==, g_array_index (steps, StpStep, i).name);
          if (row->step.end - row->step.start > longest)
            longest = row->step.end - row->step.start, slowest = t;
        }
      g_assert_cmpint (stp_step_table_get_slowest (table, k), ==, slowest);
    }
  g_assert_cmpuint (n_cells, ==, 4);
}

/* The summary by trace: a row per input, with what that input alone
 * sums up to, and its slices. */
static void
test_summary_by_trace (void)
{
  const char *names[] = { RANKS "0.json.gz", RANKS "1.json.gz", NULL };
  g_autoptr(GPtrArray) originals = g_ptr_array_new_with_free_func ((GDestroyNotify) stp_trace_unref);
  g_autoptr(StpTrace) merged = merge_files (names, STP_MERGE_CLOCK_AUTO, NULL, originals);
  g_autoptr(StpSummary) summary = NULL;
  g_autoptr(GError) error = NULL;

  summary = stp_summary_new (merged, STP_SUMMARY_BY_TRACE, STP_SUMMARY_ORDER_NAME, G_MININT64, G_MAXINT64,
                             NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (summary->rows->len, ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      const StpSummaryRow *row = g_ptr_array_index (summary->rows, i);
      guint32 part = row->process;
      const StpTrace *original = originals->pdata[part];
      g_autoptr(StpSummary) alone = stp_summary_new (original, STP_SUMMARY_BY_TRACE, STP_SUMMARY_ORDER_NAME,
                                                     G_MININT64, G_MAXINT64, NULL, NULL);
      const StpSummaryRow *want = g_ptr_array_index (alone->rows, 0);
      g_autoptr(GArray) refs = stp_summary_collect (merged, STP_SUMMARY_BY_TRACE, row, G_MININT64, G_MAXINT64,
                                                    NULL, NULL);

      g_assert_cmpstr (row->name, ==, g_array_index (merged->parts, StpTracePart, part).label);
      g_assert_cmpuint (alone->rows->len, ==, 1);
      g_assert_cmpint (row->time, ==, want->time);
      g_assert_cmpuint (row->occurrences, ==, want->occurrences);
      g_assert_cmpuint (refs->len, ==, row->occurrences);
      for (guint k = 0; k < refs->len; k++)
        {
          const StpItemRef *ref = &g_array_index (refs, StpItemRef, k);

          g_assert_cmpuint (stp_trace_get_process (merged, stp_trace_get_track (merged, ref->track)->process)->part,
                            ==, part);
        }
    }
}

/* StepStats: each input is one step, with its own source for details. */
static void
test_step_stats (void)
{
  const char *names[] = { "step-stats/gpu_kernel_labels.run_metadata.pb", "step-stats/run_meta.pb", NULL };
  g_autoptr(GPtrArray) originals = g_ptr_array_new_with_free_func ((GDestroyNotify) stp_trace_unref);
  g_autoptr(StpTrace) merged = NULL;
  StpMergeClock used;

  merged = merge_files (names, STP_MERGE_CLOCK_AUTO, &used, originals);
  assert_merge_of (merged, originals);
  for (guint p = 0; p < 2; p++)
    {
      g_autoptr(GArray) steps = stp_steps_find_in_part (merged, p);

      g_assert_cmpuint (steps->len, ==, 1);
    }
  /* The first has GPU kernels; they are found in its part only. */
  {
    g_autoptr(GArray) kernels = stp_kernels_collect_in_part (merged, 0);

    g_assert_cmpuint (kernels->len, >, 0);
  }

  /* Kernels timeline.py calls "unknown" show their node's name, from
   * their own file's nodes. */
  {
    guint32 track_base = 0;
    guint n_shown = 0;

    for (guint p = 0; p < originals->len; p++)
      {
        StpTrace *original = originals->pdata[p];

        for (guint32 t = 0; t < original->tracks->len; t++)
          {
            const StpTrack *want = stp_trace_get_track (original, t);
            const StpTrack *got = stp_trace_get_track (merged, track_base + t);

            for (guint32 i = 0; want->slices != NULL && i < want->slices->len; i++)
              {
                g_autofree char *a = stp_details_shown_name (merged, stp_track_get_slice (got, i));
                g_autofree char *b = stp_details_shown_name (original, stp_track_get_slice (want, i));
                g_autofree char *na = stp_details_node_name (merged, stp_track_get_slice (got, i));
                g_autofree char *nb = stp_details_node_name (original, stp_track_get_slice (want, i));

                g_assert_cmpstr (a, ==, b);
                g_assert_cmpstr (na, ==, nb);
                n_shown += b != NULL;
              }
          }
        track_base += original->tracks->len;
      }
    g_assert_cmpuint (n_shown, >, 0);
  }
}


static guint
count_bound_flows (const StpTrace *trace)
{
  guint n = 0;

  for (guint i = 0; i < trace->flows->len; i++)
    n += g_array_index (trace->flows, StpFlow, i).dst.track != STP_INDEX_NONE;
  return n;
}

/* `stepscope-cli convert A B`: one Chrome JSON that reads back with
 * every process apart and no flow joined across inputs; a bad input is
 * named and left out. */
static void
test_cli_convert (void)
{
  g_autofree char *rank0 = g_test_build_filename (G_TEST_DIST, "data", RANKS "0.json.gz", NULL);
  g_autofree char *rank1 = g_test_build_filename (G_TEST_DIST, "data", RANKS "1.json.gz", NULL);
  g_autofree char *dir = g_dir_make_tmp ("stepscope-merge-XXXXXX", NULL);
  g_autofree char *out = g_build_filename (dir, "merged.json", NULL);
  g_autofree char *bad = g_build_filename (dir, "broken.json", NULL);
  g_autoptr(StpTrace) a = load (RANKS "0.json.gz");
  g_autoptr(StpTrace) b = load (RANKS "1.json.gz");
  g_autoptr(StpTrace) back = NULL;
  g_auto(Run) run = { 0 };
  g_auto(Run) with_bad = { 0 };

  run_cli (&run, "convert", rank0, rank1, "-o", out, NULL);
  g_assert_cmpint (run.status, ==, 0);
  back = load_path (out);
  g_assert_cmpuint (back->processes->len, ==, a->processes->len + b->processes->len);
  g_assert_cmpuint (stp_trace_count_slices (back), ==,
                    stp_trace_count_slices (a) + stp_trace_count_slices (b));
  g_assert_cmpuint (back->flows->len, ==, a->flows->len + b->flows->len);
  g_assert_cmpuint (count_bound_flows (back), ==, count_bound_flows (a) + count_bound_flows (b));
  /* Every process is named after its input. */
  {
    g_autofree char *label_a = expected_rank_label (a);
    g_autofree char *label_b = expected_rank_label (b);

    for (guint i = 0; i < back->processes->len; i++)
      {
        const char *name = stp_trace_str (back, stp_trace_get_process (back, i)->name);

        g_assert_true (g_str_has_prefix (name, label_a) || g_str_has_prefix (name, label_b));
      }
  }
  g_clear_pointer (&back, stp_trace_unref);

  g_assert_true (g_file_set_contents (bad, "[{\"ph\":\"X\",", -1, NULL));
  run_cli (&with_bad, "convert", rank0, bad, rank1, "-o", out, NULL);
  g_assert_cmpint (with_bad.status, ==, 1);
  g_assert_nonnull (strstr (with_bad.err, "broken.json"));
  back = load_path (out);
  g_assert_cmpuint (back->processes->len, ==, a->processes->len + b->processes->len);

  g_unlink (out);
  g_unlink (bad);
  g_rmdir (dir);
}

/* A trace of one slice with `info` as its distributedInfo, written to
 * dir/name. */
static char *
write_rank_trace (const char *dir,
                  const char *name,
                  const char *info)
{
  char *path = g_build_filename (dir, name, NULL);
  g_autofree char *json = g_strdup_printf ("{\"distributedInfo\": %s, \"traceEvents\": ["
                                           "{\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1,"
                                           " \"ts\": 0, \"dur\": 1}]}", info);

  g_assert_true (g_file_set_contents (path, json, -1, NULL));
  return path;
}

/* distributedInfo's top-level "rank" names a trace, in the viewer and
 * in `stepscope-cli steps` alike: not a process group's rank nested
 * before it, and also where the member is not strict JSON. */
static void
test_rank_member (void)
{
  static const struct { const char *info; gint64 rank; } cases[] = {
    { "{\"backend\": \"nccl\", \"rank\": 3, \"world_size\": 8}", 3 },
    { "{\"pg_config\": [{\"pg_name\": \"0\", \"rank\": 7}], \"rank\": 2}", 2 },
    { "{\"rank\": 4, \"world_size\": NaN,}", 4 },
    { "{\"world_size\": 2, \"rank\": 0}", 0 },
    { "{\"rank\": \"5\"}", -1 },
    { "{\"rank\": -1}", -1 },
    { "{\"rank\": 1.5}", -1 },
    { "{\"ranks\": [0, 1]}", -1 },
    { "[{\"rank\": 6}]", -1 },
    { "\"rank 6\"", -1 },
  };
  g_autofree char *dir = g_dir_make_tmp ("stepscope-merge-XXXXXX", NULL);
  g_autofree char *nested = NULL, *lenient = NULL;
  g_auto(Run) run = { 0 };
  g_autoptr(JsonNode) root = NULL;
  JsonArray *traces;

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *path = write_rank_trace (dir, "rank.json", cases[i].info);
      g_autoptr(StpTrace) trace = load_path (path);
      g_autofree char *label = stp_trace_dup_part_label (trace);
      g_autofree char *want = cases[i].rank >= 0 ? g_strdup_printf ("rank %" G_GINT64_FORMAT, cases[i].rank)
                                                 : g_strdup ("rank.json");

      g_test_message ("%s", cases[i].info);
      g_assert_cmpint (stp_trace_get_rank (trace), ==, cases[i].rank);
      g_assert_cmpstr (label, ==, want);
      g_unlink (path);
    }

  nested = write_rank_trace (dir, "nested.json", cases[1].info);
  lenient = write_rank_trace (dir, "lenient.json", cases[2].info);
  run_cli (&run, "steps", "--json", nested, lenient, NULL);
  g_assert_cmpint (run.status, ==, 0);
  root = json_from_string (run.out, NULL);
  g_assert_nonnull (root);
  traces = json_node_get_array (root);
  g_assert_cmpuint (json_array_get_length (traces), ==, 2);
  for (guint i = 0; i < 2; i++)
    {
      JsonObject *t = json_array_get_object_element (traces, i);
      gint64 rank = cases[1 + i].rank;
      g_autofree char *label = g_strdup_printf ("rank %" G_GINT64_FORMAT, rank);

      g_assert_cmpint (json_object_get_int_member (t, "rank"), ==, rank);
      g_assert_cmpstr (json_object_get_string_member (t, "label"), ==, label);
    }

  g_unlink (nested);
  g_unlink (lenient);
  g_rmdir (dir);
}

/* Labels that clash become file names, and those that still clash
 * their positions: the same rule for the viewer and the CLI. */
static void
test_distinct_labels (void)
{
  const char *files[] = { "/runs/a/rank0.json", "/runs/b/rank0.json", "/runs/c/rank0.json",
                          "/runs/d/trace.json", "/runs/e/other.json" };
  char *labels[] = { g_strdup ("rank 0"), g_strdup ("rank 0"), g_strdup ("rank 0"),
                     g_strdup ("rank 1"), g_strdup ("other.json") };
  const char *want[] = { "rank0.json", "rank0.json #2", "rank0.json #3", "rank 1", "other.json" };

  stp_part_labels_make_distinct (labels, files, G_N_ELEMENTS (labels));
  for (guint i = 0; i < G_N_ELEMENTS (labels); i++)
    {
      g_assert_cmpstr (labels[i], ==, want[i]);
      g_free (labels[i]);
    }
}

/* Raw stores moved into another keep every fragment readable. */
static void
test_raw_adopt (void)
{
  g_autoptr(StpRawStore) into = stp_raw_store_new ();
  g_autoptr(StpRawStore) from = stp_raw_store_new ();
  g_autoptr(GArray) refs = g_array_new (FALSE, FALSE, sizeof (StpRaw));
  guint64 base;
  StpRaw extra;

  for (guint i = 0; i < 50000; i++)
    {
      g_autofree char *text = g_strdup_printf ("{\"i\":%u,\"from\":true}", i);
      StpRaw raw = stp_raw_store_add (from, text, strlen (text));

      g_array_append_val (refs, raw);
      if (i % 7 == 0)
        stp_raw_store_add (into, text, strlen (text));
    }
  base = stp_raw_store_adopt (into, from);
  g_assert_cmpuint (stp_raw_store_get_size (from), ==, 0);
  extra = stp_raw_store_add (into, "after", 5);

  for (guint i = 0; i < refs->len; i++)
    {
      StpRaw raw = g_array_index (refs, StpRaw, i);
      g_autofree char *want = g_strdup_printf ("{\"i\":%u,\"from\":true}", i);
      g_autofree char *got = stp_raw_store_dup (into, raw + base);

      g_assert_cmpstr (got, ==, want);
    }
  {
    g_autofree char *after = stp_raw_store_dup (into, extra);

    g_assert_cmpstr (after, ==, "after");
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/merge/raw-adopt", test_raw_adopt);
  g_test_add_func ("/merge/ranks", test_ranks);
  g_test_add_func ("/merge/rank-member", test_rank_member);
  g_test_add_func ("/merge/distinct-labels", test_distinct_labels);
  g_test_add_func ("/merge/first-step", test_first_step);
  g_test_add_func ("/merge/xspace-sources", test_xspace_sources);
  g_test_add_func ("/merge/step-stats", test_step_stats);
  g_test_add_func ("/merge/step-stats-links", test_step_stats_links);
  g_test_add_func ("/merge/snapshot-args-by-input", test_snapshot_args_by_input);
  g_test_add_func ("/merge/step-table", test_step_table);
  g_test_add_func ("/merge/summary-by-trace", test_summary_by_trace);
  g_test_add_func ("/merge/cli-convert", test_cli_convert);

  return g_test_run ();
}
