/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-trace-text.c -- the text trace of --trace: a search as indented
 * lines, as it goes
 *
 * An observer of the searches of a game.  Each search starts with a
 * "#" line naming the player and the position (the first also with a
 * legend); then a line a shown node (see nim-trace-walk.c), indented two
 * blanks a ply; then the counts and the value.  The text streams as the
 * search goes: a node's line is written when it is entered and gets its
 * value at the end when no shown child came in between; otherwise the
 * value follows its children on a line of its own, "= VALUE (...)". */

#include "config.h"

#include "nim-trace-text.h"

#include "nim-i18n.h"
#include "nim-player.h"
#include "nim-search.h"
#include "nim-trace-walk.h"
#include "nim-tree.h"

#include <stdio.h>

struct _NimTraceText
{
  NimObserver observer;
  NimTraceWalk walk;
  FILE *out;
  gboolean legend_done; /* the legend is printed once */
  /* The ply of the node whose line still waits for its value, or -1.  It
     can only be the last shown node entered: showing anything else ends
     the line first. */
  gint open_ply;
};

/* The node's name on its line: "root 3,4,5" or "h1-2 1,4,5"; on a game
   tree "root" or its path, "2.1". */
static void
append_label (const NimTraceWalk *walk, GString *s, guint ply,
              const NimTraceFrame *f)
{
  g_autofree char *heaps = nim_trace_walk_position (walk, &f->board);

  if (nim_rules_is_tree (&walk->rules))
    {
      g_string_append (s, ply == 0 ? C_ ("trace", "root") : heaps);
      return;
    }
  if (ply == 0)
    {
      /* TRANSLATORS: the name of the search's first node in --trace,
         before its heaps: "root 3,4,5". */
      g_string_append (s, C_ ("trace", "root"));
      g_string_append_c (s, ' ');
    }
  else
    {
      nim_trace_append_move (s, &f->move);
      g_string_append_c (s, ' ');
    }
  g_string_append (s, heaps);
}

/* The legend's first sentences, for a search of @kind on a game tree. */
static const char *
legend_tree_nodes (NimTraceKind kind)
{
  if (kind == NIM_TRACE_MINIMAX)
    /* TRANSLATORS: the legend of --trace for minimax on a game tree.
       Every line starts with "#"; MAX, MIN, "= v" and "= v (node)" are
       written as they stand in the trace. */
    return _ ("# a line a node: its path from the root (2.1: the first "
              "child of the\n"
              "#   root's second child), MAX or MIN, who moves there, "
              "\"= v\" the value\n"
              "#   for MAX (a leaf's is given) and how it was found; an "
              "inner node's\n"
              "#   value follows its children, on a line \"= v (node)\"\n");
  if (kind == NIM_TRACE_ALPHA_BETA)
    /* TRANSLATORS: the legend of --trace for alpha-beta on a game tree. */
    return _ ("# a line a node: its path from the root (2.1: the first "
              "child of the\n"
              "#   root's second child), MAX or MIN, who moves there, "
              "[alpha,beta] on\n"
              "#   entry, \"= v\" the value for the player to move there "
              "(MAX's at MAX,\n"
              "#   its negation at MIN) and how it was found; an inner "
              "node's value\n"
              "#   follows its children, on a line \"= v (node)\"\n");
  /* TRANSLATORS: the legend of --trace for negamax on a game tree. */
  return _ ("# a line a node: its path from the root (2.1: the first "
            "child of the\n"
            "#   root's second child), MAX or MIN, who moves there, "
            "\"= v\" the value\n"
            "#   for the player to move there (MAX's at MAX, its negation "
            "at MIN) and\n"
            "#   how it was found; an inner node's value follows its "
            "children, on a\n"
            "#   line \"= v (node)\"\n");
}

/* The legend's first sentences, for a search of @kind. */
static const char *
legend_nodes (NimTraceKind kind)
{
  if (kind == NIM_TRACE_MCTS)
    /* TRANSLATORS: the legend of --trace for Monte-Carlo tree search.
       Every line starts with "#"; hHEAP-COUNT, "+", "~", "->", "W", "L"
       and "end" are written as they stand in the trace. */
    return _ ("# a line an iteration: its number, the moves selection "
              "went down by UCT\n"
              "#   (hHEAP-COUNT: take COUNT from heap HEAP), \"+\" "
              "before the move whose\n"
              "#   position it added, \"~\" and the random playout's "
              "moves (\"end\": the\n"
              "#   game was over or the position proven), \"->\" "
              "who won, then after \"|\"\n"
              "#   wins/visits of each move of the path for the player "
              "who made it,\n"
              "#   W or L when proven to win or to lose\n");
  if (kind == NIM_TRACE_ALPHA_BETA)
    /* TRANSLATORS: the legend of --trace, in three forms: for alpha-beta (with
       the window), minimax and negamax.  Every line starts with "#";
       hHEAP-COUNT is the notation of a move in the trace ("h1-2" takes 2 from
       heap 1), "= v" and "= v (node)" are written as they stand in the
       trace. */
    return _ ("# a line a node: the move to it (hHEAP-COUNT: "
              "take COUNT from heap HEAP),\n"
              "#   the heaps after it, [alpha,beta] on entry, "
              "\"= v\" the value\n"
              "#   for the player to move there (1 win, -1 loss, "
              "0 unknown) and how\n"
              "#   it was found; an inner node's value follows "
              "its children, on a line\n"
              "#   \"= v (node)\"\n");
  if (kind == NIM_TRACE_MINIMAX)
    /* TRANSLATORS: the legend of --trace for minimax, whose values are for the
       player at the root. */
    return _ ("# a line a node: the move to it (hHEAP-COUNT: "
              "take COUNT from heap HEAP),\n"
              "#   the heaps after it, MAX where the player at the root "
              "moves and takes\n"
              "#   the largest value of the children, MIN where the "
              "opponent moves and\n"
              "#   takes the smallest, \"= v\" the value "
              "for the player at the root\n"
              "#   (1 win, -1 loss, 0 unknown) and how "
              "it was found; an inner node's\n"
              "#   value follows its children, on a line "
              "\"= v (node)\"\n");
  /* TRANSLATORS: the legend of --trace for negamax without alpha-beta. */
  return _ ("# a line a node: the move to it (hHEAP-COUNT: "
            "take COUNT from heap HEAP),\n"
            "#   the heaps after it, \"= v\" the value\n"
            "#   for the player to move there (1 win, -1 loss, "
            "0 unknown) and how\n"
            "#   it was found; an inner node's value follows "
            "its children, on a line\n"
            "#   \"= v (node)\"\n");
}

/* The legend's sentence on the order the moves of a node are tried in,
   for a search of @kind by the player @spec: negamax tries the root's moves in
   the generator's order, so that of moves worth the same the first is played
   (the tie-break every computer player shares), and the other nodes' largest
   count first, which measured fewer nodes (see picker_next_ordered() in
   nim-player-negamax.c). */
static const char *
legend_order (NimTraceKind kind, const char *spec, const NimRules *rules)
{
  g_autofree char *moves = nim_player_spec_option (spec, "moves");

  if (nim_rules_is_tree (rules))
    return g_strcmp0 (moves, "reversed") == 0
               /* TRANSLATORS: the legend of --trace on a game tree
                  searched with moves=reversed, a player option typed as
                  is. */
               ? _ ("# the children are tried the other way round, the "
                    "last first (moves=reversed)\n")
               /* TRANSLATORS: the legend of --trace on a game tree. */
               : _ ("# the children are tried in the order given\n");

  /* negamax's moves= puts its own order in place of the default. */
  if ((kind == NIM_TRACE_NEGAMAX || kind == NIM_TRACE_ALPHA_BETA)
      && g_strcmp0 (moves, "generator") == 0)
    /* TRANSLATORS: the legend of --trace: the order of negamax with
       moves=generator; moves=generator and order=on are player options,
       typed as is. */
    return _ ("# moves are tried heap by heap, the smallest count first, "
              "at every node\n"
              "#   (moves=generator); with order=on the table's move and "
              "two killer\n"
              "#   moves go before the rest\n");
  if ((kind == NIM_TRACE_NEGAMAX || kind == NIM_TRACE_ALPHA_BETA)
      && g_strcmp0 (moves, "reversed") == 0)
    /* TRANSLATORS: the legend of --trace: the order of negamax with
       moves=reversed; moves=reversed and order=on are player options,
       typed as is. */
    return _ ("# moves are tried the other way round, the last heap "
              "first, the largest\n"
              "#   count first, at every node (moves=reversed); with "
              "order=on the table's\n"
              "#   move and two killer moves go before the rest\n");
  switch (kind)
    {
    case NIM_TRACE_MINIMAX:
      /* TRANSLATORS: the legend of --trace: the order minimax tries the
         moves of a position in. */
      return _ ("# moves are tried heap by heap, the smallest count first\n");
    case NIM_TRACE_NEGAMAX:
    case NIM_TRACE_ALPHA_BETA:
      /* TRANSLATORS: the legend of --trace: the order negamax tries the
         moves of a position in; order=on is a player option, typed as
         is. */
      return _ ("# moves are tried heap by heap: at the root the smallest "
                "count first\n"
                "#   (of moves worth the same, the first is played), below "
                "it the largest\n"
                "#   count first, which leaves little and ends games sooner "
                "(under a\n"
                "#   take-and-break code the smallest there too); with "
                "order=on the\n"
                "#   table's move and two killer moves go before the rest\n");
    case NIM_TRACE_PROOF_NUMBERS:
      /* TRANSLATORS: the legend of --trace for proof-number search. */
      return _ ("# the most-proving child is searched first, the one with "
                "the smallest\n"
                "#   disproof number; a node is entered again each time "
                "the search\n"
                "#   goes back into it\n");
    case NIM_TRACE_MCTS:
      /* Its legend says how selection picks a move. */
      break;
    }
  return "";
}

/* The legend, before the first search: the rules, how to read a line,
   and how deep and how many nodes the trace shows. */
static void
write_legend (NimTraceText *t, const char *spec, const NimRules *rules,
              NimTraceKind kind)
{
  g_autofree char *described = nim_rules_describe (rules);

  /* TRANSLATORS: %s is a sentence describing the rules. */
  fprintf (t->out, _ ("# rules: %s\n"), described);
  fputs (nim_rules_is_tree (rules) ? legend_tree_nodes (kind)
                                   : legend_nodes (kind),
         t->out);
  if (kind == NIM_TRACE_MCTS)
    {
      fprintf (t->out,
               g_dngettext (GETTEXT_PACKAGE,
                            /* TRANSLATORS: the end of the legend of
                               --trace for Monte-Carlo tree search: the
                               limit of --trace-limit. */
                            "# at most %llu iteration is shown a search\n",
                            "# at most %llu iterations are shown a "
                            "search\n",
                            t->walk.limit),
               (unsigned long long) t->walk.limit);
      return;
    }
  fputs (legend_order (kind, spec, rules), t->out);
  fprintf (t->out,
           g_dngettext (GETTEXT_PACKAGE,
                        /* TRANSLATORS: the end of the legend of
                           --trace, the first half of a sentence
                           that the next message ends on the same
                           line; "+N below" is the mark of a node
                           whose descendants are not shown. */
                        "# nodes deeper than %u ply are counted on "
                        "their ancestor's line\n"
                        "#   (\"+N below\"); ",
                        "# nodes deeper than %u plies are counted on "
                        "their ancestor's line\n"
                        "#   (\"+N below\"); ",
                        t->walk.depth),
           t->walk.depth);
  fprintf (t->out,
           g_dngettext (GETTEXT_PACKAGE,
                        /* TRANSLATORS: the end of the sentence of
                           the previous message: the limit of
                           --trace-limit. */
                        "at most %llu node is shown a search\n",
                        "at most %llu nodes are shown a search\n",
                        t->walk.limit),
           (unsigned long long) t->walk.limit);
}

static void
text_begin (gpointer data, const char *spec, guint player,
            const NimBoard *board, const NimRules *rules, NimTraceKind kind)
{
  NimTraceText *t = data;
  g_autofree char *heaps = NULL;

  nim_trace_walk_begin (&t->walk, spec, player, board, rules, kind);
  heaps = nim_trace_walk_root_name (&t->walk);
  t->open_ply = -1;
  /* TRANSLATORS: the first line of a search in --trace: a player
     spec, its number and the heaps it searches, such as 3,4,5.  The
     lines of --trace that are not nodes start with "#". */
  fprintf (t->out, _ ("# trace: %s (player %u) searches %s\n"), spec, player,
           heaps);
  if (!t->legend_done)
    write_legend (t, spec, rules, kind);
  t->legend_done = TRUE;
}

static void
text_iteration (gpointer data, guint depth)
{
  NimTraceText *t = data;

  /* TRANSLATORS: iterative deepening starts an iteration in --trace. */
  fprintf (t->out, _ ("# iteration: depth %u\n"), depth);
}

/* A shown node gets its line, without the value yet. */
static void
text_enter (gpointer data, guint ply, const NimBoard *board, int alpha,
            int beta)
{
  NimTraceText *t = data;
  const NimTraceFrame *f = nim_trace_walk_enter (&t->walk, ply, board);
  g_autoptr (GString) s = NULL;

  if (f == NULL)
    return;
  s = g_string_new (NULL);
  if (t->open_ply >= 0) /* the parent's line: its value comes later */
    g_string_append_c (s, '\n');
  g_string_append_printf (s, "%*s", (int) (2 * ply), "");
  append_label (&t->walk, s, ply, f);
  /* Minimax's values are the root player's: who moves says whether a
     node takes its children's largest value or their smallest.  A game
     tree's levels are MAX's and MIN's whoever searches. */
  if (t->walk.kind == NIM_TRACE_MINIMAX || nim_rules_is_tree (&t->walk.rules))
    {
      g_string_append_c (s, ' ');
      g_string_append (s, nim_trace_max_min (ply));
    }
  if (t->walk.kind == NIM_TRACE_ALPHA_BETA)
    {
      g_string_append_c (s, ' ');
      nim_trace_append_window (s, alpha, beta);
    }
  fputs (s->str, t->out);
  t->open_ply = (gint) ply;
}

/* Under score=distance a proven value is NIM_SCORE_MATE less the ply at
   which the game ends, counted from the search's root (999997: a win
   at ply 3): the value says so in words after it. */
static void
append_distance (GString *s, int value)
{
  guint ply = (guint) (NIM_SCORE_MATE - ABS (value));

  if (ABS (value) <= 1 || ABS (value) >= NIM_SCORE_INF
      || ABS (value) <= NIM_SCORE_MATE - NIM_SEARCH_MAX_PLY - 1)
    return;
  g_string_append_printf (s,
                          value > 0
                              /* TRANSLATORS: after a value of --trace under
                                 score=distance, 999997: the game ends at
                                 ply 3 from the root, won for the player to
                                 move; the blank in front is kept. */
                              ? _ (" (a win, ending at ply %u)")
                              : _ (" (a loss, ending at ply %u)"),
                          ply);
}

/* A shown node's value: at the end of its line if it is still open,
   else on a line of its own that names the node again. */
static void
text_leave (gpointer data, guint ply, const NimBoard *board, int value,
            guint flags)
{
  NimTraceText *t = data;
  g_autofree char *marks = NULL;
  g_autoptr (GString) s = NULL;
  const NimTraceFrame *f;
  guint64 pruned;
  gboolean line_open;

  f = nim_trace_walk_leave (&t->walk, ply, flags, &pruned, &marks);
  if (f == NULL)
    return;
  s = g_string_new (NULL);
  line_open = t->open_ply == (gint) ply;
  if (line_open)
    g_string_append (s, " = ");
  else
    g_string_append_printf (s, "%*s= ", (int) (2 * ply), "");
  nim_trace_append_value (s, value);
  append_distance (s, value);
  if (*marks != '\0')
    g_string_append_printf (s, ": %s", marks);
  if (!line_open)
    {
      g_string_append (s, " (");
      append_label (&t->walk, s, ply, f);
      g_string_append_c (s, ')');
    }
  g_string_append_c (s, '\n');
  fputs (s->str, t->out);
  t->open_ply = -1;
}

/* The counts and the value, after the search's last node. */
static void
text_end (gpointer data, const NimMove *move, guint64 nodes, gboolean proven,
          int value)
{
  NimTraceText *t = data;
  const NimTraceWalk *w = &t->walk;
  g_autoptr (GString) s = g_string_new (NULL);
  g_autoptr (GString) m = g_string_new (NULL);
  const char *described = !proven     ? _ ("not proven")
                          : value > 0 ? C_ ("value", "win")
                                      : C_ ("value", "loss");

  if (w->kind == NIM_TRACE_MCTS)
    g_string_append_printf (
        s,
        g_dngettext (GETTEXT_PACKAGE,
                     /* TRANSLATORS: the end of a search of Monte-Carlo
                        tree search in --trace: its iterations, the nodes
                        it counted, the iterations shown and those left
                        out past --trace-limit, and the limit. */
                     "# %llu iteration (the search counted %llu nodes): "
                     "%llu shown,\n#   %llu left out past the limit of "
                     "%llu\n",
                     "# %llu iterations (the search counted %llu nodes): "
                     "%llu shown,\n#   %llu left out past the limit of "
                     "%llu\n",
                     w->total),
        (unsigned long long) w->total, (unsigned long long) nodes,
        (unsigned long long) w->shown, (unsigned long long) w->left_out,
        (unsigned long long) w->limit);
  else
    g_string_append_printf (
        s,
        /* TRANSLATORS: the end of a search in --trace: the nodes the
           trace saw, those the search counted, those shown, those
           counted in the "+N below" of a line, those left out past
           --trace-limit, and the limit. */
        _ ("# %llu nodes traced (the search counted %llu): %llu shown,\n"
           "#   %llu counted in \"+N below\", %llu left out past the "
           "limit of %llu\n"),
        (unsigned long long) w->total, (unsigned long long) nodes,
        (unsigned long long) w->shown, (unsigned long long) w->summarised,
        (unsigned long long) w->left_out, (unsigned long long) w->limit);
  if (nim_rules_is_tree (&w->rules) && proven)
    {
      g_autofree char *number = g_strdup_printf ("%d", value);

      described = g_intern_string (number);
    }
  if (move != NULL)
    {
      nim_trace_walk_append_move (w, m, &w->root, move);
      /* TRANSLATORS: the last line of a search in --trace: its value
         ("win", "loss" or "not proven") and the move it plays, in the
         notation of the trace, "h2-1". */
      g_string_append_printf (s, _ ("# value %s; plays %s\n"), described,
                              m->str);
    }
  else
    /* TRANSLATORS: the last line of a search in --trace: its value,
       "win", "loss" or "not proven". */
    g_string_append_printf (s, _ ("# value %s\n"), described);
  fputs (s->str, t->out);
  nim_trace_walk_end (&t->walk);
}

/* The most playout moves an iteration's line shows. */
#define PLAYOUT_SHOWN 8

/* An iteration of Monte-Carlo tree search, on one line (see the
   legend). */
static void
text_mcts_iteration (gpointer data, const NimMctsIteration *it)
{
  NimTraceText *t = data;
  NimTraceWalk *w = &t->walk;
  g_autoptr (GString) s = NULL;
  guint i, winner;

  if (!nim_trace_walk_count_iteration (w))
    return;
  s = g_string_new (NULL);
  g_string_append_printf (s, "%" G_GUINT64_FORMAT ":", it->number);
  for (i = 0; i < it->n_path; i++)
    {
      g_string_append (s, it->expanded && i + 1 == it->n_path ? " +" : " ");
      nim_trace_append_move (s, &it->path[i]);
    }
  g_string_append (s, " ~");
  if (it->playout_plies == 0)
    g_string_append (s, " end");
  for (i = 0; i < it->n_playout && i < PLAYOUT_SHOWN; i++)
    {
      g_string_append_c (s, ' ');
      nim_trace_append_move (s, &it->playout[i]);
    }
  if (it->playout_plies > i)
    g_string_append_printf (s, " ...(+%" G_GUINT64_FORMAT ")",
                            it->playout_plies - i);
  /* The player to move at the end of the path: the searching player
     after an even number of moves. */
  winner
      = (it->n_path % 2 == 0) == (it->result > 0) ? w->player : 3 - w->player;
  g_string_append (s, " -> ");
  /* TRANSLATORS: who won an iteration of Monte-Carlo tree search in
     --trace, "-> player 2 wins". */
  g_string_append_printf (s, _ ("player %u wins"), winner);
  g_string_append (s, " |");
  for (i = 1; i <= it->n_path; i++)
    {
      const NimMctsNode *n = &it->nodes[i];

      g_string_append_printf (s, " %" G_GUINT64_FORMAT "/%" G_GUINT64_FORMAT,
                              n->wins, n->visits);
      /* A node proven lost for the player to move there: its move wins. */
      if (n->proven != 0)
        g_string_append_c (s, n->proven < 0 ? 'W' : 'L');
    }
  g_string_append_c (s, '\n');
  fputs (s->str, t->out);
}

static const NimObserverFuncs text_funcs = {
  .begin = text_begin,
  .iteration = text_iteration,
  .enter = text_enter,
  .leave = text_leave,
  .end = text_end,
  .mcts_iteration = text_mcts_iteration,
};

/**
 * nim_trace_text_new:
 * @out: where the text goes; it must outlive the trace
 * @depth: plies shown one by one, up to %NIM_SEARCH_MAX_PLY
 * @limit: nodes shown per search, at least 1
 *
 * Returns: (transfer full): a text trace, to give to the players with
 *   nim_trace_text_observer() and to free with nim_trace_text_free()
 */
NimTraceText *
nim_trace_text_new (FILE *out, guint depth, guint64 limit)
{
  NimTraceText *t = g_new0 (NimTraceText, 1);

  t->observer.funcs = &text_funcs;
  t->observer.data = t;
  nim_trace_walk_init (&t->walk, depth, limit);
  t->out = out;
  t->open_ply = -1;
  return t;
}

/**
 * nim_trace_text_free:
 * @text: (nullable): a text trace
 *
 * Frees it; what it wrote stays written.
 */
void
nim_trace_text_free (NimTraceText *text)
{
  if (text == NULL)
    return;
  nim_trace_walk_clear (&text->walk);
  g_free (text);
}

/**
 * nim_trace_text_observer:
 * @text: a text trace
 *
 * Returns: (transfer none): the observer that writes the trace, for
 *   nim_player_set_trace(); it lives as long as @text
 */
NimObserver *
nim_trace_text_observer (NimTraceText *text)
{
  return &text->observer;
}
