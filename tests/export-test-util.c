/* export-test-util.c: a trace's Chrome JSON export, in memory
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "export-test-util.h"

#include "stp-chrome-writer.h"

GBytes *
stp_test_export (StpTrace *trace)
{
  g_autoptr(GOutputStream) out = g_memory_output_stream_new_resizable ();
  g_autoptr(GError) error = NULL;
  StpOutput output;

  stp_output_init_stream (&output, out);
  g_assert_true (stp_chrome_writer_write (trace, &output, NULL, NULL, NULL, &error));
  g_assert_no_error (error);
  g_assert_true (g_output_stream_close (out, NULL, &error));
  return g_memory_output_stream_steal_as_bytes (G_MEMORY_OUTPUT_STREAM (out));
}

JsonNode *
stp_test_export_json (StpTrace *trace)
{
  g_autoptr(GBytes) bytes = stp_test_export (trace);
  g_autoptr(JsonParser) parser = json_parser_new ();
  g_autoptr(GError) error = NULL;

  json_parser_load_from_data (parser, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes),
                              &error);
  g_assert_no_error (error);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (json_parser_get_root (parser)));
  return json_node_copy (json_parser_get_root (parser));
}
