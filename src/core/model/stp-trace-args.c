/* stp-trace-args.c: the args of events, kept or made when asked for
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Args read from a file stay its bytes in the raw store.  Formats that
 * can make them again from their own data (StepStats ops and tensors,
 * XSpace events) keep nothing and make them when they are shown or
 * exported, from the trace's source; in a merged trace, from the source
 * of the input the event came from.
 */

#define G_LOG_DOMAIN "stp-trace"

#include "stp-trace.h"

char *
stp_trace_dup_raw (const StpTrace *self,
                   guint64         ref,
                   guint32         len)
{
  g_return_val_if_fail (self != NULL, NULL);

  return stp_raw_store_dup (self->raw, ref, len);
}

/* In a merged trace, the input a process came from: its source made
 * the process's args.  NULL for a process that is not there. */
static const StpTracePart *
part_of_process (const StpTrace *self,
                 guint32         process)
{
  if (process >= self->processes->len)
    return NULL;
  return &g_array_index (self->parts, StpTracePart, stp_trace_get_process (self, process)->part);
}

/* Appends the slice's args object; FALSE if it has none. */
gboolean
stp_trace_append_args (const StpTrace *self,
                       const StpTrack *track,
                       const StpSlice *slice,
                       GString        *out)
{
  gpointer source = self ? self->source : NULL;
  StpSourceArgsFunc source_args = self ? self->source_args : NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (slice != NULL, FALSE);

  if (slice->args_len > 0)
    {
      stp_raw_store_append_to (self->raw, slice->args_ref, slice->args_len, out);
      return TRUE;
    }

  if (!(slice->flags & (STP_SLICE_STEP_STATS_NODE | STP_SLICE_SOURCE_EVENT)))
    return FALSE;

  if (self->parts != NULL)
    {
      const StpTracePart *part = track != NULL ? part_of_process (self, track->process) : NULL;

      if (part == NULL)
        return FALSE;
      source = part->source;
      source_args = part->source_args;
    }

  if (source_args == NULL)
    return FALSE;
  source_args (source, slice, out);
  return TRUE;
}

gboolean
stp_trace_append_snapshot_args (const StpTrace    *self,
                                const StpSnapshot *snapshot,
                                GString           *out)
{
  gpointer source = self ? self->source : NULL;
  StpSourceSnapshotArgsFunc source_args = self ? self->source_snapshot_args : NULL;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (snapshot != NULL, FALSE);

  if (snapshot->args_len > 0)
    {
      stp_raw_store_append_to (self->raw, snapshot->args_ref, snapshot->args_len, out);
      return TRUE;
    }

  if (!(snapshot->flags & STP_SNAPSHOT_SOURCE_EVENT))
    return FALSE;

  if (self->parts != NULL)
    {
      const StpTracePart *part = NULL;

      if (snapshot->object < self->objects->len)
        part = part_of_process (self, g_array_index (self->objects, StpObject, snapshot->object).process);
      if (part == NULL)
        return FALSE;
      source = part->source;
      source_args = part->source_snapshot_args;
    }

  if (source_args == NULL)
    return FALSE;
  source_args (source, snapshot, out);
  return TRUE;
}

char *
stp_trace_dup_args (const StpTrace *self,
                    const StpTrack *track,
                    const StpSlice *slice)
{
  g_autoptr(GString) out = g_string_new (NULL);

  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (slice != NULL, NULL);

  if (!stp_trace_append_args (self, track, slice, out))
    return NULL;
  return g_string_free (g_steal_pointer (&out), FALSE);
}
