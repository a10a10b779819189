/* fuzz-step-stats.c: libFuzzer target for binary StepStats/RunMetadata
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is the file.  The analysis options come from its size, so
 * mutations that change the size also try every option.
 */

#define G_LOG_DOMAIN "fuzz-step-stats"

#include "fuzz-common.h"

#include "stp-step-stats.h"
#include "stp-step-stats-analysis.h"

#define NAME "fuzz-input.pb"

int
fuzz_target_step_stats (const guint8 *data,
                        gsize         size)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(StpStepStats) step_stats = NULL;
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;

  fuzz_init ();

  bytes = g_bytes_new (data, size);
  step_stats = stp_step_stats_load_bytes (bytes, NAME, NULL, &error);
  if (step_stats == NULL)
    {
      fuzz_check_error (error, NAME);
      return 0;
    }

  options.op_time = size % 3;
  options.show_memory = (size / 3) % 2;
  options.show_dataflow = (size / 6) % 2;
  options.derived_lines = (size / 12) % 2;

  trace = stp_step_stats_analyze (step_stats, &options, NULL, &error);
  if (trace == NULL)
    {
      fuzz_check_error (error, NAME);
      return 0;
    }

  fuzz_check_trace (trace);
  return 0;
}

#ifndef STP_FUZZ_NO_MAIN
int LLVMFuzzerTestOneInput (const guint8 *data, gsize size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        gsize         size)
{
  return fuzz_target_step_stats (data, size);
}
#endif
