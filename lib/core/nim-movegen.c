/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-movegen.c -- counting and indexing the legal moves */

#include "config.h"

#include "nim-movegen.h"

/* How many moves taking @j a code allows on a heap of @h >= @j. */
static guint64
code_moves (const NimRules *rules, guint32 h, guint32 j)
{
  guint d = rules->digits[j];
  guint32 rest = h - j;
  guint64 n = nim_rules_digit_leaves (d, rest);

  if (d & NIM_RULES_TWO)
    n += rest / 2;
  return n;
}

/**
 * nim_movegen_next_code:
 * @gen: the iterator
 * @board: the board
 * @rules: rules of kind %NIM_TAKE_CODE
 * @move: (out): the next move
 *
 * nim_movegen_next() for a take-and-break code, out of line: for each
 * count j whose digit allows a move, the move that leaves nothing or one
 * heap, then the splits a + b with a <= b (a heap's order does not
 * matter), the smallest a first.
 *
 * Returns: %TRUE if there is a next move
 */
gboolean
nim_movegen_next_code (NimMoveGen *gen, const NimBoard *board,
                       const NimRules *rules, NimMove *move)
{
  while (gen->heap < board->n_heaps)
    {
      const guint32 h = board->heaps[gen->heap];
      const guint32 last = MIN (h, rules->n_digits);

      if (gen->count == 0)
        {
          gen->count = 1;
          gen->idx = 0;
        }
      while (gen->count <= last)
        {
          const guint32 j = gen->count;
          const guint d = rules->digits[j];
          const guint32 rest = h - j;

          if (gen->idx == 0)
            {
              gen->idx = 1;
              if (nim_rules_digit_leaves (d, rest))
                {
                  move->heap = gen->heap;
                  move->count = j;
                  move->split = 0;
                  move->keep = 0;
                  return TRUE;
                }
            }
          if ((d & NIM_RULES_TWO) && gen->idx <= rest / 2)
            {
              guint32 a = gen->idx++;

              move->heap = gen->heap;
              move->count = j;
              move->split = rest - a;
              move->keep = a;
              return TRUE;
            }
          gen->count++;
          gen->idx = 0;
        }
      gen->heap++;
      gen->count = 0;
      gen->idx = 0;
    }
  return FALSE;
}

/* How many moves the rules allow on a heap of @h matches. */
static guint64
moves_on_heap (const NimRules *rules, guint32 h)
{
  guint k = 0;

  if (rules->kind == NIM_TAKE_CODE)
    {
      guint64 n = 0;
      guint32 j;

      for (j = 1; j <= MIN (h, rules->n_digits); j++)
        n += code_moves (rules, h, j);
      return n;
    }
  if (rules->kind == NIM_TAKE_RANGE)
    return MIN (h, rules->max_take);
  while (k < rules->n_moves && rules->moves[k] <= h)
    k++;
  return k;
}

/**
 * nim_movegen_count_heap:
 * @rules: the rules in force
 * @h: a heap size
 *
 * Returns: the number of legal moves on one heap of @h
 */
guint64
nim_movegen_count_heap (const NimRules *rules, guint32 h)
{
  return moves_on_heap (rules, h);
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

      if (n < k && rules->kind == NIM_TAKE_CODE)
        {
          NimMoveGen gen = { i, 0, 0 };
          NimMove m;

          /* The moves of one heap, at most 32 counts' worth. */
          while (nim_movegen_next_code (&gen, board, rules, &m))
            if (n-- == 0)
              {
                *move = m;
                return TRUE;
              }
          g_assert_not_reached ();
        }
      if (n < k)
        {
          move->heap = i;
          move->split = 0;
          move->keep = 0;
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
