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
 */

#define G_LOG_DOMAIN "stp-load-task"

#include "config.h"

#include "stp-load-task.h"
#include "stp-progress-relay.h"

struct _StpLoadTask
{
  GObject             parent_instance;

  GFile              *file;          /* load this, */
  StpTrace           *trace;         /* or re-analyse this, which `file` holds */
  GFile              *graph_file;    /* with this GraphDef, if set */
  StpAnalysisOptions  options;
  GCancellable       *cancellable;
  GMainContext       *context;
  gint64              started;       /* monotonic µs, at run_async */

  StpProgressRelay    progress;

  /* Main thread. */
  char                stage[32];
  double              fraction;
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

  if (stage_changed)
    g_object_notify_by_pspec (object, properties[PROP_STAGE]);
  g_object_notify_by_pspec (object, properties[PROP_FRACTION]);
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
    trace = stp_load_file (self->file, &self->options, stp_progress_relay_report, &self->progress, cancellable, &error);
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
  g_task_return_pointer (task, stp_document_new (self->file, index, links, seconds, self->trace != NULL),
                         g_object_unref);
}

static void
stp_load_task_finalize (GObject *object)
{
  StpLoadTask *self = (StpLoadTask *) object;

  g_clear_object (&self->file);
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
  g_strlcpy (self->stage, "read", sizeof self->stage);
}

StpLoadTask *
stp_load_task_new_load (GFile                    *file,
                        const StpAnalysisOptions *options)
{
  StpLoadTask *self;

  g_return_val_if_fail (G_IS_FILE (file), NULL);
  g_return_val_if_fail (options != NULL, NULL);

  self = g_object_new (STP_TYPE_LOAD_TASK, NULL);
  self->file = g_object_ref (file);
  self->options = *options;
  return self;
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
  self->file = g_object_ref (stp_document_get_file (document));
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
