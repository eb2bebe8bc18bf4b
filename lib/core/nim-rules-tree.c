/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-rules-tree.c -- the family "a game tree": the textbook's tree with
 * numbers at the leaves
 *
 * Not a row of the rule table: its positions are the nodes of one tree,
 * not heaps a person types, and nothing reads it from --rules.  A tree's
 * rules are made by nim_rules_set_tree(); the board is a node and a move
 * goes to a child (see #NimTree), so the searchers that can search a tree
 * make and unmake moves as in Nim, in copies of their own for the shape
 * %NIM_MOVES_TREE, and a leaf's value ends a line where Nim's end of the
 * game would. */

#include "config.h"

#include "nim-rules.h"

#include "nim-error.h"
#include "nim-i18n.h"
#include "nim-movegen.h"
#include "nim-tree.h"

static const NimRuleFamily nim_rules_tree_family;

/**
 * nim_rules_set_tree:
 * @rules: the rules to change
 * @tree: (transfer none): the tree, which must outlive every copy of
 *   @rules
 *
 * Makes @rules the game of @tree: MAX moves at the root, a move goes to a
 * child, and a leaf's value for MAX ends the line.  There is no misère
 * play on a tree.
 */
void
nim_rules_set_tree (NimRules *rules, const NimTree *tree)
{
  nim_rules_reset (rules, &nim_rules_tree_family);
  rules->misere = FALSE;
  rules->max_take = tree->n_nodes;
  rules->tree = tree;
}

/**
 * nim_rules_is_tree:
 * @rules: the rules
 *
 * Returns: %TRUE if @rules are a game tree's (nim_rules_set_tree())
 */
gboolean
nim_rules_is_tree (const NimRules *rules)
{
  return rules->family == &nim_rules_tree_family;
}

static char *
tree_to_string (const NimRules *rules)
{
  return nim_tree_to_string (rules->tree);
}

static gboolean
tree_equal (const NimRules *a, const NimRules *b)
{
  g_autofree char *x = NULL, *y = NULL;

  if (a->tree == b->tree)
    return TRUE;
  x = nim_tree_to_string (a->tree);
  y = nim_tree_to_string (b->tree);
  return g_str_equal (x, y);
}

static char *
tree_describe (const NimRules *rules)
{
  const NimTree *t = rules->tree;

  if (t->n_nodes == 1)
    return g_strdup (_ ("A game tree that is a single leaf, whose number is "
                        "its value for MAX."));
  return g_strdup_printf (
      g_dngettext (GETTEXT_PACKAGE,
                   /* TRANSLATORS: %1$u positions, %2$u of them leaves,
                      %3$u plies (the plural is chosen by it).  MAX and MIN
                      are the two players, as textbooks name them. */
                   "A game tree of %1$u positions, %2$u of them leaves, "
                   "%3$u ply deep: MAX moves at the root, the levels "
                   "alternate MAX and MIN, and a leaf's number is its value "
                   "for MAX.",
                   "A game tree of %1$u positions, %2$u of them leaves, "
                   "%3$u plies deep: MAX moves at the root, the levels "
                   "alternate MAX and MIN, and a leaf's number is its value "
                   "for MAX.",
                   t->height),
      t->n_nodes, t->n_leaves, t->height);
}

static char *
tree_describe_counts (const NimRules *rules, guint32 at_most)
{
  /* TRANSLATORS: what a move on a game tree takes: a position's child. */
  return g_strdup (_ ("a child"));
}

/* The child after the one @gen->count leads to (the first when 0), by
   the difference of their numbers (see #NimTree). */
static gboolean
tree_next (NimMoveGen *gen, const NimBoard *board, const NimRules *rules,
           NimMove *move)
{
  const NimTree *t = rules->tree;
  guint32 node = nim_tree_node (t, board);

  if (gen->heap > 0 || gen->idx >= t->n_children[node])
    return FALSE;
  gen->count = gen->idx == 0 ? 1 : gen->count + t->size[node + gen->count];
  gen->idx++;
  move->heap = 0;
  move->count = gen->count;
  move->split = 0;
  move->keep = 0;
  return TRUE;
}

static guint64
tree_count (const NimRules *rules, guint32 h)
{
  return rules->tree->n_children[rules->tree->n_nodes - h];
}

static gboolean
tree_nth (const NimRules *rules, guint32 h, guint64 n, NimMove *move)
{
  const NimTree *t = rules->tree;
  guint32 node = t->n_nodes - h;

  move->count = nim_tree_child (t, node, (guint) n + 1) - node;
  move->split = 0;
  move->keep = 0;
  return TRUE;
}

/* Whether @count leads from the node of a heap of @h to a child. */
static gboolean
tree_allows_leave (const NimRules *rules, guint32 h, guint32 count,
                   guint32 split)
{
  const NimTree *t = rules->tree;
  guint32 node = t->n_nodes - h, c = node + 1;
  guint i;

  if (split != 0)
    return FALSE;
  for (i = 0; i < t->n_children[node]; i++, c += t->size[c])
    if (c - node == count)
      return TRUE;
  return FALSE;
}

static gboolean
tree_allows (const NimRules *rules, guint32 count)
{
  return count >= 1 && count < rules->tree->n_nodes;
}

static gboolean
tree_check (const NimRules *rules, guint32 h, const NimMove *move,
            GError **error)
{
  if (tree_allows_leave (rules, h, move->count, move->split))
    return TRUE;
  g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
               _ ("A move on a game tree goes to one of the position's "
                  "children."));
  return FALSE;
}

static guint32
tree_min_take (const NimRules *rules)
{
  return 1;
}

static const char *const tree_examples[] = { NULL };

/* The row of a game tree, outside the table (see the top of this
   file). */
static const NimRuleFamily nim_rules_tree_family = {
  .name = "tree",
  .examples = tree_examples,
  .shape = NIM_MOVES_TREE,
  .theory = NIM_GRUNDY_NONE,
  .to_string = tree_to_string,
  .equal = tree_equal,
  .describe = tree_describe,
  .describe_counts = tree_describe_counts,
  .next = tree_next,
  .count = tree_count,
  .nth = tree_nth,
  .allows = tree_allows,
  .allows_leave = tree_allows_leave,
  .check = tree_check,
  .min_take = tree_min_take,
};
