/* stp-progress-relay.c: a worker thread's progress, to the main thread
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Loaders report progress per few thousand events; the UI needs the
 * latest value a few times a frame at most.  So reports only overwrite
 * the pending value, and the first one after an idle ran schedules the
 * next idle.
 */

#define G_LOG_DOMAIN "stp-progress-relay"

#include "config.h"

#include "stp-progress-relay.h"

#include <string.h>

void
stp_progress_relay_init (StpProgressRelay     *self,
                         GObject              *owner,
                         GMainContext         *context,
                         const char           *source_name,
                         StpProgressRelayFunc  func)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (G_IS_OBJECT (owner));
  g_return_if_fail (func != NULL);

  self->owner = owner;
  self->context = context;
  self->source_name = source_name;
  self->func = func;
  g_mutex_init (&self->mutex);
  self->stage[0] = '\0';
  self->fraction = -1;
  self->idle_id = 0;
}

void
stp_progress_relay_clear (StpProgressRelay *self)
{
  g_return_if_fail (self != NULL);

  /* Called from the owner's finalize: a pending idle would hold a
   * reference to it, so none is left. */
  g_mutex_clear (&self->mutex);
}

static gboolean
relay_idle (gpointer data)
{
  StpProgressRelay *self = data;
  char stage[sizeof self->stage];
  double fraction;

  g_mutex_lock (&self->mutex);
  memcpy (stage, self->stage, sizeof stage);
  fraction = self->fraction;
  self->idle_id = 0;
  g_mutex_unlock (&self->mutex);

  self->func (self->owner, stage, fraction);
  return G_SOURCE_REMOVE;
}

static void
release_owner (gpointer data)
{
  StpProgressRelay *self = data;

  g_object_unref (self->owner);
}

void
stp_progress_relay_report (const char *stage,
                           guint64     done,
                           guint64     total,
                           gpointer    relay)
{
  StpProgressRelay *self = relay;

  g_mutex_lock (&self->mutex);
  g_strlcpy (self->stage, stage, sizeof self->stage);
  self->fraction = total > 0 ? CLAMP ((double) done / total, 0, 1) : -1;
  if (self->idle_id == 0)
    {
      GSource *source = g_idle_source_new ();

      g_source_set_callback (source, relay_idle, self, release_owner);
      g_object_ref (self->owner);
      g_source_set_static_name (source, self->source_name);
      self->idle_id = g_source_attach (source, self->context);
      g_source_unref (source);
    }
  g_mutex_unlock (&self->mutex);
}
