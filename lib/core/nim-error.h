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
 * @NIM_ERROR_ABANDONED: the game was given up: the input ended, or a
 *   person quit where no game answers it (nim_player_choose_move())
 * @NIM_ERROR_UNSUPPORTED: a player has no theory for the rules asked for
 * @NIM_ERROR_FAILED: anything else
 * @NIM_ERROR_INTERRUPTED: Ctrl-C (SIGINT) stopped the game or the run
 *
 * What went wrong.  A person's requests to the game (to show the board,
 * take moves back, give up, play again) are no errors: see #NimTurn.
 */
typedef enum
{
  NIM_ERROR_USAGE,
  NIM_ERROR_ABANDONED,
  NIM_ERROR_UNSUPPORTED,
  NIM_ERROR_FAILED,
  NIM_ERROR_INTERRUPTED,
} NimError;

G_END_DECLS
