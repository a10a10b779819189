/* stp-find-bar.c: searching slice names and args
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * A query runs on a worker thread in two passes: names (fast: each
 * interned name is tested once), whose matches show at once, then names
 * and args (args are decompressed or generated slice by slice), which
 * replace them.  A new query, a new trace or closing the bar cancels it.
 */

#define G_LOG_DOMAIN "stp-find-bar"

#include "config.h"

#include <glib/gi18n.h>

#include "stp-find-bar.h"
#include "stp-search-bar.h"
#include "stp-worker.h"

struct _StpFindBar
{
  GtkWidget     parent_instance;

  /* Template */
  GtkWidget    *search_bar;
  GtkWidget    *entry;
  GtkWidget    *status;
  GtkWidget    *spinner;
  GtkWidget    *previous;
  GtkWidget    *next;

  StpSession   *session;
  StpTrace     *trace;       /* the session's document's */
  StpWorker     worker;
  GArray       *matches;
  gint64        max_duration;
  guint         current;
  gint64        anchor;
  gboolean      has_anchor;
  gboolean      args_done;
  int           pending_step;  /* Return before the matches: +1 next, -1 previous */
  char         *status_text;
  char         *query;       /* what the matches are for */
};

enum {
  PROP_0,
  PROP_SESSION,
  PROP_SEARCH_MODE,
  N_PROPS
};

static GParamSpec *properties[N_PROPS];

enum {
  MATCH_SELECTED,
  N_SIGNALS
};

static guint signals[N_SIGNALS];

G_DEFINE_FINAL_TYPE (StpFindBar, stp_find_bar, GTK_TYPE_WIDGET)

static void
update_status (StpFindBar *self)
{
  const char *query = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  guint n = self->matches != NULL ? self->matches->len : 0;
  gboolean busy = stp_worker_is_busy (&self->worker);

  g_free (self->status_text);
  if (query[0] == '\0')
    self->status_text = g_strdup ("");
  else if (self->matches == NULL)
    self->status_text = g_strdup (_("Searching…"));
  else if (n == 0)
    self->status_text = g_strdup (busy ? _("Searching args…") : _("No matches"));
  else if (self->current != G_MAXUINT)
    /* Translators: the match shown, of all matches: "3 of 120" */
    self->status_text = g_strdup_printf (_("%u of %u"), self->current + 1, n);
  else
    self->status_text = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%u match", "%u matches", n), n);

  gtk_label_set_label (GTK_LABEL (self->status), self->status_text);
  gtk_widget_set_visible (self->spinner, busy);
  if (busy)
    gtk_spinner_start (GTK_SPINNER (self->spinner));
  else
    gtk_spinner_stop (GTK_SPINNER (self->spinner));
  gtk_widget_set_sensitive (self->previous, n > 0);
  gtk_widget_set_sensitive (self->next, n > 0);

  if (query[0] != '\0' && self->matches != NULL && n == 0 && !busy)
    gtk_widget_add_css_class (self->entry, "error");
  else
    gtk_widget_remove_css_class (self->entry, "error");
}

/* The matches are the session's, for the timeline to draw. */
static void
publish_matches (StpFindBar *self)
{
  if (self->session != NULL)
    stp_session_set_matches (self->session, self->matches, self->matches != NULL ? self->max_duration : 0);
}

static void
set_matches (StpFindBar *self,
             GArray     *matches,
             gint64      max_duration)
{
  g_clear_pointer (&self->matches, g_array_unref);
  self->matches = matches != NULL ? g_array_ref (matches) : NULL;
  self->max_duration = max_duration;
  self->current = G_MAXUINT;
  update_status (self);
  publish_matches (self);

  /* A step asked for before the matches came: the first that come (of
   * names, while args are searched), or none once all are in. */
  if (self->pending_step != 0 && matches != NULL && (matches->len > 0 || self->args_done))
    {
      gboolean backwards = self->pending_step < 0;

      self->pending_step = 0;
      stp_find_bar_step (self, backwards);
    }
}

static void
cancel (StpFindBar *self)
{
  stp_worker_cancel (&self->worker);
}

/* ------------------------------------------------------------------ */
/* The worker                                                          */

typedef struct
{
  StpTrace     *trace;
  char         *query;
  GMainContext *context;
} Job;

typedef struct
{
  StpFindBar   *bar;
  GCancellable *cancellable;
  GArray       *matches;
  gint64        max_duration;
} Partial;

typedef struct
{
  GArray *matches;
  gint64  max_duration;
} Result;

static void
result_free (Result *result)
{
  g_array_unref (result->matches);
  g_free (result);
}

static void
job_free (Job *job)
{
  stp_trace_unref (job->trace);
  g_free (job->query);
  g_main_context_unref (job->context);
  g_free (job);
}

static void
partial_free (Partial *partial)
{
  g_object_unref (partial->bar);
  g_object_unref (partial->cancellable);
  g_array_unref (partial->matches);
  g_free (partial);
}

/* The names pass is done: show it while args are searched. */
static gboolean
show_partial (gpointer data)
{
  Partial *partial = data;

  if (stp_worker_is_current (&partial->bar->worker, partial->cancellable) &&
      !g_cancellable_is_cancelled (partial->cancellable))
    set_matches (partial->bar, partial->matches, partial->max_duration);
  return G_SOURCE_REMOVE;
}

/* Always from the window's main loop: g_main_context_invoke() runs the
 * function in the calling thread when no thread holds the context at
 * that moment, as between two iterations of a loop that iterates by
 * hand, and the first matches were then selected from this worker. */
static void
show_partial_later (GMainContext *context,
                    Partial      *partial)
{
  GSource *source = g_idle_source_new ();

  g_source_set_priority (source, G_PRIORITY_DEFAULT);
  g_source_set_callback (source, show_partial, partial, (GDestroyNotify) partial_free);
  g_source_set_static_name (source, "[stepscope] search names");
  g_source_attach (source, context);
  g_source_unref (source);
}

static void
search_thread (GTask        *task,
               gpointer      source_object,
               gpointer      task_data,
               GCancellable *cancellable)
{
  Job *job = task_data;
  g_autoptr(StpSearch) search = stp_search_new (job->trace, job->query);
  GError *error = NULL;
  GArray *names, *all;
  gint64 max_duration = 0;
  Partial *partial;
  Result *result;

  names = stp_search_run (search, STP_SEARCH_NAMES, &max_duration, cancellable, &error);
  if (names == NULL)
    {
      g_task_return_error (task, error);
      return;
    }

  partial = g_new0 (Partial, 1);
  partial->bar = g_object_ref (source_object);
  partial->cancellable = g_object_ref (cancellable);
  partial->matches = names;
  partial->max_duration = max_duration;
  show_partial_later (job->context, partial);

  all = stp_search_run (search, STP_SEARCH_NAMES | STP_SEARCH_ARGS, &max_duration, cancellable, &error);
  if (all == NULL)
    {
      g_task_return_error (task, error);
      return;
    }
  result = g_new0 (Result, 1);
  result->matches = all;
  result->max_duration = max_duration;
  g_task_return_pointer (task, result, (GDestroyNotify) result_free);
}

static void
on_searched (gpointer      owner,
             GAsyncResult *res)
{
  StpFindBar *self = owner;
  Result *result = g_task_propagate_pointer (G_TASK (res), NULL);

  if (result == NULL)
    return;
  self->args_done = TRUE;
  set_matches (self, result->matches, result->max_duration);
  result_free (result);
}

static void
start (StpFindBar *self)
{
  const char *query = gtk_editable_get_text (GTK_EDITABLE (self->entry));
  Job *job;

  cancel (self);
  self->args_done = FALSE;
  self->pending_step = 0;

  if (self->trace == NULL || query[0] == '\0' || !gtk_search_bar_get_search_mode (GTK_SEARCH_BAR (self->search_bar)))
    {
      g_clear_pointer (&self->query, g_free);
      set_matches (self, NULL, 0);
      return;
    }

  g_free (self->query);
  self->query = g_strdup (query);

  job = g_new0 (Job, 1);
  job->trace = stp_trace_ref (self->trace);
  job->query = g_strdup (query);
  job->context = g_main_context_ref_thread_default ();

  stp_worker_run (&self->worker, self, "[stepscope] search",
                  search_thread, job, (GDestroyNotify) job_free, on_searched);

  /* The old matches go while this one runs. */
  g_clear_pointer (&self->matches, g_array_unref);
  self->current = G_MAXUINT;
  update_status (self);
  publish_matches (self);
}

/* ------------------------------------------------------------------ */
/* Public                                                              */

static void
on_document_changed (StpFindBar *self)
{
  StpTrace *trace = stp_session_get_trace (self->session);

  if (trace == self->trace)
    return;
  if (trace != NULL)
    stp_trace_ref (trace);
  g_clear_pointer (&self->trace, stp_trace_unref);
  self->trace = trace;
  self->has_anchor = FALSE;
  start (self);
}

/* The first step starts from the selection's time. */
static void
on_selection_changed (StpFindBar *self)
{
  const StpItemRef *item = stp_session_get_selected_item (self->session);
  const StpArea *area = stp_session_get_selected_area (self->session);
  StpTrace *trace = stp_session_get_trace (self->session);

  if (trace != NULL && item->kind != STP_ITEM_NONE)
    self->has_anchor = stp_item_get_range (trace, item, &self->anchor, NULL);
  else if (area != NULL)
    {
      self->anchor = area->start;
      self->has_anchor = TRUE;
    }
}

StpSession *
stp_find_bar_get_session (StpFindBar *self)
{
  g_return_val_if_fail (STP_IS_FIND_BAR (self), NULL);
  return self->session;
}

void
stp_find_bar_set_session (StpFindBar *self,
                          StpSession *session)
{
  g_return_if_fail (STP_IS_FIND_BAR (self));
  g_return_if_fail (session == NULL || STP_IS_SESSION (session));

  if (!stp_session_replace (&self->session, session, self))
    return;
  if (session != NULL)
    {
      stp_session_watch (session, "document", G_CALLBACK (on_document_changed), self);
      stp_session_watch (session, "selected-item", G_CALLBACK (on_selection_changed), self);
      stp_session_watch (session, "selected-area", G_CALLBACK (on_selection_changed), self);
    }
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SESSION]);
}

void
stp_find_bar_set_search_mode (StpFindBar *self,
                              gboolean    search_mode)
{
  g_return_if_fail (STP_IS_FIND_BAR (self));

  if (!search_mode)
    {
      gtk_search_bar_set_search_mode (GTK_SEARCH_BAR (self->search_bar), FALSE);
      return;
    }

  stp_search_bar_open (GTK_SEARCH_BAR (self->search_bar));
  gtk_widget_grab_focus (self->entry);
  gtk_editable_select_region (GTK_EDITABLE (self->entry), 0, -1);
}

gboolean
stp_find_bar_get_search_mode (StpFindBar *self)
{
  g_return_val_if_fail (STP_IS_FIND_BAR (self), FALSE);
  return gtk_search_bar_get_search_mode (GTK_SEARCH_BAR (self->search_bar));
}

void
stp_find_bar_set_query (StpFindBar *self,
                        const char *query)
{
  g_return_if_fail (STP_IS_FIND_BAR (self));

  gtk_editable_set_text (GTK_EDITABLE (self->entry), query);
  /* At once, without the entry's typing delay. */
  start (self);
}

gboolean
stp_find_bar_is_busy (StpFindBar *self)
{
  g_return_val_if_fail (STP_IS_FIND_BAR (self), FALSE);
  return stp_worker_is_busy (&self->worker);
}

GArray *
stp_find_bar_get_matches (StpFindBar *self)
{
  g_return_val_if_fail (STP_IS_FIND_BAR (self), NULL);
  return self->matches;
}

gint64
stp_find_bar_get_max_duration (StpFindBar *self)
{
  g_return_val_if_fail (STP_IS_FIND_BAR (self), 0);
  return self->max_duration;
}

guint
stp_find_bar_get_current (StpFindBar *self)
{
  g_return_val_if_fail (STP_IS_FIND_BAR (self), G_MAXUINT);
  return self->current;
}

void
stp_find_bar_step (StpFindBar *self,
                   gboolean    backwards)
{
  guint n;
  StpItemRef item;

  g_return_if_fail (STP_IS_FIND_BAR (self));

  n = self->matches != NULL ? self->matches->len : 0;
  if (n == 0 && stp_worker_is_busy (&self->worker))
    {
      /* Still searching: the step is taken when the matches come. */
      self->pending_step = backwards ? -1 : 1;
      return;
    }
  if (n == 0)
    {
      gtk_widget_error_bell (GTK_WIDGET (self));
      return;
    }

  if (self->current == G_MAXUINT)
    {
      /* From the selection if there is one, else from the start. */
      guint from = self->has_anchor ? stp_search_find_from (self->matches, self->anchor) : 0;

      self->current = backwards ? (from + n - 1) % n : from;
    }
  else
    self->current = backwards ? (self->current + n - 1) % n : (self->current + 1) % n;

  item = g_array_index (self->matches, StpItemRef, self->current);
  item.ts = 0;
  update_status (self);
  g_signal_emit (self, signals[MATCH_SELECTED], 0, &item);
}

const char *
stp_find_bar_get_status (StpFindBar *self)
{
  g_return_val_if_fail (STP_IS_FIND_BAR (self), NULL);
  return self->status_text;
}

/* ------------------------------------------------------------------ */
/* Signals                                                             */

static void
on_search_changed (GtkSearchEntry *entry,
                   StpFindBar     *self)
{
  /* The typing delay may come after stp_find_bar_set_query() started it. */
  if (g_strcmp0 (self->query, gtk_editable_get_text (GTK_EDITABLE (entry))) == 0 &&
      gtk_search_bar_get_search_mode (GTK_SEARCH_BAR (self->search_bar)))
    return;
  start (self);
}

/* Return as soon as the query is typed: its search starts now, where
 * it would have waited for the entry's typing delay. */
static void
step_from_entry (StpFindBar *self,
                 gboolean    backwards)
{
  if (g_strcmp0 (self->query, gtk_editable_get_text (GTK_EDITABLE (self->entry))) != 0)
    start (self);
  stp_find_bar_step (self, backwards);
}

static void
on_activate (GtkSearchEntry *entry,
             StpFindBar     *self)
{
  step_from_entry (self, FALSE);
}

static void
on_next (StpFindBar *self)
{
  stp_find_bar_step (self, FALSE);
}

static void
on_previous (StpFindBar *self)
{
  stp_find_bar_step (self, TRUE);
}

static void
on_search_mode (GtkSearchBar *bar,
                GParamSpec   *pspec,
                StpFindBar   *self)
{
  /* Closing the bar takes the marks off the timeline. */
  start (self);
  g_object_notify_by_pspec (G_OBJECT (self), properties[PROP_SEARCH_MODE]);
}

static gboolean
on_key_pressed (GtkEventControllerKey *controller,
                guint                  keyval,
                guint                  keycode,
                GdkModifierType        state,
                StpFindBar            *self)
{
  if ((keyval == GDK_KEY_Return || keyval == GDK_KEY_KP_Enter || keyval == GDK_KEY_ISO_Enter) &&
      (state & GDK_SHIFT_MASK))
    {
      step_from_entry (self, TRUE);
      return TRUE;
    }
  return FALSE;
}

/* ------------------------------------------------------------------ */
/* GObject                                                             */

GtkWidget *
stp_find_bar_new (void)
{
  return g_object_new (STP_TYPE_FIND_BAR, NULL);
}

static void
stp_find_bar_dispose (GObject *object)
{
  StpFindBar *self = STP_FIND_BAR (object);

  cancel (self);
  stp_session_replace (&self->session, NULL, self);
  gtk_widget_dispose_template (GTK_WIDGET (self), STP_TYPE_FIND_BAR);
  G_OBJECT_CLASS (stp_find_bar_parent_class)->dispose (object);
}

static void
stp_find_bar_finalize (GObject *object)
{
  StpFindBar *self = STP_FIND_BAR (object);

  g_clear_pointer (&self->matches, g_array_unref);
  g_clear_pointer (&self->trace, stp_trace_unref);
  g_free (self->status_text);
  g_free (self->query);
  G_OBJECT_CLASS (stp_find_bar_parent_class)->finalize (object);
}

static void
stp_find_bar_get_property (GObject    *object,
                           guint       prop_id,
                           GValue     *value,
                           GParamSpec *pspec)
{
  StpFindBar *self = STP_FIND_BAR (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      g_value_set_object (value, self->session);
      break;
    case PROP_SEARCH_MODE:
      g_value_set_boolean (value, stp_find_bar_get_search_mode (self));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stp_find_bar_set_property (GObject      *object,
                           guint         prop_id,
                           const GValue *value,
                           GParamSpec   *pspec)
{
  StpFindBar *self = STP_FIND_BAR (object);

  switch (prop_id)
    {
    case PROP_SESSION:
      stp_find_bar_set_session (self, g_value_get_object (value));
      break;
    case PROP_SEARCH_MODE:
      stp_find_bar_set_search_mode (self, g_value_get_boolean (value));
      break;
    default:
      G_OBJECT_WARN_INVALID_PROPERTY_ID (object, prop_id, pspec);
    }
}

static void
stp_find_bar_class_init (StpFindBarClass *klass)
{
  GObjectClass *object_class = G_OBJECT_CLASS (klass);
  GtkWidgetClass *widget_class = GTK_WIDGET_CLASS (klass);

  object_class->dispose = stp_find_bar_dispose;
  object_class->finalize = stp_find_bar_finalize;
  object_class->get_property = stp_find_bar_get_property;
  object_class->set_property = stp_find_bar_set_property;

  properties[PROP_SESSION] =
    g_param_spec_object ("session", NULL, NULL, STP_TYPE_SESSION,
                         G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  properties[PROP_SEARCH_MODE] =
    g_param_spec_boolean ("search-mode", NULL, NULL, FALSE,
                          G_PARAM_READWRITE | G_PARAM_EXPLICIT_NOTIFY | G_PARAM_STATIC_STRINGS);
  g_object_class_install_properties (object_class, N_PROPS, properties);

  /**
   * StpFindBar::match-selected:
   * @item: (type gpointer): the StpItemRef stepped to
   */
  signals[MATCH_SELECTED] =
    g_signal_new ("match-selected", G_TYPE_FROM_CLASS (klass), G_SIGNAL_RUN_LAST,
                  0, NULL, NULL, NULL, G_TYPE_NONE, 1, G_TYPE_POINTER);

  gtk_widget_class_set_template_from_resource (widget_class, "/io/github/stepscope/Stepscope/stp-find-bar.ui");
  gtk_widget_class_bind_template_child (widget_class, StpFindBar, search_bar);
  gtk_widget_class_bind_template_child (widget_class, StpFindBar, entry);
  gtk_widget_class_bind_template_child (widget_class, StpFindBar, status);
  gtk_widget_class_bind_template_child (widget_class, StpFindBar, spinner);
  gtk_widget_class_bind_template_child (widget_class, StpFindBar, previous);
  gtk_widget_class_bind_template_child (widget_class, StpFindBar, next);
  gtk_widget_class_bind_template_callback (widget_class, on_search_changed);
  gtk_widget_class_bind_template_callback (widget_class, on_activate);
  gtk_widget_class_bind_template_callback (widget_class, on_next);
  gtk_widget_class_bind_template_callback (widget_class, on_previous);
  gtk_widget_class_bind_template_callback (widget_class, on_search_mode);
  gtk_widget_class_bind_template_callback (widget_class, on_key_pressed);

  gtk_widget_class_set_layout_manager_type (widget_class, GTK_TYPE_BIN_LAYOUT);
  gtk_widget_class_set_css_name (widget_class, "findbar");
}

static void
stp_find_bar_init (StpFindBar *self)
{
  self->current = G_MAXUINT;
  self->status_text = g_strdup ("");

  gtk_widget_init_template (GTK_WIDGET (self));
  gtk_search_bar_connect_entry (GTK_SEARCH_BAR (self->search_bar), GTK_EDITABLE (self->entry));
}
