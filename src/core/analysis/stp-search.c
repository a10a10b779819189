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

static void
add_match (Run            *run,
           const StpSlice *s,
           StpItemKind     kind,
           guint32         track,
           guint32         index)
{
  StpItemRef ref = { kind, track, index, s->ts };

  g_array_append_val (run->matches, ref);
  run->max_duration = MAX (run->max_duration, s->dur);
}

/* One array of items: a track's slices or instants, or the global
 * instants; items are numbered across the arrays, from `first`. */
typedef struct
{
  GArray      *items;    /* StpSlice */
  StpItemKind  kind;
  guint32      track;    /* STP_INDEX_NONE for the global instants */
  guint32      first;
} Items;

static void
add_items (GArray      *all,
           GArray      *items,
           StpItemKind  kind,
           guint32      track)
{
  Items entry = { items, kind, track, 0 };

  if (items == NULL || items->len == 0)
    return;
  if (all->len > 0)
    {
      const Items *last = &g_array_index (all, Items, all->len - 1);

      entry.first = last->first + last->items->len;
    }
  g_array_append_val (all, entry);
}

/* The array holding item number n. */
static const Items *
items_of (GArray  *all,
          guint32  n)
{
  guint lo = 0, hi = all->len;

  while (hi - lo > 1)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (all, Items, mid).first <= n)
        lo = mid;
      else
        hi = mid;
    }
  return &g_array_index (all, Items, lo);
}

/* Whether an item's args must be read from the store: its name did not
 * match, and its args are kept there (not made from its source). */
static gboolean
args_in_store (Run            *run,
               const StpSlice *s)
{
  return (run->scope & STP_SEARCH_ARGS) && s->args != STP_RAW_NONE &&
         !(s->flags & (STP_SLICE_STEP_STATS_NODE | STP_SLICE_SOURCE_EVENT)) &&
         !((run->scope & STP_SEARCH_NAMES) && name_matches (run->self, s->name));
}

static const StpTrack *
track_of (StpTrace    *trace,
          const Items *items)
{
  return items->track == STP_INDEX_NONE ? NULL : stp_trace_get_track (trace, items->track);
}

/* The numbers of the items whose args are in the store, block after
 * block; counts[b + 1] holds block b's on the way in. */
static guint32 *
place_by_block (Run     *run,
                GArray  *all,
                guint32 *counts,
                guint    n_blocks,
                guint32 *n_placed)
{
  guint32 *placed;

  for (guint b = 0; b < n_blocks; b++)
    counts[b + 1] += counts[b];
  *n_placed = counts[n_blocks];
  placed = g_new (guint32, MAX (1, *n_placed));

  for (guint a = 0; a < all->len; a++)
    {
      const Items *items = &g_array_index (all, Items, a);

      for (guint32 i = 0; i < items->items->len; i++)
        {
          const StpSlice *s = &g_array_index (items->items, StpSlice, i);

          if (args_in_store (run, s))
            placed[counts[stp_raw_get_block (s->args)]++] = items->first + i;
        }
    }
  return placed;
}

/* Names first, item by item; args kept in the store after, block by
 * block.  The store reads a plain file's args again from the file, and
 * decompresses a compressed trace's, a block at a time, keeping one per
 * thread.  Track after track, every block came back once per track: a
 * search read the generated 1M trace's 325 MB file 10 times over, and
 * worker0's 31 MB 20 times.  So the items whose args are in the store
 * are counted, then placed, by block (4 bytes an item), and each block
 * is read once.  The matches are sorted by time afterwards, so the
 * order of the walk changes nothing else. */
static gboolean
search_items (Run     *run,
              GError **error)
{
  StpTrace *trace = run->self->trace;
  g_autoptr(GArray) all = g_array_new (FALSE, FALSE, sizeof (Items));
  guint n_blocks = stp_raw_store_get_n_blocks (trace->raw);
  g_autofree guint32 *counts = g_new0 (guint32, n_blocks + 1);
  g_autofree guint32 *placed = NULL;
  guint32 n_placed;

  for (guint32 t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      if (track->kind == STP_TRACK_COUNTER)
        continue;
      add_items (all, track->slices, STP_ITEM_SLICE, t);
      add_items (all, track->instants, STP_ITEM_INSTANT, t);
    }
  add_items (all, trace->global_instants, STP_ITEM_GLOBAL_INSTANT, STP_INDEX_NONE);

  /* Names, and args made from the source; the others counted by block. */
  for (guint a = 0; a < all->len; a++)
    {
      const Items *items = &g_array_index (all, Items, a);

      for (guint32 i = 0; i < items->items->len; i++)
        {
          const StpSlice *s = &g_array_index (items->items, StpSlice, i);

          if (!visit (run, error))
            return FALSE;
          if (args_in_store (run, s))
            counts[stp_raw_get_block (s->args) + 1]++;
          else if (((run->scope & STP_SEARCH_NAMES) && name_matches (run->self, s->name)) ||
                   ((run->scope & STP_SEARCH_ARGS) && args_match (run->self, track_of (trace, items), s)))
            add_match (run, s, items->kind, items->track, i);
        }
    }

  placed = place_by_block (run, all, counts, n_blocks, &n_placed);
  for (guint32 k = 0; k < n_placed; k++)
    {
      const Items *items = items_of (all, placed[k]);
      guint32 i = placed[k] - items->first;
      const StpSlice *s = &g_array_index (items->items, StpSlice, i);

      if (!visit (run, error))
        return FALSE;
      if (args_match (run->self, track_of (trace, items), s))
        add_match (run, s, items->kind, items->track, i);
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

  if (!search_items (&run, error) || !search_objects (&run, error))
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
