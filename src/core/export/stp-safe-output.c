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
 * (/dev/null, /dev/stdout) are written as they are.
 *
 * Temporaries left by a process that was killed are removed by the next
 * export to the same folder: only names of our pattern, regular files
 * of this user, untouched for an hour.  Those of a live process are
 * removed on SIGINT, SIGTERM and SIGHUP by stp_safe_output_clean_on_signals().
 */

#define G_LOG_DOMAIN "stp-safe-output"

#include "stp-safe-output.h"

#include <errno.h>
#include <glib/gstdio.h>
#include <signal.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct _StpSafeOutput
{
  GFile             *target;
  GFile             *temp;      /* NULL for a device or a pipe */
  GFileOutputStream *stream;
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
register_temp (GFile *temp)
{
  g_autofree char *path = g_file_get_path (temp);
  guint slot = G_MAXUINT;

  if (path == NULL)
    return G_MAXUINT;

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
remove_stale_temps (GFile *dir)
{
  g_autofree char *path = g_file_get_path (dir);
  g_autoptr(GDir) d = NULL;
  const char *name;
  gint64 now = g_get_real_time () / G_USEC_PER_SEC;

  if (path == NULL || (d = g_dir_open (path, 0, NULL)) == NULL)
    return;

  while ((name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *child = NULL;
      GStatBuf st;

      if (!stp_safe_output_is_temp_name (name))
        continue;
      child = g_build_filename (path, name, NULL);
      if (g_lstat (child, &st) != 0 || !S_ISREG (st.st_mode) || st.st_uid != getuid () ||
          now - st.st_mtime < STALE_AGE_SECONDS)
        continue;
      if (g_unlink (child) == 0)
        g_debug ("removed a stale temporary file %s", child);
    }
}

/* The temporary's name is registered before the file exists: a signal
 * between its creation and its registration would leave it behind. */
static GFileOutputStream *
create_sibling (GFile         *target,
                GFile        **temp_out,
                guint         *slot_out,
                GCancellable  *cancellable,
                GError       **error)
{
  g_autoptr(GFile) parent = g_file_get_parent (target);
  g_autofree char *base = g_file_get_basename (target);

  if (parent == NULL)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_INVALID_FILENAME,
                   "%s is not a file in a folder", base);
      return NULL;
    }

  remove_stale_temps (parent);

  for (guint attempt = 0; ; attempt++)
    {
      g_autofree char *name = g_strdup_printf (".%s.%06x.part", base,
                                               g_random_int_range (0, 0x1000000));
      g_autoptr(GFile) temp = g_file_get_child (parent, name);
      g_autoptr(GError) local_error = NULL;
      GFileOutputStream *stream;
      guint slot = register_temp (temp);

      stream = g_file_create (temp, G_FILE_CREATE_NONE, cancellable, &local_error);
      if (stream != NULL)
        {
          *temp_out = g_steal_pointer (&temp);
          *slot_out = slot;
          return stream;
        }
      unregister_temp (slot);
      if (attempt >= 100 || !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
    }
}

/* A symbolic link is followed: the file it points to is replaced, the
 * link stays. */
static GFile *
resolve_target (GFile *target)
{
  g_autofree char *path = g_file_get_path (target);
  g_autofree char *resolved = NULL;
  GStatBuf st;

  if (path == NULL || g_lstat (path, &st) != 0 || !S_ISLNK (st.st_mode))
    return g_object_ref (target);
  resolved = realpath (path, NULL);
  return resolved ? g_file_new_for_path (resolved) : g_object_ref (target);
}

StpSafeOutput *
stp_safe_output_open (GFile         *target,
                      GCancellable  *cancellable,
                      GError       **error)
{
  g_autoptr(StpSafeOutput) self = NULL;

  g_return_val_if_fail (G_IS_FILE (target), NULL);

  self = g_new0 (StpSafeOutput, 1);
  self->target = resolve_target (target);
  self->slot = G_MAXUINT;

  switch (g_file_query_file_type (self->target, G_FILE_QUERY_INFO_NONE, cancellable))
    {
    case G_FILE_TYPE_UNKNOWN:
    case G_FILE_TYPE_REGULAR:
      self->stream = create_sibling (self->target, &self->temp, &self->slot, cancellable, error);
      break;

    /* A device or a pipe (/dev/null, /dev/stdout, a FIFO): nothing to
     * replace, so written in place. */
    case G_FILE_TYPE_SPECIAL:
      self->stream = g_file_append_to (self->target, G_FILE_CREATE_NONE, cancellable, error);
      break;

    case G_FILE_TYPE_DIRECTORY:
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY, "it is a folder");
      return NULL;

    default:
      g_set_error_literal (error, G_IO_ERROR, G_IO_ERROR_NOT_REGULAR_FILE,
                           "not a file that can be written");
      return NULL;
    }

  if (self->stream == NULL)
    return NULL;

  if (self->temp != NULL)
    {
      GStatBuf st;
      g_autofree char *target_path = g_file_get_path (self->target);
      g_autofree char *temp_path = g_file_get_path (self->temp);

      /* A replaced file keeps its permissions. */
      if (target_path != NULL && temp_path != NULL && g_stat (target_path, &st) == 0)
        g_chmod (temp_path, st.st_mode & 07777);
    }

  return g_steal_pointer (&self);
}

GOutputStream *
stp_safe_output_stream (StpSafeOutput *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  return G_OUTPUT_STREAM (self->stream);
}

gboolean
stp_safe_output_commit (StpSafeOutput  *self,
                        GCancellable   *cancellable,
                        GError        **error)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (!self->done, FALSE);

  if (!g_output_stream_close (G_OUTPUT_STREAM (self->stream), cancellable, error))
    {
      stp_safe_output_abort (self);
      return FALSE;
    }

  self->done = TRUE;
  if (self->temp == NULL)
    return TRUE;

  /* Overwriting: the target appeared since we looked, and the user
   * asked for this name. */
  if (!g_file_move (self->temp, self->target, G_FILE_COPY_OVERWRITE | G_FILE_COPY_NO_FALLBACK_FOR_MOVE,
                    NULL, NULL, NULL, error))
    {
      g_file_delete (self->temp, NULL, NULL);
      unregister_temp (self->slot);
      return FALSE;
    }

  unregister_temp (self->slot);
  return TRUE;
}

void
stp_safe_output_abort (StpSafeOutput *self)
{
  g_autoptr(GCancellable) abort = NULL;

  g_return_if_fail (self != NULL);

  if (self->done || self->stream == NULL)
    return;
  self->done = TRUE;

  abort = g_cancellable_new ();
  g_cancellable_cancel (abort);
  g_output_stream_close (G_OUTPUT_STREAM (self->stream), abort, NULL);

  if (self->temp != NULL)
    g_file_delete (self->temp, NULL, NULL);
  unregister_temp (self->slot);
}

void
stp_safe_output_free (StpSafeOutput *self)
{
  if (self == NULL)
    return;

  stp_safe_output_abort (self);
  g_clear_object (&self->stream);
  g_clear_object (&self->temp);
  g_clear_object (&self->target);
  g_free (self);
}
