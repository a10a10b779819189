/* stp-step-table.h: the steps of several traces side by side
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-steps.h"

G_BEGIN_DECLS

/* A step of one trace with its GPU time breakdown. */
typedef struct
{
  StpStep      step;
  StpBreakdown breakdown;
} StpStepRow;

/* Each of steps with the breakdown of kernels (stp_kernels_collect) over
 * it: StpStepRow, names owned (the steps' names are taken), free with
 * g_array_unref.  Stops early when cancelled. */
GArray       *stp_step_rows_new         (GArray           *steps,
                                         const GArray     *kernels,
                                         GCancellable     *cancellable);

typedef struct
{
  double median;   /* ns */
  double min;
  double max;
} StpStepSpread;

/* How long the steps took: median, shortest and longest (0 if none). */
StpStepSpread stp_steps_spread          (const StpStepRow *rows,
                                         guint             n_rows);

typedef struct _StpStepTable StpStepTable;

StpStepTable *stp_step_table_new           (void);
void          stp_step_table_free          (StpStepTable     *self);
/* One trace's steps (copied), in its order, as a column named label. */
void          stp_step_table_add           (StpStepTable     *self,
                                            const char       *label,
                                            const StpStepRow *rows,
                                            guint             n_rows);
/* A column per input of trace (its parts; the trace itself when it has
 * none): each input's steps and their breakdown over its own kernels. */
StpStepTable *stp_step_table_new_for_trace (const StpTrace   *trace,
                                            GCancellable     *cancellable);

guint         stp_step_table_get_n_traces  (const StpStepTable *self);
const char   *stp_step_table_get_label     (const StpStepTable *self,
                                            guint               trace);
guint         stp_step_table_get_n_steps   (const StpStepTable *self,
                                            guint               trace);
StpStepSpread stp_step_table_get_spread    (const StpStepTable *self,
                                            guint               trace);

/* Steps match across traces by number (ProfilerStep#N), else by
 * position; never by guessing.  Keys are sorted. */
guint         stp_step_table_get_n_keys    (const StpStepTable *self);
gint64        stp_step_table_get_key       (const StpStepTable *self,
                                            guint               key);
/* The step of key in trace, or NULL if that trace lacks it. */
const StpStepRow *stp_step_table_get_cell  (const StpStepTable *self,
                                            guint               key,
                                            guint               trace);
/* The trace whose step of key took longest: -1 when fewer than two
 * traces have it, or when the longest ones tie. */
gint          stp_step_table_get_slowest   (const StpStepTable *self,
                                            guint               key);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpStepTable, stp_step_table_free)

G_END_DECLS
