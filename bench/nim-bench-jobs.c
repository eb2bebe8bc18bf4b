/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-bench-jobs.c -- `make bench`'s comparison runs: games a second with
 * 1, 2, 4 ... jobs, and what a game costs the machine
 *
 * Each line runs the nim binary as a child, as a user would, and takes
 * from wait4 () what the run cost: the wall time (games a second), the
 * processor time of nim and of the engines it ran (user and system),
 * page faults and context switches; and, where strace is installed, the
 * system calls (one run more, under strace -f -c).  Divided by the games,
 * the last three do not depend on the load of the machine, which the
 * wall time does: a machine shared with other work cannot show two jobs
 * at twice the games a second of one, but it shows that a game costs the
 * same processor time, faults and calls with any number of jobs.
 *
 * The runs (bench/README says why each):
 *   negamax against random, 4 heaps of 1 to 20 (--seed 1): the default
 *   negamax (a 64 MiB table), negamax:tt=1M, and an external engine
 *   playing the default negamax over UGI; then --tournament, --sprt and
 *   --positions.  Each at 1 job and at every power of two up to the
 *   processors present (at least 2), the median of the rounds.
 * After the table the ratios the issue sets targets for. */

#include "config.h"

#include <glib.h>
#include <glib/gstdio.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

/* What one run cost: the figures of a line, all but the wall time per
   game.  The fields are in this order, so that medians are taken field
   by field. */
enum
{
  F_RATE,     /* games a second, from the wall time */
  F_USER,     /* user time a game, ms */
  F_SYS,      /* system time a game, ms */
  F_FAULTS,   /* page faults a game (minor and major) */
  F_SWITCHES, /* context switches a game (voluntary and not) */
  F_N
};

typedef struct
{
  double f[F_N];
  double calls; /* system calls a game, under strace; < 0 unknown */
} Cost;

typedef struct
{
  const char *label;
  char **args; /* nim's arguments after the program, NULL-terminated */
  guint jobs;
  Cost cost;
} Line;

/* A run measured at every number of jobs. */
typedef struct
{
  const char *label;
  char **args;
} Config;

static const char *nim_binary;
static const char *strace_binary;

/* The games a run played, from its --json summary's first "games". */
static guint64
games_played (const char *json)
{
  const char *p = strstr (json, "\"games\":");

  return p != NULL ? g_ascii_strtoull (p + strlen ("\"games\":"), NULL, 10)
                   : 0;
}

/* Runs nim with @args and --jobs @jobs (under strace -f -c writing to
   @strace_out when it is not %NULL); returns what it cost. */
static void
run_once (char **args, guint jobs, const char *strace_out, Cost *cost)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *out_path = NULL;
  g_autofree char *json = NULL;
  struct rusage ru;
  gint64 t0;
  pid_t pid;
  int fd, status = 0;
  guint64 games;
  double seconds;
  guint i;

  /* Each run writes a results file of its own. */
  for (i = 0; args[i] != NULL; i++)
    if (g_str_equal (args[i], "--results") && args[i + 1] != NULL)
      g_unlink (args[i + 1]);
  fd = g_file_open_tmp ("nim-bench-jobs-XXXXXX", &out_path, NULL);
  if (fd < 0)
    g_error ("cannot make a temporary file");
  if (strace_out != NULL)
    {
      g_ptr_array_add (argv, g_strdup (strace_binary));
      g_ptr_array_add (argv, g_strdup ("-f"));
      g_ptr_array_add (argv, g_strdup ("-c"));
      g_ptr_array_add (argv, g_strdup ("-o"));
      g_ptr_array_add (argv, g_strdup (strace_out));
    }
  g_ptr_array_add (argv, g_strdup (nim_binary));
  for (i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, g_strdup (args[i]));
  g_ptr_array_add (argv, g_strdup ("--jobs"));
  g_ptr_array_add (argv, g_strdup_printf ("%u", jobs));
  g_ptr_array_add (argv, g_strdup ("--json"));
  g_ptr_array_add (argv, g_strdup ("--quiet"));
  g_ptr_array_add (argv, NULL);

  t0 = g_get_monotonic_time ();
  pid = fork ();
  if (pid < 0)
    g_error ("fork: %s", g_strerror (errno));
  if (pid == 0)
    {
      dup2 (fd, STDOUT_FILENO);
      execvp (argv->pdata[0], (char **) argv->pdata);
      _exit (127);
    }
  close (fd);
  while (wait4 (pid, &status, 0, &ru) < 0)
    if (errno != EINTR)
      g_error ("wait4: %s", g_strerror (errno));
  seconds = (g_get_monotonic_time () - t0) / 1e6;
  if (!WIFEXITED (status) || WEXITSTATUS (status) != 0)
    g_error ("%s failed (status %d)", (char *) argv->pdata[0], status);
  if (!g_file_get_contents (out_path, &json, NULL, NULL))
    g_error ("cannot read %s", out_path);
  g_unlink (out_path);
  games = games_played (json);
  if (games == 0)
    g_error ("no games in the output of %s", nim_binary);

  cost->f[F_RATE] = (double) games / seconds;
  cost->f[F_USER] = (ru.ru_utime.tv_sec + ru.ru_utime.tv_usec / 1e6) * 1e3
                    / (double) games;
  cost->f[F_SYS] = (ru.ru_stime.tv_sec + ru.ru_stime.tv_usec / 1e6) * 1e3
                   / (double) games;
  cost->f[F_FAULTS] = (double) (ru.ru_minflt + ru.ru_majflt) / (double) games;
  cost->f[F_SWITCHES] = (double) (ru.ru_nvcsw + ru.ru_nivcsw) / (double) games;
  cost->calls = -1;
  if (strace_out != NULL)
    {
      g_autofree char *text = NULL;
      g_auto (GStrv) lines = NULL;

      if (!g_file_get_contents (strace_out, &text, NULL, NULL))
        g_error ("cannot read %s", strace_out);
      lines = g_strsplit (text, "\n", -1);
      for (i = 0; lines[i] != NULL; i++)
        if (g_str_has_suffix (g_strstrip (lines[i]), " total"))
          {
            /* % time, seconds, usecs/call, calls[, errors], total */
            g_auto (GStrv) words = g_strsplit_set (lines[i], " \t", -1);
            guint k, n = 0;

            for (k = 0; words[k] != NULL; k++)
              if (*words[k] != '\0' && n++ == 3)
                cost->calls = g_ascii_strtod (words[k], NULL) / (double) games;
          }
    }
}

static int
compare_double (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;
  return (x > y) - (x < y);
}

/* Median of @n values, field by field. */
static void
median (Cost *runs, guint n, Cost *out)
{
  g_autofree double *v = g_new (double, n);
  guint f, r;

  for (f = 0; f < F_N; f++)
    {
      for (r = 0; r < n; r++)
        v[r] = runs[r].f[f];
      qsort (v, n, sizeof *v, compare_double);
      out->f[f] = v[n / 2];
    }
  out->calls = -1;
}

static char **args_new (const char *first, ...) G_GNUC_NULL_TERMINATED;

static char **
args_new (const char *first, ...)
{
  GPtrArray *a = g_ptr_array_new ();
  const char *s;
  va_list ap;

  va_start (ap, first);
  for (s = first; s != NULL; s = va_arg (ap, const char *))
    g_ptr_array_add (a, g_strdup (s));
  va_end (ap);
  g_ptr_array_add (a, NULL);
  return (char **) g_ptr_array_free (a, FALSE);
}

/* The processors this process may run on. */
static guint
processors (void)
{
  long n = sysconf (_SC_NPROCESSORS_ONLN);

  return n > 0 ? (guint) n : 1;
}

static void
print_line (const Line *l)
{
  char calls[32];

  if (l->cost.calls >= 0)
    g_snprintf (calls, sizeof calls, "%.1f", l->cost.calls);
  else
    g_strlcpy (calls, "-", sizeof calls);
  printf ("%-38s %4u %9.0f %8.4f %8.4f %8.1f %8.2f %8s\n", l->label, l->jobs,
          l->cost.f[F_RATE], l->cost.f[F_USER], l->cost.f[F_SYS],
          l->cost.f[F_FAULTS], l->cost.f[F_SWITCHES], calls);
}

/* The line of @label with @jobs jobs. */
static const Line *
find (const GArray *lines, const char *label, guint jobs)
{
  guint i;

  for (i = 0; i < lines->len; i++)
    {
      const Line *l = &g_array_index (lines, Line, i);

      if (g_str_equal (l->label, label) && l->jobs == jobs)
        return l;
    }
  g_error ("no line %s, %u jobs", label, jobs);
}

/* The load averages over 1, 5 and 15 minutes, into @text. */
static void
load_average (char *text, gsize size)
{
  g_autofree char *loadavg = NULL;
  g_auto (GStrv) words = NULL;

  g_strlcpy (text, "unknown", size);
  if (!g_file_get_contents ("/proc/loadavg", &loadavg, NULL, NULL))
    return;
  words = g_strsplit (loadavg, " ", 4);
  if (g_strv_length (words) >= 3)
    g_snprintf (text, size, "%s %s %s", words[0], words[1], words[2]);
}

static double
cpu (const Line *l)
{
  return l->cost.f[F_USER] + l->cost.f[F_SYS];
}

int
main (int argc, char **argv)
{
  guint64 games = 16000;
  guint rounds = 3;
  gboolean use_strace = TRUE;
  g_autofree char *games_text = NULL;
  g_autofree char *third_text = NULL;
  g_autofree char *external_text = NULL;
  g_autofree char *double_text = NULL;
  g_autofree char *engine = NULL;
  g_autofree char *suite = NULL;
  g_autofree char *strace_out = NULL;
  g_autofree char *results = NULL;
  g_autofree char *help = NULL;
  g_autoptr (GArray) lines = g_array_new (FALSE, TRUE, sizeof (Line));
  g_autoptr (GString) positions = g_string_new (NULL);
  g_autoptr (GRand) rand = g_rand_new_with_seed (1);
  char load_before[64] = "unknown", load_after[64] = "unknown";
  guint n_proc = processors (), max_jobs, jobs, i, r;
  Config configs[7];
  guint n_configs = 0, c;
  const char *default_label = "negamax (default, 64 MiB table)";
  const char *small_label = "negamax:tt=1M";
  const char *external_label = "external: nim --ugi negamax";

  setlocale (LC_ALL, "C");
  if (argc < 3)
    {
      fprintf (stderr,
               "usage: %s NIM ENGINE [GAMES [ROUNDS]]\n"
               "  NIM     the nim binary\n"
               "  ENGINE  tests/nim-test-engine, the external engine when "
               "NIM has no --ugi\n"
               "  NIM_BENCH_NO_STRACE=1 leaves the system calls out\n",
               argv[0]);
      return 2;
    }
  nim_binary = argv[1];
  if (argc > 3)
    games = g_ascii_strtoull (argv[3], NULL, 10) / 6 * 6;
  if (argc > 4)
    rounds = (guint) g_ascii_strtoull (argv[4], NULL, 10);
  if (games < 6 || rounds < 1)
    g_error ("GAMES must be at least 6 and ROUNDS at least 1");
  if (g_getenv ("NIM_BENCH_NO_STRACE") != NULL)
    use_strace = FALSE;
  strace_binary = use_strace ? g_find_program_in_path ("strace") : NULL;
  load_average (load_before, sizeof load_before);

  /* The external engine: nim itself over UGI, or the test engine. */
  {
    const char *help_argv[] = { nim_binary, "--help", NULL };

    if (!g_spawn_sync (NULL, (char **) help_argv, NULL, G_SPAWN_DEFAULT, NULL,
                       NULL, &help, NULL, NULL, NULL))
      help = g_strdup ("");
  }
  if (strstr (help, "--ugi") != NULL)
    engine = g_strdup_printf ("bot=%s --ugi --player1 negamax", nim_binary);
  else
    engine = g_strdup_printf ("bot=%s good negamax", argv[2]);

  /* A suite of 200 positions of 4 heaps of 1 to 20. */
  suite
      = g_build_filename (g_get_tmp_dir (), "nim-bench-jobs-suite.txt", NULL);
  for (i = 0; i < 200; i++)
    g_string_append_printf (
        positions, "%d,%d,%d,%d\n", g_rand_int_range (rand, 1, 21),
        g_rand_int_range (rand, 1, 21), g_rand_int_range (rand, 1, 21),
        g_rand_int_range (rand, 1, 21));
  if (!g_file_set_contents (suite, positions->str, -1, NULL))
    g_error ("cannot write %s", suite);
  strace_out
      = g_build_filename (g_get_tmp_dir (), "nim-bench-jobs-strace.txt", NULL);
  results = g_build_filename (g_get_tmp_dir (), "nim-bench-jobs-results.jsonl",
                              NULL);

  games_text = g_strdup_printf ("%" G_GUINT64_FORMAT, games);
  third_text = g_strdup_printf ("%" G_GUINT64_FORMAT, games / 3);
  external_text = g_strdup_printf ("%" G_GUINT64_FORMAT, games / 4 / 2 * 2);
  double_text = g_strdup_printf ("%" G_GUINT64_FORMAT, 2 * games);
#define RUN "--random-heaps", "4:20", "--seed", "1"
  configs[n_configs++]
      = (Config){ default_label,
                  args_new ("--games", games_text, "--player1", "negamax",
                            "--player2", "random", RUN, NULL) };
  configs[n_configs++]
      = (Config){ small_label, args_new ("--games", games_text, "--player1",
                                         "negamax:tt=1M", "--player2",
                                         "random", RUN, NULL) };
  configs[n_configs++]
      = (Config){ "--results (negamax:tt=1M, random)",
                  args_new ("--games", games_text, "--player1",
                            "negamax:tt=1M", "--player2", "random",
                            "--results", results, RUN, NULL) };
  configs[n_configs++]
      = (Config){ external_label,
                  args_new ("--games", external_text, "--engine", engine,
                            "--player1", "bot", "--player2", "random", RUN,
                            NULL) };
  configs[n_configs++]
      = (Config){ "--tournament (negamax, tt=1M, random)",
                  args_new ("--games", third_text, "--tournament",
                            "round-robin", "--player", "negamax", "--player",
                            "negamax:tt=1M", "--player", "random", RUN,
                            NULL) };
  configs[n_configs++]
      = (Config){ "--sprt (negamax, tt=1M)",
                  args_new ("--games", games_text, "--player1", "negamax",
                            "--player2", "negamax:tt=1M", "--sprt",
                            "elo0=-5,elo1=5", RUN, NULL) };
  configs[n_configs++]
      = (Config){ "--positions (negamax, random)",
                  args_new ("--games", games_text, "--positions", suite,
                            "--player1", "negamax", "--player2", "random",
                            "--seed", "1", NULL) };
#undef RUN

  max_jobs = MAX (n_proc, 2);
  for (c = 0; c < n_configs; c++)
    for (jobs = 1; jobs <= max_jobs; jobs *= 2)
      {
        Line l = { configs[c].label, configs[c].args, jobs, { { 0 } } };

        g_array_append_val (lines, l);
      }

  /* The rounds, each line in turn, so that a change in the load falls
     on every line alike. */
  {
    g_autofree Cost *runs = g_new0 (Cost, (gsize) lines->len * rounds);

    for (r = 0; r < rounds; r++)
      for (i = 0; i < lines->len; i++)
        {
          Line *l = &g_array_index (lines, Line, i);

          run_once (l->args, l->jobs, NULL, &runs[i * rounds + r]);
        }
    for (i = 0; i < lines->len; i++)
      median (&runs[i * rounds], rounds, &g_array_index (lines, Line, i).cost);
  }
  /* System calls: one run more of each line with 1 and 2 jobs. */
  for (i = 0; i < lines->len && strace_binary != NULL; i++)
    {
      Line *l = &g_array_index (lines, Line, i);
      Cost traced;

      if (l->jobs <= 2)
        {
          run_once (l->args, l->jobs, strace_out, &traced);
          l->cost.calls = traced.calls;
        }
    }
  load_average (load_after, sizeof load_after);

  printf ("Comparison runs: %s games (external %s, tournament %s a pairing), "
          "4 heaps of 1 to 20 (--seed 1),\nmedian of %u rounds; %u "
          "processors; load average before: %s, after: %s\n",
          games_text, external_text, third_text, rounds, n_proc, load_before,
          load_after);
  printf ("%-38s %4s %9s %8s %8s %8s %8s %8s\n", "run", "jobs", "games/s",
          "user ms", "sys ms", "faults", "switches", "calls");
  printf ("%-38s %4s %9s %8s %8s %8s %8s %8s\n", "", "", "", "a game",
          "a game", "a game", "a game", "a game");
  for (i = 0; i < lines->len; i++)
    print_line (&g_array_index (lines, Line, i));

  {
    const Line *d1 = find (lines, default_label, 1);
    const Line *s1 = find (lines, small_label, 1);
    Cost twice;
    double fresh;

    /* The faults of a run twice as long: those of the games beyond the
       first pages of the tables, touched once. */
    {
      g_auto (GStrv) args = args_new (
          "--games", double_text, "--player1", "negamax", "--player2",
          "random", "--random-heaps", "4:20", "--seed", "1", NULL);

      run_once (args, 1, NULL, &twice);
    }
    fresh = (twice.f[F_FAULTS] * 2 * (double) games
             - d1->cost.f[F_FAULTS] * (double) games)
            / (double) games;
    printf ("\nTargets (ratios measured in this one run):\n");
    printf ("default / tt=1M, jobs 1, games/s:      %5.2f (>= 0.80); "
            "processor time a game, tt=1M / default: %.2f\n",
            d1->cost.f[F_RATE] / s1->cost.f[F_RATE], cpu (s1) / cpu (d1));
    printf ("default, jobs 1, system / user time:   %5.3f (< 0.10)\n",
            d1->cost.f[F_SYS] / d1->cost.f[F_USER]);
    printf ("default, page faults a game from game %s to %s: %.2f "
            "(a table's pages are faulted in once)\n",
            games_text, double_text, fresh);
    printf ("jobs J / jobs 1: games/s (target for J = 2: >= 1.80 on 2 "
            "idle processors), then\nprocessor time a game (1.00: the jobs "
            "cost each other nothing):\n");
    for (c = 0; c < n_configs; c++)
      {
        const Line *a = find (lines, configs[c].label, 1);

        printf ("  %-38s", configs[c].label);
        for (jobs = 2; jobs <= max_jobs; jobs *= 2)
          {
            const Line *b = find (lines, configs[c].label, jobs);

            printf ("  J=%u %5.2f %5.2f", jobs,
                    b->cost.f[F_RATE] / a->cost.f[F_RATE], cpu (b) / cpu (a));
          }
        printf ("\n");
      }
  }
  g_unlink (suite);
  g_unlink (strace_out);
  g_unlink (results);
  for (c = 0; c < n_configs; c++)
    g_strfreev (configs[c].args);
  return 0;
}
