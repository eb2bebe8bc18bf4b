/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-bench-octal.c -- `make bench`'s take-and-break lines: how long the
 * proof of a code's period takes, from no values to proven, and how fast
 * the sparse space computes Grundy's kind of game
 *
 * Each proof starts from an empty table; the short ones run three times
 * and the median is printed beside its target.  The solved games of
 * Gangolli and Plambeck are here: 0.16 (period 149,459 from 105,351),
 * 0.56 (period 144, whose last exception OEIS A071436 gives as 326,637:
 * the values, which the plain mex confirms, repeat from 326,640, as
 * tczajka/octal-games also finds), 0.127 (period 4 from 46,578) and
 * 0.376 (period 4 from 2,268,248).  The period, where it starts and how
 * far the values were computed are deterministic and printed too, so a
 * change in the computation shows even where the time does not.
 *
 * The speed line computes 0.6 to 2^24 once: 16,777,216 values, each
 * found from the 1,583 rare heaps and a short scan.  Its target is half
 * the time tczajka/octal-games' analyser (its old/ C++ version) took on
 * the development machine, 159.5 s; compare both on one machine to
 * judge.  The cross-check computes 0.56 to 2^18 both ways, the plain
 * mex being the definition, and compares the hashes. */

#include "config.h"

#include "nim-sequence.h"

#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/resource.h>

#define RUNS 3

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* Seconds of processor time this process has used: the machines that
   run the benchmark are shared, and the wall clock counts the others. */
static double
cpu_seconds (void)
{
  struct rusage usage;

  getrusage (RUSAGE_SELF, &usage);
  return usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6
         + usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

static void
parse (NimOctal *code, const char *text)
{
  if (!nim_octal_parse (code, text, "code", NULL))
    g_error ("bad code %s", text);
}

/* The proofs: each code's period from no values, against its target. */
static int
bench_proofs (void)
{
  static const struct
  {
    const char *code;
    const char *name;
    guint runs;
    double target;
    guint64 period;
    guint64 preperiod;
  } lines[] = {
    { "0.77", "Kayles", RUNS, 0.05, 12, 71 },
    { "0.137", "Dawson's chess", RUNS, 0.05, 34, 52 },
    { "0.127", "Gangolli-Plambeck", RUNS, 1.0, 4, 46578 },
    { "0.16", "Gangolli-Plambeck", RUNS, 60.0, 149459, 105351 },
    { "0.56", "Gangolli-Plambeck", RUNS, 60.0, 144, 326640 },
    { "0.376", "Gangolli-Plambeck", 1, 60.0, 4, 2268248 },
  };
  guint i, r;
  int status = 0;

  printf ("Take-and-break periods, proven by the octal periodicity theorem "
          "(processor seconds, median of %d runs, 0.376 one):\n",
          RUNS);
  printf ("%-7s %-18s %7s %9s %9s %10s %8s\n", "code", "game", "period",
          "from", "values", "seconds", "target");
  for (i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      double seconds[RUNS];
      g_autofree char *target = g_strdup_printf ("%g s", lines[i].target);
      NimSequencePeriod period = { 0 };
      NimOctal code;
      gboolean right;

      parse (&code, lines[i].code);
      for (r = 0; r < lines[i].runs; r++)
        {
          g_autoptr (NimSequence) values
              = nim_sequence_new (&code, NIM_SEQUENCE_SPARSE);
          g_autoptr (GError) error = NULL;
          double start = cpu_seconds ();

          if (!nim_sequence_prove (values, 0, &period, &error))
            g_error ("%s: %s", lines[i].code, error->message);
          seconds[r] = cpu_seconds () - start;
        }
      qsort (seconds, lines[i].runs, sizeof seconds[0], compare_double);
      right = period.kind == NIM_SEQUENCE_PROVEN
              && period.period == lines[i].period
              && period.preperiod == lines[i].preperiod;
      printf ("%-7s %-18s %7llu %9llu %9llu %10.3f %7s%s\n", lines[i].code,
              lines[i].name, (unsigned long long) period.period,
              (unsigned long long) period.preperiod,
              (unsigned long long) period.checked + 1,
              seconds[lines[i].runs / 2],
              !right                                         ? "WRONG "
              : seconds[lines[i].runs / 2] < lines[i].target ? "< "
                                                             : "MISSED ",
              target);
      if (!right)
        status = 1;
    }
  return status;
}

/* The speed line: 0.6 to 2^24, once. */
static void
bench_speed (void)
{
  g_autoptr (NimSequence) values = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *hash = NULL;
  NimSequenceStats stats;
  NimOctal code;
  guint64 n = (G_GUINT64_CONSTANT (1) << 24) - 1;
  double start, seconds;

  parse (&code, "0.6");
  values = nim_sequence_new (&code, NIM_SEQUENCE_SPARSE);
  start = cpu_seconds ();
  if (!nim_sequence_extend (values, n, &error))
    g_error ("0.6: %s", error->message);
  seconds = cpu_seconds () - start;
  nim_sequence_stats (values, &stats);
  hash = nim_sequence_hash (values, n);
  printf ("\nGrundy values by the sparse space (processor seconds, one "
          "run):\n");
  printf ("0.6 to 2^24: %.1f s, %.2f us a value (target < 80 s, half of "
          "tczajka/octal-games' 159.5 s)%s; %u bytes a value, largest %u, "
          "%llu rare heaps, mask %#llx, %llu values found by a scan; "
          "sha256 %.16s...\n",
          seconds, seconds * 1e6 / (double) (n + 1),
          seconds < 80 ? "" : " MISSED", stats.width, stats.max_value,
          (unsigned long long) stats.rare, (unsigned long long) stats.mask,
          (unsigned long long) stats.full_scans, hash);
}

/* The cross-check: 0.56 to 2^18 by both methods, the same values. */
static int
bench_cross_check (void)
{
  NimSequenceMethod methods[] = { NIM_SEQUENCE_SPARSE, NIM_SEQUENCE_PLAIN };
  char *hashes[2];
  double seconds[2];
  guint64 n = (1 << 18) - 1;
  NimOctal code;
  gboolean same;
  guint i;

  parse (&code, "0.56");
  for (i = 0; i < 2; i++)
    {
      g_autoptr (NimSequence) values = nim_sequence_new (&code, methods[i]);
      double start = cpu_seconds ();

      if (!nim_sequence_extend (values, n, NULL))
        g_error ("0.56: no values");
      seconds[i] = cpu_seconds () - start;
      hashes[i] = nim_sequence_hash (values, n);
    }
  same = g_str_equal (hashes[0], hashes[1]);
  printf ("0.56 to 2^18, sparse space %.2f s, plain mex %.1f s: %s\n",
          seconds[0], seconds[1],
          same ? "the same values" : "DIFFERENT VALUES");
  g_free (hashes[0]);
  g_free (hashes[1]);
  return same ? 0 : 1;
}

int
main (int argc, char **argv)
{
  int status;

  setlocale (LC_ALL, "");
  status = bench_proofs ();
  bench_speed ();
  status |= bench_cross_check ();
  return status;
}
