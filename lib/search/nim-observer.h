/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-observer.h -- what a search reports to whoever watches it
 *
 * A searcher with an observer reports every node it counts: it enters the
 * node (ply, board, window) and leaves it (value, what settled it).  The
 * observer only watches: it never changes what the search does.  The
 * searchers come in two copies built from the same inline code, a plain
 * one and an observed one, and pick one at the root, so a search without
 * an observer pays nothing per node.
 *
 * The library only reports; the program decides what to make of it (the
 * text trace and the DOT tree of --trace and --dot are observers in
 * src/). */
#pragma once

#include <glib.h>

#include "nim-board.h"
#include "nim-move.h"
#include "nim-rules.h"

G_BEGIN_DECLS

/**
 * NimTraceFlags:
 * @NIM_TRACE_CUTOFF: alpha-beta cutoff: the moves left were not searched
 * @NIM_TRACE_TT_HIT: the table knew the position (its move went first)
 * @NIM_TRACE_TT_EXACT: the table's exact value settled the node
 * @NIM_TRACE_TT_LOWER: the table's lower bound settled it (>= beta)
 * @NIM_TRACE_TT_UPPER: the table's upper bound settled it (<= alpha)
 * @NIM_TRACE_ETC: enhanced transposition cutoff: a child the table knows
 *   to be lost settled it before any move was searched
 * @NIM_TRACE_ABORTED: the budget ran out inside this node
 *
 * What a searcher tells its observer about a node it leaves.  Whether the
 * node ended the game, or stopped at the depth limit, the observer works
 * out itself.
 */
typedef enum
{
  NIM_TRACE_CUTOFF = 1 << 0,
  NIM_TRACE_TT_HIT = 1 << 1,
  NIM_TRACE_TT_EXACT = 1 << 2,
  NIM_TRACE_TT_LOWER = 1 << 3,
  NIM_TRACE_TT_UPPER = 1 << 4,
  NIM_TRACE_ETC = 1 << 5,
  NIM_TRACE_ABORTED = 1 << 6,
} NimTraceFlags;

/* The flags that mean "the moves of this node not searched were pruned". */
#define NIM_TRACE_PRUNING_FLAGS                                               \
  (NIM_TRACE_CUTOFF | NIM_TRACE_TT_EXACT | NIM_TRACE_TT_LOWER                 \
   | NIM_TRACE_TT_UPPER | NIM_TRACE_ETC)

/**
 * NimTraceKind:
 * @NIM_TRACE_MINIMAX: values are for the player at the root (Max), no
 *   window
 * @NIM_TRACE_NEGAMAX: values are for the player to move at each node
 * @NIM_TRACE_ALPHA_BETA: negamax with alpha-beta: the window means
 *   something
 * @NIM_TRACE_PROOF_NUMBERS: proof-number search: values for the player to
 *   move, no window; a node is entered again each time the search goes
 *   back into it
 * @NIM_TRACE_MCTS: Monte-Carlo tree search: it reports an @mcts_iteration
 *   for each iteration, and no @enter or @leave
 */
typedef enum
{
  NIM_TRACE_MINIMAX,
  NIM_TRACE_NEGAMAX,
  NIM_TRACE_ALPHA_BETA,
  NIM_TRACE_PROOF_NUMBERS,
  NIM_TRACE_MCTS,
} NimTraceKind;

/**
 * NimTraceTry:
 * @NIM_TRACE_TRY_GENERATOR: the generator's order: heap by heap, the
 *   smallest count first (minimax everywhere, negamax at its root, where
 *   the first of the best moves in this order is the one played)
 * @NIM_TRACE_TRY_TABLE: the table's best move for the position goes first
 * @NIM_TRACE_TRY_KILLER: a killer move: it refuted a sibling at this ply
 * @NIM_TRACE_TRY_ORDERED: negamax's order below the root: heap by heap,
 *   the largest count first (it leaves little, which ends games sooner)
 * @NIM_TRACE_TRY_DEFERRED: put off to the end: the table proves it loses
 * @NIM_TRACE_TRY_MOST_PROVING: proof-number search: the child with the
 *   smallest disproof number, the one that proves the node soonest
 * @NIM_TRACE_TRY_FIRST_WIN: proof-number search at a won root: a move
 *   before the winning move it proved, in the generator's order, searched
 *   until one wins, so that the first winning move is played
 * @NIM_TRACE_TRY_REVERSED: negamax's moves=reversed: the generator's
 *   order backwards, the last heap first, the largest count first
 *
 * Why a searcher tries a move when it does.
 */
typedef enum
{
  NIM_TRACE_TRY_GENERATOR,
  NIM_TRACE_TRY_TABLE,
  NIM_TRACE_TRY_KILLER,
  NIM_TRACE_TRY_ORDERED,
  NIM_TRACE_TRY_DEFERRED,
  NIM_TRACE_TRY_MOST_PROVING,
  NIM_TRACE_TRY_FIRST_WIN,
  NIM_TRACE_TRY_REVERSED,
} NimTraceTry;

/**
 * NimTraceBound:
 * @NIM_TRACE_BOUND_EXACT: the value itself
 * @NIM_TRACE_BOUND_LOWER: the value is at least this (a cutoff stored it)
 * @NIM_TRACE_BOUND_UPPER: the value is at most this (no move beat alpha)
 *
 * What a value of the table means.
 */
typedef enum
{
  NIM_TRACE_BOUND_EXACT,
  NIM_TRACE_BOUND_LOWER,
  NIM_TRACE_BOUND_UPPER,
} NimTraceBound;

/* The depth of a table entry that holds at any depth: a proof. */
#define NIM_TRACE_DEPTH_PROVEN G_MAXUINT

/**
 * NimTraceEntry:
 * @found: the table holds the position (a probe); always %TRUE in a store
 * @losses: the answer came from the index of proven losses, not from the
 *   position's own entry: @move leads to a position known to be lost for
 *   the player who moves there (the enhanced transposition cutoff)
 * @value: the value for the player to move at the node
 * @bound: how to read @value
 * @depth: the plies the entry was searched to, or %NIM_TRACE_DEPTH_PROVEN
 * @has_move: @move is set
 * @move: the entry's best move, on the board of the node
 *
 * A table entry as a searcher reads or writes it.
 */
typedef struct
{
  gboolean found;
  gboolean losses;
  int value;
  NimTraceBound bound;
  guint depth;
  gboolean has_move;
  NimMove move;
} NimTraceEntry;

/* An infinite proof or disproof number: the other side is proven. */
#define NIM_TRACE_PN_INF G_MAXUINT32
/* A threshold made from an infinite one, infinity less a little (the
   search's own infinity less its numbers), is NIM_TRACE_PN_INF less that
   little, which is below NIM_TRACE_PN_NEAR. */
#define NIM_TRACE_PN_NEAR (G_MAXUINT32 / 2)

/**
 * NimTraceNumbers:
 * @pn: the proof number: the fewest positions still to settle to show
 *   that the player to move wins (0: proven; %NIM_TRACE_PN_INF: lost)
 * @dn: the disproof number, the same to show that it loses
 * @thpn: the threshold the node is searched under for @pn; the node
 *   returns once @pn reaches it; %NIM_TRACE_PN_INF when there is none,
 *   and infinity less n (n < %NIM_TRACE_PN_NEAR) when it was made from an
 *   infinite one
 * @thdn: the same for @dn
 * @has_move: @most_proving is set
 * @most_proving: the child with the smallest disproof number
 *
 * A proof-number search's numbers for a node, as they stand after it
 * looked at its children.
 */
typedef struct
{
  guint32 pn, dn;
  guint32 thpn, thdn;
  gboolean has_move;
  NimMove most_proving;
} NimTraceNumbers;

/**
 * NimMctsNode:
 * @visits: the iterations that went through the position
 * @wins: of those, the ones whose result was a win for the player who
 *   made the move to the position (at the root: for the opponent of the
 *   player to move there), the "wins/visits" of the textbook's figures
 * @proven: with MCTS-Solver, 1 when the player to move in the position
 *   is proven to win, -1 to lose; 0 when not proven
 *
 * What Monte-Carlo tree search knows of a position in its tree.
 */
typedef struct
{
  guint64 visits;
  guint64 wins;
  int proven;
} NimMctsNode;

/**
 * NimMctsIteration:
 * @number: the iteration's number in its search, from 1
 * @path: the moves from the root to the position the playout started
 *   from: those selection chose by the UCT rule, then, when @expanded,
 *   the move whose position was added to the tree
 * @n_path: how many
 * @expanded: the last move of @path added its position to the tree (not
 *   so when selection ended in a position that ends the game, is proven,
 *   lies at the depth limit, or when the tree is full)
 * @nodes: (array length=n_path + 1): the root, then the position after
 *   each move of @path, as the backup left them
 * @playout: the random playout's moves from the end of @path, the first
 *   @n_playout of them
 * @n_playout: how many of them @playout holds: all, or the first 4096
 *   (%NIM_SEARCH_MAX_PLY) of a longer playout
 * @playout_plies: how long the playout was; 0 when the end of @path ended
 *   the game or was proven, which decides the result without one
 * @result: 1 when the player to move at the end of @path won (the
 *   playout, or the end of the game, or the proof), -1 when it lost
 * @tree_size: the positions in the tree after the iteration
 * @c: the exploration constant of the UCT rule selection used
 * @solver: MCTS-Solver is on: @nodes may be proven, and selection never
 *   goes down a move proven to lose
 * @max_ply: the deepest the tree may grow (the player's depth=, else the
 *   longest the game can last)
 *
 * One iteration of Monte-Carlo tree search, as its observer sees it after
 * the backup: the four steps of the textbook (selection, expansion,
 * playout, backup) in one report.  The arrays belong to the search and
 * live until the callback returns.
 */
typedef struct
{
  guint64 number;
  const NimMove *path;
  guint n_path;
  gboolean expanded;
  const NimMctsNode *nodes;
  const NimMove *playout;
  guint n_playout;
  guint64 playout_plies;
  int result;
  guint64 tree_size;
  double c;
  gboolean solver;
  guint max_ply;
} NimMctsIteration;

/**
 * NimObserverFuncs:
 * @begin: a search starts (one computer move): the searching player's
 *   spec and number (1 or 2), the position it searches, the rules in
 *   force and how to read its values
 * @iteration: iterative deepening starts an iteration of @depth plies: a
 *   new root follows
 * @enter: the search counted a node @ply plies from the root and starts
 *   on it; @board is the position after the move that led to it, @alpha
 *   and @beta the window on entry (0 and 0 without one)
 * @leave: the search is done with the node: @board as it was entered,
 *   the @value the search returns for it and #NimTraceFlags saying what
 *   settled it
 * @end: the search is over: the move it chose (%NULL when it has none),
 *   the nodes it counted, whether its value is proven, and the value
 *   (> 0 a win, < 0 a loss)
 * @try_move: the node @ply plies from the root tries @move next, for the
 *   reason @why; the child's @enter follows
 * @probe: the node @ply plies from the root asked the table about its
 *   position, and @entry is the answer
 * @store: the node @ply plies from the root wrote @entry into the table
 * @numbers: a proof-number search's node @ply plies from the root has
 *   looked at its children and has the @numbers
 * @mcts_iteration: Monte-Carlo tree search ran an iteration (see
 *   #NimMctsIteration); a search of kind %NIM_TRACE_MCTS reports these
 *   between begin and end instead of @enter and @leave
 *
 * The events of a search, in the order begin, then [iteration,] enter
 * and leave properly nested, then end; for Monte-Carlo tree search,
 * begin, then an mcts_iteration each iteration, then end.  Each gets the
 * observer's @data.
 * @enter and @leave are called at every node, so they may not be %NULL
 * (a call through them is the whole cost of watching); the others come
 * once a search or an iteration.
 *
 * The events of the techniques, @try_move, @probe, @store and @numbers,
 * come between a node's @enter and its @leave and say why the search
 * does what it does, for a page that explains it step by step.  Only the
 * traced copies of the searchers call them, so they cost the plain
 * search nothing, and a searcher calls those that it has.
 */
typedef struct
{
  void (*begin) (gpointer data, const char *spec, guint player,
                 const NimBoard *board, const NimRules *rules,
                 NimTraceKind kind);              /* may be NULL */
  void (*iteration) (gpointer data, guint depth); /* may be NULL */
  void (*enter) (gpointer data, guint ply, const NimBoard *board, int alpha,
                 int beta);
  void (*leave) (gpointer data, guint ply, const NimBoard *board, int value,
                 guint flags);
  void (*end) (gpointer data, const NimMove *move, guint64 nodes,
               gboolean proven, int value); /* may be NULL */

  /* What the techniques do inside a node (see above). */
  void (*try_move) (gpointer data, guint ply, const NimMove *move,
                    NimTraceTry why); /* may be NULL */
  void (*probe) (gpointer data, guint ply,
                 const NimTraceEntry *entry); /* may be NULL */
  void (*store) (gpointer data, guint ply,
                 const NimTraceEntry *entry); /* may be NULL */
  void (*numbers) (gpointer data, guint ply,
                   const NimTraceNumbers *numbers); /* may be NULL */

  /* Monte-Carlo tree search */
  void (*mcts_iteration) (gpointer data,
                          const NimMctsIteration *it); /* may be NULL */
} NimObserverFuncs;

/**
 * NimObserver:
 * @funcs: what it does with each event (not owned; usually static)
 * @data: passed to each of @funcs
 *
 * Whoever watches a search.  Its owner makes it and outlives every search
 * it is given to; the searchers only call it, through the
 * nim_observer_*() functions below.
 */
typedef struct
{
  const NimObserverFuncs *funcs;
  gpointer data;
} NimObserver;

/* A search starts; see #NimObserverFuncs. */
static inline void
nim_observer_begin (NimObserver *observer, const char *spec, guint player,
                    const NimBoard *board, const NimRules *rules,
                    NimTraceKind kind)
{
  if (observer->funcs->begin != NULL)
    observer->funcs->begin (observer->data, spec, player, board, rules, kind);
}

/* An iteration of iterative deepening starts. */
static inline void
nim_observer_iteration (NimObserver *observer, guint depth)
{
  if (observer->funcs->iteration != NULL)
    observer->funcs->iteration (observer->data, depth);
}

/* The search counted a node and starts on it. */
static inline void
nim_observer_enter (NimObserver *observer, guint ply, const NimBoard *board,
                    int alpha, int beta)
{
  observer->funcs->enter (observer->data, ply, board, alpha, beta);
}

/* The search is done with a node. */
static inline void
nim_observer_leave (NimObserver *observer, guint ply, const NimBoard *board,
                    int value, guint flags)
{
  observer->funcs->leave (observer->data, ply, board, value, flags);
}

/* The search is over. */
static inline void
nim_observer_end (NimObserver *observer, const NimMove *move, guint64 nodes,
                  gboolean proven, int value)
{
  if (observer->funcs->end != NULL)
    observer->funcs->end (observer->data, move, nodes, proven, value);
}

/* A node tries a move next. */
static inline void
nim_observer_try (NimObserver *observer, guint ply, const NimMove *move,
                  NimTraceTry why)
{
  if (observer->funcs->try_move != NULL)
    observer->funcs->try_move (observer->data, ply, move, why);
}

/* A node asked the table. */
static inline void
nim_observer_probe (NimObserver *observer, guint ply,
                    const NimTraceEntry *entry)
{
  if (observer->funcs->probe != NULL)
    observer->funcs->probe (observer->data, ply, entry);
}

/* A node wrote into the table. */
static inline void
nim_observer_store (NimObserver *observer, guint ply,
                    const NimTraceEntry *entry)
{
  if (observer->funcs->store != NULL)
    observer->funcs->store (observer->data, ply, entry);
}

/* A proof-number search's node has new numbers. */
static inline void
nim_observer_numbers (NimObserver *observer, guint ply,
                      const NimTraceNumbers *numbers)
{
  if (observer->funcs->numbers != NULL)
    observer->funcs->numbers (observer->data, ply, numbers);
}

/* Monte-Carlo tree search ran an iteration. */
static inline void
nim_observer_mcts_iteration (NimObserver *observer, const NimMctsIteration *it)
{
  if (observer->funcs->mcts_iteration != NULL)
    observer->funcs->mcts_iteration (observer->data, it);
}

G_END_DECLS
