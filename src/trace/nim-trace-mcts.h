/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-trace-mcts.h -- the tree of a Monte-Carlo tree search, rebuilt by
   the renderers from the iterations it reports */
#pragma once

#include <glib.h>

#include "nim-board.h"
#include "nim-move.h"
#include "nim-observer.h"
#include "nim-rules.h"

G_BEGIN_DECLS

/**
 * NimTraceMctsNode:
 * @parent: the index of the parent, -1 at the root
 * @child: the child added last, or -1
 * @sibling: the parent's child added before this one, or -1
 * @ply: plies from the root
 * @move: the move from the parent (unset at the root)
 * @board: the position
 * @added: the iteration that added it to the tree, 0 for the root
 * @visits: the iterations through it so far
 * @wins: of those, the ones won by the player who made @move
 * @proven: MCTS-Solver's proof: 1 the player to move wins, -1 loses, 0
 *   not proven
 *
 * A position of the tree as the iterations so far left it.  The
 * children run from the one added last to the first, the order in which
 * selection looks at them (of equal scores it takes the first it sees).
 */
typedef struct
{
  gint parent;
  gint child;
  gint sibling;
  guint ply;
  NimMove move;
  NimBoard board;
  guint64 added;
  guint64 visits, wins;
  int proven;
} NimTraceMctsNode;

/**
 * NimTraceMctsTree:
 * @nodes: (element-type NimTraceMctsNode): the root first, then each
 *   position in the order the iterations added it
 *
 * The tree of one search, followed iteration by iteration.
 */
typedef struct
{
  GArray *nodes;
} NimTraceMctsTree;

void nim_trace_mcts_init (NimTraceMctsTree *tree, const NimBoard *root);
void nim_trace_mcts_clear (NimTraceMctsTree *tree);
gboolean nim_trace_mcts_path (NimTraceMctsTree *tree,
                              const NimMctsIteration *it, gint *path);
void nim_trace_mcts_backup (NimTraceMctsTree *tree, const NimMctsIteration *it,
                            const gint *path);
double nim_trace_mcts_uct (const NimTraceMctsTree *tree, gint child, double c);

/* The node at @index. */
static inline NimTraceMctsNode *
nim_trace_mcts_node (const NimTraceMctsTree *tree, gint index)
{
  return &g_array_index (tree->nodes, NimTraceMctsNode, index);
}

G_END_DECLS
