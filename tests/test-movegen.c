/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-movegen.c -- tests of the move generator's order, count and index */

#include "config.h"

#include "nim-test.h"

#include <stdio.h>
#include <glib.h>
#include <string.h>

#include "nim-movegen.h"

/* Most moves any small test position has. */
#define MAX_LISTED 512

/* Fills @rules from a --moves set, a --max-take K (@set NULL, @k > 0), or
   take-any (both empty). */
static void
make_rules (NimRules *rules, const char *set, guint k)
{
  nim_rules_init (rules);
  if (set != NULL)
    g_assert_true (nim_rules_parse_moves (rules, set, "--moves", NULL));
  else if (k > 0)
    g_assert_true (nim_rules_set_max_take (rules, k, NULL));
}

/* Runs the iterator to its end; returns how many moves it gave. */
static guint
enumerate (const NimBoard *board, const NimRules *rules, NimMove *moves)
{
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove move;
  guint n = 0;

  while (nim_movegen_next (&gen, board, rules, &move))
    {
      g_assert_cmpuint (n, <, MAX_LISTED);
      moves[n++] = move;
    }
  /* A finished iterator stays finished. */
  g_assert_false (nim_movegen_next (&gen, board, rules, &move));
  return n;
}

/* Checks that the moves of @heaps under @rules are exactly @expected,
   given as heap, count pairs (heaps counted from 0). */
static void
assert_moves (const char *heaps, const NimRules *rules, const guint *expected,
              guint n_expected)
{
  NimMove moves[MAX_LISTED];
  NimBoard board;
  guint n, i;

  g_test_message ("moves of %s", heaps);
  g_assert_true (nim_board_parse (&board, heaps, "--heaps", NULL));
  n = enumerate (&board, rules, moves);
  g_assert_cmpuint (n, ==, n_expected / 2);
  for (i = 0; i < n; i++)
    {
      g_assert_cmpuint (moves[i].heap, ==, expected[2 * i]);
      g_assert_cmpuint (moves[i].count, ==, expected[2 * i + 1]);
    }
  g_assert_cmpuint (nim_movegen_count (&board, rules), ==, n);
}

/* Take-any: every count of every non-empty heap, heap by heap. */
static void
test_take_any (void)
{
  static const guint two_three[] = { 0, 1, 0, 2, 2, 1, 2, 2, 2, 3 };
  static const guint one[] = { 0, 1 };
  static const guint three_one[] = { 0, 1, 0, 2, 0, 3, 1, 1 };
  NimRules rules;

  make_rules (&rules, NULL, 0);
  assert_moves ("2,0,3", &rules, two_three, G_N_ELEMENTS (two_three));
  assert_moves ("1", &rules, one, G_N_ELEMENTS (one));
  assert_moves ("3,1", &rules, three_one, G_N_ELEMENTS (three_one));
}

/* Max-take 3: counts stop at 3 or at the heap, whichever is smaller. */
static void
test_max_take (void)
{
  static const guint five_two[] = { 0, 1, 0, 2, 0, 3, 1, 1, 1, 2 };
  static const guint mixed[] = { 1, 1, 1, 2, 1, 3, 2, 1, 3, 1, 3, 2, 3, 3 };
  static const guint max_one[] = { 0, 1, 1, 1, 2, 1 };
  NimRules rules;

  make_rules (&rules, NULL, 3);
  assert_moves ("5,2", &rules, five_two, G_N_ELEMENTS (five_two));
  assert_moves ("0,3,1,9", &rules, mixed, G_N_ELEMENTS (mixed));

  make_rules (&rules, NULL, 1);
  assert_moves ("5,2,1", &rules, max_one, G_N_ELEMENTS (max_one));
}

/* Sets: only the counts in the set, smallest first, that fit the heap. */
static void
test_sets (void)
{
  static const guint s134[] = { 0, 1, 0, 3, 0, 4, 1, 1, 3, 1, 3, 3 };
  static const guint s256[] = { 1, 2, 1, 5, 1, 6, 2, 2, 2, 5 };
  static const guint s256_small[] = { 1, 2, 2, 2 };
  static const guint s134_two[] = { 0, 1 };
  NimRules rules;

  make_rules (&rules, "4,1,3", 0);
  assert_moves ("4,2,0,3", &rules, s134, G_N_ELEMENTS (s134));
  assert_moves ("2,0", &rules, s134_two, G_N_ELEMENTS (s134_two));

  make_rules (&rules, "2,5,6", 0);
  assert_moves ("1,6,5", &rules, s256, G_N_ELEMENTS (s256));
  assert_moves ("1,4,3", &rules, s256_small, G_N_ELEMENTS (s256_small));
  assert_moves ("1,1,0,1", &rules, NULL, 0);
}

/* Empty heaps give no moves and do not stop the heaps after them. */
static void
test_empty_heaps (void)
{
  static const guint after_empty[] = { 2, 1, 2, 2 };
  static const guint between[] = { 1, 2, 3, 2 };
  NimRules rules;
  NimBoard board;
  NimMove move;

  make_rules (&rules, NULL, 0);
  assert_moves ("0,0,2", &rules, after_empty, G_N_ELEMENTS (after_empty));
  make_rules (&rules, "2", 0);
  assert_moves ("0,2,0,3,0", &rules, between, G_N_ELEMENTS (between));

  make_rules (&rules, NULL, 0);
  nim_board_init (&board, (const guint32[]){ 0, 0, 0 }, 3);
  g_assert_cmpuint (nim_movegen_count (&board, &rules), ==, 0);
  g_assert_false (nim_movegen_first (&board, &rules, &move));
  g_assert_false (nim_movegen_nth (&board, &rules, 0, &move));
}

/* The first move is the first heap that has one, smallest count. */
static void
test_first (void)
{
  NimRules rules;
  NimBoard board;
  NimMove move;

  make_rules (&rules, NULL, 0);
  g_assert_true (nim_board_parse (&board, "0,0,3", "--heaps", NULL));
  g_assert_true (nim_movegen_first (&board, &rules, &move));
  g_assert_cmpuint (move.heap, ==, 2);
  g_assert_cmpuint (move.count, ==, 1);

  make_rules (&rules, "2,5,6", 0);
  g_assert_true (nim_board_parse (&board, "1,0,5", "--heaps", NULL));
  g_assert_true (nim_movegen_first (&board, &rules, &move));
  g_assert_cmpuint (move.heap, ==, 2);
  g_assert_cmpuint (move.count, ==, 2);

  make_rules (&rules, "2,5", 0);
  g_assert_true (nim_board_parse (&board, "1,1", "--heaps", NULL));
  g_assert_false (nim_movegen_first (&board, &rules, &move));

  make_rules (&rules, "7,15", 0);
  g_assert_true (nim_board_parse (&board, "6,14,15", "--heaps", NULL));
  g_assert_true (nim_movegen_first (&board, &rules, &move));
  g_assert_cmpuint (move.heap, ==, 1);
  g_assert_cmpuint (move.count, ==, 7);
}

/* Over every board of three heaps up to 7 under many rules: the moves
   come in strictly increasing (heap, count) order, they are exactly the
   moves nim_board_check_move() accepts, and count, nth and first agree
   with what the iterator gives. */
static void
test_exhaustive (void)
{
  static const char *const sets[]
      = { NULL,        NULL, NULL,      "1,3,4", "2,5,6",
          "2,7,15,16", "3",  "1,2,4,7", "6,7" };
  static const guint ks[] = { 0, 1, 3, 0, 0, 0, 0, 0, 0 };
  guint r;

  for (r = 0; r < G_N_ELEMENTS (sets); r++)
    {
      NimRules rules;
      guint32 heaps[3];

      make_rules (&rules, sets[r], ks[r]);
      for (heaps[0] = 0; heaps[0] <= 7; heaps[0]++)
        for (heaps[1] = 0; heaps[1] <= 7; heaps[1]++)
          for (heaps[2] = 0; heaps[2] <= 7; heaps[2]++)
            {
              NimMove moves[MAX_LISTED], move;
              NimBoard board;
              guint n, i, legal = 0;
              guint32 c;

              nim_board_init (&board, heaps, 3);
              n = enumerate (&board, &rules, moves);

              for (i = 0; i < 3; i++)
                for (c = 0; c <= heaps[i] + 1; c++)
                  {
                    NimMove m = { i, c };

                    legal += nim_board_check_move (&board, &rules, &m, NULL);
                  }
              g_assert_cmpuint (n, ==, legal);
              g_assert_cmpuint (nim_movegen_count (&board, &rules), ==, n);

              for (i = 0; i < n; i++)
                {
                  g_assert_true (
                      nim_board_check_move (&board, &rules, &moves[i], NULL));
                  if (i > 0)
                    g_assert_true (
                        moves[i - 1].heap < moves[i].heap
                        || (moves[i - 1].heap == moves[i].heap
                            && moves[i - 1].count < moves[i].count));
                  g_assert_true (nim_movegen_nth (&board, &rules, i, &move));
                  g_assert_true (nim_move_equal (&move, &moves[i]));
                }
              g_assert_false (nim_movegen_nth (&board, &rules, n, &move));
              g_assert_false (
                  nim_movegen_nth (&board, &rules, G_MAXUINT64, &move));

              g_assert_cmpint (nim_movegen_first (&board, &rules, &move), ==,
                               n > 0);
              if (n > 0)
                g_assert_true (nim_move_equal (&move, &moves[0]));
            }
    }
}

/* The iterator may be left while the board is changed and restored, as a
   searcher does: the outer sequence is the same as without the inner. */
static void
test_restored_board (void)
{
  NimMove plain[MAX_LISTED];
  NimRules rules;
  NimBoard board;
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove move;
  guint n_plain, n = 0;

  make_rules (&rules, "1,3,4", 0);
  g_assert_true (nim_board_parse (&board, "5,0,4,8", "--heaps", NULL));
  n_plain = enumerate (&board, &rules, plain);
  while (nim_movegen_next (&gen, &board, &rules, &move))
    {
      NimMove inner[MAX_LISTED];

      g_assert_cmpuint (n, <, n_plain);
      g_assert_true (nim_move_equal (&move, &plain[n]));
      nim_board_make_move (&board, &move);
      enumerate (&board, &rules, inner);
      nim_board_unmake_move (&board, &move);
      n++;
    }
  g_assert_cmpuint (n, ==, n_plain);
}

/* Counting moves on heaps of 4 billion is arithmetic, not enumeration:
   exact, and done in far less time than walking 10^11 moves would take. */
static void
test_count_huge (void)
{
  g_autoptr (GString) text = g_string_new (NULL);
  NimRules rules;
  NimBoard board;
  NimMove move;
  gint64 start;
  guint i;

  make_rules (&rules, NULL, 0);
  g_assert_true (
      nim_board_parse (&board, "4000000000,4000000000,3", "--heaps", NULL));
  start = g_get_monotonic_time ();
  g_assert_cmpuint (nim_movegen_count (&board, &rules), ==,
                    G_GUINT64_CONSTANT (8000000003));

  /* Index 0 .. 3999999999 is heap 1, then heap 2, then heap 3. */
  g_assert_true (nim_movegen_nth (&board, &rules, 0, &move));
  g_assert_cmpuint (move.heap, ==, 0);
  g_assert_cmpuint (move.count, ==, 1);
  g_assert_true (nim_movegen_nth (&board, &rules, 3999999999u, &move));
  g_assert_cmpuint (move.heap, ==, 0);
  g_assert_cmpuint (move.count, ==, 4000000000u);
  g_assert_true (nim_movegen_nth (&board, &rules, 4000000000u, &move));
  g_assert_cmpuint (move.heap, ==, 1);
  g_assert_cmpuint (move.count, ==, 1);
  g_assert_true (nim_movegen_nth (&board, &rules,
                                  G_GUINT64_CONSTANT (7999999999), &move));
  g_assert_cmpuint (move.heap, ==, 1);
  g_assert_cmpuint (move.count, ==, 4000000000u);
  g_assert_true (nim_movegen_nth (&board, &rules,
                                  G_GUINT64_CONSTANT (8000000002), &move));
  g_assert_cmpuint (move.heap, ==, 2);
  g_assert_cmpuint (move.count, ==, 3);
  g_assert_false (nim_movegen_nth (&board, &rules,
                                   G_GUINT64_CONSTANT (8000000003), &move));

  /* 64 heaps of 2^32 - 1: 64 * 4294967295 = 274877906880 moves. */
  for (i = 0; i < 64; i++)
    g_string_append_printf (text, "%s4294967295", i ? "," : "");
  g_assert_true (nim_board_parse (&board, text->str, "--heaps", NULL));
  g_assert_cmpuint (nim_movegen_count (&board, &rules), ==,
                    G_GUINT64_CONSTANT (274877906880));
  g_assert_true (nim_movegen_nth (&board, &rules,
                                  G_GUINT64_CONSTANT (274877906879), &move));
  g_assert_cmpuint (move.heap, ==, 63);
  g_assert_cmpuint (move.count, ==, 4294967295u);

  make_rules (&rules, NULL, 3);
  g_assert_cmpuint (nim_movegen_count (&board, &rules), ==, 64 * 3);
  make_rules (&rules, "2,7,15,16", 0);
  g_assert_cmpuint (nim_movegen_count (&board, &rules), ==, 64 * 4);
  g_assert_true (nim_movegen_nth (&board, &rules, 64 * 4 - 1, &move));
  g_assert_cmpuint (move.heap, ==, 63);
  g_assert_cmpuint (move.count, ==, 16);

  /* Generous for a loaded machine, hopeless for a loop over the moves. */
  g_assert_cmpint (g_get_monotonic_time () - start, <, G_USEC_PER_SEC);

  /* The iterator starts on a huge heap without walking it. */
  make_rules (&rules, NULL, 0);
  {
    NimMoveGen gen = NIM_MOVEGEN_INIT;

    g_assert_true (nim_movegen_next (&gen, &board, &rules, &move));
    g_assert_cmpuint (move.count, ==, 1);
    g_assert_true (nim_movegen_next (&gen, &board, &rules, &move));
    g_assert_cmpuint (move.heap, ==, 0);
    g_assert_cmpuint (move.count, ==, 2);
  }
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);

  g_test_add_func ("/movegen/take-any", test_take_any);
  g_test_add_func ("/movegen/max-take", test_max_take);
  g_test_add_func ("/movegen/sets", test_sets);
  g_test_add_func ("/movegen/empty-heaps", test_empty_heaps);
  g_test_add_func ("/movegen/first", test_first);
  g_test_add_func ("/movegen/exhaustive", test_exhaustive);
  g_test_add_func ("/movegen/restored-board", test_restored_board);
  g_test_add_func ("/movegen/count-huge", test_count_huge);

  return g_test_run ();
}
