/* stp-step-stats-fields.h: the field numbers the StepStats reader knows
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

/* Field numbers from TensorFlow's step_stats.proto and config.proto. */
enum
{
  RUN_METADATA_STEP_STATS = 1,
  RUN_METADATA_PARTITION_GRAPHS = 3,
  STEP_STATS_DEV_STATS = 1,
  DEVICE_DEVICE = 1,
  DEVICE_NODE_STATS = 2,
  NODE_NAME = 1,
  NODE_ALL_START_MICROS = 2,
  NODE_OP_START_REL_MICROS = 3,
  NODE_OP_END_REL_MICROS = 4,
  NODE_ALL_END_REL_MICROS = 5,
  NODE_OUTPUT = 7,
  NODE_TIMELINE_LABEL = 8,
  NODE_SCHEDULED_MICROS = 9,
  NODE_THREAD_ID = 10,
  OUTPUT_TENSOR_DESCRIPTION = 3,
  TENSOR_ALLOCATION_DESCRIPTION = 4,
  ALLOCATION_REQUESTED_BYTES = 1,
  ALLOCATION_ALLOCATOR_NAME = 3,
};
