/* stp-raw-store.c: raw JSON fragments (event args) kept as bytes
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Args are shown for one event at a time, so they stay the bytes the
 * loader saw and are parsed only when shown.  Bytes are appended to
 * chunks that never move; a reference is (chunk << 32 | offset).
 */

#define G_LOG_DOMAIN "stp-raw-store"

#include "stp-raw-store.h"

#include <string.h>

#define CHUNK_SIZE (1024 * 1024)

typedef struct
{
  char  *data;
  gsize  used;
  gsize  size;
} Chunk;

struct _StpRawStore
{
  GArray *chunks;   /* Chunk */
  gsize   bytes;
};

static void
chunk_clear (gpointer data)
{
  Chunk *chunk = data;

  g_free (chunk->data);
}

StpRawStore *
stp_raw_store_new (void)
{
  StpRawStore *self = g_new0 (StpRawStore, 1);

  self->chunks = g_array_new (FALSE, FALSE, sizeof (Chunk));
  g_array_set_clear_func (self->chunks, chunk_clear);

  return self;
}

void
stp_raw_store_free (StpRawStore *self)
{
  if (self == NULL)
    return;

  g_array_unref (self->chunks);
  g_free (self);
}

StpRaw
stp_raw_store_add (StpRawStore *self,
                   const char  *bytes,
                   gsize        len)
{
  Chunk *chunk = NULL;
  StpRaw raw;

  g_return_val_if_fail (self != NULL, STP_RAW_NONE);
  g_return_val_if_fail (len <= G_MAXUINT32, STP_RAW_NONE);

  if (len == 0)
    return STP_RAW_NONE;

  if (self->chunks->len > 0)
    chunk = &g_array_index (self->chunks, Chunk, self->chunks->len - 1);

  if (chunk == NULL || chunk->size - chunk->used < len)
    {
      Chunk fresh;

      /* A fragment larger than a chunk gets a chunk of its own. */
      fresh.size = MAX (CHUNK_SIZE, len);
      fresh.data = g_malloc (fresh.size);
      fresh.used = 0;
      g_array_append_val (self->chunks, fresh);
      chunk = &g_array_index (self->chunks, Chunk, self->chunks->len - 1);
    }

  memcpy (chunk->data + chunk->used, bytes, len);
  raw.ref = ((guint64) (self->chunks->len - 1) << 32) | chunk->used;
  raw.len = len;
  chunk->used += len;
  self->bytes += len;

  return raw;
}

const char *
stp_raw_store_peek (const StpRawStore *self,
                    guint64            ref,
                    guint32            len)
{
  guint chunk_index = ref >> 32;
  gsize offset = ref & G_MAXUINT32;
  const Chunk *chunk;

  g_return_val_if_fail (self != NULL, NULL);

  if (len == 0)
    return NULL;

  g_return_val_if_fail (chunk_index < self->chunks->len, NULL);
  chunk = &g_array_index (self->chunks, Chunk, chunk_index);
  g_return_val_if_fail (offset + len <= chunk->used, NULL);

  return chunk->data + offset;
}

char *
stp_raw_store_dup (const StpRawStore *self,
                   guint64            ref,
                   guint32            len)
{
  const char *bytes = stp_raw_store_peek (self, ref, len);

  return bytes ? g_strndup (bytes, len) : NULL;
}

void
stp_raw_store_append_to (const StpRawStore *self,
                         guint64            ref,
                         guint32            len,
                         GString           *out)
{
  const char *bytes = stp_raw_store_peek (self, ref, len);

  if (bytes != NULL)
    g_string_append_len (out, bytes, len);
}

gsize
stp_raw_store_get_size (const StpRawStore *self)
{
  gsize size = 0;

  g_return_val_if_fail (self != NULL, 0);

  for (guint i = 0; i < self->chunks->len; i++)
    size += g_array_index (self->chunks, Chunk, i).size;

  return size;
}
