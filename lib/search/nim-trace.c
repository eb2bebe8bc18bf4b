/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-trace.c -- watch a search: the tree it explores, as text or DOT
 *
 * A searcher with a trace reports every node it counts: it enters the
 * node (ply, board, window) and leaves it (value, what settled it).  The
 * trace only observes: it never changes what the search does.  The
 * searchers come in two copies built from the same inline code, a plain
 * one and a traced one, and pick one at the root, so a search without a
 * trace pays nothing per node.
 *
 * Nodes up to the trace's depth are "shown": a text line each, and a node
 * of the DOT tree.  A shown node at the depth limit sums up the nodes
 * below it ("+N below").  At most `limit` nodes are shown per search;
 * past that the trace only counts, and says at the end how many it left
 * out.  The text streams as the search goes: a node's line is written
 * when it is entered and gets its value at the end when no shown child
 * came in between; otherwise the value follows its children on a line of
 * its own, "= VALUE (...)".
 *
 * The DOT tree is collected for the first search only (the first
 * computer move of a game) and written when that search ends. */

#include "config.h"

#include "nim-trace.h"

#include "nim-i18n.h"
#include "nim-movegen.h"
#include "nim-search.h"
#include "nim-util.h"

#include <errno.h>
#include <string.h>

/* One shown node of the DOT tree. */
typedef struct
{
  gint parent; /* index in dot_nodes, -1 for an iteration's root */
  guint iteration;
  guint ply;
  NimMove move;
  char *heaps;
  int alpha, beta;
  int value;
  char *marks;
  guint64 pruned;
  gint best;        /* the child with the best value for this node, or -1 */
  int best_score;   /* its value as this node sees it */
  gboolean closed;  /* left: value and marks are set */
  gboolean aborted; /* the budget ran out inside it */
} DotNode;

/* A ply of the line being searched, for plies up to the depth shown. */
typedef struct
{
  NimBoard board;
  NimMove move;
  guint64 entered_at; /* total nodes, this one included, when entered */
  guint64 children;
  gboolean shown;
  gboolean line_open; /* its text line still waits for the value */
  gint dot;           /* index in dot_nodes, or -1 */
  int alpha, beta;
} Frame;

struct _NimTrace
{
  FILE *out;
  guint depth;
  guint64 limit;
  char *dot_path;
  FILE *dot;
  int dot_errno; /* the first write error on the DOT file, or 0 */

  /* The search being watched. */
  gboolean active;
  gboolean legend_done; /* the text legend is printed once */
  gboolean collect;     /* this search's tree goes to the DOT file */
  char *spec;
  guint player;
  NimRules rules;
  NimBoard root;
  NimTraceKind kind;
  guint iteration;
  guint64 total, shown, summarised, left_out;
  Frame *frames; /* depth + 1 of them */
  GArray *dot_nodes;
};

static void
dot_node_clear (gpointer data)
{
  DotNode *d = data;

  g_free (d->heaps);
  g_free (d->marks);
}

/**
 * nim_trace_new:
 * @options: where the trace goes, its depth and limit
 * @error: return location for a #NIM_ERROR_FAILED error when the DOT
 *   file cannot be created
 *
 * Opens the DOT file at once, so a path that cannot be written is
 * reported before any search.
 *
 * Returns: (transfer full) (nullable): the trace, to free with
 *   nim_trace_free() after nim_trace_close()
 */
NimTrace *
nim_trace_new (const NimTraceOptions *options, GError **error)
{
  g_autoptr (NimTrace) t = g_new0 (NimTrace, 1);

  g_return_val_if_fail (options->depth <= NIM_SEARCH_MAX_PLY, NULL);
  g_return_val_if_fail (options->limit > 0, NULL);

  t->out = options->out;
  t->depth = options->depth;
  t->limit = options->limit;
  t->frames = g_new0 (Frame, options->depth + 1);
  t->dot_nodes = g_array_new (FALSE, TRUE, sizeof (DotNode));
  g_array_set_clear_func (t->dot_nodes, dot_node_clear);
  if (options->dot_path != NULL)
    {
      t->dot_path = g_strdup (options->dot_path);
      t->dot = fopen (options->dot_path, "w");
      if (t->dot == NULL)
        {
          int saved = errno;

          g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                       /* TRANSLATORS: a file name and why it cannot be
                          written. */
                       _("--dot: cannot write '%s': %s"), options->dot_path,
                       g_strerror (saved));
          return NULL;
        }
    }
  return g_steal_pointer (&t);
}

/**
 * nim_trace_free:
 * @trace: (nullable): a trace
 *
 * Frees the trace; a DOT file still open is closed without its tree (call
 * nim_trace_close() first to finish it).
 */
void
nim_trace_free (NimTrace *trace)
{
  if (trace == NULL)
    return;
  if (trace->dot != NULL)
    fclose (trace->dot);
  g_free (trace->dot_path);
  g_free (trace->spec);
  g_free (trace->frames);
  g_array_unref (trace->dot_nodes);
  g_free (trace);
}

/**
 * nim_trace_parse_depth:
 * @text: (nullable): the argument of --trace, %NULL when there is none
 * @depth: (out): the plies to show
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Returns: %TRUE if @text is a depth from 0 to %NIM_SEARCH_MAX_PLY
 */
gboolean
nim_trace_parse_depth (const char *text, guint *depth, GError **error)
{
  guint64 d;

  if (text == NULL)
    {
      *depth = NIM_TRACE_DEFAULT_DEPTH;
      return TRUE;
    }
  if (!nim_parse_uint (text, 0, NIM_SEARCH_MAX_PLY, "--trace DEPTH", &d,
                       error))
    return FALSE;
  *depth = (guint) d;
  return TRUE;
}

/* -------------------------------------------------------------------------
   Writing */

static void
append_value (GString *s, int v)
{
  if (v >= NIM_SCORE_INF)
    g_string_append (s, "inf");
  else if (v <= -NIM_SCORE_INF)
    g_string_append (s, "-inf");
  else
    g_string_append_printf (s, "%d", v);
}

static void
append_move (GString *s, const NimMove *move)
{
  g_string_append_printf (s, "h%u-%u", move->heap + 1, move->count);
}

static void
append_window (GString *s, int alpha, int beta)
{
  g_string_append_c (s, '[');
  append_value (s, alpha);
  g_string_append_c (s, ',');
  append_value (s, beta);
  g_string_append_c (s, ']');
}

/* The node's name on its line: "root 3,4,5" or "h1-2 1,4,5". */
static void
append_label (NimTrace *t, GString *s, guint ply, const Frame *f)
{
  g_autofree char *heaps = nim_board_to_string (&f->board);

  if (ply == 0)
    {
      /* TRANSLATORS: the name of the search's first node in --trace,
         before its heaps: "root 3,4,5". */
      g_string_append (s, C_("trace", "root"));
      g_string_append_c (s, ' ');
    }
  else
    {
      append_move (s, &f->move);
      g_string_append_c (s, ' ');
    }
  g_string_append (s, heaps);
}

/* Adds a mark to the list of @s. */
static void
add_mark (GString *s, const char *mark)
{
  if (s->len > 0)
    /* TRANSLATORS: also between the marks that say how a node's value
       was found, in --trace ("= 1: cut, 2 moves pruned") and in the boxes
       of --dot. */
    g_string_append (s, C_("list", ", "));
  g_string_append (s, mark);
}

/* How the node's value came about, for its line and its DOT label.  The
   words "end", "horizon", "tt", "cut" and "+N below" are explained in the
   legend of the DOT file. */
static char *
describe_marks (NimTrace *t, const Frame *f, guint flags, guint64 below,
                guint64 pruned)
{
  GString *s = g_string_new (NULL);
  const guint settled = NIM_TRACE_TT_EXACT | NIM_TRACE_TT_LOWER
                        | NIM_TRACE_TT_UPPER | NIM_TRACE_ETC
                        | NIM_TRACE_ABORTED;

  if (f->children == 0 && (flags & settled) == 0)
    add_mark (s,
              nim_board_has_move (&f->board, &t->rules)
                  /* TRANSLATORS: a mark of --trace and --dot: the search
                     stopped at its depth limit; "horizon" in the legend
                     of the DOT file. */
                  ? C_("trace", "horizon")
                  /* TRANSLATORS: a mark of --trace and --dot: no move is
                     left, the game is over; "end" in the legend of the
                     DOT file. */
                  : C_("trace", "end"));
  if (flags & NIM_TRACE_TT_HIT && (flags & settled) == 0)
    /* TRANSLATORS: a mark of --trace and --dot: the transposition table
       ("tt" in the legend of the DOT file) knew the position; its move
       was searched first. */
    add_mark (s, C_("trace", "tt hit"));
  if (flags & NIM_TRACE_TT_EXACT)
    /* TRANSLATORS: a mark: the table's exact value settled the node. */
    add_mark (s, C_("trace", "tt exact"));
  if (flags & NIM_TRACE_TT_LOWER)
    /* TRANSLATORS: a mark: the table's lower bound settled the node. */
    add_mark (s, C_("trace", "tt lower bound"));
  if (flags & NIM_TRACE_TT_UPPER)
    /* TRANSLATORS: a mark: the table's upper bound settled the node. */
    add_mark (s, C_("trace", "tt upper bound"));
  if (flags & NIM_TRACE_ETC)
    /* TRANSLATORS: a mark of --trace and --dot; ETC is the enhanced
       transposition cutoff: the table knows a child of the node to be
       lost (for the player to move there), so the node is won. */
    add_mark (s, C_("trace", "etc: a child is lost in the table"));
  if (flags & NIM_TRACE_CUTOFF)
    /* TRANSLATORS: a mark of --trace and --dot: an alpha-beta cutoff;
       "cut" in the legend of the DOT file. */
    add_mark (s, C_("trace", "cut"));
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
    add_mark (s, C_("trace", "budget spent"));
  if (below > 0)
    {
      g_autofree char *b = NULL;

      /* TRANSLATORS: a mark of --trace and --dot: the nodes searched under
         this one, deeper than the trace shows; "+N below" in the
         legends. */
      b = g_strdup_printf (_("+%llu below"), (unsigned long long) below);

      add_mark (s, b);
    }
  return g_string_free (s, FALSE);
}

static void
text_print (NimTrace *t, const GString *s)
{
  fputs (s->str, t->out);
}

/* -------------------------------------------------------------------------
   Events */

/**
 * nim_trace_begin:
 * @trace: a trace
 * @spec: the searching player's spec
 * @player: its number, 1 or 2
 * @board: the position it searches
 * @rules: the rules in force
 * @kind: how to read its values
 *
 * A search starts: one computer move.
 */
void
nim_trace_begin (NimTrace *trace, const char *spec, guint player,
                 const NimBoard *board, const NimRules *rules,
                 NimTraceKind kind)
{
  NimTrace *t = trace;

  g_return_if_fail (!t->active);

  t->active = TRUE;
  t->collect = t->dot != NULL && t->dot_nodes->len == 0;
  g_free (t->spec);
  t->spec = g_strdup (spec);
  t->player = player;
  t->rules = *rules;
  t->root = *board;
  t->kind = kind;
  t->iteration = 0;
  t->total = t->shown = t->summarised = t->left_out = 0;
  if (t->out != NULL)
    {
      g_autofree char *heaps = nim_board_to_string (board);
      g_autofree char *described = nim_rules_describe (rules);

      /* TRANSLATORS: the first line of a search in --trace: a player
         spec, its number and the heaps it searches, such as 3,4,5.  The
         lines of --trace that are not nodes start with "#". */
      fprintf (t->out, _("# trace: %s (player %u) searches %s\n"), spec,
               player, heaps);
      if (!t->legend_done)
        {
          /* TRANSLATORS: %s is a sentence describing the rules. */
          fprintf (t->out, _("# rules: %s\n"), described);
          fputs (kind == NIM_TRACE_ALPHA_BETA
                     /* TRANSLATORS: the legend of --trace, in three
                        forms: for alpha-beta (with the window), minimax
                        and negamax.  Every line starts with "#";
                        hHEAP-COUNT is the notation of a move in the trace
                        ("h1-2" takes 2 from heap 1), "= v" and "= v
                        (node)" are written as they stand in the trace. */
                     ? _("# a line a node: the move to it (hHEAP-COUNT: "
                         "take COUNT from heap HEAP),\n"
                         "#   the heaps after it, [alpha,beta] on entry, "
                         "\"= v\" the value\n"
                         "#   for the player to move there (1 win, -1 loss, "
                         "0 unknown) and how\n"
                         "#   it was found; an inner node's value follows "
                         "its children, on a line\n"
                         "#   \"= v (node)\"\n")
                 : kind == NIM_TRACE_MINIMAX
                     /* TRANSLATORS: the legend of --trace for minimax,
                        whose values are for the player at the root. */
                     ? _("# a line a node: the move to it (hHEAP-COUNT: "
                         "take COUNT from heap HEAP),\n"
                         "#   the heaps after it, \"= v\" the value\n"
                         "#   for the player at the root (1 win, -1 loss, "
                         "0 unknown) and how\n"
                         "#   it was found; an inner node's value follows "
                         "its children, on a line\n"
                         "#   \"= v (node)\"\n")
                     /* TRANSLATORS: the legend of --trace for negamax
                        without alpha-beta. */
                     : _("# a line a node: the move to it (hHEAP-COUNT: "
                         "take COUNT from heap HEAP),\n"
                         "#   the heaps after it, \"= v\" the value\n"
                         "#   for the player to move there (1 win, -1 loss, "
                         "0 unknown) and how\n"
                         "#   it was found; an inner node's value follows "
                         "its children, on a line\n"
                         "#   \"= v (node)\"\n"),
                 t->out);
          fprintf (t->out,
                   g_dngettext (GETTEXT_PACKAGE,
                                /* TRANSLATORS: the end of the legend of
                                   --trace, the first half of a sentence
                                   that the next message ends on the same
                                   line; "+N below" is the mark of a node
                                   whose descendants are not shown.  The
                                   English says "plies" for 1 too. */
                                "# nodes deeper than %u plies are counted on "
                                "their ancestor's line\n"
                                "#   (\"+N below\"); ",
                                "# nodes deeper than %u plies are counted on "
                                "their ancestor's line\n"
                                "#   (\"+N below\"); ",
                                t->depth),
                   t->depth);
          fprintf (t->out,
                   g_dngettext (GETTEXT_PACKAGE,
                                /* TRANSLATORS: the end of the sentence of
                                   the previous message: the limit of
                                   --trace-limit.  The English says
                                   "nodes" for 1 too. */
                                "at most %llu nodes are shown a search\n",
                                "at most %llu nodes are shown a search\n",
                                t->limit),
                   (unsigned long long) t->limit);
        }
      t->legend_done = TRUE;
    }
}

/**
 * nim_trace_iteration:
 * @trace: a trace
 * @depth: the depth of the iteration about to start
 *
 * Iterative deepening starts a new iteration: a new root.
 */
void
nim_trace_iteration (NimTrace *trace, guint depth)
{
  trace->iteration = depth;
  if (trace->out != NULL)
    /* TRANSLATORS: iterative deepening starts an iteration in --trace. */
    fprintf (trace->out, _("# iteration: depth %u\n"), depth);
}

/**
 * nim_trace_enter:
 * @trace: a trace
 * @ply: plies from the root
 * @board: the position, after the move that led to it
 * @alpha: the window on entry (ignored without alpha-beta)
 * @beta: its upper end
 *
 * The search counted a node and starts on it.
 */
void
nim_trace_enter (NimTrace *trace, guint ply, const NimBoard *board, int alpha,
                 int beta)
{
  NimTrace *t = trace;
  Frame *f, *parent = NULL;

  t->total++;
  if (ply > 0 && ply - 1 <= t->depth)
    {
      parent = &t->frames[ply - 1];
      parent->children++;
    }
  if (ply > t->depth)
    {
      if (t->frames[t->depth].shown)
        t->summarised++;
      else
        t->left_out++;
      return;
    }

  f = &t->frames[ply];
  f->board = *board;
  f->entered_at = t->total;
  f->children = 0;
  f->line_open = FALSE;
  f->dot = -1;
  f->alpha = alpha;
  f->beta = beta;
  f->shown = (parent == NULL || parent->shown) && t->shown < t->limit;
  if (parent != NULL)
    {
      guint i;

      /* The move is where the boards differ: the searchers keep no
         record of it a trace could read for free. */
      for (i = 0; i < board->n_heaps; i++)
        if (board->heaps[i] != parent->board.heaps[i])
          break;
      g_assert (i < board->n_heaps);
      f->move.heap = i;
      f->move.count = parent->board.heaps[i] - board->heaps[i];
    }
  if (!f->shown)
    {
      t->left_out++;
      return;
    }
  t->shown++;

  if (t->out != NULL)
    {
      g_autoptr (GString) s = g_string_new (NULL);

      if (parent != NULL && parent->line_open)
        {
          g_string_append_c (s, '\n');
          parent->line_open = FALSE;
        }
      g_string_append_printf (s, "%*s", (int) (2 * ply), "");
      append_label (t, s, ply, f);
      if (t->kind == NIM_TRACE_ALPHA_BETA)
        {
          g_string_append_c (s, ' ');
          append_window (s, alpha, beta);
        }
      text_print (t, s);
      f->line_open = TRUE;
    }
  if (t->collect)
    {
      DotNode d = { 0 };

      d.parent = parent != NULL ? parent->dot : -1;
      d.iteration = t->iteration;
      d.ply = ply;
      d.move = f->move;
      d.heaps = nim_board_to_string (board);
      d.alpha = alpha;
      d.beta = beta;
      d.best = -1;
      g_array_append_val (t->dot_nodes, d);
      f->dot = (gint) t->dot_nodes->len - 1;
    }
}

/**
 * nim_trace_leave:
 * @trace: a trace
 * @ply: plies from the root
 * @board: the position, as it was entered
 * @value: the value the search returns for it
 * @flags: #NimTraceFlags: what settled it
 *
 * The search is done with a node.
 */
void
nim_trace_leave (NimTrace *trace, guint ply, const NimBoard *board, int value,
                 guint flags)
{
  NimTrace *t = trace;
  Frame *f;
  guint64 below, pruned = 0;
  g_autofree char *marks = NULL;

  if (ply > t->depth)
    return;
  f = &t->frames[ply];
  if (!f->shown)
    return;
  below = ply == t->depth ? t->total - f->entered_at : 0;
  if ((flags & NIM_TRACE_PRUNING_FLAGS) && !(flags & NIM_TRACE_ABORTED))
    pruned = nim_movegen_count (&f->board, &t->rules) - f->children;
  marks = describe_marks (t, f, flags, below, pruned);

  if (t->out != NULL)
    {
      g_autoptr (GString) s = g_string_new (NULL);

      if (f->line_open)
        g_string_append (s, " = ");
      else
        g_string_append_printf (s, "%*s= ", (int) (2 * ply), "");
      append_value (s, value);
      if (*marks != '\0')
        g_string_append_printf (s, ": %s", marks);
      if (!f->line_open)
        {
          g_string_append (s, " (");
          append_label (t, s, ply, f);
          g_string_append_c (s, ')');
        }
      g_string_append_c (s, '\n');
      text_print (t, s);
      f->line_open = FALSE;
    }
  if (f->dot >= 0)
    {
      DotNode *d = &g_array_index (t->dot_nodes, DotNode, f->dot);

      d->value = value;
      d->marks = g_steal_pointer (&marks);
      d->pruned = pruned;
      d->closed = TRUE;
      d->aborted = (flags & NIM_TRACE_ABORTED) != 0;
      if (d->parent >= 0)
        {
          DotNode *p = &g_array_index (t->dot_nodes, DotNode, d->parent);
          /* Which child the parent would play: the best for the player
             to move there (minimax: Max at even plies, Min at odd). */
          int score = t->kind != NIM_TRACE_MINIMAX ? -value
                      : p->ply % 2 == 0            ? value
                                                   : -value;

          if (p->best < 0 || score > p->best_score)
            {
              p->best = f->dot;
              p->best_score = score;
            }
        }
    }
}

/* -------------------------------------------------------------------------
   DOT */

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

static void
dot_write_tree (NimTrace *t, const NimMove *move)
{
  GArray *nodes = t->dot_nodes;
  g_autofree gboolean *pv = g_new0 (gboolean, nodes->len + 1);
  g_autofree char *heaps = nim_board_to_string (&t->root);
  g_autofree char *described = nim_rules_describe (&t->rules);
  g_autofree char *depth_text = t->depth >= NIM_SEARCH_MAX_PLY
                                    /* TRANSLATORS: the depth drawn in
                                       the DOT file, when it is not a
                                       number of plies. */
                                    ? g_strdup (_("every ply"))
                                    : g_strdup_printf ("%u", t->depth);
  gint root = -1, i;
  FILE *out = t->dot;

  /* The principal variation: from the last finished root, the move
     played, then at every node the child it would play. */
  for (i = (gint) nodes->len - 1; i >= 0; i--)
    {
      DotNode *d = &g_array_index (nodes, DotNode, i);

      if (d->parent < 0 && d->closed && !d->aborted)
        {
          root = i;
          break;
        }
    }
  if (root >= 0 && move != NULL)
    {
      gint n = -1;

      for (i = root + 1; i < (gint) nodes->len; i++)
        {
          DotNode *d = &g_array_index (nodes, DotNode, i);

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
    }

  /* The comment's text is translated; the DOT around it is not, and a
     translation cannot end the comment early. */
  fputs ("/* ", out);
  fprintf (out,
           /* TRANSLATORS: the start of the comment at the top of the DOT
              file of --dot: a player spec, its number and the heaps it
              searched, such as 3,4,5; then a sentence describing the
              rules.  The lines after the first are indented by three
              blanks, under the comment's opening.  Never write the two
              characters that end a C comment. */
           _("nim --dot: the tree %s (player %u) searched from %s.\n"
             "   Rules: %s\n"
             "\n"
             "   Legend:\n"),
           t->spec, t->player, heaps, described);
  fputs (t->kind == NIM_TRACE_ALPHA_BETA
             /* TRANSLATORS: the first item of the legend of the DOT file,
                in three forms: for alpha-beta (with the window), minimax
                and negamax.  The words before the colons in the
                parentheses are the marks written in the boxes ("end",
                "horizon", "tt hit", "cut", "+N below"). */
             ? _("   - a box is a position: its heaps, the window "
                 "[alpha,beta] on entry, \"= v\" the value the\n"
                 "     search returned for the player to move there\n"
                 "     (1 win, -1 loss, 0 unknown), and how it was found "
                 "(end: no move\n"
                 "     left; horizon: the depth limit; tt: the table; cut: "
                 "an alpha-beta\n"
                 "     cutoff; +N below: nodes searched under it that are "
                 "not drawn);\n")
         : t->kind == NIM_TRACE_MINIMAX
             /* TRANSLATORS: the same item for minimax, whose values are
                for the player at the root. */
             ? _("   - a box is a position: its heaps, \"= v\" the value "
                 "the\n"
                 "     search returned for the player at the root\n"
                 "     (1 win, -1 loss, 0 unknown), and how it was found "
                 "(end: no move\n"
                 "     left; horizon: the depth limit; tt: the table; cut: "
                 "an alpha-beta\n"
                 "     cutoff; +N below: nodes searched under it that are "
                 "not drawn);\n")
             /* TRANSLATORS: the same item for negamax without
                alpha-beta. */
             : _("   - a box is a position: its heaps, \"= v\" the value "
                 "the\n"
                 "     search returned for the player to move there\n"
                 "     (1 win, -1 loss, 0 unknown), and how it was found "
                 "(end: no move\n"
                 "     left; horizon: the depth limit; tt: the table; cut: "
                 "an alpha-beta\n"
                 "     cutoff; +N below: nodes searched under it that are "
                 "not drawn);\n"),
         out);
  /* TRANSLATORS: the other items of the legend of the DOT file;
     hHEAP-COUNT is the notation of a move on the edges ("h1-2" takes 2
     from heap 1), "N pruned" the text of the notes ("3 pruned"). */
  fputs (_("   - an edge is a move, hHEAP-COUNT: take COUNT from heap HEAP;\n"
           "   - bold edges and boxes: the principal variation, the line "
           "both\n"
           "     sides would play from the move chosen on;\n"
           "   - a dashed edge to a grey \"N pruned\" note: N moves of that\n"
           "     position that were never searched, because of the cutoff "
           "or\n"
           "     the table entry written in its box;\n"
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
           _("   %llu nodes searched: %llu drawn, %llu counted in \"+N "
             "below\",\n"
             "   %llu left out past the limit of %llu nodes drawn (depth "
             "drawn: %s)."),
           (unsigned long long) t->total, (unsigned long long) t->shown,
           (unsigned long long) t->summarised,
           (unsigned long long) t->left_out, (unsigned long long) t->limit,
           depth_text);
  fputs (" */\ndigraph nim_search {\n  graph [labelloc=t, label=\"", out);
  {
    g_autofree char *title = g_strdup_printf (
        /* TRANSLATORS: the title of the drawing of --dot: a player spec,
           the heaps it searched from, the nodes it counted and those left
           out past --trace-limit. */
        _("%s from %s: %llu nodes, %llu left out"), t->spec, heaps,
        (unsigned long long) t->total, (unsigned long long) t->left_out);

    dot_escape (out, title);
  }
  fputs ("\"];\n"
         "  node [shape=box, fontname=\"monospace\", fontsize=10];\n"
         "  edge [fontname=\"monospace\", fontsize=9];\n",
         out);
  for (i = 0; i < (gint) nodes->len; i++)
    {
      DotNode *d = &g_array_index (nodes, DotNode, i);
      g_autoptr (GString) label = g_string_new (NULL);

      if (d->parent < 0 && d->iteration > 0)
        /* TRANSLATORS: in --dot, before the heaps of the root of an
           iteration of iterative deepening: "depth 3: 3,4,5". */
        g_string_append_printf (label, _("depth %u: "), d->iteration);
      g_string_append (label, d->heaps);
      if (t->kind == NIM_TRACE_ALPHA_BETA)
        {
          g_string_append_c (label, '\n');
          append_window (label, d->alpha, d->beta);
        }
      if (d->closed)
        {
          g_string_append (label, "\n= ");
          append_value (label, d->value);
          if (d->marks != NULL && *d->marks != '\0')
            g_string_append_printf (label, "\n%s", d->marks);
        }
      fprintf (out, "  n%d [label=\"", i);
      dot_escape (out, label->str);
      fprintf (out, "\"%s];\n", pv[i] ? ", style=bold" : "");
      if (d->parent >= 0)
        {
          g_autoptr (GString) m = g_string_new (NULL);

          append_move (m, &d->move);
          fprintf (out, "  n%d -> n%d [label=\"%s\"%s];\n", d->parent, i,
                   m->str, pv[i] ? ", style=bold" : "");
        }
      if (d->pruned > 0)
        {
          g_autofree char *note = g_strdup_printf (
              /* TRANSLATORS: the note of --dot for moves of a position
                 that were never searched; "N pruned" in the legend.  The
                 English says "pruned" for 1 too. */
              g_dngettext (GETTEXT_PACKAGE, "%llu pruned", "%llu pruned",
                           d->pruned),
              (unsigned long long) d->pruned);

          fprintf (out, "  p%d [label=\"", i);
          dot_escape (out, note);
          fprintf (out,
                   "\", shape=note, fontsize=8, color=gray50, "
                   "fontcolor=gray40];\n"
                   "  n%d -> p%d [style=dashed, color=gray50];\n",
                   i, i);
        }
    }
  fprintf (out, "}\n");
}

/* Finishes the DOT file; keeps the first error in dot_errno. */
static void
dot_finish (NimTrace *t)
{
  if (ferror (t->dot) && t->dot_errno == 0)
    t->dot_errno = errno != 0 ? errno : EIO;
  if (fclose (t->dot) != 0 && t->dot_errno == 0)
    t->dot_errno = errno != 0 ? errno : EIO;
  t->dot = NULL;
}

/**
 * nim_trace_end:
 * @trace: a trace
 * @move: (nullable): the move the search chose
 * @nodes: the nodes the search counted
 * @proven: whether its value is proven
 * @value: the value, > 0 a win, < 0 a loss
 *
 * The search is over.  The first search's tree goes to the DOT file.
 */
void
nim_trace_end (NimTrace *trace, const NimMove *move, guint64 nodes,
               gboolean proven, int value)
{
  NimTrace *t = trace;

  g_return_if_fail (t->active);
  t->active = FALSE;
  if (t->out != NULL)
    {
      g_autoptr (GString) s = g_string_new (NULL);
      g_autoptr (GString) m = g_string_new (NULL);
      const char *described = !proven    ? _("not proven")
                              : value > 0 ? C_("value", "win")
                                          : C_("value", "loss");

      g_string_append_printf (
          s,
          /* TRANSLATORS: the end of a search in --trace: the nodes the
             trace saw, those the search counted, those shown, those
             counted in the "+N below" of a line, those left out past
             --trace-limit, and the limit. */
          _("# %llu nodes traced (the search counted %llu): %llu shown,\n"
            "#   %llu counted in \"+N below\", %llu left out past the "
            "limit of %llu\n"),
          (unsigned long long) t->total, (unsigned long long) nodes,
          (unsigned long long) t->shown, (unsigned long long) t->summarised,
          (unsigned long long) t->left_out, (unsigned long long) t->limit);
      if (move != NULL)
        {
          append_move (m, move);
          /* TRANSLATORS: the last line of a search in --trace: its value
             ("win", "loss" or "not proven") and the move it plays, in the
             notation of the trace, "h2-1". */
          g_string_append_printf (s, _("# value %s; plays %s\n"),
                                  described, m->str);
        }
      else
        /* TRANSLATORS: the last line of a search in --trace: its value,
           "win", "loss" or "not proven". */
        g_string_append_printf (s, _("# value %s\n"), described);
      text_print (t, s);
    }
  if (t->collect)
    {
      dot_write_tree (t, move);
      dot_finish (t);
      t->collect = FALSE;
    }
}

/**
 * nim_trace_close:
 * @trace: a trace
 * @error: return location for a #NIM_ERROR_FAILED error
 *
 * Finishes the DOT file: when no computer searched, it holds an empty
 * graph that says so.
 *
 * Returns: %TRUE if the DOT file (if any) was written in full
 */
gboolean
nim_trace_close (NimTrace *trace, GError **error)
{
  NimTrace *t = trace;

  if (t->dot != NULL)
    {
      fputs ("/* ", t->dot);
      /* TRANSLATORS: the comment of an empty DOT file of --dot.  Never
         write the two characters that end a C comment. */
      fputs (_("nim --dot: no computer player searched in this game."),
             t->dot);
      fputs (" */\ndigraph nim_search {\n}\n", t->dot);
      dot_finish (t);
    }
  if (t->dot_errno != 0)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   /* TRANSLATORS: a file name and what went wrong. */
                   _("--dot: write error on '%s': %s"), t->dot_path,
                   g_strerror (t->dot_errno));
      return FALSE;
    }
  return TRUE;
}
