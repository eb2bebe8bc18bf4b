/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-analysis.c -- nim --solve and --grundy-sequence
 *
 * The winning moves are checked against theory worked out here, not by
 * the code under test: for take-any normal play a move wins exactly when
 * it leaves heaps whose exclusive or is 0; for other rules the searchers
 * and the closed-form engine must list the same moves.  The Grundy
 * sequence's period is checked against a naive mex computed here. */

#include "config.h"

#include "nim-analysis.h"
#include "nim-compare.h"
#include "nim-player.h"
#include "nim-test.h"
#include "nim-tree.h"
#include "nim-error.h"

#include <json-glib/json-glib.h>
#include <string.h>

#define STATUS_OK 0
#define STATUS_FAILURE 1
#define STATUS_USAGE 2

/* Calls @func on every board of @n_heaps heaps of 0 to @max matches,
   some heap non-empty. */
static void
for_each_board (guint n_heaps, guint max,
                void (*func) (const NimBoard *board, gpointer data),
                gpointer data)
{
  guint32 heaps[4] = { 0 };
  guint i;

  for (;;)
    {
      NimBoard board;

      nim_board_init (&board, heaps, n_heaps);
      if (board.total > 0)
        func (&board, data);
      for (i = 0; i < n_heaps && heaps[i] == max; i++)
        heaps[i] = 0;
      if (i == n_heaps)
        return;
      heaps[i]++;
    }
}

static void
check_take_any (const NimBoard *board, gpointer data)
{
  const char *engine = data;
  NimRules rules;
  g_autoptr (NimSolution) s = NULL;
  g_autoptr (GError) error = NULL;
  guint sum = nim_board_nim_sum (board), i, found = 0;

  nim_test_rules (&rules, "any", FALSE);
  s = nim_solve (&rules, board, engine, &error);
  g_assert_no_error (error);
  g_assert_cmpint (s->wins, ==, sum != 0);
  g_assert_true (s->complete);
  /* Exactly the heaps with h XOR sum < h, each reduced to h XOR sum, in
     heap order. */
  for (i = 0; i < board->n_heaps; i++)
    if ((board->heaps[i] ^ sum) < board->heaps[i])
      {
        const NimMove *m;

        g_assert_cmpuint (found, <, s->winning_moves->len);
        m = &g_array_index (s->winning_moves, NimMove, found);
        g_assert_cmpuint (m->heap, ==, i);
        g_assert_cmpuint (m->count, ==,
                          board->heaps[i] - (board->heaps[i] ^ sum));
        found++;
      }
  g_assert_cmpuint (found, ==, s->winning_moves->len);
  g_assert_true (s->have_grundy);
  g_assert_cmpuint (s->grundy, ==, sum);
}

/* Every position of three heaps up to 6, with each kind of engine. */
static void
test_solve_take_any (void)
{
  for_each_board (3, 6, check_take_any, (gpointer) "negamax:tt=1M");
  /* Plain minimax searches every line: smaller heaps. */
  for_each_board (3, 4, check_take_any, (gpointer) "minimax:time=0");
  for_each_board (3, 6, check_take_any, (gpointer) "xor");
  for_each_board (3, 6, check_take_any, (gpointer) "grundy");
  /* No engine: the nim-sum answers, a short search verifies. */
  for_each_board (3, 5, check_take_any, NULL);
  for_each_board (3, 4, check_take_any,
                  (gpointer) "negamax:ab=off,tt=off,order=off,id=off,time=0");
}

typedef struct
{
  const char *take;
  gboolean misere;
  const char *reference;
  const char *other;
  guint max; /* the largest heap tried: plain minimax needs small ones */
} Pair;

/* Two engines list the same winning moves under other rules. */
static void
check_agree (const NimBoard *board, gpointer data)
{
  const Pair *p = data;
  NimRules rules;
  g_autoptr (NimSolution) a = NULL;
  g_autoptr (NimSolution) b = NULL;
  g_autoptr (GError) error = NULL;
  guint i;

  nim_test_rules (&rules, p->take, p->misere);
  a = nim_solve (&rules, board, p->reference, &error);
  g_assert_no_error (error);
  b = nim_solve (&rules, board, p->other, &error);
  g_assert_no_error (error);
  g_assert_cmpint (a->wins, ==, b->wins);
  g_assert_cmpuint (a->winning_moves->len, ==, b->winning_moves->len);
  /* Under misère play a position without a move is won with no move. */
  if (nim_board_has_move (board, &rules))
    g_assert_cmpint (a->wins, ==, a->winning_moves->len > 0);
  for (i = 0; i < a->winning_moves->len; i++)
    {
      NimMove *x = &g_array_index (a->winning_moves, NimMove, i);
      NimMove *y = &g_array_index (b->winning_moves, NimMove, i);

      g_assert_cmpuint (x->heap, ==, y->heap);
      g_assert_cmpuint (x->count, ==, y->count);
    }
  if (!rules.misere)
    g_assert_cmpint (a->grundy != 0, ==, a->wins);
}

static void
test_solve_other_rules (void)
{
  static const Pair pairs[] = {
    { "max=3", FALSE, "grundy", "negamax:tt=1M", 7 },
    { "1,3,4", FALSE, "grundy", "minimax:time=0", 4 },
    { "2,5,6", FALSE, "grundy", "negamax:tt=1M", 7 },
    { "any", TRUE, "xor", "negamax:tt=1M", 6 },
    { "1,3,4", TRUE, "minimax:time=0", "negamax:tt=1M", 4 },
    { "1,3,4", TRUE, "negamax:ab=off,tt=off,id=off,order=off,time=0",
      "negamax:tt=1M", 5 },
    /* No engine: the closed form of each family (Grundy values, the
       misère rule of Nim, a single heap's misère outcomes) or, for
       misère play on several heaps of a set, the strongest searcher. */
    { "max=3", FALSE, NULL, "negamax:tt=1M", 5 },
    { "2,5,6", FALSE, NULL, "negamax:tt=1M", 6 },
    { "3", FALSE, NULL, "negamax:tt=1M", 5 },
    { "any", TRUE, NULL, "negamax:tt=1M", 5 },
    { "max=3", TRUE, NULL, "negamax:tt=1M", 5 },
    { "2,5,6", TRUE, NULL, "negamax:tt=1M", 6 },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (pairs); i++)
    for_each_board (3, pairs[i].max, check_agree, (gpointer) &pairs[i]);
}

/* Misère play has no Sprague-Grundy value of the position. */
static void
test_solve_misere_grundy (void)
{
  NimRules rules;
  NimBoard board;
  g_autoptr (NimSolution) s = NULL;
  g_autoptr (GError) error = NULL;

  nim_test_rules (&rules, "any", TRUE);
  nim_test_board (&board, "1,1,1");
  s = nim_solve (&rules, &board, "xor", &error);
  g_assert_no_error (error);
  g_assert_false (s->wins); /* three single matches: the mover takes the
                               first, the opponent the second, the mover
                               the last one and loses */
  g_assert_false (s->have_grundy);
}

/* Engines that cannot solve: a person, a random player, a searcher out
   of budget.  Each is told apart in the error. */
static void
test_solve_errors (void)
{
  NimRules rules;
  NimBoard board;
  g_autoptr (GError) e1 = NULL;
  g_autoptr (GError) e2 = NULL;
  g_autoptr (GError) e3 = NULL;
  g_autoptr (GError) e4 = NULL;
  g_autoptr (GError) e5 = NULL;

  nim_test_rules (&rules, "any", FALSE);
  nim_test_board (&board, "3,4,5");
  g_assert_null (nim_solve (&rules, &board, "human", &e1));
  g_assert_error (e1, NIM_ERROR, NIM_ERROR_USAGE);
  /* A player that does not claim perfect play is refused before it
     moves, and the players that can are named from the registry. */
  g_assert_null (nim_solve (&rules, &board, "random", &e2));
  g_assert_error (e2, NIM_ERROR, NIM_ERROR_USAGE);
  nim_test_assert_contains (nim_test_error_message (e2),
                            "does not claim perfect play");
  nim_test_assert_contains (nim_test_error_message (e2), "negamax");
  nim_test_assert_contains (nim_test_error_message (e2), "xor");
  nim_test_board (&board, "1000000000,1000000000,3");
  /* The advice is a spec that works when pasted: the options kept, ten
     times the budget that ran out (never none at all, which could run
     for years). */
  g_assert_null (
      nim_solve (&rules, &board, "negamax:tt=off,nodes=100,time=0", &e3));
  g_assert_error (e3, NIM_ERROR, NIM_ERROR_FAILED);
  nim_test_assert_contains (nim_test_error_message (e3), "did not prove");
  nim_test_assert_contains (nim_test_error_message (e3), "within its budget");
  nim_test_assert_contains (nim_test_error_message (e3),
                            "'negamax:tt=off,nodes=1000,time=0'");
  /* A budget of time: ten times it, never time=0 (minimax, which does
     not prune, would search 10,11,12 for years). */
  nim_test_board (&board, "10,11,12");
  g_assert_null (nim_solve (&rules, &board, "minimax:time=0.01", &e5));
  nim_test_assert_contains (nim_test_error_message (e5),
                            "such as 'minimax:time=0.1'");
  g_assert_null (strstr (nim_test_error_message (e5), "time=0'"));
  nim_test_rules (&rules, "2,3", FALSE);
  g_assert_null (nim_solve (&rules, &board, "xor", &e4));
  g_assert_error (e4, NIM_ERROR, NIM_ERROR_UNSUPPORTED);
}

/* A depth limit is blamed as a depth limit, not as the budget, and the
   advice drops it. */
static void
test_solve_depth_advice (void)
{
  NimRules rules;
  NimBoard board;
  g_autoptr (GError) error = NULL;
  g_autoptr (NimSolution) s = NULL;

  nim_test_rules (&rules, "any", FALSE);
  nim_test_board (&board, "3,4,5");
  /* No GError asked for: the advice for the closed forms is not added to
     one (it was, through a null pointer). */
  g_assert_null (nim_solve (&rules, &board, "minimax:depth=2", NULL));
  g_assert_null (nim_solve (&rules, &board, "minimax:depth=2", &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_FAILED);
  nim_test_assert_contains (nim_test_error_message (error),
                            "within its depth limit");
  nim_test_assert_contains (nim_test_error_message (error),
                            "such as 'minimax'");
  nim_test_assert_contains (nim_test_error_message (error),
                            "or use xor, grundy");
  /* The advice, pasted, solves the position. */
  s = nim_solve (&rules, &board, "minimax", NULL);
  g_assert_nonnull (s);
  g_assert_true (s != NULL && s->wins);
}

/* A won position with more moves than can each be searched lists the
   engine's own winning move and says the list is not complete. */
static void
test_solve_huge (void)
{
  NimRules rules;
  NimBoard board;
  g_autoptr (NimSolution) s = NULL;
  g_autoptr (GError) error = NULL;
  NimMove *m;

  nim_test_rules (&rules, "any", FALSE);
  nim_test_board (&board, "1000000000,1000000000,3");
  s = nim_solve (&rules, &board, "xor", &error);
  g_assert_no_error (error);
  if (s == NULL)
    return;
  g_assert_true (s->wins);
  g_assert_false (s->complete);
  g_assert_cmpuint (s->winning_moves->len, ==, 1);
  if (s->winning_moves->len == 0)
    return;
  m = &g_array_index (s->winning_moves, NimMove, 0);
  g_assert_cmpuint (m->heap, ==, 2);
  g_assert_cmpuint (m->count, ==, 3);
}

/* Without an engine, a closed form answers heaps no search could: a
   winning move of take-any among billions of moves, under normal and
   misère play, and a subtraction set of two sizes with a period of a
   billion and one (G(4294967295) = 1 for {1, 1000000000}). */
static void
test_solve_theory_huge (void)
{
  static const struct
  {
    const char *take;
    gboolean misere;
    const char *heaps;
    NimSolveMethod method;
    gboolean wins;
    guint heap, count; /* the winning move listed first, when wins */
  } cases[] = {
    { "any", FALSE, "4000000000,4000000001", NIM_SOLVE_NIM_SUM, TRUE, 1, 1 },
    { "any", TRUE, "4000000000,1", NIM_SOLVE_MISERE_NIM, TRUE, 0,
      4000000000u },
    { "any", TRUE, "4000000000,4000000000", NIM_SOLVE_MISERE_NIM, FALSE },
    { "max=1000000", TRUE, "4000000000", NIM_SOLVE_MISERE_ONE_HEAP, TRUE, 0,
      996000 },
    { "1,1000000000", FALSE, "4294967295,4294967295,4294967295",
      NIM_SOLVE_GRUNDY, TRUE, 0, 1 },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      NimRules rules;
      NimBoard board;
      g_autoptr (NimSolution) s = NULL;
      g_autoptr (GError) error = NULL;

      g_test_message ("%s %s", cases[i].take, cases[i].heaps);
      nim_test_rules (&rules, cases[i].take, cases[i].misere);
      nim_test_board (&board, cases[i].heaps);
      s = nim_solve (&rules, &board, NULL, &error);
      g_assert_no_error (error);
      if (s == NULL)
        continue;
      g_assert_cmpint (s->method, ==, cases[i].method);
      g_assert_cmpint (s->wins, ==, cases[i].wins);
      g_assert_cmpint (s->winning_moves->len > 0, ==, cases[i].wins);
      if (cases[i].wins && s->winning_moves->len > 0)
        {
          NimMove *m = &g_array_index (s->winning_moves, NimMove, 0);

          g_assert_cmpuint (m->heap, ==, cases[i].heap);
          g_assert_cmpuint (m->count, ==, cases[i].count);
        }
      g_assert_true (
          g_str_has_prefix (s->engine, nim_player_class_strongest ()->name));
    }
}

/* An engine's budget covers the whole solution, not each search: on
   3,3,3,3,3 without a table negamax proves the position in about 300,000
   nodes and every child in as many again, so 400,000 nodes (once enough
   for each search alone) run out on a child, which the message names as
   a child, with the move that leads to it.  With enough for all, the
   nodes of every search together stay within the budget. */
static void
test_solve_whole_budget (void)
{
  NimRules rules;
  NimBoard board;
  g_autoptr (NimSolution) s = NULL;
  g_autoptr (NimSolution) s2 = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GError) error2 = NULL;

  nim_test_rules (&rules, "any", FALSE);
  nim_test_board (&board, "3,3,3,3,3");
  s = nim_solve (&rules, &board, "negamax:tt=off,nodes=400000", &error);
  g_assert_null (s);
  g_assert_error (error, NIM_ERROR, NIM_ERROR_FAILED);
  /* Which child runs out depends on how far the root's search got. */
  nim_test_assert_contains (nim_test_error_message (error),
                            ",3,3,3,3 (the position after "
                            "taking ");
  nim_test_assert_contains (nim_test_error_message (error),
                            "from heap 1, one of the moves "
                            "to check)");
  nim_test_assert_contains (nim_test_error_message (error),
                            "covers the whole solution");
  s2 = nim_solve (&rules, &board, "negamax:tt=off,nodes=3000000", &error2);
  g_assert_no_error (error2);
  g_assert_cmpuint (s2->nodes, <=, 3000000);
  g_assert_cmpuint (s2->winning_moves->len, ==, 5);
}

/* ------------------------------------------------------------------------ */
/* The Grundy sequence */

/* G(0..n) of a subtraction set by the definition, and the smallest
   pre-period and period that hold for all of it (the period checked over
   at least two full cycles). */
static void
naive_period (const guint *set, guint n_set, guint n, guint *values,
              guint *pre, guint *period)
{
  guint i, k, p, q;

  for (i = 0; i <= n; i++)
    {
      gboolean seen[64] = { FALSE };

      for (k = 0; k < n_set; k++)
        if (set[k] <= i)
          seen[values[i - set[k]]] = TRUE;
      for (values[i] = 0; seen[values[i]]; values[i]++)
        ;
    }
  for (q = 0; q <= n; q++)
    for (p = 1; q + 2 * p <= n + 1; p++)
      {
        gboolean ok = TRUE;

        for (i = q; ok && i + p <= n; i++)
          ok = values[i] == values[i + p];
        if (ok)
          {
            *pre = q;
            *period = p;
            return;
          }
      }
  *pre = *period = 0;
}

/* Runs nim --grundy-sequence N --moves SET --json and parses it. */
static JsonNode *
sequence_json (const char *moves, const char *n)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status = nim_test_run_nim (NULL, &out, &err, "--grundy-sequence", n,
                                 "--moves", moves, "--json", NULL);

  g_assert_cmpint (status, ==, STATUS_OK);
  return nim_test_parse_json (out);
}

static const struct
{
  const char *spec;
  guint set[4];
  guint n_set;
} sets[] = {
  { "2,3,7", { 2, 3, 7 }, 3 }, /* period 5, pre-period 0 */
  { "1,3,4", { 1, 3, 4 }, 3 }, /* period 7 */
  { "2,5,6", { 2, 5, 6 }, 3 },          { "3,4,9", { 3, 4, 9 }, 3 },
  { "2,7,15,16", { 2, 7, 15, 16 }, 4 }, /* the course's */
};

/* The library's sequence, value by value, against the definition; and
   the range rules' closed form, whose period shows only once the
   sequence is longer than the range. */
static void
test_sequence_lib (void)
{
  guint i, n;

  for (i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      NimRules rules;
      g_autoptr (NimGrundySequence) seq = NULL;
      guint expect[301], pre, period;

      nim_test_rules (&rules, sets[i].spec, FALSE);
      seq = nim_grundy_sequence_new (&rules, 300);
      naive_period (sets[i].set, sets[i].n_set, 300, expect, &pre, &period);
      for (n = 0; n <= 300; n++)
        g_assert_cmpuint (nim_grundy_sequence_value (seq, n), ==, expect[n]);
      g_assert_true (seq->periodic);
      g_assert_cmpuint (seq->period, ==, period);
      g_assert_cmpuint (seq->preperiod, ==, pre);
    }
  for (n = 0; n <= 6; n++)
    {
      NimRules rules;
      g_autoptr (NimGrundySequence) seq = NULL;

      nim_test_rules (&rules, "max=3", FALSE);
      seq = nim_grundy_sequence_new (&rules, n);
      g_assert_cmpuint (nim_grundy_sequence_value (seq, n), ==, n % 4);
      g_assert_cmpint (seq->periodic, ==, n > 3);
      g_assert_cmpuint (seq->period, ==, n > 3 ? 4 : 0);
    }
}

static void
test_sequence_periods (void)
{
  guint i;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      g_autoptr (JsonNode) node = sequence_json (sets[i].spec, "300");
      JsonObject *o = json_node_get_object (node);
      JsonArray *values = json_object_get_array_member (o, "values");
      guint expect[301], pre, period, n;

      naive_period (sets[i].set, sets[i].n_set, 300, expect, &pre, &period);
      g_assert_cmpuint (json_array_get_length (values), ==, 301);
      for (n = 0; n <= 300; n++)
        g_assert_cmpint (json_array_get_int_element (values, n), ==,
                         expect[n]);
      g_test_message ("{%s}: period %u, pre-period %u", sets[i].spec, period,
                      pre);
      g_assert_cmpuint (period, >, 0);
      g_assert_cmpint (json_object_get_int_member (o, "period"), ==, period);
      g_assert_cmpint (json_object_get_int_member (o, "preperiod"), ==, pre);
    }
}

/* The example of the issue, as a person reads it. */
static void
test_sequence_text (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--grundy-sequence",
                                     "20", "--moves", "2,3,7", NULL),
                   ==, STATUS_OK);
  nim_test_assert_contains (out, "       0:  0  0  1  1  2  0  0  1  1  2\n");
  /* The period in the words a take-and-break code's is told in. */
  nim_test_assert_contains (out, "Period 5 from n = 0, proven: G(n + 5) = "
                                 "G(n) for every n >= 0.\n");
  nim_test_assert_contains (out, "The part that repeats: 0 0 1 1 2\n");
  /* Take-any has G(n) = n: no period. */
  g_assert_cmpint (
      nim_test_run_nim (NULL, &out2, &err2, "--grundy-sequence", "12", NULL),
      ==, STATUS_OK);
  nim_test_assert_contains (out2, "No period found up to 12.");
}

/* ------------------------------------------------------------------------ */
/* nim --solve from the command line */

static void
test_cli_solve_json (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (JsonNode) node = NULL;
  JsonObject *o, *m;
  JsonArray *moves;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--solve", "--heaps",
                                     "3,4,5", "--json", NULL),
                   ==, STATUS_OK);
  node = nim_test_parse_json (out);
  o = json_node_get_object (node);
  g_assert_cmpstr (json_object_get_string_member (
                       json_object_get_object_member (o, "rules"), "take"),
                   ==, "any");
  g_assert_cmpuint (
      json_array_get_length (json_object_get_array_member (o, "heaps")), ==,
      3);
  g_assert_cmpstr (json_object_get_string_member (o, "to_move"), ==, "win");
  moves = json_object_get_array_member (o, "winning_moves");
  g_assert_cmpuint (json_array_get_length (moves), ==, 1);
  m = json_array_get_object_element (moves, 0);
  g_assert_cmpint (json_object_get_int_member (m, "heap"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (m, "take"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (o, "grundy"), ==, 2);
  /* The nim-sum answers; the strongest searcher verifies. */
  g_assert_cmpstr (json_object_get_string_member (o, "method"), ==, "nim-sum");
  g_assert_true (json_object_get_boolean_member (o, "verified"));
  g_assert_true (g_str_has_prefix (json_object_get_string_member (o, "engine"),
                                   "negamax:time="));
  g_assert_cmpint (json_object_get_int_member (o, "nodes"), >, 0);
  g_assert_true (json_object_has_member (o, "seconds"));
}

static void
test_cli_solve_text (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--solve", "--heaps",
                                     "20,30,40,50", "--player1", "xor", NULL),
                   ==, STATUS_OK);
  nim_test_assert_contains (out, "The player to move wins.\nWinning moves: "
                                 "take 16 from heap 1, take 16 from heap 2, "
                                 "take 16 from heap 4\n");
  nim_test_assert_contains (out, "position 16 (not 0: a win)");
  nim_test_assert_contains (out, "Engine: xor, 0 nodes");
  g_assert_cmpint (nim_test_run_nim (NULL, &out2, &err2, "--solve", "--heaps",
                                     "13", "--max-take", "3", "--misere",
                                     NULL),
                   ==, STATUS_OK);
  /* 13 = 4 * 3 + 1: lost under misère 1-3 (the remainder rule of the
     course's one pile). */
  nim_test_assert_contains (out2, "loses against best play");
  /* The values are defined; they do not decide misère play. */
  nim_test_assert_contains (out2, "Sprague-Grundy values: not used; they "
                                  "are the values of normal play, and under "
                                  "misère play they do not decide who "
                                  "wins\n");
  g_assert_null (strstr (out2, "not defined"));
}

/* Misère play, and no move: take exactly 2 from a heap of 1.  The player
   to move wins because it cannot move; the text says so, where it used
   to print "Winning moves:" and an empty list, and the JSON lists no
   winning move. */
static void
test_cli_solve_no_move (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;
  g_autoptr (JsonNode) node = NULL;
  JsonObject *o;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--solve", "--heaps",
                                     "1", "--moves", "2", "--misere", NULL),
                   ==, STATUS_OK);
  nim_test_assert_contains (out, "The player to move wins: there is no "
                                 "move to make, and under misère play a "
                                 "player who cannot move wins.\n");
  nim_test_assert_not_contains (out, "Winning move");
  g_assert_cmpint (nim_test_run_nim (NULL, &out2, &err2, "--solve", "--heaps",
                                     "1", "--moves", "2", "--misere", "--json",
                                     NULL),
                   ==, STATUS_OK);
  node = nim_test_parse_json (out2);
  o = json_node_get_object (node);
  g_assert_cmpstr (json_object_get_string_member (o, "to_move"), ==, "win");
  g_assert_cmpuint (json_array_get_length (
                        json_object_get_array_member (o, "winning_moves")),
                    ==, 0);
}

/* Issue 12's hostile input: heaps of 4 billion under {1, 1000000000}
   are answered by the period of the Grundy values (a billion and one),
   where the search gave up after 5 s; and 20,30,40,50,60, which no search
   proves quickly, by the nim-sum. */
static void
test_cli_solve_theory (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--solve", "--heaps",
                                     "4294967295,4294967295,4294967295",
                                     "--moves", "1000000000,1", NULL),
                   ==, STATUS_OK);
  nim_test_assert_contains (out, "The player to move wins.\n");
  nim_test_assert_contains (out, "G(4294967295) = 1, G(4294967295) = 1, "
                                 "G(4294967295) = 1; position 1");
  nim_test_assert_contains (out, "Solved by theory: the Sprague-Grundy");
  g_assert_cmpint (nim_test_run_nim (NULL, &out2, &err2, "--solve", "--heaps",
                                     "20,30,40,50,60", NULL),
                   ==, STATUS_OK);
  nim_test_assert_contains (out2, "Winning moves: take 36 from heap 3, take "
                                  "20 from heap 4, take 44 from heap 5\n");
  nim_test_assert_contains (out2, "Solved by theory: the nim-sum");
  nim_test_assert_contains (out2, "by search: negamax:time=");
}

static void
test_cli_bad (void)
{
  static const struct
  {
    const char *args[10];
    int status;
    const char *message;
  } cases[] = {
    { { "--solve", "--player1", "human", NULL },
      STATUS_USAGE,
      "computer engine" },
    { { "--solve", "--player1", "negamax:nodes=50,time=0", "--heaps",
        "1000000000,1000000000,3", NULL },
      STATUS_FAILURE,
      "did not prove" },
    { { "--solve", "--heaps", "0,0", NULL }, STATUS_USAGE, "empty" },
    { { "--solve", "--grundy-sequence", "3", NULL },
      STATUS_USAGE,
      "cannot be combined" },
    { { "--grundy-sequence", "abc", NULL },
      STATUS_USAGE,
      "--grundy-sequence" },
    { { "--grundy-sequence", "-1", NULL }, STATUS_USAGE, "--grundy-sequence" },
    { { "--grundy-sequence", "10000001", NULL },
      STATUS_USAGE,
      "--grundy-sequence" },
    { { "--grundy-sequence", "10", "--misere", NULL },
      STATUS_USAGE,
      "drop --misere" },
  };
  guint i;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    nim_test_assert_refused (cases[i].args, cases[i].status, cases[i].message);
}

/* --solve on a game tree: its value, the best moves by number and the
   tree, in JSON and in words; a random tree is the same for a seed, its
   leaves within --leaf-range, and the engine's count of the position's
   own search is the one a page shows. */
static void
test_cli_solve_tree (void)
{
  static const char *const textbook[]
      = { "--solve",   "--tree",  "[[3,12,8],[2,4,6],[14,5,2]]",
          "--player1", "minimax", NULL };
  static const char *const random1[]
      = { "--solve", "--random-tree", "3:2",  "--seed",
          "11",      "--leaf-range",  "-3:3", NULL };
  g_autoptr (JsonNode) j = nim_test_run_json (textbook);
  g_autoptr (JsonNode) r1 = nim_test_run_json (random1);
  g_autoptr (JsonNode) r2 = nim_test_run_json (random1);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *t1 = NULL;
  g_autofree char *t2 = NULL;
  JsonObject *o = json_node_get_object (j);
  JsonArray *best = json_object_get_array_member (o, "best_moves");
  guint i;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (json_object_get_int_member (o, "value"), ==, 3);
  g_assert_cmpuint (json_array_get_length (best), ==, 1);
  g_assert_cmpint (json_array_get_int_element (best, 0), ==, 1);
  g_assert_cmpint (json_object_get_int_member (o, "nodes"), ==, 25);
  g_assert_cmpint (json_object_get_int_member (o, "position_nodes"), ==, 13);
  g_assert_cmpuint (
      json_array_get_length (json_object_get_array_member (o, "tree")), ==, 3);
  t1 = json_to_string (
      json_object_get_member (json_node_get_object (r1), "tree"), FALSE);
  t2 = json_to_string (
      json_object_get_member (json_node_get_object (r2), "tree"), FALSE);
  g_assert_cmpstr (t1, ==, t2);
  /* 3 plies of 2: 8 leaves, each from -3 to 3. */
  {
    g_autoptr (NimTree) tree = nim_tree_parse (t1, "tree", NULL);

    g_assert_nonnull (tree);
    g_assert_cmpuint (tree->n_leaves, ==, 8);
    g_assert_cmpuint (tree->height, ==, 3);
    for (i = 0; i < tree->n_nodes; i++)
      g_assert_cmpint (ABS (tree->value[i]), <=, 3);
  }
  g_assert_cmpint (nim_test_run_nimv (NULL, &out, &err, textbook), ==,
                   STATUS_OK);
  nim_test_assert_contains (out, "Tree: [[3,12,8],[2,4,6],[14,5,2]]\n");
  nim_test_assert_contains (out, "Value: 3 for MAX, who moves at the root.\n"
                                 "Best move: child 1; the children are worth "
                                 "3, 2, 2 for MAX\n");
  nim_test_assert_contains (out, "Engine: minimax, 13 nodes for the position "
                                 "and 12 more for its moves (25 in all)");
}

/* What --tree and --random-tree refuse: what is no tree, Nim's options
   beside a tree, a leaf range without a random tree, a tree too large,
   and the players that do not search a tree. */
static void
test_cli_tree_bad (void)
{
  static const struct
  {
    const char *args[10];
    int status;
    const char *message;
  } cases[] = {
    { { "--solve", "--tree", "[]", NULL }, STATUS_USAGE, "is empty" },
    { { "--tree", "[1,2]", NULL }, STATUS_USAGE, "it needs --solve" },
    { { "--solve", "--tree", "[1,2]", "--heaps", "3", NULL },
      STATUS_USAGE,
      "leave out --heaps" },
    { { "--solve", "--tree", "[1,2]", "--misere", NULL },
      STATUS_USAGE,
      "leave out --misere" },
    { { "--solve", "--tree", "[1]", "--random-tree", "2:2", NULL },
      STATUS_USAGE,
      "give one of them" },
    { { "--solve", "--leaf-range", "1:2", NULL },
      STATUS_USAGE,
      "--leaf-range goes with --random-tree DEPTH:BRANCHING: the values" },
    { { "--solve", "--tree", "[1,2]", "--leaf-range", "1:2", NULL },
      STATUS_USAGE,
      "a tree given with --tree has its own values" },
    { { "--solve", "--random-tree", "30:30", NULL },
      STATUS_USAGE,
      "more than the 1000000 positions" },
    { { "--solve", "--random-tree", "3", NULL },
      STATUS_USAGE,
      "expected DEPTH:BRANCHING" },
    { { "--solve", "--random-tree", "0:2", NULL },
      STATUS_USAGE,
      "--random-tree DEPTH" },
    { { "--solve", "--random-tree", "2:2", "--leaf-range", "5:1", NULL },
      STATUS_USAGE,
      "LOW is above HIGH" },
    { { "--solve", "--random-tree", "2:2", "--leaf-range", "-1000000:1",
        NULL },
      STATUS_USAGE,
      "not a whole number from -999999 to 999999" },
    { { "--solve", "--tree", "[1,2]", "--player1", "pns", NULL },
      STATUS_USAGE,
      "players that can: minimax, negamax" },
    { { "--solve", "--tree", "[1,2]", "--player1", "negamax:tt=1M", NULL },
      STATUS_USAGE,
      "tt=1M does not apply to a game tree" },
  };
  guint i;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    nim_test_assert_refused (cases[i].args, cases[i].status, cases[i].message);
}

/* --compare's budget is a value: a time budget stops a search that
   cannot finish in it (minimax on 1,3,5,7, half a billion nodes), and
   its row says it did not finish although it had no node budget; a
   spec's own budget wins over the comparison's. */
static void
test_compare_budget (void)
{
  const NimBudget budget = { 0, 0.02, 0 };
  const char *const specs[] = { "minimax:time=0,nodes=1000", NULL };
  g_autoptr (GPtrArray) rows = NULL;
  g_autoptr (GError) error = NULL;
  NimRules rules;
  NimBoard board;
  gboolean interrupted;
  guint i;

  nim_test_rules (&rules, "any", FALSE);
  nim_test_board (&board, "1,3,5,7");
  rows = nim_compare_run (&rules, &board, &budget, specs, NULL, NULL,
                          &interrupted, &error);
  g_assert_no_error (error);
  g_assert_false (interrupted);
  for (i = 0; i < rows->len; i++)
    {
      const NimCompareRow *row = rows->pdata[i];

      if (g_str_equal (row->spec, "minimax"))
        {
          g_assert_false (row->finished);
          g_assert_true (row->stats.stopped);
        }
      if (g_str_equal (row->spec, specs[0]))
        {
          g_assert_false (row->finished);
          g_assert_cmpuint (row->stats.nodes, <=, 1000);
        }
      if (g_str_equal (row->spec, "xor"))
        g_assert_true (row->finished);
    }
  g_assert_cmpstr (((const NimCompareRow *) rows->pdata[rows->len - 1])->spec,
                   ==, specs[0]);
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);

  g_test_add_func ("/analysis/solve-take-any", test_solve_take_any);
  g_test_add_func ("/analysis/solve-other-rules", test_solve_other_rules);
  g_test_add_func ("/analysis/solve-misere-grundy", test_solve_misere_grundy);
  g_test_add_func ("/analysis/solve-errors", test_solve_errors);
  g_test_add_func ("/analysis/solve-depth-advice", test_solve_depth_advice);
  g_test_add_func ("/analysis/solve-huge", test_solve_huge);
  g_test_add_func ("/analysis/solve-theory-huge", test_solve_theory_huge);
  g_test_add_func ("/analysis/solve-whole-budget", test_solve_whole_budget);
  g_test_add_func ("/analysis/sequence-lib", test_sequence_lib);
  g_test_add_func ("/analysis/sequence-periods", test_sequence_periods);
  g_test_add_func ("/analysis/sequence-text", test_sequence_text);
  g_test_add_func ("/analysis/cli-solve-json", test_cli_solve_json);
  g_test_add_func ("/analysis/cli-solve-text", test_cli_solve_text);
  g_test_add_func ("/analysis/cli-solve-theory", test_cli_solve_theory);
  g_test_add_func ("/analysis/cli-solve-no-move", test_cli_solve_no_move);
  g_test_add_func ("/analysis/cli-bad", test_cli_bad);
  g_test_add_func ("/analysis/cli-solve-tree", test_cli_solve_tree);
  g_test_add_func ("/analysis/cli-tree-bad", test_cli_tree_bad);
  g_test_add_func ("/analysis/compare-budget", test_compare_budget);

  return g_test_run ();
}
