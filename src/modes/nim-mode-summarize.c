/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-mode-summarize.c -- nim --summarize FILE...: the summary, ratings
   and SPRT state of one run rebuilt from its results files
 *
 * The shards of a run (--shard K/N), played on as many machines, each
 * write their own results file; --summarize counts the games of all of
 * them as the one-machine run would have, each game once however many
 * files hold it.  Files that hold several runs (one file several runs
 * appended to, say) are refused, each run listed, unless --run ID picks
 * one.  The files are read a line at a time; only the counts are
 * kept. */

#include "config.h"

#include "nim-audit.h"
#include "nim-error.h"
#include "nim-exit.h"
#include "nim-i18n.h"
#include "nim-mode.h"
#include "nim-run-file.h"
#include "nim-run-summary.h"
#include "nim-shards.h"
#include "nim-shared.h"
#include "nim-tournament.h"

#include <stdio.h>
#include <string.h>
#include <sys/stat.h>

/**
 * SummarizeConfig:
 *
 * --summarize, which takes the results files as arguments, and --run.
 */
typedef struct
{
  gboolean summarize;
  char *run;
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
  { { "run", 0, 0, G_OPTION_ARG_STRING,
      NIM_OPTION_FIELD (SummarizeConfig, run),
      N_ ("Summarize the run whose ID (the \"run\" of its header line) "
          "starts with ID, when the files hold the games of several"),
      "ID" },
    0,
    N_ ("--run (it needs --summarize)"),
    NULL },
  { { NULL } },
};

/**
 * Counter:
 * @match: the counts of the summary
 * @prefix: (nullable): the SPRT over the contiguous prefix of the pairs
 * @last: count the games up to this number only
 *
 * What the games read are counted into.
 */
typedef struct
{
  NimMatch *match;
  NimSprtPrefix *prefix;
  guint64 last;
} Counter;

static void
count_game (gpointer data, guint64 number, const NimMatchTally tallies[2])
{
  Counter *c = data;

  if (c->prefix != NULL)
    nim_sprt_prefix_add_game (c->prefix, number, tallies[0].wins > 0 ? 1 : 2);
  else if (number <= c->last)
    nim_match_add_finished (c->match, number, tallies);
}

/* Reads the games of @files into @counter. */
static gboolean
read_games (const NimRunConfig *run, const char *const *ids, char **files,
            Counter *counter, GError **error)
{
  g_autoptr (NimRunFileGames) games = nim_run_file_games_new (
      run, ids, run->match.games, count_game, counter);
  guint i;

  for (i = 0; files[i] != NULL; i++)
    if (!nim_run_file_games_read (games, files[i], error))
      return FALSE;
  return TRUE;
}

/**
 * Run:
 * @header: the first header of the run that the files hold
 * @ids: every ID its headers carry (files of one run written by
 *   different versions of nim carry different IDs), %NULL-terminated
 * @files: the files that hold a header of it (not owned)
 * @shards: the shard (--shard K/N: K, 0 for none) of each of @files, as
 *   its first header of the run says
 *
 * One run of the files.
 */
typedef struct
{
  NimRunHeader *header;
  GPtrArray *ids;
  GPtrArray *files;
  GArray *shards;
} Run;

static void
run_free (Run *r)
{
  nim_run_header_free (r->header);
  g_ptr_array_unref (r->ids);
  g_ptr_array_unref (r->files);
  g_array_unref (r->shards);
  g_free (r);
}

/* Adds header @h of @file to the run of @runs it records, or as a new
   one. */
static void
add_header (GPtrArray *runs, GPtrArray *headers, guint j, const char *file)
{
  const NimRunConfig *config = nim_run_header_get_config (headers->pdata[j]);
  const char *id = nim_run_header_get_id (headers->pdata[j]);
  Run *r = NULL;
  guint i;

  for (i = 0; i < runs->len && r == NULL; i++)
    {
      Run *other = runs->pdata[i];
      g_autofree char *differences = nim_run_file_differences (
          nim_run_header_get_config (other->header), config, FALSE, NULL);

      if (*differences == '\0')
        r = other;
    }
  if (r == NULL)
    {
      r = g_new0 (Run, 1);
      r->header = g_ptr_array_steal_index (headers, j);
      r->ids = g_ptr_array_new_with_free_func (g_free);
      g_ptr_array_add (r->ids, NULL);
      r->files = g_ptr_array_new ();
      r->shards = g_array_new (FALSE, FALSE, sizeof (guint));
      g_ptr_array_add (runs, r);
    }
  if (!g_strv_contains ((const char *const *) r->ids->pdata, id))
    g_ptr_array_insert (r->ids, r->ids->len - 1, g_strdup (id));
  if (r->files->len == 0
      || !g_str_equal (r->files->pdata[r->files->len - 1], file))
    {
      guint shard = config->match.shards > 1 ? config->match.shard : 0;

      g_ptr_array_add (r->files, (gpointer) file);
      g_array_append_val (r->shards, shard);
    }
}

/* Whether the ID of @r, one of them, starts with @id. */
static gboolean
run_has_id (const Run *r, const char *id)
{
  guint i;

  for (i = 0; r->ids->pdata[i] != NULL; i++)
    if (g_str_has_prefix (r->ids->pdata[i], id))
      return TRUE;
  return FALSE;
}

/* The runs of @runs, one a line: the ID, the players, the games, the
   seed and the files. */
static char *
list_runs (GPtrArray *runs)
{
  GString *s = g_string_new (NULL);
  guint i;

  for (i = 0; i < runs->len; i++)
    {
      const Run *r = runs->pdata[i];
      const NimRunConfig *c = nim_run_header_get_config (r->header);
      g_autofree char *players
          = c->players != NULL ? g_strjoinv (", ", (char **) c->players)
                               : g_strdup_printf ("%s, %s", c->match.specs[0],
                                                  c->match.specs[1]);
      g_autofree char *files = NULL;

      g_ptr_array_add (r->files, NULL);
      files = g_strjoinv (", ", (char **) r->files->pdata);
      g_ptr_array_remove_index (r->files, r->files->len - 1);
      g_string_append_printf (
          s,
          /* TRANSLATORS: a run of a results file: its ID, its players,
             how many games it plays, its seed, and the files that hold
             it. */
          _ ("\n  %1$s: %2$s; %3$llu games, seed %4$u; in %5$s"),
          nim_run_header_get_id (r->header), players,
          (unsigned long long) c->match.games, c->match.seed, files);
    }
  return g_string_free (s, FALSE);
}

/* The run of @files to summarize: the one they hold, or the one of
   @want (--run); refuses files of several runs without --run, naming
   them and what differs, or of none. */
static Run *
choose_run (GPtrArray *runs, const char *want, GError **error)
{
  g_autofree char *list = list_runs (runs);
  Run *found = NULL;
  guint i, n = 0;

  if (runs->len == 0)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--summarize: no run's header line in the files; give "
                      "results files that nim --games --results wrote"));
      return NULL;
    }
  if (want == NULL)
    {
      const Run *a = runs->pdata[0], *b;
      const char *labels[2];
      g_autofree char *differences = NULL;

      if (runs->len == 1)
        return runs->pdata[0];
      b = runs->pdata[1];
      labels[0] = nim_run_header_get_id (a->header);
      labels[1] = nim_run_header_get_id (b->header);
      differences = nim_run_file_differences (
          nim_run_header_get_config (a->header),
          nim_run_header_get_config (b->header), FALSE, labels);
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--summarize: the files hold the games of %u runs; "
                      "give --run ID to summarize one of them:%s\n"
                      "What differs between the first two:%s"),
                   runs->len, list, differences);
      return NULL;
    }
  for (i = 0; i < runs->len; i++)
    if (run_has_id (runs->pdata[i], want))
      {
        found = runs->pdata[i];
        n++;
      }
  if (n == 1)
    return found;
  if (n == 0)
    g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                 _ ("--run %s: no run of the files has this ID; their runs "
                    "are:%s"),
                 want, list);
  else
    g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                 _ ("--run %s: %u runs of the files have an ID that starts "
                    "so; give more of it:%s"),
                 want, n, list);
  return NULL;
}

/* Reads the headers of @files into @runs, each run once, saying what is
   wrong with each file. */
static gboolean
read_runs (char **files, GPtrArray *runs, GError **error)
{
  g_autoptr (GPtrArray) scans = g_ptr_array_new_with_free_func (
      (GDestroyNotify) nim_run_file_scan_free);
  g_autoptr (GPtrArray) ids = g_ptr_array_new ();
  guint i, j;

  for (i = 0; files[i] != NULL; i++)
    {
      g_autoptr (NimRunFileScan) scan = NULL;
      struct stat st;

      if (*files[i] == '\0')
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--summarize: a file name is empty; give the "
                          "results files, such as nim --summarize "
                          "shard-*.jsonl"));
          return FALSE;
        }
      /* The headers are read first, then the games: a pipe would give
         its games to the first reading, and the summary none. */
      if (stat (files[i], &st) == 0
          && (S_ISFIFO (st.st_mode) || S_ISSOCK (st.st_mode)))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--summarize: %s is a pipe, which can be read "
                          "once, and nim reads each file twice (the "
                          "headers, then the games); save it to a file "
                          "and give that"),
                       files[i]);
          return FALSE;
        }
      scan = nim_run_file_scan (files[i], error);
      if (scan == NULL)
        return FALSE;
      nim_run_file_scan_warn (scan, files[i]);
      if (scan->torn_end)
        fprintf (stderr,
                 _ ("nim: the last line of %s is incomplete (a run was "
                    "stopped while writing it): it is not counted\n"),
                 files[i]);
      for (j = 0; j < scan->headers->len;)
        {
          guint before = scan->headers->len;

          add_header (runs, scan->headers, j, files[i]);
          if (scan->headers->len == before)
            j++;
        }
      g_ptr_array_add (scans, g_steal_pointer (&scan));
    }
  /* The records of a run whose header is in none of the files: no run
     counts them. */
  for (i = 0; i < runs->len; i++)
    {
      const Run *r = runs->pdata[i];

      for (j = 0; r->ids->pdata[j] != NULL; j++)
        g_ptr_array_add (ids, r->ids->pdata[j]);
    }
  g_ptr_array_add (ids, NULL);
  for (i = 0; files[i] != NULL; i++)
    nim_run_file_scan_warn_headless (scans->pdata[i], files[i],
                                     (const char *const *) ids->pdata);
  return TRUE;
}

/**
 * Auditor:
 * @audit: the shards' counts
 * @shard: the shard whose file is being read
 *
 * What the games of the shards' files are audited with.
 */
typedef struct
{
  NimAudit *audit;
  guint shard;
} Auditor;

static void
audit_game (gpointer data, guint64 number, const NimMatchTally tallies[2])
{
  Auditor *a = data;

  nim_audit_add_game (a->audit, a->shard, number, tallies);
}

/* The audit of the shards of @r, each file as the shard its header
   names: do they fit together?  %NULL for a run without shards. */
static NimAuditReport *
audit_shards (const Run *r, const char *const *ids, GError **error)
{
  const NimRunConfig *run = nim_run_header_get_config (r->header);
  g_autoptr (NimAudit) audit = NULL;
  Auditor a;
  guint i;

  if (run->match.shards <= 1)
    return NULL;
  audit = nim_audit_new (run->match.shards);
  a.audit = audit;
  for (i = 0; i < r->files->len; i++)
    {
      g_autoptr (NimRunFileGames) games = NULL;

      a.shard = g_array_index (r->shards, guint, i);
      if (a.shard == 0)
        continue;
      games = nim_run_file_games_new (run, ids, run->match.games, audit_game,
                                      &a);
      if (!nim_run_file_games_read (games, r->files->pdata[i], error))
        return NULL;
    }
  return nim_audit_run (audit);
}

/* nim --summarize FILE...: the summary of the run of the files. */
static int
summarize_run (gpointer data, NimShared *shared)
{
  SummarizeConfig *c = data;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) runs
      = g_ptr_array_new_with_free_func ((GDestroyNotify) run_free);
  g_autoptr (NimMatch) counter = NULL;
  g_autoptr (NimSprtPrefix) prefix = NULL;
  g_autoptr (NimAuditReport) audit = NULL;
  NimSprtPrefixState state;
  NimMatchSummary counted;
  Counter count = { NULL, NULL, G_MAXUINT64 };
  char **files = shared->arguments;
  const NimRunConfig *run;
  const char *const *ids;
  const Run *chosen;
  NimRunSummary summary = { 0 };

  if (files == NULL)
    {
      g_set_error (&error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--summarize: give the results files, such as nim "
                      "--summarize shard-*.jsonl"));
      return nim_exit_fail (error, TRUE);
    }
  if (!read_runs (files, runs, &error))
    return nim_exit_fail (error, FALSE);
  chosen = choose_run (runs, c->run, &error);
  if (chosen == NULL)
    return nim_exit_fail (error, TRUE);
  run = nim_run_header_get_config (chosen->header);
  ids = (const char *const *) chosen->ids->pdata;
  if (run->tournament != NULL)
    return nim_tournament_summarize (run, files, ids, &shared->output);
  /* An SPRT run is decided over the contiguous prefix of its pairs, as
     one machine decides it, whatever order the shards played them in;
     the summary then counts the games one machine played. */
  if (run->match.sprt_enabled)
    {
      prefix = nim_sprt_prefix_new (&run->match.sprt, run->match.games / 2,
                                    run->match.shards);
      count.prefix = prefix;
      if (!read_games (run, ids, files, &count, &error))
        return nim_exit_fail (error, FALSE);
      nim_sprt_prefix_get (prefix, &state);
      if (state.decision != NIM_SPRT_NONE)
        count.last = 2 * state.decided_pairs;
      count.prefix = NULL;
    }
  counter = nim_match_new_counter (&run->match);
  count.match = counter;
  if (!read_games (run, ids, files, &count, &error))
    return nim_exit_fail (error, FALSE);
  audit = audit_shards (chosen, ids, &error);
  if (error != NULL)
    return nim_exit_fail (error, FALSE);
  summary.config = &run->match;
  summary.audit = audit;
  summary.summary = nim_match_get_summary (counter);
  summary.per_position = shared->per_position;
  if (prefix != NULL)
    {
      counted = *summary.summary;
      counted.decision = state.decision;
      if (state.decision != NIM_SPRT_NONE)
        {
          counted.llr = state.decided_llr;
          memcpy (counted.pair_counts, state.decided_counts,
                  sizeof counted.pair_counts);
        }
      else
        counted.llr = state.prefix_llr;
      summary.summary = &counted;
      summary.prefix = &state;
    }
  nim_output_write (&shared->output, &nim_run_summary_writer, &summary);
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
