/* test-raw-store.c: args kept as bytes, compressed on another thread
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

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

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/raw-store/round-trip", test_round_trip);
  g_test_add_func ("/raw-store/free-while-compressing", test_free_while_compressing);
  g_test_add_func ("/raw-store/lengths", test_lengths);
  return g_test_run ();
}
