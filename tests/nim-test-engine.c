/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-test-engine.c -- a UGI engine for the tests, well-behaved or not

   nim-test-engine MODE [SPEC]

   good     plays SPEC (a nim player spec, default "negamax") over UGI,
            with an info line before each bestmove, holds go infinite's
            bestmove until stop and answers query; it declares the
            options rules, misere and Hash (which does nothing)
   echo     writes back every line it reads (for the process tests)
   crash    kills itself with SIGSEGV at its second go
   hang     never answers its first go (and ignores SIGTERM)
   late     answers each go a second after its time
   affinity plays well, and writes "cpus N" to stderr at ugi: how many
            processors it may run on (0 where the system cannot say)
   paced    plays well, but waits 5 ms before its first bestmove after
            each uginewgame, so that a run of a few hundred games lasts
            longer than a second
   illegal  answers go with a move from a heap that does not exist
   garbage  answers go with a bestmove of binary garbage
   nul      answers go with its move, then a NUL byte and junk on the
            same line (bestmove h1-2\0junk)
   slow     waits three seconds before its ugiok
   flood    plays well and writes a megabyte to stderr each move
   chatter  plays well, but writes two megabytes of info lines before
            each bestmove
   deaf     ignores setoption: plays by "take any" whatever the rules
   norules  plays well, but declares no option: neither rules nor misere
   alloc    makes its table at its first isready, as ugi.md advises, and
            clears it at each uginewgame: a uginewgame, position or go
            before the first isready finds no table, and it exits with
            status 4
   slow-ready  plays well, but takes 600 ms over each readyok after its
            first, as an engine that makes its tables for each game does
   colour   plays well, with info lines nim cannot read before each
            bestmove: colours (ESC), bytes that are not UTF-8, a NUL, and
            one of 100 KiB
   sleepy   answers each go movetime N after N + 30 milliseconds
   fork     plays well, and at ugi forks a child that sleeps for five
            minutes, its pipes closed
   orphan   at its first go forks a child that keeps its output open and
            sleeps for five minutes, and exits without a move
   closeout closes its output at its first go, and sleeps
   closein  closes its input as it gives its first bestmove, and sleeps
   A child forked appends its process id to the file named by
   NIM_TEST_PIDFILE, when set.  NIM_TEST_HANDICAP, when set, is the
   spec played instead of SPEC: the same command on a machine whose
   environment makes the engine weaker (the audit of shards finds it).

   It reads the protocol as nim writes it and nothing else; unknown
   commands are ignored, as UCI engines do. */

#include "config.h"

#include <fcntl.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "nim-movegen.h"
#include "nim-notation.h"
#include "nim-player.h"

static const char *mode = "good";

static void
say (const char *line)
{
  fputs (line, stdout);
  fputc ('\n', stdout);
  fflush (stdout);
}

/* How many processors this process may run on; 0 where the system
   cannot say. */
static int
cpus (void)
{
#if defined(HAVE_SCHED_GETAFFINITY) && defined(CPU_COUNT)
  cpu_set_t set;

  if (sched_getaffinity (0, sizeof set, &set) == 0)
    return CPU_COUNT (&set);
#endif
  return 0;
}

static gboolean
is (const char *m)
{
  return strcmp (mode, m) == 0;
}

/* Forks a child that sleeps for five minutes, its output kept open
   (@keep_output) or every pipe closed; its process id goes to the file
   named by NIM_TEST_PIDFILE. */
static void
fork_sleeper (gboolean keep_output)
{
  const char *pidfile = g_getenv ("NIM_TEST_PIDFILE");
  pid_t pid;

  fflush (stdout);
  pid = fork ();
  if (pid == 0)
    {
      int null = open ("/dev/null", O_RDWR);

      dup2 (null, 0);
      if (!keep_output)
        dup2 (null, 1);
      dup2 (null, 2);
      sleep (300);
      _exit (0);
    }
  if (pid > 0 && pidfile != NULL)
    {
      FILE *f = fopen (pidfile, "a");

      if (f != NULL)
        {
          fprintf (f, "%ld\n", (long) pid);
          fclose (f);
        }
    }
}

int
main (int argc, char **argv)
{
  g_autoptr (NimPlayer) player = NULL;
  g_autofree char *rules_text = g_strdup ("any");
  gboolean misere = FALSE;
  NimRules rules;
  NimBoard board;
  guint to_move = 1;
  char line[65536];
  guint gos = 0;
  NimRules started_rules;
  gboolean started = FALSE;
  gboolean new_game = FALSE;
  gboolean table = FALSE; /* alloc: the first isready made it */
  guint readies = 0;      /* isready commands answered */
  /* go infinite's answer, held until stop */
  g_autoptr (GString) held = g_string_new (NULL);
  const char *spec;

  if (argc > 1)
    mode = argv[1];
  spec = argc > 2 ? argv[2] : "negamax";
  if (g_getenv ("NIM_TEST_HANDICAP") != NULL
      && *g_getenv ("NIM_TEST_HANDICAP") != '\0')
    spec = g_getenv ("NIM_TEST_HANDICAP");
  player = nim_player_new (spec, NULL);
  if (player == NULL)
    return 2;
  nim_rules_init (&rules);
  nim_rules_set_take_any (&rules);
  nim_board_init (&board, NULL, 0);
  if (is ("hang"))
    signal (SIGTERM, SIG_IGN);

  while (fgets (line, sizeof line, stdin) != NULL)
    {
      g_auto (GStrv) words = NULL;

      line[strcspn (line, "\r\n")] = '\0';
      if (is ("echo"))
        {
          say (line);
          continue;
        }
      words = g_strsplit (line, " ", -1);
      if (words[0] == NULL)
        continue;
      if (is ("alloc") && !table
          && (strcmp (words[0], "uginewgame") == 0
              || strcmp (words[0], "position") == 0
              || strcmp (words[0], "go") == 0))
        {
          fprintf (stderr, "%s before the first isready: no table yet\n",
                   words[0]);
          return 4;
        }
      if (strcmp (words[0], "ugi") == 0)
        {
          if (is ("slow"))
            sleep (3);
          if (is ("affinity"))
            {
              fprintf (stderr, "cpus %d\n", cpus ());
              fflush (stderr);
            }
          if (is ("fork"))
            fork_sleeper (FALSE);
          printf ("id name nim-test-engine %s\n", mode);
          say ("id author the nim test suite");
          if (!is ("norules"))
            {
              say ("option name rules type string default any");
              say ("option name misere type check default false");
              say ("option name Hash type spin default 1 min 1 max 1024");
            }
          say ("ugiok");
        }
      else if (strcmp (words[0], "isready") == 0)
        {
          table = TRUE;
          /* Ready means ready: the player is started (a start may clear
             a large table) before readyok, not at the first go. */
          if (!started || !nim_rules_equal (&rules, &started_rules))
            {
              const guint32 one[] = { 1 };
              NimBoard any;

              nim_board_init (&any, one, 1);
              if (!nim_player_start (player, &rules, &any, NULL))
                return 1;
              started_rules = rules;
              started = TRUE;
            }
          if (is ("slow-ready") && readies++ > 0)
            g_usleep (600 * G_TIME_SPAN_MILLISECOND);
          say ("readyok");
        }
      else if (strcmp (words[0], "uginewgame") == 0)
        new_game = TRUE;
      else if (strcmp (words[0], "stop") == 0 && held->len > 0)
        {
          fputs (held->str, stdout);
          fflush (stdout);
          g_string_truncate (held, 0);
        }
      else if (strcmp (words[0], "query") == 0 && words[1] != NULL)
        {
          gboolean over = !nim_board_has_move (&board, &rules);

          if (strcmp (words[1], "p1turn") == 0)
            say (to_move == 1 ? "response true" : "response false");
          else if (strcmp (words[1], "gameover") == 0)
            say (over ? "response true" : "response false");
          else if (!over)
            say ("response none");
          else
            say ((misere ? to_move : 3 - to_move) == 1 ? "response p1win"
                                                       : "response p2win");
        }
      else if (strcmp (words[0], "quit") == 0)
        break;
      else if (strcmp (words[0], "setoption") == 0 && !is ("deaf")
               && g_strv_length (words) >= 5)
        {
          if (strcmp (words[2], "rules") == 0)
            {
              g_free (rules_text);
              rules_text = g_strdup (words[4]);
            }
          else if (strcmp (words[2], "misere") == 0)
            misere = strcmp (words[4], "true") == 0;
          if (!nim_notation_parse_rules (rules_text, misere, &rules, NULL))
            say ("info string bad rules");
        }
      else if (strcmp (words[0], "position") == 0 && g_strv_length (words) >= 4
               && strcmp (words[1], "fen") == 0)
        {
          g_autofree char *fen = g_strdup_printf ("%s %s", words[2], words[3]);
          guint i;

          if (!nim_notation_parse_position (fen, &board, &to_move, NULL))
            say ("info string bad position");
          for (i = 5; i < g_strv_length (words); i++)
            {
              NimMove m;

              if (nim_notation_parse_move (words[i], &m, NULL))
                {
                  nim_board_make_move (&board, &m);
                  to_move = 3 - to_move;
                }
            }
        }
      else if (strcmp (words[0], "go") == 0)
        {
          g_autoptr (GString) out = g_string_new (NULL);
          NimMove move;
          guint64 movetime = 0;
          guint i;

          gos++;
          for (i = 1; words[i] != NULL && words[i + 1] != NULL; i++)
            if (strcmp (words[i], "movetime") == 0)
              movetime = g_ascii_strtoull (words[i + 1], NULL, 10);
          if (is ("crash") && gos == 2)
            {
              /* The default action, so that a sanitizer's handler does
                 not turn the crash into an exit with status 1. */
              signal (SIGSEGV, SIG_DFL);
              raise (SIGSEGV);
            }
          if (is ("hang"))
            for (;;)
              pause ();
          if (is ("orphan"))
            {
              fork_sleeper (TRUE);
              return 0;
            }
          if (is ("closeout"))
            {
              close (1);
              for (;;)
                pause ();
            }
          if (is ("late"))
            g_usleep ((movetime + 1000) * 1000);
          if (is ("sleepy"))
            g_usleep ((movetime + 30) * 1000);
          if (is ("paced") && new_game)
            g_usleep (5000);
          new_game = FALSE;
          if (is ("illegal"))
            {
              say ("bestmove h64-1");
              continue;
            }
          if (is ("garbage"))
            {
              fwrite ("bestmove \x01\xff\xfe garbage \x7f\n", 1, 24, stdout);
              fflush (stdout);
              continue;
            }
          if (is ("flood"))
            {
              static char junk[1 << 20];

              memset (junk, 'x', sizeof junk - 1);
              fputs (junk, stderr);
              fflush (stderr);
            }
          if (!nim_board_has_move (&board, &rules))
            {
              say ("info string no legal move");
              continue;
            }
          /* Started once per rules: a start may clear a large table. */
          if (!started || !nim_rules_equal (&rules, &started_rules))
            {
              if (!nim_player_start (player, &rules, &board, NULL))
                return 1;
              started_rules = rules;
              started = TRUE;
            }
          if (!nim_player_choose_move (player, &board, &move, NULL))
            return 1;
          {
            const NimSearchStats *st = nim_player_get_stats (player);

            g_string_printf (
                out, "info depth %u nodes %" G_GUINT64_FORMAT " score %d pv ",
                st->depth, st->nodes, st->value);
            nim_notation_append_move (out, &move);
            say (out->str);
          }
          if (is ("colour"))
            {
              static char wide[100 * 1024 + 1];

              say ("info string \x1b[32mthinking\x1b[0m");
              say ("info string \xff\xfe not UTF-8");
              fwrite ("info string a\0NUL\n", 1, 19, stdout);
              memset (wide, 'w', sizeof wide - 1);
              fputs ("info string ", stdout);
              say (wide);
            }
          if (is ("chatter"))
            {
              static char text[10 * 1024 + 1];
              guint k;

              memset (text, 'c', sizeof text - 1);
              for (k = 0; k < 200; k++)
                printf ("info string %s\n", text);
            }
          /* closein: closed before the move goes out, so that nim's next
             command cannot reach the pipe before it is closed. */
          if (is ("closein"))
            close (0);
          g_string_assign (out, "bestmove ");
          nim_notation_append_move (out, &move);
          if (g_strv_contains ((const char *const *) words, "infinite"))
            {
              g_string_append_c (out, '\n');
              g_string_assign (held, out->str);
              continue;
            }
          if (is ("nul"))
            {
              g_string_append_len (out, "\0junk", 5);
              g_string_append_c (out, '\n');
              fwrite (out->str, 1, out->len, stdout);
              fflush (stdout);
            }
          else
            say (out->str);
          if (is ("closein"))
            for (;;)
              pause ();
        }
    }
  return 0;
}
