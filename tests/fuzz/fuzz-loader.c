/* fuzz-loader.c: libFuzzer target for the whole dispatch (stp_load_input)
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The input is a file as a user would open it: any format, plain, gzip
 * or zip, recognised by content.
 */

#define G_LOG_DOMAIN "fuzz-loader"

#include "fuzz-common.h"

#include "stp-loader.h"

#define NAME "fuzz-input"

int
fuzz_target_loader (const guint8 *data,
                    gsize         size)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(StpInput) input = NULL;
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(GError) error = NULL;

  fuzz_init ();

  bytes = g_bytes_new (data, size);
  input = stp_input_new_for_bytes (bytes, NAME, &error);
  if (input == NULL)
    {
      fuzz_check_error (error, NAME);
      return 0;
    }

  trace = stp_load_input (input, NAME, NULL, NULL, NULL, NULL, &error);
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
  return fuzz_target_loader (data, size);
}
#endif
