/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-tt.c -- a fixed-size transposition table keyed on heap multisets */

#include "config.h"

#include "nim-tt.h"

#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>

#define HUGE_PAGE (2u << 20)

/**
 * nim_tt_new:
 * @bytes: the most memory the table may use, at least one bucket
 *
 * Allocates the table once, with the largest power-of-two number of
 * buckets that fits in @bytes; it never grows after that.
 *
 * Returns: (transfer full) (nullable): an empty table, or %NULL when the
 *   memory cannot be had; free with nim_tt_free()
 */
NimTT *
nim_tt_new (guint64 bytes)
{
  NimTT *tt;
  guint64 n = 1;

  g_return_val_if_fail (bytes >= sizeof (NimTTBucket), NULL);

  tt = g_new0 (NimTT, 1);
  while (n * 2 * sizeof (NimTTBucket) <= bytes)
    n *= 2;
  /* Align to 2 MiB and ask for huge pages where the kernel offers them:
     a search probes the table at random, and with 4 KiB pages nearly every
     probe of a large table also misses the TLB (measured: twice as slow). */
  if (posix_memalign ((void **) &tt->buckets, HUGE_PAGE,
                      n * sizeof (NimTTBucket))
      != 0)
    {
      g_free (tt);
      return NULL;
    }
#ifdef MADV_HUGEPAGE
  if (n * sizeof (NimTTBucket) >= HUGE_PAGE)
    madvise (tt->buckets, n * sizeof (NimTTBucket), MADV_HUGEPAGE);
#endif
  tt->mask = n - 1;
  /* Empty every slot, which also writes every page now: the kernel hands
     out pages lazily, and a search touching them at random would pay a
     page fault at each. */
  memset (tt->buckets, 0, (tt->mask + 1) * sizeof (NimTTBucket));
  tt->generation = 1;
  return tt;
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
  free (tt->buckets);
  g_free (tt);
}

/**
 * nim_tt_clear:
 * @tt: a table
 *
 * Empties every slot: a new generation makes every entry stale, and
 * only once every 255 clears are the slots written.
 */
void
nim_tt_clear (NimTT *tt)
{
  if (++tt->generation == 0)
    {
      memset (tt->buckets, 0, (tt->mask + 1) * sizeof (NimTTBucket));
      tt->generation = 1;
    }
}

/**
 * nim_tt_n_used:
 * @tt: a table
 *
 * Looks at every slot, so it is for tests and statistics, not searches.
 *
 * Returns: how many slots hold an entry of the current generation
 */
guint64
nim_tt_n_used (const NimTT *tt)
{
  guint64 used = 0, i;

  for (i = 0; i <= tt->mask; i++)
    used += (tt->buckets[i].slot[0].generation == tt->generation)
            + (tt->buckets[i].slot[1].generation == tt->generation);
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
  return (tt->mask + 1) * sizeof (NimTTBucket);
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
  return (tt->mask + 1) * 2;
}
