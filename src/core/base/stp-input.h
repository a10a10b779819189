/* stp-input.h: reading trace files, compressed or not, for every loader
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A StpInput opens a file, recognises gzip (also several members one
 * after the other) and a zip archive holding one file from the content,
 * and hands out the decompressed bytes through a sliding window:
 * stp_input_fill() makes bytes available without consuming them and
 * stp_input_consume() moves on.  Progress is counted in bytes of the
 * file itself, so a bar over the file size moves evenly whatever the
 * compression.  Every read checks the cancellable; decompression stops
 * with STP_ERROR_LIMIT when the output grows far beyond what real
 * traces compress to (a decompression bomb).
 */

#pragma once

#include <gio/gio.h>

G_BEGIN_DECLS

typedef enum
{
  STP_COMPRESSION_NONE,
  STP_COMPRESSION_GZIP,
  STP_COMPRESSION_ZIP,
} StpCompression;

/* Real traces compress 5-50x; deflate cannot exceed ~1032x.  Above
 * this ratio (once past the floor) the input is refused. */
#define STP_INPUT_DEFAULT_MAX_RATIO   200
#define STP_INPUT_RATIO_FLOOR         (64u * 1024 * 1024)
/* The largest window a loader may ask for (one event, one value). */
#define STP_INPUT_MAX_WINDOW          ((gsize) 1 << 30)
/* Bytes readable after the end of a window (the first one is NUL), so
 * scanners may read a vector past the end before checking bounds. */
#define STP_INPUT_PADDING             64

typedef struct _StpInput StpInput;

StpInput      *stp_input_open             (GFile          *file,
                                           GCancellable   *cancellable,
                                           GError        **error);
StpInput      *stp_input_open_path        (const char     *path,
                                           GCancellable   *cancellable,
                                           GError        **error);
StpInput      *stp_input_new_for_bytes    (GBytes         *bytes,
                                           const char     *display_name,
                                           GError        **error);
void           stp_input_free             (StpInput       *self);

const char    *stp_input_get_display_name (StpInput       *self);
StpCompression stp_input_get_compression  (StpInput       *self);
const char    *stp_input_get_entry_name   (StpInput       *self);
guint64        stp_input_get_file_size    (StpInput       *self);
guint64        stp_input_get_file_position (StpInput      *self);
/* A new descriptor of the file being read, to read parts of it again
 * later at stp_input_get_file_position()'s offsets; -1 unless the input
 * is a local file read as it is (not compressed, not in a zip). */
int            stp_input_dup_plain_fd     (StpInput      *self);
guint64        stp_input_get_position     (StpInput       *self);
gboolean       stp_input_is_truncated     (StpInput       *self);
void           stp_input_set_cancellable  (StpInput       *self,
                                           GCancellable   *cancellable);
void           stp_input_set_max_ratio    (StpInput       *self,
                                           guint           max_ratio);
void           stp_input_set_max_size     (StpInput       *self,
                                           guint64         max_size);

/* The window: at least `want` bytes from the current position (fewer
 * only at the end of the data, *avail == 0 at the end).  The pointer
 * stays valid until the next fill or consume. */
const guint8  *stp_input_fill             (StpInput       *self,
                                           gsize           want,
                                           gsize          *avail,
                                           GError        **error);
void           stp_input_consume          (StpInput       *self,
                                           gsize           n);
/* For a reader done with reading that has more to do before it frees
 * the input: the window, the inflater and the stream go now, and the
 * input reads as ended.  Its name, size and position stay. */
void           stp_input_close            (StpInput       *self);

/* Streaming pull: up to `size` decompressed bytes; 0 at the end.  What
 * the window holds is copied out; with the window empty, a read of 64
 * KiB or more goes straight into `buffer`. */
gssize         stp_input_read             (StpInput       *self,
                                           guint8         *buffer,
                                           gsize           size,
                                           GError        **error);

/* Everything that is left, at most max_size bytes (else STP_ERROR_LIMIT);
 * a plain file mapped rather than read where stp_file_map_enable() was
 * called. */
GBytes        *stp_input_read_all         (StpInput       *self,
                                           gsize           max_size,
                                           GError        **error);

G_DEFINE_AUTOPTR_CLEANUP_FUNC (StpInput, stp_input_free)

G_END_DECLS
