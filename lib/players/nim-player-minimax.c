/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-player-minimax.c -- plain minimax: a Max and a Min function
 *
 * The textbook algorithm of the course's object design (its
 * PlayerComputer), kept deliberately plain (no pruning, no table) so its
 * node counts show what negamax's techniques buy.  Values are from
 * the point of view of the player at the root, Max: 1 a win, -1 a loss,
 * 0 where the depth limit cut the line short. */

#include "config.h"

#include "nim-search-player.h"

#include "nim-explain.h"
#include "nim-error.h"
#include "nim-i18n.h"
#include "nim-movegen.h"
#include "nim-tree.h"

/* The search comes in copies made from the same inline body: Max's and
   Min's nodes, each plain or reporting every node to a trace, each for
   one shape of moves (see NimMoveShape) and for normal or misère play.  What
   the copy is for is a constant in it, so a node tests nothing the
   configuration fixes; the root picks the copy, so a search without a trace
   runs code without even a branch on it. */
#define C_TRACED 1u
#define C_MIN 2u
#define C_RANGE 4u
#define C_MISERE 8u
#define C_ANY 16u /* take any number: the heap is the only limit */
#define C_DEPTH                                                               \
  32u                 /* a depth limit short of the end of the game, eval=,   \
                         or more matches than 32 bits count: the copies that  \
                         keep the ply and the board's total */
#define C_GENERIC 64u /* NIM_MOVES_GENERIC: the moves of the family's row */
#define C_TREE                                                                \
  128u /* NIM_MOVES_TREE: a textbook tree, whose leaves have values; with     \
          C_GENERIC, whose loop takes the children in their order */

/* What a copy returns when the budget is spent, for every node above it
   to pass up at once: a constant to compare with costs less than a
   look at the search's flag after every child. */
#define ABORTED G_MININT

/* A copy takes the search, the number of matches left (@total) and
   how many nodes it may still count before the budget's next look
   (@left, see minimax_enter()), and returns its value and what is then
   left, packed into one register (MINIMAX_PACK()).  Both travel in
   registers, as the node count of a hand-written loop does, rather than
   through the search's fields in memory, which a node would read and
   write back before its children could.  The depth and ply, which only a
   depth limit and a trace need, are kept in the search (s->ply) by the
   copies for those, so that the others pass and keep nothing at all. */
typedef guint64 (*NodeFunc) (NimSearch *s, guint32 total, guint32 left);

#define MINIMAX_PACK(value, left)                                             \
  (((guint64) (left) << 32) | (guint32) (value))
#define MINIMAX_VALUE(packed) ((int) (guint32) (packed))
#define MINIMAX_LEFT(packed) ((guint32) ((packed) >> 32))

/* The node of the player to move, Max or Min by @cfg, once counted: the
   child worth the most to its player, 1 a win for Max, -1 a loss.  The
   moves are those of nim_movegen_next(), in its order, written out as a
   loop over the heaps so that a node costs what a hand-written loop
   costs; @child is the copy for the other player. */
static NIM_ALWAYS_INLINE guint64
minimax_node (NimSearch *s, const guint cfg, NodeFunc child, guint32 total,
              guint32 left)
{
  const gboolean max = !(cfg & C_MIN);
  const int none = max ? -NIM_SCORE_INF : NIM_SCORE_INF;
  const NimRules *r = &s->rules;
  guint32 *heaps = s->board.heaps;
  const guint n_heaps = s->board.n_heaps;
  int best = none;
  guint i;

  /* A textbook tree's leaf: its value for the player to move there, made
     Max's. */
  if (cfg & C_TREE)
    {
      const guint32 node = nim_tree_node (r->tree, &s->board);

      if (r->tree->n_children[node] == 0)
        {
          int v = nim_tree_value_to_move (r->tree, node);

          return MINIMAX_PACK (max ? v : -v, left);
        }
    }
  /* No match left: no move, under every rule.  The copies that keep
     the board's total look at it; the others are passed it, in a
     register, and only for boards where it fits (see minimax_search()). */
  else if ((cfg & (C_DEPTH | C_TRACED)) ? s->board.total == 0 : total == 0)
    goto no_move;
  /* The horizon: a position with a move, beyond which nothing is
     known.  Without a depth limit there is none: the root's depth is
     longer than the game can last. */
  if ((cfg & C_DEPTH) && G_UNLIKELY (s->ply == s->horizon)
      && nim_board_has_move (&s->board, r))
    {
      /* eval= estimates it for the player to move, Max's value or the
         opposite of Min's; without one it is unknown, 0. */
      int e = nim_search_evaluate (s);
      return MINIMAX_PACK (max ? e : -e, left);
    }
  if (cfg & C_GENERIC)
    {
      /* The family's own moves, which may split heaps: they are made on
         the board as a whole, in the generator's order. */
      NimMoveGen gen = NIM_MOVEGEN_INIT;
      NimMove m;

      while (nim_movegen_next_generic (&gen, &s->board, r, &m))
        {
          guint64 p;
          int v;

          if (cfg & C_TRACED)
            nim_observer_try (s->trace, s->ply, &m, NIM_TRACE_TRY_GENERATOR);
          nim_board_make_move (&s->board, &m);
          s->ply++;
          p = child (s, (guint32) s->board.total, left);
          s->ply--;
          nim_board_unmake_move (&s->board, &m);
          v = MINIMAX_VALUE (p);
          left = MINIMAX_LEFT (p);
          if (G_UNLIKELY (v == ABORTED))
            return p;
          if (max ? v > best : v < best)
            best = v;
        }
    }
  for (i = 0; i < ((cfg & C_GENERIC) ? 0 : n_heaps); i++)
    {
      const guint32 h = heaps[i];
      const guint32 limit = (cfg & C_ANY) ? h
                            : (cfg & C_RANGE)
                                ? (h < r->max_take ? h : r->max_take)
                                : 0;
      guint k;

      for (k = (cfg & C_RANGE) ? 1 : 0;
           (cfg & C_RANGE) ? k <= limit : k < r->n_moves && r->moves[k] <= h;
           k++)
        {
          const guint32 count = (cfg & C_RANGE) ? k : r->moves[k];
          guint64 p;
          int v;

          if (cfg & C_TRACED)
            {
              const NimMove m = { i, count, 0, 0 };

              nim_observer_try (s->trace, s->ply, &m, NIM_TRACE_TRY_GENERATOR);
            }
          heaps[i] = h - count;
          /* The copies that look at the board as a whole (the horizon's
             nim_board_has_move(), a trace) keep its total too. */
          if (cfg & (C_DEPTH | C_TRACED))
            {
              s->ply++;
              s->board.total -= count;
            }
          p = child (s, total - count, left);
          if (cfg & (C_DEPTH | C_TRACED))
            {
              s->ply--;
              s->board.total += count;
            }
          heaps[i] = h;
          v = MINIMAX_VALUE (p);
          left = MINIMAX_LEFT (p);
          if (G_UNLIKELY (v == ABORTED))
            return p; /* the budget is spent: unwind at once */
          if (max ? v > best : v < best)
            best = v;
        }
    }
  if (best == none)
    {
      /* The player to move cannot: under normal play it has lost. */
      int v;

    no_move:
      v = (cfg & C_MISERE) ? 1 : -1;
      /* With eval= (whose copies are those of a depth limit) a proven
         end counts on the distance scale, above any estimate (see
         NimEval). */
      if ((cfg & C_DEPTH) && s->score == NIM_SCORE_DISTANCE)
        v *= NIM_SCORE_MATE - (int) s->ply;
      return MINIMAX_PACK (max ? v : -v, left);
    }
  return MINIMAX_PACK (best, left);
}

/* The slow path of the node count, when @left has run out: it brings
   the search's count up to date, so that nim_search_tick() looks at the
   budget as it does for every searcher.  Returns -1 when the search must
   stop, or what may be counted before the next look. */
static G_GNUC_NO_INLINE gint64
minimax_check_budget (NimSearch *s)
{
  s->nodes = s->next_check;
  if (nim_search_tick (s))
    return -1;
  return (gint64) (s->next_check - s->nodes);
}

/* Counts the node, or stops when the budget is spent; the traced copies
   report the node as they enter and leave it.  The count is @left, the
   nodes that may still be counted before the budget's next look: the
   search has counted s->next_check - @left nodes.  Minimax has no window,
   and nothing but the end of the game and the horizon settles a node,
   which the trace sees for itself. */
static NIM_ALWAYS_INLINE guint64
minimax_enter (NimSearch *s, const guint cfg, NodeFunc child, guint32 total,
               guint32 left)
{
  guint64 p;
  int v;

  if (G_LIKELY (left > 0))
    left--;
  else
    {
      gint64 more = minimax_check_budget (s);

      if (more < 0)
        return MINIMAX_PACK (ABORTED, 0);
      left = (guint32) more;
    }
  if (!(cfg & C_TRACED))
    return minimax_node (s, cfg, child, total, left);
  nim_observer_enter (s->trace, s->ply, &s->board, 0, 0);
  p = minimax_node (s, cfg, child, total, left);
  v = MINIMAX_VALUE (p);
  nim_observer_leave (s->trace, s->ply, &s->board, v == ABORTED ? 0 : v,
                      v == ABORTED ? NIM_TRACE_ABORTED : 0);
  return p;
}

/* Max's copy @a and Min's copy @b for one configuration, each recursing
   into the other.  Declared inline, so that the compiler may put a few
   plies of the recursion into one function, as it does with the
   reference loop of make bench (count_tree(), a self-recursive function
   it unrolls 8 plies deep): fewer calls, and fewer registers saved and
   restored a node (out of line, each copy ran at 0.57 of the loop's
   speed, inline at 0.96-0.99: bench/README). */
#define MINIMAX_PAIR(a, b)                                                    \
  static guint64 minimax_##b (NimSearch *s, guint32 total, guint32 left);     \
  static inline guint64 minimax_##a (NimSearch *s, guint32 total,             \
                                     guint32 left)                            \
  {                                                                           \
    return minimax_enter (s, a, minimax_##b, total, left);                    \
  }                                                                           \
  static inline guint64 minimax_##b (NimSearch *s, guint32 total,             \
                                     guint32 left)                            \
  {                                                                           \
    return minimax_enter (s, b, minimax_##a, total, left);                    \
  }

/* clang-format off */
/* Every configuration: the shapes of moves (a set, a range, take any, the
   family's row: 0, 4, 20, 64), each normal and misère (+8), plain and
   traced (+1), without and with a depth limit (+32). */
MINIMAX_PAIR (0, 2) MINIMAX_PAIR (1, 3) MINIMAX_PAIR (4, 6)
MINIMAX_PAIR (5, 7) MINIMAX_PAIR (8, 10) MINIMAX_PAIR (9, 11)
MINIMAX_PAIR (12, 14) MINIMAX_PAIR (13, 15) MINIMAX_PAIR (20, 22)
MINIMAX_PAIR (21, 23) MINIMAX_PAIR (28, 30) MINIMAX_PAIR (29, 31)
MINIMAX_PAIR (32, 34) MINIMAX_PAIR (33, 35) MINIMAX_PAIR (36, 38)
MINIMAX_PAIR (37, 39) MINIMAX_PAIR (40, 42) MINIMAX_PAIR (41, 43)
MINIMAX_PAIR (44, 46) MINIMAX_PAIR (45, 47) MINIMAX_PAIR (52, 54)
MINIMAX_PAIR (53, 55) MINIMAX_PAIR (60, 62) MINIMAX_PAIR (61, 63)
MINIMAX_PAIR (64, 66) MINIMAX_PAIR (65, 67) MINIMAX_PAIR (72, 74)
MINIMAX_PAIR (73, 75) MINIMAX_PAIR (96, 98) MINIMAX_PAIR (97, 99)
MINIMAX_PAIR (104, 106) MINIMAX_PAIR (105, 107)
/* A textbook tree's, plain and traced. */
MINIMAX_PAIR (192, 194) MINIMAX_PAIR (193, 195)

/* Min's copy, which the root calls, by configuration. */
static const NodeFunc min_copies[256] = {
  [0] = minimax_2, [1] = minimax_3, [4] = minimax_6, [5] = minimax_7,
  [8] = minimax_10, [9] = minimax_11, [12] = minimax_14, [13] = minimax_15,
  [20] = minimax_22, [21] = minimax_23, [28] = minimax_30, [29] = minimax_31,
  [32] = minimax_34, [33] = minimax_35, [36] = minimax_38, [37] = minimax_39,
  [40] = minimax_42, [41] = minimax_43, [44] = minimax_46, [45] = minimax_47,
  [52] = minimax_54, [53] = minimax_55, [60] = minimax_62, [61] = minimax_63,
  [64] = minimax_66, [65] = minimax_67, [72] = minimax_74, [73] = minimax_75,
  [96] = minimax_98, [97] = minimax_99, [104] = minimax_106,
  [105] = minimax_107, [192] = minimax_194, [193] = minimax_195,
};
/* clang-format on */

/**
 * minimax_search:
 * @board: a position with a legal move
 * @rules: the rules in force
 * @config: depth and budgets (the rest is ignored)
 * @trace: (nullable): where to report the nodes
 * @best_move: (out): the first move, in generator order, of those worth the
 *   most; when the budget ran out, the best among the moves searched to
 *   the end (a win found that way is still proven)
 * @stats: (out): what the search cost
 *
 * The root of Max: like search_max(), but it remembers the move.
 */
static void
minimax_search (const NimBoard *board, const NimRules *rules,
                const NimSearchConfig *config, NimObserver *trace,
                NimMove *best_move, NimSearchStats *stats)
{
  NimSearch s;
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove move;
  guint depth = nim_search_horizon (board, rules, config->depth);
  int best = -NIM_SCORE_INF;
  gboolean any = FALSE;

  NodeFunc search_min;
  guint cfg;
  /* A game lasts at most this many plies, so a search this deep (with
     the root) never meets its horizon; NIM_SEARCH_MAX_PLY may cut it
     shorter.  The copies for a depth limit are also those that score a
     proven end by its distance (eval= asks for that scale, so that a
     search that reaches every end is proven on it) and those that keep
     the board's total in full, which the others pass in 32 bits. */
  guint64 longest = board->total / nim_rules_min_take (rules) + 1;

  nim_search_init (&s, board, rules, config);
  s.trace = trace;
  s.horizon = depth;
  s.ply = 1;
  cfg = (trace != NULL ? C_TRACED : 0) | (rules->misere ? C_MISERE : 0)
        | (depth < longest || s.score == NIM_SCORE_DISTANCE
                   || board->total > G_MAXUINT32
               ? C_DEPTH
               : 0);
  switch (rules->family->shape)
    {
    case NIM_MOVES_RANGE:
      cfg |= C_RANGE | (rules->max_take == NIM_HEAP_SIZE_MAX ? C_ANY : 0);
      break;
    case NIM_MOVES_SET:
      break;
    case NIM_MOVES_GENERIC:
      cfg |= C_GENERIC;
      break;
    case NIM_MOVES_TREE:
      /* Nothing but the leaves ends a line (start_tree() refuses a
         depth limit and eval=). */
      cfg = (trace != NULL ? C_TRACED : 0) | C_TREE | C_GENERIC;
      break;
    }
  search_min = min_copies[cfg];
  nim_movegen_first (board, rules, best_move);
  if (!nim_search_tick (&s))
    {
      /* The copies count in @left (see minimax_enter()). */
      guint32 left = (guint32) (s.next_check - s.nodes);

      if (trace != NULL)
        nim_observer_enter (trace, 0, &s.board, 0, 0);
      while (nim_movegen_next (&gen, &s.board, &s.rules, &move))
        {
          guint64 p;
          int v;

          if (trace != NULL)
            nim_observer_try (trace, 0, &move, NIM_TRACE_TRY_GENERATOR);
          nim_board_make_move (&s.board, &move);
          p = search_min (&s, (guint32) s.board.total, left);
          nim_board_unmake_move (&s.board, &move);
          v = MINIMAX_VALUE (p);
          left = MINIMAX_LEFT (p);
          if (s.aborted)
            break;
          s.nodes = s.next_check - left;
          any = TRUE;
          if (v > best)
            {
              best = v;
              *best_move = move;
            }
        }
      if (trace != NULL)
        nim_observer_leave (trace, 0, &s.board, best,
                            s.aborted ? NIM_TRACE_ABORTED : 0);
    }
  if (!any)
    best = 0;
  /* An interrupted search keeps only a proven win: a loss or a 0 among
     the moves searched says nothing of the moves not searched. */
  else if (s.aborted && !(best > 0 && nim_search_is_proven (&s, best)))
    best = 0;
  nim_search_finish_stats (&s, best, s.aborted ? 0 : depth, stats);
}

static void
minimax_init (NimPlayer *player)
{
  NimSearchPlayer *self = (NimSearchPlayer *) player;

  self->config.time = NIM_SEARCH_DEFAULT_TIME;
}

/* On a game tree minimax searches to the leaves: a depth limit or an
   evaluation would stop it where no value is known. */
static gboolean
minimax_start (NimPlayer *player, GError **error)
{
  NimSearchPlayer *self = (NimSearchPlayer *) player;
  const char *key = self->config.depth > 0               ? "depth"
                    : self->config.eval != NIM_EVAL_NONE ? "eval"
                                                         : NULL;
  g_autofree char *value = NULL;

  if (!nim_rules_is_tree (&player->rules) || key == NULL)
    return TRUE;
  value = nim_player_spec_option (player->spec, key);
  g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
               /* TRANSLATORS: %s=%s is a player option as given, such as
                  depth=2. */
               _ ("minimax: %s=%s does not apply to a game tree: minimax "
                  "searches a tree to its leaves, whose values are given"),
               key, value != NULL ? value : "");
  return FALSE;
}

static gboolean
minimax_choose_move (NimPlayer *player, const NimBoard *board, NimMove *move,
                     GError **error)
{
  NimSearchPlayer *self = (NimSearchPlayer *) player;

  if (player->trace != NULL)
    nim_observer_begin (player->trace, player->spec, player->number, board,
                        &player->rules, NIM_TRACE_MINIMAX);
  minimax_search (board, &player->rules, &self->config, player->trace, move,
                  &player->stats);
  if (player->trace != NULL)
    nim_observer_end (player->trace, move, player->stats.nodes,
                      player->stats.proven, player->stats.value);
  return TRUE;
}

/* minimax_search() as a #NimSearchFunc, for the principal variation. */
static void
minimax_search_player (NimSearchPlayer *self, const NimBoard *board,
                       const NimRules *rules, NimMove *move,
                       NimSearchStats *stats)
{
  minimax_search (board, rules, &self->config, NULL, move, stats);
}

static void
minimax_explain_move (NimPlayer *player, const NimBoard *board,
                      const NimMove *move)
{
  nim_explain_search ((NimSearchPlayer *) player, minimax_search_player, board,
                      move);
}

static const NimPlayerOption minimax_options[] = {
  NIM_SEARCH_BUDGET_OPTIONS,
  NIM_SEARCH_EVAL_OPTION,
  { NULL },
};

/* Textbook minimax has one configuration: all of it. */
static const NimPlayerShowcase minimax_showcase[] = {
  { "", "minimax" },
  { NULL, NULL },
};

const NimPlayerClass nim_player_minimax_class = {
  .name = "minimax",
  .summary = N_ ("textbook minimax: a Max and a Min function, no pruning"),
  .rules_help = N_ ("every rule"),
  .instance_size = sizeof (NimSearchPlayer),
  .kind = NIM_PLAYER_SEARCHER,
  .perfect = TRUE,
  .strength = 1,
  .trees = TRUE,
  .showcase = minimax_showcase,
  .options = minimax_options,
  .init = minimax_init,
  .start = minimax_start,
  .choose_move = minimax_choose_move,
  .explain_move = minimax_explain_move,
};
