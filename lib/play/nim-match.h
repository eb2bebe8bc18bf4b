/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-match.h -- comparison runs: many games between two players */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>
#include <stdio.h>

#include "nim-board.h"
#include "nim-stats.h"

G_BEGIN_DECLS

/* Most games in one run, and most parallel jobs. */
#define NIM_MATCH_MAX_GAMES G_GUINT64_CONSTANT (1000000000)
#define NIM_MATCH_MAX_JOBS 256
/* The most matches a position of a comparison run may hold: every game
   is played to its end and a lost player may take one match a move, so a
   game can last as many moves as there are matches, each recorded. */
#define NIM_MATCH_MAX_MATCHES 100000
/* Largest heap of --random-heaps when MAX is not given. */
#define NIM_MATCH_DEFAULT_RANDOM_MAX 20

/**
 * NimMatchConfig:
 * @rules: the rules of every game
 * @start: the starting position, when @random_count is 0
 * @random_count: draw this many heaps for each pair of games
 * @random_max: each drawn heap has 1 to this many matches
 * @specs: the two players' specs
 * @games: how many games, an even number
 * @jobs: games played at once
 * @seed: seeds the positions drawn and the players' random numbers
 * @results: (nullable): a file to append one JSON line per game to
 * @progress: print a progress line on standard error
 *
 * What `nim --games` was asked for.
 */
typedef struct
{
  NimRules rules;
  NimBoard start;
  guint random_count;
  guint32 random_max;
  const char *specs[2];
  guint64 games;
  guint jobs;
  guint32 seed;
  const char *results;
  gboolean progress;
} NimMatchConfig;

typedef struct _NimMatch NimMatch;

NimMatch *nim_match_new (const NimMatchConfig *config, GError **error);
void nim_match_free (NimMatch *match);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimMatch, nim_match_free)

gboolean nim_match_run (NimMatch *match, GError **error);
gboolean nim_match_interrupted (const NimMatch *match);
void nim_match_request_stop (NimMatch *match);
guint64 nim_match_n_finished (const NimMatch *match);
void nim_match_print_summary (const NimMatch *match, FILE *out);
JsonNode *nim_match_summary_to_json (const NimMatch *match);

G_END_DECLS
