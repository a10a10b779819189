/* stp-step-stats.c: a TensorFlow StepStats, indexed in place
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The analysis reads a handful of fields from every NodeExecStats, in
 * several passes.  Rather than unpacking the whole message tree (2.4 s
 * and 4.7x the file size on a 194 MB input with protobuf-c), one walk
 * over the wire bytes records, per node, its times and spans pointing
 * into the bytes.  Fields follow protobuf's parsing rules, as Python's
 * protobuf (and so timeline.py) sees them: the last occurrence of a
 * singular scalar wins, occurrences of a singular message merge, and a
 * field whose wire type does not match the schema is an unknown field.
 */

#define G_LOG_DOMAIN "stp-step-stats"

#include "stp-step-stats.h"
#include "stp-step-stats-fields.h"
#include "stp-step-stats-sniff.h"
#include "stp-buffer.h"
#include "stp-prefault.h"
#include "stp-error.h"
#include "stp-pbtext.h"
#include "stp-wire.h"

#include "tensorflow.pb-c.h"

#include <string.h>

#define CANCEL_CHECK_INTERVAL 65536
#define COUNT_PREFETCH        4096   /* bytes read ahead of the count of nodes */
#define POPULATE_INTERVAL     4096   /* nodes between mappings of the outputs */
/* Mapped in ahead of the index: most nodes have an output or two, and
 * what is mapped in stays in memory whether filled or not. */
#define OUTPUTS_AHEAD         (2 * POPULATE_INTERVAL)

StpStepStats *
stp_step_stats_ref (StpStepStats *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
stp_step_stats_unref (StpStepStats *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;

  g_bytes_unref (self->wire);
  g_ptr_array_unref (self->chunks);
  g_array_unref (self->devices);
  g_array_unref (self->nodes);
  g_array_unref (self->outputs);
  g_array_unref (self->graph_nodes);
  g_array_unref (self->partition_graphs);
  g_free (self->filename);
  g_free (self);
}

static StpStepStats *
step_stats_new (GBytes     *wire,
                const char *filename)
{
  StpStepStats *self = g_new0 (StpStepStats, 1);

  self->ref_count = 1;
  self->wire = g_bytes_ref (wire);
  self->chunks = g_ptr_array_new_with_free_func (g_free);
  self->filename = g_strdup (filename);
  self->devices = g_array_new (FALSE, FALSE, sizeof (StpStepStatsDevice));
  self->nodes = g_array_new (FALSE, FALSE, sizeof (StpStepStatsNode));
  self->outputs = g_array_new (FALSE, FALSE, sizeof (StpStepStatsOutput));
  self->graph_nodes = g_array_new (FALSE, TRUE, sizeof (StpSpan));
  self->partition_graphs = g_array_new (FALSE, TRUE, sizeof (StpSpan));

  return self;
}

static inline StpSpan
span_of (const StpWireField *field)
{
  StpSpan span = { (const char *) field->bytes, field->len };
  return span;
}

/* Occurrences of a singular message merge: their bytes concatenated
 * parse as the merged message.  Rare, so merged copies are owned here. */
static StpSpan
merge_spans (StpStepStats *self,
             StpSpan       first,
             StpSpan       second)
{
  char *merged;
  StpSpan span;

  if (first.str == NULL)
    return second;

  merged = g_malloc (first.len + second.len + 1);
  memcpy (merged, first.str, first.len);
  memcpy (merged + first.len, second.str, second.len);
  g_ptr_array_add (self->chunks, merged);

  span.str = merged;
  span.len = first.len + second.len;
  return span;
}

static gboolean
read_allocation (StpStepStats        *self,
                 const StpWireReader *parent,
                 const StpWireField  *field,
                 StpStepStatsOutput  *output,
                 GError             **error)
{
  StpWireReader reader;
  StpWireField f;

  stp_wire_reader_sub (&reader, parent, field);
  while (stp_wire_next (&reader, &f, error))
    {
      if (f.number == ALLOCATION_REQUESTED_BYTES && f.type == STP_WIRE_VARINT)
        output->requested_bytes = (gint64) f.value;
      else if (f.number == ALLOCATION_ALLOCATOR_NAME && f.type == STP_WIRE_LEN)
        {
          /* Inside the description: its offset fits as the length does. */
          output->allocator_at = (guint32) ((const char *) f.bytes - output->description);
          output->allocator_len = f.len;
        }
    }

  return error == NULL || *error == NULL;
}

static gboolean
read_tensor_description (StpStepStats        *self,
                         StpStepStatsOutput  *output,
                         gsize                base,
                         GError             **error)
{
  StpWireReader reader;
  StpWireField f;

  stp_wire_reader_init (&reader, (const guint8 *) output->description,
                        output->description_len, base);
  while (stp_wire_next (&reader, &f, error))
    {
      if (f.number == TENSOR_ALLOCATION_DESCRIPTION && f.type == STP_WIRE_LEN)
        if (!read_allocation (self, &reader, &f, output, error))
          return FALSE;
    }

  return error == NULL || *error == NULL;
}

static gboolean
read_output (StpStepStats        *self,
             const StpWireReader *parent,
             const StpWireField  *field,
             GError             **error)
{
  StpStepStatsOutput output = { 0 };
  StpSpan description = { NULL, 0 };
  StpWireReader reader;
  StpWireField f;
  gsize base = 0;

  stp_wire_reader_sub (&reader, parent, field);
  while (stp_wire_next (&reader, &f, error))
    {
      if (f.number == OUTPUT_TENSOR_DESCRIPTION && f.type == STP_WIRE_LEN)
        {
          base = f.offset;
          description = merge_spans (self, description, span_of (&f));
        }
    }
  if (error != NULL && *error != NULL)
    return FALSE;

  output.description = description.str;
  output.description_len = description.len;
  if (output.description != NULL &&
      !read_tensor_description (self, &output, base, error))
    return FALSE;

  g_array_append_val (self->outputs, output);
  return TRUE;
}

static gboolean
read_node (StpStepStats        *self,
           const StpWireReader *parent,
           const StpWireField  *field,
           guint32              device,
           GError             **error)
{
  StpStepStatsNode node = { 0 };
  StpWireReader reader;
  StpWireField f;

  node.device = device;
  node.message = (const char *) field->bytes;
  node.message_len = field->len;
  node.first_output = self->outputs->len;

  stp_wire_reader_sub (&reader, parent, field);
  while (stp_wire_next (&reader, &f, error))
    {
      if (f.type == STP_WIRE_VARINT)
        {
          switch (f.number)
            {
            case NODE_ALL_START_MICROS:    node.all_start_micros = (gint64) f.value; break;
            case NODE_ALL_END_REL_MICROS:  node.all_end_rel_micros = (gint64) f.value; break;
            case NODE_THREAD_ID:           node.thread_id = (guint32) f.value; break;
            default: break;
            }
        }
      else if (f.type == STP_WIRE_LEN)
        {
          switch (f.number)
            {
            case NODE_NAME:
              node.name_at = (guint32) ((const char *) f.bytes - node.message);
              node.name_len = f.len;
              break;
            case NODE_TIMELINE_LABEL:
              node.label_at = (guint32) ((const char *) f.bytes - node.message);
              node.label_len = f.len;
              break;
            case NODE_OUTPUT:
              if (!read_output (self, &reader, &f, error))
                return FALSE;
              break;
            default: break;
            }
        }
    }
  if (error != NULL && *error != NULL)
    return FALSE;

  node.n_outputs = self->outputs->len - node.first_output;
  g_array_append_val (self->nodes, node);
  return TRUE;
}

void
stp_step_stats_node_get_times (const StpStepStatsNode *node,
                               StpStepStatsNodeTimes  *times)
{
  StpWireReader reader;
  StpWireField f;

  g_return_if_fail (node != NULL);
  g_return_if_fail (times != NULL);

  memset (times, 0, sizeof *times);
  /* The index read this message whole, so it reads again without error. */
  stp_wire_reader_init (&reader, (const guint8 *) node->message, node->message_len, 0);
  while (stp_wire_next (&reader, &f, NULL))
    {
      if (f.type != STP_WIRE_VARINT)
        continue;

      switch (f.number)
        {
        case NODE_OP_START_REL_MICROS: times->op_start_rel_micros = (gint64) f.value; break;
        case NODE_OP_END_REL_MICROS:   times->op_end_rel_micros = (gint64) f.value; break;
        case NODE_SCHEDULED_MICROS:    times->scheduled_micros = (gint64) f.value; break;
        default: break;
        }
    }
}

static gboolean
read_device (StpStepStats        *self,
             const StpWireReader *parent,
             const StpWireField  *field,
             GCancellable        *cancellable,
             GError             **error)
{
  StpStepStatsDevice device = { 0 };
  guint32 index = self->devices->len;
  StpWireReader reader;
  StpWireField f;

  device.first_node = self->nodes->len;
  g_array_append_val (self->devices, device);

  stp_wire_reader_sub (&reader, parent, field);
  while (stp_wire_next (&reader, &f, error))
    {
      if (f.number == DEVICE_DEVICE && f.type == STP_WIRE_LEN)
        {
          device.name = span_of (&f);
        }
      else if (f.number == DEVICE_NODE_STATS && f.type == STP_WIRE_LEN)
        {
          if (!read_node (self, &reader, &f, index, error))
            return FALSE;
          if (self->nodes->len % POPULATE_INTERVAL == 0)
            {
              if (self->nodes->len % CANCEL_CHECK_INTERVAL == 0 &&
                  g_cancellable_set_error_if_cancelled (cancellable, error))
                return FALSE;
              stp_array_populate_ahead (self->outputs, self->max_outputs, OUTPUTS_AHEAD);
            }
        }
    }
  if (error != NULL && *error != NULL)
    return FALSE;

  device.n_nodes = self->nodes->len - device.first_node;
  device.gpu_tracer = stp_span_contains (device.name, "/stream:") ||
                      stp_span_contains (device.name, "/memcpy");
  g_array_index (self->devices, StpStepStatsDevice, index) = device;
  return TRUE;
}

static gboolean
read_step_stats (StpStepStats        *self,
                 const StpWireReader *parent,
                 const StpWireField  *field,
                 GCancellable        *cancellable,
                 GError             **error)
{
  StpWireReader reader;
  StpWireField f;

  if (field != NULL)
    stp_wire_reader_sub (&reader, parent, field);
  else
    reader = *parent;

  while (stp_wire_next (&reader, &f, error))
    {
      if (f.number == STEP_STATS_DEV_STATS && f.type == STP_WIRE_LEN)
        if (!read_device (self, &reader, &f, cancellable, error))
          return FALSE;
    }

  return error == NULL || *error == NULL;
}

static gboolean
read_graph (StpStepStats        *self,
            const StpWireReader *parent,
            const StpWireField  *field,
            GError             **error)
{
  StpWireReader reader;
  StpWireField f;
  StpSpan graph = span_of (field);

  g_array_append_val (self->partition_graphs, graph);

  stp_wire_reader_sub (&reader, parent, field);
  while (stp_wire_next (&reader, &f, error))
    {
      /* GraphDef.node = 1: kept as message spans for details. */
      if (f.number == 1 && f.type == STP_WIRE_LEN)
        {
          StpSpan span = span_of (&f);
          g_array_append_val (self->graph_nodes, span);
        }
    }

  return error == NULL || *error == NULL;
}

static gboolean
read_run_metadata (StpStepStats        *self,
                   const StpWireReader *top,
                   GCancellable        *cancellable,
                   GError             **error)
{
  StpWireReader reader = *top;
  StpWireField f;

  while (stp_wire_next (&reader, &f, error))
    {
      if (f.number == RUN_METADATA_STEP_STATS && f.type == STP_WIRE_LEN)
        {
          /* Several occurrences merge: their dev_stats simply concatenate. */
          if (!read_step_stats (self, &reader, &f, cancellable, error))
            return FALSE;
        }
      else if (f.number == RUN_METADATA_PARTITION_GRAPHS && f.type == STP_WIRE_LEN)
        {
          if (!read_graph (self, &reader, &f, error))
            return FALSE;
        }
    }

  return error == NULL || *error == NULL;
}

/* Counts node_stats without reading them, to size the arrays once.
 * Malformed input is reported by the real walk, not here. */
static guint
count_nodes_in_step_stats (const guint8 *data,
                           gsize         len)
{
  StpWireReader reader, device;
  StpWireField f, g;
  guint n = 0;

  stp_wire_reader_init (&reader, data, len, 0);
  while (stp_wire_next (&reader, &f, NULL))
    if (f.number == STEP_STATS_DEV_STATS && f.type == STP_WIRE_LEN)
      {
        const guint8 *fetched;

        stp_wire_reader_sub (&device, &reader, &f);
        fetched = device.data;
        for (;;)
          {
            stp_wire_prefetch_ahead (&device, COUNT_PREFETCH, &fetched);
            if (!stp_wire_next (&device, &g, NULL))
              break;
            if (g.number == DEVICE_NODE_STATS && g.type == STP_WIRE_LEN)
              n++;
          }
      }

  return n;
}

static guint
count_nodes (StpStepStats *self,
             StpFormat     format)
{
  gsize len;
  const guint8 *data = g_bytes_get_data (self->wire, &len);
  StpWireReader reader;
  StpWireField f;
  guint n = 0;

  if (format != STP_FORMAT_RUN_METADATA && format != STP_FORMAT_RUN_METADATA_TEXT)
    return count_nodes_in_step_stats (data, len);

  stp_wire_reader_init (&reader, data, len, 0);
  while (stp_wire_next (&reader, &f, NULL))
    if (f.number == RUN_METADATA_STEP_STATS && f.type == STP_WIRE_LEN)
      n += count_nodes_in_step_stats (f.bytes, f.len);

  return n;
}

static gboolean
index_wire (StpStepStats  *self,
            StpFormat      format,
            GCancellable  *cancellable,
            GError       **error)
{
  StpWireReader top;
  gsize len;
  const guint8 *data = g_bytes_get_data (self->wire, &len);
  StpPrefault *nodes_prefault;
  guint n_nodes;
  gboolean ok;

  stp_wire_reader_init (&top, data, len, 0);

  /* Most nodes have an output or two; the arrays grow if not.  The
   * nodes' memory is mapped in by another core while this one fills it. */
  n_nodes = count_nodes (self, format);
  stp_array_reserve_at_most (self->nodes, n_nodes);
  nodes_prefault = stp_prefault_start (self->nodes->data, (gsize) n_nodes * sizeof (StpStepStatsNode),
                                       G_MAXSIZE);
  self->max_outputs = n_nodes * 2;
  stp_array_reserve_at_most (self->outputs, self->max_outputs);
  stp_array_populate_ahead (self->outputs, self->max_outputs, OUTPUTS_AHEAD);

  if (format == STP_FORMAT_RUN_METADATA || format == STP_FORMAT_RUN_METADATA_TEXT)
    ok = read_run_metadata (self, &top, cancellable, error);
  else
    ok = read_step_stats (self, &top, NULL, cancellable, error);

  stp_prefault_finish (nodes_prefault);
  stp_array_release_unused (self->outputs, self->max_outputs);
  return ok;
}

static void
set_ends_early (GError     **error,
                const char  *filename,
                StpFormat    format,
                const char  *detail)
{
  g_set_error (error, STP_ERROR, STP_ERROR_TRUNCATED,
               "%s: the file ends early, inside a %s (%s); it may have been copied "
               "or saved only in part",
               filename, format == STP_FORMAT_RUN_METADATA ? "RunMetadata" : "StepStats", detail);
}

gboolean
stp_span_contains (StpSpan     span,
                   const char *needle)
{
  g_return_val_if_fail (needle != NULL, FALSE);

  return span.len > 0 && memmem (span.str, span.len, needle, strlen (needle)) != NULL;
}

StpStepStats *
stp_step_stats_load_bytes (GBytes        *bytes,
                           const char    *filename,
                           GCancellable  *cancellable,
                           GError       **error)
{
  g_autoptr(StpStepStats) self = NULL;
  g_autoptr(GBytes) wire = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autofree char *why_rm = NULL;
  g_autofree char *why_ss = NULL;
  gboolean without_step_stats = FALSE;
  StpFormat format;
  const guint8 *data;
  gsize len;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (filename != NULL, NULL);

  data = g_bytes_get_data (bytes, &len);

  if (len == 0)
    {
      g_set_error (error, STP_ERROR, STP_ERROR_EMPTY,
                   "%s: the file is empty", filename);
      return NULL;
    }

  if (stp_step_stats_looks_like_text (data, len))
    {
      const ProtobufCMessageDescriptor *desc;

      format = stp_step_stats_sniff_text_format (data, len);
      desc = format == STP_FORMAT_STEP_STATS_TEXT
             ? &tensorflow__step_stats__descriptor
             : &tensorflow__run_metadata__descriptor;

      wire = stp_pbtext_parse (desc, (const char *) data, len, &local_error);
      if (wire == NULL && stp_step_stats_known_first_name_end (data, len) == 0)
        {
          /* Text, but not ours (a README, a CSV, a log). */
          g_autofree char *detail = g_strdup_printf ("read as protobuf text format: %s",
                                                     local_error->message);

          stp_error_set_unsupported (error, filename, detail);
          return NULL;
        }
      if (wire == NULL)
        {
          g_set_error (error, STP_ERROR, local_error->code,
                       "%s: not a StepStats/RunMetadata in text format: %s",
                       filename, local_error->message);
          return NULL;
        }

      /* A RunMetadata without step_stats (partition graphs alone, or
       * nothing): an empty step_stats is an empty step, as timeline.py
       * shows it, but none at all is not a trace. */
      if (format == STP_FORMAT_RUN_METADATA_TEXT)
        {
          gsize wire_len;
          const guint8 *wire_data = g_bytes_get_data (wire, &wire_len);

          if (!stp_step_stats_looks_like_run_metadata (wire_data, wire_len, FALSE, &why_rm, &without_step_stats) &&
              without_step_stats)
            {
              stp_error_set_no_trace (error, filename, "RunMetadata", "step_stats");
              return NULL;
            }
          g_clear_pointer (&why_rm, g_free);
        }
    }
  else if (stp_step_stats_looks_like_run_metadata (data, len, FALSE, &why_rm, &without_step_stats))
    {
      format = STP_FORMAT_RUN_METADATA;
      wire = g_bytes_ref (bytes);
    }
  else if (stp_step_stats_looks_like_step_stats (data, len, 0, FALSE, &why_ss))
    {
      format = STP_FORMAT_STEP_STATS;
      wire = g_bytes_ref (bytes);
    }
  else if (stp_step_stats_sniff (data, len, &format))
    {
      /* Read as the first bytes of a longer file, it is one. */
      set_ends_early (error, filename, format, format == STP_FORMAT_RUN_METADATA ? why_rm : why_ss);
      return NULL;
    }
  else if (without_step_stats)
    {
      stp_error_set_no_trace (error, filename, "RunMetadata", "step_stats");
      return NULL;
    }
  else
    {
      g_autofree char *detail = g_strdup_printf ("read as a binary protobuf: %s", why_rm);

      stp_error_set_unsupported (error, filename, detail);
      return NULL;
    }

  self = step_stats_new (wire, filename);
  self->format = format;

  if (!index_wire (self, format, cancellable, &local_error))
    {
      if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
        g_propagate_error (error, g_steal_pointer (&local_error));
      else if (wire == bytes && stp_step_stats_ends_inside_a_field (data, len))
        set_ends_early (error, filename, format, local_error->message);
      else
        g_set_error (error, STP_ERROR, local_error->code,
                     "%s: corrupt %s: %s", filename,
                     format == STP_FORMAT_STEP_STATS ? "StepStats" : "RunMetadata",
                     local_error->message);
      return NULL;
    }


  return g_steal_pointer (&self);
}

void
stp_step_stats_append_tensor_description (const StpStepStats       *self,
                                          const StpStepStatsOutput *output,
                                          GString                  *out)
{
  gsize start = out->len;

  g_return_if_fail (self != NULL);
  g_return_if_fail (output != NULL);

  /* An output without a tensor_description prints as an empty message. */
  if (output->description != NULL &&
      !stp_pbtext_print (&tensorflow__tensor_description__descriptor,
                         (const guint8 *) output->description,
                         output->description_len, out, NULL))
    g_string_truncate (out, start);
}
