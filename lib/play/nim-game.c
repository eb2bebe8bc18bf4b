/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-game.c -- the game loop (the course's Game), reporting to observers */

#include "config.h"

#include "nim-game.h"

#include "nim-i18n.h"
#include "nim-error.h"
#include "nim-interrupt.h"
#include "nim-player-engine.h"

typedef struct
{
  const NimObserverClass *klass;
  gpointer data;
} Observer;

struct _NimGame
{
  NimRules rules;
  NimBoard start;
  NimBoard board;
  NimPlayer *players[2];
  guint first;
  guint to_move;
  guint winner;
  GArray *moves;     /* of NimGameMove */
  GArray *observers; /* of Observer */
  NimEnd end;
  guint end_player; /* who lost by @end, when not normal */
  char *end_message;
  gboolean timed; /* the game has a clock */
  NimClock clock;
  NimGameStop stop; /* a person stopped it */
};

static void
clear_move (gpointer data)
{
  g_free (((NimGameMove *) data)->explain);
}

/**
 * nim_game_new:
 * @rules: the rules
 * @start: the starting position
 * @player1: (transfer none): player 1, started for @rules
 * @player2: (transfer none): player 2, started for @rules
 * @first: 1 or 2, who moves first
 *
 * The players must outlive the game.
 *
 * Returns: (transfer full): a game ready for nim_game_play()
 */
NimGame *
nim_game_new (const NimRules *rules, const NimBoard *start, NimPlayer *player1,
              NimPlayer *player2, guint first)
{
  NimGame *game;

  g_return_val_if_fail (first == 1 || first == 2, NULL);

  game = g_new0 (NimGame, 1);
  game->rules = *rules;
  game->start = *start;
  game->board = *start;
  game->players[0] = player1;
  game->players[1] = player2;
  game->first = first;
  game->to_move = first;
  game->moves = g_array_new (FALSE, FALSE, sizeof (NimGameMove));
  g_array_set_clear_func (game->moves, clear_move);
  game->observers = g_array_new (FALSE, FALSE, sizeof (Observer));
  return game;
}

/**
 * nim_game_free:
 * @game: (nullable): a game
 *
 * Frees the game and its observers' data; not the players.
 */
void
nim_game_free (NimGame *game)
{
  guint i;

  if (game == NULL)
    return;
  for (i = 0; i < game->observers->len; i++)
    {
      Observer *o = &g_array_index (game->observers, Observer, i);

      if (o->klass->free != NULL)
        o->klass->free (o->data);
    }
  g_array_unref (game->observers);
  g_array_unref (game->moves);
  g_free (game->end_message);
  g_free (game);
}

/**
 * nim_game_add_observer:
 * @game: a game
 * @klass: what the observer does
 * @data: (transfer full): its data, freed with @klass->free
 */
void
nim_game_add_observer (NimGame *game, const NimObserverClass *klass,
                       gpointer data)
{
  Observer o = { klass, data };

  g_array_append_val (game->observers, o);
}

#define NOTIFY(game, method, ...)                                             \
  G_STMT_START                                                                \
  {                                                                           \
    guint i_;                                                                 \
    for (i_ = 0; i_ < (game)->observers->len; i_++)                           \
      {                                                                       \
        Observer *o_ = &g_array_index ((game)->observers, Observer, i_);      \
        if (o_->klass->method != NULL)                                        \
          o_->klass->method (o_->data, __VA_ARGS__);                          \
      }                                                                       \
  }                                                                           \
  G_STMT_END

/* Takes back the moves played since @who's last move, that one
   included, so that @who is to move again where it was (against a
   computer: the computer's reply and the person's move).  Returns how
   many moves were taken back: 0 when @who has not moved. */
static guint
take_back (NimGame *game, guint who)
{
  guint last = game->moves->len, n = 0;

  while (last > 0
         && g_array_index (game->moves, NimGameMove, last - 1).player != who)
    last--;
  if (last == 0)
    return 0;
  while (game->moves->len >= last)
    {
      guint i = game->moves->len - 1;

      nim_board_unmake_move (
          &game->board, &g_array_index (game->moves, NimGameMove, i).move);
      g_array_remove_index (game->moves, i);
      n++;
    }
  game->to_move = who;
  return n;
}

/**
 * nim_game_set_clock:
 * @game: a game not yet played
 * @seconds: what each player has for the whole game
 * @increment: what each player gains after each of its moves, in seconds
 *
 * Plays @game under a clock: the game measures the time each move takes
 * and charges it to its player, shows the clock to the player about to
 * move (nim_player_set_clock()), and a player that uses more than it has
 * left, plus %NIM_GAME_CLOCK_MARGIN (an external engine: the margin it
 * was declared with), loses on time.
 */
void
nim_game_set_clock (NimGame *game, double seconds, double increment)
{
  guint i;

  game->timed = TRUE;
  for (i = 0; i < 2; i++)
    {
      game->clock.remaining[i] = (gint64) (seconds * G_USEC_PER_SEC);
      game->clock.increment[i] = (gint64) (increment * G_USEC_PER_SEC);
    }
}

/* The game is over: @loser failed in the way @end says. */
static void
end_by (NimGame *game, guint loser, NimEnd end, const char *message)
{
  game->end = end;
  game->end_player = loser;
  game->end_message = g_strdup (message);
  game->winner = 3 - loser;
  NOTIFY (game, finished, game);
}

/**
 * nim_game_play:
 * @game: a game whose players were started (nim_player_start())
 * @error: return location for an error: a person's input ended
 *   (#NIM_ERROR_ABANDONED), Ctrl-C (#NIM_ERROR_INTERRUPTED), a player
 *   failed
 *
 * Plays to the end: asks the player to move for its turn until the
 * player to move has no move.  That player loses under normal play and
 * wins under misère play.  Observers hear of the start, every turn,
 * every move and the end, abandoned games included.  A person's turn
 * may be a request instead of a move (#NimTurn): to see the position
 * again or to take back its last move and the moves since, which the
 * observers hear of before the player to move is asked again; or to give
 * up or start a new game, which stops the game (nim_game_get_stop()).
 *
 * The game is the referee too: a player that could not start, that fails
 * to move the way an external engine can fail (a #NIM_FORFEIT_ERROR) or
 * that runs out of time on the clock loses the game, which
 * nim_game_get_end() then tells; that is not an error.
 *
 * Returns: %TRUE if the game was played to its end or stopped by a
 *   person, %FALSE with @error set if it failed
 */
gboolean
nim_game_play (NimGame *game, GError **error)
{
  guint i;

  NOTIFY (game, started, game);
  for (i = 0; i < 2; i++)
    {
      guint number = i == 0 ? game->to_move : 3 - game->to_move;
      const GError *forfeit
          = nim_player_get_forfeit (game->players[number - 1]);

      if (forfeit != NULL)
        {
          end_by (game, number, (NimEnd) forfeit->code, forfeit->message);
          return TRUE;
        }
    }
  while (nim_board_has_move (&game->board, &game->rules))
    {
      NimPlayer *p = game->players[game->to_move - 1];
      NimGameMove record = { 0 };
      g_autoptr (GError) local = NULL;
      gint64 t0, used;
      NimTurn turn;
      gboolean took;

      NOTIFY (game, turn, game);
      nim_player_set_clock (p, game->timed ? &game->clock : NULL);
      /* What a player sets up for the game (an engine's readyok) is
         bounded by its own limit, not charged to its clock. */
      took = !game->timed || nim_player_ready (p, &local);
      t0 = g_get_monotonic_time ();
      if (took)
        took = nim_player_take_turn (p, &game->board, &turn, &local);
      nim_player_set_clock (p, NULL);
      if (!took && local->domain == NIM_FORFEIT_ERROR)
        {
          end_by (game, game->to_move, (NimEnd) local->code, local->message);
          return TRUE;
        }
      if (!took)
        {
          NOTIFY (game, finished, game);
          g_propagate_error (error, g_steal_pointer (&local));
          return FALSE;
        }
      /* A person's requests: the position shown again, or moves taken
         back, after which the same player (or the one whose move was
         taken back) is asked again; or the game stopped. */
      switch (turn.kind)
        {
        case NIM_TURN_MOVE:
          break;
        case NIM_TURN_SHOW_BOARD:
          NOTIFY (game, shown, game);
          continue;
        case NIM_TURN_UNDO:
          {
            guint n = take_back (game, game->to_move);

            NOTIFY (game, taken_back, game, n);
          }
          continue;
        case NIM_TURN_GIVE_UP:
        case NIM_TURN_NEW_GAME:
          game->stop = turn.kind == NIM_TURN_GIVE_UP ? NIM_GAME_STOP_GIVE_UP
                                                     : NIM_GAME_STOP_NEW_GAME;
          NOTIFY (game, finished, game);
          return TRUE;
        }
      record.move = turn.move;
      used = g_get_monotonic_time () - t0;
      /* Ctrl-C: a search it cut short has still returned a move, but
         that move is not played; the record stops before it. */
      if (nim_interrupted ())
        {
          g_set_error (error, NIM_ERROR, NIM_ERROR_INTERRUPTED,
                       _ ("interrupted: the game is abandoned"));
          NOTIFY (game, finished, game);
          return FALSE;
        }
      if (game->timed)
        {
          gint64 *left = &game->clock.remaining[game->to_move - 1];
          gint64 margin = nim_player_engine_time_margin (p);

          if (used > *left + (margin >= 0 ? margin : NIM_GAME_CLOCK_MARGIN))
            {
              g_autofree char *message = g_strdup_printf (
                  _ ("player %u used %.3f s, with %.3f s left on its clock"),
                  game->to_move, used / 1e6, *left / 1e6);

              end_by (game, game->to_move, NIM_END_TIME, message);
              return TRUE;
            }
          *left = MAX (*left - used, 0)
                  + game->clock.increment[game->to_move - 1];
        }
      nim_board_make_move (&game->board, &record.move);
      record.player = game->to_move;
      record.after = game->board;
      record.stats = *nim_player_get_stats (p);
      record.explain = g_strdup (nim_player_get_explanation (p));
      g_array_append_val (game->moves, record);
      game->to_move = 3 - game->to_move;
      NOTIFY (game, moved, game, &record);
    }
  game->winner = game->rules.misere ? game->to_move : 3 - game->to_move;
  NOTIFY (game, finished, game);
  return TRUE;
}

/**
 * nim_game_get_end:
 * @game: a finished game
 *
 * Returns: how it ended: %NIM_END_NORMAL by the rules, or the way its
 *   loser (nim_game_get_end_player()) failed
 */
NimEnd
nim_game_get_end (const NimGame *game)
{
  return game->end;
}

/**
 * nim_game_get_end_player:
 * @game: a finished game
 *
 * Returns: the player who lost by failing (1 or 2), 0 for a normal end
 */
guint
nim_game_get_end_player (const NimGame *game)
{
  return game->end_player;
}

/**
 * nim_game_get_end_message:
 * @game: a finished game
 *
 * Returns: (nullable): what the referee saw when the loser failed, %NULL
 *   for a normal end
 */
const char *
nim_game_get_end_message (const NimGame *game)
{
  return game->end_message;
}

/**
 * nim_game_get_stop:
 * @game: a game
 *
 * A game that ended without a winner failed (the input ended, Ctrl-C),
 * or a person stopped it: gave up (`quit`) or asked for a new one
 * (`new`).  Observers that tell the end, and the program, tell them
 * apart by this.
 *
 * Returns: why a person stopped the game, or %NIM_GAME_STOP_NONE
 */
NimGameStop
nim_game_get_stop (const NimGame *game)
{
  return game->stop;
}

/**
 * nim_game_get_clock:
 * @game: a game
 *
 * Returns: (nullable): its clock now, %NULL when it has none
 */
const NimClock *
nim_game_get_clock (const NimGame *game)
{
  return game->timed ? &game->clock : NULL;
}

/**
 * nim_game_get_rules:
 * @game: a game
 *
 * Returns: (transfer none): its rules
 */
const NimRules *
nim_game_get_rules (const NimGame *game)
{
  return &game->rules;
}

/**
 * nim_game_get_start:
 * @game: a game
 *
 * Returns: (transfer none): the starting position
 */
const NimBoard *
nim_game_get_start (const NimGame *game)
{
  return &game->start;
}

/**
 * nim_game_get_board:
 * @game: a game
 *
 * Returns: (transfer none): the current position
 */
const NimBoard *
nim_game_get_board (const NimGame *game)
{
  return &game->board;
}

/**
 * nim_game_get_player:
 * @game: a game
 * @number: 1 or 2
 *
 * Returns: (transfer none): the player
 */
NimPlayer *
nim_game_get_player (const NimGame *game, guint number)
{
  g_return_val_if_fail (number == 1 || number == 2, NULL);
  return game->players[number - 1];
}

/**
 * nim_game_get_first:
 * @game: a game
 *
 * Returns: 1 or 2, who moved first
 */
guint
nim_game_get_first (const NimGame *game)
{
  return game->first;
}

/**
 * nim_game_get_to_move:
 * @game: a game
 *
 * Returns: 1 or 2, whose turn it is
 */
guint
nim_game_get_to_move (const NimGame *game)
{
  return game->to_move;
}

/**
 * nim_game_get_winner:
 * @game: a game
 *
 * Returns: 1 or 2, or 0 while the game runs or when it was abandoned
 */
guint
nim_game_get_winner (const NimGame *game)
{
  return game->winner;
}

/**
 * nim_game_get_n_moves:
 * @game: a game
 *
 * Returns: how many moves have been played
 */
guint
nim_game_get_n_moves (const NimGame *game)
{
  return game->moves->len;
}

/**
 * nim_game_get_move:
 * @game: a game
 * @index: from 0 to nim_game_get_n_moves() - 1
 *
 * Returns: (transfer none): that move
 */
const NimGameMove *
nim_game_get_move (const NimGame *game, guint index)
{
  g_return_val_if_fail (index < game->moves->len, NULL);
  return &g_array_index (game->moves, NimGameMove, index);
}
