/* stp-worker.c: one job at a time on a thread, the latest one winning
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The search, the area table and the summary each recompute on a thread
 * whenever what they show changes: a new request cancels the one running,
 * and a result that arrives late is dropped.  The job's data is the
 * thread's own (references and copies made before it starts); the
 * GTask keeps the owner alive until the thread is done.
 */

#define G_LOG_DOMAIN "stp-worker"

#include "stp-worker.h"

typedef struct
{
  StpWorker     *worker;     /* inside the owner, which the task keeps alive */
  StpWorkerDone  done;
} Delivery;

static void
on_job_done (GObject      *owner,
             GAsyncResult *result,
             gpointer      user_data)
{
  g_autofree Delivery *delivery = user_data;
  GCancellable *cancellable = g_task_get_cancellable (G_TASK (result));

  if (!stp_worker_is_current (delivery->worker, cancellable) || g_cancellable_is_cancelled (cancellable))
    return;

  g_clear_object (&delivery->worker->cancellable);
  delivery->done (owner, result);
}

/**
 * stp_worker_run:
 * @owner: (type GObject): the object the jobs are for
 * @name: the thread's task name, for debugging
 * @job: (transfer full): the thread's data, freed with @job_free
 *
 * Cancels the running job, if any, and runs @thread_func on a thread.
 */
void
stp_worker_run (StpWorker       *self,
                gpointer         owner,
                const char      *name,
                GTaskThreadFunc  thread_func,
                gpointer         job,
                GDestroyNotify   job_free,
                StpWorkerDone    done)
{
  g_autoptr(GTask) task = NULL;
  Delivery *delivery;

  g_return_if_fail (self != NULL);
  g_return_if_fail (G_IS_OBJECT (owner));

  stp_worker_cancel (self);
  self->cancellable = g_cancellable_new ();

  delivery = g_new0 (Delivery, 1);
  delivery->worker = self;
  delivery->done = done;

  task = g_task_new (owner, self->cancellable, on_job_done, delivery);
  g_task_set_name (task, name);
  g_task_set_task_data (task, job, job_free);
  g_task_run_in_thread (task, thread_func);
}

void
stp_worker_cancel (StpWorker *self)
{
  g_return_if_fail (self != NULL);

  if (self->cancellable != NULL)
    g_cancellable_cancel (self->cancellable);
  g_clear_object (&self->cancellable);
}

gboolean
stp_worker_is_busy (const StpWorker *self)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return self->cancellable != NULL;
}

/* Whether a job with this cancellable is the latest one and still wanted:
 * for partial results a thread sends on its own. */
gboolean
stp_worker_is_current (const StpWorker *self,
                       GCancellable    *cancellable)
{
  g_return_val_if_fail (self != NULL, FALSE);

  return cancellable != NULL && cancellable == self->cancellable;
}
