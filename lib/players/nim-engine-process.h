/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-engine-process.h -- an external engine as a child process: lines
   in, lines out, a deadline on every read, and a clean end */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

/* The longest line of an engine's that nim reads whole, in bytes without
   the line end; a longer one is read cut (NIM_ENGINE_LINE_CUT). */
#define NIM_ENGINE_PROCESS_MAX_LINE 65536

/**
 * NimEngineLineFlags:
 * @NIM_ENGINE_LINE_CUT: the line was longer than
 *   %NIM_ENGINE_PROCESS_MAX_LINE: this is its start
 * @NIM_ENGINE_LINE_NOT_TEXT: the line is not UTF-8, or holds a control
 *   character or a NUL byte (escaped in what was returned)
 *
 * What is wrong with a line an engine wrote, for the caller to judge.
 */
typedef enum
{
  NIM_ENGINE_LINE_CUT = 1 << 0,
  NIM_ENGINE_LINE_NOT_TEXT = 1 << 1,
} NimEngineLineFlags;

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
                                    NimEngineLineFlags *flags, GError **error);
void nim_engine_process_log (NimEngineProcess *process, const char *note);
gboolean nim_engine_process_stop (NimEngineProcess *process, gint64 grace);
gboolean nim_engine_process_wait (NimEngineProcess *process, gint64 timeout);
gboolean nim_engine_process_has_exited (NimEngineProcess *process);
char *nim_engine_process_describe_exit (NimEngineProcess *process);
void nim_engine_process_free (NimEngineProcess *process);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimEngineProcess, nim_engine_process_free)

G_END_DECLS
