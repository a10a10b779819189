/* test-json-scan.c: skipping JSON containers, against a byte-by-byte reference
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * stp_json_skip_container() jumps from bracket to bracket, 16 bytes at a
 * time, and over strings whole.  Every value here is skipped whole and
 * cut short at every length, in a buffer of exactly its size (so
 * AddressSanitizer sees a read past it), and each answer must be the
 * reference's: where the container ends, or that the data ends first,
 * is not JSON or nests too deep.
 */

#include <string.h>

#include "stp-json-scan.h"

/* One byte at a time: strings with their escapes, brackets outside. */
static StpScanResult
reference_skip (const char  *p,
                const char  *end,
                const char **out)
{
  guint depth = 0;
  gboolean in_string = FALSE;

  for (; p < end; p++)
    {
      if (in_string)
        {
          if (*p == '\\')
            p++;
          else if (*p == '"')
            in_string = FALSE;
          continue;
        }
      if (*p == '"')
        in_string = TRUE;
      else if (*p == '{' || *p == '[')
        {
          if (++depth > STP_JSON_MAX_DEPTH)
            return STP_SCAN_TOO_DEEP;
        }
      else if (*p == '}' || *p == ']')
        {
          if (depth == 0)
            return STP_SCAN_ERROR;
          if (--depth == 0)
            {
              *out = p + 1;
              return STP_SCAN_OK;
            }
        }
    }
  return STP_SCAN_MORE;
}

/* A string whose body is made to trouble the skip: brackets, escaped
 * quotes, runs of backslashes, lengths across 16-byte steps. */
static void
append_string (GString *json,
               GRand   *rand)
{
  static const char *const pieces[] = {
    "a", "bc", "{", "}", "[", "]", "\\\"", "\\\\", "\\\\\\\"", "\\n", "\\u00e9",
    ", ", ": ", "        ", "/home/user/site-packages/torch/nn/module.py(1501): _call_impl",
  };
  guint n = g_rand_int_range (rand, 0, 24);

  g_string_append_c (json, '"');
  for (guint i = 0; i < n; i++)
    {
      /* Most strings in a trace hold no escape at all. */
      guint k = g_rand_int_range (rand, 0, G_N_ELEMENTS (pieces));

      if (g_rand_boolean (rand) && pieces[k][0] == '\\')
        k = 0;
      g_string_append (json, pieces[k]);
    }
  g_string_append_c (json, '"');
}

static void
append_value (GString *json,
              GRand   *rand,
              guint    depth)
{
  guint kind = g_rand_int_range (rand, 0, depth < 5 ? 5 : 3);
  guint n;

  switch (kind)
    {
    case 0:
      append_string (json, rand);
      break;
    case 1:
      g_string_append_printf (json, "%d", g_rand_int_range (rand, -1000000, 1000000));
      break;
    case 2:
      g_string_append (json, g_rand_boolean (rand) ? "true" : "null");
      break;
    case 3:
      n = g_rand_int_range (rand, 0, 6);
      g_string_append_c (json, '[');
      for (guint i = 0; i < n; i++)
        {
          if (i > 0)
            g_string_append (json, ", ");
          append_value (json, rand, depth + 1);
        }
      g_string_append_c (json, ']');
      break;
    default:
      n = g_rand_int_range (rand, 0, 6);
      g_string_append (json, "{\n");
      for (guint i = 0; i < n; i++)
        {
          if (i > 0)
            g_string_append (json, ",\n");
          g_string_append (json, "  ");
          append_string (json, rand);
          g_string_append (json, ": ");
          append_value (json, rand, depth + 1);
        }
      g_string_append (json, "\n}");
      break;
    }
}

/* Skips the first `len` bytes of `text`, copied into a buffer of that
 * size, both ways. */
static void
check_prefix (const char *text,
              gsize       len)
{
  char *copy = g_malloc (MAX (len, 1));
  const char *out = NULL, *expected_out = NULL;
  StpScanResult result, expected;

  memcpy (copy, text, len);
  result = stp_json_skip_container (copy, copy + len, &out);
  expected = reference_skip (copy, copy + len, &expected_out);
  if (result != expected || (result == STP_SCAN_OK && out != expected_out))
    g_error ("%" G_GSIZE_FORMAT " bytes of %.80s...: %d at %td, expected %d at %td", len, text,
             result, out ? out - copy : -1, expected, expected_out ? expected_out - copy : -1);
  g_free (copy);
}

static void
test_random_values (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (29);
  guint n_complete = 0, n_escaped = 0;

  for (guint round = 0; round < 3000; round++)
    {
      g_autoptr(GString) json = g_string_new (NULL);
      const char *out = NULL;

      /* A container, then what may follow it in an event. */
      if (g_rand_boolean (rand))
        g_string_append_c (json, '[');
      else
        g_string_append (json, "{\"k\": ");
      append_value (json, rand, 1);
      g_string_append_c (json, json->str[0] == '[' ? ']' : '}');
      g_string_append (json, "}, {\"ph\": \"X\"}");

      for (gsize len = 0; len <= json->len; len++)
        check_prefix (json->str, len);

      if (stp_json_skip_container (json->str, json->str + json->len, &out) == STP_SCAN_OK)
        n_complete++;
      if (strchr (json->str, '\\') != NULL)
        n_escaped++;
    }

  /* Every round holds a whole container; many with escapes, many
   * without. */
  g_assert_cmpuint (n_complete, ==, 3000);
  g_assert_cmpuint (n_escaped, >, 500);
  g_assert_cmpuint (n_escaped, <, 2500);
}

/* Brackets inside long strings, with and without escapes, at every
 * offset from the container's start. */
static void
test_strings_across_blocks (void)
{
  for (guint shift = 0; shift < 70; shift++)
    for (guint escaped = 0; escaped < 2; escaped++)
      {
        g_autoptr(GString) json = g_string_new ("{\"a\": \"");

        g_string_append_printf (json, "%*s", shift, "");
        for (guint i = 0; i < 40; i++)
          g_string_append (json, escaped && i % 9 == 8 ? "\\\"}" : "]}[{");
        g_string_append (json, "\", \"b\": [[{}]]}]");

        for (gsize len = 0; len <= json->len; len++)
          check_prefix (json->str, len);
      }
}

/* Too deep, and a closing bracket with nothing open. */
static void
test_depth (void)
{
  g_autoptr(GString) json = g_string_new (NULL);
  const char *out = NULL;

  for (guint i = 0; i <= STP_JSON_MAX_DEPTH; i++)
    g_string_append_c (json, i % 2 ? '[' : '{');
  g_assert_cmpint (stp_json_skip_container (json->str, json->str + json->len, &out), ==,
                   STP_SCAN_TOO_DEEP);
  check_prefix (json->str, json->len);
  check_prefix (json->str, json->len - 1);

  check_prefix ("]", 1);
  check_prefix ("  \"x\" }", 7);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);
  g_test_add_func ("/json-scan/random-values", test_random_values);
  g_test_add_func ("/json-scan/strings-across-blocks", test_strings_across_blocks);
  g_test_add_func ("/json-scan/depth", test_depth);
  return g_test_run ();
}
