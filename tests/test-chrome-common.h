/* test-chrome-common.h: helpers shared by the Chrome JSON tests
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-trace.h"
#include "trace-test-util.h"

G_BEGIN_DECLS

/* Loads JSON text through the real input and loader. */
StpTrace *stp_test_load_string      (const char  *json,
                                     gssize       len,
                                     GError     **error);

/* Every event, arg, flow, counter, object and metadata of the model as
 * sorted lines of text, without seqs (which export renumbers). */
GPtrArray *stp_test_describe        (StpTrace    *trace);
GPtrArray *stp_test_describe_relaxed (StpTrace   *trace);
gboolean   stp_test_traces_equal    (StpTrace    *a,
                                     StpTrace    *b);
gboolean   stp_test_lines_equal     (GPtrArray   *a,
                                     GPtrArray   *b);
gboolean   stp_test_same_names      (GHashTable  *a,
                                     GHashTable  *b);
gint       stp_test_compare_strings (const char **a,
                                     const char **b);

/* For rules: each fails the test if what it looks for is not there. */
StpTrace  *stp_test_load_ok         (const char  *json);
StpTrack  *stp_test_thread          (StpTrace    *trace,
                                     gint64       pid,
                                     gint64       tid,
                                     guint        lane);
StpSlice  *stp_test_slice_named     (StpTrace    *trace,
                                     StpTrack    *track,
                                     const char  *name);

G_END_DECLS
