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
 * ties by: heap order first, then the smallest count first, then (under
 * a take-and-break code) the move that leaves nothing or one heap, then
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
typedef struct
{
  guint heap;    /* the heap being enumerated */
  guint idx;     /* %NIM_TAKE_SET: index of the next count in the set;
                    %NIM_TAKE_CODE: 0 before the move without a split,
                    then the next split's first part */
  guint32 count; /* %NIM_TAKE_RANGE, %NIM_TAKE_CODE: the last count
                    yielded */
} NimMoveGen;

#define NIM_MOVEGEN_INIT                                                      \
  {                                                                           \
    0, 0, 0                                                                   \
  }

gboolean nim_movegen_next_code (NimMoveGen *gen, const NimBoard *board,
                                const NimRules *rules, NimMove *move);

static inline gboolean
nim_movegen_next (NimMoveGen *gen, const NimBoard *board,
                  const NimRules *rules, NimMove *move)
{
  if (rules->kind == NIM_TAKE_RANGE)
    {
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
    }
  if (G_UNLIKELY (rules->kind == NIM_TAKE_CODE))
    return nim_movegen_next_code (gen, board, rules, move);
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
}

guint64 nim_movegen_count (const NimBoard *board, const NimRules *rules);
guint64 nim_movegen_count_heap (const NimRules *rules, guint32 h);
gboolean nim_movegen_nth (const NimBoard *board, const NimRules *rules,
                          guint64 n, NimMove *move);
gboolean nim_movegen_first (const NimBoard *board, const NimRules *rules,
                            NimMove *move);

G_END_DECLS
