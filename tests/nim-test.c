/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-test.c -- helpers the test programs share */

#include "config.h"

#include "nim-test.h"

#include <string.h>

/**
 * nim_test_assert_contains:
 * @text: what the code under test produced
 * @part: what it must contain
 *
 * Fails the test, showing both strings, unless @part occurs in @text.
 */
void
nim_test_assert_contains (const char *text, const char *part)
{
  if (strstr (text, part) == NULL)
    g_test_message ("this text:\n%s\ndoes not contain:\n%s", text, part);
  g_assert_nonnull (strstr (text, part));
}

/**
 * nim_test_assert_not_contains:
 * @text: what the code under test produced
 * @part: what it must not contain
 *
 * Fails the test, showing both strings, if @part occurs in @text.
 */
void
nim_test_assert_not_contains (const char *text, const char *part)
{
  if (strstr (text, part) != NULL)
    g_test_message ("this text:\n%s\ncontains, but should not:\n%s", text,
                    part);
  g_assert_null (strstr (text, part));
}

/**
 * nim_test_rules:
 * @rules: (out): the rules to fill
 * @take: "any", "max=K" or a subtraction set such as "2,7,15,16"
 * @misere: whoever takes the last match loses
 *
 * Rules from the spellings the command line uses.
 */
void
nim_test_rules (NimRules *rules, const char *take, gboolean misere)
{
  nim_rules_init (rules);
  if (g_str_has_prefix (take, "max="))
    g_assert_true (nim_rules_parse_max_take (rules, take + 4, NULL));
  else if (!g_str_equal (take, "any"))
    g_assert_true (nim_rules_parse_moves (rules, take, NULL));
  rules->misere = misere;
}

/**
 * nim_test_board:
 * @board: (out): the board to fill
 * @heaps: heap sizes such as "3,4,5", which must parse
 */
void
nim_test_board (NimBoard *board, const char *heaps)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (nim_board_parse (board, heaps, &error));
  g_assert_no_error (error);
}
