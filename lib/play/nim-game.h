/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-game.h -- the game loop (the course's Game), reporting to observers */
#pragma once

#include <glib.h>

#include "nim-player.h"

G_BEGIN_DECLS

typedef struct _NimGame NimGame;

/**
 * NimGameStop:
 * @NIM_GAME_STOP_NONE: no person stopped the game (it was played to its
 *   end, it failed, or it is not over)
 * @NIM_GAME_STOP_GIVE_UP: the player to move gave up (`quit`)
 * @NIM_GAME_STOP_NEW_GAME: a person asked for a new game (`new`)
 *
 * Why a person stopped a game (nim_game_get_stop()).
 */
typedef enum
{
  NIM_GAME_STOP_NONE,
  NIM_GAME_STOP_GIVE_UP,
  NIM_GAME_STOP_NEW_GAME,
} NimGameStop;

/**
 * NimGameMove:
 * @player: 1 or 2
 * @move: what was played
 * @after: the position after it
 * @stats: what choosing it cost
 * @explain: (nullable): why the player chose it, in lines, when the player
 *   was asked to explain (nim_player_set_explain()); owned by the game
 *
 * One entry of a game's history.
 */
typedef struct
{
  guint player;
  NimMove move;
  NimBoard after;
  NimSearchStats stats;
  char *explain;
} NimGameMove;

/**
 * NimObserverClass:
 * @started: (nullable): the game is about to begin
 * @moved: (nullable): a move was played
 * @finished: (nullable): the game is over; nim_game_get_winner() is 0
 *   when it was abandoned or stopped (nim_game_get_stop())
 * @free: (nullable): frees the observer's data
 * @turn: (nullable): a player is about to be asked for its move
 * @shown: (nullable): a person asked to see the position again (`board`)
 * @taken_back: (nullable): @n_moves moves were taken back (`undo`); the
 *   position is nim_game_get_board()'s again
 *
 * The game loop reports to observers (the text display, the JSON record)
 * without knowing what they are.
 */
typedef struct
{
  void (*started) (gpointer data, const NimGame *game);
  void (*moved) (gpointer data, const NimGame *game, const NimGameMove *move);
  void (*finished) (gpointer data, const NimGame *game);
  void (*free) (gpointer data);
  void (*turn) (gpointer data, const NimGame *game);
  void (*shown) (gpointer data, const NimGame *game);
  void (*taken_back) (gpointer data, const NimGame *game, guint n_moves);
} NimObserverClass;

NimGame *nim_game_new (const NimRules *rules, const NimBoard *start,
                       NimPlayer *player1, NimPlayer *player2, guint first);
void nim_game_free (NimGame *game);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimGame, nim_game_free)

/* How far past its clock a player may go before it loses on time: what
   scheduling and two pipes may add to a move, in microseconds. */
#define NIM_GAME_CLOCK_MARGIN (100 * G_TIME_SPAN_MILLISECOND)

void nim_game_set_clock (NimGame *game, double seconds, double increment);
void nim_game_add_observer (NimGame *game, const NimObserverClass *klass,
                            gpointer data);
gboolean nim_game_play (NimGame *game, GError **error);

const NimRules *nim_game_get_rules (const NimGame *game);
const NimBoard *nim_game_get_start (const NimGame *game);
const NimBoard *nim_game_get_board (const NimGame *game);
NimPlayer *nim_game_get_player (const NimGame *game, guint number);
guint nim_game_get_first (const NimGame *game);
guint nim_game_get_to_move (const NimGame *game);
guint nim_game_get_winner (const NimGame *game);
guint nim_game_get_n_moves (const NimGame *game);
const NimGameMove *nim_game_get_move (const NimGame *game, guint index);
NimEnd nim_game_get_end (const NimGame *game);
guint nim_game_get_end_player (const NimGame *game);
const char *nim_game_get_end_message (const NimGame *game);
const NimClock *nim_game_get_clock (const NimGame *game);
NimGameStop nim_game_get_stop (const NimGame *game);

G_END_DECLS
