/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-trace-walk.c -- what the text trace and the DOT tree share: which
 * nodes of a search they show, what they count, how they write a node
 *
 * Nodes up to the walk's depth are "shown": a text line each, and a node
 * of the DOT tree.  A shown node at the depth limit sums up the nodes
 * below it ("+N below").  At most `limit` nodes are shown per search;
 * past that the walk only counts, and the renderers say at the end how
 * many were left out.  The text trace and the DOT tree each follow the
 * search with a walk of their own, with the same depth and limit, so they
 * show the same nodes. */

#include "config.h"

#include "nim-trace-walk.h"

#include "nim-i18n.h"
#include "nim-movegen.h"
#include "nim-notation.h"
#include "nim-search.h"
#include "nim-tree.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/**
 * nim_trace_walk_init:
 * @walk: the walk to set up
 * @depth: plies shown, up to %NIM_SEARCH_MAX_PLY
 * @limit: nodes shown per search, at least 1
 *
 * Free what it holds with nim_trace_walk_clear().
 */
void
nim_trace_walk_init (NimTraceWalk *walk, guint depth, guint64 limit)
{
  g_return_if_fail (depth <= NIM_SEARCH_MAX_PLY);
  g_return_if_fail (limit > 0);

  memset (walk, 0, sizeof *walk);
  walk->depth = depth;
  walk->limit = limit;
  walk->frames = g_new0 (NimTraceFrame, depth + 1);
}

/* The frame of @ply, its list of tried moves made on first use: a walk
   through every ply has thousands of frames, and a search uses few. */
static NimTraceFrame *
frame_at (NimTraceWalk *walk, guint ply)
{
  NimTraceFrame *f = &walk->frames[ply];

  if (f->tried == NULL)
    f->tried = g_array_new (FALSE, FALSE, sizeof (NimMove));
  return f;
}

/**
 * nim_trace_walk_clear:
 * @walk: a walk set up by nim_trace_walk_init()
 *
 * Frees what the walk holds.
 */
void
nim_trace_walk_clear (NimTraceWalk *walk)
{
  guint i;

  g_clear_pointer (&walk->spec, g_free);
  for (i = 0; walk->frames != NULL && i <= walk->depth; i++)
    if (walk->frames[i].tried != NULL)
      g_array_unref (walk->frames[i].tried);
  g_clear_pointer (&walk->frames, g_free);
}

/**
 * nim_trace_walk_begin:
 * @walk: a walk
 * @spec: the searching player's spec
 * @player: its number, 1 or 2
 * @board: the position it searches
 * @rules: the rules in force
 * @kind: how to read its values
 *
 * A search starts: the counts start again from 0.
 */
void
nim_trace_walk_begin (NimTraceWalk *walk, const char *spec, guint player,
                      const NimBoard *board, const NimRules *rules,
                      NimTraceKind kind)
{
  g_return_if_fail (!walk->active);

  walk->active = TRUE;
  g_free (walk->spec);
  walk->spec = g_strdup (spec);
  walk->player = player;
  walk->rules = *rules;
  walk->root = *board;
  walk->kind = kind;
  walk->total = walk->shown = walk->summarised = walk->left_out = 0;
}

/**
 * nim_trace_walk_end:
 * @walk: a walk
 *
 * The search is over; the counts stay until the next one begins.
 */
void
nim_trace_walk_end (NimTraceWalk *walk)
{
  g_return_if_fail (walk->active);

  walk->active = FALSE;
}

/**
 * nim_trace_walk_count_iteration:
 * @walk: a walk
 *
 * Counts an iteration of Monte-Carlo tree search, which reports
 * iterations instead of nodes: for it the walk's counts and @limit are
 * iterations, and @depth does not apply.
 *
 * Returns: whether the iteration is shown
 */
gboolean
nim_trace_walk_count_iteration (NimTraceWalk *walk)
{
  walk->total++;
  if (walk->shown >= walk->limit)
    {
      walk->left_out++;
      return FALSE;
    }
  walk->shown++;
  return TRUE;
}

/**
 * nim_trace_walk_enter:
 * @walk: a walk
 * @ply: plies from the root
 * @board: the position, after the move that led to it
 *
 * Counts a node the search entered.
 *
 * Returns: (nullable): its frame if the node is shown, %NULL if not
 */
NimTraceFrame *
nim_trace_walk_enter (NimTraceWalk *walk, guint ply, const NimBoard *board)
{
  NimTraceFrame *f, *parent = NULL;
  NimMove move = { 0 };

  walk->total++;
  if (ply > 0 && ply - 1 <= walk->depth)
    {
      guint i;
      /* The move is where the boards differ: the searchers keep no
         record of it a trace could read for free. */
      guint32 split;

      parent = &walk->frames[ply - 1];
      parent->children++;
      split = board->n_heaps > parent->board.n_heaps
                  ? board->heaps[board->n_heaps - 1]
                  : 0;
      /* A split leaves its second part as a new last heap. */
      for (i = 0; i < parent->board.n_heaps; i++)
        if (board->heaps[i] != parent->board.heaps[i])
          break;
      g_assert (i < parent->board.n_heaps);
      move.heap = i;
      move.count = parent->board.heaps[i] - board->heaps[i] - split;
      move.split = split;
      move.keep = split != 0 ? board->heaps[i] : 0;
      /* What a cutoff left out is named from these: as many as nodes
         are shown at most, the memory of the trace, not of the search (a
         heap of a billion has a billion children). */
      if (parent->shown && parent->tried->len < walk->limit)
        g_array_append_val (parent->tried, move);
    }
  if (ply > walk->depth)
    {
      if (walk->frames[walk->depth].shown)
        walk->summarised++;
      else
        walk->left_out++;
      return NULL;
    }

  f = frame_at (walk, ply);
  f->board = *board;
  f->move = move;
  f->entered_at = walk->total;
  f->children = 0;
  f->shown = (parent == NULL || parent->shown) && walk->shown < walk->limit;
  g_array_set_size (f->tried, 0);
  if (!f->shown)
    {
      walk->left_out++;
      return NULL;
    }
  walk->shown++;
  return f;
}

/* Adds a mark to the list of @s. */
static void
add_mark (GString *s, const char *mark)
{
  if (s->len > 0)
    /* TRANSLATORS: also between the marks that say how a node's value
       was found, in --trace ("= 1: cut, 2 moves pruned") and in the boxes
       of --dot. */
    g_string_append (s, C_ ("list", ", "));
  g_string_append (s, mark);
}

/* How the node's value came about, for its line and its DOT label.  The
   words "end", "horizon", "tt", "cut" and "+N below" are explained in the
   legend of the DOT file. */
static char *
describe_marks (const NimTraceWalk *walk, const NimTraceFrame *f, guint flags,
                guint64 below, guint64 pruned)
{
  GString *s = g_string_new (NULL);
  const guint settled = NIM_TRACE_TT_EXACT | NIM_TRACE_TT_LOWER
                        | NIM_TRACE_TT_UPPER | NIM_TRACE_ETC
                        | NIM_TRACE_ABORTED;

  /* A proof-number search leaves a node before its children once a
     threshold is reached: that is no horizon. */
  if (f->children == 0 && (flags & settled) == 0
      && (walk->kind != NIM_TRACE_PROOF_NUMBERS
          || !nim_board_has_move (&f->board, &walk->rules)))
    add_mark (s, nim_board_has_move (&f->board, &walk->rules)
                     /* TRANSLATORS: a mark of --trace and --dot: the search
                        stopped at its depth limit; "horizon" in the legend
                        of the DOT file. */
                     ? C_ ("trace", "horizon")
                     : nim_rules_is_tree (&walk->rules)
                           /* TRANSLATORS: a mark of --trace and --dot: a leaf
                              of a game tree, whose value is given. */
                           ? C_ ("trace", "leaf")
                           /* TRANSLATORS: a mark of --trace and --dot: no move
                              is left, the game is over; "end" in the legend of
                              the DOT file. */
                           : C_ ("trace", "end"));
  if (flags & NIM_TRACE_TT_HIT && (flags & settled) == 0)
    /* TRANSLATORS: a mark of --trace and --dot: the transposition table
       ("tt" in the legend of the DOT file) knew the position, but not
       well enough to settle it (searched too shallow, or a bound outside
       the window), so its moves were searched all the same. */
    add_mark (s, C_ ("trace", "tt hit, still searched"));
  if (flags & NIM_TRACE_TT_EXACT)
    /* TRANSLATORS: a mark: the table's exact value settled the node. */
    add_mark (s, C_ ("trace", "tt exact"));
  if (flags & NIM_TRACE_TT_LOWER)
    /* TRANSLATORS: a mark: the table's lower bound settled the node. */
    add_mark (s, C_ ("trace", "tt lower bound"));
  if (flags & NIM_TRACE_TT_UPPER)
    /* TRANSLATORS: a mark: the table's upper bound settled the node. */
    add_mark (s, C_ ("trace", "tt upper bound"));
  if (flags & NIM_TRACE_ETC)
    /* TRANSLATORS: a mark of --trace and --dot; ETC is the enhanced
       transposition cutoff: the table knows a child of the node to be
       lost (for the player to move there), so the node is won. */
    add_mark (s, C_ ("trace", "etc: a child is lost in the table"));
  if (flags & NIM_TRACE_CUTOFF)
    /* TRANSLATORS: a mark of --trace and --dot: an alpha-beta cutoff;
       "cut" in the legend of the DOT file. */
    add_mark (s, C_ ("trace", "cut"));
  if (pruned > 0)
    {
      g_autofree char *p = g_strdup_printf (
          /* TRANSLATORS: a mark of --trace and --dot: moves of the node
             that were never searched, because of a cutoff or the
             table. */
          g_dngettext (GETTEXT_PACKAGE, "%llu move pruned",
                       "%llu moves pruned", pruned),
          (unsigned long long) pruned);

      add_mark (s, p);
    }
  if (flags & NIM_TRACE_ABORTED)
    /* TRANSLATORS: a mark of --trace and --dot: the search's budget (time
       or nodes) ran out inside this node. */
    add_mark (s, C_ ("trace", "budget spent"));
  if (below > 0)
    {
      g_autofree char *b = NULL;

      /* TRANSLATORS: a mark of --trace and --dot: the nodes searched under
         this one, deeper than the trace shows; "+N below" in the
         legends. */
      b = g_strdup_printf (_ ("+%llu below"), (unsigned long long) below);

      add_mark (s, b);
    }
  return g_string_free (s, FALSE);
}

/**
 * nim_trace_walk_leave:
 * @walk: a walk
 * @ply: plies from the root
 * @flags: #NimTraceFlags: what settled the node
 * @pruned: (out): set, for a shown node, to the moves of the node never
 *   searched
 * @marks: (out) (transfer full): set, for a shown node, to how its value
 *   came about, to free with g_free()
 *
 * The search is done with a node.
 *
 * Returns: (nullable): its frame if the node is shown, %NULL if not (and
 *   @pruned and @marks are not set)
 */
NimTraceFrame *
nim_trace_walk_leave (NimTraceWalk *walk, guint ply, guint flags,
                      guint64 *pruned, char **marks)
{
  NimTraceFrame *f;
  guint64 below;

  if (ply > walk->depth)
    return NULL;
  f = &walk->frames[ply];
  if (!f->shown)
    return NULL;
  below = ply == walk->depth ? walk->total - f->entered_at : 0;
  *pruned = 0;
  if ((flags & NIM_TRACE_PRUNING_FLAGS) && !(flags & NIM_TRACE_ABORTED))
    *pruned = nim_movegen_count (&f->board, &walk->rules) - f->children;
  *marks = describe_marks (walk, f, flags, below, *pruned);
  return f;
}

/**
 * nim_trace_walk_is_shown:
 * @walk: a walk
 * @ply: plies from the root
 *
 * Returns: whether the node the search is in at @ply (entered and not
 *   left) is shown
 */
gboolean
nim_trace_walk_is_shown (const NimTraceWalk *walk, guint ply)
{
  return walk->active && ply <= walk->depth && walk->frames[ply].shown;
}

/**
 * nim_trace_walk_would_show:
 * @walk: a walk
 * @ply: plies from the root
 *
 * Returns: whether a node the search entered now at @ply would be shown
 *   (its parent is, it is not past the depth shown nor the limit)
 */
gboolean
nim_trace_walk_would_show (const NimTraceWalk *walk, guint ply)
{
  return walk->active && ply <= walk->depth && walk->shown < walk->limit
         && (ply == 0 || walk->frames[ply - 1].shown);
}

/* Orders moves for nim_trace_walk_pruned()'s look-ups: any order in
   which equal moves (nim_move_equal()) compare equal. */
static int
compare_moves (gconstpointer a, gconstpointer b)
{
  const NimMove *x = a, *y = b;

  if (x->heap != y->heap)
    return x->heap < y->heap ? -1 : 1;
  if (x->count != y->count)
    return x->count < y->count ? -1 : 1;
  if (x->split != y->split)
    return x->split < y->split ? -1 : 1;
  if (x->keep != y->keep)
    return x->keep < y->keep ? -1 : 1;
  return 0;
}

/**
 * nim_trace_walk_pruned:
 * @walk: a walk
 * @frame: a shown node's frame, as nim_trace_walk_leave() returned it
 * @max: the most moves wanted
 *
 * The moves of the node that the search never tried, in generator order
 * (heap by heap, the smallest count first): those a cutoff or the table
 * pruned, when nim_trace_walk_leave() said some were.  A node keeps the
 * moves of its first @walk->limit children (--trace-limit); one that had
 * more has none named.
 *
 * Returns: (transfer full) (element-type NimMove): at most @max of them,
 *   none when the node had more children than the walk kept
 */
GArray *
nim_trace_walk_pruned (const NimTraceWalk *walk, const NimTraceFrame *frame,
                       guint max)
{
  GArray *pruned = g_array_new (FALSE, FALSE, sizeof (NimMove));
  g_autoptr (GArray) tried = NULL;
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove m;

  /* More children than the walk kept: which moves they were is not
     known, only how many were pruned. */
  if (frame->tried->len < frame->children)
    return pruned;
  tried = g_array_copy (frame->tried);
  g_array_sort (tried, compare_moves);
  /* Each move generated is tried or pruned: at most the moves tried and
     @max more are generated, each looked up in log time. */
  while (pruned->len < max
         && nim_movegen_next (&gen, &frame->board, &walk->rules, &m))
    if (tried->len == 0
        || bsearch (&m, tried->data, tried->len, sizeof (NimMove),
                    compare_moves)
               == NULL)
      g_array_append_val (pruned, m);
  return pruned;
}

/**
 * nim_trace_file_close:
 * @file: (inout): the file a renderer writes, set to %NULL
 * @write_errno: (inout): the first error writing it, 0 for none; set to
 *   the error of the last writes or of closing, if it was 0
 *
 * Closes the DOT file or the page, keeping the first error.
 */
void
nim_trace_file_close (FILE **file, int *write_errno)
{
  if (ferror (*file) && *write_errno == 0)
    *write_errno = errno != 0 ? errno : EIO;
  if (fclose (*file) != 0 && *write_errno == 0)
    *write_errno = errno != 0 ? errno : EIO;
  *file = NULL;
}

/* -------------------------------------------------------------------------
   Writing */

/**
 * nim_trace_max_min:
 * @ply: a node's distance from the root
 *
 * Who moves at a node of a minimax search, as the textbooks write it:
 * the player at the root (MAX, who takes the largest value of the
 * children) at even plies, the opponent (MIN, the smallest) at odd ones.
 * The same in every language, as the textbooks' figures are.
 *
 * Returns: "MAX" or "MIN"
 */
const char *
nim_trace_max_min (guint ply)
{
  return ply % 2 == 0 ? "MAX" : "MIN";
}

/**
 * nim_trace_append_value:
 * @s: a string
 * @value: a value of the search
 *
 * Appends @value: a number, or "inf" and "-inf" for the ends of a window.
 */
void
nim_trace_append_value (GString *s, int value)
{
  if (value >= NIM_SCORE_INF)
    g_string_append (s, "inf");
  else if (value <= -NIM_SCORE_INF)
    g_string_append (s, "-inf");
  else
    g_string_append_printf (s, "%d", value);
}

/**
 * nim_trace_append_move:
 * @s: a string
 * @move: a move
 *
 * Appends @move as the trace writes it: "h1-2" takes 2 from heap 1.
 */
void
nim_trace_append_move (GString *s, const NimMove *move)
{
  nim_notation_append_move (s, move);
}

/**
 * nim_trace_append_window:
 * @s: a string
 * @alpha: the lower end of an alpha-beta window
 * @beta: its upper end
 *
 * Appends the window as "[alpha,beta]".
 */
void
nim_trace_append_window (GString *s, int alpha, int beta)
{
  g_string_append_c (s, '[');
  nim_trace_append_value (s, alpha);
  g_string_append_c (s, ',');
  nim_trace_append_value (s, beta);
  g_string_append_c (s, ']');
}

/**
 * nim_trace_walk_position:
 * @walk: a walk
 * @board: a position of its search
 *
 * A position as the trace names it: its heaps, "3,4,5", or on a game
 * tree its path from the root, "2.1" (the root's is "").
 *
 * Returns: (transfer full): the name
 */
char *
nim_trace_walk_position (const NimTraceWalk *walk, const NimBoard *board)
{
  if (nim_rules_is_tree (&walk->rules))
    return nim_tree_path (walk->rules.tree,
                          nim_tree_node (walk->rules.tree, board));
  return nim_board_to_string (board);
}

/**
 * nim_trace_walk_append_move:
 * @walk: a walk
 * @s: a string
 * @from: the position @move is made on
 * @move: a move
 *
 * Appends @move as the trace writes it: "h1-2" takes 2 from heap 1; on a
 * game tree, the path of the child it leads to, "2.1".
 */
void
nim_trace_walk_append_move (const NimTraceWalk *walk, GString *s,
                            const NimBoard *from, const NimMove *move)
{
  const NimTree *t = walk->rules.tree;
  g_autofree char *path = NULL;

  if (!nim_rules_is_tree (&walk->rules))
    {
      nim_trace_append_move (s, move);
      return;
    }
  path = nim_tree_path (
      t, nim_tree_move_child (t, nim_tree_node (t, from), move));
  g_string_append (s, path);
}

/**
 * nim_trace_walk_root_name:
 * @walk: a walk
 *
 * Returns: (transfer full): what the search searches, as a trace's first
 *   line names it: the heaps, or a game tree in its notation (its size
 *   when that is long)
 */
char *
nim_trace_walk_root_name (const NimTraceWalk *walk)
{
  g_autofree char *text = NULL;

  if (!nim_rules_is_tree (&walk->rules))
    return nim_board_to_string (&walk->root);
  text = nim_tree_to_string (walk->rules.tree);
  if (strlen (text) <= NIM_TRACE_TREE_SHOWN)
    /* TRANSLATORS: what a search of a game tree searches, such as "the
       tree [[3,12,8],[2,4,6],[14,5,2]]". */
    return g_strdup_printf (_ ("the tree %s"), text);
  return g_strdup_printf (
      /* TRANSLATORS: what a search of a large game tree searches. */
      g_dngettext (GETTEXT_PACKAGE, "a tree of %u position",
                   "a tree of %u positions", walk->rules.tree->n_nodes),
      walk->rules.tree->n_nodes);
}
