/* test-chrome-common.c: helpers shared by the Chrome JSON tests
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-chrome"

#include "test-chrome-common.h"
#include "stp-json-writer.h"
#include "stp-chrome-json.h"

#include <string.h>

StpTrace *
stp_test_load_string (const char  *json,
                      gssize       len,
                      GError     **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new (json, len < 0 ? strlen (json) : (gsize) len);
  g_autoptr(StpInput) input = stp_input_new_for_bytes (bytes, "test.json", error);

  if (input == NULL)
    return NULL;
  return stp_chrome_json_load (input, "test.json", NULL, NULL, NULL, error);
}

gint
stp_test_compare_strings (const char **a,
                          const char **b)
{
  return strcmp (*a, *b);
}

gboolean
stp_test_same_names (GHashTable *a,
                     GHashTable *b)
{
  GHashTableIter iter;
  gpointer key;

  if (g_hash_table_size (a) != g_hash_table_size (b))
    return FALSE;
  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (b, key))
      return FALSE;
  return TRUE;
}

/* Relaxed: compare what a viewer shows (args as derived, no flags or
 * extras), for models built by different loaders. */
static gboolean relaxed;

static void
put_id (GString        *s,
        const StpTrace *t,
        gint64          num,
        StpStr          str)
{
  if (str != STP_STR_EMPTY)
    g_string_append_printf (s, "'%s'", stp_trace_str (t, str));
  else
    g_string_append_printf (s, "%" G_GINT64_FORMAT, num);
}

static void
put_event_id (GString        *s,
              const StpTrace *t,
              StpId           id)
{
  if (id == STP_ID_NONE)
    g_string_append (s, "-");
  else if (id & STP_ID_IS_RAW)
    g_string_append (s, stp_trace_str (t, (StpStr) (id & G_MAXUINT32)));
  else
    g_string_append_printf (s, "%" G_GUINT64_FORMAT, id);
}

/* Raw JSON as the exporter writes it: strict (no trailing comma, NaN
 * as null, ...; stp-json-strict.c), as written when already strict. */
static void
put_raw_json (GString        *s,
              const StpTrace *t,
              StpRaw          raw,
              gboolean        members)
{
  gsize len;
  g_autofree char *text = stp_trace_dup_raw (t, raw, &len);

  g_string_append_c (s, '<');
  if (text != NULL && !stp_json_append_strict (s, text, len, members))
    g_string_append (s, text);
  g_string_append_c (s, '>');
}

static void
put_raw (GString        *s,
         const StpTrace *t,
         StpRaw          raw)
{
  put_raw_json (s, t, raw, FALSE);
}

/* Kept as read or made by the format (StepStats tensors), the same. */
static void
put_snapshot_args (GString           *s,
                   const StpTrace    *t,
                   const StpSnapshot *snap)
{
  g_autoptr(GString) text = g_string_new (NULL);

  g_string_append_c (s, '<');
  if (stp_trace_append_snapshot_args (t, snap, text) &&
      !stp_json_append_strict (s, text->str, text->len, FALSE))
    g_string_append (s, text->str);
  g_string_append_c (s, '>');
}

static void
put_extra (GString        *s,
           const StpTrace *t,
           guint32         index)
{
  const StpExtra *e;

  if (index == STP_INDEX_NONE || relaxed)
    return;
  e = &g_array_index (t->extras, StpExtra, index);
  g_string_append_printf (s, " extra(%c,%u", e->phase ? e->phase : '0', e->flags);
  put_raw_json (s, t, e->members, TRUE);
  if (e->flags & STP_EXTRA_HAS_END)
    {
      const StpExtra *end = e + 1;
      g_string_append_printf (s, " end %c", end->phase ? end->phase : '0');
      put_raw_json (s, t, end->members, TRUE);
    }
  g_string_append_c (s, ')');
}

static void
put_process (GString        *s,
             const StpTrace *t,
             guint32         process)
{
  const StpProcess *p = stp_trace_get_process (t, process);

  g_string_append (s, "pid=");
  put_id (s, t, p->pid, p->pid_str);
}

static void
put_track (GString        *s,
           const StpTrace *t,
           guint32         index)
{
  const StpTrack *track = stp_trace_get_track (t, index);

  put_process (s, t, track->process);
  g_string_append_printf (s, " kind=%d tid=", track->kind);
  put_id (s, t, track->tid, track->tid_str);
  g_string_append_printf (s, " lane=%u name='%s'", track->lane, stp_trace_str (t, track->name));
}

static void
put_slice (GString        *s,
           const StpTrace *t,
           const StpSlice *slice)
{
  g_string_append_printf (s, " ts=%" G_GINT64_FORMAT " dur=%" G_GINT64_FORMAT " '%s' cat='%s' depth=%u",
                          slice->ts, slice->dur, stp_trace_str (t, slice->name),
                          stp_trace_str (t, slice->cat), slice->depth);
  if (relaxed)
    {
      g_string_append_c (s, '<');
      stp_trace_append_args (t, NULL, slice, s);
      g_string_append_c (s, '>');
      return;
    }
  g_string_append_printf (s, " flags=%u", slice->flags);
  if (!(slice->flags & (STP_SLICE_STEP_STATS_NODE | STP_SLICE_SOURCE_EVENT)))
    put_raw (s, t, slice->args);
  put_extra (s, t, stp_trace_get_slice_extra (t, slice));
}

static void
put_flow_end (GString          *s,
              const StpTrace   *t,
              const StpFlowEnd *end)
{
  if (end->track == STP_INDEX_NONE)
    {
      g_string_append (s, " [none]");
      return;
    }
  g_string_append (s, " [");
  put_track (s, t, end->track);
  g_string_append_printf (s, " ts=%" G_GINT64_FORMAT " ph=%c", end->ts, end->phase ? end->phase : '0');
  /* how a loader binds (by time, by seq) is its own business */
  if (!relaxed)
    g_string_append_printf (s, " bp=%c", end->binding ? end->binding : '0');
  if (relaxed)
    {
      /* JSON binds by time (the deepest slice holding the flow event),
       * StepStats by op: only whether an end is bound is compared. */
      g_string_append (s, end->slice != STP_INDEX_NONE ? " bound]" : "]");
      return;
    }
  if (end->slice != STP_INDEX_NONE)
    {
      g_string_append (s, " bound:");
      put_slice (s, t, stp_track_get_slice (stp_trace_get_track (t, end->track), end->slice));
    }
  g_string_append_c (s, ']');
}

GPtrArray *
stp_test_describe_relaxed (StpTrace *t)
{
  GPtrArray *lines;

  relaxed = TRUE;
  lines = stp_test_describe (t);
  relaxed = FALSE;
  return lines;
}

GPtrArray *
stp_test_describe (StpTrace *t)
{
  GPtrArray *lines = g_ptr_array_new_with_free_func (g_free);
  GString *s;

#define LINE() (s = g_string_new (NULL))
#define DONE() g_ptr_array_add (lines, g_string_free (s, FALSE))

  for (guint i = 0; i < t->processes->len; i++)
    {
      const StpProcess *p = stp_trace_get_process (t, i);
      LINE ();
      g_string_append (s, "process ");
      put_process (s, t, i);
      g_string_append_printf (s, " name='%s' labels='%s' sort=%d/%d",
                              stp_trace_str (t, p->name), stp_trace_str (t, p->labels),
                              p->has_sort_index, p->has_sort_index ? p->sort_index : 0);
      DONE ();
    }

  for (guint i = 0; i < t->tracks->len; i++)
    {
      const StpTrack *track = stp_trace_get_track (t, i);

      LINE ();
      g_string_append (s, "track ");
      put_track (s, t, i);
      g_string_append_printf (s, " cat='%s' sort=%d/%d n=%u",
                              stp_trace_str (t, track->cat), track->has_sort_index,
                              track->has_sort_index ? track->sort_index : 0,
                              track->slices ? track->slices->len : 0);
      if (track->kind == STP_TRACK_COUNTER)
        g_string_append_printf (s, " counter_id='%s'", stp_trace_str (t, track->counter_id));
      DONE ();

      for (guint j = 0; track->slices && j < track->slices->len; j++)
        {
          LINE ();
          g_string_append (s, "slice ");
          put_track (s, t, i);
          put_slice (s, t, stp_track_get_slice (track, j));
          DONE ();
        }
      for (guint j = 0; track->instants && j < track->instants->len; j++)
        {
          LINE ();
          g_string_append (s, "instant ");
          put_track (s, t, i);
          put_slice (s, t, &g_array_index (track->instants, StpSlice, j));
          DONE ();
        }
      for (guint j = 0; track->series && j < track->series->len; j++)
        {
          const StpCounterSeries *series = g_ptr_array_index (track->series, j);

          for (guint k = 0; k < series->samples->len; k++)
            {
              const StpCounterSample *c = &g_array_index (series->samples, StpCounterSample, k);
              LINE ();
              g_string_append (s, "sample ");
              put_track (s, t, i);
              g_string_append_printf (s, " series='%s' ts=%" G_GINT64_FORMAT " v=%.17g",
                                      stp_trace_str (t, series->name), c->ts, c->value);
              DONE ();
            }
        }
    }

  for (guint i = 0; i < t->global_instants->len; i++)
    {
      LINE ();
      g_string_append (s, "global");
      put_slice (s, t, &g_array_index (t->global_instants, StpSlice, i));
      DONE ();
    }

  for (guint i = 0; i < t->flows->len; i++)
    {
      const StpFlow *f = &g_array_index (t->flows, StpFlow, i);
      LINE ();
      g_string_append_printf (s, "flow '%s' cat='%s' id=", stp_trace_str (t, f->name), stp_trace_str (t, f->cat));
      put_event_id (s, t, f->id);
      put_flow_end (s, t, &f->src);
      put_flow_end (s, t, &f->dst);
      put_extra (s, t, stp_trace_get_flow_extra (t, f));
      DONE ();
    }

  for (guint i = 0; i < t->objects->len; i++)
    {
      const StpObject *o = &g_array_index (t->objects, StpObject, i);
      guint n_snapshots;
      guint32 first;

      LINE ();
      g_string_append (s, "object ");
      put_process (s, t, o->process);
      g_string_append_printf (s, " '%s' cat='%s' id=", stp_trace_str (t, o->name), stp_trace_str (t, o->cat));
      put_event_id (s, t, o->id);
      g_string_append_printf (s, " create=%" G_GINT64_FORMAT "/%" G_GINT64_FORMAT
                              " delete=%" G_GINT64_FORMAT "/%" G_GINT64_FORMAT " lane=%u",
                              o->create_ts, o->create_ts == STP_TS_UNKNOWN ? 0 : o->create_tid,
                              o->delete_ts, o->delete_ts == STP_TS_UNKNOWN ? 0 : o->delete_tid, o->lane);
      put_extra (s, t, stp_trace_get_object_extra (t, o));
      n_snapshots = stp_trace_get_object_snapshots (t, i, &first);
      for (guint k = 0; k < n_snapshots; k++)
        {
          const StpSnapshot *snap = &g_array_index (t->snapshots, StpSnapshot, first + k);
          g_string_append_printf (s, " snap(%" G_GINT64_FORMAT "/%" G_GINT64_FORMAT, snap->ts, snap->tid);
          put_snapshot_args (s, t, snap);
          g_string_append_c (s, ')');
        }
      DONE ();
    }

  for (guint i = 0; i < t->metadata->len && !relaxed; i++)
    {
      const StpTraceMetadata *md = &g_array_index (t->metadata, StpTraceMetadata, i);
      LINE ();
      g_string_append_printf (s, "metadata kind=%u '%s'", md->kind, stp_trace_str (t, md->key));
      put_raw (s, t, md->value);
      DONE ();
    }

  LINE ();
  g_string_append_printf (s, "trace unit='%s' start=%" G_GINT64_FORMAT " end=%" G_GINT64_FORMAT,
                          stp_trace_str (t, t->display_time_unit), t->start_ts, t->end_ts);
  DONE ();

#undef LINE
#undef DONE

  g_ptr_array_sort (lines, (GCompareFunc) stp_test_compare_strings);
  return lines;
}

gboolean
stp_test_traces_equal (StpTrace *a,
                       StpTrace *b)
{
  g_autoptr(GPtrArray) la = stp_test_describe (a);
  g_autoptr(GPtrArray) lb = stp_test_describe (b);

  return stp_test_lines_equal (la, lb);
}

gboolean
stp_test_lines_equal (GPtrArray *la,
                      GPtrArray *lb)
{
  gboolean equal = la->len == lb->len;

  for (guint i = 0; i < MIN (la->len, lb->len); i++)
    if (strcmp (la->pdata[i], lb->pdata[i]) != 0)
      {
        g_test_message ("first difference:\n  %s\n  %s", (char *) la->pdata[i], (char *) lb->pdata[i]);
        equal = FALSE;
        break;
      }
  if (la->len != lb->len)
    g_test_message ("%u lines against %u", la->len, lb->len);
  return equal;
}

/* Loads JSON text that must load. */
StpTrace *
stp_test_load_ok (const char *json)
{
  g_autoptr(GError) error = NULL;
  StpTrace *trace = stp_test_load_string (json, -1, &error);

  g_assert_no_error (error);
  g_assert_nonnull (trace);
  return trace;
}

/* The thread track of numeric pid and tid, lane `lane`. */
StpTrack *
stp_test_thread (StpTrace   *trace,
                 gint64      pid,
                 gint64      tid,
                 guint       lane)
{
  for (guint i = 0; i < trace->tracks->len; i++)
    {
      StpTrack *t = stp_trace_get_track (trace, i);
      StpProcess *p = stp_trace_get_process (trace, t->process);

      if (t->kind == STP_TRACK_THREAD && p->pid == pid && p->pid_str == 0 &&
          t->tid == tid && t->tid_str == 0 && t->lane == lane)
        return t;
    }
  g_assert_not_reached ();
  return NULL;
}

/* The first slice of the track with that name. */
StpSlice *
stp_test_slice_named (StpTrace   *trace,
                      StpTrack   *track,
                      const char *name)
{
  for (guint i = 0; i < track->slices->len; i++)
    {
      StpSlice *s = stp_track_get_slice (track, i);
      if (strcmp (stp_trace_str (trace, s->name), name) == 0)
        return s;
    }
  g_assert_not_reached ();
  return NULL;
}
