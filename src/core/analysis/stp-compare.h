/* stp-compare.h: where two traces differ, name by name
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each side is summed up as stp_summary_new() sums up one trace (by op
 * type, name scope or device; see stp-summary.h for what counts), or,
 * by kernel, its GPU kernels by name (stp-steps.h says which slices
 * are kernels).  Rows match by name (scopes by their full path).
 *
 * Over the whole trace, or one step of each side, or (per_step) every
 * step: then each name's count and time are the medians over the
 * side's steps (a step without the name counts 0).
 */

#pragma once

#include "stp-summary.h"
#include "stp-trace.h"

G_BEGIN_DECLS

typedef enum
{
  STP_COMPARE_BY_OP,
  STP_COMPARE_BY_KERNEL,
  STP_COMPARE_BY_SCOPE,
  STP_COMPARE_BY_DEVICE,
  STP_COMPARE_N_BY,
} StpCompareBy;

typedef struct
{
  char    *name;
  gboolean in_a;
  gboolean in_b;
  double   count_a;   /* medians are halves at times */
  double   count_b;
  double   time_a;    /* ns */
  double   time_b;
  double   mean_a;    /* time / count, 0 without any */
  double   mean_b;
  double   diff;      /* time_b - time_a */
  double   ratio;     /* time_b / time_a; NAN when time_a is 0 */
} StpCompareRow;

typedef struct
{
  StpCompareBy by;
  gboolean     per_step;
  gint64       step_a;   /* the step compared (its number), -1 if none chosen */
  gint64       step_b;
} StpCompareOptions;

#define STP_COMPARE_OPTIONS_INIT { STP_COMPARE_BY_OP, FALSE, -1, -1 }

typedef struct
{
  StpCompareOptions options;
  guint      n_steps_a;     /* steps found in each trace */
  guint      n_steps_b;
  double     total_a;       /* ns, sum of the rows' times */
  double     total_b;
  double     count_a;
  double     count_b;
  guint      n_only_a;
  guint      n_only_b;
  GPtrArray *rows;          /* StpCompareRow*, largest |diff| first, then by name */
} StpCompare;

StpCompare *stp_compare_new        (const StpTrace          *a,
                                    const StpTrace          *b,
                                    const StpCompareOptions *options,
                                    GCancellable            *cancellable,
                                    GError                 **error);
void        stp_compare_free       (StpCompare              *self);
/* The row named `name`, or NULL. */
const StpCompareRow *stp_compare_lookup (const StpCompare   *self,
                                         const char         *name);

const char *stp_compare_by_to_string   (StpCompareBy  by);
gboolean    stp_compare_by_from_string (const char   *str,
                                        StpCompareBy *by);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpCompare, stp_compare_free)

G_END_DECLS
