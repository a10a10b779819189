/* stp-raw-store.h: raw JSON fragments (event args) kept as bytes
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A fragment's place in a StpRawStore, in 8 bytes because every event
 * with args keeps one: its block (high 32 bits), its offset in the
 * block (16 bits) and its length (low 16 bits).  A fragment too long
 * for 16 bits has a block of its own, and says so with the length
 * STP_RAW_WHOLE_BLOCK.  0 means absent. */
typedef guint64 StpRaw;

#define STP_RAW_NONE        ((StpRaw) 0)
#define STP_RAW_WHOLE_BLOCK 0xffff

typedef struct _StpRawStore StpRawStore;

StpRawStore *stp_raw_store_new       (void);
void         stp_raw_store_free      (StpRawStore *self);
StpRaw       stp_raw_store_add       (StpRawStore *self,
                                      const char  *bytes,
                                      gsize        len);
/* The fragment's bytes and length (0 and NULL for STP_RAW_NONE), valid
 * until this thread's next read of the store. */
const char  *stp_raw_store_peek      (const StpRawStore *self,
                                      StpRaw             raw,
                                      gsize             *len);
char        *stp_raw_store_dup       (const StpRawStore *self,
                                      StpRaw             raw);
void         stp_raw_store_append_to (const StpRawStore *self,
                                      StpRaw             raw,
                                      GString           *out);
gsize        stp_raw_store_get_size  (const StpRawStore *self);

/* The block a fragment is in, of the store's n_blocks.  A block is read
 * again from its file, or decompressed, as a whole, and each thread
 * keeps only its last one: a reader of many fragments takes them block
 * by block. */
static inline guint
stp_raw_get_block (StpRaw raw)
{
  return raw >> 32;
}
guint        stp_raw_store_get_n_blocks (const StpRawStore *self);

/* Args read again from a file when asked for, rather than kept: fd (a
 * regular file, taken) is named `name` in errors.  Returns the file for
 * stp_raw_store_add_from_file(), or 0 if it is not a regular file or
 * the process keeps enough files open already (the caller then adds
 * the bytes themselves). */
guint        stp_raw_store_add_file      (StpRawStore *self,
                                          int          fd,
                                          const char  *name);
/* The fragment of `len` bytes at `offset` in file (from add_file()).
 * Fragments are best added in file order. */
StpRaw       stp_raw_store_add_from_file (StpRawStore *self,
                                          guint        file,
                                          guint64      offset,
                                          gsize        len);
/* Whether every file the store reads is as it was when added: a file
 * changed in place since then is not read again (its fragments peek as
 * NULL), and the error says which. */
gboolean     stp_raw_store_check         (const StpRawStore  *self,
                                          GError            **error);
/* Moves every block of `other` to the end of self, without copying or
 * recompressing, and leaves other empty.  A fragment r of other is
 * r + the returned base in self. */
guint64      stp_raw_store_adopt     (StpRawStore       *self,
                                      StpRawStore       *other);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpRawStore, stp_raw_store_free)

G_END_DECLS
