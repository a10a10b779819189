/* stp-load-task.c: loading or re-analysing a trace on a worker thread
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The thread owns its inputs (the file, a reference to the trace, a copy
 * of the options) and hands back one StpDocument: the sealed trace, its
 * render index and its links, all read-only from then on.  Progress from the thread is coalesced
 * (stp-progress-relay.c): at most one idle is pending on the owner's
 * main context, however fast the loader reports.
 *
 * Several files (or a folder) are loaded one after the other and merged
 * into one trace (stp-merge.h).  A file that cannot be read does not
 * stop the others: it is left out and listed in the task's failures.
 * A comparison loads a baseline and another trace, compares them name
 * by name (stp-compare.h) before they become one, and lines them up at
 * their first steps.
 */

#define G_LOG_DOMAIN "stp-load-task"

#include "config.h"

#include <glib/gi18n.h>

#include "stp-load-task.h"
#include "stp-error.h"
#include "stp-merge.h"
#include "stp-progress-relay.h"

struct _StpLoadTask
{
  GObject             parent_instance;

  GPtrArray          *files;         /* GFile: load these (folders: their traces), */
  StpTrace           *trace;         /* or re-analyse this, which `files` hold */
  GPtrArray          *failures;      /* char*: "file: why", one per file left out */
  gboolean            compare;       /* files are a baseline and another trace to compare */
  StpMergeClock       clock;         /* several files: how to line them up */
  StpCompare         *compares[STP_COMPARE_N_BY]; /* worker: what the comparison found */
  GFile              *graph_file;    /* with this GraphDef, if set */
  StpAnalysisOptions  options;
  GCancellable       *cancellable;
  GMainContext       *context;
  gint64              started;       /* monotonic µs, at run_async */

  StpProgressRelay    progress;
  gint                file_index;    /* atomic: the file being read, of */
  gint                n_files;       /* atomic: how many, once folders are expanded */

  /* Main thread. */
  char                stage[32];
  double              fraction;
  guint               shown_file;    /* file_index + 1 as last notified, 0 before */
};

enum {
  PROP_0,
  PROP_STAGE,
  PROP_FRACTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (StpLoadTask, stp_load_task, G_TYPE_OBJECT)

/* The latest progress, on the main thread. */
static void
progress_changed (GObject    *object,
                  const char *stage,
                  double      fraction)
{
  StpLoadTask *self = STP_LOAD_TASK (object);
  gboolean stage_changed = g_strcmp0 (self->stage, stage) != 0;

  g_strlcpy (self->stage, stage, sizeof self->stage);
  self->fraction = fraction;

  /* Which file is read travels beside the relay: the stage names the
   * step, not the file. */
  if ((guint) g_atomic_int_get (&self->file_index) + 1 != self->shown_file)
    {
      self->shown_file = g_atomic_int_get (&self->file_index) + 1;
      stage_changed = TRUE;
    }
  if (stage_changed)
    g_object_notify_by_pspec (object, properties[PROP_STAGE]);
  g_object_notify_by_pspec (object, properties[PROP_FRACTION]);
}

/* The files named, with each folder replaced by the traces in it. */
static GPtrArray *
expand_folders (GPtrArray  *files,
                GError    **error)
{
  g_autoptr(GPtrArray) out = g_ptr_array_new_with_free_func (g_object_unref);

  for (guint i = 0; i < files->len; i++)
    {
      GFile *file = g_ptr_array_index (files, i);
      g_autoptr(GPtrArray) paths = NULL;
      g_autofree char *name = NULL;

      if (g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, NULL) != G_FILE_TYPE_DIRECTORY)
        {
          g_ptr_array_add (out, g_object_ref (file));
          continue;
        }

      paths = g_ptr_array_new_with_free_func (g_free);
      name = g_file_get_parse_name (file);
      if (!stp_loader_find_traces (file, paths, error))
        {
          g_prefix_error (error, "%s: ", name);
          return NULL;
        }
      if (paths->len == 0)
        {
          g_set_error (error, STP_ERROR, STP_ERROR_UNKNOWN_FORMAT,
                       _("%s: no trace in this folder (nothing in it is a StepStats, XSpace or Chrome trace)"),
                       name);
          return NULL;
        }
      for (guint k = 0; k < paths->len; k++)
        g_ptr_array_add (out, g_file_new_for_path (g_ptr_array_index (paths, k)));
    }
  return g_steal_pointer (&out);
}

/* Progress of file i of n, as a share of the whole load. */
typedef struct
{
  StpProgressRelay *relay;
  guint             i;
  guint             n;
} FileProgress;

static void
report_file_progress (const char *stage,
                      guint64     done,
                      guint64     total,
                      gpointer    user_data)
{
  FileProgress *p = user_data;
  double fraction = total > 0 ? (double) MIN (done, total) / total : 0;

  stp_progress_relay_report (stage, (guint64) ((p->i + fraction) * 1000), p->n * 1000, p->relay);
}

/* File i of several, its progress a share of the whole load. */
static StpTrace *
load_nth (StpLoadTask   *self,
          GPtrArray     *files,
          guint          i,
          GCancellable  *cancellable,
          GError       **error)
{
  FileProgress progress = { &self->progress, i, files->len };

  g_atomic_int_set (&self->file_index, i);
  return stp_load_file (g_ptr_array_index (files, i), &self->options,
                        report_file_progress, &progress, cancellable, error);
}

/* A baseline and another trace: both must load.  They are compared by
 * op and by kernel, then shown one above the other, first steps lined
 * up. */
static StpTrace *
load_comparison (StpLoadTask   *self,
                 GPtrArray     *files,
                 GCancellable  *cancellable,
                 GError       **error)
{
  g_autoptr(GPtrArray) traces = g_ptr_array_new_with_free_func ((GDestroyNotify) stp_trace_unref);
  static const StpCompareBy ways[] = { STP_COMPARE_BY_OP, STP_COMPARE_BY_KERNEL };

  for (guint i = 0; i < files->len; i++)
    {
      StpTrace *trace = load_nth (self, files, i, cancellable, error);

      if (trace == NULL)
        return NULL;
      g_ptr_array_add (traces, trace);
    }

  stp_progress_relay_report ("compare", 0, 0, &self->progress);
  for (guint i = 0; i < G_N_ELEMENTS (ways); i++)
    {
      StpCompareOptions options = STP_COMPARE_OPTIONS_INIT;

      options.by = ways[i];
      self->compares[ways[i]] = stp_compare_new (traces->pdata[0], traces->pdata[1], &options,
                                                 cancellable, error);
      if (self->compares[ways[i]] == NULL)
        return NULL;
    }

  stp_progress_relay_report ("merge", 0, 0, &self->progress);
  return stp_traces_merge (traces, STP_MERGE_CLOCK_FIRST_STEP, NULL);
}

/* One file as it is; several merged, without those that fail. */
static StpTrace *
load_files (StpLoadTask   *self,
            GCancellable  *cancellable,
            GError       **error)
{
  g_autoptr(GPtrArray) traces = g_ptr_array_new_with_free_func ((GDestroyNotify) stp_trace_unref);
  g_autoptr(GPtrArray) loaded = g_ptr_array_new_with_free_func (g_object_unref);
  g_autoptr(GPtrArray) files = expand_folders (self->files, error);

  if (files == NULL)
    return NULL;
  g_ptr_array_unref (self->files);
  self->files = g_ptr_array_ref (files);

  g_atomic_int_set (&self->n_files, files->len);
  if (self->compare)
    return load_comparison (self, files, cancellable, error);
  if (files->len == 1)
    return stp_load_file (g_ptr_array_index (files, 0), &self->options,
                          stp_progress_relay_report, &self->progress, cancellable, error);

  for (guint i = 0; i < files->len; i++)
    {
      g_autoptr(GError) local_error = NULL;
      StpTrace *trace = load_nth (self, files, i, cancellable, &local_error);

      if (g_cancellable_set_error_if_cancelled (cancellable, error))
        return NULL;
      if (trace == NULL)
        g_ptr_array_add (self->failures, g_strdup (local_error->message));
      else
        {
          g_ptr_array_add (traces, trace);
          g_ptr_array_add (loaded, g_object_ref (g_ptr_array_index (files, i)));
        }
    }

  if (traces->len == 0)
    {
      g_autofree char *reasons = g_strjoinv ("\n", (char **) self->failures->pdata);

      g_set_error (error, STP_ERROR, STP_ERROR_EMPTY,
                   _("None of the %u traces could be opened:\n%s"), files->len, reasons);
      return NULL;
    }

  /* The document holds what it shows: the files left out are not
   * opened again with it (added to, lined up again, reloaded) nor
   * listed as recent traces. */
  g_ptr_array_unref (self->files);
  self->files = g_steal_pointer (&loaded);

  stp_progress_relay_report ("merge", 0, 0, &self->progress);
  return stp_traces_merge (traces, self->clock, NULL);
}

static void
run_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  StpLoadTask *self = source_object;
  g_autoptr(StpTrace) trace = NULL;
  g_autoptr(GError) error = NULL;
  g_autoptr(StpGraph) graph = NULL;
  g_autoptr(StpRenderIndex) index = NULL;
  g_autoptr(StpLinks) links = NULL;
  g_autoptr(StpDocument) document = NULL;
  double seconds;

  /* The graph first: a bad one is reported before a long load. */
  if (self->graph_file != NULL)
    {
      graph = stp_graph_load_file (self->graph_file, cancellable, &error);
      if (graph == NULL)
        {
          g_task_return_error (task, g_steal_pointer (&error));
          return;
        }
      self->options.graph = graph;
    }

  if (self->trace == NULL)
    trace = load_files (self, cancellable, &error);
  else
    {
      stp_progress_relay_report ("analyze", 0, 0, &self->progress);
      trace = stp_trace_reanalyze (self->trace, &self->options, cancellable, &error);
    }

  self->options.graph = NULL;   /* the trace keeps its own reference */
  if (trace == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  stp_progress_relay_report ("index", 0, 0, &self->progress);
  index = stp_render_index_new (trace, cancellable, &error);
  if (index == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  /* Details and the memory inspector follow links between ops, tensors
   * and objects: found here, once, rather than on the first click. */
  links = stp_links_new (trace, cancellable, &error);
  if (links == NULL)
    {
      g_task_return_error (task, g_steal_pointer (&error));
      return;
    }

  seconds = (g_get_monotonic_time () - self->started) / (double) G_USEC_PER_SEC;
  document = stp_document_new (self->files, index, links, seconds, self->trace != NULL);
  for (guint i = 0; i < STP_COMPARE_N_BY; i++)
    stp_document_take_compare (document, i, g_steal_pointer (&self->compares[i]));
  stp_document_set_clock (document, self->clock);
  g_task_return_pointer (task, g_steal_pointer (&document), g_object_unref);
}

static void
stp_load_task_finalize (GObject *object)
{
  StpLoadTask *self = (StpLoadTask *) object;

  g_clear_pointer (&self->files, g_ptr_array_unref);
  g_clear_pointer (&self->failures, g_ptr_array_unref);
  for (guint i = 0; i < STP_COMPARE_N_BY; i++)
    g_clear_pointer (&self->compares[i], stp_compare_free);
  g_clear_object (&self->graph_file);
  g_clear_pointer (&self->trace, stp_trace_unref);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->context, g_main_context_unref);
  stp_progress_relay_clear (&self->progress);

  G_OBJECT_CLASS (stp_load_task_parent_class)->finalize (object);
}

static void
stp_load_task_get_property (GObject    *object,
                            guint       prop_id,
                            GValue     *value,
                            GParamSpec *pspec)
{
  StpLoadTask *self = STP_LOAD_TASK (object);

  switch (prop_id)
    {
    case PROP_STAGE:
      g_value_set_string (value, self->stage);
      break;
    case PROP_FRACTION:
      g_value_set_double (value, self->fraction);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stp_load_task_class_init (StpLoadTaskClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = stp_load_task_finalize;
  object_class->get_property = stp_load_task_get_property;

  properties[PROP_STAGE] =
    g_param_spec_string ("stage", NULL, NULL, NULL,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_FRACTION] =
    g_param_spec_double ("fraction", NULL, NULL, -1, 1, -1,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);

  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
stp_load_task_init (StpLoadTask *self)
{
  self->cancellable = g_cancellable_new ();
  self->context = g_main_context_ref_thread_default ();
  stp_progress_relay_init (&self->progress, G_OBJECT (self), self->context,
                           "[stepscope] load progress", progress_changed);
  self->fraction = -1;
  self->failures = g_ptr_array_new_null_terminated (0, g_free, TRUE);
  g_strlcpy (self->stage, "read", sizeof self->stage);
}

/* Files and folders (every trace in them) as one trace. */
StpLoadTask *
stp_load_task_new_load_files (GFile * const            *files,
                              guint                     n_files,
                              const StpAnalysisOptions *options)
{
  StpLoadTask *self;

  g_return_val_if_fail (files != NULL && n_files > 0, NULL);
  g_return_val_if_fail (options != NULL, NULL);

  self = g_object_new (STP_TYPE_LOAD_TASK, NULL);
  self->files = g_ptr_array_new_with_free_func (g_object_unref);
  for (guint i = 0; i < n_files; i++)
    g_ptr_array_add (self->files, g_object_ref (files[i]));
  self->options = *options;
  return self;
}

/* baseline (A) and another trace (B), compared and shown together. */
StpLoadTask *
stp_load_task_new_compare (GFile                    *baseline,
                           GFile                    *other,
                           const StpAnalysisOptions *options)
{
  GFile *files[] = { baseline, other };
  StpLoadTask *self;

  g_return_val_if_fail (G_IS_FILE (baseline) && G_IS_FILE (other), NULL);

  self = stp_load_task_new_load_files (files, 2, options);
  self->compare = TRUE;
  return self;
}

StpLoadTask *
stp_load_task_new_load (GFile                    *file,
                        const StpAnalysisOptions *options)
{
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  return stp_load_task_new_load_files (&file, 1, options);
}

/* The same file's trace again, with other options, without reading it. */
StpLoadTask *
stp_load_task_new_reanalyze (StpDocument              *document,
                             const StpAnalysisOptions *options)
{
  StpLoadTask *self;

  g_return_val_if_fail (STP_IS_DOCUMENT (document), NULL);
  g_return_val_if_fail (options != NULL, NULL);

  self = g_object_new (STP_TYPE_LOAD_TASK, NULL);
  self->files = g_ptr_array_ref (stp_document_get_files (document));
  self->trace = stp_trace_ref (stp_document_get_trace (document));
  self->options = *options;
  g_strlcpy (self->stage, "analyze", sizeof self->stage);
  return self;
}

/* Load or re-analyse with this GraphDef: tensor lifetimes from its
 * graph (before the task runs). */
void
stp_load_task_set_graph_file (StpLoadTask *self,
                              GFile       *graph_file)
{
  g_return_if_fail (STP_IS_LOAD_TASK (self));
  g_return_if_fail (graph_file == NULL || G_IS_FILE (graph_file));

  g_set_object (&self->graph_file, graph_file);
}

/* Several files: lined up on their common clock, at their first steps,
 * or (AUTO, the default) the first when they share one (stp-merge.h). */
void
stp_load_task_set_clock (StpLoadTask   *self,
                         StpMergeClock  clock)
{
  g_return_if_fail (STP_IS_LOAD_TASK (self));
  self->clock = clock;
}

/* Of several files, which one is read (from 1) and how many there
 * are; 0 of 1 for one file. */
guint
stp_load_task_get_file_number (StpLoadTask *self,
                               guint       *n_files)
{
  g_return_val_if_fail (STP_IS_LOAD_TASK (self), 0);

  *n_files = MAX (g_atomic_int_get (&self->n_files), 1);
  return *n_files > 1 ? self->shown_file : 0;
}

const char *
stp_load_task_get_stage (StpLoadTask *self)
{
  g_return_val_if_fail (STP_IS_LOAD_TASK (self), NULL);
  return self->stage;
}

double
stp_load_task_get_fraction (StpLoadTask *self)
{
  g_return_val_if_fail (STP_IS_LOAD_TASK (self), -1);
  return self->fraction;
}

/* What each file left out of a load of several said, once it is done
 * (NULL-terminated; empty when all loaded). */
const char * const *
stp_load_task_get_failures (StpLoadTask *self)
{
  static const char *const none[] = { NULL };

  g_return_val_if_fail (STP_IS_LOAD_TASK (self), NULL);
  /* An empty array may have no storage at all yet. */
  if (self->failures->len == 0)
    return none;
  return (const char * const *) self->failures->pdata;
}

void
stp_load_task_cancel (StpLoadTask *self)
{
  g_return_if_fail (STP_IS_LOAD_TASK (self));
  g_cancellable_cancel (self->cancellable);
}

gboolean
stp_load_task_is_cancelled (StpLoadTask *self)
{
  g_return_val_if_fail (STP_IS_LOAD_TASK (self), FALSE);
  return g_cancellable_is_cancelled (self->cancellable);
}

void
stp_load_task_run_async (StpLoadTask         *self,
                         GAsyncReadyCallback  callback,
                         gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (STP_IS_LOAD_TASK (self));

  self->started = g_get_monotonic_time ();
  task = g_task_new (self, self->cancellable, callback, user_data);
  g_task_set_source_tag (task, stp_load_task_run_async);
  g_task_set_name (task, "[stepscope] load");
  g_task_run_in_thread (task, run_thread);
}

StpDocument *
stp_load_task_run_finish (StpLoadTask   *self,
                          GAsyncResult  *result,
                          GError       **error)
{
  g_return_val_if_fail (STP_IS_LOAD_TASK (self), NULL);
  g_return_val_if_fail (g_task_is_valid (result, self), NULL);

  return g_task_propagate_pointer (G_TASK (result), error);
}
