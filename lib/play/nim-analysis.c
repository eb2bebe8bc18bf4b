/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-analysis.c -- solving one position; the Grundy sequence of a heap
 *
 * `nim --solve` asks an engine (any computer player) for the value of the
 * position, then for the value of every position one move away: a move
 * wins exactly when it leaves the opponent a lost position.  So the list
 * is the engine's own answer, and a closed-form engine and a searcher can
 * be checked against each other from the command line.  Both answers here
 * are structs; src/nim-analysis-report.c prints them. */

#include "config.h"

#include "nim-analysis.h"

#include "nim-grundy.h"
#include "nim-i18n.h"
#include "nim-movegen.h"
#include "nim-player.h"
#include "nim-util.h"

/* Every value of a sequence that may be asked for can be computed. */
G_STATIC_ASSERT (NIM_GRUNDY_SEQUENCE_MAX < NIM_GRUNDY_TABLE_MAX);

/**
 * nim_solution_free:
 * @solution: (nullable): a solution
 */
void
nim_solution_free (NimSolution *solution)
{
  if (solution == NULL)
    return;
  g_free (solution->engine);
  if (solution->winning_moves != NULL)
    g_array_unref (solution->winning_moves);
  g_free (solution);
}

/* Asks @engine whether the player to move on @board wins, adding what
   that cost to *@nodes; a value it could not prove is an error here. */
static gboolean
engine_wins (NimPlayer *engine, const NimBoard *board, NimMove *best,
             gboolean *wins, guint64 *nodes, GError **error)
{
  int value;

  if (!nim_player_evaluate (engine, board, &value, best, error))
    return FALSE;
  *nodes += nim_player_get_stats (engine)->nodes;
  if (value == 0)
    {
      g_autofree char *heaps = nim_board_to_string (board);

      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   /* TRANSLATORS: the first %s is a player spec, the
                      second heaps such as 3,4,5, the third a player name
                      (the spec stays as it is). */
                   _ ("%s did not prove the position %s within its budget; "
                      "give it more, such as '%s:time=0', or use a "
                      "closed-form engine (xor, grundy) where the rules "
                      "allow"),
                   nim_player_get_spec (engine), heaps,
                   nim_player_get_name (engine));
      return FALSE;
    }
  *wins = value > 0;
  return TRUE;
}

/* The Sprague-Grundy values, where normal play defines them. */
static void
solve_grundy (NimSolution *s)
{
  g_autoptr (NimGrundy) grundy = NULL;
  guint i;

  if (s->rules.misere)
    return;
  grundy = nim_grundy_new (&s->rules);
  s->grundy = 0;
  for (i = 0; i < s->board.n_heaps; i++)
    {
      if (!nim_grundy_value (grundy, s->board.heaps[i], &s->heap_grundy[i],
                             NULL))
        return;
      s->grundy ^= s->heap_grundy[i];
    }
  s->have_grundy = TRUE;
}

/**
 * nim_solve:
 * @rules: the rules
 * @board: the position, with the player to move
 * @engine: a player spec, such as "negamax" or "xor"
 * @error: return location for a #NIM_ERROR_USAGE error (a bad or human
 *   engine), #NIM_ERROR_UNSUPPORTED (an engine that does not play the
 *   rules) or #NIM_ERROR_FAILED (the engine's budget ran out)
 *
 * Returns: (transfer full) (nullable): the value of @board, its winning
 *   moves and what finding them cost
 */
NimSolution *
nim_solve (const NimRules *rules, const NimBoard *board, const char *engine,
           GError **error)
{
  g_autoptr (NimSolution) s = g_new0 (NimSolution, 1);
  g_autoptr (NimPlayer) p = nim_player_new (engine, error);
  gint64 t0 = g_get_monotonic_time ();
  NimMove best = { 0 };

  if (p == NULL)
    return NULL;
  if (nim_player_is_interactive (p))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: %s is a player's name, "human". */
                   _ ("solving a position needs a computer engine, not %s"),
                   nim_player_get_name (p));
      return NULL;
    }
  s->rules = *rules;
  s->board = *board;
  s->engine = g_strdup (nim_player_get_spec (p));
  s->winning_moves = g_array_new (FALSE, FALSE, sizeof (NimMove));
  s->complete = TRUE;
  nim_player_set_number (p, 1);
  nim_player_set_seed (p, 1);
  if (!nim_player_start (p, rules, board, error)
      || !engine_wins (p, board, &best, &s->wins, &s->nodes, error))
    return NULL;

  if (s->wins && nim_movegen_count (board, rules) > NIM_SOLVE_MAX_MOVES)
    {
      s->complete = FALSE;
      g_array_append_val (s->winning_moves, best);
    }
  else if (s->wins)
    {
      NimMoveGen gen = NIM_MOVEGEN_INIT;
      NimMove m;

      while (nim_movegen_next (&gen, board, rules, &m))
        {
          NimBoard child = *board;
          NimMove reply;
          gboolean child_wins;

          nim_board_make_move (&child, &m);
          if (!engine_wins (p, &child, &reply, &child_wins, &s->nodes, error))
            return NULL;
          if (!child_wins)
            g_array_append_val (s->winning_moves, m);
        }
    }
  solve_grundy (s);
  s->seconds = (g_get_monotonic_time () - t0) / 1e6;
  return g_steal_pointer (&s);
}

/**
 * nim_grundy_sequence_new:
 * @rules: the take rule; normal play, for which Grundy values are defined
 * @n: the largest heap size, at most %NIM_GRUNDY_SEQUENCE_MAX
 *
 * Finds the period the Grundy values of a single heap settle into, if one
 * shows within @n, and readies G(0) to G(@n) for
 * nim_grundy_sequence_value().
 *
 * Returns: (transfer full): the sequence; free with
 *   nim_grundy_sequence_free()
 */
NimGrundySequence *
nim_grundy_sequence_new (const NimRules *rules, guint64 n)
{
  NimGrundySequence *self;

  g_return_val_if_fail (!rules->misere, NULL);
  g_return_val_if_fail (n <= NIM_GRUNDY_SEQUENCE_MAX, NULL);
  self = g_new0 (NimGrundySequence, 1);
  self->rules = *rules;
  self->n = n;
  self->grundy = nim_grundy_new (rules);
  self->periodic
      = nim_grundy_period (self->grundy, n, &self->preperiod, &self->period);
  return self;
}

/**
 * nim_grundy_sequence_value:
 * @sequence: a sequence
 * @i: a heap size, at most @sequence->n
 *
 * Returns: G(@i), under the sequence's take rule
 */
guint
nim_grundy_sequence_value (NimGrundySequence *sequence, guint64 i)
{
  guint value = 0;

  g_return_val_if_fail (i <= sequence->n, 0);
  /* The table holds NIM_GRUNDY_TABLE_MAX sizes, more than any sequence's
     (see the static assertion above): this cannot fail. */
  if (!nim_grundy_value (sequence->grundy, i, &value, NULL))
    g_assert_not_reached ();
  return value;
}

/**
 * nim_grundy_sequence_free:
 * @sequence: (nullable): a sequence
 */
void
nim_grundy_sequence_free (NimGrundySequence *sequence)
{
  if (sequence == NULL)
    return;
  nim_grundy_free (sequence->grundy);
  g_free (sequence);
}
