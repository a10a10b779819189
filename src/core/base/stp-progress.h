/* stp-progress.h: how long work reports how far it got
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Called from the loading thread: `stage` is a short translatable-free
 * identifier ("read", "parse", "analyze", "seal"); done/total are bytes
 * for reading and parsing, items otherwise; total may be 0 if unknown. */
typedef void (*StpProgressFunc) (const char *stage,
                                 guint64     done,
                                 guint64     total,
                                 gpointer    user_data);

G_END_DECLS
