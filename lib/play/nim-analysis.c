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

#include <string.h>

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

/* The players of @kind that claim perfect play and play @rules from
   @board, "xor, grundy"; empty when there is none. */
static char *
perfect_players (NimPlayerKind kind, const NimRules *rules,
                 const NimBoard *board)
{
  const NimPlayerClass *const *classes = nim_player_classes ();
  g_autoptr (GString) names = g_string_new (NULL);
  guint i;

  for (i = 0; classes[i] != NULL; i++)
    if (classes[i]->kind == kind && classes[i]->perfect
        && nim_player_supports (classes[i], rules, board, NULL))
      g_string_append_printf (names, "%s%s", names->len ? ", " : "",
                              classes[i]->name);
  return g_strdup (names->str);
}

/* The spec of @engine without a budget: its options but depth=, time=
   and nodes=, then time=0 where it takes one, so that advice to search
   to the end works when pasted.  *@depth_limited says whether a depth=
   limit was given. */
static char *
unlimited_spec (const NimPlayer *engine, gboolean *depth_limited)
{
  const char *spec = nim_player_get_spec (engine);
  const char *colon = strchr (spec, ':');
  const NimPlayerOption *o;
  g_autoptr (GString) out = g_string_new (nim_player_get_name (engine));
  g_auto (GStrv) pairs = g_strsplit (colon ? colon + 1 : "", ",", -1);
  gboolean takes_time = FALSE;
  guint n = 0, i;

  *depth_limited = FALSE;
  for (o = engine->klass->options; o != NULL && o->key != NULL; o++)
    takes_time = takes_time || g_str_equal (o->key, "time");
  for (i = 0; pairs[i] != NULL; i++)
    {
      if (g_str_has_prefix (pairs[i], "depth="))
        *depth_limited = *depth_limited || !g_str_equal (pairs[i], "depth=0");
      if (*pairs[i] == '\0' || g_str_has_prefix (pairs[i], "depth=")
          || g_str_has_prefix (pairs[i], "time=")
          || g_str_has_prefix (pairs[i], "nodes="))
        continue;
      g_string_append_printf (out, "%c%s", n++ ? ',' : ':', pairs[i]);
    }
  if (takes_time)
    g_string_append_printf (out, "%ctime=0", n ? ',' : ':');
  return g_strdup (out->str);
}

/* Sets @error to say that @engine did not prove @board, and what would:
   the same engine without its limit (a depth limit, or its budget of time
   or nodes), or a closed form where one knows the rules. */
static void
unproven (const NimPlayer *engine, const NimBoard *board, GError **error)
{
  g_autofree char *heaps = nim_board_to_string (board);
  gboolean depth_limited;
  g_autofree char *better = unlimited_spec (engine, &depth_limited);
  g_autofree char *closed
      = perfect_players (NIM_PLAYER_CLOSED_FORM, &engine->rules, board);

  g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
               depth_limited
                   /* TRANSLATORS: the first %s is a player spec, the second
                      heaps such as 3,4,5, the third a player spec to
                      paste, such as minimax:time=0. */
                   ? _ ("%s did not prove the position %s within its depth "
                        "limit; search to the end of the game, such as "
                        "'%s'")
                   /* TRANSLATORS: as above, for a budget of time or
                      nodes. */
                   : _ ("%s did not prove the position %s within its "
                        "budget; give it more, such as '%s'"),
               nim_player_get_spec (engine), heaps, better);
  if (*closed != '\0')
    {
      g_autofree char *message = g_strdup_printf (
          /* TRANSLATORS: follows the message above; %s lists players,
             "xor, grundy". */
          _ ("%s; or use %s, whose theory solves these rules at once"),
          (*error)->message, closed);

      g_free ((*error)->message);
      (*error)->message = g_steal_pointer (&message);
    }
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
      unproven (engine, board, error);
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
  if (!p->klass->perfect)
    {
      g_autofree char *searchers
          = perfect_players (NIM_PLAYER_SEARCHER, rules, board);
      g_autofree char *closed
          = perfect_players (NIM_PLAYER_CLOSED_FORM, rules, board);

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: the first %s is a player's name,
                      "random"; then two lists of players. */
                   *closed ? _ ("%s does not claim perfect play, so it cannot "
                                "prove what a position is worth; engines that "
                                "can: %s, and for these rules %s")
                           : _ ("%s does not claim perfect play, so it cannot "
                                "prove what a position is worth; engines that "
                                "can: %s"),
                   nim_player_get_name (p), searchers, closed);
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
