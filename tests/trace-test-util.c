/* trace-test-util.c: what a trace tells about itself, for tests
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "trace-test-util.h"

#include <string.h>

guint
stp_test_warning_count (StpTrace   *trace,
                        const char *kind)
{
  for (guint i = 0; i < trace->warnings->len; i++)
    {
      const StpWarning *w = &g_array_index (trace->warnings, StpWarning, i);

      if (strcmp (stp_trace_str (trace, w->kind), kind) == 0)
        return w->count;
    }
  return 0;
}
