/* stp-step-stats-derived.c: the TF profiler's op lines over StepStats kernels
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The GPU tracer labels each kernel "kernel @@scope/name:Op#...#".  The
 * TF profiler turns the same annotation on XSpace kernels into "TensorFlow
 * Name Scope" and "TensorFlow Ops" lines (seed 003); this applies its
 * rules to StepStats: per GPU, the kernels of "/stream:all" (or, in a
 * StepStats without any "stream:all", of its numbered streams: they
 * repeat the kernels of "all", as tfprof assumes), in time order, merged as
 * stp-derived-line.c does with the kernel name as the low-level event.
 * StepStats has no step groups.  The lines go above the kernels, in the
 * process of that stream device.  timeline.py has nothing like it: the
 * analysis only adds them with options->derived_lines.
 */

#define G_LOG_DOMAIN "stp-step-stats-analysis"

#include "stp-step-stats-analysis-state.h"
#include "stp-step-stats-labels.h"
#include "stp-derived-line.h"

#include <string.h>

typedef struct
{
  gint64  begin;
  gint64  end;
  guint32 order;
  guint32 node;
  StpStr  low_name;
} Kernel;

typedef struct
{
  StpSpan  prefix;    /* the device name before "/stream:" */
  gboolean has_all;
  GArray  *devices;   /* guint32 */
} Gpu;

static const char *
find (StpSpan     s,
      const char *needle)
{
  gsize n = strlen (needle);

  for (gsize i = 0; i + n <= s.len; i++)
    if (memcmp (s.str + i, needle, n) == 0)
      return s.str + i;
  return NULL;
}

static gint
compare_kernels (gconstpointer a,
                 gconstpointer b)
{
  const Kernel *ka = a;
  const Kernel *kb = b;

  if (ka->begin != kb->begin)
    return ka->begin < kb->begin ? -1 : 1;
  if (ka->end - ka->begin != kb->end - kb->begin)
    return ka->end - ka->begin > kb->end - kb->begin ? -1 : 1;
  return ka->order < kb->order ? -1 : (ka->order > kb->order);
}

/* The kernel's TF op as "name:op", if its label has an annotation with
 * an op (parsed as timeline.py does). */
static gboolean
kernel_op (const StpStepStatsNode *node,
           StpSpan                *name,
           StpSpan                *op,
           StpSpan                *kernel)
{
  StpSpan label = stp_step_stats_node_label (node);
  const char *at = find (label, "@@");
  gsize klen;

  if (at == NULL)
    return FALSE;

  stp_step_stats_parse_kernel_label (label.str, label.len, stp_step_stats_node_name (node), name, op);
  /* No ':' in the annotation: the op is timeline.py's "unknown". */
  if (name->len == 0 || op->str != name->str + name->len + 1)
    return FALSE;

  klen = at - label.str;
  while (klen > 0 && g_ascii_isspace (label.str[klen - 1]))
    klen--;
  kernel->str = label.str;
  kernel->len = klen;
  return TRUE;
}

static void
derive_gpu (StpTrace           *trace,
            const StpStepStats *ss,
            const Gpu          *gpu,
            guint32             process)
{
  g_autoptr(GArray) kernels = g_array_new (FALSE, FALSE, sizeof (Kernel));
  g_autoptr(StpDerivedLine) tf_ops = stp_derived_line_new (STP_DERIVED_TF_OPS);
  g_autoptr(StpDerivedLine) name_scope = stp_derived_line_new (STP_DERIVED_TF_NAME_SCOPE);
  g_autoptr(GString) full = g_string_new (NULL);

  for (guint i = 0; i < gpu->devices->len; i++)
    {
      guint32 d = g_array_index (gpu->devices, guint32, i);
      const StpStepStatsDevice *device = &g_array_index (ss->devices, StpStepStatsDevice, d);

      if (gpu->has_all && find (device->name, "/stream:all") == NULL)
        continue;

      for (guint n = device->first_node; n < device->first_node + device->n_nodes; n++)
        {
          const StpStepStatsNode *node = &g_array_index (ss->nodes, StpStepStatsNode, n);
          Kernel k = { 0 };
          StpSpan name, op, kernel;
          gint64 end_us;

          if (!kernel_op (node, &name, &op, &kernel) ||
              __builtin_add_overflow (node->all_start_micros, node->all_end_rel_micros, &end_us) ||
              __builtin_mul_overflow (node->all_start_micros, 1000, &k.begin) ||
              __builtin_mul_overflow (end_us, 1000, &k.end))
            continue;
          k.end = MAX (k.end, k.begin);
          k.order = kernels->len;
          k.node = n;
          k.low_name = stp_trace_intern (trace, kernel.str, kernel.len);
          g_array_append_val (kernels, k);
        }
    }

  g_array_sort (kernels, compare_kernels);
  stp_derived_line_add_dependent (name_scope, tf_ops);

  for (guint i = 0; i < kernels->len; i++)
    {
      const Kernel *k = &g_array_index (kernels, Kernel, i);
      const StpStepStatsNode *node = &g_array_index (ss->nodes, StpStepStatsNode, k->node);
      StpDerivedEvent event = { k->begin, k->end, 0, 0, 0, FALSE, 0 };
      StpSpan name, op, kernel;

      kernel_op (node, &name, &op, &kernel);
      g_string_truncate (full, 0);
      g_string_append_len (full, name.str, name.len);
      g_string_append_c (full, ':');
      g_string_append_len (full, op.str, op.len);
      stp_derived_process_tf_op (trace, name_scope, tf_ops, full->str, full->len, &event, k->low_name);
    }

  stp_derived_line_emit (name_scope, trace, process, 0, 1);
  stp_derived_line_emit (tf_ops, trace, process, 0, 1);
}

static void
gpu_clear (gpointer data)
{
  Gpu *gpu = data;

  g_clear_pointer (&gpu->devices, g_array_unref);
}

void
stp_step_stats_derive_gpu_lines (StpTrace           *trace,
                               const StpStepStats *step_stats,
                               const guint32      *compute_process)
{
  g_autoptr(GArray) gpus = g_array_new (FALSE, TRUE, sizeof (Gpu));
  gboolean any_all = FALSE;

  g_return_if_fail (trace != NULL && step_stats != NULL);
  /* compute_process has one entry per device: NULL when there is none. */
  g_return_if_fail (compute_process != NULL || step_stats->devices->len == 0);

  g_array_set_clear_func (gpus, gpu_clear);

  for (guint d = 0; d < step_stats->devices->len && !any_all; d++)
    any_all = find (g_array_index (step_stats->devices, StpStepStatsDevice, d).name, "/stream:all") != NULL;

  /* Tracer devices by GPU: "/device:GPU:0/stream:all", ".../stream:7". */
  for (guint d = 0; d < step_stats->devices->len; d++)
    {
      StpSpan name = g_array_index (step_stats->devices, StpStepStatsDevice, d).name;
      const char *stream = find (name, "/stream:");
      StpSpan prefix;
      Gpu *gpu = NULL;

      if (stream == NULL || (any_all && find (name, "/stream:all") == NULL))
        continue;
      prefix.str = name.str;
      prefix.len = stream - name.str;

      for (guint g = 0; g < gpus->len && gpu == NULL; g++)
        {
          Gpu *candidate = &g_array_index (gpus, Gpu, g);

          if (candidate->prefix.len == prefix.len && memcmp (candidate->prefix.str, prefix.str, prefix.len) == 0)
            gpu = candidate;
        }
      if (gpu == NULL)
        {
          Gpu fresh = { prefix, FALSE, g_array_new (FALSE, FALSE, sizeof (guint32)) };

          g_array_append_val (gpus, fresh);
          gpu = &g_array_index (gpus, Gpu, gpus->len - 1);
        }
      if (find (name, "/stream:all") != NULL)
        gpu->has_all = TRUE;
      g_array_append_val (gpu->devices, d);
    }

  for (guint g = 0; g < gpus->len; g++)
    {
      const Gpu *gpu = &g_array_index (gpus, Gpu, g);
      guint32 first = G_MAXUINT32;

      for (guint i = 0; i < gpu->devices->len && first == G_MAXUINT32; i++)
        {
          guint32 d = g_array_index (gpu->devices, guint32, i);
          StpSpan name = g_array_index (step_stats->devices, StpStepStatsDevice, d).name;

          if (!gpu->has_all || find (name, "/stream:all") != NULL)
            first = d;
        }

      derive_gpu (trace, step_stats, gpu, compute_process[first]);
    }
}
