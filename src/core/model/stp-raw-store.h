/* stp-raw-store.h: raw JSON fragments (event args) kept as bytes
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* A reference to bytes in a StpRawStore.  A zero length means "absent". */
typedef struct
{
  guint64 ref;
  guint32 len;
} StpRaw;

#define STP_RAW_NONE ((StpRaw) { 0, 0 })

typedef struct _StpRawStore StpRawStore;

StpRawStore *stp_raw_store_new       (void);
void         stp_raw_store_free      (StpRawStore *self);
StpRaw       stp_raw_store_add       (StpRawStore *self,
                                      const char  *bytes,
                                      gsize        len);
const char  *stp_raw_store_peek      (const StpRawStore *self,
                                      guint64            ref,
                                      guint32            len);
char        *stp_raw_store_dup       (const StpRawStore *self,
                                      guint64            ref,
                                      guint32            len);
void         stp_raw_store_append_to (const StpRawStore *self,
                                      guint64            ref,
                                      guint32            len,
                                      GString           *out);
gsize        stp_raw_store_get_size  (const StpRawStore *self);
/* Moves every block of `other` to the end of self, without copying or
 * recompressing, and leaves other empty.  A reference r into other is
 * r + the returned base in self. */
guint64      stp_raw_store_adopt     (StpRawStore       *self,
                                      StpRawStore       *other);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpRawStore, stp_raw_store_free)

G_END_DECLS
