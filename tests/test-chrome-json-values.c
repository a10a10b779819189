/* test-chrome-json-values.c: the Chrome JSON loader's rules for values,
 * timestamps, clocks and memory events, and what it says of documents
 * that are not traces or are cut short
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * The rules for events themselves are in test-chrome-json-rules.c.
 */

#define G_LOG_DOMAIN "test-chrome-json-values"

#include <string.h>

#include "export-test-util.h"
#include "stp-error.h"
#include "stp-json-scan.h"
#include "stp-trace-info.h"
#include "test-chrome-common.h"

static void
test_values (void)
{
  g_autoptr(StpTrace) trace = stp_test_load_ok (
    "[{\"ph\":\"X\",\"pid\":\"browser\",\"tid\":\"main\",\"ts\":\"123.456789\",\"dur\":\"0.5\",\"name\":\"a\"},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":1.5e3,\"dur\":2E0,\"name\":\"exp\"},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":-2,\"dur\":1,\"name\":\"neg\"},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":4619295550.0004,\"dur\":0.0005,\"name\":\"round\"},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":1623212388479560,\"dur\":39,\"name\":\"big\"},"
    "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":\"12a\",\"dur\":1,\"name\":\"bad\"},"
    "{\"ph\":\"X\",\"pid\":1.0,\"tid\":1,\"ts\":9,\"dur\":1,\"name\":\"\\\"quoted\\\" \\ud83d\\ude00\"}]");
  StpProcess *p = stp_trace_get_process (trace, 0);
  StpTrack *named = NULL;
  StpTrack *t = stp_test_thread (trace, 1, 1, 0);

  for (guint i = 0; i < trace->tracks->len; i++)
    if (stp_trace_get_track (trace, i)->tid_str != 0)
      named = stp_trace_get_track (trace, i);

  g_assert_cmpstr (stp_trace_str (trace, p->pid_str), ==, "browser");
  g_assert_nonnull (named);
  g_assert_cmpstr (stp_trace_str (trace, named->tid_str), ==, "main");
  g_assert_cmpint (stp_track_get_slice (named, 0)->ts, ==, 123457);
  g_assert_cmpint (stp_track_get_slice (named, 0)->dur, ==, 500);
  g_assert_cmpint (stp_test_slice_named (trace, t, "exp")->ts, ==, 1500000);
  g_assert_cmpint (stp_test_slice_named (trace, t, "exp")->dur, ==, 2000);
  g_assert_cmpint (stp_test_slice_named (trace, t, "neg")->ts, ==, -2000);
  g_assert_cmpint (stp_test_slice_named (trace, t, "round")->ts, ==, G_GINT64_CONSTANT (4619295550000));
  g_assert_cmpint (stp_test_slice_named (trace, t, "round")->dur, ==, 1);
  g_assert_cmpint (stp_test_slice_named (trace, t, "big")->ts, ==, G_GINT64_CONSTANT (1623212388479560000));
  g_assert_cmpint (stp_test_slice_named (trace, t, "\"quoted\" \xf0\x9f\x98\x80")->ts, ==, 9000);
  g_assert_cmpuint (stp_test_warning_count (trace, "invalid-ts"), ==, 1);
}

/* Timestamps in microseconds to nanoseconds, at the edges of the
 * integer path: 0-4 digits after the point (the fourth rounds), 16-19
 * digits before it, signs, quotes, and what is not a number. */
static void
test_timestamps (void)
{
  static const struct { const char *text; gboolean ok; gint64 ns; } cases[] = {
    { "0", TRUE, 0 },
    { "7", TRUE, 7000 },
    { "1.", TRUE, 1000 },
    { ".5", TRUE, 500 },
    { "1.5", TRUE, 1500 },
    { "1.25", TRUE, 1250 },
    { "1.125", TRUE, 1125 },
    { "1.1254", TRUE, 1125 },
    { "1.1255", TRUE, 1126 },
    { "0.99951", TRUE, 1000 },
    { "1.12549999", TRUE, 1125 },
    { "-2.25", TRUE, -2250 },
    { "+3", TRUE, 3000 },
    { "\"12.5\"", TRUE, 12500 },
    { "1623212388479560", TRUE, G_GINT64_CONSTANT (1623212388479560000) },
    { "9223372036854774", TRUE, G_GINT64_CONSTANT (9223372036854774000) },
    { "922337203685477.5807", TRUE, G_GINT64_CONSTANT (922337203685477581) },
    { "1.5e3", TRUE, 1500000 },
    { "9223372036854776", FALSE, 0 },
    { "123456789012345678901", FALSE, 0 },
    { "", FALSE, 0 },
    { "-", FALSE, 0 },
    { ".", FALSE, 0 },
    { "1.2.3", FALSE, 0 },
    { "12a", FALSE, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      gint64 ns = -1;
      gboolean ok;

      ok = stp_json_parse_us_to_ns (cases[i].text, strlen (cases[i].text), &ns);
      g_test_message ("%s", cases[i].text);
      g_assert_cmpint (ok, ==, cases[i].ok);
      if (ok)
        g_assert_cmpint (ns, ==, cases[i].ns);
    }
}

/* The integer path's answer, digit by digit: the whole part exact, the
 * first three fractional digits exact and the fourth rounding. */
static gint64
reference_us_to_ns (gboolean    negative,
                    const char *whole,
                    const char *frac)
{
  gint64 ns = 0;

  for (const char *d = whole; *d; d++)
    ns = ns * 10 + (*d - '0');
  ns *= 1000;
  for (guint i = 0, unit = 100; i < 3 && frac[i]; i++, unit /= 10)
    ns += (frac[i] - '0') * unit;
  if (strlen (frac) > 3 && frac[3] >= '5')
    ns++;
  return negative ? -ns : ns;
}

/* Random decimals of up to 16 whole digits, below 9e15 microseconds
 * (what fits nanoseconds in 63 bits), each in a buffer of exactly its
 * length, against the digit-by-digit answer; then the same with one
 * byte spoiled. */
static void
test_timestamps_random (void)
{
  GRand *rand = g_rand_new_with_seed (17);

  for (guint i = 0; i < 20000; i++)
    {
      char whole[19] = "", frac[7] = "";
      guint n_whole = g_rand_int_range (rand, i % 7 == 0 ? 0 : 1, 17);
      guint n_frac = g_rand_int_range (rand, 0, 7);
      gboolean negative = g_rand_boolean (rand);
      gboolean point = n_frac > 0 || (n_whole > 0 && g_rand_int_range (rand, 0, 4) == 0);
      g_autoptr(GString) text = g_string_new (negative ? "-" : "");
      g_autofree char *exact = NULL;
      gint64 ns = -1;

      for (guint d = 0; d < n_whole; d++)
        whole[d] = '0' + g_rand_int_range (rand, 0, d == 0 && n_whole == 16 ? 9 : 10);
      for (guint d = 0; d < n_frac; d++)
        frac[d] = '0' + g_rand_int_range (rand, 0, 10);
      g_string_append_printf (text, "%s%s%s", whole, point ? "." : "", frac);
      if (n_whole + n_frac == 0)
        continue;

      /* memdup: no byte after the text for a read too far to find. */
      exact = g_memdup2 (text->str, text->len);
      g_test_message ("%s", text->str);
      g_assert_true (stp_json_parse_us_to_ns (exact, text->len, &ns));
      g_assert_cmpint (ns, ==, reference_us_to_ns (negative, whole, frac));

      if (text->len > 1)
        {
          static const char spoilers[] = "a:/ ,\x80\"";
          guint at = g_rand_int_range (rand, negative ? 1 : 0, text->len);

          exact[at] = spoilers[g_rand_int_range (rand, 0, sizeof spoilers - 1)];
          g_assert_false (stp_json_parse_us_to_ns (exact, text->len, &ns));
        }
    }

  g_rand_free (rand);
}

static void
test_not_traces (void)
{
  static const struct { const char *json; int code; } cases[] = {
    { "[]", STP_ERROR_EMPTY },
    { "  [  ", STP_ERROR_EMPTY },
    { "{\"traceEvents\": []}", STP_ERROR_EMPTY },
    { "{\"spans\": [{\"name\": \"x\"}]}", STP_ERROR_UNKNOWN_FORMAT },
    { "[[1, 2], [3, 4]]", STP_ERROR_UNKNOWN_FORMAT },
    { "[{\"name\": \"no phase\"}]", STP_ERROR_UNKNOWN_FORMAT },
    { "[{\"ph\" 1}]", STP_ERROR_UNKNOWN_FORMAT },
    { "{}", STP_ERROR_UNKNOWN_FORMAT },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(StpTrace) trace = stp_test_load_string (cases[i].json, -1, &error);

      g_assert_null (trace);
      g_assert_error (error, STP_ERROR, cases[i].code);
      g_assert_true (g_str_has_prefix (error->message, "test.json: "));
    }
}

/* Cut a small trace at every byte: never a crash; a cut inside the
 * array keeps exactly the events that are complete before the cut. */
static void
test_truncated (void)
{
  static const char *events[] = {
    "{\"ph\":\"M\",\"pid\":1,\"tid\":1,\"name\":\"thread_name\",\"args\":{\"name\":\"t\"}}",
    "{\"ph\":\"B\",\"pid\":1,\"tid\":1,\"ts\":1,\"name\":\"b\",\"args\":{\"s\":\"a \\\"}] string\"}}",
    "{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":2,\"dur\":1,\"name\":\"x\"}",
    "{\"ph\":\"s\",\"pid\":1,\"tid\":1,\"ts\":2,\"id\":1,\"name\":\"f\"}",
    "{\"ph\":\"f\",\"pid\":1,\"tid\":1,\"ts\":3,\"id\":1,\"name\":\"f\"}",
    "{\"ph\":\"C\",\"pid\":1,\"ts\":3,\"name\":\"c\",\"args\":{\"w\":[1],\"v\":1}}",
    "{\"ph\":\"E\",\"pid\":1,\"tid\":1,\"ts\":5}",
  };
  g_autoptr(GString) json = g_string_new ("{\"traceEvents\": [\n");
  g_autoptr(GArray) ends = g_array_new (FALSE, FALSE, sizeof (gsize));
  gsize array_start = json->len;

  for (guint i = 0; i < G_N_ELEMENTS (events); i++)
    {
      gsize end;

      g_string_append (json, events[i]);
      end = json->len;
      g_array_append_val (ends, end);
      g_string_append (json, i + 1 < G_N_ELEMENTS (events) ? ",\n" : "\n");
    }
  g_string_append (json, "],\n\"metadata\": {\"k\": \"v\"}}\n");

  for (gsize cut = 0; cut <= json->len; cut++)
    {
      g_autoptr(GError) error = NULL;
      g_autoptr(StpTrace) trace = stp_test_load_string (json->str, cut, &error);
      guint complete = 0, kept = 0;

      for (guint i = 0; i < ends->len; i++)
        complete += g_array_index (ends, gsize, i) <= cut;

      if (complete == 0 || complete == 1)
        {
          /* no drawable event yet (the M alone still loads) */
          if (trace == NULL)
            g_assert_true (error != NULL && cut < g_array_index (ends, gsize, 0) + 1);
          continue;
        }
      g_assert_no_error (error);
      g_assert_nonnull (trace);
      g_assert_true (cut >= array_start);

      /* events with a seq: all but the M */
      kept = trace->n_seq;
      g_assert_cmpuint (kept, ==, complete - 1);
    }
}

/* The counter a [memory] instant feeds, by name, or NULL. */
static const StpTrack *
counter_named (StpTrace   *trace,
               const char *name)
{
  for (guint t = 0; t < trace->tracks->len; t++)
    {
      const StpTrack *track = stp_trace_get_track (trace, t);

      if (track->kind == STP_TRACK_COUNTER && g_strcmp0 (stp_trace_str (trace, track->name), name) == 0)
        return track;
    }
  return NULL;
}

/* PyTorch's [memory] instants: one derived counter a device, the running
 * sum of "Bytes" (or "Total Allocated" when given); the instants stay,
 * folded, and export writes them back, never the counter. */
static void
test_memory_events (void)
{
  g_autoptr(StpTrace) trace = stp_test_load_ok (
    "[{\"ph\":\"i\",\"s\":\"t\",\"name\":\"[memory]\",\"pid\":1,\"tid\":2,\"ts\":10,"
    "  \"args\":{\"Device Type\":1,\"Device Id\":0,\"Bytes\":100}},"
    " {\"ph\":\"i\",\"s\":\"t\",\"name\":\"[memory]\",\"pid\":1,\"tid\":2,\"ts\":20,"
    "  \"args\":{\"Device Type\":1,\"Device Id\":0,\"Bytes\":50}},"
    " {\"ph\":\"i\",\"s\":\"t\",\"name\":\"[memory]\",\"pid\":1,\"tid\":3,\"ts\":30,"
    "  \"args\":{\"Device Type\":1,\"Device Id\":0,\"Bytes\":-100}},"
    " {\"ph\":\"i\",\"s\":\"t\",\"name\":\"[memory]\",\"pid\":1,\"tid\":2,\"ts\":40,"
    "  \"args\":{\"Device Type\":0,\"Device Id\":-1,\"Bytes\":8,\"Total Allocated\":4096}},"
    " {\"ph\":\"i\",\"s\":\"t\",\"name\":\"[memory]\",\"pid\":1,\"tid\":2,\"ts\":50,\"args\":{}},"
    " {\"ph\":\"i\",\"s\":\"t\",\"name\":\"mark\",\"pid\":1,\"tid\":2,\"ts\":60,\"args\":{\"Bytes\":1}},"
    " {\"ph\":\"X\",\"name\":\"op\",\"pid\":1,\"tid\":2,\"ts\":0,\"dur\":100}]");
  const StpTrack *cuda = counter_named (trace, "Memory Allocated (CUDA 0)");
  const StpTrack *cpu = counter_named (trace, "Memory Allocated (CPU)");
  const StpTrack *thread2 = stp_test_thread (trace, 1, 2, 0);
  const StpCounterSeries *series;
  guint folded = 0;

  g_assert_nonnull (cuda);
  g_assert_nonnull (cpu);
  g_assert_true (cuda->derived);
  series = g_ptr_array_index (cuda->series, 0);
  g_assert_cmpuint (series->samples->len, ==, 3);
  g_assert_cmpfloat (g_array_index (series->samples, StpCounterSample, 0).value, ==, 100);
  g_assert_cmpfloat (g_array_index (series->samples, StpCounterSample, 1).value, ==, 150);
  g_assert_cmpfloat (g_array_index (series->samples, StpCounterSample, 2).value, ==, 50);
  g_assert_cmpint (g_array_index (series->samples, StpCounterSample, 2).ts, ==, 30000);
  series = g_ptr_array_index (cpu->series, 0);
  g_assert_cmpuint (series->samples->len, ==, 1);
  g_assert_cmpfloat (g_array_index (series->samples, StpCounterSample, 0).value, ==, 4096);

  /* Folded: the four with a size; the one without, and "mark", not. */
  for (guint i = 0; i < thread2->instants->len; i++)
    folded += (g_array_index (thread2->instants, StpSlice, i).flags & STP_SLICE_FOLDED) != 0;
  g_assert_cmpuint (thread2->instants->len, ==, 5);
  g_assert_cmpuint (folded, ==, 3);

  /* Written back as they came: the instants, no counter. */
  {
    g_autoptr(GBytes) bytes = stp_test_export (trace);
    g_autoptr(StpTrace) again = NULL;
    g_autofree char *json = NULL;

    json = g_strndup (g_bytes_get_data (bytes, NULL), g_bytes_get_size (bytes));
    g_assert_null (strstr (json, "\"ph\":\"C\""));
    g_assert_null (strstr (json, "Memory Allocated"));
    again = stp_test_load_ok (json);
    g_assert_true (stp_test_traces_equal (trace, again));
  }
}

/* Which clock the times are on.  A time after 2000 in Unix µs can only
 * be wall-clock time; Kineto's baseTimeNanoseconds says where its
 * relative times count from; anything else is the machine's own clock
 * (Chrome counts from boot), and no date is told. */
static void
test_clock (void)
{
  struct {
    const char *json;
    gboolean    wall;
    gint64      offset_ns;
    gint64      began_us;   /* Unix µs, when wall */
  } cases[] = {
    { "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":519980166360,\"dur\":5}]", FALSE, 0, 0 },
    { "[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1623212388426602,\"dur\":5}]",
      TRUE, 0, G_GINT64_CONSTANT (1623212388426602) },
    { "{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1212075525586,\"dur\":5}],"
      "\"baseTimeNanoseconds\":1719853884000000000}",
      TRUE, G_GINT64_CONSTANT (1719853884000000000), G_GINT64_CONSTANT (1719853884000000) + G_GINT64_CONSTANT (1212075525586) },
    /* Not a number: as if it were not there. */
    { "{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":1212075525586,\"dur\":5}],"
      "\"baseTimeNanoseconds\":\"soon\"}", FALSE, 0, 0 },
    /* An offset that would overflow: ignored, never wrapped. */
    { "{\"traceEvents\":[{\"ph\":\"X\",\"name\":\"a\",\"pid\":1,\"tid\":1,\"ts\":9000000000000000,\"dur\":5}],"
      "\"baseTimeNanoseconds\":9000000000000000000}", FALSE, 0, 0 },
  };

  for (guint i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr(StpTrace) trace = stp_test_load_ok (cases[i].json);
      gint64 offset = -1;
      gboolean wall = stp_trace_get_wall_clock (trace, &offset);

      g_test_message ("case %u", i);
      g_assert_cmpint (wall, ==, cases[i].wall);
      if (wall)
        {
          g_autoptr(GDateTime) began = stp_wall_clock_to_date_time (trace->start_ts + offset);
          g_autoptr(GDateTime) whole = g_date_time_new_from_unix_utc (cases[i].began_us / 1000000);
          g_autoptr(GDateTime) expected = g_date_time_add (whole, cases[i].began_us % 1000000);

          g_assert_cmpint (offset, ==, cases[i].offset_ns);
          g_assert_true (g_date_time_equal (began, expected));
        }
    }
}

int
main (int    argc,
      char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/chrome-json/rules/values", test_values);
  g_test_add_func ("/chrome-json/rules/timestamps", test_timestamps);
  g_test_add_func ("/chrome-json/rules/timestamps-random", test_timestamps_random);
  g_test_add_func ("/chrome-json/rules/not-traces", test_not_traces);
  g_test_add_func ("/chrome-json/rules/truncated", test_truncated);
  g_test_add_func ("/chrome-json/rules/clock", test_clock);
  g_test_add_func ("/chrome-json/rules/memory-events", test_memory_events);

  return g_test_run ();
}
