/* fuzz-chrome-json.c: libFuzzer target for Chrome Trace Event JSON
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first byte chooses how the rest reaches the loader: as it is (0),
 * in a gzip member (1) or in a zip archive (2), so the mutator works
 * on JSON text while every path of stp-input.c is exercised.
 */

#define G_LOG_DOMAIN "fuzz-chrome-json"

#include "fuzz-common.h"

#include "stp-chrome-json.h"
#include "stp-error.h"

#define NAME "fuzz-input.json"

int
fuzz_target_chrome_json (const guint8 *data,
                         gsize         size)
{
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(StpInput) input = NULL;
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(GError) error = NULL;

  fuzz_init ();

  if (size < 1)
    return 0;

  switch (data[0] % 3)
    {
    case 0:
      bytes = g_bytes_new (data + 1, size - 1);
      break;
    case 1:
      bytes = fuzz_gzip (data + 1, size - 1);
      break;
    default:
      bytes = fuzz_zip_stored (data + 1, size - 1);
      break;
    }

  input = stp_input_new_for_bytes (bytes, NAME, &error);
  if (input == NULL)
    {
      fuzz_check_error (error, NAME);
      return 0;
    }

  trace = stp_chrome_json_load (input, NAME, NULL, NULL, NULL, &error);
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
  return fuzz_target_chrome_json (data, size);
}
#endif
