/* stp-step-stats-sniff.c: telling a StepStats or RunMetadata, binary or
 * text, from other files, and one cut short from one broken inside
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "stp-step-stats"

#include "stp-step-stats.h"
#include "stp-step-stats-fields.h"
#include "stp-step-stats-sniff.h"
#include "stp-error.h"
#include "stp-pbtext.h"

#include "tensorflow.pb-c.h"

/* Bytes from a field's start that a cut field may take: a tag and a
 * length of ten bytes each.  A truncation further from the end is a
 * varint too long, not a cut. */
#define CUT_TAIL 20

/* The next field, as stp_wire_next() reads it.  But when `head` is
 * set, the bytes may be the first of a longer file (what a folder's
 * listing reads of each), so a field cut by their end is not an error:
 * a message cut short holds what is left, and *cut is set.  Only what
 * the reader refuses as truncated is taken for a cut. */
static gboolean
next_field (StpWireReader  *reader,
            StpWireField   *f,
            gboolean        head,
            gboolean       *cut,
            GError        **error)
{
  StpWireReader peek = *reader;
  gsize at = reader->pos;
  guint64 tag, len;

  if (stp_wire_next (reader, f, error))
    return TRUE;
  if (!head || error == NULL || !g_error_matches (*error, STP_ERROR, STP_ERROR_TRUNCATED))
    return FALSE;

  /* A message that claims more bytes than are left (the reader has
   * checked its tag). */
  if (stp_wire_read_varint (&peek, &tag) && (tag & 7) == STP_WIRE_LEN &&
      stp_wire_read_varint (&peek, &len) && len > peek.len - peek.pos)
    {
      g_clear_error (error);
      f->number = (guint32) (tag >> 3);
      f->type = STP_WIRE_LEN;
      f->bytes = peek.data + peek.pos;
      f->len = peek.len - peek.pos;
      f->offset = peek.base + at;
      reader->pos = reader->len;
      *cut = TRUE;
      return TRUE;
    }

  /* A tag or value cut in two at the very end. */
  if (reader->len - at <= CUT_TAIL)
    {
      g_clear_error (error);
      *cut = TRUE;
    }
  return FALSE;
}

/* Whether a name cut short is text: what is left of its last
 * character may be fewer bytes than it takes. */
static gboolean
is_text (const guint8 *bytes,
         gsize         len,
         gboolean      cut)
{
  const char *end;

  return g_utf8_validate ((const char *) bytes, len, &end) ||
         (cut && (const guint8 *) end + 4 > bytes + len);
}

/* A DeviceStepStats has a device name (1), node stats (2) and a thread
 * name map (3), all length-delimited, and nothing else we know of. */
static gboolean
looks_like_device (const guint8 *data,
                   gsize         len,
                   gboolean      head,
                   char        **why)
{
  StpWireReader reader;
  StpWireField f;
  g_autoptr(GError) error = NULL;
  gboolean cut = FALSE;
  guint n = 0;

  stp_wire_reader_init (&reader, data, len, 0);
  while (n < 8 && next_field (&reader, &f, head, &cut, &error))
    {
      if (f.type != STP_WIRE_LEN || f.number > 3)
        {
          *why = g_strdup_printf ("a device's field %u is not a string or message", f.number);
          return FALSE;
        }
      if (f.number == DEVICE_DEVICE && !is_text (f.bytes, f.len, cut))
        {
          *why = g_strdup ("a device name is not text");
          return FALSE;
        }
      n++;
    }

  if (error != NULL)
    {
      *why = g_strdup_printf ("a device is malformed: %s", error->message);
      return FALSE;
    }

  return TRUE;
}

/* A StepStats is a list of DeviceStepStats (field 1). */
gboolean
stp_step_stats_looks_like_step_stats (const guint8 *data,
                                      gsize         len,
                                      gsize         base,
                                      gboolean      head,
                                      char        **why)
{
  StpWireReader reader;
  StpWireField f;
  g_autoptr(GError) error = NULL;
  gboolean cut = FALSE;
  guint n = 0;

  stp_wire_reader_init (&reader, data, len, base);
  while (n < 4 && next_field (&reader, &f, head, &cut, &error))
    {
      if (f.number != STEP_STATS_DEV_STATS || f.type != STP_WIRE_LEN)
        {
          *why = g_strdup_printf ("field %u at byte %" G_GSIZE_FORMAT " is not a device's stats",
                                  f.number, f.offset);
          return FALSE;
        }
      if (!looks_like_device (f.bytes, f.len, cut, why))
        return FALSE;
      n++;
    }

  if (error != NULL)
    {
      *why = g_strdup (error->message);
      return FALSE;
    }

  return TRUE;
}

/* A RunMetadata's fields 1-5 are all messages; 1 is a StepStats. */
gboolean
stp_step_stats_looks_like_run_metadata (const guint8 *data,
                                        gsize         len,
                                        gboolean      head,
                                        char        **why,
                                        gboolean     *without_step_stats)
{
  StpWireReader reader;
  StpWireField f;
  g_autoptr(GError) error = NULL;
  gboolean has_step_stats = FALSE;
  gboolean cut = FALSE;
  guint n = 0;

  stp_wire_reader_init (&reader, data, len, 0);
  while (n < 16 && next_field (&reader, &f, head, &cut, &error))
    {
      if (f.number < 1 || f.number > 5 || f.type != STP_WIRE_LEN)
        {
          *why = g_strdup_printf ("field %u at byte %" G_GSIZE_FORMAT " is not a message",
                                  f.number, f.offset);
          return FALSE;
        }
      if (f.number == RUN_METADATA_STEP_STATS)
        {
          if (!stp_step_stats_looks_like_step_stats (f.bytes, f.len, f.offset, cut, why))
            return FALSE;
          has_step_stats = TRUE;
        }
      n++;
    }

  if (error != NULL)
    {
      *why = g_strdup (error->message);
      return FALSE;
    }
  if (!has_step_stats)
    {
      /* Its fields are a RunMetadata's, but none is step_stats. */
      *without_step_stats = TRUE;
      *why = g_strdup ("it has no step_stats");
      return FALSE;
    }

  return TRUE;
}

gboolean
stp_step_stats_sniff (const guint8 *data,
                      gsize         len,
                      StpFormat    *format)
{
  g_autofree char *why_rm = NULL;
  g_autofree char *why_ss = NULL;
  gboolean without_step_stats = FALSE;

  g_return_val_if_fail (data != NULL || len == 0, FALSE);

  if (len == 0)
    return FALSE;

  if (stp_step_stats_looks_like_run_metadata (data, len, TRUE, &why_rm, &without_step_stats))
    {
      *format = STP_FORMAT_RUN_METADATA;
      return TRUE;
    }
  if (stp_step_stats_looks_like_step_stats (data, len, 0, TRUE, &why_ss))
    {
      *format = STP_FORMAT_STEP_STATS;
      return TRUE;
    }

  return FALSE;
}

/* Whether a binary file's last field runs past its end: a file cut
 * short, not one whose bytes disagree inside. */
gboolean
stp_step_stats_ends_inside_a_field (const guint8 *data,
                                    gsize         len)
{
  g_autoptr(GError) error = NULL;
  StpWireReader reader;
  StpWireField f;

  stp_wire_reader_init (&reader, data, len, 0);
  while (stp_wire_next (&reader, &f, &error))
    ;
  return g_error_matches (error, STP_ERROR, STP_ERROR_TRUNCATED);
}

gboolean
stp_step_stats_looks_like_text (const guint8 *data,
                                gsize         len)
{
  gsize i = 0;

  /* Text format starts with a field name or a comment. */
  while (i < len && g_ascii_isspace (data[i]))
    i++;
  if (i == len)
    return FALSE;
  if (data[i] != '#' && !g_ascii_isalpha (data[i]) && data[i] != '_')
    return FALSE;

  for (gsize j = i; j < len && j < i + 4096; j++)
    if (data[j] == 0)
      return FALSE;

  return TRUE;
}

/* Text format: the first field name tells a RunMetadata (step_stats,
 * partition_graphs, cost_graph...) from a bare StepStats (dev_stats). */
StpFormat
stp_step_stats_sniff_text_format (const guint8 *data,
                                  gsize         len)
{
  if (stp_pbtext_name_is (data, len, stp_pbtext_first_name_at (data, len), "dev_stats"))
    return STP_FORMAT_STEP_STATS_TEXT;

  return STP_FORMAT_RUN_METADATA_TEXT;
}

/* Just past the text's first field name if that is one of RunMetadata's
 * or StepStats' (then a parse error is an error in a trace, not a sign
 * that the file is something else), else 0: a name is never empty. */
gsize
stp_step_stats_known_first_name_end (const guint8 *data,
                                     gsize         len)
{
  g_autofree char *name = NULL;
  gsize start = stp_pbtext_first_name_at (data, len);
  gsize end = stp_pbtext_name_end (data, len, start);

  name = g_strndup ((const char *) data + start, end - start);
  if (protobuf_c_message_descriptor_get_field_by_name (&tensorflow__run_metadata__descriptor, name) != NULL ||
      protobuf_c_message_descriptor_get_field_by_name (&tensorflow__step_stats__descriptor, name) != NULL)
    return end;
  return 0;
}

