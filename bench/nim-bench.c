/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-bench.c -- the fixed benchmark suite behind `make bench`
 *
 * Every line of the suite is one search from one position: an engine
 * configuration (a player spec) under one rule.  A line is timed over
 * several runs, each with a new player, so a transposition table always
 * starts empty and the node count of every run is the same; every spec
 * says time=0, so no clock ever cuts a search short.  The node counts are
 * kept in bench/expected, and `nim-bench --check bench/expected` (run by
 * `make check`) searches each line once and fails when a count changed:
 * like a chess engine's bench, a count changes only when the search does.
 *
 * Each line runs in a child process forked for it, so the child's peak
 * resident set (VmHWM) is the peak of that line alone, and a crash is
 * reported against the line that caused it. */

#include "config.h"

#include "nim-match.h"
#include "nim-octal.h"
#include "nim-player.h"
#include "nim-error.h"
#include "nim-parse.h"

#include <stdio.h>
#include <errno.h>
#include <locale.h>
#include <stdlib.h>
#include <string.h>
#include <sys/types.h>
#include <sys/resource.h>
#include <time.h>
#include <sys/wait.h>
#include <unistd.h>

/* Exit status of a command line nim-bench does not take, as nim's. */
#define BENCH_EXIT_USAGE 2

/* Runs per line in the table, and the most --runs accepts. */
#define DEFAULT_RUNS 5
#define MAX_RUNS 25

/* The node budget of alpha-beta without a table on the positions it
   cannot finish: from 7,7,7,7 on, two billion nodes (half a minute) do not
   prove anything.  Fifty million take about a second and show its speed;
   the line's value then reads "not finished". */
#define AB_BUDGET "50000000"

/* ---------------------------------------------------------------------
   The suite */

typedef enum
{
  RULES_NIM,
  RULES_TAKE3,
  RULES_SUB,
  RULES_MISERE,
} RuleSet;

/* How a rule set is named in a line's name and shown in the table. */
static const struct
{
  const char *tag;
  const char *label;
} rule_sets[] = {
  [RULES_NIM] = { "nim", "take any" },
  [RULES_TAKE3] = { "take3", "take 1-3" },
  [RULES_SUB] = { "sub", "take {2,7,15,16}" },
  [RULES_MISERE] = { "misere", "misere, take any" },
};

typedef enum
{
  ENGINE_LOOP,
  ENGINE_MINIMAX,
  ENGINE_PLAIN,
  ENGINE_AB,
  ENGINE_AB_BUDGET,
  ENGINE_AB_TT,
  ENGINE_FULL,
  ENGINE_PNS,
  ENGINE_FULL_2G,
  ENGINE_PNS_2G,
  ENGINE_MCTS_UCT,
  ENGINE_MCTS_SOLVER,
} Engine;

/* The engine configurations: a tag for the line's name, and the tag of
   the searcher configuration in the player registry (its showcase, see
   nim-player.h) that the line runs, with options of its own.  The loop
   is no player: it is count_tree() below, the reference for minimax's
   speed. */
static const struct
{
  const char *tag;
  const char *showcase; /* the registry's bench tag, or NULL */
  const char *options;  /* added to the registry's options */
} engines[] = {
  [ENGINE_LOOP] = { "c-loop", NULL, NULL },
  [ENGINE_MINIMAX] = { "minimax", "minimax", NULL },
  [ENGINE_PLAIN] = { "plain", "plain", NULL },
  [ENGINE_AB] = { "ab", "ab", NULL },
  [ENGINE_AB_BUDGET] = { "ab-50M", "ab", "nodes=" AB_BUDGET },
  [ENGINE_AB_TT] = { "ab-tt", "ab-tt", NULL },
  [ENGINE_FULL] = { "full", "full", NULL },
  [ENGINE_PNS] = { "pns", "pns", NULL },
  [ENGINE_FULL_2G] = { "full-2G", "full", "tt=2G" },
  [ENGINE_PNS_2G] = { "pns-2G", "pns", "tt=2G" },
  [ENGINE_MCTS_UCT] = { "mcts-uct", "mcts-uct", NULL },
  [ENGINE_MCTS_SOLVER] = { "mcts-solver", "mcts-solver", NULL },
};

/* The player spec of @engine, "negamax:time=0,tt=off,order=off,id=off":
   the registry's configuration with no time limit, so that counts do not
   depend on the machine.  NULL for the loop. */
static const char *
engine_spec (Engine engine)
{
  static char *specs[G_N_ELEMENTS (engines)];
  const NimPlayerClass *const *classes = nim_player_classes ();
  guint i, j;

  if (engines[engine].showcase == NULL || specs[engine] != NULL)
    return specs[engine];
  for (i = 0; classes[i] != NULL; i++)
    for (j = 0; classes[i]->showcase != NULL
                && classes[i]->showcase[j].options != NULL;
         j++)
      {
        const NimPlayerShowcase *c = &classes[i]->showcase[j];

        if (c->bench == NULL || strcmp (c->bench, engines[engine].showcase))
          continue;
        specs[engine] = g_strdup_printf (
            "%s:time=0%s%s%s%s", classes[i]->name, *c->options ? "," : "",
            c->options, engines[engine].options ? "," : "",
            engines[engine].options ? engines[engine].options : "");
        return specs[engine];
      }
  g_error ("no player in the registry has the configuration %s",
           engines[engine].showcase);
}

/**
 * BenchLine:
 * @engine: the engine configuration
 * @rules: the rule set
 * @heaps: the position, as `nim --heaps` takes it
 * @slow: takes more than a few seconds even once: --check leaves it out
 *   unless --all is given
 * @on_request: takes a quarter of an hour: no mode runs it unless --only
 *   names it (make bench does not)
 *
 * One line of the suite.  Its name, "engine/rules/heaps", is what
 * bench/expected and --only refer to.
 */
typedef struct
{
  Engine engine;
  RuleSet rules;
  const char *heaps;
  gboolean slow;
  gboolean on_request;
} BenchLine;

/* Minimax and the plain negamax visit the full tree, root and every leaf
   counted; their counts must be equal (and equal the C loop's).  Then,
   position by position, alpha-beta alone, with the table, and with
   everything; alpha-beta alone gets a node budget on the positions it
   cannot finish; df-pn (pns) beside them on the take-any positions it
   proves within a second.  The slow lines repeat, at 5 s, what
   minimax/nim/1,3,5,7 already checks: the full tree of 1,3,5,7. */
static const BenchLine suite[] = {
  { ENGINE_LOOP, RULES_NIM, "1,3,5,7", TRUE },
  { ENGINE_MINIMAX, RULES_NIM, "1,3,5,7", FALSE },
  { ENGINE_LOOP, RULES_NIM, "3,4,5", FALSE },
  { ENGINE_MINIMAX, RULES_NIM, "3,4,5", FALSE },
  { ENGINE_PLAIN, RULES_NIM, "1,3,5,7", TRUE },
  { ENGINE_PLAIN, RULES_NIM, "3,4,5", FALSE },

  { ENGINE_AB, RULES_NIM, "3,4,5", FALSE },
  { ENGINE_AB_TT, RULES_NIM, "3,4,5", FALSE },
  { ENGINE_FULL, RULES_NIM, "3,4,5", FALSE },
  { ENGINE_PNS, RULES_NIM, "3,4,5", FALSE },

  { ENGINE_AB, RULES_NIM, "1,3,5,7", FALSE },
  { ENGINE_AB_TT, RULES_NIM, "1,3,5,7", FALSE },
  { ENGINE_FULL, RULES_NIM, "1,3,5,7", FALSE },
  { ENGINE_PNS, RULES_NIM, "1,3,5,7", FALSE },

  { ENGINE_AB_BUDGET, RULES_NIM, "7,7,7,7", FALSE },
  { ENGINE_AB_TT, RULES_NIM, "7,7,7,7", FALSE },
  { ENGINE_FULL, RULES_NIM, "7,7,7,7", FALSE },
  { ENGINE_PNS, RULES_NIM, "7,7,7,7", FALSE },

  { ENGINE_AB_BUDGET, RULES_NIM, "10,20,30", FALSE },
  { ENGINE_AB_TT, RULES_NIM, "10,20,30", FALSE },
  { ENGINE_FULL, RULES_NIM, "10,20,30", FALSE },
  { ENGINE_PNS, RULES_NIM, "10,20,30", FALSE },

  { ENGINE_AB_BUDGET, RULES_NIM, "15,15,15,15", FALSE },
  { ENGINE_AB_TT, RULES_NIM, "15,15,15,15", FALSE },
  { ENGINE_FULL, RULES_NIM, "15,15,15,15", FALSE },
  { ENGINE_PNS, RULES_NIM, "15,15,15,15", FALSE },

  { ENGINE_AB_BUDGET, RULES_NIM, "20,30,40,50", FALSE },
  { ENGINE_AB_TT, RULES_NIM, "20,30,40,50", FALSE },
  { ENGINE_FULL, RULES_NIM, "20,30,40,50", FALSE },
  { ENGINE_PNS, RULES_NIM, "20,30,40,50", FALSE },

  { ENGINE_AB_BUDGET, RULES_NIM, "50,60,70", FALSE },
  { ENGINE_AB_TT, RULES_NIM, "50,60,70", FALSE },
  { ENGINE_FULL, RULES_NIM, "50,60,70", FALSE },
  { ENGINE_PNS, RULES_NIM, "50,60,70", FALSE },

  { ENGINE_AB_BUDGET, RULES_NIM, "10,20,30,40,50", FALSE },
  { ENGINE_AB_TT, RULES_NIM, "10,20,30,40,50", FALSE },
  { ENGINE_FULL, RULES_NIM, "10,20,30,40,50", FALSE },
  { ENGINE_PNS, RULES_NIM, "10,20,30,40,50", TRUE },

  { ENGINE_FULL, RULES_NIM, "40,60,80,100", FALSE },
  { ENGINE_PNS, RULES_NIM, "40,60,80,100", TRUE },
  { ENGINE_FULL_2G, RULES_NIM, "80,120,160,200", TRUE },
  { ENGINE_FULL_2G, RULES_NIM, "160,160,160,160", TRUE },
  { ENGINE_PNS_2G, RULES_NIM, "80,120,160,200", TRUE },
  /* 97,436,020 nodes in 800 s (a quarter of an hour, measured once). */
  { ENGINE_PNS_2G, RULES_NIM, "160,160,160,160", TRUE, TRUE },

  /* Monte-Carlo tree search, 100,000 iterations from seed 1 (as in
     --compare): its speed in nodes (positions stood on, playouts
     included) a second, and where the solver proves the value. */
  { ENGINE_MCTS_UCT, RULES_NIM, "3,4,5", FALSE },
  { ENGINE_MCTS_SOLVER, RULES_NIM, "3,4,5", FALSE },
  { ENGINE_MCTS_UCT, RULES_NIM, "1,3,5,7", FALSE },
  { ENGINE_MCTS_SOLVER, RULES_NIM, "1,3,5,7", FALSE },
  { ENGINE_MCTS_UCT, RULES_NIM, "10,20,30", FALSE },
  { ENGINE_MCTS_SOLVER, RULES_NIM, "10,20,30", FALSE },

  { ENGINE_AB, RULES_TAKE3, "13", FALSE },
  { ENGINE_AB_TT, RULES_TAKE3, "13", FALSE },
  { ENGINE_FULL, RULES_TAKE3, "13", FALSE },

  { ENGINE_AB, RULES_SUB, "2,6,19", FALSE },
  { ENGINE_AB_TT, RULES_SUB, "2,6,19", FALSE },
  { ENGINE_FULL, RULES_SUB, "2,6,19", FALSE },

  { ENGINE_AB, RULES_SUB, "30,30,30", FALSE },
  { ENGINE_AB_TT, RULES_SUB, "30,30,30", FALSE },
  { ENGINE_FULL, RULES_SUB, "30,30,30", FALSE },

  { ENGINE_AB, RULES_MISERE, "1,3,5,7", FALSE },
  { ENGINE_AB_TT, RULES_MISERE, "1,3,5,7", FALSE },
  { ENGINE_FULL, RULES_MISERE, "1,3,5,7", FALSE },
};

static char *
line_name (const BenchLine *line)
{
  return g_strdup_printf ("%s/%s/%s", engines[line->engine].tag,
                          rule_sets[line->rules].tag, line->heaps);
}

static void
rules_for (RuleSet set, NimRules *rules)
{
  gboolean ok = TRUE;

  nim_rules_init (rules); /* take any, whatever `make MOVES=` built */
  switch (set)
    {
    case RULES_NIM:
      break;
    case RULES_TAKE3:
      ok = nim_rules_set_max_take (rules, 3, NULL);
      break;
    case RULES_SUB:
      ok = nim_rules_parse_moves (rules, "2,7,15,16", "--moves", NULL);
      break;
    case RULES_MISERE:
      rules->misere = TRUE;
      break;
    }
  g_assert (ok);
}

/* ---------------------------------------------------------------------
   Running a line */

/**
 * LineResult:
 *
 * What the child that ran a line sends back through its pipe: a plain
 * struct, written and read whole.
 */
typedef struct
{
  gboolean ok;
  char message[512]; /* why not, when !ok */
  guint n_runs;
  guint64 nodes;
  double seconds[MAX_RUNS];
  double cpu[MAX_RUNS]; /* the child's CPU time, user and system */
  double sys[MAX_RUNS]; /* of which system time */
  gboolean searched;    /* a player's search, not the C loop */
  gboolean proven;
  gboolean stopped; /* the budget stopped the search (not mcts's end) */
  int value;
  guint64 peak_kib; /* VmHWM of the child, 0 if unknown */
} LineResult;

/* The system time this process has used, in seconds. */
static double
process_system_seconds (void)
{
  struct rusage usage;

  if (getrusage (RUSAGE_SELF, &usage) != 0)
    return 0;
  return (double) usage.ru_stime.tv_sec + usage.ru_stime.tv_usec / 1e6;
}

/* The CPU time this process has used, user and system, in seconds. */
static double
process_cpu_seconds (void)
{
  struct timespec ts;

  clock_gettime (CLOCK_PROCESS_CPUTIME_ID, &ts);
  return (double) ts.tv_sec + (double) ts.tv_nsec / 1e9;
}

/* Reads a "Name:   1234 kB" field of /proc/self/status; 0 if there is
   none (not Linux). */
static guint64
proc_status_kib (const char *field)
{
  g_autofree char *status = NULL;
  gsize len = strlen (field);
  char **l;
  g_auto (GStrv) lines = NULL;

  if (!g_file_get_contents ("/proc/self/status", &status, NULL, NULL))
    return 0;
  lines = g_strsplit (status, "\n", -1);
  for (l = lines; *l != NULL; l++)
    if (strncmp (*l, field, len) == 0 && (*l)[len] == ':')
      return g_ascii_strtoull (*l + len + 1, NULL, 10);
  return 0;
}

/* The reference for minimax's speed: the tight recursive loop one writes
   by hand to count the nodes of the take-any tree.  It visits the same
   tree as minimax, in the same order, with none of the machinery (move
   generator, budget, values). */
static guint64
count_tree (guint32 *heaps, guint n_heaps)
{
  guint64 nodes = 1;
  guint i;

  for (i = 0; i < n_heaps; i++)
    {
      guint32 h = heaps[i], c;

      for (c = 1; c <= h; c++)
        {
          heaps[i] = h - c;
          nodes += count_tree (heaps, n_heaps);
        }
      heaps[i] = h;
    }
  return nodes;
}

/* One run of the loop; it knows only the take-any rule. */
static void
run_loop_once (const NimBoard *board, guint64 *nodes, double *seconds)
{
  guint32 heaps[NIM_MAX_HEAPS];
  gint64 t0;

  memcpy (heaps, board->heaps, sizeof heaps);
  t0 = g_get_monotonic_time ();
  *nodes = count_tree (heaps, board->n_heaps);
  *seconds = (g_get_monotonic_time () - t0) / 1e6;
}

/* One run of a player: a new one, so its table starts empty. */
static gboolean
run_player_once (const char *spec, const NimRules *rules,
                 const NimBoard *board, NimSearchStats *stats, GError **error)
{
  g_autoptr (NimPlayer) player = nim_player_new (spec, error);
  NimMove move;

  if (player == NULL)
    return FALSE;
  /* The seed --compare gives too, for a player that draws numbers. */
  nim_player_set_seed (player, 1);
  if (!nim_player_start (player, rules, board, error)
      || !nim_player_choose_move (player, board, &move, error))
    return FALSE;
  *stats = *nim_player_get_stats (player);
  if (!stats->searched)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED, "%s did not search",
                   spec);
      return FALSE;
    }
  return TRUE;
}

/* Runs @line @n_runs times, in this process, into @result.  Every run
   must count the same nodes: anything else is a bug the suite exists to
   catch.  A %NULL @line runs nothing: its peak memory is the baseline of
   a child that searched nothing. */
static void
run_line (const BenchLine *line, guint n_runs, LineResult *result)
{
  g_autoptr (GError) error = NULL;
  const char *spec;
  NimRules rules;
  NimBoard board;
  guint i;

  memset (result, 0, sizeof *result);
  if (line == NULL)
    {
      result->peak_kib = proc_status_kib ("VmHWM");
      result->ok = TRUE;
      return;
    }
  spec = engine_spec (line->engine);
  rules_for (line->rules, &rules);
  if (!nim_board_parse (&board, line->heaps, "--heaps", &error))
    {
      g_strlcpy (result->message, error->message, sizeof result->message);
      return;
    }
  result->searched = spec != NULL;
  for (i = 0; i < n_runs; i++)
    {
      NimSearchStats stats = { 0 };
      double cpu0 = process_cpu_seconds ();
      double sys0 = process_system_seconds ();

      if (spec == NULL)
        {
          g_assert (nim_rules_is_take_any (&rules) && !rules.misere);
          run_loop_once (&board, &stats.nodes, &stats.seconds);
        }
      else if (!run_player_once (spec, &rules, &board, &stats, &error))
        {
          g_strlcpy (result->message, error->message, sizeof result->message);
          return;
        }
      if (i > 0
          && (stats.nodes != result->nodes || stats.proven != result->proven
              || stats.value != result->value))
        {
          g_snprintf (result->message, sizeof result->message,
                      "run %u differs from run 1: %" G_GUINT64_FORMAT
                      " nodes, value %d, against %" G_GUINT64_FORMAT
                      " nodes, value %d",
                      i + 1, stats.nodes, stats.value, result->nodes,
                      result->value);
          return;
        }
      result->nodes = stats.nodes;
      result->proven = stats.proven;
      result->stopped = stats.stopped;
      result->value = stats.value;
      result->seconds[i] = stats.seconds;
      result->cpu[i] = process_cpu_seconds () - cpu0;
      result->sys[i] = process_system_seconds () - sys0;
      result->n_runs = i + 1;
    }
  result->peak_kib = proc_status_kib ("VmHWM");
  result->ok = TRUE;
}

static gboolean
write_all (int fd, const void *data, gsize size)
{
  const char *p = data;

  while (size > 0)
    {
      ssize_t n = write (fd, p, size);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        return FALSE;
      p += n;
      size -= (gsize) n;
    }
  return TRUE;
}

static gsize
read_all (int fd, void *data, gsize size)
{
  char *p = data;
  gsize got = 0;

  while (got < size)
    {
      ssize_t n = read (fd, p + got, size - got);

      if (n < 0 && errno == EINTR)
        continue;
      if (n <= 0)
        break;
      got += (gsize) n;
    }
  return got;
}

/* Runs @line in a child forked for it, so that the child's VmHWM is the
   peak memory of this line alone and a crash names its line.  The child
   touches nothing of the parent's but its copy of memory and the pipe. */
static void
run_line_forked (const BenchLine *line, guint n_runs, LineResult *result)
{
  int fds[2];
  pid_t pid;
  int status;
  gsize got;

  memset (result, 0, sizeof *result);
  fflush (stdout); /* or the child would print the parent's buffer again */
  fflush (stderr);
  if (pipe (fds) != 0)
    {
      g_snprintf (result->message, sizeof result->message, "pipe: %s",
                  g_strerror (errno));
      return;
    }
  pid = fork ();
  if (pid < 0)
    {
      g_snprintf (result->message, sizeof result->message, "fork: %s",
                  g_strerror (errno));
      close (fds[0]);
      close (fds[1]);
      return;
    }
  if (pid == 0)
    {
      LineResult r;

      close (fds[0]);
      run_line (line, n_runs, &r);
      _exit (write_all (fds[1], &r, sizeof r) ? 0 : 1);
    }
  close (fds[1]);
  got = read_all (fds[0], result, sizeof *result);
  close (fds[0]);
  while (waitpid (pid, &status, 0) < 0 && errno == EINTR)
    ;
  if (WIFSIGNALED (status))
    {
      memset (result, 0, sizeof *result);
      g_snprintf (result->message, sizeof result->message,
                  "the child running the line died of signal %d (%s)",
                  WTERMSIG (status), g_strsignal (WTERMSIG (status)));
    }
  else if (got != sizeof *result || !WIFEXITED (status)
           || WEXITSTATUS (status) != 0)
    {
      memset (result, 0, sizeof *result);
      g_snprintf (result->message, sizeof result->message,
                  "the child running the line failed (exit status %d)",
                  WIFEXITED (status) ? WEXITSTATUS (status) : -1);
    }
}

/* ---------------------------------------------------------------------
   Output */

static int
compare_doubles (const void *a, const void *b)
{
  double x = *(const double *) a, y = *(const double *) b;

  return (x > y) - (x < y);
}

static double
median_of (const double *runs, guint n)
{
  double s[MAX_RUNS];

  memcpy (s, runs, n * sizeof s[0]);
  qsort (s, n, sizeof s[0], compare_doubles);
  return n % 2 == 1 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
}

static double
median_seconds (const LineResult *r)
{
  return median_of (r->seconds, r->n_runs);
}

/* 516124195 as "516,124,195". */
static char *
format_count (guint64 n)
{
  char digits[32];
  GString *s = g_string_new (NULL);
  gsize len, i;

  g_snprintf (digits, sizeof digits, "%" G_GUINT64_FORMAT, n);
  len = strlen (digits);
  for (i = 0; i < len; i++)
    {
      if (i > 0 && (len - i) % 3 == 0)
        g_string_append_c (s, ',');
      g_string_append_c (s, digits[i]);
    }
  return g_string_free (s, FALSE);
}

static const char *
value_text (const LineResult *r)
{
  if (!r->searched)
    return "-";
  /* mcts ends its iterations without a proof: it finished. */
  if (!r->proven)
    return r->stopped ? "not finished" : "not proven";
  return r->value > 0 ? "win" : "loss";
}

#define TABLE_FORMAT "%-15s %-17s %-53s %-12s %13s %10s %9s %9s\n"

static void
print_table_header (guint n_lines, guint n_runs)
{
  LineResult baseline;

  run_line_forked (NULL, 0, &baseline);
  printf ("# %s bench: %u lines, the median of %u runs each\n"
          "# Each run is a new player (an empty transposition table) "
          "searching the\n"
          "#   position's first move with time=0: no clock cuts a search, "
          "node counts\n"
          "#   are exact.  seconds: the median wall time of "
          "nim_player_choose_move ();\n"
          "#   nodes/s: nodes / that median.  Player creation and table "
          "allocation\n"
          "#   are not timed.  \"not finished\": the node budget ran out.  "
          "The lines\n#   with tt=2G run once.\n"
          "# peak MiB: VmHWM, the peak resident set, of a child process "
          "forked to run\n"
          "#   the line's runs, so it is this line's alone; a child that "
          "searches nothing\n"
          "#   peaks at %.1f MiB.  A table's pages count once they are "
          "touched.\n"
          "#\n",
          PACKAGE_STRING, n_lines, n_runs, baseline.peak_kib / 1024.0);
  printf (TABLE_FORMAT, "position", "rules", "engine configuration", "value",
          "nodes", "seconds", "nodes/s", "peak MiB");
}

static void
print_table_row (const BenchLine *line, const LineResult *r)
{
  const char *spec = engine_spec (line->engine);
  g_autofree char *nodes = NULL;
  char seconds[32], nps[32], peak[32];
  double median;

  if (!r->ok)
    {
      printf ("%-15s %-17s %-53s FAILED: %s\n", line->heaps,
              rule_sets[line->rules].label,
              spec != NULL ? spec : "reference C loop (count_tree)",
              r->message);
      return;
    }
  median = median_seconds (r);
  nodes = format_count (r->nodes);
  g_snprintf (seconds, sizeof seconds, "%.6f", median);
  if (median > 0 && r->nodes / median >= 1e6)
    g_snprintf (nps, sizeof nps, "%.1fM", r->nodes / median / 1e6);
  else if (median > 0)
    g_snprintf (nps, sizeof nps, "%.1fk", r->nodes / median / 1e3);
  else
    g_strlcpy (nps, "-", sizeof nps);
  if (r->peak_kib > 0)
    g_snprintf (peak, sizeof peak, "%.1f", r->peak_kib / 1024.0);
  else
    g_strlcpy (peak, "-", sizeof peak);
  printf (TABLE_FORMAT, line->heaps, rule_sets[line->rules].label,
          spec != NULL ? spec : "reference C loop (count_tree)",
          value_text (r), nodes, seconds, nps, peak);
}

/* ---------------------------------------------------------------------
   bench/expected */

/* The blank-separated words of @text. */
static GStrv
split_words (const char *text)
{
  g_auto (GStrv) parts = g_strsplit_set (text, " \t", -1);
  GPtrArray *words = g_ptr_array_new ();
  guint i;

  for (i = 0; parts[i] != NULL; i++)
    if (*parts[i] != '\0')
      g_ptr_array_add (words, g_strdup (parts[i]));
  g_ptr_array_add (words, NULL);
  return (GStrv) g_ptr_array_free (words, FALSE);
}

/* Parses bench/expected: "name count" lines; blank lines and lines
   starting with '#' are comments.  Returns name -> count. */
static GHashTable *
expected_load (const char *path, GError **error)
{
  g_autoptr (GHashTable) table = NULL;
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  guint i;

  if (!g_file_get_contents (path, &text, NULL, error))
    return NULL;
  table = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, g_free);
  lines = g_strsplit (text, "\n", -1);
  for (i = 0; lines[i] != NULL; i++)
    {
      g_auto (GStrv) fields = NULL;
      g_autoptr (GError) local = NULL;
      char *l = g_strstrip (lines[i]);
      guint64 count;

      if (*l == '\0' || *l == '#')
        continue;
      fields = split_words (l);
      if (g_strv_length (fields) != 2)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       "%s:%u: expected a name and a node count", path, i + 1);
          return NULL;
        }
      if (!nim_parse_uint (fields[1], 0, G_MAXUINT64, "node count", &count,
                           &local))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE, "%s:%u: %s", path,
                       i + 1, local->message);
          return NULL;
        }
      if (g_hash_table_contains (table, fields[0]))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       "%s:%u: %s is listed twice", path, i + 1, fields[0]);
          return NULL;
        }
      g_hash_table_insert (table, g_strdup (fields[0]),
                           g_memdup2 (&count, sizeof count));
    }
  return g_steal_pointer (&table);
}

/* ---------------------------------------------------------------------
   Modes */

typedef struct
{
  char *check;
  char *expected;
  char *only;
  char *runs;
  gboolean counts;
  gboolean all;
  gboolean list;
  gboolean version;
} Options;

static void
options_clear (Options *o)
{
  g_free (o->check);
  g_free (o->expected);
  g_free (o->only);
  g_free (o->runs);
}

static int
usage_error (const char *message)
{
  fprintf (stderr,
           "nim-bench: %s\n"
           "Try 'nim-bench --help' for more information.\n",
           message);
  return BENCH_EXIT_USAGE;
}

/* Whether --only lets @line run: any line it matches, and without it
   every line but those run on request. */
static gboolean
selected (const Options *o, const BenchLine *line)
{
  g_autofree char *name = line_name (line);

  if (o->only == NULL)
    return !line->on_request;
  return g_pattern_match_simple (o->only, name);
}

/* `--list`: the names and specs of the lines. */
static int
list_lines (const Options *o)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (suite); i++)
    if (selected (o, &suite[i]) || (o->only == NULL && suite[i].on_request))
      {
        g_autofree char *name = line_name (&suite[i]);
        const char *spec = engine_spec (suite[i].engine);

        printf ("%-28s %s%s\n", name, spec != NULL ? spec : "reference C loop",
                suite[i].on_request ? "  (on request: only --only runs it)"
                : suite[i].slow     ? "  (slow: --check leaves it out)"
                                    : "");
      }
  return EXIT_SUCCESS;
}

/* `--counts`: every line once, in the format of bench/expected. */
static int
print_counts (const Options *o)
{
  guint i;
  int status = EXIT_SUCCESS;

  printf ("# bench/expected -- node count of each line of `make bench`\n"
          "# Written by `bench/nim-bench --counts > bench/expected`; "
          "checked by\n"
          "# `bench/nim-bench --check bench/expected` in `make check`.  "
          "A count\n"
          "# changes only when a search does: say why in the commit that "
          "changes it.\n");
  for (i = 0; i < G_N_ELEMENTS (suite); i++)
    {
      g_autofree char *name = line_name (&suite[i]);
      LineResult r;

      if (!selected (o, &suite[i]))
        continue;
      run_line_forked (&suite[i], 1, &r);
      if (!r.ok)
        {
          fprintf (stderr, "nim-bench: %s: %s\n", name, r.message);
          status = EXIT_FAILURE;
          continue;
        }
      printf ("%-28s %" G_GUINT64_FORMAT "\n", name, r.nodes);
      fflush (stdout);
    }
  return status;
}

/* `--check FILE`: every line once (the slow ones only with --all); fails
   when a count differs from FILE's or FILE and the suite do not list the
   same lines. */
static int
check_counts (const Options *o)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) expected = expected_load (o->check, &error);
  g_autoptr (GHashTable) seen = NULL;
  GHashTableIter iter;
  gpointer key;
  guint i, n_checked = 0, n_failed = 0, n_skipped = 0;
  gint64 t0 = g_get_monotonic_time ();

  if (expected == NULL)
    {
      fprintf (stderr, "nim-bench: --check: %s\n", error->message);
      return BENCH_EXIT_USAGE;
    }
  seen = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  for (i = 0; i < G_N_ELEMENTS (suite); i++)
    {
      g_autofree char *name = line_name (&suite[i]);
      const guint64 *want = g_hash_table_lookup (expected, name);
      LineResult r;

      g_hash_table_add (seen, g_strdup (name));
      if (!selected (o, &suite[i]))
        continue;
      if (want == NULL)
        {
          printf ("FAIL %s: not in %s (add it: nim-bench --counts)\n", name,
                  o->check);
          n_failed++;
          continue;
        }
      if (suite[i].slow && !o->all)
        {
          printf ("skip %s: slow (--all checks it)\n", name);
          n_skipped++;
          continue;
        }
      run_line_forked (&suite[i], 1, &r);
      n_checked++;
      if (!r.ok)
        {
          printf ("FAIL %s: %s\n", name, r.message);
          n_failed++;
        }
      else if (r.nodes != *want)
        {
          printf ("FAIL %s: %" G_GUINT64_FORMAT
                  " nodes, expected %" G_GUINT64_FORMAT "\n",
                  name, r.nodes, *want);
          n_failed++;
        }
      else
        printf ("ok   %s: %" G_GUINT64_FORMAT " nodes, %.3f s\n", name,
                r.nodes, r.seconds[0]);
      fflush (stdout);
    }
  g_hash_table_iter_init (&iter, expected);
  while (g_hash_table_iter_next (&iter, &key, NULL))
    if (!g_hash_table_contains (seen, key))
      {
        printf ("FAIL %s: in %s but not in the suite\n", (const char *) key,
                o->check);
        n_failed++;
      }
  printf ("%u lines checked, %u skipped, %u failed, in %.1f s\n", n_checked,
          n_skipped, n_failed, (g_get_monotonic_time () - t0) / 1e6);
  return n_failed > 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}

/* ---------------------------------------------------------------------
   The perfect-table reference */

/* A position with its heaps sorted, empty ones left out: the key of a
   table that ignores the order of the heaps, as nim's does. */
static char *
perfect_key (const guint32 *heaps, guint n)
{
  guint32 sorted[NIM_MAX_HEAPS];
  GString *s = g_string_new (NULL);
  guint i, j, m = 0;

  for (i = 0; i < n; i++)
    if (heaps[i] > 0)
      {
        for (j = m; j > 0 && sorted[j - 1] > heaps[i]; j--)
          sorted[j] = sorted[j - 1];
        sorted[j] = heaps[i];
        m++;
      }
  for (i = 0; i < m; i++)
    g_string_append_printf (s, "%u,", sorted[i]);
  return g_string_free (s, FALSE);
}

static void
perfect_visit (guint32 *heaps, guint n, GHashTable *seen, guint64 *nodes)
{
  char *key;
  guint32 sum = 0, best_take = 0;
  guint i, best = 0;

  (*nodes)++;
  key = perfect_key (heaps, n);
  if (!g_hash_table_add (seen, key))
    return; /* a perfect table knows it: entered, settled at once */
  for (i = 0; i < n; i++)
    sum ^= heaps[i];
  if (sum != 0)
    {
      /* Won: the nim-sum's winning move that takes the most. */
      for (i = 0; i < n; i++)
        if ((heaps[i] ^ sum) < heaps[i]
            && heaps[i] - (heaps[i] ^ sum) > best_take)
          {
            best = i;
            best_take = heaps[i] - (heaps[i] ^ sum);
          }
      heaps[best] -= best_take;
      perfect_visit (heaps, n, seen, nodes);
      heaps[best] += best_take;
      return;
    }
  /* Lost (or over): every move must be searched. */
  for (i = 0; i < n; i++)
    {
      guint32 h = heaps[i], c;

      for (c = 1; c <= h; c++)
        {
          heaps[i] = h - c;
          perfect_visit (heaps, n, seen, nodes);
        }
      heaps[i] = h;
    }
}

/**
 * perfect_count:
 * @text: a take-any position, as `--heaps` takes it
 *
 * The nodes a search of @text enters with a perfect table and perfect
 * ordering, the reference the default negamax is measured against (issue
 * 13): at a won position the nim-sum chooses one winning move (the one
 * taking the most), at a lost one every move is searched, and a position
 * entered before is entered (counted) but settled by the table at once.
 * It gives 153,409 on 20,30,40,50 and 2,077,208 on 40,60,80,100, as the
 * issue does; 845,677 on 10,20,30,40,50, where the 851,623 chose
 * among the winning moves some other way.
 *
 * Returns: the node count
 */
static guint64
perfect_count (const char *text)
{
  g_autoptr (GHashTable) seen
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  NimBoard board;
  guint64 nodes = 0;

  if (!nim_board_parse (&board, text, "--heaps", NULL))
    return 0;
  perfect_visit (board.heaps, board.n_heaps, seen, &nodes);
  return nodes;
}

/**
 * perfect_count_tie_break:
 * @text: a take-any position, as `--heaps` takes it
 *
 * The same count as perfect_count(), but the root plays as every computer
 * player's root does: the first winning move in generator order (heap by
 * heap, the smallest count first), so each earlier root move is refuted
 * first (its child, a won position for the opponent, entered and searched
 * as perfect_count() searches it), then the child of that move.  On
 * 10,20,30,40,50 the first winning move takes 6 from heap 2, and its lost
 * child 10,14,30,40,50 alone counts 1,700,905 nodes, where the winning
 * move taking the most (26 from heap 3) leaves a child that counts
 * 845,676.  Both counts enter the winning child of every won position;
 * negamax settles most won positions from the index of proven losses
 * without entering a child, so it can play the tie-break and still come
 * within 1.5x of perfect_count().
 *
 * Returns: the node count
 */
static guint64
perfect_count_tie_break (const char *text)
{
  g_autoptr (GHashTable) seen
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  NimBoard board;
  guint64 nodes = 1;
  guint32 *heaps = board.heaps;
  guint i, j;

  if (!nim_board_parse (&board, text, "--heaps", NULL))
    return 0;
  g_hash_table_add (seen, perfect_key (heaps, board.n_heaps));
  for (i = 0; i < board.n_heaps; i++)
    {
      guint32 h = heaps[i], c;

      for (c = 1; c <= h; c++)
        {
          guint32 sum = 0;

          heaps[i] = h - c;
          perfect_visit (heaps, board.n_heaps, seen, &nodes);
          for (j = 0; j < board.n_heaps; j++)
            sum ^= heaps[j];
          if (sum == 0)
            return nodes;
        }
      heaps[i] = h;
    }
  return nodes;
}

/* Prints how the default negamax compares with a perfect table, on the
   take-any lines of the default configuration that the run had. */
static void
print_perfect_ratios (const LineResult *results)
{
  guint i;
  gboolean header = FALSE;

  for (i = 0; i < G_N_ELEMENTS (suite); i++)
    {
      guint64 perfect, tie_break;

      if (suite[i].engine != ENGINE_FULL || suite[i].rules != RULES_NIM
          || !results[i].ok || !results[i].searched)
        continue;
      if (!header)
        printf ("#\n# default negamax against a perfect table (target on "
                "20,30,40,50,\n#   10,20,30,40,50 and 40,60,80,100: <= 1.5); "
                "with the root's tie-break:\n#   the root plays the first "
                "winning move in generator order, as every\n#   computer "
                "player does (see perfect_count_tie_break()):\n");
      header = TRUE;
      perfect = perfect_count (suite[i].heaps);
      tie_break = perfect_count_tie_break (suite[i].heaps);
      printf ("#   %-16s %12" G_GUINT64_FORMAT
              " nodes, perfect %12" G_GUINT64_FORMAT
              ": %.2fx; with the root's tie-break %12" G_GUINT64_FORMAT
              ": %.2fx\n",
              suite[i].heaps, results[i].nodes, perfect,
              (double) results[i].nodes / perfect, tie_break,
              (double) results[i].nodes / tie_break);
    }
}

/* The line of the suite that runs @engine on take-any @heaps, or -1. */
static int
find_line (Engine engine, const char *heaps)
{
  guint i;

  for (i = 0; i < G_N_ELEMENTS (suite); i++)
    if (suite[i].engine == engine && suite[i].rules == RULES_NIM
        && strcmp (suite[i].heaps, heaps) == 0)
      return (int) i;
  return -1;
}

/* pns beside the default negamax with the same table (issue 13: pns
   proves every take-any position of the bench that negamax proves), for
   the positions the run searched with both. */
static void
print_pns_beside_negamax (const LineResult *results)
{
  gboolean header = FALSE;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (suite); i++)
    {
      const LineResult *pns = &results[i], *neg;
      int j;

      if ((suite[i].engine != ENGINE_PNS && suite[i].engine != ENGINE_PNS_2G)
          || !pns->ok || !pns->searched)
        continue;
      j = find_line (suite[i].engine == ENGINE_PNS ? ENGINE_FULL
                                                   : ENGINE_FULL_2G,
                     suite[i].heaps);
      if (j < 0 || !results[j].ok || !results[j].searched)
        continue;
      neg = &results[j];
      if (!header)
        printf ("#\n# pns beside the default negamax, each with the same "
                "table (target: pns\n#   proves every take-any position "
                "that negamax proves):\n");
      header = TRUE;
      printf ("#   %-16s pns %12" G_GUINT64_FORMAT " nodes %8.3f s, negamax "
              "%12" G_GUINT64_FORMAT " nodes %8.3f s: %s\n",
              suite[i].heaps, pns->nodes, median_seconds (pns), neg->nodes,
              median_seconds (neg),
              !neg->proven   ? "negamax did not prove it"
              : !pns->proven ? "pns did not prove it (missed)"
                             : "both proved it (met)");
    }
}

/* Prints how minimax compares with the hand-written loop, when the run
   had both on 1,3,5,7. */
static void
print_ratio (const char *heaps, const LineResult *loop,
             const LineResult *minimax)
{
  double loop_nps, minimax_nps;

  if (loop == NULL || minimax == NULL || !loop->ok || !minimax->ok)
    return;
  loop_nps = loop->nodes / median_seconds (loop);
  minimax_nps = minimax->nodes / median_seconds (minimax);
  printf ("#\n# minimax on %s: %.1fM nodes/s, the reference C loop "
          "%.1fM nodes/s:\n#   minimax runs at %.2f of the loop's speed "
          "(target: >= 0.9)%s\n",
          heaps, minimax_nps / 1e6, loop_nps / 1e6, minimax_nps / loop_nps,
          loop->nodes == minimax->nodes ? "" : "; THE NODE COUNTS DIFFER");
}

/* Comparison runs: the games a second of one fixed run with 1 and with
   2 jobs.  The games are those of the test suite's runs: a searcher
   against a random player on drawn positions, each move judged.  The run
   is the median of @n_runs for each number of jobs. */
#define MATCH_GAMES 16000

static double
match_games_per_second (guint jobs, guint n_runs, double *cpu_per_game)
{
  g_autofree double *rates = g_new (double, n_runs);
  double cpu0 = process_cpu_seconds ();
  guint i, j;

  for (i = 0; i < n_runs; i++)
    {
      NimMatchConfig config = { 0 };
      g_autoptr (NimMatch) match = NULL;
      g_autoptr (GError) error = NULL;

      nim_rules_init (&config.rules);
      config.random_count = 4;
      config.random_max = 12;
      config.specs[0] = "negamax:time=0,tt=1M";
      config.specs[1] = "random";
      config.games = MATCH_GAMES;
      config.jobs = jobs;
      config.seed = 1;
      match = nim_match_new (&config, &error);
      if (match == NULL || !nim_match_run (match, NULL, NULL, &error))
        {
          fprintf (stderr, "nim-bench: comparison run: %s\n", error->message);
          return 0;
        }
      rates[i] = MATCH_GAMES / nim_match_get_summary (match)->seconds;
    }
  *cpu_per_game = (process_cpu_seconds () - cpu0) / (n_runs * MATCH_GAMES);
  /* The median, by insertion sort: a handful of runs. */
  for (i = 1; i < n_runs; i++)
    for (j = i; j > 0 && rates[j - 1] > rates[j]; j--)
      {
        double t = rates[j];

        rates[j] = rates[j - 1];
        rates[j - 1] = t;
      }
  return rates[n_runs / 2];
}

/* Prints the comparison runs' speed with 1 and 2 jobs, and the ratio
   (target: 2 jobs >= 1.8 x 1 job on a 2-core machine). */
static void
print_match_scaling (guint n_runs)
{
  double cpu1, cpu2;
  double one = match_games_per_second (1, n_runs, &cpu1);
  double two = match_games_per_second (2, n_runs, &cpu2);

  printf ("#\n# comparison run (%u games, negamax:tt=1M against random, 4 "
          "heaps of 1 to 12):\n#   1 job %.0f games/s, 2 jobs %.0f games/s: "
          "%.2f x (target: 2 jobs >= 1.8 x 1 job on 2 cores; %u cores "
          "here)\n",
          MATCH_GAMES, one, two, one > 0 ? two / one : 0,
          g_get_num_processors ());
  /* On a machine other work keeps busy the wall clock says little; the
     CPU time a game takes says what the jobs cost each other (locks,
     memory), which is what 2 idle cores would show. */
  printf ("#   CPU time a game: 1 job %.1f us, 2 jobs %.1f us: on 2 idle "
          "cores 2 jobs would play %.2f x the games of 1\n",
          cpu1 * 1e6, cpu2 * 1e6, cpu2 > 0 ? 2 * cpu1 / cpu2 : 0);
}

/* Kayles (0.77): whether negamax proves @n_rows rows of @row within a
   second, with a fresh table.  *seconds is what the search took. */
static gboolean
kayles_proven (guint32 row, guint n_rows, double *seconds)
{
  g_autoptr (NimPlayer) player = nim_player_new ("negamax:time=1", NULL);
  guint32 heaps[3] = { row, row, row };
  NimOctal code;
  NimRules rules;
  NimBoard board;
  NimMove move;
  gint64 t0;
  gboolean ok;

  g_assert (player != NULL);
  ok = nim_octal_parse (&code, "0.77", "code", NULL)
       && nim_octal_to_rules (&code, &rules);
  g_assert (ok);
  nim_board_init (&board, heaps, n_rows);
  if (!nim_board_check_room (&board, &rules, NULL))
    return FALSE;
  t0 = g_get_monotonic_time ();
  ok = nim_player_start (player, &rules, &board, NULL)
       && nim_player_choose_move (player, &board, &move, NULL);
  *seconds = (double) (g_get_monotonic_time () - t0) / G_USEC_PER_SEC;
  return ok && nim_player_get_stats (player)->proven && *seconds < 1.0;
}

/* The largest Kayles position of @n_rows equal rows that negamax proves
   within a second: doubling, then halving the gap (a longer row is not
   easier).  *seconds is the time of that largest one; *room says the
   board's NIM_MAX_HEAPS stopped the search, not the clock. */
static guint32
kayles_reach (guint n_rows, double *seconds, gboolean *room)
{
  NimBoard board;
  NimRules rules;
  NimOctal code;
  guint32 lo = 0, hi = 1, mid, limit = 1;
  double t = 0;

  nim_octal_parse (&code, "0.77", "code", NULL);
  nim_octal_to_rules (&code, &rules);
  /* The longest rows whose splits fit on a board. */
  for (;; limit++)
    {
      guint32 heaps[3] = { limit + 1, limit + 1, limit + 1 };

      nim_board_init (&board, heaps, n_rows);
      if (!nim_board_check_room (&board, &rules, NULL))
        break;
    }
  *seconds = 0;
  while (hi <= limit && kayles_proven (hi, n_rows, &t))
    {
      lo = hi;
      *seconds = t;
      hi = hi * 2 > limit && hi < limit ? limit : hi * 2;
    }
  *room = hi > limit;
  hi = MIN (hi, limit + 1);
  while (hi - lo > 1)
    {
      mid = lo + (hi - lo) / 2;
      if (kayles_proven (mid, n_rows, &t))
        {
          lo = mid;
          *seconds = t;
        }
      else
        hi = mid;
    }
  return lo;
}

/* The numbers later search work has to move: the largest Kayles row, and
   the largest three equal Kayles rows, that negamax proves in a
   second. */
static void
print_kayles_reach (void)
{
  double t1, t3;
  gboolean room1, room3;
  guint32 one = kayles_reach (1, &t1, &room1);
  guint32 three = kayles_reach (3, &t3, &room3);

  printf ("#\n# Kayles (0.77), negamax proving within 1 s: one row of %u "
          "(%.3f s)%s; three rows of %u (%.3f s)%s\n",
          one, t1, room1 ? ", the longest a board holds" : "", three, t3,
          room3 ? ", the longest a board holds" : "");
}

/* How many times the table runs @line: the 2 GiB table's lines once,
   as each run takes seconds (and fills 2 GiB anew). */
static guint
runs_of (const BenchLine *line, guint n_runs)
{
  return line->engine == ENGINE_FULL_2G || line->engine == ENGINE_PNS_2G
             ? 1
             : n_runs;
}

/* The targets of the searches with a 2 GiB table (issue 13): each line's
   wall time against its limit, nodes per second against 5 M, and the
   CPU time, which says what an idle machine would show. */
static void
print_big_table_targets (const LineResult *results)
{
  static const struct
  {
    const char *heaps;
    double limit;
  } targets[] = { { "80,120,160,200", 10 }, { "160,160,160,160", 40 } };
  gboolean header = FALSE;
  guint i, t;

  for (i = 0; i < G_N_ELEMENTS (suite); i++)
    for (t = 0; t < G_N_ELEMENTS (targets); t++)
      {
        const LineResult *r = &results[i];
        double wall, cpu, sys;

        if (suite[i].engine != ENGINE_FULL_2G || !r->ok || !r->searched
            || strcmp (suite[i].heaps, targets[t].heaps) != 0)
          continue;
        if (!header)
          printf ("#\n# negamax with tt=2G (targets: 80,120,160,200 in < 10 "
                  "s, 160,160,160,160\n#   in < 40 s, >= 5 M nodes/s on "
                  "both):\n");
        header = TRUE;
        wall = median_seconds (r);
        cpu = median_of (r->cpu, r->n_runs);
        sys = median_of (r->sys, r->n_runs);
        printf ("#   %-16s %12" G_GUINT64_FORMAT " nodes, %.2f s (%s), "
                "%.2f M nodes/s (%s)\n#     CPU time %.2f s, %.2f M "
                "nodes/s; of it system time %.2f s (the kernel\n#     "
                "handing out the table's pages), user time %.2f s, %.2f M "
                "nodes/s\n",
                suite[i].heaps, r->nodes, wall,
                wall < targets[t].limit ? "met" : "missed",
                wall > 0 ? r->nodes / wall / 1e6 : 0,
                wall > 0 && r->nodes / wall >= 5e6 ? "met" : "missed", cpu,
                cpu > 0 ? r->nodes / cpu / 1e6 : 0, sys, cpu - sys,
                cpu - sys > 0 ? r->nodes / (cpu - sys) / 1e6 : 0);
      }
}

/* The table: every selected line, --runs times each. */
static int
print_table (const Options *o, guint n_runs)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GHashTable) expected = NULL;
  g_autoptr (GPtrArray) differ = g_ptr_array_new_with_free_func (g_free);
  LineResult *results = g_new0 (LineResult, G_N_ELEMENTS (suite));
  const LineResult *loop = NULL, *minimax = NULL;
  const LineResult *loop345 = NULL, *minimax345 = NULL;
  guint i, n_lines = 0, n_failed = 0;

  if (o->expected != NULL)
    {
      expected = expected_load (o->expected, &error);
      if (expected == NULL)
        {
          g_free (results);
          fprintf (stderr, "nim-bench: --expected: %s\n", error->message);
          return BENCH_EXIT_USAGE;
        }
    }
  for (i = 0; i < G_N_ELEMENTS (suite); i++)
    n_lines += selected (o, &suite[i]);
  print_table_header (n_lines, n_runs);
  for (i = 0; i < G_N_ELEMENTS (suite); i++)
    {
      g_autofree char *name = line_name (&suite[i]);
      LineResult *r = &results[i];
      const guint64 *want;

      if (!selected (o, &suite[i]))
        continue;
      run_line_forked (&suite[i], runs_of (&suite[i], n_runs), r);
      print_table_row (&suite[i], r);
      fflush (stdout);
      if (!r->ok)
        n_failed++;
      want = expected != NULL ? g_hash_table_lookup (expected, name) : NULL;
      if (r->ok && expected != NULL && (want == NULL || *want != r->nodes))
        g_ptr_array_add (differ, g_steal_pointer (&name));
      if (suite[i].rules == RULES_NIM
          && strcmp (suite[i].heaps, "1,3,5,7") == 0)
        {
          if (suite[i].engine == ENGINE_LOOP)
            loop = r;
          else if (suite[i].engine == ENGINE_MINIMAX)
            minimax = r;
        }
      if (suite[i].rules == RULES_NIM && strcmp (suite[i].heaps, "3,4,5") == 0)
        {
          if (suite[i].engine == ENGINE_LOOP)
            loop345 = r;
          else if (suite[i].engine == ENGINE_MINIMAX)
            minimax345 = r;
        }
    }
  print_ratio ("1,3,5,7", loop, minimax);
  print_ratio ("3,4,5", loop345, minimax345);
  print_perfect_ratios (results);
  print_big_table_targets (results);
  print_pns_beside_negamax (results);
  if (o->only == NULL || g_pattern_match_simple (o->only, "match"))
    print_match_scaling (n_runs);
  if (o->only == NULL || g_pattern_match_simple (o->only, "kayles"))
    print_kayles_reach ();
  if (expected != NULL && differ->len == 0)
    printf ("#\n# every node count matches %s\n", o->expected);
  else if (expected != NULL)
    {
      printf ("#\n# node counts that differ from %s (or are not in it):",
              o->expected);
      for (i = 0; i < differ->len; i++)
        printf (" %s", (const char *) differ->pdata[i]);
      printf ("\n");
    }
  g_free (results);
  return n_failed > 0 ? EXIT_FAILURE : EXIT_SUCCESS;
}

int
main (int argc, char **argv)
{
  Options o = { 0 };
  g_autoptr (GOptionContext) context = NULL;
  g_autoptr (GError) error = NULL;
  guint64 runs = DEFAULT_RUNS;
  guint i, n_selected = 0;
  int status;
  const GOptionEntry entries[] = {
    { "check", 'c', 0, G_OPTION_ARG_FILENAME, &o.check,
      "Search each line once and fail if a node count differs from FILE's "
      "(slow lines only with --all)",
      "FILE" },
    { "counts", 0, 0, G_OPTION_ARG_NONE, &o.counts,
      "Search each line once and print its node count, as bench/expected "
      "holds them",
      NULL },
    { "all", 'a', 0, G_OPTION_ARG_NONE, &o.all,
      "With --check, check the slow lines too", NULL },
    { "expected", 'e', 0, G_OPTION_ARG_FILENAME, &o.expected,
      "After the table, name the lines whose node count differs from "
      "FILE's",
      "FILE" },
    { "runs", 'r', 0, G_OPTION_ARG_STRING, &o.runs,
      "Time each line over N runs, 1 to 25 (default 5)", "N" },
    { "only", 'o', 0, G_OPTION_ARG_STRING, &o.only,
      "Only the lines whose name matches PATTERN (* and ?), such as "
      "'full/*'; 'match' is the comparison runs' speed with 1 and 2 jobs, "
      "'kayles' the largest Kayles rows negamax proves in a second",
      "PATTERN" },
    { "list", 'l', 0, G_OPTION_ARG_NONE, &o.list,
      "List the lines' names and engine configurations", NULL },
    { "version", 'V', 0, G_OPTION_ARG_NONE, &o.version,
      "Print version information and exit", NULL },
    { NULL },
  };

  setlocale (LC_ALL, "");
  context = g_option_context_new ("- time nim's searches on a fixed suite");
  g_option_context_add_main_entries (context, entries, NULL);
  g_option_context_set_description (
      context,
      "Without --check or --counts, prints a table: position, rules, engine\n"
      "configuration, value, nodes, median seconds, nodes per second and "
      "peak\nmemory of each line.  A line's name is engine/rules/heaps, as "
      "--list\nshows.\n\n"
      "Examples:\n"
      "  nim-bench --expected bench/expected   what `make bench` runs\n"
      "  nim-bench --check bench/expected      what `make check` runs\n"
      "  nim-bench --counts > bench/expected   after a search changed\n"
      "  nim-bench --only 'minimax/*' --runs 1\n\n"
      "Exit status: 0 success, 1 a line failed or a count differs, 2 a "
      "usage error.\n");

  if (!g_option_context_parse (context, &argc, &argv, &error))
    status = usage_error (error->message);
  else if (argc > 1)
    {
      g_autofree char *message = g_strdup_printf (
          "unexpected argument '%s'; every setting is an option", argv[1]);

      status = usage_error (message);
    }
  else if (o.runs != NULL
           && !nim_parse_uint (o.runs, 1, MAX_RUNS, "--runs", &runs, &error))
    status = usage_error (error->message);
  else if ((o.check != NULL) + o.counts + o.list > 1)
    status = usage_error ("--check, --counts and --list exclude each other");
  else if (o.all && o.check == NULL)
    status = usage_error ("--all goes with --check");
  else if ((o.check != NULL || o.counts || o.list)
           && (o.runs != NULL || o.expected != NULL))
    status = usage_error ("--runs and --expected are for the table, not "
                          "--check, --counts or --list");
  else
    status = -1;
  if (status >= 0)
    {
      options_clear (&o);
      return status;
    }

  for (i = 0; i < G_N_ELEMENTS (suite); i++)
    n_selected += selected (&o, &suite[i]);
  if (o.version)
    status = (printf ("nim-bench (%s)\n", PACKAGE_STRING), EXIT_SUCCESS);
  else if (n_selected == 0
           && !(o.only != NULL
                && (g_pattern_match_simple (o.only, "match")
                    || g_pattern_match_simple (o.only, "kayles"))))
    {
      g_autofree char *message = g_strdup_printf (
          "--only: no line matches '%s'; --list names them", o.only);

      status = usage_error (message);
    }
  else if (o.list)
    status = list_lines (&o);
  else if (o.counts)
    status = print_counts (&o);
  else if (o.check != NULL)
    status = check_counts (&o);
  else
    status = print_table (&o, (guint) runs);
  options_clear (&o);
  return status;
}
