/* stp-merge.h: several traces on one timeline, each named and placed
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-trace.h"

G_BEGIN_DECLS

typedef enum
{
  /* The common clock when the traces share one, else first steps. */
  STP_MERGE_CLOCK_AUTO,
  /* Times as recorded: ranks and hosts of one job, on Unix time. */
  STP_MERGE_CLOCK_COMMON,
  /* Each trace moved so that its first step (or its start, without
   * steps) begins with the first trace's: runs recorded apart. */
  STP_MERGE_CLOCK_FIRST_STEP,
} StpMergeClock;

const char *stp_merge_clock_to_string   (StpMergeClock    clock);
gboolean    stp_merge_clock_from_string (const char      *text,
                                         StpMergeClock   *clock);

/* A PyTorch rank's number (distributedInfo's "rank"), or -1. */
gint64      stp_trace_get_rank          (const StpTrace  *trace);

/* What a trace is called among others: "rank 3" for a PyTorch rank,
 * the host of an XSpace, else the file's name. */
char       *stp_trace_dup_part_label    (const StpTrace  *trace);

/* Makes n labels (owned, each from stp_trace_dup_part_label()) distinct
 * in place: labels that clash (two runs of rank 0) become their files'
 * base names, and names that still clash get their position, " #2". */
void        stp_part_labels_make_distinct (char              **labels,
                                           const char *const  *filenames,
                                           guint               n);

/* Merges traces (StpTrace*, finished, not shared; consumed, the array
 * emptied) into one, with distinct labels, placed on the clock asked
 * for (*used says which AUTO chose).  One trace is returned as it is. */
StpTrace   *stp_traces_merge            (GPtrArray       *traces,
                                         StpMergeClock    clock,
                                         StpMergeClock   *used);

/* How the merged trace's inputs were placed. */
StpMergeClock stp_trace_get_merge_clock (const StpTrace  *trace);

G_END_DECLS
