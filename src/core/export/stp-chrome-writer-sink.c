/* stp-chrome-writer-sink.c: formatting blocks in parallel, writing them in order
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Formatting JSON is most of an export's work and chunks of events can
 * be formatted independently, so two threads, the calling one and a
 * helper, take chunks in turn.  A formatted chunk is written by the
 * thread that finished it, once the chunks before it are written, or
 * else left for the thread that writes the one before it.  A small pool
 * of buffers bounds the memory: a thread takes a free buffer before it
 * claims a chunk, so the chunk to write next is always in someone's
 * hands.
 *
 * The calling thread used to write what two helpers formatted: on two
 * cores, three threads handed over every block with a wake-up, 13-19 µs
 * a block on the development VM (bench/README.md, stop 53).
 */

#define G_LOG_DOMAIN "stp-chrome-writer"

#include "stp-chrome-writer-sink.h"

/* Room for a block of 37-75 KB (FORMAT_CHUNK, stp-chrome-writer.c); a
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

#define N_BUFFERS 4   /* two being formatted, two ready or being written */

static void
free_buffer (gpointer text)
{
  g_string_free (text, TRUE);
}

typedef struct
{
  GString *text;
  guint64  n_events;
} Block;

typedef struct
{
  const StpChromeWriterSinkFuncs *funcs;
  gpointer                        data;
  StpOutput                      *out;
  guint                           n_chunks;
  guint64                         n_events;
  StpProgressFunc                 progress;
  gpointer                        user_data;
  GCancellable                   *cancellable;

  GMutex                          lock;        /* guards what follows */
  guint                           next_chunk;  /* the chunk to format next */
  GCond                           changed;     /* a buffer came free, or stop */
  GPtrArray                      *free;        /* GString*, buffers to take */
  Block                           ready[N_BUFFERS];  /* formatted, by chunk % N_BUFFERS */
  guint                           next_write;  /* the chunk to write next */
  gboolean                        stop;        /* an error or a cancel */
  GError                         *error;       /* the first error */

  /* Only the thread writing touches these. */
  gboolean                        first;       /* no event written yet */
  guint64                         written;     /* events */
} Sink;

typedef struct
{
  Sink  *sink;
  guint  worker;
} Worker;

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

/* With the lock held. */
static void
stop_locked (Sink   *sink,
             GError *error)
{
  sink->stop = TRUE;
  if (sink->error == NULL)
    sink->error = g_steal_pointer (&error);
  g_clear_error (&error);
  g_cond_broadcast (&sink->changed);
}

/* A free buffer, or NULL once the export stops; with the lock held. */
static GString *
take_buffer_locked (Sink *sink)
{
  while (sink->free->len == 0 && !sink->stop)
    g_cond_wait (&sink->changed, &sink->lock);
  return sink->stop ? NULL : g_ptr_array_steal_index_fast (sink->free, sink->free->len - 1);
}

/* Hands in the formatted chunk; if it is the one to write next, writes
 * it and every ready one after it.  With the lock held, which it lets go
 * of while writing: no other thread writes meanwhile, as the chunk to
 * write next is then neither ready nor being formatted. */
static void
hand_in_locked (Sink    *sink,
                guint    chunk,
                GString *text,
                guint64  n_events)
{
  sink->ready[chunk % N_BUFFERS] = (Block) { text, n_events };

  while (!sink->stop && sink->ready[sink->next_write % N_BUFFERS].text != NULL)
    {
      Block block = sink->ready[sink->next_write % N_BUFFERS];
      GError *error = NULL;
      gboolean ok;

      /* Taken out, so that a thread handing in the next one leaves it
       * to this one. */
      sink->ready[sink->next_write % N_BUFFERS] = (Block) { NULL, 0 };
      g_mutex_unlock (&sink->lock);
      ok = write_events (sink->out, block.text, &sink->first, sink->cancellable, &error);
      if (ok)
        {
          sink->written += block.n_events;
          if (sink->progress != NULL)
            sink->progress ("export", sink->written, sink->n_events, sink->user_data);
        }
      g_mutex_lock (&sink->lock);

      if (!ok)
        stop_locked (sink, error);
      g_string_truncate (block.text, 0);
      g_ptr_array_add (sink->free, block.text);
      sink->next_write++;
      g_cond_broadcast (&sink->changed);
    }
}

static gpointer
format_and_write (gpointer user_data)
{
  Worker *worker = user_data;
  Sink *sink = worker->sink;

  g_mutex_lock (&sink->lock);
  for (;;)
    {
      GError *error = NULL;
      GString *text;
      guint chunk;
      guint64 n_events;

      if ((text = take_buffer_locked (sink)) == NULL)
        break;
      if ((chunk = sink->next_chunk++) >= sink->n_chunks)
        {
          g_ptr_array_add (sink->free, text);
          break;
        }
      /* Giving up a claimed chunk stops the export. */
      if (g_cancellable_set_error_if_cancelled (sink->cancellable, &error))
        {
          g_ptr_array_add (sink->free, text);
          stop_locked (sink, error);
          break;
        }

      g_mutex_unlock (&sink->lock);
      n_events = sink->funcs->chunk (sink->data, worker->worker, text, chunk);
      g_mutex_lock (&sink->lock);
      hand_in_locked (sink, chunk, text, n_events);
    }
  g_mutex_unlock (&sink->lock);

  return NULL;
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
  Worker workers[STP_CHROME_WRITER_SINK_WORKERS];
  GThread *helpers[STP_CHROME_WRITER_SINK_WORKERS];  /* from 1 */
  Sink sink = { 0 };
  gboolean ok;

  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (funcs != NULL, FALSE);

  /* The start: the array's opening and the metadata events. */
  sink.first = TRUE;
  ok = stp_output_write_all (out, text->str, text->len, cancellable, error);
  g_string_truncate (text, 0);
  funcs->head (data, text);
  ok = ok && write_events (out, text, &sink.first, cancellable, error);
  if (!ok)
    return FALSE;

  sink.funcs = funcs;
  sink.data = data;
  sink.out = out;
  sink.n_chunks = n_chunks;
  sink.n_events = n_events;
  sink.progress = progress;
  sink.user_data = user_data;
  sink.cancellable = cancellable;
  g_mutex_init (&sink.lock);
  g_cond_init (&sink.changed);
  sink.free = g_ptr_array_new_with_free_func (free_buffer);
  for (guint i = 0; i < N_BUFFERS; i++)
    {
      /* Mapped in as they fill: mapping them in ahead did not pay (a
       * 1M-node StepStats converts as fast without), and a small export
       * paid for every buffer in memory and time. */
      g_ptr_array_add (sink.free, g_string_sized_new (BUFFER_SIZE));
    }

  for (guint i = 0; i < STP_CHROME_WRITER_SINK_WORKERS; i++)
    workers[i] = (Worker) { &sink, i };
  /* Worker 0 is this thread.  Linux keeps no thread name over 15
   * bytes: "stp-chrome-writer" left helpers named after the program in
   * perf and top. */
  for (guint i = 1; i < STP_CHROME_WRITER_SINK_WORKERS; i++)
    helpers[i] = g_thread_new ("stp-writer", format_and_write, &workers[i]);
  format_and_write (&workers[0]);
  for (guint i = 1; i < STP_CHROME_WRITER_SINK_WORKERS; i++)
    g_thread_join (helpers[i]);

  /* Blocks left after a stop. */
  for (guint i = 0; i < N_BUFFERS; i++)
    if (sink.ready[i].text != NULL)
      g_ptr_array_add (sink.free, sink.ready[i].text);
  g_ptr_array_unref (sink.free);
  g_mutex_clear (&sink.lock);
  g_cond_clear (&sink.changed);

  if (sink.error != NULL)
    {
      g_propagate_error (error, sink.error);
      return FALSE;
    }
  /* A cancel after the last chunk was claimed. */
  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return FALSE;

  g_string_truncate (text, 0);
  funcs->tail (data, text);
  return stp_output_write_all (out, text->str, text->len, cancellable, error);
}
