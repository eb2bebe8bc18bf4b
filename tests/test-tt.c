/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tt.c -- tests of the transposition table and its position keys */

#include "config.h"

#include "nim-test.h"

#include <glib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "nim-tt.h"

/* A position's key: the sum of its heaps' keys, as nim-tt.h defines it. */
static guint64
position_key (const guint32 *heaps, guint n_heaps)
{
  guint64 key = 0;
  guint i;

  for (i = 0; i < n_heaps; i++)
    key += nim_tt_heap_key (heaps[i]);
  return key;
}

#define count_used nim_tt_n_used

/* A new table, cleared once more: nim_tt_new() alone does not empty it
   (see /tt/new-is-empty), and the other tests should each fail for their
   own reason only. */
static NimTT *
new_table (guint64 bytes)
{
  NimTT *tt = nim_tt_new (bytes);

  g_assert_nonnull (tt);
  nim_tt_clear (tt);
  return tt;
}

/* An entry is 16 bytes and a bucket of four is one 64-byte cache line,
   so 1 KiB holds 16 buckets; in general the bucket count is the largest
   power of two that fits in the bytes asked for. */
static void
test_new_size (void)
{
  static const guint64 asks[] = {
    64, 127, 128, 1000, 1024, 4096, 100000, 1u << 20, 3u << 20,
  };
  guint i;

  g_assert_cmpuint (sizeof (NimTTEntry), ==, 16);
  g_assert_cmpuint (sizeof (NimTTBucket), ==, 64);
  {
    g_autoptr (NimTT) tt = nim_tt_new (1024);

    g_assert_nonnull (tt);
    g_assert_cmpuint (nim_tt_size (tt), ==, 16 * 64);
    g_assert_cmpuint (nim_tt_n_entries (tt), ==, 64);
    g_assert_cmpuint (tt->mask, ==, 15);
    /* Every bucket is one cache line. */
    g_assert_cmpuint ((guintptr) tt->buckets % 64, ==, 0);
  }
  {
    /* 3 MiB / 64 = 49152, so 32768 buckets. */
    g_autoptr (NimTT) tt = nim_tt_new (3u << 20);

    g_assert_cmpuint (nim_tt_size (tt), ==, 32768 * 64);
    g_assert_cmpuint (nim_tt_n_entries (tt), ==, 131072);
    g_assert_cmpuint (nim_tt_size_for (3u << 20), ==, 32768 * 64);
  }

  for (i = 0; i < G_N_ELEMENTS (asks); i++)
    {
      g_autoptr (NimTT) tt = nim_tt_new (asks[i]);
      guint64 size, buckets;

      g_assert_nonnull (tt);
      size = nim_tt_size (tt);
      g_assert_cmpuint (size % sizeof (NimTTBucket), ==, 0);
      buckets = size / sizeof (NimTTBucket);
      g_assert_cmpuint (buckets, >=, 1);
      g_assert_cmpuint (buckets & (buckets - 1), ==, 0);
      g_assert_cmpuint (size, <=, asks[i]);
      g_assert_cmpuint (2 * size, >, asks[i]);
      g_assert_cmpuint (tt->mask, ==, buckets - 1);
      g_assert_cmpuint (nim_tt_n_entries (tt), ==, 4 * buckets);
    }
}

/* A new table is empty in every slot, even where the memory it got was
   used before: fill a table, free it, and look at the next one.  The
   first table is large: with glibc, freeing it raises the thresholds
   below which freed memory stays in the process, so the smaller tables
   after it are likely to reuse each other's memory. */
static void
test_new_is_empty (void)
{
  static const guint64 sizes[]
      = { 4u << 20, 64 * 1024, 64 * 1024, 64 * 1024, 4u << 20 };
  guint64 stale = 0;
  guint round;

  for (round = 0; round < G_N_ELEMENTS (sizes); round++)
    {
      g_autoptr (NimTT) tt = nim_tt_new (sizes[round]);
      guint64 i;

      stale += count_used (tt);
      for (i = 0; i <= tt->mask; i++)
        {
          guint j;

          for (j = 0; j < NIM_TT_WAYS; j++)
            nim_tt_store (tt, i + j * (tt->mask + 1), 1, 5 + j, NIM_TT_EXACT,
                          7, 1);
        }
      g_assert_cmpuint (count_used (tt), ==, nim_tt_n_entries (tt));
    }
  /* Every new table starts empty, whatever the memory held before. */
  g_assert_cmpuint (stale, ==, 0);
}

/* What is stored comes back from a probe, field for field. */
static void
test_store_probe (void)
{
  g_autoptr (NimTT) tt = new_table (1024);
  const guint32 heaps[] = { 3, 4, 5 };
  guint64 key = position_key (heaps, 3);
  NimTTHit e = { 0 };

  g_assert_false (nim_tt_probe (tt, key, &e));
  nim_tt_store (tt, key, -7, 5, NIM_TT_EXACT, 5, 2);
  g_assert_true (nim_tt_probe (tt, key, &e));
  g_assert_cmpint (e.value, ==, -7);
  g_assert_cmpuint (e.depth, ==, 5);
  g_assert_cmpuint (e.bound, ==, NIM_TT_EXACT);
  g_assert_cmpuint (e.from, ==, 5);
  g_assert_cmpuint (e.count, ==, 2);

  /* Storing the same key again replaces it, even from a shallower search. */
  nim_tt_store (tt, key, 1000, 2, NIM_TT_LOWER, 4, 1);
  g_assert_true (nim_tt_probe (tt, key, &e));
  g_assert_cmpint (e.value, ==, 1000);
  g_assert_cmpuint (e.depth, ==, 2);
  g_assert_cmpuint (e.bound, ==, NIM_TT_LOWER);
  g_assert_cmpuint (e.from, ==, 4);
  g_assert_cmpuint (e.count, ==, 1);
  g_assert_cmpuint (count_used (tt), ==, 1);

  /* The extremes of each field; deeper depths are clamped to "proven",
     larger values to the largest a slot holds. */
  nim_tt_store (tt, key, -NIM_TT_VALUE_MAX, NIM_TT_DEPTH_PROVEN, NIM_TT_UPPER,
                4294967295u, 4294967295u);
  g_assert_true (nim_tt_probe (tt, key, &e));
  g_assert_cmpint (e.value, ==, -NIM_TT_VALUE_MAX);
  g_assert_cmpuint (e.depth, ==, NIM_TT_DEPTH_PROVEN);
  g_assert_cmpuint (e.bound, ==, NIM_TT_UPPER);
  g_assert_cmpuint (e.from, ==, 4294967295u);
  g_assert_cmpuint (e.count, ==, 4294967295u);
  nim_tt_store (tt, key, G_MAXINT32, 100000, NIM_TT_EXACT, 0, 0);
  g_assert_true (nim_tt_probe (tt, key, &e));
  g_assert_cmpuint (e.depth, ==, NIM_TT_DEPTH_PROVEN);
  g_assert_cmpint (e.value, ==, NIM_TT_VALUE_MAX);

  /* Key 0 (the empty board) is a key like any other. */
  g_assert_false (nim_tt_probe (tt, 0, &e));
  nim_tt_store (tt, 0, -1, 0, NIM_TT_EXACT, 0, 0);
  g_assert_true (nim_tt_probe (tt, 0, &e));
  g_assert_cmpint (e.value, ==, -1);
}

/* A key that was never stored misses, in another bucket or in the same,
   whichever bits of the key differ: the slot keeps the key's bits folded,
   so a difference in any bit above the bucket index is seen too. */
static void
test_miss (void)
{
  g_autoptr (NimTT) tt = new_table (1024); /* 16 buckets */
  guint64 key = G_GUINT64_CONSTANT (0x123456789abcdef0);
  NimTTHit e = { 0 };
  guint bit;

  nim_tt_store (tt, key, 3, 4, NIM_TT_EXACT, 1, 1);
  g_assert_true (nim_tt_probe (tt, key, &e));
  g_assert_false (nim_tt_probe (tt, key + 1, &e));
  for (bit = 0; bit < 64; bit++)
    g_assert_false (
        nim_tt_probe (tt, key ^ (G_GUINT64_CONSTANT (1) << bit), &e));
}

/* Heap keys: an empty heap adds nothing, the order of heaps does not
   matter, their sizes do, and equal heaps do not cancel out. */
static void
test_heap_key (void)
{
  const guint32 a[] = { 3, 4, 5 };
  const guint32 b[] = { 5, 3, 4 };
  const guint32 c[] = { 3, 4, 6 };
  const guint32 d[] = { 3, 0, 4, 0, 5 };
  const guint32 e[] = { 2, 2 };
  const guint32 f[] = { 4 };
  guint32 n;

  g_assert_cmpuint (nim_tt_heap_key (0), ==, 0);
  for (n = 1; n <= 1000; n++)
    g_assert_cmpuint (nim_tt_heap_key (n), !=, 0);
  g_assert_cmpuint (nim_tt_heap_key (G_MAXUINT32), !=, 0);
  g_assert_cmpuint (nim_tt_heap_key (1), !=, nim_tt_heap_key (2));

  g_assert_cmpuint (position_key (a, 3), ==, position_key (b, 3));
  g_assert_cmpuint (position_key (a, 3), !=, position_key (c, 3));
  g_assert_cmpuint (position_key (a, 3), ==, position_key (d, 5));
  g_assert_cmpuint (position_key (e, 2), !=, 0);
  g_assert_cmpuint (position_key (e, 2), !=, position_key (f, 1));
  g_assert_cmpuint (position_key (NULL, 0), ==, 0);

  /* A move updates the key with two calls: take 2 from the 5. */
  g_assert_cmpuint (position_key (a, 3) - nim_tt_heap_key (5)
                        + nim_tt_heap_key (3),
                    ==, position_key ((const guint32[]){ 3, 4, 3 }, 3));
}

/* The keys the compiler computes (nim_tt_heap_keys[]) are the keys
   nim_tt_mix() gives, each of them, and the table's last size and the
   first past it are keyed alike: a key read from the table where another
   place mixes it would split one position into two entries. */
static void
test_heap_key_table (void)
{
  guint32 n;

  g_assert_cmpuint (nim_tt_heap_keys[0], ==, 0);
  for (n = 1; n < NIM_TT_HEAP_KEYS; n++)
    g_assert_cmpuint (nim_tt_heap_keys[n], ==, nim_tt_mix (n));
  for (n = NIM_TT_HEAP_KEYS - 2; n <= NIM_TT_HEAP_KEYS + 1; n++)
    g_assert_cmpuint (nim_tt_heap_key (n), ==, nim_tt_mix (n));
  g_assert_cmpuint (position_key ((const guint32[]){ 1023, 1024 }, 2), ==,
                    nim_tt_mix (1023) + nim_tt_mix (1024));
}

/* However many keys are stored, the table keeps its size; whatever a
   probe finds is what was stored under that key, and the last key
   stored is always found. */
static void
test_replacement (void)
{
  g_autoptr (NimTT) tt = new_table (1024);
  g_autoptr (GRand) rand = g_rand_new_with_seed (20240611);
  guint64 *keys = g_new (guint64, 100000);
  guint64 size = nim_tt_size (tt), entries = nim_tt_n_entries (tt);
  NimTTBucket *buckets = tt->buckets;
  guint64 mask = tt->mask;
  guint i, found = 0;

  for (i = 0; i < 100000; i++)
    {
      NimTTHit e = { 0 };

      keys[i] = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
      nim_tt_store (tt, keys[i], (gint32) (keys[i] & 0xfff),
                    g_rand_int_range (rand, 0, 40), NIM_TT_EXACT,
                    (guint32) (keys[i] >> 32), 1);
      g_assert_true (nim_tt_probe (tt, keys[i], &e));
      g_assert_cmpint (e.value, ==, (gint32) (keys[i] & 0xfff));
    }
  g_assert_cmpuint (nim_tt_size (tt), ==, size);
  g_assert_cmpuint (nim_tt_n_entries (tt), ==, entries);
  g_assert_true (tt->buckets == buckets);
  g_assert_cmpuint (tt->mask, ==, mask);
  g_assert_cmpuint (count_used (tt), ==, entries);

  for (i = 0; i < 100000; i++)
    {
      NimTTHit e = { 0 };

      if (!nim_tt_probe (tt, keys[i], &e))
        continue;
      found++;
      g_assert_cmpint (e.value, ==, (gint32) (keys[i] & 0xfff));
      g_assert_cmpuint (e.from, ==, (guint32) (keys[i] >> 32));
    }
  g_assert_cmpuint (found, <=, entries);
  g_assert_cmpuint (found, >=, 1);
  g_free (keys);
}

/* Within one bucket a new key takes an empty slot first, then the slot
   searched least deep (the first of them), as nim_tt_store() documents;
   proofs, stored as the deepest, stay. */
static void
test_bucket_policy (void)
{
  g_autoptr (NimTT) tt = new_table (1024); /* 16 buckets */
  NimTTHit e = { 0 };
  guint64 k[6];
  guint i;

  for (i = 0; i < G_N_ELEMENTS (k); i++)
    k[i] = 5 + 16 * (guint64) i;
  nim_tt_store (tt, k[0], 1, 10, NIM_TT_EXACT, 0, 0);
  nim_tt_store (tt, k[1], 2, 3, NIM_TT_EXACT, 0, 0);
  nim_tt_store (tt, k[2], 3, NIM_TT_DEPTH_PROVEN, NIM_TT_EXACT, 0, 0);
  nim_tt_store (tt, k[3], 4, 7, NIM_TT_EXACT, 0, 0);
  for (i = 0; i < 4; i++)
    g_assert_true (nim_tt_probe (tt, k[i], &e));
  g_assert_cmpuint (count_used (tt), ==, 4);

  /* The bucket is full: the shallowest, k[1], goes. */
  nim_tt_store (tt, k[4], 5, 1, NIM_TT_EXACT, 0, 0);
  g_assert_false (nim_tt_probe (tt, k[1], &e));
  g_assert_true (nim_tt_probe (tt, k[4], &e));
  g_assert_cmpint (e.value, ==, 5);

  /* Now k[4] is the shallowest. */
  nim_tt_store (tt, k[5], 6, 2, NIM_TT_EXACT, 0, 0);
  g_assert_false (nim_tt_probe (tt, k[4], &e));
  g_assert_true (nim_tt_probe (tt, k[0], &e));
  g_assert_true (nim_tt_probe (tt, k[2], &e));
  g_assert_true (nim_tt_probe (tt, k[3], &e));
  g_assert_true (nim_tt_probe (tt, k[5], &e));

  /* Other buckets were never touched. */
  g_assert_cmpuint (count_used (tt), ==, 4);
}

/* A table is ready at once, whatever its size: its pages are zeroed by
   the kernel when first touched, not written when it is made.  A table of
   16 GiB (more than most machines could zero in the seconds of a move) is
   created, used and freed without touching more than a few pages. */
static void
test_new_is_lazy (void)
{
  gint64 t0 = g_get_monotonic_time ();
  NimTT *tt = nim_tt_new (G_GUINT64_CONSTANT (16) << 30);
  NimTTHit e = { 0 };

  if (tt == NULL)
    {
      g_test_skip ("cannot map 16 GiB of address space here");
      return;
    }
  nim_tt_store (tt, 12345, 1, 3, NIM_TT_EXACT, 4, 1);
  g_assert_true (nim_tt_probe (tt, 12345, &e));
  g_assert_false (nim_tt_probe (tt, 54321, &e));
  nim_tt_free (tt);
  /* Zero-filling 16 GiB takes tens of seconds; a few hundred
     milliseconds is generous on the busiest machine. */
  g_assert_cmpint (g_get_monotonic_time () - t0, <, 2 * G_USEC_PER_SEC);
}

/* The memory a table may take is known here (Linux says). */
static void
test_memory_available (void)
{
  guint64 available = nim_tt_memory_available ();

  if (!g_file_test ("/proc/meminfo", G_FILE_TEST_EXISTS))
    {
      g_test_skip ("no /proc/meminfo");
      return;
    }
  g_assert_cmpuint (available, >, 1u << 20);
  g_assert_cmpuint (available, <, G_GUINT64_CONSTANT (1) << 50);
}

/* Clearing empties every slot and keeps the size. */
static void
test_clear (void)
{
  g_autoptr (NimTT) tt = new_table (4096);
  guint64 size = nim_tt_size (tt);
  guint64 i;
  NimTTHit e = { 0 };

  for (i = 0; i < 1000; i++)
    nim_tt_store (tt, nim_tt_heap_key ((guint32) i + 1), (gint32) i, 3,
                  NIM_TT_EXACT, 1, 1);
  g_assert_true (nim_tt_probe (tt, nim_tt_heap_key (1000), &e));
  g_assert_cmpuint (count_used (tt), >, 0);
  nim_tt_clear (tt);
  g_assert_cmpuint (count_used (tt), ==, 0);
  for (i = 0; i < 1000; i++)
    g_assert_false (nim_tt_probe (tt, nim_tt_heap_key ((guint32) i + 1), &e));
  g_assert_cmpuint (nim_tt_size (tt), ==, size);

  /* The table works again after a clear. */
  nim_tt_store (tt, 42, 7, 1, NIM_TT_EXACT, 1, 1);
  g_assert_true (nim_tt_probe (tt, 42, &e));
}

/* A clear only starts a new generation; after 7 of them the generation
   counter wraps and the slots written since the last wrap are zeroed.
   Either way, nothing stored before a clear is found after it (nor
   counted: an entry of an old generation left in place would count once
   the counter wraps to its generation), and entries of the new
   generation replace stale ones first.  @per_round entries are stored
   between clears. */
static void
check_clear_generations (guint64 bytes, guint rounds, guint per_round)
{
  g_autoptr (NimTT) tt = new_table (bytes);
  guint round, i;
  NimTTHit e = { 0 };

  for (round = 0; round < rounds; round++)
    {
      guint first = round * per_round + 1;

      for (i = 0; i < per_round; i++)
        nim_tt_store (tt, nim_tt_heap_key (first + i), (gint32) i % 100,
                      round % 7, NIM_TT_EXACT, 1, 1);
      g_assert_cmpuint (count_used (tt), >, 0);
      g_assert_true (
          nim_tt_probe (tt, nim_tt_heap_key (first + per_round - 1), &e));
      nim_tt_clear (tt);
      g_assert_cmpuint (count_used (tt), ==, 0);
      for (i = 0; i < per_round; i++)
        g_assert_false (nim_tt_probe (tt, nim_tt_heap_key (first + i), &e));
      /* A round with nothing stored: the next wrap need not zero the
         slots, and what follows must still find nothing old. */
      if (round % 5 == 4)
        nim_tt_clear (tt);
    }
}

/* How many written buckets a table of @bytes lists. */
static guint
list_size (guint64 bytes)
{
  g_autoptr (NimTT) tt = new_table (bytes);

  return (guint) tt->written_max;
}

/* The three ways of zeroing: the buckets written, when the table listed
   them all (a quarter of its buckets, at least NIM_TT_WRITTEN_MIN); else
   a small table written over, or a large one (over 4 MiB) handing its
   pages back to the kernel.  Each forgets everything. */
static void
test_clear_generations (void)
{
  guint64 large = G_GUINT64_CONSTANT (8) << 20;

  g_assert_cmpuint (list_size (4096), ==, NIM_TT_WRITTEN_MIN);
  g_assert_cmpuint (list_size (large), ==, large / 64 / 4);
  check_clear_generations (4096, 600, 40);
  check_clear_generations (large, 40, 40);
  check_clear_generations (4096, 30, list_size (4096) + 100);
  check_clear_generations (large, 15, list_size (large) / 3);
  check_clear_generations (large, 15, list_size (large) * 2);
}

/* The pages of @tt's slots in memory, or -1 where the system cannot
   say (mincore ()). */
static gint64
resident_pages (const NimTT *tt)
{
#if defined(MAP_ANONYMOUS)
  long page = sysconf (_SC_PAGESIZE);
  gsize n = (gsize) (nim_tt_size (tt) / (guint64) page), i;
  g_autofree unsigned char *in = g_malloc (n);
  gint64 resident = 0;

  if (page <= 0 || (guintptr) tt->buckets % (guintptr) page != 0
      || mincore (tt->buckets, nim_tt_size (tt), in) != 0)
    return -1;
  for (i = 0; i < n; i++)
    resident += in[i] & 1;
  return resident;
#else
  (void) tt;
  return -1;
#endif
}

/* A comparison run clears its players' tables once a game, and the
   generations run out every seven games: a default table (64 MiB) that
   short games wrote a few thousand buckets of each lists them all and
   zeroes those alone, keeping its pages.  Handing them back to the
   kernel instead (as a table does after a long search) made every game
   fault in a page for nearly every bucket it wrote (measured: 900 page
   faults and 1 ms of system time a game, four fifths of the run). */
static void
test_clear_keeps_pages (void)
{
  g_autoptr (NimTT) tt = new_table (G_GUINT64_CONSTANT (64) << 20);
  g_autoptr (GRand) rand = g_rand_new_with_seed (28);
  gint64 before;
  guint game, i;
  NimTTHit e = { 0 };

  for (game = 0;; game++)
    {
      for (i = 0; i < 5000; i++)
        nim_tt_store (tt,
                      ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand),
                      1, 3, NIM_TT_EXACT, 1, 1);
      if (tt->generation == NIM_TT_GENERATIONS)
        break;
      nim_tt_clear (tt);
    }
  g_assert_cmpuint (game, >=, 5);
  before = resident_pages (tt);
  if (before < 0)
    {
      g_test_skip ("mincore () cannot say which pages are in memory");
      return;
    }
  g_assert_cmpint (before, >, 5000);
  /* The generations run out here: the buckets written are zeroed. */
  nim_tt_clear (tt);
  g_assert_cmpuint (tt->generation, ==, 1);
  g_assert_cmpint (resident_pages (tt), >=, before);
  g_assert_cmpuint (count_used (tt), ==, 0);
  g_assert_false (nim_tt_probe (tt, 1, &e));
}

/* A table of more than 64 MiB uses its first 64 MiB until half their
   slots are filled, then doubles: every entry is still found, in the
   half its key's next bit says; the pages of the rest are not touched
   before (the peak memory of a search stays what it needs).  A full
   zeroing puts it back to 64 MiB. */
static void
test_grow (void)
{
  g_autoptr (NimTT) tt = new_table (G_GUINT64_CONSTANT (128) << 20);
  g_autoptr (GRand) rand = g_rand_new_with_seed (20261124);
  g_autoptr (GArray) keys = g_array_new (FALSE, FALSE, sizeof (guint64));
  g_autoptr (GArray) found = g_array_new (FALSE, FALSE, sizeof (gboolean));
  const guint64 start = (G_GUINT64_CONSTANT (1) << 20) - 1;
  guint64 used, i, lost = 0, n_found = 0;
  NimTTHit e = { 0 };

  g_assert_cmpuint (nim_tt_size (tt), ==, G_GUINT64_CONSTANT (128) << 20);
  g_assert_cmpuint (nim_tt_n_entries (tt), ==, G_GUINT64_CONSTANT (8) << 20);
  g_assert_cmpuint (tt->mask, ==, start);
  /* Fill half the slots in use: no growth yet. */
  while (tt->n_filled < (start + 1) * NIM_TT_WAYS / 2)
    {
      guint64 key = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);

      g_array_append_val (keys, key);
      nim_tt_store (tt, key, (gint32) (key & 0xfff), NIM_TT_DEPTH_PROVEN,
                    NIM_TT_EXACT, (guint32) (key >> 40), 1);
    }
  g_assert_cmpuint (tt->mask, ==, start);
  for (i = 0; i < keys->len; i++)
    {
      gboolean f = nim_tt_probe (tt, g_array_index (keys, guint64, i), &e);

      g_array_append_val (found, f);
      n_found += f;
    }
  used = count_used (tt);
  g_assert_cmpuint (used, ==, tt->n_filled);

  /* The next store doubles the table first. */
  nim_tt_store (tt, 42, 7, 3, NIM_TT_EXACT, 9, 2);
  g_assert_cmpuint (tt->mask, ==, 2 * start + 1);
  g_assert_true (nim_tt_probe (tt, 42, &e));
  g_assert_cmpint (e.value, ==, 7);
  for (i = 0; i < keys->len; i++)
    {
      guint64 key = g_array_index (keys, guint64, i);

      if (!g_array_index (found, gboolean, i))
        continue;
      /* The one store after the growth may have replaced an entry. */
      if (!nim_tt_probe (tt, key, &e))
        {
          lost++;
          continue;
        }
      g_assert_cmpint (e.value, ==, (gint32) (key & 0xfff));
      g_assert_cmpuint (e.from, ==, (guint32) (key >> 40));
    }
  g_assert_cmpuint (lost, <=, 1);
  g_assert_cmpuint (count_used (tt), ==, used + 1 - lost);
  /* Most of them were stored (a few buckets overflowed). */
  g_assert_cmpuint (n_found, >, keys->len * 9 / 10);

  /* At full size it grows no more. */
  nim_tt_grow (tt);
  g_assert_cmpuint (tt->mask, ==, 2 * start + 1);

  /* The generations run out: the whole table is zeroed (it lists too
     many buckets written), and starts small again. */
  for (i = tt->generation; i <= NIM_TT_GENERATIONS; i++)
    nim_tt_clear (tt);
  g_assert_cmpuint (tt->generation, ==, 1);
  g_assert_cmpuint (tt->mask, ==, start);
  g_assert_cmpuint (count_used (tt), ==, 0);
  tt->mask = 2 * start + 1;
  g_assert_cmpuint (count_used (tt), ==, 0);
  tt->mask = start;
  g_assert_false (nim_tt_probe (tt, 42, &e));
}

/* Fills @tt's slots in use up to where it doubles. */
static void
fill_to_growth (NimTT *tt, GRand *rand)
{
  while (tt->n_filled < tt->grow_at)
    {
      guint64 key = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);

      nim_tt_store (tt, key, 1, 3, NIM_TT_EXACT, 1, 1);
    }
}

/* A growth takes in as much memory again, within one node: a search
   under a clock grows its table only when the growth fits in half the
   time it has left (what the last growth cost a byte, at first 4 ns),
   else the table stays as it is, its entries replacing each other (a
   table of 8 GiB made moves of 0.05 s last 0.7 to 3 s).  Checked without
   a clock: a deadline passed already leaves no time, an hour enough. */
static void
test_grow_deadline (void)
{
  g_autoptr (NimTT) tt = new_table (G_GUINT64_CONSTANT (256) << 20);
  g_autoptr (GRand) rand = g_rand_new_with_seed (30);
  const guint64 start = (G_GUINT64_CONSTANT (1) << 20) - 1;
  guint64 filled;
  NimTTHit e = { 0 };

  nim_tt_set_deadline (tt, g_get_monotonic_time () - 1);
  fill_to_growth (tt, rand);
  filled = tt->n_filled;
  nim_tt_store (tt, 42, 7, 3, NIM_TT_EXACT, 9, 2);
  g_assert_cmpuint (tt->mask, ==, start);
  g_assert_true (nim_tt_probe (tt, 42, &e));
  /* It waits for another eighth of the slots, not a look at the clock
     every store. */
  g_assert_cmpuint (tt->grow_at, >, filled + 1);
  fill_to_growth (tt, rand);
  nim_tt_store (tt, 43, 7, 3, NIM_TT_EXACT, 9, 2);
  g_assert_cmpuint (tt->mask, ==, start);

  /* The next search has an hour: the first store grows the table. */
  nim_tt_set_deadline (tt, g_get_monotonic_time ()
                               + (gint64) 3600 * G_USEC_PER_SEC);
  nim_tt_store (tt, 44, 7, 3, NIM_TT_EXACT, 9, 2);
  g_assert_cmpuint (tt->mask, ==, 2 * start + 1);
  g_assert_true (nim_tt_probe (tt, 44, &e));
  /* What it cost is what the next one is thought to cost. */
  g_assert_cmpfloat (tt->grow_cost, >, 0);
  g_assert_cmpfloat (tt->grow_cost, <, 1e-6);

  /* Without a clock it grows at once, as in /tt/grow. */
  nim_tt_set_deadline (tt, 0);
  fill_to_growth (tt, rand);
  nim_tt_store (tt, 45, 7, 3, NIM_TT_EXACT, 9, 2);
  g_assert_cmpuint (tt->mask, ==, 4 * start + 3);
}

/* Whether the index of proven losses says that @rest with a heap of
   @size is lost. */
static gboolean
loss_known (NimTT *tt, guint64 rest, guint32 size)
{
  guint32 sizes[NIM_TT_LOSS_WAYS];
  guint n = nim_tt_losses_beside (tt, rest, sizes), i;

  for (i = 0; i < n; i++)
    if (sizes[i] == size)
      return TRUE;
  return FALSE;
}

/* A lost position is indexed by each of its heap sizes, with the rest of
   the position, and by itself with a heap of 0; a size two heaps share
   once; nothing else is indexed. */
static void
test_loss_index (void)
{
  g_autoptr (NimTT) tt = new_table (1 << 20);
  static const guint32 lost[] = { 1, 2, 3 };
  static const guint32 twins[] = { 5, 5 };
  guint64 key = position_key (lost, 3);
  guint64 key2 = position_key (twins, 2);
  guint32 sizes[NIM_TT_LOSS_WAYS];

  g_assert_false (loss_known (tt, key - nim_tt_heap_key (3), 3));
  nim_tt_store_loss (tt, key, lost, 3);
  g_assert_true (loss_known (tt, key - nim_tt_heap_key (3), 3));
  g_assert_true (loss_known (tt, key - nim_tt_heap_key (2), 2));
  g_assert_true (loss_known (tt, key - nim_tt_heap_key (1), 1));
  g_assert_true (loss_known (tt, key, 0));
  /* 1,2 with a heap of 4 is not 1,2,3. */
  g_assert_false (loss_known (tt, key - nim_tt_heap_key (3), 4));
  /* The rest of another position. */
  g_assert_cmpuint (nim_tt_losses_beside (tt, nim_tt_heap_key (7), sizes), ==,
                    0);

  nim_tt_store_loss (tt, key2, twins, 2);
  g_assert_true (loss_known (tt, key2 - nim_tt_heap_key (5), 5));
  g_assert_cmpuint (
      nim_tt_losses_beside (tt, key2 - nim_tt_heap_key (5), sizes), ==, 1);
  /* Storing again adds nothing. */
  nim_tt_store_loss (tt, key2, twins, 2);
  g_assert_cmpuint (
      nim_tt_losses_beside (tt, key2 - nim_tt_heap_key (5), sizes), ==, 1);

  /* A clear forgets the index with the table. */
  nim_tt_clear (tt);
  g_assert_false (loss_known (tt, key - nim_tt_heap_key (3), 3));
  g_assert_false (loss_known (tt, key2, 0));
}

/* Heaps too large for an entry's 29 bits are left out, the others not. */
static void
test_loss_index_large_heaps (void)
{
  g_autoptr (NimTT) tt = new_table (1 << 20);
  guint32 heaps[2] = { 3, (guint32) NIM_TT_LOSS_MAX_HEAP };
  guint64 key = position_key (heaps, 2);

  nim_tt_store_loss (tt, key, heaps, 2);
  g_assert_true (loss_known (tt, key - nim_tt_heap_key (3), 3));
  g_assert_true (loss_known (tt, key, 0));
  g_assert_false (loss_known (tt, key - nim_tt_heap_key (heaps[1]),
                              heaps[1] & ((1u << 29) - 1)));
  g_assert_cmpuint (nim_tt_losses_beside (tt, key - nim_tt_heap_key (heaps[1]),
                                          (guint32[NIM_TT_LOSS_WAYS]){ 0 }),
                    ==, 0);
}

/* A wrap of the generations after more lines were written than the index
   lists zeroes it whole: an entry left in place would be found again when
   its generation number comes round (nothing is stored in between to
   overwrite it). */
static void
test_loss_index_wrap (void)
{
  g_autoptr (NimTT) tt = new_table (32 << 20);
  guint32 lost[2] = { 7, 9 };
  guint64 key = position_key (lost, 2);
  guint i;

  for (i = 0; i < tt->loss_written_max; i++)
    {
      guint32 heaps[2] = { 1000 + i, 3 };

      nim_tt_store_loss (tt, position_key (heaps, 2), heaps, 2);
    }
  nim_tt_store_loss (tt, key, lost, 2);
  g_assert_true (loss_known (tt, key, 0));
  for (i = 0; i < NIM_TT_GENERATIONS; i++)
    {
      nim_tt_clear (tt);
      g_assert_false (loss_known (tt, key, 0));
    }
}

/* Every generation's entries are gone after a clear, through the wraps
   that zero the lines written (listed or not), in the smallest index
   (one line, which forgets as it fills) and one of 1 MiB (which keeps
   what a round stores, so that an entry a wrap failed to zero would be
   found again when its generation number comes round). */
static void
test_loss_index_generations (void)
{
  static const guint64 sizes[] = { 64, 32 << 20 };
  guint s, round, i;

  for (s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr (NimTT) tt = new_table (sizes[s]);

      for (round = 0; round < 20; round++)
        {
          guint n = round % 3 == 0 ? tt->loss_written_max + 10 : 30;

          for (i = 0; i < n; i++)
            {
              guint32 heaps[2] = { round + 1, i + 1 };

              nim_tt_store_loss (tt, position_key (heaps, 2), heaps, 2);
            }
          /* Nothing of an earlier round, whose generation number may have
             come round again. */
          for (i = 0; i < round && s > 0; i++)
            {
              guint32 old[2] = { i + 1, 1 };

              g_assert_false (loss_known (tt, position_key (old, 2), 0));
            }
          {
            guint32 last[2] = { round + 1, n };

            if (s > 0)
              g_assert_true (loss_known (tt, position_key (last, 2), 0));
            nim_tt_clear (tt);
            g_assert_false (loss_known (tt, position_key (last, 2), 0));
          }
          for (i = 0; i < n; i++)
            {
              guint32 heaps[2] = { round + 1, i + 1 };

              g_assert_false (loss_known (tt, position_key (heaps, 2), 0));
            }
        }
    }
}

/* A wipe zeroes what was written, whatever the generation: each bucket
   listed (as pns lists the buckets it fills), or the whole table when
   the list ran over; and the index of proven losses.  The generation
   stays. */
static void
test_wipe (void)
{
  static const guint64 sizes[] = { 4096, G_GUINT64_CONSTANT (8) << 20 };
  guint s, round, i;

  for (s = 0; s < G_N_ELEMENTS (sizes); s++)
    {
      g_autoptr (NimTT) tt = new_table (sizes[s]);
      guint32 lost[2] = { 7, 9 };
      guint64 key = position_key (lost, 2);

      for (round = 0; round < 3; round++)
        {
          guint n = round == 1 ? (guint) tt->written_max + 10 : 100;
          guint generation = tt->generation;
          NimTTHit e = { 0 };

          for (i = 0; i < n; i++)
            nim_tt_store (tt, nim_tt_heap_key (i + 1), 1, 3, NIM_TT_EXACT, 1,
                          1);
          nim_tt_store_loss (tt, key, lost, 2);
          g_assert_cmpuint (count_used (tt), >, 0);
          g_assert_true (loss_known (tt, key, 0));
          nim_tt_wipe (tt);
          g_assert_cmpuint (tt->generation, ==, generation);
          g_assert_cmpuint (count_used (tt), ==, 0);
          g_assert_false (nim_tt_probe (tt, nim_tt_heap_key (n), &e));
          g_assert_false (loss_known (tt, key, 0));
          for (i = 0; i < nim_tt_size (tt) / sizeof (NimTTBucket); i++)
            g_assert_cmpuint (tt->buckets[i].slot[0].packed, ==, 0);
        }
    }
}

int
main (int argc, char **argv)
{
  nim_test_init (&argc, &argv);

  g_test_add_func ("/tt/new-size", test_new_size);
  g_test_add_func ("/tt/new-is-empty", test_new_is_empty);
  g_test_add_func ("/tt/store-probe", test_store_probe);
  g_test_add_func ("/tt/miss", test_miss);
  g_test_add_func ("/tt/heap-key", test_heap_key);
  g_test_add_func ("/tt/heap-key-table", test_heap_key_table);
  g_test_add_func ("/tt/replacement", test_replacement);
  g_test_add_func ("/tt/bucket-policy", test_bucket_policy);
  g_test_add_func ("/tt/clear", test_clear);
  g_test_add_func ("/tt/clear-generations", test_clear_generations);
  g_test_add_func ("/tt/clear-keeps-pages", test_clear_keeps_pages);
  g_test_add_func ("/tt/wipe", test_wipe);
  g_test_add_func ("/tt/loss-index", test_loss_index);
  g_test_add_func ("/tt/loss-index-large-heaps", test_loss_index_large_heaps);
  g_test_add_func ("/tt/loss-index-generations", test_loss_index_generations);
  g_test_add_func ("/tt/loss-index-wrap", test_loss_index_wrap);
  g_test_add_func ("/tt/new-is-lazy", test_new_is_lazy);
  g_test_add_func ("/tt/grow", test_grow);
  g_test_add_func ("/tt/grow-deadline", test_grow_deadline);
  g_test_add_func ("/tt/memory-available", test_memory_available);

  return g_test_run ();
}
