/* stp-pbtext-lex.c: tokens of protobuf text format and the values they spell
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Tokens follow Python's text_format tokenizer (numbers are any run of
 * [A-Za-z0-9_.+-] starting like a number, so "12abc" is one bad number
 * rather than two tokens); strings are unescaped as they are read, with
 * C++ protobuf's escapes.  Line and column count characters, not bytes.
 *
 * A lexical error marks the current token TOK_ERROR; every parse path
 * then fails at the next token it looks at, and stp_pbtext_fail_at()
 * leaves the lexer's message in place.
 */

#define G_LOG_DOMAIN "stp-pbtext"

#include "stp-pbtext-private.h"

#include <math.h>
#include <string.h>

typedef StpPbtextParser Parser;

static const char *const type_names[] = {
  [PROTOBUF_C_TYPE_INT32] = "int32",
  [PROTOBUF_C_TYPE_SINT32] = "sint32",
  [PROTOBUF_C_TYPE_SFIXED32] = "sfixed32",
  [PROTOBUF_C_TYPE_INT64] = "int64",
  [PROTOBUF_C_TYPE_SINT64] = "sint64",
  [PROTOBUF_C_TYPE_SFIXED64] = "sfixed64",
  [PROTOBUF_C_TYPE_UINT32] = "uint32",
  [PROTOBUF_C_TYPE_FIXED32] = "fixed32",
  [PROTOBUF_C_TYPE_UINT64] = "uint64",
  [PROTOBUF_C_TYPE_FIXED64] = "fixed64",
  [PROTOBUF_C_TYPE_FLOAT] = "float",
  [PROTOBUF_C_TYPE_DOUBLE] = "double",
  [PROTOBUF_C_TYPE_BOOL] = "bool",
  [PROTOBUF_C_TYPE_ENUM] = "enum",
  [PROTOBUF_C_TYPE_STRING] = "string",
  [PROTOBUF_C_TYPE_BYTES] = "bytes",
  [PROTOBUF_C_TYPE_MESSAGE] = "message",
};

const char *
stp_pbtext_type_name (ProtobufCType type)
{
  if ((guint) type < G_N_ELEMENTS (type_names) && type_names[type] != NULL)
    return type_names[type];
  return "unknown";
}

gboolean G_GNUC_PRINTF (5, 6)
stp_pbtext_fail_at (Parser     *ps,
                    guint       line,
                    guint       col,
                    StpError    code,
                    const char *format,
                    ...)
{
  g_autofree char *msg = NULL;
  va_list args;

  /* A lexical error was reported when the token was read. */
  if (ps->kind == TOK_ERROR)
    return FALSE;

  va_start (args, format);
  msg = g_strdup_vprintf (format, args);
  va_end (args);

  g_set_error (ps->error, STP_ERROR, code, "line %u, column %u: %s", line, col, msg);
  return FALSE;
}

/* ---- lexer ---- */

static void
advance (Parser *ps,
         gsize   n)
{
  for (gsize end = MIN (ps->pos + n, ps->len); ps->pos < end; ps->pos++)
    {
      guchar c = ps->text[ps->pos];

      if (c == '\n')
        {
          ps->line++;
          ps->col = 1;
        }
      else if ((c & 0xc0) != 0x80)
        ps->col++;
    }
}

static gboolean
lex_fail (Parser     *ps,
          guint       line,
          guint       col,
          const char *what)
{
  stp_pbtext_fail_at (ps, line, col, STP_ERROR_CORRUPT, "%s", what);
  ps->kind = TOK_ERROR;
  return FALSE;
}

static int
hex_digits (Parser  *ps,
            guint    max,
            guint32 *value)
{
  guint n = 0;

  *value = 0;
  while (n < max && ps->pos < ps->len && g_ascii_isxdigit (ps->text[ps->pos]))
    {
      *value = *value * 16 + g_ascii_xdigit_value (ps->text[ps->pos]);
      advance (ps, 1);
      n++;
    }

  return n;
}

/* Reads \u or \U (already past the letter) into a code point,
 * joining a UTF-16 surrogate pair written as two \u escapes. */
static gboolean
lex_unicode (Parser  *ps,
             guint    n_digits,
             guint    line,
             guint    col)
{
  guint32 cp, low;
  char utf8[8];

  if (hex_digits (ps, n_digits, &cp) != (int) n_digits)
    return lex_fail (ps, line, col, n_digits == 4 ? "\\u needs four hex digits"
                                                  : "\\U needs eight hex digits");

  if (cp >= 0xd800 && cp < 0xdc00 && ps->len - ps->pos >= 2 &&
      ps->text[ps->pos] == '\\' && ps->text[ps->pos + 1] == 'u')
    {
      gsize save_pos = ps->pos;
      guint save_line = ps->line, save_col = ps->col;

      advance (ps, 2);
      if (hex_digits (ps, 4, &low) == 4 && low >= 0xdc00 && low < 0xe000)
        cp = 0x10000 + ((cp - 0xd800) << 10) + (low - 0xdc00);
      else
        {
          ps->pos = save_pos;
          ps->line = save_line;
          ps->col = save_col;
        }
    }

  if (cp > 0x10ffff || (cp >= 0xd800 && cp < 0xe000))
    return lex_fail (ps, line, col, "escape is not a Unicode character (lone surrogate or above U+10FFFF)");

  g_byte_array_append (ps->str, (const guint8 *) utf8, g_unichar_to_utf8 (cp, utf8));
  return TRUE;
}

static gboolean
lex_escape (Parser *ps)
{
  static const char simple_from[] = "nrtvabf\\'\"?";
  static const char simple_to[] = "\n\r\t\v\a\b\f\\'\"?";
  guint line = ps->line, col = ps->col;
  const char *simple;
  guint32 value;
  char c;

  advance (ps, 1);   /* the backslash */
  if (ps->pos >= ps->len || ps->text[ps->pos] == '\n')
    return lex_fail (ps, ps->tok_line, ps->tok_col, "unterminated string");

  c = ps->text[ps->pos];
  if (c != '\0' && (simple = strchr (simple_from, c)) != NULL)
    {
      g_byte_array_append (ps->str, (const guint8 *) &simple_to[simple - simple_from], 1);
      advance (ps, 1);
      return TRUE;
    }

  if (c >= '0' && c <= '7')
    {
      value = 0;
      for (guint n = 0; n < 3 && ps->pos < ps->len &&
                        ps->text[ps->pos] >= '0' && ps->text[ps->pos] <= '7'; n++)
        {
          value = value * 8 + (ps->text[ps->pos] - '0');
          advance (ps, 1);
        }
      if (value > 0xff)
        return lex_fail (ps, line, col, "octal escape above \\377");
      g_byte_array_append (ps->str, (const guint8 *) &(guint8) { value }, 1);
      return TRUE;
    }

  advance (ps, 1);
  if (c == 'x' || c == 'X')
    {
      if (hex_digits (ps, 2, &value) == 0)
        return lex_fail (ps, line, col, "\\x needs one or two hex digits");
      g_byte_array_append (ps->str, (const guint8 *) &(guint8) { value }, 1);
      return TRUE;
    }
  if (c == 'u' || c == 'U')
    return lex_unicode (ps, c == 'u' ? 4 : 8, line, col);

  {
    g_autofree char *what = NULL;

    if (g_ascii_isprint (c))
      what = g_strdup_printf ("unknown escape sequence \\%c", c);
    else
      what = g_strdup_printf ("unknown escape sequence: backslash before byte 0x%02x", (guchar) c);
    return lex_fail (ps, line, col, what);
  }
}

static void
lex_string (Parser *ps)
{
  char quote = ps->text[ps->pos];

  g_byte_array_set_size (ps->str, 0);
  advance (ps, 1);

  for (;;)
    {
      char c;

      if (ps->pos >= ps->len || ps->text[ps->pos] == '\n')
        {
          lex_fail (ps, ps->tok_line, ps->tok_col, "unterminated string");
          return;
        }
      c = ps->text[ps->pos];
      if (c == quote)
        {
          advance (ps, 1);
          break;
        }
      if (c == '\\')
        {
          if (!lex_escape (ps))
            return;
          continue;
        }
      g_byte_array_append (ps->str, (const guint8 *) &c, 1);
      advance (ps, 1);
    }

  ps->kind = TOK_STRING;
}

static gboolean
is_number_char (char c)
{
  return g_ascii_isalnum (c) || c == '_' || c == '.' || c == '+' || c == '-';
}

void
stp_pbtext_next (Parser *ps)
{
  const char *t = ps->text;
  char c;

  if (ps->kind == TOK_ERROR)
    return;

  while (ps->pos < ps->len)
    {
      c = t[ps->pos];
      if (c == '#')
        {
          const char *nl = memchr (t + ps->pos, '\n', ps->len - ps->pos);

          /* comments may hold any bytes: skip without counting columns */
          ps->pos = nl ? (gsize) (nl - t) : ps->len;
        }
      else if (c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\v' || c == '\f')
        advance (ps, 1);
      else
        break;
    }

  ps->start = ps->pos;
  ps->tok_line = ps->line;
  ps->tok_col = ps->col;

  if (ps->pos >= ps->len)
    ps->kind = TOK_EOF;
  else if (c = t[ps->pos], g_ascii_isalpha (c) || c == '_')
    {
      ps->kind = TOK_IDENT;
      do
        advance (ps, 1);
      while (ps->pos < ps->len && (g_ascii_isalnum (t[ps->pos]) || t[ps->pos] == '_'));
    }
  else if (g_ascii_isdigit (c) || c == '-' || c == '+' ||
           (c == '.' && ps->pos + 1 < ps->len && g_ascii_isdigit (t[ps->pos + 1])))
    {
      ps->kind = TOK_NUMBER;
      do
        advance (ps, 1);
      while (ps->pos < ps->len && is_number_char (t[ps->pos]));
    }
  else if (c == '"' || c == '\'')
    lex_string (ps);
  else
    {
      ps->kind = TOK_PUNCT;
      advance (ps, 1);
    }

  ps->end = ps->pos;
}

gboolean
stp_pbtext_is_punct (Parser *ps,
                     char    c)
{
  return ps->kind == TOK_PUNCT && ps->text[ps->start] == c;
}

gboolean
stp_pbtext_accept (Parser *ps,
                   char    c)
{
  if (!stp_pbtext_is_punct (ps, c))
    return FALSE;
  stp_pbtext_next (ps);
  return TRUE;
}

static gboolean
token_is (Parser     *ps,
          const char *word)
{
  gsize n = strlen (word);

  return ps->end - ps->start == n && memcmp (ps->text + ps->start, word, n) == 0;
}

/* What the current token is, for error messages. */
char *
stp_pbtext_describe (Parser *ps)
{
  gsize n = ps->end - ps->start;
  guchar c;

  switch (ps->kind)
    {
    case TOK_EOF:
      return g_strdup ("end of input");
    case TOK_STRING:
      return g_strdup ("a string");
    case TOK_PUNCT:
      c = ps->text[ps->start];
      if (g_ascii_isprint (c))
        return g_strdup_printf ("'%c'", c);
      return g_strdup_printf ("byte 0x%02x", c);
    case TOK_IDENT:
    case TOK_NUMBER:
    case TOK_ERROR:
    default:
      if (n > 40)
        return g_strdup_printf ("\"%.40s...\"", ps->text + ps->start);
      return g_strdup_printf ("\"%.*s\"", (int) n, ps->text + ps->start);
    }
}

/* ---- scalar values ---- */

/* An integer token: optional sign, then decimal, 0x hex or 0 octal. */
static gboolean
parse_integer (const char *s,
               gsize       n,
               gboolean   *negative,
               guint64    *magnitude,
               gboolean   *overflow)
{
  guint base = 10;
  gsize i = 0;

  *negative = FALSE;
  *overflow = FALSE;
  *magnitude = 0;

  if (i < n && (s[i] == '-' || s[i] == '+'))
    *negative = s[i++] == '-';
  if (n - i > 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X'))
    {
      base = 16;
      i += 2;
    }
  else if (n - i > 1 && s[i] == '0')
    {
      base = 8;
      i += 1;
    }
  if (i >= n)
    return FALSE;

  for (; i < n; i++)
    {
      int d = g_ascii_xdigit_value (s[i]);

      if (d < 0 || (guint) d >= base)
        return FALSE;
      if (*magnitude > (G_MAXUINT64 - d) / base)
        *overflow = TRUE;
      else
        *magnitude = *magnitude * base + d;
    }

  return TRUE;
}

/* Reads the current token as an integer of @field's type (enums are
 * int32) into its 64-bit two's complement bits. */
gboolean
stp_pbtext_integer_value (Parser                         *ps,
                          const ProtobufCFieldDescriptor *field,
                          guint64                        *bits)
{
  gboolean negative, overflow, ok;
  guint64 magnitude, max_positive, max_negative;

  if (ps->kind != TOK_NUMBER ||
      !parse_integer (ps->text + ps->start, ps->end - ps->start, &negative, &magnitude, &overflow))
    {
      g_autofree char *found = stp_pbtext_describe (ps);

      return stp_pbtext_fail (ps, "expected an integer for %s field \"%s\", found %s",
                              stp_pbtext_type_name (field->type), field->name, found);
    }

  switch (field->type)
    {
    case PROTOBUF_C_TYPE_INT32:
    case PROTOBUF_C_TYPE_SINT32:
    case PROTOBUF_C_TYPE_SFIXED32:
    case PROTOBUF_C_TYPE_ENUM:
      max_positive = G_MAXINT32;
      max_negative = (guint64) G_MAXINT32 + 1;
      break;
    case PROTOBUF_C_TYPE_INT64:
    case PROTOBUF_C_TYPE_SINT64:
    case PROTOBUF_C_TYPE_SFIXED64:
      max_positive = G_MAXINT64;
      max_negative = (guint64) G_MAXINT64 + 1;
      break;
    case PROTOBUF_C_TYPE_UINT32:
    case PROTOBUF_C_TYPE_FIXED32:
      max_positive = G_MAXUINT32;
      max_negative = 0;
      break;
    default:
      max_positive = G_MAXUINT64;
      max_negative = 0;
      break;
    }

  ok = !overflow && magnitude <= (negative ? max_negative : max_positive);
  if (!ok)
    return stp_pbtext_fail (ps, "value %.*s out of range for %s field \"%s\"",
                            (int) MIN (ps->end - ps->start, 40), ps->text + ps->start,
                            stp_pbtext_type_name (field->type), field->name);

  *bits = negative ? 0 - magnitude : magnitude;
  return TRUE;
}

static gboolean
ascii_equal_nocase (const char *s,
                    gsize       n,
                    const char *word)
{
  return strlen (word) == n && g_ascii_strncasecmp (s, word, n) == 0;
}

/* Python's float syntax and spellings: 1, -2.5, .5, 1e-3, 1.5f, inf,
 * -Infinity, nan. */
gboolean
stp_pbtext_float_value (Parser                         *ps,
                        const ProtobufCFieldDescriptor *field,
                        double                         *value)
{
  const char *s = ps->text + ps->start;
  gsize n = ps->end - ps->start, i = 0, digits = 0;
  gboolean negative = n > 0 && s[0] == '-';
  const char *word = s + negative;
  gsize word_len = n - negative;
  g_autofree char *copy = NULL;

  if ((ps->kind == TOK_IDENT || ps->kind == TOK_NUMBER) &&
      (ascii_equal_nocase (word, word_len, "inf") || ascii_equal_nocase (word, word_len, "inff") ||
       ascii_equal_nocase (word, word_len, "infinity") || ascii_equal_nocase (word, word_len, "infinityf")))
    {
      *value = negative ? -INFINITY : INFINITY;
      return TRUE;
    }
  if ((ps->kind == TOK_IDENT || ps->kind == TOK_NUMBER) &&
      (ascii_equal_nocase (word, word_len, "nan") || ascii_equal_nocase (word, word_len, "nanf")))
    {
      *value = NAN;
      return TRUE;
    }

  if (ps->kind != TOK_NUMBER)
    goto bad;

  /* [+-]? digits [. digits] ([eE] [+-]? digits)? [fF]? */
  if (n > 1 && (s[n - 1] == 'f' || s[n - 1] == 'F'))
    n--;
  if (i < n && (s[i] == '-' || s[i] == '+'))
    i++;
  for (; i < n && g_ascii_isdigit (s[i]); i++)
    digits++;
  if (i < n && s[i] == '.')
    for (i++; i < n && g_ascii_isdigit (s[i]); i++)
      digits++;
  if (digits == 0)
    goto bad;
  if (i < n && (s[i] == 'e' || s[i] == 'E'))
    {
      gsize exp_digits = 0;

      i++;
      if (i < n && (s[i] == '-' || s[i] == '+'))
        i++;
      for (; i < n && g_ascii_isdigit (s[i]); i++)
        exp_digits++;
      if (exp_digits == 0)
        goto bad;
    }
  if (i != n)
    goto bad;

  copy = g_strndup (s, n);
  *value = g_ascii_strtod (copy, NULL);
  return TRUE;

bad:
  {
    g_autofree char *found = stp_pbtext_describe (ps);

    return stp_pbtext_fail (ps, "expected a number for %s field \"%s\", found %s",
                            stp_pbtext_type_name (field->type), field->name, found);
  }
}

gboolean
stp_pbtext_enum_value (Parser                         *ps,
                       const ProtobufCFieldDescriptor *field,
                       guint64                        *bits)
{
  const ProtobufCEnumDescriptor *enum_desc = field->descriptor;
  const ProtobufCEnumValue *value = NULL;
  gsize n = ps->end - ps->start;

  if (ps->kind == TOK_NUMBER)
    return stp_pbtext_integer_value (ps, field, bits);

  if (ps->kind != TOK_IDENT)
    {
      g_autofree char *found = stp_pbtext_describe (ps);

      return stp_pbtext_fail (ps, "expected a value of enum %s for field \"%s\", found %s",
                              enum_desc->name, field->name, found);
    }

  if (n < STP_PBTEXT_MAX_NAME)
    {
      char name[STP_PBTEXT_MAX_NAME];

      memcpy (name, ps->text + ps->start, n);
      name[n] = '\0';
      value = protobuf_c_enum_descriptor_get_value_by_name (enum_desc, name);
    }
  if (value == NULL)
    return stp_pbtext_fail (ps, "\"%.*s\" is not a value of enum %s",
                            (int) MIN (n, 40), ps->text + ps->start, enum_desc->name);

  *bits = (guint64) (gint64) value->value;
  return TRUE;
}

gboolean
stp_pbtext_bool_value (Parser                         *ps,
                       const ProtobufCFieldDescriptor *field,
                       guint64                        *bits)
{
  gboolean word = ps->kind == TOK_IDENT || ps->kind == TOK_NUMBER;

  if (word && (token_is (ps, "true") || token_is (ps, "True") || token_is (ps, "t") || token_is (ps, "1")))
    *bits = 1;
  else if (word && (token_is (ps, "false") || token_is (ps, "False") || token_is (ps, "f") || token_is (ps, "0")))
    *bits = 0;
  else
    {
      g_autofree char *found = stp_pbtext_describe (ps);

      return stp_pbtext_fail (ps, "expected true or false for bool field \"%s\", found %s",
                              field->name, found);
    }

  return TRUE;
}
