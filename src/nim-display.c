/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-display.c -- the game as a person reads it on a terminal
 *
 * Matches are drawn in groups of five, as the course's three-row game
 * draws them ("|||||  ||||"), with the count beside them; a heap too wide
 * for a terminal line is shown as a number alone. */

#include "config.h"

#include "nim-display.h"
#include "nim-explain.h"
#include "nim-i18n.h"

#include <stdio.h>
#include <string.h>

typedef struct
{
  FILE *out;
  gboolean stats;
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
      g_string_append_printf (s, _("Heap %*u: "), label, i + 1);
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

/* The statistics line of --stats, under a computer's move. */
static void
print_stats (FILE *out, const NimSearchStats *stats)
{
  g_autofree char *value = nim_search_value_describe (stats);
  double nps = stats->seconds > 0 ? stats->nodes / stats->seconds : 0;

  /* TRANSLATORS: the statistics line of --stats; the first %s is "win",
     "loss in 7" or "not proven", s is seconds. */
  fprintf (out,
           _("  [%s; depth %u; %llu nodes, %llu cutoffs, table %llu/%llu "
             "hits/probes; %.3f s, %.0f nodes/s]\n"),
           value, stats->depth, (unsigned long long) stats->nodes,
           (unsigned long long) stats->cutoffs,
           (unsigned long long) stats->tt_hits,
           (unsigned long long) stats->tt_probes, stats->seconds, nps);
}

/* "Player 2 (negamax)" */
static char *
player_label (const NimGame *game, guint number)
{
  /* TRANSLATORS: a player and its spec (a player name such as negamax,
     with its options), as in "Player 2 (negamax:depth=4)". */
  return g_strdup_printf (_("Player %u (%s)"), number,
                          nim_player_get_spec (nim_game_get_player (game,
                                                                    number)));
}

static void
display_started (gpointer data, const NimGame *game)
{
  Display *d = data;
  g_autofree char *rules = nim_rules_describe (nim_game_get_rules (game));
  g_autofree char *board = nim_display_board (nim_game_get_board (game));
  g_autofree char *p1 = player_label (game, 1);
  g_autofree char *p2 = player_label (game, 2);

  /* TRANSLATORS: the first line of a game: the name of the game and its
     rules, a sentence. */
  fprintf (d->out, _("Nim. %s\n"), rules);
  /* TRANSLATORS: the two "Player N (NAME)" and who moves first. */
  fprintf (d->out, _("%s plays %s; player %u moves first.\n"), p1, p2,
           nim_game_get_first (game));
  fprintf (d->out, "\n%s\n", board);
}

static void
display_moved (gpointer data, const NimGame *game, const NimGameMove *move)
{
  Display *d = data;
  g_autofree char *board = nim_display_board (&move->after);
  g_autofree char *who = player_label (game, move->player);

  if (move->after.n_heaps == 1)
    /* TRANSLATORS: a move in a game of one heap: "Player 2 (xor) takes
       3." (3 matches). */
    fprintf (d->out, g_dngettext (GETTEXT_PACKAGE, "%s takes %u.\n",
                                  "%s takes %u.\n", move->move.count),
             who, move->move.count);
  else
    /* TRANSLATORS: a move: "Player 2 (xor) takes 3 from heap 1." (3
       matches from heap 1). */
    fprintf (d->out, g_dngettext (GETTEXT_PACKAGE,
                                  "%s takes %u from heap %u.\n",
                                  "%s takes %u from heap %u.\n",
                                  move->move.count),
             who, move->move.count, move->move.heap + 1);
  if (d->stats && move->stats.searched)
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
      fputs (_("Game abandoned.\n"), d->out);
      return;
    }
  /* Under a subtraction set the game can end with matches left (as the
     course's subtraction game does): say why it ended. */
  if (nim_game_get_board (game)->total > 0)
    fprintf (d->out, _("Player %u has no legal move.\n"),
             nim_game_get_to_move (game));
  who = player_label (game, winner);
  /* TRANSLATORS: %s is "Player N (NAME)". */
  fprintf (d->out, _("%s wins!\n"), who);
  /* Talk to the person when exactly one is playing, as the course's
     subtraction game does ("Too bad, you lost!"). */
  if (nim_player_is_interactive (p1) != nim_player_is_interactive (p2))
    fprintf (d->out, "%s\n",
             nim_player_is_interactive (nim_game_get_player (game, winner))
                 ? _("Well done, you won!")
                 : _("Too bad, you lost!"));
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
 * @stats: also print each search's statistics (`--stats`)
 *
 * Shows the game as it is played: the rules and position at the start,
 * each move and the position after it, and who won.
 */
void
nim_display_attach (NimGame *game, FILE *out, gboolean stats)
{
  Display *d = g_new0 (Display, 1);

  d->out = out;
  d->stats = stats;
  nim_game_add_observer (game, &display_class, d);
}
