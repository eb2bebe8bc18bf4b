/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-board.c -- tests of heap state, make and unmake, move checking */

#include "config.h"

#include "nim-test.h"

#include <stdio.h>
#include <glib.h>
#include <string.h>

#include "nim-board.h"
#include "nim-movegen.h"
#include "nim-error.h"

/* The sum of the heaps, counted afresh rather than trusted from @total. */
static guint64
sum_heaps (const NimBoard *board)
{
  guint64 sum = 0;
  guint i;

  for (i = 0; i < board->n_heaps; i++)
    sum += board->heaps[i];
  return sum;
}

/* Every rule the tests play under, each in normal and misère play: every
   example of every family of the rule table, and 1-1 and three sets
   more.  Returns them in a #GArray of #NimRules. */
static GArray *
all_rules (void)
{
  static const char *const more[] = { "1", "2,7,15,16", "3", "1,2,4" };
  const NimRuleFamily *const *families = nim_rule_families ();
  GArray *all = g_array_new (FALSE, FALSE, sizeof (NimRules));
  guint i, j, misere;

  for (misere = 0; misere < 2; misere++)
    {
      NimRules rules;

      for (i = 0; families[i] != NULL; i++)
        for (j = 0; families[i]->examples[j] != NULL; j++)
          {
            nim_test_rules (&rules, families[i]->examples[j], misere);
            g_array_append_val (all, rules);
          }
      for (i = 0; i < G_N_ELEMENTS (more); i++)
        {
          nim_test_rules (&rules, more[i], misere);
          g_array_append_val (all, rules);
        }
    }
  return all;
}

/* "3,4,5" is three heaps of twelve matches; empty heaps keep their place. */
static void
test_parse (void)
{
  g_autoptr (GError) error = NULL;
  NimBoard board;

  g_assert_true (nim_board_parse (&board, "3,4,5", "--heaps", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (board.n_heaps, ==, 3);
  g_assert_cmpuint (board.heaps[0], ==, 3);
  g_assert_cmpuint (board.heaps[1], ==, 4);
  g_assert_cmpuint (board.heaps[2], ==, 5);
  g_assert_cmpuint (board.total, ==, 12);

  g_assert_true (nim_board_parse (&board, " 0, 7 0 ", "--heaps", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (board.n_heaps, ==, 3);
  g_assert_cmpuint (board.heaps[0], ==, 0);
  g_assert_cmpuint (board.heaps[1], ==, 7);
  g_assert_cmpuint (board.heaps[2], ==, 0);
  g_assert_cmpuint (board.total, ==, 7);

  /* The largest heaps: the total needs all 64 bits, 2 * (2^32 - 1). */
  g_assert_true (
      nim_board_parse (&board, "4294967295,4294967295", "--heaps", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (board.heaps[0], ==, 4294967295u);
  g_assert_cmpuint (board.total, ==, G_GUINT64_CONSTANT (8589934590));
}

/* 64 heaps are accepted, with their total in 64 bits; 65 are not. */
static void
test_parse_many (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) text = g_string_new (NULL);
  NimBoard board;
  guint i;

  for (i = 0; i < 64; i++)
    g_string_append_printf (text, "%s4294967295", i ? "," : "");
  g_assert_true (nim_board_parse (&board, text->str, "--heaps", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (board.n_heaps, ==, 64);
  g_assert_cmpuint (board.heaps[63], ==, 4294967295u);
  /* 64 * 4294967295 = 274877906880 */
  g_assert_cmpuint (board.total, ==, G_GUINT64_CONSTANT (274877906880));

  g_string_append (text, ",1");
  g_assert_false (nim_board_parse (&board, text->str, "--heaps", &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  nim_test_assert_contains (nim_test_error_message (error), "--heaps");
  nim_test_assert_contains (nim_test_error_message (error), "64");
}

/* Impossible boards are refused with a usage error that says why. */
static void
test_parse_rejects (void)
{
  static const struct
  {
    const char *text;
    const char *part;
  } bad[] = {
    { "0,0", "every heap is empty" },
    { "0", "every heap is empty" },
    { "", "no values" },
    { "4294967296", "4294967296 is too large" },
    { "3,4294967296", "4294967296 is too large" },
    { "3,,4", "empty entry" },
    { "3,-4", "'-4' is negative" },
    { "3,four", "'four' is not a whole number" },
  };
  g_autoptr (GError) error = NULL;
  NimBoard board;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_test_message ("--heaps '%s'", bad[i].text);
      g_assert_false (
          nim_board_parse (&board, bad[i].text, "--heaps", &error));
      g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
      nim_test_assert_contains (nim_test_error_message (error), "--heaps");
      nim_test_assert_contains (nim_test_error_message (error), bad[i].part);
      g_clear_error (&error);
    }
}

/* nim_board_init copies the heaps and totals them. */
static void
test_init (void)
{
  static const guint32 heaps[] = { 9, 0, 4294967295u, 1 };
  NimBoard board;

  nim_board_init (&board, heaps, G_N_ELEMENTS (heaps));
  g_assert_cmpuint (board.n_heaps, ==, 4);
  g_assert_cmpmem (board.heaps, sizeof heaps, heaps, sizeof heaps);
  g_assert_cmpuint (board.total, ==, G_GUINT64_CONSTANT (4294967305));

  nim_board_init (&board, NULL, 0);
  g_assert_cmpuint (board.n_heaps, ==, 0);
  g_assert_cmpuint (board.total, ==, 0);
}

/* Checks make and unmake of every legal move on @board, and of every
   reply to each, against a byte copy of the whole struct. */
static void
check_make_unmake (NimBoard *board, const NimRules *rules)
{
  NimBoard saved;
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove move;
  guint n = 0;

  memcpy (&saved, board, sizeof saved);
  while (nim_movegen_next (&gen, board, rules, &move))
    {
      NimMoveGen reply_gen = NIM_MOVEGEN_INIT;
      NimBoard after;
      NimMove reply;

      g_assert_true (nim_board_check_move (board, rules, &move, NULL));
      nim_board_make_move (board, &move);
      g_assert_cmpuint (board->heaps[move.heap], ==,
                        saved.heaps[move.heap] - move.count - move.split);
      g_assert_cmpuint (board->total, ==, saved.total - move.count);
      g_assert_cmpuint (board->total, ==, sum_heaps (board));
      g_assert_cmpuint (board->n_heaps, ==, saved.n_heaps + (move.split != 0));

      memcpy (&after, board, sizeof after);
      while (nim_movegen_next (&reply_gen, board, rules, &reply))
        {
          nim_board_make_move (board, &reply);
          g_assert_cmpuint (board->total, ==, sum_heaps (board));
          nim_board_unmake_move (board, &reply);
          g_assert_cmpmem (board, sizeof *board, &after, sizeof after);
        }

      nim_board_unmake_move (board, &move);
      g_assert_cmpmem (board, sizeof *board, &saved, sizeof saved);
      n++;
    }
  g_assert_cmpuint (n, ==, nim_movegen_count (board, rules));
}

/* Make then unmake restores the board bit for bit, for every legal move
   (and every reply) of several positions under every rule. */
static void
test_make_unmake (void)
{
  static const char *const positions[] = {
    "3,4,5", "1", "0,7,1", "16,15,2,0,30", "1,1,1,1", "17,6,0,0,9,2",
  };
  g_autoptr (GArray) rules = all_rules ();
  guint r, p;

  for (r = 0; r < rules->len; r++)
    for (p = 0; p < G_N_ELEMENTS (positions); p++)
      {
        NimBoard board;

        g_assert_true (
            nim_board_parse (&board, positions[p], "--heaps", NULL));
        check_make_unmake (&board, &g_array_index (rules, NimRules, r));
      }
}

/* On the largest heaps, taking everything and taking one both restore. */
static void
test_make_unmake_huge (void)
{
  static const NimMove moves[] = {
    { 0, 4294967295u },
    { 0, 1 },
    { 1, 4294967295u },
    { 1, 2147483648u },
  };
  NimRules rules;
  NimBoard board, saved;
  guint i;

  nim_rules_init (&rules);
  g_assert_true (
      nim_board_parse (&board, "4294967295,4294967295", "--heaps", NULL));
  memcpy (&saved, &board, sizeof saved);
  for (i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_assert_true (nim_board_check_move (&board, &rules, &moves[i], NULL));
      nim_board_make_move (&board, &moves[i]);
      g_assert_cmpuint (board.total, ==,
                        G_GUINT64_CONSTANT (8589934590) - moves[i].count);
      nim_board_unmake_move (&board, &moves[i]);
      g_assert_cmpmem (&board, sizeof board, &saved, sizeof saved);
    }

  /* Two moves in a row, undone in reverse order. */
  nim_board_make_move (&board, &moves[0]);
  nim_board_make_move (&board, &moves[3]);
  g_assert_cmpuint (board.heaps[0], ==, 0);
  g_assert_cmpuint (board.heaps[1], ==, 2147483647u);
  g_assert_cmpuint (board.total, ==, 2147483647u);
  nim_board_unmake_move (&board, &moves[3]);
  nim_board_unmake_move (&board, &moves[0]);
  g_assert_cmpmem (&board, sizeof board, &saved, sizeof saved);
}

/* Checks that @move is refused on @heaps under @take (a --moves set, or
   NULL for --max-take @max_take, or neither for take-any) with @message. */
static void
assert_move_refused (const char *heaps, const char *take, guint max_take,
                     guint heap, guint32 count, const char *message)
{
  g_autoptr (GError) error = NULL;
  NimRules rules;
  NimBoard board;
  NimMove move = { heap, count };

  nim_rules_init (&rules);
  if (take != NULL)
    g_assert_true (nim_rules_parse_moves (&rules, take, "--moves", NULL));
  else if (max_take > 0)
    g_assert_true (nim_rules_set_max_take (&rules, max_take, NULL));
  g_assert_true (nim_board_parse (&board, heaps, "--heaps", NULL));
  g_assert_false (nim_board_check_move (&board, &rules, &move, &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  g_assert_cmpstr (nim_test_error_message (error), ==, message);
}

/* A player who types a bad move hears what is wrong with it, heaps
   numbered from 1 as people count them. */
static void
test_check_move (void)
{
  assert_move_refused ("3,4,5", NULL, 0, 3, 1,
                       "There is no heap 4; choose a heap from 1 to 3.");
  assert_move_refused ("3,4,5", NULL, 0, 99, 1,
                       "There is no heap 100; choose a heap from 1 to 3.");
  assert_move_refused ("0,4", NULL, 0, 0, 1,
                       "Heap 1 is empty; choose a heap that has matches.");
  /* An empty heap is reported before a count of zero. */
  assert_move_refused ("3,0", NULL, 0, 1, 0,
                       "Heap 2 is empty; choose a heap that has matches.");
  assert_move_refused ("3,4,5", NULL, 0, 1, 0,
                       "You must take at least 1 match.");
  assert_move_refused ("3,4,5", NULL, 0, 0, 4,
                       "Heap 1 has only 3 matches; you cannot take 4.");
  assert_move_refused ("3,1", NULL, 0, 1, 2,
                       "Heap 2 has only 1 match; you cannot take 2.");
  assert_move_refused ("3,4,5", "2,7,15,16", 0, 2, 3,
                       "You cannot take 3; a move takes one of 2,7,15,16 "
                       "matches.");
  assert_move_refused ("20", "2,7,15,16", 0, 0, 1,
                       "You cannot take 1; a move takes one of 2,7,15,16 "
                       "matches.");
  /* Too many for the heap wins over not being in the set. */
  assert_move_refused ("3,4,5", "2,7,15,16", 0, 2, 7,
                       "Heap 3 has only 5 matches; you cannot take 7.");
  assert_move_refused ("10", NULL, 3, 0, 4,
                       "You may take at most 3 matches at a time.");
  assert_move_refused ("10", NULL, 1, 0, 2,
                       "You may take at most 1 match at a time.");
}

/* Legal moves pass the check and leave the error alone. */
static void
test_check_move_accepts (void)
{
  g_autoptr (GError) error = NULL;
  NimRules rules;
  NimBoard board;
  NimMove move = { 0 };

  nim_rules_init (&rules);
  g_assert_true (nim_board_parse (&board, "3,4,5", "--heaps", NULL));
  move.heap = 2;
  move.count = 5;
  g_assert_true (nim_board_check_move (&board, &rules, &move, &error));
  g_assert_no_error (error);
  move.heap = 0;
  move.count = 1;
  g_assert_true (nim_board_check_move (&board, &rules, &move, &error));

  g_assert_true (nim_rules_set_max_take (&rules, 3, NULL));
  move.heap = 1;
  move.count = 3;
  g_assert_true (nim_board_check_move (&board, &rules, &move, &error));

  g_assert_true (nim_rules_parse_moves (&rules, "2,7,15,16", "--moves", NULL));
  move.heap = 2;
  move.count = 2;
  g_assert_true (nim_board_check_move (&board, &rules, &move, &error));
  g_assert_true (nim_board_parse (&board, "16", "--heaps", NULL));
  move.heap = 0;
  move.count = 16;
  g_assert_true (nim_board_check_move (&board, &rules, &move, &error));
  g_assert_no_error (error);
}

/* A game ends when no move is left, which under a set can be with
   matches still on the board. */
static void
test_has_move (void)
{
  NimRules rules;
  NimBoard board;

  nim_rules_init (&rules);
  g_assert_true (nim_board_parse (&board, "0,1", "--heaps", NULL));
  g_assert_true (nim_board_has_move (&board, &rules));
  nim_board_init (&board, (const guint32[]){ 0, 0, 0 }, 3);
  g_assert_false (nim_board_has_move (&board, &rules));

  g_assert_true (nim_rules_set_max_take (&rules, 3, NULL));
  g_assert_true (nim_board_parse (&board, "1", "--heaps", NULL));
  g_assert_true (nim_board_has_move (&board, &rules));

  g_assert_true (nim_rules_parse_moves (&rules, "2,5", "--moves", NULL));
  g_assert_true (nim_board_parse (&board, "1,1", "--heaps", NULL));
  g_assert_false (nim_board_has_move (&board, &rules));
  g_assert_true (nim_board_parse (&board, "1,0,1,1", "--heaps", NULL));
  g_assert_false (nim_board_has_move (&board, &rules));
  g_assert_true (nim_board_parse (&board, "1,2", "--heaps", NULL));
  g_assert_true (nim_board_has_move (&board, &rules));
  g_assert_true (nim_board_parse (&board, "4,1", "--heaps", NULL));
  g_assert_true (nim_board_has_move (&board, &rules));

  g_assert_true (nim_rules_parse_moves (&rules, "3,5", "--moves", NULL));
  g_assert_true (nim_board_parse (&board, "2,2,2", "--heaps", NULL));
  g_assert_false (nim_board_has_move (&board, &rules));
  g_assert_true (nim_board_parse (&board, "2,2,4", "--heaps", NULL));
  g_assert_true (nim_board_has_move (&board, &rules));
}

/* The nim-sum is the exclusive or of the heaps. */
static void
test_nim_sum (void)
{
  NimBoard board;

  g_assert_true (nim_board_parse (&board, "3,4,5", "--heaps", NULL));
  g_assert_cmpuint (nim_board_nim_sum (&board), ==, 2); /* 011^100^101 */
  g_assert_true (nim_board_parse (&board, "1,2,3", "--heaps", NULL));
  g_assert_cmpuint (nim_board_nim_sum (&board), ==, 0);
  g_assert_true (nim_board_parse (&board, "7,7", "--heaps", NULL));
  g_assert_cmpuint (nim_board_nim_sum (&board), ==, 0);
  g_assert_true (nim_board_parse (&board, "0,9", "--heaps", NULL));
  g_assert_cmpuint (nim_board_nim_sum (&board), ==, 9);
  g_assert_true (nim_board_parse (&board, "12,10,6", "--heaps", NULL));
  g_assert_cmpuint (nim_board_nim_sum (&board), ==, 0); /* 1100^1010^0110 */
  g_assert_true (nim_board_parse (&board, "4294967295,1", "--heaps", NULL));
  g_assert_cmpuint (nim_board_nim_sum (&board), ==, 4294967294u);
}

/* The largest heap, and board equality in heap order. */
static void
test_max_heap_equal (void)
{
  NimBoard a, b;

  g_assert_true (nim_board_parse (&a, "3,9,5", "--heaps", NULL));
  g_assert_cmpuint (nim_board_max_heap (&a), ==, 9);
  g_assert_true (nim_board_parse (&b, "3, 9, 5", "--heaps", NULL));
  g_assert_true (nim_board_equal (&a, &b));
  g_assert_true (nim_board_parse (&b, "5,9,3", "--heaps", NULL));
  g_assert_false (nim_board_equal (&a, &b));
  g_assert_true (nim_board_parse (&b, "3,9,5,0", "--heaps", NULL));
  g_assert_false (nim_board_equal (&a, &b));
  g_assert_true (nim_board_parse (&a, "0,4294967295", "--heaps", NULL));
  g_assert_cmpuint (nim_board_max_heap (&a), ==, 4294967295u);
}

/* A board prints the way --heaps reads it, empty heaps included. */
static void
test_to_string (void)
{
  NimBoard board;
  NimMove move = { 2, 2 };
  char *s;

  g_assert_true (nim_board_parse (&board, "3, 4 ,5", "--heaps", NULL));
  s = nim_board_to_string (&board);
  g_assert_cmpstr (s, ==, "3,4,5");
  g_free (s);

  nim_board_make_move (&board, &move);
  s = nim_board_to_string (&board);
  g_assert_cmpstr (s, ==, "3,4,3");
  g_free (s);

  g_assert_true (nim_board_parse (&board, "0,7,0", "--heaps", NULL));
  s = nim_board_to_string (&board);
  g_assert_cmpstr (s, ==, "0,7,0");
  g_free (s);

  g_assert_true (nim_board_parse (&board, "4294967295", "--heaps", NULL));
  s = nim_board_to_string (&board);
  g_assert_cmpstr (s, ==, "4294967295");
  g_free (s);
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);

  g_test_add_func ("/board/parse", test_parse);
  g_test_add_func ("/board/parse-many", test_parse_many);
  g_test_add_func ("/board/parse-rejects", test_parse_rejects);
  g_test_add_func ("/board/init", test_init);
  g_test_add_func ("/board/make-unmake", test_make_unmake);
  g_test_add_func ("/board/make-unmake-huge", test_make_unmake_huge);
  g_test_add_func ("/board/check-move", test_check_move);
  g_test_add_func ("/board/check-move-accepts", test_check_move_accepts);
  g_test_add_func ("/board/has-move", test_has_move);
  g_test_add_func ("/board/nim-sum", test_nim_sum);
  g_test_add_func ("/board/max-heap-equal", test_max_heap_equal);
  g_test_add_func ("/board/to-string", test_to_string);

  return g_test_run ();
}
