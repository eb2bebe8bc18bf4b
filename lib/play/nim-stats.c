/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-stats.c -- the statistics of comparison runs: Elo from scores, and
 * the tails of the chi-square and normal distributions
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

/* The regularized upper incomplete gamma function Q(a, x) = Gamma(a, x)
   / Gamma(a), as its logarithm, for a > 0 and x >= 0: below a + 1 by the
   series of P = 1 - Q (Q is not small there), above by the continued
   fraction of Q (Lentz's method), whose logarithm stays finite where Q
   itself would underflow.  Both converge to double precision in a few
   dozen terms for the degrees of freedom an audit has. */
static double
log_gamma_q (double a, double x)
{
  const double tiny = 1e-300, eps = 1e-15;
  double front = a * log (x) - x - lgamma (a);
  guint i;

  if (x <= 0)
    return 0;
  if (x < a + 1)
    {
      double term = 1.0 / a, sum = term;

      for (i = 1; i < 10000 && fabs (term) > fabs (sum) * eps; i++)
        {
          term *= x / (a + i);
          sum += term;
        }
      return log1p (-exp (front + log (sum)));
    }
  else
    {
      double b = x + 1 - a, c = 1 / tiny, d = 1 / b, h = d;

      for (i = 1; i < 10000; i++)
        {
          double an = -(double) i * (i - a), delta;

          b += 2;
          d = an * d + b;
          if (fabs (d) < tiny)
            d = tiny;
          c = b + an / c;
          if (fabs (c) < tiny)
            c = tiny;
          d = 1 / d;
          delta = d * c;
          h *= delta;
          if (fabs (delta - 1) < eps)
            break;
        }
      return front + log (h);
    }
}

/**
 * nim_stats_chi2_log_sf:
 * @x: a chi-square statistic, 0 or more
 * @dof: its degrees of freedom, more than 0
 *
 * Returns: the logarithm of the chance that a chi-square variable of
 *   @dof degrees of freedom is @x or more (the p-value of @x); finite
 *   however large @x is, where the chance itself underflows
 */
double
nim_stats_chi2_log_sf (double x, double dof)
{
  g_return_val_if_fail (dof > 0, NAN);
  if (!(x > 0))
    return 0;
  return log_gamma_q (dof / 2, x / 2);
}

/* The logarithm of the normal distribution's upper tail at @z: from
   erfc while it is precise, and beyond from the asymptotic series of
   Mills' ratio, 1 - 1/z^2 + 3/z^4 - 15/z^6, whose error there is below
   double precision. */
static double
normal_log_sf (double z)
{
  double z2;

  if (z < 30)
    return log (0.5 * erfc (z / G_SQRT2));
  z2 = z * z;
  return -z2 / 2 - log (z) - 0.5 * log (2 * G_PI)
         + log (1 - 1 / z2 + 3 / (z2 * z2) - 15 / (z2 * z2 * z2));
}

/**
 * nim_stats_normal_isf_log:
 * @log_p: the logarithm of a chance, 0 or less
 *
 * The inverse of the standard normal distribution's upper tail, the
 * residual fishtest shows for a worker: a p-value as the z of a normal
 * variable that reaches z with that chance.  Taking the logarithm lets a
 * p-value too small for a double still give its z (a chi-square of
 * 10,000 on 2 degrees of freedom is a z of about 70).
 *
 * Returns: z such that P(Z >= z) = exp (@log_p), found by bisection to
 *   1e-9
 */
double
nim_stats_normal_isf_log (double log_p)
{
  double lo = -40, hi = 40;

  g_return_val_if_fail (log_p <= 0, NAN);
  if (log_p == 0)
    return -INFINITY;
  while (normal_log_sf (hi) > log_p)
    {
      lo = hi;
      hi *= 2;
    }
  while (hi - lo > 1e-9)
    {
      double mid = (lo + hi) / 2;

      if (normal_log_sf (mid) > log_p)
        lo = mid;
      else
        hi = mid;
    }
  return (lo + hi) / 2;
}
