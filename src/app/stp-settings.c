/* stp-settings.c: the application's settings, wherever it runs from
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The viewer must open on first run, straight from a build directory,
 * with nothing installed system-wide and perhaps no session bus.  So:
 *
 * - The schema: the installed one when it is current (has every key this
 *   build knows), else the copy compiled into the GResource at build time.
 *   GSettings only reads schemas from a directory, so that copy is written
 *   to a private temporary directory, mapped, and the file removed at once.
 * - The backend: the default, unless it is dconf without a session bus (its
 *   writes would be reverted, silently) or the memory backend GLib falls
 *   back to when it has no other; then a keyfile in the user's config
 *   folder, as Flatpak apps use.  Only when that folder cannot be made do
 *   settings live in memory, and stp_settings_are_remembered() says so.
 *   A GSETTINGS_BACKEND the user chose is always respected.
 */

#define G_LOG_DOMAIN "stp-settings"
#define G_SETTINGS_ENABLE_BACKEND

#include "config.h"

#include <gio/gsettingsbackend.h>
#include <errno.h>
#include <glib/gstdio.h>

#include "stp-settings.h"

#define EMBEDDED_SCHEMA "/io/github/stepscope/Stepscope/gschemas.compiled"

typedef struct
{
  GSettingsSchema  *schema;
  GSettingsBackend *backend;
  gboolean          remembered;
} StpSettingsSource;

/* Writes the compiled schema under @parent and loads it from there. */
static GSettingsSchemaSource *
load_schema_copy_in (const char  *parent,
                     GBytes      *bytes,
                     GError     **error)
{
  g_autofree char *template = g_build_filename (parent, "stepscope-schema-XXXXXX", NULL);
  g_autofree char *path = NULL;
  GSettingsSchemaSource *source = NULL;

  if (g_mkdtemp (template) == NULL)
    {
      int saved_errno = errno;

      g_set_error (error, G_FILE_ERROR, g_file_error_from_errno (saved_errno),
                   "%s: %s", parent, g_strerror (saved_errno));
      return NULL;
    }
  path = g_build_filename (template, "gschemas.compiled", NULL);
  if (g_file_set_contents (path, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes), error))
    source = g_settings_schema_source_new_from_directory (template, NULL, TRUE, error);

  /* The source maps the file; the mapping outlives its name. */
  g_unlink (path);
  g_rmdir (template);
  return source;
}

static GSettingsSchemaSource *
load_embedded_source (void)
{
  const char *parents[] = { g_get_tmp_dir (), g_get_user_runtime_dir (), g_get_user_cache_dir () };
  g_autoptr(GBytes) bytes = NULL;

  bytes = g_resources_lookup_data (EMBEDDED_SCHEMA, G_RESOURCE_LOOKUP_FLAGS_NONE, NULL);
  g_assert (bytes != NULL);

  for (guint i = 0; i < G_N_ELEMENTS (parents); i++)
    {
      g_autoptr(GError) error = NULL;
      GSettingsSchemaSource *source = load_schema_copy_in (parents[i], bytes, &error);

      if (source != NULL)
        return source;
      g_message ("Could not load the settings schema from %s: %s", parents[i], error->message);
    }
  return NULL;
}

static gboolean
schema_has_keys_of (GSettingsSchema *schema,
                    GSettingsSchema *reference)
{
  g_auto(GStrv) keys = g_settings_schema_list_keys (reference);

  for (guint i = 0; keys[i] != NULL; i++)
    if (!g_settings_schema_has_key (schema, keys[i]))
      return FALSE;
  return TRUE;
}

static GSettingsSchema *
find_schema (void)
{
  g_autoptr(GSettingsSchemaSource) embedded_source = load_embedded_source ();
  g_autoptr(GSettingsSchema) embedded = NULL;
  g_autoptr(GSettingsSchema) installed = NULL;
  GSettingsSchemaSource *default_source = g_settings_schema_source_get_default ();

  if (embedded_source != NULL)
    embedded = g_settings_schema_source_lookup (embedded_source, APPLICATION_ID, FALSE);
  if (default_source != NULL)
    installed = g_settings_schema_source_lookup (default_source, APPLICATION_ID, TRUE);

  if (installed != NULL && (embedded == NULL || schema_has_keys_of (installed, embedded)))
    return g_steal_pointer (&installed);
  return g_steal_pointer (&embedded);
}

static gboolean
have_session_bus (void)
{
  g_autoptr(GDBusConnection) bus = g_bus_get_sync (G_BUS_TYPE_SESSION, NULL, NULL);

  return bus != NULL;
}

/* Whether the default backend would keep what the user sets. */
static gboolean
default_backend_keeps_settings (GSettingsBackend *backend)
{
  const char *type = G_OBJECT_TYPE_NAME (backend);

  if (g_getenv ("GSETTINGS_BACKEND") != NULL)
    return TRUE;
  if (g_str_equal (type, "GMemorySettingsBackend") || g_str_equal (type, "GNullSettingsBackend"))
    return FALSE;
  if (g_str_equal (type, "DConfSettingsBackend"))
    return have_session_bus ();
  return TRUE;
}

static GSettingsBackend *
keyfile_backend (void)
{
  g_autofree char *dir = g_build_filename (g_get_user_config_dir (), "glib-2.0", "settings", NULL);
  g_autofree char *path = g_build_filename (dir, "keyfile", NULL);

  if (g_mkdir_with_parents (dir, 0700) != 0)
    return NULL;
  return g_keyfile_settings_backend_new (path, "/", NULL);
}

static gpointer
resolve_source (gpointer data)
{
  StpSettingsSource *source = g_new0 (StpSettingsSource, 1);
  g_autoptr(GSettingsBackend) backend = g_settings_backend_get_default ();

  source->schema = find_schema ();
  source->remembered = TRUE;

  if (default_backend_keeps_settings (backend))
    source->backend = g_steal_pointer (&backend);
  else if ((source->backend = keyfile_backend ()) != NULL)
    g_debug ("No session bus or settings service: settings are kept in %s",
             g_get_user_config_dir ());
  else
    {
      source->backend = g_memory_settings_backend_new ();
      source->remembered = FALSE;
      g_message ("Settings cannot be saved; changes last until Stepscope closes");
    }

  return source;
}

static StpSettingsSource *
get_source (void)
{
  static GOnce once = G_ONCE_INIT;

  return g_once (&once, resolve_source, NULL);
}

/**
 * stp_settings_check:
 * @error: where to say why not
 *
 * Whether settings can be had at all: false only when the schema could be
 * written to no temporary folder.  main() asks before anything else.
 */
gboolean
stp_settings_check (GError **error)
{
  if (get_source ()->schema != NULL)
    return TRUE;
  g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
               "the settings schema could not be loaded: no temporary folder can be written "
               "(%s, %s, %s)", g_get_tmp_dir (), g_get_user_runtime_dir (), g_get_user_cache_dir ());
  return FALSE;
}

/**
 * stp_settings_new:
 *
 * Returns: (transfer full): the application's settings; every instance
 *   shares one backend, so a change made through one is seen by all
 */
GSettings *
stp_settings_new (void)
{
  StpSettingsSource *source = get_source ();

  g_return_val_if_fail (source->schema != NULL, NULL);
  return g_settings_new_full (source->schema, source->backend, NULL);
}

/**
 * stp_settings_are_remembered:
 *
 * Returns: whether settings changed now will still be there on the next run
 */
gboolean
stp_settings_are_remembered (void)
{
  return get_source ()->remembered;
}
