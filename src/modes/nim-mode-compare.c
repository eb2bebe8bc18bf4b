/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-mode-compare.c -- nim --compare: one position searched by every
   algorithm, and by the players of --player1 and --player2, in one
   table */

#include "config.h"

#include "nim-compare-report.h"
#include "nim-compare.h"
#include "nim-error.h"
#include "nim-exit.h"
#include "nim-i18n.h"
#include "nim-mode.h"
#include "nim-parse.h"
#include "nim-prompt.h"
#include "nim-shared.h"

/**
 * CompareConfig:
 * @compare: --compare
 * @nodes_text: --nodes, as given
 * @budget: the budget of each search: time=0, and --nodes
 * @specs: the players of --player1 and --player2, %NULL-terminated
 *
 * The options of --compare.
 */
typedef struct
{
  gboolean compare;
  char *nodes_text;

  NimBudget budget;
  const char *specs[3];
} CompareConfig;

#define FIELD(member) NIM_OPTION_FIELD (CompareConfig, member)

static const NimOption options[] = {
  { { "compare", 0, 0, G_OPTION_ARG_NONE, FIELD (compare),
      N_ ("Search the --heaps with every algorithm, and the players of "
          "--player1 and --player2, and print one table"),
      NULL },
    0,
    NULL,
    NULL },
  { { "nodes", 0, 0, G_OPTION_ARG_STRING, FIELD (nodes_text),
      N_ ("Node budget of each --compare search, 0 for none (default "
          "10000000)"),
      "N" },
    0,
    NULL,
    N_ ("--nodes is the budget of --compare; a player's budget is its "
        "nodes= option, such as negamax:nodes=1000") },
  { { NULL } },
};

/* What --trace, --dot and --explore say here. */
#define NO_TRACE                                                              \
  N_ ("--compare traces none of its searches; leave out --trace, --dot and "  \
      "--explore")

static const NimRefusal refusals[] = {
  NIM_SHARED_REFUSE_TRACE (NO_TRACE),
  { NULL },
};

static gboolean
compare_check (gpointer config, NimShared *shared, GError **error)
{
  CompareConfig *c = config;
  guint n_specs = 0, i;

  c->budget.nodes = NIM_COMPARE_DEFAULT_NODES;
  if (c->nodes_text != NULL
      && !nim_parse_uint (c->nodes_text, 0, G_MAXUINT64, "--nodes",
                          &c->budget.nodes, error))
    return FALSE;
  if (!nim_board_has_move (&shared->board, &shared->rules))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--compare: the position has no legal move; there is "
                      "nothing to search"));
      return FALSE;
    }
  if (shared->player1 != NULL)
    c->specs[n_specs++] = shared->player1;
  if (shared->player2 != NULL)
    c->specs[n_specs++] = shared->player2;
  /* A spec that is no player, or a person, is refused before any row
     runs; one that cannot play the position gets its n/a row. */
  for (i = 0; i < n_specs; i++)
    {
      g_autoptr (NimPlayer) player
          = nim_shared_player_new (c->specs[i], error);

      if (player == NULL)
        return FALSE;
      if (nim_player_is_interactive (player))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       /* TRANSLATORS: %s is a player spec, such as human. */
                       _ ("--compare runs computer players; %s asks a "
                          "person for moves"),
                       c->specs[i]);
          return FALSE;
        }
    }
  return TRUE;
}

static void
row_done (const NimCompareRow *row, gpointer out)
{
  nim_compare_report_print_row (row, out);
}

/* nim --compare: the table, whose rows appear as they finish; Ctrl-C
   prints those done and exits 130. */
static int
compare_run (gpointer config, NimShared *shared)
{
  const CompareConfig *c = config;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  FILE *live = nim_output_live (&shared->output);
  NimCompareReportResult result = { NULL, FALSE };

  if (live != NULL)
    nim_compare_report_print_header (&shared->rules, &shared->board,
                                     &c->budget, live);
  /* Ctrl-C stops the comparison after the rows done. */
  nim_interrupt_catch ();
  rows = nim_compare_run (&shared->rules, &shared->board, &c->budget, c->specs,
                          live != NULL ? row_done : NULL, live,
                          &result.interrupted, &error);
  nim_interrupt_release ();
  if (rows == NULL)
    return nim_exit_fail (error, FALSE);
  result.rows = rows;
  nim_output_write (&shared->output, &nim_compare_report_writer, &result);
  return result.interrupted ? NIM_EXIT_INTERRUPTED : NIM_EXIT_OK;
}

/**
 * nim_mode_compare:
 *
 * nim --compare: every algorithm on one position.
 */
const NimMode nim_mode_compare = {
  .name = "--compare",
  .options = { NIM_HELP_ANALYSIS, FALSE, options },
  .shared = NIM_SHARED_HEAPS | NIM_SHARED_TAKE | NIM_SHARED_PLAYER1
            | NIM_SHARED_PLAYER2 | NIM_SHARED_JSON,
  .refusals = refusals,
  .config_size = sizeof (CompareConfig),
  .check = compare_check,
  .run = compare_run,
};
