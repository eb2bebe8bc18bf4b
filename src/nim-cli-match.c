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

/* COUNT[:MAX] of --random-heaps. */
static gboolean
parse_random_heaps (const char *text, NimMatchConfig *config, GError **error)
{
  g_auto (GStrv) parts = g_strsplit (text, ":", 2);
  guint64 v;

  if (!nim_parse_uint (parts[0], 1, NIM_MAX_HEAPS, "--random-heaps COUNT", &v,
                       error))
    return FALSE;
  config->random_count = (guint) v;
  config->random_max = NIM_MATCH_DEFAULT_RANDOM_MAX;
  if (parts[1] != NULL)
    {
      if (!nim_parse_uint (parts[1], 1, NIM_MATCH_MAX_MATCHES,
                           "--random-heaps MAX", &v, error))
        return FALSE;
      config->random_max = (guint32) v;
    }
  return TRUE;
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

/* The run that --games and the options with it ask for. */
static gboolean
match_config (const NimCliOptions *o, const NimRules *rules,
              NimMatchConfig *config, GError **error)
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
  if (o->random_heaps == NULL
      && !nim_cli_parse_heaps (o, &config->start, error))
    return FALSE;
  if (!nim_cli_parse_seed (o, &seed, error))
    return FALSE;
  config->seed = (guint32) seed;
  config->specs[0] = o->player1 ? o->player1 : strongest;
  config->specs[1] = o->player2 ? o->player2 : strongest;
  if (o->tc != NULL
      && !nim_cli_parse_tc (o->tc, &config->tc_seconds, &config->tc_increment,
                            error))
    return FALSE;
  return check_match (config, error);
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
  gboolean ok;

  if (!match_config (o, rules, &config, &error))
    return nim_cli_fail (error, TRUE);
  match = nim_match_new (&config, &error);
  if (match == NULL)
    return nim_cli_fail (error, error->code == NIM_ERROR_USAGE);
  report = nim_match_report_new (&config, o->results, TRUE, &error);
  if (report == NULL)
    return nim_cli_fail (error, FALSE);
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
    nim_record_print (nim_match_report_summary_to_json (&config, summary),
                      stdout);
  else
    nim_match_report_print_summary (&config, summary, stdout);
  if (summary->interrupted)
    {
      report_interrupted (o, summary->finished);
      return NIM_EXIT_INTERRUPTED;
    }
  return NIM_EXIT_OK;
}
