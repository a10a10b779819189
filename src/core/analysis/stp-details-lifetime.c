/* stp-details-lifetime.c: a tensor's lifetime from the graph, for details
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Which mode made the lifetime the timeline shows, and the tensor's
 * consumers by the graph and by the labels, each linked to its op.
 */

#define G_LOG_DOMAIN "stp-details"

#include "stp-details.h"
#include "stp-lifetimes.h"

static void
consumer_clear (gpointer data)
{
  StpDetailsConsumer *c = data;

  g_free (c->name);
}

void
stp_details_lifetime_free (StpDetailsLifetime *self)
{
  if (self == NULL)
    return;

  g_array_unref (self->consumers);
  g_free (self);
}

StpDetailsLifetime *
stp_details_lifetime_new (const StpTrace *trace,
                          StpLinks       *links,
                          StpStr          name)
{
  /* The links' own: among several traces, the object's trace's. */
  const StpLifetimes *lifetimes = links != NULL ? stp_links_get_lifetimes (links) : NULL;
  const StpStepStats *ss = links != NULL ? stp_links_get_step_stats (links) : NULL;
  const StpLifetime *lt;
  StpDetailsLifetime *self;

  if (lifetimes == NULL || ss == NULL || (lt = stp_lifetimes_lookup (lifetimes, name)) == NULL)
    return NULL;

  self = g_new0 (StpDetailsLifetime, 1);
  self->from_graph = (lt->flags & STP_LIFETIME_FROM_GRAPH) != 0;
  self->in_graph = (lt->flags & STP_LIFETIME_IN_GRAPH) != 0;
  self->unused = (lt->flags & STP_LIFETIME_UNUSED) != 0;
  self->differs = (lt->flags & STP_LIFETIME_DIFFERS) != 0;
  self->disagrees = (lt->flags & STP_LIFETIME_DISAGREES) != 0;
  self->labels_end = lt->labels_end_us * 1000;
  self->graph_end = lt->graph_end_us * 1000;
  self->consumers = g_array_sized_new (FALSE, TRUE, sizeof (StpDetailsConsumer), lt->n_uses);
  g_array_set_clear_func (self->consumers, consumer_clear);

  for (guint u = lt->first_use; u < lt->first_use + lt->n_uses; u++)
    {
      const StpTensorUse *use = &g_array_index (lifetimes->uses, StpTensorUse, u);
      StpDetailsConsumer c = { NULL, STP_ITEM_REF_NONE, FALSE, FALSE, FALSE };
      StpSpan span;

      if (use->node != G_MAXUINT32)
        {
          span = stp_step_stats_node_name (&g_array_index (ss->nodes, StpStepStatsNode, use->node));
          if (!stp_links_get_node_slice (links, use->node, &c.op))
            c.op = STP_ITEM_REF_NONE;
        }
      else
        span = g_array_index (lifetimes->graph->nodes, StpGraphNode, use->graph_node).name;

      c.name = g_utf8_make_valid (span.str, span.len);
      c.by_graph = (use->flags & STP_USE_BY_GRAPH) != 0;
      c.by_label = (use->flags & STP_USE_BY_LABEL) != 0;
      c.remote = (use->flags & STP_USE_REMOTE) != 0;
      g_array_append_val (self->consumers, c);
    }

  return self;
}
