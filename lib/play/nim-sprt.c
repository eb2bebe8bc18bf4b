/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-sprt.c -- the sequential probability ratio test of comparison runs
 *
 * A generalized SPRT (GSPRT) on the scores of colour-swapped pairs, as
 * fastchess and OpenBench compute it on pentanomial counts.  Nim has no
 * draws, so of the five pair results of chess three are left: a pair
 * scores 1 (won 2-0), 1/2 (split 1-1) or 0 (lost 0-2).  With p_i the
 * share of pairs of score x_i, the mean is m = sum p_i x_i and the
 * variance v = sum p_i (x_i - m)^2.  H0 and H1 each say what mean score
 * to expect, s0 and s1; with N pairs the log-likelihood ratio of the
 * normal approximation is
 *
 *     LLR = N (s1 - s0) (2 m - s0 - s1) / (2 v)
 *
 * and the test stops when it leaves [ln (beta / (1 - alpha)),
 * ln ((1 - beta) / alpha)].  The logistic model takes s = 1 / (1 +
 * 10^(-elo / 400)); the normalized one s = 1/2 + nelo sqrt (2 v) /
 * (800 / ln 10), the pair variance doubled to a game's.
 *
 * A count of 0 is taken as 1/2, half a pair, so that the variance is
 * never zero: two perfect players splitting every pair, or one side
 * winning every pair, give a finite LLR that moves steadily towards a
 * bound rather than a division by zero.  fastchess takes 0.001, which
 * keeps the variance positive too but lets the first pair of a sweep
 * decide the test (one pair won 2-0 gives an LLR of about 27 for elo0=0,
 * elo1=50); with half a pair, the Jeffreys prior's weight, a sweep
 * needs 7 pairs to decide that test.  While every count is positive the LLR is
 * exactly fastchess's.  Everything is O(1) in the number of pairs. */

#include "config.h"

#include "nim-sprt.h"

#include "nim-i18n.h"
#include "nim-error.h"

#include <math.h>

/* What a count of zero is taken as (see above). */
#define REGULARIZED_ZERO 0.5

/**
 * nim_sprt_check:
 * @sprt: a test
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Returns: %TRUE when @sprt can be run: elo0 below elo1, alpha and beta
 *   between 0 and 1 and together below 1
 */
gboolean
nim_sprt_check (const NimSprt *sprt, GError **error)
{
  if (!(sprt->elo0 < sprt->elo1))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("elo0 must be less than elo1"));
      return FALSE;
    }
  if (!(sprt->alpha > 0 && sprt->alpha < 1 && sprt->beta > 0
        && sprt->beta < 1))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("alpha and beta must each be between 0 and 1, such "
                      "as 0.05"));
      return FALSE;
    }
  if (sprt->alpha + sprt->beta >= 1)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("alpha and beta must add up to less than 1"));
      return FALSE;
    }
  return TRUE;
}

/**
 * nim_sprt_bounds:
 * @sprt: a test
 * @lower: (out): ln (beta / (1 - alpha)), where H0 is accepted
 * @upper: (out): ln ((1 - beta) / alpha), where H1 is accepted
 */
void
nim_sprt_bounds (const NimSprt *sprt, double *lower, double *upper)
{
  *lower = log (sprt->beta / (1 - sprt->alpha));
  *upper = log ((1 - sprt->beta) / sprt->alpha);
}

static double
logistic_score (double elo)
{
  return 1.0 / (1.0 + pow (10.0, -elo / 400.0));
}

/**
 * nim_sprt_llr:
 * @sprt: a test
 * @pair_counts: the pairs player 1 won 2-0, split 1-1 and lost 0-2
 *
 * Returns: the log-likelihood ratio of H1 against H0; 0 without a pair
 */
double
nim_sprt_llr (const NimSprt *sprt, const guint64 pair_counts[3])
{
  static const double pair_score[3] = { 1.0, 0.5, 0.0 };
  double c[3], n = 0, mean = 0, var = 0, s0, s1;
  guint i;

  if (pair_counts[0] + pair_counts[1] + pair_counts[2] == 0)
    return 0;
  for (i = 0; i < 3; i++)
    {
      c[i] = pair_counts[i] > 0 ? (double) pair_counts[i] : REGULARIZED_ZERO;
      n += c[i];
    }
  for (i = 0; i < 3; i++)
    mean += pair_score[i] * c[i] / n;
  for (i = 0; i < 3; i++)
    var += (pair_score[i] - mean) * (pair_score[i] - mean) * c[i] / n;
  if (sprt->model == NIM_SPRT_NORMALIZED)
    {
      double scale = sqrt (2.0 * var) / (800.0 / G_LN10);

      s0 = 0.5 + sprt->elo0 * scale;
      s1 = 0.5 + sprt->elo1 * scale;
    }
  else
    {
      s0 = logistic_score (sprt->elo0);
      s1 = logistic_score (sprt->elo1);
    }
  return n * (s1 - s0) * (2 * mean - s0 - s1) / (2 * var);
}

/**
 * nim_sprt_decide:
 * @sprt: a test
 * @llr: its log-likelihood ratio
 *
 * Returns: which hypothesis @llr accepts, if any
 */
NimSprtDecision
nim_sprt_decide (const NimSprt *sprt, double llr)
{
  double lower, upper;

  nim_sprt_bounds (sprt, &lower, &upper);
  if (llr >= upper)
    return NIM_SPRT_H1;
  if (llr <= lower)
    return NIM_SPRT_H0;
  return NIM_SPRT_NONE;
}

/**
 * nim_sprt_model_name:
 * @model: a model
 *
 * Returns: its name, "logistic" or "normalized"
 */
const char *
nim_sprt_model_name (NimSprtModel model)
{
  return model == NIM_SPRT_NORMALIZED ? "normalized" : "logistic";
}

/**
 * nim_sprt_decision_name:
 * @decision: a decision
 *
 * Returns: "H0", "H1" or "none", as the JSON summary writes it
 */
const char *
nim_sprt_decision_name (NimSprtDecision decision)
{
  return decision == NIM_SPRT_H0   ? "H0"
         : decision == NIM_SPRT_H1 ? "H1"
                                   : "none";
}
