/* stp-details.h: everything the side panel shows about one item, as plain data
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Made on demand for the one selected item (args are parsed, StepStats
 * messages unpacked only then), with no GTK: the panel, Ctrl+C and the
 * tests all read the same struct.
 */

#pragma once

#include "stp-item.h"
#include "stp-links.h"

G_BEGIN_DECLS

/* A node of a parsed args tree.  Scalars keep their JSON text (strings
 * unquoted and unescaped); objects and arrays have children, in order. */
typedef enum
{
  STP_ARG_OBJECT,
  STP_ARG_ARRAY,
  STP_ARG_STRING,
  STP_ARG_NUMBER,
  STP_ARG_BOOLEAN,
  STP_ARG_NULL,
} StpArgKind;

typedef struct _StpArg StpArg;

struct _StpArg
{
  StpArgKind  kind;
  char       *key;       /* member name, or "[i]" in an array; NULL at the root */
  char       *value;     /* scalars */
  GPtrArray  *children;  /* StpArg*, objects and arrays */
};

/* A tensor as a TensorDescription describes it. */
typedef struct
{
  char   *name;            /* "op" or "op:1" */
  guint   output;          /* index among the node's outputs */
  gint32  slot;
  char   *dtype;           /* "float", "int32", ...; NULL if not given */
  char   *shape;           /* "[2, 3]", "[]" for a scalar, "?" for unknown sizes; NULL if not given */
  gint64  requested_bytes;
  gint64  allocated_bytes; /* -1 if not given */
  char   *allocator;
} StpTensorInfo;

typedef struct
{
  char       *name;        /* as the label writes it */
  guint32     node;        /* producer, STP_INDEX_NONE if not found */
  StpItemRef  producer;    /* its op slice, kind NONE if not drawn */
} StpDetailsInput;

typedef struct
{
  char   *allocator;
  gint64  total_bytes;
  gint64  peak_bytes;
  gint64  live_bytes;
  gint64  allocator_bytes_in_use;
} StpDetailsMemory;

/* A StepStats NodeExecStats.  Times are microseconds as recorded
 * (nanoseconds where the message has them: *_ns, else -1). */
typedef struct
{
  guint32     node;
  char       *node_name;
  char       *op;
  char       *device;
  char       *timeline_label;
  guint32     thread_id;
  gint64      all_start_us;
  gint64      op_start_rel_us;
  gint64      op_end_rel_us;
  gint64      all_end_rel_us;
  gint64      scheduled_us;
  gint64      all_start_ns;
  gint64      scheduled_ns;
  /* The same times in nanoseconds on the trace's clock, saturated (never
   * wrapped).  `scheduled` is STP_TS_UNKNOWN when not recorded; TensorFlow's
   * GPU tracer writes nanoseconds into scheduled_micros of stream kernels,
   * which `scheduled_was_ns` tells. */
  gint64      scheduled;
  gboolean    scheduled_was_ns;
  gint64      all_start;
  gint64      all_end;
  gint64      op_start;
  gint64      op_end;
  GArray     *inputs;      /* StpDetailsInput */
  GArray     *outputs;     /* StpTensorInfo */
  GArray     *memory;      /* StpDetailsMemory */
  gint64      temp_memory_size;        /* -1 without MemoryStats */
  gint64      persistent_memory_size;
} StpDetailsNode;

typedef struct
{
  guint32     flow;        /* index into trace->flows */
  StpItemRef  peer;        /* the slice at the other end, kind NONE if unbound */
  char       *peer_name;   /* its name, NULL if unbound */
  char       *name;        /* the flow's name */
  gint64      ts;          /* the time at this end */
  gint64      peer_ts;     /* the time at the other end */
} StpDetailsFlow;

typedef struct
{
  char       *name;
  double      value;       /* at the selected time */
  gboolean    has_value;   /* FALSE before its first sample */
  double      min;
  double      max;
} StpDetailsSeries;

/* A tensor's consumer, as the graph and the labels see it. */
typedef struct
{
  char       *name;
  StpItemRef  op;          /* its op slice, kind NONE if it did not run */
  gboolean    by_graph;    /* the graph has it consuming the tensor */
  gboolean    by_label;    /* its timeline_label names the tensor */
  gboolean    remote;      /* through a Send/Recv pair */
} StpDetailsConsumer;

/* How a StepStats tensor's lifetime was found, when there is a graph
 * (stp-lifetimes.h).  Times on the trace's clock (ns). */
typedef struct
{
  gboolean    from_graph;  /* the lifetime shown came from the graph */
  gboolean    in_graph;    /* the graph has the tensor's producer */
  gboolean    unused;      /* in the graph, and no consumer of it ran */
  gboolean    differs;     /* the graph's end is not the labels' */
  gboolean    disagrees;   /* the labels and the graph name other consumers */
  gint64      labels_end;  /* timeline.py's */
  gint64      graph_end;
  GArray     *consumers;   /* StpDetailsConsumer */
} StpDetailsLifetime;

/* A slice lists at most this many children (n_children says how many). */
#define STP_DETAILS_MAX_CHILDREN 100

typedef struct
{
  StpItemRef        item;
  char             *name;
  char             *category;       /* NULL if none */
  char             *process;        /* NULL for global instants and flows */
  char             *thread;         /* the track's name; NULL if none */

  /* Time: start relative to the trace start and as recorded. */
  gint64            start;
  gint64            start_rel;
  gboolean          has_duration;   /* slices, objects with both ends, flows */
  gint64            duration;
  gint64            self_time;      /* slices: see stp_slice_self_time() */
  guint             n_children;
  StpItemRef        parent;         /* slices: one level up, or NONE */
  GArray           *children;       /* StpItemRef: the first STP_DETAILS_MAX_CHILDREN */
  gboolean          unclosed;       /* never ended: runs to the trace end */

  StpArg           *args;           /* parsed args, NULL if none */
  char             *args_error;     /* why they could not be parsed */

  StpDetailsNode   *node;           /* StepStats ops */
  GArray           *flows_in;       /* StpDetailsFlow */
  GArray           *flows_out;

  /* Objects */
  char             *object_id;
  gboolean          has_end;
  gint64            end;
  guint             n_snapshots;
  StpTensorInfo    *tensor;         /* a StepStats tensor, or parsed from the snapshot */
  guint32           producer_node;  /* STP_INDEX_NONE if unknown */
  StpItemRef        producer;
  GArray           *consumers;      /* StpItemRef, the consuming ops' slices */
  StpDetailsLifetime *lifetime;     /* StepStats tensors with a graph, else NULL */

  /* Counters */
  GArray           *series;         /* StpDetailsSeries */
  double            total;          /* the series' sum at the selected time */
  gboolean          bytes;          /* a memory counter */

  /* Flows */
  StpItemRef        flow_src;
  StpItemRef        flow_dst;
  char             *flow_src_name;
  char             *flow_dst_name;
  gint64            flow_dst_ts;
  char             *flow_id;
} StpDetails;

StpDetails *stp_details_new           (StpTrace         *trace,
                                       StpLinks         *links,
                                       const StpItemRef *item);
void        stp_details_free          (StpDetails       *self);

/* The StepStats node name of an op slice ("conv1/Conv2D"), or NULL for
 * any other slice: what a link to the op says. */
char       *stp_details_node_name     (const StpTrace   *trace,
                                       const StpSlice   *slice);
/* The name to show for a slice whose own name says nothing: timeline.py
 * calls GPU kernels it cannot label "unknown", the viewer shows their
 * node's name (exports keep timeline.py's).  NULL for every other slice. */
char       *stp_details_shown_name    (const StpTrace   *trace,
                                       const StpSlice   *slice);
/* stp-details-lifetime.c: the lifetime of the tensor object called
 * name, NULL without a graph. */
StpDetailsLifetime *stp_details_lifetime_new  (const StpTrace     *trace,
                                               StpLinks           *links,
                                               StpStr              name);
void                stp_details_lifetime_free (StpDetailsLifetime *self);

/* Parses a JSON document (args) into a tree; NULL with error if bad. */
StpArg     *stp_arg_parse             (const char       *json,
                                       gssize            len,
                                       GError          **error);
void        stp_arg_free              (StpArg           *arg);
const StpArg *stp_arg_get_member      (const StpArg     *arg,
                                       const char       *key);

/* Decodes a StepStats output's TensorDescription. */
void        stp_tensor_info_init      (StpTensorInfo           *info,
                                       const StpStepStats      *ss,
                                       const StpStepStatsOutput *output);
void        stp_tensor_info_clear     (StpTensorInfo           *info);

/* The output's name as timeline.py names tensors: "op", "op:1", ... */
char       *stp_tensor_name           (const StpStepStatsNode  *node,
                                       guint                    output);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpDetails, stp_details_free)
G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpArg, stp_arg_free)

G_END_DECLS
