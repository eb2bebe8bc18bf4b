/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-stats.c -- the statistics of comparison runs: Elo from scores
 *
 * Pure arithmetic on counts, apart from any run, so that what comes
 * later (a sequential test, ratings of many players) can use it too. */

#include "config.h"

#include "nim-stats.h"

#include <math.h>
#include <string.h>

/**
 * nim_stats_elo_from_score:
 * @score: a mean score per game, 0 to 1
 *
 * Returns: the Elo difference that predicts @score: -400 log10(1/s - 1)
 */
double
nim_stats_elo_from_score (double score)
{
  if (score <= 0)
    return -INFINITY;
  if (score >= 1)
    return INFINITY;
  return -400.0 * log10 (1.0 / score - 1.0);
}

/**
 * nim_stats_elo_estimate:
 * @pair_counts: the pairs player 1 won 2-0, drew 1-1 and lost 0-2
 * @elo: (out): the estimate
 *
 * Treats each pair as one sample of score 1, 1/2 or 0, as fastchess does
 * with its pentanomial model (Nim has no draws, so three outcomes are
 * left of five): the games of a pair share a position and are not
 * independent, and a per-game variance would overstate the precision.
 */
void
nim_stats_elo_estimate (const guint64 pair_counts[3], NimElo *elo)
{
  static const double pair_score[3] = { 1.0, 0.5, 0.0 };
  double n = (double) (pair_counts[0] + pair_counts[1] + pair_counts[2]);
  double mu = 0, var = 0, se;
  guint i;

  memset (elo, 0, sizeof *elo);
  elo->pairs = pair_counts[0] + pair_counts[1] + pair_counts[2];
  elo->los = 0.5;
  if (elo->pairs == 0)
    {
      elo->score = NAN;
      elo->elo = NAN;
      elo->margin = NAN;
      return;
    }
  for (i = 0; i < 3; i++)
    mu += pair_score[i] * (double) pair_counts[i] / n;
  for (i = 0; i < 3; i++)
    var += (pair_score[i] - mu) * (pair_score[i] - mu)
           * (double) pair_counts[i] / n;
  se = sqrt (var / n);
  elo->score = mu;
  elo->elo = nim_stats_elo_from_score (mu);
  if (se > 0)
    {
      double lo = mu - 1.959964 * se, hi = mu + 1.959964 * se;

      elo->margin = lo <= 0 || hi >= 1 ? INFINITY
                                       : (nim_stats_elo_from_score (hi)
                                          - nim_stats_elo_from_score (lo))
                                             / 2;
      elo->los = 0.5 * (1.0 + erf ((mu - 0.5) / (se * G_SQRT2)));
    }
  else
    {
      /* Every pair ended alike: no spread to measure. */
      elo->margin = isfinite (elo->elo) ? 0 : INFINITY;
      elo->los = mu > 0.5 ? 1.0 : mu < 0.5 ? 0.0 : 0.5;
    }
}
