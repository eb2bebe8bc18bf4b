/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-referee.c -- external engines under nim's referee: each way an
   engine can fail gives exactly its loss kind and the run goes on; the
   protocol nim speaks; no process and no fd left after many games */

#include "config.h"

#include "nim-test.h"

#include <glib/gstdio.h>
#include <string.h>
#include <sys/resource.h>

#include "nim-match.h"
#include "nim-player-engine.h"

/* Runs two games of negamax against the test engine in @mode and checks
   the summary: player 2 lost @n_lost games as @kind ("normal": none by
   failing), nim printed no error and the engine's standard error did not
   reach nim's. */
static void
check_mode (const char *mode, const char *kind, guint n_lost,
            const char *const *extra)
{
  g_autofree char *command = nim_test_engine_command (mode, NULL);
  g_autofree char *engine = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  g_autoptr (JsonNode) root = NULL;
  JsonObject *forfeits;
  const char *const kinds[]
      = { "illegal", "time", "disconnect", "startup", "protocol", NULL };
  guint i;

  if (command == NULL || !nim_test_have_nim ())
    return;
  engine = g_strdup_printf ("bad=%s", command);
  g_ptr_array_add (args, "--engine");
  g_ptr_array_add (args, engine);
  g_ptr_array_add (args, "--player1");
  g_ptr_array_add (args, "negamax");
  g_ptr_array_add (args, "--player2");
  g_ptr_array_add (args, "bad:time=0.2");
  g_ptr_array_add (args, "--games");
  g_ptr_array_add (args, "2");
  g_ptr_array_add (args, "--json");
  for (i = 0; extra != NULL && extra[i] != NULL; i++)
    g_ptr_array_add (args, (gpointer) extra[i]);
  g_ptr_array_add (args, NULL);
  g_assert_cmpint (
      nim_test_run_nimv (NULL, &out, &err, (const char *const *) args->pdata),
      ==, 0);
  /* Nothing of nim's and nothing of the engine's (valgrind may add its
     own notes when the suite runs under it). */
  nim_test_assert_not_contains (err, "nim:");
  nim_test_assert_not_contains (err, "xxxxxxxx");
  root = nim_test_parse_json (out);
  forfeits = json_object_get_object_member (
      json_array_get_object_element (
          json_object_get_array_member (json_node_get_object (root),
                                        "players"),
          1),
      "forfeits");
  for (i = 0; kinds[i] != NULL; i++)
    g_assert_cmpint (json_object_get_int_member (forfeits, kinds[i]), ==,
                     g_str_equal (kinds[i], kind) ? (gint64) n_lost : 0);
  g_assert_cmpint (
      json_object_get_int_member (json_node_get_object (root), "games"), ==,
      2);
}

/* An engine that crashes at its second move loses by disconnect, and the
   next game gets a fresh process that does the same. */
static void
test_crash (void)
{
  check_mode ("crash", "disconnect", 2, NULL);
}

/* One that never answers (and ignores SIGTERM) loses on time. */
static void
test_hang (void)
{
  check_mode ("hang", "time", 2, NULL);
}

/* One that never answers a go of a node count or a depth alone loses on
   time too: it has the searchers' default time, 5 s, and the margin. */
static void
test_hang_budget (void)
{
  g_autofree char *command = nim_test_engine_command ("hang", NULL);
  g_autofree char *engine = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (command == NULL || !nim_test_have_nim ())
    return;
  engine = g_strdup_printf ("bad=%s", command);
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--engine", engine,
                                     "--player1", "bad:nodes=100,depth=3",
                                     "--player2", "random", "--heaps", "3,4",
                                     "--timemargin", "50", "--json", NULL),
                   ==, 0);
  nim_test_assert_contains (out, "\"end\":\"time\"");
  nim_test_assert_contains (out, "\"winner\":2");
}

/* One that answers a second after its movetime loses on time. */
static void
test_late (void)
{
  check_mode ("late", "time", 2, NULL);
}

static void
test_illegal (void)
{
  check_mode ("illegal", "illegal", 2, NULL);
}

/* A bestmove of binary garbage is a breach of the protocol. */
static void
test_garbage (void)
{
  check_mode ("garbage", "protocol", 2, NULL);
}

/* So is a bestmove with a NUL byte in it, "bestmove h1-2\0junk": not
   text, whatever comes before the NUL. */
static void
test_nul (void)
{
  check_mode ("nul", "protocol", 2, NULL);
}

/* Lines that are not a bestmove and that nim cannot read (colours, bytes
   that are not UTF-8, a NUL, 100 KiB in one line) are skipped, as
   cutegames skips them: the games end normally. */
static void
test_colour (void)
{
  check_mode ("colour", "normal", 0, NULL);
}

/* An engine that makes its table at its first isready, as ugi.md
   advises, and clears it at uginewgame: nim sends isready, and waits for
   its readyok, before the first uginewgame. */
static void
test_alloc (void)
{
  check_mode ("alloc", "normal", 0, NULL);
}

/* An engine slower to say ugiok than the start-up timeout. */
static void
test_slow_start (void)
{
  const char *const extra[] = { "--engine-startup-timeout", "0.5", NULL };

  check_mode ("slow", "startup", 2, extra);
}

/* An engine that makes its tables at each game's isready, as ugi.md
   advises, for longer than its clock has: the clock runs from its
   readyok, so it loses no game on time.  A readyok slower than the
   start-up timeout is still a start-up loss. */
static void
test_slow_ready (void)
{
  const char *const tc[] = { "--tc", "0.3", NULL };
  const char *const limit[]
      = { "--tc", "0.3", "--engine-startup-timeout", "0.3", NULL };

  check_mode ("slow-ready", "normal", 0, tc);
  check_mode ("slow-ready", "startup", 2, limit);
}

/* Runs nim with @args under the limit prlimit(1) sets with @limit (such
   as "--nofile=8:8"), as ulimit would; returns its exit status.  Set by
   prlimit rather than in the child before exec: valgrind emulates a
   limit its client sets, and the nim it then runs would not have it. */
static int
run_limited_input (const char *limit, const char *const *args,
                   const char *input, char **out, char **err)
{
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (
      G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE
      | G_SUBPROCESS_FLAGS_STDERR_PIPE);
  g_autoptr (GPtrArray) argv = g_ptr_array_new ();
  g_autoptr (GSubprocess) process = NULL;
  g_autoptr (GError) error = NULL;
  g_autofree char *prlimit = g_find_program_in_path ("prlimit");

  g_assert_nonnull (prlimit);
  g_ptr_array_add (argv, prlimit);
  g_ptr_array_add (argv, (gpointer) limit);
  g_ptr_array_add (argv, (gpointer) "--");
  nim_test_add_nim_argv (argv, args);
  g_ptr_array_add (argv, NULL);
  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C", TRUE);
  process = g_subprocess_launcher_spawnv (
      launcher, (const char *const *) argv->pdata, &error);
  g_assert_no_error (error);
  g_subprocess_communicate_utf8 (process, input, NULL, out, err, &error);
  g_assert_no_error (error);
  g_assert_true (g_subprocess_get_if_exited (process));
  return g_subprocess_get_exit_status (process);
}

static int
run_limited (const char *limit, const char *const *args, char **out,
             char **err)
{
  return run_limited_input (limit, args, NULL, out, err);
}

/* nim's own want of memory or descriptors when it starts an engine is
   nim's failure, not the engine's: the run stops with a message (exit
   1), and nobody loses a game.  Under a small address space GLib once
   aborted nim creating the thread that reaps engines, or the run waited
   for ever for a job whose thread never started; out of descriptors
   the engine lost every game at start-up. */
static void
test_own_limits (void)
{
  g_autofree char *command = nim_test_engine_command ("good", "random");
  g_autofree char *engine = NULL;
  const char *args[]
      = { "--engine", NULL,      "--player1", "random", "--player2",
          "bot",      "--games", "2",         NULL };

  if (command == NULL || !nim_test_have_nim ())
    return;
  engine = g_strdup_printf ("bot=%s", command);
  args[1] = engine;
  {
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_assert_cmpint (run_limited ("--nofile=8:8", args, &out, &err), ==, 1);
    nim_test_assert_contains (err, "nim: engine bot: cannot start engine");
    nim_test_assert_contains (err, "Too many open files");
    nim_test_assert_not_contains (out, "startup");
  }
#ifndef __SANITIZE_ADDRESS__
  /* AddressSanitizer needs more address space than this to start at
     all. */
  {
    g_autofree char *out = NULL;
    g_autofree char *err = NULL;

    g_assert_cmpint (run_limited ("--as=20480000:20480000", args, &out, &err),
                     ==, 1);
    /* The thread of the run's job, or the one that reaps engines,
       whichever memory runs out for first. */
    nim_test_assert_contains (err, "Error creating thread");
    nim_test_assert_not_contains (err, "GLib-ERROR");
  }
#endif
}

/* glibc gives each thread a stack as large as the stack limit: under
   ulimit -s of 200 GB no thread could be made, and GLib aborted nim
   --ugi ("creating thread 'nim-ugi'"), while a run of two jobs with an
   external engine stopped at once ("cannot start 2 jobs").  nim's
   threads now get a bounded stack, under that limit and unlimited. */
static void
test_huge_stack_limit (void)
{
  static const char *const limits[]
      = { "--stack=214748364800:214748364800", "--stack=unlimited" };
  g_autofree char *command = nim_test_engine_command ("good", "random");
  g_autofree char *engine = NULL;
  const char *run[]
      = { "--engine", NULL, "--player1", "random", "--player2", "bot",
          "--games",  "2",  "--jobs",    "2",      NULL };
  const char *ugi[] = { "--ugi", "--player1", "negamax:time=0.01", NULL };
  guint i;

  if (command == NULL || !nim_test_have_nim ())
    return;
  engine = g_strdup_printf ("bot=%s", command);
  run[1] = engine;
  /* Under valgrind, the limit that failed alone. */
  for (i = 0; i < (nim_test_light () ? 1 : G_N_ELEMENTS (limits)); i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autofree char *uout = NULL;
      g_autofree char *uerr = NULL;

      g_assert_cmpint (run_limited (limits[i], run, &out, &err), ==, 0);
      nim_test_assert_not_contains (err, "creating thread");
      nim_test_assert_not_contains (err, "GLib-ERROR");
      nim_test_assert_contains (out, "Games: 2 of 2");
      g_assert_cmpint (run_limited_input (limits[i], ugi,
                                          "ugi\nisready\nposition startpos\n"
                                          "go depth 2\nquit\n",
                                          &uout, &uerr),
                       ==, 0);
      nim_test_assert_not_contains (uerr, "creating thread");
      nim_test_assert_not_contains (uerr, "GLib-ERROR");
      nim_test_assert_contains (uout, "bestmove ");
    }
}

/* A megabyte of standard error a move blocks nothing and reaches no
   terminal: the games end normally. */
static void
test_stderr_flood (void)
{
  check_mode ("flood", "normal", 0, NULL);
}

/* An engine that ignores setoption plays "take any" under --max-take 3:
   from 7 its winning move takes 4 or 7, which the referee refuses. */
static void
test_deaf (void)
{
  const char *const extra[] = { "--heaps", "7", "--max-take", "3", NULL };

  check_mode ("deaf", "illegal", 2, extra);
}

/* An engine without the rules option plays the protocol's start rules,
   and is told nothing of them; a run under other rules is refused before
   it starts, naming the engine and what it lacks. */
static void
test_no_rules_option (void)
{
  g_autofree char *command = nim_test_engine_command ("norules", NULL);
  g_autofree char *engine = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nim-referee-XXXXXX", NULL);
  g_autofree char *log_path = g_build_filename (dir, "bot-1.log", NULL);
  g_autofree char *log = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *const max_take[]
      = { "--engine", NULL,         "--player2", "bot", "--games",
          "2",        "--max-take", "3",         NULL };
  const char *const misere[] = { "--engine",  NULL,  "--player1", "negamax",
                                 "--player2", "bot", "--misere",  NULL };
  const char *const no_option[]
      = { "--engine",    NULL,        "--engine-option",
          "bot:Hash=16", "--player1", "negamax",
          "--player2",   "bot",       NULL };

  if (command == NULL || !nim_test_have_nim ())
    return;
  check_mode ("norules", "normal", 0, NULL);
  engine = g_strdup_printf ("bot=%s", command);
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--engine", engine,
                                     "--engine-log", dir, "--player2", "bot",
                                     "--games", "2", NULL),
                   ==, 0);
  g_assert_true (g_file_get_contents (log_path, &log, NULL, NULL));
  nim_test_assert_not_contains (log, "setoption");
  g_unlink (log_path);
  g_rmdir (dir);

  ((const char **) max_take)[1] = engine;
  ((const char **) misere)[1] = engine;
  ((const char **) no_option)[1] = engine;
  nim_test_assert_refused (max_take, 2,
                           "engine bot cannot be told the rules 1,2,3: it "
                           "declares no option 'rules'");
  nim_test_assert_refused (misere, 2,
                           "engine bot cannot be told to play misère: it "
                           "declares no option 'misere'");
  /* The user's options go only where they are declared. */
  nim_test_assert_refused (no_option, 2,
                           "engine bot declares no option 'Hash' (it "
                           "declares none)");
}

/* An engine that closes a pipe and runs on is said to have closed it,
   not to have been killed by nim's own SIGTERM. */
static void
test_closed_pipes (void)
{
  static const char *const modes[] = { "closeout", "closein" };
  static const char *const said[]
      = { "bot (disconnect): the engine closed its output while nim "
          "waited for bestmove\n",
          "bot (disconnect): the engine closed its input while nim sent "
          "position fen 3,4,5 p1 moves " };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (modes); i++)
    {
      g_autofree char *command = nim_test_engine_command (modes[i], NULL);
      g_autofree char *engine = NULL;
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      if (command == NULL || !nim_test_have_nim ())
        return;
      check_mode (modes[i], "disconnect", 2, NULL);
      engine = g_strdup_printf ("bot=%s", command);
      g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--engine", engine,
                                         "--player1", "negamax", "--player2",
                                         "bot:time=0.1", NULL),
                       ==, 0);
      nim_test_assert_contains (out, said[i]);
      nim_test_assert_not_contains (out, "signal");
    }
}

/* An engine that exits while a child of its holds its output open has
   disconnected, and is not lost on time; the child ends with it. */
static void
test_exit_with_child (void)
{
  g_autofree char *dir = g_dir_make_tmp ("nim-referee-XXXXXX", NULL);
  g_autofree char *pidfile = g_build_filename (dir, "pids", NULL);

  g_setenv ("NIM_TEST_PIDFILE", pidfile, TRUE);
  check_mode ("orphan", "disconnect", 2, NULL);
  if (nim_test_have_nim () && g_getenv ("NIM_BUILDDIR") != NULL)
    nim_test_assert_pids_gone (pidfile, 2);
  g_unsetenv ("NIM_TEST_PIDFILE");
  g_unlink (pidfile);
  g_rmdir (dir);
}

/* What an engine starts ends with it, game after game: a child it forks,
   and a wrapper script's background job. */
static void
test_children_end (void)
{
  g_autofree char *dir = g_dir_make_tmp ("nim-referee-XXXXXX", NULL);
  g_autofree char *pidfile = g_build_filename (dir, "pids", NULL);
  g_autofree char *fork_command = nim_test_engine_command ("fork", NULL);
  g_autofree char *crash = nim_test_engine_command ("crash", NULL);
  char *engines[2] = { NULL, NULL };
  guint i;

  if (fork_command == NULL || !nim_test_have_nim ())
    return;
  g_setenv ("NIM_TEST_PIDFILE", pidfile, TRUE);
  engines[0] = g_strdup_printf ("bot=%s", fork_command);
  /* A crash at every second move: a fresh wrapper, and job, each game. */
  engines[1] = g_strdup_printf (
      "bot=sh -c 'sleep 300 & echo $! >> \"$NIM_TEST_PIDFILE\"; exec %s'",
      crash);
  for (i = 0; i < 2; i++)
    {
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;

      g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--engine",
                                         engines[i], "--player2",
                                         "bot:time=0.1", "--games", "4",
                                         "--jobs", "2", NULL),
                       ==, 0);
    }
  /* A fork for each process of the first run, a background job for each
     of the second (how many depends on how far each game went). */
  nim_test_assert_pids_gone (pidfile, 2);
  g_free (engines[0]);
  g_free (engines[1]);
  g_unsetenv ("NIM_TEST_PIDFILE");
  g_unlink (pidfile);
  g_rmdir (dir);
}

/* --timemargin: how late a move may come.  An engine that answers 30 ms
   after its movetime is in time with the default 100 ms, and lost on
   time with 10. */
static void
test_timemargin (void)
{
  const char *const narrow[] = { "--timemargin", "10", NULL };
  const char *const wide[] = { "--timemargin", "0", NULL };
  const char *const bad[]
      = { "--engine", "b=./x", "--player2", "b", "--timemargin", "x", NULL };
  const char *const stray[] = { "--timemargin", "10", NULL };

  check_mode ("sleepy", "normal", 0, NULL);
  check_mode ("sleepy", "time", 2, narrow);
  check_mode ("sleepy", "time", 2, wide);
  if (!nim_test_have_nim ())
    return;
  nim_test_assert_refused (bad, 2,
                           "--timemargin: 'x' is not a whole "
                           "number");
  nim_test_assert_refused (stray, 2,
                           "--timemargin goes with --engine NAME=COMMAND");
}

/* An --engine-log directory nim cannot write in is refused before the
   first game; a log it cannot open later is nim's failure, not a loss of
   the engine's. */
static void
test_log_failure (void)
{
  g_autofree char *command = nim_test_engine_command ("good", NULL);
  g_autofree char *engine = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nim-referee-XXXXXX", NULL);
  g_autofree char *taken = g_build_filename (dir, "bot-1.log", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *const proc[] = { "--engine",     NULL,    "--player2", "bot",
                               "--engine-log", "/proc", NULL };

  if (command == NULL || !nim_test_have_nim ())
    return;
  engine = g_strdup_printf ("bot=%s", command);
  ((const char **) proc)[1] = engine;
  nim_test_assert_refused (proc, 2,
                           "--engine-log /proc: cannot write in the "
                           "directory: ");
  /* The first engine's log is a directory. */
  g_assert_cmpint (g_mkdir (taken, 0755), ==, 0);
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--engine", engine,
                                     "--engine-log", dir, "--player2", "bot",
                                     "--games", "2", NULL),
                   ==, 1);
  nim_test_assert_contains (err, "nim: engine bot: cannot open the engine "
                                 "log ");
  nim_test_assert_not_contains (out, "startup");
  g_rmdir (taken);
  g_rmdir (dir);
}

/* A game longer than a position line nim sends with its moves: the
   position goes as it stands, which the engine can take.  nim --ugi is
   the engine, one move a match from a heap of 14,000. */
static void
test_long_game (void)
{
  g_autofree char *nim = NULL;
  g_autofree char *engine = NULL;
  g_autoptr (JsonNode) root = NULL;
  JsonObject *game;
  const char *args[]
      = { "--engine",   NULL,     "--player1", "me:depth=1", "--player2",
          "random",     "--seed", "1",         "--heaps",    "14000",
          "--max-take", "1",      NULL };

  if (!nim_test_have_nim ())
    return;
  nim = g_shell_quote (g_getenv ("NIM_BINARY"));
  engine = g_strdup_printf ("me=%s --ugi --player1 negamax:tt=1M", nim);
  args[1] = engine;
  root = nim_test_run_json (args);
  game = json_node_get_object (root);
  /* Played to its end, a match a move: of an even heap, player 2 takes
     the last. */
  g_assert_cmpstr (json_object_get_string_member (game, "end"), ==, "normal");
  g_assert_cmpuint (
      json_array_get_length (json_object_get_array_member (game, "moves")), ==,
      14000);
  g_assert_cmpint (json_object_get_int_member (game, "winner"), ==, 2);
}

/* A program that does not exist loses at start-up, the run finishes. */
static void
test_missing_program (void)
{
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nim-referee-XXXXXX", NULL);
  g_autofree char *results = g_build_filename (dir, "r.jsonl", NULL);
  g_autofree char *lines = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--engine",
                                     "ghost=/nonexistent/engine", "--player2",
                                     "ghost", "--games", "2", "--results",
                                     results, NULL),
                   ==, 0);
  nim_test_assert_contains (out, "Player 2 lost by failing: 2 startup");
  /* Every results line says how its game ended, and who failed. */
  g_assert_true (g_file_get_contents (results, &lines, NULL, NULL));
  nim_test_assert_contains (lines, "\"end\":\"startup\",\"end_player\":2");
  if (lines != NULL && strstr (lines, "\"end\":\"startup\"") != NULL)
    g_assert_nonnull (strchr (strstr (lines, "\"end\":\"startup\""), '\n'));
  if (lines != NULL && strchr (lines, '\n') != NULL)
    nim_test_assert_contains (strchr (lines, '\n') + 1,
                              "\"end\":\"startup\",\"end_player\":2");
  g_unlink (results);
  g_rmdir (dir);
}

/* The conversation: the rules before isready, a new game, the position
   as the start and the moves, go from the spec's budget and from the
   clock; and the record says how the game ended. */
static void
test_protocol (void)
{
  g_autofree char *command = nim_test_engine_command ("good", NULL);
  g_autofree char *engine = NULL;
  g_autofree char *dir = g_dir_make_tmp ("nim-referee-XXXXXX", NULL);
  g_autofree char *log_path = g_build_filename (dir, "bot-1.log", NULL);
  g_autofree char *log = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *rules, *ready;

  if (command == NULL || !nim_test_have_nim ())
    return;
  engine = g_strdup_printf ("bot=%s", command);
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--engine", engine,
                                     "--engine-log", dir, "--engine-option",
                                     "bot:hash=16", "--player1", "bot:time=1",
                                     "--player2", "negamax", "--heaps", "5,6",
                                     "--max-take", "3", "--json", NULL),
                   ==, 0);
  nim_test_assert_contains (out, "\"end\":\"normal\"");
  g_assert_true (g_file_get_contents (log_path, &log, NULL, NULL));
  /* ugi.md's order: ugi and its answers, the options (only those the
     engine declared, named as it named them, and the rules only where
     the game needs them: not misère, which is as it starts), isready and
     its readyok; then the game. */
  nim_test_assert_contains (log, "> ugi\n");
  rules = strstr (log, "< ugiok\n> setoption name Hash value 16\n"
                       "> setoption name rules value 1,2,3\n"
                       "> isready\n< readyok\n> uginewgame\n");
  g_assert_nonnull (rules);
  nim_test_assert_not_contains (log, "> setoption name misere");
  nim_test_assert_contains (log, "> position fen 5,6 p1\n");
  nim_test_assert_contains (log, "> position fen 5,6 p1 moves h");
  nim_test_assert_contains (log, "> go movetime 1000\n");
  nim_test_assert_contains (log, "< info depth");
  nim_test_assert_contains (log, "> quit\n");
  /* The game's start goes out with the first position and go, in one
     write, before its readyok is read. */
  ready = rules != NULL ? strstr (rules, "> isready\n> position") : NULL;
  g_assert_nonnull (ready);
  g_assert_true (ready != NULL
                 && strstr (ready, "> go movetime 1000\n")
                        < strstr (ready, "< readyok\n"));
  g_unlink (log_path);

  /* Under a clock: go carries both clocks, in milliseconds. */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&log, g_free);
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--engine", engine,
                                     "--engine-log", dir, "--player1", "bot",
                                     "--player2", "negamax", "--games", "2",
                                     "--tc", "30+0.5", NULL),
                   ==, 0);
  nim_test_assert_not_contains (out, "lost by failing");
  g_assert_true (g_file_get_contents (log_path, &log, NULL, NULL));
  nim_test_assert_contains (log, "> go p1time 30000 p2time 30000 p1inc 500 "
                                 "p2inc 500\n");
  /* ... and the engine is ready before its clock runs. */
  g_assert_true (strstr (log, "< readyok\n") < strstr (log, "> position"));
  g_unlink (log_path);

  /* A depth or a node count goes with the default time beside it, as a
     built-in searcher keeps its 5 s beside them; no budget at all is the
     default time. */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&log, g_free);
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--engine", engine,
                                     "--engine-log", dir, "--player1",
                                     "bot:depth=3,nodes=900", "--player2",
                                     "bot", "--heaps", "2,3", NULL),
                   ==, 0);
  g_assert_true (g_file_get_contents (log_path, &log, NULL, NULL));
  nim_test_assert_contains (log, "> go movetime 5000 depth 3 nodes 900\n");
  g_clear_pointer (&log, g_free);
  g_unlink (log_path);
  log_path[strlen (log_path) - strlen ("1.log")] = '2';
  g_assert_true (g_file_get_contents (log_path, &log, NULL, NULL));
  nim_test_assert_contains (log, "> go movetime 5000\n");
  g_unlink (log_path);

  /* time=0 is no limit, as for a built-in searcher: a bare go, or the
     depth alone. */
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_clear_pointer (&log, g_free);
  g_assert_cmpint (
      nim_test_run_nim (NULL, &out, &err, "--engine", engine, "--engine-log",
                        dir, "--player1", "bot:time=0", "--player2",
                        "bot:time=0,depth=3", "--heaps", "2,3", NULL),
      ==, 0);
  log_path[strlen (log_path) - strlen ("2.log")] = '1';
  g_assert_true (g_file_get_contents (log_path, &log, NULL, NULL));
  nim_test_assert_contains (log, "> go\n");
  nim_test_assert_not_contains (log, "movetime");
  g_clear_pointer (&log, g_free);
  g_unlink (log_path);
  log_path[strlen (log_path) - strlen ("1.log")] = '2';
  g_assert_true (g_file_get_contents (log_path, &log, NULL, NULL));
  nim_test_assert_contains (log, "> go depth 3\n");
  nim_test_assert_not_contains (log, "movetime");
  g_unlink (log_path);
  g_rmdir (dir);
}

/* --list-players shows the declared engines after the built-in players,
   under a heading of their own, with what they call themselves. */
static void
test_list_players (void)
{
  g_autofree char *command = nim_test_engine_command ("good", NULL);
  g_autofree char *engine = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  const char *heading;

  if (command == NULL || !nim_test_have_nim ())
    return;
  engine = g_strdup_printf ("bot=%s", command);
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--engine", engine,
                                     "--list-players", NULL),
                   ==, 0);
  heading = strstr (out, "\nExternal engines (UGI):\nbot ");
  g_assert_nonnull (heading);
  g_assert_true (strstr (out, "\nrandom ") < heading);
  nim_test_assert_contains (heading != NULL ? heading : out,
                            "id: nim-test-engine good, by ");
}

/* What an engine's info lines said, its pv above all, is what --explain
   and the record's "explain" say of its moves. */
static void
test_explain_pv (void)
{
  g_autofree char *command = nim_test_engine_command ("good", NULL);
  g_autofree char *engine = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (JsonNode) root = NULL;
  JsonArray *moves;
  guint i, explained = 0;

  if (command == NULL || !nim_test_have_nim ())
    return;
  engine = g_strdup_printf ("bot=%s", command);
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--engine", engine,
                                     "--player1", "negamax", "--player2",
                                     "bot", "--heaps", "3,4,5", "--explain",
                                     NULL),
                   ==, 0);
  /* The test engine writes "info depth D nodes N score V pv MOVE". */
  nim_test_assert_contains (out, "The engine reported: depth ");
  nim_test_assert_contains (out, "Principal variation, as the engine gave "
                                 "it: h");
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--engine", engine,
                                     "--player1", "negamax", "--player2",
                                     "bot", "--heaps", "3,4,5", "--explain",
                                     "--json", NULL),
                   ==, 0);
  root = nim_test_parse_json (out);
  moves = json_object_get_array_member (json_node_get_object (root), "moves");
  for (i = 0; i < json_array_get_length (moves); i++)
    {
      JsonObject *m = json_array_get_object_element (moves, i);
      const char *why;

      if (json_object_get_int_member (m, "player") != 2)
        continue;
      why = json_object_get_string_member (m, "explain");
      nim_test_assert_contains (why, "as the engine gave it: h");
      g_assert_true (json_object_get_object_member (m, "stats") != NULL);
      explained++;
    }
  g_assert_cmpuint (explained, >, 0);
}

/* What is not an engine declaration is refused with status 2. */
static void
test_refused (void)
{
  const char *const no_equals[] = { "--engine", "mybot", NULL };
  const char *const empty[] = { "--engine", "mybot=", NULL };
  const char *const taken[] = { "--engine", "negamax=./x", NULL };
  const char *const quotes[] = { "--engine", "b=\"unterminated", NULL };
  const char *const stray[] = { "--engine-dir", "b=/tmp", NULL };
  const char *const unknown[]
      = { "--engine", "b=./x", "--engine-option", "c:K=V", NULL };
  const char *const tc[] = { "--tc", "ten", "--games", "2", NULL };

  if (!nim_test_have_nim ())
    return;
  nim_test_assert_refused (no_equals, 2, "expected NAME=COMMAND");
  nim_test_assert_refused (empty, 2, "the command is empty");
  nim_test_assert_refused (taken, 2, "exists already");
  nim_test_assert_refused (quotes, 2, "is not a command line");
  nim_test_assert_refused (stray, 2, "goes with --engine");
  nim_test_assert_refused (unknown, 2, "no --engine is named c");
  nim_test_assert_refused (tc, 2, "--tc ten: expected SECONDS");
}

/* ---- what a caller can ask of an engine's player ------------------ */

typedef struct
{
  guint lines;
  guint refuse_after; /* 0: never refuse */
  char *first;
} Watch;

static gboolean
watch_info (gpointer data, const char *line, GError **error)
{
  Watch *w = data;

  if (w->first == NULL)
    w->first = g_strdup (line);
  if (w->refuse_after > 0 && ++w->lines > w->refuse_after)
    {
      g_set_error (error, G_IO_ERROR, G_IO_ERROR_FAILED,
                   "more than %u info lines", w->refuse_after);
      return FALSE;
    }
  return TRUE;
}

/* A player of the test engine in @mode, declared as @name, started on
   1,2 with @budget. */
static NimPlayer *
engine_player (const char *name, const char *mode, const NimBudget *budget)
{
  g_autofree char *command = nim_test_engine_command (mode, NULL);
  NimEngineConfig config = { 0 };
  g_autoptr (GError) error = NULL;
  NimPlayer *p;
  NimRules rules;
  NimBoard board;

  if (command == NULL)
    return NULL;
  config.name = name;
  config.command = command;
  g_assert_true (nim_player_engine_declare (&config, &error));
  p = nim_player_new (name, &error);
  g_assert_no_error (error);
  g_assert_true (nim_player_set_budget (p, budget));
  nim_test_rules (&rules, "any", FALSE);
  nim_test_board (&board, "1,2");
  g_assert_true (nim_player_start (p, &rules, &board, &error));
  g_assert_no_error (error);
  return p;
}

/* A watcher sees every info line whole, before the move; one that
   refuses the engine's chatter fails the move as a breach of the
   protocol, with its own message, and the engine is stopped. */
static void
test_watch_info (void)
{
  const NimBudget budget = { 0, 1.0, 0 };
  g_autoptr (NimPlayer) good = engine_player ("watch-good", "good", &budget);
  g_autoptr (NimPlayer) chatter = NULL;
  g_autoptr (GError) error = NULL;
  Watch w = { 0 }, c = { 0, 100, NULL };
  NimBoard board;
  NimMove move;

  if (good == NULL)
    return;
  nim_test_board (&board, "1,2");
  nim_player_engine_watch_info (good, watch_info, &w);
  g_assert_true (nim_player_choose_move (good, &board, &move, &error));
  g_assert_no_error (error);
  g_assert_nonnull (w.first);
  g_assert_true (g_str_has_prefix (w.first, "info "));
  g_free (w.first);

  chatter = engine_player ("watch-chatter", "chatter", &budget);
  nim_player_engine_watch_info (chatter, watch_info, &c);
  g_assert_false (nim_player_choose_move (chatter, &board, &move, &error));
  g_assert_error (error, NIM_FORFEIT_ERROR, NIM_END_PROTOCOL);
  nim_test_assert_contains (error->message, "more than 100 info lines");
  g_assert_false (nim_player_engine_timed_out (chatter));
  g_free (c.first);
}

/* A move limit holds for a go that sets none (go depth 2): the engine
   that never answers loses on time within it, and says it timed out;
   one that crashes did not. */
static void
test_move_limit (void)
{
  const NimBudget budget = { 2, 0, 0 };
  g_autoptr (NimPlayer) hang = engine_player ("limit-hang", "hang", &budget);
  g_autoptr (NimPlayer) crash = NULL;
  g_autoptr (GError) error = NULL;
  NimBoard board;
  NimMove move;
  gint64 start;

  if (hang == NULL)
    return;
  nim_test_board (&board, "1,2");
  nim_player_engine_set_move_limit (hang, 300 * G_TIME_SPAN_MILLISECOND);
  start = g_get_monotonic_time ();
  g_assert_false (nim_player_choose_move (hang, &board, &move, &error));
  g_assert_error (error, NIM_FORFEIT_ERROR, NIM_END_TIME);
  g_assert_cmpint (g_get_monotonic_time () - start, <, 5 * G_USEC_PER_SEC);
  g_assert_true (nim_player_engine_timed_out (hang));
  g_clear_error (&error);

  /* The crash engine dies at its second go. */
  crash = engine_player ("limit-crash", "crash", &budget);
  nim_player_engine_set_move_limit (crash, 5 * G_USEC_PER_SEC);
  g_assert_true (nim_player_choose_move (crash, &board, &move, &error));
  g_assert_false (nim_player_choose_move (crash, &board, &move, &error));
  g_assert_error (error, NIM_FORFEIT_ERROR, NIM_END_DISCONNECT);
  g_assert_false (nim_player_engine_timed_out (crash));
}

/* Many games in this process, engines dying and respawning among them,
   leave no child and no fd behind. */
static void
test_no_leaks (void)
{
  g_autofree char *good = nim_test_engine_command ("good", NULL);
  g_autofree char *crash = nim_test_engine_command ("crash", NULL);
  NimEngineConfig config = { 0 };
  NimMatchConfig m = { 0 };
  g_autoptr (GError) error = NULL;
  guint fds, i;
  const char *const names[] = { "leak-good", "leak-crash" };
  const guint64 games[] = { 1000, 100 };

  if (good == NULL)
    return;
  config.name = names[0];
  config.command = good;
  g_assert_true (nim_player_engine_declare (&config, &error));
  /* An engine is a kind of its own in the registry. */
  g_assert_cmpint (nim_player_class_lookup (names[0])->kind, ==,
                   NIM_PLAYER_ENGINE);
  g_assert_true (
      nim_player_class_is_engine (nim_player_class_lookup (names[0])));
  g_assert_false (
      nim_player_class_is_engine (nim_player_class_lookup ("negamax")));
  config.name = names[1];
  config.command = crash;
  g_assert_true (nim_player_engine_declare (&config, &error));
  fds = nim_test_count_fds ();
  g_assert_cmpuint (nim_test_count_children (), ==, 0);

  nim_test_rules (&m.rules, "any", FALSE);
  nim_test_board (&m.start, "1,2");
  m.jobs = 2;
  m.seed = 1;
  for (i = 0; i < 2; i++)
    {
      g_autofree char *spec = g_strdup_printf ("%s:time=1", names[i]);
      g_autoptr (NimMatch) match = NULL;

      m.specs[0] = "negamax";
      m.specs[1] = spec;
      m.games = games[i];
      match = nim_match_new (&m, &error);
      g_assert_no_error (error);
      g_assert_true (nim_match_run (match, NULL, NULL, &error));
      g_assert_no_error (error);
      g_assert_cmpuint (nim_match_get_summary (match)->finished, ==, games[i]);
    }
  for (i = 0; i < 250 && nim_test_count_fds () > fds; i++)
    g_usleep (20000);
  g_assert_cmpuint (nim_test_count_fds (), <=, fds);
  g_assert_cmpuint (nim_test_count_children (), ==, 0);
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);
  g_test_add_func ("/referee/crash", test_crash);
  g_test_add_func ("/referee/hang", test_hang);
  g_test_add_func ("/referee/hang-budget", test_hang_budget);
  g_test_add_func ("/referee/late", test_late);
  g_test_add_func ("/referee/illegal", test_illegal);
  g_test_add_func ("/referee/garbage", test_garbage);
  g_test_add_func ("/referee/nul", test_nul);
  g_test_add_func ("/referee/colour", test_colour);
  g_test_add_func ("/referee/alloc", test_alloc);
  g_test_add_func ("/referee/no-rules-option", test_no_rules_option);
  g_test_add_func ("/referee/closed-pipes", test_closed_pipes);
  g_test_add_func ("/referee/exit-with-child", test_exit_with_child);
  g_test_add_func ("/referee/children-end", test_children_end);
  g_test_add_func ("/referee/timemargin", test_timemargin);
  g_test_add_func ("/referee/log-failure", test_log_failure);
  g_test_add_func ("/referee/long-game", test_long_game);
  g_test_add_func ("/referee/slow-start", test_slow_start);
  g_test_add_func ("/referee/slow-ready", test_slow_ready);
  g_test_add_func ("/referee/own-limits", test_own_limits);
  g_test_add_func ("/referee/huge-stack-limit", test_huge_stack_limit);
  g_test_add_func ("/referee/stderr-flood", test_stderr_flood);
  g_test_add_func ("/referee/deaf", test_deaf);
  g_test_add_func ("/referee/missing-program", test_missing_program);
  g_test_add_func ("/referee/protocol", test_protocol);
  g_test_add_func ("/referee/refused", test_refused);
  g_test_add_func ("/referee/explain-pv", test_explain_pv);
  g_test_add_func ("/referee/list-players", test_list_players);
  g_test_add_func ("/referee/no-leaks", test_no_leaks);
  g_test_add_func ("/referee/watch-info", test_watch_info);
  g_test_add_func ("/referee/move-limit", test_move_limit);
  return g_test_run ();
}
