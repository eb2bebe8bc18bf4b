/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-mode-check-engine.c -- `nim --check-engine COMMAND`: does an engine
   speak UGI as doc/ugi.md says?

   A compliance check in the manner of fastchess's --compliance, for the
   student who wrote an engine: it starts the engine and walks it through
   the protocol in ugi.md's order, the handshake, the options and
   isready, a new game, moves, positions with moves and with empty heaps,
   a single legal move, query, each form of go, stop, isready while it
   thinks and quit.  Each check is of one kind: *required* (what ugi.md
   asks, in nim's notation, under the protocol's start rules: take any
   number, normal play), *recommended* (what UCI engines do and ugi.md
   does not ask, such as id author and holding go infinite's bestmove
   until stop) or *nim's extensions* (the rules and misère options, the
   other rule families, split moves), run only when the engine declares
   the options they need.  Only required checks decide the exit status.
   Every check is printed with its kind, what was sent, what came back
   and what was expected, so that a failure says what to fix; a check not
   run says why.  nim judges every move's legality itself, with the rules
   it sent.

   An engine that stops answering is asked `isready` once after the check
   it failed: when that is not answered either, the checks that need an
   engine that answers are not run, and the report says so, rather than
   waiting out each check's time.  The engine runs as every external
   engine does (lib/players/nim-engine-process.c): without a shell, in a
   process group of its own, its standard error discarded unless
   --engine-log says where. */

#include "config.h"

#include "nim-engine-process.h"
#include "nim-error.h"
#include "nim-exit.h"
#include "nim-i18n.h"
#include "nim-mode.h"
#include "nim-movegen.h"
#include "nim-interrupt.h"
#include "nim-notation.h"
#include "nim-prompt.h"
#include "nim-shared.h"

#include <gio/gio.h>
#include <stdio.h>
#include <string.h>

/* How long the engine may take to answer what needs no search, and how
   much later than its time a move may come, in milliseconds. */
#define ANSWER_MS 10000
#define MARGIN_MS 1000
/* How long an engine that did not answer in time has to answer isready
   before the checks that need it are given up. */
#define PROBE_MS 2000
/* How long a read waits at most before it looks at Ctrl-C, in
   milliseconds. */
#define INTERRUPT_SLICE_MS 100
/* The most of what came back a check shows, in bytes: as much as nim
   reads of one line. */
#define GOT_MAX NIM_ENGINE_PROCESS_MAX_LINE

/* ---- the checks ---------------------------------------------------- */

typedef enum
{
  REQUIRED,
  RECOMMENDED,
  EXTENSION,
} Kind;

typedef struct
{
  NimEngineProcess *p;
  gboolean eof;         /* the engine closed its output */
  gboolean timed_out;   /* a read this check waited for came too late */
  char *gone;           /* (nullable): why the later checks are not run */
  gboolean interrupted; /* Ctrl-C, SIGTERM or SIGHUP: nothing more runs */
  guint number;
  guint passed;
  guint failed;
  guint failed_required;
  guint skipped;
  GString *sent;
  GString *got;
  gsize got_dropped; /* bytes that came back past GOT_MAX */
  NimRules rules;
  /* What the handshake found. */
  gboolean id_name;
  gboolean id_author;
  GPtrArray *options; /* the option names it declared */
  GPtrArray *defaults;
} Check;

static const char *
kind_name (Kind kind)
{
  switch (kind)
    {
    case REQUIRED:
      /* TRANSLATORS: the kind of a check of --check-engine: what the
         protocol requires. */
      return _ ("required");
    case RECOMMENDED:
      /* TRANSLATORS: the kind of a check: what UCI engines do and the
         protocol does not require. */
      return _ ("recommended");
    case EXTENSION:
      /* TRANSLATORS: the kind of a check: nim's additions to the
         protocol (the rules option, split moves). */
      return _ ("nim's extension");
    }
  g_assert_not_reached ();
}

static void
check_begin (Check *c)
{
  g_string_truncate (c->sent, 0);
  g_string_truncate (c->got, 0);
  c->got_dropped = 0;
  c->timed_out = FALSE;
}

static void
send_line (Check *c, const char *line)
{
  g_string_append_printf (c->sent, "%s%s", c->sent->len ? " | " : "", line);
  if (!nim_engine_process_send (c->p, line, NULL))
    g_string_append (c->sent, _ (" (not written: the engine has closed its "
                                 "input)"));
}

/* Adds @text to what came back, up to GOT_MAX bytes. */
static void
got_add (Check *c, const char *text)
{
  gsize n = strlen (text) + (c->got->len ? 3 : 0);

  if (c->got_dropped > 0 || c->got->len + n > GOT_MAX)
    {
      c->got_dropped += n;
      return;
    }
  g_string_append_printf (c->got, "%s%s", c->got->len ? " | " : "", text);
}

/* The next line by @deadline (a g_get_monotonic_time()), read in
   slices so that Ctrl-C ends the wait however long it is: %NULL then,
   with @c->interrupted set. */
static char *
read_sliced (Check *c, gint64 deadline, NimEngineLineFlags *flags,
             GError **error)
{
  for (;;)
    {
      g_autoptr (GError) local = NULL;
      gint64 slice = g_get_monotonic_time ()
                     + INTERRUPT_SLICE_MS * G_TIME_SPAN_MILLISECOND;
      char *line = nim_engine_process_read_line (c->p, MIN (deadline, slice),
                                                 flags, &local);

      if (line != NULL)
        return line;
      if (nim_interrupted ())
        {
          c->interrupted = TRUE;
          g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
      if (!g_error_matches (local, G_IO_ERROR, G_IO_ERROR_TIMED_OUT)
          || g_get_monotonic_time () >= deadline)
        {
          g_propagate_error (error, g_steal_pointer (&local));
          return NULL;
        }
    }
}

/* The next line within @ms milliseconds, noted in what came back. */
static char *
read_line (Check *c, gint64 ms)
{
  g_autoptr (GError) error = NULL;
  NimEngineLineFlags flags;
  char *line
      = read_sliced (c, g_get_monotonic_time () + ms * 1000, &flags, &error);

  if (line != NULL)
    {
      got_add (c, line);
      if (flags & NIM_ENGINE_LINE_CUT)
        got_add (c, _ ("(the line above was longer than 64 KiB: cut)"));
    }
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CONNECTION_CLOSED)
           || g_error_matches (error, G_IO_ERROR, G_IO_ERROR_CLOSED))
    c->eof = TRUE;
  else if (g_error_matches (error, G_IO_ERROR, G_IO_ERROR_TIMED_OUT))
    c->timed_out = TRUE;
  else
    {
      g_autofree char *note = g_strdup_printf ("(%s)", error->message);

      got_add (c, note);
    }
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

/* After a check the engine did not answer in time: whether it answers
   isready now (what it wrote before its readyok is the failed check's
   late answer, dropped); if not, the checks after this one need an engine
   that answers, and are not run. */
static void
probe (Check *c)
{
  gint64 deadline = g_get_monotonic_time () + PROBE_MS * 1000;
  g_autofree char *line = NULL;

  nim_engine_process_send (c->p, "isready", NULL);
  while (line == NULL || !g_str_equal (line, "readyok"))
    {
      g_clear_pointer (&line, g_free);
      line = read_sliced (c, deadline, NULL, NULL);
      if (line == NULL)
        break;
    }
  if (line == NULL && !c->interrupted)
    c->gone = g_strdup_printf (
        _ ("the engine did not answer check %u in time, nor isready in "
           "the %d s after it"),
        c->number, PROBE_MS / 1000);
}

/* Prints the check's outcome with its kind, what was sent, what came back
   and what was expected. */
static void
check_end (Check *c, Kind kind, gboolean ok, const char *name,
           const char *expected)
{
  /* A check that Ctrl-C cut short is no result. */
  if (c->interrupted)
    return;
  c->number++;
  if (ok)
    c->passed++;
  else
    {
      c->failed++;
      c->failed_required += kind == REQUIRED;
    }
  printf ("%s %u - %s [%s]\n", ok ? "ok" : "not ok", c->number, name,
          kind_name (kind));
  /* TRANSLATORS: the check's lines are aligned: "sent:", "got:" and
     "expected:" start at the same column, what follows at another. */
  printf (_ ("    sent:     %s\n"), c->sent->str);
  if (c->got_dropped > 0)
    printf (_ ("    got:      %s | ... (%zu bytes more, not shown)\n"),
            c->got->str, c->got_dropped);
  else
    printf (_ ("    got:      %s\n"),
            c->got->len ? c->got->str
            : c->eof    ? _ ("(nothing: the engine closed its output)")
                        : _ ("(nothing)"));
  printf (_ ("    expected: %s\n"), expected);
  fflush (stdout);
  if (c->gone != NULL)
    return;
  if (c->eof)
    {
      g_autofree char *how = NULL;

      nim_engine_process_wait (c->p, 200 * G_TIME_SPAN_MILLISECOND);
      how = nim_engine_process_describe_exit (c->p);
      c->gone = g_strdup_printf (_ ("the engine closed its output at check "
                                    "%u (%s)"),
                                 c->number, how);
    }
  else if (!ok && c->timed_out)
    probe (c);
}

/* A check not run, and why. */
static void
check_skip (Check *c, Kind kind, const char *name, const char *why)
{
  if (c->interrupted)
    return;
  c->number++;
  c->skipped++;
  /* TRANSLATORS: a check that was not run; the last %s says why.  "#
     SKIP" is TAP's word for it and stays English. */
  printf (_ ("ok %u - %s [%s] # SKIP not run: %s\n"), c->number, name,
          kind_name (kind), why);
}

/* Whether the check can run: the engine still answers.  Says so when
   not. */
static gboolean
can_run (Check *c, Kind kind, const char *name)
{
  if (c->interrupted || nim_interrupted ())
    {
      c->interrupted = TRUE;
      return FALSE;
    }
  if (c->gone == NULL)
    {
      check_begin (c);
      return TRUE;
    }
  check_skip (c, kind, name, c->gone);
  return FALSE;
}

/* The index of the option the engine declared as @name (in any case), or
   -1. */
static gint
declared (const Check *c, const char *name)
{
  guint i;

  for (i = 0; i < c->options->len; i++)
    if (g_ascii_strcasecmp (c->options->pdata[i], name) == 0)
      return (gint) i;
  return -1;
}

/* Tells the engine the rules, as nim's referee does: "any" or the counts,
   and whether play is misère. */
static void
send_rules (Check *c, const char *take, gboolean misere)
{
  if (declared (c, "rules") >= 0)
    {
      g_autofree char *line = g_strdup_printf (
          "setoption name %s value %s",
          (char *) c->options->pdata[declared (c, "rules")], take);

      send_line (c, line);
    }
  if (declared (c, "misere") >= 0)
    {
      g_autofree char *line = g_strdup_printf (
          "setoption name %s value %s",
          (char *) c->options->pdata[declared (c, "misere")],
          misere ? "true" : "false");

      send_line (c, line);
    }
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

/* The position `position fen @fen moves @moves` stands for. */
static void
position_of (const char *fen, const char *moves, NimBoard *board)
{
  guint to_move;

  g_assert (nim_notation_parse_position (fen, board, &to_move, NULL));
  if (moves != NULL)
    {
      g_auto (GStrv) list = g_strsplit (moves, " ", -1);
      guint i;

      for (i = 0; list[i] != NULL; i++)
        {
          NimMove m;

          g_assert (nim_notation_parse_move (list[i], &m, NULL));
          nim_board_make_move (board, &m);
        }
    }
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
  NimMove m;

  position_of (fen, moves, &board);
  send_line (c, position);
  send_line (c, go);
  line = read_until (c, "bestmove", ms + MARGIN_MS);
  return legal_bestmove (c, line, &board, move ? move : &m);
}

/* ugi: ugiok, and what the engine says before it: its id, its options. */
static gboolean
check_handshake (Check *c)
{
  g_autofree char *line = NULL;

  check_begin (c);
  send_line (c, "ugi");
  while ((line = read_line (c, ANSWER_MS)) != NULL
         && !g_str_equal (line, "ugiok"))
    {
      c->id_name |= g_str_has_prefix (line, "id name ");
      c->id_author |= g_str_has_prefix (line, "id author ");
      if (g_str_has_prefix (line, "option name "))
        {
          const char *name = line + strlen ("option name ");
          const char *type = strstr (name, " type ");
          const char *dflt = type ? strstr (type, " default ") : NULL;

          if (type != NULL && type > name)
            {
              g_ptr_array_add (c->options,
                               g_strndup (name, (gsize) (type - name)));
              g_ptr_array_add (
                  c->defaults,
                  g_strndup (dflt ? dflt + strlen (" default ") : "",
                             dflt ? strcspn (dflt + strlen (" default "), " ")
                                  : 0));
            }
        }
      g_clear_pointer (&line, g_free);
    }
  check_end (c, REQUIRED, line != NULL, _ ("handshake"),
             _ ("ugiok within 10 s"));
  return line != NULL;
}

/* id name and id author, as UCI engines say them. */
static void
check_id (Check *c)
{
  check_begin (c);
  g_string_assign (c->sent, _ ("(nothing: what the handshake said)"));
  g_string_append_printf (c->got, "%s%s%s", c->id_name ? "id name" : "",
                          c->id_name && c->id_author ? " | " : "",
                          c->id_author ? "id author" : "");
  check_end (c, RECOMMENDED, c->id_name && c->id_author,
             _ ("id name and id author"),
             _ ("id name NAME and id author AUTHOR before ugiok"));
}

/* The options, where the engine's defaults are not the start rules, then
   isready. */
static void
check_options (Check *c)
{
  g_autofree char *line = NULL;
  gint r = declared (c, "rules"), m = declared (c, "misere");

  if (!can_run (c, REQUIRED, _ ("options and isready")))
    return;
  /* As nim's referee does: the start rules, where they are not what the
     engine says it plays. */
  if ((r >= 0 && g_strcmp0 (c->defaults->pdata[r], "any") != 0)
      || (m >= 0 && g_ascii_strcasecmp (c->defaults->pdata[m], "false") != 0))
    send_rules (c, "any", FALSE);
  nim_notation_parse_rules ("any", FALSE, &c->rules, NULL);
  send_line (c, "isready");
  line = read_until (c, "readyok", ANSWER_MS);
  check_end (c, REQUIRED, line != NULL, _ ("options and isready"),
             _ ("readyok within 10 s"));
}

static void
check_new_game (Check *c)
{
  g_autofree char *line = NULL;

  if (!can_run (c, REQUIRED, _ ("new game")))
    return;
  send_line (c, "uginewgame");
  send_line (c, "isready");
  line = read_until (c, "readyok", ANSWER_MS);
  check_end (c, REQUIRED, line != NULL, _ ("new game"),
             _ ("readyok within 10 s"));
}

/* Moves under the start rules: from a game's start, after moves, with
   empty heaps, and the one legal move. */
static void
check_moves (Check *c)
{
  NimMove move;
  gboolean ok;

  if (can_run (c, REQUIRED, _ ("a move")))
    {
      send_line (c, "uginewgame");
      check_end (c, REQUIRED,
                 go_legal (c, "3,4,5 p1", NULL, "go movetime 500", 500, NULL),
                 _ ("a move"), _ ("bestmove with a legal move within 1.5 s"));
    }
  if (can_run (c, REQUIRED, _ ("a position with moves")))
    check_end (
        c, REQUIRED,
        go_legal (c, "5,6,7 p2", "h3-3 h1-2", "go movetime 500", 500, NULL),
        _ ("a position with moves"),
        _ ("bestmove with a legal move on 3,6,4 within 1.5 s"));
  if (can_run (c, REQUIRED, _ ("positions with empty heaps")))
    {
      /* Empty heaps keep their place: moves are only on the others. */
      ok = go_legal (c, "0,3,0,5 p1", NULL, "go movetime 500", 500, NULL);
      ok = go_legal (c, "0,0,7 p2", "h3-2", "go movetime 500", 500, NULL)
           && ok;
      check_end (c, REQUIRED, ok, _ ("positions with empty heaps"),
                 _ ("a legal move each time (on heaps 2 and 4, then heap "
                    "3)"));
    }
  if (can_run (c, REQUIRED, _ ("a single legal move")))
    {
      ok = go_legal (c, "0,0,1 p1", NULL, "go movetime 500", 500, &move)
           && move.heap == 2 && move.count == 1 && move.split == 0;
      check_end (c, REQUIRED, ok, _ ("a single legal move"), "bestmove h3-1");
    }
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
  g_autoptr (GString) expected = NULL;
  guint i;

  if (!can_run (c, REQUIRED, "query"))
    return;
  expected = g_string_new (NULL);
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
  check_end (c, REQUIRED, ok, "query", expected->str);
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

      if (!can_run (c, REQUIRED, forms[i].go))
        continue;
      expected
          = g_strdup_printf (_ ("bestmove with a legal move within %.1f s"),
                             (forms[i].ms + MARGIN_MS) / 1000.0);
      check_end (
          c, REQUIRED,
          go_legal (c, "7,8,9 p1", NULL, forms[i].go, forms[i].ms, NULL),
          forms[i].go, expected);
    }
}

/* go infinite, then stop: a legal bestmove by a second after stop
   (required: stop ends the search, and a search ends with bestmove); none
   before it (recommended: UCI's rule, which ugi.md does not state). */
static void
check_stop (Check *c)
{
  g_autofree char *early = NULL;
  g_autofree char *line = NULL;
  NimBoard board;
  NimMove move;
  gboolean held;

  if (!can_run (c, REQUIRED, _ ("go infinite, then stop")))
    {
      check_skip (c, RECOMMENDED, _ ("go infinite holds bestmove until stop"),
                  c->gone);
      return;
    }
  send_line (c, "position fen 3,4,5 p1");
  send_line (c, "go infinite");
  early = read_until (c, "bestmove", 500);
  /* No bestmove yet is what UCI asks, not a timeout. */
  c->timed_out = FALSE;
  held = early == NULL && !c->eof;
  send_line (c, "stop");
  line = early ? g_steal_pointer (&early)
               : read_until (c, "bestmove", MARGIN_MS);
  nim_board_parse (&board, "3,4,5", NULL, NULL);
  check_end (c, REQUIRED, legal_bestmove (c, line, &board, &move),
             _ ("go infinite, then stop"),
             _ ("a legal bestmove within 1 s after stop"));
  if (!can_run (c, RECOMMENDED, _ ("go infinite holds bestmove until stop")))
    return;
  g_string_assign (c->sent, _ ("(nothing: what the check before saw)"));
  g_string_assign (c->got, held ? _ ("no bestmove before stop")
                                : _ ("a bestmove before stop"));
  check_end (c, RECOMMENDED, held, _ ("go infinite holds bestmove until stop"),
             _ ("no bestmove in the half second before stop"));
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

  if (!can_run (c, REQUIRED, _ ("isready while thinking")))
    return;
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
  check_end (c, REQUIRED, ready && best, _ ("isready while thinking"),
             _ ("readyok and a legal bestmove, in either order, within "
                "2 s"));
}

/* nim's extensions: the rules option (other rule families, misère) and
   split moves, each run when the engine declares what it needs. */
static void
check_extensions (Check *c)
{
  static const struct
  {
    const char *name; /* (translated) */
    const char *take;
    gboolean misere;
    const char *fen;
    const char *moves;
    const char *only; /* the one legal move, when there is one */
  } cases[] = {
    { N_ ("a move under the rules 1,2,3"), "1,2,3", FALSE, "5,6,7 p1", "h3-3",
      NULL },
    { N_ ("a move under the rules 1,2,3, misère"), "1,2,3", TRUE, "4,4 p2",
      NULL, NULL },
    { N_ ("a move under the rules 1,3,4"), "1,3,4", FALSE, "6,7 p1", NULL,
      NULL },
    { N_ ("a move under the rules 2,5,6, misère"), "2,5,6", TRUE, "1,8,3 p2",
      "h2-5", NULL },
    { N_ ("a single legal move under the rules 2,5,6"), "2,5,6", FALSE,
      "1,2,1 p2", NULL, "h2-2" },
    { N_ ("a move under take any, misère"), "any", TRUE, "1,2,3 p2", NULL,
      NULL },
    { N_ ("a move under the take-and-break rules 0.77 (Kayles)"), "0.77",
      FALSE, "4,5 p1", NULL, NULL },
    { N_ ("split moves, read and played (rules 0.4)"), "0.4", FALSE, "7 p1",
      "h1-1=3+3", NULL },
  };
  gboolean rules = declared (c, "rules") >= 0;
  gboolean misere = declared (c, "misere") >= 0;
  guint i;

  for (i = 0; i < G_N_ELEMENTS (cases); i++)
    {
      const char *name = _ (cases[i].name);
      gboolean need_rules = !g_str_equal (cases[i].take, "any");
      g_autofree char *expected = NULL;
      NimMove move;
      gboolean ok;

      if ((need_rules && !rules) || (cases[i].misere && !misere))
        {
          check_skip (c, EXTENSION, name,
                      need_rules && !rules
                          ? _ ("no option 'rules' (nim plays this engine "
                               "only under the start rules: take any "
                               "number, normal play)")
                          : _ ("no option 'misere' (nim plays this engine "
                               "only under normal play)"));
          continue;
        }
      if (!can_run (c, EXTENSION, name))
        continue;
      send_line (c, "uginewgame");
      send_rules (c, cases[i].take, cases[i].misere);
      ok = go_legal (c, cases[i].fen, cases[i].moves, "go movetime 500", 500,
                     &move);
      if (ok && cases[i].only != NULL)
        {
          g_autofree char *played = nim_notation_move (&move);

          ok = g_str_equal (played, cases[i].only);
        }
      expected
          = cases[i].only != NULL
                ? g_strdup_printf ("bestmove %s", cases[i].only)
                : g_strdup (_ ("bestmove with a legal move within 1.5 s"));
      check_end (c, EXTENSION, ok, name, expected);
    }
  /* What the checks after these expect. */
  if (c->gone == NULL && (rules || misere))
    {
      check_begin (c);
      send_rules (c, "any", FALSE);
    }
}

/* quit: the engine exits. */
static void
check_quit (Check *c)
{
  gint64 deadline = g_get_monotonic_time () + 2 * G_USEC_PER_SEC;
  g_autofree char *how = NULL;
  g_autofree char *clean = g_strdup_printf (_ ("exited with status %d"), 0);
  gboolean exited;

  if (!can_run (c, RECOMMENDED, "quit"))
    return;
  send_line (c, "quit");
  while (!(exited = nim_engine_process_has_exited (c->p))
         && g_get_monotonic_time () < deadline && !nim_interrupted ())
    g_usleep (10000);
  if (!exited && nim_interrupted ())
    {
      c->interrupted = TRUE;
      return;
    }
  how = nim_engine_process_describe_exit (c->p);
  g_string_append_printf (c->got, "(%s)", how);
  check_end (c, RECOMMENDED, exited && g_str_equal (how, clean), "quit",
             _ ("the engine exits with status 0 within 2 s"));
}

/* The summary: how many checks passed, failed and were not run, and
   whether every required one passed. */
static void
summarize (const Check *c)
{
  if (c->failed == 0 && c->skipped == 0)
    {
      printf (_ ("All %u checks passed.\n"), c->number);
      return;
    }
  printf (ngettext ("%u check: %u passed, %u failed, %u not run.\n",
                    "%u checks: %u passed, %u failed, %u not run.\n",
                    c->number),
          c->number, c->passed, c->failed, c->skipped);
  if (c->failed_required == 0)
    printf (_ ("Every required check that ran passed.\n"));
  else
    printf (ngettext ("%u required check failed.\n",
                      "%u required checks failed.\n", c->failed_required),
            c->failed_required);
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

/* Returns 0 if every required check passed, 1 if one failed (or the
   handshake, which every other check needs), 2 for a command that cannot
   be started. */
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
  /* Ctrl-C, SIGTERM and SIGHUP end the check, and the engine's process
     group with it, as they end a comparison run's engines. */
  nim_interrupt_catch ();
  p = nim_engine_process_new (command, directory, log_path, &error);
  if (p == NULL)
    {
      /* A command that cannot be run is a usage error, whatever the
         process module called it; a log nim cannot write, nim's. */
      g_autoptr (GError) fail = g_error_new (
          NIM_ERROR,
          error->domain == G_IO_ERROR ? NIM_ERROR_FAILED : NIM_ERROR_USAGE,
          _ ("--check-engine: %s"), error->message);

      nim_interrupt_release ();
      return nim_exit_fail (fail, TRUE);
    }
  c.p = p;
  c.sent = g_string_new (NULL);
  c.got = g_string_new (NULL);
  c.options = g_ptr_array_new_with_free_func (g_free);
  c.defaults = g_ptr_array_new_with_free_func (g_free);
  printf (_ ("Checking the engine '%s' (UGI, see doc/ugi.md)\n"), command);
  if (!check_handshake (&c) && !c.interrupted)
    {
      /* Every other check needs the handshake. */
      printf (_ ("The other checks need the handshake; fix it first.\n"));
      c.failed_required = MAX (c.failed_required, 1);
    }
  else
    {
      check_id (&c);
      check_options (&c);
      check_new_game (&c);
      check_moves (&c);
      check_query (&c);
      check_go_forms (&c);
      check_stop (&c);
      check_isready_while_thinking (&c);
      check_extensions (&c);
      check_quit (&c);
      if (c.gone != NULL && !c.interrupted)
        printf (_ ("Not run after that: %s.\n"), c.gone);
    }
  nim_engine_process_stop (p, NIM_ENGINE_PROCESS_GRACE);
  nim_interrupt_release ();
  if (c.interrupted)
    {
      fflush (stdout);
      fprintf (stderr,
               ngettext ("nim: interrupted after %u check; the engine was "
                         "stopped\n",
                         "nim: interrupted after %u checks; the engine was "
                         "stopped\n",
                         c.number),
               c.number);
    }
  else
    summarize (&c);
  g_string_free (c.sent, TRUE);
  g_string_free (c.got, TRUE);
  g_ptr_array_free (c.options, TRUE);
  g_ptr_array_free (c.defaults, TRUE);
  g_free (c.gone);
  if (c.interrupted)
    return NIM_EXIT_INTERRUPTED;
  return c.failed_required == 0 ? NIM_EXIT_OK : NIM_EXIT_FAILURE;
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
