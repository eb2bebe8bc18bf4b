/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-shards.c -- a run cut into shards: --shard auto from a job
 * scheduler's variables, the SPRT over the shards' contiguous prefix of
 * pairs, the audit of the shards, and the distributions behind it */

#include "config.h"

#include <math.h>
#include <string.h>

#include "nim-audit.h"
#include "nim-error.h"
#include "nim-match.h"
#include "nim-run.h"
#include "nim-shard.h"
#include "nim-shards.h"
#include "nim-stats.h"
#include "nim-test.h"

/* ------------------------------------------------------------------------ */
/* --shard auto */

/* The variables --shard auto reads, none of which may leak into a test
   from the shell that runs make check (GNU parallel sets PARALLEL_SEQ). */
static const char *const scheduler_variables[]
    = { "SLURM_ARRAY_TASK_ID",   "SLURM_ARRAY_TASK_COUNT",
        "SLURM_ARRAY_TASK_MIN",  "SLURM_ARRAY_TASK_MAX",
        "SLURM_ARRAY_TASK_STEP", "JOB_COMPLETION_INDEX",
        "PARALLEL_SEQ",          "AWS_BATCH_JOB_ARRAY_INDEX" };

/* --shard @text in the environment @env ("NAME=VALUE ..."): the shard
   it resolves to as K/N, or "error: MESSAGE". */
static char *
resolve (const char *text, const char *env)
{
  g_auto (GStrv) envp = g_strsplit (env, " ", -1);
  g_autoptr (GError) error = NULL;
  g_autofree char *resolved = NULL;

  if (envp[0] != NULL && *envp[0] == '\0')
    g_clear_pointer (&envp, g_strfreev);
  if (envp == NULL)
    envp = g_new0 (char *, 1);
  if (!nim_shard_resolve (text, (const char *const *) envp, &resolved, &error))
    {
      g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
      return g_strdup_printf ("error: %s", nim_test_error_message (error));
    }
  return g_strdup (resolved != NULL ? resolved : "none");
}

static void
assert_resolves (const char *text, const char *env, const char *want)
{
  g_autofree char *got = resolve (text, env);

  if (!g_str_has_prefix (want, "error: "))
    {
      g_assert_cmpstr (got, ==, want);
      return;
    }
  g_assert_true (g_str_has_prefix (got, "error: "));
  nim_test_assert_contains (got, want + strlen ("error: "));
}

/* A Slurm job array: the task's place among MIN, MIN + STEP, ... of
   COUNT tasks; auto/N must agree with COUNT. */
static void
test_auto_slurm (void)
{
  assert_resolves ("auto",
                   "SLURM_ARRAY_TASK_ID=3 SLURM_ARRAY_TASK_COUNT=4 "
                   "SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=4",
                   "3/4");
  assert_resolves ("auto",
                   "SLURM_ARRAY_TASK_ID=0 SLURM_ARRAY_TASK_COUNT=4 "
                   "SLURM_ARRAY_TASK_MIN=0",
                   "1/4");
  assert_resolves ("auto/4",
                   "SLURM_ARRAY_TASK_ID=4 SLURM_ARRAY_TASK_COUNT=4 "
                   "SLURM_ARRAY_TASK_MIN=1",
                   "4/4");
  /* --array=10-16:2 */
  assert_resolves ("auto",
                   "SLURM_ARRAY_TASK_ID=14 SLURM_ARRAY_TASK_COUNT=4 "
                   "SLURM_ARRAY_TASK_MIN=10 SLURM_ARRAY_TASK_MAX=16 "
                   "SLURM_ARRAY_TASK_STEP=2",
                   "3/4");
  /* Without a count, auto/N gives it. */
  assert_resolves ("auto/5", "SLURM_ARRAY_TASK_ID=2 SLURM_ARRAY_TASK_MIN=1",
                   "2/5");
  assert_resolves ("auto", "SLURM_ARRAY_TASK_ID=2 SLURM_ARRAY_TASK_MIN=1",
                   "error: SLURM_ARRAY_TASK_ID (a Slurm job array) gives "
                   "this task's index but not how many tasks there are; "
                   "give that number too: --shard auto/N");
  assert_resolves ("auto/8",
                   "SLURM_ARRAY_TASK_ID=2 SLURM_ARRAY_TASK_COUNT=4 "
                   "SLURM_ARRAY_TASK_MIN=1",
                   "error: --shard auto/8: the Slurm job array has 4 tasks "
                   "(SLURM_ARRAY_TASK_COUNT); give --shard auto, or auto/4");
  /* --array=1,4,9: no place every task can work out alike. */
  assert_resolves ("auto",
                   "SLURM_ARRAY_TASK_ID=4 SLURM_ARRAY_TASK_COUNT=3 "
                   "SLURM_ARRAY_TASK_MIN=1 SLURM_ARRAY_TASK_MAX=9",
                   "error: the Slurm job array's 3 tasks are not the "
                   "indices from SLURM_ARRAY_TASK_MIN (1) to "
                   "SLURM_ARRAY_TASK_MAX (9) by SLURM_ARRAY_TASK_STEP (1); "
                   "submit a range, such as --array=1-3");
  assert_resolves ("auto",
                   "SLURM_ARRAY_TASK_ID=5 SLURM_ARRAY_TASK_COUNT=4 "
                   "SLURM_ARRAY_TASK_MIN=1",
                   "error: SLURM_ARRAY_TASK_ID is 5, which is none of the "
                   "4 shards' indices; they run from 1 to 4");
  assert_resolves ("auto",
                   "SLURM_ARRAY_TASK_ID=3 SLURM_ARRAY_TASK_COUNT=4 "
                   "SLURM_ARRAY_TASK_MIN=0 SLURM_ARRAY_TASK_STEP=2",
                   "error: SLURM_ARRAY_TASK_ID (3) is not "
                   "SLURM_ARRAY_TASK_MIN (0) plus a multiple of "
                   "SLURM_ARRAY_TASK_STEP (2)");
  assert_resolves ("auto",
                   "SLURM_ARRAY_TASK_ID=x3 SLURM_ARRAY_TASK_COUNT=4 "
                   "SLURM_ARRAY_TASK_MIN=1",
                   "error: --shard auto: SLURM_ARRAY_TASK_ID: 'x3' is not "
                   "a whole number");
  assert_resolves ("auto",
                   "SLURM_ARRAY_TASK_ID=3 SLURM_ARRAY_TASK_COUNT=0 "
                   "SLURM_ARRAY_TASK_MIN=1",
                   "error: SLURM_ARRAY_TASK_COUNT: 0 is too small");
  assert_resolves ("auto", "SLURM_ARRAY_TASK_ID=3 SLURM_ARRAY_TASK_COUNT=4",
                   "error: --shard auto: SLURM_ARRAY_TASK_ID is set but "
                   "SLURM_ARRAY_TASK_MIN is not");
}

/* Schedulers that give an index alone, from 0 or from 1: auto/N. */
static void
test_auto_index (void)
{
  assert_resolves ("auto/3", "JOB_COMPLETION_INDEX=0", "1/3");
  assert_resolves ("auto/3", "JOB_COMPLETION_INDEX=2", "3/3");
  assert_resolves ("auto/3", "JOB_COMPLETION_INDEX=3",
                   "error: JOB_COMPLETION_INDEX is 3, which is none of the "
                   "3 shards' indices; they run from 0 to 2");
  assert_resolves ("auto/3", "PARALLEL_SEQ=1", "1/3");
  assert_resolves ("auto/3", "PARALLEL_SEQ=3", "3/3");
  assert_resolves ("auto/3", "PARALLEL_SEQ=0",
                   "error: PARALLEL_SEQ is 0, which is none of the 3 "
                   "shards' indices; they run from 1 to 3");
  assert_resolves ("auto/3", "AWS_BATCH_JOB_ARRAY_INDEX=2", "3/3");
  assert_resolves ("auto/1", "AWS_BATCH_JOB_ARRAY_INDEX=0", "1/1");
  assert_resolves ("auto", "JOB_COMPLETION_INDEX=1",
                   "error: JOB_COMPLETION_INDEX (a Kubernetes Indexed Job) "
                   "gives this task's index but not how many tasks there "
                   "are; give that number too: --shard auto/N");
  assert_resolves ("auto", "PARALLEL_SEQ=1",
                   "error: PARALLEL_SEQ (GNU "
                   "parallel) gives this task's "
                   "index");
  assert_resolves ("auto", "AWS_BATCH_JOB_ARRAY_INDEX=1",
                   "error: AWS_BATCH_JOB_ARRAY_INDEX (an AWS Batch array "
                   "job) gives");
  assert_resolves ("auto/3", "PARALLEL_SEQ=-1",
                   "error: PARALLEL_SEQ: '-1' is negative");
}

/* None set (or set empty, as `X=` leaves it), several set, a bad N, and
   every other --shard left to the caller. */
static void
test_auto_refused (void)
{
  const char *none = "error: --shard auto: no job array's task index is "
                     "set; it reads SLURM_ARRAY_TASK_ID (a Slurm job array, "
                     "with SLURM_ARRAY_TASK_COUNT, SLURM_ARRAY_TASK_MIN and "
                     "SLURM_ARRAY_TASK_STEP), and with --shard auto/N "
                     "JOB_COMPLETION_INDEX (a Kubernetes Indexed Job), "
                     "PARALLEL_SEQ (GNU parallel) or "
                     "AWS_BATCH_JOB_ARRAY_INDEX (an AWS Batch array job); "
                     "elsewhere give --shard K/N";

  assert_resolves ("auto", "", none);
  assert_resolves ("auto/4", "HOME=/root", none);
  assert_resolves ("auto/4", "PARALLEL_SEQ= JOB_COMPLETION_INDEX=", none);
  assert_resolves ("auto/4", "JOB_COMPLETION_INDEX=1 PARALLEL_SEQ=2",
                   "error: --shard auto: both JOB_COMPLETION_INDEX (a "
                   "Kubernetes Indexed Job) and PARALLEL_SEQ (GNU parallel) "
                   "are set, and only one can say which shard this is; "
                   "unset one, or give --shard K/N");
  assert_resolves ("auto/0", "PARALLEL_SEQ=1",
                   "error: --shard auto/N: 0 is too small");
  assert_resolves ("auto/", "PARALLEL_SEQ=1",
                   "error: --shard auto/N: nothing given");
  assert_resolves ("auto/x", "PARALLEL_SEQ=1",
                   "error: --shard auto/N: 'x' is not a whole number");
  assert_resolves ("2/4", "PARALLEL_SEQ=1", "none");
  assert_resolves ("automatic", "PARALLEL_SEQ=1", "none");
}

/* --shard as a run reads it: auto from this process's environment. */
static void
test_auto_run (void)
{
  g_autoptr (GError) error = NULL;
  NimMatchConfig config = { 0 };
  guint i;

  g_setenv ("PARALLEL_SEQ", "2", TRUE);
  g_assert_true (nim_run_parse_shard ("auto/3", TRUE, FALSE, &config, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (config.shard, ==, 2);
  g_assert_cmpuint (config.shards, ==, 3);
  g_unsetenv ("PARALLEL_SEQ");
  g_setenv ("SLURM_ARRAY_TASK_ID", "7", TRUE);
  g_setenv ("SLURM_ARRAY_TASK_MIN", "4", TRUE);
  g_setenv ("SLURM_ARRAY_TASK_COUNT", "5", TRUE);
  g_assert_true (nim_run_parse_shard ("auto", TRUE, FALSE, &config, &error));
  g_assert_no_error (error);
  g_assert_cmpuint (config.shard, ==, 4);
  g_assert_cmpuint (config.shards, ==, 5);
  /* The shard still needs the seed every shard shares. */
  g_assert_false (nim_run_parse_shard ("auto", FALSE, FALSE, &config, &error));
  nim_test_assert_contains (nim_test_error_message (error), "--seed");
  g_clear_error (&error);
  for (i = 0; i < G_N_ELEMENTS (scheduler_variables); i++)
    g_unsetenv (scheduler_variables[i]);
  g_assert_false (nim_run_parse_shard ("auto", TRUE, FALSE, &config, &error));
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  g_clear_error (&error);
  g_assert_true (nim_run_parse_shard ("2/7", TRUE, FALSE, &config, &error));
  g_assert_cmpuint (config.shard, ==, 2);
  g_assert_cmpuint (config.shards, ==, 7);
}

/* ------------------------------------------------------------------------ */
/* Which shard plays a pair */

/* nim_shards_pair_shard () is the rule a run plays its shard by. */
static void
test_pair_shard (void)
{
  NimMatchConfig config = { 0 };
  guint n, k;
  guint64 pair;

  config.games = 200;
  for (n = 1; n <= 7; n++)
    for (pair = 1; pair <= 100; pair++)
      for (k = 1; k <= n; k++)
        {
          config.shard = k;
          config.shards = n;
          g_assert_cmpint (
              nim_match_config_plays_game (&config, 2 * (pair - 1)), ==,
              nim_shards_pair_shard (pair, n) == k);
          g_assert_cmpint (
              nim_match_config_plays_game (&config, 2 * (pair - 1) + 1), ==,
              nim_shards_pair_shard (pair, n) == k);
        }
}

/* ------------------------------------------------------------------------ */
/* The SPRT over the contiguous prefix */

typedef struct
{
  GMutex lock;
  GArray *games; /* PlayedGame, in the order they finished */
} Played;

typedef struct
{
  guint64 number;
  NimMatchTally tallies[2];
} PlayedGame;

static gboolean
keep_game (gpointer data, const NimMatchGame *game, GError **error)
{
  Played *p = data;
  PlayedGame g;

  g.number = game->number;
  memcpy (g.tallies, game->tallies, sizeof g.tallies);
  g_mutex_lock (&p->lock);
  g_array_append_val (p->games, g);
  g_mutex_unlock (&p->lock);
  return TRUE;
}

/* Plays @config on one job; its games in the order they finished, and
   its summary to *@summary. */
static GArray *
play (const NimMatchConfig *config, NimMatchSummary *summary)
{
  static const NimMatchCallbacks callbacks = { .game_finished = keep_game };
  g_autoptr (GError) error = NULL;
  g_autoptr (NimMatch) match = NULL;
  Played p;

  g_mutex_init (&p.lock);
  p.games = g_array_new (FALSE, FALSE, sizeof (PlayedGame));
  match = nim_match_new (config, &error);
  g_assert_no_error (error);
  if (match == NULL)
    return p.games;
  g_assert_true (nim_match_run (match, &callbacks, &p, &error));
  g_assert_no_error (error);
  if (summary != NULL)
    {
      *summary = *nim_match_get_summary (match);
      summary->per_position = NULL;
    }
  g_mutex_clear (&p.lock);
  return p.games;
}

/* The run: @spec1 against @spec2 on 3 random heaps of at most 9,
   elo0=0, elo1=20. */
static void
sprt_config (NimMatchConfig *config, const char *spec1, const char *spec2,
             guint32 seed, guint64 games)
{
  memset (config, 0, sizeof *config);
  nim_rules_init (&config->rules);
  config->random_count = 3;
  config->random_max = 9;
  config->specs[0] = spec1;
  config->specs[1] = spec2;
  config->games = games;
  config->jobs = 1;
  config->seed = seed;
  config->sprt_enabled = TRUE;
  config->sprt.elo0 = 0;
  config->sprt.elo1 = 20;
  config->sprt.alpha = 0.05;
  config->sprt.beta = 0.05;
}

static guint64
pairs_of_counts (const guint64 counts[3])
{
  return counts[0] + counts[1] + counts[2];
}

/* For several seeds, players and shard counts: one machine's run (one
   job, which stops at the first crossing) and the same run played as
   shards, each of which plays all its pairs; the SPRT over the shards'
   prefix, their games added shard after shard and again interleaved,
   decides as the machine did, after as many pairs, with the same LLR. */
static void
test_sprt_one_machine (void)
{
  static const struct
  {
    const char *spec1, *spec2;
    guint32 seed;
    guint shards;
  } runs[] = {
    { "negamax:depth=2", "random", 3, 3 },
    { "negamax:depth=2", "random", 4, 2 },
    { "negamax:depth=2", "random", 11, 4 },
    { "random", "negamax:depth=2", 5, 3 },
    { "random", "negamax:depth=1", 6, 5 },
    { "negamax:depth=1", "negamax:depth=2", 7, 3 },
    { "random", "random", 8, 3 },
  };
  guint64 games = nim_test_light () ? 120 : 400;
  guint r, k, i;
  guint decided = 0, undecided = 0;

  for (r = 0; r < G_N_ELEMENTS (runs); r++)
    {
      NimMatchConfig config;
      NimMatchSummary one;
      g_autoptr (GArray) one_games = NULL;
      g_autoptr (GPtrArray) shard_games
          = g_ptr_array_new_with_free_func ((GDestroyNotify) g_array_unref);
      g_autoptr (NimSprtPrefix) prefix = NULL;
      g_autoptr (NimSprtPrefix) mixed = NULL;
      NimSprtPrefixState state, state2;
      guint64 one_pairs;

      sprt_config (&config, runs[r].spec1, runs[r].spec2, runs[r].seed, games);
      one_games = play (&config, &one);
      one_pairs = pairs_of_counts (one.pair_counts);
      for (k = 1; k <= runs[r].shards; k++)
        {
          config.shard = k;
          config.shards = runs[r].shards;
          g_ptr_array_add (shard_games, play (&config, NULL));
        }

      prefix = nim_sprt_prefix_new (&config.sprt, games / 2, runs[r].shards);
      for (k = 0; k < shard_games->len; k++)
        {
          GArray *g = shard_games->pdata[k];

          for (i = 0; i < g->len; i++)
            {
              const PlayedGame *pg = &g_array_index (g, PlayedGame, i);

              g_assert_true (nim_sprt_prefix_add_game (
                  prefix, pg->number, pg->tallies[0].wins > 0 ? 1 : 2));
            }
        }
      nim_sprt_prefix_get (prefix, &state);
      g_test_message ("%s against %s, seed %u, %u shards: one machine %s "
                      "after %" G_GUINT64_FORMAT " pairs, the shards' "
                      "prefix %s after %" G_GUINT64_FORMAT,
                      runs[r].spec1, runs[r].spec2, runs[r].seed,
                      runs[r].shards, nim_sprt_decision_name (one.decision),
                      one_pairs, nim_sprt_decision_name (state.decision),
                      state.decided_pairs);
      g_assert_cmpint (state.decision, ==, one.decision);
      g_assert_cmpuint (state.prefix, ==, games / 2);
      g_assert_cmpuint (state.first_missing, ==, 0);
      g_assert_cmpuint (state.missing, ==, 0);
      if (one.decision != NIM_SPRT_NONE)
        {
          decided++;
          g_assert_cmpuint (state.decided_pairs, ==, one_pairs);
          for (i = 0; i < 3; i++)
            g_assert_cmpuint (state.decided_counts[i], ==, one.pair_counts[i]);
          g_assert_cmpfloat (state.decided_llr, ==, one.llr);
        }
      else
        {
          undecided++;
          g_assert_cmpuint (state.decided_pairs, ==, 0);
          g_assert_cmpfloat (state.prefix_llr, ==, one.llr);
        }

      /* The order the games arrive in does not matter: one from each
         shard in turn, the last shard first. */
      mixed = nim_sprt_prefix_new (&config.sprt, games / 2, runs[r].shards);
      for (i = 0; i < games; i++)
        for (k = shard_games->len; k-- > 0;)
          {
            GArray *g = shard_games->pdata[k];

            if (i < g->len)
              {
                const PlayedGame *pg = &g_array_index (g, PlayedGame, i);

                nim_sprt_prefix_add_game (mixed, pg->number,
                                          pg->tallies[0].wins > 0 ? 1 : 2);
              }
          }
      nim_sprt_prefix_get (mixed, &state2);
      g_assert_cmpint (state2.decision, ==, state.decision);
      g_assert_cmpuint (state2.decided_pairs, ==, state.decided_pairs);
      g_assert_cmpfloat (state2.decided_llr, ==, state.decided_llr);
    }
  /* The runs above cover both outcomes. */
  g_assert_cmpuint (decided, >=, 4);
  g_assert_cmpuint (undecided, >=, 1);
}

/* Random pair results, one a pair, the SPRT run on them in pair order
   by hand; then the same pairs added in a scrambled order, one shard
   missing a pair: undecided until it comes, the missing pair and its
   shard named. */
static void
test_sprt_missing (void)
{
  NimSprt sprt = { 0, 10, 0.05, 0.05, NIM_SPRT_LOGISTIC };
  const guint64 n = 600;
  const guint shards = 4;
  g_autoptr (GRand) rand = g_rand_new_with_seed (17);
  g_autofree guint *results = g_new (guint, n + 1);
  g_autoptr (NimSprtPrefix) prefix = NULL;
  NimSprtPrefixState state;
  guint64 counts[3] = { 0 }, pair, decided_at = 0, hole = 0;
  NimSprtDecision decision = NIM_SPRT_NONE;
  guint k;

  for (pair = 1; pair <= n; pair++)
    {
      double u = g_rand_double (rand);

      results[pair] = u < 0.4 ? 0 : u < 0.75 ? 1 : 2;
      counts[results[pair]]++;
      if (decision == NIM_SPRT_NONE)
        {
          decision = nim_sprt_decide (&sprt, nim_sprt_llr (&sprt, counts));
          if (decision != NIM_SPRT_NONE)
            decided_at = pair;
        }
    }
  g_assert_cmpint (decision, !=, NIM_SPRT_NONE);
  g_assert_cmpuint (decided_at, >, 8);

  /* Shard 3's pairs after its first pair before the decision are
     missing for a while: pair `hole`. */
  for (pair = decided_at - 1; nim_shards_pair_shard (pair, shards) != 3;
       pair--)
    ;
  hole = pair;
  prefix = nim_sprt_prefix_new (&sprt, n, shards);
  for (k = shards; k >= 1; k--)
    for (pair = k; pair <= n; pair += shards)
      if (pair != hole)
        g_assert_true (nim_sprt_prefix_add_pair (prefix, pair, results[pair]));
  nim_sprt_prefix_get (prefix, &state);
  g_assert_cmpint (state.decision, ==, NIM_SPRT_NONE);
  g_assert_cmpuint (state.prefix, ==, hole - 1);
  g_assert_cmpuint (state.first_missing, ==, hole);
  g_assert_cmpuint (state.first_missing_shard, ==, 3);
  g_assert_cmpuint (state.held, ==, n - 1);
  g_assert_cmpuint (state.highest, ==, n);
  g_assert_cmpuint (state.gaps, ==, 1);
  g_assert_cmpuint (state.missing, ==, 1);
  /* Its two games, the first twice and one outside the run. */
  g_assert_true (nim_sprt_prefix_add_game (prefix, 2 * hole - 1,
                                           results[hole] == 2 ? 2 : 1));
  g_assert_false (nim_sprt_prefix_add_game (prefix, 2 * hole - 1, 1));
  g_assert_false (nim_sprt_prefix_add_game (prefix, 2 * n + 1, 1));
  g_assert_false (nim_sprt_prefix_add_pair (prefix, hole, 0));
  nim_sprt_prefix_get (prefix, &state);
  g_assert_cmpint (state.decision, ==, NIM_SPRT_NONE);
  g_assert_true (
      nim_sprt_prefix_add_game (prefix, 2 * hole, results[hole] == 0 ? 1 : 2));
  nim_sprt_prefix_get (prefix, &state);
  g_assert_cmpint (state.decision, ==, decision);
  g_assert_cmpuint (state.decided_pairs, ==, decided_at);
  g_assert_cmpuint (state.prefix, ==, n);
  g_assert_cmpuint (state.first_missing, ==, 0);
  g_assert_cmpuint (state.first_missing_shard, ==, 0);
  g_assert_cmpuint (state.missing, ==, 0);
  g_assert_cmpint (nim_sprt_prefix_decision (prefix), ==, decision);
  /* Every pair is counted once. */
  g_assert_false (nim_sprt_prefix_add_pair (prefix, 1, 0));
  g_assert_false (nim_sprt_prefix_add_game (prefix, 1, 1));
  g_assert_false (nim_sprt_prefix_add_pair (prefix, n + 1, 0));
  g_assert_false (nim_sprt_prefix_add_pair (prefix, 0, 0));
}

/* A shard that died after its first pairs: the others' pairs wait, the
   test is undecided, and the missing pairs are counted. */
static void
test_sprt_dead_shard (void)
{
  NimSprt sprt = { 0, 20, 0.05, 0.05, NIM_SPRT_LOGISTIC };
  g_autoptr (NimSprtPrefix) prefix = nim_sprt_prefix_new (&sprt, 100, 3);
  NimSprtPrefixState state;
  guint64 pair;

  for (pair = 1; pair <= 100; pair++)
    if (nim_shards_pair_shard (pair, 3) != 2 || pair < 8)
      nim_sprt_prefix_add_pair (prefix, pair, 0);
  nim_sprt_prefix_get (prefix, &state);
  g_assert_cmpint (state.decision, ==, NIM_SPRT_NONE);
  g_assert_cmpuint (state.prefix, ==, 7);
  g_assert_cmpuint (state.first_missing, ==, 8);
  g_assert_cmpuint (state.first_missing_shard, ==, 2);
  /* Shard 2 plays 2, 5, ..., 98: 33 pairs, of which it played 2. */
  g_assert_cmpuint (state.missing, ==, 31);
  g_assert_cmpuint (state.gaps, ==, 31);
  g_assert_cmpuint (state.highest, ==, 100);
  g_assert_cmpuint (state.prefix_counts[0], ==, 7);
  g_assert_cmpfloat (state.prefix_llr, >, 0);
}

/* ------------------------------------------------------------------------ */
/* The audit */

/* A shard's pairs drawn with chances @p (2-0, 1-1, 0-2), as games. */
static void
add_simulated (NimAudit *audit, GRand *rand, guint shard, guint shards,
               guint64 pairs, const double p[3])
{
  guint64 i, pair;

  for (i = 0, pair = shard; i < pairs; i++, pair += shards)
    {
      double u = g_rand_double (rand);
      guint result = u < p[0] ? 0 : u < p[0] + p[1] ? 1 : 2;
      NimMatchTally t[2][2] = { { { 0 } } };
      guint g;

      /* 1-1: player 1 wins the first game or the second, by turns. */
      for (g = 0; g < 2; g++)
        {
          gboolean p1
              = result == 0 || (result == 1 && g == (guint) (pair % 2));

          t[g][p1 ? 0 : 1].wins = 1;
          g_assert_true (
              nim_audit_add_game (audit, shard, 2 * pair - 1 + g, t[g]));
        }
    }
}

/* Simulated shards alike, and one of them handicapped. */
static void
test_audit_simulated (void)
{
  static const double even[3] = { 0.35, 0.40, 0.25 };
  static const double weak[3] = { 0.20, 0.40, 0.40 };
  guint seed, k, false_alarms = 0, detected = 0;

  for (seed = 1; seed <= 20; seed++)
    {
      g_autoptr (GRand) rand = g_rand_new_with_seed (seed);
      g_autoptr (NimAudit) fair = nim_audit_new (4);
      g_autoptr (NimAudit) handicapped = nim_audit_new (4);
      g_autoptr (NimAuditReport) a = NULL;
      g_autoptr (NimAuditReport) b = NULL;

      for (k = 1; k <= 4; k++)
        {
          add_simulated (fair, rand, k, 4, 400, even);
          add_simulated (handicapped, rand, k, 4, 400, k == 3 ? weak : even);
        }
      a = nim_audit_run (fair);
      b = nim_audit_run (handicapped);
      g_assert_cmpuint (a->tested, ==, 4);
      g_assert_cmpuint (a->columns, ==, 3);
      g_assert_cmpuint (a->dof, ==, 6);
      false_alarms += a->n_suspects;
      g_assert_cmpuint (a->n_suspects, ==, 0);
      g_assert_cmpuint (b->n_suspects, ==, 1);
      if (b->n_suspects == 1)
        {
          g_autofree char *why = nim_audit_describe (b, b->suspects[0]);
          g_autofree char *label = nim_audit_shard_label (b->suspects[0], 4);

          g_assert_cmpuint (b->suspects[0], ==, 3);
          g_assert_cmpstr (label, ==, "3/4");
          g_assert_cmpuint (b->shards[2].flaws, ==, NIM_AUDIT_RESULTS);
          nim_test_assert_contains (why, "its pair results are unlike the "
                                         "other shards' (residual");
          detected++;
        }
      g_assert_null (nim_audit_describe (b, 1));
      g_assert_cmpfloat (b->p, <, NIM_AUDIT_P);
      g_assert_cmpfloat (b->shards[2].residual, >, b->z_threshold);
    }
  g_test_message ("20 runs: %u false alarms, %u of 20 handicaps found",
                  false_alarms, detected);
}

/* Plays @config's shard @k of @n and adds its games to @audit, with
   player 1 @spec1 in that shard. */
static void
play_shard_into (NimAudit *audit, NimMatchConfig *config, guint k, guint n,
                 const char *spec1)
{
  g_autoptr (GArray) games = NULL;
  const char *kept = config->specs[0];
  guint i;

  config->shard = k;
  config->shards = n;
  config->specs[0] = spec1;
  games = play (config, NULL);
  config->specs[0] = kept;
  for (i = 0; i < games->len; i++)
    {
      const PlayedGame *g = &g_array_index (games, PlayedGame, i);

      g_assert_true (nim_audit_add_game (audit, k, g->number, g->tallies));
    }
}

/* Real shards of a run: alike, they fit; shard 2 played with a weaker
   player 1 (the same command on a machine that handicaps its engine)
   is named, and only it. */
static void
test_audit_real_shards (void)
{
  NimMatchConfig config;
  g_autoptr (NimAudit) fair = nim_audit_new (3);
  g_autoptr (NimAudit) handicapped = nim_audit_new (3);
  g_autoptr (NimAuditReport) a = NULL;
  g_autoptr (NimAuditReport) b = NULL;
  guint k;

  sprt_config (&config, "negamax:depth=2", "negamax:depth=1", 9,
               nim_test_light () ? 300 : 600);
  config.sprt_enabled = FALSE;
  config.random_count = 4;
  config.random_max = 12;
  for (k = 1; k <= 3; k++)
    {
      play_shard_into (fair, &config, k, 3, "negamax:depth=2");
      play_shard_into (handicapped, &config, k, 3,
                       k == 2 ? "random" : "negamax:depth=2");
    }
  a = nim_audit_run (fair);
  b = nim_audit_run (handicapped);
  g_test_message ("alike: chi2 %g, p %g; handicapped: chi2 %g, p %g, "
                  "residuals %.1f %.1f %.1f",
                  a->chi2, a->p, b->chi2, b->p, b->shards[0].residual,
                  b->shards[1].residual, b->shards[2].residual);
  g_assert_cmpuint (a->tested, ==, 3);
  g_assert_cmpuint (a->n_suspects, ==, 0);
  g_assert_cmpuint (b->n_suspects, ==, 1);
  if (b->n_suspects == 1)
    g_assert_cmpuint (b->suspects[0], ==, 2);
  for (k = 1; k <= 3; k++)
    {
      const NimShardCounts *c = nim_audit_get_counts (fair, k);

      g_assert_cmpuint (
          c->games, ==,
          2 * (c->pair_counts[0] + c->pair_counts[1] + c->pair_counts[2]));
      g_assert_cmpuint (c->foreign, ==, 0);
    }
}

/* fishtest's rule: more than 3 crashes, or more than 10% of more than 20
   games lost on time. */
static void
test_audit_crashes_time (void)
{
  g_autoptr (NimAudit) audit = nim_audit_new (5);
  g_autoptr (NimAuditReport) r = NULL;
  NimShardCounts c = { 40, { 20, 20 }, { 5, 10, 5 }, 0, 0, 0 };
  g_autofree char *why2 = NULL;
  g_autofree char *why4 = NULL;

  c.crashes = 3;
  nim_audit_add_counts (audit, 1, &c);
  c.crashes = 4;
  nim_audit_add_counts (audit, 2, &c);
  c.crashes = 0;
  c.time_losses = 4; /* 10%: not more */
  nim_audit_add_counts (audit, 3, &c);
  c.time_losses = 5;
  nim_audit_add_counts (audit, 4, &c);
  /* 20 games, 5 lost on time: too few games to judge. */
  c.games = 20;
  c.wins[0] = c.wins[1] = 10;
  c.pair_counts[0] = 2;
  c.pair_counts[1] = 6;
  c.pair_counts[2] = 2;
  nim_audit_add_counts (audit, 5, &c);
  r = nim_audit_run (audit);
  g_assert_cmpuint (r->n_suspects, ==, 2);
  g_assert_cmpuint (r->shards[0].flaws, ==, 0);
  g_assert_cmpuint (r->shards[1].flaws, ==, NIM_AUDIT_CRASHES);
  g_assert_cmpuint (r->shards[2].flaws, ==, 0);
  g_assert_cmpuint (r->shards[3].flaws, ==, NIM_AUDIT_TIME);
  g_assert_cmpuint (r->shards[4].flaws, ==, 0);
  why2 = nim_audit_describe (r, 2);
  why4 = nim_audit_describe (r, 4);
  g_assert_cmpstr (why2, ==,
                   "an engine crashed or did not start in 4 games (more "
                   "than 3)");
  g_assert_cmpstr (why4, ==,
                   "5 of its 40 games were lost on time (12%, more than "
                   "10%)");
}

/* Counts that contradict one another, and games of another shard's
   pairs. */
static void
test_audit_inconsistent (void)
{
  g_autoptr (NimAudit) audit = nim_audit_new (3);
  g_autoptr (NimAuditReport) r = NULL;
  NimMatchTally won[2] = { { .wins = 1 }, { 0 } };
  NimShardCounts fits = { 21, { 11, 10 }, { 3, 4, 3 }, 0, 0, 0 };
  NimShardCounts sum = { 20, { 12, 9 }, { 3, 4, 3 }, 0, 0, 0 };
  NimShardCounts pairs = { 20, { 14, 6 }, { 3, 4, 3 }, 0, 0, 0 };
  g_autofree char *why = NULL;

  nim_audit_add_counts (audit, 1, &fits);
  nim_audit_add_counts (audit, 2, &sum);
  nim_audit_add_counts (audit, 3, &pairs);
  r = nim_audit_run (audit);
  g_assert_cmpuint (r->shards[0].flaws, ==, 0);
  g_assert_cmpuint (r->shards[1].flaws, ==, NIM_AUDIT_INCONSISTENT);
  g_assert_cmpuint (r->shards[2].flaws, ==, NIM_AUDIT_INCONSISTENT);
  why = nim_audit_describe (r, 3);
  g_assert_cmpstr (why, ==,
                   "its counts do not fit together: 20 games, won 14 and "
                   "lost 6, pairs 3-4-3");
  g_clear_pointer (&r, nim_audit_report_free);
  g_clear_pointer (&why, g_free);

  /* Game 3 is pair 2's, shard 2's of 3; shard 1 holding it is wrong. */
  g_clear_pointer (&audit, nim_audit_free);
  audit = nim_audit_new (3);
  g_assert_true (nim_audit_add_game (audit, 1, 1, won));
  g_assert_true (nim_audit_add_game (audit, 1, 2, won));
  g_assert_true (nim_audit_add_game (audit, 1, 3, won));
  g_assert_false (nim_audit_add_game (audit, 1, 3, won));
  r = nim_audit_run (audit);
  g_assert_cmpuint (r->shards[0].counts.games, ==, 3);
  g_assert_cmpuint (r->shards[0].counts.foreign, ==, 1);
  g_assert_cmpuint (r->shards[0].counts.pair_counts[0], ==, 1);
  g_assert_cmpuint (r->shards[0].flaws, ==, NIM_AUDIT_FOREIGN);
  why = nim_audit_describe (r, 1);
  g_assert_cmpstr (why, ==,
                   "it holds 1 game of pairs that another shard plays");
  g_assert_cmpuint (r->n_suspects, ==, 1);
}

/* Rare results are pooled, small shards left out, and pairs all alike
   leave nothing to test. */
static void
test_audit_pooling (void)
{
  g_autoptr (NimAudit) audit = nim_audit_new (4);
  g_autoptr (NimAudit) alike = nim_audit_new (3);
  g_autoptr (NimAuditReport) r = NULL;
  g_autoptr (NimAuditReport) s = NULL;
  NimShardCounts c = { 0 };
  guint k;

  /* 0-2 is rare: 3 of 600 pairs, fewer than 5 a shard on average. */
  for (k = 1; k <= 3; k++)
    {
      c.pair_counts[0] = 100;
      c.pair_counts[1] = 99 + (k == 2);
      c.pair_counts[2] = k != 2;
      c.games = 400;
      c.wins[0] = 2 * c.pair_counts[0] + c.pair_counts[1];
      c.wins[1] = c.games - c.wins[0];
      nim_audit_add_counts (audit, k, &c);
    }
  /* A shard of 4 pairs expects fewer than 5 of anything. */
  c.pair_counts[0] = 2;
  c.pair_counts[1] = 2;
  c.pair_counts[2] = 0;
  c.games = 8;
  c.wins[0] = 6;
  c.wins[1] = 2;
  nim_audit_add_counts (audit, 4, &c);
  r = nim_audit_run (audit);
  g_assert_cmpuint (r->columns, ==, 2);
  g_assert_cmpuint (r->tested, ==, 3);
  g_assert_false (r->shards[3].tested);
  g_assert_true (isnan (r->shards[3].residual));
  g_assert_cmpuint (r->dof, ==, 2);
  g_assert_cmpuint (r->n_suspects, ==, 0);

  /* Perfect players split every pair. */
  memset (&c, 0, sizeof c);
  c.pair_counts[1] = 50;
  c.games = 100;
  c.wins[0] = c.wins[1] = 50;
  for (k = 1; k <= 3; k++)
    nim_audit_add_counts (alike, k, &c);
  s = nim_audit_run (alike);
  g_assert_cmpuint (s->columns, ==, 1);
  g_assert_cmpuint (s->tested, ==, 0);
  g_assert_true (isnan (s->chi2));
  g_assert_cmpuint (s->n_suspects, ==, 0);
}

/* Two shards that differ: which one is off cannot be told, and both are
   named. */
static void
test_audit_two_shards (void)
{
  g_autoptr (NimAudit) audit = nim_audit_new (2);
  g_autoptr (NimAuditReport) r = NULL;
  NimShardCounts a = { 400, { 240, 160 }, { 80, 80, 40 }, 0, 0, 0 };
  NimShardCounts b = { 400, { 160, 240 }, { 40, 80, 80 }, 0, 0, 0 };
  g_autofree char *why = NULL;

  nim_audit_add_counts (audit, 1, &a);
  nim_audit_add_counts (audit, 2, &b);
  r = nim_audit_run (audit);
  g_assert_true (r->ambiguous);
  g_assert_cmpuint (r->n_suspects, ==, 2);
  g_assert_cmpfloat (r->shards[0].residual, ==, r->shards[1].residual);
  why = nim_audit_describe (r, 1);
  nim_test_assert_contains (why, "its pair results and another shard's "
                                 "differ (chi-square p ");
  nim_test_assert_contains (why, "which one is off cannot be told");
}

/* ------------------------------------------------------------------------ */
/* The distributions */

/* The chi-square tail against closed forms: 1 degree of freedom is
   erfc, an even number a finite sum; and the normal quantile against
   known values, far into the tail too. */
static void
test_distributions (void)
{
  static const double xs[]
      = { 0.01, 0.5, 1, 3.841459, 7, 20, 100, 1000, 10000 };
  guint i, k;

  g_assert_cmpfloat_with_epsilon (exp (nim_stats_chi2_log_sf (3.841459, 1)),
                                  0.05, 1e-7);
  g_assert_cmpfloat_with_epsilon (exp (nim_stats_chi2_log_sf (5.991465, 2)),
                                  0.05, 1e-7);
  g_assert_cmpfloat (nim_stats_chi2_log_sf (0, 3), ==, 0);
  for (i = 0; i < G_N_ELEMENTS (xs); i++)
    {
      double x = xs[i], log_sf1 = nim_stats_chi2_log_sf (x, 1);

      if (x < 500)
        g_assert_cmpfloat_with_epsilon (log_sf1, log (erfc (sqrt (x / 2))),
                                        1e-9 * fabs (log_sf1) + 1e-12);
      for (k = 1; k <= 6; k++)
        {
          /* dof 2k: e^(-x/2) sum_{j<k} (x/2)^j / j! */
          double sum = 0, term = 1, want, got;
          guint j;

          for (j = 0; j < k; j++)
            {
              sum += term;
              term *= x / 2 / (j + 1);
            }
          want = -x / 2 + log (sum);
          got = nim_stats_chi2_log_sf (x, 2 * k);
          g_assert_cmpfloat_with_epsilon (got, want,
                                          1e-9 * fabs (want) + 1e-12);
        }
    }
  g_assert_cmpfloat_with_epsilon (nim_stats_normal_isf_log (log (0.05)),
                                  1.6448536, 1e-6);
  g_assert_cmpfloat_with_epsilon (nim_stats_normal_isf_log (log (0.5)), 0,
                                  1e-8);
  g_assert_cmpfloat_with_epsilon (nim_stats_normal_isf_log (log (0.975)),
                                  -1.959964, 1e-6);
  g_assert_cmpfloat_with_epsilon (nim_stats_normal_isf_log (log (1e-300)),
                                  37.0471, 1e-3);
  /* Beyond a double: a z of 100 has a tail of e^-5005.5. */
  g_assert_cmpfloat_with_epsilon (
      nim_stats_normal_isf_log (-5000 - 0.5 * log (2 * G_PI) - log (100)
                                + log (1 - 1e-4 + 3e-8)),
      100, 1e-6);
}

int
main (int argc, char **argv)
{
  guint i;

  nim_test_init (&argc, &argv);
  for (i = 0; i < G_N_ELEMENTS (scheduler_variables); i++)
    g_unsetenv (scheduler_variables[i]);
  g_test_add_func ("/shards/auto/slurm", test_auto_slurm);
  g_test_add_func ("/shards/auto/index", test_auto_index);
  g_test_add_func ("/shards/auto/refused", test_auto_refused);
  g_test_add_func ("/shards/auto/run", test_auto_run);
  g_test_add_func ("/shards/pair-shard", test_pair_shard);
  g_test_add_func ("/shards/sprt/one-machine", test_sprt_one_machine);
  g_test_add_func ("/shards/sprt/missing", test_sprt_missing);
  g_test_add_func ("/shards/sprt/dead-shard", test_sprt_dead_shard);
  g_test_add_func ("/shards/audit/simulated", test_audit_simulated);
  g_test_add_func ("/shards/audit/real-shards", test_audit_real_shards);
  g_test_add_func ("/shards/audit/crashes-time", test_audit_crashes_time);
  g_test_add_func ("/shards/audit/inconsistent", test_audit_inconsistent);
  g_test_add_func ("/shards/audit/pooling", test_audit_pooling);
  g_test_add_func ("/shards/audit/two-shards", test_audit_two_shards);
  g_test_add_func ("/shards/distributions", test_distributions);
  return g_test_run ();
}
