/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-bench-mcts.c -- where Monte-Carlo tree search fails on Nim: a seeded
 * sweep over heap counts and budgets
 *
 * For Nim (take any number, normal play) with 3 to 7 heaps, two families
 * of won positions: the positions of Zhou and Riis's games, heap i
 * holding at most 2i - 1 (1, 3, 5, ...; emptied heaps included), and
 * random positions, each heap from 1 to 7.  For each budget of
 * iterations, plain UCT (mcts:solver=off) and MCTS-Solver (mcts) choose a
 * move on every position of a sample: the accuracy is the share of them
 * where the move keeps the win (leaves a nim-sum of 0).  Then each plays
 * whole games against the nim-sum player (xor) from won starts, moving
 * first: xor never errs, so a game is won only by keeping the win at
 * every move.  The table also gives what a uniformly random move scores
 * (the share of winning moves among the legal ones, averaged over the
 * sample) and how often MCTS-Solver proved its root.
 *
 * Everything follows from --seed: the positions are drawn from it, and
 * every search and game gets a seed of its own derived from it and from
 * its place in the sweep, never from the thread that runs it, so the
 * figures are the same for any --jobs.  The searches run on a GThreadPool.
 *
 * The table goes to standard output; with --plot PREFIX the figures go
 * to PREFIX.dat, a gnuplot script to PREFIX.gp, and, when gnuplot is
 * installed, the plot to PREFIX.svg: accuracy against budget, one line a
 * heap count, a panel for each family and algorithm. */

#include "config.h"

#include "nim-game.h"
#include "nim-player.h"
#include "nim-tt.h"
#include "nim-error.h"
#include "nim-parse.h"

#include <gio/gio.h>
#include <locale.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define MAX_HEAP_COUNTS 8
#define MAX_BUDGETS 16

/* The largest heap of a random position: heaps of three bits, so that
   the heap count, not the heaps' size, sets how hard a position is. */
#define RANDOM_HEAP_MAX 7

typedef enum
{
  FAMILY_ZHOU_RIIS,
  FAMILY_RANDOM,
  N_FAMILIES,
} Family;

static const char *const family_names[N_FAMILIES] = { "1,3,5,...", "random" };

typedef enum
{
  ALGO_UCT,
  ALGO_SOLVER,
  N_ALGOS,
} Algo;

static const char *const algo_names[N_ALGOS] = { "plain UCT", "MCTS-Solver" };
static const char *const algo_options[N_ALGOS] = { ",solver=off", "" };

/* What the sweep covers. */
typedef struct
{
  guint heaps[MAX_HEAP_COUNTS];
  guint n_heap_counts;
  guint64 budgets[MAX_BUDGETS];
  guint n_budgets;
  guint positions; /* searched positions per heap count and family */
  guint games;     /* games against xor per line, from the first positions */
  guint32 seed;
  guint jobs;
} Sweep;

/* One line of the table: a heap count, a family, a budget, an
   algorithm.  Each task writes its own slot. */
typedef struct
{
  guint heaps_index, budget_index;
  Family family;
  Algo algo;
  gboolean *kept;   /* per position: the move chosen keeps the win */
  gboolean *proven; /* per position: the search proved its root */
  gboolean *won;    /* per game: mcts beat xor */
  double seconds;   /* the searches' time, summed (the games' excluded) */
  GMutex lock;      /* for @seconds */
} Line;

typedef struct
{
  const Sweep *sweep;
  NimRules rules;
  NimBoard *boards[MAX_HEAP_COUNTS][N_FAMILIES]; /* the sample */
  double random_share[MAX_HEAP_COUNTS][N_FAMILIES];
  Line *lines;
  guint n_lines;
} Bench;

/* One search (@game FALSE) or one game, of @line on position @index. */
typedef struct
{
  Bench *bench;
  Line *line;
  guint index;
  gboolean game;
} Task;

static guint
nim_sum (const NimBoard *b)
{
  guint i, x = 0;

  for (i = 0; i < b->n_heaps; i++)
    x ^= b->heaps[i];
  return x;
}

/* The sample of won positions of @n heaps in @family, drawn from @rand. */
static NimBoard *
sample (GRand *rand, guint n, Family family, guint count)
{
  NimBoard *boards = g_new (NimBoard, count);
  guint k, i;

  for (k = 0; k < count;)
    {
      guint32 heaps[NIM_MAX_HEAPS];

      for (i = 0; i < n; i++)
        heaps[i]
            = family == FAMILY_ZHOU_RIIS
                  ? (guint32) g_rand_int_range (rand, 0, 2 * i + 2)
                  : (guint32) g_rand_int_range (rand, 1, RANDOM_HEAP_MAX + 1);
      nim_board_init (&boards[k], heaps, n);
      /* Won positions only: the nim-sum is not 0. */
      if (nim_sum (&boards[k]) != 0)
        k++;
    }
  return boards;
}

/* The share of @b's moves that win: what a uniformly random move
   scores. */
static double
winning_share (const NimBoard *b)
{
  guint x = nim_sum (b), i, wins = 0;

  /* The winning moves: one per heap whose size XOR the nim-sum is
     smaller. */
  for (i = 0; i < b->n_heaps; i++)
    wins += (b->heaps[i] ^ x) < b->heaps[i];
  return (double) wins / (double) b->total;
}

/* The seed of one search or game: from --seed and its place in the
   sweep only. */
static guint32
task_seed (const Bench *b, const Task *t)
{
  const Line *l = t->line;
  guint64 place
      = ((((((guint64) l->heaps_index * N_FAMILIES + l->family) * MAX_BUDGETS
            + l->budget_index)
               * N_ALGOS
           + l->algo)
              * 2
          + t->game)
         << 32)
        | t->index;

  return (guint32) nim_tt_mix (nim_tt_mix (b->sweep->seed) ^ place);
}

static NimPlayer *
mcts_new (const Bench *b, const Line *l)
{
  g_autofree char *spec = g_strdup_printf (
      "mcts:time=0,iterations=%" G_GUINT64_FORMAT "%s",
      b->sweep->budgets[l->budget_index], algo_options[l->algo]);
  g_autoptr (GError) error = NULL;
  NimPlayer *p = nim_player_new (spec, &error);

  if (p == NULL)
    g_error ("%s: %s", spec, error->message);
  return p;
}

static void
run_task (gpointer data, gpointer user_data)
{
  Task *t = data;
  Bench *b = t->bench;
  Line *l = t->line;
  const NimBoard *start = &b->boards[l->heaps_index][l->family][t->index];
  g_autoptr (NimPlayer) p = mcts_new (b, l);
  g_autoptr (GError) error = NULL;

  nim_player_set_seed (p, task_seed (b, t));
  if (!nim_player_start (p, &b->rules, start, &error))
    g_error ("mcts: %s", error->message);
  if (!t->game)
    {
      NimBoard after = *start;
      NimMove move;

      if (!nim_player_choose_move (p, start, &move, &error))
        g_error ("mcts: %s", error->message);
      nim_board_make_move (&after, &move);
      l->kept[t->index] = nim_sum (&after) == 0;
      l->proven[t->index] = nim_player_get_stats (p)->proven;
      g_mutex_lock (&l->lock);
      l->seconds += nim_player_get_stats (p)->seconds;
      g_mutex_unlock (&l->lock);
    }
  else
    {
      g_autoptr (NimPlayer) xor = nim_player_new ("xor", NULL);
      g_autoptr (NimGame) game = NULL;

      nim_player_set_number (xor, 2);
      if (!nim_player_start (xor, &b->rules, start, &error))
        g_error ("xor: %s", error->message);
      game = nim_game_new (&b->rules, start, p, xor, 1);
      if (!nim_game_play (game, &error))
        g_error ("game: %s", error->message);
      l->won[t->index] = nim_game_get_winner (game) == 1;
    }
  g_free (t);
}

static double
share (const gboolean *v, guint n)
{
  guint i, k = 0;

  for (i = 0; i < n; i++)
    k += v[i] != FALSE;
  return n > 0 ? (double) k / n : 0;
}

/* A share as the table shows it, "-" without games. */
static char *
share_text (const gboolean *v, guint n)
{
  return n > 0 ? g_strdup_printf ("%.3f", share (v, n)) : g_strdup ("-");
}

static Line *
line_at (Bench *b, guint h, Family f, guint budget, Algo a)
{
  return &b->lines[((h * N_FAMILIES + f) * b->sweep->n_budgets + budget)
                       * N_ALGOS
                   + a];
}

/* The table, one block per heap count and family. */
static void
print_table (Bench *b, double seconds)
{
  const Sweep *s = b->sweep;
  guint h, f, k;

  printf ("MCTS on Nim (take any, normal play): the share of won positions "
          "where the\nmove chosen wins (\"accuracy\"), and of games won "
          "against xor from a won\nstart.  Seed %u; %u positions and %u "
          "games a line; %u thread%s, %.1f s.\n\n",
          s->seed, s->positions, s->games, s->jobs, s->jobs == 1 ? "" : "s",
          seconds);
  printf ("%-5s %-10s %6s %8s | %9s %9s %7s | %9s %9s\n", "heaps", "positions",
          "random", "budget", "UCT acc", "solver", "proven", "UCT games",
          "solver");
  for (h = 0; h < s->n_heap_counts; h++)
    for (f = 0; f < N_FAMILIES; f++)
      for (k = 0; k < s->n_budgets; k++)
        {
          Line *u = line_at (b, h, f, k, ALGO_UCT);
          Line *v = line_at (b, h, f, k, ALGO_SOLVER);

          g_autofree char *uw = share_text (u->won, s->games);
          g_autofree char *vw = share_text (v->won, s->games);

          printf ("%-5u %-10s %6.3f %8" G_GUINT64_FORMAT
                  " | %9.3f %9.3f %7.3f | %9s %9s\n",
                  s->heaps[h], family_names[f], b->random_share[h][f],
                  s->budgets[k], share (u->kept, s->positions),
                  share (v->kept, s->positions),
                  share (v->proven, s->positions), uw, vw);
        }
}

/* PREFIX.dat: a block per family and algorithm, a row per budget, a
   column per heap count; PREFIX.gp draws it; PREFIX.svg when gnuplot
   runs. */
static gboolean
write_plot (Bench *b, const char *prefix, GError **error)
{
  const Sweep *s = b->sweep;
  g_autofree char *dat = g_strconcat (prefix, ".dat", NULL);
  g_autofree char *gp = g_strconcat (prefix, ".gp", NULL);
  g_autofree char *svg = g_strconcat (prefix, ".svg", NULL);
  g_autofree char *dat_base = g_path_get_basename (dat);
  g_autofree char *svg_base = g_path_get_basename (svg);
  g_autoptr (GString) d = g_string_new (NULL);
  g_autoptr (GString) g = g_string_new (NULL);
  g_autofree char *gnuplot = g_find_program_in_path ("gnuplot");
  guint h, f, a, k, block = 0;

  g_string_append_printf (d,
                          "# nim-bench-mcts --seed %u: accuracy by budget; "
                          "columns: budget, then",
                          s->seed);
  for (h = 0; h < s->n_heap_counts; h++)
    g_string_append_printf (d, " %u heaps", s->heaps[h]);
  g_string_append_c (d, '\n');
  g_string_append (g, "# Written by nim-bench-mcts; run gnuplot on it in "
                      "its directory\n");
  g_string_append_printf (g,
                          "set terminal svg size 1000,760 dynamic "
                          "font 'sans,11'\nset output '%s'\n",
                          svg_base);
  g_string_append_printf (
      g,
      "set multiplot layout 2,2 title 'MCTS on Nim: share of won positions "
      "where the move kept the win (seed %u, %u positions)'\n"
      "set logscale x\nset xrange [%" G_GUINT64_FORMAT ":%" G_GUINT64_FORMAT
      "]\nset yrange [0:1.05]\nset xlabel 'iterations'\n"
      "set ylabel 'accuracy'\nset key top left\nset grid\n",
      s->seed, s->positions, s->budgets[0], s->budgets[s->n_budgets - 1]);
  for (f = 0; f < N_FAMILIES; f++)
    for (a = 0; a < N_ALGOS; a++, block++)
      {
        g_string_append_printf (d, "\n\n# %s, %s positions\n", algo_names[a],
                                family_names[f]);
        for (k = 0; k < s->n_budgets; k++)
          {
            g_string_append_printf (d, "%" G_GUINT64_FORMAT, s->budgets[k]);
            for (h = 0; h < s->n_heap_counts; h++)
              g_string_append_printf (
                  d, " %.4f",
                  share (line_at (b, h, f, k, a)->kept, s->positions));
            g_string_append_c (d, '\n');
          }
        g_string_append_printf (
            g, "set title '%s, %s positions'\nplot", algo_names[a],
            f == FAMILY_ZHOU_RIIS ? "1,3,5,..." : "random");
        for (h = 0; h < s->n_heap_counts; h++)
          g_string_append_printf (g,
                                  "%s '%s' index %u using 1:%u with "
                                  "linespoints title '%u heaps'",
                                  h > 0 ? "," : "", dat_base, block, h + 2,
                                  s->heaps[h]);
        g_string_append_c (g, '\n');
      }
  g_string_append (g, "unset multiplot\n");
  if (!g_file_set_contents (dat, d->str, -1, error)
      || !g_file_set_contents (gp, g->str, -1, error))
    return FALSE;
  if (gnuplot == NULL)
    {
      printf ("\ngnuplot is not installed: %s and %s are written, not %s\n",
              dat, gp, svg);
      return TRUE;
    }
  {
    /* The script names its data and its plot without a directory: it
       runs where it lies. */
    g_autofree char *dir = g_path_get_dirname (gp);
    g_autofree char *gp_base = g_path_get_basename (gp);
    g_autoptr (GSubprocessLauncher) launcher
        = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_NONE);
    g_autoptr (GSubprocess) child = NULL;

    g_subprocess_launcher_set_cwd (launcher, dir);
    child = g_subprocess_launcher_spawn (launcher, error, gnuplot, gp_base,
                                         NULL);
    if (child == NULL || !g_subprocess_wait_check (child, NULL, error))
      return FALSE;
  }
  printf ("\nThe plot: %s (data %s, script %s)\n", svg, dat, gp);
  return TRUE;
}

/* "10,100,1000" into @out; FALSE with a message if it is not a list of
   numbers from @min to @max. */
static gboolean
parse_list (const char *text, const char *what, guint64 min, guint64 max,
            guint64 *out, guint *n, guint most, GError **error)
{
  g_auto (GStrv) parts = g_strsplit (text, ",", -1);
  guint i;

  for (i = 0; parts[i] != NULL; i++)
    {
      if (i == most)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       "%s: at most %u values", what, most);
          return FALSE;
        }
      if (!nim_parse_uint (parts[i], min, max, what, &out[i], error))
        return FALSE;
    }
  *n = i;
  return i > 0;
}

int
main (int argc, char **argv)
{
  static const guint64 small_budgets[] = { 10, 100, 1000, 10000 };
  static const guint64 full_budgets[]
      = { 10, 30, 100, 300, 1000, 3000, 10000, 30000, 100000 };
  gboolean full = FALSE;
  char *heaps = NULL, *budgets = NULL, *plot = NULL;
  gint64 seed = 1, positions = 0, games = -1, jobs = 0;
  GOptionEntry entries[] = {
    { "full", 0, 0, G_OPTION_ARG_NONE, &full,
      "The full sweep (make bench-mcts): budgets 10 to 100000, 200 "
      "positions and 50 games a line",
      NULL },
    { "seed", 0, 0, G_OPTION_ARG_INT64, &seed,
      "Seed of the positions and searches (default 1)", "N" },
    { "heaps", 0, 0, G_OPTION_ARG_STRING, &heaps,
      "Heap counts (default 3,4,5,6,7)", "LIST" },
    { "budgets", 0, 0, G_OPTION_ARG_STRING, &budgets,
      "Iterations a move (default 10,100,1000,10000)", "LIST" },
    { "positions", 0, 0, G_OPTION_ARG_INT64, &positions,
      "Positions searched a line (default 100, full 200)", "N" },
    { "games", 0, 0, G_OPTION_ARG_INT64, &games,
      "Games against xor a line (default 20, full 50)", "N" },
    { "jobs", 'j', 0, G_OPTION_ARG_INT64, &jobs,
      "Threads (default: the processors); the figures do not depend on it",
      "J" },
    { "plot", 0, 0, G_OPTION_ARG_FILENAME, &plot,
      "Write PREFIX.dat, PREFIX.gp and (with gnuplot) PREFIX.svg", "PREFIX" },
    { NULL },
  };
  g_autoptr (GOptionContext) context
      = g_option_context_new ("- MCTS on Nim against budget and heap count");
  g_autoptr (GError) error = NULL;
  g_autoptr (GRand) rand = NULL;
  Sweep s = { { 3, 4, 5, 6, 7 }, 5 };
  Bench b = { &s };
  GThreadPool *pool;
  gint64 t0;
  guint h, f, k, a, i;
  guint64 list[MAX_BUDGETS];

  setlocale (LC_ALL, "");
  g_option_context_add_main_entries (context, entries, NULL);
  if (!g_option_context_parse (context, &argc, &argv, &error))
    {
      fprintf (stderr, "nim-bench-mcts: %s\n", error->message);
      return 2;
    }
  if (seed < 0 || seed > G_MAXUINT32 || positions < 0 || games < -1
      || jobs < 0)
    {
      fprintf (stderr, "nim-bench-mcts: --seed, --positions, --games and "
                       "--jobs take numbers from 0\n");
      return 2;
    }
  s.seed = (guint32) seed;
  if (full)
    {
      memcpy (s.budgets, full_budgets, sizeof full_budgets);
      s.n_budgets = G_N_ELEMENTS (full_budgets);
    }
  else
    {
      memcpy (s.budgets, small_budgets, sizeof small_budgets);
      s.n_budgets = G_N_ELEMENTS (small_budgets);
    }
  s.positions = positions > 0 ? (guint) positions : full ? 200 : 100;
  s.games = games >= 0 ? (guint) games : full ? 50 : 20;
  s.games = MIN (s.games, s.positions);
  s.jobs = jobs > 0 ? (guint) jobs : g_get_num_processors ();
  if (heaps != NULL)
    {
      if (!parse_list (heaps, "--heaps", 1, NIM_MAX_HEAPS, list,
                       &s.n_heap_counts, MAX_HEAP_COUNTS, &error))
        {
          fprintf (stderr, "nim-bench-mcts: %s\n",
                   error ? error->message : "--heaps: no value");
          return 2;
        }
      for (i = 0; i < s.n_heap_counts; i++)
        s.heaps[i] = (guint) list[i];
    }
  if (budgets != NULL
      && !parse_list (budgets, "--budgets", 1, G_MAXUINT32 - 1, s.budgets,
                      &s.n_budgets, MAX_BUDGETS, &error))
    {
      fprintf (stderr, "nim-bench-mcts: %s\n",
               error ? error->message : "--budgets: no value");
      return 2;
    }

  nim_rules_init (&b.rules); /* take any, whatever `make MOVES=` built */
  rand = g_rand_new_with_seed (s.seed);
  for (h = 0; h < s.n_heap_counts; h++)
    for (f = 0; f < N_FAMILIES; f++)
      {
        double sum = 0;

        b.boards[h][f] = sample (rand, s.heaps[h], f, s.positions);
        for (i = 0; i < s.positions; i++)
          sum += winning_share (&b.boards[h][f][i]);
        b.random_share[h][f] = sum / s.positions;
      }
  b.n_lines = s.n_heap_counts * N_FAMILIES * s.n_budgets * N_ALGOS;
  b.lines = g_new0 (Line, b.n_lines);
  for (h = 0; h < s.n_heap_counts; h++)
    for (f = 0; f < N_FAMILIES; f++)
      for (k = 0; k < s.n_budgets; k++)
        for (a = 0; a < N_ALGOS; a++)
          {
            Line *l = line_at (&b, h, f, k, a);

            l->heaps_index = h;
            l->family = f;
            l->budget_index = k;
            l->algo = a;
            l->kept = g_new0 (gboolean, s.positions);
            l->proven = g_new0 (gboolean, s.positions);
            l->won = g_new0 (gboolean, MAX (s.games, 1));
            g_mutex_init (&l->lock);
          }

  /* The largest budgets first, so that no thread is left with a long
     task at the end. */
  t0 = g_get_monotonic_time ();
  pool = g_thread_pool_new (run_task, NULL, (gint) s.jobs, TRUE, NULL);
  for (k = s.n_budgets; k-- > 0;)
    for (h = s.n_heap_counts; h-- > 0;)
      for (f = 0; f < N_FAMILIES; f++)
        for (a = 0; a < N_ALGOS; a++)
          {
            Line *l = line_at (&b, h, f, k, a);

            for (i = 0; i < s.positions + s.games; i++)
              {
                Task *t = g_new0 (Task, 1);

                t->bench = &b;
                t->line = l;
                t->game = i >= s.positions;
                t->index = t->game ? i - s.positions : i;
                g_thread_pool_push (pool, t, NULL);
              }
          }
  g_thread_pool_free (pool, FALSE, TRUE);

  print_table (&b, (g_get_monotonic_time () - t0) / 1e6);
  if (plot != NULL && !write_plot (&b, plot, &error))
    {
      fprintf (stderr, "nim-bench-mcts: %s\n", error->message);
      return 1;
    }
  for (i = 0; i < b.n_lines; i++)
    {
      g_free (b.lines[i].kept);
      g_free (b.lines[i].proven);
      g_free (b.lines[i].won);
      g_mutex_clear (&b.lines[i].lock);
    }
  g_free (b.lines);
  for (h = 0; h < s.n_heap_counts; h++)
    for (f = 0; f < N_FAMILIES; f++)
      g_free (b.boards[h][f]);
  g_free (heaps);
  g_free (budgets);
  g_free (plot);
  return 0;
}
