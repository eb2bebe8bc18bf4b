/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-rules.c -- the take rule and the winning condition of a Nim game */

#include "config.h"

#include "nim-rules.h"

#include "nim-defaults.h"
#include "nim-i18n.h"
#include "nim-error.h"
#include "nim-parse.h"

#include <stdlib.h>
#include <string.h>

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
 * nim_rules_set_take_any:
 * @rules: the rules to change
 *
 * A move takes any positive number of matches from one heap.
 */
void
nim_rules_set_take_any (NimRules *rules)
{
  rules->kind = NIM_TAKE_RANGE;
  rules->max_take = NIM_HEAP_SIZE_MAX;
  rules->n_moves = 0;
  rules->n_digits = 0;
  memset (rules->digits, 0, sizeof rules->digits);
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
  rules->kind = NIM_TAKE_RANGE;
  rules->max_take = (guint32) k;
  rules->n_moves = 0;
  rules->n_digits = 0;
  memset (rules->digits, 0, sizeof rules->digits);
  return TRUE;
}

static int
compare_guint64 (const void *a, const void *b)
{
  guint64 x = *(const guint64 *) a, y = *(const guint64 *) b;
  return x < y ? -1 : x > y;
}

/**
 * nim_rules_set_moves:
 * @rules: the rules to change
 * @counts: (array length=n_counts): the allowed counts, in any order
 * @n_counts: how many
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * A move takes exactly one of @counts from one heap (the course's
 * subtraction game takes 2, 7, 15 or 16).  A set that is exactly
 * {1, ..., K} becomes the equivalent range rule, so both spellings play
 * (and search) the same.
 *
 * Returns: %TRUE if the set is accepted: 1 to %NIM_RULES_MAX_MOVES
 *   distinct counts, each from 1 to %NIM_HEAP_SIZE_MAX
 */
gboolean
nim_rules_set_moves (NimRules *rules, const guint64 *counts, guint n_counts,
                     GError **error)
{
  guint64 sorted[NIM_RULES_MAX_MOVES];
  guint i;

  if (n_counts < 1 || n_counts > NIM_RULES_MAX_MOVES)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   g_dngettext (GETTEXT_PACKAGE,
                                "%u count given; expected 1 to %d",
                                "%u counts given; expected 1 to %d", n_counts),
                   n_counts, NIM_RULES_MAX_MOVES);
      return FALSE;
    }
  memcpy (sorted, counts, n_counts * sizeof *counts);
  qsort (sorted, n_counts, sizeof *sorted, compare_guint64);
  for (i = 0; i < n_counts; i++)
    {
      if (sorted[i] < 1 || sorted[i] > NIM_HEAP_SIZE_MAX)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("%llu is not accepted; each count must be from 1 "
                          "to %u"),
                       (unsigned long long) sorted[i], NIM_HEAP_SIZE_MAX);
          return FALSE;
        }
      if (i > 0 && sorted[i] == sorted[i - 1])
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("%llu is listed twice; each count may appear once"),
                       (unsigned long long) sorted[i]);
          return FALSE;
        }
    }
  if (sorted[n_counts - 1] == n_counts)
    return nim_rules_set_max_take (rules, n_counts, error);

  rules->kind = NIM_TAKE_SET;
  rules->max_take = (guint32) sorted[n_counts - 1];
  rules->n_moves = n_counts;
  rules->n_digits = 0;
  memset (rules->digits, 0, sizeof rules->digits);
  for (i = 0; i < n_counts; i++)
    rules->moves[i] = (guint32) sorted[i];
  return TRUE;
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
 * nim_rules_set_code:
 * @rules: the rules to change
 * @digits: (array length=n_digits+1): @digits[j] for j from 0 to
 *   @n_digits, each from 0 to 7; @digits[0] must be 0
 * @n_digits: the place of the last non-zero digit, 1 to
 *   %NIM_RULES_MAX_DIGITS
 *
 * A move takes j matches from a heap and leaves what @digits[j] allows
 * (see #NimRules).  A code whose digits are all 0 or 3 is the
 * subtraction set of the places of its 3s, which searches faster; use
 * nim_octal_to_rules() to get that.
 */
void
nim_rules_set_code (NimRules *rules, const guint8 *digits, guint n_digits)
{
  g_return_if_fail (n_digits >= 1 && n_digits <= NIM_RULES_MAX_DIGITS);
  g_return_if_fail (digits[0] == 0);

  rules->kind = NIM_TAKE_CODE;
  rules->n_moves = 0;
  rules->max_take = n_digits;
  rules->n_digits = n_digits;
  memset (rules->digits, 0, sizeof rules->digits);
  memcpy (rules->digits, digits, n_digits + 1);
}

/**
 * nim_rules_code_to_string:
 * @rules: rules of kind %NIM_TAKE_CODE
 *
 * Returns: (transfer full): the code as the literature writes it, "0.77"
 */
char *
nim_rules_code_to_string (const NimRules *rules)
{
  GString *s = g_string_new ("0.");
  guint j;

  for (j = 1; j <= rules->n_digits; j++)
    g_string_append_c (s, (char) ('0' + rules->digits[j]));
  return g_string_free (s, FALSE);
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
  return rules->kind == NIM_TAKE_RANGE && rules->max_take == NIM_HEAP_SIZE_MAX;
}

/**
 * nim_rules_allows:
 * @rules: the rules
 * @count: a number of matches
 *
 * Returns: %TRUE if the take rule lets a move take @count matches (from a
 *   heap that has that many)
 */
gboolean
nim_rules_allows (const NimRules *rules, guint32 count)
{
  guint i;

  if (rules->kind == NIM_TAKE_RANGE)
    return count >= 1 && count <= rules->max_take;
  if (rules->kind == NIM_TAKE_CODE)
    return count >= 1 && count <= rules->n_digits && rules->digits[count] != 0;
  for (i = 0; i < rules->n_moves; i++)
    if (rules->moves[i] == count)
      return TRUE;
  return FALSE;
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
  guint32 j;

  if (rules->kind == NIM_TAKE_CODE)
    {
      for (j = 1; j < rules->n_digits && rules->digits[j] == 0; j++)
        ;
      return j;
    }
  return rules->kind == NIM_TAKE_RANGE ? 1 : rules->moves[0];
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
  guint32 j;

  if (rules->kind != NIM_TAKE_CODE)
    return 0;
  for (j = 1; j <= rules->n_digits; j++)
    if (rules->digits[j] & NIM_RULES_TWO)
      return j;
  return 0;
}

/**
 * nim_rules_allows_leave:
 * @rules: the rules
 * @h: a heap size
 * @count: how many a move takes from it, at most @h
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
  guint32 rest;
  guint d;

  if (count > h || !nim_rules_allows (rules, count))
    return FALSE;
  rest = h - count;
  if (rules->kind != NIM_TAKE_CODE)
    return split == 0;
  d = rules->digits[count];
  if (split != 0)
    return (d & NIM_RULES_TWO) && split < rest;
  return nim_rules_digit_leaves (d, rest);
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
  guint32 j;

  if (rules->kind != NIM_TAKE_CODE)
    return h >= nim_rules_min_take (rules);
  for (j = 1; j <= MIN (h, rules->n_digits); j++)
    {
      guint d = rules->digits[j];

      if (nim_rules_digit_leaves (d, h - j)
          || (h - j >= 2 && (d & NIM_RULES_TWO)))
        return TRUE;
    }
  return FALSE;
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
  if (a->kind != b->kind || a->misere != b->misere
      || a->max_take != b->max_take)
    return FALSE;
  if (a->kind == NIM_TAKE_CODE)
    return a->n_digits == b->n_digits
           && memcmp (a->digits, b->digits, sizeof a->digits) == 0;
  if (a->kind == NIM_TAKE_SET)
    return a->n_moves == b->n_moves
           && memcmp (a->moves, b->moves, a->n_moves * sizeof a->moves[0])
                  == 0;
  return TRUE;
}

/**
 * nim_rules_take_to_string:
 * @rules: the rules
 *
 * Returns: (transfer full): "any", "1-3" or "2,7,15,16": the take rule as
 *   the options --moves and --max-take would spell it
 */
char *
nim_rules_take_to_string (const NimRules *rules)
{
  GString *s;
  guint i;

  if (nim_rules_is_take_any (rules))
    return g_strdup ("any");
  if (rules->kind == NIM_TAKE_CODE)
    return nim_rules_code_to_string (rules);
  if (rules->kind == NIM_TAKE_RANGE)
    return rules->max_take == 1 ? g_strdup ("1")
                                : g_strdup_printf ("1-%u", rules->max_take);
  s = g_string_new (NULL);
  for (i = 0; i < rules->n_moves; i++)
    g_string_append_printf (s, "%s%u", i ? "," : "", rules->moves[i]);
  return g_string_free (s, FALSE);
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
  g_autofree char *list = NULL;
  GString *s;
  guint i;

  if (rules->kind == NIM_TAKE_CODE)
    {
      g_autofree char *code = nim_rules_code_to_string (rules);
      char *known = nim_rules_describe_known (rules);

      if (known != NULL)
        return known;
      return g_strdup_printf (
          rules->misere
              /* TRANSLATORS: %s is a take-and-break code such as 0.77
                 (Kayles); keep "0.77" and the digits' meanings. */
              ? _ ("The take-and-break game %s: digit j of the code says "
                   "what taking j matches from one heap may leave (1: "
                   "nothing, 2: one heap, 4: two heaps, added up); "
                   "whoever takes the last match loses, and a player who "
                   "cannot move wins.")
              : _ ("The take-and-break game %s: digit j of the code says "
                   "what taking j matches from one heap may leave (1: "
                   "nothing, 2: one heap, 4: two heaps, added up); a "
                   "player who cannot move loses."),
          code);
    }
  /* Whole sentences, one per rule and ending, so that each language
     words them its own way. */
  if (nim_rules_is_take_any (rules))
    return g_strdup (rules->misere
                         ? _ ("Take any number of matches from one heap; "
                              "whoever takes the last match loses.")
                         : _ ("Take any number of matches from one heap; "
                              "whoever takes the last match wins."));
  if (rules->kind == NIM_TAKE_RANGE && rules->max_take == 1)
    return g_strdup (rules->misere
                         ? _ ("Take exactly 1 match from one heap; whoever "
                              "takes the last match loses.")
                         : _ ("Take exactly 1 match from one heap; whoever "
                              "takes the last match wins."));
  /* Two counts are "1 or 2", as the course's one-pile game says. */
  if (rules->kind == NIM_TAKE_RANGE && rules->max_take == 2)
    return g_strdup (rules->misere
                         ? _ ("Take 1 or 2 matches from one heap; whoever "
                              "takes the last match loses.")
                         : _ ("Take 1 or 2 matches from one heap; whoever "
                              "takes the last match wins."));
  if (rules->kind == NIM_TAKE_RANGE)
    return g_strdup_printf (rules->misere
                                ? _ ("Take 1 to %u matches from one heap; "
                                     "whoever takes the last match loses.")
                                : _ ("Take 1 to %u matches from one heap; "
                                     "whoever takes the last match wins."),
                            rules->max_take);

  /* "2, 7, 15 or 16"; {1} is the range rule 1..1, so a set of one count
     takes "exactly 5 matches". */
  s = g_string_new (NULL);
  for (i = 0; i < rules->n_moves; i++)
    g_string_append_printf (s, "%s%u",
                            i == 0 ? ""
                            : i + 1 == rules->n_moves
                                /* TRANSLATORS: between the last two counts
                                   of a list, "2, 7, 15 or 16". */
                                ? C_ ("list", " or ")
                                /* TRANSLATORS: between the other counts of
                                   a list, "2, 7, 15 or 16". */
                                : C_ ("list", ", "),
                            rules->moves[i]);
  list = g_string_free (s, FALSE);
  if (rules->n_moves == 1 && !rules->misere)
    return g_strdup_printf (
        _ ("Take exactly %s matches from one heap; a player who cannot "
           "move loses."),
        list);
  if (rules->n_moves == 1)
    return g_strdup_printf (
        _ ("Take exactly %s matches from one heap; a player who cannot "
           "move wins."),
        list);
  if (!rules->misere)
    return g_strdup_printf (
        _ ("Take %s matches from one heap; a player who cannot move "
           "loses."),
        list);
  return g_strdup_printf (
      _ ("Take %s matches from one heap; a player who cannot move "
         "wins."),
      list);
}

/* "2, 7 or 15": the @n counts of @counts, the last two joined by "or". */
static char *
join_counts (const guint32 *counts, guint n)
{
  GString *s = g_string_new (NULL);
  guint i;

  for (i = 0; i < n; i++)
    g_string_append_printf (s, "%s%u",
                            i == 0       ? ""
                            : i + 1 == n ? C_ ("list", " or ")
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
  guint32 counts[NIM_RULES_MAX_MOVES];
  guint32 n;
  guint i;

  if (rules->kind == NIM_TAKE_RANGE)
    {
      n = MIN (rules->max_take, at_most);
      if (n <= 2)
        {
          counts[0] = 1;
          counts[1] = 2;
          return join_counts (counts, n);
        }
      /* TRANSLATORS: the counts a move may take, in "take 1 to 3". */
      return g_strdup_printf (_ ("1 to %u"), n);
    }
  if (rules->kind == NIM_TAKE_CODE)
    {
      for (i = 1, n = 0; i <= rules->n_digits && i <= at_most; i++)
        if (rules->digits[i] != 0)
          counts[n++] = i;
      return join_counts (counts, n);
    }
  for (i = 0, n = 0; i < rules->n_moves && rules->moves[i] <= at_most; i++)
    counts[n++] = rules->moves[i];
  return join_counts (counts, n);
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
  g_autofree char *counts = NULL;

  if (rules->kind == NIM_TAKE_CODE)
    return nim_rules_describe (rules);
  /* Whole sentences again, one per rule and ending. */
  if (nim_rules_is_take_any (rules))
    return g_strdup (rules->misere
                         ? _ ("Take any number of stones from the pile; "
                              "whoever takes the last stone loses.")
                         : _ ("Take any number of stones from the pile; "
                              "whoever takes the last stone wins."));
  if (rules->kind == NIM_TAKE_RANGE && rules->max_take == 1)
    return g_strdup (rules->misere
                         ? _ ("Take 1 stone at a time from the pile; whoever "
                              "takes the last stone loses.")
                         : _ ("Take 1 stone at a time from the pile; whoever "
                              "takes the last stone wins."));
  counts = nim_rules_describe_counts (rules, NIM_HEAP_SIZE_MAX);
  if (rules->kind == NIM_TAKE_RANGE)
    return g_strdup_printf (rules->misere
                                /* TRANSLATORS: %s is "1 or 2" or "1 to 3". */
                                ? _ ("Take %s stones from the pile; whoever "
                                     "takes the last stone loses.")
                                : _ ("Take %s stones from the pile; whoever "
                                     "takes the last stone wins."),
                            counts);
  /* A set without 1 can leave stones nobody may take: who cannot move
     decides, not who takes the last stone. */
  if (rules->n_moves == 1)
    return g_strdup_printf (
        rules->misere
            ? _ ("Take exactly %s stones from the pile; a player who cannot "
                 "move wins.")
            : _ ("Take exactly %s stones from the pile; a player who cannot "
                 "move loses."),
        counts);
  return g_strdup_printf (
      rules->misere
          /* TRANSLATORS: %s is a list of counts, "2, 7, 15 or 16". */
          ? _ ("Take %s stones from the pile; a player who cannot move "
               "wins.")
          : _ ("Take %s stones from the pile; a player who cannot move "
               "loses."),
      counts);
}
