/* strict-json.c: an RFC 8259 checker for the exports
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Stricter than json-glib and Python's json module: the text must be
 * valid UTF-8, strings must not hold control characters or lone
 * surrogate escapes, numbers follow the grammar exactly (no NaN, no
 * leading zeros or '+'), no trailing commas, nothing after the value.
 * Written apart from the core's rewriter (stp-json-strict.c) so that one
 * checks the other.  Iterative: exports nest as deep as their input.
 */

#include "strict-json.h"

#include <string.h>

typedef struct
{
  const guchar *start;
  const guchar *p;
  const guchar *end;
  const char   *problem;
} Checker;

static gboolean
fail (Checker    *c,
      const char *problem)
{
  c->problem = problem;
  return FALSE;
}

static void
space (Checker *c)
{
  while (c->p < c->end && (*c->p == ' ' || *c->p == '\t' || *c->p == '\n' || *c->p == '\r'))
    c->p++;
}

static gboolean
hex4 (Checker  *c,
      guint    *out)
{
  guint v = 0;

  if (c->end - c->p < 4)
    return fail (c, "short \\u escape");
  for (int i = 0; i < 4; i++)
    {
      int d = g_ascii_xdigit_value (c->p[i]);

      if (d < 0)
        return fail (c, "bad \\u escape");
      v = v << 4 | d;
    }
  c->p += 4;
  *out = v;
  return TRUE;
}

static gboolean
string (Checker *c)
{
  c->p++;
  while (c->p < c->end && *c->p != '"')
    {
      guint u, lo;

      if (*c->p < 0x20)
        return fail (c, "control character in a string");
      if (*c->p >= 0x80)
        {
          const gchar *next;

          if (!g_utf8_validate ((const char *) c->p, MIN (c->end - c->p, 4), &next) &&
              next == (const char *) c->p)
            return fail (c, "invalid UTF-8");
          c->p = (const guchar *) g_utf8_next_char (c->p);
          continue;
        }
      if (*c->p != '\\')
        {
          c->p++;
          continue;
        }
      c->p++;
      if (c->p == c->end)
        return fail (c, "string ends in an escape");
      if (strchr ("\"\\/bfnrt", *c->p) != NULL && *c->p != '\0')
        {
          c->p++;
          continue;
        }
      if (*c->p != 'u')
        return fail (c, "unknown escape");
      c->p++;
      if (!hex4 (c, &u))
        return FALSE;
      if (u >= 0xdc00 && u <= 0xdfff)
        return fail (c, "lone low surrogate");
      if (u >= 0xd800 && u <= 0xdbff)
        {
          if (c->end - c->p < 2 || c->p[0] != '\\' || c->p[1] != 'u')
            return fail (c, "lone high surrogate");
          c->p += 2;
          if (!hex4 (c, &lo))
            return FALSE;
          if (lo < 0xdc00 || lo > 0xdfff)
            return fail (c, "lone high surrogate");
        }
    }
  if (c->p == c->end)
    return fail (c, "unterminated string");
  c->p++;
  return TRUE;
}

static gboolean
digits (Checker *c)
{
  const guchar *start = c->p;

  while (c->p < c->end && g_ascii_isdigit (*c->p))
    c->p++;
  return c->p > start;
}

static gboolean
number (Checker *c)
{
  if (c->p < c->end && *c->p == '-')
    c->p++;
  if (c->p < c->end && *c->p == '0')
    c->p++;
  else if (!digits (c))
    return fail (c, "not a value");
  if (c->p < c->end && *c->p == '.')
    {
      c->p++;
      if (!digits (c))
        return fail (c, "no digits after '.'");
    }
  if (c->p < c->end && (*c->p == 'e' || *c->p == 'E'))
    {
      c->p++;
      if (c->p < c->end && (*c->p == '+' || *c->p == '-'))
        c->p++;
      if (!digits (c))
        return fail (c, "no digits in the exponent");
    }
  return TRUE;
}

static gboolean
literal (Checker    *c,
         const char *word)
{
  gsize n = strlen (word);

  if ((gsize) (c->end - c->p) < n || memcmp (c->p, word, n) != 0)
    return fail (c, "not a value");
  c->p += n;
  return TRUE;
}

static gboolean
value (Checker    *c,
       GByteArray *stack)
{
  for (;;)
    {
      guchar top;

      space (c);
      if (c->p == c->end)
        return fail (c, "ends before a value");

      if (*c->p == '{' || *c->p == '[')
        {
          guchar open = *c->p++;

          space (c);
          if (c->p < c->end && *c->p == (open == '{' ? '}' : ']'))
            c->p++;       /* empty: a value, done below */
          else
            {
              g_byte_array_append (stack, &open, 1);
              if (open == '{')
                {
                  if (c->p == c->end || *c->p != '"')
                    return fail (c, "expected a key");
                  if (!string (c))
                    return FALSE;
                  space (c);
                  if (c->p == c->end || *c->p != ':')
                    return fail (c, "expected ':'");
                  c->p++;
                }
              continue;
            }
        }
      else if (*c->p == '"')
        {
          if (!string (c))
            return FALSE;
        }
      else if (*c->p == 't')
        {
          if (!literal (c, "true"))
            return FALSE;
        }
      else if (*c->p == 'f')
        {
          if (!literal (c, "false"))
            return FALSE;
        }
      else if (*c->p == 'n')
        {
          if (!literal (c, "null"))
            return FALSE;
        }
      else if (!number (c))
        return FALSE;

      /* After a value: close containers, or a comma and the next one. */
      for (;;)
        {
          if (stack->len == 0)
            return TRUE;
          top = stack->data[stack->len - 1];
          space (c);
          if (c->p == c->end)
            return fail (c, "unterminated container");
          if (*c->p == (top == '{' ? '}' : ']'))
            {
              c->p++;
              g_byte_array_set_size (stack, stack->len - 1);
              continue;
            }
          if (*c->p != ',')
            return fail (c, "expected ',' or the end of a container");
          c->p++;
          if (top == '{')
            {
              space (c);
              if (c->p == c->end || *c->p != '"')
                return fail (c, "expected a key");
              if (!string (c))
                return FALSE;
              space (c);
              if (c->p == c->end || *c->p != ':')
                return fail (c, "expected ':'");
              c->p++;
            }
          break;
        }
    }
}

gboolean
strict_json_check (const char  *text,
                   gsize        len,
                   GError     **error)
{
  g_autoptr(GByteArray) stack = g_byte_array_new ();
  Checker c = { (const guchar *) text, (const guchar *) text, (const guchar *) text + len, NULL };

  if (value (&c, stack))
    {
      space (&c);
      if (c.p == c.end)
        return TRUE;
      c.problem = "text after the value";
    }
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_DATA,
               "not strict JSON at byte %" G_GSIZE_FORMAT ": %s",
               (gsize) (c.p - c.start), c.problem);
  return FALSE;
}
