/* stp-trace-args.c: the args and extra members of events
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Args read from a file stay its bytes in the raw store.  Formats that
 * can make them again from their own data (StepStats ops and tensors,
 * XSpace events) keep nothing and make them when they are shown or
 * exported, from the trace's source; in a merged trace, from the source
 * of the input the event came from.
 *
 * Members the model has no field for ("tts", "cname", ...) are kept as
 * extras for export.  Few events have them, so trace->event_extras
 * finds one by the seq of the event that had it, and a slice says only
 * whether it has one.  A flow's extra belongs to its first event, an
 * object's to its N event.
 */

#define G_LOG_DOMAIN "stp-trace"

#include "stp-trace-private.h"

char *
stp_trace_dup_raw (const StpTrace *self,
                   StpRaw          raw,
                   gsize          *len)
{
  const char *bytes;
  gsize n;

  g_return_val_if_fail (self != NULL, NULL);

  bytes = stp_raw_store_peek (self->raw, raw, &n);
  if (len != NULL)
    *len = n;
  return bytes ? g_strndup (bytes, n) : NULL;
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

  if (!(slice->flags & (STP_SLICE_STEP_STATS_NODE | STP_SLICE_SOURCE_EVENT)))
    {
      if (slice->args == STP_RAW_NONE)
        return FALSE;
      stp_raw_store_append_to (self->raw, slice->args, out);
      return TRUE;
    }

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

/* What makes the snapshot's args, in its input's format (see
 * StpSnapshot), and with what; NULL when they were kept as read. */
static StpSourceSnapshotArgsFunc
snapshot_args_maker (const StpTrace    *self,
                     const StpSnapshot *snapshot,
                     gpointer          *source)
{
  const StpTracePart *part = NULL;

  if (self->parts == NULL)
    {
      *source = self->source;
      return self->source_snapshot_args;
    }

  if (snapshot->object < self->objects->len)
    part = part_of_process (self, g_array_index (self->objects, StpObject, snapshot->object).process);
  *source = part != NULL ? part->source : NULL;
  return part != NULL ? part->source_snapshot_args : NULL;
}

gboolean
stp_trace_snapshot_args_are_made (const StpTrace    *self,
                                  const StpSnapshot *snapshot)
{
  gpointer source;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (snapshot != NULL, FALSE);

  return snapshot_args_maker (self, snapshot, &source) != NULL;
}

gboolean
stp_trace_append_snapshot_args (const StpTrace    *self,
                                const StpSnapshot *snapshot,
                                GString           *out)
{
  StpSourceSnapshotArgsFunc make;
  gpointer source;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (snapshot != NULL, FALSE);

  make = snapshot_args_maker (self, snapshot, &source);
  if (make != NULL)
    {
      make (source, snapshot, out);
      return TRUE;
    }

  if (snapshot->args == STP_RAW_NONE)
    return FALSE;
  stp_raw_store_append_to (self->raw, snapshot->args, out);
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

static void
add_event_extra (StpTrace *self,
                 guint32   seq,
                 guint32   extra)
{
  StpEventExtra entry = { seq, extra };

  g_array_append_val (self->event_extras, entry);
}

static guint32
find_event_extra (const StpTrace *self,
                  guint32         seq)
{
  const StpEventExtra *extras = (const StpEventExtra *) (gconstpointer) self->event_extras->data;
  guint lo = 0, hi = self->event_extras->len;

  if (seq == STP_SEQ_NONE)
    return STP_INDEX_NONE;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (extras[mid].seq < seq)
        lo = mid + 1;
      else
        hi = mid;
    }
  if (lo < self->event_extras->len && extras[lo].seq == seq)
    return extras[lo].extra;
  return STP_INDEX_NONE;
}

void
stp_trace_set_slice_extra (StpTrace *self,
                           StpSlice *slice,
                           guint32   extra)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (slice != NULL);
  g_return_if_fail (!self->finished);

  if (extra == STP_INDEX_NONE)
    return;
  /* The seq is what finds it again. */
  g_return_if_fail (slice->seq != STP_SEQ_NONE);
  g_return_if_fail (!(slice->flags & STP_SLICE_HAS_EXTRA));

  add_event_extra (self, slice->seq, extra);
  slice->flags |= STP_SLICE_HAS_EXTRA;
}

guint32
stp_trace_get_slice_extra (const StpTrace *self,
                           const StpSlice *slice)
{
  g_return_val_if_fail (self != NULL, STP_INDEX_NONE);
  g_return_val_if_fail (slice != NULL, STP_INDEX_NONE);

  if (!(slice->flags & STP_SLICE_HAS_EXTRA))
    return STP_INDEX_NONE;
  return find_event_extra (self, slice->seq);
}

/* The seq of a flow's first event: its start's, or its end's when it
 * never started.  A v2 flow has no event of its own (its ends' seqs are
 * its slices'), so neither a seq nor an extra. */
static guint32
flow_seq (const StpFlow *flow)
{
  if (flow->src.phase != 0)
    return flow->src.seq;
  if (flow->dst.phase != 0)
    return flow->dst.seq;
  return STP_SEQ_NONE;
}

void
stp_trace_set_flow_extra (StpTrace      *self,
                          const StpFlow *flow,
                          guint32        extra)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (flow != NULL);
  g_return_if_fail (!self->finished);

  if (extra == STP_INDEX_NONE)
    return;
  g_return_if_fail (flow_seq (flow) != STP_SEQ_NONE);

  add_event_extra (self, flow_seq (flow), extra);
}

guint32
stp_trace_get_flow_extra (const StpTrace *self,
                          const StpFlow  *flow)
{
  g_return_val_if_fail (self != NULL, STP_INDEX_NONE);
  g_return_val_if_fail (flow != NULL, STP_INDEX_NONE);

  return find_event_extra (self, flow_seq (flow));
}

void
stp_trace_set_object_extra (StpTrace        *self,
                            const StpObject *object,
                            guint32          extra)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (object != NULL);
  g_return_if_fail (!self->finished);

  if (extra == STP_INDEX_NONE)
    return;
  g_return_if_fail (object->create_seq != STP_SEQ_NONE);

  add_event_extra (self, object->create_seq, extra);
}

guint32
stp_trace_get_object_extra (const StpTrace  *self,
                            const StpObject *object)
{
  g_return_val_if_fail (self != NULL, STP_INDEX_NONE);
  g_return_val_if_fail (object != NULL, STP_INDEX_NONE);

  return find_event_extra (self, object->create_seq);
}

static gint
compare_event_extras (gconstpointer a,
                      gconstpointer b)
{
  const StpEventExtra *x = a, *y = b;

  return (x->seq > y->seq) - (x->seq < y->seq);
}

/* Loaders add most extras in input order, a pairing later in its own. */
void
stp_trace_sort_event_extras (StpTrace *self)
{
  GArray *extras = self->event_extras;

  for (guint i = 1; i < extras->len; i++)
    if (compare_event_extras (&g_array_index (extras, StpEventExtra, i - 1),
                              &g_array_index (extras, StpEventExtra, i)) > 0)
      {
        g_array_sort (extras, compare_event_extras);
        return;
      }
}
