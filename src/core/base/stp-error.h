/* stp-error.h: errors the core reports about inputs
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define STP_ERROR (stp_error_quark ())

typedef enum
{
  STP_ERROR_UNKNOWN_FORMAT,  /* not any format Stepscope reads */
  STP_ERROR_CORRUPT,         /* the right format, but broken */
  STP_ERROR_TRUNCATED,       /* ends in the middle of something */
  STP_ERROR_EMPTY,           /* no events at all */
  STP_ERROR_LIMIT,           /* exceeds a safety limit (size, depth, expansion) */
  STP_ERROR_INVALID_ARGUMENT,
  STP_ERROR_CHANGED,         /* a file changed on disk after it was opened */
} StpError;

GQuark stp_error_quark (void);

/* Input that is none of the formats Stepscope reads (random bytes, a
 * PNG, a protobuf of another type): says so in words a user reads, with
 * the formats that are supported, then the loader's detail ("read as
 * a binary protobuf: field 10 at byte 0 is not a message"). */
void   stp_error_set_unsupported (GError     **error,
                                  const char  *filename,
                                  const char  *detail);

/* A message of a type Stepscope reads that holds no trace content: a
 * RunMetadata without step_stats, a StepStats without dev_stats.  The
 * one place saying "not a trace": loaders that recognise more types
 * (a GraphDef alone) call it with their own names. */
void   stp_error_set_no_trace    (GError     **error,
                                  const char  *filename,
                                  const char  *message_type,
                                  const char  *missing);

G_END_DECLS
