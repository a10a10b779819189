/* stp-export-task.c: writing Chrome Trace JSON on a worker thread
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The core's streaming writer runs in a GTask on a reference to the
 * (read-only) trace; it writes a temporary file renamed over the target
 * only on success, so a failed or cancelled export leaves the old file.
 * Progress is coalesced into at most one pending idle
 * (stp-progress-relay.c), as for loading.
 */

#define G_LOG_DOMAIN "stp-export-task"

#include "config.h"

#include "stp-chrome-writer.h"
#include "stp-export-task.h"
#include "stp-progress-relay.h"

struct _StpExportTask
{
  GObject       parent_instance;

  StpTrace     *trace;
  GFile        *file;
  GCancellable *cancellable;
  GMainContext *context;

  StpProgressRelay progress;

  double        fraction;
};

enum {
  PROP_0,
  PROP_FRACTION,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

G_DEFINE_FINAL_TYPE (StpExportTask, stp_export_task, G_TYPE_OBJECT)

/* The latest progress, on the main thread. */
static void
progress_changed (GObject    *object,
                  const char *stage,
                  double      fraction)
{
  StpExportTask *self = STP_EXPORT_TASK (object);

  self->fraction = fraction;
  g_object_notify_by_pspec (object, properties[PROP_FRACTION]);
}

static void
run_thread (GTask        *task,
            gpointer      source_object,
            gpointer      task_data,
            GCancellable *cancellable)
{
  StpExportTask *self = source_object;
  GError *error = NULL;

  if (stp_chrome_writer_write_file (self->trace, self->file, stp_progress_relay_report, &self->progress, cancellable, &error))
    g_task_return_boolean (task, TRUE);
  else
    g_task_return_error (task, error);
}

static void
stp_export_task_finalize (GObject *object)
{
  StpExportTask *self = STP_EXPORT_TASK (object);

  g_clear_pointer (&self->trace, stp_trace_unref);
  g_clear_object (&self->file);
  g_clear_object (&self->cancellable);
  g_clear_pointer (&self->context, g_main_context_unref);
  stp_progress_relay_clear (&self->progress);
  G_OBJECT_CLASS (stp_export_task_parent_class)->finalize (object);
}

static void
stp_export_task_get_property (GObject    *object,
                              guint       prop_id,
                              GValue     *value,
                              GParamSpec *pspec)
{
  StpExportTask *self = STP_EXPORT_TASK (object);

  switch (prop_id)
    {
    case PROP_FRACTION:
      g_value_set_double (value, self->fraction);
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stp_export_task_class_init (StpExportTaskClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);

  object_class->finalize = stp_export_task_finalize;
  object_class->get_property = stp_export_task_get_property;

  properties[PROP_FRACTION] =
    g_param_spec_double ("fraction", NULL, NULL, -1, 1, -1,
                         G_PARAM_READABLE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);
}

static void
stp_export_task_init (StpExportTask *self)
{
  self->cancellable = g_cancellable_new ();
  self->context = g_main_context_ref_thread_default ();
  stp_progress_relay_init (&self->progress, G_OBJECT (self), self->context,
                           "[stepscope] export progress", progress_changed);
  self->fraction = -1;
}

StpExportTask *
stp_export_task_new (StpTrace *trace,
                     GFile    *file)
{
  StpExportTask *self;

  g_return_val_if_fail (trace != NULL, NULL);
  g_return_val_if_fail (G_IS_FILE (file), NULL);

  self = g_object_new (STP_TYPE_EXPORT_TASK, NULL);
  self->trace = stp_trace_ref (trace);
  self->file = g_object_ref (file);
  return self;
}

GFile *
stp_export_task_get_file (StpExportTask *self)
{
  g_return_val_if_fail (STP_IS_EXPORT_TASK (self), NULL);
  return self->file;
}

double
stp_export_task_get_fraction (StpExportTask *self)
{
  g_return_val_if_fail (STP_IS_EXPORT_TASK (self), -1);
  return self->fraction;
}

void
stp_export_task_cancel (StpExportTask *self)
{
  g_return_if_fail (STP_IS_EXPORT_TASK (self));
  g_cancellable_cancel (self->cancellable);
}

void
stp_export_task_run_async (StpExportTask       *self,
                           GAsyncReadyCallback  callback,
                           gpointer             user_data)
{
  g_autoptr(GTask) task = NULL;

  g_return_if_fail (STP_IS_EXPORT_TASK (self));

  task = g_task_new (self, self->cancellable, callback, user_data);
  g_task_set_source_tag (task, stp_export_task_run_async);
  g_task_set_name (task, "[stepscope] export");
  g_task_run_in_thread (task, run_thread);
}

gboolean
stp_export_task_run_finish (StpExportTask  *self,
                            GAsyncResult   *result,
                            GError        **error)
{
  g_return_val_if_fail (STP_IS_EXPORT_TASK (self), FALSE);
  g_return_val_if_fail (g_task_is_valid (result, self), FALSE);

  return g_task_propagate_boolean (G_TASK (result), error);
}
