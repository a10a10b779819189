/* stp-json-scan.h: the hot loops of the streaming JSON loader
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The Chrome loader never builds a tree: it walks one event object at a
 * time, notes where each member's value starts and ends, and skips the
 * values it keeps as raw bytes (args) by matching brackets.  These
 * helpers work on a window [p, end) and never read past its end; they
 * return NULL (or STP_SCAN_MORE) when a token runs past the end of the
 * window, so the caller can refill and start the event again.
 *
 * Strings and brackets are found 16 bytes at a time with SSE2 where the
 * compiler has it (every x86-64), else byte by byte.
 */

#pragma once

#include <glib.h>

#ifdef __SSE2__
#include <emmintrin.h>
#endif

G_BEGIN_DECLS

/* Deeper values are refused: the scanner counts brackets and would not
 * mind, but whatever parses the value later (json-glib for args, trees
 * in the details panel) recurses. */
#define STP_JSON_MAX_DEPTH 10000

typedef enum
{
  STP_SCAN_OK,
  STP_SCAN_MORE,     /* the window ends inside the token */
  STP_SCAN_ERROR,    /* not JSON */
  STP_SCAN_TOO_DEEP, /* nested deeper than STP_JSON_MAX_DEPTH */
} StpScanResult;

static inline gboolean
stp_json_is_space (char c)
{
  return c == ' ' || c == '\n' || c == '\r' || c == '\t';
}

static inline const char *
stp_json_skip_space (const char *p,
                     const char *end)
{
  /* Most tokens follow one space or none; indentation is a newline and
   * a run of spaces. */
  if (p < end && *p == ' ')
    p++;
  if (p < end && (guchar) *p > ' ')
    return p;
  while (p < end && stp_json_is_space (*p))
    p++;
  return p;
}

/* p is just after the opening quote.  Returns just after the closing
 * quote, or NULL if the window ends first.  *escaped is set when the
 * string holds a backslash escape. */
static inline const char *
stp_json_string_end (const char *p,
                     const char *end,
                     gboolean   *escaped)
{
  for (;;)
    {
#ifdef __SSE2__
      const __m128i quote = _mm_set1_epi8 ('"');
      const __m128i backslash = _mm_set1_epi8 ('\\');

      for (;;)
        {
          __m128i v;
          int mask;

          if (end - p < 16)
            {
              /* the last bytes of the window, one at a time */
              while (p < end && *p != '"' && *p != '\\')
                p++;
              break;
            }
          v = _mm_loadu_si128 ((const __m128i *) p);
          mask = _mm_movemask_epi8 (_mm_or_si128 (_mm_cmpeq_epi8 (v, quote),
                                                  _mm_cmpeq_epi8 (v, backslash)));
          if (mask != 0)
            {
              p += __builtin_ctz (mask);
              break;
            }
          p += 16;
        }
#else
      while (p < end && *p != '"' && *p != '\\')
        p++;
#endif
      if (p >= end)
        return NULL;
      if (*p == '"')
        return p + 1;

      *escaped = TRUE;
      p += 2;
    }
}

/* The bytes of numbers and literals: 0-9 a-z - + . E */
extern const guint8 stp_json_scalar_bytes[256];

/* Skips a number or a literal (true, false, null): to the first byte
 * that cannot be part of one. */
static inline const char *
stp_json_scalar_end (const char *p,
                     const char *end)
{
  while (p < end && stp_json_scalar_bytes[(guchar) *p])
    p++;
  return p < end ? p : NULL;
}

/* Skips a whole object or array by matching brackets (strings skipped
 * whole).  p is at the opening bracket.  The content is not validated
 * beyond its bracket structure. */
static inline StpScanResult
stp_json_skip_container (const char  *p,
                         const char  *end,
                         const char **out)
{
  guint depth = 0;

#ifdef __SSE2__
  const __m128i quote = _mm_set1_epi8 ('"');
  const __m128i open_brace = _mm_set1_epi8 ('{');
  const __m128i close_brace = _mm_set1_epi8 ('}');
  const __m128i open_bracket = _mm_set1_epi8 ('[');
  const __m128i close_bracket = _mm_set1_epi8 (']');

  /* Sixteen bytes a step, and every quote and bracket among them taken
   * from one mask: args hold many short strings and nested brackets
   * ("Input Dims": [[64, 3], []]), which used to cost a load each. */
  while (end - p >= 16)
    {
      __m128i v = _mm_loadu_si128 ((const __m128i *) p);
      __m128i hits = _mm_or_si128 (_mm_or_si128 (_mm_cmpeq_epi8 (v, quote),
                                                 _mm_cmpeq_epi8 (v, open_brace)),
                                   _mm_or_si128 (_mm_or_si128 (_mm_cmpeq_epi8 (v, close_brace),
                                                               _mm_cmpeq_epi8 (v, open_bracket)),
                                                 _mm_cmpeq_epi8 (v, close_bracket)));
      guint mask = _mm_movemask_epi8 (hits);
      const char *next = p + 16;

      while (mask != 0)
        {
          guint i = __builtin_ctz (mask);

          switch (p[i])
            {
            case '"':
              {
                gboolean escaped = FALSE;
                const char *after = stp_json_string_end (p + i + 1, end, &escaped);

                if (after == NULL)
                  return STP_SCAN_MORE;
                if (after - p >= 16)
                  {
                    /* The string runs past this block: go on after it. */
                    next = after;
                    mask = 0;
                    continue;
                  }
                /* What the string held is no bracket. */
                mask &= ~0u << (after - p);
              }
              continue;

            case '{':
            case '[':
              if (++depth > STP_JSON_MAX_DEPTH)
                return STP_SCAN_TOO_DEEP;
              break;

            default:    /* '}' or ']' */
              if (depth == 0)
                return STP_SCAN_ERROR;
              if (--depth == 0)
                {
                  *out = p + i + 1;
                  return STP_SCAN_OK;
                }
              break;
            }
          mask &= mask - 1;
        }
      p = next;
    }
#endif

  /* The last bytes of the window (or every byte without SSE2). */
  for (; p < end; p++)
    {
      switch (*p)
        {
        case '"':
          {
            gboolean escaped = FALSE;

            p = stp_json_string_end (p + 1, end, &escaped);
            if (p == NULL)
              return STP_SCAN_MORE;
            p--;    /* at the closing quote */
          }
          break;

        case '{':
        case '[':
          if (++depth > STP_JSON_MAX_DEPTH)
            return STP_SCAN_TOO_DEEP;
          break;

        case '}':
        case ']':
          if (depth == 0)
            return STP_SCAN_ERROR;
          if (--depth == 0)
            {
              *out = p + 1;
              return STP_SCAN_OK;
            }
          break;

        default:
          break;
        }
    }
  return STP_SCAN_MORE;
}

/* Skips any value; p is at its first byte (not space). */
static inline StpScanResult
stp_json_skip_value (const char  *p,
                     const char  *end,
                     const char **out,
                     gboolean    *escaped)
{
  if (p >= end)
    return STP_SCAN_MORE;

  switch (*p)
    {
    case '"':
      *out = stp_json_string_end (p + 1, end, escaped);
      return *out ? STP_SCAN_OK : STP_SCAN_MORE;

    case '{':
    case '[':
      return stp_json_skip_container (p, end, out);

    default:
      if (!((*p >= '0' && *p <= '9') || *p == '-' || *p == 't' || *p == 'f' || *p == 'n'))
        return STP_SCAN_ERROR;
      *out = stp_json_scalar_end (p, end);
      return *out ? STP_SCAN_OK : STP_SCAN_MORE;
    }
}

/* A member's key and where its value starts.  p is at the key's opening
 * quote; *key_end is set just past its closing quote and *value at the
 * value's first byte, after the colon and any space. */
static inline StpScanResult
stp_json_member_head (const char  *p,
                      const char  *end,
                      const char **key_end,
                      gboolean    *key_escaped,
                      const char **value)
{
  const char *q;

  *key_end = stp_json_string_end (p + 1, end, key_escaped);
  if (*key_end == NULL)
    return STP_SCAN_MORE;
  q = *key_end;
  if (G_UNLIKELY (q >= end || *q != ':'))
    {
      q = stp_json_skip_space (q, end);
      if (q >= end)
        return STP_SCAN_MORE;
      if (*q != ':')
        return STP_SCAN_ERROR;
    }
  *value = stp_json_skip_space (q + 1, end);
  return *value < end ? STP_SCAN_OK : STP_SCAN_MORE;
}

/* Decodes a JSON string body (without quotes) into UTF-8; invalid
 * escapes are kept as written and lone surrogates become U+FFFD. */
void     stp_json_unescape       (const char *p,
                                  gsize       len,
                                  GString    *out);

/* Parses a decimal number of microseconds (as written in "ts" and
 * "dur", quoted or not) into nanoseconds, exactly for up to three
 * fractional digits and rounded to the nearest nanosecond beyond. */
gboolean stp_json_parse_us_to_ns (const char *p,
                                  gsize       len,
                                  gint64     *out);

/* A JSON number (quoted or not) as a double; FALSE if it is not one. */
gboolean stp_json_parse_double   (const char *p,
                                  gsize       len,
                                  double     *out);

/* An integer id (pid/tid), quoted or not: FALSE if not an integer. */
gboolean stp_json_parse_int64    (const char *p,
                                  gsize       len,
                                  gint64     *out);

G_END_DECLS
