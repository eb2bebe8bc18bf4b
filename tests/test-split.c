/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-split.c -- take-and-break codes on the board: the moves of a code,
   in order, heaps that split, make and unmake bit for bit */

#include "config.h"

#include <glib.h>
#include <string.h>

#include "nim-movegen.h"
#include "nim-notation.h"
#include "nim-octal.h"
#include "nim-sequence.h"
#include "nim-test.h"
#include "nim-error.h"

/* The codes the tests play: Kayles, Dawson's Kayles, Dawson's chess, and
   others with every kind of digit. */
static const char *const codes[] = {
  "0.77",  "0.07", "0.137", "0.17", "0.6",  "0.51", "0.4",
  "0.127", "0.1",  "0.2",   "0.31", "0.54", "0.71", "0.447",
};

static void
code_rules (NimRules *rules, const char *text)
{
  NimOctal code;

  g_assert_true (nim_octal_parse (&code, text, "code", NULL));
  g_assert_true (nim_octal_to_rules (&code, rules));
}

/* The moves of a heap of @h under @rules as the rules' words say them,
   written out by brute force in the tie-break order: the smallest count,
   then nothing or one heap left, then the splits, smallest first part
   first. */
static guint
brute_moves (const NimRules *rules, guint heap, guint32 h, NimMove *out)
{
  guint n = 0;
  guint32 j, a;

  for (j = 1; j <= h; j++)
    {
      guint d = j <= rules->n_digits ? rules->digits[j] : 0;

      if ((h == j && (d & 1)) || (h > j && (d & 2)))
        out[n++] = (NimMove){ heap, j, 0 };
      if (d & 4)
        for (a = 1; a + a <= h - j; a++)
          out[n++] = (NimMove){ heap, j, h - j - a, a };
    }
  return n;
}

/* The generator gives exactly the brute-force moves, heap by heap, and
   count and nth agree with it; the board check accepts exactly them. */
static void
test_moves (void)
{
  guint k;

  for (k = 0; k < G_N_ELEMENTS (codes); k++)
    {
      NimRules rules;
      guint32 h1, h2;

      code_rules (&rules, codes[k]);
      g_assert_cmpstr (rules.family->name, ==, "code");
      for (h1 = 0; h1 <= 12; h1++)
        for (h2 = 0; h2 <= 9; h2++)
          {
            guint32 heaps[2] = { h1, h2 };
            NimBoard board;
            NimMove want[256], m;
            NimMoveGen gen = NIM_MOVEGEN_INIT;
            guint n, i = 0;
            guint32 j, s;

            nim_board_init (&board, heaps, 2);
            n = brute_moves (&rules, 0, h1, want);
            n += brute_moves (&rules, 1, h2, want + n);
            while (nim_movegen_next (&gen, &board, &rules, &m))
              {
                NimMove nth;

                g_assert_cmpuint (i, <, n);
                g_assert_true (nim_move_equal (&m, &want[i]));
                g_assert_true (nim_movegen_nth (&board, &rules, i, &nth));
                g_assert_true (nim_move_equal (&nth, &m));
                i++;
              }
            g_assert_cmpuint (i, ==, n);
            g_assert_cmpuint (nim_movegen_count (&board, &rules), ==, n);
            g_assert_cmpint (nim_board_has_move (&board, &rules), ==, n > 0);
            /* Every (count, split) on heap 1: legal exactly when listed. */
            for (j = 0; j <= h1 + 1; j++)
              for (s = 0; s <= h1; s++)
                {
                  NimMove try
                      = { 0, j, s, s != 0 && j + s < h1 ? h1 - j - s : 0 };
                  NimMove wrong = try;
                  gboolean listed = FALSE;
                  g_autoptr (GError) error = NULL;

                  for (i = 0; i < n; i++)
                    listed |= nim_move_equal (&try, &want[i])
                              || (want[i].heap == 0 && want[i].count == j
                                  && want[i].split != 0
                                  && s == h1 - j - want[i].split);
                  g_assert_cmpint (
                      nim_board_check_move (&board, &rules, &try, &error), ==,
                      listed);
                  g_assert_true (listed || error != NULL);
                  /* A split whose first part does not add up is refused. */
                  wrong.keep++;
                  g_assert_false (
                      s != 0
                      && nim_board_check_move (&board, &rules, &wrong, NULL));
                }
          }
    }
}

/* Plays every game from @board to its end, making and unmaking each move:
   the board comes back bit for bit, and never needs more heaps than
   nim_board_max_slots() promised.  Returns the most heaps seen. */
static guint
walk (NimBoard *board, const NimRules *rules)
{
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove m;
  guint most = board->n_heaps;

  while (nim_movegen_next (&gen, board, rules, &m))
    {
      NimBoard before = *board;

      g_assert_true (nim_board_check_move (board, rules, &m, NULL));
      nim_board_make_move (board, &m);
      g_assert_cmpuint (board->n_heaps, ==, before.n_heaps + (m.split != 0));
      g_assert_cmpuint (board->total, ==, before.total - m.count);
      most = MAX (most, walk (board, rules));
      nim_board_unmake_move (board, &m);
      g_assert_cmpmem (board, sizeof *board, &before, sizeof before);
    }
  return most;
}

static void
test_make_unmake (void)
{
  static const guint32 starts[][3] = {
    { 7, 0, 0 }, { 8, 0, 0 }, { 4, 4, 0 }, { 3, 0, 4 }, { 2, 3, 3 },
  };
  /* Under valgrind (nim_test_light()) the trees of 7 matches only: those
     of 8 take ten times as long, and run the same code (those of 9 a
     hundred times, and so are left out). */
  guint32 most_matches = nim_test_light () ? 7 : 8;
  guint k, i;

  for (k = 0; k < G_N_ELEMENTS (codes); k++)
    for (i = 0; i < G_N_ELEMENTS (starts); i++)
      {
        NimRules rules;
        NimBoard board, start;
        guint most;

        if (starts[i][0] + starts[i][1] + starts[i][2] > most_matches)
          continue;
        code_rules (&rules, codes[k]);
        nim_board_init (&board, starts[i], 3);
        start = board;
        most = walk (&board, &rules);
        g_assert_cmpmem (&board, sizeof board, &start, sizeof start);
        g_assert_cmpuint (most, <=, nim_board_max_slots (&start, &rules));
      }
}

/* The bound is tight for Kayles: a row of 2k + 1 splits k times, taking
   one from the second place each time. */
static void
test_room (void)
{
  NimRules rules;
  NimBoard board;
  guint32 heaps[3] = { 41, 41, 41 };
  g_autoptr (GError) error = NULL;

  code_rules (&rules, "0.77");
  nim_board_init (&board, heaps, 1);
  g_assert_cmpuint (nim_board_max_slots (&board, &rules), ==, 21);
  heaps[0] = 9;
  nim_board_init (&board, heaps, 1);
  g_assert_cmpuint (walk (&board, &rules), ==, 5);
  heaps[0] = 41;
  nim_board_init (&board, heaps, 3);
  g_assert_true (nim_board_check_room (&board, &rules, NULL));
  heaps[0] = heaps[1] = heaps[2] = 43;
  nim_board_init (&board, heaps, 3);
  g_assert_false (nim_board_check_room (&board, &rules, &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  g_assert_nonnull (strstr (nim_test_error_message (error), "64"));
  /* Codes that never split need no room at all. */
  code_rules (&rules, "0.31");
  g_assert_cmpuint (nim_board_max_slots (&board, &rules), ==, 3);
}

/* The Grundy value of a heap computed from the generator's moves (the
   mex of the XOR of what each leaves) is nim-octal's: the two read the
   code independently. */
static guint
heap_value (const NimRules *rules, guint32 h, const guint *g)
{
  NimBoard board;
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove m;
  guint64 seen = 0;
  guint v = 0;

  nim_board_init (&board, &h, 1);
  while (nim_movegen_next (&gen, &board, rules, &m))
    {
      guint x;

      nim_board_make_move (&board, &m);
      x = g[board.heaps[0]] ^ (m.split != 0 ? g[board.heaps[1]] : 0);
      nim_board_unmake_move (&board, &m);
      g_assert_cmpuint (x, <, 64);
      seen |= G_GUINT64_CONSTANT (1) << x;
    }
  while (seen & (G_GUINT64_CONSTANT (1) << v))
    v++;
  return v;
}

static void
test_values (void)
{
  guint k;

  for (k = 0; k < G_N_ELEMENTS (codes); k++)
    {
      g_autoptr (NimSequence) values = NULL;
      NimOctal code;
      NimRules rules;
      guint g[121];
      guint32 h;

      g_assert_true (nim_octal_parse (&code, codes[k], "code", NULL));
      code_rules (&rules, codes[k]);
      values = nim_sequence_new (&code, NIM_SEQUENCE_SPARSE);
      g_assert_true (nim_sequence_extend (values, 120, NULL));
      for (h = 0; h <= 120; h++)
        {
          g[h] = heap_value (&rules, h, g);
          g_assert_cmpuint (g[h], ==, nim_sequence_get (values, h));
        }
    }
}

/* A split on rules that never split, or one that adds up wrong, is
   refused with a message. */
static void
test_bad_splits (void)
{
  NimRules rules;
  NimBoard board;
  guint32 heaps[1] = { 6 };
  g_autoptr (GError) error = NULL;

  nim_rules_init (&rules);
  nim_board_init (&board, heaps, 1);
  g_assert_false (
      nim_board_check_move (&board, &rules, &(NimMove){ 0, 1, 2, 3 }, &error));
  g_assert_nonnull (strstr (nim_test_error_message (error), "never split"));
  g_clear_error (&error);
  code_rules (&rules, "0.77");
  g_assert_false (
      nim_board_check_move (&board, &rules, &(NimMove){ 0, 1, 5 }, &error));
  g_assert_nonnull (strstr (nim_test_error_message (error), "leaves 5"));
  g_clear_error (&error);
  g_assert_false (
      nim_board_check_move (&board, &rules, &(NimMove){ 0, 3, 1, 2 }, &error));
  g_assert_nonnull (strstr (nim_test_error_message (error), "0.77"));
  g_assert_true (
      nim_board_check_move (&board, &rules, &(NimMove){ 0, 2, 2, 2 }, NULL));
  /* 4 + 1 is 1 + 4 the other way round: both are legal. */
  g_assert_true (
      nim_board_check_move (&board, &rules, &(NimMove){ 0, 1, 1, 4 }, NULL));
}

/* h3-2=1+4 reads back as it was written; a bad split is refused. */
static void
test_notation (void)
{
  NimMove m = { 2, 2, 4, 1 }, back;
  g_autofree char *text = nim_notation_move (&m);
  g_autoptr (GError) error = NULL;
  NimRules rules;
  g_autofree char *code = NULL;

  g_assert_cmpstr (text, ==, "h3-2=1+4");
  g_assert_true (nim_notation_parse_move (text, &back, NULL));
  g_assert_true (nim_move_equal (&m, &back));
  g_assert_true (nim_notation_parse_move ("h1-1", &back, NULL));
  g_assert_cmpuint (back.split, ==, 0);
  g_assert_false (nim_notation_parse_move ("h3-2=1+", &back, &error));
  g_assert_nonnull (strstr (nim_test_error_message (error), "h3-2=1+4"));
  g_clear_error (&error);
  g_assert_false (nim_notation_parse_move ("h3-2=0+4", &back, NULL));
  /* The rules as UGI's setoption sends them. */
  g_assert_true (nim_notation_parse_rules ("0.77", TRUE, &rules, NULL));
  g_assert_cmpstr (rules.family->name, ==, "code");
  g_assert_true (rules.misere);
  code = nim_notation_rules (&rules);
  g_assert_cmpstr (code, ==, "0.77");
  g_assert_false (nim_notation_parse_rules ("4.07", FALSE, &rules, &error));
  g_assert_nonnull (strstr (nim_test_error_message (error), "4.07"));
}

/* The prompt takes "3 2 1+4" and lists splits; the display says how the
   heaps were renumbered; the JSON record carries "leave". */
static void
test_cli (void)
{
  g_autofree char *out = NULL, *err = NULL, *json = NULL, *err2 = NULL;
  g_autofree char *bad = NULL, *err3 = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nim ("moves\n1 1 2+3\nquit\n", &out, &err,
                                     "--heaps", "6", "--rules", "0.77",
                                     "--player1", "human", "--player2",
                                     "minimax", NULL),
                   ==, 3); /* quit: the game was abandoned */
  nim_test_assert_contains (out, "1 1, 1 1 1+4, 1 1 2+3, 1 2, 1 2 1+3");
  nim_test_assert_contains (
      out, "Heap 1 split: it keeps 2, and the other 3 is the new heap 2");
  g_assert_cmpint (nim_test_run_nim ("1 1 2+2\n1 1 3+2\nquit\n", &bad, &err3,
                                     "--heaps", "6", "--rules", "0.77",
                                     "--player1", "human", "--player2",
                                     "minimax", NULL),
                   ==, 3);
  nim_test_assert_contains (bad, "a split leaves two heaps");
  {
    g_autofree char *asked = NULL, *e = NULL;

    /* 0.4 takes 1 only by splitting the rest: a second question asks
       how, again after a bad answer. */
    g_assert_cmpint (nim_test_run_nim ("1\n0+10\n3+7\nquit\n", &asked, &e,
                                       "--heaps", "11", "--rules", "0.4",
                                       "--player1", "human", "--player2",
                                       "minimax", NULL),
                     ==, 3);
    nim_test_assert_contains (
        asked, "That leaves 10, to split in two: which heaps, such as 1+9? "
               "0+10\n'0+10' is not a split");
    nim_test_assert_contains (asked, "Heap 1 split: it keeps 3, and the "
                                     "other 7 is the new heap 2 at the end.");
  }
  g_assert_cmpint (nim_test_run_nim (NULL, &json, &err2, "--heaps", "7",
                                     "--rules", "0.77", "--player1", "negamax",
                                     "--player2", "grundy", "--json", NULL),
                   ==, 0);
  /* negamax wins a row of 7 by taking the middle one: 3 and 3. */
  nim_test_assert_contains (json, "\"code\":\"0.77\"");
  {
    g_autofree char *why = NULL, *e1 = NULL, *trace = NULL, *e2 = NULL;

    g_assert_cmpint (nim_test_run_nim (NULL, &why, &e1, "--heaps", "5,3",
                                       "--rules", "0.77", "--player1",
                                       "grundy", "--player2", "negamax",
                                       "--explain", NULL),
                     ==, 0);
    nim_test_assert_contains (
        why, "G(5) = mex{G(4), G(1)\u2295G(3), G(2)\u2295G(2), G(3), "
             "G(1)\u2295G(2)} = mex{1, 2, 0, 3, 3} = 4");
    g_assert_cmpint (nim_test_run_nim (NULL, &trace, &e2, "--heaps", "4",
                                       "--rules", "0.77", "--player1",
                                       "negamax:tt=off", "--player2", "grundy",
                                       "--trace", NULL),
                     ==, 0);
    nim_test_assert_contains (trace, "  h1-1=1+2 1,2 [-1,0]");
  }
  nim_test_assert_contains (json,
                            "\"take\":1,\"leave\":[3,3],\"heaps\":[3,3]");
}

/* An external engine gets the code and the splits: the test engine (a
   negamax behind UGI) plays Kayles against negamax to the end. */
static void
test_engine (void)
{
  g_autofree char *command = nim_test_engine_command ("good", NULL);
  g_autofree char *engine = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nim-split-XXXXXX", NULL);
  g_autofree char *log_path = g_build_filename (dir, "bot-1.log", NULL);
  g_autofree char *log = NULL, *out = NULL, *err = NULL;

  if (command == NULL || !nim_test_have_nim ())
    return;
  engine = g_strdup_printf ("bot=%s", command);
  g_assert_cmpint (
      nim_test_run_nim (NULL, &out, &err, "--engine", engine, "--engine-log",
                        dir, "--player1", "bot:time=1", "--player2", "negamax",
                        "--heaps", "9", "--rules", "0.77", "--json", NULL),
      ==, 0);
  nim_test_assert_contains (out, "\"end\":\"normal\"");
  g_assert_true (g_file_get_contents (log_path, &log, NULL, NULL));
  nim_test_assert_contains (log, "> setoption name rules value 0.77\n");
  /* The engine wins a row of 9 by a split, and the next position names
     it in the notation. */
  nim_test_assert_contains (log, "< bestmove h1-1=4+4\n");
  nim_test_assert_contains (log, "> position fen 9 p1 moves h1-1=4+4 h");
  nim_test_assert_contains (out, "\"leave\":[");
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);

  g_test_add_func ("/split/moves", test_moves);
  g_test_add_func ("/split/make-unmake", test_make_unmake);
  g_test_add_func ("/split/room", test_room);
  g_test_add_func ("/split/values", test_values);
  g_test_add_func ("/split/bad-splits", test_bad_splits);
  g_test_add_func ("/split/notation", test_notation);
  g_test_add_func ("/split/cli", test_cli);
  g_test_add_func ("/split/engine", test_engine);
  return g_test_run ();
}
