/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-run.h -- what comparison runs and tournaments share: the options
   that say how a run is driven, and playing it, its games to the results
   file and its progress to the status line */
#pragma once

#include <glib.h>

#include "nim-match.h"
#include "nim-run-file.h"
#include "nim-run-progress.h"
#include "nim-shards.h"
#include "nim-sprt.h"

G_BEGIN_DECLS

/**
 * NimRunOptions:
 * @results: (nullable): where the games go, --results FILE
 * @resume: go on with the run of @results (--resume)
 * @seeded: --seed was given
 * @quiet: draw no progress line (--quiet)
 *
 * How this process plays its part of a run.
 */
typedef struct
{
  const char *results;
  gboolean resume;
  gboolean seeded;
  gboolean quiet;
} NimRunOptions;

/**
 * NimRunShards:
 * @watched: the run is a shard of an SPRT run, which followed its
 *   siblings' results files
 * @stopped: it stopped before its last game, the test being decided
 * @state: the test over the pairs of the shards read
 * @run: what the reader checks records against
 *
 * What a shard of an SPRT run learnt of its siblings (nim_run_play()).
 */
typedef struct
{
  gboolean watched;
  gboolean stopped;
  NimSprtPrefixState state;
  NimRunConfig run;
} NimRunShards;

/* The bounds of a --positions file: a line, the file, and the positions
   it holds (a #NimBoard is 272 bytes; the results file's header lists
   them all). */
#define NIM_RUN_POSITIONS_MAX_LINE (64 * 1024)
#define NIM_RUN_POSITIONS_MAX_BYTES (64 * 1024 * 1024)
#define NIM_RUN_MAX_POSITIONS 1000000

gboolean nim_run_parse_sprt (const char *text, NimSprt *sprt, GError **error);
gboolean nim_run_read_positions (const char *path, GArray **boards,
                                 GArray **first_movers, GError **error);
gboolean nim_run_parse_shard (const char *text, gboolean seeded,
                              gboolean resume, NimMatchConfig *config,
                              GError **error);

gboolean nim_run_check_memory (const NimMatchConfig *config, GError **error);
gboolean nim_run_play (NimMatch *match, const NimMatchConfig *config,
                       const NimRunOptions *options, NimRunFileSetup *setup,
                       const NimRunPairing *pairing, NimRunShards *shards,
                       gboolean *played, GError **error);

G_END_DECLS
