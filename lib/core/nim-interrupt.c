/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-interrupt.c -- the flag a first Ctrl-C sets, which searches, games
   and runs read to wind down */

#include "config.h"

#include "nim-interrupt.h"

#include <signal.h>

/* Ctrl-C.  The program's SIGINT handler (src/nim-prompt.c) only sets
   this flag: the prompt, the search and the comparison run look at it
   and wind down, so that a game's record is printed, a results file is
   complete and the terminal is left as it was.  The library only reads
   the flag; catching the signal is the program's business. */
static volatile sig_atomic_t interrupt_flag;

/**
 * nim_interrupt_request:
 *
 * Asks whatever runs (a search, a game, a comparison run) to stop, as a
 * first Ctrl-C does: nim_interrupted() returns %TRUE from now on.  Safe
 * to call from a signal handler, which is where the program calls it.
 */
void
nim_interrupt_request (void)
{
  interrupt_flag = 1;
}

/**
 * nim_interrupt_clear:
 *
 * Forgets an earlier nim_interrupt_request(), before a new run.
 */
void
nim_interrupt_clear (void)
{
  interrupt_flag = 0;
}

/**
 * nim_interrupted:
 *
 * Returns: %TRUE once nim_interrupt_request() was called (a SIGINT
 *   arrived) since the last nim_interrupt_clear()
 */
gboolean
nim_interrupted (void)
{
  return interrupt_flag != 0;
}
