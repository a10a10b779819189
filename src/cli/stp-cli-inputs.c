/* stp-cli-inputs.c: several inputs and folders for stepscope-cli
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Each input is loaded, used and dropped on its own (a few at a time,
 * on worker threads, or in a new process per input for the one-input
 * commands), so a folder of hundreds of ranks needs the memory of a
 * few; a batch runner gets the same result by running one file per job
 * and joining the JSON outputs into an array (README: "Many traces").
 */

#define G_LOG_DOMAIN "stepscope-cli"

#include "stp-cli-inputs.h"
#include "stp-error.h"
#include "stp-json-writer.h"
#include "stp-loader.h"
#include "stp-safe-output.h"

#include <glib/gstdio.h>
#include <string.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <sys/wait.h>
#include <unistd.h>

/* A local path, as GIO reads a command-line argument: absolute, or
 * without a URI scheme.  Local inputs are loaded by path, never through
 * a GFile, which would set up GIO's VFS (stp-input-source.c). */
static gboolean
is_local_path (const char *arg)
{
  g_autofree char *scheme = NULL;

  if (g_path_is_absolute (arg))
    return TRUE;
  scheme = g_uri_parse_scheme (arg);
  return scheme == NULL;
}

StpTrace *
stp_cli_load (const char                *arg,
              const StpAnalysisOptions  *options,
              GError                   **error)
{
  g_autoptr(GFile) file = NULL;

  if (is_local_path (arg))
    return stp_load_path (arg, options, NULL, NULL, NULL, error);

  file = g_file_new_for_commandline_arg (arg);
  return stp_load_file (file, options, NULL, NULL, NULL, error);
}

StpGraph *
stp_cli_load_graph (const char  *arg,
                    GError     **error)
{
  g_autoptr(GFile) file = NULL;

  if (is_local_path (arg))
    return stp_graph_load_path (arg, NULL, error);

  file = g_file_new_for_commandline_arg (arg);
  return stp_graph_load_file (file, NULL, error);
}

static gboolean
is_folder (const char *arg)
{
  g_autoptr(GFile) file = NULL;

  if (is_local_path (arg))
    return g_file_test (arg, G_FILE_TEST_IS_DIR);

  file = g_file_new_for_commandline_arg (arg);
  return g_file_query_file_type (file, G_FILE_QUERY_INFO_NONE, NULL) == G_FILE_TYPE_DIRECTORY;
}

GPtrArray *
stp_cli_inputs_expand (char     **args,
                       int        n_args,
                       gboolean  *had_folder,
                       GError   **error)
{
  g_autoptr(GPtrArray) inputs = g_ptr_array_new_with_free_func (g_free);

  *had_folder = FALSE;

  for (int i = 0; i < n_args; i++)
    {
      g_autoptr(GFile) file = NULL;
      guint before = inputs->len;

      if (!is_folder (args[i]))
        {
          g_ptr_array_add (inputs, g_strdup (args[i]));
          continue;
        }

      *had_folder = TRUE;
      file = g_file_new_for_commandline_arg (args[i]);
      if (!stp_loader_find_traces (file, inputs, error))
        {
          g_prefix_error (error, "%s: ", args[i]);
          return NULL;
        }
      if (inputs->len == before)
        {
          g_set_error (error, STP_ERROR, STP_ERROR_UNKNOWN_FORMAT,
                       "%s: no trace in this folder (nothing in it is a StepStats, XSpace "
                       "or Chrome trace)", args[i]);
          return NULL;
        }
    }
  return g_steal_pointer (&inputs);
}

static void
append_without_newline (GString       *out,
                        const GString *part)
{
  gsize len = part->len;

  while (len > 0 && part->str[len - 1] == '\n')
    len--;
  g_string_append_len (out, part->str, len);
}

typedef struct
{
  const char *name;
  GString    *part;
  gpointer    item;
  GError     *error;
} Job;

typedef struct
{
  const StpAnalysisOptions *options;
  StpCliEachFunc            func;
} Work;

static void
run_job (gpointer data,
         gpointer user_data)
{
  Job *job = data;
  const Work *work = user_data;
  g_autoptr(StpTrace) trace = stp_cli_load (job->name, work->options, &job->error);

  job->part = g_string_new (NULL);
  if (trace != NULL && !work->func (trace, job->part, &job->item, &job->error))
    g_assert (job->error != NULL);
}

static guint
n_threads (void)
{
  const char *env = g_getenv ("STEPSCOPE_CLI_THREADS");
  guint64 n;

  if (env != NULL && g_ascii_string_to_unsigned (env, 10, 1, 64, &n, NULL))
    return n;
  return CLAMP (g_get_num_processors (), 1, 8);
}

GString *
stp_cli_each_input (GPtrArray                *inputs,
                    gboolean                  several,
                    const StpAnalysisOptions *options,
                    gboolean                  json,
                    StpCliEachFunc            func,
                    GPtrArray                *items,
                    guint                    *n_failed)
{
  GString *out = g_string_new (NULL);
  g_autofree Job *jobs = g_new0 (Job, inputs->len + 1);
  Work work = { options, func };
  GThreadPool *pool;

  *n_failed = 0;

  /* Each input on its own: at most one per core at a time, or as many
   * as STEPSCOPE_CLI_THREADS says (1: one trace in memory at a time). */
  pool = g_thread_pool_new (run_job, &work, n_threads (), FALSE, NULL);
  for (guint i = 0; i < inputs->len; i++)
    {
      jobs[i].name = g_ptr_array_index (inputs, i);
      g_thread_pool_push (pool, &jobs[i], NULL);
    }
  g_thread_pool_free (pool, FALSE, TRUE);

  if (several && json)
    g_string_append (out, "[\n");

  for (guint i = 0; i < inputs->len; i++)
    {
      Job *job = &jobs[i];

      if (several && json && i > 0)
        g_string_append (out, ",\n");

      if (job->error != NULL)
        {
          g_printerr ("stepscope-cli: %s\n", job->error->message);
          (*n_failed)++;
          if (several && json)
            {
              g_string_append (out, "{\"file\": ");
              stp_json_append_string (out, job->name, strlen (job->name));
              g_string_append (out, ", \"error\": ");
              stp_json_append_string (out, job->error->message, strlen (job->error->message));
              g_string_append (out, "}");
            }
        }
      else if (several && json)
        append_without_newline (out, job->part);
      else if (several)
        {
          g_string_append_printf (out, "%s==> %s <==\n", i > 0 ? "\n" : "", job->name);
          g_string_append_len (out, job->part->str, job->part->len);
        }
      else
        g_string_append_len (out, job->part->str, job->part->len);

      if (items != NULL)
        g_ptr_array_add (items, job->item);
      g_clear_error (&job->error);
      g_string_free (job->part, TRUE);
    }

  if (several && json)
    g_string_append (out, "\n]\n");
  return out;
}

StpSafeOutput *
stp_cli_open_output (const char  *arg,
                     GError     **error)
{
  g_autoptr(GFile) file = NULL;

  if (is_local_path (arg))
    return stp_safe_output_open_path (arg, NULL, error);

  file = g_file_new_for_commandline_arg (arg);
  return stp_safe_output_open (file, NULL, error);
}

gboolean
stp_cli_write_output (const char    *output,
                      const GString *text,
                      GError       **error)
{
  g_autoptr(StpSafeOutput) safe = NULL;
  StpOutput out;

  if (output == NULL || g_str_equal (output, "-"))
    {
      stp_output_init_fd (&out, STDOUT_FILENO);
      return stp_output_write_all (&out, text->str, text->len, NULL, error);
    }

  safe = stp_cli_open_output (output, error);
  return safe != NULL &&
         stp_output_write_all (stp_safe_output_get_output (safe), text->str, text->len, NULL, error) &&
         stp_safe_output_commit (safe, NULL, error);
}

/* ------------------------------------------------------------------ */
/* A one-input command, once per input                                 */

/* Whether a command-line argument is an option that takes a value in
 * the next argument ("--by device"), per the command's own entries. */
static gboolean
takes_value (const char               *arg,
             const GOptionEntry *const *groups)
{
  for (guint g = 0; groups[g] != NULL; g++)
    for (const GOptionEntry *e = groups[g]; e->long_name != NULL; e++)
      {
        if (e->arg == G_OPTION_ARG_NONE)
          continue;
        if ((g_str_has_prefix (arg, "--") && g_str_equal (arg + 2, e->long_name)) ||
            (e->short_name != 0 && arg[0] == '-' && arg[1] == e->short_name && arg[2] == '\0'))
          return TRUE;
      }
  return FALSE;
}

/* One input's run: the command in a new process of this program, whose
 * standard output is a temporary file, so each input starts from a
 * clean process (the command's options and memory are its own) exactly
 * as a run of its own would.  It is started afresh rather than forked:
 * this process has threads by now (GIO's, for one, once a folder was
 * listed), and a forked child inherits whatever lock one of them held,
 * as ASan's allocator's did, which hung the child. */
typedef struct
{
  const char *input;
  int         fd;      /* its standard output, a file already unlinked */
  pid_t       pid;     /* -1 if it could not start */
} Child;

static void
start_one (const char *program,
           GPtrArray  *options,
           const char *input,
           Child      *child)
{
  g_autoptr(GError) error = NULL;
  g_autofree char *path = NULL;
  g_autoptr(GPtrArray) args = g_ptr_array_new ();
  posix_spawn_file_actions_t actions;
  int spawn_error;

  child->input = input;
  child->pid = -1;
  child->fd = g_file_open_tmp ("stepscope-cli-XXXXXX", &path, &error);
  if (child->fd < 0)
    {
      g_printerr ("stepscope-cli: %s\n", error->message);
      return;
    }
  /* The output lives on in the open file: nothing is left behind if
   * this process is stopped, and no other run inherits it. */
  g_unlink (path);
  fcntl (child->fd, F_SETFD, FD_CLOEXEC);

  g_ptr_array_add (args, (char *) program);
  for (guint i = 0; i < options->len; i++)
    g_ptr_array_add (args, g_ptr_array_index (options, i));
  g_ptr_array_add (args, (char *) "--");
  g_ptr_array_add (args, (char *) input);
  g_ptr_array_add (args, NULL);

  fflush (stdout);
  posix_spawn_file_actions_init (&actions);
  posix_spawn_file_actions_adddup2 (&actions, child->fd, STDOUT_FILENO);
  spawn_error = posix_spawn (&child->pid, g_ptr_array_index (args, 0), &actions, NULL,
                             (char **) args->pdata, environ);
  posix_spawn_file_actions_destroy (&actions);

  if (spawn_error != 0)
    {
      g_printerr ("stepscope-cli: %s: cannot start: %s\n", input, g_strerror (spawn_error));
      child->pid = -1;
    }
}

/* Appends what the run wrote to its standard output. */
static gboolean
read_output (Child   *child,
             GString *out)
{
  char buf[65536];
  gssize n;

  if (lseek (child->fd, 0, SEEK_SET) < 0)
    return FALSE;
  while ((n = read (child->fd, buf, sizeof buf)) != 0)
    {
      if (n < 0 && errno != EINTR)
        return FALSE;
      if (n > 0)
        g_string_append_len (out, buf, n);
    }
  return TRUE;
}

/* A run that is over, or given up: its output goes with the file. */
static void
forget_one (Child *child)
{
  if (child->fd >= 0)
    close (child->fd);
  child->fd = -1;
  child->pid = -1;
}

/* Waits for the run, and appends its output to out if it succeeded. */
static gboolean
finish_one (Child   *child,
            GString *out,
            int     *status)
{
  int wait_status = 0;

  if (child->pid < 0)
    *status = 1;
  else if (waitpid (child->pid, &wait_status, 0) < 0 || !WIFEXITED (wait_status))
    {
      g_printerr ("stepscope-cli: %s: the run for this input ended abnormally\n", child->input);
      *status = 1;
    }
  else
    *status = WEXITSTATUS (wait_status);

  if (*status == 0 && !read_output (child, out))
    {
      g_printerr ("stepscope-cli: %s: reading its output: %s\n", child->input, g_strerror (errno));
      *status = 1;
    }
  forget_one (child);
  return *status == 0;
}

/* A run no longer wanted: stopped, and its output dropped, unsaid. */
static void
abandon_one (Child *child)
{
  if (child->pid > 0)
    {
      kill (child->pid, SIGTERM);
      waitpid (child->pid, NULL, 0);
    }
  forget_one (child);
}

int
stp_cli_run_each (int                 argc,
                  char              **argv,
                  const GOptionEntry *const *option_groups,
                  gboolean            always_json,
                  StpCliRunFunc       run)
{
  g_autoptr(GPtrArray) options = g_ptr_array_new ();
  g_autoptr(GPtrArray) positional = g_ptr_array_new ();
  g_autoptr(GPtrArray) inputs = NULL;
  g_autoptr(GString) out = g_string_new (NULL);
  g_autoptr(GError) error = NULL;
  g_autofree Child *children = NULL;
  g_autofree char *program = NULL;
  const char *output = NULL;
  gboolean json = always_json, after_dashes = FALSE, had_folder;
  guint n_done = 0, n_failed = 0, n_started = 0;
  guint max_running = n_threads ();
  int worst = 0;

  g_ptr_array_add (options, argv[0]);
  for (int i = 1; i < argc; i++)
    {
      const char *arg = argv[i];

      if (after_dashes || arg[0] != '-' || arg[1] == '\0')
        g_ptr_array_add (positional, argv[i]);
      else if (g_str_equal (arg, "--"))
        after_dashes = TRUE;
      else if (g_str_equal (arg, "-h") || g_str_has_prefix (arg, "--help"))
        return run (argc, argv);
      else if ((g_str_equal (arg, "-o") || g_str_equal (arg, "--output")) && i + 1 < argc)
        output = argv[++i];
      else if (g_str_has_prefix (arg, "--output="))
        output = arg + strlen ("--output=");
      else if (takes_value (arg, option_groups) && i + 1 < argc)
        {
          g_ptr_array_add (options, argv[i]);
          g_ptr_array_add (options, argv[++i]);
        }
      else
        {
          json |= g_str_equal (arg, "--json");
          g_ptr_array_add (options, argv[i]);
        }
    }

  if (positional->len == 0 || (positional->len == 1 && !is_folder (g_ptr_array_index (positional, 0))))
    return run (argc, argv);

  inputs = stp_cli_inputs_expand ((char **) positional->pdata, positional->len, &had_folder, &error);
  if (inputs == NULL)
    {
      g_printerr ("stepscope-cli: %s\n", error->message);
      return 1;
    }

  /* This program, by its real path where /proc tells it. */
  program = g_file_read_link ("/proc/self/exe", NULL);
  if (program == NULL)
    program = g_strdup ("/proc/self/exe");

  /* As many runs at a time as steps reads traces (STEPSCOPE_CLI_THREADS),
   * their outputs joined in input order.  The first runs alone: a usage
   * error, the same for every input, is then said once. */
  children = g_new0 (Child, inputs->len);
  for (guint i = 0; i < inputs->len; i++)
    {
      const char *input = g_ptr_array_index (inputs, i);
      g_autoptr(GString) part = g_string_new (NULL);
      guint running = i == 0 ? 1 : max_running;
      int status;

      for (; n_started < inputs->len && n_started < i + running; n_started++)
        start_one (program, options, g_ptr_array_index (inputs, n_started), &children[n_started]);

      if (!finish_one (&children[i], part, &status))
        {
          n_failed++;
          worst = MAX (worst, status);
          /* A usage error is the same for every input: stop at once. */
          if (status == 2)
            {
              for (guint j = i + 1; j < n_started; j++)
                abandon_one (&children[j]);
              return status;
            }
          continue;
        }

      if (json)
        {
          g_string_append (out, n_done ? ",\n" : "[\n");
          append_without_newline (out, part);
        }
      else
        {
          g_string_append_printf (out, "%s==> %s <==\n", n_done ? "\n" : "", input);
          g_string_append_len (out, part->str, part->len);
        }
      n_done++;
    }
  if (n_failed > 0)
    g_printerr ("stepscope-cli: %u of %u inputs could not be read (said above)\n", n_failed, inputs->len);
  /* Nothing read: nothing written (an -o file is left as it was). */
  if (n_done == 0)
    return worst;
  if (json)
    g_string_append (out, "\n]\n");

  if (!stp_cli_write_output (output, out, &error))
    {
      g_printerr ("stepscope-cli: writing the output: %s\n", error->message);
      return 1;
    }
  return worst;
}
