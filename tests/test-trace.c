/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-trace.c -- --trace, --dot and --compare, through the real nim binary
 *
 * Every test runs $NIM_BINARY (set by make check) under LC_ALL=C.  What a
 * student reads, the trace and the DOT file of a few small searches, is
 * compared with golden files in tests/golden/; neither holds a time, so
 * they compare byte for byte.  Run with NIM_UPDATE_GOLDEN=1 to rewrite
 * them after an intended change, and review the diff.  The golden files
 * assume nim's default take rule is take-any (a build without MOVES=). */

#include "config.h"

#include "nim-test.h"

#include "nim-movegen.h"
#include "nim-octal.h"
#include "nim-player.h"

#include <math.h>
#include <stdio.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdarg.h>
#include <signal.h>
#include <string.h>
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#define STATUS_OK 0
#define STATUS_FAILURE 1
#define STATUS_USAGE 2
#define STATUS_INTERRUPTED 130

/* ------------------------------------------------------------------------ */
/* Running nim */

#define have_nim nim_test_have_nim

/* Runs @argv[0] (a full argument vector: nim, or Graphviz's dot) with
   standard input closed; returns the exit status and what it printed. */
static int
run_argv (const char *const *argv, char **out, char **err)
{
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (
      G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
      | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *command = g_strjoinv ("' '", (char **) argv);

  g_test_message ("$ '%s'", command);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C", TRUE);
  process = g_subprocess_launcher_spawnv (launcher, argv, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, NULL, NULL, out, err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  return g_subprocess_get_exit_status (process);
}

/* Runs nim with the arguments listed, ending with NULL, standard input
   closed (tests/nim-test.c). */
#define run_nim(out, err, ...) nim_test_run_nim (NULL, out, err, __VA_ARGS__)

static void
assert_status (int status, int expected, const char *out, const char *err)
{
  if (status != expected)
    g_test_message ("exit status %d, expected %d; stdout:\n%s\nstderr:\n%s",
                    status, expected, out, err);
  g_assert_cmpint (status, ==, expected);
}

/* Compares @text with tests/golden/@name, or writes it there when
   NIM_UPDATE_GOLDEN is set. */
static void
check_golden (const char *name, const char *text)
{
  const char *srcdir = g_getenv ("NIM_SRCDIR");
  g_autofree char *path = g_build_filename (srcdir ? srcdir : ".", "tests",
                                            "golden", name, NULL);
  g_autofree char *expected = NULL;
  g_autoptr (GError) error = NULL;

  if (g_getenv ("NIM_UPDATE_GOLDEN") != NULL)
    {
      g_file_set_contents (path, text, -1, &error);
      g_assert_no_error (error);
      return;
    }
  g_file_get_contents (path, &expected, NULL, &error);
  g_assert_no_error (error);
  if (!g_str_equal (expected, text))
    g_test_message ("%s differs; got:\n%s\nexpected:\n%s\n(rerun with "
                    "NIM_UPDATE_GOLDEN=1 after an intended change)",
                    path, text, expected);
  g_assert_cmpstr (text, ==, expected);
}

/* A directory for DOT files, removed with what is in it. */
typedef struct
{
  char *dir;
} TmpDir;

static void
tmp_dir_init (TmpDir *t)
{
  g_autoptr (GError) error = NULL;

  t->dir = g_dir_make_tmp ("nim-trace-XXXXXX", &error);
  g_assert_no_error (error);
}

static void
tmp_dir_clear (TmpDir *t)
{
  g_autoptr (GDir) d = g_dir_open (t->dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *p = g_build_filename (t->dir, name, NULL);

      g_unlink (p);
    }
  g_rmdir (t->dir);
  g_free (t->dir);
}

/* Lines of a trace that stand for one node each: not the "#" comments,
   not the "= v (node)" lines that close an inner node. */
static guint64
count_node_lines (const char *trace)
{
  g_auto (GStrv) lines = g_strsplit (trace, "\n", -1);
  guint64 n = 0;
  char **l;

  for (l = lines; *l != NULL; l++)
    {
      const char *p = *l;

      while (*p == ' ')
        p++;
      if (*p != '\0' && *p != '#' && *p != '=')
        n++;
    }
  return n;
}

/* The total of "nodes" over the moves of a --json game record. */
static guint64
json_game_nodes (const char *json)
{
  g_autoptr (JsonNode) node = nim_test_parse_json (json);
  JsonArray *moves;
  guint64 total = 0;
  guint i;

  moves = json_object_get_array_member (json_node_get_object (node), "moves");
  for (i = 0; i < json_array_get_length (moves); i++)
    {
      JsonObject *m = json_array_get_object_element (moves, i);

      if (json_object_has_member (m, "stats"))
        total += json_object_get_int_member (
            json_object_get_object_member (m, "stats"), "nodes");
    }
  return total;
}

/* The game record without its times, which differ from run to run. */
static char *
json_without_times (const char *json)
{
  g_autoptr (GRegex) re
      = g_regex_new ("\"(seconds|nps)\":[^,}]*,?", 0, 0, NULL);

  return g_regex_replace_literal (re, json, -1, 0, "", 0, NULL);
}

/* ------------------------------------------------------------------------ */
/* Golden output */

typedef struct
{
  const char *golden;
  const char *args[12];
} GoldenCase;

/* The trace goes to standard error under --json, alone there. */
static const GoldenCase trace_cases[] = {
  /* Alpha-beta alone on 1,2: windows, a cutoff, a pruned move. */
  { "trace-ab-1-2.txt",
    { "--heaps", "1,2", "--player1", "negamax:tt=off,order=off,id=off",
      "--player2", "xor", "--trace", NULL } },
  /* Minimax on 2,2, a lost position: the whole tree, no window. */
  { "trace-minimax-2-2.txt",
    { "--heaps", "2,2", "--player1", "minimax", "--player2", "xor",
      "--trace=4", NULL } },
  /* The default negamax on a subtraction game: iterations, table hits
     and bounds. */
  { "trace-negamax-sub13-7.txt",
    { "--heaps", "7", "--moves", "1,3", "--player1", "negamax", "--player2",
      "grundy", "--trace=2", NULL } },
  /* Depth 2 and a limit of 10 nodes on 3,4,5: "+N below", and nodes
     left out. */
  { "trace-limit-3-4-5.txt",
    { "--heaps", "3,4,5", "--player1", "negamax:order=off,id=off", "--player2",
      "xor", "--trace=2", "--trace-limit=10", NULL } },
};

/* What a student reads: the trace of a few small searches. */
static void
test_trace_golden (gconstpointer data)
{
  const GoldenCase *c = data;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!have_nim ())
    return;
  nim_test_add_nim_argv (argv, c->args);
  g_ptr_array_add (argv, (gpointer) "--json");
  g_ptr_array_add (argv, (gpointer) "--seed");
  g_ptr_array_add (argv, (gpointer) "1");
  g_ptr_array_add (argv, NULL);
  assert_status (run_argv ((const char *const *) argv->pdata, &out, &err),
                 STATUS_OK, out, err);
  check_golden (c->golden, err);
}

static const GoldenCase dot_cases[] = {
  { "dot-ab-1-2.dot",
    { "--heaps", "1,2", "--player1", "negamax:tt=off,order=off,id=off",
      "--player2", "xor", NULL } },
  { "dot-negamax-sub13-5.dot",
    { "--heaps", "5", "--moves", "1,3", "--player1", "negamax", "--player2",
      "grundy", NULL } },
  { "dot-minimax-depth2-3-4.dot",
    { "--heaps", "3,4", "--player1", "minimax", "--player2", "xor",
      "--trace=2", NULL } },
  /* Monte-Carlo tree search's tree: visits, wins and proofs. */
  { "dot-mcts-1-2.dot",
    { "--heaps", "1,2", "--player1", "mcts:iterations=12", "--player2", "xor",
      NULL } },
};

/* The DOT file of the first computer move, and that Graphviz reads it. */
static void
test_dot_golden (gconstpointer data)
{
  const GoldenCase *c = data;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *dot = NULL;
  g_autofree char *text = NULL;
  g_autofree char *dot_program = g_find_program_in_path ("dot");
  g_autoptr (GError) error = NULL;
  TmpDir tmp;

  if (!have_nim ())
    return;
  tmp_dir_init (&tmp);
  dot = g_build_filename (tmp.dir, "tree.dot", NULL);
  nim_test_add_nim_argv (argv, c->args);
  g_ptr_array_add (argv, (gpointer) "--json");
  g_ptr_array_add (argv, (gpointer) "--seed");
  g_ptr_array_add (argv, (gpointer) "1");
  g_ptr_array_add (argv, (gpointer) "--dot");
  g_ptr_array_add (argv, dot);
  g_ptr_array_add (argv, NULL);
  assert_status (run_argv ((const char *const *) argv->pdata, &out, &err),
                 STATUS_OK, out, err);
  g_file_get_contents (dot, &text, NULL, &error);
  g_assert_no_error (error);
  check_golden (c->golden, text);

  if (dot_program == NULL)
    g_test_skip ("dot (Graphviz) is not installed: the DOT file is not "
                 "rendered");
  else
    {
      const char *const dot_argv[]
          = { dot_program, "-Tsvg", "-o", "/dev/null", dot, NULL };
      g_autofree char *dot_out = NULL;
      g_autofree char *dot_err = NULL;

      assert_status (run_argv (dot_argv, &dot_out, &dot_err), 0, dot_out,
                     dot_err);
      g_assert_cmpstr (dot_err, ==, "");
    }
  tmp_dir_clear (&tmp);
}

/* ------------------------------------------------------------------------ */
/* The trace observes and changes nothing */

/* Every spec says time=0: a clock must not cut a traced search (slower,
   as it prints) shorter than the same search untraced. */
static const char *const game_specs[] = {
  "minimax:time=0",
  "minimax:depth=3,time=0",
  "minimax:nodes=5000,time=0",
  "negamax:ab=off,tt=off,order=off,id=off,time=0",
  "negamax:tt=off,order=off,id=off,time=0",
  "negamax:order=off,id=off,time=0",
  "negamax:id=off,time=0",
  "negamax:time=0",
  "negamax:score=distance,time=0",
  "negamax:depth=3,time=0",
  "negamax:nodes=300,time=0",
};

/* With every node shown, the trace has one line a node, and as many nodes
   as the searches count. */
static void
test_trace_counts_nodes (void)
{
  guint i;

  if (!have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (game_specs); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autoptr (GRegex) re = g_regex_new (
          "# ([0-9]+) nodes traced \\(the search counted ([0-9]+)\\)", 0, 0,
          NULL);
      g_autoptr (GMatchInfo) match = NULL;
      guint n_searches = 0;

      assert_status (run_nim (&out, &err, "--heaps", "2,3,4", "--player1",
                              game_specs[i], "--player2", "negamax:time=0",
                              "--seed", "1", "--json", "--trace=4096",
                              "--trace-limit=1000000", NULL),
                     STATUS_OK, out, err);
      g_assert_cmpuint (count_node_lines (err), ==, json_game_nodes (out));
      g_regex_match (re, err, 0, &match);
      while (g_match_info_matches (match))
        {
          g_autofree char *traced = g_match_info_fetch (match, 1);
          g_autofree char *counted = g_match_info_fetch (match, 2);

          g_assert_cmpstr (traced, ==, counted);
          n_searches++;
          g_match_info_next (match, NULL);
        }
      g_assert_cmpuint (n_searches, >, 0);
    }
}

/* A traced game is the same game: the same moves, the same node counts,
   cutoffs and table hits, whatever the depth and the limit. */
static void
test_trace_changes_nothing (void)
{
  guint i;

  if (!have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (game_specs); i++)
    {
      g_autofree char *out1 = NULL, *err1 = NULL;
      g_autofree char *out2 = NULL, *err2 = NULL;
      g_autofree char *out3 = NULL, *err3 = NULL;
      g_autofree char *plain = NULL, *traced = NULL, *limited = NULL;

      assert_status (run_nim (&out1, &err1, "--heaps", "2,3,4", "--player1",
                              game_specs[i], "--player2", game_specs[i],
                              "--seed", "1", "--json", NULL),
                     STATUS_OK, out1, err1);
      assert_status (run_nim (&out2, &err2, "--heaps", "2,3,4", "--player1",
                              game_specs[i], "--player2", game_specs[i],
                              "--seed", "1", "--json", "--trace", NULL),
                     STATUS_OK, out2, err2);
      assert_status (run_nim (&out3, &err3, "--heaps", "2,3,4", "--player1",
                              game_specs[i], "--player2", game_specs[i],
                              "--seed", "1", "--json", "--trace=0",
                              "--trace-limit=1", NULL),
                     STATUS_OK, out3, err3);
      plain = json_without_times (out1);
      traced = json_without_times (out2);
      limited = json_without_times (out3);
      g_assert_cmpstr (traced, ==, plain);
      g_assert_cmpstr (limited, ==, plain);
      g_assert_cmpstr (err1, ==, "");
      nim_test_assert_contains (err2, "# trace: ");
    }
}

/* Without --json the trace goes to standard output, between the moves. */
static void
test_trace_to_stdout (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!have_nim ())
    return;
  assert_status (run_nim (&out, &err, "--heaps", "1,2", "--player1", "negamax",
                          "--player2", "xor", "--seed", "1", "--trace", NULL),
                 STATUS_OK, out, err);
  nim_test_assert_contains (out, "# trace: negamax (player 1) searches 1,2");
  nim_test_assert_contains (out, "root 1,2 [-1,1]");
  g_assert_cmpstr (err, ==, "");
}

/* Counts are written in the singular for 1: the legend of --trace=1
   --trace-limit 1, and every count of cutoffs on a --stats line (a game
   of 1,2 has searches with one cutoff and with several). */
static void
test_trace_plurals (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GRegex) re
      = g_regex_new ("; ([0-9]+) nodes?, ([0-9]+) (cutoffs?),", 0, 0, NULL);
  g_autoptr (GMatchInfo) match = NULL;
  guint singular = 0, plural = 0;

  if (!have_nim ())
    return;
  assert_status (run_nim (&out, &err, "--heaps", "1,2", "--player1", "negamax",
                          "--player2", "xor", "--trace=1", "--trace-limit",
                          "1", NULL),
                 STATUS_OK, out, err);
  nim_test_assert_contains (out, "# nodes deeper than 1 ply are counted on "
                                 "their ancestor's line\n"
                                 "#   (\"+N below\"); at most 1 node is "
                                 "shown a search\n");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  assert_status (run_nim (&out, &err, "--heaps", "1,2", "--player1", "negamax",
                          "--player2", "negamax", "--stats", NULL),
                 STATUS_OK, out, err);
  g_regex_match (re, out, 0, &match);
  for (; g_match_info_matches (match); g_match_info_next (match, NULL))
    {
      g_autofree char *count = g_match_info_fetch (match, 2);
      g_autofree char *word = g_match_info_fetch (match, 3);

      g_assert_cmpstr (word, ==,
                       g_str_equal (count, "1") ? "cutoff" : "cutoffs");
      if (g_str_equal (count, "1"))
        singular++;
      else
        plural++;
    }
  g_assert_cmpuint (singular, >, 0);
  g_assert_cmpuint (plural, >, 0);

  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  assert_status (run_nim (&out, &err, "--compare", "--heaps", "1,1", "--nodes",
                          "1", NULL),
                 STATUS_OK, out, err);
  nim_test_assert_contains (out, "a budget of 1 node (--nodes)");
}

/* ------------------------------------------------------------------------ */
/* --compare */

/* bench/expected as a table from line name to node count. */
static GHashTable *
read_bench_expected (void)
{
  const char *srcdir = g_getenv ("NIM_SRCDIR");
  g_autofree char *path
      = g_build_filename (srcdir ? srcdir : ".", "bench", "expected", NULL);
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) lines = NULL;
  GHashTable *counts
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  char **l;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (text, "\n", -1);
  for (l = lines; *l != NULL; l++)
    {
      g_auto (GStrv) f = NULL;

      if (**l == '#' || **l == '\0')
        continue;
      f = g_strsplit_set (*l, " \t", -1);
      g_hash_table_insert (counts, g_strdup (f[0]),
                           GSIZE_TO_POINTER (g_ascii_strtoull (
                               f[g_strv_length (f) - 1], NULL, 10)));
    }
  return counts;
}

/* The configurations --compare shares with `make bench` count exactly
   the nodes bench/expected holds. */
static void
test_compare_matches_bench (void)
{
  static const struct
  {
    const char *heaps;
    const char *rules_tag; /* as bench/expected names the rules */
    const char *rules_opt; /* the nim option for them, or NULL */
    const char *rules_arg;
    guint n_closed; /* the closed forms that apply */
  } positions[] = {
    { "3,4,5", "nim", NULL, NULL, 2 },
    { "1,3,5,7", "nim", NULL, NULL, 2 },
    { "2,6,19", "sub", "--moves", "2,7,15,16", 1 },
    { "13", "take3", "--max-take", "3", 1 },
    { "1,3,5,7", "misere", "--misere", NULL, 1 },
  };
  g_autoptr (GHashTable) expected = NULL;
  const NimPlayerClass *const *classes = nim_player_classes ();
  guint p, i, j, n_checked = 0, n_searches = 0;

  /* A row for each configuration a searcher shows. */
  for (i = 0; classes[i] != NULL; i++)
    for (j = 0; classes[i]->showcase != NULL
                && classes[i]->showcase[j].options != NULL;
         j++)
      n_searches++;

  if (!have_nim ())
    return;
  expected = read_bench_expected ();
  for (p = 0; p < G_N_ELEMENTS (positions); p++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autoptr (JsonNode) node = NULL;
      JsonArray *rows;

      assert_status (run_nim (&out, &err, "--compare", "--heaps",
                              positions[p].heaps, "--json",
                              positions[p].rules_opt, positions[p].rules_arg,
                              NULL),
                     STATUS_OK, out, err);
      node = nim_test_parse_json (out);
      rows = json_node_get_array (node);
      /* The searches and the closed forms that apply. */
      g_assert_cmpuint (json_array_get_length (rows), ==,
                        n_searches + positions[p].n_closed);
      for (i = 0; i < json_array_get_length (rows); i++)
        {
          JsonObject *r = json_array_get_object_element (rows, i);
          const char *bench;
          g_autofree char *name = NULL;
          gpointer count;

          if (json_object_get_null_member (r, "bench"))
            continue;
          bench = json_object_get_string_member (r, "bench");
          name = g_strdup_printf ("%s/%s/%s", bench, positions[p].rules_tag,
                                  positions[p].heaps);
          if (!g_hash_table_lookup_extended (expected, name, NULL, &count))
            continue;
          g_test_message ("%s: %" G_GINT64_FORMAT " nodes, bench/expected "
                          "%" G_GSIZE_FORMAT,
                          name, json_object_get_int_member (r, "nodes"),
                          GPOINTER_TO_SIZE (count));
          if (!json_object_get_boolean_member (r, "finished"))
            {
              /* More than the default budget: it stopped there. */
              g_assert_cmpint (json_object_get_int_member (r, "nodes"), ==,
                               10000000);
              g_assert_cmpuint (GPOINTER_TO_SIZE (count), >, 10000000);
              continue;
            }
          g_assert_cmpint (json_object_get_int_member (r, "nodes"), ==,
                           (gint64) GPOINTER_TO_SIZE (count));
          n_checked++;
        }
    }
  /* minimax, plain, ab, ab-tt and full on 3,4,5; ab, ab-tt and full on
     each of the others (minimax/nim/1,3,5,7 needs more than the budget);
     pns and mcts's two rows on the two take-any positions. */
  g_assert_cmpuint (n_checked, ==, 5 + 3 * 4 + 2 + 2 * 2);
}

/* The table: every algorithm, the closed forms that apply, and a search
   that spends its budget says so. */
static void
test_compare_table (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;

  if (!have_nim ())
    return;
  assert_status (run_nim (&out, &err, "--compare", "--heaps", "1,3,5,7",
                          "--nodes", "100000", NULL),
                 STATUS_OK, out, err);
  nim_test_assert_contains (out, "a budget of 100000 nodes");
  nim_test_assert_contains (out, "minimax                                  "
                                 "not finished");
  nim_test_assert_contains (out, "negamax:id=off ");
  nim_test_assert_contains (out, "\nxor ");
  nim_test_assert_contains (out, "\ngrundy ");

  /* A subtraction game: no xor, grundy still. */
  assert_status (run_nim (&out2, &err2, "--compare", "--heaps", "2,6,19",
                          "--moves", "2,7,15,16", NULL),
                 STATUS_OK, out2, err2);
  nim_test_assert_not_contains (out2, "\nxor ");
  nim_test_assert_contains (out2, "\ngrundy ");
  nim_test_assert_not_contains (out2, " not finished ");
}

/* ------------------------------------------------------------------------ */
/* Mistakes */

typedef struct
{
  const char *args[8];
  int status;
  const char *message;
} BadCase;

static const BadCase bad_cases[] = {
  { { "--trace=abc", NULL },
    STATUS_USAGE,
    "--trace DEPTH: 'abc' is not a whole number; expected digits 0-9 only, "
    "a value from 0 to 4096" },
  { { "--trace=-1", NULL },
    STATUS_USAGE,
    "--trace DEPTH: '-1' is negative; expected a whole number from 0 to "
    "4096" },
  { { "--trace=5000", NULL }, STATUS_USAGE, "the largest accepted is 4096" },
  { { "--trace", "--trace-limit=0", NULL },
    STATUS_USAGE,
    "--trace-limit: 0 is too small; the smallest accepted is 1" },
  { { "--trace-limit=10", NULL },
    STATUS_USAGE,
    "--trace-limit goes with --trace, --dot or --explore" },
  { { "--explore", "", "--player1", "negamax", "--player2", "xor", NULL },
    STATUS_USAGE,
    "--explore: the file's name is empty; give the name of a file" },
  { { "--explore", "/nonexistent-dir/tree.html", "--player1", "negamax",
      "--player2", "xor", NULL },
    STATUS_USAGE,
    "--explore: cannot write '/nonexistent-dir/tree.html': No such file or "
    "directory" },
  { { "--explore", "t.html", "--games", "2", NULL },
    STATUS_USAGE,
    "--trace, --dot and --explore show the searches of one game or of "
    "--solve" },
  { { "--dot", "/nonexistent-dir/tree.dot", "--player1", "negamax",
      "--player2", "xor", NULL },
    STATUS_USAGE,
    "--dot: cannot write '/nonexistent-dir/tree.dot': No such file or "
    "directory" },
  { { "--solve", "--heaps", "1,2", "--explore", "same.html", "--dot",
      "./same.html", NULL },
    STATUS_USAGE,
    "--dot and --explore are both './same.html'; give them files of their "
    "own" },
  { { "--compare", "--trace", NULL },
    STATUS_USAGE,
    "--compare traces none of its searches; leave out --trace, --dot and "
    "--explore" },
  { { "--nodes", "10", NULL },
    STATUS_USAGE,
    "--nodes is the budget of --compare" },
  { { "--compare", "--nodes", "x", NULL },
    STATUS_USAGE,
    "--nodes: 'x' is not a whole number" },
};

/* Bad values, a file that cannot be made included: a message naming what
   is accepted, exit status 2, and no game. */
static void
test_bad_values (void)
{
  guint i;

  if (!have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (bad_cases); i++)
    {
      g_autoptr (GPtrArray) argv = g_ptr_array_new ();
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      nim_test_add_nim_argv (argv, bad_cases[i].args);
      g_ptr_array_add (argv, NULL);
      assert_status (run_argv ((const char *const *) argv->pdata, &out, &err),
                     bad_cases[i].status, out, err);
      nim_test_assert_contains (err, bad_cases[i].message);
      g_assert_cmpstr (out, ==, "");
    }
}

/* What --dot and --explore write when no computer searched, and how
   they fail on a full disk. */
typedef struct
{
  const char *option;
  const char *file;
  const char *says; /* the end of the message on the terminal */
  const char *holds;
} OutputCase;

static const OutputCase output_cases[] = {
  { "--dot", "tree.dot", "holds an empty graph", "digraph nim_search {\n}\n" },
  { "--explore", "tree.html", "shows no search",
    "id=\"nim-data\">{\"format\":\"nim-explore\",\"version\":1," },
};

/* A write error on the DOT file or the page (a full disk) fails the
   run. */
static void
test_write_error (gconstpointer data)
{
  const OutputCase *c = data;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *expected = NULL;

  if (!have_nim ())
    return;
  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full to simulate a full disk");
      return;
    }
  assert_status (run_nim (&out, &err, "--heaps", "3,4,5", "--player1",
                          "negamax", "--player2", "xor", "--seed", "1",
                          c->option, "/dev/full", NULL),
                 STATUS_FAILURE, out, err);
  expected = g_strdup_printf ("nim: %s: write error on '/dev/full': No space "
                              "left on device",
                              c->option);
  nim_test_assert_contains (err, expected);
}

/* A game in which no computer searched (two closed forms) leaves an
   empty graph in the --dot file, and a page without a search, and says
   so on the terminal. */
static void
test_no_search (gconstpointer data)
{
  const OutputCase *c = data;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  g_autoptr (GError) error = NULL;
  TmpDir tmp;

  if (!have_nim ())
    return;
  tmp_dir_init (&tmp);
  path = g_build_filename (tmp.dir, c->file, NULL);
  assert_status (run_nim (&out, &err, "--heaps", "3,4", "--player1", "xor",
                          "--player2", "xor", c->option, path, NULL),
                 STATUS_OK, out, err);
  expected = g_strdup_printf ("nim: %s: no computer player searched in "
                              "this game, so '%s' %s\n",
                              c->option, path, c->says);
  g_assert_cmpstr (err, ==, expected);
  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  nim_test_assert_contains (text, c->holds);
  tmp_dir_clear (&tmp);
}

/* --solve with an engine that cannot prove a value is refused before
   its search is shown: no page is written. */
static void
test_solve_refuses_first (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *page = NULL;
  TmpDir tmp;

  if (!have_nim ())
    return;
  tmp_dir_init (&tmp);
  page = g_build_filename (tmp.dir, "q.html", NULL);
  assert_status (run_nim (&out, &err, "--solve", "--heaps", "3,4,5",
                          "--player1", "mcts", "--explore", page, NULL),
                 STATUS_USAGE, out, err);
  nim_test_assert_contains (err, "mcts does not claim perfect play");
  g_assert_false (g_file_test (page, G_FILE_TEST_EXISTS));
  tmp_dir_clear (&tmp);
}

/* --solve of a position with no legal move says so, in the solution
   and for each of --trace, --dot and --explore, whose files it does not
   write. */
static void
test_solve_no_move (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *page = NULL;
  g_autofree char *dot = NULL;
  TmpDir tmp;

  if (!have_nim ())
    return;
  tmp_dir_init (&tmp);
  page = g_build_filename (tmp.dir, "e.html", NULL);
  dot = g_build_filename (tmp.dir, "e.dot", NULL);
  assert_status (run_nim (&out, &err, "--solve", "--heaps", "1,1", "--moves",
                          "2", "--trace", "--explore", page, "--dot", dot,
                          NULL),
                 STATUS_OK, out, err);
  nim_test_assert_contains (out, "The player to move loses: there is no "
                                 "move to make");
  nim_test_assert_contains (err, "nim: --trace: the position has no legal "
                                 "move, so there is no search to show\n");
  nim_test_assert_contains (err, "nim: --dot: the position has no legal "
                                 "move, so there is no search to draw;");
  nim_test_assert_contains (err, "nim: --explore: the position has no legal "
                                 "move, so there is no search to show;");
  g_assert_false (g_file_test (page, G_FILE_TEST_EXISTS));
  g_assert_false (g_file_test (dot, G_FILE_TEST_EXISTS));
  tmp_dir_clear (&tmp);
}

/* ------------------------------------------------------------------------ */
/* --explore: the data of the page (tests/test-explore.py opens the pages
   in a browser) */

typedef struct
{
  const char *spec;
  const char *heaps;
  const char *take; /* as nim_test_rules() takes it, or a code "0.77" */
  gboolean misere;
  const char *kind;
  const char *needs; /* an event type or leave flag the search must show */
} ExploreCase;

/* Every searcher and setting, and every rule family. */
static const ExploreCase explore_cases[] = {
  { "minimax", "1,2,3", "any", FALSE, "minimax", "try" },
  { "negamax:ab=off,tt=off,order=off,id=off", "2,3", "any", FALSE, "negamax",
    "try" },
  { "negamax:tt=off,order=off,id=off", "1,2,3", "any", FALSE, "alpha-beta",
    "cut" },
  { "negamax:order=off,id=off", "3,4,5", "any", FALSE, "alpha-beta", "store" },
  { "negamax:id=off", "3,4,5", "any", FALSE, "alpha-beta", "probe" },
  { "negamax", "3,4,5", "any", FALSE, "alpha-beta", "iteration" },
  { "pns", "3,4,5", "any", FALSE, "pns", "numbers" },
  { "negamax", "9", "1,3", FALSE, "alpha-beta", "iteration" },
  { "minimax", "7", "max=3", TRUE, "minimax", "try" },
  { "pns", "2,3", "1,2", TRUE, "pns", "numbers" },
  { "negamax:tt=off,order=off,id=off", "1,2,2", "any", TRUE, "alpha-beta",
    "cut" },
  { "negamax", "6", "0.77", FALSE, "alpha-beta", "store" },
};

/* The JSON block of a page of --explore. */
static JsonNode *
explore_data (const char *page)
{
  const char *start = strstr (page, "id=\"nim-data\">");
  const char *end;
  g_autofree char *json = NULL;

  g_assert_nonnull (start);
  start = strchr (start, '>') + 1;
  end = strstr (start, "</script>");
  g_assert_nonnull (end);
  json = g_strndup (start, (gsize) (end - start));
  return nim_test_parse_json (json);
}

/* The option that sets the rules of a case's @take: "max=3",
   "1,3" or "any", or a code "0.77". */
static const char *
rules_option_of (const char *take)
{
  if (g_str_has_prefix (take, "max="))
    return "--max-take";
  return strchr (take, '.') != NULL ? "--rules" : "--moves";
}

/* Writes the page of @c's search with --solve; returns its text. */
static char *
explore_page (const ExploreCase *c, const char *dir)
{
  g_autofree char *path = g_build_filename (dir, "page.html", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  char *page = NULL;
  g_autoptr (GError) error = NULL;
  const char *rules_option = rules_option_of (c->take);
  const char *rules_value
      = g_str_has_prefix (c->take, "max=") ? c->take + 4 : c->take;

  const char *args[] = { "--solve",   "--heaps",
                         c->heaps,    rules_option,
                         rules_value, "--player1",
                         c->spec,     "--explore",
                         path,        c->misere ? "--misere" : NULL,
                         NULL };

  assert_status (nim_test_run_nimv (NULL, &out, &err, args), STATUS_OK, out,
                 err);
  g_file_get_contents (path, &page, NULL, &error);
  g_assert_no_error (error);
  return page;
}

static void
explore_rules (const ExploreCase *c, NimRules *rules)
{
  if (strchr (c->take, '.') != NULL)
    {
      NimOctal code;

      nim_rules_init (rules);
      g_assert_true (nim_octal_parse (&code, c->take, "--rules", NULL));
      g_assert_true (nim_octal_to_rules (&code, rules));
      rules->misere = c->misere;
    }
  else
    nim_test_rules (rules, c->take, c->misere);
}

/* A position as the page writes it, "0,2": empty heaps included, which
   --heaps refuses. */
static void
explore_board (NimBoard *board, const char *position)
{
  g_auto (GStrv) parts = g_strsplit (position, ",", -1);
  guint32 heaps[NIM_MAX_HEAPS];
  guint n;

  for (n = 0; parts[n] != NULL; n++)
    heaps[n] = (guint32) g_ascii_strtoull (parts[n], NULL, 10);
  nim_board_init (board, heaps, n);
}

/* A value of the data: a number, or an infinity as "inf" or "-inf". */
static gint64
data_value (JsonObject *o, const char *name)
{
  JsonNode *n = json_object_get_member (o, name);

  if (json_node_get_value_type (n) == G_TYPE_STRING)
    return g_str_equal (json_node_get_string (n), "inf") ? G_MAXINT
                                                         : -G_MAXINT;
  return json_node_get_int (n);
}

static gboolean
has_string (JsonArray *a, const char *s)
{
  guint i;

  for (i = 0; a != NULL && i < json_array_get_length (a); i++)
    if (g_str_equal (json_array_get_string_element (a, i), s))
      return TRUE;
  return FALSE;
}

/* The page holds the search as data a browser can step through: every
   node entered and left once, properly nested; each move tried is the
   move to the next node entered; the table's and proof numbers' events
   inside their node; the moves a cutoff pruned named, legal and never
   tried; each proven value the exact one, which is the exact solver's.
   And nothing in it reaches out of the file. */
static void
test_explore_data (gconstpointer data)
{
  const ExploreCase *c = data;
  g_autofree char *page = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (NimTestSolver) solver = NULL;
  g_autoptr (GArray) stack = g_array_new (FALSE, FALSE, sizeof (gint64));
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  JsonObject *top;
  JsonArray *nodes, *events;
  NimRules rules;
  gint64 entered = 0;
  guint i;
  TmpDir tmp;

  if (!have_nim ())
    return;
  tmp_dir_init (&tmp);
  page = explore_page (c, tmp.dir);
  tmp_dir_clear (&tmp);
  nim_test_assert_not_contains (page, "<script src");
  nim_test_assert_not_contains (page, "<link");
  nim_test_assert_not_contains (page, "@import");
  nim_test_assert_not_contains (page, "url(");
  root = explore_data (page);
  top = json_node_get_object (root);
  g_assert_cmpstr (json_object_get_string_member (top, "format"), ==,
                   "nim-explore");
  g_assert_cmpint (json_object_get_int_member (top, "version"), ==, 1);
  /* The command as it was run: the program as the test called it. */
  {
    g_autofree char *start
        = g_strconcat (g_getenv ("NIM_BINARY"), " --solve ", NULL);

    g_assert_true (g_str_has_prefix (
        json_object_get_string_member (top, "command"), start));
  }
  g_assert_cmpstr (json_object_get_string_member (top, "kind"), ==, c->kind);
  nodes = json_object_get_array_member (top, "nodes");
  events = json_object_get_array_member (top, "events");
  g_assert_cmpint (
      json_array_get_length (nodes), ==,
      json_object_get_int_member (
          json_object_get_object_member (top, "counts"), "shown"));
  explore_rules (c, &rules);
  solver = nim_test_solver_new (&rules);
  for (i = 0; i < json_array_get_length (events); i++)
    {
      JsonObject *e = json_array_get_object_element (events, i);
      const char *type = json_object_get_string_member (e, "type");
      gint64 node = json_object_has_member (e, "node")
                        ? json_object_get_int_member (e, "node")
                        : -1;
      JsonObject *n = node >= 0
                          ? json_array_get_object_element (nodes, (guint) node)
                          : NULL;

      g_hash_table_add (seen, (gpointer) type);
      if (g_str_equal (type, "enter"))
        {
          /* Nodes are numbered in the order entered, each under the node
             the search is in. */
          g_assert_cmpint (node, ==, entered++);
          g_assert_cmpint (json_object_get_int_member (n, "parent"), ==,
                           stack->len > 0
                               ? g_array_index (stack, gint64, stack->len - 1)
                               : -1);
          g_array_append_val (stack, node);
        }
      else if (g_str_equal (type, "try"))
        {
          JsonObject *next = json_array_get_object_element (events, i + 1);
          JsonObject *child = json_array_get_object_element (
              nodes, (guint) json_object_get_int_member (next, "node"));

          g_assert_cmpstr (json_object_get_string_member (next, "type"), ==,
                           "enter");
          g_assert_cmpint (json_object_get_int_member (child, "parent"), ==,
                           node);
          g_assert_cmpstr (json_object_get_string_member (child, "move"), ==,
                           json_object_get_string_member (e, "move"));
        }
      else if (g_str_equal (type, "probe") || g_str_equal (type, "store")
               || g_str_equal (type, "numbers") || g_str_equal (type, "leave"))
        {
          g_assert_cmpint (stack->len, >, 0);
          g_assert_cmpint (node, ==,
                           g_array_index (stack, gint64, stack->len - 1));
        }
      if (g_str_equal (type, "leave"))
        {
          JsonArray *flags = json_object_get_array_member (e, "flags");
          gint64 value = data_value (e, "value");
          guint ply = (guint) json_object_get_int_member (n, "ply");
          NimBoard board;
          gboolean wins;

          g_array_set_size (stack, stack->len - 1);
          for (guint k = 0; k < json_array_get_length (flags); k++)
            g_hash_table_add (
                seen, (gpointer) json_array_get_string_element (flags, k));
          explore_board (&board,
                         json_object_get_string_member (n, "position"));
          wins = nim_test_solver_wins (solver, &board);
          g_assert_cmpint (json_object_get_int_member (n, "exact"), ==,
                           wins ? 1 : -1);
          if (g_str_equal (c->kind, "minimax") && ply % 2 == 1)
            value = -value;
          if (value != 0)
            g_assert_cmpint (value > 0, ==, wins);
          if (json_object_has_member (e, "pruned"))
            {
              JsonArray *pruned = json_object_get_array_member (e, "pruned");

              gint64 children = 0;

              g_assert_cmpint (json_array_get_length (pruned), >, 0);
              /* No pruned move is the move to a child, and with the
                 children they are all the moves. */
              for (guint k = 0; k < json_array_get_length (nodes); k++)
                {
                  JsonObject *m = json_array_get_object_element (nodes, k);

                  if (json_object_get_int_member (m, "parent") != node)
                    continue;
                  children++;
                  g_assert_false (has_string (
                      pruned, json_object_get_string_member (m, "move")));
                }
              g_assert_cmpint (
                  json_object_get_int_member (e, "pruned_total"), ==,
                  json_object_get_int_member (n, "moves") - children);
            }
        }
    }
  g_assert_cmpint (stack->len, ==, 0);
  g_assert_cmpint (entered, ==, json_array_get_length (nodes));
  g_assert_true (g_hash_table_contains (seen, c->needs));
  g_assert_true (g_hash_table_contains (seen, "end"));
}

/* --explore of Monte-Carlo tree search: its iterations as steps */

typedef struct
{
  const char *spec;
  const char *heaps;
  const char *take; /* as for ExploreCase */
  gboolean misere;
  const char *seed;
  const char *limit; /* --trace-limit, or NULL */
  const char *needs; /* what the page must show: an event type, "proof",
                        "depth" or "left-out" */
} MctsCase;

static const MctsCase mcts_cases[] = {
  { "mcts:iterations=12", "1,2", "any", FALSE, "4", NULL, "proof" },
  { "mcts:solver=off,iterations=40", "2,3", "any", FALSE, "1", NULL,
    "select" },
  { "mcts:depth=1,solver=off,iterations=20", "2,3", "any", FALSE, "2", NULL,
    "depth" },
  { "mcts:iterations=60", "1,2,2", "any", TRUE, "3", NULL, "proof" },
  { "mcts:iterations=60", "7", "1,3", FALSE, "5", NULL, "proof" },
  { "mcts:iterations=30", "7", "max=3", TRUE, "6", NULL, "select" },
  { "mcts:iterations=40", "5", "0.77", FALSE, "7", NULL, "select" },
  { "mcts:iterations=50,c=0.5", "3,4,5", "any", FALSE, "8", "10", "left-out" },
};

/* What the page's steps say of a position of the tree, replayed. */
typedef struct
{
  gint64 visits, wins, proven;
  GArray *children; /* node numbers, the one added last first */
} Replayed;

static void
replayed_clear (gpointer data)
{
  Replayed *r = data;

  g_array_unref (r->children);
}

/* The wins/visits of each move of each iteration's path in the text
   trace of the first search, "7: h1-1 +h2-2 ~ end -> player 2 wins |
   2/3L 1/1W": an array of strings a line, by iteration. */
static GPtrArray *
trace_iterations (const char *err)
{
  g_autofree char *first = NULL;
  const char *start = strstr (err, "# trace:");
  const char *next;
  g_auto (GStrv) lines = NULL;
  GPtrArray *out
      = g_ptr_array_new_with_free_func ((GDestroyNotify) g_strfreev);
  char **l;

  g_assert_nonnull (start);
  next = strstr (start + 1, "# trace:");
  first = next != NULL ? g_strndup (start, (gsize) (next - start))
                       : g_strdup (start);
  lines = g_strsplit (first, "\n", -1);
  for (l = lines; *l != NULL; l++)
    {
      const char *bar = strstr (*l, " | ");

      if (g_ascii_isdigit (**l) && bar != NULL)
        g_ptr_array_add (out, g_strsplit (bar + 3, " ", -1));
    }
  return out;
}

/* Whether @child's position is one legal move from @parent's. */
static gboolean
one_move_apart (const NimBoard *parent, const NimBoard *child,
                const NimRules *rules)
{
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove move;

  while (nim_movegen_next (&gen, parent, rules, &move))
    {
      NimBoard b = *parent;

      nim_board_make_move (&b, &move);
      if (nim_board_equal (&b, child))
        return TRUE;
    }
  return FALSE;
}

/* The page of a game's first Monte-Carlo tree search holds its
   iterations as steps a browser replays: each select lists every child
   of its position in the order selection reads them, with the UCT score
   the statistics so far give it (or its proof), and chooses the first of
   the largest; expansion adds the next node under the end of the path,
   one move away; the playout says why there was none, or who won it;
   the backup adds a visit to each position of the path and a win where
   the winner made the move, keeps every proof, and leaves what the text
   trace prints for that iteration.  Every proof is the exact solver's. */
static void
test_explore_mcts (gconstpointer data)
{
  const MctsCase *c = data;
  const char *rules_option = rules_option_of (c->take);
  const char *rules_value
      = g_str_has_prefix (c->take, "max=") ? c->take + 4 : c->take;
  ExploreCase rc = { NULL, c->heaps, c->take, c->misere, "mcts", NULL };
  g_autofree char *path = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *page = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (NimTestSolver) solver = NULL;
  g_autoptr (GPtrArray) traced = NULL;
  g_autoptr (GHashTable) seen = g_hash_table_new (g_str_hash, g_str_equal);
  g_autoptr (GArray) tree = NULL;
  g_autoptr (GArray) boards = g_array_new (FALSE, FALSE, sizeof (NimBoard));
  g_autoptr (GArray) walk = g_array_new (FALSE, FALSE, sizeof (gint64));
  JsonObject *top, *counts, *setup;
  JsonArray *nodes, *events;
  NimRules rules;
  double uct_c;
  gboolean solver_on;
  gint64 player, iteration = 0, n_nodes = 1;
  guint i;
  TmpDir tmp;

  if (!have_nim ())
    return;
  tmp_dir_init (&tmp);
  path = g_build_filename (tmp.dir, "mcts.html", NULL);
  {
    g_autoptr (GPtrArray) args = g_ptr_array_new ();
    const char *always[]
        = { "--heaps",   c->heaps,    rules_option, rules_value, "--player1",
            c->spec,     "--player2", "random",     "--seed",    c->seed,
            "--explore", path,        "--trace",    "--json" };

    for (i = 0; i < G_N_ELEMENTS (always); i++)
      g_ptr_array_add (args, (gpointer) always[i]);
    if (c->limit != NULL)
      {
        g_ptr_array_add (args, "--trace-limit");
        g_ptr_array_add (args, (gpointer) c->limit);
      }
    if (c->misere)
      g_ptr_array_add (args, "--misere");
    g_ptr_array_add (args, NULL);
    assert_status (nim_test_run_nimv (NULL, &out, &err,
                                      (const char *const *) args->pdata),
                   STATUS_OK, out, err);
  }
  g_file_get_contents (path, &page, NULL, &error);
  g_assert_no_error (error);
  tmp_dir_clear (&tmp);
  traced = trace_iterations (err);
  root = explore_data (page);
  top = json_node_get_object (root);
  g_assert_cmpstr (json_object_get_string_member (top, "kind"), ==, "mcts");
  counts = json_object_get_object_member (top, "counts");
  /* Counted in iterations, as --trace-limit counts them. */
  g_assert_cmpint (json_object_get_int_member (counts, "shown"), ==,
                   traced->len);
  g_assert_cmpint (json_object_get_int_member (counts, "shown")
                       + json_object_get_int_member (counts, "left_out"),
                   ==, json_object_get_int_member (counts, "searched"));
  if (g_str_equal (c->needs, "left-out"))
    g_hash_table_add (seen, json_object_get_int_member (counts, "left_out") > 0
                                ? "left-out"
                                : "none");
  setup = json_object_get_object_member (top, "mcts");
  uct_c = json_object_get_double_member (setup, "c");
  solver_on = json_object_get_boolean_member (setup, "solver");
  player = json_object_get_int_member (top, "player");
  nodes = json_object_get_array_member (top, "nodes");
  events = json_object_get_array_member (top, "events");
  explore_rules (&rc, &rules);
  solver = nim_test_solver_new (&rules);
  tree = g_array_new (FALSE, TRUE, sizeof (Replayed));
  g_array_set_clear_func (tree, replayed_clear);
  g_array_set_size (tree, json_array_get_length (nodes));
  for (i = 0; i < json_array_get_length (nodes); i++)
    {
      JsonObject *n = json_array_get_object_element (nodes, i);
      NimBoard board;

      g_array_index (tree, Replayed, i).children
          = g_array_new (FALSE, FALSE, sizeof (gint64));
      explore_board (&board, json_object_get_string_member (n, "position"));
      g_array_append_val (boards, board);
      /* The theory's value beside every position. */
      g_assert_cmpint (json_object_get_int_member (n, "exact"), ==,
                       nim_test_solver_wins (solver, &board) ? 1 : -1);
    }

  for (i = 0; i < json_array_get_length (events); i++)
    {
      JsonObject *e = json_array_get_object_element (events, i);
      const char *type = json_object_get_string_member (e, "type");
      gint64 node = json_object_has_member (e, "node")
                        ? json_object_get_int_member (e, "node")
                        : -1;
      Replayed *r = node >= 0 ? &g_array_index (tree, Replayed, node) : NULL;
      gint64 at
          = walk->len > 0 ? g_array_index (walk, gint64, walk->len - 1) : 0;

      g_hash_table_add (seen, (gpointer) type);
      if (!g_str_equal (type, "end"))
        {
          gint64 k = json_object_get_int_member (e, "iteration");

          /* A new iteration starts again at the root. */
          if (k != iteration)
            {
              g_assert_cmpint (k, ==, iteration + 1);
              iteration = k;
              g_array_set_size (walk, 0);
              at = 0;
              g_array_append_val (walk, at);
            }
        }
      if (g_str_equal (type, "select"))
        {
          JsonArray *kids = json_object_get_array_member (e, "children");
          gint64 chosen = json_object_get_int_member (e, "chosen");
          gint64 best_id = -1, taken = -1;
          double best = -1;
          guint k;

          g_assert_cmpint (node, ==, at);
          /* Every move of the position is in the tree, read from the one
             added last. */
          g_assert_cmpint (
              json_array_get_length (kids), ==,
              json_object_get_int_member (
                  json_array_get_object_element (nodes, node), "moves"));
          g_assert_cmpint (r->children->len, ==, json_array_get_length (kids));
          for (k = 0; k < json_array_get_length (kids); k++)
            {
              JsonObject *kid = json_array_get_object_element (kids, k);
              gint64 id = json_object_get_int_member (kid, "node");
              const Replayed *ch = &g_array_index (tree, Replayed, id);

              g_assert_cmpint (id, ==,
                               g_array_index (r->children, gint64,
                                              r->children->len - 1 - k));
              if (json_object_has_member (kid, "proven"))
                {
                  g_assert_true (solver_on);
                  g_assert_cmpint (json_object_get_int_member (kid, "proven"),
                                   ==, ch->proven);
                  g_assert_cmpint (ch->proven, !=, 0);
                  /* A move proven to win is taken at once. */
                  if (ch->proven < 0 && taken < 0)
                    taken = id;
                }
              else
                {
                  double score = (double) ch->wins / (double) ch->visits
                                 + uct_c
                                       * sqrt (log ((double) r->visits)
                                               / (double) ch->visits);

                  g_assert_false (solver_on && ch->proven != 0);
                  g_assert_cmpfloat_with_epsilon (
                      json_object_get_double_member (kid, "uct"), score, 1e-9);
                  if (score > best)
                    {
                      best = score;
                      best_id = id;
                    }
                }
            }
          g_assert_cmpint (chosen, ==, taken >= 0 ? taken : best_id);
          g_array_append_val (walk, chosen);
        }
      else if (g_str_equal (type, "expand"))
        {
          JsonObject *n = json_array_get_object_element (nodes, node);

          /* The next node, under the end of the path. */
          g_assert_cmpint (node, ==, n_nodes++);
          g_assert_cmpint (json_object_get_int_member (n, "parent"), ==, at);
          g_assert_cmpint (json_object_get_int_member (n, "added"), ==,
                           iteration);
          g_assert_true (one_move_apart (
              &g_array_index (boards, NimBoard, at),
              &g_array_index (boards, NimBoard, node), &rules));
          g_array_append_val (g_array_index (tree, Replayed, at).children,
                              node);
          g_array_append_val (walk, node);
        }
      else if (g_str_equal (type, "playout"))
        {
          const char *why = json_object_get_string_member (e, "why");
          gint64 plies = json_object_get_int_member (e, "plies");
          gint64 result = json_object_get_int_member (e, "result");
          gint64 ply = (gint64) walk->len - 1;
          gint64 to_move = ply % 2 == 0 ? player : 3 - player;

          g_assert_cmpint (node, ==, at);
          g_hash_table_add (seen, (gpointer) why);
          if (json_object_has_member (e, "stop"))
            g_hash_table_add (
                seen, (gpointer) json_object_get_string_member (e, "stop"));
          if (g_str_equal (why, "end"))
            g_assert_false (nim_board_has_move (
                &g_array_index (boards, NimBoard, node), &rules));
          else if (g_str_equal (why, "proven"))
            g_assert_cmpint (r->proven, ==, result);
          else
            {
              g_assert_cmpint (plies, >, 0);
              g_assert_cmpint (json_array_get_length (
                                   json_object_get_array_member (e, "moves")),
                               ==, MIN (plies, 32));
            }
          g_assert_cmpint (json_object_get_int_member (e, "winner"), ==,
                           result > 0 ? to_move : 3 - to_move);
        }
      else if (g_str_equal (type, "backup"))
        {
          JsonArray *p = json_object_get_array_member (e, "path");
          JsonArray *after = json_object_get_array_member (e, "after");
          gint64 winner = json_object_get_int_member (e, "winner");
          gchar **line = g_ptr_array_index (traced, iteration - 1);
          gboolean proofs = FALSE;
          guint k;

          g_assert_cmpint (json_array_get_length (p), ==, walk->len);
          for (k = walk->len; k-- > 0;)
            {
              gint64 id = json_array_get_int_element (p, k);
              JsonObject *a = json_array_get_object_element (after, k);
              Replayed *n = &g_array_index (tree, Replayed, id);
              gint64 visits = json_object_get_int_member (a, "visits");
              gint64 wins = json_object_get_int_member (a, "wins");
              gint64 proven = json_object_get_int_member (a, "proven");
              gint64 mover = k % 2 == 1 ? player : 3 - player;

              g_assert_cmpint (id, ==, g_array_index (walk, gint64, k));
              g_assert_cmpint (visits, ==, n->visits + 1);
              g_assert_cmpint (wins - n->wins, >=, 0);
              g_assert_cmpint (wins - n->wins, <=, 1);
              /* A win where the winner made the move, unless a proof
                 below changed the result counted. */
              proofs = proofs || proven != 0;
              if (k > 0 && !proofs)
                g_assert_cmpint (wins - n->wins, ==, mover == winner);
              /* A proof stands, and it is the theory's. */
              if (n->proven != 0)
                g_assert_cmpint (proven, ==, n->proven);
              if (proven != 0)
                {
                  g_assert_true (solver_on);
                  g_assert_cmpint (
                      proven > 0, ==,
                      nim_test_solver_wins (
                          solver, &g_array_index (boards, NimBoard, id)));
                  g_hash_table_add (seen, "proof");
                }
              /* What --trace prints for the move to it. */
              if (k > 0)
                {
                  g_autofree char *want = g_strdup_printf (
                      "%" G_GINT64_FORMAT "/%" G_GINT64_FORMAT "%s", wins,
                      visits,
                      proven < 0   ? "W"
                      : proven > 0 ? "L"
                                   : "");

                  g_assert_cmpstr (line[k - 1], ==, want);
                }
              n->visits = visits;
              n->wins = wins;
              n->proven = proven;
            }
          g_assert_null (line[walk->len - 1]);
        }
      else
        g_assert_cmpstr (type, ==, "end");
    }
  g_assert_cmpint (iteration, ==, traced->len);
  g_assert_cmpint (n_nodes, ==, json_array_get_length (nodes));
  g_assert_true (g_hash_table_contains (seen, c->needs));
  g_assert_true (g_hash_table_contains (seen, "end"));
}

/* The page of Russell and Norvig's tree: every node with its path, the
   two alpha-beta never enters listed after the others as never entered
   and named by the cutoff at 2, the leaves with their values, the windows
   of the textbook, and MAX's move, child 1. */
static void
test_explore_tree (void)
{
  /* Path, entered, the window on entry (negamax's: for the player to
     move there), by the textbook's ALPHA-BETA-SEARCH. */
  static const struct
  {
    const char *path;
    gboolean entered;
    const char *alpha, *beta;
  } want[] = {
    { "", TRUE, "-inf", "inf" },    { "1", TRUE, "-inf", "inf" },
    { "1.1", TRUE, "-inf", "inf" }, { "1.2", TRUE, "-inf", "3" },
    { "1.3", TRUE, "-inf", "3" },   { "2", TRUE, "-inf", "-3" },
    { "2.1", TRUE, "3", "inf" },    { "3", TRUE, "-inf", "-3" },
    { "3.1", TRUE, "3", "inf" },    { "3.2", TRUE, "3", "14" },
    { "3.3", TRUE, "3", "5" },      { "2.2", FALSE, NULL, NULL },
    { "2.3", FALSE, NULL, NULL },
  };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *path = NULL;
  g_autofree char *page = NULL;
  g_autoptr (JsonNode) root = NULL;
  JsonObject *top;
  JsonArray *nodes, *events;
  GString *cuts = g_string_new (NULL);
  guint i;
  TmpDir tmp;

  if (!have_nim ())
    return;
  tmp_dir_init (&tmp);
  path = g_build_filename (tmp.dir, "tree.html", NULL);
  assert_status (run_nim (&out, &err, "--solve", "--tree",
                          "[[3,12,8],[2,4,6],[14,5,2]]", "--player1",
                          "negamax", "--explore", path, NULL),
                 STATUS_OK, out, err);
  g_file_get_contents (path, &page, NULL, NULL);
  tmp_dir_clear (&tmp);
  g_assert_nonnull (page);
  root = explore_data (page);
  top = json_node_get_object (root);
  g_assert_true (json_object_get_boolean_member (top, "tree"));
  g_assert_cmpstr (json_object_get_string_member (top, "kind"), ==,
                   "alpha-beta");
  g_assert_cmpstr (json_object_get_string_member (
                       json_object_get_object_member (top, "result"), "move"),
                   ==, "1");
  g_assert_cmpint (json_object_get_int_member (
                       json_object_get_object_member (top, "result"), "value"),
                   ==, 3);
  nodes = json_object_get_array_member (top, "nodes");
  events = json_object_get_array_member (top, "events");
  g_assert_cmpint (json_array_get_length (nodes), ==, G_N_ELEMENTS (want));
  for (i = 0; i < G_N_ELEMENTS (want); i++)
    {
      JsonObject *n = json_array_get_object_element (nodes, i);
      gboolean entered = !json_object_has_member (n, "entered")
                         || json_object_get_boolean_member (n, "entered");

      g_assert_cmpstr (json_object_get_string_member (n, "path"), ==,
                       want[i].path);
      g_assert_cmpint (entered, ==, want[i].entered);
      /* The leaves' values, by their paths. */
      if (strchr (want[i].path, '.') != NULL)
        {
          static const char *const leaves[] = { "1.1", "1.2", "1.3",
                                                "2.1", "2.2", "2.3",
                                                "3.1", "3.2", "3.3" };
          static const int values[] = { 3, 12, 8, 2, 4, 6, 14, 5, 2 };

          for (guint k = 0; k < G_N_ELEMENTS (leaves); k++)
            if (g_str_equal (leaves[k], want[i].path))
              g_assert_cmpint (json_object_get_int_member (n, "leaf"), ==,
                               values[k]);
        }
      else
        g_assert_false (json_object_has_member (n, "leaf"));
    }
  for (i = 0; i < json_array_get_length (events); i++)
    {
      JsonObject *e = json_array_get_object_element (events, i);
      const char *type = json_object_get_string_member (e, "type");
      guint node
          = (guint) json_object_get_int_member_with_default (e, "node", 0);

      if (g_str_equal (type, "enter"))
        {
          g_autofree char *alpha
              = json_node_get_value_type (json_object_get_member (e, "alpha"))
                        == G_TYPE_STRING
                    ? g_strdup (json_object_get_string_member (e, "alpha"))
                    : g_strdup_printf (
                        "%" G_GINT64_FORMAT,
                        json_object_get_int_member (e, "alpha"));
          g_autofree char *beta
              = json_node_get_value_type (json_object_get_member (e, "beta"))
                        == G_TYPE_STRING
                    ? g_strdup (json_object_get_string_member (e, "beta"))
                    : g_strdup_printf ("%" G_GINT64_FORMAT,
                                       json_object_get_int_member (e, "beta"));

          g_assert_true (want[node].entered);
          g_assert_cmpstr (alpha, ==, want[node].alpha);
          g_assert_cmpstr (beta, ==, want[node].beta);
        }
      if (g_str_equal (type, "leave") && json_object_has_member (e, "pruned"))
        {
          JsonArray *pruned = json_object_get_array_member (e, "pruned");

          for (guint k = 0; k < json_array_get_length (pruned); k++)
            g_string_append_printf (cuts, "%s%s@%s", cuts->len ? " " : "",
                                    json_array_get_string_element (pruned, k),
                                    want[node].path);
        }
    }
  g_assert_cmpstr (cuts->str, ==, "2.2@2 2.3@2");
  g_string_free (cuts, TRUE);
}

/* Address space for a nim under test_explore_memory (): a run of
   --heaps 1000000000,5 without the page needs about 60 MB of it.  A
   sanitizer's shadow needs terabytes of address space, so there only
   the peak of memory used is bounded, by the same figure times the
   sanitizer's overhead. */
#define EXPLORE_MEMORY_LIMIT (150 * 1024 * 1024)
#if defined(__SANITIZE_ADDRESS__)
#define EXPLORE_RSS_LIMIT (3 * EXPLORE_MEMORY_LIMIT)
#else
#define EXPLORE_RSS_LIMIT EXPLORE_MEMORY_LIMIT
#endif

/* The child's setup: its address space bounded, its standard error into
   the file @data names. */
static void
limit_memory (gpointer data)
{
  struct rlimit limit = { EXPLORE_MEMORY_LIMIT, EXPLORE_MEMORY_LIMIT };
  int fd = open (data, O_WRONLY | O_CREAT | O_TRUNC, 0600);

  if (fd >= 0)
    dup2 (fd, STDERR_FILENO);
#if !defined(__SANITIZE_ADDRESS__)
  setrlimit (RLIMIT_AS, &limit);
#else
  (void) limit;
#endif
}

/* The page keeps as many moves tried at a node as --trace-limit shows
   nodes, not one a child searched: negamax at a heap of a billion enters
   millions of children in two seconds, which once took hundreds of
   megabytes (GLib's abort under a memory limit) and a quadratic look-up
   of the moves pruned.  Bounded by the address space the run may take
   and by the peak of memory it used. */
static void
test_explore_memory (void)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *page = NULL;
  g_autofree char *errfile = NULL;
  g_autofree char *err = NULL;
  g_autofree char *html = NULL;
  g_auto (GStrv) env = NULL;
  const char *args[] = { "--heaps",        "1000000000,5", "--player1",
                         "negamax:time=2", "--player2",    "xor",
                         "--explore",      NULL,           NULL };
  struct rusage usage;
  GPid pid;
  int status;

  if (!have_nim ())
    return;
  dir = g_dir_make_tmp ("nim-explore-memory-XXXXXX", &error);
  g_assert_no_error (error);
  page = g_build_filename (dir, "page.html", NULL);
  errfile = g_build_filename (dir, "stderr", NULL);
  args[G_N_ELEMENTS (args) - 2] = page;
  nim_test_add_nim_argv (argv, args);
  g_ptr_array_add (argv, NULL);
  env = g_environ_setenv (g_get_environ (), "LC_ALL", "C", TRUE);
  g_assert_true (
      g_spawn_async (NULL, (char **) argv->pdata, env,
                     G_SPAWN_DO_NOT_REAP_CHILD | G_SPAWN_STDOUT_TO_DEV_NULL,
                     limit_memory, errfile, &pid, &error));
  g_assert_no_error (error);
  g_assert_cmpint (wait4 (pid, &status, 0, &usage), ==, pid);
  g_spawn_close_pid (pid);
  g_file_get_contents (errfile, &err, NULL, NULL);
  g_test_message ("status %d, peak %ld kB; stderr:\n%s", status,
                  usage.ru_maxrss, err);
  g_assert_true (WIFEXITED (status));
  g_assert_cmpint (WEXITSTATUS (status), ==, STATUS_OK);
  g_assert_cmpint (usage.ru_maxrss, <, EXPLORE_RSS_LIMIT / 1024);
  g_assert_true (g_file_get_contents (page, &html, NULL, &error));
  g_assert_no_error (error);
  nim_test_assert_contains (html, "1000000000,5");
  g_unlink (page);
  g_unlink (errfile);
  g_rmdir (dir);
}

/* A teacher hands out one tree by its seed: --solve --random-heaps with
   --seed draws the heaps the first pair of a comparison run with the same
   options plays, and the page shows the command that makes it again;
   without --seed the command shown names the seed drawn. */
static void
test_explore_random_heaps (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;
  g_autofree char *path = NULL;
  g_autofree char *page = NULL;
  g_autofree char *page2 = NULL;
  g_autofree char *command = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (JsonNode) root2 = NULL;
  g_autoptr (JsonNode) games = NULL;
  g_auto (GStrv) argv = NULL;
  JsonObject *top, *top2;
  TmpDir tmp;

  if (!have_nim ())
    return;
  tmp_dir_init (&tmp);
  path = g_build_filename (tmp.dir, "class.html", NULL);
  assert_status (run_nim (&out, &err, "--solve", "--random-heaps", "3:5",
                          "--seed", "7", "--player1", "minimax", "--moves",
                          "any", "--explore", path, NULL),
                 STATUS_OK, out, err);
  g_file_get_contents (path, &page, NULL, &error);
  g_assert_no_error (error);
  root = explore_data (page);
  top = json_node_get_object (root);
  command = g_strdup_printf ("%s --solve --random-heaps 3:5 --seed 7 "
                             "--player1 minimax --moves any --explore %s",
                             g_getenv ("NIM_BINARY"), path);
  g_assert_cmpstr (json_object_get_string_member (top, "command"), ==,
                   command);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  /* The first pair's position, from its results file. */
  {
    g_autofree char *results = g_build_filename (tmp.dir, "g.jsonl", NULL);
    g_autofree char *text = NULL;
    g_auto (GStrv) lines = NULL;
    JsonArray *start;
    GString *heaps = g_string_new (NULL);
    guint i;

    assert_status (run_nim (&out, &err, "--games", "2", "--random-heaps",
                            "3:5", "--seed", "7", "--player1", "xor",
                            "--player2", "xor", "--moves", "any", "--results",
                            results, NULL),
                   STATUS_OK, out, err);
    g_file_get_contents (results, &text, NULL, &error);
    g_assert_no_error (error);
    lines = g_strsplit (text, "\n", -1);
    games = nim_test_parse_json (lines[1]);
    start
        = json_object_get_array_member (json_node_get_object (games), "start");
    for (i = 0; i < json_array_get_length (start); i++)
      g_string_append_printf (heaps, "%s%" G_GINT64_FORMAT, i ? "," : "",
                              json_array_get_int_element (start, i));
    g_assert_cmpstr (json_object_get_string_member (top, "root"), ==,
                     heaps->str);
    g_string_free (heaps, TRUE);
  }
  /* Without --seed: the seed drawn is in the command, which makes the
     same tree again. */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&page, g_free);
  assert_status (run_nim (&out, &err, "--solve", "--random-heaps", "3:5",
                          "--player1", "minimax", "--moves", "any",
                          "--explore", path, NULL),
                 STATUS_OK, out, err);
  g_file_get_contents (path, &page, NULL, &error);
  g_assert_no_error (error);
  g_clear_pointer (&root, json_node_unref);
  root = explore_data (page);
  top = json_node_get_object (root);
  g_assert_true (g_shell_parse_argv (
      json_object_get_string_member (top, "command"), NULL, &argv, &error));
  g_assert_no_error (error);
  g_assert_cmpstr (argv[g_strv_length (argv) - 2], ==, "--seed");
  assert_status (
      nim_test_run_nimv (NULL, &out2, &err2, (const char *const *) argv + 1),
      STATUS_OK, out2, err2);
  g_file_get_contents (path, &page2, NULL, &error);
  g_assert_no_error (error);
  root2 = explore_data (page2);
  top2 = json_node_get_object (root2);
  g_assert_cmpstr (json_object_get_string_member (top2, "root"), ==,
                   json_object_get_string_member (top, "root"));
  tmp_dir_clear (&tmp);
}

/* pns's numbers on its page: a threshold that step 6 made from an
   infinite one is "inf-N" (the page reads it as infinity less N), never
   the search's own infinity less N; the root's first child is searched
   under pn < inf - (12 - 1), the root's dn 12 less the child's pn 1.
   And once the root is proven by 2 from heap 1, the move before it in
   heap order, 1 from heap 1, is searched for the first winning move. */
static void
test_explore_pns (void)
{
  static const ExploreCase c = { "pns", "3,4,5", "any", FALSE, "pns", NULL };
  g_autofree char *page = NULL;
  g_autoptr (JsonNode) root = NULL;
  JsonArray *events;
  guint i, numbers = 0, near = 0, first_win = 0;
  TmpDir tmp;

  if (!have_nim ())
    return;
  tmp_dir_init (&tmp);
  page = explore_page (&c, tmp.dir);
  tmp_dir_clear (&tmp);
  root = explore_data (page);
  events
      = json_object_get_array_member (json_node_get_object (root), "events");
  for (i = 0; i < json_array_get_length (events); i++)
    {
      JsonObject *e = json_array_get_object_element (events, i);
      const char *type = json_object_get_string_member (e, "type");
      const char *names[] = { "pn", "dn", "thpn", "thdn" };

      if (g_str_equal (type, "try")
          && g_str_equal (json_object_get_string_member (e, "why"),
                          "first-win"))
        {
          g_assert_cmpint (json_object_get_int_member (e, "node"), ==, 0);
          g_assert_cmpstr (json_object_get_string_member (e, "move"), ==,
                           "h1-1");
          first_win++;
        }
      if (!g_str_equal (type, "numbers"))
        continue;
      for (guint k = 0; k < G_N_ELEMENTS (names); k++)
        {
          JsonNode *n = json_object_get_member (e, names[k]);

          if (json_node_get_value_type (n) == G_TYPE_STRING)
            {
              const char *text = json_node_get_string (n);

              g_assert_true (
                  g_str_equal (text, "inf")
                  || g_regex_match_simple ("^inf-[1-9][0-9]?$", text, 0, 0));
              near += g_str_has_prefix (text, "inf-");
            }
          else
            g_assert_cmpint (json_node_get_int (n), <, 100);
        }
      /* The root's numbers, then its first child's. */
      if (numbers++ == 1)
        g_assert_cmpstr (json_object_get_string_member (e, "thpn"), ==,
                         "inf-11");
    }
  g_assert_cmpuint (near, >, 0);
  g_assert_cmpuint (first_win, ==, 1);
  g_assert_cmpstr (json_object_get_string_member (
                       json_object_get_object_member (
                           json_node_get_object (root), "result"),
                       "move"),
                   ==, "h1-2");
}

/* A search that proves its value on the last unit of its budget has
   finished all the same: the default negamax proves 3,4,5 with 227 nodes
   and 410 table look-ups beyond one a node (enhanced transposition
   cutoffs, one a heap, and the move ordering's), 637 units of a node
   budget (bench/expected has the nodes).  A search stopped by its budget
   has not finished, unless it had proven a winning move by then (from
   636 units on, the last iteration has). */
static void
test_compare_exact_budget (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (JsonNode) node = NULL;
  JsonArray *rows;
  guint i;
  gboolean seen = FALSE;

  if (!have_nim ())
    return;
  assert_status (run_nim (&out, &err, "--compare", "--heaps", "3,4,5",
                          "--nodes", "637", "--json", NULL),
                 STATUS_OK, out, err);
  node = nim_test_parse_json (out);
  rows = json_node_get_array (node);
  for (i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *r = json_array_get_object_element (rows, i);

      if (g_strcmp0 (json_object_get_string_member (r, "algorithm"), "negamax")
          != 0)
        continue;
      seen = TRUE;
      g_assert_cmpint (json_object_get_int_member (r, "nodes"), ==, 227);
      g_assert_true (json_object_get_boolean_member (r, "finished"));
      g_assert_cmpstr (json_object_get_string_member (r, "value"), ==, "win");
    }
  g_assert_true (seen);

  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&node, json_node_unref);
  assert_status (run_nim (&out, &err, "--compare", "--heaps", "3,4,5",
                          "--nodes", "635", "--json", NULL),
                 STATUS_OK, out, err);
  node = nim_test_parse_json (out);
  rows = json_node_get_array (node);
  seen = FALSE;
  for (i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *r = json_array_get_object_element (rows, i);

      if (g_strcmp0 (json_object_get_string_member (r, "algorithm"), "negamax")
          != 0)
        continue;
      seen = TRUE;
      g_assert_cmpint (json_object_get_int_member (r, "nodes"), <, 227);
      g_assert_false (json_object_get_boolean_member (r, "finished"));
    }
  g_assert_true (seen);
}

/* A row whose player cannot run on the position: grundy has no period
   for {1,2,1000000000} within its table (a set of two sizes has a closed
   form and would be answered), so a heap of 4294967295 is out of
   its reach.  The row says n/a and why, under the table; the others are
   shown all the same, and the exit status is 0, as no option was wrong.
   With --json the row has "value": null and "error". */
static void
test_compare_row_fails (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;
  g_autoptr (JsonNode) node = NULL;
  JsonArray *rows;
  guint i, seen = 0;

  if (!have_nim ())
    return;
  /* 100,000 nodes a row rather than --compare's 10,000,000 (4 s): what is
     checked does not depend on it, the rows are shown, grundy's says
     n/a. */
  assert_status (run_nim (&out, &err, "--compare", "--heaps", "4294967295,5",
                          "--moves", "1000000000,1,2", "--nodes", "100000",
                          NULL),
                 STATUS_OK, out, err);
  g_assert_cmpstr (err, ==, "");
  nim_test_assert_contains (out, "\nminimax ");
  nim_test_assert_contains (out, "\nnegamax ");
  nim_test_assert_contains (out, "\ngrundy                                   "
                                 "n/a          -  ");
  nim_test_assert_contains (out, "\n\ngrundy: the Grundy values of "
                                 "{1,2,1000000000} show no period");

  assert_status (run_nim (&out2, &err2, "--compare", "--heaps", "4294967295,5",
                          "--moves", "1000000000,1,2", "--nodes", "1000",
                          "--json", NULL),
                 STATUS_OK, out2, err2);
  node = nim_test_parse_json (out2);
  rows = json_node_get_array (node);
  g_assert_cmpuint (json_array_get_length (rows), >, 1);
  for (i = 0; i < json_array_get_length (rows); i++)
    {
      JsonObject *r = json_array_get_object_element (rows, i);
      gboolean grundy = g_str_equal (
          json_object_get_string_member (r, "algorithm"), "grundy");

      g_assert_cmpint (json_object_has_member (r, "error"), ==, grundy);
      if (!grundy)
        {
          g_assert_false (json_object_get_null_member (r, "value"));
          continue;
        }
      seen++;
      g_assert_true (json_object_get_null_member (r, "value"));
      g_assert_true (json_object_get_null_member (r, "heap"));
      g_assert_true (json_object_get_null_member (r, "take"));
      g_assert_false (json_object_get_boolean_member (r, "finished"));
      nim_test_assert_contains (json_object_get_string_member (r, "error"),
                                "out of reach");
      nim_test_assert_not_contains (json_object_get_string_member (r, "error"),
                                    "--");
    }
  g_assert_cmpuint (seen, ==, 1);
}

/* --compare prints its heading at once and each row as it finishes; the
   players of --player1 and --player2 run after the fixed rows, with the
   budget of --nodes unless they set their own; Ctrl-C stops the table
   after the rows done, says so, and exits 130. */
static void
test_compare_streams (void)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *path = NULL;
  g_autofree char *text = NULL;
  /* minimax:nodes=0 has no budget: on six heaps it runs until stopped. */
  const char *const args[]
      = { "--compare",       "--heaps",   "1,3,5,7,9,11",    "--nodes",
          "20000",           "--player1", "minimax:depth=2", "--player2",
          "minimax:nodes=0", NULL };
  guint waited = 0;
  TmpDir tmp;

  if (!have_nim ())
    return;
  tmp_dir_init (&tmp);
  path = g_build_filename (tmp.dir, "out", NULL);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C", TRUE);
  g_subprocess_launcher_set_stdout_file_path (launcher, path);
  nim_test_add_nim_argv (argv, args);
  g_ptr_array_add (argv, NULL);
  process = g_subprocess_launcher_spawnv (
      launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  /* The rows before the endless one appear while it runs. */
  for (;;)
    {
      g_clear_pointer (&text, g_free);
      g_usleep (50 * 1000);
      waited += 50;
      g_assert_cmpuint (waited, <, 30000);
      if (waited >= 30000
          || (g_file_get_contents (path, &text, NULL, NULL)
              && strstr (text, "\nminimax:depth=2 ") != NULL))
        break;
    }
  nim_test_assert_contains (text, "algorithm ");
  nim_test_assert_contains (text, "\ngrundy ");
  g_subprocess_send_signal (process, SIGINT);
  g_subprocess_communicate_utf8 (process, NULL, NULL, NULL, &err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_assert_cmpint (g_subprocess_get_exit_status (process), ==,
                   STATUS_INTERRUPTED);
  g_assert_true (g_file_get_contents (path, &out, NULL, NULL));
  nim_test_assert_contains (out, "\nminimax                                  "
                                 "not finished ");
  nim_test_assert_contains (out, "\nminimax:depth=2                          "
                                 "unknown ");
  nim_test_assert_not_contains (out, "minimax:nodes=0");
  nim_test_assert_contains (out, "\nInterrupted by Ctrl-C: the rows above "
                                 "are those that finished.\n");
  g_assert_cmpstr (err, ==, "");
  tmp_dir_clear (&tmp);
}

/* eval= as a student meets it: --trace shows the evaluation's values at
   the depth limit, --explain names it, and --compare sets minimax at
   depth 1 with the exact evaluation, which finds the winning move,
   beside the full searches. */
static void
test_eval_shown (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;
  g_autofree char *out3 = NULL;
  g_autofree char *err3 = NULL;

  if (!have_nim ())
    return;
  assert_status (run_nim (&out, &err, "--heaps", "3,4", "--player1",
                          "minimax:depth=2,eval=nimsum", "--player2", "xor",
                          "--trace=2", NULL),
                 STATUS_OK, out, err);
  nim_test_assert_contains (out, "\n    h2-2 2,2 MAX = -1: horizon\n");
  nim_test_assert_contains (out, "\n    h2-3 2,1 MAX = 1: horizon\n");

  assert_status (run_nim (&out2, &err2, "--heaps", "3,4,5", "--player1",
                          "negamax:depth=1,eval=nimsum", "--player2", "xor",
                          "--explain", NULL),
                 STATUS_OK, out2, err2);
  nim_test_assert_contains (out2, "takes 2 from heap 1.\n  Value: unknown. "
                                  "With depth=1 the search looks 1 ply ahead "
                                  "and scores the\n  positions there with "
                                  "eval=nimsum (1 good, -1 bad");

  assert_status (run_nim (&out3, &err3, "--compare", "--heaps", "3,4,5",
                          "--player1", "minimax:depth=1,eval=nimsum",
                          "--player2", "minimax:depth=1", NULL),
                 STATUS_OK, out3, err3);
  nim_test_assert_contains (out3, "\nminimax:depth=1,eval=nimsum              "
                                  "unknown      2 from heap 1 ");
  nim_test_assert_contains (out3, "\nminimax:depth=1                          "
                                  "unknown      1 from heap 1 ");
}

/* --solve --trace and --solve --dot show the engine's search of the one
   position, then the solution, without a game; with --json the trace
   goes to standard error and the solution stays one JSON object. */
static void
test_solve_trace (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;
  g_autofree char *dot = NULL;
  g_autofree char *text = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (JsonNode) node = NULL;
  TmpDir tmp;

  if (!have_nim ())
    return;
  assert_status (run_nim (&out, &err, "--solve", "--heaps", "1,2", "--player1",
                          "minimax", "--trace", NULL),
                 STATUS_OK, out, err);
  nim_test_assert_contains (out, "# trace: minimax (player 1) searches 1,2\n");
  nim_test_assert_contains (out, "\nroot 1,2 MAX\n");
  nim_test_assert_contains (out, "# value win; plays h2-1\n");
  nim_test_assert_contains (out, "The player to move wins");
  nim_test_assert_not_contains (out, "Heap 1:");
  g_assert_cmpstr (err, ==, "");

  tmp_dir_init (&tmp);
  dot = g_build_filename (tmp.dir, "tree.dot", NULL);
  assert_status (run_nim (&out2, &err2, "--solve", "--heaps", "3,4", "--dot",
                          dot, "--trace=1", "--json", NULL),
                 STATUS_OK, out2, err2);
  node = nim_test_parse_json (out2);
  g_assert_cmpstr (
      json_object_get_string_member (json_node_get_object (node), "to_move"),
      ==, "win");
  nim_test_assert_contains (err2, "# trace: negamax (player 1) searches 3,4");
  g_file_get_contents (dot, &text, NULL, &error);
  g_assert_no_error (error);
  nim_test_assert_contains (text, "the tree negamax (player 1) searched from "
                                  "3,4.");
  nim_test_assert_contains (text, "digraph nim_search {");
  tmp_dir_clear (&tmp);
}

/* --compare refuses a person, and a name that is no player. */
static void
test_compare_bad_players (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;

  if (!have_nim ())
    return;
  assert_status (run_nim (&out, &err, "--compare", "--player1", "human", NULL),
                 STATUS_USAGE, out, err);
  nim_test_assert_contains (err, "--compare runs computer players; human "
                                 "asks a person for moves");
  g_assert_cmpstr (out, ==, "");
  assert_status (
      run_nim (&out2, &err2, "--compare", "--player2", "bogus", NULL),
      STATUS_USAGE, out2, err2);
  nim_test_assert_contains (err2, "unknown player 'bogus'");
  g_assert_cmpstr (out2, ==, "");
}

int
main (int argc, char **argv)
{
  guint i;

  nim_test_init (&argc, &argv);
  for (i = 0; i < G_N_ELEMENTS (trace_cases); i++)
    {
      g_autofree char *path
          = g_strdup_printf ("/trace/golden/%s", trace_cases[i].golden);

      g_test_add_data_func (path, &trace_cases[i], test_trace_golden);
    }
  for (i = 0; i < G_N_ELEMENTS (dot_cases); i++)
    {
      g_autofree char *path
          = g_strdup_printf ("/dot/golden/%s", dot_cases[i].golden);

      g_test_add_data_func (path, &dot_cases[i], test_dot_golden);
    }
  g_test_add_func ("/trace/counts-nodes", test_trace_counts_nodes);
  g_test_add_func ("/trace/changes-nothing", test_trace_changes_nothing);
  g_test_add_func ("/trace/stdout", test_trace_to_stdout);
  g_test_add_func ("/trace/plurals", test_trace_plurals);
  g_test_add_func ("/compare/matches-bench", test_compare_matches_bench);
  g_test_add_func ("/compare/table", test_compare_table);
  g_test_add_func ("/trace/bad-values", test_bad_values);
  g_test_add_func ("/trace/solve-refuses-first", test_solve_refuses_first);
  g_test_add_func ("/trace/solve-no-move", test_solve_no_move);
  for (i = 0; i < G_N_ELEMENTS (output_cases); i++)
    {
      g_autofree char *write_error
          = g_strdup_printf ("/%s/write-error", output_cases[i].option + 2);
      g_autofree char *no_search
          = g_strdup_printf ("/%s/no-search", output_cases[i].option + 2);

      g_test_add_data_func (write_error, &output_cases[i], test_write_error);
      g_test_add_data_func (no_search, &output_cases[i], test_no_search);
    }
  g_test_add_func ("/compare/exact-budget", test_compare_exact_budget);
  g_test_add_func ("/compare/row-fails", test_compare_row_fails);
  g_test_add_func ("/compare/streams", test_compare_streams);
  g_test_add_func ("/compare/bad-players", test_compare_bad_players);
  g_test_add_func ("/trace/eval", test_eval_shown);
  g_test_add_func ("/trace/solve", test_solve_trace);
  for (i = 0; i < G_N_ELEMENTS (explore_cases); i++)
    {
      g_autofree char *path
          = g_strdup_printf ("/explore/data/%s/%s/%s%s", explore_cases[i].spec,
                             explore_cases[i].take, explore_cases[i].heaps,
                             explore_cases[i].misere ? "/misere" : "");

      g_test_add_data_func (path, &explore_cases[i], test_explore_data);
    }
  g_test_add_func ("/explore/random-heaps", test_explore_random_heaps);
  g_test_add_func ("/explore/tree", test_explore_tree);
  g_test_add_func ("/explore/memory", test_explore_memory);
  g_test_add_func ("/explore/pns-thresholds", test_explore_pns);
  for (i = 0; i < G_N_ELEMENTS (mcts_cases); i++)
    {
      g_autofree char *path = g_strdup_printf (
          "/explore/mcts/%s/%s/%s%s", mcts_cases[i].spec, mcts_cases[i].take,
          mcts_cases[i].heaps, mcts_cases[i].misere ? "/misere" : "");

      g_test_add_data_func (path, &mcts_cases[i], test_explore_mcts);
    }

  return g_test_run ();
}
