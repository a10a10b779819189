/* stp-xspace-index.c: an XSpace's planes and metadata, indexed in place
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * XSpace files reach gigabytes; unpacking them whole (as TensorBoard
 * does, with 20-30 GB for 1 GB) is out of the question.  The file stays
 * one block of bytes; this walks it with the wire reader and keeps, per
 * plane, its metadata maps as spans into the bytes.  Fields follow
 * protobuf's rules: the last occurrence of a singular field wins, a
 * later map entry replaces an earlier one with the same key, a field
 * whose wire type does not match the schema is an unknown field.
 */

#define G_LOG_DOMAIN "stp-xspace"

#include "stp-xspace-private.h"
#include "stp-error.h"

#include <string.h>

static inline StpSpan
span_of (const StpWireField *field)
{
  StpSpan span = { (const char *) field->bytes, (guint32) field->len };
  return span;
}

/* ------------------------------------------------------------------ */
/* Id maps                                                             */

typedef struct
{
  gint64  id;
  guint32 index;
} IdEntry;

static gint
compare_entries (gconstpointer a,
                 gconstpointer b)
{
  const IdEntry *ea = a;
  const IdEntry *eb = b;

  if (ea->id != eb->id)
    return ea->id < eb->id ? -1 : 1;
  return ea->index < eb->index ? -1 : (ea->index > eb->index);
}

/* Builds the map from (id, index) in input order: the last entry of an
 * id wins, as in a protobuf map. */
static void
id_map_build (StpXIdMap *map,
              GArray    *entries)
{
  gint64 max_id = G_MININT64, min_id = G_MAXINT64;

  g_array_sort (entries, compare_entries);

  map->ids = g_array_new (FALSE, FALSE, sizeof (gint64));
  map->indices = g_array_new (FALSE, FALSE, sizeof (guint32));

  for (guint i = 0; i < entries->len; i++)
    {
      const IdEntry *e = &g_array_index (entries, IdEntry, i);

      if (i + 1 < entries->len && g_array_index (entries, IdEntry, i + 1).id == e->id)
        continue;
      g_array_append_val (map->ids, e->id);
      g_array_append_val (map->indices, e->index);
      max_id = MAX (max_id, e->id);
      min_id = MIN (min_id, e->id);
    }

  /* Profilers number metadata 1, 2, 3...: a direct table then. */
  if (map->ids->len > 0 && min_id >= 0 && max_id < (gint64) map->ids->len * 4 + 1024)
    {
      map->n_dense = max_id + 1;
      map->dense = g_new0 (guint32, map->n_dense);
      for (guint i = 0; i < map->ids->len; i++)
        map->dense[g_array_index (map->ids, gint64, i)] = g_array_index (map->indices, guint32, i) + 1;
    }
}

static void
id_map_clear (StpXIdMap *map)
{
  g_clear_pointer (&map->ids, g_array_unref);
  g_clear_pointer (&map->indices, g_array_unref);
  g_clear_pointer (&map->dense, g_free);
}

static guint32
id_map_lookup (const StpXIdMap *map,
               gint64           id)
{
  guint lo = 0, hi;

  if (map->dense != NULL)
    return (id >= 0 && (guint64) id < map->n_dense && map->dense[id] != 0)
           ? map->dense[id] - 1 : STP_INDEX_NONE;

  if (map->ids == NULL)
    return STP_INDEX_NONE;

  hi = map->ids->len;
  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      gint64 v = g_array_index (map->ids, gint64, mid);

      if (v == id)
        return g_array_index (map->indices, guint32, mid);
      if (v < id)
        lo = mid + 1;
      else
        hi = mid;
    }

  return STP_INDEX_NONE;
}

const StpXEventMeta *
stp_xplane_lookup_event_meta (const StpXPlane *plane,
                              gint64           id)
{
  guint32 index = id_map_lookup (&plane->event_map, id);

  return index == STP_INDEX_NONE ? NULL : &g_array_index (plane->event_metas, StpXEventMeta, index);
}

const StpXStatMeta *
stp_xplane_lookup_stat_meta (const StpXPlane *plane,
                             gint64           id)
{
  guint32 index = id_map_lookup (&plane->stat_map, id);

  return index == STP_INDEX_NONE ? NULL : &g_array_index (plane->stat_metas, StpXStatMeta, index);
}

/* ------------------------------------------------------------------ */
/* Stats                                                               */

gboolean
stp_xstat_read (const StpWireReader *parent,
                const StpWireField  *field,
                StpXStat            *stat,
                GError             **error)
{
  StpWireReader reader;
  StpWireField f;

  memset (stat, 0, sizeof *stat);
  stp_wire_reader_sub (&reader, parent, field);

  while (stp_wire_next (&reader, &f, error))
    {
      switch (f.number)
        {
        case XSTAT_METADATA_ID:
          if (f.type == STP_WIRE_VARINT)
            stat->metadata_id = (gint64) f.value;
          break;
        case XSTAT_DOUBLE:
          if (f.type == STP_WIRE_I64)
            {
              memcpy (&stat->d, &f.value, sizeof stat->d);
              stat->kind = STP_XVALUE_DOUBLE;
            }
          break;
        case XSTAT_UINT64:
        case XSTAT_REF:
          if (f.type == STP_WIRE_VARINT)
            {
              stat->u = f.value;
              stat->kind = f.number == XSTAT_REF ? STP_XVALUE_REF : STP_XVALUE_UINT64;
            }
          break;
        case XSTAT_INT64:
          if (f.type == STP_WIRE_VARINT)
            {
              stat->i = (gint64) f.value;
              stat->kind = STP_XVALUE_INT64;
            }
          break;
        case XSTAT_STR:
        case XSTAT_BYTES:
          if (f.type == STP_WIRE_LEN)
            {
              stat->bytes = span_of (&f);
              stat->kind = f.number == XSTAT_STR ? STP_XVALUE_STR : STP_XVALUE_BYTES;
            }
          break;
        default:
          break;
        }
    }

  return error == NULL || *error == NULL;
}

static gboolean
stat_int (const StpXStat *stat,
          gint64         *value)
{
  if (stat->kind == STP_XVALUE_INT64)
    *value = stat->i;
  else if (stat->kind == STP_XVALUE_UINT64)
    *value = (gint64) stat->u;
  else
    return FALSE;
  return TRUE;
}

/* XStatVisitor::StrOrRefValue: a string, or the name of the stat
 * metadata a ref points at; nothing for other types. */
static gboolean
stat_str (const StpXPlane *plane,
          const StpXStat  *stat,
          StpSpan         *value)
{
  if (stat->kind == STP_XVALUE_STR)
    {
      *value = stat->bytes;
      return TRUE;
    }
  if (stat->kind == STP_XVALUE_REF && stat->u <= G_MAXINT64)
    {
      const StpXStatMeta *ref = stp_xplane_lookup_stat_meta (plane, (gint64) stat->u);

      if (ref != NULL)
        {
          *value = ref->name;
          return TRUE;
        }
    }
  return FALSE;
}

void
stp_xknown_add (StpXKnown       *known,
                const StpXPlane *plane,
                const StpXSpace *space,
                const StpXStat  *stat)
{
  const StpXStatMeta *meta = stp_xplane_lookup_stat_meta (plane, stat->metadata_id);
  StpXKnownStat kind = meta ? meta->known : STP_XSTAT_OTHER;
  gboolean ok = FALSE;

  switch (kind)
    {
    case STP_XSTAT_GROUP_ID:       ok = stat_int (stat, &known->group_id); break;
    case STP_XSTAT_DEVICE_ID:      ok = stat_int (stat, &known->device_id); break;
    case STP_XSTAT_IS_ASYNC:       ok = stat_int (stat, &known->is_async); break;
    case STP_XSTAT_CORRELATION_ID: ok = stat->kind == STP_XVALUE_INT64 || stat->kind == STP_XVALUE_UINT64; break;
    case STP_XSTAT_KERNEL_DETAILS: ok = TRUE; break;
    case STP_XSTAT_TF_OP:
    case STP_XSTAT_LEVEL0:         ok = stat_str (plane, stat, &known->tf_op); kind = STP_XSTAT_TF_OP; break;
    case STP_XSTAT_HLO_OP:         ok = stat_str (plane, stat, &known->hlo_op); break;
    case STP_XSTAT_HLO_MODULE:     ok = stat_str (plane, stat, &known->hlo_module); break;
    case STP_XSTAT_STEP_NAME:      ok = stat_str (plane, stat, &known->step_name); break;
    case STP_XSTAT_OTHER:
    case STP_N_XSTATS:
    default:
      break;
    }

  if (ok)
    known->has |= 1u << kind;
}

void
stp_xknown_merge (StpXKnown       *known,
                  const StpXKnown *over)
{
  if (STP_XKNOWN_HAS (over, STP_XSTAT_GROUP_ID))
    known->group_id = over->group_id;
  if (STP_XKNOWN_HAS (over, STP_XSTAT_DEVICE_ID))
    known->device_id = over->device_id;
  if (STP_XKNOWN_HAS (over, STP_XSTAT_IS_ASYNC))
    known->is_async = over->is_async;
  if (STP_XKNOWN_HAS (over, STP_XSTAT_STEP_NAME))
    known->step_name = over->step_name;
  if (STP_XKNOWN_HAS (over, STP_XSTAT_TF_OP))
    known->tf_op = over->tf_op;
  if (STP_XKNOWN_HAS (over, STP_XSTAT_HLO_OP))
    known->hlo_op = over->hlo_op;
  if (STP_XKNOWN_HAS (over, STP_XSTAT_HLO_MODULE))
    known->hlo_module = over->hlo_module;
  known->has |= over->has;
}

gboolean
stp_xstats_collect (const StpXSpace *space,
                    const StpXPlane *plane,
                    const guint8    *data,
                    gsize            len,
                    gsize            base,
                    guint32          stats_field,
                    StpXKnown       *known,
                    GError         **error)
{
  StpWireReader reader;
  StpWireField f;

  stp_wire_reader_init (&reader, data, len, base);
  while (stp_wire_next (&reader, &f, error))
    {
      StpXStat stat;

      if (f.number != stats_field || f.type != STP_WIRE_LEN)
        continue;
      if (!stp_xstat_read (&reader, &f, &stat, error))
        return FALSE;
      if (known != NULL)
        stp_xknown_add (known, plane, space, &stat);
    }

  return error == NULL || *error == NULL;
}

/* ------------------------------------------------------------------ */
/* Planes                                                              */

static StpXKnownStat
known_stat_of (StpSpan name)
{
  static const struct { const char *name; StpXKnownStat kind; } names[] = {
    { "group_id", STP_XSTAT_GROUP_ID },
    { "step_name", STP_XSTAT_STEP_NAME },
    { "tf_op", STP_XSTAT_TF_OP },
    { "level 0", STP_XSTAT_LEVEL0 },
    { "hlo_op", STP_XSTAT_HLO_OP },
    { "hlo_module", STP_XSTAT_HLO_MODULE },
    { "kernel_details", STP_XSTAT_KERNEL_DETAILS },
    { "device_id", STP_XSTAT_DEVICE_ID },
    { "correlation_id", STP_XSTAT_CORRELATION_ID },
    { "is_async", STP_XSTAT_IS_ASYNC },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (strlen (names[i].name) == name.len && memcmp (names[i].name, name.str, name.len) == 0)
      return names[i].kind;
  return STP_XSTAT_OTHER;
}

/* A map entry: its key and the span of its value message. */
static gboolean
read_map_entry (const StpWireReader *parent,
                const StpWireField  *field,
                gint64              *key,
                StpWireField        *value,
                GError             **error)
{
  StpWireReader reader;
  StpWireField f;

  *key = 0;
  value->bytes = NULL;
  value->len = 0;
  value->offset = field->offset;
  value->type = STP_WIRE_LEN;

  stp_wire_reader_sub (&reader, parent, field);
  while (stp_wire_next (&reader, &f, error))
    {
      if (f.number == MAP_KEY && f.type == STP_WIRE_VARINT)
        *key = (gint64) f.value;
      else if (f.number == MAP_VALUE && f.type == STP_WIRE_LEN)
        *value = f;   /* a repeated value message: the last one is kept */
    }

  return error == NULL || *error == NULL;
}

static gboolean
read_stat_metadata (StpXPlane           *plane,
                    const StpWireReader *parent,
                    const StpWireField  *field,
                    GArray              *entries,
                    GError             **error)
{
  StpXStatMeta meta = { { "", 0 }, STP_XSTAT_OTHER };
  StpWireReader reader;
  StpWireField value, f;
  IdEntry entry;

  if (!read_map_entry (parent, field, &entry.id, &value, error))
    return FALSE;

  if (value.bytes != NULL)
    {
      /* The value lies inside the entry, inside the parent's bytes. */
      stp_wire_reader_init (&reader, value.bytes, value.len,
                            parent->base + (value.bytes - parent->data));
      while (stp_wire_next (&reader, &f, error))
        if (f.number == XSTAT_METADATA_NAME && f.type == STP_WIRE_LEN)
          meta.name = span_of (&f);
      if (error != NULL && *error != NULL)
        return FALSE;
    }

  meta.known = known_stat_of (meta.name);
  entry.index = plane->stat_metas->len;
  g_array_append_val (plane->stat_metas, meta);
  g_array_append_val (entries, entry);
  return TRUE;
}

static gboolean
read_event_metadata (StpXSpace           *self,
                     StpTrace            *trace,
                     StpXPlane           *plane,
                     const StpWireReader *parent,
                     const StpWireField  *field,
                     GArray              *entries,
                     GError             **error)
{
  StpXEventMeta meta = { 0 };
  StpWireReader reader;
  StpWireField value, f;
  IdEntry entry;

  if (!read_map_entry (parent, field, &entry.id, &value, error))
    return FALSE;

  meta.name.str = meta.display_name.str = "";
  meta.message.str = "";
  if (value.bytes != NULL)
    {
      meta.message = span_of (&value);
      meta.offset = parent->base + (value.bytes - parent->data);
      stp_wire_reader_init (&reader, value.bytes, value.len, meta.offset);
      while (stp_wire_next (&reader, &f, error))
        {
          if (f.type != STP_WIRE_LEN)
            continue;
          if (f.number == XEVENT_METADATA_NAME)
            meta.name = span_of (&f);
          else if (f.number == XEVENT_METADATA_DISPLAY_NAME)
            meta.display_name = span_of (&f);
        }
      if (error != NULL && *error != NULL)
        return FALSE;

      if (!stp_xstats_collect (self, plane, value.bytes, value.len, meta.offset,
                               XEVENT_METADATA_STATS, &meta.known, error))
        return FALSE;
    }

  meta.low_name = stp_trace_intern (trace, meta.name.str, meta.name.len);
  meta.slice_name = meta.display_name.len > 0
                    ? stp_trace_intern (trace, meta.display_name.str, meta.display_name.len)
                    : meta.low_name;

  entry.index = plane->event_metas->len;
  g_array_append_val (plane->event_metas, meta);
  g_array_append_val (entries, entry);
  return TRUE;
}

static gboolean
index_plane (StpXSpace    *self,
             StpTrace     *trace,
             StpXPlane    *plane,
             GError      **error)
{
  g_autoptr(GArray) stat_entries = g_array_new (FALSE, FALSE, sizeof (IdEntry));
  g_autoptr(GArray) event_entries = g_array_new (FALSE, FALSE, sizeof (IdEntry));
  StpWireReader reader;
  StpWireField f;

  plane->event_metas = g_array_new (FALSE, TRUE, sizeof (StpXEventMeta));
  plane->stat_metas = g_array_new (FALSE, TRUE, sizeof (StpXStatMeta));
  plane->name.str = "";

  /* Stat metadata first: event metadata's stats need its names. */
  stp_wire_reader_init (&reader, (const guint8 *) plane->message.str, plane->message.len, plane->offset);
  while (stp_wire_next (&reader, &f, error))
    {
      if (f.number == XPLANE_ID && f.type == STP_WIRE_VARINT)
        plane->id = (gint64) f.value;
      else if (f.number == XPLANE_NAME && f.type == STP_WIRE_LEN)
        plane->name = span_of (&f);
      else if (f.number == XPLANE_STAT_METADATA && f.type == STP_WIRE_LEN)
        {
          if (!read_stat_metadata (plane, &reader, &f, stat_entries, error))
            return FALSE;
        }
    }
  if (error != NULL && *error != NULL)
    return FALSE;
  id_map_build (&plane->stat_map, stat_entries);

  stp_wire_reader_init (&reader, (const guint8 *) plane->message.str, plane->message.len, plane->offset);
  while (stp_wire_next (&reader, &f, error))
    {
      if (f.number == XPLANE_EVENT_METADATA && f.type == STP_WIRE_LEN)
        {
          if (!read_event_metadata (self, trace, plane, &reader, &f, event_entries, error))
            return FALSE;
        }
      else if (f.number == XPLANE_STATS && f.type == STP_WIRE_LEN)
        {
          StpXStat stat;

          if (!stp_xstat_read (&reader, &f, &stat, error))
            return FALSE;
        }
    }
  if (error != NULL && *error != NULL)
    return FALSE;
  id_map_build (&plane->event_map, event_entries);

  return TRUE;
}

static void
plane_clear (gpointer data)
{
  StpXPlane *plane = data;

  g_clear_pointer (&plane->event_metas, g_array_unref);
  g_clear_pointer (&plane->stat_metas, g_array_unref);
  id_map_clear (&plane->event_map);
  id_map_clear (&plane->stat_map);
}

StpXSpace *
stp_xspace_new (GBytes     *bytes,
                const char *filename)
{
  StpXSpace *self = g_new0 (StpXSpace, 1);

  self->ref_count = 1;
  self->bytes = g_bytes_ref (bytes);
  self->data = g_bytes_get_data (bytes, &self->len);
  self->filename = g_strdup (filename);
  self->planes = g_array_new (FALSE, TRUE, sizeof (StpXPlane));
  g_array_set_clear_func (self->planes, plane_clear);
  return self;
}

StpXSpace *
stp_xspace_ref (StpXSpace *self)
{
  g_return_val_if_fail (self != NULL, NULL);

  g_atomic_int_inc (&self->ref_count);
  return self;
}

void
stp_xspace_unref (StpXSpace *self)
{
  g_return_if_fail (self != NULL);

  if (!g_atomic_int_dec_and_test (&self->ref_count))
    return;

  g_array_unref (self->planes);
  g_bytes_unref (self->bytes);
  g_free (self->filename);
  g_free (self);
}

static void
describe_plane (GString         *out,
                guint            index,
                const StpXPlane *plane)
{
  g_string_append_printf (out, "plane %u", index);
  if (plane->name.len > 0)
    {
      g_string_append (out, " (");
      g_string_append_len (out, plane->name.str, MIN (plane->name.len, 200));
      g_string_append (out, ")");
    }
}

/* The hosts the profile was taken on, and the planes' names, for the
 * information page: ", " between them. */
static void
describe_space (StpXSpace *self,
                StpTrace  *trace,
                GString   *hostnames)
{
  g_autoptr(GString) planes = g_string_new (NULL);

  if (hostnames->len > 0)
    stp_trace_add_description (trace, "hostnames", hostnames->str);
  for (guint i = 0; i < self->planes->len; i++)
    {
      const StpXPlane *plane = &g_array_index (self->planes, StpXPlane, i);

      if (plane->name.len == 0)
        continue;
      if (planes->len > 0)
        g_string_append (planes, ", ");
      g_string_append_len (planes, plane->name.str, MIN (plane->name.len, 200));
    }
  if (planes->len > 0)
    stp_trace_add_description (trace, "planes", planes->str);
}

/* The top level: planes (and the profiler's own errors and warnings,
 * which become warnings of the trace). */
gboolean
stp_xspace_index (StpXSpace     *self,
                  StpTrace      *trace,
                  GCancellable  *cancellable,
                  GError       **error)
{
  g_autoptr(GString) hostnames = g_string_new (NULL);
  StpWireReader reader;
  StpWireField f;

  stp_wire_reader_init (&reader, self->data, self->len, 0);
  while (stp_wire_next (&reader, &f, error))
    {
      if (f.number == XSPACE_PLANES && f.type == STP_WIRE_LEN)
        {
          StpXPlane plane = { 0 };

          plane.message = span_of (&f);
          plane.offset = f.bytes - self->data;
          g_array_append_val (self->planes, plane);
        }
      else if ((f.number == XSPACE_ERRORS || f.number == XSPACE_WARNINGS) && f.type == STP_WIRE_LEN)
        {
          stp_trace_warn (trace, f.number == XSPACE_ERRORS ? "xspace-profiler-error" : "xspace-profiler-warning",
                          "the profiler reported: %.*s", (int) MIN (f.len, 1000), (const char *) f.bytes);
        }
      else if (f.number == XSPACE_HOSTNAMES && f.type == STP_WIRE_LEN)
        {
          if (hostnames->len > 0)
            g_string_append (hostnames, ", ");
          g_string_append_len (hostnames, (const char *) f.bytes, MIN (f.len, 200));
        }
    }
  if (error != NULL && *error != NULL)
    return FALSE;

  if ((guint64) self->planes->len >= STP_XSPACE_MAX_PLANES)
    {
      g_set_error (error, STP_ERROR, STP_ERROR_LIMIT, "%u planes, more than Stepscope handles",
                   self->planes->len);
      return FALSE;
    }

  for (guint i = 0; i < self->planes->len; i++)
    {
      StpXPlane *plane = &g_array_index (self->planes, StpXPlane, i);

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return FALSE;
      if (!index_plane (self, trace, plane, error))
        {
          g_autoptr(GString) where = g_string_new (NULL);

          describe_plane (where, i, plane);
          g_prefix_error (error, "%s: ", where->str);
          return FALSE;
        }
    }

  describe_space (self, trace, hostnames);
  return TRUE;
}

/* ------------------------------------------------------------------ */
/* Recognising the format                                              */

static gboolean
read_varint (const guint8 *data,
             gsize         len,
             gsize        *pos,
             guint64      *value)
{
  StpWireReader reader;

  stp_wire_reader_init (&reader, data, len, 0);
  reader.pos = *pos;
  if (!stp_wire_read_varint (&reader, value))
    return FALSE;
  *pos = reader.pos;
  return TRUE;
}

/* A plane name: text without control characters (a prefix may end in
 * the middle of a character). */
static gboolean
is_printable (const guint8 *str,
              gsize         len)
{
  const gchar *end = NULL;

  for (gsize i = 0; i < len; i++)
    if (str[i] < 0x20 || str[i] == 0x7f)
      return FALSE;
  if (g_utf8_validate ((const char *) str, len, &end))
    return TRUE;
  return len - ((const guint8 *) end - str) < 4 &&
         g_utf8_get_char_validated (end, len - ((const guint8 *) end - str)) == (gunichar) -2;
}

gboolean
stp_xspace_sniff (const guint8 *data,
                  gsize         len)
{
  gsize pos = 0, end;
  guint64 tag, plane_len;
  guint n_fields = 0;

  g_return_val_if_fail (data != NULL || len == 0, FALSE);

  /* planes = 1, length-delimited; its length may reach past the prefix
   * (or past the file: then it is a damaged XSpace, and said so). */
  if (len < 2 || data[0] != ((XSPACE_PLANES << 3) | STP_WIRE_LEN))
    return FALSE;
  pos = 1;
  if (!read_varint (data, len, &pos, &plane_len) || plane_len == 0)
    return FALSE;
  end = plane_len < len - pos ? pos + plane_len : len;

  /* The plane's id (1) and name (2) come first; past a good name the
   * rest may be damaged. */
  while (pos < end && n_fields < 8)
    {
      guint64 number, value;
      StpWireType type;

      if (!read_varint (data, end, &pos, &tag))
        break;
      number = tag >> 3;
      type = tag & 7;

      if (n_fields == 0 &&
          !((number == XPLANE_ID && type == STP_WIRE_VARINT) ||
            (number == XPLANE_NAME && type == STP_WIRE_LEN)))
        return FALSE;
      if (number < XPLANE_ID || number > XPLANE_STATS ||
          (type != (number == XPLANE_ID ? STP_WIRE_VARINT : STP_WIRE_LEN)))
        return FALSE;

      if (!read_varint (data, end, &pos, &value))
        break;
      n_fields++;
      if (type != STP_WIRE_LEN)
        continue;
      if (number == XPLANE_NAME)
        return value > 0 && is_printable (data + pos, MIN (value, end - pos));
      if (value > end - pos)
        break;
      pos += value;
    }

  return n_fields > 0;
}
