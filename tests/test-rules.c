/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-rules.c -- tests of the take rules and of strict number parsing */

#include "config.h"

#include "nim-test.h"

#include <stdio.h>
#include <glib.h>
#include <string.h>

#include "nim-defaults.h"
#include "nim-grundy.h"
#include "nim-movegen.h"
#include "nim-notation.h"
#include "nim-rules.h"
#include "nim-error.h"
#include "nim-octal.h"
#include "nim-parse.h"
#include "nim-strings.h"

/* Parses @text as --moves and checks that it fails with a usage error
   whose message contains each of @parts (a NULL-terminated list). */
static void
assert_moves_rejected (const char *text, const char *const *parts)
{
  g_autoptr (GError) error = NULL;
  NimRules rules;
  guint i;

  nim_rules_init (&rules);
  g_test_message ("--moves '%s'", text);
  g_assert_false (nim_rules_parse_moves (&rules, text, "--moves", &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  for (i = 0; parts[i] != NULL; i++)
    nim_test_assert_contains (nim_test_error_message (error), parts[i]);
}

/* Checks that @rules is the subtraction set @expected, in that order. */
static void
assert_set (const NimRules *rules, const guint32 *expected, guint n_expected)
{
  guint i;

  g_assert_cmpstr (rules->family->name, ==, "set");
  g_assert_cmpuint (rules->n_moves, ==, n_expected);
  for (i = 0; i < n_expected; i++)
    g_assert_cmpuint (rules->moves[i], ==, expected[i]);
  g_assert_cmpuint (rules->max_take, ==, expected[n_expected - 1]);
}

/* The spellings of the course's MOVES and of a person for a set are all
   accepted, and the counts come out ascending whatever order they were
   given in. */
static void
test_parse_moves_accepts (void)
{
  static const guint32 course[] = { 2, 7, 15, 16 };
  static const guint32 two_seven[] = { 2, 7 };
  static const guint32 largest[] = { G_MAXUINT32 };
  g_autoptr (GError) error = NULL;
  NimRules rules;

  nim_rules_init (&rules);
  g_assert_true (
      nim_rules_parse_moves (&rules, "2,7,15,16", "--moves", &error));
  g_assert_no_error (error);
  assert_set (&rules, course, G_N_ELEMENTS (course));
  g_assert_false (rules.misere);

  nim_rules_init (&rules);
  g_assert_true (
      nim_rules_parse_moves (&rules, "2, 7, 15, 16", "--moves", &error));
  g_assert_no_error (error);
  assert_set (&rules, course, G_N_ELEMENTS (course));

  nim_rules_init (&rules);
  g_assert_true (
      nim_rules_parse_moves (&rules, "16 2,15  7", "--moves", &error));
  g_assert_no_error (error);
  assert_set (&rules, course, G_N_ELEMENTS (course));

  nim_rules_init (&rules);
  g_assert_true (nim_rules_parse_moves (&rules, "7 2", "--moves", &error));
  g_assert_no_error (error);
  assert_set (&rules, two_seven, G_N_ELEMENTS (two_seven));

  /* The largest heap is also the largest count a set may hold. */
  nim_rules_init (&rules);
  g_assert_true (
      nim_rules_parse_moves (&rules, "4294967295", "--moves", &error));
  g_assert_no_error (error);
  assert_set (&rules, largest, G_N_ELEMENTS (largest));

  /* "any" is the classic rule, whatever the rules were. */
  g_assert_true (nim_rules_parse_moves (&rules, " Any ", "--moves", &error));
  g_assert_no_error (error);
  g_assert_true (nim_rules_is_take_any (&rules));
}

/* Each malformed --moves is refused with a usage error naming what is
   wrong with it. */
static void
test_parse_moves_rejects (void)
{
  static const char *const empty[] = { "--moves", "no values", NULL };
  static const char *const blank[] = { "--moves", "no values", NULL };
  static const char *const double_comma[] = { "empty entry", "'2,,7'", NULL };
  static const char *const trailing[] = { "empty entry", "'2,'", NULL };
  static const char *const leading[] = { "empty entry", "',3'", NULL };
  static const char *const zero[] = { "0", "too small", NULL };
  static const char *const twice[] = { "3", "twice", NULL };
  static const char *const twice_apart[] = { "7", "twice", NULL };
  static const char *const negative[] = { "'-1'", "negative", NULL };
  static const char *const letters[] = { "'abc'", "not a whole number", NULL };
  static const char *const suffix[] = { "'3x'", "not a whole number", NULL };
  static const char *const huge[] = { "99999999999", "too large", NULL };
  static const char *const just_over[] = { "4294967296", "too large", NULL };
  static const char *const too_many[] = { "too many", "32", NULL };
  g_autoptr (GString) thirty_three = g_string_new (NULL);
  guint i;

  assert_moves_rejected ("", empty);
  assert_moves_rejected ("   ", blank);
  assert_moves_rejected ("2,,7", double_comma);
  assert_moves_rejected ("2,", trailing);
  assert_moves_rejected (",3", leading);
  assert_moves_rejected ("0,3", zero);
  assert_moves_rejected ("3,3", twice);
  assert_moves_rejected ("7,2,7", twice_apart);
  assert_moves_rejected ("-1", negative);
  assert_moves_rejected ("abc", letters);
  assert_moves_rejected ("2,3x", suffix);
  assert_moves_rejected ("1,99999999999", huge);
  assert_moves_rejected ("4294967296", just_over);

  /* 33 distinct counts: one more than NIM_RULES_MAX_MOVES. */
  for (i = 1; i <= 33; i++)
    g_string_append_printf (thirty_three, "%s%u", i > 1 ? "," : "", i + 1);
  assert_moves_rejected (thirty_three->str, too_many);
}

/* Exactly 32 counts are accepted; 1..32 becomes the range rule. */
static void
test_parse_moves_limit (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GString) text = g_string_new (NULL);
  NimRules rules;
  guint i;

  for (i = 2; i <= 33; i++)
    g_string_append_printf (text, "%s%u", i > 2 ? "," : "", i);
  nim_rules_init (&rules);
  g_assert_true (nim_rules_parse_moves (&rules, text->str, "--moves", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (rules.family->name, ==, "set");
  g_assert_cmpuint (rules.n_moves, ==, 32);
  g_assert_cmpuint (rules.moves[0], ==, 2);
  g_assert_cmpuint (rules.moves[31], ==, 33);

  g_string_truncate (text, 0);
  for (i = 32; i >= 1; i--)
    g_string_append_printf (text, "%u%s", i, i > 1 ? " " : "");
  nim_rules_init (&rules);
  g_assert_true (nim_rules_parse_moves (&rules, text->str, "--moves", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (rules.family->name, ==, "range");
  g_assert_cmpuint (rules.max_take, ==, 32);
  g_assert_cmpuint (rules.n_moves, ==, 0);
}

/* A set that is exactly {1, ..., K} is stored as the range rule 1-K, so
   both spellings are one game; a set with a gap stays a set. */
static void
test_set_becomes_range (void)
{
  static const guint32 one_three[] = { 1, 3 };
  static const guint32 two[] = { 2 };
  g_autoptr (GError) error = NULL;
  NimRules set, range;

  nim_rules_init (&set);
  g_assert_true (nim_rules_parse_moves (&set, "1,2,3", "--moves", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (set.family->name, ==, "range");
  g_assert_cmpuint (set.max_take, ==, 3);
  g_assert_cmpuint (set.n_moves, ==, 0);

  nim_rules_init (&range);
  g_assert_true (nim_rules_parse_max_take (&range, "3", "--max-take", &error));
  g_assert_no_error (error);
  g_assert_true (nim_rules_equal (&set, &range));

  nim_rules_init (&set);
  g_assert_true (nim_rules_parse_moves (&set, "3 1 2", "--moves", &error));
  g_assert_no_error (error);
  g_assert_true (nim_rules_equal (&set, &range));

  nim_rules_init (&set);
  g_assert_true (nim_rules_parse_moves (&set, "1", "--moves", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (set.family->name, ==, "range");
  g_assert_cmpuint (set.max_take, ==, 1);

  nim_rules_init (&set);
  g_assert_true (nim_rules_parse_moves (&set, "1,3", "--moves", &error));
  g_assert_no_error (error);
  assert_set (&set, one_three, G_N_ELEMENTS (one_three));

  nim_rules_init (&set);
  g_assert_true (nim_rules_parse_moves (&set, "2", "--moves", &error));
  g_assert_no_error (error);
  assert_set (&set, two, G_N_ELEMENTS (two));
}

/* nim_rules_set_moves checks the counts itself, not only the parser. */
static void
test_set_moves (void)
{
  static const guint64 zero[] = { 4, 0 };
  static const guint64 big[] = { 4, G_GUINT64_CONSTANT (4294967296) };
  static const guint64 twice[] = { 5, 9, 5 };
  static const guint64 ok[] = { 9, 5, 4 };
  static const guint32 ok_sorted[] = { 4, 5, 9 };
  g_autoptr (GError) error = NULL;
  NimRules rules;

  nim_rules_init (&rules);
  g_assert_false (nim_rules_set_moves (&rules, zero, 0, &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  g_clear_error (&error);

  g_assert_false (nim_rules_set_moves (&rules, zero, 2, &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  nim_test_assert_contains (nim_test_error_message (error), "0");
  g_clear_error (&error);

  g_assert_false (nim_rules_set_moves (&rules, big, 2, &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  nim_test_assert_contains (nim_test_error_message (error), "4294967296");
  g_clear_error (&error);

  g_assert_false (nim_rules_set_moves (&rules, twice, 3, &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  nim_test_assert_contains (nim_test_error_message (error), "5");
  nim_test_assert_contains (nim_test_error_message (error), "twice");
  g_clear_error (&error);

  g_assert_true (nim_rules_set_moves (&rules, ok, 3, &error));
  g_assert_no_error (error);
  assert_set (&rules, ok_sorted, G_N_ELEMENTS (ok_sorted));
}

/* --max-take accepts 1 to 1000000 and names anything else it refuses. */
static void
test_parse_max_take (void)
{
  static const struct
  {
    const char *text;
    const char *parts[3];
  } bad[] = {
    { "0", { "0", "too small", NULL } },
    { "-2", { "'-2'", "negative", NULL } },
    { "1000001", { "1000001", "too large", NULL } },
    { "x", { "'x'", "not a whole number", NULL } },
    { "", { "--max-take", "nothing given", NULL } },
    { "3.5", { "'3.5'", "not a whole number", NULL } },
  };
  g_autoptr (GError) error = NULL;
  NimRules rules;
  guint i, j;

  nim_rules_init (&rules);
  g_assert_true (nim_rules_parse_max_take (&rules, "3", "--max-take", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (rules.family->name, ==, "range");
  g_assert_cmpuint (rules.max_take, ==, 3);
  g_assert_false (nim_rules_is_take_any (&rules));

  g_assert_true (
      nim_rules_parse_max_take (&rules, " 1000000 ", "--max-take", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (rules.max_take, ==, 1000000);

  /* A range replaces a set given before it. */
  g_assert_true (nim_rules_parse_moves (&rules, "2,5,6", "--moves", &error));
  g_assert_true (nim_rules_parse_max_take (&rules, "1", "--max-take", &error));
  g_assert_no_error (error);
  g_assert_cmpstr (rules.family->name, ==, "range");
  g_assert_cmpuint (rules.max_take, ==, 1);
  g_assert_cmpuint (rules.n_moves, ==, 0);

  for (i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_test_message ("--max-take '%s'", bad[i].text);
      nim_rules_init (&rules);
      g_assert_false (nim_rules_parse_max_take (&rules, bad[i].text,
                                                "--max-take", &error));
      g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
      for (j = 0; bad[i].parts[j] != NULL; j++)
        nim_test_assert_contains (nim_test_error_message (error),
                                  bad[i].parts[j]);
      g_clear_error (&error);
    }

  g_assert_false (nim_rules_set_max_take (&rules, 0, &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  g_clear_error (&error);
  g_assert_false (nim_rules_set_max_take (&rules, 1000001, &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
}

/* The classic game is take-any, normal play; this build's default rules
   are whatever MOVES said, take-any when it said nothing. */
static void
test_init (void)
{
  NimRules rules;
  guint i;

  nim_rules_init (&rules);
  g_assert_cmpstr (rules.family->name, ==, "any");
  g_assert_cmpuint (rules.max_take, ==, G_MAXUINT32);
  g_assert_false (rules.misere);
  g_assert_true (nim_rules_is_take_any (&rules));

  nim_rules_init_default (&rules);
  g_assert_false (rules.misere);
  if (nim_default_n_moves == 0)
    g_assert_true (nim_rules_is_take_any (&rules));
  else
    {
      g_assert_cmpuint (nim_rules_min_take (&rules), ==, nim_default_moves[0]);
      for (i = 0; i < nim_default_n_moves; i++)
        g_assert_true (nim_rules_allows (&rules, nim_default_moves[i]));
      g_assert_false (nim_rules_allows (&rules, 0));
      g_assert_false (nim_rules_allows (
          &rules, nim_default_moves[nim_default_n_moves - 1] + 1));
    }
}

/* nim_rules_allows answers for the count alone, under each kind. */
static void
test_allows (void)
{
  g_autoptr (GError) error = NULL;
  NimRules rules;

  nim_rules_init (&rules);
  g_assert_false (nim_rules_allows (&rules, 0));
  g_assert_true (nim_rules_allows (&rules, 1));
  g_assert_true (nim_rules_allows (&rules, 1000001));
  g_assert_true (nim_rules_allows (&rules, G_MAXUINT32));

  g_assert_true (nim_rules_set_max_take (&rules, 3, &error));
  g_assert_false (nim_rules_allows (&rules, 0));
  g_assert_true (nim_rules_allows (&rules, 1));
  g_assert_true (nim_rules_allows (&rules, 2));
  g_assert_true (nim_rules_allows (&rules, 3));
  g_assert_false (nim_rules_allows (&rules, 4));
  g_assert_false (nim_rules_allows (&rules, G_MAXUINT32));

  g_assert_true (
      nim_rules_parse_moves (&rules, "2,7,15,16", "--moves", &error));
  g_assert_no_error (error);
  g_assert_false (nim_rules_allows (&rules, 0));
  g_assert_false (nim_rules_allows (&rules, 1));
  g_assert_true (nim_rules_allows (&rules, 2));
  g_assert_false (nim_rules_allows (&rules, 3));
  g_assert_false (nim_rules_allows (&rules, 6));
  g_assert_true (nim_rules_allows (&rules, 7));
  g_assert_false (nim_rules_allows (&rules, 8));
  g_assert_true (nim_rules_allows (&rules, 15));
  g_assert_true (nim_rules_allows (&rules, 16));
  g_assert_false (nim_rules_allows (&rules, 17));
}

/* The smallest count a move takes: 1 for a range, the least of a set. */
static void
test_min_take (void)
{
  g_autoptr (GError) error = NULL;
  NimRules rules;

  nim_rules_init (&rules);
  g_assert_cmpuint (nim_rules_min_take (&rules), ==, 1);
  g_assert_true (nim_rules_set_max_take (&rules, 5, &error));
  g_assert_cmpuint (nim_rules_min_take (&rules), ==, 1);
  g_assert_true (nim_rules_parse_moves (&rules, "7,3,5", "--moves", &error));
  g_assert_cmpuint (nim_rules_min_take (&rules), ==, 3);
  g_assert_true (
      nim_rules_parse_moves (&rules, "16,2,15,7", "--moves", &error));
  g_assert_no_error (error);
  g_assert_cmpuint (nim_rules_min_take (&rules), ==, 2);
}

/* Rules are equal when they play the same game, whatever their history. */
static void
test_equal (void)
{
  g_autoptr (GError) error = NULL;
  NimRules a, b;

  nim_rules_init (&a);
  nim_rules_init (&b);
  g_assert_true (nim_rules_equal (&a, &b));
  b.misere = TRUE;
  g_assert_false (nim_rules_equal (&a, &b));
  g_assert_false (nim_rules_equal (&b, &a));

  /* A set, then take-any again: the stale counts do not matter. */
  nim_rules_init (&b);
  g_assert_true (nim_rules_parse_moves (&b, "2,5,6", "--moves", &error));
  nim_rules_set_take_any (&b);
  g_assert_true (nim_rules_equal (&a, &b));

  g_assert_true (nim_rules_set_max_take (&b, 1000000, &error));
  g_assert_false (nim_rules_equal (&a, &b));

  g_assert_true (nim_rules_parse_moves (&a, "2,7", "--moves", &error));
  g_assert_true (nim_rules_parse_moves (&b, "7 2", "--moves", &error));
  g_assert_true (nim_rules_equal (&a, &b));
  g_assert_true (nim_rules_parse_moves (&b, "2,8", "--moves", &error));
  g_assert_false (nim_rules_equal (&a, &b));
  g_assert_true (nim_rules_parse_moves (&b, "2,7,8", "--moves", &error));
  g_assert_false (nim_rules_equal (&a, &b));
  g_assert_true (nim_rules_parse_moves (&b, "1,7", "--moves", &error));
  g_assert_false (nim_rules_equal (&a, &b));

  /* Same largest count, different kinds. */
  g_assert_true (nim_rules_parse_moves (&a, "1,3", "--moves", &error));
  g_assert_true (nim_rules_set_max_take (&b, 3, &error));
  g_assert_false (nim_rules_equal (&a, &b));
  g_assert_no_error (error);
}

/* The take rule is spelled the way --moves and --max-take take it. */
static void
test_take_to_string (void)
{
  g_autoptr (GError) error = NULL;
  NimRules rules;
  char *s;

  nim_rules_init (&rules);
  s = nim_rules_take_to_string (&rules);
  g_assert_cmpstr (s, ==, "any");
  g_free (s);

  g_assert_true (nim_rules_set_max_take (&rules, 3, &error));
  s = nim_rules_take_to_string (&rules);
  g_assert_cmpstr (s, ==, "1-3");
  g_free (s);

  g_assert_true (nim_rules_set_max_take (&rules, 1, &error));
  s = nim_rules_take_to_string (&rules);
  g_assert_cmpstr (s, ==, "1");
  g_free (s);

  g_assert_true (
      nim_rules_parse_moves (&rules, "16, 2, 15, 7", "--moves", &error));
  s = nim_rules_take_to_string (&rules);
  g_assert_cmpstr (s, ==, "2,7,15,16");
  g_free (s);

  g_assert_true (nim_rules_parse_moves (&rules, "5", "--moves", &error));
  g_assert_no_error (error);
  s = nim_rules_take_to_string (&rules);
  g_assert_cmpstr (s, ==, "5");
  g_free (s);
}

/* The sentence a player reads names the take rule and who wins. */
static void
test_describe (void)
{
  g_autoptr (GError) error = NULL;
  NimRules rules;
  char *s;

  nim_rules_init (&rules);
  s = nim_rules_describe (&rules);
  g_assert_cmpstr (s, ==,
                   "Take any number of matches from one heap; whoever "
                   "takes the last match wins.");
  g_free (s);

  rules.misere = TRUE;
  s = nim_rules_describe (&rules);
  g_assert_cmpstr (s, ==,
                   "Take any number of matches from one heap; whoever "
                   "takes the last match loses.");
  g_free (s);

  g_assert_true (nim_rules_set_max_take (&rules, 3, &error));
  rules.misere = FALSE;
  s = nim_rules_describe (&rules);
  g_assert_cmpstr (s, ==,
                   "Take 1 to 3 matches from one heap; whoever takes the "
                   "last match wins.");
  g_free (s);

  rules.misere = TRUE;
  s = nim_rules_describe (&rules);
  nim_test_assert_contains (s, "1 to 3 matches");
  nim_test_assert_contains (s, "last match loses");
  g_free (s);

  g_assert_true (nim_rules_set_max_take (&rules, 1, &error));
  s = nim_rules_describe (&rules);
  nim_test_assert_contains (s, "exactly 1 match ");
  nim_test_assert_contains (s, "last match loses");
  g_free (s);

  g_assert_true (
      nim_rules_parse_moves (&rules, "2,7,15,16", "--moves", &error));
  rules.misere = FALSE;
  /* A game that may end with matches left is decided by who cannot
     move, not by who takes the last match. */
  s = nim_rules_describe (&rules);
  g_assert_cmpstr (s, ==,
                   "Take 2, 7, 15 or 16 matches from one heap; a player who "
                   "cannot move loses.");
  g_free (s);
  s = nim_rules_describe_pile (&rules);
  g_assert_cmpstr (s, ==,
                   "Take 2, 7, 15 or 16 stones from the pile; a player who "
                   "cannot move loses.");
  g_free (s);

  rules.misere = TRUE;
  s = nim_rules_describe (&rules);
  g_assert_cmpstr (s, ==,
                   "Take 2, 7, 15 or 16 matches from one heap; a player who "
                   "cannot move wins.");
  g_free (s);

  g_assert_true (nim_rules_parse_moves (&rules, "2", "--moves", &error));
  g_assert_no_error (error);
  s = nim_rules_describe (&rules);
  nim_test_assert_contains (s, "Take exactly 2 matches from one heap");
  nim_test_assert_contains (s, "a player who cannot move wins");
  g_free (s);
}

/* The take-and-break games that have names are told in plain words,
   Kayles as the knocking down of pins; other codes by their digits. */
static void
test_describe_known (void)
{
  static const struct
  {
    const char *code;
    gboolean misere;
    const char *text;
  } cases[] = {
    { "0.77", FALSE,
      "Kayles (0.77): each heap is a row of pins; knock down one pin or two "
      "neighbouring pins, and a row may fall apart in two; a player who "
      "cannot move loses." },
    { "0.77", TRUE, "whoever knocks down the last pin loses." },
    { "0.07", FALSE,
      "Dawson's Kayles (0.07): each heap is a row of pins; "
      "knock down two neighbouring pins" },
    { "0.137", FALSE, "Dawson's chess (0.137): take a heap of one match" },
    { "0.007", FALSE,
      "Treblecross (0.007): take three neighbouring "
      "matches" },
    { "0.71", FALSE, "The take-and-break game 0.71: digit j" },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autofree char *s = NULL;
      g_autofree char *pile = NULL;
      NimOctal code;
      NimRules rules;

      nim_rules_init (&rules);
      g_assert_true (
          nim_octal_parse (&code, cases[i].code, "--rules", &error));
      g_assert_true (nim_octal_to_rules (&code, &rules));
      rules.misere = cases[i].misere;
      s = nim_rules_describe (&rules);
      nim_test_assert_contains (s, cases[i].text);
      pile = nim_rules_describe_pile (&rules);
      g_assert_cmpstr (pile, ==, s);
    }
}

/* Two counts are "1 or 2", wherever a person reads them; the counts a
   move may take are limited by the heap. */
static void
test_describe_counts (void)
{
  static const struct
  {
    const char *take;
    guint32 at_most;
    const char *text;
  } cases[] = {
    { "max=2", NIM_HEAP_SIZE_MAX, "1 or 2" },
    { "max=2", 1, "1" },
    { "max=1", NIM_HEAP_SIZE_MAX, "1" },
    { "max=3", NIM_HEAP_SIZE_MAX, "1 to 3" },
    { "max=3", 2, "1 or 2" },
    { "any", 9, "1 to 9" },
    { "2,7,15,16", NIM_HEAP_SIZE_MAX, "2, 7, 15 or 16" },
    { "2,7,15,16", 10, "2 or 7" },
    { "2,7,15,16", 6, "2" },
    { "2,7,15,16", 1, "" },
  };
  NimRules rules;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *s = NULL;

      nim_test_rules (&rules, cases[i].take, FALSE);
      s = nim_rules_describe_counts (&rules, cases[i].at_most);
      g_assert_cmpstr (s, ==, cases[i].text);
    }

  nim_test_rules (&rules, "max=2", TRUE);
  {
    g_autofree char *s = nim_rules_describe (&rules);

    g_assert_cmpstr (s, ==,
                     "Take 1 or 2 matches from one heap; whoever takes the "
                     "last match loses.");
  }
}

/* The one-pile game's sentence, in stones, for every take rule. */
static void
test_describe_pile (void)
{
  static const struct
  {
    const char *take;
    gboolean misere;
    const char *text;
  } cases[] = {
    { "max=2", TRUE,
      "Take 1 or 2 stones from the pile; whoever takes the "
      "last stone loses." },
    { "max=2", FALSE,
      "Take 1 or 2 stones from the pile; whoever takes the "
      "last stone wins." },
    { "max=3", TRUE,
      "Take 1 to 3 stones from the pile; whoever takes the "
      "last stone loses." },
    { "any", TRUE,
      "Take any number of stones from the pile; whoever takes "
      "the last stone loses." },
    { "max=1", TRUE,
      "Take 1 stone at a time from the pile; whoever takes "
      "the last stone loses." },
    { "2,7", TRUE,
      "Take 2 or 7 stones from the pile; a player who cannot move wins." },
    { "2,7", FALSE,
      "Take 2 or 7 stones from the pile; a player who cannot move "
      "loses." },
    { "3", TRUE,
      "Take exactly 3 stones from the pile; a player who cannot move "
      "wins." },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *s = NULL;
      NimRules rules;

      nim_test_rules (&rules, cases[i].take, cases[i].misere);
      s = nim_rules_describe_pile (&rules);
      g_assert_cmpstr (s, ==, cases[i].text);
    }
}

/* Whole numbers are digits only, with blanks allowed around them. */
static void
test_util_parse_uint (void)
{
  static const struct
  {
    const char *text;
    guint64 value;
  } good[] = {
    { "0", 0 },       { "3", 3 },   { " 42", 42 },  { "42 ", 42 },
    { "\t 7 \n", 7 }, { "007", 7 }, { "100", 100 },
  };
  g_autoptr (GError) error = NULL;
  guint64 v;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (good); i++)
    {
      v = 12345;
      g_assert_true (nim_parse_uint (good[i].text, 0, 100, "n", &v, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (v, ==, good[i].value);
    }

  /* The whole 64-bit range, up to its last value. */
  g_assert_true (nim_parse_uint ("18446744073709551615", 0, G_MAXUINT64, "n",
                                 &v, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (v, ==, G_MAXUINT64);
  g_assert_true (
      nim_parse_uint ("4294967295", 0, G_MAXUINT32, "n", &v, &error));
  g_assert_cmpuint (v, ==, 4294967295u);
  g_assert_true (nim_parse_uint ("10", 10, 10, "n", &v, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (v, ==, 10);
}

/* Each kind of bad number gets its own message, naming the value and
   the @what the caller gave. */
static void
test_util_parse_uint_rejects (void)
{
  static const struct
  {
    const char *text;
    guint64 max;
    const char *kind;
    const char *shown;
  } bad[] = {
    { "+3", 100, "not a whole number", "'+3'" },
    { "3x", 100, "not a whole number", "'3x'" },
    { "x3", 100, "not a whole number", "'x3'" },
    { "3 4", 100, "not a whole number", "'3 4'" },
    { "0x10", 100, "not a whole number", "'0x10'" },
    { "1e3", 10000, "not a whole number", "'1e3'" },
    { "-", 100, "not a whole number", "'-'" },
    { "", 100, "nothing given", "heap size" },
    { "   ", 100, "nothing given", "heap size" },
    { "-3", 100, "negative", "'-3'" },
    { "-0", 100, "negative", "'-0'" },
    { "101", 100, "too large", "101" },
    { "18446744073709551616", G_MAXUINT64, "too large",
      "18446744073709551616" },
    { "99999999999999999999999", G_MAXUINT64, "too large",
      "99999999999999999999999" },
    { "4294967296", G_MAXUINT32, "too large", "4294967296" },
    { "4", 100, "too small", "4" },
  };
  g_autoptr (GError) error = NULL;
  guint64 v = 0;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_test_message ("parsing '%s'", bad[i].text);
      g_assert_false (nim_parse_uint (bad[i].text, 5, bad[i].max, "heap size",
                                      &v, &error));
      g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
      nim_test_assert_contains (nim_test_error_message (error), "heap size");
      nim_test_assert_contains (nim_test_error_message (error), bad[i].kind);
      nim_test_assert_contains (nim_test_error_message (error), bad[i].shown);
      g_clear_error (&error);
    }

  /* NULL reads as nothing given rather than crashing. */
  g_assert_false (nim_parse_uint (NULL, 0, 9, "k", &v, &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  nim_test_assert_contains (nim_test_error_message (error), "nothing given");
}

/* Lists take commas, blanks or both, and refuse empty entries. */
static void
test_util_parse_uint_list (void)
{
  static const struct
  {
    const char *text;
    guint n;
    guint64 values[4];
  } good[] = {
    { "3,4,5", 3, { 3, 4, 5 } },
    { "3 4 5", 3, { 3, 4, 5 } },
    { " 3 , 4 ,5 ", 3, { 3, 4, 5 } },
    { "3\t4", 2, { 3, 4 } },
    { "9", 1, { 9 } },
    { "5,0,5,1", 4, { 5, 0, 5, 1 } },
  };
  static const struct
  {
    const char *text;
    const char *part;
  } bad[] = {
    { "", "no values" },          { "  ", "no values" },
    { "3,,4", "empty entry" },    { "3, ,4", "empty entry" },
    { ",3", "empty entry" },      { "3,", "empty entry" },
    { "3, ", "empty entry" },     { "3;4", "'3;4'" },
    { "3,-4", "negative" },       { "3,11", "11 is too large" },
    { "1,2,3,4,5", "at most 4" },
  };
  g_autoptr (GError) error = NULL;
  guint i, j;

  for (i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_autoptr (GArray) items = NULL;

      g_test_message ("list '%s'", good[i].text);
      g_assert_true (nim_parse_uint_list (good[i].text, 0, 10, 4, "heaps",
                                          &items, &error));
      g_assert_no_error (error);
      if (items == NULL)
        continue;
      g_assert_cmpuint (items->len, ==, good[i].n);
      g_assert_cmpuint (g_array_get_element_size (items), ==,
                        sizeof (guint64));
      for (j = 0; j < good[i].n && j < items->len; j++)
        g_assert_cmpuint (g_array_index (items, guint64, j), ==,
                          good[i].values[j]);
    }

  for (i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      GArray *items = NULL;

      g_test_message ("list '%s'", bad[i].text);
      g_assert_false (nim_parse_uint_list (bad[i].text, 0, 10, 4, "heaps",
                                           &items, &error));
      g_assert_null (items);
      g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
      nim_test_assert_contains (nim_test_error_message (error), "heaps");
      nim_test_assert_contains (nim_test_error_message (error), bad[i].part);
      g_clear_error (&error);
    }
}

/* nim_string_append_uint() writes what printf writes, up to the largest
   64-bit number, after what the string holds. */
static void
test_util_append_uint (void)
{
  static const guint64 values[] = {
    0,          1,    9,           10,
    99,         1000, 4294967295u, G_GUINT64_CONSTANT (10000000000000000000),
    G_MAXUINT64
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autoptr (GString) s = g_string_new ("x=");
      g_autofree char *want
          = g_strdup_printf ("x=%" G_GUINT64_FORMAT, values[i]);

      nim_string_append_uint (s, values[i]);
      g_assert_cmpstr (s->str, ==, want);
    }
}

/* nim_string_append_int() writes what printf writes, negative numbers
   and both ends of the 64-bit range included. */
static void
test_util_append_int (void)
{
  static const gint64 values[] = { 0,          1,          -1,
                                   -1000,      1000,       -999998,
                                   G_MAXINT64, G_MININT64, -G_MAXINT64 };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (values); i++)
    {
      g_autoptr (GString) s = g_string_new ("x=");
      g_autofree char *want
          = g_strdup_printf ("x=%" G_GINT64_FORMAT, values[i]);

      nim_string_append_int (s, values[i]);
      g_assert_cmpstr (s->str, ==, want);
    }
}

/* ------------------------------------------------------------------------ */
/* What every row of the rule table promises (see NimRuleFamily), checked
   on each of its examples: a family added to the table is tested here
   without a line of this file changing. */

/* The heaps the row is checked on, 0 to HEAPS_CHECKED - 1. */
#define HEAPS_CHECKED 40

typedef struct
{
  const NimRuleFamily *family;
  const char *example;
} FamilyCase;

/* The moves of a heap of @h by the row's own generator. */
static GArray *
heap_moves (const NimRules *rules, guint32 h)
{
  GArray *moves = g_array_new (FALSE, FALSE, sizeof (NimMove));
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimBoard one;
  NimMove m;

  nim_board_init (&one, &h, 1);
  while (nim_movegen_next_generic (&gen, &one, rules, &m))
    g_array_append_val (moves, m);
  return moves;
}

/* Notation: the example reads as the family's, and what the family
   writes, in its notation and the protocol's, reads back the same. */
static void
check_family_notation (const NimRules *rules)
{
  g_autofree char *text = nim_rules_take_to_string (rules);
  g_autofree char *sent = nim_notation_rules (rules);
  g_autofree char *words = nim_rules_describe (rules);
  g_autofree char *pile = nim_rules_describe_pile (rules);
  g_autoptr (GError) error = NULL;
  NimRules again;

  nim_rules_init (&again);
  again.misere = rules->misere;
  g_assert_true (nim_rules_parse (&again, text, "rules", &error));
  g_assert_no_error (error);
  g_assert_true (nim_rules_equal (rules, &again));
  g_assert_true (
      nim_notation_parse_rules (sent, rules->misere, &again, &error));
  g_assert_no_error (error);
  g_assert_true (nim_rules_equal (rules, &again));
  g_assert_cmpuint (strlen (words), >, 10);
  g_assert_cmpuint (strlen (pile), >, 10);
}

/* Moves: the generator's order, the count, the index, the inline shape
   the searchers use, and the legality checks, all agree on each heap. */
static void
check_family_moves (const NimRules *rules)
{
  g_autoptr (GArray) fixed = nim_rules_fixed_counts (rules);
  guint32 min_take = G_MAXUINT32, min_split = 0;
  guint32 h;

  for (h = 0; h < HEAPS_CHECKED; h++)
    {
      g_autoptr (GArray) moves = heap_moves (rules, h);
      NimBoard one;
      NimMove none;
      guint32 j, s;
      guint i;

      nim_board_init (&one, &h, 1);
      g_assert_cmpuint (nim_movegen_count_heap (rules, h), ==, moves->len);
      g_assert_cmpuint (nim_movegen_count (&one, rules), ==, moves->len);
      g_assert_true (nim_rules_heap_has_move (rules, h) == (moves->len > 0));
      for (i = 0; i < moves->len; i++)
        {
          NimMove *m = &g_array_index (moves, NimMove, i), nth;

          g_assert_true (nim_movegen_nth (&one, rules, i, &nth));
          g_assert_true (nim_move_equal (m, &nth));
          g_assert_true (nim_board_check_move (&one, rules, m, NULL));
          g_assert_true (nim_rules_allows (rules, m->count));
          g_assert_true (m->keep + m->split + m->count == h || !m->split);
          /* The tie-break: the smallest count first, then the move that
             leaves nothing or one heap, then the smallest first part. */
          if (i > 0)
            {
              NimMove *p = m - 1;

              g_assert_true (p->count < m->count
                             || (p->count == m->count && m->split != 0
                                 && (p->split == 0 || p->keep < m->keep)));
            }
          min_take = MIN (min_take, m->count);
          if (m->split != 0 && (min_split == 0 || m->count < min_split))
            min_split = m->count;
          if (fixed != NULL)
            {
              guint k;

              for (k = 0; k < fixed->len; k++)
                if (g_array_index (fixed, guint32, k) == m->count)
                  break;
              g_assert_cmpuint (k, <, fixed->len);
            }
        }
      g_assert_false (nim_movegen_nth (&one, rules, moves->len, &none));
      /* Every other take or split is refused, with a reason. */
      for (j = 1; j <= h; j++)
        for (s = 0; s < h - j; s++)
          {
            NimMove m = { 0, j, s, s ? h - j - s : 0 };
            gboolean listed = FALSE;
            g_autoptr (GError) error = NULL;

            if (s != 0 && m.keep > m.split)
              continue; /* the same split, written the other way round */
            for (i = 0; i < moves->len; i++)
              listed
                  = listed
                    || nim_move_equal (&g_array_index (moves, NimMove, i), &m);
            g_assert_true (nim_rules_allows_leave (rules, h, j, s) == listed);
            g_assert_true (nim_board_check_move (&one, rules, &m, &error)
                           == listed);
            if (!listed)
              {
                g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
                g_assert_cmpuint (strlen (nim_test_error_message (error)), >,
                                  10);
              }
          }
    }
  if (min_take != G_MAXUINT32)
    g_assert_cmpuint (nim_rules_min_take (rules), <=, min_take);
  g_assert_cmpuint (nim_rules_min_split_take (rules), ==, min_split);
  g_assert_true (nim_rules_splits (rules) == (min_split != 0));
}

/* The inline shapes the searchers use yield the row's own moves. */
static void
check_family_shape (const NimRules *rules)
{
  static const char *const boards[] = { "3,4,5", "0,7,1,12", "9,9", "1" };
  guint b;

  for (b = 0; b < G_N_ELEMENTS (boards); b++)
    {
      NimMoveGen fast = NIM_MOVEGEN_INIT, row = NIM_MOVEGEN_INIT;
      NimMove f, r;
      NimBoard board;
      gboolean more;

      nim_test_board (&board, boards[b]);
      do
        {
          more = nim_movegen_next (&fast, &board, rules, &f);
          g_assert_true (nim_movegen_next_generic (&row, &board, rules, &r)
                         == more);
          if (more)
            g_assert_true (nim_move_equal (&f, &r));
        }
      while (more);
      g_assert_true (nim_board_has_move (&board, rules)
                     == (nim_movegen_count (&board, rules) > 0));
    }
}

/* The Grundy value of a heap of @n by mex over its moves, and whether
   the player to move wins it alone under misère play, by brute force. */
static guint
mex_value (const NimRules *rules, guint *values, guint32 n)
{
  g_autoptr (GArray) moves = heap_moves (rules, n);
  guint seen[HEAPS_CHECKED * HEAPS_CHECKED] = { 0 };
  guint i, k = 0;

  for (i = 0; i < moves->len; i++)
    {
      NimMove *m = &g_array_index (moves, NimMove, i);

      seen[k++] = values[n - m->count - m->split] ^ values[m->split];
    }
  return nim_grundy_mex (seen, k);
}

/* Theory: where the family knows the Grundy values (a closed form or a
   table), they are those of mex, and a closed form's misère outcomes
   and period are right too. */
static void
check_family_theory (const NimRules *rules)
{
  g_autoptr (NimGrundy) grundy = NULL;
  guint values[HEAPS_CHECKED];
  gboolean wins[HEAPS_CHECKED];
  NimRules normal = *rules;
  guint64 pre, period;
  guint32 n;

  if (rules->family->theory == NIM_GRUNDY_NONE)
    return;
  normal.misere = FALSE;
  grundy = nim_grundy_new (&normal);
  for (n = 0; n < HEAPS_CHECKED; n++)
    {
      g_autoptr (GArray) moves = heap_moves (rules, n);
      guint value = 0, i;

      values[n] = mex_value (rules, values, n);
      g_assert_true (nim_grundy_value (grundy, n, &value, NULL));
      g_assert_cmpuint (value, ==, values[n]);
      /* A single heap under misère play: won when no move is left, or
         when a move leaves a lost heap (under rules that never split). */
      wins[n] = moves->len == 0;
      for (i = 0; i < moves->len; i++)
        wins[n]
            = wins[n] || !wins[n - g_array_index (moves, NimMove, i).count];
      if (!nim_rules_splits (rules))
        {
          gboolean w = FALSE;

          g_assert_true (nim_grundy_misere_wins (grundy, n, &w, NULL));
          g_assert_true (w == wins[n]);
        }
    }
  if (rules->family->theory == NIM_GRUNDY_CLOSED_FORM
      && nim_grundy_period (grundy, HEAPS_CHECKED - 1, &pre, &period))
    for (n = (guint32) pre; n + period < HEAPS_CHECKED; n++)
      g_assert_cmpuint (values[n], ==, values[n + period]);
}

static void
test_family (gconstpointer data)
{
  const FamilyCase *c = data;
  guint misere;

  for (misere = 0; misere <= 1; misere++)
    {
      NimRules rules;

      nim_test_rules (&rules, c->example, misere);
      g_assert_true (rules.family == c->family);
      check_family_notation (&rules);
      check_family_moves (&rules);
      check_family_shape (&rules);
      check_family_theory (&rules);
    }
}

/* The table: names are distinct and found, and every row has what a row
   must have. */
static void
test_family_table (void)
{
  const NimRuleFamily *const *families = nim_rule_families ();
  guint i;

  for (i = 0; families[i] != NULL; i++)
    {
      const NimRuleFamily *f = families[i];

      g_assert_true (nim_rule_family_lookup (f->name) == f);
      g_assert_nonnull (f->examples);
      g_assert_nonnull (f->examples[0]);
      g_assert_nonnull (f->to_string);
      g_assert_nonnull (f->describe);
      g_assert_nonnull (f->describe_counts);
      g_assert_nonnull (f->next);
      g_assert_nonnull (f->count);
      g_assert_nonnull (f->allows);
      g_assert_nonnull (f->allows_leave);
      g_assert_nonnull (f->check);
      g_assert_nonnull (f->min_take);
      g_assert_true (f->theory != NIM_GRUNDY_CLOSED_FORM
                     || (f->grundy != NULL && f->misere_wins != NULL));
    }
  g_assert_cmpuint (i, >=, 4);
  g_assert_null (nim_rule_family_lookup ("no such family"));
}

/* Rules no family reads are refused with the rules every family writes
   as examples. */
static void
test_family_parse_refused (void)
{
  const NimRuleFamily *const *families = nim_rule_families ();
  g_autoptr (GError) error = NULL;
  NimRules rules;
  guint i;

  nim_rules_init (&rules);
  g_assert_false (nim_rules_parse (&rules, "foo", "the rules", &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  nim_test_assert_contains (nim_test_error_message (error),
                            "the rules: 'foo' is not a take rule");
  for (i = 0; families[i] != NULL; i++)
    nim_test_assert_contains (nim_test_error_message (error),
                              families[i]->examples[0]);
  g_assert_true (nim_rules_is_take_any (&rules));
}

/* Sizes in bytes, with binary K, M, G and T (and KiB or KB): each
   accepted form, and each refused one with the range in the message. */
static void
test_util_parse_size (void)
{
  static const struct
  {
    const char *text;
    guint64 bytes;
  } good[] = {
    { "4096", 4096 },
    { "1K", 1024 },
    { " 512m ", G_GUINT64_CONSTANT (512) << 20 },
    { "2G", G_GUINT64_CONSTANT (2) << 30 },
    { "2GiB", G_GUINT64_CONSTANT (2) << 30 },
    { "3kb", 3072 },
    { "1T", G_GUINT64_CONSTANT (1) << 40 },
  };
  static const char *const bad[]
      = { "", "M", "1.5G", "-1M", "12X", "1P", "2iB", "1G2", "0x10", "1023" };
  g_autoptr (GError) error = NULL;
  guint64 v;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (good); i++)
    {
      g_assert_true (nim_parse_size (good[i].text, 1024,
                                     G_GUINT64_CONSTANT (1) << 40,
                                     "--max-memory", &v, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (v, ==, good[i].bytes);
    }
  for (i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_test_message ("%s", bad[i]);
      g_assert_false (nim_parse_size (bad[i], 1024,
                                      G_GUINT64_CONSTANT (1) << 40,
                                      "--max-memory", &v, &error));
      g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
      nim_test_assert_contains (nim_test_error_message (error),
                                "--max-memory");
      nim_test_assert_contains (nim_test_error_message (error),
                                "from 1K to 1T");
      g_clear_error (&error);
    }
  /* 2^64 bytes and more do not wrap around. */
  g_assert_false (
      nim_parse_size ("16777216T", 0, G_MAXUINT64, "size", &v, NULL));
}

int
main (int argc, char **argv)
{
  const NimRuleFamily *const *families = nim_rule_families ();
  g_autoptr (GPtrArray) cases = g_ptr_array_new_with_free_func (g_free);
  guint i, j;

  nim_test_init (&argc, &argv);

  g_test_add_func ("/rules/parse-moves/accepts", test_parse_moves_accepts);
  g_test_add_func ("/rules/parse-moves/rejects", test_parse_moves_rejects);
  g_test_add_func ("/rules/parse-moves/limit", test_parse_moves_limit);
  g_test_add_func ("/rules/set-becomes-range", test_set_becomes_range);
  g_test_add_func ("/rules/set-moves", test_set_moves);
  g_test_add_func ("/rules/parse-max-take", test_parse_max_take);
  g_test_add_func ("/rules/init", test_init);
  g_test_add_func ("/rules/allows", test_allows);
  g_test_add_func ("/rules/min-take", test_min_take);
  g_test_add_func ("/rules/equal", test_equal);
  g_test_add_func ("/rules/take-to-string", test_take_to_string);
  g_test_add_func ("/rules/describe", test_describe);
  g_test_add_func ("/rules/describe-known", test_describe_known);
  g_test_add_func ("/rules/describe-counts", test_describe_counts);
  g_test_add_func ("/rules/describe-pile", test_describe_pile);
  g_test_add_func ("/rules/family-table", test_family_table);
  g_test_add_func ("/rules/family-parse-refused", test_family_parse_refused);
  for (i = 0; families[i] != NULL; i++)
    for (j = 0; families[i]->examples[j] != NULL; j++)
      {
        FamilyCase *c = g_new0 (FamilyCase, 1);
        g_autofree char *path = NULL;

        c->family = families[i];
        c->example = families[i]->examples[j];
        path = g_strdup_printf ("/rules/family/%s/%s", families[i]->name,
                                c->example);
        g_ptr_array_add (cases, c);
        g_test_add_data_func (path, c, test_family);
      }
  g_test_add_func ("/util/parse-uint", test_util_parse_uint);
  g_test_add_func ("/util/parse-uint-rejects", test_util_parse_uint_rejects);
  g_test_add_func ("/util/parse-uint-list", test_util_parse_uint_list);
  g_test_add_func ("/util/parse-size", test_util_parse_size);
  g_test_add_func ("/util/append-uint", test_util_append_uint);
  g_test_add_func ("/util/append-int", test_util_append_int);

  return g_test_run ();
}
