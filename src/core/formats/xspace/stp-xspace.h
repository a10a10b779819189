/* stp-xspace.h: the TensorFlow/JAX profiler's XSpace (*.xplane.pb)
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-input.h"
#include "stp-progress.h"
#include "stp-trace.h"

G_BEGIN_DECLS

typedef struct _StpXSpace StpXSpace;

typedef enum
{
  STP_XSPACE_LOAD_DEFAULT    = 0,
  /* No derived lines at all. */
  STP_XSPACE_LOAD_NO_DERIVED = 1 << 0,
  /* Derive every line, also those the file already has (which are then
   * loaded beside the new ones): for comparing with the profiler. */
  STP_XSPACE_LOAD_REDERIVE   = 1 << 1,
  /* Derive with the rules of TensorFlow 2.2-2.3's profiler (see
   * stp_derived_line_set_legacy()), to compare with its files. */
  STP_XSPACE_LOAD_LEGACY_RULES = 1 << 2,
} StpXSpaceLoadFlags;

/* Whether the bytes (the start of a file is enough) look like an
 * XSpace: a first plane with an id or a printable name.  Binary
 * StepStats and RunMetadata never do (their first nested field is a
 * message, where an XPlane has its id). */
gboolean   stp_xspace_sniff         (const guint8        *data,
                                     gsize                len);

/* Each plane becomes a process (pid = its position in the file, named
 * by the plane), each line a thread (tid = line id, named by its
 * display name or name), each event a slice named by its metadata's
 * display name or name.  Times: line.timestamp_ns + offset_ps / 1000,
 * both ends rounded down to the nanosecond (so order and nesting stay
 * as they were in picoseconds).  Args (made when asked for): the event
 * metadata's stats then the event's, by stat name (the event's value
 * wins; a stat without metadata is "stat <id>"), "long_name" when a
 * display name is shown.  Values: int64 and uint64 as JSON integers,
 * doubles as numbers (null if not finite), strings as strings (invalid
 * UTF-8 replaced), bytes as base64 strings, a ref_value as the name of
 * the stat metadata it points at (its number if there is none).  Events
 * that count occurrences instead of having a time are left out, with a
 * warning. */
StpTrace  *stp_xspace_load_bytes    (GBytes              *bytes,
                                     const char          *filename,
                                     StpXSpaceLoadFlags   flags,
                                     StpProgressFunc      progress,
                                     gpointer             user_data,
                                     GCancellable        *cancellable,
                                     GError             **error);
StpTrace  *stp_xspace_load_input    (StpInput            *input,
                                     const char          *filename,
                                     StpProgressFunc      progress,
                                     gpointer             user_data,
                                     GCancellable        *cancellable,
                                     GError             **error);

StpXSpace *stp_xspace_ref           (StpXSpace           *self);
void       stp_xspace_unref         (StpXSpace           *self);

/* For summaries: what the event of an XSpace slice ran.  FALSE if the
 * slice is not an event of the file (a derived one, another trace). */
typedef struct
{
  gboolean    on_device;    /* a /device: plane (else a host plane) */
  const char *tf_op;        /* its "tf_op" (or "level 0") stat, else NULL */
  gsize       tf_op_len;
  const char *name;         /* its metadata's name */
  gsize       name_len;
} StpXSpaceEventInfo;

gboolean   stp_xspace_event_info    (const StpTrace      *trace,
                                     const StpSlice      *slice,
                                     StpXSpaceEventInfo  *info);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpXSpace, stp_xspace_unref)

G_END_DECLS
