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

#include "nim-player.h"
#include "nim-util.h"

#include <string.h>

static void
row_free (gpointer data)
{
  NimCompareRow *row = data;

  g_free (row->spec);
  g_clear_error (&row->error);
  g_free (row);
}

static gboolean
run_one (const char *spec, gboolean search, const NimRules *rules,
         const NimBoard *board, guint64 nodes, NimCompareRow *row,
         GError **error)
{
  g_autofree char *full = NULL;
  g_autoptr (NimPlayer) player = NULL;

  full = search ? g_strdup_printf ("%s%ctime=0,nodes=%" G_GUINT64_FORMAT, spec,
                                   strchr (spec, ':') ? ',' : ':', nodes)
                : g_strdup (spec);
  player = nim_player_new (full, error);
  if (player == NULL || !nim_player_start (player, rules, board, error)
      || !nim_player_choose_move (player, board, &row->move, error))
    return FALSE;
  row->stats = *nim_player_get_stats (player);
  /* A closed form always finishes, and reports its theory's value as
     proven.  A search that proved its value finished, even on the last
     node of its budget. */
  row->finished
      = !search || nodes == 0 || row->stats.proven || !row->stats.stopped;
  row->value = !row->stats.proven ? 0 : row->stats.value > 0 ? 1 : -1;
  return TRUE;
}

/* Runs @row's player; when it cannot run, the row keeps why and the
   comparison goes on: one player out of its depth (grundy's table on a
   heap of billions under a subtraction set) says nothing of the others.
   Only Ctrl-C stops the whole comparison. */
static gboolean
run_row (NimCompareRow *row, gboolean search, const NimRules *rules,
         const NimBoard *board, guint64 nodes, GError **error)
{
  GError *local = NULL;

  if (run_one (row->spec, search, rules, board, nodes, row, &local))
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

/**
 * nim_compare_run:
 * @rules: the rules
 * @board: the position, which must have a legal move
 * @nodes: the node budget of each search, 0 for none
 * @error: return location for #NIM_ERROR_INTERRUPTED (Ctrl-C), which
 *   stops the comparison
 *
 * Runs every searcher configuration and every closed form that applies
 * on @board, in the registry's order.  A player that cannot run on
 * @board (it fails to start or to choose a move) does not stop the
 * others: its row holds the error.
 *
 * Returns: (transfer full) (element-type NimCompareRow) (nullable): what
 *   each found and what it cost, one row each
 */
GPtrArray *
nim_compare_run (const NimRules *rules, const NimBoard *board, guint64 nodes,
                 GError **error)
{
  g_autoptr (GPtrArray) rows = g_ptr_array_new_with_free_func (row_free);
  const NimPlayerClass *const *classes = nim_player_classes ();
  guint i, j;

  g_return_val_if_fail (nim_board_has_move (board, rules), NULL);
  /* The rows come from the registry: every searcher's configurations in
     the order a lecture adds the techniques, then every closed form that
     has a theory for the rules. */
  for (i = 0; classes[i] != NULL; i++)
    for (j = 0; classes[i]->kind == NIM_PLAYER_SEARCHER
                && classes[i]->showcase != NULL
                && classes[i]->showcase[j].options != NULL;
         j++)
      {
        const NimPlayerShowcase *c = &classes[i]->showcase[j];
        NimCompareRow *row = g_new0 (NimCompareRow, 1);

        g_ptr_array_add (rows, row);
        row->spec = *c->options ? g_strdup_printf ("%s:%s", classes[i]->name,
                                                   c->options)
                                : g_strdup (classes[i]->name);
        row->bench = c->bench;
        if (!run_row (row, TRUE, rules, board, nodes, error))
          return NULL;
      }
  for (i = 0; classes[i] != NULL; i++)
    {
      NimCompareRow *row;

      if (classes[i]->kind != NIM_PLAYER_CLOSED_FORM
          || !nim_player_supports (classes[i], rules, board, NULL))
        continue;
      row = g_new0 (NimCompareRow, 1);
      g_ptr_array_add (rows, row);
      row->spec = g_strdup (classes[i]->name);
      if (!run_row (row, FALSE, rules, board, nodes, error))
        return NULL;
    }
  return g_steal_pointer (&rows);
}
