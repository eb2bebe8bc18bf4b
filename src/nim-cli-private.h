/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-cli-private.h -- what the parts of the nim command share: the
   options as parsed, the helpers that turn them into values and errors
   into messages, and one runner per mode */
#pragma once

#include <glib.h>
#include <json-glib/json-glib.h>
#include <stdio.h>

#include "nim-board.h"
#include "nim-match.h"
#include "nim-player.h"
#include "nim-rules.h"
#include "nim-sprt.h"
#include "nim-trace.h"

G_BEGIN_DECLS

/* Heaps when nobody is asked: three rows of matches, 3, 4 and 5. */
#define NIM_CLI_DEFAULT_HEAPS "3,4,5"

/**
 * NimCliOptions:
 *
 * The command line as GOption leaves it: the text of each option that
 * takes a value (%NULL when it was not given), checked and converted by
 * the mode that uses it, and a flag for each one that takes none.
 * @trace and @trace_depth are --trace[=DEPTH], whose value is optional.
 */
typedef struct
{
  char *heaps;
  char *max_take;
  char *moves;
  char *rules_code;
  gboolean misere;
  char *player1;
  char *player2;
  char *first;
  char *seed;
  gboolean json;
  gboolean stats;
  gboolean explain;
  gboolean list_players;
  gboolean version;
  gboolean help;
  gboolean solve;
  char *grundy_sequence;
  gboolean prove;
  char *games;
  char *jobs;
  char *random_heaps;
  char *results;
  char *sprt;
  char *positions;
  char *order;
  char *start;
  char *tournament;
  char **players;
  gboolean resume;
  char *shard;
  gboolean summarize;
  gboolean quiet;
  gboolean affinity;
  gboolean per_position;
  char **files;
  /* teaching */
  gboolean trace;
  char *trace_depth;
  char *trace_limit;
  char *dot;
  gboolean compare;
  char *nodes;
  /* external engines and clocks */
  char **engines;        /* NAME=COMMAND, each --engine */
  char **engine_dirs;    /* NAME=DIR */
  char **engine_options; /* NAME:KEY=VALUE */
  char *engine_log;
  char *engine_startup_timeout;
  char *timemargin; /* --timemargin MS */
  char *tc;
  /* engines */
  gboolean ugi;
  char *check_engine;
} NimCliOptions;

void nim_cli_print_version (void);
void nim_cli_print_players (FILE *out);
char *nim_cli_help_description (void);

int nim_cli_fail (GError *error, gboolean usage);
gboolean nim_cli_check_conflicts (const char *mode, const char *const *names,
                                  const gboolean *set, GError **error);
gboolean nim_cli_parse_heaps (const NimCliOptions *o, NimBoard *board,
                              GError **error);
gboolean nim_cli_parse_seed (const NimCliOptions *o, guint64 *seed,
                             GError **error);
NimPlayer *nim_cli_player_new (const char *spec, GError **error);
gboolean nim_cli_parse_sprt (const char *text, NimSprt *sprt, GError **error);
/**
 * NimCliRunSetup:
 * @params: the run's parameters, as its results file's header has them
 * @id: the run's ID
 * @header: (nullable): the header line to write, %NULL when the results
 *   file has it (a resumed run)
 * @resume: the results file holds games of this run to count
 */
typedef struct
{
  JsonNode *params;
  char *id;
  char *header;
  gboolean resume;
} NimCliRunSetup;

gboolean nim_cli_parse_shard (const NimCliOptions *o, NimMatchConfig *config,
                              GError **error);
gboolean nim_cli_run_setup (const NimCliOptions *o, NimMatchConfig *config,
                            const char *tournament, const char *const *players,
                            NimCliRunSetup *setup, GError **error);
void nim_cli_run_setup_clear (NimCliRunSetup *setup);
gboolean nim_cli_run_resume (const NimCliOptions *o,
                             const NimCliRunSetup *setup, NimMatch *match,
                             GError **error);
gboolean nim_cli_read_positions (const char *path, GArray **boards,
                                 GArray **first_movers, GError **error);
gboolean nim_cli_declare_engines (const NimCliOptions *o, GError **error);
gboolean nim_cli_check_log_dir (const char *dir, GError **error);
gboolean nim_cli_parse_tc (const char *text, double *seconds,
                           double *increment, GError **error);

/* The runners, one per mode: each takes the options and the rules made
   of them, reports its own errors, and returns the exit status. */
int nim_cli_run_game (const NimCliOptions *o, const NimRules *rules,
                      const NimTraceOptions *trace_options);
int nim_cli_run_match (const NimCliOptions *o, const NimRules *rules);
gboolean nim_cli_check_tournament (const NimCliOptions *o, GError **error);
int nim_cli_run_tournament (const NimCliOptions *o,
                            const NimMatchConfig *base);
int nim_cli_run_solve (const NimCliOptions *o, const NimRules *rules);
int nim_cli_run_solve_trace (const NimCliOptions *o, const NimRules *rules,
                             const NimTraceOptions *trace_options);
int nim_cli_run_grundy_sequence (const NimCliOptions *o,
                                 const NimRules *rules);
int nim_cli_run_compare (const NimCliOptions *o, const NimRules *rules);
int nim_cli_run_ugi (const NimCliOptions *o);
int nim_cli_run_check_engine (const NimCliOptions *o);
int nim_cli_run_summarize (const NimCliOptions *o);
int nim_cli_summarize_tournament (const NimCliOptions *o, JsonNode *params,
                                  const NimMatchConfig *base, const char *id);

G_END_DECLS
