/* test-installed.c: the app's resources, as installed, are found
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Run by check-install.sh after `meson install --destdir`, with
 * XDG_DATA_DIRS and GSETTINGS_SCHEMA_DIR pointing into that install,
 * LANGUAGE=zh_CN, and the installed data and locale directories in
 * STP_INSTALLED_DATADIR and STP_INSTALLED_LOCALEDIR.  It binds the text
 * domain there, as main.c binds it to LOCALEDIR.
 */

#define G_LOG_DOMAIN "test-installed"

#include "config.h"

#include <adwaita.h>
#include <gio/gdesktopappinfo.h>
#include <glib/gi18n.h>
#include <locale.h>

#include "stp-window.h"

static const char *datadir;

static gboolean
has_han (const char *text)
{
  for (const char *p = text; *p != '\0'; p = g_utf8_next_char (p))
    if (g_unichar_get_script (g_utf8_get_char (p)) == G_UNICODE_SCRIPT_HAN)
      return TRUE;
  return FALSE;
}

/* The icon the theme finds for NAME, as a path. */
static char *
icon_path (const char *name,
           int         size)
{
  GtkIconTheme *theme = gtk_icon_theme_get_for_display (gdk_display_get_default ());
  g_autoptr(GtkIconPaintable) icon = NULL;
  g_autoptr(GFile) file = NULL;

  g_assert_true (gtk_icon_theme_has_icon (theme, name));
  icon = gtk_icon_theme_lookup_icon (theme, name, NULL, size, 1, GTK_TEXT_DIR_NONE, 0);
  file = gtk_icon_paintable_get_file (icon);
  g_assert_nonnull (file);
  return g_file_get_path (file);
}

static void
test_icons (void)
{
  g_autofree char *scalable = icon_path (APPLICATION_ID, 128);
  g_autofree char *symbolic = NULL;
  g_autofree char *symbolic_name = g_strconcat (APPLICATION_ID, "-symbolic", NULL);

  /* From the install, not from the build tree or the GResource. */
  g_assert_true (g_str_has_prefix (scalable, datadir));
  g_assert_true (g_str_has_suffix (scalable, "/icons/hicolor/scalable/apps/" APPLICATION_ID ".svg"));
  symbolic = icon_path (symbolic_name, 16);
  g_assert_true (g_str_has_prefix (symbolic, datadir));
}

static void
test_desktop_file (void)
{
  g_autofree char *id = g_strconcat (APPLICATION_ID, ".desktop", NULL);
  g_autoptr(GDesktopAppInfo) info = g_desktop_app_info_new (id);
  const char * const *types;
  GIcon *icon;

  /* The desktop finds the launcher through XDG_DATA_DIRS. */
  g_assert_nonnull (info);
  g_assert_true (g_str_has_prefix (g_desktop_app_info_get_filename (info), datadir));
  icon = g_app_info_get_icon (G_APP_INFO (info));
  g_assert_true (G_IS_THEMED_ICON (icon));
  g_assert_cmpstr (g_themed_icon_get_names (G_THEMED_ICON (icon))[0], ==, APPLICATION_ID);
  types = g_app_info_get_supported_types (G_APP_INFO (info));
  g_assert_true (g_strv_contains (types, "application/x-chrome-trace+json"));
  /* Translated from the installed catalog when it was built. */
  g_assert_true (has_han (g_app_info_get_description (G_APP_INFO (info))));
}

static void
test_schema (void)
{
  GSettingsSchemaSource *source = g_settings_schema_source_get_default ();
  g_autoptr(GSettingsSchema) schema = g_settings_schema_source_lookup (source, APPLICATION_ID, TRUE);
  const char *keys[] = { "window-width", "window-height", "window-maximized",
                         "show-dataflow", "show-memory", "op-time", "show-flows" };
  g_autoptr(GSettingsSchemaKey) key = NULL;

  g_assert_nonnull (schema);
  for (guint i = 0; i < G_N_ELEMENTS (keys); i++)
    g_assert_true (g_settings_schema_has_key (schema, keys[i]));
  /* Summaries come translated from the installed catalog. */
  key = g_settings_schema_get_key (schema, "show-memory");
  g_assert_true (has_han (g_settings_schema_key_get_summary (key)));
}

/* The status pages of the window's template, depth first. */
static void
collect_status_pages (GtkWidget *widget,
                      GPtrArray *pages)
{
  if (ADW_IS_STATUS_PAGE (widget))
    g_ptr_array_add (pages, widget);
  for (GtkWidget *child = gtk_widget_get_first_child (widget); child != NULL;
       child = gtk_widget_get_next_sibling (child))
    collect_status_pages (child, pages);
}

static void
test_window_translated (void)
{
  StpWindow *window = stp_window_new (NULL);
  g_autoptr(GPtrArray) pages = g_ptr_array_new ();
  const char *translated = g_dgettext (GETTEXT_PACKAGE, "Open a Trace");
  gboolean found = FALSE;

  /* From the installed .mo ... */
  g_assert_cmpstr (translated, !=, "Open a Trace");
  g_assert_true (has_han (translated));

  /* ... into the window the .ui file builds (the empty page). */
  collect_status_pages (GTK_WIDGET (window), pages);
  for (guint i = 0; i < pages->len; i++)
    {
      const char *title = adw_status_page_get_title (g_ptr_array_index (pages, i));

      g_assert_cmpstr (title, !=, "Open a Trace");
      found |= g_strcmp0 (title, translated) == 0;
    }
  g_assert_true (found);
  gtk_window_destroy (GTK_WINDOW (window));
}

int
main (int   argc,
      char *argv[])
{
  const char *localedir = g_getenv ("STP_INSTALLED_LOCALEDIR");

  datadir = g_getenv ("STP_INSTALLED_DATADIR");
  g_assert_nonnull (datadir);
  g_assert_nonnull (localedir);

  setlocale (LC_ALL, "");
  bindtextdomain (GETTEXT_PACKAGE, localedir);
  bind_textdomain_codeset (GETTEXT_PACKAGE, "UTF-8");
  textdomain (GETTEXT_PACKAGE);

  g_test_init (&argc, &argv, NULL);
  adw_init ();

  g_test_add_func ("/installed/icons", test_icons);
  g_test_add_func ("/installed/desktop-file", test_desktop_file);
  g_test_add_func ("/installed/schema", test_schema);
  g_test_add_func ("/installed/window-translated", test_window_translated);

  return g_test_run ();
}
