/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-test.c -- helpers the test programs share */

#include "config.h"

#include "nim-test.h"

#include "nim-movegen.h"
#include "nim-player.h"

#include <signal.h>
#include <stdio.h>
#include <gio/gio.h>
#include <glib/gstdio.h>
#include <sys/wait.h>
#include <unistd.h>
#include <stdlib.h>
#include <stdarg.h>

#include <string.h>

/* A warning or a critical (of the code under test, or of GLib's checks
   on what a failed assertion left behind): the test fails, the message
   is shown, and the program goes on, as after a failed assertion. */
static void
fail_on_warning (const char *log_domain, GLogLevelFlags log_level,
                 const char *message, gpointer data)
{
  if (log_level & (G_LOG_LEVEL_WARNING | G_LOG_LEVEL_CRITICAL))
    g_test_fail ();
  g_log_default_handler (log_domain, log_level, message, data);
}

/**
 * nim_test_init:
 * @argc: main ()'s
 * @argv: main ()'s
 *
 * g_test_init (), for a test program that runs all its tests whatever
 * fails: a failed assertion fails its test and the test goes on
 * (g_test_set_nonfatal_assertions ()), and so does a warning or a
 * critical, which GLib's test programs otherwise make fatal, so that one
 * failure never hides the results of the other tests.  A test that would
 * crash on what a failed assertion left it returns first.
 */
void
nim_test_init (int *argc, char ***argv)
{
  g_test_init (argc, argv, NULL);
  /* A nim that exits before it reads what a test writes to it (a usage
     error) must fail that test, not end the program with SIGPIPE. */
  signal (SIGPIPE, SIG_IGN);
  g_test_set_nonfatal_assertions ();
  g_log_set_always_fatal (G_LOG_FATAL_MASK);
  g_log_set_default_handler (fail_on_warning, NULL);
}

/**
 * nim_test_error_message:
 * @error: (nullable): an error a test expected
 *
 * Returns: @error's message, or "" where the error was not set (the
 *   assertion that expected it has failed the test, which goes on)
 */
const char *
nim_test_error_message (const GError *error)
{
  return error != NULL ? error->message : "";
}

/**
 * nim_test_fail:
 * @format: printf()-style, what went wrong
 *
 * Fails the running test with a message saying why, and lets it go on:
 * what g_error () would say, without ending the program and hiding the
 * other tests' results.  (g_test_fail_printf () is GLib 2.70's.)
 */
void
nim_test_fail (const char *format, ...)
{
  g_autofree char *message = NULL;
  va_list args;

  va_start (args, format);
  message = g_strdup_vprintf (format, args);
  va_end (args);
  g_test_message ("%s", message);
  g_test_fail ();
}

/**
 * nim_test_assert_contains:
 * @text: what the code under test produced
 * @part: what it must contain
 *
 * Fails the test, showing both strings, unless @part occurs in @text.
 */
void
nim_test_assert_contains (const char *text, const char *part)
{
  g_assert_nonnull (text);
  if (text == NULL)
    return;
  if (strstr (text, part) == NULL)
    g_test_message ("this text:\n%s\ndoes not contain:\n%s", text, part);
  g_assert_nonnull (strstr (text, part));
}

/**
 * nim_test_assert_not_contains:
 * @text: what the code under test produced
 * @part: what it must not contain
 *
 * Fails the test, showing both strings, if @part occurs in @text.
 */
void
nim_test_assert_not_contains (const char *text, const char *part)
{
  g_assert_nonnull (text);
  if (text == NULL)
    return;
  if (strstr (text, part) != NULL)
    g_test_message ("this text:\n%s\ncontains, but should not:\n%s", text,
                    part);
  g_assert_null (strstr (text, part));
}

/**
 * nim_test_rules:
 * @rules: (out): the rules to fill
 * @take: "max=K" as --max-take K, what --moves takes ("any", a
 *   subtraction set such as "2,7,15,16"), or rules in any family's
 *   notation: "1-3", a code "0.77"
 * @misere: whoever takes the last match loses
 *
 * Rules from the spellings the command line uses.
 */
void
nim_test_rules (NimRules *rules, const char *take, gboolean misere)
{
  g_autoptr (GError) error = NULL;

  nim_rules_init (rules);
  if (g_str_has_prefix (take, "max="))
    g_assert_true (
        nim_rules_parse_max_take (rules, take + 4, "--max-take", &error));
  else if (!nim_rules_parse_moves (rules, take, "--moves", NULL))
    g_assert_true (nim_rules_parse (rules, take, "rules", &error));
  g_assert_no_error (error);
  rules->misere = misere;
}

/**
 * nim_test_rules_name:
 * @family: a row of the rule table
 * @example: rules of @family in its notation, one of its examples
 *
 * Returns: (transfer full): a name for test paths: the family's name
 *   where the example is it ("any"), else both, with "-" for "," and "."
 *   ("set-1-3-4", "code-0-77")
 */
char *
nim_test_rules_name (const NimRuleFamily *family, const char *example)
{
  char *name = g_str_equal (family->name, example)
                   ? g_strdup (example)
                   : g_strdup_printf ("%s-%s", family->name, example);

  return g_strdelimit (name, ",.", '-');
}

/**
 * nim_test_perfect_specs:
 *
 * Returns: (transfer full) (element-type utf8): the spec of every player
 *   of the registry that claims perfect play: a closed form as it is, a
 *   searcher without a time limit (so that it always finishes) in each
 *   configuration of its showcase, or as it is where it has none
 */
GPtrArray *
nim_test_perfect_specs (void)
{
  const NimPlayerClass *const *classes = nim_player_classes ();
  GPtrArray *specs = g_ptr_array_new_with_free_func (g_free);
  guint i, j;

  for (i = 0; classes[i] != NULL; i++)
    {
      const NimPlayerClass *k = classes[i];

      if (!k->perfect)
        continue;
      switch (k->kind)
        {
        case NIM_PLAYER_CLOSED_FORM:
          g_ptr_array_add (specs, g_strdup (k->name));
          break;
        case NIM_PLAYER_SEARCHER:
          if (k->showcase == NULL)
            g_ptr_array_add (specs, g_strdup_printf ("%s:time=0", k->name));
          for (j = 0; k->showcase != NULL && k->showcase[j].options != NULL;
               j++)
            g_ptr_array_add (specs,
                             *k->showcase[j].options == '\0'
                                 ? g_strdup_printf ("%s:time=0", k->name)
                                 : g_strdup_printf ("%s:time=0,%s", k->name,
                                                    k->showcase[j].options));
          break;
        case NIM_PLAYER_PERSON:
        case NIM_PLAYER_OTHER:
        case NIM_PLAYER_ENGINE:
          break;
        }
    }
  return specs;
}

/**
 * nim_test_board:
 * @board: (out): the board to fill
 * @heaps: heap sizes such as "3,4,5", which must parse
 */
void
nim_test_board (NimBoard *board, const char *heaps)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (nim_board_parse (board, heaps, "--heaps", &error));
  g_assert_no_error (error);
}

/* ------------------------------------------------------------------------ */
/* Running the nim binary ($NIM_BINARY, set by make check) */

/* A run that takes longer than this is taken for hung and killed;
   NIM_TEST_TIMEOUT=SECONDS gives a slow nim (under valgrind) longer. */
#define RUN_TIMEOUT_SECONDS 60

static guint
run_timeout (void)
{
  const char *s = g_getenv ("NIM_TEST_TIMEOUT");
  guint64 seconds = RUN_TIMEOUT_SECONDS;

  if (s != NULL && *s != '\0')
    g_assert_true (
        g_ascii_string_to_unsigned (s, 10, 1, 86400, &seconds, NULL));
  return (guint) seconds;
}

typedef struct
{
  GSubprocess *process;
  GAsyncResult *result;
  gboolean timed_out;
} Run;

static void
communicated_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  Run *run = data;

  run->result = g_object_ref (result);
}

static gboolean
timeout_cb (gpointer data)
{
  Run *run = data;

  run->timed_out = TRUE;
  g_subprocess_force_exit (run->process);
  return G_SOURCE_REMOVE;
}

/* Skips the test unless make check told us where the built nim is. */
gboolean
nim_test_have_nim (void)
{
  const char *path = g_getenv ("NIM_BINARY");

  if (path == NULL || *path == '\0')
    {
      g_test_skip ("NIM_BINARY is not set; run the test through make check");
      return FALSE;
    }
  return TRUE;
}

/* Whether @args name the take rule (--moves, --max-take, --rules, or the
   short forms -m and -k, with the value attached or not), or --ugi. */
static gboolean
names_take_rule (const char *const *args)
{
  /* --rules names them as an octal code; --ugi and --check-engine take
     them from the protocol (setoption name rules); --summarize from the
     results files; --check-certificate from the certificate; --grade
     plays take any, whatever the default; --tree and --random-tree
     give a whole game tree of their own. */
  static const char *const options[] = { "--moves",
                                         "--max-take",
                                         "--rules",
                                         "--ugi",
                                         "--check-engine",
                                         "--summarize",
                                         "--check-certificate",
                                         "--grade",
                                         "--tree",
                                         "--random-tree",
                                         NULL };
  guint i, j;

  for (i = 0; args[i] != NULL; i++)
    {
      if (g_str_has_prefix (args[i], "-m") || g_str_has_prefix (args[i], "-k"))
        return TRUE;
      for (j = 0; options[j] != NULL; j++)
        if (g_str_has_prefix (args[i], options[j])
            && (args[i][strlen (options[j])] == '\0'
                || args[i][strlen (options[j])] == '='))
          return TRUE;
    }
  return FALSE;
}

/**
 * nim_test_add_nim_argv:
 * @argv: the argument vector being built, empty
 * @args: nim's arguments, %NULL-terminated
 *
 * Adds $NIM_BINARY and @args to @argv (without its terminating %NULL).
 * The tests are written for the classic rule, take any number, nim's
 * default; a nim built with `make MOVES=...` has another default, so
 * there, when @args name no take rule, they are given `--moves any`
 * first: every test says the rules it assumes, and the same suite
 * passes on both builds.
 */
void
nim_test_add_nim_argv (GPtrArray *argv, const char *const *args)
{
  NimRules defaults;
  guint i;

  g_ptr_array_add (argv, (gpointer) g_getenv ("NIM_BINARY"));
  nim_rules_init_default (&defaults);
  if (!nim_rules_is_take_any (&defaults) && !names_take_rule (args))
    {
      g_ptr_array_add (argv, (gpointer) "--moves");
      g_ptr_array_add (argv, (gpointer) "any");
    }
  for (i = 0; args[i] != NULL; i++)
    g_ptr_array_add (argv, (gpointer) args[i]);
}

/**
 * nim_test_nim_command:
 *
 * nim_test_add_nim_argv () for a shell command line: $NIM_BINARY,
 * quoted, and `--moves any` in a nim built with another default rule,
 * for a command whose arguments name no take rule.
 *
 * Returns: (transfer full): the start of the command line
 */
char *
nim_test_nim_command (void)
{
  const char *const none[] = { NULL };
  g_autoptr (GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) plain = g_ptr_array_new ();
  guint i;

  nim_test_add_nim_argv (plain, none);
  for (i = 0; i < plain->len; i++)
    g_ptr_array_add (argv, g_shell_quote (g_ptr_array_index (plain, i)));
  g_ptr_array_add (argv, NULL);
  return g_strjoinv (" ", (char **) argv->pdata);
}

/* Runs nim with @args (NULL-terminated, without the program name) under
   LC_ALL=C, with @input on its standard input (NULL closes it at once).
   Stores what it printed in @out and @err; standard output goes to the
   file @stdout_path instead when that is not NULL, and @out is "".
   Returns the exit status, or -1 if nim was killed: a crash, or a hang
   cut off after run_timeout () seconds, which also fails the test. */
int
nim_test_run_nim_to (const char *stdout_path, const char *input, char **out,
                     char **err, const char *const *args)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_autofree char *command = NULL;
  Run run = { NULL, NULL, FALSE };
  g_autofree char *input_path = NULL;
  guint timeout_id;
  int input_fd;

  nim_test_add_nim_argv (argv, args);
  g_ptr_array_add (argv, NULL);
  command = g_strjoinv ("' '", (char **) argv->pdata + 1);
  g_test_message ("$ nim '%s'", command);

  /* The input goes in a file rather than a pipe: a nim that refuses its
     options exits before reading, and writing to its closed pipe would
     kill this test with SIGPIPE.  It reads the same lines, then end of
     input, as it would from a pipe. */
  input_fd = g_file_open_tmp ("nim-test-input-XXXXXX", &input_path, &error);
  g_assert_no_error (error);
  close (input_fd);
  g_assert_true (
      g_file_set_contents (input_path, input ? input : "", -1, &error));
  launcher = g_subprocess_launcher_new (
      G_SUBPROCESS_FLAGS_STDERR_PIPE
      | (stdout_path == NULL ? G_SUBPROCESS_FLAGS_STDOUT_PIPE : 0));
  g_subprocess_launcher_set_stdin_file_path (launcher, input_path);
  if (stdout_path != NULL)
    g_subprocess_launcher_set_stdout_file_path (launcher, stdout_path);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C", TRUE);
  process = g_subprocess_launcher_spawnv (
      launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  if (process == NULL)
    {
      /* Waiting for it below would never end. */
      *out = g_strdup ("");
      *err = g_strdup ("");
      g_unlink (input_path);
      return -1;
    }

  /* communicate () would wait forever for a nim that hangs. */
  run.process = process;
  g_subprocess_communicate_utf8_async (process, NULL, NULL, communicated_cb,
                                       &run);
  timeout_id = g_timeout_add_seconds (run_timeout (), timeout_cb, &run);
  while (run.result == NULL)
    g_main_context_iteration (NULL, TRUE);
  if (!run.timed_out)
    g_source_remove (timeout_id);
  g_subprocess_communicate_utf8_finish (process, run.result, out, err, &error);
  g_object_unref (run.result);
  g_assert_no_error (error);
  g_unlink (input_path);
  if (*out == NULL)
    *out = g_strdup ("");
  if (*err == NULL)
    *err = g_strdup ("");

  if (run.timed_out)
    g_test_message ("nim was still running after %d s and was killed; "
                    "stdout:\n%s\nstderr:\n%s",
                    run_timeout (), *out, *err);
  g_assert_false (run.timed_out);
  if (!g_subprocess_get_if_exited (process))
    {
      g_test_message ("nim was killed by signal %d; stdout:\n%s\nstderr:\n%s",
                      g_subprocess_get_term_sig (process), *out, *err);
      return -1;
    }
  return g_subprocess_get_exit_status (process);
}

/**
 * nim_test_run_nim_redirected:
 * @redirect: shell redirections for nim, such as "<&-" (standard input
 *   closed) or ">&-"
 * @input: (nullable): what nim reads on its standard input
 * @out: (out): what nim printed on standard output, "" when @redirect
 *   sends it elsewhere
 * @err: (out): what nim printed on standard error
 * @args: nim's arguments, %NULL-terminated
 *
 * Runs nim as nim_test_run_nimv () does, under LC_ALL=C, with @redirect
 * applied last (a shell's redirections, which GSubprocess has no way to
 * ask for: a descriptor nim starts without).  A nim still running after
 * run_timeout () seconds is killed, and the test fails.
 *
 * Returns: the exit status
 */
int
nim_test_run_nim_redirected (const char *redirect, const char *input,
                             char **out, char **err, const char *const *args)
{
  g_autoptr (GPtrArray) argv = g_ptr_array_new_with_free_func (g_free);
  g_autoptr (GPtrArray) nim = g_ptr_array_new ();
  g_autoptr (GError) error = NULL;
  g_auto (GStrv) env
      = g_environ_setenv (g_get_environ (), "LC_ALL", "C", TRUE);
  g_autofree char *input_path = NULL;
  g_autofree char *timeout = g_strdup_printf ("%u", run_timeout ());
  g_autofree char *command = NULL;
  int input_fd, status;
  guint i;

  input_fd = g_file_open_tmp ("nim-test-input-XXXXXX", &input_path, &error);
  g_assert_no_error (error);
  close (input_fd);
  g_assert_true (
      g_file_set_contents (input_path, input ? input : "", -1, &error));
  nim_test_add_nim_argv (nim, args);
  /* sh -c SCRIPT INPUT TIMEOUT NIM ARGS...: the script shifts its own
     two words off and runs the rest, under timeout(1). */
  g_ptr_array_add (argv, g_strdup ("/bin/sh"));
  g_ptr_array_add (argv, g_strdup ("-c"));
  g_ptr_array_add (argv,
                   g_strdup_printf ("input=$1 seconds=$2; shift 2; exec "
                                    "timeout -s KILL \"$seconds\" \"$@\" "
                                    "<\"$input\" %s",
                                    redirect));
  g_ptr_array_add (argv, g_strdup ("sh"));
  g_ptr_array_add (argv, g_strdup (input_path));
  g_ptr_array_add (argv, g_strdup (timeout));
  for (i = 0; i < nim->len; i++)
    g_ptr_array_add (argv, g_strdup (g_ptr_array_index (nim, i)));
  g_ptr_array_add (argv, NULL);
  command = g_strjoinv ("' '", (char **) args);
  g_test_message ("$ nim '%s' %s", command, redirect);
  g_assert_true (g_spawn_sync (NULL, (char **) argv->pdata, env,
                               G_SPAWN_DEFAULT, NULL, NULL, out, err, &status,
                               &error));
  g_assert_no_error (error);
  g_unlink (input_path);
  /* timeout(1) killed it: it hung. */
  g_assert_false (WIFEXITED (status) && WEXITSTATUS (status) == 128 + 9);
  g_assert_false (WIFSIGNALED (status));
  g_assert_true (WIFEXITED (status));
  return WEXITSTATUS (status);
}

/* Runs nim with @args, its standard output read into @out: see
   run_nim_to (). */
int
nim_test_run_nimv (const char *input, char **out, char **err,
                   const char *const *args)
{
  return nim_test_run_nim_to (NULL, input, out, err, args);
}

/* run_nimv () with the arguments listed, ending with NULL. */
int
nim_test_run_nim (const char *input, char **out, char **err,
                  const char *first_arg, ...)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  const char *arg;
  va_list ap;

  va_start (ap, first_arg);
  for (arg = first_arg; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  return nim_test_run_nimv (input, out, err,
                            (const char *const *) args->pdata);
}

/**
 * nim_test_assert_refused:
 * @args: nim's arguments, %NULL-terminated
 * @status: the exit status expected
 * @message: a part of the message expected on standard error
 *
 * Runs nim with nothing on its standard input and checks that it stops
 * with @status and @message, printing nothing on standard output.
 */
void
nim_test_assert_refused (const char *const *args, int status,
                         const char *message)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *said = NULL;

  g_assert_cmpint (nim_test_run_nimv ("", &out, &err, args), ==, status);
  /* A nim that started an engine under valgrind: valgrind's notes. */
  said = nim_test_strip_valgrind (err);
  nim_test_assert_contains (said, message);
  g_assert_true (g_str_has_prefix (said, "nim: "));
  g_assert_cmpstr (out, ==, "");
}

/**
 * nim_test_parse_json:
 * @text: what nim printed with --json
 *
 * Returns: (transfer full): the parsed value; the test fails if @text is
 *   not JSON
 */
JsonNode *
nim_test_parse_json (const char *text)
{
  g_autoptr (JsonParser) parser = json_parser_new ();
  g_autoptr (GError) error = NULL;

  json_parser_load_from_data (parser, text, -1, &error);
  g_assert_no_error (error);
  if (json_parser_get_root (parser) == NULL)
    {
      /* An empty object, for the test to go on reading no members. */
      JsonNode *empty = json_node_new (JSON_NODE_OBJECT);

      json_node_take_object (empty, json_object_new ());
      return empty;
    }
  return json_node_copy (json_parser_get_root (parser));
}

/* ------------------------------------------------------------------------ */
/* An exact solver, independent of libnim's search */

struct _NimTestSolver
{
  NimRules rules;
  GHashTable
      *memo; /* sorted heaps as a string -> 1 + whether the mover wins */
};

/**
 * nim_test_solver_new:
 * @rules: the rules to solve
 *
 * A plain memoised win/loss solver written for the tests: it shares only
 * the rule family's own generator with libnim (nim_movegen_next_generic(),
 * not the searchers' inline shapes), so a searcher or closed form is
 * checked against something that does not share its mistakes.
 *
 * Returns: (transfer full): the solver
 */
NimTestSolver *
nim_test_solver_new (const NimRules *rules)
{
  NimTestSolver *s = g_new0 (NimTestSolver, 1);

  s->rules = *rules;
  s->memo = g_hash_table_new_full (g_str_hash, g_str_equal, g_free, NULL);
  return s;
}

void
nim_test_solver_free (NimTestSolver *solver)
{
  if (solver == NULL)
    return;
  g_hash_table_unref (solver->memo);
  g_free (solver);
}

static int
compare_heaps (gconstpointer a, gconstpointer b)
{
  guint32 x = *(const guint32 *) a, y = *(const guint32 *) b;

  return x < y ? -1 : x > y;
}

/**
 * nim_test_solver_wins:
 * @solver: a solver
 * @board: a position, with the player to move
 *
 * Returns: %TRUE if the player to move wins @board: some move leaves a
 *   lost position; with no move at all, the mover wins only under misère
 *   play
 */
gboolean
nim_test_solver_wins (NimTestSolver *solver, const NimBoard *board)
{
  guint32 sorted[NIM_MAX_HEAPS];
  GString *key = g_string_new (NULL);
  gpointer cached;
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove move;
  gboolean wins = FALSE, any = FALSE;
  guint i;

  /* Heap order does not change a position's value. */
  memcpy (sorted, board->heaps, board->n_heaps * sizeof *sorted);
  qsort (sorted, board->n_heaps, sizeof *sorted, compare_heaps);
  for (i = 0; i < board->n_heaps; i++)
    if (sorted[i] > 0)
      g_string_append_printf (key, "%u,", sorted[i]);
  cached = g_hash_table_lookup (solver->memo, key->str);
  if (cached != NULL)
    {
      g_string_free (key, TRUE);
      return GPOINTER_TO_UINT (cached) - 1;
    }
  while (!wins
         && nim_movegen_next_generic (&gen, board, &solver->rules, &move))
    {
      NimBoard child = *board;

      any = TRUE;
      nim_board_make_move (&child, &move);
      wins = !nim_test_solver_wins (solver, &child);
    }
  if (!any)
    wins = solver->rules.misere;
  g_hash_table_insert (solver->memo, g_string_free (key, FALSE),
                       GUINT_TO_POINTER (wins + 1));
  return wins;
}

/**
 * nim_test_solver_move:
 * @solver: a solver
 * @board: a position with a legal move
 * @move: (out): the move every player claiming perfect play must choose:
 *   the first winning move in generator order (heap order, then smallest
 *   count), or the first legal move in a lost position
 */
void
nim_test_solver_move (NimTestSolver *solver, const NimBoard *board,
                      NimMove *move)
{
  NimMoveGen gen = NIM_MOVEGEN_INIT;
  NimMove m;

  nim_movegen_first (board, &solver->rules, move);
  while (nim_movegen_next_generic (&gen, board, &solver->rules, &m))
    {
      NimBoard child = *board;

      nim_board_make_move (&child, &m);
      if (!nim_test_solver_wins (solver, &child))
        {
          *move = m;
          return;
        }
    }
}

/**
 * nim_test_engine_command:
 * @mode: a mode of tests/nim-test-engine: "good", "crash", "hang"...
 * @spec: (nullable): the player spec it plays in mode good
 *
 * The command line that starts the test suite's UGI engine in @mode, or
 * %NULL (the test skipped) when make check did not say where it is.
 *
 * Returns: (transfer full) (nullable): the command line
 */
char *
nim_test_engine_command (const char *mode, const char *spec)
{
  const char *dir = g_getenv ("NIM_BUILDDIR");
  g_autofree char *path = NULL;
  g_autofree char *quoted = NULL;

  if (dir == NULL || *dir == '\0')
    {
      g_test_skip ("NIM_BUILDDIR is not set; run the test through make check");
      return NULL;
    }
  path = g_build_filename (dir, "tests", "nim-test-engine", NULL);
  quoted = g_shell_quote (path);
  return g_strdup_printf ("%s %s%s%s", quoted, mode, spec ? " " : "",
                          spec ? spec : "");
}

/**
 * nim_test_light:
 *
 * make check-valgrind sets NIM_HARNESS_MAX_MATCHES, under which every
 * test runs some 30 times slower; tests that walk many positions then
 * walk fewer and smaller ones (the same code).
 *
 * Returns: whether the tests are to do lighter work
 */
gboolean
nim_test_light (void)
{
  const char *light = g_getenv ("NIM_HARNESS_MAX_MATCHES");

  return light != NULL && *light != '\0';
}

/**
 * nim_test_count_fds:
 *
 * Returns: how many file descriptors this process holds open
 */
guint
nim_test_count_fds (void)
{
  g_autoptr (GDir) dir = g_dir_open ("/proc/self/fd", 0, NULL);
  guint n = 0;

  g_assert_nonnull (dir);
  while (g_dir_read_name (dir) != NULL)
    n++;
  return n;
}

/**
 * nim_test_count_children:
 *
 * Returns: how many processes have this one as parent, zombies included
 */
guint
nim_test_count_children (void)
{
  g_autoptr (GDir) dir = g_dir_open ("/proc", 0, NULL);
  g_autofree char *me = g_strdup_printf ("%d", (int) getpid ());
  const char *name;
  guint n = 0;

  g_assert_nonnull (dir);
  while ((name = g_dir_read_name (dir)) != NULL)
    {
      g_autofree char *path = NULL;
      g_autofree char *stat = NULL;
      char *close_paren;
      g_auto (GStrv) fields = NULL;

      if (!g_ascii_isdigit (name[0]))
        continue;
      path = g_build_filename ("/proc", name, "stat", NULL);
      if (!g_file_get_contents (path, &stat, NULL, NULL))
        continue;
      /* "pid (comm) state ppid ...": the name may hold spaces. */
      close_paren = strrchr (stat, ')');
      if (close_paren == NULL)
        continue;
      fields = g_strsplit (close_paren + 2, " ", 3);
      if (fields[0] != NULL && fields[1] != NULL
          && g_str_equal (fields[1], me))
        n++;
    }
  return n;
}

/**
 * nim_test_strip_valgrind:
 * @err: what a nim wrote on standard error
 *
 * Under `make check-valgrind` a nim that starts programs of its own (an
 * engine) may have valgrind's notes on its standard error, such as
 * "--123-- WARNING: unhandled amd64-linux syscall: 434" for the
 * pidfd_open() GLib calls.  They are not nim's; memory errors make
 * valgrind fail the run by its exit status instead.
 *
 * Returns: (transfer full): @err without valgrind's "--PID--" lines
 */
char *
nim_test_strip_valgrind (const char *err)
{
  g_auto (GStrv) lines = g_strsplit (err != NULL ? err : "", "\n", -1);
  GString *kept = g_string_new (NULL);
  guint i;

  for (i = 0; lines[i] != NULL; i++)
    {
      const char *p = lines[i];

      if (p[0] == '-' && p[1] == '-' && g_ascii_isdigit (p[2]))
        {
          for (p += 2; g_ascii_isdigit (*p); p++)
            ;
          if (p[0] == '-' && p[1] == '-')
            continue;
        }
      if (lines[i + 1] == NULL)
        g_string_append (kept, lines[i]);
      else
        g_string_append_printf (kept, "%s\n", lines[i]);
    }
  return g_string_free (kept, FALSE);
}

/**
 * nim_test_run_json:
 * @args: nim's arguments, %NULL-terminated, without --json
 *
 * Runs nim with @args and --json, and checks that it succeeded (its
 * standard error is logged when it did not).
 *
 * Returns: (transfer full): what it printed, parsed
 */
JsonNode *
nim_test_run_json (const char *const *args)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  int status;

  for (; *args != NULL; args++)
    g_ptr_array_add (argv, (gpointer) *args);
  g_ptr_array_add (argv, (gpointer) "--json");
  g_ptr_array_add (argv, NULL);
  status = nim_test_run_nimv (NULL, &out, &err,
                              (const char *const *) argv->pdata);
  if (status != 0)
    g_test_message ("stderr: %s", err);
  g_assert_cmpint (status, ==, 0);
  return nim_test_parse_json (out);
}

/* Reads @stream until its end (nim's exit closes it). */
static char *
read_to_end (GInputStream *stream)
{
  GString *text = g_string_new (NULL);
  g_autoptr (GError) error = NULL;
  char buf[256];
  gssize n;

  while ((n = g_input_stream_read (stream, buf, sizeof buf, NULL, &error)) > 0)
    g_string_append_len (text, buf, n);
  g_assert_no_error (error);
  return g_string_free (text, FALSE);
}

/**
 * nim_test_signal_at:
 * @marker: what nim prints before the test sends @signum
 * @on_stderr: @marker is looked for on standard error, not output
 * @signum: the signal: Ctrl-C's SIGINT, a scheduler's SIGTERM, a
 *   terminal's SIGHUP
 * @args: nim's arguments, %NULL-terminated
 * @out: (out): all that nim printed on standard output
 * @err: (out): all that nim printed on standard error
 *
 * Starts nim with a pipe for its standard input that stays open, reads
 * its standard output (or error) until @marker shows, and sends @signum:
 * so the signal arrives where the test means it to, however slowly nim
 * runs (under valgrind, say).
 *
 * Returns: nim's exit status
 */
int
nim_test_signal_at (const char *marker, gboolean on_stderr, int signum,
                    const char *const *args, char **out, char **err)
{
  g_autoptr (GSubprocessLauncher) launcher = NULL;
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GString) seen = g_string_new (NULL);
  g_autofree char *rest_out = NULL;
  g_autofree char *rest_err = NULL;
  GInputStream *stream;

  nim_test_add_nim_argv (argv, args);
  g_ptr_array_add (argv, NULL);
  launcher = g_subprocess_launcher_new (G_SUBPROCESS_FLAGS_STDIN_PIPE
                                        | G_SUBPROCESS_FLAGS_STDOUT_PIPE
                                        | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C", TRUE);
  process = g_subprocess_launcher_spawnv (
      launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  if (process == NULL)
    {
      *out = g_strdup ("");
      *err = g_strdup ("");
      return -1;
    }

  stream = on_stderr ? g_subprocess_get_stderr_pipe (process)
                     : g_subprocess_get_stdout_pipe (process);
  while (strstr (seen->str, marker) == NULL)
    {
      char buf[256];
      gssize n = g_input_stream_read (stream, buf, sizeof buf, NULL, &error);

      g_assert_no_error (error);
      if (n <= 0)
        {
          /* nim has ended: what it printed is the test's to check. */
          nim_test_fail ("nim ended before printing '%s': %s", marker,
                         seen->str);
          break;
        }
      g_string_append_len (seen, buf, n);
    }
  g_subprocess_send_signal (process, signum);
  /* Standard input stays open until nim has exited: closing it now could
     end the game as "end of input" before the signal lands. */
  rest_out = read_to_end (g_subprocess_get_stdout_pipe (process));
  rest_err = read_to_end (g_subprocess_get_stderr_pipe (process));
  g_subprocess_wait (process, NULL, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  *out = g_strconcat (on_stderr ? "" : seen->str, rest_out, NULL);
  *err = g_strconcat (on_stderr ? seen->str : "", rest_err, NULL);
  return g_subprocess_get_exit_status (process);
}

/**
 * nim_test_interrupt_at:
 *
 * nim_test_signal_at() with Ctrl-C's SIGINT.
 *
 * Returns: nim's exit status
 */
int
nim_test_interrupt_at (const char *marker, gboolean on_stderr,
                       const char *const *args, char **out, char **err)
{
  return nim_test_signal_at (marker, on_stderr, SIGINT, args, out, err);
}

/**
 * nim_test_sequence_new:
 * @code: a take-and-break code, such as "0.77"
 * @method: how to compute the values
 * @n: the last heap whose value is wanted
 *
 * Returns: (transfer full): G(0) .. G(@n) of @code; a bad code fails
 *   the test
 */
NimSequence *
nim_test_sequence_new (const char *code, NimSequenceMethod method, guint64 n)
{
  g_autoptr (GError) error = NULL;
  NimSequence *values;
  NimOctal octal;

  g_assert_true (nim_octal_parse (&octal, code, "code", &error));
  g_assert_no_error (error);
  values = nim_sequence_new (&octal, method);
  g_assert_true (nim_sequence_extend (values, n, &error));
  g_assert_no_error (error);
  return values;
}

/* The process ids a test's engines wrote to @path, one a line. */
static GArray *
read_pids (const char *path)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  GArray *pids = g_array_new (FALSE, FALSE, sizeof (gint64));
  guint i;

  if (!g_file_get_contents (path, &text, NULL, NULL))
    return pids;
  lines = g_strsplit (text, "\n", -1);
  for (i = 0; lines[i] != NULL; i++)
    if (lines[i][0] != '\0')
      {
        gint64 pid = g_ascii_strtoll (lines[i], NULL, 10);

        g_array_append_val (pids, pid);
      }
  return pids;
}

/* Whether process @pid runs (a zombie waiting for its reaper does not). */
static gboolean
running (gint64 pid)
{
  g_autofree char *path
      = g_strdup_printf ("/proc/%" G_GINT64_FORMAT "/stat", pid);
  g_autofree char *stat = NULL;
  const char *paren;

  if (!g_file_get_contents (path, &stat, NULL, NULL))
    return kill ((pid_t) pid, 0) == 0;
  paren = strrchr (stat, ')');
  return paren != NULL && paren[1] == ' ' && paren[2] != 'Z'
         && paren[2] != 'X';
}

/**
 * nim_test_assert_pids_gone:
 * @path: a file of process ids, one a line, as the test engine writes
 *   them (NIM_TEST_PIDFILE)
 * @least: how many there must be at least
 *
 * Checks that every process listed has ended, allowing a moment for the
 * kernel to deliver nim's SIGKILL: what an engine started and left
 * behind ends with it.
 */
void
nim_test_assert_pids_gone (const char *path, guint least)
{
  g_autoptr (GArray) pids = read_pids (path);
  guint i, tries;

  g_assert_cmpuint (pids->len, >=, least);
  for (i = 0; i < pids->len; i++)
    {
      gint64 pid = g_array_index (pids, gint64, i);

      for (tries = 0; tries < 200 && running (pid); tries++)
        g_usleep (10000);
      g_test_message ("child %" G_GINT64_FORMAT, pid);
      g_assert_false (running (pid));
    }
}
