/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-run.c -- what comparison runs and tournaments share: the options
   that say how a run is driven (--sprt, --positions, --shard), and
   playing it: each game to the results file (nim-run-file), the
   progress to the status line (nim-run-progress) */

#include "config.h"

#include "nim-run.h"

#include "nim-i18n.h"
#include "nim-notation.h"
#include "nim-run-file.h"
#include "nim-run-lines.h"
#include "nim-run-siblings.h"
#include "nim-shard.h"
#include "nim-error.h"
#include "nim-parse.h"

#include <stdio.h>
#include <string.h>
#include <unistd.h>

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
        g_set_error_literal (
            &why, NIM_ERROR, NIM_ERROR_USAGE,
            _ ("the line holds a NUL byte; a position is text"));
      else
        {
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
        }
      if (why != NULL)
        {
          /* The line's number, and what is wrong with it. */
          if (n_bad++ < MAX_BAD_LINES)
            g_string_append_printf (bad, "\n%s:%llu: %s", path,
                                    (unsigned long long) number, why->message);
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

/* Where a run's games and progress go: the data of the callbacks. */
typedef struct
{
  NimRunFile *file; /* (nullable): without --results */
  NimRunProgress *progress;
  NimMatch *match;
  NimRunSiblings *siblings; /* (nullable): an SPRT shard's siblings */
} Sinks;

static gboolean
play_game_finished (gpointer data, const NimMatchGame *game, GError **error)
{
  Sinks *sinks = data;

  if (sinks->file != NULL && !nim_run_file_add_game (sinks->file, game, error))
    return FALSE;
  if (sinks->siblings == NULL)
    return TRUE;
  nim_run_siblings_add_own (sinks->siblings, game->number,
                            game->tallies[0].wins > 0 ? 1 : 2);
  if (nim_run_siblings_poll (sinks->siblings, FALSE))
    nim_match_stop (sinks->match);
  return TRUE;
}

static void
play_progress (gpointer data, const NimMatchSummary *summary, double seconds)
{
  Sinks *sinks = data;

  nim_run_progress_update (sinks->progress, summary, seconds);
}

static void
play_interrupted (gpointer data, const NimMatchSummary *summary)
{
  Sinks *sinks = data;

  nim_run_progress_notice (
      sinks->progress,
      _ ("nim: interrupted: the games in progress are abandoned\n"));
}

static const NimMatchCallbacks play_callbacks = {
  .game_finished = play_game_finished,
  .progress = play_progress,
  .interrupted = play_interrupted,
};

/**
 * nim_run_play:
 * @match: a run, the games of the results file counted
 *   (nim_run_file_resume())
 * @config: what @match plays; its specs must outlive the call
 * @options: how this process plays it
 * @setup: (inout): the run's identity in its results file; its header is
 *   cleared once written, so that a tournament's later pairings do not
 *   write it again
 * @pairing: (nullable): where @match stands in its tournament, for the
 *   progress line
 * @shards: (out caller-allocates) (nullable): for a shard of an SPRT run
 *   with a results file, the test over the pairs of all the shards whose
 *   files are in the same directory, which stopped the run once decided
 *   (nim-run-siblings); @shards->watched is %FALSE for any other run
 * @played: (out): whether the games began: a failure is then a game's,
 *   and the games that finished are worth their summary
 * @error: return location for an error: a results file that cannot be
 *   opened or written, or the first game that failed
 *
 * Plays the games of @match, each appended to the results file as it
 * finishes, the progress drawn on standard error when that is a
 * terminal (and --quiet was not given), and blanked at the end.
 *
 * Returns: %TRUE if no game failed (an interrupted run included)
 */
gboolean
nim_run_play (NimMatch *match, const NimMatchConfig *config,
              const NimRunOptions *options, NimRunFileSetup *setup,
              const NimRunPairing *pairing, NimRunShards *shards,
              gboolean *played, GError **error)
{
  g_autoptr (NimRunProgress) progress = nim_run_progress_new (
      stderr, !options->quiet && isatty (STDERR_FILENO));
  /* Freed after the file: it keeps a descriptor of it open, whose close
     would release the file's locks while the file is still written. */
  g_autoptr (NimRunSiblings) siblings = NULL;
  g_autoptr (NimRunFile) file = NULL;
  Sinks sinks = { NULL };
  gboolean ok;

  *played = FALSE;
  if (shards != NULL)
    memset (shards, 0, sizeof *shards);
  if (options->results != NULL)
    {
      g_autofree char *key = g_strdup_printf ("%s %u/%u", setup->id,
                                              config->shard, config->shards);

      file = nim_run_file_open (options->results, progress, error);
      if (file == NULL)
        return FALSE;
      nim_run_file_set_run (file, setup->id, setup->header, config->seed);
      if (!nim_run_file_claim (file, key, error))
        return FALSE;
      /* A resumed run keeps its header only when the file lost it. */
      if (setup->resume && !nim_run_file_write_header (file, error))
        return FALSE;
      if (shards != NULL && config->sprt_enabled && config->shards > 1)
        {
          NimRunConfig run;

          /* The reader checks records against the run's rules and
             games, which is all it reads of the configuration. */
          nim_run_config_init (&run);
          run.match = *config;
          shards->run = run;
          siblings = nim_run_siblings_new (&shards->run, setup->id,
                                           options->results);
          /* A shard resumed after the decision plays no game. */
          if (nim_run_siblings_poll (siblings, TRUE))
            nim_match_stop (match);
        }
    }
  nim_run_progress_set_run (progress, config,
                            nim_match_get_summary (match)->finished);
  if (pairing != NULL)
    nim_run_progress_set_pairing (progress, pairing);
  sinks.file = file;
  sinks.progress = progress;
  sinks.match = match;
  sinks.siblings = siblings;
  *played = TRUE;
  ok = nim_match_run (match, &play_callbacks, &sinks, error);
  nim_run_progress_clear (progress);
  if (siblings != NULL)
    {
      const NimMatchSummary *summary = nim_match_get_summary (match);

      nim_run_siblings_poll (siblings, TRUE);
      nim_run_siblings_get (siblings, &shards->state);
      shards->watched = TRUE;
      shards->stopped
          = shards->state.decision != NIM_SPRT_NONE && !summary->interrupted
            && summary->finished < nim_match_config_games_to_play (config);
    }
  if (file != NULL && nim_run_file_wrote_header (file))
    g_clear_pointer (&setup->header, g_free);
  return ok;
}
