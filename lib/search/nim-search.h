/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-search.h -- what every searcher shares: budgets, statistics, scores */
#pragma once

#include <glib.h>

#include "nim-board.h"
#include "nim-observer.h"
#include "nim-tt.h"

G_BEGIN_DECLS

/* The deepest a search recurses, in plies.  It bounds the C stack a
   search uses (a few hundred bytes a ply) whatever the position: a pile of
   a million matches taken one at a time is searched to this depth and
   reported as not proven. */
#define NIM_SEARCH_MAX_PLY 4096

/* Default seconds per move of a searcher. */
#define NIM_SEARCH_DEFAULT_TIME 5.0

/* Values are from the point of view of the player to move.  Under the
   default scoring a won position is worth 1, a lost one -1 and one the
   search could not see to the end 0.  Under score=distance a win in n
   plies is worth NIM_SCORE_MATE - n, so the quickest win is preferred and
   the slowest loss, as in a chess engine's mate scores. */
#define NIM_SCORE_MATE 1000000
#define NIM_SCORE_INF (NIM_SCORE_MATE + 1)

/* A copy of a search that calls itself (or its partner, Max and Min)
   must stay one function: inlining one level of the recursion into the
   other runs out of registers and spills around every call. */
#if defined(__GNUC__)
#define NIM_NOINLINE __attribute__ ((noinline))
#else
#define NIM_NOINLINE
#endif

typedef enum
{
  NIM_SCORE_WIN_LOSS,
  NIM_SCORE_DISTANCE,
} NimScoreMode;

/**
 * NimEval:
 * @NIM_EVAL_NONE: a position at the depth limit is worth 0, unknown
 * @NIM_EVAL_PARITY: a student's first heuristic: an odd number of
 *   non-empty heaps is good for the player to move (as one heap is), an
 *   even number bad; the other way round under misère play
 * @NIM_EVAL_NIMSUM: the nim-sum of the heaps' Grundy values, exact for
 *   take-any (normal and misère play) and 1 to K (normal play): a
 *   perfect evaluation, with which depth 1 plays perfectly
 *
 * How a depth-limited search scores the positions at its depth limit
 * (the "Stellungsbewertung" of the course's object design).  An
 * evaluation's values, 1 good and -1 bad for the player to move, are
 * estimates, never proofs: a search with one scores as score=distance
 * does, whose unproven values lie between the proven ones.
 */
typedef enum
{
  NIM_EVAL_NONE,
  NIM_EVAL_PARITY,
  NIM_EVAL_NIMSUM,
} NimEval;

/**
 * NimMoveOrder:
 * @NIM_MOVE_ORDER_LARGEST: negamax's own order: the root's moves in the
 *   generator's order (so that of moves worth the same the first is
 *   played), below it heap by heap, the largest count first, which
 *   leaves little and ends games sooner
 * @NIM_MOVE_ORDER_GENERATOR: the generator's order at every node: heap 1
 *   first, the smallest count first (see #NimMoveGen), the order a
 *   textbook's loop over the moves has
 * @NIM_MOVE_ORDER_REVERSED: the generator's order backwards at every
 *   node: the last heap first, its largest count first
 *
 * The order negamax tries the moves in that order=on does not choose
 * (moves=): what a lecture or a grader compares a student's search with.
 */
typedef enum
{
  NIM_MOVE_ORDER_LARGEST,
  NIM_MOVE_ORDER_GENERATOR,
  NIM_MOVE_ORDER_REVERSED,
} NimMoveOrder;

/**
 * NimRootWindow:
 * @NIM_ROOT_WINDOW_WIN: from losing at once to winning at once: nothing
 *   lies outside, and a win cuts off at once
 * @NIM_ROOT_WINDOW_FULL: (-infinity, +infinity), as a textbook's first
 *   call has it
 *
 * The alpha-beta window negamax's root starts with (window=).
 */
typedef enum
{
  NIM_ROOT_WINDOW_WIN,
  NIM_ROOT_WINDOW_FULL,
} NimRootWindow;

/**
 * NimSearchConfig:
 * @depth: the most plies searched; 0 means to the end of the game (up to
 *   %NIM_SEARCH_MAX_PLY)
 * @time: seconds per move; 0 means no limit
 * @nodes: nodes per move; 0 means no limit
 * @ab: alpha-beta pruning
 * @tt_bytes: transposition table size in bytes; 0 turns it off
 * @order: move ordering (table move, killers)
 * @id: iterative deepening
 * @score: a #NimScoreMode
 * @eval: a #NimEval
 * @moves: a #NimMoveOrder
 * @window: a #NimRootWindow
 * @stop: (nullable): when set, the search stops as soon as the integer it
 *   points to is not 0 (see nim_player_set_stop()); not an option
 *
 * The options of the searching players, filled from a player spec.
 */
typedef struct
{
  guint64 depth;
  double time;
  guint64 nodes;
  gboolean ab;
  guint64 tt_bytes;
  gboolean order;
  gboolean id;
  guint score;
  guint eval;
  guint moves;
  guint window;
  const gint *stop;
} NimSearchConfig;

/**
 * NimSearchStats:
 * @searched: %FALSE for a player that does not search (the others are 0)
 * @nodes: positions visited, the root and every leaf included
 * @cutoffs: alpha-beta cutoffs
 * @tt_probes: transposition table look-ups
 * @tt_hits: look-ups that found the position
 * @depth: the deepest iteration completed, in plies
 * @proven: @value is exact: a forced win or a forced loss
 * @value: for the player to move: > 0 a win, < 0 a loss, 0 unknown
 * @distance: when proven under score=distance, plies to the end
 * @seconds: wall time of the move
 * @stopped: the budget (nodes, time or Ctrl-C) stopped the search before
 *   it finished; with a table a node budget counts look-ups too (see
 *   nim_search_add_work()), so fewer nodes than the budget say nothing
 *
 * What a search cost and found; `--stats` prints it, `--json` records it.
 */
typedef struct
{
  gboolean searched;
  guint64 nodes;
  guint64 cutoffs;
  guint64 tt_probes;
  guint64 tt_hits;
  guint depth;
  gboolean proven;
  int value;
  guint distance;
  double seconds;
  gboolean stopped;
} NimSearchStats;

/**
 * NimSearch:
 *
 * The state of one search: a private copy of the board that make and
 * unmake change in place, and the counters.  It lives on the stack of the
 * player's choose_move and is passed down the recursion by pointer.
 * With a @trace (a #NimObserver), the searcher reports every node it
 * counts.  The searchers come in a plain and a traced copy and pick one at
 * the root, so without a trace a node costs nothing more.
 */
typedef struct
{
  NimBoard board;
  NimRules rules;
  NimScoreMode score;
  NimEval eval;
  NimTT *tt;
  guint64 nodes;
  guint64 cutoffs;
  guint64 tt_probes;
  guint64 tt_hits;
  guint64
      work; /* table look-ups beyond one a node (see nim_search_add_work) */
  guint64 node_limit;
  guint64 next_check;
  gint64 deadline;
  gint64 last_check; /* when the clock was last read */
  guint64 interval;  /* units between two looks at the clock */
  gboolean aborted;
  const gint *stop;   /* (nullable): see NimSearchConfig */
  guint horizon;      /* minimax: the depth limit */
  guint ply;          /* minimax: the current node's ply, kept by the copies
                         that need it (a depth limit, a trace) */
  NimObserver *trace; /* (nullable): reported to at every node when set */
} NimSearch;

void nim_search_init (NimSearch *search, const NimBoard *board,
                      const NimRules *rules, const NimSearchConfig *config);
void nim_search_use_table (NimSearch *search, NimTT *tt);
gint64 nim_search_keep_back (NimSearch *search, guint share);
gboolean nim_search_check_budget (NimSearch *search);
gboolean nim_search_check_work (NimSearch *search);
guint nim_search_horizon (const NimBoard *board, const NimRules *rules,
                          guint64 depth);
char *nim_search_value_describe (const NimSearchStats *stats);

/**
 * nim_search_tick:
 * @search: the search
 *
 * Counts a node, unless the budget is spent.  The slow path runs once
 * every few thousand nodes, so a node costs one compare.
 *
 * Returns: %TRUE if the search must stop now (the node is not counted)
 */
static inline gboolean
nim_search_tick (NimSearch *search)
{
  /* Counted first, so that the common path is one add, one compare and
     a branch not taken. */
  guint64 nodes = ++search->nodes;

  if (G_LIKELY (nodes <= search->next_check))
    return FALSE;
  search->nodes = nodes - 1;
  return nim_search_check_budget (search);
}

/**
 * nim_search_add_work:
 * @search: the search
 * @units: table look-ups (or other work as costly as a node) just done
 *   beyond the node's own
 *
 * Counts work that is not a node towards the budget: a node of a search
 * may look up thousands of children in its table, and the clock and the
 * node budget must see that work as they see nodes.  The next look at the
 * budget comes that much earlier; @nodes, the count reported, stays the
 * number of nodes entered.
 */
static inline void
nim_search_add_work (NimSearch *search, guint64 units)
{
  search->work += units;
  search->next_check = search->next_check > search->nodes + units
                           ? search->next_check - units
                           : search->nodes;
}

/**
 * nim_search_poll:
 * @search: the search
 * @units: work just done inside the node, such as children made or
 *   looked up, each about as costly as a node
 *
 * Brings the next look at the budget @units nearer and takes it if it is
 * due: for a node whose own work may be long (thousands of children made
 * or looked up), so that the clock, Ctrl-C and the stop flag are seen
 * within it, not only at the next node.  Unlike nim_search_add_work(),
 * the units do not count towards a node budget, which stays a number of
 * nodes; it is looked at too, so a search stops within the node that
 * reaches it.
 *
 * Returns: %TRUE if the search must stop now
 */
static inline gboolean
nim_search_poll (NimSearch *search, guint64 units)
{
  search->next_check = search->next_check > search->nodes + units
                           ? search->next_check - units
                           : search->nodes;
  if (G_LIKELY (search->nodes < search->next_check))
    return FALSE;
  return nim_search_check_work (search);
}

/**
 * nim_search_win:
 * @search: the search
 * @ply: plies from the root
 *
 * Returns: the value of a won position @ply plies from the root
 */
static inline int
nim_search_win (const NimSearch *search, guint ply)
{
  return search->score == NIM_SCORE_DISTANCE ? NIM_SCORE_MATE - (int) ply : 1;
}

/**
 * nim_search_terminal:
 * @search: the search
 * @ply: plies from the root
 *
 * Returns: the value, for the player to move, of a position without a
 *   legal move: a loss under normal play, a win under misère play
 */
static inline int
nim_search_terminal (const NimSearch *search, guint ply)
{
  int win = nim_search_win (search, ply);
  return search->rules.misere ? win : -win;
}

/**
 * nim_search_is_proven:
 * @search: the search
 * @value: a value
 *
 * Returns: %TRUE if @value is a forced win or loss rather than unknown
 */
static inline gboolean
nim_search_is_proven (const NimSearch *search, int value)
{
  if (search->score == NIM_SCORE_DISTANCE)
    return ABS (value) > NIM_SCORE_MATE - NIM_SEARCH_MAX_PLY - 1;
  return value != 0;
}

int nim_search_evaluate_slow (const NimSearch *search);

/**
 * nim_search_evaluate:
 * @search: the search, at a position with a legal move
 *
 * Called only at the depth limit, so a search without an evaluation pays
 * one compare there and nothing anywhere else.
 *
 * Returns: the value of the position at the depth limit for the player
 *   to move: 0 without an evaluation, else the evaluation's estimate
 */
static inline int
nim_search_evaluate (const NimSearch *search)
{
  return search->eval == NIM_EVAL_NONE ? 0 : nim_search_evaluate_slow (search);
}

void nim_search_finish_stats (const NimSearch *search, int value, guint depth,
                              NimSearchStats *stats);

G_END_DECLS
