/* stp-pbtext-private.h: internals of the text format parser and printer
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#pragma once

#include "stp-error.h"
#include "stp-pbtext.h"

G_BEGIN_DECLS

/* Longer names cannot be fields or enum values of any sane schema. */
#define STP_PBTEXT_MAX_NAME 128

typedef enum
{
  TOK_EOF,
  TOK_IDENT,    /* [A-Za-z_][A-Za-z0-9_]* */
  TOK_NUMBER,   /* [0-9+-] or .digit, then [A-Za-z0-9_.+-]*, as Python */
  TOK_STRING,   /* one quoted literal, unescaped into str */
  TOK_PUNCT,    /* any other single byte */
  TOK_ERROR,    /* a lexical error, already reported */
} StpPbtextToken;

typedef struct
{
  const char     *text;
  gsize           len;
  gsize           pos;         /* next unread byte */
  guint           line;        /* of pos, from 1 */
  guint           col;         /* of pos, in characters, from 1 */

  StpPbtextToken  kind;        /* the current token */
  gsize           start;
  gsize           end;
  guint           tok_line;
  guint           tok_col;
  GByteArray     *str;         /* TOK_STRING: the unescaped bytes */

  gboolean        seen_field;
  GError        **error;
} StpPbtextParser;

/* Sets "line L, column C: ..." unless a lexical error is pending;
 * always returns FALSE. */
gboolean    stp_pbtext_fail_at       (StpPbtextParser                *ps,
                                      guint                           line,
                                      guint                           col,
                                      StpError                        code,
                                      const char                     *format,
                                      ...) G_GNUC_PRINTF (5, 6);
void        stp_pbtext_next          (StpPbtextParser                *ps);
gboolean    stp_pbtext_is_punct      (StpPbtextParser                *ps,
                                      char                            c);
gboolean    stp_pbtext_accept        (StpPbtextParser                *ps,
                                      char                            c);
char       *stp_pbtext_describe      (StpPbtextParser                *ps);
const char *stp_pbtext_type_name     (ProtobufCType                   type);

/* The current token as a value of @field (not consumed). */
gboolean    stp_pbtext_integer_value (StpPbtextParser                *ps,
                                      const ProtobufCFieldDescriptor *field,
                                      guint64                        *bits);
gboolean    stp_pbtext_float_value   (StpPbtextParser                *ps,
                                      const ProtobufCFieldDescriptor *field,
                                      double                         *value);
gboolean    stp_pbtext_enum_value    (StpPbtextParser                *ps,
                                      const ProtobufCFieldDescriptor *field,
                                      guint64                        *bits);
gboolean    stp_pbtext_bool_value    (StpPbtextParser                *ps,
                                      const ProtobufCFieldDescriptor *field,
                                      guint64                        *bits);

/* Python's str() of a double, and of a float field's value. */
void        stp_pbtext_append_double (GString                        *out,
                                      double                          d);
void        stp_pbtext_append_float  (GString                        *out,
                                      float                           f);

#define stp_pbtext_fail(ps, ...) \
  stp_pbtext_fail_at ((ps), (ps)->tok_line, (ps)->tok_col, STP_ERROR_CORRUPT, __VA_ARGS__)

G_END_DECLS
