/* stp-steps.h: the training steps of a trace and the time breakdown of
 * their GPU kernels (Holistic Trace Analysis' definitions)
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Steps:
 * - Chrome JSON (PyTorch/Kineto): the "ProfilerStep#N" slices of the CPU
 *   (one per N: the first seen; GPU annotations of the same name are
 *   left out).
 * - XSpace: the "Steps" line (the profiler's derived timeline) of the
 *   first plane that has one.
 * - StepStats: the whole trace is one step.
 *
 * Kernels (HTA's "stream != -1" events):
 * - Chrome JSON: slices whose category starts with "kernel", "gpu_mem"
 *   or "mtia_ccp_events" (HTA's KERNEL_CATEGORY_PATTERN).
 * - XSpace: the events of "/device:" planes, except derived lines.
 * - StepStats: the slices of "/stream:all" devices (of the numbered
 *   streams when there is no "stream:all").
 * A kernel's type comes from its name (hta/common/types.py):
 * communication (nccl..., ...ncclKernel..., hip..., hccl...), memory
 * (Memcpy..., Memset..., dma...), computation (everything else that is
 * not a sync, a launch or an event wait), other.
 */

#pragma once

#include "stp-trace.h"

G_BEGIN_DECLS

typedef struct
{
  char   *name;     /* "ProfilerStep#12", the XSpace step's name, or the file name */
  gint64  number;   /* N of ProfilerStep#N, the XSpace step number; -1 if none */
  gint64  start;    /* [start, end) in trace ns */
  gint64  end;
} StpStep;

/* StpStep, in time order (free with g_array_unref).  Empty if none. */
GArray     *stp_steps_find            (const StpTrace *trace);
/* The steps of one input of a merged trace (trace->parts index), found
 * by its own format's rules among its own processes. */
GArray     *stp_steps_find_in_part    (const StpTrace *trace,
                                       guint32         part);
/* The index of the step numbered `number` (or, for steps without a
 * number, at position `number`), or -1. */
void        stp_steps_sort            (GArray         *steps);
gint        stp_steps_lookup          (const GArray   *steps,
                                       gint64          number);

typedef enum
{
  STP_KERNEL_COMPUTATION,
  STP_KERNEL_COMMUNICATION,
  STP_KERNEL_MEMORY,
  STP_KERNEL_OTHER,
  STP_N_KERNEL_TYPES,
} StpKernelType;

const char   *stp_kernel_type_to_string (StpKernelType type);
StpKernelType stp_kernel_type_of_name   (const char   *name);

typedef struct
{
  gint64  start;
  gint64  end;
  StpStr  name;
  guint32 process;
  guint8  type;     /* StpKernelType */
} StpKernel;

/* StpKernel, sorted by start (free with g_array_unref). */
GArray     *stp_kernels_collect       (const StpTrace *trace);
/* The kernels of one input of a merged trace. */
GArray     *stp_kernels_collect_in_part (const StpTrace *trace,
                                         guint32         part);

typedef struct
{
  gint64  window;         /* ns analysed: the step, or first kernel start to last end */
  gint64  busy;           /* some kernel running */
  gint64  idle;           /* window - busy */
  gint64  compute;        /* a computation kernel running */
  gint64  non_compute;    /* busy - compute */
  gint64  communication;  /* a communication kernel running */
  gint64  memory;         /* a memory kernel running */
  gint64  comm_overlapped; /* communication while computation runs too */
  /* Time with exactly this set of kernel types running (bit = 1 << type). */
  gint64  by_types[1 << STP_N_KERNEL_TYPES];
  guint64 n_kernels;      /* kernels overlapping the window */
} StpBreakdown;

/* Over [start, end) (kernels clipped to it); G_MININT64, G_MAXINT64 for
 * HTA's whole-trace window, from the first kernel's start to the last
 * kernel's end.  Kernels of every device of the trace merge, as HTA
 * merges them per rank.  kernels: from stp_kernels_collect. */
void        stp_breakdown_compute     (const GArray   *kernels,
                                       gint64          start,
                                       gint64          end,
                                       StpBreakdown   *out);
/* The same over the kernels of one device (trace->processes index). */
void        stp_breakdown_compute_device (const GArray *kernels,
                                          guint32       process,
                                          gint64        start,
                                          gint64        end,
                                          StpBreakdown *out);
/* The devices (process indices) that ran kernels, in order of first
 * kernel (free with g_array_unref). */
GArray     *stp_kernels_devices       (const GArray   *kernels);
/* Names the set of kernel types as HTA does: "COMPUTATION overlapping
 * COMMUNICATION". */
char       *stp_breakdown_types_name  (guint           types);

G_END_DECLS
