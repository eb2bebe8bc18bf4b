/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-rules.h -- the take rule and the winning condition of a Nim game */
#pragma once

#include <glib.h>

#include "nim-move.h"

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

typedef struct _NimRuleFamily NimRuleFamily;
typedef struct _NimBoard NimBoard;
typedef struct _NimMoveGen NimMoveGen;
typedef struct _NimTree NimTree;

/**
 * NimRules:
 * @family: the rule family, a row of the rule table (see #NimRuleFamily)
 * @max_take: the most matches a move takes: for the range family the
 *   largest count, %NIM_HEAP_SIZE_MAX for take-any (the heap is always
 *   the tighter limit); the largest count of a set, the last digit of a
 *   code
 * @n_moves: for a subtraction set, how many counts are allowed
 * @moves: for a subtraction set, the counts, ascending and distinct, each
 *   >= 1
 * @misere: whoever takes the last match loses (and a player left without
 *   a legal move wins); otherwise a player without a legal move loses
 * @n_digits: for a take-and-break code, the place of the last non-zero
 *   digit
 * @digits: for a take-and-break code, @digits[j] says what taking j
 *   matches may leave: a sum of %NIM_RULES_VANISH, %NIM_RULES_ONE and
 *   %NIM_RULES_TWO (a code whose digits are all 0 or 3 is a subtraction
 *   set instead)
 * @tree: (nullable): for a game tree (nim_rules_set_tree()), the tree,
 *   not owned: whoever set it keeps it alive as long as any copy of the
 *   rules
 *
 * A plain value type: copy it with `=`.  The fields after @family are the
 * family's parameters, 0 where a family has none.
 */
typedef struct
{
  const NimRuleFamily *family;
  guint32 max_take;
  guint n_moves;
  guint32 moves[NIM_RULES_MAX_MOVES];
  gboolean misere;
  guint n_digits;
  guint8 digits[NIM_RULES_MAX_DIGITS + 1];
  const NimTree *tree;
} NimRules;

/**
 * NimMoveShape:
 * @NIM_MOVES_RANGE: a move takes 1 to @max_take matches from one heap
 *   (the heap's size the tighter limit) and leaves the rest as one heap
 * @NIM_MOVES_SET: a move takes one of @moves[0 .. @n_moves - 1] from one
 *   heap and leaves the rest as one heap
 * @NIM_MOVES_GENERIC: only the family's own functions know its moves;
 *   a move may split a heap in two
 * @NIM_MOVES_TREE: a textbook game tree (#NimTree): the board is a node,
 *   a move goes to a child, and a leaf has a value rather than a winner;
 *   the searchers that can search one have copies for it
 *
 * What a family's moves look like to the searchers, whose hot path has a
 * copy compiled for each shape: a new family is %NIM_MOVES_GENERIC, and
 * every searcher then plays it through the family's functions, without a
 * change.
 */
typedef enum
{
  NIM_MOVES_RANGE,
  NIM_MOVES_SET,
  NIM_MOVES_GENERIC,
  NIM_MOVES_TREE,
} NimMoveShape;

/**
 * NimGrundyTheory:
 * @NIM_GRUNDY_CLOSED_FORM: the family's @grundy and @misere_wins give the
 *   value of any heap at once, and @period its period if it has one
 * @NIM_GRUNDY_SUBTRACTION: the values are computed by mex over the counts
 *   of a subtraction set, with the period found as they repeat
 *   (nim-grundy)
 * @NIM_GRUNDY_OCTAL: the values are those of a take-and-break code
 *   (nim-octal), whose period the octal periodicity theorem proves
 * @NIM_GRUNDY_NONE: no theory: the Grundy player refuses the rules and a
 *   search decides every position
 *
 * How the Sprague-Grundy values of one heap are known under a family.
 */
typedef enum
{
  NIM_GRUNDY_CLOSED_FORM,
  NIM_GRUNDY_SUBTRACTION,
  NIM_GRUNDY_OCTAL,
  NIM_GRUNDY_NONE,
} NimGrundyTheory;

/**
 * NimRuleFamily:
 * @name: the family's name: "any", "range", "set", "code"
 * @examples: rules of the family in its notation, %NULL-terminated: the
 *   rules every player is tested on (tests/test-contract.c,
 *   tests/test-harness.c), each normal and misère
 * @shape: how the searchers' hot path enumerates the moves
 * @theory: how the Grundy values of a heap are known
 * @parse: (nullable): reads @text into @rules if it is in the family's
 *   notation ("any", "1-3", "2,7,15,16", "0.77"); returns %FALSE without
 *   setting @error when it is not, and with @error set (naming @what) when
 *   it is but is not accepted
 * @to_string: the rules in the family's notation, which @parse reads back
 * @protocol: (nullable): the rules as the UGI protocol sends them, where
 *   that differs from @to_string ("1,2,3" for the range 1-3)
 * @equal: (nullable): whether two rules of the family play the same game
 *   by their parameters; %NULL compares @max_take alone
 * @describe: one sentence a player reads, ending included (see
 *   nim_rules_describe())
 * @describe_pile: (nullable): the same in the words of the course's
 *   one-pile game (see nim_rules_describe_pile()); %NULL says @describe
 * @describe_counts: what a move may take from a heap of @at_most, "1 to
 *   3" (see nim_rules_describe_counts()).  @at_most is
 *   %NIM_HEAP_SIZE_MAX for any heap: then the rule's own counts, in words
 *   where the heap bounds them ("any number" for take-any, "1 to half the
 *   heap" for a rule that takes up to half), never a number made of
 *   %NIM_HEAP_SIZE_MAX
 * @next: the next legal move on @board, heap by heap from @gen->heap:
 *   fills @move and returns %TRUE, or returns %FALSE when there is none.
 *   @gen starts as %NIM_MOVEGEN_INIT; @gen->idx and @gen->count are the
 *   family's to use, and 0 when @gen->heap moves on to the next heap.
 *   Within a heap the order is the tie-break of every computer player:
 *   the smallest count first, then (under a split) the move leaving
 *   nothing or one heap, then the splits, the smallest first part first.
 *   The board may change between calls if it is restored (a searcher
 *   makes the move, searches and unmakes it).
 * @count: how many moves a heap of @h allows, without enumerating them
 * @has_move: (nullable): whether a heap of @h allows a move, where that is
 *   cheaper to tell than @count; %NULL asks @count
 * @nth: (nullable): the @n-th move of @next's order on a heap of @h (@n
 *   below @count's); %NULL steps through @next
 * @list_counts: (nullable): the counts a move may take from a heap large
 *   enough, ascending, as a #GArray of #guint32; %NULL for a family that
 *   has no such list (take-any, or what a move takes depends on the heap)
 * @allows: whether a move may take @count from some heap (see
 *   nim_rules_allows())
 * @allows_leave: whether a move may take @count from a heap of @h (@count
 *   at most @h) and leave what @split says (see nim_rules_allows_leave())
 * @check: says in @error, for a person, why taking @move->count from a
 *   heap of @h and leaving what @move says is not allowed; returns %FALSE
 *   then, %TRUE when it is allowed.  The board has checked the heap, that
 *   the count is between 1 and @h and that a split adds up; it refuses a
 *   split under rules that never split (no @min_split_take) itself.
 * @min_take: the fewest matches any move takes (a game lasts at most the
 *   matches divided by this many moves)
 * @min_split_take: (nullable): the fewest matches a move that splits a
 *   heap takes, 0 when none does; %NULL for a family that never splits
 * @grundy: (nullable): for %NIM_GRUNDY_CLOSED_FORM, G(@n) under normal
 *   play
 * @misere_wins: (nullable): for %NIM_GRUNDY_CLOSED_FORM, whether the
 *   player to move wins a single heap of @n under misère play
 * @period: (nullable): for %NIM_GRUNDY_CLOSED_FORM, where the values of
 *   one heap become periodic, if they do before @limit; %NULL for values
 *   that never repeat
 *
 * A rule family: one row of the rule table (nim_rule_families()).  Code
 * that must tell families apart asks the row, through the nim_rules_*()
 * functions, or switches on @shape or @theory; HACKING says how to add a
 * family.
 */
struct _NimRuleFamily
{
  const char *name;
  const char *const *examples;
  NimMoveShape shape;
  NimGrundyTheory theory;

  gboolean (*parse) (NimRules *rules, const char *text, const char *what,
                     GError **error);
  char *(*to_string) (const NimRules *rules);
  char *(*protocol) (const NimRules *rules);
  gboolean (*equal) (const NimRules *a, const NimRules *b);
  char *(*describe) (const NimRules *rules);
  char *(*describe_pile) (const NimRules *rules);
  char *(*describe_counts) (const NimRules *rules, guint32 at_most);

  gboolean (*next) (NimMoveGen *gen, const NimBoard *board,
                    const NimRules *rules, NimMove *move);
  guint64 (*count) (const NimRules *rules, guint32 h);
  gboolean (*has_move) (const NimRules *rules, guint32 h);
  gboolean (*nth) (const NimRules *rules, guint32 h, guint64 n, NimMove *move);
  GArray *(*list_counts) (const NimRules *rules);
  gboolean (*allows) (const NimRules *rules, guint32 count);
  gboolean (*allows_leave) (const NimRules *rules, guint32 h, guint32 count,
                            guint32 split);
  gboolean (*check) (const NimRules *rules, guint32 h, const NimMove *move,
                     GError **error);
  guint32 (*min_take) (const NimRules *rules);
  guint32 (*min_split_take) (const NimRules *rules);

  guint (*grundy) (const NimRules *rules, guint64 n);
  gboolean (*misere_wins) (const NimRules *rules, guint64 n);
  gboolean (*period) (const NimRules *rules, guint64 limit, guint64 *preperiod,
                      guint64 *period);
};

const NimRuleFamily *const *nim_rule_families (void);
const NimRuleFamily *nim_rule_family_lookup (const char *name);

void nim_rules_init (NimRules *rules);
void nim_rules_init_default (NimRules *rules);
void nim_rules_reset (NimRules *rules, const NimRuleFamily *family);
void nim_rules_set_take_any (NimRules *rules);
gboolean nim_rules_set_max_take (NimRules *rules, guint64 k, GError **error);
gboolean nim_rules_set_moves (NimRules *rules, const guint64 *counts,
                              guint n_counts, GError **error);
void nim_rules_set_tree (NimRules *rules, const NimTree *tree);
char *nim_rules_code_to_string (const NimRules *rules);
gboolean nim_rules_parse (NimRules *rules, const char *text, const char *what,
                          GError **error);
gboolean nim_rules_parse_max_take (NimRules *rules, const char *text,
                                   const char *what, GError **error);
gboolean nim_rules_parse_moves (NimRules *rules, const char *text,
                                const char *what, GError **error);

gboolean nim_rules_is_take_any (const NimRules *rules);
gboolean nim_rules_is_code (const NimRules *rules);
gboolean nim_rules_is_tree (const NimRules *rules);
gboolean nim_rules_splits (const NimRules *rules);
guint32 nim_rules_min_split_take (const NimRules *rules);
gboolean nim_rules_allows_leave (const NimRules *rules, guint32 h,
                                 guint32 count, guint32 split);
gboolean nim_rules_check_take (const NimRules *rules, guint32 h,
                               const NimMove *move, GError **error);
gboolean nim_rules_heap_has_move (const NimRules *rules, guint32 h);
gboolean nim_rules_allows (const NimRules *rules, guint32 count);
guint32 nim_rules_min_take (const NimRules *rules);
GArray *nim_rules_fixed_counts (const NimRules *rules);
gboolean nim_rules_equal (const NimRules *a, const NimRules *b);
char *nim_rules_take_to_string (const NimRules *rules);
char *nim_rules_describe (const NimRules *rules);
const char *nim_rules_known_game (const char *code, gboolean misere);
char *nim_rules_describe_counts (const NimRules *rules, guint32 at_most);
char *nim_rules_describe_pile (const NimRules *rules);
char *nim_rules_join_counts (const guint32 *counts, guint n);

G_END_DECLS
