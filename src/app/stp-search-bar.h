/* stp-search-bar.h: search bars that take keys as soon as they open
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gtk/gtk.h>

G_BEGIN_DECLS

void stp_search_bar_open (GtkSearchBar *bar);

G_END_DECLS
