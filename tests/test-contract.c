/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-contract.c -- what every registered player promises
 *
 * The loops are over nim_player_classes () and nim_rule_families (), so
 * a player or a rule family added to its registry is tested here without
 * a line of this file changing.  For every class and every example of
 * every family (each under normal and misère play), on every position of
 * up to three heaps and MAX_MATCHES matches:
 * - a player that cannot play the rules refuses them with a GError
 *   (NIM_ERROR_UNSUPPORTED) that says why, before any move;
 * - a player that can chooses a legal move every time;
 * - a player that claims perfect play (a searcher given no budget)
 *   never leaves its opponent a won position when it had a win, as an
 *   exact solver written for the tests (tests/nim-test.c) decides;
 * - a whole game between two players of the class ends with a winner;
 * - everything it allocated is freed (the sanitizer and valgrind runs of
 *   the suite report any leak).
 * A person is played by a scripted prompt that types the first legal
 * move, so the same promises are checked of the human player. */

#include "config.h"

#include "nim-test.h"

#include <stdio.h>
#include <string.h>

#include "nim-game.h"
#include "nim-movegen.h"
#include "nim-player.h"
#include "nim-util.h"

#define MAX_HEAPS 3
#define MAX_MATCHES 7

typedef struct
{
  const NimPlayerClass *klass;
  char *family; /* the family and example, for messages */
  NimRules rules;
} Case;

/* A person at a scripted prompt: types the first legal move of the
   position it is shown, the game's when @game is set, else @board's. */
typedef struct
{
  const NimRules *rules;
  const NimBoard *board;
  const NimGame *game;
} Typist;

typedef struct
{
  const Case *c;
  NimRules rules;
  NimTestSolver *solver;
  Typist typist;
  guint supported, refused, checked;
} Contract;

/* The NimPromptFunc of a Typist.  A legal move typed is taken at once,
   so the player has never anything to complain about. */
static char *
typist_ask (gpointer data, const char *message, const char *prompt,
            GError **error)
{
  Typist *typist = data;
  const NimBoard *board = typist->game != NULL
                              ? nim_game_get_board (typist->game)
                              : typist->board;
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove m = { 0 };

  g_assert_null (message);
  g_assert_nonnull (prompt);
  g_assert_true (nim_movegen_next (&gen, board, typist->rules, &m));
  if (m.split != 0)
    return g_strdup_printf ("%u %u %u+%u", m.heap + 1, m.count, m.keep,
                            m.split);
  return g_strdup_printf ("%u %u", m.heap + 1, m.count);
}

/* The spec that asks for the class's best: a searcher without a time
   limit, so that its claim of perfect play holds on any machine. */
static char *
class_spec (const NimPlayerClass *k)
{
  const NimPlayerOption *o;

  for (o = k->options; o != NULL && o->key != NULL; o++)
    if (g_str_equal (o->key, "time"))
      return g_strdup_printf ("%s:time=0", k->name);
  return g_strdup (k->name);
}

static NimPlayer *
new_player (Contract *t, const NimPlayerClass *k)
{
  g_autofree char *spec = class_spec (k);
  g_autoptr (GError) error = NULL;
  NimPlayer *p = nim_player_new (spec, &error);

  g_assert_no_error (error);
  g_assert_nonnull (p);
  nim_player_set_seed (p, 7);
  nim_player_set_prompt (p, typist_ask, &t->typist);
  return p;
}

static void
check_refusal (Contract *t, NimPlayer *p, const NimBoard *board)
{
  g_autoptr (GError) error = NULL;

  g_assert_false (nim_player_start (p, &t->rules, board, &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_UNSUPPORTED);
  g_assert_cmpuint (strlen (nim_test_error_message (error)), >, 10);
  t->refused++;
}

static void
check_move (Contract *t, NimPlayer *p, const NimBoard *board)
{
  g_autoptr (GError) error = NULL;
  NimMove move;

  g_assert_true (nim_player_start (p, &t->rules, board, &error));
  g_assert_no_error (error);
  t->typist.board = board;
  g_assert_true (nim_player_choose_move (p, board, &move, &error));
  g_assert_no_error (error);
  g_assert_true (nim_board_check_move (board, &t->rules, &move, NULL));
  t->supported++;
  if (t->c->klass->perfect && nim_test_solver_wins (t->solver, board))
    {
      NimBoard child = *board;

      nim_board_make_move (&child, &move);
      if (nim_test_solver_wins (t->solver, &child))
        {
          g_autofree char *heaps = nim_board_to_string (board);

          g_test_message ("%s on %s (%s): took %u from heap %u, which "
                          "gives the win away",
                          t->c->klass->name, heaps, t->c->family, move.count,
                          move.heap + 1);
          g_test_fail ();
        }
      t->checked++;
    }
}

static void
check_position (Contract *t, NimPlayer *p, const NimBoard *board)
{
  if (!nim_board_has_move (board, &t->rules))
    return;
  if (!nim_player_supports (t->c->klass, &t->rules, board, NULL))
    check_refusal (t, p, board);
  else
    check_move (t, p, board);
}

/* Every tuple of 1..MAX_HEAPS heaps with at most MAX_MATCHES in all. */
static void
enumerate (Contract *t, NimPlayer *p, guint32 *heaps, guint n, guint max_n,
           guint left)
{
  guint32 v;

  if (n == max_n)
    {
      NimBoard board;

      nim_board_init (&board, heaps, n);
      check_position (t, p, &board);
      return;
    }
  for (v = 0; v <= left; v++)
    {
      heaps[n] = v;
      enumerate (t, p, heaps, n + 1, max_n, left - v);
    }
}

/* Two players of the class play 3,4,5 (or what the class supports) to
   the end. */
static void
check_game (Contract *t)
{
  g_autoptr (NimPlayer) p1 = new_player (t, t->c->klass);
  g_autoptr (NimPlayer) p2 = new_player (t, t->c->klass);
  g_autoptr (NimGame) game = NULL;
  g_autoptr (GError) error = NULL;
  NimBoard start;

  nim_test_board (&start,
                  t->c->klass->kind == NIM_PLAYER_PERSON ? "2,3" : "3,4,5");
  if (!nim_player_supports (t->c->klass, &t->rules, &start, NULL))
    nim_test_board (&start, "9");
  if (!nim_player_supports (t->c->klass, &t->rules, &start, NULL))
    return;
  nim_player_set_number (p2, 2);
  g_assert_true (nim_player_start (p1, &t->rules, &start, &error));
  g_assert_true (nim_player_start (p2, &t->rules, &start, &error));
  game = nim_game_new (&t->rules, &start, p1, p2, 1);
  t->typist.game = game;
  g_assert_true (nim_game_play (game, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (nim_game_get_winner (game), >=, 1);
  g_assert_cmpuint (nim_game_get_winner (game), <=, 2);
  g_assert_false (nim_board_has_move (nim_game_get_board (game), &t->rules));
}

static void
test_contract (gconstpointer data)
{
  const Case *c = data;
  Contract t = { c };
  g_autoptr (NimPlayer) p = NULL;
  guint32 heaps[MAX_HEAPS];
  guint n;

  t.rules = c->rules;
  t.typist.rules = &t.rules;
  t.solver = nim_test_solver_new (&t.rules);
  p = new_player (&t, c->klass);
  for (n = 1; n <= MAX_HEAPS; n++)
    enumerate (&t, p, heaps, 0, n, MAX_MATCHES);
  g_test_message ("%s, %s: %u positions played, %u refused, %u wins kept",
                  c->klass->name, c->family, t.supported, t.refused,
                  t.checked);
  /* Every class plays something, or refuses everything with a reason. */
  g_assert_cmpuint (t.supported + t.refused, >, 100);
  check_game (&t);
  nim_test_solver_free (t.solver);
}

/* "set-1-3-4-misere": a test path's last part for an example of a
   family. */
static char *
family_path (const NimRuleFamily *f, const char *example, gboolean misere)
{
  g_autofree char *name = g_str_equal (f->name, example)
                              ? g_strdup (f->name)
                              : g_strdup_printf ("%s-%s", f->name, example);

  g_strdelimit (name, ",.", '-');
  return g_strdup_printf ("%s%s", name, misere ? "-misere" : "");
}

static void
free_case (gpointer data)
{
  Case *c = data;

  g_free (c->family);
  g_free (c);
}

int
main (int argc, char **argv)
{
  const NimPlayerClass *const *classes = nim_player_classes ();
  const NimRuleFamily *const *families = nim_rule_families ();
  GPtrArray *cases = g_ptr_array_new_with_free_func (free_case);
  int status;
  guint i, j, k, misere;

  nim_test_init (&argc, &argv);
  g_test_summary ("Every registered player class, on every rule family: "
                  "legal moves, refusals with a reason, perfect play where "
                  "claimed, a whole game, nothing leaked");
  for (i = 0; classes[i] != NULL; i++)
    for (j = 0; families[j] != NULL; j++)
      for (k = 0; families[j]->examples[k] != NULL; k++)
        for (misere = 0; misere <= 1; misere++)
          {
            Case *c = g_new0 (Case, 1);
            g_autofree char *path = NULL;

            c->klass = classes[i];
            c->family
                = family_path (families[j], families[j]->examples[k], misere);
            nim_test_rules (&c->rules, families[j]->examples[k], misere);
            path = g_strdup_printf ("/contract/%s/%s", classes[i]->name,
                                    c->family);
            g_ptr_array_add (cases, c);
            g_test_add_data_func (path, c, test_contract);
          }
  status = g_test_run ();
  g_ptr_array_unref (cases);
  return status;
}
