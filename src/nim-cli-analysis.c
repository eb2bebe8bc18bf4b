/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-cli-analysis.c -- nim --solve, --grundy-sequence and --compare:
   one position or one heap analysed, no game played */

#include "config.h"

#include "nim-cli-private.h"

#include "nim-analysis.h"
#include "nim-analysis-report.h"
#include "nim-compare.h"
#include "nim-compare-report.h"
#include "nim-i18n.h"
#include "nim-octal.h"
#include "nim-prompt.h"
#include "nim-record.h"
#include "nim-util.h"

#include <stdio.h>
#include <string.h>

/* nim --solve: the value of one position and its winning moves, found
   by the engine of --player1, or by theory where the rules have one. */
int
nim_cli_run_solve (const NimCliOptions *o, const NimRules *rules)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimSolution) solution = NULL;
  /* No --player1: the closed form where the rules have one, otherwise
     the strongest searcher (nim_solve () chooses). */
  const char *engine = o->player1;
  g_autoptr (NimPlayer) player = NULL;
  NimBoard board;

  if (!nim_cli_parse_heaps (o, &board, &error))
    return nim_cli_fail (error, TRUE);
  /* nim_solve refuses a person too, but only here can the user be told
     which option names the engine. */
  if (engine != NULL)
    player = nim_cli_player_new (engine, &error);
  if (engine != NULL && player == NULL)
    return nim_cli_fail (error, TRUE);
  if (player != NULL && nim_player_is_interactive (player))
    {
      g_set_error (&error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--solve needs a computer engine, not %s; give one "
                      "with --player1, such as --player1 negamax"),
                   nim_player_get_name (player));
      return nim_cli_fail (error, TRUE);
    }
  solution = nim_solve (rules, &board, engine, &error);
  if (solution == NULL)
    return nim_cli_fail (error, error->code == NIM_ERROR_USAGE);
  if (o->json)
    nim_record_print (nim_analysis_report_solution_to_json (solution), stdout);
  else
    nim_analysis_report_print_solution (solution, stdout);
  return NIM_EXIT_OK;
}

/* nim --grundy-sequence N --rules CODE: the values of a take-and-break
   game and its period, proven by the octal periodicity theorem when the
   values reach far enough (or --prove computes them that far). */
static int
run_octal_sequence (const NimCliOptions *o)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimOctalValues) values = NULL;
  NimOctalPeriod period;
  NimOctal code;
  /* A code that splits heaps costs time quadratic in the heap: 200,000
     values take seconds; a plain take rule costs little per value. */
  guint64 limit = NIM_OCTAL_SPLIT_MAX, n;

  if (!nim_octal_parse (&code, o->rules_code, "--rules", &error))
    return nim_cli_fail (error, TRUE);
  if (!nim_octal_has_splits (&code))
    limit = NIM_GRUNDY_SEQUENCE_MAX;
  if (!nim_parse_uint (o->grundy_sequence, 0, limit, "--grundy-sequence", &n,
                       &error))
    return nim_cli_fail (error, TRUE);
  values = nim_octal_values_new (&code);
  nim_interrupt_catch ();
  if (nim_octal_values_extend (values, n, &error))
    {
      nim_octal_values_period (values, &period);
      if (o->prove)
        nim_octal_values_prove (values, limit, &period, &error);
    }
  nim_interrupt_release ();
  if (error != NULL)
    return nim_cli_fail (error, FALSE);
  if (o->json)
    nim_analysis_report_print_octal_json (&code, values, n, &period, stdout);
  else
    nim_analysis_report_print_octal (&code, values, n, &period, stdout);
  return NIM_EXIT_OK;
}

/* nim --grundy-sequence N: the Sprague-Grundy values of one heap from 0
   to N under the rules, and their period. */
int
nim_cli_run_grundy_sequence (const NimCliOptions *o, const NimRules *rules)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimGrundySequence) sequence = NULL;
  guint64 n;

  if (rules->misere)
    {
      g_set_error (&error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--grundy-sequence gives normal-play values; drop "
                      "--misere"));
      return nim_cli_fail (error, TRUE);
    }
  if (o->rules_code != NULL && strchr (o->rules_code, '.') != NULL)
    return run_octal_sequence (o);
  if (o->prove)
    {
      g_set_error (&error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--prove needs a take-and-break code given with "
                      "--rules; the period of --max-take and --moves is "
                      "proven as it is found"));
      return nim_cli_fail (error, TRUE);
    }
  if (!nim_parse_uint (o->grundy_sequence, 0, NIM_GRUNDY_SEQUENCE_MAX,
                       "--grundy-sequence", &n, &error))
    return nim_cli_fail (error, TRUE);
  sequence = nim_grundy_sequence_new (rules, n);
  if (o->json)
    nim_analysis_report_print_sequence_json (sequence, stdout);
  else
    nim_analysis_report_print_sequence (sequence, stdout);
  return NIM_EXIT_OK;
}

static void
compare_row_done (const NimCompareRow *row, gpointer user_data)
{
  nim_compare_report_print_row (row, user_data);
}

/* nim --compare: one position searched by every algorithm, and by the
   players of --player1 and --player2, shown as one table whose rows
   appear as they finish; Ctrl-C prints those done and exits 130. */
int
nim_cli_run_compare (const NimCliOptions *o, const NimRules *rules)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) rows = NULL;
  guint64 nodes = NIM_COMPARE_DEFAULT_NODES;
  NimBoard board;
  const char *specs[3] = { NULL };
  guint n_specs = 0, i;
  gboolean interrupted;

  if (!nim_cli_parse_heaps (o, &board, &error))
    return nim_cli_fail (error, TRUE);
  if (o->nodes != NULL
      && !nim_parse_uint (o->nodes, 0, G_MAXUINT64, "--nodes", &nodes, &error))
    return nim_cli_fail (error, TRUE);
  if (!nim_board_has_move (&board, rules))
    {
      g_set_error (&error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--compare: the position has no legal move; there is "
                      "nothing to search"));
      return nim_cli_fail (error, TRUE);
    }
  if (o->player1 != NULL)
    specs[n_specs++] = o->player1;
  if (o->player2 != NULL)
    specs[n_specs++] = o->player2;
  /* A spec that is no player, or a person, is refused before any row
     runs; one that cannot play the position gets its n/a row. */
  for (i = 0; i < n_specs; i++)
    {
      g_autoptr (NimPlayer) player = nim_cli_player_new (specs[i], &error);

      if (player == NULL)
        return nim_cli_fail (error, TRUE);
      if (nim_player_is_interactive (player))
        {
          g_set_error (&error, NIM_ERROR, NIM_ERROR_USAGE,
                       /* TRANSLATORS: %s is a player spec, such as human. */
                       _ ("--compare runs computer players; %s asks a "
                          "person for moves"),
                       specs[i]);
          return nim_cli_fail (error, TRUE);
        }
    }
  if (!o->json)
    nim_compare_report_print_header (rules, &board, nodes, stdout);
  rows = nim_compare_run (rules, &board, nodes, specs,
                          o->json ? NULL : compare_row_done, stdout,
                          &interrupted, &error);
  if (rows == NULL)
    return nim_cli_fail (error, FALSE);
  if (o->json)
    nim_record_print (nim_compare_report_to_json (rows), stdout);
  else
    nim_compare_report_print_notes (rows, interrupted, stdout);
  return interrupted ? NIM_EXIT_INTERRUPTED : NIM_EXIT_OK;
}

/* nim --solve --trace / --dot FILE: the engine's search of the position,
   traced or drawn as in a game, before the solution is printed; no game
   is played.  The text trace goes to standard output, or to standard
   error when that carries --json. */
int
nim_cli_run_solve_trace (const NimCliOptions *o, const NimRules *rules,
                         const NimTraceOptions *trace_options)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimPlayer) player = NULL;
  g_autoptr (NimTrace) trace = NULL;
  NimTraceOptions options = *trace_options;
  const char *engine
      = o->player1 ? o->player1 : nim_player_class_strongest ()->name;
  NimBoard board;
  NimMove move;

  if (!nim_cli_parse_heaps (o, &board, &error))
    return nim_cli_fail (error, TRUE);
  player = nim_cli_player_new (engine, &error);
  if (player == NULL)
    return nim_cli_fail (error, TRUE);
  /* A person, or a position without a move, is for nim_cli_run_solve ()
     to report; there is no search to show. */
  if (nim_player_is_interactive (player)
      || !nim_board_has_move (&board, rules))
    return NIM_EXIT_OK;
  if (!nim_player_start (player, rules, &board, &error))
    return nim_cli_fail (error, FALSE);
  if (options.out != NULL && o->json)
    options.out = stderr;
  trace = nim_trace_new (&options, &error);
  if (trace == NULL)
    return nim_cli_fail (error, FALSE);
  nim_player_set_trace (player, nim_trace_observer (trace));
  if (!nim_player_choose_move (player, &board, &move, &error)
      || !nim_trace_close (trace, &error))
    return nim_cli_fail (error, FALSE);
  return NIM_EXIT_OK;
}
