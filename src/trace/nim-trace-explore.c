/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-trace-explore.c -- the page of --explore: the first search of a
 * game, to step through in a browser
 *
 * An observer of the searches of a game, like the DOT tree: it follows
 * the first search (the shown nodes of nim-trace-walk.c, so --trace=DEPTH
 * and --trace-limit apply), keeps each event the search reports as data,
 * and when the search ends writes one HTML file: the page's markup,
 * style and script, which the build embeds (src/trace/explore/), with the
 * search in a JSON block.  The page draws and explains it; this file
 * draws nothing.  Each shown node also gets its exact value, from the
 * game's exact solver (a closed form where the rules have one, else a
 * search), so the page can set the search beside the theory.
 *
 * The data, version 1 (what the page reads; the comment at the top of
 * src/trace/explore/explore.js describes it for readers):
 *
 *   { "format": "nim-explore", "version": 1, "command", "spec", "player",
 *     "kind": "minimax" | "negamax" | "alpha-beta" | "pns" | "mcts",
 *     "rules", "misere", "root", "exact": { "method", "solver" },
 *     "depth", "limit", "counts": { "searched", "shown", "below",
 *     "left_out" }, "result": { "move", "value", "proven" },
 *     "nodes": [ { "parent", "ply", "iteration", "move", "position",
 *                  "moves", "exact", "grundy" } ],
 *     "events": [ { "type": "iteration" | "enter" | "try" | "probe" |
 *                   "store" | "numbers" | "leave" | "end", "node", ... } ] }
 *
 * A value is a number, as --trace writes it, or "inf" and "-inf" for the
 * ends of a window and for infinite proof numbers; a threshold of
 * proof-number search made from an infinite one is "inf-N".  A "try"
 * says why: "generator", "ordered", "reversed", "table", "killer",
 * "deferred",
 * "most-proving" or "first-win".
 *
 * Monte-Carlo tree search reports iterations, not nodes (kind "mcts"):
 * its counts and limit are iterations, its nodes are the positions of
 * its tree in the order added (each with "added", the iteration that
 * added it), "mcts": { "c", "solver", "max_ply" } says how it selects,
 * and each iteration is the steps
 *
 *   { "type": "select", "node", "iteration", "chosen", "children":
 *     [ { "node", "uct" } or { "node", "proven" } ] }   (a ply each)
 *   { "type": "expand", "node", "iteration" }           (if it added one)
 *   { "type": "playout", "node", "iteration", "why": "playout" | "end" |
 *     "proven", "stop": "depth" | "full", "moves", "plies", "result",
 *     "winner" }
 *   { "type": "backup", "node", "iteration", "path", "after": [ {
 *     "visits", "wins", "proven" } ], "result", "winner" }
 *
 * A select's children are those of its node in the order selection
 * reads them, each with the UCT score it had then, or, when MCTS-Solver
 * had proven it, its proof instead (selection skips such a child, or
 * takes it at once).  "result" is for the player to move at the end of
 * the path ("node"), "winner" the player who won the iteration. */

#include "config.h"

#include "nim-trace-explore.h"

#include "nim-error.h"
#include "nim-grundy.h"
#include "nim-i18n.h"
#include "nim-movegen.h"
#include "nim-player.h"
#include "nim-search.h"
#include "nim-trace-mcts.h"
#include "nim-trace-walk.h"
#include "nim-tree.h"

#include <errno.h>
#include <gio/gio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

/* The page's sources, compiled in by glib-compile-resources
   (src/trace/explore/explore.gresource.xml). */
GResource *nim_explore_get_resource (void);

/* A leave event names at most this many of the moves a node pruned. */
#define EXPLORE_PRUNED_NAMED 64

/* A playout step names at most this many of its random moves. */
#define EXPLORE_PLAYOUT_NAMED 32

/* The budget of the exact solver, for each position it is asked about
   when no closed form knows the rules. */
#define EXPLORE_SOLVER_OPTIONS "time=0,nodes=20000000"

/* One shown node. */
typedef struct
{
  gint parent; /* index in nodes, -1 for an iteration's root */
  guint ply;
  guint iteration;
  NimMove move; /* unset at a root */
  NimBoard board;
  guint64 hidden; /* children not shown: past the limit */
} ExploreNode;

struct _NimTraceExplore
{
  NimObserver observer;
  NimTraceWalk walk;
  char *path;
  char *command;
  FILE *file;      /* open until the first search's page is written */
  int write_errno; /* the first write error, or 0 */
  guint iteration; /* of iterative deepening, 0 without */
  gint *line;      /* depth + 1: the node shown at each ply of the line */
  GArray *nodes;   /* of ExploreNode, in the order entered */
  JsonArray *events;
  /* Monte-Carlo tree search: its tree as the iterations shown left it
     (its nodes are those of @nodes), and how it selects */
  NimTraceMctsTree mcts;
  JsonObject *mcts_setup; /* (nullable) */
};

/* -------------------------------------------------------------------------
   The events, as data */

static void
set_value (JsonObject *o, const char *name, int value)
{
  if (value >= NIM_SCORE_INF)
    json_object_set_string_member (o, name, "inf");
  else if (value <= -NIM_SCORE_INF)
    json_object_set_string_member (o, name, "-inf");
  else
    json_object_set_int_member (o, name, value);
}

/* A proof number: "inf", or for a threshold made from an infinite one
   "inf-N", infinity less N (#NimTraceNumbers). */
static void
set_number (JsonObject *o, const char *name, guint32 n)
{
  if (n == NIM_TRACE_PN_INF)
    json_object_set_string_member (o, name, "inf");
  else if (n > NIM_TRACE_PN_INF - NIM_TRACE_PN_NEAR)
    {
      g_autofree char *text
          = g_strdup_printf ("inf-%" G_GUINT32_FORMAT, NIM_TRACE_PN_INF - n);

      json_object_set_string_member (o, name, text);
    }
  else
    json_object_set_int_member (o, name, n);
}

static void
set_move (JsonObject *o, const char *name, const NimMove *move)
{
  g_autoptr (GString) s = g_string_new (NULL);

  nim_trace_append_move (s, move);
  json_object_set_string_member (o, name, s->str);
}

/* @move, made on @from, as the page names it: "h1-2", or on a game tree
   the path of the child it leads to, "2.1". */
static void
set_move_from (NimTraceExplore *t, JsonObject *o, const char *name,
               const NimBoard *from, const NimMove *move)
{
  g_autoptr (GString) s = g_string_new (NULL);

  nim_trace_walk_append_move (&t->walk, s, from, move);
  json_object_set_string_member (o, name, s->str);
}

/* The most moves move_number() counts through: past it a move has no
   number on the page. */
#define EXPLORE_NUMBERED_MOVES 1000000

/* @move's number among the moves of @board, from 1, in the generator's
   order (on a game tree, the child's number); 0 past
   EXPLORE_NUMBERED_MOVES. */
static guint
move_number (const NimRules *rules, const NimBoard *board, const NimMove *move)
{
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove m;
  guint k = 0;

  if (nim_rules_is_tree (rules))
    return rules->tree->number[nim_tree_move_child (
        rules->tree, nim_tree_node (rules->tree, board), move)];
  while (k < EXPLORE_NUMBERED_MOVES
         && nim_movegen_next (&gen, board, rules, &m))
    {
      k++;
      if (nim_move_equal (&m, move))
        return k;
    }
  return 0;
}

/* A new event of @type about the node numbered @node (-1: none), added
   to the list. */
static JsonObject *
add_node_event (NimTraceExplore *t, const char *type, gint node)
{
  JsonObject *o = json_object_new ();

  json_object_set_string_member (o, "type", type);
  if (node >= 0)
    json_object_set_int_member (o, "node", node);
  json_array_add_object_element (t->events, o);
  return o;
}

/* A new event of @type about the node shown at @ply (G_MAXUINT: none). */
static JsonObject *
add_event (NimTraceExplore *t, const char *type, guint ply)
{
  return add_node_event (t, type, ply != G_MAXUINT ? t->line[ply] : -1);
}

static const char *
kind_name (NimTraceKind kind)
{
  switch (kind)
    {
    case NIM_TRACE_MINIMAX:
      return "minimax";
    case NIM_TRACE_NEGAMAX:
      return "negamax";
    case NIM_TRACE_ALPHA_BETA:
      return "alpha-beta";
    case NIM_TRACE_PROOF_NUMBERS:
      return "pns";
    case NIM_TRACE_MCTS:
      return "mcts";
    }
  return "negamax";
}

static const char *
try_name (NimTraceTry why)
{
  switch (why)
    {
    case NIM_TRACE_TRY_GENERATOR:
      return "generator";
    case NIM_TRACE_TRY_TABLE:
      return "table";
    case NIM_TRACE_TRY_KILLER:
      return "killer";
    case NIM_TRACE_TRY_ORDERED:
      return "ordered";
    case NIM_TRACE_TRY_DEFERRED:
      return "deferred";
    case NIM_TRACE_TRY_MOST_PROVING:
      return "most-proving";
    case NIM_TRACE_TRY_FIRST_WIN:
      return "first-win";
    case NIM_TRACE_TRY_REVERSED:
      return "reversed";
    }
  return "generator";
}

static const char *
bound_name (NimTraceBound bound)
{
  switch (bound)
    {
    case NIM_TRACE_BOUND_EXACT:
      return "exact";
    case NIM_TRACE_BOUND_LOWER:
      return "lower";
    case NIM_TRACE_BOUND_UPPER:
      return "upper";
    }
  return "exact";
}

static void
set_entry (JsonObject *o, const NimTraceEntry *entry)
{
  json_object_set_boolean_member (o, "found", entry->found);
  if (!entry->found)
    return;
  if (entry->losses)
    json_object_set_boolean_member (o, "losses", TRUE);
  set_value (o, "value", entry->value);
  json_object_set_string_member (o, "bound", bound_name (entry->bound));
  if (entry->depth == NIM_TRACE_DEPTH_PROVEN)
    json_object_set_string_member (o, "depth", "proven");
  else
    json_object_set_int_member (o, "depth", entry->depth);
  if (entry->has_move)
    set_move (o, "move", &entry->move);
}

/* -------------------------------------------------------------------------
   Collecting */

static void
explore_begin (gpointer data, const char *spec, guint player,
               const NimBoard *board, const NimRules *rules, NimTraceKind kind)
{
  NimTraceExplore *t = data;

  if (t->file == NULL)
    return; /* the first search is shown, and no other */
  nim_trace_walk_begin (&t->walk, spec, player, board, rules, kind);
  t->iteration = 0;
  if (kind == NIM_TRACE_MCTS)
    {
      /* The root is in the tree from the start. */
      ExploreNode n = { 0 };

      n.parent = -1;
      n.board = *board;
      g_array_append_val (t->nodes, n);
      nim_trace_mcts_init (&t->mcts, board);
    }
}

static void
explore_iteration (gpointer data, guint depth)
{
  NimTraceExplore *t = data;

  if (t->file == NULL)
    return;
  t->iteration = depth;
  json_object_set_int_member (add_event (t, "iteration", G_MAXUINT), "depth",
                              depth);
}

static void
explore_enter (gpointer data, guint ply, const NimBoard *board, int alpha,
               int beta)
{
  NimTraceExplore *t = data;
  const NimTraceFrame *f;
  ExploreNode n = { 0 };
  JsonObject *o;

  if (t->file == NULL)
    return;
  /* A child of a shown node that the limit leaves out is counted on it. */
  if (ply > 0 && ply <= t->walk.depth
      && nim_trace_walk_is_shown (&t->walk, ply - 1)
      && !nim_trace_walk_would_show (&t->walk, ply))
    g_array_index (t->nodes, ExploreNode, t->line[ply - 1]).hidden++;
  f = nim_trace_walk_enter (&t->walk, ply, board);
  if (f == NULL)
    return;
  n.parent = ply > 0 ? t->line[ply - 1] : -1;
  n.ply = ply;
  n.iteration = t->iteration;
  n.move = f->move;
  n.board = *board;
  g_array_append_val (t->nodes, n);
  t->line[ply] = (gint) t->nodes->len - 1;
  o = add_event (t, "enter", ply);
  if (t->walk.kind == NIM_TRACE_ALPHA_BETA)
    {
      set_value (o, "alpha", alpha);
      set_value (o, "beta", beta);
    }
}

static void
explore_try (gpointer data, guint ply, const NimMove *move, NimTraceTry why)
{
  NimTraceExplore *t = data;
  JsonObject *o;

  /* Only a move to a child that will be shown: the page shows what
     follows from each step. */
  if (t->file == NULL || !nim_trace_walk_is_shown (&t->walk, ply)
      || !nim_trace_walk_would_show (&t->walk, ply + 1))
    return;
  o = add_event (t, "try", ply);
  set_move_from (t, o, "move",
                 &g_array_index (t->nodes, ExploreNode, t->line[ply]).board,
                 move);
  json_object_set_string_member (o, "why", try_name (why));
}

static void
explore_probe (gpointer data, guint ply, const NimTraceEntry *entry)
{
  NimTraceExplore *t = data;

  if (t->file == NULL || !nim_trace_walk_is_shown (&t->walk, ply))
    return;
  set_entry (add_event (t, "probe", ply), entry);
}

static void
explore_store (gpointer data, guint ply, const NimTraceEntry *entry)
{
  NimTraceExplore *t = data;

  if (t->file == NULL || !nim_trace_walk_is_shown (&t->walk, ply))
    return;
  set_entry (add_event (t, "store", ply), entry);
}

static void
explore_numbers (gpointer data, guint ply, const NimTraceNumbers *numbers)
{
  NimTraceExplore *t = data;
  JsonObject *o;

  if (t->file == NULL || !nim_trace_walk_is_shown (&t->walk, ply))
    return;
  o = add_event (t, "numbers", ply);
  set_number (o, "pn", numbers->pn);
  set_number (o, "dn", numbers->dn);
  set_number (o, "thpn", numbers->thpn);
  set_number (o, "thdn", numbers->thdn);
  if (numbers->has_move)
    set_move (o, "move", &numbers->most_proving);
}

/* What settled a node, as the page names it. */
static JsonArray *
flag_names (const NimTraceWalk *walk, const NimTraceFrame *f, guint flags)
{
  static const struct
  {
    guint flag;
    const char *name;
  } names[] = {
    { NIM_TRACE_CUTOFF, "cut" },        { NIM_TRACE_TT_HIT, "tt-hit" },
    { NIM_TRACE_TT_EXACT, "tt-exact" }, { NIM_TRACE_TT_LOWER, "tt-lower" },
    { NIM_TRACE_TT_UPPER, "tt-upper" }, { NIM_TRACE_ETC, "etc" },
    { NIM_TRACE_ABORTED, "aborted" },
  };
  const guint settled = NIM_TRACE_TT_EXACT | NIM_TRACE_TT_LOWER
                        | NIM_TRACE_TT_UPPER | NIM_TRACE_ETC
                        | NIM_TRACE_ABORTED;
  JsonArray *a = json_array_new ();
  guint i;

  /* Without children and not settled otherwise: the end of the game or
     the depth limit, which the search does not report (a proof-number
     search also leaves a node before its children once a threshold is
     reached). */
  if (f->children == 0 && (flags & settled) == 0
      && !nim_board_has_move (&f->board, &walk->rules))
    json_array_add_string_element (a, "end");
  else if (f->children == 0 && (flags & settled) == 0
           && walk->kind != NIM_TRACE_PROOF_NUMBERS)
    json_array_add_string_element (a, "horizon");
  for (i = 0; i < G_N_ELEMENTS (names); i++)
    if (flags & names[i].flag)
      json_array_add_string_element (a, names[i].name);
  return a;
}

static void
explore_leave (gpointer data, guint ply, const NimBoard *board, int value,
               guint flags)
{
  NimTraceExplore *t = data;
  g_autofree char *marks = NULL;
  const NimTraceFrame *f;
  guint64 pruned, below;
  JsonObject *o;
  ExploreNode *n;

  if (t->file == NULL
      || (f = nim_trace_walk_leave (&t->walk, ply, flags, &pruned, &marks))
             == NULL)
    return;
  n = &g_array_index (t->nodes, ExploreNode, t->line[ply]);
  o = add_event (t, "leave", ply);
  set_value (o, "value", value);
  json_object_set_array_member (o, "flags", flag_names (&t->walk, f, flags));
  if (pruned > 0)
    {
      g_autoptr (GArray) moves
          = nim_trace_walk_pruned (&t->walk, f, EXPLORE_PRUNED_NAMED);
      JsonArray *a = json_array_new ();
      JsonArray *numbers = json_array_new ();
      guint i;

      for (i = 0; i < moves->len; i++)
        {
          g_autoptr (GString) s = g_string_new (NULL);
          const NimMove *m = &g_array_index (moves, NimMove, i);

          nim_trace_walk_append_move (&t->walk, s, &f->board, m);
          json_array_add_string_element (a, s->str);
          json_array_add_int_element (
              numbers, move_number (&t->walk.rules, &f->board, m));
        }
      json_object_set_array_member (o, "pruned", a);
      json_object_set_array_member (o, "pruned_numbers", numbers);
      json_object_set_int_member (o, "pruned_total", (gint64) pruned);
    }
  below = ply == t->walk.depth ? t->walk.total - f->entered_at : 0;
  if (below > 0)
    json_object_set_int_member (o, "below", (gint64) below);
  if (n->hidden > 0)
    json_object_set_int_member (o, "hidden", (gint64) n->hidden);
}

/* -------------------------------------------------------------------------
   Monte-Carlo tree search: each iteration as its four steps */

/* The selection at @path[@i]: every child with its UCT score, or its
   proof, and the child chosen. */
static void
add_select (NimTraceExplore *t, const NimMctsIteration *it, const gint *path,
            guint i)
{
  const NimTraceMctsTree *tree = &t->mcts;
  JsonObject *o = add_node_event (t, "select", path[i]);
  JsonArray *children = json_array_new ();
  gint c;

  json_object_set_int_member (o, "iteration", (gint64) it->number);
  json_object_set_int_member (o, "chosen", path[i + 1]);
  for (c = nim_trace_mcts_node (tree, path[i])->child; c >= 0;
       c = nim_trace_mcts_node (tree, c)->sibling)
    {
      const NimTraceMctsNode *n = nim_trace_mcts_node (tree, c);
      JsonObject *child = json_object_new ();

      json_object_set_int_member (child, "node", c);
      if (it->solver && n->proven != 0)
        json_object_set_int_member (child, "proven", n->proven);
      else
        {
          double uct = nim_trace_mcts_uct (tree, c, it->c);

          if (isinf (uct))
            json_object_set_string_member (child, "uct", "inf");
          else
            json_object_set_double_member (child, "uct", uct);
        }
      json_array_add_object_element (children, child);
    }
  json_object_set_array_member (o, "children", children);
}

/* The playout, or why there was none; @leaf is the end of the path, its
   proof still the one before the iteration. */
static void
add_playout (NimTraceExplore *t, const NimMctsIteration *it,
             const NimTraceMctsNode *leaf, gint node, guint winner)
{
  JsonObject *o = add_node_event (t, "playout", node);
  const char *why = it->playout_plies > 0 ? "playout"
                    : !nim_board_has_move (&leaf->board, &t->walk.rules)
                        ? "end"
                        : "proven";
  JsonArray *moves = json_array_new ();
  guint i;

  json_object_set_int_member (o, "iteration", (gint64) it->number);
  json_object_set_string_member (o, "why", why);
  /* Selection stopped where a position could have been added. */
  if (!it->expanded && g_str_equal (why, "playout"))
    json_object_set_string_member (
        o, "stop", it->n_path >= it->max_ply ? "depth" : "full");
  for (i = 0; i < it->n_playout && i < EXPLORE_PLAYOUT_NAMED; i++)
    {
      g_autoptr (GString) m = g_string_new (NULL);

      nim_trace_append_move (m, &it->playout[i]);
      json_array_add_string_element (moves, m->str);
    }
  json_object_set_array_member (o, "moves", moves);
  json_object_set_int_member (o, "plies", (gint64) it->playout_plies);
  json_object_set_int_member (o, "result", it->result);
  json_object_set_int_member (o, "winner", winner);
}

/* The backup: the statistics of each position on the path after it. */
static void
add_backup (NimTraceExplore *t, const NimMctsIteration *it, const gint *path,
            guint winner)
{
  JsonObject *o = add_node_event (t, "backup", path[it->n_path]);
  JsonArray *ids = json_array_new ();
  JsonArray *after = json_array_new ();
  guint i;

  json_object_set_int_member (o, "iteration", (gint64) it->number);
  for (i = 0; i <= it->n_path; i++)
    {
      JsonObject *n = json_object_new ();

      json_array_add_int_element (ids, path[i]);
      json_object_set_int_member (n, "visits", (gint64) it->nodes[i].visits);
      json_object_set_int_member (n, "wins", (gint64) it->nodes[i].wins);
      json_object_set_int_member (n, "proven", it->nodes[i].proven);
      json_array_add_object_element (after, n);
    }
  json_object_set_array_member (o, "path", ids);
  json_object_set_array_member (o, "after", after);
  json_object_set_int_member (o, "result", it->result);
  json_object_set_int_member (o, "winner", winner);
}

static void
explore_mcts_iteration (gpointer data, const NimMctsIteration *it)
{
  NimTraceExplore *t = data;
  g_autofree gint *path = NULL;
  guint n_tree, n_select, i, winner;

  if (t->file == NULL || t->mcts.nodes == NULL
      || !nim_trace_walk_count_iteration (&t->walk))
    return;
  path = g_new (gint, it->n_path + 1);
  n_tree = t->mcts.nodes->len;
  if (!nim_trace_mcts_path (&t->mcts, it, path))
    {
      /* Not the search followed from its first iteration: nothing can
         be said of it. */
      g_warn_if_reached ();
      return;
    }
  if (t->mcts.nodes->len > n_tree)
    {
      const NimTraceMctsNode *m
          = nim_trace_mcts_node (&t->mcts, (gint) n_tree);
      ExploreNode n = { 0 };

      n.parent = m->parent;
      n.ply = m->ply;
      n.move = m->move;
      n.board = m->board;
      g_array_append_val (t->nodes, n);
    }
  if (t->mcts_setup == NULL)
    {
      t->mcts_setup = json_object_new ();
      json_object_set_double_member (t->mcts_setup, "c", it->c);
      json_object_set_boolean_member (t->mcts_setup, "solver", it->solver);
      json_object_set_int_member (t->mcts_setup, "max_ply", it->max_ply);
    }
  /* The player to move at the end of the path: the searching player
     after an even number of moves. */
  winner = (it->n_path % 2 == 0) == (it->result > 0) ? t->walk.player
                                                     : 3 - t->walk.player;
  n_select = it->n_path - (it->expanded ? 1 : 0);
  for (i = 0; i < n_select; i++)
    add_select (t, it, path, i);
  if (it->expanded)
    json_object_set_int_member (add_node_event (t, "expand", path[it->n_path]),
                                "iteration", (gint64) it->number);
  add_playout (t, it, nim_trace_mcts_node (&t->mcts, path[it->n_path]),
               path[it->n_path], winner);
  nim_trace_mcts_backup (&t->mcts, it, path);
  add_backup (t, it, path, winner);
}

/* -------------------------------------------------------------------------
   Writing */

/* A position's heaps in increasing order: the positions an exact value
   is remembered by (the order of the heaps does not matter). */
static char *
sorted_key (const NimBoard *board)
{
  NimBoard b = *board;
  guint i, j;

  for (i = 1; i < b.n_heaps; i++)
    for (j = i; j > 0 && b.heaps[j - 1] > b.heaps[j]; j--)
      {
        guint32 h = b.heaps[j];

        b.heaps[j] = b.heaps[j - 1];
        b.heaps[j - 1] = h;
      }
  return nim_board_to_string (&b);
}

/* add_exact_values() on a game tree: each node's value for the player
   to move there, a leaf's its own, the others' by a search of their
   subtree (the textbook's alpha-beta, whose value at its root is exact). */
static void
add_tree_values (NimTraceExplore *t, JsonArray *nodes, JsonObject *exact)
{
  const NimTraceWalk *w = &t->walk;
  const NimTree *tree = w->rules.tree;
  g_autoptr (NimPlayer) solver
      = nim_player_new ("negamax:" EXPLORE_SOLVER_OPTIONS, NULL);
  guint i;

  json_object_set_string_member (exact, "method", "tree");
  if (solver == NULL || !nim_player_start (solver, &w->rules, &w->root, NULL))
    return;
  json_object_set_string_member (exact, "solver",
                                 nim_player_get_spec (solver));
  for (i = 0; i < json_array_get_length (nodes); i++)
    {
      JsonObject *o = json_array_get_object_element (nodes, i);
      guint32 node = (guint32) json_object_get_int_member (o, "id");
      NimBoard board;
      NimMove move;

      if (tree->n_children[node] == 0)
        {
          json_object_set_int_member (o, "exact",
                                      nim_tree_value_to_move (tree, node));
          continue;
        }
      nim_tree_board (tree, node, &board);
      if (nim_player_choose_move (solver, &board, &move, NULL)
          && nim_player_get_stats (solver)->proven)
        json_object_set_int_member (o, "exact",
                                    nim_player_get_stats (solver)->value);
    }
}

/* Sets each node's "exact": the exact value for the player to move, by
   the game's exact solver (the same for every node), and under normal
   play each heap's Grundy value ("grundy"); the solver's name goes into
   @exact. */
static void
add_exact_values (NimTraceExplore *t, JsonArray *nodes, JsonObject *exact)
{
  const NimTraceWalk *w = &t->walk;
  g_autoptr (NimPlayer) solver = nim_player_new_exact (
      &w->rules, &w->root, EXPLORE_SOLVER_OPTIONS, NULL);
  g_autoptr (NimGrundy) grundy
      = w->rules.misere ? NULL : nim_grundy_new (&w->rules);
  g_autoptr (GHashTable) known
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  const char *name = solver != NULL ? nim_player_get_name (solver) : NULL;
  guint i, j;

  if (name == NULL)
    json_object_set_string_member (exact, "method", "none");
  else if (g_str_equal (name, "xor"))
    json_object_set_string_member (exact, "method",
                                   w->rules.misere ? "misere-nim" : "nim-sum");
  else if (g_str_equal (name, "grundy"))
    json_object_set_string_member (
        exact, "method", w->rules.misere ? "misere-one-heap" : "grundy");
  else
    {
      json_object_set_string_member (exact, "method", "solver");
      json_object_set_string_member (exact, "solver",
                                     nim_player_get_spec (solver));
    }
  for (i = 0; i < t->nodes->len; i++)
    {
      const ExploreNode *n = &g_array_index (t->nodes, ExploreNode, i);
      JsonObject *o = json_array_get_object_element (nodes, i);
      char *key = sorted_key (&n->board);
      gpointer found;
      int value = 0;

      if (g_hash_table_lookup_extended (known, key, NULL, &found))
        {
          value = GPOINTER_TO_INT (found);
          g_free (key);
        }
      else
        {
          if (solver != NULL
              && !nim_player_evaluate (solver, &n->board, &value, NULL, NULL))
            value = 0;
          g_hash_table_insert (known, key, GINT_TO_POINTER (value));
        }
      /* 0: the solver's budget ran out, and the page says so. */
      if (value != 0)
        json_object_set_int_member (o, "exact", value);
      if (grundy != NULL)
        {
          JsonArray *a = json_array_new ();

          for (j = 0; j < n->board.n_heaps; j++)
            {
              guint g;

              if (!nim_grundy_value (grundy, n->board.heaps[j], &g, NULL))
                break;
              json_array_add_int_element (a, g);
            }
          if (j == n->board.n_heaps)
            json_object_set_array_member (o, "grundy", a);
          else
            json_array_unref (a);
        }
    }
}

/* On a game tree small enough to show whole, the nodes the search never
   entered too, after the others, each with "entered": false: the page
   draws the whole tree, the parts alpha-beta pruned greyed. */
static void
add_unentered (NimTraceExplore *t, JsonArray *nodes)
{
  const NimTraceWalk *w = &t->walk;
  const NimTree *tree = w->rules.tree;
  g_autofree gint *index = NULL;
  guint32 id;
  guint i;

  if (w->left_out > 0 || w->summarised > 0 || tree->n_nodes > w->limit
      || w->depth < tree->height)
    return;
  index = g_new (gint, tree->n_nodes);
  for (id = 0; id < tree->n_nodes; id++)
    index[id] = -1;
  for (i = 0; i < t->nodes->len; i++)
    index[nim_tree_node (tree,
                         &g_array_index (t->nodes, ExploreNode, i).board)]
        = (gint) i;
  /* In preorder a parent comes before its children, so it has its index
     when they need it. */
  for (id = 0; id < tree->n_nodes; id++)
    {
      JsonObject *o;
      g_autofree char *path = NULL;

      if (index[id] >= 0 || tree->parent[id] == G_MAXUINT32)
        continue;
      path = nim_tree_path (tree, id);
      index[id] = (gint) json_array_get_length (nodes);
      o = json_object_new ();
      json_object_set_int_member (o, "parent", index[tree->parent[id]]);
      json_object_set_int_member (o, "ply", tree->depth[id]);
      json_object_set_string_member (o, "move", path);
      json_object_set_string_member (o, "position", path);
      json_object_set_string_member (o, "path", path);
      json_object_set_int_member (o, "moves", tree->n_children[id]);
      json_object_set_int_member (o, "id", id);
      if (tree->n_children[id] == 0)
        json_object_set_int_member (o, "leaf", tree->value[id]);
      json_object_set_boolean_member (o, "entered", FALSE);
      json_array_add_object_element (nodes, o);
    }
}

/* The search as the page reads it; see the top of this file. */
static JsonNode *
build_data (NimTraceExplore *t, const NimMove *move, gboolean proven,
            int value)
{
  const NimTraceWalk *w = &t->walk;
  g_autoptr (JsonBuilder) b = json_builder_new ();
  JsonObject *root = json_object_new ();
  JsonObject *counts = json_object_new ();
  JsonObject *result = json_object_new ();
  JsonObject *exact = json_object_new ();
  JsonArray *nodes = json_array_new ();
  g_autofree char *heaps = nim_trace_walk_root_name (w);
  g_autofree char *described = nim_rules_describe (&w->rules);
  g_autoptr (GPtrArray) paths = g_ptr_array_new_with_free_func (g_free);
  const gboolean tree = nim_rules_is_tree (&w->rules);
  JsonNode *node;
  guint i;

  json_object_set_string_member (root, "format", "nim-explore");
  json_object_set_int_member (root, "version", 1);
  json_object_set_string_member (root, "nim_version", PACKAGE_VERSION);
  json_object_set_string_member (root, "command", t->command);
  json_object_set_string_member (root, "spec", w->spec);
  json_object_set_int_member (root, "player", w->player);
  json_object_set_string_member (root, "kind", kind_name (w->kind));
  json_object_set_string_member (root, "rules", described);
  json_object_set_boolean_member (root, "misere", w->rules.misere);
  json_object_set_string_member (root, "root", heaps);
  if (w->depth < NIM_SEARCH_MAX_PLY)
    json_object_set_int_member (root, "depth", w->depth);
  json_object_set_int_member (root, "limit", (gint64) w->limit);
  json_object_set_int_member (counts, "searched", (gint64) w->total);
  json_object_set_int_member (counts, "shown", (gint64) w->shown);
  json_object_set_int_member (counts, "below", (gint64) w->summarised);
  json_object_set_int_member (counts, "left_out", (gint64) w->left_out);
  json_object_set_object_member (root, "counts", counts);
  if (t->mcts_setup != NULL)
    json_object_set_object_member (root, "mcts",
                                   json_object_ref (t->mcts_setup));
  if (tree)
    json_object_set_boolean_member (root, "tree", TRUE);
  if (move != NULL)
    set_move_from (t, result, "move", &w->root, move);
  json_object_set_int_member (result, "value", value);
  json_object_set_boolean_member (result, "proven", proven);
  json_object_set_object_member (root, "result", result);
  for (i = 0; i < t->nodes->len; i++)
    {
      const ExploreNode *n = &g_array_index (t->nodes, ExploreNode, i);
      JsonObject *o = json_object_new ();
      g_autofree char *position = nim_trace_walk_position (w, &n->board);
      char *path;

      /* The child numbers from the root, dot-separated: the parent's
         path and the move's number among the parent's moves. */
      if (n->parent < 0)
        path = g_strdup ("");
      else
        {
          const ExploreNode *p
              = &g_array_index (t->nodes, ExploreNode, n->parent);
          const char *up = g_ptr_array_index (paths, n->parent);

          path
              = g_strdup_printf ("%s%s%u", up, *up ? "." : "",
                                 move_number (&w->rules, &p->board, &n->move));
        }
      g_ptr_array_add (paths, path);
      json_object_set_string_member (o, "path", path);
      if (tree)
        {
          guint32 id = nim_tree_node (w->rules.tree, &n->board);

          json_object_set_int_member (o, "id", id);
          if (w->rules.tree->n_children[id] == 0)
            json_object_set_int_member (o, "leaf", w->rules.tree->value[id]);
        }

      json_object_set_int_member (o, "parent", n->parent);
      json_object_set_int_member (o, "ply", n->ply);
      if (n->iteration > 0)
        json_object_set_int_member (o, "iteration", n->iteration);
      if (n->parent >= 0)
        set_move_from (t, o, "move",
                       &g_array_index (t->nodes, ExploreNode, n->parent).board,
                       &n->move);
      if (t->mcts.nodes != NULL && n->parent >= 0)
        json_object_set_int_member (
            o, "added",
            (gint64) nim_trace_mcts_node (&t->mcts, (gint) i)->added);
      json_object_set_string_member (o, "position", position);
      json_object_set_int_member (
          o, "moves", (gint64) nim_movegen_count (&n->board, &w->rules));
      json_array_add_object_element (nodes, o);
    }
  if (tree)
    {
      add_unentered (t, nodes);
      add_tree_values (t, nodes, exact);
    }
  else
    add_exact_values (t, nodes, exact);
  json_object_set_object_member (root, "exact", exact);
  json_object_set_array_member (root, "nodes", nodes);
  json_object_set_array_member (root, "events", json_array_ref (t->events));
  node = json_node_new (JSON_NODE_OBJECT);
  json_node_take_object (node, root);
  return node;
}

/* Writes @text to the file, keeping the first error. */
static void
put (NimTraceExplore *t, const char *text, gsize len)
{
  if (len > 0 && fwrite (text, 1, len, t->file) != len && t->write_errno == 0)
    t->write_errno = errno != 0 ? errno : EIO;
}

/* The page's source file @name, from the resources compiled in. */
static GBytes *
page_source (const char *name)
{
  g_autofree char *path = g_strconcat ("/org/nim/explore/", name, NULL);
  g_autoptr (GError) error = NULL;
  GBytes *bytes = g_resource_lookup_data (
      nim_explore_get_resource (), path, G_RESOURCE_LOOKUP_FLAGS_NONE, &error);

  /* They are compiled into nim: missing, the build is broken. */
  if (bytes == NULL)
    g_error ("nim: the page's %s is not compiled in: %s", name,
             error->message);
  return bytes;
}

/* The page: explore.html with its marked lines replaced by the style,
   the data and the script.  The data's "<" are escaped so that nothing
   in it ends its script element. */
static void
write_page (NimTraceExplore *t, JsonNode *data)
{
  static const char *const markers[]
      = { "<!-- nim:style -->", "<!-- nim:data -->", "<!-- nim:script -->" };
  g_autoptr (GBytes) html = page_source ("explore.html");
  g_autoptr (GBytes) css = page_source ("explore.css");
  g_autoptr (GBytes) js = page_source ("explore.js");
  g_autofree char *json = json_to_string (data, FALSE);
  g_auto (GStrv) parts = NULL;
  const char *p = g_bytes_get_data (html, NULL);
  gsize size;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (markers); i++)
    {
      const char *at = strstr (p, markers[i]);
      const char *text;

      g_assert (at != NULL);
      put (t, p, (gsize) (at - p));
      p = at + strlen (markers[i]);
      switch (i)
        {
        case 0:
          text = g_bytes_get_data (css, &size);
          put (t, "<style>\n", 8);
          put (t, text, size);
          put (t, "</style>", 8);
          break;
        case 1:
          put (t, "<script type=\"application/json\" id=\"nim-data\">", 46);
          parts = g_strsplit (json, "<", -1);
          for (size = 0; parts[size] != NULL; size++)
            {
              if (size > 0)
                put (t, "\\u003c", 6);
              put (t, parts[size], strlen (parts[size]));
            }
          put (t, "</script>", 9);
          break;
        default:
          text = g_bytes_get_data (js, &size);
          put (t, "<script>\n", 9);
          put (t, text, size);
          put (t, "</script>", 9);
          break;
        }
    }
  put (t, p, strlen (p));
}

static void
explore_end (gpointer data, const NimMove *move, guint64 nodes,
             gboolean proven, int value)
{
  NimTraceExplore *t = data;
  g_autoptr (JsonNode) page = NULL;
  JsonObject *o;

  if (t->file == NULL)
    return;
  o = add_event (t, "end", G_MAXUINT);
  if (move != NULL)
    set_move_from (t, o, "move", &t->walk.root, move);
  json_object_set_int_member (o, "value", value);
  json_object_set_boolean_member (o, "proven", proven);
  json_object_set_int_member (o, "nodes", (gint64) nodes);
  nim_trace_walk_end (&t->walk);
  page = build_data (t, move, proven, value);
  write_page (t, page);
  nim_trace_file_close (&t->file, &t->write_errno);
  nim_trace_mcts_clear (&t->mcts);
}

static const NimObserverFuncs explore_funcs = {
  .begin = explore_begin,
  .iteration = explore_iteration,
  .enter = explore_enter,
  .leave = explore_leave,
  .end = explore_end,
  .try_move = explore_try,
  .probe = explore_probe,
  .store = explore_store,
  .numbers = explore_numbers,
  .mcts_iteration = explore_mcts_iteration,
};

/**
 * nim_trace_explore_new:
 * @path: the file to write
 * @command: the command that made the page, to show on it
 * @depth: plies shown one by one, up to %NIM_SEARCH_MAX_PLY
 * @limit: nodes shown, at least 1
 * @error: return location for a #NIM_ERROR_USAGE error when the file
 *   cannot be created
 *
 * Creates the file at once, so a path that cannot be written is reported
 * before any search.
 *
 * Returns: (transfer full) (nullable): the page, to give to the players
 *   with nim_trace_explore_observer() and to free with
 *   nim_trace_explore_free() after nim_trace_explore_close()
 */
NimTraceExplore *
nim_trace_explore_new (const char *path, const char *command, guint depth,
                       guint64 limit, GError **error)
{
  g_autoptr (NimTraceExplore) t = g_new0 (NimTraceExplore, 1);

  t->observer.funcs = &explore_funcs;
  t->observer.data = t;
  nim_trace_walk_init (&t->walk, depth, limit);
  t->line = g_new (gint, depth + 1);
  t->nodes = g_array_new (FALSE, TRUE, sizeof (ExploreNode));
  t->events = json_array_new ();
  t->path = g_strdup (path);
  t->command = g_strdup (command != NULL ? command : "nim");
  t->file = fopen (path, "w");
  if (t->file == NULL)
    {
      int saved = errno;

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: a file name and why it cannot be
                      written. */
                   _ ("--explore: cannot write '%s': %s"), path,
                   g_strerror (saved));
      return NULL;
    }
  return g_steal_pointer (&t);
}

/**
 * nim_trace_explore_close:
 * @explore: a page
 * @error: return location for a #NIM_ERROR_FAILED error
 *
 * Finishes the file: when no computer searched, it holds a page that
 * says so.
 *
 * Returns: %TRUE if the file was written in full
 */
gboolean
nim_trace_explore_close (NimTraceExplore *explore, GError **error)
{
  NimTraceExplore *t = explore;

  if (t->file != NULL)
    {
      /* The page itself says it: its data has no search. */
      JsonNode *none = json_node_new (JSON_NODE_OBJECT);
      JsonObject *o = json_object_new ();

      json_object_set_string_member (o, "format", "nim-explore");
      json_object_set_int_member (o, "version", 1);
      json_object_set_string_member (o, "command", t->command);
      json_node_take_object (none, o);
      write_page (t, none);
      json_node_unref (none);
      nim_trace_file_close (&t->file, &t->write_errno);
      fprintf (stderr,
               /* TRANSLATORS: %s is the file of --explore. */
               _ ("nim: --explore: no computer player searched in this game, "
                  "so '%s' shows no search\n"),
               t->path);
    }
  if (t->write_errno != 0)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   /* TRANSLATORS: a file name and what went wrong. */
                   _ ("--explore: write error on '%s': %s"), t->path,
                   g_strerror (t->write_errno));
      return FALSE;
    }
  return TRUE;
}

/**
 * nim_trace_explore_free:
 * @explore: (nullable): a page
 *
 * Frees it; a file still open is closed without its page (call
 * nim_trace_explore_close() first to finish it).
 */
void
nim_trace_explore_free (NimTraceExplore *explore)
{
  if (explore == NULL)
    return;
  if (explore->file != NULL)
    fclose (explore->file);
  nim_trace_walk_clear (&explore->walk);
  g_free (explore->path);
  g_free (explore->command);
  g_free (explore->line);
  g_array_unref (explore->nodes);
  json_array_unref (explore->events);
  nim_trace_mcts_clear (&explore->mcts);
  if (explore->mcts_setup != NULL)
    json_object_unref (explore->mcts_setup);
  g_free (explore);
}

/**
 * nim_trace_explore_observer:
 * @explore: a page
 *
 * Returns: (transfer none): the observer that records the first search,
 *   for nim_player_set_trace(); it lives as long as @explore
 */
NimObserver *
nim_trace_explore_observer (NimTraceExplore *explore)
{
  return &explore->observer;
}
