/* stp-details.c: everything the side panel shows about one item, as plain data
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Args are parsed with json-glib (one small document at a time); a
 * StepStats op's NodeExecStats is unpacked with protobuf-c from the span
 * the StepStats index kept, so nothing here is paid until shown.
 */

#define G_LOG_DOMAIN "stp-details"

#include "stp-details.h"
#include "stp-json-writer.h"
#include "stp-loader.h"
#include "tensorflow.pb-c.h"

#include <json-glib/json-glib.h>
#include <string.h>

/* ------------------------------------------------------------------ */
/* Args                                                                */

void
stp_arg_free (StpArg *arg)
{
  if (arg == NULL)
    return;
  g_free (arg->key);
  g_free (arg->value);
  g_clear_pointer (&arg->children, g_ptr_array_unref);
  g_free (arg);
}

static StpArg *
arg_from_node (JsonNode   *node,
               const char *key)
{
  StpArg *arg = g_new0 (StpArg, 1);

  arg->key = g_strdup (key);

  switch (json_node_get_node_type (node))
    {
    case JSON_NODE_OBJECT:
      {
        JsonObjectIter iter;
        const char *member;
        JsonNode *child;

        arg->kind = STP_ARG_OBJECT;
        arg->children = g_ptr_array_new_with_free_func ((GDestroyNotify) stp_arg_free);
        json_object_iter_init_ordered (&iter, json_node_get_object (node));
        while (json_object_iter_next_ordered (&iter, &member, &child))
          g_ptr_array_add (arg->children, arg_from_node (child, member));
      }
      break;

    case JSON_NODE_ARRAY:
      {
        JsonArray *array = json_node_get_array (node);
        guint n = json_array_get_length (array);

        arg->kind = STP_ARG_ARRAY;
        arg->children = g_ptr_array_new_full (n, (GDestroyNotify) stp_arg_free);
        for (guint i = 0; i < n; i++)
          {
            g_autofree char *index = g_strdup_printf ("[%u]", i);

            g_ptr_array_add (arg->children, arg_from_node (json_array_get_element (array, i), index));
          }
      }
      break;

    case JSON_NODE_NULL:
      arg->kind = STP_ARG_NULL;
      arg->value = g_strdup ("null");
      break;

    case JSON_NODE_VALUE:
    default:
      {
        GType type = json_node_get_value_type (node);

        if (type == G_TYPE_STRING)
          {
            arg->kind = STP_ARG_STRING;
            arg->value = g_strdup (json_node_get_string (node));
          }
        else if (type == G_TYPE_BOOLEAN)
          {
            arg->kind = STP_ARG_BOOLEAN;
            arg->value = g_strdup (json_node_get_boolean (node) ? "true" : "false");
          }
        else if (type == G_TYPE_INT64)
          {
            arg->kind = STP_ARG_NUMBER;
            arg->value = g_strdup_printf ("%" G_GINT64_FORMAT, json_node_get_int (node));
          }
        else
          {
            g_autoptr(GString) text = g_string_new (NULL);

            arg->kind = STP_ARG_NUMBER;
            stp_json_append_double (text, json_node_get_double (node));
            arg->value = g_string_free (g_steal_pointer (&text), FALSE);
          }
      }
      break;
    }

  return arg;
}

/* Args are parsed as the export writes them (stp_json_append_strict()):
 * files hold what json-glib refuses, NaN, invalid UTF-8, lone
 * surrogates, trailing commas, and the details show those args rather
 * than an error.  json-glib 1.6 also leaks the string it was reading
 * when a high surrogate is followed by an escape that is not a low one,
 * which the rewrite never passes on. */
StpArg *
stp_arg_parse (const char  *json,
               gssize       len,
               GError     **error)
{
  g_autoptr(JsonParser) parser = json_parser_new_immutable ();
  g_autoptr(GString) strict = g_string_new (NULL);
  JsonNode *root;

  g_return_val_if_fail (json != NULL, NULL);

  if (len < 0)
    len = strlen (json);
  if (len > 0 && !stp_json_append_strict (strict, json, len, FALSE))
    {
      g_set_error_literal (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE,
                           "not valid JSON: cut short or malformed");
      return NULL;
    }

  if (!json_parser_load_from_data (parser, strict->str, strict->len, error))
    return NULL;

  root = json_parser_get_root (parser);
  if (root == NULL)
    {
      g_set_error_literal (error, JSON_PARSER_ERROR, JSON_PARSER_ERROR_PARSE, "empty document");
      return NULL;
    }

  return arg_from_node (root, NULL);
}

const StpArg *
stp_arg_get_member (const StpArg *arg,
                    const char   *key)
{
  g_return_val_if_fail (key != NULL, NULL);

  if (arg == NULL || arg->kind != STP_ARG_OBJECT)
    return NULL;

  for (guint i = 0; i < arg->children->len; i++)
    {
      const StpArg *child = g_ptr_array_index (arg->children, i);

      if (g_strcmp0 (child->key, key) == 0)
        return child;
    }
  return NULL;
}

/* ------------------------------------------------------------------ */
/* Tensors                                                             */

static char *
span_dup (StpSpan span)
{
  return span.str != NULL ? g_strndup (span.str, span.len) : g_strdup ("");
}

char *
stp_tensor_name (const StpStepStatsNode *node,
                 guint                   output)
{
  g_autofree char *name = span_dup (stp_step_stats_node_name (node));

  if (output == 0)
    return g_steal_pointer (&name);
  return g_strdup_printf ("%s:%u", name, output);
}

/* "DT_FLOAT" -> "float", as TensorFlow prints dtypes. */
static char *
dtype_name (Tensorflow__DataType dtype)
{
  const ProtobufCEnumValue *value =
    protobuf_c_enum_descriptor_get_value (&tensorflow__data_type__descriptor, dtype);

  if (value == NULL)
    return g_strdup_printf ("%d", (int) dtype);
  return g_ascii_strdown (g_str_has_prefix (value->name, "DT_") ? value->name + 3 : value->name, -1);
}

static char *
shape_text (const Tensorflow__TensorShapeProto *shape)
{
  GString *text;

  if (shape->unknown_rank)
    return g_strdup ("?");

  text = g_string_new ("[");
  for (gsize i = 0; i < shape->n_dim; i++)
    {
      if (i > 0)
        g_string_append (text, ", ");
      if (shape->dim[i]->size < 0)
        g_string_append_c (text, '?');
      else
        g_string_append_printf (text, "%" G_GINT64_FORMAT, shape->dim[i]->size);
    }
  g_string_append_c (text, ']');
  return g_string_free (text, FALSE);
}

void
stp_tensor_info_init (StpTensorInfo            *info,
                      const StpStepStats       *ss,
                      const StpStepStatsOutput *output)
{
  g_return_if_fail (info != NULL);
  g_return_if_fail (output != NULL);

  memset (info, 0, sizeof *info);
  info->slot = -1;
  info->allocated_bytes = -1;
  info->requested_bytes = output->requested_bytes;
  info->allocator = span_dup (stp_step_stats_output_allocator (output));

  if (output->description != NULL)
    {
      Tensorflow__TensorDescription *desc =
        tensorflow__tensor_description__unpack (NULL, output->description_len,
                                                (const guint8 *) output->description);

      if (desc != NULL)
        {
          info->dtype = dtype_name (desc->dtype);
          if (desc->shape != NULL)
            info->shape = shape_text (desc->shape);
          if (desc->allocation_description != NULL)
            info->allocated_bytes = desc->allocation_description->allocated_bytes;
          tensorflow__tensor_description__free_unpacked (desc, NULL);
        }
    }
}

void
stp_tensor_info_clear (StpTensorInfo *info)
{
  g_return_if_fail (info != NULL);

  g_clear_pointer (&info->name, g_free);
  g_clear_pointer (&info->dtype, g_free);
  g_clear_pointer (&info->shape, g_free);
  g_clear_pointer (&info->allocator, g_free);
}

/* A tensor from the text timeline.py puts in a snapshot (quotes
 * removed): "dtype: DT_FLOAT shape { dim { size: 2 } } allocation_description
 * { requested_bytes: 8 allocated_bytes: 256 allocator_name: GPU_0_bfc }". */
static StpTensorInfo *
tensor_from_text (const char *text)
{
  g_auto(GStrv) tokens = g_regex_split_simple ("[\\s{}]+", text, 0, 0);
  StpTensorInfo *info = g_new0 (StpTensorInfo, 1);
  GString *shape = NULL;
  gboolean found = FALSE;

  info->slot = -1;
  info->allocated_bytes = -1;

  for (guint i = 0; tokens[i] != NULL && tokens[i + 1] != NULL; i++)
    {
      const char *key = tokens[i];
      const char *value = tokens[i + 1];

      if (g_str_equal (key, "dtype:"))
        {
          g_free (info->dtype);
          info->dtype = g_ascii_strdown (g_str_has_prefix (value, "DT_") ? value + 3 : value, -1);
          found = TRUE;
        }
      else if (g_str_equal (key, "shape"))
        shape = shape ? shape : g_string_new ("[");
      else if (g_str_equal (key, "size:") && shape != NULL)
        g_string_append_printf (shape, "%s%s", shape->len > 1 ? ", " : "", value[0] == '-' ? "?" : value);
      else if (g_str_equal (key, "unknown_rank:") && g_str_equal (value, "true") && shape != NULL)
        g_string_assign (shape, "?");
      else if (g_str_equal (key, "requested_bytes:"))
        {
          info->requested_bytes = g_ascii_strtoll (value, NULL, 10);
          found = TRUE;
        }
      else if (g_str_equal (key, "allocated_bytes:"))
        info->allocated_bytes = g_ascii_strtoll (value, NULL, 10);
      else if (g_str_equal (key, "allocator_name:"))
        {
          g_free (info->allocator);
          info->allocator = g_strdup (value);
        }
    }

  if (shape != NULL)
    {
      if (shape->str[0] == '[')
        g_string_append_c (shape, ']');
      info->shape = g_string_free (shape, FALSE);
    }

  if (!found)
    {
      stp_tensor_info_clear (info);
      g_free (info);
      return NULL;
    }
  return info;
}

/* ------------------------------------------------------------------ */
/* Details                                                             */

static void
details_flow_clear (gpointer data)
{
  StpDetailsFlow *flow = data;

  g_free (flow->peer_name);
  g_free (flow->name);
}

static void
details_input_clear (gpointer data)
{
  g_free (((StpDetailsInput *) data)->name);
}

static void
details_memory_clear (gpointer data)
{
  g_free (((StpDetailsMemory *) data)->allocator);
}

static void
details_series_clear (gpointer data)
{
  g_free (((StpDetailsSeries *) data)->name);
}

static void
details_node_free (StpDetailsNode *node)
{
  if (node == NULL)
    return;
  g_free (node->node_name);
  g_free (node->op);
  g_free (node->device);
  g_free (node->timeline_label);
  g_clear_pointer (&node->inputs, g_array_unref);
  g_clear_pointer (&node->outputs, g_array_unref);
  g_clear_pointer (&node->memory, g_array_unref);
  g_free (node);
}

char *
stp_details_node_name (const StpTrace *trace,
                       const StpSlice *slice)
{
  const StpStepStats *ss;
  StpSpan name;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (slice != NULL, NULL);

  ss = stp_trace_get_node_source (trace, slice);
  if (ss == NULL || stp_slice_get_node (slice) >= ss->nodes->len)
    return NULL;
  name = stp_step_stats_node_name (&g_array_index (ss->nodes, StpStepStatsNode, stp_slice_get_node (slice)));
  return g_strndup (name.str, name.len);
}

char *
stp_details_shown_name (const StpTrace *trace,
                        const StpSlice *slice)
{
  char *node;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (slice != NULL, NULL);

  if (!(slice->flags & STP_SLICE_STEP_STATS_NODE) ||
      strcmp (stp_trace_str (trace, slice->name), "unknown") != 0)
    return NULL;
  /* A node without a name keeps the word it has. */
  node = stp_details_node_name (trace, slice);
  if (node != NULL && *node == '\0')
    g_clear_pointer (&node, g_free);
  return node;
}

void
stp_details_free (StpDetails *self)
{
  if (self == NULL)
    return;

  g_free (self->name);
  g_free (self->category);
  g_free (self->process);
  g_free (self->thread);
  stp_arg_free (self->args);
  g_free (self->args_error);
  details_node_free (self->node);
  g_clear_pointer (&self->flows_in, g_array_unref);
  g_clear_pointer (&self->flows_out, g_array_unref);
  g_free (self->object_id);
  if (self->tensor != NULL)
    {
      stp_tensor_info_clear (self->tensor);
      g_free (self->tensor);
    }
  g_clear_pointer (&self->consumers, g_array_unref);
  g_clear_pointer (&self->children, g_array_unref);
  g_clear_pointer (&self->lifetime, stp_details_lifetime_free);
  g_clear_pointer (&self->series, g_array_unref);
  g_free (self->flow_src_name);
  g_free (self->flow_dst_name);
  g_free (self->flow_id);
  g_free (self);
}

static char *
str_or_null (const StpTrace *trace,
             StpStr          id)
{
  return id != STP_STR_EMPTY ? g_strdup (stp_trace_str (trace, id)) : NULL;
}

static char *
describe_id (const StpTrace *trace,
             StpId           id)
{
  if (id == STP_ID_NONE)
    return NULL;
  if (id & STP_ID_IS_RAW)
    return g_strdup (stp_trace_str (trace, (StpStr) (id & G_MAXUINT32)));
  return g_strdup_printf ("%" G_GUINT64_FORMAT, id);
}

static void
set_place (StpDetails     *self,
           const StpTrace *trace,
           guint32         track_index)
{
  const StpTrack *track;

  if (track_index == STP_INDEX_NONE || track_index >= trace->tracks->len)
    return;

  track = stp_trace_get_track (trace, track_index);
  self->process = stp_trace_describe_process (trace, stp_trace_get_process (trace, track->process));
  self->thread = stp_trace_describe_track (trace, track);
}

static char *
slice_name (const StpTrace   *trace,
            const StpItemRef *ref)
{
  const StpSlice *s = stp_item_get_slice (trace, ref);

  return s != NULL ? g_strdup (stp_trace_str (trace, s->name)) : NULL;
}

static void
add_flow (const StpTrace *trace,
          GArray         *out,
          guint32         index,
          gboolean        incoming)
{
  const StpFlow *f = &g_array_index (trace->flows, StpFlow, index);
  const StpFlowEnd *other = incoming ? &f->src : &f->dst;
  const StpFlowEnd *here = incoming ? &f->dst : &f->src;
  StpDetailsFlow flow = { 0 };

  flow.flow = index;
  flow.peer = stp_flow_end_ref (other);
  flow.peer_name = slice_name (trace, &flow.peer);
  flow.name = str_or_null (trace, f->name);
  flow.ts = here->ts;
  flow.peer_ts = other->ts;
  g_array_append_val (out, flow);
}

static void
fill_args (StpDetails     *self,
           const StpTrace *trace,
           const StpTrack *track,
           const StpSlice *slice)
{
  g_autoptr(GString) json = g_string_new (NULL);
  g_autoptr(GError) error = NULL;

  if (!stp_trace_append_args (trace, track, slice, json))
    return;

  if (json->len == 0)
    {
      /* Args read again from a file that changed since. */
      if (!stp_trace_check_files (trace, &error))
        self->args_error = g_strdup (error->message);
      return;
    }

  self->args = stp_arg_parse (json->str, json->len, &error);
  if (self->args == NULL)
    self->args_error = g_strdup (error->message);
}

/* Microseconds to nanoseconds, saturating like stp_time_add(). */
static gint64
us_to_ns (gint64 us)
{
  gint64 ns;

  if (__builtin_mul_overflow (us, 1000, &ns))
    return us > 0 ? G_MAXINT64 : G_MININT64;
  return ns;
}

static guint64
distance (gint64 a,
          gint64 b)
{
  return a > b ? (guint64) a - (guint64) b : (guint64) b - (guint64) a;
}

/* scheduled_micros in nanoseconds.  TensorFlow's GPU tracer stores
 * nanoseconds there for stream kernels (1501352001581215895 beside an
 * all_start_micros of 1501352001581276): of the two readings, take the
 * one nearer the op's own start. */
static void
set_scheduled (StpDetailsNode *node)
{
  if (node->scheduled_ns > 0)
    {
      node->scheduled = node->scheduled_ns;
      return;
    }
  if (node->scheduled_us == 0)
    {
      node->scheduled = STP_TS_UNKNOWN;
      return;
    }
  if (distance (node->scheduled_us / 1000, node->all_start_us) < distance (node->scheduled_us, node->all_start_us))
    {
      node->scheduled = node->scheduled_us;
      node->scheduled_was_ns = TRUE;
    }
  else
    node->scheduled = us_to_ns (node->scheduled_us);
}

static void
set_times (StpDetailsNode *node)
{
  node->all_start = us_to_ns (node->all_start_us);
  node->all_end = stp_time_add (node->all_start, us_to_ns (node->all_end_rel_us));
  node->op_start = stp_time_add (node->all_start, us_to_ns (node->op_start_rel_us));
  node->op_end = stp_time_add (node->all_start, us_to_ns (node->op_end_rel_us));
  set_scheduled (node);
}

static void
fill_node (StpDetails     *self,
           const StpTrace *trace,
           StpLinks       *links,
           const StpSlice *slice)
{
  StpStepStats *ss = stp_links_get_step_stats (links);
  const StpStepStatsNode *n;
  Tensorflow__NodeExecStats *msg = NULL;
  StpStepStatsNodeTimes times;
  StpDetailsNode *node;

  if (ss == NULL || stp_slice_get_node (slice) >= ss->nodes->len)
    return;

  n = &g_array_index (ss->nodes, StpStepStatsNode, stp_slice_get_node (slice));
  node = self->node = g_new0 (StpDetailsNode, 1);
  node->node = stp_slice_get_node (slice);
  node->node_name = span_dup (stp_step_stats_node_name (n));
  node->op = g_strdup (stp_trace_str (trace, slice->name));
  node->device = span_dup (g_array_index (ss->devices, StpStepStatsDevice, n->device).name);
  node->timeline_label = span_dup (stp_step_stats_node_label (n));
  node->thread_id = n->thread_id;
  node->all_start_us = n->all_start_micros;
  stp_step_stats_node_get_times (n, &times);
  node->op_start_rel_us = times.op_start_rel_micros;
  node->op_end_rel_us = times.op_end_rel_micros;
  node->all_end_rel_us = n->all_end_rel_micros;
  node->scheduled_us = times.scheduled_micros;
  node->all_start_ns = -1;
  node->scheduled_ns = -1;
  node->temp_memory_size = -1;
  node->persistent_memory_size = -1;
  node->inputs = g_array_new (FALSE, TRUE, sizeof (StpDetailsInput));
  node->outputs = g_array_new (FALSE, TRUE, sizeof (StpTensorInfo));
  node->memory = g_array_new (FALSE, TRUE, sizeof (StpDetailsMemory));
  g_array_set_clear_func (node->inputs, details_input_clear);
  g_array_set_clear_func (node->outputs, (GDestroyNotify) stp_tensor_info_clear);
  g_array_set_clear_func (node->memory, details_memory_clear);

  /* The inputs are the args timeline.py writes: input0, input1, ... */
  for (guint k = 0;; k++)
    {
      g_autofree char *key = g_strdup_printf ("input%u", k);
      const StpArg *arg = stp_arg_get_member (self->args, key);
      StpDetailsInput input = { 0 };

      if (arg == NULL || arg->value == NULL)
        break;
      input.name = g_strdup (arg->value);
      input.node = stp_links_find_producer (links, arg->value, strlen (arg->value), NULL);
      input.producer = STP_ITEM_REF_NONE;
      if (input.node != STP_INDEX_NONE)
        stp_links_get_node_slice (links, input.node, &input.producer);
      g_array_append_val (node->inputs, input);
    }

  if (n->message != NULL)
    msg = tensorflow__node_exec_stats__unpack (NULL, n->message_len, (const guint8 *) n->message);

  for (guint k = 0; k < n->n_outputs; k++)
    {
      StpTensorInfo info;

      stp_tensor_info_init (&info, ss, &g_array_index (ss->outputs, StpStepStatsOutput, n->first_output + k));
      info.name = stp_tensor_name (n, k);
      info.output = k;
      if (msg != NULL && k < msg->n_output)
        info.slot = msg->output[k]->slot;
      g_array_append_val (node->outputs, info);
    }

  if (msg != NULL)
    {
      if (msg->all_start_nanos != 0)
        node->all_start_ns = msg->all_start_nanos;
      if (msg->scheduled_nanos != 0)
        node->scheduled_ns = msg->scheduled_nanos;

      for (gsize i = 0; i < msg->n_memory; i++)
        {
          const Tensorflow__AllocatorMemoryUsed *m = msg->memory[i];
          StpDetailsMemory memory = {
            g_strdup (m->allocator_name ? m->allocator_name : ""),
            m->total_bytes, m->peak_bytes, m->live_bytes, m->allocator_bytes_in_use,
          };

          g_array_append_val (node->memory, memory);
        }

      if (msg->memory_stats != NULL)
        {
          node->temp_memory_size = msg->memory_stats->temp_memory_size;
          node->persistent_memory_size = msg->memory_stats->persistent_memory_size;
        }
      tensorflow__node_exec_stats__free_unpacked (msg, NULL);
    }
  set_times (node);
}

static void
fill_slice (StpDetails       *self,
            const StpTrace   *trace,
            StpLinks         *links,
            const StpItemRef *ref)
{
  const StpSlice *slice = stp_item_get_slice (trace, ref);

  self->name = g_strdup (stp_trace_str (trace, slice->name));
  self->category = str_or_null (trace, slice->cat);
  if (ref->kind != STP_ITEM_GLOBAL_INSTANT)
    set_place (self, trace, ref->track);
  self->start = slice->ts;
  self->start_rel = stp_time_sub (slice->ts, trace->start_ts);
  self->unclosed = (slice->flags & STP_SLICE_UNCLOSED) != 0;

  if (ref->kind == STP_ITEM_SLICE && !(slice->flags & STP_SLICE_INSTANT))
    {
      self->has_duration = TRUE;
      self->duration = MAX (slice->dur, 0);
      self->self_time = stp_slice_self_time (stp_trace_get_track (trace, ref->track), ref->index,
                                             &self->n_children);
      self->parent = stp_slice_parent (trace, ref);
      stp_slice_children (trace, ref, STP_DETAILS_MAX_CHILDREN, self->children);
    }

  fill_args (self, trace, ref->kind == STP_ITEM_GLOBAL_INSTANT ? NULL : stp_trace_get_track (trace, ref->track), slice);

  if (ref->kind == STP_ITEM_SLICE)
    {
      g_autoptr(GArray) in = g_array_new (FALSE, FALSE, sizeof (guint32));
      g_autoptr(GArray) out = g_array_new (FALSE, FALSE, sizeof (guint32));

      stp_item_find_flows (trace, ref, in, out);
      for (guint i = 0; i < in->len; i++)
        add_flow (trace, self->flows_in, g_array_index (in, guint32, i), TRUE);
      for (guint i = 0; i < out->len; i++)
        add_flow (trace, self->flows_out, g_array_index (out, guint32, i), FALSE);
    }

  if ((slice->flags & STP_SLICE_STEP_STATS_NODE) && links != NULL)
    fill_node (self, trace, links, slice);
}

static void
fill_object (StpDetails     *self,
             const StpTrace *trace,
             StpLinks       *links,
             guint32         index)
{
  const StpObject *o = &g_array_index (trace->objects, StpObject, index);
  StpStepStats *ss = links != NULL ? stp_links_get_step_stats (links) : NULL;
  const char *name = stp_trace_str (trace, o->name);
  guint32 first_snapshot;

  self->name = g_strdup (name);
  self->category = str_or_null (trace, o->cat);
  self->process = stp_trace_describe_process (trace, stp_trace_get_process (trace, o->process));
  self->object_id = describe_id (trace, o->id);
  self->start = o->create_ts != STP_TS_UNKNOWN ? o->create_ts : trace->start_ts;
  self->start_rel = stp_time_sub (self->start, trace->start_ts);
  self->has_end = o->delete_ts != STP_TS_UNKNOWN;
  self->end = self->has_end ? o->delete_ts : trace->end_ts;
  self->has_duration = o->create_ts != STP_TS_UNKNOWN && self->has_end;
  self->duration = stp_time_sub (self->end, self->start);
  self->n_snapshots = stp_trace_get_object_snapshots (trace, index, &first_snapshot);
  self->producer_node = STP_INDEX_NONE;
  self->producer = STP_ITEM_REF_NONE;
  self->lifetime = stp_details_lifetime_new (trace, links, o->name);

  /* The last snapshot's args, as Chrome's object view shows them. */
  if (self->n_snapshots > 0)
    {
      const StpSnapshot *snap = &g_array_index (trace->snapshots, StpSnapshot,
                                                first_snapshot + self->n_snapshots - 1);

      g_autoptr(GString) json = g_string_new (NULL);

      if (stp_trace_append_snapshot_args (trace, snap, json))
        {
          g_autoptr(GError) error = NULL;

          if (json->len == 0)
            {
              if (!stp_trace_check_files (trace, &error))
                self->args_error = g_strdup (error->message);
            }
          else if ((self->args = stp_arg_parse (json->str, json->len, &error)) == NULL)
            self->args_error = g_strdup (error->message);
        }
    }

  if (ss != NULL)
    {
      guint output = 0;
      guint32 node = stp_links_find_producer (links, name, strlen (name), &output);
      guint n_consumers;
      const guint32 *consumers = stp_links_get_consumers (links, name, strlen (name), &n_consumers);

      if (node != STP_INDEX_NONE)
        {
          self->producer_node = node;
          stp_links_get_node_slice (links, node, &self->producer);
          self->tensor = g_new0 (StpTensorInfo, 1);
          stp_tensor_info_init (self->tensor, ss, stp_links_get_output (links, node, output));
          self->tensor->name = g_strdup (name);
          self->tensor->output = output;
        }

      for (guint i = 0; i < n_consumers; i++)
        {
          StpItemRef ref;

          if (stp_links_get_node_slice (links, consumers[i], &ref))
            g_array_append_val (self->consumers, ref);
        }
    }

  if (self->tensor == NULL)
    {
      const StpArg *snapshot = stp_arg_get_member (self->args, "snapshot");
      const StpArg *desc = stp_arg_get_member (snapshot, "tensor_description");

      if (desc != NULL && desc->kind == STP_ARG_STRING)
        {
          self->tensor = tensor_from_text (desc->value);
          if (self->tensor != NULL)
            self->tensor->name = g_strdup (name);
        }
    }
}

static void
fill_counter (StpDetails       *self,
              const StpTrace   *trace,
              const StpItemRef *ref)
{
  const StpTrack *track = stp_trace_get_track (trace, ref->track);

  self->name = str_or_null (trace, track->name);
  self->category = str_or_null (trace, track->cat);
  self->process = stp_trace_describe_process (trace, stp_trace_get_process (trace, track->process));
  self->start = ref->ts;
  self->start_rel = stp_time_sub (ref->ts, trace->start_ts);
  self->bytes = track->cat != STP_STR_EMPTY && g_str_equal (stp_trace_str (trace, track->cat), "Memory");

  for (guint i = 0; track->series != NULL && i < track->series->len; i++)
    {
      const StpCounterSeries *series = g_ptr_array_index (track->series, i);
      StpDetailsSeries s = { 0 };

      s.name = g_strdup (stp_trace_str (trace, series->name));
      s.has_value = stp_counter_series_value_at (series, ref->ts, &s.value, NULL);
      s.min = series->min;
      s.max = series->max;
      if (s.has_value)
        self->total += s.value;
      g_array_append_val (self->series, s);
    }
}

static void
fill_flow (StpDetails     *self,
           const StpTrace *trace,
           guint32         index)
{
  const StpFlow *f = &g_array_index (trace->flows, StpFlow, index);
  gint64 start, end;

  self->name = str_or_null (trace, f->name);
  self->category = str_or_null (trace, f->cat);
  self->flow_id = describe_id (trace, f->id);
  self->flow_src = stp_flow_end_ref (&f->src);
  self->flow_dst = stp_flow_end_ref (&f->dst);
  self->flow_src_name = slice_name (trace, &self->flow_src);
  self->flow_dst_name = slice_name (trace, &self->flow_dst);
  if (self->flow_src.kind == STP_ITEM_NONE)
    set_place (self, trace, f->src.track);
  else
    set_place (self, trace, self->flow_src.track);

  stp_item_get_range (trace, &self->item, &start, &end);
  self->start = f->src.ts;
  self->start_rel = stp_time_sub (f->src.ts, trace->start_ts);
  self->flow_dst_ts = f->dst.track != STP_INDEX_NONE ? end : f->src.ts;
  self->has_duration = f->dst.track != STP_INDEX_NONE;
  self->duration = stp_time_sub (self->flow_dst_ts, f->src.ts);
}

/* The process an item is of, or STP_INDEX_NONE (a global instant). */
static guint32
item_process (const StpTrace   *trace,
              const StpItemRef *item)
{
  if (item->kind == STP_ITEM_OBJECT)
    return g_array_index (trace->objects, StpObject, item->index).process;
  if (item->track != STP_INDEX_NONE && item->track < trace->tracks->len)
    return stp_trace_get_track (trace, item->track)->process;
  return STP_INDEX_NONE;
}

StpDetails *
stp_details_new (StpTrace         *trace,
                 StpLinks         *links,
                 const StpItemRef *item)
{
  StpDetails *self;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (item != NULL, NULL);

  if (!stp_item_ref_is_valid (trace, item))
    return NULL;

  /* Among several traces, a StepStats' nodes are its own. */
  if (links != NULL && trace->parts != NULL)
    {
      guint32 process = item_process (trace, item);

      if (process != STP_INDEX_NONE)
        links = stp_links_for_process (links, process);
    }

  self = g_new0 (StpDetails, 1);
  self->item = *item;
  self->producer_node = STP_INDEX_NONE;
  self->producer = STP_ITEM_REF_NONE;
  self->flow_src = self->flow_dst = STP_ITEM_REF_NONE;
  self->parent = STP_ITEM_REF_NONE;
  self->children = g_array_new (FALSE, FALSE, sizeof (StpItemRef));
  self->flows_in = g_array_new (FALSE, TRUE, sizeof (StpDetailsFlow));
  self->flows_out = g_array_new (FALSE, TRUE, sizeof (StpDetailsFlow));
  self->consumers = g_array_new (FALSE, TRUE, sizeof (StpItemRef));
  self->series = g_array_new (FALSE, TRUE, sizeof (StpDetailsSeries));
  g_array_set_clear_func (self->flows_in, details_flow_clear);
  g_array_set_clear_func (self->flows_out, details_flow_clear);
  g_array_set_clear_func (self->series, details_series_clear);

  switch (item->kind)
    {
    case STP_ITEM_SLICE:
    case STP_ITEM_INSTANT:
    case STP_ITEM_GLOBAL_INSTANT:
      fill_slice (self, trace, links, item);
      break;
    case STP_ITEM_OBJECT:
      fill_object (self, trace, links, item->index);
      break;
    case STP_ITEM_COUNTER:
      fill_counter (self, trace, item);
      break;
    case STP_ITEM_FLOW:
      fill_flow (self, trace, item->index);
      break;
    case STP_ITEM_NONE:
    default:
      g_assert_not_reached ();
    }

  if (self->name == NULL)
    self->name = g_strdup ("");
  return self;
}
