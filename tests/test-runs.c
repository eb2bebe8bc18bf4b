/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-runs.c -- what drives a comparison run: the SPRT, position
 * suites, tournaments, resuming, shards and progress */

#include "config.h"

#include "nim-command.h"
#include "nim-mode.h"
#include "nim-ratings.h"
#include "nim-run-file.h"
#include "nim-run-progress.h"
#include "nim-run-summary.h"
#include "nim-shared.h"
#include "nim-sprt.h"
#include "nim-test.h"

#include <gio/gio.h>
#include <glib-unix.h>
#include <glib/gstdio.h>
#include <json-glib/json-glib.h>
#include <errno.h>
#include <fcntl.h>
#include <math.h>
#include <signal.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/stat.h>
#include <unistd.h>

#define STATUS_OK 0
#define STATUS_USAGE 2

/* ------------------------------------------------------------------------ */
/* Helpers */

static JsonObject *
member (JsonNode *node, const char *name)
{
  return json_object_get_object_member (json_node_get_object (node), name);
}

/* A file @name holding @text in a directory of its own, which goes to
 *@dir. */
static char *
file_new (char **dir, const char *name, const char *text)
{
  g_autoptr (GError) error = NULL;
  char *path;

  *dir = g_dir_make_tmp ("nim-runs-XXXXXX", &error);
  g_assert_no_error (error);
  path = g_build_filename (*dir, name, NULL);
  if (text != NULL)
    {
      g_file_set_contents (path, text, -1, &error);
      g_assert_no_error (error);
    }
  return path;
}

/* Removes the files of @dir, then @dir. */
static void
dir_remove (const char *dir)
{
  g_autoptr (GDir) d = g_dir_open (dir, 0, NULL);
  const char *name;

  while (d != NULL && (name = g_dir_read_name (d)) != NULL)
    {
      g_autofree char *path = g_build_filename (dir, name, NULL);

      g_unlink (path);
    }
  g_rmdir (dir);
}

/* The records of a results file, one JSON object a line, in order;
   lines that are not objects with a "game" (headers, fragments) are
   left out. */
static GPtrArray *
read_games (const char *path)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  GPtrArray *records
      = g_ptr_array_new_with_free_func ((GDestroyNotify) json_node_unref);
  g_autoptr (GError) error = NULL;
  guint i;

  g_file_get_contents (path, &text, NULL, &error);
  g_assert_no_error (error);
  lines = g_strsplit (text != NULL ? text : "", "\n", -1);
  for (i = 0; lines[i] != NULL; i++)
    {
      JsonNode *node = json_from_string (lines[i], NULL);

      if (node != NULL && JSON_NODE_HOLDS_OBJECT (node)
          && json_object_has_member (json_node_get_object (node), "game"))
        g_ptr_array_add (records, node);
      else if (node != NULL)
        json_node_unref (node);
    }
  return records;
}

/* The heaps a record started from, as text: "3,4,5". */
static char *
record_start (JsonNode *record)
{
  JsonArray *heaps
      = json_object_get_array_member (json_node_get_object (record), "start");
  g_autoptr (GString) s = g_string_new (NULL);
  guint i;

  for (i = 0; i < json_array_get_length (heaps); i++)
    g_string_append_printf (s, "%s%" G_GINT64_FORMAT, i ? "," : "",
                            json_array_get_int_element (heaps, i));
  return g_string_free (g_steal_pointer (&s), FALSE);
}

static gint64
record_int (JsonNode *record, const char *name)
{
  return json_object_get_int_member (json_node_get_object (record), name);
}

static void records_unchanged (const char *path, guint n);
static char **file_lines (const char *path);

/* The "run" of the @index-th header line of the results file @path. */
static char *
header_id (const char *path, guint index)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  guint i;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text != NULL ? text : "", "\n", -1);
  for (i = 0; lines[i] != NULL; i++)
    {
      g_autoptr (JsonNode) node = json_from_string (lines[i], NULL);
      JsonObject *o;

      if (node == NULL || !JSON_NODE_HOLDS_OBJECT (node))
        continue;
      o = json_node_get_object (node);
      if (json_object_has_member (o, "params") && index-- == 0)
        return g_strdup (json_object_get_string_member (o, "run"));
    }
  g_assert_not_reached ();
}

/* ------------------------------------------------------------------------ */
/* SPRT */

/* The LLR of fixed pair counts against a hand computation: 30 pairs won
   2-0, 50 split, 20 lost.  Mean m = (30 + 25) / 100 = 0.55; variance
   v = (30 x 0.45^2 + 50 x 0.05^2 + 20 x 0.55^2) / 100 = 0.1225.
   Logistic, elo0 = 0, elo1 = 10: s0 = 0.5, s1 = 1 / (1 + 10^-0.025) =
   0.5143872; LLR = 100 (s1 - s0) (2m - s0 - s1) / 2v = 100 x 0.0143872 x
   0.0856128 / 0.245 = 0.502746.  Normalized: s = 0.5 + nelo sqrt (2v) /
   (800 / ln 10), s1 = 0.5142465, LLR = 0.498648. */
static void
test_sprt_llr (void)
{
  const guint64 counts[3] = { 30, 50, 20 };
  NimSprt sprt = { 0, 10, 0.05, 0.05, NIM_SPRT_LOGISTIC };
  double lower, upper;

  g_assert_true (nim_sprt_check (&sprt, NULL));
  g_assert_cmpfloat_with_epsilon (nim_sprt_llr (&sprt, counts), 0.502746,
                                  1e-5);
  sprt.model = NIM_SPRT_NORMALIZED;
  g_assert_cmpfloat_with_epsilon (nim_sprt_llr (&sprt, counts), 0.498648,
                                  1e-5);
  /* ln (0.05 / 0.95) and ln (0.95 / 0.05). */
  nim_sprt_bounds (&sprt, &lower, &upper);
  g_assert_cmpfloat_with_epsilon (lower, -2.944439, 1e-6);
  g_assert_cmpfloat_with_epsilon (upper, 2.944439, 1e-6);
  g_assert_cmpint (nim_sprt_decide (&sprt, 0.5), ==, NIM_SPRT_NONE);
  g_assert_cmpint (nim_sprt_decide (&sprt, 3.0), ==, NIM_SPRT_H1);
  g_assert_cmpint (nim_sprt_decide (&sprt, -3.0), ==, NIM_SPRT_H0);
}

/* Degenerate counts: no pair, every pair split (zero variance), every
   pair won; a zero count is taken as half a pair, so the LLR is finite
   and a sweep needs several pairs to decide (7 for elo1 = 50). */
static void
test_sprt_degenerate (void)
{
  const NimSprt sprt = { 0, 50, 0.05, 0.05, NIM_SPRT_LOGISTIC };
  const NimSprt norm = { 0, 5, 0.05, 0.05, NIM_SPRT_NORMALIZED };
  const guint64 none[3] = { 0, 0, 0 };
  guint64 split[3] = { 0, 40, 0 };
  guint64 sweep[3] = { 6, 0, 0 };
  double llr;

  g_assert_cmpfloat (nim_sprt_llr (&sprt, none), ==, 0);
  llr = nim_sprt_llr (&sprt, split);
  g_assert_true (isfinite (llr));
  g_assert_cmpfloat (llr, <, 0);
  split[1] = 1000;
  g_assert_cmpint (nim_sprt_decide (&sprt, nim_sprt_llr (&sprt, split)), ==,
                   NIM_SPRT_H0);
  g_assert_true (isfinite (nim_sprt_llr (&norm, split)));
  g_assert_cmpint (nim_sprt_decide (&sprt, nim_sprt_llr (&sprt, sweep)), ==,
                   NIM_SPRT_NONE);
  sweep[0] = 7;
  g_assert_cmpint (nim_sprt_decide (&sprt, nim_sprt_llr (&sprt, sweep)), ==,
                   NIM_SPRT_H1);
  sweep[2] = sweep[0];
  sweep[0] = 0;
  g_assert_cmpint (nim_sprt_decide (&sprt, nim_sprt_llr (&sprt, sweep)), ==,
                   NIM_SPRT_H0);
  g_assert_true (isfinite (nim_sprt_llr (&norm, sweep)));
}

/* A run stops once the test decides: negamax sweeps random long before
   the 400 games, and the summary says H1 with the LLR past its bound. */
static void
test_sprt_run (void)
{
  const char *args[]
      = { "--games",   "400",    "--player1",      "negamax",
          "--player2", "random", "--random-heaps", "3:7",
          "--seed",    "5",      "--sprt",         "elo0=0,elo1=50",
          NULL };
  g_autoptr (JsonNode) s = NULL;
  JsonObject *sprt;

  if (!nim_test_have_nim ())
    return;
  s = nim_test_run_json (args);
  sprt = member (s, "sprt");
  g_assert_cmpstr (json_object_get_string_member (sprt, "decision"), ==, "H1");
  g_assert_cmpfloat (json_object_get_double_member (sprt, "llr"), >=,
                     json_object_get_double_member (sprt, "upper"));
  g_assert_cmpint (
      json_object_get_int_member (json_node_get_object (s), "games"), <, 400);
  g_assert_false (json_object_get_boolean_member (json_node_get_object (s),
                                                  "interrupted"));
}

/* The summary says where the LLR stands against its bounds in words: past
   the upper one, H1 accepted, never "LLR 3.03 in [-2.94, 2.94]", which
   reads as inside them; between them while undecided. */
static void
test_sprt_words (void)
{
  const char *decided[]
      = { "--games",   "400",    "--player1",      "negamax",
          "--player2", "random", "--random-heaps", "3:7",
          "--seed",    "5",      "--sprt",         "elo0=0,elo1=50",
          NULL };
  const char *open[]
      = { "--games", "4",       "--player1", "xor",    "--player2",
          "xor",     "--heaps", "3,4,5",     "--sprt", "elo0=0,elo1=50",
          NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *out2 = NULL;
  g_autofree char *err2 = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nimv (NULL, &out, &err, decided), ==,
                   STATUS_OK);
  nim_test_assert_contains (out, ", crossed the upper bound 2.94: H1 "
                                 "accepted\n");
  g_assert_null (strstr (out, " in ["));
  g_assert_cmpint (nim_test_run_nimv (NULL, &out2, &err2, open), ==,
                   STATUS_OK);
  nim_test_assert_contains (out2, "LLR -0.09, between its bounds -2.94 and "
                                  "2.94\n");
  /* Every pair split 1-1: no margin of 0 is claimed. */
  nim_test_assert_contains (out2, "Elo difference: +0.0, no margin yet: all "
                                  "2 pairs scored the same");
  g_assert_null (strstr (out2, "+/- 0.0"));
}

static void
test_sprt_bad (void)
{
  static const struct
  {
    const char *args[8];
    const char *message;
  } cases[] = {
    { { "--games", "4", "--sprt", "elo0=5,elo1=0", NULL }, "elo0 must be" },
    { { "--games", "4", "--sprt", "elo0=0", NULL }, "give both" },
    { { "--games", "4", "--sprt", "elo0=0,elo1=5,alpha=1", NULL },
      "between 0 and 1" },
    { { "--games", "4", "--sprt", "elo0=0,elo1=5,alpha=0.6,beta=0.5", NULL },
      "less than 1" },
    { { "--games", "4", "--sprt", "elo0=0,elo1=5,model=bayes", NULL },
      "logistic or normalized" },
    { { "--games", "4", "--sprt", "elo0=0,elo1=5,gamma=1", NULL },
      "unknown key" },
    { { "--games", "4", "--sprt", "elo0=x,elo1=5", NULL }, "--sprt elo0" },
    { { "--games", "4", "--sprt", "elo0", NULL }, "KEY=VALUE" },
    { { "--sprt", "elo0=0,elo1=5", "--player1", "xor", NULL }, "--games" },
  };
  guint i;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    nim_test_assert_refused (cases[i].args, STATUS_USAGE, cases[i].message);
}

/* ------------------------------------------------------------------------ */
/* Position suites */

#define SUITE "# three positions\n3,4,5\n\n1,2 p2   # player 2 first\n2,2\n"

/* The pairs play the suite in file order from --start, round it again;
   "p2" puts player 2 first in the first game of its pair; comments and
   blank lines are skipped. */
static void
test_positions_sequential (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *suite = file_new (&dir, "suite.txt", SUITE);
  g_autofree char *results = g_build_filename (dir, "r.jsonl", NULL);
  const char *args[]
      = { "--games",   "8",         "--positions", suite,       "--start",
          "2",         "--player1", "random",      "--player2", "random",
          "--results", results,     "--seed",      "3",         NULL };
  const char *want[]
      = { "1,2", "1,2", "2,2", "2,2", "3,4,5", "3,4,5", "1,2", "1,2" };
  const gint64 first[] = { 2, 1, 1, 2, 1, 2, 2, 1 };
  g_autoptr (JsonNode) s = NULL;
  g_autoptr (GPtrArray) games = NULL;
  guint i;

  if (!nim_test_have_nim ())
    return;
  s = nim_test_run_json (args);
  g_assert_cmpint (
      json_object_get_int_member (member (s, "positions"), "count"), ==, 3);
  games = read_games (results);
  g_assert_cmpuint (games->len, ==, 8);
  for (i = 0; i < games->len; i++)
    {
      JsonNode *g = games->pdata[i];
      g_autofree char *start = record_start (g);
      guint64 n = (guint64) record_int (g, "game") - 1;

      g_assert_cmpstr (start, ==, want[n]);
      g_assert_cmpint (record_int (g, "first"), ==, first[n]);
    }
  dir_remove (dir);
}

/* --order random plays a permutation drawn with the seed: every position
   once in the first three pairs, the same order for the same seed. */
static void
test_positions_random (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *suite = file_new (&dir, "suite.txt", SUITE);
  g_autofree char *results = g_build_filename (dir, "r.jsonl", NULL);
  g_autofree char *again = g_build_filename (dir, "again.jsonl", NULL);
  const char *args[]
      = { "--games",   "6",         "--positions", suite,       "--order",
          "random",    "--player1", "xor",         "--player2", "random",
          "--results", results,     "--seed",      "9",         NULL };
  g_autoptr (JsonNode) a = NULL;
  g_autoptr (JsonNode) b = NULL;
  g_autoptr (GPtrArray) one = NULL;
  g_autoptr (GPtrArray) two = NULL;
  g_autoptr (GHashTable) seen
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  guint i;

  if (!nim_test_have_nim ())
    return;
  a = nim_test_run_json (args);
  args[11] = again;
  b = nim_test_run_json (args);
  one = read_games (results);
  two = read_games (again);
  g_assert_cmpuint (one->len, ==, 6);
  g_assert_cmpuint (two->len, ==, 6);
  for (i = 0; i < one->len; i++)
    {
      g_autofree char *x = record_start (one->pdata[i]);
      g_autofree char *y = NULL;
      guint j;

      for (j = 0; j < two->len; j++)
        if (record_int (two->pdata[j], "game")
            == record_int (one->pdata[i], "game"))
          y = record_start (two->pdata[j]);
      g_assert_cmpstr (x, ==, y);
      g_hash_table_add (seen, g_steal_pointer (&x));
    }
  g_assert_cmpuint (g_hash_table_size (seen), ==, 3);
  dir_remove (dir);
}

/* Every bad line is named with its number, and the run does not start;
   --order and --start need --positions. */
static void
test_positions_bad (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *bad
      = file_new (&dir, "bad.txt", "3,4,5\nfoo\n0,0\n3,4 p3\n1 # fine\n");
  g_autofree char *empty = g_build_filename (dir, "empty.txt", NULL);
  g_autofree char *missing = g_build_filename (dir, "missing.txt", NULL);
  g_autofree char *line2 = g_strconcat (bad, ":2: ", NULL);
  g_autofree char *line3 = g_strconcat (bad, ":3: ", NULL);
  g_autofree char *line4 = g_strconcat (bad, ":4: ", NULL);
  const char *args[] = { "--games", "4", "--positions", bad, NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, args), ==, STATUS_USAGE);
  nim_test_assert_contains (err, line2);
  nim_test_assert_contains (err, line3);
  nim_test_assert_contains (err, line4);
  nim_test_assert_not_contains (err, ":5: ");
  g_assert_cmpstr (out, ==, "");
  g_file_set_contents (empty, "# nothing\n\n", -1, NULL);
  args[3] = empty;
  nim_test_assert_refused (args, STATUS_USAGE, "holds no position");
  args[3] = missing;
  nim_test_assert_refused (args, 1, "cannot read");
  {
    const char *order[] = { "--games", "4", "--order", "random", NULL };
    const char *start[] = { "--games", "4", "--start", "2", NULL };
    const char *which[]
        = { "--games", "4", "--positions", bad, "--order", "sorted", NULL };
    const char *heaps[]
        = { "--games", "4", "--positions", bad, "--heaps", "3,4", NULL };
    const char *mode[] = { "--positions", bad, NULL };

    nim_test_assert_refused (order, STATUS_USAGE, "--positions FILE");
    nim_test_assert_refused (start, STATUS_USAGE, "--positions FILE");
    nim_test_assert_refused (which, STATUS_USAGE, "--positions");
    nim_test_assert_refused (heaps, STATUS_USAGE, "cannot be combined");
    nim_test_assert_refused (mode, STATUS_USAGE, "--games");
  }
  dir_remove (dir);
}

/* A --positions file is bounded: a NUL byte cuts no position short (the
   line is named), a line that never ends (/dev/zero) is refused at its
   bound, not read for ever, and so are a file and a suite too long. */
static void
test_positions_bounds (void)
{
  static const char nul_text[] = "3,4\0 9,9\n5,5\n";
  g_autofree char *dir = NULL;
  g_autofree char *nul = file_new (&dir, "nul.txt", NULL);
  g_autofree char *line1 = g_strconcat (nul, ":1: ", NULL);
  const char *with_nul[]
      = { "--games", "4", "--positions", nul, "--seed", "1", NULL };
  const char *zero[] = { "--games", "2", "--positions", "/dev/zero", NULL };
  const char *from_input[]
      = { "--games", "2", "--positions", "/dev/stdin", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  GString *input;
  guint i;

  if (!nim_test_have_nim ())
    return;
  g_assert_true (
      g_file_set_contents (nul, nul_text, sizeof nul_text - 1, NULL));
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, with_nul), ==,
                   STATUS_USAGE);
  nim_test_assert_contains (err, line1);
  nim_test_assert_contains (err, "NUL");
  g_assert_cmpstr (out, ==, "");
  nim_test_assert_refused (zero, STATUS_USAGE,
                           "--positions: /dev/zero:1: the line is longer "
                           "than 64 KiB");
  input = g_string_new (NULL);
  /* More than 1,000,000 positions (some 300 MB of boards read, too slow
     under valgrind). */
  if (!nim_test_light ())
    {
      for (i = 0; i <= 1000000; i++)
        g_string_append (input, "1\n");
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
      g_assert_cmpint (nim_test_run_nimv (input->str, &out, &err, from_input),
                       ==, STATUS_USAGE);
      nim_test_assert_contains (err, ":1000001: the file holds more than "
                                     "1000000 positions");
    }
  /* More than 64 MiB, of comments in the longest lines there may be. */
  g_string_truncate (input, 0);
  while (input->len <= 64 * 1024 * 1024)
    {
      g_string_append_c (input, '#');
      for (i = 1; i < 64 * 1024; i++)
        g_string_append_c (input, 'x');
      g_string_append_c (input, '\n');
    }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (nim_test_run_nimv (input->str, &out, &err, from_input), ==,
                   STATUS_USAGE);
  nim_test_assert_contains (err, "is longer than 64 MiB");
  g_string_free (input, TRUE);
  dir_remove (dir);
}

/* Two deterministic players on fewer positions than pairs replay their
   games: a warning says so; a random player makes none. */
static void
test_positions_replay_warning (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nim ("", &out, &err, "--games", "6",
                                     "--player1", "xor", "--player2",
                                     "negamax", NULL),
                   ==, STATUS_OK);
  /* One position is one, not "1 positions". */
  nim_test_assert_contains (err, "3 pairs play one position: every pair "
                                 "after the first replays its games");
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (nim_test_run_nim ("", &out, &err, "--games", "6",
                                     "--player1", "xor", "--player2", "random",
                                     NULL),
                   ==, STATUS_OK);
  nim_test_assert_not_contains (err, "replays");
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&out, g_free);
  g_assert_cmpint (nim_test_run_nim ("", &out, &err, "--games", "2",
                                     "--player1", "xor", "--player2",
                                     "negamax", NULL),
                   ==, STATUS_OK);
  nim_test_assert_not_contains (err, "replays");
}

/* ------------------------------------------------------------------------ */
/* Tournaments */

/* Bradley-Terry against a hand computation.  Two players, 30-10: with
   the prior, 31 to 11, so g1/g0 = 11/31 and player 2 is rated
   400 log10 (11/31) = -179.99; the information of its log-strength is
   n p (1 - p) = 42 (11/42) (31/42) = 8.119, so the 95% interval is
   +/- 1.96 / sqrt (8.119) x 400 / ln 10 = +/- 119.5.  A sweep, 20-0, is
   finite: 400 log10 (1/21) = -528.9.  Three players in a cycle of
   equal results are rated alike. */
static void
test_ratings (void)
{
  const guint64 two[4] = { 0, 30, 10, 0 };
  const guint64 sweep[4] = { 0, 20, 0, 0 };
  const guint64 cycle[9] = { 0, 7, 3, 3, 0, 7, 7, 3, 0 };
  NimRating r[3];

  nim_ratings_estimate (2, two, r);
  g_assert_cmpfloat_with_epsilon (r[0].elo, 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (r[0].low, 0, 1e-9);
  g_assert_cmpfloat_with_epsilon (r[1].elo, -179.99, 0.01);
  g_assert_cmpfloat_with_epsilon (r[1].high - r[1].elo, 119.5, 0.1);
  g_assert_cmpfloat_with_epsilon (r[1].elo - r[1].low, 119.5, 0.1);

  nim_ratings_estimate (2, sweep, r);
  g_assert_cmpfloat_with_epsilon (r[1].elo, -528.88, 0.01);
  g_assert_true (isfinite (r[1].low) && isfinite (r[1].high));

  nim_ratings_estimate (3, cycle, r);
  g_assert_cmpfloat_with_epsilon (r[1].elo, 0, 1e-6);
  g_assert_cmpfloat_with_epsilon (r[2].elo, 0, 1e-6);
}

/* A round robin of three: every pairing plays --games games from the
   same positions, the games numbered through the tournament, each
   results line naming both players; the crosstable adds up, and xor
   (perfect) is rated above random. */
static void
test_tournament (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *results = file_new (&dir, "r.jsonl", NULL);
  const char *args[]
      = { "--games",  "10",      "--tournament",   "round-robin",
          "--player", "xor",     "--player",       "random",
          "--player", "negamax", "--random-heaps", "3:6",
          "--seed",   "4",       "--results",      results,
          NULL };
  g_autoptr (JsonNode) s = NULL;
  g_autoptr (GPtrArray) games = NULL;
  JsonObject *o;
  JsonArray *players, *cross;
  g_autoptr (GHashTable) numbers = g_hash_table_new (NULL, NULL);
  guint i, j;
  gint64 total = 0;

  if (!nim_test_have_nim ())
    return;
  s = nim_test_run_json (args);
  o = json_node_get_object (s);
  g_assert_cmpint (json_object_get_int_member (o, "games"), ==, 30);
  players = json_object_get_array_member (o, "players");
  cross = json_object_get_array_member (o, "crosstable");
  for (i = 0; i < 3; i++)
    for (j = 0; j < 3; j++)
      total += json_array_get_int_element (
          json_array_get_array_element (cross, i), j);
  g_assert_cmpint (total, ==, 30);
  g_assert_cmpfloat (json_object_get_double_member (
                         json_array_get_object_element (players, 1), "elo"),
                     <, -100);
  g_assert_cmpfloat (
      json_object_get_double_member (
          json_array_get_object_element (players, 1), "elo_high"),
      <, 0);
  games = read_games (results);
  g_assert_cmpuint (games->len, ==, 30);
  for (i = 0; i < games->len; i++)
    {
      JsonArray *names = json_object_get_array_member (
          json_node_get_object (games->pdata[i]), "players");
      gint64 n = record_int (games->pdata[i], "game");

      g_assert_cmpint (n, >=, 1);
      g_assert_cmpint (n, <=, 30);
      g_hash_table_add (numbers, GINT_TO_POINTER ((int) n));
      g_assert_cmpuint (json_array_get_length (names), ==, 2);
      g_assert_cmpstr (json_array_get_string_element (names, 0), !=,
                       json_array_get_string_element (names, 1));
    }
  g_assert_cmpuint (g_hash_table_size (numbers), ==, 30);
  dir_remove (dir);
}

static void
test_tournament_bad (void)
{
  static const struct
  {
    const char *args[14];
    const char *message;
  } cases[] = {
    { { "--games", "4", "--tournament", "swiss", "--player", "xor", "--player",
        "random", NULL },
      "round-robin or gauntlet" },
    { { "--games", "4", "--tournament", "gauntlet", "--player", "xor", NULL },
      "2 to 64 players" },
    { { "--games", "4", "--tournament", "gauntlet", "--player", "xor",
        "--player", "human", NULL },
      "asks a person" },
    { { "--games", "4", "--tournament", "gauntlet", "--player", "xor",
        "--player", "nobody", NULL },
      "--player nobody" },
    { { "--games", "4", "--tournament", "gauntlet", "--player", "xor",
        "--player", "random", "--player1", "xor", NULL },
      "--player1" },
    { { "--games", "4", "--tournament", "gauntlet", "--player", "xor",
        "--player", "random", "--sprt", "elo0=0,elo1=5", NULL },
      "--sprt" },
    { { "--games", "4", "--player", "xor", NULL }, "--tournament" },
    { { "--tournament", "gauntlet", "--player", "xor", NULL }, "--games" },
    /* Found before any game: xor plays only take-any. */
    { { "--games", "4", "--tournament", "round-robin", "--player", "random",
        "--player", "negamax", "--player", "xor", "--moves", "2,3", NULL },
      "xor plays only" },
  };
  guint i;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    nim_test_assert_refused (cases[i].args, STATUS_USAGE, cases[i].message);
}

/* ------------------------------------------------------------------------ */
/* Resuming */

/* The summary without what depends on the clock. */
static void
drop_times (JsonNode *summary)
{
  JsonObject *o = json_node_get_object (summary);
  JsonArray *players = json_object_get_array_member (o, "players");
  guint i;

  json_object_remove_member (o, "seconds");
  for (i = 0; i < json_array_get_length (players); i++)
    json_object_remove_member (json_array_get_object_element (players, i),
                               "seconds_per_move");
}

/* Fails the test unless summaries @a and @b are equal once what depends
   on the clock is left out, showing both (as @what_a and @what_b). */
static void
assert_same_summary (JsonNode *a, JsonNode *b, const char *what_a,
                     const char *what_b)
{
  drop_times (a);
  drop_times (b);
  if (!json_node_equal (a, b))
    {
      g_autofree char *x = json_to_string (a, FALSE);
      g_autofree char *y = json_to_string (b, FALSE);

      g_test_message ("%s: %s\n%s: %s", what_a, x, what_b, y);
      g_test_fail ();
    }
}

/* Keeps the first @n lines of @path and half of the next one, as a run
   killed while writing would have left it. */
static void
cut_results (const char *path, guint n)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GString) kept = g_string_new (NULL);
  guint i;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text != NULL ? text : "", "\n", -1);
  g_assert_cmpuint (g_strv_length (lines), >, n + 1);
  for (i = 0; i < n; i++)
    g_string_append_printf (kept, "%s\n", lines[i]);
  g_string_append_len (kept, lines[n], (gssize) strlen (lines[n]) / 2);
  g_assert_true (g_file_set_contents (path, kept->str, -1, NULL));
}

/* Runs @args (ending in "--results", NULL) into a fresh file; cuts the
   file after @keep lines and a torn one; resumes without --seed (the
   file's is taken): the summary is the uninterrupted run's, and the file
   holds every game of the run exactly once. */
static void
check_resume (const char **args, guint n_args, guint keep, guint64 games)
{
  g_autofree char *dir = NULL;
  g_autofree char *full_path = file_new (&dir, "full.jsonl", NULL);
  g_autofree char *part_path = g_build_filename (dir, "part.jsonl", NULL);
  g_autoptr (JsonNode) full = NULL;
  g_autoptr (JsonNode) resumed = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GPtrArray) records = NULL;
  g_autoptr (GHashTable) numbers = g_hash_table_new (NULL, NULL);
  g_autofree char *text = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  guint i;

  for (i = 0; i < n_args; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, (gpointer) "--seed");
  g_ptr_array_add (argv, (gpointer) "77");
  g_ptr_array_add (argv, (gpointer) "--results");
  g_ptr_array_add (argv, full_path);
  g_ptr_array_add (argv, NULL);
  full = nim_test_run_json ((const char *const *) argv->pdata);
  g_assert_true (g_file_get_contents (full_path, &text, NULL, NULL));
  g_assert_true (g_file_set_contents (part_path, text, -1, NULL));
  cut_results (part_path, keep);

  /* Resumed without --seed: the file says which. */
  g_ptr_array_set_size (argv, n_args);
  g_ptr_array_add (argv, (gpointer) "--resume");
  g_ptr_array_add (argv, (gpointer) "--results");
  g_ptr_array_add (argv, part_path);
  g_ptr_array_add (argv, (gpointer) "--json");
  g_ptr_array_add (argv, NULL);
  g_assert_cmpint (
      nim_test_run_nimv (NULL, &out, &err, (const char *const *) argv->pdata),
      ==, STATUS_OK);
  nim_test_assert_contains (err, "incomplete");
  nim_test_assert_contains (err, "resuming");
  resumed = nim_test_parse_json (out);
  assert_same_summary (full, resumed, "full", "resumed");
  records = read_games (part_path);
  for (i = 0; i < records->len; i++)
    {
      gint64 n = record_int (records->pdata[i], "game");

      g_assert_false (g_hash_table_contains (numbers, GINT_TO_POINTER (n)));
      g_hash_table_add (numbers, GINT_TO_POINTER (n));
      g_assert_cmpint (n, >=, 1);
      g_assert_cmpint (n, <=, (gint64) games);
    }
  g_assert_cmpuint (records->len, ==, games);
  dir_remove (dir);
}

static void
test_resume (void)
{
  const char *args[] = { "--games",   "24",     "--player1",      "negamax",
                         "--player2", "random", "--random-heaps", "3:6",
                         "--jobs",    "2" };

  if (!nim_test_have_nim ())
    return;
  check_resume (args, G_N_ELEMENTS (args), 9, 24);
}

static void
test_resume_tournament (void)
{
  const char *args[] = { "--games",  "6",       "--tournament",   "gauntlet",
                         "--player", "xor",     "--player",       "random",
                         "--player", "negamax", "--random-heaps", "3:5" };

  if (!nim_test_have_nim ())
    return;
  check_resume (args, G_N_ELEMENTS (args), 8, 12);
}

/* Ctrl-C in the middle of a run with two jobs (the games in progress
   abandoned, games finished out of order), then --resume: the summary is
   the uninterrupted run's, and every game is in the file once. */
static void
test_resume_after_interrupt (void)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = file_new (&dir, "r.jsonl", NULL);
  g_autofree char *full_path = g_build_filename (dir, "full.jsonl", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  /* 3,000 games; 300 under valgrind, some 30 times slower, which still
     leaves the run going well after the first 20,000 bytes. */
  const guint games = nim_test_light () ? 300 : 3000;
  g_autofree char *games_text = g_strdup_printf ("%u", games);
  const char *full_args[]
      = { "--games",   games_text, "--player1",      "negamax:tt=1M",
          "--player2", "random",   "--random-heaps", "4:12",
          "--seed",    "21",       "--results",      full_path,
          NULL };
  const char *resume_args[] = { "--games",
                                games_text,
                                "--player1",
                                "negamax:tt=1M",
                                "--player2",
                                "random",
                                "--random-heaps",
                                "4:12",
                                "--resume",
                                "--jobs",
                                "2",
                                "--results",
                                path,
                                NULL };
  g_autoptr (JsonNode) full = NULL;
  g_autoptr (JsonNode) resumed = NULL;
  g_autoptr (GPtrArray) records = NULL;
  g_autoptr (GHashTable) numbers = g_hash_table_new (NULL, NULL);
  guint waited = 0, i;

  if (!nim_test_have_nim ())
    return;
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C", TRUE);
  {
    const char *const args[] = { "--games",
                                 games_text,
                                 "--player1",
                                 "negamax:tt=1M",
                                 "--player2",
                                 "random",
                                 "--random-heaps",
                                 "4:12",
                                 "--seed",
                                 "21",
                                 "--jobs",
                                 "2",
                                 "--results",
                                 path,
                                 NULL };
    g_autoptr (GPtrArray) argv = g_ptr_array_new ();

    /* With the classic rule a MOVES build needs, as every run does. */
    nim_test_add_nim_argv (argv, args);
    g_ptr_array_add (argv, NULL);
    process = g_subprocess_launcher_spawnv (
        launcher, (const char *const *) argv->pdata, &error);
  }
  g_assert_no_error (error);
  /* Some games finished, then Ctrl-C. */
  for (;;)
    {
      g_autofree char *text = NULL;

      g_usleep (50 * 1000);
      waited += 50;
      g_assert_cmpuint (waited, <, 30000);
      if (waited >= 30000
          || (g_file_get_contents (path, &text, NULL, NULL)
              && strlen (text) > 20000))
        break;
    }
  g_subprocess_send_signal (process, SIGINT);
  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);

  resumed = nim_test_run_json (resume_args);
  full = nim_test_run_json (full_args);
  drop_times (full);
  drop_times (resumed);
  json_object_remove_member (json_node_get_object (full), "jobs");
  json_object_remove_member (json_node_get_object (resumed), "jobs");
  g_assert_true (json_node_equal (full, resumed));
  records = read_games (path);
  g_assert_cmpuint (records->len, ==, games);
  for (i = 0; i < records->len; i++)
    {
      gint64 n = record_int (records->pdata[i], "game");

      g_assert_false (g_hash_table_contains (numbers, GINT_TO_POINTER (n)));
      g_hash_table_add (numbers, GINT_TO_POINTER (n));
    }
  g_unlink (full_path);
  dir_remove (dir);
}

/* A results file of another run is refused, naming what differs. */
static void
test_resume_mismatch (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = file_new (&dir, "r.jsonl", NULL);
  const char *first[]
      = { "--games", "4", "--player1", "xor", "--player2", "random",
          "--seed",  "1", "--results", path,  NULL };
  const char *other[]
      = { "--games", "4", "--player1", "xor",       "--player2", "xor",
          "--seed",  "2", "--resume",  "--results", path,        NULL };
  const char *no_file[] = { "--games", "4", "--resume", NULL };
  g_autoptr (JsonNode) s = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!nim_test_have_nim ())
    return;
  s = nim_test_run_json (first);
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, other), ==,
                   STATUS_USAGE);
  nim_test_assert_contains (err, "another run");
  nim_test_assert_contains (err, "players: [\"xor\",\"random\"] in the file, "
                                 "[\"xor\",\"xor\"] now");
  nim_test_assert_contains (err, "seed: 1 in the file, 2 now");
  nim_test_assert_not_contains (err, "games:");
  nim_test_assert_refused (no_file, STATUS_USAGE, "--results FILE");
  dir_remove (dir);
}

/* ------------------------------------------------------------------------ */
/* Shards */

/* A game record without what depends on the clock: the moves' "stats"
   and the seconds of "tally"; as text, to compare. */
static char *
record_timeless (JsonNode *record)
{
  g_autoptr (JsonNode) copy = json_node_copy (record);
  JsonObject *o = json_node_get_object (copy);
  JsonArray *moves = json_object_get_array_member (o, "moves");
  JsonArray *tally = json_object_get_array_member (o, "tally");
  guint i;

  for (i = 0; i < json_array_get_length (moves); i++)
    json_object_remove_member (json_array_get_object_element (moves, i),
                               "stats");
  for (i = 0; i < json_array_get_length (tally); i++)
    json_array_remove_element (json_array_get_array_element (tally, i), 3);
  return json_to_string (copy, FALSE);
}

/* The game records of @paths, timeless, by game number. */
static GHashTable *
records_by_number (const char *const *paths)
{
  GHashTable *by = g_hash_table_new_full (NULL, NULL, NULL, g_free);
  guint i, j;

  for (i = 0; paths[i] != NULL; i++)
    {
      g_autoptr (GPtrArray) records = read_games (paths[i]);

      for (j = 0; j < records->len; j++)
        {
          gint64 n = record_int (records->pdata[j], "game");

          g_assert_false (g_hash_table_contains (by, GINT_TO_POINTER (n)));
          g_hash_table_insert (by, GINT_TO_POINTER (n),
                               record_timeless (records->pdata[j]));
        }
    }
  return by;
}

/* Runs @args (a run's options) on one machine and as @n shards, then
   --summarize over the shards' files: the same records, each game in
   one shard only, and the same summary. */
static void
check_shards (const char **args, guint n_args, guint n)
{
  g_autofree char *dir = NULL;
  g_autofree char *one = file_new (&dir, "one.jsonl", NULL);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GPtrArray) shards = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) names = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (JsonNode) whole = NULL;
  g_autoptr (JsonNode) merged = NULL;
  g_autoptr (GHashTable) a = NULL;
  g_autoptr (GHashTable) b = NULL;
  const char *ones[] = { one, NULL };
  GHashTableIter iter;
  gpointer key, value;
  guint i, k;

  for (i = 0; i < n_args; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
  g_ptr_array_add (argv, (gpointer) "--results");
  g_ptr_array_add (argv, one);
  g_ptr_array_add (argv, NULL);
  whole = nim_test_run_json ((const char *const *) argv->pdata);
  for (k = 1; k <= n; k++)
    {
      g_autoptr (JsonNode) part = NULL;
      char *path = g_strdup_printf ("%s/shard-%u.jsonl", dir, k);
      char *shard = g_strdup_printf ("%u/%u", k, n);

      g_ptr_array_add (shards, path);
      g_ptr_array_add (names, shard);
      g_ptr_array_set_size (argv, n_args);
      g_ptr_array_add (argv, (gpointer) "--results");
      g_ptr_array_add (argv, path);
      g_ptr_array_add (argv, (gpointer) "--shard");
      g_ptr_array_add (argv, shard);
      g_ptr_array_add (argv, NULL);
      part = nim_test_run_json ((const char *const *) argv->pdata);
    }
  g_ptr_array_add (shards, NULL);
  g_ptr_array_set_size (argv, 0);
  g_ptr_array_add (argv, (gpointer) "--summarize");
  for (k = 0; k < n; k++)
    g_ptr_array_add (argv, shards->pdata[k]);
  g_ptr_array_add (argv, NULL);
  merged = nim_test_run_json ((const char *const *) argv->pdata);

  a = records_by_number (ones);
  b = records_by_number ((const char *const *) shards->pdata);
  g_assert_cmpuint (g_hash_table_size (a), >, 0);
  g_assert_cmpuint (g_hash_table_size (a), ==, g_hash_table_size (b));
  g_hash_table_iter_init (&iter, a);
  while (g_hash_table_iter_next (&iter, &key, &value))
    g_assert_cmpstr (value, ==, g_hash_table_lookup (b, key));

  /* The shards of one run, played alike, fit together (a tournament's
     summary has no audit). */
  if (json_object_has_member (json_node_get_object (merged), "sprt"))
    {
      g_assert_cmpuint (json_array_get_length (json_object_get_array_member (
                            json_node_get_object (merged), "suspect_shards")),
                        ==, 0);
      json_object_remove_member (json_node_get_object (merged),
                                 "suspect_shards");
    }
  json_object_remove_member (json_node_get_object (whole), "jobs");
  json_object_remove_member (json_node_get_object (merged), "jobs");
  assert_same_summary (whole, merged, "one machine", "shards");
  for (k = 0; k < n; k++)
    g_unlink (shards->pdata[k]);
  dir_remove (dir);
}

static void
test_shards (void)
{
  const char *args[] = { "--games",   "36",     "--player1",      "negamax",
                         "--player2", "random", "--random-heaps", "3:7",
                         "--seed",    "12",     "--jobs",         "2" };

  if (!nim_test_have_nim ())
    return;
  check_shards (args, G_N_ELEMENTS (args), 3);
}

/* The shards of an SPRT run, summarized, decide as one machine does: over
   pairs 1, 2, 3 ... in order, whatever the shards played beyond (issue
   37's example); without a shard's file the test is not decided and the
   summary names the pair and the shard it waits for.  Each shard writes
   in a directory of its own, as on machines that share none: they play
   every pair (shards in one directory stop together, /runs/shards-stop). */
static void
test_shards_sprt (void)
{
  const char *args[] = { "--games",
                         "2000",
                         "--player1",
                         "negamax:depth=2",
                         "--player2",
                         "random",
                         "--random-heaps",
                         "3:9",
                         "--seed",
                         "3",
                         "--sprt",
                         "elo0=0,elo1=20",
                         NULL,
                         NULL,
                         NULL,
                         NULL,
                         NULL };
  g_autofree char *dir = NULL;
  g_autofree char *one = file_new (&dir, "one.jsonl", NULL);
  char *paths[3] = { NULL };
  g_autoptr (JsonNode) whole = NULL;
  g_autoptr (JsonNode) merged = NULL;
  g_autoptr (JsonNode) part = NULL;
  JsonObject *o, *prefix, *sprt;
  guint k;

  if (!nim_test_have_nim ())
    return;
  args[12] = "--results";
  args[13] = one;
  whole = nim_test_run_json (args);
  for (k = 1; k <= 3; k++)
    {
      g_autoptr (JsonNode) shard = NULL;
      g_autofree char *label = g_strdup_printf ("%u/3", k);

      g_autofree char *own = g_strdup_printf ("%s/%u", dir, k);

      g_assert_cmpint (g_mkdir (own, 0700), ==, 0);
      paths[k - 1] = g_strdup_printf ("%s/s%u.jsonl", own, k);
      args[13] = paths[k - 1];
      args[14] = "--shard";
      args[15] = label;
      shard = nim_test_run_json (args);
    }
  {
    const char *summarize[]
        = { "--summarize", paths[0], paths[1], paths[2], NULL };

    merged = nim_test_run_json (summarize);
  }
  o = json_node_get_object (merged);
  g_assert_true (json_object_has_member (o, "sprt_prefix"));
  prefix = json_object_get_object_member (o, "sprt_prefix");
  g_assert_cmpint (json_object_get_int_member (prefix, "decided_pairs"), ==,
                   21);
  json_object_remove_member (o, "sprt_prefix");
  json_object_remove_member (o, "suspect_shards");
  json_object_remove_member (json_node_get_object (whole), "jobs");
  json_object_remove_member (o, "jobs");
  assert_same_summary (whole, merged, "one machine", "shards");
  {
    const char *summarize[] = { "--summarize", paths[0], paths[2], NULL };

    part = nim_test_run_json (summarize);
  }
  o = json_node_get_object (part);
  sprt = json_object_get_object_member (o, "sprt");
  g_assert_true (json_object_get_null_member (sprt, "decision"));
  prefix = json_object_get_object_member (o, "sprt_prefix");
  g_assert_cmpint (json_object_get_int_member (prefix, "prefix"), ==, 1);
  g_assert_cmpint (json_object_get_int_member (prefix, "first_missing"), ==,
                   2);
  g_assert_cmpstr (
      json_object_get_string_member (prefix, "first_missing_shard"), ==,
      "2/3");
  g_assert_cmpint (json_object_get_int_member (prefix, "missing"), ==, 333);
  g_unlink (one);
  for (k = 0; k < 3; k++)
    {
      g_autofree char *own = g_path_get_dirname (paths[k]);

      dir_remove (own);
      g_free (paths[k]);
    }
  dir_remove (dir);
}

/* Starts nim with @args, its standard output as @out says
   (%G_SUBPROCESS_FLAGS_STDOUT_SILENCE, _PIPE) and its standard error a
   pipe; @setup, when not %NULL, runs in the child before nim does. */
static GSubprocess *
spawn_nim_out (const char *const *args, GSpawnChildSetupFunc setup,
               GSubprocessFlags out)
{
  g_autoptr (GSubprocessLauncher) launcher
      = g_subprocess_launcher_new (out | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  GSubprocess *process;

  nim_test_add_nim_argv (argv, args);
  g_ptr_array_add (argv, NULL);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C", TRUE);
  if (setup != NULL)
    g_subprocess_launcher_set_child_setup (launcher, setup, NULL, NULL);
  process = g_subprocess_launcher_spawnv (
      launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  return process;
}

/* spawn_nim_out () with standard output thrown away. */
static GSubprocess *
spawn_nim (const char *const *args, GSpawnChildSetupFunc setup)
{
  return spawn_nim_out (args, setup, G_SUBPROCESS_FLAGS_STDOUT_SILENCE);
}

/* The SPRT run of issue 37's example with @games games, @extra... after
   it (up to four), in @args (room for 18). */
static void
stop_args (const char **args, const char *games, const char *const *extra)
{
  const char *base[]
      = { "--games",   games,    "--player1",      "negamax:depth=2",
          "--player2", "random", "--random-heaps", "3:9",
          "--seed",    "3",      "--sprt",         "elo0=0,elo1=20" };
  guint i, n = G_N_ELEMENTS (base);

  for (i = 0; i < n; i++)
    args[i] = base[i];
  for (; *extra != NULL; extra++)
    args[n++] = *extra;
  args[n] = NULL;
}

/* Starts shard @label (K/3) of stop_args()'s run with @games, writing
   @results, with --json (and --resume when @resume). */
static GSubprocess *
stop_spawn (const char *games, const char *label, const char *results,
            gboolean resume)
{
  const char *extra[] = { "--shard", label,    "--results",
                          results,   "--json", resume ? "--resume" : NULL,
                          NULL };
  const char *args[20];

  stop_args (args, games, extra);
  return spawn_nim_out (args, NULL, G_SUBPROCESS_FLAGS_STDOUT_PIPE);
}

/* Waits for @process, a shard, which must end well: its summary. */
static JsonNode *
stop_wait (GSubprocess *process)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  g_subprocess_communicate_utf8 (process, NULL, NULL, &out, &err, &error);
  g_assert_no_error (error);
  if (!g_subprocess_get_if_exited (process)
      || g_subprocess_get_exit_status (process) != 0)
    {
      g_test_message ("stderr: %s", err);
      g_assert_not_reached ();
    }
  return nim_test_parse_json (out);
}

/* The summary of @summary's "sprt_prefix" member @name, a number. */
static gint64
stop_prefix_int (JsonNode *summary, const char *name)
{
  JsonObject *o = json_node_get_object (summary);

  g_assert_true (json_object_has_member (o, "sprt_prefix"));
  return json_object_get_int_member (
      json_object_get_object_member (o, "sprt_prefix"), name);
}

/* Whether --summarize of @paths (3) is @whole, the one machine's run. */
static void
stop_assert_merged (JsonNode *whole, char **paths)
{
  const char *summarize[]
      = { "--summarize", paths[0], paths[1], paths[2], NULL };
  g_autoptr (JsonNode) merged = nim_test_run_json (summarize);
  g_autoptr (JsonNode) one = json_node_copy (whole);
  JsonObject *o = json_node_get_object (merged);

  g_assert_cmpint (stop_prefix_int (merged, "decided_pairs"), ==, 21);
  json_object_remove_member (o, "sprt_prefix");
  json_object_remove_member (o, "suspect_shards");
  json_object_remove_member (o, "jobs");
  json_object_remove_member (json_node_get_object (one), "jobs");
  assert_same_summary (one, merged, "one machine", "shards");
}

/* Issue 37's example, small: the one machine's run decides H1 after 21
   pairs. */
static JsonNode *
stop_whole (const char *games)
{
  const char *none[] = { NULL };
  const char *args[20];

  stop_args (args, games, none);
  return nim_test_run_json (args);
}

/* The shards of an SPRT run started together, their results files in one
   directory, stop soon after the decision: together at most twice the
   one machine's games and a few hundred, where they played every game
   (2,000) before; each says why it stopped, and --summarize of their
   files is the one machine's run.  What else the directory holds is
   passed over: a file of the same run on one machine (it decided long
   ago: read, it would stop the shards before their first game), of
   another run, of the run cut into 4 shards, text, a FIFO. */
static void
test_shards_stop (void)
{
  g_autoptr (JsonNode) whole = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *notes = file_new (&dir, "notes.txt", "not a run\n");
  g_autofree char *fifo = g_build_filename (dir, "fifo", NULL);
  g_autofree char *copy = g_build_filename (dir, "one.jsonl", NULL);
  g_autofree char *quarter = g_build_filename (dir, "q1.jsonl", NULL);
  char *paths[3] = { NULL };
  GSubprocess *shards[3];
  guint64 games = 0, whole_games;
  guint k;

  if (!nim_test_have_nim ())
    return;
  whole = stop_whole ("2000");
  whole_games = (guint64) json_object_get_int_member (
      json_node_get_object (whole), "games");
  g_assert_cmpuint (whole_games, ==, 42);
  {
    const char *extra[] = { "--results", copy, NULL };
    const char *args[20];
    g_autoptr (JsonNode) one = NULL;

    stop_args (args, "2000", extra);
    one = nim_test_run_json (args);
  }
  {
    const char *extra[] = { "--results", quarter, "--shard", "1/4", NULL };
    const char *args[20];
    g_autoptr (JsonNode) one = NULL;

    stop_args (args, "200", extra);
    one = nim_test_run_json (args);
  }
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  for (k = 0; k < 3; k++)
    {
      g_autofree char *label = g_strdup_printf ("%u/3", k + 1);

      paths[k] = g_strdup_printf ("%s/s%u.jsonl", dir, k + 1);
      shards[k] = stop_spawn ("2000", label, paths[k], FALSE);
    }
  for (k = 0; k < 3; k++)
    {
      g_autoptr (JsonNode) s = stop_wait (shards[k]);
      JsonObject *o = json_node_get_object (s);
      JsonObject *sprt = json_object_get_object_member (o, "sprt");

      g_object_unref (shards[k]);
      games += (guint64) json_object_get_int_member (o, "games");
      g_assert_cmpstr (json_object_get_string_member (sprt, "decision"), ==,
                       "H1");
      g_assert_cmpint (stop_prefix_int (s, "decided_pairs"), ==, 21);
      g_assert_true (json_object_get_boolean_member (
          json_object_get_object_member (o, "sprt_prefix"), "stopped"));
    }
  g_test_message ("one machine: %" G_GUINT64_FORMAT
                  " games, 3 shards: %" G_GUINT64_FORMAT,
                  whole_games, games);
  g_assert_cmpuint (games, <=, 2 * whole_games + 300);
  stop_assert_merged (whole, paths);
  for (k = 0; k < 3; k++)
    g_free (paths[k]);
  dir_remove (dir);
}

/* A shard killed at its start (SIGKILL): the others play all their games
   and end, saying which pair the test waits for and whose; --resume of
   the dead shard joins them again, stops at the decision, and the
   shards' files are the one machine's run. */
static void
test_shards_stop_dead (void)
{
  /* Light: the survivors play all their pairs. */
  const char *games = nim_test_light () ? "200" : "2000";
  g_autoptr (JsonNode) whole = NULL;
  g_autoptr (JsonNode) part = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *unused = file_new (&dir, "s0.jsonl", NULL);
  char *paths[3] = { NULL };
  GSubprocess *shards[3];
  guint k;

  if (!nim_test_have_nim ())
    return;
  whole = stop_whole (games);
  for (k = 0; k < 3; k++)
    paths[k] = g_strdup_printf ("%s/s%u.jsonl", dir, k + 1);
  shards[1] = stop_spawn (games, "2/3", paths[1], FALSE);
  g_subprocess_force_exit (shards[1]);
  g_subprocess_wait (shards[1], NULL, NULL);
  g_assert_false (g_subprocess_get_if_exited (shards[1]));
  g_object_unref (shards[1]);
  shards[0] = stop_spawn (games, "1/3", paths[0], FALSE);
  shards[2] = stop_spawn (games, "3/3", paths[2], FALSE);
  for (k = 0; k < 3; k += 2)
    {
      g_autoptr (JsonNode) s = stop_wait (shards[k]);
      JsonObject *o = json_node_get_object (s);

      g_object_unref (shards[k]);
      g_assert_true (json_object_get_null_member (
          json_object_get_object_member (o, "sprt"), "decision"));
      g_assert_cmpint (stop_prefix_int (s, "first_missing"), ==, 2);
      g_assert_cmpstr (json_object_get_string_member (
                           json_object_get_object_member (o, "sprt_prefix"),
                           "first_missing_shard"),
                       ==, "2/3");
      g_assert_false (json_object_get_boolean_member (
          json_object_get_object_member (o, "sprt_prefix"), "stopped"));
    }
  {
    const char *summarize[] = { "--summarize", paths[0], paths[2], NULL };

    part = nim_test_run_json (summarize);
  }
  g_assert_cmpstr (json_object_get_string_member (
                       json_object_get_object_member (
                           json_node_get_object (part), "sprt_prefix"),
                       "first_missing_shard"),
                   ==, "2/3");
  {
    g_autoptr (GSubprocess) again = stop_spawn (games, "2/3", paths[1], TRUE);
    g_autoptr (JsonNode) s = stop_wait (again);

    g_assert_true (json_object_get_boolean_member (
        json_object_get_object_member (json_node_get_object (s),
                                       "sprt_prefix"),
        "stopped"));
  }
  stop_assert_merged (whole, paths);
  for (k = 0; k < 3; k++)
    g_free (paths[k]);
  dir_remove (dir);
}

/* The suspect shards of a --summarize of @paths, as "K/N", comma-separated. */
static char *
suspect_shards (const char *const *paths)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (JsonNode) s = NULL;
  g_autoptr (GString) list = g_string_new (NULL);
  JsonArray *a;
  guint i;

  g_ptr_array_add (argv, (gpointer) "--summarize");
  for (; *paths != NULL; paths++)
    g_ptr_array_add (argv, (gpointer) *paths);
  g_ptr_array_add (argv, NULL);
  s = nim_test_run_json ((const char *const *) argv->pdata);
  g_assert_true (
      json_object_has_member (json_node_get_object (s), "suspect_shards"));
  a = json_object_get_array_member (json_node_get_object (s),
                                    "suspect_shards");
  for (i = 0; i < json_array_get_length (a); i++)
    g_string_append_printf (list, "%s%s", i > 0 ? "," : "",
                            json_array_get_string_element (a, i));
  return g_string_free (g_steal_pointer (&list), FALSE);
}

/* --summarize audits the shards: none is named when they fit; a shard
   whose file was doctored to hold another shard's games is, in the JSON
   and in the text. */
static void
test_shards_audit (void)
{
  const char *args[] = { "--games",
                         "240",
                         "--player1",
                         "negamax:depth=2",
                         "--player2",
                         "random",
                         "--random-heaps",
                         "3:9",
                         "--seed",
                         "4",
                         NULL,
                         NULL,
                         NULL,
                         NULL,
                         NULL };
  g_autofree char *dir = NULL;
  g_autofree char *first = file_new (&dir, "s1.jsonl", NULL);
  g_autofree char *fits = NULL;
  g_autofree char *doctored = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_auto (GStrv) lines = NULL;
  g_autoptr (GString) text = NULL;
  char *paths[4] = { NULL };
  const char *summarize[] = { "--summarize", NULL, NULL, NULL, NULL };
  guint k;

  if (!nim_test_have_nim ())
    return;
  for (k = 1; k <= 3; k++)
    {
      g_autoptr (JsonNode) shard = NULL;
      g_autofree char *label = g_strdup_printf ("%u/3", k);

      paths[k - 1] = g_strdup_printf ("%s/s%u.jsonl", dir, k);
      args[10] = "--results";
      args[11] = paths[k - 1];
      args[12] = "--shard";
      args[13] = label;
      shard = nim_test_run_json (args);
    }
  fits = suspect_shards ((const char *const *) paths);
  g_assert_cmpstr (fits, ==, "");

  /* Shard 3's file gets shard 2's games as well. */
  lines = file_lines (paths[1]);
  text = g_string_new (NULL);
  for (k = 1; lines[k] != NULL; k++)
    if (*lines[k] != '\0')
      g_string_append_printf (text, "%s\n", lines[k]);
  {
    g_autoptr (GError) error = NULL;
    g_autofree char *third = NULL;

    g_file_get_contents (paths[2], &third, NULL, &error);
    g_assert_no_error (error);
    g_string_prepend (text, third);
    g_file_set_contents (paths[2], text->str, -1, &error);
    g_assert_no_error (error);
  }
  doctored = suspect_shards ((const char *const *) paths);
  g_assert_cmpstr (doctored, ==, "3/3");
  for (k = 0; k < 3; k++)
    summarize[k + 1] = paths[k];
  g_assert_cmpint (nim_test_run_nimv (NULL, &out, &err, summarize), ==, 0);
  g_assert_nonnull (strstr (out, "3/3"));
  g_assert_null (strstr (out, "2/3"));
  for (k = 0; k < 3; k++)
    {
      g_unlink (paths[k]);
      g_free (paths[k]);
    }
  dir_remove (dir);
}

/* The audit on real shards of an external engine: the same command, and
   on shard 3 an environment that makes the engine play at random
   (NIM_TEST_HANDICAP), as a machine with a broken or missing table
   would.  Shard 3 is named; with the environment alike, none is. */
static void
test_shards_audit_engine (void)
{
  g_autofree char *engine = nim_test_engine_command ("good", "negamax");
  g_autofree char *declared = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *first = NULL;
  const char *games = nim_test_light () ? "120" : "240";
  /* Nim's rule, where negamax and random differ most (in the course
     build's subtraction game a random engine is not told apart). */
  const char *args[] = { "--games",   games,       "--engine",
                         NULL,        "--player1", "bot",
                         "--player2", "random",    "--random-heaps",
                         "3:9",       "--seed",    "6",
                         "--moves",   "any",       "--quiet",
                         "--results", NULL,        "--shard",
                         NULL,        NULL };
  char *paths[4] = { NULL };
  guint round, k;

  if (engine == NULL || !nim_test_have_nim ())
    return;
  first = file_new (&dir, "even-1.jsonl", NULL);
  declared = g_strdup_printf ("bot=%s", engine);
  args[3] = declared;
  for (round = 0; round < 2; round++)
    {
      g_autofree char *named = NULL;

      for (k = 1; k <= 3; k++)
        {
          g_autofree char *out = NULL;
          g_autofree char *err = NULL;
          g_autofree char *label = g_strdup_printf ("%u/3", k);

          paths[k - 1] = g_strdup_printf ("%s/%s-%u.jsonl", dir,
                                          round == 0 ? "even" : "weak", k);
          args[16] = paths[k - 1];
          args[18] = label;
          if (round == 1 && k == 3)
            g_setenv ("NIM_TEST_HANDICAP", "random", TRUE);
          g_assert_cmpint (nim_test_run_nimv ("", &out, &err, args), ==,
                           STATUS_OK);
          g_unsetenv ("NIM_TEST_HANDICAP");
        }
      named = suspect_shards ((const char *const *) paths);
      g_assert_cmpstr (named, ==, round == 0 ? "" : "3/3");
      for (k = 0; k < 3; k++)
        {
          g_unlink (paths[k]);
          g_clear_pointer (&paths[k], g_free);
        }
    }
  dir_remove (dir);
}

static void
test_shards_positions (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *suite = file_new (&dir, "suite.txt", SUITE);
  const char *args[]
      = { "--games", "40", "--player1",   "negamax", "--player2", "random",
          "--seed",  "5",  "--positions", suite,     "--order",   "random" };
  g_autofree char *results = g_build_filename (dir, "sprt.jsonl", NULL);
  const char *sprt[]
      = { "--games", "40",     "--player1", "negamax", "--player2",
          "random",  "--seed", "5",         "--sprt",  "elo0=0,elo1=400",
          "--shard", "1/2",    "--results", results,   NULL };
  const char *merge[] = { "--summarize", results, NULL };
  g_autoptr (JsonNode) shard = NULL;
  g_autoptr (JsonNode) merged = NULL;

  if (!nim_test_have_nim ())
    return;
  check_shards (args, G_N_ELEMENTS (args), 4);
  /* A shard of an SPRT run plays all its pairs, the test decided over
     the shards together: over pairs 1, 2 ... in order, so shard 1/2
     alone waits for pair 2. */
  shard = nim_test_run_json (sprt);
  g_assert_cmpint (
      json_object_get_int_member (json_node_get_object (shard), "games"), ==,
      20);
  merged = nim_test_run_json (merge);
  g_assert_true (
      json_object_get_null_member (member (merged, "sprt"), "decision"));
  g_assert_cmpstr (json_object_get_string_member (
                       member (merged, "sprt_prefix"), "first_missing_shard"),
                   ==, "2/2");
  g_unlink (results);
  dir_remove (dir);
}

static void
test_shards_tournament (void)
{
  const char *args[] = { "--games",  "8",      "--tournament",   "round-robin",
                         "--player", "xor",    "--player",       "random",
                         "--player", "grundy", "--random-heaps", "2:5",
                         "--seed",   "3" };

  if (!nim_test_have_nim ())
    return;
  check_shards (args, G_N_ELEMENTS (args), 2);
}

/* --summarize refuses the files of different runs, naming what
   differs, and --shard needs --seed. */
static void
test_summarize_refuses (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *a = file_new (&dir, "a.jsonl", NULL);
  g_autofree char *b = g_build_filename (dir, "b.jsonl", NULL);
  g_autofree char *plain = g_build_filename (dir, "plain.jsonl", NULL);
  const char *run_a[]
      = { "--games", "4", "--player1", "xor", "--player2", "random",
          "--seed",  "1", "--results", a,     NULL };
  const char *run_b[]
      = { "--games", "4", "--player1", "xor", "--player2", "random",
          "--seed",  "2", "--results", b,     NULL };
  const char *both[] = { "--summarize", a, b, NULL };
  const char *none[] = { "--summarize", NULL };
  const char *nothing[] = { "--summarize", plain, NULL };
  const char *extra[] = { "--summarize", a, "--games", "4", NULL };
  const char *no_seed[] = { "--games", "4", "--shard", "1/2", NULL };
  const char *bad_shard[]
      = { "--games", "4", "--shard", "3/2", "--seed", "1", NULL };
  const char *stray[] = { "--games", "4", "stray", NULL };
  g_autoptr (JsonNode) x = NULL;
  g_autoptr (JsonNode) y = NULL;

  if (!nim_test_have_nim ())
    return;
  x = nim_test_run_json (run_a);
  y = nim_test_run_json (run_b);
  {
    g_autofree char *id_a = header_id (a, 0);
    g_autofree char *id_b = header_id (b, 0);
    g_autofree char *seeds
        = g_strdup_printf ("seed: 1 in %s, 2 in %s", id_a, id_b);

    nim_test_assert_refused (both, STATUS_USAGE, seeds);
    nim_test_assert_refused (both, STATUS_USAGE,
                             "the files hold the games of 2 runs; give "
                             "--run ID");
  }
  nim_test_assert_refused (none, STATUS_USAGE, "give the results files");
  g_file_set_contents (plain, "{\"game\":1}\n", -1, NULL);
  nim_test_assert_refused (nothing, STATUS_USAGE, "no run's header");
  nim_test_assert_refused (extra, STATUS_USAGE, "cannot be combined");
  nim_test_assert_refused (no_seed, STATUS_USAGE, "--seed");
  nim_test_assert_refused (bad_shard, STATUS_USAGE, "--shard K");
  nim_test_assert_refused (stray, STATUS_USAGE, "unexpected argument");
  dir_remove (dir);
}

/* One file shared by two runs: --summarize names both runs and what
   differs between them, by their IDs (not "in the file" and "now"), and
   --run ID, or the start of it, picks one. */
static void
test_summarize_shared_file (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = file_new (&dir, "shared.jsonl", NULL);
  const char *run_1[]
      = { "--games", "4", "--player1", "xor", "--player2", "random",
          "--seed",  "1", "--results", path,  NULL };
  const char *run_2[]
      = { "--games", "6", "--player1", "xor", "--player2", "random",
          "--seed",  "2", "--results", path,  NULL };
  const char *plain[] = { "--summarize", path, NULL };
  const char *unknown[] = { "--summarize", path, "--run", "xyz", NULL };
  const char *all[] = { "--summarize", path, "--run", "", NULL };
  const char *stray[] = { "--games", "4", "--run", "abc", NULL };
  g_autofree char *id_1 = NULL;
  g_autofree char *id_2 = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (JsonNode) x = NULL;
  g_autoptr (JsonNode) y = NULL;
  guint k;

  if (!nim_test_have_nim ())
    return;
  x = nim_test_run_json (run_1);
  y = nim_test_run_json (run_2);
  g_clear_pointer (&x, json_node_unref);
  g_clear_pointer (&y, json_node_unref);
  id_1 = header_id (path, 0);
  id_2 = header_id (path, 1);
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, plain), ==,
                   STATUS_USAGE);
  nim_test_assert_contains (err, "the files hold the games of 2 runs");
  nim_test_assert_contains (err, id_1);
  nim_test_assert_contains (err, id_2);
  {
    g_autofree char *games
        = g_strdup_printf ("games: 4 in %s, 6 in %s", id_1, id_2);

    nim_test_assert_contains (err, games);
  }
  nim_test_assert_not_contains (err, " now");
  nim_test_assert_not_contains (err, "hold the games of different runs");
  nim_test_assert_refused (unknown, STATUS_USAGE,
                           "--run xyz: no run of the files has this ID");
  nim_test_assert_refused (all, STATUS_USAGE, "2 runs of the files");
  nim_test_assert_refused (stray, STATUS_USAGE, "--run");
  for (k = 0; k < 2; k++)
    {
      g_autofree char *prefix = g_strndup (k == 0 ? id_1 : id_2, 6);
      const char *pick[] = { "--summarize", path, "--run", prefix, NULL };
      g_autoptr (JsonNode) s = nim_test_run_json (pick);
      JsonObject *o = json_node_get_object (s);

      g_assert_cmpint (json_object_get_int_member (o, "games"), ==,
                       k == 0 ? 4 : 6);
      g_assert_cmpint (json_object_get_int_member (o, "seed"), ==, k + 1);
    }
  g_unlink (path);
  dir_remove (dir);
}

/* ------------------------------------------------------------------------ */
/* The results file's header */

/* Sets each field of a plain kind (not NIM_RUN_FIELD_CUSTOM) of @run to
   a value other than the one it has, as its kind and bounds allow: a
   field added to the table as a typed row is written, read back and
   compared here without a line of this test changing. */
static void
set_typed_fields (NimRunConfig *run)
{
  static const char *const texts[] = { "mybot=python3 bot.py", NULL };
  const NimRunField *f;

  for (f = nim_run_file_fields (); f->name != NULL; f++)
    {
      char *at = (char *) run + f->offset;
      guint64 now, v;
      guint i;

      switch (f->kind)
        {
        case NIM_RUN_FIELD_CUSTOM:
          break;
        case NIM_RUN_FIELD_BOOLEAN:
          *(gboolean *) at = !*(gboolean *) at;
          break;
        case NIM_RUN_FIELD_UINT:
          now = f->size == sizeof (guint64) ? *(guint64 *) at
                                            : *(guint32 *) at;
          v = (guint64) f->max - (f->even ? (guint64) f->max % 2 : 0);
          if (v == now)
            v = (guint64) f->min + (f->even ? (guint64) f->min % 2 : 0);
          if (f->size == sizeof (guint64))
            *(guint64 *) at = v;
          else
            *(guint32 *) at = (guint32) v;
          break;
        case NIM_RUN_FIELD_DOUBLE:
          *(double *) at
              = *(double *) at + 1 <= f->max ? *(double *) at + 1 : f->min;
          break;
        case NIM_RUN_FIELD_CHOICE:
          for (i = 0; f->choices[i] != NULL; i++)
            if (g_strcmp0 (f->choices[i], *(const char **) at) != 0)
              break;
          *(const char **) at = f->choices[i];
          break;
        case NIM_RUN_FIELD_STRINGS:
          *(const char *const **) at = texts;
          break;
        }
    }
}

/* A run whose every recorded field differs from its default: a gauntlet
   (set_typed_fields ()) of three players under 1,3,4 misère from a suite
   of two positions, shuffled, from the second, with an SPRT, a clock,
   engines, and the second of three shards. */
static void
full_run (NimRunConfig *run, NimBoard positions[2], guint movers[2])
{
  static const char *const players[]
      = { "negamax", "minimax:depth=3", "mybot", NULL };

  nim_run_config_init (run);
  nim_test_rules (&run->match.rules, "1,3,4", FALSE);
  nim_test_board (&positions[0], "3,4,5");
  nim_test_board (&positions[1], "2,6");
  movers[0] = 1;
  movers[1] = 2;
  run->match.positions = positions;
  run->match.first_movers = movers;
  run->match.n_positions = 2;
  run->match.positions_label = "suite.txt";
  run->match.random_order = TRUE;
  run->match.start_position = 1;
  run->match.sprt_enabled = TRUE;
  run->match.sprt = (NimSprt){ -5, 10, 0.1, 0.2, NIM_SPRT_NORMALIZED };
  run->match.tc_seconds = 5;
  run->match.tc_increment = 0.25;
  run->match.shard = 2;
  run->match.shards = 3;
  run->players = players;
  set_typed_fields (run);
}

/* Every field of the header is written and read back as it was; and
   each one is really written: a run at its defaults differs from the
   full one in every field. */
static void
test_header_round_trip (void)
{
  NimRunConfig run, plain;
  NimBoard positions[2];
  guint movers[2];
  g_autofree char *id = NULL;
  g_autofree char *line = NULL;
  g_autofree char *same = NULL;
  g_autofree char *differences = NULL;
  g_autoptr (NimRunHeader) header = NULL;
  g_autoptr (GError) error = NULL;
  const NimRunField *f;
  const NimRunConfig *back;

  full_run (&run, positions, movers);
  line = nim_run_file_header (&run, &id);
  header = nim_run_header_parse (line, &error);
  g_assert_no_error (error);
  back = nim_run_header_get_config (header);
  g_assert_cmpstr (nim_run_header_get_id (header), ==, id);
  same = nim_run_file_differences (back, &run, TRUE, NULL);
  g_assert_cmpstr (same, ==, "");
  g_assert_cmpstr (back->tournament, ==, "gauntlet");
  g_assert_cmpstr (back->players[2], ==, "mybot");
  g_assert_cmpfloat (back->match.tc_seconds, ==, 5);
  g_assert_cmpfloat (back->match.tc_increment, ==, 0.25);
  g_assert_cmpuint (back->match.first_movers[1], ==, 2);
  g_assert_cmpuint (back->match.shard, ==, 2);

  nim_run_config_init (&plain);
  plain.match.specs[0] = "negamax";
  plain.match.specs[1] = "negamax";
  plain.match.games = 2;
  nim_test_board (&plain.match.start, "3,4,5");
  differences = nim_run_file_differences (&plain, &run, TRUE, NULL);
  for (f = nim_run_file_fields (); f->name != NULL; f++)
    {
      g_autofree char *named = g_strdup_printf ("\n  %s: ", f->name);

      nim_test_assert_contains (differences, named);
    }
}

/* Whatever changes a game is recorded: every option a comparison run
   takes, its own and the shared ones, is a field's or one that the
   results file leaves out as changing no game.  An option added to
   --games without a field fails here. */
static void
test_header_covers_options (void)
{
  const NimOptionSet *const sets[]
      = { &nim_shared_rules,      &nim_shared_players, &nim_shared_output,
          &nim_shared_summary,    &nim_shared_clock,   &nim_shared_engines,
          &nim_mode_match.options };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (sets); i++)
    {
      const NimOption *o;

      for (o = sets[i]->options; o->entry.long_name != NULL; o++)
        {
          g_autofree char *name = g_strconcat ("--", o->entry.long_name, NULL);
          const NimRunField *f;
          gboolean recorded = FALSE;

          if (!nim_mode_takes (&nim_mode_match, sets[i], o))
            continue;
          for (f = nim_run_file_fields (); f->name != NULL; f++)
            {
              g_auto (GStrv) options = g_strsplit (f->options, " ", -1);

              recorded
                  |= g_strv_contains ((const char *const *) options, name);
            }
          if (g_strv_contains (nim_run_file_unrecorded (), name))
            g_assert_false (recorded);
          else if (!recorded)
            nim_test_fail ("%s changes the games of --games, but no field of "
                           "the results file's header records it "
                           "(nim-run-file.c)",
                           name);
        }
    }
}

/* A header that is not understood is named by its file, its line and
   what is wrong with it. */
static void
test_header_errors (void)
{
  static const struct
  {
    const char *from, *to, *message;
  } bad[] = {
    { "\"games\":4", "\"games\":5",
      "the header's \"games\" is 5; expected an even number" },
    { "\"seed\":1", "\"seed\":-1", "the header's \"seed\" is -1" },
    { "\"tc\":null", "\"tc\":\"fast\"", "the header's \"tc\" is \"fast\"" },
    { "\"take\":\"any\"", "\"take\":\"1-\"", "the header's \"take\": " },
    { "\"tc\":null", "\"tc\":null,\"colour\":\"red\"",
      "the header's \"colour\" is no setting this nim knows" },
    { ",\"misere\":false", "", "the header's \"misere\" is missing" },
  };
  g_autofree char *dir = NULL;
  g_autofree char *path = file_new (&dir, "r.jsonl", NULL);
  const char *run[]
      = { "--games", "4", "--player1", "xor",       "--player2", "random",
          "--seed",  "1", "--quiet",   "--results", path,        NULL };
  const char *summarize[] = { "--summarize", path, NULL };
  const char *resume[]
      = { "--games", "4", "--player1", "xor",       "--player2", "random",
          "--seed",  "1", "--resume",  "--results", path,        NULL };
  g_autofree char *good = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  guint i;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, run), ==, STATUS_OK);
  g_assert_true (g_file_get_contents (path, &good, NULL, NULL));
  for (i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *wrong = NULL;
      g_autofree char *where = g_strdup_printf ("%s:1: ", path);
      const char *const *each[] = { summarize, resume };
      guint k;

      g_assert_nonnull (strstr (good, bad[i].from));
      {
        g_auto (GStrv) parts = g_strsplit (good, bad[i].from, 2);

        wrong = g_strjoinv (bad[i].to, parts);
      }
      g_assert_true (g_file_set_contents (path, wrong, -1, NULL));
      for (k = 0; k < G_N_ELEMENTS (each); k++)
        {
          g_clear_pointer (&out, g_free);
          g_clear_pointer (&err, g_free);
          g_assert_cmpint (nim_test_run_nimv ("", &out, &err, each[k]), ==, 1);
          nim_test_assert_contains (err, where);
          nim_test_assert_contains (err, bad[i].message);
        }
    }
  dir_remove (dir);
}

/* The lines of the results file @path, without the last "". */
static GStrv
file_lines (const char *path)
{
  g_autofree char *text = NULL;
  char **lines;
  guint n;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text != NULL ? text : "", "\n", -1);
  n = g_strv_length (lines);
  g_assert_cmpstr (lines[n - 1], ==, "");
  g_clear_pointer (&lines[n - 1], g_free);
  return lines;
}

/* Writes @lines to @path, each ending in a newline. */
static void
set_lines (const char *path, char **lines)
{
  g_autofree char *text = g_strjoinv ("\n", lines);
  g_autofree char *whole = g_strconcat (text, "\n", NULL);

  g_assert_true (g_file_set_contents (path, whole, -1, NULL));
}

/* --resume on a results file whose header line is lost or damaged: the
   records of this run are found by its ID, not played again (the run
   once duplicated every one), and the header is written again; a file
   without a header whose records are another run's is refused. */
static void
test_resume_lost_header (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = file_new (&dir, "r.jsonl", NULL);
  const char *run[]
      = { "--games", "4", "--player1", "xor",       "--player2", "random",
          "--seed",  "1", "--quiet",   "--results", path,        NULL };
  const char *resume[]
      = { "--games", "6", "--player1", "xor",       "--player2", "random",
          "--seed",  "1", "--resume",  "--results", path,        NULL };
  const char *other[]
      = { "--games", "6", "--player1", "xor",       "--player2", "random",
          "--seed",  "2", "--resume",  "--results", path,        NULL };
  const char *summarize[] = { "--summarize", path, NULL };
  const char *damages[] = { NULL, "{\"run\":\"0123", "" };
  guint k;

  if (!nim_test_have_nim ())
    return;
  for (k = 0; k < G_N_ELEMENTS (damages); k++)
    {
      const char *six[]
          = { "--games", "6", "--player1", "xor",       "--player2", "random",
              "--seed",  "1", "--quiet",   "--results", path,        NULL };
      g_auto (GStrv) lines = NULL;
      g_autoptr (GPtrArray) records = NULL;
      g_autoptr (JsonNode) summary = NULL;
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autofree char *header = NULL;

      g_unlink (path);
      /* The 6-game run's header, and 4 of its games. */
      g_assert_cmpint (nim_test_run_nimv ("", &out, &err, six), ==, STATUS_OK);
      lines = file_lines (path);
      header = g_strdup (lines[0]);
      g_clear_pointer (&lines[5], g_free);
      g_clear_pointer (&lines[6], g_free);
      if (damages[k] == NULL)
        {
          /* The header line gone. */
          g_free (lines[0]);
          memmove (lines, lines + 1, 5 * sizeof *lines);
        }
      else
        {
          g_free (lines[0]);
          lines[0] = g_strdup (damages[k]);
        }
      set_lines (path, lines);
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
      g_assert_cmpint (nim_test_run_nimv ("", &out, &err, resume), ==,
                       STATUS_OK);
      nim_test_assert_contains (err, "4 game records of this run");
      nim_test_assert_contains (err, "the run's header line: it is written "
                                     "again");
      if (damages[k] != NULL && *damages[k] != '\0')
        nim_test_assert_contains (err, ":1: it is not JSON");
      records = read_games (path);
      g_assert_cmpuint (records->len, ==, 6);
      g_clear_pointer (&lines, g_strfreev);
      lines = file_lines (path);
      g_assert_true (g_strv_contains ((const char *const *) lines, header));
      summary = nim_test_run_json (summarize);
      g_assert_cmpint (
          json_object_get_int_member (json_node_get_object (summary), "games"),
          ==, 6);
    }
  /* No header, and the records of another run. */
  {
    g_auto (GStrv) lines = NULL;
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_unlink (path);
    g_assert_cmpint (nim_test_run_nimv ("", &out, &err, run), ==, STATUS_OK);
    lines = file_lines (path);
    g_free (lines[0]);
    lines[0] = g_strdup ("");
    set_lines (path, lines);
    nim_test_assert_refused (other, STATUS_USAGE,
                             "has no run's header line (lost or damaged), "
                             "and its 4 game records are of another run");
    records_unchanged (path, 4);
  }
  dir_remove (dir);
}

/* A header whose parameters were edited but whose ID was kept (the seed
   of a finished run changed, to count its games as another seed's) is
   refused by --resume and --summarize: the ID is the digest of the
   parameters. */
static void
test_header_edited (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = file_new (&dir, "r.jsonl", NULL);
  const char *run[]
      = { "--games", "4", "--player1", "xor",       "--player2", "random",
          "--seed",  "1", "--quiet",   "--results", path,        NULL };
  const char *resume[]
      = { "--games", "4", "--player1", "xor",       "--player2", "random",
          "--seed",  "2", "--resume",  "--results", path,        NULL };
  const char *summarize[] = { "--summarize", path, NULL };
  g_autofree char *text = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *where = g_strconcat (path, ":1: ", NULL);
  const char *const *each[] = { resume, summarize };
  guint k;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, run), ==, STATUS_OK);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  {
    g_auto (GStrv) parts
        = g_strsplit (text != NULL ? text : "", "\"seed\":1,", 2);

    g_assert_nonnull (parts[1]);
    g_free (text);
    text = g_strjoinv ("\"seed\":2,", parts);
  }
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  for (k = 0; k < G_N_ELEMENTS (each); k++)
    {
      g_clear_pointer (&out, g_free);
      g_clear_pointer (&err, g_free);
      g_assert_cmpint (nim_test_run_nimv ("", &out, &err, each[k]), ==, 1);
      nim_test_assert_contains (err, where);
      nim_test_assert_contains (err, "the header was changed after its run "
                                     "wrote it");
    }
  records_unchanged (path, 4);
  dir_remove (dir);
}

/* Lines in the middle of a results file that are no records (a fragment
   of a killed run, a line edited by hand, a NUL byte, JSON of another
   kind) are named with the file and the line, by --resume and
   --summarize, under --quiet too; a game whose record was damaged is
   played again by --resume, and missing from --summarize. */
static void
test_results_bad_lines (void)
{
  static const struct
  {
    const char *line, *message;
  } bad[] = {
    { "{\"game\":3,\"moves\":[", "it is not JSON" },
    { "[1,2]", "it is JSON, but not an object" },
    { "{\"note\":\"by hand\"}",
      "it is JSON, but neither a run's header nor a game record" },
    { "{\"game\":9}", "a game record without a run's ID" },
  };
  g_autofree char *dir = NULL;
  g_autofree char *path = file_new (&dir, "r.jsonl", NULL);
  const char *run[]
      = { "--games", "6", "--player1", "xor",       "--player2", "random",
          "--seed",  "1", "--quiet",   "--results", path,        NULL };
  const char *resume[]
      = { "--games",   "6",      "--player1", "xor",      "--player2",
          "random",    "--seed", "1",         "--resume", "--quiet",
          "--results", path,     NULL };
  const char *summarize[] = { "--summarize", "--quiet", path, NULL };
  g_auto (GStrv) lines = NULL;
  g_autoptr (GPtrArray) all = g_ptr_array_new_with_free_func (g_free);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (JsonNode) summary = NULL;
  guint i;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, run), ==, STATUS_OK);
  lines = file_lines (path);
  g_assert_cmpuint (g_strv_length (lines), ==, 7);
  /* The header, game 1, four bad lines, games 2 to 6 but game 3 (its
     record replaced by the first bad line, a fragment), a line with a
     NUL byte (line 11) and one more. */
  g_ptr_array_add (all, g_strdup (lines[0]));
  g_ptr_array_add (all, g_strdup (lines[1]));
  for (i = 0; i < G_N_ELEMENTS (bad); i++)
    g_ptr_array_add (all, g_strdup (bad[i].line));
  for (i = 2; i <= 6; i++)
    if (i != 3)
      g_ptr_array_add (all, g_strdup (lines[i]));
  g_ptr_array_add (all, NULL);
  set_lines (path, (char **) all->pdata);
  {
    /* A line "a\0b" after the others, and another after it: the NUL is
       no end of the line. */
    FILE *f = fopen (path, "ab");

    g_assert_nonnull (f);
    if (f == NULL)
      return;
    g_assert_cmpuint (fwrite ("a\0b\n{}\n", 1, 7, f), ==, 7);
    fclose (f);
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, summarize), ==,
                   STATUS_OK);
  /* The first five named, then how many more. */
  for (i = 0; i < G_N_ELEMENTS (bad); i++)
    {
      g_autofree char *where
          = g_strdup_printf ("nim: %s:%u: %s", path, i + 3, bad[i].message);

      nim_test_assert_contains (err, where);
    }
  {
    g_autofree char *where
        = g_strdup_printf ("nim: %s:11: it holds a NUL byte", path);

    nim_test_assert_contains (err, where);
  }
  nim_test_assert_contains (err, "1 more line is no record either");
  nim_test_assert_contains (out, "Games: 5 of 6");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, resume), ==, STATUS_OK);
  nim_test_assert_contains (err, ":3: it is not JSON; the line is not "
                                 "counted");
  nim_test_assert_contains (out, "Games: 6 of 6");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  summary = nim_test_run_json (summarize);
  g_assert_cmpint (
      json_object_get_int_member (json_node_get_object (summary), "games"), ==,
      6);
  dir_remove (dir);
}

/* The results file @path holds @n game records. */
static void
records_unchanged (const char *path, guint n)
{
  g_autoptr (GPtrArray) records = read_games (path);

  g_assert_cmpuint (records->len, ==, n);
}

/* A results file that never ends a line (/dev/zero) is refused at the
   bound of a line, naming the file and the line, not read for ever. */
static void
test_results_endless (void)
{
  const char *summarize[] = { "--summarize", "/dev/zero", NULL };
  const char *resume[]
      = { "--games", "2", "--results", "/dev/zero", "--resume", NULL };

  if (!nim_test_have_nim ())
    return;
  nim_test_assert_refused (summarize, STATUS_USAGE,
                           "/dev/zero:1: the line is longer than 256 MiB");
  nim_test_assert_refused (resume, STATUS_USAGE,
                           "/dev/zero:1: the line is longer than 256 MiB");
}

/* A file that ends its lines but holds no records, however long
   (/dev/urandom, the output of `yes`), is refused once it has more such
   lines than a results file can hold, not read for ever. */
static void
test_results_no_records (void)
{
  const char *urandom[] = { "--summarize", "/dev/urandom", NULL };
  g_autofree char *dir = NULL;
  g_autofree char *path = file_new (&dir, "yes.jsonl", NULL);
  const char *summarize[] = { "--summarize", path, NULL };
  const char *resume[]
      = { "--games", "2", "--resume", "--results", path, "--quiet", NULL };
  g_autoptr (GString) text = g_string_new (NULL);
  guint i;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; i < 1500; i++)
    g_string_append (text, "{\"run\":\"x\"}\n");
  g_assert_true (g_file_set_contents (path, text->str, -1, NULL));
  nim_test_assert_refused (summarize, STATUS_USAGE,
                           ":1001: more than 1000 lines up to here are "
                           "neither a run's header nor a game record");
  nim_test_assert_refused (resume, STATUS_USAGE,
                           ":1001: more than 1000 lines up to here");
  nim_test_assert_refused (urandom, STATUS_USAGE,
                           "this is no results file of nim");
  dir_remove (dir);
}

/* A results file given as a pipe is refused: --summarize reads each
   file twice (the headers, then the games), and the second reading of a
   pipe found nothing: a summary of 0 games, said as if it were so. */
static void
test_summarize_pipe (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = file_new (&dir, "r.jsonl", NULL);
  const char *run[]
      = { "--games", "4", "--player1", "xor",       "--player2", "random",
          "--seed",  "1", "--quiet",   "--results", path,        NULL };
  const char *summarize[] = { "--summarize", "/dev/stdin", NULL };
  g_autofree char *text = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, run), ==, STATUS_OK);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  {
    /* Through a pipe (nim_test_run_nimv () gives its input as a file),
       filled before nim starts: the records fit in its buffer, and a nim
       that refuses the pipe without reading it breaks no write. */
    g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (
        G_SUBPROCESS_FLAGS_STDOUT_PIPE | G_SUBPROCESS_FLAGS_STDERR_PIPE);
    g_autoptr (GPtrArray) argv = g_ptr_array_new ();
    g_autoptr (GSubprocess) process = NULL;
    g_autoptr (GError) error = NULL;
    int fds[2];
    gsize len = strlen (text);

    g_assert_cmpuint (len, <, 4096);
    g_assert_true (g_unix_open_pipe (fds, FD_CLOEXEC, &error));
    g_assert_no_error (error);
    g_assert_cmpint (write (fds[1], text, len), ==, (gssize) len);
    close (fds[1]);
    g_subprocess_launcher_take_stdin_fd (launcher, fds[0]);
    nim_test_add_nim_argv (argv, summarize);
    g_ptr_array_add (argv, NULL);
    g_subprocess_launcher_setenv (launcher, "LC_ALL", "C", TRUE);
    process = g_subprocess_launcher_spawnv (
        launcher, (const char *const *) argv->pdata, &error);
    g_assert_no_error (error);
    g_subprocess_communicate_utf8 (process, NULL, NULL, &out, &err, &error);
    g_assert_no_error (error);
    g_assert_true (g_subprocess_get_if_exited (process));
    g_assert_cmpint (g_subprocess_get_exit_status (process), ==, STATUS_USAGE);
  }
  nim_test_assert_contains (err, "--summarize: /dev/stdin is a pipe");
  nim_test_assert_not_contains (out, "Games: 0 of 4");
  dir_remove (dir);
}

/* --resume of one shard's file as another shard, or as the whole run, is
   refused, naming the shard, and the file keeps its one header: the
   games of one part are not another's to count. */
static void
test_resume_other_shard (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = file_new (&dir, "r.jsonl", NULL);
  const char *first[]
      = { "--games", "12",        "--player1", "xor",     "--player2",
          "random",  "--seed",    "1",         "--shard", "1/3",
          "--quiet", "--results", path,        NULL };
  const char *second[]
      = { "--games",  "12",      "--player1", "xor",     "--player2",
          "random",   "--seed",  "1",         "--shard", "2/3",
          "--resume", "--quiet", "--results", path,      NULL };
  const char *whole[]
      = { "--games",   "12",     "--player1", "xor",      "--player2",
          "random",    "--seed", "1",         "--resume", "--quiet",
          "--results", path,     NULL };
  const char *same[]
      = { "--games",  "12",      "--player1", "xor",     "--player2",
          "random",   "--seed",  "1",         "--shard", "1/3",
          "--resume", "--quiet", "--results", path,      NULL };
  g_auto (GStrv) lines = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, first), ==, STATUS_OK);
  nim_test_assert_refused (second, STATUS_USAGE,
                           "shard: \"1/3\" in the file, \"2/3\" now");
  nim_test_assert_refused (whole, STATUS_USAGE,
                           "shard: \"1/3\" in the file, null now");
  lines = file_lines (path);
  g_assert_cmpuint (g_strv_length (lines), ==, 5);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, same), ==, STATUS_OK);
  nim_test_assert_contains (out, "Games: 4 of 12");
  nim_test_assert_not_contains (err, "header");
  dir_remove (dir);
}

/* A damaged copy of the record @line: @edit changes its object. */
static char *
record_edited (const char *line, void (*edit) (JsonObject *o))
{
  g_autoptr (JsonNode) node = json_from_string (line, NULL);

  g_assert_nonnull (node);
  edit (json_node_get_object (node));
  return json_to_string (node, FALSE);
}

static void
edit_beyond (JsonObject *o)
{
  json_object_set_int_member (o, "game", 99);
}

static void
edit_huge_tally (JsonObject *o)
{
  json_object_set_member (
      o, "tally",
      json_from_string ("[[1,1e23,0,0.0,0,0,0,[0,0,0,0,0,0]],"
                        "[0,1,0,0.0,0,0,0,[0,0,0,0,0,0]]]",
                        NULL));
}

static void
edit_headless (JsonObject *o)
{
  json_object_set_string_member (o, "run", "0123456789abcdef");
}

static void
edit_winner (JsonObject *o)
{
  json_object_set_int_member (o, "winner",
                              3 - json_object_get_int_member (o, "winner"));
}

static void
edit_illegal (JsonObject *o)
{
  JsonArray *moves = json_object_get_array_member (o, "moves");

  json_object_set_int_member (json_array_get_object_element (moves, 0), "take",
                              1000);
}

static void
edit_moves_tally (JsonObject *o)
{
  JsonArray *tally = json_object_get_array_member (o, "tally");
  JsonArray *first = json_array_get_array_element (tally, 0);
  JsonNode *moves = json_array_get_element (first, 1);

  json_node_set_int (moves, json_node_get_int (moves) + 1);
}

/* The game records of a results file are checked before they count: a
   number beyond the run's games, a tally entry that is no whole number
   (1e23, once read as 0), a game recorded again with the other winner
   (the first counts), a record of a run whose header is in none of the
   files, a winner or a tally the moves contradict, an illegal move (the
   moves are played again under the header's rules): each is named with
   its file and line, and not counted, by --summarize and --resume. */
static void
test_results_checked (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = file_new (&dir, "r.jsonl", NULL);
  g_autofree char *more = g_build_filename (dir, "more.jsonl", NULL);
  const char *run[]
      = { "--games", "8", "--player1", "random",    "--player2", "random",
          "--seed",  "5", "--quiet",   "--results", path,        NULL };
  const char *resume[]
      = { "--games",   "8",      "--player1", "random",   "--player2",
          "random",    "--seed", "5",         "--resume", "--quiet",
          "--results", path,     NULL };
  const char *summarize[] = { "--summarize", "--json", path, more, NULL };
  g_auto (GStrv) lines = NULL;
  g_autoptr (GPtrArray) all = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) extra = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (JsonNode) before = NULL;
  g_autoptr (JsonNode) after = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  gint64 won_by[3] = { 0, 0, 0 };
  guint i;

  if (!nim_test_have_nim ())
    return;
  before = nim_test_run_json (run);
  lines = file_lines (path);
  g_assert_cmpuint (g_strv_length (lines), ==, 9);
  for (i = 1; i < 9; i++)
    {
      g_autoptr (JsonNode) r = json_from_string (lines[i], NULL);
      JsonObject *o = json_node_get_object (r);

      won_by[json_object_get_int_member (o, "winner")]
          = json_object_get_int_member (o, "game");
    }
  /* Seed 5 has games won by either player. */
  g_assert_cmpint (won_by[1], >, 0);
  g_assert_cmpint (won_by[2], >, 0);
  for (i = 0; lines[i] != NULL; i++)
    g_ptr_array_add (all, g_strdup (lines[i]));
  /* Lines 10 to 14. */
  g_ptr_array_add (all, record_edited (lines[1], edit_beyond));
  g_ptr_array_add (all, record_edited (lines[2], edit_huge_tally));
  g_ptr_array_add (all, record_edited (lines[3], edit_winner));
  g_ptr_array_add (all, record_edited (lines[4], edit_illegal));
  g_ptr_array_add (all, record_edited (lines[5], edit_moves_tally));
  g_ptr_array_add (all, NULL);
  set_lines (path, (char **) all->pdata);
  /* A second file: line 1 a record of no header's run, line 2 the game
     won by player 1 recorded again as won by player 2. */
  g_ptr_array_add (extra, record_edited (lines[6], edit_headless));
  for (i = 1; i < 9; i++)
    {
      g_autoptr (JsonNode) r = json_from_string (lines[i], NULL);
      JsonObject *o = json_node_get_object (r);

      if (json_object_get_int_member (o, "winner") == 2)
        {
          json_object_set_int_member (o, "game", won_by[1]);
          g_ptr_array_add (extra, json_to_string (r, FALSE));
          break;
        }
    }
  g_ptr_array_add (extra, NULL);
  set_lines (more, (char **) extra->pdata);
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, summarize), ==,
                   STATUS_OK);
  {
    const char *expected[] = {
      ":10: game 99 is beyond the run's 8 games; the line is not counted",
      ":11: the game record's \"tally\" is not the two players' counts",
      ":12: game 3: the \"winner\" is",
      ":13: game 4: move 1 is illegal: Heap ",
      ":14: game 5: the \"tally\" counts",
      "more.jsonl:1: 1 game record of run 0123456789abcdef, whose header "
      "line is in none of the files; it is not counted",
      "more.jsonl:2: game",
      "is recorded again with the other winner (the first record, at ",
    };

    for (i = 0; i < G_N_ELEMENTS (expected); i++)
      nim_test_assert_contains (err, expected[i]);
  }
  /* The summary is the undamaged file's. */
  after = json_from_string (out, NULL);
  g_assert_nonnull (after);
  {
    JsonObject *ob = json_node_get_object (before);
    JsonObject *oa = json_node_get_object (after);
    g_autofree char *x
        = json_to_string (json_object_get_member (ob, "pairs"), FALSE);
    g_autofree char *y
        = json_to_string (json_object_get_member (oa, "pairs"), FALSE);

    g_assert_cmpstr (x, ==, y);
    g_assert_cmpint (json_object_get_int_member (oa, "games"), ==, 8);
    for (i = 0; i < 2; i++)
      g_assert_cmpint (
          json_object_get_int_member (
              json_array_get_object_element (
                  json_object_get_array_member (oa, "players"), i),
              "wins"),
          ==,
          json_object_get_int_member (
              json_array_get_object_element (
                  json_object_get_array_member (ob, "players"), i),
              "wins"));
  }
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, resume), ==, STATUS_OK);
  nim_test_assert_contains (err, ":13: game 4: move 1 is illegal");
  nim_test_assert_contains (out, "Games: 8 of 8");
  dir_remove (dir);
}

/* A run under a clock resumed without it, or under another, is refused,
   naming the clock: the games of the two would not be the same run's. */
static void
test_resume_clock (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = file_new (&dir, "r.jsonl", NULL);
  const char *timed[]
      = { "--games", "4",         "--player1", "xor",  "--player2",
          "random",  "--seed",    "1",         "--tc", "5",
          "--quiet", "--results", path,        NULL };
  const char *faster[]
      = { "--games",  "4",         "--player1", "xor",  "--player2",
          "random",   "--seed",    "1",         "--tc", "0.001",
          "--resume", "--results", path,        NULL };
  const char *same[]
      = { "--games",  "4",         "--player1", "xor",  "--player2",
          "random",   "--seed",    "1",         "--tc", "5",
          "--resume", "--results", path,        NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, timed), ==, STATUS_OK);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, faster), ==,
                   STATUS_USAGE);
  nim_test_assert_contains (err, "another run");
  nim_test_assert_contains (err, "tc: {\"seconds\":5.0,\"increment\":0.0} "
                                 "in the file, {\"seconds\":0.001,"
                                 "\"increment\":0.0} now");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, same), ==, STATUS_OK);
  nim_test_assert_contains (err, "4 finished games of this run");
  dir_remove (dir);
}

/* A run resumed with another --timemargin is refused, naming the margin:
   how late an engine's move may come decides games lost on time. */
static void
test_resume_timemargin (void)
{
  g_autofree char *engine = nim_test_engine_command ("good", NULL);
  g_autofree char *declared = NULL;
  g_autofree char *dir = NULL;
  g_autofree char *path = file_new (&dir, "r.jsonl", NULL);
  const char *run[] = { "--engine",  NULL,        "--player1",    "bot",
                        "--player2", "random",    "--seed",       "1",
                        "--games",   "2",         "--timemargin", "50",
                        "--quiet",   "--results", path,           NULL };
  const char *wider[] = { "--engine",  NULL,        "--player1",    "bot",
                          "--player2", "random",    "--seed",       "1",
                          "--games",   "2",         "--timemargin", "60",
                          "--resume",  "--results", path,           NULL };
  const char *same[] = { "--engine",  NULL,        "--player1",    "bot",
                         "--player2", "random",    "--seed",       "1",
                         "--games",   "2",         "--timemargin", "50",
                         "--resume",  "--results", path,           NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (engine == NULL || !nim_test_have_nim ())
    {
      dir_remove (dir);
      return;
    }
  declared = g_strdup_printf ("bot=%s", engine);
  run[1] = wider[1] = same[1] = declared;
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, run), ==, STATUS_OK);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, wider), ==,
                   STATUS_USAGE);
  nim_test_assert_contains (err, "timemargin: 50 in the file, 60 now");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, same), ==, STATUS_OK);
  nim_test_assert_contains (err, "2 finished games of this run");
  dir_remove (dir);
}

/* The header of an older nim, without the fields it did not record (the
   clock, the engines), reads them as their defaults: its run is resumed
   and summarized, its games found by the ID it has. */
static void
test_resume_old_header (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = file_new (&dir, "r.jsonl", NULL);
  const char *run[]
      = { "--games", "4", "--player1", "xor",       "--player2", "random",
          "--seed",  "1", "--quiet",   "--results", path,        NULL };
  const char *resume[]
      = { "--games", "4", "--player1", "xor",       "--player2", "random",
          "--seed",  "1", "--resume",  "--results", path,        NULL };
  const char *summarize[] = { "--summarize", path, NULL };
  static const char *const added[] = { ",\"tc\":null",
                                       ",\"engines\":[]",
                                       ",\"engine_dirs\":[]",
                                       ",\"engine_options\":[]",
                                       ",\"engine_startup_timeout\":10.0",
                                       ",\"timemargin\":100" };
  g_autofree char *text = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (JsonNode) summary = NULL;
  guint i;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, run), ==, STATUS_OK);
  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  for (i = 0; i < G_N_ELEMENTS (added); i++)
    {
      g_auto (GStrv) parts = g_strsplit (text, added[i], 2);

      g_assert_nonnull (parts[1]);
      g_free (text);
      text = g_strjoinv ("", parts);
    }
  /* The older nim's ID: the digest of the parameters it wrote. */
  {
    g_autofree char *id = header_id (path, 0);
    const char *from = strstr (text, "\"params\":") + strlen ("\"params\":");
    const char *to = strstr (from, ",\"shard\":");
    g_autofree char *params = g_strndup (from, (gsize) (to - from));
    g_autofree char *sum
        = g_compute_checksum_for_string (G_CHECKSUM_SHA256, params, -1);
    g_autofree char *old_id = g_strndup (sum, strlen (id));
    g_auto (GStrv) parts = g_strsplit (text, id, -1);

    g_assert_cmpuint (g_strv_length (parts), ==, 6); /* a header, 4 games */
    g_free (text);
    text = g_strjoinv (old_id, parts);
  }
  g_assert_true (g_file_set_contents (path, text, -1, NULL));
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, resume), ==, STATUS_OK);
  nim_test_assert_contains (err, "4 finished games of this run");
  summary = nim_test_run_json (summarize);
  g_assert_cmpint (
      json_object_get_int_member (json_node_get_object (summary), "games"), ==,
      4);
  dir_remove (dir);
}

/* ------------------------------------------------------------------------ */
/* Signals, limits and waits */

/* How long, in microseconds, a test waits for nim to get somewhere: a
   minute, ten under valgrind. */
static gint64
patience (void)
{
  return (nim_test_light () ? 600 : 60) * G_USEC_PER_SEC;
}

/* Reads the standard error of @process into @seen until @marker shows:
   FALSE when it does not in time (patience ()), or nim ends first (it is then
   killed, so that a test that fails leaves nothing running). */
static gboolean
read_until (GSubprocess *process, const char *marker, GString *seen)
{
  GPollableInputStream *err
      = G_POLLABLE_INPUT_STREAM (g_subprocess_get_stderr_pipe (process));
  gint64 deadline = g_get_monotonic_time () + patience ();

  while (strstr (seen->str, marker) == NULL)
    {
      g_autoptr (GError) error = NULL;
      char buf[256];
      gssize n = g_pollable_input_stream_read_nonblocking (
          err, buf, sizeof buf, NULL, &error);

      if (n > 0)
        {
          g_string_append_len (seen, buf, n);
          continue;
        }
      if (n == 0 || g_get_monotonic_time () > deadline)
        {
          g_test_message ("no '%s' in: %s", marker, seen->str);
          g_subprocess_force_exit (process);
          return FALSE;
        }
      g_assert_true (
          g_error_matches (error, G_IO_ERROR, G_IO_ERROR_WOULD_BLOCK));
      g_usleep (10 * 1000);
    }
  return TRUE;
}

/* Waits for @process, adding the rest of its standard error to @seen;
   returns its exit status, or -1 when a signal killed it. */
static int
finish (GSubprocess *process, GString *seen)
{
  GInputStream *err = g_subprocess_get_stderr_pipe (process);
  g_autoptr (GError) error = NULL;
  char buf[256];
  gssize n;

  while ((n = g_input_stream_read (err, buf, sizeof buf, NULL, &error)) > 0)
    g_string_append_len (seen, buf, n);
  g_assert_no_error (error);
  g_subprocess_wait (process, NULL, &error);
  g_assert_no_error (error);
  if (!g_subprocess_get_if_exited (process))
    return -1;
  return g_subprocess_get_exit_status (process);
}

/* The number N of "nim: interrupted after N finished games" in @err. */
static guint64
finished_games (const char *err)
{
  const char *at = strstr (err, "interrupted after ");

  g_assert_nonnull (at);
  if (at == NULL)
    return 0;
  return g_ascii_strtoull (at + strlen ("interrupted after "), NULL, 10);
}

/* Runs nim --games against an engine in the middle of a search that
   never ends (and that ignores SIGTERM), sends nim @signum once the
   engine runs, and checks that nim stops the engine and exits with
   128 + @signum; with @broken_pipe, the reader of nim's standard output
   is gone by then, as tee is at the Ctrl-C that ends `nim --games ... |
   tee log`.  Returns what nim wrote on standard error. */
static char *
signal_engine_run (int signum, gboolean broken_pipe)
{
  g_autofree char *engine = nim_test_engine_command ("hang", NULL);
  g_autofree char *dir = NULL;
  g_autofree char *path = file_new (&dir, "r.jsonl", NULL);
  g_autofree char *pid_path = g_build_filename (dir, "engine.pid", NULL);
  g_autofree char *command = NULL;
  g_autofree char *declare = NULL;
  g_autoptr (GSubprocess) process = NULL;
  GString *seen = g_string_new (NULL);
  g_autofree char *pid_text = NULL;
  gint64 deadline = g_get_monotonic_time () + patience ();
  pid_t pid;
  int status;

  if (engine == NULL || !nim_test_have_nim ())
    return g_string_free (seen, FALSE);
  /* The engine's process says who it is. */
  command = g_strdup_printf ("echo $$ > %s; exec %s", pid_path, engine);
  {
    g_autofree char *quoted = g_shell_quote (command);

    declare = g_strdup_printf ("hang=sh -c %s", quoted);
  }
  {
    const char *args[]
        = { "--games",   "2",      "--engine",  declare, "--player1", "hang",
            "--player2", "random", "--results", path,    NULL };

    process = spawn_nim_out (args, NULL,
                             broken_pipe ? G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                         : G_SUBPROCESS_FLAGS_STDOUT_SILENCE);
  }
  if (broken_pipe)
    g_assert_true (g_input_stream_close (
        g_subprocess_get_stdout_pipe (process), NULL, NULL));
  while (!g_file_get_contents (pid_path, &pid_text, NULL, NULL)
         || strchr (pid_text, '\n') == NULL)
    {
      g_clear_pointer (&pid_text, g_free);
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      if (g_get_monotonic_time () >= deadline)
        {
          g_subprocess_force_exit (process);
          return g_string_free (seen, FALSE);
        }
      g_usleep (10 * 1000);
    }
  pid = (pid_t) g_ascii_strtoll (pid_text, NULL, 10);
  g_assert_cmpint (pid, >, 1);
  if (pid <= 1)
    {
      /* kill () below would signal a whole process group. */
      g_subprocess_force_exit (process);
      return g_string_free (seen, FALSE);
    }
  g_subprocess_send_signal (process, signum);
  status = finish (process, seen);
  if (kill (pid, 0) == 0)
    {
      kill (pid, SIGKILL);
      nim_test_fail ("the engine %d outlived nim: %s", (int) pid, seen->str);
    }
  else
    g_assert_cmpint (errno, ==, ESRCH);
  if (status < 0)
    g_test_message ("nim was killed by signal %d: %s",
                    g_subprocess_get_term_sig (process), seen->str);
  g_assert_cmpint (status, ==, 128 + signum);
  nim_test_assert_contains (seen->str, "interrupted after 0 finished games");
  g_unlink (pid_path);
  g_unlink (path);
  dir_remove (dir);
  return g_string_free (seen, FALSE);
}

/* SIGTERM, as a job scheduler ends a job, is Ctrl-C: nim stops the
   engine it started, and exits with 143; it once died at once and left
   the engine running. */
static void
test_sigterm_stops_engines (void)
{
  g_autofree char *err = signal_engine_run (SIGTERM, FALSE);
}

/* Ctrl-C on `nim --games ... | tee log`: tee dies of it first, and nim
   once died of SIGPIPE writing its summary, before it stopped its
   engines.  Now the engines are stopped when the games end, and nim
   outlives the closed pipe: it says how many games finished and that
   its output could not be written, and exits as Ctrl-C makes it. */
static void
test_broken_pipe_stops_engines (void)
{
  g_autofree char *err = signal_engine_run (SIGINT, TRUE);

  if (*err != '\0')
    nim_test_assert_contains (
        err, "nim: write error on standard output: Broken pipe\n");
}

/* SIGHUP (the terminal gone) is Ctrl-C too: the finished games are
   kept, each in the results file, none torn, and the status is 129. */
static void
test_sighup_keeps_games (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = file_new (&dir, "r.jsonl", NULL);
  const char *args[]
      = { "--games",   "1000000", "--player1",      "negamax:tt=1M",
          "--player2", "random",  "--random-heaps", "4:12",
          "--seed",    "3",       "--results",      path,
          NULL };
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GString) seen = g_string_new (NULL);
  g_autoptr (GPtrArray) records = NULL;
  g_auto (GStrv) lines = NULL;
  gint64 deadline = g_get_monotonic_time () + patience ();
  guint i;

  if (!nim_test_have_nim ())
    return;
  process = spawn_nim (args, NULL);
  for (;;)
    {
      GStatBuf st;

      if (g_stat (path, &st) == 0 && st.st_size > 20000)
        break;
      g_assert_cmpint (g_get_monotonic_time (), <, deadline);
      if (g_get_monotonic_time () >= deadline)
        break;
      g_usleep (10 * 1000);
    }
  g_subprocess_send_signal (process, SIGHUP);
  g_assert_cmpint (finish (process, seen), ==, 128 + SIGHUP);
  records = read_games (path);
  g_assert_cmpuint (records->len, ==, finished_games (seen->str));
  g_assert_cmpuint (records->len, >, 0);
  lines = file_lines (path);
  for (i = 0; lines[i] != NULL; i++)
    {
      g_autoptr (JsonNode) node = json_from_string (lines[i], NULL);

      g_assert_nonnull (node);
    }
  dir_remove (dir);
}

/* In the child, before nim: a file size limit of 8 KiB (ulimit -f). */
static void
limit_file_size (gpointer data)
{
  struct rlimit limit = { 8192, 8192 };

  (void) data;
  setrlimit (RLIMIT_FSIZE, &limit);
}

/* Under a file size limit (ulimit -f) the results file fills up as a
   full disk does: the run fails with a message (exit 1), the record cut
   short is removed, and the finished games are each in the file.  SIGXFSZ
   once killed nim without a word, a record half written. */
static void
test_file_size_limit (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = file_new (&dir, "r.jsonl", NULL);
  const char *args[] = { "--games",   "200",    "--player1",      "xor",
                         "--player2", "random", "--random-heaps", "4:20",
                         "--seed",    "1",      "--results",      path,
                         NULL };
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GString) seen = g_string_new (NULL);
  g_autoptr (GPtrArray) records = NULL;
  g_auto (GStrv) lines = NULL;
  g_autofree char *text = NULL;
  g_autofree char *games = NULL;
  gsize length;
  guint i;

  if (!nim_test_have_nim ())
    return;
  process = spawn_nim (args, limit_file_size);
  g_assert_cmpint (finish (process, seen), ==, 1);
  nim_test_assert_contains (seen->str, "cannot write to the results file");
  nim_test_assert_contains (seen->str, "File too large");
  nim_test_assert_contains (seen->str,
                            "the incomplete record was removed from its end");
  g_assert_true (g_file_get_contents (path, &text, &length, NULL));
  g_assert_cmpuint (length, <=, 8192);
  g_assert_cmpuint (length, >, 0);
  g_assert_cmpint (text[length - 1], ==, '\n');
  lines = file_lines (path);
  for (i = 0; lines[i] != NULL; i++)
    {
      g_autoptr (JsonNode) node = json_from_string (lines[i], NULL);

      g_assert_nonnull (node);
    }
  records = read_games (path);
  games = g_strdup_printf ("Games: %u of 200", records->len);
  nim_test_assert_contains (seen->str, games);
  dir_remove (dir);
}

/* A FIFO as the results file: nim says that it waits for a reader, and
   Ctrl-C ends the wait with status 130 (it once failed with "Interrupted
   system call", status 1); with a reader, the records go to it. */
static void
test_results_fifo (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *fifo = file_new (&dir, "fifo", NULL);
  const char *args[]
      = { "--games", "2", "--player1", "xor",       "--player2", "random",
          "--seed",  "1", "--quiet",   "--results", fifo,        NULL };
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GString) seen = g_string_new (NULL);
  g_auto (GStrv) lines = NULL;
  gboolean found;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (mkfifo (fifo, 0600), ==, 0);
  process = spawn_nim (args, NULL);
  found = read_until (process, "is a FIFO: waiting for a process to read it",
                      seen);
  g_assert_true (found);
  g_subprocess_send_signal (process, SIGINT);
  g_assert_cmpint (finish (process, seen), ==, 130);
  nim_test_assert_contains (seen->str, "interrupted while waiting for a "
                                       "reader of the results file");
  g_clear_object (&process);
  g_string_truncate (seen, 0);
  /* A reader comes: the header and two records. */
  process = spawn_nim (args, NULL);
  g_assert_true (read_until (process, "waiting for a process", seen));
  {
    g_autoptr (GFile) file = g_file_new_for_path (fifo);
    g_autoptr (GError) error = NULL;
    g_autoptr (GFileInputStream) in = g_file_read (file, NULL, &error);
    g_autoptr (GString) text = g_string_new (NULL);
    char buf[4096];
    gssize n;

    g_assert_no_error (error);
    while ((n = g_input_stream_read (G_INPUT_STREAM (in), buf, sizeof buf,
                                     NULL, &error))
           > 0)
      g_string_append_len (text, buf, n);
    g_assert_no_error (error);
    g_assert_cmpint (finish (process, seen), ==, 0);
    lines = g_strsplit (text->str, "\n", -1);
    g_assert_cmpuint (g_strv_length (lines), ==, 4);
  }
  g_unlink (fifo);
  dir_remove (dir);
}

/* Takes (@lock) or releases a write lock on the whole of @fd, as another
   run holding the results file does. */
static void
lock_file (int fd, gboolean lock)
{
  struct flock fl;

  memset (&fl, 0, sizeof fl);
  fl.l_type = lock ? F_WRLCK : F_UNLCK;
  fl.l_whence = SEEK_SET;
  g_assert_cmpint (fcntl (fd, F_SETLK, &fl), ==, 0);
}

/* Waits until the results file @path holds more than @n lines. */
static guint
wait_records (const char *path, guint n)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  /* Lines counted, not records parsed: the file grows by thousands of
     lines a second, and under valgrind a parse of it all falls behind. */
  for (;;)
    {
      g_autofree char *text = NULL;
      const char *p;
      guint lines = 0;

      if (g_file_get_contents (path, &text, NULL, NULL))
        for (p = text; (p = strchr (p, '\n')) != NULL; p++)
          lines++;
      if (lines > n || g_get_monotonic_time () > deadline)
        return lines;
      g_usleep (20000);
    }
}

/* Waits until the results file @path holds @text; FALSE if it does not
   within a minute. */
static gboolean
wait_text (const char *path, const char *text)
{
  gint64 deadline = g_get_monotonic_time () + 60 * G_USEC_PER_SEC;

  for (;;)
    {
      g_autofree char *contents = NULL;

      if (g_file_get_contents (path, &contents, NULL, NULL)
          && strstr (contents, text) != NULL)
        return TRUE;
      if (g_get_monotonic_time () > deadline)
        return FALSE;
      g_usleep (20000);
    }
}

/* Two runs of the same part of a run into one results file at once (a
   --resume started twice) are refused, the second naming the first: each
   would play every missing game (463 of 500 were played twice).  Another
   shard of the run, or another run, shares the file as before. */
static void
test_results_claimed (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = file_new (&dir, "r.jsonl", "");
  const char *first[]
      = { "--games", "2000000",   "--player1", "random",  "--player2",
          "random",  "--seed",    "1",         "--shard", "1/2",
          "--quiet", "--results", path,        NULL };
  const char *again[]
      = { "--games",  "2000000", "--player1", "random",  "--player2",
          "random",   "--seed",  "1",         "--shard", "1/2",
          "--resume", "--quiet", "--results", path,      NULL };
  const char *other_shard[]
      = { "--games", "2000000",   "--player1", "random",  "--player2",
          "random",  "--seed",    "1",         "--shard", "2/2",
          "--quiet", "--results", path,        NULL };
  const char *other_run[]
      = { "--games", "4", "--player1", "xor",       "--player2", "random",
          "--seed",  "1", "--quiet",   "--results", path,        NULL };
  g_autoptr (GSubprocess) a = NULL;
  g_autoptr (GSubprocess) b = NULL;
  g_autoptr (GString) seen_a = g_string_new (NULL);
  g_autoptr (GString) seen_b = g_string_new (NULL);
  g_autoptr (GSubprocess) c = NULL;
  g_autoptr (GString) seen_c = g_string_new (NULL);
  g_autofree char *holder = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  gboolean refused;
  guint n;

  if (!nim_test_have_nim ())
    return;
  a = spawn_nim (first, NULL);
  n = wait_records (path, 0);
  g_assert_cmpuint (n, >, 0);
  holder = g_strdup_printf ("nim: process %s is playing the same run (the "
                            "same shard) into the results file %s",
                            g_subprocess_get_identifier (a), path);
  /* Spawned, so that a second run playing (as it once did) is stopped
     and fails the test instead of playing for an hour. */
  c = spawn_nim (again, NULL);
  refused = read_until (c, holder, seen_c);
  if (!refused)
    g_subprocess_send_signal (c, SIGINT);
  g_assert_cmpint (finish (c, seen_c), ==, STATUS_USAGE);
  g_assert_true (refused);
  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, other_run), ==,
                   STATUS_OK);
  b = spawn_nim (other_shard, NULL);
  /* Shard 2 writes beside shard 1: its header (its signal handlers are
     set by then), then its games. */
  g_assert_true (wait_text (path, "\"shard\":\"2/2\""));
  n = wait_records (path, wait_records (path, 0) + 20);
  g_subprocess_send_signal (b, SIGINT);
  g_subprocess_send_signal (a, SIGINT);
  g_assert_cmpint (finish (b, seen_b), ==, 130);
  g_assert_cmpint (finish (a, seen_a), ==, 130);
  nim_test_assert_not_contains (seen_b->str, "playing the same run");
  dir_remove (dir);
}

/* A results file another process holds locked: nim says that it waits,
   and for whom, and goes on once the lock is released; Ctrl-C ends the
   wait with status 130 (the first Ctrl-C once did not, and nothing was
   said). */
static void
test_results_locked (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *path = file_new (&dir, "r.jsonl", "");
  const char *args[]
      = { "--games", "2", "--player1", "xor",       "--player2", "random",
          "--seed",  "1", "--quiet",   "--results", path,        NULL };
  g_autofree char *holder
      = g_strdup_printf ("which process %d holds", (int) getpid ());
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GString) seen = g_string_new (NULL);
  g_autoptr (GPtrArray) records = NULL;
  int fd;

  if (!nim_test_have_nim ())
    return;
  fd = open (path, O_RDWR);
  g_assert_cmpint (fd, >=, 0);
  lock_file (fd, TRUE);
  process = spawn_nim (args, NULL);
  g_assert_true (
      read_until (process, "waiting for the lock on the results file", seen));
  nim_test_assert_contains (seen->str, holder);
  g_subprocess_send_signal (process, SIGINT);
  g_assert_cmpint (finish (process, seen), ==, 130);
  nim_test_assert_contains (seen->str, "interrupted while waiting for the "
                                       "lock");
  records = read_games (path);
  g_assert_cmpuint (records->len, ==, 0);
  g_clear_pointer (&records, g_ptr_array_unref);
  g_clear_object (&process);
  g_string_truncate (seen, 0);
  /* The lock released while nim waits (taken again: closing any
     descriptor of the file, as read_games () did, drops a process's
     fcntl locks). */
  lock_file (fd, TRUE);
  process = spawn_nim (args, NULL);
  g_assert_true (read_until (process, "waiting for the lock", seen));
  lock_file (fd, FALSE);
  g_assert_cmpint (finish (process, seen), ==, 0);
  records = read_games (path);
  g_assert_cmpuint (records->len, ==, 2);
  close (fd);
  dir_remove (dir);
}

/* ------------------------------------------------------------------------ */
/* Progress and per position */

/* The command line of a nim run with the test engine, in its paced mode,
   as the player "paced", then @args; %NULL (the test skipped) without
   the engine or script(1), which gives the run a terminal. */
static char *
paced_run (const char *args)
{
  g_autofree char *engine = nim_test_engine_command ("paced", NULL);
  g_autofree char *script = g_find_program_in_path ("script");
  g_autofree char *quoted = NULL;
  g_autofree char *nim = NULL;

  if (engine == NULL || !nim_test_have_nim ())
    return NULL;
  if (script == NULL)
    {
      g_test_skip ("script(1) is not installed");
      return NULL;
    }
  quoted = g_shell_quote (engine);
  /* The classic rule in a nim built with another (--moves any). */
  nim = nim_test_nim_command ();
  return g_strdup_printf ("%s --engine paced=%s %s --random-heaps 3:12 "
                          "--seed 1 > /dev/null",
                          nim, quoted, args);
}

/* Runs @command under script(1), which gives it a terminal; returns what
   it wrote there (standard error and output). */
static char *
run_on_terminal (const char *command)
{
  g_autofree char *script = g_find_program_in_path ("script");
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;
  char *out = NULL;
  const char *argv[] = { script, "-qfec", command, "/dev/null", NULL };
  int status;

  g_assert_nonnull (script);
  g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT, NULL, NULL, &out,
                &err, &status, &error);
  g_assert_no_error (error);
  return out;
}

/* @n blanks. */
static char *
blanks (gsize n)
{
  char *s = g_malloc (n + 1);

  memset (s, ' ', n);
  s[n] = '\0';
  return s;
}

/* The status line is drawn from what it is told, the counts and the
   run's seconds, never from a clock of its own: exactly these bytes.
   Nothing in the first second; then the line, rewritten in place, a
   shorter one padded over the longer; the speed leaves out the games
   counted from the results file; a notice blanks the line first; the
   end blanks it.  Without a terminal (or with --quiet) only the notice
   is written. */
static void
test_progress (void)
{
  const char *line1 = "30/100 games, player 1 50.0%, Elo +12.5 +/- 40.0, "
                      "10.0 games/s, LLR 0.50, about 7 s left";
  const char *line2 = "100/100 games, player 1 60.0%, Elo n/a +/- n/a, "
                      "22.5 games/s, LLR 3.00";
  const char *notice = "nim: a notice\n";
  NimMatchConfig config = { 0 };
  NimMatchSummary s = { 0 };
  guint draw;

  config.games = 100;
  config.specs[0] = "xor";
  config.specs[1] = "random";
  config.sprt_enabled = TRUE;
  for (draw = 0; draw < 2; draw++)
    {
      g_autofree char *text = NULL;
      g_autofree char *pad = blanks (strlen (line1) - strlen (line2));
      g_autofree char *wipe = blanks (MAX (strlen (line1), 79));
      g_autofree char *expected = NULL;
      gsize size = 0;
      FILE *out = open_memstream (&text, &size);
      NimRunProgress *p = nim_run_progress_new (out, draw);

      /* 10 games counted from the results file, before the run began. */
      nim_run_progress_set_run (p, &config, 10);
      s.finished = 10;
      s.elo.elo = s.elo.margin = NAN;
      nim_run_progress_update (p, &s, 0.5);
      s.finished = 30;
      s.players[0].wins = 15;
      s.elo.elo = 12.5;
      s.elo.margin = 40;
      s.llr = 0.5;
      nim_run_progress_update (p, &s, 2);
      s.finished = 100;
      s.players[0].wins = 60;
      s.elo.elo = s.elo.margin = NAN;
      s.llr = 3;
      nim_run_progress_update (p, &s, 4);
      nim_run_progress_notice (p, notice);
      nim_run_progress_clear (p);
      nim_run_progress_free (p);
      fclose (out);
      expected = draw ? g_strconcat ("\r", line1, "\r", line2, pad, "\r", wipe,
                                     "\r", notice, "\r", wipe, "\r", NULL)
                      : g_strdup (notice);
      g_assert_cmpstr (text, ==, expected);
    }
}

/* A tournament's status line names the pairing playing and counts the
   games of the whole tournament, not of the pairing alone; it is drawn
   as soon as the tournament (its earlier pairings too) has lasted a
   second. */
static void
test_progress_tournament (void)
{
  const NimRunPairing pairing = { 2, 3, 150, 20, 450, 3.0 };
  NimMatchConfig config = { 0 };
  NimMatchSummary s = { 0 };
  g_autofree char *text = NULL;
  gsize size = 0;
  FILE *out = open_memstream (&text, &size);
  NimRunProgress *p = nim_run_progress_new (out, TRUE);

  config.games = 150;
  config.specs[0] = "paced";
  config.specs[1] = "random";
  nim_run_progress_set_run (p, &config, 0);
  nim_run_progress_set_pairing (p, &pairing);
  s.elo.elo = s.elo.margin = NAN;
  nim_run_progress_update (p, &s, 0);
  s.finished = 50;
  s.players[0].wins = 20;
  nim_run_progress_update (p, &s, 1);
  nim_run_progress_free (p);
  fclose (out);
  g_assert_cmpstr (text, ==,
                   "\rpairing 2/3, paced against random: 0 games, paced "
                   "0.0%; in all 150/450 games, 43.3 games/s, about 7 s left"
                   "\rpairing 2/3, paced against random: 50 games, paced "
                   "40.0%; in all 200/450 games, 45.0 games/s, about 6 s "
                   "left");
}

/* On a terminal a run of more than a second draws its status line on
   standard error, a tournament's naming the pairing and counting the
   games of the whole tournament; --quiet draws none.  Player 1 is the
   test engine in its paced mode, at least 5 ms a game, so the runs last
   longer than the second after which the line is first drawn: the
   tournament plays 300 of its 450 games with it, at least 1.5 s, the
   quiet run 220 games, at least 1.1 s. */
static void
test_progress_terminal (void)
{
  g_autofree char *command
      = paced_run ("--tournament round-robin --player paced --player random "
                   "--player xor --games 150");
  g_autofree char *quiet
      = paced_run ("--games 220 --player1 paced --player2 random --quiet");
  g_autofree char *out = NULL;

  if (command == NULL || quiet == NULL)
    return;
  out = run_on_terminal (command);
  /* Which pairings are drawn depends on when a second has passed. */
  nim_test_assert_contains (out, "\rpairing ");
  nim_test_assert_contains (out, "/3, paced against ");
  nim_test_assert_contains (out, "/450 games");
  nim_test_assert_not_contains (out, "/150 games");
  g_clear_pointer (&out, g_free);
  out = run_on_terminal (quiet);
  nim_test_assert_not_contains (out, "games/s");
}

/* The summary names the moves the solver could not judge (a judge's
   time is capped per game: /match/judge-capped), and nothing when there
   are none. */
static void
test_summary_unchecked (void)
{
  NimMatchConfig config = { 0 };
  NimMatchSummary s = { 0 };
  NimRunSummary summary = { &config, &s, FALSE };
  guint round;

  nim_rules_init (&config.rules);
  nim_test_board (&config.start, "3,4,5");
  config.games = 2;
  config.jobs = 1;
  config.specs[0] = "random";
  config.specs[1] = "random";
  s.finished = 2;
  s.players[0].wins = 1;
  s.players[1].wins = 1;
  s.elo.elo = s.elo.margin = NAN;
  for (round = 0; round < 2; round++)
    {
      g_autofree char *text = NULL;
      gsize size = 0;
      FILE *out = open_memstream (&text, &size);

      s.players[0].unchecked = round == 0 ? 0 : 7;
      nim_run_summary_writer.text (&summary, out);
      fclose (out);
      if (round == 0)
        nim_test_assert_not_contains (text, "could not judge");
      else
        nim_test_assert_contains (
            text, "\nMoves the solver could not judge: 7 and 0\n");
    }
}

/* --affinity pins each job, and the engines it starts, to one processor:
   the test engine says at ugi on how many it may run, into its log.
   Without --affinity it may run where this test may. */
static void
test_affinity (void)
{
  g_autofree char *engine = nim_test_engine_command ("affinity", NULL);
  g_autofree char *dir = NULL;
  g_autofree char *spec = NULL;
  g_autofree char *log_path = NULL;
  guint runs;

  if (engine == NULL || !nim_test_have_nim ())
    return;
  dir = g_dir_make_tmp ("nim-affinity-XXXXXX", NULL);
  spec = g_strdup_printf ("pinned=%s", engine);
  log_path = g_build_filename (dir, "pinned-1.log", NULL);
  for (runs = 0; runs < 2; runs++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autofree char *log = NULL;
      g_autofree char *want = NULL;
      gboolean pinned = runs == 0;

      g_assert_cmpint (
          nim_test_run_nim (NULL, &out, &err, "--engine", spec, "--engine-log",
                            dir, "--player1", "pinned", "--player2", "random",
                            "--games", "4", "--jobs", "2", "--seed", "1",
                            pinned ? "--affinity" : "--quiet", NULL),
          ==, 0);
      g_assert_true (g_file_get_contents (log_path, &log, NULL, NULL));
      want = g_strdup_printf ("cpus %u\n",
                              pinned ? 1 : g_get_num_processors ());
      nim_test_assert_contains (log, want);
      g_unlink (log_path);
      log_path[strlen (log_path) - strlen ("1.log")] = '2';
      g_unlink (log_path);
      log_path[strlen (log_path) - strlen ("2.log")] = '1';
    }
  g_rmdir (dir);
}

/* --per-position: each position's pairs add up to the run's, and the
   blunders are the won positions not kept; --summarize gives the same
   table. */
static void
test_per_position (void)
{
  g_autofree char *dir = NULL;
  g_autofree char *suite = file_new (&dir, "suite.txt", SUITE);
  g_autofree char *results = g_build_filename (dir, "r.jsonl", NULL);
  const char *args[]
      = { "--games",     "24",     "--player1",      "negamax",
          "--player2",   "random", "--seed",         "8",
          "--positions", suite,    "--per-position", "--results",
          results,       NULL };
  const char *merge[] = { "--summarize", results, "--per-position", NULL };
  const char * xor []
      = { "--games",        "4",       "--player1", "xor", "--player2", "xor",
          "--per-position", "--quiet", NULL };
  g_autoptr (JsonNode) s = NULL;
  g_autoptr (JsonNode) m = NULL;
  g_autoptr (JsonNode) x = NULL;
  JsonObject *o;
  JsonArray *rows;
  gint64 pairs = 0, blunders = 0;
  guint i;

  if (!nim_test_have_nim ())
    return;
  s = nim_test_run_json (args);
  o = json_node_get_object (s);
  rows = json_object_get_array_member (o, "per_position");
  g_assert_cmpuint (json_array_get_length (rows), ==, 3);
  g_assert_cmpstr (json_object_get_string_member (
                       json_array_get_object_element (rows, 1), "position"),
                   ==, "1,2 p2");
  for (i = 0; i < 3; i++)
    {
      JsonObject *row = json_array_get_object_element (rows, i);

      pairs += json_object_get_int_member (row, "2-0")
               + json_object_get_int_member (row, "1-1")
               + json_object_get_int_member (row, "0-2");
      blunders += json_array_get_int_element (
          json_object_get_array_member (row, "blunders"), 1);
    }
  g_assert_cmpint (pairs, ==, 12);
  {
    JsonObject *p2 = json_array_get_object_element (
        json_object_get_array_member (o, "players"), 1);

    g_assert_cmpint (blunders, ==,
                     json_object_get_int_member (p2, "won_positions")
                         - json_object_get_int_member (p2, "kept_win"));
  }
  m = nim_test_run_json (merge);
  g_assert_true (json_node_equal (
      json_object_get_member (o, "per_position"),
      json_object_get_member (json_node_get_object (m), "per_position")));
  x = nim_test_run_json (xor);
  rows = json_object_get_array_member (json_node_get_object (x),
                                       "per_position");
  g_assert_cmpuint (json_array_get_length (rows), ==, 1);
  g_assert_cmpint (json_object_get_int_member (
                       json_array_get_object_element (rows, 0), "1-1"),
                   ==, 2);
  g_unlink (results);
  dir_remove (dir);
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);
  g_test_add_func ("/runs/sprt-llr", test_sprt_llr);
  g_test_add_func ("/runs/sprt-degenerate", test_sprt_degenerate);
  g_test_add_func ("/runs/sprt-run", test_sprt_run);
  g_test_add_func ("/runs/sprt-words", test_sprt_words);
  g_test_add_func ("/runs/sprt-bad", test_sprt_bad);
  g_test_add_func ("/runs/positions-sequential", test_positions_sequential);
  g_test_add_func ("/runs/positions-random", test_positions_random);
  g_test_add_func ("/runs/positions-bad", test_positions_bad);
  g_test_add_func ("/runs/positions-bounds", test_positions_bounds);
  g_test_add_func ("/runs/positions-replay-warning",
                   test_positions_replay_warning);
  g_test_add_func ("/runs/ratings", test_ratings);
  g_test_add_func ("/runs/tournament", test_tournament);
  g_test_add_func ("/runs/tournament-bad", test_tournament_bad);
  g_test_add_func ("/runs/resume", test_resume);
  g_test_add_func ("/runs/resume-tournament", test_resume_tournament);
  g_test_add_func ("/runs/resume-mismatch", test_resume_mismatch);
  g_test_add_func ("/runs/resume-after-interrupt",
                   test_resume_after_interrupt);
  g_test_add_func ("/runs/shards", test_shards);
  g_test_add_func ("/runs/shards-sprt", test_shards_sprt);
  g_test_add_func ("/runs/shards-stop", test_shards_stop);
  g_test_add_func ("/runs/shards-stop-dead", test_shards_stop_dead);
  g_test_add_func ("/runs/shards-audit", test_shards_audit);
  g_test_add_func ("/runs/shards-audit-engine", test_shards_audit_engine);
  g_test_add_func ("/runs/shards-positions", test_shards_positions);
  g_test_add_func ("/runs/shards-tournament", test_shards_tournament);
  g_test_add_func ("/runs/summarize-refuses", test_summarize_refuses);
  g_test_add_func ("/runs/summarize-shared-file", test_summarize_shared_file);
  g_test_add_func ("/runs/header-round-trip", test_header_round_trip);
  g_test_add_func ("/runs/header-covers-options", test_header_covers_options);
  g_test_add_func ("/runs/header-errors", test_header_errors);
  g_test_add_func ("/runs/resume-clock", test_resume_clock);
  g_test_add_func ("/runs/resume-timemargin", test_resume_timemargin);
  g_test_add_func ("/runs/resume-old-header", test_resume_old_header);
  g_test_add_func ("/runs/resume-lost-header", test_resume_lost_header);
  g_test_add_func ("/runs/header-edited", test_header_edited);
  g_test_add_func ("/runs/results-bad-lines", test_results_bad_lines);
  g_test_add_func ("/runs/results-endless", test_results_endless);
  g_test_add_func ("/runs/results-no-records", test_results_no_records);
  g_test_add_func ("/runs/results-checked", test_results_checked);
  g_test_add_func ("/runs/summarize-pipe", test_summarize_pipe);
  g_test_add_func ("/runs/resume-other-shard", test_resume_other_shard);
  g_test_add_func ("/runs/sigterm-stops-engines", test_sigterm_stops_engines);
  g_test_add_func ("/runs/broken-pipe-stops-engines",
                   test_broken_pipe_stops_engines);
  g_test_add_func ("/runs/sighup-keeps-games", test_sighup_keeps_games);
  g_test_add_func ("/runs/file-size-limit", test_file_size_limit);
  g_test_add_func ("/runs/results-fifo", test_results_fifo);
  g_test_add_func ("/runs/results-locked", test_results_locked);
  g_test_add_func ("/runs/results-claimed", test_results_claimed);
  g_test_add_func ("/runs/progress", test_progress);
  g_test_add_func ("/runs/progress-terminal", test_progress_terminal);
  g_test_add_func ("/runs/affinity", test_affinity);
  g_test_add_func ("/runs/progress-tournament", test_progress_tournament);
  g_test_add_func ("/runs/per-position", test_per_position);
  g_test_add_func ("/runs/summary-unchecked", test_summary_unchecked);
  return g_test_run ();
}
