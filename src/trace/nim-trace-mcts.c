/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-trace-mcts.c -- the tree of a Monte-Carlo tree search, rebuilt by
 * the renderers from the iterations it reports
 *
 * Monte-Carlo tree search reports each iteration after its backup: the
 * moves of its path and the statistics of the positions on it
 * (#NimMctsIteration).  A renderer that wants the whole tree, the page of
 * --explore and the DOT tree of --dot, follows the iterations from the
 * first: the positions off the path keep what earlier iterations left,
 * so the tree before an iteration, and the UCT scores selection compared,
 * are known at every step. */

#include "config.h"

#include "nim-trace-mcts.h"

#include <math.h>

/**
 * nim_trace_mcts_init:
 * @tree: the tree to set up
 * @root: the position searched
 *
 * A tree of the root alone, as a search starts.  Free what it holds with
 * nim_trace_mcts_clear().
 */
void
nim_trace_mcts_init (NimTraceMctsTree *tree, const NimBoard *root)
{
  NimTraceMctsNode n = { 0 };

  n.parent = n.child = n.sibling = -1;
  n.board = *root;
  tree->nodes = g_array_new (FALSE, FALSE, sizeof (NimTraceMctsNode));
  g_array_append_val (tree->nodes, n);
}

/**
 * nim_trace_mcts_clear:
 * @tree: a tree set up by nim_trace_mcts_init(), or zeroed
 */
void
nim_trace_mcts_clear (NimTraceMctsTree *tree)
{
  g_clear_pointer (&tree->nodes, g_array_unref);
}

/* The child of @parent reached by @move, or -1. */
static gint
find_child (const NimTraceMctsTree *tree, gint parent, const NimMove *move)
{
  gint c;

  for (c = nim_trace_mcts_node (tree, parent)->child; c >= 0;
       c = nim_trace_mcts_node (tree, c)->sibling)
    if (nim_move_equal (&nim_trace_mcts_node (tree, c)->move, move))
      return c;
  return -1;
}

/**
 * nim_trace_mcts_path:
 * @tree: the tree as the iterations before @it left it
 * @it: the next iteration
 * @path: (out) (array length=it->n_path + 1): the nodes of its path, the
 *   root first
 *
 * Finds the path of @it in the tree and adds the position it expanded,
 * with no visit yet; the statistics stay those before @it (see
 * nim_trace_mcts_backup()).
 *
 * Returns: %FALSE, the tree unchanged, when the path is not in the tree
 *   (the iteration is not the next one of the search followed)
 */
gboolean
nim_trace_mcts_path (NimTraceMctsTree *tree, const NimMctsIteration *it,
                     gint *path)
{
  guint i;

  path[0] = 0;
  for (i = 0; i < it->n_path; i++)
    {
      gint c = find_child (tree, path[i], &it->path[i]);

      if (c < 0 && !(it->expanded && i + 1 == it->n_path))
        return FALSE;
      path[i + 1] = c;
    }
  if (it->expanded && it->n_path > 0 && path[it->n_path] < 0)
    {
      NimTraceMctsNode *p = nim_trace_mcts_node (tree, path[it->n_path - 1]);
      NimTraceMctsNode n = { 0 };

      n.parent = path[it->n_path - 1];
      n.child = -1;
      n.sibling = p->child;
      n.ply = it->n_path;
      n.move = it->path[it->n_path - 1];
      n.board = p->board;
      nim_board_make_move (&n.board, &n.move);
      n.added = it->number;
      p->child = (gint) tree->nodes->len;
      path[it->n_path] = p->child;
      g_array_append_val (tree->nodes, n);
    }
  return path[it->n_path] >= 0;
}

/**
 * nim_trace_mcts_backup:
 * @tree: a tree
 * @it: the iteration whose path nim_trace_mcts_path() found
 * @path: that path
 *
 * Gives the positions on the path the statistics the backup left them.
 */
void
nim_trace_mcts_backup (NimTraceMctsTree *tree, const NimMctsIteration *it,
                       const gint *path)
{
  guint i;

  for (i = 0; i <= it->n_path; i++)
    {
      NimTraceMctsNode *n = nim_trace_mcts_node (tree, path[i]);

      n->visits = it->nodes[i].visits;
      n->wins = it->nodes[i].wins;
      n->proven = it->nodes[i].proven;
    }
}

/**
 * nim_trace_mcts_uct:
 * @tree: a tree
 * @child: a node with a parent
 * @c: the exploration constant
 *
 * The UCT score selection gives @child, from the statistics the tree has
 * now: its mean, wins / visits, plus @c * sqrt (ln (the parent's visits)
 * / visits), computed as the player computes it, so that equal scores
 * are equal here too.
 *
 * Returns: the score; infinity for a child without a visit
 */
double
nim_trace_mcts_uct (const NimTraceMctsTree *tree, gint child, double c)
{
  const NimTraceMctsNode *n = nim_trace_mcts_node (tree, child);
  const NimTraceMctsNode *p = nim_trace_mcts_node (tree, n->parent);
  double log_n = log ((double) p->visits);

  if (n->visits == 0)
    return INFINITY;
  return (double) n->wins / (double) n->visits
         + c * sqrt (log_n / (double) n->visits);
}
