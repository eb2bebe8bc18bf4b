/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-tt.c -- a fixed-size transposition table keyed on heap multisets */

#include "config.h"

#include "nim-tt.h"

#include "nim-memory.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

/* nim_tt_mix() as a constant expression, so that the compiler computes
   nim_tt_heap_keys[] (each step names its argument twice). */
#define MIX_1(x) ((guint64) (x) + G_GUINT64_CONSTANT (0x9e3779b97f4a7c15))
#define MIX_2(x)                                                              \
  ((MIX_1 (x) ^ (MIX_1 (x) >> 30)) * G_GUINT64_CONSTANT (0xbf58476d1ce4e5b9))
#define MIX_3(x)                                                              \
  ((MIX_2 (x) ^ (MIX_2 (x) >> 27)) * G_GUINT64_CONSTANT (0x94d049bb133111eb))
#define MIX(x) (MIX_3 (x) ^ (MIX_3 (x) >> 31))
#define KEYS_4(i) MIX (i), MIX ((i) + 1), MIX ((i) + 2), MIX ((i) + 3)
#define KEYS_16(i)                                                            \
  KEYS_4 (i), KEYS_4 ((i) + 4), KEYS_4 ((i) + 8), KEYS_4 ((i) + 12)
#define KEYS_64(i)                                                            \
  KEYS_16 (i), KEYS_16 ((i) + 16), KEYS_16 ((i) + 32), KEYS_16 ((i) + 48)
#define KEYS_256(i)                                                           \
  KEYS_64 (i), KEYS_64 ((i) + 64), KEYS_64 ((i) + 128), KEYS_64 ((i) + 192)

/* The keys of heaps of 0 to NIM_TT_HEAP_KEYS - 1 matches, an empty heap's
   0 (see nim_tt_heap_key()); tests/test-tt checks them against
   nim_tt_mix(). */
const guint64 nim_tt_heap_keys[NIM_TT_HEAP_KEYS] = {
  0,
  KEYS_4 (1),
  KEYS_4 (5),
  KEYS_4 (9),
  MIX (13),
  MIX (14),
  MIX (15),
  KEYS_16 (16),
  KEYS_16 (32),
  KEYS_16 (48),
  KEYS_64 (64),
  KEYS_64 (128),
  KEYS_64 (192),
  KEYS_256 (256),
  KEYS_256 (512),
  KEYS_256 (768),
};
G_STATIC_ASSERT (NIM_TT_HEAP_KEYS == 1024);

#define HUGE_PAGE (G_GUINT64_CONSTANT (2) << 20)
/* A table up to this size is zeroed with memset () when its generations
   run out; a larger one hands its pages back to the kernel. */
#define CLEAR_BY_WRITING (G_GUINT64_CONSTANT (4) << 20)
/* A table larger than this starts with this many buckets in use and
   grows (see nim_tt_grow()); its index bits up to here are below the
   check's. */
#define GROW_FROM_BUCKETS (G_GUINT64_CONSTANT (1) << NIM_TT_CHECK_SHIFT)

/* What a growth is thought to cost before the table has grown once:
   seconds a byte of the memory it takes in (the buckets it reads, the
   fresh pages it writes).  Measured on a virtual machine whose host hands
   out memory as it is first touched: 2.7 ns a byte (64 to 128 MiB in
   0.17 s, 1 to 2 GiB in 2.9 s); after one growth, what it cost. */
#define GROW_COST_FIRST 4e-9

/* The slots filled (this generation) at which a table of @mask + 1
   buckets in use doubles: half of them, before many buckets fill up and
   entries are replaced that a larger table would keep (a quarter grew
   to more memory for no fewer nodes: bench/README). */
static guint64
grow_at (const NimTT *tt)
{
  return tt->mask < tt->max_mask ? (tt->mask + 1) * NIM_TT_WAYS / 2
                                 : G_MAXUINT64;
}

/* Puts a table of more than GROW_FROM_BUCKETS buckets back to that many
   in use, once every slot is zero again. */
static void
start_small (NimTT *tt)
{
  /* Past 2^32 buckets (256 GiB) the check has no more index bits. */
  tt->mask = tt->max_mask >> (NIM_TT_CHECK_SHIFT + NIM_TT_GROW_BITS) != 0
                 ? tt->max_mask
                 : MIN (tt->max_mask, GROW_FROM_BUCKETS - 1);
  tt->n_filled = 0;
  tt->grow_at = grow_at (tt);
}

/**
 * nim_tt_size_for:
 * @bytes: the most memory a table may use
 *
 * Returns: the bytes a table made by nim_tt_new (@bytes) takes: the
 *   largest power-of-two number of buckets that fits, at least one
 */
guint64
nim_tt_size_for (guint64 bytes)
{
  guint64 n = 1;

  while (n * 2 * sizeof (NimTTBucket) <= bytes)
    n *= 2;
  return n * sizeof (NimTTBucket);
}

/* Memory the kernel hands out zeroed, page by page as it is first
   touched: a table costs nothing to create, and a search pays for the
   pages it uses only.  Memory of 2 MiB or more is aligned to 2 MiB, so
   that it can live on huge pages (see nim_tt_want_huge_pages()).
   Returns the memory's start, or %NULL; in @map and @map_size what to
   munmap (), @map %NULL where there is no mmap () and the start is to be
   freed. */
static void *
map_zeroed (guint64 size, void **map, gsize *map_size)
{
#if defined(MAP_ANONYMOUS)
  gsize extra = size >= HUGE_PAGE ? HUGE_PAGE : 0;
  char *p = mmap (NULL, (gsize) size + extra, PROT_READ | PROT_WRITE,
                  MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);

  if (p == MAP_FAILED)
    return NULL;
  *map = p;
  *map_size = (gsize) size + extra;
  return extra > 0 ? (char *) (((guintptr) p + extra - 1) & ~(extra - 1)) : p;
#else
  void *p = aligned_alloc (sizeof (NimTTBucket), (gsize) size);

  *map = NULL;
  *map_size = 0;
  if (p != NULL)
    memset (p, 0, (gsize) size);
  return p;
#endif
}

/* The index of proven losses: a 32nd of the table's @size, within
   NIM_TT_LOSS_MIN_BYTES and NIM_TT_LOSS_MAX_BYTES, zeroed by the kernel
   as it is touched as the table is. */
static guint64
loss_bytes (guint64 size)
{
  guint64 bytes = NIM_TT_LOSS_MIN_BYTES;

  while (bytes * 2 <= MIN (size / 32, NIM_TT_LOSS_MAX_BYTES))
    bytes *= 2;
  return bytes;
}

static gboolean
tt_map_losses (NimTT *tt, guint64 size)
{
  guint64 bytes = loss_bytes (size);

  tt->loss_mask = bytes / sizeof (NimTTLossBucket) - 1;
  tt->losses = map_zeroed (bytes, &tt->loss_map, &tt->loss_map_size);
  return tt->losses != NULL;
}

static void
tt_unmap (NimTT *tt)
{
#if defined(MAP_ANONYMOUS)
  if (tt->map != NULL)
    munmap (tt->map, tt->map_size);
  if (tt->loss_map != NULL)
    munmap (tt->loss_map, tt->loss_map_size);
#else
  free (tt->buckets);
  free (tt->losses);
#endif
  g_free (tt->written);
  g_free (tt->loss_written);
}

/* How many of @n_lines lines written a table lists: a quarter of them,
   within NIM_TT_WRITTEN_MIN and NIM_TT_WRITTEN_MAX.  Zeroing that many
   lines writes at most a quarter of the table, and a comparison run's
   games, each a few thousand stores, fit their seven generations in the
   list of a default table (measured: 4 heaps of up to 20, against
   random: up to 9,000 a seven games), so no clear of theirs hands pages
   back (see nim_tt_clear()).  The list's memory, allocated with the
   table, is touched only as far as it fills. */
static guint64
written_max (guint64 n_lines)
{
  return CLAMP (n_lines / 4, NIM_TT_WRITTEN_MIN, NIM_TT_WRITTEN_MAX);
}

/**
 * nim_tt_footprint:
 * @bytes: the most memory a table may use, as nim_tt_new() takes it
 *
 * Returns: the most memory such a table takes once a search has touched
 *   all of it: its slots (nim_tt_size_for()), its index of proven losses
 *   and its lists of lines written
 */
guint64
nim_tt_footprint (guint64 bytes)
{
  guint64 size = nim_tt_size_for (bytes), losses = loss_bytes (size);

  return size + losses
         + sizeof (guint64)
               * (written_max (size / sizeof (NimTTBucket))
                  + written_max (losses / sizeof (NimTTLossBucket)));
}

/**
 * nim_tt_new:
 * @bytes: the most memory the table may use, at least one bucket
 *
 * Allocates the table once, with the largest power-of-two number of
 * buckets that fits in @bytes.  Creating it writes nothing: its pages
 * come zeroed from the kernel when a search first touches them, so a
 * table of gigabytes is ready at once and costs memory only as it fills
 * (see nim_tt_memory_available() to check a size first).  A table of
 * more than 64 MiB uses its first 64 MiB alone until half of their slots
 * are filled, and then doubles as it fills (see nim_tt_grow()): a table
 * that is spread over all of its memory from the start touches all of
 * it, and on a virtual machine the first touches of 2 GiB cost as much
 * system time as the search's own user time (bench/README).
 *
 * Returns: (transfer full) (nullable): an empty table, or %NULL when the
 *   memory cannot be had; free with nim_tt_free()
 */
NimTT *
nim_tt_new (guint64 bytes)
{
  NimTT *tt;
  guint64 size;

  g_return_val_if_fail (bytes >= sizeof (NimTTBucket), NULL);

  size = nim_tt_size_for (bytes);
  if (size > G_MAXSIZE - HUGE_PAGE)
    return NULL;
  tt = g_new0 (NimTT, 1);
  tt->buckets = map_zeroed (size, &tt->map, &tt->map_size);
  if (tt->buckets == NULL)
    {
      g_free (tt);
      return NULL;
    }
  tt->max_mask = size / sizeof (NimTTBucket) - 1;
  tt->grow_cost = GROW_COST_FIRST;
  if (!tt_map_losses (tt, size))
    {
      tt_unmap (tt);
      g_free (tt);
      return NULL;
    }
  tt->written_max = written_max (tt->max_mask + 1);
  tt->loss_written_max = written_max (tt->loss_mask + 1);
  tt->written = g_try_new (guint64, tt->written_max);
  tt->loss_written = g_try_new (guint64, tt->loss_written_max);
  if (tt->written == NULL || tt->loss_written == NULL)
    {
      tt_unmap (tt);
      g_free (tt);
      return NULL;
    }
  tt->generation = 1;
  start_small (tt);
  return tt;
}

/**
 * nim_tt_want_huge_pages:
 * @tt: a table
 *
 * Asks the kernel to back the table with huge pages (2 MiB), where it
 * has them (madvise (MADV_HUGEPAGE)); once, later calls do nothing.  A
 * long search probes a large table at random, and with 4 KiB pages
 * nearly every probe would also miss the TLB (twice as slow).
 * A short one pays for huge pages instead: each page it touches first is
 * 2 MiB for the kernel to zero (and perhaps to compact memory for), so a
 * search of a few hundred nodes in a fresh 64 MiB table would wait for
 * all of it.  So the searches ask only once they have run a while (see
 * nim_search_check_budget()), except a search without a clock in a
 * table of %NIM_TT_HUGE_AT_ONCE bytes or more, which asks before it
 * starts (see nim_search_use_table()): by the time a search has run a
 * while it has touched every 4 KiB page of such a table, and those stay
 * 4 KiB pages.  A search with a clock does not: a fault of a huge page
 * may wait for the kernel to compact memory, on a busy machine for
 * seconds.  Asking for the pages ahead of the search in a second thread
 * saved nothing: the kernel's work did not overlap (the figures are in
 * bench/README).
 */
void
nim_tt_want_huge_pages (NimTT *tt)
{
  if (tt->huge)
    return;
  tt->huge = TRUE;
#if defined(MAP_ANONYMOUS) && defined(MADV_HUGEPAGE)
  if (tt->map != NULL && nim_tt_size (tt) >= HUGE_PAGE)
    madvise (tt->buckets, nim_tt_size (tt), MADV_HUGEPAGE);
  /* The index of proven losses, as large as 16 MiB, is read at random
     too. */
  if (tt->loss_map != NULL
      && (tt->loss_mask + 1) * sizeof (NimTTLossBucket) >= HUGE_PAGE)
    madvise (tt->losses, (tt->loss_mask + 1) * sizeof (NimTTLossBucket),
             MADV_HUGEPAGE);
#endif
}

/**
 * nim_tt_set_deadline:
 * @tt: a table
 * @deadline: when the search about to use @tt must be done, in
 *   g_get_monotonic_time()'s microseconds; 0 for a search without a clock
 *
 * Tells the table how long its next search may last, so that it grows
 * only as far as that search has time for (see nim_tt_grow()); a growth
 * that waited for want of time is tried again at the search's first
 * store.  nim_search_use_table() calls it.
 */
void
nim_tt_set_deadline (NimTT *tt, gint64 deadline)
{
  tt->deadline = deadline;
  tt->grow_at = grow_at (tt);
}

/**
 * nim_tt_grow:
 * @tt: a table
 *
 * Doubles the buckets in use, up to the table's capacity; nim_tt_store()
 * calls it when half of the slots in use are filled.  An entry of
 * bucket i stays there or moves to bucket i + n (n the buckets in use
 * before), as the next bit of its key says; the check keeps that bit.
 * The moved entries are not in the list of written buckets, so the
 * list is given up (the next zeroing is of the whole table, which puts
 * it back to its first 64 MiB).
 *
 * A growth takes in as much memory again as the table uses: it reads
 * every bucket in use and writes pages never touched, each zeroed by the
 * kernel first, all within one node, which no clock looks at (measured:
 * 1 to 2 GiB took 2.9 s, in a game of 0.05 s a move).  So under a
 * deadline (nim_tt_set_deadline()) the table grows only when what the
 * growth is thought to cost (what the last one cost a byte, times the
 * bytes) is at most half the time left; else it stays as it is, its
 * entries replacing each other, until a search has the time.
 */
void
nim_tt_grow (NimTT *tt)
{
  guint64 n = tt->mask + 1, i;
  guint bit = (guint) g_bit_nth_lsf (n, -1) - NIM_TT_CHECK_SHIFT;
  guint j;
  gint64 t0;

  if (tt->mask == tt->max_mask)
    {
      tt->grow_at = G_MAXUINT64;
      return;
    }
  g_assert (n >= GROW_FROM_BUCKETS);
  t0 = g_get_monotonic_time ();
  if (tt->deadline != 0
      && tt->grow_cost * (double) (n * sizeof (NimTTBucket)) * G_USEC_PER_SEC
             > (double) (tt->deadline - t0) / 2)
    {
      /* Again after another eighth of the buckets' slots is filled, or
         at the next search. */
      tt->grow_at = tt->n_filled + n / 2;
      return;
    }
  for (i = 0; i < n; i++)
    {
      NimTTBucket *low = &tt->buckets[i];

      for (j = 0; j < NIM_TT_WAYS; j++)
        if (nim_tt_slot_generation (&low->slot[j]) != 0
            && (low->slot[j].check >> bit) & 1)
          {
            tt->buckets[i + n].slot[j] = low->slot[j];
            memset (&low->slot[j], 0, sizeof low->slot[j]);
          }
    }
  tt->mask = 2 * n - 1;
  tt->grow_at = grow_at (tt);
  tt->n_written = tt->written_max + 1;
  tt->grow_cost = (double) (g_get_monotonic_time () - t0) / G_USEC_PER_SEC
                  / (double) (n * sizeof (NimTTBucket));
}

/**
 * nim_tt_free:
 * @tt: (nullable): a table
 */
void
nim_tt_free (NimTT *tt)
{
  if (tt == NULL)
    return;
  tt_unmap (tt);
  g_free (tt);
}

/* Zeroes the lines of @base (each @line_size bytes) that @list names, if
   it names every line written (it holds @max, see nim_tt_list_written());
   empties the list either way.  Returns whether it zeroed them. */
static gboolean
zero_listed (void *base, gsize line_size, const guint64 *list, guint64 *n,
             guint64 max)
{
  gboolean listed = *n <= max;
  guint64 i;

  if (listed)
    for (i = 0; i < *n; i++)
      memset ((char *) base + list[i] * line_size, 0, line_size);
  *n = 0;
  return listed;
}

/* Zeroes the lines written since the last zeroing (see nim_tt_clear()),
   whatever their generation. */
static void
zero_written (NimTT *tt)
{
  if (!zero_listed (tt->losses, sizeof (NimTTLossBucket), tt->loss_written,
                    &tt->n_loss_written, tt->loss_written_max))
    memset (tt->losses, 0, (tt->loss_mask + 1) * sizeof (NimTTLossBucket));
  if (zero_listed (tt->buckets, sizeof (NimTTBucket), tt->written,
                   &tt->n_written, tt->written_max))
    return;
#if defined(MAP_ANONYMOUS) && defined(MADV_DONTNEED)
  if (tt->map != NULL && nim_tt_size (tt) > CLEAR_BY_WRITING
      && madvise (tt->map, tt->map_size, MADV_DONTNEED) == 0)
    {
      start_small (tt);
      return;
    }
#endif
  memset (tt->buckets, 0, nim_tt_size (tt));
  start_small (tt);
}

/**
 * nim_tt_clear:
 * @tt: a table
 *
 * Empties every slot: a new generation makes every entry stale.  Once
 * every seven clears the generations run out and the slots must be
 * zeroed, but only those written since they last were: after short
 * searches (the games of a comparison run), the buckets the table lists
 * as written; else a table of up to 4 MiB is written over, and a larger
 * one hands its pages back to the kernel, which zeroes them when they
 * are next touched.  Handing pages back is dear where it happens often:
 * each call is a system call that, with a second thread running,
 * interrupts the other core to flush its TLB, and every page touched
 * after it faults.  A comparison run clears its tables once a game, and
 * with two jobs this alone made 2 jobs slower than 1 (bench/README).  The
 * index of proven losses (see nim_tt_losses_beside()), at most 16 MiB,
 * is zeroed likewise: the lines it lists as written, or all of it.
 */
void
nim_tt_clear (NimTT *tt)
{
  tt->n_filled = 0;
  if (++tt->generation <= NIM_TT_GENERATIONS)
    return;
  tt->generation = 1;
  zero_written (tt);
}

/**
 * nim_tt_wipe:
 * @tt: a table
 *
 * Zeroes the table now, as nim_tt_clear() does when the generations run
 * out: the lines listed as written, or else the whole table (handing the
 * pages of a large one back to the kernel), and the index of proven
 * losses likewise.  For a searcher that keeps entries of its own in the
 * table's memory, which generations do not age (pns): it lists each
 * bucket it fills with nim_tt_list_written(), and wipes the table before
 * each search instead of making a new one, so that a player's searches
 * map no memory and fault in no page twice.
 */
void
nim_tt_wipe (NimTT *tt)
{
  tt->n_filled = 0;
  zero_written (tt);
}

/* Adds the entry "@rest with a heap of @size is lost" to the index: into
   a free slot (never written, or of an older generation) of its line if
   there is one, else over the slot that bits of @rest pick. */
static void
loss_add (NimTT *tt, guint64 rest, guint32 size)
{
  NimTTLossBucket *b = nim_tt_loss_bucket (tt, rest);
  guint64 entry
      = (guint64) (guint32) rest << 32 | (guint64) size << 3 | tt->generation;
  guint i, slot = (guint) (rest >> 61);

  for (i = 0; i < NIM_TT_LOSS_WAYS; i++)
    if (b->slot[i] == entry)
      return;
  for (i = 0; i < NIM_TT_LOSS_WAYS; i++)
    if ((b->slot[i] & 7) != tt->generation)
      {
        slot = i;
        break;
      }
  nim_tt_list_written (tt->loss_written, &tt->n_loss_written,
                       tt->loss_written_max, (rest >> 40) & tt->loss_mask);
  b->slot[slot] = entry;
}

/**
 * nim_tt_store_loss:
 * @tt: the table
 * @key: the key of a position, which the caller has proven lost for the
 *   player to move
 * @heaps: (array length=n_heaps): the position's heaps
 * @n_heaps: how many
 *
 * Adds the position to the index of proven losses (see
 * nim_tt_losses_beside()): for each heap size it has, once however many
 * heaps have it, the position without one heap of that size; and the
 * position itself, as the rest of a position with a heap of 0 more (a
 * node whose move takes a heap whole).  Heaps of NIM_TT_LOSS_MAX_HEAP or
 * more are left out.
 */
void
nim_tt_store_loss (NimTT *tt, guint64 key, const guint32 *heaps, guint n_heaps)
{
  guint i;

  loss_add (tt, key, 0);
  for (i = 0; i < n_heaps; i++)
    {
      guint32 h = heaps[i];

      if (h != 0 && h < NIM_TT_LOSS_MAX_HEAP
          && nim_tt_first_of_size (heaps, i))
        loss_add (tt, key - nim_tt_heap_key (h), h);
    }
}

/**
 * nim_tt_n_used:
 * @tt: a table
 *
 * Looks at every slot (and so touches every page), so it is for tests,
 * not searches.
 *
 * Returns: how many slots hold an entry of the current generation
 */
guint64
nim_tt_n_used (const NimTT *tt)
{
  guint64 used = 0, i;
  guint j;

  for (i = 0; i <= tt->mask; i++)
    for (j = 0; j < NIM_TT_WAYS; j++)
      used += nim_tt_slot_generation (&tt->buckets[i].slot[j])
              == tt->generation;
  return used;
}

/**
 * nim_tt_size:
 * @tt: a table
 *
 * Returns: the bytes the table's slots take
 */
guint64
nim_tt_size (const NimTT *tt)
{
  return (tt->max_mask + 1) * sizeof (NimTTBucket);
}

/**
 * nim_tt_n_entries:
 * @tt: a table
 *
 * Returns: how many positions the table can hold
 */
guint64
nim_tt_n_entries (const NimTT *tt)
{
  return (tt->max_mask + 1) * NIM_TT_WAYS;
}

/**
 * nim_tt_memory_available:
 *
 * What a table may take without pushing the machine into swap or the
 * out-of-memory killer: see nim_memory_available().
 *
 * Returns: bytes, or 0 when the system does not say
 */
guint64
nim_tt_memory_available (void)
{
  return nim_memory_available ();
}
