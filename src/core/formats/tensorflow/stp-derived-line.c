/* stp-derived-line.c: the TF profiler's derived timelines, as a builder
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The profiler turns the annotations of GPU kernels (their step, TF op,
 * HLO module and op) into extra lines above the streams: consecutive
 * kernels of the same op become one "TensorFlow Ops" event, the op's
 * name scopes become nested "TensorFlow Name Scope" events, and so on.
 * This builder keeps, per nesting level, the last event and decides for
 * each new one whether it extends that event or starts another (seed
 * 003, derived_timeline.cc: DerivedXLineBuilder).
 */

#define G_LOG_DOMAIN "stp-derived-line"

#include "stp-derived-line.h"
#include "stp-json-writer.h"
#include "stp-tf-op.h"

typedef struct
{
  gboolean    valid;
  guint32     index;      /* into events */
  GHashTable *low_names;  /* StpStr set: kernels merged into the event */
} Level;

struct _StpDerivedLine
{
  StpDerivedKind kind;
  GArray        *events;      /* StpDerivedEvent */
  GArray        *levels;      /* Level */
  GPtrArray     *dependents;  /* StpDerivedLine*, not owned */
  gboolean       legacy;
};

static const char * const line_names[STP_N_DERIVED_KINDS] = {
  [STP_DERIVED_STEPS]         = "Steps",
  [STP_DERIVED_LAUNCH_STATS]  = "Launch Stats",
  [STP_DERIVED_TF_NAME_SCOPE] = "TensorFlow Name Scope",
  [STP_DERIVED_TF_OPS]        = "TensorFlow Ops",
  [STP_DERIVED_XLA_MODULES]   = "XLA Modules",
  [STP_DERIVED_XLA_OPS]       = "XLA Ops",
  [STP_DERIVED_OVERHEAD]      = "Overhead",
  [STP_DERIVED_SOURCE]        = "Source code",
};

const char *
stp_derived_kind_line_name (StpDerivedKind kind)
{
  g_return_val_if_fail (kind < STP_N_DERIVED_KINDS, "");

  return line_names[kind];
}

gint
stp_derived_kind_of_id (gint64 id)
{
  /* Older profilers wrote the ids as int32 (negative), newer ones may
   * write the unsigned value. */
  gint64 min_signed = STP_DERIVED_TID_MIN;
  gint64 min_unsigned = (gint64) 0xdeadbeefu;
  gint64 offset = -1;

  if (id >= min_signed && id <= min_signed + 300)
    offset = id - min_signed;
  else if (id >= min_unsigned && id <= min_unsigned + 300)
    offset = id - min_unsigned;

  if (offset < 0)
    return -1;
  return offset < STP_N_DERIVED_KINDS ? (gint) offset : STP_N_DERIVED_KINDS;
}

StpDerivedLine *
stp_derived_line_new (StpDerivedKind kind)
{
  StpDerivedLine *self = g_new0 (StpDerivedLine, 1);

  self->kind = kind;
  self->events = g_array_new (FALSE, FALSE, sizeof (StpDerivedEvent));
  self->levels = g_array_new (FALSE, TRUE, sizeof (Level));
  self->dependents = g_ptr_array_new ();
  return self;
}

void
stp_derived_line_free (StpDerivedLine *self)
{
  if (self == NULL)
    return;

  for (guint i = 0; i < self->levels->len; i++)
    g_clear_pointer (&g_array_index (self->levels, Level, i).low_names, g_hash_table_unref);
  g_array_unref (self->levels);
  g_array_unref (self->events);
  g_ptr_array_unref (self->dependents);
  g_free (self);
}

void
stp_derived_line_add_dependent (StpDerivedLine *self,
                                StpDerivedLine *dependent)
{
  g_return_if_fail (self != NULL && dependent != NULL && self != dependent);

  g_ptr_array_add (self->dependents, dependent);
}

void
stp_derived_line_set_legacy (StpDerivedLine *self,
                             gboolean        legacy)
{
  g_return_if_fail (self != NULL);

  self->legacy = legacy;
}

StpDerivedKind
stp_derived_line_get_kind (StpDerivedLine *self)
{
  return self->kind;
}

GArray *
stp_derived_line_get_events (StpDerivedLine *self)
{
  return self->events;
}

void
stp_derived_line_reset (StpDerivedLine *self,
                        guint           level)
{
  for (guint i = level; i < self->levels->len; i++)
    g_array_index (self->levels, Level, i).valid = FALSE;

  if (level == 0)
    for (guint i = 0; i < self->dependents->len; i++)
      stp_derived_line_reset (g_ptr_array_index (self->dependents, i), 0);
}

static Level *
get_level (StpDerivedLine *self,
           guint           level)
{
  if (level >= self->levels->len)
    g_array_set_size (self->levels, level + 1);
  return &g_array_index (self->levels, Level, level);
}

static void
expand_or_add_level (StpDerivedLine        *self,
                     const StpDerivedEvent *event,
                     StpStr                 low_level,
                     guint                  level)
{
  Level *last = get_level (self, level);

  if (self->legacy)
    low_level = STP_STR_EMPTY;

  if (last->valid)
    {
      StpDerivedEvent *prev = &g_array_index (self->events, StpDerivedEvent, last->index);
      gboolean same_group = prev->has_group == event->has_group &&
                            (!event->has_group || prev->group == event->group);

      /* A kernel seen before means another invocation of the same op. */
      if (prev->name == event->name && same_group &&
          (low_level == STP_STR_EMPTY ||
           !g_hash_table_contains (last->low_names, GUINT_TO_POINTER (low_level))))
        {
          prev->end = MAX (prev->end, event->end);
          if (low_level != STP_STR_EMPTY)
            g_hash_table_add (last->low_names, GUINT_TO_POINTER (low_level));
          return;
        }
    }

  stp_derived_line_reset (self, level);
  last = get_level (self, level);   /* reset does not move levels, but be safe */

  g_array_append_vals (self->events, event, 1);
  last->valid = TRUE;
  last->index = self->events->len - 1;
  if (last->low_names == NULL)
    last->low_names = g_hash_table_new (NULL, NULL);
  else
    g_hash_table_remove_all (last->low_names);
  if (low_level != STP_STR_EMPTY)
    g_hash_table_add (last->low_names, GUINT_TO_POINTER (low_level));
}

void
stp_derived_line_expand_or_add (StpDerivedLine        *self,
                                const StpDerivedEvent *event,
                                StpStr                 low_level)
{
  g_return_if_fail (self != NULL && event != NULL);

  expand_or_add_level (self, event, low_level, 0);
}

void
stp_derived_line_expand_or_add_levels (StpDerivedLine        *self,
                                       const StpStr          *names,
                                       guint                  n_levels,
                                       const StpDerivedEvent *event,
                                       StpStr                 low_level)
{
  StpDerivedEvent level_event;

  g_return_if_fail (self != NULL && event != NULL);
  g_return_if_fail (names != NULL || n_levels == 0);

  if (n_levels == 0)
    return;

  level_event = *event;
  for (guint level = 0; level < n_levels; level++)
    {
      level_event.name = names[level];
      expand_or_add_level (self, &level_event, low_level, level);
    }

  /* Deeper levels of an earlier, longer name must not grow any more. */
  if (!self->legacy)
    stp_derived_line_reset (self, n_levels);
}

void
stp_derived_process_tf_op (StpTrace              *trace,
                           StpDerivedLine        *name_scope,
                           StpDerivedLine        *tf_ops,
                           const char            *full_name,
                           gsize                  len,
                           const StpDerivedEvent *event,
                           StpStr                 low_level)
{
  g_autoptr(GString) display = g_string_new (NULL);
  StpDerivedEvent op_event = *event;
  StpTfOp op;

  stp_tf_op_parse (full_name, len, &op);

  if (stp_tf_op_is_op (&op))
    {
      StpSpan scopes_buf[64];
      guint n = stp_tf_op_name_scopes (&op, scopes_buf, G_N_ELEMENTS (scopes_buf));
      g_autofree StpSpan *scopes = NULL;
      g_autofree StpStr *names = NULL;

      if (n > G_N_ELEMENTS (scopes_buf))
        {
          scopes = g_new (StpSpan, n);
          stp_tf_op_name_scopes (&op, scopes, n);
        }
      names = g_new (StpStr, MAX (n, 1));
      for (guint i = 0; i < n; i++)
        {
          StpSpan s = scopes ? scopes[i] : scopes_buf[i];
          names[i] = stp_trace_intern (trace, s.str, s.len);
        }

      op_event.display = STP_STR_EMPTY;
      stp_derived_line_expand_or_add_levels (name_scope, names, n, &op_event, low_level);
    }

  stp_tf_op_append_event_name (&op, display);
  op_event.name = stp_trace_intern (trace, full_name, len);
  op_event.display = stp_trace_intern (trace, display->str, display->len);
  stp_derived_line_expand_or_add (tf_ops, &op_event, low_level);
}

guint32
stp_derived_track_new (StpTrace       *trace,
                       guint32         process,
                       StpDerivedKind  kind)
{
  guint32 index;
  StpTrack *track;

  /* Not registered by tid: a file may hold a line with the same id. */
  index = stp_trace_add_track (trace, process, STP_TRACK_THREAD,
                               stp_trace_intern0 (trace, stp_derived_kind_line_name (kind)));
  track = stp_trace_get_track (trace, index);
  track->tid = STP_DERIVED_TID_MIN + kind;
  track->sort_index = STP_DERIVED_SORT_INDEX_BASE + kind;
  track->has_sort_index = TRUE;
  return index;
}

guint32
stp_derived_line_emit (StpDerivedLine *self,
                       StpTrace       *trace,
                       guint32         process,
                       gint64          base_ns,
                       gint64          unit_per_ns)
{
  g_autoptr(GString) args = g_string_new (NULL);
  guint32 track;

  g_return_val_if_fail (self != NULL && trace != NULL, STP_INDEX_NONE);
  g_return_val_if_fail (unit_per_ns > 0, STP_INDEX_NONE);

  if (self->events->len == 0)
    return STP_INDEX_NONE;

  track = stp_derived_track_new (trace, process, self->kind);

  for (guint i = 0; i < self->events->len; i++)
    {
      const StpDerivedEvent *e = &g_array_index (self->events, StpDerivedEvent, i);
      StpSlice *slice = stp_trace_add_slice (trace, track);
      gint64 ts = stp_time_add (base_ns, stp_floor_div (e->begin, unit_per_ns));
      gint64 end = stp_time_add (base_ns, stp_floor_div (e->end, unit_per_ns));
      const char *sep = "{";

      slice->ts = ts;
      slice->dur = stp_time_sub (end, ts);
      slice->name = e->display != STP_STR_EMPTY ? e->display : e->name;
      slice->flags = STP_SLICE_DERIVED;

      g_string_truncate (args, 0);
      if (e->display != STP_STR_EMPTY && e->display != e->name)
        {
          stp_json_append_literal (args, "{\"long_name\":");
          stp_json_append_string (args, stp_trace_str (trace, e->name),
                                  stp_string_table_get_len (trace->strings, e->name));
          sep = ",";
        }
      if (e->has_group)
        {
          g_string_append (args, sep);
          stp_json_append_literal (args, "\"group_id\":");
          stp_json_append_int (args, e->group);
          sep = ",";
        }
      if (e->step_name != STP_STR_EMPTY)
        {
          g_string_append (args, sep);
          stp_json_append_literal (args, "\"step_name\":");
          stp_json_append_string (args, stp_trace_str (trace, e->step_name),
                                  stp_string_table_get_len (trace->strings, e->step_name));
          sep = ",";
        }
      if (args->len > 0)
        {
          stp_json_append_c (args, '}');
          slice->args = stp_trace_add_raw (trace, args->str, args->len);
        }
    }

  return track;
}
