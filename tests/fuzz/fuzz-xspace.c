/* fuzz-xspace.c: libFuzzer target for profiler XSpace (*.xplane.pb)
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first byte holds the load flags (derived lines or not, re-derived,
 * legacy rules); the rest is the XSpace.
 */

#define G_LOG_DOMAIN "fuzz-xspace"

#include "fuzz-common.h"

#include "stp-xspace.h"

#define NAME "fuzz-input.xplane.pb"

int
fuzz_target_xspace (const guint8 *data,
                    gsize         size)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  StpXSpaceLoadFlags flags;

  fuzz_init ();

  if (size < 1)
    return 0;

  flags = data[0] & (STP_XSPACE_LOAD_NO_DERIVED | STP_XSPACE_LOAD_REDERIVE |
                     STP_XSPACE_LOAD_LEGACY_RULES);
  bytes = g_bytes_new (data + 1, size - 1);

  trace = stp_xspace_load_bytes (bytes, NAME, flags, NULL, NULL, NULL, &error);
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
  return fuzz_target_xspace (data, size);
}
#endif
