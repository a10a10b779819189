/* bench-json-scan.c: the Chrome loader's scanner alone, for comparison
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The same work as bench-yajl-scan.c (walk every event of "traceEvents",
 * find each member and the byte range of "args", build nothing) with the
 * loader's own helpers from stp-json-scan.h, reading 4 MiB at a time.
 * Usage: bench-json-scan FILE (plain JSON, object form).
 */

#include <stdio.h>
#include <string.h>

#include "stp-json-scan.h"

#define CHUNK (4 << 20)

/* One event at p ('{'); returns its end, or NULL if it runs past end. */
static const char *
scan_event (const char *p,
            const char *end,
            guint64    *args_bytes)
{
  const char *r = p + 1;

  for (;;)
    {
      const char *k, *v, *ve;
      gboolean escaped = FALSE;

      r = stp_json_skip_space (r, end);
      if (r >= end)
        return NULL;
      if (*r == '}')
        return r + 1;
      if (*r == ',')
        {
          r++;
          continue;
        }
      k = stp_json_string_end (r + 1, end, &escaped);
      if (k == NULL)
        return NULL;
      v = stp_json_skip_space (k, end);
      if (v >= end)
        return NULL;
      v = stp_json_skip_space (v + 1, end);
      if (stp_json_skip_value (v, end, &ve, &escaped) != STP_SCAN_OK)
        return NULL;
      if (k - r == 6 && memcmp (r + 1, "args", 4) == 0)
        *args_bytes += ve - v;
      r = ve;
    }
}

int
main (int    argc,
      char **argv)
{
  static char buf[CHUNK + 1];
  FILE *f = argc > 1 ? fopen (argv[1], "rb") : NULL;
  guint64 events = 0, args_bytes = 0;
  gint64 start = g_get_monotonic_time ();
  gboolean in_array = FALSE, done = FALSE;
  gsize have = 0, n;

  if (f == NULL)
    return 1;

  while (!done && ((n = fread (buf + have, 1, CHUNK - have, f)) > 0 || have > 0))
    {
      const char *p = buf, *end = buf + have + n;

      for (;;)
        {
          const char *q = stp_json_skip_space (p, end), *r;

          if (q >= end)
            {
              p = q;
              break;
            }
          if (!in_array)
            {
              q = g_strstr_len (q, end - q, "\"traceEvents\"");
              q = q ? memchr (q, '[', end - q) : NULL;
              if (q == NULL)
                return 1;
              in_array = TRUE;
              p = q + 1;
              continue;
            }
          if (*q == ',')
            {
              p = q + 1;
              continue;
            }
          if (*q != '{')
            {
              done = TRUE;
              break;
            }
          r = scan_event (q, end, &args_bytes);
          if (r == NULL)
            {
              p = q;
              break;
            }
          events++;
          p = r;
        }
      have = end - p;
      memmove (buf, p, have);
      if (n == 0)
        break;
    }

  printf ("%s scan_seconds=%.3f events=%" G_GUINT64_FORMAT " args_bytes=%" G_GUINT64_FORMAT "\n",
          argv[1], (g_get_monotonic_time () - start) / 1e6, events, args_bytes);
  fclose (f);
  return 0;
}
