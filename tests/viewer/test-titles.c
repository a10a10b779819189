/* test-titles.c: the details panel's title, and the error page's, in the
 * real window under Xvfb
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A title breaks between the parts of a name and takes a few lines at
 * most; where it cannot show the whole name, the panel shows it in full
 * below the times.  Every slice name of a real trace is checked against
 * the title as laid out, not against the rule that chose its lines.
 * Neither title adds a hyphen where it breaks a file or slice name.
 */

#define G_LOG_DOMAIN "test-titles"

#include <adwaita.h>
#include <glib/gstdio.h>
#include <string.h>

#include "stp-details-panel-private.h"
#include "stp-window.h"
#include "viewer-test-util.h"

/* Panel titles break only after "::", '<', ',', '/' or a space, at any
 * width; a part too long for a line ellipsizes the title instead. */
static void
test_title_wrap (void)
{
  const char *name = "tensorflow::functor::BiasAddGradient<float, Eigen::GpuDevice>/gradients/statistics";
  const char *seps[] = { "::", "<", ",", "/", " " };
  GtkWidget *label = g_object_ref_sink (gtk_label_new (name));
  guint breaks = 0;

  stp_details_panel_set_title_wrap (GTK_LABEL (label), name);
  g_assert_true (gtk_label_get_wrap (GTK_LABEL (label)));
  for (int width = 60; width <= 400; width += 7)
    {
      g_autoptr(PangoLayout) layout = gtk_widget_create_pango_layout (label, name);
      GSList *lines;

      pango_layout_set_attributes (layout, gtk_label_get_attributes (GTK_LABEL (label)));
      pango_layout_set_wrap (layout, PANGO_WRAP_WORD_CHAR);
      pango_layout_set_width (layout, width * PANGO_SCALE);
      lines = pango_layout_get_lines_readonly (layout);
      for (GSList *l = lines->next; l != NULL; l = l->next)
        {
          int at = ((PangoLayoutLine *) l->data)->start_index;
          gboolean ok = FALSE;

          for (guint k = 0; k < G_N_ELEMENTS (seps); k++)
            ok |= at >= (int) strlen (seps[k]) && strncmp (name + at - strlen (seps[k]), seps[k], strlen (seps[k])) == 0;
          if (!ok)
            g_error ("width %d: a line starts at “%s”", width, name + at);
          breaks++;
        }
    }
  g_assert_cmpuint (breaks, >, 10);
  g_object_unref (label);

  /* One part longer than a line: one line, ellipsized in the middle. */
  label = g_object_ref_sink (gtk_label_new (NULL));
  stp_details_panel_set_title_wrap (GTK_LABEL (label), "an_extremely_long_identifier_without_any_place_to_break_it");
  g_assert_false (gtk_label_get_wrap (GTK_LABEL (label)));
  g_assert_cmpint (gtk_label_get_ellipsize (GTK_LABEL (label)), ==, PANGO_ELLIPSIZE_MIDDLE);
  g_object_unref (label);
}

static gboolean
is_title (GtkWidget     *widget,
          gconstpointer  data)
{
  return GTK_IS_LABEL (widget) && gtk_widget_has_css_class (widget, "title-3");
}

static GtkLabel *
find_title (GtkWidget *panel)
{
  return GTK_LABEL (find_widget (panel, is_title, NULL));
}

static gboolean
is_row_titled (GtkWidget     *widget,
               gconstpointer  title)
{
  return gtk_widget_has_css_class (widget, "property-row") &&
         g_strcmp0 (adw_preferences_row_get_title (ADW_PREFERENCES_ROW (widget)), title) == 0;
}

/* The property row titled `title`, under root. */
static GtkWidget *
find_row (GtkWidget  *root,
          const char *title)
{
  return find_widget (root, is_row_titled, title);
}

/* Whether a row's value label breaks without inserting hyphens, which
 * would put characters in a name that it does not have. */
static gboolean
value_has_no_hyphens (GtkWidget *row)
{
  GtkWidget *box = gtk_list_box_row_get_child (GTK_LIST_BOX_ROW (row));
  GtkLabel *value = GTK_LABEL (gtk_widget_get_last_child (box));
  PangoAttrList *attrs = gtk_label_get_attributes (value);
  GSList *all = attrs ? pango_attr_list_get_attributes (attrs) : NULL;
  gboolean none = FALSE;

  for (GSList *l = all; l != NULL; l = l->next)
    {
      PangoAttribute *attr = l->data;

      if (attr->klass->type == PANGO_ATTR_INSERT_HYPHENS && ((PangoAttrInt *) attr)->value == FALSE &&
          attr->start_index == 0 && attr->end_index >= strlen (gtk_label_get_text (value)))
        none = TRUE;
    }
  g_slist_free_full (all, (GDestroyNotify) pango_attribute_destroy);
  return none;
}

static gboolean
title_laid_out (gpointer panel)
{
  GtkLabel *title = find_title (panel);

  return title != NULL && gtk_widget_get_width (GTK_WIDGET (title)) > 0;
}

/* HTA's critical-path sample has GPU kernel names of up to 5,123
 * characters.  Whatever the name, the title takes at most four lines,
 * the duration stays in view without scrolling, and a title cut short
 * leaves the whole name to read in a "Name" row; a short name gets no
 * such row. */
static void
test_long_names (void)
{
  g_autoptr(GFile) file = data_file ("data", "chrome", "hta", "tests", "data", "critical_path", "end_to_end",
                                     "simple_add", "output", "overlaid_critical_path_trace.json.gz", NULL);
  StpWindow *window = new_window ();
  StpDetailsPanel *panel = stp_window_get_details_panel (window);
  StpSession *session = stp_window_get_session (window);
  g_autoptr(GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  guint n_names = 0, n_cut = 0, n_capped = 0, n_wrapped = 0;
  gsize longest = 0;
  StpItemRef longest_ref = STP_ITEM_REF_NONE;
  StpTrace *trace;

  open_and_wait (window, file);
  trace = stp_window_get_trace (window);

  for (guint32 t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      for (guint32 i = 0; i < track->slices->len; i++)
        {
          const char *name = stp_trace_str (trace, stp_track_get_slice (track, i)->name);
          StpItemRef ref = stp_item_ref_slice (t, i);
          PangoLayout *layout;
          GtkWidget *duration;
          graphene_point_t at;
          const char *whole;

          if (!g_hash_table_add (seen, (gpointer) name) || name[0] == '\0')
            continue;
          n_names++;
          if (strlen (name) > longest)
            {
              longest = strlen (name);
              longest_ref = ref;
            }

          stp_session_set_selected_item (session, &ref);
          wait_for (title_laid_out, panel);

          layout = gtk_label_get_layout (find_title (GTK_WIDGET (panel)));
          whole = stp_details_panel_lookup (panel, "Name");
          g_assert_cmpint (pango_layout_get_line_count (layout), <=, 4);
          if (pango_layout_is_ellipsized (layout))
            {
              g_assert_cmpstr (whole, ==, name);
              n_cut++;
              n_capped += pango_layout_get_line_count (layout) == 4;
            }
          else if (pango_layout_get_line_count (layout) > 1)
            n_wrapped++;
          if (g_utf8_strlen (name, -1) <= 30)
            g_assert_null (whole);

          /* In the panel's coordinates: the scroller inside starts at the top. */
          duration = find_row (GTK_WIDGET (panel), "Duration");
          g_assert_nonnull (duration);
          g_assert_true (gtk_widget_compute_point (duration, GTK_WIDGET (panel), &GRAPHENE_POINT_INIT (0, 0), &at));
          g_assert_cmpfloat (at.y + gtk_widget_get_height (duration), <=, gtk_widget_get_height (GTK_WIDGET (panel)));
        }
    }

  /* The trace has each kind of title: whole on one line or more, cut
   * on one line (a part longer than a line) or after four. */
  g_assert_cmpuint (longest, >, 5000);
  g_assert_cmpuint (n_names, >, n_cut + n_wrapped);
  g_assert_cmpuint (n_wrapped, >, 0);
  g_assert_cmpuint (n_cut - n_capped, >, 5);
  g_assert_cmpuint (n_capped, >, 5);
  stp_session_set_selected_item (session, &longest_ref);
  wait_for (title_laid_out, panel);
  g_assert_true (value_has_no_hyphens (find_row (GTK_WIDGET (panel), "Name")));
  g_assert_true (value_has_no_hyphens (find_row (GTK_WIDGET (panel), "Timestamp")));
  save_screenshot (GTK_WIDGET (window), "long-name");

  gtk_window_destroy (GTK_WINDOW (window));
  settle ();
}

/* Whether Pango drew a character the label's text does not have on
 * some line: a hyphen where it broke a word adds a glyph to the line's
 * last run (one glyph a character here, Latin text). */
static gboolean
adds_characters (GtkLabel *label)
{
  PangoLayout *layout = gtk_label_get_layout (label);
  const char *text = pango_layout_get_text (layout);
  PangoLayoutIter *iter = pango_layout_get_iter (layout);
  gboolean added = FALSE;

  do
    {
      PangoGlyphItem *run = pango_layout_iter_get_run_readonly (iter);

      if (run != NULL &&
          run->glyphs->num_glyphs > g_utf8_strlen (text + run->item->offset, run->item->length))
        added = TRUE;
    }
  while (pango_layout_iter_next_run (iter));
  pango_layout_iter_free (iter);
  return added;
}

static gboolean
is_page_title (GtkWidget     *widget,
               gconstpointer  text)
{
  return GTK_IS_LABEL (widget) && gtk_widget_get_mapped (widget) &&
         gtk_widget_has_css_class (widget, "title") &&
         strstr (gtk_label_get_text (GTK_LABEL (widget)), text) != NULL;
}

/* A file that cannot be opened, named as XProf names its test inputs:
 * the error page's title wraps the name and adds nothing to it. */
static void
test_error_page (void)
{
  static const char name[] = "tpu_inference_2.xplane.HEAD_CORRUPTED_utf8mangled.pb";
  g_autofree char *dir = g_dir_make_tmp ("stepscope-test-XXXXXX", NULL);
  g_autofree char *path = g_build_filename (dir, name, NULL);
  g_autoptr(GFile) file = g_file_new_for_path (path);
  StpWindow *window = stp_window_new (NULL);
  GtkWidget *title;

  g_assert_true (g_file_set_contents (path, "\x0a\xff\xff\xff\xff\x0f", -1, NULL));
  gtk_window_present (GTK_WINDOW (window));
  stp_window_open (window, file);
  wait_for (not_loading, window);
  settle ();
  title = find_widget (GTK_WIDGET (window), is_page_title, name);
  g_assert_nonnull (title);
  save_screenshot (GTK_WIDGET (window), "titles-error-page");
  g_assert_cmpint (pango_layout_get_line_count (gtk_label_get_layout (GTK_LABEL (title))), >, 1);
  g_assert_false (adds_characters (GTK_LABEL (title)));

  gtk_window_destroy (GTK_WINDOW (window));
  g_unlink (path);
  g_rmdir (dir);
}

int
main (int   argc,
      char *argv[])
{
  gtk_test_init (&argc, &argv, NULL);
  adw_init ();
  viewer_test_init ();

  g_test_add_func ("/titles/wrap", test_title_wrap);
  g_test_add_func ("/titles/long-names", test_long_names);
  g_test_add_func ("/titles/error-page", test_error_page);

  return g_test_run ();
}
