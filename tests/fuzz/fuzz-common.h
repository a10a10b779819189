/* fuzz-common.h: what every fuzz target does with a loaded trace
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-trace.h"

G_BEGIN_DECLS

/* Once per process: GLib warnings and criticals abort (a g_return_if_fail
 * hit by any input is a bug), debug output stays off. */
void     fuzz_init          (void);

/* The checks every target runs on a trace it managed to load: the
 * model's invariants (stp-trace.h), what the viewer does on a click
 * (details, links, summaries, search, peaks) and a full export to
 * memory, which must load again.  The export must be strict JSON
 * (RFC 8259, UTF-8; tests/strict-json.c) whatever the input held. */
void     fuzz_check_trace   (StpTrace     *trace);

/* The error of a failed load must name the input. */
void     fuzz_check_error   (const GError *error,
                             const char   *name);

/* data wrapped in a gzip member or a stored zip entry, for targets that
 * cover the compressed paths of stp-input.c. */
GBytes  *fuzz_gzip          (const guint8 *data,
                             gsize         len);
GBytes  *fuzz_zip_stored    (const guint8 *data,
                             gsize         len);

/* The targets, one per fuzz-<target>.c; test-regress.c replays inputs
 * through them (built with STP_FUZZ_NO_MAIN, without libFuzzer). */
int      fuzz_target_step_stats  (const guint8 *data, gsize size);
int      fuzz_target_pbtext      (const guint8 *data, gsize size);
int      fuzz_target_chrome_json (const guint8 *data, gsize size);
int      fuzz_target_xspace      (const guint8 *data, gsize size);
int      fuzz_target_loader      (const guint8 *data, gsize size);
int      fuzz_target_export      (const guint8 *data, gsize size);

G_END_DECLS
