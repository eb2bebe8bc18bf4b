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
      "FILE..." },
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

/* The one run of @files, read from their headers, with every ID its
   games carry (files of one run written by different versions of nim
   carry different IDs); refuses files of several runs, or of none. */
static gboolean
find_run (char **files, NimRunHeader **run, GPtrArray *ids, GError **error)
{
  g_autofree char *first_file = NULL;
  guint i, j;

  *run = NULL;
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
      for (j = 0; j < scan->headers->len; j++)
        {
          NimRunHeader *h = scan->headers->pdata[j];
          g_autofree char *differences = NULL;

          if (*run == NULL)
            {
              *run = g_ptr_array_steal_index (scan->headers, j--);
              first_file = g_strdup (files[i]);
              g_ptr_array_insert (ids, ids->len - 1,
                                  g_strdup (nim_run_header_get_id (*run)));
              continue;
            }
          differences = nim_run_file_differences (
              nim_run_header_get_config (*run), nim_run_header_get_config (h),
              FALSE);
          if (*differences != '\0')
            {
              g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                           _ ("--summarize: %s and %s hold the games of "
                              "different runs; give the files of one run.  "
                              "What differs (\"in the file\" is %s):%s"),
                           first_file, files[i], first_file, differences);
              return FALSE;
            }
          if (!g_strv_contains ((const char *const *) ids->pdata,
                                nim_run_header_get_id (h)))
            g_ptr_array_insert (ids, ids->len - 1,
                                g_strdup (nim_run_header_get_id (h)));
        }
    }
  if (*run == NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--summarize: no run's header line in the files; give "
                      "results files that nim --games --results wrote"));
      return FALSE;
    }
  return TRUE;
}

/* nim --summarize FILE...: the summary of the run of the files. */
static int
summarize_run (gpointer data, NimShared *shared)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimRunHeader) header = NULL;
  g_autoptr (GPtrArray) ids = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (NimMatch) counter = NULL;
  char **files = shared->arguments;
  const NimRunConfig *run;
  NimMatchReportSummary summary;
  guint i;

  if (files == NULL)
    {
      g_set_error (&error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--summarize: give the results files, such as nim "
                      "--summarize shard-*.jsonl"));
      return nim_exit_fail (error, TRUE);
    }
  g_ptr_array_add (ids, NULL);
  if (!find_run (files, &header, ids, &error))
    return nim_exit_fail (error, error->code == NIM_ERROR_USAGE);
  run = nim_run_header_get_config (header);
  if (run->tournament != NULL)
    return nim_tournament_summarize (
        run, files, (const char *const *) ids->pdata, &shared->output);
  counter = nim_match_new_counter (&run->match);
  for (i = 0; files[i] != NULL; i++)
    if (!nim_run_file_each_game (files[i], (const char *const *) ids->pdata,
                                 count_game, counter, &error))
      return nim_exit_fail (error, FALSE);
  summary.config = &run->match;
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
