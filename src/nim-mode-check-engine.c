/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-mode-check-engine.c -- `nim --check-engine COMMAND`: does an engine
   speak UGI as doc/ugi.md says?

   A compliance check in the manner of fastchess's --compliance, for the
   student who wrote an engine: it starts the engine and walks it through
   the protocol, the handshake, the options, a new game, positions under
   every rule family, with empty heaps and with a single legal move, each
   form of go, isready while it thinks, stop and quit.  Every check is
   printed with what was sent, what came back and what was expected, so
   that a failure says what to fix.  nim judges every move's legality
   itself, with the rules it sent.  The engine runs as every external
   engine does (lib/players/nim-engine-process.c): without a shell, its
   standard error discarded unless --engine-log says where. */

#include "config.h"

#include "nim-engine-process.h"
#include "nim-i18n.h"
#include "nim-mode.h"
#include "nim-shared.h"
#include "nim-movegen.h"
#include "nim-notation.h"
#include "nim-error.h"
#include "nim-exit.h"

#include <gio/gio.h>
#include <stdio.h>
#include <string.h>

/* How long the engine may take to answer what needs no search, and how
   much later than its time a move may come, in milliseconds. */
#define ANSWER_MS 10000
#define MARGIN_MS 1000

/* ---- the checks ---------------------------------------------------- */

typedef struct
{
  NimEngineProcess *p;
  gboolean eof; /* the engine closed its output */
  guint number;
  guint failed;
  GString *sent;
  GString *got;
  NimRules rules;
} Check;

static void
check_begin (Check *c)
{
  g_string_truncate (c->sent, 0);
  g_string_truncate (c->got, 0);
}

static void
send_line (Check *c, const char *line)
{
  g_string_append_printf (c->sent, "%s%s", c->sent->len ? " | " : "", line);
  if (!nim_engine_process_send (c->p, line, NULL))
    g_string_append (c->sent, _ (" (not written: the engine has closed its "
                                 "input)"));
}

/* The next line within @ms milliseconds, noted in what came back. */
static char *
read_line (Check *c, gint64 ms)
{
  g_autoptr (GError) error = NULL;
  char *line = nim_engine_process_read_line (
      c->p, g_get_monotonic_time () + ms * 1000, &error);

  if (line != NULL)
    g_string_append_printf (c->got, "%s%s", c->got->len ? " | " : "", line);
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED)
           || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CLOSED))
    c->eof = TRUE;
  else if (!g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
    /* A line too long to be an answer, say. */
    g_string_append_printf (c->got, "%s(%s)", c->got->len ? " | " : "",
                            error->message);
  return line;
}

/* Reads lines until one starts with @word (a whole word), within @ms;
   returns that line. */
static char *
read_until (Check *c, const char *word, gint64 ms)
{
  gint64 deadline = g_get_monotonic_time () + ms * 1000;
  gsize n = strlen (word);

  for (;;)
    {
      gint64 left = (deadline - g_get_monotonic_time ()) / 1000;
      char *line = read_line (c, MAX (left, 0));

      if (line == NULL)
        return NULL;
      if (strncmp (line, word, n) == 0 && (line[n] == '\0' || line[n] == ' '))
        return line;
      g_free (line);
    }
}

/* Prints the check's outcome with what was sent, what came back and what
   was expected. */
static void
check_end (Check *c, gboolean ok, const char *name, const char *expected)
{
  c->number++;
  if (!ok)
    c->failed++;
  printf ("%s %u - %s\n", ok ? "ok" : "not ok", c->number, name);
  /* TRANSLATORS: the check's lines are aligned: "sent:", "got:" and
     "expected:" start at the same column, what follows at another. */
  printf (_ ("    sent:     %s\n"), c->sent->str);
  printf (_ ("    got:      %s\n"),
          c->got->len ? c->got->str
          : c->eof    ? _ ("(nothing: the engine closed its output)")
                      : _ ("(nothing)"));
  printf (_ ("    expected: %s\n"), expected);
  fflush (stdout);
}

static void
send_rules (Check *c, const char *take, gboolean misere)
{
  g_autofree char *line
      = g_strdup_printf ("setoption name rules value %s", take);

  send_line (c, line);
  send_line (c, misere ? "setoption name misere value true"
                       : "setoption name misere value false");
  g_assert (nim_notation_parse_rules (take, misere, &c->rules, NULL));
}

/* Whether @line is "bestmove MOVE" with a legal move on @board. */
static gboolean
legal_bestmove (Check *c, const char *line, const NimBoard *board,
                NimMove *move)
{
  g_auto (GStrv) words = NULL;

  if (line == NULL)
    return FALSE;
  words = g_strsplit (line, " ", -1);
  return g_str_equal (words[0], "bestmove") && words[1] != NULL
         && nim_notation_parse_move (words[1], move, NULL)
         && nim_board_check_move (board, &c->rules, move, NULL);
}

/* position + go: a legal move within @ms (plus the margin). */
static gboolean
go_legal (Check *c, const char *fen, const char *moves, const char *go,
          gint64 ms, NimMove *move)
{
  g_autofree char *position = g_strdup_printf (
      "position fen %s%s%s", fen, moves ? " moves " : "", moves ? moves : "");
  g_autofree char *line = NULL;
  NimBoard board;
  guint to_move;
  NimMove m;

  g_assert (nim_notation_parse_position (fen, &board, &to_move, NULL));
  if (moves != NULL)
    {
      g_auto (GStrv) list = g_strsplit (moves, " ", -1);
      guint i;

      for (i = 0; list[i] != NULL; i++)
        {
          g_assert (nim_notation_parse_move (list[i], &m, NULL));
          nim_board_make_move (&board, &m);
        }
    }
  send_line (c, position);
  send_line (c, go);
  line = read_until (c, "bestmove", ms + MARGIN_MS);
  return legal_bestmove (c, line, &board, move ? move : &m);
}

/* ugi: id name, id author, ugiok. */
static gboolean
check_handshake (Check *c)
{
  g_autofree char *line = NULL;
  gboolean name = FALSE, author = FALSE;

  check_begin (c);
  send_line (c, "ugi");
  while ((line = read_line (c, ANSWER_MS)) != NULL
         && !g_str_equal (line, "ugiok"))
    {
      name |= g_str_has_prefix (line, "id name ");
      author |= g_str_has_prefix (line, "id author ");
      g_clear_pointer (&line, g_free);
    }
  check_end (c, line != NULL && name && author, _ ("handshake"),
             _ ("id name NAME, id author AUTHOR and ugiok within 10 s"));
  return line != NULL && name && author;
}

/* The rules as options, then isready. */
static void
check_options (Check *c)
{
  g_autofree char *line = NULL;

  check_begin (c);
  send_rules (c, "any", FALSE);
  send_line (c, "isready");
  line = read_until (c, "readyok", ANSWER_MS);
  check_end (c, line != NULL, _ ("options and isready"),
             _ ("readyok within 10 s"));
}

static void
check_new_game (Check *c)
{
  g_autofree char *line = NULL;

  check_begin (c);
  send_line (c, "uginewgame");
  send_line (c, "isready");
  line = read_until (c, "readyok", ANSWER_MS);
  check_end (c, line != NULL, _ ("new game"), _ ("readyok within 10 s"));
}

/* A move on positions under each rule family. */
static void
check_positions (Check *c)
{
  static const struct
  {
    const char *take;
    gboolean misere;
    const char *fen;
    const char *moves;
  } cases[] = {
    { "any", FALSE, "3,4,5 p1", NULL },
    { "any", TRUE, "1,2,3 p2", NULL },
    { "1,2,3", FALSE, "5,6,7 p1", "h3-3" },
    { "1,2,3", TRUE, "4,4 p2", NULL },
    { "1,3,4", FALSE, "6,7 p1", NULL },
    { "2,5,6", TRUE, "1,8,3 p2", "h2-5" },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *name = NULL;
      gboolean ok;

      check_begin (c);
      send_line (c, "uginewgame");
      send_rules (c, cases[i].take, cases[i].misere);
      ok = go_legal (c, cases[i].fen, cases[i].moves, "go movetime 500", 500,
                     NULL);
      /* TRANSLATORS: %s are the rules as sent: "any", "1,2,3"; misère is
         added after them. */
      name = g_strdup_printf (_ ("a move under the rules %s%s"), cases[i].take,
                              cases[i].misere ? _ (", misère") : "");
      check_end (c, ok, name, _ ("bestmove with a legal move within 1.5 s"));
    }
}

/* Empty heaps keep their place: moves are only on the others. */
static void
check_empty_heaps (Check *c)
{
  gboolean ok;

  check_begin (c);
  send_line (c, "uginewgame");
  send_rules (c, "any", FALSE);
  ok = go_legal (c, "0,3,0,5 p1", NULL, "go movetime 500", 500, NULL);
  ok = go_legal (c, "0,0,7 p2", "h3-2", "go movetime 500", 500, NULL) && ok;
  check_end (c, ok, _ ("positions with empty heaps"),
             _ ("a legal move each time (on heaps 2 and 4, then heap 3)"));
}

/* A single legal move must be found, under any rules and under a
   subtraction set. */
static void
check_single_move (Check *c)
{
  NimMove move;
  gboolean ok;

  check_begin (c);
  send_rules (c, "any", FALSE);
  ok = go_legal (c, "0,0,1 p1", NULL, "go movetime 500", 500, &move)
       && move.heap == 2 && move.count == 1;
  send_rules (c, "2,5,6", FALSE);
  ok = go_legal (c, "1,2,1 p2", NULL, "go movetime 500", 500, &move)
       && move.heap == 1 && move.count == 2 && ok;
  check_end (c, ok, _ ("a single legal move"),
             _ ("bestmove h3-1, then bestmove h2-2"));
}

/* query p1turn, gameover, result. */
static void
check_query (Check *c)
{
  static const struct
  {
    const char *position;
    const char *query;
    const char *response;
  } cases[] = {
    { "position fen 3,4,5 p1", "query p1turn", "response true" },
    { "position fen 3,4,5 p1 moves h1-1", "query p1turn", "response false" },
    { "position fen 3,4,5 p1", "query gameover", "response false" },
    { "position fen 3,4,5 p1", "query result", "response none" },
    { "position fen 0,1 p1 moves h2-1", "query gameover", "response true" },
    { "position fen 0,1 p1 moves h2-1", "query result", "response p1win" },
  };
  gboolean ok = TRUE;
  GString *expected = g_string_new (NULL);
  guint i;

  check_begin (c);
  send_rules (c, "any", FALSE);
  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      g_autofree char *line = NULL;

      send_line (c, cases[i].position);
      send_line (c, cases[i].query);
      line = read_until (c, "response", ANSWER_MS);
      ok = ok && line != NULL && g_str_equal (line, cases[i].response);
      g_string_append_printf (expected, "%s%s", i ? " | " : "",
                              cases[i].response);
    }
  check_end (c, ok, "query", expected->str);
  g_string_free (expected, TRUE);
}

/* Each form of go. */
static void
check_go_forms (Check *c)
{
  static const struct
  {
    const char *go;
    gint64 ms;
  } forms[] = {
    { "go movetime 300", 300 },
    { "go depth 3", ANSWER_MS },
    { "go nodes 1000", ANSWER_MS },
    { "go p1time 10000 p2time 10000", 5000 },
    { "go p1time 10000 p2time 10000 p1inc 100 p2inc 100", 5000 },
  };
  guint i;

  for (i = 0; i < G_N_ELEMENTS (forms); i++)
    {
      g_autofree char *expected = NULL;
      gboolean ok;

      check_begin (c);
      send_rules (c, "1,2,3", FALSE);
      ok = go_legal (c, "7,8,9 p1", NULL, forms[i].go, forms[i].ms, NULL);
      expected
          = g_strdup_printf (_ ("bestmove with a legal move within %.1f s"),
                             (forms[i].ms + MARGIN_MS) / 1000.0);
      check_end (c, ok, forms[i].go, expected);
    }
}

/* go infinite: no bestmove before stop, one right after it. */
static void
check_stop (Check *c)
{
  g_autofree char *early = NULL;
  g_autofree char *line = NULL;
  NimBoard board;
  NimMove move;
  gboolean ok;

  check_begin (c);
  send_rules (c, "any", FALSE);
  send_line (c, "position fen 3,4,5 p1");
  send_line (c, "go infinite");
  early = read_until (c, "bestmove", 500);
  send_line (c, "stop");
  line = early ? NULL : read_until (c, "bestmove", MARGIN_MS);
  nim_board_parse (&board, "3,4,5", NULL, NULL);
  ok = early == NULL && legal_bestmove (c, line, &board, &move);
  check_end (c, ok, _ ("go infinite, then stop"),
             _ ("no bestmove before stop, a legal one within 1 s after it"));
}

/* isready while the engine thinks: readyok and a move, both in time. */
static void
check_isready_while_thinking (Check *c)
{
  g_autofree char *first = NULL;
  g_autofree char *second = NULL;
  gboolean ready, best;
  NimBoard board;
  NimMove move;

  check_begin (c);
  send_rules (c, "any", FALSE);
  send_line (c, "position fen 9,10,11,12,13 p1");
  send_line (c, "go movetime 1000");
  send_line (c, "isready");
  /* readyok may come before the move (an engine that searches in a
     thread of its own) or after it (one that searches in its main
     loop). */
  first = read_line (c, 1000 + MARGIN_MS);
  while (first != NULL && g_str_has_prefix (first, "info"))
    {
      g_free (first);
      first = read_line (c, 1000 + MARGIN_MS);
    }
  second = first ? read_line (c, 1000 + MARGIN_MS) : NULL;
  while (second != NULL && g_str_has_prefix (second, "info"))
    {
      g_free (second);
      second = read_line (c, 1000 + MARGIN_MS);
    }
  ready = (first && g_str_equal (first, "readyok"))
          || (second && g_str_equal (second, "readyok"));
  nim_board_parse (&board, "9,10,11,12,13", NULL, NULL);
  best = legal_bestmove (c, first, &board, &move)
         || legal_bestmove (c, second, &board, &move);
  check_end (c, ready && best, _ ("isready while thinking"),
             _ ("readyok and a legal bestmove, in either order, within "
                "2 s"));
}

/* quit: the engine exits. */
static void
check_quit (Check *c)
{
  gint64 deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
  g_autofree char *how = NULL;
  g_autofree char *clean = g_strdup_printf (_ ("exited with status %d"), 0);
  gboolean exited;

  check_begin (c);
  send_line (c, "quit");
  while (!(exited = nim_engine_process_has_exited (c->p))
         && g_get_monotonic_time () < deadline)
    g_usleep (10000);
  how = nim_engine_process_describe_exit (c->p);
  g_string_append_printf (c->got, "(%s)", how);
  check_end (c, exited && g_str_equal (how, clean), "quit",
             _ ("the engine exits with status 0 within 2 s"));
}

/* The command and directory of the engine declared as @name with
   --engine NAME=COMMAND (and --engine-dir NAME=DIR), or %FALSE. */
static gboolean
declared_engine (const NimShared *shared, const char *name,
                 const char **command, const char **directory)
{
  char **engines = shared->engines, **dirs = shared->engine_dirs;
  gsize n = strlen (name);
  guint i;

  *command = *directory = NULL;
  for (i = 0; engines != NULL && engines[i] != NULL; i++)
    if (strncmp (engines[i], name, n) == 0 && engines[i][n] == '=')
      *command = engines[i] + n + 1;
  for (i = 0; dirs != NULL && dirs[i] != NULL; i++)
    if (strncmp (dirs[i], name, n) == 0 && dirs[i][n] == '=')
      *directory = dirs[i] + n + 1;
  return *command != NULL;
}

/**
 * CheckConfig:
 *
 * --check-engine NAME|COMMAND: the engine, a name declared with --engine
 * or a command line.
 */
typedef struct
{
  char *engine;
} CheckConfig;

/* Returns 0 if every check passed, 1 if one failed, 2 for a command that
   cannot be started. */
static int
check_engine_run (gpointer config, NimShared *shared)
{
  g_autoptr (GError) error = NULL;
  g_autoptr (NimEngineProcess) p = NULL;
  g_autofree char *log_path = NULL;
  const CheckConfig *check = config;
  const char *command = check->engine, *directory = NULL;
  const char *name = "check";
  Check c = { 0 };

  /* A name declared with --engine, else a command line. */
  if (declared_engine (shared, check->engine, &command, &directory))
    name = check->engine;
  else
    command = check->engine;
  if (shared->engine_log != NULL)
    {
      g_autofree char *file = g_strconcat (name, "-check.log", NULL);

      log_path = g_build_filename (shared->engine_log, file, NULL);
    }
  p = nim_engine_process_new (command, directory, log_path, &error);
  if (p == NULL)
    {
      /* A command that cannot be run is a usage error, whatever the
         process module called it. */
      g_autoptr (GError) usage
          = g_error_new (NIM_ERROR, NIM_ERROR_USAGE, _ ("--check-engine: %s"),
                         error->message);

      return nim_exit_fail (usage, TRUE);
    }
  c.p = p;
  c.sent = g_string_new (NULL);
  c.got = g_string_new (NULL);
  printf (_ ("Checking the engine '%s' (UGI, see doc/ugi.md)\n"), command);
  if (!check_handshake (&c))
    {
      /* Every other check needs the handshake. */
      printf (_ ("The other checks need the handshake; fix it first.\n"));
      c.failed++;
      goto done;
    }
  check_options (&c);
  check_new_game (&c);
  check_positions (&c);
  check_empty_heaps (&c);
  check_single_move (&c);
  check_query (&c);
  check_go_forms (&c);
  check_stop (&c);
  check_isready_while_thinking (&c);
  check_quit (&c);
done:
  nim_engine_process_stop (p, NIM_ENGINE_PROCESS_GRACE);
  if (c.failed == 0)
    printf (_ ("All %u checks passed.\n"), c.number);
  else
    printf (ngettext ("%u of %u checks failed.\n", "%u of %u checks failed.\n",
                      c.failed),
            c.failed, c.number);
  g_string_free (c.sent, TRUE);
  g_string_free (c.got, TRUE);
  return c.failed == 0 ? NIM_EXIT_OK : NIM_EXIT_FAILURE;
}

static const NimOption options[] = {
  { { "check-engine", 0, 0, G_OPTION_ARG_STRING,
      NIM_OPTION_FIELD (CheckConfig, engine),
      N_ ("Check that the engine COMMAND speaks UGI: every command, each "
          "check printed; exit 0 when all pass"),
      "NAME|COMMAND" },
    0,
    NULL,
    NULL },
  { { NULL } },
};

/**
 * nim_mode_check_engine:
 *
 * nim --check-engine: an engine walked through the protocol; it sends
 * rules of its own, so it takes none of the options that set them.
 */
const NimMode nim_mode_check_engine = {
  .name = "--check-engine",
  .options = { NIM_HELP_UGI, FALSE, options },
  .shared = NIM_SHARED_ENGINES,
  .config_size = sizeof (CheckConfig),
  .run = check_engine_run,
};
