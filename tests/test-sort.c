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

static gint
compare_ts (gconstpointer a,
            gconstpointer b,
            gpointer      user_data)
{
  const Element *ea = a, *eb = b;

  return ea->ts < eb->ts ? -1 : ea->ts > eb->ts;
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
typedef struct
{
  gint64  key;
  guint32 order;
} Small;

typedef struct
{
  guint32 order;
  gint64  key;
  guint32 pad;
} Medium;

static gint
compare_small (gconstpointer a,
               gconstpointer b,
               gpointer      user_data)
{
  const Small *x = a, *y = b;

  return x->key < y->key ? -1 : x->key > y->key;
}

static gint
compare_medium (gconstpointer a,
                gconstpointer b,
                gpointer      user_data)
{
  const Medium *x = a, *y = b;

  return x->key < y->key ? -1 : x->key > y->key;
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

  G_STATIC_ASSERT (sizeof (Small) == 16 && sizeof (Medium) == 24);
  for (guint r = 0; r < G_N_ELEMENTS (ranges); r++)
    for (guint n = 0; n < 30000; n = n * 3 + 1)
      {
        g_autofree Small *small = g_new (Small, MAX (n, 1));
        g_autofree Medium *medium = g_new0 (Medium, MAX (n, 1));
        g_autofree Small *small_expected = NULL, *small_keyed = NULL;
        g_autofree Medium *medium_expected = NULL, *medium_keyed = NULL;

        for (guint i = 0; i < n; i++)
          {
            small[i].key = ranges[r].base + (gint64) (g_rand_double (rand) * ranges[r].spread);
            small[i].order = i;
            medium[i].key = small[i].key;
            medium[i].order = i;
          }
        small_expected = g_memdup2 (small, n * sizeof (Small));
        small_keyed = g_memdup2 (small, n * sizeof (Small));
        medium_expected = g_memdup2 (medium, n * sizeof (Medium));
        medium_keyed = g_memdup2 (medium, n * sizeof (Medium));

        g_qsort_with_data (small_expected, n, sizeof (Small), compare_small, NULL);
        stp_sort_stable_by_key (small, n, sizeof (Small), G_STRUCT_OFFSET (Small, key));
        stp_sort_by_key (small_keyed, n, sizeof (Small), G_STRUCT_OFFSET (Small, key),
                         compare_small, NULL);
        g_assert_cmpmem (small, n * sizeof (Small), small_expected, n * sizeof (Small));
        g_assert_cmpmem (small_keyed, n * sizeof (Small), small_expected, n * sizeof (Small));

        g_qsort_with_data (medium_expected, n, sizeof (Medium), compare_medium, NULL);
        stp_sort_stable_by_key (medium, n, sizeof (Medium), G_STRUCT_OFFSET (Medium, key));
        stp_sort_by_key (medium_keyed, n, sizeof (Medium), G_STRUCT_OFFSET (Medium, key),
                         compare_medium, NULL);
        g_assert_cmpmem (medium, n * sizeof (Medium), medium_expected, n * sizeof (Medium));
        g_assert_cmpmem (medium_keyed, n * sizeof (Medium), medium_expected, n * sizeof (Medium));
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
