/* stp-trace.h: the one trace model every format loads into
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A StpTrace is built by one loader on one thread, sealed with
 * stp_trace_finish(), and is read-only (and so shareable between
 * threads) from then on.
 *
 * Events are plain structs in plain arrays: there is no object per
 * event.  All times are nanoseconds (gint64) on the trace's own clock;
 * names are interned (StpStr); args are raw JSON bytes in the trace's
 * StpRawStore, parsed only when someone shows them.
 *
 * Every event remembers its position in the input (seq), so exporters
 * can write events back in their original order.
 */

#pragma once

#include <gio/gio.h>

#include "stp-raw-store.h"
#include "stp-string-table.h"

G_BEGIN_DECLS

#define STP_SEQ_NONE     G_MAXUINT32
#define STP_INDEX_NONE   G_MAXUINT32
#define STP_TS_UNKNOWN   G_MININT64
#define STP_MAX_DEPTH    512
/* Names (of slices, tracks, processes, categories) longer than this are
 * cut, with a "long-name" warning: no real trace comes near it, and a
 * label is only ever shown elided. */
#define STP_MAX_NAME_LEN (1024 * 1024)

typedef enum
{
  STP_FORMAT_UNKNOWN,
  STP_FORMAT_STEP_STATS,       /* binary StepStats */
  STP_FORMAT_RUN_METADATA,     /* binary RunMetadata */
  STP_FORMAT_STEP_STATS_TEXT,  /* text format StepStats */
  STP_FORMAT_RUN_METADATA_TEXT,
  STP_FORMAT_CHROME_JSON,
  STP_FORMAT_XSPACE,
} StpFormat;

const char *stp_format_to_string (StpFormat format);

/* An event id as it appeared in the input: a non-negative integer, or,
 * with STP_ID_IS_RAW set, the interned raw JSON text (StpStr in the low
 * 32 bits) of any other id ("0x1f", "abc", -1, ...). */
typedef guint64 StpId;

#define STP_ID_IS_RAW   (G_GUINT64_CONSTANT (1) << 63)
#define STP_ID_NONE     G_MAXUINT64

typedef enum
{
  STP_SLICE_UNCLOSED   = 1 << 0,  /* B without E, or X without dur: ends at trace end */
  STP_SLICE_FROM_BEGIN = 1 << 1,  /* came from a B/E pair rather than X */
  STP_SLICE_INSTANT    = 1 << 2,  /* an i/I/R/n instant (dur is 0) */
  STP_SLICE_ASYNC      = 1 << 3,  /* b/e nestable async */
  STP_SLICE_ASYNC_LEGACY = 1 << 4, /* S/F legacy async */
  STP_SLICE_DERIVED    = 1 << 5,  /* made by an analysis, not read from the input */
  STP_SLICE_SAMPLE     = 1 << 6,  /* a P sample */
  /* args is the node's index in the StepStats (low 32 bits) and, in a
   * merged trace, the index of the part it is of (high 32 bits). */
  STP_SLICE_STEP_STATS_NODE = 1 << 7,
  /* args locates the event in trace->source; its
   * args are made by trace->source_args when asked for (XSpace). */
  STP_SLICE_SOURCE_EVENT = 1 << 8,
  /* An instant a derived counter draws instead (PyTorch's [memory]
   * events): kept, exported, searched, but not drawn on its own. */
  STP_SLICE_FOLDED     = 1 << 9,
  /* The event had members the model keeps for export: see
   * stp_trace_get_slice_extra(). */
  STP_SLICE_HAS_EXTRA  = 1 << 10,
} StpSliceFlags;

/* A slice (X, B/E), an instant, an async slice or a sample: 40 bytes,
 * as there are millions. */
typedef struct
{
  gint64  ts;
  gint64  dur;          /* as read; may be negative in broken inputs, see stp_slice_end() */
  StpStr  name;
  StpStr  cat;
  guint32 seq;          /* position in the input, STP_SEQ_NONE if made up */
  guint16 depth;        /* nesting depth within its track */
  guint16 flags;        /* StpSliceFlags */
  guint64 args;         /* StpRaw of the args object, STP_RAW_NONE if none (but
                         * see STP_SLICE_SOURCE_EVENT, STP_SLICE_STEP_STATS_NODE) */
} StpSlice;

G_STATIC_ASSERT (sizeof (StpSlice) == 40);

/* Times may be anywhere in gint64 (a hostile or broken input puts them
 * at the ends): sums and differences of times saturate instead of
 * overflowing. */
static inline gint64
stp_time_add (gint64 a,
              gint64 b)
{
  gint64 r;

  if (__builtin_add_overflow (a, b, &r))
    return b > 0 ? G_MAXINT64 : G_MININT64;
  return r;
}

static inline gint64
stp_time_sub (gint64 a,
              gint64 b)
{
  gint64 r;

  if (__builtin_sub_overflow (a, b, &r))
    return b < 0 ? G_MAXINT64 : G_MININT64;
  return r;
}

/* The span from a to b >= a, exact: times may lie anywhere in gint64
 * (timeline.py's own output reaches -9.2e18 ns), so their difference
 * may not fit one.  For the trace's duration and offsets from its start. */
static inline guint64
stp_time_span (gint64 a,
               gint64 b)
{
  return b > a ? (guint64) b - (guint64) a : 0;
}

static inline gint64
stp_slice_end (const StpSlice *slice)
{
  return stp_time_add (slice->ts, MAX (slice->dur, 0));
}

/* The node of a STP_SLICE_STEP_STATS_NODE slice, in its StepStats. */
static inline guint32
stp_slice_get_node (const StpSlice *slice)
{
  return (guint32) slice->args;
}

typedef enum
{
  STP_TRACK_THREAD,     /* slices of one tid (or an overflow lane of it) */
  STP_TRACK_ASYNC,      /* async slices of one name in a process */
  STP_TRACK_COUNTER,    /* a counter (C events) with one or more series */
  STP_TRACK_INSTANTS,   /* process-scoped instants */
} StpTrackKind;

typedef struct
{
  gint64  ts;
  double  value;
  guint32 seq;
} StpCounterSample;

typedef struct
{
  StpStr  name;         /* the args key */
  GArray *samples;      /* StpCounterSample, sorted by ts (stable) */
  double  min;
  double  max;
} StpCounterSeries;

typedef struct
{
  StpTrackKind kind;
  guint32      process;      /* index into trace->processes */
  gint64       tid;
  StpStr       tid_str;      /* the tid when it was a string in the input, else 0 */
  guint32      lane;         /* 0, or n for the n-th overflow lane of the same tid */
  StpStr       name;         /* thread_name / async or counter name; 0 if unnamed */
  StpStr       cat;          /* category of a counter's or async track's events */
  gint32       sort_index;
  gboolean     has_sort_index;

  /* THREAD, ASYNC, INSTANTS: slices sorted by (depth, ts, seq).
   * Slices of one depth never overlap, so each depth is a run sorted by
   * both start and end: depth_starts[d] is where depth d begins and
   * depth_starts[max_depth + 1] == slices->len. */
  GArray      *slices;       /* StpSlice */
  guint32     *depth_starts; /* depth_bounds when max_depth is 0 */
  guint32      depth_bounds[2];
  guint16      max_depth;
  GArray      *instants;     /* StpSlice with STP_SLICE_INSTANT, sorted by ts (THREAD only) */

  gboolean     derived;      /* made by an analysis, never written back */

  /* COUNTER */
  StpStr       counter_id;   /* the C event's "id", if any */
  GPtrArray   *series;       /* StpCounterSeries* */
  GHashTable  *series_index; /* StpStr name -> series, once there are many */
} StpTrack;

typedef struct
{
  gint64     pid;
  StpStr     pid_str;        /* the pid when it was a string in the input, else 0 */
  StpStr     name;           /* process_name, 0 if none */
  StpStr     labels;         /* process_labels, 0 if none */
  gint32     sort_index;
  gboolean   has_sort_index;
  GArray    *tracks;         /* guint32 indices into trace->tracks, display order after finish */
  guint32    first_object;   /* objects of this process: a range of trace->objects */
  guint32    n_objects;
  guint32    n_object_lanes;
  guint32    part;           /* index into trace->parts of a merged trace, else 0 */
} StpProcess;

/* One end of a flow arrow: a flow event (s/t/f) or a v2 flow on a slice.
 * 24 bytes, as a StepStats has more flows than ops. */
typedef struct
{
  gint64  ts;
  guint32 track;     /* trace->tracks index of the thread the event was on;
                      * once bound, of the lane holding its slice */
  guint32 slice;     /* bound slice: index into tracks[track]->slices, or
                      * STP_INDEX_NONE (but see binding) */
  guint32 seq;       /* the flow event's; for a v2 flow, its slice's */
  gchar   phase;     /* 's', 't', 'f', or 0 for v2 (bind_id/flow_in/flow_out) */
  guint8  binding;   /* 'e' for bp:"e" (enclosing slice); 'q' when the loader
                      * knows the slice: `slice` holds its seq until finish;
                      * 0 for the format's default rule */
} StpFlowEnd;

G_STATIC_ASSERT (sizeof (StpFlowEnd) == 24);

typedef struct
{
  StpFlowEnd src;
  StpFlowEnd dst;    /* dst.track == STP_INDEX_NONE for a flow that never arrived */
  StpStr     name;
  StpStr     cat;
  StpId      id;
} StpFlow;

/* Few flows have an extra: stp_trace_get_flow_extra() finds it. */
G_STATIC_ASSERT (sizeof (StpFlow) == 64);

typedef struct
{
  StpStr  name;
  StpStr  cat;
  StpId   id;
  gint64  create_ts;   /* STP_TS_UNKNOWN if only snapshots were seen */
  gint64  delete_ts;   /* STP_TS_UNKNOWN if never deleted */
  gint64  create_tid;
  gint64  delete_tid;
  guint32 create_seq;
  guint32 delete_seq;
  guint32 lane;            /* row within the process's objects */
  guint32 process;
} StpObject;

/* Few objects have an extra: stp_trace_get_object_extra() finds it, and
 * their snapshots stp_trace_get_object_snapshots(). */
G_STATIC_ASSERT (sizeof (StpObject) == 64);

/* 32 bytes: a StepStats with memory shown has one per tensor.  Where
 * its trace (or, merged, its input) has source_snapshot_args, args is
 * that format's reference to the snapshot (StepStats tensors: the
 * index of their output) and the args are made when asked for; every
 * snapshot of a format is made one way. */
typedef struct
{
  gint64  ts;
  gint64  tid;
  guint64 args;        /* StpRaw, or the format's reference (see above) */
  guint32 object;
  guint32 seq;
} StpSnapshot;

G_STATIC_ASSERT (sizeof (StpSnapshot) == 32);

typedef enum
{
  /* seq is the input position of the event that ended this one (the E
   * of a B, the e of a b, the F of an S), so export can write it back
   * where it was: at equal timestamps the order decides the pairing. */
  STP_EXTRA_END_SEQ = 1 << 0,
  /* The next extra holds the members of that ending event (or of the
   * flow's destination event), with its own phase. */
  STP_EXTRA_HAS_END = 1 << 1,
} StpExtraFlags;

/* Extra members of an event that the model keeps verbatim for export:
 * raw JSON object members without braces, e.g. "tts":12,"cname":"good". */
typedef struct
{
  StpRaw  members;
  guint32 seq;         /* see STP_EXTRA_END_SEQ, else STP_SEQ_NONE */
  gchar   phase;       /* the input phase, for events that need it on export */
  guint8  flags;       /* StpExtraFlags */
} StpExtra;

/* Which extra the event read at seq has: a slice's, a flow's (the seq
 * of its first event) or an object's (the seq of its N event). */
typedef struct
{
  guint32 seq;
  guint32 extra;
} StpEventExtra;

typedef struct
{
  StpStr  kind;        /* a short identifier, e.g. "unmatched-end" */
  guint32 count;
  StpStr  example;     /* the first occurrence, described */
} StpWarning;

/* timeline.py's AllocationMaximum, per allocator. */
typedef struct
{
  StpStr  allocator;
  gint64  ts;          /* ns */
  gint64  num_bytes;
  GArray *tensors;     /* StpStr, sorted by name */
} StpAllocatorMaximum;

typedef enum
{
  /* A member of the JSON object form ("metadata", "otherData", ...):
   * value is its JSON, written back beside the events on export. */
  STP_METADATA_MEMBER,
  /* A whole trace event the model has no place for (an M event of
   * another name, an unknown phase): key is its "ph" or M name, value
   * the event object, written back among the events on export. */
  STP_METADATA_EVENT,
  /* What a binary format says about itself (XSpace hostnames,
   * RunMetadata devices): plain text, shown, never written. */
  STP_METADATA_DESCRIPTION,
} StpMetadataKind;

typedef struct
{
  StpStr  key;
  guint32 kind;        /* StpMetadataKind */
  StpRaw  value;
} StpTraceMetadata;

/* A slice's args made from its format's source on demand. */
typedef void (*StpSourceArgsFunc) (gpointer        source,
                                   const StpSlice *slice,
                                   GString        *out);

/* A snapshot's args likewise (see StpSnapshot). */
typedef void (*StpSourceSnapshotArgsFunc) (gpointer           source,
                                           const StpSnapshot *snapshot,
                                           GString           *out);

/* One input of a merged trace (stp_trace_merge()): what it was, where
 * its processes are, and the format data it keeps for details. */
typedef struct
{
  char              *label;          /* "rank 3", a host, or the file's name */
  char              *filename;
  StpFormat          format;
  gint64             offset;         /* ns added to every time of the input */
  guint32            first_process;  /* its processes: a range of trace->processes */
  guint32            n_processes;
  gint64             start_ts;       /* its earliest event and latest end, moved */
  gint64             end_ts;
  gpointer           source;
  GDestroyNotify     source_free;
  StpSourceArgsFunc  source_args;
  StpSourceSnapshotArgsFunc source_snapshot_args;
  struct _StpLifetimes *lifetimes;
} StpTracePart;

typedef struct _StpTrace StpTrace;

struct _StpTrace
{
  /*< private >*/
  gint             ref_count;

  /*< public, read-only once finished >*/
  StpFormat        format;
  char            *filename;      /* display name of the input */
  StpStringTable  *strings;
  StpRawStore     *raw;

  GArray          *processes;     /* StpProcess, in order of appearance */
  GArray          *process_order; /* guint32 process indices, display order (after finish) */
  GPtrArray       *tracks;        /* StpTrack* */
  GArray          *flows;         /* StpFlow */
  GArray          *objects;       /* StpObject, grouped by process after finish */
  GArray          *snapshots;     /* StpSnapshot, grouped by object after finish */
  GArray          *global_instants; /* StpSlice, sorted by ts */
  GArray          *extras;        /* StpExtra */
  GArray          *event_extras;  /* StpEventExtra, sorted by seq after finish */
  GArray          *warnings;      /* StpWarning */
  GArray          *metadata;      /* StpTraceMetadata */
  GArray          *allocator_maximums; /* StpAllocatorMaximum */
  StpStr           display_time_unit;

  gint64           start_ts;      /* earliest event, after finish */
  gint64           end_ts;        /* latest event end, after finish */
  guint32          n_seq;         /* events read from the input */

  /* Format-specific data the analysis keeps for details and re-analysis. */
  gpointer         source;
  GDestroyNotify   source_free;
  /* Args derived from the source on demand (slices without stored args
   * that have STP_SLICE_STEP_STATS_NODE or STP_SLICE_SOURCE_EVENT),
   * rather than kept in memory. */
  StpSourceArgsFunc source_args;
  StpSourceSnapshotArgsFunc source_snapshot_args;
  /* StepStats tensor lifetimes from the graph (stp-lifetimes.h), or
   * NULL when there was no graph. */
  struct _StpLifetimes *lifetimes;
  /* StpTracePart per input when several were merged into this trace
   * (then source is NULL: each part keeps its own), else NULL. */
  GArray          *parts;
  /* Whether the parts were moved to align their first steps, rather
   * than kept on the clock they share. */
  gboolean         parts_aligned;

  /*< private >*/
  GHashTable      *process_index;
  GHashTable      *thread_index;
  GHashTable      *warning_index;
  guint            last_warning;  /* index of the latest, to try first */
  gboolean         finished;
};

GType        stp_trace_get_type        (void) G_GNUC_CONST;
#define STP_TYPE_TRACE (stp_trace_get_type ())

StpTrace    *stp_trace_new             (StpFormat       format,
                                        const char     *filename);
StpTrace    *stp_trace_ref             (StpTrace       *self);
void         stp_trace_unref           (StpTrace       *self);

/* Building (loaders only, before stp_trace_finish) */
StpStr       stp_trace_intern          (StpTrace       *self,
                                        const char     *str,
                                        gsize           len);
/* Interns n strings in order, as n calls of stp_trace_intern() would. */
void         stp_trace_intern_many     (StpTrace       *self,
                                        StpStringQuery *queries,
                                        guint           n);
StpStr       stp_trace_intern0         (StpTrace       *self,
                                        const char     *str);
guint32      stp_trace_add_process     (StpTrace       *self,
                                        gint64          pid,
                                        StpStr          pid_str);
guint32      stp_trace_add_thread      (StpTrace       *self,
                                        guint32         process,
                                        gint64          tid,
                                        StpStr          tid_str);
guint32      stp_trace_add_track       (StpTrace       *self,
                                        guint32         process,
                                        StpTrackKind    kind,
                                        StpStr          name);
StpSlice    *stp_trace_add_slice       (StpTrace       *self,
                                        guint32         track);
StpSlice    *stp_trace_add_instant     (StpTrace       *self,
                                        guint32         track);
StpCounterSeries *stp_trace_add_counter_series (StpTrace *self,
                                        guint32         track,
                                        StpStr          name);
void         stp_trace_add_counter_sample (StpTrace    *self,
                                        StpCounterSeries *series,
                                        gint64          ts,
                                        double          value,
                                        guint32         seq);
/* Gives the series `samples` (StpCounterSample, sorted as
 * series->samples must be), in place of the none it has. */
void         stp_trace_take_counter_samples (StpTrace    *self,
                                          StpCounterSeries *series,
                                          GArray         *samples);
StpFlow     *stp_trace_add_flow        (StpTrace       *self);

/* The value a counter holds at ts: that of the last sample at or before
 * it; FALSE before the first.  `sample` (nullable) gets its index. */
gboolean     stp_counter_series_value_at (const StpCounterSeries *series,
                                          gint64                  ts,
                                          double                 *value,
                                          guint32                *sample);
guint32      stp_trace_add_object      (StpTrace       *self,
                                        guint32         process);
void         stp_trace_add_snapshot    (StpTrace       *self,
                                        guint32         object,
                                        gint64          ts,
                                        gint64          tid,
                                        guint32         seq,
                                        guint64         args);  /* see StpSnapshot */
guint32      stp_trace_add_extra       (StpTrace       *self,
                                        gchar           phase,
                                        const char     *members,
                                        gsize           len);
/* Args read again from a file when shown (see stp-raw-store.h): fd
 * (taken; -1 for none) is the file being loaded.  0 if its args are to
 * be added as bytes after all. */
guint        stp_trace_add_args_file   (StpTrace       *self,
                                        int             fd);
/* Whether the files args are read from are as they were loaded; else
 * the error names the one that changed. */
gboolean     stp_trace_check_files     (const StpTrace *self,
                                        GError        **error);
StpRaw       stp_trace_add_raw_from_file (StpTrace     *self,
                                        guint           file,
                                        guint64         offset,
                                        gsize           len);
StpRaw       stp_trace_add_raw         (StpTrace       *self,
                                        const char     *bytes,
                                        gsize           len);
void         stp_trace_add_metadata    (StpTrace       *self,
                                        StpStr          key,
                                        const char     *value,
                                        gsize           len);
void         stp_trace_add_event_metadata (StpTrace    *self,
                                        StpStr          key,
                                        const char     *event,
                                        gsize           len);
void         stp_trace_add_description (StpTrace       *self,
                                        const char     *key,
                                        const char     *text);
char        *stp_trace_dup_metadata_value (const StpTrace  *self,
                                           StpMetadataKind  kind,
                                           const char      *key);
guint32      stp_trace_add_extra_full  (StpTrace       *self,
                                        const StpExtra *extra);
/* A slice's extra (an index into trace->extras), kept apart from it
 * because few slices have one; STP_INDEX_NONE if it has none.  Only
 * slices read from the input (with a seq) have them. */
void         stp_trace_set_slice_extra (StpTrace       *self,
                                        StpSlice       *slice,
                                        guint32         extra);
guint32      stp_trace_get_slice_extra (const StpTrace *self,
                                        const StpSlice *slice);
/* The same for a flow, once its ends are set, and for an object, once
 * its create_seq is. */
void         stp_trace_set_flow_extra  (StpTrace        *self,
                                        const StpFlow   *flow,
                                        guint32          extra);
guint32      stp_trace_get_flow_extra  (const StpTrace  *self,
                                        const StpFlow   *flow);
void         stp_trace_set_object_extra (StpTrace        *self,
                                         const StpObject *object,
                                         guint32          extra);
guint32      stp_trace_get_object_extra (const StpTrace  *self,
                                         const StpObject *object);
void         stp_trace_warn            (StpTrace       *self,
                                        const char     *kind,
                                        const char     *format,
                                        ...) G_GNUC_PRINTF (3, 4);
guint32      stp_trace_next_seq        (StpTrace       *self);
void         stp_trace_set_source      (StpTrace       *self,
                                        gpointer        source,
                                        GDestroyNotify  source_free);

gboolean     stp_trace_finish          (StpTrace       *self,
                                        GCancellable   *cancellable,
                                        GError        **error);

/* Reading */
static inline StpProcess *
stp_trace_get_process (const StpTrace *self,
                       guint32         index)
{
  return &g_array_index (self->processes, StpProcess, index);
}

static inline StpTrack *
stp_trace_get_track (const StpTrace *self,
                     guint32         index)
{
  return g_ptr_array_index (self->tracks, index);
}

static inline const char *
stp_trace_str (const StpTrace *self,
               StpStr          id)
{
  return stp_string_table_get (self->strings, id);
}

static inline StpSlice *
stp_track_get_slice (const StpTrack *track,
                     guint32         index)
{
  return &g_array_index (track->slices, StpSlice, index);
}

/* A track's instants: an instants track holds them as its slices, a
 * thread beside its slices; NULL for the other kinds. */
static inline GArray *
stp_track_get_instants (const StpTrack *track)
{
  return track->kind == STP_TRACK_INSTANTS ? track->slices : track->instants;
}

guint32      stp_trace_find_process    (const StpTrace *self,
                                        gint64          pid,
                                        StpStr          pid_str);
guint32      stp_trace_find_thread     (const StpTrace *self,
                                        guint32         process,
                                        gint64          tid,
                                        StpStr          tid_str);
guint        stp_trace_count_slices    (const StpTrace *self);
/* A slice's args; track is the one it is on (NULL for a global
 * instant), which says whose source made it in a merged trace. */
char        *stp_trace_dup_args        (const StpTrace *self,
                                        const StpTrack *track,
                                        const StpSlice *slice);
gboolean     stp_trace_append_args     (const StpTrace *self,
                                        const StpTrack *track,
                                        const StpSlice *slice,
                                        GString        *out);
/* A snapshot's args, kept or made from the source; FALSE if it has none. */
gboolean     stp_trace_append_snapshot_args (const StpTrace    *self,
                                        const StpSnapshot *snapshot,
                                        GString           *out);
/* The snapshots of a finished trace's object, in time order: how many,
 * and where the first is in trace->snapshots (first, nullable). */
guint        stp_trace_get_object_snapshots (const StpTrace *self,
                                        guint32         object,
                                        guint32        *first);
/* Whether its format makes the snapshot's args (see StpSnapshot),
 * rather than keeping them as read. */
gboolean     stp_trace_snapshot_args_are_made (const StpTrace    *self,
                                        const StpSnapshot *snapshot);
/* The bytes of raw, nul-terminated, and their length (nullable). */
char        *stp_trace_dup_raw         (const StpTrace *self,
                                        StpRaw          raw,
                                        gsize          *len);
char        *stp_trace_describe_process (const StpTrace  *self,
                                         const StpProcess *process);
char        *stp_trace_describe_track  (const StpTrace *self,
                                        const StpTrack *track);
guint32      stp_track_find_slice_at   (const StpTrack *track,
                                        guint16         depth,
                                        gint64          ts);
guint32      stp_track_find_first_ending_after (const StpTrack *track,
                                        guint16         depth,
                                        gint64          ts);
/* The same, searched outwards from *hint (any index: it is clamped to the
 * run) by doubling steps; the answer becomes the hint.  A few steps where
 * successive searches land near each other, twice a binary search's
 * worst. */
guint32      stp_track_find_first_ending_after_from (const StpTrack *track,
                                        guint16         depth,
                                        gint64          ts,
                                        guint32        *hint);
gsize        stp_trace_get_memory_size (const StpTrace *self);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpTrace, stp_trace_unref)

G_END_DECLS
