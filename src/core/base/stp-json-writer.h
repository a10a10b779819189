/* stp-json-writer.h: small helpers for writing JSON text
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <string.h>

G_BEGIN_DECLS

/* g_string_append_len() without the insert machinery: the writers call
 * it for every token of multi-gigabyte outputs. */
static inline void
stp_json_append_len (GString    *out,
                     const char *bytes,
                     gsize       len)
{
  if (G_UNLIKELY (out->len + len + 1 > out->allocated_len))
    {
      g_string_append_len (out, bytes, len);
      return;
    }
  memcpy (out->str + out->len, bytes, len);
  out->len += len;
  out->str[out->len] = '\0';
}

static inline void
stp_json_append_c (GString *out,
                   char     c)
{
  stp_json_append_len (out, &c, 1);
}

#define stp_json_append_literal(out, lit) stp_json_append_len ((out), "" lit, sizeof (lit) - 1)

/* Appends str (len bytes, any bytes) as a JSON string literal: UTF-8 is
 * kept, control characters escaped, invalid UTF-8 replaced by U+FFFD. */
void stp_json_append_string  (GString    *out,
                              const char *str,
                              gsize       len);
void stp_json_append_int     (GString    *out,
                              gint64      value);
/* Nanoseconds as microseconds: an integer when whole, else up to three
 * decimals ("12", "12.5", "-0.001"). */
void stp_json_append_ns_as_us (GString   *out,
                               gint64     ns);
/* The same for a span of up to 2^64 - 1 ns (stp_time_span()). */
void stp_json_append_span_as_us (GString *out,
                                 guint64  ns);
/* A double as the shortest text that reads back as the same value;
 * integers print without a fraction.  NaN and infinities become null. */
void stp_json_append_double  (GString    *out,
                              double      value);

/* Appends JSON read from a file (a value, or with `members` the inside
 * of an object: "k":v,...) as strict RFC 8259 JSON in UTF-8: strings
 * re-escaped (controls escaped, invalid UTF-8 as U+FFFD), NaN and the
 * infinities as null, lenient numbers rewritten, trailing commas
 * dropped.  FALSE, with out as it was, when the bytes are not JSON even
 * leniently (stp-json-strict.c). */
gboolean stp_json_append_strict (GString    *out,
                                 const char *raw,
                                 gsize       len,
                                 gboolean    members);

G_END_DECLS
