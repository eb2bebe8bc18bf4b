/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-mode-solve.c -- nim --solve: whether the player to move wins, with
   every winning move, found by theory or by a search; with --trace, --dot
   or --explore, that search shown first; with --random-heaps and --seed,
   of the position a comparison run would play first */

#include "config.h"

#include "nim-analysis-report.h"
#include "nim-analysis.h"
#include "nim-error.h"
#include "nim-exit.h"
#include "nim-i18n.h"
#include "nim-match.h"
#include "nim-mode.h"
#include "nim-shared.h"
#include "nim-trace.h"

/**
 * SolveConfig:
 *
 * --solve, and the engine that solves (--player1).
 */
typedef struct
{
  gboolean solve;
} SolveConfig;

static const NimOption options[] = {
  { { "solve", 0, 0, G_OPTION_ARG_NONE, NIM_OPTION_FIELD (SolveConfig, solve),
      N_ ("Say whether the player to move wins, with every winning move and "
          "the Sprague-Grundy values"),
      NULL },
    0,
    NULL,
    NULL },
  { { NULL } },
};

/* A position with no move has no search to show: said for each of
   --trace, --dot and --explore, whose files are left as they were. */
static void
say_no_search (const NimTraceOptions *trace)
{
  if (trace->out != NULL)
    fputs (_ ("nim: --trace: the position has no legal move, so there is "
              "no search to show\n"),
           stderr);
  if (trace->dot_path != NULL)
    fprintf (stderr,
             /* TRANSLATORS: %s is the file of --dot. */
             _ ("nim: --dot: the position has no legal move, so there is no "
                "search to draw; '%s' is not written\n"),
             trace->dot_path);
  if (trace->explore_path != NULL)
    fprintf (stderr,
             /* TRANSLATORS: %s is the file of --explore. */
             _ ("nim: --explore: the position has no legal move, so there is "
                "no search to show; '%s' is not written\n"),
             trace->explore_path);
}

/* nim --solve --trace / --dot FILE / --explore FILE: the engine's search
   of the position, traced, drawn or made a page as in a game, before the
   solution is printed; no game is played.  The text trace goes where a
   person reads (standard error under --json). */
static int
run_trace (const NimShared *shared)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimPlayer) player = NULL;
  g_autoptr (NimTrace) trace = NULL;
  const char *engine = shared->player1 ? shared->player1
                                       : nim_player_class_strongest ()->name;
  NimMove move;

  player = nim_shared_player_new (engine, &error);
  if (player == NULL)
    return nim_exit_fail (error, TRUE);
  /* A person is for the solution to refuse. */
  if (nim_player_is_interactive (player))
    return NIM_EXIT_OK;
  /* An engine that cannot prove a value is refused before its search
     is shown, not after a page of it is written. */
  if (!nim_solve_check_engine (player, &shared->rules, &shared->board, &error))
    return nim_exit_fail (error, error->code == NIM_ERROR_USAGE);
  if (!nim_board_has_move (&shared->board, &shared->rules))
    {
      say_no_search (&shared->trace_options);
      return NIM_EXIT_OK;
    }
  if (!nim_player_start (player, &shared->rules, &shared->board, &error))
    return nim_exit_fail (error, FALSE);
  trace = nim_trace_new (&shared->trace_options, &error);
  if (trace == NULL)
    return nim_exit_fail (error, FALSE);
  nim_player_set_trace (player, nim_trace_observer (trace));
  if (!nim_player_choose_move (player, &shared->board, &move, &error)
      || !nim_trace_close (trace, &error))
    return nim_exit_fail (error, FALSE);
  return NIM_EXIT_OK;
}

/* --solve --random-heaps COUNT:MAX --seed N: the position the first pair
   of a comparison run with the same --random-heaps and --seed plays, so
   that a teacher can hand a class one position by its seed; without
   --seed, one drawn, which the page of --explore names. */
static gboolean
solve_check (gpointer config, NimShared *shared, GError **error)
{
  NimMatchConfig run = { 0 };

  if (shared->random_count == 0)
    {
      if (shared->seeded)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--seed draws the heaps of --random-heaps in "
                          "--solve; give --random-heaps COUNT:MAX too"));
          return FALSE;
        }
      return TRUE;
    }
  run.seed = shared->seed_value;
  run.random_count = shared->random_count;
  run.random_max = shared->random_max;
  /* Heaps that could outgrow a board are answered by theory, as
     --heaps's are (NIM_SHARED_ANY_HEAPS). */
  nim_match_config_random_board (&run, 0, &shared->board);
  nim_shared_show_seed (shared);
  return TRUE;
}

/* nim --solve: the value of one position and its winning moves, found
   by the engine of --player1, or by theory where the rules have one. */
static int
solve_run (gpointer config, NimShared *shared)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimSolution) solution = NULL;
  /* No --player1: the closed form where the rules have one, otherwise
     the strongest searcher (nim_solve () chooses). */
  const char *engine = shared->player1;
  g_autoptr (NimPlayer) player = NULL;
  int status;

  /* --trace, --dot and --explore show the engine's search first. */
  if (nim_shared_tracing (shared)
      && (status = run_trace (shared)) != NIM_EXIT_OK)
    return status;
  /* nim_solve refuses a person too, but only here can the user be told
     which option names the engine. */
  if (engine != NULL)
    player = nim_shared_player_new (engine, &error);
  if (engine != NULL && player == NULL)
    return nim_exit_fail (error, TRUE);
  if (player != NULL && nim_player_is_interactive (player))
    {
      g_set_error (&error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--solve needs a computer engine, not %s; give one "
                      "with --player1, such as --player1 negamax"),
                   nim_player_get_name (player));
      return nim_exit_fail (error, TRUE);
    }
  solution = nim_solve (&shared->rules, &shared->board, engine, &error);
  if (solution == NULL)
    return nim_exit_fail (error, error->code == NIM_ERROR_USAGE);
  nim_output_write (&shared->output, &nim_analysis_report_solution_writer,
                    solution);
  return NIM_EXIT_OK;
}

/**
 * nim_mode_solve:
 *
 * nim --solve: one position solved.
 */
const NimMode nim_mode_solve = {
  .name = "--solve",
  .options = { NIM_HELP_ANALYSIS, FALSE, options },
  .shared = NIM_SHARED_HEAPS | NIM_SHARED_RANDOM_HEAPS | NIM_SHARED_TAKE
            | NIM_SHARED_PLAYER1 | NIM_SHARED_SEED | NIM_SHARED_JSON
            | NIM_SHARED_TRACE | NIM_SHARED_EXPLORE | NIM_SHARED_ANY_HEAPS,
  .config_size = sizeof (SolveConfig),
  .check = solve_check,
  .run = solve_run,
};
