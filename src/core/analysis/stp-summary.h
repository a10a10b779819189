/* stp-summary.h: tfprof-style summaries of a trace (by op type, scope, device)
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What counts (an "occurrence", one execution of an op):
 *
 * - StepStats: the ops on every device that is not a GPU tracer's (CPU
 *   time, the op's slice as analysed) and the GPU kernels of
 *   "/stream:all" devices (accelerator time; a StepStats without any
 *   "stream:all" counts its numbered streams).  Numbered streams beside
 *   "stream:all" and "/memcpy" devices repeat those kernels and are left
 *   out, as tfprof does.  A kernel belongs to the
 *   op named by its "@@name:op" label (op_time's match): it adds to that
 *   op's type and scope.  Op type = the slice's name (timeline.py's op).
 * - XSpace: the events of device planes ("/device:...", accelerator
 *   time) except the profiler's derived and view lines (Steps, XLA
 *   Modules, TensorFlow Ops...), and the events of host planes named
 *   after a TensorFlow or JAX op ("scope/name:Type"; CPU time; not the
 *   allocations that carry a tf_op stat).  Op type = the type of a device
 *   event's tf_op (or "level 0") stat, or of its name; else the event's
 *   name.
 * - Chrome JSON: every slice; op type = its name.  No accelerator/CPU
 *   split is known.
 *
 * Derived slices and instants never count.  Each occurrence counts its
 * own duration (its exec time, as tfprof), clipped to the range: a slice
 * nested in another counted slice counts fully in both, so "time" may
 * sum to more than the wall time; "self_time" subtracts the occurrences
 * nested directly inside.  Percentages are of the sum of all
 * occurrences' times.  An op type's occurrences are its CPU executions
 * when it has any (its kernels are part of them), else its kernels.
 *
 * Device rows never count a nested occurrence again inside its parent:
 * their "time" is the time of the outermost occurrences of each of the
 * device's tracks (a thread's busy time), added over its tracks, and
 * their percentages are of the sum of those.  The summary's wall_time is
 * the span of the range within the trace, busy_time the union of every
 * counted occurrence (overlaps once), self_time the sum of their self
 * times (total_time without the nested occurrences).
 */

#pragma once

#include "stp-item.h"

G_BEGIN_DECLS

typedef enum
{
  STP_SUMMARY_BY_OP,
  STP_SUMMARY_BY_SCOPE,
  STP_SUMMARY_BY_DEVICE,
  STP_SUMMARY_BY_TRACE,   /* each of several traces open side by side (one row for one) */
} StpSummaryBy;

/* Registered so that settings and properties bind to it by nick:
 * "op", "scope", "device", "trace". */
#define STP_TYPE_SUMMARY_BY (stp_summary_by_get_type ())
GType stp_summary_by_get_type (void);

typedef enum
{
  STP_SUMMARY_ORDER_TIME,    /* longest first */
  STP_SUMMARY_ORDER_COUNT,   /* most occurrences first */
  STP_SUMMARY_ORDER_NAME,    /* by name (bytes) */
} StpSummaryOrder;

typedef struct _StpSummaryRow StpSummaryRow;

struct _StpSummaryRow
{
  char      *name;             /* op type, scope part, or device */
  char      *path;             /* scope rows: the scope's full name */
  guint32    process;          /* device rows: trace->processes index */
  gint64     time;             /* ns; scope rows: the whole subtree */
  gint64     self_time;        /* op, device: without nested occurrences;
                                * scope: the ops named exactly `path` */
  gint64     accelerator_time;
  gint64     cpu_time;
  guint64    occurrences;      /* scope rows: in the whole subtree */
  guint64    self_occurrences; /* scope rows: of the ops named `path` */
  double     percent;          /* of the summary's total_time */
  double     cumulative_percent; /* op, device rows, in display order */
  GPtrArray *children;         /* scope rows: StpSummaryRow* (NULL if none) */
};

typedef struct
{
  StpSummaryBy    by;
  StpSummaryOrder order;
  gint64          start;       /* the range, [start, end) in trace ns */
  gint64          end;
  gint64          total_time;  /* summed inclusive times (nesting counts twice) */
  gint64          wall_time;   /* the range clipped to the trace */
  gint64          busy_time;   /* union of the counted occurrences */
  gint64          self_time;   /* summed self times */
  gint64          accelerator_time;
  gint64          cpu_time;
  guint64         n_slices;    /* slices counted (ops and kernels) */
  gboolean        has_device_split;
  GPtrArray      *rows;        /* StpSummaryRow*, sorted (scope: the roots) */
} StpSummary;

/* start/end: the range in the trace's own nanoseconds; G_MININT64 and
 * G_MAXINT64 for the whole trace. */
StpSummary *stp_summary_new      (const StpTrace   *trace,
                                  StpSummaryBy      by,
                                  StpSummaryOrder   order,
                                  gint64            start,
                                  gint64            end,
                                  GCancellable     *cancellable,
                                  GError          **error);
void        stp_summary_free     (StpSummary       *self);
/* The slices a row of a summary by `by` over [start, end) counts
 * (StpItemRef to slices, in time order): an op type's (its ops and their
 * kernels), a scope's whole subtree (by its path), a device's.  NULL if
 * cancelled. */
GArray     *stp_summary_collect  (const StpTrace      *trace,
                                  StpSummaryBy         by,
                                  const StpSummaryRow *row,
                                  gint64               start,
                                  gint64               end,
                                  GCancellable        *cancellable,
                                  GError             **error);
void        stp_summary_sort     (StpSummary       *self,
                                  StpSummaryOrder   order);

const char *stp_summary_by_to_string      (StpSummaryBy     by);
/* Whether a row's time divided by its count is the average of one run:
 * true of op types only (a device's busy time is a union, a scope's total
 * counts its subtree). */
gboolean    stp_summary_by_has_average    (StpSummaryBy     by);
gboolean    stp_summary_by_is_busy_time   (StpSummaryBy     by);
gboolean    stp_summary_by_from_string    (const char      *str,
                                           StpSummaryBy    *by);
const char *stp_summary_order_to_string   (StpSummaryOrder  order);
gboolean    stp_summary_order_from_string (const char      *str,
                                           StpSummaryOrder *order);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpSummary, stp_summary_free)

G_END_DECLS
