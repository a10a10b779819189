/* stp-settings.h: the application's settings, wherever it runs from
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

gboolean   stp_settings_check          (GError **error);
GSettings *stp_settings_new            (void);
gboolean   stp_settings_are_remembered (void);

G_END_DECLS
