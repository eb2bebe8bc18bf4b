/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-match.h -- comparison runs: many games between two players */
#pragma once

#include <glib.h>

#include "nim-board.h"
#include "nim-game.h"
#include "nim-sprt.h"
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
 * @affinity: pin job j, and the engine processes it starts, to the j-th
 *   processor this process may run on (modulo their number), where the
 *   system can (Linux); an engine then answers its referee on the same
 *   processor, without waking another (see nim_match_run())
 * @seed: seeds the positions drawn and the players' random numbers
 * @sprt_enabled: stop as soon as @sprt decides; @games is then the most
 * @sprt: the sequential test, when @sprt_enabled
 * @positions: a position suite, when @n_positions is not 0: the pairs
 *   play its positions in turn (instead of @start or drawn heaps)
 * @first_movers: (nullable): for each of @positions, the player who moves
 *   first in the first game of its pair, 1 or 2 (%NULL: player 1)
 * @n_positions: how many positions @positions holds
 * @random_order: play the suite in an order shuffled with @seed
 * @start_position: the first pair plays this position of the order,
 *   from 0, the next pair the next one, round the suite
 * @positions_label: (nullable): what the suite is called (a file name),
 *   for the program's summaries
 * @shard: with @shards above 1, play only the pairs whose number (from 1,
 *   through the whole run: (@first_game + game) / 2 + 1) is @shard modulo
 *   @shards; @shard is 1 to @shards
 * @shards: how many shards the run is cut into; 0 or 1 for none
 * @first_game: the games are numbered from @first_game + 1, and their
 *   players' random numbers drawn accordingly: a tournament numbers its
 *   pairings' games one after the other (the positions of each pairing
 *   are the same)
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
  gboolean affinity;
  guint32 seed;
  gboolean sprt_enabled;
  NimSprt sprt;
  const NimBoard *positions;
  const guint *first_movers;
  guint n_positions;
  gboolean random_order;
  guint start_position;
  const char *positions_label;
  guint64 first_game;
  guint shard;
  guint shards;
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

void nim_match_tally_add (NimMatchTally *sum, const NimMatchTally *t);

/**
 * NimMatchPositionTally:
 * @pair_counts: the complete pairs of this position player 1 won 2-0,
 *   split 1-1 and lost 0-2
 * @blunders: the moves of each player that gave a won position away
 *
 * What happened on one position of a run.
 */
typedef struct
{
  guint64 pair_counts[3];
  guint64 blunders[2];
} NimMatchPositionTally;

/**
 * NimMatchSummary:
 * @finished: the games played to the end and counted
 * @players: each player's tally; the losses of one are the wins of the
 *   other
 * @pair_counts: the complete pairs player 1 won 2-0, split 1-1 and lost
 *   0-2
 * @elo: the estimate from @pair_counts
 * @llr: the SPRT's log-likelihood ratio from @pair_counts (0 without
 *   the test)
 * @decision: what the SPRT decided, the first time the LLR crossed a
 *   bound (it stays, though the games still in progress then are counted)
 * @per_position: for each position of the suite (or the one position
 *   of @start), what happened on it; %NULL with drawn positions, which
 *   are as many as the pairs
 * @n_per_position: how many @per_position holds
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
  double llr;
  NimSprtDecision decision;
  NimMatchPositionTally *per_position;
  guint n_per_position;
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
 * @number: the game's number in the run, from @first_game + 1
 * @game: the game, played to its end
 * @positions: for each move of @game (nim_game_get_n_moves()), the
 *   position its player moved from, as the solver judged it
 * @tallies: what each of the two players did in the game, as the summary
 *   counts it (nim_match_add_finished() takes it back)
 *
 * A finished game, as nim_match_run() hands it to the program.
 */
typedef struct
{
  guint64 number;
  const NimGame *game;
  const NimMatchPosition *positions;
  const NimMatchTally *tallies;
} NimMatchGame;

/**
 * NimMatchCallbacks:
 * @game_finished: a game is over.  Called once per game, from the job
 *   that played it and without the run's lock: the calls of several jobs
 *   may overlap, so the function serialises what they share itself (a
 *   results file written one line after the other).  The game is counted
 *   once it returns %TRUE; returning %FALSE with @error set fails the
 *   run: the game is not counted and no further one starts.  May be NULL.
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
void nim_match_config_random_board (const NimMatchConfig *config, guint64 pair,
                                    NimBoard *board);
guint64 nim_match_config_games_to_play (const NimMatchConfig *config);
guint64 nim_match_config_memory (const NimMatchConfig *config,
                                 guint64 *per_job);
gboolean nim_match_config_check_memory (const NimMatchConfig *config,
                                        GError **error);
gboolean nim_match_config_plays_game (const NimMatchConfig *config,
                                      guint64 game);
guint32 nim_match_config_player_seed (const NimMatchConfig *config,
                                      guint64 game, guint player);

typedef struct _NimMatch NimMatch;

NimMatch *nim_match_new (const NimMatchConfig *config, GError **error);
NimMatch *nim_match_new_counter (const NimMatchConfig *config);
gboolean nim_match_add_finished (NimMatch *match, guint64 number,
                                 const NimMatchTally tallies[2]);
void nim_match_free (NimMatch *match);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimMatch, nim_match_free)

/**
 * NimMatchClockFunc:
 * @data: what nim_match_set_clock() was given
 *
 * The clock a run reads: called from every job at once.
 *
 * Returns: the time in microseconds from a fixed start, as
 *   g_get_monotonic_time() counts it
 */
typedef gint64 (*NimMatchClockFunc) (gpointer data);

void nim_match_set_clock (NimMatch *match, NimMatchClockFunc clock,
                          gpointer data);
void nim_match_stop (NimMatch *match);
gboolean nim_match_run (NimMatch *match, const NimMatchCallbacks *callbacks,
                        gpointer data, GError **error);
const NimMatchSummary *nim_match_get_summary (const NimMatch *match);

G_END_DECLS
