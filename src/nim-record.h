/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-record.h -- the game as one JSON object, for scripts */
#pragma once

#include <json-glib/json-glib.h>
#include <stdio.h>

#include "nim-game.h"

G_BEGIN_DECLS

JsonNode *nim_record_rules (const NimRules *rules);
JsonNode *nim_record_heaps (const NimBoard *board);
void nim_record_add_move (JsonBuilder *b, const NimMove *move);
JsonNode *nim_record_game (const NimGame *game, gint64 seed);
char *nim_record_to_string (JsonNode *node, gboolean pretty);
void nim_record_print (JsonNode *node, FILE *out);

G_END_DECLS
