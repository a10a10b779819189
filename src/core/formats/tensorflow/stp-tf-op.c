/* stp-tf-op.c: TensorFlow and JAX op names, as the TF profiler reads them
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The profiler (tf_op_utils in TensorFlow, TSL and XLA) splits a full
 * op name "scope/name:Type" at the first ':' and decides by the shape
 * of the two parts whether it is a TensorFlow op (CamelCase type), a
 * JAX op (lower_case type, maybe followed by "[params]"), a tf.data
 * iterator or a memcpy.  This is the same decision, written with plain
 * character tests instead of regular expressions.
 */

#define G_LOG_DOMAIN "stp-tf-op"

#include "stp-tf-op.h"

#include <string.h>

static const char memcpy_htod[] = "MemcpyHToD";
static const char memcpy_dtoh[] = "MemcpyDToH";
static const char memcpy_dtod[] = "MemcpyDToD";
static const char memcpy_htoh[] = "MemcpyHToH";
static const char dataset[] = "Dataset";

static inline StpSpan
span (const char *str,
      gsize       len)
{
  StpSpan s = { str, (guint32) len };
  return s;
}

static gboolean
starts_with_ci (const char *str,
                gsize       len,
                const char *prefix)
{
  gsize n = strlen (prefix);

  return len >= n && g_ascii_strncasecmp (str, prefix, n) == 0;
}

/* [A-Za-z0-9.][A-Za-z0-9_./>-]* */
static gboolean
is_tf_op_name (const char *s,
               gsize       len)
{
  if (len == 0 || !(g_ascii_isalnum (s[0]) || s[0] == '.'))
    return FALSE;
  for (gsize i = 1; i < len; i++)
    if (!(g_ascii_isalnum (s[i]) || strchr ("_./>-", s[i]) != NULL) || s[i] == '\0')
      return FALSE;
  return TRUE;
}

/* [A-Z_][a-zA-Z0-9_]* */
static gboolean
is_tf_op_type (const char *s,
               gsize       len)
{
  if (len == 0 || !(g_ascii_isupper (s[0]) || s[0] == '_'))
    return FALSE;
  for (gsize i = 1; i < len; i++)
    if (!(g_ascii_isalnum (s[i]) || s[i] == '_'))
      return FALSE;
  return TRUE;
}

/* [a-z_][a-z0-9_]*(\[.*\])?  ('.' does not match a newline) */
static gboolean
is_jax_op_type (const char *s,
                gsize       len)
{
  gsize i = 1;

  if (len == 0 || !(g_ascii_islower (s[0]) || s[0] == '_'))
    return FALSE;
  while (i < len && (g_ascii_islower (s[i]) || g_ascii_isdigit (s[i]) || s[i] == '_'))
    i++;
  if (i == len)
    return TRUE;
  if (s[i] != '[' || s[len - 1] != ']' || len - i < 2)
    return FALSE;
  return memchr (s + i, '\n', len - i) == NULL;
}

/* absl::SimpleAtoi on an int64: optional spaces and sign, digits. */
static gboolean
is_integer (const char *s,
            gsize       len)
{
  gsize i = 0, digits = 0;
  guint64 value = 0;
  gboolean negative = FALSE;

  while (i < len && g_ascii_isspace (s[i]))
    i++;
  while (len > i && g_ascii_isspace (s[len - 1]))
    len--;
  if (i < len && (s[i] == '+' || s[i] == '-'))
    negative = s[i++] == '-';
  for (; i < len; i++, digits++)
    {
      if (!g_ascii_isdigit (s[i]))
        return FALSE;
      if (value > (G_MAXUINT64 - 9) / 10)
        return FALSE;
      value = value * 10 + (s[i] - '0');
    }
  return digits > 0 && value <= (guint64) G_MAXINT64 + (negative ? 1 : 0);
}

/* The op type of a JAX name without one: the last scope part without a
 * numeric "_N" suffix ("model/layer/dot_general_3" -> "dot_general"). */
static StpSpan
derive_op_type (const char *name,
                gsize       len)
{
  const char *slash = NULL, *underscore = NULL;
  const char *op;
  gsize op_len;

  for (gsize i = len; i > 0; i--)
    if (name[i - 1] == '/')
      {
        slash = name + i - 1;
        break;
      }
  op = slash ? slash + 1 : name;
  op_len = name + len - op;

  for (gsize i = op_len; i > 0; i--)
    if (op[i - 1] == '_')
      {
        underscore = op + i - 1;
        break;
      }

  if (underscore != NULL && is_integer (underscore + 1, op + op_len - (underscore + 1)))
    return span (op, underscore - op);
  return span (op, op_len);
}

void
stp_tf_op_parse (const char *full_name,
                 gsize       len,
                 StpTfOp    *op)
{
  const char *colon;
  StpSpan name, type;

  g_return_if_fail (full_name != NULL || len == 0);
  g_return_if_fail (op != NULL);

  op->category = STP_TF_OP_UNKNOWN;
  op->name = span (full_name, len);
  op->type = span ("", 0);

  colon = len > 0 ? memchr (full_name, ':', len) : NULL;
  if (colon == NULL)
    {
      static const struct { const char *prefix; StpTfOpCategory category; const char *type; } memcpys[] = {
        { "MEMCPYHToD", STP_TF_OP_MEMCPY_HTOD, memcpy_htod },
        { "MEMCPYDToH", STP_TF_OP_MEMCPY_DTOH, memcpy_dtoh },
        { "MEMCPYDToD", STP_TF_OP_MEMCPY_DTOD, memcpy_dtod },
        { "MEMCPYHToH", STP_TF_OP_MEMCPY_HTOH, memcpy_htoh },
      };

      for (guint i = 0; i < G_N_ELEMENTS (memcpys); i++)
        if (starts_with_ci (full_name, len, memcpys[i].prefix))
          {
            op->category = memcpys[i].category;
            op->type = span (memcpys[i].type, strlen (memcpys[i].type));
            break;
          }
      return;
    }

  name = span (full_name, colon - full_name);
  type = span (colon + 1, full_name + len - (colon + 1));

  if (name.len == 8 && memcmp (name.str, "Iterator", 8) == 0)
    {
      op->category = STP_TF_OP_TF_DATA;
      op->type = span (dataset, sizeof dataset - 1);
      return;
    }

  if (is_tf_op_name (name.str, name.len) && is_tf_op_type (type.str, type.len))
    {
      op->category = STP_TF_OP_TENSORFLOW;
      op->name = name;
      op->type = type;
      return;
    }

  {
    StpSpan jax_type = type.len == 0 ? derive_op_type (name.str, name.len) : type;

    if (is_jax_op_type (jax_type.str, jax_type.len))
      {
        const char *bracket = memchr (jax_type.str, '[', jax_type.len);

        op->category = STP_TF_OP_JAX;
        op->name = name;
        op->type = span (jax_type.str, bracket ? (gsize) (bracket - jax_type.str) : jax_type.len);
        return;
      }

    if (type.len == 0)
      {
        op->category = STP_TF_OP_TENSORFLOW;
        op->name = name;
        op->type = jax_type;
      }
  }
}

gboolean
stp_tf_op_is_node_name (const char *name,
                        gsize       len)
{
  return is_tf_op_name (name, len);
}

gboolean
stp_tf_op_is_op (const StpTfOp *op)
{
  return op->category == STP_TF_OP_TENSORFLOW || op->category == STP_TF_OP_JAX;
}

guint
stp_tf_op_name_scopes (const StpTfOp *op,
                       StpSpan       *scopes,
                       guint          max_scopes)
{
  const char *p = op->name.str;
  const char *end = op->name.str + op->name.len;
  guint n = 0;

  for (;;)
    {
      const char *slash = p < end ? memchr (p, '/', end - p) : NULL;

      if (slash == NULL)
        break;   /* the last part is the op, not a scope */
      if (n < max_scopes)
        scopes[n] = span (p, slash - p);
      n++;
      p = slash + 1;
    }

  return n;
}

void
stp_tf_op_append_event_name (const StpTfOp *op,
                             GString       *out)
{
  switch (op->category)
    {
    case STP_TF_OP_UNKNOWN:
      {
        gsize len = op->name.len;

        while (len > 0 && g_ascii_isspace (op->name.str[len - 1]))
          len--;
        g_string_append_len (out, op->name.str, len);
      }
      break;

    case STP_TF_OP_TF_DATA:
      {
        const char *last = op->name.str;

        for (gsize i = 0; i + 1 < op->name.len; i++)
          if (op->name.str[i] == ':' && op->name.str[i + 1] == ':')
            last = op->name.str + i + 2;
        g_string_append (out, "Iterator::");
        g_string_append_len (out, last, op->name.str + op->name.len - last);
      }
      break;

    case STP_TF_OP_TENSORFLOW:
    case STP_TF_OP_JAX:
    case STP_TF_OP_MEMCPY_HTOD:
    case STP_TF_OP_MEMCPY_DTOH:
    case STP_TF_OP_MEMCPY_DTOD:
    case STP_TF_OP_MEMCPY_HTOH:
    default:
      g_string_append_len (out, op->type.str, op->type.len);
      break;
    }
}
