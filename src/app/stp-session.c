/* stp-session.c: what the user is looking at in one document
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The window holds one session; the widgets bind to its properties (in
 * stp-window.ui) rather than being told by hand: the document shown, the
 * selected item, items (several, picked with Ctrl) or area, the
 * selected time range (an area's, or one dragged on the ruler), the
 * slices marked from a table, the search's matches, and the time range
 * the timeline shows (the timeline writes it as the user zooms and pans,
 * and follows when another widget sets it).  Everything selected refers
 * to the document, so a new document clears it, here, once, for every
 * widget.
 */

#define G_LOG_DOMAIN "stp-session"

#include "config.h"

#include "stp-session.h"

struct _StpSession
{
  GObject      parent_instance;

  StpDocument *document;
  StpItemRef   selected_item;
  StpArea     *selected_area;
  StpTimeRange selected_range; /* empty (start == end) when none */
  GArray      *selected_items; /* StpItemRef, two or more, or NULL */
  GArray      *markers;        /* StpRenderMarker, labels owned */
  GArray      *marked;         /* StpItemRef in time order, or NULL */
  GArray      *matches;        /* StpItemRef, the search's, or NULL */
  gint64       matches_max_duration;
  StpTimeRange visible_range;  /* empty when no document is shown */
};

enum {
  PROP_0,
  PROP_DOCUMENT,
  PROP_SELECTED_ITEM,
  PROP_SELECTED_AREA,
  PROP_SELECTED_RANGE,
  PROP_SELECTED_ITEMS,
  PROP_MARKERS,
  PROP_MARKED,
  PROP_MATCHES,
  PROP_VISIBLE_RANGE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

static StpItemRef *
item_ref_copy (const StpItemRef *item)
{
  return g_memdup2 (item, sizeof *item);
}

G_DEFINE_BOXED_TYPE (StpItemRef, stp_item_ref, item_ref_copy, g_free)
G_DEFINE_BOXED_TYPE (StpArea, stp_area, stp_area_copy, stp_area_free)

static StpTimeRange *
time_range_copy (const StpTimeRange *range)
{
  return g_memdup2 (range, sizeof *range);
}

G_DEFINE_BOXED_TYPE (StpTimeRange, stp_time_range, time_range_copy, g_free)
G_DEFINE_FINAL_TYPE (StpSession, stp_session, G_TYPE_OBJECT)

/* An array property: a reference kept, a notification if it changed. */
static void
set_array (StpSession *self,
           GArray    **slot,
           GArray     *array,
           guint       prop_id)
{
  if (*slot == array)
    return;
  if (array != NULL)
    g_array_ref (array);
  g_clear_pointer (slot, g_array_unref);
  *slot = array;
  g_object_notify_by_pspec (G_OBJECT (self), properties[prop_id]);
}

static void
stp_session_dispose (GObject *object)
{
  StpSession *self = (StpSession *) object;

  g_clear_object (&self->document);
  g_clear_pointer (&self->selected_area, stp_area_free);
  g_clear_pointer (&self->marked, g_array_unref);
  g_clear_pointer (&self->matches, g_array_unref);
  g_clear_pointer (&self->selected_items, g_array_unref);
  g_clear_pointer (&self->markers, g_array_unref);

  G_OBJECT_CLASS (stp_session_parent_class)->dispose (object);
}

static void
stp_session_get_property (GObject    *object,
                          guint       prop_id,
                          GValue     *value,
                          GParamSpec *pspec)
{
  StpSession *self = STP_SESSION (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      g_value_set_object (value, self->document);
      break;
    case PROP_SELECTED_ITEM:
      g_value_set_boxed (value, &self->selected_item);
      break;
    case PROP_SELECTED_AREA:
      g_value_set_boxed (value, self->selected_area);
      break;
    case PROP_SELECTED_RANGE:
      g_value_set_boxed (value, stp_session_get_selected_range (self));
      break;
    case PROP_SELECTED_ITEMS:
      g_value_set_boxed (value, self->selected_items);
      break;
    case PROP_MARKERS:
      g_value_set_boxed (value, self->markers);
      break;
    case PROP_MARKED:
      g_value_set_boxed (value, self->marked);
      break;
    case PROP_MATCHES:
      g_value_set_boxed (value, self->matches);
      break;
    case PROP_VISIBLE_RANGE:
      g_value_set_boxed (value, stp_session_get_visible_range (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stp_session_set_property (GObject      *object,
                          guint         prop_id,
                          const GValue *value,
                          GParamSpec   *pspec)
{
  StpSession *self = STP_SESSION (object);

  switch (prop_id)
    {
    case PROP_DOCUMENT:
      stp_session_set_document (self, g_value_get_object (value));
      break;
    case PROP_SELECTED_ITEM:
      stp_session_set_selected_item (self, g_value_get_boxed (value));
      break;
    case PROP_SELECTED_AREA:
      stp_session_set_selected_area (self, g_value_get_boxed (value));
      break;
    case PROP_SELECTED_RANGE:
      {
        const StpTimeRange *range = g_value_get_boxed (value);

        stp_session_set_selected_range (self, range ? range->start : 0, range ? range->end : 0);
      }
      break;
    case PROP_SELECTED_ITEMS:
      stp_session_set_selected_items (self, g_value_get_boxed (value));
      break;
    case PROP_MARKED:
      stp_session_set_marked (self, g_value_get_boxed (value));
      break;
    case PROP_VISIBLE_RANGE:
      {
        const StpTimeRange *range = g_value_get_boxed (value);

        stp_session_set_visible_range (self, range ? range->start : 0, range ? range->end : 0);
      }
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stp_session_class_init (StpSessionClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->dispose = stp_session_dispose;
  object_class->get_property = stp_session_get_property;
  object_class->set_property = stp_session_set_property;

  properties[PROP_DOCUMENT] =
    g_param_spec_object ("document", NULL, NULL, STP_TYPE_DOCUMENT,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Never NULL: kind STP_ITEM_NONE when nothing is. */
  properties[PROP_SELECTED_ITEM] =
    g_param_spec_boxed ("selected-item", NULL, NULL, STP_TYPE_ITEM_REF,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED_AREA] =
    g_param_spec_boxed ("selected-area", NULL, NULL, STP_TYPE_AREA,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* NULL when none. */
  properties[PROP_SELECTED_RANGE] =
    g_param_spec_boxed ("selected-range", NULL, NULL, STP_TYPE_TIME_RANGE,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SELECTED_ITEMS] =
    g_param_spec_boxed ("selected-items", NULL, NULL, G_TYPE_ARRAY,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MARKERS] =
    g_param_spec_boxed ("markers", NULL, NULL, G_TYPE_ARRAY,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_MARKED] =
    g_param_spec_boxed ("marked", NULL, NULL, G_TYPE_ARRAY,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* Set with stp_session_set_matches(), which takes their longest too. */
  properties[PROP_MATCHES] =
    g_param_spec_boxed ("matches", NULL, NULL, G_TYPE_ARRAY,
                        G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  /* NULL when no document is shown. */
  properties[PROP_VISIBLE_RANGE] =
    g_param_spec_boxed ("visible-range", NULL, NULL, STP_TYPE_TIME_RANGE,
                        G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
marker_clear (gpointer data)
{
  g_free ((char *) ((StpRenderMarker *) data)->label);
}

static void
stp_session_init (StpSession *self)
{
  self->selected_item = STP_ITEM_REF_NONE;
  self->markers = g_array_new (FALSE, FALSE, sizeof (StpRenderMarker));
  g_array_set_clear_func (self->markers, marker_clear);
}

StpSession *
stp_session_new (void)
{
  return g_object_new (STP_TYPE_SESSION, NULL);
}

StpDocument *
stp_session_get_document (StpSession *self)
{
  g_return_val_if_fail (STP_IS_SESSION (self), NULL);
  return self->document;
}

/* The selection and marks go first, so nobody sees them pointing into
 * the new document. */
void
stp_session_set_document (StpSession  *self,
                          StpDocument *document)
{
  g_return_if_fail (STP_IS_SESSION (self));
  g_return_if_fail (document == NULL || STP_IS_DOCUMENT (document));

  if (self->document == document)
    return;

  stp_session_set_selected_item (self, NULL);
  stp_session_set_selected_area (self, NULL);
  stp_session_set_selected_range (self, 0, 0);
  stp_session_set_selected_items (self, NULL);
  stp_session_set_marked (self, NULL);
  stp_session_set_matches (self, NULL, 0);
  stp_session_set_visible_range (self, 0, 0);
  /* Markers are times in the file: another analysis of it keeps them. */
  if (self->markers->len > 0 && (document == NULL || !stp_document_is_reanalysis (document)))
    {
      g_array_set_size (self->markers, 0);
      g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MARKERS]);
    }

  g_set_object (&self->document, document);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_DOCUMENT]);
}

/* The document's trace, or NULL. */
StpTrace *
stp_session_get_trace (StpSession *self)
{
  g_return_val_if_fail (STP_IS_SESSION (self), NULL);
  return self->document != NULL ? stp_document_get_trace (self->document) : NULL;
}

const StpItemRef *
stp_session_get_selected_item (StpSession *self)
{
  g_return_val_if_fail (STP_IS_SESSION (self), NULL);
  return &self->selected_item;
}

/* NULL selects nothing. */
void
stp_session_set_selected_item (StpSession       *self,
                               const StpItemRef *item)
{
  StpItemRef none = STP_ITEM_REF_NONE;

  g_return_if_fail (STP_IS_SESSION (self));

  if (item == NULL)
    item = &none;
  if (stp_item_ref_equal (&self->selected_item, item))
    return;
  self->selected_item = *item;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_ITEM]);
}

const StpArea *
stp_session_get_selected_area (StpSession *self)
{
  g_return_val_if_fail (STP_IS_SESSION (self), NULL);
  return self->selected_area;
}

void
stp_session_set_selected_area (StpSession    *self,
                               const StpArea *area)
{
  g_return_if_fail (STP_IS_SESSION (self));

  if (stp_area_equal (self->selected_area, area))
    return;
  g_clear_pointer (&self->selected_area, stp_area_free);
  self->selected_area = area != NULL ? stp_area_copy (area) : NULL;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_AREA]);
}

/* NULL when no range is selected. */
const StpTimeRange *
stp_session_get_selected_range (StpSession *self)
{
  g_return_val_if_fail (STP_IS_SESSION (self), NULL);
  return self->selected_range.end > self->selected_range.start ? &self->selected_range : NULL;
}

/* Either way round; an empty range selects none. */
void
stp_session_set_selected_range (StpSession *self,
                                gint64      start,
                                gint64      end)
{
  StpTimeRange range = { MIN (start, end), MAX (start, end) };

  g_return_if_fail (STP_IS_SESSION (self));

  if (range.start == range.end)
    range.start = range.end = 0;
  if (range.start == self->selected_range.start && range.end == self->selected_range.end)
    return;
  self->selected_range = range;
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SELECTED_RANGE]);
}

GArray *
stp_session_get_selected_items (StpSession *self)
{
  g_return_val_if_fail (STP_IS_SESSION (self), NULL);
  return self->selected_items;
}

/* `items`: StpItemRef (the session keeps a reference); NULL for none. */
void
stp_session_set_selected_items (StpSession *self,
                                GArray     *items)
{
  g_return_if_fail (STP_IS_SESSION (self));

  set_array (self, &self->selected_items, items, PROP_SELECTED_ITEMS);
}

GArray *
stp_session_get_markers (StpSession *self)
{
  g_return_val_if_fail (STP_IS_SESSION (self), NULL);
  return self->markers;
}

void
stp_session_add_marker (StpSession *self,
                        gint64      start,
                        gint64      end,
                        const char *label)
{
  StpRenderMarker marker = { MIN (start, end), MAX (start, end), g_strdup (label) };

  g_return_if_fail (STP_IS_SESSION (self));

  g_array_append_val (self->markers, marker);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MARKERS]);
}

void
stp_session_remove_marker (StpSession *self,
                           guint       index)
{
  g_return_if_fail (STP_IS_SESSION (self));
  g_return_if_fail (index < self->markers->len);

  g_array_remove_index (self->markers, index);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MARKERS]);
}

void
stp_session_rename_marker (StpSession *self,
                           guint       index,
                           const char *label)
{
  StpRenderMarker *marker;

  g_return_if_fail (STP_IS_SESSION (self));
  g_return_if_fail (index < self->markers->len);
  g_return_if_fail (label != NULL);

  marker = &g_array_index (self->markers, StpRenderMarker, index);
  if (g_strcmp0 (marker->label, label) == 0)
    return;
  g_free ((char *) marker->label);
  marker->label = g_strdup (label);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_MARKERS]);
}

int
stp_session_find_marker (StpSession *self,
                         gint64      start,
                         gint64      end)
{
  g_return_val_if_fail (STP_IS_SESSION (self), -1);

  for (guint i = 0; i < self->markers->len; i++)
    {
      const StpRenderMarker *m = &g_array_index (self->markers, StpRenderMarker, i);

      if (m->start == MIN (start, end) && m->end == MAX (start, end))
        return (int) i;
    }
  return -1;
}

GArray *
stp_session_get_marked (StpSession *self)
{
  g_return_val_if_fail (STP_IS_SESSION (self), NULL);
  return self->marked;
}

/* `marked`: StpItemRef in time order (the session keeps a reference);
 * NULL marks nothing. */
void
stp_session_set_marked (StpSession *self,
                        GArray     *marked)
{
  g_return_if_fail (STP_IS_SESSION (self));

  set_array (self, &self->marked, marked, PROP_MARKED);
}

void
stp_session_watch (StpSession *self,
                   const char *property,
                   GCallback   changed,
                   gpointer    owner)
{
  g_autofree char *signal = g_strconcat ("notify::", property, NULL);

  g_return_if_fail (STP_IS_SESSION (self));
  g_return_if_fail (G_IS_OBJECT (owner));

  g_signal_connect_object (self, signal, changed, owner, G_CONNECT_SWAPPED);
  ((void (*) (gpointer)) changed) (owner);
}

void
stp_session_unwatch (StpSession *self,
                     gpointer    owner)
{
  g_return_if_fail (STP_IS_SESSION (self));
  g_signal_handlers_disconnect_by_data (self, owner);
}

gboolean
stp_session_replace (StpSession **slot,
                     StpSession  *session,
                     gpointer     owner)
{
  g_return_val_if_fail (slot != NULL, FALSE);
  g_return_val_if_fail (session == NULL || STP_IS_SESSION (session), FALSE);

  if (*slot == session)
    return FALSE;
  if (*slot != NULL)
    stp_session_unwatch (*slot, owner);
  g_set_object (slot, session);
  return TRUE;
}

/* The search's matches (StpItemRef; the session keeps a reference) and
 * the longest of them, which lets a frame find those in view. */
GArray *
stp_session_get_matches (StpSession *self,
                         gint64     *max_duration)
{
  g_return_val_if_fail (STP_IS_SESSION (self), NULL);

  if (max_duration != NULL)
    *max_duration = self->matches_max_duration;
  return self->matches;
}

void
stp_session_set_matches (StpSession *self,
                         GArray     *matches,
                         gint64      max_duration)
{
  g_return_if_fail (STP_IS_SESSION (self));

  self->matches_max_duration = max_duration;
  set_array (self, &self->matches, matches, PROP_MATCHES);
}

const StpTimeRange *
stp_session_get_visible_range (StpSession *self)
{
  g_return_val_if_fail (STP_IS_SESSION (self), NULL);
  return self->visible_range.end > self->visible_range.start ? &self->visible_range : NULL;
}

/* start == end: none. */
void
stp_session_set_visible_range (StpSession *self,
                               gint64      start,
                               gint64      end)
{
  g_return_if_fail (STP_IS_SESSION (self));

  if (end <= start)
    start = end = 0;
  if (self->visible_range.start == start && self->visible_range.end == end)
    return;
  self->visible_range = (StpTimeRange) { start, end };
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_VISIBLE_RANGE]);
}
