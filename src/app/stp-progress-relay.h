/* stp-progress-relay.h: a worker thread's progress, to the main thread
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib-object.h>

G_BEGIN_DECLS

/* Called on the owner's main context with the latest stage and fraction
 * (-1 when unknown). */
typedef void (*StpProgressRelayFunc) (GObject    *owner,
                                      const char *stage,
                                      double      fraction);

/* Embedded in the object that runs the thread: the thread reports as
 * fast as it likes, the latest value waits behind a mutex, and at most
 * one idle is pending on the owner's context (it holds a reference to
 * the owner). */
typedef struct
{
  GObject              *owner;
  GMainContext         *context;
  const char           *source_name;
  StpProgressRelayFunc  func;

  GMutex                mutex;
  char                  stage[32];
  double                fraction;
  guint                 idle_id;
} StpProgressRelay;

void stp_progress_relay_init   (StpProgressRelay     *self,
                                GObject              *owner,
                                GMainContext         *context,
                                const char           *source_name,
                                StpProgressRelayFunc  func);
void stp_progress_relay_clear  (StpProgressRelay     *self);

/* An StpProgressFunc: pass the relay as its user data.  Any thread. */
void stp_progress_relay_report (const char           *stage,
                                guint64               done,
                                guint64               total,
                                gpointer              relay);

G_END_DECLS
