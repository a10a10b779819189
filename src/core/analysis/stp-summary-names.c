/* stp-summary-names.c: the names of the summaries' groupings and orders
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What settings, the CLI's options and JSON call them.
 */

#define G_LOG_DOMAIN "stp-summary"

#include "stp-summary.h"

G_DEFINE_ENUM_TYPE (StpSummaryBy, stp_summary_by,
  G_DEFINE_ENUM_VALUE (STP_SUMMARY_BY_OP, "op"),
  G_DEFINE_ENUM_VALUE (STP_SUMMARY_BY_SCOPE, "scope"),
  G_DEFINE_ENUM_VALUE (STP_SUMMARY_BY_DEVICE, "device"),
  G_DEFINE_ENUM_VALUE (STP_SUMMARY_BY_TRACE, "trace"))

static const char * const by_names[] = { "op", "scope", "device", "trace" };
static const char * const order_names[] = { "time", "count", "name" };

const char *
stp_summary_by_to_string (StpSummaryBy by)
{
  return by < G_N_ELEMENTS (by_names) ? by_names[by] : "op";
}

gboolean
stp_summary_by_has_average (StpSummaryBy by)
{
  return by == STP_SUMMARY_BY_OP;
}

/* Rows of a device or a trace sum up the time of its outermost
 * occurrences (what it was busy with), not every nested one again. */
gboolean
stp_summary_by_is_busy_time (StpSummaryBy by)
{
  return by == STP_SUMMARY_BY_DEVICE || by == STP_SUMMARY_BY_TRACE;
}

gboolean
stp_summary_by_from_string (const char   *str,
                            StpSummaryBy *by)
{
  for (guint i = 0; i < G_N_ELEMENTS (by_names); i++)
    if (g_strcmp0 (str, by_names[i]) == 0)
      {
        *by = i;
        return TRUE;
      }
  return FALSE;
}

const char *
stp_summary_order_to_string (StpSummaryOrder order)
{
  return order < G_N_ELEMENTS (order_names) ? order_names[order] : "time";
}

gboolean
stp_summary_order_from_string (const char      *str,
                               StpSummaryOrder *order)
{
  for (guint i = 0; i < G_N_ELEMENTS (order_names); i++)
    if (g_strcmp0 (str, order_names[i]) == 0)
      {
        *order = i;
        return TRUE;
      }
  return FALSE;
}
