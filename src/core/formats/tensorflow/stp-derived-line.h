/* stp-derived-line.h: the TF profiler's derived timelines, as a builder
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-trace.h"

G_BEGIN_DECLS

/* Line ids the profiler gives its derived lines (tsl trace_utils.h:
 * 0xdeadbeef + n, stored as a negative int32).  Files written by the
 * profiler often already hold some of these lines. */
typedef enum
{
  STP_DERIVED_STEPS          = 0,
  STP_DERIVED_LAUNCH_STATS   = 1,
  STP_DERIVED_TF_NAME_SCOPE  = 2,
  STP_DERIVED_TF_OPS         = 3,
  STP_DERIVED_XLA_MODULES    = 4,
  STP_DERIVED_XLA_OPS        = 5,
  STP_DERIVED_OVERHEAD       = 6,
  STP_DERIVED_SOURCE         = 7,
  STP_N_DERIVED_KINDS,
} StpDerivedKind;

#define STP_DERIVED_TID_MIN   ((gint64) (gint32) 0xdeadbeefu)
/* Derived tracks sort above every other track of their process. */
#define STP_DERIVED_SORT_INDEX_BASE  (-1000)

const char *stp_derived_kind_line_name (StpDerivedKind kind);
/* The kind of a line id (or tid) the profiler reserves for derived
 * lines, or -1.  Ids up to kThreadIdDerivedMin + 300 are reserved. */
gint        stp_derived_kind_of_id     (gint64         id);

/* One event of a derived line.  Times are in whatever unit the caller
 * uses (picoseconds for XSpace, nanoseconds for StepStats). */
typedef struct
{
  gint64   begin;
  gint64   end;
  StpStr   name;       /* identity: events merge only with the same name */
  StpStr   display;    /* shown instead of name if not 0 */
  gint64   group;
  gboolean has_group;
  StpStr   step_name;  /* Steps: the group's step name, 0 if unknown */
} StpDerivedEvent;

typedef struct _StpDerivedLine StpDerivedLine;

StpDerivedLine *stp_derived_line_new        (StpDerivedKind   kind);
void            stp_derived_line_free       (StpDerivedLine  *self);
/* Lines whose last events are forgotten when this line starts a new
 * event at level 0 (so a nested line never grows past its parent). */
void            stp_derived_line_add_dependent (StpDerivedLine *self,
                                                StpDerivedLine *dependent);
/* The rules of the profiler in TensorFlow 2.2-2.3, which wrote the
 * derived lines found in files of that time: events merge by name (and
 * group) only, and levels below a shorter name are not forgotten (a
 * scope may then run on across an op outside it). */
void            stp_derived_line_set_legacy (StpDerivedLine  *self,
                                             gboolean         legacy);
StpDerivedKind  stp_derived_line_get_kind   (StpDerivedLine  *self);
GArray         *stp_derived_line_get_events (StpDerivedLine  *self);

/* DerivedXLineBuilder::ExpandOrAddEvent(s) of the profiler, with the
 * low-level event rule of its 2020-2021 versions (seed 003): the last
 * event of a level grows to cover the new one when it has the same
 * name, the same group (or both none), and the low-level event (kernel)
 * name has not been merged into it yet; otherwise a new event starts
 * and the levels below it (and, at level 0, the dependent lines) are
 * forgotten.  An empty low_level name (0) never blocks a merge.  Unlike
 * the seed, a merge never shrinks the last event (as in later versions,
 * Timespan::ExpandToInclude). */
void            stp_derived_line_expand_or_add (StpDerivedLine *self,
                                                const StpDerivedEvent *event,
                                                StpStr          low_level);
void            stp_derived_line_expand_or_add_levels (StpDerivedLine *self,
                                                const StpStr   *names,
                                                guint           n_levels,
                                                const StpDerivedEvent *event,
                                                StpStr          low_level);
void            stp_derived_line_reset      (StpDerivedLine  *self,
                                             guint            level);

/* Adds the line's events to a new track of `process` (tid = its
 * derived id, the line's name, above the other tracks); times become
 * nanoseconds as base_ns + floor (t / unit_per_ns).  Every slice has
 * STP_SLICE_DERIVED, no seq, and args {"long_name":..,"group_id":..,
 * "step_name":..} (each when known).
 * Returns the track, or STP_INDEX_NONE if the line is empty. */
guint32         stp_derived_line_emit       (StpDerivedLine  *self,
                                             StpTrace        *trace,
                                             guint32          process,
                                             gint64           base_ns,
                                             gint64           unit_per_ns);

/* ProcessTfOpEvent: a kernel of the TF/JAX op `full_name` extends the
 * op's name scopes (TensorFlow and JAX ops only) on name_scope and the
 * op itself on tf_ops (shown by its type, see stp_tf_op_append_event_name). */
void            stp_derived_process_tf_op   (StpTrace        *trace,
                                             StpDerivedLine  *name_scope,
                                             StpDerivedLine  *tf_ops,
                                             const char      *full_name,
                                             gsize            len,
                                             const StpDerivedEvent *event,
                                             StpStr           low_level);

guint32         stp_derived_track_new       (StpTrace        *trace,
                                             guint32          process,
                                             StpDerivedKind   kind);

/* Floor division, for converting picoseconds to nanoseconds. */
static inline gint64
stp_floor_div (gint64 a,
               gint64 b)
{
  gint64 q = a / b;

  return (a % b != 0 && ((a < 0) != (b < 0))) ? q - 1 : q;
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpDerivedLine, stp_derived_line_free)

G_END_DECLS
