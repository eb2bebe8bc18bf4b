/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-search.c -- what every searcher shares: budgets, statistics, scores */

#include "config.h"

#include "nim-search.h"

#include "nim-i18n.h"
#include "nim-interrupt.h"
#include "nim-tree.h"

#include <string.h>

/* How many nodes (or look-ups, see nim_search_add_work()) pass between
   two looks at the budget, at most and at first.  Under a time budget the
   interval adapts so that a look comes every CLOCK_PERIOD microseconds or
   so: a node usually costs a fraction of a microsecond, but one that
   touches a page of a new table for the first time waits for the kernel
   to zero it (up to 2 MiB with huge pages, a tenth of a millisecond), and
   a search into a fresh table of gigabytes does little else at first.
   Reading the clock costs a few tens of nanoseconds. */
#define CLOCK_INTERVAL 1024
/* After this many nodes a search is long enough for its table to be worth
   huge pages (see nim_tt_want_huge_pages()): about a tenth of a second. */
#define HUGE_PAGES_AFTER (G_GUINT64_CONSTANT (1) << 19)
#define CLOCK_FIRST 16
#define CLOCK_PERIOD 100

/**
 * nim_search_init:
 * @search: (out): the search state to set up
 * @board: the position to search
 * @rules: the rules in force
 * @config: budgets and scoring
 *
 * Starts the clock: a time budget counts from here.
 */
void
nim_search_init (NimSearch *search, const NimBoard *board,
                 const NimRules *rules, const NimSearchConfig *config)
{
  memset (search, 0, sizeof *search);
  search->board = *board;
  search->rules = *rules;
  search->eval = (NimEval) config->eval;
  /* An evaluation's values are estimates: they need the scale on which
     unproven values other than 0 exist (see NimEval). */
  search->score = search->eval != NIM_EVAL_NONE ? NIM_SCORE_DISTANCE
                                                : (NimScoreMode) config->score;
  search->node_limit = config->nodes > 0 ? config->nodes : G_MAXUINT64;
  search->deadline = config->time > 0
                         ? g_get_monotonic_time ()
                               + (gint64) (config->time * G_USEC_PER_SEC)
                         : 0;
  search->stop = config->stop;
  search->interval = search->deadline != 0 ? CLOCK_FIRST : CLOCK_INTERVAL;
  search->last_check = search->deadline != 0 ? g_get_monotonic_time () : 0;
  search->next_check = MIN (search->node_limit, search->interval);
}

/**
 * nim_search_evaluate_slow:
 * @search: the search, at a position with a legal move
 *
 * nim_search_evaluate() with an evaluation chosen.
 *
 * Returns: 1 when the evaluation finds the position good for the player
 *   to move, -1 when bad, 0 when it cannot tell
 */
int
nim_search_evaluate_slow (const NimSearch *search)
{
  const NimBoard *b = &search->board;
  const NimRules *r = &search->rules;
  guint i, non_empty = 0, big = 0;
  guint32 sum = 0;
  /* The Grundy value of a heap where the family's closed form gives it
     (h under take-any, h mod (K+1) under 1 to K); else the heap itself,
     an estimate. */
  gboolean closed = r->family->theory == NIM_GRUNDY_CLOSED_FORM;

  for (i = 0; i < b->n_heaps; i++)
    {
      guint32 h = b->heaps[i];

      non_empty += h > 0;
      big += h > 1;
      sum ^= closed ? r->family->grundy (r, h) : h;
    }
  if (search->eval == NIM_EVAL_PARITY)
    return (non_empty % 2 == 1) != r->misere ? 1 : -1;
  /* Misère take-any (Bouton): with no heap above 1 the player to move
     wins on an even number of ones; else as under normal play. */
  if (r->misere && big == 0)
    return non_empty % 2 == 0 ? 1 : -1;
  return sum != 0 ? 1 : -1;
}

/**
 * nim_search_use_table:
 * @search: a search, just set up by nim_search_init()
 * @tt: (nullable): the transposition table it is to use
 *
 * Hands @search its table, and tells the table the search's deadline
 * (see nim_tt_grow()).  A search without a clock into a table of
 * %NIM_TT_HUGE_AT_ONCE bytes or more asks for huge pages before it
 * touches the table (see nim_tt_want_huge_pages()); any other asks once
 * it has run a while (see nim_search_check_budget()).
 */
void
nim_search_use_table (NimSearch *search, NimTT *tt)
{
  search->tt = tt;
  if (tt != NULL)
    nim_tt_set_deadline (tt, search->deadline);
  if (tt != NULL && search->deadline == 0
      && nim_tt_size (tt) >= NIM_TT_HUGE_AT_ONCE)
    nim_tt_want_huge_pages (tt);
}

/**
 * nim_search_keep_back:
 * @search: a search, just set up by nim_search_init()
 * @share: the share of its time to keep back, 1/@share
 *
 * Ends a timed search's own work 1/@share of its time early, for work
 * the searcher does after it that must fit in the time too (negamax's
 * look-ups of the root's children in its table, each of which may touch
 * a page of the table for the first time, see table_knows_win()).  A
 * search without a clock is left as it is.
 *
 * Returns: the search's whole deadline, by which that later work must be
 *   done, in g_get_monotonic_time()'s microseconds; 0 for none
 */
gint64
nim_search_keep_back (NimSearch *search, guint share)
{
  gint64 deadline = search->deadline;

  g_return_val_if_fail (share > 0, deadline);
  if (deadline != 0)
    search->deadline
        = deadline - MAX (deadline - search->last_check, 0) / share;
  return deadline;
}

/* Whether the budget is spent; else when to look again.  The node being
   entered, if any, is not counted yet. */
static gboolean
budget_spent (NimSearch *search)
{
  guint64 done;

  if (search->aborted)
    return TRUE;
  if (search->tt != NULL && search->nodes >= HUGE_PAGES_AFTER)
    nim_tt_want_huge_pages (search->tt);
  if (search->deadline != 0)
    {
      gint64 now = g_get_monotonic_time ();

      /* Twice as many units when the last interval was short, half as
         many when it was long. */
      if (now - search->last_check < CLOCK_PERIOD / 2)
        search->interval = MIN (search->interval * 2, CLOCK_INTERVAL);
      else if (now - search->last_check > CLOCK_PERIOD * 2)
        search->interval = MAX (search->interval / 2, 1);
      search->last_check = now;
      if (now >= search->deadline)
        search->node_limit = 0; /* stop below */
    }
  if (search->nodes + search->work >= search->node_limit || nim_interrupted ()
      || (search->stop != NULL && g_atomic_int_get (search->stop) != 0))
    {
      search->aborted = TRUE;
      search->next_check = 0; /* every later tick takes this path */
      return TRUE;
    }
  done = search->nodes + search->work;
  search->next_check = search->node_limit - done > search->interval
                           ? search->nodes + search->interval
                           : search->nodes + (search->node_limit - done);
  return FALSE;
}

/**
 * nim_search_check_budget:
 * @search: the search
 *
 * The slow path of nim_search_tick(): stops the search exactly at the
 * node budget (nodes and the look-ups counted by nim_search_add_work()),
 * or at the first look at the clock past the deadline, or when the
 * program asks it to stop: Ctrl-C, or the search's own stop flag (a UGI
 * engine's `stop`, which another thread sets).
 *
 * Returns: %TRUE if the search must stop
 */
gboolean
nim_search_check_budget (NimSearch *search)
{
  if (budget_spent (search))
    return TRUE;
  search->nodes++;
  return FALSE;
}

/**
 * nim_search_check_work:
 * @search: the search
 *
 * The slow path of nim_search_poll(): nim_search_check_budget() without
 * a node to count.
 *
 * Returns: %TRUE if the search must stop
 */
gboolean
nim_search_check_work (NimSearch *search)
{
  return budget_spent (search);
}

/**
 * nim_search_horizon:
 * @board: the position
 * @rules: the rules in force
 * @depth: the depth asked for, 0 for "to the end"
 *
 * A game cannot last longer than the matches on the board divided by the
 * fewest a move takes; a search that deep sees every line to its end.
 *
 * Returns: the depth to search: @depth or the game's length bound,
 *   whichever is smaller, and never more than %NIM_SEARCH_MAX_PLY
 */
guint
nim_search_horizon (const NimBoard *board, const NimRules *rules,
                    guint64 depth)
{
  guint64 longest = board->total / nim_rules_min_take (rules) + 1;
  guint64 d;

  /* A game tree's lines end at its leaves. */
  if (nim_rules_is_tree (rules))
    longest = rules->tree->height
              - rules->tree->depth[nim_tree_node (rules->tree, board)] + 1;
  d = depth > 0 ? MIN (depth, longest) : longest;
  return (guint) MIN (d, (guint64) NIM_SEARCH_MAX_PLY);
}

/**
 * nim_search_finish_stats:
 * @search: the search that ran
 * @value: the root value it settled on
 * @depth: the deepest iteration it completed
 * @stats: (out): where the statistics go (seconds are filled by the caller)
 */
void
nim_search_finish_stats (const NimSearch *search, int value, guint depth,
                         NimSearchStats *stats)
{
  stats->searched = TRUE;
  stats->nodes = search->nodes;
  stats->cutoffs = search->cutoffs;
  stats->tt_probes = search->tt_probes;
  stats->tt_hits = search->tt_hits;
  stats->depth = depth;
  stats->stopped = search->aborted;
  /* A game tree's value is any number, exact once the search is done. */
  if (nim_rules_is_tree (&search->rules))
    {
      stats->proven = !search->aborted;
      stats->value = stats->proven ? value : 0;
      stats->distance = 0;
      return;
    }
  stats->proven = nim_search_is_proven (search, value);
  stats->value = stats->proven ? (value > 0 ? 1 : -1) : 0;
  stats->distance = stats->proven && search->score == NIM_SCORE_DISTANCE
                        ? (guint) (NIM_SCORE_MATE - ABS (value))
                        : 0;
}

/**
 * nim_search_value_describe:
 * @stats: statistics of a search
 *
 * Returns: (transfer full): "win", "loss", "win in 7" or "not proven"
 */
char *
nim_search_value_describe (const NimSearchStats *stats)
{
  if (!stats->proven)
    /* TRANSLATORS: the value a search found, at the start of the
       statistics line of --stats. */
    return g_strdup (_ ("not proven"));
  if (stats->distance > 0)
    /* TRANSLATORS: "win in 7": a win in 7 plies. */
    return g_strdup_printf (stats->value > 0 ? _ ("win in %u")
                                             : _ ("loss in %u"),
                            stats->distance);
  return g_strdup (stats->value > 0 ? C_ ("value", "win")
                                    : C_ ("value", "loss"));
}
