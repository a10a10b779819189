/* pbtext-test-util.c: helpers shared by the text format tests
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "test-pbtext"

#include "pbtext-test-util.h"

#include <string.h>

const ProtobufCMessageDescriptor *
descriptor_named (const char *name)
{
  static const ProtobufCMessageDescriptor *const all[] = {
    &tensorflow__tensor_description__descriptor,
    &tensorflow__allocation_description__descriptor,
    &tensorflow__node_output__descriptor,
    &tensorflow__memory_stats__descriptor,
    &tensorflow__node_exec_stats__descriptor,
    &tensorflow__device_step_stats__descriptor,
    &tensorflow__step_stats__descriptor,
    &tensorflow__run_metadata__descriptor,
    &stptest__all_types__descriptor,
  };

  for (guint i = 0; i < G_N_ELEMENTS (all); i++)
    if (strcmp (all[i]->name, name) == 0)
      return all[i];
  g_error ("no descriptor %s", name);
}

GBytes *
load (const char *first,
      ...)
{
  g_autofree char *path = NULL;
  g_autoptr(GPtrArray) parts = g_ptr_array_new ();
  g_autoptr(GError) error = NULL;
  const char *part = first;
  char *contents;
  gsize len;
  va_list args;

  va_start (args, first);
  g_ptr_array_add (parts, (char *) g_test_get_dir (G_TEST_DIST));
  g_ptr_array_add (parts, (char *) "data");
  for (; part != NULL; part = va_arg (args, const char *))
    g_ptr_array_add (parts, (char *) part);
  g_ptr_array_add (parts, NULL);
  va_end (args);

  path = g_build_filenamev ((char **) parts->pdata);
  g_file_get_contents (path, &contents, &len, &error);
  g_assert_no_error (error);
  return g_bytes_new_take (contents, len);
}

char *
print_or_die (const ProtobufCMessageDescriptor *desc,
              GBytes                           *wire)
{
  g_autoptr(GError) error = NULL;
  GString *out = g_string_new (NULL);
  gsize len;
  const guint8 *data = g_bytes_get_data (wire, &len);

  stp_pbtext_print (desc, data, len, out, &error);
  g_assert_no_error (error);
  return g_string_free (out, FALSE);
}

GBytes *
parse_or_die (const ProtobufCMessageDescriptor *desc,
              const char                       *text,
              gssize                            len)
{
  g_autoptr(GError) error = NULL;
  GBytes *wire = stp_pbtext_parse (desc, text, len < 0 ? strlen (text) : (gsize) len, &error);

  g_assert_no_error (error);
  g_assert_nonnull (wire);
  return wire;
}

ProtobufCMessage *
unpack_or_die (const ProtobufCMessageDescriptor *desc,
               GBytes                           *wire)
{
  gsize len;
  const guint8 *data = g_bytes_get_data (wire, &len);
  ProtobufCMessage *msg = protobuf_c_message_unpack (desc, NULL, len, data);

  g_assert_nonnull (msg);
  return msg;
}

void
assert_parse_error (const ProtobufCMessageDescriptor *desc,
                    const char                       *text,
                    gsize                             len,
                    StpError                          code,
                    const char                       *message)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) wire = stp_pbtext_parse (desc, text, len, &error);

  g_assert_null (wire);
  g_assert_error (error, STP_ERROR, (gint) code);
  g_assert_cmpstr (error->message, ==, message);
}
