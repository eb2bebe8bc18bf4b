/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-audit.h -- the audit of a run's shards: do their games fit
   together, as fishtest checks its workers? */
#pragma once

#include <glib.h>

#include "nim-match.h"

G_BEGIN_DECLS

/* The chance of naming a shard of a homogeneous run by its pair results:
   the chi-square test over the shards, and each shard's residual with
   the Bonferroni correction, are each held to it. */
#define NIM_AUDIT_P 0.001
/* A cell of the chi-square table must expect this many pairs at least:
   rarer results are pooled, shards with fewer pairs left out. */
#define NIM_AUDIT_MIN_EXPECTED 5.0
/* More crashes than this name a shard (fishtest's rule). */
#define NIM_AUDIT_MAX_CRASHES 3
/* More than this share of its games lost on time names a shard, when it
   has more than NIM_AUDIT_TIME_MIN_GAMES games (fishtest's rule). */
#define NIM_AUDIT_TIME_SHARE 0.1
#define NIM_AUDIT_TIME_MIN_GAMES 20

/**
 * NimShardCounts:
 * @games: the games the shard holds
 * @wins: those player 1 won, and those player 2 won
 * @pair_counts: its complete pairs player 1 won 2-0, split 1-1 and lost
 *   0-2
 * @crashes: games lost by an engine that crashed, closed its pipes or
 *   did not start (%NIM_END_DISCONNECT, %NIM_END_STARTUP)
 * @time_losses: games lost on time (%NIM_END_TIME)
 * @foreign: games whose pair another shard plays
 *
 * What one shard of a run holds.
 */
typedef struct
{
  guint64 games;
  guint64 wins[2];
  guint64 pair_counts[3];
  guint64 crashes;
  guint64 time_losses;
  guint64 foreign;
} NimShardCounts;

/**
 * NimAuditFlaw:
 * @NIM_AUDIT_RESULTS: its pair results are unlike the other shards'
 * @NIM_AUDIT_CRASHES: more than %NIM_AUDIT_MAX_CRASHES crashes
 * @NIM_AUDIT_TIME: more than %NIM_AUDIT_TIME_SHARE of its games lost on
 *   time, over more than %NIM_AUDIT_TIME_MIN_GAMES games
 * @NIM_AUDIT_INCONSISTENT: its wins and losses do not fit its games and
 *   pair counts
 * @NIM_AUDIT_FOREIGN: it holds games of another shard's pairs
 *
 * Why a shard is suspect; a shard may have several of these.
 */
typedef enum
{
  NIM_AUDIT_RESULTS = 1 << 0,
  NIM_AUDIT_CRASHES = 1 << 1,
  NIM_AUDIT_TIME = 1 << 2,
  NIM_AUDIT_INCONSISTENT = 1 << 3,
  NIM_AUDIT_FOREIGN = 1 << 4,
} NimAuditFlaw;

/**
 * NimAuditShard:
 * @shard: its number, 1 to the shards
 * @counts: what it holds
 * @tested: its pairs were in the chi-square table (a shard with too few
 *   pairs to expect NIM_AUDIT_MIN_EXPECTED in each cell is not)
 * @residual: how far its pair results are from the others', as the z of
 *   a normal variable (0 or more, as fishtest shows it); NAN when not
 *   @tested
 * @log_p: the logarithm of the chance of a residual that large; NAN when
 *   not @tested
 * @flaws: #NimAuditFlaw bits; 0 when it fits
 */
typedef struct
{
  guint shard;
  NimShardCounts counts;
  gboolean tested;
  double residual;
  double log_p;
  guint flaws;
} NimAuditShard;

/**
 * NimAuditReport:
 * @n_shards: how many shards the run has
 * @shards: each shard's audit, in shard order
 * @tested: how many shards were in the chi-square table (0 without a
 *   test)
 * @columns: how many pair results the table kept apart after pooling the
 *   rare ones (1 to 3); no test without 2 of them
 * @chi2: the chi-square statistic of the table; NAN without a test
 * @dof: its degrees of freedom, (@tested - 1)(@columns - 1)
 * @p: its p-value: the chance of a chi-square that large if every shard
 *   played the same games
 * @z_threshold: the residual above which a shard is named on its own:
 *   the normal z of NIM_AUDIT_P / @tested (Bonferroni)
 * @ambiguous: two shards' results differ and neither could be told the
 *   odd one out: both are named
 * @n_suspects: how many shards have a flaw
 * @suspects: their numbers, in order
 *
 * The audit of a run's shards, from nim_audit_run().
 */
typedef struct
{
  guint n_shards;
  NimAuditShard *shards;
  guint tested;
  guint columns;
  double chi2;
  guint dof;
  double p;
  double z_threshold;
  gboolean ambiguous;
  guint n_suspects;
  guint *suspects;
} NimAuditReport;

typedef struct _NimAudit NimAudit;

NimAudit *nim_audit_new (guint shards);
gboolean nim_audit_add_game (NimAudit *audit, guint shard, guint64 number,
                             const NimMatchTally tallies[2]);
void nim_audit_add_counts (NimAudit *audit, guint shard,
                           const NimShardCounts *counts);
const NimShardCounts *nim_audit_get_counts (const NimAudit *audit,
                                            guint shard);
NimAuditReport *nim_audit_run (const NimAudit *audit);
void nim_audit_free (NimAudit *audit);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimAudit, nim_audit_free)

char *nim_audit_describe (const NimAuditReport *report, guint shard);
char *nim_audit_shard_label (guint shard, guint shards);
void nim_audit_report_free (NimAuditReport *report);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimAuditReport, nim_audit_report_free)

G_END_DECLS
