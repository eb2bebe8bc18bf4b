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
 *              (heap by heap, the largest count first, known losses
 *              last)
 *   id=on      search depth 1, 2, 3, ... so a budget always leaves a move
 *
 * The root always tries its moves in generator order and keeps the first
 * best one, which is the tie-break every computer player shares. */

#include "config.h"

#include "nim-search-player.h"

#include "nim-explain.h"
#include "nim-i18n.h"
#include "nim-movegen.h"
#include "nim-error.h"
#include "nim-tree.h"

#include <string.h>

/* The default table size: 64 MiB. */
#define DEFAULT_TT_BYTES (G_GUINT64_CONSTANT (64) << 20)
/* The smallest and largest tables accepted. */
#define MIN_TT_BYTES (G_GUINT64_CONSTANT (1) << 10)
#define MAX_TT_BYTES (G_GUINT64_CONSTANT (1) << 40)

/* Positions with fewer matches skip the enhanced transposition cutoff, as
   they are cheap to search.  In Nim a child the table knows to be lost is
   exactly the winning move, so the cutoffs are the ordering, at every ply
   (limiting them to the first plies cost far more than it saved; the
   figures are in bench/README). */
#define ETC_MIN_MATCHES 8

/* After an iteration costing more nodes than this, iterative deepening
   goes straight to the full depth.  In Nim the shallow iterations prove
   little (there is no evaluation short of the end), so they are kept
   for what a budget needs, a move and a filled table when time runs
   out, and cut short: 100 costs a few hundred nodes over a search to the
   full depth at once, 500 costs 13 % on 20,30,40,50 (bench/README). */
#define ID_JUMP_NODES 100

/* The picker puts off the moves the table proves bad (see
   picker_next_rest()) in positions of at most this many matches, which
   have at most as many moves: in larger positions it costs more nodes
   than it saves (bench/README). */
#define DEFER_MOVES 256

/* How many moves ahead of its turn the picker generates a move and
   prefetches the table's bucket for the position after it, at most.  A
   node whose moves lead mostly to positions the table settles at once
   (every move of a lost position, whose children are wins the table
   knows) costs a read from memory a child; generated ahead, the reads of
   several children overlap.  The queue grows with the moves taken from
   it: one ahead for the first move, two for the second, and so on, as a
   prefetch of a move never searched costs as much as a read (the
   processor waits for the page's address; a won node usually cuts off at
   its first move).  Prefetching changes no node count; 8 was the fastest
   queue (bench/README). */
#define LOOKAHEAD 8

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
  gboolean splits; /* a move may split a heap: moves are packed with it */
  HeapMove killers[NIM_SEARCH_MAX_PLY + 1][2];
  /* Last, so that the fields the plain copies read keep their places. */
  NimMoveOrder moves;   /* moves=, see NimMoveOrder */
  gboolean full_window; /* window=full (see NimRootWindow) */
} Negamax;

/* Each copy of the search is specialised, at compile time, for what its
   configuration fixes for the whole search: whether it reports to a
   trace, whether there is a table, the shape of the rules' moves (see
   NimMoveShape), misère play and the scoring.  The copies are one inline
   body (negamax_node()) with a constant @cfg, so every test below on a C_
   flag is folded away and a copy without a table never computes a key. */
#define C_TRACED 1u
#define C_TT 2u
#define C_RANGE 4u
#define C_MISERE 8u
#define C_DISTANCE 16u
#define C_GENERIC 32u /* NIM_MOVES_GENERIC: the moves of the family's row */
#define C_TREE                                                                \
  64u /* NIM_MOVES_TREE: a textbook tree, whose leaves have values; with      \
         C_GENERIC, whose picker takes the children in their order */
#define N_COPIES 128

typedef int (*NodeFunc) (Negamax *n, guint depth, guint ply, int alpha,
                         int beta, guint64 key);

static NIM_ALWAYS_INLINE gboolean
is_proven (const guint cfg, int v)
{
  if (cfg & C_DISTANCE)
    return ABS (v) > NIM_SCORE_MATE - NIM_SEARCH_MAX_PLY - 1;
  return v != 0;
}

/* Table values are relative to the node, so a win found at one ply is
   still right when the position recurs at another. */
static NIM_ALWAYS_INLINE int
value_to_tt (const guint cfg, int v, guint ply)
{
  if (!(cfg & C_DISTANCE) || !is_proven (cfg, v))
    return v;
  return v > 0 ? v + (int) ply : v - (int) ply;
}

static NIM_ALWAYS_INLINE int
value_from_tt (const guint cfg, int v, guint ply)
{
  if (!(cfg & C_DISTANCE) || !is_proven (cfg, v))
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

/* A slot holds 14 bits of value: a node-relative win or loss in d plies
   is kept as +-(NIM_TT_VALUE_MAX - d) (d is at most
   NIM_SEARCH_MAX_PLY + 1), anything else (-1, 0, 1: eval='s estimates
   and the unknown) as it is. */
static NIM_ALWAYS_INLINE gint32
tt_encode (const guint cfg, int v)
{
  if (!(cfg & C_DISTANCE) || !is_proven (cfg, v))
    return v;
  return v > 0 ? NIM_TT_VALUE_MAX - (gint32) mate_distance (v)
               : -(NIM_TT_VALUE_MAX - (gint32) mate_distance (v));
}

static NIM_ALWAYS_INLINE int
tt_decode (const guint cfg, gint32 t)
{
  if (!(cfg & C_DISTANCE)
      || ABS (t) < NIM_TT_VALUE_MAX - NIM_SEARCH_MAX_PLY - 1)
    return t;
  return t > 0 ? NIM_SCORE_MATE - (NIM_TT_VALUE_MAX - t)
               : -(NIM_SCORE_MATE - (NIM_TT_VALUE_MAX + t));
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
static NIM_ALWAYS_INLINE gboolean
tt_proven (const guint cfg, int v, guint depth, guint *bound)
{
  if (!is_proven (cfg, v))
    return FALSE;
  if (!(cfg & C_DISTANCE))
    return v > 0 ? *bound != NIM_TT_UPPER : *bound != NIM_TT_LOWER;
  if (mate_distance (v) <= depth)
    return TRUE;
  if (*bound == (v > 0 ? NIM_TT_UPPER : NIM_TT_LOWER))
    return FALSE;
  *bound = v > 0 ? NIM_TT_LOWER : NIM_TT_UPPER;
  return TRUE;
}

/* Whether the rules allow taking @count, inline for the copy's shape of
   moves (nim_rules_allows() asks the family's row). */
static NIM_ALWAYS_INLINE gboolean
rules_allow (const NimRules *r, guint32 count, const guint cfg)
{
  guint i;

  if (cfg & C_GENERIC)
    return nim_rules_allows (r, count);
  if (cfg & C_RANGE)
    return count >= 1 && count <= r->max_take;
  for (i = 0; i < r->n_moves; i++)
    if (r->moves[i] == count)
      return TRUE;
  return FALSE;
}

/* Whether the player to move has a move (nim_board_has_move() inline). */
static NIM_ALWAYS_INLINE gboolean
board_has_move (const NimBoard *b, const NimRules *r, const guint cfg)
{
  guint i;

  if (cfg & C_GENERIC)
    return nim_board_has_move (b, r);
  if (cfg & C_RANGE)
    return b->total > 0;
  for (i = 0; i < b->n_heaps; i++)
    if (b->heaps[i] >= r->moves[0])
      return TRUE;
  return FALSE;
}

/* The value of a position at the depth limit that the game has not ended
   in: unknown (0) without an evaluation, else eval='s estimate for the
   player to move, on the distance scale that eval= sets (see NimEval). */
static inline int
leaf_value (const Negamax *n, guint ply)
{
  return nim_search_evaluate (&n->s);
}

/* Turns a remembered move into a move on this board, if it is legal. */
static NIM_ALWAYS_INLINE gboolean
heap_move_find (const Negamax *n, const NimBoard *b, const NimRules *r,
                HeapMove hm, NimMove *move, const guint cfg)
{
  guint i;

  if (cfg & C_GENERIC)
    {
      /* The count and the split, packed (see nim_tt_move_pack()). */
      nim_tt_move_unpack (hm.count, n->splits, move);
      if (hm.from == 0
          || !nim_rules_allows_leave (r, hm.from, move->count, move->split))
        return FALSE;
      if (move->split != 0)
        move->keep = hm.from - move->count - move->split;
      for (i = 0; i < b->n_heaps; i++)
        if (b->heaps[i] == hm.from)
          {
            move->heap = i;
            return TRUE;
          }
      return FALSE;
    }
  if (hm.from == 0 || hm.count > hm.from || !rules_allow (r, hm.count, cfg))
    return FALSE;
  for (i = 0; i < b->n_heaps; i++)
    if (b->heaps[i] == hm.from)
      {
        move->heap = i;
        move->count = hm.count;
        move->split = 0;
        move->keep = 0;
        return TRUE;
      }
  return FALSE;
}

/**
 * MovePicker:
 *
 * Yields the moves of a node in stages, on the stack: the table's move,
 * then the two killers of this ply (moves that refuted a sibling), then
 * every other move (see picker_next_rest()).  Heaps of a billion matches
 * have a billion moves, so the moves are never all generated up front.
 */
typedef struct
{
  guint stage;
  guint n_tried;
  NimMove tried[3];
  HeapMove tt_move;
  guint heap;     /* the heap being enumerated */
  guint32 next;   /* range: the heap size left; set: its next index + 1 */
  gboolean begun; /* whether @next is set up (for @heap, under a set; under
                     moves=reversed, @left) */
  NimMoveGen gen; /* a take-and-break code's moves, in generator order */
  guint index;    /* the last stage's moves so far */
  gboolean again; /* the last stage's second pass, over the deferred */
  gboolean defer; /* whether to put off what the table proves bad */
  gboolean any_deferred;
  union
  {
    guint64 deferred[DEFER_MOVES / 64]; /* by index */
    /* moves=reversed, whose generic copies defer nothing: the moves not
       yet yielded (a field of its own would move the others, and the
       plain copies' code with them) */
    guint64 left;
  };
  /* With a table, the last stage's next moves, generated LOOKAHEAD ahead
     of their turn so that their buckets are prefetched (see
     picker_pop()); not zeroed. */
  guint n_ahead, head, fill_index;
  gboolean exhausted;
  NimMove ahead[LOOKAHEAD];
} MovePicker;

/* moves=reversed: the generator's order backwards, the last move first,
   by its index (nim_movegen_nth()).  The board is restored between two
   calls, so the count holds for the whole node. */
static G_GNUC_NO_INLINE gboolean
picker_next_reversed (MovePicker *p, const NimBoard *b, const NimRules *r,
                      NimMove *move)
{
  if (!p->begun)
    {
      p->begun = TRUE;
      p->left = nim_movegen_count (b, r);
    }
  if (p->left == 0)
    return FALSE;
  p->left--;
  return nim_movegen_nth (b, r, p->left, move);
}

/* The next move of the last stage, in its order: heap by heap, the
   largest count first, leaving little, which is what ends a game (fewer
   nodes and less time than the move leaving the smallest heap over all
   heaps first: bench/README).  The generic copies take the family's
   moves in the generator's order, or with moves=reversed backwards; they
   are also the copies of moves=generator under every family (see
   copy_for()), so that the copies of the shapes the hot path knows stay
   as they are. */
static NIM_ALWAYS_INLINE gboolean
picker_next_ordered (const Negamax *n, MovePicker *p, const NimBoard *b,
                     const NimRules *r, NimMove *move, const guint cfg)
{
  if (cfg & C_GENERIC)
    return G_UNLIKELY (n->moves == NIM_MOVE_ORDER_REVERSED)
               ? picker_next_reversed (p, b, r, move)
               : nim_movegen_next_generic (&p->gen, b, r, move);
  while (p->heap < b->n_heaps)
    {
      guint32 h = b->heaps[p->heap];

      if (!p->begun)
        {
          p->begun = TRUE;
          if (cfg & C_RANGE)
            p->next = h < r->max_take ? h : r->max_take;
          else
            for (p->next = 0; p->next < r->n_moves && r->moves[p->next] <= h;)
              p->next++;
        }
      if (p->next > 0)
        {
          move->heap = p->heap;
          move->count = (cfg & C_RANGE) ? p->next : r->moves[p->next - 1];
          move->split = 0;
          move->keep = 0;
          p->next--;
          return TRUE;
        }
      p->heap++;
      p->begun = FALSE;
    }
  return FALSE;
}

/* Empties the queue of moves generated ahead (see picker_pop()), for the
   last stage's first pass or its second. */
static NIM_ALWAYS_INLINE void
picker_queue_reset (MovePicker *p)
{
  p->n_ahead = 0;
  p->head = 0;
  p->fill_index = 0;
  p->exhausted = FALSE;
}

/* Sets up a picker at its first stage.  Field by field: the queue and the
   tried moves need no zeroing, and a node that is settled at once should
   not pay for it. */
static NIM_ALWAYS_INLINE void
picker_init (MovePicker *p)
{
  const NimMoveGen gen = NIM_MOVEGEN_INIT;

  p->stage = 0;
  p->n_tried = 0;
  p->tt_move.from = 0;
  p->tt_move.count = 0;
  p->heap = 0;
  p->next = 0;
  p->begun = FALSE;
  p->gen = gen;
  p->index = 0;
  p->again = FALSE;
  p->defer = FALSE;
  p->any_deferred = FALSE;
  memset (p->deferred, 0, sizeof p->deferred);
  picker_queue_reset (p);
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

static NIM_ALWAYS_INLINE void
tt_store (NimTT *tt, guint64 key, int v, guint depth, guint bound,
          guint32 from, guint32 count, const guint cfg)
{
  nim_tt_store (tt, key, tt_encode (cfg, v), depth, bound, from, count);
}

/* Asks the index of proven losses which moves of the position on the
   board (at @ply, key @key) leave a proven loss: for each heap, with the
   rest of the position, which sizes that heap could be left at to make
   a proven loss (see nim_tt_losses_beside()): n look-ups for a node of n
   heaps, whatever its number of children, counted in *probes.  Of the
   moves it knows, the first in the picker's order is kept (see
   picker_next_ordered()): the first heap, the largest count; its heap
   in *heap, the size it leaves in *left, the node's value in *value.
   Under score=distance the child's distance is read from the table, and
   a win found this way need not be the quickest: only one worth @beta
   or more is kept. */
static NIM_ALWAYS_INLINE gboolean
find_known_loss (Negamax *n, guint ply, int beta, guint64 key, guint *heap,
                 guint32 *left, int *value, guint *probes, const guint cfg)
{
  NimSearch *s = &n->s;
  const NimBoard *b = &s->board;
  guint i, j;
  guint32 best_left = G_MAXUINT32;

  *value = 0;
  /* Every heap's line first, then the look-ups, so that their misses in
     the cache overlap instead of following one another. */
  for (i = 0; i < b->n_heaps; i++)
    nim_tt_prefetch_loss (s->tt, key - nim_tt_heap_key (b->heaps[i]));
  for (i = 0; i < b->n_heaps; i++)
    {
      guint32 h = b->heaps[i], sizes[NIM_TT_LOSS_WAYS];
      guint64 rest = key - nim_tt_heap_key (h);
      guint k;

      /* An empty heap has no move; an equal heap before it asked the
         same question. */
      if (h == 0 || !nim_tt_first_of_size (b->heaps, i))
        continue;
      (*probes)++;
      k = nim_tt_losses_beside (s->tt, rest, sizes);
      for (j = 0; j < k; j++)
        {
          guint32 l = sizes[j];
          int v = 1; /* under score=win a loss is -1 wherever it is */

          if (l >= h || l >= best_left || !rules_allow (&s->rules, h - l, cfg))
            continue;
          if (cfg & C_DISTANCE)
            {
              NimTTHit e;

              (*probes)++;
              if (!nim_tt_probe (s->tt, rest + nim_tt_heap_key (l), &e)
                  || e.depth != NIM_TT_DEPTH_PROVEN || e.value >= 0
                  || e.bound == NIM_TT_LOWER)
                continue;
              v = -value_from_tt (cfg, tt_decode (cfg, e.value), ply + 1);
              if (v < beta)
                continue;
            }
          best_left = l;
          *heap = i;
          *value = v;
        }
      if (best_left != G_MAXUINT32)
        break;
    }
  *left = best_left;
  return best_left != G_MAXUINT32;
}

/* Stores what find_known_loss() found: the position on the board (key
   @key, at @ply) is won, by taking @heap down to @left. */
static NIM_ALWAYS_INLINE void
store_known_win (Negamax *n, guint ply, guint64 key, guint heap, guint32 left,
                 int v, const guint cfg)
{
  const NimBoard *b = &n->s.board;

  tt_store (n->s.tt, key, value_to_tt (cfg, v, ply), NIM_TT_DEPTH_PROVEN,
            NIM_TT_LOWER, b->heaps[heap], b->heaps[heap] - left, cfg);
}

/* Whether the table proves the position after @move (at @ply + 1) a win
   for the player who would move there, that is a losing move here: the
   table holds that win, or the index of proven losses knows a move from
   there to a proven loss, which the enhanced transposition cutoff would
   find on entering it (asked only where it would ask, see
   ETC_MIN_MATCHES).  What the index proves is stored in the table, as
   the cutoff would store it, so that entering the child (every child of
   a lost position is entered) settles it at the table.  Asking the
   index too puts off 45 % more of the moves a won position would
   search in vain (bench/README).  The look-ups count as the enhanced
   transposition cutoff's do (see etc_cutoff()). */
static NIM_ALWAYS_INLINE gboolean
move_known_bad (Negamax *n, guint ply, guint64 key, const NimMove *move,
                const guint cfg)
{
  NimSearch *s = &n->s;
  NimBoard *b = &s->board;
  NimTTHit e;
  guint64 child
      = nim_tt_key_after_move (key, b->heaps[move->heap], move->count);
  guint probes = 1, heap = 0;
  guint32 left;
  int v;
  gboolean bad;

  bad = nim_tt_probe (s->tt, child, &e) && e.depth == NIM_TT_DEPTH_PROVEN
        && e.value > 0 && e.bound != NIM_TT_UPPER;
  if (!bad && b->total - move->count >= ETC_MIN_MATCHES)
    {
      nim_board_make_move (b, move);
      bad = find_known_loss (n, ply + 1, -NIM_SCORE_INF, child, &heap, &left,
                             &v, &probes, cfg);
      if (bad)
        store_known_win (n, ply + 1, child, heap, left, v, cfg);
      nim_board_unmake_move (b, move);
    }
  s->tt_probes += probes;
  nim_search_add_work (s, probes);
  return bad;
}

/* Prefetches the lines of the index of proven losses that
   find_known_loss() reads for the position after @move, whose key is
   @child: a lost position asks about every child before searching any
   (see picker_next_rest()), and the lines then arrive together. */
static NIM_ALWAYS_INLINE void
prefetch_losses_after (Negamax *n, guint64 child, const NimMove *move)
{
  const NimBoard *b = &n->s.board;
  guint i;

  for (i = 0; i < b->n_heaps; i++)
    {
      guint32 h = b->heaps[i] - (i == move->heap ? move->count : 0);

      nim_tt_prefetch_loss (n->s.tt, child - nim_tt_heap_key (h));
    }
}

/* The next move of the last stage, in the order of picker_next_ordered().
   With a table, from a queue filled ahead (see LOOKAHEAD), each move's
   child bucket prefetched as it joins the queue (in the second pass only
   the deferred moves', the others being searched already). */
static NIM_ALWAYS_INLINE gboolean
picker_pop (Negamax *n, MovePicker *p, guint64 key, NimMove *move,
            const guint cfg)
{
  const NimBoard *b = &n->s.board;
  const NimRules *r = &n->s.rules;

  if (!(cfg & C_TT))
    return picker_next_ordered (n, p, b, r, move, cfg);
  while (!p->exhausted
         && p->n_ahead < MIN (LOOKAHEAD, p->fill_index - p->n_ahead + 1))
    {
      NimMove *m = &p->ahead[(p->head + p->n_ahead) % LOOKAHEAD];
      guint i;

      if (!picker_next_ordered (n, p, b, r, m, cfg))
        {
          p->exhausted = TRUE;
          break;
        }
      i = p->fill_index++;
      p->n_ahead++;
      if (p->again
          && (i >= DEFER_MOVES
              || !(p->deferred[i / 64]
                   & (G_GUINT64_CONSTANT (1) << (i % 64)))))
        continue;
      if (cfg & C_GENERIC)
        nim_tt_prefetch (n->s.tt,
                         nim_tt_key_after_split (key, b->heaps[m->heap], m));
      else
        {
          guint64 child
              = nim_tt_key_after_move (key, b->heaps[m->heap], m->count);

          nim_tt_prefetch (n->s.tt, child);
          /* The lines move_known_bad() may ask about the child. */
          if (p->defer && !p->again)
            prefetch_losses_after (n, child, m);
        }
    }
  if (p->n_ahead == 0)
    return FALSE;
  *move = p->ahead[p->head];
  p->head = (p->head + 1) % LOOKAHEAD;
  p->n_ahead--;
  return TRUE;
}

/* The last stage: every move not tried yet, in the order of
   picker_next_ordered().  With order=on and a table, a move the table
   proves to lose (see move_known_bad()) is put off to a second pass: in a won
   position it never needs searching, and the moves the table does not know are
   the only ones that can win.  In a lost position every move is still
   searched, the known ones last, each settled by the table when entered.  Only
   positions of at most DEFER_MOVES matches do it, which keeps the picker's
   bitmap small and pays (see DEFER_MOVES; the figures are in
   bench/README).  A move the table proves to win is the enhanced
   transposition cutoff's (etc_cutoff()). */
static NIM_ALWAYS_INLINE gboolean
picker_next_rest (Negamax *n, MovePicker *p, guint ply, guint64 key,
                  NimMove *move, const guint cfg)
{
  if (!p->again)
    {
      while (picker_pop (n, p, key, move, cfg))
        {
          guint i = p->index++;

          if (p->n_tried > 0 && picker_tried (p, move))
            continue;
          if ((cfg & C_TT) && p->defer && i < DEFER_MOVES
              && move_known_bad (n, ply, key, move, cfg))
            {
              p->deferred[i / 64] |= G_GUINT64_CONSTANT (1) << (i % 64);
              p->any_deferred = TRUE;
              continue;
            }
          return TRUE;
        }
      if (!p->any_deferred)
        return FALSE;
      p->again = TRUE;
      p->heap = 0;
      p->begun = FALSE;
      p->index = 0;
      picker_queue_reset (p);
    }
  while (picker_pop (n, p, key, move, cfg))
    {
      guint i = p->index++;

      if (i >= DEFER_MOVES)
        return FALSE;
      if (p->deferred[i / 64] & (G_GUINT64_CONSTANT (1) << (i % 64)))
        return TRUE;
    }
  return FALSE;
}

static NIM_ALWAYS_INLINE gboolean
picker_next (Negamax *n, MovePicker *p, guint ply, guint64 key, NimMove *move,
             const guint cfg)
{
  const NimBoard *b = &n->s.board;
  const NimRules *r = &n->s.rules;

  while (p->stage < 3)
    {
      HeapMove hm = p->stage == 0 ? p->tt_move : n->killers[ply][p->stage - 1];

      p->stage++;
      if (!heap_move_find (n, b, r, hm, move, cfg) || picker_tried (p, move))
        continue;
      /* A killer the table proves bad here is put off with the rest (see
         picker_next_rest()): a refutation of a sibling need not be one
         here. */
      if ((cfg & C_TT) && p->defer && move_known_bad (n, ply, key, move, cfg))
        continue;
      p->tried[p->n_tried++] = *move;
      return TRUE;
    }
  return picker_next_rest (n, p, ply, key, move, cfg);
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

/* -------------------------------------------------------------------------
   What the traced copies tell the observer about the techniques; the
   plain copies never call these. */

/* A table entry as the observer reads it: @value is already the node's,
   @from and @count the entry's move, made a move on this board if it
   is one. */
static void
trace_entry (Negamax *n, int value, guint depth, guint bound, guint32 from,
             guint32 count, NimTraceEntry *entry, const guint cfg)
{
  const HeapMove hm = { from, count };

  entry->found = TRUE;
  entry->losses = FALSE;
  entry->value = value;
  entry->bound = bound == NIM_TT_LOWER   ? NIM_TRACE_BOUND_LOWER
                 : bound == NIM_TT_UPPER ? NIM_TRACE_BOUND_UPPER
                                         : NIM_TRACE_BOUND_EXACT;
  entry->depth = depth == NIM_TT_DEPTH_PROVEN ? NIM_TRACE_DEPTH_PROVEN : depth;
  entry->has_move
      = heap_move_find (n, &n->s.board, &n->s.rules, hm, &entry->move, cfg);
}

/* Why the picker yields @move now: a move it tried in its first stages
   is the table's or a killer, the rest come in its order, the deferred
   ones last. */
static NimTraceTry
trace_why (Negamax *n, const MovePicker *p, const NimMove *move,
           const guint cfg)
{
  NimMove tt;

  if (picker_tried (p, move))
    return heap_move_find (n, &n->s.board, &n->s.rules, p->tt_move, &tt, cfg)
                   && nim_move_equal (&tt, move)
               ? NIM_TRACE_TRY_TABLE
               : NIM_TRACE_TRY_KILLER;
  if (p->again)
    return NIM_TRACE_TRY_DEFERRED;
  if ((cfg & C_GENERIC) && n->moves == NIM_MOVE_ORDER_REVERSED)
    return NIM_TRACE_TRY_REVERSED;
  return (cfg & C_GENERIC) ? NIM_TRACE_TRY_GENERATOR : NIM_TRACE_TRY_ORDERED;
}

/* Step 4 of negamax_node(): the transposition table.  A value searched
   at least as deep settles the node (TRUE, the value in *value), a bound
   may; otherwise the entry's move is the one the picker tries first.  The
   steps are functions of their own for reading; inlined, they cost
   nothing. */
static NIM_ALWAYS_INLINE gboolean
probe_table (Negamax *n, guint depth, guint ply, int alpha, int beta,
             guint64 key, MovePicker *picker, guint *flags, int *value,
             const guint cfg)
{
  NimSearch *s = &n->s;
  NimTTHit e;

  s->tt_probes++;
  if (!nim_tt_probe (s->tt, key, &e))
    {
      if (cfg & C_TRACED)
        {
          const NimTraceEntry none = { FALSE };

          nim_observer_probe (s->trace, ply, &none);
        }
      return FALSE;
    }
  *value = value_from_tt (cfg, tt_decode (cfg, e.value), ply);
  s->tt_hits++;
  *flags |= NIM_TRACE_TT_HIT;
  if (cfg & C_TRACED)
    {
      NimTraceEntry t;

      trace_entry (n, *value, e.depth, e.bound, e.from, e.count, &t, cfg);
      nim_observer_probe (s->trace, ply, &t);
    }
  if (e.depth >= depth
      && (e.bound == NIM_TT_EXACT
          || (e.bound == NIM_TT_LOWER && *value >= beta)
          || (e.bound == NIM_TT_UPPER && *value <= alpha)))
    {
      *flags |= e.bound == NIM_TT_EXACT   ? NIM_TRACE_TT_EXACT
                : e.bound == NIM_TT_LOWER ? NIM_TRACE_TT_LOWER
                                          : NIM_TRACE_TT_UPPER;
      return TRUE;
    }
  if (n->order)
    {
      picker->tt_move.from = e.from;
      picker->tt_move.count = e.count;
    }
  return FALSE;
}

/* Step 5: enhanced transposition cutoff.  Before searching anything, ask
   whether a child is already proven lost for the opponent: then this node
   wins at once (TRUE, the value in *value).  The table's index of proven
   losses answers (see find_known_loss()).  Each look-up counts towards
   the budget (see nim_search_add_work()). */
static NIM_ALWAYS_INLINE gboolean
etc_cutoff (Negamax *n, guint ply, int beta, guint64 key, guint *flags,
            int *value, const guint cfg)
{
  NimSearch *s = &n->s;
  guint heap = 0, probes = 0;
  guint32 left;
  gboolean found
      = find_known_loss (n, ply, beta, key, &heap, &left, value, &probes, cfg);

  s->tt_probes += probes;
  nim_search_add_work (s, probes);
  if (!found)
    return FALSE;
  s->cutoffs++;
  *flags |= NIM_TRACE_ETC;
  if (cfg & C_TRACED)
    {
      NimTraceEntry t;
      const guint32 h = s->board.heaps[heap];

      trace_entry (n, *value, NIM_TT_DEPTH_PROVEN, NIM_TT_LOWER, h, h - left,
                   &t, cfg);
      t.losses = TRUE;
      nim_observer_probe (s->trace, ply, &t);
    }
  store_known_win (n, ply, key, heap, left, *value, cfg);
  return TRUE;
}

/* A proven loss (@stored, as the table keeps it, with its @bound) goes
   into the index the enhanced transposition cutoff asks (see
   etc_cutoff()); under a take-and-break code (@code) no node asks. */
static NIM_ALWAYS_INLINE void
index_if_lost (NimSearch *s, guint64 key, gint32 stored, gboolean proven,
               guint bound, gboolean code)
{
  if (proven && stored < 0 && bound != NIM_TT_LOWER && !code)
    nim_tt_store_loss (s->tt, key, s->board.heaps, s->board.n_heaps);
}

/* Step 7: remember the result @best of a node whose window was [@alpha0,
   @beta]; a proof is stored as valid at every depth, as far as it holds
   there (see tt_proven()). */
static NIM_ALWAYS_INLINE void
store_result (Negamax *n, guint depth, guint ply, int alpha0, int beta,
              guint64 key, int best, const NimMove *best_move, const guint cfg)
{
  NimSearch *s = &n->s;
  int stored = value_to_tt (cfg, best, ply);
  guint bound = !n->ab || (best > alpha0 && best < beta) ? NIM_TT_EXACT
                : best >= beta                           ? NIM_TT_LOWER
                                                         : NIM_TT_UPPER;
  gboolean proven = tt_proven (cfg, stored, depth, &bound);

  tt_store (s->tt, key, stored, proven ? NIM_TT_DEPTH_PROVEN : depth, bound,
            s->board.heaps[best_move->heap], nim_tt_move_pack (best_move),
            cfg);
  index_if_lost (s, key, stored, proven, bound, cfg & C_GENERIC);
  if (cfg & C_TRACED)
    {
      NimTraceEntry t;

      trace_entry (n, best, proven ? NIM_TT_DEPTH_PROVEN : depth, bound,
                   s->board.heaps[best_move->heap],
                   nim_tt_move_pack (best_move), &t, cfg);
      nim_observer_store (s->trace, ply, &t);
    }
}

/* The search of one node, once it is counted (step 1 is in
   negamax_enter()).  What settled the node goes to *flags, for a trace;
   in the plain copies those stores vanish.  @self is the copy itself, to
   recurse into. */
static NIM_ALWAYS_INLINE int
negamax_node (Negamax *n, guint depth, guint ply, int alpha, int beta,
              guint64 key, guint *flags, const guint cfg, NodeFunc self)
{
  NimSearch *s = &n->s;
  const int alpha0 = alpha;
  MovePicker picker;
  NimMove move, best_move = { 0, 0 };
  int best = -NIM_SCORE_INF, known;

  picker_init (&picker);

  /* Step 2. A player without a legal move: the game is over; under
     misère play that is a win.  A textbook tree's leaf has its value. */
  if (cfg & C_TREE)
    {
      const guint32 node = nim_tree_node (s->rules.tree, &s->board);

      if (s->rules.tree->n_children[node] == 0)
        return nim_tree_value_to_move (s->rules.tree, node);
    }
  else if (!board_has_move (&s->board, &s->rules, cfg))
    {
      int win = (cfg & C_DISTANCE) ? NIM_SCORE_MATE - (int) ply : 1;
      return (cfg & C_MISERE) ? win : -win;
    }

  /* Step 3. The horizon: what lies beyond is unknown, or estimated by
     eval=. */
  if (depth == 0)
    return leaf_value (n, ply);

  /* Step 4. The transposition table. */
  if ((cfg & C_TT)
      && probe_table (n, depth, ply, alpha, beta, key, &picker, flags, &known,
                      cfg))
    return known;
  if (!n->order)
    picker.stage = 3;
  /* Not under a code: a split's child key is not the one
     move_known_bad() computes, and the generator cannot start again. */
  picker.defer = (cfg & C_TT) && n->order && !(cfg & C_GENERIC)
                 && s->board.total <= DEFER_MOVES;

  /* Step 5. Enhanced transposition cutoff, where it pays (see
     ETC_MIN_MATCHES). */
  if ((cfg & C_TT) && !(cfg & C_GENERIC) && n->order
      && s->board.total >= ETC_MIN_MATCHES
      && etc_cutoff (n, ply, beta, key, flags, &known, cfg))
    return known;

  /* Step 6. Search the moves; with alpha-beta, stop at the first that
     makes this position too good for the opponent to allow. */
  while (picker_next (n, &picker, ply, key, &move, cfg))
    {
      guint32 h = s->board.heaps[move.heap];
      guint64 child = 0;
      int v;

      if (cfg & C_TRACED)
        nim_observer_try (s->trace, ply, &move,
                          trace_why (n, &picker, &move, cfg));
      if (cfg & C_TT)
        {
          child = (cfg & C_GENERIC)
                      ? nim_tt_key_after_split (key, h, &move)
                      : nim_tt_key_after_move (key, h, move.count);
          nim_tt_prefetch (s->tt, child);
        }
      nim_board_make_move (&s->board, &move);
      v = -self (n, depth - 1, ply + 1, -beta, -alpha, child);
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
                    killer_store (n, ply, h, nim_tt_move_pack (&move));
                  break;
                }
            }
        }
    }

  /* Step 7. Remember the result. */
  if (cfg & C_TT)
    store_result (n, depth, ply, alpha0, beta, key, best, &best_move, cfg);
  return best;
}

/* Step 1: count the node, or stop here when the budget is spent; the
   traced copies report the node as they enter and leave it. */
static NIM_ALWAYS_INLINE int
negamax_enter (Negamax *n, guint depth, guint ply, int alpha, int beta,
               guint64 key, const guint cfg, NodeFunc self)
{
  NimSearch *s = &n->s;
  guint flags = 0;
  int v;

  if (nim_search_tick (s))
    return 0;
  if (!(cfg & C_TRACED))
    return negamax_node (n, depth, ply, alpha, beta, key, &flags, cfg, self);
  nim_observer_enter (s->trace, ply, &s->board, alpha, beta);
  v = negamax_node (n, depth, ply, alpha, beta, key, &flags, cfg, self);
  nim_observer_leave (s->trace, ply, &s->board, v,
                      flags | (s->aborted ? NIM_TRACE_ABORTED : 0));
  return v;
}

#define NEGAMAX_COPY(cfg)                                                     \
  static NIM_NOINLINE int negamax_##cfg (Negamax *n, guint depth, guint ply,  \
                                         int alpha, int beta, guint64 key)    \
  {                                                                           \
    return negamax_enter (n, depth, ply, alpha, beta, key, cfg,               \
                          negamax_##cfg);                                     \
  }

/* clang-format off */
NEGAMAX_COPY (0) NEGAMAX_COPY (1) NEGAMAX_COPY (2) NEGAMAX_COPY (3)
NEGAMAX_COPY (4) NEGAMAX_COPY (5) NEGAMAX_COPY (6) NEGAMAX_COPY (7)
NEGAMAX_COPY (8) NEGAMAX_COPY (9) NEGAMAX_COPY (10) NEGAMAX_COPY (11)
NEGAMAX_COPY (12) NEGAMAX_COPY (13) NEGAMAX_COPY (14) NEGAMAX_COPY (15)
NEGAMAX_COPY (16) NEGAMAX_COPY (17) NEGAMAX_COPY (18) NEGAMAX_COPY (19)
NEGAMAX_COPY (20) NEGAMAX_COPY (21) NEGAMAX_COPY (22) NEGAMAX_COPY (23)
NEGAMAX_COPY (24) NEGAMAX_COPY (25) NEGAMAX_COPY (26) NEGAMAX_COPY (27)
NEGAMAX_COPY (28) NEGAMAX_COPY (29) NEGAMAX_COPY (30) NEGAMAX_COPY (31)
NEGAMAX_COPY (32) NEGAMAX_COPY (33) NEGAMAX_COPY (34) NEGAMAX_COPY (35)
NEGAMAX_COPY (40) NEGAMAX_COPY (41) NEGAMAX_COPY (42) NEGAMAX_COPY (43)
NEGAMAX_COPY (48) NEGAMAX_COPY (49) NEGAMAX_COPY (50) NEGAMAX_COPY (51)
NEGAMAX_COPY (56) NEGAMAX_COPY (57) NEGAMAX_COPY (58) NEGAMAX_COPY (59)
NEGAMAX_COPY (96) NEGAMAX_COPY (97)

static const NodeFunc copies[N_COPIES] = {
  negamax_0, negamax_1, negamax_2, negamax_3, negamax_4, negamax_5,
  negamax_6, negamax_7, negamax_8, negamax_9, negamax_10, negamax_11,
  negamax_12, negamax_13, negamax_14, negamax_15, negamax_16, negamax_17,
  negamax_18, negamax_19, negamax_20, negamax_21, negamax_22, negamax_23,
  negamax_24, negamax_25, negamax_26, negamax_27, negamax_28, negamax_29,
  negamax_30, negamax_31,
  /* The generic shape's: C_GENERIC, never with C_RANGE. */
  [32] = negamax_32, [33] = negamax_33, [34] = negamax_34, [35] = negamax_35,
  [40] = negamax_40, [41] = negamax_41, [42] = negamax_42, [43] = negamax_43,
  [48] = negamax_48, [49] = negamax_49, [50] = negamax_50, [51] = negamax_51,
  [56] = negamax_56, [57] = negamax_57, [58] = negamax_58, [59] = negamax_59,
  /* A textbook tree's: C_TREE and C_GENERIC, plain and traced. */
  [96] = negamax_96, [97] = negamax_97,
};
/* clang-format on */

/* The copy of the search for @n's configuration.  moves=generator and
   moves=reversed take the generic copies, which walk the family's row in
   the generator's order (or backwards), whatever the shape of its moves:
   they serve a lecture or a grader, which count nodes, not seconds. */
static guint
copy_for (const Negamax *n)
{
  const NimSearch *s = &n->s;
  guint cfg = (s->trace != NULL ? C_TRACED : 0) | (s->tt != NULL ? C_TT : 0)
              | (s->rules.misere ? C_MISERE : 0)
              | (s->score == NIM_SCORE_DISTANCE ? C_DISTANCE : 0);

  /* A tree has no table, and no distance to its leaves. */
  if (nim_rules_is_tree (&s->rules))
    return (cfg & C_TRACED) | C_TREE | C_GENERIC;
  if (n->moves != NIM_MOVE_ORDER_LARGEST)
    return cfg | C_GENERIC;
  switch (s->rules.family->shape)
    {
    case NIM_MOVES_RANGE:
      return cfg | C_RANGE;
    case NIM_MOVES_SET:
      return cfg;
    case NIM_MOVES_GENERIC:
    case NIM_MOVES_TREE:
      return cfg | C_GENERIC;
    }
  g_assert_not_reached ();
  return cfg;
}

/* The root's next move: the generator's order, or under moves=reversed
   its reverse (*left counts the moves not yet tried). */
static gboolean
root_next (const Negamax *n, NimMoveGen *gen, guint64 *left, NimMove *move)
{
  const NimSearch *s = &n->s;

  if (n->moves != NIM_MOVE_ORDER_REVERSED)
    return nim_movegen_next (gen, &s->board, &s->rules, move);
  if (*left == 0)
    return FALSE;
  (*left)--;
  return nim_movegen_nth (&s->board, &s->rules, *left, move);
}

/* One iteration at the root, in generator order so that the first of the
   best moves is kept (under moves=reversed in its reverse).  Returns the value
   of *best_move.  *any says whether a move was searched before the budget ran
   out; *settled whether every move before *best_move has a proven value, so
   that no earlier move can turn out as good in a deeper iteration (what
   score=win asks, see iteration_final()). */
static int
negamax_root (Negamax *n, guint depth, NimMove *best_move, gboolean *any,
              gboolean *settled)
{
  NimSearch *s = &n->s;
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove move;
  const guint cfg = copy_for (n);
  NodeFunc search = copies[cfg];
  guint64 key = s->tt != NULL ? nim_tt_board_key (&s->board) : 0;
  guint64 left = n->moves == NIM_MOVE_ORDER_REVERSED
                     ? nim_movegen_count (&s->board, &s->rules)
                     : 0;
  /* Nothing beats winning at once, and nothing is worse than losing at
     once: with alpha at -infinity the first move's reply could never cut
     off at a win (it would search every move of a won position, and
     their replies theirs down the first line), 14 % of the nodes on
     10,20,30,40,50 and 80 % with id=off.  window=full opens it as the
     textbook does. */
  const gboolean full = n->full_window;
  int best = -NIM_SCORE_INF;
  int alpha = full ? -NIM_SCORE_INF : -nim_search_win (s, 1);
  int beta = full ? NIM_SCORE_INF : nim_search_win (s, 1);

  gboolean proven_so_far = TRUE;
  guint flags = 0;

  *any = FALSE;
  *settled = TRUE;
  if (nim_search_tick (s))
    return 0;
  if (s->trace != NULL)
    nim_observer_enter (s->trace, 0, &s->board, alpha, beta);
  while (root_next (n, &gen, &left, &move))
    {
      guint32 h = s->board.heaps[move.heap];
      guint64 child
          = s->tt != NULL ? nim_tt_key_after_split (key, h, &move) : 0;
      int v;

      if (s->trace != NULL)
        nim_observer_try (s->trace, 0, &move,
                          n->moves == NIM_MOVE_ORDER_REVERSED
                              ? NIM_TRACE_TRY_REVERSED
                              : NIM_TRACE_TRY_GENERATOR);
      nim_board_make_move (&s->board, &move);
      v = -search (n, depth - 1, 1, n->ab ? -beta : -NIM_SCORE_INF,
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
      gboolean proven = (s->score == NIM_SCORE_DISTANCE
                             ? tt_proven (C_DISTANCE, best, depth, &bound)
                             : tt_proven (0, best, depth, &bound));
      gint32 t = s->score == NIM_SCORE_DISTANCE ? tt_encode (C_DISTANCE, best)
                                                : best;

      nim_tt_store (s->tt, key, t, proven ? NIM_TT_DEPTH_PROVEN : depth, bound,
                    s->board.heaps[best_move->heap],
                    nim_tt_move_pack (best_move));
      index_if_lost (s, key, t, proven, bound, cfg & C_GENERIC);
      if (s->trace != NULL)
        {
          NimTraceEntry e;

          trace_entry (n, best, proven ? NIM_TT_DEPTH_PROVEN : depth, bound,
                       s->board.heaps[best_move->heap],
                       nim_tt_move_pack (best_move), &e, cfg);
          nim_observer_store (s->trace, 0, &e);
        }
    }
  if (s->trace != NULL)
    nim_observer_leave (s->trace, 0, &s->board, best,
                        flags | (s->aborted ? NIM_TRACE_ABORTED : 0));
  return best;
}

/* The most root moves table_knows_win() looks up: a heap of a billion
   matches has a billion moves. */
#define KNOWN_WIN_MAX_MOVES 65536
/* The share of a timed search's time kept back for table_knows_win(): a
   sixteenth (see nim_search_keep_back()). */
#define KNOWN_WIN_SHARE 16
/* Look-ups between two looks at the clock in table_knows_win(): each may
   fault in a page of a fresh table, a microsecond or two. */
#define KNOWN_WIN_CLOCK 64

/* Whether the table holds a root move to a position proven lost for the
   player who would move there: then *move is the first such move (under
   score=distance one is played all the same, though its distance is not
   known to be the shortest).  Looks at the table only; searches
   nothing.  It runs after the search, in the time the search kept back
   for it, and stops at @deadline (0: none): the children's buckets lie
   anywhere in the table, and in a table the game has barely used each
   look-up is a page fault (65,536 of them took 55 ms after a search of
   50 ms). */
static gboolean
table_knows_win (Negamax *n, NimMove *move, gint64 deadline)
{
  NimSearch *s = &n->s;
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  guint64 key = nim_tt_board_key (&s->board);
  NimMove m;
  guint tried = 0;

  while (tried++ < KNOWN_WIN_MAX_MOVES
         && nim_movegen_next (&gen, &s->board, &s->rules, &m))
    {
      guint64 child = nim_tt_key_after_split (key, s->board.heaps[m.heap], &m);
      NimTTHit e;

      if (deadline != 0 && tried % KNOWN_WIN_CLOCK == 0
          && g_get_monotonic_time () >= deadline)
        return FALSE;
      if (nim_tt_probe (s->tt, child, &e) && e.depth == NIM_TT_DEPTH_PROVEN
          && e.value < 0 && e.bound != NIM_TT_LOWER)
        {
          *move = m;
          return TRUE;
        }
    }
  return FALSE;
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
  /* Not zeroed whole: the killers of 4,097 plies are 64 KiB, and a
     search uses those of its horizon only (nodes have plies 0 to it). */
  Negamax *n = g_new (Negamax, 1);
  guint horizon = nim_search_horizon (board, rules, c->depth);
  guint depth, completed = 0;
  int value = 0;
  gint64 deadline;
  /* A textbook tree is searched as the textbook does (see
     negamax_start()): its children in their order, from the window
     (-infinity, +infinity), once. */
  const gboolean tree = nim_rules_is_tree (rules);
  gboolean id = c->id && !tree;

  memset (n->killers, 0, (horizon + 1) * sizeof n->killers[0]);
  nim_search_init (&n->s, board, rules, c);
  deadline = tree || self->tt == NULL
                 ? n->s.deadline
                 : nim_search_keep_back (&n->s, KNOWN_WIN_SHARE);
  nim_search_use_table (&n->s, tree ? NULL : self->tt);
  n->ab = c->ab;
  n->order = c->order && !tree;
  n->moves = c->moves;
  n->full_window = c->window == NIM_ROOT_WINDOW_FULL || tree;
  n->splits = nim_rules_splits (rules);
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
  /* A search cut short by its budget has not proven the root, but the
     table may know more than this search saw: a child proven lost for
     the opponent, by this search's deeper nodes or by the searches of
     earlier moves (the table is kept for the whole game).  Playing it
     keeps the won position, which the move of an unfinished iteration
     might give away. */
  if (n->s.aborted && n->s.tt != NULL && !nim_search_is_proven (&n->s, value)
      && table_knows_win (n, best_move, deadline)
      && n->s.score == NIM_SCORE_WIN_LOSS)
    value = 1;
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

/* On a game tree negamax is the textbook's (alpha-beta or not): no
   table, no killers, no deepening, the children in their order (or
   backwards, moves=reversed) and the root's window (-infinity,
   +infinity), whatever its defaults; an option given that asks for more
   is refused, and so are a depth limit and an evaluation, which would
   stop it where no value is known. */
static gboolean
check_tree_options (NimPlayer *player, GError **error)
{
  const NimSearchConfig *c = &((NimSearchPlayer *) player)->config;
  g_autofree char *tt = nim_player_spec_option (player->spec, "tt");
  g_autofree char *order = nim_player_spec_option (player->spec, "order");
  g_autofree char *id = nim_player_spec_option (player->spec, "id");
  g_autofree char *window = nim_player_spec_option (player->spec, "window");
  const char *key = c->depth > 0                     ? "depth"
                    : tt != NULL && c->tt_bytes > 0  ? "tt"
                    : order != NULL && c->order      ? "order"
                    : id != NULL && c->id            ? "id"
                    : c->score != NIM_SCORE_WIN_LOSS ? "score"
                    : c->eval != NIM_EVAL_NONE       ? "eval"
                    : window != NULL && c->window != NIM_ROOT_WINDOW_FULL
                        ? "window"
                        : NULL;
  g_autofree char *value = NULL;

  if (key == NULL)
    return TRUE;
  value = nim_player_spec_option (player->spec, key);
  g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
               /* TRANSLATORS: %s=%s is a player option as given, such as
                  tt=64M; ab=on and moves=reversed are typed as is. */
               _ ("negamax: %s=%s does not apply to a game tree: negamax "
                  "searches a tree as the textbook does, to its leaves, the "
                  "children in their order (moves=reversed: backwards), "
                  "with alpha-beta (ab=on) or without"),
               key, value != NULL ? value : "");
  return FALSE;
}

static gboolean
negamax_start (NimPlayer *player, GError **error)
{
  NimSearchPlayer *self = (NimSearchPlayer *) player;

  if (nim_rules_is_tree (&player->rules))
    return check_tree_options (player, error);

  /* A player reused for game after game (a comparison run) keeps its
     table and empties it, which costs nothing; see nim_tt_clear(). */
  if (self->tt != NULL)
    {
      nim_tt_clear (self->tt);
      return TRUE;
    }
  if (self->config.tt_bytes > 0)
    {
      guint64 size = nim_tt_size_for (self->config.tt_bytes);
      guint64 available = nim_tt_memory_available ();

      /* A table the machine cannot hold would be filled into swap or
         killed half way through a game: refuse it now, saying what would
         fit.  Creating a table that fits costs nothing (see
         nim_tt_new()). */
      if (available > 0 && size > available)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       /* TRANSLATORS: tt= is a player option, typed as
                          is; the sizes are in MiB. */
                       _ ("negamax: a transposition table of %llu MiB is "
                          "more than the %llu MiB of memory available; try "
                          "a smaller tt="),
                       (unsigned long long) (size >> 20),
                       (unsigned long long) (available >> 20));
          return FALSE;
        }
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
/* In the order of NimMoveOrder and NimRootWindow. */
static const char *const moves_choices[]
    = { "largest", "generator", "reversed", NULL };
static const char *const window_choices[] = { "win", "full", NULL };

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
  { "moves", NIM_OPTION_CHOICE,
    G_STRUCT_OFFSET (NimSearchPlayer, config.moves), 0, 0, moves_choices,
    /* TRANSLATORS: largest, generator and reversed are the values of
       moves=, and order=off a player option, typed as is. */
    N_ ("the order of the moves order= does not choose: largest (default: "
        "the root in the generator's, below it the largest count first), "
        "generator (heap 1 first, the smallest count first, at every node) "
        "or reversed (its reverse)") },
  { "window", NIM_OPTION_CHOICE,
    G_STRUCT_OFFSET (NimSearchPlayer, config.window), 0, 0, window_choices,
    /* TRANSLATORS: win and full are the values of window=, typed as
       is. */
    N_ ("the root's alpha-beta window: win (default: from a loss to a win "
        "at once) or full (-infinity to +infinity, as the textbook "
        "starts)") },
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
  .trees = TRUE,
  .showcase = negamax_showcase,
  .options = negamax_options,
  .init = negamax_init,
  .start = negamax_start,
  .choose_move = negamax_choose_move,
  .finalize = negamax_finalize,
  .explain_move = negamax_explain_move,
};
