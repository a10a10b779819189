/* stp-input-source.c: where an input's bytes come from
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A local file is read through its descriptor rather than a GFile:
 * making the first GFile sets up GIO's VFS (its extension points and
 * modules), which is 1.5 MB of every stepscope-cli process, a fifth of
 * what a 30 MB trace may take in all (bench/README.md, stop 43).
 */

#define G_LOG_DOMAIN "stp-input"

#include "stp-input-source.h"

#include <errno.h>
#include <fcntl.h>
#include <gio/gfiledescriptorbased.h>
#include <glib/gstdio.h>
#include <sys/stat.h>
#include <unistd.h>

static gboolean
set_errno_error (GError     **error,
                 int          saved_errno,
                 const char  *name,
                 const char  *what)
{
  g_set_error (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
               "%s: %s%s", name, what, g_strerror (saved_errno));
  return FALSE;
}

gboolean
stp_input_source_open_path (StpInputSource  *self,
                            const char      *path,
                            const char      *name,
                            guint64         *size,
                            GError         **error)
{
  struct stat st;
  int fd;

  do
    fd = open (path, O_RDONLY | O_CLOEXEC);
  while (fd < 0 && errno == EINTR);
  if (fd < 0)
    return set_errno_error (error, errno, name, "");

  if (fstat (fd, &st) != 0)
    {
      int saved_errno = errno;

      g_close (fd, NULL);
      return set_errno_error (error, saved_errno, name, "");
    }
  if (S_ISDIR (st.st_mode))
    {
      g_close (fd, NULL);
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_IS_DIRECTORY,
                   "%s: this is a folder, not a trace", name);
      return FALSE;
    }

  /* Times as they were: no access time update, where the file is the
   * user's own (O_NOATIME is refused with EPERM on others' files, which
   * then get the access time their mount gives any read). */
#ifdef O_NOATIME
  {
    int flags = fcntl (fd, F_GETFL);

    if (flags != -1)
      (void) fcntl (fd, F_SETFL, flags | O_NOATIME);
  }
#endif

  self->stream = NULL;
  self->fd = fd;
  self->name = name;
  *size = S_ISREG (st.st_mode) ? (guint64) st.st_size : 0;
  return TRUE;
}

void
stp_input_source_init_stream (StpInputSource *self,
                              GInputStream   *stream,
                              const char     *name)
{
  self->stream = stream;
  self->fd = -1;
  self->name = name;
}

gssize
stp_input_source_read (StpInputSource  *self,
                       void            *dest,
                       gsize            len,
                       GCancellable    *cancellable,
                       GError         **error)
{
  gssize n;

  if (self->stream != NULL)
    return g_input_stream_read (self->stream, dest, len, cancellable, error);

  if (g_cancellable_set_error_if_cancelled (cancellable, error))
    return -1;
  do
    n = read (self->fd, dest, MIN (len, (gsize) G_MAXSSIZE));
  while (n < 0 && errno == EINTR);
  if (n < 0)
    set_errno_error (error, errno, self->name, "reading it failed: ");
  return n;
}

gboolean
stp_input_source_read_all (StpInputSource  *self,
                           void            *dest,
                           gsize            len,
                           gsize           *got,
                           GCancellable    *cancellable,
                           GError         **error)
{
  *got = 0;
  while (*got < len)
    {
      gssize n = stp_input_source_read (self, (guint8 *) dest + *got, len - *got,
                                        cancellable, error);

      if (n < 0)
        return FALSE;
      if (n == 0)
        break;
      *got += n;
    }
  return TRUE;
}

gboolean
stp_input_source_can_seek (StpInputSource *self)
{
  if (self->stream != NULL)
    return G_IS_SEEKABLE (self->stream) && g_seekable_can_seek (G_SEEKABLE (self->stream));
  return lseek (self->fd, 0, SEEK_CUR) >= 0;
}

gboolean
stp_input_source_seek (StpInputSource  *self,
                       goffset          offset,
                       GCancellable    *cancellable,
                       GError         **error)
{
  if (self->stream != NULL)
    return g_seekable_seek (G_SEEKABLE (self->stream), offset, G_SEEK_SET, cancellable, error);
  if (lseek (self->fd, offset, SEEK_SET) < 0)
    return set_errno_error (error, errno, self->name, "reading it failed: ");
  return TRUE;
}

int
stp_input_source_get_fd (StpInputSource *self)
{
  if (self->fd >= 0)
    return self->fd;
  if (self->stream != NULL && G_IS_FILE_DESCRIPTOR_BASED (self->stream))
    return g_file_descriptor_based_get_fd (G_FILE_DESCRIPTOR_BASED (self->stream));
  return -1;
}

void
stp_input_source_clear (StpInputSource *self)
{
  g_clear_object (&self->stream);
  if (self->fd >= 0)
    g_close (self->fd, NULL);
  self->fd = -1;
}
