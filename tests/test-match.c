/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-match.c -- comparison runs: the statistics, the theory's winners,
 * --jobs, the results file, Ctrl-C and bad options */

#include "config.h"

#include "nim-game.h"
#include "nim-match.h"
#include "nim-stats.h"
#include "nim-test.h"
#include "nim-tt.h"
#include "nim-error.h"

#include <stdio.h>
#include <fcntl.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <unistd.h>

#define STATUS_OK 0
#define STATUS_FAILURE 1
#define STATUS_USAGE 2
#define STATUS_INTERRUPTED 130

/* ------------------------------------------------------------------------ */
/* A file @name in a directory of its own, for a run's results; the
   directory goes to *@dir. */
static char *
results_file_new (char **dir, const char *name)
{
  g_autoptr (GError) error = NULL;

  *dir = g_dir_make_tmp ("nim-match-XXXXXX", &error);
  g_assert_no_error (error);
  return g_build_filename (*dir, name, NULL);
}

static void
results_file_remove (const char *dir, const char *path)
{
  g_unlink (path);
  g_rmdir (dir);
}

/* Elo, against values worked out by hand (and checked with a calculator):
   score s is worth -400 log10 (1/s - 1). */

static void
test_elo_from_score (void)
{
  g_assert_cmpfloat_with_epsilon (nim_stats_elo_from_score (0.5), 0.0, 1e-9);
  g_assert_cmpfloat_with_epsilon (nim_stats_elo_from_score (0.75), 190.8485,
                                  1e-3);
  g_assert_cmpfloat_with_epsilon (nim_stats_elo_from_score (0.25), -190.8485,
                                  1e-3);
  g_assert_cmpfloat_with_epsilon (nim_stats_elo_from_score (10.0 / 11), 400.0,
                                  1e-9);
  g_assert_true (isinf (nim_stats_elo_from_score (1.0)));
  g_assert_true (isinf (nim_stats_elo_from_score (0.0)));
  g_assert_cmpfloat (nim_stats_elo_from_score (0.0), <, 0);
}

/* Pairs scored 1, 1/2 and 0: mean, variance of the pair scores over n,
   a normal 95% interval turned into Elo, and the LOS from the same
   standard error. */
static void
test_elo_estimate (void)
{
  NimElo e;
  const guint64 strong[3] = { 60, 30, 10 };
  const guint64 weak[3] = { 10, 70, 20 };
  const guint64 even[3] = { 0, 50, 0 };
  const guint64 sweep[3] = { 25, 0, 0 };
  const guint64 none[3] = { 0, 0, 0 };

  nim_stats_elo_estimate (strong, &e);
  g_assert_cmpuint (e.pairs, ==, 100);
  g_assert_cmpfloat_with_epsilon (e.score, 0.75, 1e-12);
  g_assert_cmpfloat_with_epsilon (e.elo, 190.8485, 1e-3);
  g_assert_cmpfloat_with_epsilon (e.margin, 62.045, 1e-2);
  g_assert_cmpfloat (e.los, >, 0.9999);

  nim_stats_elo_estimate (weak, &e);
  g_assert_cmpfloat_with_epsilon (e.score, 0.45, 1e-12);
  g_assert_cmpfloat_with_epsilon (e.elo, -34.860, 1e-2);
  g_assert_cmpfloat_with_epsilon (e.margin, 37.187, 1e-2);
  g_assert_cmpfloat_with_epsilon (e.los, 0.03166, 1e-4);

  /* Every pair split: no spread, no difference. */
  nim_stats_elo_estimate (even, &e);
  g_assert_cmpfloat_with_epsilon (e.elo, 0.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (e.margin, 0.0, 1e-12);
  g_assert_cmpfloat_with_epsilon (e.los, 0.5, 1e-12);

  /* Every pair won: an infinite difference, surely the stronger. */
  nim_stats_elo_estimate (sweep, &e);
  g_assert_true (isinf (e.elo) && e.elo > 0);
  g_assert_true (isinf (e.margin));
  g_assert_cmpfloat (e.los, ==, 1.0);

  nim_stats_elo_estimate (none, &e);
  g_assert_cmpuint (e.pairs, ==, 0);
  g_assert_true (isnan (e.elo));
}

/* ------------------------------------------------------------------------ */
/* The library's own checks: what nim_match_new() refuses, it refuses in
   words of the game, naming no option (the program checks the options
   first, in its own words). */

static void
assert_refused (const NimMatchConfig *config, const char *message)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimMatch) match = nim_match_new (config, &error);

  g_assert_null (match);
  g_assert_error (error, NIM_ERROR, NIM_ERROR_USAGE);
  nim_test_assert_contains (nim_test_error_message (error), message);
  g_assert_null (strstr (nim_test_error_message (error), "--"));
}

static void
test_new_refuses (void)
{
  const guint32 heaps[] = { 3, 4, 5 };
  NimMatchConfig config = { 0 };

  nim_rules_init (&config.rules);
  nim_board_init (&config.start, heaps, G_N_ELEMENTS (heaps));
  config.games = 2;
  config.jobs = 1;
  config.specs[0] = "xor";
  config.specs[1] = "human";
  assert_refused (&config, "player 2 (human) asks a person");
  config.specs[1] = "negamax:depht=3";
  assert_refused (&config, "player 2: ");
  config.specs[1] = "random";
  config.random_count = 64;
  config.random_max = 2000;
  g_assert_cmpuint (nim_match_config_most_matches (&config), ==, 128000);
  assert_refused (&config, "at most 100000 matches, and these may hold "
                           "128000");
}

/* ------------------------------------------------------------------------ */
/* The same games for every number of jobs: a job's players live across
   its games (tables kept and cleared), and each game must still be the
   one fresh players play. */

/* What a run's game_finished saw of each game, by number. */
typedef struct
{
  GMutex lock;
  GHashTable *games; /* number -> GString: the game, one line a move */
} Collected;

/* A game as text: start, first mover, then each move and its nodes. */
static char *
describe_game (const NimGame *game)
{
  GString *s = g_string_new (NULL);
  g_autofree char *start = nim_board_to_string (nim_game_get_start (game));
  guint i;

  g_string_append_printf (s, "%s first %u\n", start,
                          nim_game_get_first (game));
  for (i = 0; i < nim_game_get_n_moves (game); i++)
    {
      const NimGameMove *m = nim_game_get_move (game, i);

      g_string_append_printf (s, "%u h%u-%u nodes %" G_GUINT64_FORMAT "\n",
                              m->player, m->move.heap + 1, m->move.count,
                              m->stats.nodes);
    }
  g_string_append_printf (s, "winner %u\n", nim_game_get_winner (game));
  return g_string_free (s, FALSE);
}

static gboolean
collect_game (gpointer data, const NimMatchGame *game, GError **error)
{
  Collected *c = data;
  char *text = describe_game (game->game);

  g_mutex_lock (&c->lock);
  g_assert_false (g_hash_table_contains (c->games, &game->number));
  g_hash_table_insert (c->games, g_memdup2 (&game->number, sizeof (guint64)),
                       text);
  g_mutex_unlock (&c->lock);
  return TRUE;
}

/* Plays @config with @jobs jobs: each game as text, by number; the
   summary to *@summary. */
static GHashTable *
play_run (NimMatchConfig *config, guint jobs, NimMatchSummary *summary)
{
  static const NimMatchCallbacks callbacks = { .game_finished = collect_game };
  g_autoptr (GError) error = NULL;
  g_autoptr (NimMatch) match = NULL;
  Collected c;

  g_mutex_init (&c.lock);
  c.games
      = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, g_free);
  config->jobs = jobs;
  match = nim_match_new (config, &error);
  g_assert_no_error (error);
  g_assert_true (nim_match_run (match, &callbacks, &c, &error));
  g_assert_no_error (error);
  *summary = *nim_match_get_summary (match);
  summary->per_position = NULL;
  g_mutex_clear (&c.lock);
  return c.games;
}

/* Two summaries of the same games: the same but for the times. */
static void
assert_same_summary (const NimMatchSummary *a, const NimMatchSummary *b)
{
  guint i, k;

  g_assert_cmpuint (a->finished, ==, b->finished);
  for (i = 0; i < 3; i++)
    g_assert_cmpuint (a->pair_counts[i], ==, b->pair_counts[i]);
  for (i = 0; i < 2; i++)
    {
      const NimMatchTally *s = &a->players[i], *t = &b->players[i];

      g_assert_cmpuint (s->wins, ==, t->wins);
      g_assert_cmpuint (s->moves, ==, t->moves);
      g_assert_cmpuint (s->nodes, ==, t->nodes);
      g_assert_cmpuint (s->won_positions, ==, t->won_positions);
      g_assert_cmpuint (s->kept, ==, t->kept);
      g_assert_cmpuint (s->unchecked, ==, t->unchecked);
      for (k = 0; k < NIM_END_N; k++)
        g_assert_cmpuint (s->forfeits[k], ==, t->forfeits[k]);
    }
  g_assert_cmpfloat (a->elo.elo, ==, b->elo.elo);
  g_assert_cmpfloat (a->llr, ==, b->llr);
}

/* Game @number of @config as fresh players play it, from the start and
   first mover the run gave it. */
static char *
play_fresh (const NimMatchConfig *config, guint64 number, const char *seen)
{
  g_auto (GStrv) lines = g_strsplit (seen, "\n", 2);
  g_auto (GStrv) words = g_strsplit (lines[0], " ", -1);
  g_autoptr (NimPlayer) p1 = nim_player_new (config->specs[0], NULL);
  g_autoptr (NimPlayer) p2 = nim_player_new (config->specs[1], NULL);
  NimPlayer *players[2] = { p1, p2 };
  g_autoptr (NimGame) game = NULL;
  g_autoptr (GError) error = NULL;
  NimBoard start;
  guint i;

  nim_test_board (&start, words[0]);
  for (i = 0; i < 2; i++)
    {
      nim_player_set_number (players[i], i + 1);
      nim_player_set_seed (players[i], nim_match_config_player_seed (
                                           config, number - 1, i + 1));
      g_assert_true (
          nim_player_start (players[i], &config->rules, &start, &error));
    }
  game = nim_game_new (&config->rules, &start, p1, p2,
                       (guint) g_ascii_strtoull (words[2], NULL, 10));
  g_assert_true (nim_game_play (game, &error));
  g_assert_no_error (error);
  return describe_game (game);
}

/* Every game of a run with 1, 2 and 3 jobs is the game fresh players
   play (a new default table each, the moves and every move's nodes),
   and the summaries are the same: @spec against random. */
static void
check_jobs_fresh_players (const char *spec)
{
  NimMatchConfig config = { 0 };
  NimMatchSummary one, other;
  g_autoptr (GHashTable) first = NULL;
  GHashTableIter iter;
  gpointer key, value;
  guint jobs;

  nim_rules_init (&config.rules);
  config.random_count = 4;
  config.random_max = 20;
  config.specs[0] = spec;
  config.specs[1] = "random";
  config.games = nim_test_light () ? 16 : 60;
  config.seed = 28;
  first = play_run (&config, 1, &one);
  g_assert_cmpuint (g_hash_table_size (first), ==, config.games);
  g_assert_cmpuint (one.players[0].nodes, >, 1000);
  g_hash_table_iter_init (&iter, first);
  while (g_hash_table_iter_next (&iter, &key, &value))
    {
      g_autofree char *fresh = play_fresh (&config, *(guint64 *) key, value);

      g_assert_cmpstr (value, ==, fresh);
    }
  for (jobs = 2; jobs <= 3; jobs++)
    {
      g_autoptr (GHashTable) games = play_run (&config, jobs, &other);

      g_assert_cmpuint (g_hash_table_size (games), ==, config.games);
      g_hash_table_iter_init (&iter, first);
      while (g_hash_table_iter_next (&iter, &key, &value))
        g_assert_cmpstr (value, ==, g_hash_table_lookup (games, key));
      assert_same_summary (&one, &other);
    }
}

/* ... for every searcher with a table (tt=), as it is by default. */
static void
test_jobs_fresh_players (void)
{
  const NimPlayerClass *const *classes = nim_player_classes ();
  guint i, n = 0;

  for (i = 0; classes[i] != NULL; i++)
    {
      const NimPlayerOption *o;

      if (classes[i]->kind != NIM_PLAYER_SEARCHER)
        continue;
      for (o = classes[i]->options; o != NULL && o->key != NULL; o++)
        if (g_str_equal (o->key, "tt"))
          break;
      if (o == NULL || o->key == NULL)
        continue;
      check_jobs_fresh_players (classes[i]->name);
      n++;
    }
  g_assert_cmpuint (n, >=, 2);
}

/* ------------------------------------------------------------------------ */
/* Runs through the real binary */

static JsonObject *
player (JsonNode *summary, guint i)
{
  return json_array_get_object_element (
      json_object_get_array_member (json_node_get_object (summary), "players"),
      i);
}

static guint
nim_sum (JsonArray *heaps)
{
  guint s = 0, i;

  for (i = 0; i < json_array_get_length (heaps); i++)
    s ^= (guint) json_array_get_int_element (heaps, i);
  return s;
}

/* Reads a results file: one JSON object a line, each parsed; the header
   lines of the runs are left out. */
static GPtrArray *
read_results (const char *path)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  GPtrArray *records
      = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  g_autoptr (GError) error = NULL;
  guint i;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_suffix (text, "\n") || *text == '\0');
  lines = g_strsplit (text, "\n", -1);
  for (i = 0; lines[i] != NULL; i++)
    if (*lines[i] != '\0')
      {
        JsonNode *node = nim_test_parse_json (lines[i]);

        g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
        /* A run's header line (its parameters) is not a game. */
        if (json_object_has_member (json_node_get_object (node), "params"))
          {
            json_node_unref (node);
            continue;
          }
        g_ptr_array_add (records, node);
      }
  return records;
}

/* xor against xor: whoever moves first in a position of nim-sum 0 loses,
   and every other first mover wins (the nim-sum theory).  So each pair is
   split 1-1, each player keeps every win, and each game in the results
   file has the winner the nim-sum predicts. */
static void
test_xor_theory (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr (JsonNode) fixed = NULL;
  g_autoptr (JsonNode) random = NULL;
  g_autoptr (GPtrArray) records = NULL;
  g_autoptr (GError) error = NULL;
  guint i, predicted_first_wins = 0;

  if (!nim_test_have_nim ())
    return;
  path = results_file_new (&dir, "results.jsonl");

  {
    const char *args[]
        = { "--games", "10",    "--player1", "xor", "--player2", "xor",
            "--heaps", "1,2,3", "--seed",    "1",   NULL };
    JsonObject *s, *pairs;

    fixed = nim_test_run_json (args);
    s = json_node_get_object (fixed);
    pairs = json_object_get_object_member (s, "pairs");
    g_assert_cmpint (json_object_get_int_member (s, "games"), ==, 10);
    g_assert_cmpint (json_object_get_int_member (pairs, "1-1"), ==, 5);
    g_assert_cmpint (json_object_get_int_member (player (fixed, 0), "wins"),
                     ==, 5);
    /* 1,2,3 is lost for the player to move: only the second mover ever
       stands in a won position, and keeps it. */
    g_assert_cmpint (
        json_object_get_int_member (player (fixed, 0), "kept_win"), ==,
        json_object_get_int_member (player (fixed, 0), "won_positions"));
    g_assert_cmpfloat (json_object_get_double_member (s, "elo"), ==, 0.0);
    g_assert_true (json_object_get_null_member (s, "won_every_pair"));
  }

  /* One player won every pair: "elo" is null, and "won_every_pair"
     says who. */
  {
    const char *args[]
        = { "--games", "4",     "--player1", "random", "--player2", "xor",
            "--heaps", "3,4,5", "--seed",    "1",      NULL };
    g_autoptr (JsonNode) swept = nim_test_run_json (args);
    JsonObject *s = json_node_get_object (swept);

    g_assert_true (json_object_get_null_member (s, "elo"));
    g_assert_cmpint (json_object_get_int_member (s, "won_every_pair"), ==, 2);
  }

  {
    const char *args[] = { "--games",   "60",  "--player1",      "xor",
                           "--player2", "xor", "--random-heaps", "3:9",
                           "--seed",    "5",   "--results",      path,
                           NULL };
    random = nim_test_run_json (args);
  }
  records = read_results (path);
  g_assert_cmpuint (records->len, ==, 60);
  for (i = 0; i < records->len; i++)
    {
      JsonObject *r = json_node_get_object (records->pdata[i]);
      guint first = (guint) json_object_get_int_member (r, "first");
      guint winner = (guint) json_object_get_int_member (r, "winner");
      guint s = nim_sum (json_object_get_array_member (r, "start"));

      g_assert_cmpuint (winner, ==, s != 0 ? first : 3 - first);
      predicted_first_wins += s != 0;
    }
  /* The draw is not all one kind of position. */
  g_assert_cmpuint (predicted_first_wins, >, 0);
  g_assert_cmpuint (predicted_first_wins, <, 60);
  for (i = 0; i < 2; i++)
    g_assert_cmpint (
        json_object_get_int_member (player (random, i), "kept_win"), ==,
        json_object_get_int_member (player (random, i), "won_positions"));
  g_assert_cmpint (
      json_object_get_int_member (json_object_get_object_member (
                                      json_node_get_object (random), "pairs"),
                                  "1-1"),
      ==, 30);
  results_file_remove (dir, path);
}

/* Removes what may differ between two runs of the same games: times and
   the number of jobs. */
static void
drop_times (JsonNode *summary)
{
  JsonObject *s = json_node_get_object (summary);
  guint i;

  json_object_remove_member (s, "seconds");
  json_object_remove_member (s, "jobs");
  for (i = 0; i < 2; i++)
    json_object_remove_member (player (summary, i), "seconds_per_move");
}

/* The summary does not depend on --jobs: random players, random
   positions and searches with tables included (node counts too). */
static void
test_jobs_same_summary (void)
{
  const char *one[]
      = { "--games",   "40",     "--player1",      "negamax:tt=1M",
          "--player2", "random", "--random-heaps", "4:12",
          "--seed",    "11",     "--jobs",         "1",
          NULL };
  const char *two[]
      = { "--games",   "40",     "--player1",      "negamax:tt=1M",
          "--player2", "random", "--random-heaps", "4:12",
          "--seed",    "11",     "--jobs",         "2",
          NULL };
  const char *three[]
      = { "--games",   "40",     "--player1",      "negamax:tt=1M",
          "--player2", "random", "--random-heaps", "4:12",
          "--seed",    "11",     "--jobs",         "3",
          NULL };
  g_autoptr (JsonNode) a = NULL;
  g_autoptr (JsonNode) b = NULL;
  g_autoptr (JsonNode) c = NULL;

  if (!nim_test_have_nim ())
    return;
  a = nim_test_run_json (one);
  b = nim_test_run_json (two);
  c = nim_test_run_json (three);
  g_assert_cmpint (
      json_object_get_int_member (json_node_get_object (b), "jobs"), ==, 2);
  drop_times (a);
  drop_times (b);
  drop_times (c);
  g_assert_true (json_node_equal (a, b));
  g_assert_true (json_node_equal (a, c));
  /* Not a vacuous comparison: the searcher searched and random lost. */
  g_assert_cmpint (json_object_get_int_member (player (a, 0), "nodes"), >, 0);
  g_assert_cmpint (json_object_get_int_member (player (a, 1), "losses"), >, 0);
}

/* Each line of the results file is a complete game record: its moves
   replay from the start to an empty board, each judged by the solver,
   and the file is appended to, never overwritten. */
static void
test_results_file (void)
{
  const char *args_template[]
      = { "--games",   "8",      "--player1",      "negamax",
          "--player2", "random", "--random-heaps", "3:7",
          "--seed",    "3",      "--results",      NULL,
          NULL };
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autoptr (GPtrArray) records = NULL;
  g_autoptr (GError) error = NULL;
  gboolean seen[9] = { FALSE };
  guint i, run;

  if (!nim_test_have_nim ())
    return;
  path = results_file_new (&dir, "r.jsonl");
  args_template[11] = path;
  for (run = 0; run < 2; run++)
    {
      g_autoptr (JsonNode) summary = nim_test_run_json (args_template);
      (void) summary;
    }
  records = read_results (path);
  g_assert_cmpuint (records->len, ==, 16);
  for (i = 0; i < records->len; i++)
    {
      JsonObject *r = json_node_get_object (records->pdata[i]);
      JsonArray *start = json_object_get_array_member (r, "start");
      JsonArray *moves = json_object_get_array_member (r, "moves");
      gint64 heaps[8];
      guint n = json_array_get_length (start), j, k;
      gint64 game = json_object_get_int_member (r, "game");

      g_assert_cmpint (game, >=, 1);
      g_assert_cmpint (game, <=, 8);
      if (i < 8)
        {
          g_assert_false (seen[game]);
          seen[game] = TRUE;
        }
      g_assert_cmpuint (n, ==, 3);
      for (j = 0; j < n; j++)
        heaps[j] = json_array_get_int_element (start, j);
      for (k = 0; k < json_array_get_length (moves); k++)
        {
          JsonObject *m = json_array_get_object_element (moves, k);
          gint64 h = json_object_get_int_member (m, "heap");
          gint64 take = json_object_get_int_member (m, "take");
          JsonArray *after = json_object_get_array_member (m, "heaps");

          g_assert_cmpint (take, >=, 1);
          g_assert_cmpint (take, <=, heaps[h - 1]);
          heaps[h - 1] -= take;
          for (j = 0; j < n; j++)
            g_assert_cmpint (heaps[j], ==,
                             json_array_get_int_element (after, j));
          g_assert_true (json_object_has_member (m, "position"));
          if (json_object_get_int_member (m, "player") == 1)
            g_assert_true (json_object_has_member (m, "stats"));
        }
      for (j = 0; j < n; j++)
        g_assert_cmpint (heaps[j], ==, 0);
    }
  results_file_remove (dir, path);
}

/* Starts nim with @args (NULL-terminated, without the program name) under
   LC_ALL=C, its output piped, and returns the running process. */
static GSubprocess *
spawn_nim (const char *const *args)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  GSubprocess *process;

  nim_test_add_nim_argv (argv, args);
  g_ptr_array_add (argv, NULL);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C", TRUE);
  process = g_subprocess_launcher_spawnv (
      launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  return process;
}

/* Waits for @process and checks that it succeeded. */
static void
assert_finished_ok (GSubprocess *process)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  if (!g_subprocess_get_if_exited (process)
      || g_subprocess_get_exit_status (process) != STATUS_OK)
    g_test_message ("stderr: %s", err);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, STATUS_OK);
}

/* Two runs appending to one results file at the same time: each line is
   one whole record of one of them, though a record of 64 heaps is far
   longer than a pipe's atomic 4 KiB or stdio's buffer, so a writer that
   wrote a line in pieces would have the other's pieces fall between. */
static void
test_results_concurrent (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GPtrArray) records = NULL;
  g_autoptr (GSubprocess) a = NULL;
  g_autoptr (GSubprocess) b = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) lines = NULL;
  /* 100 games each, 20 under valgrind (some 30 times slower, so the two
     runs still overlap for as long). */
  const guint games = nim_test_light () ? 20 : 100;
  g_autofree char *games_text = g_strdup_printf ("%u", games);
  const char *args[] = {
    "--games", games_text, "--random-heaps", "64:30",     "--seed", NULL, "-1",
    "xor",     "-2",       "random",         "--results", NULL,     NULL
  };
  gboolean seen[2][101] = { { FALSE } };
  gsize longest = 0;
  guint i;

  if (!nim_test_have_nim ())
    return;
  path = results_file_new (&dir, "r.jsonl");
  args[11] = path;
  args[5] = "5";
  a = spawn_nim (args);
  args[5] = "6";
  b = spawn_nim (args);
  assert_finished_ok (a);
  assert_finished_ok (b);

  /* Every line parses as a record (read_results checks that), there is
     one for each game of each run, and the lines are long enough to have
     been torn. */
  records = read_results (path);
  g_assert_cmpuint (records->len, ==, 2 * games);
  for (i = 0; i < records->len; i++)
    {
      JsonObject *r = json_node_get_object (records->pdata[i]);
      gint64 seed = json_object_get_int_member (r, "seed");
      gint64 game = json_object_get_int_member (r, "game");

      g_assert_true (seed == 5 || seed == 6);
      g_assert_cmpint (game, >=, 1);
      g_assert_cmpint (game, <=, games);
      g_assert_false (seen[seed - 5][game]);
      seen[seed - 5][game] = TRUE;
    }
  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  for (i = 0; lines[i] != NULL; i++)
    longest = MAX (longest, strlen (lines[i]));
  g_assert_cmpuint (longest, >, 4096);
  results_file_remove (dir, path);
}

/* A record a stopped run left half written, as kill -9 leaves it. */
#define FRAGMENT "{\"game\":7,\"moves\":[{\"heap\":1,\"ta"

/* Checks that @path holds @n records (and header lines), each a line of
   its own, and the
   line FRAGMENT once, whole; so no record ran on from it. */
static void
assert_fragment_apart (const char *path, guint n)
{
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) lines = NULL;
  guint i, records = 0, fragments = 0;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_suffix (text, "\n"));
  lines = g_strsplit (text, "\n", -1);
  for (i = 0; lines[i] != NULL; i++)
    if (g_str_equal (lines[i], FRAGMENT))
      fragments++;
    else if (*lines[i] != '\0')
      {
        g_autoptr (JsonNode) node = nim_test_parse_json (lines[i]);

        g_assert_true (JSON_NODE_HOLDS_OBJECT (node));
        /* Runs' header lines are not records. */
        records
            += !json_object_has_member (json_node_get_object (node), "params");
      }
  g_assert_cmpuint (fragments, ==, 1);
  if (n > 0)
    g_assert_cmpuint (records, ==, n);
}

/* A results file whose last line is incomplete: the run says so on
   standard error, naming the file, and ends that line with a newline, so
   that its own records start on lines of their own. */
static void
test_results_torn_line (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  int status;

  if (!nim_test_have_nim ())
    return;
  path = results_file_new (&dir, "r.jsonl");
  g_file_set_contents (path, FRAGMENT, -1, &error);
  g_assert_no_error (error);
  status = nim_test_run_nim (NULL, &out, &err, "--games", "4", "--player1",
                             "xor", "--player2", "random", "--seed", "1",
                             "--results", path, NULL);
  g_assert_cmpint (status, ==, STATUS_OK);
  nim_test_assert_contains (err, path);
  nim_test_assert_contains (err, "incomplete line");
  nim_test_assert_contains (err, "a newline was added");
  assert_fragment_apart (path, 4);
  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_str_has_prefix (text, FRAGMENT "\n{"));

  /* A file that ends its lines is not touched, nor warned of. */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  status = nim_test_run_nim (NULL, &out, &err, "--games", "2", "--player1",
                             "xor", "--player2", "random", "--seed", "1",
                             "--results", path, NULL);
  g_assert_cmpint (status, ==, STATUS_OK);
  g_assert_cmpstr (err, ==, "");
  assert_fragment_apart (path, 6);
  results_file_remove (dir, path);
}

/* Counts the lines of @path that end after the first @after in it (all
   of them when @after is NULL; none when it does not occur). */
static guint
count_lines (const char *path, const char *after)
{
  g_autofree char *text = NULL;
  guint n = 0;
  const char *p;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return 0;
  p = after != NULL ? strstr (text, after) : text;
  for (; p != NULL && (p = strchr (p, '\n')) != NULL; p++)
    n++;
  return n;
}

/* Another run sharing the results file is killed in the middle of a
   record while this one is running: it held the file's lock, as every
   run writing a record does, and left a fragment.  The next record this
   run writes does not run on from it. */
static void
test_results_torn_by_other (void)
{
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *args[] = { "--games",   "1000000", "--player1",      "xor",
                         "--player2", "random",  "--random-heaps", "4:15",
                         "--seed",    "9",       "--results",      NULL,
                         NULL };
  struct flock fl;
  guint waited = 0;
  int fd;

  if (!nim_test_have_nim ())
    return;
  path = results_file_new (&dir, "r.jsonl");
  args[11] = path;
  process = spawn_nim (args);
  while (count_lines (path, NULL) < 2)
    {
      g_usleep (20 * 1000);
      waited += 20;
      g_assert_cmpuint (waited, <, 30000);
      if (waited >= 30000)
        break;
    }

  /* The other run: it takes the lock, writes part of a record, dies.
     (Nothing else may open the file in between: closing any descriptor
     of a file drops the process's fcntl locks on it.) */
  fd = open (path, O_WRONLY | O_APPEND);
  g_assert_cmpint (fd, >=, 0);
  memset (&fl, 0, sizeof fl);
  fl.l_type = F_WRLCK;
  fl.l_whence = SEEK_SET;
  /* As a run locks to append: to the end of any file, short of the
     bytes where the runs writing it claim their parts (a lock over them
     would wait for this run to end). */
  fl.l_len = (off_t) 1 << (sizeof (off_t) * 8 - 2);
  g_assert_cmpint (fcntl (fd, F_SETLKW, &fl), ==, 0);
  g_assert_cmpint (write (fd, FRAGMENT, strlen (FRAGMENT)), ==,
                   (gssize) strlen (FRAGMENT));
  close (fd); /* releases the lock */

  /* The fragment's line and two records after it. */
  while (count_lines (path, FRAGMENT) < 3)
    {
      g_usleep (20 * 1000);
      waited += 20;
      g_assert_cmpuint (waited, <, 30000);
      if (waited >= 30000)
        break;
    }
  g_subprocess_send_signal (process, SIGINT);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==,
                   STATUS_INTERRUPTED);
  nim_test_assert_contains (err, "incomplete line");
  assert_fragment_apart (path, 0);
  results_file_remove (dir, path);
}

/* Run in the child before nim starts: a file size limit of 4 KiB, with
   SIGXFSZ ignored (which exec keeps), so that a write past it is cut
   short and the next fails with EFBIG, as on a full disk. */
static void
limit_file_size (gpointer data)
{
  struct rlimit limit = { 4096, 4096 };

  (void) data;
  signal (SIGXFSZ, SIG_IGN);
  setrlimit (RLIMIT_FSIZE, &limit);
}

/* A results file that fills up: on a full disk (/dev/full) the run
   fails with a message that names the file and why; when a record could
   be written only in part (a file size limit stands in for a full disk),
   the part is removed again and the message says so, and the file is as
   it was. */
static void
test_results_full (void)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *text = NULL;
  const char *first = "{\"game\":1}\n";
  int status;

  if (!nim_test_have_nim ())
    return;
  if (g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      status = nim_test_run_nim (NULL, &out, &err, "--games", "2", "--player1",
                                 "xor", "--player2", "random", "--results",
                                 "/dev/full", NULL);
      g_assert_cmpint (status, ==, STATUS_FAILURE);
      nim_test_assert_contains (err, "cannot write to the results file "
                                     "/dev/full: No space left on device");
      /* The finished games' summary, for people, on standard error; with
         no game and no pair there is no score and no LOS, as the JSON's
         null says, not 0% and 50%. */
      nim_test_assert_contains (err, "Games: 0 of 2");
      nim_test_assert_contains (err, "0 losses  score    n/a\n");
      nim_test_assert_contains (err, "Elo difference: n/a, LOS n/a, no "
                                     "finished pair\n");
      nim_test_assert_not_contains (err, "LOS 50.0%");
      g_assert_cmpstr (out, ==, "");
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
    }

  path = results_file_new (&dir, "r.jsonl");
  g_file_set_contents (path, first, -1, &error);
  g_assert_no_error (error);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C", TRUE);
  g_subprocess_launcher_set_child_setup (launcher, limit_file_size, NULL,
                                         NULL);
  /* 64 heaps make records of some 30 KB, far past the limit. */
  {
    const char *const args[]
        = { "--games",   "2",      "--player1",      "xor",
            "--player2", "random", "--random-heaps", "64:30",
            "--seed",    "5",      "--results",      path,
            NULL };
    g_autoptr (GPtrArray) argv = g_ptr_array_new ();

    nim_test_add_nim_argv (argv, args);
    g_ptr_array_add (argv, NULL);
    process = g_subprocess_launcher_spawnv (
        launcher, (const char *const *) argv->pdata, &error);
  }
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==, STATUS_FAILURE);
  nim_test_assert_contains (err, "cannot write to the results file");
  nim_test_assert_contains (err, path);
  nim_test_assert_contains (err, "File too large");
  nim_test_assert_contains (err, "the incomplete record was removed");
  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  g_assert_cmpstr (text, ==, first);
  results_file_remove (dir, path);
}

/* A run that fails with --json prints the error and nothing else: no
   text summary (on standard error or anywhere) for a script to take for
   the output, and no JSON, as the run did not finish. */
static void
test_failed_json (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  if (!nim_test_have_nim ())
    return;
  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full");
      return;
    }
  status = nim_test_run_nim (NULL, &out, &err, "--games", "2", "--player1",
                             "xor", "--player2", "random", "--results",
                             "/dev/full", "--json", NULL);
  g_assert_cmpint (status, ==, STATUS_FAILURE);
  g_assert_cmpstr (err, ==,
                   "nim: game 1: cannot write to the results file "
                   "/dev/full: No space left on device\n");
  g_assert_cmpstr (out, ==, "");
}

/* Ctrl-C: the run starts no more games, prints the summary of the
   finished ones, exits 130, and the results file holds every one of
   them, each line whole. */
static void
test_interrupt (void)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *expected = NULL;
  g_autoptr (GPtrArray) records = NULL;
  guint waited = 0;

  if (!nim_test_have_nim ())
    return;
  path = results_file_new (&dir, "r.jsonl");
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C", TRUE);
  {
    const char *const args[] = { "--games",
                                 "1000000",
                                 "--player1",
                                 "negamax",
                                 "--player2",
                                 "random",
                                 "--random-heaps",
                                 "4:15",
                                 "--seed",
                                 "9",
                                 "--jobs",
                                 "2",
                                 "--results",
                                 path,
                                 NULL };
    g_autoptr (GPtrArray) argv = g_ptr_array_new ();

    nim_test_add_nim_argv (argv, args);
    g_ptr_array_add (argv, NULL);
    process = g_subprocess_launcher_spawnv (
        launcher, (const char *const *) argv->pdata, &error);
  }
  g_assert_no_error (error);

  /* Wait for a few finished games, then press Ctrl-C. */
  for (;;)
    {
      g_usleep (50 * 1000);
      waited += 50;
      g_assert_cmpuint (waited, <, 30000);
      /* The run's header line, then two games. */
      if (count_lines (path, NULL) >= 3 || waited >= 30000)
        break;
    }
  g_subprocess_send_signal (process, SIGINT);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==,
                   STATUS_INTERRUPTED);
  nim_test_assert_contains (err, "interrupted");

  records = read_results (path);
  g_assert_cmpuint (records->len, >=, 2);
  g_assert_cmpuint (records->len, <, 1000000);
  expected
      = g_strdup_printf ("Games: %u of 1000000 (interrupted)", records->len);
  nim_test_assert_contains (out, expected);
  results_file_remove (dir, path);
}

/* Every bad comparison option gets its message and exit status 2; a
   results file that cannot be opened is a failure (1). */
static void
test_bad_options (void)
{
  static const struct
  {
    const char *args[12];
    int status;
    const char *message;
  } cases[] = {
    { { "--games", "7", NULL }, STATUS_USAGE, "--games 7 is odd" },
    { { "--games", "0", NULL }, STATUS_USAGE, "--games" },
    { { "--games", "ten", NULL }, STATUS_USAGE, "--games" },
    { { "--games", "-2", NULL }, STATUS_USAGE, "--games" },
    { { "--games", "4", "--jobs", "0", NULL }, STATUS_USAGE, "--jobs" },
    { { "--games", "4", "--jobs", "257", NULL }, STATUS_USAGE, "--jobs" },
    { { "--games", "4", "--random-heaps", "0", NULL },
      STATUS_USAGE,
      "--random-heaps COUNT" },
    { { "--games", "4", "--random-heaps", "65", NULL },
      STATUS_USAGE,
      "--random-heaps COUNT" },
    { { "--games", "4", "--random-heaps", "3:0", NULL },
      STATUS_USAGE,
      "--random-heaps MAX" },
    { { "--games", "4", "--random-heaps", "3:x", NULL },
      STATUS_USAGE,
      "--random-heaps MAX" },
    { { "--games", "4", "--random-heaps", "3:100001", NULL },
      STATUS_USAGE,
      "--random-heaps MAX" },
    /* A game can last a move a match: positions are bounded. */
    { { "--games", "4", "--random-heaps", "64:2000", NULL },
      STATUS_USAGE,
      "at most 100000 matches, and these may hold 128000" },
    { { "--games", "4", "--heaps", "100001", NULL },
      STATUS_USAGE,
      "at most 100000 matches, and these may hold 100001" },
    { { "--games", "4", "--random-heaps", "3", "--heaps", "3,4", NULL },
      STATUS_USAGE,
      "--heaps" },
    { { "--games", "4", "--player1", "human", NULL },
      STATUS_USAGE,
      "computer against computer" },
    { { "--games", "4", "--player2", "negamax:depht=3", NULL },
      STATUS_USAGE,
      "depht" },
    { { "--games", "4", "--first", "2", NULL }, STATUS_USAGE, "--first" },
    { { "--games", "4", "--solve", NULL },
      STATUS_USAGE,
      "cannot be combined" },
    { { "--jobs", "2", "--player1", "xor", NULL }, STATUS_USAGE, "--games" },
    { { "--results", "x.jsonl", "--player1", "xor", NULL },
      STATUS_USAGE,
      "--games" },
    { { "--games", "4", "--player1", "xor", "--moves", "2,3", NULL },
      STATUS_USAGE,
      "cannot play" },
    { { "--games", "4", "--results", "/nonexistent/dir/r.jsonl", NULL },
      STATUS_FAILURE,
      "cannot open the results file" },
  };
  guint i;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    nim_test_assert_refused (cases[i].args, cases[i].status, cases[i].message);
}

/* The largest table size, as tt= takes it ("4096M"), of at most
   @bytes. */
static char *
table_spec (guint64 bytes)
{
  guint64 size = nim_tt_size_for (bytes);

  return g_strdup_printf ("negamax:tt=%" G_GUINT64_FORMAT "M", size >> 20);
}

/* Memory is checked for the whole run: every job's two players' tables
   (and the judge's, here a closed form's: none), not each table on its
   own.  Two tables of which each fits, but not both, are refused, as
   are tables that fit for one job but not for two; the message names
   the total, what there is and what to change. */
static void
test_memory_per_run (void)
{
  guint64 available = nim_tt_memory_available ();
  NimMatchConfig config = { 0 };
  guint64 per_job;

  nim_rules_init (&config.rules);
  config.random_count = 3;
  config.random_max = 7;
  config.games = 2;
  config.jobs = 3;
  config.specs[0] = "negamax:tt=1M";
  config.specs[1] = "pns:tt=2M";
  g_assert_cmpuint (nim_match_config_memory (&config, &per_job), ==,
                    3 * per_job);
  g_assert_cmpuint (per_job, ==,
                    nim_tt_footprint (1 << 20) + nim_tt_footprint (2 << 20));
  g_assert_cmpuint (nim_tt_footprint (1 << 20), >, 1 << 20);
  config.specs[1] = "random";
  g_assert_cmpuint (nim_match_config_memory (&config, NULL), ==,
                    3 * nim_tt_footprint (1 << 20));
  if (available == 0)
    {
      g_test_skip ("the system does not say how much memory there is");
      return;
    }
  {
    /* Each of at most half the memory, more than a quarter: one job
       holds two, two jobs four. */
    g_autofree char *half = table_spec (available / 2);
    /* Each of at most all the memory, more than half. */
    g_autofree char *all = table_spec (available);
    const char *two_jobs[]
        = { "--games",   "4",  "--jobs",         "2",   "--player1", half,
            "--player2", half, "--random-heaps", "3:7", NULL };
    const char *one_job[]
        = { "--games",        "4",   "--player1", all, "--player2", all,
            "--random-heaps", "3:7", NULL };
    const char *issue[] = { "--games",
                            "64",
                            "--jobs",
                            "32",
                            "--player1",
                            "negamax:tt=16G",
                            "--player2",
                            "negamax:tt=16G",
                            "--random-heaps",
                            "3:7",
                            NULL };

    config.specs[0] = half;
    config.specs[1] = half;
    config.jobs = 2;
    assert_refused (&config, "of memory available; play fewer games at "
                             "once or give smaller tables (tt=)");
    config.jobs = 1;
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (NimMatch) match = nim_match_new (&config, &error);

      g_assert_no_error (error);
    }
    if (!nim_test_have_nim ())
      return;
    nim_test_assert_refused (two_jobs, STATUS_USAGE, "--jobs 2: ");
    nim_test_assert_refused (two_jobs, STATUS_USAGE, "(2 games at once, ");
    nim_test_assert_refused (one_job, STATUS_USAGE,
                             "together, more than the ");
    if (available < (G_GUINT64_CONSTANT (1) << 40))
      {
        g_autofree char *out = NULL;
        g_autofree char *err = NULL;

        g_assert_cmpint (nim_test_run_nimv ("", &out, &err, issue), ==,
                         STATUS_USAGE);
        /* The sizes are written with a no-break space before the unit. */
        nim_test_assert_contains (
            err, "nim: --jobs 32: the players' tables may take 1.0");
        nim_test_assert_contains (err, "TiB in all (32 games at once, 32.0");
        nim_test_assert_contains (err, "of memory available; play fewer "
                                       "games at once or give smaller "
                                       "tables (tt=)");
      }
  }
}

/* Misère play with a subtraction set has no closed form over several
   heaps: the moves are judged by a bounded exact search, which on small
   heaps judges them all. */
static void
test_misere_solver (void)
{
  const char *args[]
      = { "--games", "10",      "--player1", "negamax",  "--player2",
          "random",  "--moves", "1,3,4",     "--misere", "--random-heaps",
          "3:8",     "--seed",  "2",         NULL };
  g_autoptr (JsonNode) s = NULL;
  guint i;

  if (!nim_test_have_nim ())
    return;
  s = nim_test_run_json (args);
  for (i = 0; i < 2; i++)
    g_assert_cmpint (json_object_get_int_member (player (s, i), "unchecked"),
                     ==, 0);
  g_assert_cmpint (json_object_get_int_member (player (s, 0), "won_positions"),
                   >, 0);
  g_assert_cmpint (
      json_object_get_int_member (player (s, 0), "kept_win"), ==,
      json_object_get_int_member (player (s, 0), "won_positions"));
}

/* A clock that leaps a minute at each look. */
static gint64
leaping_clock (gpointer data)
{
  return (gint64) g_atomic_int_add ((gint *) data, 1) * 60 * G_USEC_PER_SEC;
}

/* A judge with no theory for the rules (misère play on two heaps under
   {1,2}: neither the nim-sum nor one heap's Grundy values decide it)
   searched each move with 20 million nodes and no time limit, so two
   random games on 5000,5000 did not finish in a minute.  Its time is
   capped per game, and the moves it could not judge are counted.  On a
   clock that leaps a minute at each look the cap is spent before the
   first search: every move made on two heaps is unchecked, the others
   judged by one heap's theory, the same each time and at once (on the
   real clock the run took 6 s). */
static void
test_judge_capped (void)
{
  const guint32 heaps[] = { 5000, 5000 };
  const guint64 moves[] = { 1, 2 };
  NimMatchConfig config = { 0 };
  guint64 unchecked[2] = { 0, 0 };
  guint round, i;

  nim_rules_init (&config.rules);
  g_assert_true (nim_rules_set_moves (&config.rules, moves, 2, NULL));
  config.rules.misere = TRUE;
  nim_board_init (&config.start, heaps, G_N_ELEMENTS (heaps));
  config.games = 2;
  config.jobs = 1;
  config.seed = 1;
  config.specs[0] = "random";
  config.specs[1] = "random";
  for (round = 0; round < 2; round++)
    {
      g_autoptr (GError) error = NULL;
      g_autoptr (NimMatch) match = nim_match_new (&config, &error);
      const NimMatchSummary *s;
      gint looks = 0;

      g_assert_no_error (error);
      nim_match_set_clock (match, leaping_clock, &looks);
      g_assert_true (nim_match_run (match, NULL, NULL, &error));
      g_assert_no_error (error);
      s = nim_match_get_summary (match);
      g_assert_cmpuint (s->finished, ==, 2);
      /* The run's seconds are the clock's too. */
      g_assert_cmpfloat (fmod (s->seconds, 60), ==, 0);
      g_assert_cmpfloat (s->seconds, >, 0);
      for (i = 0; i < 2; i++)
        {
          const NimMatchTally *t = &s->players[i];

          g_assert_cmpuint (t->moves, >, 1000);
          g_assert_cmpuint (t->unchecked, >, 100);
          g_assert_cmpuint (t->unchecked, <, t->moves);
          g_assert_cmpuint (t->unchecked + t->won_positions, <=, t->moves);
          if (round == 0)
            unchecked[i] = t->unchecked;
          else
            g_assert_cmpuint (t->unchecked, ==, unchecked[i]);
        }
    }
}

/* Misère play down to one heap that can be played is judged by that
   heap's theory, although the start, two heaps, left the judging to a
   searcher: on 20000,1 under {1,3,4} the searcher proves nothing (the
   game is longer than the 4096 plies a search looks ahead) and used to
   search every position to its node budget, so two games did not finish
   in a minute.  Now only the few positions before the heap of one is
   taken go unjudged; the thousands after it are judged by theory. */
static void
test_judge_one_heap_theory (void)
{
  const char *args[]
      = { "--games", "2",        "--heaps", "20000,1", "--moves",
          "1,3,4",   "--misere", "-1",      "random",  "-2",
          "random",  "--seed",   "3",       NULL };
  g_autoptr (JsonNode) s = NULL;
  guint i;

  if (!nim_test_have_nim ())
    return;
  s = nim_test_run_json (args);
  for (i = 0; i < 2; i++)
    {
      g_assert_cmpint (json_object_get_int_member (player (s, i), "moves"), >,
                       1000);
      g_assert_cmpint (json_object_get_int_member (player (s, i), "unchecked"),
                       <, 10);
    }
}

/* The text summary names what a reader looks for. */
static void
test_text_summary (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  int status;

  if (!nim_test_have_nim ())
    return;
  status = nim_test_run_nim (NULL, &out, &err, "--games", "4", "--player1",
                             "xor", "--player2", "random", "--heaps", "3,4,5",
                             "--seed", "1", NULL);
  g_assert_cmpint (status, ==, STATUS_OK);
  nim_test_assert_contains (out, "Games: 4 of 4");
  nim_test_assert_contains (out, "Player 1 xor");
  nim_test_assert_contains (out, "4 wins");
  nim_test_assert_contains (out, "Pairs for player 1: 2 won 2-0");
  /* One side won every pair: said in words, not "+inf". */
  nim_test_assert_contains (out, "Elo difference: unbounded, player 1 won "
                                 "every one of 2 pairs 2-0; LOS 100.0%\n");
  nim_test_assert_not_contains (out, "inf");
  nim_test_assert_contains (out, "kept the win");
  nim_test_assert_contains (out, "Wall time:");
  /* Standard error is not a terminal here: no progress line. */
  g_assert_cmpstr (err, ==, "");
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);

  g_test_add_func ("/match/elo-from-score", test_elo_from_score);
  g_test_add_func ("/match/elo-estimate", test_elo_estimate);
  g_test_add_func ("/match/new-refuses", test_new_refuses);
  g_test_add_func ("/match/xor-theory", test_xor_theory);
  g_test_add_func ("/match/jobs-same-summary", test_jobs_same_summary);
  g_test_add_func ("/match/jobs-fresh-players", test_jobs_fresh_players);
  g_test_add_func ("/match/results-file", test_results_file);
  g_test_add_func ("/match/results-concurrent", test_results_concurrent);
  g_test_add_func ("/match/results-torn-line", test_results_torn_line);
  g_test_add_func ("/match/results-torn-by-other", test_results_torn_by_other);
  g_test_add_func ("/match/results-full", test_results_full);
  g_test_add_func ("/match/failed-json", test_failed_json);
  g_test_add_func ("/match/interrupt", test_interrupt);
  g_test_add_func ("/match/bad-options", test_bad_options);
  g_test_add_func ("/match/memory-per-run", test_memory_per_run);
  g_test_add_func ("/match/misere-solver", test_misere_solver);
  g_test_add_func ("/match/judge-capped", test_judge_capped);
  g_test_add_func ("/match/judge-one-heap-theory", test_judge_one_heap_theory);
  g_test_add_func ("/match/text-summary", test_text_summary);

  return g_test_run ();
}
