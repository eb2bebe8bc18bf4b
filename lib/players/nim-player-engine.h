/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-player-engine.h -- external engines over UGI, declared at run time */
#pragma once

#include <glib.h>

#include "nim-player.h"

G_BEGIN_DECLS

/* Seconds an engine has, by default, to answer `ugi` with `ugiok` and
   `isready` with `readyok`. */
#define NIM_ENGINE_DEFAULT_STARTUP_TIMEOUT 10.0

/* How long an engine may take past its movetime (or its clock) before
   its move is late, in microseconds, unless its declaration says
   otherwise: what two pipes and the scheduler may add.  The same margin
   as the game clock's. */
#define NIM_ENGINE_MARGIN (100 * G_TIME_SPAN_MILLISECOND)

/* The longest line nim sends an engine, and the longest command line nim
   --ugi reads whole, in bytes: the longest rules nim sends (a move takes
   1 to 1,000,000: 6.9 MB) fit.  A position whose moves would make a
   longer line than 64 KiB is sent as it stands, without them. */
#define NIM_UGI_LINE_MAX (8 << 20)

/**
 * NimEngineConfig:
 * @name: the player name the engine is declared as, "mybot"
 * @command: its command line (see nim_engine_process_new())
 * @directory: (nullable): its working directory
 * @options: (nullable): "KEY=VALUE" pairs, each sent as `setoption name
 *   KEY value VALUE` before its first `isready`, %NULL-terminated
 * @log_dir: (nullable): a directory that receives one log a process,
 *   NAME-N.log, with the conversation and the engine's standard error
 * @startup_timeout: seconds to answer `ugi` and each `isready`
 * @time_margin: microseconds a move may come after its time (its
 *   movetime, or what its clock has left) before it is lost on time; a
 *   negative value for %NIM_ENGINE_MARGIN
 *
 * An external engine as the program declares it.
 */
typedef struct
{
  const char *name;
  const char *command;
  const char *directory;
  const char *const *options;
  const char *log_dir;
  double startup_timeout;
  gint64 time_margin;
} NimEngineConfig;

/**
 * NimEngineInfoFunc:
 * @data: the watcher's data
 * @line: an `info` line of the engine's, whole
 * @error: return location for why the engine is to be stopped
 *
 * Sees an engine's `info` line (nim_player_engine_watch_info ()).
 *
 * Returns: %TRUE to go on, %FALSE with @error set to fail the move
 */
typedef gboolean (*NimEngineInfoFunc) (gpointer data, const char *line,
                                       GError **error);

gboolean nim_player_engine_declare (const NimEngineConfig *config,
                                    GError **error);
gboolean nim_player_class_is_engine (const NimPlayerClass *klass);
gint64 nim_player_engine_time_margin (const NimPlayer *player);
gboolean nim_player_engine_identify (const NimPlayerClass *klass,
                                     char **id_name, char **id_author,
                                     GError **error);
void nim_player_engine_watch_info (NimPlayer *player, NimEngineInfoFunc func,
                                   gpointer data);
void nim_player_engine_set_move_limit (NimPlayer *player, gint64 limit);
gboolean nim_player_engine_timed_out (const NimPlayer *player);

G_END_DECLS
