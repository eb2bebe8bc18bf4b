/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-tournament.c -- nim --games N --tournament round-robin|gauntlet
   --player SPEC ...: comparison runs between more than two players,
   with a crosstable and Bradley-Terry ratings
 *
 * A tournament is one comparison run a pairing, one after the other,
 * each of --games games from the same positions; the games are numbered
 * through the whole tournament, so that a results file names each once,
 * with both players (its record's "players").  The ratings are made from
 * the pairings' wins by nim_ratings_estimate(), in O(players^2), nothing
 * kept per game. */

#include "config.h"

#include "nim-tournament.h"

#include "nim-error.h"
#include "nim-exit.h"
#include "nim-i18n.h"
#include "nim-ratings.h"
#include "nim-run-file.h"
#include "nim-run.h"
#include "nim-run-summary.h"

#include <stdio.h>

/* What the tournament keeps: its counts, the wins of each player against
   each and each player's tally over all its games, and where it
   stands. */
typedef struct
{
  NimRunTournament counts;
  guint n_pairings;
  guint64 resumed;        /* games counted from the results file (--resume) */
  guint64 resumed_before; /* ... by the pairings before the one playing */
  guint64 to_play;        /* games this process plays, of all pairings */
  guint pairing;          /* the pairing playing, from 0 */
  guint *pairs;     /* the pairings' players: pairs[2 * k], [2 * k + 1] */
  GArray *finished; /* (nullable): the games of the results file
                       (Finished), read once for every pairing */
} Tournament;

/* A game of the results file, for --resume. */
typedef struct
{
  guint64 number;
  NimMatchTally tallies[2];
} Finished;

/* The pairings, as player indices: every two players in a round robin,
   the first against each other in a gauntlet. */
static guint
pairings (const Tournament *t, gboolean gauntlet, guint *pairs)
{
  guint n = 0, i, j;

  for (i = 0; i < t->counts.n; i++)
    for (j = i + 1; j < t->counts.n; j++)
      if (!gauntlet || i == 0)
        {
          pairs[2 * n] = i;
          pairs[2 * n + 1] = j;
          n++;
        }
  return n;
}

/* ------------------------------------------------------------------------ */
/* Playing */

/* Adds the counts of the pairing of players @a and @b to @t. */
static void
tournament_add (Tournament *t, guint a, guint b, const NimMatchSummary *s)
{
  t->counts.wins[a * t->counts.n + b] += s->players[0].wins;
  t->counts.wins[b * t->counts.n + a] += s->players[1].wins;
  nim_match_tally_add (&t->counts.tallies[a], &s->players[0]);
  nim_match_tally_add (&t->counts.tallies[b], &s->players[1]);
  t->counts.games += s->finished;
  t->counts.seconds += s->seconds;
  t->counts.interrupted = s->interrupted;
}

static void
tournament_clear (Tournament *t)
{
  g_clear_pointer (&t->counts.wins, g_free);
  g_clear_pointer (&t->counts.tallies, g_free);
  g_clear_pointer (&t->pairs, g_free);
  g_clear_pointer (&t->counts.ratings, g_free);
  g_clear_pointer (&t->finished, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Tournament, tournament_clear)

/* Sets @t up for the tournament of @kind between @specs, each pairing
   played as @base says. */
static void
tournament_init (Tournament *t, const char *kind, char **specs,
                 const NimMatchConfig *base)
{
  guint k;

  t->counts.kind = kind;
  t->counts.specs = specs;
  t->counts.n = g_strv_length (specs);
  t->counts.jobs = base->jobs;
  t->counts.wins = g_new0 (guint64, (gsize) t->counts.n * t->counts.n);
  t->counts.tallies = g_new0 (NimMatchTally, t->counts.n);
  t->pairs = g_new (guint, 2 * (gsize) t->counts.n * t->counts.n);
  t->n_pairings = pairings (t, g_str_equal (kind, "gauntlet"), t->pairs);
  t->counts.requested = base->games * t->n_pairings;
  for (k = 0; k < t->n_pairings; k++)
    {
      NimMatchConfig config = *base;

      config.first_game = base->games * k;
      t->to_play += nim_match_config_games_to_play (&config);
    }
}

/* The run of pairing @k of @t. */
static NimMatchConfig
pairing_config (const Tournament *t, const NimMatchConfig *base, guint k)
{
  NimMatchConfig config = *base;

  config.specs[0] = t->counts.specs[t->pairs[2 * k]];
  config.specs[1] = t->counts.specs[t->pairs[2 * k + 1]];
  config.first_game = base->games * k;
  return config;
}

/* The ratings of what @t counted, and the summary in @output. */
static void
write_summary (Tournament *t, const NimMatchConfig *base,
               const NimOutput *output, gboolean partial)
{
  t->counts.base = base;
  t->counts.ratings = g_new0 (NimRating, t->counts.n);
  nim_ratings_estimate (t->counts.n, t->counts.wins, t->counts.ratings);
  if (partial)
    nim_output_write_partial (output, &nim_run_summary_tournament_writer,
                              &t->counts);
  else
    nim_output_write (output, &nim_run_summary_tournament_writer, &t->counts);
}

static void
keep_finished (gpointer data, guint64 number, const NimMatchTally tallies[2])
{
  Finished f = { number, { tallies[0], tallies[1] } };

  g_array_append_val (data, f);
}

/* Plays pairing @k into @t; FALSE with @error set when it failed. */
static gboolean
play_pairing (const NimRunOptions *options, const NimMatchConfig *config,
              NimRunFileSetup *setup, Tournament *t, guint k, GError **error)
{
  g_autoptr (NimMatch) match = nim_match_new (config, error);
  NimRunPairing pairing;
  gboolean ok, played;
  guint i;

  if (match == NULL)
    return FALSE;
  for (i = 0; t->finished != NULL && i < t->finished->len; i++)
    {
      const Finished *f = &g_array_index (t->finished, Finished, i);

      nim_match_add_finished (match, f->number, f->tallies);
    }
  t->resumed_before = t->resumed;
  t->resumed += nim_match_get_summary (match)->finished;
  pairing.pairing = k + 1;
  pairing.n_pairings = t->n_pairings;
  pairing.games_before = t->counts.games;
  pairing.resumed_before = t->resumed_before;
  pairing.games_total = t->to_play;
  pairing.seconds_before = t->counts.seconds;
  ok = nim_run_play (match, config, options, setup, &pairing, NULL, &played,
                     error);
  if (!played)
    return FALSE;
  tournament_add (t, t->pairs[2 * k], t->pairs[2 * k + 1],
                  nim_match_get_summary (match));
  return ok;
}

/**
 * nim_tournament_run:
 * @run: the tournament: its kind, its players, and the run of each
 *   pairing but for its players
 * @options: how this process plays it
 * @output: where the crosstable and the ratings go
 *
 * Plays every pairing, then writes the crosstable and the ratings.
 *
 * Returns: the exit status
 */
int
nim_tournament_run (NimRunConfig *run, const NimRunOptions *options,
                    const NimOutput *output)
{
  g_autoptr (GError) error = NULL;
  g_auto (Tournament) t = { 0 };
  g_auto (NimRunFileSetup) setup = { NULL, NULL, FALSE };
  gboolean ok = TRUE;
  guint k, j;

  tournament_init (&t, run->tournament, (char **) run->players, &run->match);
  /* The whole tournament is one run: its first pairing's games are
     numbered from 1, its parameters name every player. */
  if (!nim_run_file_setup (run, options->results, options->resume,
                           options->seeded, &setup, &error))
    return nim_exit_fail (error, error->code == NIM_ERROR_USAGE);
  /* Every player plays these rules and positions: found out before the
     first game, not after some pairings were played. */
  for (k = 0; k < t.counts.n; k++)
    {
      NimMatchConfig config = run->match;
      g_autoptr (NimMatch) check = NULL;

      config.specs[0] = t.counts.specs[k];
      config.specs[1] = t.counts.specs[k == 0 ? 1 : 0];
      config.jobs = 1;
      check = nim_match_new (&config, &error);
      /* ... and the tables of every pairing's jobs fit in memory. */
      for (j = 0; j < t.n_pairings && check != NULL && k == 0; j++)
        {
          NimMatchConfig pairing = pairing_config (&t, &run->match, j);

          if (!nim_run_check_memory (&pairing, &error))
            g_clear_pointer (&check, nim_match_free);
        }
      if (check == NULL)
        return nim_exit_fail (error, error->code == NIM_ERROR_USAGE);
    }
  /* The results file is read once, its games dealt to the pairings by
     their numbers. */
  t.finished = g_array_new (FALSE, FALSE, sizeof (Finished));
  if (!nim_run_file_resume (options->results, &setup, run,
                            run->match.games * t.n_pairings, keep_finished,
                            t.finished, &error))
    return nim_exit_fail (error, FALSE);
  for (k = 0; k < t.n_pairings && ok && !t.counts.interrupted; k++)
    {
      NimMatchConfig config = pairing_config (&t, &run->match, k);

      t.pairing = k;
      ok = play_pairing (options, &config, &setup, &t, k, &error);
    }
  if (options->resume && !options->quiet)
    fprintf (
        stderr,
        g_dngettext (GETTEXT_PACKAGE,
                     "nim: resuming: %llu finished game of this run was "
                     "in %s, counted and not played again\n",
                     "nim: resuming: %llu finished games of this run were "
                     "in %s, counted and not played again\n",
                     t.resumed),
        (unsigned long long) t.resumed, options->results);
  write_summary (&t, &run->match, output, !ok);
  if (!ok)
    return nim_exit_fail (error, error->code == NIM_ERROR_USAGE);
  if (t.counts.interrupted)
    {
      fprintf (stderr,
               g_dngettext (GETTEXT_PACKAGE,
                            "nim: interrupted after %llu finished game\n",
                            "nim: interrupted after %llu finished games\n",
                            t.counts.games),
               (unsigned long long) t.counts.games);
      return NIM_EXIT_INTERRUPTED;
    }
  return NIM_EXIT_OK;
}

/* The counters of a tournament's pairings, each @games games. */
typedef struct
{
  NimMatch **counters;
  guint64 games;
} Counters;

/* A game of the results files, counted by its pairing's counter. */
static void
count_game (gpointer data, guint64 number, const NimMatchTally tallies[2])
{
  Counters *c = data;

  nim_match_add_finished (c->counters[(number - 1) / c->games], number,
                          tallies);
}

/**
 * nim_tournament_summarize:
 * @run: the tournament, as its results files' header says
 * @files: the results files, %NULL-terminated
 * @ids: the IDs its games carry, %NULL-terminated
 * @output: where the crosstable and the ratings go
 *
 * The crosstable and ratings of a tournament, from its results files.
 *
 * Returns: the exit status
 */
int
nim_tournament_summarize (const NimRunConfig *run, char **files,
                          const char *const *ids, const NimOutput *output)
{
  g_autoptr (GError) error = NULL;
  g_auto (Tournament) t = { 0 };
  g_autoptr (NimRunFileGames) games = NULL;
  Counters counters;
  gboolean ok = TRUE;
  guint i, k;

  tournament_init (&t, run->tournament, (char **) run->players, &run->match);
  t.counts.jobs = 1;
  counters.games = run->match.games;
  counters.counters = g_new0 (NimMatch *, t.n_pairings);
  for (k = 0; k < t.n_pairings; k++)
    {
      NimMatchConfig config = pairing_config (&t, &run->match, k);

      counters.counters[k] = nim_match_new_counter (&config);
    }
  /* Each file is read once, its games dealt to the pairings. */
  games = nim_run_file_games_new (run, ids, run->match.games * t.n_pairings,
                                  count_game, &counters);
  for (i = 0; files[i] != NULL && ok; i++)
    ok = nim_run_file_games_read (games, files[i], &error);
  for (k = 0; k < t.n_pairings; k++)
    {
      if (ok)
        tournament_add (&t, t.pairs[2 * k], t.pairs[2 * k + 1],
                        nim_match_get_summary (counters.counters[k]));
      nim_match_free (counters.counters[k]);
    }
  g_free (counters.counters);
  if (!ok)
    return nim_exit_fail (error, FALSE);
  write_summary (&t, &run->match, output, FALSE);
  return NIM_EXIT_OK;
}
