/* test-export.c: the Chrome JSON writer's failure paths
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <errno.h>
#include <signal.h>
#include <sys/time.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "export-test-util.h"
#include "stp-chrome-writer.h"
#include "stp-json-writer.h"
#include "stp-loader.h"
#include "stp-safe-output.h"
#include "stp-text.h"
#include "strict-json.h"

static StpTrace *
load_run_meta (void)
{
  g_autofree char *path = g_test_build_filename (G_TEST_DIST, "data", "step-stats", "run_meta.pb", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StpAnalysisOptions options = { TRUE, TRUE, STP_OP_TIME_SCHEDULE };
  g_autoptr(GError) error = NULL;
  StpTrace *trace = stp_load_file (file, &options, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return trace;
}

static void
test_cancelled (void)
{
  g_autoptr(StpTrace) trace = load_run_meta ();
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  StpOutput output;

  stp_output_init_stream (&output, out);
  g_cancellable_cancel (cancellable);
  g_assert_false (stp_chrome_writer_write (trace, &output, NULL, NULL, cancellable, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_CANCELLED);
}

/* A stream that fails after some bytes, like a full disk. */
static void
test_write_error (void)
{
  g_autoptr(StpTrace) trace = load_run_meta ();
  guint8 buf[1000];
  g_autoptr(GOutputStream) out = g_memory_output_stream_new (buf, sizeof buf, NULL, NULL);
  g_autoptr(GError) error = NULL;
  StpOutput output;

  stp_output_init_stream (&output, out);
  g_assert_false (stp_chrome_writer_write (trace, &output, NULL, NULL, NULL, &error));
  g_assert_nonnull (error);
}

typedef struct
{
  int         fd;
  GByteArray *got;
} PipeReader;

static gpointer
read_slowly (gpointer data)
{
  PipeReader *reader = data;
  guint8 buf[4096];
  gssize n;

  while ((n = read (reader->fd, buf, sizeof buf)) != 0)
    {
      if (n < 0 && errno == EINTR)
        continue;
      g_assert_cmpint (n, >, 0);
      g_byte_array_append (reader->got, buf, n);
      g_usleep (20);
    }
  return NULL;
}

static void
on_alarm (int signum)
{
}

/* A write the kernel cut short (a signal arrived, here a timer's every
 * millisecond, while a slow reader kept a pipe full) goes on where it
 * stopped: the reader gets every byte once, in order. */
static void
test_partial_writes (void)
{
  const gsize size = 8 * 1024 * 1024;
  g_autofree guint8 *bytes = g_malloc (size);
  PipeReader reader = { -1, g_byte_array_new () };
  struct sigaction action = { 0 }, old_action;
  struct itimerval every_ms = { { 0, 1000 }, { 0, 1000 } }, stop = { 0 };
  sigset_t alarm_set, old_set;
  g_autoptr(GError) error = NULL;
  StpOutput output;
  GThread *thread;
  int fds[2];

  for (gsize i = 0; i < size; i++)
    bytes[i] = (guint8) (i * 2654435761u >> 13);
  g_assert_cmpint (pipe (fds), ==, 0);
  reader.fd = fds[0];

  /* The timer's signal comes to this thread alone. */
  sigemptyset (&alarm_set);
  sigaddset (&alarm_set, SIGALRM);
  pthread_sigmask (SIG_BLOCK, &alarm_set, &old_set);
  thread = g_thread_new ("reader", read_slowly, &reader);
  pthread_sigmask (SIG_SETMASK, &old_set, NULL);

  action.sa_handler = on_alarm;
  action.sa_flags = SA_RESTART;
  sigaction (SIGALRM, &action, &old_action);
  setitimer (ITIMER_REAL, &every_ms, NULL);

  stp_output_init_fd (&output, fds[1]);
  g_assert_true (stp_output_write_all (&output, bytes, size, NULL, &error));
  g_assert_no_error (error);

  setitimer (ITIMER_REAL, &stop, NULL);
  sigaction (SIGALRM, &old_action, NULL);
  close (fds[1]);
  g_thread_join (thread);
  close (fds[0]);

  g_assert_cmpuint (reader.got->len, ==, size);
  g_assert_true (memcmp (reader.got->data, bytes, size) == 0);
  g_byte_array_unref (reader.got);
}

/* A local file is written through its descriptor: /dev/full fails
 * every write as a full disk does, and the error says so. */
static void
test_write_error_descriptor (void)
{
  g_autoptr(StpTrace) trace = load_run_meta ();
  g_autoptr(StpSafeOutput) out = NULL;
  g_autoptr(GError) error = NULL;

  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full");
      return;
    }

  out = stp_safe_output_open_path ("/dev/full", NULL, &error);
  g_assert_no_error (error);
  g_assert_false (stp_chrome_writer_write (trace, stp_safe_output_get_output (out), NULL, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_cmpstr (error->message, ==, g_strerror (ENOSPC));
}

static char *
read_text (const char *path)
{
  char *text = NULL;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  return text;
}

/* A failed or cancelled export keeps what the file held and leaves no
 * temporary file behind; a good one replaces it whole. */
static void
test_file_replaced_only_on_success (void)
{
  g_autoptr(StpTrace) trace = load_run_meta ();
  g_autofree char *dir = g_dir_make_tmp ("stepscope-export-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "trace.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GCancellable) cancellable = g_cancellable_new ();
  g_autoptr(GError) error = NULL;
  g_autoptr(GDir) listing = NULL;
  g_autofree char *after = NULL;
  guint entries = 0;

  g_assert_true (g_file_set_contents (path, "precious", -1, NULL));

  g_cancellable_cancel (cancellable);
  g_assert_false (stp_chrome_writer_write_file (trace, file, NULL, NULL, cancellable, &error));
  g_assert_nonnull (error);

  after = read_text (path);
  g_assert_cmpstr (after, ==, "precious");

  listing = g_dir_open (dir, 0, NULL);
  while (g_dir_read_name (listing) != NULL)
    entries++;
  g_assert_cmpuint (entries, ==, 1);

  g_clear_error (&error);
  g_clear_pointer (&after, g_free);
  g_assert_true (stp_chrome_writer_write_file (trace, file, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  after = read_text (path);
  g_assert_true (g_str_has_prefix (after, "{\"traceEvents\":["));
  g_assert_true (g_str_has_suffix (after, "]}\n"));

  g_unlink (path);
  g_rmdir (dir);
}

/* Targets that cannot be written say why, in words about the target
 * (the caller puts its name before them), and leave nothing behind. */
static void
test_bad_targets (void)
{
  g_autofree char *dir = g_dir_make_tmp ("stepscope-export-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "no-such-folder", "trace.json", NULL);
  g_autoptr(GError) error = NULL;
  g_autoptr(StpSafeOutput) out = NULL;

  out = stp_safe_output_open_path (dir, NULL, &error);
  g_assert_null (out);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY);
  g_assert_cmpstr (error->message, ==, "it is a folder");
  g_clear_error (&error);

  out = stp_safe_output_open_path (missing, NULL, &error);
  g_assert_null (out);
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NOT_FOUND);
  g_assert_cmpstr (error->message, ==, g_strerror (ENOENT));

  g_assert_cmpint (g_rmdir (dir), ==, 0);
}

/* A replaced file keeps its permissions, and a link to it stays a link:
 * the file it points to is what gets replaced. */
static void
test_replace_keeps_mode_and_link (void)
{
  g_autoptr(StpTrace) trace = load_run_meta ();
  g_autofree char *dir = g_dir_make_tmp ("stepscope-export-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "trace.json", NULL);
  g_autofree char *link = g_build_filename (dir, "link.json", NULL);
  g_autoptr(GFile) file = g_file_new_for_path (link);
  g_autoptr(GError) error = NULL;
  g_autofree char *after = NULL;
  g_autofree char *pointed = NULL;
  GStatBuf st;

  g_assert_true (g_file_set_contents (path, "precious", -1, NULL));
  g_assert_cmpint (g_chmod (path, 0604), ==, 0);
  g_assert_cmpint (symlink ("trace.json", link), ==, 0);

  g_assert_true (stp_chrome_writer_write_file (trace, file, NULL, NULL, NULL, &error));
  g_assert_no_error (error);

  g_assert_cmpint (g_lstat (link, &st), ==, 0);
  g_assert_true (S_ISLNK (st.st_mode));
  pointed = g_file_read_link (link, NULL);
  g_assert_cmpstr (pointed, ==, "trace.json");
  g_assert_cmpint (g_stat (path, &st), ==, 0);
  g_assert_cmpint (st.st_mode & 07777, ==, 0604);
  after = read_text (path);
  g_assert_true (g_str_has_prefix (after, "{\"traceEvents\":["));

  g_unlink (link);
  g_unlink (path);
  g_rmdir (dir);
}

/* The trace written, and read back by json-glib: its traceEvents. */
static JsonArray *
export_events (StpTrace *trace)
{
  g_autoptr(JsonNode) root = stp_test_export_json (trace);

  return json_array_ref (json_object_get_array_member (json_node_get_object (root), "traceEvents"));
}

/* n slices named after their position in the input, added to tracks in
 * a shuffled order: their export spans many chunks. */
static StpTrace *
make_ordered_trace (guint n)
{
  StpTrace *trace = stp_trace_new (STP_FORMAT_UNKNOWN, "ordered");
  g_autoptr(GError) error = NULL;
  guint32 process = stp_trace_add_process (trace, 1, 0);

  for (guint i = 0; i < n; i++)
    {
      guint32 thread = stp_trace_add_thread (trace, process, (i * 7919) % 13, 0);
      g_autofree char *name = g_strdup_printf ("e%u", i);
      StpSlice *slice = stp_trace_add_slice (trace, thread);

      slice->ts = (gint64) ((i * 104729) % n) * 1000;
      slice->dur = 500;
      slice->name = stp_trace_intern0 (trace, name);
      slice->seq = stp_trace_next_seq (trace);
    }
  g_assert_true (stp_trace_finish (trace, NULL, &error));
  return trace;
}

/* Events come out in input order across the chunks that several
 * threads format. */
static void
test_order_across_chunks (void)
{
  const guint n = 100000;
  g_autoptr(StpTrace) trace = make_ordered_trace (n);
  g_autoptr(JsonArray) events = export_events (trace);
  guint seen = 0;

  for (guint i = 0; i < json_array_get_length (events); i++)
    {
      JsonObject *event = json_array_get_object_element (events, i);
      g_autofree char *expected = NULL;

      if (g_strcmp0 (json_object_get_string_member (event, "ph"), "X") != 0)
        continue;
      expected = g_strdup_printf ("e%u", seen++);
      g_assert_cmpstr (json_object_get_string_member (event, "name"), ==, expected);
    }
  g_assert_cmpuint (seen, ==, n);
}

/* A write that fails part-way through a big export, its chunks
 * formatted by several threads, ends it with that error, and what was
 * written before is the export's start, in order. */
static void
test_write_error_mid_export (void)
{
  g_autoptr(StpTrace) trace = make_ordered_trace (100000);
  g_autoptr(GBytes) whole = stp_test_export (trace);

  for (guint third = 1; third <= 2; third++)
    {
      gsize room = g_bytes_get_size (whole) / 3 * third;
      g_autofree guint8 *buf = g_malloc (room);
      g_autoptr(GOutputStream) out = g_memory_output_stream_new (buf, room, NULL, NULL);
      g_autoptr(GError) error = NULL;
      StpOutput output;

      stp_output_init_stream (&output, out);
      g_assert_false (stp_chrome_writer_write (trace, &output, NULL, NULL, NULL, &error));
      g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
      g_assert_cmpuint (g_memory_output_stream_get_data_size (G_MEMORY_OUTPUT_STREAM (out)), ==, room);
      g_assert_cmpmem (buf, room, g_bytes_get_data (whole, NULL), room);
    }
}

/* A stream that takes `room` bytes, then fails every write as a full
 * disk does, counting the writes it failed. */
#define TEST_TYPE_FULL_STREAM (test_full_stream_get_type ())
G_DECLARE_FINAL_TYPE (TestFullStream, test_full_stream, TEST, FULL_STREAM, GOutputStream)

struct _TestFullStream
{
  GOutputStream parent_instance;
  gsize         room;
  guint         n_failed;
};

G_DEFINE_FINAL_TYPE (TestFullStream, test_full_stream, G_TYPE_OUTPUT_STREAM)

static gssize
test_full_stream_write (GOutputStream  *stream,
                        const void     *buffer,
                        gsize           count,
                        GCancellable   *cancellable,
                        GError        **error)
{
  TestFullStream *self = TEST_FULL_STREAM (stream);

  if (self->room == 0)
    {
      self->n_failed++;
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE, g_strerror (ENOSPC));
      return -1;
    }
  count = MIN (count, self->room);
  self->room -= count;
  return count;
}

static void
test_full_stream_class_init (TestFullStreamClass *klass)
{
  G_OUTPUT_STREAM_CLASS (klass)->write_fn = test_full_stream_write;
}

static void
test_full_stream_init (TestFullStream *self)
{
}

/* An export stops at the first write that fails: a full disk or a
 * closed pipe is not handed the rest of a big export block by block. */
static void
test_write_error_stops (void)
{
  g_autoptr(StpTrace) trace = make_ordered_trace (100000);
  g_autoptr(TestFullStream) stream = g_object_new (TEST_TYPE_FULL_STREAM, NULL);
  g_autoptr(GError) error = NULL;
  StpOutput output;

  stream->room = 1000000;
  stp_output_init_stream (&output, G_OUTPUT_STREAM (stream));
  g_assert_false (stp_chrome_writer_write (trace, &output, NULL, NULL, NULL, &error));
  g_assert_error (error, G_IO_ERROR, G_IO_ERROR_NO_SPACE);
  g_assert_cmpuint (stream->room, ==, 0);
  g_assert_cmpuint (stream->n_failed, ==, 1);
}

/* Each C event comes out once, in input order, with its values as
 * read, and of a key given twice the first: a counter of one series
 * is written from its samples, one of several from a sorted index. */
static void
test_counter_events (void)
{
  static const char input[] =
    "[{\"ph\":\"C\",\"pid\":1,\"ts\":1,\"name\":\"one\",\"args\":{\"a\":1,\"a\":2}},"
    " {\"ph\":\"C\",\"pid\":1,\"ts\":2,\"name\":\"two\",\"args\":{\"a\":3,\"b\":4,\"a\":5}},"
    " {\"ph\":\"C\",\"pid\":1,\"ts\":3,\"name\":\"one\",\"args\":{\"a\":6}},"
    " {\"ph\":\"C\",\"pid\":1,\"ts\":3,\"name\":\"two\",\"args\":{\"b\":7}},"
    " {\"ph\":\"C\",\"pid\":1,\"ts\":0,\"name\":\"one\",\"args\":{\"a\":8}}]";
  static const char *expected[] = {
    "one 1 {\"a\":1}", "two 2 {\"a\":3,\"b\":4}", "one 3 {\"a\":6}", "two 3 {\"b\":7}",
    "one 0 {\"a\":8}",
  };
  g_autoptr(GFileIOStream) stream = NULL;
  g_autoptr(GFile) file = g_file_new_tmp ("stepscope-counters-XXXXXX.json", &stream, NULL);
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonArray) events = NULL;
  guint seen = 0;

  g_assert_true (g_file_replace_contents (file, input, strlen (input), NULL, FALSE,
                                          G_FILE_CREATE_NONE, NULL, NULL, &error));
  trace = stp_load_file (file, NULL, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_file_delete (file, NULL, NULL);
  events = export_events (trace);

  for (guint i = 0; i < json_array_get_length (events); i++)
    {
      JsonObject *event = json_array_get_object_element (events, i);
      g_autofree char *args = NULL;
      g_autofree char *got = NULL;

      if (g_strcmp0 (json_object_get_string_member (event, "ph"), "C") != 0)
        continue;
      args = json_to_string (json_object_get_member (event, "args"), FALSE);
      got = g_strdup_printf ("%s %g %s", json_object_get_string_member (event, "name"),
                             json_object_get_double_member (event, "ts"), args);
      g_assert_cmpuint (seen, <, G_N_ELEMENTS (expected));
      g_assert_cmpstr (got, ==, expected[seen++]);
    }
  g_assert_cmpuint (seen, ==, G_N_ELEMENTS (expected));
}

/* A device is written as it is (nothing to replace there): exporting
 * to /dev/null works, as users do to time a conversion. */
static void
test_to_device (void)
{
  g_autoptr(StpTrace) trace = load_run_meta ();
  g_autoptr(GFile) file = g_file_new_for_path ("/dev/null");
  g_autoptr(GError) error = NULL;

  if (!g_file_test ("/dev/null", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/null");
      return;
    }

  g_assert_true (stp_chrome_writer_write_file (trace, file, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_cmpint (g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, NULL), ==, G_FILE_TYPE_SPECIAL);
}

/* Every special byte at every position of strings long enough to take
 * the vector path and its tail: the output parses back (json-glib) to
 * the input, invalid UTF-8 as U+FFFD. */
static void
test_string_escapes (void)
{
  static const struct { const char *bytes; const char *expected; } specials[] = {
    { "\"", "\"" }, { "\\", "\\" }, { "\n", "\n" }, { "\x01", "\x01" },
    { "\x1f", "\x1f" }, { "\x7f", "\x7f" }, { "\xc3\xa9", "\xc3\xa9" },
    { "\xe4\xb8\xad", "\xe4\xb8\xad" }, { "\xff", "\xef\xbf\xbd" },
  };

  for (guint len = 1; len <= 40; len++)
    for (guint pos = 0; pos < len; pos++)
      for (guint k = 0; k < G_N_ELEMENTS (specials); k++)
        {
          g_autoptr(GString) input = g_string_new (NULL);
          g_autoptr(GString) expected = g_string_new (NULL);
          g_autoptr(GString) json = g_string_new (NULL);
          g_autoptr(JsonParser) parser = json_parser_new ();
          g_autoptr(GError) error = NULL;

          for (guint i = 0; i < len; i++)
            {
              g_string_append (input, i == pos ? specials[k].bytes : "a");
              g_string_append (expected, i == pos ? specials[k].expected : "a");
            }

          stp_json_append_string (json, input->str, input->len);
          json_parser_load_from_data (parser, json->str, json->len, &error);
          g_assert_no_error (error);
          g_assert_cmpstr (json_node_get_string (json_parser_get_root (parser)), ==, expected->str);
        }
}

/* JSON kept raw from an input comes out strict (checked by
 * strict-json.c, written apart from the rewriter), byte for byte when
 * it already was; what is not JSON even leniently is refused. */
static void
test_raw_json_strict (void)
{
  static const struct { const char *raw; gboolean members; const char *expected; } cases[] = {
    { "{\"a\": [1, 2.5e3, \"x\\/\\u00e9\\ud83d\\ude00\"], \"b\": null}", FALSE,
      "{\"a\": [1, 2.5e3, \"x\\/\\u00e9\\ud83d\\ude00\"], \"b\": null}" },
    { "{\"s\":\"bad \xff byte\"}", FALSE, "{\"s\":\"bad \xef\xbf\xbd byte\"}" },
    { "{\"t\":\"tab\there\nnl\x01\"}", FALSE, "{\"t\":\"tab\\there\\nnl\\u0001\"}" },
    { "[NaN,-Infinity,Infinity,+1,01.50,.5,5.,-0]", FALSE, "[null,null,null,1,1.5,0.5,5,-0]" },
    { "[1,2,]", FALSE, "[1,2]" },
    { "{\"a\":{\"b\":[],},}", FALSE, "{\"a\":{\"b\":[]}}" },
    { "\"\\ud800 lone \\udc00\"", FALSE, "\"\\ufffd lone \\ufffd\"" },
    { "\"\\x \\' \\u12\"", FALSE, "\"\\\\x \\\\' \\\\u12\"" },
    { "\"pid\": 1,\"id\": \"\x02\",", TRUE, "\"pid\": 1,\"id\": \"\\u0002\"" },
    { "  ", TRUE, "  " },
    { "[1 2]", FALSE, NULL },
    { "{'a':1}", FALSE, NULL },
    { "[1,,2]", FALSE, NULL },
    { "{\"a\"}", FALSE, NULL },
    { "tru", FALSE, NULL },
    { "[1]]", FALSE, NULL },
    { "\"open", FALSE, NULL },
    { "\"a\":1}", TRUE, NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GString) out = g_string_new ("x");
      g_autoptr(GError) error = NULL;
      gboolean ok = stp_json_append_strict (out, cases[i].raw, strlen (cases[i].raw),
                                            cases[i].members);
      /* The case escaped: meson's TAP reader rejects invalid UTF-8. */
      g_autofree char *shown = stp_text_escape (cases[i].raw, -1, 0);

      g_test_message ("case %u: %s", i, shown);
      if (cases[i].expected == NULL)
        {
          g_assert_false (ok);
          g_assert_cmpstr (out->str, ==, "x");
          continue;
        }
      g_assert_true (ok);
      g_assert_cmpstr (out->str + 1, ==, cases[i].expected);
      if (cases[i].members)
        {
          g_string_overwrite (out, 0, "{");
          g_string_append_c (out, '}');
        }
      strict_json_check (out->str + !cases[i].members, out->len - !cases[i].members, &error);
      g_assert_no_error (error);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/export/cancelled", test_cancelled);
  g_test_add_func ("/export/write-error", test_write_error);
  g_test_add_func ("/export/write-error-descriptor", test_write_error_descriptor);
  g_test_add_func ("/export/partial-writes", test_partial_writes);
  g_test_add_func ("/export/file-replaced-only-on-success", test_file_replaced_only_on_success);
  g_test_add_func ("/export/replace-keeps-mode-and-link", test_replace_keeps_mode_and_link);
  g_test_add_func ("/export/bad-targets", test_bad_targets);
  g_test_add_func ("/export/order-across-chunks", test_order_across_chunks);
  g_test_add_func ("/export/write-error-mid-export", test_write_error_mid_export);
  g_test_add_func ("/export/write-error-stops", test_write_error_stops);
  g_test_add_func ("/export/counter-events", test_counter_events);
  g_test_add_func ("/export/string-escapes", test_string_escapes);
  g_test_add_func ("/export/to-device", test_to_device);
  g_test_add_func ("/export/raw-json-strict", test_raw_json_strict);

  return g_test_run ();
}
