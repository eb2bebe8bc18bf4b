/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-cli-match.c -- nim --games N: a comparison run of two computer
   players, its options checked and its summary shown */

#include "config.h"

#include "nim-cli-private.h"

#include "nim-i18n.h"
#include "nim-match.h"
#include "nim-match-report.h"
#include "nim-record.h"
#include "nim-util.h"

#include <stdio.h>
#include <string.h>

/* COUNT[:MAX] of --random-heaps. */
static gboolean
parse_random_heaps (const char *text, NimMatchConfig *config, GError **error)
{
  return nim_cli_parse_random_heaps (text, &config->random_count,
                                     &config->random_max, error);
}

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
      g_autoptr (NimPlayer) p = nim_cli_player_new (config->specs[i], error);

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
  return TRUE;
}

/* --games N and --jobs J: how many games, and how many at once. */
static gboolean
parse_counts (const NimCliOptions *o, NimMatchConfig *config, GError **error)
{
  guint64 v;

  if (!nim_parse_uint (o->games, 2, NIM_MATCH_MAX_GAMES, "--games", &v, error))
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
  config->affinity = o->affinity;
  config->jobs = 1;
  if (o->jobs != NULL)
    {
      if (!nim_parse_uint (o->jobs, 1, NIM_MATCH_MAX_JOBS, "--jobs", &v,
                           error))
        return FALSE;
      config->jobs = (guint) v;
    }
  return TRUE;
}

/* What a config points to, owned by the runner: the position suite. */
typedef struct
{
  GArray *boards;
  GArray *first_movers;
} Suite;

static void
suite_clear (Suite *suite)
{
  g_clear_pointer (&suite->boards, g_array_unref);
  g_clear_pointer (&suite->first_movers, g_array_unref);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (Suite, suite_clear)

/* --positions FILE, --order and --start. */
static gboolean
parse_positions (const NimCliOptions *o, NimMatchConfig *config, Suite *suite,
                 GError **error)
{
  guint64 v;

  if (o->positions == NULL)
    {
      if (o->order != NULL || o->start != NULL)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("%s orders the --positions of a file; give "
                          "--positions FILE"),
                       o->order != NULL ? "--order" : "--start");
          return FALSE;
        }
      return TRUE;
    }
  if (o->heaps != NULL || o->random_heaps != NULL)
    return nim_cli_check_conflicts (
        "--positions",
        (const char *const[]){ "--heaps", "--random-heaps", NULL },
        (const gboolean[]){ o->heaps != NULL, o->random_heaps != NULL },
        error);
  if (!nim_cli_read_positions (o->positions, &suite->boards,
                               &suite->first_movers, error))
    return FALSE;
  config->positions = (const NimBoard *) suite->boards->data;
  config->first_movers = (const guint *) suite->first_movers->data;
  config->n_positions = suite->boards->len;
  config->positions_label = o->positions;
  if (o->order != NULL)
    {
      if (g_str_equal (o->order, "random"))
        config->random_order = TRUE;
      else if (!g_str_equal (o->order, "sequential"))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--order: '%s' is not an order; give sequential "
                          "or random"),
                       o->order);
          return FALSE;
        }
    }
  if (o->start != NULL)
    {
      if (!nim_parse_uint (o->start, 1, config->n_positions, "--start", &v,
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
  fprintf (stderr,
           _ ("nim: warning: both players are deterministic, and %llu "
              "pairs play %llu positions: every pair after the first "
              "%llu replays games already played (use --random-heaps, "
              "more --positions or fewer --games)\n"),
           (unsigned long long) pairs, (unsigned long long) distinct,
           (unsigned long long) distinct);
}

/* The run that --games and the options with it ask for. */
static gboolean
match_config (const NimCliOptions *o, const NimRules *rules,
              NimMatchConfig *config, Suite *suite, GError **error)
{
  guint64 seed;
  const char *strongest = nim_player_class_strongest ()->name;

  /* dispatch() has refused the options of other modes; these two are
     both --games options but name one thing. */
  if (o->heaps != NULL && o->random_heaps != NULL
      && !nim_cli_check_conflicts (
          "--random-heaps",
          (const char *const[]){ _ ("--heaps (give one or the other)"), NULL },
          (const gboolean[]){ TRUE }, error))
    return FALSE;
  config->rules = *rules;
  if (!parse_counts (o, config, error))
    return FALSE;
  if (o->random_heaps != NULL
      && !parse_random_heaps (o->random_heaps, config, error))
    return FALSE;
  if (!parse_positions (o, config, suite, error))
    return FALSE;
  if (o->per_position && (o->random_heaps != NULL || o->tournament != NULL))
    return nim_cli_check_conflicts (
        "--per-position",
        (const char *const[]){
            _ ("--random-heaps (every pair has a position of its own; "
               "give --positions FILE)"),
            "--tournament", NULL },
        (const gboolean[]){ o->random_heaps != NULL, o->tournament != NULL },
        error);
  if (o->random_heaps == NULL
      && !nim_cli_parse_heaps (o, &config->start, error))
    return FALSE;
  if (!nim_cli_parse_seed (o, &seed, error))
    return FALSE;
  config->seed = (guint32) seed;
  if (!nim_cli_parse_shard (o, config, error))
    return FALSE;
  if (o->sprt != NULL)
    {
      if (!nim_cli_parse_sprt (o->sprt, &config->sprt, error))
        return FALSE;
      config->sprt_enabled = TRUE;
    }
  config->specs[0] = o->player1 ? o->player1 : strongest;
  config->specs[1] = o->player2 ? o->player2 : strongest;
  if (o->tc != NULL
      && !nim_cli_parse_tc (o->tc, &config->tc_seconds, &config->tc_increment,
                            error))
    return FALSE;
  return check_match (config, error);
}

G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (NimCliRunSetup, nim_cli_run_setup_clear)

/* --resume: how many games the results file had. */
static void
report_resumed (const NimCliOptions *o, guint64 n)
{
  if (!o->resume || o->quiet)
    return;
  fprintf (stderr,
           g_dngettext (GETTEXT_PACKAGE,
                        "nim: resuming: %llu finished game of this run is in "
                        "%s, counted and not played again\n",
                        "nim: resuming: %llu finished games of this run are "
                        "in %s, counted and not played again\n",
                        n),
           (unsigned long long) n, o->results);
}

/* After Ctrl-C: how many games finished, and where they are. */
static void
report_interrupted (const NimCliOptions *o, guint64 n)
{
  fprintf (stderr,
           o->results ? g_dngettext (GETTEXT_PACKAGE,
                                     "nim: interrupted after %llu "
                                     "finished games; each is in the "
                                     "results file\n",
                                     "nim: interrupted after %llu "
                                     "finished games; each is in the "
                                     "results file\n",
                                     n)
                      : g_dngettext (GETTEXT_PACKAGE,
                                     "nim: interrupted after %llu "
                                     "finished games\n",
                                     "nim: interrupted after %llu "
                                     "finished games\n",
                                     n),
           (unsigned long long) n);
}

/* nim --games N: a comparison run, its games written to --results as
   they finish and its summary printed at the end (on standard error as
   well when a game failed). */
int
nim_cli_run_match (const NimCliOptions *o, const NimRules *rules)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimMatch) match = NULL;
  g_autoptr (NimMatchReport) report = NULL;
  const NimMatchSummary *summary;
  NimMatchConfig config = { 0 };
  g_auto (Suite) suite = { NULL, NULL };
  g_auto (NimCliRunSetup) setup = { NULL, NULL, NULL, FALSE };
  gboolean ok;

  if (!nim_cli_check_tournament (o, &error)
      || !match_config (o, rules, &config, &suite, &error))
    return nim_cli_fail (error, TRUE);
  if (o->tournament != NULL)
    return nim_cli_run_tournament (o, &config);
  if (!nim_cli_run_setup (o, &config, NULL, NULL, &setup, &error))
    return nim_cli_fail (error, error->code == NIM_ERROR_USAGE);
  if (!o->quiet)
    warn_replays (&config);
  match = nim_match_new (&config, &error);
  if (match == NULL)
    return nim_cli_fail (error, error->code == NIM_ERROR_USAGE);
  if (!nim_cli_run_resume (o, &setup, match, &error))
    return nim_cli_fail (error, FALSE);
  report_resumed (o, nim_match_get_summary (match)->finished);
  report = nim_match_report_new (&config, o->results, !o->quiet, &error);
  if (report == NULL)
    return nim_cli_fail (error, FALSE);
  nim_match_report_set_run (report, setup.id, setup.header);
  nim_match_report_set_resumed (report,
                                nim_match_get_summary (match)->finished);
  ok = nim_match_run (match, &nim_match_report_callbacks, report, &error);
  nim_match_report_end_progress (report);
  summary = nim_match_get_summary (match);
  if (!ok)
    {
      /* The games that did finish are still worth their summary. */
      if (!o->json) /* --json: the error alone, no text summary */
        nim_match_report_print_summary (&config, summary, stderr);
      return nim_cli_fail (error, FALSE);
    }
  if (o->json)
    {
      JsonNode *json = nim_match_report_summary_to_json (&config, summary);

      if (o->per_position)
        nim_match_report_add_per_position (json, &config, summary);
      nim_record_print (json, stdout);
    }
  else
    {
      nim_match_report_print_summary (&config, summary, stdout);
      if (o->per_position)
        nim_match_report_print_per_position (&config, summary, stdout);
    }
  if (summary->interrupted)
    {
      report_interrupted (o, summary->finished);
      return NIM_EXIT_INTERRUPTED;
    }
  return NIM_EXIT_OK;
}
