/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-run.c -- what comparison runs and tournaments share: the options
   that say how a run is driven (--sprt, --positions, --shard), and its
   identity in its results file (--results, --resume) */

#include "config.h"

#include "nim-run.h"

#include "nim-i18n.h"
#include "nim-notation.h"
#include "nim-run-file.h"
#include "nim-run-lines.h"
#include "nim-shard.h"
#include "nim-error.h"
#include "nim-parse.h"

#include <stdio.h>
#include <string.h>

/**
 * nim_run_parse_sprt:
 * @text: the value of --sprt, elo0=A,elo1=B[,alpha=X][,beta=Y][,model=M]
 * @sprt: (out): the test
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Returns: %TRUE on success
 */
gboolean
nim_run_parse_sprt (const char *text, NimSprt *sprt, GError **error)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  gboolean have0 = FALSE, have1 = FALSE;
  guint i, j;

  sprt->elo0 = 0;
  sprt->elo1 = 0;
  sprt->alpha = 0.05;
  sprt->beta = 0.05;
  sprt->model = NIM_SPRT_LOGISTIC;
  for (i = 0; parts[i] != NULL; i++)
    {
      const char *eq = strchr (parts[i], '=');
      g_autofree char *key
          = eq ? g_strndup (parts[i], (gsize) (eq - parts[i])) : NULL;
      const char *value = eq ? eq + 1 : NULL;
      g_autofree char *what = NULL;
      double *target = NULL;

      if (key == NULL)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--sprt: '%s' is not KEY=VALUE; give "
                          "elo0=A,elo1=B and optionally alpha=, beta= and "
                          "model=logistic or model=normalized"),
                       parts[i]);
          return FALSE;
        }
      /* A key given twice: the last would win without a word. */
      for (j = 0; j < i; j++)
        if (g_str_has_prefix (parts[j], key) && parts[j][strlen (key)] == '=')
          {
            g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                         _ ("--sprt: %s is given twice, %s and %s; give "
                            "each key once"),
                         key, parts[j], parts[i]);
            return FALSE;
          }
      what = g_strconcat ("--sprt ", key, NULL);
      if (g_str_equal (key, "model"))
        {
          if (g_str_equal (value, "logistic"))
            sprt->model = NIM_SPRT_LOGISTIC;
          else if (g_str_equal (value, "normalized"))
            sprt->model = NIM_SPRT_NORMALIZED;
          else
            {
              g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                           _ ("--sprt model: '%s' is not a model; give "
                              "logistic or normalized"),
                           value);
              return FALSE;
            }
          continue;
        }
      if (g_str_equal (key, "elo0"))
        target = &sprt->elo0, have0 = TRUE;
      else if (g_str_equal (key, "elo1"))
        target = &sprt->elo1, have1 = TRUE;
      else if (g_str_equal (key, "alpha"))
        target = &sprt->alpha;
      else if (g_str_equal (key, "beta"))
        target = &sprt->beta;
      else
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--sprt: unknown key '%s'; the keys are elo0, "
                          "elo1, alpha, beta and model"),
                       key);
          return FALSE;
        }
      if (!nim_parse_double (value, -2000, 2000, what, target, error))
        return FALSE;
    }
  if (!have0 || !have1)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--sprt: give both elo0= and elo1=, such as --sprt "
                      "elo0=0,elo1=10"));
      return FALSE;
    }
  if (!nim_sprt_check (sprt, error))
    {
      g_prefix_error (error, "--sprt: ");
      return FALSE;
    }
  return TRUE;
}

/* The most bad lines of a position file named in one message. */
#define MAX_BAD_LINES 5

/* Adds line @number of @path, and what is wrong with it, to @bad. */
static void
add_bad_line (GString *bad, guint *n_bad, const char *path, guint64 number,
              const char *why)
{
  if ((*n_bad)++ < MAX_BAD_LINES)
    g_string_append_printf (bad, "\n%s:%llu: %s", path,
                            (unsigned long long) number, why);
}

/**
 * nim_run_read_positions:
 * @path: a file of positions, one a line: the heaps, optionally the
 *   player to move ("3,4,5" or "3,4,5 p2"); `#` starts a comment, blank
 *   lines are skipped
 * @boards: (out) (transfer full): the positions, #NimBoard
 * @first_movers: (out) (transfer full): who moves first in each, guint
 * @error: return location for an error: a file that cannot be read
 *   (#NIM_ERROR_FAILED), bad lines, no position, or a file, a line or a
 *   suite beyond its bound (#NIM_ERROR_USAGE)
 *
 * Every bad line is named with its number, up to %MAX_BAD_LINES of them.
 * A line is at most %NIM_RUN_POSITIONS_MAX_LINE bytes, the file at most
 * %NIM_RUN_POSITIONS_MAX_BYTES, and it holds at most
 * %NIM_RUN_MAX_POSITIONS positions: a file that never ends (/dev/zero)
 * is refused, not read for ever.
 *
 * Returns: %TRUE on success
 */
gboolean
nim_run_read_positions (const char *path, GArray **boards,
                        GArray **first_movers, GError **error)
{
  g_autoptr (GError) local = NULL;
  g_autoptr (NimRunLines) lines = NULL;
  g_autoptr (GArray) b = g_array_new (FALSE, FALSE, sizeof (NimBoard));
  g_autoptr (GArray) f = g_array_new (FALSE, FALSE, sizeof (guint));
  g_autoptr (GString) bad = g_string_new (NULL);
  guint n_bad = 0;
  const char *text;
  gsize length;
  gboolean ended, nul;

  lines = nim_run_lines_open (path, NIM_RUN_POSITIONS_MAX_LINE,
                              NIM_RUN_POSITIONS_MAX_BYTES, &local);
  if (lines == NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED,
                   _ ("--positions: cannot read %s: %s"), path,
                   local->message);
      return FALSE;
    }
  while ((text = nim_run_lines_next (lines, &length, &ended, &nul, &local))
         != NULL)
    {
      g_autofree char *line = g_strndup (text, length);
      guint64 number = nim_run_lines_number (lines);
      char *hash = strchr (line, '#');
      g_autoptr (GError) why = NULL;
      NimBoard board;
      guint mover = 1;

      /* A NUL would end the line unseen, and drop what follows it. */
      if (nul)
        {
          add_bad_line (bad, &n_bad, path, number,
                        _ ("the line holds a NUL byte; a position is text"));
          continue;
        }
      if (hash != NULL)
        *hash = '\0';
      g_strstrip (line);
      if (*line == '\0')
        continue;
      if (nim_notation_parse_position (line, &board, &mover, &why)
          && board.total == 0)
        g_set_error (&why, NIM_ERROR, NIM_ERROR_USAGE,
                     _ ("every heap is empty; a game needs a match to "
                        "take"));
      if (why != NULL)
        {
          add_bad_line (bad, &n_bad, path, number, why->message);
          continue;
        }
      if (b->len == NIM_RUN_MAX_POSITIONS)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--positions: %s:%llu: the file holds more than "
                          "%u positions, the most a run takes"),
                       path, (unsigned long long) number,
                       NIM_RUN_MAX_POSITIONS);
          return FALSE;
        }
      g_array_append_val (b, board);
      g_array_append_val (f, mover);
    }
  if (local != NULL)
    {
      g_propagate_prefixed_error (error, g_steal_pointer (&local),
                                  "--positions: ");
      return FALSE;
    }
  if (n_bad > 0)
    {
      if (n_bad > MAX_BAD_LINES)
        g_string_append_printf (bad, _ ("\n... and %u more bad lines"),
                                n_bad - MAX_BAD_LINES);
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--positions: %s has bad lines; each line is one "
                      "position, such as 3,4,5 or 3,4,5 p2:%s"),
                   path, bad->str);
      return FALSE;
    }
  if (b->len == 0)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--positions: %s holds no position; give one a "
                      "line, such as 3,4,5"),
                   path);
      return FALSE;
    }
  *boards = g_steal_pointer (&b);
  *first_movers = g_steal_pointer (&f);
  return TRUE;
}

/**
 * nim_run_parse_shard:
 * @text: (nullable): the value of --shard, K/N, auto or auto/N
 * @seeded: whether --seed was given
 * @resume: whether --resume was given
 * @config: (inout): the run; its shard is set from @text
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Returns: %TRUE on success
 */
gboolean
nim_run_parse_shard (const char *text, gboolean seeded, gboolean resume,
                     NimMatchConfig *config, GError **error)
{
  g_auto (GStrv) parts = NULL;
  g_autofree char *resolved = NULL;
  guint64 k, n;

  if (text == NULL)
    return TRUE;
  if (!nim_shard_resolve (text, NULL, &resolved, error))
    return FALSE;
  parts = g_strsplit (resolved != NULL ? resolved : text, "/", 2);
  if (parts[1] == NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--shard: '%s' is not K/N; give the shard and how many "
                      "there are, such as 1/4"),
                   text);
      return FALSE;
    }
  if (!nim_parse_uint (parts[1], 1, NIM_MATCH_MAX_GAMES / 2, "--shard N", &n,
                       error)
      || !nim_parse_uint (parts[0], 1, n, "--shard K", &k, error))
    return FALSE;
  if (n > 1 && !seeded && !resume)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--shard plays a part of a run, which every shard must "
                      "draw alike: give the same --seed to each"));
      return FALSE;
    }
  config->shard = (guint) k;
  config->shards = (guint) n;
  return TRUE;
}

/* What is wrong with the results file: its lines that are no records,
   and an end in half a line, whose game is played again. */
static void
warn_scan (const NimRunFileScan *scan, const char *results)
{
  if (scan == NULL)
    return;
  nim_run_file_scan_warn (scan, results);
  if (scan->torn_end)
    fprintf (stderr,
             _ ("nim: the last line of %s is incomplete (a run was stopped "
                "while writing it): it is not counted, and its game is "
                "played again\n"),
             results);
}

/* --resume with a file that holds no header of this run: its records
   may still be this run's, found by the ID, a digest of the run's
   parameters; a header lost or damaged (line @scan names it) is written
   again with the first record.  Otherwise refused, when the file holds
   the games of another run, or any game at all: playing the run again
   beside them would count some twice. */
static gboolean
resume_without_header (const NimRunFileScan *scan, const NimRunConfig *last,
                       const NimRunConfig *run, const char *results,
                       NimRunSetup *setup, GError **error)
{
  guint64 ours = nim_run_file_scan_games (scan, setup->id);
  guint64 all = nim_run_file_scan_games (scan, NULL);

  if (ours > 0)
    {
      fprintf (stderr,
               g_dngettext (GETTEXT_PACKAGE,
                            "nim: %s holds %llu game record of this run "
                            "(found by the run's ID), but not the run's "
                            "header line: it is written again\n",
                            "nim: %s holds %llu game records of this run "
                            "(found by the run's ID), but not the run's "
                            "header line: it is written again\n",
                            ours),
               results, (unsigned long long) ours);
      setup->resume = TRUE;
      return TRUE;
    }
  if (last != NULL)
    {
      g_autofree char *differences
          = nim_run_file_differences (last, run, TRUE, NULL);

      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--resume: %s holds the games of another run; give the "
                      "options of that run, or another --results file.  "
                      "What differs:%s"),
                   results, differences);
      return FALSE;
    }
  if (all > 0)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   g_dngettext (GETTEXT_PACKAGE,
                                "--resume: %s has no run's header line (lost "
                                "or damaged), and its %llu game record is of "
                                "another run: give the options of that run, "
                                "or another --results file",
                                "--resume: %s has no run's header line (lost "
                                "or damaged), and its %llu game records are "
                                "of another run: give the options of that "
                                "run, or another --results file",
                                all),
                   results, (unsigned long long) all);
      return FALSE;
    }
  return TRUE;
}

/**
 * nim_run_setup:
 * @run: (inout): the run; with --resume and no --seed, its seed is the
 *   one the results file records
 * @options: how this process plays it
 * @setup: (out): the run's ID and header, cleared with
 *   nim_run_setup_clear()
 * @error: return location for an error: --resume without --results, or
 *   with a file of another run (#NIM_ERROR_USAGE); a file that cannot
 *   be read or whose header is not understood (#NIM_ERROR_FAILED)
 *
 * The run's identity in its results file, and --resume's checks: the
 * file must have a header of this very run (the part of it this process
 * plays included), else what differs from the file's last run is named,
 * field by field; or, without one, records of this run's ID.
 *
 * Returns: %TRUE on success
 */
gboolean
nim_run_setup (NimRunConfig *run, const NimRunOptions *options,
               NimRunSetup *setup, GError **error)
{
  const char *results = options->results;
  g_autoptr (NimRunFileScan) scan = NULL;
  const NimRunConfig *last = NULL;
  guint i;

  memset (setup, 0, sizeof *setup);
  if (options->resume && results == NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--resume goes on with the run of a results file; give "
                      "it with --results FILE"));
      return FALSE;
    }
  if (options->resume && g_file_test (results, G_FILE_TEST_EXISTS))
    {
      scan = nim_run_file_scan (results, error);
      if (scan == NULL)
        return FALSE;
      if (scan->headers->len > 0)
        last = nim_run_header_get_config (
            scan->headers->pdata[scan->headers->len - 1]);
      if (!options->seeded && last != NULL)
        run->match.seed = last->match.seed;
    }
  setup->header = nim_run_file_header (run, &setup->id);
  if (scan == NULL)
    return TRUE;
  warn_scan (scan, results);
  /* The file's own ID for this run: a header of an older nim, which
     recorded less, has an ID of its own. */
  for (i = 0; i < scan->headers->len; i++)
    {
      NimRunHeader *h = scan->headers->pdata[i];
      g_autofree char *differences = nim_run_file_differences (
          nim_run_header_get_config (h), run, TRUE, NULL);

      if (*differences == '\0')
        {
          g_free (setup->id);
          setup->id = g_strdup (nim_run_header_get_id (h));
          g_clear_pointer (&setup->header, g_free);
          setup->resume = TRUE;
          return TRUE;
        }
    }
  if (!resume_without_header (scan, last, run, results, setup, error))
    {
      nim_run_setup_clear (setup);
      return FALSE;
    }
  return TRUE;
}

/**
 * nim_run_setup_clear:
 * @setup: what nim_run_setup() made
 */
void
nim_run_setup_clear (NimRunSetup *setup)
{
  g_clear_pointer (&setup->id, g_free);
  g_clear_pointer (&setup->header, g_free);
}

static void
resume_game (gpointer data, guint64 number, const NimMatchTally tallies[2])
{
  NimMatch *match = data;

  nim_match_add_finished (match, number, tallies);
}

/**
 * nim_run_resume:
 * @options: how this process plays the run
 * @setup: the run's identity
 * @match: a run not started
 * @error: return location for an error reading the results file
 *
 * With --resume, counts the games of this run that the results file
 * holds, each once, so that @match plays only the others.
 *
 * Returns: %TRUE on success
 */
gboolean
nim_run_resume (const NimRunOptions *options, const NimRunSetup *setup,
                NimMatch *match, GError **error)
{
  const char *ids[] = { setup->id, NULL };

  if (!setup->resume)
    return TRUE;
  return nim_run_file_each_game (options->results, ids, resume_game, match,
                                 error);
}

/**
 * nim_run_check_memory:
 * @config: a run, or a tournament's pairing
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Whether the tables of the run's jobs fit in memory together, naming
 * --jobs when they are more than one.
 *
 * Returns: %TRUE if they fit
 */
gboolean
nim_run_check_memory (const NimMatchConfig *config, GError **error)
{
  if (nim_match_config_check_memory (config, error))
    return TRUE;
  if (config->jobs > 1)
    g_prefix_error (error, "--jobs %u: ", config->jobs);
  return FALSE;
}
