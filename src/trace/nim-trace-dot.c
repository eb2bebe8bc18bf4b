/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-trace-dot.c -- the DOT tree of --dot: the first search of a game,
 * drawn for Graphviz
 *
 * An observer of the searches of a game.  It collects the shown nodes of
 * the first search (see nim-trace-walk.c) and writes them as a DOT graph
 * when that search ends: a box a node, an edge a move, the principal
 * variation in bold, a grey note for the moves a node pruned.  The later
 * searches of the game it ignores.  The file is opened at once, so a
 * path that cannot be written is reported before any search.
 *
 * Monte-Carlo tree search reports iterations, not nodes: its drawing is
 * its tree as the iterations shown left it (nim-trace-mcts.c), each box
 * with its visits, its wins and its proof. */

#include "config.h"

#include "nim-trace-dot.h"

#include "nim-i18n.h"
#include "nim-search.h"
#include "nim-trace-mcts.h"
#include "nim-trace-walk.h"
#include "nim-error.h"

#include <stdio.h>
#include <errno.h>

/* A note names at most this many of the moves a node pruned. */
#define DOT_PRUNED_NAMED 8

/* One shown node of the DOT tree. */
typedef struct
{
  gint parent; /* index in nodes, -1 for an iteration's root */
  guint iteration;
  guint ply;
  NimMove move;
  char *heaps;
  int alpha, beta;
  int value;
  char *marks;
  guint64 pruned;
  char *pruned_moves; /* the first of them, named */
  gboolean settled;   /* the table settled it: no move was searched */
  gint best;          /* the child with the best value for this node, or -1 */
  int best_score;     /* its value as this node sees it */
  gboolean closed;    /* left: value and marks are set */
  gboolean aborted;   /* the budget ran out inside it */
} DotNode;

struct _NimTraceDot
{
  NimObserver observer;
  NimTraceWalk walk;
  char *path;
  FILE *file;      /* open until the first search's tree is written */
  int write_errno; /* the first write error, or 0 */
  guint iteration; /* of iterative deepening, 0 without */
  gint *line;      /* depth + 1: the node shown at each ply of the line */
  GArray *nodes;   /* of DotNode, in the order entered */
  NimTraceMctsTree mcts; /* Monte-Carlo tree search's tree */
};

static void
dot_node_clear (gpointer data)
{
  DotNode *d = data;

  g_free (d->heaps);
  g_free (d->marks);
  g_free (d->pruned_moves);
}

/* -------------------------------------------------------------------------
   Collecting */

static void
dot_begin (gpointer data, const char *spec, guint player,
           const NimBoard *board, const NimRules *rules, NimTraceKind kind)
{
  NimTraceDot *t = data;

  if (t->file == NULL)
    return; /* the first search is drawn, and no other */
  nim_trace_walk_begin (&t->walk, spec, player, board, rules, kind);
  t->iteration = 0;
  if (kind == NIM_TRACE_MCTS)
    nim_trace_mcts_init (&t->mcts, board);
}

static void
dot_iteration (gpointer data, guint depth)
{
  NimTraceDot *t = data;

  t->iteration = depth;
}

/* A shown node becomes a box, its edge from its parent's box. */
static void
dot_enter (gpointer data, guint ply, const NimBoard *board, int alpha,
           int beta)
{
  NimTraceDot *t = data;
  const NimTraceFrame *f;
  DotNode d = { 0 };

  if (t->file == NULL)
    return;
  f = nim_trace_walk_enter (&t->walk, ply, board);
  if (f == NULL)
    return;
  d.parent = ply > 0 ? t->line[ply - 1] : -1;
  d.iteration = t->iteration;
  d.ply = ply;
  d.move = f->move;
  d.heaps = nim_trace_walk_position (&t->walk, board);
  d.alpha = alpha;
  d.beta = beta;
  d.best = -1;
  g_array_append_val (t->nodes, d);
  t->line[ply] = (gint) t->nodes->len - 1;
}

/* A shown node's box gets its value and marks; its parent learns whether
   it is the best child so far, for the principal variation. */
static void
dot_leave (gpointer data, guint ply, const NimBoard *board, int value,
           guint flags)
{
  NimTraceDot *t = data;
  g_autofree char *marks = NULL;
  guint64 pruned;
  const NimTraceFrame *f;
  DotNode *d, *p;
  int score;

  if (t->file == NULL
      || (f = nim_trace_walk_leave (&t->walk, ply, flags, &pruned, &marks))
             == NULL)
    return;
  d = &g_array_index (t->nodes, DotNode, t->line[ply]);
  d->value = value;
  d->marks = g_steal_pointer (&marks);
  d->pruned = pruned;
  if (pruned > 0)
    {
      g_autoptr (GArray) moves
          = nim_trace_walk_pruned (&t->walk, f, DOT_PRUNED_NAMED);
      GString *names = g_string_new (NULL);

      guint i;

      for (i = 0; i < moves->len; i++)
        {
          if (i > 0)
            g_string_append (names, C_ ("list", ", "));
          nim_trace_walk_append_move (&t->walk, names, &f->board,
                                      &g_array_index (moves, NimMove, i));
        }
      if (pruned > moves->len)
        {
          g_string_append (names, C_ ("list", ", "));
          g_string_append_printf (
              names,
              /* The end of the list, as nim_trace_append_moves() writes
                 it. */
              g_dngettext (GETTEXT_PACKAGE, "and %llu more", "and %llu more",
                           pruned - moves->len),
              (unsigned long long) (pruned - moves->len));
        }
      d->pruned_moves = g_string_free (names, FALSE);
    }
  d->settled = (flags
                & (NIM_TRACE_TT_EXACT | NIM_TRACE_TT_LOWER | NIM_TRACE_TT_UPPER
                   | NIM_TRACE_ETC))
               != 0;
  d->closed = TRUE;
  d->aborted = (flags & NIM_TRACE_ABORTED) != 0;
  if (d->parent < 0)
    return;
  p = &g_array_index (t->nodes, DotNode, d->parent);
  /* Which child the parent would play: the best for the player to move
     there (minimax: Max at even plies, Min at odd). */
  score = t->walk.kind != NIM_TRACE_MINIMAX ? -value
          : p->ply % 2 == 0                 ? value
                                            : -value;
  if (p->best < 0 || score > p->best_score)
    {
      p->best = t->line[ply];
      p->best_score = score;
    }
}

/* An iteration of Monte-Carlo tree search: its tree grows by the position
   it added, and the backup's counts. */
static void
dot_mcts_iteration (gpointer data, const NimMctsIteration *it)
{
  NimTraceDot *t = data;
  g_autofree gint *path = NULL;

  if (t->file == NULL || t->mcts.nodes == NULL
      || !nim_trace_walk_count_iteration (&t->walk))
    return;
  path = g_new (gint, it->n_path + 1);
  if (nim_trace_mcts_path (&t->mcts, it, path))
    nim_trace_mcts_backup (&t->mcts, it, path);
}

/* -------------------------------------------------------------------------
   Writing */

/* Writes @text inside a DOT string: quotes and backslashes escaped, a
   newline as DOT's \n (a translation cannot break the file). */
static void
dot_escape (FILE *out, const char *text)
{
  const char *p;

  for (p = text; *p != '\0'; p++)
    if (*p == '\n')
      fputs ("\\n", out);
    else
      {
        if (*p == '"' || *p == '\\')
          fputc ('\\', out);
        fputc (*p, out);
      }
}

/* The principal variation: from the last finished root, the move played,
   then at every node the child it would play.  Returns a flag a node,
   to free with g_free(). */
static gboolean *
find_pv (const NimTraceDot *t, const NimMove *move)
{
  GArray *nodes = t->nodes;
  gboolean *pv = g_new0 (gboolean, nodes->len + 1);
  gint root = -1, n = -1, i;

  for (i = (gint) nodes->len - 1; i >= 0; i--)
    {
      const DotNode *d = &g_array_index (nodes, DotNode, i);

      if (d->parent < 0 && d->closed && !d->aborted)
        {
          root = i;
          break;
        }
    }
  if (root < 0 || move == NULL)
    return pv;
  for (i = root + 1; i < (gint) nodes->len; i++)
    {
      const DotNode *d = &g_array_index (nodes, DotNode, i);

      if (d->parent == root && nim_move_equal (&d->move, move))
        {
          n = i;
          break;
        }
    }
  if (n >= 0)
    pv[root] = TRUE;
  while (n >= 0)
    {
      pv[n] = TRUE;
      n = g_array_index (nodes, DotNode, n).best;
    }
  return pv;
}

/* The legend of a search of @kind on a game tree. */
static const char *
legend_tree (NimTraceKind kind)
{
  if (kind == NIM_TRACE_MINIMAX)
    /* TRANSLATORS: the legend of the DOT file for minimax on a game tree;
       "leaf", "= v" and "N pruned: MOVES" are written as they stand in
       the drawing. */
    return _ ("   - a box is a position: its path from the root (2.1: the "
              "first child\n"
              "     of the root's second child), MAX or MIN, who moves "
              "there, \"= v\" the\n"
              "     value for MAX (leaf: its value is given);\n"
              "   - an edge goes to a child, labelled with its number;\n"
              "   - bold edges and boxes: the principal variation, the line "
              "both\n"
              "     sides would play from the move chosen on.\n"
              "\n");
  /* TRANSLATORS: the same legend for negamax on a game tree, with the
     window [alpha,beta] for alpha-beta and its cutoffs. */
  return _ ("   - a box is a position: its path from the root (2.1: the "
            "first child\n"
            "     of the root's second child), MAX or MIN, who moves "
            "there, with\n"
            "     alpha-beta the window [alpha,beta] on entry, \"= v\" the "
            "value for the\n"
            "     player to move there (MAX's at MAX, its negation at MIN), "
            "and how it\n"
            "     was found (leaf: its value is given; cut: an alpha-beta "
            "cutoff);\n"
            "   - an edge goes to a child, labelled with its number;\n"
            "   - bold edges and boxes: the principal variation, the line "
            "both\n"
            "     sides would play from the move chosen on;\n"
            "   - a dashed edge to a grey \"N pruned: MOVES\" note: the "
            "children of\n"
            "     that position that a cutoff left unsearched, by their "
            "paths.\n"
            "\n");
}

/* The legend's first item, for a search of @kind. */
static const char *
legend_boxes (NimTraceKind kind)
{
  if (kind == NIM_TRACE_MCTS)
    /* TRANSLATORS: the first item of the legend of the DOT file for
       Monte-Carlo tree search; "w/v (m)" and "= v" are written as they
       stand in the boxes. */
    return _ ("   - a box is a position of the tree: its heaps, \"w/v (m)\": "
              "of the v\n"
              "     iterations through it, the player who moved there won w, "
              "and\n"
              "     m = w/v (the root: its visits), and \"= v\" once "
              "MCTS-Solver proved it\n"
              "     (1 the player to move there wins, -1 loses);\n");
  if (kind == NIM_TRACE_ALPHA_BETA)
    /* TRANSLATORS: the first item of the legend of the DOT file, in three
       forms: for alpha-beta (with the window), minimax and negamax.  The words
       before the colons in the parentheses are the marks written in the boxes
       ("end", "horizon", "tt hit", "cut", "+N below"). */
    return _ ("   - a box is a position: its heaps, the window "
              "[alpha,beta] on entry, \"= v\" the value the\n"
              "     search returned for the player to move there\n"
              "     (1 win, -1 loss, 0 unknown), and how it was found "
              "(end: no move\n"
              "     left; horizon: the depth limit; tt: the table; cut: "
              "an alpha-beta\n"
              "     cutoff; +N below: nodes searched under it that are "
              "not drawn);\n");
  if (kind == NIM_TRACE_MINIMAX)
    /* TRANSLATORS: the same item for minimax, whose values are for the player
       at the root. */
    return _ ("   - a box is a position: its heaps, MAX where the player at "
              "the root moves\n"
              "     and takes the largest value of the children, MIN "
              "where the opponent\n"
              "     moves and takes the smallest, \"= v\" the value the "
              "search returned\n"
              "     for the player at the root (1 win, -1 loss, 0 "
              "unknown), and how it\n"
              "     was found (end: no move left; horizon: the depth "
              "limit; tt: the\n"
              "     table; cut: an alpha-beta cutoff; +N below: nodes "
              "searched under it\n"
              "     that are not drawn);\n");
  /* TRANSLATORS: the same item for negamax without alpha-beta. */
  return _ ("   - a box is a position: its heaps, \"= v\" the value "
            "the\n"
            "     search returned for the player to move there\n"
            "     (1 win, -1 loss, 0 unknown), and how it was found "
            "(end: no move\n"
            "     left; horizon: the depth limit; tt: the table; cut: "
            "an alpha-beta\n"
            "     cutoff; +N below: nodes searched under it that are "
            "not drawn);\n");
}

/* The comment at the top of the file: what was searched, the legend and
   the counts.  The comment's text is translated; the DOT around it is
   not, and a translation cannot end the comment early. */
static void
write_comment (const NimTraceDot *t, FILE *out)
{
  const NimTraceWalk *w = &t->walk;
  g_autofree char *heaps = nim_trace_walk_root_name (w);
  g_autofree char *described = nim_rules_describe (&w->rules);
  g_autofree char *depth_text = w->depth >= NIM_SEARCH_MAX_PLY
                                    /* TRANSLATORS: the depth drawn in
                                       the DOT file, when it is not a
                                       number of plies. */
                                    ? g_strdup (_ ("every ply"))
                                    : g_strdup_printf ("%u", w->depth);

  fputs ("/* ", out);
  fprintf (out,
           /* TRANSLATORS: the start of the comment at the top of the DOT
              file of --dot: a player spec, its number and the heaps it
              searched, such as 3,4,5; then a sentence describing the
              rules.  The lines after the first are indented by three
              blanks, under the comment's opening.  Never write the two
              characters that end a C comment. */
           _ ("nim --dot: the tree %s (player %u) searched from %s.\n"
              "   Rules: %s\n"
              "\n"
              "   Legend:\n"),
           w->spec, w->player, heaps, described);
  if (nim_rules_is_tree (&w->rules))
    fputs (legend_tree (w->kind), out);
  else
    fputs (legend_boxes (w->kind), out);
  if (w->kind == NIM_TRACE_MCTS)
    {
      /* TRANSLATORS: the other items of the legend of the DOT file for
         Monte-Carlo tree search; hHEAP-COUNT as above. */
      fputs (_ ("   - an edge is a move, hHEAP-COUNT: take COUNT from heap "
                "HEAP;\n"
                "   - bold edges and boxes: the move played, then at each "
                "position the\n"
                "     move visited most.\n"
                "\n"),
             out);
      fprintf (out,
               /* TRANSLATORS: the end of the comment at the top of the DOT
                  file for Monte-Carlo tree search: its iterations, those
                  drawn, those left out past --trace-limit, the limit, and
                  the positions of the tree drawn. */
               g_dngettext (GETTEXT_PACKAGE,
                            "   %llu iteration: the tree as the first %llu "
                            "left it, %llu left out\n"
                            "   past the limit of %llu; %u positions.",
                            "   %llu iterations: the tree as the first %llu "
                            "left it, %llu left out\n"
                            "   past the limit of %llu; %u positions.",
                            w->total),
               (unsigned long long) w->total, (unsigned long long) w->shown,
               (unsigned long long) w->left_out, (unsigned long long) w->limit,
               t->mcts.nodes->len);
      fputs (" */\n", out);
      return;
    }
  /* TRANSLATORS: the other items of the legend of the DOT file;
     hHEAP-COUNT is the notation of a move on the edges ("h1-2" takes 2
     from heap 1), "N pruned" the text of the notes ("3 pruned"). */
  if (!nim_rules_is_tree (&w->rules))
    fputs (
        _ ("   - an edge is a move, hHEAP-COUNT: take COUNT from heap HEAP;\n"
           "   - bold edges and boxes: the principal variation, the line "
           "both\n"
           "     sides would play from the move chosen on;\n"
           "   - a dashed edge to a grey \"N pruned: MOVES\" note: the N "
           "moves of\n"
           "     that position that were never searched, named, because "
           "of the\n"
           "     cutoff or the table entry written in its box;\n"
           "   - a filled box: the table settled the position, so none of "
           "its\n"
           "     moves was searched (\"tt hit, still searched\": the table "
           "knew it,\n"
           "     not well enough, and its moves were searched);\n"
           "   - with iterative deepening each iteration is a tree of its "
           "own,\n"
           "     its root labelled with the depth.\n"
           "\n"),
        out);
  fprintf (out,
           /* TRANSLATORS: the end of the comment at the top of the DOT
              file: the nodes the search counted, those drawn, those
              counted in the "+N below" of a box, those left out past
              --trace-limit, the limit, and the depth drawn (a number or
              "every ply"). */
           _ ("   %llu nodes searched: %llu drawn, %llu counted in \"+N "
              "below\",\n"
              "   %llu left out past the limit of %llu nodes drawn (depth "
              "drawn: %s)."),
           (unsigned long long) w->total, (unsigned long long) w->shown,
           (unsigned long long) w->summarised,
           (unsigned long long) w->left_out, (unsigned long long) w->limit,
           depth_text);
  fputs (" */\n", out);
}

/* The graph's title and the defaults of its boxes and edges. */
static void
write_graph_start (const NimTraceDot *t, FILE *out)
{
  const NimTraceWalk *w = &t->walk;
  g_autofree char *heaps = nim_trace_walk_root_name (w);
  g_autofree char *title = g_strdup_printf (
      w->kind == NIM_TRACE_MCTS
          /* TRANSLATORS: the title of the drawing of --dot for
             Monte-Carlo tree search: a player spec, the heaps it searched
             from, its iterations and those left out past
             --trace-limit. */
          ? g_dngettext (
              GETTEXT_PACKAGE, "%s from %s: %llu iteration, %llu left out",
              "%s from %s: %llu iterations, %llu left out", w->total)
          /* TRANSLATORS: the title of the drawing of --dot: a player
             spec, the heaps it searched from, the nodes it counted and
             those left out past --trace-limit. */
          : _ ("%s from %s: %llu nodes, %llu left out"),
      w->spec, heaps, (unsigned long long) w->total,
      (unsigned long long) w->left_out);

  fputs ("digraph nim_search {\n  graph [labelloc=t, label=\"", out);
  dot_escape (out, title);
  fputs ("\"];\n"
         "  node [shape=box, fontname=\"monospace\", fontsize=10];\n"
         "  edge [fontname=\"monospace\", fontsize=9];\n",
         out);
}

/* A box, the edge to it and the note of the moves it pruned; @bold for
   the principal variation. */
static void
write_node (const NimTraceDot *t, FILE *out, gint i, gboolean bold)
{
  const DotNode *d = &g_array_index (t->nodes, DotNode, i);
  g_autoptr (GString) label = g_string_new (NULL);

  if (d->parent < 0 && d->iteration > 0)
    /* TRANSLATORS: in --dot, before the heaps of the root of an
       iteration of iterative deepening: "depth 3: 3,4,5". */
    g_string_append_printf (label, _ ("depth %u: "), d->iteration);
  g_string_append (label, *d->heaps != '\0' ? d->heaps : C_ ("trace", "root"));
  if (t->walk.kind == NIM_TRACE_MINIMAX || nim_rules_is_tree (&t->walk.rules))
    {
      g_string_append_c (label, ' ');
      g_string_append (label, nim_trace_max_min (d->ply));
    }
  if (t->walk.kind == NIM_TRACE_ALPHA_BETA)
    {
      g_string_append_c (label, '\n');
      nim_trace_append_window (label, d->alpha, d->beta);
    }
  if (d->closed)
    {
      g_string_append (label, "\n= ");
      nim_trace_append_value (label, d->value);
      if (d->marks != NULL && *d->marks != '\0')
        g_string_append_printf (label, "\n%s", d->marks);
    }
  fprintf (out, "  n%d [label=\"", i);
  dot_escape (out, label->str);
  /* A box the table settled is filled: nothing under it was searched. */
  fprintf (out, "\"%s%s];\n",
           d->settled ? (bold ? ", style=\"bold,filled\"" : ", style=filled")
           : bold     ? ", style=bold"
                      : "",
           d->settled ? ", fillcolor=lightyellow" : "");
  if (d->parent >= 0)
    {
      g_autoptr (GString) m = g_string_new (NULL);

      /* On a game tree the edge is the child's number. */
      if (nim_rules_is_tree (&t->walk.rules))
        g_string_append (m, strrchr (d->heaps, '.') != NULL
                                ? strrchr (d->heaps, '.') + 1
                                : d->heaps);
      else
        nim_trace_append_move (m, &d->move);
      fprintf (out, "  n%d -> n%d [label=\"%s\"%s];\n", d->parent, i, m->str,
               bold ? ", style=bold" : "");
    }
  if (d->pruned > 0)
    {
      g_autofree char *note = g_strdup_printf (
          /* TRANSLATORS: the note of --dot for moves of a position
             that were never searched: how many, then the moves, "h1-2,
             h3-1"; "N pruned: MOVES" in the legend.  The English says
             "pruned" for 1 too. */
          g_dngettext (GETTEXT_PACKAGE, "%llu pruned:\n%s", "%llu pruned:\n%s",
                       d->pruned),
          (unsigned long long) d->pruned, d->pruned_moves);

      fprintf (out, "  p%d [label=\"", i);
      dot_escape (out, note);
      fprintf (out,
               "\", shape=note, fontsize=8, color=gray50, "
               "fontcolor=gray40];\n"
               "  n%d -> p%d [style=dashed, color=gray50];\n",
               i, i);
    }
}

/* The boxes and edges of Monte-Carlo tree search's tree; @move is the
   move it chose. */
static void
write_mcts_tree (const NimTraceDot *t, const NimMove *move)
{
  const NimTraceMctsTree *tree = &t->mcts;
  g_autofree gboolean *bold = g_new0 (gboolean, tree->nodes->len);
  gint i, n;

  /* The move played, then the move visited most (the first added of
     equals). */
  for (n = nim_trace_mcts_node (tree, 0)->child; n >= 0 && move != NULL;
       n = nim_trace_mcts_node (tree, n)->sibling)
    if (nim_move_equal (&nim_trace_mcts_node (tree, n)->move, move))
      break;
  if (n >= 0 && move != NULL)
    bold[0] = TRUE;
  while (n >= 0 && move != NULL)
    {
      gint c, best = -1;

      bold[n] = TRUE;
      for (c = nim_trace_mcts_node (tree, n)->child; c >= 0;
           c = nim_trace_mcts_node (tree, c)->sibling)
        if (best < 0
            || nim_trace_mcts_node (tree, c)->visits
                   >= nim_trace_mcts_node (tree, best)->visits)
          best = c;
      n = best;
    }
  for (i = 0; i < (gint) tree->nodes->len; i++)
    {
      const NimTraceMctsNode *d = nim_trace_mcts_node (tree, i);
      g_autofree char *heaps = nim_board_to_string (&d->board);
      g_autoptr (GString) label = g_string_new (heaps);

      g_string_append_c (label, '\n');
      if (d->parent < 0)
        g_string_append_printf (label,
                                /* TRANSLATORS: the visits of the root in --dot
                                   for Monte-Carlo tree search. */
                                g_dngettext (GETTEXT_PACKAGE, "%llu visit",
                                             "%llu visits", d->visits),
                                (unsigned long long) d->visits);
      else
        g_string_append_printf (
            label, "%llu/%llu (%.2f)", (unsigned long long) d->wins,
            (unsigned long long) d->visits,
            (double) d->wins / (double) MAX (d->visits, 1));
      if (d->proven != 0)
        {
          g_string_append (label, "\n= ");
          nim_trace_append_value (label, d->proven);
        }
      fprintf (t->file, "  n%d [label=\"", i);
      dot_escape (t->file, label->str);
      fprintf (t->file, "\"%s];\n", bold[i] ? ", style=bold" : "");
      if (d->parent >= 0)
        {
          g_autoptr (GString) m = g_string_new (NULL);

          nim_trace_append_move (m, &d->move);
          fprintf (t->file, "  n%d -> n%d [label=\"%s\"%s];\n", d->parent, i,
                   m->str, bold[i] ? ", style=bold" : "");
        }
    }
}

/* Writes the first search's tree; @move is the move it chose. */
static void
write_tree (const NimTraceDot *t, const NimMove *move)
{
  g_autofree gboolean *pv = NULL;
  guint i;

  if (t->walk.kind == NIM_TRACE_MCTS)
    {
      write_comment (t, t->file);
      write_graph_start (t, t->file);
      write_mcts_tree (t, move);
      fprintf (t->file, "}\n");
      return;
    }
  pv = find_pv (t, move);
  write_comment (t, t->file);
  write_graph_start (t, t->file);
  for (i = 0; i < t->nodes->len; i++)
    write_node (t, t->file, (gint) i, pv[i]);
  fprintf (t->file, "}\n");
}

static void
dot_end (gpointer data, const NimMove *move, guint64 nodes, gboolean proven,
         int value)
{
  NimTraceDot *t = data;

  if (t->file == NULL)
    return;
  nim_trace_walk_end (&t->walk);
  write_tree (t, move);
  nim_trace_file_close (&t->file, &t->write_errno);
  nim_trace_mcts_clear (&t->mcts);
}

static const NimObserverFuncs dot_funcs = {
  .begin = dot_begin,
  .iteration = dot_iteration,
  .enter = dot_enter,
  .leave = dot_leave,
  .end = dot_end,
  .mcts_iteration = dot_mcts_iteration,
};

/**
 * nim_trace_dot_new:
 * @path: the file to write
 * @depth: plies drawn one by one, up to %NIM_SEARCH_MAX_PLY
 * @limit: nodes drawn, at least 1
 * @error: return location for a #NIM_ERROR_USAGE error when the file
 *   cannot be created
 *
 * Creates the file at once, so a path that cannot be written is reported
 * before any search.
 *
 * Returns: (transfer full) (nullable): the DOT trace, to give to the
 *   players with nim_trace_dot_observer() and to free with
 *   nim_trace_dot_free() after nim_trace_dot_close()
 */
NimTraceDot *
nim_trace_dot_new (const char *path, guint depth, guint64 limit,
                   GError **error)
{
  g_autoptr (NimTraceDot) t = g_new0 (NimTraceDot, 1);

  t->observer.funcs = &dot_funcs;
  t->observer.data = t;
  nim_trace_walk_init (&t->walk, depth, limit);
  t->line = g_new (gint, depth + 1);
  t->nodes = g_array_new (FALSE, TRUE, sizeof (DotNode));
  g_array_set_clear_func (t->nodes, dot_node_clear);
  t->path = g_strdup (path);
  t->file = fopen (path, "w");
  if (t->file == NULL)
    {
      int saved = errno;

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: a file name and why it cannot be
                      written. */
                   _ ("--dot: cannot write '%s': %s"), path,
                   g_strerror (saved));
      return NULL;
    }
  return g_steal_pointer (&t);
}

/**
 * nim_trace_dot_close:
 * @dot: a DOT trace
 * @error: return location for a #NIM_ERROR_FAILED error
 *
 * Finishes the file: when no computer searched, it holds an empty graph
 * that says so.
 *
 * Returns: %TRUE if the file was written in full
 */
gboolean
nim_trace_dot_close (NimTraceDot *dot, GError **error)
{
  NimTraceDot *t = dot;

  if (t->file != NULL)
    {
      fputs ("/* ", t->file);
      /* TRANSLATORS: the comment of an empty DOT file of --dot.  Never
         write the two characters that end a C comment. */
      fputs (_ ("nim --dot: no computer player searched in this game."),
             t->file);
      fputs (" */\ndigraph nim_search {\n}\n", t->file);
      nim_trace_file_close (&t->file, &t->write_errno);
      /* Said where the user looks too: a file holding an empty graph
         would pass for a drawing of a search that did not happen. */
      fprintf (stderr,
               /* TRANSLATORS: %s is the file of --dot. */
               _ ("nim: --dot: no computer player searched in this game, so "
                  "'%s' holds an empty graph\n"),
               t->path);
    }
  if (t->write_errno != 0)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   /* TRANSLATORS: a file name and what went wrong. */
                   _ ("--dot: write error on '%s': %s"), t->path,
                   g_strerror (t->write_errno));
      return FALSE;
    }
  return TRUE;
}

/**
 * nim_trace_dot_free:
 * @dot: (nullable): a DOT trace
 *
 * Frees it; a file still open is closed without its tree (call
 * nim_trace_dot_close() first to finish it).
 */
void
nim_trace_dot_free (NimTraceDot *dot)
{
  if (dot == NULL)
    return;
  if (dot->file != NULL)
    fclose (dot->file);
  nim_trace_walk_clear (&dot->walk);
  g_free (dot->path);
  g_free (dot->line);
  g_array_unref (dot->nodes);
  nim_trace_mcts_clear (&dot->mcts);
  g_free (dot);
}

/**
 * nim_trace_dot_observer:
 * @dot: a DOT trace
 *
 * Returns: (transfer none): the observer that draws the first search, for
 *   nim_player_set_trace(); it lives as long as @dot
 */
NimObserver *
nim_trace_dot_observer (NimTraceDot *dot)
{
  return &dot->observer;
}
