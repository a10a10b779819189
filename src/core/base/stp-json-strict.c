/* stp-json-strict.c: copying JSON read from a file as strict JSON
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Chrome loader keeps event args and unknown members as the bytes it
 * read, skipping them by matching brackets.  Those bytes may hold what
 * a strict parser refuses: raw control characters and invalid UTF-8 in
 * strings (PyTorch and Perfetto write both), NaN, leading '+' or zeros,
 * trailing commas.  The exporter copies them through this rewriter so
 * that whatever came in, what goes out is RFC 8259 JSON in UTF-8.
 *
 * One pass, no recursion (values may nest 10,000 deep): a stack of the
 * open containers, one byte each.
 */

#define G_LOG_DOMAIN "stp-json-strict"

#include "stp-json-writer.h"

#include <math.h>
#include <stdlib.h>

typedef struct
{
  const guchar *p;
  const guchar *end;
  GString      *out;
  GByteArray   *stack;     /* '{' or '[' per open container */
} Rewriter;

/* Spaces are kept: a strict input comes out byte for byte. */
static inline void
skip_space (Rewriter *r)
{
  const guchar *start = r->p;

  while (r->p < r->end && (*r->p == ' ' || *r->p == '\n' || *r->p == '\r' || *r->p == '\t'))
    r->p++;
  if (r->p > start)
    stp_json_append_len (r->out, (const char *) start, r->p - start);
}

static gboolean
read_hex4 (const guchar *p,
           const guchar *end,
           gunichar     *out)
{
  gunichar c = 0;

  if (end - p < 4)
    return FALSE;
  for (int i = 0; i < 4; i++)
    {
      int v = g_ascii_xdigit_value (p[i]);

      if (v < 0)
        return FALSE;
      c = c << 4 | v;
    }
  *out = c;
  return TRUE;
}

static inline gboolean
is_surrogate (gunichar c,
              gunichar low)
{
  return c >= low && c <= low + 0x3ff;
}

/* A string from its opening quote.  Escapes JSON knows are kept as
 * written (\/, \u00e9: a strict input comes out byte for byte); a lone
 * surrogate escape becomes \ufffd, an unknown escape a backslash; the
 * bytes between escapes go through stp_json_append_string(). */
static gboolean
rewrite_string (Rewriter *r)
{
  const guchar *start = ++r->p;
  const guchar *q = start;
  gboolean escaped = FALSE;

  while (q < r->end && *q != '"')
    {
      if (*q == '\\')
        {
          escaped = TRUE;
          q++;
          if (q == r->end)
            return FALSE;
        }
      q++;
    }
  if (q == r->end)
    return FALSE;
  r->p = q + 1;

  if (!escaped)
    {
      stp_json_append_string (r->out, (const char *) start, q - start);
      return TRUE;
    }

  stp_json_append_c (r->out, '"');
  for (const guchar *s = start; s < q; )
    {
      const guchar *run = s;
      gunichar c, lo;

      while (s < q && *s != '\\')
        s++;
      if (s > run)
        {
          gsize mark = r->out->len;

          /* Its quotes are dropped again: the string goes on. */
          stp_json_append_string (r->out, (const char *) run, s - run);
          memmove (r->out->str + mark, r->out->str + mark + 1, r->out->len - mark - 2);
          g_string_truncate (r->out, r->out->len - 2);
        }
      if (s == q)
        break;

      if (s[1] != '\0' && strchr ("\"\\/bfnrt", s[1]) != NULL)
        {
          stp_json_append_len (r->out, (const char *) s, 2);
          s += 2;
        }
      else if (s[1] == 'u' && read_hex4 (s + 2, q, &c))
        {
          if (is_surrogate (c, 0xd800) && q - s >= 12 && s[6] == '\\' && s[7] == 'u' &&
              read_hex4 (s + 8, q, &lo) && is_surrogate (lo, 0xdc00))
            {
              stp_json_append_len (r->out, (const char *) s, 12);
              s += 12;
            }
          else if (is_surrogate (c, 0xd800) || is_surrogate (c, 0xdc00))
            {
              stp_json_append_literal (r->out, "\\ufffd");
              s += 6;
            }
          else
            {
              stp_json_append_len (r->out, (const char *) s, 6);
              s += 6;
            }
        }
      else
        {
          /* Not an escape JSON knows: the backslash is text. */
          stp_json_append_literal (r->out, "\\\\");
          s++;
        }
    }
  stp_json_append_c (r->out, '"');
  return TRUE;
}

/* A number, or NaN and the infinities (written as null).  Strict
 * numbers are copied; lenient ones (+1, 01, .5, 5.) are rewritten. */
static gboolean
rewrite_number (Rewriter *r)
{
  const guchar *start = r->p, *q = r->p;
  gboolean strict = TRUE;
  gboolean digits = FALSE;
  char buf[64];
  double value;

  if (q < r->end && (*q == '-' || *q == '+'))
    strict = *q++ == '-';
  if (r->end - q >= 3 && memcmp (q, "NaN", 3) == 0)
    {
      r->p = q + 3;
      stp_json_append_literal (r->out, "null");
      return TRUE;
    }
  if (r->end - q >= 8 && memcmp (q, "Infinity", 8) == 0)
    {
      r->p = q + 8;
      stp_json_append_literal (r->out, "null");
      return TRUE;
    }

  if (q < r->end && *q == '0' && q + 1 < r->end && g_ascii_isdigit (q[1]))
    strict = FALSE;
  while (q < r->end && g_ascii_isdigit (*q))
    q++, digits = TRUE;
  if (!digits)
    strict = FALSE;
  if (q < r->end && *q == '.')
    {
      gboolean frac = FALSE;

      q++;
      while (q < r->end && g_ascii_isdigit (*q))
        q++, frac = TRUE, digits = TRUE;
      if (!frac)
        strict = FALSE;
    }
  if (!digits)
    return FALSE;
  if (q < r->end && (*q == 'e' || *q == 'E'))
    {
      gboolean exp_digits = FALSE;

      q++;
      if (q < r->end && (*q == '-' || *q == '+'))
        q++;
      while (q < r->end && g_ascii_isdigit (*q))
        q++, exp_digits = TRUE;
      if (!exp_digits)
        return FALSE;
    }
  r->p = q;

  if (strict)
    {
      stp_json_append_len (r->out, (const char *) start, q - start);
      return TRUE;
    }
  if ((gsize) (q - start) >= sizeof buf)
    return FALSE;
  memcpy (buf, start, q - start);
  buf[q - start] = '\0';
  value = g_ascii_strtod (buf[0] == '+' ? buf + 1 : buf, NULL);
  stp_json_append_double (r->out, value);
  return TRUE;
}

static gboolean
rewrite_literal (Rewriter   *r,
                 const char *word)
{
  gsize n = strlen (word);

  if ((gsize) (r->end - r->p) < n || memcmp (r->p, word, n) != 0)
    return FALSE;
  stp_json_append_len (r->out, word, n);
  r->p += n;
  return TRUE;
}

static gboolean
rewrite (Rewriter *r,
         gboolean  members)
{
  /* After a value inside a container: ',' or the closing bracket. */
  gboolean after_value = FALSE;
  /* Where the last comma was written, until a value follows it: a
   * trailing comma is taken out again. */
  gssize comma = -1;

  if (members)
    g_byte_array_append (r->stack, (const guint8 *) "{", 1);

  for (;;)
    {
      guint depth = r->stack->len;
      guchar top = depth > 0 ? r->stack->data[depth - 1] : 0;

      skip_space (r);

      if (after_value)
        {
          if (depth == 0 || (members && depth == 1 && r->p == r->end))
            {
              if (members)
                g_byte_array_set_size (r->stack, 0);
              return r->p == r->end;
            }
          if (r->p == r->end)
            return FALSE;
          if (*r->p == ',')
            {
              comma = r->out->len;
              stp_json_append_c (r->out, ',');
              r->p++;
              after_value = FALSE;
              continue;
            }
          if ((*r->p == '}' && top == '{') || (*r->p == ']' && top == '['))
            {
              if (members && depth == 1)
                return FALSE;
              stp_json_append_c (r->out, *r->p);
              r->p++;
              g_byte_array_set_size (r->stack, depth - 1);
              continue;
            }
          return FALSE;
        }

      if (r->p == r->end)
        {
          /* "k":1, at the end of a member list */
          if (members && depth == 1)
            {
              if (comma >= 0)
                g_string_erase (r->out, comma, 1);
              g_byte_array_set_size (r->stack, 0);
              return TRUE;
            }
          return FALSE;
        }

      /* Closing right after '[', '{' or a trailing comma. */
      if ((*r->p == '}' && top == '{') || (*r->p == ']' && top == '['))
        {
          if (members && depth == 1)
            return FALSE;
          if (comma >= 0)
            g_string_erase (r->out, comma, 1);
          comma = -1;
          stp_json_append_c (r->out, *r->p);
          r->p++;
          g_byte_array_set_size (r->stack, depth - 1);
          after_value = TRUE;
          continue;
        }

      comma = -1;

      /* In an object, a key and a colon come first. */
      if (top == '{')
        {
          if (*r->p != '"' || !rewrite_string (r))
            return FALSE;
          skip_space (r);
          if (r->p == r->end || *r->p != ':')
            return FALSE;
          stp_json_append_c (r->out, ':');
          r->p++;
          skip_space (r);
          if (r->p == r->end)
            return FALSE;
        }

      switch (*r->p)
        {
        case '{':
        case '[':
          g_byte_array_append (r->stack, r->p, 1);
          stp_json_append_c (r->out, *r->p);
          r->p++;
          continue;
        case '"':
          if (!rewrite_string (r))
            return FALSE;
          break;
        case 't':
          if (!rewrite_literal (r, "true"))
            return FALSE;
          break;
        case 'f':
          if (!rewrite_literal (r, "false"))
            return FALSE;
          break;
        case 'n':
          if (!rewrite_literal (r, "null"))
            return FALSE;
          break;
        default:
          if (!rewrite_number (r))
            return FALSE;
          break;
        }
      after_value = TRUE;
    }
}

gboolean
stp_json_append_strict (GString    *out,
                        const char *raw,
                        gsize       len,
                        gboolean    members)
{
  g_autoptr(GByteArray) stack = g_byte_array_new ();
  Rewriter r = {
    .p = (const guchar *) raw,
    .end = (const guchar *) raw + len,
    .out = out,
    .stack = stack,
  };
  gsize mark = out->len;

  if (len == 0)
    return members;

  if (!rewrite (&r, members))
    {
      g_string_truncate (out, mark);
      return FALSE;
    }
  return TRUE;
}
