/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-take-break.c -- every player on take-and-break codes agrees with
   the theory
 *
 * Normal play: on every position of up to 3 heaps and 10 matches in all,
 * for each code below, the player to move wins exactly when the XOR of
 * the heaps' Grundy values (nim-octal's table) is not 0.  Misère play:
 * an exact solver written here (a memo on the sorted heaps, independent
 * of libnim's searchers) gives the value.  Each perfect player must
 * report that value and choose the move every perfect player chooses:
 * the first winning move in generator order (heap, count, then the split
 * with the smallest first part), or the first legal move in a lost
 * position. */

#include "config.h"

#include <string.h>

#include "nim-movegen.h"
#include "nim-octal.h"
#include "nim-sequence.h"
#include "nim-player.h"
#include "nim-test.h"

#define MAX_HEAPS 3
#define MAX_MATCHES 10
/* Under valgrind (nim_test_light()): the positions of up to this many
   matches, the same code on fewer and smaller trees. */
#define LIGHT_MAX_MATCHES 8

static const char *const codes[] = {
  "0.77", "0.07", "0.137", "0.17", "0.6", "0.33", "0.51", "0.447", "0.31",
};

/* Every player that claims perfect play (nim_test_perfect_specs ()); a
   closed form refuses the codes it has no theory for. */
static GPtrArray *
perfect_players (void)
{
  g_autoptr (GPtrArray) specs = nim_test_perfect_specs ();
  GPtrArray *players
      = g_ptr_array_new_with_free_func ((GDestroyNotify) nim_player_free);
  guint i;

  for (i = 0; i < specs->len; i++)
    {
      g_autoptr (GError) error = NULL;
      NimPlayer *p = nim_player_new (g_ptr_array_index (specs, i), &error);

      /* The test fails, and goes on with the others. */
      if (p == NULL)
        nim_test_fail ("%s: %s", (char *) g_ptr_array_index (specs, i),
                       nim_test_error_message (error));
      else
        g_ptr_array_add (players, p);
    }
  return players;
}

typedef struct
{
  NimRules rules;
  GHashTable *memo; /* the sorted non-empty heaps -> 1 + whether the mover
                       wins */
} Solver;

static gboolean
solver_wins (Solver *s, NimBoard *board)
{
  guint32 sorted[NIM_MAX_HEAPS];
  GString *key = g_string_new (NULL);
  gpointer cached;
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove m;
  gboolean wins = FALSE, any = FALSE;
  guint i, j, n = 0;

  for (i = 0; i < board->n_heaps; i++)
    if (board->heaps[i] > 0)
      {
        guint32 h = board->heaps[i];

        for (j = n++; j > 0 && sorted[j - 1] > h; j--)
          sorted[j] = sorted[j - 1];
        sorted[j] = h;
      }
  for (i = 0; i < n; i++)
    g_string_append_printf (key, "%u,", sorted[i]);
  if (g_hash_table_lookup_extended (s->memo, key->str, NULL, &cached))
    {
      g_string_free (key, TRUE);
      return GPOINTER_TO_UINT (cached) == 2;
    }
  while (!wins && nim_movegen_next (&gen, board, &s->rules, &m))
    {
      any = TRUE;
      nim_board_make_move (board, &m);
      wins = !solver_wins (s, board);
      nim_board_unmake_move (board, &m);
    }
  if (!any)
    wins = s->rules.misere;
  g_hash_table_insert (s->memo, g_string_free (key, FALSE),
                       GUINT_TO_POINTER (1 + wins));
  return wins;
}

/* The value by the theory: nim-octal's values under normal play, the
   solver under misère play. */
static gboolean
theory_wins (Solver *s, NimSequence *values, NimBoard *board)
{
  guint x = 0, i;

  if (s->rules.misere)
    return solver_wins (s, board);
  for (i = 0; i < board->n_heaps; i++)
    x ^= nim_sequence_get (values, board->heaps[i]);
  return x != 0;
}

/* The move every perfect player chooses on @board. */
static void
expected_move (Solver *s, NimSequence *values, NimBoard *board, NimMove *move)
{
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove m;

  g_assert_true (nim_movegen_first (board, &s->rules, move));
  while (nim_movegen_next (&gen, board, &s->rules, &m))
    {
      gboolean lost;

      nim_board_make_move (board, &m);
      lost = !theory_wins (s, values, board);
      nim_board_unmake_move (board, &m);
      if (lost)
        {
          *move = m;
          return;
        }
    }
}

static void
check_position (Solver *s, NimSequence *values, NimPlayer **players,
                guint n_players, const guint32 *heaps, guint n_heaps)
{
  NimBoard board;
  NimMove best;
  gboolean wins;
  guint p;

  nim_board_init (&board, heaps, n_heaps);
  if (!nim_board_has_move (&board, &s->rules))
    return;
  wins = theory_wins (s, values, &board);
  expected_move (s, values, &board, &best);
  for (p = 0; p < n_players; p++)
    {
      NimMove got = { 99, 99, 99 }, want = best;
      g_autoptr (GError) error = NULL;

      if (!nim_player_supports (players[p]->klass, &s->rules, &board, NULL))
        continue;
      g_assert_true (nim_player_start (players[p], &s->rules, &board, NULL));
      if (!nim_player_choose_move (players[p], &board, &got, &error))
        {
          g_test_message ("%s: %s", players[p]->spec,
                          nim_test_error_message (error));
          g_test_fail ();
          continue;
        }
      if (!nim_move_equal (&got, &want) || !players[p]->stats.proven
          || (players[p]->stats.value > 0) != wins)
        {
          g_autofree char *b = nim_board_to_string (&board);
          g_autofree char *code = nim_rules_code_to_string (&s->rules);

          g_test_message (
              "%s on %s under %s%s: chose %u %u split %u (want %u %u "
              "split %u), value %d proven %d (want %s)",
              players[p]->spec, b, code, s->rules.misere ? " misère" : "",
              got.heap + 1, got.count, got.split, want.heap + 1, want.count,
              want.split, players[p]->stats.value, players[p]->stats.proven,
              wins ? "win" : "loss");
          g_test_fail ();
        }
    }
}

static void
run (gboolean misere)
{
  guint k;

  for (k = 0; k < G_N_ELEMENTS (codes); k++)
    {
      g_autoptr (NimSequence) values = NULL;
      g_autoptr (GPtrArray) players = perfect_players ();
      Solver s;
      NimOctal code;
      guint32 a, b, c;
      guint32 most = nim_test_light () ? LIGHT_MAX_MATCHES : MAX_MATCHES;

      g_assert_true (nim_octal_parse (&code, codes[k], "code", NULL));
      g_assert_true (nim_octal_to_rules (&code, &s.rules));
      s.rules.misere = misere;
      s.memo = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
      values = nim_sequence_new (&code, NIM_SEQUENCE_SPARSE);
      g_assert_true (nim_sequence_extend (values, MAX_MATCHES, NULL));

      for (a = 1; a <= most; a++)
        for (b = 0; a + b <= most; b++)
          for (c = 0; a + b + c <= most; c++)
            {
              guint32 heaps[MAX_HEAPS] = { a, b, c };

              check_position (&s, values, (NimPlayer **) players->pdata,
                              players->len, heaps,
                              c > 0   ? 3
                              : b > 0 ? 2
                                      : 1);
            }
      g_hash_table_unref (s.memo);
    }
}

static void
test_normal (void)
{
  run (FALSE);
}

static void
test_misere (void)
{
  run (TRUE);
}

/* grundy refuses misère play where heaps split, and plays a single heap
   of a code that never splits perfectly; xor refuses every code. */
static void
test_refusals (void)
{
  g_autoptr (NimPlayer) grundy = nim_player_new ("grundy", NULL);
  g_autoptr (NimPlayer) xor = nim_player_new ("xor", NULL);
  g_autoptr (GError) error = NULL;
  NimRules rules;
  NimOctal code;
  NimBoard board;
  guint32 heaps[1] = { 9 };

  nim_board_init (&board, heaps, 1);
  g_assert_true (nim_octal_parse (&code, "0.77", "code", NULL));
  g_assert_true (nim_octal_to_rules (&code, &rules));
  g_assert_false (nim_player_start (xor, &rules, &board, &error));
  g_assert_nonnull (error);
  g_clear_error (&error);
  rules.misere = TRUE;
  g_assert_false (nim_player_start (grundy, &rules, &board, &error));
  g_assert_nonnull (strstr (nim_test_error_message (error), "0.77"));
  g_clear_error (&error);
  g_assert_true (nim_octal_parse (&code, "0.31", "code", NULL));
  g_assert_true (nim_octal_to_rules (&code, &rules));
  rules.misere = TRUE;
  g_assert_true (nim_player_start (grundy, &rules, &board, NULL));
}

/* --rules reads a family's notation or a code, once: every mode that
   plays positions refuses a code whose moves need not take a match
   (4.0 only splits), which --grundy-sequence computes; 2,7 is a
   subtraction set there, not a code (--prove wants a code). */
static void
test_cli_codes (void)
{
  static const char *const playing[][6] = {
    { "--solve", "--heaps", "5", NULL },
    { "--compare", "--heaps", "5", NULL },
    { "--games", "2", "--heaps", "5", NULL },
    { "--heaps", "5", NULL },
  };
  const char *const values[]
      = { "--grundy-sequence", "8", "--rules", "4.0", "--json", NULL };
  const char *const set[]
      = { "--grundy-sequence", "8", "--rules", "2,7", "--prove", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  guint i;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (playing); i++)
    {
      g_autoptr (GPtrArray) args = g_ptr_array_new ();
      guint j;

      for (j = 0; playing[i][j] != NULL; j++)
        g_ptr_array_add (args, (gpointer) playing[i][j]);
      g_ptr_array_add (args, "--rules");
      g_ptr_array_add (args, "4.0");
      g_ptr_array_add (args, NULL);
      nim_test_assert_refused ((const char *const *) args->pdata, 2,
                               "--rules 4.0: nim plays the codes with 0 "
                               "before the point");
    }
  g_assert_cmpint (nim_test_run_nimv (NULL, &out, &err, values), ==, 0);
  nim_test_assert_contains (out, "\"values\":[0,0,1,0,1,0,1,0,1]");
  nim_test_assert_refused (set, 2, "--prove needs a take-and-break code");
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);

  g_test_add_func ("/take-break/normal", test_normal);
  g_test_add_func ("/take-break/misere", test_misere);
  g_test_add_func ("/take-break/refusals", test_refusals);
  g_test_add_func ("/take-break/cli-codes", test_cli_codes);
  return g_test_run ();
}
