/* stp-pbtext-float.c: floating point numbers as Python prints them
 *
 * Copyright 2026 The Stepscope developers
 * SPDX-License-Identifier: GPL-3.0-or-later
 *
 * Python's str() of a float is its repr: the shortest digits that read
 * back to the same double (the nearest of them if there are several),
 * in fixed notation for decimal exponents -4 to 15 and with at least
 * two exponent digits otherwise.  Python protobuf prints a float32
 * field after type_checkers.ToShortestFloat: six significant digits,
 * then more until the value survives a float32 round trip.
 */

#define G_LOG_DOMAIN "stp-pbtext"

#include "stp-pbtext-private.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

/* Splits g_ascii_formatd's "%.Ne" output of a positive number into its
 * digits (trailing zeros dropped) and decimal exponent. */
static void
split_exponential (const char *buf,
                   char       *digits,
                   int        *n_digits,
                   int        *exp10)
{
  int n = 0;

  for (const char *p = buf; *p != 'e' && *p != '\0'; p++)
    if (g_ascii_isdigit (*p))
      digits[n++] = *p;
  while (n > 1 && digits[n - 1] == '0')
    n--;
  digits[n] = '\0';
  *n_digits = n;
  *exp10 = atoi (strchr (buf, 'e') + 1);
}

/* The shortest digits that read back as @d (> 0, finite); of several,
 * the nearest, as Python's repr (David Gay's mode 0). */
static void
shortest_digits (double  d,
                 char   *digits,
                 int    *n_digits,
                 int    *exp10)
{
  char buf[64], fmt[16];
  int exp2;
  gboolean power_of_two = frexp (d, &exp2) == 0.5;

  for (int precision = 1; precision <= 17; precision++)
    {
      g_snprintf (fmt, sizeof fmt, "%%.%de", precision - 1);
      g_ascii_formatd (buf, sizeof buf, fmt, d);
      split_exponential (buf, digits, n_digits, exp10);
      if (g_ascii_strtod (buf, NULL) == d)
        return;

      /* Below a power of two the doubles are twice as dense, so the
       * nearest candidate may miss while the next one up still reads
       * back: try the same digits plus one unit in the last place. */
      if (power_of_two && g_ascii_strtod (buf, NULL) < d)
        {
          char up[32];
          int i, e = *exp10;

          memset (up, '0', precision);
          memcpy (up, digits, *n_digits);
          for (i = precision - 1; i >= 0 && up[i] == '9'; i--)
            up[i] = '0';
          if (i >= 0)
            up[i]++;
          else
            {
              up[0] = '1';
              e++;
            }
          g_snprintf (buf, sizeof buf, "%c.%.*se%d", up[0], precision - 1, up + 1, e);
          if (g_ascii_strtod (buf, NULL) == d)
            {
              split_exponential (buf, digits, n_digits, exp10);
              return;
            }
        }
    }

  g_assert_not_reached ();
}

/* Python's str(float) (repr since Python 3.2). */
void
stp_pbtext_append_double (GString *out,
                          double   d)
{
  char digits[32];
  int n, exp10, decpt;

  if (isnan (d))
    {
      g_string_append (out, "nan");
      return;
    }
  if (signbit (d))
    g_string_append_c (out, '-');
  if (isinf (d))
    {
      g_string_append (out, "inf");
      return;
    }
  if (d == 0.0)
    {
      g_string_append (out, "0.0");
      return;
    }

  shortest_digits (fabs (d), digits, &n, &exp10);
  decpt = exp10 + 1;

  if (decpt <= -4 || decpt > 16)
    {
      g_string_append_c (out, digits[0]);
      if (n > 1)
        {
          g_string_append_c (out, '.');
          g_string_append (out, digits + 1);
        }
      g_string_append_printf (out, "e%c%02d", exp10 < 0 ? '-' : '+', ABS (exp10));
    }
  else if (decpt <= 0)
    {
      g_string_append (out, "0.");
      for (int i = decpt; i < 0; i++)
        g_string_append_c (out, '0');
      g_string_append (out, digits);
    }
  else if (decpt >= n)
    {
      g_string_append (out, digits);
      for (int i = n; i < decpt; i++)
        g_string_append_c (out, '0');
      g_string_append (out, ".0");
    }
  else
    {
      g_string_append_len (out, digits, decpt);
      g_string_append_c (out, '.');
      g_string_append (out, digits + decpt);
    }
}

/* type_checkers.ToShortestFloat, then str(). */
void
stp_pbtext_append_float (GString *out,
                         float    f)
{
  char buf[64], fmt[16];
  double rounded = f;

  if (isnan (f))
    {
      g_string_append (out, "nan");
      return;
    }

  for (int precision = 6; precision <= 17; precision++)
    {
      volatile float back;

      g_snprintf (fmt, sizeof fmt, "%%.%dg", precision);
      g_ascii_formatd (buf, sizeof buf, fmt, f);
      rounded = g_ascii_strtod (buf, NULL);
      back = (float) rounded;
      if (back == f)
        break;
    }

  stp_pbtext_append_double (out, rounded);
}
