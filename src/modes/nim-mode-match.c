/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-mode-match.c -- nim --games N: a comparison run of two computer
   players, or with --tournament of more, its options checked and its
   summary shown */

#include "config.h"

#include "nim-command.h"
#include "nim-error.h"
#include "nim-exit.h"
#include "nim-i18n.h"
#include "nim-match.h"
#include "nim-mode.h"
#include "nim-parse.h"
#include "nim-prompt.h"
#include "nim-ratings.h"
#include "nim-record.h"
#include "nim-run-summary.h"
#include "nim-run.h"
#include "nim-shared.h"
#include "nim-tournament.h"

#include <stdio.h>
#include <string.h>

/**
 * MatchConfig:
 *
 * The options of --games, as given, then as nim_match_new() and the
 * results file take them.
 */
typedef struct
{
  char *games;
  char *jobs;
  gboolean affinity;
  char *results;
  char *sprt;
  char *positions;
  char *order;
  char *start;
  char *tournament;
  char **players;
  gboolean resume;
  char *shard;

  NimRunConfig run;
  NimRunOptions options;
  GArray *boards;       /* the suite of --positions */
  GArray *first_movers; /* ... who moves first in each */
} MatchConfig;

#define FIELD(member) NIM_OPTION_FIELD (MatchConfig, member)

static const NimOption options[] = {
  { { "games", 'g', 0, G_OPTION_ARG_STRING, FIELD (games),
      N_ ("Play N games, an even number, player 1 against player 2 (default "
          "negamax against negamax)"),
      "N" },
    0,
    NULL,
    NULL },
  { { "jobs", 'J', 0, G_OPTION_ARG_STRING, FIELD (jobs),
      N_ ("Play J games at once (default 1); the results do not depend on "
          "J"),
      "J" },
    0,
    N_ ("--jobs (it needs --games)"),
    NULL },
  { { "affinity", 0, 0, G_OPTION_ARG_NONE, FIELD (affinity),
      N_ ("Pin each job, and the engines it starts, to a processor of its "
          "own (Linux); off by default: unpinned runs are as fast, and runs "
          "pinned at once share the first processors"),
      NULL },
    0,
    N_ ("--affinity (it needs --games)"),
    NULL },
  { { "results", 'o', 0, G_OPTION_ARG_FILENAME, FIELD (results),
      N_ ("Append one JSON line per finished game to FILE, after a line of "
          "the run's parameters"),
      "FILE" },
    0,
    N_ ("--results (it needs --games)"),
    NULL },
  { { "sprt", 0, 0, G_OPTION_ARG_STRING, FIELD (sprt),
      N_ ("Stop as soon as a sequential test decides between elo0 and elo1 "
          "(alpha, beta default 0.05; model logistic or normalized); "
          "--games is then the most"),
      "elo0=A,elo1=B[,...]" },
    0,
    N_ ("--sprt (it needs --games, the most games to play)"),
    NULL },
  { { "positions", 0, 0, G_OPTION_ARG_FILENAME, FIELD (positions),
      N_ ("Play each pair from the next position of FILE, one a line, such "
          "as 3,4,5 or 3,4,5 p2"),
      "FILE" },
    0,
    N_ ("--positions (it needs --games)"),
    NULL },
  { { "order", 0, 0, G_OPTION_ARG_STRING, FIELD (order),
      N_ ("Play the --positions in file order or shuffled with --seed "
          "(default sequential)"),
      "sequential|random" },
    0,
    N_ ("--order (it needs --games and --positions)"),
    NULL },
  { { "start", 0, 0, G_OPTION_ARG_STRING, FIELD (start),
      N_ ("Begin with the Nth of the --positions (default 1)"), "N" },
    0,
    N_ ("--start (it needs --games and --positions)"),
    NULL },
  { { "tournament", 0, 0, G_OPTION_ARG_STRING, FIELD (tournament),
      N_ ("Play --games games in each pairing of the --player players, each "
          "against each or the first against the others; print a "
          "crosstable and ratings"),
      "round-robin|gauntlet" },
    0,
    N_ ("--tournament (it needs --games, the games of each pairing)"),
    NULL },
  { { "player", 0, 0, G_OPTION_ARG_STRING_ARRAY, FIELD (players),
      N_ ("A player of the --tournament; give one --player per player"),
      "SPEC" },
    0,
    N_ ("--player (it needs --games and --tournament)"),
    NULL },
  { { "resume", 0, 0, G_OPTION_ARG_NONE, FIELD (resume),
      N_ ("Go on with the run of the --results file: count its finished "
          "games, play the others"),
      NULL },
    0,
    N_ ("--resume (it needs --games and --results)"),
    NULL },
  { { "shard", 0, 0, G_OPTION_ARG_STRING, FIELD (shard),
      N_ ("Play only the pairs whose number is K modulo N (give each shard "
          "the same --seed); auto takes K and N from a job array's task "
          "(Slurm), auto/N K alone (Kubernetes, GNU parallel, AWS Batch); "
          "see --summarize"),
      "K/N|auto[/N]" },
    0,
    N_ ("--shard (it needs --games)"),
    NULL },
  { { NULL } },
};

static const NimRefusal refusals[] = {
  NIM_SHARED_REFUSE_TRACE (nim_shared_no_trace),
  { "--first", NULL,
    N_ ("--first (each position is played with either player first)") },
  { NULL },
};

/* The checks of nim_match_new() that name options, made first: the
   positions' size (--heaps, --random-heaps) and the players (--player1,
   --player2), which must be computers. */
static gboolean
check_match (const NimMatchConfig *config, GError **error)
{
  guint64 most = nim_match_config_most_matches (config);
  guint i;

  if (most > NIM_MATCH_MAX_MATCHES)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--games plays every game to its end, which can take "
                      "a move a match: a position may hold at most %u "
                      "matches, and these may hold %llu; give smaller "
                      "--heaps or --random-heaps COUNT:MAX"),
                   NIM_MATCH_MAX_MATCHES, (unsigned long long) most);
      return FALSE;
    }
  for (i = 0; i < 2; i++)
    {
      g_autoptr (NimPlayer) p
          = nim_shared_player_new (config->specs[i], error);

      if (p == NULL)
        {
          g_prefix_error (error, "--player%u: ", i + 1);
          return FALSE;
        }
      if (nim_player_is_interactive (p))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--games plays computer against computer; "
                          "player %1$u is %2$s: give another with "
                          "--player%1$u, such as --player%1$u negamax"),
                       i + 1, config->specs[i]);
          return FALSE;
        }
    }
  return nim_run_check_memory (config, error);
}

/* --games N and --jobs J: how many games, and how many at once. */
static gboolean
parse_counts (const MatchConfig *m, NimMatchConfig *config, GError **error)
{
  guint64 v;

  if (!nim_parse_uint (m->games, 2, NIM_MATCH_MAX_GAMES, "--games", &v, error))
    return FALSE;
  if (v % 2 != 0)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--games %llu is odd; give an even number, as each "
                      "position is played twice with the turns swapped"),
                   (unsigned long long) v);
      return FALSE;
    }
  config->games = v;
  config->affinity = m->affinity;
  config->jobs = 1;
  if (m->jobs != NULL)
    {
      if (!nim_parse_uint (m->jobs, 1, NIM_MATCH_MAX_JOBS, "--jobs", &v,
                           error))
        return FALSE;
      config->jobs = (guint) v;
    }
  return TRUE;
}

/* --positions FILE, --order and --start. */
static gboolean
parse_positions (MatchConfig *m, const NimShared *shared,
                 NimMatchConfig *config, GError **error)
{
  guint64 v;

  if (m->positions == NULL)
    {
      if (m->order != NULL || m->start != NULL)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("%s orders the --positions of a file; give "
                          "--positions FILE"),
                       m->order != NULL ? "--order" : "--start");
          return FALSE;
        }
      return TRUE;
    }
  if (shared->heaps != NULL || shared->random_heaps != NULL)
    {
      nim_command_set_conflict (error, "--positions",
                                shared->heaps != NULL ? "--heaps"
                                                      : "--random-heaps");
      return FALSE;
    }
  if (!nim_run_read_positions (m->positions, &m->boards, &m->first_movers,
                               error))
    return FALSE;
  config->positions = (const NimBoard *) m->boards->data;
  config->first_movers = (const guint *) m->first_movers->data;
  config->n_positions = m->boards->len;
  config->positions_label = m->positions;
  if (m->order != NULL)
    {
      if (g_str_equal (m->order, "random"))
        config->random_order = TRUE;
      else if (!g_str_equal (m->order, "sequential"))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--order: '%s' is not an order; give sequential "
                          "or random"),
                       m->order);
          return FALSE;
        }
    }
  if (m->start != NULL)
    {
      if (!nim_parse_uint (m->start, 1, config->n_positions, "--start", &v,
                           error))
        return FALSE;
      config->start_position = (guint) (v - 1);
    }
  return TRUE;
}

/* Whether the player of @spec plays the same game every time from one
   position: the theories and the exact searchers do (their budgets in
   nodes; a time budget makes a searcher's play depend on the machine,
   which gives no variety to count on either); mcts samples with each
   game's seed.  Of the others nothing is known. */
static gboolean
spec_deterministic (const char *spec)
{
  g_autofree char *name = g_strndup (spec, strcspn (spec, ":"));
  const NimPlayerClass *klass = nim_player_class_lookup (name);

  return klass != NULL
         && (klass->kind == NIM_PLAYER_CLOSED_FORM
             || (klass->kind == NIM_PLAYER_SEARCHER && klass->perfect));
}

/* Two deterministic players replay the games of a position they have
   played already: say so when there are more pairs than positions. */
static void
warn_replays (const NimMatchConfig *config)
{
  guint64 pairs = config->games / 2;
  guint64 distinct = config->n_positions > 0 ? config->n_positions : 1;

  if (config->random_count > 0 || pairs <= distinct
      || !spec_deterministic (config->specs[0])
      || !spec_deterministic (config->specs[1]))
    return;
  if (distinct == 1)
    fprintf (stderr,
             _ ("nim: warning: both players are deterministic, and %llu "
                "pairs play one position: every pair after the first "
                "replays its games (use --random-heaps, more --positions or "
                "fewer --games)\n"),
             (unsigned long long) pairs);
  else
    fprintf (stderr,
             _ ("nim: warning: both players are deterministic, and %llu "
                "pairs play %llu positions: every pair after the first "
                "%llu replays games already played (use --random-heaps, "
                "more --positions or fewer --games)\n"),
             (unsigned long long) pairs, (unsigned long long) distinct,
             (unsigned long long) distinct);
}

/* Checks the --player specs: known players, computers, at most
   NIM_RATINGS_MAX_PLAYERS of them and at least two. */
static gboolean
check_players (char **players, GError **error)
{
  guint n = players ? g_strv_length (players) : 0, i;

  if (n < 2 || n > NIM_RATINGS_MAX_PLAYERS)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--tournament needs 2 to %u players, each given with "
                      "--player SPEC; %u were given"),
                   NIM_RATINGS_MAX_PLAYERS, n);
      return FALSE;
    }
  for (i = 0; i < n; i++)
    {
      g_autoptr (NimPlayer) p = nim_shared_player_new (players[i], error);

      if (p == NULL)
        {
          g_prefix_error (error, "--player %s: ", players[i]);
          return FALSE;
        }
      if (nim_player_is_interactive (p))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--tournament plays computer against computer; "
                          "--player %s asks a person for its moves"),
                       players[i]);
          return FALSE;
        }
    }
  return TRUE;
}

/* The options of a tournament: --tournament with --player, without
   --player1, --player2 or --sprt (a test between two players); --player
   only with --tournament. */
static gboolean
check_tournament (const MatchConfig *m, const NimShared *shared,
                  GError **error)
{
  if (m->tournament == NULL)
    {
      if (m->players != NULL)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--player names the players of a --tournament; "
                          "two players are --player1 and --player2"));
          return FALSE;
        }
      return TRUE;
    }
  if (!g_str_equal (m->tournament, "round-robin")
      && !g_str_equal (m->tournament, "gauntlet"))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--tournament: '%s' is not a kind of tournament; give "
                      "round-robin or gauntlet"),
                   m->tournament);
      return FALSE;
    }
  if (shared->player1 != NULL || shared->player2 != NULL || m->sprt != NULL)
    {
      nim_command_set_conflict (
          error, "--tournament",
          shared->player1 != NULL
              ? _ ("--player1 (give each player with --player)")
          : shared->player2 != NULL
              ? _ ("--player2 (give each player with --player)")
              : _ ("--sprt (a test between two players)"));
      return FALSE;
    }
  return check_players (m->players, error);
}

/* The run that --games and the options with it ask for. */
static gboolean
match_check (gpointer data, NimShared *shared, GError **error)
{
  MatchConfig *m = data;
  NimMatchConfig *config = &m->run.match;
  const char *strongest = nim_player_class_strongest ()->name;

  nim_run_config_init (&m->run);
  if (!check_tournament (m, shared, error))
    return FALSE;
  config->rules = shared->rules;
  if (!parse_counts (m, config, error))
    return FALSE;
  /* COUNT:MAX of --random-heaps, read with the shared options. */
  config->random_count = shared->random_count;
  config->random_max = shared->random_max;
  if (!parse_positions (m, shared, config, error))
    return FALSE;
  if (shared->per_position
      && (shared->random_heaps != NULL || m->tournament != NULL))
    {
      nim_command_set_conflict (
          error, "--per-position",
          shared->random_heaps != NULL
              ? _ ("--random-heaps (every pair has a position of its own; "
                   "give --positions FILE)")
              : "--tournament");
      return FALSE;
    }
  if (shared->random_heaps == NULL)
    config->start = shared->board;
  config->seed = shared->seed_value;
  if (!nim_run_parse_shard (m->shard, shared->seeded, m->resume, config,
                            error))
    return FALSE;
  if (m->sprt != NULL)
    {
      if (!nim_run_parse_sprt (m->sprt, &config->sprt, error))
        return FALSE;
      config->sprt_enabled = TRUE;
    }
  config->specs[0] = shared->player1 ? shared->player1 : strongest;
  config->specs[1] = shared->player2 ? shared->player2 : strongest;
  if (shared->timed)
    {
      config->tc_seconds = shared->tc_seconds;
      config->tc_increment = shared->tc_increment;
    }
  m->run.tournament = m->tournament;
  m->run.players = (const char *const *) m->players;
  m->run.engines = (const char *const *) shared->engines;
  m->run.engine_dirs = (const char *const *) shared->engine_dirs;
  m->run.engine_options = (const char *const *) shared->engine_options;
  m->run.engine_startup_timeout = shared->startup_timeout;
  m->run.engine_time_margin = shared->time_margin;
  m->options.results = m->results;
  m->options.resume = m->resume;
  m->options.seeded = shared->seeded;
  m->options.quiet = shared->quiet;
  return check_match (config, error);
}

static void
match_clear (gpointer data)
{
  MatchConfig *m = data;

  g_clear_pointer (&m->boards, g_array_unref);
  g_clear_pointer (&m->first_movers, g_array_unref);
}

/* --resume: how many games the results file had. */
static void
report_resumed (const NimRunOptions *run, guint64 n)
{
  if (!run->resume || run->quiet)
    return;
  fprintf (stderr,
           g_dngettext (GETTEXT_PACKAGE,
                        "nim: resuming: %llu finished game of this run is in "
                        "%s, counted and not played again\n",
                        "nim: resuming: %llu finished games of this run are "
                        "in %s, counted and not played again\n",
                        n),
           (unsigned long long) n, run->results);
}

/* After Ctrl-C: how many games finished, and where they are. */
static void
report_interrupted (const NimRunOptions *run, guint64 n)
{
  fprintf (stderr,
           run->results ? g_dngettext (GETTEXT_PACKAGE,
                                       "nim: interrupted after %llu "
                                       "finished game; it is in the "
                                       "results file\n",
                                       "nim: interrupted after %llu "
                                       "finished games; each is in the "
                                       "results file\n",
                                       n)
                        : g_dngettext (GETTEXT_PACKAGE,
                                       "nim: interrupted after %llu "
                                       "finished game\n",
                                       "nim: interrupted after %llu "
                                       "finished games\n",
                                       n),
           (unsigned long long) n);
}

/* nim --games N: a comparison run, its games written to --results as
   they finish and its summary printed at the end (on standard error as
   well when a game failed). */
/* A game of the results file, counted by --resume. */
static void
resume_game (gpointer data, guint64 number, const NimMatchTally tallies[2])
{
  nim_match_add_finished (data, number, tallies);
}

static int
run_match (MatchConfig *m, NimShared *shared)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimMatch) match = NULL;
  const NimMatchConfig *config = &m->run.match;
  g_auto (NimRunFileSetup) setup = { NULL, NULL, FALSE };
  NimRunSummary summary = { config, NULL, shared->per_position };
  NimRunShards shards;
  NimMatchSummary counted;
  gboolean ok, played;

  if (!nim_run_file_setup (&m->run, m->options.results, m->options.resume,
                           m->options.seeded, &setup, &error))
    return nim_exit_fail (error, error->code == NIM_ERROR_USAGE);
  if (!m->options.quiet)
    warn_replays (config);
  match = nim_match_new (config, &error);
  if (match == NULL)
    return nim_exit_fail (error, error->code == NIM_ERROR_USAGE);
  if (!nim_run_file_resume (m->options.results, &setup, &m->run, config->games,
                            resume_game, match, &error))
    return nim_exit_fail (error, FALSE);
  report_resumed (&m->options, nim_match_get_summary (match)->finished);
  ok = nim_run_play (match, config, &m->options, &setup, NULL, &shards,
                     &played, &error);
  if (!played)
    return nim_exit_fail (error, FALSE);
  summary.summary = nim_match_get_summary (match);
  /* A shard of an SPRT run says the test over the shards' pairs, as
     --summarize does: once decided, one machine's decision and counts. */
  if (shards.watched)
    {
      counted = *summary.summary;
      counted.decision = shards.state.decision;
      counted.llr = shards.state.prefix_llr;
      /* The pairs counted stay the shard's own; the decision's are said
         with it. */
      if (shards.state.decision != NIM_SPRT_NONE)
        counted.llr = shards.state.decided_llr;
      summary.summary = &counted;
      summary.prefix = &shards.state;
      summary.shard = TRUE;
      summary.stopped = shards.stopped;
    }
  if (!ok)
    {
      /* The games that did finish are still worth their summary. */
      summary.per_position = FALSE;
      nim_output_write_partial (&shared->output, &nim_run_summary_writer,
                                &summary);
      return nim_exit_fail (error, FALSE);
    }
  nim_output_write (&shared->output, &nim_run_summary_writer, &summary);
  if (summary.summary->interrupted)
    {
      report_interrupted (&m->options, summary.summary->finished);
      return NIM_EXIT_INTERRUPTED;
    }
  return NIM_EXIT_OK;
}

static int
match_run (gpointer data, NimShared *shared)
{
  MatchConfig *m = data;
  int status;

  /* A comparison run winds down on a first Ctrl-C, and outlives the
     reader of its output, which the same Ctrl-C may have ended, until
     nim exits (its summary is flushed then). */
  nim_interrupt_catch ();
  nim_signals_survive_pipe ();
  status = m->tournament != NULL
               ? nim_tournament_run (&m->run, &m->options, &shared->output)
               : run_match (m, shared);
  nim_interrupt_release ();
  return status;
}

/**
 * nim_mode_match:
 *
 * nim --games N: a comparison run, or with --tournament a tournament.
 */
const NimMode nim_mode_match = {
  .name = "--games",
  .options = { NIM_HELP_RUNS, FALSE, options },
  .shared = NIM_SHARED_HEAPS | NIM_SHARED_RANDOM_HEAPS | NIM_SHARED_TAKE
            | NIM_SHARED_PLAYER1 | NIM_SHARED_PLAYER2 | NIM_SHARED_SEED
            | NIM_SHARED_JSON | NIM_SHARED_SUMMARY | NIM_SHARED_CLOCK
            | NIM_SHARED_ENGINES | NIM_SHARED_ENGINE_PLAY,
  .refusals = refusals,
  .config_size = sizeof (MatchConfig),
  .check = match_check,
  .run = match_run,
  .clear = match_clear,
};
