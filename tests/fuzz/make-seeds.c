/* make-seeds.c: seed corpora for the fuzz targets, from tests/data
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * make-seeds DATA_DIR OUT_DIR writes OUT_DIR/<target>/ for every target
 * (step-stats, pbtext, chrome-json, xspace, loader, export) from the real test
 * files, with the selector byte the target expects in front where it
 * has one.  Compressed files are unpacked for the targets that wrap
 * their input themselves, and XSpaces are cut down (a few lines of a
 * few events per plane, only the metadata those use) so that one run
 * of a target stays cheap.  Nothing here is committed: `meson compile
 * -C build-fuzz fuzz-seeds` rebuilds it.
 */

#define G_LOG_DOMAIN "make-seeds"

#include "stp-input.h"

#include "xplane.pb-c.h"

#include <glib/gstdio.h>
#include <stdlib.h>
#include <string.h>

/* Larger files would only slow the fuzzers down (libFuzzer cuts them). */
#define MAX_SEED (256 * 1024)

#define XSPACE_LINES   6
#define XSPACE_EVENTS  24

static const char *out_dir;
static guint n_written;

static void
write_seed (const char   *target,
            const char   *name,
            int           selector,
            const guint8 *data,
            gsize         len)
{
  g_autofree char *dir = g_build_filename (out_dir, target, NULL);
  g_autofree char *base = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GByteArray) bytes = g_byte_array_new ();
  g_autoptr(GError) error = NULL;

  if (len > MAX_SEED)
    return;

  g_mkdir_with_parents (dir, 0755);
  base = g_strdelimit (g_strdup (name), "/", '_');
  path = selector >= 0 ? g_strdup_printf ("%s/%d-%s", dir, selector, base)
                       : g_strdup_printf ("%s/%s", dir, base);
  if (selector >= 0)
    {
      guint8 b = selector;
      g_byte_array_append (bytes, &b, 1);
    }
  g_byte_array_append (bytes, data, len);

  if (!g_file_set_contents (path, (const char *) bytes->data, bytes->len, &error))
    g_error ("%s", error->message);
  n_written++;

  /* Every file a user opens is also an export seed, with analysis
   * options (byte 0 of fuzz-export) varying from seed to seed. */
  if (g_str_equal (target, "loader"))
    write_seed ("export", name, n_written % 32, data, len);
}

/* The file decompressed (gzip and zip are unpacked by stp-input). */
static GBytes *
read_plain (const char *path)
{
  g_autoptr(GFile) file = g_file_new_for_path (path);
  g_autoptr(GError) error = NULL;
  g_autoptr(StpInput) input = stp_input_open (file, NULL, &error);
  GBytes *bytes;

  if (input == NULL)
    g_error ("%s", error->message);
  bytes = stp_input_read_all (input, 64 * 1024 * 1024, &error);
  if (bytes == NULL)
    g_error ("%s", error->message);
  return bytes;
}

static GBytes *
read_raw (const char *path)
{
  g_autoptr(GError) error = NULL;
  char *data;
  gsize len;

  if (!g_file_get_contents (path, &data, &len, &error))
    g_error ("%s", error->message);
  return g_bytes_new_take (data, len);
}

/* Files under dir (recursively), sorted, relative to dir. */
static void
list_files (const char *root,
            const char *rel,
            GPtrArray  *out)
{
  g_autofree char *dir_path = g_build_filename (root, rel, NULL);
  g_autoptr(GDir) dir = g_dir_open (dir_path, 0, NULL);
  const char *name;

  if (dir == NULL)
    return;
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *child_rel = rel[0] ? g_build_filename (rel, name, NULL) : g_strdup (name);
      g_autofree char *child = g_build_filename (root, child_rel, NULL);

      if (g_file_test (child, G_FILE_TEST_IS_DIR))
        list_files (root, child_rel, out);
      else
        g_ptr_array_add (out, g_steal_pointer (&child_rel));
    }
}

static GPtrArray *
files_in (const char *data_dir,
          const char *sub)
{
  g_autofree char *root = g_build_filename (data_dir, sub, NULL);
  GPtrArray *files = g_ptr_array_new_with_free_func (g_free);

  list_files (root, "", files);
  g_ptr_array_sort (files, (GCompareFunc) g_strcmp0);
  return files;
}

/* ------------------------------------------------------------------ */
/* XSpace: cut down                                                    */

static gboolean
has_id (GHashTable *ids,
        gint64      id)
{
  return g_hash_table_contains (ids, &id);
}

/* Packs the space with each plane's lines and events cut to the first
 * few and metadata to what those use; restores the message after. */
static GBytes *
pack_reduced (Tensorflow__Profiler__XSpace *space)
{
  gsize n_planes = space->n_planes;
  g_autofree gsize *n_lines = g_new0 (gsize, n_planes + 1);
  g_autofree gsize *n_meta = g_new0 (gsize, n_planes + 1);
  g_autofree gpointer *meta = g_new0 (gpointer, n_planes + 1);
  g_autoptr(GPtrArray) event_counts = g_ptr_array_new_with_free_func (g_free);
  guint8 *buf;
  gsize len;

  for (gsize p = 0; p < n_planes; p++)
    {
      Tensorflow__Profiler__XPlane *plane = space->planes[p];
      g_autoptr(GHashTable) used = g_hash_table_new (g_int64_hash, g_int64_equal);
      Tensorflow__Profiler__XPlane__EventMetadataEntry **kept;
      gsize *counts;
      gsize n_kept = 0;

      n_lines[p] = plane->n_lines;
      plane->n_lines = MIN (plane->n_lines, XSPACE_LINES);
      counts = g_new0 (gsize, plane->n_lines + 1);
      g_ptr_array_add (event_counts, counts);

      for (gsize l = 0; l < plane->n_lines; l++)
        {
          Tensorflow__Profiler__XLine *line = plane->lines[l];

          counts[l] = line->n_events;
          line->n_events = MIN (line->n_events, XSPACE_EVENTS);
          for (gsize e = 0; e < line->n_events; e++)
            g_hash_table_add (used, &line->events[e]->metadata_id);
        }

      n_meta[p] = plane->n_event_metadata;
      meta[p] = plane->event_metadata;
      kept = g_new0 (Tensorflow__Profiler__XPlane__EventMetadataEntry *, plane->n_event_metadata + 1);
      for (gsize m = 0; m < plane->n_event_metadata; m++)
        if (has_id (used, plane->event_metadata[m]->key))
          kept[n_kept++] = plane->event_metadata[m];
      plane->event_metadata = kept;
      plane->n_event_metadata = n_kept;
    }

  len = tensorflow__profiler__xspace__get_packed_size (space);
  buf = g_malloc (MAX (len, 1));
  tensorflow__profiler__xspace__pack (space, buf);

  for (gsize p = 0; p < n_planes; p++)
    {
      Tensorflow__Profiler__XPlane *plane = space->planes[p];
      gsize *counts = g_ptr_array_index (event_counts, p);

      for (gsize l = 0; l < plane->n_lines; l++)
        plane->lines[l]->n_events = counts[l];
      plane->n_lines = n_lines[p];
      g_free (plane->event_metadata);
      plane->event_metadata = meta[p];
      plane->n_event_metadata = n_meta[p];
    }

  return g_bytes_new_take (buf, len);
}

static void
xspace_seeds (const char *path,
              const char *name)
{
  g_autoptr(GBytes) raw = read_raw (path);
  Tensorflow__Profiler__XSpace *space;
  Tensorflow__Profiler__XPlane **planes;
  gsize n_planes;

  space = tensorflow__profiler__xspace__unpack (NULL, g_bytes_get_size (raw),
                                                g_bytes_get_data (raw, NULL));
  if (space == NULL)
    {
      /* A damaged capture is a seed as it is (cut by libFuzzer). */
      gsize len;
      const guint8 *data = g_bytes_get_data (raw, &len);

      write_seed ("xspace", name, 0, data, MIN (len, MAX_SEED));
      write_seed ("loader", name, -1, data, MIN (len, MAX_SEED));
      return;
    }

  /* Every plane alone, then all of them together. */
  planes = space->planes;
  n_planes = space->n_planes;
  for (gsize p = 0; p <= n_planes; p++)
    {
      g_autoptr(GBytes) packed = NULL;
      g_autofree char *seed_name = NULL;
      const guint8 *data;
      gsize len;

      if (p < n_planes)
        {
          space->planes = planes + p;
          space->n_planes = 1;
          seed_name = g_strdup_printf ("%s.plane%" G_GSIZE_FORMAT, name, p);
        }
      else
        {
          space->planes = planes;
          space->n_planes = n_planes;
          seed_name = g_strdup_printf ("%s.all", name);
        }

      packed = pack_reduced (space);
      data = g_bytes_get_data (packed, &len);
      /* The flags byte: plain, no derived lines, re-derived, legacy rules. */
      write_seed ("xspace", seed_name, (int) (p % 4 == 3 ? 4 : p % 4), data, len);
      write_seed ("loader", seed_name, -1, data, len);
    }
  space->planes = planes;
  space->n_planes = n_planes;
  tensorflow__profiler__xspace__free_unpacked (space, NULL);
}

/* ------------------------------------------------------------------ */

static int
pbtext_selector (const char *type)
{
  /* Keep in step with the table in fuzz-pbtext.c. */
  static const char *const names[] = {
    "tensorflow.RunMetadata", "tensorflow.StepStats", "stptest.AllTypes",
    "tensorflow.TensorDescription", "tensorflow.NodeExecStats",
    "tensorflow.DeviceStepStats", "tensorflow.NodeOutput",
    "tensorflow.AllocationDescription", "tensorflow.MemoryStats",
    "tensorflow.GraphDef",
  };

  for (guint i = 0; i < G_N_ELEMENTS (names); i++)
    if (g_strcmp0 (names[i], type) == 0)
      return i;
  return -1;
}

int
main (int    argc,
      char **argv)
{
  const char *data_dir;
  g_autoptr(GPtrArray) files = NULL;
  g_autofree char *index = NULL;
  g_autofree char *index_path = NULL;
  g_auto(GStrv) lines = NULL;

  if (argc != 3)
    {
      g_printerr ("usage: %s DATA_DIR OUT_DIR\n", argv[0]);
      return 2;
    }
  data_dir = argv[1];
  out_dir = argv[2];

  /* StepStats: the binary files, also as text (pbtext) where shipped. */
  files = files_in (data_dir, "step-stats");
  for (guint i = 0; i < files->len; i++)
    {
      const char *rel = g_ptr_array_index (files, i);
      g_autofree char *path = g_build_filename (data_dir, "step-stats", rel, NULL);
      g_autoptr(GBytes) bytes = NULL;

      if (g_str_has_prefix (rel, "expected") || g_str_has_suffix (rel, ".md") ||
          g_str_has_suffix (rel, ".txt"))
        continue;
      bytes = read_raw (path);
      if (g_str_has_suffix (rel, ".pbtxt"))
        {
          gboolean bare = strstr (rel, "step_stats") != NULL;

          write_seed ("pbtext", rel, bare ? 1 : 0, g_bytes_get_data (bytes, NULL),
                      g_bytes_get_size (bytes));
        }
      else
        write_seed ("step-stats", rel, -1, g_bytes_get_data (bytes, NULL),
                    g_bytes_get_size (bytes));
      write_seed ("loader", rel, -1, g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
    }
  g_clear_pointer (&files, g_ptr_array_unref);

  /* Text format cases: index.txt names each case's message type. */
  index_path = g_build_filename (data_dir, "pbtext", "index.txt", NULL);
  if (!g_file_get_contents (index_path, &index, NULL, NULL))
    g_error ("cannot read %s", index_path);
  lines = g_strsplit (index, "\n", -1);
  for (guint i = 0; lines[i] != NULL; i++)
    {
      g_auto(GStrv) parts = g_strsplit (g_strstrip (lines[i]), " ", 2);
      g_autofree char *txt = NULL;
      g_autofree char *pb = NULL;
      g_autofree char *txt_name = NULL;
      g_autofree char *pb_name = NULL;
      g_autoptr(GBytes) text = NULL;
      int selector;

      if (g_strv_length (parts) != 2 || (selector = pbtext_selector (parts[1])) < 0)
        continue;
      txt_name = g_strconcat (parts[0], ".txt", NULL);
      pb_name = g_strconcat (parts[0], ".pb", NULL);
      txt = g_build_filename (data_dir, "pbtext", txt_name, NULL);
      pb = g_build_filename (data_dir, "pbtext", pb_name, NULL);
      text = read_raw (txt);
      write_seed ("pbtext", txt_name, selector, g_bytes_get_data (text, NULL),
                  g_bytes_get_size (text));
      if (selector <= 1)
        {
          g_autoptr(GBytes) wire = read_raw (pb);

          write_seed ("step-stats", pb_name, -1, g_bytes_get_data (wire, NULL),
                      g_bytes_get_size (wire));
        }
    }

  /* Chrome JSON: unpacked, in turn as plain, gzip and zip; the loader
   * gets the files as they are. */
  files = files_in (data_dir, "chrome");
  for (guint i = 0; i < files->len; i++)
    {
      const char *rel = g_ptr_array_index (files, i);
      g_autofree char *path = g_build_filename (data_dir, "chrome", rel, NULL);
      g_autoptr(GBytes) plain = read_plain (path);
      g_autoptr(GBytes) raw = read_raw (path);

      write_seed ("chrome-json", rel, i % 3, g_bytes_get_data (plain, NULL),
                  g_bytes_get_size (plain));
      write_seed ("loader", rel, -1, g_bytes_get_data (raw, NULL), g_bytes_get_size (raw));
    }
  g_clear_pointer (&files, g_ptr_array_unref);

  /* XSpace: cut down. */
  files = files_in (data_dir, "xspace");
  for (guint i = 0; i < files->len; i++)
    {
      const char *rel = g_ptr_array_index (files, i);
      g_autofree char *path = g_build_filename (data_dir, "xspace", rel, NULL);

      xspace_seeds (path, rel);
    }

  /* Regression inputs: every target gets them (its own selector is
   * whatever the first byte happens to be). */
  g_clear_pointer (&files, g_ptr_array_unref);
  files = files_in (data_dir, "regress");
  for (guint i = 0; i < files->len; i++)
    {
      const char *rel = g_ptr_array_index (files, i);
      g_autofree char *path = g_build_filename (data_dir, "regress", rel, NULL);
      g_autoptr(GBytes) raw = NULL;

      if (g_str_has_suffix (rel, ".md"))
        continue;
      raw = read_raw (path);
      write_seed ("loader", rel, -1, g_bytes_get_data (raw, NULL), g_bytes_get_size (raw));
    }

  g_print ("%u seeds in %s\n", n_written, out_dir);
  return 0;
}
