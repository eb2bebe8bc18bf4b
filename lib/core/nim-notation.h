/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-notation.h -- how nim writes a move, a position and the rules in
   text that programs read: the trace, the JSON records, the UGI protocol */
#pragma once

#include <glib.h>

#include "nim-board.h"
#include "nim-move.h"
#include "nim-rules.h"

G_BEGIN_DECLS

void nim_notation_append_move (GString *s, const NimMove *move);
char *nim_notation_move (const NimMove *move);
gboolean nim_notation_parse_move (const char *text, NimMove *move,
                                  GError **error);

char *nim_notation_position (const NimBoard *board, guint to_move);
gboolean nim_notation_parse_position (const char *text, NimBoard *board,
                                      guint *to_move, GError **error);

char *nim_notation_rules (const NimRules *rules);
gboolean nim_notation_parse_rules (const char *text, gboolean misere,
                                   NimRules *rules, GError **error);

G_END_DECLS
