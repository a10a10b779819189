/* stp-chrome-json-private.h: shared by the Chrome JSON loader's files
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * stp-chrome-json.c walks the document and cuts it into events: one
 * StpChromeEvent holds where each member's value is (no copy, no tree).
 * stp-chrome-json-events.c applies the phase rules; events that can
 * only be paired once every event is read (B/E, async, flows) are kept
 * as small records and paired in stp-chrome-json-match.c, in timestamp
 * order as chrome://tracing and Perfetto do.
 */

#pragma once

#include "stp-chrome-json.h"
#include "stp-json-scan.h"
#include "stp-trace.h"

G_BEGIN_DECLS

typedef enum
{
  KEY_PH,
  KEY_TS,
  KEY_DUR,
  KEY_PID,
  KEY_TID,
  KEY_NAME,
  KEY_CAT,
  KEY_ARGS,
  KEY_ID,
  KEY_ID2,
  KEY_S,
  KEY_BP,
  KEY_SCOPE,
  KEY_BIND_ID,
  KEY_FLOW_IN,
  KEY_FLOW_OUT,
  N_KEYS,
  KEY_OTHER = N_KEYS,
} StpChromeKey;

#define KEY_BIT(k) (1u << (k))

typedef struct
{
  const char *member;    /* the key's opening quote */
  const char *value;     /* the value's first byte */
  const char *end;       /* just past the value */
  guint8      key;       /* StpChromeKey */
  guint8      escaped;   /* a string value with backslash escapes */
} StpChromeMember;

typedef struct
{
  const char      *start;   /* '{' */
  const char      *end;     /* just past '}' */
  StpChromeMember *members;
  guint            n_members;
  /* The member of each known key, -1 if absent; the walk writes
   * KEY_OTHER's too, without a test, and nothing reads it. */
  gint16           index[N_KEYS + 1];
  guint32          keys;            /* KEY_BIT() of each key it has, KEY_OTHER's too */
  char             phase;
} StpChromeEvent;

/* Pending B/E events of one thread, and async and flow events, paired
 * once everything is read. */
typedef struct
{
  gint64  ts;
  StpRaw  args;
  StpRaw  extra;      /* members kept for export */
  StpId   id;         /* flows */
  guint32 seq;
  StpStr  name;
  StpStr  cat;
  guint32 track;      /* B/E and flows: the thread track; async: the process */
  StpStr  key;        /* async and flows: the pairing key (in the loader's key table) */
  char    phase;
  guint8  binding;
} StpChromeRecord;

G_STATIC_ASSERT (sizeof (StpChromeRecord) == 56);

typedef struct
{
  guint32 seq;        /* the X or B slice */
  guint32 track;
  gint64  ts;
  StpStr  key;        /* bind_id */
  StpId   id;
  guint8  flow_in;
  guint8  flow_out;
} StpChromeV2Record;

/* A (pid, tid) or pid as written, and its track or process.  A key is
 * never empty (it holds a separator), so len 0 marks a free entry. */
typedef struct
{
  guint8  len;
  char    key[59];
  guint32 value;
} StpChromeIdEntry;

/* A name interned lately, by its length and its first and last eight
 * bytes (the bytes themselves below eight), which hold the whole name
 * up to sixteen bytes. */
typedef struct
{
  guint64 head;
  guint64 tail;
  guint32 len;
  StpStr  id;
} StpChromeName;

/* 96 KiB.  Twice as many held 0.3 MB more of HTA's control trace for
 * 0.1-0.6% fewer instructions. */
#define STP_CHROME_NAME_BITS 12
#define STP_CHROME_NAMES     (1 << STP_CHROME_NAME_BITS)

/* Sets of two entries; the numbers of sets are powers of two. */
#define STP_CHROME_THREAD_SETS  64
#define STP_CHROME_PROCESS_SETS 8

typedef struct
{
  StpTrace        *trace;
  GCancellable    *cancellable; /* not owned: looked at inside huge events */
  guint            args_file;   /* args are read again from this file (stp_trace_add_args_file()), */
  const char      *window_data; /* where the batch in use was read, */
  guint64          window_offset; /* which is here in it */
  StpStringTable  *keys;        /* async/flow pairing keys, freed before pairing */
  guint            n_keys;      /* how many there were */
  GString         *scratch;     /* extras being assembled */
  GString         *text;        /* unescaped strings */
  GString         *keybuf;      /* pairing keys being built */

  /* the latest ids as written, by a hash of their text */
  StpChromeIdEntry thread_cache[STP_CHROME_THREAD_SETS][2];
  StpChromeIdEntry process_cache[STP_CHROME_PROCESS_SETS][2];
  StpChromeIdEntry *last_thread;      /* the entry the event before used */
  StpChromeName   *names;             /* STP_CHROME_NAMES of them, see intern_cached() */

  GPtrArray       *be;          /* per track index: GArray of StpChromeRecord, or NULL */
  GArray          *async;       /* StpChromeRecord */
  GArray          *flows;       /* StpChromeRecord */
  GArray          *v2;          /* StpChromeV2Record */
  GHashTable      *counters;    /* "process\x1fname\x1fid" -> track */
  GHashTable      *instant_tracks; /* process -> INSTANTS track */
  GHashTable      *objects;     /* "process\x1fid" -> object index + 1 */
  GHashTable      *memory;      /* "process\x1ftype\x1fid" -> [memory] counter (stp-chrome-json-memory.c) */

  guint64          n_events;    /* objects with a "ph" */
  guint64          file_size;   /* 0 when not known; also the progress's total */
  guint64          file_position; /* read so far, as of the batch in use */
} StpChromeLoader;

typedef struct
{
  const char *p;
  const char *end;
} StpChromeObjectIter;

/* stp-chrome-json-values.c */
void     stp_chrome_loader_init     (StpChromeLoader      *self,
                                     StpTrace             *trace);
void     stp_chrome_loader_clear    (StpChromeLoader      *self);
StpStr   stp_chrome_intern_value    (StpChromeLoader      *self,
                                     const StpChromeMember *member);
gboolean stp_chrome_member_ts       (const StpChromeMember *member,
                                     gint64               *out);
StpId    stp_chrome_member_id       (StpChromeLoader      *self,
                                     const StpChromeMember *member);
gboolean stp_chrome_member_is_true  (const StpChromeMember *member);
guint32  stp_chrome_process_of      (StpChromeLoader      *self,
                                     const StpChromeEvent *event);
guint32  stp_chrome_thread_of       (StpChromeLoader      *self,
                                     const StpChromeEvent *event);
StpRaw   stp_chrome_extra_members   (StpChromeLoader      *self,
                                     const StpChromeEvent *event,
                                     guint32               consumed);
guint32  stp_chrome_add_extra       (StpChromeLoader      *self,
                                     char                  phase,
                                     StpRaw                members);
StpRaw   stp_chrome_add_args        (StpChromeLoader      *self,
                                     const StpChromeEvent *event);
gboolean stp_chrome_event_ts        (StpChromeLoader      *self,
                                     const StpChromeEvent *event,
                                     gint64               *ts);
gboolean stp_chrome_object_iter_init (StpChromeObjectIter  *iter,
                                      const StpChromeMember *member);
gboolean stp_chrome_object_iter_next (StpChromeObjectIter  *iter,
                                      StpChromeMember      *key,
                                      StpChromeMember      *value);

/* stp-chrome-json-events.c */
void     stp_chrome_dispatch        (StpChromeLoader      *self,
                                     const StpChromeEvent *event);
gboolean stp_chrome_args_get        (const StpChromeEvent *event,
                                     const char           *name,
                                     StpChromeMember      *out);

/* stp-chrome-json-memory.c */
gboolean stp_chrome_is_memory_event (const StpChromeEvent *event);
void     stp_chrome_memory_sample   (StpChromeLoader      *self,
                                     const StpChromeEvent *event,
                                     StpSlice             *instant);

/* stp-chrome-json.c: the load, on a second thread or not, whatever
 * the input's size (for tests). */
StpTrace *stp_chrome_json_load_full (StpInput         *input,
                                     const char       *display_name,
                                     gboolean          threaded,
                                     StpProgressFunc   progress,
                                     gpointer          user_data,
                                     GCancellable     *cancellable,
                                     GError          **error);

/* stp-chrome-json-match.c */
gboolean stp_chrome_match           (StpChromeLoader      *self,
                                     GCancellable         *cancellable,
                                     GError              **error);

static inline gboolean
stp_chrome_is_string (const StpChromeMember *m)
{
  return m != NULL && *m->value == '"';
}

static inline const StpChromeMember *
stp_chrome_event_get (const StpChromeEvent *event,
                      StpChromeKey          key)
{
  gint16 i = event->index[key];

  return i < 0 ? NULL : &event->members[i];
}

G_END_DECLS
