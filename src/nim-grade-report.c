/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-grade-report.c -- `nim --grade`'s report: as text for the student,
 * as one JSON object, and as Gradescope's results.json
 *
 * lib/play/nim-grade.c grades and returns a #NimGradeReport; this says
 * what it found in words a student acts on: per test the position, the
 * label and why, and for visits that are not the reference's the first
 * that differs, with the reference's way to it.  The same words are each
 * test's "output" in the JSON and in Gradescope's results.json, which
 * its autograder specification describes
 * (gradescope-autograders.readthedocs.io, "Autograder Specifications":
 * a top-level score, and tests with name, score, max_score, status,
 * output, visibility). */

#include "config.h"

#include "nim-grade-report.h"

#include "nim-explain.h"
#include "nim-i18n.h"
#include "nim-notation.h"
#include "nim-record.h"

#include <stdio.h>
#include <string.h>

/* nim_grade_report_test_name:
   @test: a test

   Returns: (transfer full): its name: its number, position and depth */
static char *
nim_grade_report_test_name (const NimGradeTest *test)
{
  g_autofree char *heaps = nim_board_to_string (&test->board);

  if (test->depth == 0)
    /* TRANSLATORS: the name of a test of --grade: its number and the
       heaps searched, such as 1,2,3, searched to the end of the
       game. */
    return g_strdup_printf (_ ("Test %u: %s to the end"), test->number, heaps);
  /* TRANSLATORS: the name of a test of --grade: its number, the heaps
     and the depth of `go depth D`. */
  return g_strdup_printf (_ ("Test %u: %s, depth %u"), test->number, heaps,
                          test->depth);
}

/* Appends @text, one paragraph, wrapped. */
static void
para (GString *out, const char *text)
{
  nim_explain_wrap (out, text);
}

static void para_printf (GString *out, const char *format, ...)
    G_GNUC_PRINTF (2, 3);

static void
para_printf (GString *out, const char *format, ...)
{
  g_autofree char *text = NULL;
  va_list ap;

  va_start (ap, format);
  text = g_strdup_vprintf (format, ap);
  va_end (ap);
  para (out, text);
}

/* "1,2,3 -> 0,2,3 -> 0,1,3": the reference's way to its visit @index. */
static char *
path_text (const NimGradeTest *t, guint index)
{
  g_autoptr (GPtrArray) path = nim_grade_reference_path (t, index);

  g_ptr_array_add (path, NULL);
  return g_strjoinv (" -> ", (char **) path->pdata);
}

static guint
count_heaps (const char *visit)
{
  guint n = 1;

  for (; *visit != '\0'; visit++)
    n += *visit == ',';
  return n;
}

/* Where the engine's visits first leave the reference's. */
static void
explain_departure (GString *out, const NimGradeTest *t)
{
  const GPtrArray *s = t->visits, *r = t->reference;
  guint k;

  if (t->departure < 0)
    return;
  k = (guint) t->departure;
  if (k < s->len && k < r->len)
    {
      g_autofree char *path = path_text (t, k);

      para_printf (out,
                   /* TRANSLATORS: where a student's search first differs
                      from the reference: the visit's number, the
                      student's position, the reference's, and the
                      reference's way to it, "1,2,3 -> 0,2,3". */
                   _ ("Visit %u: yours is %s, the reference's %s (reached "
                      "by %s)."),
                   k + 1, (const char *) s->pdata[k],
                   (const char *) r->pdata[k], path);
      if (count_heaps (s->pdata[k]) != count_heaps (r->pdata[k]))
        para (out, _ ("Write every heap of the position, an empty one as "
                      "0, in the order of the position command."));
    }
  else if (k < r->len)
    {
      g_autofree char *path = path_text (t, k);

      para_printf (out,
                   /* TRANSLATORS: a student's search stopped early:
                      the number of visits that agree, the reference's
                      next position and its way there. */
                   g_dngettext (GETTEXT_PACKAGE,
                                "After %u visit that agrees, yours stop; "
                                "the reference goes on to %s (reached by "
                                "%s).",
                                "After %u visits that agree, yours stop; "
                                "the reference goes on to %s (reached by "
                                "%s).",
                                k),
                   k, (const char *) r->pdata[k], path);
    }
  else
    para_printf (out,
                 /* TRANSLATORS: a student's search goes on after the
                    reference's last visit: their number and the
                    student's next position. */
                 g_dngettext (GETTEXT_PACKAGE,
                              "After the reference's %u visit, yours go on, "
                              "to %s.",
                              "After the reference's %u visits, yours go on, "
                              "to %s.",
                              k),
                 k, (const char *) s->pdata[k]);
}

/* The moves of @moves, "h1-1, h3-2". */
static char *
moves_text (const GArray *moves)
{
  GString *s = g_string_new (NULL);
  guint i;

  for (i = 0; i < moves->len; i++)
    {
      if (i > 0)
        g_string_append (s, C_ ("list", ", "));
      nim_notation_append_move (s, &g_array_index (moves, NimMove, i));
    }
  return g_string_free (s, FALSE);
}

/* Why the visits are wrong, by what matched them. */
static void
explain_match (GString *out, NimGradeAssignment assignment,
               const NimGradeTest *t)
{
  const guint yours = t->visits->len, theirs = t->reference->len;

  switch (t->match)
    {
    case NIM_GRADE_MATCH_NONE:
      para_printf (
          out,
          /* TRANSLATORS: the numbers of positions the student's search
             and the reference visited. */
          g_dngettext (GETTEXT_PACKAGE,
                       "Your search visits %u position; the reference %u.",
                       "Your search visits %u positions; the reference %u.",
                       yours),
          yours, theirs);
      break;
    case NIM_GRADE_MATCH_DEPTH_LESS:
    case NIM_GRADE_MATCH_DEPTH_MORE:
      para_printf (out,
                   /* TRANSLATORS: %1$u is the depth the student's search
                      went to, %2$u the depth go asked for. */
                   _ ("Your search visits exactly the positions of a "
                      "search to depth %1$u, where go asked for depth %2$u. "
                      "The root is searched with the depth of go; each "
                      "child with one less; a position searched with depth "
                      "0 is not expanded (its value is 0, unless the game "
                      "is over there)."),
                   t->match == NIM_GRADE_MATCH_DEPTH_LESS ? t->depth - 1
                                                          : t->depth + 1,
                   t->depth);
      break;
    case NIM_GRADE_MATCH_MINIMAX:
      para_printf (out,
                   _ ("Your search visits every position minimax visits "
                      "(%u), in minimax's order: it prunes nothing. "
                      "Alpha-beta visits %u: stop trying a position's moves "
                      "as soon as a child's value reaches beta (value >= "
                      "beta), and pass the window (-beta, -alpha) to each "
                      "child."),
                   t->match_visits, theirs);
      break;
    case NIM_GRADE_MATCH_MINIMAX_OTHER_ORDER:
      para_printf (out,
                   _ ("Your search visits every position minimax visits "
                      "(%u), in another order: it prunes nothing. "
                      "Alpha-beta visits %u: stop trying a position's moves "
                      "as soon as a child's value reaches beta."),
                   t->match_visits, theirs);
      break;
    case NIM_GRADE_MATCH_SAME_SET:
      para_printf (out,
                   _ ("Your search visits the reference's %u positions, but "
                      "in another order. Try the moves in the canonical "
                      "order: heap 1 first, and within a heap take 1 first, "
                      "then 2, and so on."),
                   theirs);
      break;
    case NIM_GRADE_MATCH_REVERSED:
      para (out, _ ("Your search visits exactly the positions of alpha-beta "
                    "with every position's moves backwards: the last heap "
                    "first, the largest count first. Try the moves in the "
                    "canonical order: heap 1 first, and within a heap take "
                    "1 first, then 2, and so on."));
      break;
    case NIM_GRADE_MATCH_COUNTS_REVERSED:
      para (out, _ ("Your search visits exactly the positions of alpha-beta "
                    "that takes the largest count first: within a heap, take "
                    "1 first, then 2, and so on."));
      break;
    case NIM_GRADE_MATCH_HEAPS_REVERSED:
      para (out, _ ("Your search visits exactly the positions of alpha-beta "
                    "that tries the last heap first: try heap 1 first."));
      break;
    case NIM_GRADE_MATCH_ROOT_ONLY:
      para (out, _ ("Your search visits exactly the positions of alpha-beta "
                    "that tries the root's moves in the canonical order, but "
                    "below the root takes the largest count first: use the "
                    "canonical order at every position."));
      break;
    case NIM_GRADE_MATCH_SUBSET:
      if (assignment == NIM_GRADE_MINIMAX)
        para_printf (out,
                     _ ("Your search visits only %u of the reference's %u "
                        "positions, and no other: minimax prunes nothing, "
                        "every move of every position is searched."),
                     yours, theirs);
      else
        para_printf (out,
                     _ ("Your search visits only %u of the reference's %u "
                        "positions, and no other: it stops too soon. Cut off "
                        "only when a child's value reaches beta (value >= "
                        "beta); start the root with the window (-infinity, "
                        "+infinity); pass (-beta, -alpha) to each child."),
                     yours, theirs);
      break;
    case NIM_GRADE_MATCH_FLOOD:
      para_printf (out,
                   _ ("Your search wrote more visit lines than nim reads "
                      "(%u), far more than the reference's %u, and was "
                      "stopped. Does it stop at depth 0, and where the game "
                      "is over?"),
                   yours, theirs);
      return;
    }
}

/* nim_grade_report_explain:
   @assignment: what was graded
   @test: a graded test

   What a student reads of a test: its label on the first line, then why,
   in wrapped paragraphs.

   Returns: (transfer full): the text, each line ending in a newline */
static char *
nim_grade_report_explain (NimGradeAssignment assignment,
                          const NimGradeTest *test)
{
  const NimGradeTest *t = test;
  GString *out = g_string_new (nim_grade_diagnosis_name (t->diagnosis));
  g_autofree char *best = nim_notation_move (&t->best_move);

  g_string_append_c (out, '\n');
  switch (t->diagnosis)
    {
    case NIM_GRADE_CORRECT:
      para_printf (out,
                   g_dngettext (GETTEXT_PACKAGE,
                                "The move, the value and the %u visit are "
                                "right.",
                                "The move, the value and all %u visits are "
                                "right.",
                                t->reference->len),
                   t->reference->len);
      break;
    case NIM_GRADE_ILLEGAL_MOVE:
      para (out, t->failure);
      break;
    case NIM_GRADE_TIMEOUT:
      para (out, t->failure);
      para_printf (out,
                   /* TRANSLATORS: --grade-timeout is an option, typed as
                      is. */
                   _ ("Each search has %g s (--grade-timeout). Does yours "
                      "end: at depth 0, where the game is over? Does the "
                      "engine answer go at once, and flush its output?"),
                   t->timeout);
      break;
    case NIM_GRADE_CRASH:
      para (out, t->failure);
      para (out, _ ("nim --engine-log DIR writes what your engine wrote on "
                    "its standard error (a traceback, say) to a file in "
                    "DIR."));
      break;
    case NIM_GRADE_PROTOCOL:
      if (t->bad_visit != NULL)
        para_printf (out,
                     /* TRANSLATORS: "info string visit" is protocol; %s
                        is the line as the engine wrote it. */
                     _ ("A visit line nim cannot read: \"%s\". Write info "
                        "string visit, a blank, then the heaps separated by "
                        "commas, such as: info string visit 1,0,2"),
                     t->bad_visit);
      else
        para (out, t->failure);
      break;
    case NIM_GRADE_NO_VISITS:
      para (out, _ ("No info string visit line came before bestmove. Write "
                    "one on standard output each time your search function "
                    "is entered on a position: the root, the positions "
                    "where the game is over and those at the depth limit "
                    "too."));
      break;
    case NIM_GRADE_WRONG_MOVE:
      {
        g_autofree char *yours = nim_notation_move (&t->move);
        g_autofree char *good = moves_text (t->good_moves);

        para_printf (out,
                     /* TRANSLATORS: %1$s is the student's move, %2$s the
                        best moves, "h1-1, h3-2". */
                     _ ("Your search visits the right positions, but plays "
                        "%1$s, which is not one of the best moves (%2$s). "
                        "Keep the first move whose value is the largest, "
                        "and play it."),
                     yours, good);
        if (t->best_value > 0)
          para (out, _ ("The position is won for the player to move, and "
                        "your move gives the win away."));
      }
      break;
    case NIM_GRADE_WRONG_VALUE:
      if (t->bad_score != NULL)
        para_printf (out,
                     _ ("Your search visits the right positions and plays a "
                        "best move, but nim cannot read its score: \"%s\". "
                        "Write info score cp V, V the root's value: 1, 0 or "
                        "-1."),
                     t->bad_score);
      else if (!t->has_value)
        para (out, _ ("Your search visits the right positions and plays a "
                      "best move, but reports no score: write info score cp "
                      "V before bestmove, V the root's value: 1, 0 or -1."));
      else
        para_printf (out,
                     _ ("Your search visits the right positions and plays a "
                        "best move, but reports the score %d; the root's "
                        "value is %d."),
                     t->value, t->best_value);
      break;
    case NIM_GRADE_NO_PRUNING:
    case NIM_GRADE_TOO_MUCH_PRUNING:
    case NIM_GRADE_DEPTH_OFF_BY_ONE:
    case NIM_GRADE_WRONG_ORDER:
    case NIM_GRADE_WRONG_VISITS:
      explain_match (out, assignment, t);
      explain_departure (out, t);
      break;
    case NIM_GRADE_N_DIAGNOSES:
      g_assert_not_reached ();
    }
  /* What the reference does, where the engine searched and it matters:
     its move and value, and for visits the command that shows its
     search node by node. */
  if (t->diagnosis == NIM_GRADE_WRONG_MOVE
      || t->diagnosis == NIM_GRADE_WRONG_VALUE)
    para_printf (out,
                 /* TRANSLATORS: %1$s is the reference's move, %2$d the
                    root's value. */
                 _ ("The reference plays %1$s, worth %2$d."), best,
                 t->best_value);
  else if (t->diagnosis == NIM_GRADE_NO_PRUNING
           || t->diagnosis == NIM_GRADE_TOO_MUCH_PRUNING
           || t->diagnosis == NIM_GRADE_DEPTH_OFF_BY_ONE
           || t->diagnosis == NIM_GRADE_WRONG_ORDER
           || t->diagnosis == NIM_GRADE_WRONG_VISITS)
    {
      g_autofree char *heaps = nim_board_to_string (&t->board);

      para_printf (out,
                   /* TRANSLATORS: %1$s is the reference's move, %2$d the
                      root's value; a command line follows. */
                   _ ("The reference plays %1$s, worth %2$d. Its search, "
                      "node by node (the first search traced):"),
                   best, t->best_value);
      g_string_append_printf (out,
                              /* --moves any: the assignments' game, in a
                                 build whose default rules are another. */
                              "  nim --moves any --heaps %s --player1 '%s' "
                              "--player2 xor --trace=99 "
                              "--trace-limit=100000\n",
                              heaps, t->reference_spec);
    }
  return g_string_free (out, FALSE);
}

/**
 * nim_grade_report_print_header:
 * @engine: the engine's name
 * @command: (nullable): its command
 * @assignment: what is graded
 * @seed: the positions' seed
 * @out: where to print
 */
void
nim_grade_report_print_header (const char *engine, const char *command,
                               NimGradeAssignment assignment, guint32 seed,
                               FILE *out)
{
  fprintf (out,
           assignment == NIM_GRADE_MINIMAX
               /* TRANSLATORS: %1$s is an engine's name, %2$s its command
                  line, %3$u the seed. */
               ? _ ("Grading %1$s (%2$s) on the minimax assignment, seed "
                    "%3$u: %4$u tests.\n\n")
               : _ ("Grading %1$s (%2$s) on the alpha-beta assignment, seed "
                    "%3$u: %4$u tests.\n\n"),
           engine, command != NULL ? command : engine, seed,
           (guint) NIM_GRADE_TESTS);
}

/**
 * nim_grade_report_print_test:
 * @assignment: what is graded
 * @test: a test just graded
 * @said: (nullable): the explanations printed so far, each with the
 *   number of its test; this test's is added
 * @out: where to print
 *
 * The test's name and label, then why, indented; an explanation already
 * printed for an earlier test (the starter code's no-visits, ten times)
 * is named by that test's number instead of printed again.
 */
void
nim_grade_report_print_test (NimGradeAssignment assignment,
                             const NimGradeTest *test, GHashTable *said,
                             FILE *out)
{
  g_autofree char *name = nim_grade_report_test_name (test);
  g_autofree char *text = nim_grade_report_explain (assignment, test);
  g_auto (GStrv) lines = g_strsplit (text, "\n", -1);
  const char *why = strchr (text, '\n');
  guint i;

  fprintf (out, "%s: %s\n", name, lines[0]);
  /* Only the label for a correct test. */
  if (test->diagnosis == NIM_GRADE_CORRECT)
    {
      fflush (out);
      return;
    }
  if (said != NULL && why != NULL && g_hash_table_contains (said, why))
    {
      fprintf (out, "   ");
      /* TRANSLATORS: in --grade's report, instead of an explanation
         printed already for the earlier test numbered %u. */
      fprintf (out, _ ("As test %u."),
               GPOINTER_TO_UINT (g_hash_table_lookup (said, why)));
      fprintf (out, "\n");
      fflush (out);
      return;
    }
  if (said != NULL && why != NULL)
    g_hash_table_insert (said, g_strdup (why),
                         GUINT_TO_POINTER (test->number));
  for (i = 1; lines[i] != NULL; i++)
    if (lines[i][0] != '\0')
      fprintf (out, "   %s\n", lines[i]);
  fflush (out);
}

static void
summary_text (gconstpointer result, FILE *out)
{
  const NimGradeReport *r = result;
  guint counts[NIM_GRADE_N_DIAGNOSES] = { 0 };
  guint i, correct = 0;

  for (i = 0; i < r->tests->len; i++)
    {
      const NimGradeTest *t = r->tests->pdata[i];

      counts[t->diagnosis]++;
      correct += t->diagnosis == NIM_GRADE_CORRECT;
    }
  fprintf (out,
           /* TRANSLATORS: the score of --grade, "8 of 10", and the
              seconds the grading took. */
           _ ("\nScore: %g of %g (%.1f s).\n"), r->score, r->max_score,
           r->seconds);
  if (correct == r->tests->len)
    {
      fputs (_ ("Every test is correct.\n"), out);
      return;
    }
  for (i = 0; i < NIM_GRADE_N_DIAGNOSES; i++)
    if (counts[i] > 0 && i != NIM_GRADE_CORRECT)
      fprintf (out,
               /* TRANSLATORS: how many tests got a label, "3 wrong-order";
                  the label stays English. */
               g_dngettext (GETTEXT_PACKAGE, "  %u test: %s\n",
                            "  %u tests: %s\n", counts[i]),
               counts[i], nim_grade_diagnosis_name (i));
}

static void
add_move (JsonBuilder *b, const char *name, gboolean has, const NimMove *move)
{
  json_builder_set_member_name (b, name);
  if (has)
    {
      g_autofree char *text = nim_notation_move (move);

      json_builder_add_string_value (b, text);
    }
  else
    json_builder_add_null_value (b);
}

/* nim_grade_report_to_json:
   @report: a grading

   Returns: (transfer full): the summary object of --grade --json: score,
     max_score, tests (each with name, diagnosis, score, max_score, output
     and what the engine and the reference did) */
static JsonNode *
nim_grade_report_to_json (const NimGradeReport *report)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  guint i;

  json_builder_begin_object (b);
  json_builder_set_member_name (b, "engine");
  json_builder_add_string_value (b, report->engine);
  json_builder_set_member_name (b, "assignment");
  json_builder_add_string_value (
      b, nim_grade_assignment_name (report->assignment));
  json_builder_set_member_name (b, "seed");
  json_builder_add_int_value (b, report->seed);
  json_builder_set_member_name (b, "score");
  json_builder_add_double_value (b, report->score);
  json_builder_set_member_name (b, "max_score");
  json_builder_add_double_value (b, report->max_score);
  json_builder_set_member_name (b, "seconds");
  json_builder_add_double_value (b, report->seconds);
  json_builder_set_member_name (b, "tests");
  json_builder_begin_array (b);
  for (i = 0; i < report->tests->len; i++)
    {
      const NimGradeTest *t = report->tests->pdata[i];
      g_autofree char *name = nim_grade_report_test_name (t);
      g_autofree char *heaps = nim_board_to_string (&t->board);
      g_autofree char *output
          = nim_grade_report_explain (report->assignment, t);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, name);
      json_builder_set_member_name (b, "position");
      json_builder_add_string_value (b, heaps);
      json_builder_set_member_name (b, "depth");
      if (t->depth > 0)
        json_builder_add_int_value (b, t->depth);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "diagnosis");
      json_builder_add_string_value (b,
                                     nim_grade_diagnosis_name (t->diagnosis));
      json_builder_set_member_name (b, "score");
      json_builder_add_double_value (b, t->score);
      json_builder_set_member_name (b, "max_score");
      json_builder_add_double_value (b, t->max_score);
      json_builder_set_member_name (b, "output");
      json_builder_add_string_value (b, output);
      add_move (b, "move", t->moved, &t->move);
      json_builder_set_member_name (b, "value");
      if (t->has_value)
        json_builder_add_int_value (b, t->value);
      else
        json_builder_add_null_value (b);
      json_builder_set_member_name (b, "visits");
      json_builder_add_int_value (b, t->visits != NULL ? t->visits->len : 0);
      json_builder_set_member_name (b, "reference");
      json_builder_begin_object (b);
      json_builder_set_member_name (b, "spec");
      json_builder_add_string_value (b, t->reference_spec);
      add_move (b, "move", TRUE, &t->best_move);
      json_builder_set_member_name (b, "value");
      json_builder_add_int_value (b, t->best_value);
      json_builder_set_member_name (b, "visits");
      json_builder_add_int_value (b, t->reference->len);
      json_builder_end_object (b);
      json_builder_set_member_name (b, "departure");
      if (t->departure >= 0 && t->visits != NULL && t->visits->len > 0)
        {
          guint k = (guint) t->departure;

          json_builder_begin_object (b);
          json_builder_set_member_name (b, "visit");
          json_builder_add_int_value (b, k + 1);
          json_builder_set_member_name (b, "yours");
          if (k < t->visits->len)
            json_builder_add_string_value (b, t->visits->pdata[k]);
          else
            json_builder_add_null_value (b);
          json_builder_set_member_name (b, "reference");
          if (k < t->reference->len)
            json_builder_add_string_value (b, t->reference->pdata[k]);
          else
            json_builder_add_null_value (b);
          json_builder_end_object (b);
        }
      else
        json_builder_add_null_value (b);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

/**
 * nim_grade_report_to_gradescope:
 * @report: a grading
 * @visibility: each test's "visibility": "visible", "hidden",
 *   "after_due_date" or "after_published"
 *
 * Returns: (transfer full): Gradescope's results.json: score,
 *   execution_time, output, and a test each with name, number, score,
 *   max_score, status, output (its label first), tags and visibility
 */
JsonNode *
nim_grade_report_to_gradescope (const NimGradeReport *report,
                                const char *visibility)
{
  g_autoptr (JsonBuilder) b = json_builder_new ();
  g_autofree char *summary = NULL;
  guint i, correct = 0;

  for (i = 0; i < report->tests->len; i++)
    correct += ((const NimGradeTest *) report->tests->pdata[i])->diagnosis
               == NIM_GRADE_CORRECT;
  summary = g_strdup_printf (
      report->assignment == NIM_GRADE_MINIMAX
          /* TRANSLATORS: the output of Gradescope's results.json as a
             whole: the tests correct, the tests, the seed. */
          ? _ ("nim --grade, the minimax assignment: %u of %u tests "
               "correct (seed %u).")
          : _ ("nim --grade, the alpha-beta assignment: %u of %u tests "
               "correct (seed %u)."),
      correct, report->tests->len, report->seed);
  json_builder_begin_object (b);
  json_builder_set_member_name (b, "score");
  json_builder_add_double_value (b, report->score);
  json_builder_set_member_name (b, "execution_time");
  json_builder_add_int_value (b, (gint64) (report->seconds + 0.5));
  json_builder_set_member_name (b, "output");
  json_builder_add_string_value (b, summary);
  json_builder_set_member_name (b, "output_format");
  json_builder_add_string_value (b, "text");
  json_builder_set_member_name (b, "test_output_format");
  json_builder_add_string_value (b, "text");
  json_builder_set_member_name (b, "tests");
  json_builder_begin_array (b);
  for (i = 0; i < report->tests->len; i++)
    {
      const NimGradeTest *t = report->tests->pdata[i];
      g_autofree char *name = nim_grade_report_test_name (t);
      g_autofree char *number = g_strdup_printf ("%u", t->number);
      g_autofree char *output
          = nim_grade_report_explain (report->assignment, t);
      const char *label = nim_grade_diagnosis_name (t->diagnosis);

      json_builder_begin_object (b);
      json_builder_set_member_name (b, "name");
      json_builder_add_string_value (b, name);
      json_builder_set_member_name (b, "number");
      json_builder_add_string_value (b, number);
      json_builder_set_member_name (b, "score");
      json_builder_add_double_value (b, t->score);
      json_builder_set_member_name (b, "max_score");
      json_builder_add_double_value (b, t->max_score);
      json_builder_set_member_name (b, "status");
      json_builder_add_string_value (
          b, t->diagnosis == NIM_GRADE_CORRECT ? "passed" : "failed");
      json_builder_set_member_name (b, "output");
      json_builder_add_string_value (b, output);
      json_builder_set_member_name (b, "tags");
      json_builder_begin_array (b);
      json_builder_add_string_value (b, label);
      json_builder_end_array (b);
      json_builder_set_member_name (b, "visibility");
      json_builder_add_string_value (b, visibility);
      json_builder_end_object (b);
    }
  json_builder_end_array (b);
  json_builder_end_object (b);
  return json_builder_get_root (b);
}

static void
summary_json (gconstpointer result, FILE *out)
{
  nim_record_print (nim_grade_report_to_json (result), out);
}

/**
 * nim_grade_report_writer:
 *
 * The end of --grade, a #NimGradeReport: the score and the labels counted
 * under the tests, which were printed as they were graded
 * (nim_grade_report_print_test ()), or the whole report as JSON.
 */
const NimWriter nim_grade_report_writer = { summary_text, summary_json };
