/* viewer-test-util.h: driving the real window in GUI tests
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

#include "stp-window.h"

G_BEGIN_DECLS

#define data_file(...) g_file_new_for_path (g_test_get_filename (G_TEST_DIST, __VA_ARGS__))

typedef gboolean (*Condition) (gpointer data);

void       viewer_test_init        (void);
void       wait_for                (Condition   condition,
                                    gpointer    data);
void       settle                  (void);
gboolean   not_loading             (gpointer    window);
gboolean   drawn                   (gpointer    window);
StpWindow *new_window              (void);
void       open_and_wait           (StpWindow  *window,
                                    GFile      *file);
/* A new window with tests/data/step-stats/run_meta.pb open. */
StpWindow *open_run_meta           (void);
void       save_screenshot         (GtkWidget  *widget,
                                    const char *name);
/* The widest slice of a thread track on screen; a click on an item. */
gboolean   widest_visible          (StpWindow  *window,
                                    guint32     track_index,
                                    StpItemRef *ref);
void       click_item              (StpWindow        *window,
                                    const StpItemRef *ref);
/* The first slice of the trace's first track that has one, skipping
 * skip_tracks such tracks. */
StpItemRef first_slice             (StpTrace         *trace,
                                    guint             skip_tracks);
/* A point on flow `index`'s arrow, as the renderer draws it, over empty
 * track space (widget coordinates); FALSE if none. */
gboolean   empty_point_on_flow     (StpTimelineView  *view,
                                    guint32           index,
                                    double           *x,
                                    double           *y);
/* The first widget under root (root included, depth first) that match
 * accepts, given data; NULL if none. */
GtkWidget *find_widget             (GtkWidget        *root,
                                    gboolean        (*match) (GtkWidget *widget, gconstpointer data),
                                    gconstpointer     data);

G_END_DECLS
