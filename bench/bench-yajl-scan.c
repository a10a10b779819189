/* bench-yajl-scan.c: how fast yajl alone walks a Chrome trace
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The evidence for the loader's hand-written scanner: yajl 2 with
 * callbacks, doing the least a loader must do (find each event's
 * members, and the byte range of "args" with yajl_get_bytes_consumed),
 * and building nothing.  Usage: bench-yajl-scan FILE (plain JSON).
 */

#include <stdio.h>
#include <string.h>
#include <yajl/yajl_parse.h>
#include <glib.h>

typedef struct
{
  yajl_handle h;
  int         depth;
  gboolean    in_args;
  int         args_depth;
  gsize       chunk_base;
  gsize       args_start;
  guint64     args_bytes;
  guint64     events;
} Scan;

static int on_value (void *ctx) { return 1; }
static int on_string (void *ctx, const unsigned char *s, size_t len) { return 1; }
static int on_number (void *ctx, const char *s, size_t len) { return 1; }
static int on_bool (void *ctx, int b) { return 1; }

static int
on_key (void *ctx, const unsigned char *key, size_t len)
{
  Scan *scan = ctx;

  /* depth 2: a member of an event (inside the array inside the top object) */
  if (scan->depth == 3 && len == 4 && memcmp (key, "args", 4) == 0)
    {
      scan->in_args = TRUE;
      scan->args_depth = scan->depth;
      scan->args_start = scan->chunk_base + yajl_get_bytes_consumed (scan->h);
    }
  return 1;
}

static int
on_start (void *ctx)
{
  ((Scan *) ctx)->depth++;
  return 1;
}

static int
on_end (void *ctx)
{
  Scan *scan = ctx;

  scan->depth--;
  if (scan->in_args && scan->depth == scan->args_depth)
    {
      scan->args_bytes += scan->chunk_base + yajl_get_bytes_consumed (scan->h) - scan->args_start;
      scan->in_args = FALSE;
    }
  if (scan->depth == 2)
    scan->events++;
  return 1;
}

static int
on_start_array (void *ctx)
{
  ((Scan *) ctx)->depth++;
  return 1;
}

static int
on_end_array (void *ctx)
{
  ((Scan *) ctx)->depth--;
  return 1;
}

static const yajl_callbacks callbacks = {
  on_value, on_bool, NULL, NULL, on_number, on_string,
  on_start, on_key, on_end, on_start_array, on_end_array,
};

int
main (int    argc,
      char **argv)
{
  static unsigned char buf[1 << 20];
  Scan scan = { 0 };
  FILE *f = fopen (argv[1], "rb");
  gint64 start = g_get_monotonic_time ();
  size_t n;

  if (f == NULL)
    return 1;
  scan.h = yajl_alloc (&callbacks, NULL, &scan);
  yajl_config (scan.h, yajl_allow_trailing_garbage, 1);
  while ((n = fread (buf, 1, sizeof buf, f)) > 0)
    {
      if (yajl_parse (scan.h, buf, n) != yajl_status_ok)
        {
          fprintf (stderr, "parse error\n");
          return 1;
        }
      scan.chunk_base += n;
    }
  yajl_complete_parse (scan.h);
  printf ("%s yajl_seconds=%.3f events=%" G_GUINT64_FORMAT " args_bytes=%" G_GUINT64_FORMAT "\n",
          argv[1], (g_get_monotonic_time () - start) / 1e6, scan.events, scan.args_bytes);
  yajl_free (scan.h);
  return 0;
}
