/* stp-step-stats-index.c: one walk over a StepStats' wire bytes
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Records, per node, its times and spans pointing into the bytes, and
 * per output its allocation (see stp-step-stats.c for why not unpacked).
 * Fields follow protobuf's parsing rules, as Python's protobuf (and so
 * timeline.py) sees them: the last occurrence of a singular scalar wins,
 * occurrences of a singular message merge, and a field whose wire type
 * does not match the schema is an unknown field.
 *
 * A big step is read by two threads, split at the middle of its bytes:
 * this one walks every device and graph and reads the nodes before the
 * middle, a helper reads the nodes after it, in their places in the
 * nodes array, and the outputs they list into an array of its own,
 * joined at the end.  Each steps from header to header over the
 * other's nodes.  Nodes are independent, so the result is the same as
 * one walk's, and so is the first error in the file's order.
 *
 * The nodes are not counted first: the count was a walk of its own
 * over the whole file, 0.17-0.20 s of the 1M-node index's 0.30-0.45 s.
 * The nodes array is given room for a node every NODE_BYTES_MIN bytes
 * instead; a step of smaller nodes than that is read again by one
 * thread, whose array grows.
 */

#define G_LOG_DOMAIN "stp-step-stats"

#include "stp-step-stats-index.h"
#include "stp-step-stats-fields.h"
#include "stp-buffer.h"
#include "stp-error.h"
#include "stp-wire.h"

#include <string.h>

#define CANCEL_CHECK_INTERVAL 65536
#define POPULATE_INTERVAL     4096   /* nodes between mappings of the outputs */
/* Mapped in ahead of the index: most nodes have an output or two, and
 * what is mapped in stays in memory whether filled or not. */
#define OUTPUTS_AHEAD         (2 * POPULATE_INTERVAL)
/* Steps of fewer bytes than this are read by one thread. */
#define PARALLEL_MIN_BYTES    (1024 * 1024)
/* Room for a node every so many bytes: a node with a name, a label and
 * its times takes more (real ones 100-400 bytes), and room not filled
 * is only address space. */
#define NODE_BYTES_MIN        64

/* What a thread reading nodes fills: the outputs they list, and the
 * bytes of messages merged from several occurrences. */
typedef struct
{
  GArray    *outputs;   /* StpStepStatsOutput */
  GPtrArray *chunks;    /* merged bytes */
} Decoder;

static inline StpSpan
span_of (const StpWireField *field)
{
  StpSpan span = { (const char *) field->bytes, field->len };
  return span;
}

/* Occurrences of a singular message merge: their bytes concatenated
 * parse as the merged message.  Rare, so merged copies are owned here. */
static StpSpan
merge_spans (Decoder *decoder,
             StpSpan  first,
             StpSpan  second)
{
  char *merged;
  StpSpan span;

  if (first.str == NULL)
    return second;

  merged = g_malloc (first.len + second.len + 1);
  memcpy (merged, first.str, first.len);
  memcpy (merged + first.len, second.str, second.len);
  g_ptr_array_add (decoder->chunks, merged);

  span.str = merged;
  span.len = first.len + second.len;
  return span;
}

static gboolean
read_allocation (const StpWireReader *parent,
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
read_tensor_description (StpStepStatsOutput  *output,
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
        if (!read_allocation (&reader, &f, output, error))
          return FALSE;
    }

  return error == NULL || *error == NULL;
}

static gboolean
read_output (Decoder             *decoder,
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
          description = merge_spans (decoder, description, span_of (&f));
        }
    }
  if (error != NULL && *error != NULL)
    return FALSE;

  output.description = description.str;
  output.description_len = description.len;
  if (output.description != NULL &&
      !read_tensor_description (&output, base, error))
    return FALSE;

  g_array_append_val (decoder->outputs, output);
  return TRUE;
}

/* Reads a node_stats into *node, its outputs into the decoder's. */
static gboolean
read_node (Decoder             *decoder,
           const StpWireReader *parent,
           const StpWireField  *field,
           guint32              device,
           StpStepStatsNode    *node,
           GError             **error)
{
  StpWireReader reader;
  StpWireField f;

  memset (node, 0, sizeof *node);
  node->device = device;
  node->message = (const char *) field->bytes;
  node->message_len = field->len;
  node->first_output = decoder->outputs->len;

  stp_wire_reader_sub (&reader, parent, field);
  while (stp_wire_next (&reader, &f, error))
    {
      if (f.type == STP_WIRE_VARINT)
        {
          switch (f.number)
            {
            case NODE_ALL_START_MICROS:    node->all_start_micros = (gint64) f.value; break;
            case NODE_ALL_END_REL_MICROS:  node->all_end_rel_micros = (gint64) f.value; break;
            case NODE_THREAD_ID:           node->thread_id = (guint32) f.value; break;
            default: break;
            }
        }
      else if (f.type == STP_WIRE_LEN)
        {
          switch (f.number)
            {
            case NODE_NAME:
              node->name_at = (guint32) ((const char *) f.bytes - node->message);
              node->name_len = f.len;
              break;
            case NODE_TIMELINE_LABEL:
              node->label_at = (guint32) ((const char *) f.bytes - node->message);
              node->label_len = f.len;
              break;
            case NODE_OUTPUT:
              if (!read_output (decoder, &reader, &f, error))
                return FALSE;
              break;
            default: break;
            }
        }
    }
  if (error != NULL && *error != NULL)
    return FALSE;

  node->n_outputs = decoder->outputs->len - node->first_output;
  return TRUE;
}

/* Called for a node_stats with its device's number and its own; false
 * stops the walk. */
typedef gboolean (*NodeFunc) (const StpWireReader *device_reader,
                              const StpWireField  *field,
                              guint32              device,
                              guint                node,
                              gpointer             user_data);

static gboolean
next_field (StpWireReader *reader,
            StpWireField  *field,
            gboolean      *broken)
{
  g_autoptr(GError) error = NULL;

  if (stp_wire_next (reader, field, &error))
    return TRUE;
  *broken = error != NULL;
  return FALSE;
}

/* Calls func for each node_stats of a StepStats, numbering devices and
 * nodes on from *device and *node as the index does.  Stops at the
 * first field that cannot be read, without an error: the index's own
 * walk reports it, at the same place. */
static gboolean
walk_nodes_in_step_stats (StpWireReader *reader,
                          guint32       *device,
                          guint         *node,
                          NodeFunc       func,
                          gpointer       user_data)
{
  StpWireReader dev;
  StpWireField f, g;
  gboolean broken = FALSE;

  while (next_field (reader, &f, &broken))
    if (f.number == STEP_STATS_DEV_STATS && f.type == STP_WIRE_LEN)
      {
        stp_wire_reader_sub (&dev, reader, &f);
        while (next_field (&dev, &g, &broken))
          if (g.number == DEVICE_NODE_STATS && g.type == STP_WIRE_LEN &&
              !func (&dev, &g, *device, (*node)++, user_data))
            return FALSE;
        if (broken)
          return FALSE;
        (*device)++;
      }

  return !broken;
}

/* Whether the input is a RunMetadata, whose step_stats hold the step,
 * rather than a bare StepStats. */
static inline gboolean
is_run_metadata (const StpStepStats *self)
{
  return self->format == STP_FORMAT_RUN_METADATA || self->format == STP_FORMAT_RUN_METADATA_TEXT;
}

static void
walk_nodes (StpStepStats *self,
            NodeFunc      func,
            gpointer      user_data)
{
  gsize len;
  const guint8 *data = g_bytes_get_data (self->wire, &len);
  StpWireReader top, step_stats;
  StpWireField f;
  guint32 device = 0;
  guint node = 0;
  gboolean broken = FALSE;

  stp_wire_reader_init (&top, data, len, 0);
  if (!is_run_metadata (self))
    {
      walk_nodes_in_step_stats (&top, &device, &node, func, user_data);
      return;
    }

  while (next_field (&top, &f, &broken))
    if (f.number == RUN_METADATA_STEP_STATS && f.type == STP_WIRE_LEN)
      {
        stp_wire_reader_sub (&step_stats, &top, &f);
        if (!walk_nodes_in_step_stats (&step_stats, &device, &node, func, user_data))
          return;
      }
}

/* The nodes from byte `split_at` on, read by a helper thread into
 * their places in the nodes array, within its room, while the calling
 * thread reads the rest. */
typedef struct
{
  StpStepStats     *self;
  Decoder           decoder;
  StpStepStatsNode *nodes;       /* the nodes array's data */
  guint             room;
  guint             first_node;  /* the number of the first node read */
  guint             n_read;
  gboolean          out_of_room;
  gsize             split_at;
  GCancellable     *cancellable;
  GError           *error;
} Helper;

static gboolean
read_late_node (const StpWireReader *device_reader,
                const StpWireField  *field,
                guint32              device,
                guint                node,
                gpointer             user_data)
{
  Helper *helper = user_data;

  if (field->offset < helper->split_at)
    return TRUE;
  if (node >= helper->room)
    {
      helper->out_of_room = TRUE;
      return FALSE;
    }
  if (helper->n_read++ == 0)
    helper->first_node = node;
  if (node % CANCEL_CHECK_INTERVAL == 0 &&
      g_cancellable_set_error_if_cancelled (helper->cancellable, &helper->error))
    return FALSE;
  return read_node (&helper->decoder, device_reader, field, device,
                    &helper->nodes[node], &helper->error);
}

static gpointer
helper_thread (gpointer data)
{
  Helper *helper = data;

  walk_nodes (helper->self, read_late_node, helper);
  return NULL;
}

/* The calling thread's walk: every device and graph, and the nodes
 * before byte `split_at`. */
typedef struct
{
  StpStepStats *self;
  Decoder       decoder;     /* self's own outputs and chunks */
  guint         next_node;
  guint         room;        /* of the nodes array, while a helper fills it */
  gboolean      out_of_room;
  gsize         split_at;
  gboolean      past_split;  /* stepped over a node of the helper's */
  GCancellable *cancellable;
} Walk;

static gboolean
read_device (Walk                *walk,
             const StpWireReader *parent,
             const StpWireField  *field,
             GError             **error)
{
  StpStepStats *self = walk->self;
  StpStepStatsDevice device = { 0 };
  guint32 index = self->devices->len;
  StpWireReader reader;
  StpWireField f;

  device.first_node = walk->next_node;
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
          guint i = walk->next_node++;

          if (f.offset >= walk->split_at)
            walk->past_split = TRUE;
          else if (i >= walk->room)
            {
              walk->out_of_room = TRUE;
              return FALSE;
            }
          else
            {
              /* The nodes before the split come first, so i is the
               * length; within the room, the array does not move. */
              g_array_set_size (self->nodes, i + 1);
              if (!read_node (&walk->decoder, &reader, &f, index,
                              &g_array_index (self->nodes, StpStepStatsNode, i), error))
                return FALSE;
            }
          if (walk->next_node % POPULATE_INTERVAL == 0)
            {
              if (walk->next_node % CANCEL_CHECK_INTERVAL == 0 &&
                  g_cancellable_set_error_if_cancelled (walk->cancellable, error))
                return FALSE;
              stp_array_populate_ahead (self->outputs, self->max_outputs, OUTPUTS_AHEAD);
            }
        }
    }
  if (error != NULL && *error != NULL)
    return FALSE;

  device.n_nodes = walk->next_node - device.first_node;
  device.gpu_tracer = stp_span_contains (device.name, "/stream:") ||
                      stp_span_contains (device.name, "/memcpy");
  g_array_index (self->devices, StpStepStatsDevice, index) = device;
  return TRUE;
}

static gboolean
read_step_stats (Walk                *walk,
                 const StpWireReader *parent,
                 const StpWireField  *field,
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
        if (!read_device (walk, &reader, &f, error))
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
read_run_metadata (Walk                *walk,
                   const StpWireReader *top,
                   GError             **error)
{
  StpWireReader reader = *top;
  StpWireField f;

  while (stp_wire_next (&reader, &f, error))
    {
      if (f.number == RUN_METADATA_STEP_STATS && f.type == STP_WIRE_LEN)
        {
          /* Several occurrences merge: their dev_stats simply concatenate. */
          if (!read_step_stats (walk, &reader, &f, error))
            return FALSE;
        }
      else if (f.number == RUN_METADATA_PARTITION_GRAPHS && f.type == STP_WIRE_LEN)
        {
          if (!read_graph (walk->self, &reader, &f, error))
            return FALSE;
        }
    }

  return error == NULL || *error == NULL;
}

/* The helper's nodes are in place; the outputs they list join the
 * calling thread's. */
static gboolean
take_helper_nodes (Walk     *walk,
                   Helper   *helper,
                   GError  **error)
{
  StpStepStats *self = walk->self;
  guint offset = self->outputs->len;
  guint n_mine = self->nodes->len;

  /* Both walk the same headers, so only a bug gets here. */
  if (G_UNLIKELY ((helper->n_read > 0 && helper->first_node != n_mine) ||
                  n_mine + helper->n_read != walk->next_node))
    {
      g_set_error (error, STP_ERROR, STP_ERROR_CORRUPT,
                   "%u nodes were read by two threads, of %u in the file",
                   n_mine + helper->n_read, walk->next_node);
      return FALSE;
    }

  g_array_set_size (self->nodes, walk->next_node);
  for (guint i = n_mine; i < walk->next_node; i++)
    g_array_index (self->nodes, StpStepStatsNode, i).first_output += offset;
  g_array_append_vals (self->outputs, helper->decoder.outputs->data, helper->decoder.outputs->len);
  g_ptr_array_extend_and_steal (self->chunks, g_steal_pointer (&helper->decoder.chunks));
  return TRUE;
}

/* The first error in the file's order: the calling thread's if it came
 * before the helper's nodes, else the helper's (the calling thread only
 * steps over the helper's nodes, and the helper stops where it would). */
static gboolean
first_error (Walk     *walk,
             Helper   *helper,
             gboolean  ok,
             GError  **error)
{
  if (helper->error == NULL || (!ok && !walk->past_split))
    return ok;

  g_clear_error (error);
  g_propagate_error (error, g_steal_pointer (&helper->error));
  return FALSE;
}

/* Where the step's bytes lie: the whole input, or in a RunMetadata
 * from its first step_stats to the end of its last.  A broken field
 * ends the search: the walk reports it. */
static void
find_step_bytes (StpStepStats *self,
                 gsize        *start,
                 gsize        *end)
{
  gsize len;
  const guint8 *data = g_bytes_get_data (self->wire, &len);
  StpWireReader top;
  StpWireField f;
  gboolean broken = FALSE;

  *start = 0;
  *end = len;
  if (!is_run_metadata (self))
    return;

  *start = len;
  *end = 0;
  stp_wire_reader_init (&top, data, len, 0);
  while (next_field (&top, &f, &broken))
    if (f.number == RUN_METADATA_STEP_STATS && f.type == STP_WIRE_LEN)
      {
        *start = MIN (*start, f.offset);
        *end = (gsize) (f.bytes - data) + f.len;
      }
  *end = MAX (*start, *end);
}

static gboolean
walk_step (Walk     *walk,
           GError  **error)
{
  StpStepStats *self = walk->self;
  gsize len;
  const guint8 *data = g_bytes_get_data (self->wire, &len);
  StpWireReader top;

  stp_wire_reader_init (&top, data, len, 0);
  if (is_run_metadata (self))
    return read_run_metadata (walk, &top, error);
  return read_step_stats (walk, &top, NULL, error);
}

/* Back to nothing read, for one thread to read the step again. */
static void
index_reset (StpStepStats *self)
{
  g_array_set_size (self->devices, 0);
  g_array_set_size (self->nodes, 0);
  g_array_set_size (self->outputs, 0);
  g_array_set_size (self->graph_nodes, 0);
  g_array_set_size (self->partition_graphs, 0);
  g_ptr_array_set_size (self->chunks, 0);
}

/* This thread and a helper read the halves of the step's bytes.  FALSE
 * without an error if either ran out of the nodes array's room. */
static gboolean
index_in_parallel (StpStepStats  *self,
                   gsize          split_at,
                   guint          room,
                   gboolean      *out_of_room,
                   GCancellable  *cancellable,
                   GError       **error)
{
  Walk walk = {
    .self = self, .decoder = { self->outputs, self->chunks },
    .room = room, .split_at = split_at, .cancellable = cancellable,
  };
  Helper helper = {
    .self = self, .nodes = (StpStepStatsNode *) self->nodes->data,
    .room = room, .split_at = split_at, .cancellable = cancellable,
  };
  GThread *thread;
  gboolean ok;

  helper.decoder.outputs = g_array_sized_new (FALSE, FALSE, sizeof (StpStepStatsOutput), room);
  helper.decoder.chunks = g_ptr_array_new_with_free_func (g_free);
  thread = g_thread_try_new ("stp-index", helper_thread, &helper, NULL);
  if (thread == NULL)
    {
      walk.split_at = G_MAXSIZE;
      walk.room = G_MAXUINT;
    }

  ok = walk_step (&walk, error);

  if (thread != NULL)
    {
      g_thread_join (thread);
      *out_of_room = walk.out_of_room || helper.out_of_room;
      if (!*out_of_room)
        {
          ok = first_error (&walk, &helper, ok, error);
          if (ok)
            ok = take_helper_nodes (&walk, &helper, error);
        }
    }
  g_clear_pointer (&helper.decoder.outputs, g_array_unref);
  g_clear_pointer (&helper.decoder.chunks, g_ptr_array_unref);
  g_clear_error (&helper.error);
  return ok;
}

gboolean
stp_step_stats_index (StpStepStats  *self,
                      GCancellable  *cancellable,
                      GError       **error)
{
  gsize start, end;
  guint room;
  gboolean ok = FALSE, out_of_room = FALSE;

  /* Most nodes have an output or two; the arrays grow if not. */
  find_step_bytes (self, &start, &end);
  room = MIN ((end - start) / NODE_BYTES_MIN + 1, G_MAXUINT / 4);
  stp_array_reserve_at_most (self->nodes, room);
  self->max_outputs = room * 2;
  stp_array_reserve_at_most (self->outputs, self->max_outputs);
  stp_array_populate_ahead (self->outputs, self->max_outputs, OUTPUTS_AHEAD);

  if (end - start >= PARALLEL_MIN_BYTES)
    {
      ok = index_in_parallel (self, start + (end - start) / 2, room, &out_of_room, cancellable, error);
      if (out_of_room)
        {
          g_debug ("%s: nodes under %d bytes; read again by one thread",
                   self->filename, NODE_BYTES_MIN);
          g_clear_error (error);
          index_reset (self);
        }
    }
  if (end - start < PARALLEL_MIN_BYTES || out_of_room)
    {
      Walk walk = {
        .self = self, .decoder = { self->outputs, self->chunks },
        .room = G_MAXUINT, .split_at = G_MAXSIZE, .cancellable = cancellable,
      };

      ok = walk_step (&walk, error);
    }

  stp_array_release_unused (self->nodes, room);
  stp_array_release_unused (self->outputs, self->max_outputs);
  return ok;
}
