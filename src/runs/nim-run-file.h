/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-run-file.h -- a results file: the run's configuration in its
 * header line, written and read back by one table of fields; its games,
 * appended as they finish (locked, a torn end mended), read back for
 * --resume and --summarize
 *
 * In four parts: the run and its header (a field of the header is a row
 * of nim_run_file_fields()); a file read back (what its lines are, the
 * games of a run); a run's identity in its file, which --resume checks;
 * and a file written, a game at a time (#NimRunFile).  What reads a file
 * (--summarize of shards, a check of a file) starts from
 * nim_run_file_scan() and nim_run_file_games_new(); what writes one from
 * nim_run_file_open(). */
#pragma once

#include <json-glib/json-glib.h>

#include "nim-match.h"
#include "nim-run-progress.h"

G_BEGIN_DECLS

/* ------------------------------------------------------------------------
   The run, and its header line */

/**
 * NimRunConfig:
 * @match: the games, as nim_match_new() plays them; for a tournament,
 *   every pairing's but for its players
 * @tournament: (nullable): the kind of tournament, round-robin or
 *   gauntlet; %NULL for a run of two players
 * @players: (nullable): the tournament's players, %NULL-terminated
 * @engines: (nullable): the external engines the players may name,
 *   NAME=COMMAND as --engine declares them, %NULL-terminated
 * @engine_dirs: (nullable): NAME=DIR, each --engine-dir
 * @engine_options: (nullable): NAME:KEY=VALUE, each --engine-option
 * @engine_startup_timeout: --engine-startup-timeout, in seconds
 * @engine_time_margin: --timemargin, in milliseconds
 *
 * A comparison run or a tournament, as its results file records it:
 * everything its games depend on (nim_run_file_fields()).
 */
typedef struct
{
  NimMatchConfig match;
  const char *tournament;
  const char *const *players;
  const char *const *engines;
  const char *const *engine_dirs;
  const char *const *engine_options;
  double engine_startup_timeout;
  guint engine_time_margin;
} NimRunConfig;

void nim_run_config_init (NimRunConfig *run);

typedef struct _NimRunHeader NimRunHeader;
typedef struct _NimRunField NimRunField;

/**
 * NimRunFieldKind:
 * @NIM_RUN_FIELD_CUSTOM: written and read by the row's own @write and
 *   @read (an object, or a value checked against others)
 * @NIM_RUN_FIELD_BOOLEAN: a #gboolean, true or false
 * @NIM_RUN_FIELD_UINT: a whole number from @min to @max, and even when
 *   @even says so: a #guint32 or a #guint64, as the row's @size says
 * @NIM_RUN_FIELD_DOUBLE: a number from @min to @max, a double
 * @NIM_RUN_FIELD_CHOICE: one of @choices, or null: a `const char *`,
 *   %NULL for null
 * @NIM_RUN_FIELD_STRINGS: a list of texts: a %NULL-terminated
 *   `const char *const *`, %NULL for an empty list
 *
 * What a field of the results file's header holds, and how it is kept in
 * a #NimRunConfig.  The texts a header read back holds point into the
 * header (nim_run_header_get_config()).
 */
typedef enum
{
  NIM_RUN_FIELD_CUSTOM,
  NIM_RUN_FIELD_BOOLEAN,
  NIM_RUN_FIELD_UINT,
  NIM_RUN_FIELD_DOUBLE,
  NIM_RUN_FIELD_CHOICE,
  NIM_RUN_FIELD_STRINGS,
} NimRunFieldKind;

/**
 * NimRunField:
 * @name: its member in the header line
 * @options: the options it records, separated by blanks ("--tc")
 * @identity: it is part of what the run is, and of its ID, compared by
 *   --resume and --summarize; else it says which part of the run a file
 *   holds (the shard), compared by --resume only
 * @required: a header without it is refused (the fields of the first
 *   results files); else a header of an older nim, which did not record
 *   it, reads as the default of nim_run_config_init()
 * @kind: what it holds
 * @offset: where its value is in a #NimRunConfig (not for
 *   %NIM_RUN_FIELD_CUSTOM)
 * @size: the size of its value there
 * @min: the least number it takes (%NIM_RUN_FIELD_UINT,
 *   %NIM_RUN_FIELD_DOUBLE)
 * @max: the greatest
 * @even: only even numbers (%NIM_RUN_FIELD_UINT)
 * @choices: the texts it takes, %NULL-terminated (%NIM_RUN_FIELD_CHOICE)
 * @expected: what a header that holds something else is told was
 *   expected, marked for translation but not translated; not for
 *   %NIM_RUN_FIELD_CUSTOM
 * @write: (nullable): %NIM_RUN_FIELD_CUSTOM: its value in @run
 * @read: (nullable): %NIM_RUN_FIELD_CUSTOM: sets it in @run from @value,
 *   or when @value is %NULL (the header of an older nim, which did not
 *   record it) to its default or an error saying what is wrong; what
 *   @run must point to afterwards is kept by @header
 *
 * One field of a run's configuration in its results file: a row of
 * nim_run_file_fields().  A field of a plain kind is its row and nothing
 * else: written, read back, compared and named in what differs from it.
 */
struct _NimRunField
{
  const char *name;
  const char *options;
  gboolean identity;
  gboolean required;
  NimRunFieldKind kind;
  gsize offset;
  gsize size;
  double min;
  double max;
  gboolean even;
  const char *const *choices;
  const char *expected;
  JsonNode *(*write) (const NimRunConfig *run);
  gboolean (*read) (const NimRunField *field, NimRunConfig *run,
                    JsonNode *value, NimRunHeader *header, GError **error);
};

const NimRunField *nim_run_file_fields (void);
const char *const *nim_run_file_unrecorded (void);

char *nim_run_file_header (const NimRunConfig *run, char **id);
char *nim_run_file_differences (const NimRunConfig *theirs,
                                const NimRunConfig *ours, gboolean shard,
                                const char *const *labels);

const NimRunConfig *nim_run_header_get_config (const NimRunHeader *header);
const char *nim_run_header_get_id (const NimRunHeader *header);
NimRunHeader *nim_run_header_parse (const char *line, GError **error);
void nim_run_header_free (NimRunHeader *header);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimRunHeader, nim_run_header_free)

/* ------------------------------------------------------------------------
   A file read back */

/* The longest line of a results file: a game's record, one move of at
   most 64 heaps after another, is some 40 MB for the longest game
   (100,000 matches), the header of a suite of positions up to about
   70 MB (see nim-run.h). */
#define NIM_RUN_FILE_MAX_LINE (256 * 1024 * 1024)

/**
 * NimRunFileScan:
 * @headers: the header lines of the file, in order (#NimRunHeader)
 * @games: a run's ID -> how many game records carry it
 *   (GSIZE_TO_POINTER)
 * @first: a run's ID -> the line of its first game record
 *   (GSIZE_TO_POINTER)
 * @bad_lines: lines that are neither a run's header nor a game record
 *   (fragments of killed runs, lines edited or added by hand)
 * @bad: the first of them, "NUMBER: why", to warn of
 *   (nim_run_file_scan_warn())
 * @torn_end: the file ends in an incomplete line, which is not counted
 *
 * What nim_run_file_scan() found.
 */
typedef struct
{
  GPtrArray *headers;
  GHashTable *games;
  GHashTable *first;
  guint64 bad_lines;
  GPtrArray *bad;
  gboolean torn_end;
} NimRunFileScan;

NimRunFileScan *nim_run_file_scan (const char *path, GError **error);
void nim_run_file_scan_warn (const NimRunFileScan *scan, const char *path);
void nim_run_file_scan_warn_headless (const NimRunFileScan *scan,
                                      const char *path,
                                      const char *const *ids);
void nim_run_file_scan_free (NimRunFileScan *scan);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimRunFileScan, nim_run_file_scan_free)

/**
 * NimRunFileGameFunc:
 * @data: what nim_run_file_games_new() was given
 * @number: the game's number
 * @tallies: what its two players did
 *
 * Called for each game of a run read back.
 */
typedef void (*NimRunFileGameFunc) (gpointer data, guint64 number,
                                    const NimMatchTally tallies[2]);

typedef struct _NimRunFileGames NimRunFileGames;

NimRunFileGames *nim_run_file_games_new (const NimRunConfig *run,
                                         const char *const *ids,
                                         guint64 n_games,
                                         NimRunFileGameFunc func,
                                         gpointer data);
gboolean nim_run_file_games_read (NimRunFileGames *games, const char *path,
                                  GError **error);
void nim_run_file_games_free (NimRunFileGames *games);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimRunFileGames, nim_run_file_games_free)

/* ------------------------------------------------------------------------
   A file followed as it grows: the records of the other shards of a run */

typedef struct _NimRunFileTail NimRunFileTail;

NimRunFileTail *nim_run_file_tail_new (const NimRunConfig *run, const char *id,
                                       const char *path, gboolean own);
guint64 nim_run_file_tail_read (NimRunFileTail *tail, guint64 budget,
                                NimRunFileGameFunc func, gpointer data);
gboolean nim_run_file_tail_ignored (const NimRunFileTail *tail);
void nim_run_file_tail_free (NimRunFileTail *tail);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimRunFileTail, nim_run_file_tail_free)

/* ------------------------------------------------------------------------
   A run's identity in its file, and --resume */

/**
 * NimRunFileSetup:
 * @id: the run's ID, which its game records carry
 * @header: (nullable): the header line to write, %NULL when the results
 *   file has it (a resumed run); with @resume, the file has records of
 *   the run but lost its header, which is written at once
 *   (nim_run_file_write_header())
 * @resume: the results file holds games of this run to count
 *   (nim_run_file_resume())
 *
 * A run's identity in its results file.
 */
typedef struct
{
  char *id;
  char *header;
  gboolean resume;
} NimRunFileSetup;

gboolean nim_run_file_setup (NimRunConfig *run, const char *results,
                             gboolean resume, gboolean seeded,
                             NimRunFileSetup *setup, GError **error);
void nim_run_file_setup_clear (NimRunFileSetup *setup);
G_DEFINE_AUTO_CLEANUP_CLEAR_FUNC (NimRunFileSetup, nim_run_file_setup_clear)
gboolean nim_run_file_resume (const char *results,
                              const NimRunFileSetup *setup,
                              const NimRunConfig *run, guint64 n_games,
                              NimRunFileGameFunc func, gpointer data,
                              GError **error);

/* ------------------------------------------------------------------------
   A file written, a game at a time */

typedef struct _NimRunFile NimRunFile;

NimRunFile *nim_run_file_open (const char *path, NimRunProgress *progress,
                               GError **error);
void nim_run_file_free (NimRunFile *file);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimRunFile, nim_run_file_free)
void nim_run_file_set_run (NimRunFile *file, const char *id,
                           const char *header, guint32 seed);
gboolean nim_run_file_claim (NimRunFile *file, const char *key,
                             GError **error);
gboolean nim_run_file_write_header (NimRunFile *file, GError **error);
gboolean nim_run_file_wrote_header (const NimRunFile *file);
gboolean nim_run_file_add_game (NimRunFile *file, const NimMatchGame *game,
                                GError **error);

G_END_DECLS
