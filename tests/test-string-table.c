/* test-string-table.c: interned strings, one at a time and in batches
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "stp-string-table.h"

/* Names like a trace's: many distinct, some repeated, some empty, some
 * with a NUL inside, some long enough to hash in several words. */
static GPtrArray *
make_names (guint n,
            guint seed)
{
  GPtrArray *names = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  GRand *rand = g_rand_new_with_seed (seed);

  for (guint i = 0; i < n; i++)
    {
      guint pick = g_rand_int_range (rand, 0, 100);
      char *name;
      gsize len;

      if (pick < 5)
        name = g_strdup ("");
      else if (pick < 30)
        name = g_strdup_printf ("tower_%u/conv%u/Conv2D", g_rand_int_range (rand, 0, 4),
                                g_rand_int_range (rand, 0, 50));
      else
        name = g_strdup_printf ("tower_%u/gradients/layer_%u/op_%u:%u",
                                g_rand_int_range (rand, 0, 4), i % 977, i,
                                g_rand_int_range (rand, 0, 3));
      len = strlen (name);
      if (pick == 99 && len > 3)
        name[len / 2] = '\0';   /* the length, not the NUL, ends it */
      g_ptr_array_add (names, g_bytes_new_take (name, len));
    }

  g_rand_free (rand);
  return names;
}

static StpStringQuery
query_of (GBytes *name)
{
  StpStringQuery q = { 0 };
  gsize len;

  q.str = g_bytes_get_data (name, &len);
  q.len = len;
  return q;
}

static void
assert_holds (StpStringTable *table,
              StpStr          id,
              GBytes         *name)
{
  gsize len;
  const char *str = g_bytes_get_data (name, &len);

  g_assert_cmpuint (stp_string_table_get_len (table, id), ==, len);
  g_assert_cmpmem (stp_string_table_get (table, id), len, str, len);
  g_assert_cmpint (stp_string_table_get (table, id)[len], ==, '\0');
}

static void
test_intern (void)
{
  g_autoptr(StpStringTable) table = stp_string_table_new ();
  g_autoptr(GPtrArray) names = make_names (200000, 1);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_bytes_hash, g_bytes_equal);
  g_autofree StpStr *ids = g_new (StpStr, names->len);
  StpStr id;

  g_autoptr(GBytes) empty = g_bytes_new_static ("", 0);
  g_assert_cmpuint (stp_string_table_intern (table, "", 0), ==, STP_STR_EMPTY);
  g_hash_table_insert (seen, empty, GUINT_TO_POINTER (STP_STR_EMPTY));

  /* A new string gets the next id, a known one its old id, through the
   * table growing many times. */
  for (guint i = 0; i < names->len; i++)
    {
      GBytes *name = g_ptr_array_index (names, i);
      StpStringQuery q = query_of (name);
      guint before = stp_string_table_count (table);
      gpointer old;

      ids[i] = stp_string_table_intern (table, q.str, q.len);
      if (g_hash_table_lookup_extended (seen, name, NULL, &old))
        {
          g_assert_cmpuint (ids[i], ==, GPOINTER_TO_UINT (old));
          g_assert_cmpuint (stp_string_table_count (table), ==, before);
        }
      else
        {
          g_assert_cmpuint (ids[i], ==, before);
          g_hash_table_insert (seen, name, GUINT_TO_POINTER (ids[i]));
        }
    }

  for (guint i = 0; i < names->len; i++)
    {
      GBytes *name = g_ptr_array_index (names, i);
      StpStringQuery q = query_of (name);

      assert_holds (table, ids[i], name);
      g_assert_true (stp_string_table_lookup (table, q.str, q.len, &id));
      g_assert_cmpuint (id, ==, ids[i]);
    }

  g_assert_false (stp_string_table_lookup (table, "not/there", 9, &id));
  g_assert_false (stp_string_table_lookup (table, "tower_0", 7, &id));
}

/* intern_many gives the ids that one call per string gives, whatever
 * the batch sizes, with repeats inside a batch and growth mid-batch. */
static void
test_intern_many (void)
{
  g_autoptr(StpStringTable) one = stp_string_table_new ();
  g_autoptr(StpStringTable) many = stp_string_table_new ();
  g_autoptr(GPtrArray) names = make_names (100000, 2);
  g_autoptr(GArray) queries = g_array_new (FALSE, FALSE, sizeof (StpStringQuery));
  GRand *rand = g_rand_new_with_seed (3);

  for (guint i = 0; i < names->len; i++)
    {
      StpStringQuery q = query_of (g_ptr_array_index (names, i));
      g_array_append_val (queries, q);
    }

  for (guint i = 0; i < queries->len;)
    {
      guint n = MIN ((guint) g_rand_int_range (rand, 0, 300), queries->len - i);

      stp_string_table_intern_many (many, &g_array_index (queries, StpStringQuery, i), n);
      i += n;
    }

  for (guint i = 0; i < queries->len; i++)
    {
      const StpStringQuery *q = &g_array_index (queries, StpStringQuery, i);

      g_assert_cmpuint (q->id, ==, stp_string_table_intern (one, q->str, q->len));
      assert_holds (many, q->id, g_ptr_array_index (names, i));
    }
  g_assert_cmpuint (stp_string_table_count (many), ==, stp_string_table_count (one));

  g_rand_free (rand);
}

static void
test_lookup_many (void)
{
  g_autoptr(StpStringTable) table = stp_string_table_new ();
  g_autoptr(GPtrArray) names = make_names (50000, 4);
  g_autoptr(GPtrArray) others = make_names (50000, 5);
  g_autoptr(GArray) queries = g_array_new (FALSE, FALSE, sizeof (StpStringQuery));

  for (guint i = 0; i < names->len; i += 2)
    {
      StpStringQuery q = query_of (g_ptr_array_index (names, i));
      stp_string_table_intern (table, q.str, q.len);
    }

  for (guint i = 0; i < names->len; i++)
    {
      StpStringQuery q = query_of (g_ptr_array_index (i % 3 ? names : others, i));
      g_array_append_val (queries, q);
    }
  stp_string_table_lookup_many (table, (StpStringQuery *) queries->data, queries->len);

  for (guint i = 0; i < queries->len; i++)
    {
      const StpStringQuery *q = &g_array_index (queries, StpStringQuery, i);
      StpStr id = STP_STR_INVALID;

      if (!stp_string_table_lookup (table, q->str, q->len, &id))
        g_assert_cmpuint (q->id, ==, STP_STR_INVALID);
      else
        g_assert_cmpuint (q->id, ==, id);
    }
}

/* Reserving room changes no id and loses no string. */
static void
test_reserve (void)
{
  g_autoptr(StpStringTable) plain = stp_string_table_new ();
  g_autoptr(StpStringTable) reserved = stp_string_table_new ();
  g_autoptr(GPtrArray) names = make_names (30000, 6);

  for (guint i = 0; i < names->len; i++)
    {
      StpStringQuery q = query_of (g_ptr_array_index (names, i));

      if (i == names->len / 3)
        stp_string_table_reserve (reserved, names->len);
      g_assert_cmpuint (stp_string_table_intern (reserved, q.str, q.len), ==,
                        stp_string_table_intern (plain, q.str, q.len));
    }

  for (guint i = 0; i < names->len; i++)
    {
      StpStringQuery q = query_of (g_ptr_array_index (names, i));
      StpStr a, b;

      g_assert_true (stp_string_table_lookup (plain, q.str, q.len, &a));
      g_assert_true (stp_string_table_lookup (reserved, q.str, q.len, &b));
      g_assert_cmpuint (a, ==, b);
    }
}

/* Strings interned after room was made for their bytes lie one after
 * the other, in one piece of memory (the room is larger than a chunk a
 * table grows by), and keep their ids and contents. */
static void
test_reserve_bytes (void)
{
  g_autoptr(StpStringTable) table = stp_string_table_new ();
  g_autoptr(GArray) ids = g_array_new (FALSE, FALSE, sizeof (StpStr));
  gsize bytes = 0;
  char name[32];

  stp_string_table_intern0 (table, "before");
  for (guint i = 0; i < 100000; i++)
    bytes += g_snprintf (name, sizeof name, "tensor_%06u:1", i) + 1;
  g_assert_cmpuint (bytes, >, 1024 * 1024);
  stp_string_table_reserve_bytes (table, bytes);

  for (guint i = 0; i < 100000; i++)
    {
      StpStr id;

      g_snprintf (name, sizeof name, "tensor_%06u:1", i);
      id = stp_string_table_intern0 (table, name);
      g_array_append_val (ids, id);
    }

  for (guint i = 0; i < ids->len; i++)
    {
      StpStr id = g_array_index (ids, StpStr, i);

      g_snprintf (name, sizeof name, "tensor_%06u:1", i);
      g_assert_cmpstr (stp_string_table_get (table, id), ==, name);
      if (i > 0)
        {
          StpStr prev = g_array_index (ids, StpStr, i - 1);

          g_assert_true (stp_string_table_get (table, id) ==
                         stp_string_table_get (table, prev) + stp_string_table_get_len (table, prev) + 1);
        }
    }
  g_assert_cmpstr (stp_string_table_get (table, 1), ==, "before");
}

/* Without its index a table still gives every string back; a string
 * coming in builds the index again, with every id as it was. */
static void
test_drop_index (void)
{
  g_autoptr(StpStringTable) table = stp_string_table_new ();
  g_autoptr(GPtrArray) names = make_names (50000, 7);
  g_autoptr(GPtrArray) more = make_names (5000, 8);
  g_autofree StpStr *ids = g_new (StpStr, names->len);
  guint count;
  StpStr id;

  for (guint i = 0; i < names->len; i++)
    {
      StpStringQuery q = query_of (g_ptr_array_index (names, i));
      ids[i] = stp_string_table_intern (table, q.str, q.len);
    }
  count = stp_string_table_count (table);

  stp_string_table_drop_index (table);
  for (guint i = 0; i < names->len; i++)
    assert_holds (table, ids[i], g_ptr_array_index (names, i));
  g_assert_cmpuint (stp_string_table_count (table), ==, count);

  g_test_expect_message ("stp-string-table", G_LOG_LEVEL_CRITICAL, "*slots != NULL*");
  g_assert_false (stp_string_table_lookup (table, "tower_0", 7, &id));
  g_test_assert_expected_messages ();

  /* Known strings keep their ids; new ones come after. */
  for (guint i = 0; i < names->len; i++)
    {
      StpStringQuery q = query_of (g_ptr_array_index (names, i));
      g_assert_cmpuint (stp_string_table_intern (table, q.str, q.len), ==, ids[i]);
    }
  g_assert_cmpuint (stp_string_table_count (table), ==, count);
  for (guint i = 0; i < more->len; i++)
    {
      StpStringQuery q = query_of (g_ptr_array_index (more, i));
      g_assert_cmpuint (stp_string_table_intern (table, q.str, q.len), <=, stp_string_table_count (table) - 1);
      g_assert_true (stp_string_table_lookup (table, q.str, q.len, &id));
      assert_holds (table, id, g_ptr_array_index (more, i));
    }
  g_assert_cmpuint (stp_string_table_count (table), >, count);

  /* Dropped again, and built again by a batch. */
  stp_string_table_drop_index (table);
  for (guint i = 0; i < names->len; i += 1000)
    {
      StpStringQuery q = query_of (g_ptr_array_index (names, i));

      stp_string_table_intern_many (table, &q, 1);
      g_assert_cmpuint (q.id, ==, ids[i]);
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/string-table/intern", test_intern);
  g_test_add_func ("/string-table/intern-many", test_intern_many);
  g_test_add_func ("/string-table/lookup-many", test_lookup_many);
  g_test_add_func ("/string-table/reserve", test_reserve);
  g_test_add_func ("/string-table/reserve-bytes", test_reserve_bytes);
  g_test_add_func ("/string-table/drop-index", test_drop_index);

  return g_test_run ();
}
