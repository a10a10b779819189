/* stp-input.c: reading trace files, compressed or not, for every loader
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window is one growable buffer: consumed bytes are dropped by
 * moving the unconsumed tail to the front before it is refilled, so a
 * loader that asks for "the rest of this event" always gets it in one
 * piece.  Plain files are read straight into the window; compressed
 * ones go through a raw buffer and zlib.  The bytes come from a local
 * file's descriptor or a GInputStream (stp-input-source.c).  Reading
 * (rather than mapping) is the default: a file truncated on disk while
 * it loads then ends early instead of faulting.
 */

#define G_LOG_DOMAIN "stp-input"

#include "stp-input.h"
#include "stp-text.h"
#include "stp-buffer.h"
#include "stp-error.h"
#include "stp-file-map.h"
#include "stp-input-source.h"

#include <fcntl.h>
#include <sys/stat.h>

#include <string.h>
#include <zlib.h>

/* Fuzzing reads in small pieces: cheap for tiny inputs, and every
 * window boundary the loaders handle is crossed many times. */
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
#define RAW_CHUNK     512
#define READ_CHUNK    1024
#else
#define RAW_CHUNK     (1024 * 1024)
/* The window grows past this for an event that needs it.  4 MiB read
 * no faster than 1 MiB and held 2 MiB more (bench/README.md). */
#define READ_CHUNK    (1024 * 1024)
#endif
#define FIRST_READ    (64 * 1024)
#define ZIP_EOCD_SIZE 22
#define ZIP_MAX_COMMENT 65535

typedef enum
{
  MODE_PLAIN,      /* the stream as it is */
  MODE_STORED,     /* a stored zip entry: raw_left bytes of the stream */
  MODE_GZIP,       /* gzip members until the stream ends */
  MODE_DEFLATE,    /* a deflated zip entry */
} Mode;

struct _StpInput
{
  char           *display_name;
  char           *entry_name;
  StpInputSource  source;
  GCancellable   *cancellable;
  StpCompression  compression;
  Mode            mode;

  guint64         file_size;
  guint64         data_offset;   /* where the (compressed) data starts in the file */
  guint64         raw_read;      /* bytes read from the stream past data_offset */
  guint64         raw_left;      /* bytes of the entry still to read (zip), else G_MAXUINT64 */
  guint64         produced;      /* decompressed bytes produced */
  guint64         consumed;      /* decompressed bytes consumed by the loader */
  guint           max_ratio;
  guint64         max_size;
  gboolean        stream_eof;
  gboolean        data_end;      /* no more decompressed bytes */
  gboolean        truncated;

  /* compressed bytes read but not yet inflated */
  guint8         *raw;
  gsize           raw_pos;
  gsize           raw_len;
  z_stream        zs;
  gboolean        zs_ready;

  /* the window */
  guint8         *buf;
  gsize           cap;
  gsize           start;
  gsize           end;
};

static guint16
le16 (const guint8 *p)
{
  return p[0] | (p[1] << 8);
}

static guint32
le32 (const guint8 *p)
{
  return p[0] | (p[1] << 8) | (p[2] << 16) | ((guint32) p[3] << 24);
}

static gboolean
read_exact (StpInput  *self,
            guint8    *dest,
            gsize      len,
            gsize     *got,
            GError   **error)
{
  return stp_input_source_read_all (&self->source, dest, len, got, self->cancellable, error);
}

static gboolean
seek_to (StpInput  *self,
         goffset    offset,
         GError   **error)
{
  return stp_input_source_seek (&self->source, offset, self->cancellable, error);
}

/* Finds the one file in a zip archive from its central directory (so
 * entries written with data descriptors have their sizes) and positions
 * the stream at its data. */
static gboolean
open_zip (StpInput  *self,
          GError   **error)
{
  gsize tail_len = MIN (self->file_size, ZIP_EOCD_SIZE + ZIP_MAX_COMMENT);
  g_autofree guint8 *tail = g_malloc (MAX (tail_len, 1));
  g_autofree guint8 *dir = NULL;
  g_autoptr(GString) names = g_string_new (NULL);
  const guint8 *eocd = NULL;
  guint32 dir_size, dir_offset, n_files = 0;
  guint32 method = 0, csize = 0, usize = 0, local_offset = 0;
  guint8 local[30];
  gsize got;

  /* The central directory is at the end, which a pipe cannot give. */
  if (!stp_input_source_can_seek (&self->source))
    {
      g_set_error (error, STP_ERROR, STP_ERROR_INVALID_ARGUMENT,
                   "%s: a zip archive cannot be read through a pipe: unzip it first",
                   self->display_name);
      return FALSE;
    }
  if (self->file_size < ZIP_EOCD_SIZE)
    goto corrupt;

  if (!seek_to (self, self->file_size - tail_len, error) ||
      !read_exact (self, tail, tail_len, &got, error))
    return FALSE;
  if (got != tail_len)
    goto corrupt;

  for (gssize i = (gssize) tail_len - ZIP_EOCD_SIZE; i >= 0; i--)
    if (le32 (tail + i) == 0x06054b50)
      {
        eocd = tail + i;
        break;
      }
  if (eocd == NULL)
    goto corrupt;

  dir_size = le32 (eocd + 12);
  dir_offset = le32 (eocd + 16);
  if (dir_offset == 0xffffffff || le16 (eocd + 10) == 0xffff)
    {
      g_set_error (error, STP_ERROR, STP_ERROR_UNKNOWN_FORMAT,
                   "%s: ZIP64 archives are not supported; unpack the trace first",
                   self->display_name);
      return FALSE;
    }
  if ((guint64) dir_offset + dir_size > self->file_size || dir_size > 64 * 1024 * 1024)
    goto corrupt;

  dir = g_malloc (MAX (dir_size, 1));
  if (!seek_to (self, dir_offset, error) ||
      !read_exact (self, dir, dir_size, &got, error))
    return FALSE;
  if (got != dir_size)
    goto corrupt;

  for (gsize p = 0; p + 46 <= dir_size;)
    {
      const guint8 *e = dir + p;
      guint16 name_len, extra_len, comment_len;

      if (le32 (e) != 0x02014b50)
        goto corrupt;
      name_len = le16 (e + 28);
      extra_len = le16 (e + 30);
      comment_len = le16 (e + 32);
      if (p + 46 + name_len > dir_size)
        goto corrupt;

      /* Directories are not traces. */
      if (!(name_len > 0 && e[46 + name_len - 1] == '/'))
        {
          n_files++;
          /* Names are printed escaped: an entry named with terminal
           * escapes must not reach the user's terminal as such. */
          if (n_files <= 3)
            {
              if (n_files > 1)
                g_string_append (names, ", ");
              stp_text_append_escaped (names, (const char *) e + 46, name_len, STP_TEXT_MAX_QUOTE);
            }
          method = le16 (e + 10);
          csize = le32 (e + 20);
          usize = le32 (e + 24);
          local_offset = le32 (e + 42);
          g_free (self->entry_name);
          self->entry_name = g_strndup ((const char *) e + 46, name_len);
        }
      p += 46 + name_len + extra_len + comment_len;
    }

  if (n_files == 0)
    {
      g_set_error (error, STP_ERROR, STP_ERROR_EMPTY,
                   "%s: the zip archive is empty: it holds no file", self->display_name);
      return FALSE;
    }
  if (n_files > 1)
    {
      g_set_error (error, STP_ERROR, STP_ERROR_UNKNOWN_FORMAT,
                   "%s: the zip archive holds %u files (%s%s); "
                   "Stepscope opens a zip holding one trace: unpack it and open the trace you want",
                   self->display_name, n_files, names->str, n_files > 3 ? ", ..." : "");
      return FALSE;
    }
  if (method != 0 && method != 8)
    {
      g_autofree char *entry = stp_text_escape (self->entry_name, -1, STP_TEXT_MAX_QUOTE);

      g_set_error (error, STP_ERROR, STP_ERROR_UNKNOWN_FORMAT,
                   "%s: the zip entry %s uses compression method %u; only stored and deflate are supported",
                   self->display_name, entry, method);
      return FALSE;
    }
  if (csize == 0xffffffff || usize == 0xffffffff)
    {
      g_set_error (error, STP_ERROR, STP_ERROR_UNKNOWN_FORMAT,
                   "%s: ZIP64 archives are not supported; unpack the trace first",
                   self->display_name);
      return FALSE;
    }

  if (!seek_to (self, local_offset, error) ||
      !read_exact (self, local, sizeof local, &got, error))
    return FALSE;
  if (got != sizeof local || le32 (local) != 0x04034b50)
    goto corrupt;

  self->data_offset = (guint64) local_offset + 30 + le16 (local + 26) + le16 (local + 28);
  if (self->data_offset + csize > self->file_size)
    goto corrupt;
  if (!seek_to (self, self->data_offset, error))
    return FALSE;

  self->raw_left = csize;
  self->mode = method == 0 ? MODE_STORED : MODE_DEFLATE;
  return TRUE;

corrupt:
  g_set_error (error, STP_ERROR, STP_ERROR_CORRUPT,
               "%s: the zip archive is damaged (no valid central directory)",
               self->display_name);
  return FALSE;
}

static StpInput *
input_new (const char *display_name)
{
  StpInput *self = g_new0 (StpInput, 1);

  self->source.fd = -1;
  self->display_name = g_strdup (display_name);
  self->raw_left = G_MAXUINT64;
  self->raw = g_malloc (RAW_CHUNK);
  self->max_ratio = STP_INPUT_DEFAULT_MAX_RATIO;
  self->max_size = G_MAXUINT64;
  return self;
}

/* Reads the first bytes to recognise the compression, then sets up. */
static gboolean
input_setup (StpInput  *self,
             GError   **error)
{
  guint8 head[4] = { 0 };
  gsize got = 0;

  if (!read_exact (self, head, sizeof head, &got, error))
    return FALSE;

  if (got >= 2 && head[0] == 0x1f && head[1] == 0x8b)
    {
      self->compression = STP_COMPRESSION_GZIP;
      self->mode = MODE_GZIP;
    }
  /* A local file header, or the end record alone: an empty archive. */
  else if (got == 4 && (le32 (head) == 0x04034b50 || le32 (head) == 0x06054b50))
    {
      self->compression = STP_COMPRESSION_ZIP;
      return open_zip (self, error);
    }
  else
    {
      self->compression = STP_COMPRESSION_NONE;
      self->mode = MODE_PLAIN;
    }

  /* The head is data: keep it for the first read. */
  memcpy (self->raw, head, got);
  self->raw_len = got;
  self->raw_read = got;
  if (got < sizeof head)
    self->stream_eof = TRUE;
  return TRUE;
}

/* Sets up an input that has its source and size. */
static StpInput *
input_ready (StpInput      *self,
             GCancellable  *cancellable,
             GError       **error)
{
  stp_input_set_cancellable (self, cancellable);
  if (!input_setup (self, error))
    {
      stp_input_free (self);
      return NULL;
    }
  return self;
}

StpInput *
stp_input_open_path (const char    *path,
                     GCancellable  *cancellable,
                     GError       **error)
{
  g_autofree char *name = NULL;
  StpInput *self;

  g_return_val_if_fail (path != NULL, NULL);

  name = g_filename_display_name (path);
  self = input_new (name);
  if (!stp_input_source_open_path (&self->source, path, self->display_name,
                                   &self->file_size, error))
    {
      stp_input_free (self);
      return NULL;
    }
  return input_ready (self, cancellable, error);
}

StpInput *
stp_input_open (GFile         *file,
                GCancellable  *cancellable,
                GError       **error)
{
  g_autoptr(GFileInputStream) stream = NULL;
  g_autoptr(GFileInfo) info = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *name = NULL;
  StpInput *self;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  if (g_file_peek_path (file) != NULL)
    return stp_input_open_path (g_file_peek_path (file), cancellable, error);

  name = g_file_get_parse_name (file);
  stream = g_file_read (file, cancellable, &local_error);
  if (stream == NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local_error), "%s: ", name);
      return NULL;
    }
  info = g_file_input_stream_query_info (stream, G_FILE_ATTRIBUTE_STANDARD_SIZE,
                                         cancellable, NULL);

  self = input_new (name);
  self->file_size = info ? g_file_info_get_size (info) : 0;
  stp_input_source_init_stream (&self->source, G_INPUT_STREAM (g_steal_pointer (&stream)),
                                self->display_name);
  return input_ready (self, cancellable, error);
}

StpInput *
stp_input_new_for_bytes (GBytes      *bytes,
                         const char  *display_name,
                         GError     **error)
{
  StpInput *self;

  g_return_val_if_fail (bytes != NULL, NULL);

  self = input_new (display_name ? display_name : "(memory)");
  self->file_size = g_bytes_get_size (bytes);
  stp_input_source_init_stream (&self->source, g_memory_input_stream_new_from_bytes (bytes),
                                self->display_name);
  return input_ready (self, NULL, error);
}

void
stp_input_free (StpInput *self)
{
  if (self == NULL)
    return;

  if (self->zs_ready)
    inflateEnd (&self->zs);
  stp_input_source_clear (&self->source);
  g_clear_object (&self->cancellable);
  g_free (self->raw);
  g_free (self->buf);
  g_free (self->display_name);
  g_free (self->entry_name);
  g_free (self);
}

void
stp_input_close (StpInput *self)
{
  g_return_if_fail (self != NULL);

  if (self->zs_ready)
    inflateEnd (&self->zs);
  self->zs_ready = FALSE;
  stp_input_source_clear (&self->source);
  g_clear_pointer (&self->raw, g_free);
  g_clear_pointer (&self->buf, g_free);
  self->raw_pos = self->raw_len = 0;
  self->cap = self->start = self->end = 0;
  self->stream_eof = self->data_end = TRUE;
}

const char *
stp_input_get_display_name (StpInput *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->display_name;
}

StpCompression
stp_input_get_compression (StpInput *self)
{
  g_return_val_if_fail (self != NULL, STP_COMPRESSION_NONE);
  return self->compression;
}

const char *
stp_input_get_entry_name (StpInput *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->entry_name;
}

guint64
stp_input_get_file_size (StpInput *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->file_size;
}

guint64
stp_input_get_position (StpInput *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->consumed;
}

guint64
stp_input_get_file_position (StpInput *self)
{
  g_return_val_if_fail (self != NULL, 0);

  if (self->mode == MODE_PLAIN)
    return self->consumed;

  /* Compressed: what zlib has taken from the file, scaled down by what
   * of the output is still waiting in the window. */
  {
    guint64 taken = self->raw_read - (self->raw_len - self->raw_pos);
    guint64 waiting = self->produced - self->consumed;

    if (self->produced > 0 && waiting > 0)
      taken -= MIN (taken, (guint64) ((double) waiting * taken / self->produced));
    return MIN (self->data_offset + taken, self->file_size);
  }
}

int
stp_input_dup_plain_fd (StpInput *self)
{
  g_return_val_if_fail (self != NULL, -1);

  if (self->mode != MODE_PLAIN || self->data_offset != 0 ||
      stp_input_source_get_fd (&self->source) < 0)
    return -1;
  return fcntl (stp_input_source_get_fd (&self->source), F_DUPFD_CLOEXEC, 3);
}

gboolean
stp_input_is_truncated (StpInput *self)
{
  g_return_val_if_fail (self != NULL, FALSE);
  return self->truncated;
}

void
stp_input_set_cancellable (StpInput     *self,
                           GCancellable *cancellable)
{
  g_return_if_fail (self != NULL);
  g_set_object (&self->cancellable, cancellable);
}

void
stp_input_set_max_ratio (StpInput *self,
                         guint     max_ratio)
{
  g_return_if_fail (self != NULL);
  self->max_ratio = max_ratio;
}

void
stp_input_set_max_size (StpInput *self,
                        guint64   max_size)
{
  g_return_if_fail (self != NULL);
  self->max_size = max_size;
}

/* Tops up the raw buffer from the stream; FALSE on error. */
static gboolean
raw_refill (StpInput  *self,
            GError   **error)
{
  gsize room, want;
  gssize n;

  if (self->raw_pos > 0)
    {
      memmove (self->raw, self->raw + self->raw_pos, self->raw_len - self->raw_pos);
      self->raw_len -= self->raw_pos;
      self->raw_pos = 0;
    }

  if (self->stream_eof || self->raw_left == 0)
    return TRUE;

  room = RAW_CHUNK - self->raw_len;
  want = MIN ((guint64) room, self->raw_left);
  if (want == 0)
    return TRUE;

  n = stp_input_source_read (&self->source, self->raw + self->raw_len, want,
                             self->cancellable, error);
  if (n < 0)
    return FALSE;
  if (n == 0)
    self->stream_eof = TRUE;

  self->raw_len += n;
  self->raw_read += n;
  if (self->raw_left != G_MAXUINT64)
    self->raw_left -= n;
  return TRUE;
}

static gboolean
check_limits (StpInput  *self,
              GError   **error)
{
  guint64 taken = self->raw_read - (self->raw_len - self->raw_pos);

  if (self->produced > self->max_size)
    {
      g_set_error (error, STP_ERROR, STP_ERROR_LIMIT,
                   "%s: the data is larger than the limit of %" G_GUINT64_FORMAT " bytes",
                   self->display_name, self->max_size);
      return FALSE;
    }

  if (self->mode != MODE_PLAIN && self->mode != MODE_STORED &&
      self->produced > STP_INPUT_RATIO_FLOOR &&
      self->produced / MAX (taken, 1) > self->max_ratio)
    {
      g_set_error (error, STP_ERROR, STP_ERROR_LIMIT,
                   "%s: decompresses to more than %u times its compressed size "
                   "(%" G_GUINT64_FORMAT " bytes from %" G_GUINT64_FORMAT "); "
                   "refusing it as a likely decompression bomb",
                   self->display_name, self->max_ratio, self->produced, taken);
      return FALSE;
    }
  return TRUE;
}

static gboolean
zs_start (StpInput  *self,
          GError   **error)
{
  int bits = self->mode == MODE_GZIP ? 16 + MAX_WBITS : -MAX_WBITS;

  memset (&self->zs, 0, sizeof self->zs);
  if (inflateInit2 (&self->zs, bits) != Z_OK)
    {
      g_set_error (error, STP_ERROR, STP_ERROR_LIMIT,
                   "%s: cannot start decompression", self->display_name);
      return FALSE;
    }
  self->zs_ready = TRUE;
  return TRUE;
}

/* Decompresses into dest; returns bytes produced (0 at the end) or -1. */
static gssize
inflate_some (StpInput  *self,
              guint8    *dest,
              gsize      len,
              GError   **error)
{
  if (!self->zs_ready && !zs_start (self, error))
    return -1;

  for (;;)
    {
      gsize before_in, produced;
      int ret;

      if (self->raw_pos == self->raw_len)
        {
          if (!raw_refill (self, error))
            return -1;
          if (self->raw_len == 0)
            {
              /* The data ends inside a deflate stream. */
              self->truncated = TRUE;
              return 0;
            }
        }

      self->zs.next_in = self->raw + self->raw_pos;
      self->zs.avail_in = self->raw_len - self->raw_pos;
      self->zs.next_out = dest;
      self->zs.avail_out = MIN (len, G_MAXUINT32);
      before_in = self->zs.avail_in;

      ret = inflate (&self->zs, Z_NO_FLUSH);
      self->raw_pos += before_in - self->zs.avail_in;
      produced = MIN (len, G_MAXUINT32) - self->zs.avail_out;

      if (ret == Z_STREAM_END)
        {
          if (self->mode == MODE_GZIP)
            {
              /* Another gzip member may follow. */
              if (self->raw_len - self->raw_pos < 2 && !raw_refill (self, error))
                return -1;
              if (self->raw_len - self->raw_pos >= 2 &&
                  self->raw[self->raw_pos] == 0x1f && self->raw[self->raw_pos + 1] == 0x8b)
                inflateReset (&self->zs);
              else
                self->data_end = TRUE;   /* trailing padding is ignored */
            }
          else
            self->data_end = TRUE;

          if (produced > 0 || self->data_end)
            return produced;
          continue;
        }

      if (ret != Z_OK && ret != Z_BUF_ERROR)
        {
          g_set_error (error, STP_ERROR, STP_ERROR_CORRUPT,
                       "%s: the compressed data is corrupt at byte %" G_GUINT64_FORMAT " (%s)",
                       self->display_name,
                       self->data_offset + self->raw_read - (self->raw_len - self->raw_pos),
                       self->zs.msg ? self->zs.msg : "inflate failed");
          return -1;
        }

      if (produced > 0)
        return produced;

      if (ret == Z_BUF_ERROR && self->raw_pos == self->raw_len && self->stream_eof)
        {
          self->truncated = TRUE;
          return 0;
        }
    }
}

/* Produces up to len decompressed bytes into dest; 0 at the end. */
static gssize
produce (StpInput  *self,
         guint8    *dest,
         gsize      len,
         GError   **error)
{
  gssize n = 0;

  if (self->data_end)
    return 0;

  if (g_cancellable_set_error_if_cancelled (self->cancellable, error))
    return -1;

  switch (self->mode)
    {
    case MODE_PLAIN:
    case MODE_STORED:
      if (self->raw_pos < self->raw_len)
        {
          n = MIN (len, self->raw_len - self->raw_pos);
          memcpy (dest, self->raw + self->raw_pos, n);
          self->raw_pos += n;
          if (self->raw_pos == self->raw_len)
            {
              /* The raw buffer is only needed for the head. */
              self->raw_pos = self->raw_len = 0;
            }
          break;
        }
      if (self->stream_eof || self->raw_left == 0)
        break;
      n = stp_input_source_read (&self->source, dest, MIN ((guint64) len, self->raw_left),
                                 self->cancellable, error);
      if (n < 0)
        return -1;
      if (n == 0)
        {
          self->stream_eof = TRUE;
          if (self->raw_left != G_MAXUINT64 && self->raw_left > 0)
            self->truncated = TRUE;
        }
      self->raw_read += n;
      if (self->raw_left != G_MAXUINT64)
        self->raw_left -= n;
      break;

    case MODE_GZIP:
    case MODE_DEFLATE:
      n = inflate_some (self, dest, len, error);
      if (n < 0)
        return -1;
      break;

    default:
      g_assert_not_reached ();
    }

  if (n == 0)
    self->data_end = TRUE;
  self->produced += n;

  if (!check_limits (self, error))
    return -1;
  return n;
}

const guint8 *
stp_input_fill (StpInput  *self,
                gsize      want,
                gsize     *avail,
                GError   **error)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (avail != NULL, NULL);

  if (want > STP_INPUT_MAX_WINDOW)
    want = STP_INPUT_MAX_WINDOW;

  if (self->end - self->start < want && !self->data_end)
    {
      if (self->start > 0)
        {
          memmove (self->buf, self->buf + self->start, self->end - self->start);
          self->end -= self->start;
          self->start = 0;
        }

      if (self->cap < want)
        {
          gsize cap = MAX (self->cap, (gsize) READ_CHUNK);

          while (cap < want)
            cap *= 2;
          self->buf = g_realloc (self->buf, cap + STP_INPUT_PADDING);
          memset (self->buf + cap, 0, STP_INPUT_PADDING);
          self->cap = cap;
        }

      while (self->end < want && !self->data_end)
        {
          /* Read in large pieces: fill the buffer as far as it goes.
           * Except before the loader has taken anything: those bytes
           * only tell the format, and a StepStats or XSpace is then
           * mapped whole, so a full window read to tell it is wasted. */
          gsize room = self->cap - self->end;
          gssize n;

          if (self->consumed == 0)
            room = MIN (room, MAX (want, (gsize) FIRST_READ) - self->end);
          n = produce (self, self->buf + self->end, room, error);

          if (n < 0)
            {
              *avail = 0;
              return NULL;
            }
          self->end += n;
        }
    }

  *avail = self->end - self->start;
  if (self->buf == NULL)
    {
      static const guint8 empty[STP_INPUT_PADDING] = { 0 };
      return empty;
    }
  /* Zeros after the data: scanners may read a vector past the end. */
  memset (self->buf + self->end, 0, STP_INPUT_PADDING);
  return self->buf + self->start;
}

void
stp_input_consume (StpInput *self,
                   gsize     n)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (n <= self->end - self->start);

  self->start += n;
  self->consumed += n;
  if (self->start == self->end)
    self->start = self->end = 0;
}

gssize
stp_input_read (StpInput  *self,
                guint8    *buffer,
                gsize      size,
                GError   **error)
{
  const guint8 *data;
  gsize avail;
  gssize n;

  g_return_val_if_fail (self != NULL, -1);

  /* What the window holds, else a large read straight into the
   * caller's buffer: a window filled only to be copied out would add
   * its size to the reader's memory. */
  if (self->start == self->end && size >= FIRST_READ)
    {
      n = produce (self, buffer, size, error);
      if (n > 0)
        self->consumed += n;
      return n;
    }

  data = stp_input_fill (self, self->start < self->end ? 1 : MIN (size, (gsize) READ_CHUNK),
                         &avail, error);
  if (data == NULL)
    return -1;

  avail = MIN (avail, size);
  memcpy (buffer, data, avail);
  stp_input_consume (self, avail);
  return avail;
}

/* The whole plain file, mapped, where the process allows it (see
 * stp-file-map.h); NULL to read it instead. */
static GBytes *
map_whole_file (StpInput *self,
                gsize     max_size)
{
  struct stat st;
  int fd;

  if (!stp_file_map_is_enabled () || self->compression != STP_COMPRESSION_NONE ||
      self->consumed != 0 || (fd = stp_input_source_get_fd (&self->source)) < 0)
    return NULL;

  if (fstat (fd, &st) != 0 || !S_ISREG (st.st_mode) || st.st_size <= 0 ||
      (guint64) st.st_size > max_size || (guint64) st.st_size > G_MAXSIZE)
    return NULL;

  return stp_file_map_fd (fd, st.st_size, self->display_name);
}

GBytes *
stp_input_read_all (StpInput  *self,
                    gsize      max_size,
                    GError   **error)
{
  g_autoptr(GByteArray) out = NULL;
  GBytes *out_bytes;
  guint8 *exact = NULL;
  gsize expected = 0;
  gsize got = 0;

  g_return_val_if_fail (self != NULL, NULL);

  if ((out_bytes = map_whole_file (self, max_size)) != NULL)
    return out_bytes;

  /* A plain file's size is known: fill one buffer instead of growing one. */
  if (self->compression == STP_COMPRESSION_NONE && self->file_size >= self->consumed &&
      self->file_size - self->consumed <= max_size)
    {
      expected = self->file_size - self->consumed;
      exact = stp_buffer_alloc (expected);
    }
  else
    out = g_byte_array_new ();

  for (;;)
    {
      gsize avail;
      const guint8 *data = stp_input_fill (self, READ_CHUNK, &avail, error);

      if (data == NULL)
        {
          if (exact != NULL)
            stp_buffer_free (exact, expected);
          return NULL;
        }
      if (avail == 0)
        break;
      if (got + avail > max_size)
        {
          g_set_error (error, STP_ERROR, STP_ERROR_LIMIT,
                       "%s: the data is larger than the limit of %" G_GSIZE_FORMAT " bytes",
                       self->display_name, max_size);
          if (exact != NULL)
            stp_buffer_free (exact, expected);
          return NULL;
        }

      if (exact != NULL && got + avail > expected)
        {
          /* The file grew while we read it: fall back to growing. */
          out = g_byte_array_sized_new (got + avail);
          g_byte_array_append (out, exact, got);
          stp_buffer_free (exact, expected);
          exact = NULL;
        }

      if (exact != NULL)
        memcpy (exact + got, data, avail);
      else
        g_byte_array_append (out, data, avail);
      got += avail;
      stp_input_consume (self, avail);
    }

  /* Compressed data that stops inside its stream has lost its end, which
   * a whole read cannot do without: say so, rather than let the reader
   * find its format broken. */
  if (self->truncated)
    {
      g_set_error (error, STP_ERROR, STP_ERROR_TRUNCATED,
                   "%s: the compressed data is cut short; the file may have been copied "
                   "or saved only in part", self->display_name);
      if (exact != NULL)
        stp_buffer_free (exact, expected);
      return NULL;
    }

  if (exact != NULL)
    return stp_buffer_to_bytes (exact, expected, got);
  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}
