/* stp-cli-inputs.c: several inputs and folders for stepscope-cli
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each input is loaded, used and dropped before the next one, so a
 * folder of hundreds of ranks needs the memory of one; a batch runner
 * gets the same result by running one file per job and joining the
 * JSON outputs into an array (README: "Many traces").
 */

#define G_LOG_DOMAIN "stepscope-cli"

#include "stp-cli-inputs.h"
#include "stp-chrome-json.h"
#include "stp-error.h"
#include "stp-input.h"
#include "stp-json-writer.h"
#include "stp-loader.h"
#include "stp-safe-output.h"
#include "stp-step-stats.h"
#include "stp-xspace.h"

#include <gio/gunixoutputstream.h>
#include <string.h>
#include <unistd.h>

/* Text-format StepStats/RunMetadata: the first field is one of theirs. */
static gboolean
looks_like_pbtext (const guint8 *data,
                   gsize         len)
{
  static const char * const fields[] = {
    "step_stats", "dev_stats", "cost_graph", "partition_graphs", "function_graphs", NULL
  };
  gsize i = 0;

  while (i < len)
    {
      if (g_ascii_isspace (data[i]))
        i++;
      else if (data[i] == '#')
        while (i < len && data[i] != '\n')
          i++;
      else
        break;
    }
  for (guint f = 0; fields[f] != NULL; f++)
    {
      gsize n = strlen (fields[f]);

      if (len - i > n && memcmp (data + i, fields[f], n) == 0 &&
          (data[i + n] == ' ' || data[i + n] == '{' || data[i + n] == ':' || data[i + n] == '\t'))
        return TRUE;
    }
  return FALSE;
}

/* The sniffer takes any "[" for the array form, as a file named as a
 * trace may be; in a folder, an INI file's "[section]" is not one. */
static gboolean
looks_like_chrome (const guint8 *data,
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

static gboolean
is_trace (GFile *file)
{
  g_autoptr(StpInput) input = stp_input_open (file, NULL, NULL);
  const guint8 *head;
  gsize avail = 0;
  StpFormat format;

  if (input == NULL)
    return FALSE;
  head = stp_input_fill (input, 4096, &avail, NULL);
  if (head == NULL || avail == 0)
    return FALSE;

  return looks_like_chrome (head, avail) || stp_xspace_sniff (head, avail) ||
         stp_step_stats_sniff (head, avail, &format) || looks_like_pbtext (head, avail);
}

static gint
compare_names (gconstpointer a,
               gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

static gboolean
add_folder (GFile      *folder,
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
          if (!add_folder (child, out, error))
            return FALSE;
        }
      else if (type == G_FILE_TYPE_REGULAR && is_trace (child))
        g_ptr_array_add (out, g_file_get_path (child));
    }
  return TRUE;
}

GPtrArray *
stp_cli_inputs_expand (char   **args,
                       int      n_args,
                       GError **error)
{
  g_autoptr(GPtrArray) inputs = g_ptr_array_new_with_free_func (g_free);

  for (int i = 0; i < n_args; i++)
    {
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (args[i]);
      guint before = inputs->len;

      if (g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, NULL) != G_FILE_TYPE_DIRECTORY)
        {
          g_ptr_array_add (inputs, g_strdup (args[i]));
          continue;
        }

      if (!add_folder (file, inputs, error))
        {
          g_prefix_error (error, "%s: ", args[i]);
          return NULL;
        }
      if (inputs->len == before)
        {
          g_set_error (error, STP_ERROR, STP_ERROR_UNKNOWN_FORMAT,
                       "%s: no trace in this folder (nothing in it is a StepStats, XSpace "
                       "or Chrome trace)", args[i]);
          return NULL;
        }
    }
  return g_steal_pointer (&inputs);
}

static void
append_without_newline (GString       *out,
                        const GString *part)
{
  gsize len = part->len;

  while (len > 0 && part->str[len - 1] == '\n')
    len--;
  g_string_append_len (out, part->str, len);
}

GString *
stp_cli_each_input (GPtrArray                *inputs,
                    const StpTimelineOptions *options,
                    gboolean                  json,
                    StpCliEachFunc            func,
                    gpointer                  user_data,
                    guint                    *n_failed)
{
  GString *out = g_string_new (NULL);
  gboolean several = inputs->len > 1;

  *n_failed = 0;
  if (several && json)
    g_string_append (out, "[\n");

  for (guint i = 0; i < inputs->len; i++)
    {
      const char *name = g_ptr_array_index (inputs, i);
      g_autoptr(GFile) file = g_file_new_for_commandline_arg (name);
      g_autoptr(GError) error = NULL;
      g_autoptr(StpTrace) trace = stp_load_file (file, options, NULL, NULL, NULL, &error);
      g_autoptr(GString) part = g_string_new (NULL);

      if (trace != NULL && !func (trace, part, user_data, &error))
        g_clear_pointer (&trace, stp_trace_unref);

      if (several && json && i > 0)
        g_string_append (out, ",\n");

      if (trace == NULL)
        {
          g_printerr ("stepscope-cli: %s\n", error->message);
          (*n_failed)++;
          if (several && json)
            {
              g_string_append (out, "{\"file\": ");
              stp_json_append_string (out, name, strlen (name));
              g_string_append (out, ", \"error\": ");
              stp_json_append_string (out, error->message, strlen (error->message));
              g_string_append (out, "}");
            }
          continue;
        }

      if (several && json)
        append_without_newline (out, part);
      else if (several)
        {
          g_string_append_printf (out, "%s==> %s <==\n", i > 0 ? "\n" : "", name);
          g_string_append_len (out, part->str, part->len);
        }
      else
        g_string_append_len (out, part->str, part->len);
    }

  if (several && json)
    g_string_append (out, "\n]\n");
  return out;
}

gboolean
stp_cli_write_output (const char    *output,
                      const GString *text,
                      GError       **error)
{
  g_autoptr(StpSafeOutput) safe = NULL;
  g_autoptr(GFile) file = NULL;

  if (output == NULL || g_str_equal (output, "-"))
    {
      g_autoptr(GOutputStream) out = g_unix_output_stream_new (STDOUT_FILENO, FALSE);

      return g_output_stream_write_all (out, text->str, text->len, NULL, NULL, error);
    }

  file = g_file_new_for_commandline_arg (output);
  safe = stp_safe_output_open (file, NULL, error);
  if (safe == NULL)
    return FALSE;
  if (!g_output_stream_write_all (stp_safe_output_stream (safe), text->str, text->len, NULL, NULL, error))
    return FALSE;
  return stp_safe_output_commit (safe, NULL, error);
}
