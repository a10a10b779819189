/* stp-json-writer.c: small helpers for writing JSON text
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "stp-json-writer"

#include "stp-json-writer.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

static const char hex[] = "0123456789abcdef";

/* 1 for bytes a JSON string cannot hold as they are: controls, '"',
 * '\\' and everything above ASCII (checked as UTF-8). */
static const guint8 needs_care[256] = {
  [0 ... 0x1f] = 1, ['"'] = 1, ['\\'] = 1, [0x80 ... 0xff] = 1,
};

/* The length of the run of bytes from p that need no care, at most
 * end - p.  Sixteen bytes a step where SSE2 is there: names and inputs
 * are most of an export's bytes, and nearly all plain ASCII. */
static inline gsize
plain_run (const guchar *p,
           const guchar *end)
{
  const guchar *start = p;

#ifdef __SSE2__
  const __m128i quote = _mm_set1_epi8 ('"');
  const __m128i backslash = _mm_set1_epi8 ('\\');
  const __m128i space = _mm_set1_epi8 (0x20);

  while (end - p >= 16)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *) p);
      /* The compare is signed: below ' ' are the controls and, as
       * negative numbers, every byte from 0x80 on. */
      __m128i special = _mm_or_si128 (_mm_or_si128 (_mm_cmpeq_epi8 (v, quote),
                                                    _mm_cmpeq_epi8 (v, backslash)),
                                      _mm_cmplt_epi8 (v, space));
      int mask = _mm_movemask_epi8 (special);

      if (mask != 0)
        return (p - start) + __builtin_ctz (mask);
      p += 16;
    }
#endif

  while (p < end && !needs_care[*p])
    p++;
  return p - start;
}

/* Room for n more bytes and the nul, where GString would grow. */
static inline char *
reserve (GString *out,
         gsize    n)
{
  if (G_UNLIKELY (out->len + n + 1 > out->allocated_len))
    {
      gsize had = out->len;

      g_string_set_size (out, had + n);
      g_string_truncate (out, had);
    }
  return out->str + out->len;
}

/* The n bytes written at dest, reserve()'s pointer, become part of
 * out.  The nul goes through dest: after bytes written through a char
 * pointer, out->str would be loaded again. */
static inline void
extend (GString *out,
        char    *dest,
        gsize    n)
{
  dest[n] = '\0';
  out->len += n;
}

void
stp_json_append_string (GString    *out,
                        const char *str,
                        gsize       len)
{
  const guchar *p = (const guchar *) str;
  /* An empty string may come as NULL, where even p + 0 is undefined. */
  const guchar *end = len > 0 ? p + len : p;
  gsize run = plain_run (p, end);

  /* Nearly every name is plain: quotes around it, with one check for room. */
  if (run == len)
    {
      char *dest = reserve (out, len + 2);

      dest[0] = '"';
      if (len > 0)
        memcpy (dest + 1, str, len);
      dest[len + 1] = '"';
      extend (out, dest, len + 2);
      return;
    }

  stp_json_append_c (out, '"');
  stp_json_append_len (out, (const char *) p, run);
  p += run;

  while (p < end)
    {
      run = plain_run (p, end);

      if (run > 0)
        stp_json_append_len (out, (const char *) p, run);
      p += run;
      if (p == end)
        break;

      if (*p >= 0x80)
        {
          gunichar c = g_utf8_get_char_validated ((const char *) p, end - p);

          if (c == (gunichar) -1 || c == (gunichar) -2)
            {
              stp_json_append_literal (out, "\xef\xbf\xbd");   /* U+FFFD */
              p++;
            }
          else if (c < 0xa0)
            {
              /* C1 controls are legal JSON as they are, but a terminal
               * shown `info` or a file takes U+009B for CSI: escaped. */
              char esc[6] = { '\\', 'u', '0', '0', hex[c >> 4], hex[c & 0xf] };

              stp_json_append_len (out, esc, sizeof esc);
              p += 2;
            }
          else
            {
              guint n = g_utf8_skip[*p];

              stp_json_append_len (out, (const char *) p, n);
              p += n;
            }
          continue;
        }

      switch (*p)
        {
        case '"':  stp_json_append_literal (out, "\\\""); break;
        case '\\': stp_json_append_literal (out, "\\\\"); break;
        case '\n': stp_json_append_literal (out, "\\n"); break;
        case '\r': stp_json_append_literal (out, "\\r"); break;
        case '\t': stp_json_append_literal (out, "\\t"); break;
        case '\b': stp_json_append_literal (out, "\\b"); break;
        case '\f': stp_json_append_literal (out, "\\f"); break;
        default:
          {
            char esc[6] = { '\\', 'u', '0', '0', hex[*p >> 4], hex[*p & 0xf] };
            stp_json_append_len (out, esc, sizeof esc);
          }
          break;
        }
      p++;
    }

  stp_json_append_c (out, '"');
}

static const char digit_pairs[] =
  "00010203040506070809101112131415161718192021222324252627282930313233343536373839"
  "40414243444546474849505152535455565758596061626364656667686970717273747576777879"
  "8081828384858687888990919293949596979899";

static const guint64 powers_of_ten[] = {
  G_GUINT64_CONSTANT (1), G_GUINT64_CONSTANT (10), G_GUINT64_CONSTANT (100),
  G_GUINT64_CONSTANT (1000), G_GUINT64_CONSTANT (10000), G_GUINT64_CONSTANT (100000),
  G_GUINT64_CONSTANT (1000000), G_GUINT64_CONSTANT (10000000),
  G_GUINT64_CONSTANT (100000000), G_GUINT64_CONSTANT (1000000000),
  G_GUINT64_CONSTANT (10000000000), G_GUINT64_CONSTANT (100000000000),
  G_GUINT64_CONSTANT (1000000000000), G_GUINT64_CONSTANT (10000000000000),
  G_GUINT64_CONSTANT (100000000000000), G_GUINT64_CONSTANT (1000000000000000),
  G_GUINT64_CONSTANT (10000000000000000), G_GUINT64_CONSTANT (100000000000000000),
  G_GUINT64_CONSTANT (1000000000000000000), G_GUINT64_CONSTANT (10000000000000000000),
};

/* How many decimal digits v has: log2 from the highest bit, times
 * log10(2) (1233 / 4096), then one compare. */
static inline guint
count_digits (guint64 v)
{
  guint guess = ((64 - __builtin_clzll (v | 1)) * 1233) >> 12;

  return guess + ((v | 1) >= powers_of_ten[guess]);   /* 0 has one digit */
}

/* Exactly four digits of v (below 10000), leading zeros included. */
static inline void
put_four (char    *dest,
          guint32  v)
{
  memcpy (dest, digit_pairs + (v / 100) * 2, 2);
  memcpy (dest + 2, digit_pairs + (v % 100) * 2, 2);
}

/* The digits of v, written backwards from end.  Eight at a time in
 * 32-bit arithmetic, then two at a time: timestamps have sixteen. */
static inline void
put_digits (char    *end,
            guint64  v)
{
  char *p = end;
  guint32 w;

  while (v >= 100000000)
    {
      guint32 low = v % 100000000;

      v /= 100000000;
      p -= 8;
      put_four (p, low / 10000);
      put_four (p + 4, low % 10000);
    }

  for (w = v; w >= 100; w /= 100)
    {
      p -= 2;
      memcpy (p, digit_pairs + (w % 100) * 2, 2);
    }
  if (w >= 10)
    memcpy (p - 2, digit_pairs + w * 2, 2);
  else
    p[-1] = '0' + w;
}

/* Written in place, without a buffer of its own to copy from: a
 * timestamp is written for every event of an export. */
void
stp_json_append_int (GString *out,
                     gint64   value)
{
  guint64 v = value < 0 ? -(guint64) value : (guint64) value;
  gsize n = count_digits (v) + (value < 0);
  char *dest = reserve (out, n);

  if (value < 0)
    dest[0] = '-';
  put_digits (dest + n, v);
  extend (out, dest, n);
}

void
stp_json_append_ns_as_us (GString *out,
                          gint64   ns)
{
  if (ns < 0)
    stp_json_append_c (out, '-');
  stp_json_append_span_as_us (out, ns < 0 ? -(guint64) ns : (guint64) ns);
}

void
stp_json_append_span_as_us (GString *out,
                            guint64  abs_ns)
{
  guint64 whole = abs_ns / 1000;
  guint frac = abs_ns % 1000;
  gsize n_whole = count_digits (whole);
  /* The point and up to three digits, trailing zeros left out. */
  gsize n_frac = frac == 0 ? 0 : frac % 100 == 0 ? 2 : frac % 10 == 0 ? 3 : 4;
  char *dest = reserve (out, n_whole + 4);

  put_digits (dest + n_whole, whole);
  if (n_frac > 0)
    {
      char *point = dest + n_whole;

      point[0] = '.';
      point[1] = '0' + frac / 100;
      point[2] = '0' + frac / 10 % 10;
      point[3] = '0' + frac % 10;
    }
  extend (out, dest, n_whole + n_frac);
}

void
stp_json_append_double (GString *out,
                        double   value)
{
  char buf[32];

  if (!isfinite (value))
    {
      g_string_append (out, "null");
      return;
    }

  if (value == floor (value) && fabs (value) < 9007199254740992.0)
    {
      stp_json_append_int (out, (gint64) value);
      return;
    }

  /* The shortest of %.15g..%.17g that reads back exactly. */
  for (int precision = 15; precision <= 17; precision++)
    {
      char format[8];

      g_snprintf (format, sizeof format, "%%.%dg", precision);
      g_ascii_formatd (buf, sizeof buf, format, value);
      if (g_ascii_strtod (buf, NULL) == value)
        break;
    }

  g_string_append (out, buf);
}
