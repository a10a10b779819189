/* stp-safe-output.c: writing a file that appears whole or not at all
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every regular target, new or existing, is written as a hidden sibling
 * ".NAME.XXXXXX.part" and renamed over the target when complete, so a
 * failed write (a full disk), a cancel or a crash never leaves half a
 * file under the name the user chose, nor truncates the one there.
 * (g_file_replace() would create a new target in place, and names its
 * own temporaries, which we could not clean up.)  Devices and pipes
 * (/dev/null, /dev/stdout) are written as they are.  All of it through
 * plain descriptors (see stp-output.c); only a file without a local
 * path (a remote one) is replaced through GIO, as its backend can.
 *
 * Temporaries left by a process that was killed are removed by the next
 * export to the same folder: only names of our pattern, regular files
 * of this user, untouched for an hour.  Those of a live process are
 * removed on SIGINT, SIGTERM and SIGHUP by stp_safe_output_clean_on_signals().
 */

#define G_LOG_DOMAIN "stp-safe-output"

#include "stp-safe-output.h"

#include <errno.h>
#include <fcntl.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct _StpSafeOutput
{
  char              *target;    /* links followed; NULL for a remote file */
  char              *temp;      /* NULL for a device, a pipe or a remote file */
  int                fd;        /* -1 for a remote file */
  GFileOutputStream *remote;    /* a file without a local path, through GIO */
  StpOutput          output;
  guint              slot;      /* in live_temps, or G_MAXUINT */
  gboolean           done;
};

/* A temporary untouched this long belongs to a process that is gone. */
#define STALE_AGE_SECONDS 3600

/* The temporaries being written, for the signal handler: plain paths in
 * a fixed table it reads without locks (unlink() is async-signal-safe). */
#define MAX_LIVE_TEMPS 16
static char *volatile live_temps[MAX_LIVE_TEMPS];
static GMutex live_temps_lock;

static guint
register_temp (const char *temp)
{
  g_autofree char *path = g_strdup (temp);
  guint slot = G_MAXUINT;

  g_mutex_lock (&live_temps_lock);
  for (guint i = 0; i < MAX_LIVE_TEMPS; i++)
    if (live_temps[i] == NULL)
      {
        live_temps[i] = g_steal_pointer (&path);
        slot = i;
        break;
      }
  g_mutex_unlock (&live_temps_lock);
  return slot;
}

static void
unregister_temp (guint slot)
{
  char *path;

  if (slot >= MAX_LIVE_TEMPS)
    return;
  g_mutex_lock (&live_temps_lock);
  path = live_temps[slot];
  live_temps[slot] = NULL;
  g_mutex_unlock (&live_temps_lock);
  g_free (path);
}

static void
on_signal (int signum)
{
  for (guint i = 0; i < MAX_LIVE_TEMPS; i++)
    {
      char *path = live_temps[i];

      if (path != NULL)
        unlink (path);
    }
  /* Then die of the signal, as without the handler. */
  signal (signum, SIG_DFL);
  raise (signum);
}

void
stp_safe_output_clean_on_signals (void)
{
  static const int signals[] = { SIGINT, SIGTERM, SIGHUP };
  struct sigaction action = { 0 };

  action.sa_handler = on_signal;
  sigemptyset (&action.sa_mask);
  for (guint i = 0; i < G_N_ELEMENTS (signals); i++)
    sigaction (signals[i], &action, NULL);
}

/* ".NAME.XXXXXX.part" with six hex digits: the names create_sibling() gives. */
gboolean
stp_safe_output_is_temp_name (const char *name)
{
  gsize len = strlen (name);

  if (len < 1 + 1 + 1 + 6 + 5 || name[0] != '.' || !g_str_has_suffix (name, ".part"))
    return FALSE;
  if (name[len - 12] != '.')
    return FALSE;
  for (gsize i = len - 11; i < len - 5; i++)
    if (!g_ascii_isxdigit (name[i]) || g_ascii_isupper (name[i]))
      return FALSE;
  return TRUE;
}

/* Removes our temporaries a killed process left in `dir`. */
static void
remove_stale_temps (const char *dir)
{
  g_autoptr(GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  if (d == NULL)
    return;

  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *child = NULL;
      GStatBuf st;

      if (!stp_safe_output_is_temp_name (name))
        continue;
      child = g_build_filename (dir, name, NULL);
      if (g_lstat (child, &st) != 0 || !S_ISREG (st.st_mode) || st.st_uid != getuid () ||
          now - st.st_mtime < STALE_AGE_SECONDS)
        continue;
      if (g_unlink (child) == 0)
        g_debug ("removed a stale temporary file %s", child);
    }
}

/* The temporary's name is registered before the file exists: a signal
 * between its creation and its registration would leave it behind. */
static gboolean
create_sibling (StpSafeOutput  *self,
                GError        **error)
{
  g_autofree char *dir = g_path_get_dirname (self->target);
  g_autofree char *base = g_path_get_basename (self->target);

  remove_stale_temps (dir);

  for (guint attempt = 0; ; attempt++)
    {
      g_autofree char *name = g_strdup_printf (".%s.%06x.part", base,
                                               g_random_int_range (0, 0x1000000));
      g_autofree char *temp = g_build_filename (dir, name, NULL);
      guint slot = register_temp (temp);
      int fd, saved_errno;

      do
        fd = open (temp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
      while (fd < 0 && errno == EINTR);
      if (fd >= 0)
        {
          self->temp = g_steal_pointer (&temp);
          self->fd = fd;
          self->slot = slot;
          return TRUE;
        }

      saved_errno = errno;
      unregister_temp (slot);
      if (attempt >= 100 || saved_errno != EEXIST)
        return stp_output_set_errno_error (error, saved_errno);
    }
}

/* A symbolic link is followed: the file it points to is replaced, the
 * link stays. */
static char *
resolve_target (const char *path)
{
  GStatBuf st;
  char *resolved;

  if (g_lstat (path, &st) != 0 || !S_ISLNK (st.st_mode))
    return g_strdup (path);
  resolved = realpath (path, NULL);
  return resolved != NULL ? resolved : g_strdup (path);
}

/* What the target is now decides how it is written. */
static gboolean
open_target (StpSafeOutput  *self,
             GError        **error)
{
  GStatBuf st;
  gboolean exists = g_stat (self->target, &st) == 0;

  if (!exists || S_ISREG (st.st_mode))
    {
      if (!create_sibling (self, error))
        return FALSE;

      /* A replaced file keeps its permissions. */
      if (exists)
        (void) fchmod (self->fd, st.st_mode & 07777);
      return TRUE;
    }

  if (S_ISDIR (st.st_mode))
    {
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY, "it is a folder");
      return FALSE;
    }

  /* A device or a pipe (/dev/null, /dev/stdout, a FIFO): nothing to
   * replace, so written in place. */
  do
    self->fd = open (self->target, O_WRONLY | O_APPEND | O_CLOEXEC);
  while (self->fd < 0 && errno == EINTR);
  if (self->fd < 0)
    return stp_output_set_errno_error (error, errno);
  return TRUE;
}

StpSafeOutput *
stp_safe_output_open_path (const char    *path,
                           GCancellable  *cancellable,
                           GError       **error)
{
  g_autoptr(StpSafeOutput) self = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return NULL;

  self = g_new0 (StpSafeOutput, 1);
  self->target = resolve_target (path);
  self->fd = -1;
  self->slot = G_MAXUINT;
  if (!open_target (self, error))
    return NULL;

  stp_output_init_fd (&self->output, self->fd);
  return g_steal_pointer (&self);
}

StpSafeOutput *
stp_safe_output_open (GFile         *target,
                      GCancellable  *cancellable,
                      GError       **error)
{
  g_autofree char *path = NULL;
  g_autoptr(StpSafeOutput) self = NULL;

  g_return_val_if_fail (G_IS_FILE (target), NULL);

  path = g_file_get_path (target);
  if (path != NULL)
    return stp_safe_output_open_path (path, cancellable, error);

  /* A remote file: its backend replaces it as safely as it can. */
  self = g_new0 (StpSafeOutput, 1);
  self->fd = -1;
  self->slot = G_MAXUINT;
  self->remote = g_file_replace (target, NULL, FALSE, G_FILE_CREATE_NONE, cancellable, error);
  if (self->remote == NULL)
    return NULL;

  stp_output_init_stream (&self->output, G_OUTPUT_STREAM (self->remote));
  return g_steal_pointer (&self);
}

StpOutput *
stp_safe_output_get_output (StpSafeOutput *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return &self->output;
}

/* Closes what was written to; false when the last writes failed. */
static gboolean
close_output (StpSafeOutput  *self,
              GCancellable   *cancellable,
              GError        **error)
{
  int fd = self->fd;

  if (self->remote != NULL)
    return g_output_stream_close (G_OUTPUT_STREAM (self->remote), cancellable, error);

  self->fd = -1;
  if (close (fd) != 0 && errno != EINTR)
    return stp_output_set_errno_error (error, errno);
  return TRUE;
}

gboolean
stp_safe_output_commit (StpSafeOutput  *self,
                        GCancellable   *cancellable,
                        GError        **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (!self->done, FALSE);

  if (!close_output (self, cancellable, error))
    {
      stp_safe_output_abort (self);
      return FALSE;
    }

  self->done = TRUE;
  if (self->temp == NULL)
    return TRUE;

  /* Overwriting: the target appeared since we looked, and the user
   * asked for this name. */
  if (g_rename (self->temp, self->target) != 0)
    {
      int saved_errno = errno;

      g_unlink (self->temp);
      unregister_temp (self->slot);
      return stp_output_set_errno_error (error, saved_errno);
    }

  unregister_temp (self->slot);
  return TRUE;
}

void
stp_safe_output_abort (StpSafeOutput *self)
{
  g_return_if_fail (self != NULL);

  if (self->done)
    return;
  self->done = TRUE;

  if (self->remote != NULL)
    {
      g_autoptr(GCancellable) abort = g_cancellable_new ();

      /* A cancelled close drops what was written, where the backend can. */
      g_cancellable_cancel (abort);
      g_output_stream_close (G_OUTPUT_STREAM (self->remote), abort, NULL);
      return;
    }

  if (self->fd >= 0)
    close (self->fd);
  self->fd = -1;
  if (self->temp != NULL)
    g_unlink (self->temp);
  unregister_temp (self->slot);
}

void
stp_safe_output_free (StpSafeOutput *self)
{
  if (self == NULL)
    return;

  stp_safe_output_abort (self);
  g_clear_object (&self->remote);
  g_free (self->temp);
  g_free (self->target);
  g_free (self);
}
