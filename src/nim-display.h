/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-display.h -- the game as a person reads it on a terminal */
#pragma once

#include <stdio.h>

#include "nim-game.h"

G_BEGIN_DECLS

/* Heaps larger than this are shown as numbers only. */
#define NIM_DISPLAY_MAX_MATCHES 50

char *nim_display_board (const NimBoard *board);
void nim_display_attach (NimGame *game, FILE *out, gboolean stats);

G_END_DECLS
