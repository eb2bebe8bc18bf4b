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

#include <stdio.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <stdarg.h>
#include <signal.h>
#include <string.h>

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
    guint n_rows; /* with the closed forms that apply */
  } positions[] = {
    { "3,4,5", "nim", NULL, NULL, 9 },
    { "1,3,5,7", "nim", NULL, NULL, 9 },
    { "2,6,19", "sub", "--moves", "2,7,15,16", 8 },
    { "13", "take3", "--max-take", "3", 8 },
    { "1,3,5,7", "misere", "--misere", NULL, 8 },
  };
  g_autoptr (GHashTable) expected = NULL;
  guint p, n_checked = 0;

  if (!have_nim ())
    return;
  expected = read_bench_expected ();
  for (p = 0; p < G_N_ELEMENTS (positions); p++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autoptr (JsonNode) node = NULL;
      JsonArray *rows;
      guint i;

      assert_status (run_nim (&out, &err, "--compare", "--heaps",
                              positions[p].heaps, "--json",
                              positions[p].rules_opt, positions[p].rules_arg,
                              NULL),
                     STATUS_OK, out, err);
      node = nim_test_parse_json (out);
      rows = json_node_get_array (node);
      /* Seven searches and the closed forms that apply. */
      g_assert_cmpuint (json_array_get_length (rows), ==, positions[p].n_rows);
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
     pns on the two take-any positions. */
  g_assert_cmpuint (n_checked, ==, 5 + 3 * 4 + 2);
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
    "--trace-limit goes with --trace or --dot" },
  { { "--dot", "/nonexistent-dir/tree.dot", "--player1", "negamax",
      "--player2", "xor", NULL },
    STATUS_FAILURE,
    "--dot: cannot write '/nonexistent-dir/tree.dot': No such file or "
    "directory" },
  { { "--compare", "--trace", NULL },
    STATUS_USAGE,
    "--compare traces none of its searches; leave out --trace and --dot" },
  { { "--nodes", "10", NULL },
    STATUS_USAGE,
    "--nodes is the budget of --compare" },
  { { "--compare", "--nodes", "x", NULL },
    STATUS_USAGE,
    "--nodes: 'x' is not a whole number" },
};

/* Bad values: a message naming what is accepted, exit status 2 (or 1 for
   a file that cannot be written), and no game. */
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

/* A write error on the DOT file (a full disk) fails the run. */
static void
test_dot_write_error (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!have_nim ())
    return;
  if (!g_file_test ("/dev/full", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /dev/full to simulate a full disk");
      return;
    }
  assert_status (run_nim (&out, &err, "--heaps", "3,4,5", "--player1",
                          "negamax", "--player2", "xor", "--seed", "1",
                          "--dot", "/dev/full", NULL),
                 STATUS_FAILURE, out, err);
  nim_test_assert_contains (err, "nim: --dot: write error on '/dev/full': "
                                 "No space left on device");
}

/* A game in which no computer searched (two closed forms) leaves an
   empty graph in the --dot file, and says so on the terminal. */
static void
test_dot_no_search (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *dot = NULL;
  g_autofree char *text = NULL;
  g_autofree char *expected = NULL;
  g_autoptr (GError) error = NULL;
  TmpDir tmp;

  if (!have_nim ())
    return;
  tmp_dir_init (&tmp);
  dot = g_build_filename (tmp.dir, "tree.dot", NULL);
  assert_status (run_nim (&out, &err, "--heaps", "3,4", "--player1", "xor",
                          "--player2", "xor", "--dot", dot, NULL),
                 STATUS_OK, out, err);
  expected = g_strdup_printf ("nim: --dot: no computer player searched in "
                              "this game, so '%s' holds an empty graph\n",
                              dot);
  g_assert_cmpstr (err, ==, expected);
  g_file_get_contents (dot, &text, NULL, &error);
  g_assert_no_error (error);
  nim_test_assert_contains (text, "digraph nim_search {\n}\n");
  tmp_dir_clear (&tmp);
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
      if (g_file_get_contents (path, &text, NULL, NULL)
          && strstr (text, "\nminimax:depth=2 ") != NULL)
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
  g_test_add_func ("/dot/write-error", test_dot_write_error);
  g_test_add_func ("/dot/no-search", test_dot_no_search);
  g_test_add_func ("/compare/exact-budget", test_compare_exact_budget);
  g_test_add_func ("/compare/row-fails", test_compare_row_fails);
  g_test_add_func ("/compare/streams", test_compare_streams);
  g_test_add_func ("/compare/bad-players", test_compare_bad_players);
  g_test_add_func ("/trace/eval", test_eval_shown);
  g_test_add_func ("/trace/solve", test_solve_trace);

  return g_test_run ();
}
