/* fuzz-common.c: what every fuzz target does with a loaded trace
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A loader that survives an input has only done half the job: the
 * layout, the details panel, the summaries and the exporter then run
 * on whatever it built.  So every target checks the model's documented
 * invariants (any breach aborts, which libFuzzer reports as a crash)
 * and drives the code the viewer runs on a loaded trace.
 */

#define G_LOG_DOMAIN "fuzz"

#include "fuzz-common.h"

#include "stp-chrome-json.h"
#include "stp-chrome-writer.h"
#include "stp-details.h"
#include "stp-error.h"
#include "stp-item.h"
#include "stp-links.h"
#include "stp-peaks.h"
#include "stp-compare.h"
#include "stp-search.h"
#include "stp-steps.h"
#include "stp-summary.h"

#include <json-glib/json-glib.h>

#include "stp-json-writer.h"
#include "strict-json.h"
#include <stdlib.h>
#include <string.h>
#include <zlib.h>

/* Enough to reach every kind of item without making a large input's
 * every execution slow. */
#define MAX_TRACKS_INSPECTED 24

#define CHECK(cond) \
  G_STMT_START { \
    if (G_UNLIKELY (!(cond))) \
      { \
        g_printerr ("fuzz: invariant broken at %s:%d: %s\n", __FILE__, __LINE__, #cond); \
        abort (); \
      } \
  } G_STMT_END

static void
log_ignore (const char     *domain,
            GLogLevelFlags  level,
            const char     *message,
            gpointer        user_data)
{
}

void
fuzz_init (void)
{
  static gsize done = 0;

  if (g_once_init_enter (&done))
    {
      g_log_set_always_fatal (G_LOG_LEVEL_CRITICAL | G_LOG_LEVEL_WARNING | G_LOG_FATAL_MASK);
      g_log_set_default_handler (g_log_default_handler, NULL);
      g_log_set_handler (NULL, G_LOG_LEVEL_DEBUG | G_LOG_LEVEL_INFO, log_ignore, NULL);
      g_once_init_leave (&done, 1);
    }
}

void
fuzz_check_error (const GError *error,
                  const char   *name)
{
  CHECK (error != NULL);
  CHECK (error->message != NULL && error->message[0] != '\0');
  /* Errors about the input say which input. */
  if (error->domain != G_IO_ERROR)
    CHECK (strstr (error->message, name) != NULL);
}

/* ------------------------------------------------------------------ */
/* The model's invariants                                              */

static void
check_slice_track (const StpTrack *track,
                   gboolean        nested)
{
  guint n = track->slices->len;

  CHECK (track->max_depth < STP_MAX_DEPTH);
  if (n == 0)
    return;
  CHECK (track->depth_starts != NULL);
  CHECK (track->depth_starts[0] == 0);
  CHECK (track->depth_starts[track->max_depth + 1] == n);

  for (guint d = 0; d <= track->max_depth; d++)
    {
      guint32 lo = track->depth_starts[d];
      guint32 hi = track->depth_starts[d + 1];

      CHECK (lo <= hi && hi <= n);
      for (guint32 i = lo; i < hi; i++)
        {
          const StpSlice *s = stp_track_get_slice (track, i);

          CHECK (s->depth == d);
          if (i > lo)
            {
              const StpSlice *prev = stp_track_get_slice (track, i - 1);

              CHECK (prev->ts <= s->ts);
              /* One depth is a run sorted by start and by end, never overlapping. */
              if (nested)
                CHECK (stp_slice_end (prev) <= s->ts);
            }

          if (nested && d > 0)
            {
              /* The enclosing slice: the last one of depth d - 1 starting at or before. */
              guint32 plo = track->depth_starts[d - 1];
              guint32 phi = track->depth_starts[d];
              const StpSlice *parent;

              while (plo < phi)
                {
                  guint32 mid = plo + (phi - plo) / 2;

                  if (stp_track_get_slice (track, mid)->ts <= s->ts)
                    plo = mid + 1;
                  else
                    phi = mid;
                }
              CHECK (plo > track->depth_starts[d - 1]);
              parent = stp_track_get_slice (track, plo - 1);
              CHECK (parent->ts <= s->ts && stp_slice_end (s) <= stp_slice_end (parent));
            }
        }
    }
}

static void
check_invariants (const StpTrace *trace)
{
  guint n_tracks = trace->tracks->len;
  g_autofree guint8 *listed = g_new0 (guint8, n_tracks + 1);

  CHECK (trace->finished);
  CHECK (trace->start_ts <= trace->end_ts);
  CHECK (trace->process_order->len == trace->processes->len);

  for (guint i = 0; i < trace->processes->len; i++)
    {
      const StpProcess *p = stp_trace_get_process (trace, i);

      CHECK (g_array_index (trace->process_order, guint32, i) < trace->processes->len);
      CHECK ((guint64) p->first_object + p->n_objects <= trace->objects->len);
      for (guint j = 0; j < p->tracks->len; j++)
        {
          guint32 t = g_array_index (p->tracks, guint32, j);

          CHECK (t < n_tracks);
          CHECK (stp_trace_get_track (trace, t)->process == i);
          CHECK (!listed[t]);
          listed[t] = 1;
        }
    }

  for (guint t = 0; t < n_tracks; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      CHECK (listed[t]);
      switch (track->kind)
        {
        case STP_TRACK_THREAD:
        case STP_TRACK_ASYNC:
          CHECK (track->slices != NULL);
          check_slice_track (track, TRUE);
          for (guint i = 1; track->instants && i < track->instants->len; i++)
            CHECK (g_array_index (track->instants, StpSlice, i - 1).ts <=
                   g_array_index (track->instants, StpSlice, i).ts);
          break;

        case STP_TRACK_INSTANTS:
          CHECK (track->slices != NULL);
          check_slice_track (track, FALSE);
          CHECK (track->max_depth == 0);
          break;

        case STP_TRACK_COUNTER:
          CHECK (track->series != NULL);
          for (guint j = 0; j < track->series->len; j++)
            {
              const StpCounterSeries *series = g_ptr_array_index (track->series, j);

              for (guint k = 1; k < series->samples->len; k++)
                CHECK (g_array_index (series->samples, StpCounterSample, k - 1).ts <=
                       g_array_index (series->samples, StpCounterSample, k).ts);
            }
          break;

        default:
          CHECK (FALSE);
        }
    }

  for (guint i = 1; i < trace->global_instants->len; i++)
    CHECK (g_array_index (trace->global_instants, StpSlice, i - 1).ts <=
           g_array_index (trace->global_instants, StpSlice, i).ts);

  for (guint i = 0; i < trace->flows->len; i++)
    {
      const StpFlow *f = &g_array_index (trace->flows, StpFlow, i);
      const StpFlowEnd *ends[2] = { &f->src, &f->dst };

      for (guint e = 0; e < 2; e++)
        {
          if (ends[e]->track == STP_INDEX_NONE)
            continue;
          CHECK (ends[e]->track < n_tracks);
          if (ends[e]->slice != STP_INDEX_NONE)
            {
              const StpTrack *bound;

              bound = stp_trace_get_track (trace, ends[e]->track);
              CHECK (bound->slices != NULL && ends[e]->slice < bound->slices->len);
            }
        }
    }

  for (guint i = 0; i < trace->objects->len; i++)
    {
      const StpObject *o = &g_array_index (trace->objects, StpObject, i);

      CHECK (o->process < trace->processes->len);
    }
  /* Each object's snapshots lie together (stp_trace_get_object_snapshots). */
  for (guint i = 0; i < trace->snapshots->len; i++)
    {
      const StpSnapshot *s = &g_array_index (trace->snapshots, StpSnapshot, i);

      CHECK (s->object < trace->objects->len);
      CHECK (i == 0 || (s - 1)->object <= s->object);
    }
}

/* ------------------------------------------------------------------ */
/* What the viewer does with a trace                                   */

static void
inspect_item (StpTrace         *trace,
              StpLinks         *links,
              const StpItemRef *ref)
{
  static const StpItemDirection directions[] = {
    STP_ITEM_PREVIOUS, STP_ITEM_NEXT, STP_ITEM_PARENT, STP_ITEM_CHILD,
  };
  g_autoptr(StpDetails) details = NULL;
  gint64 start, end;

  if (!stp_item_ref_is_valid (trace, ref))
    return;

  details = stp_details_new (trace, links, ref);
  CHECK (details != NULL);
  stp_item_get_range (trace, ref, &start, &end);

  for (guint i = 0; i < G_N_ELEMENTS (directions); i++)
    {
      StpItemRef out;

      if (stp_item_step (trace, ref, directions[i], &out))
        CHECK (stp_item_ref_is_valid (trace, &out));
    }
}


/* Steps, the kernels' breakdown and the trace compared with itself (per
 * step too, when there are few steps: each is a pass over the trace). */
static void
exercise_steps (const StpTrace *trace)
{
  g_autoptr(GArray) steps = stp_steps_find (trace);
  g_autoptr(GArray) kernels = stp_kernels_collect (trace);
  StpBreakdown b;

  stp_breakdown_compute (kernels, G_MININT64, G_MAXINT64, &b);
  CHECK (b.idle >= 0 && b.busy <= b.window);
  for (guint i = 0; i < MIN (steps->len, 8); i++)
    {
      const StpStep *step = &g_array_index (steps, StpStep, i);

      stp_breakdown_compute (kernels, step->start, step->end, &b);
      CHECK (b.idle >= 0 && b.compute <= b.busy);
    }

  for (StpCompareBy by = STP_COMPARE_BY_OP; by <= STP_COMPARE_BY_DEVICE; by++)
    for (int per_step = 0; per_step < (steps->len > 0 && steps->len <= 8 ? 2 : 1); per_step++)
      {
        StpCompareOptions options = { by, per_step, -1, -1 };
        g_autoptr(StpCompare) c = stp_compare_new (trace, trace, &options, NULL, NULL);

        CHECK (c != NULL);
        CHECK (c->n_only_a == 0 && c->n_only_b == 0);
      }
}

static void
inspect (StpTrace *trace)
{
  g_autoptr(StpLinks) links = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(StpSearch) search = NULL;
  g_autoptr(GArray) matches = NULL;

  links = stp_links_new (trace, NULL, &error);
  CHECK (links != NULL);

  for (guint t = 0; t < MIN (trace->tracks->len, MAX_TRACKS_INSPECTED); t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);
      StpItemRef ref = STP_ITEM_REF_NONE;

      if (track->kind == STP_TRACK_COUNTER)
        {
          ref.kind = STP_ITEM_COUNTER;
          ref.track = t;
          ref.index = 0;
          ref.ts = trace->start_ts;
          inspect_item (trace, links, &ref);
          continue;
        }

      if (track->slices->len > 0)
        {
          guint32 last = track->slices->len - 1;

          ref = stp_item_ref_slice (t, 0);
          inspect_item (trace, links, &ref);
          ref = stp_item_ref_slice (t, last);
          inspect_item (trace, links, &ref);
          ref = stp_item_ref_slice (t, last / 2);
          inspect_item (trace, links, &ref);
        }
      if (track->instants != NULL && track->instants->len > 0)
        {
          ref.kind = STP_ITEM_INSTANT;
          ref.track = t;
          ref.index = 0;
          inspect_item (trace, links, &ref);
        }
    }

  if (trace->global_instants->len > 0)
    {
      StpItemRef ref = { STP_ITEM_GLOBAL_INSTANT, STP_INDEX_NONE, 0, 0 };
      inspect_item (trace, links, &ref);
    }
  for (guint i = 0; i < MIN (trace->objects->len, 4); i++)
    {
      StpItemRef ref = { STP_ITEM_OBJECT, STP_INDEX_NONE, i, 0 };
      inspect_item (trace, links, &ref);
    }
  for (guint i = 0; i < MIN (trace->flows->len, 4); i++)
    {
      StpItemRef ref = { STP_ITEM_FLOW, STP_INDEX_NONE, i, 0 };
      inspect_item (trace, links, &ref);
    }

  for (StpSummaryBy by = STP_SUMMARY_BY_OP; by <= STP_SUMMARY_BY_DEVICE; by++)
    {
      g_autoptr(StpSummary) summary = NULL;

      summary = stp_summary_new (trace, by, STP_SUMMARY_ORDER_TIME,
                                 G_MININT64, G_MAXINT64, NULL, &error);
      CHECK (summary != NULL);
      stp_summary_sort (summary, STP_SUMMARY_ORDER_NAME);
    }

  exercise_steps (trace);

  if (stp_links_get_step_stats (links) != NULL)
    {
      g_autoptr(GPtrArray) peaks = stp_peaks_compute (links);
      CHECK (peaks != NULL);
    }

  search = stp_search_new (trace, "a");
  matches = stp_search_run (search, STP_SEARCH_NAMES | STP_SEARCH_ARGS, NULL, NULL, &error);
  CHECK (matches != NULL);
}

static gboolean
has_slices (GArray *slices)
{
  for (guint i = 0; slices != NULL && i < slices->len; i++)
    if (!(g_array_index (slices, StpSlice, i).flags & STP_SLICE_DERIVED))
      return TRUE;
  return FALSE;
}

/* Whether the export has any event (derived slices are left out). */
static gboolean
has_exported_events (const StpTrace *trace)
{
  if (trace->flows->len > 0 || trace->objects->len > 0 || trace->snapshots->len > 0 ||
      has_slices (trace->global_instants))
    return TRUE;
  /* An event kept whole is written when it is JSON, even leniently
   * (args skipped by brackets may not be); else it is left out. */
  for (guint i = 0; i < trace->metadata->len; i++)
    {
      const StpTraceMetadata *md = &g_array_index (trace->metadata, StpTraceMetadata, i);
      g_autofree char *text = NULL;
      g_autoptr(GString) strict = NULL;
      gsize len;

      if (md->kind != STP_METADATA_EVENT)
        continue;
      text = stp_trace_dup_raw (trace, md->value, &len);
      strict = g_string_new (NULL);
      if (text != NULL && text[0] == '{' &&
          stp_json_append_strict (strict, text, len, FALSE))
        return TRUE;
    }
  for (guint t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      if (has_slices (track->slices) || has_slices (track->instants))
        return TRUE;
      for (guint j = 0; track->series != NULL && j < track->series->len; j++)
        if (((StpCounterSeries *) g_ptr_array_index (track->series, j))->samples->len > 0)
          return TRUE;
    }
  return FALSE;
}

static void
export_json (StpTrace *trace)
{
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(StpInput) input = NULL;
  g_autoptr(StpTrace) again = NULL;
  const char *json;
  gsize len;
  StpOutput output;

  stp_output_init_stream (&output, out);
  if (!stp_chrome_writer_write (trace, &output, NULL, NULL, NULL, &error))
    {
      g_printerr ("fuzz: export failed: %s\n", error->message);
      abort ();
    }
  CHECK (g_output_stream_close (out, NULL, NULL));
  bytes = g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
  json = g_bytes_get_data (bytes, &len);

  /* What was written is one strict JSON document, whatever came in... */
  if (!strict_json_check (json, len, &error))
    {
      g_printerr ("fuzz: the export is not strict JSON: %s\n", error->message);
      abort ();
    }

  /* ... that Stepscope opens again. */
  input = stp_input_new_for_bytes (bytes, "export.json", &error);
  CHECK (input != NULL);
  again = stp_chrome_json_load (input, "export.json", NULL, NULL, NULL, &error);
  /* A trace may load with nothing but warnings (every event skipped);
   * its export then holds no event, which is an error to load. */
  if (again == NULL && g_error_matches (error, STP_ERROR, STP_ERROR_EMPTY) &&
      !has_exported_events (trace))
    return;
  if (again == NULL)
    {
      g_printerr ("fuzz: the export does not load: %s\n", error->message);
      abort ();
    }
}

void
fuzz_check_trace (StpTrace *trace)
{
  check_invariants (trace);
  inspect (trace);
  export_json (trace);
}

/* ------------------------------------------------------------------ */
/* Wrapping                                                            */

GBytes *
fuzz_gzip (const guint8 *data,
           gsize         len)
{
  z_stream zs = { 0 };
  gsize cap = compressBound (len) + 64;
  guint8 *out = g_malloc (cap);
  int ret;

  CHECK (deflateInit2 (&zs, 1, Z_DEFLATED, 16 + MAX_WBITS, 8, Z_DEFAULT_STRATEGY) == Z_OK);
  zs.next_in = (Bytef *) data;
  zs.avail_in = len;
  zs.next_out = out;
  zs.avail_out = cap;
  ret = deflate (&zs, Z_FINISH);
  CHECK (ret == Z_STREAM_END);
  cap = zs.total_out;
  deflateEnd (&zs);
  return g_bytes_new_take (out, cap);
}

static void
put16 (GByteArray *out,
       guint16     v)
{
  guint8 b[2] = { v & 0xff, v >> 8 };
  g_byte_array_append (out, b, 2);
}

static void
put32 (GByteArray *out,
       guint32     v)
{
  guint8 b[4] = { v & 0xff, (v >> 8) & 0xff, (v >> 16) & 0xff, v >> 24 };
  g_byte_array_append (out, b, 4);
}

GBytes *
fuzz_zip_stored (const guint8 *data,
                 gsize         len)
{
  static const char name[] = "trace.json";
  GByteArray *out = g_byte_array_new ();
  guint32 crc = crc32 (0, data, len);
  guint32 dir_offset, dir_size;

  /* Local header, data, one central directory entry, end record. */
  put32 (out, 0x04034b50); put16 (out, 10); put16 (out, 0); put16 (out, 0);
  put16 (out, 0); put16 (out, 0); put32 (out, crc); put32 (out, len); put32 (out, len);
  put16 (out, sizeof name - 1); put16 (out, 0);
  g_byte_array_append (out, (const guint8 *) name, sizeof name - 1);
  g_byte_array_append (out, data, len);

  dir_offset = out->len;
  put32 (out, 0x02014b50); put16 (out, 20); put16 (out, 10); put16 (out, 0);
  put16 (out, 0); put16 (out, 0); put16 (out, 0); put32 (out, crc);
  put32 (out, len); put32 (out, len); put16 (out, sizeof name - 1); put16 (out, 0);
  put16 (out, 0); put16 (out, 0); put16 (out, 0); put32 (out, 0); put32 (out, 0);
  g_byte_array_append (out, (const guint8 *) name, sizeof name - 1);
  dir_size = out->len - dir_offset;

  put32 (out, 0x06054b50); put16 (out, 0); put16 (out, 0); put16 (out, 1); put16 (out, 1);
  put32 (out, dir_size); put32 (out, dir_offset); put16 (out, 0);
  return g_byte_array_free_to_bytes (out);
}
