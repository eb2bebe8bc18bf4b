/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-run-summary.h -- the summaries of comparison runs, for people and
   as JSON: a run of two players and a tournament */
#pragma once

#include <glib.h>

#include "nim-audit.h"
#include "nim-match.h"
#include "nim-output.h"
#include "nim-ratings.h"
#include "nim-shards.h"

G_BEGIN_DECLS

/**
 * NimRunSummary:
 * @config: the run
 * @summary: what it counted
 * @per_position: with the table of each position's pairs and blunders
 *   (--per-position)
 * @prefix: (nullable): for the shards of an SPRT run (--summarize), the
 *   test over the contiguous prefix of their pairs, which @summary's
 *   decision is; the text says which pair is missing while undecided
 * @audit: (nullable): for the shards of a run (--summarize), whether
 *   they fit together; the text and the JSON name the suspect ones
 * @shard: the summary of one shard of an SPRT run, which followed its
 *   siblings (@prefix is the test over the pairs of all the shards it
 *   read); the text says what the test over the shards decided
 * @stopped: ... and the shard stopped before its last game because the
 *   test was decided
 *
 * The summary of a run of two players, as #nim_run_summary_writer writes
 * it.
 */
typedef struct
{
  const NimMatchConfig *config;
  const NimMatchSummary *summary;
  gboolean per_position;
  const NimSprtPrefixState *prefix;
  const NimAuditReport *audit;
  gboolean shard;
  gboolean stopped;
} NimRunSummary;

extern const NimWriter nim_run_summary_writer;

/**
 * NimRunTournament:
 * @kind: "round-robin" or "gauntlet"
 * @specs: the players, @n of them
 * @n: how many players
 * @wins: @n x @n counts: wins[i * n + j], the games player i won against
 *   player j
 * @tallies: each player's tally over all its games
 * @games: the games finished
 * @requested: the games of all pairings
 * @interrupted: Ctrl-C stopped it
 * @seconds: the time its pairings took
 * @jobs: the games played at once (--jobs)
 * @ratings: each player's rating, from @wins (nim_ratings_estimate())
 * @base: the run of each pairing but for its players: its games, rules
 *   and seed
 *
 * The counts of a tournament, as #nim_run_summary_tournament_writer
 * writes them: a crosstable and the ratings.
 */
typedef struct
{
  const char *kind;
  char **specs;
  guint n;
  guint64 *wins;
  NimMatchTally *tallies;
  guint64 games;
  guint64 requested;
  gboolean interrupted;
  double seconds;
  guint jobs;
  NimRating *ratings;
  const NimMatchConfig *base;
} NimRunTournament;

extern const NimWriter nim_run_summary_tournament_writer;

char *nim_run_summary_elo_text (double v, gboolean sign);

G_END_DECLS
