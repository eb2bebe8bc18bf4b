/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-trace-dot.h -- the DOT tree of --dot: the first search of a game,
   drawn for Graphviz */
#pragma once

#include <glib.h>

#include "nim-observer.h"

G_BEGIN_DECLS

typedef struct _NimTraceDot NimTraceDot;

NimTraceDot *nim_trace_dot_new (const char *path, guint depth, guint64 limit,
                                GError **error);
gboolean nim_trace_dot_close (NimTraceDot *dot, GError **error);
void nim_trace_dot_free (NimTraceDot *dot);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimTraceDot, nim_trace_dot_free)

NimObserver *nim_trace_dot_observer (NimTraceDot *dot);

G_END_DECLS
