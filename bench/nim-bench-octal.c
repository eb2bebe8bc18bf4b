/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-bench-octal.c -- `make bench`'s take-and-break lines: how long the
 * proof of a code's period takes, from no values to proven
 *
 * Each code is proven from scratch several times (a new table each time)
 * and the median is printed beside the target: Kayles (0.77)
 * under 0.05 s, 0.127 (last exception at n = 46,577, so some 93,000
 * values, each a mex over all the splits) under 10 s.  The period and the
 * values computed are deterministic and printed too, so a change in the
 * computation shows even where the time does not. */

#include "config.h"

#include "nim-octal.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>

#define RUNS 3

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

int
main (int argc, char **argv)
{
  static const struct
  {
    const char *code;
    const char *name;
    double target;
  } lines[] = {
    { "0.77", "Kayles", 0.05 },
    { "0.137", "Dawson's chess", 0.05 },
    { "0.127", "last exception 46577", 10.0 },
  };
  guint i, r;
  int status = 0;

  setlocale (LC_ALL, "");
  printf ("Take-and-break periods, proven by the octal periodicity theorem "
          "(median of %d runs):\n",
          RUNS);
  printf ("%-7s %-22s %7s %9s %9s %10s %8s\n", "code", "game", "period",
          "from", "values", "seconds", "target");
  for (i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      double seconds[RUNS];
      g_autofree char *target = g_strdup_printf ("%g s", lines[i].target);
      NimOctalPeriod period = { 0 };
      NimOctal code;

      if (!nim_octal_parse (&code, lines[i].code, "code", NULL))
        g_error ("bad code %s", lines[i].code);
      for (r = 0; r < RUNS; r++)
        {
          g_autoptr (NimOctalValues) values = nim_octal_values_new (&code);
          g_autoptr (GError) error = NULL;
          gint64 start = g_get_monotonic_time ();

          if (!nim_octal_values_prove (values, NIM_OCTAL_SPLIT_MAX, &period,
                                       &error))
            g_error ("%s: %s", lines[i].code, error->message);
          seconds[r] = (g_get_monotonic_time () - start) / 1e6;
        }
      qsort (seconds, RUNS, sizeof seconds[0], compare_double);
      printf ("%-7s %-22s %7llu %9llu %9llu %10.4f %7s%s\n", lines[i].code,
              lines[i].name, (unsigned long long) period.period,
              (unsigned long long) period.preperiod,
              (unsigned long long) period.checked + 1, seconds[RUNS / 2],
              period.kind == NIM_OCTAL_PROVEN
                      && seconds[RUNS / 2] < lines[i].target
                  ? "< "
                  : "MISSED ",
              target);
      if (period.kind != NIM_OCTAL_PROVEN)
        status = 1;
    }
  return status;
}
