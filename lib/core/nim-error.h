/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-error.h -- the error domain of libnim */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

#define NIM_ERROR (nim_error_quark ())
GQuark nim_error_quark (void);

/**
 * NimError:
 * @NIM_ERROR_USAGE: something the user typed or passed is not accepted
 * @NIM_ERROR_ABANDONED: the game was given up (end of input, `quit`)
 * @NIM_ERROR_UNSUPPORTED: a player has no theory for the rules asked for
 * @NIM_ERROR_FAILED: anything else
 * @NIM_ERROR_INTERRUPTED: Ctrl-C (SIGINT) stopped the game or the run
 * @NIM_ERROR_SHOW_BOARD: not a failure: a person asked to see the position
 *   again (`board`); nim_game_play() answers it and asks again
 * @NIM_ERROR_UNDO: not a failure: a person asked to take back its last
 *   move and the reply (`undo`); nim_game_play() answers it
 * @NIM_ERROR_NEW_GAME: not a failure: a person asked for a new game
 *   (`new`); nim_game_play() returns it, for the program to start one
 *
 * The last three are a person player's requests to the game loop: a
 * player can only return a move or an error, and these are how it says
 * that the game, not the player, has something to do.
 */
typedef enum
{
  NIM_ERROR_USAGE,
  NIM_ERROR_ABANDONED,
  NIM_ERROR_UNSUPPORTED,
  NIM_ERROR_FAILED,
  NIM_ERROR_INTERRUPTED,
  NIM_ERROR_SHOW_BOARD,
  NIM_ERROR_UNDO,
  NIM_ERROR_NEW_GAME,
} NimError;

G_END_DECLS
