/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-bench-audit.c -- `make bench`'s audit of shards: how often it
 * names a shard of a run whose shards all played alike (false alarms),
 * and how often it finds a shard whose player 1 was handicapped
 *
 * Every run is simulated from a seed, so the figures are the same on
 * every machine.  A run has N shards of P pairs each; each game of a
 * pair is won by player 1 with the chance that an Elo difference gives,
 * 1 / (1 + 10^(-elo/400)), so a pair is 2-0 with p^2, 1-1 with 2p(1 - p)
 * and 0-2 with (1 - p)^2.  A homogeneous run gives every shard the same
 * Elo; a handicapped run takes H Elo from one shard's.  The counts go to
 * the audit as nim_audit_add_counts () takes them (tests/test-shards
 * feeds it games).  What a line prints:
 *
 *   false alarms  runs of alike shards in which some shard was named,
 *                 with the 95% upper bound of that rate (at most 0.2%
 *                 expected: NIM_AUDIT_P for the test and as much for the
 *                 residuals)
 *   found         handicapped runs in which the handicapped shard was
 *                 named
 *   wrong         handicapped runs in which another shard was named too
 *
 * `nim-bench-audit --runs R` runs R seeds a line (default 400). */

#include "config.h"

#include "nim-audit.h"

#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct
{
  guint shards;
  guint64 pairs; /* a shard's */
  double elo;    /* player 1's advantage */
  double handicap;
} Line;

static const Line lines[] = {
  { 3, 100, 0, 200 },
  { 3, 300, 0, 100 },
  { 3, 1000, 50, 50 },
  { 8, 300, 0, 100 },
  { 8, 1000, 50, 50 },
  { 8, 3000, 0, 25 },
  { 32, 300, 200, 100 },
  { 32, 1000, 0, 50 },
  { 2, 1000, 0, 50 },
  /* Lopsided: player 1 wins 92% of its games, 0-2 pairs are rare. */
  { 8, 300, 425, 200 },
};

/* One shard's pairs, drawn. */
static void
draw_shard (GRand *rand, guint64 pairs, double elo, NimShardCounts *c)
{
  double p = 1.0 / (1.0 + pow (10.0, -elo / 400.0));
  guint64 i;

  memset (c, 0, sizeof *c);
  for (i = 0; i < pairs; i++)
    {
      guint won = (g_rand_double (rand) < p) + (g_rand_double (rand) < p);

      c->pair_counts[2 - won]++;
      c->wins[0] += won;
    }
  c->games = 2 * pairs;
  c->wins[1] = c->games - c->wins[0];
}

/* Runs one simulated run: with @handicapped (1 to the shards) that shard
   plays @line's handicap weaker.  Says whether a shard was named, whether
   @handicapped was, and whether another was. */
static void
run_one (const Line *line, guint32 seed, guint handicapped, gboolean *named,
         gboolean *found, gboolean *wrong)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  g_autoptr (NimAudit) audit = nim_audit_new (line->shards);
  g_autoptr (NimAuditReport) report = NULL;
  guint k;

  for (k = 1; k <= line->shards; k++)
    {
      NimShardCounts c;

      draw_shard (rand, line->pairs,
                  line->elo - (k == handicapped ? line->handicap : 0), &c);
      nim_audit_add_counts (audit, k, &c);
    }
  report = nim_audit_run (audit);
  *named = report->n_suspects > 0;
  *found = FALSE;
  *wrong = FALSE;
  for (k = 0; k < report->n_suspects; k++)
    if (report->suspects[k] == handicapped)
      *found = TRUE;
    else
      *wrong = TRUE;
}

/* The upper end of the 95% interval of a rate of @k in @n (Wilson). */
static double
upper_95 (guint k, guint n)
{
  double z = 1.959964, p = (double) k / n, z2n = z * z / n;

  return (p + z2n / 2 + z * sqrt (p * (1 - p) / n + z2n / (4 * n)))
         / (1 + z2n);
}

int
main (int argc, char **argv)
{
  guint runs = 400, i, total_alarms = 0, total_runs = 0;

  setlocale (LC_ALL, "");
  if (argc == 3 && g_str_equal (argv[1], "--runs"))
    runs = (guint) strtoul (argv[2], NULL, 10);
  else if (argc != 1 || runs == 0)
    {
      fprintf (stderr, "usage: nim-bench-audit [--runs R]\n");
      return 2;
    }
  printf ("The audit of shards: %u seeded simulated runs a line\n"
          "(p %g for the chi-square test and for the Bonferroni "
          "residuals)\n\n",
          runs, NIM_AUDIT_P);
  printf ("%6s %6s %5s %8s  %-26s %-9s %s\n", "shards", "pairs", "elo",
          "handicap", "false alarms (95% bound)", "found", "wrong");
  for (i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      const Line *l = &lines[i];
      guint alarms = 0, found = 0, wrong = 0, r;
      char alarm_text[64];

      for (r = 0; r < runs; r++)
        {
          gboolean named, f, w;

          run_one (l, 1000 * i + r + 1, 0, &named, &f, &w);
          alarms += named;
          run_one (l, 1000000 + 1000 * i + r + 1, 1 + r % l->shards, &named,
                   &f, &w);
          found += f;
          wrong += w;
        }
      total_alarms += alarms;
      total_runs += runs;
      g_snprintf (alarm_text, sizeof alarm_text, "%u, %.2f%% (<= %.2f%%)",
                  alarms, 100.0 * alarms / runs,
                  100 * upper_95 (alarms, runs));
      printf ("%6u %6" G_GUINT64_FORMAT " %5.0f %8.0f  %-26s %4.0f%%     "
              "%.1f%%\n",
              l->shards, l->pairs, l->elo, l->handicap, alarm_text,
              100.0 * found / runs, 100.0 * wrong / runs);
    }
  printf ("\nall lines: %u false alarms in %u runs of alike shards "
          "(%.2f%%, 95%% upper bound %.2f%%)\n",
          total_alarms, total_runs, 100.0 * total_alarms / total_runs,
          100 * upper_95 (total_alarms, total_runs));
  return 0;
}
