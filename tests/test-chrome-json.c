/* test-chrome-json.c: the Chrome JSON loader on real traces
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every trace under tests/data/chrome/ (copied from ../shared/corpus,
 * see tests/data/SOURCES.md) is loaded, and what the model holds is
 * checked against counts taken independently from the same file with
 * json-glib: events by phase, process and thread names, and flows (every
 * flow event is an end of a flow; bound ends sit on a slice that holds
 * them, unbound ends have none).  With STP_CORPUS_DIR set (meson test
 * --suite corpus), the large traces of ../shared/corpus are checked too.
 */

#define G_LOG_DOMAIN "test-chrome-json"

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "export-test-util.h"
#include "stp-chrome-json-private.h"
#include "stp-error.h"
#include "stp-loader.h"
#include "strict-json.h"
#include "test-chrome-common.h"

typedef struct
{
  guint x, b, e, instants, samples, counters, async_b, async_n;
  guint legacy_s, legacy_steps, flows, objects_new, objects_snap, objects_del;
  GHashTable *process_names;
  GHashTable *thread_names;
} Expected;

/* ------------------------------------------------------------------ */
/* The independent count: json-glib, with catapult's fix for cut arrays */

static char *
read_file_decompressed (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GInputStream) in = G_INPUT_STREAM (g_file_read (file, NULL, NULL));
  g_autoptr(GInputStream) data = NULL;
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  guint8 magic[2] = { 0 };

  g_assert_nonnull (in);
  g_input_stream_read (in, magic, 2, NULL, NULL);
  g_seekable_seek (G_SEEKABLE (in), 0, G_SEEK_SET, NULL, NULL);

  if (magic[0] == 0x1f && magic[1] == 0x8b)
    {
      g_autoptr(GZlibDecompressor) z = g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP);
      data = g_converter_input_stream_new (in, G_CONVERTER (z));
    }
  else
    data = g_object_ref (in);

  g_output_stream_splice (out, data, G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, NULL);
  g_output_stream_write (out, "", 1, NULL, NULL);
  return g_memory_output_stream_steal_data (G_MEMORY_OUTPUT_STREAM (out));
}

/* Removes commas before a closing bracket, and closes a cut array. */
static char *
make_strict (const char *text)
{
  GString *s = g_string_new (NULL);
  gboolean in_string = FALSE;

  for (const char *p = text; *p; p++)
    {
      if (in_string)
        {
          g_string_append_c (s, *p);
          if (*p == '\\' && p[1])
            g_string_append_c (s, *++p);
          else if (*p == '"')
            in_string = FALSE;
          continue;
        }
      if (*p == '"')
        in_string = TRUE;
      if (*p == ']' || *p == '}')
        {
          gssize i = s->len - 1;
          while (i >= 0 && g_ascii_isspace (s->str[i]))
            i--;
          if (i >= 0 && s->str[i] == ',')
            s->str[i] = ' ';
        }
      g_string_append_c (s, *p);
    }

  g_strchomp (s->str);
  s->len = strlen (s->str);
  if (s->len > 0 && s->str[s->len - 1] == ',')
    g_string_truncate (s, s->len - 1);
  if (s->str[0] == '[' || (s->str[0] != '{' && strchr (s->str, '[') != NULL && s->str[strspn (s->str, " \r\n\t")] == '['))
    {
      JsonParser *probe = json_parser_new ();
      if (!json_parser_load_from_data (probe, s->str, s->len, NULL))
        g_string_append_c (s, ']');
      g_object_unref (probe);
    }
  return g_string_free (s, FALSE);
}

static gboolean
is_number_text (const char *s)
{
  char *end;
  double v;

  if (s[0] == '\0' || strpbrk (s, "xXnNiI ") != NULL)
    return FALSE;
  v = g_ascii_strtod (s, &end);
  return *end == '\0' && isfinite (v);
}

static gboolean
node_is_number (JsonNode *node)
{
  if (node == NULL || JSON_NODE_TYPE (node) != JSON_NODE_VALUE)
    return FALSE;
  if (json_node_get_value_type (node) == G_TYPE_STRING)
    return is_number_text (json_node_get_string (node));
  return json_node_get_value_type (node) == G_TYPE_INT64 ||
         json_node_get_value_type (node) == G_TYPE_DOUBLE;
}

static const char *
member_string (JsonObject *o,
               const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  if (n == NULL || JSON_NODE_TYPE (n) != JSON_NODE_VALUE ||
      json_node_get_value_type (n) != G_TYPE_STRING)
    return NULL;
  return json_node_get_string (n);
}

/* "pid" or "pid/tid" as written (tid defaults to pid) */
static char *
node_key (JsonObject *o,
          gboolean    with_tid)
{
  JsonNode *pid = json_object_get_member (o, "pid");
  JsonNode *tid = json_object_get_member (o, "tid");
  g_autofree char *p = pid ? json_to_string (pid, FALSE) : g_strdup ("0");
  g_autofree char *t = tid ? json_to_string (tid, FALSE) : g_strdup (p);

  return with_tid ? g_strdup_printf ("%s/%s", p, t) : g_strdup (p);
}

/* The names, without the processes or threads they belong to. */
static GHashTable *
name_set (GHashTable *names)
{
  GHashTable *set = g_hash_table_new (g_str_hash, g_str_equal);
  GHashTableIter iter;
  gpointer value;

  g_hash_table_iter_init (&iter, names);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    g_hash_table_add (set, value);
  return set;
}

static gboolean
count_expected (const char *path,
                Expected   *ex)
{
  g_autofree char *raw = read_file_decompressed (path);
  g_autofree char *text = make_strict (raw);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonNode *root;
  JsonArray *events;

  memset (ex, 0, sizeof *ex);
  ex->process_names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  ex->thread_names = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  if (!json_parser_load_from_data (parser, text, -1, NULL))
    return FALSE;

  root = json_parser_get_root (parser);
  if (JSON_NODE_HOLDS_ARRAY (root))
    events = json_node_get_array (root);
  else
    events = json_object_get_array_member (json_node_get_object (root), "traceEvents");

  for (guint i = 0; i < json_array_get_length (events); i++)
    {
      JsonNode *node = json_array_get_element (events, i);
      JsonObject *o;
      const char *ph, *name, *scope;
      gboolean ts_ok;

      if (!JSON_NODE_HOLDS_OBJECT (node))
        continue;
      o = json_node_get_object (node);
      ph = member_string (o, "ph");
      if (ph == NULL || ph[0] == '\0')
        continue;
      ts_ok = node_is_number (json_object_get_member (o, "ts"));
      name = member_string (o, "name");

      switch (ph[0])
        {
        case 'X': ex->x += ts_ok; break;
        case 'B': ex->b += ts_ok; break;
        case 'E': ex->e += ts_ok; break;
        case 'i': case 'I': case 'R': ex->instants += ts_ok; break;
        case 'P': ex->samples += ts_ok; break;
        case 'C':
          if (ts_ok && json_object_has_member (o, "args") &&
              JSON_NODE_HOLDS_OBJECT (json_object_get_member (o, "args")))
            {
              JsonObject *args = json_object_get_object_member (o, "args");
              g_autoptr(GList) members = json_object_get_values (args);
              gboolean any = FALSE;

              for (GList *l = members; l; l = l->next)
                any |= node_is_number (l->data);
              ex->counters += any;
            }
          break;
        case 'b': case 'n': case 'S': case 'T': case 'p':
          if (ts_ok && (json_object_has_member (o, "id") || json_object_has_member (o, "id2")))
            {
              if (ph[0] == 'b') ex->async_b++;
              else if (ph[0] == 'n') ex->async_n++;
              else if (ph[0] == 'S') ex->legacy_s++;
              else ex->legacy_steps++;
            }
          break;
        case 's': case 't': case 'f':
          ex->flows += ts_ok && (json_object_has_member (o, "id") || json_object_has_member (o, "id2"));
          break;
        case 'N': ex->objects_new += ts_ok; break;
        case 'O': ex->objects_snap += ts_ok; break;
        case 'D': ex->objects_del += ts_ok; break;
        case 'M':
          scope = NULL;
          if (name && json_object_has_member (o, "args") &&
              JSON_NODE_HOLDS_OBJECT (json_object_get_member (o, "args")))
            scope = member_string (json_object_get_object_member (o, "args"), "name");
          /* A later name for the same process or thread replaces the first. */
          if (scope && g_strcmp0 (name, "process_name") == 0)
            g_hash_table_insert (ex->process_names, node_key (o, FALSE), g_strdup (scope));
          if (scope && g_strcmp0 (name, "thread_name") == 0)
            g_hash_table_insert (ex->thread_names, node_key (o, TRUE), g_strdup (scope));
          break;
        default:
          break;
        }
    }
  return TRUE;
}

static void
expected_clear (Expected *ex)
{
  g_clear_pointer (&ex->process_names, g_hash_table_unref);
  g_clear_pointer (&ex->thread_names, g_hash_table_unref);
}

/* ------------------------------------------------------------------ */
/* The model's side                                                    */

static guint
warning_count (StpTrace   *trace,
               const char *kind)
{
  for (guint i = 0; i < trace->warnings->len; i++)
    {
      StpWarning *w = &g_array_index (trace->warnings, StpWarning, i);
      if (strcmp (stp_trace_str (trace, w->kind), kind) == 0)
        return w->count;
    }
  return 0;
}

static gboolean
is_step_slice (StpTrace       *trace,
               const StpSlice *s)
{
  guint32 extra = stp_trace_get_slice_extra (trace, s);

  if (!(s->flags & STP_SLICE_ASYNC_LEGACY) || extra == STP_INDEX_NONE)
    return FALSE;
  return strchr ("Tp", g_array_index (trace->extras, StpExtra, extra).phase) != NULL;
}

/* Whether any lane of the end's thread has a slice holding ts (or, for
 * an f bound to the next slice, starting at or after it). */
static gboolean
thread_has_slice_for (StpTrace         *trace,
                      const StpFlowEnd *end)
{
  const StpTrack *thread = stp_trace_get_track (trace, end->track);
  gboolean next = end->phase == 'f' && end->binding != 'e';

  for (guint t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      if (track->kind != STP_TRACK_THREAD || track->process != thread->process ||
          track->tid != thread->tid || track->tid_str != thread->tid_str)
        continue;
      for (guint i = 0; i < track->slices->len; i++)
        {
          const StpSlice *s = stp_track_get_slice (track, i);
          if (next ? s->ts >= end->ts : (s->ts <= end->ts && end->ts <= stp_slice_end (s)))
            return TRUE;
        }
    }
  return FALSE;
}

static void
check_flow_end (StpTrace         *trace,
                const StpFlowEnd *end)
{
  const StpTrack *track;
  const StpSlice *s;

  if (end->track == STP_INDEX_NONE)
    return;
  if (end->slice == STP_INDEX_NONE)
    {
      g_assert_false (thread_has_slice_for (trace, end));
      return;
    }

  track = stp_trace_get_track (trace, end->track);
  s = stp_track_get_slice (track, end->slice);
  if (end->phase == 0)
    {
      g_assert_cmpuint (s->seq, ==, end->seq);
      return;
    }
  g_assert_true (thread_has_slice_for (trace, end));
  if (end->phase == 'f' && end->binding != 'e')
    g_assert_cmpint (s->ts, >=, end->ts);
  else
    {
      g_assert_cmpint (s->ts, <=, end->ts);
      g_assert_cmpint (end->ts, <=, stp_slice_end (s));
    }
}

static void
check_against (StpTrace *trace,
               Expected *ex)
{
  guint x = 0, b = 0, b_closed = 0, instants = 0, samples = 0, async_b = 0, async_n = 0;
  guint legacy_s = 0, legacy_steps = 0, snap = 0, created = 0, deleted = 0;
  g_autoptr(GHashTable) counter_seqs = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) flow_seqs = g_hash_table_new (NULL, NULL);
  g_autoptr(GHashTable) pnames = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) tnames = g_hash_table_new (g_str_hash, g_str_equal);

  instants = trace->global_instants->len;
  for (guint t = 0; t < trace->tracks->len; t++)
    {
      StpTrack *track = stp_trace_get_track (trace, t);

      if (track->kind == STP_TRACK_THREAD && track->name != STP_STR_EMPTY)
        g_hash_table_add (tnames, (gpointer) stp_trace_str (trace, track->name));
      if (track->kind == STP_TRACK_INSTANTS)
        instants += track->slices->len;
      for (guint i = 0; track->instants && i < track->instants->len; i++)
        {
          StpSlice *s = &g_array_index (track->instants, StpSlice, i);
          if (s->flags & STP_SLICE_SAMPLE)
            samples++;
          else
            instants++;
        }
      /* A derived counter (PyTorch's [memory]) holds no C event. */
      for (guint i = 0; track->series && !track->derived && i < track->series->len; i++)
        {
          StpCounterSeries *series = g_ptr_array_index (track->series, i);
          for (guint j = 0; j < series->samples->len; j++)
            g_hash_table_add (counter_seqs,
                              GUINT_TO_POINTER (g_array_index (series->samples, StpCounterSample, j).seq + 1));
        }
      if (track->kind != STP_TRACK_THREAD && track->kind != STP_TRACK_ASYNC)
        continue;
      for (guint i = 0; i < track->slices->len; i++)
        {
          StpSlice *s = stp_track_get_slice (track, i);

          if (s->flags & STP_SLICE_FROM_BEGIN)
            {
              b++;
              b_closed += !(s->flags & STP_SLICE_UNCLOSED);
            }
          else if (s->flags & STP_SLICE_ASYNC)
            {
              if (s->flags & STP_SLICE_INSTANT)
                async_n++;
              else
                async_b++;
            }
          else if (s->flags & STP_SLICE_ASYNC_LEGACY)
            {
              if (is_step_slice (trace, s))
                legacy_steps++;
              else
                legacy_s++;
            }
          else
            x++;
        }
    }

  for (guint i = 0; i < trace->processes->len; i++)
    {
      StpProcess *p = stp_trace_get_process (trace, i);
      if (p->name != STP_STR_EMPTY)
        g_hash_table_add (pnames, (gpointer) stp_trace_str (trace, p->name));
    }
  for (guint i = 0; i < trace->objects->len; i++)
    {
      StpObject *o = &g_array_index (trace->objects, StpObject, i);
      created += o->create_seq != STP_SEQ_NONE;
      deleted += o->delete_seq != STP_SEQ_NONE;
    }
  snap = trace->snapshots->len;

  for (guint i = 0; i < trace->flows->len; i++)
    {
      StpFlow *f = &g_array_index (trace->flows, StpFlow, i);

      if (f->src.phase != 0 && f->src.track != STP_INDEX_NONE)
        g_hash_table_add (flow_seqs, GUINT_TO_POINTER (f->src.seq + 1));
      if (f->dst.phase != 0 && f->dst.track != STP_INDEX_NONE)
        g_hash_table_add (flow_seqs, GUINT_TO_POINTER (f->dst.seq + 1));
      check_flow_end (trace, &f->src);
      check_flow_end (trace, &f->dst);
    }

  g_assert_cmpuint (x, ==, ex->x);
  g_assert_cmpuint (b, ==, ex->b);
  g_assert_cmpuint (b_closed + warning_count (trace, "unmatched-end"), ==, ex->e);
  g_assert_cmpuint (instants, ==, ex->instants);
  g_assert_cmpuint (samples, ==, ex->samples);
  g_assert_cmpuint (g_hash_table_size (counter_seqs), ==, ex->counters);
  g_assert_cmpuint (async_b, ==, ex->async_b);
  g_assert_cmpuint (async_n, ==, ex->async_n);
  g_assert_cmpuint (legacy_s + warning_count (trace, "async-already-open"), ==, ex->legacy_s);
  g_assert_cmpuint (legacy_steps + warning_count (trace, "async-unmatched-step"), >=, ex->legacy_steps);
  g_assert_cmpuint (g_hash_table_size (flow_seqs), ==, ex->flows);
  g_assert_cmpuint (created, ==, ex->objects_new);
  g_assert_cmpuint (snap, ==, ex->objects_snap);
  g_assert_cmpuint (deleted, ==, ex->objects_del);
  {
    g_autoptr(GHashTable) want_p = name_set (ex->process_names);
    g_autoptr(GHashTable) want_t = name_set (ex->thread_names);

    g_assert_true (stp_test_same_names (want_p, pnames));
    g_assert_true (stp_test_same_names (want_t, tnames));
  }
}

/* Whatever the file held (raw newlines, invalid UTF-8, NaN), its
 * export is strict JSON. */
static void
check_export_strict (StpTrace *trace)
{
  g_autoptr(GBytes) bytes = stp_test_export (trace);
  g_autoptr(GError) error = NULL;

  strict_json_check (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), &error);
  g_assert_no_error (error);
}

static StpTrace *
load_walked (const char  *path,
             gboolean     threaded,
             GError     **error)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(StpInput) input = stp_input_open (file, NULL, error);

  if (input == NULL)
    return NULL;
  return stp_chrome_json_load_full (input, NULL, threaded, NULL, NULL, NULL, error);
}

static void
assert_same_warnings (StpTrace *a,
                      StpTrace *b)
{
  g_assert_cmpuint (a->warnings->len, ==, b->warnings->len);
  for (guint i = 0; i < a->warnings->len; i++)
    {
      StpWarning *wa = &g_array_index (a->warnings, StpWarning, i);
      StpWarning *wb = &g_array_index (b->warnings, StpWarning, i);

      g_assert_cmpstr (stp_trace_str (a, wa->kind), ==, stp_trace_str (b, wb->kind));
      g_assert_cmpuint (wa->count, ==, wb->count);
      g_assert_cmpstr (stp_trace_str (a, wa->example), ==, stp_trace_str (b, wb->example));
    }
}

/* The document walked on a thread of its own, whatever the file's size,
 * and on the loading thread: the same model, warnings and seqs, or the
 * same error. */
static void
check_walk_threads (const char *path)
{
  g_autoptr(GError) error_inline = NULL;
  g_autoptr(GError) error_threaded = NULL;
  g_autoptr(StpTrace) a = load_walked (path, FALSE, &error_inline);
  g_autoptr(StpTrace) b = load_walked (path, TRUE, &error_threaded);

  if (a == NULL)
    {
      g_assert_nonnull (error_inline);
      g_assert_null (b);
      g_assert_error (error_threaded, error_inline->domain, error_inline->code);
      g_assert_cmpstr (error_threaded->message, ==, error_inline->message);
      return;
    }
  g_assert_no_error (error_threaded);
  g_assert_cmpuint (a->n_seq, ==, b->n_seq);
  g_assert_true (stp_test_traces_equal (a, b));
  assert_same_warnings (a, b);
}

static void
test_corpus_file (gconstpointer data)
{
  const char *path = data;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = NULL;
  Expected ex;

  trace = stp_load_file (file, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (trace);
  g_assert_cmpint (trace->format, ==, STP_FORMAT_CHROME_JSON);
  check_export_strict (trace);
  check_walk_threads (path);

  if (g_str_has_suffix (path, ".zip"))
    {
      /* The zip holds the same trace as its .gz sibling. */
      g_autofree char *gz = g_strdup (path);
      g_autoptr(GFile) gz_file = NULL;
      g_autoptr(StpTrace) other = NULL;

      strcpy (strrchr (gz, '_'), "_gz.gz");
      gz_file = g_file_new_for_path (gz);
      other = stp_load_file (gz_file, NULL, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      g_assert_true (stp_test_traces_equal (trace, other));
      return;
    }

  if (!count_expected (path, &ex))
    {
      /* json-glib refuses what the format tolerates (raw newlines in strings) */
      g_test_message ("%s: no independent count, json-glib cannot parse it", path);
      expected_clear (&ex);
      g_assert_cmpuint (trace->n_seq, >, 0);
      return;
    }
  check_against (trace, &ex);
  expected_clear (&ex);
}

static void
test_not_a_trace (gconstpointer data)
{
  const char *path = data;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = stp_load_file (file, NULL, NULL, NULL, NULL, &error);

  g_assert_null (trace);
  g_assert_error (error, STP_ERROR, STP_ERROR_UNKNOWN_FORMAT);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, "not a Chrome trace"));
  check_walk_threads (path);
}

static void
add_tree (const char *root,
          const char *dir,
          gboolean    corpus)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  const char *name;

  if (d == NULL)
    return;
  while ((name = g_dir_read_name (d)) != NULL)
    g_ptr_array_add (names, g_strdup (name));
  g_ptr_array_sort (names, (GCompareFunc) stp_test_compare_strings);

  for (guint i = 0; i < names->len; i++)
    {
      g_autofree char *path = g_build_filename (dir, names->pdata[i], NULL);
      const char *rel = path + strlen (root) + 1;
      g_autofree char *test_path = NULL;

      if (g_file_test (path, G_FILE_TEST_IS_DIR))
        {
          add_tree (root, path, corpus);
          continue;
        }
      if (!g_str_has_suffix (path, ".json") && !g_str_has_suffix (path, ".gz") &&
          !g_str_has_suffix (path, ".zip"))
        continue;
      /* The corpus suite only needs the files too large to copy. */
      if (corpus)
        {
          GStatBuf st;
          if (g_stat (path, &st) != 0 || st.st_size < 200 * 1024 ||
              strstr (path, "/xprof/") || strstr (path, "/tensorflow/") || strstr (path, "/tensorboard/"))
            continue;
        }

      test_path = g_strdup_printf ("/chrome-json/%s/%s", corpus ? "corpus" : "data", rel);
      if (strstr (rel, "dashboard_test_points.json") || strstr (rel, "google_cloud_trace.json"))
        g_test_add_data_func_full (test_path, g_strdup (path), test_not_a_trace, g_free);
      else
        g_test_add_data_func_full (test_path, g_strdup (path), test_corpus_file, g_free);
    }
}

static void
test_corpus_missing (void)
{
  g_test_skip ("STP_CORPUS_DIR is not set or does not exist");
}

int
main (int    argc,
      char **argv)
{
  const char *corpus = g_getenv ("STP_CORPUS_DIR");

  g_test_init (&argc, &argv, NULL);

  if (corpus != NULL)
    {
      if (g_file_test (corpus, G_FILE_TEST_IS_DIR))
        add_tree (corpus, corpus, TRUE);
      else
        g_test_add_func ("/chrome-json/corpus/missing", test_corpus_missing);
    }
  else
    {
      g_autofree char *data = g_test_build_filename (G_TEST_DIST, "data", "chrome", NULL);
      add_tree (data, data, FALSE);
    }

  return g_test_run ();
}
