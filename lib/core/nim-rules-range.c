/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-rules-range.c -- the families "take any" and "take 1 to K"
 *
 * Two rows with one set of moves: taking any number is the range whose
 * K is beyond every heap.  Their theory is closed: G(n) = n mod (K + 1),
 * which is n for take-any, and under misère play a single heap is lost
 * for the player to move exactly when n mod (K + 1) is 1 (the course's
 * "remainder of dividing by three" for K = 2). */

#include "config.h"

#include "nim-rules.h"

#include "nim-i18n.h"
#include "nim-movegen.h"
#include "nim-error.h"
#include "nim-parse.h"

#include <string.h>

extern const NimRuleFamily nim_rules_any_family;
extern const NimRuleFamily nim_rules_range_family;

/**
 * nim_rules_set_take_any:
 * @rules: the rules to change
 *
 * A move takes any positive number of matches from one heap.
 */
void
nim_rules_set_take_any (NimRules *rules)
{
  nim_rules_reset (rules, &nim_rules_any_family);
}

/**
 * nim_rules_set_max_take:
 * @rules: the rules to change
 * @k: the most matches a move may take
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * A move takes 1 to @k matches from one heap (1 to 3 in the course's
 * game of 13 sticks).
 *
 * Returns: %TRUE if @k is accepted
 */
gboolean
nim_rules_set_max_take (NimRules *rules, guint64 k, GError **error)
{
  if (k < 1 || k > NIM_MAX_TAKE_MAX)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("%llu is not accepted; expected a whole number from 1 "
                      "to %d"),
                   (unsigned long long) k, NIM_MAX_TAKE_MAX);
      return FALSE;
    }
  nim_rules_reset (rules, &nim_rules_range_family);
  rules->max_take = (guint32) k;
  return TRUE;
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
  if (!nim_rules_set_max_take (rules, k, error))
    {
      /* TRANSLATORS: in front of a message, what it is about, such as
         "--max-take: 0 is not accepted"; %s is that thing. */
      g_prefix_error (error, _ ("%s: "), what);
      return FALSE;
    }
  return TRUE;
}

static gboolean
any_parse (NimRules *rules, const char *text, const char *what, GError **error)
{
  if (strcmp (text, "any") != 0)
    return FALSE;
  nim_rules_set_take_any (rules);
  return TRUE;
}

/* "1-3", as range_to_string() writes it. */
static gboolean
range_parse (NimRules *rules, const char *text, const char *what,
             GError **error)
{
  guint64 k;

  if (!g_str_has_prefix (text, "1-") || !g_ascii_isdigit (text[2]))
    return FALSE;
  if (!nim_parse_uint (text + 2, 1, NIM_MAX_TAKE_MAX, what, &k, error))
    return FALSE;
  return nim_rules_set_max_take (rules, k, error);
}

static char *
any_to_string (const NimRules *rules)
{
  return g_strdup ("any");
}

static char *
range_to_string (const NimRules *rules)
{
  return rules->max_take == 1 ? g_strdup ("1")
                              : g_strdup_printf ("1-%u", rules->max_take);
}

/* Every count, "1,2,3": the protocol's words for a set. */
static char *
range_protocol (const NimRules *rules)
{
  GString *s = g_string_new (NULL);
  guint32 i;

  for (i = 1; i <= rules->max_take; i++)
    g_string_append_printf (s, "%s%u", i > 1 ? "," : "", i);
  return g_string_free (s, FALSE);
}

/* Whole sentences, one per rule and ending, so that each language words
   them its own way. */
static char *
any_describe (const NimRules *rules)
{
  return g_strdup (rules->misere
                       ? _ ("Take any number of matches from one heap; "
                            "whoever takes the last match loses.")
                       : _ ("Take any number of matches from one heap; "
                            "whoever takes the last match wins."));
}

static char *
range_describe (const NimRules *rules)
{
  if (rules->max_take == 1)
    return g_strdup (rules->misere
                         ? _ ("Take exactly 1 match from one heap; whoever "
                              "takes the last match loses.")
                         : _ ("Take exactly 1 match from one heap; whoever "
                              "takes the last match wins."));
  /* Two counts are "1 or 2", as the course's one-pile game says. */
  if (rules->max_take == 2)
    return g_strdup (rules->misere
                         ? _ ("Take 1 or 2 matches from one heap; whoever "
                              "takes the last match loses.")
                         : _ ("Take 1 or 2 matches from one heap; whoever "
                              "takes the last match wins."));
  return g_strdup_printf (rules->misere
                              ? _ ("Take 1 to %u matches from one heap; "
                                   "whoever takes the last match loses.")
                              : _ ("Take 1 to %u matches from one heap; "
                                   "whoever takes the last match wins."),
                          rules->max_take);
}

static char *
any_describe_pile (const NimRules *rules)
{
  return g_strdup (rules->misere
                       ? _ ("Take any number of stones from the pile; "
                            "whoever takes the last stone loses.")
                       : _ ("Take any number of stones from the pile; "
                            "whoever takes the last stone wins."));
}

static char *
range_describe_pile (const NimRules *rules)
{
  g_autofree char *counts = NULL;

  if (rules->max_take == 1)
    return g_strdup (rules->misere
                         ? _ ("Take 1 stone at a time from the pile; whoever "
                              "takes the last stone loses.")
                         : _ ("Take 1 stone at a time from the pile; whoever "
                              "takes the last stone wins."));
  counts = nim_rules_describe_counts (rules, NIM_HEAP_SIZE_MAX);
  return g_strdup_printf (rules->misere
                              /* TRANSLATORS: %s is "1 or 2" or "1 to 3". */
                              ? _ ("Take %s stones from the pile; whoever "
                                   "takes the last stone loses.")
                              : _ ("Take %s stones from the pile; whoever "
                                   "takes the last stone wins."),
                          counts);
}

static char *
range_describe_counts (const NimRules *rules, guint32 at_most)
{
  static const guint32 one_two[] = { 1, 2 };
  guint32 n = MIN (rules->max_take, at_most);

  if (n <= 2)
    return nim_rules_join_counts (one_two, n);
  /* TRANSLATORS: the counts a move may take, in "take 1 to 3". */
  return g_strdup_printf (_ ("1 to %u"), n);
}

/* Take-any: "1 to 9" from a heap of 9, "any number" from any heap. */
static char *
any_describe_counts (const NimRules *rules, guint32 at_most)
{
  if (at_most == NIM_HEAP_SIZE_MAX)
    /* TRANSLATORS: what a move takes, in "a move taking any number". */
    return g_strdup (_ ("any number"));
  return range_describe_counts (rules, at_most);
}

static gboolean
range_next (NimMoveGen *gen, const NimBoard *board, const NimRules *rules,
            NimMove *move)
{
  while (gen->heap < board->n_heaps)
    {
      guint32 h = board->heaps[gen->heap];

      if (gen->count < MIN (h, rules->max_take))
        {
          move->heap = gen->heap;
          move->count = ++gen->count;
          move->split = 0;
          move->keep = 0;
          return TRUE;
        }
      gen->heap++;
      gen->count = 0;
    }
  return FALSE;
}

static guint64
range_count (const NimRules *rules, guint32 h)
{
  return MIN (h, rules->max_take);
}

static gboolean
range_nth (const NimRules *rules, guint32 h, guint64 n, NimMove *move)
{
  move->count = (guint32) n + 1;
  move->split = 0;
  move->keep = 0;
  return TRUE;
}

static GArray *
range_list_counts (const NimRules *rules)
{
  GArray *counts
      = g_array_sized_new (FALSE, FALSE, sizeof (guint32), rules->max_take);
  guint32 j;

  for (j = 1; j <= rules->max_take; j++)
    g_array_append_val (counts, j);
  return counts;
}

static gboolean
range_allows (const NimRules *rules, guint32 count)
{
  return count >= 1 && count <= rules->max_take;
}

static gboolean
range_allows_leave (const NimRules *rules, guint32 h, guint32 count,
                    guint32 split)
{
  return count <= rules->max_take && split == 0;
}

static gboolean
range_check (const NimRules *rules, guint32 h, const NimMove *move,
             GError **error)
{
  if (move->count <= rules->max_take)
    return TRUE;
  g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
               g_dngettext (GETTEXT_PACKAGE,
                            "You may take at most %u match at a time.",
                            "You may take at most %u matches at a time.",
                            rules->max_take),
               rules->max_take);
  return FALSE;
}

static guint32
range_min_take (const NimRules *rules)
{
  return 1;
}

static guint
range_grundy (const NimRules *rules, guint64 n)
{
  /* Take-any keeps G(n) = n: max_take + 1 overflows nothing in 64 bits. */
  return (guint) (n % ((guint64) rules->max_take + 1));
}

static gboolean
range_misere_wins (const NimRules *rules, guint64 n)
{
  return n % ((guint64) rules->max_take + 1) != 1;
}

/* Period K + 1 from 0, once two periods fit within @limit's values. */
static gboolean
range_period (const NimRules *rules, guint64 limit, guint64 *preperiod,
              guint64 *period)
{
  if (rules->max_take >= limit)
    return FALSE;
  *preperiod = 0;
  *period = (guint64) rules->max_take + 1;
  return TRUE;
}

static const char *const any_examples[] = { "any", NULL };

const NimRuleFamily nim_rules_any_family = {
  .name = "any",
  .examples = any_examples,
  .shape = NIM_MOVES_RANGE,
  .theory = NIM_GRUNDY_CLOSED_FORM,
  .parse = any_parse,
  .to_string = any_to_string,
  .describe = any_describe,
  .describe_pile = any_describe_pile,
  .describe_counts = any_describe_counts,
  .next = range_next,
  .count = range_count,
  .nth = range_nth,
  .allows = range_allows,
  .allows_leave = range_allows_leave,
  .check = range_check,
  .min_take = range_min_take,
  .grundy = range_grundy,
  .misere_wins = range_misere_wins,
};

static const char *const range_examples[] = { "1-3", NULL };

const NimRuleFamily nim_rules_range_family = {
  .name = "range",
  .examples = range_examples,
  .shape = NIM_MOVES_RANGE,
  .theory = NIM_GRUNDY_CLOSED_FORM,
  .parse = range_parse,
  .to_string = range_to_string,
  .protocol = range_protocol,
  .describe = range_describe,
  .describe_pile = range_describe_pile,
  .describe_counts = range_describe_counts,
  .next = range_next,
  .count = range_count,
  .nth = range_nth,
  .list_counts = range_list_counts,
  .allows = range_allows,
  .allows_leave = range_allows_leave,
  .check = range_check,
  .min_take = range_min_take,
  .grundy = range_grundy,
  .misere_wins = range_misere_wins,
  .period = range_period,
};
