/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-trace.c -- --trace, --dot and --explore: watch the searches of a
 * game, as text, as a DOT tree, as a page to step through, or all
 *
 * What the options ask for, made into one observer for the players: the
 * text trace (nim-trace-text.c), the DOT tree (nim-trace-dot.c), the
 * page (nim-trace-explore.c), or, with more than one, an observer that
 * passes each event on to each of them. */

#include "config.h"

#include "nim-trace.h"

#include "nim-search.h"
#include "nim-trace-dot.h"
#include "nim-trace-explore.h"
#include "nim-trace-text.h"
#include "nim-parse.h"

/* The renderers, each an observer. */
#define N_RENDERERS 3

struct _NimTrace
{
  NimTraceText *text;               /* (nullable) */
  NimTraceDot *dot;                 /* (nullable) */
  NimTraceExplore *explore;         /* (nullable) */
  NimObserver *to[N_RENDERERS + 1]; /* their observers, NULL-terminated */
  NimObserver all;
};

/* -------------------------------------------------------------------------
   All: each event to each renderer, in turn */

static void
all_begin (gpointer data, const char *spec, guint player,
           const NimBoard *board, const NimRules *rules, NimTraceKind kind)
{
  NimObserver **to;

  for (to = data; *to != NULL; to++)
    nim_observer_begin (*to, spec, player, board, rules, kind);
}

static void
all_iteration (gpointer data, guint depth)
{
  NimObserver **to;

  for (to = data; *to != NULL; to++)
    nim_observer_iteration (*to, depth);
}

static void
all_enter (gpointer data, guint ply, const NimBoard *board, int alpha,
           int beta)
{
  NimObserver **to;

  for (to = data; *to != NULL; to++)
    nim_observer_enter (*to, ply, board, alpha, beta);
}

static void
all_leave (gpointer data, guint ply, const NimBoard *board, int value,
           guint flags)
{
  NimObserver **to;

  for (to = data; *to != NULL; to++)
    nim_observer_leave (*to, ply, board, value, flags);
}

static void
all_end (gpointer data, const NimMove *move, guint64 nodes, gboolean proven,
         int value)
{
  NimObserver **to;

  for (to = data; *to != NULL; to++)
    nim_observer_end (*to, move, nodes, proven, value);
}

static void
all_try (gpointer data, guint ply, const NimMove *move, NimTraceTry why)
{
  NimObserver **to;

  for (to = data; *to != NULL; to++)
    nim_observer_try (*to, ply, move, why);
}

static void
all_probe (gpointer data, guint ply, const NimTraceEntry *entry)
{
  NimObserver **to;

  for (to = data; *to != NULL; to++)
    nim_observer_probe (*to, ply, entry);
}

static void
all_store (gpointer data, guint ply, const NimTraceEntry *entry)
{
  NimObserver **to;

  for (to = data; *to != NULL; to++)
    nim_observer_store (*to, ply, entry);
}

static void
all_numbers (gpointer data, guint ply, const NimTraceNumbers *numbers)
{
  NimObserver **to;

  for (to = data; *to != NULL; to++)
    nim_observer_numbers (*to, ply, numbers);
}

static void
all_mcts_iteration (gpointer data, const NimMctsIteration *it)
{
  NimObserver **to;

  for (to = data; *to != NULL; to++)
    nim_observer_mcts_iteration (*to, it);
}

static const NimObserverFuncs all_funcs = {
  .begin = all_begin,
  .iteration = all_iteration,
  .enter = all_enter,
  .leave = all_leave,
  .end = all_end,
  .try_move = all_try,
  .probe = all_probe,
  .store = all_store,
  .numbers = all_numbers,
  .mcts_iteration = all_mcts_iteration,
};

/**
 * nim_trace_new:
 * @options: where the trace goes, its depth and limit; at least one of
 *   @options->out, @options->dot_path and @options->explore_path is set
 * @error: return location for a #NIM_ERROR_USAGE error when the DOT
 *   file or the page cannot be created
 *
 * Opens the DOT file and the page at once, so a path that cannot be
 * written is reported before any search.
 *
 * Returns: (transfer full) (nullable): the trace, to give to the players
 *   with nim_trace_observer() and to free with nim_trace_free() after
 *   nim_trace_close()
 */
NimTrace *
nim_trace_new (const NimTraceOptions *options, GError **error)
{
  g_autoptr (NimTrace) t = g_new0 (NimTrace, 1);
  guint n = 0;

  g_return_val_if_fail (options->out != NULL || options->dot_path != NULL
                            || options->explore_path != NULL,
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
  if (options->explore_path != NULL)
    {
      t->explore
          = nim_trace_explore_new (options->explore_path, options->command,
                                   options->depth, options->limit, error);
      if (t->explore == NULL)
        return NULL;
    }
  if (options->out != NULL)
    t->text
        = nim_trace_text_new (options->out, options->depth, options->limit);
  if (t->text != NULL)
    t->to[n++] = nim_trace_text_observer (t->text);
  if (t->dot != NULL)
    t->to[n++] = nim_trace_dot_observer (t->dot);
  if (t->explore != NULL)
    t->to[n++] = nim_trace_explore_observer (t->explore);
  t->all.funcs = &all_funcs;
  t->all.data = t->to;
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
  /* One renderer is watched directly, without passing events on. */
  return trace->to[1] == NULL ? trace->to[0] : &trace->all;
}

/**
 * nim_trace_close:
 * @trace: a trace
 * @error: return location for a #NIM_ERROR_FAILED error
 *
 * Finishes the DOT file and the page: when no computer searched, they
 * say so.
 *
 * Returns: %TRUE if the DOT file and the page (if any) were written in
 *   full
 */
gboolean
nim_trace_close (NimTrace *trace, GError **error)
{
  return (trace->dot == NULL || nim_trace_dot_close (trace->dot, error))
         && (trace->explore == NULL
             || nim_trace_explore_close (trace->explore, error));
}

/**
 * nim_trace_free:
 * @trace: (nullable): a trace
 *
 * Frees the trace; a DOT file or page still open is closed without its
 * search (call nim_trace_close() first to finish it).
 */
void
nim_trace_free (NimTrace *trace)
{
  if (trace == NULL)
    return;
  nim_trace_text_free (trace->text);
  nim_trace_dot_free (trace->dot);
  nim_trace_explore_free (trace->explore);
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
