/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-rules.h -- the take rule and the winning condition of a Nim game */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Most heaps a position may have, and the largest heap.  Heaps are 32-bit
   so a board stays small enough to copy freely; 2^32-1 matches is far past
   anything a person plays and still lets searchers be tested on huge piles. */
#define NIM_MAX_HEAPS 64
#define NIM_HEAP_SIZE_MAX G_MAXUINT32
/* Most counts in an explicit subtraction set (--moves). */
#define NIM_RULES_MAX_MOVES 32
/* Largest K accepted by --max-take; the game record lists 1..K. */
#define NIM_MAX_TAKE_MAX 1000000
/* Most digits after the point of a take-and-break code (--rules). */
#define NIM_RULES_MAX_DIGITS 32

/* What digit j of a take-and-break code allows when j matches are taken
   from a heap. */
enum
{
  NIM_RULES_VANISH = 1, /* take the whole heap (it had exactly j) */
  NIM_RULES_ONE = 2,    /* leave one smaller heap */
  NIM_RULES_TWO = 4,    /* leave two non-empty heaps */
};

/* Whether digit @d of a code lets a move leave its @rest matches as they
   are: nothing when @rest is 0, else one heap (a split is
   %NIM_RULES_TWO's, and needs @rest >= 2). */
static inline gboolean
nim_rules_digit_leaves (guint d, guint32 rest)
{
  return rest == 0 ? (d & NIM_RULES_VANISH) != 0 : (d & NIM_RULES_ONE) != 0;
}

typedef enum
{
  NIM_TAKE_RANGE, /* any count from 1 to max_take */
  NIM_TAKE_SET,   /* exactly one of moves[0 .. n_moves-1] */
  NIM_TAKE_CODE,  /* a take-and-break code: digits[1 .. n_digits] */
} NimTakeKind;

/**
 * NimRules:
 * @kind: whether a move takes a count from a range or from a set
 * @max_take: for %NIM_TAKE_RANGE, the largest count; %NIM_HEAP_SIZE_MAX
 *   means "any number" (the heap is always the tighter limit)
 * @n_moves: for %NIM_TAKE_SET, how many counts are allowed
 * @moves: for %NIM_TAKE_SET, the counts, ascending and distinct, each >= 1
 * @misere: whoever takes the last match loses (and a player left without
 *   a legal move wins); otherwise a player without a legal move loses
 * @n_digits: for %NIM_TAKE_CODE, the place of the last non-zero digit
 *   (also in @max_take)
 * @digits: for %NIM_TAKE_CODE, @digits[j] says what taking j matches may
 *   leave: a sum of %NIM_RULES_VANISH, %NIM_RULES_ONE and %NIM_RULES_TWO
 *   (a code whose digits are all 0 or 3 is a subtraction set instead)
 *
 * A plain value type: copy it with `=`.
 */
typedef struct
{
  NimTakeKind kind;
  guint32 max_take;
  guint n_moves;
  guint32 moves[NIM_RULES_MAX_MOVES];
  gboolean misere;
  guint n_digits;
  guint8 digits[NIM_RULES_MAX_DIGITS + 1];
} NimRules;

void nim_rules_init (NimRules *rules);
void nim_rules_init_default (NimRules *rules);
void nim_rules_set_take_any (NimRules *rules);
gboolean nim_rules_set_max_take (NimRules *rules, guint64 k, GError **error);
gboolean nim_rules_set_moves (NimRules *rules, const guint64 *counts,
                              guint n_counts, GError **error);
void nim_rules_set_code (NimRules *rules, const guint8 *digits,
                         guint n_digits);
char *nim_rules_code_to_string (const NimRules *rules);
gboolean nim_rules_parse_max_take (NimRules *rules, const char *text,
                                   const char *what, GError **error);
gboolean nim_rules_parse_moves (NimRules *rules, const char *text,
                                const char *what, GError **error);

gboolean nim_rules_is_take_any (const NimRules *rules);
gboolean nim_rules_splits (const NimRules *rules);
guint32 nim_rules_min_split_take (const NimRules *rules);
gboolean nim_rules_allows_leave (const NimRules *rules, guint32 h,
                                 guint32 count, guint32 split);
gboolean nim_rules_heap_has_move (const NimRules *rules, guint32 h);
gboolean nim_rules_allows (const NimRules *rules, guint32 count);
guint32 nim_rules_min_take (const NimRules *rules);
gboolean nim_rules_equal (const NimRules *a, const NimRules *b);
char *nim_rules_take_to_string (const NimRules *rules);
char *nim_rules_describe (const NimRules *rules);
char *nim_rules_describe_known (const NimRules *rules);
char *nim_rules_describe_counts (const NimRules *rules, guint32 at_most);
char *nim_rules_describe_pile (const NimRules *rules);

G_END_DECLS
