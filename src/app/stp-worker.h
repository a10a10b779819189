/* stp-worker.h: one job at a time on a thread, the latest one winning
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* Embedded in the widget that owns the jobs; zero-initialised is idle. */
typedef struct
{
  GCancellable *cancellable;   /* of the running job, NULL when idle */
} StpWorker;

/* Called on the owner's main context for the latest job only, unless it
 * was cancelled: `result` is a GTask whose value the callback propagates.
 * A superseded job's value is freed unseen. */
typedef void (*StpWorkerDone) (gpointer      owner,
                               GAsyncResult *result);

void          stp_worker_run             (StpWorker       *self,
                                          gpointer         owner,
                                          const char      *name,
                                          GTaskThreadFunc  thread_func,
                                          gpointer         job,
                                          GDestroyNotify   job_free,
                                          StpWorkerDone    done);
void          stp_worker_cancel          (StpWorker       *self);
gboolean      stp_worker_is_busy         (const StpWorker *self);
gboolean      stp_worker_is_current      (const StpWorker *self,
                                          GCancellable    *cancellable);

G_END_DECLS
