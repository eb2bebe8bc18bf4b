/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ugi.c -- `nim --ugi`: every command of the protocol, bad input,
   isready during a search, stop */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <string.h>
#include <unistd.h>

#include "nim-board.h"
#include "nim-notation.h"
#include "nim-player.h"
#include "nim-test.h"

/* Runs `nim --ugi` with @args after it on @input; returns its standard
   output and checks it exited 0 with nothing on standard error. */
static char *
ugi_run (const char *input, const char *first_arg, ...)
{
  g_autoptr (GPtrArray) args = g_ptr_array_new ();
  g_autofree char *err = NULL;
  g_autofree char *stripped = NULL;
  char *out = NULL;
  const char *arg;
  va_list ap;

  g_ptr_array_add (args, (gpointer) "--ugi");
  va_start (ap, first_arg);
  for (arg = first_arg; arg != NULL; arg = va_arg (ap, const char *))
    g_ptr_array_add (args, (gpointer) arg);
  va_end (ap);
  g_ptr_array_add (args, NULL);
  g_assert_cmpint (
      nim_test_run_nimv (input, &out, &err, (const char *const *) args->pdata),
      ==, 0);
  stripped = nim_test_strip_valgrind (err);
  g_assert_cmpstr (stripped, ==, "");
  return out;
}

/* The move of the last "bestmove" line of @out. */
static char *
last_bestmove (const char *out)
{
  const char *at = g_strrstr (out, "bestmove ");
  const char *end;

  g_assert_nonnull (at);
  at += strlen ("bestmove ");
  end = strchr (at, '\n');
  return g_strndup (at, end ? (gsize) (end - at) : strlen (at));
}

/* The handshake: id, the options (the rules, misère and the player's
   own), ugiok; isready answered. */
static void
test_handshake (void)
{
  g_autofree char *out = NULL;

  if (!nim_test_have_nim ())
    return;
  out = ugi_run ("ugi\nisready\nquit\n", NULL);
  g_assert_true (g_str_has_prefix (out, "id name nim "));
  nim_test_assert_contains (out, " negamax\nid author ");
  nim_test_assert_contains (out,
                            "option name rules type string default any\n");
  nim_test_assert_contains (out,
                            "option name misere type check default false\n");
  nim_test_assert_contains (out, "option name ab type check default true\n");
  nim_test_assert_contains (
      out, "option name score type combo default win var win var distance\n");
  /* The budget is go's to say, not an option. */
  nim_test_assert_not_contains (out, "option name time");
  g_assert_true (g_str_has_suffix (out, "ugiok\nreadyok\n"));

  g_clear_pointer (&out, g_free);
  out = ugi_run ("ugi\nquit\n", "--player1", "xor", NULL);
  nim_test_assert_contains (out, " xor\n");
  g_assert_true (g_str_has_suffix (out, "option name misere type check "
                                        "default false\nugiok\n"));
}

/* query answers from the position: whose turn, whether it is over and
   who won, under normal and misère play, after moves. */
static void
test_query (void)
{
  g_autofree char *out = NULL;

  if (!nim_test_have_nim ())
    return;
  out = ugi_run ("position fen 3,4,5 p1\n"
                 "query p1turn\nquery gameover\nquery result\n"
                 "position fen 3,4,5 p2\nquery p1turn\n"
                 "position fen 1,0 p1 moves h1-1\n"
                 "query p1turn\nquery gameover\nquery result\n"
                 "setoption name misere value true\n"
                 "position fen 1,0 p1 moves h1-1\nquery result\n"
                 "position startpos moves h3-5 h2-4\n"
                 "query p1turn\nquery gameover\n"
                 "position fen 0,0,0 p1\nquery result\n",
                 NULL);
  g_assert_cmpstr (out, ==,
                   "response true\nresponse false\nresponse none\n"
                   "response false\n"
                   "response false\nresponse true\nresponse p1win\n"
                   "response p2win\n"
                   "response true\nresponse false\n"
                   "response p1win\n");
}

/* Each form of go gives a legal move, with an info line from a searcher;
   a proven win is worth cp 1000, or mate N under score=distance. */
static void
test_go (void)
{
  static const char *const forms[] = {
    "go depth 3",
    "go nodes 100",
    "go movetime 50",
    "go p1time 1000 p2time 1000",
    "go p1time 1000 p2time 1000 p1inc 10 p2inc 10",
    "go p1time 0 p2time 0",
    "go",
  };
  guint i;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (forms); i++)
    {
      g_autofree char *input = g_strdup_printf (
          "ugi\nsetoption name rules value 1,2,3\nisready\nuginewgame\n"
          "position fen 3,4,5 p1\n%s\nquit\n",
          forms[i]);
      g_autofree char *out = ugi_run (input, NULL);
      g_autofree char *best = last_bestmove (out);
      NimMove move;
      NimBoard board;
      NimRules rules;

      g_test_message ("%s", forms[i]);
      nim_test_assert_contains (out, "\ninfo depth ");
      nim_test_assert_contains (out, " pv ");
      g_assert_true (nim_notation_parse_move (best, &move, NULL));
      nim_test_board (&board, "3,4,5");
      nim_test_rules (&rules, "1,2,3", FALSE);
      g_assert_true (nim_board_check_move (&board, &rules, &move, NULL));
    }

  {
    /* 1,2 under "any": a proven win, taking one from heap 2. */
    g_autofree char *out
        = ugi_run ("position fen 1,2 p2\ngo depth 10\nquit\n", NULL);
    g_autofree char *mate = NULL;

    nim_test_assert_contains (out, " score cp 1000 pv h2-1\nbestmove h2-1\n");
    g_clear_pointer (&out, g_free);
    out = ugi_run ("setoption name score value distance\n"
                   "position fen 1,2 p2\ngo depth 10\n"
                   "position fen 1,1 p2\ngo depth 10\nquit\n",
                   NULL);
    nim_test_assert_contains (out, " score mate 3 pv h2-1\nbestmove h2-1\n");
    nim_test_assert_contains (out, " score mate -2 pv ");
  }
}

/* What a referee may send wrong is answered with an info string error and
   otherwise ignored; unknown commands are ignored without a word. */
static void
test_bad_input (void)
{
  static const struct
  {
    const char *input;
    const char *answer;
  } cases[] = {
    { "position fen 3,x p1\n", "info string error: the position: " },
    { "position fen 3,4 p3\n", "info string error: \"3,4 p3\" is not a "
                               "position" },
    { "position fen\n", "info string error: \"\" is not a position" },
    { "position\n", "info string error: position: expected position fen" },
    { "position fen 3,4 p1 moves h1-4\n",
      "info string error: position: move 1 (h1-4): " },
    { "position fen 3,4 p1 moves h3-1\n",
      "info string error: position: move 1 (h3-1): " },
    { "position fen 3,4 p1 moves h1-1 banana\n",
      "info string error: position: move 2 (banana): \"banana\" is not a "
      "move" },
    { "setoption name rules value 0,x\n", "info string error: the rules: " },
    { "setoption name misere value maybe\n",
      "info string error: setoption: misere is true or false, not 'maybe'" },
    { "setoption name hash value 12\n",
      "info string error: player negamax has no option 'hash'" },
    { "setoption name ab value sometimes\n",
      "info string error: player negamax: ab=sometimes: expected on or off" },
    { "setoption name ab\n", "info string error: setoption: option ab needs "
                             "a value" },
    { "setoption\n", "info string error: setoption: expected setoption name" },
    { "go depth 3\n", "info string error: go: no position; send position "
                      "fen HEAPS p1|p2 first\nbestmove 0000\n" },
    { "position fen 0,0 p1\ngo\n", "info string error: go: the game is over, "
                                   "there is no move to make\nbestmove "
                                   "0000\n" },
    { "position fen 3 p1\ngo movetime x\n",
      "info string error: movetime: 'x' is not a whole number" },
    { "position fen 3 p1\ngo depth\n",
      "info string error: go: depth needs a number\n" },
    { "position fen 3 p1\ngo wtime 100\n",
      "info string error: go: unknown word 'wtime' ignored" },
    { "query\n", "info string error: query: ask query gameover" },
    { "query colour\n", "info string error: query: ask query gameover" },
    { "query p1turn\n", "info string error: query: no position" },
  };
  guint i;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *input
          = g_strconcat (cases[i].input, "isready\nquit\n", NULL);
      g_autofree char *out = ugi_run (input, NULL);

      g_test_message ("%s", cases[i].input);
      nim_test_assert_contains (out, cases[i].answer);
      /* A search started by go may answer after readyok. */
      nim_test_assert_contains (out, "readyok\n");
    }

  {
    /* Unknown commands, blank lines, blanks around words, a line end
       from Windows, garbage bytes: ignored, and the engine answers on. */
    g_autofree char *long_line = g_strnfill (200000, 'x');
    g_autofree char *input = g_strdup_printf (
        "xyzzy\n\n   \nregister later\n\xff\xfe\x01\n%s\n"
        "  position   fen  1,2   p1 \r\nquery p1turn\r\nisready\n",
        long_line);
    g_autofree char *out = ugi_run (input, NULL);

    g_assert_cmpstr (out, ==, "response true\nreadyok\n");
  }
  {
    /* A bad position forgets the one before it. */
    g_autofree char *out = ugi_run ("position fen 3,4 p1\n"
                                    "position fen 3,4 p1 moves h1-9\n"
                                    "query p1turn\n",
                                    NULL);

    nim_test_assert_contains (out, "query: no position");
  }
}

/* The command line: --ugi takes --player1 and --seed, and refuses a
   person and the options of other modes. */
static void
test_refused (void)
{
  static const char *const human[] = { "--ugi", "--player1", "human", NULL };
  static const char *const heaps[] = { "--ugi", "--heaps", "3,4", NULL };
  static const char *const games[] = { "--ugi", "--games", "2", NULL };
  static const char *const bad[]
      = { "--ugi", "--player1", "negamax:x=1", NULL };
  g_autofree char *out = NULL;

  if (!nim_test_have_nim ())
    return;
  nim_test_assert_refused (human, 2,
                           "--ugi makes a computer player an "
                           "engine; human reads its moves");
  nim_test_assert_refused (heaps, 2,
                           "--ugi cannot be combined with "
                           "--heaps");
  nim_test_assert_refused (games, 2, "--games cannot be combined with --ugi");
  nim_test_assert_refused (bad, 2, "player negamax has no option 'x'");
  /* A random player replays its moves from the same seed. */
  out = ugi_run ("position fen 9,9,9 p1\ngo\nposition fen 9,9,9 p1\ngo\n",
                 "--player1", "random", "--seed", "7", NULL);
  {
    g_autofree char *again
        = ugi_run ("position fen 9,9,9 p1\ngo\nposition fen 9,9,9 p1\ngo\n",
                   "--player1", "random", "--seed", "7", NULL);

    g_assert_cmpstr (out, ==, again);
  }
}

/* An engine under the test's control: nim --ugi with pipes both ways. */
typedef struct
{
  GSubprocess *process;
  GOutputStream *in;
  GDataInputStream *out;
} Engine;

static Engine *
engine_start (void)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (
      G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  Engine *e = g_new0 (Engine, 1);

  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C", TRUE);
  e->process = g_subprocess_launcher_spawn (
      launcher, &error, g_getenv ("NIM_BINARY"), "--ugi", NULL);
  g_assert_no_error (error);
  e->in = g_subprocess_get_stdin_pipe (e->process);
  e->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (e->process));
  return e;
}

static void
engine_send (Engine *e, const char *line)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = g_strconcat (line, "\n", NULL);

  g_assert_true (g_output_stream_write_all (e->in, text, strlen (text), NULL,
                                            NULL, &error));
  g_assert_no_error (error);
}

static void
read_cb (GObject *source, GAsyncResult *result, gpointer data)
{
  GAsyncResult **out = data;

  *out = g_object_ref (result);
}

static gboolean
flag_cb (gpointer data)
{
  *(gboolean *) data = TRUE;
  return G_SOURCE_REMOVE;
}

/* The next line the engine writes, or %NULL if none comes within
   @timeout_ms. */
static char *
engine_read (Engine *e, guint timeout_ms)
{
  GAsyncResult *result = NULL;
  gboolean timed_out = FALSE;
  g_autoptr (GCancellable) cancel = g_cancellable_new ();
  guint id;
  char *line;

  g_data_input_stream_read_line_async (e->out, G_PRIORITY_DEFAULT, cancel,
                                       read_cb, &result);
  id = g_timeout_add (timeout_ms, flag_cb, &timed_out);
  while (result == NULL && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (result == NULL)
    {
      g_cancellable_cancel (cancel);
      while (result == NULL)
        g_main_context_iteration (NULL, TRUE);
      g_object_unref (result);
      return NULL;
    }
  if (!timed_out)
    g_source_remove (id);
  line = g_data_input_stream_read_line_finish (e->out, result, NULL, NULL);
  g_object_unref (result);
  return line;
}

static void
engine_expect (Engine *e, const char *prefix, guint timeout_ms)
{
  g_autofree char *line = engine_read (e, timeout_ms);

  g_test_message ("expect %s: got %s", prefix, line ? line : "(nothing)");
  g_assert_nonnull (line);
  g_assert_true (g_str_has_prefix (line, prefix));
}

/* Waits for the engine to exit and checks it exited 0. */
static void
engine_finish (Engine *e)
{
  g_autoptr (GError) error = NULL;

  g_assert_true (g_subprocess_wait_check (e->process, NULL, &error));
  g_assert_no_error (error);
  g_object_unref (e->out);
  g_object_unref (e->process);
  g_free (e);
}

/* The engine plays what the same player plays inside nim: with a node
   budget the search is deterministic, so every move must be the same.
   Each bestmove is waited for before the next command, as a referee
   does: a command that arrives during a search ends it. */
static void
test_same_moves (void)
{
  static const char *const positions[]
      = { "3,4,5", "7,9,11,13", "1,2,3,4,5,6", "20,21,22", "5,0,9" };
  static const char *const takes[] = { "any", "1,2,3", "1,3,4", "2,5,6" };
  Engine *e;
  guint p, t, m;

  if (!nim_test_have_nim ())
    return;
  e = engine_start ();
  engine_send (e, "ugi");
  for (;;)
    {
      g_autofree char *line = engine_read (e, 10000);

      g_assert_nonnull (line);
      if (g_str_equal (line, "ugiok"))
        break;
    }
  for (t = 0; t < G_N_ELEMENTS (takes); t++)
    for (m = 0; m < 2; m++)
      {
        NimRules rules;
        g_autoptr (NimPlayer) player
            = nim_player_new ("negamax:nodes=3000,time=0", NULL);
        g_autofree char *rules_line
            = g_strdup_printf ("setoption name rules value %s", takes[t]);

        nim_test_rules (&rules, takes[t], m == 1);
        engine_send (e, rules_line);
        engine_send (e, m ? "setoption name misere value true"
                          : "setoption name misere value false");
        for (p = 0; p < G_N_ELEMENTS (positions); p++)
          {
            g_autofree char *position = NULL;
            g_autofree char *expected = NULL;
            g_autofree char *got = NULL;
            NimBoard board;
            NimMove move;

            nim_test_board (&board, positions[p]);
            g_assert_true (nim_player_start (player, &rules, &board, NULL));
            if (!nim_board_has_move (&board, &rules))
              continue;
            g_assert_true (
                nim_player_choose_move (player, &board, &move, NULL));
            expected = g_strdup_printf ("bestmove h%u-%u", move.heap + 1,
                                        move.count);
            position = g_strdup_printf ("position fen %s p1", positions[p]);
            engine_send (e, "uginewgame");
            engine_send (e, position);
            engine_send (e, "go nodes 3000");
            do
              {
                g_free (got);
                got = engine_read (e, 30000);
                g_assert_nonnull (got);
              }
            while (!g_str_has_prefix (got, "bestmove "));
            g_test_message ("%s, %s%s: %s", positions[p], takes[t],
                            m ? " misere" : "", got);
            g_assert_cmpstr (got, ==, expected);
          }
      }
  engine_send (e, "quit");
  engine_finish (e);
}

/* A search that would take hours: isready is answered while it runs, and
   stop ends it at once with a legal move. */
static void
test_isready_and_stop (void)
{
  Engine *e;
  g_autofree char *line = NULL;
  guint i;

  if (!nim_test_have_nim ())
    return;
  e = engine_start ();
  engine_send (e, "ugi");
  for (line = engine_read (e, 10000); line && !g_str_equal (line, "ugiok");
       line = engine_read (e, 10000))
    g_free (line);
  g_assert_nonnull (line);
  engine_send (e, "setoption name rules value 2,5,6");
  engine_send (e, "setoption name tt value off");
  engine_send (e, "isready");
  engine_expect (e, "readyok", 10000);
  engine_send (e, "position fen 40,41,42,43,44,45,46 p1");
  engine_send (e, "go infinite");
  for (i = 0; i < 3; i++)
    {
      engine_send (e, "isready");
      /* The search runs on: readyok comes first, and nothing else. */
      engine_expect (e, "readyok", 2000);
    }
  engine_send (e, "query p1turn");
  engine_expect (e, "response true", 2000);
  engine_send (e, "stop");
  engine_expect (e, "info depth ", 2000);
  engine_expect (e, "bestmove h", 2000);

  /* A timed search ends by itself; stop after it changes nothing. */
  engine_send (e, "go movetime 200");
  engine_expect (e, "info depth ", 5000);
  engine_expect (e, "bestmove h", 1000);
  engine_send (e, "stop");
  engine_send (e, "isready");
  engine_expect (e, "readyok", 2000);

  /* A long search right after short ones, before the timer the first of
     them set rings (serve() sets it only when it is not set): isready is
     still answered while it runs. */
  engine_send (e, "position fen 1,2 p1\ngo depth 1\n"
                  "position fen 2,3 p1\ngo depth 1\n"
                  "position fen 40,41,42,43,44,45,46 p1\ngo infinite");
  for (i = 0; i < 2; i++)
    {
      engine_expect (e, "info depth ", 2000);
      engine_expect (e, "bestmove h", 2000);
    }
  for (i = 0; i < 3; i++)
    {
      engine_send (e, "isready");
      engine_expect (e, "readyok", 2000);
    }
  engine_send (e, "stop");
  engine_expect (e, "info depth ", 2000);
  engine_expect (e, "bestmove h", 2000);

  /* quit in the middle of a search ends it, with its answer. */
  engine_send (e, "go infinite");
  engine_send (e, "quit");
  engine_expect (e, "info depth ", 2000);
  engine_expect (e, "bestmove h", 2000);
  engine_finish (e);

  /* So does the end of the input. */
  e = engine_start ();
  engine_send (e, "setoption name tt value off");
  engine_send (e, "setoption name rules value 2,5,6");
  engine_send (e, "position fen 40,41,42,43,44,45,46 p1");
  engine_send (e, "go infinite");
  g_assert_true (g_output_stream_close (e->in, NULL, NULL));
  engine_expect (e, "info depth ", 2000);
  engine_expect (e, "bestmove h", 2000);
  engine_finish (e);
}

/* Runs nim --check-engine on @engine, a command line made of @words
   (each quoted as the shell would need); returns the exit status and
   the report in @out. */
static int
check_engine (char **out, const char *first_word, ...)
{
  GString *command = g_string_new (NULL);
  g_autofree char *err = NULL;
  g_autofree char *stripped = NULL;
  g_autofree char *line = NULL;
  const char *word;
  va_list ap;
  int status;

  va_start (ap, first_word);
  for (word = first_word; word != NULL; word = va_arg (ap, const char *))
    {
      g_autofree char *quoted = g_shell_quote (word);

      g_string_append_printf (command, "%s%s", command->len ? " " : "",
                              quoted);
    }
  va_end (ap);
  line = g_string_free (command, FALSE);
  status = nim_test_run_nim (NULL, out, &err, "--check-engine", line, NULL);
  stripped = nim_test_strip_valgrind (err);
  g_assert_cmpstr (stripped, ==, "");
  return status;
}

/* A path in the source tree. */
static char *
srcdir_path (const char *path)
{
  return g_build_filename (
      g_getenv ("NIM_SRCDIR") ? g_getenv ("NIM_SRCDIR") : ".", path, NULL);
}

/* nim --ugi passes its own check, every player that can play every rule
   family too; xor cannot, and the check says where. */
static void
test_check_engine_nim (void)
{
  g_autofree char *out = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (check_engine (&out, g_getenv ("NIM_BINARY"), "--ugi", NULL),
                   ==, 0);
  nim_test_assert_contains (out, "ok 1 - handshake\n"
                                 "    sent:     ugi\n"
                                 "    got:      id name nim ");
  nim_test_assert_contains (out, "ok 18 - go infinite, then stop\n");
  nim_test_assert_contains (out, "ok 19 - isready while thinking\n");
  nim_test_assert_contains (out, "ok 20 - quit\n");
  g_assert_true (g_str_has_suffix (out, "\nAll 20 checks passed.\n"));
  nim_test_assert_not_contains (out, "not ok");

  g_clear_pointer (&out, g_free);
  g_assert_cmpint (check_engine (&out, g_getenv ("NIM_BINARY"), "--ugi",
                                 "--player1", "xor", NULL),
                   ==, 1);
  nim_test_assert_contains (out, "not ok 6 - a move under the rules 1,2,3\n");
  nim_test_assert_contains (out, "info string error: player 1 (xor) cannot "
                                 "play this game");
  g_assert_true (g_str_has_suffix (out, "\n10 of 20 checks failed.\n"));
}

/* The example engine of doc/examples passes the check, so that it never
   rots: python3 is a test dependency. */
static void
test_check_engine_example (void)
{
  g_autofree char *python = g_find_program_in_path ("python3");
  g_autofree char *example = srcdir_path ("doc/examples/nim-negamax.py");
  g_autofree char *out = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_nonnull (python);
  g_assert_cmpint (check_engine (&out, python, example, NULL), ==, 0);
  nim_test_assert_contains (out, "id name nim-negamax.py");
  g_assert_true (g_str_has_suffix (out, "\nAll 20 checks passed.\n"));
}

/* Broken engines fail the check, each where it breaks, and nim survives
   an engine that dies (no SIGPIPE). */
static void
test_check_engine_broken (void)
{
  g_autofree char *script = srcdir_path ("tests/ugi-broken-engine.sh");
  g_autofree char *out = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (check_engine (&out, "sh", script, "illegal", NULL), ==, 1);
  nim_test_assert_contains (out, "ok 3 - new game\n");
  nim_test_assert_contains (out, "not ok 4 - a move under the rules any\n"
                                 "    sent:     uginewgame | setoption name "
                                 "rules value any | setoption name misere "
                                 "value false | position fen 3,4,5 p1 | go "
                                 "movetime 500\n"
                                 "    got:      bestmove h9-9\n"
                                 "    expected: bestmove with a legal move "
                                 "within 1.5 s\n");
  nim_test_assert_contains (out, "not ok 19 - isready while thinking\n");
  nim_test_assert_contains (out, "\nok 20 - quit\n");
  g_assert_true (g_str_has_suffix (out, "\n16 of 20 checks failed.\n"));

  g_clear_pointer (&out, g_free);
  g_assert_cmpint (check_engine (&out, "sh", script, "crash", NULL), ==, 1);
  nim_test_assert_contains (out, "not ok 4 - a move under the rules any\n");
  nim_test_assert_contains (
      out, "    got:      (nothing: the engine closed its output)\n");
  /* Whether "quit" could still be written depends on how soon the
     engine's end is seen. */
  nim_test_assert_contains (out, "not ok 20 - quit\n"
                                 "    sent:     quit");
  nim_test_assert_contains (out, "\n    got:      (exited with status 3)\n"
                                 "    expected: the engine exits with "
                                 "status 0 within 2 s\n");
  g_assert_true (g_str_has_suffix (out, "\n17 of 20 checks failed.\n"));
}

/* A command that cannot be run is a usage error. */
static void
test_check_engine_refused (void)
{
  static const char *const missing[]
      = { "--check-engine", "/nonexistent/engine --fast", NULL };
  static const char *const unquoted[]
      = { "--check-engine", "python3 'engine.py", NULL };
  static const char *const with_heaps[]
      = { "--check-engine", "x", "--heaps", "3", NULL };
  static const char *const with_ugi[]
      = { "--check-engine", "x", "--ugi", NULL };

  if (!nim_test_have_nim ())
    return;
  nim_test_assert_refused (missing, 2,
                           "--check-engine: cannot start engine "
                           "\"/nonexistent/engine --fast\": ");
  nim_test_assert_refused (unquoted, 2,
                           "--check-engine: engine command \"python3 "
                           "'engine.py\": ");
  nim_test_assert_refused (with_heaps, 2,
                           "--check-engine cannot be "
                           "combined with --heaps");
  nim_test_assert_refused (with_ugi, 2,
                           "--ugi cannot be combined with "
                           "--check-engine");
}

/* The moves and the winner of each game of a --results file, one line a
   game: "h1-2 h3-1 ... winner 1". */
static char *
games_of (const char *path)
{
  g_autofree char *text = NULL;
  g_auto (GStrv) lines = NULL;
  GString *games = g_string_new (NULL);
  guint i, j;

  g_assert_true (g_file_get_contents (path, &text, NULL, NULL));
  lines = g_strsplit (text, "\n", -1);
  for (i = 0; lines[i] != NULL; i++)
    {
      g_autoptr (JsonNode) root = NULL;
      JsonObject *game;
      JsonArray *moves;

      if (lines[i][0] == '\0')
        continue;
      root = nim_test_parse_json (lines[i]);
      game = json_node_get_object (root);
      /* A run's header line (its parameters) is not a game. */
      if (json_object_has_member (game, "params"))
        continue;
      moves = json_object_get_array_member (game, "moves");
      g_string_append_printf (games, "game %" G_GINT64_FORMAT ":",
                              json_object_get_int_member (game, "game"));
      for (j = 0; j < json_array_get_length (moves); j++)
        {
          JsonObject *m = json_array_get_object_element (moves, j);

          g_string_append_printf (games,
                                  " h%" G_GINT64_FORMAT "-%" G_GINT64_FORMAT,
                                  json_object_get_int_member (m, "heap"),
                                  json_object_get_int_member (m, "take"));
        }
      g_string_append_printf (games, " winner %" G_GINT64_FORMAT " end %s\n",
                              json_object_get_int_member (game, "winner"),
                              json_object_get_string_member (game, "end"));
    }
  return g_string_free (games, FALSE);
}

/* A temporary file name, the file removed. */
static char *
temp_path (void)
{
  g_autoptr (GError) error = NULL;
  char *path = NULL;
  int fd = g_file_open_tmp ("nim-test-ugi-XXXXXX.jsonl", &path, &error);

  g_assert_no_error (error);
  close (fd);
  g_unlink (path);
  return path;
}

/* nim against nim over UGI plays exactly the games nim plays against its
   built-in twin: the protocol adds nothing and loses nothing.  Node
   budgets make the searches deterministic. */
static void
test_engine_twin (void)
{
  g_autofree char *built_in = temp_path ();
  g_autofree char *over_ugi = temp_path ();
  g_autofree char *engine = NULL;
  g_autofree char *a = NULL;
  g_autofree char *b = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *nim = NULL;

  if (!nim_test_have_nim ())
    return;
  nim = g_shell_quote (g_getenv ("NIM_BINARY"));
  engine = g_strdup_printf ("twin=%s --ugi --player1 negamax", nim);
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--games", "12",
                                     "--random-heaps", "3:9", "--seed", "5",
                                     "--moves", "1,3,4", "--player1",
                                     "negamax:nodes=700,time=30", "--player2",
                                     "negamax:nodes=700,time=30", "--results",
                                     built_in, NULL),
                   ==, 0);
  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--engine", engine,
                                     "--games", "12", "--random-heaps", "3:9",
                                     "--seed", "5", "--moves", "1,3,4",
                                     "--player1", "negamax:nodes=700,time=30",
                                     "--player2", "twin:nodes=700,time=30",
                                     "--results", over_ugi, NULL),
                   ==, 0);
  a = games_of (built_in);
  b = games_of (over_ugi);
  g_test_message ("built-in:\n%s", a);
  /* Twelve games, and some cut short by the node budget, or the test
     would prove little. */
  nim_test_assert_contains (a, "game 12:");
  g_assert_cmpstr (a, ==, b);
  g_unlink (built_in);
  g_unlink (over_ugi);
}

/* A short comparison run of the example engine: every game finished, no
   forfeit, and every won position kept (plain negamax sees to the end). */
static void
test_engine_example_games (void)
{
  g_autofree char *python = g_find_program_in_path ("python3");
  g_autofree char *example = srcdir_path ("doc/examples/nim-negamax.py");
  g_autofree char *quoted = g_shell_quote (example);
  g_autofree char *engine = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autoptr (JsonNode) root = NULL;
  JsonObject *py;
  JsonObject *forfeits;
  GList *kinds, *k;

  if (!nim_test_have_nim ())
    return;
  g_assert_nonnull (python);
  engine = g_strdup_printf ("py=python3 %s", quoted);
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--engine", engine,
                                     "--games", "4", "--heaps", "3,4,5",
                                     "--player1", "negamax", "--player2",
                                     "py:time=10", "--json", NULL),
                   ==, 0);
  root = nim_test_parse_json (out);
  g_assert_cmpint (
      json_object_get_int_member (json_node_get_object (root), "games"), ==,
      4);
  py = json_array_get_object_element (
      json_object_get_array_member (json_node_get_object (root), "players"),
      1);
  g_assert_cmpstr (json_object_get_string_member (py, "spec"), ==,
                   "py:time=10");
  /* Both sides play perfectly: each wins the games it starts. */
  g_assert_cmpint (json_object_get_int_member (py, "wins"), ==, 2);
  g_assert_cmpint (json_object_get_int_member (py, "won_positions"), >, 0);
  g_assert_cmpint (json_object_get_int_member (py, "kept_win"), ==,
                   json_object_get_int_member (py, "won_positions"));
  forfeits = json_object_get_object_member (py, "forfeits");
  kinds = json_object_get_members (forfeits);
  g_assert_nonnull (kinds);
  for (k = kinds; k != NULL; k = k->next)
    g_assert_cmpint (json_object_get_int_member (forfeits, k->data), ==, 0);
  g_list_free (kinds);
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);
  g_test_add_func ("/ugi/handshake", test_handshake);
  g_test_add_func ("/ugi/query", test_query);
  g_test_add_func ("/ugi/go", test_go);
  g_test_add_func ("/ugi/same-moves", test_same_moves);
  g_test_add_func ("/ugi/bad-input", test_bad_input);
  g_test_add_func ("/ugi/refused", test_refused);
  g_test_add_func ("/ugi/isready-and-stop", test_isready_and_stop);
  g_test_add_func ("/ugi/check-engine/nim", test_check_engine_nim);
  g_test_add_func ("/ugi/check-engine/example", test_check_engine_example);
  g_test_add_func ("/ugi/check-engine/broken", test_check_engine_broken);
  g_test_add_func ("/ugi/check-engine/refused", test_check_engine_refused);
  g_test_add_func ("/ugi/engine/twin", test_engine_twin);
  g_test_add_func ("/ugi/engine/example-games", test_engine_example_games);
  return g_test_run ();
}
