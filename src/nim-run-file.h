/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-run-file.h -- a results file read back: the run's parameters in
 * its header line, its games for --resume and --summarize */
#pragma once

#include <json-glib/json-glib.h>

#include "nim-match.h"

G_BEGIN_DECLS

JsonNode *nim_run_file_params (const NimMatchConfig *config,
                               const char *tournament,
                               const char *const *players);
char *nim_run_file_id (JsonNode *params);
char *nim_run_file_header (JsonNode *params, const char *id,
                           const NimMatchConfig *config);
char *nim_run_file_differences (JsonNode *theirs, JsonNode *ours);

/**
 * NimRunFileScan:
 * @ids: the runs whose header lines the file holds, in order (char *)
 * @params: ... and their parameters (JsonNode *)
 * @bad_lines: lines that are not JSON (fragments of killed runs)
 * @torn_end: the file ends in an incomplete line, which is not counted
 *
 * What nim_run_file_scan() found.
 */
typedef struct
{
  GPtrArray *ids;
  GPtrArray *params;
  guint64 bad_lines;
  gboolean torn_end;
} NimRunFileScan;

NimRunFileScan *nim_run_file_scan (const char *path, GError **error);
void nim_run_file_scan_free (NimRunFileScan *scan);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimRunFileScan, nim_run_file_scan_free)
JsonNode *nim_run_file_scan_find (const NimRunFileScan *scan, const char *id);

/**
 * NimRunFileGameFunc:
 * @data: what nim_run_file_each_game() was given
 * @number: the game's number
 * @tallies: what its two players did
 *
 * Called for each game of a run read back.
 */
typedef void (*NimRunFileGameFunc) (gpointer data, guint64 number,
                                    const NimMatchTally tallies[2]);

gboolean nim_run_file_each_game (const char *path, const char *id,
                                 NimRunFileGameFunc func, gpointer data,
                                 GError **error);
JsonNode *nim_run_file_tallies (const NimMatchTally tallies[2]);
gboolean nim_run_file_config (JsonNode *params, NimMatchConfig *config,
                              GArray **boards, GArray **first_movers,
                              GError **error);

G_END_DECLS
