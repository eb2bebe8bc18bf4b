/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-rules.c -- the take rule and the winning condition of a Nim game:
 * what every rule family answers, through its row
 *
 * Each family is a row, a #NimRuleFamily defined in a file of its own
 * (lib/core/nim-rules-NAME.c); the functions here ask the row of the
 * rules they are given, so that nothing outside a family's file knows
 * its moves, words or theory.  They name no family: the rows call them
 * (nim_rules_reset(), nim_rules_join_counts()), and the rule table that
 * lists the rows, with what asks every one of them (nim_rules_parse()),
 * is above both, in nim-rule-table.c. */

#include "config.h"

#include "nim-rules.h"

#include "nim-i18n.h"

#include <string.h>

/**
 * nim_rules_reset:
 * @rules: the rules to change
 * @family: a family
 *
 * Makes @rules the rules of @family with no parameters (a family that has
 * some sets them with a setter of its own, such as
 * nim_rules_set_max_take()); misère play is left as it was.  A move may
 * take as many matches as the family allows, the heap being the limit.
 */
void
nim_rules_reset (NimRules *rules, const NimRuleFamily *family)
{
  gboolean misere = rules->misere;

  memset (rules, 0, sizeof *rules);
  rules->family = family;
  rules->max_take = NIM_HEAP_SIZE_MAX;
  rules->misere = misere;
}

/**
 * nim_rules_allows:
 * @rules: the rules
 * @count: a number of matches
 *
 * Returns: %TRUE if the take rule lets a move take @count matches from
 *   some heap (under a code, from a heap that has that many)
 */
gboolean
nim_rules_allows (const NimRules *rules, guint32 count)
{
  return rules->family->allows (rules, count);
}

/**
 * nim_rules_min_take:
 * @rules: the rules
 *
 * Returns: the fewest matches any move takes
 */
guint32
nim_rules_min_take (const NimRules *rules)
{
  return rules->family->min_take (rules);
}

/**
 * nim_rules_splits:
 * @rules: the rules
 *
 * Returns: %TRUE if a move may split a heap in two (a take-and-break code
 *   with a digit of 4 or more, such as Kayles, 0.77)
 */
gboolean
nim_rules_splits (const NimRules *rules)
{
  return nim_rules_min_split_take (rules) != 0;
}

/**
 * nim_rules_min_split_take:
 * @rules: the rules
 *
 * Returns: the fewest matches a move that splits a heap takes; 0 when no
 *   move splits one
 */
guint32
nim_rules_min_split_take (const NimRules *rules)
{
  const NimRuleFamily *f = rules->family;

  return f->min_split_take != NULL ? f->min_split_take (rules) : 0;
}

/**
 * nim_rules_allows_leave:
 * @rules: the rules
 * @h: a heap size
 * @count: how many a move takes from it
 * @split: 0, or the second part of a split of what remains (see #NimMove)
 *
 * Returns: %TRUE if the rules let a move take @count from a heap of @h
 *   and leave what @split says: nothing or one heap when 0, else two
 *   non-empty heaps
 */
gboolean
nim_rules_allows_leave (const NimRules *rules, guint32 h, guint32 count,
                        guint32 split)
{
  if (count < 1 || count > h)
    return FALSE;
  return rules->family->allows_leave (rules, h, count, split);
}

/**
 * nim_rules_check_take:
 * @rules: the rules
 * @h: the size of the heap a move takes from
 * @move: the move, whose count is from 1 to @h and whose split (if any)
 *   adds up to what it leaves
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * What nim_rules_allows_leave() tells, with the reason for a person who
 * typed the move.
 *
 * Returns: %TRUE if the rules allow @move on a heap of @h
 */
gboolean
nim_rules_check_take (const NimRules *rules, guint32 h, const NimMove *move,
                      GError **error)
{
  return rules->family->check (rules, h, move, error);
}

/**
 * nim_rules_heap_has_move:
 * @rules: the rules
 * @h: a heap size
 *
 * Returns: %TRUE if a heap of @h allows a move
 */
gboolean
nim_rules_heap_has_move (const NimRules *rules, guint32 h)
{
  const NimRuleFamily *f = rules->family;

  if (f->has_move != NULL)
    return f->has_move (rules, h);
  return f->count (rules, h) > 0;
}

/**
 * nim_rules_fixed_counts:
 * @rules: the rules
 *
 * Returns: (transfer full) (nullable): the counts a move may take from a
 *   heap large enough, ascending, as a #GArray of #guint32; %NULL when
 *   there is no such list (take-any, or counts that depend on the heap)
 */
GArray *
nim_rules_fixed_counts (const NimRules *rules)
{
  const NimRuleFamily *f = rules->family;

  return f->list_counts != NULL ? f->list_counts (rules) : NULL;
}

/**
 * nim_rules_equal:
 * @a: rules
 * @b: rules
 *
 * Returns: %TRUE if @a and @b play the same game
 */
gboolean
nim_rules_equal (const NimRules *a, const NimRules *b)
{
  if (a->family != b->family || a->misere != b->misere
      || a->max_take != b->max_take)
    return FALSE;
  return a->family->equal == NULL || a->family->equal (a, b);
}

/**
 * nim_rules_take_to_string:
 * @rules: the rules
 *
 * Returns: (transfer full): "any", "1-3", "2,7,15,16" or "0.77": the take
 *   rule in its family's notation, which nim_rules_parse() reads back
 */
char *
nim_rules_take_to_string (const NimRules *rules)
{
  return rules->family->to_string (rules);
}

/**
 * nim_rules_describe:
 * @rules: the rules
 *
 * Returns: (transfer full): one sentence a player can read, such as "Take
 *   1 to 3 matches from one heap; whoever takes the last match wins."
 */
char *
nim_rules_describe (const NimRules *rules)
{
  return rules->family->describe (rules);
}

/**
 * nim_rules_join_counts:
 * @counts: (array length=n): counts
 * @n: how many
 *
 * Returns: (transfer full): "2, 7 or 15": the counts, the last two joined
 *   by "or"
 */
char *
nim_rules_join_counts (const guint32 *counts, guint n)
{
  GString *s = g_string_new (NULL);
  guint i;

  for (i = 0; i < n; i++)
    g_string_append_printf (s, "%s%u",
                            i == 0 ? ""
                            : i + 1 == n
                                /* TRANSLATORS: between the last two counts
                                   of a list, "2, 7, 15 or 16". */
                                ? C_ ("list", " or ")
                                /* TRANSLATORS: between the other counts of
                                   a list, "2, 7, 15 or 16". */
                                : C_ ("list", ", "),
                            counts[i]);
  return g_string_free (s, FALSE);
}

/**
 * nim_rules_describe_counts:
 * @rules: the rules
 * @at_most: the most a move can take here (the size of the heap), or
 *   %NIM_HEAP_SIZE_MAX for any heap
 *
 * What a move may take, as a person reads it after "take": "1", "1 or 2",
 * "1 to 3", "2, 7 or 15".  A range of two counts is "1 or 2", never "1 to
 * 2".  For any heap the rule's own counts, in words where only the heap
 * bounds them: "any number" for take-any (see #NimRuleFamily).
 *
 * Returns: (transfer full): the counts; "" when none is at most @at_most
 */
char *
nim_rules_describe_counts (const NimRules *rules, guint32 at_most)
{
  return rules->family->describe_counts (rules, at_most);
}

/**
 * nim_rules_describe_pile:
 * @rules: the rules
 *
 * The rules in the words of the course's one-pile game, for a game of
 * one pile that cannot be played on more (see nim_rules_describe() for
 * heaps).
 *
 * Returns: (transfer full): one sentence, such as "Take 1 or 2 stones
 *   from the pile; whoever takes the last stone loses."
 */
char *
nim_rules_describe_pile (const NimRules *rules)
{
  const NimRuleFamily *f = rules->family;

  return f->describe_pile != NULL ? f->describe_pile (rules)
                                  : f->describe (rules);
}
