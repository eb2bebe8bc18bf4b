/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-cli-summarize.c -- nim --summarize FILE...: the summary, ratings
   and SPRT state of one run rebuilt from its results files
 *
 * The shards of a run (--shard K/N), played on as many machines, each
 * write their own results file; --summarize counts the games of all of
 * them as the one-machine run would have, each game once however many
 * files hold it, and refuses files of different runs.  The files are
 * read a line at a time; only the counts are kept. */

#include "config.h"

#include "nim-cli-private.h"

#include "nim-i18n.h"
#include "nim-match-report.h"
#include "nim-record.h"
#include "nim-run-file.h"
#include "nim-error.h"
#include "nim-exit.h"

#include <stdio.h>

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

/**
 * nim_cli_run_summarize:
 * @o: the options: the files and --json
 *
 * Returns: the exit status
 */
int
nim_cli_run_summarize (const NimCliOptions *o)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *id = NULL;
  g_autoptr (JsonNode) params = NULL;
  g_autoptr (GArray) boards = NULL;
  g_autoptr (GArray) movers = NULL;
  g_autoptr (NimMatch) counter = NULL;
  NimMatchConfig config;
  JsonNode *tournament;
  guint i;

  if (o->files == NULL)
    {
      g_set_error (&error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--summarize: give the results files, such as nim "
                      "--summarize shard-*.jsonl"));
      return nim_exit_fail (error, TRUE);
    }
  if (!find_run (o->files, &id, &params, &error))
    return nim_exit_fail (error, error->code == NIM_ERROR_USAGE);
  if (!nim_run_file_config (params, &config, &boards, &movers, &error))
    return nim_exit_fail (error, FALSE);
  tournament
      = json_object_get_member (json_node_get_object (params), "tournament");
  if (tournament != NULL && !json_node_is_null (tournament))
    return nim_cli_summarize_tournament (o, params, &config, id);
  counter = nim_match_new_counter (&config);
  for (i = 0; o->files[i] != NULL; i++)
    if (!nim_run_file_each_game (o->files[i], id, count_game, counter, &error))
      return nim_exit_fail (error, FALSE);
  if (o->json)
    {
      JsonNode *json = nim_match_report_summary_to_json (
          &config, nim_match_get_summary (counter));

      if (o->per_position)
        nim_match_report_add_per_position (json, &config,
                                           nim_match_get_summary (counter));
      nim_record_print (json, stdout);
    }
  else
    {
      nim_match_report_print_summary (&config, nim_match_get_summary (counter),
                                      stdout);
      if (o->per_position)
        nim_match_report_print_per_position (
            &config, nim_match_get_summary (counter), stdout);
    }
  return NIM_EXIT_OK;
}
