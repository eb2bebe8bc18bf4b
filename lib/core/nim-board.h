/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-board.h -- heap state with make and unmake */
#pragma once

#include <glib.h>

#include "nim-move.h"
#include "nim-rules.h"

G_BEGIN_DECLS

/**
 * NimBoard:
 * @n_heaps: how many heaps, empty ones included (they keep their number);
 *   a move that splits a heap adds one at the end
 * @total: the matches on the board, kept by make and unmake
 * @heaps: the size of each heap
 *
 * A small value type that searchers copy onto their stack and change in
 * place with nim_board_make_move() and nim_board_unmake_move().
 */
struct _NimBoard
{
  guint n_heaps;
  guint64 total;
  guint32 heaps[NIM_MAX_HEAPS];
};

void nim_board_init (NimBoard *board, const guint32 *heaps, guint n_heaps);
gboolean nim_board_parse (NimBoard *board, const char *text, const char *what,
                          GError **error);
gboolean nim_board_check_move (const NimBoard *board, const NimRules *rules,
                               const NimMove *move, GError **error);
gboolean nim_board_has_move (const NimBoard *board, const NimRules *rules);
guint nim_board_max_slots (const NimBoard *board, const NimRules *rules);
gboolean nim_board_check_room (const NimBoard *board, const NimRules *rules,
                               GError **error);
guint nim_board_nim_sum (const NimBoard *board);
guint nim_board_max_heap (const NimBoard *board);
gboolean nim_board_equal (const NimBoard *a, const NimBoard *b);
char *nim_board_to_string (const NimBoard *board);

/**
 * nim_board_make_move:
 * @board: the board
 * @move: a legal move on @board
 *
 * Plays @move.  Inline and unchecked: it runs at every node of a search.
 * Use nim_board_check_move() on anything a person typed.
 */
static inline void
nim_board_make_move (NimBoard *board, const NimMove *move)
{
  board->heaps[move->heap] -= move->count + move->split;
  board->total -= move->count;
  if (G_UNLIKELY (move->split != 0))
    board->heaps[board->n_heaps++] = move->split;
}

/**
 * nim_board_unmake_move:
 * @board: the board
 * @move: the move last made on @board
 *
 * Takes @move back, restoring @board bit for bit.
 */
static inline void
nim_board_unmake_move (NimBoard *board, const NimMove *move)
{
  /* The slots past the last heap are kept 0 (nim_board_init() clears
     them), so a split taken back leaves the board as it was. */
  if (G_UNLIKELY (move->split != 0))
    board->heaps[--board->n_heaps] = 0;
  board->heaps[move->heap] += move->count + move->split;
  board->total += move->count;
}

G_END_DECLS
