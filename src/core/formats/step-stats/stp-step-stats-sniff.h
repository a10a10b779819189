/* stp-step-stats-sniff.h: telling a StepStats or RunMetadata from other
 * files (private to the StepStats reader)
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-trace.h"

G_BEGIN_DECLS

/* Whether data holds a binary RunMetadata (a StepStats): fields of the
 * right numbers and kinds.  With `head`, data may be the first bytes of
 * a longer file, so a field its end cuts short is no error.  *why says
 * what did not fit; *without_step_stats whether the fields were a
 * RunMetadata's with no step_stats among them. */
gboolean  stp_step_stats_looks_like_run_metadata (const guint8 *data,
                                                  gsize         len,
                                                  gboolean      head,
                                                  char        **why,
                                                  gboolean     *without_step_stats);
gboolean  stp_step_stats_looks_like_step_stats   (const guint8 *data,
                                                  gsize         len,
                                                  gsize         base,
                                                  gboolean      head,
                                                  char        **why);
/* Whether a binary file's last field runs past its end: a file cut
 * short, not one whose bytes disagree inside. */
gboolean  stp_step_stats_ends_inside_a_field     (const guint8 *data,
                                                  gsize         len);

/* Text format: whether data is text at all, which of the two it says
 * it is, and where its first field name ends if it is one of theirs
 * (0 if not). */
gboolean  stp_step_stats_looks_like_text         (const guint8 *data,
                                                  gsize         len);
StpFormat stp_step_stats_sniff_text_format       (const guint8 *data,
                                                  gsize         len);
gsize     stp_step_stats_known_first_name_end    (const guint8 *data,
                                                  gsize         len);

G_END_DECLS
