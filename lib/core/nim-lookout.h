/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-lookout.h -- how long a read at one end of an engine's pipes looks
   for the answer before it sleeps */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The longest an end of an engine's pipes looks for the other's answer
   before it sleeps, in microseconds; and the average wait, of late,
   under which it looks at all (see NimLookout).  A move of a fast game
   takes the engine 10 to 30 microseconds, and a game's start more: 150
   played a quarter more games a second than 50 with one job, as many
   with two (bench/nim-bench-engines.sh). */
#define NIM_LOOKOUT_MAX 150

/**
 * NimLookout:
 * @look: whether this thread may run on more than one processor, so that
 *   the other end can answer while it looks
 * @wait: the average wait for an answer of late, in microseconds
 *
 * Whether a read at one end of an engine's pipes (the referee's, or
 * nim --ugi's) looks for the answer a while (NIM_LOOKOUT_MAX), giving
 * way to any other thread that wants the processor, before it sleeps:
 * an answer then finds its reader awake rather than a processor to
 * wake, which can cost more than the answer took.  Only while answers
 * have come that fast of late (nim_lookout_wanted()).
 */
typedef struct
{
  gboolean look;
  gint64 wait;
} NimLookout;

void nim_lookout_init (NimLookout *lookout);
gboolean nim_lookout_wanted (const NimLookout *lookout);
void nim_lookout_record (NimLookout *lookout, gint64 start);

G_END_DECLS
