/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-run-lines.h -- the files of a run (--positions, a results file)
   read a line at a time, each line and the whole file bounded */
#pragma once

#include <glib.h>

G_BEGIN_DECLS

typedef struct _NimRunLines NimRunLines;

NimRunLines *nim_run_lines_open (const char *path, gsize max_line,
                                 guint64 max_bytes, GError **error);
const char *nim_run_lines_next (NimRunLines *lines, gsize *length,
                                gboolean *ended, gboolean *nul,
                                GError **error);
guint64 nim_run_lines_number (const NimRunLines *lines);
void nim_run_lines_free (NimRunLines *lines);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimRunLines, nim_run_lines_free)

G_END_DECLS
