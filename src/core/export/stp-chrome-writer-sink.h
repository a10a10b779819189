/* stp-chrome-writer-sink.h: formatting blocks in parallel, writing them in order
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

#include "stp-output.h"
#include "stp-progress.h"

G_BEGIN_DECLS

#define STP_CHROME_WRITER_SINK_WORKERS 2

typedef struct
{
  /* Appends the document's start (metadata events) to out. */
  void    (*head)  (gpointer data, GString *out);
  /* Appends chunk `chunk`'s events to out, from worker `worker`
   * (0 .. STP_CHROME_WRITER_SINK_WORKERS - 1, one thread each);
   * returns how many events it wrote. */
  guint64 (*chunk) (gpointer data, guint worker, GString *out, guint chunk);
  /* Appends the document's end. */
  void    (*tail)  (gpointer data, GString *out);
} StpChromeWriterSinkFuncs;

/* Every event the functions write starts with ",\n"; the comma before
 * the very first one is dropped.  Progress is reported from the thread
 * that wrote the block, never from two at once.  Stops early on a write
 * error or cancellation. */
gboolean stp_chrome_writer_sink_run (StpOutput                      *out,
                                     const StpChromeWriterSinkFuncs *funcs,
                                     gpointer                        data,
                                     guint                           n_chunks,
                                     guint64                         n_events,
                                     StpProgressFunc                 progress,
                                     gpointer                        user_data,
                                     GCancellable                   *cancellable,
                                     GError                        **error);

G_END_DECLS
