/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-tree.h -- a textbook game tree: numbers at the leaves, MAX and MIN
   levels, searched by the same searchers as Nim */
#pragma once

#include <glib.h>

#include "nim-board.h"
#include "nim-move.h"

G_BEGIN_DECLS

/* The most positions a tree may have, and the most plies from its root
   to a leaf: a page or a lecture never needs more, and a search of it
   stays far from NIM_SEARCH_MAX_PLY. */
#define NIM_TREE_MAX_NODES 1000000
#define NIM_TREE_MAX_DEPTH 64
/* The values a leaf may hold: well inside the searchers' infinity. */
#define NIM_TREE_MAX_VALUE 999999

/**
 * NimTree:
 * @n_nodes: the positions, the root and the leaves included
 * @n_leaves: those without a child
 * @height: plies from the root to the deepest leaf
 * @n_children: each node's children
 * @size: the nodes of each node's subtree, itself included
 * @parent: each node's parent, %G_MAXUINT32 at the root
 * @number: each node's number among its siblings, from 1 (0 at the root)
 * @depth: each node's plies from the root
 * @value: each leaf's value for MAX (0 at the other nodes)
 *
 * A game tree as a textbook draws one: MAX moves at the root, levels
 * alternate MAX and MIN, and a leaf's number is its value for MAX.  The
 * nodes are numbered in preorder (the root 0, a node's first child the
 * next number, its next sibling after the whole subtree), which lets a
 * searcher's #NimBoard be a node: one heap of @n_nodes less the node's
 * number (see nim_tree_board()), and the move to a child a take of the
 * difference between their numbers, so that make and unmake are Nim's.
 * Immutable once made; reference-counted.
 */
struct _NimTree
{
  guint n_nodes;
  guint n_leaves;
  guint height;
  guint32 *n_children;
  guint32 *size;
  guint32 *parent;
  guint32 *number;
  guint16 *depth;
  gint32 *value;
  /*< private >*/
  gint ref_count;
};

NimTree *nim_tree_parse (const char *text, const char *what, GError **error);
NimTree *nim_tree_new_random (guint depth, guint branching, gint32 low,
                              gint32 high, guint32 seed);
guint64 nim_tree_random_size (guint depth, guint branching);
void nim_tree_unref (NimTree *tree);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimTree, nim_tree_unref)

char *nim_tree_to_string (const NimTree *tree);
char *nim_tree_path (const NimTree *tree, guint32 node);
guint32 nim_tree_child (const NimTree *tree, guint32 node, guint k);
void nim_tree_board (const NimTree *tree, guint32 node, NimBoard *board);

/**
 * nim_tree_node:
 * @tree: a tree
 * @board: a board made by nim_tree_board(), or after moves from one
 *
 * Returns: the node @board stands for
 */
static inline guint32
nim_tree_node (const NimTree *tree, const NimBoard *board)
{
  return tree->n_nodes - board->heaps[0];
}

/**
 * nim_tree_move_child:
 * @tree: a tree
 * @node: a node
 * @move: a move from @node (nim_movegen_next() under the tree's rules)
 *
 * Returns: the child @move leads to
 */
static inline guint32
nim_tree_move_child (const NimTree *tree, guint32 node, const NimMove *move)
{
  return node + move->count;
}

/**
 * nim_tree_value_to_move:
 * @tree: a tree
 * @node: a leaf
 *
 * Returns: the leaf's value for the player to move there: MAX's value at
 *   an even depth, its negation at an odd one, as negamax reads it
 */
static inline int
nim_tree_value_to_move (const NimTree *tree, guint32 node)
{
  return tree->depth[node] % 2 == 0 ? tree->value[node] : -tree->value[node];
}

G_END_DECLS
