/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-shards.c -- a run cut into shards: which shard plays a pair, and
 * the SPRT decided over the pairs the shards hold, as one machine
 * decides it
 *
 * One machine playing a run's pairs one after the other runs the SPRT
 * after each pair and stops at the first that takes the LLR across a
 * bound.  Shards play the pairs in a different order (each its own, all
 * at once), so their pairs arrive at a summary, or at a sibling reading
 * their results files, in an order that depends on the machines' speeds.
 * Run on the pairs in that order, the test could decide on other pairs
 * than one machine's, or decide where one machine would not (fishtest
 * #933: an SPRT must not depend on the order in which results arrive).
 * So the test here is run only on the contiguous prefix of the pairs,
 * pairs 1, 2, 3 ... as far as every one is held, in pair order: once the
 * shards hold pairs 1 to P, the LLR after each of them is the one
 * machine's, and so are the decision and the pair that made it.  Pairs
 * held beyond a missing one wait until it comes.
 *
 * Everything is incremental: a game or pair is added once, the prefix
 * moves on as the missing pair arrives, and the test costs O(1) a pair.
 * The pairs waiting beyond the prefix are kept in a hash table: a shard
 * that died early leaves as many waiting as the others played since. */

#include "config.h"

#include "nim-shards.h"

#include <string.h>

/* What is held of a pair beyond the prefix: each game (from 1) held and
   whether player 1 won it, or the whole pair and its result. */
enum
{
  GAME1_HELD = 1 << 0,
  GAME1_WON = 1 << 1,
  GAME2_HELD = 1 << 2,
  GAME2_WON = 1 << 3,
  PAIR_HELD = 1 << 4,
  RESULT_SHIFT = 5, /* the result, 0 to 2, above the bits */
};

struct _NimSprtPrefix
{
  NimSprt sprt;
  guint64 pairs;
  guint shards;
  NimSprtPrefixState state; /* all but what nim_sprt_prefix_get() works out */
  GHashTable *waiting;      /* pair -> its bits, for pairs beyond the prefix */
};

/**
 * nim_shards_pair_shard:
 * @pair: a pair's number in the run, from 1
 * @shards: how many shards the run is cut into (0 or 1: none)
 *
 * --shard K/N plays the pairs whose number is K modulo N
 * (nim_match_config_plays_game()): pairs 1, N + 1, 2N + 1 ... are the
 * first shard's.
 *
 * Returns: the shard that plays @pair, 1 to @shards (1 without shards)
 */
guint
nim_shards_pair_shard (guint64 pair, guint shards)
{
  g_return_val_if_fail (pair >= 1, 0);
  if (shards <= 1)
    return 1;
  return (guint) ((pair - 1) % shards) + 1;
}

/**
 * nim_sprt_prefix_new:
 * @sprt: the test (nim_sprt_check() passed)
 * @pairs: how many pairs the run has (its games / 2)
 * @shards: how many shards play them (0 or 1: one machine)
 *
 * Returns: (transfer full): the test over no pair yet
 */
NimSprtPrefix *
nim_sprt_prefix_new (const NimSprt *sprt, guint64 pairs, guint shards)
{
  NimSprtPrefix *p = g_new0 (NimSprtPrefix, 1);

  p->sprt = *sprt;
  p->pairs = pairs;
  p->shards = shards;
  p->waiting
      = g_hash_table_new_full (g_int64_hash, g_int64_equal, g_free, NULL);
  return p;
}

/**
 * nim_sprt_prefix_free:
 * @prefix: (nullable): a test
 */
void
nim_sprt_prefix_free (NimSprtPrefix *prefix)
{
  if (prefix == NULL)
    return;
  g_hash_table_unref (prefix->waiting);
  g_free (prefix);
}

/* The prefix grows by one pair of @result: the test after it, as one
   machine runs it after each pair, and the first crossing kept. */
static void
grow (NimSprtPrefix *p, guint result)
{
  NimSprtPrefixState *s = &p->state;

  s->prefix++;
  s->prefix_counts[result]++;
  if (s->decision == NIM_SPRT_NONE)
    {
      double llr = nim_sprt_llr (&p->sprt, s->prefix_counts);

      s->decision = nim_sprt_decide (&p->sprt, llr);
      if (s->decision != NIM_SPRT_NONE)
        {
          s->decided_pairs = s->prefix;
          memcpy (s->decided_counts, s->prefix_counts,
                  sizeof s->decided_counts);
          s->decided_llr = llr;
        }
    }
}

/* Pair @pair is held complete, of @result: the prefix grows over it and
   the pairs waiting after it, or it waits. */
static void
complete (NimSprtPrefix *p, guint64 pair, guint result)
{
  NimSprtPrefixState *s = &p->state;
  gint64 key;

  s->held++;
  s->highest = MAX (s->highest, pair);
  if (pair != s->prefix + 1)
    {
      key = (gint64) pair;
      g_hash_table_replace (
          p->waiting, g_memdup2 (&key, sizeof key),
          GUINT_TO_POINTER (PAIR_HELD | result << RESULT_SHIFT));
      return;
    }
  grow (p, result);
  while (TRUE)
    {
      guint bits;

      key = (gint64) s->prefix + 1;
      bits = GPOINTER_TO_UINT (g_hash_table_lookup (p->waiting, &key));
      if (!(bits & PAIR_HELD))
        break;
      g_hash_table_remove (p->waiting, &key);
      grow (p, bits >> RESULT_SHIFT);
    }
}

/* What is held of pair @pair: its bits, PAIR_HELD for a pair of the
   prefix. */
static guint
held_bits (const NimSprtPrefix *p, guint64 pair)
{
  gint64 key = (gint64) pair;

  if (pair <= p->state.prefix)
    return PAIR_HELD;
  return GPOINTER_TO_UINT (g_hash_table_lookup (p->waiting, &key));
}

/**
 * nim_sprt_prefix_add_game:
 * @prefix: a test
 * @number: a game's number in the run, from 1 (as #NimMatchGame has it)
 * @winner: the player who won it, 1 or 2
 *
 * Adds a finished game.  Once both games of its pair are there, the pair
 * counts: player 1 won it 2-0, split it or lost it 0-2.
 *
 * Returns: %TRUE if the game was added; %FALSE for a number outside the
 *   run or a game held already (which is not counted again)
 */
gboolean
nim_sprt_prefix_add_game (NimSprtPrefix *prefix, guint64 number, guint winner)
{
  NimSprtPrefix *p = prefix;
  guint64 pair;
  guint bits, held, won;
  gint64 key;

  g_return_val_if_fail (winner == 1 || winner == 2, FALSE);
  if (number < 1 || number > 2 * p->pairs)
    return FALSE;
  pair = (number - 1) / 2 + 1;
  held = (number - 1) % 2 == 0 ? GAME1_HELD : GAME2_HELD;
  won = (number - 1) % 2 == 0 ? GAME1_WON : GAME2_WON;
  bits = held_bits (p, pair);
  if (bits & (PAIR_HELD | held))
    return FALSE;
  bits |= held | (winner == 1 ? won : 0);
  key = (gint64) pair;
  if ((bits & (GAME1_HELD | GAME2_HELD)) != (GAME1_HELD | GAME2_HELD))
    {
      g_hash_table_replace (p->waiting, g_memdup2 (&key, sizeof key),
                            GUINT_TO_POINTER (bits));
      return TRUE;
    }
  g_hash_table_remove (p->waiting, &key);
  complete (p, pair, 2 - !!(bits & GAME1_WON) - !!(bits & GAME2_WON));
  return TRUE;
}

/**
 * nim_sprt_prefix_add_pair:
 * @prefix: a test
 * @pair: a pair's number in the run, from 1
 * @result: what player 1 made of it: 0 won 2-0, 1 split 1-1, 2 lost 0-2
 *   (an index of the pair counts)
 *
 * Adds a complete pair.
 *
 * Returns: %TRUE if the pair was added; %FALSE for a number outside the
 *   run or a pair of which a game is held already
 */
gboolean
nim_sprt_prefix_add_pair (NimSprtPrefix *prefix, guint64 pair, guint result)
{
  g_return_val_if_fail (result <= 2, FALSE);
  if (pair < 1 || pair > prefix->pairs || held_bits (prefix, pair) != 0)
    return FALSE;
  complete (prefix, pair, result);
  return TRUE;
}

/**
 * nim_sprt_prefix_decision:
 * @prefix: a test
 *
 * Returns: what the test decided over the prefix so far; a shard whose
 *   siblings' pairs have made it decide can stop
 */
NimSprtDecision
nim_sprt_prefix_decision (const NimSprtPrefix *prefix)
{
  return prefix->state.decision;
}

/**
 * nim_sprt_prefix_get:
 * @prefix: a test
 * @state: (out): where it stands
 */
void
nim_sprt_prefix_get (const NimSprtPrefix *prefix, NimSprtPrefixState *state)
{
  const NimSprtPrefix *p = prefix;

  *state = p->state;
  state->prefix_llr = nim_sprt_llr (&p->sprt, state->prefix_counts);
  state->first_missing = state->prefix < p->pairs ? state->prefix + 1 : 0;
  state->first_missing_shard
      = state->first_missing != 0
            ? nim_shards_pair_shard (state->first_missing, p->shards)
            : 0;
  state->gaps = state->highest - state->held;
  state->missing = p->pairs - state->held;
}
