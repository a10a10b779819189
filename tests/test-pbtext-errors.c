/* test-pbtext-errors.c: protobuf text format parser and printer, bad input
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Every error names line and column (text) or byte (wire); no input
 * crashes, hangs or reads out of bounds (run under valgrind too).
 */

#define G_LOG_DOMAIN "test-pbtext"

#include "pbtext-test-util.h"

#include <string.h>

static void
test_errors (void)
{
  static const struct
  {
    const ProtobufCMessageDescriptor *desc;
    const char *text;
    const char *message;
  } cases[] = {
    { &tensorflow__step_stats__descriptor, "dev_stats {\n  device: \"x\"\n}\ndev_stats 5",
      "line 4, column 11: expected ':' or '{' after field name \"dev_stats\", found \"5\"" },
    { &tensorflow__step_stats__descriptor, "dev_stats {\n device: \"abc\n}",
      "line 2, column 10: unterminated string" },
    { &tensorflow__step_stats__descriptor, "dev_stats {\n device: 'ab\\",
      "line 2, column 10: unterminated string" },
    { &tensorflow__tensor_description__descriptor, "dtype: DT_FLOATY",
      "line 1, column 8: \"DT_FLOATY\" is not a value of enum tensorflow.DataType" },
    { &tensorflow__node_output__descriptor, "\n slot: 99999999999",
      "line 2, column 8: value 99999999999 out of range for int32 field \"slot\"" },
    { &tensorflow__node_exec_stats__descriptor, "thread_id: -1",
      "line 1, column 12: value -1 out of range for uint32 field \"thread_id\"" },
    { &tensorflow__allocation_description__descriptor, "ptr: 18446744073709551616",
      "line 1, column 6: value 18446744073709551616 out of range for uint64 field \"ptr\"" },
    { &tensorflow__node_exec_stats__descriptor, "node_name 'x'",
      "line 1, column 11: expected ':' after field name \"node_name\", found a string" },
    { &tensorflow__node_exec_stats__descriptor, "node_name: 5",
      "line 1, column 12: expected a quoted string for field \"node_name\", found \"5\"" },
    { &tensorflow__allocation_description__descriptor, "has_single_reference: yes",
      "line 1, column 23: expected true or false for bool field \"has_single_reference\", found \"yes\"" },
    { &tensorflow__step_stats__descriptor, "dev_stats {",
      "line 1, column 12: expected a field name or '}', found end of input" },
    { &tensorflow__step_stats__descriptor, "dev_stats { device: 'x' >",
      "line 1, column 25: expected a field name or '}', found '>'" },
    { &tensorflow__step_stats__descriptor, "a: \"\\z\"",
      "line 1, column 5: unknown escape sequence \\z" },
    { &tensorflow__device_step_stats__descriptor, "device: \"\\xZZ\"",
      "line 1, column 10: \\x needs one or two hex digits" },
    { &tensorflow__device_step_stats__descriptor, "device: '\\777'",
      "line 1, column 10: octal escape above \\377" },
    { &tensorflow__device_step_stats__descriptor, "device: '\\ud800x'",
      "line 1, column 10: escape is not a Unicode character (lone surrogate or above U+10FFFF)" },
    { &tensorflow__device_step_stats__descriptor, "device: '\\U00110000'",
      "line 1, column 10: escape is not a Unicode character (lone surrogate or above U+10FFFF)" },
    { &tensorflow__device_step_stats__descriptor, "device: 'ok' '\\377'",
      "line 1, column 9: string field \"device\" is not valid UTF-8" },
    { &stptest__all_types__descriptor, "r_int32: [1, 2",
      "line 1, column 15: expected ',' or ']' in the list of field \"r_int32\", found end of input" },
    { &stptest__all_types__descriptor, "r_int32: [1, 2,]",
      "line 1, column 16: expected an integer for int32 field \"r_int32\", found ']'" },
    { &stptest__all_types__descriptor, "f_int32: [1]",
      "line 1, column 10: field \"f_int32\" is not repeated but is given a list" },
    { &stptest__all_types__descriptor, "f_int32: 1.5",
      "line 1, column 10: expected an integer for int32 field \"f_int32\", found \"1.5\"" },
    { &stptest__all_types__descriptor, "f_int32: 08",
      "line 1, column 10: expected an integer for int32 field \"f_int32\", found \"08\"" },
    { &stptest__all_types__descriptor, "f_sint32: 2147483648",
      "line 1, column 11: value 2147483648 out of range for sint32 field \"f_sint32\"" },
    { &stptest__all_types__descriptor, "f_enum: 2147483648",
      "line 1, column 9: value 2147483648 out of range for enum field \"f_enum\"" },
    { &stptest__all_types__descriptor, "f_float: 1.5.5",
      "line 1, column 10: expected a number for float field \"f_float\", found \"1.5.5\"" },
    { &stptest__all_types__descriptor, "f_double: e5",
      "line 1, column 11: expected a number for double field \"f_double\", found \"e5\"" },
    { &stptest__all_types__descriptor, "f_inner: 5",
      "line 1, column 10: expected '{' to open message field \"f_inner\", found \"5\"" },
    { &stptest__all_types__descriptor, "[ext.foo",
      "line 1, column 9: expected ']' after extension or type name, found end of input" },
    { &stptest__all_types__descriptor, "[]: 1",
      "line 1, column 2: expected an extension or type name after '[', found ']'" },
    { &stptest__all_types__descriptor, "unknown: }",
      "line 1, column 10: expected a value for field \"unknown\", found '}'" },
    { &tensorflow__run_metadata__descriptor, "{\"traceEvents\": []}",
      "line 1, column 1: expected a field name, found '{': this looks like JSON, not protobuf text format" },
    { &tensorflow__run_metadata__descriptor, "  [\n {\"ph\": \"X\"}]",
      "line 2, column 2: expected an extension or type name after '[', found '{': "
      "this looks like JSON, not protobuf text format" },
    { &tensorflow__run_metadata__descriptor, "@",
      "line 1, column 1: expected a field name, found '@'" },
    { &tensorflow__run_metadata__descriptor, "\xff",
      "line 1, column 1: expected a field name, found byte 0xff" },
    { &tensorflow__device_step_stats__descriptor, "device: '\xe5\xb1\x82' x",
      "line 1, column 14: expected ':' or '{' after field name \"x\", found end of input" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *shown = g_strescape (cases[i].text, NULL);

      g_test_message ("%s", shown);
      assert_parse_error (cases[i].desc, cases[i].text, strlen (cases[i].text),
                          STP_ERROR_CORRUPT, cases[i].message);
    }

  /* a NUL byte outside strings, and inside one */
  assert_parse_error (&tensorflow__run_metadata__descriptor, "step_stats {\0}", 14,
                      STP_ERROR_CORRUPT, "line 1, column 13: expected a field name or '}', found byte 0x00");
  {
    g_autoptr(GBytes) wire = parse_or_die (&stptest__all_types__descriptor, "f_bytes: 'a\0b'", 14);
    g_autofree char *printed = print_or_die (&stptest__all_types__descriptor, wire);

    g_assert_cmpstr (printed, ==, "f_bytes: \"a\\000b\"\n");
  }
}

/* Inner { kids { kids { ... } } }, @levels deep, as wire bytes. */
static GByteArray *
nested_inner_wire (guint levels)
{
  GByteArray *wire = g_byte_array_new ();

  for (guint i = 0; i < levels; i++)
    {
      gsize len = wire->len;
      guint8 head[11];
      guint n = 0;

      head[n++] = 3 << 3 | 2;
      do
        {
          head[n] = len & 0x7f;
          len >>= 7;
          if (len)
            head[n] |= 0x80;
          n++;
        }
      while (len);
      g_byte_array_prepend (wire, head, n);
    }

  return wire;
}

static void
test_nesting (void)
{
  g_autoptr(GString) text = g_string_new (NULL);
  g_autoptr(GString) deep = g_string_new (NULL);

  for (guint i = 0; i < 10000; i++)
    g_string_append (text, "a {");
  assert_parse_error (&tensorflow__run_metadata__descriptor, text->str, text->len, STP_ERROR_LIMIT,
                      "line 1, column 303: messages nested deeper than 100 levels");
  g_string_assign (text, "");
  for (guint i = 0; i < 10000; i++)
    g_string_append_c (text, '{');
  assert_parse_error (&tensorflow__run_metadata__descriptor, text->str, text->len, STP_ERROR_CORRUPT,
                      "line 1, column 1: expected a field name, found '{': this looks like JSON, "
                      "not protobuf text format");

  /* 100 levels are fine, 101 are not */
  for (guint i = 0; i < 100; i++)
    g_string_append (deep, "kids {");
  for (guint i = 0; i < 100; i++)
    g_string_append (deep, "}");
  g_bytes_unref (parse_or_die (&stptest__inner__descriptor, deep->str, deep->len));
  g_string_prepend (deep, "kids {");
  g_string_append (deep, "}");
  assert_parse_error (&stptest__inner__descriptor, deep->str, deep->len, STP_ERROR_LIMIT,
                      "line 1, column 606: messages nested deeper than 100 levels");

  /* the printer has the same limit */
  for (guint levels = 100; levels <= 101; levels++)
    {
      g_autoptr(GByteArray) wire = nested_inner_wire (levels);
      g_autoptr(GString) out = g_string_new (NULL);
      g_autoptr(GError) error = NULL;
      gboolean ok = stp_pbtext_print (&stptest__inner__descriptor, wire->data, wire->len, out, &error);

      if (levels == 100)
        {
          g_assert_no_error (error);
          g_assert_true (ok);
          /* level i: 2i spaces before "kids {\n" and before "}\n" */
          g_assert_cmpuint (out->len, ==, 100 * (7 + 2) + 4 * (99 * 100 / 2));
        }
      else
        {
          g_assert_false (ok);
          g_assert_error (error, STP_ERROR, STP_ERROR_LIMIT);
        }
    }
  {
    g_autoptr(GByteArray) wire = nested_inner_wire (40000);
    g_autoptr(GString) out = g_string_new (NULL);
    g_autoptr(GError) error = NULL;

    g_assert_false (stp_pbtext_print (&stptest__inner__descriptor, wire->data, wire->len, out, &error));
    g_assert_error (error, STP_ERROR, STP_ERROR_LIMIT);
  }
}

/* Cutting protoc's text anywhere gives an error or a valid message;
 * inside a string or an open message, always an error. */
static void
test_truncated_text (void)
{
  g_autoptr(GBytes) text = load ("step-stats", "run_meta.step_stats.pbtxt", NULL);
  gsize len;
  const char *data = g_bytes_get_data (text, &len);
  gboolean in_string = FALSE, escaped = FALSE;
  int depth = 0;
  guint n_ok = 0;

  for (gsize cut = 0; cut <= len; cut++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GBytes) wire = stp_pbtext_parse (&tensorflow__run_metadata__descriptor,
                                                 data, cut, &error);

      if (wire != NULL)
        {
          g_free (print_or_die (&tensorflow__run_metadata__descriptor, wire));
          g_assert_false (in_string);
          g_assert_cmpint (depth, ==, 0);
          n_ok++;
        }
      else
        {
          g_assert_nonnull (error);
          g_assert_true (g_str_has_prefix (error->message, "line "));
          if (in_string)
            g_assert_true (g_str_has_suffix (error->message, ": unterminated string"));
        }

      if (cut == len)
        break;
      /* the state after data[cut] */
      if (in_string)
        {
          if (escaped)
            escaped = FALSE;
          else if (data[cut] == '\\')
            escaped = TRUE;
          else if (data[cut] == '"')
            in_string = FALSE;
        }
      else if (data[cut] == '"')
        in_string = TRUE;
      else if (data[cut] == '{')
        depth++;
      else if (data[cut] == '}')
        depth--;
    }

  /* the empty prefix, the whole file and a few more */
  g_assert_cmpuint (n_ok, >=, 2);
}

static const char *const vocabulary[] = {
  "step_stats", "dev_stats", "device", "node_stats", "node_name", "thread_names", "key",
  "value", "output", "slot", "tensor_description", "dtype", "shape", "dim", "size",
  "memory_stats", "persistent_tensor_alloc_ids", "partition_graphs", "node", "input",
  "unknown", "{", "}", "<", ">", "[", "]", ":", ",", ";", "1", "-5", "0x1f", "07", "1.5",
  "\"s\"", "'t'", "\"\\n\"", "DT_FLOAT", "true", "inf", "#c\n", "\n", "[x.y]", "\"",
};

static void
check_parse_anything (const char *text,
                      gsize       len)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GBytes) wire = stp_pbtext_parse (&tensorflow__run_metadata__descriptor, text, len, &error);

  if (wire != NULL)
    {
      g_free (print_or_die (&tensorflow__run_metadata__descriptor, wire));
      protobuf_c_message_free_unpacked (unpack_or_die (&tensorflow__run_metadata__descriptor, wire), NULL);
    }
  else
    g_assert_true (g_str_has_prefix (error->message, "line "));
}

static void
test_random_text (void)
{
  g_autoptr(GRand) rand = g_rand_new_with_seed (20260315);
  g_autoptr(GBytes) real = load ("step-stats", "run_meta.step_stats.pbtxt", NULL);
  gsize real_len;
  const guint8 *real_data = g_bytes_get_data (real, &real_len);

  for (guint i = 0; i < 3000; i++)
    {
      g_autoptr(GString) text = g_string_new (NULL);
      guint n = g_rand_int_range (rand, 0, 60);

      for (guint k = 0; k < n; k++)
        {
          if (g_rand_int_range (rand, 0, 20) == 0)
            g_string_append_c (text, (char) g_rand_int_range (rand, 0, 256));
          else
            g_string_append (text, vocabulary[g_rand_int_range (rand, 0, G_N_ELEMENTS (vocabulary))]);
          g_string_append_c (text, ' ');
        }
      check_parse_anything (text->str, text->len);
    }

  for (guint i = 0; i < 1000; i++)
    {
      guint8 bytes[256];
      guint n = g_rand_int_range (rand, 0, sizeof bytes);

      for (guint k = 0; k < n; k++)
        bytes[k] = g_rand_int_range (rand, 0, 256);
      check_parse_anything ((const char *) bytes, n);
    }

  for (guint i = 0; i < 300; i++)
    {
      g_autofree guint8 *copy = g_memdup2 (real_data, real_len);
      guint changes = g_rand_int_range (rand, 1, 5);

      for (guint k = 0; k < changes; k++)
        copy[g_rand_int_range (rand, 0, real_len)] = "{}<>[]:;,\"'\\#\n x0-"[g_rand_int_range (rand, 0, 19)];
      check_parse_anything ((const char *) copy, real_len);
    }
}

static void
check_print_anything (const ProtobufCMessageDescriptor *desc,
                      const guint8                     *data,
                      gsize                             len)
{
  g_autoptr(GError) error = NULL;
  g_autoptr(GString) out = g_string_new (NULL);

  if (!stp_pbtext_print (desc, data, len, out, &error))
    g_assert_nonnull (error);
  else
    g_assert_no_error (error);
}

static void
test_bad_wire (void)
{
  static const struct
  {
    const char *wire;
    gsize len;
    StpError code;
  } cases[] = {
    { "\x08", 1, STP_ERROR_TRUNCATED },                         /* varint missing */
    { "\x0a\x05" "ab", 4, STP_ERROR_TRUNCATED },               /* length past the end */
    { "\x0b\x0c", 2, STP_ERROR_CORRUPT },                      /* group */
    { "\x12\x03\x08\x80\x80", 5, STP_ERROR_TRUNCATED },        /* inside shape */
    { "\x22\x02\x30\xff", 4, STP_ERROR_TRUNCATED },            /* inside allocation_description */
    { "\x00\x01", 2, STP_ERROR_CORRUPT },                      /* field number 0 */
    { "\x08\xff\xff\xff\xff\xff\xff\xff\xff\xff\xff\x01", 12, STP_ERROR_TRUNCATED },
  };
  g_autoptr(GBytes) bare = load ("step-stats", "run_meta.bare_step_stats.pb", NULL);
  g_autoptr(GRand) rand = g_rand_new_with_seed (4242);
  gsize len;
  const guint8 *data = g_bytes_get_data (bare, &len);

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(GString) out = g_string_new (NULL);

      g_assert_false (stp_pbtext_print (&tensorflow__tensor_description__descriptor,
                                        (const guint8 *) cases[i].wire, cases[i].len, out, &error));
      g_assert_error (error, STP_ERROR, (gint) cases[i].code);
    }

  {
    /* a packed field cut short */
    g_autoptr(GError) error = NULL;
    g_autoptr(GString) out = g_string_new (NULL);

    g_assert_false (stp_pbtext_print (&tensorflow__memory_stats__descriptor,
                                      (const guint8 *) "\x2a\x02\x01\x80", 4, out, &error));
    g_assert_error (error, STP_ERROR, STP_ERROR_TRUNCATED);
  }

  for (gsize cut = 0; cut <= len; cut++)
    check_print_anything (&tensorflow__step_stats__descriptor, data, cut);

  for (guint i = 0; i < 2000; i++)
    {
      g_autofree guint8 *copy = g_memdup2 (data, len);
      guint8 noise[64];
      guint n = g_rand_int_range (rand, 0, sizeof noise);

      for (guint k = 0; k < 3; k++)
        copy[g_rand_int_range (rand, 0, len)] = g_rand_int_range (rand, 0, 256);
      check_print_anything (&tensorflow__step_stats__descriptor, copy, len);
      for (guint k = 0; k < n; k++)
        noise[k] = g_rand_int_range (rand, 0, 256);
      check_print_anything (&stptest__all_types__descriptor, noise, n);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/pbtext/parse/errors", test_errors);
  g_test_add_func ("/pbtext/nesting", test_nesting);
  g_test_add_func ("/pbtext/parse/truncated", test_truncated_text);
  g_test_add_func ("/pbtext/parse/random", test_random_text);
  g_test_add_func ("/pbtext/print/bad-wire", test_bad_wire);

  return g_test_run ();
}
