/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-mode-summarize.c -- nim --summarize FILE...: the summary, ratings
   and SPRT state of one run rebuilt from its results files
 *
 * The shards of a run (--shard K/N), played on as many machines, each
 * write their own results file; --summarize counts the games of all of
 * them as the one-machine run would have, each game once however many
 * files hold it, and refuses files of different runs.  The files are
 * read a line at a time; only the counts are kept. */

#include "config.h"

#include "nim-error.h"
#include "nim-exit.h"
#include "nim-i18n.h"
#include "nim-match-report.h"
#include "nim-mode.h"
#include "nim-ratings.h"
#include "nim-run-file.h"
#include "nim-shared.h"
#include "nim-tournament.h"

#include <stdio.h>

/**
 * SummarizeConfig:
 *
 * --summarize, which takes the results files as arguments.
 */
typedef struct
{
  gboolean summarize;
} SummarizeConfig;

static const NimOption options[] = {
  { { "summarize", 0, 0, G_OPTION_ARG_NONE,
      NIM_OPTION_FIELD (SummarizeConfig, summarize),
      N_ ("Print the summary of the run whose games the results FILEs hold "
          "(the shards of one run, say), each game once"),
      NULL },
    0,
    NULL,
    NULL },
  { { NULL } },
};

static void
count_game (gpointer data, guint64 number, const NimMatchTally tallies[2])
{
  nim_match_add_finished (data, number, tallies);
}

/* The one run of @files: its ID and parameters; refuses files of several
   runs, or of none. */
static gboolean
find_run (char **files, char **id, JsonNode **params, GError **error)
{
  g_autofree char *first_file = NULL;
  guint i, j;

  *id = NULL;
  *params = NULL;
  for (i = 0; files[i] != NULL; i++)
    {
      g_autoptr (NimRunFileScan) scan = nim_run_file_scan (files[i], error);

      if (scan == NULL)
        return FALSE;
      if (scan->torn_end)
        fprintf (stderr,
                 _ ("nim: the last line of %s is incomplete (a run was "
                    "stopped while writing it): it is not counted\n"),
                 files[i]);
      for (j = 0; j < scan->ids->len; j++)
        {
          if (*id == NULL)
            {
              *id = g_strdup (scan->ids->pdata[j]);
              *params = json_node_copy (scan->params->pdata[j]);
              first_file = g_strdup (files[i]);
            }
          else if (!g_str_equal (*id, scan->ids->pdata[j]))
            {
              g_autofree char *differences
                  = nim_run_file_differences (*params, scan->params->pdata[j]);

              g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                           _ ("--summarize: %s and %s hold the games of "
                              "different runs; give the files of one run.  "
                              "What differs (\"in the file\" is %s):%s"),
                           first_file, files[i], first_file, differences);
              return FALSE;
            }
        }
    }
  if (*id == NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--summarize: no run's header line in the files; give "
                      "results files that nim --games --results wrote"));
      return FALSE;
    }
  return TRUE;
}

/* The summary of a tournament: its players are the header's. */
static int
summarize_tournament (JsonNode *params, const NimMatchConfig *config,
                      const char *id, const NimShared *shared)
{
  JsonObject *p = json_node_get_object (params);
  JsonArray *players = json_object_get_array_member (p, "players");
  g_autofree const char **specs = NULL;
  NimRunConfig run = { 0 };
  guint n = json_array_get_length (players), i;

  if (n < 2 || n > NIM_RATINGS_MAX_PLAYERS)
    {
      g_autoptr (GError) error
          = g_error_new (NIM_ERROR, NIM_ERROR_FAILED,
                         _ ("the run's parameters in the header line are "
                            "not understood"));

      return nim_exit_fail (error, FALSE);
    }
  specs = g_new0 (const char *, n + 1);
  for (i = 0; i < n; i++)
    specs[i] = json_array_get_string_element (players, i);
  run.match = *config;
  run.tournament = json_object_get_string_member (p, "tournament");
  run.players = specs;
  return nim_tournament_summarize (&run, shared->arguments, id,
                                   &shared->output);
}

/* nim --summarize FILE...: the summary of the run of the files. */
static int
summarize_run (gpointer data, NimShared *shared)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *id = NULL;
  g_autoptr (JsonNode) params = NULL;
  g_autoptr (GArray) boards = NULL;
  g_autoptr (GArray) movers = NULL;
  g_autoptr (NimMatch) counter = NULL;
  char **files = shared->arguments;
  NimMatchConfig config;
  NimMatchReportSummary summary;
  JsonNode *tournament;
  guint i;

  if (files == NULL)
    {
      g_set_error (&error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--summarize: give the results files, such as nim "
                      "--summarize shard-*.jsonl"));
      return nim_exit_fail (error, TRUE);
    }
  if (!find_run (files, &id, &params, &error))
    return nim_exit_fail (error, error->code == NIM_ERROR_USAGE);
  if (!nim_run_file_config (params, &config, &boards, &movers, &error))
    return nim_exit_fail (error, FALSE);
  tournament
      = json_object_get_member (json_node_get_object (params), "tournament");
  if (tournament != NULL && !json_node_is_null (tournament))
    return summarize_tournament (params, &config, id, shared);
  counter = nim_match_new_counter (&config);
  for (i = 0; files[i] != NULL; i++)
    if (!nim_run_file_each_game (files[i], id, count_game, counter, &error))
      return nim_exit_fail (error, FALSE);
  summary.config = &config;
  summary.summary = nim_match_get_summary (counter);
  summary.per_position = shared->per_position;
  nim_output_write (&shared->output, &nim_match_report_writer, &summary);
  return NIM_EXIT_OK;
}

/**
 * nim_mode_summarize:
 *
 * nim --summarize FILE...: the summary of a run from its results files.
 */
const NimMode nim_mode_summarize = {
  .name = "--summarize",
  .options = { NIM_HELP_RUNS, FALSE, options },
  .shared = NIM_SHARED_JSON | NIM_SHARED_SUMMARY,
  .arguments = TRUE,
  .config_size = sizeof (SummarizeConfig),
  .run = summarize_run,
};
