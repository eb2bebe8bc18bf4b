/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-lookout.c -- how long a read at one end of an engine's pipes looks
   for the answer before it sleeps */

#include "config.h"

#include "nim-lookout.h"

#include <sched.h>

/* Whether the calling thread may run on more than one processor: pinned
   to one with the other end of its pipes (--affinity), looking for the
   other's answer would only delay it. */
static gboolean
many_processors (void)
{
#if defined(HAVE_SCHED_GETAFFINITY) && defined(CPU_COUNT)
  cpu_set_t set;

  if (sched_getaffinity (0, sizeof set, &set) == 0)
    return CPU_COUNT (&set) > 1;
#endif
  return g_get_num_processors () > 1;
}

/**
 * nim_lookout_init:
 * @lookout: (out): a lookout for the calling thread's reads
 */
void
nim_lookout_init (NimLookout *lookout)
{
  lookout->look = many_processors ();
  lookout->wait = 0;
}

/**
 * nim_lookout_wanted:
 * @lookout: a lookout
 *
 * Returns: whether the next read is to look for its answer, up to
 *   NIM_LOOKOUT_MAX microseconds, before it sleeps
 */
gboolean
nim_lookout_wanted (const NimLookout *lookout)
{
  return lookout->look && lookout->wait < NIM_LOOKOUT_MAX;
}

/**
 * nim_lookout_record:
 * @lookout: a lookout
 * @start: the monotonic time at which the read began to wait
 *
 * Counts a wait that has just ended into the average, as at most
 * 4 * NIM_LOOKOUT_MAX, so that one long wait (a game's start, a long
 * think) does not stop the looking for long.
 */
void
nim_lookout_record (NimLookout *lookout, gint64 start)
{
  gint64 waited = MIN (g_get_monotonic_time () - start, 4 * NIM_LOOKOUT_MAX);

  lookout->wait += (waited - lookout->wait) / 8;
}
