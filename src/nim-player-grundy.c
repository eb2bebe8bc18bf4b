/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-player-grundy.c -- Sprague-Grundy play (seeds 001 and 004)
 *
 * Normal play, any take rule, any heaps: the position is lost exactly
 * when the Grundy values of its heaps exclusive-or to 0, so a winning
 * move changes one heap to a size whose value makes the total 0.
 * Misère play has no such theory for several heaps, but a single heap is
 * solved by the same table (seed 004: "take the remainder of dividing by
 * three").  Moves are tried in heap order, smallest count first, so the
 * player picks exactly the move a full search picks. */

#include "config.h"

#include "nim-player.h"

#include "nim-grundy.h"
#include "nim-movegen.h"
#include "nim-util.h"

typedef struct
{
  NimPlayer parent;
  NimGrundy *grundy;
} NimGrundyPlayer;

/* Heaps a move can still be made on; the others never change again. */
static guint
live_heaps (const NimBoard *board, const NimRules *rules)
{
  guint i, n = 0;

  for (i = 0; i < board->n_heaps; i++)
    n += board->heaps[i] >= nim_rules_min_take (rules);
  return n;
}

static gboolean
grundy_supports (const NimRules *rules, const NimBoard *start,
                 GError **error)
{
  guint live = live_heaps (start, rules);

  if (rules->misere && live > 1)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_UNSUPPORTED,
                   "under misère play grundy knows only single-heap games, "
                   "and %u heaps here can be played", live);
      return FALSE;
    }
  return TRUE;
}

static gboolean
grundy_start (NimPlayer *player, GError **error)
{
  NimGrundyPlayer *self = (NimGrundyPlayer *) player;

  nim_grundy_free (self->grundy);
  self->grundy = nim_grundy_new (&player->rules);
  return TRUE;
}

/* Whether a single heap of @size is what we want to leave: under normal
   play a heap whose Grundy value is @want, under misère play a heap the
   player to move loses. */
static gboolean
is_target (NimGrundy *g, gboolean misere, guint64 size, guint want,
           gboolean *ok, GError **error)
{
  guint v;
  gboolean wins;

  if (misere)
    {
      if (!nim_grundy_misere_wins (g, size, &wins, error))
        return FALSE;
      *ok = !wins;
      return TRUE;
    }
  if (!nim_grundy_value (g, size, &v, error))
    return FALSE;
  *ok = v == want;
  return TRUE;
}

/* Sets *count to the smallest legal count that takes a heap of @h to a
   target size, or leaves it 0 when there is none. */
static gboolean
smallest_count (NimGrundyPlayer *self, guint32 h, gboolean misere,
                guint want, guint32 *count, GError **error)
{
  const NimRules *r = &self->parent.rules;
  guint k;

  if (r->kind == NIM_TAKE_RANGE)
    {
      /* Closed form, as heaps can hold billions: with P = max_take + 1 the
         target sizes are those congruent to @want modulo P (normal play:
         G(n) = n mod P; take-any has P beyond any heap, so G(n) = n), or
         to 1 modulo P (misère), and the nearest one below h wins. */
      guint64 period = (guint64) r->max_take + 1;
      guint64 residue = misere ? 1 : want;
      guint64 m;

      if (residue >= period)
        return TRUE; /* no size has that value: G(n) < P always */
      m = ((guint64) h % period + period - residue) % period;
      if (m >= 1 && m <= h && m <= r->max_take)
        *count = (guint32) m;
      return TRUE;
    }
  for (k = 0; k < r->n_moves && r->moves[k] <= h; k++)
    {
      gboolean ok;

      if (!is_target (self->grundy, misere, h - r->moves[k], want, &ok,
                      error))
        return FALSE;
      if (ok)
        {
          *count = r->moves[k];
          return TRUE;
        }
    }
  return TRUE;
}

static gboolean
grundy_choose_move (NimPlayer *player, const NimBoard *board, NimMove *move,
                    GError **error)
{
  NimGrundyPlayer *self = (NimGrundyPlayer *) player;
  guint values[NIM_MAX_HEAPS] = { 0 };
  guint total = 0, i;

  /* Misère play uses the single heap's outcome, not the values. */
  for (i = 0; i < board->n_heaps && !player->rules.misere; i++)
    {
      if (!nim_grundy_value (self->grundy, board->heaps[i], &values[i], error))
        return FALSE;
      total ^= values[i];
    }
  for (i = 0; i < board->n_heaps; i++)
    {
      guint32 count = 0;

      if (!smallest_count (self, board->heaps[i], player->rules.misere,
                           total ^ values[i], &count, error))
        return FALSE;
      if (count > 0)
        {
          move->heap = i;
          move->count = count;
          player->stats.proven = TRUE;
          player->stats.value = 1;
          if (player->explain != NULL && player->rules.misere)
            g_string_append_printf (player->explain,
                                    "heap %u from %u to %u leaves a heap "
                                    "the opponent loses under misère play",
                                    i + 1, board->heaps[i],
                                    board->heaps[i] - count);
          else if (player->explain != NULL)
            g_string_append_printf (player->explain,
                                    "Grundy total %u: heap %u from %u to %u",
                                    total, i + 1, board->heaps[i],
                                    board->heaps[i] - count);
          return TRUE;
        }
    }
  player->stats.proven = TRUE;
  player->stats.value = -1;
  if (player->explain != NULL && player->rules.misere)
    g_string_append (player->explain, "no winning move under misère play");
  else if (player->explain != NULL)
    g_string_append_printf (player->explain,
                            "Grundy total %u: no winning move", total);
  return nim_movegen_first (board, &player->rules, move);
}

static void
grundy_finalize (NimPlayer *player)
{
  nim_grundy_free (((NimGrundyPlayer *) player)->grundy);
}

const NimPlayerClass nim_player_grundy_class = {
  .name = "grundy",
  .summary = "Sprague-Grundy values by mex (seed 001): leaves a position "
             "whose values exclusive-or to 0",
  .rules_help = "every take rule; normal play with any heaps, misère play "
                "with one heap",
  .instance_size = sizeof (NimGrundyPlayer),
  .supports = grundy_supports,
  .start = grundy_start,
  .choose_move = grundy_choose_move,
  .finalize = grundy_finalize,
};
