/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-trace.c -- --trace and --dot: watch the searches of a game, as
 * text, as a DOT tree, or both
 *
 * What the options ask for, made into one observer for the players: the
 * text trace (nim-trace-text.c), the DOT tree (nim-trace-dot.c), or,
 * with both, an observer that passes each event on to the two. */

#include "config.h"

#include "nim-trace.h"

#include "nim-search.h"
#include "nim-trace-dot.h"
#include "nim-trace-text.h"
#include "nim-util.h"

struct _NimTrace
{
  NimTraceText *text; /* (nullable) */
  NimTraceDot *dot;   /* (nullable) */
  NimObserver *to[2]; /* the text's observer and the DOT's, with both */
  NimObserver both;
};

/* -------------------------------------------------------------------------
   Both: each event to the text, then to the DOT tree */

static void
both_begin (gpointer data, const char *spec, guint player,
            const NimBoard *board, const NimRules *rules, NimTraceKind kind)
{
  NimObserver **to = data;

  nim_observer_begin (to[0], spec, player, board, rules, kind);
  nim_observer_begin (to[1], spec, player, board, rules, kind);
}

static void
both_iteration (gpointer data, guint depth)
{
  NimObserver **to = data;

  nim_observer_iteration (to[0], depth);
  nim_observer_iteration (to[1], depth);
}

static void
both_enter (gpointer data, guint ply, const NimBoard *board, int alpha,
            int beta)
{
  NimObserver **to = data;

  nim_observer_enter (to[0], ply, board, alpha, beta);
  nim_observer_enter (to[1], ply, board, alpha, beta);
}

static void
both_leave (gpointer data, guint ply, const NimBoard *board, int value,
            guint flags)
{
  NimObserver **to = data;

  nim_observer_leave (to[0], ply, board, value, flags);
  nim_observer_leave (to[1], ply, board, value, flags);
}

static void
both_end (gpointer data, const NimMove *move, guint64 nodes, gboolean proven,
          int value)
{
  NimObserver **to = data;

  nim_observer_end (to[0], move, nodes, proven, value);
  nim_observer_end (to[1], move, nodes, proven, value);
}

static void
both_mcts_iteration (gpointer data, const NimMctsIteration *it)
{
  NimObserver **to = data;

  nim_observer_mcts_iteration (to[0], it);
  nim_observer_mcts_iteration (to[1], it);
}

static const NimObserverFuncs both_funcs = {
  .begin = both_begin,
  .iteration = both_iteration,
  .enter = both_enter,
  .leave = both_leave,
  .end = both_end,
  .mcts_iteration = both_mcts_iteration,
};

/**
 * nim_trace_new:
 * @options: where the trace goes, its depth and limit; at least one of
 *   @options->out and @options->dot_path is set
 * @error: return location for a #NIM_ERROR_FAILED error when the DOT
 *   file cannot be created
 *
 * Opens the DOT file at once, so a path that cannot be written is
 * reported before any search.
 *
 * Returns: (transfer full) (nullable): the trace, to give to the players
 *   with nim_trace_observer() and to free with nim_trace_free() after
 *   nim_trace_close()
 */
NimTrace *
nim_trace_new (const NimTraceOptions *options, GError **error)
{
  g_autoptr (NimTrace) t = g_new0 (NimTrace, 1);

  g_return_val_if_fail (options->out != NULL || options->dot_path != NULL,
                        NULL);
  g_return_val_if_fail (options->depth <= NIM_SEARCH_MAX_PLY, NULL);
  g_return_val_if_fail (options->limit > 0, NULL);

  if (options->dot_path != NULL)
    {
      t->dot = nim_trace_dot_new (options->dot_path, options->depth,
                                  options->limit, error);
      if (t->dot == NULL)
        return NULL;
    }
  if (options->out != NULL)
    t->text
        = nim_trace_text_new (options->out, options->depth, options->limit);
  if (t->text != NULL && t->dot != NULL)
    {
      t->to[0] = nim_trace_text_observer (t->text);
      t->to[1] = nim_trace_dot_observer (t->dot);
      t->both.funcs = &both_funcs;
      t->both.data = t->to;
    }
  return g_steal_pointer (&t);
}

/**
 * nim_trace_observer:
 * @trace: a trace
 *
 * Returns: (transfer none): the observer to give to the players with
 *   nim_player_set_trace(); it lives as long as @trace
 */
NimObserver *
nim_trace_observer (NimTrace *trace)
{
  if (trace->dot == NULL)
    return nim_trace_text_observer (trace->text);
  if (trace->text == NULL)
    return nim_trace_dot_observer (trace->dot);
  return &trace->both;
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
  return trace->dot == NULL || nim_trace_dot_close (trace->dot, error);
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
  nim_trace_text_free (trace->text);
  nim_trace_dot_free (trace->dot);
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
