/* stp-safe-output.c: writing a file that appears whole or not at all
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * g_file_replace() already writes an existing target through a
 * temporary file, but a new target it creates in place: a cancelled or
 * failed export (or a crash) would leave half a file under the name the
 * user chose.  So a new target is written as a hidden sibling,
 * ".NAME.XXXXXX.part", and renamed when complete.  Devices and pipes
 * are written as they are.
 */

#define G_LOG_DOMAIN "stp-safe-output"

#include "stp-safe-output.h"

struct _StpSafeOutput
{
  GFile             *target;
  GFile             *temp;      /* NULL when g_file_replace() does it */
  GFileOutputStream *stream;
  gboolean           done;
};

static GFileOutputStream *
create_sibling (GFile         *target,
                GFile        **temp_out,
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

  for (guint attempt = 0; ; attempt++)
    {
      g_autofree char *name = g_strdup_printf (".%s.%06x.part", base,
                                               g_random_int_range (0, 0x1000000));
      g_autoptr(GFile) temp = g_file_get_child (parent, name);
      g_autoptr(GError) local_error = NULL;
      GFileOutputStream *stream;

      stream = g_file_create (temp, G_FILE_CREATE_NONE, cancellable, &local_error);
      if (stream != NULL)
        {
          *temp_out = g_steal_pointer (&temp);
          return stream;
        }
      if (attempt >= 100 || !g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_EXISTS))
        {
          g_propagate_error (error, g_steal_pointer (&local_error));
          return NULL;
        }
    }
}

StpSafeOutput *
stp_safe_output_open (GFile         *target,
                      GCancellable  *cancellable,
                      GError       **error)
{
  g_autoptr(StpSafeOutput) self = NULL;

  g_return_val_if_fail (G_IS_FILE (target), NULL);

  self = g_new0 (StpSafeOutput, 1);
  self->target = g_object_ref (target);

  switch (g_file_query_file_type (target, G_FILE_QUERY_INFO_NONE, cancellable))
    {
    case G_FILE_TYPE_UNKNOWN:
      self->stream = create_sibling (target, &self->temp, cancellable, error);
      break;

    /* A device or a pipe (/dev/null, /dev/stdout, a FIFO): nothing to
     * replace, so written in place. */
    case G_FILE_TYPE_SPECIAL:
      self->stream = g_file_append_to (target, G_FILE_CREATE_NONE, cancellable, error);
      break;

    default:
      self->stream = g_file_replace (target, NULL, FALSE, G_FILE_CREATE_REPLACE_DESTINATION,
                                     cancellable, error);
      break;
    }

  if (self->stream == NULL)
    return NULL;

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
      return FALSE;
    }

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

  /* A cancelled close makes g_file_replace() drop its temporary file. */
  abort = g_cancellable_new ();
  g_cancellable_cancel (abort);
  g_output_stream_close (G_OUTPUT_STREAM (self->stream), abort, NULL);

  if (self->temp != NULL)
    g_file_delete (self->temp, NULL, NULL);
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
