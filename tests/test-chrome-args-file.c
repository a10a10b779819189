/* test-chrome-args-file.c: args read again from a plain trace file
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A trace of several windows (the walk on its own thread), written as
 * it is and gzipped: the plain one's args stay in the file and are read
 * from it when shown or exported, the gzipped one's are kept.  Both must
 * give the same model and the same export, and a plain file changed
 * after loading must say so rather than show or export other bytes.
 */

#define G_LOG_DOMAIN "test-chrome-args-file"

#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>
#include <zlib.h>

#include "export-test-util.h"
#include "stp-chrome-writer.h"
#include "stp-details.h"
#include "stp-error.h"
#include "stp-links.h"
#include "stp-loader.h"
#include "test-chrome-common.h"

/* Args of every kind of size: mostly short, now and then longer than a
 * block of the store (64 KiB), with escapes and non-ASCII text. */
static void
append_args (GString *json,
             GRand   *rand,
             guint    i)
{
  guint kind = g_rand_int_range (rand, 0, 400);
  guint words = (guint) (kind == 0 ? g_rand_int_range (rand, 9000, 30000) : g_rand_int_range (rand, 0, 12));

  g_string_append_printf (json, "{\"i\": %u, \"label\": \"", i);
  for (guint w = 0; w < words; w++)
    g_string_append_printf (json, "%s%08x", w ? " " : "", g_rand_int (rand));
  g_string_append (json, kind == 1 ? "\\\"quoted\\\" \\u00e9t\u00e9\"" : "\"");
  if (kind == 2)
    g_string_append (json, ", \"nested\": {\"a\": [1, 2, {\"b\": null}]}");
  g_string_append_c (json, '}');
}

static char *
make_trace (GRand *rand)
{
  GString *json = g_string_new ("{\"traceEvents\": [\n"
                                "{\"ph\": \"M\", \"pid\": 1, \"name\": \"process_name\", "
                                "\"args\": {\"name\": \"trainer\"}}");

  for (guint i = 0; i < 40000; i++)
    {
      guint tid = g_rand_int_range (rand, 1, 5);
      guint ts = i * 10;

      switch (g_rand_int_range (rand, 0, 10))
        {
        case 0:
          g_string_append_printf (json, ",\n{\"ph\": \"C\", \"pid\": 1, \"name\": \"mem\", \"ts\": %u, "
                                  "\"args\": {\"bytes\": %u}}", ts, g_rand_int (rand));
          break;
        case 1:
          g_string_append_printf (json, ",\n{\"ph\": \"O\", \"pid\": 1, \"tid\": %u, \"id\": \"0x%x\", "
                                  "\"name\": \"obj\", \"ts\": %u, \"args\": {\"snapshot\": ", tid, i % 7, ts);
          append_args (json, rand, i);
          g_string_append (json, "}}");
          break;
        case 2:
          g_string_append_printf (json, ",\n{\"ph\": \"i\", \"s\": \"t\", \"pid\": 1, \"tid\": %u, \"ts\": %u, "
                                  "\"name\": \"mark\", \"tts\": %u, \"args\": ", tid, ts, i);
          append_args (json, rand, i);
          g_string_append_c (json, '}');
          break;
        default:
          g_string_append_printf (json, ",\n{\"ph\": \"X\", \"pid\": 1, \"tid\": %u, \"ts\": %u, \"dur\": 5, "
                                  "\"name\": \"op %u\", \"args\": ", tid, ts, i % 50);
          append_args (json, rand, i);
          g_string_append_c (json, '}');
          break;
        }
    }
  g_string_append (json, "\n]}\n");
  return g_string_free (json, FALSE);
}

static void
write_gzip (const char *path,
            const char *text)
{
  gzFile gz = gzopen (path, "wb1");

  g_assert_nonnull (gz);
  g_assert_cmpint (gzwrite (gz, text, strlen (text)), ==, (int) strlen (text));
  g_assert_cmpint (gzclose (gz), ==, Z_OK);
}

static StpTrace *
load (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  StpTrace *trace = stp_load_file (file, NULL, NULL, NULL, NULL, &error);

  g_assert_no_error (error);
  return trace;
}

/* The first or the last slice with args in the file, for the details. */
static StpItemRef
slice_with_args (StpTrace *trace,
                 gboolean  last)
{
  StpItemRef found = STP_ITEM_REF_NONE;
  guint64 best = 0;

  for (guint t = 0; t < trace->tracks->len; t++)
    {
      StpTrack *track = stp_trace_get_track (trace, t);

      for (guint i = 0; track->slices != NULL && i < track->slices->len; i++)
        {
          const StpSlice *s = stp_track_get_slice (track, i);

          if (s->args != STP_RAW_NONE &&
              (found.kind == STP_ITEM_NONE || (last ? s->args > best : s->args < best)))
            {
              found = stp_item_ref_slice (t, i);
              best = s->args;
            }
        }
    }
  g_assert_cmpint (found.kind, !=, STP_ITEM_NONE);
  return found;
}

/* The first len bytes of text, written plain and gzipped: the same
 * model and export, and the plain one's model far smaller. */
static void
check_same_as_kept (const char *text,
                    gsize       len)
{
  g_autofree char *dir = g_dir_make_tmp ("stepscope-args-XXXXXX", NULL);
  g_autofree char *plain_path = g_build_filename (dir, "trace.json", NULL);
  g_autofree char *gz_path = g_build_filename (dir, "trace.json.gz", NULL);
  g_autofree char *cut = g_strndup (text, len);
  g_autoptr(StpTrace) plain = NULL;
  g_autoptr(StpTrace) kept = NULL;
  g_autoptr(GBytes) plain_export = NULL;
  g_autoptr(GBytes) kept_export = NULL;

  g_assert_true (g_file_set_contents (plain_path, cut, -1, NULL));
  write_gzip (gz_path, cut);

  plain = load (plain_path);
  kept = load (gz_path);
  g_assert_true (stp_test_traces_equal (plain, kept));
  plain_export = stp_test_export (plain);
  kept_export = stp_test_export (kept);
  g_assert_true (g_bytes_equal (plain_export, kept_export));

  /* The file holds the args: the model keeps far less of them. */
  g_test_message ("model: %zu bytes from the plain file, %zu from the gzipped one",
                  stp_trace_get_memory_size (plain), stp_trace_get_memory_size (kept));
  g_assert_cmpuint (stp_trace_get_memory_size (plain) + 1024 * 1024, <, stp_trace_get_memory_size (kept));

  g_unlink (plain_path);
  g_unlink (gz_path);
  g_rmdir (dir);
}

static void
test_same_as_kept (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (5);
  g_autofree char *text = make_trace (rand);

  g_assert_cmpuint (strlen (text), >, 4 * 1024 * 1024);
  check_same_as_kept (text, strlen (text));
}

/* Cut short in the middle of an event, as a trace copied in part is:
 * the events before the cut, and their args, as the gzipped copy has
 * them. */
static void
test_cut_short (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (7);
  g_autofree char *text = make_trace (rand);

  check_same_as_kept (text, strlen (text) * 3 / 5);
}

/* Changed in place after loading: the details say so, and an export
 * fails naming the file, rather than show or write other bytes. */
static void
test_changed (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (6);
  g_autofree char *text = make_trace (rand);
  g_autofree char *dir = g_dir_make_tmp ("stepscope-args-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "changed.json", NULL);
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  StpOutput output;
  g_autoptr(GError) error = NULL;
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(StpLinks) links = NULL;
  StpDetails *details;
  StpItemRef item;
  int fd;

  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  trace = load (path);
  links = stp_links_new (trace, NULL, &error);
  g_assert_no_error (error);
  item = slice_with_args (trace, FALSE);

  details = stp_details_new (trace, links, &item);
  g_assert_nonnull (details->args);
  g_assert_null (details->args_error);
  stp_details_free (details);

  fd = open (path, O_WRONLY | O_TRUNC);
  g_assert_cmpint (fd, >=, 0);
  g_assert_cmpint (write (fd, "[]", 2), ==, 2);
  close (fd);

  /* Far from the first: a block this thread has not read yet. */
  item = slice_with_args (trace, TRUE);
  details = stp_details_new (trace, links, &item);
  g_assert_null (details->args);
  g_assert_nonnull (details->args_error);
  g_assert_nonnull (strstr (details->args_error, "changed.json changed on disk"));
  stp_details_free (details);

  stp_output_init_stream (&output, out);
  g_assert_false (stp_chrome_writer_write (trace, &output, NULL, NULL, NULL, &error));
  g_assert_error (error, STP_ERROR, STP_ERROR_CHANGED);
  g_assert_nonnull (strstr (error->message, "changed.json"));

  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/chrome-args-file/same-as-kept", test_same_as_kept);
  g_test_add_func ("/chrome-args-file/cut-short", test_cut_short);
  g_test_add_func ("/chrome-args-file/changed", test_changed);
  return g_test_run ();
}
