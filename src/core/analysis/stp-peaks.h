/* stp-peaks.h: the memory peak inspector's data
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * For each allocator, its maximum from the StepStats analysis (when, how
 * many bytes) and the tensors live at that moment, largest first, each
 * joined with what produced it: the StepStats output (size, dtype, shape),
 * the op slice and the tensor object drawn for it.
 */

#pragma once

#include "stp-details.h"
#include "stp-links.h"

G_BEGIN_DECLS

typedef struct
{
  char          *name;
  StpTensorInfo  info;       /* dtype, shape, bytes, allocator */
  guint32        node;       /* the producing node, STP_INDEX_NONE if unknown */
  StpItemRef     producer;   /* its op slice */
  char          *producer_name;  /* the producing node's name */
  char          *producer_op;    /* its op type, as the timeline names the slice */
  guint32        object;     /* the tensor object, STP_INDEX_NONE if none */
} StpPeakTensor;

typedef struct
{
  char    *allocator;
  gint64   ts;
  gint64   num_bytes;
  gint64   tensor_bytes;     /* the listed tensors' requested bytes, summed */
  GArray  *tensors;          /* StpPeakTensor, by requested bytes, largest first, then name */
} StpPeak;

/* One StpPeak per allocator, in the analysis' order. */
GPtrArray *stp_peaks_compute (StpLinks *links);
void       stp_peak_free     (StpPeak  *peak);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpPeak, stp_peak_free)

G_END_DECLS
