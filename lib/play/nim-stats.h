/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-stats.h -- the statistics of comparison runs: Elo from scores, and
   the tails of the chi-square and normal distributions */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * NimElo:
 * @pairs: complete pairs of games the estimate is from
 * @score: player 1's mean score per game, 0 to 1
 * @elo: the Elo difference (player 1 minus player 2); ±infinity when one
 *   player won every game
 * @margin: half the width of its 95% confidence interval (infinity when
 *   the interval reaches a score of 0 or 1)
 * @los: the likelihood that player 1 is the stronger, 0 to 1
 */
typedef struct
{
  guint64 pairs;
  double score;
  double elo;
  double margin;
  double los;
} NimElo;

double nim_stats_elo_from_score (double score);
void nim_stats_elo_estimate (const guint64 pair_counts[3], NimElo *elo);
double nim_stats_chi2_log_sf (double x, double dof);
double nim_stats_normal_isf_log (double log_p);

G_END_DECLS
