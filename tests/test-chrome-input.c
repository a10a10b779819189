/* test-chrome-input.c: StpInput: compression from content, limits
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-chrome-input"

#include <glib/gstdio.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "stp-error.h"
#include "stp-file-map.h"
#include "stp-input.h"
#include "test-chrome-common.h"
#include "stp-chrome-json-private.h"
#include "stp-chrome-json-relay.h"

static const char trace_json[] =
  "[{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":1,\"dur\":2,\"name\":\"a\"},\n"
  " {\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":5,\"dur\":2,\"name\":\"b\"}]\n";

static GByteArray *
deflate_bytes (const guint8 *data,
               gsize         len,
               int           window_bits)
{
  GByteArray *out = g_byte_array_new ();
  z_stream zs = { 0 };
  guint8 buf[4096];
  int ret;

  g_assert_cmpint (deflateInit2 (&zs, 9, Z_DEFLATED, window_bits, 9, Z_DEFAULT_STRATEGY), ==, Z_OK);
  zs.next_in = (guint8 *) data;
  zs.avail_in = len;
  do
    {
      zs.next_out = buf;
      zs.avail_out = sizeof buf;
      ret = deflate (&zs, Z_FINISH);
      g_byte_array_append (out, buf, sizeof buf - zs.avail_out);
    }
  while (ret != Z_STREAM_END);
  deflateEnd (&zs);
  return out;
}

static GBytes *
read_everything (GBytes      *bytes,
                 GError     **error,
                 StpCompression *compression)
{
  g_autoptr(StpInput) input = stp_input_new_for_bytes (bytes, "file.bin", error);

  if (input == NULL)
    return NULL;
  if (compression)
    *compression = stp_input_get_compression (input);
  return stp_input_read_all (input, G_MAXSIZE, error);
}

static void
test_plain (void)
{
  g_autoptr(GBytes) in = g_bytes_new_static (trace_json, strlen (trace_json));
  g_autoptr(GError) error = NULL;
  StpCompression compression = -1;
  g_autoptr(GBytes) out = read_everything (in, &error, &compression);

  g_assert_no_error (error);
  g_assert_cmpint (compression, ==, STP_COMPRESSION_NONE);
  g_assert_true (g_bytes_equal (in, out));
}

static void
test_gzip_members (void)
{
  /* Two gzip members one after the other, as `cat a.gz b.gz` makes. */
  gsize half = strlen (trace_json) / 2;
  g_autoptr(GByteArray) a = deflate_bytes ((const guint8 *) trace_json, half, 16 + 15);
  g_autoptr(GByteArray) b = deflate_bytes ((const guint8 *) trace_json + half,
                                           strlen (trace_json) - half, 16 + 15);
  g_autoptr(GBytes) both = NULL, out = NULL;
  g_autoptr(GError) error = NULL;
  StpCompression compression = -1;

  g_byte_array_append (a, b->data, b->len);
  both = g_bytes_new (a->data, a->len);
  out = read_everything (both, &error, &compression);
  g_assert_no_error (error);
  g_assert_cmpint (compression, ==, STP_COMPRESSION_GZIP);
  g_assert_cmpuint (g_bytes_get_size (out), ==, strlen (trace_json));
  g_assert_cmpmem (g_bytes_get_data (out, NULL), strlen (trace_json), trace_json, strlen (trace_json));
}

static void
test_gzip_truncated (void)
{
  g_autoptr(GByteArray) gz = deflate_bytes ((const guint8 *) trace_json, strlen (trace_json), 16 + 15);
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) cut = g_bytes_new (gz->data, gz->len - 12);
  g_autoptr(StpInput) input = stp_input_new_for_bytes (cut, "cut.gz", &error);
  g_autoptr(StpTrace) trace = NULL;

  g_assert_no_error (error);
  trace = stp_chrome_json_load (input, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (trace->n_seq, >=, 1);
  g_assert_true (stp_input_is_truncated (input));
}

/* A zip archive with the given entries, each (name, data, stored?). */
static GBytes *
make_zip (guint        n,
          const char **names,
          gboolean     stored)
{
  g_autoptr(GByteArray) zip = g_byte_array_new ();
  g_autoptr(GByteArray) dir = g_byte_array_new ();
  guint32 crc = crc32 (0, (const guint8 *) trace_json, strlen (trace_json));
  guint8 eocd[22] = { 0x50, 0x4b, 0x05, 0x06 };

#define PUT16(a, v) G_STMT_START { guint16 _v = (v); guint8 _b[2] = { _v & 0xff, _v >> 8 }; g_byte_array_append (a, _b, 2); } G_STMT_END
#define PUT32(a, v) G_STMT_START { guint32 _v = (v); guint8 _b[4] = { _v & 0xff, (_v >> 8) & 0xff, (_v >> 16) & 0xff, _v >> 24 }; g_byte_array_append (a, _b, 4); } G_STMT_END

  for (guint i = 0; i < n; i++)
    {
      g_autoptr(GByteArray) data = stored
        ? g_byte_array_append (g_byte_array_new (), (const guint8 *) trace_json, strlen (trace_json))
        : deflate_bytes ((const guint8 *) trace_json, strlen (trace_json), -15);
      guint32 offset = zip->len;
      guint16 name_len = strlen (names[i]);

      PUT32 (zip, 0x04034b50); PUT16 (zip, 20); PUT16 (zip, 0); PUT16 (zip, stored ? 0 : 8);
      PUT16 (zip, 0); PUT16 (zip, 0); PUT32 (zip, crc); PUT32 (zip, data->len);
      PUT32 (zip, strlen (trace_json)); PUT16 (zip, name_len); PUT16 (zip, 0);
      g_byte_array_append (zip, (const guint8 *) names[i], name_len);
      g_byte_array_append (zip, data->data, data->len);

      PUT32 (dir, 0x02014b50); PUT16 (dir, 20); PUT16 (dir, 20); PUT16 (dir, 0);
      PUT16 (dir, stored ? 0 : 8); PUT16 (dir, 0); PUT16 (dir, 0); PUT32 (dir, crc);
      PUT32 (dir, data->len); PUT32 (dir, strlen (trace_json)); PUT16 (dir, name_len);
      PUT16 (dir, 0); PUT16 (dir, 0); PUT16 (dir, 0); PUT16 (dir, 0); PUT32 (dir, 0);
      PUT32 (dir, offset);
      g_byte_array_append (dir, (const guint8 *) names[i], name_len);
    }

  eocd[8] = eocd[10] = n;
  eocd[12] = dir->len & 0xff; eocd[13] = dir->len >> 8;
  eocd[16] = zip->len & 0xff; eocd[17] = (zip->len >> 8) & 0xff; eocd[18] = (zip->len >> 16) & 0xff;
  g_byte_array_append (zip, dir->data, dir->len);
  g_byte_array_append (zip, eocd, sizeof eocd);

#undef PUT16
#undef PUT32

  return g_bytes_new (zip->data, zip->len);
}

static void
test_zip (void)
{
  const char *names[] = { "trace.json", "other.json" };

  for (int stored = 0; stored <= 1; stored++)
    {
      g_autoptr(GBytes) zip = make_zip (1, names, stored);
      g_autoptr(GError) error = NULL;
      StpCompression compression = -1;
      g_autoptr(GBytes) out = read_everything (zip, &error, &compression);

      g_assert_no_error (error);
      g_assert_cmpint (compression, ==, STP_COMPRESSION_ZIP);
      g_assert_cmpmem (g_bytes_get_data (out, NULL), g_bytes_get_size (out),
                       trace_json, strlen (trace_json));
    }

  {
    g_autoptr(GBytes) zip = make_zip (2, names, FALSE);
    g_autoptr(GError) error = NULL;
    g_autoptr(StpInput) input = stp_input_new_for_bytes (zip, "two.zip", &error);

    g_assert_null (input);
    g_assert_error (error, STP_ERROR, STP_ERROR_UNKNOWN_FORMAT);
    g_assert_nonnull (strstr (error->message, "two.zip"));
    g_assert_nonnull (strstr (error->message, "2 files"));
  }
}

static void
test_bomb (void)
{
  /* 200 MB of spaces deflate to ~200 KB: a ratio of ~1000. */
  gsize len = 200 * 1024 * 1024;
  g_autofree guint8 *spaces = g_malloc (len);
  g_autoptr(GByteArray) gz = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(StpInput) input = NULL;
  g_autoptr(StpTrace) trace = NULL;

  memset (spaces, ' ', len);
  spaces[0] = '[';
  gz = deflate_bytes (spaces, len, 16 + 15);
  g_clear_pointer (&spaces, g_free);
  bytes = g_bytes_new (gz->data, gz->len);

  input = stp_input_new_for_bytes (bytes, "bomb.json.gz", &error);
  g_assert_no_error (error);
  trace = stp_chrome_json_load (input, NULL, NULL, NULL, NULL, &error);
  g_assert_null (trace);
  g_assert_error (error, STP_ERROR, STP_ERROR_LIMIT);
  g_assert_nonnull (strstr (error->message, "bomb.json.gz"));
}

static void
test_read_all_limit (void)
{
  g_autoptr(GBytes) in = g_bytes_new_static (trace_json, strlen (trace_json));
  g_autoptr(GError) error = NULL;
  g_autoptr(StpInput) input = stp_input_new_for_bytes (in, "big.pb", &error);
  g_autoptr(GBytes) out = stp_input_read_all (input, 10, &error);

  g_assert_null (out);
  g_assert_error (error, STP_ERROR, STP_ERROR_LIMIT);
  g_assert_nonnull (strstr (error->message, "big.pb"));
}

static void
test_cancel (void)
{
  g_autoptr(GBytes) in = g_bytes_new_static (trace_json, strlen (trace_json));
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(StpInput) input = stp_input_new_for_bytes (in, "x.json", &error);
  g_autoptr(StpTrace) trace = NULL;

  g_cancellable_cancel (cancellable);
  trace = stp_chrome_json_load (input, NULL, NULL, NULL, cancellable, &error);
  g_assert_null (trace);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

static void
progress_cb (const char *stage,
             guint64     done,
             guint64     total,
             gpointer    user_data)
{
  guint64 *last = user_data;

  if (strcmp (stage, "parse") == 0)
    {
      g_assert_cmpuint (done, >=, *last);
      g_assert_cmpuint (done, <=, total);
      *last = done;
    }
}

static void
test_progress (void)
{
  g_autoptr(GString) big = g_string_new ("[");
  g_autoptr(GByteArray) gz = NULL;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(StpInput) input = NULL;
  g_autoptr(StpTrace) trace = NULL;
  guint64 last = 0;

  for (int i = 0; i < 100000; i++)
    g_string_append_printf (big, "{\"ph\":\"X\",\"pid\":1,\"tid\":%d,\"ts\":%d,\"dur\":1,\"name\":\"e%d\"},\n",
                            i % 3, i * 2, i % 50);
  g_string_append (big, "]");
  gz = deflate_bytes ((const guint8 *) big->str, big->len, 16 + 15);
  bytes = g_bytes_new (gz->data, gz->len);
  input = stp_input_new_for_bytes (bytes, "p.json.gz", &error);
  trace = stp_chrome_json_load (input, NULL, progress_cb, &last, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpuint (trace->n_seq, ==, 100000);
  g_assert_cmpuint (last, ==, gz->len);
}

/* A document of many windows, with every kind of unit the walk hands
 * over, and values whose lengths put the window's edges anywhere in an
 * event. */
static GString *
many_windows_json (guint n_events)
{
  GString *json = g_string_new ("{\"otherData\": {\"host\": \"a\"},\n \"traceEvents\": [\n");

  for (guint i = 0; i < n_events; i++)
    {
      guint tid = i % 5;

      switch (i % 7)
        {
        case 0:
          g_string_append_printf (json, "{\"ph\":\"B\",\"pid\":1,\"tid\":%u,\"ts\":%u,\"name\":\"b%u\"},"
                                  "{\"ph\":\"E\",\"pid\":1,\"tid\":%u,\"ts\":%u},\n",
                                  tid, i * 10, i % 13, tid, i * 10 + 3);
          break;
        case 1:
          g_string_append_printf (json, "{\"ph\":\"s\",\"id\":%u,\"pid\":1,\"tid\":%u,\"ts\":%u,\"name\":\"f\",\"cat\":\"c\"},"
                                  "{\"ph\":\"f\",\"bp\":\"e\",\"id\":%u,\"pid\":1,\"tid\":%u,\"ts\":%u,\"name\":\"f\",\"cat\":\"c\"},\n",
                                  i, tid, i * 10 + 1, i, (tid + 1) % 5, i * 10 + 2);
          break;
        case 2:
          g_string_append_printf (json, "{\"ph\":\"C\",\"pid\":1,\"ts\":%u,\"name\":\"mem\",\"args\":{\"v\":%u}},\n",
                                  i * 10, i % 97);
          break;
        case 3:
          g_string_append_printf (json, "{\"ph\":\"M\",\"pid\":1,\"tid\":%u,\"name\":\"thread_name\",\"args\":{\"name\":\"t%u\"}},\n",
                                  tid, i);
          break;
        case 4:
          g_string_append (json, "[\"not an event\"],\n{\"name\": \"no phase\"},\n");
          break;
        default:
          g_string_append_printf (json, "{\"ph\": \"X\", \"pid\": 1, \"tid\": %u, \"ts\": %u, \"dur\": 5, \"name\": \"x%u\","
                                  " \"args\": {\"text\": \"%*s\", \"list\": [1, [2, {\"k\": \"}\"}]]}},\n",
                                  tid, i * 10, i % 17, (int) (i % 301), "");
          break;
        }
    }
  g_string_append (json, "{\"ph\":\"i\",\"pid\":1,\"tid\":0,\"ts\":0,\"name\":\"last\"}],\n"
                         " \"displayTimeUnit\": \"ns\"} trailing");
  return json;
}

static guint
count_thread_slices (StpTrace *trace)
{
  guint n = 0;

  for (guint i = 0; i < trace->tracks->len; i++)
    {
      StpTrack *track = g_ptr_array_index (trace->tracks, i);

      if (track->kind == STP_TRACK_THREAD)
        n += track->slices->len;
    }
  return n;
}

/* Walked on a thread of its own or on the loading thread, a document
 * of many windows loads the same, every event of it. */
static void
test_walk_threads (void)
{
  g_autoptr(GString) json = many_windows_json (40000);
  g_autoptr(GBytes) bytes = g_bytes_new (json->str, json->len);
  StpTrace *traces[2] = { NULL, NULL };

  g_assert_cmpuint (json->len, >, 4 * 1024 * 1024);
  for (guint threaded = 0; threaded < 2; threaded++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(StpInput) input = stp_input_new_for_bytes (bytes, "walk.json", &error);

      g_assert_no_error (error);
      traces[threaded] = stp_chrome_json_load_full (input, NULL, threaded, NULL, NULL, NULL, &error);
      g_assert_no_error (error);
      /* Of 40,000 elements, i % 7 == 0 (5,715) are B/E pairs, 1 (5,715)
       * flows, 4 (5,714) two units that are not events, 5 and 6 X. */
      g_assert_cmpuint (count_thread_slices (traces[threaded]), ==, 5715 + 2 * 5714);
      g_assert_cmpuint (traces[threaded]->flows->len, ==, 5715);
      g_assert_cmpuint (stp_test_warning_count (traces[threaded], "not-an-event"), ==, 5714);
      g_assert_cmpuint (stp_test_warning_count (traces[threaded], "no-phase"), ==, 5714);
      g_assert_cmpuint (stp_test_warning_count (traces[threaded], "trailing-data"), ==, 1);
    }
  g_assert_true (stp_test_traces_equal (traces[0], traces[1]));
  stp_trace_unref (traces[0]);
  stp_trace_unref (traces[1]);
}

static void
slow_progress (const char *stage,
               guint64     done,
               guint64     total,
               gpointer    user_data)
{
  guint *n_reports = user_data;

  (*n_reports)++;
  g_usleep (4000);
}

/* Events of 100 KB, a few to a window, and two of 3 MB, with a loading
 * thread slowed by its progress reports: the walk runs windows ahead of
 * it.  It must not read into a window whose events the loading thread
 * has yet to use, and a window grows for an event larger than it. */
static void
test_walk_ahead (void)
{
  g_autoptr(GString) json = g_string_new ("[");
  g_autoptr(GBytes) bytes = NULL;
  StpTrace *traces[2] = { NULL, NULL };
  guint n_reports = 0;

  for (guint i = 0; i < 80; i++)
    {
      /* Two events larger than a window: the window grows. */
      guint length = i % 40 == 20 ? 3 * 1024 * 1024 : 100000;

      g_string_append_printf (json, "{\"ph\": \"X\", \"pid\": 1, \"tid\": 1, \"ts\": %u, \"dur\": 5,"
                              " \"name\": \"x%u\", \"args\": {\"text\": \"", i * 10, i);
      for (guint k = 0; k < length; k++)
        g_string_append_c (json, 'a' + (i + k) % 26);
      g_string_append (json, "\"}},\n");
    }
  g_string_append (json, "{\"ph\": \"i\", \"pid\": 1, \"tid\": 1, \"ts\": 0, \"name\": \"last\"}]");
  bytes = g_bytes_new (json->str, json->len);

  for (guint threaded = 0; threaded < 2; threaded++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(StpInput) input = stp_input_new_for_bytes (bytes, "ahead.json", &error);

      g_assert_no_error (error);
      traces[threaded] = stp_chrome_json_load_full (input, NULL, threaded, slow_progress, &n_reports,
                                                    NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpuint (count_thread_slices (traces[threaded]), ==, 80);
    }
  /* A report a window at least, each run. */
  g_assert_cmpuint (n_reports, >=, 2 * 7);
  g_assert_true (stp_test_traces_equal (traces[0], traces[1]));
  stp_trace_unref (traces[0]);
  stp_trace_unref (traces[1]);
}

/* A report of the first batch, which holds no event, cancels; by then
 * the walk of so small a document has long ended, and the loading
 * thread drops the batches left.  That is a cancel, not "no events". */
static void
cancel_after_walk (const char *stage,
                   guint64     done,
                   guint64     total,
                   gpointer    cancellable)
{
  if (g_cancellable_is_cancelled (cancellable))
    return;
  g_usleep (100 * 1000);
  g_cancellable_cancel (cancellable);
}

static void
test_cancel_after_walk (void)
{
  g_autoptr(GString) json = g_string_new ("[");
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(StpInput) input = NULL;
  g_autoptr(StpTrace) trace = NULL;

  /* More elements that are not events than a batch holds. */
  for (guint i = 0; i < 2 * STP_CHROME_BATCH_UNITS; i++)
    g_string_append (json, "1,");
  g_string_append (json, "{\"ph\": \"i\", \"pid\": 1, \"tid\": 1, \"ts\": 0, \"name\": \"last\"}]");
  bytes = g_bytes_new (json->str, json->len);
  input = stp_input_new_for_bytes (bytes, "after-walk.json", &error);
  g_assert_no_error (error);

  trace = stp_chrome_json_load_full (input, NULL, TRUE, cancel_after_walk, cancellable,
                                     cancellable, &error);
  g_assert_true (g_cancellable_is_cancelled (cancellable));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_null (trace);
}

/* Closed halfway through a gzip stream: it reads as ended, says where
 * it got to, and frees cleanly (AddressSanitizer sees to that). */
static void
test_close (void)
{
  g_autoptr(GByteArray) gz = deflate_bytes ((const guint8 *) trace_json, strlen (trace_json), 16 + 15);
  g_autoptr(GBytes) bytes = g_bytes_new (gz->data, gz->len);
  g_autoptr(GError) error = NULL;
  g_autoptr(StpInput) input = stp_input_new_for_bytes (bytes, "half.json.gz", &error);
  guint8 piece[16];
  guint64 position;
  gsize avail = 1;

  g_assert_no_error (error);
  g_assert_cmpint (stp_input_read (input, piece, sizeof piece, &error), ==, sizeof piece);
  position = stp_input_get_position (input);

  stp_input_close (input);
  g_assert_nonnull (stp_input_fill (input, 64, &avail, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (avail, ==, 0);
  g_assert_cmpint (stp_input_read (input, piece, sizeof piece, &error), ==, 0);
  g_assert_cmpuint (stp_input_get_position (input), ==, position);
  g_assert_cmpuint (stp_input_get_file_size (input), ==, gz->len);
  g_assert_cmpstr (stp_input_get_display_name (input), ==, "half.json.gz");
}

static char *
write_temp_file (const char *contents,
                 gsize       len)
{
  g_autoptr(GError) error = NULL;
  char *path = NULL;
  int fd = g_file_open_tmp ("stp-input-XXXXXX.json", &path, &error);

  g_assert_no_error (error);
  close (fd);
  g_assert_true (g_file_set_contents (path, contents, len, &error));
  g_assert_no_error (error);
  return path;
}

/* A real file through the pull API, in small pieces. */
static void
test_file_read (void)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = write_temp_file (trace_json, strlen (trace_json));
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(StpInput) input = NULL;
  g_autoptr(GString) pulled = g_string_new (NULL);
  guint8 piece[7];
  gssize n;

  input = stp_input_open (file, NULL, &error);
  g_assert_no_error (error);
  while ((n = stp_input_read (input, piece, sizeof piece, &error)) > 0)
    g_string_append_len (pulled, (const char *) piece, n);
  g_assert_cmpint (n, ==, 0);
  g_assert_cmpstr (pulled->str, ==, trace_json);
  g_assert_cmpuint (stp_input_get_file_position (input), ==, strlen (trace_json));

  g_unlink (path);
}

static GBytes *
read_all_of (const char *path)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(StpInput) input = stp_input_open (file, NULL, &error);
  GBytes *bytes;

  g_assert_no_error (error);
  bytes = stp_input_read_all (input, G_MAXSIZE, &error);
  g_assert_no_error (error);
  g_assert_nonnull (bytes);
  return bytes;
}

/* Where the process allows it (the CLI), read_all maps a plain file: it
 * reads the same bytes, and sees the file change under it, as only a
 * mapping does.  Not where it does not (the viewer). */
static void
test_file_map (void)
{
  g_autofree char *path = NULL;
  g_autoptr(GBytes) copied = NULL;
  g_autoptr(GBytes) mapped = NULL;
  FILE *f;

  /* Mapping is for the whole process, once enabled. */
  if (!g_test_subprocess ())
    {
      g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
      g_test_trap_assert_passed ();
      return;
    }

  path = write_temp_file (trace_json, strlen (trace_json));
  copied = read_all_of (path);
  stp_file_map_enable ("test-chrome-input", 3);
  mapped = read_all_of (path);
  g_assert_true (g_bytes_equal (copied, mapped));

  g_assert_cmpint (trace_json[0], !=, ' ');
  f = fopen (path, "r+");
  g_assert_nonnull (f);
  g_assert_cmpint (fputc (' ', f), ==, ' ');
  g_assert_cmpint (fclose (f), ==, 0);
  g_assert_cmpint (((const char *) g_bytes_get_data (mapped, NULL))[0], ==, ' ');
  g_assert_cmpint (((const char *) g_bytes_get_data (copied, NULL))[0], ==, trace_json[0]);

  g_unlink (path);
}

/* A mapped input truncated on disk: reading it ends the process with
 * the message and status given, not a crash. */
static void
test_file_map_truncated (void)
{
  if (g_test_subprocess ())
    {
      g_autofree char *path = write_temp_file (trace_json, strlen (trace_json));
      g_autoptr(GBytes) mapped = NULL;
      volatile const char *data;

      stp_file_map_enable ("test-chrome-input", 3);
      mapped = read_all_of (path);
      data = g_bytes_get_data (mapped, NULL);
      g_assert_cmpint (truncate (path, 0), ==, 0);
      g_unlink (path);
      g_print ("read %c\n", data[1]);
      g_assert_not_reached ();
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stdout_unmatched ("read*");
  g_test_trap_assert_stderr ("test-chrome-input: *stp-input-*.json: "
                             "the file was truncated while it was being read\n");
}

/* Any other SIGBUS is not mistaken for one. */
static void
test_file_map_other_sigbus (void)
{
  if (g_test_subprocess ())
    {
      stp_file_map_enable ("test-chrome-input", 3);
      raise (SIGBUS);
      g_print ("survived\n");
      return;
    }

  g_test_trap_subprocess (NULL, 0, G_TEST_SUBPROCESS_DEFAULT);
  g_test_trap_assert_failed ();
  g_test_trap_assert_stdout_unmatched ("survived*");
  g_test_trap_assert_stderr_unmatched ("*truncated*");
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chrome-input/file-read", test_file_read);
  g_test_add_func ("/chrome-input/file-map", test_file_map);
  g_test_add_func ("/chrome-input/file-map-truncated", test_file_map_truncated);
  g_test_add_func ("/chrome-input/file-map-other-sigbus", test_file_map_other_sigbus);

  g_test_add_func ("/chrome-input/plain", test_plain);
  g_test_add_func ("/chrome-input/gzip-members", test_gzip_members);
  g_test_add_func ("/chrome-input/gzip-truncated", test_gzip_truncated);
  g_test_add_func ("/chrome-input/zip", test_zip);
  g_test_add_func ("/chrome-input/bomb", test_bomb);
  g_test_add_func ("/chrome-input/read-all-limit", test_read_all_limit);
  g_test_add_func ("/chrome-input/cancel", test_cancel);
  g_test_add_func ("/chrome-input/progress", test_progress);
  g_test_add_func ("/chrome-input/walk-threads", test_walk_threads);
  g_test_add_func ("/chrome-input/walk-ahead", test_walk_ahead);
  g_test_add_func ("/chrome-input/cancel-after-walk", test_cancel_after_walk);
  g_test_add_func ("/chrome-input/close", test_close);

  return g_test_run ();
}
