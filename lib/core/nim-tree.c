/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-tree.c -- a textbook game tree: numbers at the leaves, MAX and MIN
 * levels, searched by the same searchers as Nim
 *
 * The notation is the textbooks' and the JSON's: a leaf is its value for
 * MAX, an integer; a position with moves is the list of its children in
 * brackets, in the order they are searched.  Russell and Norvig's
 * two-ply tree is [[3,12,8],[2,4,6],[14,5,2]]. */

#include "config.h"

#include "nim-tree.h"

#include "nim-error.h"
#include "nim-i18n.h"

#include <string.h>

/* The arrays of a tree being built, a node at a time in preorder. */
typedef struct
{
  GArray *n_children, *size, *parent, *number, *depth, *value;
} Builder;

static void
builder_init (Builder *b)
{
  b->n_children = g_array_new (FALSE, FALSE, sizeof (guint32));
  b->size = g_array_new (FALSE, FALSE, sizeof (guint32));
  b->parent = g_array_new (FALSE, FALSE, sizeof (guint32));
  b->number = g_array_new (FALSE, FALSE, sizeof (guint32));
  b->depth = g_array_new (FALSE, FALSE, sizeof (guint16));
  b->value = g_array_new (FALSE, FALSE, sizeof (gint32));
}

static void
builder_clear (Builder *b)
{
  GArray **a[] = { &b->n_children, &b->size,  &b->parent,
                   &b->number,     &b->depth, &b->value };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (a); i++)
    if (*a[i] != NULL)
      g_array_unref (g_steal_pointer (a[i]));
}

/* Adds a node, a leaf worth @value until it gets a child; returns its
   number. */
static guint32
builder_add (Builder *b, guint32 parent, guint depth, gint32 value)
{
  guint32 id = b->size->len, zero = 0, one = 1, number = 0;
  guint16 d = (guint16) depth;

  if (parent != G_MAXUINT32)
    number = ++g_array_index (b->n_children, guint32, parent);
  g_array_append_val (b->n_children, zero);
  g_array_append_val (b->size, one);
  g_array_append_val (b->parent, parent);
  g_array_append_val (b->number, number);
  g_array_append_val (b->depth, d);
  g_array_append_val (b->value, value);
  return id;
}

/* The tree built: each node's size, the counts, the arrays handed over. */
static NimTree *
builder_finish (Builder *b)
{
  NimTree *t = g_new0 (NimTree, 1);
  guint32 i;

  t->ref_count = 1;
  t->n_nodes = b->size->len;
  t->n_children = (guint32 *) g_array_free (b->n_children, FALSE);
  t->size = (guint32 *) g_array_free (b->size, FALSE);
  t->parent = (guint32 *) g_array_free (b->parent, FALSE);
  t->number = (guint32 *) g_array_free (b->number, FALSE);
  t->depth = (guint16 *) g_array_free (b->depth, FALSE);
  t->value = (gint32 *) g_array_free (b->value, FALSE);
  memset (b, 0, sizeof *b);
  /* In preorder a subtree follows its root, so sizes add up backwards. */
  for (i = t->n_nodes; i-- > 1;)
    t->size[t->parent[i]] += t->size[i];
  for (i = 0; i < t->n_nodes; i++)
    {
      if (t->n_children[i] == 0)
        t->n_leaves++;
      t->height = MAX (t->height, t->depth[i]);
    }
  return t;
}

/* -------------------------------------------------------------------------
   The notation */

typedef struct
{
  const char *text;
  const char *p;
  const char *what;
  Builder b;
} Reader;

static void
skip_blanks (Reader *r)
{
  while (g_ascii_isspace (*r->p))
    r->p++;
}

/* The error of a tree that is not one, at the reader's place. */
static gboolean
refuse (Reader *r, GError **error, const char *why)
{
  g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
               /* TRANSLATORS: %1$s is the option (--tree), %2$s why the
                  text is no tree, %3$u the character where that was seen,
                  counted from 1; the rest says what a tree is and is
                  typed as is. */
               _ ("%1$s: %2$s (at character %3$u); a tree is a leaf's value "
                  "for MAX, an integer, or the list of a position's "
                  "children in brackets, such as "
                  "[[3,12,8],[2,4,6],[14,5,2]]"),
               r->what, why, (guint) (r->p - r->text) + 1);
  return FALSE;
}

static gboolean
read_node (Reader *r, guint32 parent, guint depth, GError **error)
{
  guint32 id;

  skip_blanks (r);
  if (r->b.size->len >= NIM_TREE_MAX_NODES)
    {
      g_autofree char *why = g_strdup_printf (
          /* TRANSLATORS: %d is the most positions a tree may have. */
          _ ("the tree has more than %d positions"), NIM_TREE_MAX_NODES);

      return refuse (r, error, why);
    }
  if (depth > NIM_TREE_MAX_DEPTH)
    {
      g_autofree char *why = g_strdup_printf (
          /* TRANSLATORS: %d is the most plies of a tree. */
          _ ("the tree is more than %d plies deep"), NIM_TREE_MAX_DEPTH);

      return refuse (r, error, why);
    }
  if (*r->p == '-' || g_ascii_isdigit (*r->p))
    {
      const char *start = r->p;
      gint64 v = 0;

      if (*r->p == '-')
        r->p++;
      if (!g_ascii_isdigit (*r->p))
        return refuse (r, error, _ ("a '-' is not followed by a digit"));
      while (g_ascii_isdigit (*r->p))
        {
          v = v * 10 + (*r->p - '0');
          r->p++;
          if (v > NIM_TREE_MAX_VALUE)
            {
              g_autofree char *why = g_strdup_printf (
                  /* TRANSLATORS: %d is the largest value a leaf may have. */
                  _ ("a leaf's value is beyond -%d to %d"), NIM_TREE_MAX_VALUE,
                  NIM_TREE_MAX_VALUE);

              r->p = start;
              return refuse (r, error, why);
            }
        }
      if (*r->p == '.' || *r->p == 'e' || *r->p == 'E')
        {
          r->p = start;
          return refuse (r, error, _ ("a leaf's value is not an integer"));
        }
      builder_add (&r->b, parent, depth, (gint32) (*start == '-' ? -v : v));
      return TRUE;
    }
  if (*r->p != '[')
    return refuse (r, error,
                   *r->p == '\0' ? _ ("the tree ends too soon")
                                 : _ ("expected a number or '['"));
  r->p++;
  id = builder_add (&r->b, parent, depth, 0);
  skip_blanks (r);
  if (*r->p == ']')
    return refuse (r, error,
                   _ ("a position's list of children is empty: a position "
                      "without a move is a leaf, written as its value"));
  for (;;)
    {
      if (!read_node (r, id, depth + 1, error))
        return FALSE;
      skip_blanks (r);
      if (*r->p == ']')
        {
          r->p++;
          return TRUE;
        }
      if (*r->p != ',')
        return refuse (r, error,
                       *r->p == '\0' ? _ ("a ']' is missing at the end")
                                     : _ ("expected ',' or ']'"));
      r->p++;
    }
}

/**
 * nim_tree_parse:
 * @text: a tree in the notation: a leaf's value for MAX (an integer from
 *   -%NIM_TREE_MAX_VALUE to %NIM_TREE_MAX_VALUE), or a list of trees in
 *   brackets, separated by commas: [[3,12,8],[2,4,6],[14,5,2]]
 * @what: what @text was given as, for the messages ("--tree")
 * @error: return location for a #NIM_ERROR_USAGE error saying where the
 *   text stops being a tree and what one is
 *
 * Blanks may stand between the parts.  A list may not be empty, and the
 * tree has at most %NIM_TREE_MAX_NODES positions and
 * %NIM_TREE_MAX_DEPTH plies.
 *
 * Returns: (transfer full) (nullable): the tree
 */
NimTree *
nim_tree_parse (const char *text, const char *what, GError **error)
{
  Reader r = { text, text, what };
  gboolean ok;

  g_return_val_if_fail (text != NULL && what != NULL, NULL);

  builder_init (&r.b);
  ok = read_node (&r, G_MAXUINT32, 0, error);
  if (ok)
    {
      skip_blanks (&r);
      if (*r.p != '\0')
        ok = refuse (&r, error,
                     _ ("the tree is complete, and something follows it"));
    }
  if (!ok)
    {
      builder_clear (&r.b);
      return NULL;
    }
  return builder_finish (&r.b);
}

/**
 * nim_tree_random_size:
 * @depth: plies
 * @branching: children of each position above the leaves
 *
 * Returns: the positions of the full tree nim_tree_new_random() draws,
 *   or %G_MAXUINT64 when that is more than a guint64 counts
 */
guint64
nim_tree_random_size (guint depth, guint branching)
{
  guint64 n = 0, level = 1;
  guint d;

  for (d = 0; d <= depth; d++)
    {
      if (n > G_MAXUINT64 - level)
        return G_MAXUINT64;
      n += level;
      if (d < depth && branching > 0 && level > G_MAXUINT64 / branching)
        return G_MAXUINT64;
      level *= branching;
    }
  return n;
}

static void
add_random (Builder *b, GRand *rand, guint32 parent, guint depth, guint plies,
            guint branching, gint32 low, gint32 high)
{
  guint32 id;
  guint k;

  if (depth == plies)
    {
      /* g_rand_int_range()'s end is excluded. */
      builder_add (b, parent, depth,
                   (gint32) g_rand_int_range (rand, low, high + 1));
      return;
    }
  id = builder_add (b, parent, depth, 0);
  for (k = 0; k < branching; k++)
    add_random (b, rand, id, depth + 1, plies, branching, low, high);
}

/**
 * nim_tree_new_random:
 * @depth: plies from the root to the leaves, 1 to %NIM_TREE_MAX_DEPTH
 * @branching: the children of each position above the leaves, at least 1
 * @low: the smallest leaf value
 * @high: the largest, at least @low; both within %NIM_TREE_MAX_VALUE
 * @seed: what the values are drawn with: the same seed, the same tree
 *
 * A full tree whose leaves are drawn uniformly from @low to @high, in
 * preorder, as a class that shares a seed shares a tree.  The caller
 * checks that nim_tree_random_size() is at most %NIM_TREE_MAX_NODES.
 *
 * Returns: (transfer full): the tree
 */
NimTree *
nim_tree_new_random (guint depth, guint branching, gint32 low, gint32 high,
                     guint32 seed)
{
  g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
  Builder b;

  g_return_val_if_fail (depth >= 1 && depth <= NIM_TREE_MAX_DEPTH, NULL);
  g_return_val_if_fail (branching >= 1, NULL);
  g_return_val_if_fail (low <= high && low >= -NIM_TREE_MAX_VALUE
                            && high <= NIM_TREE_MAX_VALUE,
                        NULL);
  g_return_val_if_fail (
      nim_tree_random_size (depth, branching) <= NIM_TREE_MAX_NODES, NULL);

  builder_init (&b);
  add_random (&b, rand, G_MAXUINT32, 0, depth, branching, low, high);
  return builder_finish (&b);
}

/**
 * nim_tree_unref:
 * @tree: (nullable): a tree
 *
 * Drops a reference; the last frees the tree.
 */
void
nim_tree_unref (NimTree *tree)
{
  if (tree == NULL || !g_atomic_int_dec_and_test (&tree->ref_count))
    return;
  g_free (tree->n_children);
  g_free (tree->size);
  g_free (tree->parent);
  g_free (tree->number);
  g_free (tree->depth);
  g_free (tree->value);
  g_free (tree);
}

/**
 * nim_tree_to_string:
 * @tree: a tree
 *
 * Returns: (transfer full): @tree in the notation nim_tree_parse() reads,
 *   without blanks
 */
char *
nim_tree_to_string (const NimTree *tree)
{
  GString *s = g_string_new (NULL);
  guint32 i;

  for (i = 0; i < tree->n_nodes; i++)
    {
      guint32 up;

      if (tree->number[i] > 1)
        g_string_append_c (s, ',');
      if (tree->n_children[i] > 0)
        {
          g_string_append_c (s, '[');
          continue;
        }
      g_string_append_printf (s, "%" G_GINT32_FORMAT, tree->value[i]);
      /* Close the lists this leaf is the last of. */
      for (up = i; tree->parent[up] != G_MAXUINT32
                   && tree->number[up] == tree->n_children[tree->parent[up]];
           up = tree->parent[up])
        g_string_append_c (s, ']');
    }
  return g_string_free (s, FALSE);
}

/**
 * nim_tree_path:
 * @tree: a tree
 * @node: one of its nodes
 *
 * Returns: (transfer full): the child numbers from the root to @node,
 *   from 1, joined by dots: "2.1"; "" for the root
 */
char *
nim_tree_path (const NimTree *tree, guint32 node)
{
  GString *s = g_string_new (NULL);
  guint32 n;

  for (n = node; tree->parent[n] != G_MAXUINT32; n = tree->parent[n])
    {
      char number[16];

      g_snprintf (number, sizeof number, "%" G_GUINT32_FORMAT "%s",
                  tree->number[n], n != node ? "." : "");
      g_string_prepend (s, number);
    }
  return g_string_free (s, FALSE);
}

/**
 * nim_tree_child:
 * @tree: a tree
 * @node: one of its nodes
 * @k: a child's number, from 1 to the node's children
 *
 * Returns: the @k-th child of @node
 */
guint32
nim_tree_child (const NimTree *tree, guint32 node, guint k)
{
  guint32 c = node + 1;
  guint i;

  g_return_val_if_fail (k >= 1 && k <= tree->n_children[node], node);

  for (i = 1; i < k; i++)
    c += tree->size[c];
  return c;
}

/**
 * nim_tree_board:
 * @tree: a tree
 * @node: one of its nodes
 * @board: (out): the board that stands for @node
 *
 * A tree's board has one heap, @tree's positions less @node's number, so
 * that a move to a child, which takes the difference of their numbers,
 * is made and unmade as in Nim (see #NimTree).
 */
void
nim_tree_board (const NimTree *tree, guint32 node, NimBoard *board)
{
  guint32 heap = tree->n_nodes - node;

  nim_board_init (board, &heap, 1);
}
