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

typedef enum
{
  NIM_TAKE_RANGE, /* any count from 1 to max_take */
  NIM_TAKE_SET,   /* exactly one of moves[0 .. n_moves-1] */
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
} NimRules;

void nim_rules_init (NimRules *rules);
void nim_rules_init_default (NimRules *rules);
void nim_rules_set_take_any (NimRules *rules);
gboolean nim_rules_set_max_take (NimRules *rules, guint64 k, GError **error);
gboolean nim_rules_set_moves (NimRules *rules, const guint64 *counts,
                              guint n_counts, GError **error);
gboolean nim_rules_parse_max_take (NimRules *rules, const char *text,
                                   const char *what, GError **error);
gboolean nim_rules_parse_moves (NimRules *rules, const char *text,
                                const char *what, GError **error);

gboolean nim_rules_is_take_any (const NimRules *rules);
gboolean nim_rules_allows (const NimRules *rules, guint32 count);
guint32 nim_rules_min_take (const NimRules *rules);
gboolean nim_rules_equal (const NimRules *a, const NimRules *b);
char *nim_rules_take_to_string (const NimRules *rules);
char *nim_rules_describe (const NimRules *rules);
char *nim_rules_describe_counts (const NimRules *rules, guint32 at_most);
char *nim_rules_describe_pile (const NimRules *rules);

G_END_DECLS
