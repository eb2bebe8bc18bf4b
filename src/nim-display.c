/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-display.c -- the game as a person reads it on a terminal
 *
 * Matches are drawn in groups of five, as seed 000 draws them
 * ("|||||  ||||"), with the count beside them; a heap too wide for a
 * terminal line is shown as a number alone. */

#include "config.h"

#include "nim-display.h"
#include "nim-explain.h"

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

      g_string_append_printf (s, "Heap %*u: ", label, i + 1);
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

static void
print_player (FILE *out, const NimGame *game, guint number)
{
  fprintf (out, "Player %u (%s)", number,
           nim_player_get_spec (nim_game_get_player (game, number)));
}

static void
display_started (gpointer data, const NimGame *game)
{
  Display *d = data;
  g_autofree char *rules = nim_rules_describe (nim_game_get_rules (game));
  g_autofree char *board = nim_display_board (nim_game_get_board (game));

  fprintf (d->out, "Nim. %s\n", rules);
  print_player (d->out, game, 1);
  fprintf (d->out, " plays ");
  print_player (d->out, game, 2);
  fprintf (d->out, "; player %u moves first.\n\n%s\n",
           nim_game_get_first (game), board);
}

static void
display_moved (gpointer data, const NimGame *game, const NimGameMove *move)
{
  Display *d = data;
  g_autofree char *board = nim_display_board (&move->after);

  print_player (d->out, game, move->player);
  if (move->after.n_heaps == 1)
    fprintf (d->out, " takes %u.\n", move->move.count);
  else
    fprintf (d->out, " takes %u from heap %u.\n", move->move.count,
             move->move.heap + 1);
  if (d->stats && move->stats.searched)
    nim_search_stats_print (&move->stats, d->out);
  if (move->explain != NULL)
    nim_explain_print (d->out, move->explain);
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

  if (winner == 0)
    {
      fprintf (d->out, "Game abandoned.\n");
      return;
    }
  /* Under a subtraction set the game can end with matches left (seed
     001): say why it ended. */
  if (nim_game_get_board (game)->total > 0)
    fprintf (d->out, "Player %u has no legal move.\n",
             nim_game_get_to_move (game));
  print_player (d->out, game, winner);
  fprintf (d->out, " wins!\n");
  /* Talk to the person when exactly one is playing (seed 001). */
  if (nim_player_is_interactive (p1) != nim_player_is_interactive (p2))
    fprintf (d->out, "%s\n",
             nim_player_is_interactive (nim_game_get_player (game, winner))
                 ? "Well done, you won!"
                 : "Too bad, you lost!");
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
