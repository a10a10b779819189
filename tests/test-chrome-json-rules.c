/* test-chrome-json-rules.c: one test per rule of the Chrome JSON loader
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-chrome-json-rules"

#include <string.h>

#include "stp-json-writer.h"
#include "stp-trace-info.h"
#include "export-test-util.h"
#include "test-chrome-common.h"

static char *
extra_text (StpTrace *trace,
            guint32   index)
{
  StpExtra *e;

  g_assert_cmpuint (index, !=, STP_INDEX_NONE);
  e = &g_array_index (trace->extras, StpExtra, index);
  return stp_trace_dup_raw (trace, e->members, NULL);
}

/* Which members an event keeps for export: none when it has only keys
 * the model takes, each once; a known key the phase does not take ("id"
 * on an X); and of a key given twice, the last is used, with a warning,
 * and neither is kept. */
static void
test_extra_members (void)
{
  g_autoptr(StpTrace) trace = stp_test_load_ok (
    "[{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":10,\"dur\":5,\"name\":\"plain\",\"cat\":\"c\",\"args\":{}},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":20,\"dur\":5,\"name\":\"with id\",\"id\":7},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":30,\"dur\":5,\"name\":\"first\",\"name\":\"twice\"},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":40,\"dur\":5,\"name\":\"both\",\"ts\":41,\"tts\":1}]");
  StpTrack *t = stp_test_thread (trace, 1, 2, 0);
  StpSlice *twice = stp_test_slice_named (trace, t, "twice");
  StpSlice *both = stp_test_slice_named (trace, t, "both");
  g_autofree char *id = extra_text (trace, stp_trace_get_slice_extra (trace,
                                                                     stp_test_slice_named (trace, t, "with id")));
  g_autofree char *tts = extra_text (trace, stp_trace_get_slice_extra (trace, both));

  g_assert_cmpuint (stp_trace_get_slice_extra (trace, stp_test_slice_named (trace, t, "plain")), ==, STP_INDEX_NONE);
  g_assert_cmpstr (id, ==, "\"id\":7");
  g_assert_cmpuint (stp_trace_get_slice_extra (trace, twice), ==, STP_INDEX_NONE);
  g_assert_cmpint (twice->ts, ==, 30000);
  g_assert_cmpint (both->ts, ==, 41000);
  g_assert_cmpstr (tts, ==, "\"tts\":1");
  g_assert_cmpuint (stp_test_warning_count (trace, "duplicate-member"), ==, 2);
}

/* The members an event of a flow or an object kept, in the export:
 * `member` of the one event with phase `ph` and name `name`, as JSON
 * text, or NULL if it has none. */
static char *
exported_member (JsonNode   *root,
                 char        ph,
                 const char *name,
                 const char *member)
{
  JsonArray *events = json_object_get_array_member (json_node_get_object (root), "traceEvents");
  char *found = NULL;

  for (guint i = 0; i < json_array_get_length (events); i++)
    {
      JsonObject *e = json_array_get_object_element (events, i);

      if (json_object_get_string_member (e, "ph")[0] != ph ||
          g_strcmp0 (json_object_get_string_member_with_default (e, "name", ""), name) != 0)
        continue;
      g_assert_null (found);
      found = json_object_has_member (e, member)
                ? json_to_string (json_object_get_member (e, member), FALSE)
                : g_strdup ("");
    }
  g_assert_nonnull (found);
  if (found[0] == '\0')
    g_clear_pointer (&found, g_free);
  return found;
}

/* Flows and objects keep their events' members as slices do, though
 * they are found apart from them: a flow's by the seq of its first
 * event, an object's by its N event's.  Here a t event is the end of
 * one flow and the start of the next, an end came without a start, and
 * the extras are added out of order (flows only when they are paired). */
static void
test_extra_members_of_flows_and_objects (void)
{
  g_autoptr(StpTrace) trace = stp_test_load_ok (
    "[{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":10,\"name\":\"a\",\"tts\":1},"
    "{\"ph\":\"s\",\"pid\":1,\"tid\":1,\"ts\":5,\"id\":1,\"name\":\"ipc\",\"sf\":\"7\"},"
    "{\"ph\":\"N\",\"pid\":1,\"tid\":1,\"ts\":6,\"id\":\"0x1\",\"name\":\"obj\",\"tts\":4},"
    "{\"ph\":\"N\",\"pid\":1,\"tid\":1,\"ts\":6,\"id\":\"0x2\",\"name\":\"bare\"},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":20,\"dur\":10,\"name\":\"b\"},"
    "{\"ph\":\"t\",\"pid\":1,\"tid\":2,\"ts\":25,\"id\":1,\"name\":\"ipc\",\"tts\":2},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":3,\"ts\":30,\"dur\":20,\"name\":\"c\",\"tts\":3},"
    "{\"ph\":\"f\",\"pid\":1,\"tid\":3,\"ts\":35,\"id\":1,\"name\":\"ipc\",\"bp\":\"e\",\"sf\":\"8\"},"
    "{\"ph\":\"f\",\"pid\":1,\"tid\":3,\"ts\":36,\"id\":2,\"name\":\"lost\",\"bp\":\"e\",\"sf\":\"9\"},"
    "{\"ph\":\"s\",\"pid\":1,\"tid\":1,\"ts\":7,\"id\":3,\"name\":\"plain\"},"
    "{\"ph\":\"f\",\"pid\":1,\"tid\":3,\"ts\":37,\"id\":3,\"name\":\"plain\",\"bp\":\"e\"}]");
  g_autoptr(JsonNode) root = NULL;
  struct { const char *name; char src, dst; const char *first, *second; } flow_members[] = {
    { "ipc", 's', 't', "\"sf\":\"7\"", "\"tts\":2" },
    { "ipc", 't', 'f', "\"tts\":2", "\"sf\":\"8\"" },
    { "lost", 0, 'f', NULL, "\"sf\":\"9\"" },
    { "plain", 's', 'f', NULL, NULL },
  };
  const char *object_members[] = { "\"tts\":4", NULL };
  struct { char ph; const char *name, *member, *value; } exported[] = {
    { 'X', "a", "tts", "1" },
    { 'X', "c", "tts", "3" },
    { 's', "ipc", "sf", "\"7\"" },
    { 't', "ipc", "tts", "2" },
    { 'f', "ipc", "sf", "\"8\"" },
    { 'f', "lost", "sf", "\"9\"" },
    { 's', "plain", "sf", NULL },
    { 'N', "obj", "tts", "4" },
    { 'N', "bare", "tts", NULL },
  };

  g_assert_cmpuint (trace->flows->len, ==, G_N_ELEMENTS (flow_members));
  for (guint i = 0; i < trace->flows->len; i++)
    {
      const StpFlow *flow = &g_array_index (trace->flows, StpFlow, i);
      guint32 index = stp_trace_get_flow_extra (trace, flow);
      const StpExtra *extra;
      g_autofree char *first = NULL, *second = NULL;
      guint k = 0;

      while (k < G_N_ELEMENTS (flow_members) &&
             (g_strcmp0 (stp_trace_str (trace, flow->name), flow_members[k].name) != 0 ||
              flow->src.phase != flow_members[k].src || flow->dst.phase != flow_members[k].dst))
        k++;
      g_assert_cmpuint (k, <, G_N_ELEMENTS (flow_members));

      if (flow_members[k].first == NULL && flow_members[k].second == NULL)
        {
          g_assert_cmpuint (index, ==, STP_INDEX_NONE);
          continue;
        }
      /* The first holds the start's members, the second the end's. */
      g_assert_cmpuint (index, <, trace->extras->len);
      extra = &g_array_index (trace->extras, StpExtra, index);
      first = stp_trace_dup_raw (trace, extra->members, NULL);
      g_assert_cmpstr (first, ==, flow_members[k].first);
      g_assert_true (extra->flags & STP_EXTRA_HAS_END);
      second = extra_text (trace, index + 1);
      g_assert_cmpstr (second, ==, flow_members[k].second);
    }

  g_assert_cmpuint (trace->objects->len, ==, G_N_ELEMENTS (object_members));
  for (guint i = 0; i < trace->objects->len; i++)
    {
      const StpObject *object = &g_array_index (trace->objects, StpObject, i);
      guint32 index = stp_trace_get_object_extra (trace, object);

      if (object_members[i] == NULL)
        g_assert_cmpuint (index, ==, STP_INDEX_NONE);
      else
        {
          g_autofree char *members = extra_text (trace, index);

          g_assert_cmpstr (members, ==, object_members[i]);
        }
    }

  root = stp_test_export_json (trace);
  for (guint i = 0; i < G_N_ELEMENTS (exported); i++)
    {
      g_autofree char *value = exported_member (root, exported[i].ph, exported[i].name, exported[i].member);

      g_assert_cmpstr (value, ==, exported[i].value);
    }
}

static void
test_complete (void)
{
  g_autoptr(StpTrace) trace = stp_test_load_ok (
    "[{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":10,\"dur\":5,\"name\":\"a\",\"cat\":\"c\","
    "\"args\":{\"k\": [1, {\"x\": \"}\"}]},\"tts\":3,\"cname\":\"good\"},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":30,\"name\":\"open\"},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":100,\"dur\":1,\"name\":\"last\"}]");
  StpTrack *t = stp_test_thread (trace, 1, 2, 0);
  StpSlice *a = stp_test_slice_named (trace, t, "a");
  StpSlice *open = stp_test_slice_named (trace, t, "open");
  g_autofree char *args = stp_trace_dup_args (trace, t, a);
  g_autofree char *extra = extra_text (trace, stp_trace_get_slice_extra (trace, a));

  g_assert_cmpint (a->ts, ==, 10000);
  g_assert_cmpint (a->dur, ==, 5000);
  g_assert_cmpstr (stp_trace_str (trace, a->cat), ==, "c");
  g_assert_cmpstr (args, ==, "{\"k\": [1, {\"x\": \"}\"}]}");
  g_assert_cmpstr (extra, ==, "\"tts\":3,\"cname\":\"good\"");
  g_assert_cmpuint (a->seq, ==, 0);

  /* X without dur runs to the end of the trace */
  g_assert_true (open->flags & STP_SLICE_UNCLOSED);
  g_assert_cmpint (stp_slice_end (open), ==, 101000);
  g_assert_cmpuint (open->seq, ==, 1);
}

static void
test_begin_end (void)
{
  /* Out of order in the file: pairing goes by time. */
  g_autoptr(StpTrace) trace = stp_test_load_ok (
    "[{\"ph\":\"B\",\"pid\":1,\"tid\":1,\"ts\":0,\"name\":\"outer\",\"args\":{\"a\":1}},"
    "{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":20,\"tts\":7,\"args\":{\"b\":2}},"
    "{\"ph\":\"B\",\"pid\":1,\"tid\":1,\"ts\":5,\"name\":\"inner\"},"
    "{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":8,\"name\":\"inner\"},"
    "{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":30},"
    "{\"ph\":\"B\",\"pid\":1,\"tid\":1,\"ts\":40,\"name\":\"unclosed\"},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":50,\"dur\":10,\"name\":\"x\"}]");
  StpTrack *t = stp_test_thread (trace, 1, 1, 0);
  StpSlice *outer = stp_test_slice_named (trace, t, "outer");
  StpSlice *inner = stp_test_slice_named (trace, t, "inner");
  StpSlice *unclosed = stp_test_slice_named (trace, t, "unclosed");
  StpExtra *e;
  g_autofree char *end_members = NULL;

  g_assert_cmpuint (t->slices->len, ==, 4);
  g_assert_cmpint (outer->ts, ==, 0);
  g_assert_cmpint (outer->dur, ==, 20000);
  g_assert_cmpuint (outer->depth, ==, 0);
  g_assert_true (outer->flags & STP_SLICE_FROM_BEGIN);
  g_assert_false (outer->flags & STP_SLICE_UNCLOSED);
  g_assert_cmpint (inner->dur, ==, 3000);
  g_assert_cmpuint (inner->depth, ==, 1);

  /* The E's members (args too) and position stay with the slice. */
  e = &g_array_index (trace->extras, StpExtra, stp_trace_get_slice_extra (trace, outer));
  g_assert_true (e->flags & STP_EXTRA_END_SEQ);
  g_assert_true (e->flags & STP_EXTRA_HAS_END);
  g_assert_cmpuint (e->seq, ==, 1);
  end_members = stp_trace_dup_raw (trace, e[1].members, NULL);
  g_assert_cmpstr (end_members, ==, "\"tts\":7,\"args\":{\"b\":2}");
  g_assert_cmpint (e[1].phase, ==, 'E');

  g_assert_true (unclosed->flags & STP_SLICE_UNCLOSED);
  g_assert_cmpint (stp_slice_end (unclosed), ==, 60000);
  g_assert_cmpuint (stp_test_warning_count (trace, "unmatched-end"), ==, 1);
  g_assert_cmpuint (stp_test_warning_count (trace, "unclosed-begin"), ==, 1);
}

static void
test_overlap_lanes (void)
{
  g_autoptr(StpTrace) trace = stp_test_load_ok (
    "[{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":10,\"name\":\"a\"},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":5,\"dur\":10,\"name\":\"b\"},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2,\"name\":\"c\"}]");
  StpTrack *lane0 = stp_test_thread (trace, 1, 1, 0);
  StpTrack *lane1 = stp_test_thread (trace, 1, 1, 1);

  g_assert_cmpuint (lane0->slices->len, ==, 2);
  g_assert_cmpuint (stp_test_slice_named (trace, lane0, "c")->depth, ==, 1);
  g_assert_cmpuint (lane1->slices->len, ==, 1);
  g_assert_cmpuint (stp_test_slice_named (trace, lane1, "b")->ts, ==, 5000);
}

static void
test_instants (void)
{
  g_autoptr(StpTrace) trace = stp_test_load_ok (
    "{\"traceEvents\":[{\"ph\":\"i\",\"pid\":1,\"tid\":1,\"ts\":1,\"name\":\"t\",\"s\":\"t\"},"
    "{\"ph\":\"I\",\"pid\":1,\"tid\":1,\"ts\":2,\"name\":\"old\"},"
    "{\"ph\":\"i\",\"pid\":1,\"tid\":1,\"ts\":3,\"name\":\"p\",\"s\":\"p\",\"args\":{\"z\":0}},"
    "{\"ph\":\"R\",\"pid\":1,\"tid\":1,\"ts\":4,\"name\":\"g\",\"s\":\"g\"},"
    "{\"ph\":\"P\",\"pid\":1,\"tid\":1,\"ts\":5,\"name\":\"sample\",\"sf\":7}]}");
  StpTrack *t = stp_test_thread (trace, 1, 1, 0);
  StpTrack *process_track = NULL;
  StpSlice *sample;
  g_autofree char *sample_extra = NULL;

  for (guint i = 0; i < trace->tracks->len; i++)
    if (stp_trace_get_track (trace, i)->kind == STP_TRACK_INSTANTS)
      process_track = stp_trace_get_track (trace, i);

  g_assert_cmpuint (t->instants->len, ==, 3);
  g_assert_cmpint (g_array_index (trace->extras, StpExtra,
                                  stp_trace_get_slice_extra (trace, &g_array_index (t->instants, StpSlice, 1))).phase,
                   ==, 'I');
  g_assert_nonnull (process_track);
  g_assert_cmpuint (process_track->slices->len, ==, 1);
  g_assert_cmpint (stp_track_get_slice (process_track, 0)->ts, ==, 3000);
  g_assert_cmpuint (trace->global_instants->len, ==, 1);
  g_assert_cmpint (g_array_index (trace->extras, StpExtra,
                                  stp_trace_get_slice_extra (trace, &g_array_index (trace->global_instants, StpSlice, 0))).phase,
                   ==, 'R');

  sample = &g_array_index (t->instants, StpSlice, 2);
  g_assert_true (sample->flags & STP_SLICE_SAMPLE);
  sample_extra = extra_text (trace, stp_trace_get_slice_extra (trace, sample));
  g_assert_cmpstr (sample_extra, ==, "\"sf\":7");
}

static void
test_counters (void)
{
  g_autoptr(StpTrace) trace = stp_test_load_ok (
    "[{\"ph\":\"C\",\"pid\":1,\"ts\":1,\"name\":\"mem\",\"args\":{\"a\":1,\"b\":\"2.5\"}},"
    "{\"ph\":\"C\",\"pid\":1,\"ts\":2,\"name\":\"mem\",\"args\":{\"a\":3,\"b\":\"x\"}},"
    "{\"ph\":\"C\",\"pid\":1,\"ts\":3,\"name\":\"mem\",\"id\":7,\"args\":{\"a\":9}},"
    "{\"ph\":\"C\",\"pid\":2,\"ts\":1,\"name\":\"mem\",\"args\":{\"a\":0}}]");
  guint n_tracks = 0;

  for (guint i = 0; i < trace->tracks->len; i++)
    {
      StpTrack *t = stp_trace_get_track (trace, i);
      StpProcess *p = stp_trace_get_process (trace, t->process);

      if (t->kind != STP_TRACK_COUNTER)
        continue;
      n_tracks++;
      g_assert_cmpstr (stp_trace_str (trace, t->name), ==, "mem");
      if (p->pid == 1 && t->counter_id == 0)
        {
          StpCounterSeries *a = g_ptr_array_index (t->series, 0);
          StpCounterSeries *b = g_ptr_array_index (t->series, 1);

          g_assert_cmpuint (t->series->len, ==, 2);
          g_assert_cmpuint (a->samples->len, ==, 2);
          g_assert_cmpfloat (a->max, ==, 3);
          g_assert_cmpuint (b->samples->len, ==, 1);
          g_assert_cmpfloat (g_array_index (b->samples, StpCounterSample, 0).value, ==, 2.5);
        }
      else if (p->pid == 1)
        g_assert_cmpstr (stp_trace_str (trace, t->counter_id), ==, "7");
    }
  g_assert_cmpuint (n_tracks, ==, 3);
  g_assert_cmpuint (stp_test_warning_count (trace, "counter-value"), ==, 1);
}

static void
test_objects (void)
{
  g_autoptr(StpTrace) trace = stp_test_load_ok (
    "[{\"ph\":\"N\",\"pid\":1,\"tid\":1,\"ts\":1,\"name\":\"obj\",\"id\":\"0x10\"},"
    "{\"ph\":\"O\",\"pid\":1,\"tid\":1,\"ts\":2,\"name\":\"obj\",\"id\":\"0x10\",\"args\":{\"snapshot\":{\"v\":1}}},"
    "{\"ph\":\"D\",\"pid\":1,\"tid\":1,\"ts\":3,\"name\":\"obj\",\"id\":\"0x10\"},"
    "{\"ph\":\"N\",\"pid\":1,\"tid\":1,\"ts\":4,\"name\":\"obj\",\"id\":\"0x10\"}]");
  StpObject *first = &g_array_index (trace->objects, StpObject, 0);
  StpObject *second = &g_array_index (trace->objects, StpObject, 1);
  StpSnapshot *snap = &g_array_index (trace->snapshots, StpSnapshot, 0);
  g_autofree char *args = stp_trace_dup_raw (trace, snap->args, NULL);

  g_assert_cmpuint (trace->objects->len, ==, 2);
  g_assert_cmpint (first->create_ts, ==, 1000);
  g_assert_cmpint (first->delete_ts, ==, 3000);
  g_assert_true (first->id & STP_ID_IS_RAW);
  g_assert_cmpstr (stp_trace_str (trace, first->id & G_MAXUINT32), ==, "\"0x10\"");
  g_assert_cmpuint (stp_trace_get_object_snapshots (trace, 0, NULL), ==, 1);
  g_assert_cmpstr (args, ==, "{\"snapshot\":{\"v\":1}}");
  g_assert_cmpint (second->create_ts, ==, 4000);
  g_assert_cmpint (second->delete_ts, ==, STP_TS_UNKNOWN);
}

/* Objects go in order of their start, which for one never created is
 * its first snapshot; each gets the first row free then, and its
 * snapshots in time order. */
static void
test_objects_placed (void)
{
  g_autoptr(StpTrace) trace = stp_test_load_ok (
    "[{\"ph\":\"N\",\"pid\":1,\"tid\":1,\"ts\":10,\"name\":\"a\",\"id\":1},"
    "{\"ph\":\"O\",\"pid\":1,\"tid\":1,\"ts\":30,\"name\":\"b\",\"id\":2,\"args\":{\"snapshot\":{\"v\":30}}},"
    "{\"ph\":\"O\",\"pid\":1,\"tid\":1,\"ts\":20,\"name\":\"b\",\"id\":2,\"args\":{\"snapshot\":{\"v\":20}}},"
    "{\"ph\":\"O\",\"pid\":1,\"tid\":1,\"ts\":5,\"name\":\"c\",\"id\":3,\"args\":{\"snapshot\":{\"v\":5}}},"
    "{\"ph\":\"D\",\"pid\":1,\"tid\":1,\"ts\":8,\"name\":\"c\",\"id\":3},"
    "{\"ph\":\"D\",\"pid\":1,\"tid\":1,\"ts\":15,\"name\":\"a\",\"id\":1},"
    "{\"ph\":\"N\",\"pid\":1,\"tid\":1,\"ts\":12,\"name\":\"d\",\"id\":4}]");
  const char *names[] = { "c", "a", "d", "b" };
  const guint lanes[] = { 0, 0, 1, 0 };
  guint32 first;

  g_assert_cmpuint (trace->objects->len, ==, 4);
  for (guint i = 0; i < 4; i++)
    {
      const StpObject *o = &g_array_index (trace->objects, StpObject, i);

      g_assert_cmpstr (stp_trace_str (trace, o->name), ==, names[i]);
      g_assert_cmpuint (o->lane, ==, lanes[i]);
    }

  g_assert_cmpuint (stp_trace_get_object_snapshots (trace, 0, &first), ==, 1);
  g_assert_cmpint (g_array_index (trace->snapshots, StpSnapshot, first).ts, ==, 5000);
  g_assert_cmpuint (stp_trace_get_object_snapshots (trace, 1, NULL), ==, 0);
  g_assert_cmpuint (stp_trace_get_object_snapshots (trace, 2, NULL), ==, 0);
  g_assert_cmpuint (stp_trace_get_object_snapshots (trace, 3, &first), ==, 2);
  for (guint k = 0; k < 2; k++)
    {
      const StpSnapshot *snap = &g_array_index (trace->snapshots, StpSnapshot, first + k);
      g_autofree char *args = stp_trace_dup_raw (trace, snap->args, NULL);

      g_assert_cmpuint (snap->object, ==, 3);
      g_assert_cmpint (snap->ts, ==, k == 0 ? 20000 : 30000);
      g_assert_cmpstr (args, ==, k == 0 ? "{\"snapshot\":{\"v\":20}}" : "{\"snapshot\":{\"v\":30}}");
    }
}

/* A flow's start and end pair only when cat, name and id all agree:
 * an id alone, or an id and one of the two, is not enough. */
static void
test_flow_keys (void)
{
  g_autoptr(StpTrace) trace = stp_test_load_ok (
    "[{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":10,\"name\":\"a\"},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":20,\"dur\":10,\"name\":\"b\"},"
    "{\"ph\":\"s\",\"pid\":1,\"tid\":1,\"ts\":1,\"id\":7,\"name\":\"n\",\"cat\":\"c\"},"
    "{\"ph\":\"f\",\"pid\":1,\"tid\":2,\"ts\":21,\"id\":7,\"name\":\"n\",\"cat\":\"other\",\"bp\":\"e\"},"
    "{\"ph\":\"f\",\"pid\":1,\"tid\":2,\"ts\":22,\"id\":7,\"name\":\"other\",\"cat\":\"c\",\"bp\":\"e\"},"
    "{\"ph\":\"f\",\"pid\":1,\"tid\":2,\"ts\":23,\"id\":8,\"name\":\"n\",\"cat\":\"c\",\"bp\":\"e\"},"
    "{\"ph\":\"f\",\"pid\":1,\"tid\":2,\"ts\":24,\"id\":7,\"name\":\"n\",\"cat\":\"c\",\"bp\":\"e\"}]");
  guint paired = 0;

  g_assert_cmpuint (trace->flows->len, ==, 4);
  for (guint i = 0; i < trace->flows->len; i++)
    {
      StpFlow *flow = &g_array_index (trace->flows, StpFlow, i);

      if (flow->src.track == STP_INDEX_NONE)
        continue;
      paired++;
      g_assert_cmpint (flow->src.ts, ==, 1000);
      g_assert_cmpint (flow->dst.ts, ==, 24000);
    }
  g_assert_cmpuint (paired, ==, 1);
  g_assert_cmpuint (stp_test_warning_count (trace, "flow-end-without-start"), ==, 3);
}

static void
test_flows (void)
{
  g_autoptr(StpTrace) trace = stp_test_load_ok (
    "[{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":10,\"name\":\"producer\"},"
    "{\"ph\":\"s\",\"pid\":1,\"tid\":1,\"ts\":5,\"id\":1,\"name\":\"f\",\"cat\":\"c\"},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":20,\"dur\":10,\"name\":\"middle\"},"
    "{\"ph\":\"t\",\"pid\":1,\"tid\":2,\"ts\":25,\"id\":1,\"name\":\"f\",\"cat\":\"c\"},"
    "{\"ph\":\"f\",\"pid\":1,\"tid\":3,\"ts\":35,\"id\":1,\"name\":\"f\",\"cat\":\"c\"},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":3,\"ts\":40,\"dur\":5,\"name\":\"next\"},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":3,\"ts\":30,\"dur\":20,\"name\":\"enclosing\"},"
    "{\"ph\":\"s\",\"pid\":1,\"tid\":1,\"ts\":6,\"id\":\"0x2\",\"name\":\"g\",\"cat\":\"c\"},"
    "{\"ph\":\"f\",\"pid\":1,\"tid\":3,\"ts\":35,\"id\":\"0x2\",\"name\":\"g\",\"cat\":\"c\",\"bp\":\"e\"},"
    "{\"ph\":\"f\",\"pid\":1,\"tid\":3,\"ts\":36,\"id\":3,\"name\":\"orphan\",\"cat\":\"c\",\"bp\":\"e\"}]");
  StpFlow *f1, *f2, *g, *orphan;
  StpTrack *bound;
  StpTraceCounts counts;

  g_assert_cmpuint (trace->flows->len, ==, 4);
  f1 = &g_array_index (trace->flows, StpFlow, 0);
  f2 = &g_array_index (trace->flows, StpFlow, 1);
  g = &g_array_index (trace->flows, StpFlow, 2);
  orphan = &g_array_index (trace->flows, StpFlow, 3);

  /* s -> t -> f: two edges sharing the t */
  g_assert_cmpint (f1->src.phase, ==, 's');
  g_assert_cmpint (f1->dst.phase, ==, 't');
  g_assert_cmpint (f2->src.phase, ==, 't');
  g_assert_cmpint (f2->dst.phase, ==, 'f');
  g_assert_cmpuint (f1->dst.seq, ==, f2->src.seq);
  g_assert_cmpuint (f1->id, ==, 1);

  bound = stp_trace_get_track (trace, f1->src.track);
  g_assert_cmpstr (stp_trace_str (trace, stp_track_get_slice (bound, f1->src.slice)->name), ==, "producer");
  bound = stp_trace_get_track (trace, f1->dst.track);
  g_assert_cmpstr (stp_trace_str (trace, stp_track_get_slice (bound, f1->dst.slice)->name), ==, "middle");
  /* f without bp binds to the next slice, with bp "e" to the enclosing one */
  bound = stp_trace_get_track (trace, f2->dst.track);
  g_assert_cmpstr (stp_trace_str (trace, stp_track_get_slice (bound, f2->dst.slice)->name), ==, "next");
  g_assert_cmpint (g->dst.binding, ==, 'e');
  g_assert_true (g->id & STP_ID_IS_RAW);
  bound = stp_trace_get_track (trace, g->dst.track);
  g_assert_cmpstr (stp_trace_str (trace, stp_track_get_slice (bound, g->dst.slice)->name), ==, "enclosing");

  g_assert_cmpuint (orphan->src.track, ==, STP_INDEX_NONE);
  g_assert_cmpuint (stp_test_warning_count (trace, "flow-end-without-start"), ==, 1);

  /* Six flow events: the t, shared by two flows, counted once. */
  stp_trace_count (trace, &counts);
  g_assert_cmpuint (counts.flows, ==, 4);
  g_assert_cmpuint (counts.flow_events, ==, 6);
  g_assert_cmpuint (counts.bound_flows, ==, 3);
}

/* A thread whose slices overlap without nesting gets extra lanes; a
 * flow end binds to the deepest slice holding it on any of them, not to
 * the first lane's. */
static void
test_flow_deepest_lane (void)
{
  g_autoptr(StpTrace) trace = stp_test_load_ok (
    "[{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":100,\"name\":\"A\"},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":50,\"dur\":100,\"name\":\"B\"},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":60,\"dur\":80,\"name\":\"C\"},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":0,\"dur\":10,\"name\":\"producer\"},"
    "{\"ph\":\"s\",\"pid\":1,\"tid\":2,\"ts\":5,\"id\":9,\"name\":\"f\",\"cat\":\"c\"},"
    "{\"ph\":\"f\",\"pid\":1,\"tid\":1,\"ts\":80,\"id\":9,\"name\":\"f\",\"cat\":\"c\",\"bp\":\"e\"}]");
  const StpFlow *flow;
  const StpTrack *bound;

  g_assert_cmpuint (trace->flows->len, ==, 1);
  flow = &g_array_index (trace->flows, StpFlow, 0);
  g_assert_cmpuint (flow->dst.slice, !=, STP_INDEX_NONE);
  bound = stp_trace_get_track (trace, flow->dst.track);
  /* A holds ts 80 on the first lane at depth 0; C holds it on the
   * second lane, inside B. */
  g_assert_cmpuint (bound->lane, ==, 1);
  g_assert_cmpstr (stp_trace_str (trace, stp_track_get_slice (bound, flow->dst.slice)->name), ==, "C");
}

static void
test_flows_v2 (void)
{
  g_autoptr(StpTrace) trace = stp_test_load_ok (
    "[{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":10,\"name\":\"out\",\"bind_id\":\"0xa\",\"flow_out\":true},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":20,\"dur\":10,\"name\":\"step\",\"bind_id\":\"0xa\",\"flow_in\":true,\"flow_out\":true},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":3,\"ts\":40,\"dur\":10,\"name\":\"in\",\"bind_id\":\"0xa\",\"flow_in\":true}]");
  StpFlow *a, *b;
  StpTrack *bound;
  g_autofree char *kept = NULL;
  StpSlice *out;

  g_assert_cmpuint (trace->flows->len, ==, 2);
  a = &g_array_index (trace->flows, StpFlow, 0);
  b = &g_array_index (trace->flows, StpFlow, 1);
  g_assert_cmpint (a->src.phase, ==, 0);
  bound = stp_trace_get_track (trace, a->src.track);
  g_assert_cmpstr (stp_trace_str (trace, stp_track_get_slice (bound, a->src.slice)->name), ==, "out");
  bound = stp_trace_get_track (trace, a->dst.track);
  g_assert_cmpstr (stp_trace_str (trace, stp_track_get_slice (bound, a->dst.slice)->name), ==, "step");
  bound = stp_trace_get_track (trace, b->dst.track);
  g_assert_cmpstr (stp_trace_str (trace, stp_track_get_slice (bound, b->dst.slice)->name), ==, "in");

  /* the members stay on the slice, for export */
  out = stp_test_slice_named (trace, stp_test_thread (trace, 1, 1, 0), "out");
  kept = extra_text (trace, stp_trace_get_slice_extra (trace, out));
  g_assert_cmpstr (kept, ==, "\"bind_id\":\"0xa\",\"flow_out\":true");
}

static StpTrack *
async_track (StpTrace   *trace,
             const char *name)
{
  for (guint i = 0; i < trace->tracks->len; i++)
    {
      StpTrack *t = stp_trace_get_track (trace, i);
      if (t->kind == STP_TRACK_ASYNC && t->lane == 0 && strcmp (stp_trace_str (trace, t->name), name) == 0)
        return t;
    }
  g_assert_not_reached ();
  return NULL;
}

static void
test_async (void)
{
  g_autoptr(StpTrace) trace = stp_test_load_ok (
    "[{\"ph\":\"b\",\"pid\":1,\"tid\":1,\"ts\":0,\"cat\":\"c\",\"name\":\"req\",\"id\":5},"
    "{\"ph\":\"b\",\"pid\":1,\"tid\":2,\"ts\":2,\"cat\":\"c\",\"name\":\"child\",\"id\":5},"
    "{\"ph\":\"n\",\"pid\":1,\"tid\":2,\"ts\":3,\"cat\":\"c\",\"name\":\"mark\",\"id\":5},"
    "{\"ph\":\"e\",\"pid\":1,\"tid\":2,\"ts\":4,\"cat\":\"c\",\"name\":\"child\",\"id\":5},"
    "{\"ph\":\"e\",\"pid\":1,\"tid\":3,\"ts\":10,\"cat\":\"c\",\"name\":\"req\",\"id\":5},"
    "{\"ph\":\"b\",\"pid\":1,\"ts\":1,\"cat\":\"c\",\"name\":\"loc\",\"id2\":{\"local\":\"0x1\"}},"
    "{\"ph\":\"b\",\"pid\":2,\"ts\":1,\"cat\":\"c\",\"name\":\"loc\",\"id2\":{\"local\":\"0x1\"}},"
    "{\"ph\":\"e\",\"pid\":1,\"ts\":6,\"cat\":\"c\",\"name\":\"loc\",\"id2\":{\"local\":\"0x1\"}},"
    "{\"ph\":\"S\",\"pid\":1,\"tid\":1,\"ts\":20,\"name\":\"legacy\",\"id\":9},"
    "{\"ph\":\"T\",\"pid\":1,\"tid\":1,\"ts\":25,\"name\":\"legacy\",\"id\":9,\"args\":{\"step\":\"s1\"}},"
    "{\"ph\":\"F\",\"pid\":1,\"tid\":1,\"ts\":30,\"name\":\"legacy\",\"id\":9}]");
  StpTrack *req = async_track (trace, "req");
  StpTrack *legacy = async_track (trace, "legacy");
  StpSlice *s;
  guint n_loc = 0, closed_loc = 0;

  g_assert_cmpuint (req->slices->len, ==, 3);
  s = stp_test_slice_named (trace, req, "req");
  g_assert_cmpint (s->dur, ==, 10000);
  g_assert_true (s->flags & STP_SLICE_ASYNC);
  s = stp_test_slice_named (trace, req, "child");
  g_assert_cmpint (s->dur, ==, 2000);
  g_assert_cmpuint (s->depth, ==, 1);
  s = stp_test_slice_named (trace, req, "mark");
  g_assert_true (s->flags & STP_SLICE_INSTANT);

  /* id2 local ids are per process: the e closes pid 1's b only */
  for (guint i = 0; i < trace->tracks->len; i++)
    {
      StpTrack *t = stp_trace_get_track (trace, i);
      if (t->kind != STP_TRACK_ASYNC || strcmp (stp_trace_str (trace, t->name), "loc") != 0)
        continue;
      for (guint j = 0; j < t->slices->len; j++)
        {
          n_loc++;
          closed_loc += !(stp_track_get_slice (t, j)->flags & STP_SLICE_UNCLOSED);
        }
    }
  g_assert_cmpuint (n_loc, ==, 2);
  g_assert_cmpuint (closed_loc, ==, 1);

  g_assert_cmpuint (legacy->slices->len, ==, 2);
  s = stp_track_get_slice (legacy, 0);
  g_assert_cmpint (s->ts, ==, 20000);
  g_assert_cmpint (s->dur, ==, 10000);
  g_assert_true (s->flags & STP_SLICE_ASYNC_LEGACY);
  s = stp_track_get_slice (legacy, 1);
  g_assert_cmpint (s->ts, ==, 25000);
  g_assert_cmpint (s->dur, ==, 5000);
}

static void
test_metadata (void)
{
  g_autoptr(StpTrace) trace = stp_test_load_ok (
    "{\"displayTimeUnit\":\"ns\",\"otherData\":{\"v\":1},\"traceEvents\":["
    "{\"ph\":\"M\",\"pid\":1,\"name\":\"process_name\",\"args\":{\"name\":\"Browser \\u00e9\"}},"
    "{\"ph\":\"M\",\"pid\":1,\"name\":\"process_labels\",\"args\":{\"labels\":\"a,b\"}},"
    "{\"ph\":\"M\",\"pid\":1,\"name\":\"process_sort_index\",\"args\":{\"sort_index\":-3}},"
    "{\"ph\":\"M\",\"pid\":1,\"tid\":7,\"name\":\"thread_name\",\"args\":{\"name\":\"main\"}},"
    "{\"ph\":\"M\",\"pid\":1,\"tid\":7,\"name\":\"thread_sort_index\",\"args\":{\"sort_index\":4}},"
    "{\"ph\":\"M\",\"pid\":1,\"name\":\"num_cpus\",\"args\":{\"number\":8}},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":7,\"ts\":1,\"dur\":1,\"name\":\"x\"},"
    "{\"ph\":\"v\",\"pid\":1,\"ts\":2,\"name\":\"dump\"}],"
    "\"metadata\":{\"source\":\"DevTools\"}}");
  StpProcess *p = stp_trace_get_process (trace, 0);
  StpTrack *t = stp_test_thread (trace, 1, 7, 0);
  guint events = 0, members = 0;

  g_assert_cmpstr (stp_trace_str (trace, p->name), ==, "Browser \xc3\xa9");
  g_assert_cmpstr (stp_trace_str (trace, p->labels), ==, "a,b");
  g_assert_true (p->has_sort_index);
  g_assert_cmpint (p->sort_index, ==, -3);
  g_assert_cmpstr (stp_trace_str (trace, t->name), ==, "main");
  g_assert_cmpint (t->sort_index, ==, 4);
  g_assert_cmpstr (stp_trace_str (trace, trace->display_time_unit), ==, "ns");
  /* displayTimeUnit only changes the display: ts stays microseconds */
  g_assert_cmpint (stp_track_get_slice (t, 0)->ts, ==, 1000);

  for (guint i = 0; i < trace->metadata->len; i++)
    {
      StpTraceMetadata *md = &g_array_index (trace->metadata, StpTraceMetadata, i);
      if (md->kind == STP_METADATA_EVENT)
        events++;
      else
        members++;
    }
  g_assert_cmpuint (events, ==, 2);    /* num_cpus and the unknown phase */
  g_assert_cmpuint (members, ==, 2);   /* otherData and metadata */
  /* What the information page lists: every member, displayTimeUnit
   * too, as JSON. */
  {
    g_autoptr(GPtrArray) pairs = stp_trace_dup_metadata (trace);

    g_assert_cmpuint (pairs->len, ==, 6);
    g_assert_cmpstr (g_ptr_array_index (pairs, 0), ==, "displayTimeUnit");
    g_assert_cmpstr (g_ptr_array_index (pairs, 1), ==, "\"ns\"");
    g_assert_cmpstr (g_ptr_array_index (pairs, 2), ==, "otherData");
    g_assert_cmpstr (g_ptr_array_index (pairs, 3), ==, "{\"v\":1}");
    g_assert_cmpstr (g_ptr_array_index (pairs, 4), ==, "metadata");
  }
  g_assert_cmpuint (stp_test_warning_count (trace, "unknown-phase"), ==, 1);
}

/* Events of many threads of several processes, interleaved, pids and
 * tids written as numbers and as strings: each lands on its own
 * thread, however the loader's caches of ids are filled. */
static void
test_interleaved_threads (void)
{
  g_autoptr(GString) json = g_string_new ("[");
  g_autoptr(StpTrace) trace = NULL;
  const guint n_threads = 300, rounds = 5;

  for (guint r = 0; r < rounds; r++)
    for (guint i = 0; i < n_threads; i++)
      {
        guint pid = 1 + i % 7, tid = 1000 + i;
        /* every other round writes the ids as text: "5" is 5 */
        const char *q = r % 2 ? "\"" : "";

        g_string_append_printf (json, "%s{\"ph\":\"X\",\"pid\":%s%u%s,\"tid\":%s%u%s,"
                                "\"ts\":%u,\"dur\":1,\"name\":\"t%u\"}",
                                json->len > 1 ? "," : "", q, pid, q, q, tid, q, r * 10 + i % 3, tid);
      }
  g_string_append (json, "]");
  trace = stp_test_load_ok (json->str);

  g_assert_cmpuint (trace->processes->len, ==, 7);
  for (guint i = 0; i < n_threads; i++)
    {
      StpTrack *t = stp_test_thread (trace, 1 + i % 7, 1000 + i, 0);
      g_autofree char *name = g_strdup_printf ("t%u", 1000 + i);

      g_assert_cmpuint (t->slices->len, ==, rounds);
      for (guint j = 0; j < rounds; j++)
        g_assert_cmpstr (stp_trace_str (trace, stp_track_get_slice (t, j)->name), ==, name);
    }
}

/* Names that share their length and their first and last eight bytes,
 * names that are prefixes of one another, names with a NUL or a newline
 * escaped, more of them than the loader keeps at hand, in a random
 * order: each slice keeps the name it was written with. */
static void
test_names_alike (void)
{
  g_autoptr(GString) json = g_string_new ("[");
  g_autoptr(GPtrArray) names = g_ptr_array_new ();
  g_autoptr(GPtrArray) order = g_ptr_array_new ();
  g_autoptr(StpTrace) trace = NULL;
  GRand *rand = g_rand_new_with_seed (23);
  const guint n_names = 6000, n_events = 30000;
  StpTrack *track;

  for (guint i = 0; i < n_names; i++)
    {
      GString *name = g_string_new (NULL);
      guint len = g_rand_int_range (rand, 0, 41);

      /* Two letters: many names agree in their first and last bytes. */
      for (guint j = 0; j < len; j++)
        g_string_append_c (name, g_rand_int_range (rand, 0, 8) == 0 ? 'b' : 'a');
      if (len > 0 && i % 50 == 0)
        name->str[g_rand_int_range (rand, 0, len)] = i % 100 == 0 ? '\0' : '\n';
      g_ptr_array_add (names, name);
    }

  for (guint i = 0; i < n_events; i++)
    {
      GString *name = g_ptr_array_index (names, g_rand_int_range (rand, 0, n_names));

      g_ptr_array_add (order, name);
      g_string_append_printf (json, "%s{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":%u,\"dur\":1,\"name\":",
                              i > 0 ? "," : "", i * 2);
      stp_json_append_string (json, name->str, name->len);
      g_string_append_c (json, '}');
    }
  g_string_append (json, "]");
  trace = stp_test_load_ok (json->str);

  track = stp_test_thread (trace, 1, 1, 0);
  g_assert_cmpuint (track->slices->len, ==, n_events);
  for (guint i = 0; i < n_events; i++)
    {
      GString *expected = g_ptr_array_index (order, i);
      StpStr id = stp_track_get_slice (track, i)->name;

      g_assert_cmpmem (stp_trace_str (trace, id), stp_string_table_get_len (trace->strings, id),
                       expected->str, expected->len);
    }

  for (guint i = 0; i < n_names; i++)
    g_string_free (g_ptr_array_index (names, i), TRUE);
  g_rand_free (rand);
}

static guint
track_index (StpTrace *trace,
             StpTrack *track)
{
  for (guint i = 0; i < trace->tracks->len; i++)
    if (stp_trace_get_track (trace, i) == track)
      return i;
  g_assert_not_reached ();
}

/* Enough threads and slices to nest on two threads: each thread's
 * slices nest or move to a second lane as on one, and the second lanes
 * become tracks in thread order. */
static void
test_nest_many_threads (void)
{
  g_autoptr(GString) json = g_string_new ("[");
  g_autoptr(StpTrace) trace = NULL;
  const guint n_threads = 4, n = 5000;
  guint previous = 0;

  /* a encloses c; b overlaps a without nesting in it */
  for (guint t = 0; t < n_threads; t++)
    for (guint i = 0; i < n; i++)
      g_string_append_printf (json, "%s{\"ph\":\"X\",\"pid\":1,\"tid\":%u,\"ts\":%u,\"dur\":6,\"name\":\"a\"},"
                              "{\"ph\":\"X\",\"pid\":1,\"tid\":%u,\"ts\":%u,\"dur\":6,\"name\":\"b\"},"
                              "{\"ph\":\"X\",\"pid\":1,\"tid\":%u,\"ts\":%u,\"dur\":1,\"name\":\"c\"}",
                              json->len > 1 ? "," : "", t, i * 10, t, i * 10 + 3, t, i * 10 + 1);
  g_string_append (json, "]");
  trace = stp_test_load_ok (json->str);

  for (guint t = 0; t < n_threads; t++)
    {
      StpTrack *first = stp_test_thread (trace, 1, t, 0);
      StpTrack *second = stp_test_thread (trace, 1, t, 1);

      g_assert_cmpuint (first->slices->len, ==, 2 * n);
      g_assert_cmpuint (first->max_depth, ==, 1);
      g_assert_cmpuint (first->depth_starts[1], ==, n);
      g_assert_cmpuint (second->slices->len, ==, n);
      g_assert_cmpuint (second->max_depth, ==, 0);
      for (guint i = 0; i < n; i++)
        {
          g_assert_cmpstr (stp_trace_str (trace, stp_track_get_slice (first, i)->name), ==, "a");
          g_assert_cmpstr (stp_trace_str (trace, stp_track_get_slice (first, n + i)->name), ==, "c");
          g_assert_cmpstr (stp_trace_str (trace, stp_track_get_slice (second, i)->name), ==, "b");
        }
      g_assert_cmpuint (track_index (trace, second), >, previous);
      previous = track_index (trace, second);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chrome-json/rules/complete", test_complete);
  g_test_add_func ("/chrome-json/rules/begin-end", test_begin_end);
  g_test_add_func ("/chrome-json/rules/overlap-lanes", test_overlap_lanes);
  g_test_add_func ("/chrome-json/rules/instants", test_instants);
  g_test_add_func ("/chrome-json/rules/counters", test_counters);
  g_test_add_func ("/chrome-json/rules/objects", test_objects);
  g_test_add_func ("/chrome-json/rules/objects-placed", test_objects_placed);
  g_test_add_func ("/chrome-json/rules/flows", test_flows);
  g_test_add_func ("/chrome-json/rules/flow-keys", test_flow_keys);
  g_test_add_func ("/chrome-json/rules/flow-deepest-lane", test_flow_deepest_lane);
  g_test_add_func ("/chrome-json/rules/flows-v2", test_flows_v2);
  g_test_add_func ("/chrome-json/rules/async", test_async);
  g_test_add_func ("/chrome-json/rules/metadata", test_metadata);
  g_test_add_func ("/chrome-json/rules/interleaved-threads", test_interleaved_threads);
  g_test_add_func ("/chrome-json/rules/nest-many-threads", test_nest_many_threads);
  g_test_add_func ("/chrome-json/rules/names-alike", test_names_alike);
  g_test_add_func ("/chrome-json/rules/extra-members", test_extra_members);
  g_test_add_func ("/chrome-json/rules/extra-members-of-flows-and-objects",
                   test_extra_members_of_flows_and_objects);

  return g_test_run ();
}
