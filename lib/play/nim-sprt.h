/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-sprt.h -- the sequential probability ratio test of comparison runs */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/**
 * NimSprtModel:
 * @NIM_SPRT_LOGISTIC: elo0 and elo1 are logistic Elo differences
 * @NIM_SPRT_NORMALIZED: ... normalized Elo, scaled by the spread measured
 *
 * What the Elo bounds of a test are measured in.
 */
typedef enum
{
  NIM_SPRT_LOGISTIC,
  NIM_SPRT_NORMALIZED,
} NimSprtModel;

/**
 * NimSprtDecision:
 * @NIM_SPRT_NONE: no bound crossed yet
 * @NIM_SPRT_H0: the lower bound crossed: H0 (elo <= elo0) accepted
 * @NIM_SPRT_H1: the upper bound crossed: H1 (elo >= elo1) accepted
 */
typedef enum
{
  NIM_SPRT_NONE,
  NIM_SPRT_H0,
  NIM_SPRT_H1,
} NimSprtDecision;

/**
 * NimSprt:
 * @elo0: the Elo difference of H0
 * @elo1: the Elo difference of H1, larger than @elo0
 * @alpha: the chance of accepting H1 when H0 holds, 0 to 1
 * @beta: the chance of accepting H0 when H1 holds, 0 to 1
 * @model: what @elo0 and @elo1 are measured in
 *
 * A test: the hypotheses and the errors allowed.
 */
typedef struct
{
  double elo0;
  double elo1;
  double alpha;
  double beta;
  NimSprtModel model;
} NimSprt;

gboolean nim_sprt_check (const NimSprt *sprt, GError **error);
void nim_sprt_bounds (const NimSprt *sprt, double *lower, double *upper);
double nim_sprt_llr (const NimSprt *sprt, const guint64 pair_counts[3]);
NimSprtDecision nim_sprt_decide (const NimSprt *sprt, double llr);
const char *nim_sprt_model_name (NimSprtModel model);
const char *nim_sprt_decision_name (NimSprtDecision decision);

G_END_DECLS
