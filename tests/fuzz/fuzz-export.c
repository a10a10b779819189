/* fuzz-export.c: libFuzzer target for the exporter
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Byte 0 chooses the StepStats analysis options (dataflow, memory
 * counters, op time, derived lines); the rest is a file as a user opens
 * it, of any format.  Whatever loads is exported twice: to memory and
 * through the temporary-file-and-rename path, and each export must be
 * strict JSON (tests/strict-json.c) that loads again: the writers turn
 * invalid UTF-8, control characters, NaN and lenient numbers kept from
 * the input into strict JSON.
 */

#define G_LOG_DOMAIN "fuzz-export"

#include "fuzz-common.h"

#include "stp-chrome-writer.h"
#include "stp-loader.h"
#include "strict-json.h"

#include <glib/gstdio.h>

#define NAME "fuzz-input"

static void
export_to_file (StpTrace *trace)
{
  g_autofree char *dir = g_dir_make_tmp ("fuzz-export-XXXXXX", NULL);
  g_autofree char *path = NULL;
  g_autoptr(GFile) file = NULL;
  g_autoptr(GError) error = NULL;
  g_autofree char *json = NULL;
  gsize len;

  if (dir == NULL)
    abort ();
  path = g_build_filename (dir, "out.json", NULL);
  file = g_file_new_for_path (path);
  if (!stp_chrome_writer_write_file (trace, file, NULL, NULL, NULL, &error))
    {
      g_printerr ("fuzz: export to a file failed: %s\n", error->message);
      abort ();
    }
  if (!g_file_get_contents (path, &json, &len, &error) ||
      !strict_json_check (json, len, &error))
    {
      g_printerr ("fuzz: the exported file is not strict JSON: %s\n", error->message);
      abort ();
    }
  /* Nothing else is left in the folder: no temporary file. */
  g_unlink (path);
  if (g_rmdir (dir) != 0)
    {
      g_printerr ("fuzz: the export left files in %s\n", dir);
      abort ();
    }
}

int
fuzz_target_export (const guint8 *data,
                    gsize         size)
{
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(StpInput) input = NULL;
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(GError) error = NULL;

  fuzz_init ();

  if (size < 1)
    return 0;

  options.show_dataflow = (data[0] & 1) != 0;
  options.show_memory = (data[0] & 2) != 0;
  options.derived_lines = (data[0] & 4) != 0;
  options.op_time = (data[0] >> 3) % 3;

  bytes = g_bytes_new (data + 1, size - 1);
  input = stp_input_new_for_bytes (bytes, NAME, &error);
  if (input == NULL)
    {
      fuzz_check_error (error, NAME);
      return 0;
    }

  trace = stp_load_input (input, NAME, &options, NULL, NULL, NULL, &error);
  if (trace == NULL)
    {
      fuzz_check_error (error, NAME);
      return 0;
    }

  fuzz_check_trace (trace);
  export_to_file (trace);
  return 0;
}

#ifndef STP_FUZZ_NO_MAIN
int LLVMFuzzerTestOneInput (const guint8 *data, gsize size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        gsize         size)
{
  return fuzz_target_export (data, size);
}
#endif
