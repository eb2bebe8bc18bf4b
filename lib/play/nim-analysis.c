/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-analysis.c -- solving one position; the Grundy sequence of a heap
 *
 * `nim --solve` asks an engine (any computer player) for the value of the
 * position, then for the value of every position one move away: a move
 * wins exactly when it leaves the opponent a lost position.  So the list
 * is the engine's own answer, and a closed-form engine and a searcher can
 * be checked against each other from the command line. */

#include "config.h"

#include "nim-analysis.h"

#include "nim-grundy.h"
#include "nim-i18n.h"
#include "nim-movegen.h"
#include "nim-player.h"
#include "nim-record.h"
#include "nim-util.h"

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
                      (the option stays as it is). */
                   _("%s did not prove the position %s within its budget; "
                     "give it more, such as --player1 '%s:time=0', or use a "
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
                   _("--solve needs a computer engine, not %s; give one "
                     "with --player1, such as --player1 negamax"),
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
 * nim_solution_print:
 * @solution: a solution
 * @out: where to print it for people
 */
void
nim_solution_print (const NimSolution *solution, FILE *out)
{
  const NimSolution *s = solution;
  g_autofree char *heaps = nim_board_to_string (&s->board);
  g_autofree char *rules = nim_rules_describe (&s->rules);
  guint i;

  /* TRANSLATORS: %s is the heaps, such as 3,4,5; the rules follow on
     the next line. */
  fprintf (out, _("Position: %s\n"), heaps);
  fprintf (out, "%s\n", rules);
  fputs (s->wins ? _("The player to move wins.\n")
                 : _("The player to move loses against best play.\n"),
         out);
  if (s->wins)
    {
      /* TRANSLATORS: followed by the winning moves, " take 2 from heap 1,
         take 3 from heap 2". */
      fputs (!s->complete ? _("A winning move (the position has too many "
                              "moves to list every winning one):")
                          : s->winning_moves->len == 1 ? _("Winning move:")
                                                       : _("Winning moves:"),
             out);
      for (i = 0; i < s->winning_moves->len; i++)
        {
          const NimMove *m = &g_array_index (s->winning_moves, NimMove, i);

          if (i > 0)
            fputs (C_("list", ","), out);
          /* TRANSLATORS: a winning move of --solve; the blank in front is
             kept. */
          fprintf (out, g_dngettext (GETTEXT_PACKAGE, " take %u from heap %u",
                                     " take %u from heap %u", m->count),
                   m->count, m->heap + 1);
        }
      fprintf (out, "\n");
    }
  if (s->have_grundy)
    {
      /* TRANSLATORS: followed by " G(3) = 3, G(4) = 4". */
      fputs (_("Sprague-Grundy values:"), out);
      for (i = 0; i < s->board.n_heaps; i++)
        fprintf (out, " G(%u) = %u%s", s->board.heaps[i], s->heap_grundy[i],
                 i + 1 < s->board.n_heaps ? C_("list", ",") : "");
      fprintf (out, s->grundy != 0 ? _("; position %u (not 0: a win)\n")
                                   : _("; position %u (0: a loss)\n"),
               s->grundy);
    }
  else if (s->rules.misere)
    fputs (_("Sprague-Grundy values: not defined under misère play\n"), out);
  else
    fputs (_("Sprague-Grundy values: unknown (no period found for these "
             "sizes)\n"),
           out);
  /* TRANSLATORS: the engine's spec, the nodes it searched and the seconds
     it took. */
  fprintf (out, _("Engine: %s, %llu nodes, %.3f s\n"), s->engine,
           (unsigned long long) s->nodes, s->seconds);
}

/**
 * nim_solution_to_json:
 * @solution: a solution
 *
 * Returns: (transfer full): {"rules": {...}, "heaps": [...],
 *   "to_move": "win"|"loss", "winning_moves": [{"heap": h, "take": n}],
 *   "complete": bool, "grundy": G|null, "heap_grundy": [...]|null,
 *   "engine": "spec", "nodes": N, "seconds": S}, heaps numbered from 1
 */
JsonNode *
nim_solution_to_json (const NimSolution *solution)
{
  const NimSolution *s = solution;
  g_autoptr (JsonBuilder) b = json_builder_new ();
  guint i;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "rules");
  json_builder_add_value (b, nim_record_rules (&s->rules));
  json_builder_set_member_name (b, "heaps");
  json_builder_add_value (b, nim_record_heaps (&s->board));
  json_builder_set_member_name (b, "to_move");
  json_builder_add_string_value (b, s->wins ? "win" : "loss");
  json_builder_set_member_name (b, "winning_moves");
  json_builder_begin_array (b);
  for (i = 0; i < s->winning_moves->len; i++)
    {
      const NimMove *m = &g_array_index (s->winning_moves, NimMove, i);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "heap");
      json_builder_add_int_value (b, m->heap + 1);
      json_builder_set_member_name (b, "take");
      json_builder_add_int_value (b, m->count);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "complete");
  json_builder_add_boolean_value (b, s->complete);
  json_builder_set_member_name (b, "grundy");
  if (s->have_grundy)
    json_builder_add_int_value (b, s->grundy);
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "heap_grundy");
  if (s->have_grundy)
    {
      json_builder_begin_array (b);
      for (i = 0; i < s->board.n_heaps; i++)
        json_builder_add_int_value (b, s->heap_grundy[i]);
      json_builder_end_array (b);
    }
  else
    json_builder_add_null_value (b);
  json_builder_set_member_name (b, "engine");
  json_builder_add_string_value (b, s->engine);
  json_builder_set_member_name (b, "nodes");
  json_builder_add_int_value (b, (gint64) s->nodes);
  json_builder_set_member_name (b, "seconds");
  json_builder_add_double_value (b, s->seconds);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/**
 * nim_grundy_sequence_print:
 * @rules: the take rule (normal play)
 * @n: the largest heap size
 * @json: print one JSON object instead of text
 * @out: where to print
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Prints G(0) to G(@n) of a single heap and the period the sequence
 * settles into, if one shows within @n: {"rules": {...}, "values": [...],
 * "period": P|null, "preperiod": Q|null}.
 *
 * Returns: %TRUE on success
 */
gboolean
nim_grundy_sequence_print (const NimRules *rules, guint64 n, gboolean json,
                           FILE *out, GError **error)
{
  g_autoptr (NimGrundy) grundy = NULL;
  g_autofree guint *values = NULL;
  guint64 i, pre = 0, period = 0;
  gboolean periodic;

  if (rules->misere)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _("--grundy-sequence gives normal-play values; drop "
                     "--misere"));
      return FALSE;
    }
  g_return_val_if_fail (n <= NIM_GRUNDY_SEQUENCE_MAX, FALSE);
  grundy = nim_grundy_new (rules);
  values = g_new (guint, n + 1);
  for (i = 0; i <= n; i++)
    if (!nim_grundy_value (grundy, i, &values[i], error))
      return FALSE;
  periodic = nim_grundy_period (grundy, n, &pre, &period);

  if (json)
    {
      /* Ten million values would make a JSON tree of nearly a gigabyte:
         the array is written as it goes, the rest through json-glib. */
      g_autoptr (JsonNode) rules_node = nim_record_rules (rules);
      g_autofree char *rules_text = nim_record_to_string (rules_node, FALSE);

      fprintf (out, "{\"rules\":%s,\"values\":[", rules_text);
      for (i = 0; i <= n; i++)
        fprintf (out, i ? ",%u" : "%u", values[i]);
      if (periodic)
        fprintf (out, "],\"period\":%llu,\"preperiod\":%llu}\n",
                 (unsigned long long) period, (unsigned long long) pre);
      else
        fputs ("],\"period\":null,\"preperiod\":null}\n", out);
      return TRUE;
    }

  {
    g_autofree char *take = nim_rules_take_to_string (rules);

    if (nim_rules_is_take_any (rules))
      fputs (_("Sprague-Grundy values of one heap, take any, normal "
               "play:\n"),
             out);
    else
      /* TRANSLATORS: %s is the take rule as --moves or --max-take spell
         it, "1-3" or "2,7,15,16". */
      fprintf (out, _("Sprague-Grundy values of one heap, take %s, normal "
                      "play:\n"),
               take);
  }
  for (i = 0; i <= n; i++)
    {
      if (i % 10 == 0)
        fprintf (out, "%s%8llu:", i ? "\n" : "", (unsigned long long) i);
      fprintf (out, " %2u", values[i]);
    }
  fprintf (out, "\n");
  if (!periodic)
    fprintf (out, _("No period found up to %llu.\n"),
             (unsigned long long) n);
  else
    {
      /* TRANSLATORS: followed by the values that repeat, " 0 1 1 2". */
      fprintf (out, _("Period %1$llu, pre-period %2$llu: G(n + %1$llu) = "
                      "G(n) for every n >= %2$llu; the repeating part is"),
               (unsigned long long) period, (unsigned long long) pre);
      for (i = pre; i < pre + MIN (period, 40); i++)
        fprintf (out, " %u", values[i]);
      fprintf (out, "%s\n", period > 40 ? " ..." : "");
    }
  return TRUE;
}
