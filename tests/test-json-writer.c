/* test-json-writer.c: numbers as the JSON writers write them
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include <glib.h>
#include <string.h>

#include "stp-json-writer.h"

/* Values at every length and edge: 0, each power of ten and its
 * neighbours, the extremes, and random ones over the whole range. */
static GArray *
interesting_values (void)
{
  GArray *values = g_array_new (FALSE, FALSE, sizeof (gint64));
  GRand *rand = g_rand_new_with_seed (31);
  gint64 extremes[] = { 0, 1, -1, G_MAXINT64, G_MININT64, G_MININT64 + 1 };

  g_array_append_vals (values, extremes, G_N_ELEMENTS (extremes));
  for (gint64 p = 1; p <= G_MAXINT64 / 10; p *= 10)
    for (gint64 d = -1; d <= 1; d++)
      {
        gint64 v[] = { p * 10 + d, -(p * 10 + d) };

        g_array_append_vals (values, v, 2);
      }
  for (guint i = 0; i < 20000; i++)
    {
      /* Uniform over the bits, then over the lengths too. */
      gint64 v = (gint64) (((guint64) g_rand_int (rand) << 32) | g_rand_int (rand));

      v >>= g_rand_int_range (rand, 0, 64);
      g_array_append_val (values, v);
    }
  g_rand_free (rand);
  return values;
}

typedef void (*AppendFunc)    (GString *out,
                               gint64   value);
typedef char *(*ReferenceFunc) (gint64   value);

/* Each value appended after some text, into a string that has to grow
 * now and then, against the reference. */
static void
check_each (AppendFunc    append,
            ReferenceFunc reference)
{
  g_autoptr(GArray) values = interesting_values ();

  for (guint i = 0; i < values->len; i++)
    {
      gint64 v = g_array_index (values, gint64, i);
      g_autoptr(GString) out = g_string_sized_new (i % 8);
      g_autofree char *text = reference (v);
      g_autofree char *expected = g_strconcat ("x", text, NULL);

      g_string_append_c (out, 'x');
      append (out, v);
      g_assert_cmpstr (out->str, ==, expected);
      g_assert_cmpuint (out->len, ==, strlen (expected));
    }
}

static char *
reference_int (gint64 v)
{
  return g_strdup_printf ("%" G_GINT64_FORMAT, v);
}

static char *
reference_us (gint64 ns)
{
  guint64 abs_ns = ns < 0 ? -(guint64) ns : (guint64) ns;
  g_autofree char *frac = g_strdup_printf ("%03u", (guint) (abs_ns % 1000));
  gsize n = 3;

  while (n > 0 && frac[n - 1] == '0')
    frac[--n] = '\0';
  return g_strdup_printf ("%s%" G_GUINT64_FORMAT "%s%s", ns < 0 ? "-" : "",
                          abs_ns / 1000, n > 0 ? "." : "", frac);
}

static void
test_int (void)
{
  check_each (stp_json_append_int, reference_int);
}

static void
test_ns_as_us (void)
{
  g_autoptr(GString) out = g_string_new (NULL);

  check_each (stp_json_append_ns_as_us, reference_us);

  /* A span beyond what a gint64 holds. */
  stp_json_append_span_as_us (out, G_MAXUINT64);
  g_assert_cmpstr (out->str, ==, "18446744073709551.615");
}

/* The rules of stp_json_append_string(), a byte at a time. */
static char *
reference_string (const char *str,
                  gsize       len)
{
  const guchar *p = (const guchar *) str, *end = p + len;
  GString *out = g_string_new ("\"");

  while (p < end)
    {
      if (*p >= 0x80)
        {
          gunichar c = g_utf8_get_char_validated ((const char *) p, end - p);

          if (c == (gunichar) -1 || c == (gunichar) -2)
            {
              g_string_append (out, "\xef\xbf\xbd");
              p++;
            }
          else if (c < 0xa0)
            {
              g_string_append_printf (out, "\\u%04x", c);
              p += 2;
            }
          else
            {
              g_string_append_len (out, (const char *) p, g_utf8_skip[*p]);
              p += g_utf8_skip[*p];
            }
          continue;
        }
      switch (*p)
        {
        case '"': g_string_append (out, "\\\""); break;
        case '\\': g_string_append (out, "\\\\"); break;
        case '\n': g_string_append (out, "\\n"); break;
        case '\r': g_string_append (out, "\\r"); break;
        case '\t': g_string_append (out, "\\t"); break;
        case '\b': g_string_append (out, "\\b"); break;
        case '\f': g_string_append (out, "\\f"); break;
        default:
          if (*p < 0x20)
            g_string_append_printf (out, "\\u%04x", *p);
          else
            g_string_append_c (out, *p);
        }
      p++;
    }
  g_string_append_c (out, '"');
  return g_string_free (out, FALSE);
}

/* Random strings of plain runs, escapes, UTF-8 of every length, C1
 * controls and broken sequences, some longer than the 64 KiB the
 * writer escapes at a time, each in a buffer of exactly its length. */
static void
test_string (void)
{
  static const char *pieces[] = {
    "plain text ", "\"", "\\", "\n", "\t", "\r", "\b", "\f", "\x01", "\x1f", "\x7f",
    "\xc3\xa9", "\xe2\x82\xac", "\xf0\x9f\x98\x80", "\xc2\x9b", "\xc2\x80", "\xc2\xa0",
    "\xff", "\x80", "\xe2\x82", "\xf0\x9f", "\xed\xa0\x80",
  };
  GRand *rand = g_rand_new_with_seed (5);

  for (guint i = 0; i < 400; i++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      g_autoptr(GString) out = g_string_sized_new (i % 16);
      guint target = i % 10 == 0 ? g_rand_int_range (rand, 60000, 200000) : g_rand_int_range (rand, 0, 300);
      g_autofree char *exact = NULL;
      g_autofree char *expected = NULL;

      while (text->len < target)
        {
          if (g_rand_int_range (rand, 0, 3) == 0)
            g_string_append (text, pieces[g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces))]);
          else
            for (guint n = g_rand_int_range (rand, 1, 40); n > 0; n--)
              g_string_append_c (text, 'a' + g_rand_int_range (rand, 0, 26));
        }

      exact = g_memdup2 (text->str, text->len);
      expected = reference_string (exact, text->len);
      g_string_append_c (out, 'x');
      stp_json_append_string (out, exact, text->len);
      g_assert_cmpuint (out->len, ==, strlen (expected) + 1);
      g_assert_cmpstr (out->str + 1, ==, expected);
    }

  g_rand_free (rand);
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/json-writer/int", test_int);
  g_test_add_func ("/json-writer/ns-as-us", test_ns_as_us);
  g_test_add_func ("/json-writer/string", test_string);
  return g_test_run ();
}
