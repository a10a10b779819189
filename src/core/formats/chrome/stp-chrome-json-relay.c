/* stp-chrome-json-relay.c: scanned events, from the thread that scans
 * the document to the thread that builds the model
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Two queues carry the batches: `ready` to the loading thread, `spare`
 * back to the scanner.  The document is read into two windows in turn,
 * and each batch points into one of them: the scanner counts, for each
 * window, the batches it handed over and not yet had back, and reads
 * into a window again only once that count is zero.
 */

#define G_LOG_DOMAIN "stp-chrome-json"

#include "stp-chrome-json-relay.h"

#include <string.h>

/* Enough for the scanner to run ahead while a batch is used.  Eight or
 * sixteen waited less on HTA's control trace, but took no less time and
 * up to 1 MB more memory (bench/README.md). */
#define N_BATCHES 4
#define N_WINDOWS 2

typedef struct
{
  char    *data;
  gsize    size;       /* room for data, padding not counted */
  guint64  offset;     /* of data[0] in the file, if it is read as it is */
  guint    n_out;      /* batches handed over that point into it */
} Window;

struct _StpChromeRelay
{
  gboolean            threaded;
  StpChromeBatchFunc  use;
  gpointer            use_data;
  StpChromeScanFunc   scan;
  gpointer            scan_data;

  GAsyncQueue        *ready;     /* StpChromeBatch*, to the loading thread */
  GAsyncQueue        *spare;     /* StpChromeBatch*, back to the scanner */
  GPtrArray          *held;      /* spare batches the scanner holds */
  guint               n_out;     /* handed over, not yet back */
  StpChromeBatch     *current;   /* being filled */
  guint64             file_position;
  Window              windows[N_WINDOWS];
  guint               window;    /* the one being scanned */
};

static StpChromeBatch *
batch_new (void)
{
  StpChromeBatch *batch = g_new0 (StpChromeBatch, 1);

  batch->members = g_array_sized_new (FALSE, FALSE, sizeof (StpChromeMember), 1024);
  return batch;
}

static void
batch_free (gpointer data)
{
  StpChromeBatch *batch = data;

  g_array_unref (batch->members);
  g_free (batch);
}

static void
hand_over (StpChromeRelay *self,
           gboolean        last)
{
  StpChromeBatch *batch = stp_chrome_relay_batch (self);

  batch->file_position = self->file_position;
  batch->window = self->window;
  batch->window_data = self->windows[self->window].data;
  batch->window_offset = self->windows[self->window].offset;
  batch->last = last;
  if (!self->threaded)
    {
      self->use (batch, self->use_data);
      batch->n_units = batch->n_members = 0;
      return;
    }
  self->current = NULL;
  self->n_out++;
  self->windows[self->window].n_out++;
  g_async_queue_push (self->ready, batch);
}

/* Waits for the loading thread to give a batch back. */
static StpChromeBatch *
take_back (StpChromeRelay *self)
{
  StpChromeBatch *batch = g_async_queue_pop (self->spare);

  self->n_out--;
  self->windows[batch->window].n_out--;
  return batch;
}

StpChromeBatch *
stp_chrome_relay_batch (StpChromeRelay *self)
{
  if (self->current != NULL)
    return self->current;

  if (self->held->len > 0)
    self->current = g_ptr_array_steal_index_fast (self->held, self->held->len - 1);
  else
    self->current = take_back (self);
  self->current->n_units = self->current->n_members = 0;
  return self->current;
}

StpChromeUnit *
stp_chrome_relay_add_unit (StpChromeRelay    *self,
                           StpChromeUnitKind  kind)
{
  StpChromeBatch *batch = stp_chrome_relay_batch (self);
  StpChromeUnit *unit = &batch->units[batch->n_units];

  unit->kind = kind;
  unit->first_member = batch->n_members;
  return unit;
}

/* The unit from stp_chrome_relay_add_unit() is complete, with the
 * `n_members` members after the batch's committed ones. */
void
stp_chrome_relay_commit (StpChromeRelay *self,
                         guint           n_members)
{
  StpChromeBatch *batch = self->current;

  batch->n_units++;
  batch->n_members += n_members;
  if (batch->n_units == STP_CHROME_BATCH_UNITS)
    hand_over (self, FALSE);
}

const char *
stp_chrome_relay_read (StpChromeRelay  *self,
                       StpInput        *input,
                       const char      *rest,
                       gsize            rest_len,
                       gsize            want,
                       gsize           *avail,
                       GError         **error)
{
  Window *window = &self->windows[self->window];
  gsize len = rest_len;

  /* One value may not hold more than this in memory: a unit that needs
   * more is taken as cut short, as by stp_input_fill(). */
  want = MIN (want, STP_INPUT_MAX_WINDOW);

  if (rest_len > 0 && rest == window->data)
    {
      /* A unit larger than the window: nothing was handed over from it,
       * so it grows where it is, as one window would. */
      if (window->size < want)
        {
          window->data = g_realloc (window->data, want + STP_INPUT_PADDING);
          window->size = want;
        }
    }
  else
    {
      /* A batch points into one window. */
      if (self->current != NULL && self->current->n_units > 0)
        hand_over (self, FALSE);

      self->window = (self->window + 1) % N_WINDOWS;
      window = &self->windows[self->window];
      while (window->n_out > 0)
        g_ptr_array_add (self->held, take_back (self));

      if (window->size < want)
        {
          g_free (window->data);
          window->data = g_malloc (want + STP_INPUT_PADDING);
          window->size = want;
        }

      /* The rest is in the other window. */
      if (rest_len > 0)
        memcpy (window->data, rest, rest_len);
    }

  while (len < want)
    {
      gssize n = stp_input_read (input, (guint8 *) window->data + len, want - len, error);

      if (n < 0)
        return NULL;
      if (n == 0)
        break;
      len += n;
    }
  /* Zeros after the data: the scanners may read a vector past it. */
  memset (window->data + len, 0, STP_INPUT_PADDING);

  self->file_position = stp_input_get_file_position (input);
  window->offset = self->file_position - len;
  *avail = len;
  return window->data;
}

static gpointer
scan_thread (gpointer data)
{
  StpChromeRelay *self = data;

  self->scan (self, self->scan_data);
  hand_over (self, TRUE);
  return NULL;
}

/* On the loading thread: uses each batch until the last. */
static void
use_batches (StpChromeRelay *self)
{
  gboolean last;

  do
    {
      StpChromeBatch *batch = g_async_queue_pop (self->ready);

      last = batch->last;
      self->use (batch, self->use_data);
      g_async_queue_push (self->spare, batch);
    }
  while (!last);
}

void
stp_chrome_relay_run (gboolean            threaded,
                      StpChromeScanFunc   scan,
                      gpointer            scan_data,
                      StpChromeBatchFunc  use,
                      gpointer            use_data)
{
  StpChromeRelay self = {
    .threaded = threaded,
    .use = use,
    .use_data = use_data,
    .scan = scan,
    .scan_data = scan_data,
    .held = g_ptr_array_new_with_free_func (batch_free),
  };

  if (!threaded)
    {
      g_ptr_array_add (self.held, batch_new ());
      scan (&self, scan_data);
      hand_over (&self, TRUE);
    }
  else
    {
      GThread *thread;

      self.ready = g_async_queue_new ();
      self.spare = g_async_queue_new ();
      for (guint i = 0; i < N_BATCHES; i++)
        g_ptr_array_add (self.held, batch_new ());

      thread = g_thread_new ("stp-chrome-scan", scan_thread, &self);
      use_batches (&self);
      g_thread_join (thread);

      /* The last batch, and any the scanner did not wait for. */
      while (self.n_out > 0)
        g_ptr_array_add (self.held, take_back (&self));
      g_async_queue_unref (self.ready);
      g_async_queue_unref (self.spare);
    }

  g_clear_pointer (&self.current, batch_free);
  g_ptr_array_unref (self.held);
  for (guint i = 0; i < N_WINDOWS; i++)
    g_free (self.windows[i].data);
}
