/* stp-step-stats-lifetimes.c: tensor lifetimes from the executed graph
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What timeline.py could not do (its authors said so): its tensors end
 * when the last op whose timeline_label names them ends, and labels are
 * a guess at the dataflow.  The graph says it: a tensor "n:k" (or "n"
 * for k = 0) is consumed by every node with that input ("^n" is a
 * control edge, not a use), and a _Send consuming it reaches, through
 * the _Recv of the same rendezvous in another partition, that Recv's
 * consumers.  A tensor then lives from its producer's start to the end
 * of the last of its consumers that ran (its producer's end if none
 * did: unused).  A tensor whose producer the graph does not have keeps
 * timeline.py's lifetime.
 *
 * Done for the tensors timeline.py shows (the last production of each
 * name), after the dataflow and before the memory counters, which then
 * take these lifetimes.  tests/tools/graph-lifetimes.py computes the
 * same from the files alone, to check this.
 */

#define G_LOG_DOMAIN "stp-step-stats-analysis"

#include "stp-step-stats-analysis-state.h"

#include <stdlib.h>

typedef struct
{
  guint32 producer;
  guint32 output;
  guint32 consumer;
} Edge;

/* The graph against the StepStats, for one analysis. */
typedef struct
{
  StpAnalysis    *a;
  const StpGraph *graph;
  guint32        *ss_to_graph;   /* per StepStats node: its graph node, or NONE */
  guint32        *run_node;      /* per graph node: the run that ended last, or NONE */
  gint64         *run_end;
  GArray         *edges;         /* Edge, sorted */
  guint32        *recv_first;    /* per transfer: its Recvs in recv_nodes */
  guint32        *recv_nodes;
  guint32        *stamp;         /* per graph node: the query that found it */
  guint32        *use_at;        /* per graph node found: its use, from the tensor's first */
  guint32         generation;
  GArray         *work;          /* guint32 pairs (node, output) still to visit */
  GArray         *label_uses;    /* guint32 pairs (tracker, node), sorted */
} Index;

static int
compare_edges (const void *pa,
               const void *pb)
{
  const Edge *a = pa, *b = pb;

  if (a->producer != b->producer)
    return a->producer < b->producer ? -1 : 1;
  if (a->output != b->output)
    return a->output < b->output ? -1 : 1;
  return a->consumer < b->consumer ? -1 : a->consumer > b->consumer;
}

static int
compare_pairs (const void *pa,
               const void *pb)
{
  const guint32 *a = pa, *b = pb;

  if (a[0] != b[0])
    return a[0] < b[0] ? -1 : 1;
  return a[1] < b[1] ? -1 : a[1] > b[1];
}

/* Which StepStats nodes are graph nodes, and each graph node's run.
 * GPU tracer "devices" hold kernels, not graph nodes. */
static void
match_runs (Index *x)
{
  StpAnalysis *a = x->a;
  guint n_graph = x->graph->nodes->len;

  x->ss_to_graph = g_new (guint32, a->ss->nodes->len + 1);
  x->run_node = g_new (guint32, n_graph);
  x->run_end = g_new0 (gint64, n_graph);
  for (guint g = 0; g < n_graph; g++)
    x->run_node[g] = STP_INDEX_NONE;

  for (guint i = 0; i < a->ss->nodes->len; i++)
    {
      const StpStepStatsNode *node = get_node (a, i);
      guint32 g = STP_INDEX_NONE;

      if (!get_device (a, node->device)->gpu_tracer)
        {
          StpSpan name = stp_step_stats_node_name (node);

          g = stp_graph_lookup (x->graph, name.str, name.len);
        }
      x->ss_to_graph[i] = g;
      if (g == STP_INDEX_NONE)
        continue;
      if (x->run_node[g] == STP_INDEX_NONE || node_end (a, i) > x->run_end[g])
        {
          x->run_node[g] = i;
          x->run_end[g] = node_end (a, i);
        }
    }
}

static void
index_edges (Index *x)
{
  const StpGraph *graph = x->graph;

  x->edges = g_array_new (FALSE, FALSE, sizeof (Edge));
  for (guint c = 0; c < graph->nodes->len; c++)
    {
      const StpGraphNode *node = &g_array_index (graph->nodes, StpGraphNode, c);

      for (guint j = 0; j < node->n_inputs; j++)
        {
          StpSpan input = g_array_index (graph->inputs, StpSpan, node->first_input + j);
          StpSpan name;
          Edge edge;

          if (!stp_graph_parse_input (input, &name, &edge.output))
            continue;
          edge.producer = stp_graph_lookup (graph, name.str, name.len);
          if (edge.producer == STP_INDEX_NONE)
            continue;
          edge.consumer = c;
          g_array_append_val (x->edges, edge);
        }
    }
  if (x->edges->len > 0)
    qsort (x->edges->data, x->edges->len, sizeof (Edge), compare_edges);
}

/* Recvs by rendezvous, in graph order. */
static void
index_transfers (Index *x)
{
  const StpGraph *graph = x->graph;
  guint n = graph->n_transfers;
  g_autofree guint32 *fill = g_new0 (guint32, n + 1);
  guint total = 0;

  x->recv_first = g_new0 (guint32, n + 1);
  for (guint g = 0; g < graph->nodes->len; g++)
    {
      const StpGraphNode *node = &g_array_index (graph->nodes, StpGraphNode, g);

      if (node->is_recv && node->transfer != G_MAXUINT32)
        x->recv_first[node->transfer + 1]++;
    }
  for (guint t = 0; t < n; t++)
    x->recv_first[t + 1] += x->recv_first[t];
  total = x->recv_first[n];

  x->recv_nodes = g_new (guint32, total + 1);
  for (guint g = 0; g < graph->nodes->len; g++)
    {
      const StpGraphNode *node = &g_array_index (graph->nodes, StpGraphNode, g);

      if (node->is_recv && node->transfer != G_MAXUINT32)
        x->recv_nodes[x->recv_first[node->transfer] + fill[node->transfer]++] = g;
    }
}

static guint
first_edge (const Index *x,
            guint32      producer,
            guint32      output)
{
  guint lo = 0, hi = x->edges->len;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      const Edge *e = &g_array_index (x->edges, Edge, mid);

      if (e->producer < producer || (e->producer == producer && e->output < output))
        lo = mid + 1;
      else
        hi = mid;
    }
  return lo;
}

static void
add_graph_use (Index   *x,
               GArray  *uses,
               guint32  g,
               guint32  flags)
{
  StpTensorUse use;

  x->stamp[g] = x->generation;
  x->use_at[g] = uses->len;
  use.node = x->run_node[g];
  use.graph_node = g;
  use.flags = STP_USE_BY_GRAPH | flags | (use.node != STP_INDEX_NONE ? STP_USE_RAN : 0);
  g_array_append_val (uses, use);
}

/* The consumers of (producer, output), each once, appended to uses:
 * direct ones first, then through Send/Recv pairs, without recursion
 * (a chain of transfers may be long). */
static void
collect_graph_uses (Index   *x,
                    guint32  producer,
                    guint32  output,
                    GArray  *uses)
{
  guint32 start[2] = { producer, output };

  g_array_set_size (x->work, 0);
  g_array_append_vals (x->work, start, 2);

  while (x->work->len > 0)
    {
      guint32 p = g_array_index (x->work, guint32, x->work->len - 2);
      guint32 k = g_array_index (x->work, guint32, x->work->len - 1);
      gboolean remote = p != producer;

      guint first = first_edge (x, p, k), end = first;

      g_array_set_size (x->work, x->work->len - 2);

      /* Every consumer of this tensor first: one that is also reached
       * through a transfer is a direct consumer. */
      for (; end < x->edges->len; end++)
        {
          const Edge *edge = &g_array_index (x->edges, Edge, end);

          if (edge->producer != p || edge->output != k)
            break;
          if (x->stamp[edge->consumer] != x->generation)
            add_graph_use (x, uses, edge->consumer, remote ? STP_USE_REMOTE : 0);
        }

      for (guint e = first; e < end; e++)
        {
          const Edge *edge = &g_array_index (x->edges, Edge, e);
          const StpGraphNode *c = &g_array_index (x->graph->nodes, StpGraphNode, edge->consumer);

          if (!c->is_send || c->transfer == G_MAXUINT32)
            continue;
          for (guint r = x->recv_first[c->transfer]; r < x->recv_first[c->transfer + 1]; r++)
            {
              guint32 recv = x->recv_nodes[r];
              guint32 next[2] = { recv, 0 };

              if (x->stamp[recv] == x->generation)
                continue;
              add_graph_use (x, uses, recv, STP_USE_REMOTE);
              g_array_append_vals (x->work, next, 2);
            }
        }
    }
}

/* The labels' consumers of tracker t, merged into its graph uses;
 * returns the end of the last of them (timeline.py's end without its
 * minus one), and whether a consumer the graph does not give was named. */
static gint64
merge_label_uses (Index   *x,
                  guint32  t,
                  guint    first_use,
                  GArray  *uses,
                  gint64   end,
                  gboolean *disagrees)
{
  GArray *pairs = x->label_uses;
  guint lo = 0, hi = pairs->len / 2;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (pairs, guint32, 2 * mid) < t)
        lo = mid + 1;
      else
        hi = mid;
    }

  for (guint j = lo; j < pairs->len / 2 && g_array_index (pairs, guint32, 2 * j) == t; j++)
    {
      guint32 i = g_array_index (pairs, guint32, 2 * j + 1);
      guint32 g = x->ss_to_graph[i];
      StpTensorUse use = { i, g, STP_USE_BY_LABEL | STP_USE_RAN };
      gboolean seen = FALSE;

      end = MAX (end, node_end (x->a, i));

      if (g != STP_INDEX_NONE && x->stamp[g] == x->generation)
        {
          g_array_index (uses, StpTensorUse, x->use_at[g]).flags |= STP_USE_BY_LABEL;
          continue;
        }

      /* Named twice, or two runs of a node the graph lacks. */
      for (guint u = first_use; u < uses->len && !seen; u++)
        seen = g_array_index (uses, StpTensorUse, u).node == i;
      if (seen)
        continue;

      if (g != STP_INDEX_NONE)
        {
          x->stamp[g] = x->generation;
          x->use_at[g] = uses->len;
        }
      g_array_append_val (uses, use);
      *disagrees = TRUE;
    }

  return end;
}

static void
tensor_lifetime (Index        *x,
                 StpLifetimes *lifetimes,
                 StpStr        name)
{
  StpAnalysis *a = x->a;
  guint32 t = tensor_index (a, name) - 1;
  const StpTracker *tracker = &g_array_index (a->trackers, StpTracker, t);
  guint32 g = x->ss_to_graph[tracker->node];
  gint64 producer_end = node_end (a, tracker->node);
  gboolean disagrees = FALSE, used = FALSE;
  StpLifetime lt = { 0 };
  gint64 labels_end;

  x->generation++;
  lt.name = name;
  lt.producer = tracker->node;
  lt.output = tracker->output;
  lt.start_us = node_start (a, tracker->node);
  lt.labels_end_us = a->last_unref[t];
  lt.graph_end_us = producer_end;
  lt.first_use = lifetimes->uses->len;

  if (g != STP_INDEX_NONE)
    {
      lt.flags |= STP_LIFETIME_IN_GRAPH;
      collect_graph_uses (x, g, tracker->output, lifetimes->uses);
      for (guint u = lt.first_use; u < lifetimes->uses->len; u++)
        {
          const StpTensorUse *use = &g_array_index (lifetimes->uses, StpTensorUse, u);

          if (use->flags & STP_USE_RAN)
            {
              lt.graph_end_us = MAX (lt.graph_end_us, x->run_end[use->graph_node]);
              used = TRUE;
            }
        }
    }

  labels_end = merge_label_uses (x, t, lt.first_use, lifetimes->uses, producer_end, &disagrees);
  lt.n_uses = lifetimes->uses->len - lt.first_use;

  if (g != STP_INDEX_NONE)
    {
      /* A consumer that ran which the label did not name. */
      for (guint u = lt.first_use; u < lifetimes->uses->len; u++)
        {
          guint32 flags = g_array_index (lifetimes->uses, StpTensorUse, u).flags;

          if ((flags & STP_USE_RAN) && !(flags & STP_USE_BY_LABEL))
            disagrees = TRUE;
        }
      if (!used)
        lt.flags |= STP_LIFETIME_UNUSED;
      if (disagrees)
        lt.flags |= STP_LIFETIME_DISAGREES;
      if (lt.graph_end_us != labels_end)
        lt.flags |= STP_LIFETIME_DIFFERS;
    }

  if (g != STP_INDEX_NONE && lifetimes->mode == STP_LIFETIMES_GRAPH)
    {
      lt.flags |= STP_LIFETIME_FROM_GRAPH;
      a->last_unref[t] = lt.graph_end_us;
    }
  lt.end_us = a->last_unref[t];

  lifetimes->n_from_graph += (lt.flags & STP_LIFETIME_FROM_GRAPH) != 0;
  lifetimes->n_not_in_graph += g == STP_INDEX_NONE;
  lifetimes->n_unused += (lt.flags & STP_LIFETIME_UNUSED) != 0;
  lifetimes->n_differ += (lt.flags & STP_LIFETIME_DIFFERS) != 0;
  lifetimes->n_disagree += (lt.flags & STP_LIFETIME_DISAGREES) != 0;

  g_array_append_val (lifetimes->tensors, lt);
  g_hash_table_insert (lifetimes->by_name, GUINT_TO_POINTER (name),
                       GUINT_TO_POINTER (lifetimes->tensors->len));
}

static void
index_clear (Index *x)
{
  g_free (x->ss_to_graph);
  g_free (x->run_node);
  g_free (x->run_end);
  g_clear_pointer (&x->edges, g_array_unref);
  g_free (x->recv_first);
  g_free (x->recv_nodes);
  g_free (x->stamp);
  g_free (x->use_at);
  g_clear_pointer (&x->work, g_array_unref);
}

StpLifetimes *
stp_step_stats_graph_lifetimes (StpAnalysis *a)
{
  StpLifetimes *lifetimes = g_new0 (StpLifetimes, 1);
  Index x = { 0 };
  guint n_graph;

  g_assert (a->graph != NULL && a->label_uses != NULL);

  lifetimes->mode = a->options->lifetimes;
  lifetimes->graph = stp_graph_ref (a->graph);
  lifetimes->tensors = g_array_sized_new (FALSE, FALSE, sizeof (StpLifetime), a->tensor_order->len);
  lifetimes->uses = g_array_new (FALSE, FALSE, sizeof (StpTensorUse));
  lifetimes->by_name = g_hash_table_new (NULL, NULL);

  x.a = a;
  x.graph = a->graph;
  n_graph = a->graph->nodes->len;
  x.stamp = g_new0 (guint32, n_graph);
  x.use_at = g_new0 (guint32, n_graph);
  x.work = g_array_new (FALSE, FALSE, sizeof (guint32));
  x.label_uses = a->label_uses;
  /* qsort's array may not be NULL, even empty (UBSan). */
  if (a->label_uses->len > 0)
    qsort (a->label_uses->data, a->label_uses->len / 2, 2 * sizeof (guint32), compare_pairs);

  match_runs (&x);
  index_edges (&x);
  index_transfers (&x);

  for (guint j = 0; j < a->tensor_order->len; j++)
    tensor_lifetime (&x, lifetimes, g_array_index (a->tensor_order, StpStr, j));

  g_debug ("%s: %u of %u tensors' lifetimes differ from the labels'", a->ss->filename,
           lifetimes->n_differ, lifetimes->tensors->len);
  index_clear (&x);
  return lifetimes;
}
