/* stp-text.c: file-provided text made safe to show
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A zip entry named "\e]0;title\a\e[2J" retitles and clears the
 * terminal of whoever prints it; an op name with a newline breaks a
 * table; invalid UTF-8 makes GTK labels warn.  Names from files go
 * through here before they reach a terminal or a message.
 */

#define G_LOG_DOMAIN "stp-text"

#include "stp-text.h"

#include <string.h>

static void
append_hex (GString *out,
            guint    byte)
{
  g_string_append_printf (out, "\\x%02x", byte & 0xff);
}

void
stp_text_append_escaped (GString    *out,
                         const char *text,
                         gssize      len,
                         gsize       max_chars)
{
  const char *p = text;
  const char *end;
  gsize chars = 0;

  g_return_if_fail (out != NULL);

  if (text == NULL)
    return;
  end = text + (len < 0 ? strlen (text) : (gsize) len);

  while (p < end)
    {
      gunichar c;

      if (max_chars > 0 && chars == max_chars)
        {
          g_string_append (out, "…");
          return;
        }
      chars++;

      c = g_utf8_get_char_validated (p, end - p);
      if (c == (gunichar) -1 || c == (gunichar) -2)
        {
          append_hex (out, (guchar) *p);
          p++;
          continue;
        }

      if (c == '\n')
        g_string_append (out, "\\n");
      else if (c == '\t')
        g_string_append (out, "\\t");
      else if (c == '\r')
        g_string_append (out, "\\r");
      else if (c < 0x20 || c == 0x7f)
        append_hex (out, c);
      else if (c >= 0x80 && c < 0xa0)
        g_string_append_printf (out, "\\u%04x", c);
      else
        g_string_append_len (out, p, g_utf8_next_char (p) - p);
      p = g_utf8_next_char (p);
    }
}

char *
stp_text_escape (const char *text,
                 gssize      len,
                 gsize       max_chars)
{
  GString *out = g_string_new (NULL);

  stp_text_append_escaped (out, text, len, max_chars);
  return g_string_free (out, FALSE);
}
