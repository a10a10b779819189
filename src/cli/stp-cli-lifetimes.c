/* stp-cli-lifetimes.c: --lifetimes and --graph for stepscope-cli
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * `--lifetimes=graph` takes tensor lifetimes (objects, memory counters,
 * peaks) from the executed graph: the RunMetadata's partition_graphs,
 * or the GraphDef of `--graph FILE`.  The default stays timeline.py's
 * (`labels`), so exports match it unless asked otherwise.
 */

#define G_LOG_DOMAIN "stepscope-cli"

#include "stp-cli-lifetimes.h"
#include "stp-cli-inputs.h"

#include <string.h>
#include "stp-json-writer.h"
#include "stp-lifetimes.h"

static char     *opt_lifetimes;
static char     *opt_graph;
static StpGraph *graph;   /* lives as long as the command */

const GOptionEntry stp_cli_lifetime_entries[] = {
  { "lifetimes", 0, 0, G_OPTION_ARG_STRING, &opt_lifetimes,
    "Tensor lifetimes as timeline.py guesses them from the labels (default), "
    "or from the graph", "labels|graph" },
  { "graph", 0, 0, G_OPTION_ARG_FILENAME, &opt_graph,
    "The GraphDef (binary or text) the StepStats ran, if the RunMetadata "
    "has no partition_graphs", "FILE" },
  { NULL }
};

int
stp_cli_lifetimes_options (StpAnalysisOptions *options)
{
  options->lifetimes = STP_LIFETIMES_LABELS;
  options->graph = NULL;

  if (opt_lifetimes != NULL && !stp_lifetime_mode_from_string (opt_lifetimes, &options->lifetimes))
    {
      g_printerr ("stepscope-cli: --lifetimes must be labels or graph, not “%s”\n", opt_lifetimes);
      g_printerr ("Try “%s --help”.\n", g_get_prgname ());
      return 2;
    }

  if (opt_graph != NULL)
    {
      g_autoptr(GError) error = NULL;

      g_clear_pointer (&graph, stp_graph_unref);
      graph = stp_cli_load_graph (opt_graph, &error);
      if (graph == NULL)
        {
          g_printerr ("stepscope-cli: %s\n", error->message);
          return 1;
        }
      options->graph = graph;
    }

  return 0;
}

gboolean
stp_cli_lifetimes_check (const StpTrace *trace,
                         const char     *input)
{
  if ((opt_graph != NULL || g_strcmp0 (opt_lifetimes, "graph") == 0) &&
      !stp_trace_is_step_stats (trace))
    {
      g_printerr ("stepscope-cli: %s: tensor lifetimes from a graph need a StepStats or "
                  "RunMetadata, this is a %s trace\n", input, stp_format_to_string (trace->format));
      return FALSE;
    }

  if (g_strcmp0 (opt_lifetimes, "graph") == 0 && trace->lifetimes == NULL)
    {
      g_printerr ("stepscope-cli: %s: no graph to take lifetimes from: the RunMetadata has "
                  "no partition_graphs; give the GraphDef with --graph FILE\n", input);
      return FALSE;
    }

  return TRUE;
}

static void
append_name (GString *out,
             StpSpan  name)
{
  stp_json_append_string (out, name.str, name.len);
}

/* A consumer by the name the StepStats ran it under, else the graph's. */
static StpSpan
use_name (const StpTrace     *trace,
          const StpLifetimes *lifetimes,
          const StpTensorUse *use)
{
  const StpStepStats *ss = trace->source;

  if (use->node != G_MAXUINT32)
    return stp_step_stats_node_name (&g_array_index (ss->nodes, StpStepStatsNode, use->node));
  return g_array_index (lifetimes->graph->nodes, StpGraphNode, use->graph_node).name;
}

/* The consumers of lt with (flags & mask) == want, as a JSON list. */
static void
append_uses (GString            *out,
             const StpTrace     *trace,
             const StpLifetimes *lifetimes,
             const StpLifetime  *lt,
             guint32             mask,
             guint32             want)
{
  gboolean first = TRUE;

  g_string_append_c (out, '[');
  for (guint u = lt->first_use; u < lt->first_use + lt->n_uses; u++)
    {
      const StpTensorUse *use = &g_array_index (lifetimes->uses, StpTensorUse, u);

      if ((use->flags & mask) != want)
        continue;
      if (!first)
        g_string_append (out, ", ");
      first = FALSE;
      append_name (out, use_name (trace, lifetimes, use));
    }
  g_string_append_c (out, ']');
}

void
stp_cli_lifetimes_append_peak (GString                   *out,
                               const StpTrace            *trace,
                               const StpAllocatorMaximum *max)
{
  const StpLifetimes *lifetimes = trace->lifetimes;
  gboolean first = TRUE;

  if (lifetimes == NULL || lifetimes->mode != STP_LIFETIMES_GRAPH)
    return;

  g_string_append (out, ", \"lifetimes\": \"graph\", \"disagreements\": [");
  for (guint j = 0; j < max->tensors->len; j++)
    {
      StpStr name = g_array_index (max->tensors, StpStr, j);
      const StpLifetime *lt = stp_lifetimes_lookup (lifetimes, name);

      if (lt == NULL || (lt->flags & STP_LIFETIME_IN_GRAPH && !(lt->flags & STP_LIFETIME_DISAGREES)))
        continue;

      g_string_append (out, first ? "{\"tensor\": " : ", {\"tensor\": ");
      first = FALSE;
      stp_json_append_string (out, stp_trace_str (trace, name),
                              stp_string_table_get_len (trace->strings, name));
      if (!(lt->flags & STP_LIFETIME_IN_GRAPH))
        {
          g_string_append (out, ", \"not_in_graph\": true}");
          continue;
        }
      /* A consumer that ran which the label did not name; a consumer
       * the label named which the graph does not give. */
      g_string_append (out, ", \"unnamed_by_labels\": ");
      append_uses (out, trace, lifetimes, lt, STP_USE_RAN | STP_USE_BY_LABEL, STP_USE_RAN);
      g_string_append (out, ", \"not_in_graph_consumers\": ");
      append_uses (out, trace, lifetimes, lt, STP_USE_BY_GRAPH | STP_USE_BY_LABEL, STP_USE_BY_LABEL);
      g_string_append_c (out, '}');
    }
  g_string_append_c (out, ']');
}

void
stp_cli_lifetimes_append_info (GString        *out,
                               const StpTrace *trace)
{
  const StpLifetimes *lifetimes = trace->lifetimes;
  g_autofree char *summary = NULL;

  if (lifetimes == NULL)
    return;

  summary = stp_lifetimes_summary (lifetimes);
  g_string_append (out, "  \"lifetimes\": {\"mode\": \"");
  g_string_append (out, stp_lifetime_mode_to_string (lifetimes->mode));
  g_string_append (out, "\", \"graph\": ");
  if (lifetimes->graph->from_partitions)
    g_string_append (out, "\"partition_graphs\"");
  else
    stp_json_append_string (out, lifetimes->graph->filename, strlen (lifetimes->graph->filename));
  g_string_append_printf (out, ", \"graph_nodes\": %u, \"tensors\": %u, \"from_graph\": %u, "
                          "\"not_in_graph\": %u, \"unused\": %u, \"differ\": %u, \"disagree\": %u, "
                          "\"summary\": ",
                          lifetimes->graph->nodes->len, lifetimes->tensors->len,
                          lifetimes->n_from_graph, lifetimes->n_not_in_graph, lifetimes->n_unused,
                          lifetimes->n_differ, lifetimes->n_disagree);
  stp_json_append_string (out, summary, strlen (summary));
  g_string_append (out, "},\n");
}
