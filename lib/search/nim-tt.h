/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-tt.h -- a fixed-size transposition table keyed on heap multisets */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* Bound kinds. */
enum
{
  NIM_TT_EMPTY = 0,
  NIM_TT_EXACT = 1,
  NIM_TT_LOWER = 2, /* the value is at least this (a cutoff) */
  NIM_TT_UPPER = 3, /* the value is at most this (no move beat alpha) */
};

/* Depth recorded for a proven win or loss: valid at any depth. */
#define NIM_TT_DEPTH_PROVEN G_MAXUINT16

/**
 * NimTTEntry:
 * @key: the position's key (see nim_tt_heap_key())
 * @value: value for the player to move, ply-independent
 * @depth: remaining depth searched, or %NIM_TT_DEPTH_PROVEN
 * @bound: %NIM_TT_EXACT, %NIM_TT_LOWER or %NIM_TT_UPPER
 * @generation: the table's generation when it was stored; an entry of
 *   another generation is empty
 * @from: the best move's heap size before the move (0: none)
 * @count: the best move's count
 *
 * The best move is stored as "take @count from a heap of @from", not by
 * heap number, because the key ignores the order of the heaps.
 */
typedef struct
{
  guint64 key;
  gint32 value;
  guint16 depth;
  guint8 bound;
  guint8 generation;
  guint32 from;
  guint32 count;
} NimTTEntry;

/* Two entries a bucket: the first keeps the deepest search, the second
   the most recent. */
typedef struct
{
  NimTTEntry slot[2];
} NimTTBucket;

/* A clear bumps the generation instead of writing every slot, so a
   comparison run can start each game with an empty 64 MiB table for
   free.  Generation 0 is never current: a zeroed slot is empty. */
typedef struct _NimTT NimTT;
struct _NimTT
{
  NimTTBucket *buckets;
  guint64 mask; /* number of buckets - 1, a power of two */
  guint8 generation;
};

NimTT *nim_tt_new (guint64 bytes);
void nim_tt_free (NimTT *tt);
void nim_tt_clear (NimTT *tt);
guint64 nim_tt_size (const NimTT *tt);
guint64 nim_tt_n_entries (const NimTT *tt);
guint64 nim_tt_n_used (const NimTT *tt);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimTT, nim_tt_free)

/**
 * nim_tt_probe:
 * @tt: the table
 * @key: a position's key
 *
 * Returns: (nullable): the entry for @key, or %NULL
 */
static inline NimTTEntry *
nim_tt_probe (NimTT *tt, guint64 key)
{
  NimTTBucket *b = &tt->buckets[key & tt->mask];

  if (b->slot[0].generation == tt->generation && b->slot[0].key == key)
    return &b->slot[0];
  if (b->slot[1].generation == tt->generation && b->slot[1].key == key)
    return &b->slot[1];
  return NULL;
}

/**
 * nim_tt_store:
 * @tt: the table
 * @key: a position's key
 * @value: its value for the player to move
 * @depth: the remaining depth it was searched to, or %NIM_TT_DEPTH_PROVEN
 * @bound: %NIM_TT_EXACT, %NIM_TT_LOWER or %NIM_TT_UPPER
 * @from: the best move's heap size, 0 if none
 * @count: the best move's count
 *
 * Replaces the entry for @key, else the first slot when @depth is at least
 * as deep as what it holds, else the second slot.  The table never grows.
 */
static inline void
nim_tt_store (NimTT *tt, guint64 key, gint32 value, guint depth, guint bound,
              guint32 from, guint32 count)
{
  NimTTBucket *b = &tt->buckets[key & tt->mask];
  gboolean live0 = b->slot[0].generation == tt->generation;
  NimTTEntry *e;

  if (b->slot[1].generation == tt->generation && b->slot[1].key == key)
    e = &b->slot[1];
  else if (!live0 || b->slot[0].key == key || depth >= b->slot[0].depth)
    {
      if (live0 && b->slot[0].key != key)
        b->slot[1] = b->slot[0]; /* keep the deep entry one more while */
      e = &b->slot[0];
    }
  else
    e = &b->slot[1];
  e->key = key;
  e->value = value;
  e->depth = (guint16) MIN (depth, NIM_TT_DEPTH_PROVEN);
  e->bound = (guint8) bound;
  e->generation = tt->generation;
  e->from = from;
  e->count = count;
}

/**
 * nim_tt_mix:
 * @x: any number
 *
 * splitmix64's finaliser: consecutive inputs give outputs that look
 * independent.  The table keys heaps with it; a comparison run derives
 * each game's random seeds with it.
 *
 * Returns: @x mixed
 */
static inline guint64
nim_tt_mix (guint64 x)
{
  x += G_GUINT64_CONSTANT (0x9e3779b97f4a7c15);
  x = (x ^ (x >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9);
  x = (x ^ (x >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb);
  return x ^ (x >> 31);
}

/**
 * nim_tt_heap_key:
 * @size: a heap size
 *
 * A position's key is the sum, modulo 2^64, of the keys of its heaps.  A
 * sum does not depend on the order of the heaps, so 3,4,5 and 5,3,4 are
 * one entry; unlike an exclusive or, two equal heaps do not cancel out;
 * and a move updates it with two calls.  An empty heap adds nothing.
 *
 * Returns: the key of one heap of @size (splitmix64's finaliser)
 */
static inline guint64
nim_tt_heap_key (guint32 size)
{
  return size == 0 ? 0 : nim_tt_mix (size);
}

/**
 * nim_tt_key_after_move:
 * @key: a position's key
 * @from: the size of the heap a move takes from
 * @count: how many it takes
 *
 * Returns: the key of the position after the move
 */
static inline guint64
nim_tt_key_after_move (guint64 key, guint32 from, guint32 count)
{
  return key - nim_tt_heap_key (from) + nim_tt_heap_key (from - count);
}

G_END_DECLS
