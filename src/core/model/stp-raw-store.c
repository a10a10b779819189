/* stp-raw-store.c: raw JSON fragments (event args) kept as bytes
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Args are shown for one event at a time, so they stay the bytes the
 * loader saw and are parsed only when shown.  In PyTorch/Kineto traces
 * they are more than half of the file, so keeping them as they are
 * would cost more memory than the rest of the model together.  Bytes
 * are appended to 64 KiB blocks; a full block is compressed with zstd
 * level 1 (Kineto args: 32x at 2.3 GB/s, measured with `zstd -b1
 * -B65536`), and a block is decompressed again when someone asks for a
 * fragment in it.  A fragment never spans blocks; one of 64 KiB or more
 * gets a block of its own (see StpRaw).
 *
 * Compressing is a third of a load's work when every event's args are
 * new, so full blocks go to a thread of their own while the loader goes
 * on parsing: the second core does it.  The loader waits only when that
 * thread falls MAX_PENDING blocks behind; a reader waits for it to be
 * done (it is, once the trace is finished).
 *
 * Args of a plain file need not be kept at all: the file holds them.
 * Their fragments name a place in it instead (a file block: a range of
 * at most 64 KiB of the file), and a block is read again from the file
 * when someone asks for a fragment in it.  The store keeps the file
 * open, so it may be renamed or deleted meanwhile; a file changed in
 * place since it was loaded (by its size and time) is not read again,
 * and stp_raw_store_check() says so.
 *
 * Reading is thread-safe once nothing is added any more: each thread
 * keeps its own last decompressed or read block, which is what makes
 * stp_raw_store_peek() pointers valid until that thread's next call.
 */

#define G_LOG_DOMAIN "stp-raw-store"

#include "stp-raw-store.h"
#include "stp-error.h"

#include <errno.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>
#include <zstd.h>

#define BLOCK_SIZE  (64 * 1024)
#define ZSTD_LEVEL  1
/* 512 KiB of blocks waiting to be compressed.  Where args take longer
 * to compress than the model to build (catapult's lthi_cats), 32 held
 * up to 2 MiB more at the peak; 8 loads as fast. */
#define MAX_PENDING 8
/* Files kept open for their args, in the whole process: past this,
 * args are kept as bytes, so that a folder of traces leaves room under
 * the usual limit of 1,024 descriptors. */
#define MAX_OPEN_FILES 256
#define NO_BLOCK G_MAXUINT

typedef struct
{
  guint8  *data;         /* compressed bytes, or the bytes themselves; NULL in a file block */
  guint32  stored_len;
  guint32  len;          /* bytes the block holds */
  gboolean compressed;
  guint32  file;         /* a file block: its file + 1 (0: the bytes are here) */
  guint64  file_offset;  /* where a file block's bytes start in its file */
} Block;

/* A file args are read from again, and what it was like when it was
 * loaded. */
typedef struct
{
  int      fd;
  char    *name;
  goffset  size;
  gint64   mtime_ns;
} File;

struct _StpRawStore
{
  GArray      *blocks;     /* Block */
  guint        open;       /* the block bytes are added to (BLOCK_SIZE), or NO_BLOCK */
  guint        open_file;  /* the file block fragments are added to, or NO_BLOCK */
  GArray      *files;      /* File */
  guint64      uid;        /* tells stores apart in the per-thread caches */
  gsize        bytes;      /* raw bytes added */
  gsize        stored;     /* bytes held */

  /* The compressing thread, once a block is full.  `lock` guards the
   * blocks array (the loader appends, the compressor writes back into a
   * full block) and `stored`. */
  GThreadPool *compressor;
  ZSTD_CCtx   *cctx;       /* the compressor's own */
  GMutex       lock;
  GCond        done;
  gint         pending;    /* atomic: blocks handed over, not written back */
};

typedef struct
{
  guint64    uid;
  guint      block;
  guint8    *data;
  gsize      cap;
  ZSTD_DCtx *dctx;
} Cache;

static void
cache_free (gpointer data)
{
  Cache *cache = data;

  g_free (cache->data);
  ZSTD_freeDCtx (cache->dctx);
  g_free (cache);
}

static GPrivate cache_key = G_PRIVATE_INIT (cache_free);
static guint64 next_uid = 1;
G_LOCK_DEFINE_STATIC (uid);
static gint open_files;   /* atomic: files kept open by every store */

static void
block_clear (gpointer data)
{
  Block *block = data;

  g_free (block->data);
}

static void
file_clear (gpointer data)
{
  File *file = data;

  close (file->fd);
  g_free (file->name);
  g_atomic_int_add (&open_files, -1);
}

StpRawStore *
stp_raw_store_new (void)
{
  StpRawStore *self = g_new0 (StpRawStore, 1);

  self->blocks = g_array_new (FALSE, FALSE, sizeof (Block));
  g_array_set_clear_func (self->blocks, block_clear);
  self->open = NO_BLOCK;
  self->open_file = NO_BLOCK;
  self->files = g_array_new (FALSE, FALSE, sizeof (File));
  g_array_set_clear_func (self->files, file_clear);
  g_mutex_init (&self->lock);
  g_cond_init (&self->done);

  G_LOCK (uid);
  self->uid = next_uid++;
  G_UNLOCK (uid);

  return self;
}

void
stp_raw_store_free (StpRawStore *self)
{
  if (self == NULL)
    return;

  if (self->compressor != NULL)
    g_thread_pool_free (self->compressor, FALSE, TRUE);
  g_array_unref (self->blocks);
  g_array_unref (self->files);
  ZSTD_freeCCtx (self->cctx);
  g_mutex_clear (&self->lock);
  g_cond_clear (&self->done);
  g_free (self);
}

/* Waits for the compressor to have written back every block it has. */
static void
wait_compressed (const StpRawStore *store,
                 guint              at_most)
{
  StpRawStore *self = (StpRawStore *) store;

  if ((guint) g_atomic_int_get (&self->pending) <= at_most)
    return;
  g_mutex_lock (&self->lock);
  while ((guint) g_atomic_int_get (&self->pending) > at_most)
    g_cond_wait (&self->done, &self->lock);
  g_mutex_unlock (&self->lock);
}

/* Level 1 with a hash table of 2^11 entries (8 KiB) instead of its 2^13
 * for 64 KiB blocks: the table stays in the first-level cache.  Just as
 * many instructions, but where args are all new (ids, random labels)
 * zstd compresses 16-25% faster and 2% smaller; Kineto's 3% slower, to
 * the same size (`zstd -b1 -B65536 --zstd=hlog=11` against `-b1`). */
static ZSTD_CCtx *
new_cctx (void)
{
  ZSTD_CCtx *cctx = ZSTD_createCCtx ();

  ZSTD_CCtx_setParameter (cctx, ZSTD_c_compressionLevel, ZSTD_LEVEL);
  ZSTD_CCtx_setParameter (cctx, ZSTD_c_hashLog, 11);
  return cctx;
}

/* On the compressor's thread: block `data` (the pool's item) replaced
 * by its compressed bytes, if that saves anything.  The loader never
 * writes a full block again, so only the write-back needs the lock. */
static void
compress_block (gpointer data,
                gpointer user_data)
{
  StpRawStore *self = user_data;
  guint index = GPOINTER_TO_UINT (data) - 1;
  guint8 *bytes, *out;
  gsize len, bound, clen;
  Block *block;

  g_mutex_lock (&self->lock);
  block = &g_array_index (self->blocks, Block, index);
  bytes = block->data;
  len = block->len;
  g_mutex_unlock (&self->lock);

  if (self->cctx == NULL)
    self->cctx = new_cctx ();
  bound = ZSTD_compressBound (len);
  out = g_malloc (bound);
  clen = ZSTD_compress2 (self->cctx, out, bound, bytes, len);

  g_mutex_lock (&self->lock);
  block = &g_array_index (self->blocks, Block, index);
  self->stored -= block->stored_len;
  if (!ZSTD_isError (clen) && clen < len)
    {
      g_free (block->data);
      block->data = g_realloc (out, clen);
      block->stored_len = clen;
      block->compressed = TRUE;
    }
  else
    {
      g_free (out);
      block->data = g_realloc (block->data, len);
      block->stored_len = len;
    }
  self->stored += block->stored_len;
  g_atomic_int_dec_and_test (&self->pending);
  g_cond_broadcast (&self->done);
  g_mutex_unlock (&self->lock);
}

/* A full block goes to the compressor. */
static void
seal_block (StpRawStore *self,
            guint        index)
{
  const Block *block = &g_array_index (self->blocks, Block, index);

  /* Empty, or in a file: nothing to compress. */
  if (block->len == 0 || block->compressed || block->file != 0)
    return;

  if (self->compressor == NULL)
    self->compressor = g_thread_pool_new (compress_block, self, 1, FALSE, NULL);
  /* Too far behind: memory would grow with every block it lags. */
  wait_compressed (self, MAX_PENDING);
  g_atomic_int_inc (&self->pending);
  g_thread_pool_push (self->compressor, GUINT_TO_POINTER (index + 1), NULL);
}

static StpRaw
make_raw (guint  block,
          gsize  offset,
          gsize  len)
{
  guint64 len_bits = len < STP_RAW_WHOLE_BLOCK ? len : STP_RAW_WHOLE_BLOCK;

  g_assert (offset <= G_MAXUINT16);
  return ((guint64) block << 32) | ((guint64) offset << 16) | len_bits;
}

/* Returns the block's index. */
static guint
append_block (StpRawStore *self,
              const Block *block)
{
  g_mutex_lock (&self->lock);
  self->stored += block->stored_len;
  g_array_append_vals (self->blocks, block, 1);
  g_mutex_unlock (&self->lock);
  return self->blocks->len - 1;
}

StpRaw
stp_raw_store_add (StpRawStore *self,
                   const char  *bytes,
                   gsize        len)
{
  gboolean own_block = len >= STP_RAW_WHOLE_BLOCK;
  Block *block = NULL;
  guint index;
  StpRaw raw;

  g_return_val_if_fail (self != NULL, STP_RAW_NONE);
  g_return_val_if_fail (len <= G_MAXUINT32, STP_RAW_NONE);

  if (len == 0)
    return STP_RAW_NONE;

  index = self->open;
  if (index != NO_BLOCK)
    block = &g_array_index (self->blocks, Block, index);

  if (own_block || block == NULL || block->stored_len - block->len < len)
    {
      /* A block of its own is full at once: its length is the
       * fragment's.  The open block stays open for the next. */
      Block fresh = { 0 };

      if (!own_block && block != NULL)
        seal_block (self, index);
      fresh.stored_len = own_block ? len : BLOCK_SIZE;
      fresh.data = g_malloc (fresh.stored_len);
      index = append_block (self, &fresh);
      if (!own_block)
        self->open = index;
      block = &g_array_index (self->blocks, Block, index);
    }

  memcpy (block->data + block->len, bytes, len);
  raw = make_raw (index, block->len, len);
  block->len += len;
  self->bytes += len;
  if (own_block)
    seal_block (self, index);

  return raw;
}

static gint64
mtime_ns (const struct stat *st)
{
  return (gint64) st->st_mtim.tv_sec * G_GINT64_CONSTANT (1000000000) + st->st_mtim.tv_nsec;
}

guint
stp_raw_store_add_file (StpRawStore *self,
                        int          fd,
                        const char  *name)
{
  File file = { fd, NULL, 0, 0 };
  struct stat st;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (fd >= 0, 0);

  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode))
    {
      close (fd);
      return 0;
    }
  if (g_atomic_int_add (&open_files, 1) >= MAX_OPEN_FILES)
    {
      g_atomic_int_add (&open_files, -1);
      close (fd);
      return 0;
    }

  file.name = g_strdup (name);
  file.size = st.st_size;
  file.mtime_ns = mtime_ns (&st);
  g_array_append_val (self->files, file);
  return self->files->len;
}

StpRaw
stp_raw_store_add_from_file (StpRawStore *self,
                             guint        file,
                             guint64      offset,
                             gsize        len)
{
  Block *block = NULL;
  guint index;

  g_return_val_if_fail (self != NULL, STP_RAW_NONE);
  g_return_val_if_fail (file >= 1 && file <= self->files->len, STP_RAW_NONE);
  g_return_val_if_fail (len <= G_MAXUINT32, STP_RAW_NONE);

  if (len == 0)
    return STP_RAW_NONE;

  index = self->open_file;
  if (index != NO_BLOCK)
    block = &g_array_index (self->blocks, Block, index);

  /* Fragments come in file order: one goes in the open block if it
   * ends within a block's size of where that block starts. */
  if (len >= STP_RAW_WHOLE_BLOCK || block == NULL || block->file != file ||
      offset < block->file_offset || offset + len - block->file_offset > BLOCK_SIZE)
    {
      Block fresh = { 0 };

      fresh.file = file;
      fresh.file_offset = offset;
      index = append_block (self, &fresh);
      if (len < STP_RAW_WHOLE_BLOCK)
        self->open_file = index;
      block = &g_array_index (self->blocks, Block, index);
    }

  block->len = MAX (block->len, offset + len - block->file_offset);
  self->bytes += len;
  return make_raw (index, offset - block->file_offset, len);
}

/* The open block, if any, keeps only what it holds: it is full from
 * now on (a later add starts a new one). */
static void
close_open_blocks (StpRawStore *self)
{
  Block *block;

  self->open_file = NO_BLOCK;
  if (self->open == NO_BLOCK)
    return;
  block = &g_array_index (self->blocks, Block, self->open);
  self->open = NO_BLOCK;
  self->stored -= block->stored_len - block->len;
  block->data = g_realloc (block->data, MAX (block->len, 1));
  block->stored_len = block->len;
}

guint64
stp_raw_store_adopt (StpRawStore *self,
                     StpRawStore *other)
{
  guint64 base;

  g_return_val_if_fail (self != NULL, 0);
  g_return_val_if_fail (other != NULL && other != self, 0);

  wait_compressed (self, 0);
  wait_compressed (other, 0);
  close_open_blocks (self);
  close_open_blocks (other);

  /* Other's files follow self's: its file blocks say so. */
  for (guint i = 0; i < other->blocks->len; i++)
    {
      Block *block = &g_array_index (other->blocks, Block, i);

      if (block->file != 0)
        block->file += self->files->len;
    }

  base = (guint64) self->blocks->len << 32;
  g_mutex_lock (&self->lock);
  g_array_append_vals (self->blocks, other->blocks->data, other->blocks->len);
  self->bytes += other->bytes;
  self->stored += other->stored;
  g_mutex_unlock (&self->lock);
  g_array_append_vals (self->files, other->files->data, other->files->len);

  /* The blocks' bytes and the files are self's now. */
  g_array_set_clear_func (other->blocks, NULL);
  g_array_set_size (other->blocks, 0);
  g_array_set_clear_func (other->blocks, block_clear);
  g_array_set_clear_func (other->files, NULL);
  g_array_set_size (other->files, 0);
  g_array_set_clear_func (other->files, file_clear);
  other->bytes = 0;
  other->stored = 0;

  return base;
}

static gboolean
file_unchanged (const File *file)
{
  struct stat st;

  return fstat (file->fd, &st) == 0 && st.st_size == file->size && mtime_ns (&st) == file->mtime_ns;
}

/* A file block's bytes, read again into dest; FALSE if its file
 * changed since it was loaded, or cannot be read. */
static gboolean
read_file_block (const StpRawStore *self,
                 const Block       *block,
                 guint8            *dest)
{
  const File *file = &g_array_index (self->files, File, block->file - 1);
  gsize done = 0;

  if (!file_unchanged (file))
    return FALSE;

  while (done < block->len)
    {
      gssize n = pread (file->fd, dest + done, block->len - done, block->file_offset + done);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      done += n;
    }
  return TRUE;
}

gboolean
stp_raw_store_check (const StpRawStore  *self,
                     GError            **error)
{
  g_return_val_if_fail (self != NULL, FALSE);

  for (guint i = 0; i < self->files->len; i++)
    {
      const File *file = &g_array_index (self->files, File, i);

      if (!file_unchanged (file))
        {
          g_set_error (error, STP_ERROR, STP_ERROR_CHANGED,
                       "%s changed on disk after it was opened, so its args can no longer "
                       "be read: open it again", file->name);
          return FALSE;
        }
    }
  return TRUE;
}

static const guint8 *
block_bytes (const StpRawStore *self,
             guint              index)
{
  const Block *block;
  Cache *cache;
  gsize n;

  wait_compressed (self, 0);
  block = &g_array_index (self->blocks, Block, index);
  if (!block->compressed && block->file == 0)
    return block->data;

  cache = g_private_get (&cache_key);
  if (cache == NULL)
    {
      cache = g_new0 (Cache, 1);
      cache->dctx = ZSTD_createDCtx ();
      g_private_set (&cache_key, cache);
    }

  if (cache->uid == self->uid && cache->block == index && cache->data != NULL)
    return cache->data;

  if (cache->cap < block->len)
    {
      cache->cap = MAX (block->len, BLOCK_SIZE);
      g_free (cache->data);
      cache->data = g_malloc (cache->cap);
    }

  if (block->file != 0)
    {
      if (!read_file_block (self, block, cache->data))
        {
          cache->uid = 0;
          return NULL;
        }
      cache->uid = self->uid;
      cache->block = index;
      return cache->data;
    }

  n = ZSTD_decompressDCtx (cache->dctx, cache->data, cache->cap,
                           block->data, block->stored_len);
  if (ZSTD_isError (n) || n != block->len)
    {
      g_critical ("raw store block %u does not decompress: %s", index,
                  ZSTD_isError (n) ? ZSTD_getErrorName (n) : "wrong size");
      cache->uid = 0;
      return NULL;
    }

  cache->uid = self->uid;
  cache->block = index;
  return cache->data;
}

const char *
stp_raw_store_peek (const StpRawStore *self,
                    StpRaw             raw,
                    gsize             *len)
{
  guint block_index = raw >> 32;
  gsize offset = (raw >> 16) & G_MAXUINT16;
  gsize length = raw & G_MAXUINT16;
  const Block *block;
  const guint8 *bytes;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (len != NULL, NULL);

  *len = 0;
  if (length == 0)
    return NULL;

  g_return_val_if_fail (block_index < self->blocks->len, NULL);
  block = &g_array_index (self->blocks, Block, block_index);
  if (length == STP_RAW_WHOLE_BLOCK)
    length = block->len;
  g_return_val_if_fail (offset + length <= block->len, NULL);

  bytes = block_bytes (self, block_index);
  if (bytes == NULL)
    return NULL;
  *len = length;
  return (const char *) bytes + offset;
}

char *
stp_raw_store_dup (const StpRawStore *self,
                   StpRaw             raw)
{
  gsize len;
  const char *bytes = stp_raw_store_peek (self, raw, &len);

  return bytes ? g_strndup (bytes, len) : NULL;
}

void
stp_raw_store_append_to (const StpRawStore *self,
                         StpRaw             raw,
                         GString           *out)
{
  gsize len;
  const char *bytes = stp_raw_store_peek (self, raw, &len);

  if (bytes != NULL)
    g_string_append_len (out, bytes, len);
}

guint
stp_raw_store_get_n_blocks (const StpRawStore *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->blocks->len;
}

gsize
stp_raw_store_get_size (const StpRawStore *self)
{
  g_return_val_if_fail (self != NULL, 0);

  wait_compressed (self, 0);
  return self->stored + self->blocks->len * sizeof (Block);
}
