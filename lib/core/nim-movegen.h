/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-movegen.h -- the legal moves of a position, without allocation */
#pragma once

#include "nim-board.h"

G_BEGIN_DECLS

/**
 * NimMoveGen:
 *
 * An iterator over the legal moves of a board that lives on the caller's
 * stack.  It yields moves in the one order every computer player breaks
 * ties by: heap order first, then within a heap the family's order (see
 * #NimRuleFamily's next): the smallest count first, then (under a
 * take-and-break code) the move that leaves nothing or one heap, then
 * the splits, the smallest first part first.  The board
 * may be changed between two calls as long as it is restored (make, search,
 * unmake), which is exactly how a searcher uses it.
 *
 * |[
 *   NimMoveGen gen = NIM_MOVEGEN_INIT;
 *   NimMove move;
 *   while (nim_movegen_next (&gen, board, rules, &move))
 *     ...
 * ]|
 */
struct _NimMoveGen
{
  guint heap;    /* the heap being enumerated */
  guint idx;     /* the family's: a set's index of the next count; a
                    code's 0 before the move without a split, then the
                    next split's first part */
  guint32 count; /* the family's: the last count yielded (range, code) */
};

#define NIM_MOVEGEN_INIT                                                      \
  {                                                                           \
    0, 0, 0                                                                   \
  }

/**
 * nim_movegen_next_generic:
 * @gen: the iterator
 * @board: the board
 * @rules: the rules in force
 * @move: (out): the next move
 *
 * nim_movegen_next() by the family's row alone, for every family: the
 * searchers' generic copies use it, and so does the tests' exact solver,
 * which is then independent of the inline shapes below.
 *
 * Returns: %TRUE if there is a next move
 */
static inline gboolean
nim_movegen_next_generic (NimMoveGen *gen, const NimBoard *board,
                          const NimRules *rules, NimMove *move)
{
  return rules->family->next (gen, board, rules, move);
}

/* Inline for the shapes the searchers' hot path knows (see
   #NimMoveShape), each written out as the family's own next() would
   yield it; any other family through its row. */
static inline gboolean
nim_movegen_next (NimMoveGen *gen, const NimBoard *board,
                  const NimRules *rules, NimMove *move)
{
  switch (rules->family->shape)
    {
    case NIM_MOVES_RANGE:
      while (gen->heap < board->n_heaps)
        {
          guint32 h = board->heaps[gen->heap];
          guint32 limit = h < rules->max_take ? h : rules->max_take;

          if (gen->count < limit)
            {
              move->heap = gen->heap;
              move->count = ++gen->count;
              move->split = 0;
              move->keep = 0;
              return TRUE;
            }
          gen->heap++;
          gen->count = 0;
        }
      return FALSE;
    case NIM_MOVES_SET:
      while (gen->heap < board->n_heaps)
        {
          if (gen->idx < rules->n_moves
              && rules->moves[gen->idx] <= board->heaps[gen->heap])
            {
              move->heap = gen->heap;
              move->count = rules->moves[gen->idx++];
              move->split = 0;
              move->keep = 0;
              return TRUE;
            }
          gen->heap++;
          gen->idx = 0;
        }
      return FALSE;
    case NIM_MOVES_GENERIC:
    case NIM_MOVES_TREE:
      return nim_movegen_next_generic (gen, board, rules, move);
    }
  g_assert_not_reached ();
  return FALSE;
}

/**
 * nim_movegen_count_heap:
 * @rules: the rules in force
 * @h: a heap size
 *
 * Inline, as a searcher may ask at every node.
 *
 * Returns: the number of legal moves on one heap of @h
 */
static inline guint64
nim_movegen_count_heap (const NimRules *rules, guint32 h)
{
  guint k = 0;

  switch (rules->family->shape)
    {
    case NIM_MOVES_RANGE:
      return h < rules->max_take ? h : rules->max_take;
    case NIM_MOVES_SET:
      while (k < rules->n_moves && rules->moves[k] <= h)
        k++;
      return k;
    case NIM_MOVES_GENERIC:
    case NIM_MOVES_TREE:
      return rules->family->count (rules, h);
    }
  g_assert_not_reached ();
  return 0;
}

guint64 nim_movegen_count (const NimBoard *board, const NimRules *rules);
gboolean nim_movegen_nth (const NimBoard *board, const NimRules *rules,
                          guint64 n, NimMove *move);
gboolean nim_movegen_first (const NimBoard *board, const NimRules *rules,
                            NimMove *move);

G_END_DECLS
