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
      char *dest;

      if (G_UNLIKELY (out->len + len + 3 > out->allocated_len))
        {
          gsize had = out->len;

          g_string_set_size (out, had + len + 2);
          g_string_truncate (out, had);
        }
      dest = out->str + out->len;
      dest[0] = '"';
      if (len > 0)
        memcpy (dest + 1, str, len);
      dest[len + 1] = '"';
      dest[len + 2] = '\0';
      out->len += len + 2;
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

void
stp_json_append_int (GString *out,
                     gint64   value)
{
  char buf[24];
  char *p = buf + sizeof buf;
  guint64 v = value < 0 ? -(guint64) value : (guint64) value;

  /* Two digits at a time: integers are most of an export's numbers. */
  while (v >= 100)
    {
      guint pair = (v % 100) * 2;

      v /= 100;
      *--p = digit_pairs[pair + 1];
      *--p = digit_pairs[pair];
    }
  if (v >= 10)
    {
      *--p = digit_pairs[v * 2 + 1];
      *--p = digit_pairs[v * 2];
    }
  else
    *--p = '0' + v;

  if (value < 0)
    *--p = '-';

  stp_json_append_len (out, p, buf + sizeof buf - p);
}

void
stp_json_append_ns_as_us (GString *out,
                          gint64   ns)
{
  if (ns < 0)
    g_string_append_c (out, '-');
  stp_json_append_span_as_us (out, ns < 0 ? -(guint64) ns : (guint64) ns);
}

void
stp_json_append_span_as_us (GString *out,
                            guint64  abs_ns)
{
  guint frac = abs_ns % 1000;
  char digits[4];
  guint n = 3;

  stp_json_append_int (out, (gint64) (abs_ns / 1000));

  if (frac == 0)
    return;

  digits[0] = '0' + frac / 100;
  digits[1] = '0' + frac / 10 % 10;
  digits[2] = '0' + frac % 10;
  while (n > 0 && digits[n - 1] == '0')
    n--;

  g_string_append_c (out, '.');
  g_string_append_len (out, digits, n);
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
