/* stp-chrome-json-memory.c: PyTorch's [memory] instants as a counter
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * With profile_memory=True, PyTorch writes an instant named "[memory]"
 * for every allocation and free: its args give the device ("Device
 * Type", "Device Id"), the change ("Bytes", negative for a free) and, in
 * newer Kinetos, the allocator's "Total Allocated" after it.  Thousands
 * of them as triangles over the threads say little; what users read is
 * the memory held over time.  So each device's events also become one
 * derived counter, "Memory Allocated (CUDA 0)", in the events' process:
 * the total when the event gives it, else the running sum of the
 * changes since the trace began (what was held before is not known).
 * The instants stay (searched, exported as they came) but are folded:
 * not drawn on their own.  The counter is never written back.
 */

#define G_LOG_DOMAIN "stp-chrome-json"

#include <string.h>

#include "stp-chrome-json-private.h"
#include "stp-json-scan.h"

#define MEMORY_EVENT "\"[memory]\""

typedef struct
{
  StpCounterSeries *series;
  double            total;    /* the running sum of "Bytes" */
} MemoryCounter;

gboolean
stp_chrome_is_memory_event (const StpChromeEvent *event)
{
  const StpChromeMember *name = stp_chrome_event_get (event, KEY_NAME);

  return stp_chrome_is_string (name) && !name->escaped &&
         (gsize) (name->end - name->value) == strlen (MEMORY_EVENT) &&
         memcmp (name->value, MEMORY_EVENT, strlen (MEMORY_EVENT)) == 0;
}

static gboolean
arg_number (const StpChromeEvent *event,
            const char           *name,
            double               *out)
{
  StpChromeMember value;

  return stp_chrome_args_get (event, name, &value) &&
         stp_json_parse_double (value.value, value.end - value.value, out);
}

/* c10::DeviceType's names for the devices people profile. */
static const char *
device_type_name (int type)
{
  switch (type)
    {
    case 0:  return "CPU";
    case 1:  return "CUDA";
    case 6:  return "HIP";
    case 12: return "XPU";
    case 13: return "MPS";
    case 19: return "MTIA";
    default: return NULL;
    }
}

static MemoryCounter *
memory_counter (StpChromeLoader *self,
                guint32          process,
                int              type,
                int              id)
{
  g_autofree char *key = g_strdup_printf ("%u\x1f%d\x1f%d", process, type, id);
  g_autofree char *device = NULL;
  g_autofree char *name = NULL;
  MemoryCounter *counter = g_hash_table_lookup (self->memory, key);
  guint32 track;

  if (counter != NULL)
    return counter;

  if (device_type_name (type) == NULL)
    device = g_strdup_printf ("device type %d", type);
  else
    device = id >= 0 ? g_strdup_printf ("%s %d", device_type_name (type), id) : g_strdup (device_type_name (type));
  name = g_strdup_printf ("Memory Allocated (%s)", device);

  track = stp_trace_add_track (self->trace, process, STP_TRACK_COUNTER, stp_trace_intern0 (self->trace, name));
  stp_trace_get_track (self->trace, track)->derived = TRUE;
  counter = g_new0 (MemoryCounter, 1);
  counter->series = stp_trace_add_counter_series (self->trace, track, stp_trace_intern0 (self->trace, "allocated"));
  g_hash_table_insert (self->memory, g_steal_pointer (&key), counter);
  return counter;
}

/* A [memory] instant just added: a sample of its device's counter, and
 * the instant folded into it.  One without a size is left as it is. */
void
stp_chrome_memory_sample (StpChromeLoader      *self,
                          const StpChromeEvent *event,
                          StpSlice             *instant)
{
  double type = -1, id = -1, bytes = 0, total = 0;
  gboolean has_total = arg_number (event, "Total Allocated", &total);
  MemoryCounter *counter;

  if (!has_total && !arg_number (event, "Bytes", &bytes))
    return;
  arg_number (event, "Device Type", &type);
  arg_number (event, "Device Id", &id);

  counter = memory_counter (self, stp_chrome_process_of (self, event), (int) type, (int) id);
  counter->total += bytes;
  stp_trace_add_counter_sample (self->trace, counter->series, instant->ts,
                                has_total ? total : counter->total, STP_SEQ_NONE);
  instant->flags |= STP_SLICE_FOLDED;
}
