/* stp-pbtext-print.c: wire format to text, as Python protobuf prints it
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * TensorFlow's timeline.py puts str(tensor_description) into the trace,
 * so this reproduces Python's text_format.MessageToString (pure Python
 * implementation, as_utf8=False) byte for byte, reading the wire bytes
 * as Python's decoder does:
 *
 *  - fields by number; repeated elements in wire order, packed or not;
 *    a singular scalar keeps its last value and is printed only when
 *    non-zero (proto3; Python's "not value", so -0.0 is not printed);
 *    the occurrences of a singular message merge, which is the same as
 *    reading them one after another as one message;
 *  - map entries sorted by key, the last entry of a key winning;
 *  - a field whose wire type does not match is unknown, as are fields
 *    the schema lacks; unknown fields are not printed;
 *  - floats as Python's str() (stp-pbtext-float.c).
 */

#define G_LOG_DOMAIN "stp-pbtext"

#include "stp-pbtext-private.h"
#include "stp-json-writer.h"
#include "stp-text.h"
#include "stp-wire.h"

#include <stdlib.h>
#include <string.h>

/* One stretch of wire bytes of a message; a singular message field
 * that occurs several times is the list of its occurrences. */
typedef struct
{
  const guint8 *data;
  gsize         len;
  gsize         base;    /* offset of data[0] in the whole input */
} Segment;

typedef struct
{
  const ProtobufCFieldDescriptor *field;
  StpWireField                    wf;
  gsize                           base;   /* LEN: offset of wf.bytes */
  guint                           seq;
} Occurrence;

typedef struct
{
  guint64       num;     /* numeric keys, ordered as unsigned */
  const guint8 *str;     /* string keys */
  gsize         len;
  guint         index;   /* of the entry, to keep the last */
} MapKey;

static gboolean print_fields (const ProtobufCMessageDescriptor *desc,
                              const Segment                    *segs,
                              guint                             n_segs,
                              gboolean                          map_entry,
                              guint                             indent,
                              guint                             depth,
                              GString                          *out,
                              GError                          **error);

static StpWireType
wire_type_of (ProtobufCType type)
{
  switch (type)
    {
    case PROTOBUF_C_TYPE_SFIXED32:
    case PROTOBUF_C_TYPE_FIXED32:
    case PROTOBUF_C_TYPE_FLOAT:
      return STP_WIRE_I32;
    case PROTOBUF_C_TYPE_SFIXED64:
    case PROTOBUF_C_TYPE_FIXED64:
    case PROTOBUF_C_TYPE_DOUBLE:
      return STP_WIRE_I64;
    case PROTOBUF_C_TYPE_STRING:
    case PROTOBUF_C_TYPE_BYTES:
    case PROTOBUF_C_TYPE_MESSAGE:
      return STP_WIRE_LEN;
    default:
      return STP_WIRE_VARINT;
    }
}

/* The value of an integral field as Python holds it.  Returns TRUE
 * for signed types (value in *s), FALSE for unsigned ones (in *u). */
static gboolean
decode_integer (ProtobufCType  type,
                guint64        raw,
                gint64        *s,
                guint64       *u)
{
  guint32 low = (guint32) raw;

  switch (type)
    {
    case PROTOBUF_C_TYPE_INT32:
    case PROTOBUF_C_TYPE_SFIXED32:
    case PROTOBUF_C_TYPE_ENUM:
      *s = (gint32) low;
      return TRUE;
    case PROTOBUF_C_TYPE_SINT32:
      *s = (gint32) ((low >> 1) ^ (0u - (low & 1)));
      return TRUE;
    case PROTOBUF_C_TYPE_INT64:
    case PROTOBUF_C_TYPE_SFIXED64:
      *s = (gint64) raw;
      return TRUE;
    case PROTOBUF_C_TYPE_SINT64:
      *s = stp_wire_zigzag64 (raw);
      return TRUE;
    case PROTOBUF_C_TYPE_UINT32:
    case PROTOBUF_C_TYPE_FIXED32:
      *u = low;
      return FALSE;
    case PROTOBUF_C_TYPE_BOOL:
      *u = raw != 0;
      return FALSE;
    default:
      *u = raw;
      return FALSE;
    }
}

static float
float_of (guint64 raw)
{
  guint32 bits = (guint32) raw;
  float f;

  memcpy (&f, &bits, 4);
  return f;
}

static double
double_of (guint64 raw)
{
  double d;

  memcpy (&d, &raw, 8);
  return d;
}

/* Proto3 presence: Python's "not value" after decoding. */
static gboolean
scalar_is_default (const ProtobufCFieldDescriptor *field,
                   const Occurrence               *occ)
{
  gint64 s;
  guint64 u;

  switch (field->type)
    {
    case PROTOBUF_C_TYPE_STRING:
    case PROTOBUF_C_TYPE_BYTES:
      return occ->wf.len == 0;
    case PROTOBUF_C_TYPE_FLOAT:
      return float_of (occ->wf.value) == 0.0f;
    case PROTOBUF_C_TYPE_DOUBLE:
      return double_of (occ->wf.value) == 0.0;
    default:
      if (decode_integer (field->type, occ->wf.value, &s, &u))
        return s == 0;
      return u == 0;
    }
}

/* ---- other scalars ---- */

/* Without printf, and without GLib's appends, which insert: a StepStats
 * with memory shown prints a tensor description per output, a field at
 * a time.  printf was most of that time, the appends a tenth of it. */
static inline void
append_text (GString    *out,
             const char *text)
{
  stp_json_append_len (out, text, strlen (text));
}

static void
append_indent (GString *out,
               guint    indent)
{
  static const char spaces[] = "                                ";

  while (indent > 0)
    {
      guint n = MIN (indent, sizeof spaces - 1);

      stp_json_append_len (out, spaces, n);
      indent -= n;
    }
}

static void
append_unsigned (GString *out,
                 guint64  u)
{
  if (u <= G_MAXINT64)
    stp_json_append_int (out, (gint64) u);
  else
    g_string_append_printf (out, "%" G_GUINT64_FORMAT, u);
}

/* text_encoding.CEscape (as_utf8=False): bytes, not characters. */
static void
append_escaped (GString      *out,
                const guint8 *s,
                gsize         n)
{
  g_string_append_c (out, '"');
  for (gsize i = 0; i < n; i++)
    {
      switch (s[i])
        {
        case '\t': stp_json_append_literal (out, "\\t"); break;
        case '\n': stp_json_append_literal (out, "\\n"); break;
        case '\r': stp_json_append_literal (out, "\\r"); break;
        case '"': stp_json_append_literal (out, "\\\""); break;
        case '\'': stp_json_append_literal (out, "\\'"); break;
        case '\\': stp_json_append_literal (out, "\\\\"); break;
        default:
          if (s[i] < 0x20 || s[i] >= 0x7f)
            g_string_append_printf (out, "\\%03o", s[i]);
          else
            g_string_append_c (out, s[i]);
        }
    }
  g_string_append_c (out, '"');
}

static void
append_scalar (GString                        *out,
               const ProtobufCFieldDescriptor *field,
               guint64                         raw)
{
  const ProtobufCEnumValue *value;
  gint64 s;
  guint64 u;

  switch (field->type)
    {
    case PROTOBUF_C_TYPE_FLOAT:
      stp_pbtext_append_float (out, float_of (raw));
      return;
    case PROTOBUF_C_TYPE_DOUBLE:
      stp_pbtext_append_double (out, double_of (raw));
      return;
    case PROTOBUF_C_TYPE_BOOL:
      append_text (out, raw ? "true" : "false");
      return;
    case PROTOBUF_C_TYPE_ENUM:
      decode_integer (field->type, raw, &s, &u);
      value = protobuf_c_enum_descriptor_get_value (field->descriptor, (int) s);
      if (value != NULL)
        append_text (out, value->name);
      else
        stp_json_append_int (out, s);
      return;
    default:
      if (decode_integer (field->type, raw, &s, &u))
        stp_json_append_int (out, s);
      else
        append_unsigned (out, u);
      return;
    }
}

static void
print_scalar (GString                        *out,
              const ProtobufCFieldDescriptor *field,
              const Occurrence               *occ,
              guint                           indent)
{
  append_indent (out, indent);
  append_text (out, field->name);
  stp_json_append_literal (out, ": ");
  if (field->type == PROTOBUF_C_TYPE_STRING || field->type == PROTOBUF_C_TYPE_BYTES)
    append_escaped (out, occ->wf.bytes, occ->wf.len);
  else
    append_scalar (out, field, occ->wf.value);
  stp_json_append_c (out, '\n');
}

static gboolean
print_packed (GString                        *out,
              const ProtobufCFieldDescriptor *field,
              const Occurrence               *occ,
              guint                           indent,
              GError                        **error)
{
  StpWireType type = wire_type_of (field->type);
  StpWireReader reader;
  Occurrence element = *occ;

  stp_wire_reader_init (&reader, occ->wf.bytes, occ->wf.len, occ->base);
  while (reader.pos < reader.len)
    {
      gsize size = type == STP_WIRE_I32 ? 4 : 8;
      gsize at = reader.base + reader.pos;

      if (type == STP_WIRE_VARINT)
        {
          if (!stp_wire_read_varint (&reader, &element.wf.value))
            {
              g_set_error (error, STP_ERROR, STP_ERROR_TRUNCATED,
                           "packed field \"%s\": truncated number at byte %" G_GSIZE_FORMAT,
                           field->name, at);
              return FALSE;
            }
        }
      else if (reader.len - reader.pos < size)
        {
          g_set_error (error, STP_ERROR, STP_ERROR_TRUNCATED,
                       "packed field \"%s\": truncated %u-byte value at byte %" G_GSIZE_FORMAT,
                       field->name, (guint) size, at);
          return FALSE;
        }
      else
        {
          element.wf.value = 0;
          for (gsize i = 0; i < size; i++)
            element.wf.value |= (guint64) reader.data[reader.pos + i] << (8 * i);
          reader.pos += size;
        }
      print_scalar (out, field, &element, indent);
    }

  return TRUE;
}

/* ---- messages ---- */

static gboolean
print_submessage (GString                        *out,
                  const ProtobufCFieldDescriptor *field,
                  const Segment                  *segs,
                  guint                           n_segs,
                  gboolean                        map_entry,
                  guint                           indent,
                  guint                           depth,
                  GError                        **error)
{
  append_indent (out, indent);
  append_text (out, field->name);
  stp_json_append_literal (out, " {\n");
  if (!print_fields (field->descriptor, segs, n_segs, map_entry, indent + 2, depth + 1, out, error))
    return FALSE;
  append_indent (out, indent);
  stp_json_append_literal (out, "}\n");
  return TRUE;
}

static Segment
segment_of (const Occurrence *occ)
{
  return (Segment) { occ->wf.bytes, occ->wf.len, occ->base };
}

/* protoc names the entry message of map<K, V> foo_bar "FooBarEntry",
 * nested in the map's message, with fields key = 1 and value = 2. */
static gboolean
is_map_field (const ProtobufCMessageDescriptor *desc,
              const ProtobufCFieldDescriptor   *field)
{
  const ProtobufCMessageDescriptor *entry = field->descriptor;
  g_autoptr(GString) name = NULL;
  gboolean cap_next = TRUE;

  if (field->label != PROTOBUF_C_LABEL_REPEATED || field->type != PROTOBUF_C_TYPE_MESSAGE ||
      entry->n_fields != 2 || entry->fields[0].id != 1 || entry->fields[1].id != 2 ||
      strcmp (entry->fields[0].name, "key") != 0 || strcmp (entry->fields[1].name, "value") != 0)
    return FALSE;

  name = g_string_new (desc->name);
  g_string_append_c (name, '.');
  for (const char *p = field->name; *p != '\0'; p++)
    {
      if (*p == '_')
        cap_next = TRUE;
      else
        {
          g_string_append_c (name, cap_next ? g_ascii_toupper (*p) : *p);
          cap_next = FALSE;
        }
    }
  g_string_append (name, "Entry");

  return strcmp (name->str, entry->name) == 0;
}

static gint
compare_map_keys (gconstpointer a,
                  gconstpointer b)
{
  const MapKey *ka = a, *kb = b;
  int c;

  if (ka->num != kb->num)
    return ka->num < kb->num ? -1 : 1;
  c = stp_text_compare_bytes (ka->str, ka->len, kb->str, kb->len);
  if (c != 0)
    return c;
  return ka->index < kb->index ? -1 : ka->index > kb->index;
}

static gboolean
same_key (const MapKey *a,
          const MapKey *b)
{
  return a->num == b->num && a->len == b->len && memcmp (a->str, b->str, a->len) == 0;
}

static gboolean
read_map_key (const ProtobufCFieldDescriptor *key_field,
              const Occurrence               *occ,
              MapKey                         *key,
              GError                        **error)
{
  StpWireReader reader;
  StpWireField wf;
  GError *local = NULL;
  guint64 raw = 0;
  gint64 s;
  guint64 u;

  stp_wire_reader_init (&reader, occ->wf.bytes, occ->wf.len, occ->base);
  key->str = (const guint8 *) "";
  key->len = 0;
  while (stp_wire_next (&reader, &wf, &local))
    {
      if (wf.number != 1 || wf.type != wire_type_of (key_field->type))
        continue;
      if (wf.type == STP_WIRE_LEN)
        {
          key->str = wf.bytes;
          key->len = wf.len;
        }
      else
        raw = wf.value;
    }
  if (local != NULL)
    {
      g_propagate_error (error, local);
      return FALSE;
    }

  /* signed keys: flip the sign bit so unsigned order is numeric order */
  if (decode_integer (key_field->type, raw, &s, &u))
    key->num = (guint64) s ^ G_GUINT64_CONSTANT (0x8000000000000000);
  else
    key->num = u;
  if (key_field->type == PROTOBUF_C_TYPE_STRING || key_field->type == PROTOBUF_C_TYPE_BYTES)
    key->num = 0;
  return TRUE;
}

/* Python rebuilds the map as a dict (the last entry of a key wins) and
 * prints it sorted by key. */
static gboolean
print_map (GString                        *out,
           const ProtobufCFieldDescriptor *field,
           const Occurrence               *occs,
           guint                           n,
           guint                           indent,
           guint                           depth,
           GError                        **error)
{
  const ProtobufCMessageDescriptor *entry = field->descriptor;
  g_autoptr(GArray) keys = g_array_sized_new (FALSE, FALSE, sizeof (MapKey), n);
  g_autoptr(GString) scratch = g_string_new (NULL);

  for (guint i = 0; i < n; i++)
    {
      MapKey key = { .index = i };

      if (!read_map_key (&entry->fields[0], &occs[i], &key, error))
        return FALSE;
      g_array_append_val (keys, key);
    }
  g_array_sort (keys, compare_map_keys);

  for (guint i = 0; i < n; i++)
    {
      const MapKey *key = &g_array_index (keys, MapKey, i);
      Segment seg = segment_of (&occs[key->index]);
      gboolean replaced = i + 1 < n && same_key (key, &g_array_index (keys, MapKey, i + 1));

      if (replaced)
        {
          /* still decoded by Python, so still checked */
          g_string_truncate (scratch, 0);
          if (!print_fields (entry, &seg, 1, TRUE, 0, depth + 1, scratch, error))
            return FALSE;
          continue;
        }
      if (!print_submessage (out, field, &seg, 1, TRUE, indent, depth, error))
        return FALSE;
    }

  return TRUE;
}

static gboolean
print_field (GString                          *out,
             const ProtobufCMessageDescriptor *desc,
             const ProtobufCFieldDescriptor   *field,
             const Occurrence                 *occs,
             guint                             n,
             guint                             indent,
             guint                             depth,
             GError                          **error)
{
  if (field->type == PROTOBUF_C_TYPE_MESSAGE && field->label == PROTOBUF_C_LABEL_REPEATED)
    {
      if (is_map_field (desc, field))
        return print_map (out, field, occs, n, indent, depth, error);

      for (guint i = 0; i < n; i++)
        {
          Segment seg = segment_of (&occs[i]);

          if (!print_submessage (out, field, &seg, 1, FALSE, indent, depth, error))
            return FALSE;
        }
      return TRUE;
    }

  if (field->type == PROTOBUF_C_TYPE_MESSAGE)
    {
      Segment one;
      g_autofree Segment *many = n > 1 ? g_new (Segment, n) : NULL;
      Segment *segs = n > 1 ? many : &one;

      for (guint i = 0; i < n; i++)
        segs[i] = segment_of (&occs[i]);
      return print_submessage (out, field, segs, n, FALSE, indent, depth, error);
    }

  if (field->label == PROTOBUF_C_LABEL_REPEATED)
    {
      for (guint i = 0; i < n; i++)
        {
          if (occs[i].wf.type == STP_WIRE_LEN && wire_type_of (field->type) != STP_WIRE_LEN)
            {
              if (!print_packed (out, field, &occs[i], indent, error))
                return FALSE;
            }
          else
            print_scalar (out, field, &occs[i], indent);
        }
      return TRUE;
    }

  /* singular scalar: the last one wins; proto3 fields print only when
   * set to something other than zero */
  if (field->label == PROTOBUF_C_LABEL_NONE && scalar_is_default (field, &occs[n - 1]))
    return TRUE;
  print_scalar (out, field, &occs[n - 1], indent);
  return TRUE;
}

static gint
compare_occurrences (gconstpointer a,
                     gconstpointer b)
{
  const Occurrence *oa = a, *ob = b;

  if (oa->field->id != ob->field->id)
    return oa->field->id < ob->field->id ? -1 : 1;
  return oa->seq < ob->seq ? -1 : oa->seq > ob->seq;
}

/* The fields of one message.  Most messages have a few: those stay on
 * the stack, since a message is printed per tensor of a big step. */
#define INLINE_OCCURRENCES 8

typedef struct
{
  Occurrence *items;
  guint       len;
  guint       size;
  Occurrence  inline_items[INLINE_OCCURRENCES];
} Occurrences;

static void
occurrences_init (Occurrences *occs)
{
  occs->items = occs->inline_items;
  occs->len = 0;
  occs->size = INLINE_OCCURRENCES;
}

static void
occurrences_append (Occurrences      *occs,
                    const Occurrence *occ)
{
  if (occs->len == occs->size)
    {
      Occurrence *bigger = g_new (Occurrence, (gsize) occs->size * 2);

      memcpy (bigger, occs->items, occs->len * sizeof *bigger);
      if (occs->items != occs->inline_items)
        g_free (occs->items);
      occs->items = bigger;
      occs->size *= 2;
    }
  occs->items[occs->len++] = *occ;
}

static void
occurrences_clear (Occurrences *occs)
{
  if (occs->items != occs->inline_items)
    g_free (occs->items);
}

/* By field, then in wire order.  Writers put fields in number order,
 * so the sort is mostly a check. */
static void
occurrences_sort (Occurrences *occs)
{
  for (guint i = 1; i < occs->len; i++)
    if (compare_occurrences (&occs->items[i - 1], &occs->items[i]) > 0)
      {
        qsort (occs->items, occs->len, sizeof (Occurrence), compare_occurrences);
        return;
      }
}

/* The known fields of the message, with the right wire types. */
static gboolean
collect (const ProtobufCMessageDescriptor *desc,
         const Segment                    *segs,
         guint                             n_segs,
         Occurrences                      *occs,
         GError                          **error)
{
  guint seq = 0;

  for (guint i = 0; i < n_segs; i++)
    {
      StpWireReader reader;
      StpWireField wf;
      GError *local = NULL;

      stp_wire_reader_init (&reader, segs[i].data, segs[i].len, segs[i].base);
      while (stp_wire_next (&reader, &wf, &local))
        {
          const ProtobufCFieldDescriptor *field;
          Occurrence occ;
          StpWireType type;

          field = protobuf_c_message_descriptor_get_field (desc, wf.number);
          if (field == NULL)
            continue;
          type = wire_type_of (field->type);
          if (wf.type != type &&
              !(wf.type == STP_WIRE_LEN && field->label == PROTOBUF_C_LABEL_REPEATED))
            continue;

          occ.field = field;
          occ.wf = wf;
          occ.base = wf.type == STP_WIRE_LEN ? reader.base + (gsize) (wf.bytes - reader.data) : 0;
          occ.seq = seq++;
          occurrences_append (occs, &occ);
        }
      if (local != NULL)
        {
          g_propagate_prefixed_error (error, local, "%s: ", desc->name);
          return FALSE;
        }
    }

  return TRUE;
}

static gboolean
print_fields (const ProtobufCMessageDescriptor *desc,
              const Segment                    *segs,
              guint                             n_segs,
              gboolean                          map_entry,
              guint                             indent,
              guint                             depth,
              GString                          *out,
              GError                          **error)
{
  Occurrences occs;
  gboolean saw_value = FALSE;
  gboolean ok = TRUE;
  guint i, j;

  if (depth > STP_PBTEXT_MAX_DEPTH)
    {
      g_set_error (error, STP_ERROR, STP_ERROR_LIMIT,
                   "%s: messages nested deeper than %d levels at byte %" G_GSIZE_FORMAT,
                   desc->name, STP_PBTEXT_MAX_DEPTH, n_segs > 0 ? segs[0].base : 0);
      return FALSE;
    }

  occurrences_init (&occs);
  if (!collect (desc, segs, n_segs, &occs, error))
    {
      occurrences_clear (&occs);
      return FALSE;
    }
  occurrences_sort (&occs);

  for (i = 0; ok && i < occs.len; i = j)
    {
      const Occurrence *first = &occs.items[i];

      for (j = i + 1; j < occs.len && occs.items[j].field == first->field; j++)
        ;
      ok = print_field (out, desc, first->field, first, j - i, indent, depth, error);
      saw_value |= first->field->id == 2;
    }
  occurrences_clear (&occs);
  if (!ok)
    return FALSE;

  /* Python prints a map entry built as Entry(key=k, value=m[k]), so a
   * message value is always there, even if the wire had none. */
  if (map_entry && !saw_value && desc->fields[1].type == PROTOBUF_C_TYPE_MESSAGE)
    {
      append_indent (out, indent);
      stp_json_append_literal (out, "value {\n");
      append_indent (out, indent);
      stp_json_append_literal (out, "}\n");
    }

  return TRUE;
}

gboolean
stp_pbtext_print (const ProtobufCMessageDescriptor *desc,
                  const guint8                     *wire,
                  gsize                             len,
                  GString                          *out,
                  GError                          **error)
{
  Segment seg;

  g_return_val_if_fail (desc != NULL, FALSE);
  g_return_val_if_fail (wire != NULL || len == 0, FALSE);
  g_return_val_if_fail (out != NULL, FALSE);
  g_return_val_if_fail (error == NULL || *error == NULL, FALSE);

  seg.data = wire != NULL ? wire : (const guint8 *) "";
  seg.len = len;
  seg.base = 0;

  return print_fields (desc, &seg, 1, FALSE, 0, 0, out, error);
}
