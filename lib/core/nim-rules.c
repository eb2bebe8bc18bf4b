/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-rules.c -- the take rule and the winning condition of a Nim game:
 * the table of rule families, and what every family answers through it
 *
 * Each family is a row, a #NimRuleFamily defined in a file of its own
 * (lib/core/nim-rules-NAME.c); the functions here ask the row of the
 * rules they are given, so that nothing outside a family's file knows
 * its moves, words or theory. */

#include "config.h"

#include "nim-rules.h"

#include "nim-defaults.h"
#include "nim-i18n.h"
#include "nim-error.h"
#include "nim-parse.h"
#include "nim-strings.h"

#include <string.h>

/* The table: adding a family is one row here, naming the row that its
   file lib/core/nim-rules-NAME.c defines as nim_rules_NAME_family (see
   HACKING).  The order is the order rules are read in (nim_rules_parse())
   and tested in. */
#define NIM_RULE_FAMILY_REGISTRY(ROW)                                         \
  ROW (any)                                                                   \
  ROW (range)                                                                 \
  ROW (set)                                                                   \
  ROW (code)

#define DECLARE_FAMILY(name)                                                  \
  extern const NimRuleFamily nim_rules_##name##_family;
#define LIST_FAMILY(name) &nim_rules_##name##_family,
NIM_RULE_FAMILY_REGISTRY (DECLARE_FAMILY)

static const NimRuleFamily *const rule_families[] = {
  NIM_RULE_FAMILY_REGISTRY (LIST_FAMILY) NULL,
};

/**
 * nim_rule_families:
 *
 * Returns: (transfer none): every rule family, the rows of the rule table,
 *   %NULL-terminated
 */
const NimRuleFamily *const *
nim_rule_families (void)
{
  return rule_families;
}

/**
 * nim_rule_family_lookup:
 * @name: a family's name, such as "set"
 *
 * Returns: (nullable): the family of that name, or %NULL
 */
const NimRuleFamily *
nim_rule_family_lookup (const char *name)
{
  guint i;

  for (i = 0; rule_families[i] != NULL; i++)
    if (strcmp (rule_families[i]->name, name) == 0)
      return rule_families[i];
  return NULL;
}

/**
 * nim_rules_init:
 * @rules: (out): the rules to fill
 *
 * Sets @rules to the classic game: take any number from one heap, whoever
 * takes the last match wins.
 */
void
nim_rules_init (NimRules *rules)
{
  memset (rules, 0, sizeof *rules);
  nim_rules_set_take_any (rules);
}

/**
 * nim_rules_init_default:
 * @rules: (out): the rules to fill
 *
 * Sets @rules to the rules this nim was built with: take any number, or
 * the subtraction set given as `make MOVES=...` (as the course's
 * subtraction game builds its table).
 */
void
nim_rules_init_default (NimRules *rules)
{
  nim_rules_init (rules);
  if (nim_default_n_moves > 0)
    {
      guint64 counts[NIM_RULES_MAX_MOVES];
      guint i;
      gboolean ok;

      for (i = 0; i < nim_default_n_moves; i++)
        counts[i] = nim_default_moves[i];
      ok = nim_rules_set_moves (rules, counts, nim_default_n_moves, NULL);
      g_assert (ok); /* the generator validated MOVES */
    }
}

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

/* Names @what in front of the message of a failed @ok. */
static gboolean
prefixed (gboolean ok, const char *what, GError **error)
{
  if (!ok)
    /* TRANSLATORS: in front of a message, what it is about, such as
       "--moves: 3 is listed twice"; %s is that thing. */
    g_prefix_error (error, _ ("%s: "), what);
  return ok;
}

/**
 * nim_rules_parse:
 * @rules: the rules to change (misère play is left as it was)
 * @text: rules in the notation of their family: "any", "1-3",
 *   "2,7,15,16", "0.77"
 * @what: what @text was given as, named in front of each message
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Reads rules in any family's notation, as nim_rules_take_to_string()
 * and the protocol (nim_notation_rules()) write them; each family reads
 * its own (see #NimRuleFamily).
 *
 * Returns: %TRUE if some family reads @text and accepts it
 */
gboolean
nim_rules_parse (NimRules *rules, const char *text, const char *what,
                 GError **error)
{
  g_autoptr (GString) accepted = g_string_new (NULL);
  g_autofree char *shown = NULL;
  guint i, j;

  for (i = 0; rule_families[i] != NULL; i++)
    {
      const NimRuleFamily *f = rule_families[i];
      GError *local = NULL;

      if (f->parse == NULL)
        continue;
      if (f->parse (rules, text, what, &local))
        return TRUE;
      if (local != NULL)
        {
          g_propagate_error (error, local);
          return FALSE;
        }
    }
  /* No family reads it: the message shows how each writes rules. */
  for (i = 0; rule_families[i] != NULL; i++)
    for (j = 0; rule_families[i]->examples[j] != NULL; j++)
      g_string_append_printf (accepted, "%s%s", accepted->len ? "; " : "",
                              rule_families[i]->examples[j]);
  shown = nim_text_escape (text, 40);
  g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
               /* TRANSLATORS: %1$s names what was given, %2$s is what was
                  typed, %3$s a list of rules such as "any; 1-3; 0.77". */
               _ ("%1$s: '%2$s' is not a take rule; rules are written such "
                  "as %3$s"),
               what, shown, accepted->str);
  return FALSE;
}

/**
 * nim_rules_parse_max_take:
 * @rules: the rules to change
 * @text: the largest count a move may take, such as "3"
 * @what: what @text was given as, named in front of each message: the
 *   program passes its option, "--max-take"
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Returns: %TRUE if @text names an accepted K
 */
gboolean
nim_rules_parse_max_take (NimRules *rules, const char *text, const char *what,
                          GError **error)
{
  guint64 k;

  if (!nim_parse_uint (text, 1, NIM_MAX_TAKE_MAX, what, &k, error))
    return FALSE;
  return prefixed (nim_rules_set_max_take (rules, k, error), what, error);
}

/**
 * nim_rules_parse_moves:
 * @rules: the rules to change
 * @text: the counts a move may take, such as "2,7,15,16", or "any" for
 *   any number
 * @what: what @text was given as, named in front of each message: the
 *   program passes its option, "--moves"
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Returns: %TRUE if @text is an accepted subtraction set
 */
gboolean
nim_rules_parse_moves (NimRules *rules, const char *text, const char *what,
                       GError **error)
{
  g_autoptr (GArray) counts = NULL;
  g_autofree char *word = g_strstrip (g_strdup (text));

  /* "any" names the classic rule, as the records write it: the one way
     to play it in a nim built with another default (make MOVES=...). */
  if (g_ascii_strcasecmp (word, "any") == 0)
    {
      nim_rules_set_take_any (rules);
      return TRUE;
    }
  if (!nim_parse_uint_list (text, 1, NIM_HEAP_SIZE_MAX, NIM_RULES_MAX_MOVES,
                            what, &counts, error))
    return FALSE;
  return prefixed (
      nim_rules_set_moves (rules, (const guint64 *) (void *) counts->data,
                           counts->len, error),
      what, error);
}

/**
 * nim_rules_is_code:
 * @rules: the rules
 *
 * Returns: %TRUE if @rules are a take-and-break code that is not a
 *   subtraction set (its digits say what a move leaves)
 */
gboolean
nim_rules_is_code (const NimRules *rules)
{
  return rules->family == &nim_rules_code_family;
}

/**
 * nim_rules_is_take_any:
 * @rules: the rules
 *
 * Returns: %TRUE if a move may take any positive number from a heap
 */
gboolean
nim_rules_is_take_any (const NimRules *rules)
{
  return rules->family == &nim_rules_any_family;
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
 *   %NIM_HEAP_SIZE_MAX for no limit but the rule's
 *
 * What a move may take, as a person reads it after "take": "1", "1 or 2",
 * "1 to 3", "2, 7 or 15".  A range of two counts is "1 or 2", never "1 to
 * 2".  The take-any rule without a limit is "1 to 4294967295"; say "any
 * number" instead where that can happen.
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
