/* stp-search.c: finding slices by name and args, objects by name
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * An ASCII query (the common case) is matched byte by byte, folding ASCII
 * letters only, with no allocation; any other query is case-folded with
 * GLib and so is each candidate.  Args are first tested whole (one pass,
 * no parsing): only the few that hold the query anywhere are walked to
 * see whether it is in a value rather than a key.
 */

#define G_LOG_DOMAIN "stp-search"

#include "stp-search.h"
#include "stp-json-scan.h"

#include <string.h>

#define CANCEL_CHECK_INTERVAL 4096

struct _StpSearch
{
  StpTrace *trace;
  char     *query;
  char     *folded;      /* lower-case ASCII, or g_utf8_casefold()ed */
  gsize     folded_len;
  gboolean  ascii;
  guint8   *name_hits;   /* per StpStr: 0 untested, 1 no, 2 yes */
  GString  *scratch;
  GString  *args;
};

StpSearch *
stp_search_new (StpTrace   *trace,
                const char *query)
{
  StpSearch *self;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (query != NULL, NULL);

  self = g_new0 (StpSearch, 1);
  self->trace = stp_trace_ref (trace);
  self->query = g_utf8_make_valid (query, -1);
  self->ascii = TRUE;
  for (const char *p = self->query; *p; p++)
    if ((guchar) *p >= 0x80)
      self->ascii = FALSE;

  self->folded = self->ascii ? g_ascii_strdown (self->query, -1) : g_utf8_casefold (self->query, -1);
  self->folded_len = strlen (self->folded);
  self->scratch = g_string_new (NULL);
  self->args = g_string_new (NULL);
  return self;
}

void
stp_search_free (StpSearch *self)
{
  if (self == NULL)
    return;
  stp_trace_unref (self->trace);
  g_free (self->query);
  g_free (self->folded);
  g_free (self->name_hits);
  g_string_free (self->scratch, TRUE);
  g_string_free (self->args, TRUE);
  g_free (self);
}

const char *
stp_search_get_query (StpSearch *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->query;
}

static gboolean
ascii_contains (const char *hay,
                gsize       len,
                const char *needle,
                gsize       n)
{
  char first_lower, first_upper;

  if (n == 0)
    return TRUE;
  if (len < n)
    return FALSE;

  first_lower = needle[0];
  first_upper = g_ascii_toupper (first_lower);

  for (gsize i = 0; i + n <= len; i++)
    {
      const char *p = hay + i;

      if (*p != first_lower && *p != first_upper)
        {
          /* Jump to the next byte that could start a match. */
          const char *a = memchr (p, first_lower, len - n + 1 - i);
          const char *b = first_upper != first_lower ? memchr (p, first_upper, len - n + 1 - i) : NULL;

          if (a == NULL && b == NULL)
            return FALSE;
          p = a == NULL ? b : b == NULL ? a : MIN (a, b);
          i = p - hay;
        }

      if (g_ascii_strncasecmp (p + 1, needle + 1, n - 1) == 0)
        return TRUE;
    }

  return FALSE;
}

gboolean
stp_search_match_text (StpSearch  *self,
                       const char *text,
                       gssize      len)
{
  g_autofree char *valid = NULL;
  g_autofree char *folded = NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (text != NULL || len == 0, FALSE);

  if (len < 0)
    len = strlen (text);

  if (self->ascii)
    return ascii_contains (text, len, self->folded, self->folded_len);

  valid = g_utf8_make_valid (text, len);
  folded = g_utf8_casefold (valid, -1);
  return strstr (folded, self->folded) != NULL;
}

gboolean
stp_search_match_json (StpSearch  *self,
                       const char *json,
                       gsize       len)
{
  const char *p = json;
  const char *end = json + len;

  g_return_val_if_fail (self != NULL, FALSE);

  /* Most args do not hold the query at all. */
  if (self->ascii && !ascii_contains (json, len, self->folded, self->folded_len))
    return FALSE;

  while (p < end)
    {
      char c = *p;

      if (c == '"')
        {
          gboolean escaped = FALSE;
          const char *s = p + 1;
          const char *e = stp_json_string_end (s, end, &escaped);
          const char *after;

          if (e == NULL)
            return FALSE;
          after = stp_json_skip_space (e, end);
          /* A member name is not a value. */
          if (after >= end || *after != ':')
            {
              if (!escaped && stp_search_match_text (self, s, e - 1 - s))
                return TRUE;
              if (escaped)
                {
                  g_string_truncate (self->scratch, 0);
                  stp_json_unescape (s, e - 1 - s, self->scratch);
                  if (stp_search_match_text (self, self->scratch->str, self->scratch->len))
                    return TRUE;
                }
            }
          p = e;
        }
      else if (c == '-' || (c >= '0' && c <= '9') || c == 't' || c == 'f' || c == 'n')
        {
          const char *e = stp_json_scalar_end (p, end);

          if (e == NULL)
            e = end;
          if (e == p)
            e = p + 1;
          if (stp_search_match_text (self, p, e - p))
            return TRUE;
          p = e;
        }
      else
        p++;
    }

  return FALSE;
}

static gboolean
name_matches (StpSearch *self,
              StpStr     name)
{
  StpStringTable *strings = self->trace->strings;

  if (self->name_hits[name] == 0)
    self->name_hits[name] = stp_search_match_text (self, stp_string_table_get (strings, name),
                                                   stp_string_table_get_len (strings, name)) ? 2 : 1;
  return self->name_hits[name] == 2;
}

static gboolean
args_match (StpSearch      *self,
            const StpTrack *track,
            const StpSlice *slice)
{
  g_string_truncate (self->args, 0);
  if (!stp_trace_append_args (self->trace, track, slice, self->args))
    return FALSE;
  return stp_search_match_json (self, self->args->str, self->args->len);
}

typedef struct
{
  StpSearch      *self;
  StpSearchScope  scope;
  GArray         *matches;
  gint64          max_duration;
  guint           visited;
  GCancellable   *cancellable;
} Run;

/* Counts an item looked at; FALSE once the search is cancelled. */
static gboolean
visit (Run     *run,
       GError **error)
{
  return ++run->visited % CANCEL_CHECK_INTERVAL != 0 ||
         !g_cancellable_set_error_if_cancelled (run->cancellable, error);
}

static gboolean
search_array (Run         *run,
              GArray      *slices,
              StpItemKind  kind,
              guint32      track,
              GError     **error)
{
  for (guint32 i = 0; slices != NULL && i < slices->len; i++)
    {
      const StpSlice *s = &g_array_index (slices, StpSlice, i);
      gboolean hit;

      if (!visit (run, error))
        return FALSE;

      hit = (run->scope & STP_SEARCH_NAMES) && name_matches (run->self, s->name);
      if (!hit && (run->scope & STP_SEARCH_ARGS))
        hit = args_match (run->self, track == STP_INDEX_NONE ? NULL : stp_trace_get_track (run->self->trace, track), s);

      if (hit)
        {
          StpItemRef ref = { kind, track, i, s->ts };

          g_array_append_val (run->matches, ref);
          run->max_duration = MAX (run->max_duration, s->dur);
        }
    }

  return TRUE;
}

/* Objects by name (StepStats tensors with memory shown): their args
 * are one description per tensor, too many to make for a search. */
static gboolean
search_objects (Run     *run,
                GError **error)
{
  StpTrace *trace = run->self->trace;

  if (!(run->scope & STP_SEARCH_NAMES))
    return TRUE;

  for (guint32 i = 0; i < trace->objects->len; i++)
    {
      const StpObject *o = &g_array_index (trace->objects, StpObject, i);
      StpItemRef ref = { STP_ITEM_OBJECT, STP_INDEX_NONE, i, 0 };
      gint64 start, end;

      if (!visit (run, error))
        return FALSE;

      if (!name_matches (run->self, o->name) || !stp_item_get_range (trace, &ref, &start, &end))
        continue;
      ref.ts = start;
      g_array_append_val (run->matches, ref);
      run->max_duration = MAX (run->max_duration, stp_time_sub (end, start));
    }

  return TRUE;
}

GArray *
stp_search_run (StpSearch       *self,
                StpSearchScope   scope,
                gint64          *max_duration,
                GCancellable    *cancellable,
                GError         **error)
{
  StpTrace *trace;
  Run run = { 0 };

  g_return_val_if_fail (self != NULL, NULL);

  trace = self->trace;
  run.self = self;
  run.scope = scope;
  run.matches = g_array_new (FALSE, FALSE, sizeof (StpItemRef));
  run.cancellable = cancellable;

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    goto cancelled;
  if (self->folded_len == 0)
    goto out;

  g_free (self->name_hits);
  self->name_hits = g_new0 (guint8, MAX (1, stp_string_table_count (trace->strings)));

  for (guint32 t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      if (track->kind == STP_TRACK_COUNTER)
        continue;
      if (!search_array (&run, track->slices, STP_ITEM_SLICE, t, error) ||
          !search_array (&run, track->instants, STP_ITEM_INSTANT, t, error))
        goto cancelled;
    }
  if (!search_array (&run, trace->global_instants, STP_ITEM_GLOBAL_INSTANT, STP_INDEX_NONE, error) ||
      !search_objects (&run, error))
    goto cancelled;

  g_array_sort (run.matches, stp_item_ref_compare_by_time);

out:
  if (max_duration != NULL)
    *max_duration = run.max_duration;
  return run.matches;

cancelled:
  g_array_unref (run.matches);
  return NULL;
}

guint
stp_search_find_from (GArray *matches,
                      gint64  ts)
{
  guint lo = 0, hi;

  g_return_val_if_fail (matches != NULL, 0);

  hi = matches->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (matches, StpItemRef, mid).ts < ts)
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo < matches->len ? lo : 0;
}
