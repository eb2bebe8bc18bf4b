/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-rules-code.c -- the family "a take-and-break code": 0.77 (Kayles)
 *
 * Digit j of the code says what taking j matches from a heap may leave:
 * nothing (1), one heap (2), two heaps (4), or a sum of these.  A move
 * that leaves two heaps splits one, so the board grows (see #NimMove).
 * The Grundy values are the code's, computed and proven periodic by
 * nim-sequence.  A code becomes rules here, and rules a code
 * (nim_octal_to_rules(), nim_octal_from_rules()); a named game is told
 * in words from nim-rules-known's table. */

#include "config.h"

#include "nim-rules.h"

#include "nim-i18n.h"
#include "nim-movegen.h"
#include "nim-octal.h"
#include "nim-error.h"

#include <string.h>

extern const NimRuleFamily nim_rules_code_family;

/* Makes @rules the code of @digits (@digits[j] for j from 0 to
   @n_digits, each from 0 to 7, @digits[0] 0; @n_digits the place of the
   last non-zero digit): a move takes j matches from a heap and leaves
   what @digits[j] allows.  nim_octal_to_rules() makes a code of 0s and
   3s the subtraction set it is instead, which searches faster. */
static void
set_code (NimRules *rules, const guint8 *digits, guint n_digits)
{
  g_return_if_fail (n_digits >= 1 && n_digits <= NIM_RULES_MAX_DIGITS);
  g_return_if_fail (digits[0] == 0);

  nim_rules_reset (rules, &nim_rules_code_family);
  rules->max_take = n_digits;
  rules->n_digits = n_digits;
  memcpy (rules->digits, digits, n_digits + 1);
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
 * nim_rules_code_to_string:
 * @rules: rules of a take-and-break code (nim_rules_is_code())
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
 * nim_octal_to_rules:
 * @code: a code
 * @rules: (out): the take rule it is, under normal play
 *
 * A code whose digits are all 0 or 3 is a subtraction game: taking j is
 * allowed, whatever it leaves, exactly when dj is 3; it becomes the
 * subtraction set (or range), which the players search fastest.  Any
 * other code becomes a rule of the code family.
 *
 * Returns: %TRUE if nim's players play @code: every code but those with
 *   a digit before the point (splitting without taking)
 */
gboolean
nim_octal_to_rules (const NimOctal *code, NimRules *rules)
{
  guint64 counts[NIM_OCTAL_MAX_DIGITS];
  guint n = 0, j;
  gboolean subtraction = TRUE;

  if (code->digits[0] != 0 || code->n_digits == 0)
    return FALSE;
  for (j = 1; j <= code->n_digits; j++)
    {
      if (code->digits[j] != 0 && code->digits[j] != 3)
        subtraction = FALSE;
      if (code->digits[j] == 3)
        counts[n++] = j;
    }
  rules->misere = FALSE;
  if (!subtraction)
    {
      set_code (rules, code->digits, code->n_digits);
      return TRUE;
    }
  return nim_rules_set_moves (rules, counts, n, NULL);
}

/**
 * nim_octal_from_rules:
 * @code: (out): the code
 * @rules: a take-and-break code, or a subtraction game of counts up to
 *   %NIM_OCTAL_MAX_DIGITS (a larger count is left out)
 *
 * The code of the rules: 0.333 for taking 1 to 3.
 */
void
nim_octal_from_rules (NimOctal *code, const NimRules *rules)
{
  g_autoptr (GArray) counts = nim_rules_fixed_counts (rules);
  guint i;

  g_return_if_fail (counts != NULL);
  memset (code, 0, sizeof *code);
  if (nim_rules_is_code (rules))
    memcpy (code->digits, rules->digits, rules->n_digits + 1);
  else
    for (i = 0; i < counts->len; i++)
      if (g_array_index (counts, guint32, i) <= NIM_OCTAL_MAX_DIGITS)
        code->digits[g_array_index (counts, guint32, i)] = 3;
  for (i = 1; i <= NIM_OCTAL_MAX_DIGITS; i++)
    if (code->digits[i] != 0)
      code->n_digits = i;
}

/* A code, "0.77": one of 0s and 3s is the subtraction set it stands
   for. */
static gboolean
code_parse (NimRules *rules, const char *text, const char *what,
            GError **error)
{
  NimOctal code;
  gboolean misere = rules->misere;

  if (strchr (text, '.') == NULL)
    return FALSE;
  if (!nim_octal_parse (&code, text, what, error))
    return FALSE;
  if (!nim_octal_to_rules (&code, rules))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: %1$s names what was given, %2$s is a
                      code such as 4.7. */
                   _ ("%1$s: %2$s splits heaps without taking; codes with 0 "
                      "before the point are played"),
                   what, text);
      return FALSE;
    }
  rules->misere = misere;
  return TRUE;
}

static gboolean
code_equal (const NimRules *a, const NimRules *b)
{
  return a->n_digits == b->n_digits
         && memcmp (a->digits, b->digits, sizeof a->digits) == 0;
}

static char *
code_describe (const NimRules *rules)
{
  g_autofree char *code = nim_rules_code_to_string (rules);
  /* A game that has a name, Kayles, in plain words. */
  const char *known = nim_rules_known_game (code, rules->misere);

  if (known != NULL)
    return g_strdup (known);
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

static char *
code_describe_counts (const NimRules *rules, guint32 at_most)
{
  guint32 counts[NIM_RULES_MAX_DIGITS];
  guint32 j, n = 0;

  for (j = 1; j <= rules->n_digits && j <= at_most; j++)
    if (rules->digits[j] != 0)
      counts[n++] = j;
  return nim_rules_join_counts (counts, n);
}

/* On each heap, for each count j whose digit allows a move, the move
   that leaves nothing or one heap, then the splits a + b with a <= b (a
   heap's order does not matter), the smallest a first: @gen->count is
   the count, and @gen->idx 0 before the move without a split, then the
   next split's first part. */
static gboolean
code_next (NimMoveGen *gen, const NimBoard *board, const NimRules *rules,
           NimMove *move)
{
  while (gen->heap < board->n_heaps)
    {
      const guint32 h = board->heaps[gen->heap];
      const guint32 last = MIN (h, rules->n_digits);

      if (gen->count == 0)
        {
          gen->count = 1;
          gen->idx = 0;
        }
      while (gen->count <= last)
        {
          const guint32 j = gen->count;
          const guint d = rules->digits[j];
          const guint32 rest = h - j;

          if (gen->idx == 0)
            {
              gen->idx = 1;
              if (nim_rules_digit_leaves (d, rest))
                {
                  move->heap = gen->heap;
                  move->count = j;
                  move->split = 0;
                  move->keep = 0;
                  return TRUE;
                }
            }
          if ((d & NIM_RULES_TWO) && gen->idx <= rest / 2)
            {
              guint32 a = gen->idx++;

              move->heap = gen->heap;
              move->count = j;
              move->split = rest - a;
              move->keep = a;
              return TRUE;
            }
          gen->count++;
          gen->idx = 0;
        }
      gen->heap++;
      gen->count = 0;
      gen->idx = 0;
    }
  return FALSE;
}

/* How many moves taking @j a code allows on a heap of @h >= @j. */
static guint64
code_moves (const NimRules *rules, guint32 h, guint32 j)
{
  guint d = rules->digits[j];
  guint32 rest = h - j;
  guint64 n = nim_rules_digit_leaves (d, rest);

  if (d & NIM_RULES_TWO)
    n += rest / 2;
  return n;
}

static guint64
code_count (const NimRules *rules, guint32 h)
{
  guint64 n = 0;
  guint32 j;

  for (j = 1; j <= MIN (h, rules->n_digits); j++)
    n += code_moves (rules, h, j);
  return n;
}

static gboolean
code_has_move (const NimRules *rules, guint32 h)
{
  guint32 j;

  for (j = 1; j <= MIN (h, rules->n_digits); j++)
    {
      guint d = rules->digits[j];

      if (nim_rules_digit_leaves (d, h - j)
          || (h - j >= 2 && (d & NIM_RULES_TWO)))
        return TRUE;
    }
  return FALSE;
}

static GArray *
code_list_counts (const NimRules *rules)
{
  GArray *counts = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint32 j;

  for (j = 1; j <= rules->n_digits; j++)
    if (rules->digits[j] != 0)
      g_array_append_val (counts, j);
  return counts;
}

static gboolean
code_allows (const NimRules *rules, guint32 count)
{
  return count >= 1 && count <= rules->n_digits && rules->digits[count] != 0;
}

static gboolean
code_allows_leave (const NimRules *rules, guint32 h, guint32 count,
                   guint32 split)
{
  guint32 rest = h - count;
  guint d;

  if (!code_allows (rules, count))
    return FALSE;
  d = rules->digits[count];
  if (split != 0)
    return (d & NIM_RULES_TWO) && split < rest;
  return nim_rules_digit_leaves (d, rest);
}

static gboolean
code_check (const NimRules *rules, guint32 h, const NimMove *move,
            GError **error)
{
  g_autofree char *code = NULL;
  guint32 rest = h - move->count;
  guint d;

  if (code_allows_leave (rules, h, move->count, move->split))
    return TRUE;
  code = nim_rules_code_to_string (rules);
  if (!code_allows (rules, move->count))
    {
      g_autofree char *counts
          = code_describe_counts (rules, NIM_HEAP_SIZE_MAX);

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: the first %s is a take-and-break
                      code, 0.77; the second a list of counts. */
                   _ ("You cannot take %u under %s; a move takes %s "
                      "matches."),
                   move->count, code, counts);
      return FALSE;
    }
  d = rules->digits[move->count];
  if (move->split != 0)
    g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                 _ ("Under %s, taking %u does not let you split the "
                    "rest into two heaps."),
                 code, move->count);
  else if (rest == 0)
    g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                 _ ("Under %s, taking %u may not take a whole heap."), code,
                 move->count);
  else if ((d & NIM_RULES_TWO) && rest >= 2)
    g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                 _ ("Under %s, taking %u from heap %u must split the "
                    "rest into two heaps, such as %u+%u."),
                 code, move->count, move->heap + 1, 1, rest - 1);
  else if (d & NIM_RULES_VANISH)
    g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                 _ ("Under %s, taking %u must take a whole heap of "
                    "%u."),
                 code, move->count, move->count);
  else
    g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                 _ ("Under %s, taking %u cannot leave a heap of %u."), code,
                 move->count, rest);
  return FALSE;
}

static guint32
code_min_take (const NimRules *rules)
{
  guint32 j;

  for (j = 1; j < rules->n_digits && rules->digits[j] == 0; j++)
    ;
  return j;
}

static guint32
code_min_split_take (const NimRules *rules)
{
  guint32 j;

  for (j = 1; j <= rules->n_digits; j++)
    if (rules->digits[j] & NIM_RULES_TWO)
      return j;
  return 0;
}

/* Kayles (tests/test-take-break.c plays nine codes more). */
static const char *const code_examples[] = { "0.77", NULL };

const NimRuleFamily nim_rules_code_family = {
  .name = "code",
  .examples = code_examples,
  .shape = NIM_MOVES_GENERIC,
  .theory = NIM_GRUNDY_OCTAL,
  .parse = code_parse,
  .to_string = nim_rules_code_to_string,
  .equal = code_equal,
  .describe = code_describe,
  .describe_counts = code_describe_counts,
  .next = code_next,
  .count = code_count,
  .has_move = code_has_move,
  .list_counts = code_list_counts,
  .allows = code_allows,
  .allows_leave = code_allows_leave,
  .check = code_check,
  .min_take = code_min_take,
  .min_split_take = code_min_split_take,
};
