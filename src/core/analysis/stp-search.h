/* stp-search.h: finding slices by name and args, objects by name
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A search is a substring, matched without regard to case, against the
 * names of slices, instants and objects (StepStats tensors with memory
 * shown) and against the values (not the keys) of the slices' args.  Names are interned, so each distinct name is tested once;
 * args are decompressed or generated one slice at a time, only for slices
 * whose name did not match, which is the slow part: run it on a worker
 * thread with a cancellable.
 */

#pragma once

#include "stp-item.h"

G_BEGIN_DECLS

typedef enum
{
  STP_SEARCH_NAMES = 1 << 0,
  STP_SEARCH_ARGS  = 1 << 1,
} StpSearchScope;

typedef struct _StpSearch StpSearch;

StpSearch  *stp_search_new          (StpTrace       *trace,
                                     const char     *query);
void        stp_search_free         (StpSearch      *self);
const char *stp_search_get_query    (StpSearch      *self);

/* Matches (StpItemRef of kind SLICE, INSTANT, GLOBAL_INSTANT or OBJECT,
 * with ts set to the start) in time order, then track and index; NULL
 * if cancelled.  *max_duration (may be NULL) is the longest match. */
GArray     *stp_search_run          (StpSearch      *self,
                                     StpSearchScope  scope,
                                     gint64         *max_duration,
                                     GCancellable   *cancellable,
                                     GError        **error);

/* Whether text (len bytes, or -1) holds the query. */
gboolean    stp_search_match_text   (StpSearch      *self,
                                     const char     *text,
                                     gssize          len);
/* Whether a JSON document has a value (string or scalar) holding it. */
gboolean    stp_search_match_json   (StpSearch      *self,
                                     const char     *json,
                                     gsize           len);

/* The first match at or after ts (the index into matches), wrapping to 0. */
guint       stp_search_find_from    (GArray         *matches,
                                     gint64          ts);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpSearch, stp_search_free)

G_END_DECLS
