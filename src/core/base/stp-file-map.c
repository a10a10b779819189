/* stp-file-map.c: mapping whole input files, for one-shot tools
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * StepStats and XSpace are read whole and indexed in place.  Copying a
 * 227 MB file into fresh memory costs stepscope-cli 0.15-0.2 s of a 2 s
 * conversion (the file is in the page cache already: mapping it costs
 * nothing).  The catch is a file truncated while mapped: the next read
 * of a page past its new end raises SIGBUS.  A command-line conversion
 * can stop there with a clear message, so it maps (this file); the
 * viewer keeps a trace open for hours while profilers rewrite files,
 * so it copies.
 *
 * The SIGBUS handler finds the mapping the faulting address is in and
 * prints the message prepared for it; a SIGBUS anywhere else (a bug)
 * gets the default action, a core dump, as without a handler.
 */

#define G_LOG_DOMAIN "stp-file-map"

#include "stp-file-map.h"

#include <errno.h>
#include <signal.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#define MAX_MAPPINGS 16

typedef struct
{
  gint      used;          /* atomic: the handler reads the rest only when set */
  guintptr  start;
  guintptr  end;
  char     *message;       /* "PROGRAM: FILE: the file was truncated ...\n" */
  gsize     message_len;
} Mapping;

static Mapping  mappings[MAX_MAPPINGS];
static GMutex   mappings_lock;
static char    *program_name;
static int      truncated_exit_status;
static gint     enabled;

static void
on_sigbus (int        signum,
           siginfo_t *info,
           void      *context)
{
  guintptr addr = (guintptr) info->si_addr;

  for (guint i = 0; i < MAX_MAPPINGS; i++)
    {
      const Mapping *m = &mappings[i];

      if (g_atomic_int_get (&m->used) && addr >= m->start && addr < m->end)
        {
          /* write() and _exit() are async-signal-safe; stdio is not. */
          if (write (STDERR_FILENO, m->message, m->message_len) < 0)
            {
              /* nothing more to tell */
            }
          _exit (truncated_exit_status);
        }
    }

  /* Not a mapped input: the default action, once this returns (the
   * signal is blocked until then). */
  signal (SIGBUS, SIG_DFL);
  raise (SIGBUS);
}

void
stp_file_map_enable (const char *program,
                     int         exit_status)
{
  struct sigaction action = { 0 };

  g_return_if_fail (program != NULL);
  g_return_if_fail (!g_atomic_int_get (&enabled));

  program_name = g_strdup (program);
  truncated_exit_status = exit_status;

  action.sa_sigaction = on_sigbus;
  action.sa_flags = SA_SIGINFO;
  sigemptyset (&action.sa_mask);
  if (sigaction (SIGBUS, &action, NULL) != 0)
    {
      g_warning ("Could not handle SIGBUS (%s): input files are copied", g_strerror (errno));
      return;
    }

  g_atomic_int_set (&enabled, TRUE);
}

gboolean
stp_file_map_is_enabled (void)
{
  return g_atomic_int_get (&enabled);
}

static void
unmap (gpointer data)
{
  Mapping *m = data;
  void *start = (void *) m->start;
  gsize size = m->end - m->start;
  char *message = m->message;

  g_atomic_int_set (&m->used, FALSE);
  munmap (start, size);

  g_mutex_lock (&mappings_lock);
  m->message = NULL;
  g_mutex_unlock (&mappings_lock);
  g_free (message);
}

static Mapping *
claim_slot (void)
{
  Mapping *slot = NULL;

  g_mutex_lock (&mappings_lock);
  for (guint i = 0; i < MAX_MAPPINGS && slot == NULL; i++)
    if (!g_atomic_int_get (&mappings[i].used) && mappings[i].message == NULL)
      {
        slot = &mappings[i];
        /* Taken, but not yet visible to the handler. */
        slot->message = (char *) "";
      }
  g_mutex_unlock (&mappings_lock);

  return slot;
}

GBytes *
stp_file_map_fd (int         fd,
                 gsize       size,
                 const char *display_name)
{
  Mapping *m;
  void *data;

  g_return_val_if_fail (fd >= 0, NULL);
  g_return_val_if_fail (display_name != NULL, NULL);

  if (!stp_file_map_is_enabled () || size == 0)
    return NULL;

  m = claim_slot ();
  if (m == NULL)
    return NULL;

  data = mmap (NULL, size, PROT_READ, MAP_PRIVATE, fd, 0);
  if (data == MAP_FAILED)
    {
      g_mutex_lock (&mappings_lock);
      m->message = NULL;
      g_mutex_unlock (&mappings_lock);
      return NULL;
    }

#ifdef MADV_POPULATE_READ
  /* The pages are in the page cache (or read now): map them with one
   * call instead of a fault every 64 KiB. */
  madvise (data, size, MADV_POPULATE_READ);
#endif

  m->start = (guintptr) data;
  m->end = (guintptr) data + size;
  m->message = g_strdup_printf ("%s: %s: the file was truncated while it was being read\n",
                                program_name, display_name);
  m->message_len = strlen (m->message);
  g_atomic_int_set (&m->used, TRUE);

  return g_bytes_new_with_free_func (data, size, unmap, m);
}
