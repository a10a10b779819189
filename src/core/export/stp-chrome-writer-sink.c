/* stp-chrome-writer-sink.c: formatting blocks in parallel, writing them in order
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Formatting JSON is most of an export's work and chunks of events can
 * be formatted independently, so two worker threads take chunks in turn
 * while the calling thread writes the finished ones in order.  A small
 * pool of buffers bounds the memory: a worker waits for a free buffer
 * before it claims a chunk, so the chunk the writer waits for is always
 * in someone's hands.
 */

#define G_LOG_DOMAIN "stp-chrome-writer"

#include "stp-chrome-writer-sink.h"
#include "stp-buffer.h"

#define N_BUFFERS   4   /* two being formatted, two ready or being written */
#define DONE        G_MAXUINT

/* Room for a block of ~75 KB (FORMAT_CHUNK, stp-chrome-writer.c); a
 * bigger one grows its buffer.  Where malloc fills new memory
 * (MALLOC_PERTURB_, which meson sets for tests) buffers cost their whole
 * size at once: 4 MiB ones kept a cancelled export's first run busy for
 * ~100 ms.  Fuzzing exports thousands of tiny traces a second: buffers
 * grow from smaller still there. */
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
#define BUFFER_SIZE 4096
#else
#define BUFFER_SIZE (256 * 1024)
#endif

typedef struct
{
  GString *text;
  guint    chunk;      /* DONE marks a worker that has finished */
  guint64  n_events;
} Block;

typedef struct
{
  const StpChromeWriterSinkFuncs *funcs;
  gpointer                        data;
  guint                           n_chunks;
  gint                            next_chunk;  /* atomic */
  gint                            stop;        /* atomic: an error or a cancellation */
  GCancellable                   *cancellable;
  GAsyncQueue                    *ready;       /* Block* */
  GAsyncQueue                    *free;        /* GString* */
} Sink;

typedef struct
{
  Sink  *sink;
  guint  worker;
} Worker;

static gpointer
worker_thread (gpointer user_data)
{
  Worker *worker = user_data;
  Sink *sink = worker->sink;
  Block *done = g_new0 (Block, 1);

  for (;;)
    {
      GString *text = g_async_queue_pop (sink->free);
      Block *block;
      guint chunk;

      if (g_atomic_int_get (&sink->stop) || g_cancellable_is_cancelled (sink->cancellable) ||
          (chunk = g_atomic_int_add (&sink->next_chunk, 1)) >= sink->n_chunks)
        {
          g_async_queue_push (sink->free, text);
          break;
        }

      block = g_new0 (Block, 1);
      block->text = text;
      block->chunk = chunk;
      block->n_events = sink->funcs->chunk (sink->data, worker->worker, text, chunk);
      g_async_queue_push (sink->ready, block);
    }

  done->chunk = DONE;
  g_async_queue_push (sink->ready, done);
  return NULL;
}

/* Writes a block of events; the first event of the document loses the
 * comma every event is written with. */
static gboolean
write_events (StpOutput      *out,
              GString        *text,
              gboolean       *first,
              GCancellable   *cancellable,
              GError        **error)
{
  gsize skip = 0;

  if (text->len == 0)
    return TRUE;

  if (*first)
    {
      g_assert (text->str[0] == ',');
      skip = 1;
      *first = FALSE;
    }

  return stp_output_write_all (out, text->str + skip, text->len - skip, cancellable, error);
}

gboolean
stp_chrome_writer_sink_run (StpOutput                      *out,
                            const StpChromeWriterSinkFuncs *funcs,
                            gpointer                        data,
                            guint                           n_chunks,
                            guint64                         n_events,
                            StpProgressFunc                 progress,
                            gpointer                        user_data,
                            GCancellable                   *cancellable,
                            GError                        **error)
{
  g_autoptr(GString) text = g_string_new ("{\"traceEvents\":[");
  g_autoptr(GPtrArray) pending = g_ptr_array_new ();
  GThread *threads[STP_CHROME_WRITER_SINK_WORKERS];
  Worker workers[STP_CHROME_WRITER_SINK_WORKERS];
  Sink sink = { 0 };
  gboolean first = TRUE;
  guint64 written = 0;
  guint next = 0;
  guint running;
  gboolean ok;

  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (funcs != NULL, FALSE);

  /* The start: the array's opening and the metadata events. */
  ok = stp_output_write_all (out, text->str, text->len, cancellable, error);
  g_string_truncate (text, 0);
  funcs->head (data, text);
  ok = ok && write_events (out, text, &first, cancellable, error);
  if (!ok)
    return FALSE;

  sink.funcs = funcs;
  sink.data = data;
  sink.n_chunks = n_chunks;
  sink.cancellable = cancellable;
  sink.ready = g_async_queue_new ();
  sink.free = g_async_queue_new ();
  for (guint i = 0; i < N_BUFFERS; i++)
    {
      /* Mapped in as they fill: mapping them in ahead did not pay (a
       * 1M-node StepStats converts as fast without), and a small export
       * paid for every buffer in memory and time. */
      g_async_queue_push (sink.free, g_string_sized_new (BUFFER_SIZE));
    }

  g_ptr_array_set_size (pending, n_chunks);
  for (guint i = 0; i < STP_CHROME_WRITER_SINK_WORKERS; i++)
    {
      workers[i].sink = &sink;
      workers[i].worker = i;
      /* Linux keeps no thread name over 15 bytes: "stp-chrome-writer"
       * left these named after the program in perf and top. */
      threads[i] = g_thread_new ("stp-writer", worker_thread, &workers[i]);
    }

  /* Write chunks in order as they come; after an error, only drain. */
  for (running = STP_CHROME_WRITER_SINK_WORKERS; running > 0;)
    {
      Block *block = g_async_queue_pop (sink.ready);

      if (block->chunk == DONE)
        {
          running--;
          g_free (block);
          continue;
        }

      g_ptr_array_index (pending, block->chunk) = block;

      while (next < n_chunks && g_ptr_array_index (pending, next) != NULL)
        {
          Block *ready = g_ptr_array_index (pending, next);

          if (ok && !write_events (out, ready->text, &first, cancellable, error))
            {
              ok = FALSE;
              g_atomic_int_set (&sink.stop, TRUE);
            }

          written += ready->n_events;
          if (ok && progress != NULL)
            progress ("export", written, n_events, user_data);

          g_string_truncate (ready->text, 0);
          g_async_queue_push (sink.free, ready->text);
          g_free (ready);
          g_ptr_array_index (pending, next) = NULL;
          next++;
        }
    }

  for (guint i = 0; i < STP_CHROME_WRITER_SINK_WORKERS; i++)
    g_thread_join (threads[i]);

  /* Chunks left behind after an error. */
  for (guint i = next; i < n_chunks; i++)
    {
      Block *block = g_ptr_array_index (pending, i);

      if (block != NULL)
        {
          g_async_queue_push (sink.free, block->text);
          g_free (block);
        }
    }
  while (g_async_queue_length (sink.free) > 0)
    g_string_free (g_async_queue_pop (sink.free), TRUE);
  g_async_queue_unref (sink.free);
  g_async_queue_unref (sink.ready);

  if (ok && g_cancellable_set_error_if_cancelled (cancellable, error))
    ok = FALSE;

  if (ok)
    {
      g_string_truncate (text, 0);
      funcs->tail (data, text);
      ok = stp_output_write_all (out, text->str, text->len, cancellable, error);
    }

  return ok;
}
