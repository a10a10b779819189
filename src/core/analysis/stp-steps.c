/* stp-steps.c: the training steps of a trace and the time breakdown of
 * their GPU kernels (Holistic Trace Analysis' definitions)
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The breakdown follows hta/analyzers/breakdown_analysis.py
 * (get_temporal_breakdown, _get_gpu_kernel_type_time) and
 * hta/analyzers/communication_analysis.py (get_comm_comp_overlap): the
 * kernels of each type merge into intervals (overlapping kernels count
 * once), idle is the window less the time any kernel runs, and the time
 * of each set of types running at once is measured by one sweep.
 */

#define G_LOG_DOMAIN "stp-steps"

#include "stp-steps.h"
#include "stp-derived-line.h"
#include "stp-loader.h"

#include <stdlib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Steps                                                               */

static void
step_clear (gpointer data)
{
  StpStep *step = data;

  g_clear_pointer (&step->name, g_free);
}

static GArray *
steps_new (void)
{
  GArray *steps = g_array_new (FALSE, TRUE, sizeof (StpStep));

  g_array_set_clear_func (steps, step_clear);
  return steps;
}

/* HTA's r"ProfilerStep\s*#\s*(\d+)" (re.match: at the start). */
static gboolean
parse_profiler_step (const char *name,
                     gint64     *number)
{
  const char *p;
  char *end = NULL;
  guint64 n;

  if (!g_str_has_prefix (name, "ProfilerStep"))
    return FALSE;
  p = name + strlen ("ProfilerStep");
  while (g_ascii_isspace (*p))
    p++;
  if (*p++ != '#')
    return FALSE;
  while (g_ascii_isspace (*p))
    p++;
  if (!g_ascii_isdigit (*p))
    return FALSE;
  n = g_ascii_strtoull (p, &end, 10);
  if (n > G_MAXINT64)
    return FALSE;
  *number = (gint64) n;
  return TRUE;
}

static gint
compare_steps (gconstpointer a,
               gconstpointer b)
{
  const StpStep *x = a, *y = b;

  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return (x->number > y->number) - (x->number < y->number);
}

/* What is analysed: a whole trace, or one input of a merged trace (its
 * processes, with its own format). */
typedef struct
{
  const StpTrace *trace;
  StpFormat       format;
  gboolean        step_stats;
  const char     *filename;
  guint32         first_process;
  guint32         end_process;
  gint64          start;
  gint64          end;
} Scope;

static void
scope_init (Scope          *scope,
            const StpTrace *trace,
            guint32         part)
{
  const StpTracePart *p;

  scope->trace = trace;
  if (part == STP_INDEX_NONE)
    {
      scope->format = trace->format;
      scope->step_stats = stp_trace_is_step_stats (trace);
      scope->filename = trace->filename;
      scope->first_process = 0;
      scope->end_process = trace->processes->len;
      scope->start = trace->start_ts;
      scope->end = trace->end_ts;
      return;
    }

  p = &g_array_index (trace->parts, StpTracePart, part);
  scope->format = p->format;
  scope->step_stats = stp_trace_part_is_step_stats (p);
  scope->filename = p->filename;
  scope->first_process = p->first_process;
  scope->end_process = p->first_process + p->n_processes;
  scope->start = p->start_ts;
  scope->end = p->end_ts;
}

static gboolean
scope_has (const Scope *scope,
           guint32      process)
{
  return process >= scope->first_process && process < scope->end_process;
}

/* Kineto also puts ProfilerStep#N on the GPU streams, as a
 * "gpu_user_annotation" spanning the step's kernels: not the step. */
static void
find_profiler_steps (const Scope *scope,
                     GArray      *steps)
{
  const StpTrace *trace = scope->trace;
  g_autoptr(GHashTable) seen = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);

  for (guint t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      if (track->kind != STP_TRACK_THREAD || track->slices == NULL || !scope_has (scope, track->process))
        continue;

      for (guint i = 0; i < track->slices->len; i++)
        {
          const StpSlice *slice = stp_track_get_slice (track, i);
          const char *name;
          StpStep step = { 0 };

          if (slice->flags & (STP_SLICE_DERIVED | STP_SLICE_INSTANT))
            continue;
          name = stp_trace_str (trace, slice->name);
          if (!parse_profiler_step (name, &step.number))
            continue;
          if (g_str_has_prefix (stp_trace_str (trace, slice->cat), "gpu_"))
            continue;
          if (g_hash_table_contains (seen, &step.number))
            continue;

          g_hash_table_add (seen, g_memdup2 (&step.number, sizeof step.number));
          step.name = g_strdup (name);
          step.start = slice->ts;
          step.end = stp_slice_end (slice);
          g_array_append_val (steps, step);
        }
    }
}

/* One event per run of a group: runs of one group merge into one step. */
static void
find_xspace_steps (const Scope *scope,
                   GArray      *steps)
{
  const StpTrace *trace = scope->trace;

  for (guint p = 0; p < trace->process_order->len && steps->len == 0; p++)
    {
      guint32 pi = g_array_index (trace->process_order, guint32, p);
      const StpProcess *process = stp_trace_get_process (trace, pi);
      g_autoptr(GHashTable) by_name = g_hash_table_new (NULL, NULL);

      if (!scope_has (scope, pi))
        continue;

      for (guint k = 0; k < process->tracks->len; k++)
        {
          const StpTrack *track = stp_trace_get_track (trace, g_array_index (process->tracks, guint32, k));

          if (track->kind != STP_TRACK_THREAD || track->slices == NULL ||
              stp_derived_kind_of_id (track->tid) != STP_DERIVED_STEPS)
            continue;

          for (guint i = 0; i < track->slices->len; i++)
            {
              const StpSlice *slice = stp_track_get_slice (track, i);
              gpointer found;
              StpStep step = { 0 };
              const char *name = stp_trace_str (trace, slice->name);
              char *end = NULL;

              if (slice->depth != 0 || (slice->flags & STP_SLICE_INSTANT))
                continue;
              if (g_hash_table_lookup_extended (by_name, GUINT_TO_POINTER (slice->name), NULL, &found))
                {
                  StpStep *known = &g_array_index (steps, StpStep, GPOINTER_TO_UINT (found));

                  known->start = MIN (known->start, slice->ts);
                  known->end = MAX (known->end, stp_slice_end (slice));
                  continue;
                }

              step.name = g_strdup (name);
              step.number = g_ascii_strtoll (name, &end, 10);
              if (end == name || *end != '\0' || step.number < 0)
                step.number = -1;
              step.start = slice->ts;
              step.end = stp_slice_end (slice);
              g_hash_table_insert (by_name, GUINT_TO_POINTER (slice->name), GUINT_TO_POINTER (steps->len));
              g_array_append_val (steps, step);
            }
        }
    }
}

GArray *
stp_steps_find (const StpTrace *trace)
{
  return stp_steps_find_in_part (trace, STP_INDEX_NONE);
}

GArray *
stp_steps_find_in_part (const StpTrace *trace,
                        guint32         part)
{
  GArray *steps = steps_new ();
  Scope scope;

  g_return_val_if_fail (trace != NULL, steps);
  g_return_val_if_fail (part == STP_INDEX_NONE || (trace->parts != NULL && part < trace->parts->len), steps);

  scope_init (&scope, trace, part);
  if (scope.step_stats)
    {
      StpStep step = { g_path_get_basename (scope.filename), -1, scope.start, scope.end };

      if (scope.end > scope.start)
        g_array_append_val (steps, step);
      else
        g_free (step.name);
      return steps;
    }

  if (scope.format == STP_FORMAT_XSPACE)
    find_xspace_steps (&scope, steps);
  else
    find_profiler_steps (&scope, steps);

  stp_steps_sort (steps);
  return steps;
}

/* In time order (and by number where two start together). */
void
stp_steps_sort (GArray *steps)
{
  g_return_if_fail (steps != NULL);
  g_array_sort (steps, compare_steps);
}

gint
stp_steps_lookup (const GArray *steps,
                  gint64        number)
{
  g_return_val_if_fail (steps != NULL, -1);

  for (guint i = 0; i < steps->len; i++)
    {
      const StpStep *step = &g_array_index (steps, StpStep, i);

      if (step->number >= 0 ? step->number == number : (gint64) i == number)
        return i;
    }
  return -1;
}

/* ------------------------------------------------------------------ */
/* Kernels                                                             */

static const char * const kernel_type_names[] = {
  "COMPUTATION", "COMMUNICATION", "MEMORY", "OTHER",
};

const char *
stp_kernel_type_to_string (StpKernelType type)
{
  g_return_val_if_fail (type < STP_N_KERNEL_TYPES, NULL);
  return kernel_type_names[type];
}

static gboolean
has_any_prefix (const char         *name,
                const char * const *prefixes)
{
  for (guint i = 0; prefixes[i] != NULL; i++)
    if (g_str_has_prefix (name, prefixes[i]))
      return TRUE;
  return FALSE;
}

/* HTA's get_kernel_type: the patterns of hta/common/types.py, matched
 * with re.match (anchored at the start). */
StpKernelType
stp_kernel_type_of_name (const char *name)
{
  static const char * const comm[] = { "nccl", "hip", "hccl", NULL };
  static const char * const memory[] = { "Memcpy", "hipMemcpy", "Memset", "hipMemset", "dma", NULL };
  static const char * const not_compute[] = {
    "nccl", "Stream Wait Event", "runFunction", "hip", "job_exe", "packet", "pe_exe",
    "cpum_exe_subgraph", "hccl", "collective_subgraph_execution", NULL
  };
  static const char * const not_compute_within[] = { "Memcpy", "Memset", "dma", "Sync", NULL };

  g_return_val_if_fail (name != NULL, STP_KERNEL_OTHER);

  if (has_any_prefix (name, comm) || strstr (name, "ncclKernel") != NULL)
    return STP_KERNEL_COMMUNICATION;
  if (has_any_prefix (name, memory))
    return STP_KERNEL_MEMORY;
  if (has_any_prefix (name, not_compute))
    return STP_KERNEL_OTHER;
  for (guint i = 0; not_compute_within[i] != NULL; i++)
    if (strstr (name, not_compute_within[i]) != NULL)
      return STP_KERNEL_OTHER;
  if (g_str_has_prefix (name, "cuda") && strstr (name + 4, "LaunchKernel") != NULL)
    return STP_KERNEL_OTHER;
  return STP_KERNEL_COMPUTATION;
}

/* HTA's KERNEL_CATEGORY_PATTERN, "(kernel)|(gpu_mem.+)|(mtia_ccp_events)". */
static gboolean
is_kernel_category (const char *cat)
{
  return g_str_has_prefix (cat, "kernel") ||
         (g_str_has_prefix (cat, "gpu_mem") && cat[7] != '\0') ||
         g_str_has_prefix (cat, "mtia_ccp_events");
}

static gboolean
xspace_track_has_kernels (const StpTrace *trace,
                          const StpTrack *track)
{
  const StpProcess *process = stp_trace_get_process (trace, track->process);
  const char *tname;

  if (!g_str_has_prefix (stp_trace_str (trace, process->name), "/device:") ||
      stp_derived_kind_of_id (track->tid) >= 0)
    return FALSE;
  tname = stp_trace_str (trace, track->name);
  for (guint k = 0; k < STP_N_DERIVED_KINDS; k++)
    if (g_str_equal (tname, stp_derived_kind_line_name (k)))
      return FALSE;
  return TRUE;
}

/* StepStats: "stream:all" holds every kernel once; the numbered streams
 * repeat them (tfprof's rule, as in stp-summary.c). */
static gboolean
step_stats_process_has_kernels (const StpTrace *trace,
                                guint32         process,
                                gboolean        any_all)
{
  const char *name = stp_trace_str (trace, stp_trace_get_process (trace, process)->name);

  if (strstr (name, "/stream:") == NULL)
    return FALSE;
  return !any_all || strstr (name, "/stream:all") != NULL;
}

static gboolean
step_stats_has_stream_all (const Scope *scope)
{
  for (guint p = scope->first_process; p < scope->end_process; p++)
    if (strstr (stp_trace_str (scope->trace, stp_trace_get_process (scope->trace, p)->name), "/stream:all") != NULL)
      return TRUE;
  return FALSE;
}

static gint
compare_kernels (gconstpointer a,
                 gconstpointer b)
{
  const StpKernel *x = a, *y = b;

  if (x->start != y->start)
    return x->start < y->start ? -1 : 1;
  return (x->end > y->end) - (x->end < y->end);
}

GArray *
stp_kernels_collect (const StpTrace *trace)
{
  return stp_kernels_collect_in_part (trace, STP_INDEX_NONE);
}

GArray *
stp_kernels_collect_in_part (const StpTrace *trace,
                             guint32         part)
{
  GArray *kernels = g_array_new (FALSE, FALSE, sizeof (StpKernel));
  g_autoptr(GHashTable) types = g_hash_table_new (NULL, NULL);
  gboolean step_stats, any_all = FALSE;
  Scope scope;

  g_return_val_if_fail (trace != NULL, kernels);
  g_return_val_if_fail (part == STP_INDEX_NONE || (trace->parts != NULL && part < trace->parts->len), kernels);

  scope_init (&scope, trace, part);
  step_stats = scope.step_stats;
  if (step_stats)
    any_all = step_stats_has_stream_all (&scope);

  for (guint t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      if ((track->kind != STP_TRACK_THREAD && track->kind != STP_TRACK_ASYNC) || track->slices == NULL ||
          !scope_has (&scope, track->process))
        continue;
      if (step_stats && !step_stats_process_has_kernels (trace, track->process, any_all))
        continue;
      if (scope.format == STP_FORMAT_XSPACE && !xspace_track_has_kernels (trace, track))
        continue;

      for (guint i = 0; i < track->slices->len; i++)
        {
          const StpSlice *slice = stp_track_get_slice (track, i);
          StpKernel kernel;
          gpointer type;

          if (slice->flags & (STP_SLICE_DERIVED | STP_SLICE_INSTANT))
            continue;
          if (!step_stats && scope.format != STP_FORMAT_XSPACE &&
              !is_kernel_category (stp_trace_str (trace, slice->cat)))
            continue;

          if (!g_hash_table_lookup_extended (types, GUINT_TO_POINTER (slice->name), NULL, &type))
            {
              type = GUINT_TO_POINTER (stp_kernel_type_of_name (stp_trace_str (trace, slice->name)));
              g_hash_table_insert (types, GUINT_TO_POINTER (slice->name), type);
            }

          kernel.start = slice->ts;
          kernel.end = stp_slice_end (slice);
          kernel.name = slice->name;
          kernel.process = track->process;
          kernel.type = GPOINTER_TO_UINT (type);
          g_array_append_val (kernels, kernel);
        }
    }

  g_array_sort (kernels, compare_kernels);
  return kernels;
}

/* ------------------------------------------------------------------ */
/* Breakdown                                                           */

typedef struct
{
  gint64 time;
  gint32 delta;   /* +1 start, -1 end */
  guint8 type;
} Edge;

static gint
compare_edges (gconstpointer a,
               gconstpointer b)
{
  const Edge *x = a, *y = b;

  return (x->time > y->time) - (x->time < y->time);
}

void
stp_breakdown_compute (const GArray *kernels,
                       gint64        start,
                       gint64        end,
                       StpBreakdown *out)
{
  stp_breakdown_compute_device (kernels, STP_INDEX_NONE, start, end, out);
}

GArray *
stp_kernels_devices (const GArray *kernels)
{
  g_autoptr(GHashTable) seen = g_hash_table_new (NULL, NULL);
  GArray *devices = g_array_new (FALSE, FALSE, sizeof (guint32));

  g_return_val_if_fail (kernels != NULL, devices);

  for (guint i = 0; i < kernels->len; i++)
    {
      guint32 process = g_array_index (kernels, StpKernel, i).process;

      if (g_hash_table_add (seen, GUINT_TO_POINTER (process + 1)))
        g_array_append_val (devices, process);
    }
  return devices;
}

static inline gboolean
on_device (const StpKernel *k,
           guint32          process)
{
  return process == STP_INDEX_NONE || k->process == process;
}

void
stp_breakdown_compute_device (const GArray *kernels,
                              guint32       process,
                              gint64        start,
                              gint64        end,
                              StpBreakdown *out)
{
  g_autoptr(GArray) edges = NULL;
  guint64 running[STP_N_KERNEL_TYPES] = { 0 };
  gint64 last = 0;

  g_return_if_fail (kernels != NULL);
  g_return_if_fail (out != NULL);

  memset (out, 0, sizeof *out);

  /* HTA's whole-trace window: the first kernel's start to the last end. */
  if (start == G_MININT64 && end == G_MAXINT64)
    {
      gboolean any = FALSE;

      end = G_MININT64;
      for (guint i = 0; i < kernels->len; i++)
        {
          const StpKernel *k = &g_array_index (kernels, StpKernel, i);

          if (!on_device (k, process))
            continue;
          if (!any)
            start = k->start;   /* sorted by start */
          any = TRUE;
          end = MAX (end, k->end);
        }
      if (!any)
        return;
    }
  if (end <= start)
    return;
  out->window = stp_time_sub (end, start);

  edges = g_array_new (FALSE, FALSE, sizeof (Edge));
  for (guint i = 0; i < kernels->len; i++)
    {
      const StpKernel *k = &g_array_index (kernels, StpKernel, i);
      Edge e;

      if (k->start >= end)
        break;   /* sorted by start */
      if (!on_device (k, process))
        continue;
      if (k->end <= k->start)
        {
          /* Counted, as HTA counts it, but it covers no time. */
          out->n_kernels += k->start >= start;
          continue;
        }
      if (k->end <= start)
        continue;
      out->n_kernels++;
      e.type = k->type;
      e.time = MAX (k->start, start);
      e.delta = 1;
      g_array_append_val (edges, e);
      e.time = MIN (k->end, end);
      e.delta = -1;
      g_array_append_val (edges, e);
    }
  g_array_sort (edges, compare_edges);

  for (guint i = 0; i < edges->len; i++)
    {
      const Edge *e = &g_array_index (edges, Edge, i);
      guint mask = 0;

      for (guint t = 0; t < STP_N_KERNEL_TYPES; t++)
        if (running[t] > 0)
          mask |= 1u << t;
      if (i > 0 && mask != 0)
        out->by_types[mask] = stp_time_add (out->by_types[mask], stp_time_sub (e->time, last));
      last = e->time;
      running[e->type] += e->delta;
    }

  for (guint mask = 1; mask < G_N_ELEMENTS (out->by_types); mask++)
    {
      gint64 time = out->by_types[mask];

      out->busy = stp_time_add (out->busy, time);
      if (mask & (1u << STP_KERNEL_COMPUTATION))
        out->compute = stp_time_add (out->compute, time);
      if (mask & (1u << STP_KERNEL_COMMUNICATION))
        out->communication = stp_time_add (out->communication, time);
      if (mask & (1u << STP_KERNEL_MEMORY))
        out->memory = stp_time_add (out->memory, time);
      if ((mask & (1u << STP_KERNEL_COMMUNICATION)) && (mask & (1u << STP_KERNEL_COMPUTATION)))
        out->comm_overlapped = stp_time_add (out->comm_overlapped, time);
    }
  /* Times at the ends of gint64 (broken inputs) saturate. */
  out->busy = MIN (out->busy, out->window);
  out->idle = stp_time_sub (out->window, out->busy);
  out->non_compute = stp_time_sub (out->busy, out->compute);
}

char *
stp_breakdown_types_name (guint types)
{
  GString *name = g_string_new (NULL);

  for (guint t = 0; t < STP_N_KERNEL_TYPES; t++)
    if (types & (1u << t))
      {
        if (name->len > 0)
          g_string_append (name, " overlapping ");
        g_string_append (name, kernel_type_names[t]);
      }
  return g_string_free (name, FALSE);
}
