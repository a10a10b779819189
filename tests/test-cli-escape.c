/* test-cli-escape.c: names from files never reach the terminal raw
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Zip entry names and op names holding escape sequences (ESC]0;...BEL
 * retitles a terminal, ESC[2J clears it), newlines and invalid UTF-8
 * come out of stepscope-cli escaped, as valid UTF-8.
 */

#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <string.h>

#include "cli-test-util.h"
#include "stp-text.h"

#define HOSTILE "\x1b]0;pwned\x07\x1b[2J\nline\xff"

static void
put16 (GByteArray *b,
       guint       v)
{
  guint8 bytes[2] = { v & 0xff, v >> 8 };
  g_byte_array_append (b, bytes, 2);
}

static void
put32 (GByteArray *b,
       guint32     v)
{
  put16 (b, v & 0xffff);
  put16 (b, v >> 16);
}

/* A zip whose central directory lists `names`: enough for the loader
 * to count the entries and refuse the archive by name. */
static char *
write_zip (const char  *dir,
           const char **names,
           guint        n)
{
  g_autoptr(GByteArray) zip = g_byte_array_new ();
  char *path = g_build_filename (dir, "entries.zip", NULL);
  guint dir_offset, dir_size;

  put32 (zip, 0x04034b50);
  dir_offset = zip->len;
  for (guint i = 0; i < n; i++)
    {
      put32 (zip, 0x02014b50);
      for (guint k = 0; k < 6; k++)
        put32 (zip, 0);
      put16 (zip, strlen (names[i]));   /* name length at offset 28 */
      put16 (zip, 0);
      put16 (zip, 0);
      for (guint k = 0; k < 3; k++)
        put32 (zip, 0);
      g_byte_array_append (zip, (const guint8 *) names[i], strlen (names[i]));
    }
  dir_size = zip->len - dir_offset;
  put32 (zip, 0x06054b50);
  put32 (zip, 0);
  put16 (zip, n);
  put16 (zip, n);
  put32 (zip, dir_size);
  put32 (zip, dir_offset);
  put16 (zip, 0);

  g_assert_true (g_file_set_contents (path, (const char *) zip->data, zip->len, NULL));
  return path;
}

static void
assert_terminal_safe (const char *text)
{
  g_assert_true (g_utf8_validate (text, -1, NULL));
  g_assert_null (strchr (text, '\x1b'));
  g_assert_null (strchr (text, '\x07'));
}

static void
test_escape (void)
{
  static const struct { const char *in; gssize len; gsize max; const char *out; } cases[] = {
    { "plain café", -1, 0, "plain café" },
    { HOSTILE, -1, 0, "\\x1b]0;pwned\\x07\\x1b[2J\\nline\\xff" },
    { "a\0b", 3, 0, "a\\x00b" },
    { "tab\there\r", -1, 0, "tab\\there\\r" },
    { "\x7f \xc2\x9b c1", -1, 0, "\\x7f \\u009b c1" },
    { "\xe4\xb8\xad\xe6\x96\x87xyz", -1, 3, "\xe4\xb8\xad\xe6\x96\x87x…" },
    { "\xe4\xb8", -1, 0, "\\xe4\\xb8" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *got = stp_text_escape (cases[i].in, cases[i].len, cases[i].max);

      g_assert_cmpstr (got, ==, cases[i].out);
      assert_terminal_safe (got);
    }
}

static void
test_zip_entries (void)
{
  g_autofree char *dir = g_dir_make_tmp ("stp-cli-escape-XXXXXX", NULL);
  const char *names[] = { HOSTILE, "b.json" };
  g_autofree char *zip = write_zip (dir, names, 2);
  g_auto(Run) run = { 0 };

  run_cli (&run, "info", zip, NULL);
  g_assert_cmpint (run.status, ==, 1);
  assert_terminal_safe (run.err);
  g_assert_nonnull (strstr (run.err, "2 files (\\x1b]0;pwned\\x07\\x1b[2J\\nline\\xff, b.json)"));

  g_unlink (zip);
  g_rmdir (dir);
}

/* An archive with nothing in it says so. */
static void
test_empty_zip (void)
{
  g_autofree char *dir = g_dir_make_tmp ("stp-cli-escape-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "empty.zip", NULL);
  g_auto(Run) run = { 0 };
  static const char empty[22] = "PK\x05\x06";

  g_assert_true (g_file_set_contents (path, empty, sizeof empty, NULL));
  run_cli (&run, "info", path, NULL);
  g_assert_cmpint (run.status, ==, 1);
  g_assert_nonnull (strstr (run.err, "the zip archive is empty"));
  g_assert_nonnull (strstr (run.err, path));

  g_unlink (path);
  g_rmdir (dir);
}

static void
test_summary_names (void)
{
  g_autofree char *dir = g_dir_make_tmp ("stp-cli-escape-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "names.json", NULL);
  g_auto(Run) run = { 0 };
  static const char trace[] =
    "[{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":5,"
    "\"name\":\"\\u001b]0;pwned\\u0007\\u001b[2J\\nnext\"},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":10,\"dur\":5,\"name\":\"bad \xff byte\"}]";

  g_assert_true (g_file_set_contents (path, trace, -1, NULL));
  run_cli (&run, "summary", path, NULL);
  g_assert_cmpint (run.status, ==, 0);
  assert_terminal_safe (run.out);
  g_assert_nonnull (strstr (run.out, "\\x1b]0;pwned\\x07\\x1b[2J\\nnext"));
  g_assert_nonnull (strstr (run.out, "bad \\xff byte"));

  g_unlink (path);
  g_rmdir (dir);
}

/* C1 controls are valid JSON as they are, yet U+009B is CSI to many
 * terminals: `info` and `summary --json` escape them, and a JSON parser
 * still reads the name back exactly. */
static void
test_json_c1_controls (void)
{
  g_autofree char *dir = g_dir_make_tmp ("stp-cli-escape-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, "c1.json", NULL);
  static const char trace[] =
    "[{\"ph\":\"M\",\"pid\":1,\"name\":\"process_name\",\"args\":{\"name\":\"gpu\xc2\x9b" "2J\"}},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":0,\"dur\":5,\"name\":\"op\xc2\x9b" "31m\"}]";
  const char *commands[][3] = { { "info", NULL, NULL }, { "summary", "--json", NULL } };

  g_assert_true (g_file_set_contents (path, trace, -1, NULL));
  for (guint i = 0; i < G_N_ELEMENTS (commands); i++)
    {
      g_auto(Run) run = { 0 };
      g_autoptr(JsonParser) parser = json_parser_new ();
      g_autoptr(GError) error = NULL;

      if (commands[i][1] != NULL)
        run_cli (&run, commands[i][0], commands[i][1], path, NULL);
      else
        run_cli (&run, commands[i][0], path, NULL);
      g_assert_cmpint (run.status, ==, 0);
      g_assert_null (strstr (run.out, "\xc2\x9b"));
      g_assert_nonnull (strstr (run.out, i == 0 ? "gpu\\u009b2J" : "op\\u009b31m"));
      json_parser_load_from_data (parser, run.out, -1, &error);
      g_assert_no_error (error);
    }

  g_unlink (path);
  g_rmdir (dir);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/cli-escape/escape", test_escape);
  g_test_add_func ("/cli-escape/zip-entries", test_zip_entries);
  g_test_add_func ("/cli-escape/empty-zip", test_empty_zip);
  g_test_add_func ("/cli-escape/summary-names", test_summary_names);
  g_test_add_func ("/cli-escape/json-c1-controls", test_json_c1_controls);

  return g_test_run ();
}
