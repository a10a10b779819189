/* export-test-util.h: a trace's Chrome JSON export, in memory
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <json-glib/json-glib.h>

#include "stp-trace.h"

G_BEGIN_DECLS

/* The export's bytes; fails the test if it cannot be written. */
GBytes   *stp_test_export      (StpTrace *trace);

/* The export read back by json-glib: its root, an object. */
JsonNode *stp_test_export_json (StpTrace *trace);

G_END_DECLS
