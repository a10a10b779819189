/* stp-chrome-json.c: the Chrome Trace Event JSON loader: the document
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The document is read one window at a time and walked one unit at a
 * time: an event object, a member of the top-level object, a comma.  A
 * unit that runs past the end of the window is started again at the
 * start of the next, so the walk needs no state inside an event and a
 * window only has to hold the largest single event.  Nothing is
 * allocated per event: members are (start, end) pointers into the
 * window, strings are interned straight from it, and args are copied
 * once, as raw bytes, into the trace's compressed store.  On an input
 * larger than one window, the walk runs on a thread of its own and
 * hands what it cut to the loading thread (stp-chrome-json-relay.c).
 *
 * Like chrome://tracing and Perfetto, the loader accepts a trace cut
 * short: an array without its closing bracket, a trailing comma, an
 * event cut in the middle (dropped, with a warning).
 */

#define G_LOG_DOMAIN "stp-chrome-json"

#include "stp-chrome-json-relay.h"
#include "stp-error.h"

#include <string.h>

/* Kineto's and HTA's events take a few hundred bytes: two windows of
 * 256 KiB held 0.8-1.6 MiB less than two of 1 MiB (bench/README.md). */
#define WINDOW_CHUNK (256 * 1024)

typedef enum
{
  TOP_START,
  TOP_OBJECT,     /* members of the object form */
  TOP_EVENTS,     /* elements of the events array */
  TOP_AFTER,      /* after the array form's closing bracket */
  TOP_DONE,
} TopState;

/* The walk: only the scanning thread touches it until the walk ends. */
typedef struct
{
  StpInput        *input;
  GCancellable    *cancellable;
  StpChromeRelay  *relay;
  TopState         state;
  gboolean         object_form;
  gboolean         array_form;
  gboolean         saw_trace_events;
  guint64          n_elements;   /* every element of the events array */
  guint64          error_offset;
  const char      *error_what;
  gboolean         too_deep;
  GError          *error;        /* reading failed, or the load was cancelled */
  gboolean         ended;        /* the data ended before the document */
  gboolean         cut;          /* and inside a unit */
  guint64          cut_at;
} Parser;

/* The loading thread's side. */
typedef struct
{
  StpChromeLoader  loader;
  StpProgressFunc  progress;
  gpointer         user_data;
  guint64          reported;     /* the file position last reported */
} Builder;

gboolean
stp_chrome_json_sniff (const guint8 *data,
                       gsize         len)
{
  gsize i = 0;

  if (len >= 3 && data[0] == 0xef && data[1] == 0xbb && data[2] == 0xbf)
    i = 3;
  while (i < len && stp_json_is_space (data[i]))
    i++;
  return i < len && (data[i] == '{' || data[i] == '[');
}

static guint8
classify_key (const char *k,
              gsize       len)
{
  switch (len)
    {
    case 1:
      return k[0] == 's' ? KEY_S : KEY_OTHER;
    case 2:
      if (k[0] == 'p' && k[1] == 'h') return KEY_PH;
      if (k[0] == 't' && k[1] == 's') return KEY_TS;
      if (k[0] == 'i' && k[1] == 'd') return KEY_ID;
      if (k[0] == 'b' && k[1] == 'p') return KEY_BP;
      return KEY_OTHER;
    case 3:
      if (memcmp (k, "pid", 3) == 0) return KEY_PID;
      if (memcmp (k, "tid", 3) == 0) return KEY_TID;
      if (memcmp (k, "dur", 3) == 0) return KEY_DUR;
      if (memcmp (k, "cat", 3) == 0) return KEY_CAT;
      if (memcmp (k, "id2", 3) == 0) return KEY_ID2;
      return KEY_OTHER;
    case 4:
      if (memcmp (k, "name", 4) == 0) return KEY_NAME;
      if (memcmp (k, "args", 4) == 0) return KEY_ARGS;
      return KEY_OTHER;
    case 5:
      return memcmp (k, "scope", 5) == 0 ? KEY_SCOPE : KEY_OTHER;
    case 7:
      if (memcmp (k, "bind_id", 7) == 0) return KEY_BIND_ID;
      if (memcmp (k, "flow_in", 7) == 0) return KEY_FLOW_IN;
      return KEY_OTHER;
    case 8:
      return memcmp (k, "flow_out", 8) == 0 ? KEY_FLOW_OUT : KEY_OTHER;
    default:
      return KEY_OTHER;
    }
}

/* Cuts one event object into members after the batch's committed
 * ones; *n_members says how many.  p is at '{'. */
static StpScanResult
scan_event (StpChromeBatch  *batch,
            const char      *p,
            const char      *end,
            StpChromeEvent  *event,
            guint           *n_members)
{
  const char *q = p + 1;
  guint32 keys = 0;
  guint n = 0;

  for (guint k = 0; k < N_KEYS; k++)
    event->index[k] = -1;
  event->start = p;

  for (;;)
    {
      StpChromeMember *m;
      const char *key_end, *value;
      gboolean key_escaped = FALSE, value_escaped = FALSE;
      StpScanResult r;
      guint8 key;

      q = stp_json_skip_space (q, end);
      if (q >= end)
        return STP_SCAN_MORE;
      if (*q == '}')
        break;
      if (*q == ',' && n > 0)
        {
          q++;
          continue;
        }
      if (*q != '"')
        return STP_SCAN_ERROR;

      r = stp_json_member_head (q, end, &key_end, &key_escaped, &value);
      if (r != STP_SCAN_OK)
        return r;
      key = key_escaped ? KEY_OTHER : classify_key (q + 1, key_end - q - 2);

      m = stp_chrome_batch_member (batch, n);
      m->member = q;
      m->value = value;
      r = stp_json_skip_value (value, end, &m->end, &value_escaped);
      if (r != STP_SCAN_OK)
        return r;
      m->key = key;
      m->escaped = value_escaped;
      event->index[key] = n;
      keys |= KEY_BIT (key);
      n++;

      /* Most values are followed by the comma itself. */
      q = m->end;
      if (G_LIKELY (q < end && *q == ','))
        {
          q++;
          continue;
        }
      q = stp_json_skip_space (q, end);
      if (q >= end)
        return STP_SCAN_MORE;
      if (*q == ',')
        q++;
      else if (*q != '}')
        return STP_SCAN_ERROR;
    }

  event->end = q + 1;
  event->n_members = n;
  event->keys = keys;
  *n_members = n;
  return STP_SCAN_OK;
}

static char
event_phase (StpChromeLoader      *self,
             const StpChromeEvent *event)
{
  const StpChromeMember *ph = stp_chrome_event_get (event, KEY_PH);
  gsize len;

  if (ph == NULL || *ph->value != '"')
    return 0;

  len = ph->end - ph->value - 2;
  if (len == 0)
    return 0;
  if (len > 1 || ph->escaped)
    {
      stp_trace_warn (self->trace, "phase-spelling",
                      "phase \"%.*s\" read as its first letter", (int) MIN (len, 32), ph->value + 1);
    }
  return ph->value[1];
}

/* A member of the object form other than traceEvents. */
static void
top_member (StpChromeLoader       *self,
            const StpChromeMember *member)
{
  StpTrace *trace = self->trace;
  GString *text = self->text;
  const char *value = member->value;
  const char *key_end;
  gboolean escaped = FALSE;
  StpStr key_id;

  key_end = stp_json_string_end (member->member + 1, value, &escaped);
  g_string_truncate (text, 0);
  stp_json_unescape (member->member + 1, key_end - member->member - 2, text);
  key_id = stp_trace_intern (trace, text->str, text->len);

  if (strcmp (text->str, "displayTimeUnit") == 0 && *value == '"')
    {
      g_string_truncate (text, 0);
      stp_json_unescape (value + 1, member->end - value - 2, text);
      trace->display_time_unit = stp_trace_intern (trace, text->str, text->len);
      return;
    }

  if (strcmp (text->str, "traceEvents") == 0)
    stp_trace_warn (trace, "trace-events-not-array",
                    "\"traceEvents\" is not an array; kept as metadata");

  stp_trace_add_metadata (trace, key_id, value, member->end - value);
}

static void
use_event (StpChromeLoader *loader,
           StpChromeEvent  *event)
{
  event->phase = event_phase (loader, event);
  if (event->phase != 0)
    {
      loader->n_events++;
      stp_chrome_dispatch (loader, event);
    }
  else if (event->n_members > 0)
    stp_trace_warn (loader->trace, "no-phase", "an event without \"ph\" was skipped");
}

/* On the loading thread: what the walk cut, in document order. */
static void
use_batch (StpChromeBatch *batch,
           gpointer        user_data)
{
  Builder *self = user_data;
  StpChromeLoader *loader = &self->loader;
  StpChromeMember *members = (StpChromeMember *) (gpointer) batch->members->data;

  if (g_cancellable_is_cancelled (loader->cancellable))
    return;

  loader->window_data = batch->window_data;
  loader->window_offset = batch->window_offset;
  loader->file_position = batch->file_position;
  for (guint i = 0; i < batch->n_units; i++)
    {
      StpChromeUnit *unit = &batch->units[i];

      unit->event.members = members + unit->first_member;
      switch (unit->kind)
        {
        case STP_CHROME_UNIT_EVENT:
          use_event (loader, &unit->event);
          break;
        case STP_CHROME_UNIT_TOP_MEMBER:
          top_member (loader, unit->event.members);
          break;
        case STP_CHROME_UNIT_NOT_AN_EVENT:
          stp_trace_warn (loader->trace, "not-an-event",
                          "an element of the events array is not an object");
          break;
        case STP_CHROME_UNIT_TRAILING_DATA:
        default:
          stp_trace_warn (loader->trace, "trailing-data",
                          "data after the end of the trace was ignored");
          break;
        }
    }

  if (self->progress != NULL && (batch->file_position != self->reported || batch->last))
    {
      self->reported = batch->file_position;
      self->progress ("parse", batch->file_position,
                      self->loader.file_size, self->user_data);
    }
}

/* Hands a unit without an event object over. */
static void
add_plain_unit (Parser            *self,
                StpChromeUnitKind  kind)
{
  stp_chrome_relay_add_unit (self->relay, kind);
  stp_chrome_relay_commit (self->relay, 0);
}

static StpScanResult
step_top_member (Parser      *self,
                 const char **pp,
                 const char  *end)
{
  const char *p = *pp;
  const char *key_end, *value;
  gboolean escaped = FALSE;
  StpChromeMember *m;
  StpScanResult r;

  if (*p == '}')
    {
      self->state = TOP_AFTER;
      *pp = p + 1;
      return STP_SCAN_OK;
    }
  if (*p == ',')
    {
      *pp = p + 1;
      return STP_SCAN_OK;
    }
  if (*p != '"')
    return STP_SCAN_ERROR;

  r = stp_json_member_head (p, end, &key_end, &escaped, &value);
  if (r != STP_SCAN_OK)
    return r;

  if (!escaped && key_end - p == 13 && memcmp (p + 1, "traceEvents", 11) == 0 && *value == '[')
    {
      self->saw_trace_events = TRUE;
      self->state = TOP_EVENTS;
      *pp = value + 1;
      return STP_SCAN_OK;
    }

  stp_chrome_relay_add_unit (self->relay, STP_CHROME_UNIT_TOP_MEMBER);
  m = stp_chrome_batch_member (stp_chrome_relay_batch (self->relay), 0);
  m->member = p;
  m->value = value;
  m->key = KEY_OTHER;
  escaped = FALSE;
  r = stp_json_skip_value (value, end, &m->end, &escaped);
  if (r != STP_SCAN_OK)
    return r;
  m->escaped = escaped;
  stp_chrome_relay_commit (self->relay, 1);
  *pp = m->end;
  return STP_SCAN_OK;
}

static StpScanResult
step_element (Parser      *self,
              const char **pp,
              const char  *end)
{
  const char *p = *pp;
  const char *q;
  gboolean escaped = FALSE;
  StpScanResult r;

  if (*p == ',')
    {
      *pp = p + 1;
      return STP_SCAN_OK;
    }
  if (*p == ']')
    {
      self->state = self->object_form ? TOP_OBJECT : TOP_AFTER;
      *pp = p + 1;
      return STP_SCAN_OK;
    }

  if (*p == '{')
    {
      StpChromeUnit *unit = stp_chrome_relay_add_unit (self->relay, STP_CHROME_UNIT_EVENT);
      guint n_members = 0;

      r = scan_event (stp_chrome_relay_batch (self->relay), p, end, &unit->event, &n_members);
      if (r != STP_SCAN_OK)
        return r;
      self->n_elements++;
      *pp = unit->event.end;
      stp_chrome_relay_commit (self->relay, n_members);
      return STP_SCAN_OK;
    }

  r = stp_json_skip_value (p, end, &q, &escaped);
  if (r != STP_SCAN_OK)
    return r;
  self->n_elements++;
  add_plain_unit (self, STP_CHROME_UNIT_NOT_AN_EVENT);
  *pp = q;
  return STP_SCAN_OK;
}

/* One unit of the top level; advances *pp past it when it is complete. */
static StpScanResult
step (Parser      *self,
      const char **pp,
      const char  *end)
{
  const char *p = stp_json_skip_space (*pp, end);

  *pp = p;
  if (p >= end)
    return STP_SCAN_MORE;

  switch (self->state)
    {
    case TOP_START:
      if (end - p >= 3 && memcmp (p, "\xef\xbb\xbf", 3) == 0)
        {
          *pp = p + 3;
          return STP_SCAN_OK;
        }
      if (*p == '[')
        {
          self->array_form = TRUE;
          self->state = TOP_EVENTS;
        }
      else if (*p == '{')
        {
          self->object_form = TRUE;
          self->state = TOP_OBJECT;
        }
      else
        return STP_SCAN_ERROR;
      *pp = p + 1;
      return STP_SCAN_OK;

    case TOP_OBJECT:
      return step_top_member (self, pp, end);

    case TOP_EVENTS:
      return step_element (self, pp, end);

    case TOP_AFTER:
      add_plain_unit (self, STP_CHROME_UNIT_TRAILING_DATA);
      self->state = TOP_DONE;
      *pp = end;
      return STP_SCAN_OK;

    case TOP_DONE:
    default:
      *pp = end;
      return STP_SCAN_OK;
    }
}

/* The walk, on the scanning thread when there is one.  It ends at the
 * end of the data, at an error, or when reading fails. */
static void
scan_document (StpChromeRelay *relay,
               gpointer        user_data)
{
  Parser *self = user_data;
  const char *data = NULL, *p = NULL, *end = NULL;
  guint64 offset = 0;    /* of data in the document */
  gsize want = WINDOW_CHUNK;
  gsize least = WINDOW_CHUNK;   /* grows where large units come */

  self->relay = relay;
  for (;;)
    {
      gsize avail;
      gboolean at_eof;
      StpScanResult r = STP_SCAN_OK;

      offset += p - data;
      data = stp_chrome_relay_read (relay, self->input, p, end - p, want, &avail, &self->error);
      if (data == NULL)
        return;

      at_eof = avail < want;
      p = data;
      end = data + avail;

      while (self->state != TOP_DONE)
        {
          r = step (self, &p, end);
          if (r != STP_SCAN_OK)
            break;
        }

      if (g_cancellable_set_error_if_cancelled (self->cancellable, &self->error))
        return;
      if (self->state == TOP_DONE)
        return;

      if (r == STP_SCAN_ERROR || r == STP_SCAN_TOO_DEEP)
        {
          self->error_offset = offset + (p - data);
          self->too_deep = r == STP_SCAN_TOO_DEEP;
          self->error_what = self->too_deep ? "nested too deep" : "not valid JSON";
          return;
        }

      /* STP_SCAN_MORE */
      if (at_eof)
        {
          self->cut_at = offset + (p - data);
          p = stp_json_skip_space (p, end);
          self->ended = TRUE;
          self->cut = p < end;
          return;
        }

      /* The unit did not fit: it is walked again from its start, in a
       * window of twice what was read of it.  Where units this large
       * come (catapult's args of hundreds of KiB), windows stay that
       * large, so that fewer are cut and walked twice. */
      want = MAX (least, (gsize) (end - p) * 2);
      if ((gsize) (end - p) > WINDOW_CHUNK / 4)
        least = want;
    }
}

static gboolean
is_fatal (const GError *error)
{
  return g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CANCELLED) ||
         g_error_matches (error, STP_ERROR, STP_ERROR_LIMIT);
}

/* After the walk: how it ended, as warnings or an error.  FALSE only
 * for errors that end the load. */
static gboolean
finish_document (Parser           *self,
                 StpChromeLoader  *loader,
                 GError          **error)
{
  StpTrace *trace = loader->trace;
  const char *name = trace->filename;

  if (self->error != NULL)
    {
      if (is_fatal (self->error) || loader->n_events == 0)
        {
          g_propagate_error (error, g_steal_pointer (&self->error));
          return FALSE;
        }
      stp_trace_warn (trace, "read-error", "reading stopped early: %s", self->error->message);
      g_clear_error (&self->error);
      return TRUE;
    }

  if (self->cut)
    {
      if (self->state == TOP_START || loader->n_events == 0)
        {
          self->error_offset = self->cut_at;
          self->error_what = "cut short";
        }
      else
        stp_trace_warn (trace, "truncated",
                        "%s ends inside an event (at byte %" G_GUINT64_FORMAT "); "
                        "the events before it were loaded",
                        name, self->cut_at);
    }
  if (self->ended && stp_input_is_truncated (self->input))
    stp_trace_warn (trace, "compressed-truncated",
                    "the compressed data of %s is cut short", name);
  return TRUE;
}

/* One window holds the whole document: walking it on another thread
 * would cost more than it saves.  The file's size tells, without
 * reading a window just to know (for compressed JSON, which deflates
 * to a tenth or less, an eighth of a window); an input of unknown size
 * is read to tell. */
static gboolean
fits_one_window (StpInput *input)
{
  guint64 size = stp_input_get_file_size (input);
  gsize avail = 0;

  if (size > 0)
    return size < (stp_input_get_compression (input) == STP_COMPRESSION_NONE ? WINDOW_CHUNK
                                                                             : WINDOW_CHUNK / 8);

  return stp_input_fill (input, WINDOW_CHUNK, &avail, NULL) == NULL || avail < WINDOW_CHUNK;
}

StpTrace *
stp_chrome_json_load (StpInput         *input,
                      const char       *display_name,
                      StpProgressFunc   progress,
                      gpointer          user_data,
                      GCancellable     *cancellable,
                      GError          **error)
{
  g_return_val_if_fail (input != NULL, NULL);

  stp_input_set_cancellable (input, cancellable);
  return stp_chrome_json_load_full (input, display_name, !fits_one_window (input),
                                    progress, user_data, cancellable, error);
}

StpTrace *
stp_chrome_json_load_full (StpInput         *input,
                           const char       *display_name,
                           gboolean          threaded,
                           StpProgressFunc   progress,
                           gpointer          user_data,
                           GCancellable     *cancellable,
                           GError          **error)
{
  g_autoptr(StpTrace) trace = NULL;
  Parser parser = { 0 };
  Builder builder = { 0 };
  gboolean ok;

  g_return_val_if_fail (input != NULL, NULL);

  if (display_name == NULL)
    display_name = stp_input_get_display_name (input);

  trace = stp_trace_new (STP_FORMAT_CHROME_JSON, display_name);
  stp_chrome_loader_init (&builder.loader, trace);
  builder.loader.cancellable = cancellable;
  builder.progress = progress;
  builder.user_data = user_data;
  builder.loader.file_size = stp_input_get_file_size (input);
  /* Args are most of a trace, and a plain file holds them already. */
  builder.loader.args_file = stp_trace_add_args_file (trace, stp_input_dup_plain_fd (input));
  parser.input = input;
  parser.cancellable = cancellable;
  stp_input_set_cancellable (input, cancellable);

  stp_chrome_relay_run (threaded, scan_document, &parser, use_batch, &builder);
  ok = finish_document (&parser, &builder.loader, error);

  /* The scan may end before a cancel that the loading thread then sees
   * and drops batches for: the events it lacks are the cancel's. */
  if (ok && g_cancellable_set_error_if_cancelled (cancellable, error))
    ok = FALSE;

  if (ok && builder.loader.n_events == 0)
    {
      if (parser.too_deep)
        g_set_error (error, STP_ERROR, STP_ERROR_LIMIT,
                     "%s: a value at byte %" G_GUINT64_FORMAT " is nested deeper than %d levels",
                     display_name, parser.error_offset, STP_JSON_MAX_DEPTH);
      else if (parser.error_what != NULL)
        g_set_error (error, STP_ERROR, STP_ERROR_UNKNOWN_FORMAT,
                     "%s: not a Chrome trace: %s at byte %" G_GUINT64_FORMAT,
                     display_name, parser.error_what, parser.error_offset);
      else if (parser.object_form && !parser.saw_trace_events)
        g_set_error (error, STP_ERROR, STP_ERROR_UNKNOWN_FORMAT,
                     "%s: not a Chrome trace: a JSON object without a \"traceEvents\" array",
                     display_name);
      else if (parser.n_elements > 0)
        g_set_error (error, STP_ERROR, STP_ERROR_UNKNOWN_FORMAT,
                     "%s: not a Chrome trace: the array holds no trace events (objects with \"ph\")",
                     display_name);
      else
        g_set_error (error, STP_ERROR, STP_ERROR_EMPTY,
                     "%s: the trace holds no events", display_name);
      ok = FALSE;
    }
  else if (ok && parser.too_deep)
    {
      stp_trace_warn (trace, "too-deep",
                      "%s has a value nested deeper than %d levels at byte %" G_GUINT64_FORMAT
                      "; the events before it were loaded",
                      display_name, STP_JSON_MAX_DEPTH, parser.error_offset);
    }
  else if (ok && parser.error_what != NULL)
    {
      stp_trace_warn (trace, "corrupt",
                      "%s is %s at byte %" G_GUINT64_FORMAT "; the events before it were loaded",
                      display_name, parser.error_what, parser.error_offset);
    }

  /* Pairing and sealing hold the most memory of a load: the window
   * and the stream are not needed for them. */
  if (ok)
    stp_input_close (input);
  if (ok && progress != NULL)
    progress ("seal", 0, 0, user_data);

  if (ok)
    ok = stp_chrome_match (&builder.loader, cancellable, error);

  stp_chrome_loader_clear (&builder.loader);
  g_clear_error (&parser.error);

  if (!ok || !stp_trace_finish (trace, cancellable, error))
    return NULL;

  return g_steal_pointer (&trace);
}
