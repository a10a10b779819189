/* xspace-test-util.c: building XSpace wire bytes by hand, for tests
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#include "xspace-test-util.h"
#include "stp-wire.h"

#include <string.h>

struct _XPlaneBuilder
{
  char       *name;
  gint64      id;
  GByteArray *metadata;     /* map entries */
  GByteArray *lines;        /* XPlane.lines fields */
  GHashTable *stat_ids;     /* name -> id */
  GHashTable *event_ids;
  gint64      next_stat;
  gint64      next_event;
  GByteArray *line;         /* the line being built */
};

static void
put_varint (GByteArray *out,
            guint32     number,
            guint64     value)
{
  stp_wire_put_tag (out, number, STP_WIRE_VARINT);
  stp_wire_put_varint (out, value);
}

static void
put_str (GByteArray *out,
         guint32     number,
         const char *str)
{
  stp_wire_put_bytes (out, number, str, strlen (str));
}

static void
put_msg (GByteArray *out,
         guint32     number,
         GByteArray *msg)
{
  stp_wire_put_bytes (out, number, msg->data, msg->len);
}

XStats *
xstats_new (void)
{
  return g_ptr_array_new_with_free_func ((GDestroyNotify) g_byte_array_unref);
}

void
xstats_free (XStats *stats)
{
  if (stats != NULL)
    g_ptr_array_unref (stats);
}

static GByteArray *
stat_begin (XStats        *stats,
            XPlaneBuilder *plane,
            const char    *name)
{
  GByteArray *stat = g_byte_array_new ();

  put_varint (stat, 1, xplane_stat_id (plane, name));
  g_ptr_array_add (stats, stat);
  return stat;
}

void
xstats_int (XStats *stats, XPlaneBuilder *plane, const char *name, gint64 value)
{
  put_varint (stat_begin (stats, plane, name), 4, (guint64) value);
}

void
xstats_uint (XStats *stats, XPlaneBuilder *plane, const char *name, guint64 value)
{
  put_varint (stat_begin (stats, plane, name), 3, value);
}

void
xstats_double (XStats *stats, XPlaneBuilder *plane, const char *name, double value)
{
  GByteArray *stat = stat_begin (stats, plane, name);
  guint64 bits;
  guint8 le[8];

  memcpy (&bits, &value, 8);
  for (guint i = 0; i < 8; i++)
    le[i] = bits >> (8 * i);
  stp_wire_put_tag (stat, 2, STP_WIRE_I64);
  g_byte_array_append (stat, le, 8);
}

void
xstats_str (XStats *stats, XPlaneBuilder *plane, const char *name, const char *value)
{
  put_str (stat_begin (stats, plane, name), 5, value);
}

void
xstats_bytes (XStats *stats, XPlaneBuilder *plane, const char *name, const void *value, gsize len)
{
  stp_wire_put_bytes (stat_begin (stats, plane, name), 6, value, len);
}

void
xstats_ref (XStats *stats, XPlaneBuilder *plane, const char *name, const char *value)
{
  gint64 ref = xplane_stat_id (plane, value);

  put_varint (stat_begin (stats, plane, name), 7, (guint64) ref);
}

void
xstats_unknown (XStats *stats, gint64 metadata_id, gint64 value)
{
  GByteArray *stat = g_byte_array_new ();

  put_varint (stat, 1, (guint64) metadata_id);
  put_varint (stat, 4, (guint64) value);
  g_ptr_array_add (stats, stat);
}

static void
put_stats (GByteArray *out,
           guint32     number,
           XStats     *stats)
{
  for (guint i = 0; stats != NULL && i < stats->len; i++)
    put_msg (out, number, g_ptr_array_index (stats, i));
}

XPlaneBuilder *
xplane_new (const char *name,
            gint64      id)
{
  XPlaneBuilder *plane = g_new0 (XPlaneBuilder, 1);

  plane->name = g_strdup (name);
  plane->id = id;
  plane->metadata = g_byte_array_new ();
  plane->lines = g_byte_array_new ();
  plane->stat_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  plane->event_ids = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  plane->next_stat = 1;
  plane->next_event = 1;
  return plane;
}

void
xplane_free (XPlaneBuilder *plane)
{
  if (plane == NULL)
    return;
  g_free (plane->name);
  g_byte_array_unref (plane->metadata);
  g_byte_array_unref (plane->lines);
  g_hash_table_unref (plane->stat_ids);
  g_hash_table_unref (plane->event_ids);
  if (plane->line != NULL)
    g_byte_array_unref (plane->line);
  g_free (plane);
}

gint64
xplane_stat_id (XPlaneBuilder *plane,
                const char    *name)
{
  gpointer value;
  g_autoptr(GByteArray) meta = g_byte_array_new ();
  g_autoptr(GByteArray) entry = g_byte_array_new ();
  gint64 id;

  if (g_hash_table_lookup_extended (plane->stat_ids, name, NULL, &value))
    return GPOINTER_TO_SIZE (value);

  id = plane->next_stat++;
  put_varint (meta, 1, id);
  put_str (meta, 2, name);
  put_varint (entry, 1, id);
  put_msg (entry, 2, meta);
  put_msg (plane->metadata, 5, entry);
  g_hash_table_insert (plane->stat_ids, g_strdup (name), GSIZE_TO_POINTER (id));
  return id;
}

gint64
xplane_event_id (XPlaneBuilder *plane,
                 const char    *name,
                 const char    *display_name,
                 XStats        *stats)
{
  gpointer value;
  g_autoptr(GByteArray) meta = g_byte_array_new ();
  g_autoptr(GByteArray) entry = g_byte_array_new ();
  gint64 id;

  if (g_hash_table_lookup_extended (plane->event_ids, name, NULL, &value))
    {
      xstats_free (stats);
      return GPOINTER_TO_SIZE (value);
    }

  id = plane->next_event++;
  put_varint (meta, 1, id);
  put_str (meta, 2, name);
  if (display_name != NULL)
    put_str (meta, 4, display_name);
  put_stats (meta, 5, stats);
  xstats_free (stats);
  put_varint (entry, 1, id);
  put_msg (entry, 2, meta);
  put_msg (plane->metadata, 4, entry);
  g_hash_table_insert (plane->event_ids, g_strdup (name), GSIZE_TO_POINTER (id));
  return id;
}

void
xplane_begin_line (XPlaneBuilder *plane,
                   gint64         id,
                   const char    *name,
                   gint64         timestamp_ns)
{
  g_assert (plane->line == NULL);
  plane->line = g_byte_array_new ();
  put_varint (plane->line, 1, (guint64) id);
  put_str (plane->line, 2, name);
  put_varint (plane->line, 3, (guint64) timestamp_ns);
}

void
xplane_event (XPlaneBuilder *plane,
              gint64         metadata_id,
              gint64         offset_ps,
              gint64         duration_ps,
              XStats        *stats)
{
  g_autoptr(GByteArray) event = g_byte_array_new ();

  g_assert (plane->line != NULL);
  put_varint (event, 1, (guint64) metadata_id);
  put_varint (event, 2, (guint64) offset_ps);
  put_varint (event, 3, (guint64) duration_ps);
  put_stats (event, 4, stats);
  xstats_free (stats);
  put_msg (plane->line, 4, event);
}

void
xplane_end_line (XPlaneBuilder *plane)
{
  g_assert (plane->line != NULL);
  put_msg (plane->lines, 3, plane->line);
  g_clear_pointer (&plane->line, g_byte_array_unref);
}

void
xplane_finish (XPlaneBuilder *plane,
               GByteArray    *space)
{
  g_autoptr(GByteArray) bytes = g_byte_array_new ();

  put_varint (bytes, 1, (guint64) plane->id);
  put_str (bytes, 2, plane->name);
  g_byte_array_append (bytes, plane->lines->data, plane->lines->len);
  g_byte_array_append (bytes, plane->metadata->data, plane->metadata->len);
  put_msg (space, 1, bytes);
  xplane_free (plane);
}

StpTrace *
xspace_load (GByteArray         *space,
             StpXSpaceLoadFlags  flags)
{
  g_autoptr(GBytes) bytes = g_bytes_new (space->data, space->len);
  g_autoptr(GError) error = NULL;
  StpTrace *trace;

  trace = stp_xspace_load_bytes (bytes, "built.xplane.pb", flags, NULL, NULL, NULL, &error);
  g_assert_no_error (error);
  g_assert_nonnull (trace);
  return trace;
}

guint32
find_process (StpTrace   *trace,
              const char *name)
{
  for (guint i = 0; i < trace->processes->len; i++)
    if (g_strcmp0 (stp_trace_str (trace, stp_trace_get_process (trace, i)->name), name) == 0)
      return i;
  return STP_INDEX_NONE;
}

StpTrack *
find_track (StpTrace   *trace,
            guint32     process,
            const char *name)
{
  const StpProcess *p;

  if (process == STP_INDEX_NONE)
    return NULL;
  p = stp_trace_get_process (trace, process);
  for (guint i = 0; i < p->tracks->len; i++)
    {
      StpTrack *track = stp_trace_get_track (trace, g_array_index (p->tracks, guint32, i));

      if (track->lane == 0 && g_strcmp0 (stp_trace_str (trace, track->name), name) == 0)
        return track;
    }
  return NULL;
}

static gint
compare_ts_depth (gconstpointer a,
                  gconstpointer b)
{
  const StpSlice *sa = *(StpSlice * const *) a;
  const StpSlice *sb = *(StpSlice * const *) b;

  if (sa->ts != sb->ts)
    return sa->ts < sb->ts ? -1 : 1;
  return sa->depth - sb->depth;
}

char *
describe_slices (StpTrace *trace,
                 StpTrack *track)
{
  g_autoptr(GPtrArray) slices = g_ptr_array_new ();
  GString *out = g_string_new (NULL);

  if (track == NULL)
    return g_string_free (out, FALSE);
  for (guint i = 0; i < track->slices->len; i++)
    g_ptr_array_add (slices, stp_track_get_slice (track, i));
  g_ptr_array_sort (slices, compare_ts_depth);
  for (guint i = 0; i < slices->len; i++)
    {
      const StpSlice *s = g_ptr_array_index (slices, i);

      g_string_append_printf (out, "%s%s@%" G_GINT64_FORMAT "+%" G_GINT64_FORMAT "/%u",
                              i ? " " : "", stp_trace_str (trace, s->name), s->ts, s->dur, s->depth);
    }
  return g_string_free (out, FALSE);
}
