/* test-hostile.c: the limits that protect the user from hostile input
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Nesting depth (JSON values, slices on one thread), name length,
 * decompression bombs (gzip and zip, made here: a gigabyte of zeros in
 * about a megabyte), an input file that loading must neither change
 * nor lock, and an export cancelled half-way that must leave the file
 * it would replace as it was.  Speed on worst-case inputs is measured
 * by bench/bench-adversarial.c, not here.
 */

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zlib.h>

#include "stp-chrome-json.h"
#include "stp-chrome-writer.h"
#include "stp-error.h"
#include "stp-json-scan.h"
#include "stp-loader.h"
#include "trace-test-util.h"

/* ------------------------------------------------------------------ */
/* Helpers                                                             */

static char *
make_tmp_dir (void)
{
  g_autoptr(GError) error = NULL;
  char *dir = g_dir_make_tmp ("stepscope-hostile-XXXXXX", &error);

  g_assert_no_error (error);
  return dir;
}

static void
remove_dir (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  const char *name;

  while (listing != NULL && (name = g_dir_read_name (listing)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_chmod (path, 0644);
      g_unlink (path);
    }
  g_rmdir (dir);
}

static guint
count_entries (const char *dir)
{
  g_autoptr(GDir) listing = g_dir_open (dir, 0, NULL);
  guint n = 0;

  while (g_dir_read_name (listing) != NULL)
    n++;
  return n;
}

static StpTrace *
load_bytes (const char  *json,
            const char  *name,
            GError     **error)
{
  g_autoptr(GBytes) bytes = g_bytes_new (json, strlen (json));
  g_autoptr(StpInput) input = stp_input_new_for_bytes (bytes, name, error);

  g_assert_nonnull (input);
  return stp_load_input (input, name, NULL, NULL, NULL, NULL, error);
}

/* ------------------------------------------------------------------ */
/* Nesting                                                             */

static char *
nested_args_event (guint depth)
{
  GString *out = g_string_new ("{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":5,\"dur\":1,\"name\":\"deep\",\"args\":");

  for (guint i = 0; i < depth; i++)
    g_string_append (out, i % 2 ? "[" : "{\"a\":");
  for (guint i = depth; i > 0; i--)
    g_string_append (out, (i - 1) % 2 ? "]" : "}");
  g_string_append (out, "}");
  return g_string_free (out, FALSE);
}

/* JSON values nested deeper than STP_JSON_MAX_DEPTH end the load there:
 * a STP_ERROR_LIMIT error if nothing came before, else a warning. */
static void
test_json_depth (void)
{
  g_autofree char *ok_event = nested_args_event (STP_JSON_MAX_DEPTH - 1);
  g_autofree char *deep_event = nested_args_event (STP_JSON_MAX_DEPTH + 1);
  g_autofree char *ok_json = g_strdup_printf ("[%s]", ok_event);
  g_autofree char *deep_json = g_strdup_printf ("[%s]", deep_event);
  g_autofree char *after_json = g_strdup_printf (
    "[{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":1,\"name\":\"first\"},%s,"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":9,\"dur\":1,\"name\":\"never\"}]", deep_event);
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) ok = NULL;
  g_autoptr(StpTrace) deep = NULL;
  g_autoptr(StpTrace) after = NULL;

  /* The args member itself is one level inside the event. */
  ok = load_bytes (ok_json, "ok.json", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stp_trace_count_slices (ok), ==, 1);

  deep = load_bytes (deep_json, "deep.json", &error);
  g_assert_null (deep);
  g_assert_error (error, STP_ERROR, STP_ERROR_LIMIT);
  g_assert_nonnull (strstr (error->message, "deep.json"));
  g_assert_nonnull (strstr (error->message, "nested deeper than 10000 levels"));
  g_clear_error (&error);

  after = load_bytes (after_json, "after.json", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stp_trace_count_slices (after), ==, 1);
  g_assert_cmpuint (stp_test_warning_count (after, "too-deep"), ==, 1);
}

/* Slices nested deeper than STP_MAX_DEPTH on one thread go to extra
 * rows of the same thread: none is lost, none is deeper. */
static void
test_slice_depth (void)
{
  const guint n = STP_MAX_DEPTH + 100;
  GString *json = g_string_new ("[");
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = NULL;
  guint slices = 0, rows = 0;

  for (guint i = 0; i < n; i++)
    g_string_append_printf (json, "%s{\"ph\":\"X\",\"pid\":1,\"tid\":7,\"ts\":%u,\"dur\":%u,\"name\":\"s%u\"}",
                            i ? "," : "", i, 2 * (n - i), i);
  g_string_append (json, "]");

  trace = load_bytes (json->str, "nested.json", &error);
  g_string_free (json, TRUE);
  g_assert_no_error (error);

  for (guint t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      g_assert_cmpint (track->tid, ==, 7);
      g_assert_cmpuint (track->max_depth, <, STP_MAX_DEPTH);
      slices += track->slices->len;
      rows++;
    }
  g_assert_cmpuint (slices, ==, n);
  g_assert_cmpuint (rows, ==, 2);
  g_assert_cmpuint (stp_test_warning_count (trace, "deep-nesting"), >, 0);
}

/* ------------------------------------------------------------------ */
/* Names                                                               */

static void
test_long_name (void)
{
  gsize long_len = 2 * STP_MAX_NAME_LEN;
  g_autofree char *name = g_malloc (long_len + 1);
  g_autofree char *json = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = NULL;
  const StpTrack *track;
  const char *kept;

  /* "é" is two bytes: the cut must fall between characters. */
  for (gsize i = 0; i + 1 < long_len; i += 2)
    memcpy (name + i, "\xc3\xa9", 2);
  name[long_len] = '\0';
  json = g_strdup_printf ("[{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":1,\"name\":\"%s\"},"
                          "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":2,\"dur\":1,\"name\":\"short\"}]",
                          name);

  trace = load_bytes (json, "long.json", &error);
  g_assert_no_error (error);
  g_assert_cmpuint (stp_trace_count_slices (trace), ==, 2);
  track = stp_trace_get_track (trace, 0);
  kept = stp_trace_str (trace, stp_track_get_slice (track, 0)->name);
  g_assert_cmpuint (strlen (kept), <=, STP_MAX_NAME_LEN);
  g_assert_cmpuint (strlen (kept), >, STP_MAX_NAME_LEN - 4);
  g_assert_true (g_utf8_validate (kept, -1, NULL));
  g_assert_cmpstr (stp_trace_str (trace, stp_track_get_slice (track, 1)->name), ==, "short");
  g_assert_cmpuint (stp_test_warning_count (trace, "long-name"), ==, 1);
}

/* ------------------------------------------------------------------ */
/* Decompression bombs                                                 */

#define BOMB_SIZE  ((guint64) 1 << 30)   /* a gigabyte of zeros */
#define BOMB_CHUNK (1 << 20)

/* Raw deflate blocks for data, ending in a full flush (so pieces can be
 * repeated and joined into one valid stream), or final. */
static GByteArray *
deflate_piece (const guint8 *data,
               gsize         len,
               gboolean      final)
{
  GByteArray *out = g_byte_array_sized_new (4096);
  guint8 buf[4096];
  z_stream zs = { 0 };

  g_assert_cmpint (deflateInit2 (&zs, 9, Z_DEFLATED, -MAX_WBITS, 9, Z_RLE), ==, Z_OK);
  zs.next_in = (guint8 *) data;
  zs.avail_in = len;
  do
    {
      zs.next_out = buf;
      zs.avail_out = sizeof buf;
      g_assert_cmpint (deflate (&zs, final ? Z_FINISH : Z_FULL_FLUSH), !=, Z_STREAM_ERROR);
      g_byte_array_append (out, buf, sizeof buf - zs.avail_out);
    }
  while (zs.avail_out == 0);
  deflateEnd (&zs);
  return out;
}

/* head, BOMB_SIZE bytes of `fill`, tail: one raw deflate stream of
 * about a megabyte, with the CRC and length of what it inflates to. */
static GByteArray *
deflate_bomb (const char *head,
              guint8      fill,
              const char *tail,
              guint32    *crc,
              guint64    *size)
{
  g_autofree guint8 *block = g_malloc (BOMB_CHUNK);
  g_autoptr(GByteArray) first = NULL;
  g_autoptr(GByteArray) chunk = NULL;
  g_autoptr(GByteArray) last = NULL;
  GByteArray *out = g_byte_array_new ();

  memset (block, fill, BOMB_CHUNK);
  first = deflate_piece ((const guint8 *) head, strlen (head), FALSE);
  chunk = deflate_piece (block, BOMB_CHUNK, FALSE);
  last = deflate_piece ((const guint8 *) tail, strlen (tail), TRUE);

  *crc = crc32 (0, (const guint8 *) head, strlen (head));
  g_byte_array_append (out, first->data, first->len);
  for (guint64 done = 0; done < BOMB_SIZE; done += BOMB_CHUNK)
    {
      g_byte_array_append (out, chunk->data, chunk->len);
      *crc = crc32 (*crc, block, BOMB_CHUNK);
    }
  g_byte_array_append (out, last->data, last->len);
  *crc = crc32 (*crc, (const guint8 *) tail, strlen (tail));
  *size = strlen (head) + BOMB_SIZE + strlen (tail);
  return out;
}

static void
put_le (GByteArray *out,
        guint64     value,
        guint       bytes)
{
  for (guint i = 0; i < bytes; i++)
    {
      guint8 b = (value >> (8 * i)) & 0xff;
      g_byte_array_append (out, &b, 1);
    }
}

static GBytes *
gzip_bomb (const char *head,
           guint8      fill,
           const char *tail)
{
  static const guint8 header[] = { 0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 3 };
  guint32 crc;
  guint64 size;
  g_autoptr(GByteArray) deflated = deflate_bomb (head, fill, tail, &crc, &size);
  GByteArray *out = g_byte_array_new ();

  g_byte_array_append (out, header, sizeof header);
  g_byte_array_append (out, deflated->data, deflated->len);
  put_le (out, crc, 4);
  put_le (out, size & 0xffffffff, 4);
  return g_byte_array_free_to_bytes (out);
}

static GBytes *
zip_bomb (void)
{
  static const char name[] = "trace.json";
  guint32 crc;
  guint64 size;
  g_autoptr(GByteArray) deflated = deflate_bomb ("", 0, "", &crc, &size);
  GByteArray *out = g_byte_array_new ();
  guint32 dir_offset, dir_size;

  put_le (out, 0x04034b50, 4); put_le (out, 20, 2); put_le (out, 0, 2); put_le (out, 8, 2);
  put_le (out, 0, 4); put_le (out, crc, 4); put_le (out, deflated->len, 4);
  put_le (out, size, 4);
  put_le (out, sizeof name - 1, 2); put_le (out, 0, 2);
  g_byte_array_append (out, (const guint8 *) name, sizeof name - 1);
  g_byte_array_append (out, deflated->data, deflated->len);

  dir_offset = out->len;
  put_le (out, 0x02014b50, 4); put_le (out, 20, 2); put_le (out, 20, 2); put_le (out, 0, 2);
  put_le (out, 8, 2); put_le (out, 0, 4); put_le (out, crc, 4); put_le (out, deflated->len, 4);
  put_le (out, size, 4); put_le (out, sizeof name - 1, 2); put_le (out, 0, 2);
  put_le (out, 0, 2); put_le (out, 0, 2); put_le (out, 0, 2); put_le (out, 0, 4); put_le (out, 0, 4);
  g_byte_array_append (out, (const guint8 *) name, sizeof name - 1);
  dir_size = out->len - dir_offset;

  put_le (out, 0x06054b50, 4); put_le (out, 0, 2); put_le (out, 0, 2); put_le (out, 1, 2);
  put_le (out, 1, 2); put_le (out, dir_size, 4); put_le (out, dir_offset, 4); put_le (out, 0, 2);
  return g_byte_array_free_to_bytes (out);
}

static void
check_bomb (GBytes     *bomb,
            const char *name)
{
  g_autofree char *dir = make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = NULL;

  /* About a megabyte on disk for a gigabyte inside. */
  g_assert_cmpuint (g_bytes_get_size (bomb), <, BOMB_SIZE / 500);
  g_assert_true (g_file_set_contents (path, g_bytes_get_data (bomb, NULL),
                                      g_bytes_get_size (bomb), NULL));

  trace = stp_load_file (file, NULL, NULL, NULL, NULL, &error);
  g_assert_null (trace);
  g_assert_error (error, STP_ERROR, STP_ERROR_LIMIT);
  g_assert_nonnull (strstr (error->message, path));
  g_assert_nonnull (strstr (error->message, "decompression bomb"));
  remove_dir (dir);
}

static void
test_gzip_bomb (void)
{
  g_autoptr(GBytes) bomb = gzip_bomb ("", 0, "");

  check_bomb (bomb, "zeros.gz");
}

static void
test_zip_bomb (void)
{
  g_autoptr(GBytes) bomb = zip_bomb ();

  check_bomb (bomb, "zeros.zip");
}

/* JSON padded with 1 GiB of whitespace: valid, and still a bomb. */
static void
test_gzip_bomb_valid_json (void)
{
  g_autoptr(GBytes) bomb = gzip_bomb ("[{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":1,\"name\":\"a\"},",
                                      ' ',
                                      "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":2,\"dur\":1,\"name\":\"b\"}]");

  check_bomb (bomb, "spaces.json.gz");
}

/* ------------------------------------------------------------------ */
/* The input file                                                      */

typedef struct
{
  struct stat st;
  char       *sha;
} FileState;

static void
file_state (const char *path,
            FileState  *state)
{
  g_autofree char *data = NULL;
  gsize len;

  g_assert_cmpint (stat (path, &state->st), ==, 0);
  g_assert_true (g_file_get_contents (path, &data, &len, NULL));
  state->sha = g_compute_checksum_for_data (G_CHECKSUM_SHA256, (const guint8 *) data, len);
}

/* Loading neither changes the file (content, size, times, mode) nor
 * locks it: it loads while someone else holds exclusive locks of both
 * kinds on it (a loader waiting for a lock would hang here). */
static void
test_input_unchanged (void)
{
  static const char *const inputs[] = {
    "step-stats/run_meta.pb",
    "step-stats/run_meta.step_stats.pbtxt",
    "chrome/catapult/tracing/test_data/flow_simple.json",
    "chrome/catapult/tracing/test_data/webview.json.gz",
    "xspace/tpu_inference_2.xplane.HEAD_CORRUPTED_utf8mangled.head64k.pb",
  };
  g_autofree char *dir = make_tmp_dir ();

  for (guint i = 0; i < G_N_ELEMENTS (inputs); i++)
    {
      g_autofree char *src = g_test_build_filename (G_TEST_DIST, "data", inputs[i], NULL);
      g_autofree char *base = g_path_get_basename (src);
      g_autofree char *path = g_build_filename (dir, base, NULL);
      g_autofree char *data = NULL;
      g_autoptr(GFile) file = g_file_new_for_path (path);
      g_autoptr(GError) error = NULL;
      g_autoptr(StpTrace) trace = NULL;
      FileState before, after;
      struct flock lock = { .l_type = F_WRLCK, .l_whence = SEEK_SET };
      gsize len;
      int fd, fd2;

      g_assert_true (g_file_get_contents (src, &data, &len, NULL));
      g_assert_true (g_file_set_contents (path, data, len, NULL));
      g_assert_cmpint (g_chmod (path, 0444), ==, 0);
      file_state (path, &before);

      /* Both an advisory flock and a POSIX open-file-description lock. */
      fd = g_open (path, O_RDONLY, 0);
      fd2 = g_open (path, O_RDWR, 0);
      g_assert_cmpint (fd, >=, 0);
      g_assert_cmpint (flock (fd, LOCK_EX | LOCK_NB), ==, 0);
      if (fd2 >= 0)
        g_assert_cmpint (fcntl (fd2, F_OFD_SETLK, &lock), ==, 0);

      trace = stp_load_file (file, NULL, NULL, NULL, NULL, &error);
      g_test_message ("%s: %s", base, error ? error->message : "loaded");

      close (fd);
      if (fd2 >= 0)
        close (fd2);

      file_state (path, &after);
      g_assert_cmpstr (before.sha, ==, after.sha);
      g_assert_cmpint (before.st.st_size, ==, after.st.st_size);
      g_assert_cmpint (before.st.st_mode, ==, after.st.st_mode);
      g_assert_cmpint (before.st.st_mtim.tv_sec, ==, after.st.st_mtim.tv_sec);
      g_assert_cmpint (before.st.st_mtim.tv_nsec, ==, after.st.st_mtim.tv_nsec);
      g_assert_cmpint (before.st.st_ctim.tv_sec, ==, after.st.st_ctim.tv_sec);
      g_assert_cmpint (before.st.st_ctim.tv_nsec, ==, after.st.st_ctim.tv_nsec);
      g_free (before.sha);
      g_free (after.sha);
    }

  remove_dir (dir);
}

/* ------------------------------------------------------------------ */
/* Export                                                              */

static void
cancel_on_progress (const char *stage,
                    guint64     done,
                    guint64     total,
                    gpointer    user_data)
{
  g_cancellable_cancel (user_data);
}

/* Cancelled after it has started writing (from the progress callback,
 * as the viewer's Cancel button does), an export keeps the file it
 * would have replaced and leaves nothing else behind. */
static void
test_export_cancelled_midway (void)
{
  g_autofree char *src = g_test_build_filename (G_TEST_DIST, "data", "step-stats", "run_meta.pb", NULL);
  g_autoptr(GFile) src_file = g_file_new_for_path (src);
  g_autofree char *dir = make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "trace.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = NULL;
  g_autofree char *after = NULL;

  trace = stp_load_file (src_file, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_file_set_contents (path, "precious", -1, NULL));

  g_assert_false (stp_chrome_writer_write_file (trace, file, cancel_on_progress, cancellable,
                                                cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_true (g_file_get_contents (path, &after, NULL, NULL));
  g_assert_cmpstr (after, ==, "precious");
  g_assert_cmpuint (count_entries (dir), ==, 1);

  remove_dir (dir);
}

/* The same when the target does not exist yet: no half-written file
 * appears under its name (GIO creates a new file in place, without a
 * temporary one). */
static void
test_export_cancelled_new_file (void)
{
  g_autofree char *src = g_test_build_filename (G_TEST_DIST, "data", "step-stats", "run_meta.pb", NULL);
  g_autoptr(GFile) src_file = g_file_new_for_path (src);
  g_autofree char *dir = make_tmp_dir ();
  g_autofree char *path = g_build_filename (dir, "new.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = NULL;

  trace = stp_load_file (src_file, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  g_assert_false (stp_chrome_writer_write_file (trace, file, cancel_on_progress, cancellable,
                                                cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
  g_assert_false (g_file_test (path, G_FILE_TEST_EXISTS));
  g_assert_cmpuint (count_entries (dir), ==, 0);

  remove_dir (dir);
}

/* Loading leaves the access time as it was (O_NOATIME on the user's
 * own files): an access time older than the modification, which a
 * relatime mount would otherwise update on the first read. */
static void
test_access_time_kept (void)
{
  g_autofree char *dir = g_dir_make_tmp ("stp-atime-XXXXXX", NULL);
  g_autofree char *src = g_test_build_filename (G_TEST_DIST, "data", "step-stats", "run_meta.pb", NULL);
  g_autofree char *path = g_build_filename (dir, "run_meta.pb", NULL);
  g_autofree char *data = NULL;
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = NULL;
  struct timespec times[2] = { { 1000000000, 0 }, { 0, UTIME_NOW } };
  struct stat before, after;
  gsize len;

  g_assert_true (g_file_get_contents (src, &data, &len, NULL));
  g_assert_true (g_file_set_contents (path, data, len, NULL));
  g_assert_cmpint (utimensat (AT_FDCWD, path, times, 0), ==, 0);
  g_assert_cmpint (stat (path, &before), ==, 0);

  trace = stp_load_file (file, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);

  g_assert_cmpint (stat (path, &after), ==, 0);
  g_assert_cmpint (after.st_atim.tv_sec, ==, before.st_atim.tv_sec);
  g_assert_cmpint (after.st_atim.tv_nsec, ==, before.st_atim.tv_nsec);
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/hostile/json-depth", test_json_depth);
  g_test_add_func ("/hostile/slice-depth", test_slice_depth);
  g_test_add_func ("/hostile/long-name", test_long_name);
  g_test_add_func ("/hostile/gzip-bomb", test_gzip_bomb);
  g_test_add_func ("/hostile/zip-bomb", test_zip_bomb);
  g_test_add_func ("/hostile/gzip-bomb-valid-json", test_gzip_bomb_valid_json);
  g_test_add_func ("/hostile/input-unchanged", test_input_unchanged);
  g_test_add_func ("/hostile/access-time-kept", test_access_time_kept);
  g_test_add_func ("/hostile/export-cancelled-midway", test_export_cancelled_midway);
  g_test_add_func ("/hostile/export-cancelled-new-file", test_export_cancelled_new_file);

  return g_test_run ();
}
