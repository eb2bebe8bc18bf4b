/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-shards.h -- a run cut into shards: which shard plays a pair, and
   the SPRT decided over the pairs the shards hold, as one machine
   decides it */
#pragma once

#include <glib.h>

#include "nim-sprt.h"

G_BEGIN_DECLS

guint nim_shards_pair_shard (guint64 pair, guint shards);

/**
 * NimSprtPrefixState:
 * @decision: what the SPRT decided over the pairs from the first, in pair
 *   order: the first crossing of a bound, as one machine playing the
 *   pairs one after the other decides (%NIM_SPRT_NONE when the prefix
 *   never crosses one)
 * @decided_pairs: the pairs counted when it decided: the pair that crossed
 *   the bound and all before it (0 while undecided)
 * @decided_counts: their counts, won 2-0, split 1-1, lost 0-2 by player 1
 * @decided_llr: the LLR then
 * @prefix: the longest run of pairs from the first that are all held
 *   complete: pairs 1 to @prefix
 * @prefix_counts: their counts
 * @prefix_llr: their LLR
 * @held: the complete pairs held, in the prefix and beyond it
 * @highest: the highest complete pair held (0 for none)
 * @first_missing: the first pair of the run not held complete, @prefix + 1;
 *   0 when the prefix is the whole run
 * @first_missing_shard: the shard that plays @first_missing, 1 to the
 *   shards (0 when there is no missing pair)
 * @gaps: the pairs missing below @highest, which no further game of the
 *   shards that played beyond them will fill
 * @missing: the pairs of the run not held complete, below @highest and
 *   above it
 *
 * The state of the SPRT over the pairs the shards of a run hold.  While
 * @decision is %NIM_SPRT_NONE and @first_missing is not 0, the test is
 * undecided because pair @first_missing is not there yet; once it is
 * decided, no pair after @decided_pairs can change it.
 */
typedef struct
{
  NimSprtDecision decision;
  guint64 decided_pairs;
  guint64 decided_counts[3];
  double decided_llr;
  guint64 prefix;
  guint64 prefix_counts[3];
  double prefix_llr;
  guint64 held;
  guint64 highest;
  guint64 first_missing;
  guint first_missing_shard;
  guint64 gaps;
  guint64 missing;
} NimSprtPrefixState;

typedef struct _NimSprtPrefix NimSprtPrefix;

NimSprtPrefix *nim_sprt_prefix_new (const NimSprt *sprt, guint64 pairs,
                                    guint shards);
gboolean nim_sprt_prefix_add_game (NimSprtPrefix *prefix, guint64 number,
                                   guint winner);
gboolean nim_sprt_prefix_add_pair (NimSprtPrefix *prefix, guint64 pair,
                                   guint result);
void nim_sprt_prefix_get (const NimSprtPrefix *prefix,
                          NimSprtPrefixState *state);
NimSprtDecision nim_sprt_prefix_decision (const NimSprtPrefix *prefix);
void nim_sprt_prefix_free (NimSprtPrefix *prefix);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimSprtPrefix, nim_sprt_prefix_free)

G_END_DECLS
