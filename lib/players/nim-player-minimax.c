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
#include "nim-i18n.h"
#include "nim-movegen.h"

/* The search comes in two copies made from the same inline functions: the
   plain one, and one that reports every node to a trace.  The root picks
   one, so a search without a trace runs exactly the code it ran before
   traces existed, without even a branch on them. */
static int search_max (NimSearch *s, guint depth, guint ply);
static int search_min (NimSearch *s, guint depth, guint ply);
static int search_min_traced (NimSearch *s, guint depth, guint ply);
static int search_max_traced (NimSearch *s, guint depth, guint ply);

/* Max is to move, and the node is counted: it picks the child worth the
   most.  @traced is a constant: which copy of the search to recurse into. */
static NIM_ALWAYS_INLINE int
max_node (NimSearch *s, guint depth, guint ply, const gboolean traced)
{
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove move;
  int best = -NIM_SCORE_INF;

  if (!nim_movegen_next (&gen, &s->board, &s->rules, &move))
    return nim_search_terminal (s, ply); /* Max cannot move */
  if (depth == 0)
    return nim_search_evaluate (s);
  do
    {
      int v;

      nim_board_make_move (&s->board, &move);
      v = traced ? search_min_traced (s, depth - 1, ply + 1)
                 : search_min (s, depth - 1, ply + 1);
      nim_board_unmake_move (&s->board, &move);
      if (G_UNLIKELY (s->aborted))
        return 0; /* the budget is spent: unwind at once */
      if (v > best)
        best = v;
    }
  while (nim_movegen_next (&gen, &s->board, &s->rules, &move));
  return best;
}

/* Min is to move: it picks the child worth the least to Max. */
static NIM_ALWAYS_INLINE int min_node (NimSearch *s, guint depth, guint ply,
                                       const gboolean traced);

/* Counts Max's node, or stops when the budget is spent. */
static int
search_max (NimSearch *s, guint depth, guint ply)
{
  if (nim_search_tick (s))
    return 0;
  return max_node (s, depth, ply, FALSE);
}

static NIM_ALWAYS_INLINE int
min_node (NimSearch *s, guint depth, guint ply, const gboolean traced)
{
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove move;
  int best = NIM_SCORE_INF;

  if (!nim_movegen_next (&gen, &s->board, &s->rules, &move))
    return -nim_search_terminal (s, ply); /* Min cannot move */
  if (depth == 0)
    return -nim_search_evaluate (s);
  do
    {
      int v;

      nim_board_make_move (&s->board, &move);
      v = traced ? search_max_traced (s, depth - 1, ply + 1)
                 : search_max (s, depth - 1, ply + 1);
      nim_board_unmake_move (&s->board, &move);
      if (G_UNLIKELY (s->aborted))
        return 0;
      if (v < best)
        best = v;
    }
  while (nim_movegen_next (&gen, &s->board, &s->rules, &move));
  return best;
}

static int
search_min (NimSearch *s, guint depth, guint ply)
{
  if (nim_search_tick (s))
    return 0;
  return min_node (s, depth, ply, FALSE);
}

/* The traced copy: the same nodes, reported as they are entered and
   left.  Minimax has no window, and nothing but the end of the game and
   the horizon settles a node, which the trace sees for itself. */
static int
search_max_traced (NimSearch *s, guint depth, guint ply)
{
  int v;

  if (nim_search_tick (s))
    return 0;
  nim_observer_enter (s->trace, ply, &s->board, 0, 0);
  v = max_node (s, depth, ply, TRUE);
  nim_observer_leave (s->trace, ply, &s->board, v,
                      s->aborted ? NIM_TRACE_ABORTED : 0);
  return v;
}

static int
search_min_traced (NimSearch *s, guint depth, guint ply)
{
  int v;

  if (nim_search_tick (s))
    return 0;
  nim_observer_enter (s->trace, ply, &s->board, 0, 0);
  v = min_node (s, depth, ply, TRUE);
  nim_observer_leave (s->trace, ply, &s->board, v,
                      s->aborted ? NIM_TRACE_ABORTED : 0);
  return v;
}

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

  nim_search_init (&s, board, rules, config);
  s.trace = trace;
  nim_movegen_first (board, rules, best_move);
  if (!nim_search_tick (&s))
    {
      if (trace != NULL)
        nim_observer_enter (trace, 0, &s.board, 0, 0);
      while (nim_movegen_next (&gen, &s.board, &s.rules, &move))
        {
          int v;

          nim_board_make_move (&s.board, &move);
          v = trace != NULL ? search_min_traced (&s, depth - 1, 1)
                            : search_min (&s, depth - 1, 1);
          nim_board_unmake_move (&s.board, &move);
          if (s.aborted)
            break;
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
  else if (s.aborted && best < 1)
    best = 0;
  nim_search_finish_stats (&s, best, s.aborted ? 0 : depth, stats);
}

static void
minimax_init (NimPlayer *player)
{
  NimSearchPlayer *self = (NimSearchPlayer *) player;

  self->config.time = NIM_SEARCH_DEFAULT_TIME;
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
  .showcase = minimax_showcase,
  .options = minimax_options,
  .init = minimax_init,
  .choose_move = minimax_choose_move,
  .explain_move = minimax_explain_move,
};
