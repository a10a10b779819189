/* test-search.c: search against a brute-force walk with json-glib
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <json-glib/json-glib.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "stp-loader.h"
#include "stp-merge.h"
#include "stp-raw-store.h"
#include "stp-search.h"

static StpTrace *
load_with (const char *dir,
           const char *name,
           gboolean    show_memory)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
  g_autoptr(GError) error = NULL;
  StpTrace *trace;

  options.show_memory = show_memory;
  trace = stp_load_file (file, &options, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  return trace;
}

static StpTrace *
load (const char *dir,
      const char *name)
{
  return load_with (dir, name, FALSE);
}

static gboolean
contains (const char *text,
          const char *query)
{
  g_autofree char *a = g_utf8_casefold (text, -1);
  g_autofree char *b = g_utf8_casefold (query, -1);

  return strstr (a, b) != NULL;
}

/* A value (not a member name) holds the query. */
static gboolean
node_contains (JsonNode   *node,
               const char *query)
{
  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObjectIter iter;
        JsonNode *child;

        json_object_iter_init (&iter, json_node_get_object (node));
        while (json_object_iter_next (&iter, NULL, &child))
          if (node_contains (child, query))
            return TRUE;
        return FALSE;
      }
    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);

        for (guint i = 0; i < json_array_get_length (array); i++)
          if (node_contains (json_array_get_element (array, i), query))
            return TRUE;
        return FALSE;
      }
    case JSON_NODE_NULL:
      return contains ("null", query);
    case JSON_NODE_VALUE:
    default:
      if (json_node_get_value_type (node) == G_TYPE_STRING)
        return contains (json_node_get_string (node), query);
      if (json_node_get_value_type (node) == G_TYPE_BOOLEAN)
        return contains (json_node_get_boolean (node) ? "true" : "false", query);
      return FALSE;   /* the queries here have no digits */
    }
}

static gboolean
brute_match (StpTrace       *trace,
             const StpTrack *track,
             const StpSlice *s,
             const char     *query,
             StpSearchScope  scope)
{
  g_autofree char *args = NULL;
  g_autoptr(JsonParser) parser = NULL;

  if ((scope & STP_SEARCH_NAMES) && contains (stp_trace_str (trace, s->name), query))
    return TRUE;
  if (!(scope & STP_SEARCH_ARGS) || (args = stp_trace_dup_args (trace, track, s)) == NULL)
    return FALSE;

  parser = json_parser_new ();
  g_assert_true (json_parser_load_from_data (parser, args, -1, NULL));
  return node_contains (json_parser_get_root (parser), query);
}

/* One number per match; unsigned, since a track may be STP_INDEX_NONE. */
static gint64
item_key (guint   kind,
          guint32 track,
          guint32 index)
{
  return (gint64) (((guint64) kind << 56) ^ ((guint64) track << 32) ^ index);
}

static guint
check_query (StpTrace       *trace,
             const char     *query,
             StpSearchScope  scope)
{
  g_autoptr(StpSearch) search = stp_search_new (trace, query);
  g_autoptr(GArray) matches = stp_search_run (search, scope, NULL, NULL, NULL);
  g_autoptr(GHashTable) found = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GArray) keys = g_array_new (FALSE, FALSE, sizeof (gint64));
  guint expected = 0;

  g_assert_nonnull (matches);

  /* Time order, each one once. */
  g_array_set_size (keys, matches->len);
  for (guint i = 0; i < matches->len; i++)
    {
      const StpItemRef *ref = &g_array_index (matches, StpItemRef, i);
      const StpSlice *s = stp_item_get_slice (trace, ref);
      gint64 *key = &g_array_index (keys, gint64, i);
      gint64 start, end;

      g_assert_true (stp_item_get_range (trace, ref, &start, &end));
      g_assert_cmpint (ref->ts, ==, start);
      g_assert_true (s != NULL || ref->kind == STP_ITEM_OBJECT);
      if (i > 0)
        g_assert_cmpint (g_array_index (matches, StpItemRef, i - 1).ts, <=, ref->ts);
      *key = item_key (ref->kind, ref->track, ref->index);
      g_assert_false (g_hash_table_contains (found, key));
      g_hash_table_add (found, key);
    }

  for (guint32 t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);
      GArray *arrays[2] = { track->slices, track->instants };

      if (track->kind == STP_TRACK_COUNTER)
        continue;
      for (guint a = 0; a < 2; a++)
        for (guint32 i = 0; arrays[a] != NULL && i < arrays[a]->len; i++)
          {
            const StpSlice *s = &g_array_index (arrays[a], StpSlice, i);
            gint64 key = item_key (a ? STP_ITEM_INSTANT : STP_ITEM_SLICE, t, i);
            gboolean hit = brute_match (trace, track, s, query, scope);

            g_assert_cmpint (hit, ==, g_hash_table_contains (found, &key));
            expected += hit;
          }
    }
  for (guint32 i = 0; i < trace->global_instants->len; i++)
    expected += brute_match (trace, NULL, &g_array_index (trace->global_instants, StpSlice, i), query, scope);

  /* Objects by name only. */
  for (guint32 i = 0; i < trace->objects->len; i++)
    {
      const StpObject *o = &g_array_index (trace->objects, StpObject, i);
      gint64 key = item_key (STP_ITEM_OBJECT, STP_INDEX_NONE, i);
      gboolean hit = (scope & STP_SEARCH_NAMES) && contains (stp_trace_str (trace, o->name), query);

      g_assert_cmpint (hit, ==, g_hash_table_contains (found, &key));
      expected += hit;
    }

  g_assert_cmpuint (matches->len, ==, expected);
  g_test_message ("“%s” (%s): %u matches", query, scope & STP_SEARCH_ARGS ? "names and args" : "names", expected);
  return expected;
}

/* Queries from the trace itself: part of a name, in another case. */
static char *
name_query (StpTrace *trace,
            guint     nth)
{
  for (guint32 t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      for (guint32 i = 0; track->slices != NULL && i < track->slices->len; i++)
        {
          const char *name = stp_trace_str (trace, stp_track_get_slice (track, i)->name);
          gsize len = strlen (name);
          gboolean letters = len >= 6;

          for (gsize k = 1; k < 6 && k < len; k++)
            letters &= g_ascii_isalpha (name[k]);
          if (!letters || nth-- > 0)
            continue;
          {
            char *q = g_strndup (name + 1, 5);

            for (char *p = q; *p; p++)
              *p = g_ascii_isupper (*p) ? g_ascii_tolower (*p) : g_ascii_toupper (*p);
            return q;
          }
        }
    }
  return NULL;
}

static void
test_step_stats (void)
{
  g_autoptr(StpTrace) trace = load ("step-stats", "run_meta.pb");
  guint names, all;

  /* Kernel ops are named "unknown": "conv2d" finds them by their args. */
  names = check_query (trace, "conv2d", STP_SEARCH_NAMES);
  all = check_query (trace, "conv2d", STP_SEARCH_NAMES | STP_SEARCH_ARGS);
  g_assert_cmpuint (names, >, 0);
  g_assert_cmpuint (all, >, names);

  /* An input name only. */
  g_assert_cmpuint (check_query (trace, "ZEROS", STP_SEARCH_NAMES), ==, 0);
  g_assert_cmpuint (check_query (trace, "ZEROS", STP_SEARCH_NAMES | STP_SEARCH_ARGS), >, 0);

  /* Member names are not searched: every op has "name" and "op". */
  g_assert_cmpuint (check_query (trace, "input", STP_SEARCH_NAMES | STP_SEARCH_ARGS), ==, 0);
  check_query (trace, "nothing-like-this", STP_SEARCH_NAMES | STP_SEARCH_ARGS);
}

/* With memory shown, a tensor is found by its name beside the ops that
 * have it in their args (the node DW2 is a VariableV2 op). */
static void
test_tensors (void)
{
  g_autoptr(StpTrace) trace = load_with ("step-stats", "run_meta.pb", TRUE);
  g_autoptr(StpSearch) search = stp_search_new (trace, "dw2");
  g_autoptr(GArray) matches = stp_search_run (search, STP_SEARCH_NAMES | STP_SEARCH_ARGS, NULL, NULL, NULL);
  guint objects = 0;

  g_assert_cmpuint (trace->objects->len, >, 0);
  for (guint i = 0; i < matches->len; i++)
    {
      const StpItemRef *ref = &g_array_index (matches, StpItemRef, i);

      if (ref->kind == STP_ITEM_OBJECT)
        {
          g_assert_cmpstr (stp_trace_str (trace, g_array_index (trace->objects, StpObject, ref->index).name),
                           ==, "DW2");
          objects++;
        }
    }
  g_assert_cmpuint (objects, ==, 1);
  g_assert_cmpuint (matches->len, >, objects);

  g_assert_cmpuint (check_query (trace, "dw2", STP_SEARCH_NAMES), ==, 1);
  check_query (trace, "dw2", STP_SEARCH_NAMES | STP_SEARCH_ARGS);
  check_query (trace, "conv2d", STP_SEARCH_NAMES | STP_SEARCH_ARGS);
}

/* The trace of a gzip file, loaded from a plain copy: its args are then
 * read again from the copy, a block of it at a time. */
static StpTrace *
load_plain_copy (const char *dir,
                 const char *name)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GInputStream) raw = G_INPUT_STREAM (g_file_read (file, NULL, NULL));
  g_autoptr(GConverter) gunzip = G_CONVERTER (g_zlib_decompressor_new (G_ZLIB_COMPRESSOR_FORMAT_GZIP));
  g_autoptr(GInputStream) plain = g_converter_input_stream_new (raw, gunzip);
  g_autoptr(GOutputStream) copy = g_memory_output_stream_new_resizable ();
  g_autofree char *copy_path = NULL;
  g_autoptr(GError) error = NULL;
  StpTrace *trace;
  int fd;

  g_output_stream_splice (copy, plain, G_OUTPUT_STREAM_SPLICE_CLOSE_TARGET, NULL, &error);
  g_assert_no_error (error);
  fd = g_file_open_tmp ("stp-search-XXXXXX.json", &copy_path, &error);
  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (copy_path,
                                      g_memory_output_stream_get_data (G_MEMORY_OUTPUT_STREAM (copy)),
                                      g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (copy)),
                                      NULL));
  trace = stp_load_path (copy_path, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_unlink (copy_path);   /* the trace keeps it open */
  return trace;
}

/* Args kept compressed (a gzip file) and read again from the file (its
 * plain copy), over many blocks of the store. */
static void
test_chrome (void)
{
  const char *files[] = {
    "hta/tests/data/trace_filter/sampled_rank-1.json.gz",
    "catapult/tracing/test_data/webview.json.gz",
  };

  for (guint f = 0; f < 2 * G_N_ELEMENTS (files); f++)
    {
      const char *name = files[f / 2];
      g_autoptr(StpTrace) trace = f % 2 ? load_plain_copy ("chrome", name) : load ("chrome", name);

      g_assert_cmpuint (stp_raw_store_get_n_blocks (trace->raw), >, 1);
      for (guint n = 0; n < 40; n += 13)
        {
          g_autofree char *query = name_query (trace, n);

          g_assert_nonnull (query);
          g_assert_cmpuint (check_query (trace, query, STP_SEARCH_NAMES), >, 0);
          check_query (trace, query, STP_SEARCH_NAMES | STP_SEARCH_ARGS);
        }
      check_query (trace, "Ünïcödé", STP_SEARCH_NAMES | STP_SEARCH_ARGS);
    }
}

/* Several traces as one, as the viewer opens them: a gzip trace, the
 * plain copy of another (its args read from the file) and a StepStats,
 * whose stores are one store's blocks in turn. */
static void
test_merged (void)
{
  g_autoptr(GPtrArray) parts = g_ptr_array_new_with_free_func ((GDestroyNotify) stp_trace_unref);
  g_autoptr(StpTrace) merged = NULL;

  g_ptr_array_add (parts, load ("chrome", "catapult/tracing/test_data/webview.json.gz"));
  g_ptr_array_add (parts, load_plain_copy ("chrome", "hta/tests/data/trace_filter/sampled_rank-1.json.gz"));
  g_ptr_array_add (parts, load ("step-stats", "run_meta.pb"));
  merged = stp_traces_merge (parts, STP_MERGE_CLOCK_COMMON, NULL);

  for (guint n = 0; n < 40; n += 13)
    {
      g_autofree char *query = name_query (merged, n);

      g_assert_nonnull (query);
      check_query (merged, query, STP_SEARCH_NAMES | STP_SEARCH_ARGS);
    }
  g_assert_cmpuint (check_query (merged, "conv2d", STP_SEARCH_NAMES | STP_SEARCH_ARGS), >, 0);
}

/* Four threads' events interleaved in a plain file, their args over
 * many blocks of it: every event's args are found, the first's and the
 * last's in the file too, and only those. */
static void
test_interleaved (void)
{
  g_autoptr(GString) text = g_string_new ("[");
  g_autofree char *path = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = NULL;
  const guint n = 8000;
  int fd = g_file_open_tmp ("stp-search-XXXXXX.json", &path, &error);

  g_assert_no_error (error);
  close (fd);
  for (guint i = 0; i < n; i++)
    g_string_append_printf (text, "%s{\"ph\":\"X\",\"pid\":1,\"tid\":%u,\"ts\":%u,\"dur\":1,"
                            "\"name\":\"op\",\"args\":{\"label\":\"%s-%u\",\"pad\":\"%0*u\"}}",
                            i ? ",\n" : "", i % 4, i / 4 * 2 + (3 - i % 4), i == 0 ? "needle-first" :
                            i == n - 1 ? "needle-last" : "item", i, 20 + i % 7, i);
  g_string_append (text, "]\n");
  g_assert_true (g_file_set_contents (path, text->str, text->len, NULL));
  trace = stp_load_path (path, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_unlink (path);

  g_assert_cmpuint (stp_raw_store_get_n_blocks (trace->raw), >, 8);
  g_assert_cmpuint (check_query (trace, "needle-first", STP_SEARCH_NAMES | STP_SEARCH_ARGS), ==, 1);
  g_assert_cmpuint (check_query (trace, "needle-last", STP_SEARCH_NAMES | STP_SEARCH_ARGS), ==, 1);
  g_assert_cmpuint (check_query (trace, "item-", STP_SEARCH_NAMES | STP_SEARCH_ARGS), ==, n - 2);
  g_assert_cmpuint (check_query (trace, "OP", STP_SEARCH_NAMES | STP_SEARCH_ARGS), ==, n);
}

static void
test_text (void)
{
  g_autoptr(StpTrace) trace = load ("step-stats", "run_meta.pb");
  g_autoptr(StpSearch) ascii = stp_search_new (trace, "MatMul");
  g_autoptr(StpSearch) folded = stp_search_new (trace, "ÉTÉ");
  static const char json[] = "{\"matmul\": 1, \"a\": \"x\\\"matMUL\\\"\", \"b\": [true]}";

  g_assert_true (stp_search_match_text (ascii, "fused_matmul_3", -1));
  g_assert_true (stp_search_match_text (ascii, "MATMUL", -1));
  g_assert_false (stp_search_match_text (ascii, "matmu", -1));
  g_assert_false (stp_search_match_text (ascii, "mat mul", -1));
  g_assert_true (stp_search_match_text (folded, "un été chaud", -1));
  g_assert_false (stp_search_match_text (folded, "ete", -1));

  /* A value matches (escapes decoded), a member name does not. */
  g_assert_true (stp_search_match_json (ascii, json, strlen (json)));
  g_assert_false (stp_search_match_json (ascii, "{\"matmul\": 1}", 13));
}

static void
test_find_from_and_cancel (void)
{
  g_autoptr(StpTrace) trace = load ("chrome", "catapult/tracing/test_data/webview.json.gz");
  g_autofree char *query = name_query (trace, 0);
  g_autoptr(StpSearch) search = stp_search_new (trace, query);
  g_autoptr(GArray) matches = stp_search_run (search, STP_SEARCH_NAMES, NULL, NULL, NULL);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  GArray *none;

  g_assert_cmpuint (matches->len, >, 1);
  g_assert_cmpuint (stp_search_find_from (matches, G_MININT64), ==, 0);
  g_assert_cmpuint (stp_search_find_from (matches, G_MAXINT64), ==, 0);
  for (guint i = 0; i < matches->len; i++)
    {
      guint at = stp_search_find_from (matches, g_array_index (matches, StpItemRef, i).ts);

      g_assert_cmpint (g_array_index (matches, StpItemRef, at).ts, ==, g_array_index (matches, StpItemRef, i).ts);
      g_assert_true (at == 0 || g_array_index (matches, StpItemRef, at - 1).ts < g_array_index (matches, StpItemRef, i).ts);
    }

  g_cancellable_cancel (cancellable);
  none = stp_search_run (search, STP_SEARCH_NAMES | STP_SEARCH_ARGS, NULL, cancellable, &error);
  g_assert_null (none);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/search/step-stats", test_step_stats);
  g_test_add_func ("/search/tensors", test_tensors);
  g_test_add_func ("/search/chrome", test_chrome);
  g_test_add_func ("/search/interleaved", test_interleaved);
  g_test_add_func ("/search/merged", test_merged);
  g_test_add_func ("/search/text", test_text);
  g_test_add_func ("/search/find-from-and-cancel", test_find_from_and_cancel);

  return g_test_run ();
}
