/* stp-export-task.h: writing Chrome Trace JSON on a worker thread
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "stp-trace.h"

G_BEGIN_DECLS

#define STP_TYPE_EXPORT_TASK (stp_export_task_get_type ())

G_DECLARE_FINAL_TYPE (StpExportTask, stp_export_task, STP, EXPORT_TASK, GObject)

StpExportTask *stp_export_task_new          (StpTrace            *trace,
                                             GFile               *file);
GFile         *stp_export_task_get_file     (StpExportTask       *self);
double         stp_export_task_get_fraction (StpExportTask       *self);
void           stp_export_task_cancel       (StpExportTask       *self);
void           stp_export_task_run_async    (StpExportTask       *self,
                                             GAsyncReadyCallback  callback,
                                             gpointer             user_data);
gboolean       stp_export_task_run_finish   (StpExportTask       *self,
                                             GAsyncResult        *result,
                                             GError             **error);

G_END_DECLS
