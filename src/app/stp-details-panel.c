/* stp-details-panel.c: the side panel's view of one selected item
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Rebuilt from a StpDetails (the core's plain data) each time the
 * selection changes: a title, then boxed lists of "label: value" rows,
 * rows that link to other items (inputs, flows, producer, consumers) and
 * the args as a tree of expander rows.  The same pass writes the text
 * Ctrl+C copies, so what is copied is what is shown.
 */

#define G_LOG_DOMAIN "stp-details-panel"

#include "config.h"

#include <adwaita.h>
#include <glib/gi18n.h>
#include <inttypes.h>

#include "stp-details-panel-private.h"
#include "stp-json-writer.h"
#include "stp-render-view.h"



enum {
  PROP_0,
  PROP_SESSION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  SELECT_ITEM,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (StpDetailsPanel, stp_details_panel, GTK_TYPE_WIDGET)

/* ------------------------------------------------------------------ */
/* Formatting                                                          */

static char *
format_bytes (gint64 bytes)
{
  g_autofree char *size = g_format_size_full (MAX (bytes, 0), G_FORMAT_SIZE_IEC_UNITS);

  if (bytes < 1024)
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%" PRId64 " byte",
                                         "%" PRId64 " bytes", bytes), (int64_t) bytes);
  /* Translators: a size and its exact byte count, "1.1 kB (1152 bytes)" */
  return g_strdup_printf (_("%s (%" PRId64 " bytes)"), size, (int64_t) bytes);
}

/* Microseconds since the trace's clock zero, as the input wrote them. */
static char *
format_absolute (gint64 ns)
{
  g_autoptr(GString) text = g_string_new (NULL);
  gint64 us = ns / 1000, rest = ns % 1000;

  if (rest < 0)
    {
      us -= 1;
      rest += 1000;
    }
  g_string_append_printf (text, "%" G_GINT64_FORMAT, us);
  if (rest != 0)
    {
      g_string_append_printf (text, ".%03" G_GINT64_FORMAT, rest);
      while (text->str[text->len - 1] == '0')
        g_string_truncate (text, text->len - 1);
    }
  g_string_append (text, " µs");
  return g_string_free (g_steal_pointer (&text), FALSE);
}

static char *
format_relative (StpDetailsPanel *self,
                 gint64           ns)
{
  gint64 rel = stp_time_sub (ns, self->trace->start_ts);
  g_autofree char *t = stp_format_time_exact (rel);

  if (rel < 0)
    return g_steal_pointer (&t);   /* "-66 µs": before the first event */
  /* Translators: a time from the start of the trace, "+4.085 ms" */
  return g_strdup_printf (_("+%s"), t);
}

static char *
format_counter_value (StpDetailsPanel *self,
                      double           value)
{
  g_autoptr(GString) text = g_string_new (NULL);

  if (self->details->bytes)
    return format_bytes ((gint64) value);
  stp_json_append_double (text, value);
  return g_string_free (g_steal_pointer (&text), FALSE);
}

/* ------------------------------------------------------------------ */
/* Rows                                                                */

static void
text_line (StpDetailsPanel *self,
           const char      *label,
           const char      *value)
{
  if (label != NULL && value != NULL)
    g_string_append_printf (self->text, "%s: %s\n", label, value);
  else if (label != NULL)
    g_string_append_printf (self->text, "\n%s\n", label);
}

GtkWidget *
stp_details_panel_add_group (StpDetailsPanel *self,
                             const char      *title)
{
  GtkWidget *group = adw_preferences_group_new ();

  if (title != NULL)
    {
      adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
      text_line (self, title, NULL);
    }
  gtk_box_append (GTK_BOX (self->box), group);
  return group;
}

/* A sentence under a group's title saying what its numbers are. */
static void
add_description (StpDetailsPanel *self,
                 GtkWidget       *group,
                 const char      *text)
{
  adw_preferences_group_set_description (ADW_PREFERENCES_GROUP (group), text);
  g_string_append_printf (self->text, "%s\n", text);
}

static void
add_property_full (StpDetailsPanel *self,
                   GtkWidget       *group,
                   const char      *label,
                   const char      *value,
                   gboolean         monospace)
{
  if (value == NULL)
    return;

  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group),
                             stp_details_panel_property_row (self->labels, label, value, monospace));
  text_line (self, label, value);
}

void
stp_details_panel_add_property (StpDetailsPanel *self,
                                GtkWidget       *group,
                                const char      *label,
                                const char      *value)
{
  add_property_full (self, group, label, value, FALSE);
}

static void
add_time (StpDetailsPanel *self,
          GtkWidget       *group,
          const char      *label,
          gint64           ns)
{
  g_autofree char *value = format_relative (self, ns);

  stp_details_panel_add_property (self, group, label, value);
}

static void
add_duration (StpDetailsPanel *self,
              GtkWidget       *group,
              const char      *label,
              gint64           ns)
{
  g_autofree char *value = stp_format_time_exact (ns);

  stp_details_panel_add_property (self, group, label, value);
}

static void
on_link_activated (AdwActionRow    *row,
                   StpDetailsPanel *self)
{
  guint index = GPOINTER_TO_UINT (g_object_get_data (G_OBJECT (row), "link-index"));

  if (index < self->links->len)
    {
      StpItemRef item = g_array_index (self->links, StpItemRef, index);

      g_signal_emit (self, signals[SELECT_ITEM], 0, &item);
    }
}

/* A row that selects `item` when activated; inert if it points nowhere. */
static void
add_link (StpDetailsPanel  *self,
          GtkWidget        *group,
          const char       *title,
          const char       *subtitle,
          const StpItemRef *item)
{
  GtkWidget *row = adw_action_row_new ();

  /* Names are text, not markup ("Functor<long>"): say so before setting them. */
  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  if (subtitle != NULL)
    adw_action_row_set_subtitle (ADW_ACTION_ROW (row), subtitle);
  text_line (self, title, subtitle != NULL ? subtitle : "");

  if (item != NULL && item->kind != STP_ITEM_NONE)
    {
      GtkWidget *arrow = gtk_image_new_from_icon_name ("go-next-symbolic");

      gtk_widget_add_css_class (arrow, "dim-label");
      adw_action_row_add_suffix (ADW_ACTION_ROW (row), arrow);
      gtk_list_box_row_set_activatable (GTK_LIST_BOX_ROW (row), TRUE);
      g_object_set_data (G_OBJECT (row), "link-index", GUINT_TO_POINTER (self->links->len));
      g_signal_connect (row, "activated", G_CALLBACK (on_link_activated), self);
      g_array_append_val (self->links, *item);
      g_ptr_array_add (self->link_rows, row);
      gtk_widget_set_tooltip_text (row, _("Select on the timeline"));
    }

  adw_preferences_group_add (ADW_PREFERENCES_GROUP (group), row);
}

/* ------------------------------------------------------------------ */
/* Sections                                                            */

static void
add_place (StpDetailsPanel *self,
           GtkWidget       *group)
{
  const StpDetails *d = self->details;

  stp_details_panel_add_property (self, group, _("Category"), d->category);
  stp_details_panel_add_property (self, group, _("Process"), d->process);
  stp_details_panel_add_property (self, group, _("Thread"), d->thread);
}

static void
add_slice_time (StpDetailsPanel *self,
                GtkWidget       *group)
{
  const StpDetails *d = self->details;
  g_autofree char *absolute = format_absolute (d->start);

  add_time (self, group, d->has_duration ? _("Start") : _("Time"), d->start);
  stp_details_panel_add_property (self, group, _("Timestamp"), absolute);
  if (!d->has_duration)
    return;

  if (d->unclosed)
    {
      g_autofree char *dur = stp_format_time_exact (d->duration);
      /* Translators: a slice that never ended in the trace */
      g_autofree char *value = g_strdup_printf (_("%s (did not end)"), dur);

      stp_details_panel_add_property (self, group, _("Duration"), value);
    }
  else
    add_duration (self, group, _("Duration"), d->duration);

  if (d->item.kind == STP_ITEM_SLICE)
    {
      g_autofree char *self_time = stp_format_time_exact (d->self_time);
      g_autofree char *value = NULL;

      if (d->n_children > 0)
        value = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%s (%u child)", "%s (%u children)", d->n_children),
                                 self_time, d->n_children);
      stp_details_panel_add_property (self, group, _("Self Time"), value != NULL ? value : self_time);
    }
}

static void
add_node (StpDetailsPanel *self)
{
  const StpDetailsNode *n = self->details->node;
  GtkWidget *group;

  group = stp_details_panel_add_group (self, _("TensorFlow Op"));
  stp_details_panel_add_property (self, group, _("Node"), n->node_name);
  stp_details_panel_add_property (self, group, _("Op"), n->op);
  stp_details_panel_add_property (self, group, _("Device"), n->device);
  {
    g_autofree char *thread = g_strdup_printf ("%u", n->thread_id);
    stp_details_panel_add_property (self, group, _("Thread ID"), thread);
  }
  if (n->scheduled != STP_TS_UNKNOWN)
    {
      g_autofree char *at = format_relative (self, n->scheduled);
      /* Translators: a kernel's scheduled time; TensorFlow's GPU tracer
       * writes nanoseconds into the field named scheduled_micros */
      g_autofree char *value = n->scheduled_was_ns ? g_strdup_printf (_("%s (recorded in nanoseconds)"), at) : NULL;

      stp_details_panel_add_property (self, group, _("Scheduled"), value != NULL ? value : at);
    }
  add_time (self, group, _("All Start"), n->all_start);
  add_time (self, group, _("All End"), n->all_end);
  add_time (self, group, _("Op Start"), n->op_start);
  add_time (self, group, _("Op End"), n->op_end);
  add_duration (self, group, _("Op Time"), stp_time_sub (n->op_end, n->op_start));
  if (n->temp_memory_size > 0)
    {
      g_autofree char *v = format_bytes (n->temp_memory_size);
      stp_details_panel_add_property (self, group, _("Temporary Memory"), v);
    }
  if (n->persistent_memory_size > 0)
    {
      g_autofree char *v = format_bytes (n->persistent_memory_size);
      stp_details_panel_add_property (self, group, _("Persistent Memory"), v);
    }
  if (n->timeline_label != NULL && n->timeline_label[0] != '\0')
    add_property_full (self, group, _("Label"), n->timeline_label, TRUE);

  if (n->inputs->len > 0)
    {
      group = stp_details_panel_add_group (self, _("Inputs"));
      for (guint i = 0; i < n->inputs->len; i++)
        {
          const StpDetailsInput *in = &g_array_index (n->inputs, StpDetailsInput, i);
          const StpSlice *producer = stp_item_get_slice (self->trace, &in->producer);
          g_autofree char *subtitle = NULL;

          if (producer != NULL)
            {
              g_autofree char *end = format_relative (self, stp_slice_end (producer));

              /* Translators: the op that produced an input, and when it ended */
              subtitle = g_strdup_printf (_("%s, ended at %s"), stp_trace_str (self->trace, producer->name), end);
            }
          else
            subtitle = g_strdup (_("Not produced in this step"));
          add_link (self, group, in->name, subtitle, &in->producer);
        }
    }

  if (n->outputs->len > 0)
    {
      group = stp_details_panel_add_group (self, _("Outputs"));
      for (guint i = 0; i < n->outputs->len; i++)
        {
          const StpTensorInfo *t = &g_array_index (n->outputs, StpTensorInfo, i);
          g_autofree char *bytes = format_bytes (t->requested_bytes);
          g_autofree char *allocated = t->allocated_bytes >= 0 ? format_bytes (t->allocated_bytes) : NULL;
          g_autofree char *subtitle = NULL;
          g_autoptr(GString) line = g_string_new (NULL);

          g_string_append_printf (line, "%s %s", t->dtype ? t->dtype : "?", t->shape ? t->shape : "");
          g_string_append_printf (line, " · %s", bytes);
          if (allocated != NULL)
            /* Translators: bytes an allocator actually reserved for a tensor */
            g_string_append_printf (line, _(" · %s allocated"), allocated);
          if (t->allocator != NULL && t->allocator[0] != '\0')
            g_string_append_printf (line, " · %s", t->allocator);
          subtitle = g_strdup (line->str);
          add_link (self, group, t->name, subtitle, NULL);
        }
    }

  if (n->memory->len > 0)
    {
      group = stp_details_panel_add_group (self, _("Memory Used"));
      /* Why this peak differs from the allocator track's (issue 13):
       * the track, like timeline.py, adds up output tensors only. */
      add_description (self, group,
                       _("Peak is the most this op held at once while it ran, temporary buffers included. "
                         "The allocator’s memory track counts only the output tensors alive, as timeline.py "
                         "does, so its peak can be lower."));
      for (guint i = 0; i < n->memory->len; i++)
        {
          const StpDetailsMemory *m = &g_array_index (n->memory, StpDetailsMemory, i);
          g_autofree char *peak = g_format_size_full (MAX (m->peak_bytes, 0), G_FORMAT_SIZE_IEC_UNITS);
          g_autofree char *total = g_format_size_full (MAX (m->total_bytes, 0), G_FORMAT_SIZE_IEC_UNITS);
          g_autofree char *live = g_format_size_full (MAX (m->live_bytes, 0), G_FORMAT_SIZE_IEC_UNITS);
          /* Translators: AllocatorMemoryUsed of an op: peak, total and live bytes */
          g_autofree char *subtitle = g_strdup_printf (_("Peak %s · Total %s · Live %s"), peak, total, live);

          add_link (self, group, m->allocator[0] ? m->allocator : _("Unnamed allocator"), subtitle, NULL);
        }
    }
}

/* A flow's row names and times its other end: where the arrow comes
 * from (incoming) or goes to (outgoing). */
static void
add_flows (StpDetailsPanel *self,
           GArray          *flows,
           gboolean         incoming,
           const char      *title)
{
  GtkWidget *group;

  if (flows->len == 0)
    return;

  group = stp_details_panel_add_group (self, title);
  for (guint i = 0; i < flows->len; i++)
    {
      const StpDetailsFlow *f = &g_array_index (flows, StpDetailsFlow, i);
      g_autofree char *at = format_relative (self, f->peer_ts);
      /* Translators: when the other end of an arrow is: "sent at +1.2 ms"
       * for an incoming flow, "received at +1.5 ms" for an outgoing one */
      g_autofree char *when = g_strdup_printf (incoming ? _("sent at %s") : _("received at %s"), at);
      g_autofree char *subtitle = f->name ? g_strdup_printf ("%s · %s", f->name, when) : g_strdup (when);
      StpItemRef flow = { STP_ITEM_FLOW, STP_INDEX_NONE, f->flow, 0 };

      add_link (self, group, f->peer_name ? f->peer_name : _("Not bound to a slice"), subtitle,
                f->peer.kind != STP_ITEM_NONE ? &f->peer : &flow);
    }
}

/* "conv1 · +1.2 ms, 40 µs": where a related slice is. */
static void
add_slice_link (StpDetailsPanel  *self,
                GtkWidget        *group,
                const StpItemRef *ref)
{
  const StpSlice *s = stp_item_get_slice (self->trace, ref);
  g_autofree char *shown = stp_details_shown_name (self->trace, s);
  g_autofree char *at = format_relative (self, s->ts);
  g_autofree char *lasts = stp_format_duration (MAX (s->dur, 0));
  /* Translators: when a related slice starts and how long it lasts: "+1.2 ms, 40 µs" */
  g_autofree char *subtitle = g_strdup_printf (_("%s, %s"), at, lasts);

  add_link (self, group, shown ? shown : stp_trace_str (self->trace, s->name), subtitle, ref);
}

/* Up and down the stack, as Perfetto's ancestors and descendants. */
static void
add_relations (StpDetailsPanel *self)
{
  const StpDetails *d = self->details;
  GtkWidget *group;

  if (d->parent.kind != STP_ITEM_NONE)
    {
      /* Translators: the slice that holds the selected one */
      group = stp_details_panel_add_group (self, _("Parent"));
      add_slice_link (self, group, &d->parent);
    }
  if (d->children->len > 0)
    {
      /* Translators: a heading, the slices directly inside the selected one */
      g_autofree char *title = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u Child", "%u Children",
                                                             d->n_children),
                                                d->n_children);

      group = stp_details_panel_add_group (self, title);
      for (guint i = 0; i < d->children->len; i++)
        add_slice_link (self, group, &g_array_index (d->children, StpItemRef, i));
      if (d->n_children > d->children->len)
        {
          /* Translators: the children left out of a long list */
          g_autofree char *more = g_strdup_printf (_("%u more not listed"), d->n_children - d->children->len);

          add_description (self, group, more);
        }
    }
}

static void
show_slice (StpDetailsPanel *self)
{
  const StpDetails *d = self->details;
  GtkWidget *group;
  gboolean whole;

  whole = stp_details_panel_add_header (self, d->node != NULL ? _("TensorFlow op") : d->has_duration ? _("Slice") : _("Instant"));
  group = stp_details_panel_add_group (self, NULL);
  add_place (self, group);
  add_slice_time (self, group);
  if (!whole)
    stp_details_panel_add_whole_name (self, group);

  if (d->node != NULL)
    add_node (self);
  add_flows (self, d->flows_in, TRUE, _("Incoming Flows"));
  add_flows (self, d->flows_out, FALSE, _("Outgoing Flows"));
  add_relations (self);
  stp_details_panel_add_args (self, _("Arguments"));
}

/* Which mode made a tensor's lifetime, and its consumers by the graph
 * and by the labels, where there is a graph (stp-details-lifetime.c). */
static const char *
consumer_subtitle (const StpDetailsConsumer *c)
{
  if (c->by_graph && c->op.kind == STP_ITEM_NONE)
    return _("In the graph, did not run");
  if (c->by_graph && !c->by_label)
    return c->remote ? _("In the graph, through a Send/Recv pair; its label does not name this tensor")
                     : _("In the graph; its label does not name this tensor");
  if (!c->by_graph)
    return _("Named by its label, not a consumer in the graph");
  return c->remote ? _("In the graph, through a Send/Recv pair, and named by its label")
                   : _("In the graph and named by its label");
}

static void
add_lifetime (StpDetailsPanel *self)
{
  const StpDetailsLifetime *lt = self->details->lifetime;
  GtkWidget *group;

  if (lt == NULL)
    return;

  group = stp_details_panel_add_group (self, _("Lifetime From"));
  if (lt->from_graph)
    stp_details_panel_add_property (self, group, _("Mode"), lt->unused ? _("The graph: no consumer of it ran")
                                                     : _("The graph: its last consumer that ran"));
  else if (!lt->in_graph)
    stp_details_panel_add_property (self, group, _("Mode"), _("As timeline.py: the graph does not have its producer"));
  else
    stp_details_panel_add_property (self, group, _("Mode"), _("As timeline.py, from the ops’ labels"));
  if (lt->differs)
    {
      add_time (self, group, _("Ends by the Graph"), lt->graph_end);
      add_time (self, group, _("Ends by timeline.py"), lt->labels_end);
    }
  if (lt->disagrees)
    stp_details_panel_add_property (self, group, _("Disagreement"), _("The labels and the graph name different consumers"));

  if (lt->consumers->len == 0)
    return;

  group = stp_details_panel_add_group (self, _("Consumers by the Graph and the Labels"));
  for (guint i = 0; i < lt->consumers->len; i++)
    {
      const StpDetailsConsumer *c = &g_array_index (lt->consumers, StpDetailsConsumer, i);

      if (c->op.kind != STP_ITEM_NONE)
        add_link (self, group, c->name, consumer_subtitle (c), &c->op);
      else
        stp_details_panel_add_property (self, group, c->name, consumer_subtitle (c));
    }
}

static void
show_object (StpDetailsPanel *self)
{
  const StpDetails *d = self->details;
  GtkWidget *group;
  gboolean whole;

  whole = stp_details_panel_add_header (self, d->tensor != NULL ? _("Tensor") : _("Object"));
  group = stp_details_panel_add_group (self, NULL);
  stp_details_panel_add_property (self, group, _("Category"), d->category);
  stp_details_panel_add_property (self, group, _("Process"), d->process);
  stp_details_panel_add_property (self, group, _("ID"), d->object_id);
  add_time (self, group, _("Created"), d->start);
  if (d->has_end)
    add_time (self, group, _("Deleted"), d->end);
  if (d->has_duration)
    add_duration (self, group, _("Lifetime"), d->duration);
  else
    stp_details_panel_add_property (self, group, _("Lifetime"), _("Until the end of the trace"));
  if (!whole)
    stp_details_panel_add_whole_name (self, group);

  if (d->tensor != NULL)
    {
      const StpTensorInfo *t = d->tensor;
      g_autofree char *bytes = format_bytes (t->requested_bytes);
      g_autofree char *allocated = t->allocated_bytes >= 0 ? format_bytes (t->allocated_bytes) : NULL;

      group = stp_details_panel_add_group (self, _("Tensor"));
      stp_details_panel_add_property (self, group, _("Size"), bytes);
      stp_details_panel_add_property (self, group, _("Allocated"), allocated);
      stp_details_panel_add_property (self, group, _("Allocator"), t->allocator);
      stp_details_panel_add_property (self, group, _("Type"), t->dtype);
      stp_details_panel_add_property (self, group, _("Shape"), t->shape);
    }

  if (d->producer.kind != STP_ITEM_NONE)
    {
      const StpSlice *s = stp_item_get_slice (self->trace, &d->producer);
      g_autofree char *end = format_relative (self, stp_slice_end (s));
      g_autofree char *node = stp_details_node_name (self->trace, s);
      /* Translators: an op type and when it ended, "VariableV2, ended at +41 µs" */
      g_autofree char *subtitle = g_strdup_printf (_("%s, ended at %s"), stp_trace_str (self->trace, s->name), end);

      group = stp_details_panel_add_group (self, _("Produced By"));
      add_link (self, group, node ? node : stp_trace_str (self->trace, s->name), subtitle, &d->producer);
    }

  if (d->consumers->len > 0)
    {
      group = stp_details_panel_add_group (self, _("Consumed By"));
      for (guint i = 0; i < d->consumers->len; i++)
        {
          const StpItemRef *ref = &g_array_index (d->consumers, StpItemRef, i);
          const StpSlice *s = stp_item_get_slice (self->trace, ref);
          g_autofree char *start = format_relative (self, s->ts);
          g_autofree char *node = stp_details_node_name (self->trace, s);
          /* Translators: an op type and when it started, "Conv2D, started at +4.158 ms" */
          g_autofree char *subtitle = g_strdup_printf (_("%s, started at %s"), stp_trace_str (self->trace, s->name), start);

          add_link (self, group, node ? node : stp_trace_str (self->trace, s->name), subtitle, ref);
        }
    }

  add_lifetime (self);
  stp_details_panel_add_args (self, _("Snapshot"));
}

static void
show_counter (StpDetailsPanel *self)
{
  const StpDetails *d = self->details;
  GtkWidget *group;
  gboolean whole;

  whole = stp_details_panel_add_header (self, _("Counter"));
  group = stp_details_panel_add_group (self, NULL);
  stp_details_panel_add_property (self, group, _("Category"), d->category);
  stp_details_panel_add_property (self, group, _("Process"), d->process);
  add_time (self, group, _("Time"), d->start);
  if (!whole)
    stp_details_panel_add_whole_name (self, group);

  group = stp_details_panel_add_group (self, d->series->len > 1 ? _("Series") : _("Value"));
  if (d->bytes && self->trace->format >= STP_FORMAT_STEP_STATS && self->trace->format <= STP_FORMAT_RUN_METADATA_TEXT)
    add_description (self, group,
                     _("Bytes of the output tensors alive on this allocator, as timeline.py counts them. "
                       "Temporary buffers are not included: an op’s own Memory Used peak can be higher."));
  for (guint i = 0; i < d->series->len; i++)
    {
      const StpDetailsSeries *s = &g_array_index (d->series, StpDetailsSeries, i);
      g_autofree char *value = s->has_value ? format_counter_value (self, s->value) : g_strdup (_("No value yet"));
      g_autofree char *min = format_counter_value (self, s->min);
      g_autofree char *max = format_counter_value (self, s->max);
      /* Translators: a counter's lowest and highest value over the trace */
      g_autofree char *range = g_strdup_printf (_("Min %s · Max %s"), min, max);

      if (d->series->len > 1)
        {
          g_autofree char *label = g_strdup_printf ("%s — %s", s->name, value);

          add_link (self, group, label, range, NULL);
        }
      else
        {
          stp_details_panel_add_property (self, group, _("Value"), value);
          stp_details_panel_add_property (self, group, _("Minimum"), min);
          stp_details_panel_add_property (self, group, _("Maximum"), max);
        }
    }

  if (d->series->len > 1)
    {
      g_autofree char *total = format_counter_value (self, d->total);

      stp_details_panel_add_property (self, group, _("Total"), total);
    }
}

static void
show_flow (StpDetailsPanel *self)
{
  const StpDetails *d = self->details;
  GtkWidget *group;
  gboolean whole;

  whole = stp_details_panel_add_header (self, _("Flow"));
  group = stp_details_panel_add_group (self, NULL);
  stp_details_panel_add_property (self, group, _("Category"), d->category);
  stp_details_panel_add_property (self, group, _("ID"), d->flow_id);
  add_time (self, group, _("Start"), d->start);
  if (d->has_duration)
    {
      add_time (self, group, _("End"), d->flow_dst_ts);
      add_duration (self, group, _("Duration"), d->duration);
    }
  if (!whole)
    stp_details_panel_add_whole_name (self, group);

  group = stp_details_panel_add_group (self, _("Connects"));
  {
    g_autofree char *at = format_relative (self, d->start);
    /* Translators: where a flow arrow starts, "From, at +4.581 ms" */
    g_autofree char *subtitle = g_strdup_printf (_("From, at %s"), at);

    add_link (self, group, d->flow_src_name ? d->flow_src_name : _("Not bound to a slice"), subtitle, &d->flow_src);
  }
  if (d->has_duration)
    {
      g_autofree char *at = format_relative (self, d->flow_dst_ts);
      /* Translators: where a flow arrow ends, "To, at +4.707 ms" */
      g_autofree char *subtitle = g_strdup_printf (_("To, at %s"), at);

      add_link (self, group, d->flow_dst_name ? d->flow_dst_name : _("Not bound to a slice"), subtitle, &d->flow_dst);
    }
}

/* ------------------------------------------------------------------ */
/* Public                                                              */

static void
clear (StpDetailsPanel *self)
{
  GtkWidget *child;

  while ((child = gtk_widget_get_first_child (self->box)) != NULL)
    gtk_box_remove (GTK_BOX (self->box), child);

  g_clear_pointer (&self->details, stp_details_free);
  g_clear_pointer (&self->trace, stp_trace_unref);
  g_string_truncate (self->text, 0);
  g_clear_object (&self->labels);
  self->labels = gtk_size_group_new (GTK_SIZE_GROUP_HORIZONTAL);
  g_array_set_size (self->links, 0);
  g_ptr_array_set_size (self->link_rows, 0);
}

static void
on_selected_item_changed (StpDetailsPanel *self)
{
  StpDocument *document = stp_session_get_document (self->session);
  const StpItemRef *item = stp_session_get_selected_item (self->session);
  StpTrace *trace;

  clear (self);
  if (document == NULL || item->kind == STP_ITEM_NONE)
    return;

  trace = stp_document_get_trace (document);
  self->details = stp_details_new (trace, stp_document_get_links (document), item);
  if (self->details == NULL)
    return;
  self->trace = stp_trace_ref (trace);

  switch (item->kind)
    {
    case STP_ITEM_OBJECT:
      show_object (self);
      break;
    case STP_ITEM_COUNTER:
      show_counter (self);
      break;
    case STP_ITEM_FLOW:
      show_flow (self);
      break;
    case STP_ITEM_SLICE:
    case STP_ITEM_INSTANT:
    case STP_ITEM_GLOBAL_INSTANT:
    case STP_ITEM_NONE:
    default:
      show_slice (self);
      break;
    }

  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller)), 0);
}

/* Several slices (Ctrl+click): shown instead of one item. */
static void
on_selected_items_changed (StpDetailsPanel *self)
{
  GArray *items = stp_session_get_selected_items (self->session);
  StpTrace *trace = stp_session_get_trace (self->session);

  if (items == NULL)
    {
      if (stp_session_get_selected_item (self->session)->kind == STP_ITEM_NONE)
        clear (self);
      return;
    }
  clear (self);
  if (trace == NULL)
    return;
  self->trace = stp_trace_ref (trace);
  stp_details_panel_show_items (self, trace, items);
  gtk_adjustment_set_value (gtk_scrolled_window_get_vadjustment (GTK_SCROLLED_WINDOW (self->scroller)), 0);
}

StpSession *
stp_details_panel_get_session (StpDetailsPanel *self)
{
  g_return_val_if_fail (STP_IS_DETAILS_PANEL (self), NULL);
  return self->session;
}

void
stp_details_panel_set_session (StpDetailsPanel *self,
                               StpSession      *session)
{
  g_return_if_fail (STP_IS_DETAILS_PANEL (self));
  g_return_if_fail (session == NULL || STP_IS_SESSION (session));

  if (!stp_session_replace (&self->session, session, self))
    return;
  if (session != NULL)
    {
      stp_session_watch (session, "selected-item", G_CALLBACK (on_selected_item_changed), self);
      stp_session_watch (session, "selected-items", G_CALLBACK (on_selected_items_changed), self);
    }
  else
    clear (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

const StpDetails *
stp_details_panel_get_details (StpDetailsPanel *self)
{
  g_return_val_if_fail (STP_IS_DETAILS_PANEL (self), NULL);
  return self->details;
}

char *
stp_details_panel_get_text (StpDetailsPanel *self)
{
  g_return_val_if_fail (STP_IS_DETAILS_PANEL (self), NULL);
  return g_strdup (self->text->str);
}

const char *
stp_details_panel_lookup (StpDetailsPanel *self,
                          const char      *label)
{
  g_return_val_if_fail (STP_IS_DETAILS_PANEL (self), NULL);
  return stp_details_panel_find_value (self->box, label);
}

GArray *
stp_details_panel_get_links (StpDetailsPanel *self)
{
  g_return_val_if_fail (STP_IS_DETAILS_PANEL (self), NULL);
  return self->links;
}

void
stp_details_panel_activate_link (StpDetailsPanel *self,
                                 guint            n)
{
  g_return_if_fail (STP_IS_DETAILS_PANEL (self));
  g_return_if_fail (n < self->link_rows->len);

  g_signal_emit_by_name (g_ptr_array_index (self->link_rows, n), "activated");
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */

GtkWidget *
stp_details_panel_new (void)
{
  return g_object_new (STP_TYPE_DETAILS_PANEL, NULL);
}

static void
stp_details_panel_dispose (GObject *object)
{
  StpDetailsPanel *self = STP_DETAILS_PANEL (object);

  stp_session_replace (&self->session, NULL, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), STP_TYPE_DETAILS_PANEL);
  G_OBJECT_CLASS (stp_details_panel_parent_class)->dispose (object);
}

static void
stp_details_panel_finalize (GObject *object)
{
  StpDetailsPanel *self = STP_DETAILS_PANEL (object);

  g_clear_pointer (&self->details, stp_details_free);
  g_clear_pointer (&self->trace, stp_trace_unref);
  g_clear_object (&self->labels);
  g_string_free (self->text, TRUE);
  g_array_unref (self->links);
  g_ptr_array_unref (self->link_rows);
  G_OBJECT_CLASS (stp_details_panel_parent_class)->finalize (object);
}

static void
stp_details_panel_get_property (GObject    *object,
                                guint       prop_id,
                                GValue     *value,
                                GParamSpec *pspec)
{
  StpDetailsPanel *self = STP_DETAILS_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stp_details_panel_set_property (GObject      *object,
                                guint         prop_id,
                                const GValue *value,
                                GParamSpec   *pspec)
{
  StpDetailsPanel *self = STP_DETAILS_PANEL (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      stp_details_panel_set_session (self, g_value_get_object (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stp_details_panel_class_init (StpDetailsPanelClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stp_details_panel_dispose;
  object_class->finalize = stp_details_panel_finalize;
  object_class->get_property = stp_details_panel_get_property;
  object_class->set_property = stp_details_panel_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, STP_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * StpDetailsPanel::select-item:
   * @item: (type gpointer): the StpItemRef a link points at
   */
  signals[SELECT_ITEM] =
    g_signal_new ("select-item", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stepscope/Stepscope/stp-details-panel.ui");
  gtk_widget_class_bind_template_child (widget_class, StpDetailsPanel, scroller);
  gtk_widget_class_bind_template_child (widget_class, StpDetailsPanel, box);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "detailspanel");
}

static void
stp_details_panel_init (StpDetailsPanel *self)
{
  self->text = g_string_new (NULL);
  self->links = g_array_new (FALSE, FALSE, sizeof (StpItemRef));
  self->link_rows = g_ptr_array_new ();
  gtk_widget_init_template (GTK_WIDGET (self));
}
