/* stp-text.h: file-provided text made safe to show
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>
#include <string.h>

G_BEGIN_DECLS

/* Longest text a message quotes from a file, in characters. */
#define STP_TEXT_MAX_QUOTE 200

/* `text` (len bytes, or -1 for NUL-terminated; any bytes) as valid
 * UTF-8 that a terminal shows rather than interprets: C0 controls,
 * DEL and bytes that are not UTF-8 become \xNN (\n, \t, \r as such),
 * C1 controls \u0080..\u009f, and the text is cut after max_chars characters
 * with "…" (0: no limit).  For names from files in messages, warnings
 * and command-line output. */
char *stp_text_escape        (const char *text,
                              gssize      len,
                              gsize       max_chars);

/* Appends the same to out. */
void  stp_text_append_escaped (GString    *out,
                               const char *text,
                               gssize      len,
                               gsize       max_chars);

/* Byte strings in byte order, a prefix first (Python's order of
 * bytes and of ASCII str; a name table's order). */
static inline int
stp_text_compare_bytes (gconstpointer a,
                        gsize         a_len,
                        gconstpointer b,
                        gsize         b_len)
{
  int c = memcmp (a, b, MIN (a_len, b_len));

  if (c != 0)
    return c;
  return a_len < b_len ? -1 : a_len > b_len;
}

G_END_DECLS
