/* stp-input-source.h: where an input's bytes come from
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

/* A local file read through its descriptor, or any other GInputStream
 * (a remote GFile, bytes in memory).  Only stp-input.c uses it. */
typedef struct
{
  GInputStream *stream;   /* NULL for a local file */
  int           fd;       /* the local file's, else -1 */
  const char   *name;     /* for messages; the input's display name */
} StpInputSource;

gboolean stp_input_source_open_path   (StpInputSource  *self,
                                       const char      *path,
                                       const char      *name,
                                       guint64         *size,
                                       GError         **error);
void     stp_input_source_init_stream (StpInputSource  *self,
                                       GInputStream    *stream,
                                       const char      *name);
gssize   stp_input_source_read        (StpInputSource  *self,
                                       void            *dest,
                                       gsize            len,
                                       GCancellable    *cancellable,
                                       GError         **error);
gboolean stp_input_source_read_all    (StpInputSource  *self,
                                       void            *dest,
                                       gsize            len,
                                       gsize           *got,
                                       GCancellable    *cancellable,
                                       GError         **error);
gboolean stp_input_source_can_seek    (StpInputSource  *self);
gboolean stp_input_source_seek        (StpInputSource  *self,
                                       goffset          offset,
                                       GCancellable    *cancellable,
                                       GError         **error);
int      stp_input_source_get_fd      (StpInputSource  *self);
void     stp_input_source_clear       (StpInputSource  *self);

G_END_DECLS
