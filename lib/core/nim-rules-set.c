/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-rules-set.c -- the family "a subtraction set": take 2, 7, 15 or 16
 *
 * A move takes exactly one of the set's counts; a heap smaller than the
 * smallest can never be played again, and a player left with only such
 * heaps cannot move (and loses under normal play).  The Grundy values are
 * computed by mex, and become periodic (nim-grundy). */

#include "config.h"

#include "nim-rules.h"

#include "nim-i18n.h"
#include "nim-movegen.h"
#include "nim-error.h"
#include "nim-parse.h"

#include <stdlib.h>
#include <string.h>

extern const NimRuleFamily nim_rules_set_family;

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

  nim_rules_reset (rules, &nim_rules_set_family);
  rules->max_take = (guint32) sorted[n_counts - 1];
  rules->n_moves = n_counts;
  for (i = 0; i < n_counts; i++)
    rules->moves[i] = (guint32) sorted[i];
  return TRUE;
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
  if (!nim_rules_set_moves (rules, (const guint64 *) (void *) counts->data,
                            counts->len, error))
    {
      /* TRANSLATORS: in front of a message, what it is about, such as
         "--moves: 3 is listed twice"; %s is that thing. */
      g_prefix_error (error, _ ("%s: "), what);
      return FALSE;
    }
  return TRUE;
}

/* The counts, "2,7,15,16", as the protocol writes any set: counts 1 to K
   in order are the range rule, so that the rules read back compare equal
   to those that were written. */
static gboolean
set_parse (NimRules *rules, const char *text, const char *what, GError **error)
{
  g_autoptr (GArray) counts = NULL;
  gboolean range = TRUE;
  guint i;

  if (!g_ascii_isdigit (text[0]) || strpbrk (text, ".-") != NULL)
    return FALSE;
  if (!nim_parse_uint_list (text, 1, NIM_HEAP_SIZE_MAX, NIM_MAX_TAKE_MAX, what,
                            &counts, error))
    return FALSE;
  for (i = 0; i < counts->len; i++)
    if (g_array_index (counts, guint64, i) != i + 1)
      range = FALSE;
  if (range)
    return nim_rules_set_max_take (rules, counts->len, error);
  return nim_rules_set_moves (rules, (const guint64 *) (void *) counts->data,
                              counts->len, error);
}

static char *
set_to_string (const NimRules *rules)
{
  GString *s = g_string_new (NULL);
  guint i;

  for (i = 0; i < rules->n_moves; i++)
    g_string_append_printf (s, "%s%u", i ? "," : "", rules->moves[i]);
  return g_string_free (s, FALSE);
}

static gboolean
set_equal (const NimRules *a, const NimRules *b)
{
  return a->n_moves == b->n_moves
         && memcmp (a->moves, b->moves, a->n_moves * sizeof a->moves[0]) == 0;
}

static char *
set_describe (const NimRules *rules)
{
  /* "2, 7, 15 or 16"; {1} is the range rule 1..1, so a set of one count
     takes "exactly 5 matches". */
  g_autofree char *list = nim_rules_join_counts (rules->moves, rules->n_moves);

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

/* A set without 1 can leave stones nobody may take: who cannot move
   decides, not who takes the last stone. */
static char *
set_describe_pile (const NimRules *rules)
{
  g_autofree char *counts
      = nim_rules_describe_counts (rules, NIM_HEAP_SIZE_MAX);

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

static char *
set_describe_counts (const NimRules *rules, guint32 at_most)
{
  guint n = 0;

  while (n < rules->n_moves && rules->moves[n] <= at_most)
    n++;
  return nim_rules_join_counts (rules->moves, n);
}

static gboolean
set_next (NimMoveGen *gen, const NimBoard *board, const NimRules *rules,
          NimMove *move)
{
  while (gen->heap < board->n_heaps)
    {
      if (gen->idx < rules->n_moves
          && rules->moves[gen->idx] <= board->heaps[gen->heap])
        {
          move->heap = gen->heap;
          move->count = rules->moves[gen->idx++];
          move->split = 0;
          move->keep = 0;
          return TRUE;
        }
      gen->heap++;
      gen->idx = 0;
    }
  return FALSE;
}

static guint64
set_count (const NimRules *rules, guint32 h)
{
  guint k = 0;

  while (k < rules->n_moves && rules->moves[k] <= h)
    k++;
  return k;
}

static gboolean
set_nth (const NimRules *rules, guint32 h, guint64 n, NimMove *move)
{
  move->count = rules->moves[n];
  move->split = 0;
  move->keep = 0;
  return TRUE;
}

static GArray *
set_list_counts (const NimRules *rules)
{
  GArray *counts
      = g_array_sized_new (FALSE, FALSE, sizeof (guint32), rules->n_moves);

  g_array_append_vals (counts, rules->moves, rules->n_moves);
  return counts;
}

static gboolean
set_allows (const NimRules *rules, guint32 count)
{
  guint i;

  for (i = 0; i < rules->n_moves; i++)
    if (rules->moves[i] == count)
      return TRUE;
  return FALSE;
}

static gboolean
set_allows_leave (const NimRules *rules, guint32 h, guint32 count,
                  guint32 split)
{
  return split == 0 && set_allows (rules, count);
}

static gboolean
set_check (const NimRules *rules, guint32 h, const NimMove *move,
           GError **error)
{
  g_autofree char *take = NULL;

  if (set_allows (rules, move->count))
    return TRUE;
  take = set_to_string (rules);
  g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
               _ ("You cannot take %u; a move takes one of %s matches."),
               move->count, take);
  return FALSE;
}

static guint32
set_min_take (const NimRules *rules)
{
  return rules->moves[0];
}

static const char *const set_examples[] = { "1,3,4", "2,5,6", NULL };

const NimRuleFamily nim_rules_set_family = {
  .name = "set",
  .examples = set_examples,
  .shape = NIM_MOVES_SET,
  .theory = NIM_GRUNDY_SUBTRACTION,
  .parse = set_parse,
  .to_string = set_to_string,
  .equal = set_equal,
  .describe = set_describe,
  .describe_pile = set_describe_pile,
  .describe_counts = set_describe_counts,
  .next = set_next,
  .count = set_count,
  .nth = set_nth,
  .list_counts = set_list_counts,
  .allows = set_allows,
  .allows_leave = set_allows_leave,
  .check = set_check,
  .min_take = set_min_take,
};
