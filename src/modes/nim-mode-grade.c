/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-mode-grade.c -- `nim --grade NAME --assignment minimax|alphabeta`: a
   student's engine held to the exact visits of nim's own search

   The engine is declared with --engine NAME=COMMAND; lib/play/nim-grade.c
   plays it through the positions of --seed and names each test's bug,
   src/nim-grade-report.c says it to the student as each test is graded,
   or as one JSON object with --json; --gradescope FILE writes Gradescope's
   results.json besides.  The exit status is 0 whatever the score: a
   grading that ran is a success. */

#include "config.h"

#include "nim-error.h"
#include "nim-exit.h"
#include "nim-grade-report.h"
#include "nim-grade.h"
#include "nim-i18n.h"
#include "nim-prompt.h"
#include "nim-mode.h"
#include "nim-parse.h"
#include "nim-player-engine.h"
#include "nim-record.h"
#include "nim-shared.h"

#include <glib/gstdio.h>
#include <string.h>

/* Gradescope's visibilities of a test, as its results.json takes them
   (not the metavar of --gradescope-visibility, which would widen every
   line of --help). */
static const char *const visibilities[]
    = { "visible", "hidden", "after_due_date", "after_published", NULL };

/**
 * GradeConfig:
 * @grade: --grade NAME, the engine
 * @assignment_text: --assignment, as given
 * @gradescope: --gradescope FILE
 * @timeout_text: --grade-timeout, as given
 * @visibility: --gradescope-visibility
 * @assignment: the assignment
 * @timeout: the seconds each search may take
 * @command: (nullable): the engine's command, for the report
 *
 * The options of --grade.
 */
typedef struct
{
  char *grade;
  char *assignment_text;
  char *gradescope;
  char *timeout_text;
  char *visibility;

  NimGradeAssignment assignment;
  double timeout;
  const char *command;
} GradeConfig;

#define FIELD(member) NIM_OPTION_FIELD (GradeConfig, member)

static const NimOption options[] = {
  { { "grade", 0, 0, G_OPTION_ARG_STRING, FIELD (grade),
      N_ ("Grade the search of the engine NAME (declared with --engine) "
          "against nim's own, test by test, naming each bug"),
      "NAME" },
    0,
    NULL,
    NULL },
  { { "assignment", 0, 0, G_OPTION_ARG_STRING, FIELD (assignment_text),
      N_ ("What --grade holds the engine to: minimax or alphabeta"),
      "minimax|alphabeta" },
    0,
    N_ ("--assignment (it needs --grade)"),
    NULL },
  { { "gradescope", 0, 0, G_OPTION_ARG_STRING, FIELD (gradescope),
      N_ ("Write the grading of --grade to FILE as Gradescope's "
          "results.json"),
      "FILE" },
    0,
    N_ ("--gradescope (it needs --grade)"),
    NULL },
  { { "gradescope-visibility", 0, 0, G_OPTION_ARG_STRING, FIELD (visibility),
      N_ ("When students see the tests of --gradescope: visible (default), "
          "hidden, after_due_date or after_published"),
      "WHEN" },
    0,
    N_ ("--gradescope-visibility (it needs --grade)"),
    NULL,
    visibilities },
  { { "grade-timeout", 0, 0, G_OPTION_ARG_STRING, FIELD (timeout_text),
      N_ ("Seconds each search of --grade may take (default 2)"), "SECONDS" },
    0,
    N_ ("--grade-timeout (it needs --grade)"),
    NULL },
  { { NULL } },
};

/* The command --engine NAME=COMMAND declared, or %NULL. */
static const char *
engine_command (const NimShared *shared, const char *name)
{
  gsize n = strlen (name);
  guint i;

  for (i = 0; shared->engines != NULL && shared->engines[i] != NULL; i++)
    if (strncmp (shared->engines[i], name, n) == 0
        && shared->engines[i][n] == '=')
      return shared->engines[i] + n + 1;
  return NULL;
}

static gboolean
grade_check (gpointer config, NimShared *shared, GError **error)
{
  GradeConfig *c = config;
  const NimPlayerClass *klass = nim_player_class_lookup (c->grade);

  if (c->grade[0] == '\0')
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--grade needs the name of an engine declared with "
                      "--engine NAME=COMMAND, such as --engine me='python3 "
                      "my.py' --grade me"));
      return FALSE;
    }
  if (klass != NULL && !nim_player_class_is_engine (klass))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: %s is the name given to --grade, twice. */
                   _ ("--grade %s: %s is one of nim's own players; --grade "
                      "grades an engine declared with --engine NAME=COMMAND, "
                      "such as --engine me='python3 my.py' --grade me"),
                   c->grade, c->grade);
      return FALSE;
    }
  if (klass == NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   /* TRANSLATORS: %s is the name given to --grade, four
                      times. */
                   _ ("--grade %s: no engine is named %s; declare it with "
                      "--engine %s=COMMAND, such as --engine %s='python3 "
                      "my.py'"),
                   c->grade, c->grade, c->grade, c->grade);
      return FALSE;
    }
  c->command = engine_command (shared, c->grade);
  if (c->assignment_text == NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--grade needs --assignment minimax or --assignment "
                      "alphabeta: the search the engine is held to"));
      return FALSE;
    }
  if (!nim_grade_assignment_parse (c->assignment_text, &c->assignment))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--assignment %s: expected minimax or alphabeta"),
                   c->assignment_text);
      return FALSE;
    }
  c->timeout = NIM_GRADE_DEFAULT_TIMEOUT;
  if (c->timeout_text != NULL
      && !nim_parse_double (c->timeout_text, 0.01, 3600, "--grade-timeout",
                            &c->timeout, error))
    return FALSE;
  if (c->visibility != NULL && c->gradescope == NULL)
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--gradescope-visibility goes with --gradescope FILE"));
      return FALSE;
    }
  if (c->visibility != NULL && !g_strv_contains (visibilities, c->visibility))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                   _ ("--gradescope-visibility %s: expected visible, hidden, "
                      "after_due_date or after_published"),
                   c->visibility);
      return FALSE;
    }
  if (c->gradescope != NULL)
    {
      g_autofree char *dir = g_path_get_dirname (c->gradescope);

      /* Checked now, not after the grading: the file is written whole at
         the end. */
      if (*c->gradescope == '\0'
          || g_file_test (c->gradescope, G_FILE_TEST_IS_DIR))
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--gradescope '%s': give the name of a file, "
                          "such as results.json"),
                       c->gradescope);
          return FALSE;
        }
      if (!g_file_test (dir, G_FILE_TEST_IS_DIR) || g_access (dir, W_OK) != 0)
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_USAGE,
                       _ ("--gradescope %s: the directory %s does not exist "
                          "or cannot be written"),
                       c->gradescope, dir);
          return FALSE;
        }
    }
  return TRUE;
}

static void
test_done (const NimGradeTest *test, gpointer data)
{
  const GradeConfig *c = ((gpointer *) data)[0];
  FILE *live = ((gpointer *) data)[1];
  GHashTable *said = ((gpointer *) data)[2];

  nim_grade_report_print_test (c->assignment, test, said, live);
}

/* Writes Gradescope's results.json, whole or not at all. */
static gboolean
write_gradescope (const GradeConfig *c, const NimGradeReport *report,
                  GError **error)
{
  g_autoptr (JsonNode) node = nim_grade_report_to_gradescope (
      report, c->visibility != NULL ? c->visibility : "visible");
  g_autofree char *text = nim_record_to_string (node, TRUE);
  g_autofree char *file = g_strconcat (text, "\n", NULL);
  g_autoptr (GError) local = NULL;

  if (!g_file_set_contents (c->gradescope, file, -1, &local))
    {
      g_set_error (error, NIM_ERROR, NIM_ERROR_FAILED, _ ("--gradescope: %s"),
                   local->message);
      return FALSE;
    }
  return TRUE;
}

/* nim --grade: each test as it is graded, then the score; 0 whatever it
   is, 130 on Ctrl-C. */
static int
grade_run (gpointer config, NimShared *shared)
{
  const GradeConfig *c = config;
  g_autoptr (GError) error = NULL;
  g_autoptr (NimGradeReport) report = NULL;
  FILE *live = nim_output_live (&shared->output);
  /* The explanations printed, each with its test's number. */
  g_autoptr (GHashTable) said
      = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  gpointer data[3] = { config, live, said };

  if (live != NULL)
    nim_grade_report_print_header (c->grade, c->command, c->assignment,
                                   shared->seed_value, live);
  nim_interrupt_catch ();
  report
      = nim_grade_run (c->assignment, c->grade, shared->seed_value, c->timeout,
                       live != NULL ? test_done : NULL, data, &error);
  nim_interrupt_release ();
  if (report == NULL)
    return nim_exit_fail (error, FALSE);
  nim_output_write (&shared->output, &nim_grade_report_writer, report);
  if (c->gradescope != NULL && !write_gradescope (c, report, &error))
    return nim_exit_fail (error, FALSE);
  return NIM_EXIT_OK;
}

/**
 * nim_mode_grade:
 *
 * nim --grade: a student's engine graded against nim's minimax or
 * alpha-beta.
 */
const NimMode nim_mode_grade = {
  .name = "--grade",
  .options = { NIM_HELP_UGI, FALSE, options },
  .shared = NIM_SHARED_SEED | NIM_SHARED_JSON | NIM_SHARED_ENGINES
            | NIM_SHARED_ENGINE_PLAY,
  .config_size = sizeof (GradeConfig),
  .check = grade_check,
  .run = grade_run,
};
