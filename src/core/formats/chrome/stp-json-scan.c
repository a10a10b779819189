/* stp-json-scan.c: JSON strings and numbers for the streaming loader
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "stp-json-scan"

#include "stp-json-scan.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

const guint8 stp_json_scalar_bytes[256] = {
  ['0'] = 1, ['1'] = 1, ['2'] = 1, ['3'] = 1, ['4'] = 1,
  ['5'] = 1, ['6'] = 1, ['7'] = 1, ['8'] = 1, ['9'] = 1,
  ['a'] = 1, ['b'] = 1, ['c'] = 1, ['d'] = 1, ['e'] = 1, ['f'] = 1, ['g'] = 1,
  ['h'] = 1, ['i'] = 1, ['j'] = 1, ['k'] = 1, ['l'] = 1, ['m'] = 1, ['n'] = 1,
  ['o'] = 1, ['p'] = 1, ['q'] = 1, ['r'] = 1, ['s'] = 1, ['t'] = 1, ['u'] = 1,
  ['v'] = 1, ['w'] = 1, ['x'] = 1, ['y'] = 1, ['z'] = 1,
  ['-'] = 1, ['+'] = 1, ['.'] = 1, ['E'] = 1,
};

static int
hex_value (char c)
{
  if (c >= '0' && c <= '9')
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  if (c >= 'A' && c <= 'F')
    return c - 'A' + 10;
  return -1;
}

static gboolean
read_hex4 (const char *p,
           const char *end,
           gunichar   *out)
{
  gunichar v = 0;

  if (end - p < 4)
    return FALSE;
  for (int i = 0; i < 4; i++)
    {
      int h = hex_value (p[i]);
      if (h < 0)
        return FALSE;
      v = v * 16 + h;
    }
  *out = v;
  return TRUE;
}

void
stp_json_unescape (const char *p,
                   gsize       len,
                   GString    *out)
{
  const char *end = p + len;

  while (p < end)
    {
      const char *bs = memchr (p, '\\', end - p);
      gunichar c;

      if (bs == NULL)
        {
          g_string_append_len (out, p, end - p);
          return;
        }
      g_string_append_len (out, p, bs - p);
      p = bs + 1;
      if (p >= end)
        {
          g_string_append_c (out, '\\');
          return;
        }

      switch (*p)
        {
        case '"':  g_string_append_c (out, '"'); p++; break;
        case '\\': g_string_append_c (out, '\\'); p++; break;
        case '/':  g_string_append_c (out, '/'); p++; break;
        case 'b':  g_string_append_c (out, '\b'); p++; break;
        case 'f':  g_string_append_c (out, '\f'); p++; break;
        case 'n':  g_string_append_c (out, '\n'); p++; break;
        case 'r':  g_string_append_c (out, '\r'); p++; break;
        case 't':  g_string_append_c (out, '\t'); p++; break;
        case 'u':
          if (!read_hex4 (p + 1, end, &c))
            {
              g_string_append_c (out, '\\');
              break;
            }
          p += 5;
          if (c >= 0xd800 && c <= 0xdbff)
            {
              gunichar lo;

              if (end - p >= 6 && p[0] == '\\' && p[1] == 'u' &&
                  read_hex4 (p + 2, end, &lo) && lo >= 0xdc00 && lo <= 0xdfff)
                {
                  c = 0x10000 + ((c - 0xd800) << 10) + (lo - 0xdc00);
                  p += 6;
                }
              else
                c = 0xfffd;
            }
          else if (c >= 0xdc00 && c <= 0xdfff)
            c = 0xfffd;
          g_string_append_unichar (out, c);
          break;
        default:
          g_string_append_c (out, '\\');
          break;
        }
    }
}

static void
strip_quotes (const char **p,
              gsize       *len)
{
  if (*len >= 2 && (*p)[0] == '"' && (*p)[*len - 1] == '"')
    {
      (*p)++;
      *len -= 2;
    }
}

/* Checks the JSON number grammar (leniently: leading zeros, a leading
 * '+' or '.' and a trailing '.' are accepted, as in quoted numbers). */
static gboolean
is_number (const char *p,
           gsize       len)
{
  const char *end = p + len;
  gboolean digits = FALSE;

  if (p < end && (*p == '-' || *p == '+'))
    p++;
  while (p < end && g_ascii_isdigit (*p))
    p++, digits = TRUE;
  if (p < end && *p == '.')
    {
      p++;
      while (p < end && g_ascii_isdigit (*p))
        p++, digits = TRUE;
    }
  if (!digits)
    return FALSE;
  if (p < end && (*p == 'e' || *p == 'E'))
    {
      gboolean exp_digits = FALSE;

      p++;
      if (p < end && (*p == '-' || *p == '+'))
        p++;
      while (p < end && g_ascii_isdigit (*p))
        p++, exp_digits = TRUE;
      if (!exp_digits)
        return FALSE;
    }
  return p == end;
}

gboolean
stp_json_parse_double (const char *p,
                       gsize       len,
                       double     *out)
{
  char buf[64];
  char *endp;

  strip_quotes (&p, &len);
  if (len == 0 || len >= sizeof buf || !is_number (p, len))
    return FALSE;

  memcpy (buf, p, len);
  buf[len] = '\0';
  *out = g_ascii_strtod (buf, &endp);
  return endp == buf + len && isfinite (*out);
}

/* The value of the eight ASCII digits at p; FALSE if one is not a
 * digit.  Kineto's timestamps are sixteen digits. */
static inline gboolean
eight_digits (const char *p,
              guint64    *value)
{
#if G_BYTE_ORDER == G_LITTLE_ENDIAN
  guint64 x, v;

  memcpy (&x, p, 8);
  /* Each byte 0x30-0x3f, and still 0x30-0x3f with 6 added: '0'-'9'. */
  if (((x & 0xf0f0f0f0f0f0f0f0) | (((x + 0x0606060606060606) & 0xf0f0f0f0f0f0f0f0) >> 4))
      != 0x3333333333333333)
    return FALSE;

  /* The first digit is the lowest byte: pairs, then fours, then all. */
  v = x - 0x3030303030303030;
  v = v * 10 + (v >> 8);
  v = (((v & 0x000000ff000000ff) * (100 + (G_GUINT64_CONSTANT (1000000) << 32)))
       + (((v >> 16) & 0x000000ff000000ff) * (1 + (G_GUINT64_CONSTANT (10000) << 32)))) >> 32;
  *value = v;
  return TRUE;
#else
  return FALSE;
#endif
}

/* ns per unit of the fraction read, by how many of its digits (0-3). */
static const guint64 ns_per_frac_unit[] = { 1000, 100, 10, 1 };

gboolean
stp_json_parse_us_to_ns (const char *p,
                         gsize       len,
                         gint64     *out)
{
  const char *start, *end, *digits;
  gboolean negative = FALSE;
  guint64 whole = 0;
  guint64 frac = 0;
  int n_whole = 0, n_frac = 0;
  gboolean round_up = FALSE;

  strip_quotes (&p, &len);
  start = p;
  end = p + len;

  if (p < end && (*p == '-' || *p == '+'))
    negative = *p++ == '-';

  /* Timestamps are most of a trace's numbers: eight digits at a time,
   * then one compare a digit; the length is checked once at the end (a
   * wrapped value goes the slow way). */
  digits = p;
  for (guint64 eight; end - p >= 8 && eight_digits (p, &eight); p += 8)
    whole = whole * 100000000 + eight;
  for (guint d; p < end && (d = (guchar) *p - '0') <= 9; p++)
    whole = whole * 10 + d;
  n_whole = p - digits;
  if (n_whole > 18 || whole > (guint64) G_MAXINT64 / 1000 - 1)
    goto slow;

  if (p < end && *p == '.')
    {
      digits = ++p;

      for (guint d; p < end && (d = (guchar) *p - '0') <= 9 && p - digits < 3; p++)
        frac = frac * 10 + d;
      if (p < end && p - digits == 3 && g_ascii_isdigit (*p))
        round_up = *p >= '5';
      while (p < end && g_ascii_isdigit (*p))
        p++;
      n_frac = p - digits;
    }

  if (p != end)
    goto slow;    /* an exponent, or not a number */
  if (n_whole + n_frac == 0)
    return FALSE;

  frac *= ns_per_frac_unit[MIN (n_frac, 3)];

  {
    gint64 ns = (gint64) (whole * 1000 + frac + (round_up ? 1 : 0));
    *out = negative ? -ns : ns;
  }
  return TRUE;

slow:
  {
    double us;

    if (!stp_json_parse_double (start, len, &us))
      return FALSE;
    us *= 1000.0;
    if (us > 9.2e18 || us < -9.2e18)
      return FALSE;
    *out = (gint64) llround (us);
    return TRUE;
  }
}

gboolean
stp_json_parse_int64 (const char *p,
                      gsize       len,
                      gint64     *out)
{
  double d;

  strip_quotes (&p, &len);
  if (len > 0 && len < 20)
    {
      const char *q = p, *end = p + len;
      gboolean negative = FALSE;
      gint64 v = 0;

      if (*q == '-')
        negative = TRUE, q++;
      if (q < end)
        {
          while (q < end && g_ascii_isdigit (*q))
            v = v * 10 + (*q++ - '0');
          if (q == end)
            {
              *out = negative ? -v : v;
              return TRUE;
            }
        }
    }

  /* 1.0, 1e3: integers written as floats. */
  if (!stp_json_parse_double (p, len, &d) || d != floor (d) ||
      d > 9.2e18 || d < -9.2e18)
    return FALSE;
  *out = (gint64) d;
  return TRUE;
}
