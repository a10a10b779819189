/* stp-output.c: where written bytes go
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A local file is written through its descriptor rather than a
 * GOutputStream: opening a GFile sets up GIO's VFS, 1.1 MB of a
 * stepscope-cli conversion's peak (bench/README.md, stop 44), as
 * stp-input-source.c found for reading.
 */

#define G_LOG_DOMAIN "stp-output"

#include "stp-output.h"

#include <errno.h>
#include <unistd.h>

void
stp_output_init_fd (StpOutput *self,
                    int        fd)
{
  self->stream = NULL;
  self->fd = fd;
}

void
stp_output_init_stream (StpOutput     *self,
                        GOutputStream *stream)
{
  self->stream = stream;
  self->fd = -1;
}

/* The caller names the file; this says what went wrong. */
gboolean
stp_output_set_errno_error (GError **error,
                            int      saved_errno)
{
  g_set_error_literal (error, G_IO_ERROR, g_io_error_from_errno (saved_errno),
                       g_strerror (saved_errno));
  return FALSE;
}

gboolean
stp_output_write_all (StpOutput     *self,
                      const void    *data,
                      gsize          len,
                      GCancellable  *cancellable,
                      GError       **error)
{
  const guint8 *p = data;

  if (self->stream != NULL)
    return g_output_stream_write_all (self->stream, data, len, NULL, cancellable, error);

  while (len > 0)
    {
      gssize n;

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;

      n = write (self->fd, p, MIN (len, (gsize) G_MAXSSIZE));
      if (n < 0 && errno == EINTR)
        continue;
      if (n < 0)
        return stp_output_set_errno_error (error, errno);
      p += n;
      len -= n;
    }
  return TRUE;
}
