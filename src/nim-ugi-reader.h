/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-ugi-reader.h -- nim --ugi's input and output: two threads that take
   turns at reading commands, so that `isready` and `stop` are heard while
   the engine searches */
#pragma once

#include <glib.h>

#include "nim-line-channel.h"

G_BEGIN_DECLS

/**
 * NimUgiNext:
 * @NIM_UGI_READ_ON: the command was carried out; read the next
 * @NIM_UGI_SEARCH: the command started a search: the thread that read it
 *   runs it (#NimUgiHandlers.search), while the other may take over the
 *   reading
 * @NIM_UGI_QUIT: stop reading (`quit`)
 *
 * What the reader does after a command.
 */
typedef enum
{
  NIM_UGI_READ_ON,
  NIM_UGI_SEARCH,
  NIM_UGI_QUIT,
} NimUgiNext;

/**
 * NimUgiHandlers:
 * @command: carries out one command line, in the thread that has the
 *   reader's turn; @status says whether @line is whole (%NIM_LINE_OK) or
 *   cut (%NIM_LINE_CUT, its start)
 * @search: runs the search that @command started, in the thread that
 *   read it, and writes its answer; the reader knows the search is over
 *   when it returns
 *
 * What the engine does with what the reader reads.
 */
typedef struct
{
  NimUgiNext (*command) (gpointer data, GString *line, NimLineStatus status);
  void (*search) (gpointer data);
} NimUgiHandlers;

typedef struct _NimUgiReader NimUgiReader;

NimUgiReader *nim_ugi_reader_new (int in_fd, gsize max_line, GError **error);
void nim_ugi_reader_run (NimUgiReader *reader, const NimUgiHandlers *handlers,
                         gpointer data);
void nim_ugi_reader_say (NimUgiReader *reader, const char *format, ...)
    G_GNUC_PRINTF (2, 3);
void nim_ugi_reader_say_now (NimUgiReader *reader, const char *text);
void nim_ugi_reader_end_search (NimUgiReader *reader, gboolean stop);
const gint *nim_ugi_reader_get_stop (NimUgiReader *reader);
void nim_ugi_reader_wait_stop (NimUgiReader *reader);
void nim_ugi_reader_count_waits (NimUgiReader *reader);
gint64 nim_ugi_reader_get_arrival (NimUgiReader *reader);
int nim_ugi_reader_get_errno (NimUgiReader *reader);
void nim_ugi_reader_free (NimUgiReader *reader);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimUgiReader, nim_ugi_reader_free)

G_END_DECLS
