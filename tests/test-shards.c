/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-shards.c -- a run cut into shards: --shard auto from a job
 * scheduler's variables */

#include "config.h"

#include <string.h>

#include "nim-error.h"
#include "nim-match.h"
#include "nim-run.h"
#include "nim-shard.h"
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
  return g_test_run ();
}
