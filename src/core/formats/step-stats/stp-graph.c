/* stp-graph.c: a TensorFlow GraphDef, the dataflow graph of a step
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Nodes are read from the wire bytes in place (names, ops and inputs
 * are spans); text format is packed to wire bytes first.  Only what
 * lifetimes need is kept: name, op, device, inputs, and for _Send and
 * _Recv the rendezvous key that pairs them across partitions.
 */

#define G_LOG_DOMAIN "stp-graph"

#include "stp-graph.h"
#include "stp-error.h"
#include "stp-input.h"
#include "stp-pbtext.h"
#include "stp-string-table.h"
#include "stp-wire.h"

#include "tensorflow.pb-c.h"

#include <string.h>

/* Field numbers from TensorFlow's graph.proto, node_def.proto and
 * attr_value.proto. */
enum
{
  GRAPH_NODE = 1,
  GRAPH_LIBRARY = 2,
  GRAPH_VERSION = 3,
  GRAPH_VERSIONS = 4,
  NODE_NAME = 1,
  NODE_OP = 2,
  NODE_INPUT = 3,
  NODE_DEVICE = 4,
  NODE_ATTR = 5,
  ATTR_ENTRY_KEY = 1,
  ATTR_ENTRY_VALUE = 2,
  ATTR_VALUE_S = 2,
};

/* Attributes of a Send or Recv that name its rendezvous. */
typedef struct
{
  StpSpan tensor_name;
  StpSpan send_device;
  StpSpan recv_device;
} Rendezvous;

static inline StpSpan
span_of (const StpWireField *field)
{
  StpSpan span = { (const char *) field->bytes, field->len };
  return span;
}

static gboolean
span_equal (StpSpan     span,
            const char *str)
{
  gsize len = strlen (str);

  return span.len == len && memcmp (span.str, str, len) == 0;
}

StpGraph *
stp_graph_ref (StpGraph *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
stp_graph_unref (StpGraph *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;

  g_clear_pointer (&self->wire, g_bytes_unref);
  stp_string_table_free (self->names);
  g_array_unref (self->by_name);
  g_ptr_array_unref (self->chunks);
  g_array_unref (self->nodes);
  g_array_unref (self->inputs);
  g_free (self->filename);
  g_free (self);
}

static StpGraph *
graph_new (GBytes     *wire,
           const char *filename)
{
  StpGraph *self = g_new0 (StpGraph, 1);

  self->ref_count = 1;
  self->wire = g_bytes_ref (wire);
  self->filename = g_strdup (filename);
  self->names = stp_string_table_new ();
  self->by_name = g_array_new (FALSE, TRUE, sizeof (guint32));
  self->chunks = g_ptr_array_new_with_free_func (g_free);
  self->nodes = g_array_new (FALSE, FALSE, sizeof (StpGraphNode));
  self->inputs = g_array_new (FALSE, FALSE, sizeof (StpSpan));

  return self;
}

guint32
stp_graph_lookup (const StpGraph *self,
                  const char     *name,
                  gsize           len)
{
  StpStr id;

  g_return_val_if_fail (self != NULL, G_MAXUINT32);

  if (!stp_string_table_lookup (self->names, name, len, &id) || id >= self->by_name->len ||
      g_array_index (self->by_name, guint32, id) == 0)
    return G_MAXUINT32;
  return g_array_index (self->by_name, guint32, id) - 1;
}

gboolean
stp_graph_parse_input (StpSpan  input,
                       StpSpan *node,
                       guint32 *output)
{
  gsize colon;
  guint64 k = 0;

  if (input.len == 0 || input.str[0] == '^')
    return FALSE;

  *node = input;
  *output = 0;

  /* "name:k" when what follows the last ':' is a number; else the
   * whole input is a node name and its output 0. */
  for (colon = input.len; colon > 0 && input.str[colon - 1] != ':'; colon--)
    ;
  if (colon == 0 || colon == input.len || input.len - colon > 9)
    return TRUE;
  for (gsize j = colon; j < input.len; j++)
    {
      if (!g_ascii_isdigit (input.str[j]))
        return TRUE;
      k = k * 10 + (input.str[j] - '0');
    }

  node->len = colon - 1;
  *output = (guint32) k;
  return TRUE;
}

static gboolean
read_attr (const StpWireReader *parent,
           const StpWireField  *field,
           Rendezvous          *rendezvous,
           GError             **error)
{
  StpWireReader reader, value_reader;
  StpWireField f;
  StpSpan key = { NULL, 0 }, value = { NULL, 0 };

  stp_wire_reader_sub (&reader, parent, field);
  while (stp_wire_next (&reader, &f, error))
    {
      if (f.number == ATTR_ENTRY_KEY && f.type == STP_WIRE_LEN)
        key = span_of (&f);
      else if (f.number == ATTR_ENTRY_VALUE && f.type == STP_WIRE_LEN)
        {
          StpWireField g;

          stp_wire_reader_sub (&value_reader, &reader, &f);
          while (stp_wire_next (&value_reader, &g, error))
            if (g.number == ATTR_VALUE_S && g.type == STP_WIRE_LEN)
              value = span_of (&g);
        }
    }
  if (error != NULL && *error != NULL)
    return FALSE;

  if (span_equal (key, "tensor_name"))
    rendezvous->tensor_name = value;
  else if (span_equal (key, "send_device"))
    rendezvous->send_device = value;
  else if (span_equal (key, "recv_device"))
    rendezvous->recv_device = value;

  return TRUE;
}

/* The pair's key: one index per distinct (tensor_name, send_device,
 * recv_device). */
static guint32
transfer_of (StpGraph         *self,
             GHashTable       *transfers,
             const Rendezvous *r)
{
  g_autoptr(GString) key = g_string_new (NULL);
  gpointer value;

  g_string_append_len (key, r->tensor_name.str, r->tensor_name.len);
  g_string_append_c (key, '\n');
  g_string_append_len (key, r->send_device.str, r->send_device.len);
  g_string_append_c (key, '\n');
  g_string_append_len (key, r->recv_device.str, r->recv_device.len);

  if (g_hash_table_lookup_extended (transfers, key->str, NULL, &value))
    return GPOINTER_TO_UINT (value);

  g_hash_table_insert (transfers, g_strndup (key->str, key->len), GUINT_TO_POINTER (self->n_transfers));
  return self->n_transfers++;
}

static gboolean
read_node (StpGraph            *self,
           GHashTable          *transfers,
           const StpWireReader *parent,
           const StpWireField  *field,
           guint32              partition,
           GError             **error)
{
  StpGraphNode node = { 0 };
  Rendezvous rendezvous = { { NULL, 0 }, { NULL, 0 }, { NULL, 0 } };
  StpWireReader reader;
  StpWireField f;
  StpStr id;

  node.partition = partition;
  node.first_input = self->inputs->len;
  node.transfer = G_MAXUINT32;

  stp_wire_reader_sub (&reader, parent, field);
  while (stp_wire_next (&reader, &f, error))
    {
      if (f.type != STP_WIRE_LEN)
        continue;
      switch (f.number)
        {
        case NODE_NAME:   node.name = span_of (&f); break;
        case NODE_OP:     node.op = span_of (&f); break;
        case NODE_DEVICE: node.device = span_of (&f); break;
        case NODE_INPUT:
          {
            StpSpan input = span_of (&f);
            g_array_append_val (self->inputs, input);
          }
          break;
        case NODE_ATTR:
          if (!read_attr (&reader, &f, &rendezvous, error))
            return FALSE;
          break;
        default:
          break;
        }
    }
  if (error != NULL && *error != NULL)
    return FALSE;

  node.n_inputs = self->inputs->len - node.first_input;
  node.is_send = span_equal (node.op, "_Send") || span_equal (node.op, "_HostSend");
  node.is_recv = span_equal (node.op, "_Recv") || span_equal (node.op, "_HostRecv");
  /* Without a tensor_name there is no rendezvous to pair by (every such
   * Send would reach every such Recv). */
  if ((node.is_send || node.is_recv) && rendezvous.tensor_name.len > 0)
    node.transfer = transfer_of (self, transfers, &rendezvous);

  g_array_append_val (self->nodes, node);

  /* Names are unique in a graph; a repeated one keeps its first node. */
  id = stp_string_table_intern (self->names, node.name.str, node.name.len);
  if (id >= self->by_name->len)
    g_array_set_size (self->by_name, MAX (id + 1, self->by_name->len * 2));
  if (g_array_index (self->by_name, guint32, id) != 0)
    self->n_duplicates++;
  else
    g_array_index (self->by_name, guint32, id) = self->nodes->len;

  return TRUE;
}

static gboolean
read_graph (StpGraph      *self,
            GHashTable    *transfers,
            const guint8  *data,
            gsize          len,
            GError       **error)
{
  StpWireReader reader;
  StpWireField f;
  guint32 partition = self->n_partitions++;

  stp_wire_reader_init (&reader, data, len, 0);
  while (stp_wire_next (&reader, &f, error))
    if (f.number == GRAPH_NODE && f.type == STP_WIRE_LEN)
      if (!read_node (self, transfers, &reader, &f, partition, error))
        return FALSE;

  return error == NULL || *error == NULL;
}

StpGraph *
stp_graph_new_from_step_stats (StpStepStats  *step_stats,
                               GError       **error)
{
  g_autoptr(StpGraph) self = NULL;
  g_autoptr(GHashTable) transfers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(GError) local_error = NULL;

  g_return_val_if_fail (step_stats != NULL, NULL);

  if (step_stats->partition_graphs->len == 0)
    return NULL;

  self = graph_new (step_stats->wire, step_stats->filename);
  self->from_partitions = TRUE;

  for (guint p = 0; p < step_stats->partition_graphs->len; p++)
    {
      StpSpan graph = g_array_index (step_stats->partition_graphs, StpSpan, p);

      if (!read_graph (self, transfers, (const guint8 *) graph.str, graph.len, &local_error))
        {
          g_set_error (error, STP_ERROR, local_error->code,
                       "%s: corrupt partition graph %u: %s",
                       step_stats->filename, p, local_error->message);
          return NULL;
        }
    }

  return g_steal_pointer (&self);
}

/* ------------------------------------------------------------------ */
/* Recognising a GraphDef                                              */

/* Text format: the first field is one of GraphDef's (node, versions,
 * library, version), none of which a RunMetadata or StepStats has. */
static gboolean
sniff_text (const guint8 *data,
            gsize         len)
{
  gsize i = stp_pbtext_first_name_at (data, len);

  return stp_pbtext_name_is (data, len, i, "node") || stp_pbtext_name_is (data, len, i, "versions") ||
         stp_pbtext_name_is (data, len, i, "library") || stp_pbtext_name_is (data, len, i, "version");
}

/* A NodeDef: fields 1-7, all length-delimited, a name and an op that
 * are text. */
static gboolean
looks_like_node (const guint8 *data,
                 gsize         len)
{
  StpWireReader reader;
  StpWireField f;
  gboolean has_name = FALSE;
  guint n = 0;

  stp_wire_reader_init (&reader, data, len, 0);
  while (n < 16 && stp_wire_next (&reader, &f, NULL))
    {
      if (f.type != STP_WIRE_LEN || f.number < 1 || f.number > 7)
        return FALSE;
      if ((f.number == NODE_NAME || f.number == NODE_OP) &&
          !g_utf8_validate ((const char *) f.bytes, f.len, NULL))
        return FALSE;
      has_name |= f.number == NODE_NAME && f.len > 0;
      n++;
    }

  /* Stopped early (16 fields) or at the end: either is fine, but a
   * malformed field within the window is not a node. */
  return has_name && (n == 16 || reader.pos == reader.len);
}

static gboolean
sniff_binary (const guint8 *data,
              gsize         len)
{
  StpWireReader reader;
  StpWireField f;
  guint nodes = 0;
  guint n = 0;

  stp_wire_reader_init (&reader, data, len, 0);
  while (n < 8 && stp_wire_next (&reader, &f, NULL))
    {
      if (f.number == GRAPH_NODE && f.type == STP_WIRE_LEN)
        {
          if (!looks_like_node (f.bytes, f.len))
            return FALSE;
          nodes++;
        }
      else if (!((f.number == GRAPH_LIBRARY || f.number == GRAPH_VERSIONS) && f.type == STP_WIRE_LEN) &&
               !(f.number == GRAPH_VERSION && f.type == STP_WIRE_VARINT))
        return FALSE;
      n++;
    }

  return nodes > 0;
}

/* Whether the first node's op (field 2) also reads as a message, as a
 * StepStats device's node_stats would (an op name, "Const", rarely
 * does), or is missing (every real node has an op). */
static gboolean
first_op_is_message (const guint8 *data,
                     gsize         len)
{
  StpWireReader reader, node, op;
  StpWireField f;
  g_autoptr(GError) error = NULL;

  stp_wire_reader_init (&reader, data, len, 0);
  if (!stp_wire_next (&reader, &f, NULL) || f.number != GRAPH_NODE || f.type != STP_WIRE_LEN)
    return FALSE;
  stp_wire_reader_init (&node, f.bytes, f.len, 0);
  while (stp_wire_next (&node, &f, NULL))
    if (f.number == NODE_OP && f.type == STP_WIRE_LEN)
      {
        stp_wire_reader_init (&op, f.bytes, f.len, 0);
        while (stp_wire_next (&op, &f, &error))
          ;
        return error == NULL;
      }

  /* No op: nothing tells it from a StepStats, which it then is. */
  return TRUE;
}

gboolean
stp_graph_sniff (const guint8 *data,
                 gsize         len)
{
  g_return_val_if_fail (data != NULL || len == 0, FALSE);

  StpFormat format;

  /* A binary GraphDef starts with "\n" (field 1), but then a length
   * and another "\n", never a GraphDef field name.  A small StepStats
   * can also pass for one ({dev_stats {device: "x"}} is a node named
   * "x"): what reads as a StepStats is one. */
  if (len == 0)
    return FALSE;
  if (sniff_text (data, len))
    return TRUE;
  if (!sniff_binary (data, len))
    return FALSE;
  return !stp_step_stats_sniff (data, len, &format) || !first_op_is_message (data, len);
}

StpGraph *
stp_graph_load_bytes (GBytes      *bytes,
                      const char  *filename,
                      GError     **error)
{
  g_autoptr(GBytes) wire = NULL;
  g_autoptr(GError) local_error = NULL;
  g_autoptr(GHashTable) transfers = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  g_autoptr(StpGraph) self = NULL;
  const guint8 *data;
  gsize len;

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (filename != NULL, NULL);

  data = g_bytes_get_data (bytes, &len);
  if (len == 0)
    {
      g_set_error (error, STP_ERROR, STP_ERROR_EMPTY, "%s: the file is empty", filename);
      return NULL;
    }

  if (!stp_graph_sniff (data, len))
    {
      g_set_error (error, STP_ERROR, STP_ERROR_UNKNOWN_FORMAT,
                   "%s: not a TensorFlow GraphDef (binary or text format)", filename);
      return NULL;
    }

  if (sniff_text (data, len))
    {
      wire = stp_pbtext_parse (&tensorflow__graph_def__descriptor, (const char *) data, len, &local_error);
      if (wire == NULL)
        {
          g_set_error (error, STP_ERROR, local_error->code,
                       "%s: not a GraphDef in text format: %s", filename, local_error->message);
          return NULL;
        }
    }
  else
    wire = g_bytes_ref (bytes);

  self = graph_new (wire, filename);
  data = g_bytes_get_data (wire, &len);
  if (!read_graph (self, transfers, data, len, &local_error))
    {
      g_set_error (error, STP_ERROR, local_error->code,
                   "%s: corrupt GraphDef: %s", filename, local_error->message);
      return NULL;
    }
  if (self->nodes->len == 0)
    {
      g_set_error (error, STP_ERROR, STP_ERROR_EMPTY, "%s: the GraphDef has no nodes", filename);
      return NULL;
    }

  return g_steal_pointer (&self);
}

/* Graphs are small next to their traces: read whole, mapped where the
 * file is plain, as a trace is (so gzip-compressed graphs open too). */
#define MAX_GRAPH_SIZE ((gsize) 1 << 31)

static StpGraph *
load_input (StpInput    *input,
            const char  *name,
            GError     **error)
{
  g_autoptr(GBytes) bytes = stp_input_read_all (input, MAX_GRAPH_SIZE, error);

  if (bytes == NULL)
    return NULL;
  return stp_graph_load_bytes (bytes, name, error);
}

/* Without a GFile: a local file read as stp_load_path() reads a trace,
 * without setting up GIO's VFS (a megabyte of the CLI's memory). */
StpGraph *
stp_graph_load_path (const char    *path,
                     GCancellable  *cancellable,
                     GError       **error)
{
  g_autofree char *name = NULL;
  g_autoptr(StpInput) input = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  name = g_canonicalize_filename (path, NULL);
  input = stp_input_open_path (name, cancellable, error);
  if (input == NULL)
    return NULL;
  return load_input (input, name, error);
}

StpGraph *
stp_graph_load_file (GFile         *file,
                     GCancellable  *cancellable,
                     GError       **error)
{
  g_autofree char *name = NULL;
  g_autoptr(StpInput) input = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  if (g_file_peek_path (file) != NULL)
    return stp_graph_load_path (g_file_peek_path (file), cancellable, error);

  name = g_file_get_parse_name (file);
  input = stp_input_open (file, cancellable, error);
  if (input == NULL)
    return NULL;
  return load_input (input, name, error);
}

gboolean
stp_graph_sniff_file (GFile *file)
{
  g_autoptr(StpInput) input = NULL;
  const guint8 *head;
  gsize n = 0;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  input = stp_input_open (file, NULL, NULL);
  if (input == NULL)
    return FALSE;
  head = stp_input_fill (input, 4096, &n, NULL);
  return head != NULL && stp_graph_sniff (head, n);
}
