/* SPDX-License-Identifier: GPL-3.0-or-later */
/* nim-trace-explore.h -- the page of --explore: the first search of a
   game, to step through in a browser */
#pragma once

#include <glib.h>

#include "nim-observer.h"

G_BEGIN_DECLS

typedef struct _NimTraceExplore NimTraceExplore;

NimTraceExplore *nim_trace_explore_new (const char *path, const char *command,
                                        guint depth, guint64 limit,
                                        GError **error);
gboolean nim_trace_explore_close (NimTraceExplore *explore, GError **error);
void nim_trace_explore_free (NimTraceExplore *explore);
G_DEFINE_AUTOPTR_CLEANUP_FUNC (NimTraceExplore, nim_trace_explore_free)

NimObserver *nim_trace_explore_observer (NimTraceExplore *explore);

G_END_DECLS
