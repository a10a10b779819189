/* stp-load-task.h: loading or re-analysing a trace on a worker thread
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "stp-document.h"
#include "stp-loader.h"
#include "stp-merge.h"

G_BEGIN_DECLS

#define STP_TYPE_LOAD_TASK (stp_load_task_get_type ())

G_DECLARE_FINAL_TYPE (StpLoadTask, stp_load_task, STP, LOAD_TASK, GObject)

StpLoadTask    *stp_load_task_new_load      (GFile                    *file,
                                             const StpAnalysisOptions *options);
StpLoadTask    *stp_load_task_new_load_files (GFile * const            *files,
                                              guint                     n_files,
                                              const StpAnalysisOptions *options);
StpLoadTask    *stp_load_task_new_compare   (GFile                    *baseline,
                                             GFile                    *other,
                                             const StpAnalysisOptions *options);
StpLoadTask    *stp_load_task_new_reanalyze (StpDocument              *document,
                                             const StpAnalysisOptions *options);
void            stp_load_task_set_graph_file (StpLoadTask             *self,
                                              GFile                   *graph_file);
void            stp_load_task_set_clock     (StpLoadTask              *self,
                                             StpMergeClock             clock);
guint           stp_load_task_get_file_number (StpLoadTask            *self,
                                               guint                  *n_files);
const char     *stp_load_task_get_stage     (StpLoadTask              *self);
double          stp_load_task_get_fraction  (StpLoadTask              *self);
const char * const *stp_load_task_get_failures (StpLoadTask          *self);
void            stp_load_task_cancel        (StpLoadTask              *self);
gboolean        stp_load_task_is_cancelled  (StpLoadTask              *self);
void            stp_load_task_run_async     (StpLoadTask              *self,
                                             GAsyncReadyCallback       callback,
                                             gpointer                  user_data);
StpDocument    *stp_load_task_run_finish    (StpLoadTask              *self,
                                             GAsyncResult             *result,
                                             GError                  **error);

G_END_DECLS
