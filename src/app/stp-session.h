/* stp-session.h: what the user is looking at in one document
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-area.h"
#include "stp-document.h"
#include "stp-renderer.h"

G_BEGIN_DECLS

/* A time range in trace nanoseconds, start < end. */
typedef struct
{
  gint64 start;
  gint64 end;
} StpTimeRange;

/* The model's value types, for properties. */
#define STP_TYPE_ITEM_REF   (stp_item_ref_get_type ())
#define STP_TYPE_AREA       (stp_area_get_type ())
#define STP_TYPE_TIME_RANGE (stp_time_range_get_type ())

GType stp_item_ref_get_type   (void) G_GNUC_CONST;
GType stp_area_get_type       (void) G_GNUC_CONST;
GType stp_time_range_get_type (void) G_GNUC_CONST;

#define STP_TYPE_SESSION (stp_session_get_type ())

G_DECLARE_FINAL_TYPE (StpSession, stp_session, STP, SESSION, GObject)

StpSession       *stp_session_new                (void);
StpDocument      *stp_session_get_document       (StpSession       *self);
void              stp_session_set_document       (StpSession       *self,
                                                  StpDocument      *document);
StpTrace         *stp_session_get_trace          (StpSession       *self);
const StpItemRef *stp_session_get_selected_item  (StpSession       *self);
void              stp_session_set_selected_item  (StpSession       *self,
                                                  const StpItemRef *item);
const StpArea    *stp_session_get_selected_area  (StpSession       *self);
void              stp_session_set_selected_area  (StpSession       *self,
                                                  const StpArea    *area);
const StpTimeRange *stp_session_get_selected_range (StpSession     *self);
void              stp_session_set_selected_range (StpSession       *self,
                                                  gint64            start,
                                                  gint64            end);
/* Several slices selected at once (Ctrl+click), or NULL. */
GArray           *stp_session_get_selected_items (StpSession       *self);
void              stp_session_set_selected_items (StpSession       *self,
                                                  GArray           *items);
/* Markers (StpRenderMarker, labels owned by the session), in the order
 * added; kept through a re-analysis of the same file. */
GArray           *stp_session_get_markers        (StpSession       *self);
void              stp_session_add_marker         (StpSession       *self,
                                                  gint64            start,
                                                  gint64            end,
                                                  const char       *label);
void              stp_session_remove_marker      (StpSession       *self,
                                                  guint             index);
void              stp_session_rename_marker      (StpSession       *self,
                                                  guint             index,
                                                  const char       *label);
/* The marker spanning exactly [start, end), or -1. */
int               stp_session_find_marker        (StpSession       *self,
                                                  gint64            start,
                                                  gint64            end);
GArray           *stp_session_get_matches        (StpSession       *self,
                                                  gint64           *max_duration);
void              stp_session_set_matches        (StpSession       *self,
                                                  GArray           *matches,
                                                  gint64            max_duration);
/* What the timeline shows: it writes this as the user zooms and pans,
 * and shows what another widget sets (clamped to the trace). */
const StpTimeRange *stp_session_get_visible_range (StpSession      *self);
void              stp_session_set_visible_range  (StpSession       *self,
                                                  gint64            start,
                                                  gint64            end);
GArray           *stp_session_get_marked         (StpSession       *self);
void              stp_session_set_marked         (StpSession       *self,
                                                  GArray           *marked);

/* For widgets with a session property: `changed (owner)` now and
 * whenever `property` changes, until unwatched or the owner goes. */
void              stp_session_watch              (StpSession       *self,
                                                  const char       *property,
                                                  GCallback         changed,
                                                  gpointer          owner);
void              stp_session_unwatch            (StpSession       *self,
                                                  gpointer          owner);
/* For a widget's set_session: *slot becomes `session` (a reference), and
 * the owner's watches on the old one go.  FALSE if it was already it. */
gboolean          stp_session_replace            (StpSession      **slot,
                                                  StpSession       *session,
                                                  gpointer          owner);

G_END_DECLS
