/* stp-graph.h: a TensorFlow GraphDef, the dataflow graph of a step
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The executed graph (RunMetadata.partition_graphs, one GraphDef per
 * device partition) or a GraphDef file given beside a StepStats.  It
 * says which nodes consume each tensor, which timeline_label only
 * guesses: see stp-step-stats-lifetimes.c.
 */

#pragma once

#include <gio/gio.h>

#include "stp-step-stats.h"

G_BEGIN_DECLS

typedef struct
{
  StpSpan  name;
  StpSpan  op;
  StpSpan  device;
  guint32  partition;
  guint32  first_input;   /* into StpGraph.inputs */
  guint32  n_inputs;
  guint32  transfer;      /* a _Send/_Recv's rendezvous (tensor_name, send_device,
                           * recv_device) as a number below n_transfers; G_MAXUINT32
                           * for other nodes and those without a tensor_name */
  gboolean is_send;
  gboolean is_recv;
} StpGraphNode;

typedef struct _StpGraph StpGraph;

struct _StpGraph
{
  /*< private >*/
  gint        ref_count;
  GBytes     *wire;          /* the bytes the spans point into */
  struct _StpStringTable *names;   /* node names */
  GArray     *by_name;       /* guint32 by StpStr of names: node index + 1, or 0 */
  GPtrArray  *chunks;

  /*< public, read-only >*/
  char       *filename;      /* the GraphDef file, or the RunMetadata's */
  gboolean    from_partitions;
  guint       n_partitions;
  GArray     *nodes;         /* StpGraphNode */
  GArray     *inputs;        /* StpSpan, as written: "n", "n:1", "^n" */
  guint       n_transfers;   /* distinct Send/Recv keys */
  guint       n_duplicates;  /* nodes whose name an earlier node had (ignored) */
};

/* A tensor named by an input: its node and output; control edges
 * ("^n") return FALSE. */
gboolean  stp_graph_parse_input       (StpSpan          input,
                                       StpSpan         *node,
                                       guint32         *output);

StpGraph *stp_graph_new_from_step_stats (StpStepStats  *step_stats,
                                         GError       **error);
StpGraph *stp_graph_load_bytes        (GBytes          *bytes,
                                       const char      *filename,
                                       GError         **error);
StpGraph *stp_graph_load_path         (const char      *path,
                                       GCancellable    *cancellable,
                                       GError         **error);
StpGraph *stp_graph_load_file         (GFile           *file,
                                       GCancellable    *cancellable,
                                       GError         **error);
StpGraph *stp_graph_ref               (StpGraph        *self);
void      stp_graph_unref             (StpGraph        *self);

/* The node called name (len bytes), or G_MAXUINT32. */
guint32   stp_graph_lookup            (const StpGraph  *self,
                                       const char      *name,
                                       gsize            len);

/* Whether bytes (the start of a file, or all of it) look like a
 * GraphDef, binary or text, rather than a trace. */
gboolean  stp_graph_sniff             (const guint8    *data,
                                       gsize            len);

/* The same on the start of a file (FALSE if it cannot be read), for
 * telling a GraphDef given beside a trace on the command line. */
gboolean  stp_graph_sniff_file        (GFile           *file);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpGraph, stp_graph_unref)

G_END_DECLS
