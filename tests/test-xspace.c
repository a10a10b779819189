/* test-xspace.c: loading XSpace files, checked against protobuf-c
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The real capture in tests/data/xspace/ is unpacked whole with
 * protobuf-c (a different parser) and every plane, line and event is
 * checked against the model: counts, times, names and args.  Its own
 * derived lines (written by TensorFlow 2.2-2.3's profiler) are compared
 * with ours.  Then truncated, mutated, random and corrupt inputs.
 */

#include <json-glib/json-glib.h>
#include <string.h>

#include "export-test-util.h"
#include "stp-derived-line.h"
#include "stp-error.h"
#include "stp-input.h"
#include "stp-loader.h"
#include "stp-step-stats.h"
#include "stp-wire.h"
#include "stp-xspace.h"
#include "xplane.pb-c.h"
#include "stp-json-writer.h"
#include "xspace-test-util.h"

#define REAL_FILE "34.83.195.179_6003.xplane.pb"
#define CORRUPT_FILE "tpu_inference_2.xplane.HEAD_CORRUPTED_utf8mangled.head64k.pb"

typedef Tensorflow__Profiler__XSpace XSpace;
typedef Tensorflow__Profiler__XPlane XPlane;
typedef Tensorflow__Profiler__XLine XLine;
typedef Tensorflow__Profiler__XEvent XEvent;
typedef Tensorflow__Profiler__XStat XStat;

static char *
data_path (const char *name)
{
  return g_test_build_filename (G_TEST_DIST, "data", "xspace", name, NULL);
}

static GBytes *
read_data (const char *name)
{
  g_autofree char *path = data_path (name);
  g_autoptr(GError) error = NULL;
  char *contents;
  gsize len;

  g_file_get_contents (path, &contents, &len, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (contents, len);
}

static XSpace *
unpack (GBytes *bytes)
{
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);
  XSpace *space = tensorflow__profiler__xspace__unpack (NULL, len, data);

  g_assert_nonnull (space);
  return space;
}

static gint64
floor_div (gint64 a, gint64 b)
{
  gint64 q = a / b;
  return (a % b != 0 && (a < 0) != (b < 0)) ? q - 1 : q;
}

static const Tensorflow__Profiler__XEventMetadata *
event_meta (const XPlane *plane,
            gint64        id)
{
  const Tensorflow__Profiler__XEventMetadata *found = NULL;

  for (gsize i = 0; i < plane->n_event_metadata; i++)
    if (plane->event_metadata[i]->key == id)
      found = plane->event_metadata[i]->value;   /* the last entry wins */
  return found;
}

static const char *
stat_name (const XPlane *plane,
           gint64        id)
{
  const char *found = NULL;

  for (gsize i = 0; i < plane->n_stat_metadata; i++)
    if (plane->stat_metadata[i]->key == id && plane->stat_metadata[i]->value != NULL)
      found = plane->stat_metadata[i]->value->name;
  return found;
}

static gboolean
is_derived_line (const StpTrack *track)
{
  return track->slices->len > 0 && (stp_track_get_slice (track, 0)->flags & STP_SLICE_DERIVED);
}

/* Every slice read from the file, by seq (its event's position). */
static GPtrArray *
slices_by_seq (StpTrace *trace,
               GArray   *tracks_out)
{
  GPtrArray *slices = g_ptr_array_new ();

  g_ptr_array_set_size (slices, trace->n_seq);
  g_array_set_size (tracks_out, trace->n_seq);
  for (guint t = 0; t < trace->tracks->len; t++)
    {
      StpTrack *track = stp_trace_get_track (trace, t);

      for (guint i = 0; track->slices != NULL && i < track->slices->len; i++)
        {
          StpSlice *s = stp_track_get_slice (track, i);

          if (s->seq == STP_SEQ_NONE)
            {
              g_assert_cmpuint (s->flags & STP_SLICE_DERIVED, !=, 0);
              continue;
            }
          g_assert_cmpuint (s->seq, <, trace->n_seq);
          g_assert_null (g_ptr_array_index (slices, s->seq));
          g_ptr_array_index (slices, s->seq) = s;
          g_array_index (tracks_out, guint32, s->seq) = t;
        }
    }
  return slices;
}

static void
check_value (JsonNode     *node,
             const XPlane *plane,
             const XStat  *stat)
{
  switch (stat->value_case)
    {
    case TENSORFLOW__PROFILER__XSTAT__VALUE_INT64_VALUE:
      g_assert_cmpint (json_node_get_int (node), ==, stat->int64_value);
      break;
    case TENSORFLOW__PROFILER__XSTAT__VALUE_UINT64_VALUE:
      g_assert_cmpint ((guint64) json_node_get_int (node), ==, stat->uint64_value);
      break;
    case TENSORFLOW__PROFILER__XSTAT__VALUE_DOUBLE_VALUE:
      g_assert_cmpfloat (json_node_get_double (node), ==, stat->double_value);
      break;
    case TENSORFLOW__PROFILER__XSTAT__VALUE_STR_VALUE:
      g_assert_cmpstr (json_node_get_string (node), ==, stat->str_value);
      break;
    case TENSORFLOW__PROFILER__XSTAT__VALUE_BYTES_VALUE:
      {
        g_autofree char *b64 = g_base64_encode (stat->bytes_value.data, stat->bytes_value.len);
        g_assert_cmpstr (json_node_get_string (node), ==, b64);
      }
      break;
    case TENSORFLOW__PROFILER__XSTAT__VALUE_REF_VALUE:
      g_assert_cmpstr (json_node_get_string (node), ==, stat_name (plane, stat->ref_value));
      break;
    case TENSORFLOW__PROFILER__XSTAT__VALUE__NOT_SET:
    default:
      g_assert_true (JSON_NODE_HOLDS_NULL (node));
      break;
    }
}

static void
check_args (StpTrace     *trace,
            const StpSlice *slice,
            const XPlane *plane,
            const XEvent *event,
            const Tensorflow__Profiler__XEventMetadata *meta,
            JsonParser   *parser)
{
  g_autofree char *args = stp_trace_dup_args (trace, NULL, slice);
  g_autoptr(GHashTable) names = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  JsonObject *object;
  guint expected;

  g_assert_nonnull (args);
  json_parser_load_from_data (parser, args, -1, &error);
  g_assert_no_error (error);
  object = json_node_get_object (json_parser_get_root (parser));

  for (gsize i = 0; meta != NULL && i < meta->n_stats; i++)
    g_hash_table_add (names, (gpointer) stat_name (plane, meta->stats[i]->metadata_id));
  for (gsize i = 0; i < event->n_stats; i++)
    {
      const char *name = stat_name (plane, event->stats[i]->metadata_id);

      g_assert_nonnull (name);
      g_hash_table_add (names, (gpointer) name);
      check_value (json_object_get_member (object, name), plane, event->stats[i]);
    }

  expected = g_hash_table_size (names);
  if (meta != NULL && meta->display_name[0] != '\0' && strcmp (meta->display_name, meta->name) != 0)
    {
      g_assert_cmpstr (json_object_get_string_member (object, "long_name"), ==, meta->name);
      expected++;
    }
  g_assert_cmpuint (json_object_get_size (object), ==, expected);
}

/* Every plane a process, every line id a thread, every event a slice at
 * line.timestamp_ns + offset_ps / 1000 (ends rounded down), named by its
 * metadata, with its stats as args. */
static void
test_real_file (void)
{
  g_autoptr(GBytes) bytes = read_data (REAL_FILE);
  g_autofree char *path = data_path (REAL_FILE);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(GPtrArray) slices = NULL;
  g_autoptr(GArray) slice_tracks = g_array_new (FALSE, TRUE, sizeof (guint32));
  g_autoptr(JsonParser) parser = json_parser_new ();
  XSpace *space = unpack (bytes);
  guint seq = 0, n_events = 0, n_lines = 0;

  trace = stp_load_file (file, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpint (trace->format, ==, STP_FORMAT_XSPACE);

  g_assert_cmpuint (trace->processes->len, ==, space->n_planes);
  slices = slices_by_seq (trace, slice_tracks);

  for (gsize p = 0; p < space->n_planes; p++)
    {
      const XPlane *plane = space->planes[p];
      const StpProcess *process = stp_trace_get_process (trace, p);
      g_autoptr(GHashTable) line_ids = g_hash_table_new (g_int64_hash, g_int64_equal);
      guint n_tracks = 0;

      g_assert_cmpstr (stp_trace_str (trace, process->name), ==, plane->name);
      g_assert_cmpint (process->pid, ==, p);

      for (gsize l = 0; l < plane->n_lines; l++)
        {
          const XLine *line = plane->lines[l];
          const char *line_name = line->display_name[0] ? line->display_name : line->name;

          g_hash_table_add (line_ids, (gpointer) &line->id);
          n_lines++;

          for (gsize e = 0; e < line->n_events; e++, seq++, n_events++)
            {
              const XEvent *event = line->events[e];
              const Tensorflow__Profiler__XEventMetadata *meta = event_meta (plane, event->metadata_id);
              const StpSlice *slice = g_ptr_array_index (slices, seq);
              const StpTrack *track;
              gint64 ts = line->timestamp_ns + floor_div (event->offset_ps, 1000);
              gint64 end = line->timestamp_ns + floor_div (event->offset_ps + event->duration_ps, 1000);

              g_assert_cmpint (event->data_case, ==, TENSORFLOW__PROFILER__XEVENT__DATA_OFFSET_PS);
              g_assert_nonnull (slice);
              track = stp_trace_get_track (trace, g_array_index (slice_tracks, guint32, seq));
              g_assert_cmpuint (track->process, ==, p);
              g_assert_cmpint (track->tid, ==, line->id);
              g_assert_cmpstr (stp_trace_str (trace, track->name), ==, line_name);
              g_assert_cmpint (slice->ts, ==, ts);
              g_assert_cmpint (slice->dur, ==, end - ts);
              g_assert_nonnull (meta);
              g_assert_cmpstr (stp_trace_str (trace, slice->name), ==,
                               meta->display_name[0] ? meta->display_name : meta->name);
              check_args (trace, slice, plane, event, meta, parser);
            }
        }

      /* One thread per line id (more lanes only if its events overlap). */
      for (guint t = 0; t < process->tracks->len; t++)
        {
          const StpTrack *track = stp_trace_get_track (trace, g_array_index (process->tracks, guint32, t));

          if (!is_derived_line (track) && track->lane == 0)
            {
              g_assert_true (g_hash_table_contains (line_ids, &track->tid));
              n_tracks++;
            }
        }
      g_assert_cmpuint (n_tracks, ==, g_hash_table_size (line_ids));
    }

  g_assert_cmpuint (seq, ==, trace->n_seq);
  g_test_message ("%zu planes, %u lines, %u events", space->n_planes, n_lines, n_events);
  /* The capture: 9 planes (host and 8 GPUs), 23128 events. */
  g_assert_cmpuint (space->n_planes, ==, 9);
  g_assert_cmpuint (n_events, ==, 23128);

  tensorflow__profiler__xspace__free_unpacked (space, NULL);
}

typedef struct
{
  StpTrack *file;
  StpTrack *ours;
} LinePair;

static void
pair_lines (StpTrace *trace,
            guint32   process,
            LinePair  pairs[STP_N_DERIVED_KINDS])
{
  const StpProcess *p = stp_trace_get_process (trace, process);

  memset (pairs, 0, sizeof (LinePair) * STP_N_DERIVED_KINDS);
  for (guint i = 0; i < p->tracks->len; i++)
    {
      StpTrack *track = stp_trace_get_track (trace, g_array_index (p->tracks, guint32, i));
      gint kind = stp_derived_kind_of_id (track->tid);

      if (kind < 0 || kind >= STP_N_DERIVED_KINDS || track->lane != 0)
        continue;
      if (is_derived_line (track))
        pairs[kind].ours = track;
      else
        pairs[kind].file = track;
    }
}

static void
assert_same_slices (StpTrace *trace,
                    StpTrack *a,
                    StpTrack *b,
                    gboolean  with_args)
{
  g_assert_cmpuint (a->slices->len, ==, b->slices->len);
  for (guint i = 0; i < a->slices->len; i++)
    {
      const StpSlice *sa = stp_track_get_slice (a, i);
      const StpSlice *sb = stp_track_get_slice (b, i);

      g_assert_cmpint (sa->ts, ==, sb->ts);
      g_assert_cmpint (sa->dur, ==, sb->dur);
      g_assert_cmpuint (sa->depth, ==, sb->depth);
      g_assert_cmpstr (stp_trace_str (trace, sa->name), ==, stp_trace_str (trace, sb->name));
      if (with_args)
        {
          g_autofree char *args_a = stp_trace_dup_args (trace, a, sa);
          g_autofree char *args_b = stp_trace_dup_args (trace, b, sb);

          g_assert_cmpstr (args_a, ==, args_b);
        }
    }
}

/* The capture holds the Steps, TensorFlow Name Scope and TensorFlow Ops
 * lines its profiler made for GPUs 4 and 6.  With that profiler's rules
 * ours are the same, event for event and arg for arg; with the seed's,
 * Steps and Ops are the same and name scopes only split more. */
static void
test_real_derived_lines (void)
{
  g_autoptr(GBytes) bytes = read_data (REAL_FILE);
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) legacy = NULL;
  g_autoptr(StpTrace) seed = NULL;
  g_autoptr(StpTrace) plain = NULL;
  guint compared = 0;

  legacy = stp_xspace_load_bytes (bytes, REAL_FILE, STP_XSPACE_LOAD_REDERIVE | STP_XSPACE_LOAD_LEGACY_RULES,
                                  NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  seed = stp_xspace_load_bytes (bytes, REAL_FILE, STP_XSPACE_LOAD_REDERIVE, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  plain = stp_xspace_load_bytes (bytes, REAL_FILE, STP_XSPACE_LOAD_DEFAULT, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  for (guint p = 0; p < legacy->processes->len; p++)
    {
      LinePair pairs[STP_N_DERIVED_KINDS], seed_pairs[STP_N_DERIVED_KINDS], plain_pairs[STP_N_DERIVED_KINDS];

      pair_lines (legacy, p, pairs);
      pair_lines (seed, p, seed_pairs);
      pair_lines (plain, p, plain_pairs);

      for (guint k = 0; k < STP_N_DERIVED_KINDS; k++)
        {
          /* Where the file has a line we make one too, and nothing else. */
          g_assert_true ((pairs[k].file == NULL) == (pairs[k].ours == NULL));
          /* By default the file's line is shown and not made again. */
          g_assert_null (plain_pairs[k].ours);
          if (pairs[k].file == NULL)
            continue;

          assert_same_slices (legacy, pairs[k].file, pairs[k].ours, TRUE);
          compared++;

          if (k == STP_DERIVED_TF_NAME_SCOPE)
            {
              StpTrack *file = seed_pairs[k].file, *ours = seed_pairs[k].ours;

              g_assert_cmpuint (ours->slices->len, >, file->slices->len);
              /* Each of ours lies within a file event of the same name. */
              for (guint i = 0; i < ours->slices->len; i++)
                {
                  const StpSlice *s = stp_track_get_slice (ours, i);
                  gboolean inside = FALSE;

                  for (guint j = 0; j < file->slices->len && !inside; j++)
                    {
                      const StpSlice *f = stp_track_get_slice (file, j);

                      inside = f->name == s->name && f->ts <= s->ts && stp_slice_end (s) <= stp_slice_end (f);
                    }
                  g_assert_true (inside);
                }
            }
          else
            assert_same_slices (seed, seed_pairs[k].file, seed_pairs[k].ours, TRUE);
        }
    }

  /* Steps, Name Scope and Ops on GPUs 4 and 6. */
  g_assert_cmpuint (compared, ==, 6);
}

static void
assert_bad (GBytes     *bytes,
            const char *name)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = stp_xspace_load_bytes (bytes, name, STP_XSPACE_LOAD_DEFAULT,
                                                     NULL, NULL, NULL, &error);

  g_assert_null (trace);
  g_assert_error (error, STP_ERROR, error->code);
  g_assert_true (g_str_has_prefix (error->message, name));
}

/* Cut anywhere inside the first plane: an error naming the file and the
 * byte; at a plane boundary the planes before load. */
static void
test_truncated (void)
{
  g_autoptr(GBytes) bytes = read_data (REAL_FILE);
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);
  XSpace *space = unpack (bytes);
  gsize first_plane_end = 0;
  guint n_cuts = 0;

  /* The first plane: tag, length varint, bytes. */
  {
    gsize plane_len = tensorflow__profiler__xplane__get_packed_size (space->planes[0]);
    guint n = 1;

    while (plane_len >> (7 * n))
      n++;
    first_plane_end = 1 + n + plane_len;
  }

  for (gsize cut = 1; cut < len; cut += cut < 256 ? 1 : len / 257)
    {
      g_autoptr(GBytes) part = g_bytes_new_from_bytes (bytes, 0, cut);
      g_autoptr(GError) error = NULL;
      g_autoptr(StpTrace) trace = NULL;

      trace = stp_xspace_load_bytes (part, "cut.xplane.pb", STP_XSPACE_LOAD_DEFAULT,
                                     NULL, NULL, NULL, &error);
      n_cuts++;
      if (cut < first_plane_end)
        {
          g_assert_null (trace);
          g_assert_error (error, STP_ERROR, STP_ERROR_TRUNCATED);
          g_assert_true (g_str_has_prefix (error->message, "cut.xplane.pb: corrupt XSpace: "));
          g_assert_nonnull (strstr (error->message, "at byte "));
        }
      else if (trace == NULL)
        {
          g_assert_nonnull (error);
          g_assert_true (g_str_has_prefix (error->message, "cut.xplane.pb: "));
        }
    }

  /* Exactly the first plane: a whole XSpace of one plane. */
  {
    g_autoptr(GBytes) part = g_bytes_new_from_bytes (bytes, 0, first_plane_end);
    g_autoptr(GError) error = NULL;
    g_autoptr(StpTrace) trace = stp_xspace_load_bytes (part, "one.xplane.pb", STP_XSPACE_LOAD_DEFAULT,
                                                       NULL, NULL, NULL, &error);

    g_assert_no_error (error);
    g_assert_cmpuint (trace->processes->len, ==, 1);
  }

  g_assert_true (stp_xspace_sniff (data, MIN (len, 4096)));
  g_assert_cmpuint (n_cuts, >, 400);
  tensorflow__profiler__xspace__free_unpacked (space, NULL);
}

/* Random bytes and bytes changed at random in the real file: a trace or
 * an error, never a crash (valgrind and MALLOC_CHECK_ watch). */
static void
test_mutated (void)
{
  g_autoptr(GBytes) bytes = read_data (REAL_FILE);
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);
  GRand *rand = g_rand_new_with_seed (7);

  for (guint i = 0; i < 300; i++)
    {
      gsize n = g_rand_int_range (rand, 1, 3000);
      g_autofree guint8 *buf = g_malloc (n);
      g_autoptr(GBytes) random = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(StpTrace) trace = NULL;

      for (gsize j = 0; j < n; j++)
        buf[j] = g_rand_int (rand);
      /* Half of them start like an XSpace, to get past the sniffing. */
      if (i % 2 == 0 && n > 4)
        memcpy (buf, data, 4);
      random = g_bytes_new (buf, n);
      trace = stp_xspace_load_bytes (random, "random.pb", STP_XSPACE_LOAD_DEFAULT, NULL, NULL, NULL, &error);
      g_assert_true ((trace == NULL) != (error == NULL));
      if (error != NULL)
        g_assert_true (g_str_has_prefix (error->message, "random.pb: "));
    }

  for (guint i = 0; i < 40; i++)
    {
      g_autofree guint8 *copy = g_memdup2 (data, len);
      g_autoptr(GBytes) mutated = NULL;
      g_autoptr(GError) error = NULL;
      g_autoptr(StpTrace) trace = NULL;

      for (guint j = 0; j < 1 + i % 5; j++)
        copy[g_rand_int_range (rand, 0, len)] = g_rand_int (rand);
      mutated = g_bytes_new_take (g_steal_pointer (&copy), len);
      trace = stp_xspace_load_bytes (mutated, "mutated.pb", STP_XSPACE_LOAD_DEFAULT, NULL, NULL, NULL, &error);
      g_assert_true ((trace == NULL) != (error == NULL));
      if (trace != NULL)
        {
          /* Args come from the bytes when asked: ask for some. */
          for (guint t = 0; t < trace->tracks->len; t += 7)
            {
              StpTrack *track = stp_trace_get_track (trace, t);

              for (guint s = 0; track->slices != NULL && s < track->slices->len; s += 13)
                g_free (stp_trace_dup_args (trace, track, stp_track_get_slice (track, s)));
            }
        }
    }

  g_rand_free (rand);
}

/* The upstream copy whose bytes were mangled: a clear error from the
 * loader (the file name, what is wrong, where), no crash. */
static void
test_corrupt_file (void)
{
  g_autofree char *path = data_path (CORRUPT_FILE);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = stp_load_file (file, NULL, NULL, NULL, NULL, &error);
  g_autoptr(GBytes) bytes = read_data (CORRUPT_FILE);

  g_assert_null (trace);
  g_assert_error (error, STP_ERROR, STP_ERROR_TRUNCATED);
  g_test_message ("%s", error->message);
  g_assert_true (g_str_has_prefix (error->message, path));
  g_assert_nonnull (strstr (error->message, "corrupt XSpace"));
  g_assert_nonnull (strstr (error->message, "at byte 0"));
  assert_bad (bytes, "corrupt.pb");
}

/* Content decides: XSpace never claims a StepStats, RunMetadata, JSON or
 * text; both real XSpace files (the damaged one too) are claimed. */
static void
test_sniff (void)
{
  g_autofree char *dir = g_test_build_filename (G_TEST_DIST, "data", "step-stats", NULL);
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  g_autoptr(GBytes) real = read_data (REAL_FILE);
  g_autoptr(GBytes) corrupt = read_data (CORRUPT_FILE);
  const char *name;
  guint n = 0;

  g_assert_nonnull (listing);
  while ((name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);
      g_autofree char *contents = NULL;
      gsize len;

      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR) ||
          !g_file_get_contents (path, &contents, &len, NULL))
        continue;
      g_assert_false (stp_xspace_sniff ((const guint8 *) contents, len));
      n++;
    }
  g_assert_cmpuint (n, >, 10);

  g_assert_true (stp_xspace_sniff (g_bytes_get_data (real, NULL), g_bytes_get_size (real)));
  g_assert_true (stp_xspace_sniff (g_bytes_get_data (corrupt, NULL), g_bytes_get_size (corrupt)));
  g_assert_false (stp_xspace_sniff ((const guint8 *) "{\"traceEvents\":[]}", 18));
  g_assert_false (stp_xspace_sniff ((const guint8 *) "", 0));
  g_assert_false (stp_xspace_sniff ((const guint8 *) "\x0a", 1));
}

/* Args: every value type; a ref is the name it points at; bytes are
 * base64; the event's stat replaces its metadata's of the same name; a
 * stat of unknown metadata keeps its id. */
static void
test_args (void)
{
  g_autoptr(GByteArray) space = g_byte_array_new ();
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *args = NULL;
  XPlaneBuilder *plane = xplane_new ("/host:CPU", 0);
  XStats *meta_stats = xstats_new ();
  XStats *stats = xstats_new ();
  const guint8 raw[] = { 0, 1, 0xfe, 0xff };
  StpTrack *track;
  JsonObject *o;
  gint64 meta;

  xstats_int (meta_stats, plane, "overridden", 1);
  xstats_str (meta_stats, plane, "from_metadata", "kept");
  meta = xplane_event_id (plane, "scope/op:MatMul", "MatMul", meta_stats);

  xstats_int (stats, plane, "int", -5);
  xstats_uint (stats, plane, "uint", G_MAXUINT64);
  xstats_double (stats, plane, "double", 0.25);
  xstats_str (stats, plane, "str", "caf\xc3\xa9 \"q\"");
  xstats_bytes (stats, plane, "bytes", raw, sizeof raw);
  xstats_ref (stats, plane, "ref", "the referenced name");
  xstats_int (stats, plane, "overridden", 2);
  xstats_unknown (stats, 999, 3);

  xplane_begin_line (plane, 5, "thread", 0);
  xplane_event (plane, meta, 0, 1000, stats);
  xplane_end_line (plane);
  xplane_finish (plane, space);

  trace = xspace_load (space, STP_XSPACE_LOAD_DEFAULT);
  track = find_track (trace, 0, "thread");
  args = stp_trace_dup_args (trace, track, stp_track_get_slice (track, 0));
  json_parser_load_from_data (parser, args, -1, &error);
  g_assert_no_error (error);
  o = json_node_get_object (json_parser_get_root (parser));

  g_assert_cmpstr (stp_trace_str (trace, stp_track_get_slice (track, 0)->name), ==, "MatMul");
  g_assert_cmpstr (json_object_get_string_member (o, "long_name"), ==, "scope/op:MatMul");
  g_assert_cmpint (json_object_get_int_member (o, "int"), ==, -5);
  /* json-glib reads integers as gint64: the text is what counts. */
  g_assert_nonnull (strstr (args, "\"uint\":18446744073709551615"));
  g_assert_cmpfloat (json_object_get_double_member (o, "double"), ==, 0.25);
  g_assert_cmpstr (json_object_get_string_member (o, "str"), ==, "caf\xc3\xa9 \"q\"");
  g_assert_cmpstr (json_object_get_string_member (o, "bytes"), ==, "AAH+/w==");
  g_assert_cmpstr (json_object_get_string_member (o, "ref"), ==, "the referenced name");
  g_assert_cmpint (json_object_get_int_member (o, "overridden"), ==, 2);
  g_assert_cmpstr (json_object_get_string_member (o, "from_metadata"), ==, "kept");
  g_assert_cmpint (json_object_get_int_member (o, "stat 999"), ==, 3);
  g_assert_cmpuint (json_object_get_size (o), ==, 10);
}

/* Picoseconds to nanoseconds: both ends round down (also before the
 * line's start), so a 1 ns event may come out 0 or 2 ns long. */
static void
test_rounding (void)
{
  g_autoptr(GByteArray) space = g_byte_array_new ();
  g_autoptr(StpTrace) trace = NULL;
  g_autofree char *got = NULL;
  XPlaneBuilder *plane = xplane_new ("/host:CPU", 0);
  gint64 a = xplane_event_id (plane, "a", NULL, NULL);

  xplane_begin_line (plane, 1, "t", 100);
  xplane_event (plane, a, 1500, 1000, NULL);     /* 101.5..102.5 */
  xplane_event (plane, a, 3999, 2, NULL);        /* 103.999..104.001 */
  xplane_event (plane, a, 5000, 999, NULL);      /* 105..105.999 */
  xplane_event (plane, a, -1500, 1000, NULL);    /* 98.5..99.5 */
  xplane_end_line (plane);
  xplane_finish (plane, space);

  trace = xspace_load (space, STP_XSPACE_LOAD_DEFAULT);
  got = describe_slices (trace, find_track (trace, 0, "t"));
  g_assert_cmpstr (got, ==, "a@98+1/0 a@101+1/0 a@103+1/0 a@105+0/0");
  g_assert_cmpint (trace->start_ts, ==, 98);
}

/* Lines at the ends of gint64: times are kept as they are (StepStats
 * times reach -9.2e18 ns in timeline.py's own output), and the span,
 * wider than a gint64, is exact through stp_time_span(). */
static void
test_times_at_int64_ends (void)
{
  g_autoptr(GByteArray) space = g_byte_array_new ();
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(GString) span = g_string_new (NULL);
  XPlaneBuilder *plane = xplane_new ("/host:CPU", 0);
  gint64 a = xplane_event_id (plane, "a", NULL, NULL);

  xplane_begin_line (plane, 1, "early", G_MININT64 + 1);
  xplane_event (plane, a, 0, 1000, NULL);
  xplane_end_line (plane);
  xplane_begin_line (plane, 2, "late", G_MAXINT64 - 10);
  xplane_event (plane, a, 0, 5000, NULL);
  xplane_end_line (plane);
  xplane_finish (plane, space);

  trace = xspace_load (space, STP_XSPACE_LOAD_DEFAULT);
  g_assert_cmpint (trace->start_ts, ==, G_MININT64 + 1);
  g_assert_cmpint (trace->end_ts, ==, G_MAXINT64 - 5);
  g_assert_cmpuint (stp_time_span (trace->start_ts, trace->end_ts), ==, G_MAXUINT64 - 6);
  stp_json_append_span_as_us (span, stp_time_span (trace->start_ts, trace->end_ts));
  g_assert_cmpstr (span->str, ==, "18446744073709551.609");
}

/* A first message of `len` bytes holding only a name (field `name_field`)
 * padded to size, as field 1 of its parent: 0a LEN ... */
static void
put_padded_message (GByteArray *out,
                    guint       len,
                    guint       name_field)
{
  g_autofree char *name = g_strnfill (len - 2, 'x');

  g_assert_cmpuint (len, >=, 3);
  g_assert_cmpuint (len, <, 128);
  stp_wire_put_tag (out, 1, STP_WIRE_LEN);
  stp_wire_put_varint (out, len);
  stp_wire_put_bytes (out, name_field, name, len - 2);
}

/* A DeviceStepStats with one op. */
static void
put_device (GByteArray *out)
{
  g_autoptr(GByteArray) device = g_byte_array_new ();
  g_autoptr(GByteArray) node = g_byte_array_new ();
  static const char dev[] = "/job:localhost/replica:0/task:0/device:CPU:0";

  stp_wire_put_bytes (node, 1, "op", 2);
  stp_wire_put_tag (node, 2, STP_WIRE_VARINT);
  stp_wire_put_varint (node, 1000);
  stp_wire_put_tag (node, 5, STP_WIRE_VARINT);
  stp_wire_put_varint (node, 10);
  stp_wire_put_bytes (node, 8, "op = Add(a, b)", 14);
  stp_wire_put_bytes (device, 1, dev, sizeof dev - 1);
  stp_wire_put_bytes (device, 2, node->data, node->len);
  stp_wire_put_bytes (out, 1, device->data, device->len);
}

static StpTrace *
load_bytes (const guint8 *data,
            gsize         len,
            GError      **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new (data, len);
  g_autoptr(StpInput) input = stp_input_new_for_bytes (bytes, "tiny", error);

  g_assert_nonnull (input);
  return stp_load_input (input, "tiny", NULL, NULL, NULL, NULL, error);
}

/* The top-level members of the Chrome JSON export of `trace`. */
static JsonObject *
export_members (StpTrace *trace)
{
  g_autoptr(JsonNode) root = stp_test_export_json (trace);

  return json_object_ref (json_node_get_object (root));
}

/* The hosts and the planes' names reach the information page as the
 * file has them (protobuf-c reads them here), and stay out of export:
 * they were never JSON. */
static void
test_descriptions (void)
{
  g_autoptr(GBytes) bytes = read_data (REAL_FILE);
  XSpace *space = unpack (bytes);
  g_autoptr(GString) planes = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(StpTrace) built = NULL;
  g_autoptr(GByteArray) with_hosts = g_byte_array_new ();
  g_autoptr(JsonObject) members = NULL;
  g_autofree char *shown_planes = NULL, *shown_hosts = NULL, *real_hosts = NULL;
  XPlaneBuilder *plane;

  trace = stp_xspace_load_bytes (bytes, REAL_FILE, STP_XSPACE_LOAD_DEFAULT, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  for (gsize i = 0; i < space->n_planes; i++)
    if (space->planes[i]->name[0] != '\0')
      g_string_append_printf (planes, "%s%s", planes->len ? ", " : "", space->planes[i]->name);
  g_assert_cmpuint (planes->len, >, 0);
  shown_planes = stp_trace_dup_metadata_value (trace, STP_METADATA_DESCRIPTION, "planes");
  g_assert_cmpstr (shown_planes, ==, planes->str);
  real_hosts = stp_trace_dup_metadata_value (trace, STP_METADATA_DESCRIPTION, "hostnames");
  if (space->n_hostnames == 0)
    g_assert_null (real_hosts);
  else
    g_assert_cmpstr (real_hosts, ==, space->hostnames[0]);
  tensorflow__profiler__xspace__free_unpacked (space, NULL);

  /* Two hosts, in the file's order. */
  plane = xplane_new ("/host:CPU", 1);
  xplane_begin_line (plane, 1, "main", 1000);
  xplane_event (plane, xplane_event_id (plane, "op", NULL, NULL), 0, 5000, NULL);
  xplane_end_line (plane);
  xplane_finish (plane, with_hosts);
  stp_wire_put_bytes (with_hosts, 4, "worker-0", 8);
  stp_wire_put_bytes (with_hosts, 4, "worker-1", 8);
  built = xspace_load (with_hosts, STP_XSPACE_LOAD_DEFAULT);
  shown_hosts = stp_trace_dup_metadata_value (built, STP_METADATA_DESCRIPTION, "hostnames");
  g_assert_cmpstr (shown_hosts, ==, "worker-0, worker-1");

  members = export_members (built);
  g_assert_false (json_object_has_member (members, "hostnames"));
  g_assert_false (json_object_has_member (members, "planes"));
  g_assert_true (json_object_has_member (members, "traceEvents"));
}

/* Binary protobuf whose first field is 9, 10, 13, 32, 91 or 123 bytes
 * long begins 0a 09 ("\n\t"), 0a 0a, 0a 0d, 0a 20, 0a 5b ("\n[") or
 * 0a 7b ("\n{"): tiny valid files of every binary format with those
 * lengths load as what they are, and JSON after a newline stays JSON. */
static void
test_misdetection (void)
{
  static const guint lengths[] = { 9, 10, 13, 32, 91, 123 };

  for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
    {
      guint len = lengths[i];
      g_autoptr(GByteArray) space = g_byte_array_new ();
      g_autoptr(GByteArray) step_stats = g_byte_array_new ();
      g_autoptr(GByteArray) run_metadata = g_byte_array_new ();
      g_autoptr(GByteArray) inner = g_byte_array_new ();
      g_autoptr(GByteArray) second = g_byte_array_new ();
      g_autoptr(GError) error = NULL;
      g_autoptr(StpTrace) xspace = NULL;
      g_autoptr(StpTrace) ss = NULL;
      g_autoptr(StpTrace) rm = NULL;
      XPlaneBuilder *plane;
      gint64 a;

      g_test_message ("first field of %u bytes", len);

      /* XSpace: a first plane of a name alone, then one with an event. */
      put_padded_message (space, len, 2);
      plane = xplane_new ("/host:CPU", 7);
      a = xplane_event_id (plane, "a", NULL, NULL);
      xplane_begin_line (plane, 1, "t", 100);
      xplane_event (plane, a, 0, 5000, NULL);
      xplane_end_line (plane);
      xplane_finish (plane, space);
      g_assert_cmpuint (space->data[1], ==, len);
      xspace = load_bytes (space->data, space->len, &error);
      g_assert_no_error (error);
      g_assert_cmpint (xspace->format, ==, STP_FORMAT_XSPACE);

      /* StepStats: a first device of a name alone, then one with an op. */
      put_padded_message (step_stats, len, 1);
      put_device (step_stats);
      ss = load_bytes (step_stats->data, step_stats->len, &error);
      g_assert_no_error (error);
      g_assert_cmpint (ss->format, ==, STP_FORMAT_STEP_STATS);

      /* RunMetadata: a first step_stats of one bare device, then one
       * with an op. */
      put_padded_message (inner, len - 2, 1);
      stp_wire_put_bytes (run_metadata, 1, inner->data, inner->len);
      put_device (second);
      stp_wire_put_bytes (run_metadata, 1, second->data, second->len);
      g_assert_cmpuint (run_metadata->data[1], ==, len);
      rm = load_bytes (run_metadata->data, run_metadata->len, &error);
      g_assert_no_error (error);
      g_assert_cmpint (rm->format, ==, STP_FORMAT_RUN_METADATA);
    }

  /* JSON after a newline is JSON, array or object. */
  {
    static const char *texts[] = {
      "\n[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}]",
      "\n{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2}]}",
      "\n[\n  {\"ph\": \"X\", \"name\": \"a\", \"pid\": 1, \"tid\": 1, \"ts\": 1, \"dur\": 2}\n]\n",
    };

    for (guint i = 0; i < G_N_ELEMENTS (texts); i++)
      {
        g_autoptr(GError) error = NULL;
        g_autoptr(StpTrace) trace = load_bytes ((const guint8 *) texts[i], strlen (texts[i]), &error);

        g_assert_no_error (error);
        g_assert_cmpint (trace->format, ==, STP_FORMAT_CHROME_JSON);
      }
  }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/xspace/real-file", test_real_file);
  g_test_add_func ("/xspace/real-derived-lines", test_real_derived_lines);
  g_test_add_func ("/xspace/truncated", test_truncated);
  g_test_add_func ("/xspace/mutated", test_mutated);
  g_test_add_func ("/xspace/corrupt-file", test_corrupt_file);
  g_test_add_func ("/xspace/sniff", test_sniff);
  g_test_add_func ("/xspace/args", test_args);
  g_test_add_func ("/xspace/rounding", test_rounding);
  g_test_add_func ("/xspace/times-at-int64-ends", test_times_at_int64_ends);
  g_test_add_func ("/xspace/misdetection", test_misdetection);
  g_test_add_func ("/xspace/descriptions", test_descriptions);

  return g_test_run ();
}
