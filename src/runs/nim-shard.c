/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-shard.c -- --shard auto: the shard a job scheduler's array task
 * plays, from the variables the scheduler sets
 *
 * A job array runs one command many times and tells each task its index
 * in a variable of its environment.  Slurm tells the index and how many
 * tasks there are (SLURM_ARRAY_TASK_ID and SLURM_ARRAY_TASK_COUNT, with
 * SLURM_ARRAY_TASK_MIN and SLURM_ARRAY_TASK_STEP for an array such as
 * --array=0-30:2); a Kubernetes Indexed Job, GNU parallel and AWS Batch
 * tell the index alone, so there --shard auto/N gives the count.  The
 * same command, pasted unchanged into every task, thus plays each task's
 * own shard, and an index that does not fit the count (an array of 8
 * tasks told auto/4) is refused before a game is played: a shard played
 * twice or never would go unnoticed until the summary. */

#include "config.h"

#include "nim-shard.h"

#include "nim-error.h"
#include "nim-i18n.h"
#include "nim-match.h"
#include "nim-parse.h"

/* The schedulers, each by the variable holding a task's index. */
typedef struct
{
  const char *variable;
  guint64 first;         /* the first task's index (Slurm: its _MIN) */
  const char *scheduler; /* for messages */
} Source;

static const Source sources[] = {
  { "SLURM_ARRAY_TASK_ID", 0, N_ ("a Slurm job array") },
  { "JOB_COMPLETION_INDEX", 0, N_ ("a Kubernetes Indexed Job") },
  { "PARALLEL_SEQ", 1, N_ ("GNU parallel") },
  { "AWS_BATCH_JOB_ARRAY_INDEX", 0, N_ ("an AWS Batch array job") },
};

/* The most shards a run has: one pair each. */
#define MAX_SHARDS (NIM_MATCH_MAX_GAMES / 2)

/* @variable's value, %NULL when unset or empty (as a shell's `X=` is). */
static const char *
get (const char *const *envp, const char *variable)
{
  const char *value = g_environ_getenv ((char **) envp, variable);

  return value != NULL && *value != '\0' ? value : NULL;
}

/* @variable's value as a number, refused naming the variable. */
static gboolean
get_uint (const char *const *envp, const char *variable, guint64 min,
          guint64 *value, GError **error)
{
  g_autofree char *what = g_strdup_printf ("--shard auto: %s", variable);

  return nim_parse_uint (get (envp, variable), min, G_MAXUINT32, what, value,
                         error);
}

/* Refuses an @index of @variable that is none of the @n shards',
   which run from @first to @last. */
static gboolean
set_outside (const char *variable, guint64 index, guint n, guint64 first,
             guint64 last, GError **error)
{
  g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
               _ ("--shard auto: %1$s is %2$llu, which is none of the %3$u "
                  "shards' indices; they run from %4$llu to %5$llu"),
               variable, (unsigned long long) index, n,
               (unsigned long long) first, (unsigned long long) last);
  return FALSE;
}

/* The shard of a Slurm array task: the task's place among the array's
   indices, MIN, MIN + STEP, ..., of which there are COUNT. */
static gboolean
from_slurm (guint given_n, const char *const *envp, guint *k, guint *n,
            GError **error)
{
  guint64 id, min, step = 1, count = given_n, max, place;

  if (!get_uint (envp, "SLURM_ARRAY_TASK_ID", 0, &id, error))
    return FALSE;
  if (get (envp, "SLURM_ARRAY_TASK_MIN") == NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--shard auto: %s is set but %s is not; give --shard "
                      "K/N"),
                   "SLURM_ARRAY_TASK_ID", "SLURM_ARRAY_TASK_MIN");
      return FALSE;
    }
  if (!get_uint (envp, "SLURM_ARRAY_TASK_MIN", 0, &min, error))
    return FALSE;
  if (get (envp, "SLURM_ARRAY_TASK_STEP") != NULL
      && !get_uint (envp, "SLURM_ARRAY_TASK_STEP", 1, &step, error))
    return FALSE;
  if (get (envp, "SLURM_ARRAY_TASK_COUNT") != NULL)
    {
      if (!get_uint (envp, "SLURM_ARRAY_TASK_COUNT", 1, &count, error))
        return FALSE;
      if (given_n != 0 && count != given_n)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--shard auto/%1$u: the Slurm job array has "
                          "%2$llu tasks (SLURM_ARRAY_TASK_COUNT); give "
                          "--shard auto, or auto/%2$llu"),
                       given_n, (unsigned long long) count);
          return FALSE;
        }
      if (count > MAX_SHARDS)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--shard auto: the Slurm job array has %llu "
                          "tasks (SLURM_ARRAY_TASK_COUNT); a run has at "
                          "most %llu shards"),
                       (unsigned long long) count,
                       (unsigned long long) MAX_SHARDS);
          return FALSE;
        }
    }
  else if (given_n == 0)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--shard auto: %s (%s) gives this task's index but not "
                      "how many tasks there are; give that number too: "
                      "--shard auto/N"),
                   "SLURM_ARRAY_TASK_ID", _ (sources[0].scheduler));
      return FALSE;
    }
  /* An array given as a list (--array=1,4,9) has uneven indices: its
     tasks have no places that every task can work out alike. */
  if (get (envp, "SLURM_ARRAY_TASK_MAX") != NULL)
    {
      if (!get_uint (envp, "SLURM_ARRAY_TASK_MAX", 0, &max, error))
        return FALSE;
      if (max < min || (max - min) % step != 0
          || (max - min) / step + 1 != count)
        {
          g_set_error (
              error, NIM_ERROR, NIM_ERROR_USAGE,
              _ ("--shard auto: the Slurm job array's %1$llu tasks are not "
                 "the indices from SLURM_ARRAY_TASK_MIN (%2$llu) to "
                 "SLURM_ARRAY_TASK_MAX (%3$llu) by SLURM_ARRAY_TASK_STEP "
                 "(%4$llu); submit a range, such as --array=1-%1$llu"),
              (unsigned long long) count, (unsigned long long) min,
              (unsigned long long) max, (unsigned long long) step);
          return FALSE;
        }
    }
  if (id < min || (id - min) % step != 0)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--shard auto: SLURM_ARRAY_TASK_ID (%1$llu) is not "
                      "SLURM_ARRAY_TASK_MIN (%2$llu) plus a multiple of "
                      "SLURM_ARRAY_TASK_STEP (%3$llu); submit a range, such "
                      "as --array=1-%4$llu"),
                   (unsigned long long) id, (unsigned long long) min,
                   (unsigned long long) step, (unsigned long long) count);
      return FALSE;
    }
  place = (id - min) / step + 1;
  if (place > count)
    return set_outside ("SLURM_ARRAY_TASK_ID", id, (guint) count, min,
                        min + (count - 1) * step, error);
  *k = (guint) place;
  *n = (guint) count;
  return TRUE;
}

/**
 * nim_shard_from_environment:
 * @given_n: how many shards the run has (--shard auto/N), or 0 when only
 *   the environment can say (--shard auto)
 * @envp: (nullable): the environment, as g_get_environ() gives it; %NULL
 *   for this process's
 * @k: (out): the shard this task plays, 1 to @n
 * @n: (out): how many shards the run has
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Works out which shard a task of a job array plays, from the variables
 * its scheduler sets: a Slurm job array's SLURM_ARRAY_TASK_ID (its place
 * from SLURM_ARRAY_TASK_MIN by SLURM_ARRAY_TASK_STEP) of
 * SLURM_ARRAY_TASK_COUNT tasks, or with @given_n a Kubernetes Indexed
 * Job's JOB_COMPLETION_INDEX (from 0), GNU parallel's PARALLEL_SEQ (from
 * 1) or an AWS Batch array job's AWS_BATCH_JOB_ARRAY_INDEX (from 0).  An
 * index beyond the shards, a count other than @given_n, none of these
 * variables or several of them are refused, naming the variables.
 *
 * Returns: %TRUE on success
 */
gboolean
nim_shard_from_environment (guint given_n, const char *const *envp, guint *k,
                            guint *n, GError **error)
{
  g_auto (GStrv) own = envp == NULL ? g_get_environ () : NULL;
  const Source *found = NULL;
  guint64 index;
  guint i;

  if (envp == NULL)
    envp = (const char *const *) own;
  for (i = 0; i < G_N_ELEMENTS (sources); i++)
    {
      if (get (envp, sources[i].variable) == NULL)
        continue;
      if (found != NULL)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--shard auto: both %1$s (%2$s) and %3$s (%4$s) "
                          "are set, and only one can say which shard this "
                          "is; unset one, or give --shard K/N"),
                       found->variable, _ (found->scheduler),
                       sources[i].variable, _ (sources[i].scheduler));
          return FALSE;
        }
      found = &sources[i];
    }
  if (found == NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--shard auto: no job array's task index is set; it "
                      "reads SLURM_ARRAY_TASK_ID (a Slurm job array, with "
                      "SLURM_ARRAY_TASK_COUNT, SLURM_ARRAY_TASK_MIN and "
                      "SLURM_ARRAY_TASK_STEP), and with --shard auto/N "
                      "JOB_COMPLETION_INDEX (a Kubernetes Indexed Job), "
                      "PARALLEL_SEQ (GNU parallel) or "
                      "AWS_BATCH_JOB_ARRAY_INDEX (an AWS Batch array job); "
                      "elsewhere give --shard K/N"));
      return FALSE;
    }
  if (found == &sources[0])
    return from_slurm (given_n, envp, k, n, error);
  if (given_n == 0)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--shard auto: %s (%s) gives this task's index but not "
                      "how many tasks there are; give that number too: "
                      "--shard auto/N"),
                   found->variable, _ (found->scheduler));
      return FALSE;
    }
  if (!get_uint (envp, found->variable, 0, &index, error))
    return FALSE;
  if (index < found->first || index - found->first >= given_n)
    return set_outside (found->variable, index, given_n, found->first,
                        found->first + given_n - 1, error);
  *k = (guint) (index - found->first + 1);
  *n = given_n;
  return TRUE;
}

/**
 * nim_shard_resolve:
 * @text: the value of --shard: K/N, auto or auto/N
 * @envp: (nullable): the environment (see nim_shard_from_environment())
 * @resolved: (out) (transfer full) (nullable): for auto and auto/N, the
 *   shard the environment gives, as K/N; %NULL for any other @text,
 *   which is left to the caller
 * @error: return location for a #NIM_ERROR_USAGE error
 *
 * Returns: %TRUE unless @text asks for auto and the environment cannot
 *   give the shard
 */
gboolean
nim_shard_resolve (const char *text, const char *const *envp, char **resolved,
                   GError **error)
{
  guint64 given = 0;
  guint k, n;

  *resolved = NULL;
  if (!g_str_equal (text, "auto") && !g_str_has_prefix (text, "auto/"))
    return TRUE;
  if (text[4] == '/'
      && !nim_parse_uint (text + 5, 1, MAX_SHARDS, "--shard auto/N", &given,
                          error))
    return FALSE;
  if (!nim_shard_from_environment ((guint) given, envp, &k, &n, error))
    return FALSE;
  *resolved = g_strdup_printf ("%u/%u", k, n);
  return TRUE;
}
