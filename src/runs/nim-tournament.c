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
#include "nim-match-report.h"
#include "nim-ratings.h"
#include "nim-record.h"
#include "nim-run-file.h"
#include "nim-run.h"
#include "nim-text.h"

#include <math.h>
#include <stdio.h>

/* What the tournament keeps: the wins of each player against each, and
   each player's tally over all its games. */
typedef struct
{
  const char *kind;
  char **specs;
  guint n;
  guint64 *wins; /* n x n: wins[i * n + j], games i won against j */
  NimMatchTally *tallies;
  guint64 games;     /* finished */
  guint64 requested; /* of all pairings */
  guint n_pairings;
  gboolean interrupted;
  double seconds;
  guint jobs;
  guint64 resumed;        /* games counted from the results file (--resume) */
  guint64 resumed_before; /* ... by the pairings before the one playing */
  guint64 to_play;        /* games this process plays, of all pairings */
  guint pairing;          /* the pairing playing, from 0 */
  guint *pairs;       /* the pairings' players: pairs[2 * k], [2 * k + 1] */
  NimRating *ratings; /* when it is over */
} Tournament;

/* The pairings, as player indices: every two players in a round robin,
   the first against each other in a gauntlet. */
static guint
pairings (const Tournament *t, gboolean gauntlet, guint *pairs)
{
  guint n = 0, i, j;

  for (i = 0; i < t->n; i++)
    for (j = i + 1; j < t->n; j++)
      if (!gauntlet || i == 0)
        {
          pairs[2 * n] = i;
          pairs[2 * n + 1] = j;
          n++;
        }
  return n;
}

/* ------------------------------------------------------------------------ */
/* The summaries */

static double
ratio (double a, double b)
{
  return b > 0 ? a / b : 0;
}

static char *
describe (double v)
{
  if (isinf (v))
    return g_strdup (v > 0 ? "+inf" : "-inf");
  return g_strdup_printf ("%+.0f", round (v) + 0.0); /* no -0 */
}

static void
print_summary (const Tournament *t, const NimMatchConfig *base,
               const NimRating *r, FILE *out)
{
  g_autofree char *rules = nim_rules_describe (&base->rules);
  gsize width = 0;
  guint i, j;

  fprintf (
      out,
      t->interrupted ? _ ("Tournament: %s of %u players, %llu of %llu games "
                          "(interrupted), %llu a pairing\n")
                     : _ ("Tournament: %s of %u players, %llu of %llu games, "
                          "%llu a pairing\n"),
      t->kind, t->n, (unsigned long long) t->games,
      (unsigned long long) t->requested, (unsigned long long) base->games);
  fprintf (out, _ ("Rules: %s\n"), rules);
  for (i = 0; i < t->n; i++)
    width = MAX (width, nim_text_width (t->specs[i]));
  /* The crosstable: row i, column j, i's wins-losses against j. */
  fputs (_ ("Crosstable (wins-losses of the row's player against the "
            "column's):\n"),
         out);
  fprintf (out, "%*s", (int) width + 4, "");
  for (j = 0; j < t->n; j++)
    fprintf (out, " %9u", j + 1);
  fputc ('\n', out);
  for (i = 0; i < t->n; i++)
    {
      g_autoptr (GString) spec = g_string_new (NULL);

      nim_string_append_padded (spec, t->specs[i], width, TRUE);
      fprintf (out, "%2u  %s", i + 1, spec->str);
      for (j = 0; j < t->n; j++)
        {
          guint64 w = t->wins[i * t->n + j], l = t->wins[j * t->n + i];
          g_autofree char *cell
              = i == j || w + l == 0
                    ? g_strdup ("-")
                    : g_strdup_printf ("%llu-%llu", (unsigned long long) w,
                                       (unsigned long long) l);

          fprintf (out, " %9s", cell);
        }
      fputc ('\n', out);
    }
  /* TRANSLATORS: the heading of the ratings; "Bradley-Terry" is a
     name. */
  fprintf (out,
           _ ("Ratings (Bradley-Terry, player 1 at 0, 95%% intervals, a "
              "prior of %g virtual win each way a pairing):\n"),
           NIM_RATINGS_PRIOR_WINS);
  /* TRANSLATORS: the column headings of the ratings table, right
     aligned in 7, 17, 8, 7 and 14 columns. */
  fprintf (out, "%-*s %7s %17s %8s %7s %14s\n", (int) width + 4, "", "Elo",
           "95%", _ ("games"), _ ("score"), _ ("kept the win"));
  for (i = 0; i < t->n; i++)
    {
      g_autoptr (GString) spec = g_string_new (NULL);
      g_autofree char *elo = describe (r[i].elo);
      g_autofree char *low = describe (r[i].low);
      g_autofree char *high = describe (r[i].high);
      g_autofree char *interval = g_strdup_printf ("[%s, %s]", low, high);
      g_autofree char *kept = NULL;
      guint64 games = 0;

      for (j = 0; j < t->n; j++)
        games += t->wins[i * t->n + j] + t->wins[j * t->n + i];
      kept = t->tallies[i].won_positions > 0 ? g_strdup_printf (
                 "%.1f%%", 100.0
                               * ratio ((double) t->tallies[i].kept,
                                        (double) t->tallies[i].won_positions))
                                             : g_strdup ("-");
      nim_string_append_padded (spec, t->specs[i], width, TRUE);
      fprintf (out, "%2u  %s %7s %17s %8llu %6.1f%% %14s\n", i + 1, spec->str,
               elo, interval, (unsigned long long) games,
               100.0 * ratio ((double) t->tallies[i].wins, (double) games),
               kept);
    }
  fprintf (out,
           g_dngettext (GETTEXT_PACKAGE, "Wall time: %.2f s, %u job\n",
                        "Wall time: %.2f s, %u jobs\n", t->jobs),
           t->seconds, t->jobs);
}

static void
add_double_or_null (JsonBuilder *b, const char *name, double v)
{
  json_builder_set_member_name (b, name);
  if (isfinite (v))
    json_builder_add_double_value (b, v + 0.0);
  else
    json_builder_add_null_value (b);
}

static void
add_int (JsonBuilder *b, const char *name, gint64 v)
{
  json_builder_set_member_name (b, name);
  json_builder_add_int_value (b, v);
}

static JsonNode *
summary_to_json (const Tournament *t, const NimMatchConfig *base,
                 const NimRating *r)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  guint i, j;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "tournament");
  json_builder_add_string_value (b, t->kind);
  add_int (b, "games", (gint64) t->games);
  add_int (b, "games_requested", (gint64) t->requested);
  add_int (b, "games_per_pairing", (gint64) base->games);
  json_builder_set_member_name (b, "interrupted");
  json_builder_add_boolean_value (b, t->interrupted);
  json_builder_set_member_name (b, "rules");
  json_builder_add_value (b, nim_record_rules (&base->rules));
  add_int (b, "seed", base->seed);
  json_builder_set_member_name (b, "players");
  json_builder_begin_array (b);
  for (i = 0; i < t->n; i++)
    {
      guint64 games = 0;

      for (j = 0; j < t->n; j++)
        games += t->wins[i * t->n + j] + t->wins[j * t->n + i];
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "spec");
      json_builder_add_string_value (b, t->specs[i]);
      add_double_or_null (b, "elo", r[i].elo);
      add_double_or_null (b, "elo_low", r[i].low);
      add_double_or_null (b, "elo_high", r[i].high);
      add_int (b, "games", (gint64) games);
      add_int (b, "wins", (gint64) t->tallies[i].wins);
      add_int (b, "won_positions", (gint64) t->tallies[i].won_positions);
      add_int (b, "kept_win", (gint64) t->tallies[i].kept);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_set_member_name (b, "crosstable");
  json_builder_begin_array (b);
  for (i = 0; i < t->n; i++)
    {
      json_builder_begin_array (b);
      for (j = 0; j < t->n; j++)
        json_builder_add_int_value (b, (gint64) t->wins[i * t->n + j]);
      json_builder_end_array (b);
    }
  json_builder_end_array (b);
  add_double_or_null (b, "prior_wins", NIM_RATINGS_PRIOR_WINS);
  add_int (b, "jobs", t->jobs);
  json_builder_set_member_name (b, "seconds");
  json_builder_add_double_value (b, t->seconds);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/* ------------------------------------------------------------------------ */
/* Playing */

/* Adds the counts of the pairing of players @a and @b to @t. */
static void
tournament_add (Tournament *t, guint a, guint b, const NimMatchSummary *s)
{
  t->wins[a * t->n + b] += s->players[0].wins;
  t->wins[b * t->n + a] += s->players[1].wins;
  nim_match_tally_add (&t->tallies[a], &s->players[0]);
  nim_match_tally_add (&t->tallies[b], &s->players[1]);
  t->games += s->finished;
  t->seconds += s->seconds;
  t->interrupted = s->interrupted;
}

/* What the summaries are made of. */
typedef struct
{
  const Tournament *t;
  const NimMatchConfig *base;
  const NimRating *ratings;
} Result;

static void
write_text (gconstpointer data, FILE *out)
{
  const Result *r = data;

  print_summary (r->t, r->base, r->ratings, out);
}

static void
write_json (gconstpointer data, FILE *out)
{
  const Result *r = data;

  nim_record_print (summary_to_json (r->t, r->base, r->ratings), out);
}

static const NimWriter writer = { write_text, write_json };

static void
tournament_clear (Tournament *t)
{
  g_clear_pointer (&t->wins, g_free);
  g_clear_pointer (&t->tallies, g_free);
  g_clear_pointer (&t->pairs, g_free);
  g_clear_pointer (&t->ratings, g_free);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Tournament, tournament_clear)

/* Sets @t up for the tournament of @kind between @specs, each pairing
   played as @base says. */
static void
tournament_init (Tournament *t, const char *kind, char **specs,
                 const NimMatchConfig *base)
{
  guint k;

  t->kind = kind;
  t->specs = specs;
  t->n = g_strv_length (specs);
  t->jobs = base->jobs;
  t->wins = g_new0 (guint64, (gsize) t->n * t->n);
  t->tallies = g_new0 (NimMatchTally, t->n);
  t->pairs = g_new (guint, 2 * (gsize) t->n * t->n);
  t->n_pairings = pairings (t, g_str_equal (kind, "gauntlet"), t->pairs);
  t->requested = base->games * t->n_pairings;
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

  config.specs[0] = t->specs[t->pairs[2 * k]];
  config.specs[1] = t->specs[t->pairs[2 * k + 1]];
  config.first_game = base->games * k;
  return config;
}

/* The ratings of what @t counted, and the summary in @output. */
static void
write_summary (Tournament *t, const NimMatchConfig *base,
               const NimOutput *output, gboolean partial)
{
  Result r = { t, base, NULL };

  t->ratings = g_new0 (NimRating, t->n);
  nim_ratings_estimate (t->n, t->wins, t->ratings);
  r.ratings = t->ratings;
  if (partial)
    nim_output_write_partial (output, &writer, &r);
  else
    nim_output_write (output, &writer, &r);
}

/* Plays pairing @k into @t; FALSE with @error set when it failed. */
static gboolean
play_pairing (const NimRunOptions *options, const NimMatchConfig *config,
              NimRunSetup *setup, Tournament *t, guint k, GError **error)
{
  g_autoptr (NimMatch) match = nim_match_new (config, error);
  g_autoptr (NimMatchReport) report = NULL;
  const NimMatchSummary *s;
  gboolean ok;

  if (match == NULL || !nim_run_resume (options, setup, match, error))
    return FALSE;
  t->resumed_before = t->resumed;
  t->resumed += nim_match_get_summary (match)->finished;
  report = nim_match_report_new (config, options->results, !options->quiet,
                                 error);
  if (report == NULL)
    return FALSE;
  nim_match_report_set_run (report, setup->id, setup->header);
  /* A resumed run keeps its header only when the file lost it. */
  if (setup->resume && !nim_match_report_write_header (report, error))
    return FALSE;
  nim_match_report_set_resumed (report,
                                nim_match_get_summary (match)->finished);
  nim_match_report_set_pairing (report, k + 1, t->n_pairings, t->games,
                                t->resumed_before, t->to_play, t->seconds);
  ok = nim_match_run (match, &nim_match_report_callbacks, report, error);
  nim_match_report_end_progress (report);
  /* The header once, with the tournament's first record. */
  if (nim_match_report_wrote_header (report))
    g_clear_pointer (&setup->header, g_free);
  s = nim_match_get_summary (match);
  tournament_add (t, t->pairs[2 * k], t->pairs[2 * k + 1], s);
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
  g_auto (NimRunSetup) setup = { NULL, NULL, FALSE };
  gboolean ok = TRUE;
  guint k, j;

  tournament_init (&t, run->tournament, (char **) run->players, &run->match);
  /* The whole tournament is one run: its first pairing's games are
     numbered from 1, its parameters name every player. */
  if (!nim_run_setup (run, options, &setup, &error))
    return nim_exit_fail (error, error->code == NIM_ERROR_USAGE);
  /* Every player plays these rules and positions: found out before the
     first game, not after some pairings were played. */
  for (k = 0; k < t.n; k++)
    {
      NimMatchConfig config = run->match;
      g_autoptr (NimMatch) check = NULL;

      config.specs[0] = t.specs[k];
      config.specs[1] = t.specs[k == 0 ? 1 : 0];
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
  for (k = 0; k < t.n_pairings && ok && !t.interrupted; k++)
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
  if (t.interrupted)
    {
      fprintf (stderr,
               g_dngettext (GETTEXT_PACKAGE,
                            "nim: interrupted after %llu finished game\n",
                            "nim: interrupted after %llu finished games\n",
                            t.games),
               (unsigned long long) t.games);
      return NIM_EXIT_INTERRUPTED;
    }
  return NIM_EXIT_OK;
}

static void
count_game (gpointer data, guint64 number, const NimMatchTally tallies[2])
{
  nim_match_add_finished (data, number, tallies);
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
  guint i, k;

  tournament_init (&t, run->tournament, (char **) run->players, &run->match);
  t.jobs = 1;
  for (k = 0; k < t.n_pairings; k++)
    {
      NimMatchConfig config = pairing_config (&t, &run->match, k);
      g_autoptr (NimMatch) counter = nim_match_new_counter (&config);

      for (i = 0; files[i] != NULL; i++)
        if (!nim_run_file_each_game (files[i], ids, count_game, counter,
                                     &error))
          return nim_exit_fail (error, FALSE);
      tournament_add (&t, t.pairs[2 * k], t.pairs[2 * k + 1],
                      nim_match_get_summary (counter));
    }
  write_summary (&t, &run->match, output, FALSE);
  return NIM_EXIT_OK;
}
