/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-explain.c -- what --explain and hint say, checked against the theory
 *
 * The closed-form players must reproduce the course's tables (the nim-sum
 * in binary of the three-row game, the mex of the subtraction game), a
 * searcher's principal variation must be a legal line of optimal moves
 * that ends the game when the value is proven, explaining must not change
 * what a player does, and the real binary must print the explanation and
 * record it in --json. */

#include "config.h"

#include "nim-test.h"

#include "nim-explain.h"
#include "nim-movegen.h"
#include "nim-player.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>

/* Chooses a move for the player @spec on @heaps under @take/@misere,
   with an explanation, told what @told (nullable) says of the game as
   player 1; returns the explanation and sets *move. */
static char *
explain_told_move (const char *spec, const char *take, gboolean misere,
                   const char *heaps, NimPrompt *told, NimMove *move)
{
  g_autoptr (NimPlayer) p = nim_player_new (spec, NULL);
  NimRules rules;
  NimBoard board;

  g_assert_nonnull (p);
  if (p == NULL)
    return g_strdup ("");
  nim_test_rules (&rules, take, misere);
  nim_test_board (&board, heaps);
  if (told != NULL)
    {
      nim_player_set_number (p, 1);
      nim_player_set_prompt (p, told);
    }
  nim_player_set_explain (p, TRUE);
  g_assert_true (nim_player_start (p, &rules, &board, NULL));
  g_assert_true (nim_player_choose_move (p, &board, move, NULL));
  g_assert_nonnull (nim_player_get_explanation (p));
  g_test_message ("%s on %s, person %u:\n%s", spec, heaps,
                  told != NULL ? told->person : 0,
                  nim_player_get_explanation (p));
  return g_strdup (nim_player_get_explanation (p) != NULL
                       ? nim_player_get_explanation (p)
                       : "");
}

/* Chooses a move for the player @spec on @heaps under @take/@misere,
   with an explanation; returns the explanation and sets *move. */
static char *
explain (const char *spec, const char *take, gboolean misere,
         const char *heaps, NimMove *move)
{
  return explain_told_move (spec, take, misere, heaps, NULL, move);
}

/* Checks that the prose of @why says @part, whatever the line breaks. */
static void
assert_says (const char *why, const char *part)
{
  g_autofree char *flat = g_strdelimit (g_strdup (why), "\n", ' ');

  nim_test_assert_contains (flat, part);
}

/* The example of the course's three-row game: 011 XOR 100 XOR 101 = 010,
   and only heap 1 (3) has bit 010, so it goes to 001: take 2 from heap 1. */
static void
test_xor_three_rows (void)
{
  NimMove m;
  g_autofree char *why = explain ("xor", "any", FALSE, "3,4,5", &m);

  g_assert_cmpuint (m.heap, ==, 0);
  g_assert_cmpuint (m.count, ==, 2);
  nim_test_assert_contains (why, "         size  binary  XOR 010\n"
                                 "heap 1      3     011  001 = 1 < 3\n"
                                 "heap 2      4     100  110 = 6 > 4\n"
                                 "heap 3      5     101  111 = 7 > 5\n"
                                 "nim-sum     2     010\n");
  assert_says (why, "highest bit (010)");
  assert_says (why, "011 XOR 010 = 001, so take 2");
  assert_says (why, "The heaps 1, 4, 5 have nim-sum 0");
}

/* A nim-sum of 0 is said to be lost, and the move made instead named. */
static void
test_xor_lost (void)
{
  NimMove m;
  g_autofree char *why = explain ("xor", "any", FALSE, "1,4,5", &m);

  nim_test_assert_contains (why, "nim-sum     0     000\n");
  assert_says (why, "The nim-sum is 0, so the position is "
                    "lost");
  assert_says (why, "xor chooses to take 1 from heap 1");
  nim_test_assert_not_contains (why, "XOR 000");
}

/* Misère: the move that leaves only single matches leaves an odd number,
   and the explanation says how it differs from normal play. */
static void
test_xor_misere (void)
{
  NimMove m;
  g_autofree char *why = explain ("xor", "any", TRUE, "1,1,3", &m);
  g_autofree char *normal = explain ("xor", "any", TRUE, "3,4,5", &m);
  g_autofree char *ones = explain ("xor", "any", TRUE, "1,1,1", &m);

  assert_says (why, "misère");
  assert_says (why, "odd number");
  assert_says (why, "Take 2 from heap 3");
  assert_says (why, "Normal play would instead take heap 3 "
                    "to 3 XOR 3 = 0");
  assert_says (normal, "this is the normal-play move");
  assert_says (ones, "an odd number (3) of them");
}

/* One heap: the nim-sum is the heap, and no heap number is named, under
   normal and misère play, won and lost; grundy's one-heap table line is
   its formula alone. */
static void
test_one_heap (void)
{
  NimMove m;
  g_autofree char *normal = explain ("xor", "any", FALSE, "13", &m);
  g_autofree char *misere = NULL;
  g_autofree char *last = NULL;
  g_autofree char *grundy = NULL;

  assert_says (normal, "the nim-sum is the heap's own size, 13");
  g_assert_cmpuint (m.count, ==, 13);
  misere = explain ("xor", "any", TRUE, "13", &m);
  assert_says (misere, "take all but one, 12 of 13");
  g_assert_cmpuint (m.count, ==, 12);
  last = explain ("xor", "any", TRUE, "1", &m);
  assert_says (last, "the position is lost");
  grundy = explain ("grundy", "max=3", FALSE, "13", &m);
  nim_test_assert_contains (grundy, "\nG(13) = mex{G(12), G(11), G(10)} = "
                                    "mex{0, 3, 2} = 1\n");
  nim_test_assert_not_contains (normal, "heap 1");
  nim_test_assert_not_contains (misere, "heap 1");
  nim_test_assert_not_contains (last, "heap 1");
  nim_test_assert_not_contains (grundy, "heap 1");
}

/* The mex of the course's subtraction game, with the set {1, 3, 4}:
   G = 0 1 0 1 2 3 2 0 for 0..7. */
static void
test_grundy_mex (void)
{
  NimMove m;
  g_autofree char *why = explain ("grundy", "1,3,4", FALSE, "2,3,7", &m);
  g_autofree char *any = explain ("grundy", "any", FALSE, "2,3,7", &m);
  g_autofree char *big = explain ("grundy", "max=3", FALSE, "2000001,5", &m);

  nim_test_assert_contains (why, "heap 1:  G(2) = mex{G(1)} = mex{1} = 0\n");
  nim_test_assert_contains (why, "heap 2:  G(3) = mex{G(2), G(0)} = "
                                 "mex{0, 0} = 1\n");
  nim_test_assert_contains (why, "heap 3:  G(7) = mex{G(6), G(4), G(3)} = "
                                 "mex{2, 2, 1} = 0\n");
  nim_test_assert_contains (why, "total:   0 XOR 1 XOR 0 = 1\n");
  assert_says (why, "take 1 from heap 1");
  assert_says (any, "G(7) = mex{G(6), G(5), G(4), G(3), G(2), "
                    "G(1), G(0)} = mex{6, 5, 4, 3, 2, 1, 0} = 7");
  assert_says (big, "G(2000001) = G(1), as the values repeat "
                    "with period 4");
}

/* Misère grundy plays one heap by its table (the course's one pile, take
   1 or 2, whoever takes the last stone loses). */
static void
test_grundy_misere (void)
{
  NimMove m;
  g_autofree char *why = explain ("grundy", "max=2", TRUE, "9", &m);

  assert_says (why, "9 = 3 x 3 + 0");
  assert_says (why, "So take 2 (9 -> 7)");
}

/* Player @spec, number 1, explaining its move on @heaps under @take and
   @misere, told what @told says of the game; returns the explanation with
   its line breaks read as blanks. */
static char *
explain_with (const char *spec, const char *take, gboolean misere,
              const char *heaps, NimPrompt *told)
{
  NimMove m;

  return g_strdelimit (explain_told_move (spec, take, misere, heaps, told, &m),
                       "\n", ' ');
}

/* Every sentence grundy's misère explanation takes from its table, in
   each voice (the one pile, one heap of several, a single heap): why a
   heap's own table decides, the table, the move to a lost size, and the
   move of a lost position, its own and a hint's (the table's sentences
   are printf formats the compiler cannot check). */
static void
test_grundy_misere_words (void)
{
  static const struct
  {
    const char *take, *heaps;
    gboolean one_pile, advice;
    const char *says[3];
  } cases[] = {
    { "max=2",
      "6",
      TRUE,
      FALSE,
      { "the one pile is decided by a table of its own",
        "Taking 1 or 2 stones, the lost piles are those whose stones leave "
        "1 when divided by 3: 6 = 2 x 3 + 0.",
        "So take 2 stones (6 -> 4): a lost pile for the opponent." } },
    { "max=3",
      "9",
      TRUE,
      FALSE,
      { "grundy takes 1 stone, as little as it can, hoping for a "
        "mistake." } },
    { "max=3",
      "9",
      TRUE,
      TRUE,
      { "Take 1 stone, as little as you can, and hope for a mistake." } },
    { "2,5",
      "6",
      TRUE,
      TRUE,
      { "From 6: take 2 -> 4 (won for the opponent), take 5 -> 1 (won for "
        "the opponent).",
        "Take 2 stones, as little as you can, and hope for a mistake." } },
    { "any",
      "2",
      TRUE,
      FALSE,
      { "Taking any number, only a pile of one stone is lost: its last "
        "stone must be taken." } },
    { "max=2",
      "0,7",
      FALSE,
      FALSE,
      { "the one heap that can still be played (the others are too small "
        "for any move) is decided by a table of its own",
        "Taking 1 or 2, the lost sizes are those that leave 1 when divided "
        "by 3. Heap 2: 7 = 2 x 3 + 1.",
        "grundy takes 1, as little as it can, hoping for a mistake." } },
    { "max=2",
      "0,7",
      FALSE,
      TRUE,
      { "So take 1 from heap 2, as little as you can, and hope for a "
        "mistake." } },
    { "max=2",
      "0,9",
      FALSE,
      FALSE,
      { "So take 2 from heap 2 (9 -> 7): a lost size for the opponent." } },
    { "any",
      "0,3",
      FALSE,
      FALSE,
      { "Taking any number, only a heap of one match is lost: its last "
        "match must be taken." } },
    { "max=2",
      "7",
      FALSE,
      FALSE,
      { "but a single heap is decided by a table of its own",
        "Taking 1 or 2, the lost sizes are those that leave 1 when divided "
        "by 3: 7 = 2 x 3 + 1." } },
  };
  guint i, j;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      NimPrompt told
          = { NULL, NULL,           cases[i].one_pile, cases[i].advice,
              NULL, cases[i].advice };
      g_autofree char *why = explain_with ("grundy", cases[i].take, TRUE,
                                           cases[i].heaps, &told);

      for (j = 0; j < G_N_ELEMENTS (cases[i].says) && cases[i].says[j]; j++)
        nim_test_assert_contains (why, cases[i].says[j]);
    }
}

/* The largest number @text names. */
static guint64
largest_number (const char *text)
{
  guint64 most = 0;
  const char *p;

  for (p = text; *p != '\0'; p++)
    if (g_ascii_isdigit (*p) && (p == text || !g_ascii_isdigit (p[-1])))
      most = MAX (most, g_ascii_strtoull (p, NULL, 10));
  return most;
}

/* Under every family, grundy says what a move takes in the family's own
   words for any heap, and names no number made of the largest heap (it
   once said "a move taking 1 to 2147483647" of a rule that takes up to
   half the heap). */
static void
test_grundy_every_family (void)
{
  const NimRuleFamily *const *families = nim_rule_families ();
  static const char *const boards[] = { "3,4,5", "9" };
  guint f, k, misere, b, explained = 0;

  for (f = 0; families[f] != NULL; f++)
    for (k = 0; families[f]->examples[k] != NULL; k++)
      for (misere = 0; misere <= 1; misere++)
        for (b = 0; b < G_N_ELEMENTS (boards); b++)
          {
            const char *example = families[f]->examples[k];
            g_autofree char *counts = NULL;
            g_autofree char *why = NULL;
            NimRules rules;
            NimBoard board;
            NimMove m;

            nim_test_rules (&rules, example, misere);
            nim_test_board (&board, boards[b]);
            if (!nim_player_supports (nim_player_class_lookup ("grundy"),
                                      &rules, &board, NULL))
              continue;
            counts = nim_rules_describe_counts (&rules, NIM_HEAP_SIZE_MAX);
            why = explain ("grundy", example, misere, boards[b], &m);
            if (!misere && !nim_rules_is_code (&rules))
              {
                g_autofree char *taking
                    = g_strdup_printf ("a move taking %s:", counts);

                assert_says (why, taking);
              }
            g_assert_cmpuint (largest_number (why), <=, NIM_MAX_TAKE_MAX);
            explained++;
            break;
          }
  g_assert_cmpuint (explained, >=, 8);
}

static void
test_random (void)
{
  NimMove m;
  g_autofree char *why = explain ("random", "any", FALSE, "3,4,5", &m);

  assert_says (why, "among the 12 legal moves");
}

/* Replays the principal variation in @why from @heaps: every move legal,
   players alternating from @first; returns its length and whether it
   ended the game, and checks that under take-any normal play the winner's
   moves all leave a nim-sum of 0 when @optimal. */
static guint
replay_pv (const char *why, const char *heaps, const NimRules *rules,
           guint first, gboolean optimal, gboolean *ended)
{
  g_autofree char *flat = g_strdelimit (g_strdup (why), "\n", ' ');
  g_autoptr (GRegex) re = g_regex_new (
      "player ([12]) takes ([0-9]+) from heap ([0-9]+)", 0, 0, NULL);
  g_autoptr (GMatchInfo) mi = NULL;
  const char *pv = strstr (flat, "Principal variation");
  NimBoard board;
  guint n = 0, player = first;
  gboolean win = FALSE;

  g_assert_nonnull (pv);
  nim_test_board (&board, heaps);
  win = nim_board_nim_sum (&board) != 0;
  g_regex_match (re, pv, 0, &mi);
  while (g_match_info_matches (mi))
    {
      g_autofree char *who = g_match_info_fetch (mi, 1);
      g_autofree char *count = g_match_info_fetch (mi, 2);
      g_autofree char *heap = g_match_info_fetch (mi, 3);
      NimMove m = { (guint) atoi (heap) - 1, (guint32) atoi (count) };

      g_assert_cmpuint ((guint) atoi (who), ==, player);
      g_assert_true (nim_board_check_move (&board, rules, &m, NULL));
      nim_board_make_move (&board, &m);
      if (optimal && nim_rules_is_take_any (rules) && !rules->misere
          && (n % 2 == 0) == win)
        g_assert_cmpuint (nim_board_nim_sum (&board), ==, 0);
      player = 3 - player;
      n++;
      g_match_info_next (mi, NULL);
    }
  *ended = !nim_board_has_move (&board, rules);
  if (*ended)
    nim_test_assert_contains (pv, "cannot move");
  return n;
}

/* A searcher's principal variation is a legal line of optimal moves to
   the end of the game when the value is proven; under score=distance it
   is exactly as long as the distance. */
static void
test_search_pv (void)
{
  static const struct
  {
    const char *spec;
    const char *take;
    gboolean misere;
    const char *heaps;
  } cases[] = {
    { "negamax", "any", FALSE, "3,4,5" },
    { "negamax", "any", FALSE, "1,4,5" },
    { "minimax", "any", FALSE, "3,4,5" },
    { "negamax:ab=off,tt=off", "any", FALSE, "2,3,4" },
    { "negamax:score=distance", "any", FALSE, "3,4,5" },
    { "negamax:score=distance", "any", FALSE, "1,4,5" },
    { "negamax", "any", TRUE, "3,4,5" },
    { "minimax", "max=3", FALSE, "13" },
    { "negamax", "2,7,15,16", FALSE, "2,6,19" },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (NimPlayer) p = nim_player_new (cases[i].spec, NULL);
      NimRules rules;
      NimBoard board;
      NimMove m;
      const NimSearchStats *st;
      gboolean ended;
      guint n;

      nim_test_rules (&rules, cases[i].take, cases[i].misere);
      nim_test_board (&board, cases[i].heaps);
      nim_player_set_explain (p, TRUE);
      g_assert_true (nim_player_start (p, &rules, &board, NULL));
      g_assert_true (nim_player_choose_move (p, &board, &m, NULL));
      st = nim_player_get_stats (p);
      g_test_message ("%s on %s:\n%s", cases[i].spec, cases[i].heaps,
                      nim_player_get_explanation (p));
      g_assert_true (st->proven);
      assert_says (nim_player_get_explanation (p),
                   st->value > 0 ? "Value: a win" : "Value: a loss");
      if (board.n_heaps == 1)
        continue; /* "player 1 takes 1" has no heap to replay by */
      n = replay_pv (nim_player_get_explanation (p), cases[i].heaps, &rules, 1,
                     TRUE, &ended);
      g_assert_cmpuint (n, >=, 1);
      g_assert_true (ended);
      if (st->distance > 0)
        g_assert_cmpuint (n, ==, st->distance);
    }
}

/* A depth-limited search shows its line up to its horizon, and says the
   value is unknown. */
static void
test_search_pv_depth (void)
{
  NimMove m;
  g_autofree char *why
      = explain ("negamax:depth=3", "any", FALSE, "3,4,5", &m);
  NimRules rules;
  gboolean ended;

  nim_test_rules (&rules, "any", FALSE);
  assert_says (why, "Value: unknown");
  assert_says (why, "up to the search's horizon");
  g_assert_cmpuint (replay_pv (why, "3,4,5", &rules, 1, FALSE, &ended), ==, 3);
}

/* nim_explain_pv()'s second search, which a proven negamax must not
   need. */
static void
no_search (NimSearchPlayer *self, const NimBoard *board, const NimRules *rules,
           NimMove *move, NimSearchStats *stats)
{
  g_test_message ("a second search was made");
  g_test_fail ();
  nim_movegen_first (board, rules, move);
  memset (stats, 0, sizeof *stats);
}

/* The principal variation of a proven value comes from the search's own
   table, without a second search (it took one a ply, each with a table
   of its own), and is a whole game of legal moves. */
static void
test_search_pv_from_table (void)
{
  static const char *const positions[] = { "3,4,5", "1,4,5", "10,20,30" };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (positions); i++)
    {
      g_autoptr (NimPlayer) p = nim_player_new ("negamax", NULL);
      NimRules rules;
      NimBoard board;
      NimMove m, line[NIM_EXPLAIN_PV_MAX];
      gboolean cut;
      guint n, j;

      nim_test_rules (&rules, "any", FALSE);
      nim_test_board (&board, positions[i]);
      g_assert_true (nim_player_start (p, &rules, &board, NULL));
      g_assert_true (nim_player_choose_move (p, &board, &m, NULL));
      g_assert_true (nim_player_get_stats (p)->proven);
      n = nim_explain_pv ((NimSearchPlayer *) p, no_search, &board, &m, line,
                          &cut);
      g_assert_cmpuint (n, >=, 2);
      for (j = 0; j < n; j++)
        {
          g_assert_true (
              nim_board_check_move (&board, &rules, &line[j], NULL));
          nim_board_make_move (&board, &line[j]);
        }
      g_assert_true (cut || !nim_board_has_move (&board, &rules));
    }
}

/* A move chosen by a search cut short by its budget is said to be a
   guess; a move chosen at a depth limit is not (the depth was asked
   for), and neither is a proven one. */
static void
test_search_guess (void)
{
  NimMove m;
  g_autofree char *budget = explain ("negamax:time=0,nodes=50", "any", FALSE,
                                     "20,30,40,50,60", &m);
  g_autofree char *depth
      = explain ("negamax:depth=3", "any", FALSE, "3,4,5", &m);
  g_autofree char *proven = explain ("negamax", "any", FALSE, "3,4,5", &m);

  assert_says (budget, "ran out of its budget");
  assert_says (budget, "The move is a guess");
  g_assert_null (strstr (depth, "guess"));
  g_assert_null (strstr (proven, "guess"));
}

/* Player @spec, number 1, explaining its move on @heaps under @take and
   @misere, told that player @person is the one person against the
   computer (0: none) and whether the game is the one-pile game; returns
   the explanation with its line breaks read as blanks. */
static char *
explain_told (const char *spec, const char *take, gboolean misere,
              const char *heaps, guint person, gboolean one_pile)
{
  NimPrompt told = { NULL, NULL, one_pile, person };

  return explain_with (spec, take, misere, heaps, &told);
}

/* Told who the one person is (#NimPrompt.person), every searcher
   says "you" and "the computer" where it numbers the players otherwise:
   as the computer (the person is the other player) and as the advisor
   behind hint (the person is the player it moves for), in the value, the
   line and its end.  1,2 is won: take 1 from heap 2, and the opponent
   is left without a move after three plies. */
static void
check_search_person (const char *spec)
{
  g_autofree char *numbered
      = explain_told (spec, "any", FALSE, "1,2", 0, FALSE);
  g_autofree char *computer
      = explain_told (spec, "any", FALSE, "1,2", 2, FALSE);
  g_autofree char *advisor
      = explain_told (spec, "any", FALSE, "1,2", 1, FALSE);

  nim_test_assert_contains (numbered, "Value: a win for player 1,");
  nim_test_assert_contains (numbered, "play): player 1 takes 1 from "
                                      "heap 2; player 2 takes 1 from "
                                      "heap ");
  nim_test_assert_contains (numbered,
                            "; then player 2 cannot move and loses.");
  nim_test_assert_not_contains (numbered, "you");
  nim_test_assert_not_contains (numbered, "computer");

  nim_test_assert_contains (computer, "Value: a win for the computer,");
  nim_test_assert_contains (computer, "play): the computer takes 1 from "
                                      "heap 2; you take 1 from heap ");
  nim_test_assert_contains (computer, "; then you cannot move and lose.");
  nim_test_assert_not_contains (computer, "player 1");
  nim_test_assert_not_contains (computer, "player 2");

  nim_test_assert_contains (advisor, "Value: a win for you,");
  nim_test_assert_contains (advisor, "play): you take 1 from heap 2; the "
                                     "computer takes 1 from heap ");
  nim_test_assert_contains (advisor,
                            "; then the computer cannot move and loses.");
  nim_test_assert_not_contains (advisor, "player 1");
  nim_test_assert_not_contains (advisor, "player 2");
}

/* Every searcher that claims perfect play proves 1,2 at once. */
static void
test_search_person (void)
{
  const NimPlayerClass *const *classes = nim_player_classes ();
  guint i;

  for (i = 0; classes[i] != NULL; i++)
    if (classes[i]->kind == NIM_PLAYER_SEARCHER && classes[i]->perfect)
      check_search_person (classes[i]->name);
}

/* In the one-pile game (#NimPrompt.one_pile) the explanations
   speak of stones and the pile, never of matches or heaps: grundy and
   xor under misère play, the only rules of that game, and a searcher's
   line between two computers. */
static void
test_one_pile (void)
{
  g_autofree char *grundy
      = explain_told ("grundy", "max=2", TRUE, "6", 0, TRUE);
  g_autofree char *grundy_lost
      = explain_told ("grundy", "max=3", TRUE, "9", 0, TRUE);
  g_autofree char *grundy_any
      = explain_told ("grundy", "any", TRUE, "2", 0, TRUE);
  g_autofree char * xor = explain_told ("xor", "any", TRUE, "5", 0, TRUE);
  g_autofree char *xor_one = explain_told ("xor", "any", TRUE, "1", 0, TRUE);
  g_autofree char *negamax
      = explain_told ("negamax", "max=2", TRUE, "6", 0, TRUE);
  const char *all[] = { grundy, grundy_lost, grundy_any, xor, xor_one };
  guint i;

  nim_test_assert_contains (grundy, "whoever takes the last stone loses");
  nim_test_assert_contains (grundy, "Taking 1 or 2 stones, the lost piles "
                                    "are those whose stones leave 1 when "
                                    "divided by 3: 6 = 2 x 3 + 0.");
  nim_test_assert_contains (grundy, "So take 2 stones (6 -> 4): a lost pile "
                                    "for the opponent.");
  /* 1 to 3: divided by 4, and no word of three. */
  nim_test_assert_contains (grundy_lost, "divided by 4: 9 = 2 x 4 + 1.");
  nim_test_assert_not_contains (grundy_lost, "three");
  nim_test_assert_contains (grundy_lost, "grundy takes 1 stone,");
  nim_test_assert_contains (grundy_any, "only a pile of one stone is lost");
  nim_test_assert_contains (xor, "take all but one, 4 of 5 stones");
  nim_test_assert_contains (xor_one, "One stone is left");
  for (i = 0; i < G_N_ELEMENTS (all); i++)
    {
      nim_test_assert_not_contains (all[i], "match");
      nim_test_assert_not_contains (all[i], "heap");
    }
  nim_test_assert_contains (negamax, "play): player 1 takes 2 stones; "
                                     "player 2 takes ");
  nim_test_assert_not_contains (negamax, "match");
}

/* Explaining changes nothing: the same moves and node counts, game after
   game, with the table kept across moves. */
static void
test_no_side_effects (void)
{
  g_autoptr (NimPlayer) a = nim_player_new ("negamax", NULL);
  g_autoptr (NimPlayer) b = nim_player_new ("negamax", NULL);
  NimRules rules;
  NimBoard board;

  nim_test_rules (&rules, "any", FALSE);
  nim_test_board (&board, "5,6,7,9");
  nim_player_set_explain (b, TRUE);
  g_assert_true (nim_player_start (a, &rules, &board, NULL));
  g_assert_true (nim_player_start (b, &rules, &board, NULL));
  while (nim_board_has_move (&board, &rules))
    {
      NimMove ma, mb;

      g_assert_true (nim_player_choose_move (a, &board, &ma, NULL));
      g_assert_true (nim_player_choose_move (b, &board, &mb, NULL));
      g_assert_true (nim_move_equal (&ma, &mb));
      g_assert_cmpuint (nim_player_get_stats (a)->nodes, ==,
                        nim_player_get_stats (b)->nodes);
      g_assert_null (nim_player_get_explanation (a));
      g_assert_nonnull (nim_player_get_explanation (b));
      nim_board_make_move (&board, &ma);
    }
}

/* Runs the built nim with @argv (after the program name); returns stdout. */
static char *
run_nim (const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  char *out = NULL;
  int status;

  nim_test_add_nim_argv (argv, args);
  g_ptr_array_add (argv, NULL);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, NULL,
                               G_SPAWN_STDERR_TO_DEV_NULL, NULL, NULL, &out,
                               NULL, &status, &error));
  g_assert_no_error (error);
  g_assert_true (WIFEXITED (status) && WEXITSTATUS (status) == 0);
  return out;
}

/* nim --explain prints each explanation under its move, two columns in,
   and --json records it as "explain" in each move. */
static void
test_binary (void)
{
  static const char *const text[]
      = { "--heaps",   "3,4,5",   "--player1", "xor",
          "--player2", "negamax", "--explain", NULL };
  static const char *const plain[] = { "--heaps", "3,4,5",     "--player1",
                                       "xor",     "--player2", "negamax",
                                       NULL };
  static const char *const json[]
      = { "--heaps", "3,4,5", "--player1", "xor",    "--player2", "random",
          "--seed",  "1",     "--explain", "--json", NULL };
  g_autofree char *out = NULL;
  g_autofree char *off = NULL;
  g_autofree char *record = NULL;

  if (g_getenv ("NIM_BINARY") == NULL)
    {
      g_test_skip ("NIM_BINARY is not set; run the test through make check");
      return;
    }
  out = run_nim (text);
  nim_test_assert_contains (out, "Player 1 (xor) takes 2 from heap 1.\n"
                                 "  The nim-sum strategy: the heaps in "
                                 "binary");
  nim_test_assert_contains (out, "  nim-sum     2     010\n");
  nim_test_assert_contains (out, "Player 2 (negamax) takes 1 from heap 1.\n"
                                 "  Value: a loss for player 2");
  off = run_nim (plain);
  nim_test_assert_not_contains (off, "nim-sum");
  nim_test_assert_not_contains (off, "Principal variation");
  record = run_nim (json);
  nim_test_assert_contains (record, "\"explain\":\"The nim-sum strategy");
  nim_test_assert_contains (record, "\"explain\":\"Chosen uniformly at "
                                    "random among the");
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);

  g_test_add_func ("/explain/xor/three-rows", test_xor_three_rows);
  g_test_add_func ("/explain/xor/lost", test_xor_lost);
  g_test_add_func ("/explain/xor/misere", test_xor_misere);
  g_test_add_func ("/explain/one-heap", test_one_heap);
  g_test_add_func ("/explain/grundy/mex", test_grundy_mex);
  g_test_add_func ("/explain/grundy/misere", test_grundy_misere);
  g_test_add_func ("/explain/grundy/every-family", test_grundy_every_family);
  g_test_add_func ("/explain/grundy/misere-words", test_grundy_misere_words);
  g_test_add_func ("/explain/random", test_random);
  g_test_add_func ("/explain/search/pv", test_search_pv);
  g_test_add_func ("/explain/search/pv-depth", test_search_pv_depth);
  g_test_add_func ("/explain/search/guess", test_search_guess);
  g_test_add_func ("/explain/search/pv-from-table", test_search_pv_from_table);
  g_test_add_func ("/explain/search/person", test_search_person);
  g_test_add_func ("/explain/one-pile", test_one_pile);
  g_test_add_func ("/explain/no-side-effects", test_no_side_effects);
  g_test_add_func ("/explain/binary", test_binary);

  return g_test_run ();
}
