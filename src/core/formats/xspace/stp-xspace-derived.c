/* stp-xspace-derived.c: the TF profiler's derived lines for XSpace planes
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What derived_timeline.cc (seed 003) adds to a capture, from the stats
 * of the events:
 *
 * - GPU planes ("/device:GPU:"): all events of the plane's lines in time
 *   order (longer first on ties); events with a "group_id" make "Steps"
 *   (one event per run of the same group); kernels (a "kernel_details"
 *   stat) make "XLA Modules" (hlo_module), "XLA Ops" (hlo_op, one level
 *   per "::" part) or, without hlo_op, "TensorFlow Name Scope" and
 *   "TensorFlow Ops" from their "tf_op" (or older "level 0") stat.
 * - TPU planes ("/device:TPU:"): "TensorFlow Name Scope" and "TensorFlow
 *   Ops" from the tf_op stats of the events (not the asynchronous ones),
 *   as the profiler's DeriveLinesFromStats does.
 * - The host plane ("/host:CPU"): "Launch Stats" on GPU plane N, one
 *   event per group spanning the launches (events with group_id,
 *   device_id N and correlation_id, whose name does not start with "cu")
 *   with their count, longest and average time.  The profiler names
 *   them after the step in its group metadata, which only its event
 *   grouping knows; here the name is the group's "step_name" stat where
 *   one was seen, else the group id, and every group gets one.
 *
 * Merging follows DerivedXLineBuilder (stp-derived-line.c).  Lines the
 * file already has (profilers often write them) are not made again.
 * The profiler's "Source code" line needs HLO protos: not made.
 */

#define G_LOG_DOMAIN "stp-xspace"

#include "stp-xspace-private.h"
#include "stp-derived-line.h"
#include "stp-json-writer.h"

#include <stdarg.h>
#include <string.h>

typedef enum
{
  PLANE_OTHER,
  PLANE_GPU,
  PLANE_TPU,
  PLANE_HOST,
} PlaneKind;

typedef struct
{
  PlaneKind kind;
  gint64    gpu;          /* N of "/device:GPU:N", else -1 */
  gboolean  has_base;
  gint64    base_ns;      /* inputs are picoseconds from here */
  guint32   present;      /* derived lines the file has */
  GArray   *inputs;       /* StpXDerivedInput */
} PlaneState;

typedef struct
{
  gint64  device;
  gint64  group;
  gint64  begin_ns;
  gint64  end_ns;
  guint64 count;
  gint64  max_ps;
  gint64  total_ps;
} Launch;

struct _StpXDerived
{
  StpTrace   *trace;
  StpXSpace  *space;
  guint       flags;
  GArray     *planes;       /* PlaneState */
  GHashTable *group_names;  /* gint64* -> StpStr */
  GHashTable *launches;     /* Launch* set */
  guint32     order;
};

static guint
launch_hash (gconstpointer data)
{
  const Launch *l = data;

  return g_int64_hash (&l->device) * 31u + g_int64_hash (&l->group);
}

static gboolean
launch_equal (gconstpointer a,
              gconstpointer b)
{
  const Launch *la = a;
  const Launch *lb = b;

  return la->device == lb->device && la->group == lb->group;
}

static void
plane_state_clear (gpointer data)
{
  PlaneState *state = data;

  g_clear_pointer (&state->inputs, g_array_unref);
}

static gboolean
has_prefix (StpSpan     name,
            const char *prefix,
            StpSpan    *rest)
{
  gsize n = strlen (prefix);

  if (name.len < n || memcmp (name.str, prefix, n) != 0)
    return FALSE;
  rest->str = name.str + n;
  rest->len = name.len - n;
  return TRUE;
}

StpXDerived *
stp_xderived_new (StpTrace  *trace,
                  StpXSpace *space,
                  guint      flags)
{
  StpXDerived *self = g_new0 (StpXDerived, 1);

  self->trace = trace;
  self->space = space;
  self->flags = flags;
  self->planes = g_array_new (FALSE, TRUE, sizeof (PlaneState));
  g_array_set_clear_func (self->planes, plane_state_clear);
  self->group_names = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  self->launches = g_hash_table_new_full (launch_hash, launch_equal, g_free, NULL);
  return self;
}

void
stp_xderived_free (StpXDerived *self)
{
  if (self == NULL)
    return;

  g_array_unref (self->planes);
  g_hash_table_unref (self->group_names);
  g_hash_table_unref (self->launches);
  g_free (self);
}

void
stp_xderived_begin_plane (StpXDerived *self,
                          guint        plane_index)
{
  const StpXPlane *plane = &g_array_index (self->space->planes, StpXPlane, plane_index);
  PlaneState *state;
  StpSpan rest;

  if (plane_index >= self->planes->len)
    g_array_set_size (self->planes, plane_index + 1);
  state = &g_array_index (self->planes, PlaneState, plane_index);
  state->gpu = -1;

  if (has_prefix (plane->name, "/device:GPU:", &rest))
    {
      g_autofree char *digits = g_strndup (rest.str, rest.len);
      char *end = NULL;
      gint64 n = g_ascii_strtoll (digits, &end, 10);

      state->kind = PLANE_GPU;
      if (rest.len > 0 && *end == '\0' && g_ascii_isdigit (digits[0]))
        state->gpu = n;
    }
  else if (has_prefix (plane->name, "/device:TPU:", &rest))
    state->kind = PLANE_TPU;
  else if (plane->name.len == 9 && memcmp (plane->name.str, "/host:CPU", 9) == 0)
    state->kind = PLANE_HOST;

  if (state->kind == PLANE_GPU || state->kind == PLANE_TPU)
    state->inputs = g_array_new (FALSE, FALSE, sizeof (StpXDerivedInput));
}

void
stp_xderived_end_plane (StpXDerived *self,
                        guint        plane_index,
                        guint32      present_kinds)
{
  g_array_index (self->planes, PlaneState, plane_index).present = present_kinds;
}

static void
add_launch (StpXDerived     *self,
            gint64           line_ts_ns,
            gint64           offset_ps,
            gint64           duration_ps,
            const StpXKnown *known)
{
  Launch key = { known->device_id, known->group_id };
  Launch *launch = g_hash_table_lookup (self->launches, &key);
  gint64 end_ps, begin_ns, end_ns;

  if (__builtin_add_overflow (offset_ps, duration_ps, &end_ps) ||
      __builtin_add_overflow (line_ts_ns, stp_floor_div (offset_ps, 1000), &begin_ns) ||
      __builtin_add_overflow (line_ts_ns, stp_floor_div (end_ps, 1000), &end_ns))
    return;

  if (launch == NULL)
    {
      launch = g_memdup2 (&key, sizeof key);
      launch->begin_ns = begin_ns;
      launch->end_ns = end_ns;
      g_hash_table_add (self->launches, launch);
    }
  launch->begin_ns = MIN (launch->begin_ns, begin_ns);
  launch->end_ns = MAX (launch->end_ns, end_ns);
  launch->count++;
  launch->max_ps = MAX (launch->max_ps, duration_ps);
  launch->total_ps += duration_ps;
}

void
stp_xderived_add_event (StpXDerived         *self,
                        guint                plane_index,
                        gboolean             derived_line,
                        gint64               line_ts_ns,
                        gint64               offset_ps,
                        gint64               duration_ps,
                        const StpXEventMeta *meta,
                        const StpXKnown     *known)
{
  PlaneState *state = &g_array_index (self->planes, PlaneState, plane_index);
  gboolean has_group = STP_XKNOWN_HAS (known, STP_XSTAT_GROUP_ID);
  StpXDerivedInput input;
  gint64 rel_ps;

  if (has_group && STP_XKNOWN_HAS (known, STP_XSTAT_STEP_NAME) &&
      !g_hash_table_contains (self->group_names, &known->group_id))
    g_hash_table_insert (self->group_names, g_memdup2 (&known->group_id, sizeof (gint64)),
                         GUINT_TO_POINTER (stp_trace_intern (self->trace, known->step_name.str,
                                                             known->step_name.len)));

  /* The profiler's own lines only name groups (its Steps have names). */
  if (derived_line)
    return;

  if (state->kind == PLANE_HOST)
    {
      if (has_group && STP_XKNOWN_HAS (known, STP_XSTAT_DEVICE_ID) &&
          STP_XKNOWN_HAS (known, STP_XSTAT_CORRELATION_ID) && known->device_id >= 0 &&
          !(meta != NULL && meta->name.len >= 2 && memcmp (meta->name.str, "cu", 2) == 0))
        add_launch (self, line_ts_ns, offset_ps, duration_ps, known);
      return;
    }

  if (state->inputs == NULL)
    return;
  if (!has_group &&
      !(state->kind == PLANE_GPU && STP_XKNOWN_HAS (known, STP_XSTAT_KERNEL_DETAILS)) &&
      !(state->kind == PLANE_TPU && STP_XKNOWN_HAS (known, STP_XSTAT_TF_OP)))
    return;

  if (!state->has_base)
    {
      state->has_base = TRUE;
      state->base_ns = line_ts_ns;
    }
  if (__builtin_sub_overflow (line_ts_ns, state->base_ns, &rel_ps) ||
      __builtin_mul_overflow (rel_ps, 1000, &rel_ps) ||
      __builtin_add_overflow (rel_ps, offset_ps, &rel_ps))
    return;

  input.begin_ps = rel_ps;
  input.duration_ps = duration_ps;
  input.order = self->order++;
  input.low_name = meta != NULL ? meta->low_name : STP_STR_EMPTY;
  input.known = *known;
  g_array_append_val (state->inputs, input);
}

/* XEventVisitor order: by start, longer first; then input order. */
static gint
compare_inputs (gconstpointer a,
                gconstpointer b)
{
  const StpXDerivedInput *ia = a;
  const StpXDerivedInput *ib = b;

  if (ia->begin_ps != ib->begin_ps)
    return ia->begin_ps < ib->begin_ps ? -1 : 1;
  if (ia->duration_ps != ib->duration_ps)
    return ia->duration_ps > ib->duration_ps ? -1 : 1;
  return ia->order < ib->order ? -1 : (ia->order > ib->order);
}

static StpDerivedEvent
event_of (const StpXDerivedInput *input,
          gboolean                with_group)
{
  StpDerivedEvent event = { 0 };
  gint64 end;

  if (__builtin_add_overflow (input->begin_ps, input->duration_ps, &end))
    end = G_MAXINT64;
  event.begin = input->begin_ps;
  event.end = end;
  event.has_group = with_group && STP_XKNOWN_HAS (&input->known, STP_XSTAT_GROUP_ID);
  event.group = event.has_group ? input->known.group_id : 0;
  return event;
}

static StpStr
group_name (StpXDerived *self,
            gint64       group)
{
  g_autofree char *text = g_strdup_printf ("%" G_GINT64_FORMAT, group);

  return stp_trace_intern0 (self->trace, text);
}

static void
emit (StpXDerived    *self,
      PlaneState     *state,
      guint           plane_index,
      StpDerivedLine *line)
{
  StpDerivedKind kind = stp_derived_line_get_kind (line);
  const StpXPlane *plane = &g_array_index (self->space->planes, StpXPlane, plane_index);

  if ((state->present & (1u << kind)) && !(self->flags & STP_XSPACE_LOAD_REDERIVE))
    return;
  stp_derived_line_emit (line, self->trace, plane->process, state->base_ns, 1000);
}

static void
set_rules (StpXDerived    *self,
           StpDerivedLine *line,
           ...)
{
  va_list args;

  va_start (args, line);
  for (; line != NULL; line = va_arg (args, StpDerivedLine *))
    stp_derived_line_set_legacy (line, (self->flags & STP_XSPACE_LOAD_LEGACY_RULES) != 0);
  va_end (args);
}

static void
derive_gpu (StpXDerived *self,
            PlaneState  *state,
            guint        plane_index)
{
  g_autoptr(StpDerivedLine) tf_ops = stp_derived_line_new (STP_DERIVED_TF_OPS);
  g_autoptr(StpDerivedLine) name_scope = stp_derived_line_new (STP_DERIVED_TF_NAME_SCOPE);
  g_autoptr(StpDerivedLine) hlo_ops = stp_derived_line_new (STP_DERIVED_XLA_OPS);
  g_autoptr(StpDerivedLine) hlo_modules = stp_derived_line_new (STP_DERIVED_XLA_MODULES);
  g_autoptr(StpDerivedLine) steps = stp_derived_line_new (STP_DERIVED_STEPS);
  g_autoptr(GArray) names = g_array_new (FALSE, FALSE, sizeof (StpStr));

  set_rules (self, tf_ops, name_scope, hlo_ops, hlo_modules, steps, NULL);
  stp_derived_line_add_dependent (name_scope, tf_ops);
  stp_derived_line_add_dependent (hlo_modules, name_scope);
  stp_derived_line_add_dependent (hlo_modules, hlo_ops);
  stp_derived_line_add_dependent (steps, hlo_modules);

  for (guint i = 0; i < state->inputs->len; i++)
    {
      const StpXDerivedInput *input = &g_array_index (state->inputs, StpXDerivedInput, i);
      const StpXKnown *known = &input->known;
      StpDerivedEvent event = event_of (input, TRUE);

      if (event.has_group)
        {
          StpDerivedEvent step = event;
          gpointer name;

          step.name = group_name (self, known->group_id);
          if (g_hash_table_lookup_extended (self->group_names, &known->group_id, NULL, &name))
            step.step_name = GPOINTER_TO_UINT (name);
          stp_derived_line_expand_or_add (steps, &step, STP_STR_EMPTY);
        }

      /* Only kernels (not memcpys or allocations) for the op lines. */
      if (!STP_XKNOWN_HAS (known, STP_XSTAT_KERNEL_DETAILS))
        continue;

      if (STP_XKNOWN_HAS (known, STP_XSTAT_HLO_MODULE) && known->hlo_module.len > 0)
        {
          StpDerivedEvent module = event_of (input, FALSE);

          module.name = stp_trace_intern (self->trace, known->hlo_module.str, known->hlo_module.len);
          stp_derived_line_expand_or_add (hlo_modules, &module, STP_STR_EMPTY);
        }

      if (STP_XKNOWN_HAS (known, STP_XSTAT_HLO_OP) && known->hlo_op.len > 0)
        {
          const char *p = known->hlo_op.str;
          const char *end = p + known->hlo_op.len;

          g_array_set_size (names, 0);
          for (;;)
            {
              const char *sep = NULL;
              StpStr name;

              for (const char *q = p; q + 1 < end; q++)
                if (q[0] == ':' && q[1] == ':')
                  {
                    sep = q;
                    break;
                  }
              name = stp_trace_intern (self->trace, p, (sep ? sep : end) - p);
              g_array_append_val (names, name);
              if (sep == NULL)
                break;
              p = sep + 2;
            }
          stp_derived_line_expand_or_add_levels (hlo_ops, (const StpStr *) names->data, names->len,
                                                 &event, STP_STR_EMPTY);
          /* Without the HLO protos, no TF op is known for an XLA kernel. */
        }
      else if (STP_XKNOWN_HAS (known, STP_XSTAT_TF_OP) && known->tf_op.len > 0)
        {
          stp_derived_process_tf_op (self->trace, name_scope, tf_ops, known->tf_op.str,
                                     known->tf_op.len, &event, input->low_name);
        }
    }

  emit (self, state, plane_index, steps);
  emit (self, state, plane_index, name_scope);
  emit (self, state, plane_index, tf_ops);
  emit (self, state, plane_index, hlo_modules);
  emit (self, state, plane_index, hlo_ops);
}

static void
derive_tpu (StpXDerived *self,
            PlaneState  *state,
            guint        plane_index)
{
  g_autoptr(StpDerivedLine) tf_ops = stp_derived_line_new (STP_DERIVED_TF_OPS);
  g_autoptr(StpDerivedLine) name_scope = stp_derived_line_new (STP_DERIVED_TF_NAME_SCOPE);

  set_rules (self, tf_ops, name_scope, NULL);
  stp_derived_line_add_dependent (name_scope, tf_ops);

  for (guint i = 0; i < state->inputs->len; i++)
    {
      const StpXDerivedInput *input = &g_array_index (state->inputs, StpXDerivedInput, i);
      const StpXKnown *known = &input->known;
      StpDerivedEvent event = event_of (input, TRUE);

      if (STP_XKNOWN_HAS (known, STP_XSTAT_IS_ASYNC) && known->is_async != 0)
        continue;
      if (STP_XKNOWN_HAS (known, STP_XSTAT_TF_OP) && known->tf_op.len > 0)
        stp_derived_process_tf_op (self->trace, name_scope, tf_ops, known->tf_op.str,
                                   known->tf_op.len, &event, input->low_name);
    }

  emit (self, state, plane_index, name_scope);
  emit (self, state, plane_index, tf_ops);
}

static gint
compare_launches (gconstpointer a,
                  gconstpointer b)
{
  const Launch *la = *(Launch * const *) a;
  const Launch *lb = *(Launch * const *) b;

  if (la->device != lb->device)
    return la->device < lb->device ? -1 : 1;
  return la->group < lb->group ? -1 : (la->group > lb->group);
}

static void
derive_launch_stats (StpXDerived *self)
{
  g_autoptr(GPtrArray) launches = g_ptr_array_new ();
  g_autoptr(GHashTable) tracks = g_hash_table_new (g_int64_hash, g_int64_equal);
  g_autoptr(GString) text = g_string_new (NULL);
  StpTrace *trace = self->trace;
  GHashTableIter iter;
  gpointer key;

  g_hash_table_iter_init (&iter, self->launches);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    g_ptr_array_add (launches, key);
  g_ptr_array_sort (launches, compare_launches);

  for (guint i = 0; i < launches->len; i++)
    {
      const Launch *launch = g_ptr_array_index (launches, i);
      PlaneState *state = NULL;
      guint plane_index = 0;
      gpointer name, track_ptr;
      StpSlice *slice;
      guint32 track;

      for (guint p = 0; p < self->planes->len; p++)
        if (g_array_index (self->planes, PlaneState, p).gpu == launch->device)
          {
            state = &g_array_index (self->planes, PlaneState, p);
            plane_index = p;
            break;
          }
      if (state == NULL ||
          ((state->present & (1u << STP_DERIVED_LAUNCH_STATS)) && !(self->flags & STP_XSPACE_LOAD_REDERIVE)))
        continue;

      if (!g_hash_table_lookup_extended (tracks, &launch->device, NULL, &track_ptr))
        {
          const StpXPlane *plane = &g_array_index (self->space->planes, StpXPlane, plane_index);

          track = stp_derived_track_new (trace, plane->process, STP_DERIVED_LAUNCH_STATS);
          g_hash_table_insert (tracks, (gpointer) &launch->device, GUINT_TO_POINTER (track));
        }
      else
        track = GPOINTER_TO_UINT (track_ptr);

      g_string_assign (text, "Launch Stats for ");
      if (g_hash_table_lookup_extended (self->group_names, &launch->group, NULL, &name))
        g_string_append (text, stp_trace_str (trace, GPOINTER_TO_UINT (name)));
      else
        g_string_append_printf (text, "%" G_GINT64_FORMAT, launch->group);

      slice = stp_trace_add_slice (trace, track);
      slice->ts = launch->begin_ns;
      slice->dur = stp_time_sub (launch->end_ns, launch->begin_ns);
      slice->name = stp_trace_intern (trace, text->str, text->len);
      slice->flags = STP_SLICE_DERIVED;

      g_string_assign (text, "{\"group_id\":");
      stp_json_append_int (text, launch->group);
      g_string_append_printf (text, ",\"num_launches\":%" G_GUINT64_FORMAT ",\"max_launch_time_us\":",
                              launch->count);
      stp_json_append_double (text, launch->max_ps / 1e6);
      stp_json_append_literal (text, ",\"avg_launch_time_us\":");
      /* As the profiler: the average in whole picoseconds. */
      stp_json_append_double (text, (double) (launch->total_ps / (gint64) launch->count) / 1e6);
      stp_json_append_c (text, '}');
      slice->args = stp_trace_add_raw (trace, text->str, text->len);
    }
}

gboolean
stp_xderived_finish (StpXDerived   *self,
                     GCancellable  *cancellable,
                     GError       **error)
{
  for (guint i = 0; i < self->planes->len; i++)
    {
      PlaneState *state = &g_array_index (self->planes, PlaneState, i);

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (state->inputs == NULL)
        continue;

      g_array_sort (state->inputs, compare_inputs);
      if (state->kind == PLANE_GPU)
        derive_gpu (self, state, i);
      else if (state->kind == PLANE_TPU)
        derive_tpu (self, state, i);
      g_clear_pointer (&state->inputs, g_array_unref);
    }

  derive_launch_stats (self);
  return TRUE;
}
