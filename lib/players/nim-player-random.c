/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-player-random.c -- a uniformly random legal move */

#include "config.h"

#include "nim-player.h"

#include "nim-explain.h"
#include "nim-i18n.h"
#include "nim-movegen.h"

/* A uniform number below @n (n >= 1), from GRand's 32-bit output.  Heaps
   of billions give more than 2^32 moves, and g_rand_int_range() stops at
   2^31, so draw 64 bits and reject the biased top end. */
static guint64
uniform_below (GRand *rand, guint64 n)
{
  guint64 limit = G_MAXUINT64 - G_MAXUINT64 % n, x;

  do
    x = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
  while (x >= limit);
  return x % n;
}

static gboolean
random_choose_move (NimPlayer *self, const NimBoard *board, NimMove *move,
                    GError **error)
{
  guint64 n = nim_movegen_count (board, &self->rules);

  return nim_movegen_nth (board, &self->rules,
                          uniform_below (nim_player_get_rand (self), n), move);
}

static void
random_explain_move (NimPlayer *self, const NimBoard *board,
                     const NimMove *move)
{
  guint64 n = nim_movegen_count (board, &self->rules);

  nim_explain_wrap_printf (self->explain,
                           g_dngettext (GETTEXT_PACKAGE,
                                        "Chosen uniformly at random among "
                                        "the %llu legal move, without a look "
                                        "at who wins; the same seed replays "
                                        "the same choices.",
                                        "Chosen uniformly at random among "
                                        "the %llu legal moves, without a "
                                        "look at who wins; the same seed "
                                        "replays the same choices.",
                                        n),
                           (unsigned long long) n);
}

const NimPlayerClass nim_player_random_class = {
  .name = "random",
  .summary = N_ ("a legal move drawn uniformly at random; the same seed "
                 "replays the same choices"),
  .rules_help = N_ ("every rule"),
  .instance_size = sizeof (NimPlayer),
  .kind = NIM_PLAYER_OTHER,
  .choose_move = random_choose_move,
  .explain_move = random_explain_move,
};
