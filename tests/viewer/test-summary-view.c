/* test-summary-view.c: the summary under the timeline, in the real window
 * under Xvfb
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rows shown are checked against stp_summary_new() computed here on
 * the window's own trace and against `stepscope-cli summary --json`
 * (STEPSCOPE_CLI); the slices a row marks against the slices of that op
 * type found here in the model, with the rules of stp-summary.h written
 * out again.  Screenshots go to STP_SCREENSHOT_DIR.
 */

#define G_LOG_DOMAIN "test-summary-view"

#include <adwaita.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <string.h>

#include "stp-settings.h"
#include "stp-window.h"
#include "viewer-test-util.h"

static GSettings *
settings (void)
{
  return stp_settings_new ();
}

static StpSummaryView *
summary_view (StpWindow *window)
{
  return stp_window_get_summary_view (window);
}

static gboolean
summary_idle (gpointer window)
{
  StpSummaryView *view = summary_view (window);

  return !stp_summary_view_is_busy (view) && stp_summary_view_get_summary (view) != NULL;
}

/* Waits for the summary of exactly this request. */
static const StpSummary *
wait_summary (StpWindow    *window,
              StpSummaryBy  by,
              gint64        start,
              gint64        end)
{
  const StpSummary *summary;

  wait_for (summary_idle, window);
  summary = stp_summary_view_get_summary (summary_view (window));
  g_assert_cmpint (summary->by, ==, by);
  g_assert_cmpint (summary->start, ==, start);
  g_assert_cmpint (summary->end, ==, end);
  return summary;
}

static StpSummary *
core_summary (StpTrace        *trace,
              StpSummaryBy     by,
              StpSummaryOrder  order,
              gint64           start,
              gint64           end)
{
  g_autoptr(GError) error = NULL;
  StpSummary *summary = stp_summary_new (trace, by, order, start, end, NULL, &error);

  g_assert_no_error (error);
  g_assert_nonnull (summary);
  return summary;
}

static void
assert_rows_equal (const StpSummaryRow *shown,
                   const StpSummaryRow *expected)
{
  g_assert_cmpstr (shown->name, ==, expected->name);
  g_assert_cmpstr (shown->path, ==, expected->path);
  g_assert_cmpint (shown->time, ==, expected->time);
  g_assert_cmpint (shown->self_time, ==, expected->self_time);
  g_assert_cmpint (shown->accelerator_time, ==, expected->accelerator_time);
  g_assert_cmpint (shown->cpu_time, ==, expected->cpu_time);
  g_assert_cmpuint (shown->occurrences, ==, expected->occurrences);
  g_assert_cmpfloat_with_epsilon (shown->percent, expected->percent, 1e-9);
}

/* The table, top-level rows in the order shown, against the core's
 * rows in the same order (cumulative shares in that order too). */
static void
check_rows (StpSummaryView   *view,
            const StpSummary *expected)
{
  guint n = stp_summary_view_get_n_rows (view);

  g_assert_cmpuint (n, ==, expected->rows->len);
  for (guint i = 0; i < n; i++)
    {
      const StpSummaryRow *e = g_ptr_array_index (expected->rows, i);

      assert_rows_equal (stp_summary_view_get_row (view, i), e);
      if (expected->by != STP_SUMMARY_BY_SCOPE)
        g_assert_cmpfloat_with_epsilon (stp_summary_view_get_cumulative (view, i), e->cumulative_percent, 1e-9);
    }
}

/* ------------------------------------------------------------------ */
/* stepscope-cli                                                       */

static JsonObject *
cli_summary (const char *path,
             const char *by,
             const char *range)
{
  const char *cli = g_getenv ("STEPSCOPE_CLI");
  const char *argv[] = { cli, "summary", "--json", "--by", by, path, NULL, NULL, NULL };
  g_autofree char *out = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(JsonParser) parser = json_parser_new ();
  int status;

  g_assert_nonnull (cli);
  if (range != NULL)
    {
      argv[5] = "--range";
      argv[6] = range;
      argv[7] = path;
    }
  g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL,
                               &out, NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (g_spawn_check_wait_status (status, NULL));
  g_assert_true (json_parser_load_from_data (parser, out, -1, NULL));
  return json_object_ref (json_node_get_object (json_parser_get_root (parser)));
}

static gint64
us_to_ns (JsonObject *object,
          const char *member)
{
  return llround (json_object_get_double_member (object, member) * 1000.0);
}

/* The rows shown (in the CLI's default order, by time) are the CLI's. */
static void
check_against_cli (StpSummaryView   *view,
                   const StpSummary *summary,
                   JsonObject       *cli)
{
  JsonArray *rows = json_object_get_array_member (cli, "rows");

  g_assert_cmpint (us_to_ns (cli, "total_time_us"), ==, summary->total_time);
  g_assert_cmpint (us_to_ns (cli, "wall_time_us"), ==, summary->wall_time);
  g_assert_cmpint (us_to_ns (cli, "busy_time_us"), ==, summary->busy_time);
  g_assert_cmpint (us_to_ns (cli, "self_time_us"), ==, summary->self_time);
  g_assert_cmpint (json_object_get_int_member (cli, "slices"), ==, summary->n_slices);
  if (summary->has_device_split)
    {
      g_assert_cmpint (us_to_ns (cli, "accelerator_time_us"), ==, summary->accelerator_time);
      g_assert_cmpint (us_to_ns (cli, "cpu_time_us"), ==, summary->cpu_time);
    }
  g_assert_cmpuint (json_array_get_length (rows), ==, stp_summary_view_get_n_rows (view));
  for (guint i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *r = json_array_get_object_element (rows, i);
      const StpSummaryRow *row = stp_summary_view_get_row (view, i);

      g_assert_cmpstr (json_object_get_string_member (r, "name"), ==, row->name);
      g_assert_cmpint (us_to_ns (r, "time_us"), ==, row->time);
      g_assert_cmpint (us_to_ns (r, "self_time_us"), ==, row->self_time);
      g_assert_cmpint (json_object_get_int_member (r, "occurrences"), ==, row->occurrences);
      g_assert_cmpfloat_with_epsilon (json_object_get_double_member (r, "percent"), row->percent, 1e-9);
      if (summary->has_device_split)
        {
          g_assert_cmpint (us_to_ns (r, "accelerator_time_us"), ==, row->accelerator_time);
          g_assert_cmpint (us_to_ns (r, "cpu_time_us"), ==, row->cpu_time);
        }
      if (summary->by != STP_SUMMARY_BY_SCOPE)
        g_assert_cmpfloat_with_epsilon (json_object_get_double_member (r, "cumulative_percent"),
                                        stp_summary_view_get_cumulative (view, i), 1e-9);
    }
}

/* ------------------------------------------------------------------ */
/* Marked slices                                                       */

static guint
find_row (StpSummaryView *view,
          const char     *name)
{
  for (guint i = 0; i < stp_summary_view_get_n_rows (view); i++)
    if (g_str_equal (stp_summary_view_get_row (view, i)->name, name))
      return i;
  g_error ("no row “%s”", name);
  return G_MAXUINT;
}

static gboolean
summary_not_busy (gpointer window)
{
  return !stp_summary_view_is_busy (summary_view (window));
}

static GHashTable *
ref_set (GArray *refs)
{
  GHashTable *set = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);

  for (guint i = 0; i < refs->len; i++)
    {
      const StpItemRef *ref = &g_array_index (refs, StpItemRef, i);

      g_assert_cmpint (ref->kind, ==, STP_ITEM_SLICE);
      g_hash_table_add (set, g_strdup_printf ("%u:%u", ref->track, ref->index));
    }
  return set;
}

/* Activates a row; the slices the timeline then marks are `expected`,
 * all in view after the zoom. */
static void
activate_and_check_marked (StpWindow *window,
                           guint      position,
                           GArray    *expected)
{
  StpTimelineView *timeline = stp_window_get_timeline_view (window);
  StpTrace *trace = stp_window_get_trace (window);
  g_autoptr(GHashTable) want = ref_set (expected);
  g_autoptr(GHashTable) got = NULL;
  GArray *marked;
  gint64 start, end;

  g_assert_cmpuint (expected->len, >, 0);
  stp_session_set_marked (stp_window_get_session (window), NULL);
  stp_summary_view_activate (summary_view (window), position);
  wait_for (summary_not_busy, window);
  marked = stp_timeline_view_get_marked (timeline);
  g_assert_nonnull (marked);
  g_assert_cmpuint (marked->len, ==, expected->len);
  got = ref_set (marked);
  g_assert_cmpuint (g_hash_table_size (got), ==, marked->len);
  {
    GHashTableIter iter;
    gpointer key;

    g_hash_table_iter_init (&iter, want);
    while (g_hash_table_iter_next (&iter, &key, NULL))
      g_assert_true (g_hash_table_contains (got, key));
  }

  /* In time order, and every one of them in view. */
  stp_timeline_view_get_visible_range (timeline, &start, &end);
  for (guint i = 0; i < marked->len; i++)
    {
      const StpSlice *s = stp_item_get_slice (trace, &g_array_index (marked, StpItemRef, i));

      if (i > 0)
        g_assert_cmpint (stp_item_get_slice (trace, &g_array_index (marked, StpItemRef, i - 1))->ts, <=, s->ts);
      g_assert_cmpint (s->ts, >=, start);
      g_assert_cmpint (stp_slice_end (s), <=, end);
    }
}

static char *
arg_string (StpTrace       *trace,
            const StpSlice *slice,
            const char     *member)
{
  g_autofree char *args = stp_trace_dup_args (trace, NULL, slice);
  g_autoptr(JsonParser) parser = json_parser_new ();
  JsonObject *object;

  if (args == NULL || !json_parser_load_from_data (parser, args, -1, NULL))
    return NULL;
  object = json_node_get_object (json_parser_get_root (parser));
  return json_object_has_member (object, member) ? g_strdup (json_object_get_string_member (object, member)) : NULL;
}

/* StepStats: an op type's slices are its ops on the devices that are not
 * the GPU tracer's, and the kernels on "stream:all" of the nodes those
 * ops ran (by the node name in their args). */
static GArray *
step_stats_slices_of_type (StpTrace   *trace,
                           const char *type)
{
  GArray *refs = g_array_new (FALSE, FALSE, sizeof (StpItemRef));
  g_autoptr(GHashTable) node_type = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);

  for (guint pass = 0; pass < 2; pass++)
    for (guint32 t = 0; t < trace->tracks->len; t++)
      {
        const StpTrack *track = stp_trace_get_track (trace, t);
        const char *pname = stp_trace_str (trace, stp_trace_get_process (trace, track->process)->name);
        gboolean kernels = strstr (pname, "/stream:all") != NULL;

        if (track->slices == NULL || strstr (pname, "/memcpy") || (strstr (pname, "/stream:") && !kernels))
          continue;
        for (guint32 i = 0; i < track->slices->len; i++)
          {
            const StpSlice *s = stp_track_get_slice (track, i);
            const char *name = stp_trace_str (trace, s->name);
            g_autofree char *node = NULL;

            if (s->flags & (STP_SLICE_DERIVED | STP_SLICE_INSTANT))
              continue;
            node = arg_string (trace, s, "name");
            g_assert_nonnull (node);
            if (pass == 0 && !kernels)
              {
                if (!g_hash_table_contains (node_type, node))
                  g_hash_table_insert (node_type, g_strdup (node), g_strdup (name));
                if (g_str_equal (name, type))
                  g_array_append_val (refs, ((StpItemRef) { STP_ITEM_SLICE, t, i, 0 }));
              }
            else if (pass == 1 && kernels)
              {
                const char *op = g_hash_table_lookup (node_type, node);

                if (g_str_equal (op != NULL ? op : name, type))
                  g_array_append_val (refs, ((StpItemRef) { STP_ITEM_SLICE, t, i, 0 }));
              }
          }
      }
  return refs;
}

/* Chrome JSON: every slice on a thread or async track counts, its name
 * its type; within [start, end) when given. */
static GArray *
chrome_slices_named (StpTrace   *trace,
                     const char *type,
                     gint64      start,
                     gint64      end)
{
  GArray *refs = g_array_new (FALSE, FALSE, sizeof (StpItemRef));

  for (guint32 t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      if (track->slices == NULL || (track->kind != STP_TRACK_THREAD && track->kind != STP_TRACK_ASYNC))
        continue;
      for (guint32 i = 0; i < track->slices->len; i++)
        {
          const StpSlice *s = stp_track_get_slice (track, i);
          gboolean in = s->dur > 0 ? s->ts < end && stp_slice_end (s) > start
                                   : s->ts >= start && s->ts < end;

          if (!(s->flags & (STP_SLICE_DERIVED | STP_SLICE_INSTANT)) && in &&
              g_str_equal (stp_trace_str (trace, s->name), type))
            g_array_append_val (refs, ((StpItemRef) { STP_ITEM_SLICE, t, i, 0 }));
        }
    }
  return refs;
}

/* ------------------------------------------------------------------ */
/* Sorting                                                             */

static void
check_sorting (StpWindow *window,
               StpTrace  *trace)
{
  StpSummaryView *view = summary_view (window);
  const StpSummary *shown = stp_summary_view_get_summary (view);
  guint n = stp_summary_view_get_n_rows (view);

  /* Count and name sort as stepscope-cli --order-by does, the cumulative
   * share following the order shown. */
  {
    g_autoptr(StpSummary) by_count = core_summary (trace, shown->by, STP_SUMMARY_ORDER_COUNT, shown->start, shown->end);
    g_autoptr(StpSummary) by_name = core_summary (trace, shown->by, STP_SUMMARY_ORDER_NAME, shown->start, shown->end);

    stp_summary_view_sort_by (view, STP_SUMMARY_COLUMN_COUNT, TRUE);
    check_rows (view, by_count);
    stp_summary_view_sort_by (view, STP_SUMMARY_COLUMN_NAME, FALSE);
    check_rows (view, by_name);
  }

  /* Every other column, both ways. */
  for (StpSummaryColumn c = STP_SUMMARY_COLUMN_SELF; c < STP_SUMMARY_N_COLUMNS; c++)
    for (guint descending = 0; descending < 2; descending++)
      {
        if (!stp_summary_view_get_column_visible (view, c))
          continue;
        stp_summary_view_sort_by (view, c, descending);
        g_assert_cmpuint (stp_summary_view_get_n_rows (view), ==, n);
        for (guint i = 1; i < n; i++)
          {
            const StpSummaryRow *a = stp_summary_view_get_row (view, i - 1);
            const StpSummaryRow *b = stp_summary_view_get_row (view, i);
            gint64 va = 0, vb = 0;

            switch (c)
              {
              case STP_SUMMARY_COLUMN_SELF:        va = a->self_time; vb = b->self_time; break;
              case STP_SUMMARY_COLUMN_PERCENT:     va = a->time; vb = b->time; break;
              case STP_SUMMARY_COLUMN_ACCELERATOR: va = a->accelerator_time; vb = b->accelerator_time; break;
              case STP_SUMMARY_COLUMN_CPU:         va = a->cpu_time; vb = b->cpu_time; break;
              case STP_SUMMARY_COLUMN_COUNT:       va = a->occurrences; vb = b->occurrences; break;
              case STP_SUMMARY_COLUMN_AVERAGE:
                va = a->time / (gint64) MAX (a->occurrences, 1);
                vb = b->time / (gint64) MAX (b->occurrences, 1);
                break;
              case STP_SUMMARY_COLUMN_CUMULATIVE:
                /* It rises in the order shown, whichever way that is. */
                va = -a->time;
                vb = -b->time;
                break;
              default:
                g_assert_not_reached ();
              }
            if (descending)
              g_assert_cmpint (va, >=, vb);
            else
              g_assert_cmpint (va, <=, vb);
          }
      }

  /* Back to the default: longest first. */
  stp_summary_view_sort_by (view, STP_SUMMARY_COLUMN_TIME, TRUE);
  for (guint i = 1; i < n; i++)
    g_assert_cmpint (stp_summary_view_get_row (view, i - 1)->time, >=, stp_summary_view_get_row (view, i)->time);
}

/* ------------------------------------------------------------------ */
/* Tests                                                               */

typedef struct
{
  char     *text;
  gboolean  done;
} ClipboardRead;

static void
on_clipboard_text (GObject      *source,
                   GAsyncResult *result,
                   gpointer      user_data)
{
  ClipboardRead *read = user_data;

  read->text = gdk_clipboard_read_text_finish (GDK_CLIPBOARD (source), result, NULL);
  read->done = TRUE;
}

static gboolean
clipboard_read (gpointer data)
{
  return ((ClipboardRead *) data)->done;
}

/* Each step-stats case opens run_meta.pb in a new window. */
typedef struct
{
  GSettings *gs;
  GFile     *file;
  StpWindow *window;
  StpTrace  *trace;
} Fixture;

static void
fixture_set_up (Fixture       *fixture,
                gconstpointer  data)
{
  fixture->gs = settings ();
  fixture->file = data_file ("data", "step-stats", "run_meta.pb", NULL);
  fixture->window = new_window ();
  open_and_wait (fixture->window, fixture->file);
  fixture->trace = stp_window_get_trace (fixture->window);
}

static void
fixture_tear_down (Fixture       *fixture,
                   gconstpointer  data)
{
  g_settings_reset (fixture->gs, "summary-by");
  g_settings_reset (fixture->gs, "show-summary");
  gtk_window_destroy (GTK_WINDOW (fixture->window));
  settle ();
  g_clear_object (&fixture->file);
  g_clear_object (&fixture->gs);
}

/* F8, and the whole trace's summary by op type. */
static const StpSummary *
show_summary (Fixture *fixture)
{
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (fixture->window), "win.show-summary", NULL));
  return wait_summary (fixture->window, STP_SUMMARY_BY_OP, G_MININT64, G_MAXINT64);
}

#define CASE_LOCALS \
  G_GNUC_UNUSED GFile *file = fixture->file; \
  G_GNUC_UNUSED GSettings *gs = fixture->gs; \
  G_GNUC_UNUSED StpWindow *window = fixture->window; \
  G_GNUC_UNUSED StpTimelineView *timeline = stp_window_get_timeline_view (window); \
  G_GNUC_UNUSED StpSummaryView *view = summary_view (window); \
  G_GNUC_UNUSED StpTrace *trace = fixture->trace

static void
test_step_stats_show (Fixture       *fixture,
                      gconstpointer  data)
{
  CASE_LOCALS;

  /* Hidden, it computes nothing; F8 shows it. */
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (view)));
  g_assert_null (stp_summary_view_get_summary (view));
  g_assert_false (g_settings_get_boolean (gs, "show-summary"));
  g_assert_true (gtk_widget_activate_action (GTK_WIDGET (window), "win.show-summary", NULL));
  g_assert_true (g_settings_get_boolean (gs, "show-summary"));
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (view)));
  g_assert_true (gtk_widget_get_mapped (GTK_WIDGET (view)));

}

static void
test_step_stats_by_op (Fixture       *fixture,
                       gconstpointer  data)
{
  CASE_LOCALS;
  const StpSummary *shown;

  show_summary (fixture);
  /* By op type: the core's rows and `stepscope-cli summary --json`'s. */
  shown = wait_summary (window, STP_SUMMARY_BY_OP, G_MININT64, G_MAXINT64);
  {
    g_autoptr(StpSummary) expected = core_summary (trace, STP_SUMMARY_BY_OP, STP_SUMMARY_ORDER_TIME, G_MININT64, G_MAXINT64);
    g_autoptr(JsonObject) cli = cli_summary (g_file_peek_path (file), "op", NULL);

    g_assert_true (shown->has_device_split);
    g_assert_cmpint (shown->total_time, ==, expected->total_time);
    g_assert_cmpint (shown->accelerator_time, ==, expected->accelerator_time);
    g_assert_cmpint (shown->cpu_time, ==, expected->cpu_time);
    g_assert_cmpint (shown->accelerator_time, >, 0);
    check_rows (view, expected);
    check_against_cli (view, shown, cli);
  }
  g_assert_true (stp_summary_view_get_column_visible (view, STP_SUMMARY_COLUMN_ACCELERATOR));
  g_assert_true (stp_summary_view_get_column_visible (view, STP_SUMMARY_COLUMN_CPU));
  g_assert_true (stp_summary_view_get_column_visible (view, STP_SUMMARY_COLUMN_CUMULATIVE));
  {
    g_autofree char *text = stp_summary_view_get_text (view);
    g_auto(GStrv) lines = g_strsplit (text, "\n", -1);

    /* A header line, a line a row, and the newline at the end. */
    g_assert_cmpuint (g_strv_length (lines), ==, stp_summary_view_get_n_rows (view) + 2);
    g_assert_true (g_str_has_prefix (lines[0], "Op Type\tTime (µs)\t"));
    g_assert_true (g_str_has_prefix (lines[1], stp_summary_view_get_row (view, 0)->name));
    /* Numbers as numbers: each row's time in µs, exact to the ns. */
    for (guint i = 0; i < stp_summary_view_get_n_rows (view); i++)
      {
        g_auto(GStrv) cells = g_strsplit (lines[i + 1], "\t", -1);
        char *end;
        double us = g_ascii_strtod (cells[1], &end);

        g_assert_cmpint (*end, ==, '\0');
        g_assert_cmpfloat_with_epsilon (us * 1000, stp_summary_view_get_row (view, i)->time, 0.5);
      }

    /* Ctrl+C in the table puts it on the clipboard. */
    {
      GdkClipboard *clipboard = gtk_widget_get_clipboard (GTK_WIDGET (view));
      ClipboardRead read = { NULL, FALSE };

      g_assert_true (gtk_widget_activate_action (GTK_WIDGET (view), "summary.copy", NULL));
      gdk_clipboard_read_text_async (clipboard, NULL, on_clipboard_text, &read);
      wait_for (clipboard_read, &read);
      g_assert_cmpstr (read.text, ==, text);
      g_free (read.text);
    }
  }
  save_screenshot (GTK_WIDGET (window), "summary-step-stats");

  check_sorting (window, trace);

}

static void
test_step_stats_marks (Fixture       *fixture,
                       gconstpointer  data)
{
  CASE_LOCALS;

  show_summary (fixture);
  /* A row marks its op's CPU executions and their GPU kernels. */
  {
    g_autoptr(GArray) expected = step_stats_slices_of_type (trace, "Conv2D");
    guint kernels = 0;

    for (guint i = 0; i < expected->len; i++)
      kernels += strstr (stp_trace_str (trace, stp_trace_get_process (trace,
                           stp_trace_get_track (trace, g_array_index (expected, StpItemRef, i).track)->process)->name),
                         "/stream:all") != NULL;
    g_assert_cmpuint (kernels, >, 0);
    g_assert_cmpuint (kernels, <, expected->len);
    activate_and_check_marked (window, find_row (view, "Conv2D"), expected);

    /* The row stays selected through a sort, and marks nothing anew. */
    {
      GArray *marked = stp_timeline_view_get_marked (timeline);

      stp_summary_view_sort_by (view, STP_SUMMARY_COLUMN_NAME, TRUE);
      g_assert_false (stp_summary_view_is_busy (view));
      settle ();
      g_assert_true (stp_timeline_view_get_marked (timeline) == marked);
      stp_summary_view_sort_by (view, STP_SUMMARY_COLUMN_TIME, TRUE);
    }
  }
  {
    g_autoptr(GArray) expected = step_stats_slices_of_type (trace, "NoOp");

    activate_and_check_marked (window, find_row (view, "NoOp"), expected);
  }
  save_screenshot (GTK_WIDGET (window), "summary-step-stats-marked");

}

static void
test_step_stats_by_device_and_scope (Fixture       *fixture,
                                     gconstpointer  data)
{
  CASE_LOCALS;
  const StpSummary *shown;

  show_summary (fixture);
  /* By device, and by scope: the CLI's rows. */
  stp_summary_view_set_by (view, STP_SUMMARY_BY_DEVICE);
  g_assert_cmpint (g_settings_get_enum (gs, "summary-by"), ==, STP_SUMMARY_BY_DEVICE);
  shown = wait_summary (window, STP_SUMMARY_BY_DEVICE, G_MININT64, G_MAXINT64);
  {
    g_autoptr(StpSummary) expected = core_summary (trace, STP_SUMMARY_BY_DEVICE, STP_SUMMARY_ORDER_TIME, G_MININT64, G_MAXINT64);
    g_autoptr(JsonObject) cli = cli_summary (g_file_peek_path (file), "device", NULL);

    check_rows (view, expected);
    check_against_cli (view, shown, cli);
  }
  /* A device's busy time is a union, not a sum of runs: no average. */
  g_assert_false (stp_summary_view_get_column_visible (view, STP_SUMMARY_COLUMN_AVERAGE));
  g_settings_set_enum (gs, "summary-by", STP_SUMMARY_BY_SCOPE);
  g_assert_cmpint (stp_summary_view_get_by (view), ==, STP_SUMMARY_BY_SCOPE);
  shown = wait_summary (window, STP_SUMMARY_BY_SCOPE, G_MININT64, G_MAXINT64);
  {
    g_autoptr(StpSummary) expected = core_summary (trace, STP_SUMMARY_BY_SCOPE, STP_SUMMARY_ORDER_TIME, G_MININT64, G_MAXINT64);
    g_autoptr(JsonObject) cli = cli_summary (g_file_peek_path (file), "scope", NULL);

    check_rows (view, expected);
    check_against_cli (view, shown, cli);
  }
  g_assert_false (stp_summary_view_get_column_visible (view, STP_SUMMARY_COLUMN_CUMULATIVE));
  g_assert_false (stp_summary_view_get_column_visible (view, STP_SUMMARY_COLUMN_AVERAGE));

}

static void
test_step_stats_range (Fixture       *fixture,
                       gconstpointer  data)
{
  CASE_LOCALS;
  const StpSummary *shown;

  show_summary (fixture);
  /* A ruler drag over 1 ms to 4 ms: the range's summary, the CLI's
   * --range 1000:4000. */
  stp_summary_view_set_by (view, STP_SUMMARY_BY_OP);
  {
    gint64 start = trace->start_ts + 1000000, end = trace->start_ts + 4000000;
    g_autoptr(StpSummary) expected = core_summary (trace, STP_SUMMARY_BY_OP, STP_SUMMARY_ORDER_TIME, start, end);
    g_autoptr(JsonObject) cli = cli_summary (g_file_peek_path (file), "op", "1000:4000");

    g_autoptr(StpSummary) whole = core_summary (trace, STP_SUMMARY_BY_OP, STP_SUMMARY_ORDER_TIME, G_MININT64, G_MAXINT64);

    stp_timeline_view_set_selection (timeline, start, end);
    shown = wait_summary (window, STP_SUMMARY_BY_OP, start, end);
    check_rows (view, expected);
    check_against_cli (view, shown, cli);
    g_assert_cmpint (shown->total_time, <, whole->total_time);
  }
  save_screenshot (GTK_WIDGET (window), "summary-step-stats-range");

  /* A range with nothing in it (after the end): no rows. */
  {
    gint64 start = trace->end_ts + 1000, end = trace->end_ts + 2000;

    stp_timeline_view_set_selection (timeline, start, end);
    shown = wait_summary (window, STP_SUMMARY_BY_OP, start, end);
    g_assert_cmpuint (shown->rows->len, ==, 0);
    g_assert_cmpuint (stp_summary_view_get_n_rows (view), ==, 0);
    save_screenshot (GTK_WIDGET (window), "summary-empty-range");
  }

  /* Escape clears the range: the whole trace again. */
  gtk_widget_activate_action (GTK_WIDGET (timeline), "timeline.clear-selection", NULL);
  wait_summary (window, STP_SUMMARY_BY_OP, G_MININT64, G_MAXINT64);

}

static void
test_step_stats_close (Fixture       *fixture,
                       gconstpointer  data)
{
  CASE_LOCALS;

  show_summary (fixture);
  /* Closing it hides the drawer (no area selected) and the setting. */
  g_signal_emit_by_name (view, "close");
  g_assert_false (g_settings_get_boolean (gs, "show-summary"));
  g_assert_false (gtk_widget_get_visible (GTK_WIDGET (view)));
  g_assert_false (gtk_widget_get_visible (gtk_widget_get_parent (gtk_widget_get_parent (GTK_WIDGET (view)))));

}

/* Scopes as a tree: a parent's children expand under it, sorted too. */
static void
test_scope_tree (void)
{
  g_autoptr(GFile) file = data_file ("data", "step-stats", "gpu_kernel_labels.run_metadata.pb", NULL);
  g_autoptr(GSettings) gs = settings ();
  StpWindow *window;
  StpSummaryView *view;
  StpTrace *trace;
  g_autoptr(StpSummary) expected = NULL;
  const StpSummaryRow *parent = NULL;
  guint position = G_MAXUINT, n;

  g_settings_set_boolean (gs, "show-details", FALSE);
  g_settings_set_enum (gs, "summary-by", STP_SUMMARY_BY_SCOPE);
  g_settings_set_boolean (gs, "show-summary", TRUE);
  window = new_window ();
  view = summary_view (window);
  g_assert_true (gtk_widget_get_visible (GTK_WIDGET (view)));
  open_and_wait (window, file);
  trace = stp_window_get_trace (window);
  wait_summary (window, STP_SUMMARY_BY_SCOPE, G_MININT64, G_MAXINT64);

  expected = core_summary (trace, STP_SUMMARY_BY_SCOPE, STP_SUMMARY_ORDER_TIME, G_MININT64, G_MAXINT64);
  check_rows (view, expected);
  n = stp_summary_view_get_n_rows (view);
  for (guint i = 0; i < n && parent == NULL; i++)
    if (stp_summary_view_get_row (view, i)->children != NULL)
      {
        parent = stp_summary_view_get_row (view, i);
        position = i;
      }
  g_assert_nonnull (parent);
  g_assert_cmpuint (parent->children->len, >, 1);

  stp_summary_view_set_expanded (view, position, TRUE);
  g_assert_cmpuint (stp_summary_view_get_n_rows (view), ==, n + parent->children->len);
  for (guint c = 0; c < parent->children->len; c++)
    {
      const StpSummaryRow *child = stp_summary_view_get_row (view, position + 1 + c);

      assert_rows_equal (child, g_ptr_array_index (parent->children, c));
      g_assert_true (g_str_has_prefix (child->path, parent->path));
    }
  save_screenshot (GTK_WIDGET (window), "summary-scope-tree");

  /* Sorted by name, children stay under their parent, in name order. */
  stp_summary_view_sort_by (view, STP_SUMMARY_COLUMN_NAME, FALSE);
  for (guint i = 0; i < stp_summary_view_get_n_rows (view); i++)
    if (stp_summary_view_get_row (view, i) == parent)
      position = i;
  for (guint c = 1; c < parent->children->len; c++)
    g_assert_cmpint (strcmp (stp_summary_view_get_row (view, position + c)->name,
                             stp_summary_view_get_row (view, position + 1 + c)->name), <, 0);

  /* The parent marks its whole subtree: the sum of its rows' slices. */
  {
    g_autoptr(GArray) expected_refs = stp_summary_collect (trace, STP_SUMMARY_BY_SCOPE, parent,
                                                           G_MININT64, G_MAXINT64, NULL, NULL);
    guint children = 0;

    for (guint c = 0; c < parent->children->len; c++)
      {
        g_autoptr(GArray) refs = stp_summary_collect (trace, STP_SUMMARY_BY_SCOPE,
                                                      g_ptr_array_index (parent->children, c),
                                                      G_MININT64, G_MAXINT64, NULL, NULL);

        children += refs->len;
      }
    g_assert_cmpuint (expected_refs->len, ==, children);
    activate_and_check_marked (window, position, expected_refs);
  }

  g_settings_reset (gs, "summary-by");
  g_settings_reset (gs, "show-summary");
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

static void
test_chrome (void)
{
  g_autoptr(GFile) file = data_file ("data", "chrome", "hta", "tests", "data", "trace_filter", "sampled_rank-1.json.gz", NULL);
  g_autoptr(GSettings) gs = settings ();
  StpWindow *window = new_window ();
  StpTimelineView *timeline = stp_window_get_timeline_view (window);
  StpSummaryView *view = summary_view (window);
  GtkWidget *stack = gtk_widget_get_parent (GTK_WIDGET (view));
  GtkWidget *tabs = gtk_widget_get_prev_sibling (stack);
  StpTrace *trace;
  const StpSummary *shown;
  gint64 start, end;

  open_and_wait (window, file);
  trace = stp_window_get_trace (window);
  g_settings_set_boolean (gs, "show-summary", TRUE);

  shown = wait_summary (window, STP_SUMMARY_BY_OP, G_MININT64, G_MAXINT64);
  {
    g_autoptr(StpSummary) expected = core_summary (trace, STP_SUMMARY_BY_OP, STP_SUMMARY_ORDER_TIME, G_MININT64, G_MAXINT64);

    g_assert_false (shown->has_device_split);
    g_assert_cmpuint (expected->rows->len, >, 3);
    check_rows (view, expected);
  }
  g_assert_false (stp_summary_view_get_column_visible (view, STP_SUMMARY_COLUMN_ACCELERATOR));
  g_assert_false (stp_summary_view_get_column_visible (view, STP_SUMMARY_COLUMN_CPU));
  check_sorting (window, trace);

  /* The second row by time: every slice of that name. */
  {
    const char *name = stp_summary_view_get_row (view, 1)->name;
    g_autoptr(GArray) expected = chrome_slices_named (trace, name, G_MININT64, G_MAXINT64);

    g_assert_cmpuint (expected->len, ==, stp_summary_view_get_row (view, 1)->occurrences);
    activate_and_check_marked (window, 1, expected);
  }

  /* A range from 25 % to 60 % of the trace, as a ruler drag sets it in
   * steps: only the last counts. */
  start = trace->start_ts + (trace->end_ts - trace->start_ts) / 4;
  end = trace->start_ts + (trace->end_ts - trace->start_ts) * 3 / 5;
  stp_timeline_view_set_selection (timeline, start, start);
  stp_timeline_view_set_selection (timeline, start, start + (end - start) / 3);
  stp_summary_view_set_by (view, STP_SUMMARY_BY_DEVICE);
  stp_timeline_view_set_selection (timeline, start, end);
  stp_summary_view_set_by (view, STP_SUMMARY_BY_OP);
  shown = wait_summary (window, STP_SUMMARY_BY_OP, start, end);
  {
    g_autoptr(StpSummary) expected = core_summary (trace, STP_SUMMARY_BY_OP, STP_SUMMARY_ORDER_TIME, start, end);
    const char *name = stp_summary_view_get_row (view, 0)->name;
    g_autoptr(GArray) marked = chrome_slices_named (trace, name, start, end);

    check_rows (view, expected);
    g_assert_cmpint (shown->total_time, ==, expected->total_time);
    activate_and_check_marked (window, 0, marked);
  }
  save_screenshot (GTK_WIDGET (window), "summary-chrome-range");

  /* An area selects its time range too; with both open, tabs switch
   * between the area's table and the summary. */
  {
    StpRenderView rv;
    g_autoptr(StpArea) area = NULL;

    g_assert_false (gtk_widget_get_visible (tabs));
    stp_timeline_view_get_render_view (timeline, &rv);
    area = stp_timeline_view_area_at (timeline, rv.gutter_width + (rv.width - rv.gutter_width) * 0.2, rv.ruler_height + 5,
                                      rv.gutter_width + (rv.width - rv.gutter_width) * 0.5, rv.ruler_height + 60);
    stp_timeline_view_select_area (timeline, area);
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (stp_window_get_area_table (window))));
    g_assert_true (gtk_widget_get_visible (tabs));
    g_assert_true (gtk_stack_get_visible_child (GTK_STACK (stack)) == GTK_WIDGET (stp_window_get_area_table (window)));
    gtk_stack_set_visible_child (GTK_STACK (stack), GTK_WIDGET (view));
    shown = wait_summary (window, STP_SUMMARY_BY_OP, area->start, area->end);
    {
      g_autoptr(StpSummary) expected = core_summary (trace, STP_SUMMARY_BY_OP, STP_SUMMARY_ORDER_TIME, area->start, area->end);

      check_rows (view, expected);
    }
    save_screenshot (GTK_WIDGET (window), "summary-with-area");

    gtk_widget_activate_action (GTK_WIDGET (timeline), "timeline.clear-selection", NULL);
    g_assert_false (gtk_widget_get_visible (tabs));
    g_assert_true (gtk_widget_get_visible (GTK_WIDGET (view)));
    wait_summary (window, STP_SUMMARY_BY_OP, G_MININT64, G_MAXINT64);
  }

  /* Another trace: its own summary. */
  {
    g_autoptr(GFile) other = data_file ("data", "step-stats", "run_meta.pb", NULL);
    g_autoptr(StpSummary) expected = NULL;

    open_and_wait (window, other);
    g_assert_true (stp_window_get_trace (window) != trace);
    trace = stp_window_get_trace (window);
    wait_summary (window, STP_SUMMARY_BY_OP, G_MININT64, G_MAXINT64);
    expected = core_summary (trace, STP_SUMMARY_BY_OP, STP_SUMMARY_ORDER_TIME, G_MININT64, G_MAXINT64);
    check_rows (view, expected);
  }

  g_settings_reset (gs, "show-summary");
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

/* The picture for the app's metadata (data/screenshots/timeline-summary.png):
 * a PyTorch step's summary from the shared corpus, with the slices of
 * its backward convolutions marked (skipped when the corpus is not there). */
static void
test_screenshot (void)
{
  const char *corpus = g_getenv ("STP_CORPUS_DIR");
  g_autofree char *path = corpus ? g_build_filename (corpus, "kineto", "tb_plugin", "samples", "resnet50_num_workers_4",
                                                     "worker0.1623212756351.pt.trace.json.gz", NULL) : NULL;
  g_autoptr(GSettings) gs = settings ();
  g_autoptr(GFile) file = NULL;
  StpWindow *window;
  StpTimelineView *timeline;
  StpSummaryView *view;
  StpTrace *trace;
  const StpSlice *step = NULL;

  if (path == NULL || !g_file_test (path, G_FILE_TEST_EXISTS))
    {
      g_test_skip ("the shared corpus is not there");
      return;
    }

  file = g_file_new_for_path (path);
  g_settings_set_boolean (gs, "show-details", FALSE);
  g_settings_set_boolean (gs, "show-summary", TRUE);
  window = new_window ();
  timeline = stp_window_get_timeline_view (window);
  view = summary_view (window);
  open_and_wait (window, file);
  trace = stp_window_get_trace (window);

  for (guint32 t = 0; t < trace->tracks->len && step == NULL; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      for (guint32 i = 0; track->slices != NULL && i < track->slices->len && step == NULL; i++)
        if (g_str_equal (stp_trace_str (trace, stp_track_get_slice (track, i)->name), "ProfilerStep#7"))
          step = stp_track_get_slice (track, i);
    }
  g_assert_nonnull (step);
  stp_timeline_view_set_selection (timeline, step->ts, stp_slice_end (step));
  wait_summary (window, STP_SUMMARY_BY_OP, step->ts, stp_slice_end (step));
  stp_summary_view_activate (view, find_row (view, "aten::cudnn_convolution_backward"));
  wait_for (summary_not_busy, window);
  g_assert_nonnull (stp_timeline_view_get_marked (timeline));
  /* Some of the steps around, for the picture. */
  stp_timeline_view_set_visible_range (timeline, step->ts - step->dur / 4, stp_slice_end (step) + step->dur / 4);
  save_screenshot (GTK_WIDGET (window), "timeline-summary");

  g_settings_reset (gs, "show-details");
  g_settings_reset (gs, "show-summary");
  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  viewer_test_init ();
  /* As the application does: its icons and style sheet. */
  {
    g_autoptr(GtkCssProvider) css = gtk_css_provider_new ();

    gtk_icon_theme_add_resource_path (gtk_icon_theme_get_for_display (gdk_display_get_default ()),
                                      "/io/github/stepscope/Stepscope/icons");
    gtk_css_provider_load_from_resource (css, "/io/github/stepscope/Stepscope/style.css");
    gtk_style_context_add_provider_for_display (gdk_display_get_default (), GTK_STYLE_PROVIDER (css),
                                                GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
  }

  if (g_getenv ("STP_TEST_DARK"))
    adw_style_manager_set_color_scheme (adw_style_manager_get_default (), ADW_COLOR_SCHEME_FORCE_DARK);

#define ADD(path, func) \
  g_test_add (path, Fixture, NULL, fixture_set_up, func, fixture_tear_down)
  ADD ("/summary-view/step-stats/show", test_step_stats_show);
  ADD ("/summary-view/step-stats/by-op", test_step_stats_by_op);
  ADD ("/summary-view/step-stats/marks", test_step_stats_marks);
  ADD ("/summary-view/step-stats/by-device-and-scope", test_step_stats_by_device_and_scope);
  ADD ("/summary-view/step-stats/range", test_step_stats_range);
  ADD ("/summary-view/step-stats/close", test_step_stats_close);
#undef ADD
  g_test_add_func ("/summary-view/scope-tree", test_scope_tree);
  g_test_add_func ("/summary-view/chrome", test_chrome);
  g_test_add_func ("/summary-view/screenshot", test_screenshot);

  return g_test_run ();
}
