/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-run-progress.h -- the status line of a comparison run, rewritten
   in place on a terminal, and the notices that break into it */
#pragma once

#include <stdio.h>

#include "nim-match.h"

G_BEGIN_DECLS

typedef struct _NimRunProgress NimRunProgress;

/**
 * NimRunPairing:
 * @pairing: the tournament's pairing this run plays, from 1
 * @n_pairings: how many pairings the tournament has
 * @games_before: the games its earlier pairings finished
 * @resumed_before: those of them that were counted from the results
 *   file, not played (--resume)
 * @games_total: the games the whole tournament plays
 * @seconds_before: the seconds its earlier pairings took
 *
 * Where a run stands in its tournament, for the progress line.
 */
typedef struct
{
  guint pairing;
  guint n_pairings;
  guint64 games_before;
  guint64 resumed_before;
  guint64 games_total;
  double seconds_before;
} NimRunPairing;

NimRunProgress *nim_run_progress_new (FILE *out, gboolean draw);
void nim_run_progress_free (NimRunProgress *progress);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimRunProgress, nim_run_progress_free)

void nim_run_progress_set_run (NimRunProgress *progress,
                               const NimMatchConfig *config, guint64 resumed);
void nim_run_progress_set_pairing (NimRunProgress *progress,
                                   const NimRunPairing *pairing);
void nim_run_progress_update (NimRunProgress *progress,
                              const NimMatchSummary *summary, double seconds);
void nim_run_progress_clear (NimRunProgress *progress);
void nim_run_progress_notice (NimRunProgress *progress, const char *text);

G_END_DECLS
