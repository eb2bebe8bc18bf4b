/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-player-mcts.c -- Monte-Carlo tree search: UCT with random playouts,
 * and MCTS-Solver
 *
 * Monte-Carlo tree search needs neither an evaluation nor a depth.  It
 * grows a tree from the position, one position an iteration, and each
 * iteration has four steps (Coulom 2006; UCT: Kocsis and Szepesvári 2006):
 *
 *   1. Selection: from the root, as long as every move of the position is
 *      in the tree, go down the move with the largest UCT score,
 *        wins / visits + c * sqrt (ln (visits of the position) / visits),
 *      the share of its playouts that the mover won plus a bonus for the
 *      moves tried least (c=, by default √2, the constant of UCB1 for
 *      results from 0 to 1).
 *   2. Expansion: add one untried move of that position to the tree.
 *   3. Playout: play uniformly random moves from there to the end of the
 *      game.
 *   4. Backup: every position on the way back up counts a visit, and a
 *      win for the player who moved to it if that player won.
 *
 * MCTS-Solver (solver=on, the default; Winands, Björnsson and Saito 2008)
 * backs proofs up too: a position that ends the game is proven, one with a
 * move to a position proven lost (for the player to move there) is proven
 * won, and one whose every move, all of them in the tree, leads to a
 * position proven won is proven lost.  Selection never goes down a move
 * proven to lose, an iteration that ends in a proof counts the proof's
 * result (no playout is needed), and the search stops once the root is
 * proven.
 *
 * The move played (the final-move rule): with the root proven won, the
 * first proven winning move in heap order; proven lost, the move whose
 * refutation took the most visits; otherwise the move with the most
 * visits that is not proven to lose.  Equal visits go to the first move
 * in heap order, as every computer player breaks its ties.
 *
 * Untried moves enter the tree in a random order that costs nothing to
 * keep: the k-th move added is number first + k * stride (modulo the
 * number of moves) in generator order, first and stride (prime to the
 * number of moves) drawn when the position adds its first move.  So every
 * move is equally likely to be the k-th; generator order would try the
 * first heap's moves first, and a small budget nothing else.
 *
 * The tree is a pool of nodes the player allocates once and keeps from
 * move to move (the last search's tree is what --explain reads), as large
 * as the budget can use: iterations= + 1 nodes (an iteration adds at most
 * one), else nodes= + 1 (each node added costs one of them), else
 * POOL_MAX.  Nothing is allocated per iteration.  When the pool is full
 * the tree stops growing: iterations go on, selecting, playing out from
 * the positions where selection ends and backing up, so the statistics
 * of the tree still improve but no position enters it.
 *
 * nodes (the statistics, and nodes=) counts the positions the search
 * stands on: the root once an iteration and the position after each move
 * made, in the tree and in the playout.  Budgets: iterations= (default
 * 100000), and nodes= and time= as the other searchers; depth=N lets the
 * tree grow N plies deep at most (playouts still go to the end); with
 * no budget at all the search runs until Ctrl-C or the stop flag (UGI's
 * go infinite), or until the solver proves the root.  Each
 * search draws a 64-bit seed from the player's random numbers
 * (nim_player_get_rand(), which --seed seeds) and runs splitmix64 from
 * it, so a seed replays a game exactly as long as no clock cuts a search
 * short.
 *
 * Like every searcher, the player is a NimSearchPlayer: each search
 * starts with nim_search_init() on its config, which holds the budget and
 * the stop flag (nim_player_set_stop()), and counts a tick for each node,
 * so the clock and the flag are seen within a playout; selection in a
 * position of thousands of children polls them too. */

#include "config.h"

#include "nim-search-player.h"

#include "nim-explain.h"
#include "nim-i18n.h"
#include "nim-movegen.h"
#include "nim-tt.h"

#include <math.h>

/* The default budget: a few hundredths of a second on the course's
   positions. */
#define DEFAULT_ITERATIONS 100000
/* The largest tree, when no iteration or node budget bounds it: 4 Mi
   nodes of 64 bytes, 256 MiB, whose pages are touched only as the tree
   grows into them. */
#define POOL_MAX ((guint32) 1 << 22)
/* The most iterations a search runs whatever its budget: a visit count
   must fit a node's 32 bits. */
#define MAX_ITERATIONS (G_MAXUINT32 - 1)
/* No node: the end of a list of children. */
#define NONE G_MAXUINT32
/* The root is the pool's first node. */
#define ROOT 0

/* A position of the tree, in 64 bytes. */
typedef struct
{
  NimMove move;       /* the move from the parent (unset at the root) */
  guint32 child;      /* the child added last, or NONE */
  guint32 sibling;    /* the parent's child added before this one, or NONE */
  guint32 visits;     /* iterations through the position */
  guint32 wins;       /* those won by the player who made @move */
  guint64 n_moves;    /* legal moves of the position; 0: it ends the game */
  guint64 next;       /* the generator index of the next move to add */
  guint64 stride;     /* the step from one move added to the next */
  guint32 n_children; /* moves added so far */
  gint32 proven;      /* solver: 1 won, -1 lost for the player to move */
} Node;

G_STATIC_ASSERT (sizeof (Node) == 64);

typedef struct
{
  NimSearchPlayer parent; /* first: every searcher is one */
  guint64 iterations;
  double c;
  gboolean solver;
  Node *pool;
  guint32 pool_size;
  /* The last search, for --explain. */
  guint32 used;
  guint64 done;
  gboolean full;
} MctsPlayer;

/* One search: the board that selection changes in place, the tree, the
   random numbers and, traced, what each iteration reports. */
typedef struct
{
  NimSearch s;
  Node *pool;
  guint32 size;
  guint32 used;
  guint64 rng;
  double c;
  gboolean solver;
  guint max_ply;    /* the deepest the tree grows */
  guint deepest;    /* the deepest it grew */
  guint32 *path;    /* max_ply + 1: the nodes of the iteration's path */
  gboolean full;    /* an expansion found the pool full */
  guint64 done;     /* iterations completed */
  NimMove *moves;   /* traced: the path's moves (max_ply) */
  NimMctsNode *at;  /* traced: its nodes after the backup (max_ply + 1) */
  NimMove *playout; /* traced: the playout's first NIM_SEARCH_MAX_PLY moves */
} Mcts;

/* splitmix64: the next 64 random bits. */
static inline guint64
rng_next (guint64 *state)
{
  guint64 x = nim_tt_mix (*state);

  *state += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  return x;
}

/* A uniform number below @n (n >= 1): the biased top end is drawn
   again. */
static inline guint64
rng_below (guint64 *state, guint64 n)
{
  guint64 limit = G_MAXUINT64 - G_MAXUINT64 % n, x;

  do
    x = rng_next (state);
  while (x >= limit);
  return x % n;
}

static guint64
gcd (guint64 a, guint64 b)
{
  while (b != 0)
    {
      guint64 t = a % b;

      a = b;
      b = t;
    }
  return a;
}

/* Whether @a comes before @b in generator order: heap order, the
   smallest count first, then (under a take-and-break code) the move that
   splits nothing, then the splits, the smallest part kept first. */
static gboolean
move_before (const NimMove *a, const NimMove *b)
{
  if (a->heap != b->heap)
    return a->heap < b->heap;
  if (a->count != b->count)
    return a->count < b->count;
  if ((a->split != 0) != (b->split != 0))
    return a->split == 0;
  return a->keep < b->keep;
}

/* A new node for the position on the board, reached by @move. */
static inline void
node_init (Mcts *m, Node *n, const NimMove *move)
{
  n->move = *move;
  n->child = NONE;
  n->sibling = NONE;
  n->visits = 0;
  n->wins = 0;
  n->n_moves = nim_movegen_count (&m->s.board, &m->s.rules);
  n->n_children = 0;
  n->proven = 0;
  /* The end of the game: the player to move has lost under normal play,
     won under misère play. */
  if (m->solver && n->n_moves == 0)
    n->proven = m->s.rules.misere ? 1 : -1;
}

/* Step 2.  Adds the next untried move of @parent (the node at the end of
   the path, whose position is on the board), plays it and returns its
   node.  The pool has room. */
static inline guint32
expand (Mcts *m, Node *parent)
{
  guint32 id = m->used++;
  Node *c = &m->pool[id];
  NimMove move;

  if (parent->n_children == 0)
    {
      guint64 n = parent->n_moves;

      /* The order the moves are added in: see the top of the file. */
      parent->next = rng_below (&m->rng, n);
      parent->stride = 1;
      if (n > 2)
        do
          parent->stride = 1 + rng_below (&m->rng, n - 1);
        while (gcd (parent->stride, n) != 1);
    }
  nim_movegen_nth (&m->s.board, &m->s.rules, parent->next, &move);
  parent->next = (parent->next + parent->stride) % parent->n_moves;
  nim_board_make_move (&m->s.board, &move);
  node_init (m, c, &move);
  c->sibling = parent->child;
  parent->child = id;
  parent->n_children++;
  return id;
}

/* Takes back the expansion of @id, the last node added, child of
   @parent: an iteration the budget cut short leaves the tree as it
   was. */
static inline void
unexpand (Mcts *m, Node *parent, guint32 id)
{
  parent->child = m->pool[id].sibling;
  parent->n_children--;
  parent->next
      = (parent->next + parent->n_moves - parent->stride) % parent->n_moves;
  m->used--;
}

/* Step 1.  The child of @node (all of whose moves are in the tree) with
   the largest UCT score; under the solver a move proven to lose is never
   taken, and one proven to win at once (its parent is then proven: only
   the root's can be asked for, never, as the search stops there). */
static inline guint32
select_child (Mcts *m, const Node *node)
{
  double log_n = log ((double) node->visits), best = -1;
  guint32 id, best_id = node->child;

  for (id = node->child; id != NONE; id = m->pool[id].sibling)
    {
      const Node *c = &m->pool[id];
      double score;

      if (m->solver && c->proven != 0)
        {
          if (c->proven < 0)
            return id;
          continue;
        }
      score = (double) c->wins / c->visits
              + m->c * sqrt (log_n / (double) c->visits);
      if (score > best)
        {
          best = score;
          best_id = id;
        }
    }
  return best_id;
}

/* Whether every child of @n (all of its moves in the tree) is proven won
   for the player to move there. */
static gboolean
all_children_won (const Mcts *m, const Node *n)
{
  guint32 id;

  if (n->n_children != n->n_moves)
    return FALSE;
  for (id = n->child; id != NONE; id = m->pool[id].sibling)
    if (m->pool[id].proven <= 0)
      return FALSE;
  return TRUE;
}

/* Step 4.  Backs @result (1: the player to move at the end of the path
   won) up the path of @ply moves: a visit each, a win for the player who
   moved to a node when that player won; under the solver the proofs go up
   too, and from a proven node up the result is its proof's. */
static inline void
backup (Mcts *m, guint ply, int result)
{
  guint i = ply + 1;

  while (i-- > 0)
    {
      Node *n = &m->pool[m->path[i]];

      if (m->solver)
        {
          if (n->proven == 0 && i < ply)
            {
              const Node *c = &m->pool[m->path[i + 1]];

              if (c->proven < 0)
                n->proven = 1;
              else if (c->proven > 0 && all_children_won (m, n))
                n->proven = -1;
            }
          if (n->proven != 0)
            result = n->proven;
        }
      n->visits++;
      n->wins += result < 0;
      result = -result;
    }
}

/* The iteration as the observer sees it, after the backup. */
static void
report (Mcts *m, guint ply, gboolean expanded, guint n_playout, guint64 plies,
        int result)
{
  NimMctsIteration it = { 0 };
  guint i;

  for (i = 0; i <= ply; i++)
    {
      const Node *n = &m->pool[m->path[i]];

      if (i > 0)
        m->moves[i - 1] = n->move;
      m->at[i].visits = n->visits;
      m->at[i].wins = n->wins;
      m->at[i].proven = n->proven;
    }
  it.number = m->done + 1;
  it.path = m->moves;
  it.n_path = ply;
  it.expanded = expanded;
  it.nodes = m->at;
  it.playout = m->playout;
  it.n_playout = n_playout;
  it.playout_plies = plies;
  it.result = result;
  it.tree_size = m->used;
  it.c = m->c;
  it.solver = m->solver;
  it.max_ply = m->max_ply;
  nim_observer_mcts_iteration (m->s.trace, &it);
}

/* One iteration: selection, expansion, playout and backup.  Returns
   FALSE, the tree as it was, when the budget ran out in it. */
static NIM_ALWAYS_INLINE gboolean
iterate_body (Mcts *m, const gboolean traced)
{
  NimBoard *b = &m->s.board;
  const NimRules *rules = &m->s.rules;
  Node *node = &m->pool[ROOT];
  guint ply = 0, n_playout = 0, i;
  guint64 plies = 0;
  gboolean expanded = FALSE, ok = FALSE;
  int result;

  if (nim_search_tick (&m->s))
    return FALSE;
  m->path[0] = ROOT;

  /* Step 1.  Selection: down the UCT moves while the position has every
     move in the tree, is not proven, and is above the depth limit. */
  while (node->n_moves > 0 && node->n_children == node->n_moves
         && !(m->solver && node->proven != 0) && ply < m->max_ply)
    {
      guint32 id = select_child (m, node);

      /* Reading the children is the long part of a wide position's
         selection: the clock and the stop flag see it too. */
      if (nim_search_tick (&m->s) || nim_search_poll (&m->s, node->n_children))
        goto undo;
      node = &m->pool[id];
      nim_board_make_move (b, &node->move);
      m->path[++ply] = id;
    }

  /* Step 2.  Expansion: one untried move, when there is room. */
  if (node->n_moves > 0 && node->n_children < node->n_moves
      && !(m->solver && node->proven != 0) && ply < m->max_ply)
    {
      if (m->used == m->size)
        m->full = TRUE;
      else
        {
          if (nim_search_tick (&m->s))
            goto undo;
          m->path[ply + 1] = expand (m, node);
          node = &m->pool[m->path[++ply]];
          expanded = TRUE;
        }
    }

  /* Step 3.  The result for the player to move at the end of the path:
     the end of the game's, the proof's, or a random playout's. */
  if (node->n_moves == 0)
    result = rules->misere ? 1 : -1;
  else if (m->solver && node->proven != 0)
    result = node->proven;
  else
    {
      NimBoard p = *b;
      guint64 n = node->n_moves;

      do
        {
          NimMove move;

          if (nim_search_tick (&m->s))
            goto undo;
          nim_movegen_nth (&p, rules, rng_below (&m->rng, n), &move);
          nim_board_make_move (&p, &move);
          if (traced && n_playout < NIM_SEARCH_MAX_PLY)
            m->playout[n_playout++] = move;
          plies++;
        }
      while ((n = nim_movegen_count (&p, rules)) > 0);
      /* The player to move at the end cannot move: under normal play it
         lost, so the player to move plies earlier won when plies is
         odd. */
      result = (plies % 2 == 0) == rules->misere ? 1 : -1;
    }

  /* Step 4.  Backup. */
  backup (m, ply, result);
  m->deepest = MAX (m->deepest, ply);
  if (traced)
    report (m, ply, expanded, n_playout, plies, result);
  ok = TRUE;

undo:
  if (!ok && expanded)
    unexpand (m, &m->pool[m->path[ply - 1]], m->path[ply]);
  for (i = ply; i > 0; i--)
    nim_board_unmake_move (b, &m->pool[m->path[i]].move);
  return ok;
}

static NIM_NOINLINE gboolean
iterate_plain (Mcts *m)
{
  return iterate_body (m, FALSE);
}

static NIM_NOINLINE gboolean
iterate_traced (Mcts *m)
{
  return iterate_body (m, TRUE);
}

/* How many nodes the budget can use: see the top of the file.  A budget
   is compared before one is added to it: nodes=18446744073709551615 plus
   one is 0, a pool of no node. */
static guint32
pool_wanted (const MctsPlayer *self)
{
  guint64 n = POOL_MAX;

  if (self->iterations > 0 && self->iterations < n)
    n = self->iterations + 1;
  if (self->parent.config.nodes > 0 && self->parent.config.nodes < n)
    n = self->parent.config.nodes + 1;
  return (guint32) n;
}

/* The player's pool, at least as large as its budget can use (the
   options may change between moves), or smaller when the memory is not
   there: the tree then fills sooner. */
static void
pool_reserve (MctsPlayer *self)
{
  guint32 n = pool_wanted (self);

  if (self->pool != NULL && self->pool_size >= n)
    return;
  g_assert (n >= 1);
  g_free (self->pool);
  for (self->pool = NULL; self->pool == NULL; n /= 2)
    {
      self->pool = g_try_new (Node, n);
      self->pool_size = n;
      if (n <= 1)
        break;
    }
  if (self->pool == NULL)
    g_error ("mcts: no memory for a tree");
}

/* The move to play from the root: see the final-move rule at the top of
   the file.  Returns its node, or NONE when the root has no child (the
   budget ran out before the first iteration). */
static guint32
final_child (const Mcts *m)
{
  const Node *root = &m->pool[ROOT];
  guint32 id, best = NONE;

  for (id = root->child; id != NONE; id = m->pool[id].sibling)
    {
      const Node *c = &m->pool[id];
      const Node *b = best != NONE ? &m->pool[best] : NULL;

      if (m->solver && root->proven > 0)
        {
          /* The first proven winning move. */
          if (c->proven < 0 && (b == NULL || move_before (&c->move, &b->move)))
            best = id;
          continue;
        }
      if (m->solver && root->proven == 0 && c->proven > 0)
        continue;
      if (b == NULL || c->visits > b->visits
          || (c->visits == b->visits && move_before (&c->move, &b->move)))
        best = id;
    }
  return best;
}

/* One search from @board (a NimSearchFunc): the move and its
   statistics; the tree stays in the player's pool. */
static void
mcts_search (NimSearchPlayer *player, const NimBoard *board,
             const NimRules *rules, NimMove *best_move, NimSearchStats *stats)
{
  MctsPlayer *self = (MctsPlayer *) player;
  NimObserver *trace = player->parent.trace;
  GRand *rand = nim_player_get_rand (&player->parent);
  guint64 limit = self->iterations > 0
                      ? MIN (self->iterations, (guint64) MAX_ITERATIONS)
                      : MAX_ITERATIONS;
  g_autofree Mcts *m = g_new0 (Mcts, 1);
  NimMove none = { 0 };
  guint32 chosen;
  int value = 0;

  pool_reserve (self);
  nim_search_init (&m->s, board, rules, &player->config);
  m->s.trace = trace;
  m->pool = self->pool;
  m->size = self->pool_size;
  m->c = self->c;
  m->solver = self->solver;
  m->rng = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
  m->max_ply = nim_search_horizon (board, rules, player->config.depth);
  m->path = g_new (guint32, m->max_ply + 1);
  if (trace != NULL)
    {
      m->moves = g_new (NimMove, m->max_ply);
      m->at = g_new (NimMctsNode, m->max_ply + 1);
      m->playout = g_new (NimMove, NIM_SEARCH_MAX_PLY);
      nim_observer_begin (trace, player->parent.spec, player->parent.number,
                          board, rules, NIM_TRACE_MCTS);
    }
  m->used = 1;
  node_init (m, &m->pool[ROOT], &none);

  while (m->done < limit && !(m->solver && m->pool[ROOT].proven != 0)
         && (trace != NULL ? iterate_traced : iterate_plain) (m))
    m->done++;

  chosen = final_child (m);
  if (chosen != NONE)
    *best_move = m->pool[chosen].move;
  else
    nim_movegen_first (board, rules, best_move);
  if (m->solver)
    value = m->pool[ROOT].proven;
  nim_search_finish_stats (&m->s, value, m->deepest, stats);
  self->used = m->used;
  self->done = m->done;
  self->full = m->full;
  if (trace != NULL)
    nim_observer_end (trace, best_move, stats->nodes, stats->proven,
                      stats->value);
  g_free (m->path);
  g_free (m->moves);
  g_free (m->at);
  g_free (m->playout);
}

static void
mcts_init (NimPlayer *player)
{
  MctsPlayer *self = (MctsPlayer *) player;

  self->parent.config.time = NIM_SEARCH_DEFAULT_TIME;
  self->iterations = DEFAULT_ITERATIONS;
  self->c = G_SQRT2;
  self->solver = TRUE;
}

static gboolean
mcts_choose_move (NimPlayer *player, const NimBoard *board, NimMove *move,
                  GError **error)
{
  mcts_search ((NimSearchPlayer *) player, board, &player->rules, move,
               &player->stats);
  return TRUE;
}

/* The root's children, most visits first, then in generator order. */
static gint
compare_visits (gconstpointer a, gconstpointer b, gpointer data)
{
  const Node *pool = data;
  const Node *x = &pool[*(const guint32 *) a];
  const Node *y = &pool[*(const guint32 *) b];

  if (x->visits != y->visits)
    return x->visits > y->visits ? -1 : 1;
  return move_before (&x->move, &y->move) ? -1 : 1;
}

/* The most root moves the explanation lists. */
#define EXPLAIN_ROWS 8

/* Step 2 of the explanation: the root's moves, most visited first. */
static void
explain_rows (MctsPlayer *self, const NimBoard *board)
{
  GString *out = self->parent.parent.explain;
  g_autoptr (GArray) ids = g_array_new (FALSE, FALSE, sizeof (guint32));
  guint64 rest = 0;
  guint32 id;
  guint i;

  for (id = self->pool[ROOT].child; id != NONE; id = self->pool[id].sibling)
    g_array_append_val (ids, id);
  g_array_sort_with_data (ids, compare_visits, self->pool);
  nim_explain_wrap (out, _ ("The moves tried from here, the most visited "
                            "first (mean: the share of the iterations "
                            "through the move that its player won):"));
  for (i = 0; i < ids->len; i++)
    {
      const Node *c = &self->pool[g_array_index (ids, guint32, i)];
      g_autofree char *move = NULL;

      if (i >= EXPLAIN_ROWS)
        {
          rest += c->visits;
          continue;
        }
      move = nim_explain_move (&self->parent.parent, board, &c->move);
      g_string_append_printf (
          out,
          /* TRANSLATORS: a row of the explanation of
             mcts: a move ("take 2 from heap 1"), its
             visits and the mean of its playouts. */
          g_dngettext (GETTEXT_PACKAGE, "  %s: %u visit, mean %.2f",
                       "  %s: %u visits, mean %.2f", c->visits),
          move, c->visits, (double) c->wins / c->visits);
      if (c->proven != 0)
        g_string_append (out, c->proven < 0
                                  /* TRANSLATORS: ends a row of the
                                     explanation of mcts. */
                                  ? _ (", proven to win")
                                  : _ (", proven to lose"));
      g_string_append_c (out, '\n');
    }
  if (ids->len > EXPLAIN_ROWS)
    g_string_append_printf (
        out,
        g_dngettext (GETTEXT_PACKAGE,
                     /* TRANSLATORS: the last row of the explanation of
                        mcts: the moves not listed, and their visits. */
                     "  and %u more move, %llu visits in all\n",
                     "  and %u more moves, %llu visits in all\n",
                     ids->len - EXPLAIN_ROWS),
        ids->len - EXPLAIN_ROWS, (unsigned long long) rest);
  if (ids->len < self->pool[ROOT].n_moves)
    g_string_append_printf (
        out,
        g_dngettext (GETTEXT_PACKAGE,
                     /* TRANSLATORS: a row of the explanation of mcts. */
                     "  %llu move was never tried\n",
                     "  %llu moves were never tried\n",
                     self->pool[ROOT].n_moves - ids->len),
        (unsigned long long) (self->pool[ROOT].n_moves - ids->len));
}

/* What the search did, the root's moves, the rule that chose, the
   cost. */
static void
mcts_explain_move (NimPlayer *player, const NimBoard *board,
                   const NimMove *move)
{
  MctsPlayer *self = (MctsPlayer *) player;
  const NimSearchStats *st = &player->stats;
  const Node *root = &self->pool[ROOT];
  g_autoptr (GString) s = g_string_new (NULL);
  g_autofree char *value = NULL;
  const Node *chosen = NULL;
  guint32 id;

  for (id = root->child; id != NONE; id = self->pool[id].sibling)
    if (nim_move_equal (&self->pool[id].move, move))
      chosen = &self->pool[id];

  /* Step 1.  What the search did. */
  g_string_printf (
      s,
      self->solver
          ? g_dngettext (GETTEXT_PACKAGE,
                         /* TRANSLATORS: c=%.2f is the player option c=,
                            typed as is; UCT and MCTS-Solver are names. */
                         "Monte-Carlo tree search (UCT, c=%.2f, with "
                         "MCTS-Solver), %llu iteration: down the tree by "
                         "the UCT rule, one new position, random moves from "
                         "there to the end of the game, and the result "
                         "counted on the way back; the solver also backs "
                         "up what the ends of the game prove.",
                         "Monte-Carlo tree search (UCT, c=%.2f, with "
                         "MCTS-Solver), %llu iterations, each: down the "
                         "tree by the UCT rule, one new position, random "
                         "moves from there to the end of the game, and the "
                         "result counted on the way back; the solver also "
                         "backs up what the ends of the game prove.",
                         self->done)
          : g_dngettext (GETTEXT_PACKAGE,
                         /* TRANSLATORS: c=%.2f is the player option c=,
                            typed as is; UCT is a name. */
                         "Monte-Carlo tree search (plain UCT, c=%.2f), %llu "
                         "iteration: down the tree by the UCT rule, one new "
                         "position, random moves from there to the end of "
                         "the game, and the result counted on the way "
                         "back.",
                         "Monte-Carlo tree search (plain UCT, c=%.2f), %llu "
                         "iterations, each: down the tree by the UCT rule, "
                         "one new position, random moves from there to the "
                         "end of the game, and the result counted on the "
                         "way back.",
                         self->done),
      self->c, (unsigned long long) self->done);
  nim_explain_wrap (player->explain, s->str);

  /* Step 2.  The root's moves. */
  explain_rows (self, board);

  /* Step 3.  The rule that chose. */
  if (st->proven)
    {
      value = nim_explain_value (st, player);
      g_string_printf (
          s,
          st->value > 0
              /* TRANSLATORS: %s is "a win for player 1", "a win for
                 you"... */
              ? _ ("Value: %s, proven: the solver showed that the "
                   "position after this move is lost for the opponent "
                   "whatever they play.  It plays the first proven "
                   "winning move in heap order.")
              /* TRANSLATORS: %s is "a loss for player 1"... */
              : _ ("Value: %s, proven: the solver showed that every move "
                   "loses against best play.  It plays the move whose "
                   "refutation took the most visits, hoping for a "
                   "mistake."),
          value);
    }
  else
    g_string_printf (
        s,
        /* TRANSLATORS: %u of %llu visits; %.2f a mean from 0 to 1. */
        _ ("Value: unknown.  It plays the move with the most visits (the "
           "first in heap order among equals), %u of %llu; its mean, %.2f, "
           "is the share of those iterations its player won, with UCT's "
           "moves in the tree and random ones below it: an estimate, no "
           "proof."),
        chosen != NULL ? chosen->visits : 0, (unsigned long long) root->visits,
        chosen != NULL && chosen->visits > 0
            ? (double) chosen->wins / chosen->visits
            : 0.0);
  if (st->stopped)
    /* TRANSLATORS: follows the sentences above, after a blank. */
    g_string_append (s, _ (" The budget (time or nodes) ran out before the "
                           "iterations were done."));
  if (self->full)
    /* TRANSLATORS: follows the sentences above, after a blank. */
    g_string_append (s, _ (" The tree filled its pool, so the last "
                           "iterations added no position."));
  nim_explain_wrap (player->explain, s->str);

  /* Step 4.  The cost. */
  g_string_printf (
      s,
      g_dngettext (GETTEXT_PACKAGE,
                   /* TRANSLATORS: the cost of a search of mcts: nodes,
                      positions in the tree, its depth in plies,
                      seconds. */
                   "Search: %llu nodes (the positions the iterations stood "
                   "on, playouts included), a tree of %u positions, %u ply "
                   "deep, %.3f s.",
                   "Search: %llu nodes (the positions the iterations stood "
                   "on, playouts included), a tree of %u positions, %u "
                   "plies deep, %.3f s.",
                   st->depth),
      (unsigned long long) st->nodes, self->used, st->depth, st->seconds);
  nim_explain_wrap (player->explain, s->str);
}

static void
mcts_finalize (NimPlayer *player)
{
  g_free (((MctsPlayer *) player)->pool);
}

static const NimPlayerOption mcts_options[] = {
  NIM_SEARCH_BUDGET_OPTIONS,
  { "iterations", NIM_OPTION_UINT, G_STRUCT_OFFSET (MctsPlayer, iterations), 0,
    MAX_ITERATIONS, NULL,
    N_ ("iterations per move, 0 for no limit (default 100000)") },
  { "c", NIM_OPTION_NUMBER, G_STRUCT_OFFSET (MctsPlayer, c), 0, 100, NULL,
    /* TRANSLATORS: help of the player option c= of mcts; √2 may be
       written sqrt(2). */
    N_ ("exploration constant of the UCT rule (default √2, 1.414)") },
  { "solver", NIM_OPTION_BOOL, G_STRUCT_OFFSET (MctsPlayer, solver), 0, 0,
    NULL,
    N_ ("MCTS-Solver: back up proven wins and losses, stop when the move "
        "is proven (default on)") },
  { NULL },
};

/* Plain UCT, then the solver. */
static const NimPlayerShowcase mcts_showcase[] = {
  { "solver=off", "mcts-uct" },
  { "", "mcts-solver" },
  { NULL, NULL },
};

const NimPlayerClass nim_player_mcts_class = {
  .name = "mcts",
  .summary = N_ ("Monte-Carlo tree search: UCT with random playouts, and "
                 "MCTS-Solver, which proves wins and losses"),
  .rules_help = N_ ("every rule"),
  .instance_size = sizeof (MctsPlayer),
  .kind = NIM_PLAYER_SEARCHER,
  .showcase = mcts_showcase,
  .options = mcts_options,
  .init = mcts_init,
  .choose_move = mcts_choose_move,
  .finalize = mcts_finalize,
  .explain_move = mcts_explain_move,
};
