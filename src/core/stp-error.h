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
} StpError;

GQuark stp_error_quark (void);

G_END_DECLS
