/* fuzz-pbtext.c: libFuzzer target for protobuf text format
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The first byte chooses the message type; the rest is the text.  A
 * RunMetadata or StepStats is loaded as a file would be (and analysed);
 * every type is also parsed, printed back, and the printed text must
 * parse again and print the same (the printer and the parser agree).
 */

#define G_LOG_DOMAIN "fuzz-pbtext"

#include "fuzz-common.h"

#include "stp-pbtext.h"
#include "stp-step-stats.h"
#include "stp-step-stats-analysis.h"

#include "tensorflow.pb-c.h"
#include "pbtext-test.pb-c.h"

#include <stdlib.h>
#include <string.h>

#define NAME "fuzz-input.pbtxt"

/* Keep in step with make-seeds.c. */
static const ProtobufCMessageDescriptor *const types[] = {
  &tensorflow__run_metadata__descriptor,
  &tensorflow__step_stats__descriptor,
  &stptest__all_types__descriptor,
  &tensorflow__tensor_description__descriptor,
  &tensorflow__node_exec_stats__descriptor,
  &tensorflow__device_step_stats__descriptor,
  &tensorflow__node_output__descriptor,
  &tensorflow__allocation_description__descriptor,
  &tensorflow__memory_stats__descriptor,
  &tensorflow__graph_def__descriptor,
};

static void
load_as_file (const guint8 *text,
              gsize         len)
{
  g_autoptr(GBytes) bytes = g_bytes_new (text, len);
  g_autoptr(StpStepStats) step_stats = NULL;
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  StpAnalysisOptions options = STP_ANALYSIS_OPTIONS_INIT;

  step_stats = stp_step_stats_load_bytes (bytes, NAME, NULL, &error);
  if (step_stats == NULL)
    {
      fuzz_check_error (error, NAME);
      return;
    }

  options.show_memory = TRUE;
  options.derived_lines = len % 2;
  trace = stp_step_stats_analyze (step_stats, &options, NULL, &error);
  if (trace == NULL)
    {
      fuzz_check_error (error, NAME);
      return;
    }
  fuzz_check_trace (trace);
}

static void
round_trip (const ProtobufCMessageDescriptor *desc,
            const guint8                     *text,
            gsize                             len)
{
  g_autoptr(GBytes) wire = NULL;
  g_autoptr(GBytes) wire2 = NULL;
  g_autoptr(GString) printed = g_string_new (NULL);
  g_autoptr(GString) printed2 = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  gsize wire_len;
  const guint8 *wire_data;

  wire = stp_pbtext_parse (desc, (const char *) text, len, &error);
  if (wire == NULL)
    {
      g_assert (error != NULL && error->message[0] != '\0');
      return;
    }

  /* What the parser encodes, the printer reads. */
  wire_data = g_bytes_get_data (wire, &wire_len);
  if (!stp_pbtext_print (desc, wire_data, wire_len, printed, &error))
    {
      g_printerr ("fuzz: cannot print what was parsed: %s\n", error->message);
      abort ();
    }

  /* And what the printer writes, the parser reads back to the same. */
  wire2 = stp_pbtext_parse (desc, printed->str, printed->len, &error);
  if (wire2 == NULL)
    {
      g_printerr ("fuzz: cannot parse what was printed: %s\n%s\n", error->message, printed->str);
      abort ();
    }
  wire_data = g_bytes_get_data (wire2, &wire_len);
  if (!stp_pbtext_print (desc, wire_data, wire_len, printed2, &error))
    {
      g_printerr ("fuzz: cannot print what was printed and parsed: %s\n", error->message);
      abort ();
    }
  if (!g_string_equal (printed, printed2))
    {
      g_printerr ("fuzz: printing is not stable:\n%s\n---\n%s\n", printed->str, printed2->str);
      abort ();
    }
}

int
fuzz_target_pbtext (const guint8 *data,
                    gsize         size)
{
  const ProtobufCMessageDescriptor *desc;

  fuzz_init ();

  if (size < 1)
    return 0;

  desc = types[data[0] % G_N_ELEMENTS (types)];
  if (data[0] % G_N_ELEMENTS (types) <= 1)
    load_as_file (data + 1, size - 1);
  round_trip (desc, data + 1, size - 1);
  return 0;
}

#ifndef STP_FUZZ_NO_MAIN
int LLVMFuzzerTestOneInput (const guint8 *data, gsize size);

int
LLVMFuzzerTestOneInput (const guint8 *data,
                        gsize         size)
{
  return fuzz_target_pbtext (data, size);
}
#endif
