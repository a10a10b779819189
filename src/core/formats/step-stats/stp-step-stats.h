/* stp-step-stats.h: a TensorFlow StepStats, indexed in place
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-trace.h"
#include "stp-wire.h"

G_BEGIN_DECLS

/* One output of a node.  Its allocator's name lies inside its
 * description, so it is kept as a place there: 32 bytes where two
 * spans took 40 (stp_step_stats_output_allocator() makes the span). */
typedef struct
{
  gint64      requested_bytes;
  const char *description;       /* wire bytes of the TensorDescription; NULL if absent */
  guint32     description_len;
  guint32     allocator_at;      /* the allocator's name: description + allocator_at */
  guint32     allocator_len;
} StpStepStatsOutput;

/* What the analysis and export read of a node; the rest of its record
 * is read again from its message when one node's details are shown.
 * The name and label lie inside the message, so they are kept as
 * places in it (stp_step_stats_node_name() makes the span): 64 bytes
 * a node, where three spans made 80. */
typedef struct
{
  guint32     device;
  guint32     thread_id;
  gint64      all_start_micros;
  gint64      all_end_rel_micros;
  const char *message;           /* the whole NodeExecStats */
  guint32     message_len;
  guint32     name_at;           /* node_name: message + name_at */
  guint32     name_len;
  guint32     label_at;          /* timeline_label */
  guint32     label_len;
  guint32     first_output;
  guint32     n_outputs;
} StpStepStatsNode;

G_STATIC_ASSERT (sizeof (StpStepStatsNode) <= 64);

/* A field kept as its place in the bytes it lies in: a NULL span, as
 * an absent field reads, when it was absent or empty. */
static inline StpSpan
stp_step_stats_span_at (const char *bytes,
                        guint32     at,
                        guint32     len)
{
  StpSpan span = { len > 0 ? bytes + at : NULL, len };
  return span;
}

static inline StpSpan
stp_step_stats_node_name (const StpStepStatsNode *node)
{
  return stp_step_stats_span_at (node->message, node->name_at, node->name_len);
}

static inline StpSpan
stp_step_stats_node_label (const StpStepStatsNode *node)
{
  return stp_step_stats_span_at (node->message, node->label_at, node->label_len);
}

static inline StpSpan
stp_step_stats_output_allocator (const StpStepStatsOutput *output)
{
  return stp_step_stats_span_at (output->description, output->allocator_at, output->allocator_len);
}

/* A node's times that only its details show. */
typedef struct
{
  gint64   op_start_rel_micros;
  gint64   op_end_rel_micros;
  gint64   scheduled_micros;
} StpStepStatsNodeTimes;

typedef struct
{
  StpSpan  name;
  guint32  first_node;
  guint32  n_nodes;
  gboolean gpu_tracer;   /* a GPU tracer's stream or memcpy "device" (timeline.py's
                          * _is_gputrace_device): its nodes are kernels, not ops */
} StpStepStatsDevice;

/* Whether span holds needle (a C string) anywhere. */
gboolean      stp_span_contains          (StpSpan         span,
                                          const char     *needle);

typedef struct _StpStepStats StpStepStats;

struct _StpStepStats
{
  /*< private >*/
  gint         ref_count;
  GBytes      *wire;        /* the StepStats' bytes (binary, or packed from text) */
  GByteArray  *merged;      /* owner of bytes made by merging repeated messages */
  GPtrArray   *chunks;
  guint        max_outputs; /* outputs reserved while indexing */

  /*< public, read-only >*/
  StpFormat    format;
  char        *filename;
  GArray      *devices;     /* StpStepStatsDevice */
  GArray      *nodes;       /* StpStepStatsNode, device after device, in input order */
  GArray      *outputs;     /* StpStepStatsOutput */
  GArray      *graph_nodes; /* StpSpan: NodeDef messages of the partition graphs */
  GArray      *partition_graphs; /* StpSpan: GraphDef messages, one per partition */
};

StpStepStats *stp_step_stats_load_bytes (GBytes         *bytes,
                                         const char     *filename,
                                         GCancellable   *cancellable,
                                         GError        **error);
StpStepStats *stp_step_stats_ref        (StpStepStats   *self);
void          stp_step_stats_unref      (StpStepStats   *self);

/* Appends the text format of one output's TensorDescription as
 * Python's protobuf prints it (fields in number order, enum names,
 * octal escapes); nothing for a description that cannot be read. */
void          stp_step_stats_append_tensor_description (const StpStepStats       *self,
                                                        const StpStepStatsOutput *output,
                                                        GString                  *out);

/* Reads the node's op and scheduled times from its message, as the
 * index read the rest (the last value of a field given twice). */
void          stp_step_stats_node_get_times (const StpStepStatsNode *node,
                                             StpStepStatsNodeTimes  *times);

/* Whether bytes look like a binary StepStats or RunMetadata (cheap).
 * They may be the first bytes of a longer file: a message their end
 * cuts short is judged by what there is of it. */
gboolean      stp_step_stats_sniff      (const guint8   *data,
                                         gsize           len,
                                         StpFormat      *format);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpStepStats, stp_step_stats_unref)

G_END_DECLS
