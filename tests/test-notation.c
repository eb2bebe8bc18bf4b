/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-notation.c -- tests of the notation programs read: "h2-1",
   "3,4,5 p1", "1,2,3" */

#include "config.h"

#include "nim-test.h"

#include <glib.h>
#include <string.h>

#include "nim-notation.h"
#include "nim-error.h"

static void
test_move_round_trip (void)
{
  const NimMove moves[] = { { 0, 1 }, { 1, 1 }, { 63, 4294967295u } };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (moves); i++)
    {
      g_autofree char *text = nim_notation_move (&moves[i]);
      NimMove back = { 99, 99 };

      g_assert_true (nim_notation_parse_move (text, &back, NULL));
      g_assert_true (nim_move_equal (&back, &moves[i]));
    }
  {
    g_autofree char *text = nim_notation_move (&moves[1]);
    g_assert_cmpstr (text, ==, "h2-1");
  }
  {
    const NimMove largest = { 63, 4294967295u };
    const NimMove split = { 2, 7, 3, 2 };
    g_autofree char *text = nim_notation_move (&largest);
    g_autofree char *split_text = nim_notation_move (&split);

    g_assert_cmpstr (text, ==, "h64-4294967295");
    g_assert_cmpstr (split_text, ==, "h3-7=2+3");
  }
}

static void
test_move_bad (void)
{
  static const char *const bad[]
      = { "",      "h",     "h0-1",  "h1-0",  "h2",    "2-1",
          "h2-1x", "h-1",   "h2-",   "H2-1",  "h65-1", "h1-4294967296",
          "h 2-1", "h2- 1", "h2-+1", "h2--1", " h2-1" };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      NimMove move;

      g_assert_false (nim_notation_parse_move (bad[i], &move, &error));
      g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
      g_assert_nonnull (strstr (nim_test_error_message (error), "h2-1"));
    }
}

static void
test_position (void)
{
  g_autoptr (GError) error = NULL;
  NimBoard board;
  guint to_move = 0;
  g_autofree char *text = NULL;
  g_autofree char *empty = NULL;

  g_assert_true (
      nim_notation_parse_position ("0,4,5 p2", &board, &to_move, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (board.n_heaps, ==, 3);
  g_assert_cmpuint (board.heaps[0], ==, 0);
  g_assert_cmpuint (board.total, ==, 9);
  g_assert_cmpuint (to_move, ==, 2);
  text = nim_notation_position (&board, to_move);
  g_assert_cmpstr (text, ==, "0,4,5 p2");

  /* The player may be left out, and a finished game is a position. */
  g_assert_true (nim_notation_parse_position ("0,0", &board, &to_move, NULL));
  g_assert_cmpuint (to_move, ==, 1);
  empty = nim_notation_position (&board, 1);
  g_assert_cmpstr (empty, ==, "0,0 p1");
}

static void
test_position_bad (void)
{
  static const char *const bad[]
      = { "", " ", "3,4,5 p3", "3,4,5 p1 x", "3,x,5 p1", "p1", "3,4,5 P1" };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autoptr (GError) error = NULL;
      NimBoard board;

      g_assert_false (
          nim_notation_parse_position (bad[i], &board, NULL, &error));
      g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
    }
}

static void
test_rules (void)
{
  static const char *const texts[] = { "any", "1", "1,2,3", "2,7,15,16" };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (texts); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *back = NULL;
      NimRules rules;

      g_assert_true (
          nim_notation_parse_rules (texts[i], i == 2, &rules, &error));
      g_assert_no_error (error);
      g_assert_cmpint (rules.misere, ==, i == 2);
      back = nim_notation_rules (&rules);
      g_assert_cmpstr (back, ==, texts[i]);
    }
  {
    NimRules rules, max3;

    g_assert_true (nim_notation_parse_rules ("1,2,3", FALSE, &rules, NULL));
    nim_rules_init (&max3);
    g_assert_true (nim_rules_set_max_take (&max3, 3, NULL));
    max3.misere = FALSE;
    g_assert_true (nim_rules_equal (&rules, &max3));
  }
  {
    g_autoptr (GError) error = NULL;
    NimRules rules;

    g_assert_false (nim_notation_parse_rules ("0,1", FALSE, &rules, &error));
    g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  }
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);
  g_test_add_func ("/notation/move-round-trip", test_move_round_trip);
  g_test_add_func ("/notation/move-bad", test_move_bad);
  g_test_add_func ("/notation/position", test_position);
  g_test_add_func ("/notation/position-bad", test_position_bad);
  g_test_add_func ("/notation/rules", test_rules);
  return g_test_run ();
}
