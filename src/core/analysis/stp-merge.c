/* stp-merge.c: several traces on one timeline, each named and placed
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The ranks of a PyTorch job and the hosts of an XSpace run record Unix
 * time, so they are shown as recorded: what happened at once lines up.
 * Two runs recorded apart are lined up at their first steps instead,
 * which is what comparing them needs.
 */

#define G_LOG_DOMAIN "stp-merge"

#include "stp-merge.h"
#include "stp-details.h"
#include "stp-steps.h"
#include "stp-trace-info.h"
#include "stp-trace-merge.h"

#include <string.h>

const char *
stp_merge_clock_to_string (StpMergeClock clock)
{
  switch (clock)
    {
    case STP_MERGE_CLOCK_COMMON:     return "common";
    case STP_MERGE_CLOCK_FIRST_STEP: return "first-step";
    case STP_MERGE_CLOCK_AUTO:
    default:                         return "auto";
    }
}

gboolean
stp_merge_clock_from_string (const char    *text,
                             StpMergeClock *clock)
{
  for (StpMergeClock c = STP_MERGE_CLOCK_AUTO; c <= STP_MERGE_CLOCK_FIRST_STEP; c++)
    if (g_strcmp0 (text, stp_merge_clock_to_string (c)) == 0)
      {
        *clock = c;
        return TRUE;
      }
  return FALSE;
}

/* Kineto writes {"backend": "nccl", "rank": 3, "world_size": 8,
 * "pg_config": [...], ...}: the top-level member only, since a process
 * group's config may name ranks of its own. */
gint64
stp_trace_get_rank (const StpTrace *trace)
{
  g_autofree char *info = NULL;
  g_autoptr(StpArg) arg = NULL;
  const StpArg *rank;
  guint64 value;

  g_return_val_if_fail (trace != NULL, -1);

  info = stp_trace_dup_metadata_value (trace, STP_METADATA_MEMBER, "distributedInfo");
  if (info == NULL || (arg = stp_arg_parse (info, -1, NULL)) == NULL)
    return -1;
  rank = stp_arg_get_member (arg, "rank");
  if (rank == NULL || rank->kind != STP_ARG_NUMBER ||
      !g_ascii_string_to_unsigned (rank->value, 10, 0, G_MAXINT64, &value, NULL))
    return -1;
  return (gint64) value;
}

char *
stp_trace_dup_part_label (const StpTrace *trace)
{
  g_autofree char *hosts = NULL;
  gint64 rank;

  g_return_val_if_fail (trace != NULL, NULL);

  if ((rank = stp_trace_get_rank (trace)) >= 0)
    return g_strdup_printf ("rank %" G_GINT64_FORMAT, rank);

  hosts = stp_trace_dup_metadata_value (trace, STP_METADATA_DESCRIPTION, "hostnames");
  if (hosts != NULL && hosts[0] != '\0')
    return g_strndup (hosts, strcspn (hosts, ","));

  return g_path_get_basename (trace->filename);
}

void
stp_part_labels_make_distinct (char              **labels,
                               const char *const  *filenames,
                               guint               n)
{
  g_autoptr(GHashTable) count = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autofree gboolean *clash = g_new0 (gboolean, n);

  for (guint i = 0; i < n; i++)
    g_hash_table_insert (count, labels[i],
                         GUINT_TO_POINTER (GPOINTER_TO_UINT (g_hash_table_lookup (count, labels[i])) + 1));

  /* Decided for all before any label changes: the table holds them. */
  for (guint i = 0; i < n; i++)
    clash[i] = GPOINTER_TO_UINT (g_hash_table_lookup (count, labels[i])) > 1;
  for (guint i = 0; i < n; i++)
    if (clash[i])
      {
        g_free (labels[i]);
        labels[i] = g_path_get_basename (filenames[i]);
      }

  for (guint i = 0; i < n; i++)
    {
      if (g_hash_table_contains (seen, labels[i]))
        {
          g_autofree char *old = labels[i];

          labels[i] = g_strdup_printf ("%s #%u", old, i + 1);
        }
      g_hash_table_add (seen, labels[i]);
    }
}

static char **
make_labels (GPtrArray *traces)
{
  char **labels = g_new0 (char *, traces->len + 1);
  g_autofree const char **filenames = g_new0 (const char *, traces->len);

  for (guint i = 0; i < traces->len; i++)
    {
      const StpTrace *trace = g_ptr_array_index (traces, i);

      labels[i] = stp_trace_dup_part_label (trace);
      filenames[i] = trace->filename;
    }
  stp_part_labels_make_distinct (labels, filenames, traces->len);
  return labels;
}

/* Offsets that put every trace on Unix time, relative to the first
 * trace's clock; FALSE unless every trace records Unix time and all of
 * them were recording at some one moment. */
static gboolean
common_offsets (GPtrArray *traces,
                gint64    *offsets)
{
  gint64 latest_start = G_MININT64, earliest_end = G_MAXINT64;
  gint64 base0 = 0;

  for (guint i = 0; i < traces->len; i++)
    {
      const StpTrace *trace = g_ptr_array_index (traces, i);
      gint64 base;

      if (!stp_trace_get_wall_clock (trace, &base))
        return FALSE;
      if (i == 0)
        base0 = base;
      offsets[i] = base - base0;
      latest_start = MAX (latest_start, stp_time_add (trace->start_ts, offsets[i]));
      earliest_end = MIN (earliest_end, stp_time_add (trace->end_ts, offsets[i]));
    }
  return latest_start <= earliest_end;
}

static gint64
first_step_start (const StpTrace *trace)
{
  g_autoptr(GArray) steps = stp_steps_find (trace);

  /* They come in time order. */
  return steps->len > 0 ? g_array_index (steps, StpStep, 0).start : trace->start_ts;
}

static void
first_step_offsets (GPtrArray *traces,
                    gint64    *offsets)
{
  gint64 anchor = 0;

  for (guint i = 0; i < traces->len; i++)
    {
      gint64 start = first_step_start (g_ptr_array_index (traces, i));

      if (i == 0)
        anchor = start;
      offsets[i] = stp_time_sub (anchor, start);
    }
}

/* "first.json +7": the core has no translations; the viewer names the
 * window from the parts. */
static char *
merged_name (GPtrArray *traces)
{
  const StpTrace *first = g_ptr_array_index (traces, 0);

  return g_strdup_printf ("%s +%u", first->filename, traces->len - 1);
}

StpTrace *
stp_traces_merge (GPtrArray     *traces,
                  StpMergeClock  clock,
                  StpMergeClock *used)
{
  g_autofree gint64 *offsets = NULL;
  g_auto(GStrv) labels = NULL;
  g_autofree char *name = NULL;
  g_autofree StpTrace **parts = NULL;
  StpTrace *merged;
  gboolean shared;
  guint n_parts;

  g_return_val_if_fail (traces != NULL && traces->len > 0, NULL);

  if (traces->len == 1)
    {
      if (used != NULL)
        *used = STP_MERGE_CLOCK_COMMON;
      return g_ptr_array_steal_index (traces, 0);
    }

  offsets = g_new0 (gint64, traces->len);
  shared = clock != STP_MERGE_CLOCK_FIRST_STEP && common_offsets (traces, offsets);
  if (clock == STP_MERGE_CLOCK_FIRST_STEP || (clock == STP_MERGE_CLOCK_AUTO && !shared))
    {
      first_step_offsets (traces, offsets);
      clock = STP_MERGE_CLOCK_FIRST_STEP;
    }
  else
    {
      /* The common clock: Unix time when the traces share it
       * (common_offsets() filled the offsets), else times as recorded. */
      if (!shared)
        memset (offsets, 0, traces->len * sizeof (gint64));
      clock = STP_MERGE_CLOCK_COMMON;
    }

  labels = make_labels (traces);
  name = merged_name (traces);
  n_parts = traces->len;
  parts = (StpTrace **) g_ptr_array_steal (traces, NULL);
  merged = stp_trace_merge (parts, n_parts, (const char *const *) labels, offsets, name);
  merged->parts_aligned = clock == STP_MERGE_CLOCK_FIRST_STEP;
  if (used != NULL)
    *used = clock;
  return merged;
}

StpMergeClock
stp_trace_get_merge_clock (const StpTrace *trace)
{
  g_return_val_if_fail (trace != NULL, STP_MERGE_CLOCK_COMMON);

  return trace->parts_aligned ? STP_MERGE_CLOCK_FIRST_STEP : STP_MERGE_CLOCK_COMMON;
}
