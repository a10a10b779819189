/* stp-window-info.c: the Trace Information page
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * What the open file is and holds: its name, format, size and load
 * time, the time it covers, its contents counted (stp-trace-info.h), the
 * metadata it carries (Kineto's schemaVersion, distributedInfo,
 * deviceProperties, ...) and every warning the load gave.  Each value
 * is a selectable label named after its row (tests find it so).
 */

#define G_LOG_DOMAIN "stp-window-info"

#include "config.h"

#include <glib/gi18n.h>

#include "stp-trace-info.h"
#include "stp-window-private.h"

/* Long metadata (deviceProperties is kilobytes of JSON) is cut here; the
 * tooltip holds more. */
#define VALUE_CHARS   120
#define TOOLTIP_CHARS 2000

static void
add_row (AdwPreferencesGroup *group,
         const char          *name,
         const char          *title,
         const char          *value)
{
  GtkWidget *row = adw_action_row_new ();
  GtkWidget *label = gtk_label_new (NULL);
  g_autofree char *shown = g_utf8_make_valid (value, -1);

  adw_preferences_row_set_use_markup (ADW_PREFERENCES_ROW (row), FALSE);
  adw_preferences_row_set_title (ADW_PREFERENCES_ROW (row), title);
  gtk_widget_set_name (label, name);
  gtk_label_set_selectable (GTK_LABEL (label), TRUE);
  /* A path keeps its file name; JSON keeps its start. */
  gtk_label_set_ellipsize (GTK_LABEL (label), g_str_equal (name, "file") ? PANGO_ELLIPSIZE_START : PANGO_ELLIPSIZE_END);
  gtk_label_set_max_width_chars (GTK_LABEL (label), 40);
  gtk_label_set_xalign (GTK_LABEL (label), 1);
  gtk_label_set_text (GTK_LABEL (label), shown);
  if (g_utf8_strlen (shown, -1) > 40)
    {
      g_autofree char *tip = g_utf8_substring (shown, 0, MIN (g_utf8_strlen (shown, -1), TOOLTIP_CHARS));

      gtk_widget_set_tooltip_text (label, tip);
    }
  gtk_widget_add_css_class (label, "dim-label");
  adw_action_row_add_suffix (ADW_ACTION_ROW (row), label);
  adw_preferences_group_add (group, row);
}

static void
add_count (AdwPreferencesGroup *group,
           const char          *name,
           const char          *title,
           guint64              count)
{
  g_autofree char *text = g_strdup_printf ("%" G_GUINT64_FORMAT, count);

  add_row (group, name, title, text);
}

static AdwPreferencesGroup *
add_group (AdwPreferencesPage *page,
           const char         *title)
{
  GtkWidget *group = adw_preferences_group_new ();

  adw_preferences_group_set_title (ADW_PREFERENCES_GROUP (group), title);
  adw_preferences_page_add (page, ADW_PREFERENCES_GROUP (group));
  return ADW_PREFERENCES_GROUP (group);
}

static void
add_file (StpWindow          *self,
          AdwPreferencesPage *page,
          StpTrace           *trace)
{
  AdwPreferencesGroup *group = add_group (page, _("File"));
  StpDocument *document = stp_session_get_document (self->session);
  GFile *file = stp_document_get_file (document);
  double seconds = stp_document_get_load_seconds (document);
  g_autoptr(GFileInfo) info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_SIZE, 0, NULL, NULL);
  g_autofree char *where = g_file_get_parse_name (file);
  g_autofree char *loaded = g_strdup_printf (_("%.2f s"), seconds);

  /* Several: the Traces group below names each. */
  if (trace->parts != NULL)
    {
      add_count (group, "files", _("Traces"), trace->parts->len);
      if (seconds > 0)
        add_row (group, "load-time", _("Loaded In"), loaded);
      return;
    }

  add_row (group, "file", _("File"), where);
  add_row (group, "format", _("Format"), stp_window_format_label (trace->format));
  if (info != NULL)
    {
      g_autofree char *size = g_format_size (g_file_info_get_size (info));

      add_row (group, "size", _("Size"), size);
    }
  if (seconds > 0)
    add_row (group, "load-time", _("Loaded In"), loaded);
}

/* Several traces side by side: each one's label, file and format, and
 * how far its times were moved. */
static void
add_traces (AdwPreferencesPage *page,
            StpTrace           *trace)
{
  AdwPreferencesGroup *group;

  if (trace->parts == NULL)
    return;

  group = add_group (page, _("Traces"));
  adw_preferences_group_set_description (group, stp_renderer_describe_clock (trace));
  for (guint i = 0; i < trace->parts->len; i++)
    {
      const StpTracePart *part = &g_array_index (trace->parts, StpTracePart, i);
      g_autofree char *name = g_strdup_printf ("trace-%u", i);
      g_autofree char *base = g_path_get_basename (part->filename);
      g_autofree char *moved = part->offset != 0 ? stp_format_duration (ABS (part->offset)) : NULL;
      /* Translators: a trace's file, its format, and (maybe) how far it was moved in time */
      g_autofree char *value = moved != NULL
        ? g_strdup_printf (_("%s · %s · moved %s%s"), base, stp_window_format_label (part->format),
                           part->offset < 0 ? "−" : "+", moved)
        : g_strdup_printf ("%s · %s", base, stp_window_format_label (part->format));

      add_row (group, name, part->label, value);
    }
}

/* Which clock the times are on, and, when it is Unix time, the date and
 * time the trace began where the user is. */
static void
add_clock (AdwPreferencesGroup *group,
           StpTrace            *trace)
{
  g_autoptr(GDateTime) utc = NULL;
  g_autoptr(GDateTime) local = NULL;
  g_autofree char *began = NULL;
  gint64 offset;

  if (!stp_trace_get_wall_clock (trace, &offset))
    {
      /* Translators: the trace's times count from some moment of the
       * recording machine (its boot, say), so no date can be told */
      add_row (group, "clock", _("Clock"), _("The recording machine's own, not a date"));
      return;
    }
  /* Translators: the trace's times are dates (seconds since 1970) */
  add_row (group, "clock", _("Clock"), offset != 0 ? _("Unix time, from the file's baseTimeNanoseconds")
                                                   : _("Unix time"));
  utc = stp_wall_clock_to_date_time (trace->start_ts + offset);
  local = utc ? g_date_time_to_local (utc) : NULL;
  /* Translators: a date and time as g_date_time_format() writes it */
  began = local ? g_date_time_format (local, _("%Y-%m-%d %H:%M:%S %Z")) : NULL;
  if (began != NULL)
    add_row (group, "began", _("Began"), began);
}

static void
add_time (AdwPreferencesPage *page,
          StpTrace           *trace)
{
  AdwPreferencesGroup *group = add_group (page, _("Time"));
  g_autofree char *start = stp_format_time_exact (trace->start_ts);
  g_autofree char *end = stp_format_time_exact (trace->end_ts);
  g_autofree char *duration = stp_format_duration (stp_time_sub (trace->end_ts, trace->start_ts));

  /* Translators: the first timestamp as the file records it */
  add_row (group, "start", _("Starts at (as recorded)"), start);
  add_row (group, "end", _("Ends at (as recorded)"), end);
  add_row (group, "duration", _("Duration"), duration);
  add_clock (group, trace);
}

static void
add_contents (AdwPreferencesPage *page,
              StpTrace           *trace)
{
  AdwPreferencesGroup *group = add_group (page, _("Contents"));
  StpTraceCounts counts;

  stp_trace_count (trace, &counts);
  add_count (group, "processes", _("Processes"), trace->processes->len);
  add_count (group, "threads", _("Thread Tracks"), counts.thread_tracks);
  add_count (group, "slices", _("Slices"), counts.slices);
  add_count (group, "async-slices", _("Async Slices"), counts.async_slices);
  add_count (group, "instants", _("Instants"), counts.instants);
  add_count (group, "counter-samples", _("Counter Samples"), counts.counter_samples);
  add_count (group, "flows", _("Flows"), counts.flows);
  add_count (group, "objects", _("Objects"), counts.objects);
}

static void
add_metadata (AdwPreferencesPage *page,
              StpTrace           *trace)
{
  g_autoptr(GPtrArray) pairs = stp_trace_dup_metadata (trace);
  AdwPreferencesGroup *group;

  if (pairs->len == 0)
    return;
  /* Translators: what the file says about itself (schemaVersion, ...) */
  group = add_group (page, _("Metadata"));
  for (guint i = 0; i + 1 < pairs->len; i += 2)
    {
      const char *key = g_ptr_array_index (pairs, i);
      const char *value = g_ptr_array_index (pairs, i + 1);
      g_autofree char *name = g_strconcat ("metadata:", key, NULL);

      add_row (group, name, key, value);
    }
}

static void
add_warnings (AdwPreferencesPage *page,
              StpTrace           *trace)
{
  AdwPreferencesGroup *group;

  if (trace->warnings->len == 0)
    return;
  group = add_group (page, _("Warnings"));
  for (guint i = 0; i < trace->warnings->len; i++)
    {
      const StpWarning *w = &g_array_index (trace->warnings, StpWarning, i);
      g_autofree char *name = g_strconcat ("warning:", stp_trace_str (trace, w->kind), NULL);
      /* Translators: how often a load warning came, "×12" */
      g_autofree char *count = g_strdup_printf (_("×%u"), w->count);

      add_row (group, name, stp_trace_str (trace, w->example), count);
    }
}

static void
action_show_info (GtkWidget  *widget,
                  const char *action,
                  GVariant   *param)
{
  StpWindow *self = STP_WINDOW (widget);
  StpTrace *trace = stp_window_get_trace (self);
  GtkWidget *window, *page;

  if (trace == NULL || stp_window_get_file (self) == NULL)
    return;

  page = adw_preferences_page_new ();
  add_file (self, ADW_PREFERENCES_PAGE (page), trace);
  add_traces (ADW_PREFERENCES_PAGE (page), trace);
  add_time (ADW_PREFERENCES_PAGE (page), trace);
  add_contents (ADW_PREFERENCES_PAGE (page), trace);
  add_metadata (ADW_PREFERENCES_PAGE (page), trace);
  add_warnings (ADW_PREFERENCES_PAGE (page), trace);

  window = adw_preferences_window_new ();
  gtk_window_set_title (GTK_WINDOW (window), _("Trace Information"));
  gtk_window_set_transient_for (GTK_WINDOW (window), GTK_WINDOW (self));
  gtk_window_set_modal (GTK_WINDOW (window), TRUE);
  adw_preferences_window_set_search_enabled (ADW_PREFERENCES_WINDOW (window), FALSE);
  adw_preferences_window_add (ADW_PREFERENCES_WINDOW (window), ADW_PREFERENCES_PAGE (page));
  gtk_window_present (GTK_WINDOW (window));
}

void
stp_window_class_init_info (GtkWidgetClass *widget_class)
{
  gtk_widget_class_install_action (widget_class, "win.show-info", NULL, action_show_info);
}
