/* test-progress-relay.c: a worker thread's progress reaches the main
 * thread coalesced, in order, ending with the last value
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "stp-progress-relay.h"

#define N_REPORTS 200000

typedef struct
{
  GObject *owner;
  guint    calls;
  double   last_fraction;
  char     last_stage[32];
  gboolean ordered;
} Seen;

static Seen seen;

static void
on_progress (GObject    *owner,
             const char *stage,
             double      fraction)
{
  g_assert_true (owner == seen.owner);
  /* Fractions only grow within a stage (the thread reports in order). */
  if (g_str_equal (stage, seen.last_stage) && fraction < seen.last_fraction)
    seen.ordered = FALSE;
  seen.calls++;
  seen.last_fraction = fraction;
  g_strlcpy (seen.last_stage, stage, sizeof seen.last_stage);
}

static gpointer
report_thread (gpointer relay)
{
  for (guint i = 1; i <= N_REPORTS; i++)
    stp_progress_relay_report ("parse", i, N_REPORTS, relay);
  stp_progress_relay_report ("analyze", 0, 0, relay);
  return NULL;
}

static void
test_coalesced (void)
{
  StpProgressRelay relay;
  GThread *thread;

  seen = (Seen) { .ordered = TRUE, .last_fraction = -2 };
  seen.owner = g_object_new (G_TYPE_OBJECT, NULL);
  stp_progress_relay_init (&relay, seen.owner, g_main_context_default (), "test progress", on_progress);

  thread = g_thread_new ("reporter", report_thread, &relay);
  g_thread_join (thread);
  /* Everything the thread reported waits in one idle, holding the owner. */
  g_assert_cmpuint (relay.idle_id, !=, 0);
  g_assert_cmpuint (G_OBJECT (seen.owner)->ref_count, ==, 2);

  while (g_main_context_iteration (NULL, FALSE))
    ;

  g_assert_cmpuint (seen.calls, ==, 1);
  g_assert_cmpstr (seen.last_stage, ==, "analyze");
  g_assert_cmpfloat (seen.last_fraction, ==, -1);
  g_assert_cmpuint (G_OBJECT (seen.owner)->ref_count, ==, 1);

  stp_progress_relay_clear (&relay);
  g_object_unref (seen.owner);
}

/* While the main loop runs beside the thread: several updates, far
 * fewer than reports, in order, the last one the thread's last. */
static void
test_concurrent (void)
{
  StpProgressRelay relay;
  GThread *thread;

  seen = (Seen) { .ordered = TRUE, .last_fraction = -2 };
  seen.owner = g_object_new (G_TYPE_OBJECT, NULL);
  stp_progress_relay_init (&relay, seen.owner, g_main_context_default (), "test progress", on_progress);

  thread = g_thread_new ("reporter", report_thread, &relay);
  /* The thread's first report wakes the context up. */
  while (seen.calls == 0)
    g_main_context_iteration (NULL, TRUE);
  g_thread_join (thread);
  while (g_main_context_iteration (NULL, FALSE))
    ;

  g_test_message ("%u updates for %u reports", seen.calls, N_REPORTS + 1);
  g_assert_cmpuint (seen.calls, >=, 1);
  g_assert_cmpuint (seen.calls, <, N_REPORTS / 10);
  g_assert_true (seen.ordered);
  g_assert_cmpstr (seen.last_stage, ==, "analyze");
  g_assert_cmpuint (G_OBJECT (seen.owner)->ref_count, ==, 1);

  stp_progress_relay_clear (&relay);
  g_object_unref (seen.owner);
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/progress-relay/coalesced", test_coalesced);
  g_test_add_func ("/progress-relay/concurrent", test_concurrent);

  return g_test_run ();
}
