/* stp-application.h: the Stepscope application
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <adwaita.h>

G_BEGIN_DECLS

#define STP_TYPE_APPLICATION (stp_application_get_type ())

G_DECLARE_FINAL_TYPE (StpApplication, stp_application, STP, APPLICATION, AdwApplication)

StpApplication *stp_application_new (void);

G_END_DECLS
