/* stp-xspace-private.h: an XSpace indexed in place, for stp-xspace*.c and tests
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-xspace.h"
#include "stp-step-stats.h"
#include "stp-wire.h"

G_BEGIN_DECLS

/* Field numbers of the profiler's xplane.proto. */
enum
{
  XSPACE_PLANES = 1,
  XSPACE_ERRORS = 2,
  XSPACE_WARNINGS = 3,
  XSPACE_HOSTNAMES = 4,
  XPLANE_ID = 1,
  XPLANE_NAME = 2,
  XPLANE_LINES = 3,
  XPLANE_EVENT_METADATA = 4,
  XPLANE_STAT_METADATA = 5,
  XPLANE_STATS = 6,
  XLINE_ID = 1,
  XLINE_NAME = 2,
  XLINE_TIMESTAMP_NS = 3,
  XLINE_EVENTS = 4,
  XLINE_DURATION_PS = 9,
  XLINE_DISPLAY_ID = 10,
  XLINE_DISPLAY_NAME = 11,
  XEVENT_METADATA_ID = 1,
  XEVENT_OFFSET_PS = 2,
  XEVENT_DURATION_PS = 3,
  XEVENT_STATS = 4,
  XEVENT_NUM_OCCURRENCES = 5,
  XSTAT_METADATA_ID = 1,
  XSTAT_DOUBLE = 2,
  XSTAT_UINT64 = 3,
  XSTAT_INT64 = 4,
  XSTAT_STR = 5,
  XSTAT_BYTES = 6,
  XSTAT_REF = 7,
  XEVENT_METADATA_ID_FIELD = 1,
  XEVENT_METADATA_NAME = 2,
  XEVENT_METADATA_METADATA = 3,
  XEVENT_METADATA_DISPLAY_NAME = 4,
  XEVENT_METADATA_STATS = 5,
  XSTAT_METADATA_ID_FIELD = 1,
  XSTAT_METADATA_NAME = 2,
  MAP_KEY = 1,
  MAP_VALUE = 2,
};

typedef enum
{
  STP_XVALUE_NONE,
  STP_XVALUE_DOUBLE,
  STP_XVALUE_UINT64,
  STP_XVALUE_INT64,
  STP_XVALUE_STR,
  STP_XVALUE_BYTES,
  STP_XVALUE_REF,
} StpXValueKind;

typedef struct
{
  gint64        metadata_id;
  StpXValueKind kind;       /* the oneof member set last */
  double        d;
  guint64       u;          /* UINT64, REF */
  gint64        i;
  StpSpan       bytes;      /* STR, BYTES */
} StpXStat;

/* Stats the analyses look at, by their XStatMetadata name. */
typedef enum
{
  STP_XSTAT_OTHER,
  STP_XSTAT_GROUP_ID,       /* "group_id" */
  STP_XSTAT_STEP_NAME,      /* "step_name" */
  STP_XSTAT_TF_OP,          /* "tf_op" */
  STP_XSTAT_LEVEL0,         /* "level 0": older profilers' tf_op */
  STP_XSTAT_HLO_OP,         /* "hlo_op" */
  STP_XSTAT_HLO_MODULE,     /* "hlo_module" */
  STP_XSTAT_KERNEL_DETAILS, /* "kernel_details": the event is a kernel */
  STP_XSTAT_DEVICE_ID,      /* "device_id" */
  STP_XSTAT_CORRELATION_ID, /* "correlation_id" */
  STP_XSTAT_IS_ASYNC,       /* "is_async" */
  STP_N_XSTATS,
} StpXKnownStat;

/* The known stats of one event (its metadata's, then its own). */
typedef struct
{
  guint32 has;              /* 1 << StpXKnownStat */
  gint64  group_id;
  gint64  device_id;
  gint64  is_async;
  StpSpan step_name;
  StpSpan tf_op;
  StpSpan hlo_op;
  StpSpan hlo_module;
} StpXKnown;

#define STP_XKNOWN_HAS(k, stat) (((k)->has & (1u << (stat))) != 0)

/* id -> index, for the metadata maps; later map entries replace earlier. */
typedef struct
{
  GArray  *ids;       /* gint64, sorted, unique */
  GArray  *indices;   /* guint32, parallel */
  guint32 *dense;     /* index + 1 by id, when ids are small */
  gsize    n_dense;
} StpXIdMap;

typedef struct
{
  StpSpan   name;
  StpSpan   display_name;
  StpSpan   message;        /* the XEventMetadata, for its stats */
  gsize     offset;         /* of message in the file */
  StpStr    slice_name;     /* display_name, else name */
  StpStr    low_name;       /* name */
  StpXKnown known;          /* of its stats */
} StpXEventMeta;

typedef struct
{
  StpSpan       name;
  StpXKnownStat known;
} StpXStatMeta;

typedef struct
{
  StpSpan    name;
  gint64     id;
  StpSpan    message;
  gsize      offset;
  guint32    process;
  GArray    *event_metas;   /* StpXEventMeta */
  StpXIdMap  event_map;
  GArray    *stat_metas;    /* StpXStatMeta */
  StpXIdMap  stat_map;
} StpXPlane;

struct _StpXSpace
{
  /*< private >*/
  gint          ref_count;
  GBytes       *bytes;
  const guint8 *data;
  gsize         len;
  char         *filename;
  GArray       *planes;     /* StpXPlane */
};

/* Slices of XSpace events keep where their event is in args (their
 * args are made from it when asked for): the plane in the top bits, the
 * byte offset of the event's field tag in the bottom ones. */
#define STP_XSPACE_OFFSET_BITS 40
#define STP_XSPACE_MAX_PLANES  ((guint64) 1 << (64 - STP_XSPACE_OFFSET_BITS))

gboolean       stp_xstat_read            (const StpWireReader *parent,
                                          const StpWireField  *field,
                                          StpXStat            *stat,
                                          GError             **error);
void           stp_xknown_add            (StpXKnown           *known,
                                          const StpXPlane     *plane,
                                          const StpXSpace     *space,
                                          const StpXStat      *stat);
/* Lays the stats `over` has over those of known. */
void           stp_xknown_merge          (StpXKnown           *known,
                                          const StpXKnown     *over);
/* Walks a repeated XStat field set (an event's or a metadata's). */
gboolean       stp_xstats_collect        (const StpXSpace     *space,
                                          const StpXPlane     *plane,
                                          const guint8        *data,
                                          gsize                len,
                                          gsize                base,
                                          guint32              stats_field,
                                          StpXKnown           *known,
                                          GError             **error);

const StpXEventMeta *stp_xplane_lookup_event_meta (const StpXPlane *plane,
                                                   gint64           id);
const StpXStatMeta  *stp_xplane_lookup_stat_meta  (const StpXPlane *plane,
                                                   gint64           id);

StpXSpace     *stp_xspace_new            (GBytes              *bytes,
                                          const char          *filename);
/* Reads the planes' names, ids and metadata maps (not their lines). */
gboolean       stp_xspace_index          (StpXSpace           *self,
                                          StpTrace            *trace,
                                          GCancellable        *cancellable,
                                          GError             **error);

/* Appends the args object of an XSpace event slice. */
void           stp_xspace_append_args    (gpointer             source,
                                          const StpSlice      *slice,
                                          GString             *out);

/* Derived lines: per device plane, the events they are made from. */
typedef struct
{
  gint64    begin_ps;       /* from the plane's base */
  gint64    duration_ps;
  guint32   order;
  StpStr    low_name;
  StpXKnown known;
} StpXDerivedInput;

typedef struct _StpXDerived StpXDerived;

StpXDerived   *stp_xderived_new          (StpTrace            *trace,
                                          StpXSpace           *space,
                                          guint                flags);
void           stp_xderived_free         (StpXDerived         *self);
/* Called around the lines of every plane; present_kinds has a bit per
 * StpDerivedKind the file already has a line of in the plane. */
void           stp_xderived_begin_plane  (StpXDerived         *self,
                                          guint                plane);
void           stp_xderived_end_plane    (StpXDerived         *self,
                                          guint                plane,
                                          guint32              present_kinds);
/* Called for every event; the events of the profiler's own derived
 * lines (derived_line) only give step names. */
void           stp_xderived_add_event    (StpXDerived         *self,
                                          guint                plane,
                                          gboolean             derived_line,
                                          gint64               line_ts_ns,
                                          gint64               offset_ps,
                                          gint64               duration_ps,
                                          const StpXEventMeta *meta,
                                          const StpXKnown     *known);
gboolean       stp_xderived_finish       (StpXDerived         *self,
                                          GCancellable        *cancellable,
                                          GError             **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpXDerived, stp_xderived_free)

G_END_DECLS
