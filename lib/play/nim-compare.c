/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-compare.c -- `nim --compare`: every algorithm on one position
 *
 * The lecture's table: the same position searched by textbook minimax,
 * then by negamax with its techniques turned on one at a time, then
 * played by the closed forms that have a theory for the rules.  Every
 * search runs with time=0 and the same node budget, so the counts are
 * the same on any machine; the configurations that are also lines of
 * `make bench` count exactly what bench/expected says.  The rows are
 * returned; src/nim-compare-report.c prints them. */

#include "config.h"

#include "nim-compare.h"

#include "nim-i18n.h"
#include "nim-player.h"
#include "nim-error.h"
#include "nim-interrupt.h"

#include <string.h>

static void
row_free (gpointer data)
{
  NimCompareRow *row = data;

  g_free (row->spec);
  g_clear_error (&row->error);
  g_free (row);
}

/* Runs the player of @spec on @board into @row.  A searcher's budget is
   the comparison's, where its spec does not set its own (a spec the user
   gave, such as minimax:depth=2,nodes=500). */
static gboolean
run_one (const char *spec, gboolean search, const NimRules *rules,
         const NimBoard *board, const NimBudget *budget, NimCompareRow *row,
         GError **error)
{
  g_autoptr (NimPlayer) player
      = nim_player_new_budgeted (spec, search ? budget : NULL, error);

  /* A player that draws random numbers (mcts) draws the same ones on
     every run, so that its row is as repeatable as the others. */
  if (player != NULL)
    nim_player_set_seed (player, 1);
  if (player == NULL || !nim_player_start (player, rules, board, error)
      || !nim_player_choose_move (player, board, &row->move, error))
    return FALSE;
  row->stats = *nim_player_get_stats (player);
  /* A closed form always finishes, and reports its theory's value as
     proven.  A search that proved its value finished, even on the last
     node of its budget; one its budget stopped did not. */
  row->finished = !search || row->stats.proven || !row->stats.stopped;
  row->value = !row->stats.proven ? 0 : row->stats.value > 0 ? 1 : -1;
  return TRUE;
}

/* Runs @row's player; when it cannot run, the row keeps why and the
   comparison goes on: one player out of its depth (grundy's table on a
   heap of billions under a subtraction set) says nothing of the others.
   Only Ctrl-C stops the whole comparison. */
static gboolean
run_row (NimCompareRow *row, gboolean search, const NimRules *rules,
         const NimBoard *board, const NimBudget *budget, GError **error)
{
  GError *local = NULL;

  if (run_one (row->spec, search, rules, board, budget, row, &local))
    return TRUE;
  if (g_error_matches (local, NIM_ERROR, NIM_ERROR_INTERRUPTED))
    {
      g_propagate_error (error, local);
      return FALSE;
    }
  row->error = local;
  row->value = 0;
  row->finished = FALSE;
  memset (&row->move, 0, sizeof row->move);
  memset (&row->stats, 0, sizeof row->stats);
  return TRUE;
}

/* Runs @row (added to @rows) and hands it to @row_done; FALSE on Ctrl-C,
   which removes the unfinished row. */
static gboolean
add_row (GPtrArray *rows, NimCompareRow *row, gboolean search,
         const NimRules *rules, const NimBoard *board, const NimBudget *budget,
         NimCompareRowFunc row_done, gpointer user_data, GError **error)
{
  g_ptr_array_add (rows, row);
  if (!run_row (row, search, rules, board, budget, error))
    {
      g_ptr_array_remove_index (rows, rows->len - 1);
      return FALSE;
    }
  /* Ctrl-C stops a search as its budget would, with what it has: a row
     cut short so is no measurement, and the rows after it are not run. */
  if (nim_interrupted ())
    {
      g_ptr_array_remove_index (rows, rows->len - 1);
      g_set_error_literal (error, NIM_ERROR, NIM_ERROR_INTERRUPTED,
                           _ ("interrupted"));
      return FALSE;
    }
  if (row_done != NULL)
    row_done (row, user_data);
  return TRUE;
}

/* The rows of the registry: every searcher's configurations in the order
   a lecture adds the techniques, then every closed form that has a
   theory for the rules; then @specs.  FALSE on Ctrl-C. */
static gboolean
add_rows (GPtrArray *rows, const NimRules *rules, const NimBoard *board,
          const NimBudget *budget, const char *const *specs,
          NimCompareRowFunc row_done, gpointer user_data, GError **error)
{
  const NimPlayerClass *const *classes = nim_player_classes ();
  guint i, j;

  for (i = 0; classes[i] != NULL; i++)
    for (j = 0; classes[i]->kind == NIM_PLAYER_SEARCHER
                && classes[i]->showcase != NULL
                && classes[i]->showcase[j].options != NULL;
         j++)
      {
        const NimPlayerShowcase *c = &classes[i]->showcase[j];
        NimCompareRow *row = g_new0 (NimCompareRow, 1);

        row->spec = *c->options ? g_strdup_printf ("%s:%s", classes[i]->name,
                                                   c->options)
                                : g_strdup (classes[i]->name);
        row->bench = c->bench;
        if (!add_row (rows, row, TRUE, rules, board, budget, row_done,
                      user_data, error))
          return FALSE;
      }
  for (i = 0; classes[i] != NULL; i++)
    {
      NimCompareRow *row;

      if (classes[i]->kind != NIM_PLAYER_CLOSED_FORM
          || !nim_player_supports (classes[i], rules, board, NULL))
        continue;
      row = g_new0 (NimCompareRow, 1);
      row->spec = g_strdup (classes[i]->name);
      if (!add_row (rows, row, FALSE, rules, board, budget, row_done,
                    user_data, error))
        return FALSE;
    }
  for (i = 0; specs != NULL && specs[i] != NULL; i++)
    {
      g_autofree char *name = g_strndup (specs[i], strcspn (specs[i], ":"));
      const NimPlayerClass *klass = nim_player_class_lookup (name);
      NimCompareRow *row = g_new0 (NimCompareRow, 1);

      row->spec = g_strdup (specs[i]);
      if (!add_row (rows, row,
                    klass != NULL && klass->kind == NIM_PLAYER_SEARCHER, rules,
                    board, budget, row_done, user_data, error))
        return FALSE;
    }
  return TRUE;
}

/**
 * nim_compare_run:
 * @rules: the rules
 * @board: the position, which must have a legal move
 * @budget: the budget of each search (depth, seconds and nodes, each 0
 *   for none), where its spec sets none
 * @specs: (nullable) (array zero-terminated=1): more players to run
 *   after the fixed rows, as specs such as "minimax:depth=2"
 * @row_done: (nullable) (scope call): called as each row finishes
 * @user_data: for @row_done
 * @interrupted: (out): set when Ctrl-C stopped the comparison; the rows
 *   returned are then those that finished
 * @error: return location for an error; none is set today
 *
 * Runs every searcher configuration and every closed form that applies
 * on @board, in the registry's order, then the players of @specs.  A
 * player that cannot run on @board (it fails to start or to choose a
 * move, or its spec is not a player) does not stop the others: its row
 * holds the error.
 *
 * Returns: (transfer full) (element-type NimCompareRow): what each found
 *   and what it cost, one row each
 */
GPtrArray *
nim_compare_run (const NimRules *rules, const NimBoard *board,
                 const NimBudget *budget, const char *const *specs,
                 NimCompareRowFunc row_done, gpointer user_data,
                 gboolean *interrupted, GError **error)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (row_free);
  g_autoptr (GError) local = NULL;

  g_return_val_if_fail (nim_board_has_move (board, rules), NULL);
  *interrupted = !add_rows (rows, rules, board, budget, specs, row_done,
                            user_data, &local);
  if (*interrupted
      && !g_error_matches (local, NIM_ERROR, NIM_ERROR_INTERRUPTED))
    {
      g_propagate_error (error, g_steal_pointer (&local));
      return NULL;
    }
  return g_steal_pointer (&rows);
}
