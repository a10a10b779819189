/* stp-lifetimes.h: StepStats tensor lifetimes from the executed graph
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * timeline.py guesses a tensor's consumers from the ops' timeline_label
 * ("labels").  With a graph (RunMetadata.partition_graphs, or a GraphDef
 * given beside the StepStats) the consumers are the nodes whose `input`
 * names the tensor, through Send/Recv pairs across partitions ("graph").
 * A StpLifetimes says, for each tensor timeline.py shows, what either
 * way makes of it; stp-step-stats-lifetimes.c computes it.
 */

#pragma once

#include "stp-graph.h"
#include "stp-trace.h"

G_BEGIN_DECLS

typedef enum
{
  STP_LIFETIMES_LABELS,   /* as timeline.py: consumers from timeline_label */
  STP_LIFETIMES_GRAPH,    /* consumers from the graph, where it has the tensor */
} StpLifetimeMode;

const char *stp_lifetime_mode_to_string   (StpLifetimeMode  mode);
gboolean    stp_lifetime_mode_from_string (const char      *str,
                                           StpLifetimeMode *mode);

typedef enum
{
  STP_LIFETIME_FROM_GRAPH   = 1 << 0,  /* the lifetime shown came from the graph */
  STP_LIFETIME_IN_GRAPH     = 1 << 1,  /* the producer is a node of the graph */
  STP_LIFETIME_UNUSED       = 1 << 2,  /* in the graph, no consumer of it ran */
  STP_LIFETIME_DIFFERS      = 1 << 3,  /* the graph's end is not the labels' */
  STP_LIFETIME_DISAGREES    = 1 << 4,  /* the labels and the graph name other consumers */
} StpLifetimeFlags;

typedef struct
{
  StpStr  name;
  guint32 producer;        /* StepStats node */
  guint32 output;          /* the producer's output */
  guint32 flags;           /* StpLifetimeFlags */
  gint64  start_us;
  gint64  end_us;          /* the one the analysis used */
  gint64  labels_end_us;   /* timeline.py's (its last consumer's end - 1 µs) */
  gint64  graph_end_us;    /* the last consumer that ran, per the graph */
  guint32 first_use;       /* into StpLifetimes.uses */
  guint32 n_uses;
} StpLifetime;

typedef enum
{
  STP_USE_BY_GRAPH = 1 << 0,  /* the graph has this consumer */
  STP_USE_BY_LABEL = 1 << 1,  /* its timeline_label names the tensor */
  STP_USE_REMOTE   = 1 << 2,  /* reached through a Send/Recv pair */
  STP_USE_RAN      = 1 << 3,  /* the consumer is in the StepStats */
} StpUseFlags;

/* One consumer of a tensor. */
typedef struct
{
  guint32 node;         /* StepStats node (its run that ended last), or G_MAXUINT32 */
  guint32 graph_node;   /* or G_MAXUINT32: a consumer the graph does not have */
  guint32 flags;        /* StpUseFlags */
} StpTensorUse;

typedef struct _StpLifetimes StpLifetimes;

struct _StpLifetimes
{
  StpLifetimeMode mode;       /* the mode the analysis used */
  StpGraph       *graph;
  GArray         *tensors;    /* StpLifetime, in timeline.py's tensor order */
  GArray         *uses;       /* StpTensorUse */
  GHashTable     *by_name;    /* StpStr -> index into tensors + 1 */
  guint           n_from_graph;
  guint           n_not_in_graph;
  guint           n_unused;
  guint           n_differ;
  guint           n_disagree;
};

void               stp_lifetimes_free   (StpLifetimes       *self);

/* The lifetime of the tensor called name (an object's name), or NULL. */
const StpLifetime *stp_lifetimes_lookup (const StpLifetimes *self,
                                         StpStr              name);

/* "N tensors' lifetimes differ from timeline.py's" and the like. */
char              *stp_lifetimes_summary (const StpLifetimes *self);

G_END_DECLS
