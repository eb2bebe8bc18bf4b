/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-match.h -- comparison runs: many games between two players */
#pragma once

#include <glib.h>

#include "nim-board.h"
#include "nim-game.h"
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
 * @tc_seconds: when > 0, every game is played under a clock of this many
 *   seconds a player (see nim_game_set_clock())
 * @tc_increment: ... plus this many seconds after each move
 *
 * What to play.  A position may hold at most %NIM_MATCH_MAX_MATCHES
 * matches (see nim_match_config_most_matches()).
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
  double tc_seconds;
  double tc_increment;
} NimMatchConfig;

/**
 * NimMatchTally:
 * @wins: games won
 * @moves: moves made
 * @nodes: nodes searched for them
 * @seconds: time spent choosing them
 * @won_positions: moves made in a position the solver judged won
 * @kept: ... of them, those that left the opponent a lost one
 * @unchecked: moves the solver could not judge
 * @forfeits: games lost by failing, by #NimEnd (%NIM_END_NORMAL stays 0)
 *
 * What one player did in the games of a run so far.
 */
typedef struct
{
  guint64 wins;
  guint64 moves;
  guint64 nodes;
  double seconds;
  guint64 won_positions;
  guint64 kept;
  guint64 unchecked;
  guint64 forfeits[NIM_END_N];
} NimMatchTally;

/**
 * NimMatchSummary:
 * @finished: the games played to the end and counted
 * @players: each player's tally; the losses of one are the wins of the
 *   other
 * @pair_counts: the complete pairs player 1 won 2-0, split 1-1 and lost
 *   0-2
 * @elo: the estimate from @pair_counts
 * @interrupted: the run was stopped before its last game (set when the
 *   run is over)
 * @seconds: the wall time of the run (set when the run is over)
 *
 * The counts of a run, for the program to show.  Read-only.
 */
typedef struct
{
  guint64 finished;
  NimMatchTally players[2];
  guint64 pair_counts[3];
  NimElo elo;
  gboolean interrupted;
  double seconds;
} NimMatchSummary;

/**
 * NimMatchPosition:
 * @NIM_MATCH_POSITION_LOST: the player to move loses against best play
 * @NIM_MATCH_POSITION_UNKNOWN: the solver could not tell
 * @NIM_MATCH_POSITION_WON: the player to move wins with best play
 *
 * What the exact solver says of a position, for the player to move.
 */
typedef enum
{
  NIM_MATCH_POSITION_LOST = -1,
  NIM_MATCH_POSITION_UNKNOWN = 0,
  NIM_MATCH_POSITION_WON = 1,
} NimMatchPosition;

/**
 * NimMatchGame:
 * @number: the game's number in the run, from 1
 * @game: the game, played to its end
 * @positions: for each move of @game (nim_game_get_n_moves()), the
 *   position its player moved from, as the solver judged it
 *
 * A finished game, as nim_match_run() hands it to the program.
 */
typedef struct
{
  guint64 number;
  const NimGame *game;
  const NimMatchPosition *positions;
} NimMatchGame;

/**
 * NimMatchCallbacks:
 * @game_finished: a game is over.  Called once per game, with the run's
 *   lock held, so that calls never overlap (one results line after the
 *   other).  Returning %FALSE with @error set fails the run: the game is
 *   not counted and no further one starts.  May be NULL.
 * @progress: called about four times a second, from the thread that
 *   called nim_match_run() and with the run's lock held (so keep it
 *   short), until the run is over or stopped: @summary holds the counts so
 *   far, @seconds the time since the run began.  May be NULL.
 * @interrupted: a first Ctrl-C stopped the run: no game is started any
 *   more and the games in progress are abandoned.  Called once, like
 *   @progress.  May be NULL.
 *
 * How a run tells the program what happens, in the manner of
 * #GSourceFuncs: the library counts, the program shows.
 */
typedef struct
{
  gboolean (*game_finished) (gpointer data, const NimMatchGame *game,
                             GError **error);
  void (*progress) (gpointer data, const NimMatchSummary *summary,
                    double seconds);
  void (*interrupted) (gpointer data, const NimMatchSummary *summary);
} NimMatchCallbacks;

guint64 nim_match_config_most_matches (const NimMatchConfig *config);

typedef struct _NimMatch NimMatch;

NimMatch *nim_match_new (const NimMatchConfig *config, GError **error);
void nim_match_free (NimMatch *match);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimMatch, nim_match_free)

gboolean nim_match_run (NimMatch *match, const NimMatchCallbacks *callbacks,
                        gpointer data, GError **error);
void nim_match_request_stop (NimMatch *match);
const NimMatchSummary *nim_match_get_summary (const NimMatch *match);

G_END_DECLS
