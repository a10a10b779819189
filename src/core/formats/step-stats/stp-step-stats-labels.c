/* stp-step-stats-labels.c: timeline.py's label parsers
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "stp-step-stats-labels"

#include "stp-step-stats-labels.h"

#include <string.h>

static const char *
find_last (const char *start,
           const char *end,
           char        c)
{
  return end > start ? memrchr (start, c, end - start) : NULL;
}

/* timeline.py matches labels against `(.*) = (.*)\((.*)\)` from the
 * start.  `.` stops at a newline, so only the first line can match.
 * Each group is greedy: the inputs end at the last ')', the op ends at
 * the last '(' before it, and the name ends at the last " = " before
 * that.  Anything after the last ')' is ignored. */
gboolean
stp_step_stats_parse_op_label (const char *label,
                             gsize       len,
                             StpSpan    *name,
                             StpSpan    *op,
                             StpSpan    *inputs)
{
  const char *end, *newline, *close, *open, *equals = NULL;

  /* An empty label (NULL when absent) never matches. */
  if (len == 0 || label == NULL)
    return FALSE;
  end = label + len;
  newline = memchr (label, '\n', len);
  if (newline != NULL)
    end = newline;

  close = find_last (label, end, ')');
  if (close == NULL)
    return FALSE;
  open = find_last (label, close, '(');
  if (open == NULL)
    return FALSE;

  for (gsize i = open - label; i >= 3; i--)
    if (label[i - 3] == ' ' && label[i - 2] == '=' && label[i - 1] == ' ')
      {
        equals = label + i - 3;
        break;
      }
  if (equals == NULL)
    return FALSE;

  name->str = label;
  name->len = equals - label;
  op->str = equals + 3;
  op->len = open - (equals + 3);
  inputs->str = open + 1;
  inputs->len = close - (open + 1);
  return TRUE;
}

/* Python's inputs.split(', '): every ", " separates, empty parts too. */
void
stp_step_stats_split_inputs (StpSpan  inputs,
                           GArray  *out)
{
  const char *p = inputs.str;
  const char *end = inputs.str + inputs.len;

  g_array_set_size (out, 0);
  if (inputs.len == 0)
    return;

  for (;;)
    {
      const char *sep = NULL;
      StpSpan part;

      for (const char *q = p; q + 1 < end; q++)
        {
          q = memchr (q, ',', end - 1 - q);
          if (q == NULL)
            break;
          if (q[1] == ' ')
            {
              sep = q;
              break;
            }
        }

      part.str = p;
      part.len = (sep ? sep : end) - p;
      g_array_append_val (out, part);

      if (sep == NULL)
        break;
      p = sep + 2;
    }
}

/* timeline.py's _parse_kernel_label: the annotation between "@@" and
 * the first '#' replaces the node name when it is non-empty and comes
 * after the "@@"; then name and op are the first two ':' fields, the op
 * being "unknown" when there is no ':'. */
void
stp_step_stats_parse_kernel_label (const char *label,
                                 gsize       label_len,
                                 StpSpan     node_name,
                                 StpSpan    *name,
                                 StpSpan    *op)
{
  static const char unknown[] = "unknown";
  const char *at = NULL, *hash;
  StpSpan full = node_name;
  const char *colon, *colon2;

  for (gsize i = 0; i + 1 < label_len; i++)
    if (label[i] == '@' && label[i + 1] == '@')
      {
        at = label + i;
        break;
      }
  hash = label_len > 0 ? memchr (label, '#', label_len) : NULL;

  if (at != NULL && hash != NULL && at + 2 < hash)
    {
      full.str = at + 2;
      full.len = hash - (at + 2);
    }

  colon = full.len > 0 ? memchr (full.str, ':', full.len) : NULL;
  if (colon == NULL)
    {
      *name = full;
      op->str = unknown;
      op->len = sizeof unknown - 1;
      return;
    }

  name->str = full.str;
  name->len = colon - full.str;

  colon2 = memchr (colon + 1, ':', full.str + full.len - (colon + 1));
  op->str = colon + 1;
  op->len = (colon2 ? colon2 : full.str + full.len) - (colon + 1);
}
