/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-compare.h -- `nim --compare`: every algorithm on one position */
#pragma once

#include <glib.h>

#include "nim-board.h"
#include "nim-player.h"
#include "nim-search.h"

G_BEGIN_DECLS

/* The node budget of each search when --nodes is not given: minimax on
   3,4,5 (about a million nodes) finishes well within it, on 1,3,5,7 (half
   a billion) it does not; a budget-bound line costs a few tenths of a
   second. */
#define NIM_COMPARE_DEFAULT_NODES G_GUINT64_CONSTANT (10000000)

/**
 * NimCompareRow:
 * @spec: the player spec as the row shows it, "negamax:tt=off"; a
 *   searcher ran with the comparison's budget where the spec sets none
 * @bench: (nullable): the tag of the `make bench` engine line with this
 *   configuration
 * @value: 1 when the player found the position won, -1 lost, 0 when it
 *   did not prove a value
 * @finished: the player finished (a closed form always does; a search
 *   did not when its budget ran out first)
 * @move: the move it chose
 * @stats: what choosing it cost
 * @error: (nullable): why the player could not run on the position (it
 *   could not start, or could not choose a move: a table out of reach);
 *   the row then has no value, move or counts
 *
 * One line of the comparison.
 */
typedef struct
{
  char *spec;
  const char *bench;
  int value;
  gboolean finished;
  NimMove move;
  NimSearchStats stats;
  GError *error;
} NimCompareRow;

/**
 * NimCompareRowFunc:
 * @row: the row just finished
 * @user_data: what nim_compare_run() was given
 *
 * Called as each row of a comparison finishes, so that the program can
 * show it at once: minimax on a large position runs for seconds.
 */
typedef void (*NimCompareRowFunc) (const NimCompareRow *row,
                                   gpointer user_data);

GPtrArray *nim_compare_run (const NimRules *rules, const NimBoard *board,
                            const NimBudget *budget, const char *const *specs,
                            NimCompareRowFunc row_done, gpointer user_data,
                            gboolean *interrupted, GError **error);

G_END_DECLS
