/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-ugi.c -- `nim --ugi`: every command of the protocol, bad input,
   isready during a search, stop */

#include "config.h"

#include <gio/gio.h>
#include <glib/gstdio.h>
#include <signal.h>
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
  if (at == NULL)
    return g_strdup ("");
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
  /* ugi.md's example option: the table in MiB, beside tt= in bytes. */
  nim_test_assert_contains (out, "option name hash type spin default 64 "
                                 "min 0 max 1048576\n");
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
                                        "default false\noption name visits "
                                        "type check default false\n"
                                        "ugiok\n"));
}

/* setoption name visits value true: each position the search enters, in
   order, as an info string visit line before the answer (what nim --grade
   reads); off again, none; a value that is not true or false is refused
   and the option kept. */
static void
test_visits (void)
{
  g_autofree char *out = NULL;
  g_auto (GStrv) parts = NULL;

  if (!nim_test_have_nim ())
    return;
  out = ugi_run ("setoption name visits value true\n"
                 "position fen 1,2 p1\ngo depth 1\n"
                 "setoption name visits value maybe\n"
                 "setoption name visits value false\n"
                 "position fen 1,2 p1\ngo depth 1\nquit\n",
                 "--player1", "minimax", NULL);
  g_assert_true (g_str_has_prefix (out, "info string visit 1,2\n"
                                        "info string visit 0,2\n"
                                        "info string visit 1,1\n"
                                        "info string visit 1,0\n"
                                        "info depth 1 nodes 4 time "));
  nim_test_assert_contains (out, "info string error: setoption: visits is "
                                 "true or false, not 'maybe'; it stays "
                                 "true\n");
  /* The second search says no visit. */
  parts = g_strsplit (out, "info string visit", -1);
  g_assert_cmpuint (g_strv_length (parts), ==, 5);
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

  /* Without a position the game is over, without a result, and player 1
     is to move: every query is answered all the same. */
  g_clear_pointer (&out, g_free);
  out = ugi_run ("query gameover\nquery result\nquery p1turn\n", NULL);
  g_assert_cmpstr (out, ==, "response true\nresponse none\nresponse true\n");
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
    { "position fen 3,x p1\n", "info string error: position: the "
                               "position: " },
    { "position fen 3,4 p3\n", "info string error: position: \"3,4 p3\" is "
                               "not a position" },
    { "position fen\n", "info string error: position: \"\" is not a "
                        "position" },
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
      "info string error: setoption: misere is true or false, not 'maybe'; "
      "it stays false" },
    { "setoption name hash value 2000000\n",
      "info string error: hash: 2000000 is too large" },
    { "setoption name nohash value 12\n",
      "info string error: player negamax has no option 'nohash'" },
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
      "info string error: go: movetime 'x': expected a whole number from 0 "
      "up (a larger one than nim can use is taken as the largest it can); "
      "no search\nbestmove 0000\n" },
    { "position fen 3 p1\ngo depth\n",
      "info string error: go: depth '': expected a whole number from 1 up" },
    { "position fen 3 p1\ngo depth 0\n",
      "info string error: go: depth '0': expected a whole number from 1 up" },
    { "position fen 3 p1\ngo wtime 100\n",
      "info string error: go: unknown word 'wtime' ignored" },
    { "query\n", "info string error: query: ask query gameover, query "
                 "p1turn or query result\nresponse none\n" },
    { "query colour\n", "info string error: query: ask query gameover" },
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
    /* A bad position forgets the one before it: no position, so the game
       is over without a result, and go has no move to give. */
    g_autofree char *out = ugi_run ("position fen 3,4 p2\n"
                                    "position fen 3,4 p2 moves h1-9\n"
                                    "query p1turn\nquery gameover\n"
                                    "query result\ngo depth 3\n",
                                    NULL);

    nim_test_assert_contains (out, "; no position is kept\nresponse true\n"
                                   "response true\nresponse none\n"
                                   "info string error: go: no position; "
                                   "send position fen HEAPS p1|p2 first\n"
                                   "bestmove 0000\n");
    /* The reason is a clause of the line, not a sentence of its own. */
    nim_test_assert_not_contains (out, ".;");
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

/* nim --ugi, playing @player (NULL: the default). */
static Engine *
engine_start_player (const char *player)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (GSubprocessLauncher) launcher = g_subprocess_launcher_new (
      G_SUBPROCESS_FLAGS_STDIN_PIPE | G_SUBPROCESS_FLAGS_STDOUT_PIPE);
  Engine *e = g_new0 (Engine, 1);

  g_subprocess_launcher_setenv (launcher, "LC_ALL", "C", TRUE);
  e->process = g_subprocess_launcher_spawn (
      launcher, &error, g_getenv ("NIM_BINARY"), "--ugi",
      player != NULL ? "--player1" : NULL, player, NULL);
  g_assert_no_error (error);
  e->in = g_subprocess_get_stdin_pipe (e->process);
  e->out = g_data_input_stream_new (g_subprocess_get_stdout_pipe (e->process));
  return e;
}

static Engine *
engine_start (void)
{
  return engine_start_player (NULL);
}

static void
engine_send (Engine *e, const char *line)
{
  g_autoptr (GError) error = NULL;
  g_autofree char *text = g_strconcat (line, "\n", NULL);
  gboolean written;

  /* An engine that died (a test that failed goes on) must not take this
     test with it: the write fails with EPIPE instead of SIGPIPE. */
  signal (SIGPIPE, SIG_IGN);
  written = g_output_stream_write_all (e->in, text, strlen (text), NULL, NULL,
                                       &error);
  signal (SIGPIPE, SIG_DFL);
  g_assert_true (written);
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

  /* An engine that did not start: no callback would end the wait. */
  if (e->out == NULL)
    return NULL;
  /* Under valgrind the engine runs some ten times slower. */
  if (nim_test_light ())
    timeout_ms *= 10;
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

/* Waits for the engine to exit and checks it exited 0; one that has not
   within a minute (it ignored quit: a test that failed goes on) is
   killed. */
static void
engine_finish (Engine *e)
{
  g_autoptr (GError) error = NULL;
  GAsyncResult *result = NULL;
  gboolean timed_out = FALSE;
  guint id;

  if (e->process == NULL)
    {
      g_free (e);
      return;
    }
  g_subprocess_wait_async (e->process, NULL, read_cb, &result);
  id = g_timeout_add_seconds (60, flag_cb, &timed_out);
  while (result == NULL && !timed_out)
    g_main_context_iteration (NULL, TRUE);
  if (result == NULL)
    {
      g_test_message ("nim --ugi did not exit within 60 s; killed");
      g_subprocess_force_exit (e->process);
      while (result == NULL)
        g_main_context_iteration (NULL, TRUE);
    }
  else
    g_source_remove (id);
  g_assert_false (timed_out);
  g_assert_true (g_subprocess_wait_check_finish (e->process, result, &error));
  g_object_unref (result);
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
      if (line == NULL || g_str_equal (line, "ugiok"))
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
            while (got != NULL && !g_str_has_prefix (got, "bestmove "));
            if (got == NULL)
              {
                /* Every later position would wait as long in vain. */
                engine_send (e, "quit");
                engine_finish (e);
                return;
              }
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

/* SIGINT, SIGTERM or SIGHUP while the engine hangs in a search end the
   check and the engine's process group, as they end a comparison run's
   engines: the engine once outlived nim.  nim says how many checks ran
   and exits as the signal asks. */
static void
test_check_engine_signals (void)
{
  static const int signals[] = { SIGINT, SIGTERM, SIGHUP };
  g_autofree char *hang = nim_test_engine_command ("hang", NULL);
  guint i;

  if (hang == NULL || !nim_test_have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (signals); i++)
    {
      g_autofree char *dir = g_dir_make_tmp ("nim-ugi-XXXXXX", NULL);
      g_autofree char *pid_path = g_build_filename (dir, "engine.pid", NULL);
      g_autofree char *script = NULL;
      g_autofree char *quoted = NULL;
      g_autofree char *command = NULL;
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      g_autofree char *pid_text = NULL;
      const char *args[] = { "--check-engine", NULL, NULL };
      pid_t pid;
      int status;

      /* The engine's process says who it is. */
      script = g_strdup_printf ("echo $$ > %s; exec %s", pid_path, hang);
      quoted = g_shell_quote (script);
      command = g_strdup_printf ("sh -c %s", quoted);
      args[1] = command;
      status = nim_test_signal_at ("ok 4 - new game", FALSE, signals[i], args,
                                   &out, &err);
      g_assert_true (g_file_get_contents (pid_path, &pid_text, NULL, NULL));
      pid = (pid_t) g_ascii_strtoll (pid_text, NULL, 10);
      g_assert_cmpint (pid, >, 1);
      if (pid > 1 && kill (pid, 0) == 0)
        {
          kill (pid, SIGKILL);
          g_error ("the engine %d outlived nim --check-engine", (int) pid);
        }
      g_assert_cmpint (status, ==, 128 + signals[i]);
      nim_test_assert_contains (
          err, "nim: interrupted after 4 checks; the engine was stopped\n");
      nim_test_assert_not_contains (out, "not ok");
      g_unlink (pid_path);
      g_rmdir (dir);
    }
}

/* A path in the source tree. */
static char *
srcdir_path (const char *path)
{
  return g_build_filename (
      g_getenv ("NIM_SRCDIR") ? g_getenv ("NIM_SRCDIR") : ".", path, NULL);
}

/* nim --ugi passes its own check, every kind of check included; xor
   plays only take any, so it fails nim's extensions, which do not decide
   the exit status, and passes every required check. */
static void
test_check_engine_nim (void)
{
  g_autofree char *out = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (check_engine (&out, g_getenv ("NIM_BINARY"), "--ugi", NULL),
                   ==, 0);
  nim_test_assert_contains (out, "ok 1 - handshake [required]\n"
                                 "    sent:     ugi\n"
                                 "    got:      id name nim ");
  nim_test_assert_contains (out, "ok 2 - id name and id author "
                                 "[recommended]\n");
  nim_test_assert_contains (out, "ok 15 - go infinite, then stop "
                                 "[required]\n");
  nim_test_assert_contains (out, "ok 16 - go infinite holds bestmove until "
                                 "stop [recommended]\n");
  nim_test_assert_contains (out, "ok 17 - isready while thinking "
                                 "[required]\n");
  nim_test_assert_contains (out, "ok 24 - a move under the take-and-break "
                                 "rules 0.77 (Kayles) [nim's extension]\n");
  nim_test_assert_contains (out, "ok 25 - split moves, read and played "
                                 "(rules 0.4) [nim's extension]\n");
  nim_test_assert_contains (out, "ok 26 - quit [recommended]\n");
  g_assert_true (g_str_has_suffix (out, "\nAll 26 checks passed.\n"));
  nim_test_assert_not_contains (out, "not ok");

  g_clear_pointer (&out, g_free);
  g_assert_cmpint (check_engine (&out, g_getenv ("NIM_BINARY"), "--ugi",
                                 "--player1", "xor", NULL),
                   ==, 0);
  nim_test_assert_contains (out, "not ok 18 - a move under the rules 1,2,3 "
                                 "[nim's extension]\n");
  nim_test_assert_contains (out, "info string error: player 1 (xor) cannot "
                                 "play this game");
  nim_test_assert_contains (out, "ok 23 - a move under take any, misère "
                                 "[nim's extension]\n");
  g_assert_true (g_str_has_suffix (out, "\n26 checks: 19 passed, 7 failed, 0 "
                                        "not run.\nEvery required check that "
                                        "ran passed.\n"));
}

/* The example engine of doc/examples passes the check, nim's extensions
   too, so that it never rots: python3 is a test dependency. */
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
  g_assert_true (g_str_has_suffix (out, "\nAll 26 checks passed.\n"));
}

/* Broken engines fail the check, each where it breaks, and nim survives
   an engine that dies (no SIGPIPE).  One without the rules option is
   checked under the start rules, and the report says which checks were
   not run and why; the count is right whatever happens. */
static void
test_check_engine_broken (void)
{
  g_autofree char *script = srcdir_path ("tests/ugi-broken-engine.sh");
  g_autofree char *out = NULL;

  if (!nim_test_have_nim ())
    return;
  g_assert_cmpint (check_engine (&out, "sh", script, "illegal", NULL), ==, 1);
  nim_test_assert_contains (out, "ok 4 - new game [required]\n");
  nim_test_assert_contains (out, "not ok 5 - a move [required]\n"
                                 "    sent:     uginewgame | position fen "
                                 "3,4,5 p1 | go movetime 500\n"
                                 "    got:      bestmove h9-9\n"
                                 "    expected: bestmove with a legal move "
                                 "within 1.5 s\n");
  nim_test_assert_contains (out, "not ok 17 - isready while thinking "
                                 "[required]\n");
  nim_test_assert_contains (out, "ok 18 - a move under the rules 1,2,3 "
                                 "[nim's extension] # SKIP not run: no "
                                 "option 'rules' (nim plays this engine "
                                 "only under the start rules: take any "
                                 "number, normal play)\n");
  nim_test_assert_contains (out, "\nok 26 - quit [recommended]\n");
  g_assert_true (g_str_has_suffix (out, "\n26 checks: 5 passed, 13 failed, "
                                        "8 not run.\n12 required checks "
                                        "failed.\n"));

  g_clear_pointer (&out, g_free);
  g_assert_cmpint (check_engine (&out, "sh", script, "crash", NULL), ==, 1);
  nim_test_assert_contains (out, "not ok 5 - a move [required]\n");
  nim_test_assert_contains (
      out, "    got:      (nothing: the engine closed its output)\n");
  nim_test_assert_contains (out, "ok 6 - a position with moves [required] "
                                 "# SKIP not run: the engine closed its "
                                 "output at check 5 (exited with status "
                                 "3)\n");
  g_assert_true (g_str_has_suffix (out, "\n26 checks: 4 passed, 1 failed, 21 "
                                        "not run.\n1 required check "
                                        "failed.\n"));
}

/* An engine without the rules option passes every required check (the
   extensions are not run), and an engine that fails its handshake is one
   check failed, counted right. */
static void
test_check_engine_kinds (void)
{
  g_autofree char *norules = nim_test_engine_command ("norules", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (norules == NULL || !nim_test_have_nim ())
    return;
  g_assert_cmpint (
      nim_test_run_nim (NULL, &out, &err, "--check-engine", norules, NULL), ==,
      0);
  nim_test_assert_not_contains (out, "not ok");
  nim_test_assert_contains (out, "ok 25 - split moves, read and played "
                                 "(rules 0.4) [nim's extension] # SKIP not "
                                 "run: no option 'rules'");
  g_assert_true (g_str_has_suffix (out, "\n26 checks: 18 passed, 0 failed, "
                                        "8 not run.\nEvery required check "
                                        "that ran passed.\n"));

  g_clear_pointer (&out, g_free);
  g_assert_cmpint (check_engine (&out, "sh", "-c", "echo hello", NULL), ==, 1);
  g_assert_true (g_str_has_suffix (out, "\nThe other checks need the "
                                        "handshake; fix it first.\n1 check: "
                                        "0 passed, 1 failed, 0 not run.\n"
                                        "1 required check failed.\n"));
}

/* An engine that stops answering: after the first check it fails by
   timeout and an isready it does not answer, the checks that need it are
   not run, and the report says so; an engine that floods its output is
   shown cut, as nim reads lines; an engine's children end with it. */
static void
test_check_engine_misbehaving (void)
{
  g_autofree char *hang = nim_test_engine_command ("hang", NULL);
  g_autofree char *chatter = nim_test_engine_command ("chatter", NULL);
  g_autofree char *fork_command = nim_test_engine_command ("fork", NULL);
  g_autofree char *dir = g_dir_make_tmp ("nim-ugi-XXXXXX", NULL);
  g_autofree char *pidfile = g_build_filename (dir, "pids", NULL);
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;

  if (hang == NULL || !nim_test_have_nim ())
    return;
  g_assert_cmpint (
      nim_test_run_nim (NULL, &out, &err, "--check-engine", hang, NULL), ==,
      1);
  nim_test_assert_contains (out, "not ok 5 - a move [required]\n");
  nim_test_assert_contains (out, "ok 6 - a position with moves [required] "
                                 "# SKIP not run: the engine did not answer "
                                 "check 5 in time, nor isready in the 2 s "
                                 "after it\n");
  g_assert_true (g_str_has_suffix (out, "\n26 checks: 4 passed, 1 failed, 21 "
                                        "not run.\n1 required check "
                                        "failed.\n"));

  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_assert_cmpint (
      nim_test_run_nim (NULL, &out, &err, "--check-engine", chatter, NULL), ==,
      0);
  /* 2 MB of info lines a move, shown as 64 KiB a check at most. */
  nim_test_assert_contains (out, " bytes more, not shown)\n");
  g_assert_cmpuint (strlen (out), <, 26 * 70000);

  g_clear_pointer (&out, g_free);
  g_clear_pointer (&err, g_free);
  g_setenv ("NIM_TEST_PIDFILE", pidfile, TRUE);
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--check-engine",
                                     fork_command, NULL),
                   ==, 0);
  nim_test_assert_pids_gone (pidfile, 1);
  g_unsetenv ("NIM_TEST_PIDFILE");
  g_unlink (pidfile);
  g_rmdir (dir);
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

/* --engine-log takes the log of the engine --check-engine COMMAND
   checks, as of the engines --engine declares; a directory nim cannot
   write in is refused before the engine starts, and a mode that plays
   wants the log with an --engine. */
static void
test_check_engine_log (void)
{
  g_autofree char *python = g_find_program_in_path ("python3");
  g_autofree char *example = srcdir_path ("doc/examples/nim-negamax.py");
  g_autofree char *dir = g_dir_make_tmp ("nim-ugi-XXXXXX", NULL);
  g_autofree char *log = g_build_filename (dir, "check-check.log", NULL);
  g_autofree char *command = NULL;
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *text = NULL;
  const char *const proc[]
      = { "--check-engine", "x", "--engine-log", "/proc", NULL };
  const char *const alone[] = { "--engine-log", dir, NULL };

  if (!nim_test_have_nim ())
    return;
  g_assert_nonnull (python);
  {
    g_autofree char *q1 = g_shell_quote (python);
    g_autofree char *q2 = g_shell_quote (example);

    command = g_strdup_printf ("%s %s", q1, q2);
  }
  g_assert_cmpint (nim_test_run_nim (NULL, &out, &err, "--check-engine",
                                     command, "--engine-log", dir, NULL),
                   ==, 0);
  g_assert_true (g_file_get_contents (log, &text, NULL, NULL));
  nim_test_assert_contains (text, "\n< ugiok\n");
  nim_test_assert_refused (proc, 2,
                           "--engine-log /proc: cannot write in the "
                           "directory: ");
  nim_test_assert_refused (alone, 2,
                           "--engine-log goes with --engine NAME=COMMAND");
  g_unlink (log);
  g_rmdir (dir);
}

/* Every command that asks is answered, whatever came before: each query
   a response, each go a bestmove, as a referee that waits for them
   without a timeout (cutegames) needs. */
static void
test_always_answers (void)
{
  static const char *const before[] = {
    "",
    "position fen 3 4 5 p1\n",
    "position fen 3,4,5 p1 moves h1-4\n",
    "position fen 3,4,5 p1 moves h9-9\n",
    "position fen 3,4,5 p1 moves banana\n",
    "position fen 0,0 p1\n",
    "position fen 3,4 p1\nsetoption name rules value 0,x\n",
    "position fen 3,4 p1\nsetoption name tt value lots\n",
    "position\n",
    "position fen 1,2 p1\nxyzzy\n\xff\xfe\x01\n",
    "position fen 1,2 p1\ngo movetime x\n",
  };
  guint i;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (before); i++)
    {
      g_autofree char *input = g_strconcat (
          before[i],
          "query gameover\nquery p1turn\nquery result\ngo movetime 10\n",
          NULL);
      g_autofree char *out = ugi_run (input, NULL);
      g_auto (GStrv) lines = g_strsplit (out, "\n", -1);
      guint j, responses = 0, bestmoves = 0;

      g_test_message ("%s", before[i]);
      for (j = 0; lines[j] != NULL; j++)
        {
          responses += g_str_has_prefix (lines[j], "response ");
          bestmoves += g_str_has_prefix (lines[j], "bestmove ");
        }
      g_assert_cmpuint (responses, ==, 3);
      g_assert_cmpuint (bestmoves, ==,
                        1 + (strstr (before[i], "go ") != NULL));
    }
}

/* A table the machine cannot hold is refused when nim --ugi starts, and
   over setoption, which keeps the table it had; hash sets it in MiB, as
   ugi.md's example does, and ugi then says the sizes set. */
static void
test_table (void)
{
  static const char *const huge[]
      = { "--ugi", "--player1", "negamax:tt=1024G", NULL };
  g_autofree char *out = NULL;

  if (!nim_test_have_nim ())
    return;
  nim_test_assert_refused (huge, 2,
                           "negamax: a transposition table of 1048576 MiB "
                           "is more than the ");
  out = ugi_run ("setoption name tt value 1024G\n"
                 "position fen 3,4,5 p1\ngo depth 30\n"
                 "setoption name hash value 16\nugi\n"
                 "setoption name HASH value 0\nugi\n",
                 NULL);
  nim_test_assert_contains (out, "info string error: negamax: a "
                                 "transposition table of 1048576 MiB is more "
                                 "than the ");
  nim_test_assert_contains (out, "; the table stays as it was\n");
  nim_test_assert_contains (out, "\nbestmove h1-2\n");
  nim_test_assert_contains (out, "option name hash type spin default 16 "
                                 "min 0 max 1048576\n");
  nim_test_assert_contains (out, "option name tt type string default "
                                 "16777216\n");
  /* hash 0 is no table, where the player can do without. */
  nim_test_assert_contains (out, "option name tt type string default 0\n");
}

/* go's numbers: any whole number is one (one too large to count is the
   largest nim can use), and nothing else: one range, one message, and no
   search when a number cannot be read.  A clock of 2^63 - 1 ms is no
   overflow. */
static void
test_go_numbers (void)
{
  static const char *const fine[] = {
    "go p1time 9223372036854775807 p2time 9223372036854775807",
    "go p1time 9223372036854775807 p2time 1 p1inc 9223372036854775807",
    "go movetime 9223372036854775807",
    "go movetime 99999999999999999999",
    "go depth 99999999999999999999",
    "go nodes 18446744073709551615",
    "go movetime 0",
    "go p1time -5 p2time -5",
  };
  guint i;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (fine); i++)
    {
      g_autofree char *input
          = g_strdup_printf ("position fen 1,2 p1\n%s\nquit\n", fine[i]);
      g_autofree char *out = ugi_run (input, NULL);

      g_test_message ("%s", fine[i]);
      nim_test_assert_not_contains (out, "error");
      nim_test_assert_contains (out, "\nbestmove h2-1\n");
    }
}

/* Lines longer than 64 KiB are read whole up to 8 MiB (a referee sends a
   long game's moves); a longer one is cut, said, and refused: no
   position, and still an answer to every query. */
static void
test_long_lines (void)
{
  GString *input = g_string_new ("setoption name rules value 1\n"
                                 "position fen 20000 p1 moves");
  g_autofree char *out = NULL;
  g_autofree char *huge = NULL;
  guint i;

  if (!nim_test_have_nim ())
    {
      g_string_free (input, TRUE);
      return;
    }
  for (i = 0; i < 15001; i++)
    g_string_append (input, " h1-1");
  g_string_append (input, "\nquery p1turn\ngo depth 1\n");
  out = ugi_run (input->str, NULL);
  /* The time is what the machine took: any number of milliseconds. */
  if (!g_regex_match_simple ("^response false\ninfo depth 1 nodes 2 time "
                             "[0-9]+ score cp 0 pv h1-1\nbestmove h1-1\n$",
                             out, 0, 0))
    {
      g_test_message ("the long line's answer is wrong: %s", out);
      g_test_fail ();
    }
  g_clear_pointer (&out, g_free);
  huge = g_strnfill (9 << 20, 'x');
  g_string_printf (input,
                   "position fen 3,4 p1\nposition fen 3,4 p1 moves %s\n"
                   "query gameover\nquery result\n",
                   huge);
  out = ugi_run (input->str, NULL);
  g_assert_cmpstr (out, ==,
                   "info string error: a line of more than 8 MiB was cut: "
                   "position is not carried out\n"
                   "response true\nresponse none\n");
  g_string_free (input, TRUE);
}

/* A word of a line read whole (up to 8 MiB) is quoted in an error cut
   to 40 characters and "...": an unknown word of go, an option's name or
   value, a move, a number, which were sent back whole (a line of 8 MiB
   to the referee). */
static void
test_long_words (void)
{
  /* Each line is the word between a start and an end. */
  static const char *const lines[][2] = {
    { "go ", "" },
    { "go depth ", "" },
    { "setoption name ", " value 1" },
    { "setoption name ", "" },
    { "setoption name misere value ", "" },
    { "setoption name depth value ", "" },
    { "setoption name rules value ", "" },
    { "position fen ", " p1" },
    { "position fen 3,4 p1 moves ", "" },
    { "position fen 3,4 p1 moves h1-1 ", "" },
  };
  g_autofree char *word = g_strnfill ((8 << 20) - 64, 'y');
  guint i;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; i < G_N_ELEMENTS (lines); i++)
    {
      g_autofree char *line
          = g_strconcat (lines[i][0], word, lines[i][1], NULL);
      g_autofree char *input = g_strconcat (line, "\nquit\n", NULL);
      g_autofree char *out = ugi_run (input, NULL);
      g_auto (GStrv) answers = g_strsplit (out, "\n", -1);
      guint j;

      g_test_message ("%.30s...: %.400s", line, out);
      nim_test_assert_contains (out, "info string error: ");
      nim_test_assert_contains (out, "yyy...");
      for (j = 0; answers[j] != NULL; j++)
        g_assert_cmpuint (strlen (answers[j]), <, 400);
    }
}

/* The rules take what --moves takes: counts up to 4294967295, in any
   order. */
static void
test_rules_range (void)
{
  g_autofree char *out = NULL;

  if (!nim_test_have_nim ())
    return;
  out = ugi_run ("setoption name rules value 4294967295,1\n"
                 "position fen 5 p1\ngo depth 3\nquit\n",
                 NULL);
  nim_test_assert_not_contains (out, "error");
  nim_test_assert_contains (out, "\nbestmove h1-1\n");
}

/* A referee that speaks as cutegames does (isready before each
   uginewgame, a query after every position, every answer waited for),
   against nim --ugi and the example engine, bad input included: every
   command is answered, and the two engines agree on every result. */
static void
test_cutegames_order (void)
{
  g_autofree char *python = g_find_program_in_path ("python3");
  g_autofree char *script = srcdir_path ("tests/ugi-cutegames-referee.py");
  g_autofree char *example = srcdir_path ("doc/examples/nim-negamax.py");
  guint i;

  if (!nim_test_have_nim ())
    return;
  g_assert_nonnull (python);
  for (i = 0; i < 2; i++)
    {
      const char *argv[] = { python,
                             script,
                             "--bad",
                             "--",
                             i == 0 ? g_getenv ("NIM_BINARY") : python,
                             i == 0 ? "--ugi" : example,
                             NULL };
      g_autoptr (GError) error = NULL;
      g_autofree char *out = NULL;
      g_autofree char *err = NULL;
      int status = 0;

      g_assert_true (g_spawn_sync (NULL, (char **) argv, NULL, G_SPAWN_DEFAULT,
                                   NULL, NULL, &out, &err, &status, &error));
      g_assert_no_error (error);
      g_test_message ("%s%s", out, err);
      g_assert_true (g_spawn_check_exit_status (status, NULL));
      nim_test_assert_contains (out, "3 4 5 p1: 0 moves, gameover true, "
                                     "result none\n");
      g_assert_true (g_str_has_suffix (out, "\nevery command answered\n"));
    }
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
  lines = g_strsplit (text != NULL ? text : "", "\n", -1);
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

/* Every searcher stops on `stop` (each finds its stop flag where every
   searcher keeps it, nim_player_set_stop()), whatever its options: a
   search with no budget on heaps it could not prove in hours, and one on
   heaps of billions, whose positions have billions of moves. */
static void
test_stop_every_searcher (void)
{
  const NimPlayerClass *const *classes = nim_player_classes ();
  static const char *const positions[]
      = { "300,301,302,303", "1000000000,4294967295,5,7" };
  guint i, j;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; classes[i] != NULL; i++)
    for (j = 0; classes[i]->kind == NIM_PLAYER_SEARCHER
                && j < G_N_ELEMENTS (positions);
         j++)
      {
        g_autofree char *spec
            = g_strdup_printf ("%s:time=0", classes[i]->name);
        g_autofree char *position
            = g_strdup_printf ("position fen %s p1", positions[j]);
        Engine *e = engine_start_player (spec);

        g_test_message ("%s on %s", spec, positions[j]);
        engine_send (e, "isready");
        engine_expect (e, "readyok", 10000);
        engine_send (e, position);
        engine_send (e, "go infinite");
        engine_send (e, "isready");
        engine_expect (e, "readyok", 10000);
        engine_send (e, "stop");
        engine_expect (e, "info depth ", 10000);
        engine_expect (e, "bestmove h", 10000);
        engine_send (e, "isready");
        engine_expect (e, "readyok", 10000);
        engine_send (e, "quit");
        engine_finish (e);
      }
}

/* The largest budgets, as go gives them, as setoption sets a searcher's
   other budget (mcts's iterations) and as the spec gives them: every
   searcher still answers isready while it searches, stops at stop, and
   ends a timed search by itself.  nodes 18446744073709551615 made mcts
   search nothing, for ever, deaf to stop, quit and the end of its
   input. */
static void
test_largest_budget_every_searcher (void)
{
  const NimPlayerClass *const *classes = nim_player_classes ();
  static const char *const positions[]
      = { "300,301,302,303", "1000000000,4294967295,5,7" };
  static const char *const endless[] = {
    "go nodes 18446744073709551615 depth 18446744073709551615",
    "go p1time 18446744073709551615 p2time 18446744073709551615 "
    "p1inc 18446744073709551615 p2inc 18446744073709551615 "
    "nodes 18446744073709551615 depth 18446744073709551615",
    "go infinite nodes 18446744073709551615",
    "go movetime 18446744073709551615 nodes 18446744073709551615",
  };
  guint i, j, k;

  if (!nim_test_have_nim ())
    return;
  for (i = 0; classes[i] != NULL; i++)
    {
      g_autofree char *spec = NULL;
      GString *largest;
      const NimPlayerOption *o;
      Engine *e;

      if (classes[i]->kind != NIM_PLAYER_SEARCHER)
        continue;
      spec = g_strdup_printf ("%s:time=0", classes[i]->name);
      e = engine_start_player (spec);
      largest = g_string_new (classes[i]->name);
      for (o = classes[i]->options; o->key != NULL; o++)
        if (o->type == NIM_OPTION_UINT)
          {
            g_string_append_printf (
                largest, "%c%s=%" G_GUINT64_FORMAT,
                largest->len > strlen (classes[i]->name) ? ',' : ':', o->key,
                o->max);
            if (!g_str_equal (o->key, "depth") && !g_str_equal (o->key, "time")
                && !g_str_equal (o->key, "nodes"))
              {
                g_autofree char *set = g_strdup_printf (
                    "setoption name %s value %" G_GUINT64_FORMAT, o->key,
                    o->max);

                engine_send (e, set);
              }
          }
      g_string_append_printf (largest, "%ctime=0.2",
                              largest->len > strlen (classes[i]->name) ? ','
                                                                       : ':');
      engine_send (e, "isready");
      engine_expect (e, "readyok", 10000);
      for (j = 0; j < G_N_ELEMENTS (positions); j++)
        {
          g_autofree char *position
              = g_strdup_printf ("position fen %s p1", positions[j]);

          engine_send (e, position);
          for (k = 0; k < G_N_ELEMENTS (endless); k++)
            {
              g_test_message ("%s on %s: %s", spec, positions[j], endless[k]);
              engine_send (e, endless[k]);
              engine_send (e, "isready");
              engine_expect (e, "readyok", 10000);
              engine_send (e, "stop");
              engine_expect (e, "info depth ", 10000);
              engine_expect (e, "bestmove h", 10000);
            }
          engine_send (e, "go movetime 200 nodes 18446744073709551615 "
                          "depth 18446744073709551615");
          engine_expect (e, "info depth ", 10000);
          engine_expect (e, "bestmove h", 10000);
        }
      /* The end of the input ends a search as quit does. */
      engine_send (e, "go nodes 18446744073709551615");
      g_assert_true (g_output_stream_close (e->in, NULL, NULL));
      engine_expect (e, "info depth ", 10000);
      engine_expect (e, "bestmove h", 10000);
      engine_finish (e);

      /* The spec's budgets at their largest, and a time: a bare go. */
      g_test_message ("%s", largest->str);
      e = engine_start_player (largest->str);
      engine_send (e, "position fen 300,301,302,303 p1");
      engine_send (e, "go");
      engine_expect (e, "info depth ", 10000);
      engine_expect (e, "bestmove h", 10000);
      engine_send (e, "quit");
      engine_finish (e);
      g_string_free (largest, TRUE);
    }
}

/* Started with its standard input closed, nim --ugi says it cannot read
   its commands and exits 1: its timer, made first, once took descriptor
   0, and nim waited for ever on it as if it were the referee. */
static void
test_closed_stdin (void)
{
  const char *ugi[] = { "--ugi", NULL };
  g_autofree char *out = NULL;
  g_autofree char *err = NULL;
  g_autofree char *said = NULL;
  int status;

  if (!nim_test_have_nim ())
    return;
  status = nim_test_run_nim_redirected ("<&-", NULL, &out, &err, ugi);
  said = nim_test_strip_valgrind (err);
  g_assert_cmpint (status, ==, 1);
  g_assert_cmpstr (out, ==, "");
  g_assert_cmpstr (said, ==,
                   "nim: read error on standard input: Bad file descriptor\n");
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);
  g_test_add_func ("/ugi/handshake", test_handshake);
  g_test_add_func ("/ugi/query", test_query);
  g_test_add_func ("/ugi/visits", test_visits);
  g_test_add_func ("/ugi/go", test_go);
  g_test_add_func ("/ugi/same-moves", test_same_moves);
  g_test_add_func ("/ugi/bad-input", test_bad_input);
  g_test_add_func ("/ugi/refused", test_refused);
  g_test_add_func ("/ugi/isready-and-stop", test_isready_and_stop);
  g_test_add_func ("/ugi/stop/every-searcher", test_stop_every_searcher);
  g_test_add_func ("/ugi/largest-budget/every-searcher",
                   test_largest_budget_every_searcher);
  g_test_add_func ("/ugi/closed-stdin", test_closed_stdin);
  g_test_add_func ("/ugi/always-answers", test_always_answers);
  g_test_add_func ("/ugi/table", test_table);
  g_test_add_func ("/ugi/go-numbers", test_go_numbers);
  g_test_add_func ("/ugi/long-lines", test_long_lines);
  g_test_add_func ("/ugi/long-words", test_long_words);
  g_test_add_func ("/ugi/rules-range", test_rules_range);
  g_test_add_func ("/ugi/cutegames-order", test_cutegames_order);
  g_test_add_func ("/ugi/check-engine/nim", test_check_engine_nim);
  g_test_add_func ("/ugi/check-engine/example", test_check_engine_example);
  g_test_add_func ("/ugi/check-engine/broken", test_check_engine_broken);
  g_test_add_func ("/ugi/check-engine/kinds", test_check_engine_kinds);
  g_test_add_func ("/ugi/check-engine/misbehaving",
                   test_check_engine_misbehaving);
  g_test_add_func ("/ugi/check-engine/refused", test_check_engine_refused);
  g_test_add_func ("/ugi/check-engine/signals", test_check_engine_signals);
  g_test_add_func ("/ugi/check-engine/log", test_check_engine_log);
  g_test_add_func ("/ugi/engine/twin", test_engine_twin);
  g_test_add_func ("/ugi/engine/example-games", test_engine_example_games);
  return g_test_run ();
}
