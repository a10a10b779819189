/* test-sort.c: the sort by a 64-bit key, against GLib's merge sort
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <string.h>

#include "stp-sort.h"

/* The size of a slice, the key where a slice has its start. */
typedef struct
{
  gint64  ts;
  guint32 order;     /* where it was before sorting */
  char    rest[28];
} Element;

/* By the gint64 at the offset user_data gives (NULL: an Element's ts). */
static gint
compare_ts (gconstpointer a,
            gconstpointer b,
            gpointer      user_data)
{
  gsize offset = GPOINTER_TO_SIZE (user_data);
  gint64 x, y;

  memcpy (&x, (const char *) a + offset, sizeof x);
  memcpy (&y, (const char *) b + offset, sizeof y);
  return x < y ? -1 : x > y;
}

/* Then the byte that make_elements() varies with the position, larger
 * first: equal keys must then be sorted by more than their key. */
static gint
compare_ts_then_rest (gconstpointer a,
                      gconstpointer b,
                      gpointer      user_data)
{
  const Element *ea = a, *eb = b;
  gint by_ts = compare_ts (a, b, NULL);

  if (by_ts != 0)
    return by_ts;
  return ea->rest[0] > eb->rest[0] ? -1 : ea->rest[0] < eb->rest[0];
}

/* The sort gives what a stable merge sort gives, with the compare that
 * orders by ts alone (so equal keys in the order they came) and with
 * one that orders equal keys by more. */
static void
check_against_merge_sort (GArray *elements)
{
  GCompareDataFunc compares[] = { compare_ts, compare_ts_then_rest };

  for (guint c = 0; c < G_N_ELEMENTS (compares); c++)
    {
      g_autoptr(GArray) sorted = g_array_copy (elements);
      g_autoptr(GArray) expected = g_array_copy (elements);

      g_qsort_with_data (expected->data, expected->len, sizeof (Element), compares[c], NULL);
      stp_sort_by_key (sorted->data, sorted->len, sizeof (Element), G_STRUCT_OFFSET (Element, ts),
                       compares[c], NULL);
      g_assert_cmpmem (sorted->data, sorted->len * sizeof (Element),
                       expected->data, expected->len * sizeof (Element));
    }
  stp_sort_by_key (elements->data, elements->len, sizeof (Element), G_STRUCT_OFFSET (Element, ts),
                   compare_ts, NULL);
}

static GArray *
make_elements (GRand  *rand,
               guint   n,
               gint64  base,
               gint64  spread)
{
  GArray *elements = g_array_sized_new (FALSE, TRUE, sizeof (Element), n);

  for (guint i = 0; i < n; i++)
    {
      Element e = { 0 };

      /* Few distinct keys in some arrays, so that many are equal. */
      e.ts = base + (gint64) (g_rand_double (rand) * spread);
      e.order = i;
      memset (e.rest, i % 251, sizeof e.rest);
      g_array_append_val (elements, e);
    }
  return elements;
}

static void
test_random (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (30);
  static const struct { gint64 base; gint64 spread; } ranges[] = {
    { 0, 10 },                                   /* many equal keys */
    { 1623212388426902000, 500000000 },          /* a trace's ns timestamps */
    { -4000000, 8000000 },                       /* across zero */
    { G_MININT64 / 2, G_MAXINT64 },              /* nearly every byte varies */
  };

  for (guint r = 0; r < G_N_ELEMENTS (ranges); r++)
    for (guint n = 0; n < 3000; n = n * 3 + 1)
      {
        g_autoptr(GArray) elements = make_elements (rand, n, ranges[r].base, ranges[r].spread);

        check_against_merge_sort (elements);
      }
}

/* The extremes of the key, and keys all equal. */
static void
test_extremes (void)
{
  gint64 keys[] = { G_MAXINT64, G_MININT64, 0, -1, 1, G_MAXINT64, G_MININT64, 0 };
  g_autoptr(GArray) elements = g_array_new (FALSE, TRUE, sizeof (Element));
  g_autoptr(GArray) same = g_array_new (FALSE, TRUE, sizeof (Element));

  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    {
      Element e = { keys[i], i, { 0 } };

      g_array_append_val (elements, e);
      e.ts = 42;
      g_array_append_val (same, e);
    }
  check_against_merge_sort (elements);
  g_assert_cmpint (g_array_index (elements, Element, 0).ts, ==, G_MININT64);
  g_assert_cmpuint (g_array_index (elements, Element, 0).order, ==, 1);
  g_assert_cmpuint (g_array_index (elements, Element, 1).order, ==, 6);
  g_assert_cmpint (g_array_index (elements, Element, 7).ts, ==, G_MAXINT64);

  check_against_merge_sort (same);
  for (guint i = 0; i < same->len; i++)
    g_assert_cmpuint (g_array_index (same, Element, i).order, ==, i);
}

/* Elements no larger than two (key, position) entries are moved by
 * the radix passes themselves: 16 bytes with the key first (a flow end
 * of the render index) and 24 with the key after a field (a flow's
 * span).  Both sorts keep equal keys in the order they came. */
static void
check_small_elements (GRand  *rand,
                      guint   n,
                      gsize   size,
                      gsize   key_offset,
                      gint64  base,
                      gint64  spread)
{
  gpointer data = GSIZE_TO_POINTER (key_offset);
  g_autofree char *elements = g_malloc0 (MAX (n, 1) * size);
  g_autofree char *expected = NULL, *keyed = NULL;

  for (guint i = 0; i < n; i++)
    {
      gint64 key = base + (gint64) (g_rand_double (rand) * spread);

      memcpy (elements + i * size + key_offset, &key, sizeof key);
      /* Where it came from, in the bytes beside the key. */
      memcpy (elements + i * size + (key_offset == 0 ? sizeof key : 0), &i, sizeof i);
    }
  expected = g_memdup2 (elements, n * size);
  keyed = g_memdup2 (elements, n * size);

  g_qsort_with_data (expected, n, size, compare_ts, data);
  stp_sort_stable_by_key (elements, n, size, key_offset);
  stp_sort_by_key (keyed, n, size, key_offset, compare_ts, data);
  g_assert_cmpmem (elements, n * size, expected, n * size);
  g_assert_cmpmem (keyed, n * size, expected, n * size);
}

static void
test_small_elements (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (31);
  static const struct { gint64 base; gint64 spread; } ranges[] = {
    { 0, 10 },
    { (gint64) 40 << 32, (gint64) 3 << 32 },     /* track << 32 | slice */
    { -4000000, 8000000 },
    { G_MININT64 / 2, G_MAXINT64 },
  };

  for (guint r = 0; r < G_N_ELEMENTS (ranges); r++)
    for (guint n = 0; n < 30000; n = n * 3 + 1)
      {
        check_small_elements (rand, n, 16, 0, ranges[r].base, ranges[r].spread);
        check_small_elements (rand, n, 24, 8, ranges[r].base, ranges[r].spread);
      }
}

/* stp_permute() puts the element from[i] names at i, with the indices
 * read from inside records, and uses every index up. */
static void
test_permute (void)
{
  typedef struct { gint64 other; guint32 from; guint32 pad; } Record;
  const guint sizes[] = { 0, 1, 2, 7, 1000, 65537 };
  GRand *rand = g_rand_new_with_seed (11);

  for (guint k = 0; k < G_N_ELEMENTS (sizes); k++)
    {
      guint n = sizes[k];
      g_autofree Element *elements = g_new0 (Element, MAX (n, 1));
      g_autofree Record *records = g_new0 (Record, MAX (n, 1));
      g_autofree guint32 *wanted = g_new (guint32, MAX (n, 1));

      /* A shuffle (Fisher-Yates), with a few places left alone. */
      for (guint i = 0; i < n; i++)
        wanted[i] = i;
      for (guint i = n; i > 1; i--)
        {
          guint j = g_rand_int_range (rand, 0, i);
          guint32 t = wanted[i - 1];

          if (i % 5 == 0)
            continue;
          wanted[i - 1] = wanted[j];
          wanted[j] = t;
        }
      for (guint i = 0; i < n; i++)
        {
          elements[i].ts = (gint64) i * 3 - 7;
          elements[i].order = i;
          records[i].from = wanted[i];
        }

      stp_permute (elements, n, sizeof (Element), &records[0].from, sizeof (Record));

      for (guint i = 0; i < n; i++)
        {
          g_assert_cmpuint (elements[i].order, ==, wanted[i]);
          g_assert_cmpint (elements[i].ts, ==, (gint64) wanted[i] * 3 - 7);
          g_assert_cmpuint (records[i].from, ==, wanted[i] == i ? i : G_MAXUINT32);
        }
    }
  g_rand_free (rand);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/sort/random", test_random);
  g_test_add_func ("/sort/extremes", test_extremes);
  g_test_add_func ("/sort/small-elements", test_small_elements);
  g_test_add_func ("/sort/permute", test_permute);
  return g_test_run ();
}
