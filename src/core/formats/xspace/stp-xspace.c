/* stp-xspace.c: the TensorFlow/JAX profiler's XSpace (*.xplane.pb)
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * One pass over the lines of every plane turns events into slices.  A
 * slice keeps only where its event is (in args); its args are made
 * from the file's bytes when someone asks, so memory stays near the
 * file size plus 48 bytes an event.  Times are line.timestamp_ns plus
 * offset_ps / 1000 with both ends rounded down to the nanosecond: the
 * rounding is monotonic, so events that were ordered, adjacent or
 * nested in picoseconds still are (a duration may come out 1 ns off).
 */

#define G_LOG_DOMAIN "stp-xspace"

#include "stp-xspace-private.h"
#include "stp-derived-line.h"
#include "stp-error.h"
#include "stp-json-writer.h"

#include <string.h>

#define PROGRESS_INTERVAL 65536

typedef struct
{
  StpXSpace          *space;
  StpTrace           *trace;
  StpXDerived        *derived;
  StpProgressFunc     progress;
  gpointer            user_data;
  GCancellable       *cancellable;
  guint64             n_events;
} Loader;

typedef struct
{
  gint64  id;
  gint64  timestamp_ns;
  StpSpan name;
  StpSpan display_name;
} LineHeader;

static inline StpSpan
span_of (const StpWireField *field)
{
  StpSpan span = { (const char *) field->bytes, (guint32) field->len };
  return span;
}

static gboolean
read_line_header (const StpWireReader *parent,
                  const StpWireField  *field,
                  LineHeader          *line,
                  GError             **error)
{
  StpWireReader reader;
  StpWireField f;

  memset (line, 0, sizeof *line);
  line->name.str = line->display_name.str = "";

  stp_wire_reader_sub (&reader, parent, field);
  while (stp_wire_next (&reader, &f, error))
    {
      if (f.type == STP_WIRE_VARINT && f.number == XLINE_ID)
        line->id = (gint64) f.value;
      else if (f.type == STP_WIRE_VARINT && f.number == XLINE_TIMESTAMP_NS)
        line->timestamp_ns = (gint64) f.value;
      else if (f.type == STP_WIRE_LEN && f.number == XLINE_NAME)
        line->name = span_of (&f);
      else if (f.type == STP_WIRE_LEN && f.number == XLINE_DISPLAY_NAME)
        line->display_name = span_of (&f);
    }

  return error == NULL || *error == NULL;
}

/* Start and end in nanoseconds; FALSE if they do not fit. */
static gboolean
event_times (gint64  line_ts,
             gint64  offset_ps,
             gint64  duration_ps,
             gint64 *ts,
             gint64 *end)
{
  gint64 end_ps;

  if (__builtin_add_overflow (offset_ps, duration_ps, &end_ps) ||
      __builtin_add_overflow (line_ts, stp_floor_div (offset_ps, 1000), ts) ||
      __builtin_add_overflow (line_ts, stp_floor_div (end_ps, 1000), end))
    return FALSE;
  return TRUE;
}

static gboolean
load_event (Loader              *l,
            guint                plane_index,
            StpXPlane           *plane,
            const LineHeader    *line,
            guint32              track,
            gboolean             derived_line,
            const StpWireReader *parent,
            const StpWireField  *field,
            GError             **error)
{
  StpWireReader reader;
  StpWireField f;
  gint64 metadata_id = 0, offset_ps = 0, duration_ps = 0;
  gboolean aggregated = FALSE;
  const StpXEventMeta *meta;
  StpXKnown known = { 0 }, own = { 0 };
  gint64 ts, end;
  StpSlice *slice;

  /* One walk: the event's own stats are kept apart, then laid over
   * its metadata's (which may only be known at the end). */
  stp_wire_reader_sub (&reader, parent, field);
  while (stp_wire_next (&reader, &f, error))
    {
      if (f.type == STP_WIRE_LEN && f.number == XEVENT_STATS)
        {
          StpXStat stat;

          if (!stp_xstat_read (&reader, &f, &stat, error))
            return FALSE;
          stp_xknown_add (&own, plane, l->space, &stat);
          continue;
        }
      if (f.type != STP_WIRE_VARINT)
        continue;
      switch (f.number)
        {
        case XEVENT_METADATA_ID:     metadata_id = (gint64) f.value; break;
        case XEVENT_OFFSET_PS:       offset_ps = (gint64) f.value; aggregated = FALSE; break;
        case XEVENT_NUM_OCCURRENCES: aggregated = TRUE; break;
        case XEVENT_DURATION_PS:     duration_ps = (gint64) f.value; break;
        default: break;
        }
    }
  if (error != NULL && *error != NULL)
    return FALSE;

  meta = stp_xplane_lookup_event_meta (plane, metadata_id);
  if (meta != NULL)
    known = meta->known;
  stp_xknown_merge (&known, &own);

  if (aggregated)
    {
      stp_trace_warn (l->trace, "xspace-aggregated-event",
                      "an event at byte %" G_GSIZE_FORMAT " counts occurrences instead of having a time; "
                      "events like it are left out", field->offset);
      return TRUE;
    }
  if (duration_ps < 0)
    {
      stp_trace_warn (l->trace, "xspace-negative-duration",
                      "the event at byte %" G_GSIZE_FORMAT " lasts %" G_GINT64_FORMAT " ps; shown as 0",
                      field->offset, duration_ps);
      duration_ps = 0;
    }
  if (!event_times (line->timestamp_ns, offset_ps, duration_ps, &ts, &end))
    {
      stp_trace_warn (l->trace, "xspace-time-overflow",
                      "the event at byte %" G_GSIZE_FORMAT " has times past the range of 64-bit "
                      "nanoseconds; events like it are left out", field->offset);
      return TRUE;
    }

  slice = stp_trace_add_slice (l->trace, track);
  slice->ts = ts;
  slice->dur = end - ts;
  slice->seq = stp_trace_next_seq (l->trace);
  slice->flags = STP_SLICE_SOURCE_EVENT;
  slice->args = ((guint64) plane_index << STP_XSPACE_OFFSET_BITS) | field->offset;
  if (meta != NULL)
    {
      slice->name = meta->slice_name;
    }
  else
    {
      g_autofree char *name = g_strdup_printf ("(event metadata %" G_GINT64_FORMAT ")", metadata_id);

      slice->name = stp_trace_intern0 (l->trace, name);
      stp_trace_warn (l->trace, "xspace-unknown-metadata",
                      "the event at byte %" G_GSIZE_FORMAT " names event metadata %" G_GINT64_FORMAT
                      ", which its plane does not have", field->offset, metadata_id);
    }

  if (l->derived != NULL)
    stp_xderived_add_event (l->derived, plane_index, derived_line, line->timestamp_ns,
                            offset_ps, duration_ps, meta, &known);

  return TRUE;
}

static gboolean
load_line (Loader              *l,
           guint                plane_index,
           StpXPlane           *plane,
           const StpWireReader *parent,
           const StpWireField  *field,
           guint32             *present_kinds,
           GError             **error)
{
  LineHeader line;
  StpWireReader reader;
  StpWireField f;
  StpTrack *track;
  guint32 track_index;
  gint kind;
  guint n = 0;

  if (!read_line_header (parent, field, &line, error))
    return FALSE;

  track_index = stp_trace_add_thread (l->trace, plane->process, line.id, 0);
  track = stp_trace_get_track (l->trace, track_index);
  if (track->name == STP_STR_EMPTY)
    {
      StpSpan name = line.display_name.len > 0 ? line.display_name : line.name;
      track->name = stp_trace_intern (l->trace, name.str, name.len);
    }

  /* The profiler's own derived lines sit above the others, as ours. */
  kind = stp_derived_kind_of_id (line.id);
  if (kind >= 0)
    {
      track->sort_index = STP_DERIVED_SORT_INDEX_BASE + kind;
      track->has_sort_index = TRUE;
      *present_kinds |= 1u << MIN (kind, 31);
    }

  stp_wire_reader_sub (&reader, parent, field);
  while (stp_wire_next (&reader, &f, error))
    {
      if (f.number != XLINE_EVENTS || f.type != STP_WIRE_LEN)
        continue;

      if (!load_event (l, plane_index, plane, &line, track_index, kind >= 0, &reader, &f, error))
        {
          g_prefix_error (error, "event %u: ", n);
          return FALSE;
        }
      n++;

      if (++l->n_events % PROGRESS_INTERVAL == 0)
        {
          if (g_cancellable_set_error_if_cancelled (l->cancellable, error))
            return FALSE;
          if (l->progress != NULL)
            l->progress ("parse", f.offset, l->space->len, l->user_data);
        }
    }

  return error == NULL || *error == NULL;
}

static gboolean
load_plane (Loader     *l,
            guint       plane_index,
            GError    **error)
{
  StpXPlane *plane = &g_array_index (l->space->planes, StpXPlane, plane_index);
  StpTrace *trace = l->trace;
  StpWireReader reader;
  StpWireField f;
  guint32 present_kinds = 0;
  guint n = 0;

  plane->process = stp_trace_add_process (trace, plane_index, 0);
  stp_trace_get_process (trace, plane->process)->name =
    stp_trace_intern (trace, plane->name.str, plane->name.len);

  if (l->derived != NULL)
    stp_xderived_begin_plane (l->derived, plane_index);

  stp_wire_reader_init (&reader, (const guint8 *) plane->message.str, plane->message.len, plane->offset);
  while (stp_wire_next (&reader, &f, error))
    {
      if (f.number != XPLANE_LINES || f.type != STP_WIRE_LEN)
        continue;
      if (!load_line (l, plane_index, plane, &reader, &f, &present_kinds, error))
        {
          if (!g_error_matches (*error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
            g_prefix_error (error, "line %u: ", n);
          return FALSE;
        }
      n++;
    }
  if (error != NULL && *error != NULL)
    return FALSE;

  if (l->derived != NULL)
    stp_xderived_end_plane (l->derived, plane_index, present_kinds);
  return TRUE;
}

StpTrace *
stp_xspace_load_bytes (GBytes             *bytes,
                       const char         *filename,
                       StpXSpaceLoadFlags  flags,
                       StpProgressFunc     progress,
                       gpointer            user_data,
                       GCancellable       *cancellable,
                       GError            **error)
{
  g_autoptr(StpXSpace) space = NULL;
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(StpXDerived) derived = NULL;
  g_autoptr(GError) local_error = NULL;
  Loader l = { 0 };

  g_return_val_if_fail (bytes != NULL, NULL);
  g_return_val_if_fail (filename != NULL, NULL);

  if (g_bytes_get_size (bytes) == 0)
    {
      g_set_error (error, STP_ERROR, STP_ERROR_EMPTY, "%s: the file is empty", filename);
      return NULL;
    }
  if (g_bytes_get_size (bytes) >> STP_XSPACE_OFFSET_BITS)
    {
      g_set_error (error, STP_ERROR, STP_ERROR_LIMIT,
                   "%s: XSpace files over 1 TiB are not supported", filename);
      return NULL;
    }

  space = stp_xspace_new (bytes, filename);
  trace = stp_trace_new (STP_FORMAT_XSPACE, filename);
  if (!(flags & STP_XSPACE_LOAD_NO_DERIVED))
    derived = stp_xderived_new (trace, space, flags);

  l.space = space;
  l.trace = trace;
  l.derived = derived;
  l.progress = progress;
  l.user_data = user_data;
  l.cancellable = cancellable;

  if (progress != NULL)
    progress ("parse", 0, space->len, user_data);

  if (!stp_xspace_index (space, trace, cancellable, &local_error))
    goto fail;

  if (space->planes->len == 0)
    {
      g_set_error (error, STP_ERROR, STP_ERROR_EMPTY, "%s: the XSpace has no planes", filename);
      return NULL;
    }

  for (guint i = 0; i < space->planes->len; i++)
    if (!load_plane (&l, i, &local_error))
      {
        if (!g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
          {
            const StpXPlane *plane = &g_array_index (space->planes, StpXPlane, i);

            g_prefix_error (&local_error, "plane %u (%.*s): ", i,
                            (int) MIN (plane->name.len, 200), plane->name.str);
          }
        goto fail;
      }

  if (derived != NULL)
    {
      if (progress != NULL)
        progress ("analyze", 0, 0, user_data);
      if (!stp_xderived_finish (derived, cancellable, &local_error))
        goto fail;
    }

  stp_trace_set_source (trace, stp_xspace_ref (space), (GDestroyNotify) stp_xspace_unref);
  trace->source_args = stp_xspace_append_args;

  if (progress != NULL)
    progress ("seal", 0, 0, user_data);
  if (!stp_trace_finish (trace, cancellable, error))
    return NULL;

  return g_steal_pointer (&trace);

fail:
  if (g_error_matches (local_error, G_IO_ERROR, G_IO_ERROR_CANCELLED))
    g_propagate_error (error, g_steal_pointer (&local_error));
  else
    g_set_error (error, STP_ERROR, local_error->domain == STP_ERROR ? local_error->code : STP_ERROR_CORRUPT,
                 "%s: corrupt XSpace: %s", filename, local_error->message);
  return NULL;
}

StpTrace *
stp_xspace_load_input (StpInput        *input,
                       const char      *filename,
                       StpProgressFunc  progress,
                       gpointer         user_data,
                       GCancellable    *cancellable,
                       GError         **error)
{
  g_autoptr(GBytes) bytes = NULL;

  g_return_val_if_fail (input != NULL, NULL);

  if (progress != NULL)
    progress ("read", 0, stp_input_get_file_size (input), user_data);

  bytes = stp_input_read_all (input, G_MAXSIZE, error);
  if (bytes == NULL)
    return NULL;

  return stp_xspace_load_bytes (bytes, filename, STP_XSPACE_LOAD_DEFAULT,
                                progress, user_data, cancellable, error);
}

/* ------------------------------------------------------------------ */
/* Args, made when asked for                                           */

typedef struct
{
  StpSpan  key;      /* str NULL: an unknown stat metadata id */
  StpXStat stat;
} Arg;

static gboolean
find_event (const StpXSpace *space,
            const StpSlice  *slice,
            const StpXPlane **plane,
            StpWireReader   *line_reader,
            StpWireField    *event)
{
  guint64 plane_index = slice->args >> STP_XSPACE_OFFSET_BITS;
  gsize offset = slice->args & (((guint64) 1 << STP_XSPACE_OFFSET_BITS) - 1);

  if (!(slice->flags & STP_SLICE_SOURCE_EVENT) || plane_index >= space->planes->len ||
      offset >= space->len)
    return FALSE;

  *plane = &g_array_index (space->planes, StpXPlane, plane_index);
  stp_wire_reader_init (line_reader, space->data, space->len, 0);
  line_reader->pos = offset;
  return stp_wire_next (line_reader, event, NULL) && event->type == STP_WIRE_LEN;
}

static void
add_arg (GArray          *args,
         const StpXPlane *plane,
         const StpXStat  *stat)
{
  const StpXStatMeta *meta = stp_xplane_lookup_stat_meta (plane, stat->metadata_id);
  Arg arg = { { NULL, 0 }, *stat };

  if (meta != NULL)
    arg.key = meta->name;

  /* One value per name: the event's replaces its metadata's. */
  for (guint i = 0; i < args->len; i++)
    {
      Arg *prev = &g_array_index (args, Arg, i);

      if ((prev->key.str == NULL && arg.key.str == NULL && prev->stat.metadata_id == stat->metadata_id) ||
          (prev->key.str != NULL && arg.key.str != NULL && prev->key.len == arg.key.len &&
           memcmp (prev->key.str, arg.key.str, arg.key.len) == 0))
        {
          *prev = arg;
          return;
        }
    }
  g_array_append_val (args, arg);
}

static void
collect_args (GArray          *args,
              const StpXPlane *plane,
              const guint8    *data,
              gsize            len,
              guint32          stats_field)
{
  StpWireReader reader;
  StpWireField f;

  stp_wire_reader_init (&reader, data, len, 0);
  while (stp_wire_next (&reader, &f, NULL))
    {
      StpXStat stat;

      if (f.number == stats_field && f.type == STP_WIRE_LEN &&
          stp_xstat_read (&reader, &f, &stat, NULL))
        add_arg (args, plane, &stat);
    }
}

static void
append_value (GString         *out,
              const StpXPlane *plane,
              const StpXStat  *stat)
{
  switch (stat->kind)
    {
    case STP_XVALUE_INT64:
      stp_json_append_int (out, stat->i);
      break;
    case STP_XVALUE_UINT64:
      g_string_append_printf (out, "%" G_GUINT64_FORMAT, stat->u);
      break;
    case STP_XVALUE_DOUBLE:
      stp_json_append_double (out, stat->d);
      break;
    case STP_XVALUE_STR:
      stp_json_append_string (out, stat->bytes.str, stat->bytes.len);
      break;
    case STP_XVALUE_BYTES:
      {
        g_autofree char *b64 = g_base64_encode ((const guchar *) stat->bytes.str, stat->bytes.len);
        stp_json_append_string (out, b64, strlen (b64));
      }
      break;
    case STP_XVALUE_REF:
      {
        const StpXStatMeta *ref = stat->u <= G_MAXINT64
                                  ? stp_xplane_lookup_stat_meta (plane, (gint64) stat->u) : NULL;

        /* A dangling ref keeps its number rather than vanishing. */
        if (ref != NULL)
          stp_json_append_string (out, ref->name.str, ref->name.len);
        else
          g_string_append_printf (out, "%" G_GUINT64_FORMAT, stat->u);
      }
      break;
    case STP_XVALUE_NONE:
    default:
      stp_json_append_literal (out, "null");
      break;
    }
}

void
stp_xspace_append_args (gpointer        source,
                        const StpSlice *slice,
                        GString        *out)
{
  StpXSpace *space = source;
  g_autoptr(GArray) args = g_array_new (FALSE, FALSE, sizeof (Arg));
  const StpXPlane *plane = NULL;
  const StpXEventMeta *meta = NULL;
  StpWireReader line_reader, reader;
  StpWireField event, f;
  gint64 metadata_id = 0;

  if (!find_event (space, slice, &plane, &line_reader, &event))
    {
      stp_json_append_literal (out, "{}");
      return;
    }

  stp_wire_reader_init (&reader, event.bytes, event.len, 0);
  while (stp_wire_next (&reader, &f, NULL))
    if (f.number == XEVENT_METADATA_ID && f.type == STP_WIRE_VARINT)
      metadata_id = (gint64) f.value;

  meta = stp_xplane_lookup_event_meta (plane, metadata_id);
  if (meta != NULL)
    collect_args (args, plane, (const guint8 *) meta->message.str, meta->message.len,
                  XEVENT_METADATA_STATS);
  collect_args (args, plane, event.bytes, event.len, XEVENT_STATS);

  stp_json_append_c (out, '{');
  if (meta != NULL && meta->display_name.len > 0 &&
      !(meta->display_name.len == meta->name.len &&
        memcmp (meta->display_name.str, meta->name.str, meta->name.len) == 0))
    {
      stp_json_append_literal (out, "\"long_name\":");
      stp_json_append_string (out, meta->name.str, meta->name.len);
      if (args->len > 0)
        stp_json_append_c (out, ',');
    }

  for (guint i = 0; i < args->len; i++)
    {
      const Arg *arg = &g_array_index (args, Arg, i);

      if (i > 0)
        stp_json_append_c (out, ',');
      if (arg->key.str != NULL)
        stp_json_append_string (out, arg->key.str, arg->key.len);
      else
        g_string_append_printf (out, "\"stat %" G_GINT64_FORMAT "\"", arg->stat.metadata_id);
      stp_json_append_c (out, ':');
      append_value (out, plane, &arg->stat);
    }
  stp_json_append_c (out, '}');
}

gboolean
stp_xspace_event_info (const StpTrace     *trace,
                       const StpSlice     *slice,
                       StpXSpaceEventInfo *info)
{
  const StpXSpace *space;
  const StpXPlane *plane = NULL;
  const StpXEventMeta *meta;
  StpWireReader line_reader, reader;
  StpWireField event, f;
  StpXKnown known = { 0 };
  gint64 metadata_id = 0;

  g_return_val_if_fail (trace != NULL && slice != NULL && info != NULL, FALSE);

  if (trace->format != STP_FORMAT_XSPACE || trace->source == NULL || trace->source_args != stp_xspace_append_args)
    return FALSE;
  space = trace->source;
  if (!find_event (space, slice, &plane, &line_reader, &event))
    return FALSE;

  stp_wire_reader_init (&reader, event.bytes, event.len, 0);
  while (stp_wire_next (&reader, &f, NULL))
    if (f.number == XEVENT_METADATA_ID && f.type == STP_WIRE_VARINT)
      metadata_id = (gint64) f.value;

  meta = stp_xplane_lookup_event_meta (plane, metadata_id);
  if (meta != NULL)
    known = meta->known;
  stp_xstats_collect (space, plane, event.bytes, event.len, 0, XEVENT_STATS, &known, NULL);

  memset (info, 0, sizeof *info);
  info->on_device = plane->name.len >= 8 && memcmp (plane->name.str, "/device:", 8) == 0;
  if (STP_XKNOWN_HAS (&known, STP_XSTAT_TF_OP) && known.tf_op.len > 0)
    {
      info->tf_op = known.tf_op.str;
      info->tf_op_len = known.tf_op.len;
    }
  info->name = meta ? meta->name.str : "";
  info->name_len = meta ? meta->name.len : 0;
  return TRUE;
}
