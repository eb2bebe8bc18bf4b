/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-player-negamax.c -- negamax with alpha-beta, a transposition table,
 * move ordering and iterative deepening, each of them switchable
 *
 * The course's Max and Min functions "beg to be merged": one function that
 * returns the value for the player to move, value = -negamax (child).
 * The techniques a chess engine adds are options, so a lecture can turn
 * them on one at a time and watch the node counts fall:
 *
 *   ab=on      alpha-beta: stop searching a position once a move refutes it
 *   tt=SIZE    a table of searched positions, keyed on the heaps with their
 *              order ignored, holding values and best moves
 *   order=on   try the table's move, then two killer moves, then the rest
 *   id=on      search depth 1, 2, 3, ... so a budget always leaves a move
 *
 * The root always tries its moves in generator order and keeps the first
 * best one, which is the tie-break every computer player shares. */

#include "config.h"

#include "nim-search-player.h"

#include "nim-explain.h"
#include "nim-i18n.h"
#include "nim-movegen.h"
#include "nim-util.h"

#include <string.h>

/* The default table size: 64 MiB. */
#define DEFAULT_TT_BYTES (G_GUINT64_CONSTANT (64) << 20)
/* The smallest and largest tables accepted. */
#define MIN_TT_BYTES (G_GUINT64_CONSTANT (1) << 10)
#define MAX_TT_BYTES (G_GUINT64_CONSTANT (16) << 30)

/* Positions with fewer matches skip the enhanced transposition cutoff, as
   they are cheap to search; so do positions with more, as a look-up of
   every child would go on without a look at the budget (no position has
   more moves than matches). */
#define ETC_MIN_MATCHES 8
#define ETC_MAX_MATCHES 4096

/* After an iteration costing more nodes than this, iterative deepening
   goes straight to the full depth. */
#define ID_JUMP_NODES 20000

/* A move as the table and killers remember it: "take count from a heap
   of from", since heap numbers change meaning between transpositions. */
typedef struct
{
  guint32 from;
  guint32 count;
} HeapMove;

typedef struct
{
  NimSearch s;
  gboolean ab;
  gboolean order;
  HeapMove killers[NIM_SEARCH_MAX_PLY + 1][2];
} Negamax;

/* Table values are relative to the node, so a win found at one ply is
   still right when the position recurs at another. */
static inline int
value_to_tt (const NimSearch *s, int v, guint ply)
{
  if (s->score != NIM_SCORE_DISTANCE || !nim_search_is_proven (s, v))
    return v;
  return v > 0 ? v + (int) ply : v - (int) ply;
}

static inline int
value_from_tt (const NimSearch *s, int v, guint ply)
{
  if (s->score != NIM_SCORE_DISTANCE || !nim_search_is_proven (s, v))
    return v;
  return v > 0 ? v - (int) ply : v + (int) ply;
}

/* The plies to the end of the game that a proven score=distance value
   speaks of: from the node for a value relative to it, from the root
   for a root value. */
static inline guint
mate_distance (int v)
{
  return (guint) (NIM_SCORE_MATE - ABS (v));
}

/* Whether a result, @v relative to the node (as value_to_tt() gives it)
   with @bound, found by a search @depth plies deep, may be stored as
   valid at any depth (NIM_TT_DEPTH_PROVEN); *bound may be weakened to
   what holds at any depth.
 *
 * Under score=win a win or loss is proven whatever the depth (the horizon
 * only ever yields 0), unless it is the wrong side's bound: a win that is
 * only an upper bound, a loss that is only a lower one.
 *
 * Under score=distance a value is at any depth what it says in one
 * direction only.  A win in k is a real win in at most k plies (it rests
 * on a line that reaches the end of the game), and a loss in k a real loss
 * in at most k, so a win that is exact or a lower bound is a lower bound
 * at any depth, and likewise a loss that is exact or an upper bound is an
 * upper bound.  Whether nothing is quicker depends on the depth: a search
 * d plies deep sees every line of d plies or fewer to its end, so a
 * position that ends within d plies gets its exact distance, but a value
 * from the table, searched deeper, may prove a slow win where a quicker
 * one lies beyond this horizon.  So a distance k <= d is final, as its
 * bound says, and a longer one stays a bound in its own direction. */
static inline gboolean
tt_proven (const NimSearch *s, int v, guint depth, guint *bound)
{
  if (!nim_search_is_proven (s, v))
    return FALSE;
  if (s->score == NIM_SCORE_WIN_LOSS)
    return v > 0 ? *bound != NIM_TT_UPPER : *bound != NIM_TT_LOWER;
  if (mate_distance (v) <= depth)
    return TRUE;
  if (*bound == (v > 0 ? NIM_TT_UPPER : NIM_TT_LOWER))
    return FALSE;
  *bound = v > 0 ? NIM_TT_LOWER : NIM_TT_UPPER;
  return TRUE;
}

/* Turns a remembered move into a move on this board, if it is legal. */
static inline gboolean
heap_move_find (const NimBoard *b, const NimRules *r, HeapMove hm,
                NimMove *move)
{
  guint i;

  if (hm.from == 0 || !nim_rules_allows (r, hm.count) || hm.count > hm.from)
    return FALSE;
  for (i = 0; i < b->n_heaps; i++)
    if (b->heaps[i] == hm.from)
      {
        move->heap = i;
        move->count = hm.count;
        return TRUE;
      }
  return FALSE;
}

/**
 * MovePicker:
 *
 * Yields the moves of a node in stages, on the stack: the table's move,
 * then the two killers of this ply (moves that refuted a sibling), then
 * every other move, heap by heap, the largest count first.  Taking much
 * first is what makes the ordering pay in Nim: a winning move that leaves
 * few matches is proven with a small tree.  Heaps of a billion matches
 * have a billion moves, so the moves are never all generated up front.
 */
typedef struct
{
  guint stage;
  guint n_tried;
  NimMove tried[3];
  HeapMove tt_move;
  guint heap;     /* the heap being enumerated */
  guint32 next;   /* its next count (range) or set index + 1; 0 = start */
  gboolean begun; /* whether @next is set up for @heap */
} MovePicker;

/* The next move of the last stage: heaps in order, counts descending. */
static inline gboolean
picker_next_largest (MovePicker *p, const NimBoard *b, const NimRules *r,
                     NimMove *move)
{
  while (p->heap < b->n_heaps)
    {
      guint32 h = b->heaps[p->heap];

      if (!p->begun)
        {
          p->begun = TRUE;
          if (r->kind == NIM_TAKE_RANGE)
            p->next = h < r->max_take ? h : r->max_take;
          else
            for (p->next = 0; p->next < r->n_moves && r->moves[p->next] <= h;)
              p->next++;
        }
      if (p->next > 0)
        {
          move->heap = p->heap;
          move->count
              = r->kind == NIM_TAKE_RANGE ? p->next : r->moves[p->next - 1];
          p->next--;
          return TRUE;
        }
      p->heap++;
      p->begun = FALSE;
    }
  return FALSE;
}

static inline gboolean
picker_tried (const MovePicker *p, const NimMove *move)
{
  guint i;

  for (i = 0; i < p->n_tried; i++)
    if (nim_move_equal (&p->tried[i], move))
      return TRUE;
  return FALSE;
}

/* Always inlined: with two copies of the search, the compiler would
   otherwise call it out of line, a fifth slower. */
static NIM_ALWAYS_INLINE gboolean
picker_next (Negamax *n, MovePicker *p, guint ply, NimMove *move)
{
  const NimBoard *b = &n->s.board;
  const NimRules *r = &n->s.rules;

  while (p->stage < 3)
    {
      HeapMove hm = p->stage == 0 ? p->tt_move : n->killers[ply][p->stage - 1];

      p->stage++;
      if (!heap_move_find (b, r, hm, move) || picker_tried (p, move))
        continue;
      p->tried[p->n_tried++] = *move;
      return TRUE;
    }
  while (picker_next_largest (p, b, r, move))
    if (!picker_tried (p, move))
      return TRUE;
  return FALSE;
}

static inline void
killer_store (Negamax *n, guint ply, guint32 from, guint32 count)
{
  HeapMove *k = n->killers[ply];

  if (k[0].from == from && k[0].count == count)
    return;
  k[1] = k[0];
  k[0].from = from;
  k[0].count = count;
}

/* The search comes in two copies made from negamax_node(): the plain
   one, and one that reports every node to a trace.  The root picks one,
   so a search without a trace runs the code it ran before traces existed,
   without even a branch on them. */
static int negamax (Negamax *n, guint depth, guint ply, int alpha, int beta,
                    guint64 key);
static int negamax_traced (Negamax *n, guint depth, guint ply, int alpha,
                           int beta, guint64 key);

/* Step 4 of negamax_node(): the transposition table.  A value searched
   at least as deep settles the node (TRUE, the value in *value), a bound
   may; otherwise the entry's move is the one the picker tries first.  The
   steps are functions of their own for reading; inlined, they cost
   nothing. */
static NIM_ALWAYS_INLINE gboolean
probe_table (Negamax *n, guint depth, guint ply, int alpha, int beta,
             guint64 key, MovePicker *picker, guint *flags, int *value)
{
  NimSearch *s = &n->s;
  NimTTEntry *e;

  s->tt_probes++;
  e = nim_tt_probe (s->tt, key);
  if (e == NULL)
    return FALSE;
  *value = value_from_tt (s, e->value, ply);
  s->tt_hits++;
  *flags |= NIM_TRACE_TT_HIT;
  if (e->depth >= depth
      && (e->bound == NIM_TT_EXACT
          || (e->bound == NIM_TT_LOWER && *value >= beta)
          || (e->bound == NIM_TT_UPPER && *value <= alpha)))
    {
      *flags |= e->bound == NIM_TT_EXACT   ? NIM_TRACE_TT_EXACT
                : e->bound == NIM_TT_LOWER ? NIM_TRACE_TT_LOWER
                                           : NIM_TRACE_TT_UPPER;
      return TRUE;
    }
  if (n->order)
    {
      picker->tt_move.from = e->from;
      picker->tt_move.count = e->count;
    }
  return FALSE;
}

/* Step 5: enhanced transposition cutoff.  Before searching anything, look
   up every child; one the table already knows to be lost for the opponent
   wins this node at once (TRUE, the value in *value).  Under
   score=distance the first such child need not be the quickest win, so
   its value is only a lower bound: it settles the node only at or above
   beta. */
static NIM_ALWAYS_INLINE gboolean
etc_cutoff (Negamax *n, guint ply, int beta, guint64 key, guint *flags,
            int *value)
{
  NimSearch *s = &n->s;
  NimMoveGen g = NIM_MOVEGEN_INIT;
  NimMove m;

  while (nim_movegen_next (&g, &s->board, &s->rules, &m))
    {
      guint32 h = s->board.heaps[m.heap];
      guint64 ck = nim_tt_key_after_move (key, h, m.count);
      NimTTEntry *e = nim_tt_probe (s->tt, ck);

      if (e != NULL && e->depth == NIM_TT_DEPTH_PROVEN && e->value < 0
          && e->bound != NIM_TT_LOWER)
        {
          int v = -value_from_tt (s, e->value, ply + 1);

          if (s->score == NIM_SCORE_DISTANCE && v < beta)
            continue;
          s->cutoffs++;
          *flags |= NIM_TRACE_ETC;
          nim_tt_store (s->tt, key, value_to_tt (s, v, ply),
                        NIM_TT_DEPTH_PROVEN, NIM_TT_LOWER, h, m.count);
          *value = v;
          return TRUE;
        }
    }
  return FALSE;
}

/* Step 7: remember the result @best of a node whose window was [@alpha0,
   @beta]; a proof is stored as valid at every depth, as far as it holds
   there (see tt_proven()). */
static NIM_ALWAYS_INLINE void
store_result (Negamax *n, guint depth, guint ply, int alpha0, int beta,
              guint64 key, int best, const NimMove *best_move)
{
  NimSearch *s = &n->s;
  int stored = value_to_tt (s, best, ply);
  guint bound = !n->ab || (best > alpha0 && best < beta) ? NIM_TT_EXACT
                : best >= beta                           ? NIM_TT_LOWER
                                                         : NIM_TT_UPPER;
  gboolean proven = tt_proven (s, stored, depth, &bound);

  nim_tt_store (s->tt, key, stored, proven ? NIM_TT_DEPTH_PROVEN : depth,
                bound, s->board.heaps[best_move->heap], best_move->count);
}

/* The search of one node, once it is counted (step 1 is in negamax()).
   What settled the node goes to *flags, for a trace; in the plain copy
   those stores vanish.  @traced is a constant: which copy to recurse
   into. */
static NIM_ALWAYS_INLINE int
negamax_node (Negamax *n, guint depth, guint ply, int alpha, int beta,
              guint64 key, guint *flags, const gboolean traced)
{
  NimSearch *s = &n->s;
  const int alpha0 = alpha;
  MovePicker picker = { 0 };
  NimMove move, best_move = { 0, 0 };
  int best = -NIM_SCORE_INF, known;

  /* Step 2. A player without a legal move: the game is over. */
  if (!nim_board_has_move (&s->board, &s->rules))
    return nim_search_terminal (s, ply);

  /* Step 3. The horizon: what lies beyond is unknown, or estimated by
     eval=. */
  if (depth == 0)
    return nim_search_evaluate (s);

  /* Step 4. The transposition table. */
  if (s->tt != NULL
      && probe_table (n, depth, ply, alpha, beta, key, &picker, flags, &known))
    return known;
  if (!n->order)
    picker.stage = 3;

  /* Step 5. Enhanced transposition cutoff. */
  if (n->order && s->tt != NULL && s->board.total >= ETC_MIN_MATCHES
      && s->board.total <= ETC_MAX_MATCHES
      && etc_cutoff (n, ply, beta, key, flags, &known))
    return known;

  /* Step 6. Search the moves; with alpha-beta, stop at the first that
     makes this position too good for the opponent to allow. */
  while (picker_next (n, &picker, ply, &move))
    {
      guint32 h = s->board.heaps[move.heap];
      guint64 child = nim_tt_key_after_move (key, h, move.count);
      int v;

      nim_board_make_move (&s->board, &move);
      v = traced
              ? -negamax_traced (n, depth - 1, ply + 1, -beta, -alpha, child)
              : -negamax (n, depth - 1, ply + 1, -beta, -alpha, child);
      nim_board_unmake_move (&s->board, &move);
      if (s->aborted)
        return 0;
      if (v > best)
        {
          best = v;
          best_move = move;
          if (v > alpha)
            {
              alpha = v;
              if (n->ab && alpha >= beta)
                {
                  s->cutoffs++;
                  *flags |= NIM_TRACE_CUTOFF;
                  if (n->order)
                    killer_store (n, ply, h, move.count);
                  break;
                }
            }
        }
    }

  /* Step 7. Remember the result. */
  if (s->tt != NULL)
    store_result (n, depth, ply, alpha0, beta, key, best, &best_move);
  return best;
}

static int
negamax (Negamax *n, guint depth, guint ply, int alpha, int beta, guint64 key)
{
  guint flags; /* what a trace would be told; nobody reads it here */

  /* Step 1. Count the node, or stop here when the budget is spent. */
  if (nim_search_tick (&n->s))
    return 0;
  return negamax_node (n, depth, ply, alpha, beta, key, &flags, FALSE);
}

/* The traced copy: the same search, reported as it enters and leaves a
   node. */
static int
negamax_traced (Negamax *n, guint depth, guint ply, int alpha, int beta,
                guint64 key)
{
  NimSearch *s = &n->s;
  guint flags = 0;
  int v;

  if (nim_search_tick (s))
    return 0;
  nim_observer_enter (s->trace, ply, &s->board, alpha, beta);
  v = negamax_node (n, depth, ply, alpha, beta, key, &flags, TRUE);
  nim_observer_leave (s->trace, ply, &s->board, v,
                      flags | (s->aborted ? NIM_TRACE_ABORTED : 0));
  return v;
}

static guint64
board_key (const NimBoard *b)
{
  guint64 key = 0;
  guint i;

  for (i = 0; i < b->n_heaps; i++)
    key += nim_tt_heap_key (b->heaps[i]);
  return key;
}

/* One iteration at the root, in generator order so that the first of the
   best moves is kept.  Returns the value of *best_move.  *any says whether
   a move was searched before the budget ran out; *settled whether every
   move before *best_move has a proven value, so that no earlier move can
   turn out as good in a deeper iteration (what score=win asks, see
   iteration_final()). */
static int
negamax_root (Negamax *n, guint depth, NimMove *best_move, gboolean *any,
              gboolean *settled)
{
  NimSearch *s = &n->s;
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove move;
  guint64 key = board_key (&s->board);
  int best = -NIM_SCORE_INF, alpha = -NIM_SCORE_INF;
  int beta = nim_search_win (s, 1); /* nothing beats winning at once */

  gboolean proven_so_far = TRUE;
  guint flags = 0;

  *any = FALSE;
  *settled = TRUE;
  if (nim_search_tick (s))
    return 0;
  if (s->trace != NULL)
    nim_observer_enter (s->trace, 0, &s->board, alpha, beta);
  while (nim_movegen_next (&gen, &s->board, &s->rules, &move))
    {
      guint32 h = s->board.heaps[move.heap];
      guint64 child = nim_tt_key_after_move (key, h, move.count);
      int v;

      nim_board_make_move (&s->board, &move);
      v = -(s->trace != NULL ? negamax_traced : negamax) (
          n, depth - 1, 1, n->ab ? -beta : -NIM_SCORE_INF,
          n->ab ? -alpha : NIM_SCORE_INF, child);
      nim_board_unmake_move (&s->board, &move);
      if (s->aborted)
        break;
      *any = TRUE;
      if (v > best)
        {
          best = v;
          *best_move = move;
          *settled = proven_so_far;
        }
      /* A fail-low value is a bound, but a proven loss stays proven. */
      proven_so_far = proven_so_far && nim_search_is_proven (s, v);
      if (n->ab && v > alpha)
        alpha = v;
      if (alpha >= beta)
        {
          flags |= NIM_TRACE_CUTOFF;
          break;
        }
    }
  if (s->tt != NULL && !s->aborted)
    {
      guint bound = NIM_TT_EXACT;
      gboolean proven = tt_proven (s, best, depth, &bound);

      nim_tt_store (s->tt, key, best, proven ? NIM_TT_DEPTH_PROVEN : depth,
                    bound, s->board.heaps[best_move->heap], best_move->count);
    }
  if (s->trace != NULL)
    nim_observer_leave (s->trace, 0, &s->board, best,
                        flags | (s->aborted ? NIM_TRACE_ABORTED : 0));
  return best;
}

/* Whether iterative deepening may stop after an iteration @depth plies
   deep whose root value is @v, with @settled from negamax_root().
 *
 * Under score=win any proof is final, unless a move before the one found
 * is still unknown: a deeper search may show it wins too, and the first
 * winning move is the one to play.
 *
 * Under score=distance a proof is final only when its distance is within
 * @depth.  The iteration searched every root move d - 1 plies deeper, so
 * it saw every line of d plies or fewer to its end: a move winning
 * quicker than a win in n <= d, or losing slower than a loss in n <= d,
 * would have shown its own exact distance and been chosen, and of the
 * moves as good the first in generator order was.  A longer distance
 * comes from the table, from deeper searches (of this iteration's moves
 * or of an earlier search with the same table), and is a real win or loss
 * but not necessarily the best of them: any root move, one after the
 * chosen one too, may still win quicker beyond this horizon. */
static gboolean
iteration_final (const NimSearch *s, int v, guint depth, gboolean settled)
{
  if (!nim_search_is_proven (s, v))
    return FALSE;
  if (s->score == NIM_SCORE_DISTANCE)
    return mate_distance (v) <= depth;
  return settled;
}

static void
negamax_search (NimSearchPlayer *self, const NimBoard *board,
                const NimRules *rules, NimMove *best_move,
                NimSearchStats *stats)
{
  const NimSearchConfig *c = &self->config;
  NimObserver *trace = self->parent.trace;
  Negamax *n = g_new0 (Negamax, 1);
  guint horizon = nim_search_horizon (board, rules, c->depth);
  guint depth, completed = 0;
  int value = 0;
  gboolean id = c->id;

  nim_search_init (&n->s, board, rules, c);
  n->s.tt = self->tt;
  n->ab = c->ab;
  n->order = c->order;
  n->s.trace = trace;
  nim_movegen_first (board, rules, best_move);
  if (trace != NULL)
    nim_observer_begin (trace, self->parent.spec, self->parent.number, board,
                        rules,
                        c->ab ? NIM_TRACE_ALPHA_BETA : NIM_TRACE_NEGAMAX);

  for (depth = id ? 1 : horizon; depth <= horizon; depth++)
    {
      NimMove move = *best_move;
      guint64 before = n->s.nodes;
      gboolean any, settled;
      int v;

      if (trace != NULL && id)
        nim_observer_iteration (trace, depth);
      v = negamax_root (n, depth, &move, &any, &settled);

      if (n->s.aborted)
        {
          /* A move proven to win in the unfinished iteration is still a
             proof; anything else it found is not to be trusted. */
          if (any && nim_search_is_proven (&n->s, v) && v > 0)
            {
              *best_move = move;
              value = v;
            }
          break;
        }
      *best_move = move;
      value = v;
      completed = depth;
      /* Stop at a proof that no deeper iteration can change. */
      if (iteration_final (&n->s, v, depth, settled))
        break;
      /* A Nim position has no evaluation short of the end of the game, so
         a depth-limited iteration cuts only on proven wins and grows
         almost as the full tree does.  Deepen ply by ply while that is
         cheap, then search to the end at once (with all the table and
         killers learnt so far). */
      if (n->s.nodes - before > ID_JUMP_NODES && depth + 1 < horizon)
        depth = horizon - 1;
    }
  nim_search_finish_stats (&n->s, value, completed, stats);
  if (trace != NULL)
    nim_observer_end (trace, best_move, stats->nodes, stats->proven,
                      stats->value);
  g_free (n);
}

static void
negamax_init (NimPlayer *player)
{
  NimSearchPlayer *self = (NimSearchPlayer *) player;

  self->config.time = NIM_SEARCH_DEFAULT_TIME;
  self->config.ab = TRUE;
  self->config.tt_bytes = DEFAULT_TT_BYTES;
  self->config.order = TRUE;
  self->config.id = TRUE;
}

static gboolean
negamax_start (NimPlayer *player, GError **error)
{
  NimSearchPlayer *self = (NimSearchPlayer *) player;

  /* A player reused for game after game (a comparison run) keeps its
     table and empties it, which costs nothing; see nim_tt_clear(). */
  if (self->tt != NULL)
    {
      nim_tt_clear (self->tt);
      return TRUE;
    }
  if (self->config.tt_bytes > 0)
    {
      self->tt = nim_tt_new (self->config.tt_bytes);
      if (self->tt == NULL)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                       /* TRANSLATORS: tt= is a player option, typed as
                          is. */
                       g_dngettext (GETTEXT_PACKAGE,
                                    "negamax: cannot allocate a "
                                    "transposition table of %llu byte; try "
                                    "a smaller tt=",
                                    "negamax: cannot allocate a "
                                    "transposition table of %llu bytes; try "
                                    "a smaller tt=",
                                    self->config.tt_bytes),
                       (unsigned long long) self->config.tt_bytes);
          return FALSE;
        }
    }
  return TRUE;
}

static gboolean
negamax_choose_move (NimPlayer *player, const NimBoard *board, NimMove *move,
                     GError **error)
{
  negamax_search ((NimSearchPlayer *) player, board, &player->rules, move,
                  &player->stats);
  return TRUE;
}

/* Value, principal variation and statistics: see nim_explain_search(). */
static void
negamax_explain_move (NimPlayer *player, const NimBoard *board,
                      const NimMove *move)
{
  nim_explain_search ((NimSearchPlayer *) player, negamax_search, board, move);
}

static void
negamax_finalize (NimPlayer *player)
{
  nim_tt_free (((NimSearchPlayer *) player)->tt);
}

static const char *const score_choices[] = { "win", "distance", NULL };

static const NimPlayerOption negamax_options[] = {
  NIM_SEARCH_BUDGET_OPTIONS,
  { "ab", NIM_OPTION_BOOL, G_STRUCT_OFFSET (NimSearchPlayer, config.ab), 0, 0,
    NULL, N_ ("alpha-beta pruning (default on)") },
  { "tt", NIM_OPTION_SIZE, G_STRUCT_OFFSET (NimSearchPlayer, config.tt_bytes),
    MIN_TT_BYTES, MAX_TT_BYTES, NULL,
    /* TRANSLATORS: help of a player option in --list-players; 64M and
       off are typed as is. */
    N_ ("transposition table size, such as 64M (default), or off") },
  { "order", NIM_OPTION_BOOL, G_STRUCT_OFFSET (NimSearchPlayer, config.order),
    0, 0, NULL,
    N_ ("try the table's move and killer moves first (default on)") },
  { "id", NIM_OPTION_BOOL, G_STRUCT_OFFSET (NimSearchPlayer, config.id), 0, 0,
    NULL, N_ ("iterative deepening: depth 1, 2, 3, ... (default on)") },
  { "score", NIM_OPTION_CHOICE,
    G_STRUCT_OFFSET (NimSearchPlayer, config.score), 0, 0, score_choices,
    /* TRANSLATORS: win and distance are the values of score=, typed as
       is. */
    N_ ("win: any win is as good (default); distance: win fast, lose "
        "slowly") },
  NIM_SEARCH_EVAL_OPTION,
  { NULL },
};

/* The techniques turned on one at a time, as a lecture adds them: plain
   negamax, alpha-beta, the table, move ordering, then everything. */
static const NimPlayerShowcase negamax_showcase[] = {
  { "ab=off,tt=off,order=off,id=off", "plain" },
  { "tt=off,order=off,id=off", "ab" },
  { "order=off,id=off", NULL },
  { "id=off", "ab-tt" },
  { "", "full" },
  { NULL, NULL },
};

const NimPlayerClass nim_player_negamax_class = {
  .name = "negamax",
  .summary = N_ ("negamax, one function for both sides (the next step "
                 "after minimax), with switchable alpha-beta, table, "
                 "ordering and deepening"),
  .rules_help = N_ ("every rule"),
  .instance_size = sizeof (NimSearchPlayer),
  .kind = NIM_PLAYER_SEARCHER,
  .perfect = TRUE,
  .strength = 2,
  .showcase = negamax_showcase,
  .options = negamax_options,
  .init = negamax_init,
  .start = negamax_start,
  .choose_move = negamax_choose_move,
  .finalize = negamax_finalize,
  .explain_move = negamax_explain_move,
};
