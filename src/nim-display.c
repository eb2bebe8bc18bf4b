/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-display.c -- the game as a person reads it on a terminal
 *
 * Matches are drawn in groups of five, as the course's three-row game
 * draws them ("|||||  ||||"), with the count beside them; a heap too wide
 * for a terminal line is shown as a number alone.  The one-pile game is
 * told in the words of its course text instead: how many stones each
 * move removes and how many are left in the pile. */

#include "config.h"

#include "nim-display.h"
#include "nim-explain.h"
#include "nim-i18n.h"

#include <stdio.h>
#include <string.h>

/* How long a computer thinks in silence before the terminal shows that
   it does, in microseconds. */
#define THINKING_DELAY (G_USEC_PER_SEC / 2)

/* The sign that a computer thinks (NIM_DISPLAY_THINKING): a thread
   waits half a second for the move, and writes the line if it has not
   come; the move erases it. */
typedef struct
{
  GThread *thread;
  GMutex lock;
  GCond cond;
  gboolean done;  /* the move came, or the game ended */
  gboolean shown; /* the line is on the terminal */
  char *line;
  FILE *out;
} Thinking;

typedef struct
{
  FILE *out;
  NimDisplayFlags flags;
  guint you; /* with NIM_DISPLAY_VERSUS, the person's number */
  Thinking thinking;
} Display;

static guint
bars_width (guint32 h)
{
  return h == 0 ? 0 : h + 2 * ((h - 1) / 5);
}

static void
append_bars (GString *s, guint32 h)
{
  guint32 i;

  for (i = 0; i < h; i++)
    g_string_append (s, i > 0 && i % 5 == 0 ? "  |" : "|");
}

/* The heaps, one line each, with the count beside the bars when
   @counts. */
static char *
draw_board (const NimBoard *board, gboolean counts)
{
  GString *s = g_string_new (NULL);
  guint max = nim_board_max_heap (board), width = bars_width (max), i;
  int label = board->n_heaps >= 10 ? 2 : 1;
  gboolean numbers_only = max > NIM_DISPLAY_MAX_MATCHES;

  for (i = 0; i < board->n_heaps; i++)
    {
      guint32 h = board->heaps[i];

      if (board->n_heaps == 1)
        /* TRANSLATORS: the start of the line of a game's one heap, whose
           number would say nothing: "Matches: |||||  |||  8".  Keep the
           colon. */
        g_string_append (s, _ ("Matches: "));
      else
        /* TRANSLATORS: the start of a heap's line on the board, before
           its matches drawn as bars, "Heap 3: |||||  ||||  9"; %*u is the
           heap number, padded to the width of the largest.  Keep the
           colon. */
        g_string_append_printf (s, _ ("Heap %*u: "), label, i + 1);
      if (numbers_only)
        g_string_append_printf (s, "%u\n", h);
      else if (!counts)
        {
          append_bars (s, h);
          /* An empty heap's line ends at its colon: "1. Reihe:". */
          while (s->len > 0 && s->str[s->len - 1] == ' ')
            g_string_truncate (s, s->len - 1);
          g_string_append_c (s, '\n');
        }
      else
        {
          gsize start = s->len;

          append_bars (s, h);
          while (s->len - start < width)
            g_string_append_c (s, ' ');
          g_string_append_printf (s, "%s%u\n", width > 0 ? "  " : "", h);
        }
    }
  return g_string_free (s, FALSE);
}

/**
 * nim_display_board:
 * @board: a position
 *
 * Returns: (transfer full): the heaps, one line each:
 *   "Heap 3: |||||  ||||  9", or "Matches: |||||  |||  8" for a game's
 *   one heap
 */
char *
nim_display_board (const NimBoard *board)
{
  return draw_board (board, TRUE);
}

/**
 * nim_display_title:
 * @out: where to print
 * @rules: the rules
 * @computer: the computer player's spec, such as xor
 *
 * The start of a game of one person against the computer, before the
 * heaps are asked for: the title with its rule, as the course's
 * three-row game begins ("NIM-Spiel" in its transcript), then the
 * computer player named, once, and the rules.
 */
void
nim_display_title (FILE *out, const NimRules *rules, const char *computer)
{
  g_autofree char *described = nim_rules_describe (rules);

  /* TRANSLATORS: the title of a game against the computer, over a rule
     of five dashes ("NIM-Spiel" in the course's German transcript). */
  fprintf (out, "%s\n-----\n", _ ("NIM game"));
  /* TRANSLATORS: %s is the computer player's spec, such as xor, then the
     rules, a sentence. */
  fprintf (out, _ ("You play against the computer (%s). %s\n"), computer,
           described);
}

/**
 * nim_display_rules:
 * @out: where to print
 * @rules: the rules
 * @one_pile: the game is the one-pile game: say it of stones in the pile
 *
 * The first line of a game other than the three-row game against the
 * computer: "Nim." and its rules.
 */
void
nim_display_rules (FILE *out, const NimRules *rules, gboolean one_pile)
{
  g_autofree char *described = one_pile ? nim_rules_describe_pile (rules)
                                        : nim_rules_describe (rules);

  /* TRANSLATORS: the first line of a game: the name of the game and its
     rules, a sentence. */
  fprintf (out, _ ("Nim. %s\n"), described);
}

/**
 * nim_display_pile:
 * @stones: how many stones the pile has
 * @start: whether the game is starting (else a move has just been made)
 *
 * Returns: (transfer full): the one pile in a sentence, with its stones
 *   drawn when they fit on a line: "9 stones are left in the pile: |||||
 *   ||||" (one line)
 */
char *
nim_display_pile (guint32 stones, gboolean start)
{
  g_autoptr (GString) bars = g_string_new (NULL);

  if (stones == 0)
    return g_strdup (_ ("No stones are left in the pile.\n"));
  if (stones > NIM_DISPLAY_MAX_MATCHES)
    return g_strdup_printf (
        start
            ? g_dngettext (GETTEXT_PACKAGE, "The pile has %u stone.\n",
                           "The pile has %u stones.\n", stones)
            : g_dngettext (GETTEXT_PACKAGE, "%u stone is left in the pile.\n",
                           "%u stones are left in the pile.\n", stones),
        stones);
  append_bars (bars, stones);
  return g_strdup_printf (
      /* TRANSLATORS: %s is the stones drawn as bars, "|||||  ||||". */
      start
          ? g_dngettext (GETTEXT_PACKAGE, "The pile has %u stone: %s\n",
                         "The pile has %u stones: %s\n", stones)
          /* TRANSLATORS: %s is the stones drawn as bars, "|||||  ||||". */
          : g_dngettext (GETTEXT_PACKAGE, "%u stone is left in the pile: %s\n",
                         "%u stones are left in the pile: %s\n", stones),
      stones, bars->str);
}

/* The statistics line of --stats, under a computer's move. */
static void
print_stats (FILE *out, const NimSearchStats *stats)
{
  g_autofree char *value = nim_search_value_describe (stats);
  double nps = stats->seconds > 0 ? stats->nodes / stats->seconds : 0;
  /* TRANSLATORS: the count of nodes of the statistics line of --stats. */
  g_autofree char *nodes
      = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%llu node",
                                      "%llu nodes", (gulong) stats->nodes),
                         (unsigned long long) stats->nodes);
  /* TRANSLATORS: the count of alpha-beta cutoffs of the statistics line
     of --stats. */
  g_autofree char *cutoffs
      = g_strdup_printf (g_dngettext (GETTEXT_PACKAGE, "%llu cutoff",
                                      "%llu cutoffs", (gulong) stats->cutoffs),
                         (unsigned long long) stats->cutoffs);

  /* TRANSLATORS: the statistics line of --stats; the first %s is "win",
     "loss in 7" or "not proven", the second and third "12 nodes" and "3
     cutoffs", s is seconds. */
  fprintf (out,
           _ ("  [%s; depth %u; %s, %s, table %llu/%llu "
              "hits/probes; %.3f s, %.0f nodes/s]\n"),
           value, stats->depth, nodes, cutoffs,
           (unsigned long long) stats->tt_hits,
           (unsigned long long) stats->tt_probes, stats->seconds, nps);
}

/* "Player 2 (negamax)" */
static char *
player_label (const NimGame *game, guint number)
{
  /* TRANSLATORS: a player and its spec (a player name such as negamax,
     with its options), as in "Player 2 (negamax:depth=4)". */
  return g_strdup_printf (
      _ ("Player %u (%s)"), number,
      nim_player_get_spec (nim_game_get_player (game, number)));
}

static gboolean
is_versus (const Display *d)
{
  return d->flags & NIM_DISPLAY_VERSUS;
}

static gboolean
is_pile (const Display *d)
{
  return d->flags & NIM_DISPLAY_ONE_PILE;
}

/* The position, as the game shows it after a move: the pile in words,
   the course's "Current position:" and its rule over the bars against
   the computer, else the bars with their counts. */
static void
print_position (const Display *d, const NimBoard *board, gboolean start)
{
  g_autofree char *text = NULL;

  if (is_pile (d))
    text = nim_display_pile (board->heaps[0], start);
  else if (is_versus (d))
    {
      g_autofree char *bars = draw_board (board, FALSE);

      /* TRANSLATORS: over the board, in a game against the computer
         ("Aktueller Spielstand:" in the course's transcript). */
      text = g_strdup_printf ("%s\n-----\n%s", _ ("Current position:"), bars);
    }
  else
    text = nim_display_board (board);
  /* The course's conversation goes on after the board without a blank
     line, the next line starting with one. */
  fprintf (d->out, "\n%s%s", text, is_versus (d) && !is_pile (d) ? "" : "\n");
}

static void
display_started (gpointer data, const NimGame *game)
{
  Display *d = data;
  const NimBoard *start = nim_game_get_board (game);
  g_autofree char *p1 = NULL;
  g_autofree char *p2 = NULL;

  /* Against the computer the title and the rules came before the
     questions (nim_display_title()): the position follows. */
  if (is_versus (d) && !is_pile (d))
    {
      print_position (d, start, TRUE);
      return;
    }
  if (!(d->flags & NIM_DISPLAY_INTRODUCED))
    nim_display_rules (d->out, nim_game_get_rules (game), is_pile (d));
  if (is_versus (d))
    {
      fprintf (d->out,
               nim_game_get_first (game) == d->you
                   /* TRANSLATORS: %s is the computer player's spec, such as
                      grundy. */
                   ? _ ("You play against the computer (%s); you move first.")
                   : _ ("You play against the computer (%s); the computer "
                        "moves first."),
               nim_player_get_spec (nim_game_get_player (game, 3 - d->you)));
      fputc ('\n', d->out);
    }
  else
    {
      p1 = player_label (game, 1);
      p2 = player_label (game, 2);
      /* TRANSLATORS: the two "Player N (NAME)" and who moves first. */
      fprintf (d->out, _ ("%s plays %s; player %u moves first.\n"), p1, p2,
               nim_game_get_first (game));
    }
  print_position (d, start, TRUE);
}

static gpointer
think (gpointer data)
{
  Thinking *t = data;
  gint64 end = g_get_monotonic_time () + THINKING_DELAY;

  g_mutex_lock (&t->lock);
  while (!t->done && g_cond_wait_until (&t->cond, &t->lock, end))
    ;
  if (!t->done)
    {
      fputs (t->line, t->out);
      fflush (t->out);
      t->shown = TRUE;
    }
  g_mutex_unlock (&t->lock);
  return NULL;
}

/* A computer is about to think: in half a second, if it has not moved,
   the terminal says that it thinks and for how long it may. */
static void
thinking_start (Display *d, const NimGame *game)
{
  Thinking *t = &d->thinking;
  guint number = nim_game_get_to_move (game);
  NimPlayer *p = nim_game_get_player (game, number);
  double budget = nim_player_get_time_budget (p, nim_game_get_clock (game));
  g_autofree char *who = NULL;

  if (!(d->flags & NIM_DISPLAY_THINKING) || nim_player_is_interactive (p))
    return;
  who = is_versus (d) ? g_strdup (_ ("The computer"))
                      : player_label (game, number);
  g_free (t->line);
  if (budget > 0)
    /* TRANSLATORS: shown on a terminal while a computer player searches
       for more than half a second: "The computer" or "Player 2
       (negamax)", then the seconds it may take at most. */
    t->line = g_strdup_printf (_ ("%s is thinking, for at most %g s..."), who,
                               budget);
  else
    /* TRANSLATORS: as above, for a search bounded by its depth or its
       nodes only; Ctrl-C is the key. */
    t->line = g_strdup_printf (_ ("%s is thinking, with no time limit "
                                  "(Ctrl-C abandons the game)..."),
                               who);
  t->out = d->out;
  t->done = FALSE;
  t->shown = FALSE;
  t->thread = g_thread_new ("nim-thinking", think, t);
}

/* The move came, or the game ended: no sign, or the sign erased. */
static void
thinking_stop (Display *d)
{
  Thinking *t = &d->thinking;

  if (t->thread == NULL)
    return;
  g_mutex_lock (&t->lock);
  t->done = TRUE;
  g_cond_signal (&t->cond);
  g_mutex_unlock (&t->lock);
  g_thread_join (g_steal_pointer (&t->thread));
  if (t->shown)
    /* Back to the start of the line, and the line cleared. */
    fputs ("\r\033[K", d->out);
}

/* Against the computer, whose turn it is, as the course's transcript
   says it before each move. */
static void
display_turn (gpointer data, const NimGame *game)
{
  Display *d = data;

  if (is_versus (d) && !is_pile (d))
    fprintf (d->out, "\n%s\n",
             nim_game_get_to_move (game) == d->you
                 /* TRANSLATORS: "Sie sind am Zug!" in the course's
                    transcript. */
                 ? _ ("Your move!")
                 /* TRANSLATORS: "Der Computer ist am Zug!" in the course's
                    transcript. */
                 : _ ("The computer's move!"));
  fflush (d->out);
  thinking_start (d, game);
}

/* What a move took, in words: "Player 2 (xor) takes 3 from heap 1.",
   "The computer takes 3 from heap 1." against the computer, "You remove
   2 stones." in the one-pile game; NULL for a person's move against the
   computer in the three-row game, whose entry says it already. */
static char *
describe_move (const Display *d, const NimGame *game, const NimGameMove *move)
{
  guint n = move->move.count;
  g_autofree char *who = NULL;

  if (is_versus (d) && is_pile (d))
    return g_strdup_printf (
        move->player == d->you
            /* TRANSLATORS: a person's move in the one-pile game. */
            ? g_dngettext (GETTEXT_PACKAGE, "You remove %u stone.\n",
                           "You remove %u stones.\n", n)
            /* TRANSLATORS: the computer's move in the one-pile game. */
            : g_dngettext (GETTEXT_PACKAGE, "The computer removes %u stone.\n",
                           "The computer removes %u stones.\n", n),
        n);
  if (is_versus (d) && move->player == d->you)
    return NULL;
  if (is_versus (d) && move->after.n_heaps == 1)
    /* TRANSLATORS: the computer's move in a game of one heap: 3
       matches. */
    return g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "The computer takes %u match.\n",
                     "The computer takes %u matches.\n", n),
        n);
  if (is_versus (d))
    /* TRANSLATORS: the computer's move: 3 matches from heap 1. */
    return g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE,
                     "The computer takes %u match from "
                     "heap %u.\n",
                     "The computer takes %u matches from heap %u.\n", n),
        n, move->move.heap + 1);
  who = player_label (game, move->player);
  if (is_pile (d))
    /* TRANSLATORS: a move in the one-pile game: "Player 2 (grundy)
       removes 1 stone." */
    return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                         "%s removes %u stone.\n",
                                         "%s removes %u stones.\n", n),
                            who, n);
  if (move->after.n_heaps == 1)
    /* TRANSLATORS: a move in a game of one heap: "Player 2 (xor) takes
       3." (3 matches). */
    return g_strdup_printf (
        g_dngettext (GETTEXT_PACKAGE, "%s takes %u.\n", "%s takes %u.\n", n),
        who, n);
  /* TRANSLATORS: a move: "Player 2 (xor) takes 3 from heap 1." (3
     matches from heap 1). */
  return g_strdup_printf (g_dngettext (GETTEXT_PACKAGE,
                                       "%s takes %u from heap %u.\n",
                                       "%s takes %u from heap %u.\n", n),
                          who, n, move->move.heap + 1);
}

static void
display_moved (gpointer data, const NimGame *game, const NimGameMove *move)
{
  Display *d = data;
  g_autofree char *what = NULL;

  thinking_stop (d);
  what = describe_move (d, game, move);
  if (what != NULL)
    fputs (what, d->out);
  if (move->move.split != 0)
    /* TRANSLATORS: after a move that split a heap (Kayles, --rules
       0.77): how the heaps are numbered now. */
    fprintf (d->out,
             _ ("Heap %u split: it keeps %u, and the other %u is the new "
                "heap %u at the end.\n"),
             move->move.heap + 1, move->move.keep, move->move.split,
             move->after.n_heaps);
  if ((d->flags & NIM_DISPLAY_STATS) && move->stats.searched)
    print_stats (d->out, &move->stats);
  if (move->explain != NULL)
    {
      g_autoptr (GString) why = g_string_new (NULL);

      nim_explain_indent (why, move->explain);
      fputs (why->str, d->out);
    }
  /* Against the computer an empty board is not drawn: the game is over,
     and the next line says who won, as the course's transcript ends. */
  if (!(is_versus (d) && !is_pile (d) && move->after.total == 0))
    print_position (d, &move->after, FALSE);
  fflush (d->out);
}

static void
display_shown (gpointer data, const NimGame *game)
{
  print_position (data, nim_game_get_board (game), FALSE);
}

static void
display_taken_back (gpointer data, const NimGame *game, guint n_moves)
{
  Display *d = data;

  fprintf (d->out,
           n_moves == 2 && is_versus (d)
               ? _ ("Your last move and the computer's reply are taken "
                    "back.\n")
               : g_dngettext (GETTEXT_PACKAGE, "%u move is taken back.\n",
                              "%u moves are taken back.\n", n_moves),
           n_moves);
  print_position (d, nim_game_get_board (game), FALSE);
}

/* Against the computer: why the game ended when that is not plain, and
   who won, speaking to the person. */
static void
finished_versus (Display *d, const NimGame *game, guint winner)
{
  const NimBoard *board = nim_game_get_board (game);
  gboolean you_won = winner == d->you;

  if (!is_pile (d))
    fputc ('\n', d->out);
  if (board->total > 0)
    fputs (you_won ? _ ("The computer has no legal move left.\n")
                   : _ ("You have no legal move left.\n"),
           d->out);
  else if (nim_game_get_rules (game)->misere)
    fputs (is_pile (d) ? (you_won ? _ ("The computer took the last stone, "
                                       "so it loses.\n")
                                  : _ ("You took the last stone, so you "
                                       "lose.\n"))
                       : (you_won ? _ ("The computer took the last match, "
                                       "so it loses.\n")
                                  : _ ("You took the last match, so you "
                                       "lose.\n")),
           d->out);
  fputs (you_won
             /* TRANSLATORS: "Sie haben dieses Spiel gewonnen!" */
             ? _ ("You have won this game!\n")
             /* TRANSLATORS: "Der Computer hat dieses Spiel gewonnen!" in
                the course's transcript. */
             : _ ("The computer has won this game!\n"),
         d->out);
}

static void
display_finished (gpointer data, const NimGame *game)
{
  Display *d = data;
  guint winner = nim_game_get_winner (game);
  NimPlayer *p1 = nim_game_get_player (game, 1);
  NimPlayer *p2 = nim_game_get_player (game, 2);
  g_autofree char *who = NULL;

  thinking_stop (d);
  /* `new` gives nothing up: the person asked for another game, which
     starts at once. */
  if (winner == 0 && nim_game_get_stop (game) == NIM_GAME_STOP_NEW_GAME)
    {
      /* TRANSLATORS: said when the person typed `new`: the game stops
         and another begins. */
      fputs (_ ("New game.\n"), d->out);
      return;
    }
  if (winner == 0)
    {
      fputs (_ ("Game abandoned.\n"), d->out);
      return;
    }
  /* Against the computer, in the course's words; a forfeit (an external
     engine's failure) is told the referee's way below. */
  if (is_versus (d) && nim_game_get_end (game) == NIM_END_NORMAL)
    {
      finished_versus (d, game, winner);
      fflush (d->out);
      return;
    }
  /* A player that failed (an external engine) lost by the referee's
     word: say how. */
  if (nim_game_get_end (game) != NIM_END_NORMAL)
    fprintf (d->out, _ ("Player %u loses by forfeit: %s\n"),
             nim_game_get_end_player (game), nim_game_get_end_message (game));
  /* Under a subtraction set the game can end with matches left (as the
     course's subtraction game does): say why it ended. */
  else if (nim_game_get_board (game)->total > 0)
    fprintf (d->out, _ ("Player %u has no legal move.\n"),
             nim_game_get_to_move (game));
  who = player_label (game, winner);
  /* TRANSLATORS: %s is "Player N (NAME)". */
  fprintf (d->out, _ ("%s wins!\n"), who);
  /* Talk to the person when exactly one is playing, as the course's
     subtraction game does ("Too bad, you lost!"). */
  if (nim_player_is_interactive (p1) != nim_player_is_interactive (p2))
    fprintf (d->out, "%s\n",
             nim_player_is_interactive (nim_game_get_player (game, winner))
                 ? _ ("Well done, you won!")
                 : _ ("Too bad, you lost!"));
  fflush (d->out);
}

static void
display_free (gpointer data)
{
  Display *d = data;

  thinking_stop (d);
  g_free (d->thinking.line);
  g_mutex_clear (&d->thinking.lock);
  g_cond_clear (&d->thinking.cond);
  g_free (d);
}

static const NimObserverClass display_class = {
  .started = display_started,
  .moved = display_moved,
  .finished = display_finished,
  .free = display_free,
  .turn = display_turn,
  .shown = display_shown,
  .taken_back = display_taken_back,
};

/**
 * nim_display_attach:
 * @game: a game
 * @out: where to print
 * @flags: what else to show, and how
 *
 * Shows the game as it is played: the rules and position at the start,
 * each move and the position after it, and who won.  With
 * %NIM_DISPLAY_ONE_PILE the game must have one heap; with
 * %NIM_DISPLAY_VERSUS exactly one of its players must be a person.
 */
void
nim_display_attach (NimGame *game, FILE *out, NimDisplayFlags flags)
{
  NimPlayer *p1 = nim_game_get_player (game, 1);
  NimPlayer *p2 = nim_game_get_player (game, 2);
  Display *d;

  g_return_if_fail (!(flags & NIM_DISPLAY_ONE_PILE)
                    || nim_game_get_board (game)->n_heaps == 1);
  g_return_if_fail (!(flags & NIM_DISPLAY_VERSUS)
                    || nim_player_is_interactive (p1)
                           != nim_player_is_interactive (p2));
  d = g_new0 (Display, 1);
  d->out = out;
  d->flags = flags;
  d->you = nim_player_is_interactive (p1) ? 1 : 2;
  g_mutex_init (&d->thinking.lock);
  g_cond_init (&d->thinking.cond);
  nim_game_add_observer (game, &display_class, d);
}
