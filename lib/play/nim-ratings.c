/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-ratings.c -- ratings of many players by Bradley-Terry maximum
 * likelihood
 *
 * The Bradley-Terry model gives player i a strength g_i and player i
 * beats player j with probability g_i / (g_i + g_j); on the Elo scale,
 * r_i = 400 log10 g_i, which is the logistic Elo of two players.  The
 * strengths that make the games played most likely are found by the MM
 * iteration of Hunter (2004): g_i <- W_i / sum_j n_ij / (g_i + g_j),
 * with W_i player i's wins and n_ij the games of i against j.
 *
 * A player that won every game has no maximum: its likelihood grows
 * without end as its rating does.  So, as BayesElo does with its virtual
 * draws, a prior adds NIM_RATINGS_PRIOR_WINS virtual wins for each
 * player over each opponent it met (one win and one loss a pairing: the
 * two virtual draws of BayesElo, in a game without draws).  The ratings
 * are then finite and, with many games, hardly moved.
 *
 * The intervals come from the curvature of the log-likelihood at its
 * maximum (the observed Fisher information), the first player's rating
 * held at 0: the variance of each other's natural-log strength is the
 * diagonal of the inverse of that matrix, and +/- 1.96 standard
 * deviations, turned into Elo, is the 95% interval.  The games of a
 * colour-swapped pair are counted as independent here, which makes the
 * intervals somewhat wide when pairs split often.
 *
 * The cost is O(n^2) a sweep for n players, none per game. */

#include "config.h"

#include "nim-ratings.h"

#include <math.h>
#include <string.h>

#define MAX_SWEEPS 10000
#define TOLERANCE 1e-12
#define ELO_PER_NEPER (400.0 / G_LN10)

/* Inverts the @n x @n matrix @a (row-major) in place by Gauss-Jordan
   elimination with partial pivoting; FALSE when it is singular. */
static gboolean
invert (guint n, double *a)
{
  g_autofree double *inv = g_new0 (double, (gsize) n *n);
  guint i, j, k;

  for (i = 0; i < n; i++)
    inv[i * n + i] = 1;
  for (k = 0; k < n; k++)
    {
      guint pivot = k;
      double d;

      for (i = k + 1; i < n; i++)
        if (fabs (a[i * n + k]) > fabs (a[pivot * n + k]))
          pivot = i;
      if (fabs (a[pivot * n + k]) < 1e-300)
        return FALSE;
      for (j = 0; j < n; j++)
        {
          double t = a[k * n + j];

          a[k * n + j] = a[pivot * n + j];
          a[pivot * n + j] = t;
          t = inv[k * n + j];
          inv[k * n + j] = inv[pivot * n + j];
          inv[pivot * n + j] = t;
        }
      d = a[k * n + k];
      for (j = 0; j < n; j++)
        {
          a[k * n + j] /= d;
          inv[k * n + j] /= d;
        }
      for (i = 0; i < n; i++)
        if (i != k)
          {
            double f = a[i * n + k];

            for (j = 0; j < n; j++)
              {
                a[i * n + j] -= f * a[k * n + j];
                inv[i * n + j] -= f * inv[k * n + j];
              }
          }
    }
  memcpy (a, inv, (gsize) n * n * sizeof *a);
  return TRUE;
}

/**
 * nim_ratings_estimate:
 * @n: how many players, 1 to %NIM_RATINGS_MAX_PLAYERS
 * @wins: @n x @n, row-major: wins[i * n + j] is how many games player i
 *   won against player j
 * @ratings: (out caller-allocates): @n ratings
 *
 * Rates the players by Bradley-Terry maximum likelihood with the prior
 * of NIM_RATINGS_PRIOR_WINS virtual wins each way between players that
 * met, anchored on player 0.  A player that met nobody connected to
 * player 0 gets an infinite interval.
 */
void
nim_ratings_estimate (guint n, const guint64 *wins, NimRating *ratings)
{
  g_autofree double *w = g_new0 (double, (gsize) n *n);
  g_autofree double *g = g_new (double, n);
  g_autofree double *info = NULL;
  guint i, j, sweep;

  g_return_if_fail (n >= 1 && n <= NIM_RATINGS_MAX_PLAYERS);

  for (i = 0; i < n; i++)
    for (j = 0; j < n; j++)
      if (i != j && wins[i * n + j] + wins[j * n + i] > 0)
        w[i * n + j] = (double) wins[i * n + j] + NIM_RATINGS_PRIOR_WINS;
  for (i = 0; i < n; i++)
    g[i] = 1;

  /* Hunter's MM iteration, each sweep normalised to g_0 = 1. */
  for (sweep = 0; sweep < MAX_SWEEPS; sweep++)
    {
      double change = 0;

      for (i = 0; i < n; i++)
        {
          double won = 0, denominator = 0, next;

          for (j = 0; j < n; j++)
            if (j != i && w[i * n + j] + w[j * n + i] > 0)
              {
                won += w[i * n + j];
                denominator += (w[i * n + j] + w[j * n + i]) / (g[i] + g[j]);
              }
          if (denominator <= 0)
            continue;
          next = won / denominator;
          change = MAX (change, fabs (log (next / g[i])));
          g[i] = next;
        }
      for (i = n; i-- > 0;)
        g[i] /= g[0];
      if (change < TOLERANCE)
        break;
    }

  /* The information matrix of the log-strengths of players 1 .. n-1. */
  for (i = 0; i < n; i++)
    {
      ratings[i].elo = ELO_PER_NEPER * log (g[i]);
      ratings[i].low = ratings[i].high = ratings[i].elo;
    }
  if (n < 2)
    return;
  info = g_new0 (double, (gsize) (n - 1) * (n - 1));
  for (i = 1; i < n; i++)
    for (j = 0; j < n; j++)
      if (j != i)
        {
          double games = w[i * n + j] + w[j * n + i];
          double p = g[i] / (g[i] + g[j]);
          double h = games * p * (1 - p);

          info[(i - 1) * (n - 1) + (i - 1)] += h;
          if (j > 0)
            info[(i - 1) * (n - 1) + (j - 1)] -= h;
        }
  if (!invert (n - 1, info))
    {
      /* Some player is cut off from the anchor: nothing to compare. */
      for (i = 1; i < n; i++)
        {
          ratings[i].low = -INFINITY;
          ratings[i].high = INFINITY;
        }
      return;
    }
  for (i = 1; i < n; i++)
    {
      double sd = sqrt (MAX (info[(i - 1) * (n - 1) + (i - 1)], 0));

      ratings[i].low = ratings[i].elo - 1.959964 * sd * ELO_PER_NEPER;
      ratings[i].high = ratings[i].elo + 1.959964 * sd * ELO_PER_NEPER;
    }
}
