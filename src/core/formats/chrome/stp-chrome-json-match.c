/* stp-chrome-json-match.c: pairing B/E, async and flow events
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Events that belong together are paired once the whole input is read,
 * in timestamp order (input order at equal timestamps), as catapult's
 * trace_event_importer and Perfetto's sorter do: writers emit events
 * per thread buffer, not in time order.  Most inputs are already in
 * order, so a sort happens only when a check finds they are not.
 *
 * - B/E per thread: an E ends the innermost open B (a differing name
 *   is a warning, as in catapult); an E with nothing open is dropped; a
 *   B left open runs to the trace end (STP_SLICE_UNCLOSED).
 * - b/e/n per (cat, id/id2, scope): an e ends the innermost open b of
 *   its name; b's it skips are left open.  One async track per
 *   (process, name of the outermost b); nested b's and n's go to the
 *   track of the b they are in.
 * - S/T/p/F per (name, id, scope): a slice from S to F, with a child
 *   slice per step (T covers from the step on, p the time before it).
 * - s/t/f per (cat, name, id), as Perfetto keys v1 flows: s->t, t->t,
 *   t->f edges; sealing binds each end to a slice (f without bp "e"
 *   to the next slice).  An end stamped before any start but read after
 *   one (timeline.py writes these when a consumer's recorded start
 *   precedes its producer's end) pairs with that start, as the file
 *   meant; other ends without a start, and starts that never arrive,
 *   stay as flows with one end, with a warning.
 * - v2 flows per bind_id: flow_out starts, flow_in ends, both steps.
 */

#define G_LOG_DOMAIN "stp-chrome-json"

#include "stp-chrome-json-private.h"
#include "stp-sort.h"

#include <string.h>

/* By time, then by seq. */
static gint
compare_records (gconstpointer a,
                 gconstpointer b,
                 gpointer      user_data)
{
  const StpChromeRecord *ra = a;
  const StpChromeRecord *rb = b;

  if (ra->ts != rb->ts)
    return ra->ts < rb->ts ? -1 : 1;
  return ra->seq < rb->seq ? -1 : (ra->seq > rb->seq);
}

static void
sort_records (GArray *records)
{
  stp_sort_by_key (records->data, records->len, sizeof (StpChromeRecord),
                   G_STRUCT_OFFSET (StpChromeRecord, ts), compare_records, NULL);
}

/* The extras of a paired event: the start's members, the end's seq, and
 * the end's members after them if it has any. */
static guint32
pair_extra (StpTrace              *trace,
            const StpChromeRecord *start,
            const StpChromeRecord *end,
            gboolean               always)
{
  StpExtra first = { start->extra, STP_SEQ_NONE, start->phase, 0 };
  guint32 index;

  if (end != NULL)
    {
      first.seq = end->seq;
      first.flags = STP_EXTRA_END_SEQ;
      if (end->extra != STP_RAW_NONE)
        first.flags |= STP_EXTRA_HAS_END;
    }
  else if (start->extra == STP_RAW_NONE && !always)
    return STP_INDEX_NONE;

  index = stp_trace_add_extra_full (trace, &first);
  if (first.flags & STP_EXTRA_HAS_END)
    {
      StpExtra second = { end->extra, end->seq, end->phase, 0 };
      stp_trace_add_extra_full (trace, &second);
    }
  return index;
}

static void
add_paired_slice (StpTrace              *trace,
                  guint32                track,
                  const StpChromeRecord *start,
                  const StpChromeRecord *end,
                  guint16                flags)
{
  guint32 extra = pair_extra (trace, start, end, FALSE);
  StpSlice *s = stp_trace_add_slice (trace, track);

  s->ts = start->ts;
  s->dur = end != NULL ? stp_time_sub (end->ts, start->ts) : 0;
  s->name = start->name;
  s->cat = start->cat;
  s->seq = start->seq;
  s->flags = flags | (end == NULL ? STP_SLICE_UNCLOSED : 0);
  s->args = start->args;
  stp_trace_set_slice_extra (trace, s, extra);
}

/* ------------------------------------------------------------------ */
/* B/E                                                                 */

static void
match_thread (StpChromeLoader *self,
              guint32          track,
              GArray          *records)
{
  StpTrace *trace = self->trace;
  g_autoptr(GArray) stack = g_array_new (FALSE, FALSE, sizeof (guint32));

  sort_records (records);

  for (guint i = 0; i < records->len; i++)
    {
      const StpChromeRecord *rec = &g_array_index (records, StpChromeRecord, i);
      const StpChromeRecord *begin;

      if (rec->phase == 'B')
        {
          g_array_append_val (stack, i);
          continue;
        }

      if (stack->len == 0)
        {
          stp_trace_warn (trace, "unmatched-end",
                          "an E event (%s) with no open B on its thread was dropped",
                          stp_trace_str (trace, rec->name));
          continue;
        }

      begin = &g_array_index (records, StpChromeRecord,
                              g_array_index (stack, guint32, stack->len - 1));
      g_array_set_size (stack, stack->len - 1);

      if (rec->name != STP_STR_EMPTY && rec->name != begin->name)
        stp_trace_warn (trace, "end-name-mismatch",
                        "an E event named %s ended the slice %s",
                        stp_trace_str (trace, rec->name), stp_trace_str (trace, begin->name));

      add_paired_slice (trace, track, begin, rec, STP_SLICE_FROM_BEGIN);
    }

  if (stack->len > 0)
    stp_trace_warn (trace, "unclosed-begin",
                    "a B event (%s) without an E runs to the end of the trace",
                    stp_trace_str (trace, g_array_index (records, StpChromeRecord,
                                                         g_array_index (stack, guint32, 0)).name));
  for (guint i = 0; i < stack->len; i++)
    add_paired_slice (trace, track,
                      &g_array_index (records, StpChromeRecord, g_array_index (stack, guint32, i)),
                      NULL, STP_SLICE_FROM_BEGIN);
}

/* ------------------------------------------------------------------ */
/* Async                                                               */

typedef struct
{
  GArray  *stack;      /* record indices of open b's */
  guint32  track;      /* of the outermost open b */
  GArray  *steps;      /* legacy: S, then T/p record indices */
} AsyncState;

static void
async_state_free (gpointer data)
{
  AsyncState *state = data;

  g_clear_pointer (&state->stack, g_array_unref);
  g_clear_pointer (&state->steps, g_array_unref);
  g_free (state);
}

static guint32
async_track (StpChromeLoader       *self,
             GHashTable            *tracks,
             const StpChromeRecord *rec)
{
  guint64 key = ((guint64) rec->track << 32) | rec->name;
  gpointer value;
  guint32 track;

  if (g_hash_table_lookup_extended (tracks, &key, NULL, &value))
    return GPOINTER_TO_UINT (value);

  track = stp_trace_add_track (self->trace, rec->track, STP_TRACK_ASYNC, rec->name);
  stp_trace_get_track (self->trace, track)->cat = rec->cat;
  g_hash_table_insert (tracks, g_memdup2 (&key, sizeof key), GUINT_TO_POINTER (track));
  return track;
}

/* A legacy S..F slice with a child per step. */
static void
finish_legacy (StpChromeLoader *self,
               GArray          *records,
               guint32          track,
               GArray          *steps,
               const StpChromeRecord *finish)
{
  StpTrace *trace = self->trace;
  const StpChromeRecord *start = &g_array_index (records, StpChromeRecord,
                                                 g_array_index (steps, guint32, 0));

  add_paired_slice (trace, track, start, finish, STP_SLICE_ASYNC_LEGACY);

  for (guint j = 1; j < steps->len; j++)
    {
      const StpChromeRecord *step = &g_array_index (records, StpChromeRecord,
                                                    g_array_index (steps, guint32, j));
      const StpChromeRecord *prev = &g_array_index (records, StpChromeRecord,
                                                    g_array_index (steps, guint32, j - 1));
      const StpChromeRecord *next = j + 1 < steps->len
        ? &g_array_index (records, StpChromeRecord, g_array_index (steps, guint32, j + 1))
        : finish;
      StpSlice *s;
      guint32 extra;

      extra = pair_extra (trace, step, NULL, TRUE);
      s = stp_trace_add_slice (trace, track);
      s->name = step->name;
      s->cat = step->cat;
      s->seq = step->seq;
      s->args = step->args;
      s->flags = STP_SLICE_ASYNC_LEGACY;
      stp_trace_set_slice_extra (trace, s, extra);

      if (step->phase == 'p')
        {
          s->ts = prev->ts;
          s->dur = stp_time_sub (step->ts, prev->ts);
        }
      else
        {
          s->ts = step->ts;
          s->dur = next != NULL ? stp_time_sub (next->ts, step->ts) : 0;
          if (next == NULL)
            s->flags |= STP_SLICE_UNCLOSED;
        }
    }
}

static void
match_async (StpChromeLoader *self)
{
  StpTrace *trace = self->trace;
  GArray *records = self->async;
  g_autoptr(GHashTable) states = g_hash_table_new_full (NULL, NULL, NULL, async_state_free);
  g_autoptr(GHashTable) tracks = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  GHashTableIter iter;
  gpointer value;

  sort_records (records);

  for (guint i = 0; i < records->len; i++)
    {
      const StpChromeRecord *rec = &g_array_index (records, StpChromeRecord, i);
      AsyncState *state = g_hash_table_lookup (states, GUINT_TO_POINTER (rec->key));

      if (state == NULL)
        {
          state = g_new0 (AsyncState, 1);
          state->stack = g_array_new (FALSE, FALSE, sizeof (guint32));
          g_hash_table_insert (states, GUINT_TO_POINTER (rec->key), state);
        }

      switch (rec->phase)
        {
        case 'b':
          if (state->stack->len == 0)
            state->track = async_track (self, tracks, rec);
          g_array_append_val (state->stack, i);
          break;

        case 'n':
          {
            guint32 track = state->stack->len > 0 ? state->track : async_track (self, tracks, rec);
            guint32 extra = pair_extra (trace, rec, NULL, TRUE);
            StpSlice *s = stp_trace_add_slice (trace, track);

            s->ts = rec->ts;
            s->name = rec->name;
            s->cat = rec->cat;
            s->seq = rec->seq;
            s->args = rec->args;
            s->flags = STP_SLICE_ASYNC | STP_SLICE_INSTANT;
            stp_trace_set_slice_extra (trace, s, extra);
          }
          break;

        case 'e':
          {
            gint found = -1;

            for (gint k = state->stack->len - 1; k >= 0; k--)
              {
                const StpChromeRecord *b = &g_array_index (records, StpChromeRecord,
                                                           g_array_index (state->stack, guint32, k));
                if (rec->name == STP_STR_EMPTY || b->name == rec->name)
                  {
                    found = k;
                    break;
                  }
              }
            if (found < 0)
              {
                stp_trace_warn (trace, "async-unmatched-end",
                                "an async e event (%s) with no open b was dropped",
                                stp_trace_str (trace, rec->name));
                break;
              }
            if ((guint) found + 1 < state->stack->len)
              stp_trace_warn (trace, "async-unclosed",
                              "nested async slices left open when their parent ended run to the trace end");
            for (guint k = found + 1; k < state->stack->len; k++)
              add_paired_slice (trace, state->track,
                                &g_array_index (records, StpChromeRecord,
                                                g_array_index (state->stack, guint32, k)),
                                NULL, STP_SLICE_ASYNC);
            add_paired_slice (trace, state->track,
                              &g_array_index (records, StpChromeRecord,
                                              g_array_index (state->stack, guint32, found)),
                              rec, STP_SLICE_ASYNC);
            g_array_set_size (state->stack, found);
          }
          break;

        case 'S':
          if (state->steps != NULL)
            {
              stp_trace_warn (trace, "async-already-open",
                              "an S event (%s) whose id was already open was dropped",
                              stp_trace_str (trace, rec->name));
              break;
            }
          state->steps = g_array_new (FALSE, FALSE, sizeof (guint32));
          g_array_append_val (state->steps, i);
          state->track = async_track (self, tracks, rec);
          break;

        case 'T':
        case 'p':
        case 'F':
          if (state->steps == NULL)
            {
              stp_trace_warn (trace, "async-unmatched-step",
                              "a '%c' event (%s) with no open S was dropped",
                              rec->phase, stp_trace_str (trace, rec->name));
              break;
            }
          if (rec->phase != 'F')
            {
              g_array_append_val (state->steps, i);
              break;
            }
          finish_legacy (self, records, state->track, state->steps, rec);
          g_clear_pointer (&state->steps, g_array_unref);
          break;

        default:
          g_assert_not_reached ();
        }
    }

  /* What is still open runs to the end of the trace. */
  g_hash_table_iter_init (&iter, states);
  while (g_hash_table_iter_next (&iter, NULL, &value))
    {
      AsyncState *state = value;

      for (guint k = 0; k < state->stack->len; k++)
        {
          stp_trace_warn (trace, "async-unclosed",
                          "an async b event without an e runs to the end of the trace");
          add_paired_slice (trace, state->track,
                            &g_array_index (records, StpChromeRecord,
                                            g_array_index (state->stack, guint32, k)),
                            NULL, STP_SLICE_ASYNC);
        }
      if (state->steps != NULL)
        {
          stp_trace_warn (trace, "async-unclosed",
                          "an S event without an F runs to the end of the trace");
          finish_legacy (self, records, state->track, state->steps, NULL);
        }
    }
}

/* ------------------------------------------------------------------ */
/* Flows                                                               */

static void
set_end (StpFlowEnd            *end,
         const StpChromeRecord *rec)
{
  end->ts = rec->ts;
  end->track = rec->track;
  end->seq = rec->seq;
  end->phase = rec->phase;
  end->binding = rec->binding;
}

static void
emit_flow (StpTrace              *trace,
           const StpChromeRecord *src,
           const StpChromeRecord *dst)
{
  const StpChromeRecord *any = src != NULL ? src : dst;
  guint32 extra = STP_INDEX_NONE;
  StpFlow *flow;

  if ((src && src->extra != STP_RAW_NONE) || (dst && dst->extra != STP_RAW_NONE))
    {
      StpExtra first = { STP_RAW_NONE, STP_SEQ_NONE, 0, 0 };

      if (src != NULL)
        {
          first.members = src->extra;
          first.phase = src->phase;
        }
      if (dst != NULL && dst->extra != STP_RAW_NONE)
        first.flags = STP_EXTRA_HAS_END;
      extra = stp_trace_add_extra_full (trace, &first);
      if (first.flags & STP_EXTRA_HAS_END)
        {
          StpExtra second = { dst->extra, dst->seq, dst->phase, 0 };
          stp_trace_add_extra_full (trace, &second);
        }
    }

  flow = stp_trace_add_flow (trace);
  flow->name = any->name;
  flow->cat = any->cat;
  flow->id = any->id;
  if (src != NULL)
    set_end (&flow->src, src);
  if (dst != NULL)
    set_end (&flow->dst, dst);
  stp_trace_set_flow_extra (trace, flow, extra);
}

static gint
compare_index (gconstpointer a,
               gconstpointer b)
{
  guint32 ia = *(const guint32 *) a;
  guint32 ib = *(const guint32 *) b;

  return ia < ib ? -1 : (ia > ib);
}

/* Per flow key: the event a next step or end continues from, and an end
 * that came before any start in time. */
typedef struct
{
  guint32  open;       /* record index + 1, 0 if none */
  guint32  pending;    /* record index + 1 of an end waiting for its start */
  gboolean open_done;  /* the open event already ended a flow */
} FlowState;

static void
flush_pending (StpTrace        *trace,
               GArray          *records,
               FlowState       *state)
{
  const StpChromeRecord *end;

  if (state->pending == 0)
    return;
  end = &g_array_index (records, StpChromeRecord, state->pending - 1);
  state->pending = 0;

  if (end->phase == 'f')
    {
      stp_trace_warn (trace, "flow-end-without-start",
                      "a flow end (%s) with no start", stp_trace_str (trace, end->name));
      emit_flow (trace, NULL, end);
    }
  else
    stp_trace_warn (trace, "flow-step-without-start",
                    "a flow step (%s) with no start", stp_trace_str (trace, end->name));
}

static void
match_flows (StpChromeLoader *self)
{
  StpTrace *trace = self->trace;
  GArray *records = self->flows;
  /* Keys are ids in the loader's own table: a state per id, not a
   * hash table and an allocation per flow. */
  guint n_keys = self->n_keys;
  g_autofree FlowState *states = g_new0 (FlowState, n_keys);
  g_autoptr(GArray) left = g_array_new (FALSE, FALSE, sizeof (guint32));

  sort_records (records);

  for (guint i = 0; i < records->len; i++)
    {
      const StpChromeRecord *rec = &g_array_index (records, StpChromeRecord, i);
      FlowState *state;
      const StpChromeRecord *prev;

      g_assert (rec->key < n_keys);
      state = &states[rec->key];
      prev = state->open ? &g_array_index (records, StpChromeRecord, state->open - 1) : NULL;

      switch (rec->phase)
        {
        case 's':
          /* An end read after this start but stamped before it (timeline.py
           * writes such flows when a consumer is recorded as starting
           * before its producer ends): pair them as the file does. */
          if (state->pending != 0 &&
              g_array_index (records, StpChromeRecord, state->pending - 1).seq > rec->seq)
            {
              const StpChromeRecord *end = &g_array_index (records, StpChromeRecord, state->pending - 1);

              emit_flow (trace, rec, end);
              if (state->open == state->pending)
                state->open_done = TRUE;   /* that step goes on from here */
              state->pending = 0;
              break;
            }
          flush_pending (trace, records, state);
          if (prev != NULL && !state->open_done)
            {
              stp_trace_warn (trace, "flow-restarted",
                              "a flow (%s) started again before it arrived",
                              stp_trace_str (trace, rec->name));
              emit_flow (trace, prev, NULL);
            }
          state->open = i + 1;
          state->open_done = FALSE;
          break;

        case 't':
          if (prev != NULL)
            emit_flow (trace, prev, rec);
          else
            {
              flush_pending (trace, records, state);
              state->pending = i + 1;
            }
          state->open = i + 1;
          state->open_done = prev != NULL;
          break;

        case 'f':
          if (prev != NULL)
            emit_flow (trace, prev, rec);
          else
            {
              flush_pending (trace, records, state);
              state->pending = i + 1;
            }
          state->open = 0;
          state->open_done = FALSE;
          break;

        default:
          g_assert_not_reached ();
        }
    }

  /* Ends with no start at all, and starts that never arrived (these stay
   * as flows without a destination), in input order. */
  for (guint k = 0; k < n_keys; k++)
    {
      FlowState *state = &states[k];

      flush_pending (trace, records, state);
      if (state->open != 0 && !state->open_done)
        {
          guint32 index = state->open - 1;
          g_array_append_val (left, index);
        }
    }
  g_array_sort (left, compare_index);
  for (guint i = 0; i < left->len; i++)
    {
      if (i == 0)
        stp_trace_warn (trace, "flow-unfinished", "a flow start with no step or end");
      emit_flow (trace, &g_array_index (records, StpChromeRecord, g_array_index (left, guint32, i)), NULL);
    }
}

static gint
compare_v2 (gconstpointer a,
            gconstpointer b)
{
  const StpChromeV2Record *ra = a;
  const StpChromeV2Record *rb = b;

  if (ra->ts != rb->ts)
    return ra->ts < rb->ts ? -1 : 1;
  return ra->seq < rb->seq ? -1 : (ra->seq > rb->seq);
}

static void
emit_v2 (StpTrace                *trace,
         const StpChromeV2Record *src,
         const StpChromeV2Record *dst)
{
  StpFlow *flow = stp_trace_add_flow (trace);

  flow->id = src->id;
  flow->src.ts = src->ts;
  flow->src.track = src->track;
  flow->src.seq = src->seq;
  flow->dst.ts = dst->ts;
  flow->dst.track = dst->track;
  flow->dst.seq = dst->seq;
}

static void
match_v2 (StpChromeLoader *self)
{
  StpTrace *trace = self->trace;
  g_autoptr(GHashTable) open = g_hash_table_new (NULL, NULL);
  GArray *records = self->v2;
  guint unfinished;

  g_array_sort (records, compare_v2);

  for (guint i = 0; i < records->len; i++)
    {
      const StpChromeV2Record *rec = &g_array_index (records, StpChromeV2Record, i);
      guint32 state = GPOINTER_TO_UINT (g_hash_table_lookup (open, GUINT_TO_POINTER (rec->key)));

      if (rec->flow_in)
        {
          if (state != 0)
            emit_v2 (trace, &g_array_index (records, StpChromeV2Record, state - 1), rec);
          else
            stp_trace_warn (trace, "flow-without-start",
                            "a flow_in with no earlier flow_out of the same bind_id");
          g_hash_table_remove (open, GUINT_TO_POINTER (rec->key));
        }
      if (rec->flow_out)
        g_hash_table_insert (open, GUINT_TO_POINTER (rec->key), GUINT_TO_POINTER (i + 1));
    }

  unfinished = g_hash_table_size (open);
  if (unfinished > 0)
    stp_trace_warn (trace, "flow-unfinished",
                    "%u flow_out with no later flow_in of the same bind_id", unfinished);
}

gboolean
stp_chrome_match (StpChromeLoader  *self,
                  GCancellable     *cancellable,
                  GError          **error)
{
  /* Pairing makes slices and flows while the records are held, which is
   * when a load holds the most: what it no longer needs goes first.
   * The keys' ids are all pairing needs, not their text. */
  self->n_keys = stp_string_table_count (self->keys);
  g_clear_pointer (&self->keys, stp_string_table_free);

  for (guint t = 0; t < self->be->len; t++)
    {
      GArray *records = g_ptr_array_index (self->be, t);

      if (records != NULL)
        match_thread (self, t, records);
      g_clear_pointer (&self->be->pdata[t], g_array_unref);
      if ((t & 255) == 0 && g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
    }

  match_async (self);
  g_clear_pointer (&self->async, g_array_unref);
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  match_flows (self);
  g_clear_pointer (&self->flows, g_array_unref);
  match_v2 (self);
  g_clear_pointer (&self->v2, g_array_unref);
  return !g_cancellable_set_error_if_cancelled (cancellable, error);
}
