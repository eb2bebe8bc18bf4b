/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-movegen.c -- counting and indexing the legal moves */

#include "config.h"

#include "nim-movegen.h"

/* How many counts the rules allow on a heap of @h matches. */
static guint64
moves_on_heap (const NimRules *rules, guint32 h)
{
  guint k = 0;

  if (rules->kind == NIM_TAKE_RANGE)
    return MIN (h, rules->max_take);
  while (k < rules->n_moves && rules->moves[k] <= h)
    k++;
  return k;
}

/**
 * nim_movegen_count:
 * @board: the board
 * @rules: the rules in force
 *
 * Counts the legal moves without enumerating them, so it is fast on heaps
 * of a billion matches.
 *
 * Returns: the number of legal moves
 */
guint64
nim_movegen_count (const NimBoard *board, const NimRules *rules)
{
  guint64 n = 0;
  guint i;

  for (i = 0; i < board->n_heaps; i++)
    n += moves_on_heap (rules, board->heaps[i]);
  return n;
}

/**
 * nim_movegen_nth:
 * @board: the board
 * @rules: the rules in force
 * @n: an index from 0 to nim_movegen_count() - 1
 * @move: (out): the @n-th move in generator order
 *
 * Returns: %TRUE if there is such a move
 */
gboolean
nim_movegen_nth (const NimBoard *board, const NimRules *rules, guint64 n,
                 NimMove *move)
{
  guint i;

  for (i = 0; i < board->n_heaps; i++)
    {
      guint64 k = moves_on_heap (rules, board->heaps[i]);

      if (n < k)
        {
          move->heap = i;
          move->count = rules->kind == NIM_TAKE_RANGE ? (guint32) n + 1
                                                      : rules->moves[n];
          return TRUE;
        }
      n -= k;
    }
  return FALSE;
}

/**
 * nim_movegen_first:
 * @board: the board
 * @rules: the rules in force
 * @move: (out): the first legal move: the first heap that allows one, the
 *   smallest count.  It is what every computer player plays in a lost
 *   position, to "put up a good show", as the course's one-pile game
 *   says.
 *
 * Returns: %TRUE if there is a legal move
 */
gboolean
nim_movegen_first (const NimBoard *board, const NimRules *rules, NimMove *move)
{
  NimMoveGen gen = NIM_MOVEGEN_INIT;

  return nim_movegen_next (&gen, board, rules, move);
}
