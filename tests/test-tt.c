/* SPDX-License-Identifier: GPL-3.0-or-later */
/* test-tt.c -- tests of the transposition table and its position keys */

#include "config.h"

#include <glib.h>
#include <string.h>

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

/* An entry is 24 bytes and a bucket of two is 48, so 1 KiB holds 16
   buckets (32 * 48 = 1536 would not fit); in general the bucket count is
   the largest power of two that fits in the bytes asked for. */
static void
test_new_size (void)
{
  static const guint64 asks[] = {
    48, 95, 96, 1000, 1024, 4096, 100000, 1u << 20, 3u << 20,
  };
  guint i;

  g_assert_cmpuint (sizeof (NimTTEntry), ==, 24);
  g_assert_cmpuint (sizeof (NimTTBucket), ==, 48);
  {
    g_autoptr (NimTT) tt = nim_tt_new (1024);

    g_assert_nonnull (tt);
    g_assert_cmpuint (nim_tt_size (tt), ==, 16 * 48);
    g_assert_cmpuint (nim_tt_n_entries (tt), ==, 32);
    g_assert_cmpuint (tt->mask, ==, 15);
  }
  {
    /* 1 MiB / 48 = 21845.3, so 16384 buckets. */
    g_autoptr (NimTT) tt = nim_tt_new (1u << 20);

    g_assert_cmpuint (nim_tt_size (tt), ==, 16384 * 48);
    g_assert_cmpuint (nim_tt_n_entries (tt), ==, 32768);
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
      g_assert_cmpuint (nim_tt_n_entries (tt), ==, 2 * buckets);
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
          nim_tt_store (tt, i, 1, 5, NIM_TT_EXACT, 7, 1);
          nim_tt_store (tt, i + tt->mask + 1, 2, 9, NIM_TT_LOWER, 7, 2);
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
  NimTTEntry *e;

  g_assert_null (nim_tt_probe (tt, key));
  nim_tt_store (tt, key, -7, 5, NIM_TT_EXACT, 5, 2);
  e = nim_tt_probe (tt, key);
  g_assert_nonnull (e);
  g_assert_cmpuint (e->key, ==, key);
  g_assert_cmpint (e->value, ==, -7);
  g_assert_cmpuint (e->depth, ==, 5);
  g_assert_cmpuint (e->bound, ==, NIM_TT_EXACT);
  g_assert_cmpuint (e->from, ==, 5);
  g_assert_cmpuint (e->count, ==, 2);

  /* Storing the same key again replaces it, even from a shallower search. */
  nim_tt_store (tt, key, 1000, 2, NIM_TT_LOWER, 4, 1);
  e = nim_tt_probe (tt, key);
  g_assert_nonnull (e);
  g_assert_cmpint (e->value, ==, 1000);
  g_assert_cmpuint (e->depth, ==, 2);
  g_assert_cmpuint (e->bound, ==, NIM_TT_LOWER);
  g_assert_cmpuint (e->from, ==, 4);
  g_assert_cmpuint (e->count, ==, 1);

  /* Proven values keep their depth; deeper ones are clamped to it. */
  nim_tt_store (tt, key, G_MININT32, NIM_TT_DEPTH_PROVEN, NIM_TT_UPPER,
                4294967295u, 4294967295u);
  e = nim_tt_probe (tt, key);
  g_assert_cmpint (e->value, ==, G_MININT32);
  g_assert_cmpuint (e->depth, ==, NIM_TT_DEPTH_PROVEN);
  g_assert_cmpuint (e->bound, ==, NIM_TT_UPPER);
  g_assert_cmpuint (e->from, ==, 4294967295u);
  g_assert_cmpuint (e->count, ==, 4294967295u);
  nim_tt_store (tt, key, 0, 100000, NIM_TT_EXACT, 0, 0);
  e = nim_tt_probe (tt, key);
  g_assert_cmpuint (e->depth, ==, 65535);

  /* Key 0 (the empty board) is a key like any other. */
  g_assert_null (nim_tt_probe (tt, 0));
  nim_tt_store (tt, 0, -1, 0, NIM_TT_EXACT, 0, 0);
  e = nim_tt_probe (tt, 0);
  g_assert_nonnull (e);
  g_assert_cmpint (e->value, ==, -1);
}

/* A key that was never stored misses, in another bucket or in the same. */
static void
test_miss (void)
{
  g_autoptr (NimTT) tt = new_table (1024); /* 16 buckets */
  guint64 key = G_GUINT64_CONSTANT (0x123456789abcdef0);

  nim_tt_store (tt, key, 3, 4, NIM_TT_EXACT, 1, 1);
  g_assert_nonnull (nim_tt_probe (tt, key));
  g_assert_null (nim_tt_probe (tt, key + 1));
  g_assert_null (nim_tt_probe (tt, key + 16));
  g_assert_null (nim_tt_probe (tt, key + (G_GUINT64_CONSTANT (1) << 40)));
  g_assert_null (nim_tt_probe (tt, key ^ (G_GUINT64_CONSTANT (1) << 63)));
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
      NimTTEntry *e;

      keys[i] = ((guint64) g_rand_int (rand) << 32) | g_rand_int (rand);
      nim_tt_store (tt, keys[i], (gint32) (keys[i] & 0x7fffffff),
                    g_rand_int_range (rand, 0, 40), NIM_TT_EXACT,
                    (guint32) (keys[i] >> 32), 1);
      e = nim_tt_probe (tt, keys[i]);
      g_assert_nonnull (e);
      g_assert_cmpint (e->value, ==, (gint32) (keys[i] & 0x7fffffff));
    }
  g_assert_cmpuint (nim_tt_size (tt), ==, size);
  g_assert_cmpuint (nim_tt_n_entries (tt), ==, entries);
  g_assert_true (tt->buckets == buckets);
  g_assert_cmpuint (tt->mask, ==, mask);
  g_assert_cmpuint (count_used (tt), <=, entries);

  for (i = 0; i < 100000; i++)
    {
      NimTTEntry *e = nim_tt_probe (tt, keys[i]);

      if (e == NULL)
        continue;
      found++;
      g_assert_cmpuint (e->key, ==, keys[i]);
      g_assert_cmpint (e->value, ==, (gint32) (keys[i] & 0x7fffffff));
      g_assert_cmpuint (e->from, ==, (guint32) (keys[i] >> 32));
    }
  g_assert_cmpuint (found, <=, entries);
  g_assert_cmpuint (found, >=, 1);
  g_free (keys);
}

/* Within one bucket the first slot keeps the deepest search and the
   second the most recent, as nim_tt_store() documents. */
static void
test_bucket_policy (void)
{
  g_autoptr (NimTT) tt = new_table (1024); /* 16 buckets */
  const guint64 a = 5, b = 5 + 16, c = 5 + 32, d = 5 + 48;

  nim_tt_store (tt, a, 1, 10, NIM_TT_EXACT, 0, 0);
  nim_tt_store (tt, b, 2, 3, NIM_TT_EXACT, 0, 0); /* shallower: slot 1 */
  g_assert_nonnull (nim_tt_probe (tt, a));
  g_assert_nonnull (nim_tt_probe (tt, b));

  nim_tt_store (tt, c, 3, 2, NIM_TT_EXACT, 0, 0); /* replaces b */
  g_assert_nonnull (nim_tt_probe (tt, a));
  g_assert_null (nim_tt_probe (tt, b));
  g_assert_nonnull (nim_tt_probe (tt, c));

  /* Deeper than a: takes slot 0, and a moves to slot 1 over c. */
  nim_tt_store (tt, d, 4, 20, NIM_TT_EXACT, 0, 0);
  g_assert_true (nim_tt_probe (tt, d) == &tt->buckets[5].slot[0]);
  g_assert_true (nim_tt_probe (tt, a) == &tt->buckets[5].slot[1]);
  g_assert_null (nim_tt_probe (tt, c));
  g_assert_cmpint (nim_tt_probe (tt, a)->value, ==, 1);
  g_assert_cmpint (nim_tt_probe (tt, d)->value, ==, 4);

  /* Equal depth counts as deep enough for slot 0. */
  nim_tt_store (tt, b, 5, 20, NIM_TT_EXACT, 0, 0);
  g_assert_true (nim_tt_probe (tt, b) == &tt->buckets[5].slot[0]);
  g_assert_true (nim_tt_probe (tt, d) == &tt->buckets[5].slot[1]);
  g_assert_null (nim_tt_probe (tt, a));

  /* Other buckets were never touched. */
  g_assert_cmpuint (count_used (tt), ==, 2);
}

/* Clearing empties every slot and keeps the size. */
static void
test_clear (void)
{
  g_autoptr (NimTT) tt = new_table (4096);
  guint64 size = nim_tt_size (tt);
  guint64 i;

  for (i = 0; i < 1000; i++)
    nim_tt_store (tt, nim_tt_heap_key ((guint32) i + 1), (gint32) i, 3,
                  NIM_TT_EXACT, 1, 1);
  g_assert_nonnull (nim_tt_probe (tt, nim_tt_heap_key (1000)));
  g_assert_cmpuint (count_used (tt), >, 0);
  nim_tt_clear (tt);
  g_assert_cmpuint (count_used (tt), ==, 0);
  for (i = 0; i < 1000; i++)
    g_assert_null (nim_tt_probe (tt, nim_tt_heap_key ((guint32) i + 1)));
  g_assert_cmpuint (nim_tt_size (tt), ==, size);

  /* The table works again after a clear. */
  nim_tt_store (tt, 42, 7, 1, NIM_TT_EXACT, 1, 1);
  g_assert_nonnull (nim_tt_probe (tt, 42));
}

/* A clear only starts a new generation; after 255 of them the generation
   counter wraps and the slots are written.  Either way, nothing stored
   before a clear is found after it, and entries of the new generation
   replace stale ones first. */
static void
test_clear_generations (void)
{
  g_autoptr (NimTT) tt = new_table (4096);
  guint round, i;

  for (round = 0; round < 600; round++)
    {
      for (i = 0; i < 40; i++)
        nim_tt_store (tt, nim_tt_heap_key (round * 40 + i + 1), (gint32) i,
                      round % 7, NIM_TT_EXACT, 1, 1);
      g_assert_cmpuint (count_used (tt), >, 0);
      g_assert_nonnull (nim_tt_probe (tt, nim_tt_heap_key (round * 40 + 40)));
      nim_tt_clear (tt);
      g_assert_cmpuint (count_used (tt), ==, 0);
      for (i = 0; i < 40; i++)
        g_assert_null (
            nim_tt_probe (tt, nim_tt_heap_key (round * 40 + i + 1)));
    }
}

int
main (int argc, char **argv)
{
  g_test_init (&argc, &argv, NULL);

  g_test_add_func ("/tt/new-size", test_new_size);
  g_test_add_func ("/tt/new-is-empty", test_new_is_empty);
  g_test_add_func ("/tt/store-probe", test_store_probe);
  g_test_add_func ("/tt/miss", test_miss);
  g_test_add_func ("/tt/heap-key", test_heap_key);
  g_test_add_func ("/tt/replacement", test_replacement);
  g_test_add_func ("/tt/bucket-policy", test_bucket_policy);
  g_test_add_func ("/tt/clear", test_clear);
  g_test_add_func ("/tt/clear-generations", test_clear_generations);

  return g_test_run ();
}
