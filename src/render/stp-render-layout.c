/* stp-render-layout.c: rows of the timeline and hit-testing
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 */

#define G_LOG_DOMAIN "stp-render-layout"

#include "stp-render-layout.h"

#include <glib/gi18n.h>
#include <math.h>
#include <string.h>

struct _StpRenderLayout
{
  StpRenderIndex *index;
  StpTrace       *trace;
  gboolean       *collapsed;     /* per process */
  gboolean       *hidden;        /* per process: no rows at all */
  gboolean       *parts_collapsed; /* per part of a merged trace: its header only */
  char           *filter;        /* casefolded: only rows whose label (or process's) has it */
  GArray         *pinned;        /* guint32 tracks pinned to the top, in the order pinned */
  GArray         *rows;          /* StpRow: the pinned ones first */
  guint          *track_rows;    /* per track: its row, or its process header when collapsed */
  guint          *process_rows;  /* per process: its header's row, or STP_INDEX_NONE */
  double          height;
  double          pinned_height; /* rows[0].y .. this: the band that does not scroll */
};

static void
row_clear (gpointer data)
{
  StpRow *row = data;

  g_clear_pointer (&row->label, g_free);
}

/* Whether a thread has instants of its own to draw (folded ones, which
 * a derived counter shows, need no strip). */
static gboolean
has_shown_instants (const StpTrack *track)
{
  for (guint i = 0; track->instants != NULL && i < track->instants->len; i++)
    if (!(g_array_index (track->instants, StpSlice, i).flags & STP_SLICE_FOLDED))
      return TRUE;
  return FALSE;
}

static double
track_height (const StpTrack *track,
              double         *slices_y)
{
  guint depths;
  double strip;

  if (track->kind == STP_TRACK_COUNTER)
    {
      *slices_y = STP_ROW_PADDING;
      return STP_ROW_COUNTER_HEIGHT;
    }

  if (track->kind == STP_TRACK_INSTANTS)
    {
      *slices_y = STP_ROW_PADDING;
      return STP_ROW_INSTANT_STRIP + 2 * STP_ROW_PADDING + 4;
    }

  strip = has_shown_instants (track) ? STP_ROW_INSTANT_STRIP : 0;
  depths = track->slices != NULL && track->slices->len > 0 ? track->max_depth + 1u : 0;
  if (depths == 0 && strip == 0)
    depths = 1;

  *slices_y = STP_ROW_PADDING + strip;
  return depths * STP_ROW_SLICE_HEIGHT + strip + 2 * STP_ROW_PADDING;
}

static void
add_row (StpRenderLayout *self,
         StpRow          *row)
{
  if (row->kind != STP_ROW_PART)
    row->part = STP_INDEX_NONE;
  row->y = self->height;
  self->height += row->height;
  g_array_append_val (self->rows, *row);
}

/* Whether a label has the filter in it, case aside; no filter passes
 * everything. */
static gboolean
passes (StpRenderLayout *self,
        const char      *label)
{
  g_autofree char *folded = NULL;

  if (self->filter == NULL)
    return TRUE;
  folded = g_utf8_casefold (label, -1);
  return strstr (folded, self->filter) != NULL;
}

static gboolean
is_pinned (StpRenderLayout *self,
           guint32          track)
{
  for (guint i = 0; i < self->pinned->len; i++)
    if (g_array_index (self->pinned, guint32, i) == track)
      return TRUE;
  return FALSE;
}

/* Pinned tracks come first, whatever hides, folds or filters their
 * process: the user asked to keep them in sight.  Their label names the
 * process too, since they left it. */
static void
add_pinned_rows (StpRenderLayout *self)
{
  StpTrace *trace = self->trace;

  for (guint i = 0; i < self->pinned->len; i++)
    {
      guint32 ti = g_array_index (self->pinned, guint32, i);
      const StpTrack *track = stp_trace_get_track (trace, ti);
      g_autofree char *name = stp_trace_describe_track (trace, track);
      g_autofree char *process = stp_trace_describe_process (trace, stp_trace_get_process (trace, track->process));
      StpRow row = { STP_ROW_TRACK, track->process, ti };

      row.height = track_height (track, &row.slices_y);
      row.label = g_strdup_printf ("%s · %s", name, process);
      self->track_rows[ti] = self->rows->len;
      add_row (self, &row);
    }
  self->pinned_height = self->height;
}

/* The header of one input of a merged trace: its label and file. */
static void
add_part_row (StpRenderLayout *self,
              guint32          part)
{
  const StpTracePart *p = &g_array_index (self->trace->parts, StpTracePart, part);
  g_autofree char *base = g_path_get_basename (p->filename);
  StpRow row = { STP_ROW_PART, STP_INDEX_NONE, STP_INDEX_NONE, part };

  row.height = STP_ROW_PART_HEIGHT;
  row.label = g_str_equal (base, p->label) ? g_strdup (p->label)
                                           : g_strdup_printf ("%s — %s", p->label, base);
  add_row (self, &row);
}

/* A process of a collapsed input: its tracks are drawn in the input's
 * header (the last row). */
static void
hide_in_part_row (StpRenderLayout *self,
                  guint32          pi)
{
  const StpProcess *process = stp_trace_get_process (self->trace, pi);

  for (guint j = 0; j < process->tracks->len; j++)
    {
      guint32 ti = g_array_index (process->tracks, guint32, j);

      if (!is_pinned (self, ti))
        self->track_rows[ti] = self->rows->len - 1;
    }
}

/* A process's header, then its tracks and objects as shown. */
static void
add_process_rows (StpRenderLayout *self,
                  guint32          pi,
                  GArray          *tracks)
{
  StpTrace *trace = self->trace;
  const StpProcess *process = stp_trace_get_process (trace, pi);
  StpRow header = { STP_ROW_PROCESS, pi, STP_INDEX_NONE };
  gboolean whole;

  if (!stp_render_process_has_rows (process) || self->hidden[pi])
    return;

  header.height = STP_ROW_PROCESS_HEIGHT;
  header.label = stp_trace_describe_process (trace, process);
  g_array_set_size (tracks, 0);
  whole = passes (self, header.label);
  for (guint j = 0; j < process->tracks->len; j++)
    {
      guint32 ti = g_array_index (process->tracks, guint32, j);
      const StpTrack *track = stp_trace_get_track (trace, ti);
      StpRow row = { STP_ROW_TRACK, pi, ti };

      if (is_pinned (self, ti))
        continue;
      row.label = stp_trace_describe_track (trace, track);
      if (!whole && !passes (self, row.label))
        {
          g_free (row.label);
          continue;
        }
      row.height = track_height (track, &row.slices_y);
      g_array_append_val (tracks, row);
    }
  /* Filtered out: neither the process's name nor a thread's has it. */
  if (!whole && tracks->len == 0)
    {
      g_free (header.label);
      return;
    }
  add_row (self, &header);
  self->process_rows[pi] = self->rows->len - 1;

  if (self->collapsed[pi])
    {
      for (guint j = 0; j < process->tracks->len; j++)
        if (!is_pinned (self, g_array_index (process->tracks, guint32, j)))
          self->track_rows[g_array_index (process->tracks, guint32, j)] = self->rows->len - 1;
      for (guint j = 0; j < tracks->len; j++)
        g_free (g_array_index (tracks, StpRow, j).label);
      g_array_set_size (tracks, 0);
      return;
    }

  for (guint j = 0; j < tracks->len; j++)
    {
      StpRow *row = &g_array_index (tracks, StpRow, j);

      self->track_rows[row->track] = self->rows->len;
      add_row (self, row);
    }
  /* The rows own the labels now. */
  g_array_set_size (tracks, 0);

  if (process->n_objects > 0 && whole)
    {
      StpRow row = { STP_ROW_OBJECTS, pi, STP_INDEX_NONE };
      guint lanes = MAX (1, process->n_object_lanes);

      /* Few lanes are tall enough to carry their tensors' names. */
      row.lane_height = CLAMP (floor ((double) STP_ROW_OBJECTS_MAX_HEIGHT / lanes), 2,
                               STP_ROW_SLICE_HEIGHT - 4);
      row.slices_y = STP_ROW_PADDING;
      row.height = lanes * row.lane_height + 2 * STP_ROW_PADDING;
      /* Translators: the row of tensor (object) lifetimes, with their count */
      row.label = g_strdup_printf (_("Objects (%u)"), process->n_objects);
      add_row (self, &row);
    }
}

static void
rebuild (StpRenderLayout *self)
{
  StpTrace *trace = self->trace;
  g_autoptr(GArray) tracks = g_array_new (FALSE, FALSE, sizeof (StpRow));
  guint32 last_part = STP_INDEX_NONE;

  g_array_set_size (self->rows, 0);
  self->height = 0;
  for (guint i = 0; i < trace->tracks->len; i++)
    self->track_rows[i] = STP_INDEX_NONE;
  for (guint i = 0; i < trace->processes->len; i++)
    self->process_rows[i] = STP_INDEX_NONE;
  add_pinned_rows (self);

  if (trace->global_instants->len > 0)
    {
      StpRow row = { STP_ROW_GLOBAL, STP_INDEX_NONE, STP_INDEX_NONE };

      row.height = STP_ROW_GLOBAL_HEIGHT;
      row.slices_y = STP_ROW_PADDING;
      /* Translators: the row of instant events with global scope */
      row.label = g_strdup (_("Global"));
      add_row (self, &row);
    }

  for (guint i = 0; i < trace->process_order->len; i++)
    {
      guint32 pi = g_array_index (trace->process_order, guint32, i);
      guint32 part = stp_trace_get_process (trace, pi)->part;

      if (trace->parts != NULL && part != last_part)
        {
          add_part_row (self, part);
          last_part = part;
        }
      if (trace->parts != NULL && self->parts_collapsed[part])
        {
          hide_in_part_row (self, pi);
          continue;
        }
      add_process_rows (self, pi, tracks);
    }
}

StpRenderLayout *
stp_render_layout_new (StpRenderIndex *index)
{
  StpRenderLayout *self;

  g_return_val_if_fail (index != NULL, NULL);

  self = g_new0 (StpRenderLayout, 1);
  self->index = stp_render_index_ref (index);
  self->trace = stp_trace_ref (stp_render_index_get_trace (index));
  self->collapsed = g_new0 (gboolean, MAX (1, self->trace->processes->len));
  self->hidden = g_new0 (gboolean, MAX (1, self->trace->processes->len));
  self->parts_collapsed = g_new0 (gboolean, self->trace->parts ? MAX (1, self->trace->parts->len) : 1);
  self->rows = g_array_new (FALSE, TRUE, sizeof (StpRow));
  self->pinned = g_array_new (FALSE, FALSE, sizeof (guint32));
  self->track_rows = g_new (guint, MAX (1, self->trace->tracks->len));
  self->process_rows = g_new (guint, MAX (1, self->trace->processes->len));
  g_array_set_clear_func (self->rows, row_clear);
  rebuild (self);

  return self;
}

void
stp_render_layout_free (StpRenderLayout *self)
{
  if (self == NULL)
    return;

  g_array_unref (self->rows);
  g_array_unref (self->pinned);
  g_free (self->track_rows);
  g_free (self->process_rows);
  g_free (self->collapsed);
  g_free (self->hidden);
  g_free (self->parts_collapsed);
  g_free (self->filter);
  stp_trace_unref (self->trace);
  stp_render_index_unref (self->index);
  g_free (self);
}

StpRenderIndex *
stp_render_layout_get_index (StpRenderLayout *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->index;
}

StpTrace *
stp_render_layout_get_trace (StpRenderLayout *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->trace;
}

void
stp_render_layout_set_collapsed (StpRenderLayout *self,
                                 guint32          process,
                                 gboolean         collapsed)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (process < self->trace->processes->len);

  if (self->collapsed[process] == !!collapsed)
    return;
  self->collapsed[process] = !!collapsed;
  rebuild (self);
}

gboolean
stp_render_layout_get_collapsed (StpRenderLayout *self,
                                 guint32          process)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (process < self->trace->processes->len, FALSE);

  return self->collapsed[process];
}

static void
append_process_tracks (GArray           *out,
                       const StpProcess *process)
{
  g_array_append_vals (out, process->tracks->data, process->tracks->len);
}

GArray *
stp_render_layout_dup_folded_tracks (StpRenderLayout *self,
                                     guint            ri)
{
  GArray *out = g_array_new (FALSE, FALSE, sizeof (guint32));
  const StpRow *row;

  g_return_val_if_fail (self != NULL, out);
  g_return_val_if_fail (ri < self->rows->len, out);

  row = &g_array_index (self->rows, StpRow, ri);
  if (row->kind == STP_ROW_PROCESS && self->collapsed[row->process])
    append_process_tracks (out, stp_trace_get_process (self->trace, row->process));
  else if (row->kind == STP_ROW_PART && self->parts_collapsed[row->part])
    {
      const StpTracePart *part = &g_array_index (self->trace->parts, StpTracePart, row->part);

      for (guint32 p = part->first_process; p < part->first_process + part->n_processes; p++)
        if (!self->hidden[p])
          append_process_tracks (out, stp_trace_get_process (self->trace, p));
    }
  return out;
}

void
stp_render_layout_set_part_collapsed (StpRenderLayout *self,
                                      guint32          part,
                                      gboolean         collapsed)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (self->trace->parts != NULL && part < self->trace->parts->len);

  if (self->parts_collapsed[part] == !!collapsed)
    return;
  self->parts_collapsed[part] = !!collapsed;
  rebuild (self);
}

gboolean
stp_render_layout_get_part_collapsed (StpRenderLayout *self,
                                      guint32          part)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (self->trace->parts != NULL && part < self->trace->parts->len, FALSE);

  return self->parts_collapsed[part];
}

/* A hidden process has no rows; its tracks have no display row. */
void
stp_render_layout_set_hidden (StpRenderLayout *self,
                              guint32          process,
                              gboolean         hidden)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (process < self->trace->processes->len);

  if (self->hidden[process] == !!hidden)
    return;
  self->hidden[process] = !!hidden;
  rebuild (self);
}

gboolean
stp_render_layout_get_hidden (StpRenderLayout *self,
                              guint32          process)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (process < self->trace->processes->len, FALSE);

  return self->hidden[process];
}

guint
stp_render_layout_get_n_hidden (StpRenderLayout *self)
{
  guint n = 0;

  g_return_val_if_fail (self != NULL, 0);

  for (guint i = 0; i < self->trace->processes->len; i++)
    n += self->hidden[i];
  return n;
}

/* Only the threads (and processes, with all their rows) whose label has
 * `filter` in it, case aside; NULL or "" shows everything. */
void
stp_render_layout_set_filter (StpRenderLayout *self,
                              const char      *filter)
{
  g_autofree char *folded = filter != NULL && filter[0] != '\0' ? g_utf8_casefold (filter, -1) : NULL;

  g_return_if_fail (self != NULL);

  if (g_strcmp0 (folded, self->filter) == 0)
    return;
  g_free (self->filter);
  self->filter = g_steal_pointer (&folded);
  rebuild (self);
}

/* A pinned track has a row at the top that does not scroll, taken out
 * of its process; unpinned, it goes back. */
void
stp_render_layout_set_pinned (StpRenderLayout *self,
                              guint32          track,
                              gboolean         pinned)
{
  g_return_if_fail (self != NULL);
  g_return_if_fail (track < self->trace->tracks->len);

  if (is_pinned (self, track) == !!pinned)
    return;
  if (pinned)
    g_array_append_val (self->pinned, track);
  else
    for (guint i = 0; i < self->pinned->len; i++)
      if (g_array_index (self->pinned, guint32, i) == track)
        g_array_remove_index (self->pinned, i);
  rebuild (self);
}

gboolean
stp_render_layout_get_pinned (StpRenderLayout *self,
                              guint32          track)
{
  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (track < self->trace->tracks->len, FALSE);

  return is_pinned (self, track);
}

/* The pinned tracks, in the order pinned (guint32). */
GArray *
stp_render_layout_get_pinned_tracks (StpRenderLayout *self)
{
  g_return_val_if_fail (self != NULL, NULL);
  return self->pinned;
}

guint
stp_render_layout_get_n_pinned_rows (StpRenderLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->pinned->len;
}

double
stp_render_layout_get_pinned_height (StpRenderLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->pinned_height;
}

/* Where content y is on screen: the pinned band right under the ruler,
 * the rest under it and scrolled. */
double
stp_render_layout_screen_y (StpRenderLayout     *self,
                            const StpRenderView *view,
                            double               content_y)
{
  double pinned = self != NULL ? self->pinned_height : 0;

  if (content_y < pinned)
    return content_y + view->ruler_height;
  return content_y - view->scroll_y + view->ruler_height;
}

double
stp_render_layout_content_y (StpRenderLayout     *self,
                             const StpRenderView *view,
                             double               screen_y)
{
  double pinned = self != NULL ? self->pinned_height : 0;

  if (screen_y - view->ruler_height < pinned)
    return screen_y - view->ruler_height;
  return screen_y - view->ruler_height + view->scroll_y;
}

/* The content y at the top of the rows the scroll shows. */
static double
scrolled_top (StpRenderLayout     *self,
              const StpRenderView *view)
{
  return self->pinned_height + MAX (0, view->scroll_y);
}

/* The first row the scroll shows under the pinned band, or
 * STP_INDEX_NONE. */
guint
stp_render_layout_first_scrolled_row (StpRenderLayout     *self,
                                      const StpRenderView *view)
{
  g_return_val_if_fail (self != NULL, STP_INDEX_NONE);
  return stp_render_layout_find_row (self, scrolled_top (self, view));
}

guint
stp_render_layout_get_n_rows (StpRenderLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->rows->len;
}

const StpRow *
stp_render_layout_get_row (StpRenderLayout *self,
                           guint            row)
{
  g_return_val_if_fail (self != NULL, NULL);
  g_return_val_if_fail (row < self->rows->len, NULL);

  return &g_array_index (self->rows, StpRow, row);
}

double
stp_render_layout_get_height (StpRenderLayout *self)
{
  g_return_val_if_fail (self != NULL, 0);
  return self->height;
}

guint
stp_render_layout_find_row (StpRenderLayout *self,
                            double           content_y)
{
  guint lo = 0, hi;

  g_return_val_if_fail (self != NULL, STP_INDEX_NONE);

  hi = self->rows->len;
  if (content_y < 0 || content_y >= self->height)
    return STP_INDEX_NONE;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;
      const StpRow *row = &g_array_index (self->rows, StpRow, mid);

      if (row->y + row->height <= content_y)
        lo = mid + 1;
      else
        hi = mid;
    }

  return lo < self->rows->len ? lo : STP_INDEX_NONE;
}

guint
stp_render_layout_find_track_row (StpRenderLayout *self,
                                  guint32          track)
{
  guint row;

  g_return_val_if_fail (self != NULL, STP_INDEX_NONE);
  g_return_val_if_fail (track < self->trace->tracks->len, STP_INDEX_NONE);

  row = self->track_rows[track];
  if (row == STP_INDEX_NONE || g_array_index (self->rows, StpRow, row).kind != STP_ROW_TRACK)
    return STP_INDEX_NONE;
  return row;
}

guint
stp_render_layout_get_track_display_row (StpRenderLayout *self,
                                         guint32          track)
{
  g_return_val_if_fail (self != NULL, STP_INDEX_NONE);
  g_return_val_if_fail (track < self->trace->tracks->len, STP_INDEX_NONE);

  return self->track_rows[track];
}

guint
stp_render_layout_find_process_row (StpRenderLayout *self,
                                    guint32          process)
{
  g_return_val_if_fail (self != NULL, STP_INDEX_NONE);
  g_return_val_if_fail (process < self->trace->processes->len, STP_INDEX_NONE);

  return self->process_rows[process];
}

/* The header of the process whose rows the scroll shows first, when
 * that header has scrolled out of sight: it is then drawn at the top of
 * the scrolled rows, over them, so that threads far down a process
 * still say whose they are.  The next header pushes it up as it comes. */
guint
stp_render_layout_get_sticky_header (StpRenderLayout     *self,
                                     const StpRenderView *view,
                                     double              *screen_y)
{
  double top, y;
  const StpRow *row;
  guint first, header;

  g_return_val_if_fail (self != NULL, STP_INDEX_NONE);
  g_return_val_if_fail (view != NULL, STP_INDEX_NONE);
  g_return_val_if_fail (screen_y != NULL, STP_INDEX_NONE);

  top = scrolled_top (self, view);
  first = stp_render_layout_find_row (self, top);
  if (first == STP_INDEX_NONE)
    return STP_INDEX_NONE;
  row = stp_render_layout_get_row (self, first);
  if (row->kind == STP_ROW_PART || row->process == STP_INDEX_NONE)
    return STP_INDEX_NONE;
  header = self->process_rows[row->process];
  if (header == STP_INDEX_NONE || stp_render_layout_get_row (self, header)->y >= top)
    return STP_INDEX_NONE;

  y = top;
  for (guint i = first + 1; i < self->rows->len; i++)
    {
      row = stp_render_layout_get_row (self, i);
      if (row->y >= top + STP_ROW_PROCESS_HEIGHT)
        break;
      if (row->kind == STP_ROW_PROCESS || row->kind == STP_ROW_PART)
        {
          y = row->y - STP_ROW_PROCESS_HEIGHT;
          break;
        }
    }

  *screen_y = y - view->scroll_y + view->ruler_height;
  return header;
}

double
stp_render_layout_depth_y (const StpRow *row,
                           guint         depth)
{
  return row->y + row->slices_y + depth * STP_ROW_SLICE_HEIGHT;
}

/* Any slice of `depth` intersecting [t0, t1), preferring the longest
 * among the first few, as a merged mark stands for all of them. */
static guint32
find_slice_in (const StpTrack *track,
               guint           depth,
               gint64          t0,
               gint64          t1)
{
  guint32 i = stp_track_find_first_ending_after (track, depth, t0);
  guint32 best = STP_INDEX_NONE;

  for (guint n = 0; i != STP_INDEX_NONE && i < track->depth_starts[depth + 1] && n < 64; i++, n++)
    {
      const StpSlice *s = stp_track_get_slice (track, i);

      if (s->ts >= t1 && !(s->ts == t0 && s->dur == 0))
        break;
      if (best == STP_INDEX_NONE || s->dur > stp_track_get_slice (track, best)->dur)
        best = i;
    }

  return best;
}

static guint32
find_instant_near (GArray              *instants,
                   const StpRenderView *view,
                   double               x)
{
  gint64 t0 = stp_render_view_x_to_time (view, x - 5);
  gint64 t1 = stp_render_view_x_to_time (view, x + 5);
  guint lo = 0, hi = instants ? instants->len : 0;
  guint32 best = STP_INDEX_NONE;
  double best_dx = G_MAXDOUBLE;

  while (lo < hi)
    {
      guint mid = lo + (hi - lo) / 2;

      if (g_array_index (instants, StpSlice, mid).ts < t0)
        lo = mid + 1;
      else
        hi = mid;
    }

  for (guint i = lo; instants && i < instants->len; i++)
    {
      const StpSlice *s = &g_array_index (instants, StpSlice, i);
      double dx;

      if (s->ts > t1)
        break;
      if (s->flags & STP_SLICE_FOLDED)
        continue;
      dx = fabs (stp_render_view_time_to_x (view, s->ts) - x);
      if (dx < best_dx)
        {
          best_dx = dx;
          best = i;
        }
    }

  return best;
}

static void
hit_track (StpRenderLayout     *self,
           const StpRenderView *view,
           const StpRow        *row,
           double               x,
           double               local_y,
           StpHit              *hit)
{
  const StpTrack *track = stp_trace_get_track (self->trace, row->track);
  gint64 t0 = stp_render_view_x_to_time (view, floor (x));
  gint64 t1 = stp_render_view_x_to_time (view, floor (x) + 1);

  hit->kind = STP_HIT_TRACK;
  hit->track = row->track;

  switch (track->kind)
    {
    case STP_TRACK_COUNTER:
      {
        double total = 0;
        gboolean any = FALSE;

        for (guint i = 0; i < track->series->len; i++)
          {
            double value;
            guint32 sample;

            if (stp_counter_series_value_at (g_ptr_array_index (track->series, i), hit->ts, &value, &sample))
              {
                if (i == 0)
                  hit->index = sample;
                total += value;
                any = TRUE;
              }
          }
        if (any)
          {
            hit->kind = STP_HIT_COUNTER;
            hit->value = total;
          }
      }
      break;

    case STP_TRACK_INSTANTS:
      hit->index = find_instant_near (track->slices, view, x);
      if (hit->index != STP_INDEX_NONE)
        hit->kind = STP_HIT_INSTANT;
      break;

    case STP_TRACK_THREAD:
    case STP_TRACK_ASYNC:
    default:
      if (local_y < row->slices_y && track->instants != NULL && track->instants->len > 0)
        {
          hit->index = find_instant_near (track->instants, view, x);
          if (hit->index != STP_INDEX_NONE)
            hit->kind = STP_HIT_INSTANT;
        }
      else if (local_y >= row->slices_y && track->depth_starts != NULL)
        {
          guint depth = (guint) ((local_y - row->slices_y) / STP_ROW_SLICE_HEIGHT);

          if (depth <= track->max_depth)
            {
              hit->index = find_slice_in (track, depth, t0, t1);
              if (hit->index != STP_INDEX_NONE)
                hit->kind = STP_HIT_SLICE;
            }
        }
      break;
    }
}

static void
hit_objects (StpRenderLayout     *self,
             const StpRenderView *view,
             const StpRow        *row,
             double               x,
             double               local_y,
             StpHit              *hit)
{
  const StpProcess *process = stp_trace_get_process (self->trace, row->process);
  guint lane = (guint) floor ((local_y - row->slices_y) / row->lane_height);
  gint64 t0 = stp_render_view_x_to_time (view, x - 1);
  gint64 t1 = stp_render_view_x_to_time (view, x + 1);

  hit->kind = STP_HIT_NONE;
  for (guint i = process->first_object; i < process->first_object + process->n_objects; i++)
    {
      const StpObject *o = &g_array_index (self->trace->objects, StpObject, i);
      gint64 start = o->create_ts != STP_TS_UNKNOWN ? o->create_ts : self->trace->start_ts;
      gint64 end = o->delete_ts != STP_TS_UNKNOWN ? o->delete_ts : self->trace->end_ts;

      if (o->lane == lane && start <= t1 && end >= t0)
        {
          hit->kind = STP_HIT_OBJECT;
          hit->index = i;
          return;
        }
    }
}

gboolean
stp_render_layout_hit_test (StpRenderLayout     *self,
                            const StpRenderView *view,
                            double               x,
                            double               y,
                            StpHit              *hit)
{
  const StpRow *row;
  double content_y;
  guint ri;

  g_return_val_if_fail (self != NULL, FALSE);
  g_return_val_if_fail (view != NULL, FALSE);
  g_return_val_if_fail (hit != NULL, FALSE);

  *hit = (StpHit) { STP_HIT_NONE, STP_INDEX_NONE, STP_INDEX_NONE, STP_INDEX_NONE, STP_INDEX_NONE };
  hit->ts = stp_render_view_x_to_time (view, x);

  if (x < 0 || y < 0 || x >= view->width || y >= view->height)
    return FALSE;

  if (y < view->ruler_height)
    {
      hit->kind = STP_HIT_RULER;
      return TRUE;
    }

  content_y = stp_render_layout_content_y (self, view, y);
  ri = stp_render_layout_find_row (self, content_y);
  if (ri == STP_INDEX_NONE)
    return FALSE;
  if (content_y >= self->pinned_height)
    {
      double sticky_y;
      guint header = stp_render_layout_get_sticky_header (self, view, &sticky_y);

      if (header != STP_INDEX_NONE && y >= sticky_y && y < sticky_y + STP_ROW_PROCESS_HEIGHT)
        ri = header;
    }

  row = stp_render_layout_get_row (self, ri);
  hit->row = ri;
  hit->process = row->process;
  hit->track = row->track;

  if (row->kind == STP_ROW_PROCESS)
    hit->kind = STP_HIT_PROCESS;
  else if (row->kind == STP_ROW_PART)
    {
      hit->kind = STP_HIT_PART;
      hit->index = row->part;
    }
  else if (x < view->gutter_width)
    hit->kind = STP_HIT_TRACK_LABEL;
  else if (row->kind == STP_ROW_GLOBAL)
    {
      hit->index = find_instant_near (self->trace->global_instants, view, x);
      hit->kind = hit->index != STP_INDEX_NONE ? STP_HIT_GLOBAL_INSTANT : STP_HIT_NONE;
    }
  else if (row->kind == STP_ROW_OBJECTS)
    hit_objects (self, view, row, x, content_y - row->y, hit);
  else
    hit_track (self, view, row, x, content_y - row->y, hit);

  return hit->kind != STP_HIT_NONE;
}
