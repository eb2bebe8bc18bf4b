/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-grade.c -- nim --grade: students' engines, each with its mistake,
   get its label; the complete solutions get full marks; the starter code
   runs; Gradescope's results.json is what its specification says */

#include "config.h"

#include "nim-test.h"

#include <glib/gstdio.h>
#include <string.h>

#include "nim-grade.h"
#include "nim-movegen.h"

/* The seed the engines are graded with; the labels hold for others too,
   and the complete solutions are graded under several. */
#define SEED "1"

static char *
srcdir_path (const char *path)
{
  return g_build_filename (
      g_getenv ("NIM_SRCDIR") ? g_getenv ("NIM_SRCDIR") : ".", path, NULL);
}

/* --engine NAME=COMMAND for the students' engine with @mistake, searching
   with @search (tests/grade-student.py), or for the starter code when
   @mistake is NULL. */
static char *
engine_option (const char *name, const char *search, const char *mistake)
{
  g_autofree char *script
      = srcdir_path (mistake != NULL ? "tests/grade-student.py"
                                     : "doc/examples/nim-search-starter.py");
  g_autofree char *quoted = g_shell_quote (script);

  return g_strdup_printf ("%s=python3 %s %s %s", name, quoted, search,
                          mistake != NULL ? mistake : "");
}

/* Grades the engine of engine_option () for @assignment with --json and
   the extra arguments, and returns the summary. */
static JsonNode *
grade (const char *assignment, const char *search, const char *mistake,
       const char *seed, const char *const *extra)
{
  g_autofree char *engine = engine_option ("student", search, mistake);
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  guint i;

  g_ptr_array_add (args, "--engine");
  g_ptr_array_add (args, engine);
  g_ptr_array_add (args, "--grade");
  g_ptr_array_add (args, "student");
  g_ptr_array_add (args, "--assignment");
  g_ptr_array_add (args, (gpointer) assignment);
  g_ptr_array_add (args, "--seed");
  g_ptr_array_add (args, (gpointer) seed);
  for (i = 0; extra != NULL && extra[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) extra[i]);
  g_ptr_array_add (args, NULL);
  return nim_test_run_json ((const char *const *) args->pdata);
}

static JsonArray *
tests_of (JsonNode *root)
{
  return json_object_get_array_member (json_node_get_object (root), "tests");
}

static const char *
diagnosis_of (JsonArray *tests, guint i)
{
  return json_object_get_string_member (
      json_array_get_object_element (tests, i), "diagnosis");
}

/* Each student's engine, the search it runs and its mistake, and the
   label the mistake must get: on every test ("all"), on the tests with a
   depth ("depth", the others correct), or on some tests, the others
   correct ("some"). */
static const struct
{
  const char *assignment;
  const char *search;
  const char *mistake;
  const char *label;
  const char *where;
} students[] = {
  { "minimax", "minimax", "none", "correct", "all" },
  { "alphabeta", "alphabeta", "none", "correct", "all" },
  /* Fail-hard returns beta at a cutoff: the same visits. */
  { "alphabeta", "alphabeta", "fail-hard", "correct", "all" },
  /* Minimax handed in for alpha-beta, and alpha-beta for minimax. */
  { "alphabeta", "alphabeta", "minimax", "no-pruning", "all" },
  { "minimax", "alphabeta", "none", "too-much-pruning", "all" },
  { "alphabeta", "alphabeta", "deeper", "depth-off-by-one", "depth" },
  { "alphabeta", "alphabeta", "shallower", "depth-off-by-one", "depth" },
  { "minimax", "minimax", "deeper", "depth-off-by-one", "depth" },
  { "alphabeta", "alphabeta", "reversed", "wrong-order", "all" },
  { "alphabeta", "alphabeta", "counts-reversed", "wrong-order", "all" },
  { "minimax", "minimax", "reversed", "wrong-order", "all" },
  /* The root plays its first move: where that gives a win away. */
  { "minimax", "minimax", "first-move", "wrong-move", "some" },
  { "alphabeta", "alphabeta", "first-move", "wrong-move", "some" },
  { "alphabeta", "alphabeta", "illegal", "illegal-move", "all" },
  /* An exception in the search, in the tests with a depth. */
  { "alphabeta", "alphabeta", "crash", "crash", "depth" },
  /* The window passed on as it is never narrows: nothing is pruned;
     negated but not swapped it is empty: too much is. */
  { "alphabeta", "alphabeta", "window", "no-pruning", "all" },
  { "alphabeta", "alphabeta", "window-unswapped", "too-much-pruning", "all" },
  /* The root's window (-1, 1) instead of (-infinity, +infinity). */
  { "alphabeta", "alphabeta", "narrow", "too-much-pruning", "some" },
  { "alphabeta", "alphabeta", "wrong-value", "wrong-value", "depth" },
  { "minimax", "minimax", "bad-visit", "protocol", "all" },
  { "alphabeta", "alphabeta", "flood", "wrong-visits", "depth" },
};

/* Each student's engine gets its mistake's label where the mistake
   shows, and is correct elsewhere; the score counts the correct tests. */
static void
test_labels (gconstpointer data)
{
  guint s = GPOINTER_TO_UINT (data), i, labelled = 0, correct = 0;
  g_autoptr (JsonNode) root = NULL;
  JsonArray *tests;

  if (!nim_test_have_nim ())
    return;
  root = grade (students[s].assignment, students[s].search,
                students[s].mistake, SEED, NULL);
  tests = tests_of (root);
  g_assert_cmpuint (json_array_get_length (tests), ==, NIM_GRADE_TESTS);
  for (i = 0; i < NIM_GRADE_TESTS; i++)
    {
      const char *d = diagnosis_of (tests, i);
      gboolean depth = i >= NIM_GRADE_FULL_TESTS;

      if (!g_str_equal (d, students[s].label) && !g_str_equal (d, "correct"))
        g_error ("%s %s: test %u is %s, not %s", students[s].assignment,
                 students[s].mistake, i + 1, d, students[s].label);
      if (g_str_equal (students[s].where, "all"))
        g_assert_cmpstr (d, ==, students[s].label);
      if (g_str_equal (students[s].where, "depth"))
        g_assert_cmpstr (d, ==, depth ? students[s].label : "correct");
      labelled += g_str_equal (d, students[s].label);
      correct += g_str_equal (d, "correct");
    }
  g_assert_cmpuint (labelled, >, 0);
  g_assert_cmpfloat (
      json_object_get_double_member (json_node_get_object (root), "score"), ==,
      correct);
  g_assert_cmpfloat (
      json_object_get_double_member (json_node_get_object (root), "max_score"),
      ==, NIM_GRADE_TESTS);
}

/* The complete solutions get full marks under other seeds too. */
static void
test_full_marks (void)
{
  static const char *const seeds[] = { "2", "17", "4294967295" };
  static const char *const assignments[] = { "minimax", "alphabeta" };
  guint i, a;

  if (!nim_test_have_nim ())
    return;
  for (a = 0; a < G_N_ELEMENTS (assignments); a++)
    for (i = 0; i < G_N_ELEMENTS (seeds); i++)
      {
        g_autoptr (JsonNode) root
            = grade (assignments[a], assignments[a], "none", seeds[i], NULL);

        g_assert_cmpfloat (json_object_get_double_member (
                               json_node_get_object (root), "score"),
                           ==, NIM_GRADE_TESTS);
      }
}

/* The starter code answers the protocol and, its search not written,
   visits nothing: every test is no-visits, for either assignment. */
static void
test_starter (void)
{
  static const char *const assignments[] = { "minimax", "alphabeta" };
  guint a, i;

  if (!nim_test_have_nim ())
    return;
  for (a = 0; a < G_N_ELEMENTS (assignments); a++)
    {
      g_autoptr (JsonNode) root
          = grade (assignments[a], assignments[a], NULL, SEED, NULL);
      JsonArray *tests = tests_of (root);

      for (i = 0; i < NIM_GRADE_TESTS; i++)
        {
          JsonObject *t = json_array_get_object_element (tests, i);

          g_assert_cmpstr (diagnosis_of (tests, i), ==, "no-visits");
          /* It played a legal move all the same. */
          g_assert_true (json_object_get_string_member (t, "move") != NULL);
        }
    }
}

/* nim's own searchers, as engines that say their visits (nim --ugi,
   setoption name visits value true), get full marks: minimax, and negamax
   as the textbook's alpha-beta; negamax with its own order and window
   does not. */
static void
test_nim_engine (void)
{
  static const struct
  {
    const char *assignment, *spec;
    gboolean full;
  } engines[] = {
    { "minimax", "minimax", TRUE },
    { "alphabeta",
      "negamax:tt=off,order=off,id=off,moves=generator,"
      "window=full",
      TRUE },
    { "alphabeta", "negamax:tt=off,order=off,id=off", FALSE },
  };
  g_autofree char *nim = g_shell_quote (g_getenv ("NIM_BINARY"));
  guint i;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (engines); i++)
    {
      g_autofree char *engine = g_strdup_printf ("self=%s --ugi --player1 %s",
                                                 nim, engines[i].spec);
      const char *const args[] = { "--engine",
                                   engine,
                                   "--engine-option",
                                   "self:visits=true",
                                   "--grade",
                                   "self",
                                   "--assignment",
                                   engines[i].assignment,
                                   "--seed",
                                   SEED,
                                   NULL };
      g_autoptr (JsonNode) root = nim_test_run_json (args);
      double score = json_object_get_double_member (
          json_node_get_object (root), "score");

      if (engines[i].full)
        g_assert_cmpfloat (score, ==, NIM_GRADE_TESTS);
      else
        g_assert_cmpfloat (score, <, NIM_GRADE_TESTS);
    }
}

/* A hang is a timeout, within --grade-timeout, and the grading goes on
   with a fresh process for each test. */
static void
test_timeout (void)
{
  static const char *const extra[] = { "--grade-timeout", "0.3", NULL };
  g_autoptr (JsonNode) root = NULL;
  JsonArray *tests;
  guint i;

  if (!nim_test_have_nim ())
    return;
  root = grade ("alphabeta", "alphabeta", "hang", SEED, extra);
  tests = tests_of (root);
  for (i = 0; i < NIM_GRADE_TESTS; i++)
    g_assert_cmpstr (diagnosis_of (tests, i), ==,
                     i < NIM_GRADE_FULL_TESTS ? "correct" : "timeout");
}

/* Ctrl-C while an engine hangs stops the grading at once, says where,
   exits 130 and leaves no engine behind; --gradescope's file is not
   written. */
static void
test_interrupt (void)
{
  g_autofree char *dir = g_dir_make_tmp ("nim-grade-XXXXXX", NULL);
  g_autofree char *pidfile = g_build_filename (dir, "pids", NULL);
  g_autofree char *file = g_build_filename (dir, "results.json", NULL);
  g_autofree char *engine = engine_option ("student", "alphabeta", "hang");
  const char *const args[] = { "--engine", engine,         "--grade",
                               "student",  "--assignment", "alphabeta",
                               "--seed",   SEED,           "--grade-timeout",
                               "600",      "--gradescope", file,
                               NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!nim_test_have_nim ())
    return;
  g_setenv ("NIM_TEST_PIDFILE", pidfile, TRUE);
  /* The sixth test is the last to the end; the seventh hangs. */
  g_assert_cmpint (nim_test_interrupt_at ("Test 6: ", FALSE, args, &out, &err),
                   ==, 130);
  g_unsetenv ("NIM_TEST_PIDFILE");
  nim_test_assert_contains (err, "interrupted: the grading stopped at test 7 "
                                 "of 10");
  nim_test_assert_not_contains (out, "Score:");
  g_assert_false (g_file_test (file, G_FILE_TEST_EXISTS));
  nim_test_assert_pids_gone (pidfile, 1);
  g_unlink (pidfile);
  g_rmdir (dir);
}

/* The JSON summary: score, max_score and each test's name, diagnosis,
   score, max_score and output (starting with the label), with the first
   visit that departs from the reference's. */
static void
test_json (void)
{
  g_autoptr (JsonNode) root = NULL;
  JsonObject *o, *t, *d;

  if (!nim_test_have_nim ())
    return;
  root = grade ("alphabeta", "alphabeta", "reversed", SEED, NULL);
  o = json_node_get_object (root);
  g_assert_cmpstr (json_object_get_string_member (o, "assignment"), ==,
                   "alphabeta");
  g_assert_cmpint (json_object_get_int_member (o, "seed"), ==, 1);
  t = json_array_get_object_element (tests_of (root), 0);
  g_assert_true (g_str_has_prefix (json_object_get_string_member (t, "name"),
                                   "Test 1: "));
  g_assert_true (g_str_has_prefix (json_object_get_string_member (t, "output"),
                                   "wrong-order\n"));
  g_assert_cmpfloat (json_object_get_double_member (t, "score"), ==, 0);
  g_assert_cmpfloat (json_object_get_double_member (t, "max_score"), ==, 1);
  d = json_object_get_object_member (t, "departure");
  g_assert_nonnull (d);
  g_assert_cmpint (json_object_get_int_member (d, "visit"), >=, 1);
  g_assert_cmpstr (json_object_get_string_member (d, "yours"), !=,
                   json_object_get_string_member (d, "reference"));
}

/* Whether @member of @o is a number. */
static gboolean
is_number (JsonObject *o, const char *member)
{
  JsonNode *n = json_object_get_member (o, member);

  return n != NULL && JSON_NODE_HOLDS_VALUE (n)
         && (json_node_get_value_type (n) == G_TYPE_DOUBLE
             || json_node_get_value_type (n) == G_TYPE_INT64);
}

static gboolean
is_string (JsonObject *o, const char *member)
{
  JsonNode *n = json_object_get_member (o, member);

  return n != NULL && JSON_NODE_HOLDS_VALUE (n)
         && json_node_get_value_type (n) == G_TYPE_STRING;
}

/* Checks @file against Gradescope's autograder specification (docs/specs
   of gradescope-autograders.readthedocs.io): only the members it names,
   each of its type, a score at the top, each test's output starting with
   its label and the scores adding up. */
static void
check_gradescope (const char *file, const char *visibility)
{
  static const char *const top[]
      = { "score",         "execution_time",     "output",
          "output_format", "test_output_format", "test_name_format",
          "visibility",    "stdout_visibility",  "extra_data",
          "tests",         "leaderboard",        NULL };
  static const char *const per_test[]
      = { "score",       "max_score",  "status",     "name",
          "name_format", "number",     "output",     "output_format",
          "tags",        "visibility", "extra_data", NULL };
  static const char *const formats[]
      = { "text", "html", "simple_format", "md", "ansi", NULL };
  static const char *const labels[] = { "correct",          "illegal-move",
                                        "wrong-move",       "wrong-value",
                                        "no-pruning",       "too-much-pruning",
                                        "depth-off-by-one", "wrong-order",
                                        "wrong-visits",     "no-visits",
                                        "timeout",          "crash",
                                        "protocol",         NULL };
  g_autofree char *text = NULL;
  g_autoptr (JsonNode) root = NULL;
  g_autoptr (GList) members = NULL;
  JsonObject *o;
  JsonArray *tests;
  double sum = 0;
  GList *l;
  guint i;

  g_assert_true (g_file_get_contents (file, &text, NULL, NULL));
  root = nim_test_parse_json (text);
  g_assert_true (JSON_NODE_HOLDS_OBJECT (root));
  o = json_node_get_object (root);
  members = json_object_get_members (o);
  for (l = members; l != NULL; l = l->next)
    if (!g_strv_contains (top, l->data))
      g_error ("results.json: no member %s at the top", (char *) l->data);
  g_assert_true (is_number (o, "score"));
  g_assert_true (is_number (o, "execution_time"));
  g_assert_true (is_string (o, "output"));
  g_assert_true (g_strv_contains (
      formats, json_object_get_string_member (o, "output_format")));
  g_assert_true (g_strv_contains (
      formats, json_object_get_string_member (o, "test_output_format")));
  tests = json_object_get_array_member (o, "tests");
  g_assert_cmpuint (json_array_get_length (tests), ==, NIM_GRADE_TESTS);
  for (i = 0; i < json_array_get_length (tests); i++)
    {
      JsonObject *t = json_array_get_object_element (tests, i);
      g_autoptr (GList) keys = json_object_get_members (t);
      JsonArray *tags = json_object_get_array_member (t, "tags");
      const char *label = json_array_get_string_element (tags, 0);
      g_autofree char *first = NULL;
      double score, max;

      for (l = keys; l != NULL; l = l->next)
        if (!g_strv_contains (per_test, l->data))
          g_error ("results.json: no member %s in a test", (char *) l->data);
      g_assert_true (is_number (t, "score"));
      g_assert_true (is_number (t, "max_score"));
      g_assert_true (is_string (t, "name"));
      g_assert_true (is_string (t, "number"));
      g_assert_true (is_string (t, "output"));
      score = json_object_get_double_member (t, "score");
      max = json_object_get_double_member (t, "max_score");
      g_assert_cmpfloat (score, >=, 0);
      g_assert_cmpfloat (score, <=, max);
      g_assert_cmpstr (json_object_get_string_member (t, "status"), ==,
                       score == max ? "passed" : "failed");
      g_assert_cmpstr (json_object_get_string_member (t, "visibility"), ==,
                       visibility);
      g_assert_true (g_strv_contains (labels, label));
      first = g_strconcat (label, "\n", NULL);
      g_assert_true (g_str_has_prefix (
          json_object_get_string_member (t, "output"), first));
      sum += score;
    }
  g_assert_cmpfloat (json_object_get_double_member (o, "score"), ==, sum);
}

/* --gradescope FILE writes results.json as Gradescope's specification
   says, with the visibility asked for; the text report goes on. */
static void
test_gradescope (void)
{
  g_autofree char *dir = g_dir_make_tmp ("nim-grade-XXXXXX", NULL);
  g_autofree char *file = g_build_filename (dir, "results.json", NULL);
  g_autofree char *engine
      = engine_option ("student", "alphabeta", "first-move");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--engine", engine,
                                     "--grade", "student", "--assignment",
                                     "alphabeta", "--seed", SEED,
                                     "--gradescope", file, NULL),
                   ==, 0);
  nim_test_assert_contains (out, "Test 1: ");
  nim_test_assert_contains (out, "\nScore: ");
  check_gradescope (file, "visible");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (
      nim_test_run_nim (NULL, &out, &err, "--engine", engine, "--grade",
                        "student", "--assignment", "alphabeta", "--seed", SEED,
                        "--gradescope", file, "--gradescope-visibility",
                        "after_due_date", "--json", NULL),
      ==, 0);
  check_gradescope (file, "after_due_date");
  g_unlink (file);
  g_rmdir (dir);
}

/* The command a report gives for the reference's search runs as pasted,
   on the assignments' game whatever the build's default rules (the
   course build's is a subtraction game, where xor is refused), and
   traces the reference's search. */
static void
run_reference_command (const char *report)
{
  const char *line = strstr (report, " nim --");
  g_autofree char *command = NULL;
  g_auto (GStrv) argv = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GError) error = NULL;

  g_assert_nonnull (line);
  command = g_strndup (line + 1, strcspn (line + 1, "\n"));
  nim_test_assert_contains (command, "nim --moves any ");
  g_assert_true (g_shell_parse_argv (command, NULL, &argv, &error));
  g_assert_no_error (error);
  g_assert_cmpint (
      nim_test_run_nimv ("", &out, &err, (const char *const *) argv + 1), ==,
      0);
  nim_test_assert_contains (out, "Take any number of matches");
  nim_test_assert_contains (out, "# trace: negamax:time=0,ab=on,");
}

/* What a student reads: the header, a line per test with its label, the
   first departure from the reference with its way there, the command
   that shows the reference's search, and the score. */
static void
test_text (void)
{
  g_autofree char *engine = engine_option ("me", "alphabeta", "deeper");
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--engine", engine,
                                     "--grade", "me", "--assignment",
                                     "alphabeta", "--seed", SEED, NULL),
                   ==, 0);
  nim_test_assert_contains (out, "Grading me (python3 ");
  nim_test_assert_contains (out, "on the alpha-beta assignment, seed 1: 10 "
                                 "tests.\n");
  nim_test_assert_contains (out, "to the end: correct\n");
  nim_test_assert_contains (out, ": depth-off-by-one\n");
  nim_test_assert_contains (out, "visits exactly the positions of a search "
                                 "to depth");
  nim_test_assert_contains (out, "the reference's");
  nim_test_assert_contains (out, "(reached by ");
  nim_test_assert_contains (out, "--player2 xor --trace=99");
  nim_test_assert_contains (out, "\nScore: 6 of 10 (");
  nim_test_assert_contains (out, "  4 tests: depth-off-by-one\n");
  run_reference_command (out);
}

/* The starter code's report: the no-visits explanation once, at test 1,
   and "As test 1." at the nine others, not the same four lines ten
   times. */
static void
test_text_once (void)
{
  g_autofree char *engine = engine_option ("me", "minimax", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *first;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--engine", engine,
                                     "--grade", "me", "--assignment",
                                     "minimax", "--seed", SEED, NULL),
                   ==, 0);
  first = strstr (out, "No info string visit line");
  g_assert_nonnull (first);
  g_assert_null (strstr (first + 1, "No info string visit line"));
  nim_test_assert_contains (out, ": no-visits\n   As test 1.\nTest 3: ");
  nim_test_assert_contains (out, ": no-visits\n   As test 1.\n\nScore: ");
}

/* Usage errors exit 2 with a message naming what is wrong. */
static void
test_usage (void)
{
  g_autofree char *engine = engine_option ("me", "minimax", "none");
  g_autofree char *dir = g_dir_make_tmp ("nim-grade-XXXXXX", NULL);
  g_autofree char *missing = g_build_filename (dir, "no", "r.json", NULL);
  const char *const no_assignment[]
      = { "--engine", engine, "--grade", "me", NULL };
  const char *const bad_assignment[]
      = { "--engine", engine, "--grade", "me", "--assignment", "mcts", NULL };
  const char *const not_declared[]
      = { "--grade", "me", "--assignment", "minimax", NULL };
  const char *const builtin[]
      = { "--grade", "negamax", "--assignment", "minimax", NULL };
  const char *const no_name[]
      = { "--grade", "", "--assignment", "minimax", NULL };
  const char *const bad_timeout[] = {
    "--engine",        engine, "--grade", "me", "--assignment", "minimax",
    "--grade-timeout", "0",    NULL
  };
  const char *const bad_dir[]
      = { "--engine", engine,         "--grade", "me", "--assignment",
          "minimax",  "--gradescope", missing,   NULL };
  const char *const is_dir[]
      = { "--engine", engine,         "--grade", "me", "--assignment",
          "minimax",  "--gradescope", dir,       NULL };
  const char *const visibility_alone[] = { "--engine",
                                           engine,
                                           "--grade",
                                           "me",
                                           "--assignment",
                                           "minimax",
                                           "--gradescope-visibility",
                                           "hidden",
                                           NULL };
  const char *const bad_visibility[] = { "--engine",
                                         engine,
                                         "--grade",
                                         "me",
                                         "--assignment",
                                         "minimax",
                                         "--gradescope",
                                         "r.json",
                                         "--gradescope-visibility",
                                         "later",
                                         NULL };
  const char *const without_grade[] = { "--assignment", "minimax", NULL };
  const char *const with_heaps[]
      = { "--engine", engine,    "--grade", "me", "--assignment",
          "minimax",  "--heaps", "1,2",     NULL };

  if (!nim_test_have_nim ())
    return;
  nim_test_assert_refused (no_assignment, 2, "--grade needs --assignment");
  nim_test_assert_refused (bad_assignment, 2,
                           "--assignment mcts: expected minimax or "
                           "alphabeta");
  nim_test_assert_refused (not_declared, 2,
                           "--grade me: no engine is named me; declare it "
                           "with --engine me=COMMAND");
  nim_test_assert_refused (builtin, 2,
                           "--grade negamax: negamax is one of nim's own "
                           "players; --grade grades an engine declared with "
                           "--engine NAME=COMMAND");
  nim_test_assert_refused (no_name, 2,
                           "--grade needs the name of an engine declared "
                           "with --engine NAME=COMMAND");
  nim_test_assert_refused (bad_timeout, 2, "--grade-timeout");
  nim_test_assert_refused (bad_dir, 2, "does not exist or cannot be written");
  nim_test_assert_refused (is_dir, 2, "give the name of a file");
  nim_test_assert_refused (visibility_alone, 2,
                           "--gradescope-visibility goes with --gradescope");
  nim_test_assert_refused (bad_visibility, 2,
                           "--gradescope-visibility later: expected visible, "
                           "hidden, after_due_date or after_published");
  nim_test_assert_refused (without_grade, 2, "--assignment");
  nim_test_assert_refused (with_heaps, 2, "--heaps");
  g_rmdir (dir);
}

/* The positions: the same for the same seed, others for another; the
   first searched to the end (won, lost, won, won, lost, won), the others
   to a depth the game outlasts; no two tests alike; under alpha-beta
   each prunes something. */
static void
test_positions (void)
{
  static const int wants[NIM_GRADE_FULL_TESTS] = { 1, -1, 1, 1, -1, 1 };
  guint32 seed;
  guint a, i, j;

  for (a = 0; a < 2; a++)
    for (seed = 0; seed < 20; seed++)
      {
        NimBoard boards[NIM_GRADE_TESTS], again[NIM_GRADE_TESTS];
        NimBoard other[NIM_GRADE_TESTS];
        guint depths[NIM_GRADE_TESTS], d2[NIM_GRADE_TESTS],
            d3[NIM_GRADE_TESTS];
        gboolean differ = FALSE;

        nim_grade_positions (a, seed, boards, depths);
        nim_grade_positions (a, seed, again, d2);
        nim_grade_positions (a, seed + 1, other, d3);
        for (i = 0; i < NIM_GRADE_TESTS; i++)
          {
            g_assert_true (nim_board_equal (&boards[i], &again[i]));
            g_assert_cmpuint (depths[i], ==, d2[i]);
            differ = differ || !nim_board_equal (&boards[i], &other[i]);
            if (i < NIM_GRADE_FULL_TESTS)
              {
                g_assert_cmpuint (depths[i], ==, 0);
                g_assert_cmpint (nim_board_nim_sum (&boards[i]) != 0, ==,
                                 wants[i] > 0);
              }
            else
              {
                g_assert_cmpuint (depths[i], >=, a ? 3 : 2);
                g_assert_cmpuint (depths[i], <=, a ? 5 : 4);
                g_assert_cmpuint (boards[i].total, >, depths[i]);
              }
            for (j = 0; j < i; j++)
              g_assert_false (nim_board_equal (&boards[i], &boards[j])
                              && depths[i] == depths[j]);
          }
        g_assert_true (differ);
      }
}

int
main (int argc, char **argv)
{
  guint i;

  nim_test_init (&argc, &argv);
  for (i = 0; i < G_N_ELEMENTS (students); i++)
    {
      g_autofree char *path = g_strdup_printf (
          "/grade/labels/%s/%s", students[i].assignment, students[i].mistake);

      if (g_str_equal (students[i].search, "alphabeta")
          && g_str_equal (students[i].assignment, "minimax"))
        {
          g_free (path);
          path = g_strdup ("/grade/labels/minimax/alphabeta");
        }
      g_test_add_data_func (path, GUINT_TO_POINTER (i), test_labels);
    }
  g_test_add_func ("/grade/full-marks", test_full_marks);
  g_test_add_func ("/grade/starter", test_starter);
  g_test_add_func ("/grade/timeout", test_timeout);
  g_test_add_func ("/grade/interrupt", test_interrupt);
  g_test_add_func ("/grade/nim-engine", test_nim_engine);
  g_test_add_func ("/grade/json", test_json);
  g_test_add_func ("/grade/gradescope", test_gradescope);
  g_test_add_func ("/grade/text", test_text);
  g_test_add_func ("/grade/text-once", test_text_once);
  g_test_add_func ("/grade/usage", test_usage);
  g_test_add_func ("/grade/positions", test_positions);
  return g_test_run ();
}
