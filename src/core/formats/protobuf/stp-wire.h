/* stp-wire.h: a bounds-checked reader and writer of protobuf wire format
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Bytes of a message read in place: they live as long as the buffer they
 * were read from (a StpStepStats or XSpace keeps its own alive). */
typedef struct
{
  const char *str;
  guint32     len;
} StpSpan;

typedef enum
{
  STP_WIRE_VARINT = 0,
  STP_WIRE_I64    = 1,
  STP_WIRE_LEN    = 2,
  STP_WIRE_SGROUP = 3,
  STP_WIRE_EGROUP = 4,
  STP_WIRE_I32    = 5,
} StpWireType;

typedef struct
{
  const guint8 *data;
  gsize         len;
  gsize         pos;
  gsize         base;    /* offset of data[0] in the whole input, for messages */
} StpWireReader;

typedef struct
{
  guint32       number;
  StpWireType   type;
  guint64       value;   /* VARINT, I64, I32 */
  const guint8 *bytes;   /* LEN */
  gsize         len;     /* LEN */
  gsize         offset;  /* where the tag starts, in the whole input */
} StpWireField;

void     stp_wire_reader_init   (StpWireReader       *reader,
                                 const guint8        *data,
                                 gsize                len,
                                 gsize                base);
void     stp_wire_reader_sub    (StpWireReader       *reader,
                                 const StpWireReader *parent,
                                 const StpWireField  *field);
gboolean stp_wire_next_slow     (StpWireReader       *reader,
                                 StpWireField        *field,
                                 GError             **error);
gboolean stp_wire_read_varint_slow (StpWireReader    *reader,
                                    guint64          *value);

/* Most varints are one byte: keep that case inline. */
static inline gboolean
stp_wire_read_varint (StpWireReader *reader,
                      guint64       *value)
{
  if (G_LIKELY (reader->pos < reader->len && reader->data[reader->pos] < 0x80))
    {
      *value = reader->data[reader->pos++];
      return TRUE;
    }
  return stp_wire_read_varint_slow (reader, value);
}

static inline gint64
stp_wire_zigzag64 (guint64 v)
{
  return (gint64) (v >> 1) ^ -(gint64) (v & 1);
}

/* Returns FALSE at the end (error unset) or on malformed input (error set,
 * STP_ERROR_CORRUPT or STP_ERROR_TRUNCATED, naming the byte offset).
 * Well-formed one-byte tags of varint and length-delimited fields take
 * the inline path; everything else, errors included, the slow one. */
static inline gboolean
stp_wire_next (StpWireReader *reader,
               StpWireField  *field,
               GError       **error)
{
  gsize start = reader->pos;
  guint8 tag;

  if (reader->pos >= reader->len)
    return FALSE;

  tag = reader->data[reader->pos];
  if (G_LIKELY (tag < 0x80 && tag >= 8))
    {
      StpWireType type = tag & 7;

      if (type == STP_WIRE_VARINT || type == STP_WIRE_LEN)
        {
          guint64 value;

          reader->pos++;
          if (G_LIKELY (stp_wire_read_varint (reader, &value)))
            {
              field->number = tag >> 3;
              field->type = type;
              field->offset = reader->base + start;
              if (type == STP_WIRE_VARINT)
                {
                  field->value = value;
                  return TRUE;
                }
              if (G_LIKELY (value <= reader->len - reader->pos))
                {
                  field->bytes = reader->data + reader->pos;
                  field->len = value;
                  reader->pos += value;
                  return TRUE;
                }
            }
          reader->pos = start;
        }
    }

  return stp_wire_next_slow (reader, field, error);
}

void     stp_wire_put_varint    (GByteArray          *out,
                                 guint64              value);
void     stp_wire_put_tag       (GByteArray          *out,
                                 guint32              number,
                                 StpWireType          type);
void     stp_wire_put_bytes     (GByteArray          *out,
                                 guint32              number,
                                 const void          *bytes,
                                 gsize                len);

G_END_DECLS
