/* stp-item.c: a reference to one thing on the timeline, and moving between them
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Slices of one depth never overlap and are sorted, so the neighbours,
 * the parent and the first child of a slice are each a step or a binary
 * search away.
 */

#define G_LOG_DOMAIN "stp-item"

#include "stp-item.h"

gboolean
stp_item_ref_equal (const StpItemRef *a,
                    const StpItemRef *b)
{
  g_return_val_if_fail (a != NULL && b != NULL, FALSE);

  if (a->kind != b->kind)
    return FALSE;

  switch (a->kind)
    {
    case STP_ITEM_NONE:
      return TRUE;
    case STP_ITEM_COUNTER:
      return a->track == b->track && a->ts == b->ts;
    case STP_ITEM_GLOBAL_INSTANT:
    case STP_ITEM_OBJECT:
    case STP_ITEM_FLOW:
      return a->index == b->index;
    case STP_ITEM_SLICE:
    case STP_ITEM_INSTANT:
    default:
      return a->track == b->track && a->index == b->index;
    }
}

static const StpTrack *
get_track (const StpTrace *trace,
           guint32         track)
{
  return track < trace->tracks->len ? stp_trace_get_track (trace, track) : NULL;
}

gint
stp_item_ref_compare_by_time (gconstpointer pa,
                              gconstpointer pb)
{
  const StpItemRef *a = pa;
  const StpItemRef *b = pb;

  if (a->ts != b->ts)
    return a->ts < b->ts ? -1 : 1;
  if (a->track != b->track)
    return a->track < b->track ? -1 : 1;
  if (a->kind != b->kind)
    return a->kind < b->kind ? -1 : 1;
  return a->index < b->index ? -1 : a->index > b->index;
}

gboolean
stp_item_ref_is_valid (const StpTrace   *trace,
                       const StpItemRef *ref)
{
  const StpTrack *track;

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (ref != NULL, FALSE);

  switch (ref->kind)
    {
    case STP_ITEM_SLICE:
      track = get_track (trace, ref->track);
      return track != NULL && track->slices != NULL && ref->index < track->slices->len;
    case STP_ITEM_INSTANT:
      track = get_track (trace, ref->track);
      return track != NULL && track->instants != NULL && ref->index < track->instants->len;
    case STP_ITEM_GLOBAL_INSTANT:
      return ref->index < trace->global_instants->len;
    case STP_ITEM_OBJECT:
      return ref->index < trace->objects->len;
    case STP_ITEM_COUNTER:
      track = get_track (trace, ref->track);
      return track != NULL && track->kind == STP_TRACK_COUNTER;
    case STP_ITEM_FLOW:
      return ref->index < trace->flows->len;
    case STP_ITEM_NONE:
    default:
      return FALSE;
    }
}

const StpSlice *
stp_item_get_slice (const StpTrace   *trace,
                    const StpItemRef *ref)
{
  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (ref != NULL, NULL);

  if (!stp_item_ref_is_valid (trace, ref))
    return NULL;

  switch (ref->kind)
    {
    case STP_ITEM_SLICE:
      return stp_track_get_slice (stp_trace_get_track (trace, ref->track), ref->index);
    case STP_ITEM_INSTANT:
      return &g_array_index (stp_trace_get_track (trace, ref->track)->instants, StpSlice, ref->index);
    case STP_ITEM_GLOBAL_INSTANT:
      return &g_array_index (trace->global_instants, StpSlice, ref->index);
    case STP_ITEM_NONE:
    case STP_ITEM_OBJECT:
    case STP_ITEM_COUNTER:
    case STP_ITEM_FLOW:
    default:
      return NULL;
    }
}

static gint64
flow_end_time (const StpTrace   *trace,
               const StpFlowEnd *end,
               gboolean          is_dst)
{
  StpItemRef ref = stp_flow_end_ref (end);
  const StpSlice *s = stp_item_get_slice (trace, &ref);

  /* An end bound to the next slice is drawn at that slice's start. */
  if (is_dst && s != NULL && s->ts > end->ts)
    return s->ts;
  return end->ts;
}

gboolean
stp_item_get_range (const StpTrace   *trace,
                    const StpItemRef *ref,
                    gint64           *start,
                    gint64           *end)
{
  const StpSlice *slice;
  gint64 s, e;

  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (ref != NULL, FALSE);

  if (!stp_item_ref_is_valid (trace, ref))
    return FALSE;

  if ((slice = stp_item_get_slice (trace, ref)) != NULL)
    {
      s = slice->ts;
      e = stp_slice_end (slice);
    }
  else if (ref->kind == STP_ITEM_OBJECT)
    {
      const StpObject *o = &g_array_index (trace->objects, StpObject, ref->index);

      s = o->create_ts != STP_TS_UNKNOWN ? o->create_ts : trace->start_ts;
      e = o->delete_ts != STP_TS_UNKNOWN ? o->delete_ts : trace->end_ts;
    }
  else if (ref->kind == STP_ITEM_FLOW)
    {
      const StpFlow *f = &g_array_index (trace->flows, StpFlow, ref->index);

      s = f->src.ts;
      e = f->dst.track != STP_INDEX_NONE ? flow_end_time (trace, &f->dst, TRUE) : f->src.ts;
    }
  else
    s = e = ref->ts;

  if (start != NULL)
    *start = MIN (s, e);
  if (end != NULL)
    *end = MAX (s, e);
  return TRUE;
}

guint32
stp_item_get_track (const StpItemRef *ref)
{
  g_return_val_if_fail (ref != NULL, STP_INDEX_NONE);

  switch (ref->kind)
    {
    case STP_ITEM_SLICE:
    case STP_ITEM_INSTANT:
    case STP_ITEM_COUNTER:
      return ref->track;
    case STP_ITEM_NONE:
    case STP_ITEM_GLOBAL_INSTANT:
    case STP_ITEM_OBJECT:
    case STP_ITEM_FLOW:
    default:
      return STP_INDEX_NONE;
    }
}

/* The run [lo, hi) of track->slices holding index. */
static void
depth_run (const StpTrack *track,
           guint32         index,
           guint32        *lo,
           guint32        *hi)
{
  if (track->depth_starts == NULL)
    {
      *lo = 0;
      *hi = track->slices->len;
      return;
    }

  {
    guint16 depth = stp_track_get_slice (track, index)->depth;

    *lo = track->depth_starts[depth];
    *hi = track->depth_starts[depth + 1];
  }
}

static guint32
find_parent (const StpTrack *track,
             guint32         index)
{
  const StpSlice *s = stp_track_get_slice (track, index);
  guint32 p;

  if (track->depth_starts == NULL || s->depth == 0)
    return STP_INDEX_NONE;

  /* The one slice one level up that holds the child's start (or, for a
   * child at its parent's very end, that ends there). */
  p = stp_track_find_first_ending_after (track, s->depth - 1, s->ts == G_MININT64 ? s->ts : s->ts - 1);
  for (guint tries = 0; p != STP_INDEX_NONE && p < track->depth_starts[s->depth] && tries < 2; tries++, p++)
    {
      const StpSlice *parent = stp_track_get_slice (track, p);

      if (parent->ts <= s->ts && stp_slice_end (parent) >= stp_slice_end (s) &&
          (stp_slice_end (parent) > s->ts || parent->dur == 0 || s->dur == 0))
        return p;
    }

  return STP_INDEX_NONE;
}

static guint32
find_first_child (const StpTrack *track,
                  guint32         index)
{
  const StpSlice *s = stp_track_get_slice (track, index);
  gint64 end = stp_slice_end (s);
  guint32 c;

  if (track->depth_starts == NULL || s->depth >= track->max_depth)
    return STP_INDEX_NONE;

  c = stp_track_find_first_ending_after (track, s->depth + 1, s->ts == G_MININT64 ? s->ts : s->ts - 1);
  for (; c != STP_INDEX_NONE && c < track->depth_starts[s->depth + 2]; c++)
    {
      const StpSlice *child = stp_track_get_slice (track, c);

      if (child->ts > end || (child->ts == end && s->dur > 0))
        break;
      if (child->ts >= s->ts)
        return c;
    }

  return STP_INDEX_NONE;
}

gboolean
stp_item_step (const StpTrace   *trace,
               const StpItemRef *ref,
               StpItemDirection  direction,
               StpItemRef       *out)
{
  g_return_val_if_fail (trace != NULL, FALSE);
  g_return_val_if_fail (ref != NULL, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);

  if (!stp_item_ref_is_valid (trace, ref))
    return FALSE;

  *out = *ref;

  switch (ref->kind)
    {
    case STP_ITEM_SLICE:
      {
        const StpTrack *track = stp_trace_get_track (trace, ref->track);
        guint32 lo, hi, found = STP_INDEX_NONE;

        depth_run (track, ref->index, &lo, &hi);
        if (direction == STP_ITEM_PREVIOUS && ref->index > lo)
          found = ref->index - 1;
        else if (direction == STP_ITEM_NEXT && ref->index + 1 < hi)
          found = ref->index + 1;
        else if (direction == STP_ITEM_PARENT)
          found = find_parent (track, ref->index);
        else if (direction == STP_ITEM_CHILD)
          found = find_first_child (track, ref->index);

        out->index = found;
        return found != STP_INDEX_NONE;
      }

    case STP_ITEM_INSTANT:
    case STP_ITEM_GLOBAL_INSTANT:
    case STP_ITEM_OBJECT:
      {
        guint32 lo = 0, hi;

        if (ref->kind == STP_ITEM_INSTANT)
          hi = stp_trace_get_track (trace, ref->track)->instants->len;
        else if (ref->kind == STP_ITEM_GLOBAL_INSTANT)
          hi = trace->global_instants->len;
        else
          {
            /* Objects of one process, in the order they are laid out. */
            const StpObject *o = &g_array_index (trace->objects, StpObject, ref->index);
            const StpProcess *process = stp_trace_get_process (trace, o->process);

            lo = process->first_object;
            hi = process->first_object + process->n_objects;
          }

        if (direction == STP_ITEM_PREVIOUS && ref->index > lo)
          out->index = ref->index - 1;
        else if (direction == STP_ITEM_NEXT && ref->index + 1 < hi)
          out->index = ref->index + 1;
        else
          return FALSE;
        return TRUE;
      }

    case STP_ITEM_COUNTER:
      {
        const StpTrack *track = stp_trace_get_track (trace, ref->track);
        const StpCounterSeries *series;
        guint32 i;

        if (track->series == NULL || track->series->len == 0)
          return FALSE;
        series = g_ptr_array_index (track->series, 0);
        if (direction == STP_ITEM_NEXT)
          i = ref->index == STP_INDEX_NONE ? 0 : ref->index + 1;
        else if (direction == STP_ITEM_PREVIOUS && ref->index != STP_INDEX_NONE && ref->index > 0)
          i = ref->index - 1;
        else
          return FALSE;
        if (i >= series->samples->len)
          return FALSE;
        out->index = i;
        out->ts = g_array_index (series->samples, StpCounterSample, i).ts;
        return TRUE;
      }

    case STP_ITEM_NONE:
    case STP_ITEM_FLOW:
    default:
      return FALSE;
    }
}

gint64
stp_slice_self_time (const StpTrack *track,
                     guint32         index,
                     guint          *n_children)
{
  const StpSlice *s;
  gint64 start, end, covered = 0;
  guint n = 0;

  g_return_val_if_fail (track != NULL, 0);
  g_return_val_if_fail (track->slices != NULL && index < track->slices->len, 0);

  s = stp_track_get_slice (track, index);
  start = s->ts;
  end = stp_slice_end (s);

  if (track->depth_starts != NULL && s->depth < track->max_depth)
    {
      guint32 c = stp_track_find_first_ending_after (track, s->depth + 1, start);

      for (; c != STP_INDEX_NONE && c < track->depth_starts[s->depth + 2]; c++)
        {
          const StpSlice *child = stp_track_get_slice (track, c);

          if (child->ts >= end)
            break;
          covered += MIN (stp_slice_end (child), end) - MAX (child->ts, start);
          n++;
        }
    }

  if (n_children != NULL)
    *n_children = n;
  return MAX (0, end - start - covered);
}

StpItemRef
stp_slice_parent (const StpTrace   *trace,
                  const StpItemRef *ref)
{
  const StpTrack *track;
  const StpSlice *s, *up;
  guint32 p;

  g_return_val_if_fail (trace != NULL && ref != NULL, STP_ITEM_REF_NONE);

  if (ref->kind != STP_ITEM_SLICE || !stp_item_ref_is_valid (trace, ref))
    return STP_ITEM_REF_NONE;
  track = stp_trace_get_track (trace, ref->track);
  s = stp_track_get_slice (track, ref->index);
  if (s->depth == 0 || track->depth_starts == NULL)
    return STP_ITEM_REF_NONE;

  /* One level up, the first slice ending after s starts: its parent if
   * it started first (depths nest, so no other one can hold it). */
  p = stp_track_find_first_ending_after (track, s->depth - 1, s->ts);
  if (p == STP_INDEX_NONE || p >= track->depth_starts[s->depth])
    return STP_ITEM_REF_NONE;
  up = stp_track_get_slice (track, p);
  if (up->ts > s->ts || stp_slice_end (up) < stp_slice_end (s))
    return STP_ITEM_REF_NONE;
  return stp_item_ref_slice (ref->track, p);
}

void
stp_slice_children (const StpTrace   *trace,
                    const StpItemRef *ref,
                    guint             max,
                    GArray           *children)
{
  const StpTrack *track;
  const StpSlice *s;
  gint64 end;

  g_return_if_fail (trace != NULL && ref != NULL && children != NULL);

  if (ref->kind != STP_ITEM_SLICE || !stp_item_ref_is_valid (trace, ref))
    return;
  track = stp_trace_get_track (trace, ref->track);
  s = stp_track_get_slice (track, ref->index);
  if (track->depth_starts == NULL || s->depth >= track->max_depth)
    return;

  end = stp_slice_end (s);
  for (guint32 c = stp_track_find_first_ending_after (track, s->depth + 1, s->ts);
       c != STP_INDEX_NONE && c < track->depth_starts[s->depth + 2] && max > 0; c++, max--)
    {
      StpItemRef child;

      if (stp_track_get_slice (track, c)->ts >= end)
        break;
      child = stp_item_ref_slice (ref->track, c);
      g_array_append_val (children, child);
    }
}

StpItemRef
stp_flow_end_ref (const StpFlowEnd *end)
{
  g_return_val_if_fail (end != NULL, STP_ITEM_REF_NONE);

  if (end->track == STP_INDEX_NONE || end->slice == STP_INDEX_NONE)
    return STP_ITEM_REF_NONE;
  return stp_item_ref_slice (end->track, end->slice);
}

void
stp_item_find_flows (const StpTrace   *trace,
                     const StpItemRef *ref,
                     GArray           *incoming,
                     GArray           *outgoing)
{
  g_return_if_fail (trace != NULL);
  g_return_if_fail (ref != NULL);

  if (ref->kind != STP_ITEM_SLICE)
    return;

  for (guint32 i = 0; i < trace->flows->len; i++)
    {
      const StpFlow *f = &g_array_index (trace->flows, StpFlow, i);

      if (incoming != NULL && f->dst.slice != STP_INDEX_NONE &&
          f->dst.track == ref->track && f->dst.slice == ref->index)
        g_array_append_val (incoming, i);
      if (outgoing != NULL && f->src.slice != STP_INDEX_NONE &&
          f->src.track == ref->track && f->src.slice == ref->index)
        g_array_append_val (outgoing, i);
    }
}
