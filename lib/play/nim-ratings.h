/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-ratings.h -- ratings of many players by Bradley-Terry maximum
   likelihood */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The most players rated together. */
#define NIM_RATINGS_MAX_PLAYERS 64

/* The prior: this many virtual wins for each player over each opponent
   it met (see nim-ratings.c). */
#define NIM_RATINGS_PRIOR_WINS 1.0

/**
 * NimRating:
 * @elo: the rating, the first player's being 0
 * @low: the lower end of its 95% interval
 * @high: the upper end
 *
 * One player's rating.  The first player's interval is [0, 0]: it is the
 * anchor, and the others' intervals say how well each is known against
 * it.
 */
typedef struct
{
  double elo;
  double low;
  double high;
} NimRating;

void nim_ratings_estimate (guint n, const guint64 *wins, NimRating *ratings);

G_END_DECLS
