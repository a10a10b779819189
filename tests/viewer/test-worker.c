/* test-worker.c: of jobs run one after another, only the latest reports
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "stp-worker.h"

/* A job that waits for the test to let it finish, then returns its id. */
typedef struct
{
  guint    id;
  GMutex   lock;
  GCond    cond;
  gboolean release;
} Job;

typedef struct
{
  StpWorker worker;
  GArray   *delivered;    /* ids, in order */
  guint     finished;     /* jobs whose thread returned */
} Owner;

static Owner owner_state;

static void
job_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  Job *job = task_data;

  g_mutex_lock (&job->lock);
  while (!job->release && !g_cancellable_is_cancelled (cancellable))
    g_cond_wait_until (&job->cond, &job->lock, g_get_monotonic_time () + 10 * 1000);
  g_mutex_unlock (&job->lock);
  g_task_return_pointer (task, GUINT_TO_POINTER (job->id), NULL);
}

static void
job_release (Job *job)
{
  g_mutex_lock (&job->lock);
  job->release = TRUE;
  g_cond_signal (&job->cond);
  g_mutex_unlock (&job->lock);
}

static void
job_free (gpointer data)
{
  owner_state.finished++;
}

static void
on_done (gpointer      owner,
         GAsyncResult *result)
{
  guint id = GPOINTER_TO_UINT (g_task_propagate_pointer (G_TASK (result), NULL));

  g_assert_true (G_IS_OBJECT (owner));
  g_array_append_val (owner_state.delivered, id);
}

static Job *
job_new (guint id)
{
  Job *job = g_new0 (Job, 1);

  job->id = id;
  g_mutex_init (&job->lock);
  g_cond_init (&job->cond);
  return job;
}

static void
wait_finished (guint n)
{
  gint64 deadline = g_get_monotonic_time () + 10 * G_USEC_PER_SEC;

  while (owner_state.finished < n)
    {
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      g_main_context_iteration (NULL, FALSE);
    }
  /* Let the completion callbacks run. */
  while (g_main_context_pending (NULL))
    g_main_context_iteration (NULL, FALSE);
}

static void
test_latest_wins (void)
{
  g_autoptr(GObject) owner = g_object_new (G_TYPE_OBJECT, NULL);
  g_autofree Job *first = job_new (1);
  g_autofree Job *second = job_new (2);

  owner_state.delivered = g_array_new (FALSE, FALSE, sizeof (guint));
  owner_state.finished = 0;

  stp_worker_run (&owner_state.worker, owner, "first", job_thread, first, job_free, on_done);
  g_assert_true (stp_worker_is_busy (&owner_state.worker));
  stp_worker_run (&owner_state.worker, owner, "second", job_thread, second, job_free, on_done);

  /* The first ends after the second started: it is not delivered. */
  job_release (first);
  job_release (second);
  wait_finished (2);
  g_assert_cmpuint (owner_state.delivered->len, ==, 1);
  g_assert_cmpuint (g_array_index (owner_state.delivered, guint, 0), ==, 2);
  g_assert_false (stp_worker_is_busy (&owner_state.worker));
  g_array_unref (owner_state.delivered);
}

static void
test_cancel (void)
{
  g_autoptr(GObject) owner = g_object_new (G_TYPE_OBJECT, NULL);
  g_autofree Job *job = job_new (3);

  owner_state.delivered = g_array_new (FALSE, FALSE, sizeof (guint));
  owner_state.finished = 0;

  stp_worker_run (&owner_state.worker, owner, "cancelled", job_thread, job, job_free, on_done);
  stp_worker_cancel (&owner_state.worker);
  g_assert_false (stp_worker_is_busy (&owner_state.worker));
  wait_finished (1);
  g_assert_cmpuint (owner_state.delivered->len, ==, 0);
  g_array_unref (owner_state.delivered);
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/worker/latest-wins", test_latest_wins);
  g_test_add_func ("/worker/cancel", test_cancel);

  return g_test_run ();
}
