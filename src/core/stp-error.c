/* stp-error.c
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "stp-error.h"

G_DEFINE_QUARK (stp-error-quark, stp_error)
