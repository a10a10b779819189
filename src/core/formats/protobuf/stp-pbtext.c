/* stp-pbtext.c: protobuf text format to wire format
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * No C library parses protobuf text format, and protobuf-c structs can
 * neither hold strings with NUL bytes nor keep unknown enum numbers, so
 * the text is translated straight into wire bytes, guided by the
 * protobuf-c descriptors.  The grammar is the union of what C++ and
 * Python's text_format accept: '{}' or '<>' messages with an optional
 * colon, list values, ',' or ';' after a field, '#' comments, adjacent
 * strings concatenated, C escapes.  Unknown fields, extensions and Any
 * expansions are checked for syntax and dropped.  Fields are written in
 * the order given; readers apply last-wins and merging.
 */

#define G_LOG_DOMAIN "stp-pbtext"

#include "stp-pbtext-private.h"
#include "stp-wire.h"

#include <string.h>

typedef StpPbtextParser Parser;

static gboolean parse_message (Parser                           *ps,
                               const ProtobufCMessageDescriptor *desc,
                               GByteArray                       *out,
                               guint                             depth);

/* Like g_utf8_validate_len(), but NUL bytes are fine. */
static gboolean
utf8_valid (const guint8 *s,
            gsize         n)
{
  while (n > 0)
    {
      const guint8 *nul = memchr (s, '\0', n);
      gsize run = nul ? (gsize) (nul - s) : n;

      if (!g_utf8_validate_len ((const char *) s, run, NULL))
        return FALSE;
      run = MIN (run + 1, n);
      s += run;
      n -= run;
    }

  return TRUE;
}

static void
put_fixed (GByteArray *out,
           guint32     number,
           guint64     bits,
           guint       size)
{
  guint8 le[8];

  stp_wire_put_tag (out, number, size == 4 ? STP_WIRE_I32 : STP_WIRE_I64);
  for (guint i = 0; i < size; i++)
    le[i] = bits >> (8 * i);
  g_byte_array_append (out, le, size);
}

static gboolean
encode_strings (Parser                         *ps,
                const ProtobufCFieldDescriptor *field,
                GByteArray                     *out)
{
  g_autoptr(GByteArray) value = g_byte_array_new ();
  guint line = ps->tok_line, col = ps->tok_col;

  if (ps->kind != TOK_STRING)
    {
      g_autofree char *found = stp_pbtext_describe (ps);

      return stp_pbtext_fail (ps, "expected a quoted string for field \"%s\", found %s", field->name, found);
    }

  /* "a" 'b' "c" is one value, as in C. */
  while (ps->kind == TOK_STRING)
    {
      g_byte_array_append (value, ps->str->data, ps->str->len);
      stp_pbtext_next (ps);
    }

  if (field->type == PROTOBUF_C_TYPE_STRING && !utf8_valid (value->data, value->len))
    return stp_pbtext_fail_at (ps, line, col, STP_ERROR_CORRUPT,
                               "string field \"%s\" is not valid UTF-8", field->name);

  stp_wire_put_bytes (out, field->id, value->data, value->len);
  return TRUE;
}

static gboolean
encode_scalar (Parser                         *ps,
               const ProtobufCFieldDescriptor *field,
               GByteArray                     *out)
{
  guint64 bits = 0;
  double d;
  float f;

  switch (field->type)
    {
    case PROTOBUF_C_TYPE_STRING:
    case PROTOBUF_C_TYPE_BYTES:
      return encode_strings (ps, field, out);

    case PROTOBUF_C_TYPE_BOOL:
      if (!stp_pbtext_bool_value (ps, field, &bits))
        return FALSE;
      stp_wire_put_tag (out, field->id, STP_WIRE_VARINT);
      stp_wire_put_varint (out, bits);
      break;

    case PROTOBUF_C_TYPE_ENUM:
      if (!stp_pbtext_enum_value (ps, field, &bits))
        return FALSE;
      stp_wire_put_tag (out, field->id, STP_WIRE_VARINT);
      stp_wire_put_varint (out, bits);
      break;

    case PROTOBUF_C_TYPE_FLOAT:
      if (!stp_pbtext_float_value (ps, field, &d))
        return FALSE;
      {
        guint32 u;

        f = (float) d;
        memcpy (&u, &f, 4);
        put_fixed (out, field->id, u, 4);
      }
      break;

    case PROTOBUF_C_TYPE_DOUBLE:
      if (!stp_pbtext_float_value (ps, field, &d))
        return FALSE;
      memcpy (&bits, &d, 8);
      put_fixed (out, field->id, bits, 8);
      break;

    case PROTOBUF_C_TYPE_INT32:
    case PROTOBUF_C_TYPE_INT64:
    case PROTOBUF_C_TYPE_UINT32:
    case PROTOBUF_C_TYPE_UINT64:
      if (!stp_pbtext_integer_value (ps, field, &bits))
        return FALSE;
      stp_wire_put_tag (out, field->id, STP_WIRE_VARINT);
      stp_wire_put_varint (out, bits);
      break;

    case PROTOBUF_C_TYPE_SINT32:
      if (!stp_pbtext_integer_value (ps, field, &bits))
        return FALSE;
      stp_wire_put_tag (out, field->id, STP_WIRE_VARINT);
      stp_wire_put_varint (out, (guint32) (((guint32) bits << 1) ^ (guint32) ((gint32) bits >> 31)));
      break;

    case PROTOBUF_C_TYPE_SINT64:
      if (!stp_pbtext_integer_value (ps, field, &bits))
        return FALSE;
      stp_wire_put_tag (out, field->id, STP_WIRE_VARINT);
      stp_wire_put_varint (out, (bits << 1) ^ (guint64) ((gint64) bits >> 63));
      break;

    case PROTOBUF_C_TYPE_FIXED32:
    case PROTOBUF_C_TYPE_SFIXED32:
      if (!stp_pbtext_integer_value (ps, field, &bits))
        return FALSE;
      put_fixed (out, field->id, bits, 4);
      break;

    case PROTOBUF_C_TYPE_FIXED64:
    case PROTOBUF_C_TYPE_SFIXED64:
      if (!stp_pbtext_integer_value (ps, field, &bits))
        return FALSE;
      put_fixed (out, field->id, bits, 8);
      break;

    case PROTOBUF_C_TYPE_MESSAGE:
    default:
      g_assert_not_reached ();
    }

  stp_pbtext_next (ps);
  return TRUE;
}

/* ---- fields ---- */

static gboolean
encode_message (Parser                         *ps,
                const ProtobufCFieldDescriptor *field,
                GByteArray                     *out,
                guint                           depth)
{
  g_autoptr(GByteArray) sub = g_byte_array_new ();

  if (!stp_pbtext_is_punct (ps, '{') && !stp_pbtext_is_punct (ps, '<'))
    {
      g_autofree char *found = stp_pbtext_describe (ps);

      return stp_pbtext_fail (ps, "expected '{' to open message field \"%s\", found %s", field->name, found);
    }

  if (!parse_message (ps, field->descriptor, sub, depth))
    return FALSE;

  stp_wire_put_bytes (out, field->id, sub->data, sub->len);
  return TRUE;
}

static gboolean
encode_one (Parser                         *ps,
            const ProtobufCFieldDescriptor *field,
            GByteArray                     *out,
            guint                           depth)
{
  if (field->type == PROTOBUF_C_TYPE_MESSAGE)
    return encode_message (ps, field, out, depth);
  return encode_scalar (ps, field, out);
}

/* The rest of "name: [a, b]", "[]" allowed, at '['. */
static gboolean
encode_list (Parser                         *ps,
             const ProtobufCFieldDescriptor *field,
             GByteArray                     *out,
             guint                           depth)
{
  if (field->label != PROTOBUF_C_LABEL_REPEATED)
    return stp_pbtext_fail (ps, "field \"%s\" is not repeated but is given a list", field->name);

  stp_pbtext_next (ps);
  if (stp_pbtext_accept (ps, ']'))
    return TRUE;

  for (;;)
    {
      if (!encode_one (ps, field, out, depth))
        return FALSE;
      if (stp_pbtext_accept (ps, ']'))
        return TRUE;
      if (!stp_pbtext_accept (ps, ','))
        {
          g_autofree char *found = stp_pbtext_describe (ps);

          return stp_pbtext_fail (ps, "expected ',' or ']' in the list of field \"%s\", found %s",
                                  field->name, found);
        }
    }
}

static gboolean
parse_known_field (Parser                         *ps,
                   const ProtobufCFieldDescriptor *field,
                   GByteArray                     *out,
                   guint                           depth)
{
  gboolean colon = stp_pbtext_accept (ps, ':');

  if (field->type != PROTOBUF_C_TYPE_MESSAGE && !colon)
    {
      g_autofree char *found = stp_pbtext_describe (ps);

      return stp_pbtext_fail (ps, "expected ':' after field name \"%s\", found %s", field->name, found);
    }

  if (stp_pbtext_is_punct (ps, '['))
    return encode_list (ps, field, out, depth);

  if (field->type == PROTOBUF_C_TYPE_MESSAGE && !colon &&
      !stp_pbtext_is_punct (ps, '{') && !stp_pbtext_is_punct (ps, '<'))
    {
      g_autofree char *found = stp_pbtext_describe (ps);

      return stp_pbtext_fail (ps, "expected ':' or '{' after field name \"%s\", found %s", field->name, found);
    }

  return encode_one (ps, field, out, depth);
}

/* Unknown fields: check the syntax, keep nothing. */

static gboolean
skip_scalar (Parser     *ps,
             const char *name)
{
  if (ps->kind == TOK_STRING)
    {
      while (ps->kind == TOK_STRING)
        stp_pbtext_next (ps);
      return TRUE;
    }
  if (ps->kind == TOK_IDENT || ps->kind == TOK_NUMBER)
    {
      stp_pbtext_next (ps);
      return TRUE;
    }

  {
    g_autofree char *found = stp_pbtext_describe (ps);

    return stp_pbtext_fail (ps, "expected a value for field \"%s\", found %s", name, found);
  }
}

static gboolean
skip_value (Parser     *ps,
            const char *name,
            guint       depth)
{
  if (stp_pbtext_is_punct (ps, '{') || stp_pbtext_is_punct (ps, '<'))
    return parse_message (ps, NULL, NULL, depth);
  return skip_scalar (ps, name);
}

static gboolean
skip_field (Parser     *ps,
            const char *name,
            guint       depth)
{
  gboolean colon = stp_pbtext_accept (ps, ':');

  if (stp_pbtext_is_punct (ps, '['))
    {
      stp_pbtext_next (ps);
      if (stp_pbtext_accept (ps, ']'))
        return TRUE;
      for (;;)
        {
          if (!skip_value (ps, name, depth))
            return FALSE;
          if (stp_pbtext_accept (ps, ']'))
            return TRUE;
          if (!stp_pbtext_accept (ps, ','))
            {
              g_autofree char *found = stp_pbtext_describe (ps);

              return stp_pbtext_fail (ps, "expected ',' or ']' in the list of field \"%s\", found %s",
                                      name, found);
            }
        }
    }

  if (!colon && !stp_pbtext_is_punct (ps, '{') && !stp_pbtext_is_punct (ps, '<'))
    {
      g_autofree char *found = stp_pbtext_describe (ps);

      return stp_pbtext_fail (ps, "expected ':' or '{' after field name \"%s\", found %s", name, found);
    }

  return skip_value (ps, name, depth);
}

/* "[pkg.ext]" or "[type.googleapis.com/pkg.Type]", at '['. */
static gboolean
skip_bracketed_name (Parser *ps,
                     guint   depth)
{
  g_autofree char *name = NULL;
  gsize start = ps->start;

  stp_pbtext_next (ps);
  if (ps->kind != TOK_IDENT)
    {
      g_autofree char *found = stp_pbtext_describe (ps);
      gboolean json = !ps->seen_field &&
        (stp_pbtext_is_punct (ps, '{') || stp_pbtext_is_punct (ps, '[') || ps->kind == TOK_STRING);

      return stp_pbtext_fail (ps, "expected an extension or type name after '[', found %s%s", found,
                              json ? ": this looks like JSON, not protobuf text format" : "");
    }
  while (ps->kind == TOK_IDENT || ps->kind == TOK_NUMBER || stp_pbtext_is_punct (ps, '.') || stp_pbtext_is_punct (ps, '/'))
    stp_pbtext_next (ps);
  if (!stp_pbtext_is_punct (ps, ']'))
    {
      g_autofree char *found = stp_pbtext_describe (ps);

      return stp_pbtext_fail (ps, "expected ']' after extension or type name, found %s", found);
    }
  name = g_strndup (ps->text + start, MIN (ps->end - start, 80));
  stp_pbtext_next (ps);

  return skip_field (ps, name, depth);
}

static gboolean
parse_field (Parser                           *ps,
             const ProtobufCMessageDescriptor *desc,
             GByteArray                       *out,
             char                              close,
             guint                             depth)
{
  const ProtobufCFieldDescriptor *field = NULL;
  char name[STP_PBTEXT_MAX_NAME];
  gsize n = ps->end - ps->start;

  if (stp_pbtext_is_punct (ps, '['))
    return skip_bracketed_name (ps, depth);

  if (ps->kind != TOK_IDENT)
    {
      g_autofree char *found = stp_pbtext_describe (ps);

      if (close)
        return stp_pbtext_fail (ps, "expected a field name or '%c', found %s", close, found);
      if (!ps->seen_field && (stp_pbtext_is_punct (ps, '{') || stp_pbtext_is_punct (ps, '[')))
        return stp_pbtext_fail (ps, "expected a field name, found %s: this looks like JSON, "
                     "not protobuf text format", found);
      return stp_pbtext_fail (ps, "expected a field name, found %s", found);
    }

  ps->seen_field = TRUE;
  memcpy (name, ps->text + ps->start, MIN (n, STP_PBTEXT_MAX_NAME - 1));
  name[MIN (n, STP_PBTEXT_MAX_NAME - 1)] = '\0';
  if (desc != NULL && n < STP_PBTEXT_MAX_NAME)
    field = protobuf_c_message_descriptor_get_field_by_name (desc, name);
  stp_pbtext_next (ps);

  if (field == NULL)
    return skip_field (ps, name, depth);
  return parse_known_field (ps, field, out, depth);
}

static gboolean
parse_fields (Parser                           *ps,
              const ProtobufCMessageDescriptor *desc,
              GByteArray                       *out,
              char                              close,
              guint                             depth)
{
  for (;;)
    {
      if (close ? stp_pbtext_accept (ps, close) : ps->kind == TOK_EOF)
        return TRUE;
      if (!parse_field (ps, desc, out, close, depth))
        return FALSE;
      if (!stp_pbtext_accept (ps, ','))
        stp_pbtext_accept (ps, ';');
    }
}

/* A message body from its '{' or '<'; @desc NULL skips it. */
static gboolean
parse_message (Parser                           *ps,
               const ProtobufCMessageDescriptor *desc,
               GByteArray                       *out,
               guint                             depth)
{
  char close = stp_pbtext_is_punct (ps, '<') ? '>' : '}';

  g_assert (stp_pbtext_is_punct (ps, '{') || stp_pbtext_is_punct (ps, '<'));

  if (depth >= STP_PBTEXT_MAX_DEPTH)
    return stp_pbtext_fail_at (ps, ps->tok_line, ps->tok_col, STP_ERROR_LIMIT,
                               "messages nested deeper than %d levels", STP_PBTEXT_MAX_DEPTH);

  stp_pbtext_next (ps);
  return parse_fields (ps, desc, out, close, depth + 1);
}

gsize
stp_pbtext_first_name_at (const guint8 *text,
                          gsize         len)
{
  gsize i = 0;

  for (;;)
    {
      while (i < len && g_ascii_isspace (text[i]))
        i++;
      if (i < len && text[i] == '#')
        {
          while (i < len && text[i] != '\n')
            i++;
          continue;
        }
      return i;
    }
}

gsize
stp_pbtext_name_end (const guint8 *text,
                     gsize         len,
                     gsize         at)
{
  while (at < len && (g_ascii_isalnum (text[at]) || text[at] == '_'))
    at++;
  return at;
}

gboolean
stp_pbtext_name_is (const guint8 *text,
                    gsize         len,
                    gsize         at,
                    const char   *name)
{
  gsize n = strlen (name);

  return stp_pbtext_name_end (text, len, at) - at == n && memcmp (text + at, name, n) == 0;
}

GBytes *
stp_pbtext_parse (const ProtobufCMessageDescriptor *desc,
                  const char                       *text,
                  gsize                             len,
                  GError                          **error)
{
  g_autoptr(GByteArray) out = NULL;
  g_autoptr(GByteArray) str = NULL;
  Parser ps = { 0 };
  gboolean ok;

  g_return_val_if_fail (desc != NULL, NULL);
  g_return_val_if_fail (text != NULL || len == 0, NULL);
  g_return_val_if_fail (error == NULL || *error == NULL, NULL);

  out = g_byte_array_new ();
  str = g_byte_array_new ();

  ps.text = text != NULL ? text : "";
  ps.len = len;
  ps.line = 1;
  ps.col = 1;
  ps.str = str;
  ps.error = error;

  /* a UTF-8 byte order mark */
  if (len >= 3 && memcmp (ps.text, "\xef\xbb\xbf", 3) == 0)
    ps.pos = 3;

  stp_pbtext_next (&ps);
  ok = parse_fields (&ps, desc, out, 0, 0);

  if (!ok)
    {
      /* every failure path reports through fail() or lex_fail() */
      g_assert (error == NULL || *error != NULL);
      return NULL;
    }

  return g_byte_array_free_to_bytes (g_steal_pointer (&out));
}
