/* stp-chrome-json-relay.h: scanned events, from the thread that scans
 * the document to the thread that builds the model
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Cutting the document into events and members is half of a load and
 * needs nothing from the model, so on an input larger than one window
 * one thread scans while the loading thread turns what it scanned into
 * slices.  Events go over in batches of a few hundred.  Their members
 * point into the window they were read into: the relay reads the
 * document into two windows in turn (stp_chrome_relay_read()), so the
 * scanner fills one while the loading thread still uses the other.
 *
 * On a smaller input the same calls run on one thread: each batch is
 * used as soon as it is full.
 */

#pragma once

#include "stp-chrome-json-private.h"

G_BEGIN_DECLS

typedef enum
{
  STP_CHROME_UNIT_EVENT,
  STP_CHROME_UNIT_TOP_MEMBER,     /* event.members[0]: a member of the object form */
  STP_CHROME_UNIT_NOT_AN_EVENT,   /* an element of the events array that is no object */
  STP_CHROME_UNIT_TRAILING_DATA,  /* something after the end of the trace */
} StpChromeUnitKind;

typedef struct
{
  StpChromeEvent    event;          /* members are set when the batch is used */
  guint             first_member;   /* in the batch's members */
  StpChromeUnitKind kind;
} StpChromeUnit;

#define STP_CHROME_BATCH_UNITS 256

typedef struct
{
  StpChromeUnit  units[STP_CHROME_BATCH_UNITS];
  guint          n_units;
  GArray        *members;           /* StpChromeMember; its len is the room */
  guint          n_members;
  guint64        file_position;     /* of the input once these were read */
  guint          window;            /* the one its members point into */
  const char    *window_data;       /* its bytes, */
  guint64        window_offset;     /* which start here in a plain file */
  gboolean       last;
} StpChromeBatch;

/* Runs on the loading thread, for each batch in document order. */
typedef void (*StpChromeBatchFunc) (StpChromeBatch *batch,
                                    gpointer        user_data);

typedef struct _StpChromeRelay StpChromeRelay;

/* The scanner: fills batches through the calls below, on a thread of
 * its own when `threaded`. */
typedef void (*StpChromeScanFunc) (StpChromeRelay *relay,
                                   gpointer        user_data);

void            stp_chrome_relay_run       (gboolean            threaded,
                                            StpChromeScanFunc   scan,
                                            gpointer            scan_data,
                                            StpChromeBatchFunc  use,
                                            gpointer            use_data);

/* For the scanner. */
StpChromeBatch *stp_chrome_relay_batch     (StpChromeRelay     *self);
StpChromeUnit  *stp_chrome_relay_add_unit  (StpChromeRelay     *self,
                                            StpChromeUnitKind   kind);
void            stp_chrome_relay_commit    (StpChromeRelay     *self,
                                            guint               n_members);

/* The next window: `rest` (the end of the current one, not yet cut
 * into units) and then data read from the input, `want` bytes in all
 * (at most STP_INPUT_MAX_WINDOW) unless the data ends first; NULL if
 * reading fails.  A rest that is the whole current window (a unit
 * larger than it) stays where it is and the window grows.  Otherwise
 * what was handed over from the window read into before the current
 * one must not be used any more: the relay waits until it is not. */
const char     *stp_chrome_relay_read      (StpChromeRelay     *self,
                                            StpInput           *input,
                                            const char         *rest,
                                            gsize               rest_len,
                                            gsize               want,
                                            gsize              *avail,
                                            GError            **error);

/* Room for `n` members after the batch's committed ones. */
static inline StpChromeMember *
stp_chrome_batch_member (StpChromeBatch *batch,
                         guint           n)
{
  if (batch->n_members + n >= batch->members->len)
    g_array_set_size (batch->members, MAX (64, (batch->n_members + n) * 2));
  return &g_array_index (batch->members, StpChromeMember, batch->n_members + n);
}

G_END_DECLS
