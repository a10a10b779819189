/* stp-trace-describe.c: what processes and tracks are called
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The names the timeline's labels, the details and exports show: the
 * recorded name, else the kind and id; among several traces, the
 * trace's label before a process's name.
 */

#define G_LOG_DOMAIN "stp-trace"

#include "stp-trace.h"

static char *
describe_id (const StpTrace *self,
             gint64          num,
             StpStr          str)
{
  if (str != STP_STR_EMPTY)
    return g_strdup (stp_trace_str (self, str));
  return g_strdup_printf ("%" G_GINT64_FORMAT, num);
}

char *
stp_trace_describe_process (const StpTrace   *self,
                            const StpProcess *process)
{
  g_autofree char *id = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (process != NULL, NULL);

  id = describe_id (self, process->pid, process->pid_str);
  /* Among several inputs, the input's label tells rank 0's "python"
   * from rank 1's. */
  if (self->parts != NULL)
    {
      const char *label = g_array_index (self->parts, StpTracePart, process->part).label;

      if (process->name != STP_STR_EMPTY)
        return g_strdup_printf ("%s · %s", label, stp_trace_str (self, process->name));
      return g_strdup_printf ("%s · Process %s", label, id);
    }
  if (process->name != STP_STR_EMPTY)
    return g_strdup (stp_trace_str (self, process->name));
  return g_strdup_printf ("Process %s", id);
}

char *
stp_trace_describe_track (const StpTrace *self,
                          const StpTrack *track)
{
  g_autofree char *id = NULL;
  g_autofree char *base = NULL;

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (track != NULL, NULL);

  if (track->kind != STP_TRACK_THREAD)
    return g_strdup (stp_trace_str (self, track->name));

  id = describe_id (self, track->tid, track->tid_str);
  if (track->name != STP_STR_EMPTY)
    base = g_strdup (stp_trace_str (self, track->name));
  else
    base = g_strdup_printf ("Thread %s", id);

  if (track->lane > 0)
    return g_strdup_printf ("%s (%u)", base, track->lane + 1);
  return g_steal_pointer (&base);
}

/* Within one depth, slices are disjoint and sorted, so their ends are
 * sorted too and a binary search finds the first one still running. */
