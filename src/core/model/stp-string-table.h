/* stp-string-table.h: interned strings for the trace model
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* An interned string: an index into a StpStringTable.  0 is always "". */
typedef guint32 StpStr;

#define STP_STR_EMPTY ((StpStr) 0)
/* Not a string: what a lookup finds for a string that is not there. */
#define STP_STR_INVALID ((StpStr) G_MAXUINT32)

typedef struct _StpStringTable StpStringTable;

StpStringTable *stp_string_table_new      (void);
void            stp_string_table_free     (StpStringTable *self);
StpStr          stp_string_table_intern   (StpStringTable *self,
                                           const char     *str,
                                           gsize           len);
StpStr          stp_string_table_intern0  (StpStringTable *self,
                                           const char     *str);
gboolean        stp_string_table_lookup   (const StpStringTable *self,
                                           const char           *str,
                                           gsize                 len,
                                           StpStr               *out_id);
const char     *stp_string_table_get      (const StpStringTable *self,
                                           StpStr                id);
gsize           stp_string_table_get_len  (const StpStringTable *self,
                                           StpStr                id);
guint           stp_string_table_count    (const StpStringTable *self);
/* Makes room for n more strings at once, rather than growing the table
 * by doubling (each doubling re-inserts every string). */
void            stp_string_table_reserve  (StpStringTable *self,
                                           guint           n);
/* Makes room for strings of n_bytes in all (each with its NUL) in one
 * chunk, for a loader that knows what it is about to intern: its
 * strings then fill one mapping, not dozens grown a page at a time. */
void            stp_string_table_reserve_bytes (StpStringTable *self,
                                                gsize           n_bytes);
gsize           stp_string_table_get_size (const StpStringTable *self);
/* The hash the table keys strings by, for a table of one's own keyed
 * by bytes it does not copy. */
guint32         stp_string_table_hash     (const char           *str,
                                           gsize                 len);
/* One string of stp_string_table_lookup_many(): str and len in, id out
 * (STP_STR_INVALID if the table does not have it). */
typedef struct
{
  const char *str;
  gsize       len;
  StpStr      id;
} StpStringQuery;

/* Looks up n strings. */
void            stp_string_table_lookup_many (const StpStringTable *self,
                                              StpStringQuery       *queries,
                                              guint                 n);
/* Interns n strings, in order (their ids are those of n calls to
 * stp_string_table_intern()). */
void            stp_string_table_intern_many (StpStringTable       *self,
                                              StpStringQuery       *queries,
                                              guint                 n);
/* Frees the index that finds a string's id, for a table that will only
 * give its strings back: a finished trace's (32 MB of a million-node
 * step's).  Looking a string up is then an error; interning one builds
 * the index again. */
void            stp_string_table_drop_index (StpStringTable *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpStringTable, stp_string_table_free)

G_END_DECLS
