/* stp-loader.c: open any trace file Stepscope reads
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The format comes from the content, never from the file name: JSON
 * starts with '{' or '[', text format with a field name, and binary
 * protobufs are told apart by the shape of their first fields.
 */

#define G_LOG_DOMAIN "stp-loader"

#include "stp-loader.h"
#include "stp-chrome-json.h"
#include "stp-error.h"
#include "stp-graph.h"
#include "stp-input.h"
#include "stp-step-stats.h"
#include "stp-step-stats-sniff.h"
#include "stp-xspace.h"

#include <string.h>

static StpTrace *
load_step_stats (GBytes                   *bytes,
                 const char               *name,
                 const StpAnalysisOptions *options,
                 StpProgressFunc           progress,
                 gpointer                  user_data,
                 GCancellable             *cancellable,
                 GError                  **error)
{
  g_autoptr(StpStepStats) step_stats = NULL;
  g_autoptr(GTimer) timer = NULL;
  StpTrace *trace;

  if (progress != NULL)
    progress ("parse", 0, g_bytes_get_size (bytes), user_data);

  timer = g_timer_new ();
  step_stats = stp_step_stats_load_bytes (bytes, name, cancellable, error);
  if (step_stats == NULL)
    return NULL;
  g_debug ("%s: indexed %u nodes in %.3f s", name, step_stats->nodes->len,
           g_timer_elapsed (timer, NULL));

  if (progress != NULL)
    progress ("analyze", 0, step_stats->nodes->len, user_data);

  g_timer_start (timer);
  trace = stp_step_stats_analyze (step_stats, options, cancellable, error);
  g_debug ("%s: analysed in %.3f s", name, g_timer_elapsed (timer, NULL));
  return trace;
}

/* Whether fields of binary protobuf start at `pos` and run exactly to
 * `end`: varint, fixed and length-delimited fields only (groups are
 * long gone), field numbers >= 1, lengths inside.  At most `max`
 * fields are read; running out of fields first is no verdict. */
static gboolean
protobuf_fields_fit (const guint8 *data,
                     gsize         pos,
                     gsize         end,
                     guint         max)
{
  for (guint n = 0; pos < end && n < max; n++)
    {
      guint64 tag = 0, value = 0;
      guint shift = 0;

      do
        {
          if (pos >= end || shift > 63)
            return FALSE;
          tag |= (guint64) (data[pos] & 0x7f) << shift;
          shift += 7;
        }
      while (data[pos++] & 0x80);
      if ((tag >> 3) == 0)
        return FALSE;

      switch (tag & 7)
        {
        case 0:
        case 2:
          shift = 0;
          do
            {
              if (pos >= end || shift > 63)
                return FALSE;
              value |= (guint64) (data[pos] & 0x7f) << shift;
              shift += 7;
            }
          while (data[pos++] & 0x80);
          if ((tag & 7) == 2)
            {
              if (value > end - pos)
                return FALSE;
              pos += value;
            }
          break;
        case 1:
          pos += 8;
          break;
        case 5:
          pos += 4;
          break;
        default:
          return FALSE;
        }
    }
  return pos <= end;
}

/* A binary protobuf may begin with bytes JSON could: 0a 5b is a first
 * field of 91 bytes and also "\n[" (0a 7b, "\n{": 123 bytes).  JSON is
 * only believed when the first message does not fit as protobuf: its
 * length inside the head, and its contents as fields ending exactly at
 * its end, as does the field after it. */
static gboolean
looks_like_protobuf (const guint8 *head,
                     gsize         avail)
{
  gsize pos = 1, len;

  /* Only "\n" is both a JSON space and the tag every format we read
   * starts with (field 1, length-delimited): a JSON text starting at
   * its bracket, or with other spaces, is never in doubt. */
  if (avail < 2 || head[0] != 0x0a)
    return FALSE;

  len = head[pos++];
  if (len & 0x80)
    {
      if (pos >= avail)
        return FALSE;
      len = (len & 0x7f) | ((gsize) (head[pos++] & 0x7f) << 7);
    }
  if (len == 0 || len > avail - pos)
    return FALSE;
  if (!protobuf_fields_fit (head, pos, pos + len, G_MAXUINT))
    return FALSE;
  /* After it, the end, or the tag of another field (whose value may
   * run past the head). */
  pos += len;
  return pos == avail || ((head[pos] >> 3) != 0 && ((head[pos] & 7) == 0 || (head[pos] & 7) == 1 ||
                                                    (head[pos] & 7) == 2 || (head[pos] & 7) == 5));
}

/* A GraphDef opened alone: the model, not a trace.  Say what it is
 * rather than showing an empty trace (text format would parse as a
 * RunMetadata with only unknown fields). */
static gboolean
refuse_graph_def (GBytes      *bytes,
                  const char  *name,
                  GError     **error)
{
  gsize len;
  const guint8 *data = g_bytes_get_data (bytes, &len);

  if (!stp_graph_sniff (data, len))
    return TRUE;

  g_set_error (error, STP_ERROR, STP_ERROR_UNKNOWN_FORMAT,
               "%s: this is a TensorFlow GraphDef, the model's graph, not a trace: "
               "open it beside a RunMetadata or StepStats (stepscope RUN_METADATA GRAPH, "
               "or stepscope-cli convert --graph GRAPH RUN_METADATA)", name);
  return FALSE;
}

/* A local file, by path: the CLI's way, which never sets up GIO's VFS
 * (stp-input-source.c tells why). */
StpTrace *
stp_load_path (const char               *path,
               const StpAnalysisOptions *options,
               StpProgressFunc           progress,
               gpointer                  user_data,
               GCancellable             *cancellable,
               GError                  **error)
{
  g_autofree char *name = NULL;
  g_autoptr(StpInput) input = NULL;

  g_return_val_if_fail (path != NULL, NULL);

  /* Absolute, as a GFile's path is: the name the trace keeps. */
  name = g_canonicalize_filename (path, NULL);

  if (progress != NULL)
    progress ("read", 0, 0, user_data);

  input = stp_input_open_path (name, cancellable, error);
  if (input == NULL)
    return NULL;

  return stp_load_input (input, name, options, progress, user_data, cancellable, error);
}

StpTrace *
stp_load_file (GFile                    *file,
               const StpAnalysisOptions *options,
               StpProgressFunc           progress,
               gpointer                  user_data,
               GCancellable             *cancellable,
               GError                  **error)
{
  g_autofree char *name = NULL;
  g_autoptr(StpInput) input = NULL;

  g_return_val_if_fail (G_IS_FILE (file), NULL);

  if (g_file_peek_path (file) != NULL)
    return stp_load_path (g_file_peek_path (file), options, progress, user_data,
                          cancellable, error);

  name = g_file_get_parse_name (file);

  if (progress != NULL)
    progress ("read", 0, 0, user_data);

  input = stp_input_open (file, cancellable, error);
  if (input == NULL)
    return NULL;

  return stp_load_input (input, name, options, progress, user_data, cancellable, error);
}

StpTrace *
stp_load_input (StpInput                 *input,
                const char               *name,
                const StpAnalysisOptions *options,
                StpProgressFunc           progress,
                gpointer                  user_data,
                GCancellable             *cancellable,
                GError                  **error)
{
  static const StpAnalysisOptions defaults = STP_ANALYSIS_OPTIONS_INIT;
  g_autoptr(GBytes) bytes = NULL;
  g_autoptr(GTimer) timer = NULL;
  const guint8 *head;
  gsize avail;

  g_return_val_if_fail (input != NULL, NULL);
  g_return_val_if_fail (name != NULL, NULL);

  if (options == NULL)
    options = &defaults;

  head = stp_input_fill (input, 4096, &avail, error);
  if (head == NULL)
    return NULL;

  /* Chrome JSON (plain, gzip or zip): streamed, never read whole. */
  if (stp_chrome_json_sniff (head, avail) && !looks_like_protobuf (head, avail))
    return stp_chrome_json_load (input, name, progress, user_data, cancellable, error);

  /* XSpace (*.xplane.pb): read whole, indexed in place. */
  if (stp_xspace_sniff (head, avail))
    return stp_xspace_load_input (input, name, progress, user_data, cancellable, error);

  /* Anything else is a StepStats/RunMetadata or an error saying why not.
   * Protobuf messages are at most 2 GiB; text format may be larger. */
  timer = g_timer_new ();
  bytes = stp_input_read_all (input, G_MAXSIZE, error);
  if (bytes == NULL)
    return NULL;
  g_debug ("%s: read %" G_GSIZE_FORMAT " bytes in %.3f s", name, g_bytes_get_size (bytes),
           g_timer_elapsed (timer, NULL));

  if (!refuse_graph_def (bytes, name, error))
    return NULL;

  return load_step_stats (bytes, name, options, progress, user_data, cancellable, error);
}

/* Text-format StepStats/RunMetadata: the first field is one of theirs
 * (as the loader asks), and a message's value follows it, after any
 * spaces or line breaks.  A file that only starts with such a word,
 * prose or an INI line, is not listed. */
static gboolean
looks_like_pbtext (const guint8 *data,
                   gsize         len)
{
  gsize i = stp_step_stats_known_first_name_end (data, len);

  if (i == 0)
    return FALSE;
  while (i < len && g_ascii_isspace (data[i]))
    i++;
  return i < len && (data[i] == '{' || data[i] == '<' || data[i] == ':');
}

/* The sniffer takes any "[" for the array form, as a file named as a
 * trace may be; in a folder, an INI file's "[section]" is not one. */
static gboolean
looks_like_chrome_events (const guint8 *data,
                          gsize         len)
{
  gsize i = 0;

  if (!stp_chrome_json_sniff (data, len))
    return FALSE;
  while (i < len && g_ascii_isspace (data[i]))
    i++;
  if (i == len || data[i] != '[')
    return TRUE;
  for (i++; i < len && g_ascii_isspace (data[i]); i++)
    ;
  return i < len && (data[i] == '{' || data[i] == ']');
}

/**
 * stp_loader_sniff_file:
 *
 * Whether the file's first bytes look like a trace of a format Stepscope
 * reads, without loading it: for picking the traces out of a folder.
 * Stricter than loading, which takes what it is given: a "[" must open
 * an array of events, not an INI file's "[section]".
 */
gboolean
stp_loader_sniff_file (GFile *file)
{
  g_autoptr(StpInput) input = stp_input_open (file, NULL, NULL);
  const guint8 *head;
  gsize avail = 0;
  StpFormat format;

  g_return_val_if_fail (G_IS_FILE (file), FALSE);

  if (input == NULL)
    return FALSE;
  head = stp_input_fill (input, 4096, &avail, NULL);
  if (head == NULL || avail == 0)
    return FALSE;

  return looks_like_chrome_events (head, avail) || stp_xspace_sniff (head, avail) ||
         stp_step_stats_sniff (head, avail, &format) || looks_like_pbtext (head, avail);
}

gboolean
stp_trace_is_step_stats (const StpTrace *trace)
{
  g_return_val_if_fail (trace != NULL, FALSE);

  switch (trace->format)
    {
    case STP_FORMAT_STEP_STATS:
    case STP_FORMAT_RUN_METADATA:
    case STP_FORMAT_STEP_STATS_TEXT:
    case STP_FORMAT_RUN_METADATA_TEXT:
      return trace->source != NULL;
    default:
      return FALSE;
    }
}

/* One input of several side by side: a StepStats with its source. */
gboolean
stp_trace_part_is_step_stats (const StpTracePart *part)
{
  g_return_val_if_fail (part != NULL, FALSE);

  return part->source != NULL && part->format >= STP_FORMAT_STEP_STATS &&
         part->format <= STP_FORMAT_RUN_METADATA_TEXT;
}

gpointer
stp_trace_get_node_source (const StpTrace *trace,
                           const StpSlice *slice)
{
  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (slice != NULL, NULL);

  if (!(slice->flags & STP_SLICE_STEP_STATS_NODE))
    return NULL;
  if (trace->parts != NULL)
    {
      guint32 index = slice->args >> 32;
      const StpTracePart *part;

      if (index >= trace->parts->len)
        return NULL;
      part = &g_array_index (trace->parts, StpTracePart, index);
      return stp_trace_part_is_step_stats (part) ? part->source : NULL;
    }
  return stp_trace_is_step_stats (trace) ? trace->source : NULL;
}

StpTrace *
stp_trace_reanalyze (StpTrace                 *trace,
                     const StpAnalysisOptions *options,
                     GCancellable             *cancellable,
                     GError                  **error)
{
  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (options != NULL, NULL);

  if (!stp_trace_is_step_stats (trace))
    return stp_trace_ref (trace);

  /* A graph given beside the StepStats stays with it. */
  if (options->graph == NULL && trace->lifetimes != NULL &&
      !trace->lifetimes->graph->from_partitions)
    {
      StpAnalysisOptions with_graph = *options;

      with_graph.graph = trace->lifetimes->graph;
      return stp_step_stats_analyze (trace->source, &with_graph, cancellable, error);
    }

  return stp_step_stats_analyze (trace->source, options, cancellable, error);
}

static gint
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* Appends the path of every trace in folder and its subfolders (by
 * content, in name order; hidden files left out) to out. */
gboolean
stp_loader_find_traces (GFile      *folder,
                        GPtrArray  *out,
                        GError    **error)
{
  g_autoptr(GFileEnumerator) children = NULL;
  g_autoptr(GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  GFileInfo *info;

  children = g_file_enumerate_children (folder, G_FILE_ATTRIBUTE_STANDARD_NAME ","
                                        G_FILE_ATTRIBUTE_STANDARD_TYPE ","
                                        G_FILE_ATTRIBUTE_STANDARD_IS_HIDDEN,
                                        G_FILE_QUERY_INFO_NONE, NULL, error);
  if (children == NULL)
    return FALSE;

  while ((info = g_file_enumerator_next_file (children, NULL, error)) != NULL)
    {
      if (!g_file_info_get_is_hidden (info))
        g_ptr_array_add (names, g_strdup (g_file_info_get_name (info)));
      g_object_unref (info);
    }
  if (error != NULL && *error != NULL)
    return FALSE;

  g_ptr_array_sort (names, compare_names);
  for (guint i = 0; i < names->len; i++)
    {
      g_autoptr(GFile) child = g_file_get_child (folder, g_ptr_array_index (names, i));
      GFileType type = g_file_query_file_type (child, G_FILE_QUERY_INFO_NONE, NULL);

      if (type == G_FILE_TYPE_DIRECTORY)
        {
          if (!stp_loader_find_traces (child, out, error))
            return FALSE;
        }
      else if (type == G_FILE_TYPE_REGULAR && stp_loader_sniff_file (child))
        g_ptr_array_add (out, g_file_get_path (child));
    }
  return TRUE;
}
