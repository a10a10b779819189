/* test-pbtext.c: protobuf text format parser and printer, good input
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Expected texts in data/pbtext/ are Python protobuf's str() of the
 * wire bytes next to them, written by tools/make-pbtext-expected.py.
 * Bad input is in test-pbtext-errors.c.
 */

#define G_LOG_DOMAIN "test-pbtext"

#include "pbtext-test-util.h"

#include <string.h>

static char **
index_lines (void)
{
  g_autoptr(GBytes) index = load ("pbtext", "index.txt", NULL);
  g_autofree char *text = g_strndup (g_bytes_get_data (index, NULL), g_bytes_get_size (index));
  char **lines = g_strsplit (g_strstrip (text), "\n", -1);

  g_assert_cmpuint (g_strv_length (lines), >=, 20);
  return lines;
}

/* Every wire file prints exactly as Python printed it. */
static void
test_print_expected (void)
{
  g_auto(GStrv) lines = index_lines ();

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], " ", 2);
      g_autofree char *pb = g_strconcat (f[0], ".pb", NULL);
      g_autofree char *txt = g_strconcat (f[0], ".txt", NULL);
      g_autoptr(GBytes) wire = load ("pbtext", pb, NULL);
      g_autoptr(GBytes) expected = load ("pbtext", txt, NULL);
      g_autofree char *printed = print_or_die (descriptor_named (f[1]), wire);
      gsize len;
      const char *data = g_bytes_get_data (expected, &len);

      g_test_message ("%s", f[0]);
      g_assert_cmpmem (printed, strlen (printed), data, len);
    }
}

/* Python's text parses back to wire bytes that print the same text and
 * that protobuf-c accepts. */
static void
test_parse_roundtrip (void)
{
  g_auto(GStrv) lines = index_lines ();

  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) f = g_strsplit (lines[i], " ", 2);
      g_autofree char *txt = g_strconcat (f[0], ".txt", NULL);
      const ProtobufCMessageDescriptor *desc = descriptor_named (f[1]);
      g_autoptr(GBytes) text = load ("pbtext", txt, NULL);
      gsize len;
      const char *data = g_bytes_get_data (text, &len);
      g_autoptr(GBytes) wire = parse_or_die (desc, data ? data : "", len);
      g_autofree char *printed = print_or_die (desc, wire);

      g_test_message ("%s", f[0]);
      g_assert_cmpstr (printed, ==, data ? data : "");
      protobuf_c_message_free_unpacked (unpack_or_die (desc, wire), NULL);
    }
}

static gsize
element_size (ProtobufCType type)
{
  switch (type)
    {
    case PROTOBUF_C_TYPE_INT64: case PROTOBUF_C_TYPE_SINT64: case PROTOBUF_C_TYPE_SFIXED64:
    case PROTOBUF_C_TYPE_UINT64: case PROTOBUF_C_TYPE_FIXED64: case PROTOBUF_C_TYPE_DOUBLE:
      return 8;
    case PROTOBUF_C_TYPE_STRING: case PROTOBUF_C_TYPE_MESSAGE:
      return sizeof (void *);
    case PROTOBUF_C_TYPE_BYTES:
      return sizeof (ProtobufCBinaryData);
    default:
      return 4;
    }
}

static void assert_messages_equal (const ProtobufCMessage *a,
                                   const ProtobufCMessage *b,
                                   const char             *path);

static void
assert_values_equal (const ProtobufCFieldDescriptor *field,
                     const guint8                   *a,
                     const guint8                   *b,
                     const char                     *path)
{
  const ProtobufCBinaryData *ba = (const void *) a, *bb = (const void *) b;
  const ProtobufCMessage *ma, *mb;

  switch (field->type)
    {
    case PROTOBUF_C_TYPE_STRING:
      if (g_strcmp0 (*(char *const *) a, *(char *const *) b) != 0)
        g_error ("%s: \"%s\" != \"%s\"", path, *(char *const *) a, *(char *const *) b);
      break;
    case PROTOBUF_C_TYPE_BYTES:
      if (ba->len != bb->len || (ba->len > 0 && memcmp (ba->data, bb->data, ba->len) != 0))
        g_error ("%s: bytes differ", path);
      break;
    case PROTOBUF_C_TYPE_MESSAGE:
      ma = *(ProtobufCMessage *const *) a;
      mb = *(ProtobufCMessage *const *) b;
      if ((ma == NULL) != (mb == NULL))
        g_error ("%s: present in one message only", path);
      if (ma != NULL)
        assert_messages_equal (ma, mb, path);
      break;
    default:
      if (memcmp (a, b, element_size (field->type)) != 0)
        g_error ("%s: values differ", path);
    }
}

/* Field by field, driven by the descriptors. */
static void
assert_messages_equal (const ProtobufCMessage *a,
                       const ProtobufCMessage *b,
                       const char             *path)
{
  const ProtobufCMessageDescriptor *desc = a->descriptor;

  g_assert_true (b->descriptor == desc);
  for (guint i = 0; i < desc->n_fields; i++)
    {
      const ProtobufCFieldDescriptor *field = &desc->fields[i];
      const guint8 *pa = (const guint8 *) a + field->offset;
      const guint8 *pb = (const guint8 *) b + field->offset;

      if (field->label == PROTOBUF_C_LABEL_REPEATED)
        {
          gsize na = *(const size_t *) ((const guint8 *) a + field->quantifier_offset);
          gsize nb = *(const size_t *) ((const guint8 *) b + field->quantifier_offset);
          gsize size = element_size (field->type);

          if (na != nb)
            g_error ("%s.%s: %zu != %zu elements", path, field->name, na, nb);
          for (gsize k = 0; k < na; k++)
            {
              g_autofree char *sub = g_strdup_printf ("%s.%s[%zu]", path, field->name, k);

              assert_values_equal (field, *(guint8 *const *) pa + k * size,
                                   *(guint8 *const *) pb + k * size, sub);
            }
        }
      else
        {
          g_autofree char *sub = g_strdup_printf ("%s.%s", path, field->name);

          assert_values_equal (field, pa, pb, sub);
        }
    }
}

/* protoc's text of a real RunMetadata and the binary StepStats it was
 * decoded from hold the same tree; TensorBoard's RunMetadata too. */
static void
test_real_files (void)
{
  g_autoptr(GBytes) text = load ("step-stats", "run_meta.step_stats.pbtxt", NULL);
  g_autoptr(GBytes) bare = load ("step-stats", "run_meta.bare_step_stats.pb", NULL);
  g_autoptr(GBytes) tb_text = load ("step-stats", "tensorboard_run_metadata.pbtxt", NULL);
  g_autoptr(GBytes) wire = NULL, tb_wire = NULL, repacked = NULL;
  g_autofree char *printed = NULL, *printed_bare = NULL, *printed_repacked = NULL;
  g_autofree char *tb_printed = NULL;
  g_autofree guint8 *buf = NULL;
  Tensorflow__RunMetadata *rm, *tb;
  Tensorflow__StepStats *ss;
  gsize len;
  const char *data = g_bytes_get_data (text, &len);

  wire = parse_or_die (&tensorflow__run_metadata__descriptor, data, len);
  rm = (Tensorflow__RunMetadata *) unpack_or_die (&tensorflow__run_metadata__descriptor, wire);
  ss = (Tensorflow__StepStats *) unpack_or_die (&tensorflow__step_stats__descriptor, bare);
  g_assert_nonnull (rm->step_stats);
  g_assert_cmpuint (rm->step_stats->n_dev_stats, ==, 7);
  g_assert_cmpstr (rm->step_stats->dev_stats[0]->device, ==, "/job:localhost/replica:0/task:0/gpu:0");
  assert_messages_equal (&rm->step_stats->base, &ss->base, "step_stats");

  /* protoc and Python agree on this text, so it prints back unchanged */
  printed = print_or_die (&tensorflow__run_metadata__descriptor, wire);
  g_assert_true (strlen (printed) == len && memcmp (printed, data, len) == 0);

  /* and the binary prints as the parsed text's StepStats does */
  buf = g_malloc (protobuf_c_message_get_packed_size (&rm->step_stats->base) + 1);
  repacked = g_bytes_new (buf, protobuf_c_message_pack (&rm->step_stats->base, buf));
  printed_bare = print_or_die (&tensorflow__step_stats__descriptor, bare);
  printed_repacked = print_or_die (&tensorflow__step_stats__descriptor, repacked);
  g_assert_cmpstr (printed_bare, ==, printed_repacked);

  tb_wire = parse_or_die (&tensorflow__run_metadata__descriptor,
                          g_bytes_get_data (tb_text, NULL), g_bytes_get_size (tb_text));
  tb = (Tensorflow__RunMetadata *) unpack_or_die (&tensorflow__run_metadata__descriptor, tb_wire);
  g_assert_cmpuint (tb->step_stats->n_dev_stats, ==, 1);
  g_assert_cmpuint (tb->step_stats->dev_stats[0]->n_node_stats, ==, 1);
  g_assert_cmpstr (tb->step_stats->dev_stats[0]->node_stats[0]->node_name, ==, "_SOURCE");
  g_assert_cmpint (tb->step_stats->dev_stats[0]->node_stats[0]->all_start_micros, ==, 1459365298611334);
  g_assert_cmpint (tb->step_stats->dev_stats[0]->node_stats[0]->scheduled_micros, ==, 1459365298611291);
  tb_printed = print_or_die (&tensorflow__run_metadata__descriptor, tb_wire);
  g_assert_cmpmem (tb_printed, strlen (tb_printed),
                   g_bytes_get_data (tb_text, NULL), g_bytes_get_size (tb_text));

  protobuf_c_message_free_unpacked (&tb->base, NULL);
  protobuf_c_message_free_unpacked (&rm->base, NULL);
  protobuf_c_message_free_unpacked (&ss->base, NULL);
}

static void
assert_parse_prints (const ProtobufCMessageDescriptor *desc,
                     const char                       *text,
                     const char                       *expected)
{
  g_autoptr(GBytes) wire = parse_or_die (desc, text, -1);
  g_autofree char *printed = print_or_die (desc, wire);

  g_assert_cmpstr (printed, ==, expected);
  protobuf_c_message_free_unpacked (unpack_or_die (desc, wire), NULL);
}

static void
test_syntax (void)
{
  /* every scalar spelling, escape, list and bracket form */
  assert_parse_prints (&stptest__all_types__descriptor,
    "# leading comment\n"
    "f_int32: -0x10  # a hex negative\n"
    "f_int64: 0777, f_uint32: 0x7fffffff; f_uint64: 18446744073709551615\n"
    "f_sint32: -2147483648 f_sint64: -1\n"
    "f_fixed32: 0xFFFFFFFF f_fixed64: 0 f_sfixed32: -1 f_sfixed64: 9223372036854775807\n"
    "f_bool: t f_float: 1.5f f_double: -1e-3\n"
    "f_string: 'it\\'s' \" \\\"quoted\\\"\"\n   'tab\\tnl\\n'\n"
    "f_bytes: \"\\0\\01\\001\\0011\\x41\\xfg\\u00e9\\U0001F600\\ud83d\\ude00\\a\\b\\f\\v\\r\\\\\\?\\'\\\"\"\n"
    "f_enum: 2\n"
    "f_inner < a: 3 s: \"in\" kids { } kids: < a: 4 > >\n"
    "r_int32: [1, -2, 0x10, 010]\nr_int32: 5\nr_string: []\n"
    "r_bool: [true, True, f, 0, 1, False]\n"
    "r_enum: [RED, 2, -5, 1000]\n"
    "r_inner [ {a: 1}, <a: 2>, { } ]\nr_inner: [{s: \"x\"}]\n"
    "r_float: [inf, -inf, nan, -Infinity, 1e3, .5, 2f, -0]\n"
    "r_double: [1.0, 0.1F, 1E400, -1e-400, +7]\n",
    "f_int32: -16\nf_int64: 511\nf_uint32: 2147483647\nf_uint64: 18446744073709551615\n"
    "f_sint32: -2147483648\nf_sint64: -1\nf_fixed32: 4294967295\nf_sfixed32: -1\n"
    "f_sfixed64: 9223372036854775807\nf_bool: true\nf_float: 1.5\nf_double: -0.001\n"
    "f_string: \"it\\'s \\\"quoted\\\"tab\\tnl\\n\"\n"
    "f_bytes: \"\\000\\001\\001\\0011A\\017g\\303\\251\\360\\237\\230\\200\\360\\237\\230\\200"
    "\\007\\010\\014\\013\\r\\\\?\\'\\\"\"\n"
    "f_enum: GREEN\n"
    "f_inner {\n  a: 3\n  s: \"in\"\n  kids {\n  }\n  kids {\n    a: 4\n  }\n}\n"
    "r_int32: 1\nr_int32: -2\nr_int32: 16\nr_int32: 8\nr_int32: 5\n"
    "r_bool: true\nr_bool: true\nr_bool: false\nr_bool: false\nr_bool: true\nr_bool: false\n"
    "r_float: inf\nr_float: -inf\nr_float: nan\nr_float: -inf\nr_float: 1000.0\nr_float: 0.5\n"
    "r_float: 2.0\nr_float: -0.0\n"
    "r_double: 1.0\nr_double: 0.1\nr_double: inf\nr_double: -0.0\nr_double: 7.0\n"
    "r_enum: RED\nr_enum: GREEN\nr_enum: NEGATIVE\nr_enum: 1000\n"
    "r_inner {\n  a: 1\n}\nr_inner {\n  a: 2\n}\nr_inner {\n}\nr_inner {\n  s: \"x\"\n}\n");

  /* unknown fields of every shape, extensions and Any are dropped (an
   * AttrValue keeps only its declared string: its tensor and type go) */
  assert_parse_prints (&tensorflow__run_metadata__descriptor,
    "cost_graph { node { name: \"a\" id: 1 input_info [ {x: 1}, {y: 2} ] } }\n"
    "function_graphs: { partition_graphs < a: 1 > }\n"
    "step_stats {\n"
    "  dev_stats { device: \"d\" unknown_scalar: 5 unknown_str: \"a\" 'b' unknown_ident: FOO\n"
    "    unknown_neg: -1.5e3 unknown_list: [1, \"two\", THREE, {four: 4}] unknown_empty: [] }\n"
    "}\n"
    "session_metadata: { name: \"s\" version: 3 }\n"
    "partition_graphs {\n"
    "  node { name: \"n\" op: \"Const\"\n"
    "    attr { key: \"value\" value { tensor { dtype: DT_FLOAT tensor_shape { } float_val: 1.5 } } }\n"
    "    attr { key: \"dtype\" value { type: DT_FLOAT } }\n"
    "    attr { key: \"tensor_name\" value { s: \"edge_1_n\" i: 3 } } }\n"
    "  versions { producer: 27 }\n"
    "  library { function { signature { name: \"f\" } } }\n"
    "}\n"
    "[some.extension] { a: 1 }\n"
    "[type.googleapis.com/tensorflow.Foo] { b: 2 }\n"
    "[ext.scalar]: 5 [ext.list]: [1, 2] [ext.msgs] [ <a: 1> ]\n"
    "partition_graphs < node < name: \"m\" > >\n",
    "step_stats {\n  dev_stats {\n    device: \"d\"\n  }\n}\n"
    "partition_graphs {\n  node {\n    name: \"n\"\n    op: \"Const\"\n"
    "    attr {\n      key: \"dtype\"\n      value {\n      }\n    }\n"
    "    attr {\n      key: \"tensor_name\"\n      value {\n        s: \"edge_1_n\"\n      }\n    }\n"
    "    attr {\n      key: \"value\"\n      value {\n      }\n    }\n  }\n}\n"
    "partition_graphs {\n  node {\n    name: \"m\"\n  }\n}\n");

  /* no whitespace, separators, maps, repeated singular fields */
  assert_parse_prints (&tensorflow__step_stats__descriptor,
    "dev_stats{device:'x',node_stats{node_name:\"a\";};thread_names:{key:1,value:\"t\"}}\r\n"
    "\tdev_stats:{device: 'a' device: 'b'\n"
    "  node_stats { memory_stats { persistent_memory_size: 1 } memory_stats { temp_memory_size: 2 } } }",
    "dev_stats {\n  device: \"x\"\n  node_stats {\n    node_name: \"a\"\n  }\n"
    "  thread_names {\n    key: 1\n    value: \"t\"\n  }\n}\n"
    "dev_stats {\n  device: \"b\"\n  node_stats {\n    memory_stats {\n"
    "      temp_memory_size: 2\n      persistent_memory_size: 1\n    }\n  }\n}\n");

  assert_parse_prints (&tensorflow__step_stats__descriptor, "", "");
  assert_parse_prints (&tensorflow__step_stats__descriptor, "\xef\xbb\xbf  # only a comment", "");
  assert_parse_prints (&tensorflow__tensor_description__descriptor,
                       "dtype: 77 shape {} allocation_description { ptr: 0xffffffffffffffff }",
                       "dtype: 77\nshape {\n}\nallocation_description {\n  ptr: 18446744073709551615\n}\n");
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pbtext/print/python-expected", test_print_expected);
  g_test_add_func ("/pbtext/parse/roundtrip", test_parse_roundtrip);
  g_test_add_func ("/pbtext/parse/real-files", test_real_files);
  g_test_add_func ("/pbtext/parse/syntax", test_syntax);

  return g_test_run ();
}
