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

typedef struct
{
  FILE *out;
  NimDisplayFlags flags;
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

/**
 * nim_display_board:
 * @board: a position
 *
 * Returns: (transfer full): the heaps, one line each:
 *   "Heap 3: |||||  ||||  9"
 */
char *
nim_display_board (const NimBoard *board)
{
  GString *s = g_string_new (NULL);
  guint max = nim_board_max_heap (board), width = bars_width (max), i;
  int label = board->n_heaps >= 10 ? 2 : 1;
  gboolean numbers_only = max > NIM_DISPLAY_MAX_MATCHES;

  for (i = 0; i < board->n_heaps; i++)
    {
      guint32 h = board->heaps[i];

      /* TRANSLATORS: the start of a heap's line on the board, before its
         matches drawn as bars, "Heap 3: |||||  ||||  9"; %*u is the heap
         number, padded to the width of the largest.  Keep the colon. */
      g_string_append_printf (s, _ ("Heap %*u: "), label, i + 1);
      if (numbers_only)
        g_string_append_printf (s, "%u\n", h);
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

static void
display_started (gpointer data, const NimGame *game)
{
  Display *d = data;
  const NimBoard *start = nim_game_get_board (game);
  gboolean pile = d->flags & NIM_DISPLAY_ONE_PILE;
  g_autofree char *rules
      = pile ? nim_rules_describe_pile (nim_game_get_rules (game))
             : nim_rules_describe (nim_game_get_rules (game));
  g_autofree char *board = pile ? nim_display_pile (start->heaps[0], TRUE)
                                : nim_display_board (start);
  g_autofree char *p1 = player_label (game, 1);
  g_autofree char *p2 = player_label (game, 2);

  /* TRANSLATORS: the first line of a game: the name of the game and its
     rules, a sentence. */
  fprintf (d->out, _ ("Nim. %s\n"), rules);
  /* TRANSLATORS: the two "Player N (NAME)" and who moves first. */
  fprintf (d->out, _ ("%s plays %s; player %u moves first.\n"), p1, p2,
           nim_game_get_first (game));
  fprintf (d->out, "\n%s\n", board);
}

static void
display_moved (gpointer data, const NimGame *game, const NimGameMove *move)
{
  Display *d = data;
  gboolean pile = d->flags & NIM_DISPLAY_ONE_PILE;
  g_autofree char *board = pile
                               ? nim_display_pile (move->after.heaps[0], FALSE)
                               : nim_display_board (&move->after);
  g_autofree char *who = player_label (game, move->player);

  if (pile)
    /* TRANSLATORS: a move in the one-pile game: "Player 2 (grundy)
       removes 1 stone." */
    fprintf (d->out,
             g_dngettext (GETTEXT_PACKAGE, "%s removes %u stone.\n",
                          "%s removes %u stones.\n", move->move.count),
             who, move->move.count);
  else if (move->after.n_heaps == 1)
    /* TRANSLATORS: a move in a game of one heap: "Player 2 (xor) takes
       3." (3 matches). */
    fprintf (d->out,
             g_dngettext (GETTEXT_PACKAGE, "%s takes %u.\n", "%s takes %u.\n",
                          move->move.count),
             who, move->move.count);
  else
    /* TRANSLATORS: a move: "Player 2 (xor) takes 3 from heap 1." (3
       matches from heap 1). */
    fprintf (d->out,
             g_dngettext (GETTEXT_PACKAGE, "%s takes %u from heap %u.\n",
                          "%s takes %u from heap %u.\n", move->move.count),
             who, move->move.count, move->move.heap + 1);
  if ((d->flags & NIM_DISPLAY_STATS) && move->stats.searched)
    print_stats (d->out, &move->stats);
  if (move->explain != NULL)
    {
      g_autoptr (GString) why = g_string_new (NULL);

      nim_explain_indent (why, move->explain);
      fputs (why->str, d->out);
    }
  fprintf (d->out, "\n%s\n", board);
  fflush (d->out);
}

static void
display_finished (gpointer data, const NimGame *game)
{
  Display *d = data;
  guint winner = nim_game_get_winner (game);
  NimPlayer *p1 = nim_game_get_player (game, 1);
  NimPlayer *p2 = nim_game_get_player (game, 2);
  g_autofree char *who = NULL;

  if (winner == 0)
    {
      fputs (_ ("Game abandoned.\n"), d->out);
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

static const NimObserverClass display_class = {
  .started = display_started,
  .moved = display_moved,
  .finished = display_finished,
  .free = g_free,
};

/**
 * nim_display_attach:
 * @game: a game
 * @out: where to print
 * @flags: what else to show, and how
 *
 * Shows the game as it is played: the rules and position at the start,
 * each move and the position after it, and who won.  With
 * %NIM_DISPLAY_ONE_PILE the game must have one heap.
 */
void
nim_display_attach (NimGame *game, FILE *out, NimDisplayFlags flags)
{
  Display *d;

  g_return_if_fail (!(flags & NIM_DISPLAY_ONE_PILE)
                    || nim_game_get_board (game)->n_heaps == 1);
  d = g_new0 (Display, 1);
  d->out = out;
  d->flags = flags;
  nim_game_add_observer (game, &display_class, d);
}
