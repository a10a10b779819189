/* stp-string-table.c: interned strings for the trace model
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A trace of ten million events has a few thousand distinct names, so
 * every name is stored once.  Strings live NUL-terminated in large
 * chunks (they never move, so pointers stay valid) and an open-addressing
 * table of ids finds them again.  Lookups take a length, because loaders
 * intern straight out of their input buffers.
 */

#define G_LOG_DOMAIN "stp-string-table"

#include "stp-string-table.h"

#include "stp-buffer.h"

#include <string.h>

#define CHUNK_SIZE      (256 * 1024)
/* Past this many bytes of strings, chunks are large and on huge pages:
 * a big trace interns millions of names, looked up at random, and with
 * 4 KiB pages nearly every lookup also missed the TLB. */
#define BIG_TABLE_BYTES (8 * 1024 * 1024)
#define BIG_CHUNK_SIZE  (4 * 1024 * 1024)
/* The most one reservation maps in at once (stp-buffer.c maps a big
 * chunk in whole): a cancel waits for it, and where no huge page can be
 * had, 16 MiB are 4,096 pages at 7-8 µs each on the development VM
 * (build/bench/bench-page-costs). */
#define MAX_RESERVED_BYTES (16 * 1024 * 1024)

typedef struct
{
  const char *str;
  guint32     len;
  guint32     hash;
} Entry;

struct _StpStringTable
{
  GArray    *entries;   /* Entry, indexed by StpStr */
  guint64   *slots;     /* hash << 32 | (entry id + 1), 0 = empty */
  guint      n_slots;   /* power of two */
  GPtrArray *chunks;    /* GBytes owning each chunk */
  char      *chunk_pos;
  gsize      chunk_left;
  gsize      bytes;
};

static inline guint64
mix_word (guint64 h,
          guint64 word)
{
  h = (h ^ word) * G_GUINT64_CONSTANT (0xff51afd7ed558ccd);
  return h ^ (h >> 32);
}

static guint32
hash_bytes (const char *str,
            gsize       len)
{
  /* Eight bytes a step: names of 20-60 bytes are hashed millions of
   * times in a large load, and a byte-at-a-time hash (FNV-1a, before)
   * was a third of the StepStats analysis.  The tail is read as the
   * last eight bytes, overlapping, when there are that many. */
  const guchar *p = (const guchar *) str;
  guint64 h = G_GUINT64_CONSTANT (0x9e3779b97f4a7c15) ^ len;
  guint64 word;

  if (len >= 8)
    {
      gsize left = len;

      for (; left > 8; left -= 8, p += 8)
        {
          memcpy (&word, p, 8);
          h = mix_word (h, word);
        }
      memcpy (&word, str + len - 8, 8);
      h = mix_word (h, word);
    }
  else if (len > 0)
    {
      word = 0;
      for (gsize i = 0; i < len; i++)
        word |= (guint64) p[i] << (8 * i);
      h = mix_word (h, word);
    }

  h ^= h >> 29;
  h *= G_GUINT64_CONSTANT (0xc4ceb9fe1a85ec53);
  h ^= h >> 32;
  return (guint32) h;
}

/* The rest of the current chunk is left unused. */
static void
start_chunk (StpStringTable *self,
             gsize           size)
{
  self->chunk_pos = (char *) stp_buffer_alloc (size);
  self->chunk_left = size;
  g_ptr_array_add (self->chunks, stp_buffer_to_bytes ((guint8 *) self->chunk_pos, size, size));
}

static char *
store_bytes (StpStringTable *self,
             const char     *str,
             gsize           len)
{
  char *dest;

  if (len + 1 > self->chunk_left)
    start_chunk (self, MAX (self->bytes < BIG_TABLE_BYTES ? CHUNK_SIZE : BIG_CHUNK_SIZE, len + 1));

  dest = self->chunk_pos;
  memcpy (dest, str, len);
  dest[len] = '\0';
  self->chunk_pos += len + 1;
  self->chunk_left -= len + 1;
  self->bytes += len + 1;

  return dest;
}

/* The most entries n_slots hold: three quarters.  Slots keep their
 * string's hash, so a probe past other strings reads the next slot
 * in the same cache line, not their entries; at one half, a 100k-node
 * StepStats' table had 2 MB of slots for 77,519 names. */
static inline guint64
max_entries (guint n_slots)
{
  return (guint64) n_slots / 4 * 3;
}

static inline guint64
make_slot (guint32 hash,
           guint32 id)
{
  return (guint64) hash << 32 | (id + 1);
}

/* Zeroed slots; large tables on huge pages (stp-buffer.c maps those,
 * and a fresh mapping is zeroed). */
static guint64 *
alloc_slots (guint n_slots)
{
  gsize size = (gsize) n_slots * sizeof (guint64);
  guint64 *slots = (guint64 *) stp_buffer_alloc (size);

  if (!stp_buffer_is_mapped (size))
    memset (slots, 0, size);
  return slots;
}

static void
rehash (StpStringTable *self,
        guint           n_slots)
{
  guint64 *slots = alloc_slots (n_slots);

  for (guint id = 0; id < self->entries->len; id++)
    {
      const Entry *e = &g_array_index (self->entries, Entry, id);
      guint i = e->hash & (n_slots - 1);

      while (slots[i] != 0)
        i = (i + 1) & (n_slots - 1);
      slots[i] = make_slot (e->hash, id);
    }

  stp_buffer_free ((guint8 *) self->slots, self->n_slots * sizeof (guint64));
  self->slots = slots;
  self->n_slots = n_slots;

  /* Entries follow the slots; they are mapped in as they come, or as
   * stp_string_table_reserve() asks. */
  stp_array_reserve_at_most (self->entries, max_entries (n_slots));
}

/* Slots for the entries there are, and room to grow. */
static guint
slots_for (guint64 n_entries)
{
  guint n_slots = 1024;

  while (max_entries (n_slots) <= n_entries)
    n_slots *= 2;
  return n_slots;
}

/* The index again, after stp_string_table_drop_index(), for a string
 * to come in. */
static inline void
ensure_index (StpStringTable *self)
{
  if (G_UNLIKELY (self->slots == NULL))
    rehash (self, slots_for (self->entries->len));
}

StpStringTable *
stp_string_table_new (void)
{
  StpStringTable *self = g_new0 (StpStringTable, 1);

  self->entries = g_array_new (FALSE, FALSE, sizeof (Entry));
  self->chunks = g_ptr_array_new_with_free_func ((GDestroyNotify) g_bytes_unref);
  self->n_slots = 1024;
  self->slots = alloc_slots (self->n_slots);

  stp_string_table_intern (self, "", 0);

  return self;
}

void
stp_string_table_free (StpStringTable *self)
{
  if (self == NULL)
    return;

  g_array_unref (self->entries);
  g_ptr_array_unref (self->chunks);
  stp_buffer_free ((guint8 *) self->slots, self->n_slots * sizeof (guint64));
  g_free (self);
}

/* The slot holding str, or the empty slot where it would go.  Slots
 * keep the hash, so probing past other strings touches no entry. */
static guint64 *
find_slot (const StpStringTable *self,
           const char           *str,
           gsize                 len,
           guint32               hash)
{
  guint i = hash & (self->n_slots - 1);

  for (;;)
    {
      guint64 *slot = &self->slots[i];

      if (*slot == 0)
        return slot;

      if ((guint32) (*slot >> 32) == hash)
        {
          const Entry *e = &g_array_index (self->entries, Entry, (guint32) *slot - 1);

          /* An empty string may come as NULL: memcmp must not see it. */
          if (e->len == len && (len == 0 || memcmp (e->str, str, len) == 0))
            return slot;
        }

      i = (i + 1) & (self->n_slots - 1);
    }
}

static inline StpStr
slot_id (guint64 slot)
{
  return (guint32) slot - 1;
}

guint32
stp_string_table_hash (const char *str,
                       gsize       len)
{
  g_return_val_if_fail (str != NULL || len == 0, 0);

  return hash_bytes (str, len);
}

gboolean
stp_string_table_lookup (const StpStringTable *self,
                         const char           *str,
                         gsize                 len,
                         StpStr               *out_id)
{
  guint64 *slot;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (str != NULL || len == 0, FALSE);
  g_return_val_if_fail (self->slots != NULL, FALSE);

  slot = find_slot (self, str, len, hash_bytes (str, len));
  if (*slot == 0)
    return FALSE;

  if (out_id != NULL)
    *out_id = slot_id (*slot);
  return TRUE;
}

static StpStr
intern_hashed (StpStringTable *self,
               const char     *str,
               gsize           len,
               guint32         hash)
{
  guint64 *slot;
  Entry e;

  ensure_index (self);
  slot = find_slot (self, str, len, hash);
  if (*slot != 0)
    return slot_id (*slot);

  e.str = store_bytes (self, str ? str : "", len);
  e.len = len;
  e.hash = hash;
  g_array_append_val (self->entries, e);
  *slot = make_slot (hash, self->entries->len - 1);

  if (self->entries->len > max_entries (self->n_slots))
    rehash (self, self->n_slots * 2);

  return self->entries->len - 1;
}

StpStr
stp_string_table_intern (StpStringTable *self,
                         const char     *str,
                         gsize           len)
{
  g_return_val_if_fail (self != NULL, STP_STR_EMPTY);
  g_return_val_if_fail (str != NULL || len == 0, STP_STR_EMPTY);
  g_return_val_if_fail (len <= G_MAXUINT32, STP_STR_EMPTY);

  return intern_hashed (self, str, len, hash_bytes (str, len));
}

StpStr
stp_string_table_intern0 (StpStringTable *self,
                          const char     *str)
{
  return stp_string_table_intern (self, str, str ? strlen (str) : 0);
}

const char *
stp_string_table_get (const StpStringTable *self,
                      StpStr                id)
{
  g_return_val_if_fail (self != NULL, "");
  g_return_val_if_fail (id < self->entries->len, "");

  return g_array_index (self->entries, Entry, id).str;
}

gsize
stp_string_table_get_len (const StpStringTable *self,
                          StpStr                id)
{
  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (id < self->entries->len, 0);

  return g_array_index (self->entries, Entry, id).len;
}

guint
stp_string_table_count (const StpStringTable *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->entries->len;
}

gsize
stp_string_table_get_size (const StpStringTable *self)
{
  g_return_val_if_fail (self != NULL, 0);

  return self->bytes
         + self->entries->len * sizeof (Entry)
         + self->n_slots * sizeof (guint64);
}

void
stp_string_table_lookup_many (const StpStringTable *self,
                              StpStringQuery       *queries,
                              guint                 n)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (queries != NULL || n == 0);
  g_return_if_fail (self->slots != NULL);

  for (guint k = 0; k < n; k++)
    if (!stp_string_table_lookup (self, queries[k].str, queries[k].len, &queries[k].id))
      queries[k].id = STP_STR_INVALID;
}

void
stp_string_table_intern_many (StpStringTable *self,
                              StpStringQuery *queries,
                              guint           n)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (queries != NULL || n == 0);

  for (guint k = 0; k < n; k++)
    queries[k].id = stp_string_table_intern (self, queries[k].str, queries[k].len);
}

void
stp_string_table_reserve (StpStringTable *self,
                          guint           n)
{
  guint64 wanted;
  guint n_slots;

  g_return_if_fail (self != NULL);

  ensure_index (self);
  wanted = (guint64) self->entries->len + n;
  if (wanted <= max_entries (self->n_slots) || wanted > G_MAXUINT32 / 4)
    return;

  for (n_slots = self->n_slots; max_entries (n_slots) < wanted; n_slots *= 2)
    ;
  rehash (self, n_slots);
  stp_array_reserve (self->entries, self->entries->len + n);
}

void
stp_string_table_reserve_bytes (StpStringTable *self,
                                gsize           n_bytes)
{
  g_return_if_fail (self != NULL);

  if (n_bytes <= self->chunk_left)
    return;

  /* And a small chunk's room for the few strings that come after. */
  start_chunk (self, MIN (n_bytes + CHUNK_SIZE, MAX_RESERVED_BYTES));
}

void
stp_string_table_drop_index (StpStringTable *self)
{
  g_return_if_fail (self != NULL);

  stp_buffer_free ((guint8 *) self->slots, self->n_slots * sizeof (guint64));
  self->slots = NULL;
  self->n_slots = 0;
}
