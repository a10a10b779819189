/* test-mime-types.c: our shared-mime-info types resolve the samples
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Builds a MIME database in a temporary directory from the system's
 * freedesktop.org.xml and data/io.github.stepscope.Stepscope.xml (as
 * built, translations merged) with update-mime-database, makes GIO read
 * that database and nothing else, and checks every sample trace in
 * tests/data twice: by its content alone (the magic), and as a file
 * manager asks (g_file_query_info(): the name, then the first bytes).
 *
 * Environment (set by tests/desktop/meson.build): STP_MIME_XML,
 * STP_FREEDESKTOP_MIME_XML, STP_UPDATE_MIME_DATABASE, G_TEST_SRCDIR.
 */

#define G_LOG_DOMAIN "test-mime-types"

#include <gio/gio.h>
#include <string.h>

#define CHROME_JSON "application/x-chrome-trace+json"
#define CHROME_GZIP "application/x-chrome-trace+gzip"
#define RUN_METADATA "application/x-tensorflow-run-metadata"
#define RUN_METADATA_TEXT "text/x-tensorflow-run-metadata"
#define XSPACE "application/x-tensorflow-xspace"

/* A type only the test defines: when GIO knows it, it reads our database. */
static const char canary_xml[] =
  "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
  "<mime-info xmlns=\"http://www.freedesktop.org/standards/shared-mime-info\">\n"
  "  <mime-type type=\"application/x-stepscope-test-canary\">\n"
  "    <comment>Stepscope test canary</comment>\n"
  "    <glob pattern=\"*.stepscope-canary\"/>\n"
  "  </mime-type>\n"
  "</mime-info>\n";

static char *tmp_dir;

/* Samples whose content is not what their place suggests, and why. */
typedef struct
{
  const char *path;        /* relative to tests/data */
  const char *by_content;  /* NULL: none of ours */
  const char *reason;
} Exception;

static const Exception exceptions[] = {
  { "step-stats/empty_step_stats.run_metadata.pb", NULL,
    "a RunMetadata with empty step stats: no device name to recognise" },
  { "xspace/tpu_inference_2.xplane.HEAD_CORRUPTED_utf8mangled.head64k.pb", XSPACE,
    "a damaged XSpace whose first plane name still reads as one" },
  { "chrome/catapult/tracing/test_data/dashboard_test_points.json", "text/plain",
    "an array of [time, value] points, not trace events" },
  { "chrome/catapult/tracing/test_data/google_cloud_trace.json", "text/plain",
    "Google Cloud Trace JSON, another format" },
};

static const char *const our_types[] = {
  CHROME_JSON, CHROME_GZIP, RUN_METADATA, RUN_METADATA_TEXT, XSPACE, NULL
};

/* Timeline.py's allocator peaks in step-stats/expected are JSON, not traces. */
static gboolean
is_peaks_json (const char *path)
{
  return strstr (path, "/expected/") != NULL && strstr (path, ".peaks-") != NULL;
}

/* The type a file manager gets from the name alone, when one glob
 * decides; NULL when the content decides (no glob, or several). */
static const char *
type_by_name (const char *base)
{
  static const struct { const char *suffix; const char *type; } globs[] = {
    { ".xplane.pb", XSPACE },
    { "trace.json.gz", CHROME_GZIP },
    { ".gz", "application/gzip" },
    { ".zip", "application/zip" },
    { "trace.json", CHROME_JSON },
    { ".json", "application/json" },
  };

  for (guint i = 0; i < G_N_ELEMENTS (globs); i++)
    if (g_str_has_suffix (base, globs[i].suffix))
      return globs[i].type;
  return NULL;
}

/* What a sample is by its content, from its place, name and the
 * exceptions; FALSE to leave the file out. */
static gboolean
type_by_content (const char  *path,
                 const char  *base,
                 const char **type)
{
  for (guint i = 0; i < G_N_ELEMENTS (exceptions); i++)
    if (strcmp (path, exceptions[i].path) == 0)
      {
        g_test_message ("tests/data/%s: %s", path, exceptions[i].reason);
        *type = exceptions[i].by_content;
        return TRUE;
      }

  if (g_str_has_prefix (path, "step-stats/") && g_str_has_suffix (base, ".pb"))
    *type = RUN_METADATA;
  else if (g_str_has_suffix (base, ".pbtxt"))
    *type = RUN_METADATA_TEXT;
  else if (g_str_has_suffix (base, ".xplane.pb"))
    *type = XSPACE;
  else if (g_str_has_suffix (base, ".json"))
    *type = is_peaks_json (path) ? "text/plain" : CHROME_JSON;
  else if (g_str_has_suffix (base, ".gz"))
    *type = "application/gzip";   /* the content is compressed */
  else if (g_str_has_suffix (base, ".zip"))
    *type = "application/zip";
  else
    return FALSE;
  return TRUE;
}

/* NULL: none of our types. */
static gboolean
expected_types (const char  *path,
                const char **by_content,
                const char **by_file)
{
  g_autofree char *base = g_path_get_basename (path);
  const char *by_name = type_by_name (base);

  if (!type_by_content (path, base, by_content))
    return FALSE;
  /* A single glob decides (a *.json trace stays application/json);
   * without one, the content does. */
  *by_file = by_name != NULL ? by_name : *by_content;
  return TRUE;
}

static void
collect (GFile     *dir,
         GFile     *root,
         GPtrArray *paths)
{
  g_autoptr(GFileEnumerator) e = NULL;
  g_autoptr(GError) error = NULL;
  GFileInfo *info;

  e = g_file_enumerate_children (dir, G_FILE_ATTRIBUTE_STANDARD_NAME "," G_FILE_ATTRIBUTE_STANDARD_TYPE,
                                 G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, &error);
  g_assert_no_error (error);
  while ((info = g_file_enumerator_next_file (e, NULL, &error)) != NULL)
    {
      g_autoptr(GFile) child = g_file_get_child (dir, g_file_info_get_name (info));

      if (g_file_info_get_file_type (info) == G_FILE_TYPE_DIRECTORY)
        collect (child, root, paths);
      else
        g_ptr_array_add (paths, g_file_get_relative_path (root, child));
      g_object_unref (info);
    }
  g_assert_no_error (error);
}

static int
compare_strings (gconstpointer a,
                 gconstpointer b)
{
  return strcmp (*(const char * const *) a, *(const char * const *) b);
}

/* The first bytes a file manager sniffs. */
static GBytes *
read_head (const char *file_path)
{
  g_autoptr(GFile) file = g_file_new_for_path (file_path);
  g_autoptr(GFileInputStream) in = NULL;
  g_autoptr(GError) error = NULL;
  GBytes *bytes;

  in = g_file_read (file, NULL, &error);
  g_assert_no_error (error);
  bytes = g_input_stream_read_bytes (G_INPUT_STREAM (in), 4096, NULL, &error);
  g_assert_no_error (error);
  return bytes;
}

static void
check_dir (const char *dir_name)
{
  g_autofree char *data_root = g_test_build_filename (G_TEST_DIST, "data", NULL);
  g_autofree char *dir_path = g_build_filename (data_root, dir_name, NULL);
  g_autoptr(GFile) root = g_file_new_for_path (data_root);
  g_autoptr(GFile) dir = g_file_new_for_path (dir_path);
  g_autoptr(GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  guint checked = 0;

  if (!g_file_test (dir_path, G_FILE_TEST_IS_DIR))
    {
      g_autofree char *msg = g_strdup_printf ("no samples in tests/data/%s yet", dir_name);

      g_test_skip (msg);
      return;
    }

  collect (dir, root, paths);
  g_ptr_array_sort (paths, compare_strings);

  for (guint i = 0; i < paths->len; i++)
    {
      const char *path = g_ptr_array_index (paths, i);
      g_autofree char *full = g_build_filename (data_root, path, NULL);
      g_autoptr(GFile) file = g_file_new_for_path (full);
      g_autoptr(GFileInfo) info = NULL;
      g_autoptr(GBytes) head = NULL;
      g_autoptr(GError) error = NULL;
      g_autofree char *sniffed = NULL;
      const char *by_content, *by_file, *got_file;
      gsize size;
      const guchar *data;

      if (!expected_types (path, &by_content, &by_file))
        continue;

      head = read_head (full);
      data = g_bytes_get_data (head, &size);
      sniffed = g_content_type_guess (NULL, data, size, NULL);
      if (by_content == NULL ? g_strv_contains (our_types, sniffed) : g_strcmp0 (sniffed, by_content) != 0)
        g_error ("tests/data/%s: by its content %s, expected %s", path, sniffed,
                 by_content ? by_content : "none of ours");

      info = g_file_query_info (file, G_FILE_ATTRIBUTE_STANDARD_CONTENT_TYPE,
                                G_FILE_QUERY_INFO_NONE, NULL, &error);
      g_assert_no_error (error);
      got_file = g_file_info_get_content_type (info);
      if (by_file == NULL ? g_strv_contains (our_types, got_file) : g_strcmp0 (got_file, by_file) != 0)
        g_error ("tests/data/%s: as a file %s, expected %s", path, got_file,
                 by_file ? by_file : "none of ours");
      checked++;
    }

  g_test_message ("%u samples in tests/data/%s", checked, dir_name);
  g_assert_cmpuint (checked, >, 0);
}

static void
test_database_is_ours (void)
{
  const char * const *dirs = g_content_type_get_mime_dirs ();
  g_autofree char *mime_dir = g_build_filename (tmp_dir, "mime", NULL);
  g_autofree char *canary = g_content_type_guess ("x.stepscope-canary", NULL, 0, NULL);
  g_autofree char *json = g_content_type_guess ("x.json", NULL, 0, NULL);

  /* GIO reads our temporary database, and only it. */
  g_assert_cmpuint (g_strv_length ((char **) dirs), ==, 1);
  g_assert_cmpstr (dirs[0], ==, mime_dir);
  g_assert_cmpstr (canary, ==, "application/x-stepscope-test-canary");
  /* ... which has the standard types too. */
  g_assert_cmpstr (json, ==, "application/json");
}

static void
test_types (void)
{
  for (guint i = 0; our_types[i] != NULL; i++)
    {
      g_autofree char *description = g_content_type_get_description (our_types[i]);

      /* Known, described by our comment rather than "unknown type". */
      g_assert_false (g_content_type_is_unknown (our_types[i]));
      g_assert_nonnull (strstr (description, i < 2 ? "Chrome" : "TensorFlow"));
    }
  g_assert_true (g_content_type_is_a (CHROME_JSON, "application/json"));
  g_assert_true (g_content_type_is_a (CHROME_GZIP, "application/gzip"));
  g_assert_true (g_content_type_is_a (RUN_METADATA_TEXT, "text/plain"));
}

/* The names the profilers write, without content. */
static void
test_names (void)
{
  const struct { const char *name; const char *type; } names[] = {
    { "worker0.1623212756351.pt.trace.json.gz", CHROME_GZIP },
    { "worker0.pt.trace.json", CHROME_JSON },
    { "host.trace.json.gz", CHROME_GZIP },
    { "10.0.0.1_6009.xplane.pb", XSPACE },
    { "timeline.json", "application/json" },
    { "data.json.gz", "application/gzip" },
    { "graph.pb", NULL },
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    {
      gboolean uncertain = FALSE;
      g_autofree char *type = g_content_type_guess (names[i].name, NULL, 0, &uncertain);

      if (names[i].type != NULL)
        g_assert_cmpstr (type, ==, names[i].type);
      else
        g_assert_true (uncertain);
    }
}

/* run_meta* names both encodings: the content decides. */
static void
test_run_meta_names (void)
{
  static const guchar binary[] = "\x0a\x30\x0a\x2e\x0a\x2c/job:localhost/replica:0/task:0/device:CPU:0";
  static const char text[] = "step_stats {\n  dev_stats {\n    device: \"/job:localhost\"\n";
  g_autofree char *b = g_content_type_guess ("run_meta_12", binary, sizeof binary - 1, NULL);
  g_autofree char *t = g_content_type_guess ("run_meta_12", (const guchar *) text, strlen (text), NULL);
  g_autofree char *tb = g_content_type_guess ("run_metadata_run_step99_tag_train.pbtxt",
                                              (const guchar *) text, strlen (text), NULL);

  g_assert_cmpstr (b, ==, RUN_METADATA);
  g_assert_cmpstr (t, ==, RUN_METADATA_TEXT);
  g_assert_cmpstr (tb, ==, RUN_METADATA_TEXT);
}

/* Neither binary magic takes the other's files or any protobuf. */
static void
test_magic_limits (void)
{
  /* An XSpace: plane name after tag 0x12. */
  static const guchar xspace[] = "\x0a\x20\x12\x09/host:CPU\x1a\x10";
  /* A GraphDef: node name after tag 0x0a, not a device. */
  static const guchar graph[] = "\x0a\x20\x0a\x05Const\x12\x05Const";
  /* A device name, but no message around it. */
  static const guchar bare[] = "\x0a\x2c/job:localhost/replica:0/task:0/device:CPU:0";
  g_autofree char *x = g_content_type_guess (NULL, xspace, sizeof xspace - 1, NULL);
  g_autofree char *g = g_content_type_guess (NULL, graph, sizeof graph - 1, NULL);
  g_autofree char *d = g_content_type_guess (NULL, bare, sizeof bare - 1, NULL);

  g_assert_cmpstr (x, ==, XSPACE);
  g_assert_cmpstr (g, !=, RUN_METADATA);
  g_assert_cmpstr (g, !=, XSPACE);
  g_assert_cmpstr (d, !=, RUN_METADATA);
}

static void
test_step_stats (void)
{
  check_dir ("step-stats");
}

static void
test_chrome (void)
{
  check_dir ("chrome");
}

static void
test_xspace (void)
{
  check_dir ("xspace");
}

static void
copy_file (const char *from,
           const char *to)
{
  g_autofree char *contents = NULL;
  g_autoptr(GError) error = NULL;
  gsize length;

  g_file_get_contents (from, &contents, &length, &error);
  g_assert_no_error (error);
  g_file_set_contents (to, contents, length, &error);
  g_assert_no_error (error);
}

/* Before GIO looks at any MIME directory. */
static void
build_database (void)
{
  const char *ours = g_getenv ("STP_MIME_XML");
  const char *freedesktop = g_getenv ("STP_FREEDESKTOP_MIME_XML");
  const char *update = g_getenv ("STP_UPDATE_MIME_DATABASE");
  g_autofree char *packages = NULL;
  g_autofree char *mime_dir = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *env_dirs = NULL;
  g_autoptr(GError) error = NULL;
  g_auto(GStrv) envp = NULL;
  const char *dirs[2] = { NULL, NULL };
  int status;

  g_assert_nonnull (ours);
  g_assert_nonnull (freedesktop);
  g_assert_nonnull (update);

  tmp_dir = g_dir_make_tmp ("stepscope-mime-XXXXXX", &error);
  g_assert_no_error (error);
  mime_dir = g_build_filename (tmp_dir, "mime", NULL);
  packages = g_build_filename (mime_dir, "packages", NULL);
  g_assert_cmpint (g_mkdir_with_parents (packages, 0700), ==, 0);

  {
    g_autofree char *a = g_build_filename (packages, "freedesktop.org.xml", NULL);
    g_autofree char *b = g_build_filename (packages, "io.github.stepscope.Stepscope.xml", NULL);
    g_autofree char *c = g_build_filename (packages, "stepscope-test-canary.xml", NULL);

    copy_file (freedesktop, a);
    copy_file (ours, b);
    g_file_set_contents (c, canary_xml, -1, &error);
    g_assert_no_error (error);
  }

  /* update-mime-database warns on anything it does not accept. */
  envp = g_get_environ ();
  envp = g_environ_setenv (envp, "XDG_DATA_DIRS", tmp_dir, TRUE);
  g_spawn_sync (NULL, (char *[]) { (char *) update, mime_dir, NULL }, envp,
                G_SPAWN_DEFAULT, NULL, NULL, &out, &err, &status, &error);
  g_assert_no_error (error);
  if (!g_spawn_check_wait_status (status, &error) || (err != NULL && *err != '\0'))
    g_error ("update-mime-database %s: %s%s", mime_dir, error ? error->message : "", err);

  env_dirs = g_strdup (tmp_dir);
  g_setenv ("XDG_DATA_DIRS", env_dirs, TRUE);
  g_setenv ("XDG_DATA_HOME", tmp_dir, TRUE);
  dirs[0] = mime_dir;
  g_content_type_set_mime_dirs (dirs);
}

static void
remove_tree (GFile *file)
{
  g_autoptr(GFileEnumerator) e = g_file_enumerate_children (file, G_FILE_ATTRIBUTE_STANDARD_NAME,
                                                            G_FILE_QUERY_INFO_NOFOLLOW_SYMLINKS, NULL, NULL);
  GFileInfo *info;

  while (e != NULL && (info = g_file_enumerator_next_file (e, NULL, NULL)) != NULL)
    {
      g_autoptr(GFile) child = g_file_get_child (file, g_file_info_get_name (info));

      remove_tree (child);
      g_object_unref (info);
    }
  g_file_delete (file, NULL, NULL);
}

int
main (int   argc,
      char *argv[])
{
  int ret;

  g_test_init (&argc, &argv, NULL);
  build_database ();

  g_test_add_func ("/mime/database-is-ours", test_database_is_ours);
  g_test_add_func ("/mime/types", test_types);
  g_test_add_func ("/mime/names", test_names);
  g_test_add_func ("/mime/run-meta-names", test_run_meta_names);
  g_test_add_func ("/mime/magic-limits", test_magic_limits);
  g_test_add_func ("/mime/samples/step-stats", test_step_stats);
  g_test_add_func ("/mime/samples/chrome", test_chrome);
  g_test_add_func ("/mime/samples/xspace", test_xspace);

  ret = g_test_run ();

  {
    g_autoptr(GFile) tmp = g_file_new_for_path (tmp_dir);

    remove_tree (tmp);
  }
  g_free (tmp_dir);
  return ret;
}
