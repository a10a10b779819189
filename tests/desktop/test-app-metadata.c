/* test-app-metadata.c: the desktop file, AppStream, MIME and Flatpak agree
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The files as built (translations merged) and as written: one app id,
 * one icon name, one list of MIME types, screenshots that exist, the
 * release of meson.build, and a Flatpak manifest whose modules cover
 * exactly the dependencies meson found that the GNOME runtime lacks.
 *
 * Environment (set by tests/desktop/meson.build): STP_APP_ID,
 * STP_VERSION, STP_GETTEXT_PACKAGE, STP_SOURCE_ROOT, STP_BUILD_ROOT,
 * STP_DESKTOP_FILE, STP_METAINFO_FILE, STP_MIME_XML.
 */

#define G_LOG_DOMAIN "test-app-metadata"

#include <json-glib/json-glib.h>
#include <string.h>

#define SCREENSHOT_BASE "https://raw.githubusercontent.com/stepscope/stepscope/main/"

/* Dependencies the GNOME runtime provides (see flatpak/README.md). */
static const char *const runtime_provides[] = {
  "glib-2.0", "gobject-2.0", "gio-2.0", "gio-unix-2.0",
  "gtk4", "libadwaita-1", "cairo", "pangocairo", "epoxy",
  "json-glib-1.0", "zlib", "libzstd",
  /* the tests' freedesktop.org.xml */
  "shared-mime-info",
  NULL
};

/* Dependencies only a benchmark uses, optional: not in the Flatpak. */
static const char *const not_shipped[] = { "yajl", NULL };

/* Dependency (or program) -> the manifest module that builds it. */
static const struct { const char *dependency; const char *module; } built_by_module[] = {
  { "libprotobuf-c", "protobuf-c" },
  { "protoc-c", "protobuf-c" },
  /* protoc-c is a protoc plugin: it needs libprotoc to build. */
  { "protoc", "protobuf" },
};

static const char *
env (const char *name)
{
  const char *value = g_getenv (name);

  if (value == NULL)
    g_error ("%s is not set: run this test through meson test", name);
  return value;
}

static char *
source_path (const char *relative)
{
  return g_build_filename (env ("STP_SOURCE_ROOT"), relative, NULL);
}

/* ------------------------------------------------------------------ */
/* A minimal XML reader: text and attributes by element path.          */

typedef struct
{
  GPtrArray  *stack;   /* element names */
  GHashTable *text;    /* "a/b/c" -> GPtrArray of strings, untranslated only */
  GHashTable *attrs;   /* "a/b/c@attr" -> GPtrArray of strings */
  GString    *current;
  gboolean    translated;
} Xml;

static void
xml_add (GHashTable *table,
         const char *key,
         const char *value)
{
  GPtrArray *values = g_hash_table_lookup (table, key);

  if (values == NULL)
    {
      values = g_ptr_array_new_with_free_func (g_free);
      g_hash_table_insert (table, g_strdup (key), values);
    }
  g_ptr_array_add (values, g_strdup (value));
}

static char *
xml_path (Xml *xml)
{
  char *path;

  g_ptr_array_add (xml->stack, NULL);
  path = g_strjoinv ("/", (char **) xml->stack->pdata);
  g_ptr_array_remove_index (xml->stack, xml->stack->len - 1);
  return path;
}

static void
xml_start (GMarkupParseContext  *context,
           const char           *name,
           const char          **attribute_names,
           const char          **attribute_values,
           gpointer              user_data,
           GError              **error)
{
  Xml *xml = user_data;
  g_autofree char *path = NULL;

  g_ptr_array_add (xml->stack, g_strdup (name));
  path = xml_path (xml);
  xml->translated = FALSE;
  for (guint i = 0; attribute_names[i] != NULL; i++)
    {
      g_autofree char *key = g_strdup_printf ("%s@%s", path, attribute_names[i]);

      xml_add (xml->attrs, key, attribute_values[i]);
      if (strcmp (attribute_names[i], "xml:lang") == 0)
        xml->translated = TRUE;
    }
  g_string_truncate (xml->current, 0);
}

static void
xml_end (GMarkupParseContext  *context,
         const char           *name,
         gpointer              user_data,
         GError              **error)
{
  Xml *xml = user_data;
  g_autofree char *path = xml_path (xml);

  if (!xml->translated)
    {
      g_autofree char *text = g_strstrip (g_strdup (xml->current->str));

      xml_add (xml->text, path, text);
    }
  g_string_truncate (xml->current, 0);
  xml->translated = FALSE;
  g_ptr_array_remove_index (xml->stack, xml->stack->len - 1);
}

static void
xml_text (GMarkupParseContext  *context,
          const char           *text,
          gsize                 len,
          gpointer              user_data,
          GError              **error)
{
  Xml *xml = user_data;

  g_string_append_len (xml->current, text, len);
}

static void
xml_free (Xml *xml)
{
  g_ptr_array_unref (xml->stack);
  g_hash_table_unref (xml->text);
  g_hash_table_unref (xml->attrs);
  g_string_free (xml->current, TRUE);
  g_free (xml);
}

G_DEFINE_AUTOPTR_CLEANUP_FUNC (Xml, xml_free)

static Xml *
xml_load (const char *path)
{
  static const GMarkupParser parser = { xml_start, xml_end, xml_text, NULL, NULL };
  Xml *xml = g_new0 (Xml, 1);
  g_autoptr(GMarkupParseContext) context = NULL;
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  xml->stack = g_ptr_array_new_with_free_func (g_free);
  xml->text = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  xml->attrs = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, (GDestroyNotify) g_ptr_array_unref);
  xml->current = g_string_new (NULL);

  g_file_get_contents (path, &contents, &length, &error);
  g_assert_no_error (error);
  context = g_markup_parse_context_new (&parser, G_MARKUP_IGNORE_QUALIFIED, xml, NULL);
  if (!g_markup_parse_context_parse (context, contents, length, &error) ||
      !g_markup_parse_context_end_parse (context, &error))
    g_error ("%s: %s", path, error->message);
  return xml;
}

static GPtrArray *
xml_values (Xml        *xml,
            GHashTable *table,
            const char *key)
{
  GPtrArray *values = g_hash_table_lookup (table, key);

  if (values == NULL)
    g_error ("no %s", key);
  return values;
}

static const char *
xml_one (Xml        *xml,
         const char *key)
{
  GPtrArray *values = xml_values (xml, strchr (key, '@') ? xml->attrs : xml->text, key);

  g_assert_cmpuint (values->len, ==, 1);
  return g_ptr_array_index (values, 0);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The sorted, ';'-joined set, for comparing lists. */
static char *
joined_set (GPtrArray *values)
{
  g_autoptr(GPtrArray) sorted = g_ptr_array_new ();

  for (guint i = 0; i < values->len; i++)
    g_ptr_array_add (sorted, g_ptr_array_index (values, i));
  g_ptr_array_sort (sorted, compare_strings);
  g_ptr_array_add (sorted, NULL);
  return g_strjoinv (";", (char **) sorted->pdata);
}

static char *
strv_set (char **strv)
{
  g_autoptr(GPtrArray) values = g_ptr_array_new ();

  for (guint i = 0; strv[i] != NULL; i++)
    if (*strv[i] != '\0')
      g_ptr_array_add (values, strv[i]);
  return joined_set (values);
}

/* The types data/io.github.stepscope.Stepscope.xml defines. */
static char *
mime_types (void)
{
  g_autoptr(Xml) mime = xml_load (env ("STP_MIME_XML"));

  return joined_set (xml_values (mime, mime->attrs, "mime-info/mime-type@type"));
}

/* ------------------------------------------------------------------ */
/* The desktop file                                                    */

static void
test_desktop_file (void)
{
  g_autoptr(GKeyFile) desktop = g_key_file_new ();
  g_autoptr(GError) error = NULL;
  g_autofree char *basename = g_path_get_basename (env ("STP_DESKTOP_FILE"));
  g_autofree char *expected_name = g_strconcat (env ("STP_APP_ID"), ".desktop", NULL);
  g_auto(GStrv) types = NULL;
  g_autofree char *types_set = NULL;
  g_autofree char *defined = mime_types ();
  g_autofree char *exec = NULL;
  g_autofree char *icon = NULL;
  g_autofree char *comment = NULL;

  g_key_file_load_from_file (desktop, env ("STP_DESKTOP_FILE"), G_KEY_FILE_KEEP_TRANSLATIONS, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (basename, ==, expected_name);

  exec = g_key_file_get_string (desktop, "Desktop Entry", "Exec", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (exec, ==, "stepscope %F");

  icon = g_key_file_get_string (desktop, "Desktop Entry", "Icon", &error);
  g_assert_no_error (error);
  g_assert_cmpstr (icon, ==, env ("STP_APP_ID"));

  /* Every type we define, and no other. */
  types = g_key_file_get_string_list (desktop, "Desktop Entry", "MimeType", NULL, &error);
  g_assert_no_error (error);
  types_set = strv_set (types);
  g_assert_cmpstr (types_set, ==, defined);

  /* Translations were merged (zh_CN is in po/LINGUAS). */
  comment = g_key_file_get_locale_string (desktop, "Desktop Entry", "Comment", "zh_CN", &error);
  g_assert_no_error (error);
  g_assert_false (g_str_is_ascii (comment));
}

/* ------------------------------------------------------------------ */
/* AppStream                                                           */

static void
test_metainfo (void)
{
  g_autoptr(Xml) meta = xml_load (env ("STP_METAINFO_FILE"));
  const char *app_id = env ("STP_APP_ID");
  g_autofree char *launchable = g_strconcat (app_id, ".desktop", NULL);
  g_autofree char *defined = mime_types ();
  g_autofree char *provided = NULL;
  g_autofree char *binaries = NULL;
  GPtrArray *images, *versions, *dates;

  g_assert_cmpstr (xml_one (meta, "component/id"), ==, app_id);
  g_assert_cmpstr (xml_one (meta, "component/launchable"), ==, launchable);
  g_assert_cmpstr (xml_one (meta, "component/launchable@type"), ==, "desktop-id");
  g_assert_cmpstr (xml_one (meta, "component/translation"), ==, env ("STP_GETTEXT_PACKAGE"));
  g_assert_cmpstr (xml_one (meta, "component/content_rating@type"), ==, "oars-1.1");
  g_assert_cmpstr (xml_one (meta, "component/project_license"), ==, "GPL-3.0-or-later");

  provided = joined_set (xml_values (meta, meta->text, "component/provides/mediatype"));
  g_assert_cmpstr (provided, ==, defined);
  binaries = joined_set (xml_values (meta, meta->text, "component/provides/binary"));
  g_assert_cmpstr (binaries, ==, "stepscope;stepscope-cli");

  /* The newest release is this version. */
  versions = xml_values (meta, meta->attrs, "component/releases/release@version");
  dates = xml_values (meta, meta->attrs, "component/releases/release@date");
  g_assert_cmpstr (g_ptr_array_index (versions, 0), ==, env ("STP_VERSION"));
  g_assert_cmpuint (dates->len, ==, versions->len);

  /* Each screenshot is a file in the tree, at its raw GitHub address. */
  images = xml_values (meta, meta->text, "component/screenshots/screenshot/image");
  g_assert_cmpuint (images->len, >, 0);
  for (guint i = 0; i < images->len; i++)
    {
      const char *url = g_ptr_array_index (images, i);
      g_autofree char *path = NULL;

      if (!g_str_has_prefix (url, SCREENSHOT_BASE))
        g_error ("screenshot %s is not under %s", url, SCREENSHOT_BASE);
      path = source_path (url + strlen (SCREENSHOT_BASE));
      if (!g_file_test (path, G_FILE_TEST_IS_REGULAR))
        g_error ("screenshot %s: %s does not exist", url, path);
    }
}

static void
test_icons (void)
{
  const char *app_id = env ("STP_APP_ID");
  g_autofree char *scalable_rel = g_strdup_printf ("data/icons/hicolor/scalable/apps/%s.svg", app_id);
  g_autofree char *symbolic_rel = g_strdup_printf ("src/app/icons/%s-symbolic.svg", app_id);
  const char *rels[] = { scalable_rel, symbolic_rel };

  for (guint i = 0; i < G_N_ELEMENTS (rels); i++)
    {
      g_autofree char *path = source_path (rels[i]);
      g_autoptr(Xml) svg = xml_load (path);

      /* A square SVG. */
      g_assert_cmpstr (xml_one (svg, "svg@width"), ==, xml_one (svg, "svg@height"));
    }
}

/* ------------------------------------------------------------------ */
/* The Flatpak manifest                                                */

static JsonObject *
load_manifest (JsonParser **parser_out)
{
  g_autofree char *name = g_strdup_printf ("flatpak/%s.json", env ("STP_APP_ID"));
  g_autofree char *path = source_path (name);
  JsonParser *parser = json_parser_new ();
  g_autoptr(GError) error = NULL;
  JsonNode *root;

  json_parser_load_from_file (parser, path, &error);
  if (error != NULL)
    g_error ("%s: %s", path, error->message);
  root = json_parser_get_root (parser);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  *parser_out = parser;
  return json_node_get_object (root);
}

static gboolean
strv_has (const char *const *strv,
          const char         *value)
{
  return g_strv_contains (strv, value);
}

static GPtrArray *
string_array (JsonObject *object,
              const char *member)
{
  GPtrArray *values = g_ptr_array_new ();
  JsonArray *array;

  if (!json_object_has_member (object, member))
    return values;
  array = json_object_get_array_member (object, member);
  for (guint i = 0; i < json_array_get_length (array); i++)
    g_ptr_array_add (values, (gpointer) json_array_get_string_element (array, i));
  return values;
}

static void
test_flatpak_manifest (void)
{
  g_autoptr(JsonParser) parser = NULL;
  JsonObject *manifest = load_manifest (&parser);
  const char *app_id = env ("STP_APP_ID");
  const char *version;
  g_autoptr(GPtrArray) finish = string_array (manifest, "finish-args");
  static const char *const required[] = { "--share=ipc", "--socket=wayland", "--socket=fallback-x11", "--device=dri", NULL };
  JsonArray *modules;
  JsonObject *app;
  guint n;

  g_assert_cmpstr (json_object_get_string_member (manifest, "id"), ==, app_id);
  g_assert_cmpstr (json_object_get_string_member (manifest, "runtime"), ==, "org.gnome.Platform");
  g_assert_cmpstr (json_object_get_string_member (manifest, "sdk"), ==, "org.gnome.Sdk");
  g_assert_cmpstr (json_object_get_string_member (manifest, "command"), ==, "stepscope");

  /* A stable runtime: a plain number, not master or nightly. */
  version = json_object_get_string_member (manifest, "runtime-version");
  if (version == NULL)
    g_error ("the manifest has no runtime-version");
  for (const char *c = version; *c != '\0'; c++)
    g_assert_true (g_ascii_isdigit (*c) || *c == '.');

  /* Exactly the minimal set: files come through the portal. */
  g_ptr_array_add (finish, NULL);
  for (guint i = 0; required[i] != NULL; i++)
    if (!strv_has ((const char * const *) finish->pdata, required[i]))
      g_error ("finish-args lacks %s", required[i]);
  g_assert_cmpuint (finish->len - 1, ==, g_strv_length ((char **) required));

  g_assert_true (json_object_has_member (manifest, "cleanup"));

  /* The app last, built with meson from this tree. */
  modules = json_object_get_array_member (manifest, "modules");
  n = json_array_get_length (modules);
  g_assert_cmpuint (n, >=, 1);
  app = json_array_get_object_element (modules, n - 1);
  g_assert_cmpstr (json_object_get_string_member (app, "name"), ==, "stepscope");
  g_assert_cmpstr (json_object_get_string_member (app, "buildsystem"), ==, "meson");

  /* The libraries: each pinned by an https archive and its sha256. */
  for (guint i = 0; i + 1 < n; i++)
    {
      JsonObject *module = json_array_get_object_element (modules, i);
      const char *name = json_object_get_string_member (module, "name");
      JsonArray *sources = json_object_get_array_member (module, "sources");
      const char *buildsystem = json_object_get_string_member_with_default (module, "buildsystem", "autotools");

      g_assert_true (g_strv_contains ((const char *[]) { "autotools", "cmake", "cmake-ninja", "meson", NULL }, buildsystem));
      g_assert_cmpuint (json_array_get_length (sources), >=, 1);
      for (guint j = 0; j < json_array_get_length (sources); j++)
        {
          JsonObject *source = json_array_get_object_element (sources, j);
          const char *url = json_object_get_string_member (source, "url");
          const char *sha256 = json_object_get_string_member_with_default (source, "sha256", "");

          if (g_strcmp0 (json_object_get_string_member (source, "type"), "archive") != 0 ||
              !g_str_has_prefix (url, "https://"))
            g_error ("module %s: not an https archive", name);
          g_assert_cmpuint (strlen (sha256), ==, 64);
          for (const char *c = sha256; *c != '\0'; c++)
            g_assert_true (g_ascii_isxdigit (*c) && !g_ascii_isupper (*c));
          /* The archive is the module's own release. */
          g_assert_nonnull (strstr (url, name));
        }
    }
}

static const char *
module_for (const char *dependency)
{
  for (guint i = 0; i < G_N_ELEMENTS (built_by_module); i++)
    if (strcmp (built_by_module[i].dependency, dependency) == 0)
      return built_by_module[i].module;
  return NULL;
}

/* meson.build's dependencies as meson found them, against the modules. */
static void
test_flatpak_modules (void)
{
  g_autoptr(JsonParser) parser = NULL;
  g_autoptr(JsonParser) deps_parser = json_parser_new ();
  JsonObject *manifest = load_manifest (&parser);
  JsonArray *modules = json_object_get_array_member (manifest, "modules");
  g_autofree char *deps_path = g_build_filename (env ("STP_BUILD_ROOT"), "meson-info", "intro-dependencies.json", NULL);
  g_autofree char *top_meson = NULL;
  g_autoptr(GHashTable) needed = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr(GError) error = NULL;
  g_autofree char *top_meson_path = source_path ("meson.build");
  JsonArray *deps;

  json_parser_load_from_file (deps_parser, deps_path, &error);
  g_assert_no_error (error);
  deps = json_node_get_array (json_parser_get_root (deps_parser));
  g_assert_cmpuint (json_array_get_length (deps), >, 0);

  for (guint i = 0; i < json_array_get_length (deps); i++)
    {
      const char *name = json_object_get_string_member (json_array_get_object_element (deps, i), "name");
      const char *module = module_for (name);

      if (module != NULL)
        g_hash_table_add (needed, (gpointer) module);
      else if (!g_strv_contains (runtime_provides, name) && !g_strv_contains (not_shipped, name))
        g_error ("meson.build depends on %s, which the Flatpak does not provide: add a module "
                 "for it to flatpak/%s.json (and to built_by_module here), or, if the GNOME "
                 "runtime has it, to runtime_provides here and to flatpak/README.md",
                 name, env ("STP_APP_ID"));
    }

  /* Programs the build runs. */
  g_file_get_contents (top_meson_path, &top_meson, NULL, &error);
  g_assert_no_error (error);
  if (strstr (top_meson, "find_program('protoc-c')") != NULL)
    {
      g_hash_table_add (needed, (gpointer) module_for ("protoc-c"));
      g_hash_table_add (needed, (gpointer) module_for ("protoc"));
    }

  /* Every module is needed, and every needed one is there. */
  for (guint i = 0; i + 1 < json_array_get_length (modules); i++)
    {
      const char *name = json_object_get_string_member (json_array_get_object_element (modules, i), "name");

      if (!g_hash_table_remove (needed, name))
        g_error ("flatpak module %s builds nothing meson.build needs", name);
    }
  if (g_hash_table_size (needed) > 0)
    {
      g_autofree const char **left = (const char **) g_hash_table_get_keys_as_array (needed, NULL);

      g_error ("the flatpak manifest lacks module %s", left[0]);
    }
}

int
main (int   argc,
      char *argv[])
{
  g_test_init (&argc, &argv, NULL);

  if (g_getenv ("STP_DESKTOP_FILE") != NULL)
    {
      g_test_add_func ("/metadata/desktop-file", test_desktop_file);
      g_test_add_func ("/metadata/metainfo", test_metainfo);
      g_test_add_func ("/metadata/icons", test_icons);
    }
  g_test_add_func ("/metadata/flatpak/manifest", test_flatpak_manifest);
  g_test_add_func ("/metadata/flatpak/modules", test_flatpak_modules);

  return g_test_run ();
}
