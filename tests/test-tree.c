/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tree.c -- textbook game trees: the notation, random trees, and
   nim's own minimax and negamax on them against a reference written here */

#include "config.h"

#include "nim-analysis.h"
#include "nim-error.h"
#include "nim-player.h"
#include "nim-search.h"
#include "nim-test.h"
#include "nim-tree.h"

#include <json-glib/json-glib.h>
#include <string.h>

/* Russell and Norvig's two-ply tree: value 3, and alpha-beta never looks
   at 4 and 6. */
#define TEXTBOOK "[[3,12,8],[2,4,6],[14,5,2]]"

static NimTree *
parse (const char *text)
{
  g_autoptr (GError) error = NULL;
  NimTree *t = nim_tree_parse (text, "--tree", &error);

  g_assert_no_error (error);
  g_assert_nonnull (t);
  return t;
}

/* The notation reads and writes back, and the tree's counts, depths and
   paths are those of its text. */
static void
test_parse (void)
{
  static const struct
  {
    const char *text, *written;
    guint nodes, leaves, height;
  } cases[] = {
    { TEXTBOOK, TEXTBOOK, 13, 9, 2 },
    { " [ [3 , 12,8] ,[ 2,4,6],[14,5,2] ] ", TEXTBOOK, 13, 9, 2 },
    { "7", "7", 1, 1, 0 },
    { "[-5]", "[-5]", 2, 1, 1 },
    { "[[1,[2,[3,-4]]],0]", "[[1,[2,[3,-4]]],0]", 9, 5, 4 },
    { "[999999,-999999]", "[999999,-999999]", 3, 2, 1 },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (NimTree) t = parse (cases[i].text);
      g_autofree char *written = nim_tree_to_string (t);

      g_assert_cmpstr (written, ==, cases[i].written);
      g_assert_cmpuint (t->n_nodes, ==, cases[i].nodes);
      g_assert_cmpuint (t->n_leaves, ==, cases[i].leaves);
      g_assert_cmpuint (t->height, ==, cases[i].height);
    }
  {
    g_autoptr (NimTree) t = parse (TEXTBOOK);
    g_autofree char *root = nim_tree_path (t, 0);
    g_autofree char *p = nim_tree_path (t, nim_tree_child (t, 9, 2));
    NimBoard b;

    g_assert_cmpstr (root, ==, "");
    /* Node 9 is the root's third child; its second child holds 5. */
    g_assert_cmpuint (nim_tree_child (t, 0, 3), ==, 9);
    g_assert_cmpstr (p, ==, "3.2");
    g_assert_cmpint (t->value[nim_tree_child (t, 9, 2)], ==, 5);
    nim_tree_board (t, 5, &b);
    g_assert_cmpuint (nim_tree_node (t, &b), ==, 5);
  }
}

/* What is not a tree is refused, saying where and what a tree is. */
static void
test_parse_errors (void)
{
  static const struct
  {
    const char *text, *says;
  } cases[] = {
    { "", "ends too soon" },
    { "[]", "empty" },
    { "[[1],[]]", "empty" },
    { "[1,", "ends too soon" },
    { "[1,2", "']' is missing" },
    { "[1 2]", "expected ',' or ']'" },
    { "[1.5]", "not an integer" },
    { "[1e3]", "not an integer" },
    { "[x]", "expected a number or '['" },
    { "[-]", "'-' is not followed by a digit" },
    { "[1000000]", "beyond -999999 to 999999" },
    { "[1]]", "something follows it" },
  };
  g_autoptr (GString) deep = g_string_new (NULL);
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (NimTree) t = nim_tree_parse (cases[i].text, "--tree", &error);

      g_assert_null (t);
      g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
      nim_test_assert_contains (error->message, "--tree: ");
      nim_test_assert_contains (error->message, cases[i].says);
      nim_test_assert_contains (error->message, "such as " TEXTBOOK);
    }
  for (i = 0; i <= NIM_TREE_MAX_DEPTH; i++)
    g_string_append_c (deep, '[');
  g_string_append_c (deep, '1');
  for (i = 0; i <= NIM_TREE_MAX_DEPTH; i++)
    g_string_append_c (deep, ']');
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (NimTree) t = nim_tree_parse (deep->str, "--tree", &error);

    g_assert_null (t);
    nim_test_assert_contains (error->message, "more than 64 plies deep");
  }
}

/* A random tree is full, its leaves in the range, and the same seed
   draws the same tree. */
static void
test_random (void)
{
  g_autoptr (NimTree) a = nim_tree_new_random (3, 3, -9, 9, 42);
  g_autoptr (NimTree) b = nim_tree_new_random (3, 3, -9, 9, 42);
  g_autoptr (NimTree) c = nim_tree_new_random (3, 3, -9, 9, 43);
  g_autofree char *ta = nim_tree_to_string (a);
  g_autofree char *tb = nim_tree_to_string (b);
  g_autofree char *tc = nim_tree_to_string (c);
  gboolean low = FALSE, high = FALSE;
  guint32 i;

  g_assert_cmpstr (ta, ==, tb);
  g_assert_cmpstr (ta, !=, tc);
  g_assert_cmpuint (a->n_nodes, ==, 40);
  g_assert_cmpuint (nim_tree_random_size (3, 3), ==, 40);
  g_assert_cmpuint (nim_tree_random_size (64, 1000), ==, G_MAXUINT64);
  g_assert_cmpuint (a->n_leaves, ==, 27);
  for (i = 0; i < a->n_nodes; i++)
    {
      g_assert_cmpuint (a->n_children[i], ==, a->depth[i] < 3 ? 3 : 0);
      g_assert_cmpint (a->value[i], >=, -9);
      g_assert_cmpint (a->value[i], <=, 9);
    }
  {
    g_autoptr (NimTree) wide = nim_tree_new_random (1, 400, 0, 1, 7);

    for (i = 1; i < wide->n_nodes; i++)
      {
        low = low || wide->value[i] == 0;
        high = high || wide->value[i] == 1;
      }
    g_assert_true (low && high);
  }
}

/* -------------------------------------------------------------------------
   The reference: the textbook's MAX-VALUE and MIN-VALUE (Russell and
   Norvig), on the tree as json-glib reads its text, the children in
   their order or backwards, recording the path of each node entered. */

typedef struct
{
  gboolean ab;
  gboolean reversed;
  GPtrArray *visits;
} Reference;

static int
reference (Reference *r, JsonNode *node, const char *path, gboolean max,
           int alpha, int beta)
{
  JsonArray *children;
  guint n, i;
  int v;

  g_ptr_array_add (r->visits, g_strdup (path));
  if (!JSON_NODE_HOLDS_ARRAY (node))
    return (int) json_node_get_int (node);
  children = json_node_get_array (node);
  n = json_array_get_length (children);
  v = max ? -NIM_SCORE_INF : NIM_SCORE_INF;
  for (i = 0; i < n; i++)
    {
      guint k = r->reversed ? n - 1 - i : i;
      g_autofree char *child = *path ? g_strdup_printf ("%s.%u", path, k + 1)
                                     : g_strdup_printf ("%u", k + 1);
      int c = reference (r, json_array_get_element (children, k), child, !max,
                         alpha, beta);

      if (max)
        {
          v = MAX (v, c);
          if (r->ab && v >= beta)
            return v;
          alpha = MAX (alpha, v);
        }
      else
        {
          v = MIN (v, c);
          if (r->ab && v <= alpha)
            return v;
          beta = MIN (beta, v);
        }
    }
  return v;
}

/* The paths of the nodes a search enters, in order. */
typedef struct
{
  const NimTree *tree;
  GPtrArray *visits;
} Entered;

static void
entered_enter (gpointer data, guint ply, const NimBoard *board, int alpha,
               int beta)
{
  Entered *e = data;

  g_ptr_array_add (e->visits,
                   nim_tree_path (e->tree, nim_tree_node (e->tree, board)));
}

static void
entered_leave (gpointer data, guint ply, const NimBoard *board, int value,
               guint flags)
{
}

static const NimObserverFuncs entered_funcs
    = { .enter = entered_enter, .leave = entered_leave };

/* @spec's search of @tree: its value for MAX, the paths entered. */
static int
search_tree (const char *spec, const NimTree *tree, GPtrArray *visits)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimPlayer) p = nim_player_new (spec, &error);
  Entered e = { tree, visits };
  NimObserver observer = { &entered_funcs, &e };
  const NimSearchStats *st;
  NimRules rules;
  NimBoard board;
  NimMove move;

  g_assert_no_error (error);
  nim_rules_init (&rules);
  nim_rules_set_tree (&rules, tree);
  nim_tree_board (tree, 0, &board);
  g_assert_true (nim_player_start (p, &rules, &board, &error));
  g_assert_no_error (error);
  nim_player_set_trace (p, &observer);
  g_assert_true (nim_player_choose_move (p, &board, &move, &error));
  st = nim_player_get_stats (p);
  g_assert_true (st->proven);
  g_assert_cmpuint (st->nodes, ==, visits->len);
  return st->value;
}

static void
assert_same (GPtrArray *got, GPtrArray *want, const char *spec,
             const char *tree)
{
  guint i;

  for (i = 0; i < MIN (got->len, want->len); i++)
    if (!g_str_equal (got->pdata[i], want->pdata[i]))
      g_error ("%s on %s: visit %u is '%s', the reference's '%s'", spec, tree,
               i + 1, (char *) got->pdata[i], (char *) want->pdata[i]);
  g_assert_cmpuint (got->len, ==, want->len);
}

/* Checks minimax, negamax and alpha-beta, each in the order given and
   backwards, on @text against the reference: the same value and the same
   nodes entered, in the same order.  Returns the alpha-beta's visits in
   the order given. */
static GPtrArray *
check_tree (const char *text)
{
  static const struct
  {
    const char *spec;
    gboolean ab, reversed;
  } searchers[] = {
    { "minimax:time=0", FALSE, FALSE },
    { "negamax:time=0,ab=off", FALSE, FALSE },
    { "negamax:time=0", TRUE, FALSE },
    { "negamax:time=0,ab=off,moves=reversed", FALSE, TRUE },
    { "negamax:time=0,moves=reversed", TRUE, TRUE },
  };
  g_autoptr (NimTree) tree = parse (text);
  g_autoptr (JsonNode) json = nim_test_parse_json (text);
  GPtrArray *ab = NULL;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (searchers); i++)
    {
      Reference r = { searchers[i].ab, searchers[i].reversed,
                      g_ptr_array_new_with_free_func (g_free) };
      g_autoptr (GPtrArray) got = g_ptr_array_new_with_free_func (g_free);
      int want = reference (&r, json, "", TRUE, -NIM_SCORE_INF, NIM_SCORE_INF);
      int value = search_tree (searchers[i].spec, tree, got);

      if (value != want)
        g_error ("%s on %s: value %d, the reference's %d", searchers[i].spec,
                 text, value, want);
      assert_same (got, r.visits, searchers[i].spec, text);
      if (i == 2)
        ab = g_ptr_array_ref (r.visits);
      g_ptr_array_unref (r.visits);
    }
  return ab;
}

/* The lecture's tree: value 3, child 1 best, and alpha-beta never enters
   2.2 and 2.3 (the leaves 4 and 6); nim --solve's engine says the
   same. */
static void
test_textbook (void)
{
  g_autoptr (GPtrArray) ab = check_tree (TEXTBOOK);
  static const char *const pruned[] = { "2.2", "2.3" };
  g_autoptr (NimTree) tree = parse (TEXTBOOK);
  g_autoptr (GError) error = NULL;
  g_autoptr (NimSolution) s = NULL;
  NimRules rules;
  NimBoard board;
  guint i, j;

  g_assert_cmpuint (ab->len, ==, 11);
  for (i = 0; i < G_N_ELEMENTS (pruned); i++)
    for (j = 0; j < ab->len; j++)
      g_assert_cmpstr (ab->pdata[j], !=, pruned[i]);
  nim_rules_init (&rules);
  nim_rules_set_tree (&rules, tree);
  nim_tree_board (tree, 0, &board);
  for (i = 0; i < 2; i++)
    {
      s = nim_solve (&rules, &board, i ? "minimax" : NULL, &error);
      g_assert_no_error (error);
      g_assert_cmpint (s->value, ==, 3);
      g_assert_cmpuint (s->winning_moves->len, ==, 1);
      g_assert_cmpuint (
          tree->number[g_array_index (s->winning_moves, NimMove, 0).count], ==,
          1);
      g_assert_cmpint (g_array_index (s->child_values, int, 0), ==, 3);
      g_assert_cmpint (g_array_index (s->child_values, int, 1), ==, 2);
      g_assert_cmpint (g_array_index (s->child_values, int, 2), ==, 2);
      g_clear_pointer (&s, nim_solution_free);
    }
}

/* Random trees of every small shape, and uneven ones, against the
   reference. */
static void
test_random_reference (void)
{
  static const char *const uneven[] = {
    "[1,[2,3],[[4,-5],6]]",
    "[[[-1,[2]],3],[4,[-5,[6,-7,8]]]]",
    "[0,0,0]",
    "[[5,5],[5,5],[5]]",
  };
  guint depth, branching, seed, i;

  for (i = 0; i < G_N_ELEMENTS (uneven); i++)
    g_ptr_array_unref (check_tree (uneven[i]));
  for (depth = 1; depth <= 4; depth++)
    for (branching = 1; branching <= 4; branching++)
      for (seed = 0; seed < 12; seed++)
        {
          g_autoptr (NimTree) t
              = nim_tree_new_random (depth, branching, -9, 9, seed);
          g_autofree char *text = nim_tree_to_string (t);

          g_ptr_array_unref (check_tree (text));
        }
}

/* Only the searchers that search a game tree play one; the others are
   refused with the list of those, and so are the options that would
   stop a search where no value is known. */
static void
test_refused (void)
{
  static const struct
  {
    const char *spec, *says;
  } cases[] = {
    { "pns", "pns plays Nim's heaps, not a game tree whose leaves hold "
             "values; players that can: minimax, negamax" },
    { "mcts", "mcts plays Nim's heaps" },
    { "xor", "xor plays Nim's heaps" },
    { "grundy", "grundy plays Nim's heaps" },
    { "random", "random plays Nim's heaps" },
    { "minimax:depth=1", "minimax: depth=1 does not apply to a game tree" },
    { "negamax:tt=1M", "negamax: tt=1M does not apply to a game tree" },
    { "negamax:order=on", "negamax: order=on does not apply" },
    { "negamax:id=on", "negamax: id=on does not apply" },
    { "negamax:score=distance", "negamax: score=distance does not apply" },
    { "negamax:window=win", "negamax: window=win does not apply" },
    { "negamax:eval=parity", "negamax: eval=parity does not apply" },
  };
  g_autoptr (NimTree) tree = parse (TEXTBOOK);
  NimRules rules;
  NimBoard board;
  guint i;

  nim_rules_init (&rules);
  nim_rules_set_tree (&rules, tree);
  nim_tree_board (tree, 0, &board);
  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (NimPlayer) p = nim_player_new (cases[i].spec, &error);

      g_assert_no_error (error);
      g_assert_false (nim_player_start (p, &rules, &board, &error));
      g_assert_nonnull (error);
      nim_test_assert_contains (error->message, cases[i].says);
    }
  /* What the textbook's alpha-beta is anyway is accepted. */
  {
    g_autoptr (GError) error = NULL;
    g_autoptr (NimPlayer) p = nim_player_new (
        "negamax:tt=off,order=off,id=off,window=full,ab=off", &error);

    g_assert_true (nim_player_start (p, &rules, &board, &error));
    g_assert_no_error (error);
  }
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);
  g_test_add_func ("/tree/parse", test_parse);
  g_test_add_func ("/tree/parse-errors", test_parse_errors);
  g_test_add_func ("/tree/random", test_random);
  g_test_add_func ("/tree/textbook", test_textbook);
  g_test_add_func ("/tree/random-reference", test_random_reference);
  g_test_add_func ("/tree/refused", test_refused);
  return g_test_run ();
}
