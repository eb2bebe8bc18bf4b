/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-tt.h -- a fixed-size transposition table keyed on heap multisets */
#pragma once

#include <glib.h>

#include "nim-board.h"

/* A function the compiler must inline: the searchers inline the body of a
   node into a traced and an untraced copy, so the untraced one stays as
   fast as a search without tracing, and the table's look-ups, which run
   at every node, are no calls either. */
#if defined(__GNUC__)
#define NIM_ALWAYS_INLINE inline __attribute__ ((always_inline))
#else
#define NIM_ALWAYS_INLINE inline
#endif

G_BEGIN_DECLS

/* Bound kinds. */
enum
{
  NIM_TT_EMPTY = 0,
  NIM_TT_EXACT = 1,
  NIM_TT_LOWER = 2, /* the value is at least this (a cutoff) */
  NIM_TT_UPPER = 3, /* the value is at most this (no move beat alpha) */
};

/* Depth recorded for a proven win or loss: valid at any depth.  Depths
   are 13 bits; a search never goes deeper than 4096 plies. */
#define NIM_TT_DEPTH_PROVEN 8191u
/* Values are 14-bit signed numbers: the searcher maps its scores into
   this range (see value_to_tt() in nim-player-negamax.c). */
#define NIM_TT_VALUE_MAX 8191
/* Slots a bucket: 4 of 16 bytes, one 64-byte cache line. */
#define NIM_TT_WAYS 4
/* Generations are 3 bits, 1 to 7; 0 marks a slot never written. */
#define NIM_TT_GENERATIONS 7u
/* How many written lines a table lists (see NimTT): a quarter of its
   lines, within these bounds. */
#define NIM_TT_WRITTEN_MIN 2048
#define NIM_TT_WRITTEN_MAX (G_GUINT64_CONSTANT (1) << 20)
/* From this size on a table is worth huge pages from a long search's
   first touch (see nim_tt_want_huge_pages()). */
#define NIM_TT_HUGE_AT_ONCE (G_GUINT64_CONSTANT (512) << 20)
/* Entries a line of the index of proven losses holds: 8 of 8 bytes. */
#define NIM_TT_LOSS_WAYS 8
/* Heaps of this size or more are left out of the index (an entry keeps
   29 bits of a heap's size). */
#define NIM_TT_LOSS_MAX_HEAP (G_GUINT64_CONSTANT (1) << 29)
/* The index of proven losses takes a 32nd of the table, within these
   bounds: at most 16 MiB, a few cache misses for a node's look-ups. */
#define NIM_TT_LOSS_MIN_BYTES 64
#define NIM_TT_LOSS_MAX_BYTES (G_GUINT64_CONSTANT (16) << 20)

/**
 * NimTTEntry:
 * @check: the key's bits, folded (see nim_tt_check())
 * @from: the best move's heap size before the move (0: none)
 * @count: the best move's count
 * @packed: value (14 bits, signed), depth (13 bits), bound (2 bits) and
 *   generation (3 bits), from the low bits up
 *
 * Sixteen bytes, so that four fill a cache line.  The best move is stored
 * as "take @count from a heap of @from", not by heap number, because the
 * key ignores the order of the heaps.
 */
typedef struct
{
  guint32 check;
  guint32 from;
  guint32 count;
  guint32 packed;
} NimTTEntry;

/* One cache line: a probe reads one line, whichever slot it finds. */
typedef struct
{
  NimTTEntry slot[NIM_TT_WAYS];
} NimTTBucket;

/* One cache line of the index of proven losses (see
   nim_tt_losses_beside()): each slot holds the low 32 bits of the key of
   a position less one heap, the heap's size (29 bits) and the generation
   (3 bits, 0: never written), from the high bits down. */
typedef struct
{
  guint64 slot[NIM_TT_LOSS_WAYS];
} NimTTLossBucket;

/**
 * NimTTHit:
 * @value: value for the player to move, ply-independent
 * @depth: remaining depth searched, or %NIM_TT_DEPTH_PROVEN
 * @bound: %NIM_TT_EXACT, %NIM_TT_LOWER or %NIM_TT_UPPER
 * @from: the best move's heap size before the move (0: none)
 * @count: the best move's count
 *
 * An entry as a probe hands it back, unpacked.
 */
typedef struct
{
  gint32 value;
  guint depth;
  guint bound;
  guint32 from;
  guint32 count;
} NimTTHit;

/* A clear bumps the generation instead of writing every slot, so a
   comparison run can start each game with an empty table for free; once
   every seven clears the slots must really be zeroed (see
   nim_tt_clear()). */
typedef struct _NimTT NimTT;
struct _NimTT
{
  NimTTBucket *buckets;
  guint64 mask; /* number of buckets in use - 1, a power of two */
  /* A large table starts small and doubles as it fills, up to its
     capacity (see nim_tt_store()): memory is touched only as a search
     needs it. */
  guint64 max_mask; /* number of buckets - 1, a power of two */
  guint64 n_filled; /* slots filled this generation */
  guint64 grow_at;  /* n_filled at which the table doubles */
  guint32 generation;
  gboolean huge; /* huge pages asked for */
  /* When the search using the table must be done (monotonic time), 0
     for never: a growth that would not fit in the time left waits (see
     nim_tt_grow()); and what a growth has cost, seconds a byte of the
     memory it took in. */
  gint64 deadline;
  double grow_cost;
  /* The buckets written since the slots were last zeroed, so that a
     clear after short searches zeroes those alone (see nim_tt_clear());
     n_written counts past written_max, where the list stops. */
  guint64 n_written;
  guint64 written_max;
  guint64 *written;
  gsize map_size;
  void *map; /* what mmap () gave, or %NULL */
  /* Beside the table, a small index of the positions it has proven lost
     for the player to move (see nim_tt_losses_beside()), cleared as the
     table is, with its own list of written lines. */
  NimTTLossBucket *losses;
  guint64 loss_mask; /* number of lines - 1, a power of two */
  guint64 n_loss_written;
  guint64 loss_written_max;
  guint64 *loss_written;
  gsize loss_map_size;
  void *loss_map;
};

NimTT *nim_tt_new (guint64 bytes);
void nim_tt_free (NimTT *tt);
void nim_tt_clear (NimTT *tt);
void nim_tt_wipe (NimTT *tt);
void nim_tt_want_huge_pages (NimTT *tt);
void nim_tt_grow (NimTT *tt);
void nim_tt_set_deadline (NimTT *tt, gint64 deadline);
guint64 nim_tt_size (const NimTT *tt);
guint64 nim_tt_n_entries (const NimTT *tt);
guint64 nim_tt_n_used (const NimTT *tt);
guint64 nim_tt_size_for (guint64 bytes);
guint64 nim_tt_footprint (guint64 bytes);
guint64 nim_tt_memory_available (void);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimTT, nim_tt_free)

/* A slot's check keeps key bits 20 to 31 as they are: a table that
   grows from 2^20 buckets takes its further index bits from there (see
   nim_tt_grow()), up to 2^32 buckets. */
#define NIM_TT_CHECK_SHIFT 20
#define NIM_TT_GROW_BITS 12

/**
 * nim_tt_check:
 * @key: a position's key
 *
 * Returns: what a slot keeps of @key: key bits 20 to 31 in its low 12
 *   bits, and bits 32 to 51 folded with bits 0 to 19 and 52 to 63 above
 *   them, so that every bit counts whatever the table's size, and a
 *   table that grows finds its next index bit in the check
 */
static inline guint32
nim_tt_check (guint64 key)
{
  return (guint32) (key >> NIM_TT_CHECK_SHIFT)
         ^ ((guint32) key << NIM_TT_GROW_BITS)
         ^ ((guint32) (key >> 52) << NIM_TT_GROW_BITS);
}

static inline guint
nim_tt_slot_generation (const NimTTEntry *e)
{
  return e->packed >> 29;
}

static inline guint
nim_tt_slot_depth (const NimTTEntry *e)
{
  return (e->packed >> 14) & 0x1fff;
}

/**
 * nim_tt_bucket:
 * @tt: the table
 * @key: a position's key
 *
 * Returns: the bucket @key lives in
 */
static inline NimTTBucket *
nim_tt_bucket (const NimTT *tt, guint64 key)
{
  return &tt->buckets[key & tt->mask];
}

/**
 * nim_tt_prefetch:
 * @tt: the table
 * @key: the key of a position about to be searched
 *
 * Starts loading @key's bucket into the cache, so that the probe a few
 * hundred instructions later does not wait for memory.
 */
static inline void
nim_tt_prefetch (const NimTT *tt, guint64 key)
{
#if defined(__GNUC__)
  __builtin_prefetch (nim_tt_bucket (tt, key));
#endif
}

/**
 * nim_tt_probe:
 * @tt: the table
 * @key: a position's key
 * @hit: (out): the entry, unpacked, when there is one
 *
 * Returns: %TRUE if the table holds @key
 */
static NIM_ALWAYS_INLINE gboolean
nim_tt_probe (const NimTT *tt, guint64 key, NimTTHit *hit)
{
  const NimTTBucket *b = nim_tt_bucket (tt, key);
  guint32 check = nim_tt_check (key);
  guint i;

  for (i = 0; i < NIM_TT_WAYS; i++)
    {
      const NimTTEntry *e = &b->slot[i];

      if (e->check == check && nim_tt_slot_generation (e) == tt->generation)
        {
          /* The value is the low 14 bits, sign-extended. */
          hit->value = (gint32) (e->packed << 18) >> 18;
          hit->depth = nim_tt_slot_depth (e);
          hit->bound = (e->packed >> 27) & 3;
          hit->from = e->from;
          hit->count = e->count;
          return TRUE;
        }
    }
  return FALSE;
}

/* The line of the index of proven losses that @rest's entries live in:
   bits of the key that neither the table's index nor the entry's check
   use. */
static inline NimTTLossBucket *
nim_tt_loss_bucket (const NimTT *tt, guint64 rest)
{
  return &tt->losses[(rest >> 40) & tt->loss_mask];
}

/**
 * nim_tt_prefetch_loss:
 * @tt: the table
 * @rest: a key about to be looked up with nim_tt_losses_beside()
 */
static inline void
nim_tt_prefetch_loss (const NimTT *tt, guint64 rest)
{
#if defined(__GNUC__)
  __builtin_prefetch (nim_tt_loss_bucket (tt, rest));
#endif
}

/**
 * nim_tt_losses_beside:
 * @tt: the table
 * @rest: the key of a position less one of its heaps (the position's key
 *   minus nim_tt_heap_key() of that heap)
 * @sizes: (out caller-allocates) (array fixed-size=8): the sizes found
 *
 * The index of proven losses: for every position the table has been told
 * is lost for the player to move (see nim_tt_store_loss()), and for each
 * of its heaps, the position without that heap and the heap's size.  It
 * answers at once which children of a node are proven losses, the
 * question of an enhanced transposition cutoff: a child leaves one heap
 * smaller and the others as they are, so a node of n heaps asks n
 * questions, one for each heap with the rest of the position, where
 * looking up every child in the table itself would take a read from
 * memory for each of up to thousands of children.  A heap of 0 stands
 * for a heap taken whole.
 *
 * The index is small (a 32nd of the table, at most 16 MiB) and may have
 * forgotten a loss the table still holds (a full line drops an entry);
 * what it holds is a loss once proven, which stays one.  Under
 * score=distance its distance is in the table, which the caller reads.
 *
 * Returns: how many sizes it wrote to @sizes: each a size h such that
 *   @rest with a heap of h added is a proven loss
 */
static NIM_ALWAYS_INLINE guint
nim_tt_losses_beside (const NimTT *tt, guint64 rest, guint32 *sizes)
{
  const NimTTLossBucket *b = nim_tt_loss_bucket (tt, rest);
  guint32 check = (guint32) rest;
  guint i, n = 0;

  for (i = 0; i < NIM_TT_LOSS_WAYS; i++)
    {
      guint64 e = b->slot[i];

      if ((guint32) (e >> 32) == check && (e & 7) == tt->generation)
        sizes[n++] = (guint32) e >> 3;
    }
  return n;
}

void nim_tt_store_loss (NimTT *tt, guint64 key, const guint32 *heaps,
                        guint n_heaps);

/* Whether @heaps[@i] is the first of its size in @heaps: the index of
   proven losses keys a position less one heap of each size, so heaps of
   one size share one entry, and one question. */
static inline gboolean
nim_tt_first_of_size (const guint32 *heaps, guint i)
{
  guint j;

  for (j = 0; j < i; j++)
    if (heaps[j] == heaps[i])
      return FALSE;
  return TRUE;
}

/* Adds @index to a list of lines written since the last zeroing (see
   NimTT), which holds @max; past it the list only counts. */
static inline void
nim_tt_list_written (guint64 *list, guint64 *n, guint64 max, guint64 index)
{
  if (*n < max)
    list[*n] = index;
  (*n)++;
}

/**
 * nim_tt_store:
 * @tt: the table
 * @key: a position's key
 * @value: its value for the player to move, within +-%NIM_TT_VALUE_MAX
 * @depth: the remaining depth it was searched to, or %NIM_TT_DEPTH_PROVEN
 * @bound: %NIM_TT_EXACT, %NIM_TT_LOWER or %NIM_TT_UPPER
 * @from: the best move's heap size, 0 if none
 * @count: the best move's count
 *
 * Replaces the entry for @key; else a slot of an older generation (or
 * never written); else the slot searched least deep, the first of them:
 * proofs and deep searches, which cost the most to redo, stay longest.
 * A large table in use in part doubles when half of what is in use is
 * filled (see nim_tt_grow()).
 */
static NIM_ALWAYS_INLINE void
nim_tt_store (NimTT *tt, guint64 key, gint32 value, guint depth, guint bound,
              guint32 from, guint32 count)
{
  NimTTBucket *b;
  guint32 check = nim_tt_check (key);
  NimTTEntry *e = NULL;
  guint i, shallowest = G_MAXUINT;

  if (G_UNLIKELY (tt->n_filled >= tt->grow_at))
    nim_tt_grow (tt);
  b = nim_tt_bucket (tt, key);

  for (i = 0; i < NIM_TT_WAYS; i++)
    {
      NimTTEntry *s = &b->slot[i];

      if (nim_tt_slot_generation (s) != tt->generation)
        {
          if (e == NULL || nim_tt_slot_generation (e) == tt->generation)
            e = s;
          shallowest = 0;
        }
      else if (s->check == check)
        {
          e = s;
          break;
        }
      else if (nim_tt_slot_depth (s) < shallowest)
        {
          shallowest = nim_tt_slot_depth (s);
          e = s;
        }
    }
  nim_tt_list_written (tt->written, &tt->n_written, tt->written_max,
                       key & tt->mask);
  tt->n_filled += nim_tt_slot_generation (e) != tt->generation;
  e->check = check;
  e->from = from;
  e->count = count;
  e->packed
      = ((guint32) CLAMP (value, -NIM_TT_VALUE_MAX, NIM_TT_VALUE_MAX) & 0x3fff)
        | (MIN (depth, NIM_TT_DEPTH_PROVEN) << 14) | ((bound & 3) << 27)
        | (tt->generation << 29);
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

/* How many heap sizes have their key in nim_tt_heap_keys[]: a search
   asks for the keys of every child's heaps, and reading one from a
   table of 8 KiB costs less than mixing it (mixing was a fifth of the
   search's instructions: bench/README). */
#define NIM_TT_HEAP_KEYS 1024

extern const guint64 nim_tt_heap_keys[NIM_TT_HEAP_KEYS];

/**
 * nim_tt_heap_key:
 * @size: a heap size
 *
 * A position's key is the sum, modulo 2^64, of the keys of its heaps.  A
 * sum does not depend on the order of the heaps, so 3,4,5 and 5,3,4 are
 * one entry; unlike an exclusive or, two equal heaps do not cancel out;
 * and a move updates it with two calls.  An empty heap adds nothing.
 *
 * Returns: the key of one heap of @size (splitmix64's finaliser; read
 *   from nim_tt_heap_keys[] for the first %NIM_TT_HEAP_KEYS sizes)
 */
static inline guint64
nim_tt_heap_key (guint32 size)
{
  return size < NIM_TT_HEAP_KEYS ? nim_tt_heap_keys[size] : nim_tt_mix (size);
}

/**
 * nim_tt_board_key:
 * @board: a position
 *
 * Returns: the key of @board: the sum of its heaps' keys
 */
static inline guint64
nim_tt_board_key (const NimBoard *board)
{
  guint64 key = 0;
  guint i;

  for (i = 0; i < board->n_heaps; i++)
    key += nim_tt_heap_key (board->heaps[i]);
  return key;
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

/**
 * nim_tt_key_after_split:
 * @key: a position's key
 * @from: the size of the heap @move takes from
 * @move: a move, which may split the heap (see #NimMove)
 *
 * Returns: the key of the position after @move
 */
static inline guint64
nim_tt_key_after_split (guint64 key, guint32 from, const NimMove *move)
{
  return key - nim_tt_heap_key (from)
         + nim_tt_heap_key (from - move->count - move->split)
         + nim_tt_heap_key (move->split);
}

/**
 * nim_tt_move_pack:
 * @move: a move
 *
 * What an entry keeps of @move besides the heap it takes from: the
 * count, and the split in the high half.  A split happens only under a
 * take-and-break code, whose counts and heaps fit in 16 bits each (see
 * nim_board_check_room()), so a move under rules that never split is
 * packed as its count.
 *
 * Returns: @move packed
 */
static inline guint32
nim_tt_move_pack (const NimMove *move)
{
  return move->count | move->split << 16;
}

/**
 * nim_tt_move_unpack:
 * @packed: what nim_tt_move_pack() made
 * @splits: whether the rules may split a heap (nim_rules_splits())
 * @move: (out): the count and split of the move (the heap is left alone)
 */
static inline void
nim_tt_move_unpack (guint32 packed, gboolean splits, NimMove *move)
{
  move->count = splits ? packed & 0xffff : packed;
  move->split = splits ? packed >> 16 : 0;
  move->keep = 0; /* the caller knows the heap: from - count - split */
}

G_END_DECLS
