/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-player-xor.c -- the nim-sum strategy of seeds 000 and 003
 *
 * Normal play: leave the opponent a position whose heaps exclusive-or to
 * zero.  Misère play (seed 003) plays the same until the move would leave
 * only heaps of one match; then it leaves an odd number of them.  Among
 * the winning moves it takes the first in heap order, and in each heap
 * there is at most one, so it picks exactly what a full search picks. */

#include "config.h"

#include "nim-player.h"

#include "nim-movegen.h"
#include "nim-util.h"

static gboolean
xor_supports (const NimRules *rules, const NimBoard *start, GError **error)
{
  if (!nim_rules_is_take_any (rules))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_UNSUPPORTED,
                   "xor plays only the take-any rule (any number of "
                   "matches from one heap), normal or misère");
      return FALSE;
    }
  return TRUE;
}

/* What the strategy needs of a position, counted once per move. */
typedef struct
{
  guint nim_sum;
  guint big;  /* heaps of two or more */
  guint ones; /* heaps of exactly one */
} Summary;

/* Whether reducing a heap of @h to *target wins, @all summing up the
   whole position (this heap included). */
static gboolean
winning_target (const Summary *all, gboolean misere, guint32 h,
                guint32 *target)
{
  guint others = all->nim_sum ^ h;
  guint big_others = all->big - (h >= 2);
  guint ones_others = all->ones - (h == 1);

  /* With another heap of two or more left, misère is won like normal
     play; otherwise leave an odd number of single matches (seed 003). */
  if (!misere || big_others > 0)
    *target = others;
  else
    *target = ones_others % 2 == 1 ? 0 : 1;
  return *target < h;
}

static gboolean
xor_choose_move (NimPlayer *self, const NimBoard *board, NimMove *move,
                 GError **error)
{
  Summary all = { nim_board_nim_sum (board), 0, 0 };
  guint i;

  for (i = 0; i < board->n_heaps; i++)
    {
      all.big += board->heaps[i] >= 2;
      all.ones += board->heaps[i] == 1;
    }
  for (i = 0; i < board->n_heaps; i++)
    {
      guint32 t;

      if (board->heaps[i] > 0
          && winning_target (&all, self->rules.misere, board->heaps[i], &t))
        {
          move->heap = i;
          move->count = board->heaps[i] - t;
          self->stats.proven = TRUE;
          self->stats.value = 1;
          if (self->explain != NULL)
            g_string_append_printf (self->explain,
                                    "nim-sum %u: heap %u from %u to %u "
                                    "leaves a lost position",
                                    all.nim_sum, i + 1, board->heaps[i], t);
          return TRUE;
        }
    }
  /* Lost against best play: take one match and hope (seed 004). */
  self->stats.proven = TRUE;
  self->stats.value = -1;
  if (self->explain != NULL)
    g_string_append_printf (self->explain, "nim-sum %u: no winning move",
                            all.nim_sum);
  return nim_movegen_first (board, &self->rules, move);
}

const NimPlayerClass nim_player_xor_class = {
  .name = "xor",
  .summary = "the nim-sum strategy of seeds 000 and 003: leaves heaps whose "
             "exclusive or is 0",
  .rules_help = "take any number; normal and misère play; any heaps",
  .instance_size = sizeof (NimPlayer),
  .supports = xor_supports,
  .choose_move = xor_choose_move,
};
