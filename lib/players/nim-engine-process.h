/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-engine-process.h -- an external engine as a child process: lines
   in, lines out, a deadline on every read, and a clean end */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The longest line an engine may write, in bytes without the line end.  A
   longer one is garbage (or a flood) and fails the read. */
#define NIM_ENGINE_PROCESS_MAX_LINE 65536

/* How long nim_engine_process_stop() lets an engine go at each step
   (end of input, SIGTERM) before the next, in microseconds. */
#define NIM_ENGINE_PROCESS_GRACE (500 * G_TIME_SPAN_MILLISECOND)

typedef struct _NimEngineProcess NimEngineProcess;

NimEngineProcess *nim_engine_process_new (const char *command,
                                          const char *directory,
                                          const char *log_path,
                                          GError **error);
gboolean nim_engine_process_send (NimEngineProcess *process, const char *lines,
                                  GError **error);
char *nim_engine_process_read_line (NimEngineProcess *process, gint64 deadline,
                                    GError **error);
void nim_engine_process_log (NimEngineProcess *process, const char *note);
gboolean nim_engine_process_stop (NimEngineProcess *process, gint64 grace);
gboolean nim_engine_process_has_exited (NimEngineProcess *process);
char *nim_engine_process_describe_exit (NimEngineProcess *process);
const char *nim_engine_process_get_command (const NimEngineProcess *process);
void nim_engine_process_free (NimEngineProcess *process);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimEngineProcess, nim_engine_process_free)

G_END_DECLS
