/* test-raw-store.c: args kept as bytes, compressed on another thread,
 * or read again from their file
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <fcntl.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "stp-error.h"
#include "stp-raw-store.h"

/* A fragment like an event's args: compressible JSON-ish text with a
 * number that makes it unique, now and then far larger than a block. */
static GBytes *
make_fragment (GRand *rand,
               guint  i)
{
  GString *s = g_string_new ("{\"id\": ");
  guint words = g_rand_int_range (rand, 0, 100) == 0 ? 20000 : (guint) g_rand_int_range (rand, 1, 40);

  g_string_append_printf (s, "%u, \"label\": \"", i);
  for (guint w = 0; w < words; w++)
    g_string_append_printf (s, "%s%08x", w ? " " : "", g_rand_int (rand) & 0x0f0f0f0f);
  g_string_append (s, "\"}");
  return g_string_free_to_bytes (s);
}

static void
check_all (StpRawStore *store,
           GPtrArray   *fragments,
           GArray      *refs)
{
  for (guint i = 0; i < fragments->len; i++)
    {
      gsize len;
      const char *want = g_bytes_get_data (g_ptr_array_index (fragments, i), &len);
      gsize got_len;
      const char *got = stp_raw_store_peek (store, g_array_index (refs, StpRaw, i), &got_len);

      g_assert_cmpuint (got_len, ==, len);
      g_assert_nonnull (got);
      g_assert_true (memcmp (got, want, len) == 0);
    }
}

/* Some 40 MB of fragments: every one reads back as it was, read while
 * more are added (blocks still being compressed) and after, and the
 * store holds far less than it was given. */
static void
test_round_trip (void)
{
  g_autoptr(GPtrArray) fragments = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr(GArray) refs = g_array_new (FALSE, FALSE, sizeof (StpRaw));
  g_autoptr(StpRawStore) store = stp_raw_store_new ();
  GRand *rand = g_rand_new_with_seed (23);
  gsize total = 0;

  for (guint i = 0; total < 40 * 1024 * 1024; i++)
    {
      GBytes *fragment = make_fragment (rand, i);
      gsize len;
      const char *data = g_bytes_get_data (fragment, &len);
      StpRaw raw = stp_raw_store_add (store, data, len);

      g_ptr_array_add (fragments, fragment);
      g_array_append_val (refs, raw);
      total += len;

      /* A reader in the middle of loading waits for the compressor. */
      if (i % 50000 == 49999)
        check_all (store, fragments, refs);
    }
  check_all (store, fragments, refs);
  g_assert_cmpuint (stp_raw_store_get_size (store), <, total / 2);
  g_rand_free (rand);
}

/* Freed with blocks still queued for compression: no leak, no crash
 * (AddressSanitizer and valgrind see to that). */
static void
test_free_while_compressing (void)
{
  GRand *rand = g_rand_new_with_seed (7);

  for (guint round = 0; round < 20; round++)
    {
      g_autoptr(StpRawStore) store = stp_raw_store_new ();

      for (guint i = 0; i < 5000; i++)
        {
          g_autoptr(GBytes) fragment = make_fragment (rand, i);
          gsize len;
          const char *data = g_bytes_get_data (fragment, &len);

          stp_raw_store_add (store, data, len);
        }
    }
  g_rand_free (rand);
}

/* Lengths around what a reference's 16 bits hold, mixed with short
 * fragments that fill the blocks around them: each reads back whole
 * and nothing of its neighbours. */
static void
test_lengths (void)
{
  static const gsize lengths[] = { 1, 0xfffe, 1, 0xffff, 1, 0x10000, 1, 0x10001,
                                   65535 - 7, 7, 300000, 2, 0xffff, 0xfffe };
  g_autoptr(GPtrArray) fragments = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr(GArray) refs = g_array_new (FALSE, FALSE, sizeof (StpRaw));
  g_autoptr(StpRawStore) store = stp_raw_store_new ();

  for (guint round = 0; round < 3; round++)
    for (guint i = 0; i < G_N_ELEMENTS (lengths); i++)
      {
        char *bytes = g_malloc (lengths[i]);
        StpRaw raw;

        for (gsize k = 0; k < lengths[i]; k++)
          bytes[k] = 'a' + (i + k / 4096) % 26;
        raw = stp_raw_store_add (store, bytes, lengths[i]);
        g_assert_cmpuint (raw, !=, STP_RAW_NONE);
        g_ptr_array_add (fragments, g_bytes_new_take (bytes, lengths[i]));
        g_array_append_val (refs, raw);
      }
  check_all (store, fragments, refs);
  g_assert_cmpuint (stp_raw_store_add (store, "x", 0), ==, STP_RAW_NONE);
}

/* A file of `size` bytes, each telling its place apart from the others
 * around it; its path, to be removed by the caller. */
static char *
make_file (gsize    size,
           guint8 **contents)
{
  g_autoptr(GError) error = NULL;
  char *path = NULL;
  int fd = g_file_open_tmp ("stepscope-raw-XXXXXX", &path, &error);
  guint8 *bytes = g_malloc (size);

  g_assert_no_error (error);
  for (gsize k = 0; k < size; k++)
    bytes[k] = (guint8) ((k * 2654435761u) >> 13);
  g_assert_cmpint (write (fd, bytes, size), ==, (gssize) size);
  close (fd);
  *contents = bytes;
  return path;
}

static int
open_read (const char *path)
{
  int fd = open (path, O_RDONLY | O_CLOEXEC);

  g_assert_cmpint (fd, >=, 0);
  return fd;
}

/* Ranges of a file, mostly in file order, with bytes added between
 * them: short ones, ones that cross or end at a 64 KiB block's end,
 * ones of 64 KiB and more, and some out of order.  Each reads back as
 * the file has it, in the store and in a store that adopted it (after
 * one file of its own), also once the file is renamed. */
static void
test_file (void)
{
  const gsize size = 3 * 1024 * 1024;
  g_autofree guint8 *contents = NULL;
  g_autofree char *path = make_file (size, &contents);
  g_autofree char *moved = g_strconcat (path, ".moved", NULL);
  g_autofree guint8 *other_contents = NULL;
  g_autofree char *other_path = make_file (70000, &other_contents);
  g_autoptr(GPtrArray) fragments = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  g_autoptr(GArray) refs = g_array_new (FALSE, FALSE, sizeof (StpRaw));
  g_autoptr(StpRawStore) store = stp_raw_store_new ();
  g_autoptr(StpRawStore) merged = stp_raw_store_new ();
  g_autoptr(GRand) rand = g_rand_new_with_seed (11);
  guint file = stp_raw_store_add_file (store, open_read (path), "trace.json");
  guint other = stp_raw_store_add_file (merged, open_read (other_path), "other.json");
  guint64 offset = 0;
  StpRaw first;
  guint64 base;

  g_assert_cmpuint (file, ==, 1);
  g_assert_cmpuint (other, ==, 1);
  first = stp_raw_store_add_from_file (merged, other, 100, 69000);

  while (offset < size - 400000)
    {
      gsize len;
      guint64 at = offset;
      StpRaw raw;

      switch (g_rand_int_range (rand, 0, 12))
        {
        case 0: len = 0x10000 - (offset % 0x10000); break;           /* ends at a block's end */
        case 1: len = g_rand_int_range (rand, 0xfffe, 0x10002); break;
        case 2: len = g_rand_int_range (rand, 100000, 300000); break;
        case 3: at = offset - MIN (offset, 5000); len = 300; break;  /* out of order */
        default: len = g_rand_int_range (rand, 1, 3000); break;
        }
      raw = stp_raw_store_add_from_file (store, file, at, len);
      g_assert_cmpuint (raw, !=, STP_RAW_NONE);
      g_ptr_array_add (fragments, g_bytes_new (contents + at, len));
      g_array_append_val (refs, raw);
      if (at == offset)
        offset += len + g_rand_int_range (rand, 0, 40);

      if (g_rand_int_range (rand, 0, 4) == 0)
        {
          char word[32];
          gsize n = g_snprintf (word, sizeof word, "{\"between\": %" G_GUINT64_FORMAT "}", offset);

          raw = stp_raw_store_add (store, word, n);
          g_ptr_array_add (fragments, g_bytes_new (word, n));
          g_array_append_val (refs, raw);
        }
    }
  /* A block starts, and then one range comes from just before it. */
  for (guint k = 0; k < 2; k++)
    {
      guint64 at = offset + (k == 0 ? 70000 : 69990);
      StpRaw raw = stp_raw_store_add_from_file (store, file, at, 20);

      g_ptr_array_add (fragments, g_bytes_new (contents + at, 20));
      g_array_append_val (refs, raw);
    }
  g_assert_cmpuint (stp_raw_store_add_from_file (store, file, 5, 0), ==, STP_RAW_NONE);

  check_all (store, fragments, refs);
  g_assert_true (stp_raw_store_check (store, NULL));
  /* The bytes between the ranges were all that was kept. */
  g_assert_cmpuint (stp_raw_store_get_size (store), <, size / 8);

  g_assert_cmpint (g_rename (path, moved), ==, 0);
  base = stp_raw_store_adopt (merged, store);
  for (guint i = 0; i < refs->len; i++)
    g_array_index (refs, StpRaw, i) += base;
  check_all (merged, fragments, refs);
  {
    gsize len;
    const char *bytes = stp_raw_store_peek (merged, first, &len);

    g_assert_cmpmem (bytes, len, other_contents + 100, 69000);
  }
  g_assert_true (stp_raw_store_check (merged, NULL));

  g_unlink (moved);
  g_unlink (other_path);
}

/* A file changed in place after it was added is not read again, and
 * the check names it; one replaced by another under its name (a new
 * file) is still read as it was. */
static void
test_file_changed (void)
{
  g_autofree guint8 *contents = NULL;
  g_autofree char *path = make_file (200000, &contents);
  g_autoptr(StpRawStore) store = stp_raw_store_new ();
  g_autoptr(GError) error = NULL;
  guint file = stp_raw_store_add_file (store, open_read (path), "trace.json");
  StpRaw a = stp_raw_store_add_from_file (store, file, 10, 20);
  StpRaw b = stp_raw_store_add_from_file (store, file, 150000, 20);
  g_autofree char *replacement = NULL;
  const char *bytes;
  gsize len;
  int fd;

  bytes = stp_raw_store_peek (store, a, &len);
  g_assert_cmpmem (bytes, len, contents + 10, 20);

  /* Replaced under its name: the store still has the old one. */
  replacement = g_strconcat (path, ".new", NULL);
  g_assert_true (g_file_set_contents (replacement, "{}", -1, NULL));
  g_assert_cmpint (g_rename (replacement, path), ==, 0);
  bytes = stp_raw_store_peek (store, b, &len);
  g_assert_cmpmem (bytes, len, contents + 150000, 20);
  g_assert_true (stp_raw_store_check (store, NULL));
  g_unlink (path);

  /* Changed in place. */
  g_free (g_steal_pointer (&contents));
  g_free (path);
  path = make_file (200000, &contents);
  g_clear_pointer (&store, stp_raw_store_free);
  store = stp_raw_store_new ();
  file = stp_raw_store_add_file (store, open_read (path), "trace.json");
  a = stp_raw_store_add_from_file (store, file, 10, 20);
  b = stp_raw_store_add_from_file (store, file, 150000, 20);
  bytes = stp_raw_store_peek (store, a, &len);
  g_assert_cmpmem (bytes, len, contents + 10, 20);

  fd = open (path, O_WRONLY | O_APPEND);
  g_assert_cmpint (write (fd, "x", 1), ==, 1);
  close (fd);
  g_assert_false (stp_raw_store_check (store, &error));
  g_assert_error (error, STP_ERROR, STP_ERROR_CHANGED);
  g_assert_nonnull (strstr (error->message, "trace.json changed on disk"));
  g_assert_null (stp_raw_store_peek (store, b, &len));
  g_assert_cmpuint (len, ==, 0);
  g_unlink (path);
}

/* Past 256 files open in the process, a store takes no more (the
 * caller keeps the bytes); freeing one gives its files back. */
static void
test_file_limit (void)
{
  g_autofree guint8 *contents = NULL;
  g_autofree char *path = make_file (100, &contents);
  StpRawStore *store = stp_raw_store_new ();
  g_autoptr(StpRawStore) other = stp_raw_store_new ();
  guint taken = 0;

  for (guint i = 0; i < 300; i++)
    if (stp_raw_store_add_file (store, open_read (path), "trace.json") != 0)
      taken++;
  g_assert_cmpuint (taken, ==, 256);
  g_assert_cmpuint (stp_raw_store_add_file (other, open_read (path), "trace.json"), ==, 0);

  stp_raw_store_free (store);
  g_assert_cmpuint (stp_raw_store_add_file (other, open_read (path), "trace.json"), ==, 1);
  g_unlink (path);
}

/* A pipe is no file to read again: the caller keeps the bytes. */
static void
test_file_not_regular (void)
{
  g_autoptr(StpRawStore) store = stp_raw_store_new ();
  int fds[2];

  g_assert_cmpint (pipe (fds), ==, 0);
  g_assert_cmpuint (stp_raw_store_add_file (store, fds[0], "pipe"), ==, 0);
  close (fds[1]);
  g_assert_true (stp_raw_store_check (store, NULL));
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/raw-store/round-trip", test_round_trip);
  g_test_add_func ("/raw-store/free-while-compressing", test_free_while_compressing);
  g_test_add_func ("/raw-store/lengths", test_lengths);
  g_test_add_func ("/raw-store/file", test_file);
  g_test_add_func ("/raw-store/file-changed", test_file_changed);
  g_test_add_func ("/raw-store/file-not-regular", test_file_not_regular);
  g_test_add_func ("/raw-store/file-limit", test_file_limit);
  return g_test_run ();
}
