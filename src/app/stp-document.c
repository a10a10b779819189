/* stp-document.c: what one load produced
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The file, its sealed trace with the render index drawn from it, and
 * the links between its ops, tensors and objects: all built on the load
 * task's thread and read-only from then on, so any widget may hold the
 * document as long as it likes.  A re-analysis (other options, the same
 * file) is a new document that says so, and views keep their place.
 */

#define G_LOG_DOMAIN "stp-document"

#include "config.h"

#include "stp-document.h"

struct _StpDocument
{
  GObject         parent_instance;

  GPtrArray      *files;         /* GFile: the traces opened, in order (a folder's, each) */
  StpRenderIndex *index;
  StpLinks       *links;
  double          load_seconds;
  gboolean        reanalysis;
  StpCompare     *compares[STP_COMPARE_N_BY]; /* a comparison: its files' first two, by each way */
  StpMergeClock   clock;          /* how its files were asked to be lined up */
};

G_DEFINE_FINAL_TYPE (StpDocument, stp_document, G_TYPE_OBJECT)

static void
stp_document_finalize (GObject *object)
{
  StpDocument *self = (StpDocument *) object;

  g_clear_pointer (&self->files, g_ptr_array_unref);
  g_clear_pointer (&self->index, stp_render_index_unref);
  g_clear_pointer (&self->links, stp_links_unref);
  for (guint i = 0; i < STP_COMPARE_N_BY; i++)
    g_clear_pointer (&self->compares[i], stp_compare_free);

  G_OBJECT_CLASS (stp_document_parent_class)->finalize (object);
}

static void
stp_document_class_init (StpDocumentClass *klass)
{
  G_OBJECT_CLASS (klass)->finalize = stp_document_finalize;
}

static void
stp_document_init (StpDocument *self)
{
}

/* `load_seconds` is what the user waited, from asking to seeing. */
StpDocument *
stp_document_new (GPtrArray      *files,
                  StpRenderIndex *index,
                  StpLinks       *links,
                  double          load_seconds,
                  gboolean        reanalysis)
{
  StpDocument *self;

  g_return_val_if_fail (files != NULL && files->len > 0, NULL);
  g_return_val_if_fail (index != NULL, NULL);
  g_return_val_if_fail (links != NULL, NULL);

  self = g_object_new (STP_TYPE_DOCUMENT, NULL);
  self->files = g_ptr_array_ref (files);
  self->index = stp_render_index_ref (index);
  self->links = stp_links_ref (links);
  self->load_seconds = load_seconds;
  self->reanalysis = reanalysis;
  return self;
}

/* The first file opened (the one file, most of the time). */
GFile *
stp_document_get_file (StpDocument *self)
{
  g_return_val_if_fail (STP_IS_DOCUMENT (self), NULL);

  return g_ptr_array_index (self->files, 0);
}

/* Every trace file opened into the document, in order: what a
 * reload opens again.  Do not modify. */
GPtrArray *
stp_document_get_files (StpDocument *self)
{
  g_return_val_if_fail (STP_IS_DOCUMENT (self), NULL);

  return self->files;
}

/* A comparison of the first file (the baseline, A) with the second
 * (B): how they differ, by `by` (taken; set while the document is new,
 * on the thread that made it). */
void
stp_document_take_compare (StpDocument  *self,
                           StpCompareBy  by,
                           StpCompare   *compare)
{
  g_return_if_fail (STP_IS_DOCUMENT (self));
  g_return_if_fail (by < STP_COMPARE_N_BY);

  g_clear_pointer (&self->compares[by], stp_compare_free);
  self->compares[by] = compare;
}

/* How the baseline and the other trace differ by `by`; NULL if the
 * document is not a comparison, or was not compared that way. */
const StpCompare *
stp_document_get_compare (StpDocument  *self,
                          StpCompareBy  by)
{
  g_return_val_if_fail (STP_IS_DOCUMENT (self), NULL);
  g_return_val_if_fail (by < STP_COMPARE_N_BY, NULL);

  return self->compares[by];
}

/* How the files were asked to be lined up (what a reload asks again):
 * set while the document is new. */
void
stp_document_set_clock (StpDocument   *self,
                        StpMergeClock  clock)
{
  g_return_if_fail (STP_IS_DOCUMENT (self));
  self->clock = clock;
}

StpMergeClock
stp_document_get_clock (StpDocument *self)
{
  g_return_val_if_fail (STP_IS_DOCUMENT (self), STP_MERGE_CLOCK_AUTO);
  return self->clock;
}

gboolean
stp_document_is_comparison (StpDocument *self)
{
  g_return_val_if_fail (STP_IS_DOCUMENT (self), FALSE);

  for (guint i = 0; i < STP_COMPARE_N_BY; i++)
    if (self->compares[i] != NULL)
      return TRUE;
  return FALSE;
}

/* The files' URIs, a line each: what tells one set of files from
 * another (one file alone is its URI). */
char *
stp_document_dup_uris (StpDocument *self)
{
  g_autoptr(GString) uris = g_string_new (NULL);

  g_return_val_if_fail (STP_IS_DOCUMENT (self), NULL);

  for (guint i = 0; i < self->files->len; i++)
    {
      g_autofree char *uri = g_file_get_uri (g_ptr_array_index (self->files, i));

      if (i > 0)
        g_string_append_c (uris, '\n');
      g_string_append (uris, uri);
    }
  return g_string_free (g_steal_pointer (&uris), FALSE);
}

StpTrace *
stp_document_get_trace (StpDocument *self)
{
  g_return_val_if_fail (STP_IS_DOCUMENT (self), NULL);
  return stp_render_index_get_trace (self->index);
}

StpRenderIndex *
stp_document_get_index (StpDocument *self)
{
  g_return_val_if_fail (STP_IS_DOCUMENT (self), NULL);
  return self->index;
}

StpLinks *
stp_document_get_links (StpDocument *self)
{
  g_return_val_if_fail (STP_IS_DOCUMENT (self), NULL);
  return self->links;
}

double
stp_document_get_load_seconds (StpDocument *self)
{
  g_return_val_if_fail (STP_IS_DOCUMENT (self), 0);
  return self->load_seconds;
}

/* A re-analysis of the document shown before it (the same file, other
 * options): views keep their place and the selected op. */
gboolean
stp_document_is_reanalysis (StpDocument *self)
{
  g_return_val_if_fail (STP_IS_DOCUMENT (self), FALSE);
  return self->reanalysis;
}
