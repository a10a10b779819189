/* strict-json.h: an RFC 8259 checker for the exports
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* TRUE when text is one strict JSON value in valid UTF-8; else an error
 * naming the byte and the problem. */
gboolean strict_json_check (const char  *text,
                            gsize        len,
                            GError     **error);

G_END_DECLS
