/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-board.c -- heap state with make and unmake */

#include "config.h"

#include "nim-board.h"

#include "nim-i18n.h"
#include "nim-error.h"
#include "nim-parse.h"
#include "nim-strings.h"

#include <string.h>

/**
 * nim_board_init:
 * @board: (out): the board to fill
 * @heaps: (array length=n_heaps): the heap sizes
 * @n_heaps: how many heaps, at most %NIM_MAX_HEAPS
 */
void
nim_board_init (NimBoard *board, const guint32 *heaps, guint n_heaps)
{
  guint i;

  g_return_if_fail (n_heaps <= NIM_MAX_HEAPS);

  memset (board, 0, sizeof *board);
  board->n_heaps = n_heaps;
  for (i = 0; i < n_heaps; i++)
    {
      board->heaps[i] = heaps[i];
      board->total += heaps[i];
    }
}

/**
 * nim_board_parse:
 * @board: (out): the board to fill
 * @text: heap sizes such as "3,4,5"
 * @what: what @text was given as, named in front of each message: the
 *   program passes its option, "--heaps"
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Accepts 1 to %NIM_MAX_HEAPS sizes from 0 to %NIM_HEAP_SIZE_MAX, at least
 * one of them non-empty.
 *
 * Returns: %TRUE on success
 */
gboolean
nim_board_parse (NimBoard *board, const char *text, const char *what,
                 GError **error)
{
  g_autoptr (GArray) sizes = NULL;
  guint32 heaps[NIM_MAX_HEAPS];
  guint i;

  if (!nim_parse_uint_list (text, 0, NIM_HEAP_SIZE_MAX, NIM_MAX_HEAPS, what,
                            &sizes, error))
    return FALSE;
  for (i = 0; i < sizes->len; i++)
    heaps[i] = (guint32) g_array_index (sizes, guint64, i);
  nim_board_init (board, heaps, sizes->len);
  if (board->total == 0)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: %s says what the heaps were given as,
                      such as --heaps. */
                   _ ("%s: every heap is empty; at least one heap needs a "
                      "match"),
                   what);
      return FALSE;
    }
  return TRUE;
}

/**
 * nim_board_check_move:
 * @board: the board
 * @rules: the rules in force
 * @move: a move someone proposes
 * @error: return location for a #NIM_ERROR_USAGE error saying what is
 *   wrong with @move, in the words a player reads
 *
 * Returns: %TRUE if @move is legal on @board
 */
gboolean
nim_board_check_move (const NimBoard *board, const NimRules *rules,
                      const NimMove *move, GError **error)
{
  guint32 h;

  if (move->heap >= board->n_heaps)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("There is no heap %u; choose a heap from 1 to %u."),
                   move->heap + 1, board->n_heaps);
      return FALSE;
    }
  h = board->heaps[move->heap];
  if (h == 0)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("Heap %u is empty; choose a heap that has matches."),
                   move->heap + 1);
      return FALSE;
    }
  if (move->count < 1)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("You must take at least 1 match."));
      return FALSE;
    }
  if (move->count > h)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   g_dngettext (GETTEXT_PACKAGE,
                                "Heap %u has only %u match; you cannot take "
                                "%u.",
                                "Heap %u has only %u matches; you cannot "
                                "take %u.",
                                h),
                   move->heap + 1, h, move->count);
      return FALSE;
    }
  if (move->split != 0
      && (move->split >= h - move->count
          || move->keep + move->split != h - move->count))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("Taking %u from heap %u leaves %u; a split leaves two "
                      "heaps of at least 1 match that add up to that."),
                   move->count, move->heap + 1, h - move->count);
      return FALSE;
    }
  /* What the family allows, in its own words; then a split under rules
     that never split. */
  if (!nim_rules_check_take (rules, h, move, error))
    return FALSE;
  if (move->split != 0 && !nim_rules_splits (rules))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("These rules never split a heap; take a number of "
                      "matches and leave the rest as one heap."));
      return FALSE;
    }
  if (move->split != 0 && board->n_heaps >= NIM_MAX_HEAPS)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("There is no room for another heap; a board has at "
                      "most %d."),
                   NIM_MAX_HEAPS);
      return FALSE;
    }
  return TRUE;
}

/**
 * nim_board_has_move:
 * @board: the board
 * @rules: the rules in force
 *
 * Returns: %TRUE if the player to move has a legal move; when not, the
 *   game is over (under a subtraction set with matches left, as in the
 *   course's subtraction game)
 */
gboolean
nim_board_has_move (const NimBoard *board, const NimRules *rules)
{
  guint i;

  switch (rules->family->shape)
    {
    case NIM_MOVES_RANGE:
      return board->total > 0;
    case NIM_MOVES_SET:
      for (i = 0; i < board->n_heaps; i++)
        if (board->heaps[i] >= rules->moves[0])
          return TRUE;
      return FALSE;
    case NIM_MOVES_GENERIC:
    case NIM_MOVES_TREE:
      for (i = 0; i < board->n_heaps; i++)
        if (nim_rules_heap_has_move (rules, board->heaps[i]))
          return TRUE;
      return FALSE;
    }
  g_assert_not_reached ();
  return FALSE;
}

/**
 * nim_board_max_slots:
 * @board: the board
 * @rules: the rules in force
 *
 * A move that splits a heap adds one at the end of the board.  A split
 * takes at least j matches (the first digit with a 4) and leaves two
 * non-empty heaps, so a heap of h splits at most (h - 1) / (j + 1) times
 * in a game, by induction on h.
 *
 * Returns: the most heaps @board can have in a game from here, the empty
 *   ones included
 */
guint
nim_board_max_slots (const NimBoard *board, const NimRules *rules)
{
  guint32 j = nim_rules_min_split_take (rules);
  guint64 n = board->n_heaps;
  guint i;

  if (j == 0)
    return board->n_heaps;
  for (i = 0; i < board->n_heaps; i++)
    if (board->heaps[i] > 0)
      n += (board->heaps[i] - 1) / (j + 1);
  return (guint) MIN (n, G_MAXUINT);
}

/**
 * nim_board_check_room:
 * @board: a position to start a game from
 * @rules: the rules in force
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Returns: %TRUE if every game from @board fits in %NIM_MAX_HEAPS heaps
 *   however the heaps split (see nim_board_max_slots())
 */
gboolean
nim_board_check_room (const NimBoard *board, const NimRules *rules,
                      GError **error)
{
  guint n = nim_board_max_slots (board, rules);

  if (n <= NIM_MAX_HEAPS)
    return TRUE;
  g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
               /* TRANSLATORS: %1$u heaps could be on the board, more than
                  the %2$d a board holds. */
               _ ("These heaps could split into as many as %u heaps in a "
                  "game, and a board holds at most %d; give fewer or "
                  "smaller heaps."),
               n, NIM_MAX_HEAPS);
  return FALSE;
}

/**
 * nim_board_nim_sum:
 * @board: the board
 *
 * Returns: the exclusive or of all heap sizes, the nim-sum
 */
guint
nim_board_nim_sum (const NimBoard *board)
{
  guint x = 0, i;

  for (i = 0; i < board->n_heaps; i++)
    x ^= board->heaps[i];
  return x;
}

/**
 * nim_board_max_heap:
 * @board: the board
 *
 * Returns: the size of the largest heap
 */
guint
nim_board_max_heap (const NimBoard *board)
{
  guint m = 0, i;

  for (i = 0; i < board->n_heaps; i++)
    m = MAX (m, board->heaps[i]);
  return m;
}

/**
 * nim_board_equal:
 * @a: a board
 * @b: a board
 *
 * Returns: %TRUE if @a and @b have the same heaps in the same order
 */
gboolean
nim_board_equal (const NimBoard *a, const NimBoard *b)
{
  return a->n_heaps == b->n_heaps && a->total == b->total
         && memcmp (a->heaps, b->heaps, a->n_heaps * sizeof a->heaps[0]) == 0;
}

/**
 * nim_board_to_string:
 * @board: the board
 *
 * Returns: (transfer full): the heaps as --heaps takes them, "3,4,5"
 */
char *
nim_board_to_string (const NimBoard *board)
{
  GString *s = g_string_new (NULL);
  guint i;

  for (i = 0; i < board->n_heaps; i++)
    {
      if (i > 0)
        g_string_append_c (s, ',');
      nim_string_append_uint (s, board->heaps[i]);
    }
  return g_string_free (s, FALSE);
}
