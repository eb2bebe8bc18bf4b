/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-display.h -- the game as a person reads it on a terminal */
#pragma once

#include <stdio.h>

#include "nim-game.h"

G_BEGIN_DECLS

/* Heaps larger than this are shown as numbers only. */
#define NIM_DISPLAY_MAX_MATCHES 50

/**
 * NimDisplayFlags:
 * @NIM_DISPLAY_STATS: each search's statistics under its move (--stats)
 * @NIM_DISPLAY_ONE_PILE: the one-pile game: stones in the pile, how many
 *   each move removes and how many are left, in words
 * @NIM_DISPLAY_VERSUS: one person against the computer: the course's
 *   conversation, which speaks to "you" of "the computer"
 * @NIM_DISPLAY_INTRODUCED: the rules were shown before the set-up's
 *   questions (nim_display_title(), nim_display_rules()): the start does
 *   not repeat them
 * @NIM_DISPLAY_THINKING: the output is a terminal: after half a second
 *   of a computer's search, a line says that it thinks and for how long
 *   it may, erased when it moves
 */
typedef enum
{
  NIM_DISPLAY_STATS = 1 << 0,
  NIM_DISPLAY_ONE_PILE = 1 << 1,
  NIM_DISPLAY_VERSUS = 1 << 2,
  NIM_DISPLAY_INTRODUCED = 1 << 3,
  NIM_DISPLAY_THINKING = 1 << 4,
} NimDisplayFlags;

char *nim_display_board (const NimBoard *board);
char *nim_display_pile (guint32 stones, gboolean start);
void nim_display_title (FILE *out, const NimRules *rules,
                        const char *computer);
void nim_display_rules (FILE *out, const NimRules *rules, gboolean one_pile);
void nim_display_attach (NimGame *game, FILE *out, NimDisplayFlags flags);

G_END_DECLS
