/* stp-chrome-json-values.c: the Chrome JSON loader's values and lookups
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the phase rules read from an event: strings (interned straight
 * from the window, unescaped only when they hold escapes), timestamps,
 * ids, the thread and process of an event (small caches keyed by pid
 * and tid as written skip the lookups for events of the same threads,
 * however they interleave), the
 * members kept verbatim as extras, and the members of an args object.
 */

#define G_LOG_DOMAIN "stp-chrome-json"

#include "stp-chrome-json-private.h"
#include "stp-json-writer.h"

#include <string.h>

static void
records_free (gpointer data)
{
  if (data != NULL)
    g_array_unref (data);
}

void
stp_chrome_loader_init (StpChromeLoader *self,
                        StpTrace        *trace)
{
  memset (self, 0, sizeof *self);
  self->trace = trace;
  self->keys = stp_string_table_new ();
  /* Zeros: every entry is the empty name, STP_STR_EMPTY. */
  self->names = g_new0 (StpChromeName, STP_CHROME_NAMES);
  self->scratch = g_string_sized_new (256);
  self->text = g_string_sized_new (256);
  self->keybuf = g_string_sized_new (64);
  self->be = g_ptr_array_new_with_free_func (records_free);
  self->async = g_array_new (FALSE, FALSE, sizeof (StpChromeRecord));
  self->flows = g_array_new (FALSE, FALSE, sizeof (StpChromeRecord));
  self->v2 = g_array_new (FALSE, FALSE, sizeof (StpChromeV2Record));
  self->counters = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->instant_tracks = g_hash_table_new (NULL, NULL);
  self->objects = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  self->memory = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
}

void
stp_chrome_loader_clear (StpChromeLoader *self)
{
  g_clear_pointer (&self->keys, stp_string_table_free);
  g_clear_pointer (&self->names, g_free);
  if (self->scratch)
    g_string_free (self->scratch, TRUE);
  if (self->text)
    g_string_free (self->text, TRUE);
  if (self->keybuf)
    g_string_free (self->keybuf, TRUE);
  self->scratch = self->text = self->keybuf = NULL;
  g_clear_pointer (&self->be, g_ptr_array_unref);
  g_clear_pointer (&self->async, g_array_unref);
  g_clear_pointer (&self->flows, g_array_unref);
  g_clear_pointer (&self->v2, g_array_unref);
  g_clear_pointer (&self->counters, g_hash_table_unref);
  g_clear_pointer (&self->instant_tracks, g_hash_table_unref);
  g_clear_pointer (&self->objects, g_hash_table_unref);
  g_clear_pointer (&self->memory, g_hash_table_unref);
}

/* ------------------------------------------------------------------ */
/* Values                                                              */

/* The text of a string value (unescaped), or the raw text of another. */
static const char *
value_text (StpChromeLoader       *self,
            const StpChromeMember *m,
            gsize                 *len)
{
  if (stp_chrome_is_string (m))
    {
      if (!m->escaped)
        {
          *len = m->end - m->value - 2;
          return m->value + 1;
        }
      g_string_truncate (self->text, 0);
      stp_json_unescape (m->value + 1, m->end - m->value - 2, self->text);
      *len = self->text->len;
      return self->text->str;
    }
  *len = m->end - m->value;
  return m->value;
}

/* Names repeat (a few thousand distinct in ten million events), and a
 * table of every name, flows' included, is larger than the caches: a
 * small table of the latest names that holds their bytes finds a name
 * of up to sixteen bytes without reading the string table at all, and
 * a longer one by comparing its middle. */
static StpStr
intern_cached (StpChromeLoader *self,
               const char      *text,
               gsize            len)
{
  guint64 head = 0, tail = 0;
  StpChromeName *name;
  StpStr id;

  if (len >= 8)
    {
      memcpy (&head, text, 8);
      memcpy (&tail, text + len - 8, 8);
    }
  else
    {
      for (gsize i = 0; i < len; i++)
        head |= (guint64) (guchar) text[i] << (8 * i);
    }
  if (len > G_MAXUINT32)
    return stp_trace_intern (self->trace, text, len);

  name = &self->names[((head ^ (tail * 0x9e3779b97f4a7c15ull) ^ len) * 0xff51afd7ed558ccdull)
                      >> (64 - STP_CHROME_NAME_BITS)];
  if (name->len == len && name->head == head && name->tail == tail &&
      (len <= 16 || memcmp (stp_trace_str (self->trace, name->id) + 8, text + 8, len - 16) == 0))
    return name->id;

  id = stp_trace_intern (self->trace, text, len);
  *name = (StpChromeName) { head, tail, len, id };
  return id;
}

StpStr
stp_chrome_intern_value (StpChromeLoader       *self,
                         const StpChromeMember *m)
{
  const char *text;
  gsize len;

  if (m == NULL)
    return STP_STR_EMPTY;
  if (*m->value == 'n' && m->end - m->value == 4)   /* null */
    return STP_STR_EMPTY;

  text = value_text (self, m, &len);
  return intern_cached (self, text, len);
}

gboolean
stp_chrome_member_ts (const StpChromeMember *m,
                      gint64                *out)
{
  return m != NULL && stp_json_parse_us_to_ns (m->value, m->end - m->value, out);
}

/* ids: a non-negative integer as is, anything else as raw text */
StpId
stp_chrome_member_id (StpChromeLoader       *self,
                      const StpChromeMember *m)
{
  const char *p = m->value;
  gsize len = m->end - m->value;
  guint64 v = 0;
  gsize i;

  for (i = 0; i < len && i < 18 && g_ascii_isdigit (p[i]); i++)
    v = v * 10 + (p[i] - '0');
  if (i == len && len > 0 && (len == 1 || p[0] != '0'))
    return v;

  return STP_ID_IS_RAW | stp_trace_intern (self->trace, p, len);
}

gboolean
stp_chrome_member_is_true (const StpChromeMember *m)
{
  return m != NULL && m->end - m->value == 4 && memcmp (m->value, "true", 4) == 0;
}

/* Whether text is an integer written the way JSON writes numbers
 * (no sign but '-', no leading zeros, no spaces), so that it reads back
 * as the same text. */
static gboolean
is_canonical_int (const char *text,
                  gint64     *num)
{
  const char *p = text;
  gsize len = strlen (text);

  if (*p == '-')
    p++;
  if (*p < '0' || *p > '9' || (*p == '0' && (p[1] != '\0' || p != text)) || len > 19 + (text[0] == '-'))
    return FALSE;
  for (const char *q = p; *q; q++)
    if (*q < '0' || *q > '9')
      return FALSE;

  return stp_json_parse_int64 (text, len, num);
}

/* pid or tid: an integer, or a string (or any other value) as text */
static void
parse_id (StpChromeLoader       *self,
          const StpChromeMember *m,
          gint64                *num,
          StpStr                *str)
{
  *num = 0;
  *str = STP_STR_EMPTY;

  if (m == NULL)
    return;
  if (stp_chrome_is_string (m))
    {
      *str = stp_chrome_intern_value (self, m);
      if (*str == STP_STR_EMPTY)
        *str = stp_trace_intern (self->trace, "\"\"", 2);
      /* "5555" and 5555 are one thread: Kineto writes both for the same
       * thread, and chrome://tracing keys threads by their text. */
      else if (is_canonical_int (stp_trace_str (self->trace, *str), num))
        *str = STP_STR_EMPTY;
      return;
    }
  if (!stp_json_parse_int64 (m->value, m->end - m->value, num))
    *str = stp_trace_intern (self->trace, m->value, m->end - m->value);
}

/* Appends a value's bytes to the key, hashing them on the way; returns
 * where the key ends. */
static inline char *
key_append (char       *out,
            const char *p,
            const char *end,
            guint      *hash)
{
  guint h = *hash;

  for (; p < end; p++)
    {
      *out++ = *p;
      h = h * 33 + (guchar) *p;
    }
  *hash = h;
  return out;
}

/* What stands between pid and tid in a cache key: with no tid, another
 * byte, so that (pid) and (pid, tid) never share a key. */
static inline char
key_separator (const StpChromeMember *tid)
{
  return tid != NULL ? '\x1f' : '\x1e';
}

/* The set of two entries that would hold pid and tid as written (the
 * pid alone unless with_tid), the key in `key`; NULL when it is too
 * long to keep. */
static StpChromeIdEntry *
cache_set (StpChromeIdEntry      (*sets)[2],
           guint                  n_sets,
           const StpChromeEvent  *event,
           gboolean               with_tid,
           char                  *key,
           gsize                 *len)
{
  const StpChromeMember *pid = stp_chrome_event_get (event, KEY_PID);
  const StpChromeMember *tid = with_tid ? stp_chrome_event_get (event, KEY_TID) : NULL;
  gsize pl = pid ? pid->end - pid->value : 0;
  gsize tl = tid ? tid->end - tid->value : 0;
  char separator = key_separator (tid);
  guint hash = 5381;
  char *out = key;

  *len = 0;
  if (pl + tl + 1 > sizeof sets[0][0].key)
    return NULL;
  if (pid != NULL)
    out = key_append (out, pid->value, pid->end, &hash);
  out = key_append (out, &separator, &separator + 1, &hash);
  if (tid != NULL)
    out = key_append (out, tid->value, tid->end, &hash);
  *len = out - key;

  /* The top bits: the low ones of "1,2" and "2,1" are the same. */
  return sets[((hash * 0x9e3779b1u) >> 24) & (n_sets - 1)];
}

static inline StpChromeIdEntry *
cache_find (StpChromeIdEntry *set,
            const char       *key,
            gsize             len)
{
  if (set == NULL)
    return NULL;
  for (guint way = 0; way < 2; way++)
    if (set[way].len == len && memcmp (set[way].key, key, len) == 0)
      return &set[way];
  return NULL;
}

/* The newest key goes first; the older one of the two, if any, goes. */
static void
cache_store (StpChromeIdEntry *set,
             const char       *key,
             gsize             len,
             guint32           value)
{
  if (set == NULL)
    return;
  set[1] = set[0];
  memcpy (set[0].key, key, len);
  set[0].len = len;
  set[0].value = value;
}

guint32
stp_chrome_process_of (StpChromeLoader      *self,
                       const StpChromeEvent *event)
{
  char key[sizeof self->process_cache[0][0].key];
  gsize len;
  StpChromeIdEntry *set = cache_set (self->process_cache, STP_CHROME_PROCESS_SETS,
                                     event, FALSE, key, &len);
  StpChromeIdEntry *found = cache_find (set, key, len);
  gint64 pid;
  StpStr pid_str;
  guint32 process;

  if (found != NULL)
    return found->value;

  parse_id (self, stp_chrome_event_get (event, KEY_PID), &pid, &pid_str);
  process = stp_trace_add_process (self->trace, pid, pid_str);
  cache_store (set, key, len, process);
  return process;
}

/* Whether the entry's key is the event's pid and tid as cache_set()
 * would write them, without writing and hashing them. */
static inline gboolean
entry_is_thread (const StpChromeIdEntry *entry,
                 const StpChromeEvent   *event)
{
  const StpChromeMember *pid = stp_chrome_event_get (event, KEY_PID);
  const StpChromeMember *tid = stp_chrome_event_get (event, KEY_TID);
  gsize pl = pid ? pid->end - pid->value : 0;
  gsize tl = tid ? tid->end - tid->value : 0;

  return entry->len == pl + 1 + tl
         && entry->key[pl] == key_separator (tid)
         && (pl == 0 || memcmp (entry->key, pid->value, pl) == 0)
         && (tl == 0 || memcmp (entry->key + pl + 1, tid->value, tl) == 0);
}

guint32
stp_chrome_thread_of (StpChromeLoader      *self,
                      const StpChromeEvent *event)
{
  char key[sizeof self->thread_cache[0][0].key];
  gsize len;
  StpChromeIdEntry *set, *found;
  const StpChromeMember *tid_member;
  gint64 tid;
  StpStr tid_str;
  guint32 process, track;

  /* Most events follow one on the same thread.  The entry may hold
   * another key by now: then it is no match. */
  if (self->last_thread != NULL && entry_is_thread (self->last_thread, event))
    return self->last_thread->value;

  set = cache_set (self->thread_cache, STP_CHROME_THREAD_SETS, event, TRUE, key, &len);
  found = cache_find (set, key, len);
  self->last_thread = found ? found : set;
  if (found != NULL)
    return found->value;

  process = stp_chrome_process_of (self, event);
  tid_member = stp_chrome_event_get (event, KEY_TID);
  if (tid_member == NULL)
    tid_member = stp_chrome_event_get (event, KEY_PID);   /* as Perfetto: tid = pid */
  parse_id (self, tid_member, &tid, &tid_str);
  track = stp_trace_add_thread (self->trace, process, tid, tid_str);
  cache_store (set, key, len, track);
  return track;
}

/* The members not in `consumed`, as "k":v,"k":v in the raw store. */
StpRaw
stp_chrome_extra_members (StpChromeLoader      *self,
                          const StpChromeEvent *event,
                          guint32               consumed)
{
  GString *out = self->scratch;
  const StpChromeMember *single = NULL;
  guint n = 0;

  /* Most events have only keys the caller takes, each once (as many
   * keys as members). */
  if ((event->keys & ~consumed) == 0 && (guint) __builtin_popcount (event->keys) == event->n_members)
    return STP_RAW_NONE;

  for (guint i = 0; i < event->n_members; i++)
    {
      const StpChromeMember *m = &event->members[i];

      if (m->key != KEY_OTHER && (consumed & KEY_BIT (m->key)))
        {
          /* A member given twice: the last one counts (as the index
           * holds it); writing the other back would give the export two
           * of them, and the reader of the export another event. */
          if (event->index[m->key] != (gint16) i)
            {
              /* A known key: plain, unescaped text between quotes. */
              const char *name = m->member + 1;
              const char *quote = memchr (name, '"', m->value - name);

              stp_trace_warn (self->trace, "duplicate-member",
                              "an event gives \"%.*s\" twice: the last one was used",
                              quote ? (int) (quote - name) : 0, name);
            }
          continue;
        }
      if (n++ == 0)
        single = m;
      else
        {
          if (n == 2)
            {
              g_string_truncate (out, 0);
              stp_json_append_len (out, single->member, single->end - single->member);
            }
          stp_json_append_c (out, ',');
          stp_json_append_len (out, m->member, m->end - m->member);
        }
    }

  if (n == 0)
    return STP_RAW_NONE;
  if (n == 1)
    return stp_trace_add_raw (self->trace, single->member, single->end - single->member);
  return stp_trace_add_raw (self->trace, out->str, out->len);
}

guint32
stp_chrome_add_extra (StpChromeLoader *self,
                      char             phase,
                      StpRaw           members)
{
  StpExtra extra = { members, STP_SEQ_NONE, phase, 0 };

  return stp_trace_add_extra_full (self->trace, &extra);
}

StpRaw
stp_chrome_add_args (StpChromeLoader      *self,
                     const StpChromeEvent *event)
{
  const StpChromeMember *args = stp_chrome_event_get (event, KEY_ARGS);

  if (args == NULL)
    return STP_RAW_NONE;
  if (self->args_file != 0)
    return stp_trace_add_raw_from_file (self->trace, self->args_file,
                                        self->window_offset + (args->value - self->window_data),
                                        args->end - args->value);
  return stp_trace_add_raw (self->trace, args->value, args->end - args->value);
}

gboolean
stp_chrome_event_ts (StpChromeLoader      *self,
                     const StpChromeEvent *event,
                     gint64               *ts)
{
  const StpChromeMember *m = stp_chrome_event_get (event, KEY_TS);

  if (stp_chrome_member_ts (m, ts))
    return TRUE;

  if (m == NULL)
    stp_trace_warn (self->trace, "missing-ts", "a '%c' event without \"ts\" was skipped", event->phase);
  else
    stp_trace_warn (self->trace, "invalid-ts", "a '%c' event with \"ts\": %.*s was skipped",
                    event->phase, (int) MIN (m->end - m->value, 40), m->value);
  return FALSE;
}

/* Iterates the members of an object value (args). */
gboolean
stp_chrome_object_iter_init (StpChromeObjectIter   *iter,
                             const StpChromeMember *m)
{
  if (m == NULL || *m->value != '{')
    return FALSE;
  iter->p = m->value + 1;
  iter->end = m->end;    /* just past the closing brace */
  return TRUE;
}

gboolean
stp_chrome_object_iter_next (StpChromeObjectIter *iter,
                             StpChromeMember     *key,
                             StpChromeMember     *value)
{
  const char *p = stp_json_skip_space (iter->p, iter->end);
  gboolean escaped = FALSE;
  const char *key_end, *q;

  if (p < iter->end && *p == ',')
    p = stp_json_skip_space (p + 1, iter->end);
  if (p >= iter->end || *p != '"')
    return FALSE;   /* the closing brace, or not an object */

  if (stp_json_member_head (p, iter->end, &key_end, &escaped, &q) != STP_SCAN_OK)
    return FALSE;
  key->member = key->value = p;
  key->end = key_end;
  key->escaped = escaped;

  escaped = FALSE;
  value->member = p;
  value->value = q;
  if (stp_json_skip_value (q, iter->end, &value->end, &escaped) != STP_SCAN_OK)
    return FALSE;
  value->escaped = escaped;
  iter->p = value->end;
  return TRUE;
}
