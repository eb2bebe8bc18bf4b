/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-movegen.c -- the legal moves of a position, by the family's row:
 * enumerating, counting and indexing them */

#include "config.h"

#include "nim-movegen.h"

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
    n += nim_movegen_count_heap (rules, board->heaps[i]);
  return n;
}

/* The @n-th move on a heap of @h, below its count: by the family's
   index, or (a family without one, whose heaps have few moves) by
   stepping through its moves. */
static gboolean
heap_nth (const NimRules *rules, guint32 h, guint64 n, NimMove *move)
{
  const NimRuleFamily *f = rules->family;
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimBoard one;

  if (f->nth != NULL)
    return f->nth (rules, h, n, move);
  nim_board_init (&one, &h, 1);
  while (f->next (&gen, &one, rules, move))
    if (n-- == 0)
      return TRUE;
  return FALSE;
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
      guint64 k = nim_movegen_count_heap (rules, board->heaps[i]);

      if (n < k)
        {
          gboolean found = heap_nth (rules, board->heaps[i], n, move);

          g_assert (found);
          move->heap = i;
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
